import { inspect } from "node:util"
import { TbcClient } from "../client"
import { TbcConfigError } from "../errors"
import type { TbcLogger } from "../types"
import {
  CHECKOUT_CREDS,
  INSTALLMENT_CREDS,
  MORTGAGE_CREDS,
  TOKEN_ROUTES,
  startStubBank,
  type RecordedRequest,
  type StubBank,
} from "./stub-bank"

/**
 * A hostile bank that echoes everything we sent (headers, form, body) back in its error bodies:
 * no secret may survive into an error's message, JSON, inspect output or any log line.
 */

const ISSUED_TOKEN = "issued-access-token-4f9c2a7e"
const OAUTH_TOKEN = "issued-oauth-token-77aa11"
const basicOf = (c: { apiKey: string; apiSecret: string }) =>
  Buffer.from(`${c.apiKey}:${c.apiSecret}`).toString("base64")
const SECRETS = [
  CHECKOUT_CREDS.apiKey,
  CHECKOUT_CREDS.clientSecret,
  INSTALLMENT_CREDS.apiKey,
  INSTALLMENT_CREDS.apiSecret,
  MORTGAGE_CREDS.apiKey,
  MORTGAGE_CREDS.apiSecret,
  basicOf(INSTALLMENT_CREDS),
  basicOf(MORTGAGE_CREDS),
  ISSUED_TOKEN,
  OAUTH_TOKEN,
]

/** Everything the request carried, as one string, in many places of a problem document. */
function echo(req: RecordedRequest): string {
  return JSON.stringify({ headers: req.headers, body: req.rawBody, auth: req.headers.authorization })
}
const echoProblem = (status: number) => (req: RecordedRequest) => {
  const all = echo(req)
  const bare = (req.headers.authorization ?? "").replace(/^(Basic|Bearer) /, "")
  return {
    status,
    body: {
      status,
      title: `rejected ${bare}`,
      detail: all,
      instance: String(req.headers.apikey ?? ""),
      traceId: bare,
      errors: { [bare || "x"]: [all, String(req.headers.apikey)] },
      developerMessage: all,
      userMessage: bare,
    },
  }
}

let bank: StubBank
let client: TbcClient
let lines: string[]

function capture(): TbcLogger {
  const push = (msg: string) => void lines.push(msg)
  return { debug: push, info: push, warn: push, error: push }
}

beforeEach(async () => {
  lines = []
  bank = await startStubBank({
    [TOKEN_ROUTES.checkout]: () => ({ body: { access_token: ISSUED_TOKEN, token_type: "Bearer", expires_in: 86400 } }),
    [TOKEN_ROUTES.oauth]: () => ({
      body: { access_token: OAUTH_TOKEN, token_type: "BearerToken", expires_in: 7775999 },
    }),
  })
  client = new TbcClient({
    environment: bank.url,
    checkout: CHECKOUT_CREDS,
    installments: INSTALLMENT_CREDS,
    mortgages: MORTGAGE_CREDS,
    retryBaseMs: 1,
    logger: capture(),
  })
})
afterEach(async () => {
  client.close()
  await bank.close()
})

async function expectNoSecretIn(call: () => Promise<unknown>) {
  const error = await call().then(
    () => {
      throw new Error("expected the call to fail")
    },
    (e: unknown) => e as Error
  )
  const surfaces = [
    error.message,
    JSON.stringify(error),
    inspect(error, { depth: null }),
    String(error.stack),
    ...lines,
  ]
  for (const secret of SECRETS) {
    for (const surface of surfaces) {
      expect(surface).not.toContain(secret)
    }
  }
  // the echo really happened: the redaction marker proves the secrets were in the bank's answer
  expect(JSON.stringify(error)).toContain("[REDACTED]")
  return error
}

describe("no secret leaves the client", () => {
  it("checkout token endpoint echoing apikey and client_secret (problem-JSON 400)", async () => {
    bank.on(TOKEN_ROUTES.checkout, echoProblem(400))
    await expectNoSecretIn(() => client.checkout.getPayment("p1"))
  })

  it("OAuth token endpoint echoing the Basic credential, with and without the scheme", async () => {
    bank.on(TOKEN_ROUTES.oauth, echoProblem(401))
    await expectNoSecretIn(() => client.installments.getStatus("s1"))
    await expectNoSecretIn(() => client.mortgages.getAccessToken())
  })

  it("resource call echoing apikey and the Bearer token (problem-JSON 400)", async () => {
    bank.on("POST /v1/tpay/payments", echoProblem(400))
    await expectNoSecretIn(() =>
      client.checkout.createPayment({ amount: { currency: "GEL", total: 1 }, returnurl: "https://s.example/r" })
    )
  })

  it("resource call echoing everything as a non-JSON 500 after retries (with retry log lines)", async () => {
    bank.on("GET /v1/tpay/payments/p1", (req) => ({ status: 503, body: `upstream said: ${echo(req)}` }))
    await expectNoSecretIn(() => client.checkout.getPayment("p1"))
    expect(lines.some((l) => l.includes("retry"))).toBe(true)
  })

  it("a 401 echoing the old token, then a 401 echoing the new one", async () => {
    bank.on("POST /v1/online-installments/applications/s1/confirm", echoProblem(401))
    await expectNoSecretIn(() => client.installments.confirmApplication("s1"))
  })

  it("a tpay business error inside HTTP 200 echoing the token", async () => {
    bank.on("POST /v1/tpay/payments/p1/cancel", (req) => ({
      body: { httpStatusCode: 400, developerMessage: echo(req), userMessage: String(req.headers.authorization) },
    }))
    await expectNoSecretIn(() => client.checkout.cancelPayment("p1"))
  })

  it("a config error never echoes the value it refuses", () => {
    const secretLike = "sk_live_do_not_print_me"
    let error: unknown
    try {
      new TbcClient({ environment: secretLike, checkout: { ...CHECKOUT_CREDS, clientSecret: "" } })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(TbcConfigError)
    const text = `${(error as Error).message} ${JSON.stringify(error)}`
    expect(text).toContain("environment")
    expect(text).toContain("checkout.clientSecret")
    expect(text).not.toContain(secretLike)
    expect(text).not.toContain(CHECKOUT_CREDS.apiKey)
  })
})
