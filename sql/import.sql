-- mlpscale: import one MLPerf Training round from a results checkout (a
-- folder of <submitter>/results and <submitter>/systems, or one submitter's
-- folder) into the tables of sql/schema.sql. Run from the repository root:
--
--   sqlite3 mlperf.db -cmd '.load ./mlpscale' \
--     -cmd ".parameter set :root '/path/to/training_results_v4.1'" \
--     -cmd ".parameter set :round 'v4.1'" '.read sql/import.sql'
--
-- Rows of that round already present are replaced, all or nothing: the
-- script stops at the first error (.bail on), and the open transaction is
-- then rolled back, so a wrong :root cannot empty a round already loaded.
.bail on
.read sql/schema.sql
BEGIN;
DELETE FROM runs WHERE round=:round;
DELETE FROM systems WHERE round=:round;
INSERT INTO systems(round, submitter, system, division, availability,
                    accelerator_model_name, accelerators, number_of_nodes,
                    host_processor_model_name, framework, json, error)
  SELECT :round, submitter, system, division, availability,
         accelerator_model_name, accelerators, number_of_nodes,
         host_processor_model_name, framework, json, error
    FROM mlperf_systems(:root);
INSERT INTO runs(round, submitter, system, benchmark, run, minutes, converged,
                 reason, scaling_factor, global_batch_size, eval_accuracy,
                 ruleset, max_dropped, energy_j, converged_at, progress_unit,
                 converged_after)
  SELECT :round, submitter, system, benchmark, run, minutes, converged,
         reason, scaling_factor, global_batch_size, eval_accuracy,
         ruleset, max_dropped, energy_j, converged_at, progress_unit,
         converged_after
    FROM mlperf_runs(:root, :ruleset);
COMMIT;
