import { TbcClient } from "../client"
import { TbcApiError, TbcValidationError } from "../errors"
import { BUSINESS_ERROR_TYPE } from "../problems"
import type { CreatePaymentRequest } from "../types"
import { CHECKOUT_CREDS, TOKEN_ROUTES } from "./stub-bank"
import {
  PAY_ID,
  bank,
  checkoutBankPerTest,
  client,
  fullCreateRequest,
  lastResourceRequest,
  paymentBody,
} from "./checkout-client-fixtures"

/** Every checkout endpoint: method, path, headers and body exactly as the live bank expects. */

checkoutBankPerTest()

describe("checkout token", () => {
  it("POST /v1/tpay/access-token with apikey header and form client_id + client_secret", async () => {
    bank.on("GET /v1/tpay/payments/p1", () => ({ body: paymentBody({ payId: "p1" }) }))
    await client.checkout.getPayment("p1")
    const token = bank.requests.find((r) => r.path === "/v1/tpay/access-token")!
    expect(token.method).toBe("POST")
    expect(token.headers["apikey"]).toBe(CHECKOUT_CREDS.apiKey)
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded")
    expect(token.form).toEqual({ client_id: CHECKOUT_CREDS.clientId, client_secret: CHECKOUT_CREDS.clientSecret })
    expect(token.headers["authorization"]).toBeUndefined()
  })

  it("sends apikey and the Bearer token it was issued on every resource call", async () => {
    bank.on(TOKEN_ROUTES.checkout, () => ({
      body: { access_token: "issued-token-1", token_type: "Bearer", expires_in: 86400 },
    }))
    bank.on("GET /v1/tpay/payments/p1", () => ({ body: paymentBody({ payId: "p1" }) }))
    await client.checkout.getPayment("p1")
    const call = lastResourceRequest()
    expect(call.headers["apikey"]).toBe(CHECKOUT_CREDS.apiKey)
    expect(call.headers["authorization"]).toBe("Bearer issued-token-1")
  })

  it("verifyCredentials obtains a fresh token each time (a live check, not the cache)", async () => {
    const first = await client.checkout.verifyCredentials()
    await client.checkout.verifyCredentials()
    expect(first).toMatchObject({ area: "checkout", ok: true })
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
  })

  it("verifyCredentials rejects with the bank's 401 for wrong credentials", async () => {
    bank.on(TOKEN_ROUTES.checkout, () => ({ status: 401, body: { status: 401, title: "Unauthorized" } }))
    await expect(client.checkout.verifyCredentials()).rejects.toMatchObject({ kind: "api", status: 401 })
  })
})

describe("create payment", () => {
  it("POST /v1/tpay/payments with every field under its wire name, parsed response with approvalUrl", async () => {
    bank.on("POST /v1/tpay/payments", () => ({ body: paymentBody() }))
    const created = await client.checkout.createPayment(fullCreateRequest)
    const call = lastResourceRequest()
    expect(call.method).toBe("POST")
    expect(call.path).toBe("/v1/tpay/payments")
    expect(call.headers["content-type"]).toBe("application/json")
    expect(call.json).toEqual(fullCreateRequest)
    expect(Object.keys(call.json as object)).toContain("returnurl")
    expect(created.payId).toBe(PAY_ID)
    expect(created.status).toBe("Created")
    expect(created.approvalUrl).toBe(`https://ecom.tbcpayments.ge/Pay/choose/${PAY_ID}`)
    expect(created.raw).toEqual(paymentBody())
  })

  it("sends returnurl lower case and subTotal even when given returnUrl / subtotal", async () => {
    bank.on("POST /v1/tpay/payments", () => ({ body: paymentBody() }))
    const loose = { amount: { currency: "GEL", total: 5, subtotal: 5 }, returnUrl: "https://shop.example/r" }
    await client.checkout.createPayment(loose as unknown as CreatePaymentRequest)
    expect(lastResourceRequest().json).toEqual({
      amount: { currency: "GEL", total: 5, subTotal: 5 },
      returnurl: "https://shop.example/r",
    })
  })

  it("returns recId when saveCard was requested", async () => {
    bank.on("POST /v1/tpay/payments", () => ({ body: paymentBody({ recId: "rec-9" }) }))
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 0 },
      returnurl: "https://shop.example/r",
      saveCard: true,
      methods: [5],
    })
    expect(created.recId).toBe("rec-9")
  })

  it.each([
    ["extra over 25 chars", { extra: "x".repeat(26) }, "extra", "max_length"],
    ["non-ANS extra", { extra: "შეკვეთა" }, "extra", "ans_only"],
    ["method 6 not activated", { methods: [6] }, "methods.0", "not_activated"],
    ["saveCard with method 4", { saveCard: true, methods: [4] }, "methods.0", "forbidden_with_save_card"],
    ["bad saveCardToDate month", { saveCardToDate: "1327" }, "saveCardToDate", "month_range"],
    ["method 8 without products", { methods: [8] }, "installmentProducts", "required_with_method_8"],
  ])("refuses %s before sending anything (names field and rule)", async (_label, patch, field, rule) => {
    const req = { amount: { currency: "GEL", total: 10 }, returnurl: "https://shop.example/r", ...patch }
    const error = await client.checkout.createPayment(req as CreatePaymentRequest).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcValidationError)
    expect((error as TbcValidationError).issues).toContainEqual(expect.objectContaining({ field, rule }))
    expect((error as Error).message).toContain(field)
    expect(bank.count()).toBe(0)
  })

  it("accepts method 6 once the merchant's activatedMethods include it", async () => {
    const activated = new TbcClient({ environment: bank.url, checkout: CHECKOUT_CREDS, activatedMethods: [6, 9] })
    bank.on("POST /v1/tpay/payments", () => ({ body: paymentBody() }))
    await activated.checkout.createPayment({
      amount: { currency: "GEL", total: 1 },
      returnurl: "https://s.example/r",
      methods: [6, 9],
    })
    expect((lastResourceRequest().json as { methods: number[] }).methods).toEqual([6, 9])
    activated.close()
  })
})

describe("payment details", () => {
  it("GET /v1/tpay/payments/{payId} with no body, URL-encoding the id", async () => {
    bank.on("GET /v1/tpay/payments/a%2Fb", () => ({ body: paymentBody({ payId: "a/b" }) }))
    const details = await client.checkout.getPayment("a/b")
    const call = lastResourceRequest()
    expect(call.method).toBe("GET")
    expect(call.rawBody).toBe("")
    expect(details.payId).toBe("a/b")
  })

  it("reads casing variants, links as one object, recurringCard.expirtyDate, string amounts and preAuth 1", async () => {
    bank.on(`GET /v1/tpay/payments/${PAY_ID}`, () => ({
      body: {
        PayId: PAY_ID,
        Status: "WaitingConfirm",
        Amount: "12.50",
        ConfirmedAmount: 0,
        links: { uri: "https://ecom.tbcpayments.ge/Pay/choose/x", method: "REDIRECT", rel: "approval_url" },
        preAuth: 1,
        paymentMethod: "5",
        RRN: "123456789012",
        PaymentCardNumber: "5***********9535",
        recurringCard: { recId: "rec-1", cardMask: "5***9535", expirtyDate: "0524" },
        someNewField: { kept: true },
      },
    }))
    const d = await client.checkout.getPayment(PAY_ID)
    expect(d).toMatchObject({
      payId: PAY_ID,
      status: "WaitingConfirm",
      amount: 12.5,
      confirmedAmount: 0,
      approvalUrl: "https://ecom.tbcpayments.ge/Pay/choose/x",
      preAuth: true,
      paymentMethod: 5,
      rrn: "123456789012",
      paymentCardNumber: "5***********9535",
      recId: "rec-1",
      recurringCard: { recId: "rec-1", cardMask: "5***9535", expiryDate: "0524" },
    })
    expect(d.raw.someNewField).toEqual({ kept: true })
  })

  it("a 2xx without payId is an unreadable-response TbcApiError naming the field", async () => {
    bank.on("GET /v1/tpay/payments/p1", () => ({ body: { status: "Created" } }))
    const error = await client.checkout.getPayment("p1").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcApiError)
    expect((error as TbcApiError).problem.detail).toContain("payid")
  })

  it("refuses an empty payId without sending", async () => {
    await expect(client.checkout.getPayment(" ")).rejects.toMatchObject({
      kind: "validation",
      issues: [{ field: "payId", rule: "required" }],
    })
    expect(bank.count()).toBe(0)
  })
})

describe("completion", () => {
  it("POST /v1/tpay/payments/{payId}/completion {amount}", async () => {
    bank.on(`POST /v1/tpay/payments/${PAY_ID}/completion`, () => ({
      body: { payId: PAY_ID, status: "Succeeded", amount: 20, confirmedAmount: 15.5, httpStatusCode: 200 },
    }))
    const done = await client.checkout.completePayment(PAY_ID, 15.5, { maxAmount: 20 })
    const call = lastResourceRequest()
    expect(call.method).toBe("POST")
    expect(call.json).toEqual({ amount: 15.5 })
    expect(call.headers["apikey"]).toBe(CHECKOUT_CREDS.apiKey)
    expect(done).toMatchObject({ status: "Succeeded", confirmedAmount: 15.5 })
  })

  it("refuses an amount above ctx.maxAmount (exact in tetri) without sending", async () => {
    const error = await client.checkout.completePayment(PAY_ID, 20.01, { maxAmount: 20 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcValidationError)
    expect((error as TbcValidationError).issues).toEqual([
      expect.objectContaining({ field: "amount", rule: "max_amount" }),
    ])
    expect(bank.count()).toBe(0)
  })

  it("refuses 3 decimals without sending", async () => {
    await expect(client.checkout.completePayment(PAY_ID, 1.005)).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: "amount", rule: "max_2_decimals" })],
    })
    expect(bank.count()).toBe(0)
  })
})

describe("cancel / refund", () => {
  const message = { httpStatusCode: 200, developerMessage: "Payment canceled", userMessage: "ok" }

  it("full: POST /v1/tpay/payments/{payId}/cancel with {}", async () => {
    bank.on(`POST /v1/tpay/payments/${PAY_ID}/cancel`, () => ({ body: message }))
    const answer = await client.checkout.cancelPayment(PAY_ID)
    expect(lastResourceRequest().json).toEqual({})
    expect(answer).toMatchObject({ httpStatusCode: 200, developerMessage: "Payment canceled" })
  })

  it("partial: {amount, extra}", async () => {
    bank.on(`POST /v1/tpay/payments/${PAY_ID}/cancel`, () => ({ body: message }))
    await client.checkout.cancelPayment(PAY_ID, 3.2, { maxAmount: 10, extra: "SPLIT1" })
    expect(lastResourceRequest().json).toEqual({ amount: 3.2, extra: "SPLIT1" })
  })

  it("refuses more than what is left, and a non-ANS extra, without sending", async () => {
    await expect(client.checkout.cancelPayment(PAY_ID, 10.01, { maxAmount: 10 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: "amount", rule: "max_amount" })],
    })
    await expect(client.checkout.cancelPayment(PAY_ID, 1, { extra: "ა" })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: "extra", rule: "ans_only" })],
    })
    expect(bank.count()).toBe(0)
  })

  it("a tpay business error inside HTTP 200 becomes a TbcApiError", async () => {
    bank.on(`POST /v1/tpay/payments/${PAY_ID}/cancel`, () => ({
      body: { httpStatusCode: 409, developerMessage: "Partial cancel already made today", userMessage: "უარი" },
    }))
    const error = await client.checkout.cancelPayment(PAY_ID, 1).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcApiError)
    expect(error).toMatchObject({
      status: 409,
      problem: { type: BUSINESS_ERROR_TYPE, developerMessage: "Partial cancel already made today" },
    })
  })
})
