#!/usr/bin/env bash
# `npm run test:pg`: the integration suite (tests/server) against a local PostgreSQL.
# Uses TEST_DATABASE_URL when set; otherwise scripts/pg-test.sh starts Debian's PostgreSQL (installing
# it as root where missing) and creates a test role. Arguments go to `vitest run`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  pg_env="$(bash scripts/pg-test.sh)"
  eval "$pg_env"
  export TEST_DATABASE_URL
fi
exec node_modules/.bin/vitest run --project node tests/server "$@"
