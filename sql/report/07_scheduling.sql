-- sql/report/07_scheduling.sql: section 7, job ordering on a GPU cluster
-- (the aiDatix blog post "Mismo clúster, 33 puntos más de utilización: lo
-- que cambió fue el orden", on an experiment by Dharma AI and Hugging Face:
-- "same cluster, 33 more points of utilization: what changed was the
-- order"; from 55% to 88%). Answers: on a synthetic job
-- mix, how much do dispatch order and backfilling change makespan and
-- utilization, are the blog's figures consistent with each other, where
-- does the blog's own policy land, and how should MLPerf jobs be sized?
-- The computations are sql/scheduling_model.sql (shared with
-- sql/scheduling.sql); the MLPerf jobs come from the report's round.

CREATE TEMP TABLE sched_config(round TEXT);
INSERT INTO sched_config SELECT round FROM report_config;
.read sql/scheduling_model.sql

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
  (7, 0, 2, 0, 'p', 'Assumptions. One node of 8 GPUs; a synthetic morning queue of 20 jobs, '
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

INSERT INTO page
  SELECT 7, 0, 3, 0, 'th', json_array('kind', 'jobs', 'GPUs per job', 'hours per job',
         'GPU-hours', 'blog''s priority'), NULL
  UNION ALL
  SELECT 7, 0, 3, row_number() OVER (ORDER BY min(priority)), 'tr',
         json_array(kind, count(*), min(gpus) || ' - ' || max(gpus),
                    printf('%.2f - %.2f', min(runtime) / 3600.0, max(runtime) / 3600.0),
                    printf('%.1f', sum(gpus * runtime) / 3600.0), min(priority)), NULL
    FROM sched_mix GROUP BY kind;

-- The blog's own policy (order "priority asc") at its best backfill mode,
-- by makespan, then mean wait, then slowdown.
CREATE TEMP TABLE sched_blog AS
  SELECT * FROM sched_ranked WHERE ord = 'priority asc' ORDER BY rank_best LIMIT 1;

INSERT INTO page
  SELECT 7, 0, 4, 0, 'p', printf('Over the %d policies (%d distinct outcomes) the makespan goes '
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
  SELECT 7, 0, 5, -1, 'caption', 'Every policy, ranked under each objective (ties share a '
         || 'rank); sorted by makespan, then mean wait', NULL
  UNION ALL
  SELECT 7, 0, 5, 0, 'th', json_array('order', 'backfill', 'makespan (h)', 'utilization',
         'mean wait (h)', 'mean bounded slowdown', 'rank: makespan', 'rank: mean wait',
         'rank: slowdown', 'Pareto-optimal'), NULL
  UNION ALL
  SELECT 7, 0, 5, rank_best, 'tr',
         json_array(ord, backfill, printf('%.2f', makespan / 3600.0),
                    printf('%.1f%%', 100 * utilization), printf('%.2f', mean_wait / 3600.0),
                    printf('%.2f', mean_bounded_slowdown), rank_makespan, rank_wait,
                    rank_slowdown, CASE WHEN pareto THEN 'yes' ELSE '' END),
         CASE WHEN ord = 'priority asc' THEN 'hl' END
    FROM sched_ranked;

INSERT INTO page
  SELECT 7, 0, 6, 0, 'p', printf('The blog''s figures cannot all hold. With fixed work and GPUs, '
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
  SELECT 7, 0, 7, 0, 'figure',
         svg_plot(hours, busy, policy,
                  json_object('title', 'One 8-GPU node, same jobs: GPUs busy by dispatch policy',
                              'x_label', 'hours since the queue was filled',
                              'y_label', 'GPUs busy', 'kind', 'step', 'width', 860, 'height', 380)),
         'GPUs busy over time under the worst and the best policy of the table above by makespan.'
    FROM (SELECT * FROM sched_busy ORDER BY policy, hours);

INSERT INTO page
  SELECT 7, 0, 8, 0, 'h3', 'Sizing MLPerf jobs on a shared 64-GPU cluster', NULL
  UNION ALL
  SELECT 7, 0, 8, 1, 'p', printf('Moldable jobs: for %d benchmarks with at least 3 H100 sizes up '
         || 'to 64 GPUs, each size''s fastest official time is one way to run the job. Three '
         || 'teams each train every benchmark once on 64 GPUs (8 nodes of 8), queued at minute '
         || '1, while another team''s 32-GPU job holds half of the cluster for 90 minutes; FCFS '
         || 'with EASY backfilling.', (SELECT count(DISTINCT benchmark) FROM sched_curve)), NULL
  UNION ALL
  SELECT 7, 0, 9, 0, 'th', json_array('sizing', 'jobs', 'last finish (min)', 'mean completion (min)',
         'mean wait (min)', 'GPU-minutes'), NULL
  UNION ALL
  SELECT 7, 0, 9, row_number() OVER (ORDER BY avg(finish - submit)), 'tr',
         json_array(sizing, count(*), printf('%.1f', max(finish)),
                    printf('%.1f', avg(finish - submit)), printf('%.1f', avg(wait)),
                    printf('%.0f', sum(gpus * runtime))), NULL
    FROM sched_mold_runs WHERE id <> 'other team' GROUP BY sizing;
