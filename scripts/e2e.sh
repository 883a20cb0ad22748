#!/usr/bin/env bash
# `npm run test:e2e`: Playwright in a Chromium found (or, as root with apt-get, installed) by
# scripts/findChromium.sh, exported as CHROMIUM_PATH. Arguments go to `playwright test`.
set -euo pipefail
cd "$(dirname "$0")/.."
CHROMIUM_PATH="$(bash scripts/findChromium.sh)"
export CHROMIUM_PATH
echo "Chromium: $CHROMIUM_PATH"
exec node_modules/.bin/playwright test "$@"
