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
  PRIMARY KEY(round, submitter, system, benchmark, run)
);

-- The official time-to-train of each (system, benchmark) pair: MLCommons'
-- olympic mean of the run times (NULL when more than max_dropped runs
-- failed: 4 for unet3d, else 1, as mlperf_rules lists them) times the
-- scaling factor.
CREATE VIEW IF NOT EXISTS results AS
SELECT r.round AS round, r.submitter AS submitter, r.system AS system,
       r.benchmark AS benchmark, s.division AS division,
       s.availability AS availability,
       s.accelerator_model_name AS accelerator_model_name,
       s.accelerators AS accelerators,
       count(*) AS runs, sum(r.converged) AS converged_runs,
       mlperf_score(r.minutes, r.converged, r.max_dropped)
         * max(r.scaling_factor) AS minutes
  FROM runs r
  LEFT JOIN systems s
    ON s.round=r.round AND s.submitter=r.submitter AND s.system=r.system
 GROUP BY r.round, r.submitter, r.system, r.benchmark;
