import { TbcCheckoutBase } from "../core/checkout-base"

/** Apple Pay (method 9, a purchase: never held) as its own checkout choice: `pp_tbc-apple-pay_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcApplePayService extends TbcCheckoutBase {
  static identifier = "tbc-apple-pay"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
