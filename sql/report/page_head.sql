-- sql/report/page_head.sql: the title block (section 0 of the page): the
-- document's title, the h1 and the opening paragraph, as page blocks like
-- every section's. The markup of the document head (style for screen and
-- print) is the renderer's (99_render.sql). The round's label is data: it
-- reaches the page only through the renderer's escaping.
INSERT INTO page
  SELECT 0, 0, 1, 0, 'h1', 'How well does AI training scale? MLPerf Training '
         || round || ', reproduced and examined', NULL
    FROM report_config
  UNION ALL
  SELECT 0, 0, 2, 0, 'p', printf(
    'Every number on this page is computed by mlpscale %s (a SQLite extension) '
    || 'from the raw MLPerf Training %s logs and system descriptions when the page '
    || 'is built: %d systems with results (%d system descriptions%s), %d training runs, '
    || '%d scored (system, workload) pairs '
    || 'in %d workloads. Sections 1 and 2 reproduce the analysis of Cortes, Juiz & Bermejo '
    || '(2025, arXiv 2509.03263) [ref-paper]; sections 3 to 6 answer the points of its review '
    || '[ref-review] with numbers; section 7 asks how jobs should be ordered and sized on a GPU '
    || 'cluster; section 8 sums up each workload and judges the paper''s claims; section 9, when '
    || 'several rounds are loaded, compares them; section 10 decomposes the loss of E'' at scale '
    || 'into convergence (larger batches need more samples) and throughput, a decomposition and '
    || 'not a cause; section 11 fits the critical batch size of each benchmark to MLCommons'' '
    || 'reference convergence points. %d (system, workload) pairs of the round could not be scored or '
    || 'placed: the last section lists them, with why.',
    mlpscale_version(), c.round,
    (SELECT count(*) FROM (SELECT DISTINCT submitter, system FROM round_runs)),
    (SELECT count(*) FROM round_systems),
    (SELECT printf(': section 1 says why %d have no run', count(*)) FROM described_only d
      WHERE d.round = c.round HAVING count(*) > 0),
    (SELECT count(*) FROM round_runs),
    (SELECT count(*) FROM sys), (SELECT count(DISTINCT benchmark) FROM sys),
    (SELECT count(*) FROM (SELECT DISTINCT submitter, system, benchmark FROM left_out o
                            WHERE o.round = c.round))), NULL
    FROM report_config c;

INSERT INTO page SELECT 0, 0, 0, 0, 'title', 'mlpscale report: MLPerf Training ' || round, NULL
  FROM report_config;

-- MLCommons' results messaging guidelines (github.com/mlcommons/policies,
-- MLPerf_Results_Messaging_Guidelines.adoc) ask a publication that uses
-- MLPerf results to name each one's division, category and accelerator
-- count, to cite it by its ID with the source and the date it was
-- retrieved, and to mark what is not an official result as "not verified
-- by MLCommons Association". The legend says so once under the opening
-- paragraph; every figure carries the short form as its footer (svg_plot's
-- 'footer'): svg_footer for figures of MLPerf results, svg_footer_sim for
-- the scheduling simulations of section 7. The divisions and categories
-- are the round's own (the model's pairs).
CREATE TEMP TABLE report_legend AS
  SELECT printf('How to cite what this page shows (MLCommons'' MLPerf results messaging guidelines, '
         || 'github.com/mlcommons/policies): every time on it is an official MLPerf Training result, '
         || 'here of round %s (divisions: %s; categories: %s), named by its submitter, system and '
         || 'accelerator count; its source is MLCommons'' repository '
         || 'github.com/mlcommons/training_results_%s (training_results_vX.Y and hpc_results_vX.Y for '
         || 'the other rounds of sections 9 and 12). Cite a result by its round, division, '
         || 'category, benchmark, submitter, system and accelerator count, with its result ID (the '
         || 'ID MLCommons'' results table gives it, or the result summarizer''s private_id that make '
         || 'export writes), the source and the date you retrieved it. Speedup, E'', break-evens, '
         || 'fits, shares, intervals, schedules and every other number this page derives are '
         || 'mlpscale''s: not verified by MLCommons Association. MLPerf is a trademark of MLCommons '
         || 'Association.', c.round,
         coalesce((SELECT group_concat(division, ', ') FROM (SELECT DISTINCT division FROM pairs p
                     WHERE p.round = c.round ORDER BY division)), 'none'),
         coalesce((SELECT group_concat(available, ', ') FROM (SELECT DISTINCT available FROM pairs p
                     WHERE p.round = c.round AND available IS NOT NULL ORDER BY available)), 'none'),
         c.round) AS text,
         'Source: MLPerf results, MLCommons (github.com/mlcommons). Derived metrics: not verified '
         || 'by MLCommons Association.' AS svg_footer,
         'Simulated by mlpscale (gpu_schedule): not an MLPerf result, not verified by MLCommons '
         || 'Association.' AS svg_footer_sim
    FROM report_config c;

INSERT INTO page SELECT 0, 0, 3, 0, 'legend', text, NULL FROM report_legend;
