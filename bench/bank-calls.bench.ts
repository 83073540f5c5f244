/**
 * Bank calls per checkout, counted by the sandbox bank, for 1,000 checkouts of each kind driven
 * through the tbc-checkout PROVIDER class (no Medusa app: a minimal container `{ logger }`):
 *
 *   card (no preauth): initiatePayment → shopper pays (sandbox control API) → authorizePayment
 *                      target: create + one status read
 *   preauth + capture: initiatePayment → pays → authorizePayment → capturePayment
 *                      target: create + status + completion
 *   tokens:            ≤ 1 token request per token lifetime, however many operations run
 *                      (a third run crosses 3 sandbox token lifetimes by moving the sandbox clock)
 *
 * Prints the counts per endpoint and per checkout; exits 1 when the provider makes more calls
 * than the target (and says which ones are extra).
 *
 * Run: npm run bench, or alone: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/bank-calls.bench.ts
 */
import TbcCheckoutProviderService from "../src/providers/tbc-checkout/service"
import { UNRECORDED_FOR_UNIT_TESTS } from "../src/modules/tbc/ledger/ledger-store"
import { startSandboxProcess, type SandboxProcess } from "./lib/sandbox-process"
import { CREDS } from "./lib/raw-axios"
import { fmt, pool, printTable, silentLogger } from "./lib/stats"

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1000)
const CONCURRENCY = 10
const TOKEN_LIFETIME_MS = 10 * 60 * 1000

const K = {
  token: "POST /v1/tpay/access-token",
  create: "POST /v1/tpay/payments",
  get: "GET /v1/tpay/payments/{payId}",
  completion: "POST /v1/tpay/payments/{payId}/completion",
  cancel: "POST /v1/tpay/payments/{payId}/cancel",
}

type Calls = Record<string, number>

function provider(sandbox: SandboxProcess, preAuth: boolean): TbcCheckoutProviderService {
  return new TbcCheckoutProviderService(
    { logger: silentLogger, [UNRECORDED_FOR_UNIT_TESTS]: true },
    {
      ...CREDS,
      environment: sandbox.url,
      storeUrl: "http://127.0.0.1:9",
      returnUrl: "https://shop.example.ge/checkout/return",
      callbackAllowlist: ["127.0.0.1"],
      preAuth,
    }
  )
}

const closeProvider = (p: TbcCheckoutProviderService) =>
  (p as unknown as { client_: { close(): void } }).client_.close()

async function checkout(
  sandbox: SandboxProcess,
  p: TbcCheckoutProviderService,
  i: number,
  capture: boolean,
  tag: string
) {
  const session_id = `payses_bench_${tag}_${i}`
  const started = await p.initiatePayment({
    amount: 100 + (i % 50) + 0.25,
    currency_code: "gel",
    data: { session_id },
    context: { idempotency_key: session_id },
  })
  const payId = String(started.data!.payId)
  await sandbox.control(`/_sandbox/payments/${payId}/pay`, { method: 5, outcome: "success" })
  const authorized = await p.authorizePayment({ data: started.data, context: { idempotency_key: session_id } })
  const expected = capture ? "authorized" : "captured"
  if (authorized.status !== expected)
    throw new Error(`${payId}: authorize gave ${authorized.status}, expected ${expected}`)
  if (capture) {
    const captured = await p.capturePayment({ data: authorized.data, context: { idempotency_key: `capt_${i}` } })
    if (captured.data?.status !== "Succeeded")
      throw new Error(`${payId}: capture left ${String(captured.data?.status)}`)
  }
}

const delta = (after: Calls, before: Calls): Calls =>
  Object.fromEntries(
    Object.keys(after)
      .map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)])
      .filter(([, n]) => (n as number) > 0)
  )

async function phase(sandbox: SandboxProcess, name: string, preAuth: boolean, lifetimes = 1): Promise<Calls> {
  const p = provider(sandbox, preAuth)
  const before = await sandbox.calls()
  const perLifetime = Math.ceil(CHECKOUTS / lifetimes)
  const t0 = Date.now()
  for (let l = 0; l < lifetimes; l++) {
    if (l > 0) await sandbox.control("/_sandbox/clock", { advanceMs: TOKEN_LIFETIME_MS + 60_000 })
    const n = Math.min(perLifetime, CHECKOUTS - l * perLifetime)
    await pool(n, CONCURRENCY, (i) => checkout(sandbox, p, l * perLifetime + i, preAuth, name))
  }
  const elapsed = Date.now() - t0
  closeProvider(p)
  const calls = delta(await sandbox.calls(), before)
  console.log(`\n${name}: ${CHECKOUTS} checkouts in ${(elapsed / 1000).toFixed(1)} s (${CONCURRENCY} at a time)`)
  return calls
}

/** `tokensOnly`: judge only the token count (the other rows are shown for information). */
function report(name: string, calls: Calls, target: Calls, tokensOnly = false): string[] {
  const keys = [...new Set([...Object.keys(target), ...Object.keys(calls)])]
  const rows = keys.map((k) => {
    const n = calls[k] ?? 0
    const t = target[k] ?? 0
    const judged = k === K.token || !tokensOnly
    const over = k === K.token ? n > t : n > t * CHECKOUTS
    const verdict = !judged ? "info" : over ? "OVER" : "ok"
    const targetText = k === K.token ? `≤ ${t} total` : tokensOnly ? "-" : `${t}`
    return [k, n, fmt(n / CHECKOUTS, 3), targetText, verdict]
  })
  printTable(["endpoint", "calls", "per checkout", "target per checkout", "verdict"], rows)
  const total = keys.filter((k) => k !== K.token).reduce((s, k) => s + (calls[k] ?? 0), 0)
  const targetTotal = keys.filter((k) => k !== K.token).reduce((s, k) => s + (target[k] ?? 0), 0)
  const judged = tokensOnly ? "judged on token requests only" : `target ${targetTotal}`
  console.log(`${name}: ${fmt(total / CHECKOUTS, 3)} bank calls per checkout (${judged})`)
  return rows.filter((r) => r[4] === "OVER").map((r) => `${name}: ${r[0]} ${r[2]} per checkout vs ${r[3]}`)
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({
    callbackAttempts: 1,
    callbackRetryMs: 0,
    tokenLifetimeMs: TOKEN_LIFETIME_MS,
  })
  const misses: string[] = []
  try {
    console.log(`bank calls per checkout, counted by the sandbox (${sandbox.url}), provider class tbc-checkout`)
    const card = await phase(sandbox, "card", false)
    misses.push(...report("card", card, { [K.token]: 1, [K.create]: 1, [K.get]: 1 }))
    const preauth = await phase(sandbox, "preauth+capture", true)
    misses.push(...report("preauth+capture", preauth, { [K.token]: 1, [K.create]: 1, [K.get]: 1, [K.completion]: 1 }))
    const lifetimes = 3
    const long = await phase(sandbox, `card over ${lifetimes} token lifetimes`, false, lifetimes)
    misses.push(...report(`card over ${lifetimes} token lifetimes`, long, { [K.token]: lifetimes }, true))
    console.log(
      "  (the sandbox clock jumps past the token lifetime between thirds; the client, on real time, cannot\n" +
        "   know the bank's clock jumped, so the requests in flight at each jump get a 401 and are resent once\n" +
        "   after ONE shared token refresh: those 401s are the calls above 1 per checkout. With the bank's and\n" +
        "   the client's clocks in step the client renews the token before it expires.)"
    )
  } finally {
    await sandbox.close()
  }
  if (misses.length > 0) {
    console.log(`\nMISSED: ${misses.join("; ")}`)
    process.exitCode = 1
  } else {
    console.log("\nall bank-call targets met")
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
