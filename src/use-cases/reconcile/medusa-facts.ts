/**
 * What Medusa knows of a ledger charge, read through Query (never Medusa's tables by SQL): does
 * its session still exist, was a Medusa payment made from it, and which order owns that payment
 * or the charge's cart. The decision taken from these facts is pure (orderStepOf in
 * src/lib/ledger/order-of-charge.ts).
 *
 * The ledger names the session, collection and cart the charge was made for, so a session Medusa
 * has deleted still leads to its cart (Query only returns live rows, and live links are what count).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isPaymentOfCharge, type MedusaFactsOfCharge } from "../../lib/ledger/order-of-charge"
import { isAuthorizedWithoutOrder } from "../../lib/ledger/guards"
import type { LedgerEntry } from "../../modules/tbc/ledger/ledger-store"
import { cartOfCollection } from "../payment-sessions/paid-collection"

export type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

export const queryOf = (container: MedusaContainer): QueryLike =>
  container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike

interface PaymentRow {
  id: string
  canceled_at?: unknown
  payment_collection_id?: string | null
  data?: unknown
}

/** The live (not canceled) Medusa payments made from a session. */
async function livePaymentsOfSession(query: QueryLike, sessionId: string): Promise<PaymentRow[]> {
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "canceled_at", "payment_collection_id", "data"],
    filters: { payment_session_id: sessionId },
  })
  return (data as PaymentRow[]).filter((p) => !p.canceled_at)
}

/**
 * The live (not canceled) Medusa payment made from a session for the charge `payId` (the one its
 * data names: isPaymentOfCharge), if any: another charge of the same session never owns it.
 */
export async function livePaymentOfSession(
  query: QueryLike,
  sessionId: string,
  payId: string | null
): Promise<PaymentRow | undefined> {
  return (await livePaymentsOfSession(query, sessionId)).find((p) => isPaymentOfCharge(p.data, payId))
}

/** The order a payment collection belongs to (cart completion and order edits link it), if any. */
export async function orderOfCollection(query: QueryLike, collectionId: string | null | undefined) {
  if (!collectionId) return null
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "order.id"],
    filters: { id: collectionId },
  })
  return (data[0] as { order?: { id?: string } | null } | undefined)?.order?.id ?? null
}

/** Whether an order has a live (not canceled) Medusa payment in any of its payment collections. */
export async function orderIsPaid(query: QueryLike, orderId: string): Promise<boolean> {
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.canceled_at"],
    filters: { id: orderId },
  })
  const collections =
    (data[0] as { payment_collections?: Array<{ payments?: PaymentRow[] | null } | null> } | undefined)
      ?.payment_collections ?? []
  return collections.some((c) => (c?.payments ?? []).some((p) => p && !p.canceled_at))
}

/** The order a cart became (the order ↔ cart link), if it did. */
export async function orderOfCart(query: QueryLike, cartId: string | null): Promise<string | null> {
  if (!cartId) return null
  const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
  return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
}

export async function medusaFactsOf(query: QueryLike, entry: LedgerEntry, now: Date): Promise<MedusaFactsOfCharge> {
  const payments = await livePaymentsOfSession(query, entry.payment_session_id)
  const payment = payments.find((p) => isPaymentOfCharge(p.data, entry.pay_id))
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment_collection_id"],
    filters: { id: entry.payment_session_id },
  })
  const session = sessions[0] as { payment_collection_id?: string | null } | undefined
  const collectionId = entry.payment_collection_id ?? session?.payment_collection_id ?? payment?.payment_collection_id
  const cartId = entry.cart_id ?? (collectionId ? ((await cartOfCollection(query, collectionId)) ?? null) : null)
  const paymentOrderId = payment ? await orderOfCollection(query, payment.payment_collection_id ?? collectionId) : null
  const cartOrderId = paymentOrderId ? null : await orderOfCart(query, cartId)
  return {
    sessionExists: session !== undefined,
    livePayment: payment !== undefined,
    sessionPaidByOther: payment === undefined && payments.length > 0,
    paymentOrderId,
    cartId,
    cartOrderId,
    cartOrderPaid: cartOrderId ? await orderIsPaid(query, cartOrderId) : false,
    authorizedLongAgo: isAuthorizedWithoutOrder(entry, now),
  }
}
