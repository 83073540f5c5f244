#!/usr/bin/env node
/**
 * medusa-payment-tbc CLI.
 *   medusa-payment-tbc sandbox [options]
 *   medusa-payment-tbc setup-georgia [pp_… provider ids]
 * setup-georgia runs the plugin's script (src/scripts/tbc-setup-georgia.ts; built:
 * .medusa/server/src/scripts/tbc-setup-georgia.js) through the store's own `medusa exec`, in the
 * store's directory: GEL, a region for Georgia with the TBC providers, its tax region and a
 * shipping zone, idempotently.
 *
 * The sandbox bank is its own package, medusa-payment-tbc-sandbox (packages/sandbox), which a
 * store installs as a dev dependency so that it never ships with the store: this command runs that
 * package's bin with the same options, found from the current directory (the store) first, then
 * beside this plugin; in a repository checkout, packages/sandbox. Without it: a message naming the
 * package to install.
 */
"use strict"
const fs = require("node:fs")
const path = require("node:path")

const SANDBOX_PACKAGE = "medusa-payment-tbc-sandbox"
const REPO_SANDBOX_BIN = path.join(__dirname, "..", "packages", "sandbox", "bin", "medusa-payment-tbc-sandbox.js")
const USAGE =
  `Usage: medusa-payment-tbc sandbox [options]   (medusa-payment-tbc sandbox --help for the options)\n` +
  `       medusa-payment-tbc setup-georgia [provider ids]   (in the store's directory: GEL, a Georgia region with the TBC providers, tax, shipping zone)\n`
const SETUP_SCRIPTS = [
  path.join(__dirname, "..", ".medusa", "server", "src", "scripts", "tbc-setup-georgia.js"),
  path.join(__dirname, "..", "src", "scripts", "tbc-setup-georgia.ts"),
]

function fail(message, code) {
  process.stderr.write(`medusa-payment-tbc: ${message}\n`)
  process.exit(code)
}

/** The sandbox package's bin file, or undefined when the package is not installed. */
function sandboxBin() {
  try {
    const manifest = require.resolve(`${SANDBOX_PACKAGE}/package.json`, { paths: [process.cwd(), __dirname] })
    const { bin } = JSON.parse(fs.readFileSync(manifest, "utf8"))
    return path.join(path.dirname(manifest), typeof bin === "string" ? bin : bin[SANDBOX_PACKAGE])
  } catch {
    return fs.existsSync(REPO_SANDBOX_BIN) ? REPO_SANDBOX_BIN : undefined
  }
}

const [command, ...rest] = process.argv.slice(2)
if (command === "--help" || command === "-h" || command === undefined) {
  process.stdout.write(USAGE)
  process.exit(command === undefined ? 2 : 0)
}
if (command === "setup-georgia") setupGeorgia(rest)
else if (command !== "sandbox") fail(`unknown command "${command}"\n\n${USAGE}`, 2)
else runSandbox(rest)

/** `medusa exec <the plugin's setup script>` with the store's own Medusa CLI, in the store's directory. */
function setupGeorgia(args) {
  let cli
  try {
    cli = require.resolve("@medusajs/cli/cli.js", { paths: [process.cwd()] })
  } catch {
    fail(`no Medusa CLI (@medusajs/cli) in ${process.cwd()}: run this in your Medusa store's directory`, 1)
  }
  const script = SETUP_SCRIPTS.find((file) => fs.existsSync(file))
  if (!script) fail("the plugin's setup script is missing: build the plugin (npm run build)", 1)
  const { status } = require("node:child_process").spawnSync(process.execPath, [cli, "exec", script, ...args], {
    stdio: "inherit",
  })
  process.exit(status ?? 1)
}

function runSandbox(rest) {
  const bin = sandboxBin()
  if (!bin) {
    fail(
      `the sandbox bank is a separate package: install it as a dev dependency of your store\n` +
        `  npm install --save-dev ${SANDBOX_PACKAGE}\n` +
        `then run "npx medusa-payment-tbc sandbox" (or "npx ${SANDBOX_PACKAGE}") again.`,
      1
    )
  }
  // the sandbox's bin reads process.argv itself: hand it the options as if it had been run directly
  process.argv = [process.argv[0], bin, ...rest]
  require(bin)
}
