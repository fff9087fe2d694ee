-- sql/report/04_reference.sql: section 4, the reference does not matter
-- for ranking (review point 4). E' = (t_ref * n_ref) / (t * n): changing
-- the reference multiplies every E' by one constant, so every reference
-- ranks the systems exactly as their accelerator-minutes t * n do, while
-- the share of systems with E' >= 1 is whatever the reference makes it.

-- Every possible reference r of a workload against every system i.
CREATE TEMP TABLE ref_swap AS
  SELECT r.benchmark, r.submitter || ' ' || r.system AS ref, r.acc_minutes AS ref_acc_minutes,
         i.submitter || ' ' || i.system AS sys,
         e_prime(r.minutes, i.minutes, r.accelerators, i.accelerators) AS e_prime,
         i.acc_minutes
    FROM sys r JOIN sys i USING (benchmark)
   WHERE r.benchmark IN (SELECT benchmark FROM focus);

-- Ranks under each reference, beside the rank by accelerator-minutes. E'
-- is compared at 12 significant digits: pairs with equal accelerator-
-- minutes (identical scores) must tie whatever the rounding of the division.
CREATE TEMP TABLE ref_rank AS
  SELECT benchmark, ref, sys,
         rank() OVER (PARTITION BY benchmark, ref ORDER BY CAST(printf('%.12g', e_prime) AS REAL) DESC) AS rank_e,
         rank() OVER (PARTITION BY benchmark, ref ORDER BY CAST(printf('%.12g', acc_minutes) AS REAL)) AS rank_am
    FROM ref_swap;

CREATE TEMP TABLE ref_share AS
  SELECT benchmark, ref, ref_acc_minutes, 100.0 * avg(e_prime >= 1) AS share
    FROM ref_swap GROUP BY benchmark, ref;

INSERT INTO page VALUES
  (4, 0, 1, 0, 'h2', '4. The reference does not matter for ranking', 'reference'),
  (4, 0, 2, 0, 'p', 'E'' = (t_ref x n_ref) / (t x n). Changing the reference multiplies '
     || 'every E'' of a workload by the same constant, so the ranking of systems by E'' '
     || 'is the ranking by accelerator-minutes (t x n, smaller is better) whatever the '
     || 'reference; only the level moves. Below, every system of each workload is tried '
     || 'as the reference.', NULL);

INSERT INTO page
  SELECT 4, 0, 3, 0, 'p', printf('Over %d references and %d (reference, system) pairs in %d '
         || 'workloads, the rank by E'' differs from the rank by accelerator-minutes in %d '
         || 'pairs. %s',
         (SELECT count(*) FROM ref_share), count(*), count(DISTINCT benchmark),
         coalesce(sum(rank_e <> rank_am), 0),
         -- without a reference the range is NULL (printf: 0.0%): no sentence
         (SELECT printf('The share of systems with E'' >= 1 moves, with the reference, from '
                        || '%.1f%% to %.1f%%: a statement such as "E'' > 1 for most systems" '
                        || 'says which reference was chosen, not how the systems scale.',
                        min(share), max(share))
            FROM ref_share HAVING count(*) > 0)), NULL
    FROM ref_rank;

-- The paper's reference with its own bootstrap interval (sys_ci,
-- 00_base.sql): the share of systems with E' >= 1 at either end of the
-- reference's time (each system at its own time), and with the 95%
-- confidence interval of each E' the systems whose interval lies at or above
-- 1 and those whose interval reaches 1.
CREATE TEMP TABLE ref_share_ci AS
  SELECT benchmark, 100.0 * avg(ref_low >= 1) AS share_low, 100.0 * avg(ref_high >= 1) AS share_high,
         100.0 * avg(low >= 1) AS share_sure, 100.0 * avg(high >= 1) AS share_possible
    FROM sys_ci WHERE benchmark IN (SELECT benchmark FROM focus) GROUP BY benchmark;

INSERT INTO page
  SELECT 4, 0, 6, 0, 'p', printf('The paper''s reference carries its own uncertainty: within the '
         || 'bootstrap interval of its time (nominal 95%%, simulated coverage 90-93%%) the share '
         || 'of systems with E'' >= 1 moves in %d of %d workloads (%s); with the 95%% confidence '
         || 'interval of each E'' (both pairs'' runs, simulated coverage 93-96%%), the share whose '
         || 'interval lies at or above 1 and the share whose interval reaches 1 span %s. A share '
         || 'read at the reference''s single time is robust only where these ranges are one number.',
         sum(share_low <> share_high), count(*),
         group_concat(printf('%s %.1f%% to %.1f%%', name, share_low, share_high), ', '),
         group_concat(printf('%s %.1f%% to %.1f%%', name, share_sure, share_possible), ', ')), NULL
    FROM (SELECT r.*, f.name FROM ref_share_ci r JOIN focus f USING (benchmark) ORDER BY f.ord);

INSERT INTO page
  SELECT 4, 0, 4, -1, 'caption', 'Share of systems with E'' >= 1, over every choice of reference', NULL
  UNION ALL
  SELECT 4, 0, 4, 0, 'th', json_array('workload', 'references tried', 'rank changes',
         'lowest share', 'with reference', 'highest share', 'with reference',
         'the paper''s reference gives', 'within its bootstrap interval'), NULL
  UNION ALL
  SELECT 4, 0, 4, f.ord, 'tr',
         json_array(f.name, count(*),
                    (SELECT sum(rank_e <> rank_am) FROM ref_rank k WHERE k.benchmark = f.benchmark),
                    printf('%.1f%%', min(s.share)),
                    (SELECT ref FROM ref_share x WHERE x.benchmark = f.benchmark
                      ORDER BY share, ref_acc_minutes, ref LIMIT 1),
                    printf('%.1f%%', max(s.share)),
                    (SELECT ref FROM ref_share x WHERE x.benchmark = f.benchmark
                      ORDER BY share DESC, ref_acc_minutes DESC, ref LIMIT 1),
                    (SELECT printf('%.1f%%', share) FROM ref_share x
                      WHERE x.benchmark = f.benchmark AND x.ref =
                        (SELECT ref_submitter || ' ' || ref_system FROM sys y
                          WHERE y.benchmark = f.benchmark LIMIT 1)),
                    (SELECT printf('%.1f%% - %.1f%%', share_low, share_high) FROM ref_share_ci x
                      WHERE x.benchmark = f.benchmark)), NULL
    FROM focus f JOIN ref_share s USING (benchmark)
   GROUP BY f.benchmark;

-- The steps reach svg_plot in the order of the subquery (workload, then
-- x; ties by share and reference) because it is the only term of FROM: in
-- a join the planner would choose the order of the loops.
INSERT INTO page
  SELECT 4, 0, 5, 0, 'figure',
         svg_plot(ref_acc_minutes, share, name,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', 'Share of systems with E'' >= 1, by choice of reference',
                              'x_label', 'accelerator-minutes of the reference system (log10)',
                              'y_label', '% of systems with E'' >= 1',
                              'x_scale', 'log10', 'kind', 'step', 'width', 860, 'height', 440)),
         'Each step is one choice of reference: a system has E'' >= 1 exactly when it '
         || 'uses no more accelerator-minutes than the reference, so the share is the '
         || 'cumulative distribution of accelerator-minutes, read at the reference.'
    FROM (SELECT s.ref_acc_minutes, s.share, f.name FROM ref_share s JOIN focus f USING (benchmark)
           ORDER BY s.benchmark, s.ref_acc_minutes, s.share, s.ref);
