-- sql/model.sql: the model layer. Every definition derived from the raw
-- tables systems and runs (sql/schema.sql) lives here, once: the rules of
-- a run and the official score of a pair (left_out, results), the division
-- spelled one way, availability, accelerator families, workload eras, the
-- reference rule, homogeneous curves and per-round summaries. The schema
-- reads it (so do the shipped rounds, through the schema, and the import);
-- the report (sql/report/) and the docs' examples only select from it.
-- Curated data sit apart, in sql/data/*.sql. Every statement is idempotent:
-- reading this file again changes nothing. Run from the repository root.
--
--   raw tables (schema.sql) -> model (this file, data/) -> report files
--   (sql/report/0*.sql: rows into page blocks) -> renderer (99_render.sql)
.read sql/data/accelerator_family.sql
.read sql/data/workloads.sql
.read sql/data/paper.sql
.read sql/data/known_gaps.sql

-- Pairs that repeat another pair of the same round and benchmark run for
-- run: the same number of runs with the same times to the millisecond (v4.0's
-- smc-ac-power and smc-dc-power folders repeat smc's; v4.1's Dell
-- 8xXE9680x8H100-SXM-80GB-POWER repeats 8xXE9680x8H100-SXM-80GB). Of each
-- set of such pairs the one with the shortest submitter/system name (then
-- the first in byte order) is the original; every other one is a duplicate
-- of it (duplicate_of: 'submitter/system'). A duplicate keeps its official
-- time in `results` but is left out (left_out, scored = 1) of every count
-- and curve: it is one measurement shown twice.
CREATE VIEW IF NOT EXISTS duplicates AS
WITH sig AS (
  SELECT round, submitter, system, benchmark, count(*) AS n,
         (SELECT group_concat(m, ',') FROM (
            SELECT printf('%.9f', u.minutes) AS m FROM runs u
             WHERE u.round = r.round AND u.submitter = r.submitter AND u.system = r.system
               AND u.benchmark = r.benchmark ORDER BY u.minutes)) AS runs_sig
    FROM runs r GROUP BY round, submitter, system, benchmark HAVING count(minutes) >= 2),
ranked AS (
  SELECT *, first_value(submitter || '/' || system) OVER w AS original,
         row_number() OVER w AS k
    FROM sig
  WINDOW w AS (PARTITION BY round, benchmark, n, runs_sig
               ORDER BY length(submitter || '/' || system), submitter || '/' || system))
SELECT round, submitter, system, benchmark, original AS duplicate_of
  FROM ranked WHERE k > 1;

-- What cannot be scored or placed, with why: one row per run whose values
-- the official score cannot take (scored = 0: its pair gets no time in
-- `results`), per pair whose system has no usable accelerator count
-- (scored = 1: the time stands, but the pair has no place on an
-- accelerator axis, in E' or in a speedup) and per pair that repeats
-- another (duplicates, scored = 1). `file` is the file at fault,
-- relative to the round's checkout. A converged run's minutes and a
-- scaling factor must be numbers from 1e-06 to 1e+06 (a time of 0 or
-- 1e295 minutes is no measurement, and the bound keeps every ratio and
-- square the report takes finite); converged 0 or 1; max_dropped an
-- integer from 0 to 1000000000.
CREATE VIEW IF NOT EXISTS left_out AS
SELECT round, submitter, system, benchmark, file, reason, scored FROM (
  SELECT round, submitter, system, benchmark,
         submitter || '/results/' || system || '/' || benchmark || '/' || run AS file,
         CASE
           WHEN converged IS NOT 0 AND converged IS NOT 1
             THEN 'converged must be 0 or 1, got ''' || coalesce(converged, 'NULL') || ''''
           WHEN typeof(max_dropped) <> 'integer' OR max_dropped NOT BETWEEN 0 AND 1000000000
             THEN 'max_dropped must be an integer from 0 to 1000000000, got '''
                  || coalesce(max_dropped, 'NULL') || ''''
           WHEN typeof(scaling_factor) NOT IN ('integer', 'real')
                OR NOT scaling_factor BETWEEN 1e-6 AND 1e6
             THEN 'scaling_factor must be a number from 1e-06 to 1e+06, got '''
                  || coalesce(scaling_factor, 'NULL') || ''''
           WHEN converged = 1 AND (typeof(minutes) NOT IN ('integer', 'real')
                                   OR NOT minutes BETWEEN 1e-6 AND 1e6)
             THEN 'minutes of a converged run must be a number from 1e-06 to 1e+06, got '''
                  || coalesce(minutes, 'NULL') || ''''
         END AS reason, 0 AS scored
    FROM runs
  UNION ALL
  SELECT r.round, r.submitter, r.system, r.benchmark,
         r.submitter || '/systems/' || r.system || '.json',
         CASE
           WHEN s.system IS NULL THEN 'no systems file for the system'
           WHEN s.error IS NOT NULL AND s.accelerators IS NULL
             THEN 'accelerators unknown: ' || s.error
           ELSE 'accelerators must be a positive integer, got '''
                || coalesce(s.accelerators, 'NULL') || ''''
         END, 1
    FROM (SELECT DISTINCT round, submitter, system, benchmark FROM runs) r
    LEFT JOIN systems s
      ON s.round=r.round AND s.submitter=r.submitter AND s.system=r.system
   WHERE s.system IS NULL OR typeof(s.accelerators) <> 'integer' OR s.accelerators < 1
  UNION ALL
  SELECT round, submitter, system, benchmark,
         submitter || '/results/' || system || '/' || benchmark,
         'duplicate of ' || duplicate_of || ': the same runs', 1
    FROM duplicates)
 WHERE reason IS NOT NULL;

-- The official time-to-train of each (system, benchmark) pair: MLCommons'
-- olympic mean of the run times (NULL when more than max_dropped runs
-- failed: 4 for unet3d, else 1, as mlperf_rules lists them) times the
-- scaling factor; energy_j the official energy score where power was
-- measured (the olympic mean of the energy of the runs the times keep,
-- times the scaling factor; an energy that is not a finite number >= 0
-- counts as not measured). A pair with a run in left_out (scored = 0)
-- has no time: mlperf_score never sees its runs.
CREATE VIEW IF NOT EXISTS results AS
SELECT r.round AS round, r.submitter AS submitter, r.system AS system,
       r.benchmark AS benchmark, s.division AS division,
       s.availability AS availability,
       s.accelerator_model_name AS accelerator_model_name,
       s.accelerators AS accelerators,
       count(*) AS runs, sum(r.converged) AS converged_runs,
       d.duplicate_of AS duplicate_of,
       mlperf_score(r.minutes, r.converged, r.max_dropped) FILTER (WHERE bad.round IS NULL)
         * max(r.scaling_factor) AS minutes,
       mlperf_score(r.minutes, r.converged, r.max_dropped,
                    CASE WHEN typeof(r.energy_j) IN ('integer', 'real')
                          AND r.energy_j BETWEEN 0 AND 1e300 THEN r.energy_j END)
           FILTER (WHERE bad.round IS NULL)
         * max(r.scaling_factor) AS energy_j
  FROM runs r
  LEFT JOIN systems s
    ON s.round=r.round AND s.submitter=r.submitter AND s.system=r.system
  LEFT JOIN (SELECT DISTINCT round, submitter, system, benchmark, duplicate_of
               FROM duplicates) d
    ON d.round=r.round AND d.submitter=r.submitter AND d.system=r.system
   AND d.benchmark=r.benchmark
  LEFT JOIN (SELECT DISTINCT round, submitter, system, benchmark FROM left_out
              WHERE scored = 0) bad
    ON bad.round=r.round AND bad.submitter=r.submitter AND bad.system=r.system
   AND bad.benchmark=r.benchmark
 GROUP BY r.round, r.submitter, r.system, r.benchmark;

-- Every accelerator model of the systems with its family and generation:
-- the first pattern of accelerator_family (sql/data/) that matches, else
-- the model itself.
CREATE VIEW IF NOT EXISTS accelerator_models AS
SELECT m.model AS model,
       coalesce((SELECT a.family FROM accelerator_family a WHERE m.model GLOB a.pattern
                  ORDER BY a.ord LIMIT 1), m.model) AS family,
       coalesce((SELECT a.generation FROM accelerator_family a WHERE m.model GLOB a.pattern
                  ORDER BY a.ord LIMIT 1), m.model) AS generation
  FROM (SELECT DISTINCT accelerator_model_name AS model FROM systems
         WHERE accelerator_model_name IS NOT NULL) m;

-- The scored pairs every metric can take: a time, and a system with a
-- usable accelerator count (every pair of left_out stays out). round_no is
-- the round as a number (v4.1 -> 4.1); workload the pair's workload era
-- (workload_eras, sql/data/), else the benchmark's name; division the
-- systems file's division in one spelling ('closed', 'open'; v1.0's
-- 'close' and v0.7's 'Closed' are 'closed'), division_raw as submitted;
-- available 'available' (on-premise or cloud), 'preview' or 'rdi'
-- (research, development or internal), NULL when the file does not say;
-- acc_minutes the accelerator-minutes t x n.
CREATE VIEW IF NOT EXISTS pairs AS
SELECT r.round AS round, CAST(substr(r.round, 2) AS REAL) AS round_no,
       r.submitter AS submitter, r.system AS system, r.benchmark AS benchmark,
       coalesce(n.name, r.benchmark) AS name,
       coalesce((SELECT e.workload FROM workload_eras e WHERE e.benchmark = r.benchmark
                    AND CAST(substr(r.round, 2) AS REAL)
                        BETWEEN CAST(substr(e.first_round, 2) AS REAL)
                            AND CAST(substr(e.last_round, 2) AS REAL)),
                n.name, r.benchmark) AS workload,
       CASE lower(trim(r.division)) WHEN 'close' THEN 'closed'
            ELSE lower(trim(r.division)) END AS division,
       r.division AS division_raw,
       CASE WHEN r.availability LIKE 'available%' THEN 'available'
            WHEN r.availability LIKE 'preview%' THEN 'preview'
            WHEN r.availability LIKE 'research%' THEN 'rdi' END AS available,
       r.availability AS availability,
       r.accelerator_model_name AS model,
       coalesce(m.family, r.accelerator_model_name) AS family,
       coalesce(m.generation, r.accelerator_model_name) AS generation,
       r.accelerators AS accelerators, r.minutes AS minutes,
       r.accelerators * r.minutes AS acc_minutes, r.energy_j AS energy_j,
       r.runs AS runs, r.converged_runs AS converged_runs
  FROM results r
  LEFT JOIN workload_names n ON n.benchmark = r.benchmark
  LEFT JOIN accelerator_models m ON m.model = r.accelerator_model_name
  LEFT JOIN (SELECT DISTINCT round, submitter, system, benchmark FROM left_out) o
    ON o.round = r.round AND o.submitter = r.submitter AND o.system = r.system
   AND o.benchmark = r.benchmark
 WHERE r.minutes IS NOT NULL AND o.round IS NULL;

-- The reference of each round and benchmark, the paper's rule: the pair
-- with the fewest accelerators, the slowest among them (ties by submitter
-- and system in byte order), over every division.
CREATE VIEW IF NOT EXISTS reference AS
SELECT round, benchmark, submitter AS ref_submitter, system AS ref_system,
       accelerators AS ref_accelerators, minutes AS ref_minutes
  FROM (SELECT p.*, row_number() OVER (PARTITION BY round, benchmark
                     ORDER BY accelerators, minutes DESC, submitter, system) AS pick
          FROM pairs p)
 WHERE pick = 1;

-- The points of the homogeneous curves: per round, benchmark, accelerator
-- family and size n (closed division only: open results may change the
-- rules), the fastest time t and the number of systems of that size.
CREATE VIEW IF NOT EXISTS homogeneous_points AS
SELECT round, round_no, benchmark, workload, family, generation,
       accelerators AS n, min(minutes) AS t, count(*) AS systems
  FROM pairs WHERE division = 'closed'
 GROUP BY round, benchmark, family, accelerators;

-- Homogeneous scaling: every point of a curve against the curve's smallest
-- size n0 (time t0), with E' and the speedup of that step (1 at n0);
-- sizes is the number of sizes of the curve, n_max its largest.
CREATE VIEW IF NOT EXISTS homogeneous_scaling AS
WITH sized AS (
  SELECT p.*, min(n) OVER c AS n0, max(n) OVER c AS n_max, count(*) OVER c AS sizes
    FROM homogeneous_points p
  WINDOW c AS (PARTITION BY round, benchmark, family))
SELECT s.round AS round, s.round_no AS round_no, s.benchmark AS benchmark,
       s.workload AS workload, s.family AS family, s.generation AS generation,
       s.sizes AS sizes, s.n AS n, s.t AS t, s.systems AS systems,
       s.n0 AS n0, b.t AS t0, s.n_max AS n_max,
       e_prime(b.t, s.t, s.n0, s.n) AS e_prime, speedup(b.t, s.t) AS speedup
  FROM sized s
  JOIN homogeneous_points b ON b.round = s.round AND b.benchmark = s.benchmark
                           AND b.family = s.family AND b.n = s.n0;

-- Per round and benchmark (closed division): the pairs, the fastest
-- official time, the largest system (ties: fewer accelerators, then faster,
-- then submitter and system in byte order) and the widest homogeneous curve
-- (the family with at least 2 sizes whose span, largest size over
-- smallest, is the largest; ties: more sizes, then the higher E', then the
-- family in byte order), with E' at its largest size against its smallest.
-- The widest curve is the one spanning the most doublings, not the one
-- reaching the largest size: two sizes at thousands of chips say little
-- about scaling.
CREATE VIEW IF NOT EXISTS round_summary AS
WITH closed AS (SELECT * FROM pairs WHERE division = 'closed'),
fastest AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
              ORDER BY minutes, accelerators, submitter, system) AS k FROM closed),
largest AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
              ORDER BY accelerators DESC, minutes, submitter, system) AS k FROM closed),
widest AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
              ORDER BY 1.0 * n_max / n0 DESC, sizes DESC, e_prime DESC, family) AS k
    FROM homogeneous_scaling WHERE sizes >= 2 AND n = n_max)
SELECT f.round AS round, f.round_no AS round_no, f.benchmark AS benchmark,
       f.workload AS workload,
       (SELECT count(*) FROM closed c WHERE c.round = f.round
           AND c.benchmark = f.benchmark) AS pairs,
       f.minutes AS fastest_minutes, f.submitter AS fastest_submitter,
       f.system AS fastest_system, f.accelerators AS fastest_accelerators,
       f.model AS fastest_accelerator, f.generation AS fastest_generation,
       l.accelerators AS largest_accelerators, l.submitter AS largest_submitter,
       l.system AS largest_system, l.minutes AS largest_minutes,
       l.model AS largest_accelerator,
       w.family AS widest_family, w.generation AS widest_generation,
       w.n AS widest_accelerators, w.n0 AS widest_ref_accelerators,
       w.e_prime AS widest_e_prime
  FROM fastest f
  JOIN largest l ON l.k = 1 AND l.round = f.round AND l.benchmark = f.benchmark
  LEFT JOIN widest w ON w.k = 1 AND w.round = f.round AND w.benchmark = f.benchmark
 WHERE f.k = 1;
