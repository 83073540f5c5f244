/**
 * The facets' rules (../facets.ts through ../states.ts applyLedgerEvent), as properties over any
 * entry: an order link never changes to another order, authorization and a release claim exclude
 * each other in either order (exactly one wins), a facet event never moves the state or the
 * payId, failures are counted, and a bank read that contradicts a refusal reopens the entry.
 */
import fc from "fast-check"
import { propertyRuns } from "../../__tests__/property-runs"
import {
  AUTHORIZED_ORDER_GRACE_MS,
  CLAIM_STALE_MS,
  NOW as NOW_MARK,
  patchAt,
  type EntryFacets,
  type FacetEvent,
} from "../facets"
import { attentionReason, nextJobStep, type OrphanAction } from "../guards"
import { applyLedgerEvent, type LedgerEntryView } from "../states"
import { NOW, chargeEntryIn, entryArb, factsArb, payIdArb, statusArb } from "./ledger-arbitraries"

const runs = { numRuns: propertyRuns(1000) }

const facetsArb: fc.Arbitrary<EntryFacets> = fc.record({
  order_id: fc.option(fc.constantFrom("order_1", "order_2"), { nil: null }),
  authorized_at: fc.option(fc.constant(new Date(NOW.getTime() - 60_000)), { nil: null }),
  session_gone_at: fc.option(fc.constant(new Date(NOW.getTime() - 60_000)), { nil: null }),
  orphan_action: fc.option(fc.constantFrom<OrphanAction>("acting", "cancelled", "refunded", "notified", "failed"), {
    nil: null,
  }),
  orphan_action_at: fc.option(
    fc.constantFrom(new Date(NOW.getTime() - 60_000), new Date(NOW.getTime() - CLAIM_STALE_MS)),
    { nil: null }
  ),
  completion_failures: fc.nat(5),
})
const withFacetsArb = fc.tuple(entryArb, facetsArb).map(([entry, facets]) => ({ ...entry, ...facets }))

const facetEventArb: fc.Arbitrary<FacetEvent> = fc.oneof(
  fc.constant({ type: "authorized" as const }),
  fc.record({ type: fc.constant("order_placed" as const), orderId: fc.constantFrom("order_1", "order_2") }),
  fc.constant({ type: "session_gone" as const }),
  fc.record({
    type: fc.constant("session_kept" as const),
    markedAt: fc.constantFrom(new Date(NOW.getTime() - 60_000), new Date(NOW.getTime() - 120_000)),
  }),
  fc.record({
    type: fc.constant("completion_failed" as const),
    failureClass: fc.constantFrom("transient" as const, "permanent" as const, "unknown" as const),
    reason: fc.constant("boom"),
  }),
  fc.record({ type: fc.constant("orphan_claim" as const), now: fc.constant(NOW), takeNotified: fc.boolean() }),
  fc.constant({ type: "orphan_claim_returned" as const }),
  fc.record({
    type: fc.constant("orphan_action" as const),
    action: fc.constantFrom("cancelled" as const, "refunded" as const, "notified" as const, "failed" as const),
    amount: fc.constant(100),
    error: fc.constant(null),
  })
)

/** The entry after an event, as the store writes it (NOW: the test's clock). */
function after(entry: LedgerEntryView, event: FacetEvent): LedgerEntryView | undefined {
  const t = applyLedgerEvent(entry, event)
  if (!t.ok) return undefined
  return { ...entry, state: t.state, pay_id: t.pay_id, ...(patchAt(t.facets ?? {}, NOW) as EntryFacets) }
}

/** The entry as the guards read it (the facets the arbitrary left out are at their defaults). */
const factsOf = (entry: LedgerEntryView) => ({
  created_at: NOW,
  session_gone_at: null,
  order_id: null,
  orphan_action: null,
  completion_refused_at: null,
  ...entry,
})

const claim: FacetEvent = { type: "orphan_claim", now: NOW, takeNotified: true }
const authorize: FacetEvent = { type: "authorized" }

describe("the ledger's facets, as properties", () => {
  it("never moves the state or the payId, and says truly whether anything changed", () => {
    fc.assert(
      fc.property(withFacetsArb, facetEventArb, (entry, event) => {
        const t = applyLedgerEvent(entry, event)
        if (!t.ok) return
        expect([t.state, t.pay_id]).toEqual([entry.state, entry.pay_id])
        expect(t.changed).toBe(Object.keys(t.facets ?? {}).length > 0)
      }),
      runs
    )
  })

  it("takes a wrong 'session gone' back when Medusa kept the session, unless a release is under way or done", () => {
    fc.assert(
      fc.property(fc.tuple(factsArb, facetsArb), fc.boolean(), ([facts, facets], markedAgain) => {
        const entry = { ...facts, ...facets }
        // Medusa's row was read against this mark, or the session was marked gone again since
        const read = entry.session_gone_at ?? NOW
        const kept: FacetEvent = {
          type: "session_kept",
          markedAt: markedAgain ? new Date(read.getTime() - 1000) : read,
        }
        const t = applyLedgerEvent(entry, kept)
        const releasing = ["acting", "cancelled", "refunded"].includes(entry.orphan_action ?? "")
        if (!entry.session_gone_at) {
          expect(t).toMatchObject({ ok: true, changed: false })
          return
        }
        expect(t.ok).toBe(!releasing && !markedAgain)
        const next = after(entry, kept)
        if (!next) return
        expect(next.session_gone_at).toBeNull()
        // a "notify" left on the wrong ground goes with it: the money is the live session's again
        expect(next.orphan_action).toBe(entry.orphan_action === "notified" ? null : entry.orphan_action)
        // so the job places its order (or waits for the one being placed), never the orphan policy
        // on the gone ground: only a permanent refusal past its grace may still release it
        if (nextJobStep(factsOf(next), NOW) === "orphan_policy") expect(next.completion_refused_at).not.toBeNull()
        // marked gone again (Medusa deletes it after all), the orphan policy applies again
        const gone = after(next, { type: "session_gone" })
        expect(gone?.session_gone_at).toEqual(NOW)
      }),
      runs
    )
  })

  it("never links the money to a second order", () => {
    fc.assert(
      fc.property(withFacetsArb, fc.constantFrom("order_1", "order_2"), (entry, orderId) => {
        const next = after(entry, { type: "order_placed", orderId })
        if (entry.order_id && entry.order_id !== orderId) expect(next).toBeUndefined()
        else expect(next?.order_id).toBe(orderId)
      }),
      runs
    )
  })

  it("lets exactly one of placing the order and releasing the money win, whichever comes first", () => {
    fc.assert(
      fc.property(withFacetsArb, fc.boolean(), (entry, claimFirst) => {
        const [first, second] = claimFirst ? [claim, authorize] : [authorize, claim]
        const one = after(entry, first)
        const both = one && after(one, second)
        // both may never happen; an authorization already made or an order refuses the claim
        if (both) expect(both.authorized_at && both.orphan_action === "acting" && !entry.authorized_at).toBeFalsy()
        if (one && first === claim) expect(after(one, authorize)).toBeUndefined()
        if (one && first === authorize) expect(after(one, claim)).toBeUndefined()
      }),
      runs
    )
  })

  it("releases money a Medusa payment was made from once no order followed within the grace", () => {
    const base = { kind: "web" as const, state: "held" as const, pay_id: "P1", order_id: null }
    const at = (msAgo: number) => ({ ...base, authorized_at: new Date(NOW.getTime() - msAgo) })
    expect(applyLedgerEvent(at(AUTHORIZED_ORDER_GRACE_MS - 1), claim).ok).toBe(false)
    expect(applyLedgerEvent(at(AUTHORIZED_ORDER_GRACE_MS), claim).ok).toBe(true)
    expect(applyLedgerEvent({ ...at(AUTHORIZED_ORDER_GRACE_MS), order_id: "order_1" }, claim).ok).toBe(false)
  })

  it("takes a release claim only while no order owns the money or is being placed from it, and no claim is live", () => {
    fc.assert(
      fc.property(withFacetsArb, fc.boolean(), (entry, takeNotified) => {
        const next = after(entry, { type: "orphan_claim", now: NOW, takeNotified })
        const stale =
          entry.orphan_action === "acting" &&
          (!entry.orphan_action_at || NOW.getTime() - entry.orphan_action_at.getTime() >= CLAIM_STALE_MS)
        const free =
          !entry.orphan_action ||
          entry.orphan_action === "failed" ||
          (entry.orphan_action === "notified" && takeNotified) ||
          stale
        // (the authorizations here are a minute old: within AUTHORIZED_ORDER_GRACE_MS)
        expect(next !== undefined).toBe(!entry.order_id && !entry.authorized_at && free)
        if (next) expect(next.orphan_action).toBe("acting")
      }),
      runs
    )
  })

  it("counts every completion failure and keeps its class; a permanent one starts the grace once", () => {
    fc.assert(
      fc.property(
        withFacetsArb,
        fc.array(fc.constantFrom("transient" as const, "permanent" as const, "unknown" as const), { maxLength: 6 }),
        (entry, classes) => {
          let e: LedgerEntryView & Record<string, unknown> = entry
          for (const failureClass of classes) {
            e = after(e, { type: "completion_failed", failureClass, reason: "x" }) as typeof e
          }
          expect(e.completion_failures ?? 0).toBe((entry.completion_failures ?? 0) + classes.length)
          if (classes.length) expect(e.completion_failure_class).toBe(classes[classes.length - 1])
        }
      ),
      runs
    )
  })

  it("reopens a refused charge that the bank shows charged, and marks it for the attention list", () => {
    fc.assert(
      fc.property(chargeEntryIn("refused"), statusArb, payIdArb, (entry, status, payId) => {
        const e = { ...entry, pay_id: entry.pay_id && payId }
        const t = applyLedgerEvent(e, { type: "bank_status", status, payId })
        if (!t.ok) return
        const moved = !["refused", "returned", "expired"].includes(t.state)
        expect(t.facets?.reopened_at === NOW_MARK).toBe(moved)
      }),
      runs
    )
  })
})

describe("what the guards make of a release (guards.ts)", () => {
  const stranded = {
    kind: "web" as const,
    state: "held" as const,
    pay_id: "P1",
    created_at: new Date(NOW.getTime() - 60 * 60_000),
    session_gone_at: null,
    order_id: null,
    completion_refused_at: null,
  }
  it("lists money whose releasing process died once its claim is stale, and only then", () => {
    const claimed = (msAgo: number) => ({
      ...stranded,
      orphan_action: "acting" as const,
      orphan_action_at: new Date(NOW.getTime() - msAgo),
    })
    expect(attentionReason(claimed(CLAIM_STALE_MS - 1), NOW)).toBeUndefined()
    expect(attentionReason(claimed(CLAIM_STALE_MS), NOW)).toMatch(/its release was interrupted/)
  })

  it("places no order from a live charge whose release failed: listed for the admin instead", () => {
    const failed = { ...stranded, orphan_action: "failed" as const }
    expect(nextJobStep(failed, NOW)).toBe("none")
    expect(attentionReason(failed, NOW)).toMatch(/releasing it failed/)
    expect(applyLedgerEvent(failed, authorize).ok).toBe(false)
  })
})
