/**
 * The rule for money the bank returned by itself (../bank-returns.ts): examples of each case, and
 * properties: what it records plus what the ledger showed is exactly the bank's refunded total,
 * and once recorded the same read records nothing more.
 */
import fc from "fast-check"
import { propertyRuns } from "../../__tests__/property-runs"
import {
  bankReturnVerdict,
  captureExcessReturned,
  ledgerReturnedMinor,
  type ReturnOperationFacts,
} from "../bank-returns"
import { applyFacetEvent } from "../facets"

const charge = { kind: "web", state: "paid", orphan_action: null }
const bank = (
  status: string,
  returnedMinor: number,
  over: Partial<{ amountMinor: number; confirmedMinor: number }> = {}
) => ({
  status,
  amountMinor: 10_000,
  confirmedMinor: 10_000,
  returnedMinor,
  ...over,
})
const done = (kind: string, amount: number, made_at_bank = false): ReturnOperationFacts => ({
  kind,
  state: "done",
  amount,
  made_at_bank,
})

describe("bankReturnVerdict", () => {
  it("records a dashboard refund beyond our refunds, and nothing once it is recorded", () => {
    const ops = [done("completion", 10_000), done("refund", 2_000)]
    expect(bankReturnVerdict(charge, ops, bank("PartialReturned", 5_000))).toEqual({
      kind: "record",
      op: "refund",
      amountMinor: 3_000,
      knownMinor: 2_000,
    })
    expect(bankReturnVerdict(charge, [...ops, done("refund", 3_000, true)], bank("PartialReturned", 5_000)).kind).toBe(
      "none"
    )
  })

  it("records a hold released at the bank as a cancel of the whole hold", () => {
    expect(
      bankReturnVerdict({ ...charge, state: "held" }, [], bank("Returned", 10_000, { confirmedMinor: 0 }))
    ).toEqual({
      kind: "record",
      op: "cancel",
      amountMinor: 10_000,
      knownMinor: 0,
    })
  })

  it("judges nothing while an operation of ours is unanswered, after our cancel, or after the orphan policy's release", () => {
    const read = bank("Returned", 10_000)
    expect(bankReturnVerdict(charge, [{ kind: "refund", state: "uncertain", amount: 500 }], read).kind).toBe("none")
    expect(bankReturnVerdict(charge, [{ kind: "refund", state: "sending", amount: 500 }], read).kind).toBe("none")
    expect(bankReturnVerdict(charge, [done("cancel", 10_000)], read).kind).toBe("none")
    expect(bankReturnVerdict({ ...charge, orphan_action: "refunded" }, [], read).kind).toBe("none")
    expect(bankReturnVerdict({ ...charge, kind: "installment" }, [], read).kind).toBe("none")
    expect(bankReturnVerdict(charge, [], bank("Succeeded", 0)).kind).toBe("none")
  })

  it("after a smaller completion, the rest of the hold the bank released is no refund", () => {
    const partial = bank("PartialReturned", 6_000 + 1_000, { confirmedMinor: 4_000 })
    expect(bankReturnVerdict(charge, [done("completion", 4_000)], partial)).toMatchObject({ amountMinor: 1_000 })
  })

  it("property: recorded + known = the bank's refunded total; recording it leaves nothing to record", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 3_000 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 10_000 }),
        (ours, extra) => {
          const ops = [done("completion", 10_000), ...ours.map((a) => done("refund", a))]
          const known = ledgerReturnedMinor(ops)
          const returnedMinor = Math.min(10_000, known + extra)
          const status = returnedMinor >= 10_000 ? "Returned" : "PartialReturned"
          const verdict = bankReturnVerdict(charge, ops, bank(status, returnedMinor))
          if (returnedMinor <= known) return expect(verdict.kind).toBe("none")
          expect(verdict).toMatchObject({ kind: "record", knownMinor: known, amountMinor: returnedMinor - known })
          const after = [...ops, done("refund", returnedMinor - known, true)]
          expect(bankReturnVerdict(charge, after, bank(status, returnedMinor)).kind).toBe("none")
        }
      ),
      { numRuns: propertyRuns(500) }
    )
  })
})

describe("Medusa's record and a capture's shortfall (facets)", () => {
  it("records a return made at the bank once; a second record of it is refused", () => {
    const entry = { kind: "refund", state: "done", made_at_bank: true }
    const first = applyFacetEvent(entry, { type: "medusa_recorded", record: "ref_1" })
    expect(first).toMatchObject({ ok: true, changed: true })
    const recorded = { ...entry, medusa_record: "ref_1", medusa_recorded_at: new Date() }
    expect(applyFacetEvent(recorded, { type: "medusa_recorded", record: "ref_1" })).toMatchObject({ changed: false })
    expect(applyFacetEvent(recorded, { type: "medusa_recorded", record: "ref_2" }).ok).toBe(false)
    expect(applyFacetEvent({ kind: "refund", state: "done" }, { type: "medusa_recorded", record: "ref_1" }).ok).toBe(
      false
    )
    expect(applyFacetEvent(recorded, { type: "medusa_record_undone", record: "ref_1" })).toMatchObject({
      changed: true,
    })
  })

  it("a shortfall only on a done completion, for less than it took; its excess returned by refunds that cover it", () => {
    const completion = { kind: "completion", state: "done" }
    expect(
      applyFacetEvent(completion, { type: "capture_shortfall", askedMinor: 4_000, takenMinor: 10_000 })
    ).toMatchObject({
      ok: true,
      facets: { capture_asked: 4_000 },
    })
    expect(applyFacetEvent(completion, { type: "capture_shortfall", askedMinor: 10_000, takenMinor: 10_000 }).ok).toBe(
      false
    )
    expect(
      applyFacetEvent({ kind: "refund", state: "done" }, { type: "capture_shortfall", askedMinor: 1, takenMinor: 2 }).ok
    ).toBe(false)
    const short = { kind: "completion", amount: 10_000, capture_asked: 4_000 }
    expect([captureExcessReturned(short, 5_999), captureExcessReturned(short, 6_000)]).toEqual([false, true])
  })
})
