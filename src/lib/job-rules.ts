/**
 * Pure rules of the scheduled jobs (no I/O, no clock): when a run stops asking the bank (circuit
 * breaker), and what the expiring-preauth pass may do to a payment whose goods may have shipped.
 * Which charges a job reads at all is the money ledger's rule (nextJobStep, src/lib/ledger/guards.ts).
 */

/** Bank failures in a row after which a run stops (the rest waits for the next run). */
export const DEFAULT_BREAKER_FAILURES = 5

/**
 * Counts bank failures in a row within one run. Once `limit` failed in a row the breaker is open
 * and stays open for the rest of the run: during an outage a run costs `limit` calls, not one per
 * session, and the next run (the job's schedule is the back-off) tries again.
 */
export class CircuitBreaker {
  private inARow = 0
  constructor(readonly limit: number = DEFAULT_BREAKER_FAILURES) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error("CircuitBreaker: limit must be an integer ≥ 1")
  }
  get open(): boolean {
    return this.inARow >= this.limit
  }
  success(): void {
    if (!this.open) this.inARow = 0
  }
  failure(): void {
    this.inARow++
  }
}

export type PreauthExpiryStep = "complete" | "cancel" | "notify" | "skip"

/**
 * What the expiring-preauth pass does, decided on facts re-read under the payment's lock:
 * - nothing held any more at the bank, or Medusa already captured or cancelled it → skip;
 * - action "cancel" on an order with fulfillments (goods may have shipped) → complete instead:
 *   releasing the hold would lose the payment for shipped goods, and capturing the held amount
 *   is what the merchant is owed;
 * - otherwise the configured action ("none" → notify).
 */
export function preauthExpiryStep(facts: {
  action: "none" | "complete" | "cancel"
  bankHolds: boolean
  medusaCaptured: boolean
  medusaCanceled: boolean
  fulfilled: boolean
}): PreauthExpiryStep {
  if (!facts.bankHolds || facts.medusaCaptured || facts.medusaCanceled) return "skip"
  if (facts.action === "none") return "notify"
  if (facts.action === "cancel" && facts.fulfilled) return "complete"
  return facts.action
}

/**
 * Whether a failed bank call counts towards the circuit breaker: the bank not answering (network,
 * timeout) or failing on its side (5xx, 429). A 4xx about one payment (e.g. not found) says
 * nothing about the bank's health, and counting it would let a few bad sessions, read first
 * because they are oldest, stop every run.
 */
export function isBankOutage(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false
  const { kind, status } = error as { kind?: unknown; status?: unknown }
  if (kind === "network" || kind === "timeout") return true
  return kind === "api" && typeof status === "number" && (status >= 500 || status === 429)
}
