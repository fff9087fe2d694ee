#!/bin/sh
# Make the v6.0 and v6.1 fixture trees (tool/make_v6_fixture.py) and what
# MLCommons' own tooling says of them: tests/data/mlperf-training-v6.X-
# fixture-official.csv, for tests/mlperf_v6.test. Run from the repository
# root (make v6-truth LOGGING=<clone of mlcommons/logging>); needs Debian's
# python3 with python3-yaml, -numpy, -scipy and -pandas.
#
# The result summarizer of mlcommons/logging at 7bbf792 (the newest
# snapshot; 6.0.0-rc6's prints the RCP factor as the score, fixed by #460,
# and fails on --generate_private_ids, fixed by 391a0a6) is run twice on
# copies of each tree, since its RCP step writes scaling.json into the tree
# it reads: the first run's scaling.json files are what the review adds to
# a tree, and are copied into the fixture; the second run, over the fixture
# with them, scores it (--csv, --generate_private_ids). Its detailed table
# (one row per system, a column per benchmark and metric) is turned into
# one row per (benchmark, system) that has anything: benchmark, submitter,
# system (the systems file, from details_url), division, private_id,
# time_to_train, GBS, samples_to_converge, RCP, rcp_scaling_factor.
set -eu
LOGGING=$1
COMMIT=7bbf792
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
/usr/bin/python3 tool/make_v6_fixture.py tests/mlperf
mkdir -p "$tmp/logging"
git -C "$LOGGING" archive $COMMIT mlperf_logging | tar -x -C "$tmp/logging"
for v in 6.0 6.1; do
  tree=tests/mlperf/training_results_v$v
  for pass in review score; do
    rm -rf "$tmp/$pass" && mkdir -p "$tmp/$pass" && cp -r "$tree" "$tmp/$pass/"
    (cd "$tmp/logging" && /usr/bin/python3 -m mlperf_logging.result_summarizer \
       "$tmp/$pass/training_results_v$v/{*}" training $v.0 --csv "$tmp/$pass/s.csv" \
       --generate_private_ids > "$tmp/$pass/log.txt" 2>&1)
    if [ $pass = review ]; then
      (cd "$tmp/review/training_results_v$v" && find . -name scaling.json) | while read -r f; do
        cp "$tmp/review/training_results_v$v/$f" "$tree/$f"
      done
    fi
  done
  /usr/bin/python3 - "$tmp/score/s_detailed.csv" > tests/data/mlperf-training-v$v-fixture-official.csv <<'PY'
import csv, sys
META = ('division', 'availability', 'submitter', 'system', 'number_of_nodes',
        'host_processor_model_name', 'host_processors_count', 'accelerator_model_name',
        'accelerators_count', 'framework', 'notes', 'private_id', 'details_url', 'code_url')
METRICS = ('time_to_train', 'GBS', 'samples_to_converge', 'RCP', 'rcp_scaling_factor')
rows = []
for r in csv.DictReader(open(sys.argv[1], newline='')):
    system = r['details_url'].rsplit('/', 1)[-1][:-len('.json')]
    benches = sorted({k.split(':')[0] for k in r if ':' in k})
    for b in benches:
        vals = [r.get(b + ':' + m, '') for m in METRICS]
        if not any(vals[:4]) and not vals[3]:
            continue
        rows.append([b, r['submitter'], system, r['division'], r['private_id']] + vals)
w = csv.writer(sys.stdout, lineterminator='\n')
w.writerow(['benchmark', 'submitter', 'system', 'division', 'private_id'] + list(METRICS))
w.writerows(sorted(rows))
PY
done
