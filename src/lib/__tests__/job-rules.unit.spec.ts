import fc from "fast-check"
import { CircuitBreaker, isBankOutage, preauthExpiryStep } from "../job-rules"
import { TbcApiError, TbcNetworkError } from "../tbc/errors"

describe("CircuitBreaker", () => {
  it("opens after `limit` failures in a row and stays open", () => {
    const breaker = new CircuitBreaker(3)
    breaker.failure()
    breaker.failure()
    breaker.success()
    breaker.failure()
    breaker.failure()
    expect(breaker.open).toBe(false)
    breaker.failure()
    expect(breaker.open).toBe(true)
    breaker.success()
    expect(breaker.open).toBe(true)
  })

  it("property: open exactly when some run of consecutive failures reached the limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.boolean(), { maxLength: 40 }), (limit, outcomes) => {
        const breaker = new CircuitBreaker(limit)
        let run = 0
        let reached = false
        for (const ok of outcomes) {
          if (ok) breaker.success()
          else breaker.failure()
          run = ok ? 0 : run + 1
          if (run >= limit) reached = true
        }
        expect(breaker.open).toBe(reached)
      })
    )
  })

  it("refuses a limit below 1", () => {
    expect(() => new CircuitBreaker(0)).toThrow(/limit must be an integer ≥ 1/)
  })
})

describe("isBankOutage", () => {
  const api = (status: number) => new TbcApiError("GET /v1/tpay/payments/{payId}", { status, title: "x" })
  it("counts network failures, 5xx and 429; not a 4xx about one payment", () => {
    expect(isBankOutage(new TbcNetworkError("GET x", false, "ECONNREFUSED"))).toBe(true)
    expect(isBankOutage(api(503))).toBe(true)
    expect(isBankOutage(api(429))).toBe(true)
    expect(isBankOutage(api(404))).toBe(false)
    expect(isBankOutage(new Error("database down"))).toBe(false)
  })
})

describe("preauthExpiryStep", () => {
  const facts = fc.record({
    action: fc.constantFrom("none" as const, "complete" as const, "cancel" as const),
    bankHolds: fc.boolean(),
    medusaCaptured: fc.boolean(),
    medusaCanceled: fc.boolean(),
    fulfilled: fc.boolean(),
  })

  it("never cancels a fulfilled order: completes it instead", () => {
    expect(
      preauthExpiryStep({
        action: "cancel",
        bankHolds: true,
        medusaCaptured: false,
        medusaCanceled: false,
        fulfilled: true,
      })
    ).toBe("complete")
    expect(
      preauthExpiryStep({
        action: "cancel",
        bankHolds: true,
        medusaCaptured: false,
        medusaCanceled: false,
        fulfilled: false,
      })
    ).toBe("cancel")
  })

  it("property: never cancels something fulfilled, captured, or no longer held; acts only on a live hold", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const step = preauthExpiryStep(f)
        if (step === "cancel") {
          expect(f.fulfilled || f.medusaCaptured || !f.bankHolds).toBe(false)
        }
        if (!f.bankHolds || f.medusaCaptured || f.medusaCanceled) expect(step).toBe("skip")
        if (f.action === "none" && step !== "skip") expect(step).toBe("notify")
      })
    )
  })
})
