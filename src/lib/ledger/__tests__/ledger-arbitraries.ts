/**
 * fast-check arbitraries for the ledger rules' own property tests: entries in any state their
 * kind allows, any event (bank statuses the client knows plus unknown ones), and the facts the
 * guards read, around a fixed "now".
 */
import fc from "fast-check"
import { KNOWN_CHECKOUT_STATUSES } from "../../checkout-status"
import type { LedgerFacts, OrphanAction } from "../guards"
import {
  CHARGE_KINDS,
  CHARGE_STATES,
  OPERATION_KINDS,
  OPERATION_STATES,
  type LedgerEntryView,
  type LedgerEvent,
  type LedgerState,
} from "../states"

export const NOW = new Date(Date.UTC(2026, 5, 1, 12))
const MINUTE = 60 * 1000

export const payIdArb = fc.constantFrom("P1", "P2")
export const statusArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...KNOWN_CHECKOUT_STATUSES) },
  { weight: 1, arbitrary: fc.constantFrom("SomethingNew", "", "succeeded") }
)

export const chargeEntryArb: fc.Arbitrary<LedgerEntryView> = fc.record({
  kind: fc.constantFrom(...CHARGE_KINDS),
  state: fc.constantFrom<LedgerState>(...CHARGE_STATES),
  pay_id: fc.option(payIdArb, { nil: null }),
})
/** A charge in one of these states (kind and payId random). */
/**
 * A checkout charge (web payment or saved-card execution) in one of these states: statusArb speaks
 * the checkout's statuses; installment applications speak status ids (installment-states tests).
 */
export const chargeEntryIn = (...states: readonly LedgerState[]): fc.Arbitrary<LedgerEntryView> =>
  fc.record({
    kind: fc.constantFrom(...CHARGE_KINDS.filter((kind) => kind !== "installment")),
    state: fc.constantFrom(...states),
    pay_id: fc.option(payIdArb, { nil: null }),
  })
export const operationEntryArb: fc.Arbitrary<LedgerEntryView> = fc.record({
  kind: fc.constantFrom(...OPERATION_KINDS),
  state: fc.constantFrom<LedgerState>(...OPERATION_STATES),
  pay_id: fc.option(payIdArb, { nil: null }),
})
export const entryArb = fc.oneof(chargeEntryArb, operationEntryArb)

export const bankEventArb: fc.Arbitrary<LedgerEvent> = fc.oneof(
  fc.record({
    type: fc.constant("bank_status" as const),
    status: statusArb,
    payId: fc.option(payIdArb, { nil: undefined }),
  }),
  fc.record({ type: fc.constant("unreadable_answer" as const), reason: fc.constantFrom("502", "timeout") }),
  fc.record({ type: fc.constant("clear_refusal" as const), reason: fc.constant("400") })
)
export const adminEventArb: fc.Arbitrary<LedgerEvent> = fc.oneof(
  fc.record({ type: fc.constant("admin_not_charged" as const), reason: fc.constant("dashboard shows nothing") }),
  fc.record({ type: fc.constant("admin_attach_pay_id" as const), payId: payIdArb })
)
export const eventArb = fc.oneof(bankEventArb, adminEventArb)

const ago = (maxMinutes: number) =>
  fc.integer({ min: 0, max: maxMinutes }).map((m) => new Date(NOW.getTime() - m * MINUTE))
const orphanActionArb = fc.option(
  fc.constantFrom<OrphanAction>("acting", "cancelled", "refunded", "notified", "failed"),
  {
    nil: null,
  }
)

/** The facts the guards read, any combination (the guards must answer sensibly for all of them). */
export const factsArb: fc.Arbitrary<LedgerFacts> = fc
  .tuple(
    entryArb,
    ago(3 * 60),
    fc.option(ago(3 * 60), { nil: null }),
    fc.option(fc.constantFrom("order_1", "order_2"), { nil: null }),
    orphanActionArb,
    fc.option(ago(3 * 60), { nil: null })
  )
  .map(([entry, created_at, session_gone_at, order_id, orphan_action, completion_refused_at]) => ({
    ...entry,
    created_at,
    session_gone_at,
    order_id,
    orphan_action,
    completion_refused_at,
  }))

/** A charge's facts with a given state (the rest random). */
export const chargeFactsIn = (...states: LedgerState[]): fc.Arbitrary<LedgerFacts> =>
  fc
    .tuple(factsArb, fc.constantFrom(...CHARGE_KINDS), fc.constantFrom(...states))
    .map(([facts, kind, state]) => ({ ...facts, kind, state }))
