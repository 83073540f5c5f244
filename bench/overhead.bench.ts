/**
 * Plugin overhead: each tbc-checkout provider operation and each client call against a raw axios
 * call (keep-alive agent) to the same sandbox endpoint, in the same process, interleaved (the
 * order alternates per iteration), ITERATIONS calls each; median and p99 and the median ratio
 * (target ≤ 1.05). The sandbox runs in its own process.
 *
 * Then, with the sandbox adding 50 ms to every bank call: 200 concurrent checkouts through the
 * client (create → shopper pays → status read) and through the provider (initiate → pays →
 * authorize): total time vs 50 ms per call (no head-of-line blocking: a few × 50 ms, not 200 ×).
 *
 * Run: npm run bench, or alone: npx ts-node --swc --transpile-only bench/overhead.bench.ts
 */
import http from "node:http"
import axios, { type AxiosInstance } from "axios"
import { TbcClient, type CreatePaymentRequest } from "../src/lib/tbc"
import TbcCheckoutProviderService from "../src/providers/tbc-checkout/service"
import { startSandboxProcess, type SandboxProcess } from "./lib/sandbox-process"
import { fmt, pool, printTable, silentLogger, summary } from "./lib/stats"

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000)
const WARMUP = 200
const CONCURRENT = 200
const LATENCY_MS = 50
const TARGET_RATIO = 1.05
const CREDS = { apiKey: "sandbox-apikey", clientId: "sandbox-client", clientSecret: "sandbox-client-secret" }

const createBody = (i: number, preAuth = false): CreatePaymentRequest => ({
  amount: { currency: "GEL", total: 100 + (i % 50) + 0.25, subTotal: 100 + (i % 50) + 0.25 },
  returnurl: "http://127.0.0.1:9/return",
  methods: [5],
  preAuth,
  merchantPaymentId: `bench_${i}`,
  callbackUrl: "http://127.0.0.1:9/hooks",
})

interface Raw {
  http: AxiosInstance
  headers: Record<string, string>
}

async function rawClient(url: string): Promise<Raw> {
  const agent = new http.Agent({ keepAlive: true })
  const ax = axios.create({ baseURL: url, httpAgent: agent, validateStatus: () => true })
  const token = await ax.post(
    "/v1/tpay/access-token",
    new URLSearchParams({ client_id: CREDS.clientId, client_secret: CREDS.clientSecret }).toString(),
    { headers: { apikey: CREDS.apiKey, "Content-Type": "application/x-www-form-urlencoded" } }
  )
  return { http: ax, headers: { apikey: CREDS.apiKey, Authorization: `Bearer ${token.data.access_token}` } }
}

async function rawCall(raw: Raw, method: "GET" | "POST", path: string, data?: unknown): Promise<Record<string, unknown>> {
  const res = await raw.http.request({ method, url: path, data, headers: raw.headers })
  if (res.status >= 300) throw new Error(`raw ${method} ${path}: ${res.status}`)
  return res.data as Record<string, unknown>
}

/** A payment paid at the sandbox (untimed setup); preAuth → WaitingConfirm. */
async function paidPayment(sandbox: SandboxProcess, raw: Raw, i: number, preAuth: boolean): Promise<string> {
  const created = await rawCall(raw, "POST", "/v1/tpay/payments", createBody(i, preAuth))
  const payId = String(created.payId)
  await sandbox.control(`/_sandbox/payments/${payId}/pay`, { method: 5, outcome: "success" })
  return payId
}

interface Pair {
  name: string
  rawName: string
  /** untimed setup per iteration: what both sides need */
  setup?: (i: number) => Promise<{ plugin: unknown; raw: unknown }>
  plugin: (i: number, arg: unknown) => Promise<unknown>
  raw: (i: number, arg: unknown) => Promise<unknown>
}

/**
 * Wall time (ms) and this process's CPU time (µs) of one call. On a shared 2-core machine the wall
 * time of a ~1 ms loopback call is noisy; the CPU this process spends per call is the plugin's
 * own cost and is much steadier (the bench process runs nothing else meanwhile).
 */
async function timed(fn: () => Promise<unknown>): Promise<[number, number]> {
  const c0 = process.cpuUsage()
  const t0 = process.hrtime.bigint()
  await fn()
  const wall = Number(process.hrtime.bigint() - t0) / 1e6
  const c = process.cpuUsage(c0)
  return [wall, c.user + c.system]
}

type Samples = { plugin: number[]; raw: number[]; pluginCpu: number[]; rawCpu: number[] }

async function measure(pairs: Pair[]): Promise<Map<string, Samples>> {
  const samples = new Map<string, Samples>(pairs.map((p) => [p.name, { plugin: [], raw: [], pluginCpu: [], rawCpu: [] }]))
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    for (const pair of pairs) {
      const args = pair.setup ? await pair.setup(i) : { plugin: undefined, raw: undefined }
      const runPlugin = () => timed(() => pair.plugin(i, args.plugin))
      const runRaw = () => timed(() => pair.raw(i, args.raw))
      let p: [number, number]
      let r: [number, number]
      if (i % 2 === 0) {
        p = await runPlugin()
        r = await runRaw()
      } else {
        r = await runRaw()
        p = await runPlugin()
      }
      if (i >= WARMUP) {
        const s = samples.get(pair.name)!
        s.plugin.push(p[0])
        s.raw.push(r[0])
        s.pluginCpu.push(p[1])
        s.rawCpu.push(r[1])
      }
    }
  }
  return samples
}

async function concurrentCheckouts(label: string, checkout: (i: number) => Promise<void>, callsPerCheckout: number) {
  const t0 = Date.now()
  await pool(CONCURRENT, CONCURRENT, checkout)
  const elapsed = Date.now() - t0
  const serial = CONCURRENT * callsPerCheckout * LATENCY_MS
  return [label, CONCURRENT, callsPerCheckout, elapsed, fmt(elapsed / (callsPerCheckout * LATENCY_MS), 1), fmt((CONCURRENT / elapsed) * 1000, 0), serial]
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ callbackAttempts: 1, callbackRetryMs: 0 })
  const client = new TbcClient({ environment: sandbox.url, checkout: CREDS, logger: silentLogger })
  const provider = new TbcCheckoutProviderService(
    { logger: silentLogger },
    { ...CREDS, environment: sandbox.url, storeUrl: "http://127.0.0.1:9", callbackAllowlist: ["127.0.0.1"], preAuth: true }
  )
  const raw = await rawClient(sandbox.url)
  let failed = false
  try {
    await client.checkout.verifyCredentials()
    const fixedPaid = await paidPayment(sandbox, raw, 0, false)
    const fixedData = (await provider.initiatePayment({ amount: 10, currency_code: "gel", data: { session_id: "payses_fixed" } })).data!
    await sandbox.control(`/_sandbox/payments/${String(fixedData.payId)}/pay`, { method: 5, outcome: "success" })
    // held (WaitingConfirm) payments for the completion/capture pairs, made before the timed loop
    const heldCount = 2 * 2 * (WARMUP + ITERATIONS)
    const heldIds: string[] = new Array(heldCount)
    const s0 = Date.now()
    await pool(heldCount, 16, async (i) => {
      heldIds[i] = await paidPayment(sandbox, raw, i, true)
    })
    console.log(`setup: ${heldCount} preauthorized payments held at the sandbox in ${((Date.now() - s0) / 1000).toFixed(1)} s`)
    let nextHeld = 0
    const held = async (_i: number) => heldIds[nextHeld++]

    const pairs: Pair[] = [
      {
        name: "client.checkout.getPayment",
        rawName: "GET /v1/tpay/payments/{payId}",
        plugin: () => client.checkout.getPayment(fixedPaid),
        raw: () => rawCall(raw, "GET", `/v1/tpay/payments/${fixedPaid}`),
      },
      {
        name: "client.checkout.createPayment",
        rawName: "POST /v1/tpay/payments",
        plugin: (i) => client.checkout.createPayment(createBody(i)),
        raw: (i) => rawCall(raw, "POST", "/v1/tpay/payments", createBody(i)),
      },
      {
        name: "client.checkout.completePayment",
        rawName: "POST …/{payId}/completion",
        setup: async (i) => ({ plugin: await held(i), raw: await held(i) }),
        plugin: (_i, payId) => client.checkout.completePayment(String(payId), 100.25, { maxAmount: 1000 }),
        raw: (_i, payId) => rawCall(raw, "POST", `/v1/tpay/payments/${String(payId)}/completion`, { amount: 100.25 }),
      },
      {
        name: "provider.initiatePayment",
        rawName: "POST /v1/tpay/payments",
        plugin: (i) =>
          provider.initiatePayment({ amount: 100 + (i % 50) + 0.25, currency_code: "gel", data: { session_id: `payses_o_${i}` } }),
        raw: (i) => rawCall(raw, "POST", "/v1/tpay/payments", createBody(i, true)),
      },
      {
        name: "provider.authorizePayment",
        rawName: "GET /v1/tpay/payments/{payId}",
        plugin: () => provider.authorizePayment({ data: fixedData }),
        raw: () => rawCall(raw, "GET", `/v1/tpay/payments/${String(fixedData.payId)}`),
      },
      {
        name: "provider.capturePayment",
        // since the one-call capture (data says WaitingConfirm): the provider sends just the completion
        rawName: "POST …/{payId}/completion (the one call it sends)",
        setup: async (i) => ({ plugin: await held(i), raw: await held(i) }),
        plugin: (_i, payId) =>
          provider.capturePayment({ data: { payId, status: "WaitingConfirm", amount: 100.25, currency: "GEL", preAuth: true } }),
        raw: (_i, payId) => rawCall(raw, "POST", `/v1/tpay/payments/${String(payId)}/completion`, { amount: 100.25 }),
      },
    ]
    console.log(`plugin overhead vs raw axios (keep-alive), ${ITERATIONS} calls each after ${WARMUP} warm-up, interleaved; sandbox ${sandbox.url}`)
    const t0 = Date.now()
    const samples = await measure(pairs)
    console.log(`measured in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
    const rows = pairs.map((pair) => {
      const s = samples.get(pair.name)!
      const p = summary(s.plugin)
      const r = summary(s.raw)
      const pc = summary(s.pluginCpu)
      const rc = summary(s.rawCpu)
      const ratio = p.median / r.median
      if (ratio > TARGET_RATIO) failed = true
      return [
        pair.name,
        pair.rawName,
        fmt(p.median),
        fmt(r.median),
        fmt(ratio, 3),
        fmt((p.median - r.median) * 1000, 0),
        fmt(p.p99),
        fmt(r.p99),
        fmt(pc.median, 0),
        fmt(rc.median, 0),
        ratio <= TARGET_RATIO ? "ok" : "OVER",
      ]
    })
    printTable(
      [
        "operation",
        "raw axios equivalent",
        "median ms",
        "raw median ms",
        "ratio",
        "Δ median µs",
        "p99 ms",
        "raw p99 ms",
        "CPU µs/call",
        "raw CPU µs/call",
        `ratio ≤ ${TARGET_RATIO}`,
      ],
      rows
    )

    await sandbox.control("/_sandbox/faults", { latencyMs: LATENCY_MS })
    console.log(`\n${CONCURRENT} concurrent checkouts with the sandbox adding ${LATENCY_MS} ms to every bank call`)
    const unlimited = await rawClient(sandbox.url) // raw, keep-alive, no socket cap: the floor
    // status reads alone, on payments paid beforehand: only the client's concurrency is measured
    const paidIds = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => paidPayment(sandbox, unlimited, i, false)))
    const results = [
      await concurrentCheckouts("client: getPayment only", async (i) => void (await client.checkout.getPayment(paidIds[i])), 1),
      await concurrentCheckouts(
        "raw axios (no socket cap): GET only",
        async (i) => void (await rawCall(unlimited, "GET", `/v1/tpay/payments/${paidIds[i]}`)),
        1
      ),
      await concurrentCheckouts(
        "client: create → pay → getPayment",
        async (i) => {
          const created = await client.checkout.createPayment(createBody(i))
          await sandbox.control(`/_sandbox/payments/${created.payId}/pay`, { method: 5, outcome: "success" })
          await client.checkout.getPayment(created.payId)
        },
        2
      ),
      await concurrentCheckouts(
        "provider: initiate → pay → authorize",
        async (i) => {
          const out = await provider.initiatePayment({ amount: 20.5, currency_code: "gel", data: { session_id: `payses_c_${i}` } })
          await sandbox.control(`/_sandbox/payments/${String(out.data!.payId)}/pay`, { method: 5, outcome: "success" })
          await provider.authorizePayment({ data: out.data })
        },
        2
      ),
      await concurrentCheckouts(
        "raw axios (no socket cap): create → pay → GET",
        async (i) => {
          const created = await rawCall(unlimited, "POST", "/v1/tpay/payments", createBody(i))
          await sandbox.control(`/_sandbox/payments/${String(created.payId)}/pay`, { method: 5, outcome: "success" })
          await rawCall(unlimited, "GET", `/v1/tpay/payments/${String(created.payId)}`)
        },
        2
      ),
    ]
    printTable(["path", "checkouts", "bank calls each", "total ms", "× one checkout's bank latency", "per s", "serial ms"], results)
    await sandbox.control("/_sandbox/faults", { latencyMs: 0 })
  } finally {
    client.close()
    ;(provider as unknown as { client_: { close(): void } }).client_.close()
    await sandbox.close()
  }
  if (failed) {
    console.log(`\nMISSED: some median ratio above ${TARGET_RATIO} (see the table)`)
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
