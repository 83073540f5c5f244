/**
 * The order of npm test's files (integration-tests/test-sequencer.js): longest first, by jest's
 * cached time (milliseconds) or an estimate (seconds), a measured long file never counted shorter
 * than its measurement, failed files first.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LongestFirstSequencer = require("../test-sequencer.js")

type Cache = Record<string, [number, number]>
const PASSED = 1
const FAILED = 0

function orderOf(paths: string[], cache: Cache): string[] {
  const sequencer = new LongestFirstSequencer({})
  sequencer._getCache = () => cache
  const tests = paths.map((path) => ({ path, context: { config: {} } }))
  return sequencer.sort(tests).map((test: { path: string }) => test.path.replace("/repo/", ""))
}

const DEFAULT_GROUP = "/repo/integration-tests/http/default-options-app.spec.ts"
const RELIABILITY_GROUP = "/repo/integration-tests/reliability/reliability-app.spec.ts"
const PREAUTH_GROUP = "/repo/integration-tests/http/preauth-options-app.spec.ts"
const NEW_APP_FILE = "/repo/integration-tests/http/new-thing.spec.ts"
const UNIT_FILE = "/repo/lib/__tests__/a.unit.spec.ts"

describe("test sequencer", () => {
  it("a fresh clone (nothing cached): the measured files by their measurement, then app files, then unit files", () => {
    expect(orderOf([UNIT_FILE, NEW_APP_FILE, PREAUTH_GROUP, RELIABILITY_GROUP, DEFAULT_GROUP], {})).toEqual([
      "integration-tests/http/default-options-app.spec.ts",
      "integration-tests/reliability/reliability-app.spec.ts",
      "integration-tests/http/preauth-options-app.spec.ts",
      "integration-tests/http/new-thing.spec.ts",
      "lib/__tests__/a.unit.spec.ts",
    ])
  })

  it("a group's short time cached by a `-t` run does not send it to the back; cached milliseconds compare with estimated seconds", () => {
    const cache: Cache = {
      [DEFAULT_GROUP]: [PASSED, 20_000],
      [RELIABILITY_GROUP]: [PASSED, 700_000],
      [UNIT_FILE]: [PASSED, 25_000],
    }
    expect(orderOf([UNIT_FILE, NEW_APP_FILE, DEFAULT_GROUP, RELIABILITY_GROUP], cache)).toEqual([
      "integration-tests/reliability/reliability-app.spec.ts",
      "integration-tests/http/default-options-app.spec.ts",
      "integration-tests/http/new-thing.spec.ts",
      "lib/__tests__/a.unit.spec.ts",
    ])
  })

  it("files that failed last time run first", () => {
    const cache: Cache = { [UNIT_FILE]: [FAILED, 1_000] }
    expect(orderOf([DEFAULT_GROUP, UNIT_FILE], cache)[0]).toBe("lib/__tests__/a.unit.spec.ts")
  })
})
