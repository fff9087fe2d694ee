-- sql/model_hpc.sql: the model of MLPerf HPC, read by sql/model.sql. Every
-- definition derived from hpc_systems and hpc_runs (sql/schema.sql) lives
-- here once: the official strong and weak scores as MLCommons' result
-- summarizer computes them (mlcommons/logging, result_summarizer.py:
-- _compute_strong_score_standalone, _compute_weak_score_standalone), and
-- the two traps of the published trees: logs copied from folder to folder
-- (across rounds, or within one) and weak-scaling logs that state the whole
-- system as one instance. Idempotent. Run from the repository root.

-- Pairs of folders holding the same logs: every (folder, other folder,
-- benchmark) with a log in common, the runs of each and the runs they
-- share. Two logs are the same when their fingerprints (log_hash: every
-- MLLOG line but the submission_* ones) are: a folder renamed into another
-- organisation (HPE+LBNL v3.0's weak runs, LBNL's of v1.0) shares its logs
-- too.
CREATE VIEW IF NOT EXISTS hpc_shared AS
WITH folders AS MATERIALIZED (
  SELECT round, submitter, system, scaling, benchmark, count(*) AS runs
    FROM hpc_runs
   GROUP BY round, submitter, system, scaling, benchmark)
SELECT s.*, fa.runs AS runs, fb.runs AS other_runs
  FROM (SELECT a.round AS round, a.submitter AS submitter, a.system AS system,
               a.scaling AS scaling, a.benchmark AS benchmark,
               b.round AS other_round, b.submitter AS other_submitter,
               b.system AS other_system, b.scaling AS other_scaling,
               count(DISTINCT a.run) AS shared_runs
          FROM hpc_runs a
          JOIN hpc_runs b
            ON b.log_hash = a.log_hash AND b.benchmark = a.benchmark
           AND NOT (b.round = a.round AND b.submitter = a.submitter
                    AND b.system = a.system AND b.scaling = a.scaling)
         GROUP BY a.round, a.submitter, a.system, a.scaling, a.benchmark,
                  b.round, b.submitter, b.system, b.scaling) s
  JOIN folders fa
    ON fa.round = s.round AND fa.submitter = s.submitter AND fa.system = s.system
   AND fa.scaling = s.scaling AND fa.benchmark = s.benchmark
  JOIN folders fb
    ON fb.round = s.other_round AND fb.submitter = s.other_submitter
   AND fb.system = s.other_system AND fb.scaling = s.other_scaling
   AND fb.benchmark = s.benchmark;

-- Folders published again: a folder whose logs are exactly another
-- folder's (the same runs, as many), and the folder it copies: the first by
-- round, then by path (submitter, system, scaling). A folder copies one of
-- an earlier round (rounds compare as text, 'v0.7' < 'v3.0'), or of its
-- own round with an earlier path. A copy is no new evidence: hpc_strong and
-- hpc_weak name the folder it copies (copy_of), and an aggregate over
-- rounds counts only the rows where copy_of IS NULL. Folders sharing some
-- logs only (Fugaku's v1.0 open strong cosmoflow runs are ten of its 81
-- open weak instances) are no copies; hpc_shared lists them.
CREATE VIEW IF NOT EXISTS hpc_copies AS
SELECT round, submitter, system, scaling, benchmark, runs,
       copy_round, copy_submitter, copy_system, copy_scaling,
       copy_round || '/' || copy_submitter || '/' || copy_system || '/'
         || copy_scaling || '/' || benchmark AS copy_of
  FROM (SELECT round, submitter, system, scaling, benchmark, runs,
               other_round AS copy_round, other_submitter AS copy_submitter,
               other_system AS copy_system, other_scaling AS copy_scaling,
               row_number() OVER (
                 PARTITION BY round, submitter, system, scaling, benchmark
                 ORDER BY other_round, other_submitter, other_system,
                          other_scaling) AS k
          FROM hpc_shared
         WHERE shared_runs = runs AND other_runs = runs
           AND (other_round < round
                OR (other_round = round
                    AND (other_submitter, other_system, other_scaling)
                        < (submitter, system, scaling))))
 WHERE k = 1;

-- A machine as its system description states it, the one place its size
-- is defined: unit 'accelerator', or 'node' on a CPU-only system
-- (accelerators_per_node 0: Fugaku's A64FX, Cori's KNL); system_scale,
-- its size in that unit, number_of_nodes x max(accelerators_per_node, 1)
-- (NULL when either count is unknown); and what makes one machine type:
-- accelerator model, host processor, accelerators per node.
CREATE VIEW IF NOT EXISTS hpc_machines AS
SELECT round, submitter, system,
       CASE WHEN accelerators_per_node > 0 THEN 'accelerator' ELSE 'node' END AS unit,
       number_of_nodes * max(accelerators_per_node, 1) AS system_scale,
       accelerator_model_name AS accelerator, host_processor_model_name AS host,
       accelerators_per_node AS per_node
  FROM hpc_systems;

-- Strong scaling: the time to train one model, as Training's score (the
-- olympic mean of the run times, NULL when more than max_dropped runs
-- failed, times scaling.json's factor). accelerators and nodes are the
-- system description's (accelerators 0 on CPU-only Fugaku).
CREATE VIEW IF NOT EXISTS hpc_strong AS
SELECT p.round, p.submitter, p.system, p.benchmark, s.division, s.availability,
       s.accelerators, s.number_of_nodes AS nodes, p.minutes, p.runs,
       p.converged_runs, c.copy_of
  FROM (SELECT round, submitter, system, benchmark,
               mlperf_score(minutes, converged, max_dropped) * max(scaling_factor)
                 AS minutes,
               count(*) AS runs, sum(converged) AS converged_runs
          FROM hpc_runs
         WHERE scaling = 'strong'
         GROUP BY round, submitter, system, benchmark) p
  LEFT JOIN hpc_systems s
    ON s.round = p.round AND s.submitter = p.submitter AND s.system = p.system
  LEFT JOIN hpc_copies c
    ON c.round = p.round AND c.submitter = p.submitter AND c.system = p.system
   AND c.scaling = 'strong' AND c.benchmark = p.benchmark;

-- Weak scaling: M models trained at once or in turn on one system.
-- models (M): the runs that pass the compliance rules (converged); the
-- score exists only when M reaches the ruleset's runs_required
-- (mlperf_rules: 5 deepcam and oc20, 10 cosmoflow and openfold), else
-- models, instance_scale, ttt_minutes and throughput are NULL.
-- instance_scale (S): number_of_nodes x max(accelerators_per_node, 1) as
-- the logs state it (CPU-only Fugaku counts nodes); instance_scales counts
-- the distinct values (the summarizer asserts 1). ttt_minutes (TTTa):
-- max(run_stop) - min(run_start) over the M runs. throughput: M / TTTa,
-- models per minute.
-- The trap of a log that states the whole system as one instance:
-- system_scale is the same product from the system description, the
-- whole system; concurrent_max the most runs in progress at one time
-- (a run starts at run_start and is over at run_stop: a run stopping when
-- another starts does not overlap it); and
-- instance_scale_described = system_scale / concurrent_max, the largest
-- instance the description leaves room for when that many run at once.
-- whole_system is 1 when the logs' S is the whole system (S >=
-- system_scale) while more than one instance ran at once: S cannot be
-- each instance's size then, and instance_scale_described is the better
-- bound. Both are shown; the official S is the logs'.
CREATE VIEW IF NOT EXISTS hpc_weak AS
WITH counted AS MATERIALIZED (
  SELECT round, submitter, system, benchmark, ruleset, run, run_start_ms,
         run_stop_ms,
         number_of_nodes * max(accelerators_per_node, 1) AS scale
    FROM hpc_runs
   WHERE scaling = 'weak' AND converged = 1
     AND run_start_ms IS NOT NULL AND run_stop_ms IS NOT NULL),
overlap AS (
  SELECT round, submitter, system, benchmark, max(level) AS concurrent_max
    FROM (SELECT round, submitter, system, benchmark,
                 sum(d) OVER (PARTITION BY round, submitter, system, benchmark
                              ORDER BY t, d ROWS UNBOUNDED PRECEDING) AS level
            FROM (SELECT round, submitter, system, benchmark, run_start_ms AS t, 1 AS d
                    FROM counted
                  UNION ALL
                  SELECT round, submitter, system, benchmark, run_stop_ms, -1
                    FROM counted))
   GROUP BY round, submitter, system, benchmark),
folders AS (
  SELECT w.round, w.submitter, w.system, w.benchmark, count(*) AS runs,
         (SELECT count(*) FROM counted c
           WHERE c.round = w.round AND c.submitter = w.submitter
             AND c.system = w.system AND c.benchmark = w.benchmark) AS converged_runs,
         max(w.ruleset) AS ruleset
    FROM hpc_runs w
   WHERE w.scaling = 'weak'
   GROUP BY w.round, w.submitter, w.system, w.benchmark),
scored AS (
  SELECT f.*, q.runs_required,
         f.converged_runs >= q.runs_required AS enough,
         (SELECT min(scale) FROM counted c
           WHERE c.round = f.round AND c.submitter = f.submitter
             AND c.system = f.system AND c.benchmark = f.benchmark) AS scale,
         (SELECT count(DISTINCT scale) FROM counted c
           WHERE c.round = f.round AND c.submitter = f.submitter
             AND c.system = f.system AND c.benchmark = f.benchmark) AS scales,
         (SELECT (max(run_stop_ms) - min(run_start_ms)) / 60000.0 FROM counted c
           WHERE c.round = f.round AND c.submitter = f.submitter
             AND c.system = f.system AND c.benchmark = f.benchmark) AS ttt
    FROM folders f
    LEFT JOIN mlperf_rules q ON q.ruleset = f.ruleset AND q.benchmark = f.benchmark)
SELECT w.round, w.submitter, w.system, w.benchmark, s.division, s.availability,
       CASE WHEN w.enough THEN w.converged_runs END AS models,
       CASE WHEN w.enough THEN w.scale END AS instance_scale,
       CASE WHEN w.enough THEN w.ttt END AS ttt_minutes,
       CASE WHEN w.enough AND w.ttt > 0 THEN w.converged_runs / w.ttt END AS throughput,
       w.runs, w.converged_runs, w.runs_required,
       CASE WHEN w.enough THEN w.scales END AS instance_scales,
       m.system_scale, o.concurrent_max,
       CAST(m.system_scale AS REAL) / o.concurrent_max AS instance_scale_described,
       CASE WHEN w.enough THEN
         w.scale >= m.system_scale AND o.concurrent_max > 1 END AS whole_system,
       c.copy_of
  FROM scored w
  LEFT JOIN hpc_systems s
    ON s.round = w.round AND s.submitter = w.submitter AND s.system = w.system
  LEFT JOIN hpc_machines m
    ON m.round = w.round AND m.submitter = w.submitter AND m.system = w.system
  LEFT JOIN overlap o
    ON o.round = w.round AND o.submitter = w.submitter AND o.system = w.system
   AND o.benchmark = w.benchmark
  LEFT JOIN hpc_copies c
    ON c.round = w.round AND c.submitter = w.submitter AND c.system = w.system
   AND c.scaling = 'weak' AND c.benchmark = w.benchmark;
