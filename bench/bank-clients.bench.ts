/**
 * Token requests of the app side: BENCH_VIEWS (100) order-widget views (GET
 * /admin/tbc/orders/:id/payment) plus one run of the lost-callback reconcile job over
 * BENCH_PENDING (200) pending checkout sessions, inside a booted Medusa app (`medusa exec`, the dev
 * app of medusa-config.ts on a scratch PostgreSQL database) against the sandbox bank, which counts
 * the token requests. The bank forgets its tokens before the views (revokeTokens), so the parts
 * start cold and one token must serve them all.
 *
 * Target: 1 token request for the views and the run together (one shared bank client per
 * provider registration, see src/lib/bank-client-registry.ts); the sandbox token lives 24 h.
 *
 * Run: npm run bench, or alone: npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only bench/bank-clients.bench.ts
 */
import { startSandboxProcess } from "./lib/sandbox-process"
import { appEnv, createDatabase, dropDatabase, migrate, run } from "./lib/scratch-db"
import { printTable } from "./lib/stats"

const DB = "tbc-bench-bank-clients"
const TARGET_TOKENS = 1

interface Result {
  pending: number
  views: number
  viewErrors: number
  reconciled: number
  stillOpen: number
  tokensCheckouts: number
  tokensViews: number
  tokensReconcile: number
}

async function main(): Promise<void> {
  await createDatabase(DB)
  const sandbox = await startSandboxProcess({ callbackAttempts: 1, callbackRetryMs: 0 })
  let r: Result
  try {
    await migrate(appEnv(DB, sandbox.url))
    // callbacks dropped: the pending sessions stay pending until the job reads them
    await sandbox.control("/_sandbox/faults", { callbacks: { drop: true } })
    const out = await run("npx", ["medusa", "exec", "./bench/lib/bank-clients-exec.ts"], appEnv(DB, sandbox.url))
    const line = out.split("\n").find((l) => l.startsWith("BENCH_RESULT "))
    if (!line) throw new Error(`no BENCH_RESULT from the app process:\n${out.slice(-2000)}`)
    r = JSON.parse(line.slice("BENCH_RESULT ".length)) as Result
  } finally {
    await sandbox.close()
    await dropDatabase(DB).catch(() => undefined)
  }
  printTable(
    ["part", "bank answers", "token requests"],
    [
      [`${r.pending + 1} checkout sessions opened by the provider`, r.pending + 1, r.tokensCheckouts],
      [
        `${r.views} order-widget views (after the bank revoked its tokens)`,
        `${r.views - r.viewErrors} ok`,
        r.tokensViews,
      ],
      [`1 reconcile run`, `${r.reconciled} sessions read, ${r.stillOpen} still open`, r.tokensReconcile],
    ]
  )
  const tokens = r.tokensViews + r.tokensReconcile
  const misses: string[] = []
  if (tokens > TARGET_TOKENS)
    misses.push(`${tokens} token requests for the views and the run (target ${TARGET_TOKENS})`)
  if (r.viewErrors > 0) misses.push(`${r.viewErrors} views without the bank's answer`)
  if (r.reconciled < r.pending) misses.push(`the run read ${r.reconciled} of ${r.pending} sessions`)
  console.log(`views + reconcile run: ${tokens} token request(s) (target ≤ ${TARGET_TOKENS})`)
  if (misses.length > 0) {
    console.log(`\nMISSED: ${misses.join("; ")}`)
    process.exitCode = 1
  } else {
    console.log("\ntoken target met")
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
