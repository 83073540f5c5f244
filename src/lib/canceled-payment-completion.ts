/**
 * No order on a payment Medusa itself canceled. When a cart's completion fails after the
 * authorization (a store's own `orderCreated` hook throws, say), Medusa's compensation cancels the
 * payment (the bank releases the hold or returns the charge) but leaves the session with that
 * payment and its `authorized_at`. Medusa 2.21.2's `authorizePaymentSession` is idempotent on
 * exactly those two: the next "Place order" (or the lost-callback job's completion) gets the
 * canceled payment back without asking the provider, and an order without money is placed. The
 * completion hook (src/workflows/hooks/saved-card-cart.ts) refuses such a completion before any
 * order exists; the shopper opens a new session (the session guard lets a collection whose TBC
 * payment was canceled be paid again) and pays. Pure: no I/O.
 */
import { PAYMENT_RELEASED_MESSAGE } from "./shopper-texts"

/** A payment session of the cart as the check reads it (Query: payment_sessions with their payment). */
export interface CompletionSessionView {
  id: string
  provider_id?: string | null
  authorized_at?: unknown
  payment?: { id?: string; canceled_at?: unknown } | null
}

export type CanceledPaymentVerdict = { allowed: true } | { allowed: false; sessionId: string; message: string }

const TBC_PROVIDER = /^pp_tbc-/

/**
 * Refused when a TBC session of the cart would be "authorized" again by Medusa's reuse of its
 * canceled payment; other providers' sessions are their own business.
 */
export function canceledPaymentCompletionVerdict(sessions: readonly CompletionSessionView[]): CanceledPaymentVerdict {
  const reused = sessions.find(
    (session) =>
      TBC_PROVIDER.test(session.provider_id ?? "") &&
      Boolean(session.authorized_at) &&
      Boolean(session.payment?.canceled_at)
  )
  return reused ? { allowed: false, sessionId: reused.id, message: PAYMENT_RELEASED_MESSAGE } : { allowed: true }
}
