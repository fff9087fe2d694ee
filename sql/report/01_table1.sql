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
INSERT INTO page
  SELECT 1, 0, 10, 1, 'p', printf('The paper prints minutes with 2 decimals: %d of its %d '
         || 'reference times are the official score truncated (not rounded) to 2 decimals, '
         || '%d rounded, %d neither.', sum(paper_agrees = 'truncated'
           AND printf('%.2f', ref_minutes) <> printf('%.2f', paper_minutes)),
         count(*), sum(paper_agrees = 'rounded'), sum(paper_agrees IS NULL)), NULL
    FROM t1 WHERE paper_minutes IS NOT NULL
  HAVING count(*) > 0;

-- (a) System counts: the counts a reader could have made, per workload.
CREATE TEMP VIEW q_counts AS
SELECT benchmark,
       count(*) AS scored_pairs,
       count(DISTINCT system) AS distinct_system_names,
       count(DISTINCT submitter) AS submitters,
       count(DISTINCT accelerators || ' x ' || model) AS distinct_configurations,
       (SELECT count(*) FROM round_runs r
         WHERE r.benchmark = s.benchmark
           AND NOT EXISTS (SELECT 1 FROM sys x WHERE x.benchmark = r.benchmark
                            AND x.submitter = r.submitter AND x.system = r.system)) AS runs_of_unscored_pairs
  FROM sys s GROUP BY benchmark;

INSERT INTO page
  SELECT 1, 0, 11, 0, 'p', printf('%s: %d scored systems where the paper counts %d. '
         || 'No count of the data gives %d: the query below shows the scored pairs, the '
         || 'distinct system names, the distinct (accelerators x model) configurations '
         || 'and whether any pair lost its score (runs of unscored pairs); the data '
         || 'cannot tell which system the paper left out.',
         t.name, t.systems, t.paper_systems, t.paper_systems), NULL
    FROM t1 t
   WHERE t.paper_systems IS NOT NULL AND t.systems > t.paper_systems
     AND NOT EXISTS (SELECT 1 FROM known_gaps g JOIN report_config c USING (round)
                      WHERE g.benchmark = t.benchmark)
  UNION ALL
  SELECT 1, 0, 12, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_counts'), NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 13, 0, 'th', json_array('benchmark', 'scored pairs', 'distinct system names',
         'submitters', 'distinct configurations', 'runs of unscored pairs'), NULL
    FROM t1_tables WHERE paper
  UNION ALL
  SELECT 1, 0, 13, row_number() OVER (ORDER BY benchmark), 'tr',
         json_array(benchmark, scored_pairs, distinct_system_names, submitters,
                    distinct_configurations, runs_of_unscored_pairs), NULL
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

INSERT INTO page
  SELECT 1, 0, 20, 0, 'p', printf('%s: the public round holds %d systems, the %d scored here '
         || 'plus %d pair(s) whose logs our copy lacks (%s %s: %s); its system description '
         || 'is present, its run logs are not. The paper counts %d, so %s.',
         t.name, t.systems + g.n, t.systems, g.n, g.submitter, g.system, g.why,
         t.paper_systems,
         CASE WHEN t.paper_systems < t.systems + g.n
              THEN printf('it is %d short of the public round', t.systems + g.n - t.paper_systems)
              ELSE 'it agrees with the public round' END), NULL
    FROM t1 t
    JOIN (SELECT benchmark, count(*) AS n, min(submitter) AS submitter, min(system) AS system,
                 min(why) AS why
            FROM q_gaps GROUP BY benchmark) g USING (benchmark)
   WHERE t.paper_systems IS NOT NULL
  UNION ALL
  SELECT 1, 0, 21, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_gaps'), NULL
   WHERE EXISTS (SELECT 1 FROM q_gaps)
  UNION ALL
  SELECT 1, 0, 22, 0, 'th', json_array('submitter', 'system', 'benchmark',
         'systems file present', 'run logs present'), NULL
   WHERE EXISTS (SELECT 1 FROM q_gaps)
  UNION ALL
  SELECT 1, 0, 22, row_number() OVER (), 'tr',
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
  SELECT 1, 0, 23, 0, 'p', printf('The round has %d system descriptions and %d systems with '
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
  SELECT 1, 0, 24, 0, 'pre', (SELECT sql FROM sqlite_temp_master WHERE name = 'q_described_only'),
         NULL
   WHERE EXISTS (SELECT 1 FROM q_described_only)
  UNION ALL
  SELECT 1, 0, 25, 0, 'th', json_array('submitter', 'system', 'accelerators', 'availability',
         'why no run'), NULL
   WHERE EXISTS (SELECT 1 FROM q_described_only)
  UNION ALL
  SELECT 1, 0, 25, row_number() OVER (), 'tr',
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
