/**
 * The first step of session creation (src/workflows/payment-sessions): once a collection with
 * TBC sessions has a live (not canceled) TBC payment, or its cart became an order, no new session
 * may be opened — whichever provider the new session is for.
 *
 * Why: Medusa 2.21.2 lets anyone who knows a collection id open a new session on it at any time,
 * and deletes the collection's existing sessions first (deletePaymentSessionsWorkflow), calling the
 * provider's deletePayment with the PAID payment's data. Our providers no longer move money there,
 * but the paid session would still vanish from under the order. Collections without TBC sessions
 * are left to Medusa's own rules.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"

const TBC_PROVIDER = /^pp_tbc-/

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

interface CollectionView {
  payment_sessions?: Array<{ provider_id?: string }>
  payments?: Array<{ provider_id?: string; canceled_at?: unknown }>
}

/** Why the collection must keep its sessions, or undefined when a new session is fine. */
export async function paidCollectionReason(query: QueryLike, collectionId: string): Promise<string | undefined> {
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "payment_sessions.provider_id", "payments.provider_id", "payments.canceled_at"],
    filters: { id: collectionId },
  })
  const collection = data[0] as CollectionView | undefined
  if (!collection) return undefined
  const tbcSessions = (collection.payment_sessions ?? []).filter((s) => TBC_PROVIDER.test(s.provider_id ?? ""))
  const tbcPayments = (collection.payments ?? []).filter((p) => TBC_PROVIDER.test(p.provider_id ?? ""))
  if (tbcSessions.length === 0 && tbcPayments.length === 0) return undefined
  // a canceled payment (e.g. order placement failed after authorization) leaves the cart retryable
  if (tbcPayments.some((p) => !p.canceled_at)) {
    return "This cart's payment was already made"
  }
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) return undefined
  const { data: carts } = await query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartId } })
  return (carts[0] as { completed_at?: unknown } | undefined)?.completed_at
    ? "This cart was already ordered"
    : undefined
}

/** Throws NOT_ALLOWED (400) when the collection must keep its sessions. */
export async function refuseSessionOnPaidCollection(container: MedusaContainer, collectionId: string): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const reason = await paidCollectionReason(query, collectionId)
  if (reason) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${reason}: a new payment cannot be started for it.`)
  }
}
