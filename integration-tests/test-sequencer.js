/**
 * The order of test files in `npm test`'s one jest run (two workers): longest first, so that no
 * worker is left with a long file at the end while the other idles.
 *
 * Jest's own order uses the durations it cached from the last run on this machine and otherwise
 * file size. A fresh clone (CI) has no durations, and by size the app groups (a few lines that
 * load many spec files into one Medusa boot) and the 200-checkout fault test would run last. So a
 * file without a cached duration gets an estimate: the seconds it took in a measured run here
 * (below), else a typical app file's or unit file's time. Only the order depends on this.
 */
const Sequencer = require("@jest/test-sequencer").default

// seconds in a measured `npm test` from a fresh clone on this 2-core machine (2026-11-24, 8 min 10 s
// in all); approximate on purpose: only their order and their size against the typical files matter
const MEASURED_SECONDS = {
  "integration-tests/reliability/bank-faults.spec.ts": 165,
  "integration-tests/http/default-options-app.spec.ts": 140,
  "integration-tests/http/preauth-options-app.spec.ts": 90,
  "integration-tests/reliability/two-instances.spec.ts": 55,
  "integration-tests/http/checkout-browser.spec.ts": 50,
  "integration-tests/http/admin-browser.spec.ts": 40,
  "integration-tests/reliability/duplicates-races.spec.ts": 37,
  "integration-tests/reliability/routes.spec.ts": 37,
  "integration-tests/http/installments-app.spec.ts": 35,
  "integration-tests/http/installments-approval-gate.spec.ts": 29,
  "integration-tests/http/demo-stop.spec.ts": 23,
  // estimated (2026-11-25) from runs on a loaded machine: the storefront group (the kit, the payment
  // status, the guide's return route in Chromium) and the kit packed and installed from npm
  "integration-tests/http/storefront-app.spec.ts": 50,
  "packages/storefront/__tests__/package.integration.spec.ts": 20,
}
const APP_FILE = /integration-tests\/(http|reliability|install)\/|\.integration\.spec\.|\.reliability\.spec\./
const TYPICAL_APP_SECONDS = 14
const TYPICAL_UNIT_SECONDS = 3

function estimate(testPath) {
  const known = Object.keys(MEASURED_SECONDS).find((file) => testPath.endsWith(file))
  if (known) return MEASURED_SECONDS[known]
  return APP_FILE.test(testPath) ? TYPICAL_APP_SECONDS : TYPICAL_UNIT_SECONDS
}

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    for (const test of tests) test.duration = this.time(test) ?? estimate(test.path)
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a)
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1
      return b.duration - a.duration
    })
  }
}

module.exports = LongestFirstSequencer
