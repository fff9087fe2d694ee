-- sql/report/03_choosing_k.sql: section 3, choosing k (review point 3: the
-- paper never states its k). Answers: per workload, what k do the usual
-- criteria pick, does the answer survive a change of features, are the
-- clusters the same from one seed to the next, and what does clustering
-- add to a question of time against accelerators? The fits are those of
-- kmeans_choice.sql (read by 02_figures.sql): feature_sources, kscan,
-- kchoice, and the adjusted Rand index, the view ari.

-- The same scans with scikit-learn's former default of 10 initialisations
-- (seed 0, rows in order): where they end above the inertia of the report's
-- scans they stopped in a local optimum, and their k may differ.
CREATE TEMP TABLE kscan10 AS
  SELECT x.benchmark, x.fs, s.k, s.inertia, s.best_silhouette
    FROM feature_sources x, kmeans_scan(x.source, 6, json_set(x.options, '$.n_init', 10)) s;
CREATE TEMP TABLE kchoice10 AS
  SELECT t.benchmark, t.fs, f.name,
         max(CASE WHEN t.best_silhouette = 1 THEN t.k END) AS k_silhouette,
         sum(t.inertia > s.inertia * (1 + 1e-9)) AS worse
    FROM kscan10 t JOIN kscan s USING (benchmark, fs, k) JOIN focus f USING (benchmark)
   GROUP BY t.benchmark, t.fs;

INSERT INTO page
  SELECT 3, 0, 1, 0, 'h2', '3. Choosing k', 'choosing-k'
  UNION ALL
  SELECT 3, 0, 2, 0, 'p', printf('The paper clusters the systems of each workload with k-means but '
     || 'reports neither k nor the features. Below, kmeans_scan fits k = 1..6 '
     || '(k-means++, %d initialisations, seed %d) on four feature sets and reports '
     || 'inertia, mean silhouette, Davies-Bouldin index and the Kneedle elbow of the '
     || 'inertia. The k used in section 2 is the best mean silhouette on feature set A. '
     || 'With %d initialisations the scans find the same inertia at every k, and so the '
     || 'same k, whatever the seed and the order of the rows (tests/report.test re-runs '
     || 'them on the rows in reverse order with another seed). With 10 initialisations, '
     || '%d of %d scans stop in a local optimum (a higher inertia) at some k, and %d pick '
     || 'another k%s.', n_init, seed, n_init,
     (SELECT count(*) FROM kchoice10 WHERE worse > 0), (SELECT count(*) FROM kchoice10),
     (SELECT count(*) FROM kchoice10 t JOIN kchoice c USING (benchmark, fs)
       WHERE t.k_silhouette IS NOT c.k_silhouette),
     coalesce((SELECT ' (' || group_concat(x, '; ') || ')'
                 FROM (SELECT printf('%s set %s: %d instead of %d', t.name, t.fs,
                                     t.k_silhouette, c.k_silhouette) AS x
                         FROM kchoice10 t JOIN kchoice c USING (benchmark, fs)
                         JOIN focus f USING (benchmark)
                        WHERE t.k_silhouette IS NOT c.k_silhouette ORDER BY f.ord, t.fs)), '')), NULL
    FROM kmeans_config;

INSERT INTO page
  SELECT 3, 0, 3, 0, 'p', printf('The choice is fragile: in %d of %d workloads the four '
         || 'feature sets do not agree on the best-silhouette k, and in %d of %d the '
         || 'elbow and the silhouette disagree on set A. Across workloads and feature '
         || 'sets, the best-silhouette k ranges from %d to %d, and %d of %d times it is the '
         || 'largest k scanned: the mean silhouette keeps rising as clusters shrink to '
         || 'single configurations, so it does not find a natural k either.',
         (SELECT count(*) FROM (SELECT benchmark FROM kchoice GROUP BY benchmark
                                 HAVING count(DISTINCT k_silhouette) > 1)),
         (SELECT count(DISTINCT benchmark) FROM kchoice),
         (SELECT count(*) FROM kchoice WHERE fs = 'A' AND k_elbow IS NOT k_silhouette),
         (SELECT count(*) FROM kchoice WHERE fs = 'A'),
         (SELECT min(k_silhouette) FROM kchoice), (SELECT max(k_silhouette) FROM kchoice),
         (SELECT count(*) FROM kchoice WHERE k_silhouette = k_max),
         (SELECT count(*) FROM kchoice)), NULL;

-- Stability across seeds: per workload and feature set, at its chosen k,
-- the labels of seeds 0..9 with one k-means++ run each (n_init 1) and with
-- the report's initialisations (where a k was chosen: a workload of too
-- few distinct points has no silhouette); set D is also fitted at set A's k, to
-- compare the clusters of set A with those of the accelerator count alone.
CREATE TEMP TABLE klabels AS
  SELECT x.benchmark, x.fs, n.value AS n_init, sd.value AS seed, m.id, m.cluster
    FROM feature_sources x JOIN kchoice c USING (benchmark, fs),
         json_each(json_array(1, (SELECT n_init FROM kmeans_config))) n,
         json_each('[0,1,2,3,4,5,6,7,8,9]') sd,
         kmeans(x.source, c.k_silhouette,
                json_set(x.options, '$.seed', sd.value, '$.n_init', n.value)) m
   WHERE c.k_silhouette IS NOT NULL
  UNION ALL
  SELECT x.benchmark, 'D at k of A', c.n_init, c.seed, m.id, m.cluster
    FROM feature_sources x JOIN kchoice a ON a.benchmark = x.benchmark AND a.fs = 'A',
         kmeans_config c, kmeans(x.source, a.k_silhouette, x.options) m
   WHERE x.fs = 'D' AND a.k_silhouette IS NOT NULL;

-- The 45 pairs of seeds per workload, feature set and n_init ('A 1',
-- 'A 1000', ...), and set A against set D at the same k ('A vs D').
INSERT INTO ari_input
  SELECT a.benchmark, a.fs || ' ' || a.n_init, a.seed * 10 + b.seed, a.id, a.cluster, b.cluster
    FROM klabels a JOIN klabels b USING (benchmark, fs, n_init, id)
   WHERE a.seed < b.seed AND a.fs <> 'D at k of A'
  UNION ALL
  SELECT a.benchmark, 'A vs D', 0, a.id, a.cluster, d.cluster
    FROM klabels a JOIN klabels d USING (benchmark, n_init, seed, id)
   WHERE a.fs = 'A' AND d.fs = 'D at k of A';

CREATE TEMP TABLE kstability AS
  SELECT c.benchmark, c.fs, c.k_silhouette AS k,
         avg(CASE WHEN a.what = c.fs || ' 1' THEN a.ari END) AS mean_1,
         min(CASE WHEN a.what = c.fs || ' 1' THEN a.ari END) AS min_1,
         avg(CASE WHEN a.what <> c.fs || ' 1' THEN a.ari END) AS mean_n,
         min(CASE WHEN a.what <> c.fs || ' 1' THEN a.ari END) AS min_n
    FROM kchoice c JOIN ari a ON a.benchmark = c.benchmark
     AND a.what IN (c.fs || ' 1', c.fs || ' ' || (SELECT n_init FROM kmeans_config))
   GROUP BY c.benchmark, c.fs;

INSERT INTO page
  SELECT 3, 0, 5, 0, 'p', printf('Stability. Each feature set is fitted again at its chosen k '
         || 'with seeds 0 to 9, and the 45 pairs of labelings are compared by the adjusted Rand '
         || 'index (1: the same partition; about 0: no more alike than chance). With one '
         || 'k-means++ run per seed the mean index is %.3f to %.3f per workload and feature set '
         || '(lowest single pair %.3f, %s set %s): one run often lands in another partition. '
         || 'With %d initialisations every pair of seeds gives %s.',
         min(mean_1), max(mean_1), min(min_1),
         (SELECT f.name FROM kstability s JOIN focus f USING (benchmark) ORDER BY min_1, f.ord, fs LIMIT 1),
         (SELECT fs FROM kstability s JOIN focus f USING (benchmark) ORDER BY min_1, f.ord, fs LIMIT 1),
         (SELECT n_init FROM kmeans_config),
         CASE WHEN min(min_n) = 1 THEN 'the same partition (index 1)'
              ELSE printf('a mean index of %.3f to %.3f (lowest %.3f)', min(mean_n), max(mean_n),
                          min(min_n)) END), NULL
    FROM kstability HAVING count(*) > 0;

INSERT INTO page
  SELECT 3, 0, 6, -1, 'caption', 'Adjusted Rand index between the labelings of 10 seeds '
         || '(45 pairs), at each feature set''s best-silhouette k', NULL
  UNION ALL
  SELECT 3, 0, 6, 0, 'th', json_array('workload', 'feature set', 'k', 'one run: mean ARI',
         'one run: min ARI', printf('%d initialisations: mean ARI', n_init),
         printf('%d initialisations: min ARI', n_init)), NULL
    FROM kmeans_config
  UNION ALL
  SELECT 3, 0, 6, row_number() OVER (ORDER BY f.ord, s.fs), 'tr',
         json_array(f.name, s.fs, s.k, printf('%.3f', s.mean_1), printf('%.3f', s.min_1),
                    printf('%.3f', s.mean_n), printf('%.3f', s.min_n)),
         CASE WHEN s.fs = 'A' THEN 'ref' END
    FROM kstability s JOIN focus f USING (benchmark);

-- What the clustering adds. Per workload: the correlation r of log2
-- accelerators and log2 minutes; after z-scoring (set A), the first
-- principal component holds (1 + |r|) / 2 of the variance, and a system's
-- place on it is z_acc + sign(r) z_min. Then, for the clusters of set A
-- (the table clusters of section 2): the pairs of clusters whose ranges
-- overlap along that component, and along the accelerator count. A
-- workload whose times or sizes do not vary has no such line.
CREATE TEMP TABLE kline AS
  WITH m AS (
    SELECT benchmark, avg(x) AS mx, avg(y) AS my,
           sqrt(avg(x * x) - avg(x) * avg(x)) AS sx, sqrt(avg(y * y) - avg(y) * avg(y)) AS sy,
           avg(x * y) - avg(x) * avg(y) AS cxy
      FROM (SELECT benchmark, log2(accelerators) AS x, log2(minutes) AS y
              FROM sys JOIN focus USING (benchmark))
     GROUP BY benchmark
    HAVING sx > 0 AND sy > 0)
  SELECT s.rowid AS id, s.benchmark, s.accelerators, c.cluster, cxy / (sx * sy) AS r,
         (log2(s.accelerators) - mx) / sx + sign(cxy) * (log2(s.minutes) - my) / sy AS pc1
    FROM sys s JOIN m USING (benchmark) JOIN clusters c ON c.id = s.rowid;

CREATE TEMP TABLE kadds AS
  WITH ranges AS (
    SELECT benchmark, cluster, min(pc1) AS lo, max(pc1) AS hi,
           min(accelerators) AS alo, max(accelerators) AS ahi
      FROM kline GROUP BY benchmark, cluster),
  overlaps AS (
    SELECT a.benchmark, sum(a.lo <= b.hi AND b.lo <= a.hi) AS on_line,
           sum(a.alo <= b.ahi AND b.alo <= a.ahi) AS on_accelerators
      FROM ranges a JOIN ranges b ON b.benchmark = a.benchmark AND a.cluster < b.cluster
     GROUP BY a.benchmark)
  SELECT f.benchmark, f.name, f.ord, max(l.r) AS r, (1 + abs(max(l.r))) / 2 AS pc1_share,
         count(DISTINCT l.cluster) AS k, coalesce(o.on_line, 0) AS on_line,
         coalesce(o.on_accelerators, 0) AS on_accelerators,
         (SELECT ari FROM ari a WHERE a.benchmark = f.benchmark AND a.what = 'A vs D') AS ari_d
    FROM focus f JOIN kline l USING (benchmark) LEFT JOIN overlaps o USING (benchmark)
   GROUP BY f.benchmark;

INSERT INTO page
  SELECT 3, 0, 7, 0, 'p', printf('What the clustering adds. Time and accelerator count are '
         || 'nearly one dimension: per workload, log2 minutes and log2 accelerators correlate '
         || 'at r = %.2f to %.2f, so after z-scoring the first principal component holds %.1f%% '
         || 'to %.1f%% of the variance of set A. In %d of %d workloads the clusters of set A are '
         || 'disjoint intervals along that component, that is, cuts of the systems sorted by '
         || 'size and speed together; in %d of %d they are disjoint ranges of the accelerator '
         || 'count alone. Against k-means on log2 accelerators alone (set D) at the same k, the '
         || 'adjusted Rand index is %.2f to %.2f. ',
         min(r), max(r), 100 * min(pc1_share), 100 * max(pc1_share),
         sum(on_line = 0), count(*), sum(on_accelerators = 0), count(*), min(ari_d), max(ari_d))
         || CASE WHEN sum(on_line = 0) = count(*)
                 THEN 'Clustering here adds nothing to the one-dimensional question of time '
                      || 'against accelerators: it only chooses where to cut a line of points, '
                      || 'and the cut points are what the criteria above disagree on.'
                 ELSE printf('Clustering adds nothing beyond cutting that line in %d of %d '
                      || 'workloads; in %s, clusters overlap along it, separating systems of '
                      || 'similar size by time.', sum(on_line = 0), count(*),
                      (SELECT group_concat(name, ', ') FROM (SELECT name FROM kadds
                        WHERE on_line > 0 ORDER BY ord))) END, NULL
    FROM kadds HAVING count(*) > 0;

INSERT INTO page
  SELECT 3, 0, 8, -1, 'caption', 'The clusters of set A against the line of time and '
         || 'accelerators', NULL
  UNION ALL
  SELECT 3, 0, 8, 0, 'th', json_array('workload', 'r (log2 accelerators, log2 minutes)',
         'variance on the first component', 'k', 'cluster pairs overlapping along it',
         'cluster pairs overlapping in accelerators', 'ARI against set D at the same k'), NULL
  UNION ALL
  SELECT 3, 0, 8, ord, 'tr',
         json_array(name, printf('%.3f', r), printf('%.1f%%', 100 * pc1_share), k, on_line,
                    on_accelerators, printf('%.3f', ari_d)), NULL
    FROM kadds;

INSERT INTO page
  SELECT 3, 0, 4, -1, 'caption', 'The k each feature set and criterion picks', NULL
  UNION ALL
  SELECT 3, 0, 4, 0, 'th', json_array('workload', 'feature set', 'features',
         'k (best silhouette)', 'silhouette', 'Davies-Bouldin', 'k (elbow)'), NULL
  UNION ALL
  SELECT 3, 0, 4, row_number() OVER (ORDER BY f.ord, c.fs), 'tr',
         -- no k chosen (too few systems): no kscan row, and printf would
         -- print its NULLs as 0.000
         json_array(f.name, c.fs, fs.label, c.k_silhouette,
                    iif(s.silhouette IS NULL, 'undefined', printf('%.3f', s.silhouette)),
                    iif(s.davies_bouldin IS NULL, 'undefined', printf('%.3f', s.davies_bouldin)),
                    c.k_elbow),
         CASE WHEN c.fs = 'A' THEN 'ref' END
    FROM kchoice c JOIN focus f USING (benchmark) JOIN feature_sets fs USING (fs)
    LEFT JOIN kscan s ON s.benchmark = c.benchmark AND s.fs = c.fs AND s.k = c.k_silhouette;

INSERT INTO page
  SELECT 3, f.ord, 1, -1, 'caption', f.name || ': kmeans_scan on feature set A', NULL
    FROM focus f
  UNION ALL
  SELECT 3, f.ord, 1, 0, 'th', json_array('k', 'inertia', 'silhouette', 'Davies-Bouldin',
         'Calinski-Harabasz', 'best silhouette', 'elbow'), NULL
    FROM focus f
  UNION ALL
  SELECT 3, f.ord, 1, s.k, 'tr',
         json_array(s.k, printf('%.3f', s.inertia),
                    CASE WHEN s.silhouette IS NOT NULL THEN printf('%.3f', s.silhouette) END,
                    CASE WHEN s.k > 1 THEN printf('%.3f', s.davies_bouldin) END,
                    CASE WHEN s.calinski_harabasz IS NOT NULL
                         THEN printf('%.2f', s.calinski_harabasz) END,
                    CASE s.best_silhouette WHEN 1 THEN 'yes' ELSE '' END,
                    CASE s.elbow WHEN 1 THEN 'yes' ELSE '' END),
         CASE WHEN s.best_silhouette = 1 THEN 'hl' END
    FROM focus f JOIN kscan s ON s.benchmark = f.benchmark AND s.fs = 'A';
