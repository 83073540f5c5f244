/**
 * The orphan policy against the sandbox bank: money held or taken for a Medusa session that is
 * gone is released once (refund) or only recorded (notify); a payment whose session lives, or
 * that became a Medusa payment, is never touched; acting twice never refunds twice.
 */
import fc from "fast-check"
import type { CheckoutApi, PaymentDetails } from "../../../lib/tbc/types"
import { minorToMajor } from "../../../lib/money"
import { moneyAtBank } from "../money-moves/money-moves"
import { orphanDecision, settleOrphan, type OrphanLedger } from "../money-moves/orphans"
import { AUTHORIZED_ORDER_GRACE_MS } from "../../../lib/ledger/facets"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { CALLS, harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
let counter = 0

/**
 * The money ledger with one charge for `payId` (its session gone unless `alive`; a Medusa payment
 * made from it with `authorized`), and the orphan actions recorded on it, in order.
 */
async function fakeRecords(payId: string, link: { alive?: boolean; authorized?: boolean } = {}) {
  const ledger = new MemoryLedger()
  const entry = await ledger.open(
    { kind: "web", provider_id: "pp_tbc-checkout_tbc", payment_session_id: "payses_gone", amount: 0, currency: "GEL" },
    "test"
  )
  await ledger.apply(entry.id, { type: "bank_status", status: "Created", payId }, "test")
  if (!link.alive) await ledger.markSessionGone(payId, "test")
  if (link.authorized) await ledger.markAuthorized(entry.id, "test")
  const actions: Array<{ action: string; amount: number | null; error: string | null }> = []
  const record = ledger.recordOrphanAction.bind(ledger)
  ledger.recordOrphanAction = async (id, action, amount, error) => {
    actions.push({ action, amount, error })
    return record(id, action, amount, error)
  }
  return { records: ledger.asStore() as OrphanLedger, state: { actions, entry } }
}

async function paidPayment(preAuth: boolean, amount = 54.99): Promise<string> {
  const provider = h.provider({ preAuth })
  const sessionId = `payses_orphan_${++counter}`
  const out = await provider.initiatePayment({
    amount,
    currency_code: "gel",
    data: { session_id: sessionId },
    context: { idempotency_key: sessionId },
  })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return payId
}

const settle = (payId: string, records: OrphanLedger, policy: "refund" | "notify" = "refund") =>
  settleOrphan({
    checkout: (h.provider() as unknown as { checkout: CheckoutApi }).checkout,
    ledger: records,
    payId,
    policy,
    logger: silent,
  })

describe("orphanDecision (pure)", () => {
  const statuses = [
    "Created",
    "Processing",
    "WaitingConfirm",
    "Succeeded",
    "PartialReturned",
    "Returned",
    "Failed",
    "Expired",
  ]
  it("moves exactly what the bank holds or has left to return, and nothing under notify (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom("refund" as const, "notify" as const),
        (status, amount, confirmed, returned, policy) => {
          const details: PaymentDetails = {
            payId: "p",
            status,
            amount: minorToMajor(amount),
            confirmedAmount: minorToMajor(Math.min(confirmed, amount)),
            returnedAmount: minorToMajor(returned),
            links: [],
            raw: {},
          }
          const money = moneyAtBank(details)
          const decision = orphanDecision(details, policy)
          if (!money || money.minor <= 0) return expect(decision).toEqual({ act: "none" })
          expect(decision).toMatchObject({ minor: money.minor, kind: money.kind })
          if (policy === "notify") return expect(decision.act).toBe("notify")
          expect(decision.act).toBe(money.kind === "held" ? "cancel" : "refund")
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe("settleOrphan", () => {
  it("cancels a hold in full, records it, and a second call moves nothing", async () => {
    const payId = await paidPayment(true)
    const { records, state } = await fakeRecords(payId)
    const cancels = h.calls(CALLS.cancel)
    expect(await settle(payId, records)).toBe("cancelled")
    expect(h.payment(payId).status).toBe("Returned")
    expect(state.actions).toEqual([{ action: "cancelled", amount: 5499, error: null }])
    // the bank's answers moved the ledger: held when read, returned after the release
    expect(state.entry).toMatchObject({ state: "returned", bank_status: "Returned" })
    expect(await settle(payId, records)).toBe("busy")
    expect(h.calls(CALLS.cancel)).toBe(cancels + 1)
  })

  it("refunds taken money in full; two concurrent calls refund once", async () => {
    const payId = await paidPayment(false, 12.34)
    const { records, state } = await fakeRecords(payId)
    const cancels = h.calls(CALLS.cancel)
    const outcomes = await Promise.all([settle(payId, records), settle(payId, records)])
    expect(outcomes.sort()).toEqual(["busy", "refunded"])
    expect(h.payment(payId)).toMatchObject({ status: "Returned", returnedAmount: 12.34 })
    expect(h.calls(CALLS.cancel)).toBe(cancels + 1)
    expect(state.actions).toEqual([{ action: "refunded", amount: 1234, error: null }])
  })

  it("notify leaves the money at the bank and records it", async () => {
    const payId = await paidPayment(true)
    const { records, state } = await fakeRecords(payId)
    const cancels = h.calls(CALLS.cancel)
    expect(await settle(payId, records, "notify")).toBe("notified")
    expect(h.payment(payId).status).toBe("WaitingConfirm")
    expect(h.calls(CALLS.cancel)).toBe(cancels)
    expect(state.actions).toEqual([{ action: "notified", amount: 5499, error: null }])
  })

  it.each([
    ["its session still exists", { alive: true }],
    ["a Medusa payment was made from its session (an order owns the money)", { authorized: true }],
  ])("never touches a payment when %s", async (_name, link) => {
    const payId = await paidPayment(false)
    const { records, state } = await fakeRecords(payId, link)
    expect(await settle(payId, records)).toBe("not_orphan")
    expect(h.payment(payId).status).toBe("Succeeded")
    expect(state.actions).toEqual([])
  })

  it("returns the money of a Medusa payment no order followed once the caller read Medusa (the sweep)", async () => {
    const payId = await paidPayment(false)
    const { records, state } = await fakeRecords(payId, { authorized: true })
    const release = () =>
      settleOrphan({
        checkout: (h.provider() as unknown as { checkout: CheckoutApi }).checkout,
        ledger: records,
        payId,
        policy: "refund",
        logger: silent,
        medusaShowsNoOrder: true,
      })
    // within the grace the order may still be being placed from it: the release's claim is refused
    expect(await release()).toBe("busy")
    state.entry.authorized_at = new Date(Date.now() - AUTHORIZED_ORDER_GRACE_MS)
    const outcome = await release()
    expect(outcome).toBe("refunded")
    expect(h.payment(payId).status).toBe("Returned")
    expect(state.actions.map((a) => a.action)).toEqual(["refunded"])
  })

  it("an unpaid payment is left (claim given back) and acted on once the shopper pays", async () => {
    const provider = h.provider({ preAuth: false })
    const out = await provider.initiatePayment({
      amount: 7,
      currency_code: "gel",
      data: { session_id: "payses_late" },
      context: { idempotency_key: "payses_late" },
    })
    const payId = out.data!.payId as string
    const { records, state } = await fakeRecords(payId)
    expect(await settle(payId, records)).toBe("nothing_at_bank")
    expect(state.entry.orphan_action).toBeNull()
    await h.pay(payId, "success")
    expect(await settle(payId, records)).toBe("refunded")
    expect(h.payment(payId).status).toBe("Returned")
  })

  it("a failed action is recorded with its reason and retried later", async () => {
    const payId = await paidPayment(true)
    const { records, state } = await fakeRecords(payId)
    await h.faults({ failNext: { count: 5, status: 503, path: CALLS.cancel } })
    expect(await settle(payId, records)).toBe("failed")
    expect(state.actions[0]).toMatchObject({ action: "failed", amount: null })
    expect(state.actions[0].error).toMatch(/503|unavailable/i)
    await h.faults({ reset: true })
    expect(await settle(payId, records)).toBe("cancelled")
    expect(h.payment(payId).status).toBe("Returned")
  })
})

describe("the ledger entry at initiate", () => {
  it("a payment that cannot be recorded is never created: initiatePayment fails before the bank is asked", async () => {
    const writes: unknown[][] = []
    const failing = {
      __pg_connection__: {
        raw: async (sql: string, bindings: unknown[]) => {
          // the admin's settings are read first (none stored): only the ledger's table fails here
          if (/tbc_provider_setting/.test(sql)) return { rows: [] }
          if (/tbc_payment/.test(sql)) writes.push(bindings)
          throw new Error("database unavailable")
        },
      },
    }
    const provider = h.provider({ preAuth: false }, failing)
    const creates = h.calls(CALLS.create)
    const error = await provider
      .initiatePayment({
        amount: 5,
        currency_code: "gel",
        data: { session_id: "payses_norecord" },
        context: { idempotency_key: "payses_norecord" },
      })
      .then(
        () => undefined,
        (e: Error) => e
      )
    expect(error?.message).toMatch(/could not be started/)
    expect(h.calls(CALLS.create)).toBe(creates) // fails closed: no entry, no payment at the bank
    expect(writes).toHaveLength(1)
    expect(writes[0]).toEqual(expect.arrayContaining(["payses_norecord", 500, "GEL", "web", "sending"]))
  })
})
