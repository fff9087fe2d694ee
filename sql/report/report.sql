-- sql/report/report.sql: the report, build/report/index.html, from the
-- tables systems and runs (sql/schema.sql) of the database it runs in,
-- printed to standard output. `make report` fills them (from the shipped
-- SQL, or from a results checkout with ROOT=) and runs, from the
-- repository root:
--
--   sqlite3 build/report/mlperf.db -cmd '.load ./mlpscale' \
--     -cmd ".parameter set :round 'v4.1'" '.read sql/report/report.sql' \
--     > build/report/index.html
--
-- The layers: the raw tables and the model (sql/schema.sql reads
-- sql/model.sql: every derived definition, once) are in the database; the
-- report files select from the model, narrow it to the round of the report
-- (00_base.sql) and turn rows into page blocks: each section is one file
-- that INSERTs its blocks into the temp table `page`, and 99_render.sql
-- alone writes HTML, so the order of the section files does not matter
-- beyond the sections' own temp tables. Every number on the page is
-- computed here, at report time, from the data.
.bail on
.headers off
.mode list
.nullvalue ''
.read sql/report/00_base.sql
.read sql/report/page_head.sql
.read sql/report/01_table1.sql
.read sql/report/02_figures.sql
.read sql/report/03_choosing_k.sql
.read sql/report/04_reference.sql
.read sql/report/05_homogeneous.sql
.read sql/report/06_breakeven.sql
.read sql/report/07_scheduling.sql
.read sql/report/08_conclusions.sql
.read sql/report/08b_claims.sql
.read sql/report/09_rounds.sql
.read sql/report/10_convergence.sql
.read sql/report/11_critical_batch.sql
.read sql/report/12_hpc.sql
.read sql/report/97_references.sql
.read sql/report/98_left_out.sql
.read sql/report/answers.sql
.read sql/report/figures.sql
.read sql/report/99_render.sql
