/**
 * What `npm test` brings up by itself (scripts/test-env/with-services.js), decided from what the
 * machine has: pure functions of the environment and of what was probed, so that each rule is
 * tested without a machine (scripts/__tests__/test-env-plan.unit.spec.ts).
 *
 * Nothing here ever points at another machine: a PostgreSQL or Redis is only started on loopback,
 * and a DB_HOST that is not loopback is used as given (or reported), never replaced.
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1", "[::1]"])
const isLoopback = (host) => LOOPBACK.has(String(host || "localhost").toLowerCase())

/** Debian's Chromium, where the browser tests look first. */
const SYSTEM_CHROMIUM = "/usr/bin/chromium"

/**
 * PostgreSQL: the one at DB_HOST:DB_PORT when it answers; else, on loopback, an embedded one (on
 * DB_PORT when that port is free, else on `freePort`). A remote DB_HOST that does not answer is an
 * error: starting one here would not be the server the settings name.
 */
function choosePostgres({ host, port, answers, portFree, freePort }) {
  if (answers) return { action: "use", host, port }
  if (!isLoopback(host)) {
    return { action: "fail", reason: `no PostgreSQL answers on ${host}:${port}, and it is not this machine` }
  }
  // "localhost", not 127.0.0.1: Medusa's test runner asks for SSL from a database URL without it
  return { action: "embedded", host: "localhost", port: portFree ? port : freePort }
}

/**
 * Redis (the tests of several instances): the one on 127.0.0.1:port when it answers; else
 * `redis-server` when installed, on that port if free (else `freePort`); else none, with the
 * reason the tests that need it are reported with.
 */
function chooseRedis({ port, answers, server, portFree, freePort }) {
  if (answers) return { action: "use", port }
  if (server) return { action: "start", server, port: portFree ? port : freePort }
  return {
    action: "none",
    reason: `no Redis answers on 127.0.0.1:${port} and redis-server is not installed (apt-get install redis-server)`,
  }
}

/**
 * The browser of the browser tests: CHROMIUM_PATH when set; else the system's Chromium when it is
 * there (TBC_TEST_SYSTEM_CHROMIUM names another place to look, or "none" to act as if there were
 * none); else the Chromium of the @sparticuz/chromium package, unpacked on first use.
 */
function chooseChromium({ env, exists }) {
  if (env.CHROMIUM_PATH) return { source: "given", path: env.CHROMIUM_PATH }
  const system = env.TBC_TEST_SYSTEM_CHROMIUM || SYSTEM_CHROMIUM
  if (system !== "none" && exists(system)) return { source: "system", path: system }
  return { source: "package" }
}

/** The environment the tests get for what was brought up (added to the caller's own). */
function testEnvFor({ postgres, redis, chromiumPath, password }) {
  const env = {}
  if (postgres.action === "embedded") {
    Object.assign(env, {
      DB_HOST: postgres.host,
      DB_PORT: String(postgres.port),
      DB_USERNAME: "postgres",
      DB_PASSWORD: password,
      // the embedded cluster lives in RAM already: no tablespace to make (scripts/test-tablespace.js)
      TBC_TEST_TABLESPACE: "",
    })
  }
  if (redis.action === "none") env.TBC_TEST_NO_REDIS = redis.reason
  else env.TBC_TEST_REDIS_PORT = String(redis.port)
  if (chromiumPath) env.CHROMIUM_PATH = chromiumPath
  return env
}

module.exports = { isLoopback, choosePostgres, chooseRedis, chooseChromium, testEnvFor, SYSTEM_CHROMIUM }
