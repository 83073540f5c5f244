/**
 * The order of test files in `npm test`'s one jest run (three workers): longest first, so that no
 * worker is left with a long file at the end while the other idles.
 *
 * Jest's own order uses the durations it cached from the last run on this machine and otherwise
 * file size. A fresh clone (CI) has no durations, and by size the app groups (a few lines that
 * load many spec files into one Medusa boot) and the 200-checkout fault test would run last. So a
 * file without a cached duration gets an estimate: the seconds it took in a measured run here
 * (below), else a typical app file's or unit file's time. Only the order depends on this.
 */
const Sequencer = require("@jest/test-sequencer").default

// seconds in a measured `npm test` from a fresh clone on this 2-core machine (2026-12-02, 16 min
// 52 s in all; the ones not named there from 2026-11-24/25, scaled to it); approximate on purpose:
// only their order and their size against the typical files matter. The reliability group: its
// six files' times when they ran alone (bank faults 154, duplicates and races 75, routes 75, the
// other three ~150 by their share in a run of the six, 2026-12-02) less the five boots it saves
const MEASURED_SECONDS = {
  "integration-tests/http/default-options-app.spec.ts": 624,
  "integration-tests/reliability/reliability-app.spec.ts": 350,
  "integration-tests/http/preauth-options-app.spec.ts": 341,
  "integration-tests/http/admin-browser.spec.ts": 155,
  "integration-tests/reliability/two-instances.spec.ts": 140,
  "integration-tests/http/installments-app.spec.ts": 132,
  "integration-tests/http/storefront-app.spec.ts": 126,
  "integration-tests/http/checkout-browser.spec.ts": 118,
  // the orphan and request-budget groups: each run alone on a busy machine, 2026-12-02
  "integration-tests/http/orphaned-payments-app.spec.ts": 140,
  "integration-tests/http/request-budget-app.spec.ts": 120,
  "integration-tests/http/demo-stop.spec.ts": 45,
  "packages/storefront/__tests__/package.integration.spec.ts": 40,
}
const APP_FILE = /integration-tests\/(http|reliability|install)\/|\.integration\.spec\.|\.reliability\.spec\./
const TYPICAL_APP_SECONDS = 30
const TYPICAL_UNIT_SECONDS = 3

function measured(testPath) {
  const known = Object.keys(MEASURED_SECONDS).find((file) => testPath.endsWith(file))
  return known ? MEASURED_SECONDS[known] : undefined
}

/**
 * A file's expected seconds. A file measured above counts at least that long even when jest cached
 * a shorter time: running one spec of a group with `-t` (the usual way to try one) caches the
 * group's few-test duration, and the next full run would then start the longest file last
 * (seen 2026-12-02: the default group queued behind the browser tests and the bank-faults soak,
 * now in reliability-app.spec.ts).
 */
function expectedSeconds(cachedMs, testPath) {
  // jest caches milliseconds; a file it has no time for (new, or a fresh clone) gets an estimate
  const cached = cachedMs === undefined ? undefined : cachedMs / 1000
  const known = measured(testPath)
  if (known !== undefined) return Math.max(known, cached ?? 0)
  return cached ?? (APP_FILE.test(testPath) ? TYPICAL_APP_SECONDS : TYPICAL_UNIT_SECONDS)
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    for (const test of tests) test.duration = expectedSeconds(this.time(test), test.path)
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a)
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1
      return b.duration - a.duration
    })
  }
}

module.exports = LongestFirstSequencer
