"""Cross-check mlpscale's k-means against scikit-learn.

Run by tests/kmeans_sklearn.test with Debian's /usr/bin/python3:

    /usr/bin/python3 tests/kmeans_sklearn.py MLPSCALE_LIB TMPDIR

Generates data with no ties (every row's nearest centre beats the second
nearest by a clear margin, checked after the fit), stores it in a SQLite
file under TMPDIR, and for each case compares

  * labels of kmeans(...) with init = an explicit array, n_init 1, against
    KMeans(algorithm='lloyd', init=<same array>, n_init=1, same tol and
    max_iter): identical;
  * inertia (sum of kmeans_centroids.sse) against KMeans.inertia_: 1e-9
    relative. The cases cover convergence by tol (scaled by the mean
    feature variance), by unchanged labels, by max_iter (the final E-step),
    tol 0, z-score scaling, and an empty cluster re-seeded from the
    farthest row;
  * mean of kmeans.silhouette, and kmeans_scan's silhouette, davies_bouldin
    and calinski_harabasz for the same k, against silhouette_score,
    davies_bouldin_score and calinski_harabasz_score on the labels that
    kmeans(source, k, options) returns: 1e-9 relative.

Prints one line per check, "NAME ok" or "NAME FAIL: why", and exits 0 when
all pass, 1 otherwise. Prints "skipped: <why>" and exits 2 when
scikit-learn (or numpy) cannot be imported.
"""
import json
import os
import sqlite3
import sys

try:
    import numpy as np
    from sklearn.cluster import KMeans
    from sklearn.metrics import (calinski_harabasz_score, davies_bouldin_score,
                                 silhouette_score)
except Exception as e:  # noqa: BLE001 - any import failure means skip
    print(f"skipped: scikit-learn is not importable ({type(e).__name__}: {e}): apt-get install python3-sklearn")
    sys.exit(2)

REL = 1e-9
failures = 0


def report(name, ok, why=""):
    global failures
    if ok:
        print(f"{name} ok")
    else:
        failures += 1
        print(f"{name} FAIL: {why}")


def close(a, b):
    return abs(a - b) <= REL * max(abs(a), abs(b), 1e-300)


def blobs(rng, n, d, k, spread):
    centres = rng.uniform(-10, 10, size=(k, d))
    which = rng.integers(0, k, size=n)
    return centres[which] + rng.normal(0, spread, size=(n, d))


def no_ties(X, centres):
    """Every row's nearest centre is clearly nearer than the second."""
    dist = ((X[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
    part = np.sort(dist, axis=1)
    return np.min(part[:, 1] - part[:, 0]) > 1e-6 * max(1.0, part.max())


def store(db, table, X):
    cols = ", ".join(f"f{j} REAL" for j in range(X.shape[1]))
    db.execute(f"DROP TABLE IF EXISTS {table}")
    # No id column: a table's every column is a feature, its rowid the id.
    db.execute(f"CREATE TABLE {table}({cols})")
    marks = ", ".join("?" for _ in range(X.shape[1]))
    db.executemany(f"INSERT INTO {table}(rowid, {cols.replace(' REAL', '')})"
                   f" VALUES (?, {marks})",
                   [(i + 1, *map(float, row)) for i, row in enumerate(X)])


def mlp_fit(db, table, k, opts):
    o = json.dumps(opts)
    rows = db.execute(f"SELECT id, cluster, silhouette FROM kmeans('{table}', ?, ?)"
                      " ORDER BY id", (k, o)).fetchall()
    labels = np.array([r[1] for r in rows])
    sil = [r[2] for r in rows]
    inertia = db.execute(f"SELECT sum(sse) FROM kmeans_centroids('{table}', ?, ?)",
                         (k, o)).fetchone()[0]
    return labels, sil, inertia


def case_lloyd(db, rng, name, n, d, k, spread, tol=1e-4, max_iter=300,
               scale="none", far_init=False):
    for _attempt in range(20):
        X = blobs(rng, n, d, k, spread)
        init = X[rng.choice(n, size=k, replace=False)].copy()
        if far_init:
            # One centre far from every row: its cluster is empty after the
            # first E-step and gets re-seeded with the farthest row.
            init[-1] = X.max(axis=0) + 100.0
        if scale == "zscore":
            mu, sd = X.mean(axis=0), X.std(axis=0)
            Xs, inits = (X - mu) / sd, (init - mu) / sd
        else:
            Xs, inits = X, init
        km = KMeans(n_clusters=k, init=inits, n_init=1, max_iter=max_iter,
                    tol=tol, algorithm="lloyd").fit(Xs)
        if no_ties(Xs, km.cluster_centers_):
            break
    else:
        report(name, False, "could not generate data without ties")
        return
    table = "t_" + name.replace("-", "_")
    store(db, table, X)
    opts = {"init": init.tolist(), "tol": tol, "max_iter": max_iter,
            "scale": scale, "silhouette": False}
    labels, _, inertia = mlp_fit(db, table, k, opts)
    if not np.array_equal(labels, km.labels_):
        report(name + "-labels", False,
               f"{int((labels != km.labels_).sum())} of {n} labels differ")
    else:
        report(name + "-labels", True)
    report(name + "-inertia", close(inertia, km.inertia_),
           f"mlpscale {inertia!r} sklearn {km.inertia_!r}")


def case_metrics(db, rng, name, n, d, k, spread, distance="euclidean"):
    X = blobs(rng, n, d, k, spread)
    if distance == "cosine":
        X = X + 25.0    # away from the origin: no zero rows
    table = "m_" + name.replace("-", "_")
    store(db, table, X)
    opts = {"seed": 3, "n_init": 2, "distance": distance}
    labels, sil, _ = mlp_fit(db, table, k, opts)
    metric = {"euclidean": "euclidean", "cosine": "cosine",
              "manhattan": "manhattan"}[distance]
    ref_sil = silhouette_score(X, labels, metric=metric)
    report(name + "-silhouette-rows", close(float(np.mean(sil)), ref_sil),
           f"mlpscale {np.mean(sil)!r} sklearn {ref_sil!r}")
    scan = db.execute(f"SELECT silhouette, davies_bouldin, calinski_harabasz"
                      f" FROM kmeans_scan('{table}', ?, ?) WHERE k = ?",
                      (k, json.dumps(opts), k)).fetchone()
    report(name + "-silhouette-scan", close(scan[0], ref_sil),
           f"mlpscale {scan[0]!r} sklearn {ref_sil!r}")
    if distance == "euclidean":
        ref_db = davies_bouldin_score(X, labels)
        ref_ch = calinski_harabasz_score(X, labels)
        report(name + "-davies-bouldin", close(scan[1], ref_db),
               f"mlpscale {scan[1]!r} sklearn {ref_db!r}")
        report(name + "-calinski-harabasz", close(scan[2], ref_ch),
               f"mlpscale {scan[2]!r} sklearn {ref_ch!r}")


def main():
    lib, tmpdir = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(os.path.join(tmpdir, "kmeans_sklearn.db"))
    db.enable_load_extension(True)
    db.load_extension(lib)
    rng = np.random.default_rng(20241129)
    case_lloyd(db, rng, "blobs", 600, 2, 4, 1.5)
    case_lloyd(db, rng, "overlap", 800, 3, 5, 4.0)
    case_lloyd(db, rng, "wide", 400, 7, 6, 3.0)
    case_lloyd(db, rng, "maxiter2", 700, 2, 6, 5.0, max_iter=2)
    case_lloyd(db, rng, "tol0", 500, 2, 5, 5.0, tol=0.0)
    case_lloyd(db, rng, "tolbig", 500, 3, 4, 5.0, tol=0.05)
    case_lloyd(db, rng, "reseed", 500, 2, 4, 2.0, far_init=True)
    case_lloyd(db, rng, "zscore", 500, 3, 4, 2.0, scale="zscore")
    case_metrics(db, rng, "metrics", 700, 3, 4, 2.0)
    case_metrics(db, rng, "metrics-cosine", 400, 3, 3, 3.0, distance="cosine")
    case_metrics(db, rng, "metrics-manhattan", 400, 2, 3, 2.0, distance="manhattan")
    db.close()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
