#!/bin/sh
# dist_npm.sh: the npm package build/dist/mlpscale-<version>.tgz (make
# dist-npm): dist/npm/ with the version filled in, ./mlpscale.so under
# lib/<platform>-<arch>/ (as Node names this machine: linux-x64),
# build/mlperf.db (make db) under data/, and make web's page and module under
# browser/ with web/database.js (browser/index.js runs its SQL through it), staged in build/dist/npm-src and packed by npm pack (offline:
# a package without dependencies fetches nothing).
set -eu
cd "$(dirname "$0")/.."
v=$(sh tool/dist_version.sh)
for c in node:nodejs npm:npm; do
  command -v "${c%%:*}" >/dev/null 2>&1 || { echo "make dist-npm: needs ${c%%:*} (apt-get install ${c#*:})" >&2; exit 1; }
done
plat=$(node -p 'process.platform + "-" + process.arch')
src=build/dist/npm-src
rm -rf "$src" "build/dist/mlpscale-$v.tgz"
mkdir -p "$src/lib/$plat" "$src/data" "$src/browser"
sed "s/@VERSION@/$v/" dist/npm/package.json > "$src/package.json"
cp dist/npm/index.js dist/npm/index.d.ts dist/npm/README.md LICENSE THIRD_PARTY_NOTICES.md "$src/"
cp dist/npm/browser/index.js web/database.js "$src/browser/"
cp mlpscale.so "$src/lib/$plat/"
cp build/mlperf.db "$src/data/"
cp build/web/index.html build/web/mlpscale.js "$src/browser/"
# npm pack dates every file 1985-10-26 and orders them, so the tarball
# depends on the files alone.
(cd "$src" && npm pack --silent --pack-destination .. > ../npm-pack.txt) || {
  echo "make dist-npm: npm pack failed" >&2; exit 1; }
[ "$(cat build/dist/npm-pack.txt)" = "mlpscale-$v.tgz" ] || {
  echo "make dist-npm: npm pack wrote '$(cat build/dist/npm-pack.txt)', not mlpscale-$v.tgz" >&2; exit 1; }
ls "build/dist/mlpscale-$v.tgz"
