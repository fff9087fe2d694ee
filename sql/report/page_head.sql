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
