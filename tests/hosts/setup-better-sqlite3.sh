#!/bin/sh
# setup-better-sqlite3.sh: makes npm's better-sqlite3 available to
# tests/dist.test in build/hosts/better-sqlite3 (never in the repository):
# npm install fetches it from the npm registry; it takes a prebuilt binary
# when one can be downloaded, or else builds from source with node-gyp (the
# node headers of /usr/include/node when installed, else from nodejs.org;
# needs g++, make and python3). Exits non-zero when it cannot.
set -eu
cd "$(dirname "$0")/../.."
dir=build/hosts/better-sqlite3
if [ -f "$dir/node_modules/better-sqlite3/package.json" ] &&
   (cd "$dir" && node -e "new (require('better-sqlite3'))(':memory:')") 2>/dev/null; then
  echo "setup-better-sqlite3: already in $dir"; exit 0
fi
for c in node:nodejs npm:npm; do
  command -v "${c%%:*}" >/dev/null 2>&1 || { echo "setup-better-sqlite3: no ${c%%:*} on PATH (apt-get install ${c#*:})" >&2; exit 1; }
done
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
if [ -f /usr/include/node/common.gypi ]; then export npm_config_nodedir=/usr; fi
cd "$dir"
npm install --no-audit --no-fund --loglevel=error better-sqlite3
node -e "new (require('better-sqlite3'))(':memory:')"
echo "setup-better-sqlite3: better-sqlite3 in $dir"
