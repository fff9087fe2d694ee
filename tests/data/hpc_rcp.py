#!/usr/bin/python3
"""What the MLPerf HPC v3.0 RCP checker decides for each closed strong-scaling folder, beside the
folder's scaling.json (the factor the result summarizer applies), for hpc-v3.0-notes.md.

Runs `rcp_checker.check_directory` of mlcommons/logging at tag hpc-3.0.0 (taken with
`git archive`, imported from a temporary folder) with the arguments package_checker gives it
(pruned RCPs), but without rcp_bypass and without writing scaling.json, and prints one line per
folder: submitter system benchmark verdict message factor scaling.json-factor.
(The 1.0 and 2.0 trees have no scaling.json, and their summarizers' scores do not depend on it.)

Usage: /usr/bin/python3 tests/data/hpc_rcp.py LOGGING_GIT $HPC_ROUNDS/hpc_results_v3.0
"""
import contextlib
import glob
import io
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    git_dir, root = sys.argv[1], os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix='hpcrcp-')
    tar = subprocess.run(['git', '-C', git_dir, 'archive', 'hpc-3.0.0', 'mlperf_logging'],
                         capture_output=True, check=True).stdout
    subprocess.run(['tar', '-x', '-C', work], input=tar, check=True)
    sys.path.insert(0, work)
    logging.disable(logging.CRITICAL)
    from mlperf_logging.rcp_checker import rcp_checker as rc
    for d in sorted(glob.glob(os.path.join(root, '*', 'results', '*', 'strong', '*'))):
        parts = d.split('/')
        org, system, bench = parts[-5], parts[-3], parts[-1]
        desc = json.load(open(os.path.join(root, org, 'systems', system + '.json')))
        if desc['division'] != 'closed':
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            ok, msg, norm = rc.check_directory(d, 'hpc', '3.0.0', False, False,
                                               rcp_pass='pruned_rcps', rcp_bypass=False,
                                               set_scaling=False)
        sj = os.path.join(d, 'scaling.json')
        factor = json.load(open(sj))['scaling_factor'] if os.path.exists(sj) else ''
        print(org, system, bench, 'pass' if ok else 'FAIL', repr(msg), repr(norm), factor)
    shutil.rmtree(work)


if __name__ == '__main__':
    main()
