import fc from "fast-check"
import { MedusaError } from "@medusajs/framework/utils"
import { SAVED_CARD_DATA, SERVER_ONLY_DATA_KEYS } from "../../../providers/tbc-checkout/saved-cards/saved-card-payment"
import { openSavedCardSeal } from "../../../providers/tbc-checkout/saved-cards/saved-card-seal"
import { sealCardToken } from "../../../lib/card-token-at-rest"
import { prepareSavedCardSessionData } from "../prepare-session"
import type { StoredSavedCard } from "../saved-card-table"

const SECRET = "sandbox-client-secret"
const PROVIDER = "pp_tbc-checkout_tbc"
const cardOfA: StoredSavedCard = {
  id: "tbccard_A1",
  customer_id: "cus_A",
  provider_id: PROVIDER,
  rec_id: "feedfacefeedfacefeedfacefeedface",
  status: "active",
  card_mask: "411111******1111",
  expiry_date: "0830",
  save_until: "0830",
}
const lookups: string[] = []
const findActiveCard = async (customerId: string, id: string) => {
  lookups.push(`${customerId}:${id}`)
  return customerId === cardOfA.customer_id && id === cardOfA.id ? cardOfA : undefined
}
/** `who` null = a guest */
const args = (data: Record<string, unknown> | undefined, who: string | null = "cus_A") => ({
  data,
  customerId: who ?? undefined,
  providerId: PROVIDER,
  clientSecret: SECRET,
  findActiveCard,
})

async function errorOf(promise: Promise<unknown>): Promise<MedusaError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof MedusaError) return error
    throw error
  }
  throw new Error("expected a MedusaError")
}

describe("prepareSavedCardSessionData", () => {
  it("seals the owner's card, with its mask, and never shows the recId", async () => {
    const out = await prepareSavedCardSessionData(args({ saved_card_id: cardOfA.id }))
    expect(out?.[SAVED_CARD_DATA.cardMask]).toBe(cardOfA.card_mask)
    expect(JSON.stringify(out)).not.toContain(cardOfA.rec_id)
    const opened = openSavedCardSeal(out?.[SAVED_CARD_DATA.seal], SECRET, { customerId: "cus_A" })
    expect(opened).toMatchObject({ recId: cardOfA.rec_id, savedCardId: cardOfA.id })
  })

  it("opens a token sealed at rest; one sealed under another key is refused as unusable, not a server error", async () => {
    const sealedRow = { ...cardOfA, rec_id: sealCardToken(cardOfA.rec_id as string, "card-token-key") }
    const find = async () => sealedRow
    const out = await prepareSavedCardSessionData({
      ...args({ saved_card_id: cardOfA.id }),
      findActiveCard: find,
      cardTokenSecret: "card-token-key",
    })
    const opened = openSavedCardSeal(out?.[SAVED_CARD_DATA.seal], SECRET, { customerId: "cus_A" })
    expect(opened.recId).toBe(cardOfA.rec_id)
    const error = await errorOf(
      prepareSavedCardSessionData({
        ...args({ saved_card_id: cardOfA.id }),
        findActiveCard: find,
        cardTokenSecret: "rotated-key",
      })
    )
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toMatch(/^data.saved_card_id: saved card tbccard_A1 can no longer be used/)
  })

  it("refuses an expired card with a clear message", async () => {
    const later = Date.UTC(2030, 8, 1) // September 2030: past 0830
    const error = await errorOf(prepareSavedCardSessionData({ ...args({ saved_card_id: cardOfA.id }), now: later }))
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toMatch(/^data.saved_card_id: saved card tbccard_A1 has expired/)
  })

  it("answers another customer's card exactly like an unknown one (404)", async () => {
    const other = await errorOf(prepareSavedCardSessionData(args({ saved_card_id: cardOfA.id }, "cus_B")))
    const unknown = await errorOf(prepareSavedCardSessionData(args({ saved_card_id: "tbccard_nope" }, "cus_B")))
    expect(other.type).toBe(MedusaError.Types.NOT_FOUND)
    expect(other.message.replace(cardOfA.id, "X")).toBe(unknown.message.replace("tbccard_nope", "X"))
  })

  it("a card of the registration pays through its card provider too, never through another registration's", async () => {
    const viaCard = await prepareSavedCardSessionData({
      ...args({ saved_card_id: cardOfA.id }),
      providerId: "pp_tbc-card_tbc",
    })
    expect(viaCard).toHaveProperty(SAVED_CARD_DATA.seal)
    const elsewhere = await errorOf(
      prepareSavedCardSessionData({ ...args({ saved_card_id: cardOfA.id }), providerId: "pp_tbc-card_shop2" })
    )
    expect(elsewhere.type).toBe(MedusaError.Types.NOT_FOUND)
  })

  it("refuses guests with a saved card and drops a guest's save_card wish", async () => {
    const guest = await errorOf(prepareSavedCardSessionData(args({ saved_card_id: cardOfA.id }, null)))
    expect(guest.type).toBe(MedusaError.Types.UNAUTHORIZED)
    expect(await prepareSavedCardSessionData(args({ save_card: true, note: 1 }, null))).toEqual({ note: 1 })
    expect(await prepareSavedCardSessionData(args({ save_card: true }))).toEqual({ save_card: true })
  })

  it("keeps the shopper's explicit consent to charges by the store, stamped with the server's time; never infers it", async () => {
    const consent = { accepted: true, words_version: "2026-12", locale: "ka" }
    const now = Date.parse("2026-12-01T10:00:00.000Z")
    const out = await prepareSavedCardSessionData({
      ...args({ save_card: true, merchant_charges_consent: consent }),
      now,
    })
    expect(out).toEqual({
      save_card: true,
      merchant_charges_consent: { ...consent, given_at: "2026-12-01T10:00:00.000Z" },
    })
    // save_card alone is no consent
    expect(await prepareSavedCardSessionData(args({ save_card: true }))).not.toHaveProperty("merchant_charges_consent")
    // a guest's wish and consent are both dropped
    expect(
      await prepareSavedCardSessionData(args({ save_card: true, merchant_charges_consent: consent }, null))
    ).toEqual({})
    const without = await errorOf(prepareSavedCardSessionData(args({ merchant_charges_consent: consent })))
    expect(without.message).toMatch(/^data.merchant_charges_consent: is given only when saving a card/)
    const stamped = await errorOf(
      prepareSavedCardSessionData(
        args({ save_card: true, merchant_charges_consent: { ...consent, given_at: "2020-01-01T00:00:00Z" } })
      )
    )
    expect(stamped.message).toMatch(/data.merchant_charges_consent/)
    const unticked = await errorOf(
      prepareSavedCardSessionData(args({ save_card: true, merchant_charges_consent: { ...consent, accepted: false } }))
    )
    expect(unticked.message).toMatch(/^data.merchant_charges_consent.accepted: must be true/)
  })

  it("refuses every server-only key from the storefront, naming it", async () => {
    for (const key of SERVER_ONLY_DATA_KEYS) {
      const error = await errorOf(prepareSavedCardSessionData(args({ [key]: "x" })))
      expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(error.message).toContain(`data.${key}`)
    }
  })

  it("names the field and rule of malformed input", async () => {
    expect((await errorOf(prepareSavedCardSessionData(args({ saved_card_id: 5 })))).message).toMatch(
      /^data.saved_card_id: must be a string/
    )
    expect((await errorOf(prepareSavedCardSessionData(args({ save_card: "yes" })))).message).toMatch(
      /^data.save_card: must be true or false/
    )
    expect((await errorOf(prepareSavedCardSessionData(args({ save_card_to_date: "2599" })))).message).toMatch(
      /^data.save_card_to_date: must be MMYY/
    )
    expect(
      (await errorOf(prepareSavedCardSessionData(args({ saved_card_id: cardOfA.id, save_card: true })))).message
    ).toMatch(/^data.save_card: cannot be combined/)
  })

  it("property: arbitrary data never crashes, never yields a seal without the owner's card", async () => {
    const any = fc.jsonValue({ maxDepth: 2 })
    const shopperData = fc.record(
      {
        saved_card_id: fc.oneof(
          { weight: 3, arbitrary: fc.constant(cardOfA.id) },
          { weight: 1, arbitrary: fc.constant("tbccard_other") },
          { weight: 1, arbitrary: any }
        ),
        save_card: fc.oneof(fc.boolean(), any),
        save_card_to_date: fc.oneof(fc.constantFrom("1230", "0199", "1330"), any),
        note: any,
      },
      { requiredKeys: [] }
    )
    // keys only the server may set: present in a quarter of the cases, so the rest can reach a seal
    // (with every key equally likely, a seal came up 0–9 times in 10,000 cases: 0 for 2 seeds of 30)
    const serverKeys = fc.oneof(
      { weight: 3, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.record({ payId: any, tbc_saved_card_seal: any }, { requiredKeys: [] }) }
    )
    const data = fc.tuple(shopperData, serverKeys).map(([shopper, server]) => ({ ...shopper, ...server }))
    let sealed = 0
    let refused = 0
    await fc.assert(
      fc.asyncProperty(data, fc.constantFrom<string | null>("cus_A", "cus_B", null), async (input, customerId) => {
        try {
          const out = await prepareSavedCardSessionData(args(input as Record<string, unknown>, customerId))
          if (out && SAVED_CARD_DATA.seal in out) {
            sealed++
            expect(customerId).toBe("cus_A")
            expect(input.saved_card_id).toBe(cardOfA.id)
          }
        } catch (error) {
          refused++
          expect(error).toBeInstanceOf(MedusaError)
          expect((error as Error).message).toMatch(/^data\./)
        }
      }),
      { numRuns: 10_000 }
    )
    expect(sealed).toBeGreaterThan(0)
    expect(refused).toBeGreaterThan(0)
  })
})
