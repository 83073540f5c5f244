/**
 * The refund ledger rule, by example and as a property: over any sequence of intended refunds
 * where any attempt may lose its answer (the bank paid, the store recorded nothing) and is then
 * retried, the bank pays each intended refund exactly once and ends agreeing with the store.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { refundLedgerDecision } from "../refund-ledger"

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
