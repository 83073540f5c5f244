/**
 * Where the plugin's overhead comes from: the same call sent through ever more of the plugin's
 * layers, each paired with a default raw axios call (the baseline of overhead.bench.ts),
 * interleaved call by call with the order alternating, ITERATIONS pairs each; medians. The
 * sandbox runs in its own process. First a status read (GET /v1/tpay/payments/{payId}):
 *
 *   0. raw axios vs raw axios (a second instance and agent): the A/A control, should be 1.00
 *   1. axios with the Transport's settings (text body, our JSON.parse, no redirects)
 *   2. + the whole-exchange deadline (ExchangeDeadline: a timer per call)
 *   3. Transport.request (headers, status handling, retry loop)
 *   4. + the Bearer token (sendWithToken over the real token cache)
 *   5. + reading the answer (readPaymentDetails: lower-cased keys, the zod schema, the mapping)
 *   6. TbcClient.checkout.getPayment (+ payId check, route, business-error check)
 *   7. provider.authorizePayment (+ the provider's status mapping and session data)
 *
 * Then a payment creation (POST /v1/tpay/payments): sendWithToken with the body as given, then
 * + validating the request, + reading the answer, TbcClient.checkout.createPayment, and
 * provider.initiatePayment (+ amounts, the signed callback URL, session data).
 *
 * Run: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/overhead-layers.bench.ts (not part of the
 * verdicts of `npm run bench`; BENCHMARKS.md, section 2, quotes it).
 */
import http from "node:http"
import https from "node:https"
import axios from "axios"
import { TbcClient, validateCreatePaymentRequest } from "../src/lib/tbc"
import { AGENT_OPTIONS, axiosSettings, route, Transport } from "../src/lib/tbc/transport"
import { ExchangeDeadline } from "../src/lib/tbc/deadline"
import { sendWithToken } from "../src/lib/tbc/tokens"
import { SecretRedactor } from "../src/lib/tbc/redact"
import { readPaymentDetails } from "../src/lib/tbc/responses"
import TbcCheckoutProviderService from "../src/providers/tbc-checkout/service"
import { UNRECORDED_FOR_UNIT_TESTS } from "../src/modules/tbc/ledger/ledger-store"
import { CREDS, createBody, rawClient } from "./lib/raw-axios"
import { startSandboxProcess } from "./lib/sandbox-process"
import { fmt, printTable, silentLogger, summary, timed } from "./lib/stats"

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 3000)
const WARMUP = 300
const TIMEOUT_MS = 30_000

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ callbackAttempts: 1, callbackRetryMs: 0 })
  const client = new TbcClient({ environment: sandbox.url, checkout: CREDS, logger: silentLogger })
  const provider = new TbcCheckoutProviderService(
    { logger: silentLogger, [UNRECORDED_FOR_UNIT_TESTS]: true },
    {
      ...CREDS,
      environment: sandbox.url,
      storeUrl: "http://127.0.0.1:9",
      returnUrl: "https://shop.example.ge/checkout/return",
      callbackAllowlist: ["127.0.0.1"],
    }
  )
  const transport = new Transport({
    baseUrl: sandbox.url,
    timeoutMs: TIMEOUT_MS,
    maxRetries: 0,
    retryBaseMs: 100,
    redactor: new SecretRedactor([]),
  })
  const settled = axios.create(
    axiosSettings(sandbox.url, new http.Agent(AGENT_OPTIONS), new https.Agent(AGENT_OPTIONS))
  )
  try {
    const initiated = await provider.initiatePayment({
      amount: 10,
      currency_code: "gel",
      data: { session_id: "payses_layers" },
    })
    const data = initiated.data!
    const payId = String(data.payId)
    await sandbox.control(`/_sandbox/payments/${payId}/pay`, { method: 5, outcome: "success" })
    // the baseline and the A/A control: default axios instances, each with its own agent and token
    const raw = await rawClient(sandbox.url)
    const raw2 = await rawClient(sandbox.url)
    const { headers } = raw
    const token = headers.Authorization.slice("Bearer ".length)
    const path = `/v1/tpay/payments/${payId}`
    const r = route("GET", "/v1/tpay/payments/{payId}", { payId })
    const tokens = {
      get: async () => token,
      invalidate: () => undefined,
      fetchFresh: async () => ({ accessToken: token, lifetimeMs: 3_600_000 }),
    }
    const plain = () => raw.http.request({ method: "GET", url: path, headers })
    const layers: Layer[] = [
      ["0. raw axios, second instance (A/A control)", () => raw2.http.request({ method: "GET", url: path, headers })],
      [
        "1. axios with the Transport's settings",
        () => settled.request<string>({ method: "GET", url: path, headers }).then((res) => JSON.parse(res.data)),
      ],
      [
        "2. + the whole-exchange deadline",
        () => {
          const deadline = new ExchangeDeadline(TIMEOUT_MS)
          return settled
            .request<string>({ method: "GET", url: path, headers, transport: deadline.transport })
            .then((res) => JSON.parse(res.data))
            .finally(() => deadline.clear())
        },
      ],
      ["3. Transport.request", () => transport.request({ route: r, retry: "idempotent", headers })],
      [
        "4. + Bearer token (sendWithToken)",
        () => sendWithToken(transport, tokens, { route: r, retry: "idempotent", headers: { apikey: CREDS.apiKey } }),
      ],
      [
        "5. + reading the answer (readPaymentDetails)",
        () =>
          sendWithToken(transport, tokens, { route: r, retry: "idempotent", headers: { apikey: CREDS.apiKey } }).then(
            (res) => readPaymentDetails(res.body, { operation: r.operation, status: res.status })
          ),
      ],
      ["6. TbcClient.checkout.getPayment", () => client.checkout.getPayment(payId)],
      ["7. provider.authorizePayment", () => provider.authorizePayment({ data })],
    ]
    await section(`status read (GET) through the plugin's layers vs raw axios`, plain, layers)

    const postPlain = (i: number) =>
      raw.http.request({ method: "POST", url: "/v1/tpay/payments", headers, data: createBody(i) })
    const post = route("POST", "/v1/tpay/payments")
    const sendCreate = (body: unknown) =>
      sendWithToken(transport, tokens, {
        route: post,
        retry: "mutating",
        json: body,
        headers: { apikey: CREDS.apiKey },
      })
    await section(`create payment (POST) through the plugin's layers vs raw axios`, postPlain, [
      [
        "0. raw axios, second instance (A/A control)",
        (i) => raw2.http.request({ method: "POST", url: "/v1/tpay/payments", headers, data: createBody(i) }),
      ],
      ["1. Transport.request with the Bearer token (sendWithToken)", (i) => sendCreate(createBody(i))],
      [
        "2. + validating the request (validateCreatePaymentRequest)",
        (i) => sendCreate(validateCreatePaymentRequest(createBody(i))),
      ],
      [
        "3. + reading the answer (readPaymentDetails)",
        (i) =>
          sendCreate(validateCreatePaymentRequest(createBody(i))).then((res) =>
            readPaymentDetails(res.body, { operation: post.operation, status: res.status })
          ),
      ],
      ["4. TbcClient.checkout.createPayment", (i) => client.checkout.createPayment(createBody(i))],
      [
        "5. provider.initiatePayment",
        (i) =>
          provider.initiatePayment({
            amount: 100 + (i % 50) + 0.25,
            currency_code: "gel",
            data: { session_id: `payses_l_${i}` },
          }),
      ],
    ])
  } finally {
    client.close()
    transport.close()
    ;(provider as unknown as { client_: { close(): void } }).client_.close()
    await sandbox.close()
  }
}

type Layer = [name: string, call: (i: number) => Promise<unknown>]

/** Each layer paired with the raw call, interleaved with the order alternating; prints the table. */
async function section(title: string, plain: (i: number) => Promise<unknown>, layers: Layer[]): Promise<void> {
  console.log(`\n${title}, ${ITERATIONS} interleaved pairs each after ${WARMUP} warm-up`)
  const rows: (string | number)[][] = []
  let previous = 1
  let n = 0
  for (const [name, call] of layers) {
    const mine: number[] = []
    const base: number[] = []
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const [p, q] = [n++, n++]
      let a: number
      let b: number
      if (i % 2 === 0) {
        ;[a] = await timed(() => call(p))
        ;[b] = await timed(() => plain(q))
      } else {
        ;[b] = await timed(() => plain(q))
        ;[a] = await timed(() => call(p))
      }
      if (i >= WARMUP) {
        mine.push(a)
        base.push(b)
      }
    }
    const m = summary(mine).median
    const b = summary(base).median
    const ratio = m / b
    rows.push([name, fmt(m), fmt(b), fmt(ratio, 3), fmt((m - b) * 1000, 0), fmt(ratio - previous, 3)])
    if (!name.startsWith("0.")) previous = ratio
  }
  printTable(["layer", "median ms", "raw median ms", "ratio", "Δ µs", "step vs the layer before"], rows)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
