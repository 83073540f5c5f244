import fc from "fast-check"
import { isCardUsable, publicSavedCard, type StoredSavedCard } from "../saved-card-table"

const card = (over: Partial<StoredSavedCard> = {}): StoredSavedCard => ({
  id: "tbccard_1",
  customer_id: "cus_A",
  provider_id: "pp_tbc-checkout_tbc",
  rec_id: "secret-rec-id",
  status: "active",
  card_mask: "411111******1111",
  expiry_date: "0830",
  save_until: "0627",
  created_at: new Date("2026-11-22T10:00:00Z"),
  ...over,
})

describe("isCardUsable", () => {
  it("is usable through the last day of the save-until month, then not", () => {
    expect(isCardUsable(card(), new Date("2027-06-30T23:59:59Z"))).toBe(true)
    expect(isCardUsable(card(), new Date("2027-07-01T00:00:00Z"))).toBe(false)
    expect(isCardUsable(card({ save_until: null }), new Date("2030-08-31T12:00:00Z"))).toBe(true)
    expect(isCardUsable(card({ save_until: null }), new Date("2030-09-01T00:00:00Z"))).toBe(false)
    expect(isCardUsable(card({ save_until: null, expiry_date: "garbage" }), new Date("2099-01-01T00:00:00Z"))).toBe(
      true
    )
  })

  it("property: usable exactly when the month of now is not after MMYY", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 99 }),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (month, yy, now) => {
          const mmyy = String(month).padStart(2, "0") + String(yy).padStart(2, "0")
          const after =
            now.getUTCFullYear() > 2000 + yy || (now.getUTCFullYear() === 2000 + yy && now.getUTCMonth() + 1 > month)
          expect(isCardUsable(card({ save_until: mmyy }), now)).toBe(!after)
        }
      )
    )
  })
})

describe("publicSavedCard", () => {
  it("never exposes the bank token or the saving payment", () => {
    const shown = publicSavedCard({ ...card(), pay_id: "pay123" } as StoredSavedCard)
    expect(JSON.stringify(shown)).not.toContain("secret-rec-id")
    expect(shown).not.toHaveProperty("pay_id")
    expect(shown).toEqual({
      id: "tbccard_1",
      provider_id: "pp_tbc-checkout_tbc",
      card_mask: "411111******1111",
      expiry_date: "0830",
      save_until: "0627",
      status: "active",
      created_at: "2026-11-22T10:00:00.000Z",
    })
  })
})
