import fc from "fast-check"
import { minorToMajor } from "../money"
import { completedByStoreCapture, captureVerdict, holdIsOpen, type CompletionFact } from "../capture-amount"

const payment = (amount: unknown, captured: unknown[] = [], completions: CompletionFact[] = []) => ({
  amount,
  currency_code: "gel",
  captured,
  completions,
})

describe("captureVerdict", () => {
  it("leaves a capture without an amount, of the whole amount, or above it (Medusa's own error) to Medusa", () => {
    expect(captureVerdict(undefined, payment(20.2))).toEqual({ kind: "full" })
    expect(captureVerdict(null, payment(20.2))).toEqual({ kind: "full" })
    expect(captureVerdict(20.2, payment(20.2))).toEqual({ kind: "full" })
    expect(captureVerdict("20.20", payment(20.2))).toEqual({ kind: "full" })
    expect(captureVerdict(25, payment(20.2))).toEqual({ kind: "full" })
  })

  it("turns less than the hold into one completion of exactly that many tetri", () => {
    expect(captureVerdict(10, payment(20.2))).toEqual({ kind: "partial", amountMinor: 1000, heldMinor: 2020 })
    expect(captureVerdict(20.19, payment(20.2))).toEqual({ kind: "partial", amountMinor: 2019, heldMinor: 2020 })
    expect(captureVerdict("0.01", payment("20.20"))).toEqual({ kind: "partial", amountMinor: 1, heldMinor: 2020 })
  })

  it("refuses amounts that are no money, naming the field and the rule", () => {
    expect(captureVerdict("abc", payment(20.2))).toEqual({
      kind: "refuse",
      message: "amount: must be a number of at most 2 decimals.",
    })
    expect(captureVerdict(1.005, payment(20.2))).toMatchObject({ kind: "refuse", message: /at most 2 decimals/ })
    expect(captureVerdict(0, payment(20.2))).toEqual({ kind: "refuse", message: "amount: must be greater than 0." })
    expect(captureVerdict(-1, payment(20.2))).toMatchObject({ kind: "refuse", message: /^amount: / })
  })

  it("refuses a second capture once the bank completed, saying what it took and what it returned", () => {
    const done = [{ state: "done", amount: 1200 }]
    for (const asked of [undefined, 8.2, 20.2, 1, 12]) {
      expect(captureVerdict(asked, payment(20.2, [12], done))).toEqual({
        kind: "refuse",
        message:
          "amount: this TBC payment was already captured: the bank completed 12.00 GEL and returned the other 8.20 GEL " +
          "of the hold to the card. The bank completes a hold only once, so nothing more can be captured; refund from " +
          "the captured amount if needed.",
      })
    }
    // Medusa's own record says so too (a capture made before the ledger knew completions)
    expect(captureVerdict(undefined, payment(20.2, [20.2]))).toMatchObject({
      kind: "refuse",
      message: /already captured: the bank completed 20\.20 GEL\. The bank completes a hold only once/,
    })
  })

  it("lets exactly what the bank took be recorded when Medusa has no capture of it (it failed after the bank acted)", () => {
    const done = [{ state: "done", amount: 1200 }]
    expect(captureVerdict(12, payment(20.2, [], done))).toEqual({ kind: "partial", amountMinor: 1200, heldMinor: 2020 })
    expect(captureVerdict(undefined, payment(12, [], done))).toEqual({ kind: "full" })
    expect(captureVerdict(12.01, payment(20.2, [], done))).toMatchObject({ kind: "refuse" })
    expect(captureVerdict(12, payment(20.2, [12], done))).toMatchObject({ kind: "refuse" })
  })

  it("lets a retry through while an earlier completion is unanswered or was refused", () => {
    for (const state of ["sending", "uncertain", "refused"]) {
      expect(captureVerdict(5, payment(20.2, [], [{ state, amount: 500 }]))).toMatchObject({ kind: "partial" })
    }
  })

  it("a partial capture is exactly the amounts below the hold, to the tetri", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.boolean(),
        (held, asked, asText) => {
          const requested = asText ? minorToMajor(asked).toFixed(2) : minorToMajor(asked)
          const verdict = captureVerdict(requested, payment(minorToMajor(held)))
          if (asked < held) expect(verdict).toEqual({ kind: "partial", amountMinor: asked, heldMinor: held })
          else expect(verdict).toEqual({ kind: "full" })
        }
      )
    )
  })

  it("after a done completion every capture is refused, whatever the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 100_000_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000_000 }), { nil: undefined }),
        (held, asked) => {
          const confirmed = Math.max(1, Math.floor(held / 2))
          const verdict = captureVerdict(
            asked === undefined ? undefined : minorToMajor(asked),
            payment(minorToMajor(held), [minorToMajor(confirmed)], [{ state: "done", amount: confirmed }])
          )
          expect(verdict.kind).toBe("refuse")
        }
      )
    )
  })
})

describe("completedByStoreCapture", () => {
  it("is true while the store's own completion is under way or done, not after it failed or was refused", () => {
    expect(completedByStoreCapture([{ state: "sending" }])).toBe(true)
    expect(completedByStoreCapture([{ state: "refused" }, { state: "done" }])).toBe(true)
    expect(completedByStoreCapture([{ state: "uncertain" }, { state: "refused" }])).toBe(false)
    expect(completedByStoreCapture([])).toBe(false)
  })
})

describe("holdIsOpen", () => {
  const at = "2026-12-04T10:00:00.000Z"
  it("is open only while Medusa has neither canceled the payment nor recorded any capture of it", () => {
    expect(holdIsOpen({ captured_at: null, canceled_at: null, captures: 0 })).toBe(true)
    expect(holdIsOpen({ captured_at: at, canceled_at: null, captures: 1 })).toBe(false)
    expect(holdIsOpen({ captured_at: null, canceled_at: at, captures: 0 })).toBe(false)
  })
  it("is closed by a capture for less that left captured_at unset: the bank completed once and returned the rest", () => {
    expect(holdIsOpen({ captured_at: null, canceled_at: null, captures: 1 })).toBe(false)
  })
})
