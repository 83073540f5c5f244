/**
 * When the bank acts but its answer is lost (timeout after processing), the provider looks at the
 * payment before reporting failure, so Medusa records what really happened and nothing is sent
 * twice; when the bank refuses or cannot be reached, the words are readable and secret-free.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { CALLS, CLIENT_SECRET, caught, harnessPerSuite } from "./provider-harness"
import { BANK_NOT_ANSWERING_MESSAGE } from "../../common"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })

let n = 0
async function paid(preAuth: boolean, amount: number) {
  const provider = h.provider({ preAuth, timeoutMs: 1000, maxRetries: 0 })
  const session_id = `payses_lost_${++n}`
  const out = await provider.initiatePayment({ amount, currency_code: "GEL", data: { session_id }, context: {} })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return { provider, payId, data: (await provider.authorizePayment({ data: out.data })).data! }
}

describe("lost answers", () => {
  it("a completion whose answer is lost but which the bank made counts as captured, and is not resent", async () => {
    const { provider, data } = await paid(true, 40)
    await h.faults({
      timeoutNext: { count: 1, path: "POST /v1/tpay/payments/{payId}/completion", afterProcessing: true },
    })
    const out = await provider.capturePayment({ data })
    expect(out.data).toMatchObject({ status: "Succeeded" })
    expect(h.calls(CALLS.completion)).toBeGreaterThanOrEqual(1)
    const completions = h.calls(CALLS.completion)
    await provider.capturePayment({ data })
    expect(h.calls(CALLS.completion)).toBe(completions)
  })

  it("a refund whose answer is lost but which the bank made counts as refunded", async () => {
    const { provider, payId, data } = await paid(false, 30)
    await h.faults({ timeoutNext: { count: 1, path: "POST /v1/tpay/payments/{payId}/cancel", afterProcessing: true } })
    const out = await provider.refundPayment({ data, amount: 30 })
    expect(out.data).toMatchObject({ status: "Returned", returnedAmount: 30 })
    expect(h.payment(payId).returnedAmount).toBe(30)
  })

  it("a refund the bank never made (timeout before processing) is reported, readable and secret-free", async () => {
    const { provider, payId, data } = await paid(false, 20)
    await h.faults({ timeoutNext: { count: 1, path: "POST /v1/tpay/payments/{payId}/cancel" } })
    const error = await caught(provider.refundPayment({ data, amount: 5 }))
    expect(error.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
    expect(error.message).toMatch(/^Could not refund the payment: the bank did not answer in time/)
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(CLIENT_SECRET)
    expect(h.payment(payId).returnedAmount).toBe(0)
  })

  it("a bank refusal of a completion keeps the bank's words, not its paths", async () => {
    const { provider, data } = await paid(true, 15)
    await h.faults({ failNext: { count: 1, status: 500, path: "POST /v1/tpay/payments/{payId}/completion" } })
    const error = await caught(provider.capturePayment({ data }))
    expect(error.message).toBe(
      "Could not capture the payment: the bank is temporarily unavailable. Please try again later."
    )
  })

  it("a bank that cannot be reached at all gives the shopper the readable 'not answering' message on initiate", async () => {
    const provider = h.provider({ environment: "http://127.0.0.1:1", timeoutMs: 1000, maxRetries: 0 })
    const error = await caught(
      provider.initiatePayment({ amount: 10, currency_code: "GEL", data: { session_id: "payses_down" }, context: {} })
    )
    expect(error.message).toBe(BANK_NOT_ANSWERING_MESSAGE)
  })
})
