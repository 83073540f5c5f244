/**
 * A Medusa payment that no order followed: Medusa's cart completion authorized it, then failed
 * (a store's hook, a later step) and its compensating cancel failed too (the bank down). Medusa
 * keeps such a payment live for good. Who owns the money is read through Query; releasing it
 * ends with Medusa's own cancel of that payment, the compensation that failed, so a later
 * completion of the cart can never place an order on money that went back. The plugin has already
 * released the money by then (its claim, its record): the provider's cancel finds the payment
 * Returned at the bank and moves nothing.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { livePaymentOfSession, orderOfCollection, queryOf } from "./medusa-facts"

export interface MedusaOwnerOfSession {
  /** the live (not canceled) Medusa payment made from the session, if any */
  paymentId: string | undefined
  /** the order that payment belongs to, if any: then the money is that order's */
  orderId: string | null
}

/** Who owns the charge `payId` of `sessionId` in Medusa: only the Medusa payment that names it, and its order. */
export async function medusaOwnerOfSession(
  container: MedusaContainer,
  sessionId: string,
  payId: string | null
): Promise<MedusaOwnerOfSession> {
  const query = queryOf(container)
  const payment = await livePaymentOfSession(query, sessionId, payId)
  if (!payment) return { paymentId: undefined, orderId: null }
  return { paymentId: payment.id, orderId: await orderOfCollection(query, payment.payment_collection_id) }
}

/**
 * After the plugin released the money of the charge `payId` of `sessionId`: cancels the live
 * Medusa payment made from it unless an order owns it (another charge's payment of the session is
 * never touched). The id of the payment cancelled, or undefined when there was none to cancel.
 */
export async function cancelPaymentWithoutOrder(
  container: MedusaContainer,
  sessionId: string,
  payId: string | null
): Promise<string | undefined> {
  const owner = await medusaOwnerOfSession(container, sessionId, payId)
  if (!owner.paymentId || owner.orderId) return undefined
  await container.resolve(Modules.PAYMENT).cancelPayment(owner.paymentId)
  return owner.paymentId
}
