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
-- the same order and the same text for every value: an integer in full
-- and a real as the result summarizer writes it (mlperf_repr: the shortest
-- text that reads back as the same double; SQLite's own JSON and CSV output
-- keep 15 digits), NULL as an empty CSV field and as JSON
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
                      WHEN 'real' THEN mlperf_repr(x) END AS num,
       CASE WHEN typeof(x) IN ('text', 'blob') THEN CAST(x AS TEXT) END AS txt
  FROM v;

-- One line of each file per record, its values joined in column order (a
-- window ordered by c: group_concat over a sorted subquery is not
-- guaranteed to keep its order).
-- A text's CSV field, the one rule of every CSV this script writes
-- (csv_text: each distinct text of csv_in): a text that begins with = + -
-- @ TAB or CR, which a spreadsheet would evaluate as a formula, is written
-- with a ' before it, quoted (OWASP, "CSV Injection"); an empty text or one
-- holding a comma, a double quote, CR or LF is quoted; double quotes
-- doubled. Numbers are written as they are; the JSON keeps every text
-- exactly as it is.
CREATE TEMP TABLE csv_in(txt TEXT PRIMARY KEY);
CREATE TEMP VIEW csv_text AS
  SELECT txt, CASE WHEN substr(txt, 1, 1) IN ('=', '+', '-', '@', char(9), char(13))
                     THEN '"''' || replace(txt, '"', '""') || '"'
                   WHEN txt = '' OR instr(txt, ',') OR instr(txt, '"')
                        OR instr(txt, char(13)) OR instr(txt, char(10))
                     THEN '"' || replace(txt, '"', '""') || '"'
                   ELSE txt END AS cell
    FROM csv_in;
INSERT OR IGNORE INTO csv_in SELECT txt FROM export_values WHERE txt IS NOT NULL;
CREATE TEMP TABLE export_lines AS
SELECT k, csv, '{' || json || '}' AS json
  FROM (SELECT k, c,
               group_concat(coalesce(num, (SELECT cell FROM csv_text t WHERE t.txt = v.txt), ''),
                            ',') OVER w AS csv,
               group_concat(json_quote(name) || ':' || coalesce(num, json_quote(txt), 'null'),
                            ',') OVER w AS json
          FROM export_values v
        WINDOW w AS (PARTITION BY k ORDER BY c
                     ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING))
 WHERE c = (SELECT max(c) FROM export_columns);

-- MLCommons' result summarizer's wide layout (docs/mlperf.md, "The
-- summarizer's layout"): summary.csv, one row per system and a column per
-- benchmark holding its time to train, and summary_detailed.csv, six
-- columns per benchmark (<benchmark>:time_to_train, :Energy, :GBS,
-- :samples_to_converge, :RCP, :rcp_scaling_factor), both for every round
-- (build/export/summary.csv, summary_detailed.csv) and for each round
-- (summary_vX.Y.csv, summary_detailed_vX.Y.csv; a round named otherwise
-- than v<digits and dots> has no file of its own). The rows are those of
-- the view export_summary, the systems' columns first, in the summarizer's
-- order, then the benchmarks', then details_url and code_url, then the
-- columns the summarizer has not: status (the file's own availability),
-- system_file and folder; round leads. A round's benchmarks are the
-- summarizer's for that round (summarizer_benchmarks, in its order), then
-- any other with a result, by name; the all-rounds files take each once,
-- in the order of its first round. A real is written as the summarizer
-- writes it, the shortest text that reads back as the same double
-- (mlperf_repr: 2.62919375, not 2.6291937500000001), an integer in full; CSV
-- as above (CRLF, csv_text's fields).
CREATE INDEX temp.export_rows_pair ON export_rows(round, folder, system, benchmark);
CREATE TEMP TABLE summary_rows AS
SELECT row_number() OVER (ORDER BY CAST(substr(round, 2) AS INTEGER),
                                   CAST(substr(round, instr(round, '.') + 1) AS INTEGER),
                                   round, division, availability, submitter, system,
                                   system_file, folder) AS k, *
  FROM export_summary;
CREATE TEMP TABLE summary_scopes AS
SELECT DISTINCT round AS scope, CAST(substr(round, 2) AS INTEGER) AS major,
       CAST(substr(round, instr(round, '.') + 1) AS INTEGER) AS minor
  FROM summary_rows;
CREATE TEMP TABLE summary_benchmarks AS
WITH own AS (
  SELECT s.scope AS scope, b.position AS position, b.benchmark AS benchmark
    FROM summary_scopes s JOIN summarizer_benchmarks b ON b.round = s.scope
  UNION ALL
  SELECT scope, 1000 + row_number() OVER (PARTITION BY scope ORDER BY benchmark), benchmark
    FROM (SELECT DISTINCT e.round AS scope, e.benchmark AS benchmark FROM export_results e
           WHERE NOT EXISTS (SELECT 1 FROM summarizer_benchmarks b
                              WHERE b.round = e.round AND b.benchmark = e.benchmark)))
SELECT scope, row_number() OVER (PARTITION BY scope ORDER BY position) AS position, benchmark
  FROM own
UNION ALL
SELECT '', row_number() OVER (ORDER BY min(s.major * 1000000 + s.minor * 1000 + o.position),
                                       o.benchmark), o.benchmark
  FROM own o JOIN summary_scopes s USING (scope)
 GROUP BY o.benchmark;
-- The files: (file, scope, detailed); scope '' is every round.
CREATE TEMP TABLE summary_files AS
SELECT 'summary.csv' AS file, '' AS scope, 0 AS detailed, 0 AS ord
UNION ALL SELECT 'summary_detailed.csv', '', 1, 0
UNION ALL
SELECT 'summary' || d.suffix || '_' || scope || '.csv', scope, d.detailed,
       major * 1000000 + minor * 1000 + 1
  FROM summary_scopes, (SELECT '' AS suffix, 0 AS detailed UNION ALL SELECT '_detailed', 1) d
 WHERE scope GLOB 'v[0-9]*' AND scope NOT GLOB 'v*[^0-9.]*';
-- The metrics of a benchmark in summary_detailed.csv, in the summarizer's
-- order, and the column of export_results each one is.
CREATE TEMP TABLE summary_metrics(m INTEGER PRIMARY KEY, metric TEXT NOT NULL);
INSERT INTO summary_metrics VALUES
  (1, 'time_to_train'), (2, 'Energy'), (3, 'GBS'), (4, 'samples_to_converge'), (5, 'RCP'),
  (6, 'rcp_scaling_factor');
-- Every file's columns: sys, a column of summary_rows (by name); bench, a
-- benchmark's (m 0: its time in summary.csv).
CREATE TEMP TABLE summary_columns AS
WITH head(c, name) AS (VALUES (1, 'round'), (2, 'division'), (3, 'availability'),
       (4, 'submitter'), (5, 'system'), (6, 'number_of_nodes'), (7, 'host_processor_model_name'),
       (8, 'host_processors_count'), (9, 'accelerator_model_name'), (10, 'accelerators_count'),
       (11, 'framework'), (12, 'notes'), (13, 'private_id')),
     tail(c, name) AS (VALUES (1, 'details_url'), (2, 'code_url'), (3, 'status'),
       (4, 'system_file'), (5, 'folder'))
SELECT f.file AS file, h.c AS c, h.name AS name, NULL AS benchmark, NULL AS m
  FROM summary_files f, head h
UNION ALL
SELECT f.file, 100 + b.position, b.benchmark, b.benchmark, 0
  FROM summary_files f JOIN summary_benchmarks b ON b.scope = f.scope
 WHERE NOT f.detailed
UNION ALL
SELECT f.file, 100 + b.position * 10 + x.m, b.benchmark || ':' || x.metric, b.benchmark, x.m
  FROM summary_files f JOIN summary_benchmarks b ON b.scope = f.scope, summary_metrics x
 WHERE f.detailed
UNION ALL
SELECT f.file, 1000000 + t.c, t.name, NULL, NULL
  FROM summary_files f, tail t;
CREATE TEMP TABLE summary_values AS
WITH v AS (
  SELECT f.file AS file, r.k AS k, c.c AS c,
         CASE WHEN c.benchmark IS NULL THEN
           CASE c.name WHEN 'round' THEN r.round WHEN 'division' THEN r.division
             WHEN 'availability' THEN r.availability WHEN 'submitter' THEN r.submitter
             WHEN 'system' THEN r.system WHEN 'number_of_nodes' THEN r.number_of_nodes
             WHEN 'host_processor_model_name' THEN r.host_processor_model_name
             WHEN 'host_processors_count' THEN r.host_processors_count
             WHEN 'accelerator_model_name' THEN r.accelerator_model_name
             WHEN 'accelerators_count' THEN r.accelerators_count
             WHEN 'framework' THEN r.framework WHEN 'notes' THEN r.notes
             WHEN 'private_id' THEN r.private_id WHEN 'details_url' THEN r.details_url
             WHEN 'code_url' THEN r.code_url WHEN 'status' THEN r.status
             WHEN 'system_file' THEN r.system_file WHEN 'folder' THEN r.folder END
         ELSE (SELECT CASE c.m WHEN 0 THEN e.minutes WHEN 1 THEN e.minutes
                        WHEN 2 THEN e.energy_j WHEN 3 THEN e.global_batch_size
                        WHEN 4 THEN e.converged_at WHEN 5 THEN e.rcp_verdict
                        WHEN 6 THEN e.scaling_factor END
                 FROM export_rows e
                WHERE e.round = r.round AND e.folder = r.folder AND e.system = r.system_file
                  AND e.benchmark = c.benchmark) END AS x
    FROM summary_files f JOIN summary_rows r ON f.scope IN ('', r.round)
    JOIN summary_columns c ON c.file = f.file)
SELECT file, k, c,
       CASE typeof(x) WHEN 'integer' THEN printf('%d', x)
                      WHEN 'real' THEN mlperf_repr(x) END AS num,
       CASE WHEN typeof(x) IN ('text', 'blob') THEN CAST(x AS TEXT) END AS txt
  FROM v;
INSERT OR IGNORE INTO csv_in SELECT txt FROM summary_values WHERE txt IS NOT NULL;
CREATE TEMP TABLE summary_lines AS
SELECT file, k, line FROM (
  SELECT file, k, c,
         group_concat(coalesce(num, (SELECT cell FROM csv_text t WHERE t.txt = v.txt), ''),
                      ',') OVER w AS line,
         row_number() OVER w2 AS last
    FROM summary_values v
  WINDOW w AS (PARTITION BY file, k ORDER BY c
               ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING),
         w2 AS (PARTITION BY file, k ORDER BY c DESC))
 WHERE last = 1
UNION ALL
SELECT file, 0, line FROM (
  SELECT file, group_concat(name, ',') OVER (PARTITION BY file ORDER BY c
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS line,
         row_number() OVER (PARTITION BY file ORDER BY c) AS first
    FROM summary_columns)
 WHERE first = 1;

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
-- The summarizer's tables, each file named by its row of summary_files: a
-- script of .output lines written and read (a file name cannot be a
-- value), then removed.
.separator "," "\n"
.output build/export/summary.sql.tmp
SELECT '.output build/export/' || file || char(10)
       || 'SELECT line FROM summary_lines WHERE file = ' || quote(file) || ' ORDER BY k;'
  FROM summary_files ORDER BY ord, file;
SELECT '.output';
.output
.separator "," "\r\n"
.read build/export/summary.sql.tmp
.system rm -f build/export/summary.sql.tmp
