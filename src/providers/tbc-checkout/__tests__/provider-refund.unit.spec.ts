/**
 * refundPayment against the local sandbox bank: exact partial amounts, the "more than is left"
 * refusal, and the ledger check that keeps a retried refund from paying twice. Payment data is
 * carried forward the way Medusa does (each output replaces payment.data) unless a test says it
 * reuses stale data on purpose.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type TbcCheckoutProviderService from "../service"
import { operationSeed } from "../../../modules/tbc/ledger/ledger-store"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { CALLS, caught, harnessPerSuite, onMemoryLedger } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite()

const DAY = 24 * 3600 * 1000
let sessionCounter = 0

async function paidPayment(provider: TbcCheckoutProviderService, amount: number) {
  const session_id = `payses_refund_${Date.now()}_${++sessionCounter}`
  const out = await provider.initiatePayment({
    amount,
    currency_code: "gel",
    data: { session_id },
    context: { idempotency_key: session_id },
  })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return { payId, data: (await provider.authorizePayment({ data: out.data })).data! }
}

/** A refund made at the bank without the store (TBC's merchant dashboard, or a call whose answer was lost). */
async function returnedAtTheBankDirectly(provider: TbcCheckoutProviderService, payId: string, amount: number) {
  const checkout = (
    provider as unknown as {
      client_: { checkout: { cancelPayment: (id: string, amount?: number) => Promise<unknown> } }
    }
  ).client_.checkout
  await checkout.cancelPayment(payId, amount)
}

it("sends exact partial refunds, refuses one tetri too many, then the rest", async () => {
  const provider = h.provider()
  const p = await paidPayment(provider, 1289.55)
  let data = p.data
  for (const amount of [10.01, 0.99, { value: "100", precision: 20 }]) {
    await h.advanceClock(DAY) // the bank allows one partial return per day
    data = (await provider.refundPayment({ data, amount: amount as number })).data!
  }
  expect(h.payment(p.payId)).toMatchObject({ status: "PartialReturned", returnedAmount: 111 })
  expect(data).toMatchObject({ status: "PartialReturned", returnedAmount: 111 })
  const cancelsBefore = h.calls(CALLS.cancel)
  const over = await caught(provider.refundPayment({ data, amount: 1178.56 }))
  expect(over.type).toBe(MedusaError.Types.INVALID_DATA)
  expect(over.message).toBe(
    "Cannot refund 1178.56 GEL: that is more than the 1178.55 GEL left to refund on this payment."
  )
  expect(h.calls(CALLS.cancel)).toBe(cancelsBefore)
  await h.advanceClock(DAY)
  const rest = await provider.refundPayment({ data, amount: 1178.55 })
  expect(rest.data).toMatchObject({ status: "Returned", returnedAmount: 1289.55 })
  expect(h.payment(p.payId).returnedAmount).toBe(1289.55)
})

it("refunds in full and refuses to refund an uncaptured preauthorization", async () => {
  const provider = h.provider()
  const p = await paidPayment(provider, 49.99)
  await provider.refundPayment({ data: p.data, amount: 49.99 })
  expect(h.payment(p.payId)).toMatchObject({ status: "Returned", returnedAmount: 49.99 })

  const preauth = h.provider({ preAuth: true })
  const q = await paidPayment(preauth, 10)
  const error = await caught(preauth.refundPayment({ data: q.data, amount: 10 }))
  expect(error.message).toMatch(/only authorized, not captured/)
})

it("two refunds pressed together in one process, both handed the same stale data, are both paid once", async () => {
  const provider = h.provider()
  const p = await paidPayment(provider, 300)
  const cancelsBefore = h.calls(CALLS.cancel)
  // the same amount twice: the second is all that is left, which the bank allows on the same day
  const [first, second] = await Promise.all([
    provider.refundPayment({ data: p.data, amount: 150 }),
    provider.refundPayment({ data: p.data, amount: 150 }),
  ])
  expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(2)
  expect(first.data).toMatchObject({ status: "PartialReturned", returnedAmount: 150 })
  expect(second.data).toMatchObject({ status: "Returned", returnedAmount: 300 })
  expect(h.payment(p.payId)).toMatchObject({ status: "Returned", returnedAmount: 300 })
})

it("two refunds pressed together in one process with the ledger: each opens its entry in turn, both paid once", async () => {
  const { provider, ledger } = onMemoryLedger(h.provider())
  const p = await paidPayment(provider, 300)
  const cancelsBefore = h.calls(CALLS.cancel)
  await Promise.all([
    provider.refundPayment({ data: p.data, amount: 150 }),
    provider.refundPayment({ data: p.data, amount: 150 }),
  ])
  expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(2)
  const refunds = await ledger.operationsOf((await ledger.byPayId(p.payId))!.id)
  // each kept what the bank showed before its own call: nothing returned, then the first half
  expect(refunds.map((op) => [op.kind, op.state, op.amount, op.baseline_status, op.baseline_returned])).toEqual([
    ["refund", "done", 15_000, "Succeeded", 0],
    ["refund", "done", 15_000, "PartialReturned", 15_000],
  ])
})

describe("two instances sharing the ledger (two processes' worth of providers)", () => {
  it("two refunds of one amount, the second handed data from before the first was recorded: the bank pays both", async () => {
    const shared = new MemoryLedger()
    const a = onMemoryLedger(h.provider(), shared).provider
    const b = onMemoryLedger(h.provider(), shared).provider
    const p = await paidPayment(a, 300)
    const cancelsBefore = h.calls(CALLS.cancel)

    // A refunds; B, another instance with no memory of A's refund, gets the payment data Medusa
    // read before A's refund was recorded (two admins pressing within the same second)
    const first = await a.refundPayment({ data: p.data, amount: 150 })
    const second = await b.refundPayment({ data: p.data, amount: 150 })

    expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(2)
    expect(h.payment(p.payId)).toMatchObject({ status: "Returned", returnedAmount: 300 })
    expect(first.data).toMatchObject({ status: "PartialReturned", returnedAmount: 150 })
    expect(second.data).toMatchObject({ status: "Returned", returnedAmount: 300 })
    const refunds = await shared.operationsOf((await shared.byPayId(p.payId))!.id)
    expect(refunds.map((op) => [op.kind, op.state, op.amount])).toEqual([
      ["refund", "done", 15_000],
      ["refund", "done", 15_000],
    ])
  })

  it.each([
    ["uncertain", false],
    ["found done by an admin's re-check", true],
  ])("a refund whose answer was lost (its entry %s) is still recognised on another instance", async (_, rechecked) => {
    const shared = new MemoryLedger()
    const a = onMemoryLedger(h.provider(), shared).provider
    const b = onMemoryLedger(h.provider(), shared).provider
    const p = await paidPayment(a, 300)
    const charge = (await shared.byPayId(p.payId))!
    // A's refund of 100 reached the bank; its answer was lost and the bank could not be read either:
    // its entry is uncertain and Medusa recorded nothing
    const lost = await shared.open(operationSeed(charge, "refund", 10_000), "provider:admin-request")
    await returnedAtTheBankDirectly(h.provider(), p.payId, 100)
    await shared.apply(lost.id, { type: "unreadable_answer", reason: "did not answer in time" }, "bank:answer")
    // the re-check in Settings → TBC Bank sees the money returned; Medusa still recorded nothing
    if (rechecked) await shared.apply(lost.id, { type: "bank_status", status: "PartialReturned" }, "admin:user_1")
    expect((await shared.byId(lost.id))!.state).toBe(rechecked ? "done" : "uncertain")
    const cancelsBefore = h.calls(CALLS.cancel)

    const retry = await b.refundPayment({ data: p.data, amount: 100 })

    expect(h.calls(CALLS.cancel)).toBe(cancelsBefore)
    expect(retry.data).toMatchObject({ status: "PartialReturned", returnedAmount: 100 })
    expect(h.payment(p.payId).returnedAmount).toBe(100)
  })
})

it("a refund while another operation of the payment is under way elsewhere is refused, nothing sent", async () => {
  const { provider, ledger } = onMemoryLedger(h.provider())
  const p = await paidPayment(provider, 100)
  // another instance's refund, written and not yet answered
  const charge = (await ledger.byPayId(p.payId))!
  const other = await ledger.open(operationSeed(charge, "refund", 5_000), "provider:admin-request")
  const cancelsBefore = h.calls(CALLS.cancel)

  const error = await caught(provider.refundPayment({ data: p.data, amount: 50 }))

  expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
  expect(error.message).toContain(`another operation of this payment is under way (refund ${other.id}`)
  expect(h.calls(CALLS.cancel)).toBe(cancelsBefore)
})

// the open of a cancel's or refund's entry does not wait for the disk: its baseline's commit, before
// the cancel call, does (bookkeeping.ts OPEN_COMMIT); so no cancel call may go out without it
it("a refund or cancel whose baseline cannot be kept sends no cancel call and is recorded refused", async () => {
  const { provider, ledger } = onMemoryLedger(h.provider({ preAuth: true }))
  const heldData = async (amount: number) => {
    const session_id = `payses_baseline_${++sessionCounter}`
    const out = await provider.initiatePayment({ amount, currency_code: "gel", data: { session_id } })
    await h.pay(String(out.data!.payId), "success")
    return (await provider.authorizePayment({ data: out.data })).data!
  }
  const held = await heldData(40)
  const captured = (await provider.capturePayment({ data: await heldData(60) })).data!
  ledger.recordBaseline = async () => {
    throw new Error("database unreachable (test)")
  }
  const cancelsBefore = h.calls(CALLS.cancel)

  const refund = await caught(provider.refundPayment({ data: captured, amount: 10 }))
  const cancel = await caught(provider.cancelPayment({ data: held }))

  for (const error of [refund, cancel]) {
    expect(error.message).toMatch(/could not be recorded; nothing was sent to the bank/)
  }
  expect(h.calls(CALLS.cancel)).toBe(cancelsBefore)
  for (const data of [captured, held]) {
    const charge = (await ledger.byPayId(String(data.payId)))!
    expect((await ledger.operationsOf(charge.id)).map((op) => [op.kind, op.state])).toContainEqual([
      data === held ? "cancel" : "refund",
      "refused",
    ])
  }
})

describe("money the bank returned that the store has not recorded", () => {
  it("refuses another amount, naming the unrecorded sum; refunding exactly that sum records it without paying", async () => {
    const provider = h.provider()
    const p = await paidPayment(provider, 200)
    await returnedAtTheBankDirectly(h.provider(), p.payId, 30)
    await h.advanceClock(DAY)
    const cancelsBefore = h.calls(CALLS.cancel)

    const refused = await caught(provider.refundPayment({ data: p.data, amount: 20 }))
    expect(refused.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(refused.message).toBe(
      "Cannot refund 20.00 GEL yet: the bank has returned 30.00 GEL on this payment that the store has not recorded " +
        "(an earlier refund whose answer was lost, or a refund made at the bank directly). Refund exactly 30.00 GEL first " +
        "to record it (no money is sent), then refund the rest."
    )
    const recorded = await provider.refundPayment({ data: p.data, amount: 30 })
    expect(recorded.data).toMatchObject({ status: "PartialReturned", returnedAmount: 30 })
    expect(h.calls(CALLS.cancel)).toBe(cancelsBefore)

    const next = await provider.refundPayment({ data: recorded.data, amount: 20 })
    expect(next.data).toMatchObject({ returnedAmount: 50 })
    expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(1)
    expect(h.payment(p.payId).returnedAmount).toBe(50)
  })

  it("a retry of a refund the store did record is a new refund (Medusa's data carries the first)", async () => {
    const provider = h.provider()
    const p = await paidPayment(provider, 100)
    const first = await provider.refundPayment({ data: p.data, amount: 10 })
    await h.advanceClock(DAY)
    // another process (no memory of the first) with the data Medusa stored after the first
    await h.provider().refundPayment({ data: first.data, amount: 10 })
    expect(h.payment(p.payId).returnedAmount).toBe(20)
  })
})
