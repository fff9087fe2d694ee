#!/usr/bin/python3
# Converts the power table the result summarizer writes beside its --csv
# (SUMMARY_power.csv: two header rows naming benchmark and perf/power, then
# one row per system) into one row per pair: benchmark, submitter, system
# (the systems file name from details_url), minutes (perf) and energy_j
# (power: joules to train, the olympic mean times the scaling factor).
#   /usr/bin/python3 tests/data/summarizer_power_csv.py SUMMARY_power.csv > mlperf-training-vX.Y-official-energy.csv
import csv, sys

rows = list(csv.reader(open(sys.argv[1], newline="")))
bench, metric, names = rows[0], rows[1], rows[2]
col = {n: i for i, n in enumerate(names) if n}
out = []
for r in rows[3:]:
    system = r[col["details_url"]].rsplit("/", 1)[-1][:-len(".json")]
    got = {}
    for i in range(len(r)):
        if bench[i] and r[i]:
            got.setdefault(bench[i], {})[metric[i]] = r[i]
    for b, m in got.items():
        if "power" in m:
            out.append((b, r[col["submitter"]], system, m.get("perf", ""), m["power"]))
out.sort()
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["benchmark", "submitter", "system", "minutes", "energy_j"])
for o in out:
    w.writerow(o)
