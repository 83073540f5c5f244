import { TbcCheckoutBase } from "../core/checkout-base"

/** Internet bank (method 7) as its own checkout choice: `pp_tbc-internet-bank_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcInternetBankService extends TbcCheckoutBase {
  static identifier = "tbc-internet-bank"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
