#!/usr/bin/python3
"""Explain every checked pair of tests/data/rcp-pairs.csv whose rcp_factor differs from its
scaling.json (no scaling.json = 1.0): prints one CSV row per such pair with a reason class.

Usage: /usr/bin/python3 tool/rules/rcp_mismatch.py LOGGING_GIT ROUNDS_DIR [PAIRS_CSV]
For rounds 3.0 on, the pair is checked again by the SAME tag's check_directory, but with the
benchmark's RCP file as it is at LOGGING_GIT's HEAD (rcp_file=...): if that factor equals the
scaling.json, the RCP file changed after the round's tag. Classes:
  no-rule         v1.0-v2.0: no scaling.json at all (normalization came with 2.1.0)
  rounded         scaling.json holds the factor rounded to 3 decimals
  rcp-file-later  the HEAD RCP file gives the logged factor (or, with no scaling.json, 1.0)
  failed-check    the check fails at the tag and set_scaling writes only for passing pairs
  other           none of the above (see the note printed)
"""
import csv, glob, json, logging, os, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rcps import TAGS, load_tag
from rcp_truth import TokenRe
from registry import rulesets


def main():
    repo, rounds_dir = sys.argv[1], sys.argv[2]
    pairs_csv = sys.argv[3] if len(sys.argv) > 3 else 'tests/data/rcp-pairs.csv'
    logging.disable(logging.CRITICAL)
    tags = {r['round']: (r['ruleset'], r['rcp_logging']) for r in rulesets() if r['rcp_logging']}
    rows = [p for p in csv.DictReader(open(pairs_csv)) if p['rcp_pass']]
    w = csv.writer(sys.stdout, lineterminator='\n')
    w.writerow(['round', 'submitter', 'system', 'benchmark', 'batch_size', 'verdict', 'passed', 'rcp_factor',
                'scaling_json', 'head_verdict', 'head_factor', 'class'])
    with tempfile.TemporaryDirectory() as work:
        loaded = None
        for p in rows:
            logged = float(p['scaling_json']) if p['scaling_json'] else 1.0
            if float(p['rcp_factor']) == logged:
                continue
            rnd = p['round']
            ruleset, tag = tags[rnd]
            head_verdict = head_factor = ''
            if rnd in ('v1.0', 'v1.1', 'v2.0') and not p['scaling_json']:
                cls = 'no-rule'
            elif p['scaling_json'] and round(float(p['rcp_factor']), 3) == logged:
                cls = 'rounded'
            else:
                cls = 'failed-check' if p['passed'] == '0' and not p['scaling_json'] else 'other'
                if ruleset >= '3.0.0':  # check_directory(rcp_file=...) exists from 3.0.0
                    if loaded != tag:
                        module, root = load_tag(repo, tag, work)
                        module.re = TokenRe()
                        loaded = tag
                    path = 'mlperf_logging/rcp_checker/training_%s/rcps_%s.json' % (ruleset, p['benchmark'])
                    text = subprocess.run(['git', '-C', repo, 'show', 'HEAD:' + path], capture_output=True,
                                          check=True, text=True).stdout
                    src = os.path.join(rounds_dir, 'training_results_' + rnd, p['submitter'], 'results',
                                       p['system'], p['benchmark'])
                    tmp = os.path.join(work, 'pair', p['benchmark'])
                    shutil.rmtree(os.path.join(work, 'pair'), ignore_errors=True)
                    os.makedirs(tmp)
                    for f in glob.glob(src + '/result_*.txt'):
                        shutil.copyfile(f, os.path.join(tmp, os.path.basename(f)))
                    import io
                    ok, head_verdict, hf = module.check_directory(
                        tmp, 'training', ruleset, False, False, rcp_file=io.StringIO(text),
                        rcp_pass='pruned_rcps', rcp_bypass=False, set_scaling=False)
                    head_factor = repr(float(hf))
                    if float(hf) == logged and (ok or not p['scaling_json']):
                        cls = 'rcp-file-later'
            w.writerow([p[k] for k in ('round', 'submitter', 'system', 'benchmark', 'batch_size', 'verdict',
                                       'passed', 'rcp_factor', 'scaling_json')] + [head_verdict, head_factor, cls])


if __name__ == '__main__':
    main()
