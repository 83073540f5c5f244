/**
 * The refund ledger rule, by example and as a property: over any sequence of intended refunds
 * where any attempt may lose its answer (the bank paid, the store recorded nothing) and is then
 * retried, the bank pays each intended refund exactly once and ends agreeing with the store; and
 * so it does when each refund runs on any of several instances, handed payment data of any age,
 * with the money ledger's figure (what every instance shares) as an input.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import {
  ledgerRecordedRefundsMinor,
  ledgerRecordedReturnedMinor,
  refundedMinorOf,
  refundLedgerDecision,
  releasedMinorOf,
} from "../refund-ledger"

describe("refundLedgerDecision", () => {
  it("sends when the store knows everything the bank returned (or more)", () => {
    expect(refundLedgerDecision({ bankReturnedMinor: 0, recordedMinor: 0, amountMinor: 500 })).toEqual({ kind: "send" })
    expect(refundLedgerDecision({ bankReturnedMinor: 1000, recordedMinor: 1000, amountMinor: 1 })).toEqual({
      kind: "send",
    })
    expect(refundLedgerDecision({ bankReturnedMinor: 0, recordedMinor: 300, amountMinor: 1 })).toEqual({ kind: "send" })
  })

  it("recognises the retry of a lost refund by its amount, and refuses any other unrecorded sum", () => {
    expect(refundLedgerDecision({ bankReturnedMinor: 1000, recordedMinor: 0, amountMinor: 1000 })).toEqual({
      kind: "already-returned",
    })
    expect(refundLedgerDecision({ bankReturnedMinor: 1500, recordedMinor: 500, amountMinor: 1000 })).toEqual({
      kind: "already-returned",
    })
    expect(refundLedgerDecision({ bankReturnedMinor: 1000, recordedMinor: 0, amountMinor: 999 })).toEqual({
      kind: "unrecorded",
      unrecordedMinor: 1000,
    })
    expect(refundLedgerDecision({ bankReturnedMinor: 1000, recordedMinor: 0, amountMinor: 1001 })).toEqual({
      kind: "unrecorded",
      unrecordedMinor: 1000,
    })
  })

  it("pays every intended refund exactly once, however many answers are lost", () => {
    const intended = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 })
    // per intended refund: how many attempts lose their answer before one gets through
    const losses = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 20, maxLength: 20 })
    fc.assert(
      fc.property(intended, losses, (amounts, lost) => {
        let bank = 0
        let store = 0
        let sends = 0
        amounts.forEach((amountMinor, i) => {
          for (let attempt = 0; ; attempt++) {
            const decision = refundLedgerDecision({ bankReturnedMinor: bank, recordedMinor: store, amountMinor })
            expect(decision.kind).not.toBe("unrecorded")
            if (decision.kind === "send") {
              bank += amountMinor
              sends++
            }
            if (attempt >= lost[i]) {
              store += amountMinor // the answer arrived: Medusa records the refund
              break
            }
            // the answer was lost: Medusa records nothing and the admin tries again
          }
        })
        expect(bank).toBe(store)
        expect(sends).toBe(amounts.length)
        expect(bank).toBe(amounts.reduce((a, b) => a + b, 0))
      }),
      { numRuns: propertyRuns(1000) }
    )
  })

  it("never sends while the bank holds returns the store has not recorded", () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (recorded, extra, amount) => {
          const decision = refundLedgerDecision({
            bankReturnedMinor: recorded + extra,
            recordedMinor: recorded,
            amountMinor: amount,
          })
          expect(decision.kind).toBe(extra === amount ? "already-returned" : "unrecorded")
        }
      ),
      { numRuns: propertyRuns(2000) }
    )
  })
})

const ANSWER = "bank:answer"

describe("the money ledger's figure (refunds recorded on any instance)", () => {
  it("a second refund of the same amount on another instance, handed data from before the first, is sent", () => {
    // A refunded 150.00 and reported it; B's payment data still says nothing was returned
    const stale = { bankReturnedMinor: 15_000, recordedMinor: 0, amountMinor: 15_000 }
    expect(refundLedgerDecision(stale)).toEqual({ kind: "already-returned" }) // the gap the ledger closes
    expect(refundLedgerDecision({ ...stale, ledgerRecordedMinor: 15_000 })).toEqual({ kind: "send" })
    // a lost refund is not in the ledger's figure: its retry is still recognised
    expect(refundLedgerDecision({ ...stale, ledgerRecordedMinor: 0 })).toEqual({ kind: "already-returned" })
    // the ledger never lowers what Medusa's data shows (refunds from before the ledger)
    expect(
      refundLedgerDecision({ bankReturnedMinor: 500, recordedMinor: 500, ledgerRecordedMinor: 0, amountMinor: 500 })
    ).toEqual({
      kind: "send",
    })
  })

  it("counts the refunds the provider's own answer finished, and no other entry", () => {
    const entry = (over: Partial<Parameters<typeof ledgerRecordedRefundsMinor>[0][number]>) => ({
      kind: "refund",
      state: "done",
      state_by: ANSWER,
      amount: 1_000,
      ...over,
    })
    const entries = [
      entry({ amount: 1_000 }),
      entry({ amount: 250 }),
      entry({ state: "uncertain" }), // its answer was lost: Medusa recorded nothing
      entry({ state_by: "admin:user_1" }), // found done by a re-check: Medusa still recorded nothing
      entry({ state: "sending" }), // this very refund, or one under way
      entry({ state: "refused" }),
      entry({ kind: "completion" }),
      entry({ kind: "cancel" }),
    ]
    expect(ledgerRecordedRefundsMinor(entries, ANSWER)).toBe(1_250)
    expect(ledgerRecordedRefundsMinor([], ANSWER)).toBe(0)
  })

  it("is put in the bank's terms: the released rest of a hold the bank counts as returned is added", () => {
    // hold 100.00 completed for 60.00: the sandbox's returnedAmount counts the other 40.00, then 10.00 refunded
    expect(
      ledgerRecordedReturnedMinor({ amountMinor: 10_000, confirmedMinor: 6_000, returnedMinor: 5_000 }, 1_000)
    ).toBe(5_000)
    // a bank that counts refunds only
    expect(
      ledgerRecordedReturnedMinor({ amountMinor: 10_000, confirmedMinor: 6_000, returnedMinor: 1_000 }, 1_000)
    ).toBe(1_000)
    expect(ledgerRecordedReturnedMinor({ amountMinor: 10_000, confirmedMinor: 0, returnedMinor: 3_000 }, 2_000)).toBe(
      2_000
    )
  })

  it("pays every intended refund exactly once across instances with stale data and lost answers", () => {
    const intended = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 })
    const losses = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 20, maxLength: 20 })
    // how far behind each attempt's payment data is: 0 = current, n = the store's figure n refunds ago
    const staleness = fc.array(fc.nat(5), { minLength: 80, maxLength: 80 })
    // the released rest of the hold, counted in the bank's returnedAmount (0: a whole completion)
    const released = fc.nat(100_000)
    fc.assert(
      fc.property(intended, losses, staleness, released, (amounts, lost, lag, releasedMinor) => {
        const confirmedMinor = amounts.reduce((a, b) => a + b, 0)
        const bank = { amountMinor: confirmedMinor + releasedMinor, confirmedMinor, returnedMinor: releasedMinor }
        const entries: { kind: string; state: string; state_by: string | null; amount: number }[] = []
        /** Medusa's returnedAmount after each recorded refund (its data for the next one may be any of them) */
        const storeFigures = [releasedMinor]
        let attempts = 0
        let sends = 0
        amounts.forEach((amountMinor, i) => {
          for (let attempt = 0; ; attempt++) {
            const lagBy = Math.min(lag[attempts++ % lag.length], storeFigures.length - 1)
            const decision = refundLedgerDecision({
              bankReturnedMinor: bank.returnedMinor,
              recordedMinor: storeFigures[storeFigures.length - 1 - lagBy],
              ledgerRecordedMinor: ledgerRecordedReturnedMinor(bank, ledgerRecordedRefundsMinor(entries, ANSWER)),
              amountMinor,
            })
            expect(decision.kind).not.toBe("unrecorded")
            if (decision.kind === "send") {
              bank.returnedMinor += amountMinor
              sends++
            }
            if (attempt >= lost[i]) {
              // the answer arrived: the entry is done by it and Medusa records the refund
              entries.push({ kind: "refund", state: "done", state_by: ANSWER, amount: amountMinor })
              storeFigures.push(bank.returnedMinor)
              break
            }
            // the answer was lost: the entry is uncertain, Medusa records nothing, the admin retries
            entries.push({ kind: "refund", state: "uncertain", state_by: ANSWER, amount: amountMinor })
          }
        })
        expect(sends).toBe(amounts.length)
        expect(bank.returnedMinor - releasedMinor).toBe(confirmedMinor)
        expect(storeFigures[storeFigures.length - 1]).toBe(bank.returnedMinor)
      }),
      { numRuns: propertyRuns(1000) }
    )
  })
})

describe("refundedMinorOf after a smaller completion (partial capture)", () => {
  it("leaves the released rest of the hold out of the refunds", () => {
    // hold 100.00, completed 60.00: the bank returned the other 40.00 by itself
    const completed = { amountMinor: 10_000, confirmedMinor: 6_000 }
    expect(releasedMinorOf({ ...completed, returnedMinor: 4_000 })).toBe(4_000)
    expect(refundedMinorOf({ ...completed, returnedMinor: 4_000 })).toBe(0)
    expect(refundedMinorOf({ ...completed, returnedMinor: 6_500 })).toBe(2_500)
    // a bank that counts refunds only: its figure as it is
    expect(refundedMinorOf({ ...completed, returnedMinor: 1_000 })).toBe(1_000)
    // no smaller completion: nothing released
    expect(releasedMinorOf({ amountMinor: 10_000, confirmedMinor: 10_000, returnedMinor: 0 })).toBe(0)
    expect(releasedMinorOf({ amountMinor: 10_000, confirmedMinor: 0, returnedMinor: 10_000 })).toBe(0)
    expect(refundedMinorOf({ amountMinor: 10_000, confirmedMinor: 0, returnedMinor: 2_500 })).toBe(2_500)
  })

  it("is exactly the refunds when the bank counts the released rest as returned; never more than them otherwise", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (held, confirmedSeed, refundSeed) => {
          const confirmed = 1 + (confirmedSeed % (held - 1)) // 1 … held - 1: a smaller completion
          const refunded = refundSeed % (confirmed + 1) // 0 … confirmed
          const base = { amountMinor: held, confirmedMinor: confirmed }
          // the sandbox's reading: returnedAmount = the released rest + refunds
          expect(refundedMinorOf({ ...base, returnedMinor: held - confirmed + refunded })).toBe(refunded)
          // refunds only: what is left to refund is never judged smaller than it is
          const judged = refundedMinorOf({ ...base, returnedMinor: refunded })
          expect(judged).toBeLessThanOrEqual(refunded)
          expect(judged).toBeGreaterThanOrEqual(0)
        }
      ),
      { numRuns: propertyRuns(500) }
    )
  })
})
