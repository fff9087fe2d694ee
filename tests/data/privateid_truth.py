#!/usr/bin/python3
"""Write tests/data/privateid-truth.csv: the private_id MLCommons' result summarizer gives each
systems file of every shipped round, and a set of edge cases, by its OWN function.

Usage: /usr/bin/python3 tests/data/privateid_truth.py LOGGING_GIT DB OUT
  LOGGING_GIT: a clone (or bare mirror) of github.com/mlcommons/logging
  DB:          a database holding the shipped rounds (build/mlperf.db of `make db`)
  OUT:         tests/data/privateid-truth.csv

mlperf_logging of LOGGING_GIT at COMMIT (the 6.1.0 summarizer, the first with private_id) is taken
with `git archive` into a temporary folder and its result_summarizer imported from there; each
systems file is json.loads'ed (as _read_json_file does) and passed to _get_id_from_sysinfo, the
function --generate_private_ids calls. Columns: round, submitter, system (a shipped systems file;
round 'case' for the edge cases, whose JSON text is in the json column), json, private_id (empty
where the summarizer gives none: invalid JSON, a missing field). tests/private_id.test compares
mlperf_private_id with every row.
"""
import csv, json, os, sqlite3, subprocess, sys, tempfile

COMMIT = '7bbf792'
BASE = {'division': 'closed', 'submitter': 'Acme', 'system_name': 'X 8xH100',
        'number_of_nodes': 2, 'host_processor_model_name': 'EPYC 9654',
        'host_processors_per_node': 2, 'accelerator_model_name': 'NVIDIA H100-SXM5-80GB',
        'accelerators_per_node': 8, 'framework': 'PyTorch NVIDIA Release 25.01'}
# Values whose str() is Python's own: floats in both notations and at their edges, ints as
# written, True/False/None, text beyond ASCII.
CASES = [json.dumps(BASE)]
for v in ['2', '2.0', '-0', '-0.0', '0.1', '1e-05', '0.0001', '1e16', '1e15', '123456789012345678',
          '1.5e300', '5e-324', '2.5', '1E2', 'true', 'false', 'null', '"2"', '"\\u00e9l\\u00e8ve"',
          '"\\ud83d\\ude00"', '0.30000000000000004', '1234567890123456.7', '12345678901234567.0']:
    CASES.append(json.dumps(BASE)[:-1].replace('"number_of_nodes": 2', '"number_of_nodes": ' + v) + '}')
CASES.append(json.dumps({k: v for k, v in BASE.items() if k != 'framework'}))
CASES.append('{"division": "closed"')


def main(repo, db, out):
    with tempfile.TemporaryDirectory() as tmp:
        tar = subprocess.run(['git', '-C', repo, 'archive', COMMIT, 'mlperf_logging'],
                             capture_output=True, check=True).stdout
        subprocess.run(['tar', '-x', '-C', tmp], input=tar, check=True)
        sys.path.insert(0, tmp)
        from mlperf_logging.result_summarizer import result_summarizer as rs

        def pid(text):
            try:
                return rs._get_id_from_sysinfo(json.loads(text))
            except (ValueError, KeyError):
                return ''
        rows = []
        con = sqlite3.connect(db)
        for rnd, sub, system, text in con.execute(
                'SELECT round, submitter, system, json FROM systems '
                'UNION ALL SELECT round, submitter, system, json FROM hpc_systems '
                'ORDER BY 1, 2, 3'):
            rows.append((rnd, sub, system, '', pid(text) if text is not None else ''))
        for i, text in enumerate(CASES):
            rows.append(('case', str(i), '', text, pid(text)))
    with open(out, 'w', newline='') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['round', 'submitter', 'system', 'json', 'private_id'])
        w.writerows(rows)


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
