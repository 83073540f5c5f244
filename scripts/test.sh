#!/usr/bin/env bash
# `npm test`: typecheck, lint, then the jest suites (unit, integration, reliability) in ONE jest
# run with three workers, then ONE summary line
#   N passed, N failed[, N skipped]
# summing all suites. CI reads only that line, so anything that is not a passing test counts as
# failed there: a failed typecheck or lint, a test file that crashed before its tests ran, a jest
# run that died without a result. Exit status is non-zero if anything failed or nothing ran.
#
# Extra arguments go to jest, e.g. `npm test -- src/lib` or one file's path. Suites are chosen by
# TEST_SUITES (default "unit integration reliability"); each name is a project of jest.config.js.
# TEST_RESULTS_DIR: where the results go (default test-artifacts); TEST_CHECKS=0: no typecheck/lint.
# Tests that need a service this machine cannot have (Redis: scripts/test-env/) are listed as
# NOT RUN with the reason, and count as failures when CI=true.
# TEST_EXTRA_RESULTS: jest JSON result files of suites run before (space separated; `.ci/run` passes
# the install test's) that the summary adds; a missing one counts as 1 failure, like a dead suite.
set -uo pipefail

cd "$(dirname "$0")/.."

# What the tests need and this machine lacks, brought up for this run and stopped after it (also on
# failure or Ctrl-C): an embedded PostgreSQL when none answers on DB_HOST:DB_PORT, redis-server
# when installed and not running, the registry package's Chromium when the system has none
# (scripts/test-env/with-services.js). It runs this script again with the env pointing at them.
if [ "${TBC_TEST_SERVICES_UP:-}" != "1" ]; then
  exec node scripts/test-env/with-services.js bash scripts/test.sh "$@"
fi

export DB_HOST="${DB_HOST:-localhost}"
export DB_USERNAME="${DB_USERNAME:-postgres}"
export DB_PASSWORD="${DB_PASSWORD:-}"
export NODE_OPTIONS="${NODE_OPTIONS:---experimental-vm-modules}"
case "$NODE_OPTIONS" in *--experimental-vm-modules*) ;; *) NODE_OPTIONS="$NODE_OPTIONS --experimental-vm-modules" ;; esac
# A larger young generation (V8's default semi-space is 16 MB) for every process of the run, the
# jest workers and the checks: a booted Medusa allocates a lot of short-lived objects per request
# (query results, workflow checkpoints), and with 16 MB V8 scavenges them so often that garbage
# collection took ~10 % of an app file's main-thread CPU (--cpu-prof, default group, 2026-12-02);
# at 64 MB ~7 %, and the whole file used fewer CPU-s (bench figures in BENCHMARKS.md).
case "$NODE_OPTIONS" in *--max-semi-space-size*) ;; *) NODE_OPTIONS="$NODE_OPTIONS --max-semi-space-size=${TBC_TEST_SEMI_SPACE_MB:-64}" ;; esac

# the test databases in a PostgreSQL tablespace in RAM where the machine allows it (the script says why not)
export TBC_TEST_TABLESPACE="${TBC_TEST_TABLESPACE-$(node scripts/test-tablespace.js)}"

DEFAULT_SUITES="unit integration reliability"
SUITES="${TEST_SUITES:-$DEFAULT_SUITES}"
RESULTS_DIR="${TEST_RESULTS_DIR:-test-artifacts}"
mkdir -p "$RESULTS_DIR"

extra_failures=0

# seconds each step took, printed with the summary: "name seconds" per line
timings_file="$RESULTS_DIR/timings.txt"
: > "$timings_file"

# The static checks: the two typechecks (src with the tests, the dev config and the scripts:
# integration-tests/tsconfig.json includes ../src/** under the root tsconfig's options, so a
# separate run of the root tsconfig checked the same files a second time, ~19 CPU-s; and the admin:
# src/admin has its own tsconfig, for the browser bundle) and lint (ESLint and Prettier's check,
# npm run lint). Each is one
# single-threaded process; they run two at a time, BESIDE the jest run and at low priority (nice):
# the app tests leave a core idle now and then (waiting on PostgreSQL, the sandbox, a browser),
# and the checks fill those gaps instead of holding the tests back by their whole length. Their
# results are read after the tests; each failure counts as one failed test.
run_check() {
  local name=$1
  shift
  if nice -n 15 "$@" > "$RESULTS_DIR/check-$name.log" 2>&1; then
    echo 0 > "$RESULTS_DIR/check-$name.status"
  else
    echo 1 > "$RESULTS_DIR/check-$name.status"
  fi
}
check_names=(typecheck typecheck-admin lint)
rm -f "$RESULTS_DIR"/check-*.status
run_checks() {
  local started=$SECONDS
  run_check typecheck npx tsc --noEmit -p integration-tests/tsconfig.json &
  run_check typecheck-admin npx tsc --noEmit -p src/admin/tsconfig.json &
  wait -n
  run_check lint npm run --silent lint &
  wait
  # their own length, for the record: they overlap the tests, so the total leaves them out
  echo "checks-beside-tests $((SECONDS - started))" > "$RESULTS_DIR/check-seconds.txt"
}
# TEST_CHECKS=0 leaves them out (the bare-machine test's run of a few files: they are not its subject)
checks_pid=""
if [ "${TEST_CHECKS:-1}" != "0" ]; then
  echo "== typecheck and lint (beside the tests, at low priority)"
  run_checks &
  checks_pid=$!
fi
report_checks() {
  [ -n "$checks_pid" ] || return 0
  wait "$checks_pid"
  for name in "${check_names[@]}"; do
    if [ "$(cat "$RESULTS_DIR/check-$name.status" 2>/dev/null)" != "0" ]; then
      grep -v "^npm warn" "$RESULTS_DIR/check-$name.log"
      echo "$name failed"
      extra_failures=$((extra_failures + 1))
    fi
  done
  cat "$RESULTS_DIR/check-seconds.txt" >> "$timings_file"
}

result_files=()
# ONE jest run for all the suites (each a jest project, jest.config.js), in one pool of three
# workers on the two cores: jest starts the longest files first (by their last duration, else by
# size) and the short ones fill in, so the cores stay busy to the end instead of waiting, suite
# after suite, for each suite's last file. Three, not two: an app file waits now and then (for
# PostgreSQL, the sandbox, a browser, a callback), and with two workers the cores were idle a
# quarter of the run (measured: 13 min 44 s with two, 11 min 25 s with three, same code).
# App files boot Medusa in a worker each, on their own databases. TBC_TEST_WORKERS overrides it.
result="$RESULTS_DIR/jest-all.json"
rm -f "$result"
# each file's CPU seconds (integration-tests/setup-cpu.js), for the summary's "most CPU" list
export TBC_TEST_CPU_LOG="$(cd "$RESULTS_DIR" && pwd)/cpu-per-file.jsonl"
rm -f "$TBC_TEST_CPU_LOG"
echo "== tests: $SUITES"
step_started=$SECONDS
# Not all of a booted app's memory is given back after its file (about 250 MB a file): a worker
# whose idle memory passes TBC_TEST_WORKER_MEMORY is replaced by a fresh one after its file, and
# each worker may grow to TBC_TEST_HEAP_MB meanwhile.
# TBC_UNIT_PROPERTY_RUNS: the unit suite's cap on fast-check cases (integration-tests/setup-unit.js);
# the properties suite (TEST_SUITES=properties; .ci/run's own step) runs them at full size.
env -u TBC_PROPERTY_RUNS TEST_SUITES="$SUITES" TBC_UNIT_PROPERTY_RUNS="${TBC_PROPERTY_RUNS:-200}" \
  NODE_OPTIONS="$NODE_OPTIONS --max-old-space-size=${TBC_TEST_HEAP_MB:-6144}" \
  npx jest --json --outputFile="$result" --passWithNoTests --maxWorkers="${TBC_TEST_WORKERS:-3}" \
  --workerIdleMemoryLimit="${TBC_TEST_WORKER_MEMORY:-1500MB}" --forceExit "$@"
echo "tests $((SECONDS - step_started))" >> "$timings_file"
result_files+=("$result")
step_started=$SECONDS
report_checks
echo "checks-after-tests $((SECONDS - step_started))" >> "$timings_file"

for extra in ${TEST_EXTRA_RESULTS:-}; do
  result_files+=("$extra")
done

# Sum the jest JSON results. A missing/unreadable file means the jest process died: one failure.
TEST_SUITES_RUN="$SUITES" node - "$extra_failures" "$timings_file" "${result_files[@]}" <<'NODE'
const fs = require("fs")
const [extraFailures, timingsFile, ...files] = process.argv.slice(2)
let passed = 0
let failed = Number(extraFailures)
let skipped = 0
const failures = []
const fileTimes = []
// which suite (jest.config.js project) a file of the one jest run belongs to, by its path; a
// property spec run in both unit (small) and properties (full size) is named properties first
function suiteOf(name, seenBefore) {
  if (/integration-tests\/reliability\/|\.reliability\.spec\./.test(name)) return "reliability"
  if (/integration-tests\/http\/|\.integration\.spec\./.test(name)) return "integration"
  if (/integration-tests\/install\//.test(name)) return "install"
  const property = /\.properties\.unit\.spec\.|packages\/sandbox\/src\/__tests__\/tolerance\.unit\.spec\./.test(name)
  return property && !seenBefore && process.env.TEST_SUITES_RUN?.includes("properties") ? "properties" : "unit"
}
// the first lines of a failure message, colour codes dropped, on one line
const firstLine = (text) =>
  String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 4).join(" | ").slice(0, 500)
// `from`: the result file's name for a suite run apart ("unit-node22"), so that a failure on
// another Node is not taken for one of npm test's own run
function failuresOf(result, from) {
  const found = []
  for (const file of result.testResults ?? []) {
    const where = (from === "all" ? "" : `[${from}] `) + require("path").relative(process.cwd(), file.name)
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed")
    for (const t of failedTests) found.push(`FAILED ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
    if (failedTests.length === 0 && file.status === "failed") found.push(`FAILED ${where} (the file): ${firstLine(file.message)}`)
  }
  return found
}
// Tests that could not run here (a describe titled "not run: <reason>", e.g. no Redis to be had,
// integration-tests/reliability/support/redis-db.ts): named with the reason; failures in CI, which
// must have everything.
const ci = process.env.CI === "true"
const notRun = []
function notRunOf(result) {
  const found = []
  for (const file of result.testResults ?? []) {
    const where = require("path").relative(process.cwd(), file.name)
    for (const t of file.assertionResults ?? []) {
      const why = (t.ancestorTitles ?? []).find((title) => title.startsWith("not run: "))
      if (t.status === "pending" && why) found.push(`NOT RUN ${where} > ${t.title} (${why.slice(9)})`)
    }
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
  const unrun = notRunOf(result)
  notRun.push(...unrun)
  if (ci) {
    failed += unrun.length
    skipped -= unrun.length
  }
  const fromFile = require("path").basename(file, ".json").replace(/^jest-/, "")
  failures.push(...failuresOf(result, fromFile))
  const seen = new Set()
  // longest first, so a property spec that ran in two suites is named properties (full size) first
  const entries = (result.testResults ?? []).filter((entry) => entry.startTime && entry.endTime)
  entries.sort((a, b) => (b.endTime - b.startTime) - (a.endTime - a.startTime))
  for (const entry of entries) {
    const name = require("path").relative(process.cwd(), entry.name)
    const suite = fromFile === "all" ? suiteOf(name, seen.has(name)) : fromFile
    seen.add(name)
    fileTimes.push({ seconds: (entry.endTime - entry.startTime) / 1000, name, suite })
  }
}
// Where the time went: each step's wall time and the slowest test files (jest's own per-file time).
const steps = fs.existsSync(timingsFile) ? fs.readFileSync(timingsFile, "utf8").trim().split("\n").filter(Boolean) : []
const clock = (seconds) => `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`
if (steps.length > 0) {
  // a step that ran beside another (the checks beside the tests) adds nothing to the wall time
  const total = steps.filter((line) => !line.includes("beside")).reduce((sum, line) => sum + Number(line.split(" ")[1]), 0)
  console.log(`time: ${steps.map((line) => `${line.split(" ")[0]} ${clock(Number(line.split(" ")[1]))}`).join(", ")} (total ${clock(total)})`)
}
fileTimes.sort((a, b) => b.seconds - a.seconds)
// each suite's files' own times added up (they overlap in time: three workers run files at once)
const bySuite = {}
for (const { seconds, suite } of fileTimes) bySuite[suite] = (bySuite[suite] ?? 0) + seconds
if (fileTimes.length > 0) console.log(`test files' own times per suite: ${Object.entries(bySuite).map(([suite, seconds]) => `${suite} ${clock(seconds)}`).join(", ")}`)
if (fileTimes.length > 0) console.log("slowest test files:")
for (const { seconds, name, suite } of fileTimes.slice(0, 10)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name} (${suite})`)
// the files that took the most CPU (their worker's and its reaped children's: setup-cpu.js)
const cpuLog = process.env.TBC_TEST_CPU_LOG
if (cpuLog && fs.existsSync(cpuLog)) {
  const cpu = fs.readFileSync(cpuLog, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line))
  const total = cpu.reduce((sum, entry) => sum + entry.seconds, 0)
  cpu.sort((a, b) => b.seconds - a.seconds)
  console.log(`CPU of the test files: ${Math.round(total)} s in all; the most:`)
  for (const { seconds, file } of cpu.slice(0, 12)) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${require("path").relative(process.cwd(), file)}`)
}
// CI keeps only the tail of the output: name every failure again here, just above the summary.
for (const line of notRun) console.log(ci ? `${line}: counted as failed (CI=true)` : line)
for (const failure of failures) console.log(failure)
const line = `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : "")
console.log(line)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
NODE
