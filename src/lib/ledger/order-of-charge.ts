/**
 * Whose money is a charge the bank holds or took, as far as Medusa can tell (pure: the caller
 * reads Medusa through Query and passes the facts). The lost-callback job asks this before it
 * places an order from a charge, so it never places one twice, never completes a cart that became
 * an order with other money, and never hands Medusa a session Medusa already deleted.
 */

export interface MedusaFactsOfCharge {
  /** the charge's Medusa payment session still exists */
  sessionExists: boolean
  /**
   * a Medusa payment made from that session for this charge (isPaymentOfCharge) and not canceled
   */
  livePayment: boolean
  /**
   * a live Medusa payment of the same session names another charge: the shopper paid again on
   * the session after this charge was taken for not charged (an admin's "not charged" the bank's
   * late word contradicted), and that other charge's order is being placed or was placed
   */
  sessionPaidByOther?: boolean
  /** the order of the payment's collection (cart completion and order edits link it), if any */
  paymentOrderId: string | null
  /** the cart of the charge (ledger, or the collection's cart link), if any */
  cartId: string | null
  /** the order the cart became, if it did */
  cartOrderId: string | null
  /** that order has a live Medusa payment (any provider): other money paid it */
  cartOrderPaid: boolean
  /**
   * the ledger says our authorizePayment handed this money to Medusa longer ago than an order
   * takes to follow (isAuthorizedWithoutOrder in ./guards.ts)
   */
  authorizedLongAgo?: boolean
}

export type OrderStep =
  /** the money belongs to this order: record it */
  | { step: "mark_order"; orderId: string }
  /** Medusa made a payment from the session and is placing its order (or an edit waits): next run */
  | { step: "wait" }
  /** Medusa deleted the session (deletePayment may not have told us): the orphan sweep's, after its grace */
  | { step: "session_gone" }
  /** the cart became an order with other money: this charge can never be its order */
  | { step: "ordered_elsewhere"; orderId: string }
  /**
   * the cart became an order that no money paid (Medusa placed it awaiting authorization, or a
   * failed completion left it behind): authorize this session for it, as the bank's callback would
   */
  | { step: "attach_to_order"; orderId: string }
  /** complete the cart, which authorizes the session last (the failure's reason is seen) */
  | { step: "complete_cart"; cartId: string }
  /** no cart (e.g. an order edit's collection): authorize the session as the bank's callback would */
  | { step: "process_payment" }

/**
 * Whether a Medusa payment (its `data`, as our provider wrote it: ../../providers/tbc-checkout/
 * payment-data.ts) was made from this charge: the provider names the bank's payment there
 * (`payId`). An order is owned by exactly that charge. Two charges of one session (a saved-card
 * execution an admin wrongly marked "not charged", then the shopper's second execution on the same
 * session) share the session, never the payment: the first one's money is a second charge of the
 * cart, never the order's. A payment naming no payId (another provider's shape: installments) is
 * the session's, as a session has one Medusa payment.
 */
export function isPaymentOfCharge(paymentData: unknown, chargePayId: string | null): boolean {
  const named =
    typeof paymentData === "object" && paymentData !== null ? (paymentData as { payId?: unknown }).payId : undefined
  if (typeof named !== "string" || named === "" || !chargePayId) return true
  return named === chargePayId
}

export function orderStepOf(facts: MedusaFactsOfCharge): OrderStep {
  if (facts.livePayment) {
    if (facts.paymentOrderId) return { step: "mark_order", orderId: facts.paymentOrderId }
    // a payment without its order long after the authorization: the completion failed after
    // authorizing and Medusa's compensating cancel failed too. Completing the cart again reuses
    // that payment (Medusa's authorization is idempotent) and places the order the shopper wanted.
    if (facts.authorizedLongAgo && facts.sessionExists && facts.cartId && !facts.cartOrderId) {
      return { step: "complete_cart", cartId: facts.cartId }
    }
    return { step: "wait" }
  }
  if (!facts.sessionExists) return { step: "session_gone" }
  if (facts.cartOrderId) {
    // the cart's order exists, but no Medusa payment was made from this session
    return facts.cartOrderPaid
      ? { step: "ordered_elsewhere", orderId: facts.cartOrderId }
      : { step: "attach_to_order", orderId: facts.cartOrderId }
  }
  // the other charge of the session is becoming the cart's order: completing the cart would only
  // reuse that charge's payment, and this money is never that order's (ordered_elsewhere next run)
  if (facts.sessionPaidByOther) return { step: "wait" }
  return facts.cartId ? { step: "complete_cart", cartId: facts.cartId } : { step: "process_payment" }
}
