import { TbcCheckoutBase } from "../core/checkout-base"

/** Card (method 5) as its own checkout choice: `pp_tbc-card_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcCardService extends TbcCheckoutBase {
  static identifier = "tbc-card"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
