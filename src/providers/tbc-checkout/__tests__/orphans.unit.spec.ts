/**
 * The orphan policy against the sandbox bank: money held or taken for a Medusa session that is
 * gone is released once (refund) or only recorded (notify); a payment whose session lives, or
 * that became a Medusa payment, is never touched; acting twice never refunds twice.
 */
import fc from "fast-check"
import type { CheckoutApi, PaymentDetails } from "../../../lib/tbc/types"
import { minorToMajor } from "../../../lib/money"
import { moneyAtBank } from "../core/money-moves"
import { orphanDecision, settleOrphan, type OrphanRecords } from "../core/orphans"
import type { PaymentLink } from "../payment-records"
import { CALLS, harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
let counter = 0

/** An in-memory record of one payment, with the claim semantics of PaymentRecords. */
function fakeRecords(link: Partial<PaymentLink> = {}) {
  const state = {
    link: {
      payment_session_id: "payses_gone",
      kind: "web",
      session_alive: false,
      session_pay_ids: [],
      has_medusa_payment: false,
      orphan_action: null,
      ...link,
    } as PaymentLink,
    actions: [] as Array<{ action: string; amount: number | null; error: string | null }>,
    statuses: [] as string[],
  }
  const records: OrphanRecords = {
    linkOf: async () => state.link,
    claimOrphan: async () => {
      const free = state.link.orphan_action === null || state.link.orphan_action === "failed"
      if (free) state.link.orphan_action = "acting"
      return free
    },
    releaseOrphanClaim: async () => {
      if (state.link.orphan_action === "acting") state.link.orphan_action = null
    },
    recordOrphanAction: async (_payId, action, amount, error) => {
      state.link.orphan_action = action
      state.actions.push({ action, amount, error })
    },
    noteBankStatus: async (_payId, status) => {
      state.statuses.push(status)
    },
  }
  return { records, state }
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

const settle = (payId: string, records: OrphanRecords, policy: "refund" | "notify" = "refund") =>
  settleOrphan({
    checkout: (h.provider() as unknown as { checkout: CheckoutApi }).checkout,
    records,
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
    const { records, state } = fakeRecords()
    const cancels = h.calls(CALLS.cancel)
    expect(await settle(payId, records)).toBe("cancelled")
    expect(h.payment(payId).status).toBe("Returned")
    expect(state.actions).toEqual([{ action: "cancelled", amount: 5499, error: null }])
    expect(await settle(payId, records)).toBe("busy")
    expect(h.calls(CALLS.cancel)).toBe(cancels + 1)
  })

  it("refunds taken money in full; two concurrent calls refund once", async () => {
    const payId = await paidPayment(false, 12.34)
    const { records, state } = fakeRecords()
    const cancels = h.calls(CALLS.cancel)
    const outcomes = await Promise.all([settle(payId, records), settle(payId, records)])
    expect(outcomes.sort()).toEqual(["busy", "refunded"])
    expect(h.payment(payId)).toMatchObject({ status: "Returned", returnedAmount: 12.34 })
    expect(h.calls(CALLS.cancel)).toBe(cancels + 1)
    expect(state.actions).toEqual([{ action: "refunded", amount: 1234, error: null }])
  })

  it("notify leaves the money at the bank and records it", async () => {
    const payId = await paidPayment(true)
    const { records, state } = fakeRecords()
    const cancels = h.calls(CALLS.cancel)
    expect(await settle(payId, records, "notify")).toBe("notified")
    expect(h.payment(payId).status).toBe("WaitingConfirm")
    expect(h.calls(CALLS.cancel)).toBe(cancels)
    expect(state.actions).toEqual([{ action: "notified", amount: 5499, error: null }])
  })

  it.each([
    ["its session still exists", { session_alive: true }],
    ["a Medusa payment was made from its session (an order owns the money)", { has_medusa_payment: true }],
  ])("never touches a payment when %s", async (_name, link) => {
    const payId = await paidPayment(false)
    const { records, state } = fakeRecords(link)
    expect(await settle(payId, records)).toBe("not_orphan")
    expect(h.payment(payId).status).toBe("Succeeded")
    expect(state.actions).toEqual([])
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
    const { records, state } = fakeRecords()
    expect(await settle(payId, records)).toBe("nothing_at_bank")
    expect(state.link.orphan_action).toBeNull()
    await h.pay(payId, "success")
    expect(await settle(payId, records)).toBe("refunded")
    expect(h.payment(payId).status).toBe("Returned")
  })

  it("a failed action is recorded with its reason and retried later", async () => {
    const payId = await paidPayment(true)
    const { records, state } = fakeRecords()
    await h.faults({ failNext: { count: 5, status: 503, path: CALLS.cancel } })
    expect(await settle(payId, records)).toBe("failed")
    expect(state.actions[0]).toMatchObject({ action: "failed", amount: null })
    expect(state.actions[0].error).toMatch(/503|unavailable/i)
    await h.faults({ reset: true })
    expect(await settle(payId, records)).toBe("cancelled")
    expect(h.payment(payId).status).toBe("Returned")
  })
})

describe("the payment record at initiate", () => {
  it("a payment that cannot be recorded is never handed out: initiatePayment fails, no link", async () => {
    const writes: unknown[][] = []
    const failing = {
      __pg_connection__: {
        raw: async (_sql: string, bindings: unknown[]) => {
          writes.push(bindings)
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
    expect(h.calls(CALLS.create)).toBe(creates + 1) // created at the bank: it expires unpaid
    expect(writes).toHaveLength(1)
    expect(writes[0]).toEqual(expect.arrayContaining(["payses_norecord", 500, "GEL", "web"]))
  })
})
