import { adminLedgerHistory, adminUserIdsOf } from "../history"
import type { LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"

const at = (iso: string) => new Date(iso)
const entry = (over: Partial<LedgerEntry>): LedgerEntry =>
  ({
    id: "tbcpay_1",
    kind: "execution",
    state: "refused",
    pay_id: null,
    provider_id: "pp_tbc-checkout_tbc",
    payment_session_id: "payses_1",
    amount: 1_730,
    currency: "gel",
    merchant_payment_id: "payses_1",
    order_id: null,
    created_at: at("2026-12-01T10:00:00Z"),
    session_gone_at: null,
    ...over,
  }) as LedgerEntry

describe("the ledger's history for the admin", () => {
  it("lists what admins acted on with the whole trail, each admin by email, also off the attention list", async () => {
    const events = {
      tbcpay_1: [
        {
          event: "opened",
          from_state: null,
          to_state: "sending",
          actor: "provider:admin-request",
          note: null,
          created_at: at("2026-12-01T10:00:00Z"),
        },
        {
          event: "unreadable_answer",
          from_state: "sending",
          to_state: "uncertain",
          actor: "bank:answer",
          note: "503",
          created_at: at("2026-12-01T10:00:01Z"),
        },
        {
          event: "admin_not_charged",
          from_state: "uncertain",
          to_state: "refused",
          actor: "admin:user_nino",
          note: "Not in TBC's dashboard",
          created_at: at("2026-12-01T11:00:00Z"),
        },
      ],
    } as Record<string, Record<string, unknown>[]>
    const asked: string[][] = []
    const history = await adminLedgerHistory(
      { actedOnByAdmin: async (limit) => (limit === 20 ? [entry({})] : []), events: async (id) => events[id] ?? [] },
      20,
      at("2026-12-01T12:00:00Z"),
      async (ids) => {
        asked.push(ids)
        return new Map([["user_nino", "nino@shop.ge"]])
      }
    )
    expect(asked).toEqual([["user_nino"]])
    expect(history.entries).toHaveLength(1)
    expect(history.entries[0]).toMatchObject({ id: "tbcpay_1", state: "refused", amount: 1_730, listed: false })
    expect(history.entries[0].events.map((e) => [e.event, e.to_state, e.actor_email, e.note])).toEqual([
      ["opened", "sending", null, null],
      ["unreadable_answer", "uncertain", null, "503"],
      ["admin_not_charged", "refused", "nino@shop.ge", "Not in TBC's dashboard"],
    ])
    expect(history.entries[0].events[2].created_at).toBe("2026-12-01T11:00:00.000Z")
  })

  it("names each admin user once; other actors are not users", () => {
    expect(adminUserIdsOf(["admin:user_a", "bank:callback", null, "admin:user_a", "admin:user_b"])).toEqual([
      "user_a",
      "user_b",
    ])
  })
})
