#!/usr/bin/env bash
# Runs every bench/*.bench.ts (npm run bench). Each bench prints its own table and exits non-zero
# when it misses its target, so this script fails if any bench does.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for bench in bench/*.bench.ts; do
  echo "== ${bench}"
  npx ts-node -r ./packages/sandbox/repo-lib-alias.js --swc --transpile-only "${bench}" || status=1
done
exit "${status}"
