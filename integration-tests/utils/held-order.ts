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
import { createAdminRequestConfig, type AdminRequestConfig } from "./checkout-admin"
import { prepareCarts } from "./prepared-carts"

/**
 * Held card orders for the tests of a suite: the store and the admin are made in the suite's
 * beforeAll (the runner restores that database before each test; the admin's token holds no
 * database state) and so are the carts of `carts` (quantities per cart, prepared-carts.ts). Call
 * the returned function in a test for an order of `quantities`, held at the bank.
 */
export function heldCardOrdersForSuite(
  api: AxiosInstance,
  getContainer: () => MedusaContainer,
  bank: SandboxBankControl,
  { carts }: { carts: number[][] }
) {
  let shop: StoreCheckout
  let admin: AdminRequestConfig
  beforeAll(async () => {
    const container = getContainer()
    shop = new StoreCheckout(api, await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] }))
    admin = await createAdminRequestConfig(container, api)
  })
  prepareCarts(getContainer, async () => {
    for (const quantities of carts) await shop.createCartReadyForPayment(quantities)
  })
  return async (quantities: number[]) => {
    const container = getContainer()
    const { cartId, total } = await shop.createCartReadyForPayment(quantities)
    const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
    await bank.pay(payId, "success")
    const completion = await shop.completeCart(cartId)
    if (completion.type !== "order") throw new Error(`the held cart became no order: ${JSON.stringify(completion)}`)
    const orderId = completion.order!.id
    const payment = onlyPayment(await readOrder(container, orderId))
    return { total, payId, orderId, payment, admin }
  }
}
