import { startSandbox, SANDBOX_DEFAULTS, type SandboxHandle } from "../../../../packages/sandbox/src"
import { TbcClient } from "../client"
import { TbcApiError, TbcValidationError } from "../errors"

/**
 * Every endpoint of the client against the real local sandbox bank: proves that what the
 * client sends is what the sandbox (built to the live bank's wire format) accepts, and that
 * what the sandbox answers is what the client reads.
 */

let sandbox: SandboxHandle
let client: TbcClient

const credentials = {
  checkout: {
    apiKey: SANDBOX_DEFAULTS.apiKey,
    clientId: SANDBOX_DEFAULTS.clientId,
    clientSecret: SANDBOX_DEFAULTS.clientSecret,
  },
  installments: {
    apiKey: SANDBOX_DEFAULTS.installmentApiKey,
    apiSecret: SANDBOX_DEFAULTS.installmentApiSecret,
    merchantKey: SANDBOX_DEFAULTS.merchantKey,
  },
  mortgages: { apiKey: SANDBOX_DEFAULTS.installmentApiKey, apiSecret: SANDBOX_DEFAULTS.installmentApiSecret },
}

async function control(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${sandbox.url}/_sandbox${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`control ${path} -> ${res.status} ${await res.text()}`)
  return res.json()
}
const calls = (key: string) => sandbox.state().calls[key] ?? 0

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strict: true })
  client = new TbcClient({ environment: sandbox.url, ...credentials, retryBaseMs: 5 })
})
afterAll(async () => {
  client.close()
  await sandbox.close()
})

describe("checkout against the sandbox", () => {
  it("verifyCredentials: POST /v1/tpay/access-token", async () => {
    const before = calls("POST /v1/tpay/access-token")
    await expect(client.checkout.verifyCredentials()).resolves.toMatchObject({ area: "checkout", ok: true })
    expect(calls("POST /v1/tpay/access-token")).toBe(before + 1)
  })

  it("wrong checkout credentials are a TbcApiError 401", async () => {
    const wrong = new TbcClient({
      environment: sandbox.url,
      checkout: { ...credentials.checkout, clientSecret: "nope" },
    })
    await expect(wrong.checkout.verifyCredentials()).rejects.toMatchObject({ kind: "api", status: 401 })
    wrong.close()
  })

  it("create (preAuth) → pay → details → completion (partial) → refund (partial)", async () => {
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 25.5, subTotal: 25.5 },
      returnurl: "https://shop.example/return",
      methods: [5, 7],
      preAuth: true,
      language: "EN",
      merchantPaymentId: "order_sbx_1",
      extra: "ORDER SBX 1",
      description: "Sandbox order",
      expirationMinutes: 12,
    })
    expect(created.status).toBe("Created")
    expect(created.approvalUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    const seen = sandbox.state().payments.find((p) => p.payId === created.payId)
    expect(seen).toMatchObject({
      amount: 25.5,
      currency: "GEL",
      preAuth: true,
      methods: [5, 7],
      merchantPaymentId: "order_sbx_1",
    })
    expect(seen?.returnUrl).toBe("https://shop.example/return")

    await control(`/payments/${created.payId}/pay`, { method: 5, outcome: "success" })
    const held = await client.checkout.getPayment(created.payId)
    expect(held).toMatchObject({ payId: created.payId, status: "WaitingConfirm", amount: 25.5, preAuth: true })

    const completed = await client.checkout.completePayment(created.payId, 20, { maxAmount: 25.5 })
    expect(completed.status).toBe("Succeeded")
    const afterCompletion = await client.checkout.getPayment(created.payId)
    expect(afterCompletion.confirmedAmount).toBe(20)

    const refund = await client.checkout.cancelPayment(created.payId, 5, { maxAmount: 20 })
    expect(refund.raw).toBeDefined()
    const refunded = await client.checkout.getPayment(created.payId)
    expect(refunded.status).toBe("PartialReturned")
    // 5.50 released by the smaller completion + 5.00 refunded
    expect(refunded.returnedAmount).toBe(10.5)
  })

  it("full cancel with {} returns the whole amount", async () => {
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 3 },
      returnurl: "https://shop.example/r",
      methods: [5],
    })
    await control(`/payments/${created.payId}/pay`, { method: 5, outcome: "success" })
    await client.checkout.cancelPayment(created.payId)
    await expect(client.checkout.getPayment(created.payId)).resolves.toMatchObject({ status: "Returned" })
  })

  it("saveCard → recId → execution by saved card → delete saved card", async () => {
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 0 },
      returnurl: "https://shop.example/r",
      methods: [5],
      saveCard: true,
      saveCardToDate: "1230",
    })
    await control(`/payments/${created.payId}/pay`, { method: 5, outcome: "success", saveCard: true })
    const paid = await client.checkout.getPayment(created.payId)
    const recId = paid.recId ?? paid.recurringCard?.recId
    expect(recId).toBeTruthy()
    expect(paid.recurringCard?.cardMask).toBeTruthy()

    const executed = await client.checkout.executeWithSavedCard({
      recId: recId!,
      money: { amount: 9.99, currency: "GEL" },
      initiator: "merchant",
      merchantPaymentId: "sub_1",
    })
    expect(executed.status).toBe("Succeeded")

    const deleted = await client.checkout.deleteSavedCard(recId!)
    expect(deleted.raw).toBeDefined()
    await expect(
      client.checkout.executeWithSavedCard({ recId: recId!, money: { amount: 1, currency: "GEL" } })
    ).rejects.toBeInstanceOf(TbcApiError)
  })

  it("a validation failure sends nothing to the sandbox", async () => {
    const before = calls("POST /v1/tpay/payments")
    await expect(
      client.checkout.createPayment({
        amount: { currency: "USD", total: 5 },
        returnurl: "https://s.example/r",
        methods: [8],
      })
    ).rejects.toBeInstanceOf(TbcValidationError)
    expect(calls("POST /v1/tpay/payments")).toBe(before)
  })

  it("50 concurrent calls with a cold cache make exactly 1 token request", async () => {
    const fresh = new TbcClient({ environment: sandbox.url, checkout: credentials.checkout })
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 1 },
      returnurl: "https://s.example/r",
    })
    const before = calls("POST /v1/tpay/access-token")
    await Promise.all(Array.from({ length: 50 }, () => fresh.checkout.getPayment(created.payId)))
    expect(calls("POST /v1/tpay/access-token")).toBe(before + 1)
    fresh.close()
  })

  it("revoked tokens: the next call gets a 401, refreshes once and succeeds", async () => {
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 1 },
      returnurl: "https://s.example/r",
    })
    await control("/faults", { revokeTokens: true })
    const before = calls("POST /v1/tpay/access-token")
    await expect(client.checkout.getPayment(created.payId)).resolves.toMatchObject({ payId: created.payId })
    expect(calls("POST /v1/tpay/access-token")).toBe(before + 1)
  })

  it("a completion on the contract's alias path is not what the client uses (it uses /v1/tpay)", () => {
    expect(calls("POST /v1/pay/payments/{payId}/completion")).toBe(0)
    expect(calls("POST /v1/tpay/payments/{payId}/completion")).toBeGreaterThan(0)
  })
})

describe("faults injected by the sandbox", () => {
  afterEach(async () => {
    await control("/faults", { reset: true })
  })

  it("a GET answered 503 once is retried and succeeds", async () => {
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 1 },
      returnurl: "https://s.example/r",
    })
    const key = "GET /v1/tpay/payments/{payId}"
    const before = calls(key)
    await control("/faults", { failNext: { count: 1, status: 503, path: "/v1/tpay/payments/{payId}" } })
    await expect(client.checkout.getPayment(created.payId)).resolves.toMatchObject({ payId: created.payId })
    expect(calls(key) - before).toBe(2)
  })

  it("a create whose answer is lost (the bank acted) times out and is NOT repeated", async () => {
    const impatient = new TbcClient({ environment: sandbox.url, checkout: credentials.checkout, timeoutMs: 500 })
    await impatient.checkout.verifyCredentials()
    const paymentsBefore = sandbox.state().payments.length
    const before = calls("POST /v1/tpay/payments")
    await control("/faults", { timeoutNext: { count: 1, path: "/v1/tpay/payments", afterProcessing: true } })
    await expect(
      impatient.checkout.createPayment({
        amount: { currency: "GEL", total: 2 },
        returnurl: "https://s.example/r",
        merchantPaymentId: "lost_answer",
      })
    ).rejects.toMatchObject({ kind: "timeout", timeoutMs: 500 })
    expect(calls("POST /v1/tpay/payments")).toBe(before + 1)
    expect(sandbox.state().payments.length).toBe(paymentsBefore + 1)
    impatient.close()
  })
})

describe("installments and mortgages against the sandbox", () => {
  const application = {
    campaignId: "204",
    invoiceId: "inv_sbx_1",
    priceTotal: 123.4,
    products: [
      { name: "Shoes × 2", price: 103.4, quantity: 1 },
      { name: "Laces", price: 20, quantity: 1 },
    ],
  }

  it("verifyCredentials for both OAuth scopes; mortgages hands out a token", async () => {
    await expect(client.installments.verifyCredentials()).resolves.toMatchObject({ area: "installments" })
    await expect(client.mortgages.verifyCredentials()).resolves.toMatchObject({ area: "mortgages" })
    await expect(client.mortgages.getAccessToken()).resolves.toEqual(expect.any(String))
  })

  it("create → status → bank approves → confirm → status changes → sync", async () => {
    const created = await client.installments.createApplication(application)
    expect(created.sessionId).toBeTruthy()
    expect(created.redirectUrl).toContain(created.sessionId)
    const seen = sandbox.state().applications.find((a) => a.sessionId === created.sessionId)
    expect(seen).toMatchObject({
      priceTotal: 123.4,
      products: application.products,
      invoiceId: "inv_sbx_1",
      campaignId: "204",
      merchantKey: SANDBOX_DEFAULTS.merchantKey,
    })
    await expect(client.installments.getStatus(created.sessionId)).resolves.toMatchObject({ statusId: 0 })

    await control(`/installments/${created.sessionId}/status`, { statusId: 5 })
    await expect(client.installments.getStatus(created.sessionId)).resolves.toMatchObject({ statusId: 5 })
    await client.installments.confirmApplication(created.sessionId)

    const page = await client.installments.getStatusChanges(100)
    expect(page.statusChanges.some((c) => c.sessionId === created.sessionId)).toBe(true)
    expect(page.synchronizationRequestId).toBeTruthy()
    await client.installments.syncStatusChanges(page.synchronizationRequestId)
    const after = await client.installments.getStatusChanges(100)
    expect(
      after.statusChanges.filter((c) =>
        page.statusChanges.some((p) => p.sessionId === c.sessionId && p.statusId === c.statusId)
      )
    ).toEqual([])
  })

  it("cancel an application", async () => {
    const created = await client.installments.createApplication({ ...application, invoiceId: "inv_sbx_2" })
    await client.installments.cancelApplication(created.sessionId)
    const status = await client.installments.getStatus(created.sessionId)
    expect([4, 7]).toContain(status.statusId)
  })

  it("wrong installment credentials are a TbcApiError 401", async () => {
    const wrong = new TbcClient({
      environment: sandbox.url,
      installments: { ...credentials.installments, apiSecret: "nope" },
    })
    await expect(wrong.installments.verifyCredentials()).rejects.toMatchObject({ kind: "api", status: 401 })
    wrong.close()
  })
})
