-- sql/report/01_table1.sql: section 1, the paper's Table 1 reproduced.
-- Answers: per workload, how many systems are scored, which is the
-- reference (fewest accelerators, slowest among them), and do its
-- accelerators and minutes agree with the paper? Where they do not, the
-- query that shows why is printed on the page with its result.

-- Per workload of the round: our count and reference beside the paper's.
CREATE TEMP TABLE t1 AS
  SELECT s.benchmark, coalesce(n.name, s.benchmark) AS name,
         count(*) AS systems, s2.ref_system, s2.ref_submitter,
         s2.ref_accelerators, s2.ref_minutes,
         p.systems AS paper_systems, p.ref_accelerators AS paper_accelerators,
         p.ref_minutes AS paper_minutes, p.ord AS paper_ord,
         -- the paper prints 2 decimals; does the official score give them,
         -- rounded or truncated?
         CASE WHEN p.ref_minutes IS NULL THEN NULL
              WHEN printf('%.2f', s2.ref_minutes) = printf('%.2f', p.ref_minutes) THEN 'rounded'
              WHEN printf('%.2f', floor(s2.ref_minutes * 100) / 100)
                   = printf('%.2f', p.ref_minutes) THEN 'truncated'
         END AS paper_agrees
    FROM sys s
    JOIN (SELECT DISTINCT benchmark, ref_system, ref_submitter, ref_accelerators,
                 ref_minutes FROM sys) s2 USING (benchmark)
    LEFT JOIN workload_names n USING (benchmark)
    JOIN report_config c
    LEFT JOIN paper_table1 p ON p.benchmark = s.benchmark AND c.paper
   GROUP BY s.benchmark;

-- Which of the section's tables have rows: Table 1 (the paper's workloads,
-- in the paper's round) and the table of the round's other workloads.
CREATE TEMP TABLE t1_tables AS
  SELECT EXISTS (SELECT 1 FROM t1 WHERE paper_systems IS NOT NULL) AS paper,
         EXISTS (SELECT 1 FROM t1 WHERE paper_systems IS NULL) AS other;

INSERT INTO page
  SELECT 1, 0, 1, 0, 'h2', CASE WHEN paper THEN '1. Table 1 reproduced'
                                ELSE '1. Systems per workload and the reference system' END,
         'table1'
    FROM t1_tables;
INSERT INTO page VALUES
  (1, 0, 2, 0, 'p', 'The paper picks, per workload, the system with the fewest '
     || 'accelerators and, among those, the longest time to train as the reference. '
     || 'Our minutes are the official MLPerf score of each (system, workload) pair: the '
     || 'olympic mean of its runs (fastest and slowest dropped) times the review''s '
     || 'scaling factor, as MLCommons'' result summarizer computes it. Rows where a '
     || 'value differs from the paper are marked.', NULL);

INSERT INTO page
  SELECT 1, 0, 3, -1, 'caption', 'Table 1: systems per workload and the reference system', NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 3, 0, 'th', json_array('workload', 'systems', 'paper', 'reference system',
         'submitter', 'accelerators', 'paper', 'minutes (official)', 'paper', 'difference'), NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 3, row_number() OVER (ORDER BY paper_ord), 'tr',
         json_array(name, systems, paper_systems, ref_system, ref_submitter,
                    ref_accelerators, paper_accelerators, printf('%.3f', ref_minutes),
                    printf('%.2f', paper_minutes), difference),
         -- marked exactly when the difference cell says something
         CASE WHEN difference <> '' THEN 'hl' END
    FROM (SELECT t1.*,
                 rtrim(CASE WHEN systems <> paper_systems
                            THEN printf('systems %+d; ', systems - paper_systems) ELSE '' END
                    || CASE WHEN ref_accelerators <> paper_accelerators
                            THEN 'accelerators; ' ELSE '' END
                    || CASE WHEN paper_agrees IS NULL
                            THEN printf('minutes %+.3f', ref_minutes - paper_minutes)
                            WHEN paper_agrees = 'truncated'
                            THEN 'minutes: the paper truncates' ELSE '' END,
                       '; ') AS difference
            FROM t1)
   WHERE paper_systems IS NOT NULL;

INSERT INTO page
  SELECT 1, 0, 4, -1, 'caption', CASE WHEN paper
                                   THEN 'The round''s other workloads (same rule for the reference)'
                                   ELSE 'Every workload of the round' END, NULL
    FROM t1_tables WHERE other
  UNION ALL
  SELECT 1, 0, 4, 0, 'th', json_array('workload', 'systems', 'reference system', 'submitter',
         'accelerators', 'minutes (official)', 'largest system (accelerators)',
         'fastest (minutes)'), NULL
    FROM t1_tables WHERE other
  UNION ALL
  SELECT 1, 0, 4, row_number() OVER (ORDER BY name), 'tr',
         json_array(name, systems, ref_system, ref_submitter, ref_accelerators,
                    printf('%.3f', ref_minutes),
                    (SELECT max(accelerators) FROM sys s WHERE s.benchmark = t1.benchmark),
                    printf('%.3f', (SELECT min(minutes) FROM sys s WHERE s.benchmark = t1.benchmark))),
         NULL
    FROM t1 WHERE paper_systems IS NULL;

------------------------------------------------------------------------
-- The differences, each with the query that shows it.
------------------------------------------------------------------------
INSERT INTO page SELECT 1, 0, 10, 0, 'h3', 'Where the numbers differ, and why', NULL
  FROM t1_tables WHERE paper;
-- Rounding or truncation can only be told apart where the two give
-- different 2-decimal values; elsewhere a match says nothing about which
-- the paper did.
CREATE TEMP VIEW q_rounding AS
SELECT name, printf('%.3f', ref_minutes) AS official, printf('%.2f', paper_minutes) AS paper,
       printf('%.2f', ref_minutes) AS rounded,
       printf('%.2f', floor(ref_minutes * 100) / 100) AS truncated,
       printf('%.2f', ref_minutes) <> printf('%.2f', floor(ref_minutes * 100) / 100) AS tells_apart,
       paper_agrees
  FROM t1 WHERE paper_minutes IS NOT NULL;

INSERT INTO page
  SELECT 1, 0, 10, 1, 'p', printf('The paper prints minutes with 2 decimals. Rounding and '
         || 'truncating the official score to 2 decimals give different values for %d of its %d '
         || 'reference times (%s); the paper''s value is the truncated one in %d of these %d and '
         || 'the rounded one in %d. ',
         sum(tells_apart), count(*),
         group_concat(CASE WHEN tells_apart THEN printf('%s %s: rounded %s, truncated %s, paper %s',
                                                         name, official, rounded, truncated, paper)
                      END, '; '),
         sum(tells_apart AND paper_agrees = 'truncated'), sum(tells_apart),
         sum(tells_apart AND paper_agrees = 'rounded'))
         || coalesce(printf('In %d (%s) both give the paper''s value, which tells nothing. ',
                            nullif(sum(NOT tells_apart AND paper_agrees IS NOT NULL), 0),
                            group_concat(CASE WHEN NOT tells_apart AND paper_agrees IS NOT NULL
                                              THEN printf('%s %s', name, official) END, '; ')), '')
         || coalesce(printf('In %d (%s) neither does: a difference of the time, not of its '
                            || 'printing.', nullif(sum(paper_agrees IS NULL), 0),
                            group_concat(CASE WHEN paper_agrees IS NULL
                                              THEN printf('%s %s, paper %s', name, official, paper)
                                         END, '; ')), ''), NULL
    FROM q_rounding
  HAVING count(*) > 0;

-- (a) System counts: the counts a reader could have made, per workload.
-- A hardware configuration is a submitter's accelerator count and model
-- and host processor (the systems file's host_processor_model_name): two
-- system names of one configuration are one machine to a reader who
-- counts machines.
CREATE TEMP VIEW t1_config AS
SELECT s.round, s.submitter, s.system,
       s.submitter || ' | ' || z.accelerators || ' x ' || coalesce(s.accelerator_model_name, '')
         || ' | ' || coalesce(s.host_processor_model_name, '') AS cfg,
       z.accelerators
  FROM systems s JOIN system_sizes z USING (round, submitter, system);

CREATE TEMP VIEW q_counts AS
SELECT benchmark,
       count(*) AS scored_pairs,
       count(DISTINCT s.system) AS distinct_system_names,
       count(DISTINCT s.submitter) AS submitters,
       count(DISTINCT s.accelerators || ' x ' || model) AS distinct_configurations,
       count(DISTINCT c.cfg) AS hardware_configurations,
       (SELECT count(*) FROM round_runs r
         WHERE r.benchmark = s.benchmark
           AND NOT EXISTS (SELECT 1 FROM sys x WHERE x.benchmark = r.benchmark
                            AND x.submitter = r.submitter AND x.system = r.system)) AS runs_of_unscored_pairs
  FROM sys s JOIN report_config rc
  JOIN t1_config c ON c.round = rc.round AND c.submitter = s.submitter AND c.system = s.system
 GROUP BY benchmark;

-- Per workload, the hardware configurations that more than one scored
-- system name shares.
CREATE TEMP VIEW t1_shared_config AS
SELECT s.benchmark, c.cfg, count(*) AS names,
       group_concat(s.submitter || ' ' || s.system, ' and ') AS systems
  FROM sys s JOIN report_config rc
  JOIN t1_config c ON c.round = rc.round AND c.submitter = s.submitter AND c.system = s.system
 GROUP BY s.benchmark, c.cfg HAVING count(*) > 1;

INSERT INTO page
  SELECT 1, 0, 11, 0, 'p', printf('%s: %d scored systems where the paper counts %d. ',
         t.name, t.systems, t.paper_systems, t.paper_systems)
         || CASE WHEN q.hardware_configurations = t.paper_systems
                 THEN printf('Counted as hardware configurations (a submitter''s accelerator count '
                             || 'and model and host processor: a machine, whatever its name), the '
                             || 'data give %d: %s. The data cannot show that this is how the paper '
                             || 'counted (the table below has the other counts).',
                             q.hardware_configurations,
                             (SELECT group_concat(systems || ' are one configuration', '; ')
                                FROM t1_shared_config x WHERE x.benchmark = t.benchmark))
                 ELSE printf('No count below gives %d; the data cannot tell which system the '
                             || 'paper left out.', t.paper_systems) END, NULL
    FROM t1 t JOIN q_counts q USING (benchmark)
   WHERE t.paper_systems IS NOT NULL AND t.systems > t.paper_systems
     AND NOT EXISTS (SELECT 1 FROM known_gaps g JOIN report_config c USING (round)
                      WHERE g.benchmark = t.benchmark)
  UNION ALL
  SELECT 1, 0, 12, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_counts'), NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 13, 0, 'th', json_array('benchmark', 'scored pairs', 'distinct system names',
         'submitters', 'distinct configurations (accelerators x model)',
         'hardware configurations (submitter, accelerators x model, host processor)',
         'runs of unscored pairs'), NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 13, row_number() OVER (ORDER BY benchmark), 'tr',
         json_array(benchmark, scored_pairs, distinct_system_names, submitters,
                    distinct_configurations, hardware_configurations, runs_of_unscored_pairs), NULL
    FROM q_counts, t1_tables WHERE paper;

-- (b) Pairs of the public round missing from our copy: systems files
-- without runs for the workload named in known_gaps.
CREATE TEMP VIEW q_gaps AS
SELECT g.submitter, g.system, g.benchmark,
       (SELECT count(*) FROM systems s WHERE s.round = g.round
           AND s.submitter = g.submitter AND s.system = g.system) AS systems_file_present,
       (SELECT count(*) FROM runs r WHERE r.round = g.round AND r.submitter = g.submitter
           AND r.system = g.system AND r.benchmark = g.benchmark) AS run_logs_present,
       g.why
  FROM known_gaps g JOIN report_config c ON c.round = g.round;

-- (b) Every result folder of the public round for the paper's workloads:
-- the scored pairs, the duplicates (a pair whose runs repeat another's
-- run for run: one measurement shown twice) and the known gaps (logs
-- missing from our copy), each with its hardware configuration.
CREATE TEMP VIEW t1_folders AS
SELECT s.benchmark, 'scored' AS kind, s.submitter, s.system, s.accelerators, c.cfg,
       NULL AS duplicate_of
  FROM sys s JOIN report_config rc
  JOIN t1_config c ON c.round = rc.round AND c.submitter = s.submitter AND c.system = s.system
UNION ALL
SELECT d.benchmark, 'duplicate', d.submitter, d.system, c.accelerators, c.cfg, d.duplicate_of
  FROM duplicates d JOIN report_config rc ON rc.round = d.round
  LEFT JOIN t1_config c ON c.round = d.round AND c.submitter = d.submitter AND c.system = d.system
UNION ALL
SELECT g.benchmark, 'gap', g.submitter, g.system, c.accelerators, c.cfg, NULL
  FROM known_gaps g JOIN report_config rc ON rc.round = g.round
  LEFT JOIN t1_config c ON c.round = g.round AND c.submitter = g.submitter AND c.system = g.system;

-- Four ways to count the systems of a workload, and the paper's count:
-- result folders of our copy (scored pairs and duplicates), of the public
-- round (and the known gaps), hardware configurations of each.
CREATE TEMP VIEW q_count_rules AS
WITH f AS (SELECT f.* FROM t1_folders f JOIN paper_table1 p USING (benchmark)),
r(ord, rule, benchmark, n) AS (
  SELECT 1, 'result folders of our copy (duplicates kept)', benchmark,
         sum(kind IN ('scored', 'duplicate')) FROM f GROUP BY benchmark
  UNION ALL
  SELECT 2, 'result folders of the public round (our copy and the known gaps)', benchmark,
         count(*) FROM f GROUP BY benchmark
  UNION ALL
  SELECT 3, 'hardware configurations of our copy', benchmark,
         count(DISTINCT CASE WHEN kind IN ('scored', 'duplicate') THEN cfg END)
    FROM f GROUP BY benchmark
  UNION ALL
  SELECT 4, 'hardware configurations of the public round', benchmark, count(DISTINCT cfg)
    FROM f GROUP BY benchmark)
SELECT r.ord, r.rule, r.benchmark, p.ord AS paper_ord, r.n, p.systems AS paper,
       sum(r.n = p.systems) OVER (PARTITION BY r.ord) AS matches,
       count(*) OVER (PARTITION BY r.ord) AS workloads
  FROM r JOIN paper_table1 p USING (benchmark);

-- The candidates: per paper workload whose count differs from ours, every
-- folder of the public round not scored here, with what speaks for each:
-- what it is, its runs in our copy, whether its runs carry energy (power
-- logs), and whether it is a hardware configuration of its own (one no
-- scored pair of the workload has).
CREATE TEMP VIEW q_candidates AS
SELECT f.benchmark, f.kind, f.submitter, f.system, f.accelerators,
       CASE f.kind WHEN 'duplicate' THEN 'repeats ' || f.duplicate_of || ' run for run'
                   ELSE 'a known gap: ' || (SELECT g.why FROM q_gaps g WHERE g.submitter = f.submitter
                                              AND g.system = f.system AND g.benchmark = f.benchmark)
       END AS what,
       (SELECT count(*) FROM round_runs r WHERE r.submitter = f.submitter AND r.system = f.system
           AND r.benchmark = f.benchmark) AS runs_here,
       (SELECT count(r.energy_j) FROM round_runs r WHERE r.submitter = f.submitter
           AND r.system = f.system AND r.benchmark = f.benchmark) AS runs_with_energy,
       (SELECT count(r.energy_j) FROM round_runs r WHERE f.duplicate_of IS NOT NULL
           AND r.submitter || '/' || r.system = f.duplicate_of
           AND r.benchmark = f.benchmark) AS original_runs_with_energy,
       NOT EXISTS (SELECT 1 FROM t1_folders x WHERE x.benchmark = f.benchmark
                      AND x.kind = 'scored' AND x.cfg IS f.cfg) AS own_configuration
  FROM t1_folders f JOIN t1 t USING (benchmark)
 WHERE f.kind <> 'scored' AND t.paper_systems IS NOT NULL AND t.paper_systems <> t.systems;

INSERT INTO page
  SELECT 1, 0, 20, 0, 'p', printf('%s: the paper counts %d systems, %d more than the %d scored '
         || 'here. The public round has %d more result folder(s) for it, and %d of them would make the '
         || 'paper''s count: %s. ',
         t.name, t.paper_systems, t.paper_systems - t.systems, t.systems, c.n,
         t.paper_systems - t.systems,
         group_concat(printf('%s %s (%d accelerators; %s%s)', c.submitter, c.system,
                             c.accelerators, c.what,
                             CASE WHEN c.kind = 'duplicate'
                                  THEN printf(', the %d runs of our copy; %d of them carry energy, '
                                              || '%d of the original''s: a power-measurement copy '
                                              || 'of one measurement', c.runs_here,
                                              c.runs_with_energy, c.original_runs_with_energy)
                                  ELSE printf('; %d runs in our copy', c.runs_here) END),
                      '; '))
         || printf('Which the paper counted its text does not say. Counted as result folders of '
                   || 'our copy, the data give the paper''s count in %d of its %d workloads and '
                   || 'take %s as the extra one; counted as hardware configurations of the public '
                   || 'round (submitter, accelerator count and model, host processor), in %d of %d, '
                   || 'taking %s. ', r1.matches, r1.workloads,
                   coalesce((SELECT group_concat(submitter || ' ' || system, ' and ')
                               FROM q_candidates x WHERE x.benchmark = t.benchmark
                                AND x.kind = 'duplicate'), 'none'),
                   r4.matches, r4.workloads,
                   coalesce((SELECT group_concat(submitter || ' ' || system, ' and ')
                               FROM q_candidates x WHERE x.benchmark = t.benchmark
                                AND x.own_configuration), 'none'))
         || CASE WHEN r4.matches > r1.matches
                 THEN printf('So %s is the more likely: the count that takes it reproduces every '
                             || 'count of the paper''s Table 1, the one that takes the copy misses '
                             || '%s. It is a count that fits, not the paper''s stated method: '
                             || 'counted the same way, %d configurations are in all 4 workloads '
                             || 'where the paper says %d machines.',
                             (SELECT group_concat(submitter || ' ' || system, ' and ')
                                FROM q_candidates x WHERE x.benchmark = t.benchmark
                                 AND x.own_configuration),
                             (SELECT group_concat(printf('%s (%d, paper %d)', coalesce(n2.name, q.benchmark),
                                                         q.n, q.paper), ', ')
                                FROM q_count_rules q LEFT JOIN workload_names n2 USING (benchmark)
                               WHERE q.ord = 1 AND q.n <> q.paper),
                             (SELECT count(*) FROM (SELECT cfg FROM t1_folders f
                                                     JOIN paper_table1 USING (benchmark)
                                                    WHERE f.kind = 'scored' GROUP BY cfg
                                                   HAVING count(DISTINCT f.benchmark) = 4)),
                             (SELECT value FROM paper_claims WHERE claim = 'machines_in_all_4'))
                 WHEN r1.matches > r4.matches
                 THEN 'So the copy is the more likely: the count that takes it fits more of the '
                      || 'paper''s Table 1.'
                 ELSE 'The two counts fit the paper''s Table 1 equally well: the data cannot tell '
                      || 'which the paper counted.' END, NULL
    FROM t1 t
    JOIN (SELECT q.*, count(*) OVER (PARTITION BY benchmark) AS n FROM q_candidates q) c
      USING (benchmark)
    JOIN (SELECT DISTINCT matches, workloads FROM q_count_rules WHERE ord = 1) r1
    JOIN (SELECT DISTINCT matches, workloads FROM q_count_rules WHERE ord = 4) r4
   GROUP BY t.benchmark
  UNION ALL
  SELECT 1, 0, 21, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_candidates'), NULL
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 22, 0, 'th', json_array('benchmark', 'candidate', 'accelerators', 'what it is',
         'runs in our copy', 'runs with energy', 'a configuration of its own'), NULL
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 22, row_number() OVER (ORDER BY benchmark, kind, submitter, system), 'tr',
         json_array(benchmark, submitter || ' ' || system, accelerators, what, runs_here,
                    runs_with_energy, CASE WHEN own_configuration THEN 'yes' ELSE 'no' END), NULL
    FROM q_candidates
  UNION ALL
  SELECT 1, 0, 23, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_count_rules'), NULL
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 24, 0, 'th',
         (SELECT json_group_array(v) FROM (
            SELECT 0 AS o, 'count' AS v
            UNION ALL SELECT paper_ord, coalesce(n.name, q.benchmark)
              FROM (SELECT DISTINCT benchmark, paper_ord FROM q_count_rules) q
              LEFT JOIN workload_names n USING (benchmark)
            UNION ALL SELECT 1000, 'gives the paper''s count in' ORDER BY o)), NULL
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 24, r.ord, 'tr',
         (SELECT json_group_array(v) FROM (
            SELECT 0 AS o, r.rule AS v
            UNION ALL SELECT q.paper_ord, q.n FROM q_count_rules q WHERE q.ord = r.ord
            UNION ALL SELECT 1000, printf('%d of %d', r.matches, r.workloads) ORDER BY o)),
         CASE WHEN r.matches = r.workloads THEN 'hl' END
    FROM (SELECT DISTINCT ord, rule, matches, workloads FROM q_count_rules) r
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 24, 99, 'tr',
         (SELECT json_group_array(v) FROM (
            SELECT 0 AS o, 'the paper''s Table 1' AS v
            UNION ALL SELECT ord, systems FROM paper_table1
            UNION ALL SELECT 1000, '' ORDER BY o)), NULL
   WHERE EXISTS (SELECT 1 FROM q_candidates)
  UNION ALL
  SELECT 1, 0, 25, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_gaps'), NULL
   WHERE EXISTS (SELECT 1 FROM q_gaps)
  UNION ALL
  SELECT 1, 0, 26, 0, 'th', json_array('submitter', 'system', 'benchmark',
         'systems file present', 'run logs present'), NULL
   WHERE EXISTS (SELECT 1 FROM q_gaps)
  UNION ALL
  SELECT 1, 0, 26, row_number() OVER (), 'tr',
         json_array(submitter, system, benchmark, systems_file_present, run_logs_present), NULL
    FROM q_gaps;

-- (b') System descriptions of the round that no run log names (the model's
-- described_only): why the page counts more descriptions than systems
-- with results. A known gap (above) is one; the others the round itself
-- published without results.
CREATE TEMP VIEW q_described_only AS
SELECT d.submitter, d.system, d.accelerators, d.availability, d.why
  FROM described_only d JOIN report_config c ON c.round = d.round
 ORDER BY d.why, d.submitter, d.accelerators, d.system;

INSERT INTO page
  SELECT 1, 0, 27, 0, 'p', printf('The round has %d system descriptions and %d systems with '
         || 'run logs. The %d without a run: ', (SELECT count(*) FROM round_systems),
         (SELECT count(*) FROM (SELECT DISTINCT submitter, system FROM round_runs)), count(*))
         || substr(CASE WHEN sum(why <> 'no results in the round') > 0
                        THEN printf('; %d known gap(s) above, whose logs the public round has '
                                    || 'and our copy not (%s)',
                                    sum(why <> 'no results in the round'),
                                    group_concat(CASE WHEN why <> 'no results in the round'
                                                      THEN printf('%s %s, %d accelerators',
                                                                  submitter, system, accelerators)
                                                 END, '; ')) ELSE '' END
                || CASE WHEN sum(why = 'no results in the round') > 0
                        THEN printf('; %d described in the round, which publishes no results '
                                    || 'for them (%s)', sum(why = 'no results in the round'),
                                    group_concat(CASE WHEN why = 'no results in the round'
                                                      THEN printf('%s %s, %d accelerators',
                                                                  submitter, system, accelerators)
                                                 END, '; ')) ELSE '' END, 3) || '.', NULL
    FROM q_described_only
  HAVING count(*) > 0
  UNION ALL
  SELECT 1, 0, 28, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_described_only'),
         NULL
   WHERE EXISTS (SELECT 1 FROM q_described_only)
  UNION ALL
  SELECT 1, 0, 29, 0, 'th', json_array('submitter', 'system', 'accelerators', 'availability',
         'why no run'), NULL
   WHERE EXISTS (SELECT 1 FROM q_described_only)
  UNION ALL
  SELECT 1, 0, 29, row_number() OVER (), 'tr',
         json_array(submitter, system, accelerators, availability, why), NULL
    FROM q_described_only;

-- (c) A reference time that differs: every usual aggregation of the
-- reference's runs, and whether any of them rounds to the paper's value.
-- The runs of each such reference, ranked (i of n), and their median
-- (00_base.sql).
CREATE TEMP VIEW ref_runs AS
  SELECT t.benchmark, t.paper_minutes, runs.minutes, runs.converged,
         runs.max_dropped, runs.scaling_factor AS f,
         row_number() OVER (PARTITION BY t.benchmark ORDER BY runs.minutes) AS i,
         count(*) OVER (PARTITION BY t.benchmark) AS n
    FROM t1 t JOIN round_runs runs ON runs.submitter = t.ref_submitter
     AND runs.system = t.ref_system AND runs.benchmark = t.benchmark
   WHERE t.paper_minutes IS NOT NULL AND t.paper_agrees IS NULL;
INSERT INTO median_input SELECT 'runs of the reference of ' || benchmark, minutes FROM ref_runs;

CREATE TEMP VIEW q_ref_runs AS
WITH r AS (SELECT * FROM ref_runs),
agg(benchmark, paper_minutes, aggregation, minutes) AS (
  SELECT benchmark, paper_minutes, 'official: olympic mean x scaling factor',
         mlperf_score(minutes, converged, max_dropped) * max(f) FROM r GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'mean of all runs', avg(minutes)
    FROM r GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'median', median
    FROM (SELECT DISTINCT benchmark, paper_minutes FROM r)
    JOIN median ON grp = 'runs of the reference of ' || benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'fastest run', min(minutes) FROM r GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'slowest run', max(minutes) FROM r GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'mean without the slowest', avg(minutes)
    FROM r WHERE i < n GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'mean without the fastest', avg(minutes)
    FROM r WHERE i > 1 GROUP BY benchmark
  UNION ALL SELECT benchmark, paper_minutes, 'mean without 2 fastest and 2 slowest', avg(minutes)
    FROM r WHERE i > 2 AND i < n - 1 GROUP BY benchmark)
SELECT benchmark, aggregation, minutes,
       printf('%.2f', minutes) = printf('%.2f', paper_minutes)
       OR printf('%.2f', floor(minutes * 100) / 100) = printf('%.2f', paper_minutes) AS matches_paper
  FROM agg;

INSERT INTO page
  SELECT 1, 0, 30, 0, 'p', printf('%s: the paper''s reference time %.2f min matches no '
         || 'aggregation of the reference''s runs below (%d of %d give it, rounded or truncated to 2 decimals); the official '
         || 'score of %s %s is %.3f min.',
         t.name, t.paper_minutes,
         (SELECT sum(matches_paper) FROM q_ref_runs q WHERE q.benchmark = t.benchmark),
         (SELECT count(*) FROM q_ref_runs q WHERE q.benchmark = t.benchmark),
         t.ref_submitter, t.ref_system, t.ref_minutes), NULL
    FROM t1 t WHERE t.paper_minutes IS NOT NULL AND t.paper_agrees IS NULL
  UNION ALL
  SELECT 1, 0, 31, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_ref_runs'), NULL
   WHERE EXISTS (SELECT 1 FROM q_ref_runs)
  UNION ALL
  SELECT 1, 0, 32, 0, 'th', json_array('benchmark', 'aggregation of the runs', 'minutes',
         'gives the paper''s value'), NULL
   WHERE EXISTS (SELECT 1 FROM q_ref_runs)
  UNION ALL
  SELECT 1, 0, 32, row_number() OVER (ORDER BY benchmark, minutes), 'tr',
         json_array(benchmark, aggregation, printf('%.3f', minutes),
                    CASE matches_paper WHEN 1 THEN 'yes' ELSE 'no' END), NULL
    FROM q_ref_runs;

-- (d) Machines present in all four of the paper's workloads, counted by
-- system name (the folder) and by (submitter, system name).
CREATE TEMP VIEW q_all_four AS
SELECT 'system name' AS counted_by, count(*) AS machines FROM (
  SELECT system FROM sys WHERE benchmark IN (SELECT benchmark FROM paper_table1)
   GROUP BY system HAVING count(DISTINCT benchmark) = 4)
UNION ALL
SELECT 'submitter and system name', count(*) FROM (
  SELECT submitter, system FROM sys WHERE benchmark IN (SELECT benchmark FROM paper_table1)
   GROUP BY submitter, system HAVING count(DISTINCT benchmark) = 4)
UNION ALL
SELECT 'accelerator configuration (count x model)', count(*) FROM (
  SELECT accelerators, model FROM sys WHERE benchmark IN (SELECT benchmark FROM paper_table1)
   GROUP BY accelerators, model HAVING count(DISTINCT benchmark) = 4);

INSERT INTO page
  SELECT 1, 0, 40, 0, 'p', printf('The paper says %d machines appear in all 4 workloads; '
         || 'by system name the data has %d, by submitter and name %d, by accelerator '
         || 'configuration %d.', c.value,
         (SELECT machines FROM q_all_four WHERE counted_by = 'system name'),
         (SELECT machines FROM q_all_four WHERE counted_by = 'submitter and system name'),
         (SELECT machines FROM q_all_four WHERE counted_by LIKE 'accelerator%')), NULL
    FROM paper_claims c JOIN report_config r ON r.paper
   WHERE c.claim = 'machines_in_all_4'
  UNION ALL
  SELECT 1, 0, 41, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_all_four'), NULL
    FROM report_config WHERE paper
  UNION ALL
  SELECT 1, 0, 42, 0, 'th', json_array('counted by', 'machines in all 4 workloads'), NULL
    FROM report_config WHERE paper
  UNION ALL
  SELECT 1, 0, 42, row_number() OVER (), 'tr', json_array(counted_by, machines), NULL
    FROM q_all_four, report_config WHERE paper;
