-- sql/report/08_conclusions.sql: section 8, a short conclusion per
-- workload, every figure in it taken from the tables of sections 1-6.
INSERT INTO page VALUES (8, 0, 1, 0, 'h2', '8. Conclusions per workload', 'conclusions');

-- Per workload: its fastest system and its most frugal one (fewest
-- accelerator-minutes), as rows of sys.
CREATE TEMP TABLE conclusion_picks AS
  SELECT f.benchmark,
         (SELECT rowid FROM sys x WHERE x.benchmark = f.benchmark
           ORDER BY minutes, acc_minutes LIMIT 1) AS fastest,
         (SELECT rowid FROM sys x WHERE x.benchmark = f.benchmark
           ORDER BY acc_minutes, minutes LIMIT 1) AS frugal
    FROM focus f;

INSERT INTO page
  SELECT 8, f.ord, 0, 0, 'h3', f.name, NULL FROM focus f
  UNION ALL
  SELECT 8, f.ord, 1, 0, 'p',
         (SELECT printf('%d systems, %d to %d accelerators; ',
                        count(*), min(accelerators), max(accelerators))
            FROM sys s WHERE s.benchmark = f.benchmark)
         || printf('the fastest trains in %.3f min on %d accelerators (%s), ',
                   fast.minutes, fast.accelerators, fast.system)
         || printf('%.0f times faster than the reference with %.0f times the accelerators. ',
                   fast.speedup, fast.accelerators * 1.0 / fast.ref_accelerators)
         || 'Ranked by accelerator-minutes (which is the ranking by E'' for any reference) '
         || printf('the most frugal is %s (%d x %s, %.1f accelerator-minutes) ',
                   frug.system, frug.accelerators, frug.family, frug.acc_minutes)
         || printf('and the fastest uses %.1f times as many accelerator-minutes.',
                   fast.acc_minutes / frug.acc_minutes), NULL
    FROM focus f JOIN conclusion_picks c USING (benchmark)
    JOIN sys fast ON fast.rowid = c.fastest
    JOIN sys frug ON frug.rowid = c.frugal
  UNION ALL
  SELECT 8, f.ord, 2, 0, 'p',
         coalesce((SELECT printf('On its largest homogeneous curve (%s, %d to %d accelerators) '
                  || 'E'' falls to %.3f at the largest size; its break-even points: efficacy '
                  || '%s, marginal %s, knee %s, E'' >= 0.5 up to %s accelerators. ',
                  e.family, e.n_min, e.n_max, e.e_last,
                  coalesce(h.efficacy, 'undefined'), coalesce(h.marginal, 'undefined'),
                  coalesce(h.knee, 'undefined'), coalesce(h.efficiency, 'undefined'))
                  FROM curve_end e JOIN be h ON h.benchmark = e.benchmark AND h.curve = e.family
                  WHERE e.benchmark = f.benchmark
                  ORDER BY e.sizes DESC, e.n_max DESC LIMIT 1),
                  'No accelerator family has 3 sizes, so no homogeneous curve. ')
         || printf('Over all systems, a curve that mixes accelerator generations: efficacy '
                  || '(max speedup x E'') at %s, marginal at %s, knee at %s, E'' >= 0.5 up to %s '
                  || 'accelerators; %d of the %d systems are Pareto-optimal in time against '
                  || 'accelerator-minutes.',
                  coalesce(b.efficacy, 'undefined'), coalesce(b.marginal, 'undefined'),
                  coalesce(b.knee, 'undefined'), coalesce(b.efficiency, 'undefined'),
                  (SELECT sum(on_frontier) FROM pareto p WHERE p.benchmark = f.benchmark),
                  (SELECT count(*) FROM pareto p WHERE p.benchmark = f.benchmark)), NULL
    FROM focus f JOIN be b ON b.benchmark = f.benchmark AND b.curve = 'all systems';
