/**
 * A capture of less than the hold (partial capture), against the local sandbox with the money
 * ledger in memory: the capture workflow's ledger entry carries the amount, capturePayment called
 * inside that request sends ONE completion of it (an entry left by another request is never
 * used), the bank returns the rest; any later capture is refused with what the bank
 * took; a completion whose answer was lost after the bank acted is success; refunds stop at what
 * was confirmed; installments are never completed for less; a saved-card execution held by
 * preauthorization is completed for less like a hosted-page payment.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { MemoryLedger } from "../../../modules/tbc/ledger/__tests__/memory-ledger"
import { operationSeed } from "../../../modules/tbc/ledger/ledger-store"
import { CAPTURE_INTENT_ACTOR } from "../../../lib/capture-amount"
import type { CheckoutApi } from "../../../lib/tbc/types"
import { withCaptureRequest } from "../ledger/capture-request"
import type TbcCheckoutProviderService from "../service"
import { CALLS, caught, harnessPerSuite, onMemoryLedger } from "./provider-harness"
import { customerA, newSession, saveCardAtBank, sealedData } from "./saved-card-fixtures"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })

/** A preauth provider whose bookkeeping writes to an in-memory ledger. */
function withLedger(overrides: Record<string, unknown> = {}, ledger = new MemoryLedger()) {
  return onMemoryLedger(h.provider({ preAuth: true, ...overrides }), ledger)
}

let n = 0
async function held(provider: TbcCheckoutProviderService, amount: number, method = 5) {
  const session_id = `payses_partial_${Date.now()}_${++n}`
  const out = await provider.initiatePayment({ amount, currency_code: "gel", data: { session_id }, context: {} })
  const payId = out.data!.payId as string
  await h.pay(payId, "success", method)
  return { payId, data: (await provider.authorizePayment({ data: out.data })).data! }
}

/** What the capture workflow does before Medusa calls capturePayment: the amount in the ledger. */
async function recordIntent(ledger: MemoryLedger, payId: string, amountMinor: number) {
  const charge = (await ledger.byPayId(payId))!
  return ledger.open(operationSeed(charge, "completion", amountMinor), `${CAPTURE_INTENT_ACTOR}user_1`)
}

const completions = () => h.calls(CALLS.completion)

/** Medusa's capture as the capture workflow runs it: inside the request that opened `intent`. */
const captureFor = (provider: TbcCheckoutProviderService, intent: { id: string }, data: Record<string, unknown>) =>
  withCaptureRequest(intent.id, () => provider.capturePayment({ data }))

describe("partial capture", () => {
  it("sends one completion of the recorded amount; the bank returns the rest; the ledger and data say so", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 100)
    const intent = await recordIntent(ledger, p.payId, 6_050)
    const before = completions()

    const out = await captureFor(provider, intent, p.data)

    expect(completions() - before).toBe(1)
    expect(h.payment(p.payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 60.5, returnedAmount: 39.5 })
    expect(out.data).toMatchObject({ status: "Succeeded", amount: 100, confirmedAmount: 60.5, returnedAmount: 39.5 })
    expect((await ledger.byId(intent.id))?.state).toBe("done")
    expect((await ledger.byPayId(p.payId))?.state).toBe("paid")
    // the intent was the capture's own entry: no second completion entry
    expect((await ledger.operationsOf((await ledger.byPayId(p.payId))!.id)).map((op) => op.amount)).toEqual([6_050])
  })

  it("refuses any later capture (a webhook's, a retry of the whole) with what the bank took, sending nothing", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 50)
    const intent = await recordIntent(ledger, p.payId, 2_000)
    const captured = (await captureFor(provider, intent, p.data)).data!
    const before = completions()

    for (const data of [captured, p.data]) {
      const error = await caught(provider.capturePayment({ data }))
      expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
      expect(error.message).toBe(
        "The payment cannot be captured for 50.00 GEL: the bank already completed it for 20.00 GEL and returned the " +
          "other 30.00 GEL of the hold to the card. A hold is completed only once; to record that capture, capture " +
          "exactly 20.00 GEL (no money is sent)."
      )
    }
    expect(completions()).toBe(before + 1) // the stale data tried once; the bank refused it; nothing moved
    expect(h.payment(p.payId)).toMatchObject({ confirmedAmount: 20, returnedAmount: 30 })
  })

  it("a completion answered 5xx after the bank acted is success when the bank shows that amount completed", async () => {
    const { provider, ledger } = withLedger({ maxRetries: 0 })
    const p = await held(provider, 40)
    const intent = await recordIntent(ledger, p.payId, 1_500)
    await h.faults({ failNext: { count: 1, status: 502, path: CALLS.completion, afterProcessing: true } })
    const before = completions()

    const out = await captureFor(provider, intent, p.data)

    expect(out.data).toMatchObject({ status: "Succeeded", confirmedAmount: 15, returnedAmount: 25 })
    expect(completions() - before).toBe(1)
    expect((await ledger.byId(intent.id))?.state).toBe("done")
  })

  it("already completed at the bank (an earlier answer lost): that amount is success with no call, another is refused", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 40)
    // an earlier attempt completed 15.00 and its answer never reached the store
    await (provider as unknown as { checkout: CheckoutApi }).checkout.completePayment(p.payId, 15, { maxAmount: 40 })
    const before = completions()

    const other = await recordIntent(ledger, p.payId, 1_600)
    const refused = await caught(captureFor(withLedger({}, ledger).provider, other, p.data))
    expect(refused.message).toMatch(
      /^The payment cannot be captured for 16\.00 GEL: the bank already completed it for 15\.00 GEL/
    )
    expect((await ledger.byId(other.id))?.state).toBe("refused")

    const same = await recordIntent(ledger, p.payId, 1_500)
    const out = await captureFor(withLedger({}, ledger).provider, same, p.data)
    expect(out.data).toMatchObject({ status: "Succeeded", confirmedAmount: 15 })
    expect((await ledger.byId(same.id))?.state).toBe("done")
    expect(completions()).toBe(before)
  })

  it("refunds after a partial capture at most what was confirmed", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 30)
    const intent = await recordIntent(ledger, p.payId, 1_200)
    const captured = (await captureFor(provider, intent, p.data)).data!

    const tooMuch = await caught(provider.refundPayment({ data: captured, amount: 12.01 }))
    expect(tooMuch.message).toBe(
      "Cannot refund 12.01 GEL: that is more than the 12.00 GEL left to refund on this payment."
    )
    const part = (await provider.refundPayment({ data: captured, amount: 2 })).data!
    expect(h.payment(p.payId)).toMatchObject({ status: "PartialReturned", confirmedAmount: 12, returnedAmount: 20 })
    await h.advanceClock(24 * 3600 * 1000) // the bank allows one partial return on the transaction day
    const rest = await caught(provider.refundPayment({ data: part, amount: 10.01 }))
    expect(rest.message).toMatch(/more than the 10\.00 GEL left/)
    await provider.refundPayment({ data: part, amount: 10 })
    expect(h.payment(p.payId)).toMatchObject({ status: "Returned", confirmedAmount: 12, returnedAmount: 30 })
  })

  it("never completes an installment payment for less: refused before the completion", async () => {
    const { provider, ledger } = withLedger({ methods: [5, 8] })
    const session_id = `payses_partial_inst_${++n}`
    const products = [{ name: "Sofa", price: 200, quantity: 1 }]
    const out = await provider.initiatePayment({
      amount: 200,
      currency_code: "gel",
      data: { session_id, installmentProducts: products },
      context: {},
    })
    const payId = out.data!.payId as string
    await h.pay(payId, "success", 8)
    const data = (await provider.authorizePayment({ data: out.data })).data!
    const intent = await recordIntent(ledger, payId, 10_000)
    const before = completions()

    const error = await caught(captureFor(provider, intent, data))
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(
      /paid in installments, a loan for the exact order total\. Capture it in full or cancel it\./
    )
    expect(completions()).toBe(before)
    expect(h.payment(payId).status).toBe("WaitingConfirm")
    expect((await ledger.byId(intent.id))?.state).toBe("refused")
  })

  it("completes a saved-card execution held by preauthorization (method 11) for less, the same way", async () => {
    const { provider, ledger } = withLedger({ saveCards: true })
    const recId = await saveCardAtBank(h, h.provider({ saveCards: true }))
    const session_id = newSession()
    const data = { session_id, ...sealedData(recId) }
    const init = await provider.initiatePayment({
      amount: 20,
      currency_code: "gel",
      data,
      context: { customer: customerA },
    })
    const auth = await provider.authorizePayment({ data: { ...data, ...init.data } })
    const payId = auth.data!.payId as string
    expect(h.payment(payId)).toMatchObject({ status: "WaitingConfirm", paymentMethod: 11 })
    const intent = await recordIntent(ledger, payId, 1_250)

    const out = await captureFor(provider, intent, auth.data!)

    expect(out.data).toMatchObject({ status: "Succeeded", confirmedAmount: 12.5, returnedAmount: 7.5 })
    expect(h.payment(payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 12.5, returnedAmount: 7.5 })
  })

  it("never sends an amount another request recorded: a whole capture beside it is refused, nothing sent", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 40)
    // a capture of 15.00 whose process died before the provider ran: its entry stays `sending`
    const leftover = await recordIntent(ledger, p.payId, 1_500)
    const before = completions()

    const error = await caught(provider.capturePayment({ data: p.data }))

    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(
      new RegExp(
        `^The completion was not sent to the bank: another operation of this payment is under way \\(completion ${leftover.id}, `
      )
    )
    expect(completions()).toBe(before)
    expect(h.payment(p.payId).status).toBe("WaitingConfirm")
    expect((await ledger.byId(leftover.id))?.state).toBe("sending")
  })

  it("refuses to send for an entry that is not this payment's unsent completion", async () => {
    const { provider, ledger } = withLedger()
    const p = await held(provider, 40)
    const other = await held(provider, 30)
    const intent = await recordIntent(ledger, other.payId, 1_000)
    const before = completions()

    const error = await caught(captureFor(provider, intent, p.data))

    expect(error.message).toMatch(/nothing was sent to the bank/)
    expect(completions()).toBe(before)
  })

  it("without a recorded amount the whole hold is completed, as before", async () => {
    const { provider } = withLedger()
    const p = await held(provider, 9.99)
    await provider.capturePayment({ data: p.data })
    expect(h.payment(p.payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 9.99, returnedAmount: 0 })
  })
})
