/**
 * The tbc-checkout provider's capture, cancel/delete and update against the local sandbox bank (no
 * Medusa app): what reaches the bank and every refusal's words; and cancel and refund of a payment
 * the bank is still completing (a state the sandbox does not produce: a stand-in bank).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type TbcCheckoutProviderService from "../service"
import { CALLS, caught, harnessPerSuite } from "./provider-harness"
import { startPayment } from "./provider-payment-steps"
import { cancelHeldOrTaken } from "../money-moves/money-moves"
import { refund, RefundQueue } from "../money-moves/refund"
import { PaymentBookkeeping } from "../ledger/bookkeeping"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"

jest.setTimeout(30_000)

const h = harnessPerSuite()

describe("capturePayment", () => {
  async function held(provider: TbcCheckoutProviderService, amount = 250.75) {
    const p = await startPayment(provider, amount)
    await h.pay(p.payId, "success")
    const auth = await provider.authorizePayment({ data: p.data })
    return { ...p, data: auth.data! }
  }

  it("completes the held amount once; a second capture (or a payment already Succeeded) is success without a call", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await held(provider)
    const before = h.calls(CALLS.completion)
    const out = await provider.capturePayment({ data: p.data })
    expect(out.data).toMatchObject({ status: "Succeeded", confirmedAmount: 250.75 })
    expect(h.payment(p.payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 250.75 })
    await provider.capturePayment({ data: p.data })
    expect(h.calls(CALLS.completion)).toBe(before + 1)
  })

  it("sends one completion for concurrent captures", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await held(provider)
    const before = h.calls(CALLS.completion)
    await Promise.all([provider.capturePayment({ data: p.data }), provider.capturePayment({ data: p.data })])
    expect(h.calls(CALLS.completion)).toBe(before + 1)
  })

  it("refuses an unpaid payment and a preauthorization older than 30 days", async () => {
    const provider = h.provider({ preAuth: true })
    const unpaid = await startPayment(provider)
    const notPaid = await caught(provider.capturePayment({ data: unpaid.data }))
    expect(notPaid.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(notPaid.message).toBe("The payment cannot be captured: the customer has not paid it yet.")

    const p = await held(provider)
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString()
    const before = h.calls(CALLS.completion)
    const late = await caught(provider.capturePayment({ data: { ...p.data, authorized_at: old } }))
    expect(late.message).toMatch(/more than 30 days ago/)
    expect(h.calls(CALLS.completion)).toBe(before)
    // the bank's own 30-day rule (its clock) is reported readably too
    await h.advanceClock(31 * 24 * 3600 * 1000)
    const refusedByBank = await caught(provider.capturePayment({ data: p.data }))
    expect(refusedByBank.message).toMatch(/^Could not capture the payment: /)
    expect(refusedByBank.message).not.toMatch(/tpay|POST/)
  })
})

describe("cancelPayment / deletePayment", () => {
  it("releases a preauthorization once; canceled again is success", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await startPayment(provider, 77)
    await h.pay(p.payId, "success")
    const out = await provider.cancelPayment({ data: p.data })
    expect(out.data).toMatchObject({ status: "Returned" })
    expect(h.payment(p.payId).status).toBe("Returned")
    const cancels = h.calls(CALLS.cancel)
    await provider.cancelPayment({ data: p.data })
    expect(h.calls(CALLS.cancel)).toBe(cancels)
  })

  it("deletePayment never asks the bank and never moves money (it runs inside Medusa's cart lock)", async () => {
    const provider = h.provider({ preAuth: true })
    const unpaid = await startPayment(provider)
    const held = await startPayment(provider, 45.5)
    await h.pay(held.payId, "success")
    const reads = h.calls(CALLS.get)
    const cancels = h.calls(CALLS.cancel)
    await expect(provider.deletePayment({ data: unpaid.data })).resolves.toEqual({ data: unpaid.data })
    await expect(provider.deletePayment({ data: held.data })).resolves.toEqual({ data: held.data })
    expect(h.calls(CALLS.get)).toBe(reads)
    expect(h.calls(CALLS.cancel)).toBe(cancels)
    expect(h.payment(unpaid.payId).status).toBe("Created")
    expect(h.payment(held.payId).status).toBe("WaitingConfirm")
    await expect(provider.deletePayment({ data: {} })).resolves.toEqual({ data: {} })
  })

  it("deletePayment marks every charge of the session in one ledger write, and moves no money on that mark", async () => {
    jest.useFakeTimers()
    try {
      const ledger = new MemoryLedger()
      const seed = { provider_id: "pp_tbc-checkout_tbc", payment_session_id: "payses_1", amount: 2000, currency: "GEL" }
      const web = await ledger.open({ ...seed, kind: "web", pay_id: "P1" }, "test")
      const unanswered = await ledger.open({ ...seed, kind: "execution" }, "test")
      const store = ledger.asStore()
      const applyAll = jest.spyOn(store, "applyAll")
      const checkout = { getPayment: jest.fn(), cancelPayment: jest.fn(), completePayment: jest.fn() }
      const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
      const book = new PaymentBookkeeping(store, () => checkout as never, quiet, "pp_tbc-checkout_tbc")

      await book.sessionDeleted("payses_1", "P1")
      expect(applyAll).toHaveBeenCalledTimes(1)
      expect(applyAll.mock.calls[0][0].map((move) => [move.entry.id, move.event.type])).toEqual(
        expect.arrayContaining([
          [web.id, "session_gone"],
          [unanswered.id, "session_gone"],
        ])
      )
      for (const entry of [web, unanswered]) expect((await ledger.byId(entry.id))?.session_gone_at).not.toBeNull()
      // Medusa's row delete comes after this call and may fail: only the app side, which can ask
      // Medusa, gives money back on this ground (the orphan sweep, a callback's subscriber)
      await jest.advanceTimersByTimeAsync(3_600_000)
      expect(checkout.getPayment).not.toHaveBeenCalled()
      expect(checkout.cancelPayment).not.toHaveBeenCalled()
    } finally {
      jest.useRealTimers()
    }
  })

  it("cancel of a taken payment (order placement failed) returns the money", async () => {
    const provider = h.provider()
    const p = await startPayment(provider, 12.34)
    await h.pay(p.payId, "success")
    await provider.cancelPayment({ data: p.data })
    expect(h.payment(p.payId)).toMatchObject({ status: "Returned", returnedAmount: 12.34 })
  })
})

describe("updatePayment", () => {
  it("keeps the payment for the same amount and opens a new one for another", async () => {
    const provider = h.provider()
    const p = await startPayment(provider, 10)
    const same = await provider.updatePayment({ amount: 10, currency_code: "gel", data: p.data, context: {} })
    expect(same.data!.payId).toBe(p.payId)
    const changed = await provider.updatePayment({ amount: 12, currency_code: "gel", data: p.data, context: {} })
    expect(changed.data!.payId).not.toBe(p.payId)
    expect(h.payment(changed.data!.payId as string)).toMatchObject({ amount: 12, merchantPaymentId: p.session_id })
    await h.pay(changed.data!.payId as string, "success")
    const refused = await caught(
      provider.updatePayment({ amount: 13, currency_code: "gel", data: changed.data, context: {} })
    )
    expect(refused.type).toBe(MedusaError.Types.NOT_ALLOWED)
  })
})

describe("cancel and refund while the bank is completing the payment (PaymentCompletionProcessing)", () => {
  const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
  /** A captured payment of 20.00 the bank is still completing: its money is about to be taken. */
  const completing = () => ({
    getPayment: jest.fn(async () => ({
      payId: "P1",
      status: "PaymentCompletionProcessing",
      amount: 20,
      confirmedAmount: 20,
      returnedAmount: 0,
      currency: "GEL",
    })),
    cancelPayment: jest.fn(),
    completePayment: jest.fn(),
  })

  it("a cancel is refused (nothing sent) instead of being treated as nothing to do", async () => {
    const checkout = completing()

    const error = await caught(cancelHeldOrTaken(checkout as never, {}, "P1", "cancel the payment", silent))

    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/^Could not cancel the payment: the bank is completing it right now/)
    expect(checkout.cancelPayment).not.toHaveBeenCalled()
  })

  it("a refund is refused (nothing sent)", async () => {
    const checkout = completing()

    const error = await caught(refund(checkout as never, {}, "P1", 5, new RefundQueue(), silent))

    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toBe("The payment cannot be refunded: its status at the bank is PaymentCompletionProcessing.")
    expect(checkout.cancelPayment).not.toHaveBeenCalled()
  })

  it("with the ledger: each operation's entry ends refused (nothing happened at the bank), not done", async () => {
    const checkout = completing()
    const ledger = new MemoryLedger()
    const charge = await ledger.open(
      {
        kind: "web",
        provider_id: "pp_tbc-checkout_tbc",
        payment_session_id: "payses_1",
        amount: 2000,
        currency: "GEL",
        pay_id: "P1",
      },
      "test"
    )
    const book = new PaymentBookkeeping(ledger.asStore(), () => checkout as never, silent, "pp_tbc-checkout_tbc")

    await caught(
      book.operation("cancel", "P1", 2000, (baseline) =>
        cancelHeldOrTaken(checkout as never, {}, "P1", "cancel the payment", silent, baseline)
      )
    )
    await caught(
      book.operation("refund", "P1", 500, (baseline, recordedRefunds) =>
        refund(checkout as never, {}, "P1", 5, new RefundQueue(), silent, { baseline, recordedRefunds })
      )
    )

    expect((await ledger.operationsOf(charge.id)).map((op) => [op.kind, op.state])).toEqual([
      ["cancel", "refused"],
      ["refund", "refused"],
    ])
    expect(checkout.cancelPayment).not.toHaveBeenCalled()
  })
})
