-- sql/scheduling_results_standin.sql: a stand-in for the `results` table of
-- sql/mlperf_training_v4.1.sql, read by sql/scheduling.sql only when neither
-- that table nor that script exists. It holds the official MLPerf Training
-- v4.1 scores from ../shared/data (MLCommons' own summarizer), with the same
-- columns; round is '4.1' and runs / converged_runs are unknown (NULL).
.import --csv ../shared/data/mlperf-training-v4.1-official-scores.csv scheduling_scores_csv
CREATE TEMP TABLE results AS
  SELECT '4.1' AS round, submitter, system, benchmark, division, availability,
         accelerator_model_name, CAST(accelerators AS INTEGER) AS accelerators,
         NULL AS runs, NULL AS converged_runs, CAST(minutes AS REAL) AS minutes
    FROM scheduling_scores_csv;
DROP TABLE scheduling_scores_csv;
