import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import TbcCheckoutProviderService from "./service"
import { TbcCardService } from "./services/card"
import { TbcApplePayService } from "./services/apple-pay"
import { TbcGooglePayService } from "./services/google-pay"
import { TbcQrService } from "./services/qr"
import { TbcBnplService } from "./services/bnpl"
import { TbcInternetBankService } from "./services/internet-bank"
import { TbcInstallmentPlanService } from "./services/installment-plan"

/**
 * One registration (`resolve: ".../providers/tbc-checkout", id`) gives the all-methods page
 * `pp_tbc-checkout_<id>` and one provider per method (`pp_tbc-card_<id>`, `pp_tbc-apple-pay_<id>`,
 * …), each enabled per region in the admin. A per-method provider takes money only for a method
 * in the registration's `methods` (lib/checkout-choices.ts).
 */
export const TBC_CHECKOUT_SERVICES = [
  TbcCheckoutProviderService,
  TbcCardService,
  TbcApplePayService,
  TbcGooglePayService,
  TbcQrService,
  TbcBnplService,
  TbcInternetBankService,
  TbcInstallmentPlanService,
]

export default ModuleProvider(Modules.PAYMENT, {
  services: TBC_CHECKOUT_SERVICES,
})

export { TbcCheckoutProviderService }
export {
  TbcCardService,
  TbcApplePayService,
  TbcGooglePayService,
  TbcQrService,
  TbcBnplService,
  TbcInternetBankService,
  TbcInstallmentPlanService,
}
export { TbcCheckoutBase } from "./core/checkout-base"
export { parseCheckoutOptions, checkoutOptionsSchema, TBC_CALLBACK_ADDRESSES } from "./options"
export type { TbcCheckoutOptions, TbcCheckoutOptionsInput } from "./options"
export { CALLBACK_HEADERS, CALLBACK_QUERY, callbackUrlFor } from "./callbacks/callback-auth"
