/**
 * The setup the admin and reconciliation app tests share: a store with the TBC checkout provider,
 * a cart paid on the sandbox bank's hosted page (with preauth on, the amount is held:
 * WaitingConfirm), and the same cart completed by the shopper into an order.
 */
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { payIdOf, type SandboxBankControl } from "../utils/checkout-bank"
import { StoreCheckout } from "../utils/checkout-store"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"

/** A cart paid at the bank; the shopper has not come back (the cart is not completed). */
export async function paidCheckoutCart(
  api: AxiosInstance,
  container: MedusaContainer,
  bank: SandboxBankControl,
  quantities: number[] = [1]
) {
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  const shop = new StoreCheckout(api, store)
  const { cartId, total } = await shop.createCartReadyForPayment(quantities)
  const { session } = await shop.startPaymentSession(cartId)
  const payId = payIdOf(session)
  await bank.pay(payId, "success")
  return { shop, cartId, total, session, payId }
}

/** A paid cart the shopper completed: it must have become an order. */
export async function paidCheckoutOrder(
  api: AxiosInstance,
  container: MedusaContainer,
  bank: SandboxBankControl,
  quantities: number[] = [1]
) {
  const paid = await paidCheckoutCart(api, container, bank, quantities)
  const completion = await paid.shop.completeCart(paid.cartId)
  expect(completion.type).toBe("order")
  return { ...paid, orderId: completion.order!.id }
}
