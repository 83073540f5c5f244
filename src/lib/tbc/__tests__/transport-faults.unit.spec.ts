import { TbcClient } from "../client"
import { TbcApiError, TbcNetworkError, TbcTimeoutError } from "../errors"
import { isRetryable } from "../retry-rules"
import type { TbcLogger } from "../types"
import { CHECKOUT_CREDS, closedPort, startStubBank, type StubBank } from "./stub-bank"

/** Retries only where safe, timeouts, connection failures and error-body parsing. */

const DETAILS = "GET /v1/tpay/payments/p1"
const CREATE = "POST /v1/tpay/payments"
const detailsBody = { payId: "p1", status: "Succeeded" }
const createRequest = { amount: { currency: "GEL" as const, total: 1 }, returnurl: "https://s.example/r" }

function captureLogger(lines: string[]): TbcLogger {
  const push = (msg: string) => void lines.push(msg)
  return { debug: push, info: push, warn: push, error: push }
}

let bank: StubBank
const clients: TbcClient[] = []
function clientFor(url: string, extra: Partial<ConstructorParameters<typeof TbcClient>[0]> = {}) {
  const c = new TbcClient({ environment: url, checkout: CHECKOUT_CREDS, retryBaseMs: 5, maxRetries: 2, ...extra })
  clients.push(c)
  return c
}

beforeEach(async () => {
  bank = await startStubBank()
})
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close())
  await bank.close()
})

describe("retries of safe calls", () => {
  it("retries a GET after 503 and succeeds", async () => {
    bank.on(DETAILS, (_r, n) => (n === 1 ? { status: 503, body: "busy" } : { body: detailsBody }))
    await expect(clientFor(bank.url).checkout.getPayment("p1")).resolves.toMatchObject({ status: "Succeeded" })
    expect(bank.count(DETAILS)).toBe(2)
  })

  it("gives up on a GET after maxRetries and reports the last 503", async () => {
    bank.on(DETAILS, () => ({ status: 503, body: { status: 503, title: "Service Unavailable" } }))
    await expect(clientFor(bank.url).checkout.getPayment("p1")).rejects.toMatchObject({ kind: "api", status: 503 })
    expect(bank.count(DETAILS)).toBe(3)
  })

  it("honours a short Retry-After on 429 for a GET", async () => {
    bank.on(DETAILS, (_r, n) =>
      n === 1 ? { status: 429, headers: { "retry-after": "0" }, body: { status: 429 } } : { body: detailsBody }
    )
    await clientFor(bank.url).checkout.getPayment("p1")
    expect(bank.count(DETAILS)).toBe(2)
  })

  it("retries a GET that timed out", async () => {
    bank.on(DETAILS, (_r, n) => (n === 1 ? "hang" : { body: detailsBody }))
    await expect(clientFor(bank.url, { timeoutMs: 500 }).checkout.getPayment("p1")).resolves.toMatchObject({
      payId: "p1",
    })
    expect(bank.count(DETAILS)).toBe(2)
  })

  it("retries the token call after 502", async () => {
    bank.on("POST /v1/tpay/access-token", (_r, n) =>
      n === 1
        ? { status: 502, body: "<html>Bad gateway</html>" }
        : { body: { access_token: "t-after-502", expires_in: 60 } }
    )
    await clientFor(bank.url).checkout.verifyCredentials()
    expect(bank.count("POST /v1/tpay/access-token")).toBe(2)
  })
})

describe("mutations are never repeated once they may have reached the bank", () => {
  it("a timed-out create is a TbcTimeoutError after exactly one request", async () => {
    bank.on(CREATE, () => "hang")
    const error = await clientFor(bank.url, { timeoutMs: 500 })
      .checkout.createPayment(createRequest)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcTimeoutError)
    expect(error).toMatchObject({ kind: "timeout", timeoutMs: 500, operation: "POST /v1/tpay/payments" })
    await new Promise((r) => setTimeout(r, 100))
    expect(bank.count(CREATE)).toBe(1)
  })

  it("a completion answered 503 is not repeated", async () => {
    bank.on("POST /v1/tpay/payments/p1/completion", () => ({ status: 503, body: { status: 503 } }))
    await expect(clientFor(bank.url).checkout.completePayment("p1", 1)).rejects.toMatchObject({ status: 503 })
    expect(bank.count("POST /v1/tpay/payments/p1/completion")).toBe(1)
  })

  it("a refund whose connection dropped mid-request is a TbcNetworkError (reachedBank) after one request", async () => {
    bank.on("POST /v1/tpay/payments/p1/cancel", () => "destroy")
    const error = await clientFor(bank.url)
      .checkout.cancelPayment("p1", 1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcNetworkError)
    expect((error as TbcNetworkError).reachedBank).toBe(true)
    expect(bank.count("POST /v1/tpay/payments/p1/cancel")).toBe(1)
  })

  it("a mutation refused at connect (never reached the bank) is retried", async () => {
    const lines: string[] = []
    const client = clientFor(bank.url, { logger: captureLogger(lines) })
    bank.on(DETAILS, () => ({ body: detailsBody }))
    await client.checkout.getPayment("p1") // caches the token
    await bank.close()
    await new Promise((r) => setTimeout(r, 50)) // let the client see its idle socket closed
    const error = await client.checkout.createPayment(createRequest).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcNetworkError)
    expect(error).toMatchObject({ reachedBank: false, code: "ECONNREFUSED" })
    expect(lines.filter((l) => l.startsWith("TBC POST /v1/tpay/payments: retry"))).toHaveLength(2)
    bank = await startStubBank() // for afterEach
  })

  it("the per-call debug line is written only when the logger wants debug lines", async () => {
    bank.on(DETAILS, () => ({ body: detailsBody }))
    const answered = (l: string) => l.startsWith("TBC GET /v1/tpay/payments/{payId} -> 200")
    const plain: string[] = []
    await clientFor(bank.url, { logger: captureLogger(plain) }).checkout.getPayment("p1")
    expect(plain.filter(answered)).toHaveLength(1)

    const asked: string[] = []
    const quiet: string[] = []
    const atInfo = { ...captureLogger(quiet), shouldLog: (level: string) => (asked.push(level), level !== "debug") }
    await clientFor(bank.url, { logger: atInfo }).checkout.getPayment("p1")
    expect(asked).toContain("debug")
    expect(quiet.filter(answered)).toHaveLength(0)

    const verbose: string[] = []
    await clientFor(bank.url, { logger: { ...captureLogger(verbose), shouldLog: () => true } }).checkout.getPayment(
      "p1"
    )
    expect(verbose.filter(answered)).toHaveLength(1)
  })

  it("one deadline covers the whole exchange: an answer whose body keeps trickling in times out", async () => {
    bank.on(DETAILS, () => "drip")
    const started = Date.now()
    const error = await clientFor(bank.url, { timeoutMs: 600, maxRetries: 0 })
      .checkout.getPayment("p1")
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcTimeoutError)
    expect(error).toMatchObject({ kind: "timeout", timeoutMs: 600, operation: "GET /v1/tpay/payments/{payId}" })
    // the headers came at once and a byte every 100 ms after: only the deadline can end it
    expect(Date.now() - started).toBeGreaterThanOrEqual(550)
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it("isRetryable: the rule table", () => {
    const op = "POST /x"
    expect(isRetryable(new TbcNetworkError(op, false, "ECONNREFUSED"), "mutating")).toBe(true)
    expect(isRetryable(new TbcNetworkError(op, true, "ECONNRESET"), "mutating")).toBe(false)
    expect(isRetryable(new TbcNetworkError(op, true, "ECONNRESET"), "idempotent")).toBe(true)
    expect(isRetryable(new TbcTimeoutError(op, 1), "mutating")).toBe(false)
    expect(isRetryable(new TbcTimeoutError(op, 1), "idempotent")).toBe(true)
    expect(isRetryable(new TbcApiError(op, { status: 503 }), "mutating")).toBe(false)
    expect(isRetryable(new TbcApiError(op, { status: 503 }), "idempotent")).toBe(true)
    expect(isRetryable(new TbcApiError(op, { status: 400 }), "idempotent")).toBe(false)
  })
})

describe("connection failures and error bodies", () => {
  it("a refused port is a TbcNetworkError with reachedBank=false", async () => {
    const client = clientFor(`http://127.0.0.1:${await closedPort()}`, { maxRetries: 0 })
    await expect(client.checkout.getPayment("p1")).rejects.toMatchObject({
      kind: "network",
      code: "ECONNREFUSED",
      reachedBank: false,
      operation: "POST /v1/tpay/access-token",
    })
  })

  it("problem-JSON with errors, traceId, systemCode, code and instance is parsed into TbcApiError.problem", async () => {
    bank.on(CREATE, () => ({
      status: 400,
      headers: { "content-type": "application/problem+json" },
      body: {
        type: "https://developers.tbcbank.ge/docs/error-type-400",
        title: "One or more validation errors occurred.",
        status: 400,
        detail: "amount.total is invalid",
        instance: "/v1/tpay/payments",
        traceId: "00-abc-def-01",
        systemCode: "System code for problem is tpay.400.001",
        code: "001",
        errors: { "amount.total": ["must be greater than 0"], returnurl: ["required"] },
        unknownMember: 1,
      },
    }))
    const error = (await clientFor(bank.url)
      .checkout.createPayment(createRequest)
      .catch((e: unknown) => e)) as TbcApiError
    expect(error).toBeInstanceOf(TbcApiError)
    expect(error.status).toBe(400)
    expect(error.problem).toEqual({
      status: 400,
      type: "https://developers.tbcbank.ge/docs/error-type-400",
      title: "One or more validation errors occurred.",
      detail: "amount.total is invalid",
      instance: "/v1/tpay/payments",
      traceId: "00-abc-def-01",
      systemCode: "System code for problem is tpay.400.001",
      code: "001",
      errors: { "amount.total": ["must be greater than 0"], returnurl: ["required"] },
    })
    expect(error.message).toBe("TBC POST /v1/tpay/payments failed with 400: amount.total is invalid")
    expect(error.toJSON()).toMatchObject({ kind: "api", status: 400, operation: "POST /v1/tpay/payments" })
  })

  it("a tpay business error body on a 4xx keeps httpStatusCode, developerMessage, userMessage, resultCode", async () => {
    bank.on("POST /v1/tpay/payments/p1/cancel", () => ({
      status: 409,
      body: {
        httpStatusCode: 409,
        developerMessage: "Payment already returned",
        userMessage: "გადახდა უკვე დაბრუნებულია",
        resultCode: "ALREADY_RETURNED",
      },
    }))
    await expect(clientFor(bank.url).checkout.cancelPayment("p1")).rejects.toMatchObject({
      status: 409,
      message: "TBC POST /v1/tpay/payments/{payId}/cancel failed with 409: Payment already returned",
      problem: {
        httpStatusCode: 409,
        developerMessage: "Payment already returned",
        userMessage: "გადახდა უკვე დაბრუნებულია",
        resultCode: "ALREADY_RETURNED",
      },
    })
  })

  it("a non-JSON error body becomes title HTTP <status> plus a one-line snippet", async () => {
    bank.on(DETAILS, () => ({ status: 404, body: "<html>\n  <body>Not   Found</body>\n</html>" }))
    await expect(clientFor(bank.url).checkout.getPayment("p1")).rejects.toMatchObject({
      status: 404,
      problem: { status: 404, title: "HTTP 404", detail: "<html> <body>Not Found</body> </html>" },
    })
  })

  it("redirects are not followed (they could carry the Authorization header elsewhere)", async () => {
    bank.on(DETAILS, () => ({ status: 302, headers: { location: "http://127.0.0.1:1/elsewhere" } }))
    await expect(clientFor(bank.url).checkout.getPayment("p1")).rejects.toMatchObject({ kind: "api", status: 302 })
  })
})
