-- sql/report/11_critical_batch.sql: section 11, the critical batch size.
-- Section 10 showed that much of the loss of E' at scale is statistical:
-- larger global batches need more samples to converge. McCandlish et al.
-- (2018) model this with one number per task, the noise scale B_noise:
-- samples to converge E(B) = E_min (1 + B / B_noise). MLCommons' reference
-- convergence points are E measured at several B, so they give B_noise per
-- benchmark and ruleset (the model's rcp_critical_batch: critical_batch
-- over the RCPs' reference runs, with a bootstrap interval whose coverage
-- tests/critical_check.test measures), the statistical efficiency a batch
-- implies, checked against the runs of section 10, and a convergence
-- break-even (critical_breakeven) to set beside section 6's and the
-- paper's.

-- Every fit once (the view bootstraps each ruleset and benchmark), and
-- the report round's rows.
CREATE TEMP TABLE cb_all AS SELECT * FROM rcp_critical_batch;
CREATE TEMP TABLE cb AS
  SELECT c.*, f.ord AS focus_ord, f.name AS focus_name
    FROM cb_all c JOIN report_config r USING (round)
    LEFT JOIN focus f USING (benchmark);
CREATE TEMP TABLE cb_fits AS
  SELECT DISTINCT ruleset, benchmark, workload, progress_unit, e_min_unit, points, runs,
         batch_min, batch_max, e_min, e_min_low, e_min_high, b_noise, b_noise_low,
         b_noise_high, r2, max_rel_error, resamples_flat, refused, b_noise_unit,
         b_noise_noise_low, b_noise_noise_high, lack_of_fit_p, b_noise_before, b_noise_at
    FROM cb_all;

INSERT INTO page VALUES
  (11, 0, 1, 0, 'h2', '11. The critical batch size', 'critical-batch');
INSERT INTO page
  SELECT 11, 0, 2, 0, 'p', 'Why do larger batches need more samples, and how much larger can the batch '
     || 'grow before it stops paying? McCandlish et al. (2018) [ref-mccandlish2018] model the samples a task needs '
     || 'to converge at global batch size B as E(B) = E_min (1 + B / B_noise), a straight line '
     || 'in B; see also Shallue et al. (2019) [ref-shallue2019]. Strictly, the line''s intercept over '
     || 'its slope is their critical batch B_crit = E_min / S_min (the fewest samples over the '
     || 'fewest steps), which their model predicts to equal the gradient noise scale B_noise; '
     || 'the page writes B_noise, as they do, for that estimate. It is in the unit of the global '
     || 'batch: samples, or sequences for GPT-3 (2,048 tokens each). Below the noise scale B_noise a larger batch costs '
     || 'few extra samples; well above it the samples grow in proportion to B, so more '
     || 'accelerators, each holding its share of the batch, buy no fewer steps. MLCommons'' '
     || 'reference convergence points (RCPs) are E measured at several B for every benchmark, '
     || printf('each the olympic mean of %d to %d reference runs, so they give B_noise directly: ',
               (SELECT min(n_runs) FROM mlperf_rcps), (SELECT max(n_runs) FROM mlperf_rcps))
     || 'critical_batch fits the line to every reference run (each batch size one point, its '
     || 'mean the RCP''s read at the middle of its evaluation bracket, below), in samples (epochs where the benchmark counts epochs: a '
     || 'constant factor that leaves B_noise unchanged). The points miss the line by far more '
     || 'than their reference runs'' noise explains (a chi-square test of each point''s squared '
     || 'miss against its mean''s variance rejects the line for most benchmarks: the p-value in '
     || 'the table), so the interval shown carries that misfit: least squares over the points '
     || 'with their residual variance, E_min +- t s.e. and Fieller''s interval of B_noise. '
     || printf('On data made from the model with the RCPs'' own noise, a random miss per batch '
               || 'size of the RCPs'' own size and convergence seen only at evaluations (%d benchmarks, %d replications each) it held the '
               || 'true B_noise in %.0f%% to %.0f%% of them, E_min in %.0f%% to %.0f%% '
               || '(docs/mlperf.md), so the page calls it a 95%% interval with that measured '
               || 'coverage. The bootstrap of the reference runs alone (the run-noise interval, '
               || 'in the table too) is %.1f to %.1f times narrower on the round''s benchmarks and '
               || 'on the same data held the truth in %.0f%% to %.0f%%: it says how well the runs '
               || 'pin the points down, not how far the line is from them. The predicted ',
               count(*), min(replications), 100 * min(b_noise_coverage),
               100 * max(b_noise_coverage), 100 * min(e_min_coverage), 100 * max(e_min_coverage),
               (SELECT min((b_noise_high - b_noise_low) / (b_noise_noise_high - b_noise_noise_low))
                  FROM cb WHERE b_noise_noise_high IS NOT NULL AND b_noise_high IS NOT NULL),
               (SELECT max((b_noise_high - b_noise_low) / (b_noise_noise_high - b_noise_noise_low))
                  FROM cb WHERE b_noise_noise_high IS NOT NULL AND b_noise_high IS NOT NULL),
               100 * min(b_noise_noise_coverage), 100 * max(b_noise_noise_coverage))
     || 'statistical efficiency of a batch B against a smaller B0 is (1 + B0/B_noise) / '
     || '(1 + B/B_noise): the samples needed at B0 over those at B.', NULL
    FROM critical_coverage;

-- The evaluation brackets (rcp_brackets): the reading the fit takes, how
-- far the evaluation grid alone moves B_noise, and what reading at the
-- evaluations did to the interval's coverage (critical_coverage).
INSERT INTO page
  SELECT 11, 0, 2, 1, 'p',
         'Every RCP value, like every run''s samples to converge in section 10, is read at an '
         || 'evaluation: the true crossing lies between the evaluation before and this one (the '
         || 'smallest gap between two of an RCP''s reference runs: '
         || (SELECT group_concat(x, ', ') FROM (
               SELECT printf('%s %s %s', c3.workload,
                             iif(printf('%.4g', min(e.eval_interval))
                                   = printf('%.4g', max(e.eval_interval)),
                                 iif(min(e.eval_interval) >= 1,
                                     printf('%,d', CAST(round(min(e.eval_interval)) AS INTEGER)),
                                     printf('%.3g', min(e.eval_interval))),
                                 iif(min(e.eval_interval) >= 1,
                                     printf('%,d to %,d', CAST(round(min(e.eval_interval)) AS INTEGER),
                                            CAST(round(max(e.eval_interval)) AS INTEGER)),
                                     printf('%.3g to %.3g', min(e.eval_interval),
                                            max(e.eval_interval)))),
                             c3.e_min_unit) AS x
                 FROM cb c3
                 JOIN (SELECT ruleset, benchmark,
                              eval_interval * iif(m.progress_unit = 'steps', batch_size, 1)
                                AS eval_interval
                         FROM rcp_brackets JOIN mlperf_rules m USING (ruleset, benchmark)) e
                USING (ruleset, benchmark)
                GROUP BY c3.workload ORDER BY min(coalesce(c3.focus_ord, 100)), c3.workload))
         || '). The fit takes each run at '
         || 'the middle of its bracket; the table also gives B_noise read at the evaluation before '
         || 'and at the evaluation itself (the RCPs as published): '
         || printf('the readings span %.0f%% to %.0f%% of B_noise, the most for %s (%,d - %,d - %,d)',
                   100 * min(abs(b_noise_at - b_noise_before) / b_noise),
                   100 * max(abs(b_noise_at - b_noise_before) / b_noise),
                   (SELECT workload FROM cb c2 WHERE c2.b_noise_before IS NOT NULL
                     ORDER BY abs(c2.b_noise_at - c2.b_noise_before) / c2.b_noise DESC LIMIT 1),
                   (SELECT CAST(round(b_noise_before) AS INTEGER) FROM cb c2
                     WHERE c2.b_noise_before IS NOT NULL
                     ORDER BY abs(c2.b_noise_at - c2.b_noise_before) / c2.b_noise DESC LIMIT 1),
                   (SELECT CAST(round(b_noise) AS INTEGER) FROM cb c2
                     WHERE c2.b_noise_before IS NOT NULL
                     ORDER BY abs(c2.b_noise_at - c2.b_noise_before) / c2.b_noise DESC LIMIT 1),
                   (SELECT CAST(round(b_noise_at) AS INTEGER) FROM cb c2
                     WHERE c2.b_noise_before IS NOT NULL
                     ORDER BY abs(c2.b_noise_at - c2.b_noise_before) / c2.b_noise DESC LIMIT 1))
         || printf('. Read at the evaluations, the line sits half an evaluation high: in the '
                   || 'simulation its interval held the true B_noise in as few as %.0f%% of the '
                   || 'replications and E_min in %.0f%%, against %.0f%% and %.0f%% at the '
                   || 'midpoints. The spread of the readings is the grid''s own uncertainty, '
                   || 'beside the interval, which no resampling of the runs shows.',
                   (SELECT 100 * min(b_noise_at_coverage) FROM critical_coverage),
                   (SELECT 100 * min(e_min_at_coverage) FROM critical_coverage),
                   (SELECT 100 * min(b_noise_coverage) FROM critical_coverage),
                   (SELECT 100 * min(e_min_coverage) FROM critical_coverage)), NULL
    FROM cb HAVING count(b_noise_before) > 0;

INSERT INTO page
  SELECT 11, 0, 3, 0, 'p', 'The round''s rules have no RCPs (or the round has no runs with a '
         || 'ruleset), so this round gives no noise scale; the table across rulesets below '
         || 'still does.', NULL
   WHERE NOT EXISTS (SELECT 1 FROM cb);

INSERT INTO page
  SELECT 11, 0, 4, -1, 'caption', printf('Noise scale of each benchmark of ruleset %s (the '
         || 'rules of round %s) and where the round''s closed submissions sit: the largest global '
         || 'batch against B_noise, the statistical efficiency the line predicts from the smallest '
         || 'submitted batch B0 to it, and, on the homogeneous curve whose batch grows the most '
         || '(section 10), the prediction beside what its runs measured and what the RCP means '
         || 'alone give.', min(ruleset), min(round)), NULL
    FROM cb HAVING count(*) > 0
  UNION ALL
  SELECT 11, 0, 4, 0, 'th', json_array('workload', 'RCP batch sizes',
         'B_noise (95% interval); read before / at evaluation', 'run-noise interval',
         'lack of fit p',
         'E_min', 'R^2', 'worst point off the line',
         'submitted batches B0 - B', 'B / B_noise',
         'predicted efficiency B0 - B', 'curve: batches', 'predicted', 'measured (runs)',
         'RCP means'), NULL
   WHERE EXISTS (SELECT 1 FROM cb)
  UNION ALL
  SELECT 11, 0, 4, row_number() OVER (ORDER BY coalesce(focus_ord, 100), workload), 'tr',
         json_array(workload,
                    printf('%d: %,d - %,d', points, CAST(batch_min AS INTEGER),
                           CAST(batch_max AS INTEGER)),
                    CASE WHEN refused IS NOT NULL THEN 'none: ' || refused
                         ELSE printf('%,d %s (%,d - %s)', CAST(round(b_noise) AS INTEGER),
                                     b_noise_unit, CAST(round(b_noise_low) AS INTEGER),
                                     iif(b_noise_high IS NULL, 'unbounded',
                                         printf('%,d', CAST(round(b_noise_high) AS INTEGER))))
                              || iif(b_noise_at IS NULL OR b_noise_before IS NULL, '',
                                     printf('; %,d / %,d',
                                            CAST(round(b_noise_before) AS INTEGER),
                                            CAST(round(b_noise_at) AS INTEGER)))
                    END,
                    iif(b_noise_noise_low IS NULL, '-',
                        printf('%,d - %s', CAST(round(b_noise_noise_low) AS INTEGER),
                               iif(b_noise_noise_high IS NULL, 'unbounded',
                                   printf('%,d', CAST(round(b_noise_noise_high) AS INTEGER))))),
                    iif(lack_of_fit_p IS NULL, '-', printf('%.2g', lack_of_fit_p)),
                    iif(e_min IS NULL, '-', printf('%.4g %s', e_min, e_min_unit)),
                    iif(r2 IS NULL, '-', printf('%.3f', r2)),
                    iif(max_rel_error IS NULL, '-', printf('%.0f%%', 100 * max_rel_error)),
                    iif(sub_batch_min IS NULL, '-',
                        printf('%,d - %,d', CAST(sub_batch_min AS INTEGER),
                               CAST(sub_batch_max AS INTEGER))),
                    iif(max_over_b_noise IS NULL, '-', printf('%.2f', max_over_b_noise)),
                    iif(predicted_efficiency IS NULL, '-', printf('%.3f', predicted_efficiency)),
                    iif(split_batch IS NULL, '-',
                        printf('%,d - %,d (%s, %d - %d)', CAST(split_batch0 AS INTEGER),
                               CAST(split_batch AS INTEGER), split_family, split_n0, split_n)),
                    iif(split_predicted IS NULL, '-', printf('%.3f', split_predicted)),
                    iif(split_measured IS NULL, '-', printf('%.3f', split_measured)),
                    iif(split_rcp IS NULL, 'no RCP', printf('%.3f', split_rcp))), NULL
    FROM cb;

-- Where an interval of B_noise has no upper end: the reference run that
-- makes it so, the one of the most samples over its RCP's mean, and how
-- often a resample draws it more times than the olympic mean drops (with
-- the checker's drop 1: twice or more of the n rows of its batch size,
-- 1 - (1 - 1/n)^n - (1 - 1/n)^(n-1)), beside the share of resamples
-- without a batch effect.
INSERT INTO page
  SELECT 11, 0, 5, row_number() OVER (ORDER BY coalesce(c.focus_ord, 100), c.workload),
         'p',
         printf('%s: B_noise''s run-noise interval has no upper end because %.0f%% of its resamples (%d '
                || 'of 2,000) have no batch effect. They come from one reference run at batch '
                || '%,d with %.0f times its RCP''s mean (%.4g against %.4g %s): with %d runs '
                || 'at that batch and the checker dropping one from each end, a resample keeps '
                || 'it when it draws it twice or more, which happens with probability %.0f%%.',
                c.workload, 100.0 * c.resamples_flat / 2000, c.resamples_flat,
                CAST(o.batch_size AS INTEGER), o.value / o.rcp_mean, o.value, o.rcp_mean,
                c.e_min_unit, o.n_runs,
                100 * (1 - pow(1 - 1.0 / o.n_runs, o.n_runs)
                       - pow(1 - 1.0 / o.n_runs, o.n_runs - 1))), NULL
    FROM cb c
    JOIN (SELECT r.ruleset, r.benchmark, r.batch_size, r.n_runs, r.rcp_mean,
                 j.value * iif(u.progress_unit = 'steps', r.batch_size, 1) AS value,
                 row_number() OVER (PARTITION BY r.ruleset, r.benchmark
                                    ORDER BY j.value / r.rcp_mean DESC) AS k
            FROM mlperf_rcps r JOIN mlperf_rules u USING (ruleset, benchmark), json_each(r.runs) j
           WHERE u.max_dropped = 1) o
      ON o.ruleset = c.ruleset AND o.benchmark = c.benchmark AND o.k = 1
   WHERE c.b_noise IS NOT NULL AND c.b_noise_noise_low IS NOT NULL
     AND c.b_noise_noise_high IS NULL;

-- Where the largest submissions sit, and how the prediction fares on the
-- curves it never saw, from the rows above.
INSERT INTO page
  SELECT 11, 0, 5, 0, 'p',
         printf('Of the %d benchmarks with a noise scale, the round''s largest batch is above '
                || 'B_noise on %d (up to %.1f times it: %s) and below on %d. ', count(b_noise),
                sum(max_over_b_noise > 1), max(max_over_b_noise),
                (SELECT workload FROM cb c2 ORDER BY c2.max_over_b_noise DESC LIMIT 1),
                sum(max_over_b_noise <= 1))
         || printf('On the curves of section 10, the predicted statistical efficiency is within '
                   || '0.05 of what the runs measured on %d of %d (the largest gap %.3f, %s), '
                   || 'and within 0.05 of the RCP means'' own ratio on %d of %d: the line, fitted '
                   || 'to all RCPs, smooths the RCPs it passes between, and the runs, tuned by '
                   || 'each submitter, converge differently again.',
                   sum(abs(split_predicted - split_measured) <= 0.05),
                   count(split_predicted * split_measured),
                   max(abs(split_predicted - split_measured)),
                   (SELECT workload FROM cb c3 WHERE c3.split_measured IS NOT NULL
                     ORDER BY abs(c3.split_predicted - c3.split_measured) DESC LIMIT 1),
                   sum(abs(split_predicted - split_rcp) <= 0.05),
                   count(split_predicted * split_rcp)), NULL
    FROM cb HAVING count(b_noise) > 0 AND count(split_predicted * split_measured) > 0;

-- Per workload of the report (focus), samples to converge against batch
-- size: the RCP means with their runs' standard deviation as error bars,
-- and the fitted line drawn as 40 points evenly spaced on the log axis
-- from the smallest to the largest batch (RCP or submission). The points
-- reach svg_plot in the order of the subquery (series, then batch size)
-- because it is the only term of FROM.
INSERT INTO page
  SELECT 11, 0, 6, focus_ord, 'figure',
         svg_plot(b, e, series,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', focus_name || ': samples to converge against global '
                                       || 'batch size (ruleset ' || ruleset || ')',
                              'x_label', 'global batch size (log10)', 'x_scale', 'log10',
                              'y_label', e_min_unit || ' to converge (log10)',
                              'y_scale', 'log10', 'width', 860, 'height', 420,
                              'series_order', json_array('RCP mean, +- 1 stdev of its runs',
                                                         'fit: E_min (1 + B / B_noise)'),
                              'ref_lines', json_array(
                                json_object('x', b_noise, 'label', 'B_noise'),
                                json_object('x', sub_batch_max, 'label', 'largest submission'))),
                  lo, hi),
         focus_name || ': each RCP''s mean (its reference runs'' mean and standard deviation, '
         || e_min_unit || ', as published: read at the evaluations) and the line E(B) = E_min '
         || '(1 + B / B_noise) fitted to them at the middle of their evaluation brackets, with '
         || printf('E_min %.4g %s and B_noise %,d (R^2 %.3f)', e_min, e_min_unit,
                   CAST(round(b_noise) AS INTEGER), r2)
         || '; the dashed lines mark B_noise and the largest batch the round''s closed '
         || 'submissions used. The log axes make the line a curve: flat well below B_noise, '
         || 'rising with slope 1 well above it.'
    FROM (SELECT c.focus_ord, c.focus_name, c.ruleset, c.e_min_unit, c.e_min, c.b_noise, c.r2,
                 c.sub_batch_max, p.series, p.b, p.e, p.lo, p.hi
            FROM cb c
            JOIN (SELECT r.benchmark, 'RCP mean, +- 1 stdev of its runs' AS series,
                         r.batch_size AS b, r.rcp_mean * f AS e,
                         (r.rcp_mean - r.rcp_stdev) * f AS lo,
                         (r.rcp_mean + r.rcp_stdev) * f AS hi
                    FROM (SELECT m.*, iif(u.progress_unit = 'steps', m.batch_size, 1) AS f
                            FROM mlperf_rcps m JOIN mlperf_rules u USING (ruleset, benchmark)
                           WHERE m.ruleset = (SELECT min(ruleset) FROM cb)) r
                  UNION ALL
                  SELECT c2.benchmark, 'fit: E_min (1 + B / B_noise)',
                         b1 * pow(b2 / b1, k.value / 39.0),
                         c2.e_min * (1 + b1 * pow(b2 / b1, k.value / 39.0) / c2.b_noise), NULL, NULL
                    FROM (SELECT benchmark, e_min, b_noise,
                                 min(batch_min, coalesce(sub_batch_min, batch_min)) AS b1,
                                 max(batch_max, coalesce(sub_batch_max, batch_max)) AS b2
                            FROM cb WHERE b_noise IS NOT NULL) c2,
                         json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,'
                                   || '23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39]') k
                 ) p USING (benchmark)
           WHERE c.focus_ord IS NOT NULL AND c.b_noise IS NOT NULL
           ORDER BY c.focus_ord, p.series, p.b)
   GROUP BY focus_ord;

-- B_noise across rulesets: one row per workload, one column per ruleset
-- (in version order: the collation version).
CREATE TEMP TABLE cb_rulesets AS
  SELECT ruleset, row_number() OVER (ORDER BY ruleset COLLATE version) AS k
    FROM (SELECT DISTINCT ruleset FROM cb_fits);
CREATE TEMP TABLE cb_moves AS
  SELECT workload, count(b_noise) AS fits,
         min(b_noise) AS lo, max(b_noise) AS hi,
         count(DISTINCT printf('%.6g', b_noise)) AS distinct_values
    FROM cb_fits GROUP BY workload;

INSERT INTO page
  SELECT 11, 0, 7, 0, 'p',
         printf('Across the rulesets (below), B_noise, a function of the RCPs alone, changes '
                || 'only where MLCommons changed a benchmark''s RCPs (added batch sizes, or '
                || 'measured them again; points pruned from the checker''s list stay in the fit): '
                || '%d of the %d workloads fitted in more than one ruleset keep one value in at '
                || 'least two. ',
                (SELECT count(*) FROM cb_moves m WHERE m.fits > 1 AND m.distinct_values < m.fits),
                (SELECT count(*) FROM cb_moves m WHERE m.fits > 1))
         || printf('B_noise spans %s orders of magnitude across the workloads, from about %,d '
                   || 'samples (%s) to %,d (%s): a global batch that is small for one task is '
                   || 'far above the noise scale of another.',
                   printf('%.0f', log10(max(b_noise) / min(b_noise))),
                   CAST(round(min(b_noise)) AS INTEGER),
                   (SELECT workload FROM cb_fits f2 WHERE f2.b_noise IS NOT NULL
                     ORDER BY f2.b_noise LIMIT 1),
                   CAST(round(max(b_noise)) AS INTEGER),
                   (SELECT workload FROM cb_fits f3 WHERE f3.b_noise IS NOT NULL
                     ORDER BY f3.b_noise DESC LIMIT 1)), NULL
    FROM cb_fits HAVING count(b_noise) > 0;

INSERT INTO page
  SELECT 11, 0, 8, -1, 'caption', 'B_noise per ruleset (global batch, rounded; "-": no RCPs; '
         || '"flat": no batch effect measurable, samples do not grow with the batch; "< 3": '
         || 'fewer than 3 batch sizes). In epochs for the benchmarks that count epochs, the '
         || 'same B_noise.', NULL
  UNION ALL
  SELECT 11, 0, 8, 0, 'th',
         (SELECT json_group_array(h) FROM (SELECT 'workload' AS h, 0 AS k
                                           UNION ALL SELECT ruleset, k FROM cb_rulesets
                                           ORDER BY k)), NULL
  UNION ALL
  SELECT 11, 0, 8, row_number() OVER (ORDER BY w.workload), 'tr',
         (SELECT json_group_array(v) FROM (
            SELECT w.workload AS v, 0 AS k
            UNION ALL
            SELECT coalesce((SELECT CASE WHEN f.b_noise IS NOT NULL
                                         THEN printf('%,d', CAST(round(f.b_noise) AS INTEGER))
                                         WHEN f.refused LIKE 'no batch effect%' THEN 'flat'
                                         WHEN f.refused LIKE 'needs at least 3%' THEN '< 3'
                                         ELSE 'refused' END
                               FROM cb_fits f WHERE f.workload = w.workload
                                AND f.ruleset = r.ruleset), '-'), r.k
              FROM cb_rulesets r
             ORDER BY k)), NULL
    FROM (SELECT DISTINCT workload FROM cb_fits) w;

-- The convergence break-even at theta 0.5 (critical_breakeven) per
-- workload of the round, beside section 6's break-evens of its 'all
-- systems' curve at theta 0.5 (be_sens, variant 1: the section's own
-- curves) and the paper's range (paper_claims).
CREATE TEMP TABLE cb_be AS
  SELECT b.*, c.workload, c.focus_ord,
         (SELECT group_concat(s.criterion || ' ' || coalesce(CAST(s.n AS INTEGER), '-')
                              || iif(s.censored, '+', ''), ', ')
            FROM (SELECT * FROM be_sens s WHERE s.v = 1 AND s.theta = 0.5
                     AND s.curve = 'all systems' AND s.benchmark = b.benchmark
                   ORDER BY s.criterion) s) AS sec6
    FROM critical_breakeven b JOIN cb c USING (round, ruleset, benchmark)
   WHERE b.theta = 0.5;

INSERT INTO page
  SELECT 11, 0, 9, 0, 'p',
         printf('A convergence break-even: the batch at which the predicted statistical '
                || 'efficiency against the round''s smallest submitted batch falls to 0.5 (the '
                || 'larger batch alone then costs half of each accelerator''s work, whatever '
                || 'the interconnect), and the accelerator count that implies at the smallest '
                || 'batch per accelerator the round''s closed submissions used. It lies between '
                || '%,d and %,d accelerators across the %d workloads, against the paper''s '
                || '"break-even point" of %d to %d accelerators; it is above the paper''s range '
                || 'on %d of them. A system larger than that count, by the model, either pays more '
                || 'than half in convergence or runs a smaller batch per accelerator. On %d of '
                || 'the %d (%s) the batch at 0.5 lies beyond the largest batch size with an RCP: '
                || 'there the line is extrapolated, read where no reference run measured it. The two '
                || 'break-evens answer different questions: the paper''s (and section 6''s) '
                || 'read E'' of measured times, which mixes throughput and convergence; this '
                || 'one isolates convergence, from RCPs that were each tuned for their batch.',
                CAST(round(min(accelerators_at_theta)) AS INTEGER),
                CAST(round(max(accelerators_at_theta)) AS INTEGER), count(*),
                (SELECT CAST(value AS INTEGER) FROM paper_claims WHERE claim = 'breakeven_low'),
                (SELECT CAST(value AS INTEGER) FROM paper_claims WHERE claim = 'breakeven_high'),
                sum(accelerators_at_theta > (SELECT value FROM paper_claims
                                              WHERE claim = 'breakeven_high')),
                sum(extrapolated), count(*),
                coalesce((SELECT group_concat(printf('%s: %,d against %,d', e.workload,
                                                     CAST(round(e.batch_at_theta) AS INTEGER),
                                                     CAST(e.rcp_batch_max AS INTEGER)), '; ')
                            FROM (SELECT * FROM cb_be WHERE extrapolated
                                   ORDER BY coalesce(focus_ord, 100), workload) e), 'none')), NULL
    FROM cb_be HAVING count(*) > 0;

INSERT INTO page
  SELECT 11, 0, 10, -1, 'caption', 'Convergence break-even at theta 0.5 (critical_breakeven; '
         || 'batch from B_noise''s interval in brackets; "extrapolated": beyond the largest batch '
         || 'size with an RCP) beside the largest system of the round '
         || 'and section 6''s break-evens of the workload''s all-systems curve at theta 0.5 '
         || '(+: censored at the largest size).', NULL
   WHERE EXISTS (SELECT 1 FROM cb_be)
  UNION ALL
  SELECT 11, 0, 10, 0, 'th', json_array('workload', 'smallest batch B0', 'batch at 0.5',
         'smallest batch per accelerator', 'accelerators at 0.5', 'largest system',
         'section 6 (accelerators)'), NULL
   WHERE EXISTS (SELECT 1 FROM cb_be)
  UNION ALL
  SELECT 11, 0, 10, row_number() OVER (ORDER BY coalesce(focus_ord, 100), workload), 'tr',
         json_array(workload, printf('%,d', CAST(sub_batch_min AS INTEGER)),
                    printf('%,d (%,d - %s)%s', CAST(round(batch_at_theta) AS INTEGER),
                           CAST(round(batch_low) AS INTEGER),
                           iif(batch_high IS NULL, 'unbounded',
                               printf('%,d', CAST(round(batch_high) AS INTEGER))),
                           iif(extrapolated,
                               printf(' extrapolated: beyond the largest RCP batch, %,d',
                                      CAST(rcp_batch_max AS INTEGER)), '')),
                    printf('%.3g', sub_per_accelerator_min),
                    printf('%,d', CAST(round(accelerators_at_theta) AS INTEGER)),
                    printf('%,d', sub_accelerators_max), coalesce(sec6, 'not in section 6')), NULL
    FROM cb_be;

INSERT INTO page VALUES
  (11, 0, 11, 0, 'p', 'The model''s limits. Each RCP was run with hyperparameters tuned for its '
     || 'batch size (learning rate, warm-up, optimizer), and the model assumes optimal tuning at '
     || 'every batch; a submitter who tunes worse, or better, converges elsewhere, which is why '
     || 'the runs of section 10 scatter about the prediction. The RCP points scatter about the '
     || 'line more than their runs'' noise explains (the lack-of-fit p-value and the worst point '
     || 'off the line in the first table); the interval of B_noise takes that scatter as a random '
     || 'miss per batch size, normal and of one size at every batch, and its measured coverage '
     || 'holds on data made that way, not for a misfit of another kind (the misses of RCPs each '
     || 'tuned for its batch need not be independent). A linear E(B) is itself an '
     || 'approximation (McCandlish et al. [ref-mccandlish2018] derive it for a quadratic loss near the optimum); the '
     || 'break-even and the efficiencies here are conditional on it, on the RCPs of one ruleset, '
     || 'and on the smallest batch per accelerator the round used.', NULL);
