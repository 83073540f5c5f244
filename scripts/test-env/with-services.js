/**
 * `npm test` on a machine with only Node: runs a command (scripts/test.sh runs itself through
 * this) with what the tests need, bringing up what is missing (rules in plan.js), and stops what it
 * started when the command ends, fails or is interrupted (Ctrl-C, SIGTERM):
 *  - PostgreSQL: when none answers on DB_HOST:DB_PORT, an embedded one (the demo's,
 *    scripts/demo/embedded-postgres.js), its cluster made anew in RAM (/dev/shm where there is
 *    one: the tests copy databases ~170 times a run) and deleted afterwards;
 *  - Redis: when none answers on 127.0.0.1:TBC_TEST_REDIS_PORT (6379) and redis-server is
 *    installed, one without persistence; when none can be had, TBC_TEST_NO_REDIS carries the
 *    reason and the tests that need Redis are reported by name as not run (counted as failures
 *    with CI=true: scripts/test.sh);
 *  - Chromium: the system's, else the registry package's (chromium.js).
 * What was used or started is written to test-artifacts/test-services.json (the bare-machine test
 * reads it) and printed as one line. TBC_TEST_REDIS_SERVER names the redis-server to start
 * ("none": act as if none were installed).
 */
const fs = require("fs")
const net = require("net")
const os = require("os")
const path = require("path")
const { spawn, execFileSync } = require("child_process")
const { choosePostgres, chooseRedis, testEnvFor } = require("./plan")
const { resolveChromium } = require("./chromium")

const ROOT = path.resolve(__dirname, "../..")
const PASSWORD = "tbc-test"

/** True when something accepts a TCP connection on host:port within a second. */
function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once("connect", () => done(true))
    socket.once("timeout", () => done(false))
    socket.once("error", () => done(false))
  })
}

/** True when a Redis on 127.0.0.1:port answers PING. */
function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: 1000 })
    let reply = ""
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once("connect", () => socket.write("*1\r\n$4\r\nPING\r\n"))
    socket.on("data", (chunk) => {
      reply += chunk.toString("utf8")
      if (reply.includes("\r\n")) done(reply.startsWith("+PONG"))
    })
    socket.once("timeout", () => done(false))
    socket.once("error", () => done(false))
  })
}

/** Whether a listener may bind 127.0.0.1:port now (0: the OS picks; resolves with the port). */
function bindable(port) {
  return new Promise((resolve) => {
    const server = net.createServer()
    server.once("error", () => resolve(undefined))
    server.listen(port, "127.0.0.1", () => {
      const bound = server.address().port
      server.close(() => resolve(bound))
    })
  })
}

function redisServerBinary() {
  const named = process.env.TBC_TEST_REDIS_SERVER
  if (named) return named === "none" ? undefined : named
  try {
    return execFileSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).trim() || undefined
  } catch {
    return undefined
  }
}

/** Folder of the embedded cluster: in RAM where the machine has /dev/shm, else the temp folder. */
function clusterParent() {
  return fs.existsSync("/dev/shm") ? "/dev/shm" : os.tmpdir()
}
const CLUSTER_PREFIX = "tbc-test-pg-"

/** Clusters left by runs that were killed (SIGKILL gives no chance to clean up). */
function removeStaleClusters(parent) {
  for (const name of fs.readdirSync(parent)) {
    const pid = Number(name.startsWith(CLUSTER_PREFIX) && name.slice(CLUSTER_PREFIX.length))
    if (!pid) continue
    try {
      process.kill(pid, 0)
    } catch {
      fs.rmSync(path.join(parent, name), { recursive: true, force: true })
    }
  }
}

// Quiet once the tests have ended: the summary line must stay the last line of npm test (CI reads
// it), and the server only says it was asked to stop.
let stopping = false
const log = (what, message) => stopping || process.stderr.write(`[npm test: ${what}] ${message}\n`)

async function startRedis(server, port) {
  const child = spawn(
    server,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
    { stdio: ["ignore", "ignore", "inherit"] }
  )
  const exited = new Promise((resolve) => child.once("exit", resolve))
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await redisAnswers(port)) {
      return {
        stop: async () => {
          child.kill("SIGTERM")
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
        },
      }
    }
    if (child.exitCode !== null) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill("SIGKILL")
  throw new Error(`redis-server did not answer on 127.0.0.1:${port}`)
}

async function bringUp() {
  const stops = []
  const manifest = {}
  const timings = {}
  try {
    const host = process.env.DB_HOST || "localhost"
    const port = Number(process.env.DB_PORT || 5432)
    const postgres = choosePostgres({
      host,
      port,
      answers: await answers(host === "localhost" ? "127.0.0.1" : host, port),
      portFree: (await bindable(port)) !== undefined,
      freePort: await bindable(0),
    })
    if (postgres.action === "fail") throw new Error(postgres.reason)
    if (postgres.action === "embedded") {
      const started = Date.now()
      const parent = clusterParent()
      removeStaleClusters(parent)
      const { startEmbeddedPostgres } = require("../demo/embedded-postgres")
      const dir = path.join(parent, `${CLUSTER_PREFIX}${process.pid}`)
      const server = await startEmbeddedPostgres({
        demoDir: dir,
        port: postgres.port,
        password: PASSWORD,
        database: "postgres",
        log,
      })
      stops.push(async () => {
        await server.stop()
        fs.rmSync(dir, { recursive: true, force: true })
      })
      timings.postgres = Date.now() - started
    }
    manifest.postgres = { ...postgres, startedMs: timings.postgres }

    const redisPort = Number(process.env.TBC_TEST_REDIS_PORT || 6379)
    const redis = chooseRedis({
      port: redisPort,
      answers: await redisAnswers(redisPort),
      server: redisServerBinary(),
      portFree: (await bindable(redisPort)) !== undefined,
      freePort: await bindable(0),
    })
    if (redis.action === "start") {
      const started = Date.now()
      const server = await startRedis(redis.server, redis.port)
      stops.push(server.stop)
      timings.redis = Date.now() - started
    }
    manifest.redis = { ...redis, startedMs: timings.redis }

    const started = Date.now()
    const chromium = await resolveChromium()
    manifest.chromium = { ...chromium, resolvedMs: Date.now() - started }
    const env = testEnvFor({ postgres, redis, chromiumPath: chromium.path, password: PASSWORD })
    return { env, manifest, stops }
  } catch (error) {
    await stopAll(stops)
    throw error
  }
}

async function stopAll(stops) {
  stopping = true
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
  stops.length = 0
}

function summaryLine(manifest) {
  const { postgres, redis, chromium } = manifest
  const pg =
    postgres.action === "embedded"
      ? `embedded PostgreSQL started on localhost:${postgres.port} (${postgres.startedMs} ms)`
      : `PostgreSQL on ${postgres.host}:${postgres.port}`
  const rd =
    redis.action === "start"
      ? `redis-server started on 127.0.0.1:${redis.port}`
      : redis.action === "use"
        ? `Redis on 127.0.0.1:${redis.port}`
        : `no Redis (${redis.reason}): the tests that need it are not run`
  return `${pg}; ${rd}; Chromium: ${chromium.source} ${chromium.path} (${chromium.resolvedMs} ms)`
}

async function main() {
  const [command, ...args] = process.argv.slice(2)
  if (!command) throw new Error("usage: node scripts/test-env/with-services.js <command> [args…]")
  const { env, manifest, stops } = await bringUp()
  const resultsDir = path.resolve(ROOT, process.env.TEST_RESULTS_DIR || "test-artifacts")
  fs.mkdirSync(resultsDir, { recursive: true })
  fs.writeFileSync(path.join(resultsDir, "test-services.json"), JSON.stringify(manifest, null, 2))
  log("services", summaryLine(manifest))

  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env, TBC_TEST_SERVICES_UP: "1" } })
  let signalled
  const forward = (signal) => {
    signalled = signalled || signal
    // a terminal's Ctrl-C reaches the whole process group already; SIGTERM from a CI runner not
    child.kill(signal)
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, forward)
  const code = await new Promise((resolve) =>
    child.once("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
  )
  await stopAll(stops)
  process.exit(signalled ? 130 : code)
}

if (require.main === module) {
  main().catch((error) => {
    log("services", `could not bring up what the tests need: ${error.message}`)
    process.exit(1)
  })
}

module.exports = { summaryLine }
