/**
 * An in-memory money ledger for the jobs' unit tests: the same pure rules as LedgerStore
 * (applyLedgerEvent), the same claim semantics for the orphan policy, and a log of every write, so
 * a test asserts what a job recorded without PostgreSQL.
 */
import { applyLedgerEvent, type LedgerEvent } from "../../../lib/ledger/states"
import type { LedgerEntry, LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import { ledgerEntry } from "../../../modules/tbc/ledger/__tests__/memory-ledger"

export { ledgerEntry }

export type FakeLedger = Pick<
  LedgerStore,
  | "apply"
  | "applyByPayId"
  | "byPayId"
  | "markAuthorized"
  | "markOrder"
  | "markSessionGone"
  | "recordCompletionFailure"
  | "claimOrphan"
  | "releaseOrphanClaim"
  | "recordOrphanAction"
> & { entry: LedgerEntry; writes: string[] }

export function fakeLedger(initial: LedgerEntry, now = new Date()): FakeLedger {
  const ledger: FakeLedger = {
    entry: { ...initial },
    writes: [],
    async apply(_id: string, event: LedgerEvent) {
      const next = applyLedgerEvent(ledger.entry, event)
      if (!next.ok) return { ok: false as const, entry: ledger.entry, reason: next.reason }
      const status = event.type === "bank_status" ? event.status : ledger.entry.bank_status
      ledger.entry = { ...ledger.entry, state: next.state, pay_id: next.pay_id, bank_status: status }
      ledger.writes.push(`state ${next.state}`)
      return { ok: true as const, entry: ledger.entry, changed: next.changed }
    },
    async applyByPayId(payId: string, event: LedgerEvent) {
      return payId === ledger.entry.pay_id ? ledger.apply(ledger.entry.id, event, "test") : undefined
    },
    async byPayId(payId: string) {
      return payId === ledger.entry.pay_id ? ledger.entry : undefined
    },
    async markAuthorized() {
      ledger.entry.authorized_at ??= now
      ledger.writes.push("authorized")
    },
    async markOrder(_id: string, orderId: string) {
      ledger.entry.order_id = orderId
      ledger.writes.push(`order ${orderId}`)
    },
    async markSessionGone() {
      ledger.entry.session_gone_at ??= now
      ledger.writes.push("session_gone")
    },
    async recordCompletionFailure(_id: string, failure: { kind: "transient" | "permanent"; reason: string }) {
      ledger.entry.completion_failed_at = now
      ledger.entry.completion_failure = `${failure.kind}: ${failure.reason}`
      if (failure.kind === "permanent") ledger.entry.completion_refused_at ??= now
      ledger.writes.push(`completion ${failure.kind}`)
    },
    async claimOrphan() {
      const free = ledger.entry.orphan_action === null || ledger.entry.orphan_action === "failed"
      if (free) ledger.entry.orphan_action = "acting"
      return free
    },
    async releaseOrphanClaim() {
      if (ledger.entry.orphan_action === "acting") ledger.entry.orphan_action = null
    },
    async recordOrphanAction(_payId: string, action: string) {
      ledger.entry.orphan_action = action as LedgerEntry["orphan_action"]
      ledger.writes.push(`orphan ${action}`)
    },
  }
  return ledger
}
