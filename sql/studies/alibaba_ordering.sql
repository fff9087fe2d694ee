-- sql/studies/alibaba_ordering.sql: the ordering study on Alibaba's GPU cluster
-- (cluster-trace-gpu-v2023, docs/alibaba.md), as continuous simulations.
-- Reads sql/studies/alibaba.sql and defines
--
--   alibaba_study_design   one row per (setting, factor): the pod list, the
--                          cut of the cluster, the compression of arrivals
--   alibaba_study_policy   the orders x backfill modes every run tries
--   alibaba_study_replication  the replications of the main setting: rep
--                          and seed of its jittered arrivals
--   alibaba_study_jobs     the jobs of each (setting, factor, rep); rep 0
--                          the trace's own arrivals
--   alibaba_study_windows  per (setting, factor, order, backfill) run, one
--                          row per window of the compressed timeline
--   alibaba_study_rep_windows  the same per replication (column rep)
--
-- It runs gpu_schedule 416 times (256 runs, 160 replications; about ten
-- minutes on 2 cores): `make alibaba-study` runs it through
-- tool/write_alibaba_ordering_runs.sql and ships the design, the windows
-- and the replications' windows as sql/data/alibaba_ordering_runs.sql, which
-- the report reads (sql/studies/scheduling_model.sql, part 5, and
-- sql/studies/alibaba_ordering_ceiling.sql). docs/alibaba.md ("The ordering
-- study") gives every rule with its reason.
--
-- The design, each rule once:
--  * Pods: `default` (the trace's own pods, no GPU-model constraint) is the
--    main setting; `gpuspec33` (the same pods, constraints added to a third
--    of the GPU pods by the trace's authors) a sensitivity.
--  * Cluster: the whole cluster (alibaba_cut(1): 1,213 nodes, 6,212 GPUs) in
--    the main setting; cuts in proportion (alibaba_cut(k): each node class
--    keeps its share of the nodes), k = 8 and 16, as sensitivities.
--  * Load: arrivals compressed by `factor` (submit / factor from the window
--    start; batch runtimes unchanged). The 47 jobs that cross an edge of the
--    trace's window (created before it, or still running at its end: the
--    services, 69% of the GPU-time) are background load: each is pinned
--    `factor` times (compressing arrivals f-fold puts f times the work in
--    flight; for a job that spans the window, that is f copies) over its
--    life in the window compressed like the window, and heads the queue under
--    every order, so the trace's mix of services and batch work is kept at
--    every level. Offered load: the GPU-time every job would hold inside the
--    compressed window if it started at its submit, over GPUs x window.
--  * One continuous simulation per (setting, factor, order, backfill), from
--    the window start to the last finish; the compressed window is cut into
--    48 windows of equal length, measured in the warm state of that one run.
--  * Placement best_fit (gpu_schedule's default); runtimes known exactly.
.read sql/studies/alibaba.sql

DROP TABLE IF EXISTS alibaba_study_design;
CREATE TABLE alibaba_study_design(setting TEXT, variant TEXT, k INTEGER, factor INTEGER,
                                  level INTEGER, windows INTEGER, nodes INTEGER, gpus INTEGER,
                                  offered_load REAL, PRIMARY KEY (setting, factor));
INSERT INTO alibaba_study_design(setting, variant, k, factor, level, windows)
  SELECT s.setting, s.variant, s.k, f.value, f.key + 1, 48
    FROM (SELECT 'main' AS setting, 'default' AS variant, 1 AS k, '[113,148,181,216]' AS factors
          UNION ALL SELECT 'gpuspec33', 'gpuspec33', 1, '[113,148,181,216]'
          UNION ALL SELECT 'cut8', 'default', 8, '[12,16,20,24]'
          UNION ALL SELECT 'cut16', 'default', 16, '[6,8,10,12]') s,
         json_each(s.factors) f;
UPDATE alibaba_study_design
   SET nodes = (SELECT count(*) FROM alibaba_cut c WHERE c.k = alibaba_study_design.k),
       gpus = (SELECT sum(gpus) FROM alibaba_cut c WHERE c.k = alibaba_study_design.k);

-- Orders: the queue order of the batch jobs; the background heads the queue
-- under each (its key is -1). largest_area: GPU-time (GPUs x share x
-- runtime), largest first; memory_mib desc: host memory, largest first (the
-- trace records no GPU memory).
DROP TABLE IF EXISTS alibaba_study_policy;
CREATE TABLE alibaba_study_policy(ord TEXT, backfill TEXT, ord_key INTEGER, backfill_key INTEGER);
INSERT INTO alibaba_study_policy
  SELECT o.value, b.value, o.key, b.key
    FROM json_each('["submit","shortest","largest_area","memory_mib desc"]') o,
         json_each('["none","greedy","easy","conservative"]') b;

-- Replications: the main setting runs again 5 times with the batch
-- jobs' arrivals jittered (rep 0 is the trace's own arrivals, every setting
-- and policy), under every order without backfilling and with greedy
-- backfilling, so the report can show a spread over replications beside
-- the batch means of one run (whose spread carries the trace's own swings of
-- load). Jitter: each batch job's compressed submit moves by (u - 1/2)
-- windows, u uniform in [0, 1) from a hash of (seed, rep, job id), and
-- stays at or after the window start; the background and every runtime are
-- the trace's. The hash is the closed batch's (sql/studies/scheduling_model.sql,
-- part 6): three rounds of a quadratic hash modulo the prime 2^31 - 1.
DROP TABLE IF EXISTS alibaba_study_replication;
CREATE TABLE alibaba_study_replication(setting TEXT, rep INTEGER, seed INTEGER,
                                       PRIMARY KEY (setting, rep));
INSERT INTO alibaba_study_replication
  SELECT 'main', n, 20231 FROM alibaba_factors WHERE n <= 5;

CREATE TEMP TABLE alibaba_study_jitter AS
  WITH a AS (
    SELECT r.setting, r.rep, j.id,
           (j.id * 2654435761 + r.seed * 40503 + r.rep * 7919) % 2147483647 AS a
      FROM alibaba_study_replication r,
           (SELECT DISTINCT id FROM alibaba_jobs WHERE kind = 'complete') j),
  b AS (SELECT setting, rep, id, (a * a + rep * 2246822519) % 2147483647 AS b FROM a)
  SELECT setting, rep, id, ((b * b + id * 3266489917) % 2147483647) / 2147483647.0 AS u FROM b;

DROP TABLE IF EXISTS alibaba_study_jobs;
CREATE TABLE alibaba_study_jobs AS
  SELECT d.setting, d.factor, CAST(0 AS INTEGER) AS rep, j.id * 1000 AS id, 0 AS background,
         j.gpus, j.gpu_milli,
         j.gpu_model, j.cpu_milli, j.memory_mib, (j.submit - w.start) * 1.0 / d.factor AS submit,
         j.runtime * 1.0 AS runtime
    FROM alibaba_study_design d, alibaba_jobs j, alibaba_window w
   WHERE j.variant = d.variant AND j.kind = 'complete'
  UNION ALL
  SELECT d.setting, d.factor, r.rep, j.id * 1000, 0, j.gpus, j.gpu_milli, j.gpu_model,
         j.cpu_milli, j.memory_mib,
         max(0.0, (j.submit - w.start) * 1.0 / d.factor
                  + (u.u - 0.5) * (w.finish - w.start) * 1.0 / d.factor / d.windows),
         j.runtime * 1.0
    FROM alibaba_study_design d JOIN alibaba_study_replication r USING (setting),
         alibaba_jobs j, alibaba_window w, alibaba_study_jitter u
   WHERE u.setting = r.setting AND u.rep = r.rep AND u.id = j.id
     AND j.variant = d.variant AND j.kind = 'complete'
  UNION ALL
  SELECT d.setting, d.factor, r.rep, j.id * 1000 + c.n, 1, j.gpus, j.gpu_milli, j.gpu_model,
         j.cpu_milli, j.memory_mib, (j.submit - w.start) * 1.0 / d.factor,
         j.runtime * 1.0 / d.factor
    FROM alibaba_study_design d
    JOIN (SELECT setting, rep FROM alibaba_study_replication
          UNION ALL SELECT DISTINCT setting, 0 FROM alibaba_study_design) r USING (setting),
         alibaba_jobs j, alibaba_window w, alibaba_factors c
   WHERE j.variant = d.variant AND j.kind <> 'complete' AND c.n <= d.factor;
CREATE INDEX alibaba_study_jobs_i ON alibaba_study_jobs(setting, factor, rep, id);

UPDATE alibaba_study_design
   SET offered_load =
       (SELECT sum(j.gpus * j.gpu_milli / 1000.0
                   * max(0, min(j.submit + j.runtime, (w.finish - w.start) * 1.0 / d.factor)
                            - j.submit))
          FROM alibaba_study_jobs j, alibaba_window w, alibaba_study_design d
         WHERE j.setting = d.setting AND j.factor = d.factor AND j.rep = 0
           AND d.setting = alibaba_study_design.setting AND d.factor = alibaba_study_design.factor)
       / (gpus * ((SELECT finish - start FROM alibaba_window) * 1.0 / factor));

-- The runs: rep 0 under every policy, the replications under every order
-- with backfill none and greedy. CROSS JOIN keeps gpu_schedule in the inner
-- loop, once per (design row, replication, policy).
CREATE TEMP TABLE alibaba_study_runs AS
  SELECT d.setting, d.factor, r.rep, p.ord, p.backfill, g.id, g.gpus, g.start, g.finish, g.wait,
         g.frag
    FROM alibaba_study_design d
         CROSS JOIN (SELECT setting, rep FROM alibaba_study_replication
                     UNION ALL SELECT DISTINCT setting, 0 FROM alibaba_study_design) r
         CROSS JOIN alibaba_study_policy p CROSS JOIN
         gpu_schedule(printf('SELECT *, CASE WHEN background THEN -1 ELSE %s END AS study_key'
                             || ' FROM alibaba_study_jobs WHERE setting = %Q AND factor = %d'
                             || ' AND rep = %d',
                             CASE p.ord WHEN 'submit' THEN '0' WHEN 'shortest' THEN 'runtime'
                                  WHEN 'largest_area' THEN '-(gpus * gpu_milli * runtime)'
                                  ELSE '-memory_mib' END,
                             d.setting, d.factor, r.rep),
                      printf('SELECT * FROM alibaba_cut WHERE k = %d', d.k),
                      json_object('order', 'study_key asc', 'backfill', p.backfill)) g
   WHERE r.setting = d.setting AND (r.rep = 0 OR p.backfill IN ('none', 'greedy'));

-- Per run and window w (0-based; [w L, (w+1) L), L = the compressed
-- window / windows): GPU-time allocated inside it (every job, a shared GPU
-- counting its share), the same if every job ran from its submit (the
-- demand), the batch jobs submitted inside it with their summed wait and
-- bounded slowdown (tau = 10 s), and the frag of the dispatches inside it
-- (gpu_schedule's GPU-time free but unusable by the queue's head).
CREATE TEMP TABLE alibaba_study_win AS
  SELECT d.setting, d.factor, d.gpus AS cap, f.n - 1 AS w,
         (SELECT finish - start FROM alibaba_window) * 1.0 / d.factor / d.windows AS len
    FROM alibaba_study_design d JOIN alibaba_factors f ON f.n <= d.windows;
CREATE INDEX alibaba_study_win_i ON alibaba_study_win(setting, factor, w);
-- frag is the integral of the fragmented GPU milli from the previous
-- dispatch (by start; the runs' rows are in dispatch order) to this one; it
-- is spread evenly over that interval, then cut by the windows.
CREATE TEMP TABLE alibaba_study_r AS
  SELECT r.*, lag(r.start, 1, 0) OVER (PARTITION BY r.setting, r.factor, r.rep, r.ord, r.backfill
                                       ORDER BY r.rowid) AS prev_start,
         j.background, j.gpus * j.gpu_milli / 1000.0 AS share, j.submit, j.runtime,
         (SELECT len FROM alibaba_study_win x WHERE x.setting = r.setting AND x.factor = r.factor
             AND x.w = 0) AS len
    FROM alibaba_study_runs r
    JOIN alibaba_study_jobs j ON j.setting = r.setting AND j.factor = r.factor AND j.rep = r.rep
     AND j.id = r.id;
CREATE TEMP TABLE alibaba_study_all_windows AS
  WITH used AS (
    SELECT r.setting, r.factor, r.rep, r.ord, r.backfill, x.w,
           sum(r.share * max(0, min(r.finish, (x.w + 1) * x.len) - max(r.start, x.w * x.len)))
             / (x.cap * x.len) AS utilization
      FROM alibaba_study_r r
      JOIN alibaba_study_win x ON x.setting = r.setting AND x.factor = r.factor
       AND x.w BETWEEN CAST(r.start / r.len AS INTEGER) AND CAST(r.finish / r.len AS INTEGER)
     GROUP BY 1, 2, 3, 4, 5, 6),
  demand AS (
    SELECT r.setting, r.factor, r.rep, r.ord, r.backfill, x.w,
           sum(r.share * max(0, min(r.submit + r.runtime, (x.w + 1) * x.len)
                                - max(r.submit, x.w * x.len)))
             / (x.cap * x.len) AS demand
      FROM alibaba_study_r r
      JOIN alibaba_study_win x ON x.setting = r.setting AND x.factor = r.factor
       AND x.w BETWEEN CAST(r.submit / r.len AS INTEGER)
                   AND CAST((r.submit + r.runtime) / r.len AS INTEGER)
     GROUP BY 1, 2, 3, 4, 5, 6),
  waits AS (
    SELECT setting, factor, rep, ord, backfill, CAST(submit / len AS INTEGER) AS w, count(*) AS jobs,
           sum(wait) AS wait_sum, sum(max(1.0, (wait + runtime) / max(runtime, 10))) AS slowdown_sum
      FROM alibaba_study_r WHERE NOT background GROUP BY 1, 2, 3, 4, 5, 6),
  frag AS (
    SELECT r.setting, r.factor, r.rep, r.ord, r.backfill, x.w,
           sum(CASE WHEN r.start > r.prev_start
                    THEN r.frag * max(0, min(r.start, (x.w + 1) * x.len)
                                         - max(r.prev_start, x.w * x.len))
                         / (r.start - r.prev_start)
                    WHEN x.w = CAST(r.start / r.len AS INTEGER) THEN r.frag ELSE 0 END) AS frag
      FROM alibaba_study_r r
      JOIN alibaba_study_win x ON x.setting = r.setting AND x.factor = r.factor
       AND x.w BETWEEN CAST(r.prev_start / r.len AS INTEGER) AND CAST(r.start / r.len AS INTEGER)
     WHERE r.frag > 0
     GROUP BY 1, 2, 3, 4, 5, 6)
  SELECT u.setting, u.factor, u.rep, u.ord, u.backfill, u.w, u.utilization, d.demand,
         coalesce(a.jobs, 0) AS jobs, coalesce(a.wait_sum, 0) AS wait_sum,
         coalesce(a.slowdown_sum, 0) AS slowdown_sum,
         coalesce(f.frag, 0) / (x.cap * x.len) AS fragmentation
    FROM alibaba_study_win x
    JOIN used u ON u.setting = x.setting AND u.factor = x.factor AND u.w = x.w
    JOIN demand d USING (setting, factor, rep, ord, backfill, w)
    LEFT JOIN waits a USING (setting, factor, rep, ord, backfill, w)
    LEFT JOIN frag f USING (setting, factor, rep, ord, backfill, w)
   ORDER BY u.setting, u.factor, u.rep, u.ord, u.backfill, u.w;
DROP TABLE IF EXISTS alibaba_study_windows;
CREATE TABLE alibaba_study_windows AS
  SELECT setting, factor, ord, backfill, w, utilization, demand, jobs, wait_sum, slowdown_sum,
         fragmentation
    FROM alibaba_study_all_windows WHERE rep = 0 ORDER BY setting, factor, ord, backfill, w;
DROP TABLE IF EXISTS alibaba_study_rep_windows;
CREATE TABLE alibaba_study_rep_windows AS
  SELECT * FROM alibaba_study_all_windows WHERE rep > 0
   ORDER BY setting, factor, rep, ord, backfill, w;
