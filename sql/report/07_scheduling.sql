-- sql/report/07_scheduling.sql: section 7, job ordering on a GPU cluster
-- (the aiDatix blog post "Mismo clúster, 33 puntos más de utilización: lo
-- que cambió fue el orden", on an experiment by Dharma AI and Hugging Face:
-- "same cluster, 33 more points of utilization: what changed was the
-- order"; from 55% to 88%). Answers: on a synthetic job
-- mix, how much do dispatch order and backfilling change makespan and
-- utilization, are the blog's figures consistent with each other, where
-- does the blog's own policy land, and how should MLPerf jobs be sized?
-- The computations are sql/studies/scheduling_model.sql (shared with
-- sql/studies/scheduling.sql); the MLPerf jobs come from the report's round.

CREATE TEMP TABLE sched_config(round TEXT);
INSERT INTO sched_config SELECT round FROM report_config;
.read sql/studies/scheduling_model.sql

-- The blog's figures, as published.
CREATE TEMP TABLE blog_claims(claim TEXT PRIMARY KEY, value REAL);
INSERT INTO blog_claims VALUES ('utilization_before', 0.55), ('utilization_after', 0.88),
  ('time_reduction', 0.28), ('hours_before', 12), ('hours_after', 8.5);

-- Every policy ranked under each objective (rank(): policies that give the
-- same value share a rank), and the Pareto set over the three: a policy is
-- in it when no other is at least as good on all three and better on one.
-- Utilization is no fourth objective: with the same jobs on the same GPUs
-- it is GPU-time / (GPUs x makespan), so it ranks exactly as makespan.
CREATE TEMP TABLE sched_ranked AS
  SELECT s.*,
         row_number() OVER (ORDER BY makespan, mean_wait, mean_bounded_slowdown, ord, backfill)
           AS rank_best,
         rank() OVER (ORDER BY makespan) AS rank_makespan,
         rank() OVER (ORDER BY mean_wait) AS rank_wait,
         rank() OVER (ORDER BY mean_bounded_slowdown) AS rank_slowdown,
         NOT EXISTS (SELECT 1 FROM sched_summary o
                      WHERE o.makespan <= s.makespan AND o.mean_wait <= s.mean_wait
                        AND o.mean_bounded_slowdown <= s.mean_bounded_slowdown
                        AND (o.makespan < s.makespan OR o.mean_wait < s.mean_wait
                             OR o.mean_bounded_slowdown < s.mean_bounded_slowdown)) AS pareto
    FROM sched_summary s;

INSERT INTO page VALUES
  (7, 0, 1, 0, 'h2', '7. Job ordering on a GPU cluster', 'scheduling'),
  (7, 0, 22, 0, 'p', 'Assumptions. One node of 8 GPUs; a synthetic morning queue of 20 jobs, '
     || 'all submitted at time 0, in three kinds shaped after the blog''s story (short '
     || 'memory-heavy fine-tuning, medium training, long low-memory batch inference); '
     || 'runtimes known exactly. gpu_schedule simulates every queue order with no, EASY and '
     || 'conservative backfilling and returns each job''s start and finish; the measures are '
     || 'computed from those. Makespan: from the first submit to the last finish. Mean wait: '
     || 'start - submit, averaged over the jobs. Mean bounded slowdown: (wait + runtime) / '
     || 'max(runtime, 10 s), at least 1, averaged. Utilization: the GPU-time the jobs hold '
     || '(GPUs x runtime, summed) over 8 GPUs x makespan, that is, the share of the node''s '
     || 'GPU-time from the first submit to the last finish during which a GPU is allocated to '
     || 'a job; it counts allocation, not how busy a GPU''s cores are. With the same jobs on '
     || 'the same GPUs, utilization x makespan is the same for every policy, so utilization '
     || 'ranks the policies exactly as makespan does and is not a separate objective. The '
     || 'job mix is synthetic: the numbers show the mechanism, not a forecast for a real '
     || 'cluster.', NULL);

-- The blog's claim on a real GPU cluster: Alibaba's cluster-trace-gpu-v2023
-- (docs/alibaba.md), every policy of gpu_study (sql/studies/scheduling_model.sql,
-- part 5) at three load levels, gpu_study.replicates workloads per level.
CREATE TEMP TABLE gpu_base AS
  SELECT * FROM gpu_summary WHERE ord = 'submit' AND backfill = 'none' AND placement = 'best_fit';
CREATE TEMP TABLE gpu_obj(obj TEXT, label TEXT, better INTEGER, ord INTEGER);
INSERT INTO gpu_obj VALUES ('utilization', 'utilization', -1, 1), ('mean_wait', 'mean wait (h)', 1, 2),
  ('p95_wait', 'p95 wait (h)', 1, 3), ('bounded_slowdown', 'mean bounded slowdown', 1, 4),
  ('fragmentation', 'fragmentation', 1, 5), ('makespan', 'makespan (h)', 1, 6);
-- One row per (level, policy, objective): the mean, its half-width, and the
-- value as the page prints it.
CREATE TEMP TABLE gpu_long AS
  SELECT s.level, s.ord, s.backfill, s.placement, o.obj, o.ord AS obj_ord, o.better,
         CASE o.obj WHEN 'utilization' THEN s.utilization WHEN 'mean_wait' THEN s.mean_wait
              WHEN 'p95_wait' THEN s.p95_wait WHEN 'bounded_slowdown' THEN s.bounded_slowdown
              WHEN 'fragmentation' THEN s.fragmentation ELSE s.makespan END AS v,
         CASE o.obj WHEN 'utilization' THEN s.utilization_hw WHEN 'mean_wait' THEN s.mean_wait_hw
              WHEN 'p95_wait' THEN s.p95_wait_hw WHEN 'bounded_slowdown' THEN s.bounded_slowdown_hw
              WHEN 'fragmentation' THEN s.fragmentation_hw ELSE s.makespan_hw END AS hw
    FROM gpu_summary s, gpu_obj o;
CREATE TEMP TABLE gpu_fmt AS
  SELECT *, CASE WHEN obj IN ('utilization', 'fragmentation')
                 THEN printf('%.1f%% ± %.1f', 100 * v, 100 * hw)
                 WHEN obj IN ('mean_wait', 'p95_wait', 'makespan')
                 THEN printf('%.2f ± %.2f', v / 3600, hw / 3600)
                 ELSE printf('%.1f ± %.1f', v, hw) END AS txt,
            rank() OVER (PARTITION BY level, obj ORDER BY better * v) AS rnk
    FROM gpu_long;
CREATE TEMP TABLE gpu_policy_name AS
  SELECT DISTINCT ord, backfill, placement,
         CASE ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE ord END
           || ' / ' || backfill || ' / ' || placement AS name
    FROM gpu_summary;

INSERT INTO page
  SELECT 7, 0, 2, 0, 'h3', 'On a real GPU cluster: Alibaba''s production trace', NULL
  UNION ALL
  SELECT 7, 0, 2, 1, 'p', printf('Alibaba''s cluster-trace-gpu-v2023 (the trace of "Beware of '
         || 'Fragmentation", USENIX ATC ''23; docs/alibaba.md) is a production GPU cluster: '
         || '%d nodes with %d GPUs of %d models, and pods asking for whole GPUs or a share of one, '
         || 'CPU and memory; in variant %s, %.0f%% of the GPU jobs are bound to GPU models. No '
         || 'pod ever waits on the whole cluster, so the study keeps every %d-th node of each node '
         || 'class (%d nodes, %d GPUs, every model kept; %d of the %d node classes keep a single '
         || 'node) and compresses the arrivals of the %d batch jobs by %s (runtimes unchanged). '
         || 'The %d jobs created before the window opens or still running at its end (%d of them '
         || 'span the whole window) are left out: with arrivals compressed, their month-long '
         || 'copies would pile up and every queue would wait on them. Offered load, the GPU-time '
         || 'the jobs would hold inside the compressed window if each started at its submit, over '
         || 'GPUs x window: %s. The compressed timeline is cut into %d strata per level, and each '
         || 'workload is one block of %.0f hours inside its stratum (blocks %s), plus the jobs '
         || 'still running when it opens (%.0f to %.0f jobs each on average); a long job can run '
         || 'across several blocks, so the workloads are not fully independent. %d policies (%s) '
         || 'run every workload in gpu_schedule with the node table (GPU models, shared GPUs, CPU '
         || 'and memory per node). Utilization: GPU-time allocated inside the block (a shared GPU '
         || 'counts its share) over the kept GPUs x the block; no policy can exceed the demand, '
         || 'the same if every job ran from its submit (%s on average). Waits and mean bounded '
         || 'slowdown (tau = 10 s) over every job of the block, including the drain after it '
         || '(arrivals stop, and jobs run up to %.0f days). Fragmentation: GPU-time free but '
         || 'unusable by the head of the queue inside the block, over GPUs x the block. Makespan: '
         || 'to the last finish, which the longest jobs set. Each value is the mean over the '
         || 'workloads ± the half-width of its 95%% t interval; policies are compared by their '
         || 'paired differences on the same workloads.',
         (SELECT count(*) FROM alibaba_nodes), (SELECT sum(gpus) FROM alibaba_nodes),
         (SELECT count(DISTINCT model) FROM alibaba_nodes), s.variant,
         (SELECT 100.0 * count(gpu_model) / count(*) FROM alibaba_jobs j WHERE j.variant = s.variant),
         s.every, c.nodes, c.gpus,
         (SELECT count(*) FROM (SELECT 1 FROM gpu_nodes GROUP BY model, gpus, cpu_milli, memory_mib
                                 HAVING count(*) = 1)),
         (SELECT count(*) FROM (SELECT 1 FROM alibaba_nodes GROUP BY model, gpus, cpu_milli, memory_mib)),
         (SELECT count(*) FROM gpu_trace_jobs),
         (SELECT group_concat(factor, ', ') FROM (SELECT factor FROM gpu_levels ORDER BY level)),
         (SELECT count(*) FROM alibaba_jobs j WHERE j.variant = s.variant AND j.kind <> 'complete'),
         (SELECT count(*) FROM alibaba_jobs j, alibaba_window w WHERE j.variant = s.variant
             AND j.kind <> 'complete' AND j.submit = w.start AND j.submit + j.runtime = w.finish),
         (SELECT group_concat(printf('%.2f', offered_load), ', ')
            FROM (SELECT offered_load FROM gpu_levels ORDER BY level)),
         s.replicates, s.block_hours,
         CASE WHEN (SELECT min(disjoint) FROM gpu_blocks) THEN 'disjoint' ELSE 'overlapping' END,
         (SELECT min(n) FROM (SELECT avg(jobs) AS n FROM gpu_measures GROUP BY level)),
         (SELECT max(n) FROM (SELECT avg(jobs) AS n FROM gpu_measures GROUP BY level)),
         (SELECT count(*) FROM gpu_policy),
         CASE s.design WHEN 'full' THEN 'every order x backfill x placement'
              ELSE 'order x backfill with best_fit placement, and placement x backfill with '
                   || 'FCFS; sql/studies/scheduling.sql runs every combination, conservative '
                   || 'backfilling included' END,
         (SELECT group_concat(printf('%.1f%%', 100 * d), ', ')
            FROM (SELECT avg(demand) AS d FROM gpu_summary GROUP BY level ORDER BY level)),
         (SELECT max(runtime) FROM gpu_trace_jobs) / 86400.0), NULL
    FROM gpu_study s, gpu_capacity c;

-- Per level and objective: FCFS (submit / none / best_fit, gpu_schedule's
-- defaults) and the best policy.
INSERT INTO page
  SELECT 7, 0, 3, -1, 'caption', 'Each objective per load level: FCFS without backfilling '
         || '(submit / none / best_fit) and the best policy (order / backfill / placement)', NULL
  UNION ALL
  SELECT 7, 0, 3, 0, 'th', json_array('offered load', 'objective', 'FCFS', 'best', 'best policy',
         'others not different from the best (paired 95%)'), NULL
  UNION ALL
  SELECT 7, 0, 3, row_number() OVER (ORDER BY l.level, o.ord), 'tr',
         json_array(printf('%.2f', l.offered_load), o.label, b.txt, w.txt,
                    -- the tied best in gpu_fmt's order (the first is w), from
                    -- an ordered subquery alone in FROM: a join has no order
                    (SELECT group_concat(name, '; ') FROM
                       (SELECT n.name FROM gpu_fmt x JOIN gpu_policy_name n
                           USING (ord, backfill, placement)
                         WHERE x.level = l.level AND x.obj = o.obj AND x.rnk = 1
                         ORDER BY x.rowid)),
                    (SELECT count(*) FROM gpu_paired d WHERE d.level = l.level AND d.obj = o.obj
                        AND d.b_ord = w.ord AND d.b_backfill = w.backfill
                        AND d.b_placement = w.placement AND abs(d.diff) <= d.diff_hw)), NULL
    FROM gpu_levels l, gpu_obj o
    JOIN gpu_fmt b ON b.level = l.level AND b.obj = o.obj AND b.ord = 'submit'
                  AND b.backfill = 'none' AND b.placement = 'best_fit'
    JOIN gpu_fmt w ON w.level = l.level AND w.obj = o.obj AND w.rnk = 1
                  AND w.rowid = (SELECT min(rowid) FROM gpu_fmt z WHERE z.level = l.level
                                    AND z.obj = o.obj AND z.rnk = 1);

-- Every policy at the highest level.
INSERT INTO page
  SELECT 7, 0, 4, -1, 'caption', printf('Every policy at offered load %.2f (mean ± 95%% '
         || 'half-width over %d workloads); the blog''s order (memory-heavy first) marked',
         (SELECT offered_load FROM gpu_levels ORDER BY level DESC LIMIT 1),
         (SELECT replicates FROM gpu_study)), NULL
  UNION ALL
  SELECT 7, 0, 4, 0, 'th', json_array('order', 'backfill', 'placement', 'utilization',
         'mean wait (h)', 'p95 wait (h)', 'mean bounded slowdown', 'fragmentation',
         'makespan (h)'), NULL
  UNION ALL
  SELECT 7, 0, 4, row_number() OVER (ORDER BY u.v DESC, s.ord, s.backfill, s.placement), 'tr',
         json_array(CASE s.ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE s.ord END,
                    s.backfill, s.placement, u.txt, mw.txt, pw.txt, bs.txt, fr.txt, mk.txt),
         CASE WHEN s.ord = 'memory_mib desc' THEN 'hl' END
    FROM gpu_summary s
    JOIN gpu_fmt u USING (level, ord, backfill, placement)
    JOIN gpu_fmt mw USING (level, ord, backfill, placement)
    JOIN gpu_fmt pw USING (level, ord, backfill, placement)
    JOIN gpu_fmt bs USING (level, ord, backfill, placement)
    JOIN gpu_fmt fr USING (level, ord, backfill, placement)
    JOIN gpu_fmt mk USING (level, ord, backfill, placement)
   WHERE s.level = (SELECT max(level) FROM gpu_levels)
     AND u.obj = 'utilization' AND mw.obj = 'mean_wait' AND pw.obj = 'p95_wait'
     AND bs.obj = 'bounded_slowdown' AND fr.obj = 'fragmentation' AND mk.obj = 'makespan';

-- The claim, at the highest level: ordering alone (no backfilling, same
-- placement), backfilling alone (FCFS), and the best of all; differences
-- between policies paired over the same workloads (gpu_paired).
CREATE TEMP TABLE gpu_claim AS
  SELECT l.level, l.offered_load, b.utilization AS fcfs, b.demand,
         b.mean_wait AS fcfs_wait,
         (SELECT max(utilization) FROM gpu_summary x WHERE x.level = l.level
             AND x.backfill = 'none' AND x.placement = 'best_fit') AS reorder,
         (SELECT CASE ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE ord END
            FROM gpu_summary x WHERE x.level = l.level AND x.backfill = 'none'
             AND x.placement = 'best_fit' ORDER BY utilization DESC, ord LIMIT 1) AS reorder_name,
         (SELECT utilization FROM gpu_summary x WHERE x.level = l.level
             AND x.ord = 'memory_mib desc' AND x.backfill = 'none' AND x.placement = 'best_fit') AS blog,
         (SELECT utilization FROM gpu_summary x WHERE x.level = l.level
             AND x.ord = 'submit' AND x.backfill = 'easy' AND x.placement = 'best_fit') AS easy,
         (SELECT max(utilization) FROM gpu_summary x WHERE x.level = l.level) AS best,
         (SELECT n.name FROM gpu_summary x JOIN gpu_policy_name n USING (ord, backfill, placement)
           WHERE x.level = l.level ORDER BY x.utilization DESC, n.name LIMIT 1) AS best_name,
         (SELECT mean_wait FROM gpu_summary x WHERE x.level = l.level
             AND x.ord = 'submit' AND x.backfill = 'none' AND x.placement = 'first_fit') AS ff_wait
    FROM gpu_levels l JOIN gpu_base b ON b.level = l.level
   WHERE l.level = (SELECT max(level) FROM gpu_levels);
-- The largest paired utilization difference between two orders under EASY
-- (best_fit), and how many of those pairs exclude 0.
CREATE TEMP TABLE gpu_easy_orders AS
  SELECT d.*, (SELECT count(*) FROM gpu_paired e WHERE e.level = d.level AND e.obj = 'utilization'
                  AND e.a_backfill = 'easy' AND e.b_backfill = 'easy'
                  AND e.a_placement = 'best_fit' AND e.b_placement = 'best_fit'
                  AND e.diff > 0 AND abs(e.diff) > e.diff_hw) AS n_differ,
              (SELECT count(*) FROM gpu_paired e WHERE e.level = d.level AND e.obj = 'utilization'
                  AND e.a_backfill = 'easy' AND e.b_backfill = 'easy'
                  AND e.a_placement = 'best_fit' AND e.b_placement = 'best_fit'
                  AND e.diff > 0) AS n_pairs
    FROM gpu_paired d
   WHERE d.level = (SELECT max(level) FROM gpu_levels) AND d.obj = 'utilization'
     AND d.a_backfill = 'easy' AND d.b_backfill = 'easy'
     AND d.a_placement = 'best_fit' AND d.b_placement = 'best_fit'
   ORDER BY d.diff DESC, d.a_ord, d.b_ord LIMIT 1;

INSERT INTO page
  SELECT 7, 0, 5, 0, 'p', printf('The blog''s claim on this cluster, at offered load %.2f: FCFS '
         || 'without backfilling allocates %.1f%% of the GPU-time, against a demand of %.1f%% '
         || '(what every job running from its submit would hold: no policy can exceed it). '
         || 'Reordering alone (still no backfilling, best_fit) reaches at most %.1f%% ("%s"); the '
         || 'blog''s order, memory-heavy first, %.1f%%. EASY backfilling with FCFS reaches %.1f%%, '
         || 'and the best policy %.1f%% ("%s"). Under EASY the orders differ %s: the largest '
         || 'paired difference in utilization is %+.1f ± %.1f points ("%s" over "%s"), and %d of '
         || 'the %d pairs of orders differ beyond their paired 95%% interval; the order mostly '
         || 'changes the waits (mean wait from %.2f h to %.2f h across orders). Against the '
         || 'blog''s %.0f%% -> %.0f%% (%+.0f points from ordering), ordering alone gives %+.1f '
         || 'points here and backfilling %+.1f, both bounded by the demand. Placement: FCFS with '
         || 'first_fit and no backfilling waits %.1f h on average, with best_fit %.1f h; on this '
         || 'small cluster a job that only a node class kept as a single node can host waits '
         || 'behind whatever first_fit, filling the lowest node ids, puts there, so the gap says '
         || 'more about the subsampled cluster than about placement in general.',
         c.offered_load, 100 * c.fcfs, 100 * c.demand, 100 * c.reorder, c.reorder_name,
         100 * c.blog, 100 * c.easy, 100 * c.best, c.best_name,
         CASE WHEN e.diff < 0.05 THEN 'by less than 5 points' ELSE 'by 5 points or more' END,
         100 * e.diff, 100 * e.diff_hw,
         CASE e.a_ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE e.a_ord END,
         CASE e.b_ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE e.b_ord END,
         e.n_differ, e.n_pairs,
         (SELECT min(mean_wait) FROM gpu_summary x WHERE x.level = c.level
             AND x.backfill = 'easy' AND x.placement = 'best_fit') / 3600,
         (SELECT max(mean_wait) FROM gpu_summary x WHERE x.level = c.level
             AND x.backfill = 'easy' AND x.placement = 'best_fit') / 3600,
         100 * bb.value, 100 * ba.value, 100 * (ba.value - bb.value),
         100 * (c.reorder - c.fcfs), 100 * (c.easy - c.fcfs),
         c.ff_wait / 3600, c.fcfs_wait / 3600), NULL
    FROM gpu_claim c, gpu_easy_orders e, blog_claims bb, blog_claims ba
   WHERE bb.claim = 'utilization_before' AND ba.claim = 'utilization_after';

INSERT INTO page
  SELECT 7, 0, 6, 0, 'figure',
         svg_plot(offered_load, 100 * utilization, name,
                  json_object('title', 'Alibaba GPU cluster: utilization by policy and load',
                              'x_label', 'offered load', 'y_label', 'GPU-time allocated (%)',
                              'kind', 'line', 'width', 860, 'height', 420)),
         'Mean utilization over the workloads of each level, best_fit placement, every order '
         || 'with no and with EASY backfilling.'
    FROM (SELECT l.offered_load, s.utilization,
                 CASE s.ord WHEN 'memory_mib desc' THEN 'memory-heavy first' ELSE s.ord END
                   || ' / ' || s.backfill AS name
            FROM gpu_summary s JOIN gpu_levels l USING (level)
           WHERE s.placement = 'best_fit' ORDER BY name, l.offered_load);

INSERT INTO page
  SELECT 7, 0, 21, 0, 'h3', 'The mechanism on one 8-GPU node (synthetic mix)', NULL;

INSERT INTO page
  SELECT 7, 0, 23, 0, 'th', json_array('kind', 'jobs', 'GPUs per job', 'hours per job',
         'GPU-hours', 'blog''s priority'), NULL
  UNION ALL
  SELECT 7, 0, 23, row_number() OVER (ORDER BY min(priority)), 'tr',
         json_array(kind, count(*), min(gpus) || ' - ' || max(gpus),
                    printf('%.2f - %.2f', min(runtime) / 3600.0, max(runtime) / 3600.0),
                    printf('%.1f', sum(gpus * runtime) / 3600.0), min(priority)), NULL
    FROM sched_mix GROUP BY kind;

-- The blog's own policy (order "priority asc") at its best backfill mode,
-- by makespan, then mean wait, then slowdown.
CREATE TEMP TABLE sched_blog AS
  SELECT * FROM sched_ranked WHERE ord = 'priority asc' ORDER BY rank_best LIMIT 1;

INSERT INTO page
  SELECT 7, 0, 24, 0, 'p', printf('Over the %d policies (%d distinct outcomes) the makespan goes '
         || 'from %.2f h to %.2f h, the utilization from %.1f%% to %.1f%%, the mean wait from '
         || '%.2f h to %.2f h and the mean bounded slowdown from %.2f to %.2f; utilization x '
         || 'makespan is %d distinct value(s) (%.4f GPU-hours per GPU). The objectives disagree: '
         || 'the blog''s own policy (fine-tuning first, then training, then inference: order '
         || '"priority asc", with %s backfilling) ranks %d of %d by makespan, %d by mean '
         || 'wait (%.2f h) and %d by mean bounded slowdown (%.2f). The shortest makespan (%.2f '
         || 'h, order "%s") comes with a mean wait of %.2f h. %d policies are Pareto-optimal '
         || 'over makespan, mean wait and mean bounded slowdown (%d distinct outcomes, orders %s)'
         || '; the blog''s policy is %s.%s',
         count(*),
         (SELECT count(*) FROM (SELECT DISTINCT makespan, mean_wait, mean_bounded_slowdown
                                  FROM sched_summary)),
         min(r.makespan) / 3600.0, max(r.makespan) / 3600.0,
         100 * min(r.utilization), 100 * max(r.utilization),
         min(r.mean_wait) / 3600.0, max(r.mean_wait) / 3600.0,
         min(r.mean_bounded_slowdown), max(r.mean_bounded_slowdown),
         (SELECT count(DISTINCT printf('%.9f', utilization * makespan)) FROM sched_summary),
         (SELECT utilization * makespan / 3600.0 FROM sched_ranked WHERE rank_best = 1),
         (SELECT group_concat(backfill, ' or ')
            FROM (SELECT x.backfill FROM sched_ranked x
                   WHERE x.ord = b.ord AND x.makespan = b.makespan AND x.mean_wait = b.mean_wait
                     AND x.mean_bounded_slowdown = b.mean_bounded_slowdown ORDER BY x.rank_best)),
         b.rank_makespan, count(*), b.rank_wait, b.mean_wait / 3600.0,
         b.rank_slowdown, b.mean_bounded_slowdown,
         (SELECT makespan / 3600.0 FROM sched_ranked WHERE rank_best = 1),
         (SELECT ord FROM sched_ranked WHERE rank_best = 1),
         (SELECT mean_wait / 3600.0 FROM sched_ranked WHERE rank_best = 1),
         (SELECT count(*) FROM sched_ranked WHERE pareto),
         (SELECT count(*) FROM (SELECT DISTINCT makespan, mean_wait, mean_bounded_slowdown
                                  FROM sched_ranked WHERE pareto)),
         (SELECT group_concat('"' || ord || '"', ', ')
            FROM (SELECT ord FROM sched_ranked WHERE pareto GROUP BY ord ORDER BY min(rank_best))),
         CASE WHEN b.pareto THEN 'one of them' ELSE 'not' END,
         CASE WHEN (SELECT count(*) FROM (SELECT DISTINCT makespan, mean_wait, mean_bounded_slowdown
                                            FROM sched_ranked WHERE pareto)) > 1
              THEN ' No single ordering is best on all three: which one is depends on the objective.'
              ELSE ' One outcome is best on all three.' END), NULL
    FROM sched_ranked r, sched_blog b;

INSERT INTO page
  SELECT 7, 0, 25, -1, 'caption', 'Every policy, ranked under each objective (ties share a '
         || 'rank); sorted by makespan, then mean wait', NULL
  UNION ALL
  SELECT 7, 0, 25, 0, 'th', json_array('order', 'backfill', 'makespan (h)', 'utilization',
         'mean wait (h)', 'mean bounded slowdown', 'rank: makespan', 'rank: mean wait',
         'rank: slowdown', 'Pareto-optimal'), NULL
  UNION ALL
  SELECT 7, 0, 25, rank_best, 'tr',
         json_array(ord, backfill, printf('%.2f', makespan / 3600.0),
                    printf('%.1f%%', 100 * utilization), printf('%.2f', mean_wait / 3600.0),
                    printf('%.2f', mean_bounded_slowdown), rank_makespan, rank_wait,
                    rank_slowdown, CASE WHEN pareto THEN 'yes' ELSE '' END),
         CASE WHEN ord = 'priority asc' THEN 'hl' END
    FROM sched_ranked;

INSERT INTO page
  SELECT 7, 0, 26, 0, 'p', printf('The blog''s figures cannot all hold. With fixed work and GPUs, '
         || 'utilization %.0f%% -> %.0f%% means a makespan %.4f times as long (%.1f%%, %.0f h -> '
         || '%.2f h), not %.0f%% shorter; a %.0f%% shorter time would mean utilization %.1f%%. '
         || 'And %.0f%% -> %.0f%% is %.0f percentage points, a relative increase of %+.0f%%, not '
         || 'the "33%% more utilization" the blog also writes.',
         100 * b.value, 100 * a.value, b.value / a.value, 100 * (b.value / a.value - 1),
         h.value, h.value * b.value / a.value, 100 * r.value, 100 * r.value,
         100 * b.value / (1 - r.value),
         100 * b.value, 100 * a.value, 100 * (a.value - b.value), 100 * (a.value / b.value - 1)), NULL
    FROM blog_claims b, blog_claims a, blog_claims r, blog_claims h
   WHERE b.claim = 'utilization_before' AND a.claim = 'utilization_after'
     AND r.claim = 'time_reduction' AND h.claim = 'hours_before';

INSERT INTO page
  SELECT 7, 0, 27, 0, 'figure',
         svg_plot(hours, busy, policy,
                  json_object('title', 'One 8-GPU node, same jobs: GPUs busy by dispatch policy',
                              'x_label', 'hours since the queue was filled',
                              'y_label', 'GPUs busy', 'kind', 'step', 'width', 860, 'height', 380)),
         'GPUs busy over time under the worst and the best policy of the table above by makespan.'
    FROM (SELECT * FROM sched_busy ORDER BY policy, hours);

INSERT INTO page
  SELECT 7, 0, 28, 0, 'h3', 'Sizing MLPerf jobs on a shared 64-GPU cluster', NULL
  UNION ALL
  SELECT 7, 0, 28, 1, 'p', printf('Moldable jobs: for %d benchmarks with at least 3 H100 sizes up '
         || 'to 64 GPUs, each size''s fastest official time is one way to run the job. Three '
         || 'teams each train every benchmark once on 64 GPUs (8 nodes of 8), queued at minute '
         || '1, while another team''s 32-GPU job holds half of the cluster for 90 minutes; FCFS '
         || 'with EASY backfilling.', (SELECT count(DISTINCT benchmark) FROM sched_curve)), NULL
  UNION ALL
  SELECT 7, 0, 29, 0, 'th', json_array('sizing', 'jobs', 'last finish (min)', 'mean completion (min)',
         'mean wait (min)', 'GPU-minutes'), NULL
  UNION ALL
  SELECT 7, 0, 29, row_number() OVER (ORDER BY avg(finish - submit)), 'tr',
         json_array(sizing, count(*), printf('%.1f', max(finish)),
                    printf('%.1f', avg(finish - submit)), printf('%.1f', avg(wait)),
                    printf('%.0f', sum(gpus * runtime))), NULL
    FROM sched_mold_runs WHERE id <> 'other team' GROUP BY sizing;
