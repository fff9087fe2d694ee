-- sql/studies/scheduling_model.sql: the computations of the scheduling study, no
-- output: temp tables that sql/studies/scheduling.sql prints as Markdown and the
-- report (sql/report/07_scheduling.sql) as HTML.
--
--   sched_mix, sched_policy, sched_runs, sched_summary   one 8-GPU node,
--       20 jobs, every (order, backfill) policy
--   sched_curve, sched_mold, sched_mold_runs             moldable MLPerf
--       jobs sized from the H100 scaling curves of round sched_config.round
--   sched_busy                                           GPUs busy over time,
--       worst and best policy of the mix
--   gpu_analysis, gpu_batch, gpu_summary, gpu_paired     Alibaba's GPU cluster:
--       the shipped continuous runs (sql/data/alibaba_ordering_runs.sql) summarised
--       by batch means, every policy against FCFS and against FCFS + greedy
--   batch_setting, batch_curve, batch_jobs, batch_runs, batch_measures,
--   batch_summary                                        a closed batch of
--       MLPerf training jobs (the blog's own setting), every order x backfill
--
-- Needs the view `pairs` (sql/model.sql, read by sql/schema.sql). The round of the MLPerf jobs
-- is sched_config.round, 'v4.1' unless the caller set it first.
CREATE TEMP TABLE IF NOT EXISTS sched_config(round TEXT);
INSERT INTO sched_config SELECT 'v4.1' WHERE NOT EXISTS (SELECT 1 FROM sched_config);

------------------------------------------------------------------------
-- 1. One 8-GPU node, one morning queue, every order and backfill mode.
------------------------------------------------------------------------
-- 20 jobs, all queued at 0, ids in the order they were submitted. Times in
-- seconds. priority is the story's policy: short memory-heavy fine-tuning
-- first (1), medium training next (2), long low-memory batch inference last.
CREATE TEMP TABLE sched_mix(id INTEGER PRIMARY KEY, kind TEXT, gpus INTEGER,
                            runtime INTEGER, submit INTEGER, priority INTEGER);
INSERT INTO sched_mix VALUES
  ( 1,'inference',1,21600,0,3), ( 2,'finetune',8, 1800,0,1),
  ( 3,'train',    4, 7200,0,2), ( 4,'finetune',4, 2700,0,1),
  ( 5,'inference',1,18000,0,3), ( 6,'finetune',8, 1200,0,1),
  ( 7,'train',    2,10800,0,2), ( 8,'finetune',4, 1500,0,1),
  ( 9,'inference',1,25200,0,3), (10,'finetune',8, 2400,0,1),
  (11,'train',    4, 5400,0,2), (12,'finetune',4,  900,0,1),
  (13,'inference',1,14400,0,3), (14,'finetune',8, 1500,0,1),
  (15,'train',    2, 9000,0,2), (16,'finetune',4, 2100,0,1),
  (17,'inference',1,19800,0,3), (18,'finetune',8,  900,0,1),
  (19,'finetune', 4, 1800,0,1), (20,'inference',1,16200,0,3);

CREATE TEMP TABLE sched_policy(ord TEXT, backfill TEXT);
INSERT INTO sched_policy
  SELECT o.value, b.value
    FROM json_each('["submit","priority asc","shortest","longest","fewest_gpus","most_gpus","largest_area"]') o,
         json_each('["none","easy","conservative"]') b;

CREATE TEMP TABLE sched_runs AS
  SELECT p.ord, p.backfill, s.*
    FROM sched_policy p,
         gpu_schedule('sched_mix', 8, json_object('order', p.ord, 'backfill', p.backfill)) s;

CREATE TEMP TABLE sched_summary AS
  SELECT ord, backfill,
         max(finish) - min(submit) AS makespan,
         sum(gpus*runtime) * 1.0 / (8 * (max(finish) - min(submit))) AS utilization,
         avg(wait) AS mean_wait,
         avg(max(1.0, (wait + runtime) * 1.0 / max(runtime, 10))) AS mean_bounded_slowdown,
         sum(gpus*runtime) AS gpu_seconds
    FROM sched_runs GROUP BY ord, backfill;

------------------------------------------------------------------------
-- 3. Moldable jobs sized from MLPerf scaling curves.
------------------------------------------------------------------------
-- One accelerator model, NVIDIA H100-SXM5-80GB: for every closed-division
-- benchmark with at least three system sizes up to 64 GPUs, the fastest
-- official time at each size is one alternative (gpus, minutes) of a job.
-- Three teams each train every benchmark once on a 64-GPU cluster of eight
-- 8-GPU nodes, queued at minute 1, while another team's rigid 32-GPU job
-- holds half of the cluster from 0 to 90 minutes.
CREATE TEMP TABLE sched_curve AS
  SELECT lower(benchmark) AS benchmark, accelerators AS gpus, min(minutes) AS minutes
    FROM pairs
   WHERE round = (SELECT round FROM sched_config)
     AND model = 'NVIDIA H100-SXM5-80GB' AND division = 'closed'
     AND accelerators <= 64
     AND (accelerators <= 8 OR accelerators % 8 = 0)
   GROUP BY 1, 2;
DELETE FROM sched_curve
 WHERE benchmark IN (SELECT benchmark FROM sched_curve GROUP BY 1 HAVING count(*) < 3);

CREATE TEMP TABLE sched_mold AS
  SELECT 'other team' AS id, 'other' AS benchmark, 32 AS gpus, 90.0 AS runtime, 0 AS submit
  UNION ALL
  SELECT c.benchmark || '#' || t.value, c.benchmark, c.gpus, c.minutes, 1
    FROM sched_curve c, json_each('[1,2,3]') t;

CREATE TEMP TABLE sched_mold_runs AS
  SELECT '8 GPUs each (one node)' AS sizing, s.* FROM gpu_schedule(
    'SELECT * FROM sched_mold WHERE gpus = 8 OR benchmark = ''other''', 64, '{"backfill":"easy","gpus_per_node":8}') s
  UNION ALL
  SELECT 'largest size (<= 64)', s.* FROM gpu_schedule(
    'SELECT * FROM sched_mold m WHERE benchmark = ''other''
       OR gpus = (SELECT max(gpus) FROM sched_curve c WHERE c.benchmark = m.benchmark)',
    64, '{"backfill":"easy","gpus_per_node":8}') s
  UNION ALL
  SELECT 'moldable: fastest', s.* FROM gpu_schedule(
    'sched_mold', 64, '{"backfill":"easy","gpus_per_node":8,"moldable":"fastest"}') s
  UNION ALL
  SELECT 'moldable: earliest_finish', s.* FROM gpu_schedule(
    'sched_mold', 64, '{"backfill":"easy","gpus_per_node":8,"moldable":"earliest_finish"}') s;

------------------------------------------------------------------------
-- 4. GPUs busy over the day on the 8-GPU node for the worst and the best
--    (order, backfill) of the mix, as steps.
------------------------------------------------------------------------
CREATE TEMP TABLE sched_busy AS
  WITH pick AS (
    SELECT ord, backfill FROM (SELECT * FROM sched_summary ORDER BY makespan DESC, mean_wait DESC, ord, backfill LIMIT 1)
    UNION ALL
    SELECT ord, backfill FROM (SELECT * FROM sched_summary ORDER BY makespan, mean_wait, ord, backfill LIMIT 1)),
  ev AS (
    SELECT r.ord || ' / ' || r.backfill AS policy, r.start AS t, r.gpus AS d
      FROM sched_runs r JOIN pick USING (ord, backfill)
    UNION ALL
    SELECT r.ord || ' / ' || r.backfill, r.finish, -r.gpus
      FROM sched_runs r JOIN pick USING (ord, backfill)),
  steps AS (SELECT policy, t, sum(d) AS d FROM ev GROUP BY policy, t)
  SELECT policy, t/3600.0 AS hours,
         sum(d) OVER (PARTITION BY policy ORDER BY t) AS busy
    FROM steps;
------------------------------------------------------------------------
-- 5. A real GPU cluster: Alibaba's cluster-trace-gpu-v2023, one
--    continuous simulation per (setting, load, order, backfill), shipped as
--    per-window measures (sql/data/alibaba_ordering_runs.sql, made by `make
--    alibaba-study` from sql/studies/alibaba_ordering.sql, which gives the
--    design; docs/alibaba.md, "The ordering study").
------------------------------------------------------------------------
-- The analysis: the first `warmup` windows of each run are its warm-up and
-- are left out; the other windows form `batches` consecutive batches of
-- equal length, and every measure is a mean over the batches with the
-- half-width of the batch-means t interval (the method of non-overlapping
-- batch means for one long simulation run: the windows of a run depend on
-- each other, through the queue and the jobs that span them; batch means
-- remove that dependence only when a batch is long against it, and the
-- lag-1 correlation of the batch means is kept to check it). Set
-- gpu_analysis before reading this file to change it.
.read sql/studies/alibaba.sql
.read sql/data/alibaba_ordering_runs.sql
.read sql/studies/alibaba_ordering_ceiling.sql

-- Student's t quantiles with batches - 1 degrees of freedom, by bisection on
-- student_t_cdf: p 0.975 (a 95% interval) and 1 - 0.025 / 3 (the same
-- with the Bonferroni correction for the best of the three orders that are
-- not FCFS).
CREATE TEMP TABLE gpu_t AS
  WITH RECURSIVE q(p) AS (SELECT 0.975 UNION ALL SELECT 1 - 0.025 / 3),
  b(p, i, lo, hi) AS (
    SELECT p, 0, 0.0, 100.0 FROM q
    UNION ALL
    SELECT p, i + 1,
           CASE WHEN student_t_cdf((lo + hi) / 2, (SELECT batches - 1 FROM gpu_analysis)) < p
                THEN (lo + hi) / 2 ELSE lo END,
           CASE WHEN student_t_cdf((lo + hi) / 2, (SELECT batches - 1 FROM gpu_analysis)) < p
                THEN hi ELSE (lo + hi) / 2 END
      FROM b WHERE i < 60)
  SELECT max(CASE WHEN p = 0.975 THEN (lo + hi) / 2 END) AS t975,
         max(CASE WHEN p < 0.975 OR p > 0.975 THEN (lo + hi) / 2 END) AS t_bonf
    FROM b WHERE i = 60;

-- Per run and batch: utilization and demand (means of the windows: they
-- have equal lengths), mean wait and mean bounded slowdown of the batch
-- jobs submitted in the batch (hours; jobs of the drain included),
-- fragmentation.
CREATE TEMP TABLE gpu_batch AS
  SELECT w.setting, w.factor, w.ord, w.backfill,
         (w.w - a.warmup) * a.batches / (d.windows - a.warmup) AS batch,
         avg(w.utilization) AS utilization, avg(w.demand) AS demand,
         sum(w.wait_sum) / max(sum(w.jobs), 1) / 3600.0 AS mean_wait,
         sum(w.slowdown_sum) / max(sum(w.jobs), 1) AS bounded_slowdown,
         avg(w.fragmentation) AS fragmentation, sum(w.jobs) AS jobs
    FROM alibaba_study_windows w JOIN alibaba_study_design d USING (setting, factor), gpu_analysis a
   WHERE w.w >= a.warmup
   GROUP BY 1, 2, 3, 4, 5;

CREATE TEMP TABLE gpu_obj(obj TEXT, label TEXT, better INTEGER, ord INTEGER);
INSERT INTO gpu_obj VALUES ('utilization', 'utilization', -1, 1), ('mean_wait', 'mean wait (h)', 1, 2),
  ('bounded_slowdown', 'mean bounded slowdown', 1, 3), ('fragmentation', 'fragmentation', 1, 4);
CREATE TEMP TABLE gpu_batch_long AS
  SELECT b.setting, b.factor, b.ord, b.backfill, b.batch, o.obj,
         CASE o.obj WHEN 'utilization' THEN b.utilization WHEN 'mean_wait' THEN b.mean_wait
              WHEN 'bounded_slowdown' THEN b.bounded_slowdown ELSE b.fragmentation END AS v
    FROM gpu_batch b, gpu_obj o;
CREATE INDEX gpu_batch_long_i ON gpu_batch_long(setting, factor, obj, ord, backfill, batch);

-- Mean over the batches, the half-width of its 95% t interval, and the
-- lag-1 correlation of the batch means (NULL when they do not vary).
CREATE TEMP TABLE gpu_summary AS
  WITH m AS (
    SELECT setting, factor, ord, backfill, obj, count(*) AS n, avg(v) AS mean,
           sum(v * v) - sum(v) * sum(v) / count(*) AS ss
      FROM gpu_batch_long GROUP BY 1, 2, 3, 4, 5),
  lag AS (
    SELECT x.setting, x.factor, x.ord, x.backfill, x.obj,
           sum((x.v - m.mean) * (y.v - m.mean)) AS sxy
      FROM gpu_batch_long x
      JOIN gpu_batch_long y ON y.setting = x.setting AND y.factor = x.factor AND y.obj = x.obj
       AND y.ord = x.ord AND y.backfill = x.backfill AND y.batch = x.batch + 1
      JOIN m ON m.setting = x.setting AND m.factor = x.factor AND m.obj = x.obj
       AND m.ord = x.ord AND m.backfill = x.backfill
     GROUP BY 1, 2, 3, 4, 5)
  SELECT m.setting, m.factor, m.ord, m.backfill, m.obj, m.n, m.mean,
         t.t975 * sqrt(max(0, m.ss) / (m.n - 1)) / sqrt(m.n) AS hw,
         CASE WHEN m.ss > 0 THEN l.sxy / m.ss END AS lag1
    FROM m JOIN lag l USING (setting, factor, ord, backfill, obj), gpu_t t;

-- Paired: every policy against FCFS without backfilling (submit / none) and
-- against FCFS with greedy backfilling (submit / greedy, the baseline of a
-- Kubernetes-style scheduler), batch by batch over the same run's batches.
CREATE TEMP TABLE gpu_paired AS
  WITH d AS (
    SELECT a.setting, a.factor, a.obj, a.ord, a.backfill, b.backfill AS base, a.batch,
           a.v - b.v AS v
      FROM gpu_batch_long a
      JOIN gpu_batch_long b ON b.setting = a.setting AND b.factor = a.factor AND b.obj = a.obj
       AND b.ord = 'submit' AND b.backfill IN ('none', 'greedy') AND b.batch = a.batch),
  m AS (
    SELECT setting, factor, obj, ord, backfill, base, count(*) AS n, avg(v) AS diff,
           sum(v * v) - sum(v) * sum(v) / count(*) AS ss
      FROM d GROUP BY 1, 2, 3, 4, 5, 6)
  SELECT m.setting, m.factor, m.obj, m.ord, m.backfill, m.base, m.n, m.diff,
         t.t975 * sqrt(max(0, m.ss) / (m.n - 1)) / sqrt(m.n) AS diff_hw,
         t.t_bonf * sqrt(max(0, m.ss) / (m.n - 1)) / sqrt(m.n) AS diff_hw_bonf
    FROM m, gpu_t t;

------------------------------------------------------------------------
-- 6. The blog's own setting: a closed batch of multi-GPU training jobs,
--    all submitted at once, sized and timed from MLPerf Training results.
------------------------------------------------------------------------
-- One setting per row of batch_setting (set it before reading this file to
-- change it): a round and an accelerator family whose closed-division
-- curve (the model's homogeneous_scaling) gives each benchmark its
-- measured (GPUs, minutes) points; a cluster of `gpus` GPUs in nodes of
-- `gpus_per_node`. Jobs: every measured size up to max_gpus of every
-- benchmark with at least two such sizes, `teams` times (each team trains
-- it once). Rigid: each job runs at its own size. Moldable: the same jobs,
-- each free to run at any measured size of its benchmark up to max_gpus
-- (gpu_schedule's moldable 'earliest_finish'; ranked in the queue by its
-- smallest size). The submission order, which FCFS follows and which breaks
-- ties under every order, is a pseudo-random permutation: FCFS (the
-- baseline, every backfill mode) runs under `perms` of them, every other
-- order under the first `order_perms` (the orders that sort by runtime or
-- GPU-time have few ties, so their result hardly moves with the
-- permutation; FCFS's moves by tens of minutes). The permutation sorts the
-- jobs by three rounds of a quadratic hash modulo the prime 2^31 - 1 of
-- the job's key and the permutation number (a linear hash alone gives
-- rotations of one order, not different orders).
CREATE TEMP TABLE IF NOT EXISTS batch_setting(setting TEXT, round TEXT, family TEXT, gpus INTEGER,
                                              gpus_per_node INTEGER, max_gpus INTEGER,
                                              teams INTEGER, perms INTEGER,
                                              order_perms INTEGER);
INSERT INTO batch_setting
  SELECT 'v4.1 H100', 'v4.1', 'H100 SXM 80GB', 64, 8, 32, 3, 200, 20
   WHERE NOT EXISTS (SELECT 1 FROM batch_setting)
  UNION ALL
  SELECT 'v5.0 GB200', 'v5.0', 'GB200', 64, 4, 32, 3, 200, 20
   WHERE NOT EXISTS (SELECT 1 FROM batch_setting);

CREATE TEMP TABLE batch_curve AS
  SELECT s.setting, h.benchmark, h.n AS gpus, h.t AS minutes
    FROM batch_setting s JOIN homogeneous_scaling h ON h.round = s.round AND h.family = s.family
   WHERE h.n <= s.max_gpus AND h.n % CASE WHEN h.n > s.gpus_per_node THEN s.gpus_per_node ELSE 1 END = 0;
DELETE FROM batch_curve WHERE (setting, benchmark) IN
  (SELECT setting, benchmark FROM batch_curve GROUP BY 1, 2 HAVING count(*) < 2);

-- One job per (benchmark, size, team): key is its place in a fixed listing.
CREATE TEMP TABLE batch_jobs AS
  SELECT c.setting, c.benchmark, c.gpus, c.minutes, t.value AS team,
         row_number() OVER (PARTITION BY c.setting ORDER BY c.benchmark, c.gpus, t.value) AS key
    FROM batch_curve c JOIN batch_setting s USING (setting), json_each('[1,2,3,4,5,6,7,8]') t
   WHERE t.value <= s.teams;

CREATE TEMP TABLE batch_perm AS
  WITH RECURSIVE p(perm) AS (SELECT 1 UNION ALL SELECT perm + 1 FROM p
                              WHERE perm < (SELECT max(perms) FROM batch_setting))
  SELECT setting, perm, key,
         row_number() OVER (PARTITION BY setting, perm ORDER BY h, key) AS id
    FROM (SELECT s.setting, p.perm, j.key,
                 (((((j.key * 2654435761 + p.perm * 40503) % 2147483647) *
                    ((j.key * 2654435761 + p.perm * 40503) % 2147483647) + p.perm * 2246822519)
                   % 2147483647) * ((((j.key * 2654435761 + p.perm * 40503) % 2147483647) *
                    ((j.key * 2654435761 + p.perm * 40503) % 2147483647) + p.perm * 2246822519)
                   % 2147483647) + j.key * 3266489917) % 2147483647 AS h
            FROM batch_setting s JOIN p ON p.perm <= s.perms
            JOIN batch_jobs j ON j.setting = s.setting);

-- The rows gpu_schedule reads: rigid, one row per job; moldable, one row per
-- measured size of its benchmark (smallest first).
CREATE TEMP TABLE batch_rows AS
  SELECT 'rigid' AS sizing, p.setting, p.perm, p.id, j.gpus, j.minutes AS runtime, 0 AS submit
    FROM batch_perm p JOIN batch_jobs j USING (setting, key)
  UNION ALL
  SELECT 'moldable', p.setting, p.perm, p.id, c.gpus, c.minutes, 0
    FROM batch_perm p JOIN batch_jobs j USING (setting, key)
    JOIN batch_curve c ON c.setting = j.setting AND c.benchmark = j.benchmark;
CREATE INDEX batch_rows_i ON batch_rows(sizing, setting, perm, id, gpus);

CREATE TEMP TABLE batch_policy(ord TEXT, backfill TEXT, ord_key INTEGER, backfill_key INTEGER);
INSERT INTO batch_policy
  SELECT o.value, b.value, o.key, b.key
    FROM json_each('["submit","shortest","longest","fewest_gpus","most_gpus","largest_area"]') o,
         json_each('["none","greedy","easy","conservative"]') b;

CREATE TEMP TABLE batch_runs AS
  SELECT x.sizing, s.setting, p.perm, y.ord, y.backfill, g.id, g.gpus, g.runtime, g.start, g.finish
    FROM (SELECT 'rigid' AS sizing UNION ALL SELECT 'moldable') x CROSS JOIN batch_setting s
         CROSS JOIN (SELECT DISTINCT setting, perm FROM batch_perm) p CROSS JOIN batch_policy y
         CROSS JOIN gpu_schedule(printf('SELECT id, gpus, runtime, submit FROM batch_rows'
                                        || ' WHERE sizing = %Q AND setting = %Q AND perm = %d'
                                        || ' ORDER BY id, gpus', x.sizing, s.setting, p.perm),
                                 s.gpus, json_object('order', y.ord, 'backfill', y.backfill,
                                                     'gpus_per_node', s.gpus_per_node)) g
   WHERE p.setting = s.setting AND (y.ord = 'submit' OR p.perm <= s.order_perms);

-- Per run: makespan (all jobs at 0, so the last finish), the GPU-minutes the
-- jobs held and utilization = GPU-minutes / (GPUs x makespan), until the
-- last job ends.
CREATE TEMP TABLE batch_measures AS
  SELECT r.sizing, r.setting, r.perm, r.ord, r.backfill, count(*) AS jobs,
         max(r.finish) AS makespan, sum(r.gpus * r.runtime) AS gpu_minutes,
         sum(r.gpus * r.runtime) / (s.gpus * max(r.finish)) AS utilization,
         avg(r.finish) AS mean_completion
    FROM batch_runs r JOIN batch_setting s USING (setting)
   GROUP BY r.sizing, r.setting, r.perm, r.ord, r.backfill;

-- Per policy: the mean over its permutations, its range, and the standard
-- error of the mean (the standard deviation over the permutations / sqrt
-- of their count: the Monte Carlo error of a mean over permutations); the
-- change against FCFS without backfilling (submit / none) and against FCFS
-- with greedy backfilling (submit / greedy): the policy's mean makespan
-- over FCFS's mean over its `perms` permutations, minus 1 (vs_*_min and
-- _max over the permutations the two share), and utilization the same way
-- in points.
CREATE TEMP TABLE batch_policy_mean AS
  SELECT sizing, setting, ord, backfill, count(*) AS perms, avg(jobs) AS jobs,
         avg(makespan) AS makespan, min(makespan) AS makespan_min, max(makespan) AS makespan_max,
         sqrt(max(0.0, (sum(makespan * makespan) - count(*) * avg(makespan) * avg(makespan))
                       / (count(*) - 1)) / count(*)) AS makespan_se,
         avg(utilization) AS utilization, min(utilization) AS utilization_min,
         max(utilization) AS utilization_max,
         sqrt(max(0.0, (sum(utilization * utilization)
                        - count(*) * avg(utilization) * avg(utilization))
                       / (count(*) - 1)) / count(*)) AS utilization_se,
         avg(gpu_minutes) AS gpu_minutes, avg(mean_completion) AS mean_completion
    FROM batch_measures GROUP BY sizing, setting, ord, backfill;
CREATE TEMP TABLE batch_summary AS
  SELECT m.*,
         m.makespan / f.makespan - 1 AS vs_fcfs,
         (SELECT min(x.makespan / y.makespan - 1) FROM batch_measures x JOIN batch_measures y
             ON y.sizing = x.sizing AND y.setting = x.setting AND y.perm = x.perm
            AND y.ord = 'submit' AND y.backfill = 'none'
           WHERE x.sizing = m.sizing AND x.setting = m.setting AND x.ord = m.ord
             AND x.backfill = m.backfill) AS vs_fcfs_min,
         (SELECT max(x.makespan / y.makespan - 1) FROM batch_measures x JOIN batch_measures y
             ON y.sizing = x.sizing AND y.setting = x.setting AND y.perm = x.perm
            AND y.ord = 'submit' AND y.backfill = 'none'
           WHERE x.sizing = m.sizing AND x.setting = m.setting AND x.ord = m.ord
             AND x.backfill = m.backfill) AS vs_fcfs_max,
         m.utilization - f.utilization AS util_vs_fcfs,
         m.makespan / g.makespan - 1 AS vs_greedy,
         (SELECT min(x.makespan / y.makespan - 1) FROM batch_measures x JOIN batch_measures y
             ON y.sizing = x.sizing AND y.setting = x.setting AND y.perm = x.perm
            AND y.ord = 'submit' AND y.backfill = 'greedy'
           WHERE x.sizing = m.sizing AND x.setting = m.setting AND x.ord = m.ord
             AND x.backfill = m.backfill) AS vs_greedy_min,
         (SELECT max(x.makespan / y.makespan - 1) FROM batch_measures x JOIN batch_measures y
             ON y.sizing = x.sizing AND y.setting = x.setting AND y.perm = x.perm
            AND y.ord = 'submit' AND y.backfill = 'greedy'
           WHERE x.sizing = m.sizing AND x.setting = m.setting AND x.ord = m.ord
             AND x.backfill = m.backfill) AS vs_greedy_max,
         m.utilization - g.utilization AS util_vs_greedy
    FROM batch_policy_mean m
    JOIN batch_policy_mean f ON f.sizing = m.sizing AND f.setting = m.setting
     AND f.ord = 'submit' AND f.backfill = 'none'
    JOIN batch_policy_mean g ON g.sizing = m.sizing AND g.setting = m.setting
     AND g.ord = 'submit' AND g.backfill = 'greedy';
