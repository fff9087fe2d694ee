-- sql/report/kmeans_choice.sql: the k-means fits behind sections 2 and 3,
-- read by 02_figures.sql after 00_base.sql. No page blocks: the tables
--   kmeans_config    one row: seed, n_init and row order of every fit
--   feature_sets     the four feature sets (a SELECT over sys per workload)
--   feature_sources  per workload and feature set, the SELECT and options
--   kscan            kmeans_scan of each, k = 1..6
--   kchoice          the k each set picks (best mean silhouette; elbow)
--
-- Restarts: k-means++ with n_init = 1000 (the limit, mlpscale_limit
-- 'kmeans_n_init'). With the old 10 restarts RetinaNet's set D got k = 2
-- from local optima at k = 5 and 6, and the same rows in the other order
-- gave k = 6; with 1000 every scan finds the same inertia at every k
-- whatever the seed and the row order. tests/report.test (report-50.x)
-- checks it: a caller may create kmeans_config first (another seed, rows
-- in 'DESC' order) and must get the same kchoice.
CREATE TEMP TABLE IF NOT EXISTS kmeans_config(seed INTEGER, n_init INTEGER, row_order TEXT);
INSERT INTO kmeans_config SELECT 0, 1000, 'ASC' WHERE NOT EXISTS (SELECT 1 FROM kmeans_config);

-- The feature sets: a SELECT over sys (first column the id) per workload;
-- %Q is the workload, %s the row order.
CREATE TEMP TABLE feature_sets(fs TEXT PRIMARY KEY, label TEXT, source TEXT, options TEXT);
INSERT INTO feature_sets VALUES
  ('A', 'log2 accelerators, log2 minutes; z-scored',
   'SELECT rowid, log2(accelerators), log2(minutes) FROM sys WHERE benchmark = %Q ORDER BY rowid %s',
   '{"scale":"zscore"}'),
  ('B', 'log2 accelerators, log2 E''; z-scored',
   'SELECT rowid, log2(accelerators), log2(e_prime) FROM sys WHERE benchmark = %Q ORDER BY rowid %s',
   '{"scale":"zscore"}'),
  ('C', 'accelerators, E'' in their own units; not scaled',
   'SELECT rowid, accelerators, e_prime FROM sys WHERE benchmark = %Q ORDER BY rowid %s',
   '{"scale":"none"}'),
  ('D', 'log2 accelerators only',
   'SELECT rowid, log2(accelerators) FROM sys WHERE benchmark = %Q ORDER BY rowid %s',
   '{"scale":"none"}');

CREATE TEMP TABLE feature_sources AS
  SELECT f.benchmark, fs.fs, printf(fs.source, f.benchmark, c.row_order) AS source,
         json_set(fs.options, '$.seed', c.seed, '$.n_init', c.n_init) AS options
    FROM focus f, feature_sets fs, kmeans_config c;

-- kmeans_scan of every workload and feature set, k = 1..6.
CREATE TEMP TABLE kscan AS
  SELECT x.benchmark, x.fs, s.*
    FROM feature_sources x, kmeans_scan(x.source, 6, x.options) s;

-- The k used: best mean silhouette (k >= 2), per workload and feature set.
CREATE TEMP TABLE kchoice AS
  SELECT benchmark, fs,
         max(CASE WHEN best_silhouette = 1 THEN k END) AS k_silhouette,
         max(CASE WHEN elbow = 1 THEN k END) AS k_elbow,
         max(k) AS k_max
    FROM kscan GROUP BY benchmark, fs;

-- The adjusted Rand index (Hubert & Arabie 1985) of two labelings c1, c2 of
-- the same rows, per (benchmark, what, pair): from the contingency table
-- n_ij with row sums a_i and column sums b_j, with E = sum C(a_i,2)
-- sum C(b_j,2) / C(n,2), ARI = (sum C(n_ij,2) - E) / ((sum C(a_i,2) +
-- sum C(b_j,2)) / 2 - E); 1 when the denominator is 0 (both labelings one
-- cluster, or both every row its own). Section 3 fills ari_input.
CREATE TEMP TABLE ari_input(benchmark TEXT, what TEXT, pair INTEGER, id, c1, c2);
CREATE TEMP VIEW ari AS
  WITH cont AS (
    SELECT benchmark, what, pair, c1, c2, count(*) AS nij FROM ari_input GROUP BY 1, 2, 3, 4, 5),
  rows1 AS (
    SELECT benchmark, what, pair, sum(a * (a - 1) / 2.0) AS sa
      FROM (SELECT benchmark, what, pair, sum(nij) AS a FROM cont GROUP BY 1, 2, 3, c1)
     GROUP BY 1, 2, 3),
  rows2 AS (
    SELECT benchmark, what, pair, sum(b * (b - 1) / 2.0) AS sb
      FROM (SELECT benchmark, what, pair, sum(nij) AS b FROM cont GROUP BY 1, 2, 3, c2)
     GROUP BY 1, 2, 3),
  agg AS (
    SELECT benchmark, what, pair, sum(nij * (nij - 1) / 2.0) AS idx,
           sum(nij) * (sum(nij) - 1) / 2.0 AS pairs_n
      FROM cont GROUP BY 1, 2, 3)
  SELECT benchmark, what, pair,
         CASE WHEN (sa + sb) / 2 = sa * sb / pairs_n THEN 1.0
              ELSE (idx - sa * sb / pairs_n) / ((sa + sb) / 2 - sa * sb / pairs_n) END AS ari
    FROM agg JOIN rows1 USING (benchmark, what, pair) JOIN rows2 USING (benchmark, what, pair);
