/**
 * `npm test` on a bare machine (only Node and `npm ci`), for real, on a simulated one: DB_PORT names
 * a port where no PostgreSQL answers, TBC_TEST_REDIS_PORT one where no Redis answers, and the
 * system's Chromium is hidden (TBC_TEST_SYSTEM_CHROMIUM=none). The machine's own PostgreSQL and
 * Redis are left running and untouched (others use them); everything stays on loopback.
 *
 * scripts/test.sh then has to bring up all three itself (scripts/test-env/), run the whole of
 * `npm test` on them (its checks and every suite: the app files that boot Medusa with the sandbox
 * bank, the browser files in the package's Chromium, the two-instance file on Redis), and stop what
 * it started. And where no Redis can be had at all, the tests that need it must be named as not
 * run, and fail in CI.
 *
 * Its own step of .ci/run (outside npm test's time budget, like the install test): it writes a jest
 * result that npm test's summary adds. Run alone: TEST_TYPE=bare npx jest (about as long as npm test, plus a minute).
 */
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"
import { spawn } from "child_process"
import { getFreePort } from "../utils/free-port"

jest.setTimeout(20 * 60_000)

const ROOT = path.resolve(__dirname, "../..")
const APP_AND_BROWSER = "integration-tests/http/checkout-browser.spec.ts"
const NEEDS_REDIS = "integration-tests/reliability/two-instances.spec.ts"
/** npm test's files on 2026-12-04 were 208: fewer means a suite or a project was left out. */
const ALL_FILES_AT_LEAST = 200

/** Nothing accepts a connection on 127.0.0.1:port. */
function silent(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 1000 })
    const done = (free: boolean) => {
      socket.destroy()
      resolve(free)
    }
    socket.once("connect", () => done(false))
    socket.once("timeout", () => done(true))
    socket.once("error", () => done(true))
  })
}

interface BareRun {
  code: number | null
  output: string
  seconds: number
  services: {
    postgres: { action: string; port: number; startedMs?: number }
    redis: { action: string; port?: number; reason?: string; startedMs?: number }
    chromium: { source: string; path: string; resolvedMs: number }
  }
  results?: {
    numPassedTests: number
    numFailedTests: number
    testResults: { name: string; assertionResults: { status: string }[] }[]
  }
}

/** scripts/test.sh on the simulated bare machine, with `env` on top; resolves with what it left. */
async function npmTestOnBareMachine(files: string[], env: Record<string, string>): Promise<BareRun> {
  // a subset of files runs their suites only, without the checks; no files: the whole npm test
  const subset: Record<string, string> = files.length
    ? { TEST_CHECKS: "0", TEST_SUITES: "integration reliability" }
    : {}
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-bare-"))
  const base = { ...process.env }
  // what the machine or the caller may have set that would tell it where the services are
  for (const name of [
    "CHROMIUM_PATH",
    "TBC_TEST_SERVICES_UP",
    "TBC_TEST_TABLESPACE",
    "TBC_TEST_NO_REDIS",
    "DB_PASSWORD",
  ])
    delete base[name]
  const started = Date.now()
  const child = spawn("bash", ["scripts/test.sh", ...files], {
    cwd: ROOT,
    env: {
      ...base,
      DB_HOST: "localhost",
      TBC_TEST_SYSTEM_CHROMIUM: "none",
      TEST_RESULTS_DIR: dir,
      ...subset,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
  const read = (name: string) => {
    const file = path.join(dir, name)
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined
  }
  const run = {
    code,
    output,
    seconds: (Date.now() - started) / 1000,
    services: read("test-services.json"),
    results: read("jest-all.json"),
  }
  fs.rmSync(dir, { recursive: true, force: true })
  return run
}

const tail = (output: string) => output.split("\n").slice(-40).join("\n")

describe("npm test on a bare machine", () => {
  it("brings up PostgreSQL, Redis and Chromium itself, passes the whole npm test on them, and stops them", async () => {
    const dbPort = await getFreePort()
    const redisPort = await getFreePort()
    expect(await silent(dbPort)).toBe(true)
    expect(await silent(redisPort)).toBe(true)

    const run = await npmTestOnBareMachine([], {
      DB_PORT: String(dbPort),
      TBC_TEST_REDIS_PORT: String(redisPort),
    })
    console.log(
      `bare run: ${run.seconds.toFixed(0)} s; embedded PostgreSQL up in ${run.services?.postgres.startedMs} ms, ` +
        `redis-server in ${run.services?.redis.startedMs} ms, Chromium (${run.services?.chromium.source}) in ` +
        `${run.services?.chromium.resolvedMs} ms\n${tail(run.output)}`
    )

    // each service was brought up by npm test itself, where the settings said
    expect(run.services.postgres).toMatchObject({ action: "embedded", port: dbPort })
    expect(run.services.redis).toMatchObject({ action: "start", port: redisPort })
    expect(run.services.chromium.source).toBe("package")
    expect(run.services.chromium.path).not.toBe("/usr/bin/chromium")
    // and npm test passed on them: every file of every suite ran (the app, browser and Redis
    // files among them), every test in them passed, and so did the checks
    expect(run.code).toBe(0)
    expect(run.output).toMatch(/^[1-9]\d* passed, 0 failed$/m)
    const files = run.results!.testResults.map((file) => path.relative(ROOT, file.name))
    expect(files).toEqual(expect.arrayContaining([APP_AND_BROWSER, NEEDS_REDIS]))
    expect(files.length).toBeGreaterThanOrEqual(ALL_FILES_AT_LEAST)
    for (const file of run.results!.testResults) {
      expect(file.assertionResults.length).toBeGreaterThan(0)
      expect(file.assertionResults.filter((test) => test.status !== "passed")).toEqual([])
    }
    // what it started is gone
    expect(await silent(dbPort)).toBe(true)
    expect(await silent(redisPort)).toBe(true)
  })

  it("without Redis to be had, names the tests that need it as not run, with the reason, and fails them in CI", async () => {
    const run = await npmTestOnBareMachine([NEEDS_REDIS], {
      DB_PORT: String(await getFreePort()),
      TBC_TEST_REDIS_PORT: String(await getFreePort()),
      TBC_TEST_REDIS_SERVER: "none",
      CI: "true",
    })
    expect(run.services.redis.action).toBe("none")
    expect(run.output).toMatch(
      /^NOT RUN integration-tests\/reliability\/two-instances\.spec\.ts > callbacks to both instances .*\(no Redis answers on 127\.0\.0\.1:\d+ and redis-server is not installed.*\): counted as failed \(CI=true\)$/m
    )
    expect(run.output).toMatch(/^0 passed, [1-9]\d* failed$/m)
    expect(run.code).not.toBe(0)
  })
})
