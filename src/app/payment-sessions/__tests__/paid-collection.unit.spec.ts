import { paidCollectionReason } from "../paid-collection"

function fakeQuery(collection: Record<string, unknown> | undefined, cart?: { completed_at: string | null }) {
  return {
    graph: async ({ entity }: Record<string, unknown>) => {
      if (entity === "payment_collection") return { data: collection ? [collection] : [] }
      if (entity === "cart_payment_collection") return { data: cart ? [{ cart_id: "cart_1" }] : [] }
      if (entity === "cart") return { data: cart ? [{ id: "cart_1", ...cart }] : [] }
      throw new Error(`unexpected entity ${String(entity)}`)
    },
  }
}

const tbcSession = { provider_id: "pp_tbc-checkout_tbc" }

describe("paidCollectionReason", () => {
  it("lets a new session through before anything was paid or ordered", async () => {
    expect(
      await paidCollectionReason(
        fakeQuery({ payment_sessions: [tbcSession], payments: [] }, { completed_at: null }),
        "pc"
      )
    ).toBeUndefined()
    expect(await paidCollectionReason(fakeQuery(undefined), "pc")).toBeUndefined()
  })

  it("refuses once a live TBC payment exists or the cart became an order", async () => {
    const paid = fakeQuery({
      payment_sessions: [tbcSession],
      payments: [{ provider_id: "pp_tbc-checkout_tbc", canceled_at: null }],
    })
    expect(await paidCollectionReason(paid, "pc")).toMatch(/already made/)
    const ordered = fakeQuery(
      { payment_sessions: [tbcSession], payments: [] },
      { completed_at: "2026-11-22T10:00:00Z" }
    )
    expect(await paidCollectionReason(ordered, "pc")).toMatch(/already ordered/)
  })

  it("keeps a cart retryable after its payment was canceled, and leaves other providers' collections alone", async () => {
    const canceled = fakeQuery(
      {
        payment_sessions: [tbcSession],
        payments: [{ provider_id: "pp_tbc-checkout_tbc", canceled_at: "2026-11-22T10:00:00Z" }],
      },
      { completed_at: null }
    )
    expect(await paidCollectionReason(canceled, "pc")).toBeUndefined()
    const other = fakeQuery(
      { payment_sessions: [{ provider_id: "pp_system_default" }], payments: [{ provider_id: "pp_system_default" }] },
      { completed_at: "x" }
    )
    expect(await paidCollectionReason(other, "pc")).toBeUndefined()
  })
})
