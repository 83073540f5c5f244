/**
 * The install test: what a store owner does with the README, end to end, on fresh stores.
 * `npm pack` (its prepack cleans .medusa/server and runs `medusa plugin:build`), then the tarball
 * goes into one store per Medusa version and package manager (store-cases.ts: the floor of the
 * plugin's peer ranges and the newest 2.x, each with npm and pnpm, no flag), and each store
 * migrates, builds, boots and places a card order against the sandbox (store-steps.ts).
 *
 * Time: the plugin is built once (by the pack); the stores share one template of their files and
 * npm's (or pnpm's) package cache; two stores run at a time, beside the pack (lanes.ts).
 * Run by `.ci/run` as its own step (`TEST_TYPE=install`), not by `npm test`.
 * Alone: `TEST_TYPE=install NODE_OPTIONS=--experimental-vm-modules npx jest --runInBand --forceExit`
 * (TBC_INSTALL_STORES="2.13.0:npm" for other stores, see store-cases.ts; TBC_INSTALL_KEEP=1 keeps
 * the stores' folder for a look).
 */
import { execFileSync, spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { LOG_DIR, REPO_ROOT, run, storeEnv, writeStoreTemplate } from "./fresh-store"
import { startLanes, type Lanes } from "./lanes"
import { checkPnpm, storeCases, type Tarballs } from "./store-cases"
import { STEPS } from "./store-steps"
import { attwProblems, publintMessages, unwantedFiles } from "./package-checks"

jest.setTimeout(20 * 60_000)

/**
 * Limits on the tarball, about 10 % over what it was when they were set: a file type or folder
 * that starts shipping by mistake (a built dashboard left in .medusa/server is 12 MB) fails here.
 * Set at 635 kB and 633 files after the cuts of issue #33 (no source maps, no tests); the bytes'
 * limit raised to 800 kB when the payment links and held-order guards of issue #34 made it 728 kB
 * in 634 files (the admin bundle, shipped as .js and .mjs, 195 + 189 kB unpacked, grew most).
 */
const MAX_TARBALL_BYTES = 800_000
const MAX_TARBALL_FILES = 700

const started = Date.now()
const STORES = storeCases(REPO_ROOT)
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-install-"))
const templateDir = path.join(work, "template")
const unpacked = path.join(work, "unpacked")
let packed: (tarballs: Tarballs) => void = () => undefined
let notPacked: (error: unknown) => void = () => undefined
const tarball = new Promise<Tarballs>((resolve, reject) => {
  packed = resolve
  notPacked = reject
})
tarball.catch(() => undefined) // a pack failure is the pack test's; the stores' "add" steps name it too
let lanes: Lanes | undefined

beforeAll(() => {
  fs.rmSync(LOG_DIR, { recursive: true, force: true })
  if (STORES.some((store) => store.pm === "pnpm")) console.log(`install test: pnpm ${checkPnpm()}`)
  writeStoreTemplate(templateDir)
  lanes = startLanes(STORES, work, templateDir, tarball)
})

afterAll(async () => {
  notPacked(new Error("the plugin was not packed (see the pack test)"))
  await lanes?.done
  if (process.env.TBC_INSTALL_KEEP) console.log(`install test: the stores stay in ${work}`)
  // the stores' node_modules take minutes to delete on a busy disk: not on the test's clock
  else spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref()
  const lines = [...(lanes?.timings ?? [])].map(([store, steps]) => {
    const each = steps.map(({ step, seconds, error }) => `${step} ${seconds}${error ? " FAILED" : ""}`)
    return `  ${store}: ${steps.reduce((sum, step) => sum + step.seconds, 0)} s (${each.join(", ")})`
  })
  const total = ((Date.now() - started) / 1000).toFixed(0)
  console.log([`install test: total ${total} s (logs in ${path.relative(REPO_ROOT, LOG_DIR)})`, ...lines].join("\n"))
})

/**
 * `npm pack` into the run's folder; checks what the tarball ships (what a store needs, no source
 * map, no test) and its size, and unpacks it beside (for the checks that read files). Its path.
 */
async function packFromCleanBuild(): Promise<string> {
  const packStarted = Date.now()
  const logFile = await run("npm", ["pack", "--pack-destination", work], {
    cwd: REPO_ROOT,
    env: storeEnv({}),
    log: "npm-pack.log",
  })
  // npm pack prints the tarball's name last (before it, the prepack build's own output)
  const name = fs.readFileSync(logFile, "utf8").trim().split("\n").pop()!.trim()
  const file = path.join(work, name)
  const shipped = execFileSync("tar", ["-tzf", file], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((entry) => entry.replace(/^package\//, ""))
  expect(shipped).toEqual(
    expect.arrayContaining([
      "LICENSE",
      "CHANGELOG.md",
      "docs/architecture.md",
      ".medusa/server/src/lib/index.d.ts",
      ".medusa/server/src/admin/index.mjs",
      "types/admin.d.ts",
    ])
  )
  expect(shipped.filter((entry) => entry.startsWith(".medusa/server/public"))).toEqual([])
  // the sandbox bank is its own package (packages/sandbox), a store's dev dependency: none of it here
  expect(shipped.filter((entry) => /(^|\/)sandbox(\/|$)/.test(entry))).toEqual([])
  fs.mkdirSync(unpacked, { recursive: true })
  execFileSync("tar", ["-xzf", file, "-C", unpacked, "--strip-components=1"])
  expect(unwantedFiles(unpacked, shipped)).toEqual([])
  const bytes = fs.statSync(file).size
  const seconds = ((Date.now() - packStarted) / 1000).toFixed(0)
  console.log(`install test: packed ${name} (${shipped.length} files, ${(bytes / 1000).toFixed(0)} kB) in ${seconds} s`)
  expect(bytes).toBeLessThanOrEqual(MAX_TARBALL_BYTES)
  expect(shipped.length).toBeLessThanOrEqual(MAX_TARBALL_FILES)
  return file
}

/**
 * `npm pack` of the sandbox bank (packages/sandbox; its prepack builds dist/ against the plugin's
 * .medusa/server types, which the plugin's pack just built). Checks it ships its bin, its build and
 * its guide, and no source or test. Its path.
 */
async function packSandbox(): Promise<string> {
  const logFile = await run("npm", ["pack", "--pack-destination", work], {
    cwd: path.join(REPO_ROOT, "packages", "sandbox"),
    env: storeEnv({}),
    log: "npm-pack-sandbox.log",
  })
  const name = fs.readFileSync(logFile, "utf8").trim().split("\n").pop()!.trim()
  const file = path.join(work, name)
  const shipped = execFileSync("tar", ["-tzf", file], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((entry) => entry.replace(/^package\//, ""))
  expect(shipped).toEqual(
    expect.arrayContaining(["bin/medusa-payment-tbc-sandbox.js", "dist/index.js", "dist/index.d.ts", "README.md"])
  )
  expect(shipped.filter((entry) => entry.startsWith("src/") || entry.includes("__tests__"))).toEqual([])
  return file
}

describe("the packed plugin", () => {
  it("packs from a clean plugin build, whatever an app build left in .medusa/server", async () => {
    // what `medusa build` of an app (the dev store, the admin browser test) leaves in the shared folder
    const stray = path.join(REPO_ROOT, ".medusa", "server", "public", "admin", "index.html")
    fs.mkdirSync(path.dirname(stray), { recursive: true })
    fs.writeFileSync(stray, "<html>a built dashboard</html>")
    try {
      const plugin = await packFromCleanBuild()
      packed({ plugin, sandbox: await packSandbox() })
    } catch (error) {
      notPacked(error)
      throw error
    }
  })

  it("passes publint and arethetypeswrong (every entry typed for node10, node16 and bundlers)", async () => {
    const file = (await tarball).plugin
    expect({ publint: publintMessages(file), attw: attwProblems(file) }).toEqual({ publint: [], attw: [] })
  })
})

// the Node in the name: .ci/run runs this test on several (scripts/node-versions.js)
describe.each(STORES)(`a store on Medusa $medusa ($role) with $pm on Node ${process.versions.node}`, (store) => {
  it.each(STEPS.map(([title, step]) => ({ title, step })))("$title", async ({ step }) => {
    await lanes!.outcome(store, step)
  })
})
