-- sql/report/03_choosing_k.sql: section 3, choosing k (review point 3: the
-- paper never states its k). Answers: per workload, what k do the usual
-- criteria pick, and does the answer survive a change of features?

INSERT INTO page VALUES
  (3, 0, 1, 0, 'h2', '3. Choosing k', 'choosing-k'),
  (3, 0, 2, 0, 'p', 'The paper clusters the systems of each workload with k-means but '
     || 'reports neither k nor the features. Below, kmeans_scan fits k = 1..6 '
     || '(k-means++, 10 initialisations, seed 0) on four feature sets and reports '
     || 'inertia, mean silhouette, Davies-Bouldin index and the Kneedle elbow of the '
     || 'inertia. The k used in section 2 is the best mean silhouette on feature set A.', NULL);

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
         (SELECT count(*) FROM kchoice c WHERE k_silhouette =
            (SELECT max(k) FROM kscan s WHERE s.benchmark = c.benchmark AND s.fs = c.fs)),
         (SELECT count(*) FROM kchoice)), NULL;

INSERT INTO page
  SELECT 3, 0, 4, -1, 'caption', 'The k each feature set and criterion picks', NULL
  UNION ALL
  SELECT 3, 0, 4, 0, 'th', json_array('workload', 'feature set', 'features',
         'k (best silhouette)', 'silhouette', 'Davies-Bouldin', 'k (elbow)'), NULL
  UNION ALL
  SELECT 3, 0, 4, row_number() OVER (ORDER BY f.ord, c.fs), 'tr',
         json_array(f.name, c.fs, fs.label, c.k_silhouette, printf('%.3f', s.silhouette),
                    printf('%.3f', s.davies_bouldin), c.k_elbow),
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
