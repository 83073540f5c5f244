/** Test helpers: a started sandbox plus plain-fetch shortcuts for its bank and control endpoints. */
import http from "node:http"
import type { AddressInfo } from "node:net"
import { startSandbox, type SandboxHandle, type SandboxOptions } from "../index"

export const CHECKOUT_CREDENTIALS = {
  apiKey: "sandbox-apikey",
  clientId: "sandbox-client",
  clientSecret: "sandbox-client-secret",
}
export const INSTALLMENT_CREDENTIALS = { apiKey: "sandbox-inst-key", apiSecret: "sandbox-inst-secret" }
export const MERCHANT_KEY = "SandboxMerchant"

export interface Answer {
  status: number
  body: any
  headers: Headers
  text: string
}

export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: Record<string, string> } = {}
): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) }
  let body: string | undefined
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded"
    body = new URLSearchParams(init.form).toString()
  } else if (init.body !== undefined) {
    headers["content-type"] ??= "application/json"
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body)
  }
  const method = init.method ?? (body ? "POST" : "GET")
  if (method === "GET" && body !== undefined) {
    return getWithBody(url, headers, body) // fetch refuses a GET body; the bank's docs send one
  }
  const response = await fetch(url, { method, headers, body, redirect: "manual" })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // HTML pages stay text
  }
  return { status: response.status, body: parsed, headers: response.headers, text }
}

function getWithBody(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "GET", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        let text = ""
        response.on("data", (chunk) => (text += chunk))
        response.on("end", () => {
          const responseHeaders = new Headers()
          for (const [key, value] of Object.entries(response.headers)) {
            if (typeof value === "string") responseHeaders.set(key, value)
          }
          let parsed: unknown = text
          try {
            parsed = text ? JSON.parse(text) : undefined
          } catch {
            // not JSON
          }
          resolve({ status: response.statusCode ?? 0, body: parsed, headers: responseHeaders, text })
        })
      }
    )
    request.on("error", reject)
    request.end(body)
  })
}

export class TestBank {
  checkoutToken = ""
  installmentToken = ""
  constructor(private handle?: SandboxHandle) {}

  /** the running sandbox (a bank from `sharedPerSuite` has one from its beforeAll on) */
  get sandbox(): SandboxHandle {
    if (!this.handle) {
      throw new Error("the test sandbox is not started yet: use the bank inside a test or hook")
    }
    return this.handle
  }

  get url(): string {
    return this.sandbox.url
  }

  static async start(options: SandboxOptions = {}): Promise<TestBank> {
    const bank = new TestBank(await startSandbox({ strict: true, ...options }))
    return bank
  }

  /**
   * One sandbox for the calling describe block: started before its first test, emptied (control
   * reset) and given fresh tokens before every test, closed after its last one.
   */
  static sharedPerSuite(options: SandboxOptions = {}): TestBank {
    const bank = new TestBank()
    beforeAll(async () => {
      bank.handle = await startSandbox({ strict: true, ...options })
    })
    beforeEach(async () => {
      await bank.control("/reset", {})
      await bank.tokens()
    })
    afterAll(() => bank.close())
    return bank
  }

  async tokens(): Promise<void> {
    const checkout = await call(`${this.url}/v1/tpay/access-token`, {
      method: "POST",
      headers: { apikey: CHECKOUT_CREDENTIALS.apiKey },
      form: { client_id: CHECKOUT_CREDENTIALS.clientId, client_secret: CHECKOUT_CREDENTIALS.clientSecret },
    })
    this.checkoutToken = checkout.body.access_token
    const oauth = await call(`${this.url}/oauth/token`, {
      method: "POST",
      headers: { authorization: basic(INSTALLMENT_CREDENTIALS.apiKey, INSTALLMENT_CREDENTIALS.apiSecret) },
      form: { grant_type: "client_credentials", scope: "online_installments" },
    })
    this.installmentToken = oauth.body.access_token
  }

  checkoutHeaders(): Record<string, string> {
    return { apikey: CHECKOUT_CREDENTIALS.apiKey, authorization: `Bearer ${this.checkoutToken}` }
  }

  /** a checkout bank call with valid credentials */
  tpay(path: string, body?: unknown, method?: string): Promise<Answer> {
    return call(`${this.url}/v1/tpay/payments${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: this.checkoutHeaders(),
      body,
    })
  }

  /** an installments bank call with a valid Bearer */
  inst(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
    const method = init.method ?? (init.body === undefined ? "GET" : "POST")
    return call(`${this.url}/v1/online-installments${path}`, {
      method,
      headers: { authorization: `Bearer ${this.installmentToken}` },
      body: init.body,
    })
  }

  control(path: string, body?: unknown): Promise<Answer> {
    return call(`${this.url}/_sandbox${path}`, { method: body === undefined ? "GET" : "POST", body })
  }

  async createPayment(overrides: Record<string, unknown> = {}): Promise<Answer> {
    return this.tpay("", {
      amount: { currency: "GEL", total: 25.5 },
      returnurl: "http://shop.test/return",
      ...overrides,
    })
  }

  /** create + pay through the control API */
  async paidPayment(overrides: Record<string, unknown> = {}, method = 5): Promise<string> {
    const created = await this.createPayment(overrides)
    if (created.status !== 200) {
      throw new Error(`create failed: ${created.text}`)
    }
    const paid = await this.control(`/payments/${created.body.payId}/pay`, { method, outcome: "success" })
    if (paid.status !== 200) {
      throw new Error(`pay failed: ${paid.text}`)
    }
    return created.body.payId
  }

  close(): Promise<void> {
    return this.sandbox.close()
  }
}

export function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`
}

/** A local callback receiver answering `statuses` in turn (then 200), recording every body. */
export async function startReceiver(statuses: number[] = []): Promise<{
  url: string
  bodies: { raw: string; contentType?: string; at: number }[]
  close(): Promise<void>
}> {
  const bodies: { raw: string; contentType?: string; at: number }[] = []
  const queue = [...statuses]
  const server = http.createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk) => (raw += chunk))
    req.on("end", () => {
      bodies.push({ raw, contentType: req.headers["content-type"], at: Date.now() })
      res.writeHead(queue.shift() ?? 200)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/callback`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) {
      throw new Error("condition not met in time")
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

export function expectProblem(answer: Answer, status: number): void {
  expect(answer.status).toBe(status)
  expect(answer.headers.get("content-type")).toContain("application/problem+json")
  expect(answer.body).toMatchObject({ status, type: `https://developers.tbcbank.ge/docs/error-type-${status}` })
  expect(typeof answer.body.title).toBe("string")
  expect(typeof answer.body.detail).toBe("string")
  expect(answer.body.systemCode).toMatch(/^System code for problem is .+\.\d{3}\.\d{3}$/)
  expect(answer.body.code).toMatch(/^\d{3}$/)
}

/** the issue list of a validation problem as "field:rule" strings */
export function issueKeys(answer: Answer): string[] {
  return (answer.body.issues ?? []).map((issue: { field: string; rule: string }) => `${issue.field}:${issue.rule}`)
}
