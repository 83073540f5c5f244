#!/usr/bin/env bash
# `npm test`: typecheck, then each jest suite (unit, then integration), then ONE summary line
#   N passed, N failed[, N skipped]
# summing all suites. CI reads only that line, so anything that is not a passing test counts as
# failed there: a failed typecheck, a test file that crashed before its tests ran, a suite whose
# jest process died without a result. Exit status is non-zero if anything failed or nothing ran.
#
# Extra arguments go to every jest run, e.g. `npm test -- src/lib` (then suites without a match
# simply contribute 0). Suites are chosen by TEST_SUITES (default "unit integration"); each name is
# a TEST_TYPE of jest.config.js. Hook for later suites (e.g. reliability): add its testMatch to
# jest.config.js and its name to DEFAULT_SUITES below, or run `TEST_SUITES=reliability npm test`.
# TEST_EXTRA_RESULTS: jest JSON result files of suites run before (space separated; `.ci/run` passes
# the install test's) that the summary adds; a missing one counts as 1 failure, like a dead suite.
set -uo pipefail

cd "$(dirname "$0")/.."

export DB_HOST="${DB_HOST:-localhost}"
export DB_USERNAME="${DB_USERNAME:-postgres}"
export DB_PASSWORD="${DB_PASSWORD:-}"
export NODE_OPTIONS="${NODE_OPTIONS:---experimental-vm-modules}"
case "$NODE_OPTIONS" in *--experimental-vm-modules*) ;; *) NODE_OPTIONS="$NODE_OPTIONS --experimental-vm-modules" ;; esac

DEFAULT_SUITES="unit integration reliability"
SUITES="${TEST_SUITES:-$DEFAULT_SUITES}"
RESULTS_DIR="test-artifacts"
mkdir -p "$RESULTS_DIR"

extra_failures=0

echo "== typecheck (src, then tests)"
if ! npx tsc --noEmit -p tsconfig.json; then
  echo "typecheck of src failed"
  extra_failures=$((extra_failures + 1))
fi
if ! npx tsc --noEmit -p integration-tests/tsconfig.json; then
  echo "typecheck of tests failed"
  extra_failures=$((extra_failures + 1))
fi

result_files=()
for suite in $SUITES; do
  result="$RESULTS_DIR/jest-$suite.json"
  rm -f "$result"
  echo "== $suite tests"
  jest_args=(--json --outputFile="$result" --passWithNoTests)
  # Integration suites boot Medusa on one PostgreSQL: one file at a time, and do not wait for
  # handles the framework leaves open after the last test.
  [ "$suite" != "unit" ] && jest_args+=(--runInBand --forceExit)
  TEST_TYPE="$suite" npx jest "${jest_args[@]}" "$@"
  result_files+=("$result")
done

for extra in ${TEST_EXTRA_RESULTS:-}; do
  result_files+=("$extra")
done

# Sum the jest JSON results. A missing/unreadable file means the jest process died: one failure.
node - "$extra_failures" "${result_files[@]}" <<'NODE'
const fs = require("fs")
const [extraFailures, ...files] = process.argv.slice(2)
let passed = 0
let failed = Number(extraFailures)
let skipped = 0
const failures = []
// the first lines of a failure message, colour codes dropped, on one line
const firstLine = (text) =>
  String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 4).join(" | ").slice(0, 500)
function failuresOf(result) {
  const found = []
  for (const file of result.testResults ?? []) {
    const where = require("path").relative(process.cwd(), file.name)
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed")
    for (const t of failedTests) found.push(`FAILED ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    if (failedTests.length === 0 && file.status === "failed") found.push(`FAILED ${where} (the file): ${firstLine(file.message)}`)
  }
  return found
}
for (const file of files) {
  let result
  try {
    result = JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    console.error(`no jest result in ${file}: counted as 1 failure`)
    failed += 1
    continue
  }
  passed += result.numPassedTests
  // Files that crashed before any test ran report no failed tests; count each such file once.
  failed += result.numFailedTests + result.numRuntimeErrorTestSuites
  skipped += result.numPendingTests + result.numTodoTests
  failures.push(...failuresOf(result))
}
// CI keeps only the tail of the output: name every failure again here, just above the summary.
for (const failure of failures) console.log(failure)
const line = `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : "")
console.log(line)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
NODE
