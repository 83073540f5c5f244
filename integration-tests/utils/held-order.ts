/**
 * An order placed from a card payment the bank holds (preauthorization on, the sandbox paying it),
 * and an admin to act on it: where the preauth group's capture, refund and bank-side specs start.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "./seed-store"
import { StoreCheckout } from "./checkout-store"
import { payIdOf, type SandboxBankControl } from "./checkout-bank"
import { onlyPayment, readOrder } from "./checkout-orders"
import { createAdminRequestConfig } from "./checkout-admin"

export async function placeHeldCardOrder(
  api: AxiosInstance,
  container: MedusaContainer,
  bank: SandboxBankControl,
  quantities: number[]
) {
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  const shop = new StoreCheckout(api, store)
  const { cartId, total } = await shop.createCartReadyForPayment(quantities)
  const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
  await bank.pay(payId, "success")
  const completion = await shop.completeCart(cartId)
  if (completion.type !== "order") throw new Error(`the held cart became no order: ${JSON.stringify(completion)}`)
  const orderId = completion.order!.id
  const payment = onlyPayment(await readOrder(container, orderId))
  const admin = await createAdminRequestConfig(container, api)
  return { total, payId, orderId, payment, admin }
}
