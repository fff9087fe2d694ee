"""alibaba_ceiling.py: the ordering study's reachable ceiling and its
replications, recomputed in plain Python from the shipped windows
(sql/data/alibaba_ordering_runs.sql), for tests/alibaba_ceiling.test.

    /usr/bin/python3 tests/alibaba_ceiling.py ROOT WARMUP

Reads the rows with one plain SELECT per table and does every mean, min and
count here. Prints, per (setting, factor, order, backfill) of the runs,
    ceiling|setting|factor|ord|backfill|windows|ceiling|utilization|gap|
        calm_windows|calm_ceiling|calm_utilization|overloaded_windows|
        overloaded_utilization
and per (setting, factor, order, backfill) of the replications,
    rep|setting|factor|ord|backfill|reps|utilization_min|utilization_max|
        ceiling_min|ceiling_max|vs_greedy_min|vs_greedy_max
with reals as %.17g (NULL as an empty field).
"""
import os
import sqlite3
import sys


def fmt(x):
    return "" if x is None else "%.17g" % x


def mean(xs):
    return sum(xs) / len(xs) if xs else None


def main():
    root, warmup = sys.argv[1], int(sys.argv[2])
    db = sqlite3.connect(":memory:")
    with open(os.path.join(root, "sql", "data", "alibaba_ordering_runs.sql")) as f:
        db.executescript(f.read())

    runs = {}
    for s, f, o, b, w, u, d in db.execute(
            "SELECT setting, factor, ord, backfill, w, utilization, demand"
            " FROM alibaba_study_windows"):
        if w >= warmup:
            runs.setdefault((s, f, o, b), []).append((u, d))
    for key in sorted(runs):
        rows = runs[key]
        ceiling = mean([min(d, 1.0) for u, d in rows])
        util = mean([u for u, d in rows])
        calm = [(u, d) for u, d in rows if d <= 1]
        over = [(u, d) for u, d in rows if d > 1]
        print("|".join(["ceiling", key[0], str(key[1]), key[2], key[3], str(len(rows)),
                        fmt(ceiling), fmt(util), fmt(ceiling - util), str(len(calm)),
                        fmt(mean([d for u, d in calm])), fmt(mean([u for u, d in calm])),
                        str(len(over)), fmt(mean([u for u, d in over]))]))

    reps = {}
    for s, f, r, o, b, w, u, d in db.execute(
            "SELECT setting, factor, rep, ord, backfill, w, utilization, demand"
            " FROM alibaba_study_rep_windows"):
        if w >= warmup:
            reps.setdefault((s, f, r, o, b), []).append((u, d))
    per = {k: (mean([u for u, d in v]), mean([min(d, 1.0) for u, d in v]))
           for k, v in reps.items()}
    groups = {}
    for (s, f, r, o, b), (u, c) in per.items():
        base = per[(s, f, r, "submit", "greedy")][0]
        groups.setdefault((s, f, o, b), []).append((u, c, u - base))
    for key in sorted(groups):
        g = groups[key]
        print("|".join(["rep", key[0], str(key[1]), key[2], key[3], str(len(g)),
                        fmt(min(x[0] for x in g)), fmt(max(x[0] for x in g)),
                        fmt(min(x[1] for x in g)), fmt(max(x[1] for x in g)),
                        fmt(min(x[2] for x in g)), fmt(max(x[2] for x in g))]))


main()
