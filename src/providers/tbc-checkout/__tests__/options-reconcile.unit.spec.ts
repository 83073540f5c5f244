import { parseCheckoutOptions } from "../options"

const base = {
  apiKey: "test-api-key",
  clientId: "test-client",
  clientSecret: "test-client-secret",
  environment: "http://127.0.0.1:4010",
  storeUrl: "http://localhost:9000",
  returnUrl: "https://shop.example.ge/checkout/return",
}

describe("checkout options: reconciliation settings", () => {
  it("defaults to notify only, 3 warning days and 15 minutes", () => {
    const options = parseCheckoutOptions(base)
    expect(options.preauthExpiryAction).toBe("none")
    expect(options.preauthWarningDays).toBe(3)
    expect(options.pendingReconcileMinutes).toBe(15)
  })

  it("accepts the allowed values (numbers also as strings from env)", () => {
    const options = parseCheckoutOptions({
      ...base,
      preauthExpiryAction: "complete",
      preauthWarningDays: "5",
      pendingReconcileMinutes: 30,
    })
    expect(options.preauthExpiryAction).toBe("complete")
    expect(options.preauthWarningDays).toBe(5)
    expect(options.pendingReconcileMinutes).toBe(30)
  })

  it.each([
    ["preauthExpiryAction", "refund", "must be one of none, complete, cancel"],
    ["preauthWarningDays", 31, "must be a number from 1 to 30"],
    ["preauthWarningDays", 0.5, "must be a number from 1 to 30"],
    ["pendingReconcileMinutes", -1, "must be a number greater than 0 and at most 1440"],
  ])("refuses a bad %s at load, naming the option and the rule", (field, value, rule) => {
    expect(() => parseCheckoutOptions({ ...base, [field]: value })).toThrow(`${field}: ${rule}`)
  })
})
