-- sql/studies/alibaba.sql: Alibaba's GPU cluster trace (cluster-trace-gpu-v2023) as
-- jobs and clusters for gpu_schedule. Reads the data
-- (sql/data/alibaba_gpu2023.sql: alibaba_nodes, alibaba_pods), then defines,
-- each once (docs/alibaba.md gives every rule with the counts it affects):
--
--   alibaba_window        the trace's window: first and last deletion time
--   alibaba_pod_fate      what became of each pod: a job, or why not
--   alibaba_jobs          the GPU jobs, the columns gpu_schedule reads
--   alibaba_factors       the integers 1..1000, the levels of the two scalings
--   alibaba_cluster       the nodes kept when every `every`-th node of each
--                         node class is kept (every = 1: the whole cluster)
--   alibaba_cut           a cut in proportion: about 1/k of the nodes, each
--                         node class keeping its share (largest remainder)
--   alibaba_jobs_compressed  the jobs with arrivals compressed by `factor`
--   alibaba_load          offered load: requested GPU-time over capacity x span
--
-- Run from the repository root; every statement can be run again.
.read sql/data/alibaba_gpu2023.sql

-- The window: the trace holds the pods deleted from its first deletion on,
-- and those still running at its end, whose deletion_time is the last one.
DROP VIEW IF EXISTS alibaba_window;
CREATE VIEW alibaba_window(start, finish) AS
  SELECT min(deletion_time), max(deletion_time) FROM alibaba_pods;

-- First rule that applies wins. 'fits no node': no node has a model the pod
-- allows and enough GPUs, CPU and memory (gpu_spec names models at random
-- in the gpuspec variants). A pod created before the window opens is a
-- job of the window from its start: submit = the window start, runtime =
-- what it ran inside the window ('prior'); one still running at the trace
-- end runs until then ('censored').
DROP VIEW IF EXISTS alibaba_pod_fate;
CREATE VIEW alibaba_pod_fate(variant, name, fate) AS
  SELECT p.variant, p.name,
         CASE WHEN p.num_gpu = 0 THEN 'cpu only'
              WHEN p.scheduled_time IS NULL THEN 'never scheduled'
              WHEN NOT EXISTS (
                     SELECT 1 FROM alibaba_nodes n
                      WHERE (p.gpu_spec IS NULL OR instr('|' || p.gpu_spec || '|', '|' || n.model || '|'))
                        AND n.gpus >= p.num_gpu AND n.cpu_milli >= p.cpu_milli
                        AND n.memory_mib >= p.memory_mib) THEN 'fits no node'
              WHEN p.deletion_time <= max(p.scheduled_time, w.start) THEN 'no time in window'
              WHEN p.creation_time < w.start THEN 'prior'
              WHEN p.deletion_time = w.finish THEN 'censored'
              ELSE 'complete' END
    FROM alibaba_pods p, alibaba_window w;

-- id: the pod's number (openb-pod-0017 -> 17). gpu_milli is 1000 for a
-- whole GPU (every pod of 2 or more GPUs asks for whole ones).
DROP VIEW IF EXISTS alibaba_jobs;
CREATE VIEW alibaba_jobs(variant, id, gpus, gpu_milli, gpu_model, cpu_milli, memory_mib,
                         submit, runtime, kind) AS
  SELECT p.variant, CAST(substr(p.name, 11) AS INTEGER), p.num_gpu, p.gpu_milli, p.gpu_spec,
         p.cpu_milli, p.memory_mib, max(p.creation_time, w.start),
         p.deletion_time - max(p.scheduled_time, w.start), f.fate
    FROM alibaba_pods p JOIN alibaba_pod_fate f USING (variant, name), alibaba_window w
   WHERE f.fate IN ('prior', 'censored', 'complete');

DROP TABLE IF EXISTS alibaba_factors;
CREATE TABLE alibaba_factors(n INTEGER PRIMARY KEY);
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 1000)
INSERT INTO alibaba_factors SELECT n FROM k;

-- Fewer nodes, same mix: within each node class (model, gpus, cpu_milli,
-- memory_mib), by node id, the 1st, (every+1)-th, (2 every+1)-th ... node
-- is kept, so every class keeps at least one node and every job that fits
-- the cluster fits the smaller one.
DROP VIEW IF EXISTS alibaba_cluster;
CREATE VIEW alibaba_cluster(every, node, gpus, model, cpu_milli, memory_mib) AS
  SELECT k.n, c.node, c.gpus, c.model, c.cpu_milli, c.memory_mib
    FROM alibaba_factors k,
         (SELECT n.*, row_number() OVER (PARTITION BY model, gpus, cpu_milli, memory_mib
                                         ORDER BY node) - 1 AS rank
            FROM alibaba_nodes n) c
   WHERE c.rank % k.n = 0;

-- A cut in proportion: round(1213 / k) nodes shared among the node classes
-- by the largest-remainder (Hamilton) method on each class's nodes / k, so
-- each class keeps its share of the nodes and of the GPUs up to one node;
-- ties of remainders go to the larger class, then the class's model, GPUs,
-- CPU and memory. Inside a class the kept nodes are evenly spaced by node id
-- (the r-th node, from 0, is kept when floor((r+1) kept / n) > floor(r kept /
-- n)). A class smaller than k may keep no node: a job that only such a
-- class could host fits no node of the cut (docs/alibaba.md counts them).
DROP VIEW IF EXISTS alibaba_cut;
CREATE VIEW alibaba_cut(k, node, gpus, model, cpu_milli, memory_mib) AS
  WITH cls AS (
    SELECT model, gpus, cpu_milli, memory_mib, count(*) AS n FROM alibaba_nodes
     GROUP BY model, gpus, cpu_milli, memory_mib),
  quota AS (
    SELECT k.n AS k, c.*, c.n / k.n AS fl, c.n * 1.0 / k.n - c.n / k.n AS rem
      FROM alibaba_factors k, cls c),
  ranked AS (
    SELECT q.*, row_number() OVER (PARTITION BY q.k ORDER BY q.rem DESC, q.n DESC, q.model,
                                   q.gpus, q.cpu_milli, q.memory_mib) AS r,
           CAST(round((SELECT count(*) FROM alibaba_nodes) * 1.0 / q.k) AS INTEGER)
             - sum(q.fl) OVER (PARTITION BY q.k) AS extra
      FROM quota q),
  kept AS (SELECT k, model, gpus, cpu_milli, memory_mib, n, fl + (r <= extra) AS kept FROM ranked),
  nodes AS (
    SELECT n.*, row_number() OVER (PARTITION BY model, gpus, cpu_milli, memory_mib
                                   ORDER BY node) - 1 AS r
      FROM alibaba_nodes n)
  SELECT c.k, x.node, x.gpus, x.model, x.cpu_milli, x.memory_mib
    FROM kept c JOIN nodes x ON x.model IS c.model AND x.gpus = c.gpus
     AND x.cpu_milli IS c.cpu_milli AND x.memory_mib IS c.memory_mib
   WHERE ((x.r + 1) * c.kept) / c.n > (x.r * c.kept) / c.n;

-- Same nodes, denser arrivals: submit = start + (submit - start) / factor
-- (integer division: whole seconds, rounded down); runtimes unchanged.
DROP VIEW IF EXISTS alibaba_jobs_compressed;
CREATE VIEW alibaba_jobs_compressed(factor, variant, id, gpus, gpu_milli, gpu_model, cpu_milli,
                                    memory_mib, submit, runtime, kind) AS
  SELECT k.n, j.variant, j.id, j.gpus, j.gpu_milli, j.gpu_model, j.cpu_milli, j.memory_mib,
         w.start + (j.submit - w.start) / k.n, j.runtime, j.kind
    FROM alibaba_factors k, alibaba_jobs j, alibaba_window w;

-- Offered load at (every, factor): the GPU-time the jobs ask for (a shared
-- GPU counts gpu_milli / 1000) over the kept GPUs x the compressed window
-- (window length / factor).
DROP VIEW IF EXISTS alibaba_load;
CREATE VIEW alibaba_load(variant, every, factor, jobs, gpu_hours, nodes, gpus, span_hours,
                         offered_load) AS
  WITH work AS (
    SELECT variant, count(*) AS jobs, sum(gpus * gpu_milli / 1000.0 * runtime) AS gpu_seconds
      FROM alibaba_jobs GROUP BY variant),
  cap AS (SELECT every, count(*) AS nodes, sum(gpus) AS gpus FROM alibaba_cluster GROUP BY every)
  SELECT work.variant, cap.every, k.n, work.jobs, work.gpu_seconds / 3600.0, cap.nodes, cap.gpus,
         (w.finish - w.start) / 3600.0 / k.n,
         work.gpu_seconds * k.n / (cap.gpus * (w.finish - w.start))
    FROM work, cap, alibaba_factors k, alibaba_window w;
