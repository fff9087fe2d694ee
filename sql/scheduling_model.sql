-- sql/scheduling_model.sql: the computations of the scheduling study, no
-- output: temp tables that sql/scheduling.sql prints as Markdown and the
-- report (sql/report/07_scheduling.sql) as HTML.
--
--   sched_mix, sched_policy, sched_runs, sched_summary   one 8-GPU node,
--       20 jobs, every (order, backfill) policy
--   sched_curve, sched_mold, sched_mold_runs             moldable MLPerf
--       jobs sized from the H100 scaling curves of round sched_config.round
--   sched_busy                                           GPUs busy over time,
--       worst and best policy of the mix
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
