#!/bin/sh
# dist_wheel.sh PYTHON: the Python wheel build/dist/mlpscale-<version>-py3-none-<platform>.whl
# (make dist-wheel): dist/python/ with the version filled in, ./mlpscale.so
# and build/mlperf.db (make db) staged in build/dist/wheel-src, then built by
# Debian's python3-build with python3-setuptools and python3-wheel, offline
# (--no-isolation: nothing is fetched). Timestamps come from
# SOURCE_DATE_EPOCH (the Makefile sets it), so the same tree gives the same bytes.
set -eu
cd "$(dirname "$0")/.."
py=$1
v=$(sh tool/dist_version.sh)
# -I (isolated): the import is not looked up in the current folder, where
# the repository's build/ folder would import as a namespace package "build".
"$py" -I -c 'import build, setuptools, wheel' 2>/dev/null || {
  echo "make dist-wheel: needs $py with build, setuptools and wheel (apt-get install python3-build python3-setuptools python3-wheel)" >&2; exit 1; }
src=build/dist/wheel-src
rm -rf "$src" build/dist/mlpscale-"$v"-*.whl
mkdir -p "$src/mlpscale"
sed "s/@VERSION@/$v/" dist/python/pyproject.toml > "$src/pyproject.toml"
sed "s/@VERSION@/$v/" dist/python/mlpscale/__init__.py > "$src/mlpscale/__init__.py"
cp dist/python/setup.py dist/python/README.md LICENSE THIRD_PARTY_NOTICES.md "$src/"
cp mlpscale.so build/mlperf.db "$src/mlpscale/"
(cd "$src" && "$py" -m build --no-isolation --wheel --outdir .. . > build.log 2>&1) || {
  cat "$src/build.log" >&2; echo "make dist-wheel: python3 -m build failed (log above)" >&2; exit 1; }
ls build/dist/mlpscale-"$v"-*.whl
