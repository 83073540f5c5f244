#!/usr/bin/env node
/**
 * medusa-payment-tbc-sandbox CLI (also reached as `medusa-payment-tbc sandbox`, which delegates here).
 *   medusa-payment-tbc-sandbox [--port 4010] [--host 127.0.0.1] [--merchant-key K] ...
 * Starts the local TBC sandbox bank and prints its URL and credentials.
 *
 * Which code runs: in a repository checkout (src/index.ts exists beside this bin) the TypeScript
 * source, transpiled on the fly by @swc-node/register when installed, else ts-node (swc mode), with
 * `medusa-payment-tbc/lib` mapped to the plugin's source (../repo-lib-alias.js), so a stale build
 * never answers instead of the code being edited; in an installed package (only dist/ is
 * published) the built dist/index.js. TBC_SANDBOX_USE_BUILD=1 forces the build.
 */
"use strict"
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.join(__dirname, "..")
const SOURCE = path.join(ROOT, "src", "index.ts")
const BUILT = path.join(ROOT, "dist", "index.js")
const REPO_ROOT = path.join(ROOT, "..", "..")

const USAGE = `Usage: medusa-payment-tbc-sandbox [options]   (or: medusa-payment-tbc sandbox [options])

Options (each also as env TBC_SANDBOX_*):
  --port N                  port, 0 = random (TBC_SANDBOX_PORT, default 4010)
  --host H                  interface (TBC_SANDBOX_HOST, default 127.0.0.1)
  --public-url URL          base of approval/Location URLs (TBC_SANDBOX_PUBLIC_URL)
  --api-key K               checkout apikey (TBC_SANDBOX_API_KEY)
  --client-id ID            checkout client id (TBC_SANDBOX_CLIENT_ID)
  --client-secret S         checkout client secret (TBC_SANDBOX_CLIENT_SECRET)
  --installment-key K       installments api key (TBC_SANDBOX_INSTALLMENT_KEY)
  --installment-secret S    installments api secret (TBC_SANDBOX_INSTALLMENT_SECRET)
  --merchant-key K          installments merchant key (TBC_SANDBOX_MERCHANT_KEY)
  --activated-methods 6,9   activation-required methods enabled (TBC_SANDBOX_ACTIVATED_METHODS)
  --callback-url URL        merchant default callback URL (TBC_SANDBOX_CALLBACK_URL)
  --callback-retry-ms N     base callback retry delay (TBC_SANDBOX_CALLBACK_RETRY_MS)
  --token-lifetime-ms N     token lifetime (TBC_SANDBOX_TOKEN_LIFETIME_MS)
  --strict                  refuse every tolerance, productSum both (TBC_SANDBOX_STRICT=1)
  --product-sum R           either|unit|line|both: which product sum must equal the total
                            (TBC_SANDBOX_PRODUCT_SUM, default either)
  --shop-name NAME          shop name on the hosted pages (TBC_SANDBOX_SHOP_NAME)
  --data FILE               keep the state in FILE across restarts (TBC_SANDBOX_DATA)
  --control-token T         required by /_sandbox/* (header x-sandbox-control-token);
                            mandatory when --host is not loopback (TBC_SANDBOX_CONTROL_TOKEN)
  --quiet                   no request log (TBC_SANDBOX_QUIET=1)
`

/** flag name → [env name, kind] */
const FLAGS = {
  port: ["TBC_SANDBOX_PORT", "int"],
  host: ["TBC_SANDBOX_HOST", "string"],
  "public-url": ["TBC_SANDBOX_PUBLIC_URL", "string"],
  "api-key": ["TBC_SANDBOX_API_KEY", "string"],
  "client-id": ["TBC_SANDBOX_CLIENT_ID", "string"],
  "client-secret": ["TBC_SANDBOX_CLIENT_SECRET", "string"],
  "installment-key": ["TBC_SANDBOX_INSTALLMENT_KEY", "string"],
  "installment-secret": ["TBC_SANDBOX_INSTALLMENT_SECRET", "string"],
  "merchant-key": ["TBC_SANDBOX_MERCHANT_KEY", "string"],
  "activated-methods": ["TBC_SANDBOX_ACTIVATED_METHODS", "ints"],
  "callback-url": ["TBC_SANDBOX_CALLBACK_URL", "string"],
  "callback-retry-ms": ["TBC_SANDBOX_CALLBACK_RETRY_MS", "int"],
  "token-lifetime-ms": ["TBC_SANDBOX_TOKEN_LIFETIME_MS", "int"],
  strict: ["TBC_SANDBOX_STRICT", "bool"],
  "control-token": ["TBC_SANDBOX_CONTROL_TOKEN", "string"],
  "product-sum": ["TBC_SANDBOX_PRODUCT_SUM", "string"],
  "shop-name": ["TBC_SANDBOX_SHOP_NAME", "string"],
  data: ["TBC_SANDBOX_DATA", "string"],
  quiet: ["TBC_SANDBOX_QUIET", "bool"],
}

function fail(message) {
  process.stderr.write(`medusa-payment-tbc-sandbox: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function convert(name, kind, raw) {
  if (kind === "bool") return raw !== "0" && raw !== "false"
  if (kind === "int") {
    if (!/^\d+$/.test(raw)) fail(`--${name} must be a non-negative integer, got "${raw}"`)
    return Number(raw)
  }
  if (kind === "ints") {
    const list = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
    if (!list.every((s) => /^\d+$/.test(s))) fail(`--${name} must be a comma-separated list of integers, got "${raw}"`)
    return list.map(Number)
  }
  return raw
}

function parseArgs(argv) {
  const values = {}
  for (const [name, [env, kind]] of Object.entries(FLAGS)) {
    if (process.env[env] !== undefined && process.env[env] !== "") values[name] = convert(name, kind, process.env[env])
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--help" || arg === "-h") {
      process.stdout.write(USAGE)
      process.exit(0)
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (!match || !FLAGS[match[1]]) fail(`unknown argument "${arg}"`)
    const [, name, inline] = match
    const kind = FLAGS[name][1]
    if (kind === "bool") {
      values[name] = inline === undefined ? true : convert(name, kind, inline)
      continue
    }
    const raw = inline !== undefined ? inline : argv[++i]
    if (raw === undefined) fail(`--${name} needs a value`)
    values[name] = convert(name, kind, raw)
  }
  return values
}

function loadSandbox() {
  const useBuild = process.env.TBC_SANDBOX_USE_BUILD === "1" || !fs.existsSync(SOURCE)
  if (useBuild) {
    if (!fs.existsSync(BUILT)) fail(`no sandbox build at ${BUILT}; run "npm run build:sandbox" first`)
    return require(BUILT)
  }
  require(path.join(ROOT, "repo-lib-alias.js"))
  try {
    require.resolve("@swc-node/register")
    require("@swc-node/register")
  } catch {
    require("ts-node").register({ swc: true, project: path.join(REPO_ROOT, "tsconfig.json") })
  }
  return require(SOURCE)
}

async function main() {
  // a leading "sandbox" is accepted: the word of `medusa-payment-tbc sandbox`, kept in old scripts
  const argv = process.argv.slice(2)
  const args = parseArgs(argv[0] === "sandbox" ? argv.slice(1) : argv)
  const { startSandbox, SANDBOX_DEFAULTS } = loadSandbox()
  const options = {
    port: args.port ?? 4010,
    host: args.host ?? "127.0.0.1",
    publicUrl: args["public-url"],
    apiKey: args["api-key"],
    clientId: args["client-id"],
    clientSecret: args["client-secret"],
    installmentApiKey: args["installment-key"],
    installmentApiSecret: args["installment-secret"],
    merchantKey: args["merchant-key"],
    activatedMethods: args["activated-methods"],
    defaultCallbackUrl: args["callback-url"],
    callbackRetryMs: args["callback-retry-ms"],
    tokenLifetimeMs: args["token-lifetime-ms"],
    strict: args.strict === true,
    productSum: args["product-sum"],
    shopName: args["shop-name"],
    dataFile: args.data,
    controlToken: args["control-token"],
    logger: args.quiet ? undefined : (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  }
  const sandbox = await startSandbox(options)
  // the guide ships in the package (package.json "files"): name it where this copy is installed
  const SANDBOX_GUIDE = path.relative(process.cwd(), path.join(ROOT, "README.md"))
  const pick = (key) => options[key] ?? SANDBOX_DEFAULTS[key]
  process.stdout.write(
    [
      `TBC sandbox bank listening on ${sandbox.url}`,
      `  checkout      apikey=${pick("apiKey")} client_id=${pick("clientId")} client_secret=${pick("clientSecret")}`,
      `  installments  api key=${pick("installmentApiKey")} api secret=${pick("installmentApiSecret")} merchantKey=${pick("merchantKey")}`,
      `  activated methods: ${(options.activatedMethods ?? []).join(",") || "none"}`,
      `  ${options.strict ? "strict (no tolerances, productSum both)" : `tolerant, productSum ${options.productSum ?? "either"}`}`,
      `  state         ${options.dataFile ? `kept in ${options.dataFile}` : "in memory only"}`,
      `  control API   ${sandbox.url}/_sandbox/state (see ${SANDBOX_GUIDE})${options.controlToken ? ", token required" : ""}`,
      "",
    ].join("\n")
  )
  const stop = () => sandbox.close().then(() => process.exit(0))
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error) => {
  process.stderr.write(`medusa-payment-tbc-sandbox: ${error && error.message ? error.message : String(error)}\n`)
  process.exit(1)
})
