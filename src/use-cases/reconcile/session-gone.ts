/**
 * The ledger's "session gone" checked against Medusa before any money goes back on that ground (the
 * orphan sweep, the callback of a payment whose session the ledger calls gone). The mark is our
 * deletePayment's word, written before Medusa deletes the payment_session row; a process dying in
 * between, or a failed row delete (Medusa only logs it), leaves the row there. Medusa's row is the
 * truth, read through Query (never Medusa's tables by SQL); the decision is sessionGoneVerdict
 * (src/lib/ledger/guards.ts). A mark Medusa contradicts is taken back (`session_kept`, through the
 * ledger's compare-and-set with its audit line): the money is the live session's, and the
 * lost-callback job (or the callback's subscriber, at once) completes its cart.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { sessionGoneVerdict, type SessionGoneVerdict } from "../../lib/ledger/guards"
import { ledgerOf, type LedgerEntry } from "../../modules/tbc/ledger/ledger-store"
import { queryOf, type QueryLike } from "./medusa-facts"

/** Whether Medusa still has a payment session (Query returns live rows only). */
export async function medusaHasSession(query: QueryLike, sessionId: string): Promise<boolean> {
  const { data } = await query.graph({ entity: "payment_session", fields: ["id"], filters: { id: sessionId } })
  return data.length > 0
}

/**
 * `gone` when the entry's session is marked gone and Medusa has no such session; `kept` when
 * Medusa still has it past the grace (the mark is then taken back); `wait` when the mark is fresh
 * and Medusa still shows the row (its delete may still be committing). An entry not marked gone is
 * `kept` as it is.
 */
export async function confirmSessionGone(
  container: MedusaContainer,
  entry: LedgerEntry,
  graceSeconds: number,
  actor: string,
  now: Date = new Date()
): Promise<SessionGoneVerdict> {
  if (entry.session_gone_at === null) return "kept"
  const verdict = sessionGoneVerdict({
    markedAt: entry.session_gone_at,
    medusaHasSession: await medusaHasSession(queryOf(container), entry.payment_session_id),
    now,
    graceMs: graceSeconds * 1000,
  })
  if (verdict !== "kept") return verdict
  const kept = await ledgerOf(container).apply(entry, { type: "session_kept", markedAt: entry.session_gone_at }, actor)
  // refused when a new deletion marked it since the entry was read (its row delete may follow),
  // while a release is under way or once it was done: nothing moves now
  return kept.ok ? "kept" : "wait"
}
