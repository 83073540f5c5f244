import fc from "fast-check"
import { DEFAULT_CALLBACK_LOG_RETENTION_DAYS, readCallbackLogRetentionDays } from "../callback-log-options"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"

describe("callbackLogRetentionDays", () => {
  it("defaults to 90 days and takes whole days from 1 to 3650", () => {
    expect(DEFAULT_CALLBACK_LOG_RETENTION_DAYS).toBe(90)
    expect(readCallbackLogRetentionDays({})).toBe(90)
    expect(readCallbackLogRetentionDays({ callbackLogRetentionDays: "30" })).toBe(30)
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 }), (days) => {
        expect(readCallbackLogRetentionDays({ callbackLogRetentionDays: days })).toBe(days)
      })
    )
  })

  it("refuses anything else at load, naming the option and the rule", () => {
    const base = {
      apiKey: "k",
      clientId: "c",
      clientSecret: "s",
      environment: "test",
      storeUrl: "https://s.ge",
      returnUrl: "https://shop.example.ge/checkout/return",
    }
    for (const bad of [0, -1, 1.5, 3651, "ninety", true]) {
      expect(() => readCallbackLogRetentionDays({ callbackLogRetentionDays: bad })).toThrow(
        "Invalid TBC checkout option callbackLogRetentionDays: must be a whole number of days from 1 to 3650"
      )
      expect(() => parseCheckoutOptions({ ...base, callbackLogRetentionDays: bad })).toThrow(
        /callbackLogRetentionDays: must be a whole number of days from 1 to 3650/
      )
    }
    expect(parseCheckoutOptions({ ...base, callbackLogRetentionDays: 7 }).callbackLogRetentionDays).toBe(7)
  })
})
