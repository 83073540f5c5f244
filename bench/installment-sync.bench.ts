/**
 * Installment sync at scale: N pending status changes at the sandbox (bulk control API), then the
 * real `syncInstallmentStatusesWorkflow` (src/workflows/installments) run inside a booted Medusa
 * app (`medusa exec`, the dev app of medusa-config.ts on a scratch PostgreSQL database) until the
 * feed is empty: every change recorded once and every page acknowledged.
 *
 * Sizes 10,000 and 100,000, each in a fresh process so memory figures are its own.
 * Targets: 10,000 changes applied and acknowledged in < 10 s; peak memory of the syncing process
 * for 100,000 ≤ 1.5 × that for 10,000.
 *
 * The bulk applications are unknown to the store (no Medusa payment session): each change is
 * looked up (our table, then the payment_session fallback query), recorded exactly once and
 * acknowledged; no order workflow runs for them. That per-change Medusa effect is measured
 * by the app tests of the installment flow, not here.
 *
 * Run: npm run bench, or alone: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/installment-sync.bench.ts
 */
import { startSandboxProcess } from "./lib/sandbox-process"
import { appEnv, createDatabase, dropDatabase, migrate, run } from "./lib/scratch-db"
import { fmt, printTable } from "./lib/stats"

const DB = "tbc-bench-installment-sync"
const SIZES = (process.env.BENCH_SYNC_SIZES ?? "10000,100000").split(",").map(Number)
const PAGE_SIZE = Number(process.env.BENCH_SYNC_PAGE_SIZE ?? 500)
const TARGET_SECONDS_10K = 10
const TARGET_MEMORY_RATIO = 1.5

interface Result {
  seconds: number
  pages: number
  received: number
  applied: number
  acknowledged: number
  errors: number
  rowsInDb: number
  sessionsInDb: number
  syncRuns: number
  syncRunsAcknowledged: number
  rssBeforeMiB: number
  heapBeforeMiB: number
  peakRssMiB: number
  peakHeapMiB: number
  heapAfterGcMiB: number
  maxRssMiB: number
}

/** A second pass with V8's old space capped: shows whether the peak is kept data or uncollected garbage. */
const CAPPED_HEAP_MIB = Number(process.env.BENCH_SYNC_CAPPED_HEAP_MIB ?? 384)

async function syncOnce(
  size: number,
  heapCapMiB?: number
): Promise<Result & { pendingAfter: number; bulkSeconds: number }> {
  const sandbox = await startSandboxProcess({ callbackAttempts: 1 })
  try {
    const b0 = Date.now()
    await sandbox.control("/_sandbox/installments/bulk", { count: size, statusId: 5 })
    const bulkSeconds = (Date.now() - b0) / 1000
    const nodeOptions = [process.env.NODE_OPTIONS, heapCapMiB ? `--max-old-space-size=${heapCapMiB}` : undefined]
    const env = appEnv(DB, sandbox.url, {
      TBC_INSTALLMENT_PAGE_SIZE: String(PAGE_SIZE),
      NODE_OPTIONS: nodeOptions.filter(Boolean).join(" "),
    })
    const out = await run("npx", ["medusa", "exec", "./bench/lib/installment-sync-exec.ts"], env)
    const line = out.split("\n").find((l) => l.startsWith("BENCH_RESULT "))
    if (!line) throw new Error(`no BENCH_RESULT from the sync process:\n${out.slice(-2000)}`)
    const result = JSON.parse(line.slice("BENCH_RESULT ".length)) as Result
    // what is still pending at the bank: one more bulk change reports the feed size (= pending + 1)
    const probe = (await sandbox.control("/_sandbox/installments/bulk", { count: 1, statusId: 5 })) as {
      feedSize: number
    }
    return { ...result, pendingAfter: probe.feedSize - 1, bulkSeconds }
  } finally {
    await sandbox.close()
  }
}

async function main(): Promise<void> {
  console.log(`installment sync: scratch database ${DB}, page size ${PAGE_SIZE}`)
  await createDatabase(DB)
  const m0 = Date.now()
  const misses: string[] = []
  const results = new Map<number, Result & { pendingAfter: number }>()
  const capped = new Map<number, Result & { pendingAfter: number }>()
  try {
    await migrate(appEnv(DB, "http://127.0.0.1:9"))
    console.log(`migrated in ${((Date.now() - m0) / 1000).toFixed(0)} s`)
    for (const size of SIZES) {
      const r = await syncOnce(size)
      results.set(size, r)
      const complete = r.received === size && r.rowsInDb === size && r.acknowledged === size && r.pendingAfter === 0
      if (!complete) misses.push(`${size}: not every change recorded and acknowledged (${JSON.stringify(r)})`)
    }
    if (CAPPED_HEAP_MIB > 0) {
      for (const size of SIZES) capped.set(size, await syncOnce(size, CAPPED_HEAP_MIB))
    }
  } finally {
    await dropDatabase(DB).catch(() => undefined)
  }
  const rows = [
    ...[...results].map(([size, r]) => ["default", size, r] as const),
    ...[...capped].map(([size, r]) => [`old space ≤ ${CAPPED_HEAP_MIB} MiB`, size, r] as const),
  ].map(([heap, size, r]) => [
    heap,
    size,
    r.pages,
    fmt(r.seconds, 2),
    fmt(size / r.seconds, 0),
    `${r.rowsInDb} / ${r.acknowledged} / ${r.pendingAfter}`,
    fmt(r.rssBeforeMiB, 0),
    fmt(r.peakRssMiB, 0),
    fmt(r.peakRssMiB - r.rssBeforeMiB, 0),
    fmt(r.peakHeapMiB - r.heapBeforeMiB, 0),
    fmt(r.heapAfterGcMiB - r.heapBeforeMiB, 0),
    fmt(r.maxRssMiB, 0),
  ])
  printTable(
    [
      "V8 heap",
      "changes",
      "pages",
      "sync s",
      "changes/s",
      "recorded / acked / left at bank",
      "RSS before MiB",
      "peak RSS MiB",
      "RSS growth MiB",
      "heap growth MiB",
      "heap kept after GC MiB",
      "maxRSS MiB",
    ],
    rows
  )
  const small = results.get(10_000)
  const large = results.get(100_000)
  if (small) {
    const ok = small.seconds < TARGET_SECONDS_10K
    console.log(
      `10,000 changes: ${fmt(small.seconds, 2)} s (target < ${TARGET_SECONDS_10K} s): ${ok ? "ok" : "MISSED"}`
    )
    if (!ok) misses.push(`10,000 changes took ${fmt(small.seconds, 2)} s`)
  }
  if (small && large) {
    const ratio = large.peakRssMiB / small.peakRssMiB
    const growth = (large.peakRssMiB - large.rssBeforeMiB) / Math.max(1, small.peakRssMiB - small.rssBeforeMiB)
    const ok = ratio <= TARGET_MEMORY_RATIO
    console.log(
      `peak RSS 100,000 / 10,000: ${fmt(ratio, 2)} (target ≤ ${TARGET_MEMORY_RATIO}): ${ok ? "ok" : "MISSED"}; ` +
        `growth over the booted app: ${fmt(growth, 2)}×; time 100,000 / 10,000: ${fmt(large.seconds / small.seconds, 1)}×`
    )
    if (!ok) misses.push(`peak RSS ratio ${fmt(ratio, 2)}`)
  }
  const cappedSmall = capped.get(10_000)
  const cappedLarge = capped.get(100_000)
  if (cappedSmall && cappedLarge) {
    console.log(
      `with V8's old space capped at ${CAPPED_HEAP_MIB} MiB: peak RSS 100,000 / 10,000 = ` +
        `${fmt(cappedLarge.peakRssMiB / cappedSmall.peakRssMiB, 2)}, time ${fmt(cappedLarge.seconds / cappedSmall.seconds, 1)}×`
    )
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
