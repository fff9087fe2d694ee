-- sql/scheduling.sql: how many GPUs should each job get, and in what order
-- should jobs run? Answered with gpu_schedule() on (1) the kind of job mix of
-- the "same cluster, 33 more points of utilization" story (fine-tuning,
-- training and batch inference on one 8-GPU node) and (2) moldable MLPerf
-- v4.1 training jobs sized from their real scaling curves.
--
-- Run from the repository root (prints Markdown tables):
--
--   sqlite3 -cmd '.load ./mlpscale' :memory: '.read sql/scheduling.sql'
--
-- It needs the view `results` of sql/mlperf_training_v4.1.sql, and reads
-- that script when the database has no `results` yet. It writes the figure
-- build/scheduling.svg (build/ is created if needed).
.bail on
.system mkdir -p build
.headers off
.mode list
.output build/.scheduling-results.sql
SELECT '.read sql/mlperf_training_v4.1.sql'
 WHERE NOT EXISTS (SELECT 1 FROM pragma_table_list WHERE name='results');
.output stdout
.read build/.scheduling-results.sql
.mode markdown
.headers on

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

.print '## 1. One 8-GPU node: the job mix'
.print
SELECT kind, count(*) AS jobs, min(gpus) || '-' || max(gpus) AS gpus,
       round(min(runtime)/3600.0, 2) || '-' || round(max(runtime)/3600.0, 2) AS hours,
       round(sum(gpus*runtime)/3600.0, 1) AS gpu_hours
  FROM sched_mix GROUP BY kind ORDER BY min(priority);

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

.print
.print 'Every (order, backfill) on the same 20 jobs, best makespan first. Bounded'
.print 'slowdown = max(1, (wait + runtime) / max(runtime, 10 s)).'
.print
SELECT ord AS "order", backfill,
       printf('%.2f', makespan/3600.0) AS makespan_h,
       printf('%.1f%%', 100*utilization) AS utilization,
       printf('%.2f', mean_wait/3600.0) AS mean_wait_h,
       printf('%.2f', mean_bounded_slowdown) AS mean_bounded_slowdown
  FROM sched_summary ORDER BY makespan, mean_wait, ord, backfill;

------------------------------------------------------------------------
-- 2. The identity: utilization x makespan = GPU-time / GPUs.
------------------------------------------------------------------------
.print
.print '## 2. Utilization x makespan is fixed by the work'
.print
.print 'With the same jobs on the same GPUs, utilization x makespan = total'
.print 'GPU-time / GPUs for every policy, so a utilization ratio IS a makespan'
.print 'ratio. Worst and best policies of section 1:'
.print
WITH ranked AS (
  SELECT *, row_number() OVER (ORDER BY makespan DESC, mean_wait DESC, ord, backfill) AS worst,
            row_number() OVER (ORDER BY makespan, mean_wait, ord, backfill) AS best
    FROM sched_summary)
SELECT CASE WHEN worst=1 THEN 'worst' ELSE 'best' END AS policy,
       ord || ' / ' || backfill AS "order / backfill",
       printf('%.4f', utilization) AS utilization,
       printf('%.4f', makespan/3600.0) AS makespan_h,
       printf('%.4f', utilization * makespan/3600.0) AS "utilization x makespan_h",
       printf('%.4f', gpu_seconds/3600.0/8) AS "gpu_hours / 8"
  FROM ranked WHERE worst=1 OR best=1 ORDER BY worst=1 DESC;

.print
WITH w AS (SELECT * FROM sched_summary ORDER BY makespan DESC, mean_wait DESC, ord, backfill LIMIT 1),
     b AS (SELECT * FROM sched_summary ORDER BY makespan, mean_wait, ord, backfill LIMIT 1)
SELECT printf('%.1f%% -> %.1f%%', 100*w.utilization, 100*b.utilization) AS utilization,
       printf('%.2f h -> %.2f h', w.makespan/3600.0, b.makespan/3600.0) AS makespan,
       printf('%.4f', b.utilization / w.utilization) AS utilization_ratio,
       printf('%.4f', w.makespan * 1.0 / b.makespan) AS makespan_ratio_inverse,
       (SELECT count(DISTINCT gpu_seconds) FROM sched_summary) AS distinct_gpu_time_over_21_policies
  FROM w, b;

.print
.print 'The story claims utilization went 55% -> 88% AND total processing time'
.print 'fell 28% (12 h -> 8.5 h). Same work and GPUs make these incompatible:'
.print
SELECT '55% -> 88% utilization' AS claim,
       printf('makespan x %.4f (%.1f%%): 12 h -> %.2f h', 0.55/0.88, 100*(0.55/0.88-1), 12*0.55/0.88) AS implies
UNION ALL
SELECT '-28% processing time',
       printf('utilization x %.4f: 55%% -> %.1f%%', 1/0.72, 100*0.55/0.72)
UNION ALL
SELECT '12 h -> 8.5 h',
       printf('makespan %.1f%%: utilization 55%% -> %.1f%%', 100*(8.5/12-1), 100*0.55*12/8.5);

------------------------------------------------------------------------
-- 3. Moldable jobs sized from MLPerf v4.1 scaling curves.
------------------------------------------------------------------------
-- One accelerator model, NVIDIA H100-SXM5-80GB: for every closed-division
-- benchmark with at least three system sizes up to 64 GPUs, the fastest
-- official time at each size is one alternative (gpus, minutes) of a job.
-- Three teams each train every benchmark once on a 64-GPU cluster of eight
-- 8-GPU nodes, queued at minute 1, while another team's rigid 32-GPU job
-- holds half of the cluster from 0 to 90 minutes.
CREATE TEMP TABLE sched_curve AS
  SELECT lower(benchmark) AS benchmark, accelerators AS gpus, min(minutes) AS minutes
    FROM results
   WHERE accelerator_model_name = 'NVIDIA H100-SXM5-80GB' AND division = 'closed'
     AND minutes IS NOT NULL AND accelerators <= 64
     AND (accelerators <= 8 OR accelerators % 8 = 0)
   GROUP BY 1, 2;
DELETE FROM sched_curve
 WHERE benchmark IN (SELECT benchmark FROM sched_curve GROUP BY 1 HAVING count(*) < 3);

.print
.print '## 3. Moldable MLPerf v4.1 jobs on 64 H100 GPUs (8 nodes of 8)'
.print
.print 'The alternatives: fastest official time per size; e_prime = efficiency'
.print 'against the smallest size (1.0 = linear scaling).'
.print
SELECT c.benchmark, c.gpus, printf('%.2f', c.minutes) AS minutes,
       printf('%.1f', c.gpus * c.minutes) AS gpu_minutes,
       printf('%.3f', e_prime(r.minutes, c.minutes, r.gpus, c.gpus)) AS e_prime
  FROM sched_curve c
  JOIN (SELECT benchmark, gpus, minutes FROM sched_curve c1
         WHERE gpus = (SELECT min(gpus) FROM sched_curve c2 WHERE c2.benchmark = c1.benchmark)) r
    USING (benchmark)
 ORDER BY c.benchmark, c.gpus;

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

.print
.print 'Each sizing policy, FCFS with EASY backfilling; the 18 MLPerf jobs'
.print '(minutes; completion = finish - submit):'
.print
SELECT sizing, count(*) AS jobs,
       printf('%.1f', max(finish)) AS last_finish,
       printf('%.1f', avg(finish - submit)) AS mean_completion,
       printf('%.1f', avg(wait)) AS mean_wait,
       printf('%.0f', sum(gpus*runtime)) AS gpu_minutes
  FROM sched_mold_runs WHERE id <> 'other team'
 GROUP BY sizing ORDER BY avg(finish - submit);

.print
.print 'Sizes chosen by earliest_finish, per benchmark (team 1, 2, 3):'
.print
SELECT substr(id, 1, instr(id, '#')-1) AS benchmark,
       group_concat(gpus, ', ') AS gpus_chosen
  FROM (SELECT * FROM sched_mold_runs
         WHERE sizing = 'moldable: earliest_finish' AND id <> 'other team' ORDER BY id)
 GROUP BY 1 ORDER BY 1;

------------------------------------------------------------------------
-- 4. The figure: GPUs busy over the day on the 8-GPU node for the worst
--    and the best (order, backfill) of the mix, as steps.
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

.headers off
.mode list
.print
SELECT 'build/scheduling.svg: ' || writefile('build/scheduling.svg',
         svg_plot(hours, busy, policy,
           '{"title":"One 8-GPU node, same jobs: GPUs busy by dispatch policy",'
           || '"x_label":"hours since the queue was filled","y_label":"GPUs busy",'
           || '"kind":"step"}')) || ' bytes' AS figure
  FROM (SELECT * FROM sched_busy ORDER BY policy, hours);
.mode markdown
.headers on
