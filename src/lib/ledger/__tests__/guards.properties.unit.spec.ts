/**
 * The decisions read from the ledger (../guards.ts), by example and as properties over any mix of
 * entries: a new payment is refused whenever a charge is unresolved, jobs act only where they may,
 * every charge that may hold money without an order is either driven by a job or listed for the
 * admin, and a failed completion is permanent exactly for Medusa's "the cart itself is wrong" types
 * (and counts towards the job's circuit breaker only when the bank as a whole failed).
 */
import fc from "fast-check"
import { propertyRuns } from "../../__tests__/property-runs"
import {
  ALREADY_PAID_MESSAGE,
  AUTHORIZED_ORDER_GRACE_MS,
  CHECKING_PAYMENT_MESSAGE,
  COMPLETION_FAILURES_LISTED,
  PERMANENT_REFUSAL_GRACE_MS,
  STALE_SENDING_MS,
  attentionReason,
  classifyCompletionFailure,
  holdsMoney,
  isStrandedMoney,
  isUnresolvedCharge,
  newPaymentVerdict,
  nextJobStep,
  sessionGoneVerdict,
  savedCardExecutionVerdict,
  type LedgerFacts,
} from "../guards"
import { isChargeKind } from "../states"
import { NOW, chargeEntryArb, chargeFactsIn, factsArb } from "./ledger-arbitraries"

const MINUTE = 60 * 1000
const facts = (over: Partial<LedgerFacts>): LedgerFacts => ({
  kind: "execution",
  state: "held",
  pay_id: "P1",
  created_at: new Date(NOW.getTime() - 5 * MINUTE),
  session_gone_at: null,
  order_id: null,
  orphan_action: null,
  completion_refused_at: null,
  ...over,
})
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * MINUTE)

describe("ledger guards, by example", () => {
  it("savedCardExecutionVerdict: an older execution of the session still holding money is read back, not charged a third time", () => {
    const execution = (id: string, state: LedgerFacts["state"], pay_id: string | null) => ({
      id,
      kind: "execution" as const,
      state,
      pay_id,
      payment_session_id: "S",
    })
    // newest first: the second charge given back by Medusa's compensation, the first reopened by its late callback
    const given = execution("e2", "returned", "P2")
    expect(savedCardExecutionVerdict("S", [given, execution("e1", "paid", "P1")])).toEqual({
      kind: "read_back",
      payId: "P1",
    })
    expect(savedCardExecutionVerdict("S", [given, execution("e1", "held", "P1")])).toEqual({
      kind: "read_back",
      payId: "P1",
    })
    // nothing of the session holds money: it may pay again
    expect(savedCardExecutionVerdict("S", [given, execution("e1", "refused", "P1")])).toEqual({ kind: "execute" })
    // a newer execution that may hold money is the one read back
    expect(savedCardExecutionVerdict("S", [execution("e2", "held", "P2"), execution("e1", "paid", "P1")])).toEqual({
      kind: "read_back",
      payId: "P2",
    })
  })

  it("newPaymentVerdict: refuses while a charge is unresolved or the live session's money waits for its order", () => {
    expect(newPaymentVerdict([])).toEqual({ allowed: true })
    expect(newPaymentVerdict([facts({ state: "sending", pay_id: null })])).toEqual({
      allowed: false,
      reason: "checking",
      message: CHECKING_PAYMENT_MESSAGE,
    })
    expect(newPaymentVerdict([facts({ kind: "web", state: "sending", pay_id: null })])).toEqual({ allowed: true })
    expect(newPaymentVerdict([facts({ kind: "web", state: "processing" })]).allowed).toBe(false)
    expect(newPaymentVerdict([facts({})])).toEqual({ allowed: false, reason: "paid", message: ALREADY_PAID_MESSAGE })
    // the orphan policy's money, money whose order exists, money the cart can never use: no block
    expect(newPaymentVerdict([facts({ session_gone_at: minutesAgo(1) })])).toEqual({ allowed: true })
    expect(newPaymentVerdict([facts({ order_id: "order_1" })])).toEqual({ allowed: true })
    expect(newPaymentVerdict([facts({ completion_refused_at: minutesAgo(1) })])).toEqual({ allowed: true })
    expect(newPaymentVerdict([facts({ state: "refused" }), facts({ kind: "cancel", state: "uncertain" })])).toEqual({
      allowed: true,
    })
  })

  it("nextJobStep: reads what has a payId, leaves the rest to the admin, places or releases money", () => {
    const now = NOW
    expect(nextJobStep(facts({ state: "uncertain", pay_id: null }), now)).toBe("admin")
    expect(nextJobStep(facts({ state: "uncertain" }), now)).toBe("read_bank")
    expect(nextJobStep(facts({ kind: "web", state: "created" }), now)).toBe("read_bank")
    expect(nextJobStep(facts({}), now)).toBe("complete_order")
    expect(nextJobStep(facts({ order_id: "order_1" }), now)).toBe("none")
    expect(nextJobStep(facts({ session_gone_at: minutesAgo(1) }), now)).toBe("orphan_policy")
    expect(nextJobStep(facts({ session_gone_at: minutesAgo(1), orphan_action: "failed" }), now)).toBe("orphan_policy")
    expect(nextJobStep(facts({ session_gone_at: minutesAgo(1), orphan_action: "notified" }), now)).toBe("none")
    expect(nextJobStep(facts({ completion_refused_at: minutesAgo(29) }), now)).toBe("complete_order")
    expect(nextJobStep(facts({ completion_refused_at: minutesAgo(30) }), now)).toBe("orphan_policy")
    expect(nextJobStep(facts({ state: "returned" }), now)).toBe("none")
    expect(nextJobStep(facts({ kind: "refund", state: "uncertain" }), now)).toBe("none")
  })

  it("attentionReason: lists what a person must settle, with what is known", () => {
    const why = (over: Partial<LedgerFacts>) => attentionReason(facts(over), NOW)
    expect(why({ state: "uncertain", pay_id: null })).toMatch(/named no payment: check TBC's merchant dashboard/)
    expect(why({ state: "uncertain" })).toMatch(/re-checked at the bank/)
    expect(why({ state: "sending", pay_id: null, created_at: minutesAgo(1) })).toBeUndefined()
    expect(why({ state: "sending", pay_id: null, created_at: minutesAgo(2) })).toMatch(/no answer recorded/)
    // a hosted page whose process died mid-call is listed too (nextJobStep leaves it to the admin)
    expect(why({ kind: "web", state: "sending", pay_id: null, created_at: minutesAgo(3) })).toMatch(/no answer/)
    expect(why({ kind: "installment", state: "processing", pay_id: null, created_at: minutesAgo(3) })).toMatch(
      /named no payment/
    )
    expect(why({ state: "processing", created_at: minutesAgo(59) })).toBeUndefined()
    expect(why({ state: "processing", created_at: minutesAgo(60) })).toBe("the bank is still deciding")
    expect(why({ session_gone_at: minutesAgo(1) })).toMatch(/session is gone/)
    expect(why({ completion_refused_at: minutesAgo(1) })).toMatch(/order could not be placed/)
    expect(why({ orphan_action: "notified" })).toMatch(/orphan policy: notify/)
    expect(why({ orphan_action: "failed" })).toMatch(/releasing it failed/)
    expect(why({})).toBeUndefined() // the job places the order
    expect(why({ kind: "cancel", state: "uncertain" })).toMatch(/operation could not be read/)
    // an operation whose process died mid-call: listed once it is no longer in flight
    expect(why({ kind: "completion", state: "sending", created_at: minutesAgo(1) })).toBeUndefined()
    expect(why({ kind: "completion", state: "sending", created_at: minutesAgo(2) })).toMatch(/re-check it at the bank/)
    expect(why({ kind: "refund", state: "done", created_at: minutesAgo(60) })).toBeUndefined()
  })

  it("classifyCompletionFailure: permanent for a cart Medusa refuses, transient for a known passing cause, unknown otherwise", () => {
    const medusa = (type: string, message: string) => Object.assign(new Error(message), { type })
    expect(
      classifyCompletionFailure(medusa("not_allowed", "Some variant does not have the required inventory"))
    ).toEqual({
      kind: "permanent",
      reason: "Some variant does not have the required inventory",
    })
    expect(classifyCompletionFailure(medusa("invalid_data", "x")).kind).toBe("permanent")
    expect(classifyCompletionFailure({ type: "not_found", message: "Cart was not found" }).kind).toBe("permanent")
    // the provider's words for a bank failing as a whole: the only failures the breaker counts
    for (const words of [
      "Could not confirm the payment: the bank did not answer in time. Check the payment's status before trying again.",
      "The bank is not answering right now. Your cart is safe: please try again in a minute.",
      "Could not read the payment: the bank is temporarily unavailable. Please try again later.",
    ]) {
      expect(classifyCompletionFailure(medusa("payment_authorization_error", words))).toEqual({
        kind: "transient",
        reason: words,
        bankWide: true,
      })
    }
    expect(classifyCompletionFailure(new Error("Timed-out acquiring lock"))).toEqual({
      kind: "transient",
      reason: "Timed-out acquiring lock",
    })
    expect(classifyCompletionFailure(medusa("conflict", "the cart is being completed by another request")).kind).toBe(
      "transient"
    )
    // what the job cannot tell: a store's hook, a database error, Medusa's generic authorization failure
    expect(classifyCompletionFailure(medusa("payment_authorization_error", "Payment authorization failed")).kind).toBe(
      "unknown"
    )
    expect(classifyCompletionFailure(new Error("ERP said no"))).toEqual({ kind: "unknown", reason: "ERP said no" })
    expect(classifyCompletionFailure("socket  hang\nup")).toEqual({ kind: "unknown", reason: "socket hang up" })
    expect(classifyCompletionFailure(undefined)).toEqual({ kind: "unknown", reason: "undefined" })
    expect(classifyCompletionFailure(new Error("x".repeat(500))).reason).toHaveLength(300)
  })

  it("a charge whose order keeps failing is listed after COMPLETION_FAILURES_LISTED failures; one authorized without an order after the grace", () => {
    const now = new Date("2026-11-27T12:00:00Z")
    const held = {
      kind: "web" as const,
      state: "held" as const,
      pay_id: "P1",
      created_at: new Date(now.getTime() - 3_600_000),
    }
    expect(
      attentionReason(facts({ ...held, completion_failures: COMPLETION_FAILURES_LISTED - 1 }), now)
    ).toBeUndefined()
    expect(attentionReason(facts({ ...held, completion_failures: COMPLETION_FAILURES_LISTED }), now)).toMatch(
      /placing its order failed 3 times/
    )
    const authorizedAgo = (ms: number) => facts({ ...held, authorized_at: new Date(now.getTime() - ms) })
    expect(attentionReason(authorizedAgo(AUTHORIZED_ORDER_GRACE_MS - 1), now)).toBeUndefined()
    expect(attentionReason(authorizedAgo(AUTHORIZED_ORDER_GRACE_MS), now)).toMatch(/no order followed/)
    expect(attentionReason({ ...authorizedAgo(AUTHORIZED_ORDER_GRACE_MS), order_id: "order_1" }, now)).toBeUndefined()
  })
})

const runs = { numRuns: propertyRuns(1000) }
const entriesArb = fc.array(factsArb, { maxLength: 6 })

describe("ledger guards, as properties", () => {
  it("newPaymentVerdict refuses whenever an unresolved charge exists, and only for an unresolved or live paid one", () => {
    fc.assert(
      fc.property(entriesArb, chargeFactsIn("uncertain", "processing"), fc.nat(6), (others, unresolved, at) => {
        const entries = [...others.slice(0, at), unresolved, ...others.slice(at)]
        expect(newPaymentVerdict(entries)).toMatchObject({ allowed: false, reason: "checking" })
        const verdict = newPaymentVerdict(others)
        const live = others.some((e) => isStrandedMoney(e) && !e.session_gone_at && !e.completion_refused_at)
        expect(verdict.allowed ? "allowed" : verdict.reason).toBe(
          others.some(isUnresolvedCharge) ? "checking" : live ? "paid" : "allowed"
        )
        expect(newPaymentVerdict([...others].reverse())).toEqual(verdict)
      }),
      runs
    )
  })

  it("savedCardExecutionVerdict: executes only with nothing unresolved, reads back only the session's own execution, refuses only while a charge is unresolved", () => {
    // charges of the cart, some of them this session's ("S"); ids tell entries apart
    const chargesArb = fc
      .array(fc.record({ entry: chargeEntryArb, own: fc.boolean() }), { maxLength: 6 })
      .map((rows) =>
        rows.map(({ entry, own }, i) => ({ ...entry, id: `e${i}`, payment_session_id: own ? "S" : `other${i}` }))
      )
    fc.assert(
      fc.property(chargesArb, fc.nat(6), (charges, shared) => {
        const ofSession = charges.filter((e) => e.payment_session_id === "S")
        const verdict = savedCardExecutionVerdict("S", ofSession, charges)
        if (verdict.kind === "execute") expect(charges.some(isUnresolvedCharge)).toBe(false)
        if (verdict.kind === "read_back") {
          expect(ofSession.some((e) => e.kind === "execution" && e.pay_id === verdict.payId)).toBe(true)
        }
        // money the session's executions may hold is used, never charged again: the newest of
        // them is read back, also behind a newer execution that moved nothing
        const mayHoldMoney = ofSession.find(
          (e) => e.kind === "execution" && e.pay_id && !["refused", "expired", "returned"].includes(e.state)
        )
        if (mayHoldMoney) expect(verdict).toEqual({ kind: "read_back", payId: mayHoldMoney.pay_id })
        if (ofSession.some((e) => e.kind === "execution" && e.pay_id && holdsMoney(e))) {
          expect(verdict.kind).toBe("read_back")
        }
        if (verdict.kind === "checking") {
          expect(verdict.message).toBe(CHECKING_PAYMENT_MESSAGE)
          expect(charges.some(isUnresolvedCharge)).toBe(true)
        }
        // an entry listed under the session and the cart counts once; a cart list may hold all of them
        expect(savedCardExecutionVerdict("S", ofSession, charges.slice(shared))).toEqual(
          savedCardExecutionVerdict(
            "S",
            ofSession,
            charges.filter((e, i) => i >= shared || e.payment_session_id === "S")
          )
        )
      }),
      runs
    )
  })

  it("nextJobStep acts only where it may: reads need a payId, orders and releases need money without an order", () => {
    fc.assert(
      fc.property(factsArb, (e) => {
        const step = nextJobStep(e, NOW)
        if (!isChargeKind(e.kind) || ["refused", "returned", "expired"].includes(e.state)) expect(step).toBe("none")
        if (step === "read_bank") expect(e.pay_id).not.toBeNull()
        if (step === "admin") expect(e.pay_id).toBeNull()
        if (step === "complete_order" || step === "orphan_policy") {
          expect(holdsMoney(e) && e.order_id === null).toBe(true)
        }
        if (step === "complete_order") expect(e.session_gone_at).toBeNull()
        if (step === "orphan_policy" && e.session_gone_at === null) {
          // a live session's money only after a permanent refusal and its grace period
          expect(NOW.getTime() - e.completion_refused_at!.getTime()).toBeGreaterThanOrEqual(PERMANENT_REFUSAL_GRACE_MS)
        }
      }),
      runs
    )
  })

  it("leaves no charge that may hold money unseen: a job drives it or the admin list shows it", () => {
    fc.assert(
      fc.property(factsArb, (e) => {
        const step = nextJobStep(e, NOW)
        const listed = attentionReason(e, NOW) !== undefined
        // money without an order that no job will act on (released claim pending, notify, …) is listed
        if (isStrandedMoney(e) && e.orphan_action !== "acting") expect(step !== "none" || listed).toBe(true)
        // the bank's answer could not be read: always listed
        if (isChargeKind(e.kind) && e.state === "uncertain") expect(listed).toBe(true)
        // whatever a job leaves to the admin is on the admin's list once it is no longer in flight
        if (step === "admin" && NOW.getTime() - e.created_at.getTime() >= STALE_SENDING_MS) expect(listed).toBe(true)
        // operations: never driven by these jobs; listed when their answer could not be read or
        // their process died mid-call (still sending once no longer in flight)
        if (!isChargeKind(e.kind)) {
          expect(step).toBe("none")
          const stale = NOW.getTime() - e.created_at.getTime() >= STALE_SENDING_MS
          expect(listed).toBe(e.state === "uncertain" || (e.state === "sending" && stale))
        }
      }),
      runs
    )
  })

  it("sessionGoneVerdict: money goes back on 'session gone' only when Medusa has no such session; a row past the grace is kept", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.nat(3_600_000), fc.nat(3_600_000), (medusaHasSession, ageMs, graceMs) => {
        const verdict = sessionGoneVerdict({
          markedAt: new Date(NOW.getTime() - ageMs),
          medusaHasSession,
          now: NOW,
          graceMs,
        })
        expect(verdict === "gone").toBe(!medusaHasSession)
        if (medusaHasSession) expect(verdict).toBe(ageMs >= graceMs ? "kept" : "wait")
      }),
      { numRuns: propertyRuns(1000) }
    )
  })

  it("classifyCompletionFailure is permanent exactly for invalid_data, not_allowed and not_found", () => {
    const types = fc.oneof(
      fc.constantFrom("invalid_data", "not_allowed", "not_found", "unexpected_state", "database_error", "conflict"),
      fc.constantFrom("payment_authorization_error", "NOT_ALLOWED", "not_allowed ", ""),
      fc.string()
    )
    const shapes = fc.constantFrom("error", "object", "typeless")
    fc.assert(
      fc.property(types, fc.string(), shapes, (type, message, shape) => {
        const error =
          shape === "error"
            ? Object.assign(new Error(message), { type })
            : shape === "object"
              ? { type, message }
              : new Error(message)
        const verdict = classifyCompletionFailure(error)
        const permanent = shape !== "typeless" && ["invalid_data", "not_allowed", "not_found"].includes(type)
        // never permanent for a cart Medusa did not refuse; a plain error is never taken for a known cause
        if (permanent) expect(verdict.kind).toBe("permanent")
        else expect(verdict.kind).not.toBe("permanent")
        if (verdict.kind === "transient" && type !== "conflict") {
          expect(verdict.reason).toMatch(/bank|lock|being completed|still (processing|deciding)/i)
        }
        if (verdict.bankWide)
          expect(verdict).toMatchObject({ kind: "transient", reason: expect.stringMatching(/the bank/i) })
        expect(verdict.reason.length).toBeLessThanOrEqual(300)
        expect(verdict.reason).not.toMatch(/\s\s|[\n\t]/)
      }),
      runs
    )
  })
})
