-- sql/report/98_left_out.sql: section 13, what was left out. Every row of
-- left_out (sql/schema.sql) of the rounds loaded: a run whose values the
-- official score cannot take (its pair has no time), or a pair whose
-- system has no usable accelerator count (no place on an accelerator axis,
-- in E' or in a speedup). No section saw these rows; here they are, with
-- why, so that a checkout with broken files still gives the page.
INSERT INTO page
  SELECT 13, 0, 1, 0, 'h2', '13. Left out: what could not be scored or placed', 'left-out'
  UNION ALL
  SELECT 13, 0, 2, 0, 'p', printf('%d files of %d (system, workload) pairs are left out of '
         || 'every section above, %d of them in round %s: a converged run whose minutes '
         || 'are not a number from 1e-06 to 1e+06, a scaling factor outside the same range, '
         || 'a converged flag or a number of runs the score may drop that it cannot read '
         || '(the pair has no time), or a system without a usable accelerator count (the '
         || 'pair keeps its time in the results but has no place on an accelerator axis, '
         || 'in E'' or in a speedup).%s',
         (SELECT count(*) FROM left_out),
         (SELECT count(*) FROM (SELECT DISTINCT round, submitter, system, benchmark FROM left_out)),
         (SELECT count(*) FROM left_out o WHERE o.round = c.round), c.round,
         CASE WHEN NOT EXISTS (SELECT 1 FROM left_out) THEN ' Nothing was left out.' ELSE '' END),
         NULL
    FROM report_config c
  UNION ALL
  SELECT 13, 0, 3, 0, 'th', json_array('round', 'submitter', 'system', 'workload', 'file',
                                    'left out of', 'why'), NULL
   WHERE EXISTS (SELECT 1 FROM left_out)
  UNION ALL
  SELECT 13, 0, 3, row_number() OVER (ORDER BY o.round = c.round DESC,
                                   o.round, o.submitter, o.system, o.benchmark, o.file, o.reason),
         'tr', json_array(o.round, o.submitter, o.system, o.benchmark, o.file,
                          CASE o.scored WHEN 0 THEN 'the score' ELSE 'the accelerator axes' END,
                          o.reason), 'off'
    FROM left_out o, report_config c;
