-- mlpscale: the raw tables for MLPerf Training results, one row per
-- system and per training run, as the import (sql/import.sql) and the
-- shipped rounds (sql/rounds/mlperf_training_vX.Y.sql) fill them. Everything
-- derived from them (the official score of each pair in the view
-- `results`, what is left out, accelerator families, workload eras, the
-- reference rule, homogeneous curves, per-round summaries) is defined once,
-- in sql/model.sql, which this file reads at its end. Idempotent: safe to
-- .read more than once. Querying the views needs the extension loaded (they
-- call mlperf_score, e_prime, speedup). Run from the repository root (the
-- .read paths are relative to it):
--
--   sqlite3 mlperf.db -cmd '.load ./mlpscale' '.read sql/schema.sql'
--
-- `round` is a label such as 'v4.1'. Fill the tables with sql/import.sql
-- or load a shipped round (sql/rounds/mlperf_training_v4.1.sql).

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
  minutes REAL,                  -- (run_stop - run_start) / 60000 (0.6.0: seconds / 60)
  converged INTEGER NOT NULL,    -- 0/1, MLCommons' compliance rules
  reason TEXT,                   -- NULL when converged, else the rule that failed
  scaling_factor REAL,           -- from scaling.json, else 1.0
  global_batch_size,
  eval_accuracy REAL,            -- last numeric eval_accuracy
  ruleset TEXT,                  -- the rules applied: '0.6.0', ... (mlperf_rules)
  max_dropped INTEGER,           -- failed runs the official score may drop
  energy_j REAL,                 -- joules to train, from power logs (v4.0 on)
  converged_at REAL,             -- progress at convergence, as the round's rcp_checker reads it
  progress_unit TEXT,            -- its unit: 'epochs', 'samples' or 'steps'; NULL: no RCPs
  converged_after REAL,          -- progress at the evaluation before the converging one, same
                                 -- unit; NULL: none logged (the run converged in (this, converged_at])
  -- What the log states of its numerics and parallel layout (optional keys from 6.0.0;
  -- NULL where it states none): lowest_numerical_precision_in_{linear,attn,comm} (or
  -- lowest_numerical_precision_{linear,attn,comm}, the spelling precision_spelling names),
  -- the parallelism degrees and the micro batch size.
  precision_linear TEXT,
  precision_attn TEXT,
  precision_comm TEXT,
  precision_spelling TEXT,
  tensor_parallelism,
  pipeline_parallelism,
  context_parallelism,
  expert_parallelism,
  micro_batch_size,
  PRIMARY KEY(round, submitter, system, benchmark, run)
);


-- The runs of a round and benchmark by their time as `duplicates` compares
-- it (to the 9th decimal): how `results` finds, with one seek per pair,
-- whether another pair could repeat it (sql/model.sql).
CREATE INDEX IF NOT EXISTS runs_by_time ON runs(round, benchmark, printf('%.9f', minutes));

-- MLPerf HPC (mlcommons/hpc_results_vX.Y), the same way: its systems and
-- its runs, strong and weak scaling (sql/import.sql with an hpc_* ruleset,
-- or a shipped round, sql/rounds/mlperf_hpc_vX.Y.sql). The views hpc_strong,
-- hpc_weak and hpc_copies (sql/model_hpc.sql) score them.
CREATE TABLE IF NOT EXISTS hpc_systems(
  round TEXT NOT NULL,
  submitter TEXT NOT NULL,
  system TEXT NOT NULL,
  division TEXT,
  availability TEXT,
  accelerator_model_name TEXT,
  accelerators INTEGER,          -- number_of_nodes x accelerators_per_node
  number_of_nodes INTEGER,
  accelerators_per_node INTEGER, -- 0 for CPU-only systems (Fugaku)
  host_processor_model_name TEXT,
  framework TEXT,
  json TEXT,
  error TEXT,
  PRIMARY KEY(round, submitter, system)
);

CREATE TABLE IF NOT EXISTS hpc_runs(
  round TEXT NOT NULL,
  submitter TEXT NOT NULL,
  system TEXT NOT NULL,
  scaling TEXT NOT NULL,         -- 'strong' or 'weak' (the folder)
  benchmark TEXT NOT NULL,
  run TEXT NOT NULL,             -- result_*.txt file name
  run_start_ms INTEGER,
  run_stop_ms INTEGER,
  minutes REAL,                  -- (run_stop - run_start) / 60000
  converged INTEGER NOT NULL,    -- 0/1, the ruleset's compliance rules
  reason TEXT,
  scaling_factor REAL,           -- from scaling.json, else 1.0
  global_batch_size,
  eval_accuracy REAL,            -- last numeric eval_accuracy
  eval_error REAL,               -- last numeric eval_error
  number_of_nodes INTEGER,       -- as the log states them: the instance's
  accelerators_per_node INTEGER, -- size in weak scaling
  log_hash TEXT,                 -- fingerprint of the log's content
  ruleset TEXT,                  -- 'hpc_0.7.0' ... 'hpc_3.0.0'
  max_dropped INTEGER,
  PRIMARY KEY(round, submitter, system, scaling, benchmark, run)
);
CREATE INDEX IF NOT EXISTS hpc_runs_by_hash ON hpc_runs(log_hash, benchmark);

.read sql/model.sql
