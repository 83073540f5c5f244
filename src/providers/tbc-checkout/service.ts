import { TbcCheckoutBase } from "./core/checkout-base"

/**
 * TBC E-Commerce hosted checkout (card, QR, internet bank, wallets, installments as method 8),
 * registered as `pp_tbc-checkout_<id>`. All logic is in TbcCheckoutBase.
 */
class TbcCheckoutProviderService extends TbcCheckoutBase {
  static identifier = "tbc-checkout"

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    super(cradle, options)
  }
}

export default TbcCheckoutProviderService
