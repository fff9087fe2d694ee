#!/usr/bin/python3
"""Write sql/data/rcps.sql: the reference convergence points (RCPs) of every MLPerf Training
ruleset with an RCP checker (1.0.0 on, as the registry lists them), with the statistics MLCommons' own rcp_checker derives from them.

Usage: /usr/bin/python3 tool/rules/rcps.py LOGGING_GIT [OUT]   (make rcps)
  LOGGING_GIT: a clone (or bare mirror) of github.com/mlcommons/logging
  OUT:         default sql/data/rcps.sql
Needs Debian's python3 with numpy and scipy (the checker's own dependencies).

For each ruleset the mlperf_logging package of the round's final tag (TAGS below) is taken with
`git archive` into a temporary folder and its `mlperf_logging.rcp_checker.rcp_checker` imported
from there, so every derived number is what the OFFICIAL checker of that round computes:
  rcp_mean     record['RCP Mean']: olympic mean (numpy) of the reference runs (drop the lowest
               and highest one, four of each for unet3d)
  rcp_stdev    record['RCP Stdev']: numpy std (ddof 0) of the olympic slice up to 4.0.0, of ALL
               the runs from 4.1.0 on (the checker changed; we keep what each tag does)
  min_mean     the minimum acceptable submission mean (t-test bisection, alpha 0.05, tolerance
               1e-4): record['Min Epochs'] from 2.0.0 on; for 1.0.0/1.1.0, which do not keep it,
               the tag's own _find_min_acceptable_mean called again with the same arguments
  max_speedup  record['Max Speedup'] = rcp_mean / min_mean (before the llama31_405b
               adjustment, which the checker applies only while it evaluates a submission:
               max_speedup = rcp_mean / (min_mean - 46080))
  pruned_kept  1 if the record is in the checker's pruned_rcp_data, else 0; NULL for 1.0.0 and
               1.1.0, which have no pruning pass (their package_checker uses every RCP). 2.0.0-3.1.0
               prune on 'Min Epochs', 4.0.0 on prune on 'RCP Mean' (each tag's own _prune_rcps).
  unit         'epochs' when the file's key is "Epochs to converge", 'samples' for "samples to
               converge" (llama2_70b_lora from 4.0.0, flux1). Note: bert's, llama31_*'s and
               stable_diffusion's "Epochs to converge" actually hold samples (steps for
               stable_diffusion 3.1.0); the column says what the file's key says.
  runs         the reference runs' values in file order (the checker sorts them in place, so they
               are read again from the JSON file).
The tag's constructor differs: 1.0.0 RCP_Checker(ruleset, verbose, bert_train_samples) reads
mlperf_logging/rcp_checker/1.0.0/ relative to the CURRENT DIRECTORY (1.0.0 has no
training_1.0.0/ folder: that is the tag's layout, used as is); 1.1.0-2.1.0
RCP_Checker(usage, ruleset, verbose, bert_train_samples) loads every benchmark and needs an
explicit _compute_rcp_stats(); 3.0.0 on RCP_Checker(usage, ruleset, benchmark, verbose) computes
the statistics itself. Tags (the registry's RCP checker tag of each ruleset; each has
training_<ruleset>/ except 1.0.0):
"""
import importlib, json, os, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from registry import rulesets

# (ruleset, tag of its RCP checker): the registry's zRcpLogging (ext/mlperf/rules.c); FILES the
# commit of its RCP files where the round's review used files changed after that tag (zRcpFiles).
TAGS = [(r['ruleset'], r['rcp_logging']) for r in rulesets() if r['rcp_logging']]
FILES = {r['ruleset']: r['rcp_files'] for r in rulesets()
         if r['rcp_logging'] and r['rcp_files'] != r['rcp_logging']}
__doc__ += '  ' + ', '.join('%s -> %s' % t + (' (RCP files at %s)' % FILES[t[0]] if t[0] in FILES else '')
                            for t in TAGS) + '\n'


def load_tag(repo, tag, workdir, ruleset=None):
    """git archive TAG's mlperf_logging into WORKDIR/TAG and import its rcp_checker module
    (fresh: any mlperf_logging imported before is dropped). With RULESET, its RCP files are those
    of the commit its round's review used (FILES) where they changed after the tag. Returns
    (module, package root)."""
    files = FILES.get(ruleset, tag) if ruleset else tag
    root = os.path.join(workdir, tag if files == tag else tag + '+' + files)
    if not os.path.isdir(root):
        os.makedirs(root)
        tar = subprocess.run(['git', '-C', repo, 'archive', tag, 'mlperf_logging'],
                             capture_output=True, check=True).stdout
        subprocess.run(['tar', '-x', '-C', root], input=tar, check=True)
        if files != tag:
            folder = 'mlperf_logging/rcp_checker/training_' + ruleset
            shutil.rmtree(os.path.join(root, folder))
            tar = subprocess.run(['git', '-C', repo, 'archive', files, folder],
                                 capture_output=True, check=True).stdout
            subprocess.run(['tar', '-x', '-C', root], input=tar, check=True)
    for name in [m for m in sys.modules if m == 'mlperf_logging' or m.startswith('mlperf_logging.')]:
        del sys.modules[name]
    sys.path[:] = [p for p in sys.path if not p.startswith(workdir)]
    sys.path.insert(0, root)
    importlib.invalidate_caches()
    module = importlib.import_module('mlperf_logging.rcp_checker.rcp_checker')
    assert module.__file__.startswith(root), module.__file__
    return module, root


def rcp_dir(root, ruleset):
    base = os.path.join(root, 'mlperf_logging', 'rcp_checker')
    d = os.path.join(base, 'training_' + ruleset)
    return d if os.path.isdir(d) else os.path.join(base, ruleset)


def checker_records(module, root, ruleset):
    """{record: (record_contents, pruned_kept or None, min_mean)} for every RCP of the ruleset,
    as the tag's RCP_Checker computes them."""
    out = {}
    if ruleset in ('1.0.0', '1.1.0', '2.0.0', '2.1.0'):
        cwd = os.getcwd()
        os.chdir(root)  # 1.0.0 reads its json relative to the current directory
        try:
            if ruleset == '1.0.0':
                chk = module.RCP_Checker(ruleset, False, False)
            else:
                chk = module.RCP_Checker('training', ruleset, False, False)
            chk._compute_rcp_stats()
        finally:
            os.chdir(cwd)
        pruned = getattr(chk, 'pruned_rcp_data', None)
        for rec, c in chk.rcp_data.items():
            if 'Min Epochs' in c:
                min_mean = c['Min Epochs']
            else:
                rej = 4 if c['Benchmark'] == 'unet3d' else 1
                min_mean = chk._find_min_acceptable_mean(c['Benchmark'], c['RCP Mean'], c['RCP Stdev'],
                                                         len(c['Epochs to converge']) - 2 * rej)
            out[rec] = (c, None if pruned is None else int(rec in pruned), min_mean)
        return out
    for fname in sorted(os.listdir(rcp_dir(root, ruleset))):
        bench = fname[len('rcps_'):-len('.json')]
        chk = module.RCP_Checker('training', ruleset, bench, False)
        for rec, c in chk.rcp_data.items():
            assert rec not in out, rec
            out[rec] = (c, int(rec in chk.pruned_rcp_data), c['Min Epochs'])
    return out


FOLDER_NAME = {'sd': 'stable_diffusion'}


def sql_text(s):
    return "'" + s.replace("'", "''") + "'"


def sql_real(x):
    return repr(float(x))


def main():
    repo = sys.argv[1]
    out_path = sys.argv[2] if len(sys.argv) > 2 else 'sql/data/rcps.sql'
    lines, runs_lines, superseded = [], [], []
    with tempfile.TemporaryDirectory() as work:
        for ruleset, tag in TAGS:
            rows = ruleset_rows(repo, tag, work, ruleset)
            lines.append("DELETE FROM mlperf_rcps WHERE ruleset=%s;" % sql_text(ruleset))
            lines += ['INSERT INTO mlperf_rcps VALUES(%s);' % ','.join(v) for *_, v in rows]
            if ruleset in FILES:
                # The tag's own records of the benchmarks whose files the review replaced.
                old = ruleset_rows(repo, tag, work, ruleset, own=True)
                changed = sorted({b for b in {r[0] for r in rows} | {r[0] for r in old}
                                  if [r[3] for r in rows if r[0] == b] != [r[3] for r in old if r[0] == b]})
                superseded += ['INSERT INTO mlperf_rcps_superseded VALUES(%s,%s);'
                               % (','.join(v), sql_text(tag)) for b, _, _, v in old if b in changed]
                print(ruleset, tag, 'superseded by', FILES[ruleset] + ':', ', '.join(changed),
                      file=sys.stderr)
            module = load_tag(repo, tag, work, ruleset)[0]
            runs = module.submission_runs
            runs = runs.get('training', runs) if isinstance(runs.get('training'), dict) else runs
            runs_lines.append("DELETE FROM mlperf_rcp_runs WHERE ruleset=%s;" % sql_text(ruleset))
            runs_lines += ['INSERT INTO mlperf_rcp_runs VALUES(%s,%s,%d);'
                           % (sql_text(ruleset), sql_text(b), n) for b, n in sorted(runs.items())]
            print(ruleset, tag, len(rows), 'records', file=sys.stderr)
    with open(out_path, 'w') as f:
        f.write('\n'.join(HEAD + lines + ['DELETE FROM mlperf_rcps_superseded;'] + superseded
                          + runs_lines) + '\n')


def ruleset_rows(repo, tag, work, ruleset, own=False):
    """The rows of mlperf_rcps of one ruleset, sorted: (benchmark, BS, record, values); own: from
    the tag's own RCP files, not those its round's review used."""
    module, root = load_tag(repo, tag, work, None if own else ruleset)
    d = rcp_dir(root, ruleset)
    raw = {}
    for fname in sorted(os.listdir(d)):
        with open(os.path.join(d, fname)) as f:
            raw.update(json.load(f))
    recs = checker_records(module, root, ruleset)
    assert set(raw) == set(recs), (ruleset, set(raw) ^ set(recs))
    rows = []
    for rec, (c, kept, min_mean) in recs.items():
        r = raw[rec]
        unit_key = 'samples to converge' if 'samples to converge' in r else 'Epochs to converge'
        runs = r[unit_key]
        # The benchmark folder's name: 3.1.0's stable_diffusion records say "sd"
        # (the checker never compares it with the folder's name).
        bench = FOLDER_NAME.get(c['Benchmark'], c['Benchmark'])
        rows.append((bench, c['BS'], rec, (
            sql_text(ruleset), sql_text(bench), sql_text(rec), str(int(c['BS'])),
            sql_text(json.dumps(r['Hyperparams'], sort_keys=True, separators=(',', ':'))),
            sql_text('samples' if unit_key == 'samples to converge' else 'epochs'),
            sql_text(json.dumps(runs, separators=(',', ':'))), str(len(runs)),
            sql_real(c['RCP Mean']), sql_real(c['RCP Stdev']), sql_real(min_mean),
            sql_real(c['Max Speedup']), 'NULL' if kept is None else str(kept))))
    rows.sort(key=lambda t: t[:2])  # stable: records of one batch size keep the checker's order
    return rows


HEAD = [
    '-- MLPerf Training reference convergence points (RCPs), rulesets %s-%s, from'
    % (TAGS[0][0], TAGS[-1][0]),
    '-- github.com/mlcommons/logging (Apache-2.0) mlperf_logging/rcp_checker/training_<ruleset>/',
    '-- (1.0.0: rcp_checker/1.0.0/) at each round\'s final tag, the RCP files at the commit the',
    '-- round\'s review used where they changed after it (registry: zRcpFiles):',
    '--   ' + ', '.join('%s -> %s' % t + (' (RCP files at %s)' % FILES[t[0]] if t[0] in FILES else '')
                      for t in TAGS),
    '-- rcp_mean, rcp_stdev, min_mean, max_speedup and pruned_kept are what that tag\'s own',
    '-- RCP_Checker computes (pruned_kept NULL: 1.0.0 and 1.1.0 have no pruning pass).',
    '-- Generated by: /usr/bin/python3 tool/rules/rcps.py LOGGING_GIT sql/data/rcps.sql',
    '-- (see that script\'s header for each column); do not edit.',
    'CREATE TABLE IF NOT EXISTS mlperf_rcps(',
    '  ruleset TEXT NOT NULL,       -- \'%s\' ... \'%s\'' % (TAGS[0][0], TAGS[-1][0]),
    '  benchmark TEXT NOT NULL,',
    '  record TEXT NOT NULL,        -- the RCP file\'s key',
    '  batch_size INTEGER NOT NULL, -- global batch size (BS)',
    '  hyperparams TEXT,            -- JSON, compact, sorted keys',
    '  unit TEXT NOT NULL,          -- \'epochs\' ("Epochs to converge") or \'samples\' ("samples to converge")',
    '  runs TEXT NOT NULL,          -- JSON array of the reference runs, file order',
    '  n_runs INTEGER NOT NULL,',
    '  rcp_mean REAL,               -- olympic mean of runs',
    '  rcp_stdev REAL,',
    '  min_mean REAL,               -- minimum acceptable submission mean (t-test)',
    '  max_speedup REAL,            -- rcp_mean / min_mean',
    '  pruned_kept INTEGER,         -- 1 kept by the pruning pass, 0 pruned, NULL no pruning pass',
    '  PRIMARY KEY(ruleset, benchmark, record)',
    ');',
    '-- The RCPs a round\'s review superseded: where it used files changed after the RCP',
    '-- checker\'s tag (registry: zRcpFiles), that tag\'s own records of the benchmarks whose',
    '-- files changed, the same columns and the tag they come from (pair_rcp scores a pair',
    '-- with them where the scaling.json of its folder is theirs: reviewed before the change).',
    'CREATE TABLE IF NOT EXISTS mlperf_rcps_superseded(',
    '  ruleset TEXT NOT NULL, benchmark TEXT NOT NULL, record TEXT NOT NULL,',
    '  batch_size INTEGER NOT NULL, hyperparams TEXT, unit TEXT NOT NULL, runs TEXT NOT NULL,',
    '  n_runs INTEGER NOT NULL, rcp_mean REAL, rcp_stdev REAL, min_mean REAL, max_speedup REAL,',
    '  pruned_kept INTEGER, revision TEXT NOT NULL,',
    '  PRIMARY KEY(ruleset, benchmark, record, revision)',
    ');',
    '-- The number of runs a submission of each benchmark has, as the checker\'s',
    '-- submission_runs dict says (the t-test\'s sample sizes; an interpolated RCP',
    '-- takes 2 x this as its reference count).',
    'CREATE TABLE IF NOT EXISTS mlperf_rcp_runs(',
    '  ruleset TEXT NOT NULL, benchmark TEXT NOT NULL, submission_runs INTEGER NOT NULL,',
    '  PRIMARY KEY(ruleset, benchmark)',
    ');',
]


if __name__ == '__main__':
    main()
