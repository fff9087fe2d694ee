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
--   gpu_study, gpu_nodes, gpu_levels, gpu_workload, gpu_runs, gpu_measures,
--   gpu_summary                                          Alibaba's GPU cluster
--       (sql/studies/alibaba.sql): every policy of gpu_study at three load levels,
--       gpu_study.replicates workloads per level
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
-- 5. A real GPU cluster: Alibaba's cluster-trace-gpu-v2023
--    (docs/alibaba.md), order x backfill x placement at three load levels,
--    gpu_study.replicates resampled workloads per level.
------------------------------------------------------------------------
-- The design, each choice a row of gpu_study (set it before reading this
-- file to change it): the trace variant (gpuspec33: a third of the GPU
-- jobs constrained to GPU models), the cluster (every `every`-th node of
-- each node class, docs/alibaba.md), the block length, the number of
-- blocks per level. A level compresses the arrivals by `factor`
-- (alibaba_jobs_compressed; runtimes unchanged). The compressed timeline
-- is cut into `replicates` equal strata and workload r is one block of
-- block_hours inside stratum r, at the fraction frac(r x 0.6180339887) of
-- the room the stratum leaves (the golden-ratio sequence): blocks never
-- overlap when block_hours is at most the stratum (checked below), though
-- a long job can run across several. A workload is the jobs submitted
-- inside its block, plus every job submitted before it and still running
-- at its start by the trace's own times (the cluster's state when the
-- block opens: submitted at 0 with the runtime it has left).
.read sql/studies/alibaba.sql
CREATE TEMP TABLE IF NOT EXISTS gpu_study(variant TEXT, every INTEGER, block_hours REAL,
                                          replicates INTEGER, levels TEXT, orders TEXT,
                                          backfills TEXT, placements TEXT, design TEXT);
INSERT INTO gpu_study
  SELECT 'gpuspec33', 64, 3, 20, '[4,8,12]',
         '["submit","shortest","largest_area","memory_mib desc"]',
         '["none","easy"]', '["first_fit","best_fit","worst_fit"]', 'slices'
   WHERE NOT EXISTS (SELECT 1 FROM gpu_study);

CREATE TEMP TABLE gpu_nodes AS
  SELECT node, gpus, model, cpu_milli, memory_mib FROM alibaba_cluster
   WHERE every = (SELECT every FROM gpu_study);
CREATE TEMP TABLE gpu_capacity AS SELECT count(*) AS nodes, sum(gpus) AS gpus FROM gpu_nodes;

-- The batch jobs (kind 'complete'): the 47 services that run through the
-- whole window ('prior', 'censored': 69% of the GPU-time) are standing
-- reservations, not queued work; compressing arrivals would pile up copies
-- of month-long services and every queue would wait for them.
CREATE TEMP TABLE gpu_trace_jobs AS
  SELECT id, gpus, gpu_milli, gpu_model, cpu_milli, memory_mib, submit, runtime
    FROM alibaba_jobs WHERE variant = (SELECT variant FROM gpu_study) AND kind = 'complete';

-- Offered load of a level: the GPU-time the batch jobs would hold inside
-- the compressed window if each started at its submit (runtimes are not
-- compressed, so what runs past the window's end is not counted), over the
-- kept GPUs x the compressed window.
CREATE TEMP TABLE gpu_levels AS
  SELECT l.key + 1 AS level, l.value AS factor,
         (SELECT sum(j.gpus * j.gpu_milli / 1000.0
                     * max(0, min((j.submit - w.start) / l.value + j.runtime,
                                  (w.finish - w.start) / l.value)
                              - (j.submit - w.start) / l.value))
            FROM gpu_trace_jobs j)
           / ((SELECT gpus FROM gpu_capacity) * ((w.finish - w.start) / l.value)) AS offered_load
    FROM gpu_study s, json_each(s.levels) l, alibaba_window w;

-- Block r of level l: [lo, lo + len) in compressed seconds from the window
-- start, inside stratum r (of `replicates` equal strata of the span).
CREATE TEMP TABLE gpu_blocks AS
  WITH RECURSIVE r(rep) AS (SELECT 1 UNION ALL SELECT rep + 1 FROM r
                             WHERE rep < (SELECT replicates FROM gpu_study)),
  g AS (SELECT l.level, r.rep, ((w.finish - w.start) / l.factor) * 1.0 / s.replicates AS stratum,
               CAST(s.block_hours * 3600 AS INTEGER) AS len,
               (r.rep * 0.6180339887498949) - CAST(r.rep * 0.6180339887498949 AS INTEGER) AS u
          FROM gpu_levels l, r, gpu_study s, alibaba_window w)
  SELECT level, rep, CAST((rep - 1) * stratum + u * max(0, stratum - len) AS INTEGER) AS lo, len,
         len <= stratum AS disjoint
    FROM g;

CREATE TEMP TABLE gpu_timeline AS
  SELECT l.level, j.id, j.gpus, j.gpu_milli, j.gpu_model, j.cpu_milli, j.memory_mib,
         (j.submit - w.start) / l.factor AS t, j.runtime
    FROM gpu_trace_jobs j, gpu_levels l, alibaba_window w;
CREATE INDEX gpu_timeline_lt ON gpu_timeline(level, t);

CREATE TEMP TABLE gpu_workload AS
  SELECT b.level, b.rep, c.id, c.gpus, c.gpu_milli, c.gpu_model, c.cpu_milli, c.memory_mib,
         max(c.t - b.lo, 0) AS submit,
         CASE WHEN c.t >= b.lo THEN c.runtime ELSE c.t + c.runtime - b.lo END AS runtime,
         c.t < b.lo AS carried
    FROM gpu_blocks b JOIN gpu_timeline c ON c.level = b.level AND c.t < b.lo + b.len
   WHERE c.t + c.runtime > b.lo;
CREATE INDEX gpu_workload_lri ON gpu_workload(level, rep, id);

-- The policies: design 'full' runs every order x backfill x placement;
-- 'slices' (the report's, a third of the runs) every order x backfill with
-- placement best_fit, and every placement x backfill with order submit.
CREATE TEMP TABLE gpu_policy AS
  SELECT o.value AS ord, b.value AS backfill, p.value AS placement,
         o.key AS ord_key, b.key AS backfill_key, p.key AS placement_key
    FROM gpu_study s, json_each(s.orders) o, json_each(s.backfills) b, json_each(s.placements) p
   WHERE s.design = 'full' OR p.value = 'best_fit' OR o.value = 'submit';


CREATE TEMP TABLE gpu_runs AS
  SELECT k.level, k.rep, p.ord, p.backfill, p.placement, g.id, g.gpus, g.submit, g.start,
         g.finish, g.wait, g.frag
    FROM gpu_blocks k CROSS JOIN gpu_policy p CROSS JOIN
         gpu_schedule(printf('SELECT id, gpus, gpu_milli, gpu_model, cpu_milli, memory_mib, submit,'
                             || ' runtime FROM gpu_workload WHERE level = %d AND rep = %d',
                             k.level, k.rep),
                      'gpu_nodes',
                      json_object('order', p.ord, 'backfill', p.backfill,
                                  'placement', p.placement)) g;

-- Per workload and policy. B = the block's length. Utilization: the
-- GPU-time allocated inside the block [0, B) (a shared GPU counts
-- gpu_milli / 1000) over the kept GPUs x B; allocation, not how busy the
-- GPUs' cores are. Demand: the same if every job ran from its submit (what
-- no policy can exceed). Waits and bounded slowdown (tau = 10 s) over every
-- job of the block, the drain after it included (arrivals stop at B, and
-- jobs run up to weeks); p95 wait: the ceil(0.95 n)-th smallest.
-- Fragmentation: gpu_schedule's frag (GPU-time free but unusable by the
-- queue's head, docs/scheduling.md) of the dispatches up to B, over the
-- GPUs x B: inside the block, as utilization.
CREATE TEMP TABLE gpu_measures AS
  WITH r AS (
    SELECT g.*, w.gpu_milli, w.runtime AS runtime,
           row_number() OVER (PARTITION BY g.level, g.rep, g.ord, g.backfill, g.placement
                              ORDER BY g.wait) AS wait_rank,
           count(*) OVER (PARTITION BY g.level, g.rep, g.ord, g.backfill, g.placement) AS n
      FROM gpu_runs g JOIN gpu_workload w ON w.level = g.level AND w.rep = g.rep AND w.id = g.id)
  SELECT r.level, r.rep, r.ord, r.backfill, r.placement, count(*) AS jobs,
         max(r.finish) AS makespan,
         sum(r.gpus * r.gpu_milli / 1000.0 * max(0, min(r.finish, b.len) - r.start))
           / (c.gpus * b.len) AS utilization,
         sum(r.gpus * r.gpu_milli / 1000.0 * max(0, min(r.submit + r.runtime, b.len) - r.submit))
           / (c.gpus * b.len) AS demand,
         avg(r.wait) AS mean_wait,
         max(CASE WHEN r.wait_rank = CAST(ceil(0.95 * r.n) AS INTEGER) THEN r.wait END) AS p95_wait,
         avg(max(1.0, (r.wait + r.runtime) * 1.0 / max(r.runtime, 10))) AS bounded_slowdown,
         coalesce(sum(r.frag) FILTER (WHERE r.start <= b.len), 0) / (c.gpus * b.len) AS fragmentation
    FROM r JOIN gpu_blocks b ON b.level = r.level AND b.rep = r.rep, gpu_capacity c
   GROUP BY r.level, r.rep, r.ord, r.backfill, r.placement;

-- The two-sided 97.5% quantile of Student's t with replicates - 1 degrees of
-- freedom, by bisection on student_t_cdf.
CREATE TEMP TABLE gpu_t AS
  WITH RECURSIVE b(i, lo, hi) AS (
    SELECT 0, 0.0, 100.0
    UNION ALL
    SELECT i + 1,
           CASE WHEN student_t_cdf((lo + hi) / 2, (SELECT replicates - 1 FROM gpu_study)) < 0.975
                THEN (lo + hi) / 2 ELSE lo END,
           CASE WHEN student_t_cdf((lo + hi) / 2, (SELECT replicates - 1 FROM gpu_study)) < 0.975
                THEN hi ELSE (lo + hi) / 2 END
      FROM b WHERE i < 60)
  SELECT (lo + hi) / 2 AS t975 FROM b WHERE i = 60;

-- Mean over the workloads of a level, with its 95% interval (mean +- t x
-- sd / sqrt(n)).
CREATE TEMP TABLE gpu_summary AS
  SELECT m.level, m.ord, m.backfill, m.placement, count(*) AS n, avg(m.jobs) AS jobs,
         avg(m.utilization) AS utilization,
         t.t975 * sqrt(max(0, avg(m.utilization * m.utilization) - avg(m.utilization) * avg(m.utilization))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS utilization_hw,
         avg(m.mean_wait) AS mean_wait,
         t.t975 * sqrt(max(0, avg(m.mean_wait * m.mean_wait) - avg(m.mean_wait) * avg(m.mean_wait))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS mean_wait_hw,
         avg(m.p95_wait) AS p95_wait,
         t.t975 * sqrt(max(0, avg(m.p95_wait * m.p95_wait) - avg(m.p95_wait) * avg(m.p95_wait))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS p95_wait_hw,
         avg(m.bounded_slowdown) AS bounded_slowdown,
         t.t975 * sqrt(max(0, avg(m.bounded_slowdown * m.bounded_slowdown)
                              - avg(m.bounded_slowdown) * avg(m.bounded_slowdown))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS bounded_slowdown_hw,
         avg(m.fragmentation) AS fragmentation,
         t.t975 * sqrt(max(0, avg(m.fragmentation * m.fragmentation)
                              - avg(m.fragmentation) * avg(m.fragmentation))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS fragmentation_hw,
         avg(m.demand) AS demand,
         avg(m.makespan) AS makespan,
         t.t975 * sqrt(max(0, avg(m.makespan * m.makespan) - avg(m.makespan) * avg(m.makespan))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS makespan_hw
    FROM gpu_measures m, gpu_t t
   GROUP BY m.level, m.ord, m.backfill, m.placement;

-- Paired comparisons: every policy runs the same workloads, so two
-- policies compare by their per-workload differences. For each level,
-- objective and pair of policies (a, b): the mean of m(a) - m(b) over the
-- workloads and the half-width of its 95% t interval.
CREATE TEMP TABLE gpu_measures_long AS
  SELECT level, rep, ord, backfill, placement, o.value AS obj,
         CASE o.value WHEN 'utilization' THEN utilization WHEN 'mean_wait' THEN mean_wait
              WHEN 'p95_wait' THEN p95_wait WHEN 'bounded_slowdown' THEN bounded_slowdown
              WHEN 'fragmentation' THEN fragmentation ELSE makespan END AS v
    FROM gpu_measures,
         json_each('["utilization","mean_wait","p95_wait","bounded_slowdown","fragmentation","makespan"]') o;
CREATE INDEX gpu_measures_long_i ON gpu_measures_long(level, obj, rep);
CREATE TEMP TABLE gpu_paired AS
  SELECT a.level, a.obj, a.ord AS a_ord, a.backfill AS a_backfill, a.placement AS a_placement,
         b.ord AS b_ord, b.backfill AS b_backfill, b.placement AS b_placement,
         avg(a.v - b.v) AS diff,
         t.t975 * sqrt(max(0, avg((a.v - b.v) * (a.v - b.v)) - avg(a.v - b.v) * avg(a.v - b.v))
                       * count(*) / (count(*) - 1)) / sqrt(count(*)) AS diff_hw
    FROM gpu_measures_long a
    JOIN gpu_measures_long b ON b.level = a.level AND b.obj = a.obj AND b.rep = a.rep
     AND (b.ord, b.backfill, b.placement) <> (a.ord, a.backfill, a.placement), gpu_t t
   GROUP BY a.level, a.obj, a.ord, a.backfill, a.placement, b.ord, b.backfill, b.placement;
