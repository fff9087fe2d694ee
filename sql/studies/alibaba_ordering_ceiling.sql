-- sql/studies/alibaba_ordering_ceiling.sql: the ordering study on Alibaba's
-- GPU cluster (sql/data/alibaba_ordering_runs.sql, read first) against its
-- reachable ceiling, and its replications. Defines
--
--   gpu_analysis      the warm-up (windows left out of every measure) and the
--                     number of batches; set it before reading this file to
--                     change it (default 8 and 8)
--   gpu_ceiling       per (setting, factor, order, backfill): the reachable
--                     ceiling, the utilization, the gap, calm and overloaded
--                     windows apart
--   gpu_rep           per replication and policy, the means over its windows
--   gpu_rep_summary   per policy, the mean and range over the replications
--
-- sql/studies/scheduling_model.sql (part 5) reads it; it needs no function
-- of the extension.
CREATE TEMP TABLE IF NOT EXISTS gpu_analysis(warmup INTEGER, batches INTEGER);
INSERT INTO gpu_analysis SELECT 8, 8 WHERE NOT EXISTS (SELECT 1 FROM gpu_analysis);

-- The reachable ceiling, per load and policy, over the measured windows (the
-- warm-up left out): the mean of min(demand, 1), what the cluster holds if
-- each window is served on its own, all of its demand when it is calm
-- (demand <= 1), all the GPUs when it is overloaded (demand > 1). The
-- offered load, the mean demand, also counts what the overloaded windows ask
-- beyond the cluster. A window holds at most all its GPUs, and more than its
-- own demand only with work carried from an earlier window, so a policy
-- passes the ceiling only by moving an overloaded window's excess into a
-- calm one. gap = ceiling - utilization. The demand, so the ceiling, is the
-- same under every policy.
CREATE TEMP VIEW gpu_ceiling AS
  SELECT w.setting, w.factor, d.offered_load, w.ord, w.backfill, count(*) AS windows,
         avg(w.demand) AS demand, avg(min(w.demand, 1.0)) AS ceiling,
         avg(w.utilization) AS utilization, avg(min(w.demand, 1.0)) - avg(w.utilization) AS gap,
         count(*) FILTER (WHERE w.demand <= 1) AS calm_windows,
         avg(w.demand) FILTER (WHERE w.demand <= 1) AS calm_ceiling,
         avg(w.utilization) FILTER (WHERE w.demand <= 1) AS calm_utilization,
         count(*) FILTER (WHERE w.demand > 1) AS overloaded_windows,
         avg(w.utilization) FILTER (WHERE w.demand > 1) AS overloaded_utilization
    FROM alibaba_study_windows w JOIN alibaba_study_design d USING (setting, factor), gpu_analysis a
   WHERE w.w >= a.warmup
   GROUP BY w.setting, w.factor, w.ord, w.backfill;

-- The replications (alibaba_study_rep_windows: the main setting with its
-- batch arrivals jittered, under every order with backfill none and
-- greedy): per replication and policy, the means over the measured windows;
-- then per policy their mean and range over the replications, for
-- utilization, the ceiling and the change in utilization against FCFS with
-- greedy backfilling in the same replication. This spread is one of whole
-- runs, not of the batches of one run (which carries the trace's swings).
CREATE TEMP TABLE gpu_rep AS
  SELECT w.setting, w.factor, w.rep, w.ord, w.backfill, avg(w.utilization) AS utilization,
         avg(min(w.demand, 1.0)) AS ceiling,
         sum(w.wait_sum) / max(sum(w.jobs), 1) / 3600.0 AS mean_wait
    FROM alibaba_study_rep_windows w, gpu_analysis a
   WHERE w.w >= a.warmup
   GROUP BY 1, 2, 3, 4, 5;
CREATE TEMP TABLE gpu_rep_summary AS
  SELECT r.setting, r.factor, r.ord, r.backfill, count(*) AS reps,
         avg(r.utilization) AS utilization, min(r.utilization) AS utilization_min,
         max(r.utilization) AS utilization_max,
         avg(r.ceiling) AS ceiling, min(r.ceiling) AS ceiling_min, max(r.ceiling) AS ceiling_max,
         avg(r.utilization - g.utilization) AS vs_greedy,
         min(r.utilization - g.utilization) AS vs_greedy_min,
         max(r.utilization - g.utilization) AS vs_greedy_max
    FROM gpu_rep r
    JOIN gpu_rep g ON g.setting = r.setting AND g.factor = r.factor AND g.rep = r.rep
     AND g.ord = 'submit' AND g.backfill = 'greedy'
   GROUP BY 1, 2, 3, 4;
