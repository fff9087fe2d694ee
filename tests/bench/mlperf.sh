#!/bin/sh
# Speed of the MLPerf import: SELECT count(*) FROM mlperf_runs(root) over the
# whole v4.1 round (1309 logs, 264 MB), warm cache, against two yardsticks
# run in the same loop, A B C A B C ... (paired: each round's ratios are
# taken within the round, so the machine's load, which drifts, cancels
# out; the median of PAIRS rounds, default 7, is printed):
#   - grep counting the MLLOG lines (grep -rcF ':::MLLOG' > file): the
#     ratio of wall times is the speed a user sees against the peer;
#   - build/bench/memchr_pass, one read() and memchr pass over the same
#     bytes: the ratio of CPU times (user + system, build/bench/cputime)
#     is the load-independent regression figure. On a loaded machine wall
#     times stretch and threads wait; CPU seconds per byte move much less,
#     and against a pass over the same bytes, in the same run, they do not
#     depend on the machine's speed either. docs/mlperf.md says how to read
#     both.
# And against MLCommons' result summarizer when it is installed.
#
# grep's counts go to a scratch file, not to /dev/null: GNU grep treats
# output to /dev/null like -q (grep.c: dev_null_output turns count_matches
# off and done_on_match on), so it stops reading each file at its first
# match and counts nothing; on this tree it then reads 93 of the 266 MB.
# The tree is $MLPERF_ROOT (judged by ruleset $MLPERF_RULESET, default
# 4.1.0), or the MLCommons v4.1 results tarball ($MLPERF_V41, as make dataset
# takes it) unpacked into a scratch folder.
# Then, when $MLPERF_ROUNDS (default /tmp/rounds) holds extracted rounds
# training_results_vX.Y, all of them against grep over the same trees
# (else one line says the part was skipped).
# Run from the repository root (make bench builds the helpers).
set -e
LIB=./mlpscale
TARBALL=${MLPERF_V41:-../shared/data/mlperf-training-v4.1.tar.gz}
ROOT=${MLPERF_ROOT:-}
SCRATCH=""
GREP_OUT=""
TIMES=""
cleanup() {
  if [ -n "$SCRATCH" ]; then rm -rf "$SCRATCH"; fi
  if [ -n "$GREP_OUT" ]; then rm -f "$GREP_OUT"; fi
  if [ -n "$TIMES" ]; then rm -f "$TIMES"; fi
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
TIMES=$(mktemp "${TMPDIR:-/tmp}/mlpscale-times.XXXXXX")
PAIRS=${PAIRS:-7}
CPUTIME=build/bench/cputime
MEMCHR=build/bench/memchr_pass
for t in $CPUTIME $MEMCHR; do
  if [ ! -x $t ]; then echo "mlperf: $t is missing (make bench builds it)"; exit 1; fi
done

# rounds N A B C: N rounds of the shell commands A, B and C in turn, after
# one warm-up round; prints the medians of A's wall and CPU seconds, B's,
# C's, and of each round's A/B wall, A/B CPU and A/C CPU ratios.
rounds() {
  n=$1
  log=$(mktemp "${TMPDIR:-/tmp}/mlpscale-rounds.XXXXXX")
  i=0
  while [ $i -le "$n" ]; do
    row=""
    for c in "$2" "$3" "$4"; do
      $CPUTIME "$TIMES" sh -c "$c" >/dev/null
      row="$row $(cat "$TIMES")"
    done
    if [ $i -gt 0 ]; then echo "$row" >> "$log"; fi
    i=$((i + 1))
  done
  awk '{ for (k = 1; k <= 6; k++) v[k, NR] = $k
         v[7, NR] = $1 / $3; v[8, NR] = $2 / $4; v[9, NR] = $2 / $6 }
       END { for (k = 1; k <= 9; k++) {
               for (a = 1; a <= NR; a++) x[a] = v[k, a]
               for (a = 2; a <= NR; a++) { t = x[a]; b = a - 1
                 while (b >= 1 && x[b] > t) { x[b + 1] = x[b]; b-- }
                 x[b + 1] = t }
               m = NR % 2 ? x[(NR + 1) / 2] : (x[NR / 2] + x[NR / 2 + 1]) / 2
               printf "%s%.4f", (k > 1 ? " " : ""), m }
             printf "\n" }' "$log"
  rm -f "$log"
}

# report LABEL BYTES MEDIANS...: the lines of one measurement.
report() {
  label=$1; bytes=$2; shift 2
  echo "$*" | awk -v label="$label" -v gb="$(awk -v b="$bytes" 'BEGIN { print b / 1e9 }')" '{
    printf "  %s: wall %.3f s, CPU %.3f s (%.2f CPU s per GB)\n", label, $1, $2, $2 / gb
    printf "  grep -rcF %s > file:  wall %.3f s, CPU %.3f s\n", "\047:::MLLOG\047", $3, $4
    printf "  memchr pass over the same bytes: CPU %.3f s (%.2f CPU s per GB)\n", $6, $6 / gb
    printf "  ratio / grep (paired median): wall %.2f, CPU %.2f\n", $7, $8
    printf "  CPU / memchr pass (paired median, the load-independent figure): %.2f\n", $9 }'
}

QUERY="SELECT count(*) FROM mlperf_runs('$ROOT', '${MLPERF_RULESET:-4.1.0}')"
logs=$(sqlite3 :memory: -cmd ".load $LIB" "$QUERY")
bytes=$($MEMCHR "$ROOT" | awk '{ print $3 }')
m=$(rounds "$PAIRS" "sqlite3 :memory: -cmd '.load $LIB' \"$QUERY\"" \
      "grep -rcF ':::MLLOG' '$ROOT' > '$GREP_OUT'" "$MEMCHR '$ROOT'")
n_grep=$(awk -F: '{ n += $NF } END { print n }' "$GREP_OUT")
rss=$( { /usr/bin/time -f '%M' sqlite3 :memory: -cmd ".load $LIB" "$QUERY" >/dev/null; } 2>&1 | tail -1)
lanes=$(sqlite3 :memory: -cmd ".load $LIB" "SELECT mlpscale_limit('threads')")
echo "mlperf: $logs logs, $bytes bytes, warm cache, $lanes lanes, median of $PAIRS paired rounds"
echo "  (grep counts $n_grep MLLOG lines)"
report "mlperf_runs (count(*), every log parsed and judged)" "$bytes" $m
echo "  target: ratio / grep <= 1.3 on this tree (wall, quiet machine)"
echo "  peak RSS of the sqlite3 process: ${rss} KB"
t_mlp=$(echo $m | awk '{ print $1 }')

# MLCommons' own result summarizer, one run per submitter folder.
now() { date +%s%N; }
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
# one statement per round in one sqlite3 process (as grep is one process
# over all the trees), on the default lanes (mlpscale_limit 'threads': the
# CPUs online, at most 4) and on one (the calling thread alone), against
# grep (one thread) and the memchr pass over the same trees.
ROUNDS_DIR=${MLPERF_ROUNDS:-/tmp/rounds}
set -- "$ROUNDS_DIR"/training_results_v*/
if [ -d "$1" ]; then
  all_runs() {
    printf "sqlite3 :memory: -cmd '.load %s' -cmd \"SELECT mlpscale_limit('threads', %s)\"" "$LIB" "$1"
    last=""
    for d in "$ROUNDS_DIR"/training_results_v*/; do
      if [ -n "$last" ]; then printf " -cmd \"SELECT count(*) FROM mlperf_runs('%s')\"" "$last"; fi
      last=$d
    done
    printf " \"SELECT count(*) FROM mlperf_runs('%s')\"" "$last"
  }
  trees=""
  for d in "$ROUNDS_DIR"/training_results_v*/; do trees="$trees '$d'"; done
  n_all=$(sh -c "$(all_runs "$lanes")" | awk 'NR > 1 { n += $1 } END { print n }')
  bytes_all=$(sh -c "$MEMCHR $trees" | awk '{ print $3 }')
  grep_all="grep -rcF ':::MLLOG' $trees > '$GREP_OUT'"
  m=$(rounds "$PAIRS" "$(all_runs "$lanes")" "$grep_all" "$MEMCHR $trees")
  m1=$(rounds "$PAIRS" "$(all_runs 1)" "$grep_all" "$MEMCHR $trees")
  echo "mlperf, every round in $ROUNDS_DIR: $n_all logs, $bytes_all bytes, warm cache, median of $PAIRS paired rounds"
  report "mlperf_runs, each round under its own ruleset, $lanes lanes" "$bytes_all" $m
  echo "  target: ratio / grep <= 1.2 (wall, quiet machine)"
  report "the same on 1 lane (mlpscale_limit('threads', 1))" "$bytes_all" $m1
else
  echo "mlperf, every round: skipped (no training_results_v* folder in $ROUNDS_DIR; set MLPERF_ROUNDS)"
fi
