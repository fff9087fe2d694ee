-- sql/studies/scheduling.sql: how many GPUs should each job get, and in what order
-- should jobs run? Answered with gpu_schedule() on (1) the kind of job mix of
-- the "same cluster, 33 more points of utilization" story (fine-tuning,
-- training and batch inference on one 8-GPU node), (2) moldable MLPerf
-- v4.1 training jobs sized from their real scaling curves, (3) Alibaba's
-- production GPU cluster (cluster-trace-gpu-v2023, docs/alibaba.md): the
-- shipped continuous runs of sql/studies/alibaba_ordering.sql, every order x
-- backfill mode at four loads in three settings, and (4) a closed batch of
-- MLPerf training jobs (the blog's own setting), every order x backfill mode.
--
-- Run from the repository root (prints Markdown tables):
--
--   sqlite3 -cmd '.load ./mlpscale' :memory: '.read sql/studies/scheduling.sql'
--
-- The computations are in sql/studies/scheduling_model.sql (the report reads them
-- too); this script prints them. It needs the view `pairs` of the model
-- (sql/model.sql, which sql/rounds/mlperf_training_v4.1.sql brings through the
-- schema), and reads that script when the database has no `pairs` yet. It writes the figure
-- build/scheduling.svg (build/ is created if needed).
.bail on
.system mkdir -p build
.headers off
.mode list
.output build/.scheduling-results.sql
SELECT '.read sql/rounds/mlperf_training_v4.1.sql'
 WHERE NOT EXISTS (SELECT 1 FROM pragma_table_list WHERE name='pairs');
.output stdout
.read build/.scheduling-results.sql
.read sql/studies/scheduling_model.sql
.mode markdown
.headers on

------------------------------------------------------------------------
-- 1. One 8-GPU node, one morning queue, every order and backfill mode.
------------------------------------------------------------------------
.print '## 1. One 8-GPU node: the job mix'
.print
SELECT kind, count(*) AS jobs, min(gpus) || '-' || max(gpus) AS gpus,
       round(min(runtime)/3600.0, 2) || '-' || round(max(runtime)/3600.0, 2) AS hours,
       round(sum(gpus*runtime)/3600.0, 1) AS gpu_hours
  FROM sched_mix GROUP BY kind ORDER BY min(priority);

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
-- 3. Moldable jobs sized from MLPerf v4.1 scaling curves (the jobs and
--    the cluster: sql/studies/scheduling_model.sql).
------------------------------------------------------------------------

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
-- 5. Alibaba's GPU cluster (sql/studies/scheduling_model.sql, part 5).
------------------------------------------------------------------------
.print
.print '## 5. A real GPU cluster: Alibaba cluster-trace-gpu-v2023'
.print
.print 'Every setting, load, order and backfill mode: the mean over the batches'
.print '(after the warm-up) +- the half-width of the batch-means 95% t interval,'
.print 'and the paired difference in utilization (points) against FCFS with greedy'
.print 'backfilling and against strict FCFS. Waits in hours.'
.print
SELECT d.setting, printf('%.2f', d.offered_load) AS offered_load, u.ord AS "order", u.backfill,
       printf('%.1f%% +- %.1f', 100 * u.mean, 100 * u.hw) AS utilization,
       printf('%+.1f +- %.1f', 100 * g.diff, 100 * g.diff_hw) AS vs_fcfs_greedy,
       printf('%+.1f +- %.1f', 100 * f.diff, 100 * f.diff_hw) AS vs_fcfs,
       printf('%.2f +- %.2f', w.mean, w.hw) AS mean_wait_h,
       printf('%.1f%%', 100 * x.mean) AS fragmentation
  FROM alibaba_study_design d
  JOIN gpu_summary u ON u.setting = d.setting AND u.factor = d.factor AND u.obj = 'utilization'
  JOIN gpu_summary w ON w.setting = d.setting AND w.factor = d.factor AND w.obj = 'mean_wait'
   AND w.ord = u.ord AND w.backfill = u.backfill
  JOIN gpu_summary x ON x.setting = d.setting AND x.factor = d.factor AND x.obj = 'fragmentation'
   AND x.ord = u.ord AND x.backfill = u.backfill
  JOIN gpu_paired g ON g.setting = d.setting AND g.factor = d.factor AND g.obj = 'utilization'
   AND g.ord = u.ord AND g.backfill = u.backfill AND g.base = 'greedy'
  JOIN gpu_paired f ON f.setting = d.setting AND f.factor = d.factor AND f.obj = 'utilization'
   AND f.ord = u.ord AND f.backfill = u.backfill AND f.base = 'none'
  JOIN alibaba_study_policy p ON p.ord = u.ord AND p.backfill = u.backfill
 ORDER BY d.setting, d.factor, p.backfill_key, p.ord_key;

------------------------------------------------------------------------
-- 6. The blog's own setting: a closed batch of MLPerf training jobs
--    (sql/studies/scheduling_model.sql, part 6).
------------------------------------------------------------------------
.print
.print '## 6. A closed batch of MLPerf training jobs, all submitted at once'
.print
.print 'Every order x backfill mode, rigid and moldable sizes: the mean over the'
.print 'permutations of the submission order [min - max]; makespan in minutes,'
.print 'and its change against strict FCFS and FCFS with greedy backfilling.'
.print
SELECT setting, sizing, ord AS "order", backfill,
       printf('%.1f [%.1f - %.1f]', makespan, makespan_min, makespan_max) AS makespan_min,
       printf('%.1f%%', 100 * utilization) AS utilization,
       printf('%+.1f%%', 100 * vs_fcfs) AS vs_fcfs, printf('%+.1f%%', 100 * vs_greedy) AS vs_fcfs_greedy,
       printf('%.0f', gpu_minutes) AS gpu_minutes
  FROM batch_summary ORDER BY setting, sizing DESC, makespan, ord, backfill;

------------------------------------------------------------------------
-- 4. The figure: GPUs busy over the day on the 8-GPU node for the worst
--    and the best (order, backfill) of the mix, as steps.
------------------------------------------------------------------------

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
