import { TbcCheckoutBase } from "../core/checkout-base"

/** Part-by-Part, BNPL (method 4's page, within the BNPL limits) as its own checkout choice: `pp_tbc-bnpl_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcBnplService extends TbcCheckoutBase {
  static identifier = "tbc-bnpl"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
