/**
 * One Medusa server of the simulated day (bench/simulated-day.ts starts two): boots the dev app of
 * this repo the way `medusa start` does (Medusa's loaders on an express app), serves the Store API
 * on PORT, and answers a loopback control API on an ephemeral port for the bench:
 *
 *   POST /clock {offsetMs}   moves this process's clock (bench/lib/shifted-clock.ts)
 *   POST /run {job}          runs src/jobs/<job>.ts's default export with the container, now
 *   POST /seed               seeds the store (integration-tests/utils/seed-store.ts)
 *   GET  /bodies             when each job body actually executed here (see below)
 *
 * Run with MEDUSA_WORKER_MODE=server: Medusa then loads no scheduled jobs, so only the bench's
 * ticks run them. A job "body executed" when the locking module's `execute` ran its callback for a
 * job lock key (`tbc-job:*`, `tbc-installments-sync:*`); a run that found the lock taken has no
 * body. Jobs without a lock count their whole run as the body. The first stdout line starting
 * with SIM_READY carries the control port.
 */
import { realNow, setClockOffset } from "./shifted-clock"
import http from "node:http"
import path from "node:path"
import express from "express"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

const ROOT = path.join(__dirname, "..", "..")
const LOCKED_KEY = /^(tbc-job:[^:]+|tbc-installments-sync:.+)$/

export interface BodyInterval {
  key: string
  start: number
  end: number
}

const bodies: BodyInterval[] = []

type Execute = (
  keys: string | string[],
  job: (signal?: AbortSignal) => Promise<unknown>,
  args?: unknown
) => Promise<unknown>

/** Records the interval of every job body the locking module lets run in this process. */
function recordLockedBodies(container: MedusaContainer): void {
  const locking = container.resolve(Modules.LOCKING) as unknown as { execute: Execute }
  const original = locking.execute.bind(locking)
  locking.execute = (keys, job, args) => {
    const key = Array.isArray(keys) ? keys.join(",") : keys
    if (!LOCKED_KEY.test(key)) return original(keys, job, args)
    return original(
      keys,
      async (signal) => {
        const start = realNow()
        try {
          return await job(signal)
        } finally {
          bodies.push({ key, start, end: realNow() })
        }
      },
      args
    )
  }
}

/** Jobs whose default export takes no lock: their whole run is their body. */
const UNLOCKED_JOBS = new Set(["tbc-data-retention", "tbc-retry-saved-card-recording", "prune-tbc-callback-log"])

async function runJob(container: MedusaContainer, job: string): Promise<{ ms: number; error?: string }> {
  if (!/^[a-z-]+$/.test(job)) throw new Error(`run: job must be a file name in src/jobs, got ${JSON.stringify(job)}`)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(path.join(ROOT, "src", "jobs", job)) as { default: (c: MedusaContainer) => Promise<unknown> }
  const start = realNow()
  try {
    await mod.default(container)
    return { ms: realNow() - start }
  } catch (error) {
    return { ms: realNow() - start, error: (error as Error).message }
  } finally {
    if (UNLOCKED_JOBS.has(job)) bodies.push({ key: `run:${job}`, start, end: realNow() })
  }
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = ""
  for await (const chunk of req) text += chunk
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

function serveControl(container: MedusaContainer): http.Server {
  return http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(body))
    }
    void (async () => {
      const body = req.method === "POST" ? await readJson(req) : {}
      if (req.url === "/clock") {
        setClockOffset(Number(body.offsetMs))
        return answer(200, { now: new Date().toISOString() })
      }
      if (req.url === "/run") return answer(200, await runJob(container, String(body.job)))
      if (req.url === "/bodies") return answer(200, bodies)
      if (req.url === "/seed") {
        const { seedStore, TBC_CHECKOUT_PROVIDER_ID } =
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require("../../integration-tests/utils/seed-store") as typeof import("../../integration-tests/utils/seed-store")
        return answer(200, await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] }))
      }
      answer(404, { error: `no control route ${req.method} ${req.url}` })
    })().catch((error: Error) => answer(500, { error: error.message }))
  })
}

async function main(): Promise<void> {
  const app = express()
  app.get("/health", (_req, res) => void res.status(200).send("OK"))
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaders = require("@medusajs/medusa/loaders/index").default
  const { container, shutdown } = await loaders({ directory: ROOT, expressApp: app })
  recordLockedBodies(container)
  const server = app.listen(Number(process.env.PORT))
  const control = serveControl(container).listen(0, "127.0.0.1")
  await new Promise((resolve) => control.once("listening", resolve))
  const stop = () => {
    server.close()
    control.close()
    void shutdown().finally(() => process.exit(0))
    setTimeout(() => process.exit(0), 8_000).unref()
  }
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  process.stdout.write(`SIM_READY ${JSON.stringify({ control: (control.address() as { port: number }).port })}\n`)
}

main().catch((error) => {
  process.stderr.write(`sim instance failed: ${(error as Error).stack}\n`)
  process.exit(1)
})
