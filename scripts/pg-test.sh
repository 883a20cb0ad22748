#!/usr/bin/env bash
# Gets a local PostgreSQL ready for the tests and prints the variables to use it:
#
#   eval "$(bash scripts/pg-test.sh)"     # exports TEST_DATABASE_URL
#   npm test                              # now also runs tests/server against PostgreSQL
#
# - Installs Debian's `postgresql` where it is missing (as root with apt-get; otherwise says how).
# - Starts the first cluster pg_lsclusters lists (creating one where none exists).
# - Creates (idempotently) a role with a password that may create databases, and its database.
#   Loopback TCP on Debian needs a password, hence the role; tests/helpers/testApp.ts creates and drops
#   a throw-away database per test file with it.
#
# Settings: PG_TEST_ROLE, PG_TEST_PASSWORD, PG_TEST_DB (default workbench_test for all three).
# Messages go to stderr; stdout carries only the export line.
set -euo pipefail

role="${PG_TEST_ROLE:-workbench_test}"
password="${PG_TEST_PASSWORD:-workbench_test}"
database="${PG_TEST_DB:-workbench_test}"

log() { echo "pg-test: $*" >&2; }
die() {
  log "$*"
  exit 1
}

[[ "$role" =~ ^[a-z_][a-z0-9_]*$ ]] || die "PG_TEST_ROLE must be a plain lower-case identifier"
[[ "$database" =~ ^[a-z_][a-z0-9_]*$ ]] || die "PG_TEST_DB must be a plain lower-case identifier"
[[ "$password" =~ ^[A-Za-z0-9_.-]+$ ]] || die "PG_TEST_PASSWORD may hold letters, digits and _ . - only"

server_installed() {
  command -v pg_lsclusters >/dev/null 2>&1 && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null
}

if ! server_installed; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log "PostgreSQL server missing: installing Debian's postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
  else
    die "no PostgreSQL server found. Install one (Debian: sudo apt-get install postgresql), or point TEST_DATABASE_URL at a PostgreSQL role that may create databases."
  fi
fi

# Runs a command as the postgres superuser (from a folder it can read).
as_postgres() {
  if [[ "$(id -un)" == postgres ]]; then
    (cd /tmp && "$@")
  elif [[ "$(id -u)" == 0 ]]; then
    (cd /tmp && runuser -u postgres -- "$@")
  elif command -v sudo >/dev/null 2>&1; then
    (cd /tmp && sudo -n -u postgres -- "$@")
  else
    die "cannot act as the postgres user: run this as root or with sudo"
  fi
}

cluster_line() { pg_lsclusters --no-header 2>/dev/null | head -n 1; }

if [[ -z "$(cluster_line)" ]]; then
  version="$(basename "$(dirname "$(dirname "$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n 1)")")")"
  log "no cluster: creating $version/main"
  if [[ "$(id -u)" == 0 ]]; then pg_createcluster "$version" main >&2; else sudo -n pg_createcluster "$version" main >&2; fi
fi

read -r version cluster port status _ <<<"$(cluster_line)"
if [[ "$status" != online* ]]; then
  log "starting cluster $version/$cluster (port $port)"
  if [[ "$(id -u)" == 0 ]]; then
    pg_ctlcluster "$version" "$cluster" start >&2
  else
    sudo -n pg_ctlcluster "$version" "$cluster" start >&2 || as_postgres pg_ctlcluster "$version" "$cluster" start >&2
  fi
fi

for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "$port"; then break; fi
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || die "PostgreSQL $version/$cluster does not answer on 127.0.0.1:$port"
log "PostgreSQL $version/$cluster is up on 127.0.0.1:$port"

as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres >&2 <<SQL
DO \$\$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$role') THEN
    ALTER ROLE $role WITH LOGIN CREATEDB PASSWORD '$password';
  ELSE
    CREATE ROLE $role WITH LOGIN CREATEDB PASSWORD '$password';
  END IF;
END
\$\$;
SQL
# Bulk imports and deletes skip per-row foreign-key triggers when the role may set session_replication_role
# (server/lib/skipRowForeignKeyChecks.ts; docs/audiences.md): grant it as a deployment would (PostgreSQL 15+).
if (( ${version%%.*} >= 15 )); then
  as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres \
    -c "GRANT SET ON PARAMETER session_replication_role TO $role" >&2
fi
if [[ "$(as_postgres psql -X -tA -p "$port" -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != 1 ]]; then
  as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$port" -d postgres -c "CREATE DATABASE $database OWNER $role" >&2
fi

url="postgresql://$role:$password@127.0.0.1:$port/$database"
PGPASSWORD="$password" psql -X -q -h 127.0.0.1 -p "$port" -U "$role" -d "$database" -c 'SELECT 1' >/dev/null ||
  die "cannot sign in as $role over TCP on 127.0.0.1:$port"
log "TEST_DATABASE_URL=postgresql://$role:***@127.0.0.1:$port/$database"
echo "export TEST_DATABASE_URL='$url'"
