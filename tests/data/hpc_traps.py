#!/usr/bin/python3
"""Two traps of the MLPerf HPC results, found in the logs themselves (no hand list):

1. mlperf-hpc-copies.csv: result folders of a round whose runs are runs of an earlier folder.
   A result folder is <submitter>/results/<system>/<benchmark> (v0.7, strong scaling) or
   <submitter>/results/<system>/{strong,weak}/<benchmark>; its runs are the result_*.txt files
   directly in it (what the official summarizer scores; pruned_results/ is not part of it).
   Each log gets two fingerprints: the SHA-256 of its bytes, and the SHA-256 of its :::MLLOG
   records (time_ms, event_type, key, value, metadata) with the records that only name the
   submission (submission_org, submission_platform, submission_poc_name, submission_poc_email)
   and the metadata `file` (a source path) left out: two logs with the same normalised
   fingerprint recorded the same events at the same milliseconds. A folder is a copy of an earlier
   folder (earlier round; in the same round, earlier in path order) when the multisets of
   normalised fingerprints of their runs are equal: `how` is `identical` when the bytes are equal
   too, `renamed` when only the left-out names differ. copy_of_* names the first folder with those
   runs. Folders that share some runs but not all are printed as `partial` (not in the csv).
   Columns: round,submitter,system,benchmark,scaling,copy_of_round,copy_of_submitter,
            copy_of_system,how

2. mlperf-hpc-instance-scale.csv: for every weak-scaling result of the official tables, the
   instance scale S as the logs record it (number_of_nodes x max(accelerators_per_node, 1), what
   the official summarizer reports) beside what the system description allows. Columns:
     round,submitter,system,benchmark   the result (folder names)
     models            M of the official weak table
     instances         result logs of the folder including pruned_results/ (every instance run)
     concurrent        the largest number of those instances between run_start and run_stop at
                       one moment
     log_nodes,log_accelerators_per_node,log_ranks   as the logs record them (log_ranks: the
                       number_of_ranks record, empty when no log has one)
     s_log             number_of_nodes x max(accelerators_per_node, 1) of the logs (= the
                       official S)
     system_nodes,system_accelerators_per_node  the systems file
     s_system          system_nodes x max(system_accelerators_per_node, 1): the whole system
     s_fit             s_system // concurrent: the largest instance that `concurrent` instances
                       running at once can each have on that system
     flag              ok: s_log x concurrent <= s_system; whole_system: s_log = s_system while
                       more than one instance ran at once (the logs record the whole system as
                       one instance); oversubscribed: s_log x concurrent > s_system otherwise.

Usage: /usr/bin/python3 tests/data/hpc_traps.py HPC_ROUNDS tests/data
  HPC_ROUNDS holds hpc_results_v0.7 .. hpc_results_v3.0 as tool/extract_hpc.py writes them;
  the official weak tables are read from tests/data.
"""
import csv
import glob
import hashlib
import json
import os
import sys
from collections import Counter

ROUNDS = ['0.7', '1.0', '2.0', '3.0']
NAMES = {'submission_org', 'submission_platform', 'submission_poc_name', 'submission_poc_email'}


def records(path):
    with open(path, 'rb') as f:
        data = f.read()
    out = []
    for line in data.decode('utf-8', 'replace').splitlines():
        i = line.find(':::MLLOG ')
        if i < 0:
            continue
        try:
            out.append(json.loads(line[i + 9:]))
        except ValueError:
            continue
    return data, out


def fingerprints(path):
    data, recs = records(path)
    norm = []
    for r in recs:
        if r.get('key') in NAMES:
            continue
        meta = {k: v for k, v in (r.get('metadata') or {}).items() if k != 'file'}
        norm.append([r.get('time_ms'), r.get('event_type'), r.get('key'), r.get('value'), meta])
    n = hashlib.sha256(json.dumps(norm, sort_keys=True).encode()).hexdigest()
    return hashlib.sha256(data).hexdigest(), n


def result_folders(root):
    """(round, submitter, system, scaling, benchmark, folder) of every result folder."""
    out = []
    for rnd in ROUNDS:
        tree = os.path.join(root, 'hpc_results_v' + rnd)
        for org in sorted(os.listdir(tree)):
            res = os.path.join(tree, org, 'results')
            if not os.path.isdir(res):
                continue
            for system in sorted(os.listdir(res)):
                sdir = os.path.join(res, system)
                if not os.path.isdir(sdir):
                    continue
                for sub in sorted(os.listdir(sdir)):
                    p = os.path.join(sdir, sub)
                    if not os.path.isdir(p):
                        continue
                    if sub in ('strong', 'weak'):
                        for bench in sorted(os.listdir(p)):
                            if os.path.isdir(os.path.join(p, bench)):
                                out.append((rnd, org, system, sub, bench, os.path.join(p, bench)))
                    else:
                        out.append((rnd, org, system, 'strong', sub, p))
    return out


def copies(root):
    folders = result_folders(root)
    seen = {}      # normalised multiset -> first folder
    by_log = {}    # normalised fingerprint -> first folder holding it
    rows, partial = [], []
    for rnd, org, system, scaling, bench, path in folders:
        logs = sorted(glob.glob(os.path.join(path, 'result_*.txt')))
        fps = [fingerprints(f) for f in logs]
        raw = tuple(sorted(Counter(r for r, _ in fps).items()))
        norm = tuple(sorted(Counter(n for _, n in fps).items()))
        key = (rnd, org, system, scaling, bench)
        if fps and norm in seen:
            first, first_raw = seen[norm]
            how = 'identical' if raw == first_raw else 'renamed'
            rows.append(['v' + rnd, org, system, bench, scaling,
                         'v' + first[0], first[1], first[2], how])
        else:
            if fps:
                seen[norm] = (key, raw)
            shared = Counter()
            for _, n in fps:
                if n in by_log and by_log[n] != key:
                    shared[by_log[n]] += 1
            for other, k in sorted(shared.items()):
                partial.append((key, len(fps), other, k))
        for _, n in fps:
            by_log.setdefault(n, key)
    return rows, partial


def weak_rows(datadir):
    out = []
    for rnd in ROUNDS:
        p = os.path.join(datadir, 'mlperf-hpc-v%s-official-weak.csv' % rnd)
        if os.path.exists(p):
            for r in csv.DictReader(open(p, newline='')):
                out.append((rnd, r))
    return out


def instance_scale(root, datadir):
    rows = []
    for rnd, r in weak_rows(datadir):
        tree = os.path.join(root, 'hpc_results_v' + rnd, r['submitter'])
        folder = os.path.join(tree, 'results', r['system'], 'weak', r['benchmark'])
        logs = sorted(glob.glob(os.path.join(folder, 'result_*.txt')) +
                      glob.glob(os.path.join(folder, 'pruned_results', 'result_*.txt')))
        nodes, apn, ranks, events = set(), set(), set(), []
        for f in logs:
            _, recs = records(f)
            start = stop = None
            for x in recs:
                k = x.get('key')
                if k == 'run_start' and start is None:
                    start = x['time_ms']
                elif k == 'run_stop' and stop is None:
                    stop = x['time_ms']
                elif k == 'number_of_nodes':
                    nodes.add(int(x['value']))
                elif k == 'accelerators_per_node':
                    apn.add(int(x['value']))
                elif k == 'number_of_ranks':
                    ranks.add(int(x['value']))
            if start is not None and stop is not None:
                events += [(start, 1), (stop, -1)]
        conc = cur = 0
        for _, d in sorted(events, key=lambda e: (e[0], e[1])):
            cur += d
            conc = max(conc, cur)
        assert len(nodes) == 1 and len(apn) == 1 and len(ranks) <= 1, (folder, nodes, apn, ranks)
        ln, la = nodes.pop(), apn.pop()
        s_log = ln * max(la, 1)
        assert s_log == int(r['instance_scale']), (folder, s_log, r['instance_scale'])
        desc = json.load(open(os.path.join(tree, 'systems', r['system'] + '.json')))
        sn, sa = int(desc['number_of_nodes']), int(desc['accelerators_per_node'])
        s_sys = sn * max(sa, 1)
        if s_log * conc <= s_sys:
            flag = 'ok'
        elif s_log == s_sys and conc > 1:
            flag = 'whole_system'
        else:
            flag = 'oversubscribed'
        rows.append(['v' + rnd, r['submitter'], r['system'], r['benchmark'], r['models'],
                     len(logs), conc, ln, la, ranks.pop() if ranks else '', s_log, sn, sa, s_sys,
                     s_sys // conc, flag])
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    root, datadir = sys.argv[1], sys.argv[2]
    rows, partial = copies(root)
    with open(os.path.join(datadir, 'mlperf-hpc-copies.csv'), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['round', 'submitter', 'system', 'benchmark', 'scaling', 'copy_of_round',
                    'copy_of_submitter', 'copy_of_system', 'how'])
        w.writerows(rows)
    for key, n, other, k in partial:
        print('partial: v%s %s' % (key[0], '/'.join(key[1:])), '(%d runs)' % n,
              'shares %d runs with v%s %s' % (k, other[0], '/'.join(other[1:])))
    rows = instance_scale(root, datadir)
    with open(os.path.join(datadir, 'mlperf-hpc-instance-scale.csv'), 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['round', 'submitter', 'system', 'benchmark', 'models', 'instances',
                    'concurrent', 'log_nodes', 'log_accelerators_per_node', 'log_ranks', 's_log',
                    'system_nodes', 'system_accelerators_per_node', 's_system', 's_fit', 'flag'])
        w.writerows(rows)


if __name__ == '__main__':
    main()
