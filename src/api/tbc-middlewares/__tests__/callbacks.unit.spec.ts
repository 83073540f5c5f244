/**
 * The callback middleware with a fake request: it alone decides the stamped headers; foreign
 * sources and malformed bodies are answered 200 and logged without reaching Medusa's route.
 */
import { Modules } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { CALLBACK_HEADERS } from "../../../providers/tbc-checkout/callbacks/callback-auth"
import { stampTbcCallback } from "../callbacks"

const OPTIONS = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "test",
  storeUrl: "https://shop.ge",
  returnUrl: "https://shop.example.ge/checkout/return",
}

function configModule(options: Record<string, unknown>) {
  return {
    modules: {
      [Modules.PAYMENT]: {
        options: { providers: [{ resolve: "./src/providers/tbc-checkout", id: "tbc", options }] },
      },
    },
  }
}

interface Fake {
  req: MedusaRequest
  res: MedusaResponse & { status200: number }
  next: jest.Mock
  logs: Array<Record<string, unknown>>
}

function fake({
  provider = "tbc-checkout_tbc",
  remote = "193.104.20.44",
  headers = {},
  body = { PaymentId: "abc123" },
  query = { s: "payses_1", sig: "signature" },
  options = {},
  rawOptions,
  logFails = false,
  sessionPayId,
}: {
  provider?: string
  remote?: string
  headers?: Record<string, string>
  body?: unknown
  query?: Record<string, unknown>
  options?: Record<string, unknown>
  /** this very object as the registration's options (no copy) */
  rawOptions?: Record<string, unknown>
  logFails?: boolean
  /** the payId the signed URL's payment session holds; none: no such session */
  sessionPayId?: string
} = {}): Fake {
  const logs: Array<Record<string, unknown>> = []
  const req = {
    headers: { ...headers },
    socket: { remoteAddress: remote },
    body,
    query,
    params: { provider },
    scope: {
      resolve: (key: string) => {
        if (key === "configModule") return configModule(rawOptions ?? { ...OPTIONS, ...options })
        if (key === "__pg_connection__")
          return {
            raw: async (sql: string, bindings: unknown[]) => {
              if (/^\s*select/i.test(sql)) {
                // the pairing check: the signed URL's session, read from the money ledger (never Medusa's tables)
                expect({ sql, id: bindings[0] }).toEqual({
                  sql: expect.stringMatching(/from tbc_payment\s+where payment_session_id = \?/),
                  id: query.s,
                })
                return { rows: sessionPayId === undefined ? [] : [{ pay_id: sessionPayId }] }
              }
              if (logFails) throw new Error("db down")
              // refused callbacks are counted: insert … on conflict do update count + 1
              expect(sql).toMatch(/on conflict .* do update set count = tbc_callback_log\.count \+ 1/s)
              const [, provider_id, pay_id, source_ip, result] = bindings
              logs.push({ provider_id, pay_id, source_ip, result, bank_status: null })
              return { rows: [] }
            },
          }
        if (key === "logger") return { warn: jest.fn(), info: jest.fn() }
        throw new Error(`unexpected resolve ${key}`)
      },
    },
  } as unknown as MedusaRequest
  const res = {
    status200: 0,
    sendStatus: jest.fn(function (this: { status200: number }, code: number) {
      if (code === 200) this.status200++
    }),
  }
  return { req, res: res as unknown as Fake["res"], next: jest.fn(), logs }
}

const run = async (f: Fake) => stampTbcCallback(f.req, f.res, f.next as unknown as MedusaNextFunction)

describe("stampTbcCallback", () => {
  it("stamps source, session, signature and a receipt for a bank address and passes on", async () => {
    const f = fake({ headers: { "x-tbc-callback-session": "payses_evil", "X-Tbc-Callback-Source": "1.1.1.1" } })
    await run(f)
    expect(f.next).toHaveBeenCalledTimes(1)
    expect(f.req.headers[CALLBACK_HEADERS.source]).toBe("193.104.20.44")
    expect(f.req.headers[CALLBACK_HEADERS.session]).toBe("payses_1")
    expect(f.req.headers[CALLBACK_HEADERS.signature]).toBe("signature")
    expect(f.req.headers[CALLBACK_HEADERS.receipt]).toMatch(/^[0-9a-f-]{36}$/)
    expect(f.req.headers["X-Tbc-Callback-Source"]).toBeUndefined()
    expect(f.logs).toEqual([])
  })

  it("never keeps a caller's stamp headers, even without a session in the URL", async () => {
    const f = fake({ query: {}, headers: { "x-tbc-callback-session": "payses_evil", "x-tbc-callback-signature": "x" } })
    await run(f)
    expect(f.req.headers[CALLBACK_HEADERS.session]).toBeUndefined()
    expect(f.req.headers[CALLBACK_HEADERS.signature]).toBeUndefined()
  })

  it("answers 200 itself and logs rejected_source for an address outside the allowlist (X-Forwarded-For ignored)", async () => {
    const f = fake({ remote: "::ffff:10.1.2.3", headers: { "x-forwarded-for": "193.104.20.44" } })
    await run(f)
    expect(f.next).not.toHaveBeenCalled()
    expect(f.res.status200).toBe(1)
    expect(f.logs).toEqual([
      {
        provider_id: "pp_tbc-checkout_tbc",
        pay_id: "abc123",
        source_ip: "10.1.2.3",
        result: "rejected_source",
        bank_status: null,
      },
    ])
  })

  it("parses a registration's options once, keyed by the options object", async () => {
    const raw: Record<string, unknown> = { ...OPTIONS, callbackAllowlist: ["10.9.9.9"] }
    const first = fake({ remote: "10.9.9.9", rawOptions: raw })
    await run(first)
    expect(first.next).toHaveBeenCalledTimes(1)
    // the same object changed afterwards is not parsed again (the config module's object never changes)
    raw.callbackAllowlist = ["10.8.8.8"]
    const second = fake({ remote: "10.9.9.9", rawOptions: raw })
    await run(second)
    expect(second.next).toHaveBeenCalledTimes(1)
    // another options object is parsed on its own
    const other = fake({ remote: "10.9.9.9", rawOptions: { ...raw } })
    await run(other)
    expect(other.next).not.toHaveBeenCalled()
    expect(other.logs[0]).toMatchObject({ result: "rejected_source", source_ip: "10.9.9.9" })
  })

  it("reads X-Forwarded-For only on requests from a trustProxy proxy", async () => {
    const proxied = fake({
      remote: "10.0.0.2",
      headers: { "x-forwarded-for": "6.6.6.6, 185.52.80.45" },
      options: { trustProxy: ["10.0.0.2"] },
    })
    await run(proxied)
    expect(proxied.next).toHaveBeenCalled()
    expect(proxied.req.headers[CALLBACK_HEADERS.source]).toBe("185.52.80.45")
    const spoofed = fake({
      remote: "10.0.0.2",
      headers: { "x-forwarded-for": "185.52.80.45, 6.6.6.6" },
      options: { trustProxy: ["10.0.0.2"] },
    })
    await run(spoofed)
    expect(spoofed.next).not.toHaveBeenCalled()
    expect(spoofed.logs[0]).toMatchObject({ result: "rejected_source", source_ip: "6.6.6.6" })
    // straight to the store, past the proxy: the header is the caller's word, not the proxy's
    const direct = fake({
      remote: "10.0.0.9",
      headers: { "x-forwarded-for": "185.52.80.45" },
      options: { trustProxy: ["10.0.0.2"] },
    })
    await run(direct)
    expect(direct.next).not.toHaveBeenCalled()
    expect(direct.logs[0]).toMatchObject({ result: "rejected_source", source_ip: "10.0.0.9" })
  })

  it("answers 200 itself and logs malformed bodies; a failing log never breaks the answer", async () => {
    for (const body of [[], { PaymentId: 1 }, "text", null, { PaymentId: "a b" }]) {
      const f = fake({ body })
      await run(f)
      expect(f.next).not.toHaveBeenCalled()
      expect(f.res.status200).toBe(1)
      expect(f.logs[0]).toMatchObject({ result: "malformed", source_ip: "193.104.20.44" })
    }
    const broken = fake({ body: {}, logFails: true })
    await run(broken)
    expect(broken.res.status200).toBe(1)
  })

  it("understands a JSON body sent as text/plain and hands Medusa the parsed object", async () => {
    const f = fake({ body: '{"PaymentId":"abc123"}' })
    await run(f)
    expect(f.next).toHaveBeenCalled()
    expect(f.req.body).toEqual({ PaymentId: "abc123" })
    const text = fake({ body: "PaymentId=abc123" })
    await run(text)
    expect(text.next).not.toHaveBeenCalled()
    expect(text.logs[0]).toMatchObject({ result: "malformed" })
  })

  it("leaves other providers alone (only our headers are stripped)", async () => {
    const f = fake({
      provider: "stripe_stripe",
      remote: "10.0.0.9",
      headers: { "x-tbc-callback-source": "193.104.20.44" },
    })
    await run(f)
    expect(f.next).toHaveBeenCalled()
    expect(f.req.headers[CALLBACK_HEADERS.source]).toBeUndefined()
    const prefixed = fake({ provider: "pp_tbc-checkout_tbc" })
    await run(prefixed)
    expect(prefixed.req.headers[CALLBACK_HEADERS.source]).toBe("193.104.20.44")
  })

  it("refuses a signed URL whose session opened another payment (forged pairing), passes the real pair", async () => {
    const forged = fake({ query: { s: "payses_forged", sig: "x" }, sessionPayId: "someone-else" })
    await run(forged)
    expect(forged.next).not.toHaveBeenCalled()
    expect(forged.res.status200).toBe(1)
    expect(forged.logs).toEqual([
      {
        provider_id: "pp_tbc-checkout_tbc",
        pay_id: "abc123",
        source_ip: "193.104.20.44",
        result: "rejected_source",
        bank_status: null,
      },
    ])

    const paired = fake({ query: { s: "payses_paired", sig: "x" }, sessionPayId: "abc123" })
    await run(paired)
    expect(paired.next).toHaveBeenCalledTimes(1)
    expect(paired.req.headers[CALLBACK_HEADERS.session]).toBe("payses_paired")
  })
})
