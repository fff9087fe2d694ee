#!/usr/bin/python3
"""The summarizer's layout of `make export` (build/export/summary*.csv,
sql/export.sql) against the official tables, for tests/export.test.
Standard library only.

    summary_check.py EXPORT DATA

EXPORT the folder make export wrote, DATA tests/data. Prints one line per
check, "NAME ok" or "NAME FAIL: why", and:

- "summary vX.Y MATCHED/ROWS TEXT": each row of the official table
  DATA/mlperf-training-vX.Y-official-scores.csv found in summary_vX.Y.csv
  (the row of its submitter and systems file, system_file) with the same
  division, accelerator_model_name and accelerators_count, the
  availability the official one is in the summarizer's names (its
  config.yaml map: rounds before v2.0 print the raw status), and the time
  in the benchmark's column to 1e-9 relative; TEXT counts those whose text
  is the official one character for character;
- "systems vX.Y MATCHED/ROWS": each row of the summarizer's own --csv
  table DATA/mlperf-training-vX.Y-summarizer-summary.csv (kept for the
  rounds it is there for) found, by details_url, with every column the
  summarizer writes equal as text (availability: once in its names), and
  every benchmark column with a time equal to 1e-9 relative.

Then the checks of every file: "availability" (only the summarizer's four
names, or empty where the systems file has no status), "files" (a file per
round of the long export, both kinds, and the all-rounds pair holding
every round's rows), "detailed" (time_to_train equal to the summary's
column).
"""
import csv
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pyhelp import report, finish  # noqa: E402

NAMES = {"Available on-premise", "Available cloud", "Preview",
         "Research, Development, or Internal (RDI)"}
# mlperf_logging/result_summarizer/config.yaml (mlcommons/logging 7bbf792),
# looked up as written, then in lower case.
AVAILABILITY = {
    "available on-premise": "Available on-premise", "onprem": "Available on-premise",
    "available": "Available on-premise", "available onprem": "Available on-premise",
    "available cloud": "Available cloud", "cloud": "Available cloud",
    "research, development, or internal (rdi)": "Research, Development, or Internal (RDI)",
    "rdi": "Research, Development, or Internal (RDI)",
    "research": "Research, Development, or Internal (RDI)",
    "development": "Research, Development, or Internal (RDI)",
    "internal": "Research, Development, or Internal (RDI)",
    "preview": "Preview",
    # The spellings of earlier rounds' systems files no summarizer config
    # lists, which mlperf_systems maps by hand (ext/mlperf/rules.c).
    "on-premise": "Available on-premise", "available on premise": "Available on-premise",
    "available in cloud": "Available cloud",
}


def normalized(a):
    if a in NAMES:
        return a
    return AVAILABILITY.get(a.lower(), "?" + a)


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def close(a, b):
    a, b = float(a), float(b)
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def main(export, data):
    files = {os.path.basename(p): read(p)
             for p in glob.glob(os.path.join(export, "summary*.csv"))}
    long_rounds = sorted({r["round"] for r in
                          read(os.path.join(export, "mlperf_training_results.csv"))})
    missing = [f for r in long_rounds
               for f in ("summary_%s.csv" % r, "summary_detailed_%s.csv" % r) if f not in files]
    why = ""
    if missing or "summary.csv" not in files or "summary_detailed.csv" not in files:
        why = "missing %s" % (missing or "the all-rounds files")
    else:
        for kind in ("summary", "summary_detailed"):
            whole = files[kind + ".csv"]
            parts = [row for r in long_rounds for row in files["%s_%s.csv" % (kind, r)]]
            key = lambda row: (row["round"], row["folder"], row["system_file"])  # noqa: E731
            if sorted(map(key, whole)) != sorted(map(key, parts)):
                why = "%s.csv is not the rounds' files together" % kind
    report("files", why)

    bad = []
    for name, rows in files.items():
        for row in rows:
            a = row["availability"]
            if a not in NAMES and not (a == "" and row["status"] == ""):
                bad.append("%s %s/%s %r" % (name, row["folder"], row["system_file"], a))
    report("availability", "; ".join(bad[:5]))

    bad = []
    for r in long_rounds:
        summary = {(row["folder"], row["system_file"]): row
                   for row in files.get("summary_%s.csv" % r, [])}
        for row in files.get("summary_detailed_%s.csv" % r, []):
            s = summary.get((row["folder"], row["system_file"]))
            for col, v in row.items():
                if col.endswith(":time_to_train") and (s is None or s[col[:-14]] != v):
                    bad.append("%s %s/%s %s" % (r, row["folder"], row["system_file"], col))
    report("detailed", "; ".join(bad[:5]))

    for path in sorted(glob.glob(os.path.join(data, "mlperf-training-v*-official-scores.csv"))):
        r = re.search(r"-(v[0-9.]+)-official", path).group(1)
        ours = {}
        for row in files.get("summary_%s.csv" % r, []):
            ours.setdefault((row["submitter"], row["system_file"]), []).append(row)
        official = read(path)
        matched = text = 0
        bad = []
        for o in official:
            got = [w for w in ours.get((o["submitter"], o["system"]), [])
                   if w["division"] == o["division"]
                   and w["availability"] == normalized(o["availability"])
                   and w["accelerator_model_name"] == o["accelerator_model_name"]
                   and w["accelerators_count"] == o["accelerators"]
                   and w.get(o["benchmark"]) and close(w[o["benchmark"]], o["minutes"])]
            if got:
                matched += 1
                text += any(w[o["benchmark"]] == o["minutes"] for w in got)
            else:
                bad.append("%s/%s/%s" % (o["submitter"], o["system"], o["benchmark"]))
        print("summary %s %d/%d %d%s" % (r, matched, len(official), text,
                                          (" missing=" + ",".join(bad[:3])) if bad else ""))

    for path in sorted(glob.glob(os.path.join(data, "mlperf-training-v*-summarizer-summary.csv"))):
        r = re.search(r"-(v[0-9.]+)-summarizer", path).group(1)
        ours = {}
        for row in files.get("summary_%s.csv" % r, []):
            ours.setdefault(row["details_url"], []).append(row)
        official = read(path)
        matched = 0
        bad = []
        for o in official:
            def same(w):
                for col, v in o.items():
                    if col not in w:
                        return False
                    if col == "availability":
                        # A round's own summarizer may print the raw status.
                        if w[col] != normalized(v):
                            return False
                    elif v and re.fullmatch(r"[-+0-9.e]+", v) and col not in (
                            "number_of_nodes", "host_processors_count", "accelerators_count"):
                        if not (w[col] and close(w[col], v)):
                            return False
                    elif w[col] != v:
                        return False
                return True
            if any(same(w) for w in ours.get(o["details_url"], [])):
                matched += 1
            else:
                w = (ours.get(o["details_url"]) or [{}])[0]
                diff = [c for c in o if w.get(c) != o[c]]
                bad.append("%s %s" % (o["details_url"].rsplit("/", 1)[-1], diff[:3]))
        print("systems %s %d/%d%s" % (r, matched, len(official),
                                       (" differ=" + "; ".join(bad[:3])) if bad else ""))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.stderr.write("usage: summary_check.py EXPORT DATA\n")
        sys.exit(2)
    main(sys.argv[1], sys.argv[2])
    finish()
