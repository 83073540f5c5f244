import { TbcCheckoutBase } from "../core/checkout-base"

/** Google Pay (method 14, a purchase: never held) as its own checkout choice: `pp_tbc-google-pay_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcGooglePayService extends TbcCheckoutBase {
  static identifier = "tbc-google-pay"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
