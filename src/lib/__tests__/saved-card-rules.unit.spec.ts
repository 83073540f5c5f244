import fc from "fast-check"
import { cardBrandOf, isCardUsable, parseMmyy, paymentMethodCard } from "../saved-card-rules"

describe("saved-card rules", () => {
  it("reads the bank's MMYY; anything else is unknown", () => {
    expect(parseMmyy("0130")).toEqual({ month: 1, year: 2030 })
    expect(parseMmyy("1299")).toEqual({ month: 12, year: 2099 })
    for (const bad of ["1330", "0030", "130", "01/30", 130, null, undefined]) expect(parseMmyy(bad)).toBeUndefined()
  })

  it("a card is usable through the last day of its save-until (else expiry) month", () => {
    const card = { save_until: "0627", expiry_date: "0830" }
    expect(isCardUsable(card, new Date("2027-06-30T23:59:59Z"))).toBe(true)
    expect(isCardUsable(card, new Date("2027-07-01T00:00:00Z"))).toBe(false)
    expect(isCardUsable({ save_until: null, expiry_date: "0830" }, new Date("2030-09-01T00:00:00Z"))).toBe(false)
    expect(isCardUsable({ save_until: null, expiry_date: null }, new Date("2099-01-01T00:00:00Z"))).toBe(true)
  })

  it.each([
    ["411111******1111", "visa"],
    ["5***********1234", "mastercard"],
    ["531234******9876", "mastercard"],
    ["222300******0001", "mastercard"],
    ["272099******0001", "mastercard"],
    ["272100******0001", "card"],
    ["371449*****8431", "amex"],
    ["601100******0004", "card"],
    ["**** 1234", "card"],
  ])("names the scheme of %s as %s", (mask, brand) => {
    expect(cardBrandOf(mask)).toBe(brand)
  })

  it("shows a card as the recipe's data.card: last four digits and expiry; never more of the number", () => {
    expect(paymentMethodCard({ card_mask: "411111******1111", expiry_date: "0930" })).toEqual({
      brand: "visa",
      last4: "1111",
      exp_month: 9,
      exp_year: 2030,
    })
    expect(paymentMethodCard({ card_mask: null, expiry_date: "garbage" })).toEqual({
      brand: "card",
      last4: null,
      exp_month: null,
      exp_year: null,
    })
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9*]{6,19}$/), (mask) => {
        const { last4 } = paymentMethodCard({ card_mask: mask, expiry_date: null })
        expect(last4 === null || (last4.length === 4 && mask.endsWith(last4))).toBe(true)
      })
    )
  })
})
