#!/bin/sh
# k-means: mlpscale against pandas.read_sql + scikit-learn KMeans.fit on a
# 1,000,000 x 4 SQLite table (k = 8, n_init 1, 50 iterations), end to end
# and fit alone, ratios from one run. Run from the top directory after make
# (make bench does both). Needs Debian's /usr/bin/python3 with
# python3-sklearn and python3-pandas; says so and exits 0 without them.
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
python=/usr/bin/python3
if ! $python -c 'import sklearn, pandas' 2>/dev/null; then
  echo "kmeans bench skipped: $python cannot import sklearn and pandas"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
${CC:-cc} -O2 -I"$root/include" -I"$root/ext" -DSQLITE_CORE -o "$tmp/kmeans_fit" \
  "$root/tests/bench/kmeans_fit.c" "$root/ext/kmeans/kmeans.c" -lsqlite3 -lm
$python "$root/tests/bench/kmeans_bench.py" "$root/mlpscale.so" "$tmp/kmeans_fit" "$tmp"
