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

CREATE TEMP TABLE sched_ranked AS
  SELECT *, row_number() OVER (ORDER BY makespan, mean_wait, ord, backfill) AS rank_best
    FROM sched_summary;

INSERT INTO page VALUES
  (7, 0, 1, 0, 'h2', '7. Job ordering on a GPU cluster', 'scheduling'),
  (7, 0, 2, 0, 'p', 'Assumptions. One node of 8 GPUs; a synthetic morning queue of 20 jobs, '
     || 'all submitted at time 0, in three kinds shaped after the blog''s story (short '
     || 'memory-heavy fine-tuning, medium training, long low-memory batch inference); '
     || 'runtimes known exactly. gpu_schedule simulates every queue order with no, EASY and '
     || 'conservative backfilling. Utilization = allocated GPU-time / (GPUs x makespan), so '
     || 'with the same jobs on the same GPUs utilization x makespan is the same for every '
     || 'policy. The job mix is synthetic: the numbers show the mechanism, not a forecast '
     || 'for a real cluster.', NULL);

INSERT INTO page
  SELECT 7, 0, 3, 0, 'th', json_array('kind', 'jobs', 'GPUs per job', 'hours per job',
         'GPU-hours', 'blog''s priority'), NULL
  UNION ALL
  SELECT 7, 0, 3, row_number() OVER (ORDER BY min(priority)), 'tr',
         json_array(kind, count(*), min(gpus) || ' - ' || max(gpus),
                    printf('%.2f - %.2f', min(runtime) / 3600.0, max(runtime) / 3600.0),
                    printf('%.1f', sum(gpus * runtime) / 3600.0), min(priority)), NULL
    FROM sched_mix GROUP BY kind;

INSERT INTO page
  SELECT 7, 0, 4, 0, 'p', printf('Over the %d policies the makespan goes from %.2f h to %.2f h and '
         || 'the utilization from %.1f%% to %.1f%%; utilization x makespan is %d distinct '
         || 'value(s) (%.4f GPU-hours per GPU). The blog''s own policy (fine-tuning first, '
         || 'then training, then inference: order "priority asc") ranks %d of %d at best '
         || '(%s backfilling: %.2f h, %.1f%%); the best policy is order "%s" with %s '
         || 'backfilling (%.2f h, %.1f%%).',
         count(*), min(makespan) / 3600.0, max(makespan) / 3600.0,
         100 * min(utilization), 100 * max(utilization),
         (SELECT count(DISTINCT printf('%.9f', utilization * makespan)) FROM sched_summary),
         (SELECT utilization * makespan / 3600.0 FROM sched_ranked WHERE rank_best = 1),
         (SELECT min(rank_best) FROM sched_ranked WHERE ord = 'priority asc'), count(*),
         (SELECT backfill FROM sched_ranked WHERE ord = 'priority asc' ORDER BY rank_best LIMIT 1),
         (SELECT makespan / 3600.0 FROM sched_ranked WHERE ord = 'priority asc' ORDER BY rank_best LIMIT 1),
         (SELECT 100 * utilization FROM sched_ranked WHERE ord = 'priority asc' ORDER BY rank_best LIMIT 1),
         (SELECT ord FROM sched_ranked WHERE rank_best = 1),
         (SELECT backfill FROM sched_ranked WHERE rank_best = 1),
         (SELECT makespan / 3600.0 FROM sched_ranked WHERE rank_best = 1),
         (SELECT 100 * utilization FROM sched_ranked WHERE rank_best = 1)), NULL
    FROM sched_summary;

INSERT INTO page
  SELECT 7, 0, 5, 0, 'th', json_array('rank', 'order', 'backfill', 'makespan (h)', 'utilization',
         'mean wait (h)', 'mean bounded slowdown'), NULL
  UNION ALL
  SELECT 7, 0, 5, rank_best, 'tr',
         json_array(rank_best, ord, backfill, printf('%.2f', makespan / 3600.0),
                    printf('%.1f%%', 100 * utilization), printf('%.2f', mean_wait / 3600.0),
                    printf('%.2f', mean_bounded_slowdown)),
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
         'GPUs busy over time under the worst and the best policy of the table above.'
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
