-- sql/report/00_base.sql: what every section of the report builds on.
-- Read by sql/report/report.sql after the tables systems and runs
-- (sql/schema.sql) have been filled; the view results and the rest of the
-- model are sql/model.sql's. :round names the round the
-- report is about (e.g. 'v4.1').
--
-- The page itself is one temp table, `page`: each section INSERTs its
-- blocks (headings, paragraphs, table rows, figures) and 99_render.sql turns
-- them into HTML in one place, escaping every text that comes from data.

-- The one row every section joins: the round of the report and whether it
-- is the round the paper analyses (paper_round, sql/data/paper.sql).
CREATE TEMP TABLE report_config AS
  SELECT :round AS round, EXISTS (SELECT 1 FROM paper_round WHERE round = :round) AS paper;

-- The raw rows of the report's round.
CREATE TEMP VIEW round_runs AS SELECT r.* FROM runs r JOIN report_config c ON c.round = r.round;
CREATE TEMP VIEW round_systems AS
  SELECT s.* FROM systems s JOIN report_config c ON c.round = s.round;

-- The page, in reading order (sec, part, blk, row): sec the section, part
-- the workload a block belongs to (its focus.ord; 0 for the section's own
-- blocks, which come first), blk the block within the part and row the
-- row within the block. kind:
--   'h2' (body = title, extra = anchor), 'h3', 'p' (plain text, escaped;
--   extra, when a JSON object {"text": "#anchor"}, links each occurrence
--   of the text to that anchor: 99_render.sql),
--   'th' / 'tr' (body = JSON array of cells, escaped; extra = row class;
--   consecutive rows of one blk form one table), 'caption' (table caption),
--   'pre' (a query, escaped), 'figure' (body = SVG from svg_plot, extra =
--   its caption), 'title' (the document's title), 'answer' (a line of the
--   opening "Answers" list, sql/report/answers.sql; extra = JSON array of
--   [label, anchor] links), 'legend' (the citation legend, page_head.sql).
--   A table's wrapper gets the id t-<sec>-<part>-<blk>. No block holds markup:
--   99_render.sql writes all of it.
CREATE TEMP TABLE page(sec INTEGER, part INTEGER, blk INTEGER, row INTEGER,
                       kind TEXT, body TEXT, extra TEXT);

-- The paper's numbers (paper_table1, paper_claims), known_gaps,
-- workload_names, accelerator_family and workload_eras are data files
-- (sql/data/*.sql); the pairs, their families, eras and the reference rule
-- are views of the model (sql/model.sql). This file only narrows them to
-- the round of the report.

-- The report's one median: per group of median_input (a section INSERTs
-- its values under a group name of its own), the middle value, or the
-- mean of the two middle values of an even count.
CREATE TEMP TABLE median_input(grp TEXT, v REAL);
CREATE TEMP VIEW median AS
  SELECT grp, avg(v) AS median
    FROM (SELECT grp, v, row_number() OVER (PARTITION BY grp ORDER BY v) AS i,
                 count(*) OVER (PARTITION BY grp) AS n
            FROM median_input WHERE v IS NOT NULL)
   WHERE i IN ((n + 1) / 2, (n + 2) / 2)
   GROUP BY grp;

-- The workloads each section looks at: the paper's four where the round has
-- them, else every benchmark of the round with at least 3 scored systems.
CREATE TEMP TABLE focus AS
  WITH scored AS (
    SELECT benchmark, count(*) AS systems FROM pairs JOIN report_config USING (round)
     GROUP BY benchmark),
  paper AS (
    SELECT s.benchmark, p.ord FROM scored s JOIN paper_table1 p USING (benchmark))
  SELECT benchmark, coalesce(n.name, benchmark) AS name,
         row_number() OVER (ORDER BY ord, benchmark) AS ord
    FROM (SELECT benchmark, ord FROM paper
          UNION ALL
          SELECT benchmark, 100 FROM scored
           WHERE systems >= 3 AND NOT EXISTS (SELECT 1 FROM paper))
    LEFT JOIN workload_names n USING (benchmark);

-- Every scored (system, benchmark) pair of the round, with the paper's
-- metrics against its workload's reference (the view reference of the
-- model: fewest accelerators, the slowest among them).
CREATE TEMP TABLE sys AS
  SELECT s.benchmark, s.submitter, s.system, s.division, s.accelerators,
         s.model, s.family, s.generation,
         s.minutes, s.acc_minutes, s.runs, s.converged_runs,
         ref.ref_submitter, ref.ref_system, ref.ref_accelerators, ref.ref_minutes,
         speedup(ref.ref_minutes, s.minutes) AS speedup,
         e_prime(ref.ref_minutes, s.minutes, ref.ref_accelerators, s.accelerators) AS e_prime,
         s.submitter = ref.ref_submitter AND s.system = ref.ref_system AS is_ref
    FROM report_config c JOIN pairs s USING (round) JOIN reference ref USING (round, benchmark)
   ORDER BY s.benchmark, s.accelerators, s.minutes, s.submitter, s.system;

-- Every pair of the round with its time's bootstrap interval and E'
-- against the reference with its 95% confidence interval from both pairs'
-- runs (e_prime_ci of the model: e_prime_interval), once for sections 2
-- and 4. The round is compared with :round itself, not joined: a constant
-- reaches inside the view, so only this round's pairs are bootstrapped (a
-- join: every round's).
CREATE TEMP TABLE sys_ci AS SELECT * FROM e_prime_ci WHERE round = :round;
