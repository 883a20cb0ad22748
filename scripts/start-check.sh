#!/usr/bin/env bash
# Proves the product starts and answers: runs `tsx server/start.ts` (what `npm start` runs) on a free
# port, waits for GET /api/docs/json, signs in as the demo user with curl, reads
# GET /api/user/user_data/, then sends SIGTERM and checks the server exits 0 and frees the port.
#
#   DATABASE_URL=postgresql://... bash scripts/start-check.sh   # on PostgreSQL (what .ci/run does)
#   bash scripts/start-check.sh                                 # on PGlite in a temporary DATA_DIR
#
# START_TIMEOUT (seconds, default 180) bounds the wait for the first answer; it includes a client
# build when dist/ is missing or stale.
set -euo pipefail
cd "$(dirname "$0")/.."

timeout_s="${START_TIMEOUT:-180}"
email='demo@workbench.test'
password='Demo-Password-2026'

log() { echo "start-check: $*"; }

work="$(mktemp -d "${TMPDIR:-/tmp}/wb-start-check.XXXXXX")"
server_log="$work/server.log"
pid=""

cleanup() {
  if [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null; then
    log "stopping the server left running (PID $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    sleep 3
    # The server runs in its own process group (setsid): end what is left of it.
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  log "FAILED: $*"
  if [[ -s "$server_log" ]]; then
    echo "----- server output (last 60 lines) -----"
    tail -n 60 "$server_log"
    echo "-----------------------------------------"
  fi
  exit 1
}

port="$(node -e "const s = require('net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });")"
base="http://127.0.0.1:$port"
if [[ -n "${DATABASE_URL:-}" ]]; then
  log "database: PostgreSQL ($(sed -E 's#://([^:/@]+):[^@]*@#://\1:***@#' <<<"$DATABASE_URL"))"
else
  log "database: PGlite in $work/data"
fi

started=$(date +%s%N)
# setsid: the server gets its own process group, so nothing of it can outlive this script.
HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" setsid node_modules/.bin/tsx server/start.ts >"$server_log" 2>&1 &
pid=$!
log "started tsx server/start.ts as PID $pid on port $port; waiting up to ${timeout_s}s for $base/api/docs/json"

deadline=$((SECONDS + timeout_s))
until curl -fsS -o /dev/null --max-time 5 "$base/api/docs/json" 2>/dev/null; do
  kill -0 "$pid" 2>/dev/null || {
    wait "$pid" && code=0 || code=$?
    pid=""
    fail "the server exited (code $code) before answering"
  }
  ((SECONDS < deadline)) || fail "no answer from $base/api/docs/json within ${timeout_s}s"
  sleep 0.25
done
log "first answer after $((($(date +%s%N) - started) / 1000000)) ms"
grep -q "Workbench running at http://" "$server_log" || fail "the server did not print 'Workbench running at http://...'"

# Sign in as the demo user (JSON body), keeping the session cookie.
jar="$work/cookies"
login_status="$(curl -sS -o "$work/login.json" -w '%{http_code}' -c "$jar" \
  -H 'content-type: application/json' \
  --data "{\"email\":\"$email\",\"password\":\"$password\"}" "$base/api/auth/login/")"
[[ "$login_status" == 200 ]] || fail "POST /api/auth/login/ answered $login_status: $(head -c 300 "$work/login.json")"
grep -q '"csrf_token"' "$work/login.json" || fail "sign-in answer has no csrf_token: $(head -c 300 "$work/login.json")"
grep -q 'wb_session' "$jar" || fail "sign-in set no wb_session cookie"
log "signed in as $email"

user_status="$(curl -sS -o "$work/user.json" -w '%{http_code}' -b "$jar" "$base/api/user/user_data/")"
[[ "$user_status" == 200 ]] || fail "GET /api/user/user_data/ answered $user_status: $(head -c 300 "$work/user.json")"
grep -q "$email" "$work/user.json" || fail "user_data does not name $email: $(head -c 300 "$work/user.json")"
log "GET /api/user/user_data/: 200 $(head -c 160 "$work/user.json")..."

# A graceful stop: SIGTERM, exit code 0 within 30 s, port released.
kill -TERM "$pid"
stop_deadline=$((SECONDS + 30))
while kill -0 "$pid" 2>/dev/null && ((SECONDS < stop_deadline)); do sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "the server did not exit within 30 s of SIGTERM"
wait "$pid" && code=0 || code=$?
pid=""
[[ "$code" == 0 ]] || fail "the server exited with code $code after SIGTERM (expected 0)"
if curl -s -o /dev/null --max-time 2 "$base/api/docs/json"; then fail "port $port still answers after the server exited"; fi
log "SIGTERM: the server exited 0 and released port $port"
log "ok"
