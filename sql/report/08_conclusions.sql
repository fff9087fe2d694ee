-- sql/report/08_conclusions.sql: section 8, a short conclusion per
-- workload, every figure in it taken from the tables of sections 1-6, and
-- each break-even claim stated as far as it survives the sensitivity
-- analysis of section 6 (be_sens: theta 0.5-0.8, fastest or median system
-- per size, with or without Preview systems and duplicates).
INSERT INTO page VALUES (8, 0, 1, 0, 'h2', '8. Conclusions per workload', 'conclusions');

-- Per workload: its fastest system and its most frugal one (fewest
-- accelerator-minutes), as rows of sys, over every system and over the
-- systems available now (Preview ones left out: pareto.preview).
CREATE TEMP TABLE conclusion_picks AS
  SELECT f.benchmark,
         (SELECT x.rowid FROM sys x WHERE x.benchmark = f.benchmark
           ORDER BY minutes, acc_minutes LIMIT 1) AS fastest,
         (SELECT x.rowid FROM sys x JOIN pareto p ON p.id = x.rowid
           WHERE x.benchmark = f.benchmark AND NOT p.preview
           ORDER BY minutes, acc_minutes LIMIT 1) AS fastest_avail,
         (SELECT x.rowid FROM sys x WHERE x.benchmark = f.benchmark
           ORDER BY acc_minutes, minutes LIMIT 1) AS frugal,
         (SELECT x.rowid FROM sys x JOIN pareto p ON p.id = x.rowid
           WHERE x.benchmark = f.benchmark AND NOT p.preview
           ORDER BY acc_minutes, minutes LIMIT 1) AS frugal_avail
    FROM focus f;

-- A system as the conclusions name it, Preview ones marked.
CREATE TEMP VIEW conclusion_name AS
  SELECT s.rowid AS id, printf('%s (%d x %s%s)', s.system, s.accelerators, s.family,
                               CASE WHEN p.preview THEN ', Preview' ELSE '' END) AS label
    FROM sys s JOIN pareto p ON p.id = s.rowid;

-- Per workload, its largest homogeneous curve (most sizes, then the
-- largest size), as section 5 orders them.
CREATE TEMP TABLE conclusion_curve AS
  SELECT f.benchmark,
         (SELECT e.family FROM curve_end e WHERE e.benchmark = f.benchmark
           ORDER BY e.sizes DESC, e.n_max DESC LIMIT 1) AS family
    FROM focus f;

-- Per workload curve (its largest homogeneous one and 'all systems'),
-- criterion (marginal, efficiency) and theta: where its break-even falls
-- over the 8 row variants: 'in' when in 8-16 in every one, 'out' when
-- below or above it in every one, 'none' when in it in none (censored or
-- undefined in some), else 'mixed'; with the break-even of variant 1 as
-- its bracket "[n, next)", or "not reached by the largest size n".
CREATE TEMP TABLE conclusion_theta AS
  SELECT s.benchmark, s.curve, s.criterion, s.theta,
         CASE WHEN sum(s.verdict <> 'in range') = 0 THEN 'in'
              WHEN sum(s.verdict IN ('below', 'above')) = count(*) THEN 'out'
              WHEN sum(s.verdict = 'in range') = 0 THEN 'none' ELSE 'mixed' END AS status,
         max(CASE WHEN s.v = 1 THEN CASE WHEN s.censored
                                         THEN 'not reached by the largest size ' || s.n
                                         ELSE coalesce('[' || s.n || ', ' || s.next || ')',
                                                       'undefined') END END) AS n
    FROM be_sens s
   WHERE s.criterion IN ('marginal', 'efficiency')
     AND (s.curve = 'all systems'
          OR s.curve = (SELECT family FROM conclusion_curve c WHERE c.benchmark = s.benchmark))
   GROUP BY s.benchmark, s.curve, s.criterion, s.theta;

-- The words on one curve and criterion: its break-even per theta, then
-- at which theta it is in 8-16 in every variant, in none, or in some.
CREATE TEMP VIEW conclusion_criterion_text AS
  SELECT benchmark, curve, criterion,
         printf('the %s break-even is %s at theta %s (', criterion, group_concat(n, ', '),
                group_concat(printf('%.1f', theta), ', '))
         || CASE WHEN sum(status <> 'in') = 0 THEN 'in 8-16 at every theta and in every variant'
                 WHEN sum(status <> 'out') = 0 THEN 'outside 8-16 at every theta and in every variant'
                 ELSE substr(coalesce('; in 8-16 in every variant at '
                                      || group_concat(CASE WHEN status = 'in'
                                                           THEN printf('%.1f', theta) END, ', '), '')
                             || coalesce('; outside it in every variant at '
                                         || group_concat(CASE WHEN status = 'out'
                                                              THEN printf('%.1f', theta) END, ', '), '')
                             || coalesce('; in it in no variant (censored, undefined or straddling a bound in some) at '
                                         || group_concat(CASE WHEN status = 'none'
                                                              THEN printf('%.1f', theta) END, ', '), '')
                             || coalesce('; in it in some variants only at '
                                         || group_concat(CASE WHEN status = 'mixed'
                                                              THEN printf('%.1f', theta) END, ', '), ''),
                             3) END || ')' AS txt
    FROM (SELECT * FROM conclusion_theta ORDER BY benchmark, curve, criterion, theta)
   GROUP BY benchmark, curve, criterion;

CREATE TEMP VIEW conclusion_theta_text AS
  SELECT m.benchmark, m.curve, m.txt || ', and ' || e.txt AS txt
    FROM conclusion_criterion_text m JOIN conclusion_criterion_text e
      ON e.benchmark = m.benchmark AND e.curve = m.curve
   WHERE m.criterion = 'marginal' AND e.criterion = 'efficiency';

INSERT INTO page
  SELECT 8, f.ord, 0, 0, 'h3', f.name, NULL FROM focus f
  UNION ALL
  SELECT 8, f.ord, 1, 0, 'p',
         (SELECT printf('%d systems, %d to %d accelerators; ',
                        count(*), min(accelerators), max(accelerators))
            FROM sys s WHERE s.benchmark = f.benchmark)
         || printf('the fastest trains in %.3f min on %s, ', fast.minutes, fn.label)
         || printf('%.0f times faster than the reference with %.0f times the accelerators',
                   fast.speedup, fast.accelerators * 1.0 / fast.ref_accelerators)
         -- no system available now (all Preview): words, not printf's 0.000
         -- of the LEFT JOINs' NULLs
         || CASE WHEN c.fastest_avail IS NULL THEN ' (none of the systems is available now)'
                 WHEN c.fastest_avail IS NOT c.fastest
                 THEN printf(' (of the systems available now: %s, %.3f min)', fan.label,
                             fast_av.minutes) ELSE '' END
         || '. Ranked by accelerator-minutes (which is the ranking by E'' for any reference) '
         || printf('the most frugal is %s, %.1f accelerator-minutes', frn.label, frug.acc_minutes)
         || CASE WHEN c.frugal_avail IS NULL THEN ''
                 WHEN c.frugal_avail IS NOT c.frugal
                 THEN printf('; of the systems available now, %s, %.1f', fran.label,
                             frug_av.acc_minutes) ELSE '' END
         || printf('. The fastest uses %.1f times the accelerator-minutes of the most frugal.',
                   fast.acc_minutes / frug.acc_minutes), NULL
    FROM focus f JOIN conclusion_picks c USING (benchmark)
    JOIN sys fast ON fast.rowid = c.fastest JOIN conclusion_name fn ON fn.id = c.fastest
    JOIN sys frug ON frug.rowid = c.frugal JOIN conclusion_name frn ON frn.id = c.frugal
    LEFT JOIN sys fast_av ON fast_av.rowid = c.fastest_avail
    LEFT JOIN conclusion_name fan ON fan.id = c.fastest_avail
    LEFT JOIN sys frug_av ON frug_av.rowid = c.frugal_avail
    LEFT JOIN conclusion_name fran ON fran.id = c.frugal_avail
  UNION ALL
  SELECT 8, f.ord, 2, 0, 'p',
         coalesce((SELECT printf('On its largest homogeneous curve (%s, %d to %d accelerators) '
                  || 'E'' falls to %.3f at the largest size. Its efficacy break-even is %s and its '
                  || 'knee %s; %s. ',
                  e.family, e.n_min, e.n_max, e.e_last,
                  (SELECT txt FROM be_text t WHERE t.benchmark = e.benchmark
                      AND t.curve = e.family AND t.criterion = 'efficacy'),
                  (SELECT txt FROM be_text t WHERE t.benchmark = e.benchmark
                      AND t.curve = e.family AND t.criterion = 'knee'),
                  (SELECT txt FROM conclusion_theta_text t WHERE t.benchmark = e.benchmark
                      AND t.curve = e.family))
                  FROM curve_end e JOIN conclusion_curve c
                    ON c.benchmark = e.benchmark AND c.family = e.family
                  WHERE e.benchmark = f.benchmark),
                  'No accelerator family has 3 sizes, so no homogeneous curve. ')
         || printf('Over all systems, a curve that mixes accelerator generations: efficacy '
                  || '%s, knee %s; %s. %d of the %d systems are Pareto-optimal in time against '
                  || 'accelerator-minutes.',
                  (SELECT txt FROM be_text t WHERE t.benchmark = f.benchmark
                      AND t.curve = 'all systems' AND t.criterion = 'efficacy'),
                  (SELECT txt FROM be_text t WHERE t.benchmark = f.benchmark
                      AND t.curve = 'all systems' AND t.criterion = 'knee'),
                  (SELECT txt FROM conclusion_theta_text t WHERE t.benchmark = f.benchmark
                      AND t.curve = 'all systems'),
                  (SELECT sum(on_frontier) FROM pareto p WHERE p.benchmark = f.benchmark),
                  (SELECT count(*) FROM pareto p WHERE p.benchmark = f.benchmark)), NULL
    FROM focus f;

-- The overall verdict on the paper's "8-16 GPUs", from the sensitivity
-- analysis of section 6 as it computed it once (be_theta, be_verdict).
INSERT INTO page
  SELECT 8, 0, 2, 0, 'p', 'The paper''s "8-16 GPUs", over every curve, criterion and variant of '
         || 'section 6: '
         || (SELECT group_concat(printf('at theta %.1f %s of %d break-evens are in the range '
                                        || 'and %s of %d homogeneous marginal and efficiency '
                                        || 'ones', theta, in_txt, points, me_txt, me_points), '; ')
               FROM (SELECT * FROM be_theta ORDER BY theta))
         || printf('; %d to %d are censored (the criterion holds at the largest size) and are '
                   || 'counted neither in nor above. ', v.censored_lo, v.censored_hi)
         || CASE WHEN v.strict
                 THEN printf('Verdict: the range is not a property of the workloads but of the '
                             || 'criterion. It holds for most homogeneous curves when "break-even" '
                             || 'means keeping E'' or the marginal efficiency at %.1f or more, and '
                             || 'fails below (%s of %d at theta %.1f). The efficacy optimum (most speedup x E'') is '
                             || 'in 8-16 on %d of its %d curve-variants: it lies at %s or more '
                             || 'accelerators, or beyond the data (censored on %d). The per-size '
                             || 'pick, the Preview systems and the duplicates do not change this.',
                             v.strict_theta,
                             (SELECT me_txt FROM be_theta ORDER BY theta LIMIT 1),
                             (SELECT me_points FROM be_theta ORDER BY theta LIMIT 1),
                             (SELECT min(theta) FROM be_theta),
                             sum(e.verdict = 'in range'), count(*),
                             min(e.n) FILTER (WHERE e.verdict IN ('below', 'in range', 'above', 'straddles')),
                             sum(e.verdict = 'censored'))
                 WHEN v.strict_reach
                 THEN printf('Verdict: the range is not a property of the workloads but of the '
                             || 'criterion, and holds for a strict one only loosely. At theta %.1f or '
                             || 'more most homogeneous marginal and efficiency break-evens reach '
                             || '8-16, but only counting the brackets that straddle 8 or 16 (%s '
                             || 'of %d at theta %.1f lie wholly inside, %s more straddle a bound, '
                             || 'such as [8, 32)); below, it fails (%s of %d at theta %.1f). The '
                             || 'efficacy optimum (most speedup x E'') is in 8-16 on %d of its %d '
                             || 'curve-variants. The per-size pick, the Preview systems and the '
                             || 'duplicates do not change this.',
                             v.reach_theta,
                             (SELECT me_txt FROM be_theta ORDER BY theta DESC LIMIT 1),
                             (SELECT me_points FROM be_theta ORDER BY theta DESC LIMIT 1),
                             (SELECT max(theta) FROM be_theta),
                             (SELECT me_st_txt FROM be_theta ORDER BY theta DESC LIMIT 1),
                             (SELECT me_txt FROM be_theta ORDER BY theta LIMIT 1),
                             (SELECT me_points FROM be_theta ORDER BY theta LIMIT 1),
                             (SELECT min(theta) FROM be_theta),
                             sum(e.verdict = 'in range'), count(*))
                 WHEN NOT v.any_defined
                 THEN 'Verdict: no curve has a defined, uncensored break-even, so the data cannot '
                      || 'test the range.'
                 WHEN (SELECT min(in_hi * 2 < points) FROM be_theta)
                 THEN 'Verdict: under no theta or variant do most break-evens fall in 8-16; the '
                      || 'range does not survive.'
                 ELSE 'Verdict: whether the range holds depends on theta and on the variant; '
                      || 'no single reading survives all of them.' END, NULL
    FROM be_sens e, be_verdict v WHERE e.criterion = 'efficacy' AND e.theta = 0.5;
