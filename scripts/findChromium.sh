#!/usr/bin/env bash
# Finds a Chromium for Playwright and prints its path on stdout (messages go to stderr).
#
# Looks, in order, at: $CHROMIUM_PATH, /usr/bin/chromium (Debian's), Playwright's own download.
# Where none is found and this runs as root on a machine with apt-get, installs Debian's `chromium`.
# Otherwise exits 1 with a message saying how to get one.
#
#   bash scripts/findChromium.sh               # find, install where possible, print the path
#   bash scripts/findChromium.sh --no-install  # find only (exit 1 when none)
set -euo pipefail
cd "$(dirname "$0")/.."

install=1
[[ "${1:-}" == "--no-install" ]] && install=0

log() { echo "findChromium: $*" >&2; }

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
  if [[ -x "$CHROMIUM_PATH" ]]; then
    echo "$CHROMIUM_PATH"
    exit 0
  fi
  log "CHROMIUM_PATH is set to '$CHROMIUM_PATH' but that is not an executable file."
  log "Unset it to let this script look for one, or point it at a Chromium or Chrome binary."
  exit 1
fi

find_chromium() {
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser; do
    if [[ -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  # Playwright's own browser, where `npx playwright install chromium` could download one.
  if [[ -d node_modules/playwright-core ]]; then
    candidate="$(node -e "import('playwright-core').then((m) => console.log(m.chromium.executablePath())).catch(() => {})" 2>/dev/null || true)"
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  fi
  return 1
}

if path="$(find_chromium)"; then
  echo "$path"
  exit 0
fi

if [[ $install == 1 && "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
  log "no Chromium found: installing Debian's chromium with apt-get (about 30 s)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
  if path="$(find_chromium)"; then
    log "installed $path"
    echo "$path"
    exit 0
  fi
  log "apt-get install chromium finished but no chromium binary was found."
  exit 1
fi

[[ $install == 0 ]] && exit 1
cat >&2 <<'EOF'
findChromium: no Chromium found for the Playwright tests. Get one of these:
  - Debian/Ubuntu: sudo apt-get install chromium        (then /usr/bin/chromium is used)
  - any Chromium or Chrome already installed:           export CHROMIUM_PATH=/path/to/chromium
  - where browser downloads are allowed:                npx playwright install chromium
(As root on a machine with apt-get, `npm test` installs Debian's chromium by itself.)
EOF
exit 1
