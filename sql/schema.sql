-- mlpscale: tables for MLPerf Training results, one row per system and per
-- training run, and the view `results` with the official score of every
-- (system, benchmark) pair. Idempotent: safe to .read more than once.
-- Querying `results` needs the extension loaded (it calls mlperf_score).
--
--   sqlite3 mlperf.db -cmd '.load ./mlpscale' '.read sql/schema.sql'
--
-- `round` is a label such as 'v4.1'. Fill the tables with sql/import.sql
-- or load a shipped round (sql/mlperf_training_v4.1.sql).

CREATE TABLE IF NOT EXISTS systems(
  round TEXT NOT NULL,
  submitter TEXT NOT NULL,
  system TEXT NOT NULL,          -- systems/<system>.json without .json
  division TEXT,                 -- 'closed' or 'open'
  availability TEXT,             -- 'Available on-premise', 'Available cloud', ...
  accelerator_model_name TEXT,
  accelerators INTEGER,          -- number_of_nodes x accelerators_per_node
  number_of_nodes INTEGER,
  host_processor_model_name TEXT,
  framework TEXT,
  json TEXT,                     -- the whole systems file
  error TEXT,                    -- why a field could not be read, else NULL
  PRIMARY KEY(round, submitter, system)
);

CREATE TABLE IF NOT EXISTS runs(
  round TEXT NOT NULL,
  submitter TEXT NOT NULL,
  system TEXT NOT NULL,
  benchmark TEXT NOT NULL,
  run TEXT NOT NULL,             -- result_*.txt file name
  minutes REAL,                  -- (run_stop - run_start) / 60000
  converged INTEGER NOT NULL,    -- 0/1, MLCommons' compliance rules
  reason TEXT,                   -- NULL when converged, else the rule that failed
  scaling_factor REAL,           -- from scaling.json, else 1.0
  global_batch_size,
  eval_accuracy REAL,            -- last numeric eval_accuracy
  ruleset TEXT,                  -- the rules applied: '0.7.0' ... '5.1.0'
  max_dropped INTEGER,           -- failed runs the official score may drop
  energy_j REAL,                 -- joules to train, from power logs (v4.0 on)
  PRIMARY KEY(round, submitter, system, benchmark, run)
);

-- What cannot be scored or placed, with why: one row per run whose values
-- the official score cannot take (scored = 0: its pair gets no time in
-- `results`) and per pair whose system has no usable accelerator count
-- (scored = 1: the time stands, but the pair has no place on an
-- accelerator axis, in E' or in a speedup). `file` is the file at fault,
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
   WHERE s.system IS NULL OR typeof(s.accelerators) <> 'integer' OR s.accelerators < 1)
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
  LEFT JOIN (SELECT DISTINCT round, submitter, system, benchmark FROM left_out
              WHERE scored = 0) bad
    ON bad.round=r.round AND bad.submitter=r.submitter AND bad.system=r.system
   AND bad.benchmark=r.benchmark
 GROUP BY r.round, r.submitter, r.system, r.benchmark;

-- Scaling within one accelerator model: each closed-division pair against
-- the smallest configuration of the same accelerator_model_name in the same
-- round and benchmark (fewest accelerators, then fastest), with E' of the
-- step (e_prime: 1.0 means the larger system is exactly as much faster as
-- it has more accelerators).
CREATE VIEW IF NOT EXISTS homogeneous_scaling AS
WITH scored AS (
  SELECT round, benchmark, submitter, system, accelerator_model_name,
         accelerators, minutes
    FROM results
   WHERE minutes IS NOT NULL AND division='closed' AND accelerators>0
     AND accelerator_model_name IS NOT NULL
), ranked AS (
  SELECT *, row_number() OVER (
           PARTITION BY round, benchmark, accelerator_model_name
           ORDER BY accelerators, minutes, submitter, system) AS k
    FROM scored
)
SELECT r.round AS round, r.benchmark AS benchmark,
       r.accelerator_model_name AS accelerator_model_name,
       r.submitter AS submitter, r.system AS system,
       r.accelerators AS accelerators, r.minutes AS minutes,
       b.submitter AS ref_submitter, b.system AS ref_system,
       b.accelerators AS ref_accelerators, b.minutes AS ref_minutes,
       e_prime(b.minutes, r.minutes, b.accelerators, r.accelerators) AS e_prime
  FROM scored r
  JOIN ranked b ON b.k=1 AND b.round=r.round AND b.benchmark=r.benchmark
               AND b.accelerator_model_name=r.accelerator_model_name
 WHERE r.accelerators>b.accelerators;

-- The report's view across rounds: per round and benchmark (closed
-- division), the fastest official time, the largest scale, and the best
-- homogeneous E' (homogeneous_scaling), each with the system behind it
-- (ties: fewer accelerators, then submitter and system in byte order).
CREATE VIEW IF NOT EXISTS round_summary AS
WITH scored AS (
  SELECT round, benchmark, submitter, system, accelerator_model_name,
         accelerators, minutes
    FROM results WHERE minutes IS NOT NULL AND division='closed'
), fastest AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
           ORDER BY minutes, accelerators, submitter, system) AS k FROM scored
), largest AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
           ORDER BY accelerators DESC, minutes, submitter, system) AS k FROM scored
), best AS (
  SELECT *, row_number() OVER (PARTITION BY round, benchmark
           ORDER BY e_prime DESC, accelerators, submitter, system) AS k
    FROM homogeneous_scaling
)
SELECT f.round AS round, f.benchmark AS benchmark,
       (SELECT count(*) FROM scored s WHERE s.round=f.round
           AND s.benchmark=f.benchmark) AS pairs,
       f.minutes AS fastest_minutes, f.submitter AS fastest_submitter,
       f.system AS fastest_system, f.accelerators AS fastest_accelerators,
       f.accelerator_model_name AS fastest_accelerator,
       l.accelerators AS largest_accelerators, l.submitter AS largest_submitter,
       l.system AS largest_system, l.minutes AS largest_minutes,
       l.accelerator_model_name AS largest_accelerator,
       b.e_prime AS best_e_prime, b.accelerator_model_name AS best_e_prime_accelerator,
       b.submitter AS best_e_prime_submitter, b.system AS best_e_prime_system,
       b.accelerators AS best_e_prime_accelerators,
       b.ref_accelerators AS best_e_prime_ref_accelerators
  FROM fastest f
  JOIN largest l ON l.k=1 AND l.round=f.round AND l.benchmark=f.benchmark
  LEFT JOIN best b ON b.k=1 AND b.round=f.round AND b.benchmark=f.benchmark
 WHERE f.k=1;
