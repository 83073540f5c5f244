/**
 * A refund retried after a timeout, at the provider (sandbox bank, no app), in the two ways a
 * timeout can end:
 * 1. the bank acted, its answer was lost, and the provider could read the bank afterwards: the
 *    refund is reported done and the bank returned the money once (by design: look before failing);
 * 2. the bank acted, its answer was lost, and the bank could not be read either: the provider
 *    reports the refund as failed, Medusa records no refund, and the admin retries. Without a
 *    check that retry would look like a second refund to the bank: the
 *    bank's cancel takes no idempotency key and Medusa gives each attempt a new refund id. The
 *    provider tells them apart by the bank's ledger: the bank shows exactly the retried amount
 *    returned beyond what Medusa recorded, so the retry records that refund and sends nothing
 *    (src/lib/refund-ledger.ts). Checked on the same bank day and on a later one, where the bank
 *    itself would accept a second partial return.
 */
import { TbcTimeoutError } from "../../../lib/tbc/errors"
import { CALLS, harnessPerSuite } from "./provider-harness"

jest.setTimeout(60_000)

const h = harnessPerSuite()

async function capturedPayment(total: number) {
  const provider = h.provider({ timeoutMs: 1000, maxRetries: 0 })
  const session_id = `payses_refund_retry_${Date.now()}_${Math.random().toString(36).slice(2)}`
  const out = await provider.initiatePayment({
    amount: total,
    currency_code: "gel",
    data: { session_id },
    context: { idempotency_key: session_id },
  })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  const data = (await provider.authorizePayment({ data: out.data })).data!
  return { provider, payId, data }
}

/**
 * After the (lost) cancel, the bank cannot be read for a while: the provider's check fails too.
 * Refunds run inside the request budget (client.within), so the cancel of each budgeted view is wrapped.
 */
function bankUnreadableAfterCancel(provider: unknown, payId: string): void {
  type Checkout = { cancelPayment: (...args: unknown[]) => Promise<unknown> }
  const client = (provider as { client_: { within: (ms: number) => { checkout: Checkout } } }).client_
  const wrapCancel = (checkout: Checkout) => {
    const cancel = checkout.cancelPayment.bind(checkout)
    checkout.cancelPayment = async (...args: unknown[]) => {
      try {
        return await cancel(...args)
      } catch (error) {
        if (error instanceof TbcTimeoutError) {
          await h.faults({ failNext: { count: 5, status: 503, path: `GET /v1/tpay/payments/${payId}` } })
        }
        throw error
      }
    }
  }
  const within = client.within.bind(client)
  client.within = (ms: number) => {
    const view = within(ms)
    wrapCancel(view.checkout)
    return view
  }
}

it("a refund whose answer was lost, with the bank readable afterwards, returns the money once", async () => {
  const { provider, payId, data } = await capturedPayment(100)
  const cancelsBefore = h.calls(CALLS.cancel)
  await h.faults({ timeoutNext: { count: 1, path: `POST /v1/tpay/payments/${payId}/cancel`, afterProcessing: true } })
  const result = await provider.refundPayment({ data, amount: 10 })
  console.log(
    `reliability: refund after a lost answer (bank readable): reported ${result.data?.status}, ` +
      `${h.calls(CALLS.cancel) - cancelsBefore} cancel at the bank, returned ${h.payment(payId).returnedAmount} GEL`
  )
  expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(1)
  expect(h.payment(payId).returnedAmount).toBe(10)
})

describe.each([
  ["the same day", 0, 10],
  ["on a later bank day", 24 * 3600 * 1000, 10],
  ["in full (the payment is then Returned)", 0, 100],
])("a refund retried %s after a lost answer AND an unreadable bank", (_when, delayMs, amount) => {
  it("returns the money once: the retry records the earlier refund instead of paying again", async () => {
    const { provider, payId, data } = await capturedPayment(100)
    await h.faults({ timeoutNext: { count: 1, path: `POST /v1/tpay/payments/${payId}/cancel`, afterProcessing: true } })
    bankUnreadableAfterCancel(provider, payId)
    const first = await provider.refundPayment({ data, amount }).then(
      () => "reported done",
      (error: Error) => `refused: ${error.message}`
    )
    await h.faults({ reset: true })
    await h.advanceClock(delayMs)
    // Medusa recorded no refund and passes the same payment data again, from another process
    const cancelsBefore = h.calls(CALLS.cancel)
    const retry = await h.provider({ timeoutMs: 1000, maxRetries: 0 }).refundPayment({ data, amount })
    const returned = h.payment(payId).returnedAmount
    console.log(
      `reliability: refund retried ${_when} after a lost answer and an unreadable bank: first ${first}; ` +
        `retry reported ${retry.data?.status} with ${h.calls(CALLS.cancel) - cancelsBefore} cancel sent; ` +
        `bank returned ${returned} GEL for one intended ${amount} GEL refund`
    )
    expect(first).toMatch(/refused: .*did not answer in time/)
    expect(h.calls(CALLS.cancel) - cancelsBefore).toBe(0)
    expect(returned).toBe(amount)
    expect(retry.data).toMatchObject({
      status: amount === 100 ? "Returned" : "PartialReturned",
      returnedAmount: amount,
    })
  })
})
