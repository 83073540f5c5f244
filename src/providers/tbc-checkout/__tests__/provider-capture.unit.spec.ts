/**
 * capturePayment's bank calls against the local sandbox: one completion and nothing else when the
 * stored data says the bank holds the money; a read only when the completion is refused, its
 * answer is lost, or the stored status is not WaitingConfirm.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type TbcCheckoutProviderService from "../service"
import { CALLS, caught, harnessPerSuite } from "./provider-harness"

jest.setTimeout(30_000)

const h = harnessPerSuite({ resetFaultsAfterEach: true })

let n = 0
async function held(provider: TbcCheckoutProviderService, amount: number) {
  const session_id = `payses_capture_${Date.now()}_${++n}`
  const out = await provider.initiatePayment({ amount, currency_code: "gel", data: { session_id }, context: {} })
  const payId = out.data!.payId as string
  await h.pay(payId, "success")
  return { payId, session_id, data: (await provider.authorizePayment({ data: out.data })).data! }
}

/** Bank calls made while `run` runs. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T; gets: number; completions: number }> {
  const gets = h.calls(CALLS.get)
  const completions = h.calls(CALLS.completion)
  const result = await run()
  return { result, gets: h.calls(CALLS.get) - gets, completions: h.calls(CALLS.completion) - completions }
}

describe("capturePayment bank calls", () => {
  it("a held payment costs exactly one completion, no read; data comes from the completion's answer", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await held(provider, 77.35)
    expect(p.data).toMatchObject({ status: "WaitingConfirm", amount: 77.35 })
    const { result, gets, completions } = await counted(() => provider.capturePayment({ data: p.data }))
    expect({ gets, completions }).toEqual({ gets: 0, completions: 1 })
    expect(result.data).toMatchObject({
      payId: p.payId,
      session_id: p.session_id,
      status: "Succeeded",
      confirmedAmount: 77.35,
      currency: "GEL",
      preAuth: true,
      authorized_at: p.data.authorized_at,
    })
    expect(h.payment(p.payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 77.35 })
  })

  it("another process capturing with stale WaitingConfirm data: the bank refuses, one read, success, nothing moved twice", async () => {
    const first = h.provider({ preAuth: true })
    const p = await held(first, 12.5)
    await first.capturePayment({ data: p.data })
    const other = h.provider({ preAuth: true })
    const { result, gets, completions } = await counted(() => other.capturePayment({ data: p.data }))
    expect({ gets, completions }).toEqual({ gets: 1, completions: 1 })
    expect(result.data).toMatchObject({ status: "Succeeded", confirmedAmount: 12.5 })
    expect(h.payment(p.payId)).toMatchObject({ status: "Succeeded", confirmedAmount: 12.5 })
  })

  it("stored data already Succeeded: one read, no completion", async () => {
    const first = h.provider({ preAuth: true })
    const p = await held(first, 9.99)
    const captured = (await first.capturePayment({ data: p.data })).data!
    const other = h.provider({ preAuth: true })
    const { result, gets, completions } = await counted(() => other.capturePayment({ data: captured }))
    expect({ gets, completions }).toEqual({ gets: 1, completions: 0 })
    expect(result.data).toMatchObject({ status: "Succeeded", confirmedAmount: 9.99 })
  })

  it("stale WaitingConfirm data for a payment released meanwhile: refused readably after one read", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await held(provider, 20)
    await provider.cancelPayment({ data: p.data })
    const other = h.provider({ preAuth: true })
    const error = await caught(other.capturePayment({ data: p.data }))
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toBe("The payment cannot be captured: it was canceled or refunded.")
    expect(h.payment(p.payId).status).toBe("Returned")
  })

  it("the 30-day rule refuses before any bank call", async () => {
    const provider = h.provider({ preAuth: true })
    const p = await held(provider, 5)
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString()
    const calls = await counted(() => caught(provider.capturePayment({ data: { ...p.data, authorized_at: old } })))
    expect(calls.result.message).toMatch(/more than 30 days ago/)
    expect({ gets: calls.gets, completions: calls.completions }).toEqual({ gets: 0, completions: 0 })
  })

  it("a refused completion of a payment still held keeps the bank's words; a retry then succeeds", async () => {
    const provider = h.provider({ preAuth: true, maxRetries: 0 })
    const p = await held(provider, 31)
    await h.faults({ failNext: { count: 1, status: 409, path: "POST /v1/tpay/payments/{payId}/completion" } })
    const error = await caught(provider.capturePayment({ data: p.data }))
    expect(error.message).toMatch(/^Could not capture the payment: /)
    expect(error.message).not.toMatch(/tpay|POST/)
    expect(h.payment(p.payId).status).toBe("WaitingConfirm")
    const out = await provider.capturePayment({ data: p.data })
    expect(out.data).toMatchObject({ status: "Succeeded", confirmedAmount: 31 })
  })
})
