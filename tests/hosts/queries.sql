-- The queries tests/hosts.test runs through every host (one per line; lines
-- starting with -- are skipped). Each result is text or integers, so every
-- host prints it the same way: the columns of a row joined by '|'.
SELECT printf('%.6f', speedup(366.18525, 5.5088));
SELECT group_concat(id || ':' || cluster, ' ') FROM kmeans('SELECT 1, 0, 0 UNION ALL SELECT 2, 0, 2 UNION ALL SELECT 3, 10, 10 UNION ALL SELECT 4, 10, 12 UNION ALL SELECT 5, 1, 1', 2);
SELECT substr(s, 1, 5), instr(s, '<svg') > 0, length(s) FROM (SELECT svg_plot(x, y) AS s FROM (SELECT 1 AS x, 1 AS y UNION ALL SELECT 2, 4 UNION ALL SELECT 4, 16));
SELECT group_concat(id || ':' || start || '-' || finish, ' ') FROM gpu_schedule('SELECT 1 AS id, 3 AS gpus, 10 AS runtime UNION ALL SELECT 2, 2, 5 UNION ALL SELECT 3, 8, 2', 8);
SELECT count(*), sum(converged) FROM mlperf_runs('tests/mlperf/training_results_v4.1');
