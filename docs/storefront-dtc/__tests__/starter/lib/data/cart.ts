import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders } from "./cookies"

/** As the starter's: opens the payment session through the JS SDK, with the customer's login. */
export async function initiatePaymentSession(cart: HttpTypes.StoreCart, data: HttpTypes.StoreInitializePaymentSession) {
  return sdk.store.payment.initiatePaymentSession(cart, data, {}, { ...(await getAuthHeaders()) })
}

/** The starter's Stripe and manual buttons call it; no TBC path does. */
export async function placeOrder(): Promise<never> {
  throw new Error("placeOrder is the starter's, for its own providers")
}
