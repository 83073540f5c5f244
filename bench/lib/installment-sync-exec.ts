/**
 * Run inside a booted Medusa app by `medusa exec` (bench/installment-sync.bench.ts starts it):
 * runs the real `syncInstallmentStatusesWorkflow` of src/workflows/installments for the dev
 * app's `pp_tbc-installments_tbc` registration against the sandbox, and prints one line
 * `BENCH_RESULT {...}`: wall time, changes received/recorded/acknowledged, rows in the database,
 * and memory (RSS and heap sampled every 5 ms during the sync, the process's maxRSS).
 *
 * Diagnostics (off by default): BENCH_SYNC_PROMOTED_PROFILE=<file> writes where the promoted
 * garbage was allocated (bench/lib/promoted-profile.ts; `npx ts-node --swc --transpile-only
 * bench/lib/promoted-profile.ts <file>` prints the top sites); BENCH_SYNC_V8_FLAGS passes V8
 * flags, e.g. "--no-allocation-site-pretenuring" (see BENCHMARKS.md, section 4).
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { startPromotedProfile } from "./promoted-profile"

interface Knex {
  raw(sql: string): Promise<{ rows: Record<string, unknown>[] }>
}

setFlagsFromString("--expose-gc")
if (process.env.BENCH_SYNC_V8_FLAGS) setFlagsFromString(process.env.BENCH_SYNC_V8_FLAGS)
const gc = runInNewContext("gc") as () => void

export default async function benchInstallmentSync({ container }: ExecArgs): Promise<void> {
  const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
  await knex.raw("truncate tbc_installment_status_change, tbc_installment_sync_run, tbc_installment_application")
  gc()
  const before = process.memoryUsage()
  let peakRss = before.rss
  let peakHeap = before.heapUsed
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    if (m.rss > peakRss) peakRss = m.rss
    if (m.heapUsed > peakHeap) peakHeap = m.heapUsed
  }, 5)
  const profileFile = process.env.BENCH_SYNC_PROMOTED_PROFILE
  const stopProfile = profileFile ? await startPromotedProfile(profileFile) : undefined
  const t0 = process.hrtime.bigint()
  const { result } = await syncInstallmentStatusesWorkflow(container).run({
    input: { provider_id: "pp_tbc-installments_tbc" },
  })
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  clearInterval(sampler)
  await stopProfile?.()
  // what the sync left reachable (garbage aside): tells a leak from a heap V8 simply let grow
  gc()
  const after = process.memoryUsage()
  const { rows } = await knex.raw(
    "select count(*)::int as n, count(distinct bank_session_id)::int as sessions from tbc_installment_status_change"
  )
  const runs = await knex.raw(
    "select count(*)::int as n, count(acknowledged_at)::int as acked from tbc_installment_sync_run"
  )
  const p = result.providers[0]
  const line = {
    seconds,
    pages: p?.pages,
    received: p?.received,
    applied: p?.applied,
    unknown: p?.unknown,
    acknowledged: p?.acknowledged,
    errors: p?.errors.length,
    rowsInDb: rows[0].n,
    sessionsInDb: rows[0].sessions,
    syncRuns: runs.rows[0].n,
    syncRunsAcknowledged: runs.rows[0].acked,
    rssBeforeMiB: before.rss / 2 ** 20,
    heapBeforeMiB: before.heapUsed / 2 ** 20,
    peakRssMiB: peakRss / 2 ** 20,
    peakHeapMiB: peakHeap / 2 ** 20,
    heapAfterGcMiB: after.heapUsed / 2 ** 20,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
  }
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(line)}\n`)
}
