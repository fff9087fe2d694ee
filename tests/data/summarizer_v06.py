#!/usr/bin/python3
# The official table of MLPerf Training v0.6 (mlperf-training-v0.6-official-scores.csv)
# and the refusals of its notes, from MLCommons' own result summarizer:
#
#   /usr/bin/python3 tests/data/summarizer_v06.py LOGGING_GIT ROUND_DIR OUT.csv NOTES.md
#
# LOGGING_GIT: a clone (or bare mirror) of github.com/mlcommons/logging; ROUND_DIR:
# training_results_v0.6 as tool/extract_round.py extracts it (ROUND_DIR.missing.txt beside it).
#
# The summarizer is mlcommons/logging at commit e99be59 (2020-06-10), the last one that reads
# v0.6's `:::MLL <unix seconds> <key>: {json}` lines (the next commit, 7d2139d, reads
# `:::MLLOG {json}` and time_ms); its README says "RULESET in ["0.6.0", "0.7.0"]". It is taken
# with `git archive` into a temporary folder and imported from there, unmodified: it runs on
# Python 3 but for one fix (the codec of the logs, below). Two passes:
#
# 1. Its own summarize_results(ORG, '0.6.0') over every organization folder main() detects
#    (one with systems/ and results/), as `python3 -m mlperf_logging.result_summarizer
#    'ROUND_DIR/{*}' training 0.6.0` does, printing '{:.2f}' scores: those rows are the official
#    ones (Google's), and every ERROR it prints (systems it refuses) goes to the notes.
# 2. The systems it refuses for metadata only (a systems file that is not one JSON object,
#    a "submitter" field missing or misspelled) are scored by the same summarizer functions,
#    _read_mlperf_score and _compute_olympic_average, over the same glob of result files, with
#    the metadata read leniently (below). Where _read_mlperf_score raises (a log without
#    run_stop), summarize_results would end the whole run with the exception: here the folder
#    is left out and the exception goes to the notes, the one crash guarded.
#
# Full precision: every score is the repr of the summarizer's own float; pass 1's rows are
# checked to print as the '{:.2f}' it printed. Columns as the other rounds' tables:
# benchmark,submitter,system,division,availability,accelerator_model_name,accelerators,minutes
# with system the systems file name, availability the raw "status", accelerators the
# accelerators of the whole system (accelerators_per_node x number_of_nodes, or the "nodes"
# entries' num_accelerators x num_nodes; Google's TPU pods count chips per node, one node).
# Lenient metadata of pass 2: submitter = the organization folder (the systems file has none
# the summarizer reads); NVIDIA's files are MLL lines `key: {"value": ...}` whose "entry"
# value is a Python literal holding "nodes" as another literal.
import ast, contextlib, csv, functools, glob, io, json, os, subprocess, sys, tempfile

COMMIT = 'e99be59'
logging_git, root, out_csv, out_notes = sys.argv[1:5]

tmp = tempfile.mkdtemp(prefix='logging-v06-')
tar = subprocess.run(['git', '--git-dir', logging_git, 'archive', COMMIT, 'mlperf_logging'],
                     capture_output=True, check=True).stdout
subprocess.run(['tar', '-x', '-C', tmp], input=tar, check=True)
sys.path.insert(0, tmp)
from mlperf_logging.result_summarizer import result_summarizer as rs
# The Python 3 fix: the summarizer opens logs in text mode with the locale's codec, and three
# NVIDIA maskrcnn logs hold bytes that are not UTF-8 (in lines that are not MLL lines), which
# Python 2 read as bytes; its module reads them undecoded (surrogateescape), its regexes see
# the same ASCII text.
rs.open = functools.partial(open, errors='surrogateescape')

def orgs():
    return sorted(o for o in os.listdir(root) if rs._is_organization_folder(os.path.join(root, o)))

def nvidia_mll(path):
    d = {}
    for line in open(path):
        if ': ' not in line:
            continue
        key, rest = line.split(': ', 1)
        d[key.strip()] = json.loads(rest)['value']
    entry = ast.literal_eval(d['entry'])
    nodes = ast.literal_eval(entry['nodes'])
    return {'division': d['division'], 'status': d['status'],
            'accelerator': nodes['accelerator'],
            'accelerators': int(nodes['num_accelerators']) * int(nodes['num_nodes'])}

def lenient(path):
    try:
        desc = json.load(open(path))
    except ValueError:
        return nvidia_mll(path)
    if 'accelerators_per_node' in desc:
        return {'division': desc['division'], 'status': desc['status'],
                'accelerator': desc['accelerator_model_name'],
                'accelerators': int(desc['accelerators_per_node']) * int(desc['number_of_nodes'])}
    node = desc['nodes'][0]
    return {'division': desc['division'], 'status': desc['status'],
            'accelerator': node['accelerator'],
            'accelerators': int(node['num_accelerators']) * int(node['num_nodes'])}

def score(benchmark_folder):
    files = glob.glob('{folder}/result_*.txt'.format(folder=benchmark_folder), recursive=True)
    return rs._compute_olympic_average([rs._read_mlperf_score(f) for f in files]), len(files)

rows, notes, printed = [], [], {}
for org in orgs():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rs.summarize_results(os.path.join(root, org), '0.6.0')
    for line in buf.getvalue().splitlines():
        if line.startswith('ERROR'):
            notes.append(('refused', org, line))
            continue
        f = next(csv.reader([line]))
        system = f[-3].rsplit('/', 1)[-1][:-5]
        for bench, val in zip(rs._ALLOWED_BENCHMARKS_V06, f[7:14]):
            if val:
                printed[(org, system, bench)] = (f[0], f[4], val)

for org in orgs():
    systems = os.path.join(root, org, 'systems')
    for system_folder in sorted(rs._get_sub_folders(os.path.join(root, org, 'results'))):
        system = os.path.basename(system_folder)
        sysfile = os.path.join(systems, system + '.json')
        try:
            desc = rs._read_json_file(sysfile)
            official = 'submitter' in desc
        except ValueError:
            desc, official = None, False
        meta = lenient(sysfile)
        for bench_folder in sorted(rs._get_sub_folders(system_folder)):
            bench = rs._benchmark_alias(os.path.basename(bench_folder))
            try:
                minutes, n = score(bench_folder)
            except Exception as e:
                notes.append(('crash', org, '%s/%s: %s: %s' % (system, os.path.basename(bench_folder),
                                                               type(e).__name__, e)))
                continue
            if official:
                sub, accel, val = printed.pop((org, system, bench))
                assert '{:.2f}'.format(minutes) == val, (system, bench, minutes, val)
                accels = int(desc['accelerators_per_node']) * int(desc['number_of_nodes'])
                assert accels == meta['accelerators']
            else:
                sub, accel, accels = org, meta['accelerator'], meta['accelerators']
                notes.append(('lenient', org, '%s/%s (%d result files): %r min' % (
                    system, bench, n, minutes)))
            rows.append((bench, sub, system, meta['division'], meta['status'], accel,
                         str(accels), repr(minutes)))
assert not printed, printed
rows.sort()
with open(out_csv, 'w', newline='') as f:
    w = csv.writer(f, lineterminator='\n')
    w.writerow(['benchmark', 'submitter', 'system', 'division', 'availability',
                'accelerator_model_name', 'accelerators', 'minutes'])
    for r in rows:
        for x in r:
            assert ',' not in x and '"' not in x, r
        w.writerow(r)

missing = [l.strip() for l in open(root.rstrip('/') + '.missing.txt') if l.startswith('DROPPED_FOLDER')]
on_disk = sorted(o for o in os.listdir(root) if os.path.isdir(os.path.join(root, o)))
with open(out_notes, 'w') as f:
    f.write('# Notes for MLPerf Training v0.6 official-score extraction\n')
    f.write('## Files absent from the mirror (benchmark folders dropped before summarizing)\n')
    for m in missing:
        f.write('- %s\n' % m)
    f.write('## Organization folders the summarizer does not detect (no systems/ or results/)\n')
    for o in on_disk:
        if o not in orgs():
            f.write('- %s\n' % o)
    f.write('## Systems the summarizer refuses (its ERROR lines)\n')
    for kind, org, text in notes:
        if kind == 'refused':
            f.write('- %s: %s\n' % (org, text.replace(root.rstrip('/') + '/', '')))
    f.write('## Refused for metadata only, scored by the summarizer\'s own functions (pass 2)\n')
    for kind, org, text in notes:
        if kind == 'lenient':
            f.write('- %s/%s\n' % (org, text))
    f.write('## Folders whose logs the summarizer cannot score (its exception; no row)\n')
    for kind, org, text in notes:
        if kind == 'crash':
            f.write('- %s/%s\n' % (org, text))
print(len(rows), 'rows')
