#!/usr/bin/python3
"""The files of `make export` (sql/export.sql) read back by Python's own
csv and json modules, for tests/export.test. Standard library only.

    export_check.py LIB DB CSV JSON DOCS [DATA]

LIB the extension, DB the database the files were written from, CSV and
JSON the files, DOCS docs/mlperf.md (its table of the export's columns),
DATA tests/data (the official tables; without it only the files are
checked). Prints one line per check, "NAME ok" or "NAME FAIL: why", and
with DATA one line per official table ("official vX.Y MATCHED/ROWS") and
the records beyond them, grouped ("extra ROUND DIVISION COUNT" for a key
no official row has, "repeated ROUND KEYS folders=A,B,..." for a key that
several records share), then "rcp SAME/CHECKED differ=..." against the
official checker's verdicts (DATA/rcp-pairs.csv). Exit status 0 when every
check passed.
"""
import csv
import glob
import json
import os
import re
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pyhelp import report, finish  # noqa: E402

# A text the CSV writes with a ' before it (and quoted): one a spreadsheet
# would evaluate as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

NUMERIC = {"accelerators", "minutes", "accelerator_hours", "global_batch_size", "runs", "converged_runs",
           "converged_at", "rcp_factor", "scaling_factor", "energy_j"}


def docs_columns(path):
    """The column names of the table in docs/mlperf.md's export section."""
    names = []
    inside = False
    with open(path) as f:
        for line in f:
            if line.startswith("## "):
                inside = line.startswith("## The export")
            elif inside:
                m = re.match(r"^\| `([a-z_]+)` \|", line)
                if m:
                    names.append(m.group(1))
    return names


class Raw(str):
    """A JSON number kept as the text it was written as."""


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f, parse_float=Raw, parse_int=Raw)


def load_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        raw = f.read()
    # Every line ends in CRLF outside quoted fields (a quoted field may hold
    # a bare LF or CR).
    unquoted = re.sub(r'"(?:[^"]|"")*"', '""', raw)
    lines_ok = unquoted.endswith("\r\n") and "\n" not in unquoted.replace("\r\n", "") \
        and "\r" not in unquoted.replace("\r\n", "")
    rows = list(csv.reader(raw.splitlines(keepends=True)))
    return rows, lines_ok, raw


def version(r):
    major, minor = r[1:].split(".")
    return (int(major), int(minor))


def check_files(lib, dbpath, csvpath, jsonpath, docs):
    rows, lines_ok, raw = load_csv(csvpath)
    header, body = rows[0], rows[1:]
    objs = load_json(jsonpath)
    doc = docs_columns(docs)
    report("columns", "" if header == doc else "header %r, docs %r" % (header, doc))
    report("crlf", "" if lines_ok else "a line of the CSV does not end in CRLF")
    why = ""
    if not isinstance(objs, list):
        why = "the JSON is not an array"
    elif len(objs) != len(body):
        why = "%d JSON records, %d CSV records" % (len(objs), len(body))
    else:
        for i, (o, r) in enumerate(zip(objs, body)):
            if not isinstance(o, dict) or list(o) != header:
                why = "record %d: JSON members %r" % (i, list(o))
                break
            for name, field in zip(header, r):
                v = o[name]
                if isinstance(v, Raw):
                    same = field == v and name in NUMERIC
                elif v is None:
                    same = field == ""
                else:
                    want = "'" + v if isinstance(v, str) and v.startswith(FORMULA_START) else v
                    same = isinstance(v, str) and field == want and name not in NUMERIC
                if not same:
                    why = "record %d, %s: CSV %r, JSON %r" % (i, name, field, v)
                    break
            if why:
                break
    report("agree", why)

    # The records are the view's rows, in the documented order, every
    # number reading back as the same double.
    db = sqlite3.connect(dbpath)
    db.enable_load_extension(True)
    db.load_extension(os.path.abspath(lib))
    cur = db.execute("SELECT * FROM export_results")
    cols = [d[0] for d in cur.description]
    view = sorted(cur.fetchall(), key=lambda t: (version(t[0]), t[7], t[3], t[4], t[-1]))
    why = ""
    if cols != header:
        why = "view columns %r" % cols
    elif len(view) != len(objs):
        why = "%d view rows, %d records" % (len(view), len(objs))
    else:
        for i, (t, o) in enumerate(zip(view, objs)):
            for name, x in zip(cols, t):
                v = o[name]
                if x is None:
                    same = v is None
                elif isinstance(x, int):
                    same = isinstance(v, Raw) and re.fullmatch(r"-?[0-9]+", v) and int(v) == x
                elif isinstance(x, float):
                    same = isinstance(v, Raw) and float(v) == x
                else:
                    same = v == x
                if not same:
                    why = "record %d, %s: view %r, file %r" % (i, name, x, v)
                    break
            if why:
                break
    report("view", why)
    db.close()
    return header, objs


def check_official(objs, data):
    def num(v):
        return None if v is None else float(v)

    keys = {}
    for o in objs:
        keys.setdefault((o["round"], o["submitter"], o["system"], o["benchmark"]), []).append(o)
    official = set()
    for path in sorted(glob.glob(os.path.join(data, "mlperf-training-v*-official-scores.csv")),
                       key=lambda p: version(re.search(r"-(v[0-9.]+)-official", p).group(1))):
        rnd = re.search(r"-(v[0-9]+\.[0-9]+)-official", path).group(1)
        with open(path, newline="") as f:
            table = list(csv.DictReader(f))
        matched = 0
        for t in table:
            key = (rnd, t["submitter"], t["system"], t["benchmark"])
            official.add(key)
            m = float(t["minutes"])
            if any(o["division"] == t["division"] and o["availability"] == t["availability"]
                   and o["accelerator"] == t["accelerator_model_name"]
                   and o["accelerators"] == t["accelerators"]
                   and abs(num(o["minutes"]) - m) <= 1e-9 * abs(m)
                   for o in keys.get(key, [])):
                matched += 1
        print("official %s %d/%d" % (rnd, matched, len(table)))
    extra = {}
    for o in objs:
        key = (o["round"], o["submitter"], o["system"], o["benchmark"])
        if key not in official:
            g = (o["round"], o["division"] or "none")
            extra[g] = extra.get(g, 0) + 1
    for (rnd, division), n in sorted(extra.items(), key=lambda x: (version(x[0][0]), x[0][1])):
        print("extra %s %s %d" % (rnd, division, n))
    repeated = {}
    for key, group in keys.items():
        if len(group) > 1:
            g = (key[0], ",".join(sorted(o["folder"] for o in group)))
            repeated[g] = repeated.get(g, 0) + 1
    for (rnd, folders), n in sorted(repeated.items(), key=lambda x: (version(x[0][0]), x[0][1])):
        print("repeated %s %d folders=%s" % (rnd, n, folders))

    # The summarizer's label of the official checker's verdict
    # (result_summarizer.py of mlcommons/logging from commit 2c49c47,
    # _compute_strong_scaling_scores), for every closed pair it checked.
    def label(verdict, passed):
        if passed == "1":
            return "Pass"
        if verdict == "RCP found":
            return "Fail"
        if verdict == "RCP Interpolation":
            return "Interp. Fail"
        if "Missing" in verdict:
            return "Missing"
        if verdict == "Cannot find any RCPs":
            return "No RCP"
        return "Unknown state"

    byfolder = {(o["round"], o["folder"], o["system"], o["benchmark"]): o for o in objs}
    same = checked = 0
    differ = []
    with open(os.path.join(data, "rcp-pairs.csv"), newline="") as f:
        for p in csv.DictReader(f):
            o = byfolder.get((p["round"], p["submitter"], p["system"], p["benchmark"]))
            if o is None:
                continue
            want = label(p["verdict"], p["passed"]) if p["verdict"] else None
            if want is None and o["rcp_verdict"] is None:
                continue
            checked += 1
            if want == o["rcp_verdict"]:
                same += 1
            else:
                differ.append("%s/%s/%s/%s" % (p["round"], p["submitter"], p["system"],
                                               p["benchmark"]))
    print("rcp %d/%d differ=%s" % (same, checked, " ".join(sorted(differ))))


def main():
    lib, dbpath, csvpath, jsonpath, docs = sys.argv[1:6]
    header, objs = check_files(lib, dbpath, csvpath, jsonpath, docs)
    if len(sys.argv) > 6:
        check_official(objs, sys.argv[6])
    finish()


if __name__ == "__main__":
    main()
