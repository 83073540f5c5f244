import fc from "fast-check"
import { reconcileNow } from "../run-context"

describe("reconcileNow", () => {
  it("takes an injected ISO time as it is", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (date) => {
          expect(reconcileNow(date.toISOString(), "caller").getTime()).toBe(date.getTime())
        }
      )
    )
  })

  it("uses the real clock when no time is injected", () => {
    const before = Date.now()
    const now = reconcileNow(undefined, "caller").getTime()
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(Date.now())
  })

  it("refuses a time that is not a date, naming the caller and the rule", () => {
    expect(() => reconcileNow("yesterday-ish", "reconcileExpiringPreauths")).toThrow(
      "reconcileExpiringPreauths: now must be an ISO date"
    )
  })
})
