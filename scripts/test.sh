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

# seconds each step took, printed with the summary: "name seconds" per line
timings_file="$RESULTS_DIR/timings.txt"
: > "$timings_file"
step_started=$SECONDS

echo "== typecheck (src, tests, then the admin: src/admin has its own tsconfig, for the browser bundle)"
if ! npx tsc --noEmit -p tsconfig.json; then
  echo "typecheck of src failed"
  extra_failures=$((extra_failures + 1))
fi
if ! npx tsc --noEmit -p integration-tests/tsconfig.json; then
  echo "typecheck of tests failed"
  extra_failures=$((extra_failures + 1))
fi
if ! npx tsc --noEmit -p src/admin/tsconfig.json; then
  echo "typecheck of the admin failed"
  extra_failures=$((extra_failures + 1))
fi
echo "typecheck $((SECONDS - step_started))" >> "$timings_file"

result_files=()
for suite in $SUITES; do
  result="$RESULTS_DIR/jest-$suite.json"
  rm -f "$result"
  echo "== $suite tests"
  jest_args=(--json --outputFile="$result" --passWithNoTests)
  suite_env=(TEST_TYPE="$suite")
  if [ "$suite" = "unit" ]; then
    # Pure tests: two workers use both cores. The fast-check properties run small here
    # (TBC_PROPERTY_RUNS caps their random cases) and at full size in the reliability suite.
    jest_args+=(--maxWorkers=2)
    suite_env+=(TBC_PROPERTY_RUNS="${TBC_PROPERTY_RUNS:-200}")
  else
    # Integration suites boot Medusa on one PostgreSQL: one file at a time, and do not wait for
    # handles the framework leaves open after the last test.
    jest_args+=(--runInBand --forceExit)
    # Every app test file boots its own Medusa in this one process, and not all of an app's memory
    # is given back after its shutdown (about 250 MB a file): with V8's default heap limit (~4 GB
    # here) the process died after 16 of the 35 files. A larger limit keeps the files in one process.
    suite_env+=(NODE_OPTIONS="$NODE_OPTIONS --max-old-space-size=${TBC_TEST_HEAP_MB:-16384}")
  fi
  step_started=$SECONDS
  # -u: outside the unit suite the properties run at their full size
  env -u TBC_PROPERTY_RUNS "${suite_env[@]}" npx jest "${jest_args[@]}" "$@"
  echo "$suite $((SECONDS - step_started))" >> "$timings_file"
  result_files+=("$result")
done

for extra in ${TEST_EXTRA_RESULTS:-}; do
  result_files+=("$extra")
done

# Sum the jest JSON results. A missing/unreadable file means the jest process died: one failure.
node - "$extra_failures" "$timings_file" "${result_files[@]}" <<'NODE'
const fs = require("fs")
const [extraFailures, timingsFile, ...files] = process.argv.slice(2)
let passed = 0
let failed = Number(extraFailures)
let skipped = 0
const failures = []
const fileTimes = []
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
  const suite = require("path").basename(file, ".json").replace(/^jest-/, "")
  for (const entry of result.testResults ?? []) {
    if (!entry.startTime || !entry.endTime) continue
    fileTimes.push({ seconds: (entry.endTime - entry.startTime) / 1000, name: require("path").relative(process.cwd(), entry.name), suite })
  }
}
// Where the time went: each step's wall time and the slowest test files (jest's own per-file time).
const steps = fs.existsSync(timingsFile) ? fs.readFileSync(timingsFile, "utf8").trim().split("\n").filter(Boolean) : []
const clock = (seconds) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`
if (steps.length > 0) {
  const total = steps.reduce((sum, line) => sum + Number(line.split(" ")[1]), 0)
  console.log(`time: ${steps.map((line) => `${line.split(" ")[0]} ${clock(Number(line.split(" ")[1]))}`).join(", ")} (total ${clock(total)})`)
}
fileTimes.sort((a, b) => b.seconds - a.seconds)
if (fileTimes.length > 0) console.log("slowest test files:")
for (const { seconds, name, suite } of fileTimes.slice(0, 10)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name} (${suite})`)
// CI keeps only the tail of the output: name every failure again here, just above the summary.
for (const failure of failures) console.log(failure)
const line = `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : "")
console.log(line)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
NODE
