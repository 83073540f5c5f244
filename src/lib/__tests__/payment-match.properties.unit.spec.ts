import fc from "fast-check"
import { minorToMajor } from "../money"
import { paymentMismatch } from "../payment-match"

const minor = fc.integer({ min: 0, max: 10_000_000_000 })
const currency = fc.constantFrom("GEL", "USD", "EUR")

describe("paymentMismatch", () => {
  it("accepts exactly the session's amount and currency, whatever the case or form", () => {
    expect(paymentMismatch({ amount: 20.2, currency: "gel" }, { amount: 20.2, currency: "GEL" })).toBeUndefined()
    expect(paymentMismatch({ amount: "20.20", currency: "GEL" }, { amount: 20.2, currency: " GEL" })).toBeUndefined()
  })

  it("refuses one tetri less or more, another currency, and anything missing", () => {
    expect(paymentMismatch({ amount: 20.2, currency: "GEL" }, { amount: 20.19, currency: "GEL" })).toBe(
      "The bank's payment (20.19 GEL) does not match this checkout (20.20 GEL), so it was not accepted. Please start the payment again."
    )
    expect(paymentMismatch({ amount: 20.2, currency: "GEL" }, { amount: 20.21, currency: "GEL" })).toMatch(/20\.21 GEL/)
    expect(paymentMismatch({ amount: 20.2, currency: "GEL" }, { amount: 20.2, currency: "USD" })).toMatch(/20\.20 USD/)
    expect(paymentMismatch({ amount: 20.2, currency: "GEL" }, { amount: undefined, currency: "GEL" })).toMatch(
      /unknown amount/
    )
    expect(paymentMismatch({ amount: undefined, currency: "GEL" }, { amount: 20.2, currency: "GEL" })).toMatch(
      /unknown amount/
    )
    expect(paymentMismatch({ amount: 20.2, currency: undefined }, { amount: 20.2, currency: "GEL" })).toMatch(
      /no currency/
    )
    expect(paymentMismatch({ amount: 20.205, currency: "GEL" }, { amount: 20.205, currency: "GEL" })).toBeDefined()
  })

  it("matches if and only if the tetri and the currency are equal", () => {
    fc.assert(
      fc.property(minor, currency, minor, currency, (a, ca, b, cb) => {
        const verdict = paymentMismatch(
          { amount: minorToMajor(a), currency: ca },
          { amount: minorToMajor(b), currency: cb }
        )
        expect(verdict === undefined).toBe(a === b && ca === cb)
      })
    )
  })
})
