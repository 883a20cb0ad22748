#!/usr/bin/env bash
# `npm test`: type-check, lint, Vitest, Playwright — in that order, stopping at the first failure.
#
# - Vitest runs the whole suite on in-memory PGlite. When TEST_DATABASE_URL is set (a PostgreSQL role
#   that may create databases), the integration suite (tests/server) runs a second time against it.
# - Playwright runs in a Chromium found by scripts/findChromium.sh (CHROMIUM_PATH, /usr/bin/chromium or
#   Playwright's own; as root with apt-get it installs Debian's chromium where none is found).
#
# Environment: SKIP_E2E=1 skips Playwright (for a quick local run; CI never sets it).
# The last line is a summary: "tests: N passed, N failed, N skipped" (tests counted by Vitest and Playwright).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

if [[ ! -d node_modules ]]; then
  echo "npm test: node_modules is missing — run 'npm install' (or 'npm ci') first." >&2
  exit 1
fi

reports="$(mktemp -d "${TMPDIR:-/tmp}/wb-test.XXXXXX")"
# Every process this run starts carries the marker; whatever is left when the run ends (cut short by a
# time-out, a crash or Ctrl+C) is stopped: servers, Chromium, workers (scripts/stopRunProcesses.sh).
export WB_TEST_RUN="${WB_TEST_RUN:-wb-test-$$-$RANDOM}"
# shellcheck disable=SC2329
finish_run() {
  rm -rf "$reports"
  bash scripts/stopRunProcesses.sh "$WB_TEST_RUN" "$$"
}
trap finish_run EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

passed=0
failed=0
skipped=0
summary=()
current="start"
section_started=$SECONDS
started_all=$SECONDS

section() {
  current="$1"
  section_started=$SECONDS
  printf '\n==> %s\n' "$1"
}

section_done() {
  local took=$((SECONDS - section_started))
  summary+=("  ok    ${current} (${took}s)${1:+ — $1}")
  printf -- '--> %s: ok (%ss)\n' "$current" "$took"
}

print_summary() {
  echo
  echo "==> summary ($((SECONDS - started_all))s)"
  local line
  for line in "${summary[@]}"; do echo "$line"; done
  # Where the time went: the 10 slowest test files of the Vitest and Playwright reports written so far.
  echo
  tsx scripts/slowestTestFiles.ts "$reports"/*.json || true
}

fail() {
  local code="${2:-1}"
  trap - ERR
  summary+=("  FAIL  ${current} ($((SECONDS - section_started))s)${1:+ — $1}")
  print_summary
  echo "npm test: FAILED in '${current}'${1:+: $1} (exit ${code})" >&2
  echo "tests: ${passed} passed, $((failed > 0 ? failed : 1)) failed, ${skipped} skipped"
  exit "$code"
}
trap 'fail "" $?' ERR

# Reads a JSON report into last_passed/last_failed/last_skipped and adds them to the totals.
# $1: vitest|playwright, $2: the report file.
tally() {
  local counts
  counts="$(node -e '
    const [kind, file] = process.argv.slice(1);
    const r = JSON.parse(require("fs").readFileSync(file, "utf8"));
    if (kind === "vitest") {
      console.log(r.numPassedTests, r.numFailedTests, (r.numPendingTests || 0) + (r.numTodoTests || 0));
    } else {
      const s = r.stats;
      console.log(s.expected + s.flaky, s.unexpected, s.skipped);
    }
  ' "$1" "$2")"
  read -r last_passed last_failed last_skipped <<<"$counts"
  passed=$((passed + last_passed))
  failed=$((failed + last_failed))
  skipped=$((skipped + last_skipped))
  last_counts="${last_passed} passed, ${last_failed} failed, ${last_skipped} skipped"
}

# Runs a test command whose JSON report lands in $report; fails the section when the command fails,
# writes no report, or ran no test.  $1: vitest|playwright, $2: report file, rest: the command.
run_counted() {
  local kind="$1" report="$2" code=0
  shift 2
  "$@" || code=$?
  if [[ ! -s "$report" ]]; then
    fail "$kind wrote no report (exit $code)" "$((code == 0 ? 1 : code))"
  fi
  tally "$kind" "$report"
  echo "$kind: $last_counts"
  if [[ $code != 0 ]]; then fail "$last_counts" "$code"; fi
  if [[ $last_passed == 0 && $last_failed == 0 ]]; then fail "$kind ran no test"; fi
}

# 1. Type-check ---------------------------------------------------------------------------------------
section "type-check (tsc --noEmit -p tsconfig.json)"
tsc --noEmit -p tsconfig.json
section_done

# 2. Lint ---------------------------------------------------------------------------------------------
section "lint (biome check .)"
biome check .
section_done

# 3. Vitest ------------------------------------------------------------------------------------------
# The two projects run one after the other: each keeps its workers' module cache and environment from
# file to file (isolate: false), which a mix of node and jsdom files in one worker would throw away.
section "vitest node (PGlite)"
run_counted vitest "$reports/vitest-node.json" env -u TEST_DATABASE_URL -u DATABASE_URL \
  vitest run --project node --reporter=default --reporter=json --outputFile.json="$reports/vitest-node.json"
section_done "$last_counts"

section "vitest dom (jsdom)"
run_counted vitest "$reports/vitest-dom.json" env -u TEST_DATABASE_URL -u DATABASE_URL \
  vitest run --project dom --reporter=default --reporter=json --outputFile.json="$reports/vitest-dom.json"
section_done "$last_counts"

# 4. Vitest's integration suite on PostgreSQL ---------------------------------------------------------
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  section "vitest tests/server (PostgreSQL at TEST_DATABASE_URL)"
  run_counted vitest "$reports/vitest-pg.json" env -u DATABASE_URL \
    vitest run --project node tests/server --reporter=default --reporter=json --outputFile.json="$reports/vitest-pg.json"
  section_done "$last_counts"
else
  summary+=("  skip  vitest tests/server on PostgreSQL (TEST_DATABASE_URL not set)")
fi

# 5. Playwright ---------------------------------------------------------------------------------------
if [[ "${SKIP_E2E:-}" == 1 ]]; then
  summary+=("  skip  playwright (SKIP_E2E=1)")
else
  section "chromium"
  CHROMIUM_PATH="$(bash scripts/findChromium.sh)"
  export CHROMIUM_PATH
  echo "CHROMIUM_PATH=$CHROMIUM_PATH ($("$CHROMIUM_PATH" --version 2>/dev/null | head -n 1 || true))"
  section_done "$CHROMIUM_PATH"

  section "playwright (npx playwright test)"
  # Playwright's servers run on PGlite in temporary folders, whatever DATABASE_URL the shell has.
  run_counted playwright "$reports/playwright.json" env -u DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/playwright.json" \
    playwright test --reporter=list,json
  section_done "$last_counts"
fi

trap - ERR
print_summary
echo "tests: ${passed} passed, ${failed} failed, ${skipped} skipped"
