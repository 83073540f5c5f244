import { TbcCheckoutBase } from "../core/checkout-base"

/** Web QR (method 4) as its own checkout choice: `pp_tbc-qr_<id>`. Its choice is data (lib/checkout-choices.ts). */
export class TbcQrService extends TbcCheckoutBase {
  static identifier = "tbc-qr"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}
