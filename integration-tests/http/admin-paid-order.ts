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
import { prepareCarts } from "../utils/prepared-carts"

/** A cart paid at the bank; the shopper has not come back (the cart is not completed). */
export async function paidCheckoutCart(
  api: AxiosInstance,
  container: MedusaContainer,
  bank: SandboxBankControl,
  quantities: number[] = [1]
) {
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  return payCart(new StoreCheckout(api, store), bank, quantities)
}

/** A paid cart the shopper completed: it must have become an order. */
export async function paidCheckoutOrder(
  api: AxiosInstance,
  container: MedusaContainer,
  bank: SandboxBankControl,
  quantities: number[] = [1]
) {
  return completed(await paidCheckoutCart(api, container, bank, quantities))
}

/** paidCheckoutOrder on the store of `shop` (a suite's, seeded once): its cart paid and completed. */
export async function paidOrderOf(shop: StoreCheckout, bank: SandboxBankControl, quantities: number[] = [1]) {
  return completed(await payCart(shop, bank, quantities))
}

/**
 * paidCheckoutCart and paidCheckoutOrder for the tests of a suite, from one store seeded in its
 * beforeAll (the runner restores that database before each test) with the carts of `carts`
 * (quantities per cart) prepared there too (prepared-carts.ts). `shop()` is the suite's store
 * front, for the tests' own carts.
 */
export function paidCheckoutsForSuite(
  api: AxiosInstance,
  getContainer: () => MedusaContainer,
  bank: SandboxBankControl,
  { carts }: { carts: number[][] }
) {
  let shop: StoreCheckout
  beforeAll(async () => {
    shop = new StoreCheckout(api, await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] }))
  })
  prepareCarts(getContainer, async () => {
    for (const quantities of carts) await shop.createCartReadyForPayment(quantities)
  })
  const paidCart = (quantities: number[] = [1]) => payCart(shop, bank, quantities)
  return {
    shop: () => shop,
    paidCart,
    paidOrder: (quantities: number[] = [1]) => paidOrderOf(shop, bank, quantities),
  }
}

async function payCart(shop: StoreCheckout, bank: SandboxBankControl, quantities: number[]) {
  const { cartId, total } = await shop.createCartReadyForPayment(quantities)
  const { session } = await shop.startPaymentSession(cartId)
  const payId = payIdOf(session)
  await bank.pay(payId, "success")
  return { shop, cartId, total, session, payId }
}

async function completed(paid: Awaited<ReturnType<typeof payCart>>) {
  const completion = await paid.shop.completeCart(paid.cartId)
  expect(completion.type).toBe("order")
  return { ...paid, orderId: completion.order!.id }
}
