-- sql/report/05_homogeneous.sql: section 5, homogeneous scaling (review
-- point 2: E' against one reference mixes accelerator generations).
-- Answers: for one accelerator family at a time (model spellings merged by
-- accelerator_family, 00_base.sql), how does E' fall with scale, relative
-- to the family's own smallest configuration?

-- The scaling curve of each (workload, family) of the round with at least
-- 3 sizes (homogeneous_scaling, sql/model.sql: closed division, per size
-- the fastest system, E' against the family's smallest size).
CREATE TEMP TABLE curve AS
  SELECT benchmark, family, n, t, systems, n0, t0, e_prime AS e_prime_h, speedup AS speedup_h
    FROM homogeneous_scaling JOIN report_config USING (round)
   WHERE benchmark IN (SELECT benchmark FROM focus) AND sizes >= 3
   ORDER BY benchmark, family, n;

INSERT INTO page VALUES
  (5, 0, 1, 0, 'h2', '5. Homogeneous scaling: one accelerator family at a time', 'homogeneous'),
  (5, 0, 2, 0, 'p', 'E'' against a single reference compares an H100 system with an RTX '
     || 'A5000 reference: it measures the generation as much as the scaling. Here each '
     || 'accelerator family (model names that differ only in spelling merged, see the '
     || 'mapping below) with at least 3 sizes in a workload is its own curve: per size '
     || 'the fastest system, E'' relative to the family''s smallest size.', NULL);

-- One row per curve: its sizes, E' at its largest size and its lowest E'.
CREATE TEMP TABLE curve_end AS
  SELECT benchmark, family, count(*) AS sizes, min(n) AS n_min, max(n) AS n_max,
         (SELECT e_prime_h FROM curve y WHERE y.benchmark = c.benchmark
             AND y.family = c.family ORDER BY n DESC LIMIT 1) AS e_last,
         min(e_prime_h) AS e_min
    FROM curve c GROUP BY benchmark, family;

-- The same curves with the 95% confidence interval of E' at each size
-- (the model's homogeneous_e_prime_ci: the runs of the fastest system at
-- that size and at the smallest): E' at the largest size, and whether E'
-- stays >= 0.5 all the way at the low ends of the intervals (surely) and at
-- the high ends (possibly). :round, not a join: see sys_ci in 00_base.sql.
CREATE TEMP TABLE curve_iv AS
  SELECT * FROM homogeneous_e_prime_ci
   WHERE round = :round AND benchmark IN (SELECT benchmark FROM focus) AND sizes >= 3;
CREATE TEMP TABLE curve_ci AS
  SELECT benchmark, family,
         max(low) FILTER (WHERE n = n_max) AS e_last_low,
         max(high) FILTER (WHERE n = n_max) AS e_last_high,
         min(low) AS e_min_low, min(high) AS e_min_high
    FROM curve_iv GROUP BY benchmark, family;

INSERT INTO median_input SELECT 'E'' at the largest size of each curve', e_last FROM curve_end;

-- Without a curve, min, max and median are NULL, which printf would print
-- as 0.000: the sentence says there is none instead.
INSERT INTO page
  SELECT 5, 0, 3, 0, 'p',
         CASE WHEN count(*) = 0
              THEN 'No accelerator family has 3 sizes in these workloads: no homogeneous curve.'
              ELSE printf('%d homogeneous curves in %d workloads. At the largest '
         || 'size of each curve, E'' ranges from %.3f to %.3f (median %.3f); %d of the '
         || '%d curves keep E'' >= 0.5 up to their largest size (from %d to %d at the ends of '
         || 'the 95%% confidence intervals of E'', simulated coverage 93-96%%, given the fastest '
         || 'system of each size: %s).',
         count(*), count(DISTINCT benchmark), min(e_last), max(e_last),
         (SELECT median FROM median WHERE grp = 'E'' at the largest size of each curve'),
         sum(e_min >= 0.5), count(*), sum(i.e_min_low >= 0.5), sum(i.e_min_high >= 0.5),
         CASE WHEN sum(i.e_min_low >= 0.5) = sum(i.e_min_high >= 0.5) THEN 'the count is robust'
              ELSE 'not robust' END) END, NULL
    FROM curve_end JOIN curve_ci i USING (benchmark, family);

INSERT INTO page
  SELECT 5, 0, 4, 0, 'th', json_array('workload', 'family', 'sizes', 'accelerators',
         'smallest: minutes', 'largest: minutes', 'speedup', 'E'' at largest',
         'E'' at largest, 95% CI', 'lowest E'''), NULL
  UNION ALL
  SELECT 5, 0, 4, row_number() OVER (ORDER BY f.ord, e.family), 'tr',
         json_array(f.name, e.family, e.sizes, e.n_min || ' - ' || e.n_max,
                    printf('%.3f', (SELECT t FROM curve c WHERE c.benchmark = e.benchmark
                                     AND c.family = e.family AND c.n = e.n_min)),
                    printf('%.3f', (SELECT t FROM curve c WHERE c.benchmark = e.benchmark
                                     AND c.family = e.family AND c.n = e.n_max)),
                    printf('%.1f', (SELECT speedup_h FROM curve c WHERE c.benchmark = e.benchmark
                                     AND c.family = e.family AND c.n = e.n_max)),
                    printf('%.3f', e.e_last),
                    CASE WHEN i.e_last_low IS NOT NULL
                         THEN printf('%.3f - %.3f', i.e_last_low, i.e_last_high) END,
                    printf('%.3f', e.e_min)), NULL
    FROM curve_end e JOIN focus f USING (benchmark) JOIN curve_ci i USING (benchmark, family);

-- The points reach svg_plot in the order of the subquery (family, then n)
-- because it is the only term of FROM: in a join the planner would choose
-- the order of the loops.
INSERT INTO page
  SELECT 5, 0, 5, ord, 'figure',
         svg_plot(n, e_prime_h, family,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', name || ': homogeneous E'' by accelerator family',
                              'x_label', 'accelerators (log2)', 'x_scale', 'log2',
                              'y_label', 'E'' relative to the family''s smallest size',
                              'kind', 'line', 'width', 860, 'height', 420,
                              -- one family still names its curve
                              'legend', json('true'),
                              'ref_lines', json_array(json_object('y', 1, 'label', 'linear'),
                                                      json_object('y', 0.5, 'label', 'E'' = 0.5')))),
         name || ': per family and size the fastest system; E'' = 1 is linear scaling '
         || 'from the family''s smallest size.'
    FROM (SELECT f.benchmark, f.ord, f.name, c.n, c.e_prime_h, c.family
            FROM focus f JOIN curve c USING (benchmark) ORDER BY f.benchmark, c.family, c.n)
   GROUP BY benchmark;

INSERT INTO page
  SELECT 5, 0, 6, -1, 'caption', 'The accelerator models of the round and their family', NULL
  UNION ALL
  SELECT 5, 0, 6, 0, 'th', json_array('accelerator model (as submitted)', 'family', 'generation',
         'scored pairs'), NULL
  UNION ALL
  SELECT 5, 0, 6, row_number() OVER (ORDER BY family, model), 'tr',
         json_array(model, family, generation, count(*)), NULL
    FROM sys GROUP BY model;
