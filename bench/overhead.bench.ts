/**
 * Plugin overhead: each tbc-checkout provider operation that calls the bank (initiate, authorize,
 * capture, getPaymentStatus, retrievePayment, deletePayment, cancel, refund) and each main client
 * call against raw axios calls (keep-alive agent) sending the same bank calls to the same sandbox,
 * in the same process, interleaved (the order alternates per iteration), ITERATIONS calls each;
 * median and p99 and the median ratio (target ≤ 1.05). The sandbox runs in its own process.
 * The provider runs as in an app: its money ledger on PostgreSQL (a scratch database cloned from
 * the tests' migrated template). A second table gives what the ledger adds to each money
 * operation: the same provider without a ledger, interleaved with it (target ≤ 2 ms), in wall
 * time and in this process's CPU time per call (the steadier figure on a shared machine), and
 * the ledger's statements per operation (bench/lib/statement-count.ts: reads, durable and relaxed
 * commits), which explain its wall time on an idle machine.
 * (The callback handler is measured end to end through Medusa by webhooks.bench.ts.)
 *
 * Then, with the sandbox adding 50 ms to every bank call: 200 concurrent checkouts through the
 * client (create → shopper pays → status read) and through the provider (initiate → pays →
 * authorize): total time vs 50 ms per call (no head-of-line blocking: a few × 50 ms, not 200 ×).
 *
 * Run: npm run bench, or alone: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/overhead.bench.ts
 */
import { TbcClient } from "../src/lib/tbc"
import TbcCheckoutProviderService from "../src/providers/tbc-checkout/service"
import { UNRECORDED_FOR_UNIT_TESTS } from "../src/modules/tbc/ledger/ledger-store"
import { startSandboxProcess } from "./lib/sandbox-process"
import { CREDS, createBody, paidPayment, rawCall, rawClient } from "./lib/raw-axios"
import { ITERATIONS, WARMUP, measure, type Pair } from "./lib/paired-measure"
import { fmt, pool, printTable, silentLogger, summary } from "./lib/stats"
import { ledgerDatabase } from "./lib/ledger-db"
import { countingConnection } from "./lib/statement-count"

const CONCURRENT = 200
const LATENCY_MS = 50
const TARGET_RATIO = 1.05
/** What the ledger may add to one money operation (ms). */
const TARGET_LEDGER_MS = 2
/** Each refund returns this much of a fresh captured payment (one partial return per day each). */
const REFUND_STEP = 0.01

async function concurrentCheckouts(label: string, checkout: (i: number) => Promise<void>, callsPerCheckout: number) {
  const t0 = Date.now()
  await pool(CONCURRENT, CONCURRENT, checkout)
  const elapsed = Date.now() - t0
  const serial = CONCURRENT * callsPerCheckout * LATENCY_MS
  return [
    label,
    CONCURRENT,
    callsPerCheckout,
    elapsed,
    fmt(elapsed / (callsPerCheckout * LATENCY_MS), 1),
    fmt((CONCURRENT / elapsed) * 1000, 0),
    serial,
  ]
}

async function main(): Promise<void> {
  const sandbox = await startSandboxProcess({ callbackAttempts: 1, callbackRetryMs: 0 })
  const ledgerDb = await ledgerDatabase(sandbox.url)
  const client = new TbcClient({ environment: sandbox.url, checkout: CREDS, logger: silentLogger })
  const options = {
    ...CREDS,
    environment: sandbox.url,
    storeUrl: "http://127.0.0.1:9",
    returnUrl: "https://shop.example.ge/checkout/return",
    callbackAllowlist: ["127.0.0.1"],
    preAuth: true,
  }
  // as in an app: the ledger on the app's PostgreSQL connection
  const provider = new TbcCheckoutProviderService({ logger: silentLogger, __pg_connection__: ledgerDb.pg }, options)
  // the same, on a connection that counts the ledger's statements (one untimed call of each operation)
  const statements = countingConnection(ledgerDb.pg)
  const counted = new TbcCheckoutProviderService({ logger: silentLogger, __pg_connection__: statements.pg }, options)
  // the same provider recording nothing: what the ledger adds is the difference
  const unrecorded = new TbcCheckoutProviderService(
    { logger: silentLogger, [UNRECORDED_FOR_UNIT_TESTS]: true },
    options
  )
  const raw = await rawClient(sandbox.url)
  let failed = false
  try {
    await client.checkout.verifyCredentials()
    const fixedPaid = await paidPayment(sandbox, raw, 0, false)
    const fixedData = (
      await provider.initiatePayment({ amount: 10, currency_code: "gel", data: { session_id: "payses_fixed" } })
    ).data!
    await sandbox.control(`/_sandbox/payments/${String(fixedData.payId)}/pay`, { method: 5, outcome: "success" })
    /** A payment held (WaitingConfirm) through the provider: its ledger entry exists, as in the app. */
    let sessions = 0
    const heldThroughProvider = async (amount = 100.25): Promise<Record<string, unknown>> => {
      const out = await provider.initiatePayment({
        amount,
        currency_code: "gel",
        data: { session_id: `payses_held_${++sessions}` },
      })
      await sandbox.control(`/_sandbox/payments/${String(out.data!.payId)}/pay`, { method: 5, outcome: "success" })
      return (await provider.authorizePayment({ data: out.data })).data!
    }
    // held payments for the completion, capture and cancel pairs, made before the timed loop:
    // raw ones for the raw axios and unrecorded sides, through the provider for its side
    const rounds = WARMUP + ITERATIONS
    const s0 = Date.now()
    const heldIds: string[] = new Array(6 * rounds)
    await pool(heldIds.length, 16, async (i) => {
      heldIds[i] = await paidPayment(sandbox, raw, i, true)
    })
    const heldData: Record<string, unknown>[] = new Array(4 * rounds)
    await pool(heldData.length, 16, async (i) => {
      heldData[i] = await heldThroughProvider()
    })
    // the statistics a store's autovacuum keeps (ledger-db.ts says why)
    await ledgerDb.analyze()
    console.log(
      `setup: ${heldIds.length + heldData.length} preauthorized payments held in ${((Date.now() - s0) / 1000).toFixed(1)} s`
    )
    let nextHeld = 0
    let nextHeldData = 0
    const held = async (_i: number) => heldIds[nextHeld++]
    const heldPair = async () => ({ plugin: heldData[nextHeldData++], raw: heldIds[nextHeld++] })
    /** A fresh captured payment per refund, as Medusa hands it over (one partial return per day each). */
    const capturedPair = async (i: number) => {
      const data = await heldThroughProvider()
      return {
        plugin: (await provider.capturePayment({ data })).data!,
        raw: await paidPayment(sandbox, raw, 100_000 + i, false),
      }
    }

    /** A provider operation that sends one status read, paired with that read. */
    const readPair = (operation: string, call: (data: Record<string, unknown>) => Promise<unknown>): Pair => ({
      name: `provider.${operation}`,
      rawName: "GET /v1/tpay/payments/{payId}",
      plugin: () => call(fixedData),
      raw: () => rawCall(raw, "GET", `/v1/tpay/payments/${String(fixedData.payId)}`),
    })
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
          provider.initiatePayment({
            amount: 100 + (i % 50) + 0.25,
            currency_code: "gel",
            data: { session_id: `payses_o_${i}` },
          }),
        raw: (i) => rawCall(raw, "POST", "/v1/tpay/payments", createBody(i, true)),
      },
      readPair("authorizePayment", (data) => provider.authorizePayment({ data })),
      {
        name: "provider.capturePayment",
        // since the one-call capture (data says WaitingConfirm): the provider sends just the completion
        rawName: "POST …/{payId}/completion (the one call it sends)",
        setup: heldPair,
        plugin: (_i, data) => provider.capturePayment({ data: data as Record<string, unknown> }),
        raw: (_i, payId) => rawCall(raw, "POST", `/v1/tpay/payments/${String(payId)}/completion`, { amount: 100.25 }),
      },
      readPair("getPaymentStatus", (data) => provider.getPaymentStatus({ data })),
      readPair("retrievePayment", (data) => provider.retrievePayment({ data })),
      // deletePayment never moves money: one read, to log a payment that still holds or has taken money
      readPair("deletePayment", (data) => provider.deletePayment({ data })),
      {
        name: "provider.cancelPayment (held)",
        rawName: "GET + POST …/{payId}/cancel + GET (the calls it sends)",
        setup: heldPair,
        plugin: (_i, data) => provider.cancelPayment({ data: data as Record<string, unknown> }),
        raw: async (_i, payId) => {
          await rawCall(raw, "GET", `/v1/tpay/payments/${String(payId)}`)
          await rawCall(raw, "POST", `/v1/tpay/payments/${String(payId)}/cancel`, {})
          return rawCall(raw, "GET", `/v1/tpay/payments/${String(payId)}`)
        },
      },
      {
        name: `provider.refundPayment (${REFUND_STEP} GEL)`,
        rawName: "GET + POST …/{payId}/cancel {amount} + GET (the calls it sends)",
        setup: capturedPair,
        plugin: (_i, data) => provider.refundPayment({ data: data as Record<string, unknown>, amount: REFUND_STEP }),
        raw: async (_i, payId) => {
          await rawCall(raw, "GET", `/v1/tpay/payments/${String(payId)}`)
          await rawCall(raw, "POST", `/v1/tpay/payments/${String(payId)}/cancel`, { amount: REFUND_STEP })
          return rawCall(raw, "GET", `/v1/tpay/payments/${String(payId)}`)
        },
      },
    ]
    console.log(
      `plugin overhead vs raw axios (keep-alive), ${ITERATIONS} calls each after ${WARMUP} warm-up, interleaved; sandbox ${sandbox.url}`
    )
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
      // the client's own overhead is judged by the ratio; the provider's (ledger included) by the ledger table
      const judged = pair.name.startsWith("client.")
      if (judged && ratio > TARGET_RATIO) failed = true
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
        !judged ? "-" : ratio <= TARGET_RATIO ? "ok" : "OVER",
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
        `client ratio ≤ ${TARGET_RATIO}`,
      ],
      rows
    )

    // what the ledger adds: the provider with its ledger on PostgreSQL against the same provider
    // recording nothing, interleaved, on the same kind of payment
    let unrecordedSessions = 0
    const heldUnrecorded = (payId: unknown) => ({
      data: { payId, status: "WaitingConfirm", amount: 100.25, currency: "GEL", preAuth: true },
    })
    const ledgerPairs: Pair[] = [
      {
        name: "initiatePayment",
        rawName: "",
        plugin: (i) =>
          provider.initiatePayment({ amount: 100.25, currency_code: "gel", data: { session_id: `payses_l_${i}` } }),
        raw: () =>
          unrecorded.initiatePayment({
            amount: 100.25,
            currency_code: "gel",
            data: { session_id: `payses_u_${++unrecordedSessions}` },
          }),
      },
      {
        name: "authorizePayment",
        rawName: "",
        plugin: () => provider.authorizePayment({ data: fixedData }),
        raw: () => unrecorded.authorizePayment({ data: fixedData }),
      },
      {
        name: "capturePayment",
        rawName: "",
        setup: heldPair,
        plugin: (_i, data) => provider.capturePayment({ data: data as Record<string, unknown> }),
        raw: (_i, payId) => unrecorded.capturePayment(heldUnrecorded(payId)),
      },
      {
        name: "cancelPayment (held)",
        rawName: "",
        setup: heldPair,
        plugin: (_i, data) => provider.cancelPayment({ data: data as Record<string, unknown> }),
        raw: (_i, payId) => unrecorded.cancelPayment(heldUnrecorded(payId)),
      },
      {
        name: `refundPayment (${REFUND_STEP} GEL)`,
        rawName: "",
        setup: capturedPair,
        plugin: (_i, data) => provider.refundPayment({ data: data as Record<string, unknown>, amount: REFUND_STEP }),
        raw: (_i, payId) =>
          unrecorded.refundPayment({
            data: { payId, status: "Succeeded", amount: 100.25, currency: "GEL", preAuth: false },
            amount: REFUND_STEP,
          }),
      },
    ]
    console.log(`\nwhat the ledger (PostgreSQL) adds to each money operation, ${ITERATIONS} calls each, interleaved`)
    const ledgerSamples = await measure(ledgerPairs)
    const ledgerRows = ledgerPairs.map((pair) => {
      const s = ledgerSamples.get(pair.name)!
      const added = summary(s.plugin).median - summary(s.raw).median
      const addedCpu = (summary(s.pluginCpu).median - summary(s.rawCpu).median) / 1000
      if (added > TARGET_LEDGER_MS) failed = true
      return [
        pair.name,
        fmt(summary(s.plugin).median),
        fmt(summary(s.raw).median),
        fmt(added),
        fmt(summary(s.pluginCpu).median / 1000),
        fmt(addedCpu),
        added <= TARGET_LEDGER_MS ? "ok" : "OVER",
      ]
    })
    printTable(
      [
        "operation",
        "with ledger ms",
        "without ms",
        "ledger adds ms",
        "CPU ms/call",
        "ledger adds CPU ms",
        `≤ ${TARGET_LEDGER_MS} ms`,
      ],
      ledgerRows
    )

    // where the ledger's wall time goes: its statements per operation, each a round trip, each
    // write a commit of its own (durable: waits for the WAL fsync; relaxed: does not)
    type Counted = {
      name: string
      setup?: () => Promise<Record<string, unknown>>
      run: (data: Record<string, unknown>) => Promise<unknown>
    }
    const countedCalls: Counted[] = [
      {
        name: "initiatePayment",
        run: () =>
          counted.initiatePayment({ amount: 100.25, currency_code: "gel", data: { session_id: "payses_count" } }),
      },
      { name: "authorizePayment", run: () => counted.authorizePayment({ data: fixedData }) },
      { name: "capturePayment", setup: () => heldThroughProvider(), run: (data) => counted.capturePayment({ data }) },
      {
        name: "cancelPayment (held)",
        setup: () => heldThroughProvider(),
        run: (data) => counted.cancelPayment({ data }),
      },
      {
        name: `refundPayment (${REFUND_STEP} GEL)`,
        setup: async () => (await capturedPair(0)).plugin,
        run: (data) => counted.refundPayment({ data, amount: REFUND_STEP }),
      },
    ]
    const countRows: string[][] = []
    for (const { name, setup, run } of countedCalls) {
      // the setup (a held or captured payment, through the uncounted provider) is not counted
      const data = setup ? await setup() : {}
      const c = await statements.count(() => run(data))
      countRows.push([
        name,
        String(c.reads),
        String(c.durable),
        String(c.relaxed),
        String(c.reads + c.durable + c.relaxed),
      ])
    }
    printTable(["operation", "reads", "durable commits", "relaxed commits", "statements"], countRows)

    await sandbox.control("/_sandbox/faults", { latencyMs: LATENCY_MS })
    console.log(`\n${CONCURRENT} concurrent checkouts with the sandbox adding ${LATENCY_MS} ms to every bank call`)
    const unlimited = await rawClient(sandbox.url) // raw, keep-alive, no socket cap: the floor
    // status reads alone, on payments paid beforehand: only the client's concurrency is measured
    const paidIds = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => paidPayment(sandbox, unlimited, i, false))
    )
    const results = [
      await concurrentCheckouts(
        "client: getPayment only",
        async (i) => void (await client.checkout.getPayment(paidIds[i])),
        1
      ),
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
          const out = await provider.initiatePayment({
            amount: 20.5,
            currency_code: "gel",
            data: { session_id: `payses_c_${i}` },
          })
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
    printTable(
      ["path", "checkouts", "bank calls each", "total ms", "× one checkout's bank latency", "per s", "serial ms"],
      results
    )
    await sandbox.control("/_sandbox/faults", { latencyMs: 0 })
  } finally {
    client.close()
    ;(provider as unknown as { client_: { close(): void } }).client_.close()
    await ledgerDb.close()
    await sandbox.close()
  }
  if (failed) {
    console.log(`\nMISSED: a client median ratio above ${TARGET_RATIO} or a ledger cost above ${TARGET_LEDGER_MS} ms`)
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
