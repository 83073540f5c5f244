/** Property tests of the retry rule of failed installment status changes. */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { afterFailedAttempt, MAX_RETRY_BACKOFF_SECONDS, type ChangeRetryPolicy } from "../installment-retry"

const RUNS = { numRuns: propertyRuns(500) }
const policy = fc.record({
  retries: fc.integer({ min: 0, max: 50 }),
  backoffSeconds: fc.integer({ min: 0, max: 3600 }),
})

/** Follows the rule from the first failure until it gives up: the waits between tries. */
function waitsUntilGivenUp(p: ChangeRetryPolicy): number[] {
  const waits: number[] = []
  for (let attempts = 1; ; attempts++) {
    const next = afterFailedAttempt(attempts, p)
    if (next.giveUp) return waits
    waits.push(next.retryInSeconds)
  }
}

describe("afterFailedAttempt", () => {
  it("allows exactly `retries` retries, i.e. retries + 1 tries in all", () => {
    fc.assert(
      fc.property(policy, (p) => {
        expect(waitsUntilGivenUp(p)).toHaveLength(p.retries)
        expect(afterFailedAttempt(p.retries + 1, p)).toEqual({ giveUp: true })
      }),
      RUNS
    )
  })

  it("waits backoff, 2×, 4×, … never less than before and never more than the cap", () => {
    fc.assert(
      fc.property(policy, (p) => {
        const waits = waitsUntilGivenUp(p)
        waits.forEach((wait, i) => {
          expect(wait).toBe(Math.min(p.backoffSeconds * 2 ** i, MAX_RETRY_BACKOFF_SECONDS))
          expect(wait).toBeLessThanOrEqual(MAX_RETRY_BACKOFF_SECONDS)
          if (i > 0) expect(wait).toBeGreaterThanOrEqual(waits[i - 1])
        })
      }),
      RUNS
    )
  })

  it("gives up for good: every try past the last retry gives up too", () => {
    fc.assert(
      fc.property(policy, fc.integer({ min: 1, max: 1000 }), (p, extra) => {
        expect(afterFailedAttempt(p.retries + extra, p).giveUp).toBe(true)
      }),
      RUNS
    )
  })

  it("examples: the defaults-like policy and a zero backoff", () => {
    expect(waitsUntilGivenUp({ retries: 5, backoffSeconds: 60 })).toEqual([60, 120, 240, 480, 960])
    expect(waitsUntilGivenUp({ retries: 3, backoffSeconds: 0 })).toEqual([0, 0, 0])
    expect(waitsUntilGivenUp({ retries: 0, backoffSeconds: 60 })).toEqual([])
    expect(() => afterFailedAttempt(0, { retries: 1, backoffSeconds: 1 })).toThrow(/attempts/)
  })
})
