/**
 * The simulated day (issue #18 "Operations"): two Medusa servers of this repo on one PostgreSQL
 * database and one Redis (events, workflow engine, locking, cache) run the plugin's scheduled jobs
 * through 24 hours in fast-forward against the sandbox bank, with a one-hour bank outage (11:00 to
 * 12:00, every bank request hangs), while 250 shoppers open TBC checkout sessions: 200 abandon
 * them, 50 pay at the bank and never come back, and the bank's callbacks are all lost.
 *
 * Every 5 simulated minutes (288 ticks) the bench moves the sandbox's clock and both servers'
 * clocks (bench/lib/shifted-clock.ts) forward, then fires every due job on BOTH servers at the same
 * moment (harsher than BullMQ, which hands a tick to one worker). It proves:
 *   - no job body ever ran on both servers at once (job locks, src/use-cases/reconcile/locks.ts);
 *   - the lost-callback job placed all 50 orders, and no money is left at the bank without one;
 *   - how much the day costs the bank (calls per session, token requests) and how long a shopper
 *     waits during the outage (the provider's requestBudgetMs, default 12 s).
 * Exits 1 when an invariant fails: 0 overlapping runs of a locked job, 50 orders, 0 stranded.
 *
 * Run: npm run bench:day (not part of npm test or npm run bench: about 6-10 minutes on 2 cores).
 * Needs PostgreSQL (localhost:5432, user postgres) and Redis (127.0.0.1:6379).
 */
import os from "node:os"
import path from "node:path"
import axios from "axios"
import Redis from "ioredis"
import { startSandboxProcess } from "./lib/sandbox-process"
import { appEnv, createDatabase, databaseUrl, dropDatabase, migrate } from "./lib/scratch-db"
import { bodiesOf, runJobOn, startSimInstance, type SimInstance } from "./lib/sim-instances"
import {
  clockOf,
  dueJobs,
  inOutage,
  JOBS,
  OUTAGE,
  PROBE_TICKS,
  SESSIONS,
  sessionPlan,
  TICK_CLAIM_KEYS,
  TICK_MS,
  TICKS,
} from "./lib/sim-day-plan"
import { jobFigures, moneyFigures, type BankPayment } from "./lib/sim-day-figures"
import { pool, printTable } from "./lib/stats"
import { claimRedisDb } from "../integration-tests/reliability/support/redis-db"
import { cloneMigratedTemplate } from "../integration-tests/utils/migrated-template"
import { testDbName } from "../integration-tests/utils/db-name"
import { getFreePort } from "../integration-tests/utils/free-port"
import { StoreCheckout } from "../integration-tests/utils/checkout-store"
import { payIdOf } from "../integration-tests/utils/checkout-bank"
import type { SeededStore } from "../integration-tests/utils/seed-store"

/** How long a tick waits for its job runs before the day moves on (a run still going is kept). */
const TICK_WAIT_MS = 4_000
/** Per bank request; the outage's hung requests end after it (the shopper's budget stays 12 s). */
const BANK_TIMEOUT_MS = 5_000
const TOKEN = "POST /v1/tpay/access-token"

interface Probe {
  tick: number
  request: string
  ms: number
  status: number
  message: string
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

async function timedShopperRequest(
  tick: number,
  request: string,
  send: () => Promise<{ status: number; message: string }>
): Promise<Probe> {
  const start = performance.now()
  const { status, message } = await send().catch((error) => ({
    status: Number(error?.response?.status ?? 0),
    message: String(error?.response?.data?.message ?? error?.message),
  }))
  return { tick, request, ms: performance.now() - start, status, message }
}

async function main(): Promise<void> {
  const wallStart = Date.now()
  const logDir = os.tmpdir()
  const redis = await claimRedisDb()
  process.env.REDIS_URL = redis.url // the migrated template's name depends on it
  const sandbox = await startSandboxProcess({ callbackAttempts: 1, callbackRetryMs: 0 })
  const dbName = testDbName("tbc-bench-simday")
  const env = appEnv(dbName, sandbox.url, {
    REDIS_URL: redis.url,
    TBC_TIMEOUT_MS: String(BANK_TIMEOUT_MS),
    TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: String(TICK_MS / 1000),
    LOG_LEVEL: "info",
  })
  const instances: SimInstance[] = []
  const redisClient = new Redis(redis.url, { lazyConnect: true })
  let failedInvariants: string[]
  try {
    if (!(await cloneMigratedTemplate(dbName))) {
      await createDatabase(dbName)
      await migrate(env)
    }
    const ports = [await getFreePort(), await getFreePort()]
    instances.push(
      ...(await Promise.all(
        ["A", "B"].map((name, i) =>
          startSimInstance(
            name,
            ports[i],
            { ...env, MEDUSA_BACKEND_URL: `http://127.0.0.1:${ports[i]}` },
            path.join(logDir, `tbc-simday-${name}.log`)
          )
        )
      ))
    )
    const bootMs = Date.now() - wallStart
    const [a, b] = instances
    const store = await a.control<SeededStore>("/seed", {})
    const shops = instances.map((i) => new StoreCheckout(axios.create({ baseURL: i.url }), store))
    const control = (route: string, body: unknown) => sandbox.control(route, body)
    await control("/_sandbox/faults", { callbacks: { drop: true } })
    await redisClient.connect()
    console.log(
      `simulated day: servers A and B booted in ${seconds(bootMs)} (logs ${a.logFile}, ${b.logFile}); sandbox ${sandbox.url}`
    )

    const plan = sessionPlan()
    // the carts (addresses, shipping, payment collection: no bank call) are filled before the day,
    // several at a time, so the ticks carry only what touches the bank: opening the session
    const carts: string[] = []
    const cartsStart = Date.now()
    await pool(SESSIONS, 6, async (i) => {
      carts[i] = (await shops[i % 2].createCartReadyForPayment([1 + (i % 2)], `day${i}@sim.ge`)).cartId
      await axios.post(
        `${instances[i % 2].url}/store/payment-collections`,
        { cart_id: carts[i] },
        { headers: { "x-publishable-api-key": store.publishableKey } }
      )
    })
    console.log(`${SESSIONS} carts filled in ${seconds(Date.now() - cartsStart)}`)
    const opened: { index: number; cartId: string; payId: string; paid: boolean }[] = []
    const shopperFailures: string[] = []
    const probes: Probe[] = []
    const fired: Record<string, number> = {}
    const failed: Record<string, number> = {}
    const runMs: Record<string, number> = {}
    const inFlight = new Set<Promise<unknown>>()
    const probeCarts: string[] = []
    const dayStart = Date.now()

    for (let tick = 0; tick < TICKS; tick++) {
      if (tick > 0) await control("/_sandbox/clock", { advanceMs: TICK_MS })
      await Promise.all(instances.map((i) => i.control("/clock", { offsetMs: tick * TICK_MS })))
      // the 60-second tick claims of the previous tick have lapsed: 5 minutes passed
      await redisClient.del(...TICK_CLAIM_KEYS)
      if (tick === OUTAGE.fromTick) await control("/_sandbox/faults", { timeoutNext: { count: 1_000_000 } })
      if (tick === OUTAGE.toTick) await control("/_sandbox/faults", { timeoutNext: { count: 0 } })

      const runs = dueJobs(tick).flatMap((job) =>
        instances.map((instance) => {
          fired[job] = (fired[job] ?? 0) + 1
          const run = runJobOn(instance, job).then((result) => {
            runMs[job] = (runMs[job] ?? 0) + result.ms
            if (result.error) failed[job] = (failed[job] ?? 0) + 1
          })
          inFlight.add(run)
          void run.finally(() => inFlight.delete(run))
          return run
        })
      )
      const shoppers = (async () => {
        // probe carts ready before the outage (the Store API's own steps do not call the bank)
        if (tick === OUTAGE.fromTick - 1) {
          for (const [n] of PROBE_TICKS.entries())
            probeCarts.push((await shops[n % 2].createCartReadyForPayment([1], `probe${n}@sim.ge`)).cartId)
        }
        if (PROBE_TICKS.includes(tick)) {
          const n = PROBE_TICKS.indexOf(tick)
          probes.push(
            await timedShopperRequest(tick, "start a TBC payment session", async () => {
              await shops[n % 2].startPaymentSession(probeCarts[n])
              return { status: 200, message: "session opened" }
            }),
            await timedShopperRequest(tick, "complete a cart (unpaid session)", async () => {
              const done = await shops[n % 2].completeCart(opened[opened.length - 1 - n].cartId)
              return { status: done.httpStatus, message: done.error?.message ?? done.type }
            })
          )
        }
        for (const s of plan.filter((p) => p.tick === tick)) {
          try {
            const shop = shops[s.index % 2]
            const cartId = carts[s.index]
            const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
            if (s.paid) await control(`/_sandbox/payments/${payId}/pay`, { method: 5, outcome: "success" })
            opened.push({ index: s.index, cartId, payId, paid: s.paid })
          } catch (error) {
            shopperFailures.push(`${clockOf(tick)} shopper ${s.index}: ${(error as Error).message}`)
          }
        }
      })()
      await Promise.all([shoppers, Promise.race([Promise.all(runs), new Promise((r) => setTimeout(r, TICK_WAIT_MS))])])
      if (tick % 24 === 23) {
        const outage = inOutage(tick) ? " (bank down)" : ""
        console.log(
          `  ${clockOf(tick + 1)}${outage}: ${opened.length} sessions opened, ${inFlight.size} job run(s) still going, ${seconds(Date.now() - dayStart)} wall`
        )
      }
    }
    await Promise.all([...inFlight])
    const dayMs = Date.now() - dayStart

    // ---- figures
    const state = await sandbox.state()
    const calls = state.calls as Record<string, number>
    const bodies = (await Promise.all(instances.map(bodiesOf))).flat()
    const jobs = jobFigures(fired, failed, bodies)
    const money = await moneyFigures(databaseUrl(dbName), state.payments as unknown as BankPayment[])
    const bankCalls = Object.entries(calls).reduce((n, [, c]) => n + c, 0)

    console.log(
      `\nday: ${TICKS} ticks of 5 min in ${seconds(dayMs)} wall; ${opened.length}/${SESSIONS} sessions opened (${opened.filter((o) => o.paid).length} paid at the bank, all callbacks lost)`
    )
    console.log("\njob runs (each due job fired on A and B at the same moment):")
    printTable(
      ["job", "schedule", "fired", "mean run", "body ran", "skipped (lock)", "failed", "overlaps", "lock"],
      jobs.map((j) => [
        j.job,
        JOBS[j.job].cron,
        j.fired,
        `${Math.round((runMs[j.job] ?? 0) / Math.max(1, j.fired))} ms`,
        j.executed,
        j.locked ? j.skipped : "-",
        j.failed,
        j.overlaps,
        j.locked ? "job lock" : "none (idempotent)",
      ])
    )
    console.log("\nbank calls over the day (sandbox counters):")
    printTable(
      ["endpoint", "calls", "per session"],
      Object.entries(calls)
        .sort(([, x], [, y]) => y - x)
        .map(([k, n]) => [k, n, (n / SESSIONS).toFixed(2)])
    )
    console.log(
      `bank calls per session: ${(bankCalls / SESSIONS).toFixed(2)} (${bankCalls} calls / ${SESSIONS} sessions, every endpoint incl. tokens and installment sync)`
    )
    console.log(
      `token requests over the day: ${calls[TOKEN] ?? 0} checkout (${TOKEN}), ${calls["POST /oauth/token"] ?? 0} installments (POST /oauth/token)`
    )
    console.log("\nshopper requests during the outage (requestBudgetMs 12 s, bank timeout 5 s per request):")
    printTable(
      ["time", "request", "wall", "status", "shopper sees"],
      probes.map((p) => [clockOf(p.tick), p.request, seconds(p.ms), p.status, p.message.slice(0, 90)])
    )
    const longest = Math.max(...probes.map((p) => p.ms))
    console.log(`longest shopper request during the outage: ${seconds(longest)}`)
    const lockedOverlaps = jobs.filter((j) => j.locked).reduce((n, j) => n + j.overlaps, 0)
    const unlockedOverlaps = jobs.filter((j) => !j.locked).reduce((n, j) => n + j.overlaps, 0)
    console.log(
      `overlapping runs of a locked job: ${lockedOverlaps}; of the lock-free idempotent jobs: ${unlockedOverlaps} (by design)`
    )
    console.log(
      `orders placed: ${money.orders} (expected ${opened.filter((o) => o.paid).length}); bank payments by status: ${JSON.stringify(money.bankStatuses)}`
    )
    console.log(
      `money stranded (held/taken at the bank, no order): ${money.stranded.length}${money.stranded.length ? ` ${money.stranded.join(", ")}` : ""}`
    )
    if (shopperFailures.length)
      console.log(`shopper steps that failed: ${shopperFailures.length}\n  ${shopperFailures.slice(0, 5).join("\n  ")}`)
    const wallMs = Date.now() - wallStart
    console.log(`wall time: ${seconds(wallMs)} (boot ${seconds(bootMs)}, day ${seconds(dayMs)})`)

    failedInvariants = [
      lockedOverlaps !== 0 && `${lockedOverlaps} overlapping runs of a locked job`,
      money.orders !== 50 && `${money.orders} orders instead of 50`,
      money.stranded.length !== 0 && `${money.stranded.length} payment(s) stranded`,
      opened.length !== SESSIONS && `${SESSIONS - opened.length} shopper(s) could not open a session`,
    ].filter((x): x is string => Boolean(x))
  } finally {
    await Promise.all(instances.map((i) => i.stop()))
    await sandbox.close()
    redisClient.disconnect()
    await redis.flush()
    await dropDatabase(dbName).catch(() => undefined)
  }
  if (failedInvariants.length) {
    console.log(`\nFAILED: ${failedInvariants.join("; ")}`)
    process.exitCode = 1
  } else {
    console.log("\nall invariants hold: 0 overlapping locked job runs, 50 orders, 0 money stranded")
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
