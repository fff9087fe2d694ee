"""Achieved coverage of critical_batch's intervals of b_noise and e_min (the
ones the view rcp_critical_batch and the report show, level 0.95, drop 1):
the primary one, which carries the line's misfit (least squares over the
points with their residual variance: E_min +- t s.e., Fieller's interval of
B_noise), and the run-noise one (the stratified bootstrap of the runs,
2000 resamples), on data made from the model with misfit and noise like
the RCPs':

    crossing = E_min (1 + B / B_noise) + tau u_B + sd_B z
    run = d_B max(1, ceil(crossing / d_B))

u_B one standard normal per batch size and replication (the point's miss
of the line, a random effect). Convergence is quantized, as the RCPs' is:
a run is seen only at its evaluations, every d_B (rcp_brackets'
eval_interval of the batch size: 1 epoch for RetinaNet), so what it
reports is the first evaluation at or after its true crossing (the first
evaluation at the earliest). The truth
is the line critical_batch fits to the RCPs' midpoint readings (each RCP
mean less half its d_B: the crossings' best guess); sd_B the run noise of
the crossings, the RCP's rcp_stdev less the grid's own share by
Sheppard's correction, sqrt(max(0, rcp_stdev^2 - d_B^2 / 12)) (0 where
every reference run read one value, as at 4 of RetinaNet's 9 batch
sizes: there the misfit and the grid alone move the point); tau the
misfit's standard deviation of the design's RCPs: the square root of
their midpoint readings' residual variance about the line (SSres /
(points - 2)) less the mean variance of their means (rcp_stdev^2 /
n_runs), 0 when that is negative. The fit takes each run at its
bracket's midpoint (its reported value less d_B / 2), as the view does.

For each design, the RCPs of one benchmark (ruleset 4.1.0, and
llama31_405b of 5.0.0, whose RCPs have 6 runs each): its batch sizes, the
number of reference runs at each (n_runs) and their standard deviation
(rcp_stdev, in samples where the unit is samples, in epochs where it is
epochs) and evaluation interval, and the truth above. Each
replication draws every run anew (z standard normal, splitmix64 with a
fixed seed: tests/ci_model.py), fits it with its bootstrap (seed = the
replication's number) and counts whether each interval holds the truth
(b_noise_high null counts as unbounded). "refused" counts replications
without a fit (no batch effect measurable): they count as misses. Columns:
b_noise and e_min, the primary interval's coverage; noise_b_noise and
noise_e_min, the run-noise interval's on the same data; at_b_noise and
at_e_min, the primary interval's when the fit takes the runs as reported,
at their evaluations (the RCP means as published); tau_rel, tau over the
mean of the midpoint readings.

The output is the same on every machine. Run from the repository root:

    /usr/bin/python3 tests/bench/critical_coverage.py ./mlpscale.so [REPLICATIONS [RESAMPLES]]

tests/critical_check.test runs it and checks the band and the table of
docs/mlperf.md. Standard library only.
"""
import json
import math
import os
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ci_model  # noqa: E402
from pyhelp import connect, shell_sql  # noqa: E402

DESIGNS = (("4.1.0", "bert"), ("4.1.0", "dlrm_dcnv2"), ("4.1.0", "gnn"),
           ("4.1.0", "llama2_70b_lora"), ("4.1.0", "ssd"),
           ("4.1.0", "stable_diffusion"), ("5.0.0", "llama31_405b"))


def main():
    lib = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    resamples = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    db = connect(lib)
    db.executescript(shell_sql(root, "sql/schema.sql"))
    db.execute("CREATE TEMP TABLE sim(b REAL, s REAL, d REAL)")
    at_opts = json.dumps({"drop": 1, "resamples": 1, "level": 0.95, "on_refusal": "json"})
    opts = json.dumps({"drop": 1, "resamples": resamples, "level": 0.95, "seed": 0})
    print(f"model: run = d_B max(1, ceil((E_min (1 + B/B_noise) + tau u_B + sd_B z) / d_B)), the RCPs' "
          f"batch sizes, run counts, stdevs, misfit and evaluation grid d_B; {reps} replications, "
          f"{resamples} resamples, level 0.95")
    rng = ci_model.SplitMix64(20251203)
    for ruleset, bench in DESIGNS:
        pts = db.execute("SELECT r.batch_size, r.n_runs, r.rcp_stdev, r.rcp_mean - e.eval_interval"
                         " / 2.0, e.eval_interval FROM mlperf_rcps r JOIN rcp_brackets e"
                         " USING (ruleset, benchmark, batch_size)"
                         " WHERE ruleset = ? AND benchmark = ? ORDER BY batch_size",
                         (ruleset, bench)).fetchall()
        truth = json.loads(db.execute(
            "SELECT critical_batch(r.batch_size, r.rcp_mean - e.eval_interval / 2.0)"
            " FROM mlperf_rcps r JOIN rcp_brackets e USING (ruleset, benchmark, batch_size)"
            " WHERE ruleset = ? AND benchmark = ?", (ruleset, bench)).fetchone()[0])
        e_min, b_noise = truth["e_min"], truth["b_noise"]
        ss_res = sum((m - e_min * (1 + b / b_noise)) ** 2 for b, _, _, m, _ in pts)
        noise_var = sum(sd * sd / n for _, n, sd, _, _ in pts) / len(pts)
        tau = max(0.0, ss_res / (len(pts) - 2) - noise_var) ** 0.5
        tau_rel = tau / (sum(m for _, _, _, m, _ in pts) / len(pts))
        hold_b = hold_e = noise_b = noise_e = refused = at_b = at_e = 0
        for rep in range(reps):
            rows = []
            for b, n, sd, _, d in pts:
                mean = e_min * (1 + b / b_noise) + tau * rng.normal()
                sd_c = max(0.0, sd * sd - d * d / 12.0) ** 0.5
                rows.extend((b, d * max(1, math.ceil((mean + sd_c * rng.normal()) / d)), d)
                            for _ in range(n))
            db.execute("DELETE FROM sim")
            db.executemany("INSERT INTO sim VALUES (?, ?, ?)", rows)
            k = json.loads(db.execute("SELECT critical_batch(b, s, ?) FROM sim",
                                      (at_opts,)).fetchone()[0])
            if "refused" not in k:
                lo, hi = k["b_noise_ci"]
                at_b += lo <= b_noise and (hi is None or b_noise <= hi)
                lo, hi = k["e_min_ci"]
                at_e += lo <= e_min <= hi
            o = json.loads(opts)
            o["seed"] = rep
            o["on_refusal"] = "json"
            j = json.loads(db.execute("SELECT critical_batch(b, s - d / 2.0, ?) FROM sim",
                                      (json.dumps(o),)).fetchone()[0])
            if "refused" in j:
                refused += 1
                continue
            lo, hi = j["b_noise_ci"]
            hold_b += lo <= b_noise and (hi is None or b_noise <= hi)
            lo, hi = j["e_min_ci"]
            hold_e += lo <= e_min <= hi
            lo, hi = j["b_noise_noise_ci"]
            noise_b += lo <= b_noise and (hi is None or b_noise <= hi)
            lo, hi = j["e_min_noise_ci"]
            noise_e += lo <= e_min <= hi
        runs = sum(p[1] for p in pts)
        print(f"{ruleset} {bench:<16} points {len(pts):2d} runs {runs:3d} tau_rel {tau_rel:.4f} "
              f"b_noise {hold_b / reps:.4f} e_min {hold_e / reps:.4f} "
              f"noise_b_noise {noise_b / reps:.4f} noise_e_min {noise_e / reps:.4f} "
              f"refused {refused} at_b_noise {at_b / reps:.4f} at_e_min {at_e / reps:.4f}")


main()
