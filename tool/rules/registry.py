"""The rulesets of the registry, read from ext/mlperf/rules.c, for the generators of tool/rules/.

The registry (aRuleset in ext/mlperf/rules.c) is the one place that names each ruleset's round,
log format and the mlcommons/logging tags its rules come from; the generators read them here
instead of keeping lists of their own, so adding a ruleset is one entry there.

  rulesets(root)  -> [{'ruleset', 'round', 'log_format', 'logging', 'rcp_logging', 'times_only'},
                     ...] oldest first; rcp_logging None where the ruleset has no RCP checker;
                     times_only True where the round's official score checks no compliance
                     rule (bTimesOnly: 0.6.0).
"""
import os, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

ENTRY = re.compile(r'\{\s*"([^"]+)",\s*"([^"]+)",\s*"([^"]+)",\s*"([^"]+)",\s*(?:"([^"]+)"|0)\s*,')
TIMES_ONLY = re.compile(r'BENCHES\(\w+\),\s*([01])')


def rulesets(root=ROOT):
    with open(os.path.join(root, 'ext', 'mlperf', 'rules.c')) as f:
        text = f.read()
    body = text[text.index('aRuleset[] = {'):]
    body = body[:body.index('\n};')]
    out = []
    for m in ENTRY.finditer(body):
        # After the benchmarks: bTimesOnly (the round's official score checks
        # only run_start and run_stop: no compliance checker keys).
        t = TIMES_ONLY.search(body, m.end())
        out.append(dict(ruleset=m[1], round=m[2], log_format=m[3], logging=m[4],
                        rcp_logging=m[5], times_only=bool(t and t[1] == '1')))
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
    if len(sys.argv) == 3 and sys.argv[1] == '--check':
        problems = check(sys.argv[2])
        for p in problems:
            print('registry.py:', p, file=sys.stderr)
        sys.exit(1 if problems else 0)
    for r in rulesets():
        print(r['ruleset'], r['round'], r['log_format'], r['logging'], r['rcp_logging'] or '-')
