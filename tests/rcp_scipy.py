"""Cross-check mlpscale's rcp_checker arithmetic against numpy and scipy.

Run by tests/rcp_scipy.test with Debian's /usr/bin/python3:

    /usr/bin/python3 tests/rcp_scipy.py MLPSCALE_LIB

Checks, each printed as "NAME ok" or "NAME FAIL: why":

  olympic_mean        random lists of length 1..200 (values of every
                      magnitude, integers among them), drop 0, 1, 2 and 4:
                      olympic_mean(x, drop) must equal numpy.mean of
                      sorted(x)[drop:len - drop] exactly (repr), NULL where
                      numpy's list is empty;
  olympic_mean_large  the same for lengths around numpy's 8192-value
                      buffer and beyond (8191 ... 20001), where np.mean sums
                      block by block;
  student_t_cdf       student_t_cdf(t, df) against scipy.stats.t.cdf over
                      df 1..100 (and 0.5, 2.5, 1000) and t in [-50, 50]:
                      within 1e-12 relative to scipy's value;
  student_t_cdf_extreme  df from the smallest double to 1e6: within 1e-12
                      relative to scipy for df up to 1e-3, 1e-10 for df
                      1e4 to 1e6; 1/2 where df is below 2e-323 and |t| > 1
                      (scipy's stdtr answers 0 or 1 there);
  rcp_min_mean        rcp_min_mean(mean, stdev, n_ref, n_subm) against the
                      checker's own _find_min_acceptable_mean and
                      _find_p_value (copied below as the checker has them at
                      5.1.0-rc4, the same since 1.0.0 but for where
                      submission_runs comes from), on a grid of means,
                      standard deviations and counts: EQUAL (every bisection
                      decision the same), with alpha 0.05 and tolerance 1e-4;
  rcp_min_mean_opts   the same with other alphas and tolerances.

Exits 0 when all pass, 1 otherwise; prints "skipped: <why>" and exits 2 when
numpy or scipy cannot be imported.
"""
import random
import sqlite3
import sys

try:
    import numpy as np
    import scipy.stats
except Exception as e:  # noqa: BLE001 - any import failure means skip
    print(f"skipped: scipy is not importable ({type(e).__name__}: {e}): apt-get install python3-scipy")
    sys.exit(2)

failures = 0


def report(name, bad, total):
    global failures
    if bad:
        failures += 1
        print(f"{name} FAIL: {len(bad)} of {total} differ, first: {bad[:3]}")
    else:
        print(f"{name} ok")


def connect(lib):
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(lib)
    return db


# ---- the checker's code (rcp_checker.py, 5.1.0-rc4), self's fields as
# ---- arguments: alpha, tolerance, and num_samples_subm = submission_runs - 2

def _find_p_value(subm_mean, subm_stdev, subm_num_samples,
                  ref_mean, ref_stdev, ref_num_samples,
                  alpha=0.05):
    t_stat, p_value = scipy.stats.ttest_ind_from_stats(
                          subm_mean, subm_stdev, subm_num_samples,
                          ref_mean, ref_stdev, ref_num_samples,
                          equal_var=True)

    # convert from 2-sided test to 1-sided test
    if t_stat < 0:
        p_value = p_value / 2
    else:
        p_value = 1 - (p_value / 2)
    return p_value > alpha, p_value


def _find_min_acceptable_mean(mean, stdev, num_samples_ref, num_samples_subm,
                              alpha=0.05, tolerance=0.0001):
    if stdev == 0:
        return mean
    mean_max = mean
    mean_min = 0.0
    mean_mid = (mean_min + mean_max) / 2
    while mean_max - mean_min > tolerance:
        # We assume similar stdev between submission and reference
        # Samples and means are different for p-value function
        _, p_value = _find_p_value(
                         mean_mid, stdev, num_samples_ref,
                         mean, stdev, num_samples_subm,
                         alpha)
        if p_value > alpha:
            mean_max = mean_mid
        else:
            mean_min = mean_mid
        mean_mid = (mean_min + mean_max) / 2

    return mean_mid


# ---- checks

def random_list(rng, n):
    """Values of one scale (as a run's epochs are) or of every scale."""
    kind = rng.randrange(4)
    if kind == 0:
        return [rng.randint(1, 100) for _ in range(n)]
    if kind == 1:
        return [round(rng.uniform(1, 60), 3) for _ in range(n)]
    if kind == 2:
        return [rng.uniform(-1, 1) * 10.0 ** rng.randint(-8, 8) for _ in range(n)]
    return [rng.randint(1, 10**9) * rng.choice([1, 1.5, 1e-3, 7.25e4]) for _ in range(n)]


def check_olympic(db, name, lengths, rng):
    db.execute("DROP TABLE IF EXISTS v")
    db.execute("CREATE TABLE v(g INTEGER, d INTEGER, x)")
    expect = {}
    g = 0
    for n in lengths:
        for drop in (0, 1, 2, 4):
            xs = random_list(rng, n)
            db.executemany("INSERT INTO v VALUES (?, ?, ?)", [(g, drop, x) for x in xs])
            db.execute("INSERT INTO v VALUES (?, ?, NULL)", (g, drop))
            kept = sorted(xs)[drop:len(xs) - drop]
            expect[g] = repr(float(np.mean(kept))) if kept else None
            g += 1
    got = {g: (repr(m) if m is not None else None)
           for g, m in db.execute("SELECT g, olympic_mean(x, d) FROM v GROUP BY g")}
    bad = [(g, got.get(g), e) for g, e in expect.items() if got.get(g) != e]
    report(name, bad, len(expect))


def check_student(db):
    dfs = list(range(1, 101)) + [0.5, 2.5, 1000]
    ts = [float(t) for t in np.linspace(-50, 50, 201)] + [-1e-9, 1e-9, -0.05, 0.05]
    bad = []
    total = 0
    for df in dfs:
        for t in ts:
            (got,) = db.execute("SELECT student_t_cdf(?, ?)", (t, df)).fetchone()
            want = float(scipy.stats.t.cdf(t, df))
            total += 1
            if not abs(got - want) <= 1e-12 * abs(want):
                bad.append((t, df, got, want))
    report("student_t_cdf", bad, total)


def check_student_extreme(db):
    """Tiny and huge df, to the ends of the documented range (0, 1e6]."""
    ts = [float(t) for t in np.linspace(-50, 50, 201)] + [-1e-9, 1e-9, -1e300, 1e300]
    bad = []
    total = 0
    for df in (5e-324, 1e-323, 1e-320, 1e-310, 2.3e-308, 1e-300, 1e-200, 1e-100,
               1e-20, 1e-10, 1e-5, 1e-3, 1e4, 1e5, 3e5, 1e6):
        for t in ts:
            (got,) = db.execute("SELECT student_t_cdf(?, ?)", (t, df)).fetchone()
            want = float(scipy.stats.t.cdf(t, df))
            if abs(t) > 1 and (df < 2e-323 or (df <= 1e-3 and abs(t) > 1e200)):
                # scipy's stdtr takes df/(df + t^2) to 0 there and answers 0
                # or 1; the value is 1/2 within df |log(t^2/df)| (mpmath).
                if df < 2e-323:
                    want = 0.5
                else:
                    continue
            total += 1
            tol = 1e-10 if df >= 1e4 else 1e-12
            # below the smallest normal double scipy gives 0, we the subnormal
            if got is None or not abs(got - want) <= max(tol * abs(want), 1e-300):
                bad.append((t, df, got, want))
    report("student_t_cdf_extreme", bad, total)


def check_min_mean(db, name, options, means):
    bad = []
    total = 0
    for alpha, tol in options:
        for mean in means:
            for stdev in (0.0, 1e-3, 0.1, 1.0, 2.5, 0.05 * mean, 0.3 * mean):
                for n_ref in (1, 2, 3, 5, 8, 16, 20):
                    for n_subm in (2, 3, 8, 38):
                        want = _find_min_acceptable_mean(mean, stdev, n_ref, n_subm,
                                                         alpha, tol)
                        (got,) = db.execute("SELECT rcp_min_mean(?, ?, ?, ?, ?, ?)",
                                            (mean, stdev, n_ref, n_subm, alpha, tol)).fetchone()
                        total += 1
                        if repr(got) != repr(float(want)):
                            bad.append((mean, stdev, n_ref, n_subm, alpha, tol, got, want))
    report(name, bad, total)


def main():
    db = connect(sys.argv[1])
    rng = random.Random(18)
    check_olympic(db, "olympic_mean", range(1, 201), rng)
    check_olympic(db, "olympic_mean_large",
                  [8191, 8192, 8193, 8194, 8199, 8200, 8208, 16384, 16393, 20001], rng)
    check_student(db)
    check_student_extreme(db)
    check_min_mean(db, "rcp_min_mean", [(0.05, 0.0001)],
                   [0.25, 1.0, 3.7, 15.0, 40.0, 64.2, 1000.0, 12345.6, 2.5e6])
    check_min_mean(db, "rcp_min_mean_opts", [(0.01, 0.0001), (0.1, 1e-6), (0.05, 0.5)],
                   [1.0, 40.0, 12345.6])
    sys.exit(1 if failures else 0)


main()
