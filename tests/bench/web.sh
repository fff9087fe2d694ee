#!/bin/sh
# The browser build (make web): the time from opening build/web/index.html
# in headless Chromium (from file://) to mlpscale.ready, every shipped round
# loaded (budget 3 s), and an E' query over one workload through
# mlpscale.query (budget 100 ms), each the median of 5. Skips with one line
# without emscripten or Chromium.
set -e
cd "$(dirname "$0")/../.."
if ! command -v emcc >/dev/null 2>&1 || ! [ -x "${CHROMIUM:-/usr/bin/chromium}" ] || ! command -v node >/dev/null 2>&1; then
  echo "web: skipped (apt-get install emscripten chromium nodejs npm)"
  exit 0
fi
make --no-print-directory web >/dev/null
node tests/web/page.js bench build/web/index.html 5
