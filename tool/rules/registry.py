"""The rulesets of the registry, read from ext/mlperf/rules.c, for the generators of tool/rules/.

The registry (aRuleset in ext/mlperf/rules.c) is the one place that names each ruleset's round,
log format and the mlcommons/logging tags its rules come from; the generators read them here
instead of keeping lists of their own, so adding a ruleset is one entry there.

  rulesets(root)  -> [{'ruleset', 'round', 'log_format', 'logging', 'rcp_logging', 'suite',
                     'times_only', 'benchmarks', 'rcp_files'}, ...] oldest first; rcp_logging
                     None where the ruleset has no RCP checker; rcp_files the commit of the RCP
                     files its round's review used (zRcpFiles, else rcp_logging); suite 'training' or 'hpc' (eSuite,
                     RULES_SUITE_TRAINING when absent); times_only True where the round's
                     official score checks no compliance rule (bTimesOnly: 0.6.0);
                     benchmarks {folder: {'unit': 'epochs'|'samples'|'steps'|None,
                     'samples_count': bool}} from the ruleset's aBench_* array (the unit of the
                     RCP checker's progress, and whether it reads it from samples_count).

From the command line (the Makefile's make dataset and make rules):
  registry.py                      the rulesets, one line each
  registry.py --rounds [hpc]       the MLPerf Training (or HPC) rounds, X.Y of each round vX.Y
  registry.py --ruleset vX.Y [hpc] the ruleset that scores Training's (or HPC's) round vX.Y
  registry.py --check RCPS_SQL     the generated parts against the registry (exit 1 on a problem)
"""
import os, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FIELD = re.compile(r'\.(zName|zRound|zLogFormat|zLogging|zRcpLogging|zRcpFiles)\s*=\s*"([^"]*)"')
KEYS = {'zName': 'ruleset', 'zRound': 'round', 'zLogFormat': 'log_format', 'zLogging': 'logging',
        'zRcpLogging': 'rcp_logging', 'zRcpFiles': 'rcp_files'}
SUITE = re.compile(r'\.eSuite\s*=\s*RULES_SUITE_([A-Z_]+)')
TIMES_ONLY = re.compile(r'\.bTimesOnly\s*=\s*1\b')
BENCHES = re.compile(r'BENCHES\((aBench_\w+)\)')
# One benchmark line of an aBench_* array: { "folder", <target>, max dropped, unit, ... }.
BENCH_LINE = re.compile(r'^  \{ "([^"]+)",\s*(?:T_\w+\([^)]*\)|T_NONE|\{[^}]*\}),\s*\d+,\s*(N|EP|SA|ST),'
                        r'(.*)\},?$', re.M)
UNITS = {'N': None, 'EP': 'epochs', 'SA': 'samples', 'ST': 'steps'}


def bench_arrays(text):
    """{array name: {folder: {'unit', 'samples_count'}}} of every aBench_* array of rules.c."""
    out = {}
    for m in re.finditer(r'static const RulesBench (aBench_\w+)\[\] = \{(.*?)\n\};', text, re.S):
        benches = {}
        for b in BENCH_LINE.finditer(m[2]):
            rest = [x.strip() for x in b[3].split(',')]
            benches[b[1]] = {'unit': UNITS[b[2]], 'samples_count': 'SC' in rest}
        if not benches:
            raise SystemExit('registry.py: no benchmark read in %s' % m[1])
        out[m[1]] = benches
    return out


def rulesets(root=ROOT):
    with open(os.path.join(root, 'ext', 'mlperf', 'rules.c')) as f:
        text = f.read()
    arrays = bench_arrays(text)
    body = text[text.index('aRuleset[] = {'):]
    body = body[:body.index('\n};')]
    out = []
    for chunk in re.split(r'\n  \{ ', body)[1:]:
        entry = dict(ruleset=None, round=None, log_format=None, logging=None, rcp_logging=None,
                     rcp_files=None)
        for m in FIELD.finditer(chunk):
            entry[KEYS[m[1]]] = m[2]
        entry['rcp_files'] = entry['rcp_files'] or entry['rcp_logging']
        suite = SUITE.search(chunk)
        entry['suite'] = 'hpc' if suite and suite[1].startswith('HPC') else 'training'
        entry['times_only'] = bool(TIMES_ONLY.search(chunk))
        benches = BENCHES.search(chunk)
        entry['benchmarks'] = arrays[benches[1]] if benches else {}
        if None in (entry['ruleset'], entry['round'], entry['log_format'], entry['logging']):
            raise SystemExit('registry.py: an entry of aRuleset without zName, zRound, zLogFormat '
                             'or zLogging: %r' % chunk[:80])
        out.append(entry)
    if not out:
        raise SystemExit('registry.py: no ruleset found in ext/mlperf/rules.c')
    return out


def check(rcps_sql, root=ROOT):
    """The generated parts against the registry: the rulesets of rcps_sql are those with an RCP
    checker, and every ruleset of rules_required.inc is one of the registry. Returns the
    problems, one text each."""
    regs = rulesets(root)
    names = [r['ruleset'] for r in regs]
    with_rcps = {r['ruleset'] for r in regs if r['rcp_logging']}
    with open(rcps_sql) as f:
        in_rcps = set(re.findall(r"^DELETE FROM mlperf_rcps WHERE ruleset='([^']+)';", f.read(), re.M))
    with open(os.path.join(root, 'ext', 'mlperf', 'rules_required.inc')) as f:
        in_required = set(re.findall(r'^  \{ "([^"]+)", "(?:closed|open)"', f.read(), re.M))
    out = []
    for rs in sorted(with_rcps - in_rcps):
        out.append('%s: an RCP checker tag but no RCPs in %s (make rcps)' % (rs, rcps_sql))
    for rs in sorted(in_rcps - with_rcps):
        out.append('%s: RCPs in %s but no RCP checker tag in the registry' % (rs, rcps_sql))
    for rs in sorted(in_required - set(names)):
        out.append('%s: required keys but no registry entry (make rules-required)' % rs)
    return out


if __name__ == '__main__':
    import sys
    suite = sys.argv[-1] if len(sys.argv) in (3, 4) and sys.argv[-1] in ('training', 'hpc') else None
    args = sys.argv[:-1] if suite else sys.argv
    suite = suite or 'training'
    if len(args) == 2 and args[1] == '--rounds':
        print(' '.join(r['round'][1:] for r in rulesets()
                       if r['suite'] == suite and re.fullmatch(r'v[0-9]+\.[0-9]+', r['round'])))
        sys.exit(0)
    if len(args) == 3 and args[1] == '--ruleset':
        found = [r['ruleset'] for r in rulesets() if r['round'] == args[2] and r['suite'] == suite]
        if not found:
            sys.exit('registry.py: no %s ruleset scores round %r' % (suite, args[2]))
        print(found[0])
        sys.exit(0)
    if len(sys.argv) == 3 and sys.argv[1] == '--check':
        problems = check(sys.argv[2])
        for p in problems:
            print('registry.py:', p, file=sys.stderr)
        sys.exit(1 if problems else 0)
    for r in rulesets():
        print(r['ruleset'], r['round'], r['log_format'], r['logging'], r['rcp_logging'] or '-')
