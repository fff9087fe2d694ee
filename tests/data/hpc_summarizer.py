#!/usr/bin/python3
"""Official MLPerf HPC scores of one round, as MLCommons' own result summarizer computes them.

Runs `mlperf_logging.result_summarizer` of mlcommons/logging at COMMIT (taken with `git archive`
into a temporary folder and imported from there, never installed) over every organisation of an
HPC results tree extracted by tool/extract_hpc.py, and writes

  OUT/mlperf-hpc-vX.Y-official-strong.csv
      benchmark,submitter,system,division,availability,accelerators,nodes,minutes
  OUT/mlperf-hpc-vX.Y-official-weak.csv
      benchmark,submitter,system,division,availability,models,instance_scale,ttt_minutes,throughput
and prints everything the summarizer printed (its refusals and notices, for the notes), then
the number of rows.

`submitter` and `system` are the folder names of the tree (results/<system>, under <submitter>/).
`minutes` is the summarizer's strong-scaling score (olympic mean of the compliant runs, times the
folder's scaling.json factor in the rounds whose summarizer reads it). For weak scaling the
summarizer reports M (number_of_models: the compliant result files directly in the folder; its
glob is not recursive, so pruned_results/ is skipped), S (instance_scale: number_of_nodes x
max(accelerators_per_node, 1) as the first compliant log records them) and TTTa
(time_to_train_all: max(run_stop) - min(run_start) over those logs, in minutes); `throughput` is
M / TTTa (models per minute), computed here, as the summarizer does not print it. `accelerators`
is the summarizer's accelerators_count (accelerators_per_node x number_of_nodes of the systems
file; 0 for CPU-only systems), `nodes` the systems file's number_of_nodes. `availability` is the
systems file's raw `status`: what the 2.0 and 3.0 summarizers print; the 1.0 summarizer prints
None there (the Training tables before v2.0 write the raw status the same way). Floats are
printed with repr (full precision).

Every score is read from what the summarizer's own functions return (its
_compute_strong_scaling_scores and _compute_weak_scaling_scores, wrapped only to record which
folder each row came from), and checked against the rows of the tables summarize_results
builds from them.

  --flat           the tree is results/<system>/<benchmark> (v0.7): it is presented to the
                   summarizer as results/<system>/strong/<benchmark> through symlinks.
  --no-compliance  the summarizer's _read_result_file without its compliance step (parse the
                   log, nothing else): for v0.7, which has no checker config in any commit.

Usage:
  /usr/bin/python3 tests/data/hpc_summarizer.py LOGGING_GIT COMMIT RULESET TREE OUT [--flat] [--no-compliance]
e.g.
  /usr/bin/python3 tests/data/hpc_summarizer.py /work/.mirror/mlcommons+logging/repo 2f6fdf6 1.0.0 \
      /tmp/hpc_rounds/hpc_results_v1.0 tests/data
"""
import contextlib
import csv
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile


def archive(git_dir, commit, dest):
    tar = subprocess.run(['git', '-C', git_dir, 'archive', commit, 'mlperf_logging'],
                         capture_output=True, check=True).stdout
    subprocess.run(['tar', '-x', '-C', dest], input=tar, check=True)


def organisations(tree):
    out = []
    for org in sorted(os.listdir(tree)):
        p = os.path.join(tree, org)
        if os.path.isdir(os.path.join(p, 'systems')) and os.path.isdir(os.path.join(p, 'results')):
            out.append(org)
    return out


def flat_view(tree, dest):
    """results/<system>/<benchmark> -> results/<system>/strong/<benchmark>, by symlinks."""
    for org in organisations(tree):
        os.makedirs(os.path.join(dest, org, 'results'))
        os.symlink(os.path.join(tree, org, 'systems'), os.path.join(dest, org, 'systems'))
        res = os.path.join(tree, org, 'results')
        for system in sorted(os.listdir(res)):
            if not os.path.isdir(os.path.join(res, system)):
                continue
            strong = os.path.join(dest, org, 'results', system, 'strong')
            os.makedirs(strong)
            for bench in sorted(os.listdir(os.path.join(res, system))):
                src = os.path.join(res, system, bench)
                if os.path.isdir(src):
                    os.symlink(src, os.path.join(strong, bench))
    return dest


def fmt(x):
    return repr(float(x))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    flags = {a for a in sys.argv[1:] if a.startswith('--')}
    if len(args) != 5 or flags - {'--flat', '--no-compliance'}:
        sys.exit(__doc__)
    git_dir, commit, ruleset, tree, out = args
    tree = os.path.abspath(tree)
    rnd = re.search(r'hpc_results_v(\d+\.\d+)', tree).group(1)
    work = tempfile.mkdtemp(prefix='hpcsum-')
    archive(git_dir, commit, work)
    sys.path.insert(0, work)
    from mlperf_logging.result_summarizer import result_summarizer as rs

    if '--no-compliance' in flags:
        parse_file = rs.parse_file

        def _read_result_file(result_file, usage, ruleset):
            loglines, failed = parse_file(result_file, ruleset=ruleset)
            if len(failed) > 0:
                raise ValueError('Parse error')
            return loglines
        rs._read_result_file = _read_result_file

    rows = []  # (kind, org, system folder, desc, scores)
    strong_fn, weak_fn = rs._compute_strong_scaling_scores, rs._compute_weak_scaling_scores

    def strong(desc, system_folder, usage, ruleset):
        r = strong_fn(desc, system_folder, usage, ruleset)
        rows.append(('strong', cur_org[0], os.path.basename(system_folder), desc, r))
        return r

    def weak(desc, system_folder, usage, ruleset):
        r = weak_fn(desc, system_folder, usage, ruleset)
        rows.append(('weak', cur_org[0], os.path.basename(system_folder), desc, r))
        return r
    rs._compute_strong_scaling_scores, rs._compute_weak_scaling_scores = strong, weak

    root = flat_view(tree, os.path.join(work, 'flat')) if '--flat' in flags else tree
    cur_org = [None]
    log = io.StringIO()
    tables = []
    for org in organisations(root):
        cur_org[0] = org
        print('### organisation', org, file=log)
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            res = rs.summarize_results(os.path.join(root, org), 'hpc', ruleset)
        tables.append((org, res[0], res[1]))

    strong_out, weak_out = [], []
    for kind, org, system, desc, scores in rows:
        scores = scores[0] if isinstance(scores, tuple) else scores  # 3.0: (scores, power)
        avail = desc.get('status')
        nodes = int(desc['number_of_nodes'])
        acc = int(desc['accelerators_per_node']) * nodes
        if kind == 'strong':
            for bench, v in sorted(scores.items()):
                if v is not None:
                    strong_out.append([bench, org, system, desc['division'], avail, acc, nodes, v,
                                       desc['submitter']])
        else:
            benches = sorted({k.split(':')[0] for k in scores})
            for bench in benches:
                m = scores[bench + ':number_of_models']
                if m is None:
                    continue
                s = scores[bench + ':instance_scale']
                t = scores[bench + ':time_to_train_all']
                weak_out.append([bench, org, system, desc['division'], avail, m, s, t, m / t,
                                 desc['submitter']])

    # The rows must be exactly those of the summarizer's own tables.
    def table_rows(df, weak_table):
        got = []
        if not hasattr(df, 'columns'):
            return got
        for _, r in df.iterrows():
            for c in df.columns:
                if weak_table and c.endswith(':number_of_models') and r[c] == r[c] and r[c] is not None:
                    b = c.split(':')[0]
                    got.append((r['submitter'], r['division'], b, float(r[c]),
                                float(r[b + ':instance_scale']), float(r[b + ':time_to_train_all'])))
                elif not weak_table and ':' not in c and c in rs.get_allowed_benchmarks('hpc', ruleset) \
                        and r[c] is not None and r[c] == r[c]:
                    got.append((r['submitter'], r['division'], c, float(r[c])))
        return got
    want_s = sorted((r[8], r[3], r[0], float(r[7])) for r in strong_out)
    want_w = sorted((r[9], r[3], r[0], float(r[5]), float(r[6]), float(r[7])) for r in weak_out)
    got_s = sorted(x for _, s, _ in tables for x in table_rows(s, False))
    got_w = sorted(x for _, _, w in tables for x in table_rows(w, True))
    assert want_s == got_s, (want_s, got_s)
    assert want_w == got_w, (want_w, got_w)

    strong_out.sort(key=lambda r: r[:3])
    weak_out.sort(key=lambda r: r[:3])
    with open(os.path.join(out, 'mlperf-hpc-v%s-official-strong.csv' % rnd), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['benchmark', 'submitter', 'system', 'division', 'availability', 'accelerators',
                    'nodes', 'minutes'])
        for r in strong_out:
            w.writerow(r[:7] + [fmt(r[7])])
    with open(os.path.join(out, 'mlperf-hpc-v%s-official-weak.csv' % rnd), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['benchmark', 'submitter', 'system', 'division', 'availability', 'models',
                    'instance_scale', 'ttt_minutes', 'throughput'])
        for r in weak_out:
            w.writerow(r[:5] + [int(r[5]), int(r[6]), fmt(r[7]), fmt(r[8])])
    sys.stdout.write(log.getvalue().replace(os.path.join(work, 'flat'), '<tree>')
                     .replace(work, '<logging>').replace(tree, '<tree>'))
    print('v%s: %d strong, %d weak' % (rnd, len(strong_out), len(weak_out)))
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
