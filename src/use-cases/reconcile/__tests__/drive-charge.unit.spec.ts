/**
 * The lost-callback job's handling of one ledger charge (drive-charge.ts), with an in-memory
 * ledger, a scripted bank and Medusa (Query and cart completion) faked: which step runs, what is
 * recorded, when the admin is told, and that money is released only after a permanent refusal's
 * grace, never on a transient failure.
 */
const completions: string[] = []
let completeCart: (cartId: string) => Promise<void> = async () => undefined
const processed: string[] = []
let processPayment: () => Promise<void> = async () => undefined
jest.mock("@medusajs/medusa/core-flows", () => ({
  completeCartWorkflowId: "complete-cart",
  processPaymentWorkflow: () => ({
    run: async ({ input }: { input: { action: string; data: { session_id: string } } }) => {
      processed.push(`${input.action} ${input.data.session_id}`)
      await processPayment()
      return { result: undefined }
    },
  }),
}))
/** Medusa's workflow engine running "complete-cart": a failure comes back in `errors`, as Medusa reports it. */
const engine = {
  run: async (workflowId: string, { input }: { input: { id: string } }) => {
    if (workflowId !== "complete-cart") throw new Error(`unexpected workflow ${workflowId}`)
    completions.push(input.id)
    const finished = { hasFinished: () => true }
    try {
      await completeCart(input.id)
      return { errors: [], transaction: finished, result: { id: "order_1" } }
    } catch (error) {
      return { errors: [{ error }], transaction: finished }
    }
  },
}

import { MedusaError } from "@medusajs/framework/utils"
import { CircuitBreaker } from "../../../lib/job-rules"
import { PERMANENT_REFUSAL_GRACE_MS } from "../../../lib/ledger/guards"
import { TbcApiError } from "../../../lib/tbc/errors"
import { BANK_NOT_ANSWERING_TEXT } from "../../../lib/shopper-texts"
import type { LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"
import { driveCharge, type DriveContext } from "../drive-charge"
import { MemoryLedger, ledgerEntry } from "../../../modules/tbc/ledger/__tests__/memory-ledger"

const NOW = new Date("2026-11-25T12:00:00Z")
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

/** Medusa as Query shows it: the session, a payment made from it, the cart's order. */
interface MedusaState {
  session: boolean
  payment: boolean
  cartOrder: string | null
  /** the cart's order has a payment (other money) */
  cartOrderPaid: boolean
  /** the payId the session's Medusa payment names in its data (our provider's), when it names one */
  paymentPayId?: string
}

function world(entry: Partial<LedgerEntry>, opts: { bank?: string[]; medusa?: Partial<MedusaState> } = {}) {
  const medusa: MedusaState = { session: true, payment: false, cartOrder: null, cartOrderPaid: true, ...opts.medusa }
  const statuses = [...(opts.bank ?? [])]
  const bankCalls: string[] = []
  const notices: string[] = []
  // one charge in the ledger; the ledger changes this very row, so `charge` is always its state
  const ledger = new MemoryLedger(() => NOW)
  const charge = ledgerEntry(entry)
  ledger.rows.push(charge)
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      if (entity === "payment")
        return {
          data: medusa.payment
            ? [{ id: "pay_1", canceled_at: null, payment_collection_id: "pc_1", data: { payId: medusa.paymentPayId } }]
            : [],
        }
      if (entity === "payment_session")
        return { data: medusa.session ? [{ id: "payses_1", payment_collection_id: "pc_1" }] : [] }
      if (entity === "payment_collection") return { data: [{ id: "pc_1", order: { id: "order_1" } }] }
      if (entity === "order_cart") return { data: medusa.cartOrder ? [{ order_id: medusa.cartOrder }] : [] }
      if (entity === "cart_payment_collection") return { data: [{ cart_id: "cart_1" }] }
      if (entity === "order")
        return {
          data: [
            {
              id: medusa.cartOrder,
              payment_collections: [{ payments: medusa.cartOrderPaid ? [{ id: "pay_9" }] : [] }],
            },
          ],
        }
      throw new Error(`unexpected entity ${entity}`)
    },
  }
  /** what the container resolves: Medusa's workflow engine, and Query for everything else */
  const services: { workflows: unknown; query: unknown } = { workflows: engine, query }
  const read = async (payId: string) => {
    bankCalls.push(`GET ${payId}`)
    const next = statuses.length > 1 ? statuses.shift()! : statuses[0]
    if (next === "503") throw new TbcApiError("GET /v1/tpay/payments/{payId}", { status: 503, title: "down" })
    if (next === "404") throw new TbcApiError("GET /v1/tpay/payments/{payId}", { status: 404, title: "unknown" })
    return { payId, status: next, amount: 54.99, currency: "GEL" }
  }
  const breaker = new CircuitBreaker(2)
  const ctx: DriveContext = {
    container: { resolve: (key: string) => (key === "workflows" ? services.workflows : services.query) } as never,
    client: {
      checkout: {
        getPayment: read,
        cancelPayment: async (payId: string) => {
          bankCalls.push(`CANCEL ${payId}`)
          statuses.splice(0, statuses.length, "Returned")
        },
      },
    } as never,
    ledger: ledger.asStore(),
    breaker,
    now: NOW,
    orphanPolicy: "refund",
    logger: silent,
    recentCallback: async () => false,
    notice: async (title) => {
      notices.push(title)
    },
  }
  return { ctx, breaker, charge, medusa, bankCalls, notices, services }
}

beforeEach(() => {
  completions.length = 0
  processed.length = 0
  completeCart = async () => undefined
  processPayment = async () => undefined
})

describe("driveCharge", () => {
  it("reads the bank for a lost callback and places the order from the held money", async () => {
    const w = world({ state: "created" }, { bank: ["WaitingConfirm"] })
    completeCart = async () => {
      w.medusa.payment = true
    }
    const result = await driveCharge(w.ctx, w.charge)
    expect(result).toMatchObject({ outcome: "processed", bank_status: "WaitingConfirm", action: "authorized" })
    expect(completions).toEqual(["cart_1"])
    expect(w.charge).toMatchObject({ state: "held", order_id: "order_1" })
    expect(w.charge.authorized_at).not.toBeNull()
  })

  it("a saved-card execution the bank decided later is driven like a web payment (no execution sent)", async () => {
    const w = world({ kind: "execution", state: "processing", bank_status: "Processing" }, { bank: ["Succeeded"] })
    completeCart = async () => {
      w.medusa.payment = true
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "processed", kind: "execution" })
    expect(w.bankCalls).toEqual(["GET PAY1"])
    expect(w.charge.state).toBe("paid")
  })

  it("records an order that already owns the money without asking the bank or completing anything", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" }, { medusa: { payment: true } })
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "order_known" })
    expect(w.bankCalls).toEqual([])
    expect(completions).toEqual([])
    expect(w.charge.order_id).toBe("order_1")
  })

  it("leaves a callback accepted within the window to Medusa: no bank read, no completion", async () => {
    const w = world({ state: "created" }, { bank: ["WaitingConfirm"] })
    w.ctx.recentCallback = async () => true
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "recent_callback" })
    expect(w.bankCalls).toEqual([])
    const held = world({ state: "held", bank_status: "WaitingConfirm" })
    held.ctx.recentCallback = async () => true
    expect(await driveCharge(held.ctx, held.charge)).toMatchObject({ outcome: "recent_callback" })
    expect(completions).toEqual([])
  })

  it("reports unpaid and ended payments without completing anything", async () => {
    const open = world({ state: "created" }, { bank: ["Created"] })
    expect(await driveCharge(open.ctx, open.charge)).toMatchObject({ outcome: "still_open" })
    const over = world({ state: "created" }, { bank: ["Expired"] })
    expect(await driveCharge(over.ctx, over.charge)).toMatchObject({ outcome: "not_paid" })
    expect(over.charge.state).toBe("expired")
    expect(completions).toEqual([])
  })

  it("counts bank outages towards the breaker, and a payment the bank does not know does not", async () => {
    const down = world({ state: "created" }, { bank: ["503"] })
    expect(await driveCharge(down.ctx, down.charge)).toMatchObject({ outcome: "error" })
    expect(await driveCharge(down.ctx, down.charge)).toMatchObject({ outcome: "error" })
    expect(down.breaker.open).toBe(true)
    expect(down.charge.state).toBe("created")
    const unknown = world({ state: "created" }, { bank: ["404"] })
    for (let i = 0; i < 3; i++)
      expect(await driveCharge(unknown.ctx, unknown.charge)).toMatchObject({ outcome: "error" })
    expect(unknown.breaker.open).toBe(false)
  })

  it("a transient completion failure keeps the money held, records it, and the next run retries", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" })
    completeCart = async () => {
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, "The bank is not answering")
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_failed" })
    expect(w.charge).toMatchObject({ state: "held", completion_refused_at: null, orphan_action: null })
    expect(w.charge.completion_failure).toMatch(/^transient: The bank is not answering/)
    expect(w.bankCalls).toEqual([])
    expect(w.notices).toEqual([])

    completeCart = async () => {
      w.medusa.payment = true
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "processed" })
    expect(w.bankCalls).toEqual([])
  })

  it("only the bank failing as a whole counts towards the breaker; a failure the job cannot tell is counted on the entry", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" })
    completeCart = async () => {
      throw new Error("the store's hook threw")
    }
    for (let run = 1; run <= 3; run++) {
      expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_failed" })
    }
    expect(w.breaker.open).toBe(false)
    expect(w.charge).toMatchObject({ completion_failures: 3, completion_refused_at: null })
    expect(w.charge.completion_failure).toMatch(/^unknown: the store's hook threw/)

    completeCart = async () => {
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, BANK_NOT_ANSWERING_TEXT)
    }
    await driveCharge(w.ctx, w.charge)
    await driveCharge(w.ctx, w.charge)
    expect(w.breaker.open).toBe(true)
  })

  it("a cart another request is completing (the engine has not finished it) is a transient failure", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" })
    w.services.workflows = { run: async () => ({ errors: [], transaction: { hasFinished: () => false } }) }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_failed" })
    expect(w.charge.completion_failure).toMatch(/^transient: the cart is being completed by another request/)
  })

  it("a permanent refusal is recorded and told once; the money stays until the grace has passed, then the orphan policy releases it", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" }, { bank: ["WaitingConfirm"] })
    completeCart = async () => {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Not enough stock available")
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({
      outcome: "completion_refused",
      error: "Not enough stock available",
    })
    expect(w.notices).toEqual(["TBC payment: the order could not be placed"])
    expect(w.charge.completion_refused_at).toEqual(NOW)

    // within the grace: retried, not released, not told again
    w.ctx.now = new Date(NOW.getTime() + PERMANENT_REFUSAL_GRACE_MS - 60_000)
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_refused" })
    expect(w.notices).toHaveLength(1)
    expect(w.bankCalls).toEqual([])

    w.ctx.now = new Date(NOW.getTime() + PERMANENT_REFUSAL_GRACE_MS)
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({
      outcome: "not_completed",
      orphan_outcome: "cancelled",
    })
    expect(w.bankCalls.filter((c) => c.startsWith("CANCEL"))).toEqual(["CANCEL PAY1"])
    expect(w.charge).toMatchObject({ state: "returned", orphan_action: "cancelled" })
    expect(w.notices).toEqual(["TBC payment: the order could not be placed", "TBC payment without an order"])
    expect(completions).toHaveLength(2)
  })

  it("never completes a cart that became an order with other money: a permanent refusal", async () => {
    const w = world({ state: "paid", bank_status: "Succeeded" }, { medusa: { cartOrder: "order_9" } })
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_refused" })
    expect(completions).toEqual([])
    expect(w.charge.completion_failure).toMatch(/order_9/)
  })

  it("a second charge of the session (the shopper paid again after an admin's wrong 'not charged') is never recorded as the order's: refused as ordered elsewhere, then the orphan policy after the grace", async () => {
    // the session's Medusa payment names the second execution, PAY2, and its order is the cart's
    const medusa = { payment: true, paymentPayId: "PAY2", cartOrder: "order_1" }
    const w = world({ kind: "execution", state: "paid", bank_status: "Succeeded" }, { bank: ["Succeeded"], medusa })
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "completion_refused" })
    expect(w.charge).toMatchObject({ order_id: null, authorized_at: null })
    expect(w.charge.completion_failure).toMatch(/order_1, paid with other money/)
    expect(w.notices).toEqual(["TBC payment: the order could not be placed"])
    expect(completions).toEqual([])

    w.ctx.now = new Date(NOW.getTime() + PERMANENT_REFUSAL_GRACE_MS)
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "not_completed" })
    expect(w.charge.order_id).toBeNull()
    expect(w.charge.orphan_action).not.toBeNull()
    expect(w.notices).toEqual(["TBC payment: the order could not be placed", "TBC payment without an order"])
  })

  it("the charge the session's Medusa payment names is the order's (its data's payId)", async () => {
    const w = world(
      { state: "held", bank_status: "WaitingConfirm" },
      { medusa: { payment: true, paymentPayId: "PAY1" } }
    )
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "order_known" })
    expect(w.charge.order_id).toBe("order_1")
  })

  it("pays an order the cart became without money (authorizes the session into it), even past a refusal's grace", async () => {
    const refusedLongAgo = new Date(NOW.getTime() - 2 * PERMANENT_REFUSAL_GRACE_MS)
    const w = world(
      { state: "held", bank_status: "WaitingConfirm", completion_refused_at: refusedLongAgo },
      { medusa: { cartOrder: "order_1", cartOrderPaid: false } }
    )
    processPayment = async () => {
      w.medusa.payment = true
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "processed" })
    expect(processed).toEqual(["authorized payses_1"])
    expect(completions).toEqual([])
    expect(w.bankCalls).toEqual([])
    expect(w.charge).toMatchObject({ order_id: "order_1", orphan_action: null })
  })

  it("marks a session Medusa deleted as gone and leaves its money to the orphan sweep", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" }, { medusa: { session: false } })
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "session_gone" })
    expect(w.charge.session_gone_at).not.toBeNull()
    expect(completions).toEqual([])
    expect(w.bankCalls).toEqual([])
  })

  it("waits while Medusa has made a payment from the session but no order yet", async () => {
    const w = world({ state: "held", bank_status: "WaitingConfirm" }, { medusa: { payment: true } })
    w.services.query = {
      graph: async ({ entity }: { entity: string }) =>
        entity === "payment"
          ? { data: [{ id: "pay_1", canceled_at: null, payment_collection_id: "pc_1" }] }
          : entity === "payment_collection"
            ? { data: [{ id: "pc_1", order: null }] }
            : { data: [{ id: "payses_1" }] },
    }
    expect(await driveCharge(w.ctx, w.charge)).toMatchObject({ outcome: "in_progress" })
    expect(completions).toEqual([])
    expect(w.charge.order_id).toBeNull()
  })
})
