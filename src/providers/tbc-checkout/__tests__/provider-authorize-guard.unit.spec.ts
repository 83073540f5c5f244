/**
 * authorizePayment against the sandbox: a payment the bank is still processing, or one whose
 * amount or currency is not the session's, is refused with a readable error (no order).
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type TbcCheckoutProviderService from "../service"
import { caught, harnessPerSuite } from "./provider-harness"

const h = harnessPerSuite()
let sessions = 0

async function startPayment(provider: TbcCheckoutProviderService, amount: number) {
  const session_id = `payses_guard_${++sessions}`
  const out = await provider.initiatePayment({
    amount,
    currency_code: "gel",
    data: { session_id },
    context: { idempotency_key: session_id },
  })
  return { payId: out.data!.payId as string, data: out.data! }
}

describe("authorizePayment refuses what is not a payment of this session", () => {
  it("records the session's amount and currency at initiate", async () => {
    const { data } = await startPayment(h.provider(), 20.2)
    expect(data).toMatchObject({ session_amount: 20.2, session_currency: "GEL" })
  })

  it("refuses while the bank is processing, and accepts once it succeeded", async () => {
    const provider = h.provider()
    const p = await startPayment(provider, 20.2)
    await h.pay(p.payId, "processing")
    const processing = await caught(provider.authorizePayment({ data: p.data }))
    expect(processing.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(processing.message).toMatch(/^The bank is still processing this payment\./)
    await h.pay(p.payId, "success")
    expect((await provider.authorizePayment({ data: p.data })).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("refuses a paid payment of another amount or currency, naming both sums", async () => {
    const provider = h.provider()
    const dear = await startPayment(provider, 20.2)
    const cheap = await startPayment(provider, 20.19)
    await h.pay(cheap.payId, "success")
    const swapped = await caught(provider.authorizePayment({ data: { ...dear.data, payId: cheap.payId } }))
    expect(swapped.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(swapped.message).toBe(
      "The bank's payment (20.19 GEL) does not match this checkout (20.20 GEL), so it was not accepted. Please start the payment again."
    )
    const foreignCurrency = await caught(
      provider.authorizePayment({ data: { ...cheap.data, session_currency: "USD" } })
    )
    expect(foreignCurrency.message).toMatch(/does not match this checkout \(20\.19 USD\)/)
    // sessions opened before session_amount was recorded fall back to the stored bank amount
    const { session_amount: _a, session_currency: _c, ...older } = cheap.data
    expect((await provider.authorizePayment({ data: older })).status).toBe(PaymentSessionStatus.CAPTURED)
  })
})
