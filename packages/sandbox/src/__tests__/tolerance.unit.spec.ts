/** The sandbox's tolerances as a pure function: examples and properties. */
import fc from "fast-check"
import { propertyRuns } from "../../../../src/lib/__tests__/property-runs"
import { minorToMajor } from "medusa-payment-tbc/lib"
import { CREATE_APPLICATION_SHAPE, CREATE_PAYMENT_SHAPE, EXECUTION_SHAPE, tolerantBody, tolerated } from "../tolerance"

const RUNS = { numRuns: propertyRuns(1000) }

describe("tolerantBody", () => {
  it("drops nulls, reads decimal strings as numbers and matches names case-insensitively, nested too", () => {
    const body = {
      Amount: { Currency: "GEL", Total: "12.50", tax: null },
      ReturnUrl: "http://r",
      extra: null,
      unknown: 1,
    }
    expect(tolerantBody(body, CREATE_PAYMENT_SHAPE)).toEqual({
      amount: { currency: "GEL", total: 12.5 },
      returnurl: "http://r",
      unknown: 1,
    })
    expect(tolerantBody({ recID: "r1", MONEY: { amount: "3.00", currency: "GEL" } }, EXECUTION_SHAPE)).toEqual({
      recId: "r1",
      money: { amount: 3, currency: "GEL" },
    })
    const products = [{ Name: "A", Price: "60.50", Quantity: 1 }, null]
    expect(tolerantBody({ priceTotal: "100", campaignId: null, products }, CREATE_APPLICATION_SHAPE)).toEqual({
      priceTotal: 100,
      products: [{ name: "A", price: 60.5, quantity: 1 }, null],
    })
  })

  it("keeps the canonical spelling when both are sent, and leaves what is not an amount string alone", () => {
    expect(tolerantBody({ recId: "canonical", RECID: "other" }, EXECUTION_SHAPE)).toEqual({ recId: "canonical" })
    for (const bad of ["abc", "1e3", "1.234", "-1.00", " 1.00", "1.", ".5", "0x10", ""]) {
      expect(tolerantBody({ priceTotal: bad }, CREATE_APPLICATION_SHAPE)).toEqual({ priceTotal: bad })
    }
    expect(tolerantBody({ merchantKey: "100.00" }, CREATE_APPLICATION_SHAPE)).toEqual({ merchantKey: "100.00" }) // not an amount field
  })

  it("is the identity on canonical bodies, and off entirely when the sandbox is strict", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.string(), (minor, name) => {
        const body = {
          merchantKey: "M",
          priceTotal: minorToMajor(minor),
          products: [{ name, price: minorToMajor(minor), quantity: 1 }],
        }
        expect(tolerantBody(body, CREATE_APPLICATION_SHAPE)).toEqual(body)
      }),
      RUNS
    )
    const sloppy = { PriceTotal: "1.00" }
    expect(tolerated({ config: { tolerant: false } }, sloppy, CREATE_APPLICATION_SHAPE)).toBe(sloppy)
  })

  it("reads every amount written with at most 2 decimals as exactly that amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), fc.constantFrom(0, 1, 2), (minor, decimals) => {
        const whole = Math.floor(minor / 100)
        const text = decimals === 0 ? String(whole) : (minor / 100).toFixed(2).slice(0, decimals === 1 ? -1 : undefined)
        const expected = Number(text)
        expect(tolerantBody({ priceTotal: text }, CREATE_APPLICATION_SHAPE)).toEqual({ priceTotal: expected })
      }),
      RUNS
    )
  })

  it("matches a name in any case", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), (upper) => {
        const key = [..."priceTotal"].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join("")
        expect(tolerantBody({ [key]: 5 }, CREATE_APPLICATION_SHAPE)).toEqual({ priceTotal: 5 })
      }),
      RUNS
    )
  })

  it("never copies a __proto__ key", () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "priceTotal": 1}')
    const out = tolerantBody(body, CREATE_APPLICATION_SHAPE) as Record<string, unknown>
    expect(out).toEqual({ priceTotal: 1 })
    expect((out as { polluted?: boolean }).polluted).toBeUndefined()
  })
})
