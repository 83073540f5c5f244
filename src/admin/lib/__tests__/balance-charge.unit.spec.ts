import fc from "fast-check"
import { chargeAmountOf, chargeableCards } from "../balance-charge"

const card = (over: Record<string, unknown> = {}) => ({
  id: "tbccard_1",
  card_mask: "411111******1111",
  expiry_date: "0830",
  merchant_charges_consent_at: "2026-12-01T10:00:00.000Z",
  usable: true,
  ...over,
})
const view = (over: Record<string, unknown> = {}) => ({
  order_id: "order_1",
  currency_code: "gel",
  outstanding_amount: 40,
  cards: [
    card(),
    card({ id: "tbccard_2", merchant_charges_consent_at: null }),
    card({ id: "tbccard_3", usable: false }),
  ],
  unresolved: [],
  ...over,
})

describe("the widget's saved-card charge", () => {
  it("offers only usable cards saved with consent, and only for an order that owes GEL", () => {
    expect(chargeableCards(view()).map((c) => c.id)).toEqual(["tbccard_1"])
    expect(chargeableCards(view({ outstanding_amount: 0 }))).toEqual([])
    expect(chargeableCards(view({ currency_code: "usd" }))).toEqual([])
  })

  it("reads the typed amount: empty is what the order owes; never more", () => {
    expect(chargeAmountOf("", 40)).toEqual({ amount: 40 })
    expect(chargeAmountOf("12,5", 40)).toEqual({ amount: 12.5 })
    expect(chargeAmountOf("40.01", 40)).toEqual({ error: "tooMuch" })
    expect(chargeAmountOf("0", 40)).toEqual({ error: "notPositive" })
    expect(chargeAmountOf("1.234", 40)).toEqual({ error: "notAnAmount" })
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 20_000_000 }), (owed, typed) => {
        const result = chargeAmountOf((typed / 100).toFixed(2), owed / 100)
        if ("amount" in result) expect(Math.round(result.amount * 100)).toBeLessThanOrEqual(owed)
        else expect(typed === 0 || typed > owed).toBe(true)
      })
    )
  })
})
