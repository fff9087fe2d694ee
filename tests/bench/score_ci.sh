#!/bin/sh
# Not a speed ratio: the achieved coverage of mlperf_score_ci's nominal 95%
# interval, 'percentile' against 'bca', on a model of MLPerf runs whose
# times cluster by the evaluations they need (tests/bench/score_ci_coverage.py,
# 2000 simulated pairs of 5 and of 10 runs, fixed seed: the same numbers on
# every machine, those of docs/metrics.md "Achieved coverage").
# Run from the repository root (make bench).
set -e
PY=/usr/bin/python3
if [ ! -x "$PY" ]; then
  echo "score_ci: skipped (no $PY)"
  exit 0
fi
"$PY" tests/bench/score_ci_coverage.py ./mlpscale.so
