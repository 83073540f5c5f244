import fc from "fast-check"
import { minorToMajor } from "../money"
import { partialCaptureRefusal } from "../capture-amount"

const payment = (amount: number, captured: number[] = []) => ({ amount, currency_code: "gel", captured })

describe("partialCaptureRefusal", () => {
  it("lets a capture without an amount, of the whole amount, or above it (Medusa's own error) through", () => {
    expect(partialCaptureRefusal(undefined, payment(20.2))).toBeUndefined()
    expect(partialCaptureRefusal(null, payment(20.2))).toBeUndefined()
    expect(partialCaptureRefusal(20.2, payment(20.2))).toBeUndefined()
    expect(partialCaptureRefusal("20.20", payment(20.2))).toBeUndefined()
    expect(partialCaptureRefusal(25, payment(20.2))).toBeUndefined()
  })

  it("refuses less than the amount left, naming the field, both sums and what to do", () => {
    expect(partialCaptureRefusal(10, payment(20.2))).toBe(
      "amount: a TBC payment is captured in full: 10.00 GEL is less than the 20.20 GEL held, and the bank completes a hold only once. " +
        "Capture the full amount (then refund the difference), or cancel the payment."
    )
    expect(partialCaptureRefusal(20.19, payment(20.2))).toMatch(/20\.19 GEL is less than the 20\.20 GEL/)
    expect(partialCaptureRefusal(0, payment(20.2))).toMatch(/^amount: /)
    expect(partialCaptureRefusal("abc", payment(20.2))).toBe("amount: must be a number of at most 2 decimals.")
    expect(partialCaptureRefusal(1.005, payment(20.2))).toMatch(/at most 2 decimals/)
  })

  it("measures against what is left after earlier captures", () => {
    expect(partialCaptureRefusal(5.2, payment(20.2, [15]))).toBeUndefined()
    expect(partialCaptureRefusal(5.19, payment(20.2, [15]))).toMatch(/5\.19 GEL is less than the 5\.20 GEL/)
  })

  it("refuses exactly the amounts below what is left", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (total, asked) => {
          const refused = partialCaptureRefusal(minorToMajor(asked), payment(minorToMajor(total))) !== undefined
          expect(refused).toBe(asked < total)
        }
      )
    )
  })
})
