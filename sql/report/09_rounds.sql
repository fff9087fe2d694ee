-- sql/report/09_rounds.sql: section 9, across rounds. Shown only when the
-- database holds more than one round (make report loads every shipped
-- round). Answers: per workload present in several rounds, how did the
-- fastest time, the largest scale and homogeneous scaling (E' at the
-- largest size of one accelerator family, relative to its smallest size)
-- change from round to round and from generation to generation?

-- A benchmark folder is one workload only while its rules stay the same:
-- the pairs of the model (sql/model.sql) carry their workload era
-- (workload_eras, sql/data/workloads.sql, each change with its source).
-- Closed division only (the model spells it one way: v1.0's 'close' and
-- v0.7's 'Closed' are 'closed'; v0.7 files without a division are left
-- out): open results may change the rules.
CREATE TEMP TABLE rounds_pairs AS
  SELECT round, round_no, submitter, system, benchmark, workload,
         accelerators AS n, minutes AS t, generation, family
    FROM pairs
   WHERE division = 'closed' AND (SELECT count(DISTINCT round) FROM results) > 1;

-- The runs of a pair as one signature (its sorted times): a pair of a
-- later round with the signature of an earlier round's pair of the same
-- workload is a result submitted again, not a new measurement.
CREATE TEMP TABLE rounds_signature AS
  SELECT p.round, p.round_no, p.workload, p.submitter, p.system,
         (SELECT group_concat(m, ',') FROM (SELECT printf('%.6f', u.minutes) AS m FROM runs u
            WHERE u.round = p.round AND u.submitter = p.submitter AND u.system = p.system
              AND u.benchmark = p.benchmark ORDER BY u.minutes)) AS sig
    FROM rounds_pairs p;

CREATE TEMP TABLE rounds_first_seen AS
  SELECT s.round, s.workload, s.submitter, s.system,
         (SELECT e.round FROM rounds_signature e WHERE e.workload = s.workload AND e.sig = s.sig
           ORDER BY e.round_no LIMIT 1) AS first_round
    FROM rounds_signature s;

-- Workloads in at least two rounds.
CREATE TEMP TABLE rounds_workloads AS
  SELECT workload, count(DISTINCT round) AS rounds,
         row_number() OVER (ORDER BY workload) AS ord
    FROM rounds_pairs GROUP BY workload HAVING count(DISTINCT round) >= 2;

-- Per workload, round and family with at least 2 sizes: E' at the largest
-- size against the smallest (homogeneous_scaling, sql/model.sql).
CREATE TEMP TABLE rounds_family AS
  SELECT workload, round, round_no, generation, family, sizes, n0, n AS n1, t0, t AS t1,
         e_prime AS e_prime_h
    FROM homogeneous_scaling
   WHERE sizes >= 2 AND n = n_max AND (SELECT count(DISTINCT round) FROM results) > 1
     AND workload IN (SELECT workload FROM rounds_workloads)
   ORDER BY workload, round, family;

-- Per workload and round: the model's round_summary, with the round in
-- which the fastest result first appeared.
CREATE TEMP TABLE rounds_summary AS
  SELECT w.ord, s.workload, s.round, s.round_no, s.pairs AS systems,
         s.fastest_minutes AS fastest, s.fastest_accelerators AS fastest_n,
         s.fastest_generation,
         (SELECT f.first_round FROM rounds_first_seen f WHERE f.round = s.round
             AND f.workload = s.workload AND f.submitter = s.fastest_submitter
             AND f.system = s.fastest_system) AS fastest_first_round,
         s.largest_accelerators AS largest_n,
         s.widest_family || ': ' || printf('%.3f', s.widest_e_prime) || ' at '
           || s.widest_accelerators || ' vs ' || s.widest_ref_accelerators AS widest_curve
    FROM round_summary s JOIN rounds_workloads w USING (workload);

INSERT INTO page
  SELECT 9, 0, 1, 0, 'h2', '9. Across rounds: did scaling get better?', 'rounds'
   WHERE EXISTS (SELECT 1 FROM rounds_workloads)
  UNION ALL
  SELECT 9, 0, 2, 0, 'p', printf('%d rounds loaded (%s); %d workloads appear in at least two '
         || 'of them under the same rules, closed division only. A benchmark folder whose rules '
         || 'changed (quality target, model) counts as another workload; that list of changes is '
         || 'curated in sql/data/workloads.sql (workload_eras). For each: the fastest official time, the '
         || 'largest system and, per accelerator family with at least two sizes in the round, '
         || 'E'' at its largest size against its smallest. %d of the %d pairs repeat, run for '
         || 'run, the times of a pair of an earlier round (results submitted again); a flat '
         || 'row may be one result, so the table says in which round the fastest result first '
         || 'appeared.',
         (SELECT count(DISTINCT round) FROM results),
         (SELECT group_concat(round, ', ') FROM (SELECT DISTINCT round FROM results ORDER BY
            CAST(substr(round, 2) AS REAL))),
         (SELECT count(*) FROM rounds_workloads),
         (SELECT count(*) FROM rounds_first_seen WHERE first_round <> round),
         (SELECT count(*) FROM rounds_first_seen)), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_workloads);

INSERT INTO page
  SELECT 9, 0, 3, w.ord, 'p',
         printf('%s: fastest %.3f min in %s (%d accelerators); ',
                w.workload, a.fastest, a.round, a.fastest_n)
         || printf('best %.3f min in %s (%d accelerators, %.2f times as fast as in %s); ',
                   c.fastest, c.round, c.fastest_n, a.fastest / c.fastest, a.round)
         || printf('in %s, the last round, the fastest took %.3f min and the largest system '
                   || 'had %d accelerators.', b.round, b.fastest, b.largest_n), NULL
    FROM rounds_workloads w
    JOIN rounds_summary a ON a.workload = w.workload AND a.round_no =
         (SELECT min(round_no) FROM rounds_summary x WHERE x.workload = w.workload)
    JOIN rounds_summary b ON b.workload = w.workload AND b.round_no =
         (SELECT max(round_no) FROM rounds_summary x WHERE x.workload = w.workload)
    JOIN rounds_summary c ON c.workload = w.workload AND c.round_no =
         (SELECT round_no FROM rounds_summary x WHERE x.workload = w.workload
           ORDER BY fastest, round_no LIMIT 1);

INSERT INTO page
  SELECT 9, 0, 4, 0, 'th', json_array('workload', 'round', 'systems', 'fastest (min)',
         'on', 'first submitted in', 'largest system',
         'widest homogeneous curve: E'' at largest vs smallest size'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_workloads)
  UNION ALL
  SELECT 9, 0, 4, row_number() OVER (ORDER BY ord, round_no), 'tr',
         json_array(workload, round, systems, printf('%.3f', fastest),
                    fastest_n || ' x ' || fastest_generation, fastest_first_round, largest_n,
                    widest_curve), NULL
    FROM rounds_summary;

INSERT INTO page
  SELECT 9, 0, 5, 0, 'figure',
         svg_plot(round_no, fastest, workload,
                  json_object('title', 'Fastest official time per round',
                              'x_label', 'MLPerf Training round', 'y_label', 'minutes (log10)',
                              'y_scale', 'log10', 'kind', 'line', 'width', 860, 'height', 460)),
         'Each line is one workload under one set of rules; the x axis is the round number.'
    FROM (SELECT * FROM rounds_summary ORDER BY ord, round_no)
  HAVING count(*) > 0;

INSERT INTO page
  SELECT 9, 0, 6, 0, 'figure',
         svg_plot(round_no, e_prime_h, generation,
                  json_object('title', 'Homogeneous E'' at the largest size, per round and generation',
                              'x_label', 'MLPerf Training round',
                              'y_label', 'E'' of the largest vs the smallest size',
                              'y_scale', 'log10', 'width', 860, 'height', 460,
                              'ref_lines', json_array(json_object('y', 1, 'label', 'linear')))),
         'One marker per (workload, round, accelerator family) with at least two sizes, '
         || 'coloured by generation: higher means the family kept more of its per-accelerator '
         || 'speed at its largest size.'
    FROM (SELECT * FROM rounds_family ORDER BY generation, round_no)
  HAVING count(*) > 0;

-- Per generation: the homogeneous curves of every workload and round that
-- reach at least 64 accelerators, and how much per-accelerator speed they
-- keep at their largest size.
CREATE TEMP TABLE rounds_generation AS
  SELECT generation, count(*) AS curves, count(DISTINCT workload) AS workloads,
         min(round_no) AS first_round, max(round_no) AS last_round,
         avg(n1) AS mean_n1, avg(e_prime_h) AS mean_e, min(e_prime_h) AS min_e,
         max(e_prime_h) AS max_e
    FROM rounds_family WHERE n1 >= 64 GROUP BY generation HAVING count(*) >= 3;

INSERT INTO page
  SELECT 9, 0, 7, 0, 'p', printf('By generation (curves reaching at least 64 accelerators, at '
         || 'least 3 curves): %s. Mean E'' at the largest size is a blunt summary, since the '
         || 'largest sizes differ; the table above gives each curve.',
         group_concat(printf('%s %.3f over %d curves (mean largest size %.0f)',
                             generation, mean_e, curves, mean_n1), '; ')), NULL
    FROM (SELECT * FROM rounds_generation ORDER BY first_round, generation)
  HAVING count(*) > 0;

-- The pairs of the loaded rounds that the shipped data lacks (known_gaps,
-- sql/data/known_gaps.sql), each with the claims of this section it could
-- change: its system (the systems file is shipped) gives its division,
-- size and family; its time is unknown, so a gap larger than the fastest
-- system of its round could hold the fastest time, one larger than the
-- largest system the largest scale, and one of a family with pairs in the
-- round a point of that family's homogeneous curve.
CREATE TEMP TABLE rounds_gaps AS
  SELECT g.round, g.submitter, g.system, g.benchmark, s.accelerators AS n,
         lower(trim(s.division)) IN ('closed', 'close') AS closed,
         coalesce(m.family, s.accelerator_model_name) AS family, g.why,
         rs.fastest_accelerators AS fastest_n, rs.largest_accelerators AS largest_n,
         (SELECT count(*) FROM homogeneous_points h WHERE h.round = g.round
             AND h.benchmark = g.benchmark AND h.family = m.family) AS family_sizes
    FROM known_gaps g
    LEFT JOIN systems s ON s.round = g.round AND s.submitter = g.submitter
                       AND s.system = g.system
    LEFT JOIN accelerator_models m ON m.model = s.accelerator_model_name
    LEFT JOIN round_summary rs ON rs.round = g.round AND rs.benchmark = g.benchmark
   WHERE g.round IN (SELECT round FROM results)
     AND (SELECT count(DISTINCT round) FROM results) > 1;

INSERT INTO page
  SELECT 9, 0, 8, 0, 'p', printf('%d pairs of the public rounds are not in the shipped data '
         || '(known_gaps, sql/data/known_gaps.sql: files absent from the mirror it was made from; '
         || 'the official tables it is checked against lack them too). Their systems files are '
         || 'shipped, so their size is known, their times are not: %d of them are larger than '
         || 'the largest system of their round and benchmark here, and %d larger than its '
         || 'fastest system. The table lists, for each, the claims of this section it could change.',
         count(*), coalesce(sum(closed AND n > largest_n), 0), coalesce(sum(closed AND n > fastest_n), 0)), NULL
    FROM rounds_gaps HAVING count(*) > 0
  UNION ALL
  SELECT 9, 0, 9, 0, 'th', json_array('round', 'submitter', 'system', 'benchmark',
         'accelerators', 'claims it could change', 'why it is missing'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_gaps)
  UNION ALL
  SELECT 9, 0, 9, row_number() OVER (ORDER BY CAST(substr(round, 2) AS REAL), benchmark,
                                     submitter, system), 'tr',
         json_array(round, submitter, system, benchmark, n,
                    CASE WHEN NOT closed THEN 'none (not the closed division)'
                         ELSE coalesce(nullif(substr(
                                CASE WHEN n > largest_n THEN '; the largest system' ELSE '' END
                                || CASE WHEN n > fastest_n THEN '; the fastest time' ELSE '' END
                                || CASE WHEN family_sizes > 0
                                        THEN '; the homogeneous curve of ' || family ELSE '' END,
                                3), ''), 'none') END, why), NULL
    FROM rounds_gaps;
