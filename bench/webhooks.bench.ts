/**
 * Bank callbacks through a real Medusa server (the dev app of medusa-config.ts, `medusa start`,
 * on a scratch PostgreSQL database, sandbox bank in its own process):
 *
 *   N guest carts through the Store API, each with a tbc-checkout payment session → each payment
 *   paid at the sandbox (its own callbacks dropped by a sandbox fault) → the bench fires the
 *   callbacks itself from 127.0.0.1 (the dev allowlist is loopback) to the signed callback URL
 *   the provider gave the bank, COPIES times each (the bank retries), CONCURRENCY at a time.
 *
 * Prints callbacks accepted (HTTP 200) per second, the time until every order is placed, the
 * database transactions per callback from the first callback until every order is placed
 * (PostgreSQL's own counter: each query outside a transaction is one), and checks every cart became
 * exactly one order. Medusa processes a webhook ~5 s after receipt
 * (its event delay), so "time until placed" is ≥ 5 s by design.
 * Target: ≥ 500 accepted/s with every order placed exactly once.
 *
 * Run: npm run bench, or alone: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/webhooks.bench.ts
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import net from "node:net"
import axios from "axios"
import { Client } from "pg"
import type { SeededStore } from "../integration-tests/utils/seed-store"
import { startSandboxProcess, type SandboxProcess } from "./lib/sandbox-process"
import { cartWithSession } from "./lib/webhook-carts"
import { ROOT, appEnv, createDatabase, databaseUrl, dropDatabase, migrate, run } from "./lib/scratch-db"
import { fmt, pool, printTable, summary } from "./lib/stats"
import { testDbName } from "../integration-tests/utils/db-name"
import { cloneMigratedTemplate } from "../integration-tests/utils/migrated-template"

/** TBC_TEST_DB_SUFFIX keeps two checkouts' runs apart, as for the tests */
const DB = testDbName("tbc-bench-webhooks")
const CARTS = Number(process.env.BENCH_WEBHOOK_CARTS ?? 200)
const COPIES = Number(process.env.BENCH_WEBHOOK_COPIES ?? 5)
const CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 32)
/** 1 = post to the plain URL registered in the dashboard (paired through tbc_payment), not the signed one */
const PLAIN_URL = process.env.BENCH_WEBHOOK_PLAIN_URL === "1"
const TARGET_PER_SECOND = 500
const WARMUP_CALLBACKS = 200
const PLACE_TIMEOUT_MS = 300_000

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`medusa exited with ${child.exitCode}`)
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`medusa not healthy within ${timeoutMs / 1000} s`)
}

/**
 * CPU time (ms) used so far by every process of a process group (Linux /proc; 0 elsewhere). On a
 * shared machine the server's CPU per callback is the steady figure: accepted/s on a core of its
 * own is about 1000 / (CPU ms per callback).
 */
function groupCpuMs(pgid: number): number {
  let ticks = 0
  let entries: string[]
  try {
    entries = fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))
  } catch {
    return 0
  }
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      // after "(comm) ": state, ppid, pgrp, ..., utime = field 14, stime = 15 (1-based over the whole line)
      if (Number(fields[2]) === pgid) ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

function postCallback(agent: http.Agent, target: URL, payId: string): Promise<number> {
  const body = JSON.stringify({ PaymentId: payId })
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: target.port,
        path: target.pathname + target.search,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on("end", () => resolve(res.statusCode ?? 0))
      }
    )
    req.on("error", reject)
    req.end(body)
  })
}

async function ordersPlaced(
  db: Client,
  cartIds: string[]
): Promise<{ carts: number; orders: number; duplicated: number }> {
  const { rows } = await db.query(
    `select count(distinct oc.cart_id)::int as carts, count(*)::int as orders,
            (select count(*)::int from (select cart_id from order_cart where cart_id = any($1) and deleted_at is null
               group by cart_id having count(*) > 1) d) as duplicated
       from order_cart oc where oc.cart_id = any($1) and oc.deleted_at is null`,
    [cartIds]
  )
  return rows[0]
}

/** Transactions PostgreSQL counted for the database so far (its stats reach the view within ~1 s). */
async function transactionsOf(db: Client): Promise<number> {
  const { rows } = await db.query(
    "select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()"
  )
  return Number(rows[0].n)
}

async function main(): Promise<void> {
  let medusa: ChildProcess | undefined
  let sandbox: SandboxProcess | undefined
  const misses: string[] = []
  // a copy of the tests' migrated template when there is one (seconds instead of minutes)
  const cloned = await cloneMigratedTemplate(DB)
  if (!cloned) await createDatabase(DB)
  try {
    sandbox = await startSandboxProcess({ callbackAttempts: 1 })
    const port = await freePort()
    const appUrl = `http://127.0.0.1:${port}`
    const env = appEnv(DB, sandbox.url, { PORT: String(port), MEDUSA_BACKEND_URL: appUrl, NODE_ENV: "development" })
    const t0 = Date.now()
    if (!cloned) await migrate(env)
    const seedOut = await run("npx", ["medusa", "exec", "./bench/lib/webhook-seed-exec.ts"], env)
    const seedLine = seedOut.split("\n").find((l) => l.startsWith("BENCH_SEED "))
    if (!seedLine) throw new Error(`no BENCH_SEED line:\n${seedOut.slice(-2000)}`)
    const store = JSON.parse(seedLine.slice("BENCH_SEED ".length)) as SeededStore
    console.log(`webhooks: scratch database ${DB} migrated and seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`)

    medusa = spawn("npx", ["medusa", "start"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"], detached: true })
    let medusaErr = ""
    medusa.stderr!.on("data", (d: Buffer) => (medusaErr = (medusaErr + d.toString()).slice(-4000)))
    const b0 = Date.now()
    await waitForHealth(appUrl, medusa, 300_000).catch((e) => {
      throw new Error(`${(e as Error).message}\n${medusaErr}`)
    })
    console.log(
      `medusa start: healthy on ${appUrl} after ${((Date.now() - b0) / 1000).toFixed(0)} s (pid ${medusa.pid})`
    )

    const api = axios.create({
      baseURL: appUrl,
      headers: { "x-publishable-api-key": store.publishableKey },
      httpAgent: new http.Agent({ keepAlive: true }),
    })
    const c0 = Date.now()
    const carts: { cartId: string; payId: string }[] = new Array(CARTS)
    await pool(CARTS, 8, async (i) => {
      carts[i] = await cartWithSession(api, store, i)
    })
    console.log(`${CARTS} carts with a tbc-checkout session in ${((Date.now() - c0) / 1000).toFixed(0)} s`)

    // the sandbox's own callbacks are dropped: the bench delivers them, at its own pace
    await sandbox.control("/_sandbox/faults", { callbacks: { drop: true } })
    await pool(CARTS, 16, async (i) => {
      await sandbox!.control(`/_sandbox/payments/${carts[i].payId}/pay`, { method: 5, outcome: "success" })
    })
    const state = await sandbox.state()
    const callbackUrlOf = new Map(state.payments.map((p) => [p.payId, p.callbackUrl]))

    const shots = Array.from({ length: CARTS * COPIES }, (_, k) => carts[k % CARTS])
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
    // warm-up, untimed: the same path (middleware → Medusa's route → delayed event) with unknown
    // PaymentIds, so the timed callbacks do not pay for cold code; they are judged "unknown" later
    const warmTarget = new URL(`${appUrl}/hooks/payment/tbc-checkout_tbc`)
    await pool(WARMUP_CALLBACKS, CONCURRENCY, async (k) => {
      await postCallback(agent, warmTarget, `warmup-${k}`)
    })
    const db = new Client({ connectionString: databaseUrl(DB) })
    await db.connect()
    await new Promise((r) => setTimeout(r, 1500)) // the warm-up's stats reach the view
    const x0 = await transactionsOf(db)
    const latencies: number[] = []
    let accepted = 0
    const statuses = new Map<number, number>()
    const cpu0 = groupCpuMs(medusa.pid!)
    const f0 = Date.now()
    await pool(shots.length, CONCURRENCY, async (k) => {
      const { payId } = shots[k]
      const target = PLAIN_URL ? warmTarget : new URL(String(callbackUrlOf.get(payId)))
      const s0 = process.hrtime.bigint()
      const status = await postCallback(agent, target, payId)
      latencies.push(Number(process.hrtime.bigint() - s0) / 1e6)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status === 200) accepted++
    })
    const fireMs = Date.now() - f0
    const fireCpuMs = groupCpuMs(medusa.pid!) - cpu0
    agent.destroy()
    const perSecond = (accepted / fireMs) * 1000

    const cartIds = carts.map((c) => c.cartId)
    let benchQueries = 0
    const countedPlaced = () => {
      benchQueries++
      return ordersPlaced(db, cartIds)
    }
    let placed = await countedPlaced()
    let firstPlacedMs: number | undefined
    while (placed.carts < CARTS && Date.now() - f0 < PLACE_TIMEOUT_MS) {
      await new Promise((r) => setTimeout(r, 250))
      placed = await countedPlaced()
      if (firstPlacedMs === undefined && placed.carts > 0) firstPlacedMs = Date.now() - f0
    }
    const allPlacedMs = Date.now() - f0
    const placeCpuMs = groupCpuMs(medusa.pid!) - cpu0 - fireCpuMs
    await new Promise((r) => setTimeout(r, 8000)) // late duplicates would show up by now
    placed = await countedPlaced()
    // less this bench's own reads (one per query it ran since x0, counted as they were sent)
    const transactions = (await transactionsOf(db)) - x0 - benchQueries
    await db.end()

    const lat = summary(latencies)
    printTable(
      [
        "carts",
        "callbacks sent",
        "accepted (200)",
        "fire time ms",
        "accepted/s",
        "median ms",
        "p99 ms",
        "first order ms",
        "all orders ms",
        "orders",
        "carts with >1 order",
      ],
      [
        [
          CARTS,
          shots.length,
          accepted,
          fireMs,
          fmt(perSecond, 0),
          fmt(lat.median, 1),
          fmt(lat.p99, 1),
          firstPlacedMs ?? "-",
          placed.carts === CARTS ? allPlacedMs : `timeout (${placed.carts}/${CARTS})`,
          placed.orders,
          placed.duplicated,
        ],
      ]
    )
    console.log(
      `medusa CPU: ${fmt(fireCpuMs / Math.max(1, accepted), 2)} ms per accepted callback while firing ` +
        `(≈ ${fmt((accepted / Math.max(1, fireCpuMs)) * 1000, 0)} accepted/s per fully available core); ` +
        `${fmt(placeCpuMs / CARTS, 0)} ms per order from the last callback until every order was placed`
    )
    console.log(
      `database: ${fmt(transactions / Math.max(1, shots.length), 1)} transactions per callback from the first ` +
        `callback until every order was placed (${transactions} in all; scheduled jobs included)`
    )
    console.log(`load while firing: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`)
    console.log(
      `responses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}; ${COPIES} copies per payment, ${CONCURRENCY} at a time`
    )
    if (perSecond < TARGET_PER_SECOND) misses.push(`${fmt(perSecond, 0)} accepted/s (target ≥ ${TARGET_PER_SECOND})`)
    if (placed.carts !== CARTS || placed.orders !== CARTS || placed.duplicated !== 0) {
      misses.push(
        `orders: ${placed.carts}/${CARTS} carts placed, ${placed.orders} orders, ${placed.duplicated} carts with >1 order`
      )
    }
  } finally {
    if (medusa?.pid && medusa.exitCode === null) {
      const exited = new Promise((r) => medusa!.once("exit", r))
      process.kill(-medusa.pid, "SIGTERM") // its own process group: npx and the node it started
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
      if (medusa.exitCode === null) process.kill(-medusa.pid, "SIGKILL")
    }
    await sandbox?.close()
    await dropDatabase(DB).catch(() => undefined)
  }
  if (misses.length > 0) {
    console.log(`MISSED: ${misses.join("; ")}`)
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
