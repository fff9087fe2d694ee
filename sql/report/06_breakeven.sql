-- sql/report/06_breakeven.sql: section 6, break-even, formally (review
-- point 1: the paper never defines its "punto de equilibrio";
-- fits that hold at the largest systems, uncertainty, sensitivity). Answers:
-- per workload (all systems) and per homogeneous family, which model fits
-- each curve (by AICc, with relative least squares) and how far it
-- extrapolates; where is the break-even point under each formal criterion
-- of breakeven(), as a bracket with its bootstrap range (breakeven_ci); which of
-- those conclusions survive theta 0.5-0.8, the median system per size
-- instead of the fastest, leaving Preview systems out and adding the
-- duplicates back; which systems are Pareto-optimal in time against
-- accelerator-minutes; and does the paper's "8-16 GPUs" survive?

-- The rows every variant draws from: each scored pair of the focus
-- workloads (the round's pairs, as sys holds them: every division, Preview
-- systems included, duplicates left out), plus each duplicate (left out of
-- pairs; its time from results, its division and availability its
-- original's, whose runs it repeats).
CREATE TEMP TABLE be_rows AS
  SELECT p.benchmark, p.family, p.division = 'closed' AS closed,
         p.available IS 'preview' AS preview, 0 AS dup, p.submitter, p.system,
         p.accelerators AS n, p.minutes AS t, p.acc_minutes
    FROM report_config c JOIN pairs p USING (round)
   WHERE p.benchmark IN (SELECT benchmark FROM focus)
  UNION ALL
  SELECT o.benchmark, coalesce(m.family, r.accelerator_model_name), o.division = 'closed',
         o.available IS 'preview', 1, r.submitter, r.system, r.accelerators, r.minutes,
         r.accelerators * r.minutes
    FROM report_config c JOIN duplicates d USING (round)
    JOIN results r ON r.round = d.round AND r.submitter = d.submitter AND r.system = d.system
                  AND r.benchmark = d.benchmark
    JOIN pairs o ON o.round = d.round AND o.benchmark = d.benchmark
                AND o.submitter || '/' || o.system = d.duplicate_of
    LEFT JOIN accelerator_models m ON m.model = r.accelerator_model_name
   WHERE d.benchmark IN (SELECT benchmark FROM focus) AND r.minutes IS NOT NULL
     AND typeof(r.accelerators) = 'integer' AND r.accelerators >= 1;

-- The variants of the rows: per size the fastest system or the median one
-- (the mean of the two middle times of an even count), with or without
-- Preview systems, without or with the duplicates. Variant 1 (fastest,
-- with Preview, without duplicates) is the section's own curves.
CREATE TEMP TABLE be_variant AS
  SELECT row_number() OVER (ORDER BY p.value <> 'fastest', w.value DESC, d.value) AS v,
         p.value AS pick, w.value AS preview, d.value AS dup
    FROM json_each('["fastest","median"]') p, json_each('[1,0]') w, json_each('[0,1]') d;

-- The curves of each variant, one point per size: every workload over all
-- its systems ('all systems', every division), and per accelerator family
-- over the closed division (the homogeneous curves of section 5 in variant
-- 1), a family kept when it has at least 3 sizes. Fits and break-evens take
-- the same points.
CREATE TEMP TABLE be_vpoints AS
  WITH drawn AS (
    SELECT v.v, v.pick, r.benchmark, 'all systems' AS curve, r.n, r.t
      FROM be_variant v JOIN be_rows r ON (v.preview OR NOT r.preview) AND (v.dup OR NOT r.dup)
    UNION ALL
    SELECT v.v, v.pick, r.benchmark, r.family, r.n, r.t
      FROM be_variant v JOIN be_rows r ON (v.preview OR NOT r.preview) AND (v.dup OR NOT r.dup)
     WHERE r.closed),
  ranked AS (
    SELECT *, row_number() OVER w AS i, count(*) OVER w AS k
      FROM drawn WINDOW w AS (PARTITION BY v, benchmark, curve, n ORDER BY t))
  SELECT v, benchmark, curve, n,
         CASE WHEN pick = 'fastest' THEN min(t)
              ELSE avg(t) FILTER (WHERE i IN ((k + 1) / 2, (k + 2) / 2)) END AS t
    FROM ranked GROUP BY v, benchmark, curve, n;
DELETE FROM be_vpoints WHERE curve <> 'all systems' AND (v, benchmark, curve) IN
  (SELECT v, benchmark, curve FROM be_vpoints GROUP BY v, benchmark, curve HAVING count(*) < 3);

-- The break-even of every variant, theta (0.5 to 0.8; efficacy and knee
-- take none, so they repeat) and criterion, as breakeven_bracket gives it:
-- n, the last size meeting the criterion, next, the size after it, which
-- fails it; censored when the criterion still holds at the largest size
-- (n is then that size, next NULL: the break-even is there or beyond).
-- verdict, of the bracket [n, next) (the whole sizes n to next - 1)
-- against the paper's 8-16: 'below' or 'above' when every size of it lies
-- outside, 'in range' when every one lies inside, 'straddles' when it
-- holds sizes on both sides of 8 or of 16 ([8, 32): 8-16 or 17-31).
CREATE TEMP TABLE be_sens AS
  WITH b AS (
    SELECT v, th.value AS theta, benchmark, curve, max(n) AS n_max,
           breakeven_bracket(n, t, 'efficacy') AS efficacy,
           breakeven_bracket(n, t, 'marginal', th.value) AS marginal,
           breakeven_bracket(n, t, 'knee') AS knee,
           breakeven_bracket(n, t, 'efficiency', th.value) AS efficiency
      FROM json_each('[0.5,0.6,0.7,0.8]') th, be_vpoints GROUP BY v, th.value, benchmark, curve)
  , x AS (
    SELECT b.v, b.theta, b.benchmark, b.curve, c.value AS criterion, b.n_max,
           CASE c.value WHEN 'efficacy' THEN b.efficacy WHEN 'marginal' THEN b.marginal
                        WHEN 'knee' THEN b.knee ELSE b.efficiency END AS bracket
      FROM b, json_each('["efficacy","marginal","knee","efficiency"]') c)
  SELECT x.v, x.theta, x.benchmark, x.curve, x.criterion,
         json_extract(x.bracket, '$.n') AS n, json_extract(x.bracket, '$.next') AS next, x.n_max,
         coalesce(json_extract(x.bracket, '$.censored'), 0) AS censored,
         CASE WHEN x.bracket IS NULL THEN 'undefined'
              WHEN json_extract(x.bracket, '$.censored') THEN 'censored'
              WHEN json_extract(x.bracket, '$.next') <= lo.value THEN 'below'
              WHEN json_extract(x.bracket, '$.n') > hi.value THEN 'above'
              WHEN json_extract(x.bracket, '$.n') >= lo.value
               AND json_extract(x.bracket, '$.next') <= hi.value + 1 THEN 'in range'
              ELSE 'straddles' END AS verdict
    FROM x, paper_claims lo, paper_claims hi
   WHERE lo.claim = 'breakeven_low' AND hi.claim = 'breakeven_high';

-- The section's own curves (variant 1): fits of the three models with the
-- relative loss (times span three decades), each with the residual-bootstrap
-- range of its parameters (200 draws at the curve's own sizes, seed 1), and
-- the break-evens at theta 0.5 with their residual-bootstrap range.
CREATE TEMP TABLE be_points AS SELECT benchmark, curve, n, t FROM be_vpoints WHERE v = 1;

CREATE TEMP TABLE be_fit AS
  SELECT benchmark, curve, m.value AS model,
         scaling_fit(n, t, m.value, '{"loss":"relative","resamples":200,"seed":1}') AS fit
    FROM json_each('["amdahl","comm","power"]') m, be_points GROUP BY benchmark, curve, m.value;
-- Per curve the model of least AICc (NULL when no model has one: too few sizes).
CREATE TEMP TABLE be_best AS
  SELECT benchmark, curve,
         (SELECT model FROM be_fit x WHERE x.benchmark = f.benchmark AND x.curve = f.curve
             AND json_extract(x.fit, '$.aicc') IS NOT NULL
           ORDER BY json_extract(x.fit, '$.aicc'), model LIMIT 1) AS model
    FROM (SELECT DISTINCT benchmark, curve FROM be_fit) f;

CREATE TEMP TABLE be AS
  SELECT benchmark, curve, count(*) AS sizes, max(n) AS n_max,
         breakeven_ci(n, t, 'efficacy', NULL, 0.95, 2000, 1) AS efficacy,
         breakeven_ci(n, t, 'marginal', 0.5, 0.95, 2000, 1) AS marginal,
         breakeven_ci(n, t, 'knee', NULL, 0.95, 2000, 1) AS knee,
         breakeven_ci(n, t, 'efficiency', 0.5, 0.95, 2000, 1) AS efficiency
    FROM be_points GROUP BY benchmark, curve;

CREATE TEMP TABLE be_long AS
  SELECT benchmark, curve, 'efficacy' AS criterion, efficacy AS ci FROM be
  UNION ALL SELECT benchmark, curve, 'marginal', marginal FROM be
  UNION ALL SELECT benchmark, curve, 'knee', knee FROM be
  UNION ALL SELECT benchmark, curve, 'efficiency', efficiency FROM be;

-- The simulated coverage of breakeven_ci's nominal 95% range per criterion
-- (sql/data/fit_coverage.sql, tests/coverage/fit_coverage.c), as the range
-- over the simulated curves, sizes and noise levels: "97-100%".
CREATE TEMP TABLE be_cov AS
  SELECT quantity AS criterion,
         CASE WHEN round(100 * min(coverage)) = round(100 * max(coverage))
              THEN printf('%d%%', CAST(round(100 * min(coverage)) AS INTEGER))
              ELSE printf('%d-%d%%', CAST(round(100 * min(coverage)) AS INTEGER),
                          CAST(round(100 * max(coverage)) AS INTEGER)) END AS coverage
    FROM fit_coverage WHERE kind = 'breakeven' GROUP BY quantity;

-- A break-even as the page shows it, a bracket between two submitted sizes:
-- "64 (next size 3472 fails; ...)", or "not reached by the largest size
-- 3472 (...)" when censored; in the parentheses its bootstrap range, named
-- by its simulated coverage, and the draws that had no break-even when
-- there are any; "misfit dominates" where the curve's chosen fit has R^2
-- below 0.9 (be_misfit): the draws resample its residuals, which are then
-- mostly the model's misfit, not noise.
CREATE TEMP TABLE be_misfit AS
  SELECT b.benchmark, b.curve, json_extract(x.fit, '$.r2') AS r2
    FROM be_best b JOIN be_fit x USING (benchmark, curve, model)
   WHERE json_extract(x.fit, '$.r2') < 0.9;
CREATE TEMP VIEW be_text AS
  SELECT benchmark, curve, criterion,
         CASE WHEN ci IS NULL THEN 'undefined'
              ELSE CASE WHEN json_extract(ci, '$.censored')
                        THEN printf('not reached by the largest size %s (', n)
                        ELSE printf('%s (next size %s fails; ', n, nxt) END
                   || printf('bootstrap range %s - %s, simulated coverage %s',
                             coalesce(low, '?'), coalesce(high, 'beyond'),
                             (SELECT coverage FROM be_cov c WHERE c.criterion = l.criterion))
                   || CASE WHEN json_extract(ci, '$.failed') > 0
                           THEN printf('; %d of %d draws without one',
                                       json_extract(ci, '$.failed'), json_extract(ci, '$.draws'))
                           ELSE '' END
                   || coalesce((SELECT printf('; misfit dominates: the chosen fit''s R^2 is %.3f, '
                                              || 'so the residuals the draws resample are mostly '
                                              || 'the model''s misfit, not noise', m.r2)
                                  FROM be_misfit m WHERE m.benchmark = l.benchmark
                                   AND m.curve = l.curve), '')
                   || ')' END AS txt
    FROM (SELECT *, CASE WHEN json_extract(ci, '$.low') IS NOT NULL
                         THEN printf('%d', json_extract(ci, '$.low')) END AS low,
                    CASE WHEN json_extract(ci, '$.high') IS NOT NULL
                         THEN printf('%d', json_extract(ci, '$.high')) END AS high,
                    printf('%d', json_extract(ci, '$.n')) AS n,
                    printf('%d', json_extract(ci, '$.next')) AS nxt
            FROM be_long) l;

-- Pareto frontier of time against accelerator-minutes: a system is on it
-- when no other has both fewer-or-equal accelerator-minutes and a shorter time.
CREATE TEMP TABLE pareto AS
  SELECT s.rowid AS id, s.benchmark,
         NOT EXISTS (SELECT 1 FROM sys o WHERE o.benchmark = s.benchmark
                        AND o.acc_minutes <= s.acc_minutes AND o.minutes < s.minutes) AS on_frontier,
         EXISTS (SELECT 1 FROM be_rows r WHERE r.benchmark = s.benchmark AND r.preview
                    AND r.submitter = s.submitter AND r.system = s.system) AS preview
    FROM sys s WHERE s.benchmark IN (SELECT benchmark FROM focus);

-- A system's name as a figure labels it: its submitter and its system name
-- without the software it ran, the '_'-separated parts of the name that
-- are a release ('ngc24.09') or a word of its framework ('nemo' in "NVIDIA
-- NeMo Framework Release 24.09"): "NVIDIA eos_n8".
CREATE TEMP TABLE system_label AS
  WITH RECURSIVE named AS (
    SELECT DISTINCT s.submitter, s.system,
           ' ' || lower(replace(replace(coalesce(y.framework, ''), ',', ' '), '/', ' ')) || ' '
             AS words
      FROM sys s LEFT JOIN round_systems y USING (submitter, system)),
  part(submitter, system, words, i, tok, rest) AS (
    SELECT submitter, system, words, 0, NULL, system || '_' FROM named
    UNION ALL
    SELECT submitter, system, words, i + 1, substr(rest, 1, instr(rest, '_') - 1),
           substr(rest, instr(rest, '_') + 1)
      FROM part WHERE rest <> '')
  SELECT submitter, system,
         submitter || ' ' || coalesce(group_concat(tok, '_'), system) AS label
    FROM (SELECT * FROM part
           WHERE i > 0 AND tok <> '' AND lower(tok) NOT GLOB 'ngc[0-9]*'
             AND instr(words, ' ' || lower(tok) || ' ') = 0
           ORDER BY submitter, system, i)
   GROUP BY submitter, system;

-- The sensitivity table: each variation of variant 1 alone, and the range
-- over all 32 combinations.
CREATE TEMP TABLE be_sens_rows AS
  SELECT 1 AS ord, 'as above: theta 0.5, fastest per size, with Preview, without duplicates' AS label,
         1 AS v, 0.5 AS theta
  UNION ALL SELECT 2, 'theta 0.6', 1, 0.6
  UNION ALL SELECT 3, 'theta 0.7', 1, 0.7
  UNION ALL SELECT 4, 'theta 0.8', 1, 0.8
  UNION ALL SELECT 5, 'median system per size', 5, 0.5
  UNION ALL SELECT 6, 'without Preview systems', 3, 0.5
  UNION ALL SELECT 7, 'with the duplicates', 2, 0.5;

CREATE TEMP TABLE be_sens_count AS
  SELECT v, theta, count(*) AS points, sum(verdict = 'in range') AS in_range,
         sum(verdict = 'below') AS below, sum(verdict = 'above') AS above,
         sum(verdict = 'straddles') AS straddles,
         sum(verdict = 'censored') AS censored, sum(verdict = 'undefined') AS undefined,
         count(DISTINCT benchmark || '/' || curve) AS curves,
         sum(verdict = 'in range' AND curve <> 'all systems'
             AND criterion IN ('marginal', 'efficiency')) AS me_in,
         sum(verdict = 'straddles' AND curve <> 'all systems'
             AND criterion IN ('marginal', 'efficiency')) AS me_straddles,
         sum(curve <> 'all systems' AND criterion IN ('marginal', 'efficiency')) AS me_points
    FROM be_sens GROUP BY v, theta;

INSERT INTO page VALUES
  (6, 0, 1, 0, 'h2', '6. Break-even, formally', 'breakeven'),
  (6, 0, 2, 0, 'p', 'The paper finds a "break-even point" without defining it. Four formal '
     || 'definitions, each computed by breakeven(n, t, criterion) from the fastest time '
     || 'at each accelerator count: efficacy, the n that maximises speedup x E'' (the '
     || 'minimum of n x t^2, independent of the reference); marginal, the last n before '
     || 'the marginal efficiency of the next step drops below theta = 0.5; knee, the '
     || 'Kneedle knee of t against log2 n; efficiency, the largest n whose E'' relative to '
     || 'the smallest n stays >= theta = 0.5. Every curve here, "all systems" included, is '
     || 'one point per size, the fastest system of that size, and the fits take the same '
     || 'points as the break-evens. scaling_fit fits, by least squares on log t (times span '
     || 'three decades, so the relative loss keeps the smallest systems from dominating), '
     || 'Amdahl''s t = a + b/n (serial fraction a/(a+b)), t = a + b/n + c log2 n '
     || '(communication cost; fastest at n = b ln2 / c) and the power law t = c n^-alpha; '
     || 'AICc picks the model.', NULL);

-- The range of the parameter each model's row shows: Amdahl's serial
-- fraction, the power law's alpha, and for comm its communication term c;
-- its simulated coverage (sql/data/fit_coverage.sql: the least over the
-- noise levels, at the most sizes simulated that the curve has, so never
-- more sizes than it has; NULL below the fewest simulated); the
-- coefficients held at their bound 0.
CREATE TEMP TABLE be_fit_iv AS
  SELECT benchmark, curve, model,
         json_extract(fit, '$.ci.' || q || '[0]') AS lo,
         json_extract(fit, '$.ci.' || q || '[1]') AS hi,
         CASE model WHEN 'comm' THEN json_extract(fit, '$.c') END AS c,
         (SELECT min(coverage) FROM fit_coverage v
           WHERE v.kind = 'fit' AND v.model = x.model AND v.quantity = x.q
             AND v.sizes = (SELECT max(sizes) FROM fit_coverage w
                             WHERE w.kind = 'fit' AND w.model = x.model
                               AND w.sizes <= json_extract(x.fit, '$.points'))) AS coverage,
         (SELECT max(sizes) FROM fit_coverage w
           WHERE w.kind = 'fit' AND w.model = x.model
             AND w.sizes <= json_extract(x.fit, '$.points')) AS cov_sizes,
         (SELECT group_concat(value || ' = 0', ', ')
            FROM json_each(json_extract(x.fit, '$.bounds_active'))) AS bounds
    FROM (SELECT *, CASE model WHEN 'amdahl' THEN 'serial_fraction' WHEN 'comm' THEN 'c'
                               ELSE 'alpha' END AS q
            FROM be_fit WHERE fit IS NOT NULL) x;

-- The fits: one row per curve and model.
INSERT INTO page
  SELECT 6, 0, 3, -1, 'caption', 'The fitted models per curve (relative loss): AICc (lower '
         || 'is better; the chosen model marked), and how far each extrapolates: fitted / '
         || 'measured - 1 at the largest size, fitted on every size and refitted without it', NULL
  UNION ALL
  SELECT 6, 0, 3, 0, 'th', json_array('workload', 'curve', 'sizes', 'model', 'AICc', 'chosen',
         'R2', 'error at the largest n', 'error at the largest n, left out', 'parameter',
         'its bootstrap range (nominal 95%) and simulated coverage'), NULL
  UNION ALL
  SELECT 6, 0, 3, row_number() OVER (ORDER BY f.ord, x.curve <> 'all systems', x.curve, x.model),
         'tr', json_array(f.name, x.curve, x.points, x.model,
                    CASE WHEN x.aicc IS NOT NULL THEN printf('%.1f', x.aicc) END,
                    CASE WHEN b.model = x.model THEN 'chosen' END,
                    CASE WHEN x.r2 IS NOT NULL THEN printf('%.3f', x.r2) END,
                    CASE WHEN x.err IS NOT NULL THEN printf('%+.0f%%', 100 * x.err) END,
                    CASE WHEN x.loo IS NOT NULL THEN printf('%+.0f%%', 100 * x.loo) END,
                    CASE WHEN x.model = 'amdahl' THEN printf('serial fraction %.4f', x.param)
                         WHEN x.model = 'power' THEN printf('alpha %.3f', x.param)
                         WHEN x.param IS NOT NULL THEN printf('fastest n %.0f', x.param)
                         ELSE 'c = 0: no fastest n' END
                    || CASE WHEN x.bounds IS NOT NULL
                            THEN printf(' (bound active: %s)', x.bounds) ELSE '' END,
                    CASE WHEN x.lo IS NULL THEN 'no draw fitted'
                         ELSE printf(CASE x.model WHEN 'amdahl' THEN 'serial fraction %.4f - %.4f'
                                     WHEN 'power' THEN 'alpha %.3f - %.3f' ELSE 'c %.3g - %.3g' END,
                                     x.lo, x.hi)
                              || CASE WHEN x.coverage IS NULL THEN '; coverage not simulated'
                                      ELSE printf('; simulated coverage %d%% (%d sizes)',
                                                  CAST(round(100 * x.coverage) AS INTEGER),
                                                  x.cov_sizes) END
                              || printf('; %d of 200 draws without a fit', x.failed)
                              || CASE WHEN x.r2 < 0.9 THEN '; misfit dominates (R^2 below 0.9): '
                                      || 'the draws resample residuals that are mostly misfit'
                                      ELSE '' END END),
         CASE WHEN b.model = x.model THEN 'hl' END
    FROM (SELECT benchmark, curve, model, json_extract(fit, '$.points') AS points,
                 json_extract(fit, '$.aicc') AS aicc, json_extract(fit, '$.r2') AS r2,
                 json_extract(fit, '$.rel_error_at_largest') AS err,
                 json_extract(fit, '$.loo_rel_error_at_largest') AS loo,
                 json_extract(fit, CASE model WHEN 'amdahl' THEN '$.serial_fraction'
                                   WHEN 'comm' THEN '$.n_fastest' ELSE '$.alpha' END) AS param,
                 json_extract(fit, '$.ci_failed') AS failed, iv.lo, iv.hi, iv.coverage,
                 iv.cov_sizes, iv.bounds
            FROM be_fit JOIN be_fit_iv iv USING (benchmark, curve, model)
           WHERE fit IS NOT NULL) x
    JOIN be_best b USING (benchmark, curve) JOIN focus f USING (benchmark);

INSERT INTO page
  SELECT 6, 0, 4, 0, 'p', printf('AICc chooses %s. At the largest size the chosen models miss '
         || 'by %+.0f%% to %+.0f%% (fitted / measured - 1), and %s when that size '
         || 'is left out of the fit and predicted: %s',
         (SELECT group_concat(k, ', ') FROM
            (SELECT printf('%s for %d curves', model, count(*)) AS k FROM be_best
              WHERE model IS NOT NULL GROUP BY model ORDER BY count(*) DESC, model))
         || coalesce((SELECT printf(' (%d with too few sizes for AICc)', count(*))
                        FROM be_best WHERE model IS NULL HAVING count(*) > 0), ''),
         100 * min(json_extract(x.fit, '$.rel_error_at_largest')),
         100 * max(json_extract(x.fit, '$.rel_error_at_largest')),
         -- no refit without the largest size (too few sizes): no range, not
         -- printf's +0% of a NULL
         CASE WHEN count(json_extract(x.fit, '$.loo_rel_error_at_largest')) = 0
              THEN 'by an unknown amount (no chosen fit can be refitted without it)'
              ELSE printf('by %+.0f%% to %+.0f%%',
                          100 * min(json_extract(x.fit, '$.loo_rel_error_at_largest')),
                          100 * max(json_extract(x.fit, '$.loo_rel_error_at_largest'))) END,
         printf('%d of the %d chosen fits predict the left-out largest size within 25%%. '
                || 'The break-evens below are read from the measured points, not from a fit.',
                coalesce(sum(abs(json_extract(x.fit, '$.loo_rel_error_at_largest')) <= 0.25), 0),
                count(json_extract(x.fit, '$.loo_rel_error_at_largest')))), NULL
    FROM be_fit x JOIN be_best b ON b.benchmark = x.benchmark AND b.curve = x.curve
                                AND b.model = x.model
  HAVING count(*) > 0;

-- What the data determine: a parameter is determined when its bootstrap
-- range lies above 0 (the fit would not be as good without it).
INSERT INTO page
  SELECT 6, 0, 4, 1, 'p', printf('Which fitted parameters the data determine (a residual '
         || 'bootstrap at each curve''s own sizes: 200 draws of its fit''s noise, nominal 95%%; '
         || 'determined: the range excludes 0). '
         || 'The power law''s alpha: %d of %d fits (%s). Amdahl''s serial '
         || 'fraction: %d of %d. The communication term c of comm: %d of %d; it is exactly 0 in '
         || '%d of the %d fits and its range reaches 0 in %d, so the data do not determine '
         || 'a communication cost, and a "fastest n" read from it is not a finding. '
         || '%d of the %d draws of all fits gave no fit. These ranges are not confidence '
         || 'intervals: on known curves with 3 to 9 sizes and 1-4%% noise a nominal 95%% range '
         || 'held the true parameter in %d%% to %d%% of simulations (fewer sizes, less often; '
         || 'each row gives its own), with %d to %d sizes per curve here. Amdahl and comm are '
         || 'fitted with every coefficient >= 0; %d of the %d fits hold one at its bound '
         || '(marked): without the bound the fit would make it negative.',
         sum(model = 'power' AND lo > 0), sum(model = 'power'),
         -- no power fit with a range: words, not printf's 0.00 of a NULL
         CASE WHEN count(CASE WHEN model = 'power' THEN lo END) = 0 THEN 'no range of alpha'
              ELSE printf('alpha from %.2f to %.2f', min(CASE WHEN model = 'power' THEN lo END),
                          max(CASE WHEN model = 'power' THEN hi END)) END,
         sum(model = 'amdahl' AND lo > 0), sum(model = 'amdahl'),
         sum(model = 'comm' AND lo > 0), sum(model = 'comm'),
         sum(model = 'comm' AND c = 0), sum(model = 'comm'),
         sum(model = 'comm' AND NOT lo > 0),
         (SELECT sum(json_extract(fit, '$.ci_failed')) FROM be_fit),
         200 * (SELECT count(*) FROM be_fit WHERE fit IS NOT NULL),
         CAST(round(100 * (SELECT min(coverage) FROM fit_coverage WHERE kind = 'fit')) AS INTEGER),
         CAST(round(100 * (SELECT max(coverage) FROM fit_coverage WHERE kind = 'fit')) AS INTEGER),
         (SELECT min(json_extract(fit, '$.points')) FROM be_fit),
         (SELECT max(json_extract(fit, '$.points')) FROM be_fit),
         sum(bounds IS NOT NULL), sum(model <> 'power')), NULL
    FROM be_fit_iv
  HAVING count(*) > 0;

-- Residuals of the chosen model per curve, fitted / measured - 1 against n.
CREATE TEMP TABLE be_resid AS
  SELECT p.benchmark, p.curve || ' (' || b.model || ')' AS series, p.n,
         CASE b.model
           WHEN 'amdahl' THEN json_extract(x.fit, '$.a') + json_extract(x.fit, '$.b') / p.n
           WHEN 'comm' THEN json_extract(x.fit, '$.a') + json_extract(x.fit, '$.b') / p.n
                            + json_extract(x.fit, '$.c') * log2(p.n)
           ELSE json_extract(x.fit, '$.c') * pow(p.n, -json_extract(x.fit, '$.alpha'))
         END / p.t - 1 AS resid
    FROM be_points p JOIN be_best b USING (benchmark, curve)
    JOIN be_fit x ON x.benchmark = b.benchmark AND x.curve = b.curve AND x.model = b.model
   ORDER BY p.benchmark, series, p.n;

INSERT INTO page
  SELECT 6, 0, 5, 0, 'p', printf('The paper''s "8-16 GPUs": of the %d break-even points '
         || '(%d curves x 4 criteria), %d undefined and %d censored: the criterion still '
         || 'holds at the curve''s largest size, so the break-even is there or beyond the data '
         || '(shown "not reached by the largest size n" and never counted above the range). Each '
         || 'break-even is a bracket between two submitted sizes: n, the last size that meets the '
         || 'criterion, and the next size submitted, which fails it, so the break-even lies from n '
         || 'up to below that next size (written [n, next) in section 8). Of the other %d, %d fall '
         || 'within 8-16 accelerators (the whole bracket), %d below and %d above, and %d straddle '
         || 'a bound of the range (a bracket such as [8, 32) holds sizes inside and outside it, '
         || 'so it is counted neither in nor out). %s',
         count(*), count(*) / 4, sum(verdict = 'undefined'), sum(verdict = 'censored'),
         sum(verdict IN ('in range', 'below', 'above', 'straddles')), sum(verdict = 'in range'),
         sum(verdict = 'below'), sum(verdict = 'above'), sum(verdict = 'straddles'),
         CASE WHEN sum(verdict IN ('in range', 'below', 'above', 'straddles')) = 0
              THEN 'No curve has a defined, uncensored break-even, so the range cannot be tested.'
              WHEN sum(verdict = 'in range') * 2
                   > sum(verdict IN ('in range', 'below', 'above', 'straddles'))
              THEN 'Most land in the paper''s range at theta 0.5, but which one depends on the criterion.'
              ELSE 'At theta 0.5 the range does not survive a formal definition: the '
                   || 'break-even point depends on the criterion and the curve, and mostly lies '
                   || 'outside 8-16.' END)
         || printf(' On the homogeneous curves alone: %d of %d in 8-16, %d below, %d above, '
                   || '%d straddling, %d censored. The "all systems" curves mix accelerator generations (a step '
                   || 'from an RTX reference to H100s is superlinear), which is why the '
                   || 'homogeneous ones are the fair test. Beside each bracket, a bootstrap range '
                   || '(breakeven_ci, 2000 draws, seed 1, nominal 95%%): the break-evens that noise '
                   || 'of the size the curve''s residuals show would give at the same sizes (the '
                   || 'draws keep every size; "beyond": past the largest). It is no confidence '
                   || 'interval: each is named by the coverage simulated for its criterion '
                   || '(known curves, 3 to 9 sizes, 1-4%% noise), which mostly says that such '
                   || 'noise seldom moves a break-even by a whole size; draws without a break-even '
                   || '(no knee) are counted where there are any.',
                   sum(verdict = 'in range' AND curve <> 'all systems'),
                   sum(verdict IN ('in range', 'below', 'above', 'straddles')
                       AND curve <> 'all systems'),
                   sum(verdict = 'below' AND curve <> 'all systems'),
                   sum(verdict = 'above' AND curve <> 'all systems'),
                   sum(verdict = 'straddles' AND curve <> 'all systems'),
                   sum(verdict = 'censored' AND curve <> 'all systems')), NULL
    FROM be_sens WHERE v = 1 AND theta = 0.5;

INSERT INTO page
  SELECT 6, 0, 6, -1, 'caption', 'Break-even accelerator count per criterion (theta 0.5): '
         || 'the last size meeting it and the next size, which fails it, with the bootstrap '
         || 'range (nominal 95%) and its simulated coverage', NULL
  UNION ALL
  SELECT 6, 0, 6, 0, 'th', json_array('workload', 'curve', 'sizes', 'efficacy', 'marginal',
         'knee', 'efficiency'), NULL
  UNION ALL
  SELECT 6, 0, 6, row_number() OVER (ORDER BY f.ord, b.curve <> 'all systems', b.curve), 'tr',
         json_array(f.name, b.curve, b.sizes,
                    (SELECT txt FROM be_text t WHERE t.benchmark = b.benchmark
                        AND t.curve = b.curve AND t.criterion = 'efficacy'),
                    (SELECT txt FROM be_text t WHERE t.benchmark = b.benchmark
                        AND t.curve = b.curve AND t.criterion = 'marginal'),
                    (SELECT txt FROM be_text t WHERE t.benchmark = b.benchmark
                        AND t.curve = b.curve AND t.criterion = 'knee'),
                    (SELECT txt FROM be_text t WHERE t.benchmark = b.benchmark
                        AND t.curve = b.curve AND t.criterion = 'efficiency')),
         CASE WHEN b.curve = 'all systems' THEN 'ref' END
    FROM be b JOIN focus f USING (benchmark);

INSERT INTO page
  SELECT 6, 0, 7, -1, 'caption', 'Sensitivity: the break-even points of every curve and '
         || 'criterion against the paper''s 8-16 range, under each variation alone', NULL
  UNION ALL
  SELECT 6, 0, 7, 0, 'th', json_array('variant', 'curves', 'points', 'in 8-16', 'below',
         'above', 'straddles 8 or 16', 'censored', 'undefined',
         'homogeneous marginal and efficiency in 8-16'), NULL
  UNION ALL
  SELECT 6, 0, 7, r.ord, 'tr',
         json_array(r.label, k.curves, k.points, k.in_range, k.below, k.above, k.straddles,
                    k.censored, k.undefined, printf('%d of %d', k.me_in, k.me_points)),
         CASE WHEN r.ord = 1 THEN 'ref' END
    FROM be_sens_rows r JOIN be_sens_count k ON k.v = r.v AND k.theta = r.theta
  UNION ALL
  SELECT 6, 0, 7, 8, 'tr',
         json_array('all 32 combinations (4 theta x 2 picks x 2 x 2)',
                    min(curves) || ' - ' || max(curves), min(points) || ' - ' || max(points),
                    min(in_range) || ' - ' || max(in_range), min(below) || ' - ' || max(below),
                    min(above) || ' - ' || max(above), min(straddles) || ' - ' || max(straddles),
                    min(censored) || ' - ' || max(censored),
                    min(undefined) || ' - ' || max(undefined),
                    min(me_in) || ' - ' || max(me_in) || ' of ' || max(me_points)), NULL
    FROM be_sens_count;

-- What survives: per theta, the range over the 8 row variants (as text:
-- "5" or "5 to 7"); per criterion, whether it ever lands in the range.
-- Computed once here; section 8 reads be_theta and be_verdict.
CREATE TEMP TABLE be_theta AS
  SELECT *, CASE WHEN in_lo = in_hi THEN in_lo ELSE in_lo || ' to ' || in_hi END AS in_txt,
         CASE WHEN me_lo = me_hi THEN me_lo ELSE me_lo || ' to ' || me_hi END AS me_txt,
         CASE WHEN st_lo = st_hi THEN st_lo ELSE st_lo || ' to ' || st_hi END AS st_txt,
         CASE WHEN me_st_lo = me_st_hi THEN me_st_lo
              ELSE me_st_lo || ' to ' || me_st_hi END AS me_st_txt
    FROM (SELECT theta, min(in_range) AS in_lo, max(in_range) AS in_hi, max(points) AS points,
                 min(me_in) AS me_lo, max(me_in) AS me_hi, max(me_points) AS me_points,
                 min(straddles) AS st_lo, max(straddles) AS st_hi,
                 min(me_straddles) AS me_st_lo, max(me_straddles) AS me_st_hi,
                 min(me_in + me_straddles) AS me_reach_lo,
                 min(in_range * 2 > points - censored - undefined) AS all_majority,
                 max(in_range * 2 > points - censored - undefined) AS any_majority
            FROM be_sens_count GROUP BY theta);

-- The verdict over all theta, one row: strict, when the homogeneous
-- marginal and efficiency break-evens are mostly in 8-16 in every variant
-- at the largest theta and mostly not in any at the smallest (from
-- strict_theta on); strict_reach, the same when the brackets that
-- straddle 8 or 16 count as reaching the range (strict false: the claim
-- holds only that far); the censored points over the variants; whether
-- any variant has a defined, uncensored point at all.
CREATE TEMP TABLE be_verdict AS
  SELECT (SELECT me_lo * 2 > me_points FROM be_theta ORDER BY theta DESC LIMIT 1)
         AND (SELECT me_hi * 2 < me_points FROM be_theta ORDER BY theta LIMIT 1) AS strict,
         (SELECT min(theta) FROM be_theta WHERE me_lo * 2 > me_points) AS strict_theta,
         (SELECT me_reach_lo * 2 > me_points FROM be_theta ORDER BY theta DESC LIMIT 1)
         AND (SELECT me_hi * 2 < me_points FROM be_theta ORDER BY theta LIMIT 1) AS strict_reach,
         (SELECT min(theta) FROM be_theta WHERE me_reach_lo * 2 > me_points) AS reach_theta,
         (SELECT min(censored) FROM be_sens_count) AS censored_lo,
         (SELECT max(censored) FROM be_sens_count) AS censored_hi,
         (SELECT max(points - censored - undefined) FROM be_sens_count) > 0 AS any_defined;

INSERT INTO page
  SELECT 6, 0, 8, 0, 'p', 'What survives every variant (the 8 row variants at each theta): '
         || (SELECT group_concat(printf('at theta %.1f, %s of the %d points fall in 8-16 '
                                        || '(%s of the %d homogeneous marginal and '
                                        || 'efficiency ones) and %s straddle 8 or 16 (%s)',
                                        theta, in_txt, points, me_txt, me_points, st_txt,
                                        me_st_txt), '; ')
               FROM (SELECT * FROM be_theta ORDER BY theta))
         || '. '
         || (SELECT printf('The efficacy break-even (no theta) is in 8-16 on %d of the %d '
                           || 'curves of all variants and censored on %d (there the most speedup '
                           || 'x E'' is at the largest size or beyond). ',
                           sum(verdict = 'in range'), count(*), sum(verdict = 'censored'))
               FROM be_sens WHERE criterion = 'efficacy' AND theta = 0.5)
         || coalesce((SELECT printf('Most of the defined, uncensored points fall in 8-16 in every '
                                    || 'variant from theta %.1f on. ', min(theta))
                        FROM be_theta WHERE all_majority HAVING count(*) > 0),
                     (SELECT printf('At no theta do most of the defined, uncensored points '
                                    || 'fall in 8-16 in every variant (in some they do from '
                                    || 'theta %.1f on). ', min(theta))
                        FROM be_theta WHERE any_majority HAVING count(*) > 0),
                     'Under no variant do most of the defined, uncensored points fall in 8-16. ')
         || CASE WHEN (SELECT strict FROM be_verdict)
                 THEN 'The homogeneous marginal and efficiency break-evens move into the range '
                      || 'as theta grows: "8-16 GPUs" holds for a strict criterion (E'' or the '
                      || 'marginal efficiency kept high) and not for a lenient one, whatever the '
                      || 'pick per size, the Preview systems or the duplicates.'
                 WHEN (SELECT strict_reach FROM be_verdict)
                 THEN 'The homogeneous marginal and efficiency break-evens move toward the range '
                      || 'as theta grows, but at the largest theta most of them reach it only as '
                      || 'brackets that straddle 8 or 16 (such as [8, 32)): "8-16 GPUs" holds for '
                      || 'a strict criterion only if a break-even somewhere from 8 to 31 counts '
                      || 'as in the range.'
                 ELSE 'No reading of "8-16 GPUs" holds across theta.' END, NULL;


-- The two figures of a workload: their points reach svg_plot in the order
-- of the subquery because it is the only term of FROM (in a join the
-- planner would choose the order of the loops).
INSERT INTO page
  SELECT 6, ord, 0, 0, 'figure',
         svg_plot(n, resid, series,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', name || ': residuals of the chosen fit',
                              'x_label', 'accelerators (log2)', 'x_scale', 'log2',
                              'y_label', 'fitted / measured - 1', 'kind', 'line',
                              'width', 860, 'height', 320,
                              'ref_lines', json_array(json_object('y', 0, 'label', 'exact')))),
         name || ': per curve, the model AICc chooses (relative loss), fitted / measured - 1 '
         || 'at each size.'
    FROM (SELECT f.benchmark, f.ord, f.name, r.n, r.resid, r.series
            FROM focus f JOIN be_resid r USING (benchmark) ORDER BY f.benchmark, r.series, r.n)
   GROUP BY benchmark;

INSERT INTO page
  SELECT 6, ord, 1, 0, 'figure',
         svg_plot(acc_minutes, minutes,
                  CASE WHEN on_frontier THEN 'Pareto frontier' ELSE 'dominated' END,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', name || ': time against accelerator-minutes',
                              'x_label', 'accelerator-minutes (log10)', 'x_scale', 'log10',
                              'y_label', 'minutes to train (log10)', 'y_scale', 'log10',
                              'width', 860, 'height', 420,
                              -- labels are placed in turn: their order is the data's
                              'point_labels',
                              (SELECT json_group_array(json_object('x', acc_minutes,
                                        'y', minutes, 'label', label))
                                 FROM (SELECT x.acc_minutes, x.minutes, l.label
                                         FROM sys x JOIN pareto q ON q.id = x.rowid
                                         JOIN system_label l USING (submitter, system)
                                        WHERE x.benchmark = w.benchmark AND q.on_frontier
                                        ORDER BY x.acc_minutes, x.minutes, x.rowid)))),
         name || printf(': %d of %d systems are on the Pareto frontier (no other system '
         || 'is both cheaper or as cheap in accelerator-minutes and faster): %s.',
           sum(on_frontier), count(*),
           (SELECT group_concat(accelerators || ' x ' || family
                                || CASE WHEN preview THEN ' (Preview)' ELSE '' END, ', ') FROM
              (SELECT x.accelerators, x.family, q.preview FROM sys x JOIN pareto q ON q.id = x.rowid
                WHERE x.benchmark = w.benchmark AND q.on_frontier
                ORDER BY x.accelerators, x.acc_minutes, x.rowid)))
    FROM (SELECT f.benchmark, f.ord, f.name, s.acc_minutes, s.minutes, p.on_frontier
            FROM focus f JOIN sys s USING (benchmark) JOIN pareto p ON p.id = s.rowid
           ORDER BY f.benchmark, s.acc_minutes, s.minutes, s.rowid) w
   GROUP BY benchmark;
