"""k-means speed against pandas + scikit-learn, for tests/bench/kmeans.sh.

    /usr/bin/python3 tests/bench/kmeans_bench.py MLPSCALE_LIB FIT_HELPER TMPDIR

Builds a SQLite table of 1,000,000 rows x 4 features (8 overlapping
Gaussian blobs, fixed seed) in TMPDIR, then times, in this one run:

  end to end   mlpscale: one SQL statement clustering the table
                 (kmeans(...) grouped by cluster, every row produced)
               peer:     pandas.read_sql of the table + KMeans.fit
  fit alone    mlpscale: FIT_HELPER (ext/kmeans/kmeans.c on the matrix in memory)
               peer:     KMeans.fit on the numpy array in memory

with k = 8, n_init 1, max_iter 50 and tol 0 on both sides, so that both run
up to 50 Lloyd iterations (printed; the helper runs the same fit as the
SQL statement, same seed), k-means++ seeding included. Prints the
times and the ratios peer / mlpscale (> 1: mlpscale faster).
"""
import os
import subprocess
import sqlite3
import sys
import time

import numpy as np
import pandas as pd
from sklearn.cluster import KMeans
from threadpoolctl import threadpool_info

N, D, K, ITER = 1_000_000, 4, 8, 50


def main():
    lib, helper, tmpdir = sys.argv[1:4]
    path = os.path.join(tmpdir, "kmeans_bench.db")
    rng = np.random.default_rng(2024)
    centres = rng.uniform(-5, 5, size=(K, D))
    X = centres[rng.integers(0, K, size=N)] + rng.normal(0, 3.0, size=(N, D))
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE pts(a REAL, b REAL, c REAL, d REAL)")
    db.executemany("INSERT INTO pts VALUES (?, ?, ?, ?)", X.tolist())
    db.commit()
    db.close()
    del X

    opts = ('{"n_init": 1, "max_iter": %d, "tol": 0, "silhouette": false}' % ITER)
    db = sqlite3.connect(path)
    db.enable_load_extension(True)
    db.load_extension(lib)
    db.execute("SELECT count(*) FROM pts").fetchone()       # warm the page cache
    t = time.perf_counter()
    sizes = db.execute("SELECT cluster, count(*) FROM kmeans('pts', ?, ?) GROUP BY cluster",
                       (K, opts)).fetchall()
    t_sql = time.perf_counter() - t
    assert sum(n for _, n in sizes) == N and len(sizes) == K
    db.close()

    db = sqlite3.connect(path)
    t = time.perf_counter()
    df = pd.read_sql("SELECT * FROM pts", db)
    t_read = time.perf_counter() - t
    X = df.to_numpy()
    t = time.perf_counter()
    km = KMeans(n_clusters=K, n_init=1, max_iter=ITER, tol=0.0, algorithm="lloyd",
                random_state=0).fit(X)
    t_skfit = time.perf_counter() - t
    db.close()

    out = subprocess.run([helper, path, "pts", str(K), str(ITER), "0"], check=True,
                         capture_output=True, text=True).stdout.split()
    t_fit, mlp_iter = float(out[0]), int(out[1])

    threads = max((i.get("num_threads", 1) for i in threadpool_info()
                   if i.get("user_api") == "openmp"), default=1)
    print(f"data: {N} rows x {D} features, k = {K}, n_init 1, max_iter {ITER}, tol 0")
    print(f"iterations: mlpscale {mlp_iter}, scikit-learn {km.n_iter_}"
          f" (scikit-learn on {threads} OpenMP threads, mlpscale on 1)")
    print(f"end to end: mlpscale SQL {t_sql:.3f} s; pandas.read_sql {t_read:.3f} s"
          f" + KMeans.fit {t_skfit:.3f} s = {t_read + t_skfit:.3f} s")
    print(f"fit alone:  mlpscale {t_fit:.3f} s; KMeans.fit {t_skfit:.3f} s")
    print(f"ratio end to end (peer / mlpscale, target >= 2):   {(t_read + t_skfit) / t_sql:.2f}")
    print(f"ratio fit alone (mlpscale / peer, target <= 1.5):  {t_fit / t_skfit:.2f}")


if __name__ == "__main__":
    main()
