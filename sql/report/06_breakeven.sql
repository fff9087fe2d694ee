-- sql/report/06_breakeven.sql: section 6, break-even, formally (review
-- point 1: the paper never defines its "punto de equilibrio"). Answers: per
-- workload (all systems) and per homogeneous family, where is the
-- break-even point under each formal criterion of breakeven(), what do the
-- scaling_fit models say, which systems are Pareto-optimal in time against
-- accelerator-minutes, and does the paper's "8-16 GPUs" survive?

-- The curves: every workload with all its systems, and every homogeneous
-- family of section 5. breakeven() keeps the fastest time per size itself.
CREATE TEMP TABLE be_points AS
  SELECT benchmark, 'all systems' AS curve, accelerators AS n, minutes AS t FROM sys
   WHERE benchmark IN (SELECT benchmark FROM focus)
  UNION ALL
  SELECT benchmark, family, n, t FROM curve;

CREATE TEMP TABLE be AS
  SELECT benchmark, curve, count(DISTINCT n) AS sizes,
         breakeven(n, t, 'efficacy') AS efficacy,
         breakeven(n, t, 'marginal', 0.5) AS marginal,
         breakeven(n, t, 'knee') AS knee,
         breakeven(n, t, 'efficiency', 0.5) AS efficiency,
         scaling_fit(n, t, 'amdahl') AS amdahl,
         scaling_fit(n, t, 'comm') AS comm
    FROM be_points GROUP BY benchmark, curve;

CREATE TEMP TABLE be_long AS
  SELECT benchmark, curve, 'efficacy' AS criterion, efficacy AS n FROM be
  UNION ALL SELECT benchmark, curve, 'marginal', marginal FROM be
  UNION ALL SELECT benchmark, curve, 'knee', knee FROM be
  UNION ALL SELECT benchmark, curve, 'efficiency', efficiency FROM be;

-- Pareto frontier of time against accelerator-minutes: a system is on it
-- when no other has both fewer-or-equal accelerator-minutes and a shorter time.
CREATE TEMP TABLE pareto AS
  SELECT s.rowid AS id, s.benchmark,
         NOT EXISTS (SELECT 1 FROM sys o WHERE o.benchmark = s.benchmark
                        AND o.acc_minutes <= s.acc_minutes AND o.minutes < s.minutes) AS on_frontier
    FROM sys s WHERE s.benchmark IN (SELECT benchmark FROM focus);

INSERT INTO page VALUES
  (6, 0, 1, 0, 'h2', '6. Break-even, formally', 'breakeven'),
  (6, 0, 2, 0, 'p', 'The paper finds a "break-even point" without defining it. Four formal '
     || 'definitions, each computed by breakeven(n, t, criterion) from the fastest time '
     || 'at each accelerator count: efficacy, the n that maximises speedup x E'' (the '
     || 'minimum of n x t^2, independent of the reference); marginal, the last n before '
     || 'the marginal efficiency of the next step drops below 0.5; knee, the Kneedle knee '
     || 'of t against log2 n; efficiency, the largest n whose E'' relative to the smallest '
     || 'n stays >= 0.5. scaling_fit fits Amdahl''s t = a + b/n (serial fraction a/(a+b)) '
     || 'and t = a + b/n + c log2 n (communication cost; fastest at n = b ln2 / c).', NULL);

INSERT INTO page
  SELECT 6, 0, 3, 0, 'p', printf('The paper''s "8-16 GPUs": of the %d break-even points found '
         || '(%d curves x 4 criteria, %d undefined), %d fall within 8-16 accelerators, %d below '
         || 'and %d above. %s',
         count(n), (SELECT count(*) FROM be), count(*) - count(n),
         sum(n BETWEEN lo.value AND hi.value), sum(n < lo.value), sum(n > hi.value),
         CASE WHEN sum(n BETWEEN lo.value AND hi.value) * 2 > count(n)
              THEN 'Most land in the paper''s range, but which one depends on the criterion.'
              ELSE 'The range does not survive a formal definition: the break-even point '
                   || 'depends on the criterion and the curve, and mostly lies outside 8-16.' END)
         || printf(' On the homogeneous curves alone: %d of %d in 8-16, %d below, %d above. The '
                   || '"all systems" curves mix accelerator generations (a step from an RTX '
                   || 'reference to H100s is superlinear), which is why the homogeneous ones are '
                   || 'the fair test.',
                   sum(n BETWEEN lo.value AND hi.value AND curve <> 'all systems'),
                   sum(n IS NOT NULL AND curve <> 'all systems'),
                   sum(n < lo.value AND curve <> 'all systems'),
                   sum(n > hi.value AND curve <> 'all systems')), NULL
    FROM be_long, paper_claims lo, paper_claims hi
   WHERE lo.claim = 'breakeven_low' AND hi.claim = 'breakeven_high';

INSERT INTO page
  SELECT 6, 0, 4, -1, 'caption', 'Break-even accelerator count per criterion, and the fitted models', NULL
  UNION ALL
  SELECT 6, 0, 4, 0, 'th', json_array('workload', 'curve', 'sizes', 'efficacy', 'marginal',
         'knee', 'efficiency', 'Amdahl serial fraction', 'Amdahl R2', 'comm: c',
         'comm: fastest n', 'comm R2'), NULL
  UNION ALL
  SELECT 6, 0, 4, row_number() OVER (ORDER BY f.ord, b.curve <> 'all systems', b.curve), 'tr',
         json_array(f.name, b.curve, b.sizes, b.efficacy, b.marginal, b.knee, b.efficiency,
                    CASE WHEN b.amdahl IS NOT NULL
                         THEN printf('%.4f', json_extract(b.amdahl, '$.serial_fraction')) END,
                    CASE WHEN b.amdahl IS NOT NULL
                         THEN printf('%.3f', json_extract(b.amdahl, '$.r2')) END,
                    CASE WHEN b.comm IS NOT NULL
                         THEN printf('%.4g', json_extract(b.comm, '$.c')) END,
                    CASE WHEN json_extract(b.comm, '$.n_fastest') IS NOT NULL
                         THEN printf('%.0f', json_extract(b.comm, '$.n_fastest')) END,
                    CASE WHEN b.comm IS NOT NULL
                         THEN printf('%.3f', json_extract(b.comm, '$.r2')) END),
         CASE WHEN b.curve = 'all systems' THEN 'ref' END
    FROM be b JOIN focus f USING (benchmark);

INSERT INTO page
  SELECT 6, f.ord, 1, 0, 'figure',
         svg_plot(s.acc_minutes, s.minutes,
                  CASE WHEN p.on_frontier THEN 'Pareto frontier' ELSE 'dominated' END,
                  json_object('title', f.name || ': time against accelerator-minutes',
                              'x_label', 'accelerator-minutes (log10)', 'x_scale', 'log10',
                              'y_label', 'minutes to train (log10)', 'y_scale', 'log10',
                              'width', 860, 'height', 420)),
         f.name || printf(': %d of %d systems are on the Pareto frontier (no other system '
         || 'is both cheaper or as cheap in accelerator-minutes and faster): %s.',
           sum(p.on_frontier), count(*),
           (SELECT group_concat(accelerators || ' x ' || family, ', ') FROM
              (SELECT x.accelerators, x.family FROM sys x JOIN pareto q ON q.id = x.rowid
                WHERE x.benchmark = f.benchmark AND q.on_frontier ORDER BY x.accelerators)))
    FROM focus f
    JOIN (SELECT rowid AS id, * FROM sys ORDER BY acc_minutes) s USING (benchmark)
    JOIN pareto p ON p.id = s.id
   GROUP BY f.benchmark;
