"""Achieved coverage of mlperf_score_ci's interval, percentile against BCa,
on a model of MLPerf Training runs whose times cluster by the number of
evaluations a run needs to converge:

    t = T * (0.5 + E + 0.05 z)

E the evaluations, drawn from one of three small discrete distributions
(the pair's shape), T the time per evaluation (uniform on [1, 20] minutes
per pair), 0.5 T of set-up, z standard normal noise. Every run converges.
Each simulated pair has 5 or 10 runs, scored by the olympic rule
(max_dropped 1), and gets both intervals (level 0.95, 2000 resamples,
seed = the pair's number). The target is the pair's expected official
score, T times the mean olympic score of its shape (estimated once per
shape and run count from 40,000 simulated submissions): "what the same
system would score on average over repeated submissions". Coverage is the
share of pairs whose interval holds it; "below" and "above" split the
misses (the target below the interval, above it).

Everything is drawn from splitmix64 with a fixed seed (tests/ci_model.py),
so the output is the same on every machine. Run from the repository root:

    /usr/bin/python3 tests/bench/score_ci_coverage.py ./mlpscale.so [PAIRS [RESAMPLES]]

(`make bench` runs it through tests/bench/score_ci.sh; tests/ci_check.test
runs it too.) Standard library only.
"""
import json
import os
import sqlite3
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ci_model  # noqa: E402

SHAPES = (
    ((3, 4, 5), (0.25, 0.5, 0.25)),            # symmetric
    ((3, 4, 5, 6), (0.5, 0.3, 0.15, 0.05)),    # skewed to slow runs
    ((5, 6), (0.7, 0.3)),                      # two clusters
)
SIGMA = 0.05
SIZES = (5, 10)
TRUTH_DRAWS = 40000


def draw_evals(rng, shape):
    u = rng.uniform()
    values, probs = shape
    acc = 0.0
    for v, p in zip(values, probs):
        acc += p
        if u < acc:
            return v
    return values[-1]


def draw_run(rng, shape):
    return 0.5 + draw_evals(rng, shape) + SIGMA * rng.normal()


def truth(shape, n_runs, seed):
    rng = ci_model.SplitMix64(seed)
    total = 0.0
    for _ in range(TRUTH_DRAWS):
        runs = sorted(draw_run(rng, shape) for _ in range(n_runs))
        total += ci_model.olympic(runs, 0, 1)
    return total / TRUTH_DRAWS


def main():
    lib = sys.argv[1]
    pairs = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    resamples = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.abspath(lib))
    sql = ("SELECT mlperf_score_ci(value, 1, 1, 0.95, ?, ?, ?) "
           "FROM json_each(?)")
    print(f"model: t = T (0.5 + E + {SIGMA} z), {len(SHAPES)} shapes of E; "
          f"{pairs} pairs per size, {resamples} resamples, level 0.95")
    for n_runs in SIZES:
        mu = [truth(s, n_runs, 1000 + 10 * k + n_runs) for k, s in enumerate(SHAPES)]
        rng = ci_model.SplitMix64(n_runs)
        hits = {"percentile": [0, 0, 0], "bca": [0, 0, 0]}
        for i in range(pairs):
            k = rng.below(len(SHAPES))
            scale = 1.0 + 19.0 * rng.uniform()
            runs = [scale * draw_run(rng, SHAPES[k]) for _ in range(n_runs)]
            target = scale * mu[k]
            for method, h in hits.items():
                ci = json.loads(db.execute(sql, (resamples, i, method,
                                                 json.dumps(runs))).fetchone()[0])
                if target < ci["low"]:
                    h[1] += 1
                elif target > ci["high"]:
                    h[2] += 1
                else:
                    h[0] += 1
        for method, (inside, below, above) in hits.items():
            print(f"runs {n_runs:2d} {method:10s} coverage {inside / pairs:.4f} "
                  f"below {below / pairs:.4f} above {above / pairs:.4f}")


if __name__ == "__main__":
    main()
