/**
 * The tbc-checkout provider's methods against the local sandbox bank (no Medusa app): what reaches
 * the bank, what lands in session data, and every refusal's words.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import TbcCheckoutProviderService from "../service"
import { CALLS, CLIENT_SECRET, RETURN_URL, STORE_URL, caught, harnessPerSuite } from "./provider-harness"
import { startPayment } from "./provider-payment-steps"
import { withShopperAddress } from "../../common/shopper-address"

jest.setTimeout(30_000)

const h = harnessPerSuite()

describe("validateOptions", () => {
  it("names the broken option and rule", () => {
    expect(() =>
      TbcCheckoutProviderService.validateOptions({
        apiKey: "k",
        clientId: "c",
        environment: "test",
        storeUrl: STORE_URL,
      })
    ).toThrow(/Invalid tbc-checkout options: clientSecret: is required/)
    const base = {
      apiKey: "k",
      clientId: "c",
      clientSecret: "s",
      environment: "test",
      storeUrl: STORE_URL,
      returnUrl: RETURN_URL,
    }
    expect(() => TbcCheckoutProviderService.validateOptions({ ...base, methods: [5, 9] })).toThrow(
      /methods.1: method 9 must be activated by the bank first/
    )
    expect(() => TbcCheckoutProviderService.validateOptions({ ...base, callbackAllowlist: ["bank"] })).toThrow(
      /callbackAllowlist.0: must be an IPv4 or IPv6 address/
    )
    expect(() => TbcCheckoutProviderService.validateOptions({ ...base, storeUrl: "shop.ge" })).toThrow(
      /storeUrl: must be an absolute/
    )
    expect(() => TbcCheckoutProviderService.validateOptions({ ...base, language: "de" })).toThrow(
      /language: must be KA, EN or RU/
    )
    expect(() => TbcCheckoutProviderService.validateOptions(base)).not.toThrow()
  })
})

describe("initiatePayment", () => {
  it("creates the web payment with the session as merchantPaymentId, exact amount and a signed callback URL", async () => {
    const provider = h.provider({ preAuth: true, language: "EN", expirationMinutes: 20 })
    const { session_id, payId, data } = await startPayment(provider, 20.2)
    const atBank = h.payment(payId)
    expect(atBank.merchantPaymentId).toBe(session_id)
    expect(atBank.amount).toBe(20.2)
    expect(atBank.currency).toBe("GEL")
    expect(atBank.preAuth).toBe(true)
    expect(atBank.methods).toEqual([5])
    expect(atBank.returnUrl).toBe(RETURN_URL)
    const callback = new URL(atBank.callbackUrl!)
    expect(callback.pathname).toBe("/hooks/payment/tbc-checkout_tbc")
    expect(callback.searchParams.get("s")).toBe(session_id)
    expect(callback.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(data).toMatchObject({ payId, status: "Created", preAuth: true, amount: 20.2, currency: "GEL", session_id })
    expect(data.redirect_url).toBe(data.approvalUrl)
    expect(String(data.redirect_url)).toContain(payId)
    // readable by the storefront: no secret, token, signature or callback URL
    const json = JSON.stringify(data)
    for (const secret of [CLIENT_SECRET, "sandbox-apikey", callback.searchParams.get("sig")!, "hooks/payment"]) {
      expect(json).not.toContain(secret)
    }
  })

  it("sends the shopper's IP of the running session request as userIpAddress, and stores it nowhere", async () => {
    const provider = h.provider()
    const asShopper = (address: string | undefined) => withShopperAddress(address, () => startPayment(provider, 10))
    for (const address of ["203.0.113.7", "2001:db8::5"]) {
      const { payId, data } = await asShopper(address)
      expect(h.payment(payId).request?.userIpAddress).toBe(address)
      expect(JSON.stringify(data)).not.toContain(address)
    }
    // outside a shopper's request (a job, an admin), or no readable address: no field at all
    for (const started of [await startPayment(provider, 10), await asShopper(undefined), await asShopper("bank")]) {
      expect(h.payment(started.payId).request).not.toHaveProperty("userIpAddress")
    }
  })

  it("converts Medusa amounts to the tetri (raw big numbers, strings, long fractions)", async () => {
    const provider = h.provider()
    for (const [amount, expected] of [
      [{ value: "100.25", precision: 20 }, 100.25],
      ["0.29", 0.29],
      [33.333333, 33.33],
      [1.005, 1.01],
    ] as const) {
      const { payId } = await startPayment(provider, amount)
      expect(h.payment(payId).amount).toBe(expected)
    }
  })

  it("reuses its own payment on a retry of the same session, never one the storefront names", async () => {
    const provider = h.provider()
    const first = await startPayment(provider)
    const createsBefore = h.calls(CALLS.create)
    const retry = await provider.initiatePayment({
      amount: 1234.56,
      currency_code: "GEL",
      data: { session_id: first.session_id },
      context: {},
    })
    expect(retry.data!.payId).toBe(first.payId)
    expect(h.calls(CALLS.create)).toBe(createsBefore)
    // a storefront-supplied payId of someone else's paid payment is ignored
    const other = await startPayment(provider)
    await h.pay(other.payId, "success")
    const forged = await startPayment(provider, 1234.56, { payId: other.payId })
    expect(forged.payId).not.toBe(other.payId)
  })

  it("overwrites every bank fact a storefront could have put into the session data", async () => {
    const provider = h.provider({ preAuth: true })
    const forged = {
      payId: "someone-else",
      status: "WaitingConfirm",
      authorized_at: "2999-01-01T00:00:00Z",
      confirmedAmount: 999,
      returnedAmount: 5,
      preAuth: false,
    }
    const { data, payId } = await startPayment(provider, 10, forged)
    const stored = { ...forged, ...data } // what Medusa keeps: { ...input.data, ...output.data }
    expect(stored).toMatchObject({
      payId,
      status: "Created",
      authorized_at: null,
      confirmedAmount: 0,
      returnedAmount: 0,
      preAuth: true,
    })
    expect(payId).not.toBe("someone-else")
    await h.pay(payId, "success")
    const authorized = await provider.authorizePayment({ data: stored })
    expect(Date.parse(String(authorized.data!.authorized_at))).toBeLessThanOrEqual(Date.now())
  })

  it("accepts a storefront return_url only on an allowed origin", async () => {
    const provider = h.provider({
      returnUrl: "https://shop.ge/checkout/return",
      allowedReturnOrigins: ["https://m.shop.ge"],
    })
    const own = await startPayment(provider, 10, { return_url: "https://shop.ge/order/123" })
    expect(h.payment(own.payId).returnUrl).toBe("https://shop.ge/order/123")
    const mobile = await startPayment(provider, 10, { return_url: "https://m.shop.ge/done" })
    expect(h.payment(mobile.payId).returnUrl).toBe("https://m.shop.ge/done")
    const plain = await startPayment(provider, 10)
    expect(h.payment(plain.payId).returnUrl).toBe("https://shop.ge/checkout/return")
    const evil = await caught(startPayment(provider, 10, { return_url: "https://evil.example/phish" }))
    expect(evil.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(evil.message).toMatch(/return_url/)
  })

  it("offers method 8 only with server-side products summing to the amount, else leaves it out", async () => {
    const provider = h.provider({ methods: [5, 8] })
    const products = [
      { name: "Set \u00d7 2", price: 1200, quantity: 1 },
      { name: "Shipping", price: 34.56, quantity: 1 },
    ]
    const withProducts = await startPayment(provider, 1234.56, { installmentProducts: products })
    expect(h.payment(withProducts.payId).methods).toEqual([5, 8])
    expect(h.payment(withProducts.payId).request?.installmentProducts).toEqual(products)
    const missing = await startPayment(provider, 1234.56)
    expect(h.payment(missing.payId).methods).toEqual([5])
    const wrongSum = await startPayment(provider, 1234.57, { installmentProducts: products })
    expect(h.payment(wrongSum.payId).methods).toEqual([5])
    const only8 = await caught(startPayment(h.provider({ methods: [8] }), 10))
    expect(only8.message).toMatch(/method 8/)
  })
})

describe("authorizePayment / getPaymentStatus", () => {
  it("reads the bank: Created not paid yet (readable), paid captured, preauth authorized", async () => {
    const provider = h.provider()
    const p = await startPayment(provider)
    const unpaid = await caught(provider.authorizePayment({ data: p.data }))
    expect(unpaid.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(unpaid.message).toMatch(/not been completed at the bank yet/)
    expect((await provider.getPaymentStatus({ data: p.data })).status).toBe(PaymentSessionStatus.PENDING)
    await h.pay(p.payId, "success")
    const paid = await provider.authorizePayment({ data: p.data })
    expect(paid.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(paid.data).toMatchObject({ payId: p.payId, status: "Succeeded" })
    expect((await provider.getPaymentStatus({ data: p.data })).status).toBe(PaymentSessionStatus.CAPTURED)

    const preauth = h.provider({ preAuth: true })
    const q = await startPayment(preauth)
    await h.pay(q.payId, "success")
    const held = await preauth.authorizePayment({ data: q.data })
    expect(held.status).toBe(PaymentSessionStatus.AUTHORIZED)
    expect(typeof held.data!.authorized_at).toBe("string")
    expect((await preauth.retrievePayment({ data: held.data })).data).toMatchObject({ status: "WaitingConfirm" })
  })

  it("throws a readable PAYMENT_AUTHORIZATION_ERROR for a declined or expired payment", async () => {
    const provider = h.provider({ expirationMinutes: 5 })
    const declined = await startPayment(provider)
    await h.pay(declined.payId, "decline")
    const refused = await caught(provider.authorizePayment({ data: declined.data }))
    expect(refused.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(refused.message).toMatch(/declined/)
    expect(refused.message).not.toMatch(/payses_|Failed|tpay|\{/)
    expect((await provider.getPaymentStatus({ data: declined.data })).status).toBe(PaymentSessionStatus.ERROR)

    const expiring = await startPayment(provider)
    await h.advanceClock(6 * 60 * 1000)
    const expired = await caught(provider.authorizePayment({ data: expiring.data }))
    expect(expired.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    expect(expired.message).toMatch(/expired/)
  })

  it("refuses data without a payId clearly", async () => {
    const error = await caught(h.provider().authorizePayment({ data: {} }))
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toMatch(/payId/)
  })
})
