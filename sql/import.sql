-- mlpscale: import one MLPerf Training or MLPerf HPC round from a results
-- checkout (a folder of <submitter>/results and <submitter>/systems, or one
-- submitter's folder) into the tables of sql/schema.sql. Run from the
-- repository root:
--
--   sqlite3 mlperf.db -cmd '.load ./mlpscale' \
--     -cmd ".parameter set :root '/path/to/training_results_v4.1'" \
--     -cmd ".parameter set :round 'v4.1'" '.read sql/import.sql'
--
-- :ruleset (optional) names the rules; without it, the checkout's folder
-- name tells them (training_results_v4.1: '4.1.0'; hpc_results_v3.0:
-- 'hpc_3.0.0'). An HPC ruleset fills hpc_systems and hpc_runs, any other
-- systems and runs.
--
-- Rows of that round already present are replaced, all or nothing: the
-- script stops at the first error (.bail on), and the open transaction is
-- then rolled back, so a wrong :root cannot empty a round already loaded.
.bail on
.read sql/schema.sql
BEGIN;
CREATE TEMP TABLE import_runs AS
  SELECT *, ruleset FROM mlperf_runs(:root, :ruleset);
CREATE TEMP TABLE import_suite AS
  SELECT coalesce(max(ruleset LIKE 'hpc\_%' ESCAPE '\'), 0) AS hpc FROM import_runs;
DELETE FROM runs WHERE round=:round AND NOT (SELECT hpc FROM import_suite);
DELETE FROM systems WHERE round=:round AND NOT (SELECT hpc FROM import_suite);
DELETE FROM hpc_runs WHERE round=:round AND (SELECT hpc FROM import_suite);
DELETE FROM hpc_systems WHERE round=:round AND (SELECT hpc FROM import_suite);
INSERT INTO systems(round, submitter, system, division, availability,
                    accelerator_model_name, accelerators, number_of_nodes,
                    host_processor_model_name, framework, json, error)
  SELECT :round, submitter, system, division, availability,
         accelerator_model_name, accelerators, number_of_nodes,
         host_processor_model_name, framework, json, error
    FROM mlperf_systems(:root)
   WHERE NOT (SELECT hpc FROM import_suite);
INSERT INTO runs(round, submitter, system, benchmark, run, minutes, converged,
                 reason, scaling_factor, global_batch_size, eval_accuracy,
                 ruleset, max_dropped, energy_j, converged_at, progress_unit,
                 converged_after, precision_linear, precision_attn, precision_comm,
                 precision_spelling, tensor_parallelism, pipeline_parallelism,
                 context_parallelism, expert_parallelism, micro_batch_size)
  SELECT :round, submitter, system, benchmark, run, minutes, converged,
         reason, scaling_factor, global_batch_size, eval_accuracy,
         ruleset, max_dropped, energy_j, converged_at, progress_unit,
         converged_after, precision_linear, precision_attn, precision_comm,
         precision_spelling, tensor_parallelism, pipeline_parallelism,
         context_parallelism, expert_parallelism, micro_batch_size
    FROM import_runs
   WHERE NOT (SELECT hpc FROM import_suite);
INSERT INTO hpc_systems(round, submitter, system, division, availability,
                        accelerator_model_name, accelerators, number_of_nodes,
                        accelerators_per_node, host_processor_model_name,
                        framework, json, error)
  SELECT :round, submitter, system, division, availability,
         accelerator_model_name, accelerators, number_of_nodes,
         accelerators_per_node, host_processor_model_name, framework, json,
         error
    FROM mlperf_systems(:root)
   WHERE (SELECT hpc FROM import_suite);
INSERT INTO hpc_runs(round, submitter, system, scaling, benchmark, run,
                     run_start_ms, run_stop_ms, minutes, converged, reason,
                     scaling_factor, global_batch_size, eval_accuracy,
                     eval_error, number_of_nodes, accelerators_per_node,
                     log_hash, ruleset, max_dropped)
  SELECT :round, submitter, system, scaling, benchmark, run,
         run_start_ms, run_stop_ms, minutes, converged, reason,
         scaling_factor, global_batch_size, eval_accuracy,
         eval_error, number_of_nodes, accelerators_per_node,
         log_hash, ruleset, max_dropped
    FROM import_runs
   WHERE (SELECT hpc FROM import_suite);
DROP TABLE import_runs;
DROP TABLE import_suite;
COMMIT;
