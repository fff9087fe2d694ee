-- sql/export.sql: every official result of every round in the database,
-- written as build/export/mlperf_training_results.csv and
-- build/export/mlperf_training_results.json (`make export`; docs/mlperf.md,
-- "The export"). A sqlite3 shell script, run from the repository root on a
-- database that holds the rounds (build/mlperf.db of `make db`), with the
-- extension loaded and the folder build/export made:
--
--   sqlite3 -bail -readonly build/mlperf.db -cmd '.load ./mlpscale' '.read sql/export.sql'
--
-- The records are the rows of the view export_results (sql/model.sql), in
-- one order: round (as a version: v0.7 before v1.0, v1.2 before v1.10),
-- benchmark, submitter, system, folder. Both files have the same columns in
-- the same order and the same text for every value: a number as the
-- extension prints it, an integer in full and a real with 17 significant
-- digits (printf('%!.17g'), which reads back as the same double; SQLite's
-- own JSON and CSV output keep 15), NULL as an empty CSV field and as JSON
-- null. The CSV follows RFC 4180: a header line, lines ending in CRLF, a
-- field holding a comma, a double quote, CR or LF (a name may hold any of
-- them) or an empty text quoted, double quotes doubled. The JSON is an
-- array of objects, one a line, strings escaped by json_quote.
--
-- A database without the model, or the extension not loaded, stops the
-- script before it writes anything (a CHECK constraint named after the
-- problem: "CHECK constraint failed: export: ...").

CREATE TEMP TABLE export_ready(
  ok INTEGER CONSTRAINT "export: the mlpscale extension is not loaded: run sqlite3 -cmd '.load ./mlpscale'" CHECK(ok));
INSERT INTO export_ready
  SELECT count(*) > 0 FROM pragma_function_list WHERE name = 'mlpscale_version';
CREATE TEMP TABLE export_tables(
  ok INTEGER CONSTRAINT "export: the database has no view export_results: build it with make db, or .read sql/rounds/mlperf_training_all.sql into it" CHECK(ok));
INSERT INTO export_tables
  SELECT count(*) > 0 FROM sqlite_schema WHERE type = 'view' AND name = 'export_results';

-- The records with each value as text, in the order of the files. A real
-- that is not finite (no view gives one: times, factors and energies are
-- bounded) would be no JSON number: the script stops instead.
CREATE TEMP TABLE export_rows AS
SELECT row_number() OVER (ORDER BY CAST(substr(round, 2) AS INTEGER),
                                   CAST(substr(round, instr(round, '.') + 1) AS INTEGER),
                                   round, benchmark, submitter, system, folder) AS k,
       round, division, availability, submitter, system, accelerator, accelerators, benchmark,
       minutes, accelerator_hours, global_batch_size, runs, converged_runs, converged_at,
       progress_unit, rcp_verdict, rcp_factor, scaling_factor, energy_j, folder, private_id,
       precision_linear, precision_attn, precision_comm, tensor_parallelism,
       pipeline_parallelism, context_parallelism, expert_parallelism, micro_batch_size
  FROM export_results;
CREATE TEMP TABLE export_finite(
  ok INTEGER CONSTRAINT "export: a number of export_results is not finite" CHECK(ok));
INSERT INTO export_finite
  SELECT count(*) = 0 FROM export_rows
   WHERE abs(CASE WHEN typeof(minutes) = 'real' THEN minutes END) > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(accelerator_hours) = 'real' THEN accelerator_hours END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(converged_at) = 'real' THEN converged_at END) > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(rcp_factor) = 'real' THEN rcp_factor END) > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(scaling_factor) = 'real' THEN scaling_factor END) > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(energy_j) = 'real' THEN energy_j END) > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(global_batch_size) = 'real' THEN global_batch_size END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(tensor_parallelism) = 'real' THEN tensor_parallelism END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(pipeline_parallelism) = 'real' THEN pipeline_parallelism END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(context_parallelism) = 'real' THEN context_parallelism END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(expert_parallelism) = 'real' THEN expert_parallelism END)
           > 1.7976931348623157e308
      OR abs(CASE WHEN typeof(micro_batch_size) = 'real' THEN micro_batch_size END)
           > 1.7976931348623157e308;

-- The columns of the files, in their order, and each value as the files
-- write it: num, a number's text (the same in both files), or txt, a text
-- (NULL: the value is NULL).
CREATE TEMP TABLE export_columns(c INTEGER PRIMARY KEY, name TEXT NOT NULL);
INSERT INTO export_columns VALUES
  (1, 'round'), (2, 'division'), (3, 'availability'), (4, 'submitter'), (5, 'system'),
  (6, 'accelerator'), (7, 'accelerators'), (8, 'benchmark'), (9, 'minutes'),
  (10, 'accelerator_hours'), (11, 'global_batch_size'), (12, 'runs'), (13, 'converged_runs'),
  (14, 'converged_at'), (15, 'progress_unit'), (16, 'rcp_verdict'), (17, 'rcp_factor'),
  (18, 'scaling_factor'), (19, 'energy_j'), (20, 'folder'), (21, 'private_id'),
  (22, 'precision_linear'), (23, 'precision_attn'), (24, 'precision_comm'),
  (25, 'tensor_parallelism'), (26, 'pipeline_parallelism'), (27, 'context_parallelism'),
  (28, 'expert_parallelism'), (29, 'micro_batch_size');
CREATE TEMP TABLE export_values AS
WITH v AS (
  SELECT r.k AS k, e.c AS c, e.name AS name,
         CASE e.c WHEN 1 THEN r.round WHEN 2 THEN r.division WHEN 3 THEN r.availability
           WHEN 4 THEN r.submitter WHEN 5 THEN r.system WHEN 6 THEN r.accelerator
           WHEN 7 THEN r.accelerators WHEN 8 THEN r.benchmark WHEN 9 THEN r.minutes
           WHEN 10 THEN r.accelerator_hours WHEN 11 THEN r.global_batch_size WHEN 12 THEN r.runs
           WHEN 13 THEN r.converged_runs WHEN 14 THEN r.converged_at
           WHEN 15 THEN r.progress_unit WHEN 16 THEN r.rcp_verdict WHEN 17 THEN r.rcp_factor
           WHEN 18 THEN r.scaling_factor WHEN 19 THEN r.energy_j WHEN 20 THEN r.folder
           WHEN 21 THEN r.private_id WHEN 22 THEN r.precision_linear
           WHEN 23 THEN r.precision_attn WHEN 24 THEN r.precision_comm
           WHEN 25 THEN r.tensor_parallelism WHEN 26 THEN r.pipeline_parallelism
           WHEN 27 THEN r.context_parallelism WHEN 28 THEN r.expert_parallelism
           WHEN 29 THEN r.micro_batch_size END AS x
    FROM export_rows r, export_columns e)
SELECT k, c, name,
       CASE typeof(x) WHEN 'integer' THEN printf('%d', x)
                      WHEN 'real' THEN printf('%!.17g', x) END AS num,
       CASE WHEN typeof(x) IN ('text', 'blob') THEN CAST(x AS TEXT) END AS txt
  FROM v;

-- One line of each file per record, its values joined in column order (a
-- window ordered by c: group_concat over a sorted subquery is not
-- guaranteed to keep its order).
-- A text that begins with = + - @ TAB or CR, which a spreadsheet would
-- evaluate as a formula, is written to the CSV with a ' before it, quoted
-- (OWASP, "CSV Injection"); numbers as they are; the JSON keeps every text
-- exactly as it is.
CREATE TEMP TABLE export_lines AS
SELECT k, csv, '{' || json || '}' AS json
  FROM (SELECT k, c,
               group_concat(CASE WHEN num IS NOT NULL THEN num
                                 WHEN txt IS NULL THEN ''
                                 WHEN substr(txt, 1, 1) IN ('=', '+', '-', '@', char(9), char(13))
                                   THEN '"''' || replace(txt, '"', '""') || '"'
                                 WHEN txt = '' OR instr(txt, ',') OR instr(txt, '"')
                                      OR instr(txt, char(13)) OR instr(txt, char(10))
                                   THEN '"' || replace(txt, '"', '""') || '"'
                                 ELSE txt END, ',') OVER w AS csv,
               group_concat(json_quote(name) || ':' || coalesce(num, json_quote(txt), 'null'),
                            ',') OVER w AS json
          FROM export_values
        WINDOW w AS (PARTITION BY k ORDER BY c
                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
 WHERE c = (SELECT max(c) FROM export_columns);

.headers off
.mode list
.separator "," "\r\n"
.output build/export/mlperf_training_results.csv
SELECT header FROM (
  SELECT c, group_concat(name, ',') OVER (ORDER BY c ROWS BETWEEN UNBOUNDED PRECEDING
                                          AND UNBOUNDED FOLLOWING) AS header
    FROM export_columns)
 WHERE c = 1;
SELECT csv FROM export_lines ORDER BY k;
.separator "," "\n"
.output build/export/mlperf_training_results.json
SELECT line FROM (
  SELECT 0 AS k, '[' AS line
  UNION ALL
  SELECT k, json || iif(k < (SELECT max(k) FROM export_lines), ',', '') FROM export_lines
  UNION ALL
  SELECT 9223372036854775807, ']')
 ORDER BY k;
.output
