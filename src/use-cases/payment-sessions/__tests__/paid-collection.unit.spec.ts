import { cartLocaleOf, paidCollectionReason, withLedgerContext } from "../paid-collection"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { ALREADY_PAID_MESSAGE, CHECKING_PAYMENT_MESSAGE } from "../../../lib/ledger/guards"

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
const empty = new MemoryLedger()

/** A ledger with one charge of cart_1 moved by these events. */
async function ledgerOf(kind: "web" | "execution", ...statuses: Array<string | "unreadable" | "gone">) {
  const ledger = new MemoryLedger()
  const entry = await ledger.open(
    {
      kind,
      provider_id: "pp_tbc-checkout_tbc",
      payment_session_id: "payses_1",
      cart_id: "cart_1",
      amount: 500,
      currency: "GEL",
    },
    "test"
  )
  for (const status of statuses) {
    if (status === "unreadable") await ledger.apply(entry.id, { type: "unreadable_answer", reason: "502" }, "test")
    else if (status === "gone") await ledger.markSessionGone("p1", "test")
    else await ledger.apply(entry.id, { type: "bank_status", status, payId: "p1" }, "test")
  }
  return ledger
}

describe("paidCollectionReason", () => {
  it("lets a new session through before anything was paid or ordered", async () => {
    const open = fakeQuery({ payments: [] }, { completed_at: null })
    expect(await paidCollectionReason(open, empty, "pc")).toEqual({ cartId: "cart_1" })
    expect(await paidCollectionReason(fakeQuery(undefined), empty, "pc")).toEqual({})
  })

  it("refuses once a live TBC payment exists or the cart became an order", async () => {
    const paid = fakeQuery({ payments: [{ provider_id: "pp_tbc-checkout_tbc", canceled_at: null }] })
    expect((await paidCollectionReason(paid, empty, "pc")).reason).toMatch(/already made/)
    const ordered = fakeQuery(
      { payment_sessions: [tbcSession], payments: [] },
      { completed_at: "2026-11-22T10:00:00Z" }
    )
    expect((await paidCollectionReason(ordered, empty, "pc")).reason).toMatch(/already ordered/)
  })

  it("refuses while the ledger has an unresolved charge of the cart, or money for its live session", async () => {
    const open = fakeQuery({ payments: [] }, { completed_at: null })
    const uncertain = await ledgerOf("execution", "unreadable")
    expect((await paidCollectionReason(open, uncertain, "pc")).reason).toBe(CHECKING_PAYMENT_MESSAGE)
    const processing = await ledgerOf("web", "Processing")
    expect((await paidCollectionReason(open, processing, "pc")).reason).toBe(CHECKING_PAYMENT_MESSAGE)
    const held = await ledgerOf("web", "WaitingConfirm")
    expect((await paidCollectionReason(open, held, "pc")).reason).toBe(ALREADY_PAID_MESSAGE)
    // money whose session is gone is the orphan policy's; refused and unpaid charges block nothing
    for (const ledger of [
      await ledgerOf("web", "WaitingConfirm", "gone"),
      await ledgerOf("execution", "Failed"),
      await ledgerOf("web", "Created"),
    ]) {
      expect((await paidCollectionReason(open, ledger, "pc")).reason).toBeUndefined()
    }
  })

  it("keeps a cart retryable after its payment was canceled, and ignores other providers' payments", async () => {
    const canceled = fakeQuery(
      { payments: [{ provider_id: "pp_tbc-checkout_tbc", canceled_at: "2026-11-22T10:00:00Z" }] },
      { completed_at: null }
    )
    expect((await paidCollectionReason(canceled, empty, "pc")).reason).toBeUndefined()
    const other = fakeQuery({ payments: [{ provider_id: "pp_system_default" }] }, { completed_at: null })
    expect((await paidCollectionReason(other, empty, "pc")).reason).toBeUndefined()
  })
})

describe("the cart's locale for the bank page's language", () => {
  it("is read from the cart, and a Medusa without the field is no failure", async () => {
    const withLocale = { graph: async () => ({ data: [{ id: "cart_1", locale: "ka-GE" }] }) }
    expect(await cartLocaleOf(withLocale, "cart_1")).toBe("ka-GE")
    const noField = {
      graph: async () => {
        throw new Error("Trying to query by not existing property cart.locale")
      },
    }
    expect(await cartLocaleOf(noField, "cart_1")).toBeUndefined()
    expect(await cartLocaleOf({ graph: async () => ({ data: [{ id: "cart_1", locale: null }] }) }, "cart_1")).toBe(
      undefined
    )
  })

  it("reaches a TBC session under the server's key; a storefront's own value there is dropped", () => {
    const data = withLedgerContext(
      "pp_tbc-card_tbc",
      { tbc_cart_locale: "en", locale: "ru" },
      { cart_id: "cart_1", payment_collection_id: "pc_1", cart_locale: "ka" }
    )
    expect(data).toMatchObject({ tbc_cart_locale: "ka", locale: "ru", tbc_cart_id: "cart_1" })
    expect(
      withLedgerContext("pp_tbc-card_tbc", { tbc_cart_locale: "en" }, { payment_collection_id: "pc_1" })
    ).not.toHaveProperty("tbc_cart_locale")
    // a payment link's purchase-only key is the server's: a storefront's is dropped (no way around preAuth)
    expect(
      withLedgerContext("pp_tbc-checkout_tbc", { tbc_purchase_only: true }, { payment_collection_id: "pc_1" })
    ).not.toHaveProperty("tbc_purchase_only")
    expect(withLedgerContext("pp_stripe_x", { a: 1 }, { payment_collection_id: "pc_1", cart_locale: "ka" })).toEqual({
      a: 1,
    })
  })
})
