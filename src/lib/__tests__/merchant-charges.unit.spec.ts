import fc from "fast-check"
import {
  MERCHANT_CHARGES_WORDS_VERSIONS,
  balanceChargeVerdict,
  merchantChargesConsentSchema,
  readRequestedAmount,
  recordedConsentOf,
  type BalanceChargeFacts,
} from "../merchant-charges"
import { checkWith } from "../zod-problems"

const consented = { status: "active", merchant_charges_consent_at: "2026-12-01T10:00:00.000Z", usable: true }
const facts = (over: Partial<BalanceChargeFacts> = {}): BalanceChargeFacts => ({
  outstandingMinor: 5000,
  currency: "gel",
  card: consented,
  unresolvedCharge: false,
  ...over,
})

describe("the shopper's consent to merchant charges", () => {
  it("is accepted only as an explicit tick with a known wording and language", () => {
    const good = { accepted: true, words_version: MERCHANT_CHARGES_WORDS_VERSIONS[0], locale: "ka" }
    expect(checkWith(merchantChargesConsentSchema, good)).toEqual({ ok: true, value: good })
    const problems = (input: unknown) => {
      const checked = checkWith(merchantChargesConsentSchema, input, { prefix: "data.merchant_charges_consent" })
      return checked.ok ? [] : checked.issues.map((issue) => `${issue.field}: ${issue.message}`)
    }
    expect(problems({ ...good, accepted: false })).toEqual([
      "data.merchant_charges_consent.accepted: must be true (the shopper ticked the box); leave the field out otherwise",
    ])
    expect(problems({ ...good, words_version: "1999-01" })[0]).toMatch(/words_version: must be one of 2026-12/)
    expect(problems({ ...good, locale: "de" })[0]).toMatch(/locale: must be one of en, ka, ru/)
    expect(problems({ ...good, given_at: "2026-01-01T00:00:00Z" })[0]).toMatch(/given_at/)
  })

  it("is read back only when whole: never inferred from anything else", () => {
    const recorded = { accepted: true, words_version: "2026-12", locale: "en", given_at: "2026-12-01T10:00:00.000Z" }
    expect(recordedConsentOf(recorded)).toEqual(recorded)
    for (const bad of [undefined, true, "yes", {}, { ...recorded, accepted: "true" }, { ...recorded, given_at: "x" }]) {
      expect(recordedConsentOf(bad)).toBeUndefined()
    }
  })
})

describe("readRequestedAmount", () => {
  it("reads GEL as typed into exact tetri, or names the rule", () => {
    expect(readRequestedAmount(undefined)).toEqual({ ok: true })
    expect(readRequestedAmount("12.5")).toEqual({ ok: true, minor: 1250 })
    expect(readRequestedAmount(0.1 + 0.2)).toEqual({
      ok: false,
      message: "amount: must have at most 2 decimals (tetri)",
    })
    expect(readRequestedAmount("12,50")).toEqual({ ok: false, message: "amount: must be a number of GEL, e.g. 12.50" })
  })
})

describe("balanceChargeVerdict", () => {
  it("charges the whole outstanding amount by default, or less", () => {
    expect(balanceChargeVerdict(facts())).toEqual({ kind: "charge", amountMinor: 5000 })
    expect(balanceChargeVerdict(facts({ requestedMinor: 1234 }))).toEqual({ kind: "charge", amountMinor: 1234 })
  })

  it.each([
    [
      "a card saved without consent",
      { card: { ...consented, merchant_charges_consent_at: null } },
      /saved_card_id: the customer did not agree/,
    ],
    ["more than is owed", { requestedMinor: 5001 }, /amount: 50\.01 GEL is more than the 50\.00 GEL the order owes/],
    ["an order that owes nothing", { outstandingMinor: 0 }, /id: the order owes nothing/],
    ["another currency", { currency: "usd" }, /id: the order is in USD/],
    ["a card no longer kept", { card: { ...consented, usable: false } }, /saved_card_id: the bank no longer keeps/],
    ["a deleted card", { card: { ...consented, status: "deleted" } }, /saved_card_id: the card is not active/],
    ["zero", { requestedMinor: 0 }, /amount: must be greater than 0/],
  ])("refuses %s, naming the field", (_name, over, message) => {
    const verdict = balanceChargeVerdict(facts(over as Partial<BalanceChargeFacts>))
    expect(verdict.kind).toBe("refuse")
    expect(verdict.kind === "refuse" && verdict.message).toMatch(message)
  })

  it("refuses while an earlier charge is unresolved, as a conflict, before anything else", () => {
    const verdict = balanceChargeVerdict(facts({ unresolvedCharge: true, requestedMinor: 999_999 }))
    expect(verdict).toMatchObject({ kind: "refuse", field: "id", conflict: true })
  })

  it("never charges more than the order owes, nothing without consent, nothing while a charge is unresolved", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.option(fc.integer({ min: -1000, max: 2_000_000 }), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("gel", "GEL", "usd"),
        (outstandingMinor, requestedMinor, consent, unresolvedCharge, currency) => {
          const card = {
            ...consented,
            merchant_charges_consent_at: consent ? consented.merchant_charges_consent_at : null,
          }
          const verdict = balanceChargeVerdict({ outstandingMinor, requestedMinor, currency, card, unresolvedCharge })
          if (verdict.kind === "charge") {
            expect(verdict.amountMinor).toBeGreaterThan(0)
            expect(verdict.amountMinor).toBeLessThanOrEqual(outstandingMinor)
            expect(consent && !unresolvedCharge && currency.toLowerCase() === "gel").toBe(true)
            expect(verdict.amountMinor).toBe(requestedMinor ?? outstandingMinor)
          } else {
            expect(verdict.message.startsWith(`${verdict.field}: `)).toBe(true)
          }
        }
      )
    )
  })
})
