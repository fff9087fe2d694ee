#!/bin/sh
# setup-node.sh: makes the Node host of tests/hosts.test available. Uses
# Debian's node-sqlite3 when node can already require('sqlite3'); otherwise
# installs npm's sqlite3 package, built from source against the system SQLite
# (/usr, so that loadExtension works with the same library as the other
# hosts), into build/hosts/node (never into the repository). Needs nodejs,
# npm, g++, make and python3 (for node-gyp). Exits non-zero when it cannot.
set -eu
cd "$(dirname "$0")/../.."
dir=build/hosts/node
if ! command -v node >/dev/null 2>&1; then
  echo "setup-node: no node on PATH (apt-get install nodejs)" >&2; exit 1
fi
if NODE_PATH=$dir/node_modules node -e "require('sqlite3')" 2>/dev/null; then
  echo "setup-node: node already has the sqlite3 package"; exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "setup-node: no npm on PATH (apt-get install npm), and no Debian node-sqlite3" >&2; exit 1
fi
mkdir -p "$dir"
[ -f "$dir/package.json" ] || echo '{"private": true}' > "$dir/package.json"
# node-gyp takes the headers of the installed node when it has them, else
# downloads them from nodejs.org.
if [ -f /usr/include/node/common.gypi ]; then export npm_config_nodedir=/usr; fi
cd "$dir"
npm_config_build_from_source=true npm_config_sqlite=/usr \
  npm install --no-audit --no-fund --loglevel=error sqlite3
node -e "require('sqlite3')"
echo "setup-node: npm's sqlite3 built against /usr's SQLite in $dir"
