-- sql/model_hpc_scaling.sql: the paper's metrics on MLPerf HPC, read by
-- sql/model.sql after sql/model_hpc.sql (whose views hpc_strong, hpc_weak
-- and hpc_copies it reads). Every view leaves out the folders that copy
-- another (copy_of): a result published again is no new evidence.
-- Idempotent. Run from the repository root.
--
-- The size n of an HPC result is its machine's system_scale (view
-- hpc_machines): its accelerator count, or on a CPU-only system its node
-- count; unit says which ('accelerator' or 'node'). E' compares
-- time x n, so it is defined only between results of one unit and one
-- hardware: a CPU node is not a GPU, and E' between them would measure the
-- exchange rate of one for the other, not scaling.

-- Every scored strong result of its own (no copy), with its size in its
-- unit, its hardware (accelerator model, host processor and accelerators
-- per node as the system description states them) and its runs as
-- e_prime_interval takes them (a JSON array of minutes x the scaling
-- factor, null for a run that did not converge). sd_log is its run spread
-- and interval_note whether it meets the one rule for showing an E'
-- interval, as result_spread (sql/model.sql) gives them.
CREATE VIEW IF NOT EXISTS hpc_strong_points AS
SELECT h.round, h.submitter, h.system, h.benchmark, h.division,
       m.unit, m.system_scale AS n, h.nodes, m.accelerator, m.host, m.per_node,
       h.minutes, h.runs, h.converged_runs, r.max_dropped, r.run_minutes, g.sd_log,
       g.interval_note
  FROM hpc_strong h
  JOIN hpc_machines m ON m.round = h.round AND m.submitter = h.submitter AND m.system = h.system
  JOIN (SELECT round, submitter, system, benchmark, max(max_dropped) AS max_dropped,
               '[' || group_concat(CASE WHEN converged = 1 AND minutes IS NOT NULL
                                        THEN printf('%!.17g', minutes * scaling_factor)
                                        ELSE 'null' END, ',') || ']' AS run_minutes
          FROM (SELECT * FROM hpc_runs WHERE scaling = 'strong' ORDER BY run)
         GROUP BY round, submitter, system, benchmark) r
    ON r.round = h.round AND r.submitter = h.submitter AND r.system = h.system
   AND r.benchmark = h.benchmark
  JOIN result_spread g ON g.suite = 'hpc' AND g.round = h.round AND g.submitter = h.submitter
   AND g.system = h.system AND g.benchmark = h.benchmark
 WHERE h.copy_of IS NULL AND h.minutes IS NOT NULL
   AND m.system_scale > 0;

-- Strong-scaling curves: per round, benchmark, division and hardware
-- (accelerator, host, per_node: one machine type), the fastest result of
-- each size n (ties: submitter, system), every size against the curve's
-- smallest n0 (time t0): speedup(t0, t) and E' = e_prime(t0, t, n0, n).
-- Only curves of 2 sizes or more. Open and closed results are never on one
-- curve (open results may change the model). E' here is the paper's metric
-- along one machine's curve: on a CPU-only machine it compares node-minutes.
--
-- low and high: e_prime_interval's 95% interval of E' from both results'
-- runs, only where both meet the one rule for showing it, Training's too
-- (sql/data/e_prime_interval_rule.sql: the conditions under which its
-- coverage was simulated, docs/metrics.md, "Coverage of the intervals": 5
-- or 10 runs a result, the fastest and the slowest dropped, at most 1 run
-- not converged, a run spread up to that of the simulated clustered runs);
-- else NULL, and interval_note says which condition fails (n0's first).
-- The interval takes the two results as given (not the choice of the
-- fastest of a size) and the noise as one of the simulated shapes, which a
-- few runs cannot confirm.
CREATE VIEW IF NOT EXISTS hpc_strong_scaling AS
WITH fastest AS (
  SELECT * FROM (
    SELECT p.*, row_number() OVER (
             PARTITION BY round, benchmark, division, accelerator, host, per_node, n
             ORDER BY minutes, submitter, system) AS k
      FROM hpc_strong_points p)
   WHERE k = 1),
curves AS (
  SELECT f.*, min(n) OVER c AS n0, max(n) OVER c AS n_max, count(*) OVER c AS sizes
    FROM fastest f
  WINDOW c AS (PARTITION BY round, benchmark, division, accelerator, host, per_node)),
paired AS (
  SELECT c.*, b.submitter AS submitter0, b.system AS system0, b.minutes AS t0,
         b.run_minutes AS run_minutes0, b.runs AS runs0, b.max_dropped AS max_dropped0,
         b.converged_runs AS converged_runs0, b.sd_log AS sd_log0,
         CASE WHEN c.n <> c.n0 THEN coalesce(b.interval_note, c.interval_note)
         END AS interval_note
    FROM curves c
    JOIN fastest b ON b.round = c.round AND b.benchmark = c.benchmark
                  AND b.division = c.division AND b.accelerator IS c.accelerator
                  AND b.host IS c.host AND b.per_node IS c.per_node AND b.n = c.n0
   WHERE c.sizes >= 2),
iv AS (
  SELECT p.*,
         CASE WHEN p.n <> p.n0 AND p.interval_note IS NULL
              THEN e_prime_interval(p.run_minutes0, p.run_minutes, p.n0, p.n,
                                    json_object('drop', p.max_dropped)) END AS interval
    FROM paired p)
SELECT round, benchmark, division, unit, accelerator, host, per_node, sizes, n, nodes,
       submitter, system, minutes AS t, n0, submitter0, system0, t0, n_max,
       speedup(t0, minutes) AS speedup, e_prime(t0, minutes, n0, n) AS e_prime,
       CASE WHEN n = n0 THEN 1.0 ELSE json_extract(interval, '$.low') END AS low,
       CASE WHEN n = n0 THEN 1.0 ELSE json_extract(interval, '$.high') END AS high,
       interval_note
  FROM iv;

-- Weak scaling per accelerator: every scored weak result of its own (no
-- copy), its throughput (models per minute) per unit of the machine, with
-- both instance scales. per_unit_described = throughput / system_scale:
-- models per minute per accelerator (or node) of the whole system the
-- description states. per_unit_logs = throughput / (concurrent_max x S):
-- per accelerator the instances' own logs claim were in use at the
-- busiest moment. Where whole_system is 1 the logs' S is the whole system
-- and concurrent_max x S exceeds it (per_unit_logs is then too small by
-- that factor); elsewhere the two agree within the machine's idle share.
-- instance_minutes is the mean time of one instance (run_stop - run_start).
CREATE VIEW IF NOT EXISTS hpc_weak_scaling AS
SELECT w.round, w.submitter, w.system, w.benchmark, w.division,
       m.unit, m.accelerator, m.host, m.per_node,
       w.models, w.instance_scale, w.instance_scale_described, w.system_scale,
       w.concurrent_max, w.whole_system, w.ttt_minutes, w.throughput,
       w.throughput / w.system_scale AS per_unit_described,
       w.throughput / (w.concurrent_max * w.instance_scale) AS per_unit_logs,
       (SELECT avg(r.minutes) FROM hpc_runs r
         WHERE r.round = w.round AND r.submitter = w.submitter AND r.system = w.system
           AND r.scaling = 'weak' AND r.benchmark = w.benchmark AND r.converged = 1)
         AS instance_minutes
  FROM hpc_weak w
  JOIN hpc_machines m ON m.round = w.round AND m.submitter = w.submitter AND m.system = w.system
 WHERE w.copy_of IS NULL AND w.models IS NOT NULL AND w.system_scale > 0;

-- Strong against weak on one machine type (round, benchmark, division,
-- accelerator, host, per_node): for each weak result, the strong results of
-- the same machine type whose size n equals one of the weak result's sizes.
-- compare says which: 'system' (n = system_scale: one model on the whole
-- machine against many models on it; ratio = weak throughput over the strong
-- result's 1 / minutes), 'instance (logs)' (n = the logs' S) or 'instance
-- (described)' (n = instance_scale_described, where it differs from the
-- logs' S): one model on n units alone
-- against an instance of that size among concurrent ones; ratio = the
-- weak instances' mean minutes over the strong minutes (above 1: an
-- instance took longer than the strong run of its size).
CREATE VIEW IF NOT EXISTS hpc_strong_weak AS
SELECT w.round, w.benchmark, w.division, w.unit, w.submitter AS weak_submitter,
       w.system AS weak_system, x.compare, x.size, w.models, w.instance_scale,
       w.instance_scale_described, w.system_scale, w.whole_system, w.throughput,
       w.instance_minutes, p.submitter AS strong_submitter, p.system AS strong_system,
       p.minutes AS strong_minutes,
       CASE x.compare WHEN 'system' THEN w.throughput * p.minutes
                      ELSE w.instance_minutes / p.minutes END AS ratio,
       coalesce(sh.shared_runs, 0) AS shared_runs
  FROM hpc_weak_scaling w
  JOIN (SELECT 'system' AS compare, 1 AS k UNION ALL SELECT 'instance (logs)', 2
        UNION ALL SELECT 'instance (described)', 3) c
  JOIN (SELECT round, submitter, system, benchmark, 'system' AS compare,
               system_scale AS size FROM hpc_weak_scaling
        UNION ALL
        SELECT round, submitter, system, benchmark, 'instance (logs)', instance_scale
          FROM hpc_weak_scaling
        UNION ALL
        SELECT round, submitter, system, benchmark, 'instance (described)',
               instance_scale_described FROM hpc_weak_scaling
         WHERE instance_scale_described <> instance_scale) x
    ON x.round = w.round AND x.submitter = w.submitter AND x.system = w.system
   AND x.benchmark = w.benchmark AND x.compare = c.compare
  JOIN hpc_strong_points p
    ON p.round = w.round AND p.benchmark = w.benchmark AND p.division = w.division
   AND p.accelerator IS w.accelerator AND p.host IS w.host AND p.per_node IS w.per_node
   AND p.n = x.size
  LEFT JOIN hpc_shared sh
    ON sh.round = w.round AND sh.submitter = w.submitter AND sh.system = w.system
   AND sh.scaling = 'weak' AND sh.benchmark = w.benchmark AND sh.other_round = p.round
   AND sh.other_submitter = p.submitter AND sh.other_system = p.system
   AND sh.other_scaling = 'strong';

-- The largest n of all MLPerf: per suite ('training', 'hpc'), scaling
-- ('strong' for Training and HPC strong, 'weak' for HPC weak), round and
-- unit, the largest system scored (ties: the faster or higher throughput,
-- then submitter, system, benchmark), with its score: minutes for strong
-- (Training: the pairs of the model, every division), throughput in models
-- per minute for weak (n there is the whole system, system_scale). HPC
-- copies are left out; a round in which the largest is only a copy has
-- no row. Training's repeat_of names the earliest earlier round whose pair
-- of the same submitter, system and benchmark has the same time (to the
-- 9th decimal): a result published again, no new evidence (NULL for HPC,
-- whose copies are left out already).
CREATE VIEW IF NOT EXISTS mlperf_largest AS
WITH training AS MATERIALIZED (
  SELECT round, submitter, system, benchmark, division, accelerators, minutes FROM pairs),
everything AS (
  SELECT 'training' AS suite, 'strong' AS scaling, round, 'accelerator' AS unit,
         accelerators AS n, submitter, system, benchmark, division, minutes,
         NULL AS throughput
    FROM training
  UNION ALL
  SELECT 'hpc', 'strong', round, unit, n, submitter, system, benchmark, division, minutes, NULL
    FROM hpc_strong_points
  UNION ALL
  SELECT 'hpc', 'weak', round, unit, system_scale, submitter, system, benchmark, division,
         NULL, throughput
    FROM hpc_weak_scaling),
largest AS (
  SELECT * FROM (SELECT e.*, row_number() OVER (PARTITION BY suite, scaling, round, unit
                                                ORDER BY n DESC, minutes, throughput DESC,
                                                         submitter, system, benchmark) AS k
                   FROM everything e)
   WHERE k = 1)
SELECT l.suite, l.scaling, l.round, l.unit, l.n, l.submitter, l.system, l.benchmark,
       l.division, l.minutes, l.throughput,
       CASE WHEN l.suite = 'training' THEN
         (SELECT min(e.round) FROM training e
           WHERE e.round < l.round AND e.submitter = l.submitter AND e.system = l.system
             AND e.benchmark = l.benchmark
             AND printf('%.9f', e.minutes) = printf('%.9f', l.minutes)) END AS repeat_of
  FROM largest l;
