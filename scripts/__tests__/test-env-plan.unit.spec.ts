/**
 * What `npm test` brings up by itself on a machine that lacks it (scripts/test-env/plan.js): the
 * rules, without a machine. The bring-up itself, for real, is integration-tests/bare/.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const plan = require("../test-env/plan")

describe("npm test's own services: PostgreSQL", () => {
  it("uses the server that answers, wherever it is", () => {
    expect(plan.choosePostgres({ host: "db.internal", port: 5433, answers: true })).toEqual({
      action: "use",
      host: "db.internal",
      port: 5433,
    })
  })

  it("starts an embedded one on loopback, on DB_PORT when free, else on a free port", () => {
    const base = { host: "localhost", port: 5432, answers: false, freePort: 40001 }
    expect(plan.choosePostgres({ ...base, portFree: true })).toEqual({
      action: "embedded",
      host: "localhost",
      port: 5432,
    })
    expect(plan.choosePostgres({ ...base, portFree: false })).toEqual({
      action: "embedded",
      host: "localhost",
      port: 40001,
    })
    expect(plan.choosePostgres({ ...base, host: "::1", portFree: true }).action).toBe("embedded")
  })

  it("never replaces a server on another machine: a silent remote DB_HOST is an error", () => {
    const choice = plan.choosePostgres({ host: "10.0.0.5", port: 5432, answers: false, portFree: true, freePort: 1 })
    expect(choice.action).toBe("fail")
    expect(choice.reason).toContain("10.0.0.5:5432")
  })

  it("points every DB_* setting of the tests at the embedded server, with no RAM tablespace to make", () => {
    const env = plan.testEnvFor({
      postgres: { action: "embedded", host: "localhost", port: 40001 },
      redis: { action: "use", port: 6379 },
      chromiumPath: "/usr/bin/chromium",
      password: "pw",
    })
    expect(env).toEqual({
      DB_HOST: "localhost",
      DB_PORT: "40001",
      DB_USERNAME: "postgres",
      DB_PASSWORD: "pw",
      TBC_TEST_TABLESPACE: "",
      TBC_TEST_REDIS_PORT: "6379",
      CHROMIUM_PATH: "/usr/bin/chromium",
    })
  })

  it("leaves the DB_* settings alone when it uses the machine's server", () => {
    const env = plan.testEnvFor({
      postgres: { action: "use", host: "localhost", port: 5432 },
      redis: { action: "use", port: 6379 },
      password: "pw",
    })
    expect(Object.keys(env)).toEqual(["TBC_TEST_REDIS_PORT"])
  })
})

describe("npm test's own services: Redis", () => {
  const base = { port: 6379, freePort: 40002 }
  it("uses a Redis that answers, else starts redis-server (on the port if free)", () => {
    expect(plan.chooseRedis({ ...base, answers: true, server: "/usr/bin/redis-server" })).toEqual({
      action: "use",
      port: 6379,
    })
    expect(plan.chooseRedis({ ...base, answers: false, server: "/usr/bin/redis-server", portFree: true })).toEqual({
      action: "start",
      server: "/usr/bin/redis-server",
      port: 6379,
    })
    expect(plan.chooseRedis({ ...base, answers: false, server: "/usr/bin/redis-server", portFree: false }).port).toBe(
      40002
    )
  })

  it("without one to be had, gives the reason the tests that need it carry", () => {
    const choice = plan.chooseRedis({ ...base, answers: false, server: undefined, portFree: true })
    expect(choice.action).toBe("none")
    expect(choice.reason).toMatch(/127\.0\.0\.1:6379.*redis-server is not installed/)
    const env = plan.testEnvFor({ postgres: { action: "use" }, redis: choice, password: "pw" })
    expect(env).toEqual({ TBC_TEST_NO_REDIS: choice.reason })
  })
})

describe("npm test's own services: Chromium", () => {
  const exists = (file: string) => file === "/usr/bin/chromium"
  it("CHROMIUM_PATH first, then the system's, then the package's", () => {
    expect(plan.chooseChromium({ env: { CHROMIUM_PATH: "/opt/c" }, exists })).toEqual({
      source: "given",
      path: "/opt/c",
    })
    expect(plan.chooseChromium({ env: {}, exists })).toEqual({ source: "system", path: "/usr/bin/chromium" })
    expect(plan.chooseChromium({ env: {}, exists: () => false })).toEqual({ source: "package" })
  })

  it("TBC_TEST_SYSTEM_CHROMIUM hides the system's (none) or looks elsewhere", () => {
    expect(plan.chooseChromium({ env: { TBC_TEST_SYSTEM_CHROMIUM: "none" }, exists })).toEqual({ source: "package" })
    expect(plan.chooseChromium({ env: { TBC_TEST_SYSTEM_CHROMIUM: "/snap/bin/chromium" }, exists })).toEqual({
      source: "package",
    })
  })

  it("knows loopback from other hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "::1", "[::1]", undefined]) expect(plan.isLoopback(host)).toBe(true)
    for (const host of ["10.0.0.5", "db", "127.0.0.2x"]) expect(plan.isLoopback(host)).toBe(false)
  })
})
