-- sql/report/page_head.sql: the document head (style for screen and print)
-- and the title block (section 0 of the page). The round's label is data:
-- it reaches the page only through the renderer's escaping, in the 'title'
-- and 'h1' blocks.
INSERT INTO page
  SELECT 0, 1, 0, 'h1', 'How well does AI training scale? MLPerf Training '
         || (SELECT round FROM report_config) || ', reproduced and examined', NULL
  UNION ALL
  SELECT 0, 2, 0, 'p', printf(
    'Every number on this page is computed by mlpscale %s (a SQLite extension) '
    || 'from the raw MLPerf Training %s logs and system descriptions when the page '
    || 'is built: %d systems with results (%d system descriptions), %d training runs, '
    || '%d scored (system, workload) pairs '
    || 'in %d workloads. Sections 1 and 2 reproduce the analysis of Cortes, Juiz & Bermejo '
    || '(2025, arXiv 2509.03263); sections 3 to 6 answer the points of its review with '
    || 'numbers; section 7 asks how jobs should be ordered and sized on a GPU cluster; '
    || 'section 8 sums up each workload; section 9, when several rounds are loaded, '
    || 'compares them. %d (system, workload) pairs of the round could not be scored or '
    || 'placed: the last section lists them, with why.',
    mlpscale_version(), (SELECT round FROM report_config),
    (SELECT count(*) FROM (SELECT DISTINCT submitter, system FROM runs
                            WHERE round = (SELECT round FROM report_config))),
    (SELECT count(*) FROM systems WHERE round = (SELECT round FROM report_config)),
    (SELECT count(*) FROM runs WHERE round = (SELECT round FROM report_config)),
    (SELECT count(*) FROM sys), (SELECT count(DISTINCT benchmark) FROM sys),
    (SELECT count(*) FROM (SELECT DISTINCT submitter, system, benchmark FROM left_out
                            WHERE round = (SELECT round FROM report_config)))), NULL;

INSERT INTO page VALUES (0, -3, 0, 'html', '<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>', NULL),
  (0, -2, 0, 'title', 'mlpscale report: MLPerf Training ' || (SELECT round FROM report_config), NULL),
  (0, -1, 0, 'html', '<style>
body { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; color: #1a1a1a;
       margin: 0; line-height: 1.5; font-size: 15px; background: #fff; }
main { max-width: 74rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; margin: 1.5rem 0 0.5rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 0.5rem; border-bottom: 2px solid #0072B2; padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.6rem 0 0.4rem; }
p { max-width: 48rem; }
p.caption { font-weight: bold; margin-bottom: 0.3rem; }
nav { background: #f4f6f8; padding: 0.5rem 1rem; border-radius: 4px; max-width: 46rem; }
nav ul { margin: 0.2rem 0; padding-left: 0.5rem; list-style: none; } .toc-title { font-weight: bold; margin: 0.3rem 0; }
.scroll { overflow-x: auto; margin: 0.5rem 0 1rem; }
table { border-collapse: collapse; font-size: 0.86rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
th { background: #eef2f5; border-bottom: 2px solid #999; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.hl td { background: #fff4d6; } tr.ref td { background: #e3f0fa; } tr.off td { color: #b00020; }
pre { background: #f6f6f6; padding: 0.6rem 0.8rem; overflow-x: auto; font-size: 0.8rem;
      border-left: 3px solid #bbb; white-space: pre-wrap; }
figure { margin: 1rem 0 1.5rem; } figure svg { max-width: 100%; height: auto; display: block; }
figcaption { font-size: 0.85rem; color: #444; max-width: 48rem; }
@media print {
  body { font-size: 10pt; } main { max-width: none; padding: 0; }
  nav { display: none; } .scroll { overflow: visible; }
  h2 { break-after: avoid; } figure, table, pre { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
</style>
</head>
<body><main>', NULL);
