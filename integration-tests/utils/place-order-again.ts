/**
 * "Place order" again after a completion that failed after the authorization, for the app tests
 * with preauthorization on (reconcile-tbc.app.ts) and off (checkout-completion-retry.app.ts): a
 * store's own `orderCreated` hook throws once, so Medusa's compensation cancels the payment (the bank
 * releases the hold or gets the charge back); then the lost-callback job runs, the shopper presses
 * "Place order" again, opens a new payment session, pays and places the order. What each step left
 * is returned for one comparison (src/lib/canceled-payment-completion.ts says what must hold).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"
import { payIdOf, type SandboxBankControl } from "./checkout-bank"
import { findOrderIdOfCart } from "./checkout-orders"
import type { StoreCheckout } from "./checkout-store"
import { failCartCompletion, healCartCompletion } from "./complete-cart-faults"

export async function placeOrderAgainAfterFailedCompletion(
  container: MedusaContainer,
  shop: StoreCheckout,
  bank: SandboxBankControl,
  paid: { cartId: string; payId: string }
) {
  const { cartId } = paid
  failCartCompletion("orderCreated", cartId, 1, "the store's order hook failed (ETIMEDOUT)")
  const failed = await shop.completeCart(cartId)
  healCartCompletion("orderCreated", cartId)
  const afterCompensation = (await bank.payment(paid.payId)).status
  // the lost-callback job, once the payment is old enough for it
  await reconcilePendingPaymentsWorkflow(container).run({
    input: { now: new Date(Date.now() + 20 * 60 * 1000).toISOString() },
  })
  const orderAfterJob = await findOrderIdOfCart(container, cartId)
  const retry = await shop.completeCart(cartId)
  const orderAfterRetry = await findOrderIdOfCart(container, cartId)
  const again = await shop.startPaymentSession(cartId).then(
    ({ session }) => ({ payId: payIdOf(session), refused: undefined }),
    // an axios error: its words only (the error itself does not cross jest's workers)
    (error) => ({ payId: "none", refused: `${error.response?.status} ${error.response?.data?.message}` })
  )
  const base = {
    failed: failed.type,
    afterCompensation,
    orderAfterJob,
    retry: `${retry.httpStatus} ${retry.message ?? retry.error?.message ?? retry.type}`,
    orderAfterRetry,
  }
  if (again.refused) return { ...base, newSession: again.refused, secondPayId: undefined }
  await bank.pay(again.payId, "success")
  const placed = await shop.completeCart(cartId)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.status", "payment_collections.payments.*"],
    filters: { id: placed.order?.id ?? "none" },
  })
  const collection = orders[0]?.payment_collections?.[0]
  return {
    ...base,
    newSession: "opened",
    placed: placed.type,
    order: collection && {
      status: collection.status,
      livePayments: collection.payments
        .filter((p: { canceled_at?: unknown }) => !p.canceled_at)
        .map((p: { data?: { payId?: unknown } }) => p.data?.payId),
    },
    atBank: [(await bank.payment(paid.payId)).status, (await bank.payment(again.payId)).status],
    secondPayId: again.payId,
  }
}
