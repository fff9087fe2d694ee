#!/usr/bin/python3
# Converts the --csv output of MLCommons' result summarizer (one row per
# system, one column per benchmark) into the tables of this folder (one row
# per benchmark, submitter, system pair). `system` is the systems file name
# taken from details_url. Used for v5.0 and v5.1:
#   /usr/bin/python3 tests/data/summarizer_csv.py SUMMARY.csv > mlperf-training-vX.Y-official-scores.csv
import csv, sys

META = {"division", "availability", "submitter", "system", "number_of_nodes",
        "host_processor_model_name", "host_processors_count",
        "accelerator_model_name", "accelerators_count", "framework", "notes",
        "details_url", "code_url"}
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
out = []
for r in rows:
    system = r["details_url"].rsplit("/", 1)[-1]
    assert system.endswith(".json"), r["details_url"]
    for bench in r:
        if bench in META or not r[bench]:
            continue
        out.append((bench, r["submitter"], system[:-5], r["division"],
                    r["availability"], r["accelerator_model_name"],
                    r["accelerators_count"], r[bench]))
out.sort()
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["benchmark", "submitter", "system", "division", "availability",
            "accelerator_model_name", "accelerators", "minutes"])
for o in out:
    for f in o:
        assert "," not in f and '"' not in f, o
    w.writerow(o)
