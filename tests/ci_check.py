"""Cross-check mlpscale's bootstrap intervals against tests/ci_model.py, a
plain-Python re-implementation from docs/metrics.md with the same random
numbers (splitmix64 and the unbiased draw of ext/base/util.h):

  * mlperf_score_ci, 'percentile' and 'bca': runs with ties (times that
    cluster), failed runs, max_dropped 4, all runs equal, 3 runs (whose
    leave-one-out scores do not exist: acceleration 0), levels, seeds;
    score, low and high within 1e-12 relative. The normal quantile of the
    BCa levels is Python's statistics.NormalDist (Wichura's AS241, as the
    extension), its CDF erfc.
  * breakeven_ci, every criterion: a noisy Amdahl curve with two rows per
    n, a four-point curve, a censored curve (still linear at its largest
    n), the H100 curves of the shipped v4.1 round; JSON equal. The residuals
    are those of scaling_fit's relative fit of the fastest time per size
    (comm from 4 sizes, else Amdahl), read from its JSON: that fit is
    checked against scipy by tests/fit_scipy.test; the draws, break-evens
    and order statistics are re-implemented here.

    /usr/bin/python3 tests/ci_check.py MLPSCALE_LIB ROOTDIR

Prints one line per case, "NAME ok" or "NAME FAIL: why", and exits 0 when
all pass, 1 otherwise. Standard library only.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ci_model  # noqa: E402
from pyhelp import connect, finish, report, shell_sql  # noqa: E402


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-12 * max(1.0, abs(b))


def main():
    lib, root = sys.argv[1], sys.argv[2]
    db = connect(lib)

    r = ci_model.SplitMix64(19)
    clustered = [round(10 * (0.5 + 4 + r.below(3)) + 0.1 * r.uniform(), 6) for _ in range(10)]
    score_cases = {
        "ten": ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0, 1, 0.95, 2000, 0),
        "clustered": (clustered, 0, 1, 0.95, 2000, 5),
        "ties": ([10, 10, 10, 12, 12, 14, 10, 12, 20, 10], 0, 1, 0.95, 1000, 3),
        "failed": ([3.1, 4.7, 5.2, 6.9, 8.3], 1, 1, 0.9, 500, 7),
        "unet3d": ([100, 101, 150, 151, 152, 200, 99, 98, 97, 300, 305, 310],
                   2, 4, 0.8, 700, -5),
        "equal": ([5, 5, 5, 5, 5], 0, 1, 0.95, 300, 1),
        "three": ([1, 2, 3], 0, 1, 0.95, 200, 2),
        "five": ([62.1, 60.0, 71.5, 60.2, 59.9], 0, 1, 0.99, 4000, 11),
    }
    for name, (times, nd, md, level, b, seed) in score_cases.items():
        rows = [[t, 1] for t in times] + [[None, 0]] * nd
        for method in ("percentile", "bca"):
            got = json.loads(db.execute(
                "SELECT mlperf_score_ci(value->>0, value->>1, ?, ?, ?, ?, ?) "
                "FROM json_each(?)", (md, level, b, seed, method,
                                      json.dumps(rows))).fetchone()[0])
            exp = ci_model.score_ci(times, nd, md, level, b, seed, method)
            bad = [k for k in ("score", "low", "high") if not close(got[k], exp[k])]
            report(f"score-{name}-{method}",
                   f"{got} against {exp}" if bad else None)

    curves = {
        "noisy": [(2.0 ** k, (1 + 64 / 2 ** k) * (1 + 0.1 * r.uniform()))
                  for k in range(11) for _ in range(2)],
        "four": [(8, 10), (16, 6), (32, 4.5), (64, 4)],
        "censored": [(1, 100), (2, 50), (4, 25), (8, 12.6)],
    }
    db.executescript(shell_sql(root, "sql/rounds/mlperf_training_v4.1.sql"))
    for bench in ("bert", "llama2_70b_lora", "ssd"):
        curves[f"h100-{bench}"] = db.execute(
            "SELECT accelerators, minutes FROM results WHERE benchmark = ? "
            "AND accelerator_model_name LIKE '%H100%'", (bench,)).fetchall()
    for name, pts in curves.items():
        for crit, theta in (("efficacy", None), ("marginal", 0.5),
                            ("knee", None), ("efficiency", 0.7)):
            got = db.execute(
                "SELECT breakeven_ci(value->>0, value->>1, ?, ?, 0.9, 1000, 3) "
                "FROM json_each(?)", (crit, theta, json.dumps(pts))).fetchone()[0]
            got = json.loads(got) if got is not None else None
            fastest = ci_model.fastest_per_n(pts)
            model = "comm" if len(fastest) >= 4 else "amdahl"
            fit = db.execute(
                "SELECT scaling_fit(value->>0, value->>1, ?, '{\"loss\":\"relative\"}') "
                "FROM json_each(?)", (model, json.dumps(fastest))).fetchone()[0]
            fit = json.loads(fit)
            coef = (fit["a"], fit["b"], fit.get("c", 0.0))
            exp = ci_model.breakeven_ci(pts, coef, crit, theta or 0.5, 0.9, 1000, 3)
            report(f"breakeven-{name}-{crit}",
                   None if got == exp else f"{got} against {exp}")
    finish()


if __name__ == "__main__":
    main()
