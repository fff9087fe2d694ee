#!/bin/sh
# Speed of the MLPerf import: SELECT count(*) FROM mlperf_runs(root) over the
# whole v4.1 round (1309 logs, 264 MB) against the time grep needs just to
# count the MLLOG lines (grep -rcF ':::MLLOG'), warm cache, best of 5 runs
# each; and against MLCommons' result summarizer when it is installed.
#
# grep's counts go to a scratch file, not to /dev/null: GNU grep treats
# output to /dev/null like -q (grep.c: dev_null_output turns count_matches
# off and done_on_match on), so it stops reading each file at its first
# match and counts nothing; on this tree it then reads 93 of the 266 MB.
# That time is printed too, for reference.
# The tree is $MLPERF_ROOT (judged by ruleset $MLPERF_RULESET, default
# 4.1.0), or the ../shared/data tarball unpacked into a scratch folder.
# Then, when $MLPERF_ROUNDS (default /tmp/rounds) holds extracted rounds
# training_results_vX.Y, all of them against grep over the same trees.
# Run from the repository root (make bench).
set -e
LIB=./mlpscale
TARBALL=${MLPERF_V41:-../shared/data/mlperf-training-v4.1.tar.gz}
ROOT=${MLPERF_ROOT:-}
SCRATCH=""
GREP_OUT=""
cleanup() {
  if [ -n "$SCRATCH" ]; then rm -rf "$SCRATCH"; fi
  if [ -n "$GREP_OUT" ]; then rm -f "$GREP_OUT"; fi
}
trap cleanup EXIT
if [ -z "$ROOT" ]; then
  if [ ! -f "$TARBALL" ]; then
    echo "mlperf: skipped (no MLPERF_ROOT and no $TARBALL)"
    exit 0
  fi
  ROOT=$(mktemp -d "${TMPDIR:-/tmp}/mlpscale-bench.XXXXXX")
  SCRATCH=$ROOT
  tar -xzf "$TARBALL" -C "$ROOT"
fi
GREP_OUT=$(mktemp "${TMPDIR:-/tmp}/mlpscale-grep.XXXXXX")
grep_count() { grep -rcF ':::MLLOG' "$ROOT" > "$GREP_OUT"; }

now() { date +%s%N; }
# best N "command...": the fastest of N runs, in seconds (after a warm-up run).
best() {
  n=$1; shift
  "$@" >/dev/null
  b=""
  i=0
  while [ $i -lt "$n" ]; do
    t0=$(now); "$@" >/dev/null; t1=$(now)
    t=$((t1 - t0))
    if [ -z "$b" ] || [ $t -lt $b ]; then b=$t; fi
    i=$((i + 1))
  done
  awk -v ns="$b" 'BEGIN { printf "%.4f", ns / 1e9 }'
}

QUERY="SELECT count(*) FROM mlperf_runs('$ROOT', '${MLPERF_RULESET:-4.1.0}')"
logs=$(sqlite3 :memory: -cmd ".load $LIB" "$QUERY")
mb=$(du -sm "$ROOT" | cut -f1)
t_mlp=$(best 5 sqlite3 :memory: -cmd ".load $LIB" "$QUERY")
t_grep=$(best 5 grep_count)
n_grep=$(awk -F: '{ n += $NF } END { print n }' "$GREP_OUT")
t_grep_null=$(best 5 grep -rcF ':::MLLOG' "$ROOT")
rss=$( { /usr/bin/time -f '%M' sqlite3 :memory: -cmd ".load $LIB" "$QUERY" >/dev/null; } 2>&1 | tail -1)
echo "mlperf: $logs logs, $mb MB, warm cache, best of 5"
echo "  mlperf_runs (count(*), every log parsed and judged): ${t_mlp} s"
echo "  grep -rcF ':::MLLOG' > file (counts $n_grep lines):  ${t_grep} s"
awk -v a="$t_mlp" -v b="$t_grep" 'BEGIN { printf "  ratio mlperf_runs / grep: %.2f (target <= 4)\n", a / b }'
awk -v a="$t_mlp" -v b="$t_grep_null" 'BEGIN {
  printf "  (grep -rcF > /dev/null, which stops at the first match of each file:\n"
  printf "   %.4f s, ratio %.2f)\n", b, a / b }'
echo "  peak RSS of the sqlite3 process: ${rss} KB"

# MLCommons' own result summarizer, one run per submitter folder.
if /usr/bin/python3 -c 'import mlperf_logging' 2>/dev/null; then
  t0=$(now)
  for d in "$ROOT"/*/; do
    /usr/bin/python3 -m mlperf_logging.result_summarizer "$d" training 4.1.0 >/dev/null 2>&1 || true
  done
  t1=$(now)
  awk -v ns="$((t1 - t0))" -v a="$t_mlp" 'BEGIN { s = ns / 1e9;
    printf "  result_summarizer (mlperf_logging): %.2f s, ratio summarizer / mlperf_runs: %.0f (target >= 100)\n", s, s / a }'
else
  echo "  result_summarizer: not measured here, MLCommons' Python package"
  echo "    mlperf_logging is not installed (pip install mlperf-logging, then"
  echo "    rerun: it times python3 -m mlperf_logging.result_summarizer <submitter> training 4.1.0)"
fi

# Every round at hand, each under its own ruleset (detected from its folder),
# on the default lanes (mlpscale_limit 'threads': the CPUs online, at most 4)
# and on one (the calling thread alone), against grep (one thread).
ROUNDS_DIR=${MLPERF_ROUNDS:-/tmp/rounds}
set -- "$ROUNDS_DIR"/training_results_v*/
if [ -d "$1" ]; then
  lanes=$(sqlite3 :memory: -cmd ".load $LIB" "SELECT mlpscale_limit('threads')")
  LANES=$lanes
  all_runs() {
    for d in "$ROUNDS_DIR"/training_results_v*/; do
      sqlite3 :memory: -cmd ".load $LIB" -cmd "SELECT mlpscale_limit('threads', $LANES)" \
        "SELECT count(*) FROM mlperf_runs('$d')" | tail -1
    done
  }
  all_grep() { grep -rcF ':::MLLOG' "$ROUNDS_DIR"/training_results_v*/ > "$GREP_OUT"; }
  n_all=$(all_runs | awk '{ n += $1 } END { print n }')
  mb_all=$(du -smc "$ROUNDS_DIR"/training_results_v*/ | tail -1 | cut -f1)
  t_all=$(best 3 all_runs)
  LANES=1
  t_one=$(best 3 all_runs)
  t_all_grep=$(best 3 all_grep)
  echo "mlperf, every round in $ROUNDS_DIR: $n_all logs, $mb_all MB, warm cache, best of 3"
  echo "  mlperf_runs, each round under its own ruleset, $lanes lanes: ${t_all} s"
  echo "  the same on 1 lane (mlpscale_limit('threads', 1)): ${t_one} s"
  echo "  grep -rcF ':::MLLOG' > file over the same trees: ${t_all_grep} s"
  awk -v a="$t_all" -v b="$t_all_grep" -v l="$lanes" 'BEGIN { printf "  ratio mlperf_runs / grep: %.2f on %d lanes (target <= 2)\n", a / b, l }'
  awk -v a="$t_one" -v b="$t_all_grep" 'BEGIN { printf "  ratio mlperf_runs / grep: %.2f on 1 lane\n", a / b }'
fi
