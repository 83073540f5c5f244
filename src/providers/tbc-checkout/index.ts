import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import TbcCheckoutProviderService from "./service"

export default ModuleProvider(Modules.PAYMENT, {
  services: [TbcCheckoutProviderService],
})

export { TbcCheckoutProviderService }
export { TbcCheckoutBase } from "./core/checkout-base"
export { parseCheckoutOptions, checkoutOptionsSchema, TBC_CALLBACK_ADDRESSES } from "./options"
export type { TbcCheckoutOptions, TbcCheckoutOptionsInput } from "./options"
export { CALLBACK_HEADERS, CALLBACK_QUERY, callbackUrlFor } from "./callbacks/callback-auth"
