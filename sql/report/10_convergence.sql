-- sql/report/10_convergence.sql: section 10, convergence or throughput
-- (the review's objection that E' "mixes effects", and the deeper confound
-- it found: the global batch size grows with the accelerator count, so
-- MLPerf is not fixed-work strong scaling). For each homogeneous curve:
-- how the loss of E' at its largest size splits into convergence (larger
-- batches need more samples to reach the target) and throughput (progress
-- per minute per accelerator), with the bounds the evaluation points allow
-- and the ranges over runs. From the model's convergence_split
-- (sql/model.sql): speedup = throughput ratio x convergence ratio,
-- exactly, on the raw times (no scaling factor), with converged_at read
-- from the logs as MLCommons' rcp_checker reads it, and the same ratio
-- from the reference convergence points (RCPs) alone. The split is an
-- identity: the page calls it a decomposition and names what else moves
-- with n. Then one submitter and one software stack across sizes (the
-- model's stack_scaling), the data that can tell the per-accelerator
-- batch from the node count.

-- The curves of section 5 (at least 3 sizes, the paper's workloads), each
-- point with its split.
CREATE TEMP TABLE conv_curve AS
  SELECT s.* FROM convergence_split s JOIN report_config USING (round)
   WHERE s.benchmark IN (SELECT benchmark FROM focus) AND s.sizes >= 3
   ORDER BY s.benchmark, s.family, s.n;

-- Per curve, its largest size. The loss of E' splits on a log scale:
-- ln E' = ln parallel + ln statistical. conv_share: the share of it from
-- statistical efficiency, where E' fell below 1 and both factors are
-- known. The evaluation points bound statistical efficiency (its _low and
-- _high), not parallel efficiency (the runs did process converged_at in
-- their time), so the share's bounds come from the statistical bounds with
-- parallel efficiency held: share(s) = ln s / (ln parallel + ln s), which
-- falls as s rises while parallel x s < 1 (else the bound is unknown).
-- se_lo/se_hi, pe_lo/pe_hi: the widest of the evaluation bounds and the
-- ranges over runs (se_hi NULL: unbounded). reading: 'throughput' where
-- parallel efficiency is below statistical efficiency at every end of
-- those intervals (on a log scale the larger part of the loss), 'convergence'
-- where the reverse holds, else 'cannot tell'; with E' below 1 this is the
-- share above or below one half.
CREATE TEMP TABLE conv_end AS
  WITH e AS (
    SELECT c.*,
           min(c.statistical_efficiency_low, c.statistical_efficiency_runs_low) AS se_lo,
           CASE WHEN c.statistical_efficiency_high IS NOT NULL
                THEN max(c.statistical_efficiency_high, c.statistical_efficiency_runs_high)
                END AS se_hi,
           min(c.parallel_efficiency, c.parallel_efficiency_runs_low) AS pe_lo,
           max(c.parallel_efficiency, c.parallel_efficiency_runs_high) AS pe_hi
      FROM conv_curve c WHERE c.n = c.n_max)
  SELECT e.*,
         CASE WHEN e.e_prime < 1 AND e.statistical_efficiency > 0 AND e.parallel_efficiency > 0
              THEN ln(e.statistical_efficiency) / ln(e.e_prime) END AS conv_share,
         CASE WHEN e.parallel_efficiency > 0 AND e.statistical_efficiency_high > 0
                   AND e.parallel_efficiency * e.statistical_efficiency_high < 1
              THEN ln(e.statistical_efficiency_high)
                   / ln(e.parallel_efficiency * e.statistical_efficiency_high) END AS share_low,
         CASE WHEN e.parallel_efficiency > 0 AND e.statistical_efficiency_low > 0
                   AND e.parallel_efficiency * e.statistical_efficiency_high < 1
              THEN ln(e.statistical_efficiency_low)
                   / ln(e.parallel_efficiency * e.statistical_efficiency_low) END AS share_high,
         CASE WHEN e.e_prime >= 1 OR e.pe_lo IS NULL OR e.se_lo IS NULL THEN NULL
              WHEN e.pe_hi < e.se_lo THEN 'throughput'
              WHEN e.se_hi < e.pe_lo THEN 'convergence'
              ELSE 'cannot tell' END AS reading
    FROM e;

INSERT INTO page VALUES
  (10, 0, 1, 0, 'h2', '10. Convergence or throughput: how the loss of E'' splits', 'convergence'),
  (10, 0, 2, 0, 'p', 'MLPerf Training is not fixed-work strong scaling: larger systems run '
     || 'larger global batches, and larger batches need more samples (or epochs) to reach '
     || 'the quality target. The logs record how far each run went before it converged; '
     || 'mlpscale reads it exactly as MLCommons'' rcp_checker does (converged_at: epochs, '
     || 'samples or steps, per benchmark and ruleset), so the speedup of two systems is '
     || 'the product of a throughput ratio (progress per minute) and a convergence ratio '
     || '(progress needed by the smaller over the larger), and E'' the product of parallel '
     || 'efficiency (throughput per accelerator) and statistical efficiency. This is a '
     || 'decomposition, an identity, not a cause: along each curve the per-accelerator '
     || 'batch falls (the table shows it), fixed per-run costs and the evaluations sit '
     || 'inside the timed region and weigh more in a run of seconds, and each size is '
     || 'another submitter, system and software stack. Runs are seen only at their '
     || 'evaluations: each converged somewhere between the evaluation before the converging '
     || 'one and the converging one, so statistical efficiency is bounded (in brackets: the '
     || 'smallest and largest ratio those points allow) and parallel efficiency is not '
     || '(the runs did process that progress in that time). The ranges marked "runs" pair '
     || 'every run of the smallest size with every run of the largest; neither is a '
     || 'confidence interval. Times are the raw olympic means, without the RCP scaling '
     || 'factor, which is itself a convergence correction. The RCP column is the same '
     || 'statistical efficiency from MLCommons'' reference convergence points alone (the RCP '
     || 'mean at each batch size, interpolated between two RCPs where the batch size has '
     || 'none; none below the smallest or above the largest RCP).', NULL);

INSERT INTO median_input
  SELECT 'share of the E'' loss from convergence', conv_share FROM conv_end;

-- Without a known share (no curve below 1 with both factors known) the
-- median, min and max are NULL, which printf would print as 0%: the
-- sentence says so instead.
INSERT INTO page
  SELECT 10, 0, 3, 0, 'p', printf('%d curves in %d workloads. At the largest size of each, '
         || 'E'' (raw times) is below 1 on %d; ', count(*), count(DISTINCT benchmark),
         sum(e_prime < 1))
         || CASE WHEN count(conv_share) = 0
                 THEN 'the share of the loss that convergence explains is known on none '
                      || 'of them. '
                 ELSE printf('of those, statistical efficiency accounts on a log scale for a '
                      || 'median %.0f%% of the loss at the measured evaluation points (from '
                      || '%.0f%% to %.0f%%), parallel efficiency for the rest. ',
                      100 * (SELECT median FROM median
                              WHERE grp = 'share of the E'' loss from convergence'),
                      100 * min(conv_share), 100 * max(conv_share))
                      || CASE WHEN count(share_low) = 0 THEN ''
                              ELSE printf('Within the bounds the evaluation points allow, the '
                                   || 'share moves by up to %.0f points (%d curves). ',
                                   100 * max(share_high - share_low), count(share_low)) END
                      || CASE WHEN count(conv_share) = count(share_low) THEN ''
                              ELSE printf('On %d the bounds allow an E'' of 1 or more, and the '
                                   || 'share has no bound. ',
                                   count(conv_share) - count(share_low)) END END
         || printf('Statistical efficiency from the runs and from the RCPs agree within 10%% on '
                   || '%d of the %d curves where both are known.',
                   coalesce(sum(abs(statistical_efficiency / rcp_statistical - 1) <= 0.1), 0),
                   count(statistical_efficiency * rcp_statistical)), NULL
    FROM conv_end HAVING count(*) > 0;

-- A ratio with its bounds: "0.431 [0.403, 0.456]"; NULL bounds print as
-- "?" (printf() would print 0), an unbounded high end as "-".
INSERT INTO page
  SELECT 10, 0, 4, 0, 'th', json_array('workload', 'family', 'accelerators', 'global batch',
         'per-accelerator batch', 'progress to converge (evaluations)', 'E'' (raw)',
         'parallel efficiency (runs)', 'statistical efficiency [evaluations] (runs)',
         'statistical (RCPs)', 'share of the loss from convergence [evaluations]', 'reading'),
         NULL WHERE EXISTS (SELECT 1 FROM conv_end)
  UNION ALL
  SELECT 10, 0, 4, row_number() OVER (ORDER BY f.ord, e.family), 'tr',
         json_array(f.name, e.family, e.n0 || ' - ' || e.n,
                    coalesce(e.batch_size0, '?') || ' - ' || coalesce(e.batch_size, '?'),
                    CASE WHEN e.batch_per_accelerator0 IS NULL OR e.batch_per_accelerator IS NULL
                         THEN '?'
                         ELSE printf('%.4g - %.4g', e.batch_per_accelerator0,
                                     e.batch_per_accelerator) END,
                    CASE WHEN e.converged_at0 IS NULL OR e.converged_at IS NULL THEN 'unknown'
                         ELSE printf('(%.4g, %.4g] - (%.4g, %.4g] %s',
                                     coalesce(e.converged_after0, 0), e.converged_at0,
                                     coalesce(e.converged_after, 0), e.converged_at,
                                     e.progress_unit) END,
                    printf('%.3f', e.e_prime),
                    -- printf() formats NULL as 0: test for NULL first.
                    CASE WHEN e.parallel_efficiency IS NULL THEN 'unknown'
                         WHEN e.parallel_efficiency_runs_low IS NULL
                           THEN printf('%.3f', e.parallel_efficiency)
                         ELSE printf('%.3f (%.3f - %.3f)', e.parallel_efficiency,
                                     e.parallel_efficiency_runs_low,
                                     e.parallel_efficiency_runs_high) END,
                    CASE WHEN e.statistical_efficiency IS NULL THEN 'unknown'
                         ELSE printf('%.3f [%s, %s]', e.statistical_efficiency,
                                     iif(e.statistical_efficiency_low IS NULL, '?',
                                         printf('%.3f', e.statistical_efficiency_low)),
                                     iif(e.statistical_efficiency_high IS NULL, '-',
                                         printf('%.3f', e.statistical_efficiency_high)))
                              || iif(e.statistical_efficiency_runs_low IS NULL, '',
                                     printf(' (%.3f - %.3f)', e.statistical_efficiency_runs_low,
                                            e.statistical_efficiency_runs_high)) END,
                    iif(e.rcp_statistical IS NULL, 'no RCP', printf('%.3f', e.rcp_statistical)),
                    CASE WHEN e.conv_share IS NULL THEN '-'
                         WHEN e.share_low IS NULL OR e.share_high IS NULL
                           THEN printf('%.0f%% [unbounded]', 100 * e.conv_share)
                         ELSE printf('%.0f%% [%.0f%%, %.0f%%]', 100 * e.conv_share,
                                     100 * e.share_low, 100 * e.share_high) END,
                    coalesce(e.reading, '-')), NULL
    FROM conv_end e JOIN focus f USING (benchmark);

-- The lines reach svg_plot in the order of the subquery (series, then n)
-- because it is the only term of FROM: in a join the planner would choose
-- the order of the loops. The bands: statistical efficiency between the
-- bounds of the evaluation points, parallel efficiency over its runs.
INSERT INTO page
  SELECT 10, 0, 5, ord, 'figure',
         svg_plot(n, v, series,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', name || ': E'' split into parallel and statistical efficiency',
                              'x_label', 'accelerators (log2)', 'x_scale', 'log2',
                              'y_label', 'efficiency relative to the family''s smallest size',
                              'y_scale', 'log10', 'kind', 'line', 'width', 860, 'height', 440,
                              'ref_lines', json_array(json_object('y', 1, 'label', 'no loss'))),
                  lo, hi),
         name || ': per family, parallel efficiency (throughput per accelerator; band: the '
         || 'range over runs) and statistical efficiency (progress needed by the smallest size '
         || 'over that of each size; band: the bounds of the evaluation points), whose product '
         || 'is E'' of the raw times; below 1 is a loss. The per-accelerator batch falls along '
         || 'each line.'
    FROM (SELECT f.benchmark, f.ord, f.name, c.n, c.v, c.series, c.lo, c.hi
            FROM focus f
            JOIN (SELECT benchmark, n, family || ': parallel' AS series,
                         parallel_efficiency AS v, parallel_efficiency_runs_low AS lo,
                         parallel_efficiency_runs_high AS hi
                    FROM conv_curve WHERE parallel_efficiency > 0
                  UNION ALL
                  SELECT benchmark, n, family || ': statistical', statistical_efficiency,
                         iif(statistical_efficiency_high IS NULL, NULL, statistical_efficiency_low),
                         statistical_efficiency_high
                    FROM conv_curve WHERE statistical_efficiency > 0) c USING (benchmark)
           ORDER BY f.benchmark, c.series, c.n)
   GROUP BY benchmark;

-- What this does to the paper's explanation (communication) and to the
-- review's objection (mixed effects), from the numbers above.
INSERT INTO page
  SELECT 10, 0, 6, 0, 'p',
         CASE WHEN count(reading) = 0
              THEN 'No curve of this round has both factors known with E'' below 1 at its '
                   || 'largest size, so this round cannot say how the loss of E'' splits.'
              ELSE printf('The paper attributes the fall of E'' to communication. Read at one '
                   || 'point per curve, its largest size against its smallest, and with the '
                   || 'bounds of the evaluation points and the ranges over runs: on %d of %d '
                   || 'curves the larger factor of the loss is parallel efficiency (throughput '
                   || 'per accelerator) at every end of those intervals, on %d statistical '
                   || 'efficiency, and on %d the intervals overlap and the split cannot tell. '
                   || 'Throughput per accelerator can fall with communication, but also with the '
                   || 'smaller per-accelerator batch, fixed per-run costs and evaluations inside '
                   || 'the timed region, and another system and stack at each size; statistical '
                   || 'efficiency falls as the global batch the submitter chose grows (the RCPs, '
                   || 'on the reference code, show the same where they are known). The '
                   || 'review is right that E'' mixes effects; the decomposition measures the '
                   || 'two factors of the mixture, not their causes. The next part holds the '
                   || 'submitter and the stack fixed.', sum(reading = 'throughput'),
                   count(reading), sum(reading = 'convergence'),
                   sum(reading = 'cannot tell')) END, NULL
    FROM conv_end HAVING count(*) > 0;

-- The model's stack_scaling, every round, computed once here for the
-- four queries below.
CREATE TEMP TABLE stack_every AS SELECT * FROM stack_scaling;

-- One submitter and one software stack across sizes (stack_scaling): the
-- comparisons of the report's round in its workloads, each point against
-- its stack's smallest size.
CREATE TEMP TABLE conv_stack AS
  SELECT s.* FROM stack_every s JOIN report_config USING (round)
   WHERE s.benchmark IN (SELECT benchmark FROM focus) AND s.n > s.n0
   ORDER BY s.benchmark, s.submitter, s.family, s.framework, s.n;

-- Every round: the two comparisons that hold something fixed, per doubling
-- of accelerators (ratio^(1 / log2(n / n_ref))), with the ends of the
-- ranges over runs likewise: the ratio of per-accelerator throughputs at
-- the same per-accelerator batch and at the same global batch (where it
-- is E' without the runs' convergence, which the RCPs expect unchanged).
CREATE TEMP TABLE conv_fixed AS
  SELECT 'same per-accelerator batch' AS kind, round, benchmark, submitter,
         n_same_pab AS n_ref, n,
         power(per_accelerator_ratio_same_pab, 1.0 / log2(1.0 * n / n_same_pab)) AS v,
         power(per_accelerator_ratio_same_pab_runs_low, 1.0 / log2(1.0 * n / n_same_pab)) AS lo,
         power(per_accelerator_ratio_same_pab_runs_high, 1.0 / log2(1.0 * n / n_same_pab)) AS hi
    FROM stack_every WHERE n_same_pab IS NOT NULL AND per_accelerator_ratio_same_pab > 0
  UNION ALL
  SELECT 'same global batch', round, benchmark, submitter, n_fixed, n,
         power(per_accelerator_ratio_fixed_batch, 1.0 / log2(1.0 * n / n_fixed)),
         power(per_accelerator_ratio_fixed_batch_runs_low, 1.0 / log2(1.0 * n / n_fixed)),
         power(per_accelerator_ratio_fixed_batch_runs_high, 1.0 / log2(1.0 * n / n_fixed))
    FROM stack_every WHERE n_fixed IS NOT NULL AND per_accelerator_ratio_fixed_batch > 0;

INSERT INTO median_input
  SELECT 'stack: ' || kind, v FROM conv_fixed
  UNION ALL SELECT 'stack low: ' || kind, lo FROM conv_fixed
  UNION ALL SELECT 'stack high: ' || kind, hi FROM conv_fixed
  UNION ALL SELECT 'stack n', n FROM conv_fixed
  UNION ALL SELECT 'stack NVIDIA: ' || kind, v FROM conv_fixed WHERE submitter = 'NVIDIA';

INSERT INTO page
  SELECT 10, 0, 7, 0, 'h3',
         'One submitter, one software stack: per-accelerator batch or node count', NULL
  UNION ALL
  SELECT 10, 0, 8, 0, 'p', 'Within one submitter, accelerator family and software stack (the '
         || 'systems file''s framework, release included: NVIDIA''s eos at 8 GPUs and at '
         || 'thousands is one machine and one stack per release), the size still moves the node '
         || 'count, the global batch and the per-accelerator batch. Two comparisons hold one of '
         || 'them: at the same global batch, the RCPs expect the same progress to converge '
         || '(one RCP per batch size), so E'' is throughput alone, yet the per-accelerator batch '
         || 'shrinks; at the same per-accelerator batch, each accelerator does the same work '
         || 'per step and only the accelerator and node counts (and the global batch) grow. '
         || 'Per-accelerator throughput is progress per minute per accelerator '
         || '(converged_at / raw minutes / n), fixed costs and evaluations included. Ranges in '
         || 'parentheses pair every run of one size with every run of the other; they are not '
         || 'confidence intervals.', NULL;

INSERT INTO page
  SELECT 10, 0, 9, 0, 'p',
         printf('Over every round (%d stacks with a comparison), %d comparisons at the same '
                || 'per-accelerator batch: per doubling of accelerators, per-accelerator '
                || 'throughput keeps a median %.3f (medians of the run ranges %.3f to %.3f); '
                || '%d comparisons at the same global batch: per-accelerator throughput per '
                || 'doubling keeps a median %.3f (%.3f to %.3f). ',
                (SELECT count(DISTINCT round || '|' || benchmark || '|' || submitter || '|'
                                       || family || '|' || framework)
                   FROM stack_every WHERE n_same_pab IS NOT NULL OR n_fixed IS NOT NULL),
                sum(kind = 'same per-accelerator batch'),
                (SELECT median FROM median WHERE grp = 'stack: same per-accelerator batch'),
                (SELECT median FROM median WHERE grp = 'stack low: same per-accelerator batch'),
                (SELECT median FROM median WHERE grp = 'stack high: same per-accelerator batch'),
                sum(kind = 'same global batch'),
                (SELECT median FROM median WHERE grp = 'stack: same global batch'),
                (SELECT median FROM median WHERE grp = 'stack low: same global batch'),
                (SELECT median FROM median WHERE grp = 'stack high: same global batch'))
         || CASE WHEN (SELECT median FROM median WHERE grp = 'stack high: same global batch')
                      < (SELECT median FROM median
                          WHERE grp = 'stack low: same per-accelerator batch')
                 THEN 'On these data the loss per doubling is larger where the per-accelerator '
                      || 'batch shrinks than where it holds while the counts grow (the medians of '
                      || 'their run ranges do not overlap): the fall of throughput per accelerator '
                      || 'goes more with less work per accelerator per step than with more '
                      || 'accelerators and nodes, an association over the comparisons the '
                      || 'submitters made, not a '
                      || 'measured cause. '
                 ELSE 'On these data the two comparisons do not separate: their medians lie '
                      || 'within each other''s run ranges. ' END
         || CASE WHEN sum(submitter = 'NVIDIA' AND kind = 'same per-accelerator batch') > 0
                      AND sum(submitter = 'NVIDIA' AND kind = 'same global batch') > 0
                 THEN printf('NVIDIA''s own stacks alone (up to %d accelerators): %d '
                      || 'comparisons at the same per-accelerator batch, a median %.3f per '
                      || 'doubling, and %d at the same global batch, %.3f. ',
                      max(iif(submitter = 'NVIDIA', n, NULL)),
                      sum(submitter = 'NVIDIA' AND kind = 'same per-accelerator batch'),
                      (SELECT median FROM median
                        WHERE grp = 'stack NVIDIA: same per-accelerator batch'),
                      sum(submitter = 'NVIDIA' AND kind = 'same global batch'),
                      (SELECT median FROM median WHERE grp = 'stack NVIDIA: same global batch'))
                 ELSE '' END
         || printf('The comparisons are those the submitters chose to make, across workloads '
                   || 'and rounds, the larger size of each a median of %.0f accelerators; ',
                   (SELECT median FROM median WHERE grp = 'stack n'))
         || 'a fixed global batch spreads the '
         || 'same work over more accelerators, so communication and per-step costs weigh '
         || 'more there too, and the per-accelerator batch comparison still grows the global '
         || 'batch and the messages with it.', NULL
    FROM conv_fixed HAVING sum(kind = 'same per-accelerator batch') > 0
                       AND sum(kind = 'same global batch') > 0;

INSERT INTO page
  SELECT 10, 0, 10, 0, 'th', json_array('workload', 'submitter', 'stack', 'accelerators',
         'nodes', 'per-accelerator batch', 'throughput per accelerator vs smallest (runs)',
         'E'' (raw)', 'statistical efficiency', 'E'' at the same global batch (runs)',
         'throughput per accelerator at the same per-accelerator batch (runs)'),
         NULL WHERE EXISTS (SELECT 1 FROM conv_stack)
  UNION ALL
  SELECT 10, 0, 10, row_number() OVER (ORDER BY f.ord, s.submitter, s.family, s.framework, s.n),
         'tr',
         json_array(f.name, s.submitter, s.family || ', ' || s.framework, s.n0 || ' - ' || s.n,
                    coalesce(s.nodes0, '?') || ' - ' || coalesce(s.nodes, '?'),
                    iif(s.batch_per_accelerator IS NULL, '?',
                        printf('%.4g', s.batch_per_accelerator)),
                    iif(s.per_accelerator_ratio_runs_low IS NULL,
                        printf('%.3f', s.per_accelerator_ratio),
                        printf('%.3f (%.3f - %.3f)', s.per_accelerator_ratio,
                               s.per_accelerator_ratio_runs_low,
                               s.per_accelerator_ratio_runs_high)),
                    printf('%.3f', s.e_prime), printf('%.3f', s.statistical_efficiency),
                    CASE WHEN s.n_fixed IS NULL THEN '-'
                         WHEN s.e_prime_fixed_batch_runs_low IS NULL
                           THEN printf('%.3f vs %d', s.e_prime_fixed_batch, s.n_fixed)
                         ELSE printf('%.3f (%.3f - %.3f) vs %d', s.e_prime_fixed_batch,
                                     s.e_prime_fixed_batch_runs_low,
                                     s.e_prime_fixed_batch_runs_high, s.n_fixed) END,
                    CASE WHEN s.n_same_pab IS NULL THEN '-'
                         WHEN s.per_accelerator_ratio_same_pab_runs_low IS NULL
                           THEN printf('%.3f vs %d', s.per_accelerator_ratio_same_pab,
                                       s.n_same_pab)
                         ELSE printf('%.3f (%.3f - %.3f) vs %d', s.per_accelerator_ratio_same_pab,
                                     s.per_accelerator_ratio_same_pab_runs_low,
                                     s.per_accelerator_ratio_same_pab_runs_high,
                                     s.n_same_pab) END), NULL
    FROM conv_stack s JOIN focus f USING (benchmark);

-- Throughput per accelerator against the per-accelerator batch, per workload, every
-- stack of the round (each point against its stack's smallest size; band:
-- the range over runs). In the order of the subquery, as above.
INSERT INTO page
  SELECT 10, 0, 11, 0, 'figure',
         svg_plot(x, v, series,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', 'One stack across sizes: throughput per accelerator',
                              'x_label',
                              'per-accelerator batch, relative to the stack''s smallest size (log2)',
                              'x_scale', 'log2',
                              'y_label', 'throughput per accelerator, relative',
                              'y_scale', 'log10', 'kind', 'scatter', 'width', 860, 'height', 420,
                              'ref_lines', json_array(json_object('y', 1, 'label', 'no loss'),
                                                      json_object('x', 1))),
                  lo, hi),
         'Each point: one size of one submitter''s stack against the stack''s smallest size, '
         || 'in the report''s round and workloads; x the ratio of the per-accelerator batches '
         || '(1: the same per-accelerator batch, below 1: a smaller one), y the ratio of the '
         || 'per-accelerator throughputs, with the range over runs.'
    FROM (SELECT s.batch_per_accelerator / s.batch_per_accelerator0 AS x,
                 s.per_accelerator_ratio AS v, f.name AS series,
                 s.per_accelerator_ratio_runs_low AS lo, s.per_accelerator_ratio_runs_high AS hi
            FROM conv_stack s JOIN focus f USING (benchmark)
           WHERE s.per_accelerator_ratio > 0
           ORDER BY f.ord, s.submitter, s.n)
  HAVING count(*) > 0;

-- The same points against the node count (relative to the stack's
-- smallest size), where the systems file gives it.
INSERT INTO page
  SELECT 10, 0, 11, 1, 'figure',
         svg_plot(x, v, series,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', 'One stack across sizes: throughput per accelerator and nodes',
                              'x_label', 'nodes, relative to the stack''s smallest size (log2)',
                              'x_scale', 'log2',
                              'y_label', 'throughput per accelerator, relative',
                              'y_scale', 'log10', 'kind', 'scatter', 'width', 860, 'height', 420,
                              'ref_lines', json_array(json_object('y', 1, 'label', 'no loss'))),
                  lo, hi),
         'The points of the figure above against the node count: x the ratio of the node '
         || 'counts (1: the same nodes, more accelerators per node), y the ratio of the '
         || 'per-accelerator throughputs, with the range over runs.'
    FROM (SELECT 1.0 * s.nodes / s.nodes0 AS x,
                 s.per_accelerator_ratio AS v, f.name AS series,
                 s.per_accelerator_ratio_runs_low AS lo, s.per_accelerator_ratio_runs_high AS hi
            FROM conv_stack s JOIN focus f USING (benchmark)
           WHERE s.per_accelerator_ratio > 0 AND s.nodes > 0 AND s.nodes0 > 0
           ORDER BY f.ord, s.submitter, s.n)
  HAVING count(*) > 0;
