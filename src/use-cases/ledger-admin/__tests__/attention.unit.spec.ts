import { listAttention } from "../attention"
import type { LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"
import { ledgerEntry } from "../../../modules/tbc/ledger/__tests__/memory-ledger"

const NOW = new Date("2026-11-26T12:00:00Z")

function entry(i: number, over: Partial<LedgerEntry> = {}): LedgerEntry {
  return ledgerEntry({
    id: `tbcpay_${String(i).padStart(4, "0")}`,
    kind: "execution",
    state: "uncertain",
    pay_id: null,
    payment_session_id: `payses_${i}`,
    payment_collection_id: null,
    cart_id: `cart_${i}`,
    amount: 1000 + i,
    merchant_payment_id: `payses_${i}`,
    bank_status: null,
    state_by: "bank:answer",
    state_reason: "the bank answered 502",
    state_at: NOW,
    created_at: new Date(NOW.getTime() - i * 60_000),
    ...over,
  })
}

/** Candidates newest first, paged by created_at as LedgerStore.attentionCandidates pages them. */
function fakeLedger(rows: LedgerEntry[]) {
  const reads: number[] = []
  return {
    reads,
    ledger: {
      attentionCandidates: async (limit: number, before?: Date) => {
        const page = rows.filter((r) => !before || r.created_at < before).slice(0, limit)
        reads.push(page.length)
        return page
      },
      byId: async (id: string) => rows.find((r) => r.id === id),
    },
  }
}

describe("listAttention", () => {
  const checkout = () => true

  it("lists exactly the candidates attentionReason names, newest first, with the payId an operation re-checks", async () => {
    const charge = entry(1, { state: "paid", pay_id: "pay1" }) // a paid live charge: not listed
    const refund = entry(2, { kind: "refund", state: "uncertain", parent_id: charge.id, amount: 500 })
    const processingYoung = entry(3, { state: "processing", pay_id: "pay3" }) // deciding for 3 minutes: not yet
    const uncertain = entry(4)
    const { ledger } = fakeLedger([charge, refund, processingYoung, uncertain])
    const { entries, has_more } = await listAttention(ledger, checkout, 20, NOW)
    expect(entries.map((e) => [e.id, e.reason, e.charge_pay_id, e.actions])).toEqual([
      [refund.id, "the bank's answer to this operation could not be read", "pay1", ["recheck", "not_charged"]],
      [
        uncertain.id,
        "the bank's answer could not be read and it named no payment: check TBC's merchant dashboard",
        null,
        ["attach", "not_charged"],
      ],
    ])
    expect(has_more).toBe(false)
    expect(entries[1]).toMatchObject({ amount: 1004, merchant_payment_id: "payses_4", session_gone: false })
  })

  it("fills a page across candidate batches and says when more wait", async () => {
    // 450 candidates, every third one listed: 150 listed in all
    const rows = Array.from({ length: 450 }, (_, i) =>
      i % 3 === 0 ? entry(i) : entry(i, { state: "paid", pay_id: `p${i}` })
    )
    const { ledger, reads } = fakeLedger(rows)
    const page = await listAttention(ledger, checkout, 100, NOW)
    expect(page.entries).toHaveLength(100)
    expect(page.has_more).toBe(true)
    expect(page.entries.map((e) => e.id)).toEqual(
      rows
        .filter((_, i) => i % 3 === 0)
        .slice(0, 100)
        .map((r) => r.id)
    )
    expect(reads).toEqual([200, 200])

    const all = await listAttention(fakeLedger(rows).ledger, checkout, 200, NOW)
    expect([all.entries.length, all.has_more]).toEqual([150, false])
  })
})
