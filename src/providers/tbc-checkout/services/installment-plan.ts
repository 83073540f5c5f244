import { TbcCheckoutBase } from "../core/checkout-base"

/** Installment on the bank's page (method 8, within its limits) as its own checkout choice: `pp_tbc-installment-plan_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcInstallmentPlanService extends TbcCheckoutBase {
  static identifier = "tbc-installment-plan"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
