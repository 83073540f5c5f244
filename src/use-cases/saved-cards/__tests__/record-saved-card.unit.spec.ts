import fc from "fast-check"
import type { PaymentDetails } from "../../../lib/tbc/types"
import {
  cardStatusFor,
  recordSavedCard,
  savedCardOf,
  type NewSavedCard,
  type SavedCardRow,
  type SavedCardStatus,
  type SavedCardTable,
} from "../record-saved-card"

/** An in-memory SavedCard table with rec_id unique, like the real one. */
function memoryTable() {
  const rows: (SavedCardRow & NewSavedCard)[] = []
  const table: SavedCardTable & { rows: typeof rows } = {
    rows,
    async findByRecId(recId) {
      return rows.find((row) => row.rec_id === recId)
    },
    async create(card) {
      if (rows.some((row) => row.rec_id === card.rec_id)) throw new Error("duplicate key rec_id")
      rows.push({ ...card, id: `tbccard_${rows.length + 1}` })
    },
    async setStatus(id, status) {
      const row = rows.find((candidate) => candidate.id === id)
      if (row) row.status = status
    },
  }
  return table
}

const details = (status: string, recId?: string, extra: Partial<PaymentDetails> = {}): PaymentDetails => ({
  payId: "pay1",
  status,
  links: [],
  raw: {},
  ...(recId ? { recurringCard: { recId, cardMask: "411111******1111", expiryDate: "0830" } } : {}),
  ...extra,
})
const bankAnswering = (answer: PaymentDetails) => ({ getPayment: async () => answer })
const base = { payId: "pay1", customerId: "cus_A", providerId: "pp_tbc-checkout_tbc" }

describe("cardStatusFor", () => {
  it("maps only money-holding statuses to a card", () => {
    expect(cardStatusFor("Succeeded")).toBe("active")
    expect(cardStatusFor("WaitingConfirm")).toBe("pending")
    expect(cardStatusFor("Failed")).toBeUndefined()
  })
})

describe("recordSavedCard", () => {
  it("records an active card with mask and expiry after a successful payment", async () => {
    const table = memoryTable()
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table })).toBe("created")
    expect(table.rows).toEqual([
      expect.objectContaining({
        customer_id: "cus_A",
        rec_id: "rec1",
        card_mask: "411111******1111",
        expiry_date: "0830",
        save_until: "0830",
        pay_id: "pay1",
        status: "active",
      }),
    ])
  })

  it("keeps the consent to charges by the store that the saving payment carried, and none without it", async () => {
    const consent = {
      accepted: true as const,
      words_version: "2026-12",
      locale: "ru" as const,
      given_at: "2026-12-01T10:00:00.000Z",
    }
    const table = memoryTable()
    await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table, consent })
    await recordSavedCard({ ...base, payId: "pay2", bank: bankAnswering(details("Succeeded", "rec2")), table })
    expect(table.rows[0]).toMatchObject({
      merchant_charges_consent_at: new Date("2026-12-01T10:00:00.000Z"),
      merchant_charges_consent_version: "2026-12",
      merchant_charges_consent_locale: "ru",
    })
    expect(table.rows[1]).toMatchObject({
      merchant_charges_consent_at: null,
      merchant_charges_consent_version: null,
      merchant_charges_consent_locale: null,
    })
  })

  it("keeps a preauth's card pending until completion, then activates it once", async () => {
    const table = memoryTable()
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("WaitingConfirm", "rec1")), table })).toBe(
      "created"
    )
    expect(table.rows[0].status).toBe("pending")
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table })).toBe(
      "activated"
    )
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table })).toBe(
      "unchanged"
    )
    expect(table.rows.map((row) => row.status)).toEqual(["active"])
  })

  it("records nothing without a card or for a payment that moved no money", async () => {
    const table = memoryTable()
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded")), table })).toBe("no_card")
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Failed", "rec1")), table })).toBe("no_card")
    expect(table.rows).toEqual([])
  })

  it("never reassigns a card to another customer nor revives a deleted one", async () => {
    const table = memoryTable()
    await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table })
    expect(
      await recordSavedCard({ ...base, customerId: "cus_B", bank: bankAnswering(details("Succeeded", "rec1")), table })
    ).toBe("other_customer")
    table.rows[0].status = "deleted"
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table })).toBe(
      "unchanged"
    )
    expect(table.rows).toEqual([expect.objectContaining({ customer_id: "cus_A", status: "deleted" })])
  })

  it("treats losing an insert race as recorded", async () => {
    const table = memoryTable()
    const racing: SavedCardTable = {
      ...table,
      findByRecId: (() => {
        let calls = 0
        return async (recId: string) => (calls++ === 0 ? undefined : table.findByRecId(recId))
      })(),
    }
    const first: NewSavedCard = {
      customer_id: "cus_A",
      provider_id: base.providerId,
      rec_id: "rec1",
      card_mask: null,
      expiry_date: null,
      save_until: null,
      pay_id: "pay0",
      status: "active",
    }
    await table.create(first)
    expect(await recordSavedCard({ ...base, bank: bankAnswering(details("Succeeded", "rec1")), table: racing })).toBe(
      "unchanged"
    )
    expect(table.rows).toHaveLength(1)
  })

  it("accepts the misspelt expirtyDate and a top-level recId, and drops malformed expiries", () => {
    expect(
      savedCardOf(details("Succeeded", undefined, { recId: "r", raw: { recurringCard: { expirtyDate: "0127" } } }))
    ).toEqual({
      recId: "r",
      cardMask: null,
      expiryDate: "0127",
    })
    const bad = details("Succeeded", undefined, { recurringCard: { recId: "r", expiryDate: "13/27" } })
    expect(savedCardOf(bad)?.expiryDate).toBeNull()
  })

  it("property: any sequence of events keeps one row per card, one owner, and deleted stays deleted", async () => {
    const event = fc.record({
      status: fc.constantFrom(
        "Created",
        "Processing",
        "Succeeded",
        "Failed",
        "WaitingConfirm",
        "Returned",
        "PartialReturned"
      ),
      recId: fc.constantFrom("r1", "r2", undefined),
      customerId: fc.constantFrom("cus_A", "cus_B"),
      deleteAfter: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 25 }), async (events) => {
        const table = memoryTable()
        const owners = new Map<string, string>()
        const deleted = new Set<string>()
        for (const e of events) {
          await recordSavedCard({
            ...base,
            customerId: e.customerId,
            bank: bankAnswering(details(e.status, e.recId)),
            table,
          })
          for (const row of table.rows) {
            if (!owners.has(row.rec_id)) owners.set(row.rec_id, row.customer_id)
            expect(row.customer_id).toBe(owners.get(row.rec_id))
            if (deleted.has(row.rec_id)) expect(row.status).toBe<SavedCardStatus>("deleted")
          }
          if (e.deleteAfter && e.recId) {
            const row = table.rows.find((candidate) => candidate.rec_id === e.recId)
            if (row) {
              row.status = "deleted"
              deleted.add(row.rec_id)
            }
          }
        }
        expect(new Set(table.rows.map((row) => row.rec_id)).size).toBe(table.rows.length)
        for (const row of table.rows) expect(["pending", "active", "deleted"]).toContain(row.status)
      }),
      { numRuns: 300 }
    )
  })
})
