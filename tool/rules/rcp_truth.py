#!/usr/bin/python3
"""Ground truth of MLCommons' rcp_checker for every run and every pair of rounds v1.0 ... v5.1:
tests/data/rcp-runs.csv and tests/data/rcp-pairs.csv, made by running each round's OFFICIAL
checker code (mlperf_logging at the round's final tag, see tool/rules/rcps.py TAGS) over the
round's raw results.

Usage: /usr/bin/python3 tool/rules/rcp_truth.py LOGGING_GIT ROUNDS_DIR [OUTDIR]
  LOGGING_GIT: a clone (or bare mirror) of github.com/mlcommons/logging
  ROUNDS_DIR:  holds training_results_vX.Y (made by tool/extract_round.py, the trees the
               shipped sql/rounds/mlperf_training_vX.Y.sql come from); only read, never written
  OUTDIR:      default tests/data
A generator run by hand (about a minute), not by `make test`. Needs Debian's python3 (numpy,
scipy, yaml).

rcp-runs.csv: round,submitter,system,benchmark,run,converged_at,progress_unit,checker_error
  One row per result_*.txt of every results/<system>/<benchmark> folder whose benchmark the tag's
  rcp_checker knows (its submission_runs table), all divisions. submitter and system are the
  folder names (the shipped `runs` keys), run the file name. converged_at is what the tag reads
  for that one file with bert_train_samples=False:
    3.0.0 on: read_submission_file(path[, ruleset], False) -> subm_epochs, empty when it returns
      not_converged=1 (its 1e9 sentinel: no run_stop, or run_stop status != success);
    1.0.0-2.1.0 (no read_submission_file): get_submission_epochs([path], benchmark, False) ->
      [value], empty for [1e9] (not converged) or [] (no line containing "run_stop").
  Values are repr() of what the checker holds (epoch_num rounded to 3 decimals; samples_count or
  step_num as logged). checker_error: the exception class when reading the file raises (then
  converged_at is empty). progress_unit: 'samples' for bert (its epoch_num counts samples),
  llama2_70b_lora, flux1, llama31_*; stable_diffusion 'steps' in 3.1.0 (step_num), else
  'samples'; everything else 'epochs'.

rcp-pairs.csv: round,submitter,system,benchmark,division,batch_size,rcp_pass,verdict,passed,
               rcp_factor,derived,rcp_bs,rcp_mean,subm_mean,scaling_json,bypass,note,checker_error
  One row per results/<system>/<benchmark> folder with at least one result_*.txt. The check runs
  exactly when that tag's package_checker runs it: division (systems/<system>.json "division")
  == 'closed', benchmark in the tag's allowed benchmarks for the ruleset, benchmark != 'minigo';
  otherwise rcp_pass..subm_mean are empty and note says why. The check runs WITHOUT rcp_bypass and
  without set_scaling, on a temporary copy of the folder's result_*.txt (named after the
  benchmark, which 1.x-2.x take from the folder name), never in ROUNDS_DIR.
    rcp_pass  'pruned_rcps' from 2.0.0 on (as package_checker passes it); 'full_rcp' for 1.0.0
              and 1.1.0, whose checker has a single pass over all RCPs.
    verdict   the checker's message ('RCP found', 'RCP Interpolation', 'RCP not found but slower
              convergence on smaller batch size', 'Missing RCP, please submit RCP with BS = N',
              'Cannot find any RCPs', 'Insufficient convergence', 'Could not detect
              global_batch_size'); passed 0/1 as returned.
    rcp_factor the normalization factor: 3.0.0 on, the value check_directory returns (1.0 when no
              record was evaluated); 2.1.0, the value of the tag's own _find_norm_factor (the one
              its set_scaling writes into scaling.json; 1.0 when none was evaluated); 1.0.0-2.0.0
              have no factor: derived=1 and it is computed with the record and the sorted
              submission list the tag's _eval_submission_record received, as 2.1.0 does
              (RCP Mean / numpy olympic mean, floored at 1.0).
    rcp_bs, rcp_mean, subm_mean: the batch size and RCP Mean of the record evaluated (the
              interpolated one for 'RCP Interpolation', the smallest for the below-the-smallest
              case) and the submission's olympic mean (1e9 sentinels included, as the checker does).
    scaling_json the folder's scaling.json "scaling_factor" (repr), empty without one.
    bypass    1 if a package_checker_params file (system or benchmark folder) has a line exactly
              'rcp-bypass' (the 4.0.0+ package_checker test), else 0; passed ignores it.
Per-round quirks reproduced by using each tag's code (the C reader must match them):
  - lines are matched by SUBSTRING: "eval_accuracy" / "eval_error" anywhere in the JSON text
    (3.0.0 on also "eval_error"; 1.1.0-2.1.0 use "eval_error" only if the file has one), and
    "run_stop" anywhere (1.0.0-3.1.0; 4.0.0 on also require key == run_stop);
  - 1.0.0-2.1.0 keep conv_epoch across files of a folder (a file without an eval line reuses
    the previous file's value) and skip a file without run_stop entirely;
  - not converged counts as 1e9 in the olympic mean; gpt3 counts tokens beyond 1e9 (1.2e9 at
    BS 3072), so there the sentinel is NOT the largest value and would stay inside the mean
    (no gpt3 run of the shipped rounds failed to converge, so it changes no result here);
  - llama31_405b from 5.0.0: max speedup uses min_mean - 46080 (pass/fail only, not the factor).
"""
import csv, glob, json, logging, os, re, shutil, sys, tempfile
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rcps import FILES, TAGS, load_tag
from registry import rulesets

# (round, ruleset) of each ruleset with an RCP checker, from the registry.
ROUNDS = [(r['round'], r['ruleset']) for r in rulesets() if r['rcp_logging']]
LEGACY = ('1.0.0', '1.1.0', '2.0.0', '2.1.0')   # class-based checker, benchmark = folder name


class TokenRe:
    """Stands in for the `re` module inside the tag's rcp_checker. The checker strips each log
    line with re.sub(".*:::MLLOG ", ":::MLLOG ", line), which backtracks over the whole line and
    makes a round take many minutes; for a line with at most a final newline that is exactly
    ":::MLLOG " + the text after the LAST ":::MLLOG " (greedy .* stops at the last one), which
    this computes with rfind. Any other call goes to the real re; one line in 500 is also
    checked against the real re.sub (an AssertionError would stop the run)."""
    TOKEN = ':::MLLOG '
    calls = 0

    def sub(self, pattern, repl, string, *args, **kwargs):
        t = self.TOKEN
        nl = string.find('\n')
        if pattern != '.*' + t or repl != t or args or kwargs or nl not in (-1, len(string) - 1):
            return re.sub(pattern, repl, string, *args, **kwargs)
        i = string.rfind(t, 0, len(string) if nl == -1 else nl)
        out = string if i == -1 else t + string[i + len(t):]
        self.calls += 1
        if self.calls % 500 == 1:
            assert out == re.sub(pattern, repl, string), string
        return out

    def __getattr__(self, name):
        return getattr(re, name)


UNITS = {r['ruleset']: r['benchmarks'] for r in rulesets()}


def progress_unit(bench, ruleset):
    """The unit of what the checker reads, the registry's (ext/mlperf/rules.c, RulesBench.eUnit):
    'samples' where it reads samples_count or bert's epoch_num, 'steps' for stable_diffusion under
    3.1.0; 'epochs' for the rest, a benchmark without RCPs included."""
    return (UNITS.get(ruleset, {}).get(bench) or {}).get('unit') or 'epochs'


def known_benchmarks(module, ruleset):
    runs = module.submission_runs
    return set(runs if ruleset == '1.0.0' else runs['training'])


def allowed_benchmarks(ruleset):
    if ruleset == '1.0.0':
        from mlperf_logging.package_checker import package_checker
        return set(package_checker._ALLOWED_BENCHMARKS_V10)
    from mlperf_logging import benchmark_meta
    return set(benchmark_meta.get_allowed_benchmarks('training', ruleset))


def read_run(module, ruleset, path, bench):
    """(converged_at text, checker_error text) for one result file."""
    try:
        if ruleset in LEGACY:
            _, epochs = module.get_submission_epochs([path], bench, False)
            if not epochs or epochs[0] == 1e9:
                return '', ''
            return repr(epochs[0]), ''
        fn = module.read_submission_file
        args = (path, ruleset, False) if 'ruleset' in fn.__code__.co_varnames[:fn.__code__.co_argcount] else (path, False)
        not_converged, epochs, _, _ = fn(*args)
        return ('' if not_converged else repr(epochs)), ''
    except Exception as e:
        return '', type(e).__name__


class Capture:
    """Patches the tag's RCP_Checker to record what _eval_submission_record was given and what
    _find_norm_factor returned (the checker itself is unchanged otherwise)."""
    def __init__(self, module):
        self.cls = module.RCP_Checker
        self.orig_eval = self.cls._eval_submission_record
        self.orig_norm = getattr(self.cls, '_find_norm_factor', None)
        cap = self

        def eval_rec(chk, rec, subm, *a):
            r = cap.orig_eval(chk, rec, subm, *a)   # sorts subm in place
            rej = 4 if rec['Benchmark'] == 'unet3d' else 1
            cap.record, cap.subm_mean = rec, np.mean(subm[rej:len(subm) - rej])
            return r

        def norm(chk, rec, mean):
            cap.norm = cap.orig_norm(chk, rec, mean)
            return cap.norm
        self.cls._eval_submission_record = eval_rec
        if self.orig_norm:
            self.cls._find_norm_factor = norm

    def reset(self):
        self.record = self.subm_mean = self.norm = None

    def restore(self):
        self.cls._eval_submission_record = self.orig_eval
        if self.orig_norm:
            self.cls._find_norm_factor = self.orig_norm


def check_pair(module, root, ruleset, folder, files, bench, work, cap):
    """Run the tag's check as its package_checker does, on a copy. Returns a dict of columns."""
    tmp = os.path.join(work, 'pair', bench)
    shutil.rmtree(os.path.join(work, 'pair'), ignore_errors=True)
    os.makedirs(tmp)
    for f in files:
        shutil.copyfile(f, os.path.join(tmp, os.path.basename(f)))
    cap.reset()
    out = {}
    if ruleset in LEGACY:
        cwd = os.getcwd()
        os.chdir(root)
        try:
            bs, _ = module.get_submission_epochs(sorted(glob.glob(tmp + '/result_*.txt')), bench, False)
            if ruleset == '1.0.0':
                chk = module.RCP_Checker(ruleset, False, False)
            else:
                chk = module.RCP_Checker('training', ruleset, False, False)
            chk._compute_rcp_stats()
            if ruleset in ('1.0.0', '1.1.0'):
                ok, msg = chk._check_directory(tmp, False)
                out['rcp_pass'] = 'full_rcp'
            else:
                ok, msg = chk._check_directory(tmp, rcp_pass='pruned_rcps', rcp_bypass=False)
                out['rcp_pass'] = 'pruned_rcps'
        finally:
            os.chdir(cwd)
        if ruleset == '2.1.0':
            factor, derived = (cap.norm if cap.norm is not None else 1.0), 0
        elif cap.record is not None:
            f = cap.record['RCP Mean'] / cap.subm_mean
            factor, derived = (1.0 if f < 1 else f), 1
        else:
            factor, derived = 1.0, 1
    else:
        gse = module.get_submission_epochs   # 3.0.0/3.1.0: (files, bert_train_samples)
        args = (ruleset, False) if gse.__code__.co_argcount == 3 else (False,)
        bs, _, _ = gse(sorted(glob.glob(tmp + '/result_*.txt')), *args)
        ok, msg, factor = module.check_directory(tmp, 'training', ruleset, False, False,
                                                 rcp_pass='pruned_rcps', rcp_bypass=False, set_scaling=False)
        out['rcp_pass'], derived = 'pruned_rcps', 0
    out.update(batch_size=repr(bs), verdict=msg, passed=int(bool(ok)), rcp_factor=repr(float(factor)),
               derived=derived)
    if cap.record is not None:
        out.update(rcp_bs=repr(cap.record['BS']), rcp_mean=repr(float(cap.record['RCP Mean'])),
                   subm_mean=repr(float(cap.subm_mean)))
    return out


def has_bypass(folder):
    for p in (os.path.join(folder, 'package_checker_params'),
              os.path.join(os.path.dirname(folder), 'package_checker_params')):
        if os.path.exists(p):
            with open(p) as f:
                if any(line == 'rcp-bypass' for line in f.readlines()):
                    return 1
    return 0


def scaling_value(folder):
    p = os.path.join(folder, 'scaling.json')
    if not os.path.exists(p):
        return ''
    with open(p) as f:
        return repr(float(json.load(f)['scaling_factor']))


def expected(row):
    """The factor the official flow writes to scaling.json for a checked pair (1: none)."""
    return float(row['rcp_factor']) if str(row.get('passed')) == '1' else 1.0


def logged(row):
    """The factor of the pair's scaling.json (1: none)."""
    return float(row['scaling_json']) if row.get('scaling_json') else 1.0


def division_of(rootdir, submitter, system):
    with open(os.path.join(rootdir, submitter, 'systems', system + '.json')) as f:
        return json.load(f)['division']


RUN_COLS = ['round', 'submitter', 'system', 'benchmark', 'run', 'converged_at', 'progress_unit', 'checker_error']
PAIR_COLS = ['round', 'submitter', 'system', 'benchmark', 'division', 'batch_size', 'rcp_pass', 'verdict',
             'passed', 'rcp_factor', 'derived', 'rcp_bs', 'rcp_mean', 'subm_mean', 'scaling_json', 'bypass',
             'note', 'checker_error']


def main():
    repo, rounds_dir = sys.argv[1], sys.argv[2]
    outdir = sys.argv[3] if len(sys.argv) > 3 else 'tests/data'
    logging.disable(logging.CRITICAL)
    runs, pairs = [], []
    with tempfile.TemporaryDirectory() as work:
        for (rnd, ruleset), (_, tag) in zip(ROUNDS, TAGS):
            if not os.path.isdir(os.path.join(rounds_dir, 'training_results_' + rnd)):
                # A round whose results are not public here (v6.0): its RCPs are in
                # rcps.sql, and its pairs are checked on the fixture (tests/mlperf_v6.test).
                print('rcp_truth.py: %s skipped: no training_results_%s in %s'
                      % (rnd, rnd, rounds_dir), file=sys.stderr)
                continue
            own = None
            if ruleset in FILES:
                # The tag's own RCP files too: a pair whose scaling.json is what they give,
                # and not what the review's give, was reviewed before the files changed.
                own_module, own_root = load_tag(repo, tag, work)
                own_module.re = TokenRe()
                own = (own_module, own_root, Capture(own_module))
            module, root = load_tag(repo, tag, work, ruleset)
            module.re = TokenRe()
            known, allowed = known_benchmarks(module, ruleset), allowed_benchmarks(ruleset)
            cap = Capture(module)
            rootdir = os.path.join(rounds_dir, 'training_results_' + rnd)
            n_runs0, n_pairs0 = len(runs), len(pairs)
            for submitter in sorted(os.listdir(rootdir)):
                results = os.path.join(rootdir, submitter, 'results')
                if not os.path.isdir(results):
                    continue
                for system in sorted(os.listdir(results)):
                    if not os.path.isdir(os.path.join(results, system)):
                        continue
                    for bench in sorted(os.listdir(os.path.join(results, system))):
                        folder = os.path.join(results, system, bench)
                        files = sorted(glob.glob(folder + '/result_*.txt'))
                        if not os.path.isdir(folder) or not files:
                            continue
                        key = [rnd, submitter, system, bench]
                        if bench in known:
                            for f in files:
                                conv, err = read_run(module, ruleset, f, bench)
                                runs.append(key + [os.path.basename(f), conv, progress_unit(bench, ruleset), err])
                        row = dict(zip(PAIR_COLS, key))
                        row.update(scaling_json=scaling_value(folder), bypass=has_bypass(folder))
                        try:
                            row['division'] = division_of(rootdir, submitter, system)
                        except Exception as e:
                            row['division'], row['note'] = '', 'no division: ' + type(e).__name__
                        if row['division'] != 'closed':
                            row.setdefault('note', 'not closed')
                        elif bench not in allowed:
                            row['note'] = 'benchmark not in ruleset'
                        elif bench == 'minigo':
                            row['note'] = 'minigo has no rcp check'
                        else:
                            try:
                                row.update(check_pair(module, root, ruleset, folder, files, bench, work, cap))
                                if own and expected(row) != logged(row):
                                    old = dict(row)
                                    old.update(check_pair(own[0], own[1], ruleset, folder, files, bench,
                                                          work, own[2]))
                                    if expected(old) == logged(old):
                                        row = old
                                        row['note'] = 'reviewed with the RCP files of ' + tag
                            except Exception as e:
                                row['checker_error'] = type(e).__name__
                        pairs.append([row.get(c, '') for c in PAIR_COLS])
            cap.restore()
            if own:
                own[2].restore()
            print(rnd, tag, len(runs) - n_runs0, 'runs,', len(pairs) - n_pairs0, 'pairs', file=sys.stderr)
    for name, cols, rows in (('rcp-runs.csv', RUN_COLS, runs), ('rcp-pairs.csv', PAIR_COLS, pairs)):
        with open(os.path.join(outdir, name), 'w', newline='') as f:
            w = csv.writer(f, lineterminator='\n')
            w.writerow(cols)
            w.writerows(rows)


if __name__ == '__main__':
    main()
