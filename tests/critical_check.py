"""critical_batch against numpy and scipy, run by tests/critical_check.test
with Debian's /usr/bin/python3 (python3-numpy, python3-scipy):

  fit-RULESET-BENCHMARK   for every (ruleset, benchmark) of mlperf_rcps, the
                          RCP means in samples (steps x batch size where
                          the progress unit is steps) at their brackets'
                          midpoints (each value less half its evaluation
                          interval, found here: the smallest gap between
                          two distinct values of its runs, else of the
                          benchmark's other points), fitted by
                          numpy.polyfit(B, E, 1) and
                          scipy.stats.linregress: e_min (the intercept),
                          b_noise (intercept / slope), r2 and the largest
                          relative error within 1e-9 of critical_batch's,
                          or, where critical_batch refuses, the reason
                          (fewer than 3 batch sizes, a slope <= 0, an
                          intercept <= 0) numpy's line gives too; the
                          interval with misfit (the view's e_min_low ...
                          b_noise_high: OLS covariance with the residual
                          variance, scipy.stats.t.ppf, Fieller's interval
                          solved with numpy) and the lack-of-fit p-value
                          (scipy.stats.chi2.sf of the residuals^2 over the
                          points' variances), within 1e-9; the view's
                          reading ('mid', or 'at' without an interval) and
                          its b_noise_before and b_noise_at (numpy's line
                          through the means less one interval, and
                          through the means as published).
  boot-RULESET-BENCHMARK  (ruleset 4.1.0, and stable_diffusion 3.1.0 in
                          steps) the stratified bootstrap (the view
                          rcp_critical_batch's _noise_ intervals, 2000 resamples,
                          seed 0, level 0.95) redone in numpy on the same
                          draws (tests/ci_model.py's splitmix64): each
                          batch size's runs drawn with replacement, the
                          olympic mean of the draws (np.mean of the sorted
                          draws without drop from each end), np.polyfit,
                          np.quantile of the intercepts and of slope/e_min,
                          inverted: every end within 1e-9, resamples_flat
                          equal.

Prints "NAME ok" or "NAME FAIL: why" per check; exits 2 with a "skipped:"
line when numpy or scipy cannot be imported.
"""
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ci_model  # noqa: E402  (splitmix64 and the draw below n of ext/base/util.h)
from pyhelp import connect, finish, report, shell_sql  # noqa: E402

try:
    import numpy as np
    from scipy import stats
except Exception as e:  # noqa: BLE001 - any import failure means skip
    print(f"skipped: numpy or scipy is not importable ({type(e).__name__}: {e}): "
          "apt-get install python3-numpy python3-scipy")
    sys.exit(2)


def close(a, b, tol=1e-9):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(1.0, abs(b))


def olympic(values, drop):
    v = np.sort(np.asarray(values, dtype=np.float64))
    return float(np.mean(v[drop:len(v) - drop]))


def fieller(a, b, va, vb, cab, t):
    qa, qb, qc = b * b - t * t * vb, a * b - t * t * cab, a * a - t * t * va
    disc = qb * qb - qa * qc
    if qa > 0 and disc >= 0:
        lo, hi = (qb - math.sqrt(disc)) / qa, (qb + math.sqrt(disc)) / qa
    elif qa < 0 and disc >= 0:
        small, large = (qb + math.sqrt(disc)) / qa, (qb - math.sqrt(disc)) / qa
        lo, hi = (0.0 if small > 0 else large), None
    else:
        lo, hi = 0.0, None
    return max(lo, 0.0), hi


def check_misfit(x, y, variances, intercept, slope, mine, why, level=0.95):
    m = len(x)
    X = np.column_stack([np.ones(m), x])
    res = y - (intercept + slope * x)
    cov = float(res @ res) / (m - 2) * np.linalg.inv(X.T @ X)
    t = stats.t.ppf((1 + level) / 2, m - 2)
    se = math.sqrt(cov[0, 0])
    lo, hi = fieller(intercept, slope, cov[0, 0], cov[1, 1], cov[0, 1], t)
    ok = variances > 0
    p = float(stats.chi2.sf(float(np.sum(res[ok] ** 2 / variances[ok])), int(ok.sum()) - 2)) \
        if ok.sum() >= 3 else None
    for label, ref, tol in (("e_min_low", intercept - t * se, 1e-7),
                            ("e_min_high", intercept + t * se, 1e-7),
                            ("b_noise_low", lo, 1e-7), ("b_noise_high", hi, 1e-7),
                            ("lack_of_fit_p", p, 1e-6)):
        got = mine.get(label)
        if ref is not None and label == "lack_of_fit_p":
            if not (got is not None and abs(got - ref) <= tol * ref + 1e-300):
                why.append(f"{label} {got!r}, scipy {ref!r}")
        elif not close(got, None if ref is None else float(ref), tol):
            why.append(f"{label} {got!r}, numpy/scipy {ref!r}")


def check_fit(name, bs, means, mine, variances=None, extra=()):
    why = list(extra)
    if len(bs) < 3:
        if mine.get("refused") != f"needs at least 3 batch sizes, got {len(bs)}":
            why.append(f"expected a refusal for {len(bs)} batch sizes, got {mine}")
        report(name, "; ".join(why))
        return
    x = np.asarray(bs, dtype=np.float64)
    y = np.asarray(means, dtype=np.float64)
    slope, intercept = np.polyfit(x, y, 1)
    lr = stats.linregress(x, y)
    if not close(lr.slope, slope, 1e-9) or not close(lr.intercept, intercept, 1e-9):
        why.append(f"numpy {slope!r} {intercept!r} and scipy {lr.slope!r} {lr.intercept!r} differ")
    if slope <= 0:
        if not str(mine.get("refused", "")).startswith("no batch effect measurable"):
            why.append(f"numpy's slope {slope!r} <= 0, got {mine}")
    elif intercept <= 0:
        if not str(mine.get("refused", "")).startswith("no positive e_min"):
            why.append(f"numpy's intercept {intercept!r} <= 0, got {mine}")
    else:
        fitted = intercept + slope * x
        r2 = 1 - float(np.sum((y - fitted) ** 2)) / float(np.sum((y - y.mean()) ** 2))
        for label, ref in (("e_min", float(intercept)), ("b_noise", float(intercept / slope)),
                           ("slope", float(slope)), ("r2", r2),
                           ("max_rel_error", float(np.max(np.abs(fitted / y - 1)))),
                           ("r2 (scipy)", float(lr.rvalue ** 2))):
            key = label.split(" ")[0]
            if not close(mine.get(key), ref):
                why.append(f"{label} {mine.get(key)!r}, numpy/scipy {ref!r}")
        if variances is not None:
            check_misfit(x, y, variances, float(intercept), float(slope), mine, why)
    report(name, "; ".join(why))


def quantile(a, p):
    """Type 7 quantile of sorted a, an infinite neighbour giving itself
    (as critQuantile)."""
    h = p * (len(a) - 1)
    k = math.floor(h)
    if k >= len(a) - 1:
        return a[-1]
    frac = h - k
    if frac == 0 or math.isinf(a[k]):
        return a[k]
    if math.isinf(a[k + 1]):
        return a[k + 1]
    return a[k] + frac * (a[k + 1] - a[k])


def check_boot(name, groups, drop, mine, resamples=2000, seed=0, level=0.95):
    """groups: [(b, [samples...])] in ascending b, each sorted."""
    rng = ci_model.SplitMix64(seed)
    x = np.asarray([b for b, _ in groups], dtype=np.float64)
    e_mins, ks, flat = [], [], 0
    for _ in range(resamples):
        ys = []
        for _, runs in groups:
            draws = [runs[rng.below(len(runs))] for _ in range(len(runs))]
            ys.append(olympic(draws, drop))
        slope, intercept = np.polyfit(x, np.asarray(ys), 1)
        e_mins.append(intercept)
        ks.append(slope / intercept if intercept > 0 else (math.inf if slope > 0 else 0.0))
        flat += slope <= 0
    lo, hi = (1 - level) / 2, (1 + level) / 2
    e_lo, e_hi = np.quantile(e_mins, lo), np.quantile(e_mins, hi)
    ks = np.sort(np.asarray(ks))
    k_lo = quantile(list(ks), lo)
    k_hi = quantile(list(ks), hi)
    b_lo = 1 / k_hi if k_hi > 0 else None
    b_hi = 1 / k_lo if k_lo > 0 else None
    why = []
    for label, got, ref in (("e_min_noise_low", mine["e_min_noise_low"], float(e_lo)),
                            ("e_min_noise_high", mine["e_min_noise_high"], float(e_hi)),
                            ("b_noise_noise_low", mine["b_noise_noise_low"], b_lo),
                            ("b_noise_noise_high", mine["b_noise_noise_high"], b_hi)):
        if not close(got, ref):
            why.append(f"{label} {got!r}, numpy {ref!r}")
    if mine["resamples_flat"] != flat:
        why.append(f"resamples_flat {mine['resamples_flat']}, numpy {flat}")
    report(name, "; ".join(why))


# The bootstraps redone: ruleset 4.1.0's, and the one in steps.
BOOT_STEPS = ("3.1.0", "stable_diffusion")


def main():
    lib, root = sys.argv[1], sys.argv[2]
    db = connect(lib)
    db.executescript(shell_sql(root, "sql/schema.sql"))
    rows = db.execute(
        "SELECT r.ruleset, r.benchmark, m.progress_unit, r.batch_size, r.rcp_mean, r.runs"
        "  FROM mlperf_rcps r JOIN mlperf_rules m USING (ruleset, benchmark)"
        " ORDER BY r.ruleset, r.benchmark, r.batch_size").fetchall()
    # The evaluation interval of each RCP point, found here on its own: the
    # smallest gap between two distinct values of its runs, else the
    # smallest of the benchmark's other points (rcp_brackets' rule).
    gaps = {}
    for ruleset, bench, _, b, _, runs in rows:
        v = sorted(set(json.loads(runs)))
        gaps[(ruleset, bench, b)] = min((v[i + 1] - v[i] for i in range(len(v) - 1)),
                                        default=None)
    by = {}
    for ruleset, bench, unit, b, mean, runs in rows:
        f = b if unit == "steps" else 1
        d = gaps[(ruleset, bench, b)]
        if d is None:
            d = min((g for (r2, b2, _), g in gaps.items()
                     if r2 == ruleset and b2 == bench and g is not None), default=None)
        by.setdefault((ruleset, bench), []).append(
            (b, mean * f, sorted(v * f for v in json.loads(runs)),
             None if d is None else d * f))
    view = {}
    for r in db.execute("SELECT ruleset, benchmark, e_min, b_noise, slope, r2, max_rel_error,"
                        " refused, e_min_low, e_min_high, b_noise_low, b_noise_high,"
                        " resamples_flat, e_min_noise_low, e_min_noise_high, b_noise_noise_low,"
                        " b_noise_noise_high, lack_of_fit_p, reading, b_noise_before,"
                        " b_noise_at FROM rcp_critical_batch"
                        " LEFT JOIN (SELECT ruleset, benchmark,"
                        "   critical_batch(batch_size, (rcp_mean - coalesce(e.eval_interval, 0)"
                        "     / 2.0) * iif(m.progress_unit = 'steps', batch_size, 1),"
                        "     '{\"on_refusal\":\"json\"}')->>'slope' AS slope"
                        "   FROM mlperf_rcps JOIN mlperf_rules m USING (ruleset, benchmark)"
                        "   JOIN rcp_brackets e USING (ruleset, benchmark, batch_size)"
                        "  GROUP BY ruleset, benchmark) USING (ruleset, benchmark)"):
        keys = ("e_min", "b_noise", "slope", "r2", "max_rel_error", "refused", "e_min_low",
                "e_min_high", "b_noise_low", "b_noise_high", "resamples_flat",
                "e_min_noise_low", "e_min_noise_high", "b_noise_noise_low",
                "b_noise_noise_high", "lack_of_fit_p", "reading", "b_noise_before",
                "b_noise_at")
        view[(r[0], r[1])] = {k: v for k, v in zip(keys, r[2:]) if v is not None or
                              k in ("b_noise_low", "b_noise_high", "b_noise_noise_low",
                                    "b_noise_noise_high", "lack_of_fit_p", "b_noise_before",
                                    "b_noise_at")}
    for (ruleset, bench), pts in sorted(by.items()):
        mine = view[(ruleset, bench)]
        drop = 4 if bench == "unet3d" else 1
        # The fit's reading: each value at its bracket's midpoint, where
        # every point has an interval; else the values as published.
        bracketed = all(p[3] is not None for p in pts)
        half = [p[3] / 2 if bracketed else 0.0 for p in pts]
        extra = []
        if mine.get("reading") != ("mid" if bracketed else "at"):
            extra.append(f"reading {mine.get('reading')!r}, expected bracketed={bracketed}")
        for label, shift, key in (("before", 1.0, "b_noise_before"), ("at", 0.0, "b_noise_at")):
            if len(pts) < 3 or (label == "before" and not bracketed):
                want = None
            else:
                x = np.asarray([p[0] for p in pts], dtype=np.float64)
                y = np.asarray([p[1] - (shift * p[3] if bracketed else 0.0) for p in pts])
                sl, ic = np.polyfit(x, y, 1)
                want = float(ic / sl) if sl > 0 and ic > 0 else None
            if not close(mine.get(key), want):
                extra.append(f"{key} {mine.get(key)!r}, numpy {want!r}")
        pts = [(p[0], p[1] - h, [v - h for v in p[2]]) for p, h in zip(pts, half)]
        kept = [sorted(p[2])[drop:len(p[2]) - drop] for p in pts]
        variances = np.asarray([float(np.var(k, ddof=1)) / len(k) if len(k) > 1 else 0.0
                                for k in kept])
        check_fit(f"fit-{ruleset}-{bench}", [p[0] for p in pts], [p[1] for p in pts], mine,
                  variances, extra)
        if "refused" not in mine and (ruleset == "4.1.0" or (ruleset, bench) == BOOT_STEPS):
            check_boot(f"boot-{ruleset}-{bench}", [(p[0], p[2]) for p in pts], drop, mine)
    finish()


main()
