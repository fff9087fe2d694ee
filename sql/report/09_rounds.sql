-- sql/report/09_rounds.sql: section 9, across rounds. Shown only when the
-- database holds more than one round (make report loads every shipped
-- round). Answers: per workload present in several rounds, how did the
-- fastest time, the largest scale and homogeneous scaling (E' at the
-- largest size of one accelerator family, relative to its smallest size)
-- change from round to round and from generation to generation? How fast
-- is a fixed size (8, 64, 512 accelerators of one family) round after
-- round, and the same family at the same size (software alone)? How much
-- of it is the RCP scaling factor, a rule change?

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
-- workload is a result submitted again, not a new measurement. A run
-- without a time is 'none' (printf would print NULL as 0.000000).
CREATE TEMP TABLE rounds_signature AS
  SELECT p.round, p.round_no, p.workload, p.submitter, p.system,
         (SELECT group_concat(m, ',') FROM (SELECT iif(u.minutes IS NULL, 'none',
                                                            printf('%.6f', u.minutes)) AS m FROM runs u
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
-- span is n1/n0; per_doubling is E'^(1/log2(span)), the share of
-- per-accelerator speed the curve keeps per doubling of its size (the
-- geometric mean over its doublings), so curves of different spans compare.
CREATE TEMP TABLE rounds_family AS
  SELECT workload, round, round_no, generation, family, sizes, n0, n AS n1, t0, t AS t1,
         e_prime AS e_prime_h, 1.0 * n / n0 AS span,
         pow(e_prime, 1.0 / log2(1.0 * n / n0)) AS per_doubling
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

-- The pairs of the loaded rounds that the shipped data lacks (known_gaps,
-- sql/data/known_gaps.sql), each with the claims of this section it could
-- change: its system (the systems file is shipped) gives its division,
-- size and family; its time is unknown, so a gap larger than the fastest
-- system of its round could hold the fastest time, one larger than the
-- largest system the largest scale, and one of a family with pairs in the
-- round a point of that family's homogeneous curve. workload is the era
-- of its round and benchmark, from the model's round_summary (NULL when
-- the round has no closed pair of the benchmark to compare it with).
CREATE TEMP TABLE rounds_gaps AS
  SELECT g.round, CAST(substr(g.round, 2) AS REAL) AS round_no, g.submitter, g.system,
         g.benchmark, rs.workload, s.accelerators AS n,
         d.division = 'closed' AS closed,
         coalesce(m.family, s.accelerator_model_name) AS family, g.why,
         rs.fastest_accelerators AS fastest_n, rs.largest_accelerators AS largest_n,
         (SELECT count(*) FROM homogeneous_points h WHERE h.round = g.round
             AND h.benchmark = g.benchmark AND h.family = m.family) AS family_sizes
    FROM known_gaps g
    LEFT JOIN systems s ON s.round = g.round AND s.submitter = g.submitter
                       AND s.system = g.system
    LEFT JOIN system_divisions d ON d.round = g.round AND d.submitter = g.submitter
                                AND d.system = g.system
    LEFT JOIN accelerator_models m ON m.model = s.accelerator_model_name
    LEFT JOIN round_summary rs ON rs.round = g.round AND rs.benchmark = g.benchmark
   WHERE g.round IN (SELECT round FROM results)
     AND (SELECT count(DISTINCT round) FROM results) > 1;

-- Per workload and round, the known gaps that could hold its fastest time:
-- closed, and larger than the round's fastest system here.
CREATE TEMP VIEW rounds_gaps_fastest AS
  SELECT workload, round, round_no,
         group_concat(printf('%s %s %s, %d accelerators', round, submitter, system, n), '; ') AS txt,
         count(*) AS k
    FROM (SELECT * FROM rounds_gaps WHERE closed AND n > fastest_n
           ORDER BY round_no, submitter, system)
   GROUP BY workload, round;

INSERT INTO page
  SELECT 9, 0, 1, 0, 'h2', '9. Across rounds: did scaling get better?', 'rounds'
   WHERE EXISTS (SELECT 1 FROM rounds_workloads)
  UNION ALL
  SELECT 9, 0, 2, 0, 'p', printf('%d rounds loaded (%s); %d workloads appear in at least two '
         || 'of them under the same rules, closed division only. A benchmark folder whose rules '
         || 'changed (quality target, model) counts as another workload; that list of changes is '
         || 'curated in sql/data/workloads.sql (workload_eras). For each: the fastest official time, the '
         || 'largest system and the widest homogeneous curve, the accelerator family whose sizes '
         || 'span the most (largest size over smallest; ties: more sizes, then the higher E''), '
         || 'with E'' at its largest size against its smallest. %d of the %d pairs repeat, run for '
         || 'run, the times of a pair of an earlier round (results submitted again); a flat '
         || 'row may be one result, so the table says in which round the fastest result first '
         || 'appeared.',
         (SELECT count(DISTINCT round) FROM results),
         (SELECT group_concat(round, ', ') FROM (SELECT DISTINCT round FROM results ORDER BY
            CAST(substr(round, 2) AS REAL))),
         (SELECT count(*) FROM rounds_workloads),
         (SELECT count(*) FROM rounds_first_seen WHERE first_round <> round),
         (SELECT count(*) FROM rounds_first_seen))
         || coalesce(' Every comparison of this section is by workload, not by benchmark folder: '
                     || (SELECT group_concat(txt, '; ') FROM (
                           SELECT printf('the folder %s holds %s', benchmark,
                                         group_concat(printf('%s (%s to %s)', workload, r0, r1), ', ')) AS txt
                             FROM (SELECT benchmark, workload, min(round) AS r0, max(round) AS r1,
                                          min(round_no) AS o
                                     FROM (SELECT * FROM rounds_pairs ORDER BY round_no)
                                    GROUP BY benchmark, workload ORDER BY benchmark, o)
                            GROUP BY benchmark HAVING count(*) > 1
                           UNION ALL
                           SELECT printf('%s is in the folders %s', workload,
                                         group_concat(printf('%s (%s to %s)', benchmark, r0, r1), ', '))
                             FROM (SELECT workload, benchmark, min(round) AS r0, max(round) AS r1,
                                          min(round_no) AS o
                                     FROM (SELECT * FROM rounds_pairs ORDER BY round_no)
                                    GROUP BY workload, benchmark ORDER BY workload, o)
                            GROUP BY workload HAVING count(*) > 1))
                     || '.', '')
         || coalesce(' ' || (SELECT group_concat(round, ', ') FROM (
                               SELECT DISTINCT r.round FROM runs r
                                WHERE r.round IN (SELECT round FROM results)
                                  AND r.ruleset IN (SELECT ruleset FROM mlperf_rules
                                                     GROUP BY ruleset HAVING count(target) = 0)
                                ORDER BY CAST(substr(r.round, 2) AS REAL)))
                     || ' is scored as its own result summarizer scored it, which checks no '
                     || 'quality target (mlperf_rules lists none for its ruleset): every run with '
                     || 'a run_start and a run_stop counts, whatever its status, so its times are '
                     || 'that round''s official times, not times known to reach the target.', '')
         || (SELECT printf(' This build knows the Training rulesets %s to %s (mlperf_rules)',
                           min(ruleset COLLATE version), max(ruleset COLLATE version))
               FROM mlperf_rules WHERE ruleset NOT LIKE 'hpc\_%' ESCAPE '\')
         || coalesce('; ' || (SELECT group_concat(round, ', ') FROM (
                                SELECT DISTINCT round FROM mlperf_rules
                                 WHERE ruleset NOT LIKE 'hpc\_%' ESCAPE '\'
                                   AND round NOT IN (SELECT round FROM results)
                                   AND round > (SELECT max(round COLLATE version) FROM results)
                                       COLLATE version
                                 ORDER BY round COLLATE version))
                     || ' ship no data here: their results are read from a checkout '
                     || '(mlperf_runs)', '')
         || '; a checkout of a newer round is refused with what to run (docs/mlperf.md, '
         || '"Rounds and rules").', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_workloads);

INSERT INTO page
  SELECT 9, 0, 3, w.ord, 'p',
         printf('%s: fastest %.3f min in %s (%d accelerators); ',
                w.workload, a.fastest, a.round, a.fastest_n)
         || printf('best %.3f min in %s (%d accelerators, %.2f times as fast as in %s); ',
                   c.fastest, c.round, c.fastest_n, a.fastest / c.fastest, a.round)
         || printf('in %s, the last round, the fastest took %.3f min and the largest system '
                   || 'had %d accelerators.', b.round, b.fastest, b.largest_n)
         || coalesce((SELECT printf(' The shipped data lacks %d pair(s) of its rounds larger than '
                                    || 'their round''s fastest system here (known_gaps), which could '
                                    || 'hold a faster time and change these figures: %s.',
                                    sum(k), group_concat(txt, '; '))
                        FROM (SELECT * FROM rounds_gaps_fastest g WHERE g.workload = w.workload
                               ORDER BY round_no)
                      HAVING count(*) > 0), ''), NULL
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
         'widest homogeneous curve (largest span): E'' at largest vs smallest size',
         'missing pairs larger than the fastest (known_gaps)'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_workloads)
  UNION ALL
  SELECT 9, 0, 4, row_number() OVER (ORDER BY ord, round_no), 'tr',
         json_array(workload, round, systems, printf('%.3f', fastest),
                    fastest_n || ' x ' || fastest_generation, fastest_first_round, largest_n,
                    widest_curve,
                    coalesce((SELECT g.txt FROM rounds_gaps_fastest g
                               WHERE g.workload = rounds_summary.workload
                                 AND g.round = rounds_summary.round), '')),
         CASE WHEN EXISTS (SELECT 1 FROM rounds_gaps_fastest g
                            WHERE g.workload = rounds_summary.workload
                              AND g.round = rounds_summary.round) THEN 'hl' END
    FROM rounds_summary;


-- The RCP penalty is a rule change: from the round whose rules bring it in,
-- a closed pair whose runs converged in fewer epochs than the reference
-- convergence points allow has its score multiplied by a scaling factor
-- above 1 (runs.scaling_factor, scaling.json). Per round: the closed pairs
-- of this section, how many carry a factor above 1, and how large.
CREATE TEMP TABLE rounds_factor AS
  SELECT p.round, p.round_no, p.submitter, p.system, p.benchmark, max(r.scaling_factor) AS factor
    FROM rounds_pairs p
    JOIN runs r ON r.round = p.round AND r.submitter = p.submitter AND r.system = p.system
               AND r.benchmark = p.benchmark
   GROUP BY p.round, p.submitter, p.system, p.benchmark;

CREATE TEMP TABLE rounds_rcp AS
  SELECT round, round_no, count(*) AS pairs, sum(factor > 1) AS scaled,
         100.0 * sum(factor > 1) / count(*) AS pct,
         max(factor) AS max_factor
    FROM rounds_factor GROUP BY round;

INSERT INTO median_input
  SELECT 'rounds_rcp:' || round, factor FROM rounds_factor WHERE factor > 1;

INSERT INTO page
  SELECT 9, 0, 10, 0, 'h3', 'The RCP scaling factor: a rule change inside the times', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_rcp)
  UNION ALL
  SELECT 9, 0, 11, 0, 'p', printf('An official time is the score of the runs times the pair''s '
         || 'scaling factor (runs.scaling_factor, from scaling.json): a submission whose runs '
         || 'converged in fewer epochs than the reference convergence points (RCPs) allow has its '
         || 'time multiplied by a factor above 1. No closed pair carries one before %s; '
         || 'from %s on, this share of the closed pairs of each round does: %s. Every comparison '
         || 'of times across rounds in this section compares normalized times from %s on with '
         || 'unnormalized ones before it: a gain across that boundary is the gain after the '
         || 'penalty, and a pair with a factor above 1 measured faster than its official time.',
         (SELECT round FROM rounds_rcp WHERE scaled > 0 ORDER BY round_no LIMIT 1),
         (SELECT round FROM rounds_rcp WHERE scaled > 0 ORDER BY round_no LIMIT 1),
         (SELECT group_concat(printf('%s %.1f%%', round, pct), ', ')
            FROM (SELECT * FROM rounds_rcp WHERE round_no >= (SELECT min(round_no) FROM rounds_rcp
                     WHERE scaled > 0) ORDER BY round_no)),
         (SELECT round FROM rounds_rcp WHERE scaled > 0 ORDER BY round_no LIMIT 1)), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_rcp WHERE scaled > 0)
  UNION ALL
  SELECT 9, 0, 11, 0, 'p', 'No closed pair of the loaded rounds carries a scaling factor above 1: '
         || 'the times across rounds are the scores of the runs as measured.', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_rcp) AND NOT EXISTS (SELECT 1 FROM rounds_rcp WHERE scaled > 0)
  UNION ALL
  SELECT 9, 0, 12, 0, 'th', json_array('round', 'closed pairs', 'scaling factor > 1', 'share',
         'median factor among them', 'largest factor'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_rcp)
  UNION ALL
  SELECT 9, 0, 12, row_number() OVER (ORDER BY round_no), 'tr',
         json_array(r.round, r.pairs, r.scaled, printf('%.1f%%', r.pct),
                    CASE WHEN r.scaled > 0 THEN printf('%.3f', m.median) ELSE '' END,
                    CASE WHEN r.scaled > 0 THEN printf('%.3f', r.max_factor) ELSE '' END), NULL
    FROM rounds_rcp r LEFT JOIN median m ON m.grp = 'rounds_rcp:' || r.round;

-- Fixed sizes: per workload, round and size n of 8, 64 and 512, the
-- fastest homogeneous point at exactly n (one family: homogeneous_points),
-- with the pair behind it (ties: submitter, system in byte order), its
-- scaling factor and the round its runs were first submitted in.
CREATE TEMP TABLE rounds_fixed AS
  SELECT workload, round, round_no, family, generation, n, t, submitter, system, factor,
         first_round
    FROM (SELECT h.workload, h.round, h.round_no, h.family, h.generation, h.n, h.t,
                 p.submitter, p.system, f.factor, s.first_round,
                 row_number() OVER (PARTITION BY h.workload, h.round, h.family, h.n
                                    ORDER BY p.submitter, p.system) AS k
            FROM homogeneous_points h
            JOIN rounds_pairs p ON p.round = h.round AND p.benchmark = h.benchmark
                               AND p.family = h.family AND p.n = h.n AND p.t = h.t
            JOIN rounds_factor f ON f.round = p.round AND f.submitter = p.submitter
                                AND f.system = p.system AND f.benchmark = p.benchmark
            JOIN rounds_first_seen s ON s.round = p.round AND s.workload = p.workload
                                    AND s.submitter = p.submitter AND s.system = p.system
           WHERE h.n IN (8, 64, 512)
             AND h.workload IN (SELECT workload FROM rounds_workloads))
   WHERE k = 1;

-- Per workload, size and round: the fastest family at that size.
CREATE TEMP TABLE rounds_fixed_best AS
  SELECT * FROM (SELECT f.*, row_number() OVER (PARTITION BY workload, n, round
                                                ORDER BY t, family) AS k FROM rounds_fixed f)
   WHERE k = 1;

-- The (workload, size) series present in at least two rounds, with the
-- fastest time of their first and last round.
CREATE TEMP TABLE rounds_fixed_series AS
  SELECT w.ord, b.workload, b.n, count(*) AS rounds,
         (SELECT x.t FROM rounds_fixed_best x WHERE x.workload = b.workload AND x.n = b.n
           ORDER BY x.round_no LIMIT 1) AS t_first,
         (SELECT x.t FROM rounds_fixed_best x WHERE x.workload = b.workload AND x.n = b.n
           ORDER BY x.round_no DESC LIMIT 1) AS t_last,
         min(b.round_no) AS first_no, max(b.round_no) AS last_no
    FROM rounds_fixed_best b JOIN rounds_workloads w USING (workload)
   GROUP BY b.workload, b.n HAVING count(*) >= 2;

CREATE TEMP TABLE rounds_loaded AS
  SELECT DISTINCT round, round_no FROM rounds_pairs;

INSERT INTO median_input SELECT 'rounds_fixed', t_first / t_last FROM rounds_fixed_series;

INSERT INTO page
  SELECT 9, 0, 13, 0, 'h3', 'Fixed sizes: 8, 64 and 512 accelerators', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_fixed_series)
  UNION ALL
  SELECT 9, 0, 14, 0, 'p', printf('The fastest time may come from a larger system each round; '
         || 'at a fixed size it cannot. For 8, 64 and 512 accelerators of one family (exactly that '
         || 'size, closed division), the fastest time in minutes per workload and round, with the '
         || 'generation that set it: %d series (workload and size) appear in at least two rounds. '
         || 'Between the first and the last round of its series, the fastest time at a fixed size '
         || 'fell in %d of them (median over all: %.2f times as fast), did not change in %d and '
         || 'rose in %d.',
         count(*), sum(t_last < t_first), (SELECT median FROM median WHERE grp = 'rounds_fixed'),
         sum(t_last = t_first), sum(t_last > t_first)), NULL
    FROM rounds_fixed_series HAVING count(*) > 0
  UNION ALL
  SELECT 9, 0, 15, 0, 'th',
         (SELECT json_group_array(v) FROM (
             SELECT 0 AS o, 'workload' AS v UNION ALL SELECT 1, 'accelerators'
             UNION ALL SELECT 2 + round_no, round FROM rounds_loaded
             UNION ALL SELECT 1000, 'last vs first round' ORDER BY o)), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_fixed_series)
  UNION ALL
  SELECT 9, 0, 15, row_number() OVER (ORDER BY s.ord, s.n), 'tr',
         (SELECT json_group_array(v) FROM (
             SELECT 0 AS o, s.workload AS v UNION ALL SELECT 1, s.n
             UNION ALL
             SELECT 2 + l.round_no, CASE WHEN b.t IS NULL THEN ''
                                         ELSE printf('%.3f %s', b.t, b.generation) END
               FROM rounds_loaded l
               LEFT JOIN rounds_fixed_best b ON b.workload = s.workload AND b.n = s.n
                                            AND b.round = l.round
             UNION ALL SELECT 1000, printf('%.2fx', s.t_first / s.t_last) ORDER BY o)), NULL
    FROM rounds_fixed_series s;

-- The same family at the same size over rounds: per workload, family and
-- size (8, 64, 512) measured in at least two rounds, its fastest time in
-- its first and its last round, with the submitter of each. Only when one
-- submitter set both is the change software (and the rules: the scaling
-- factor of each time is shown); when the submitter changed, the two times
-- differ in the system, its integration and its tuning too, so the row
-- says so and gives no ratio, and the sentence counts it apart.
CREATE TEMP TABLE rounds_same_hw AS
  SELECT w.ord, a.workload, a.family, a.n, a.rounds,
         f.round AS first_round, f.t AS t_first, f.factor AS factor_first,
         f.submitter AS first_submitter,
         l.round AS last_round, l.t AS t_last, l.factor AS factor_last,
         l.submitter AS last_submitter, l.first_round AS last_submitted_in,
         f.submitter = l.submitter AS same_submitter
    FROM (SELECT workload, family, n, count(*) AS rounds, min(round_no) AS first_no,
                 max(round_no) AS last_no
            FROM rounds_fixed GROUP BY workload, family, n HAVING count(*) >= 2) a
    JOIN rounds_workloads w ON w.workload = a.workload
    JOIN rounds_fixed f ON f.workload = a.workload AND f.family = a.family AND f.n = a.n
                       AND f.round_no = a.first_no
    JOIN rounds_fixed l ON l.workload = a.workload AND l.family = a.family AND l.n = a.n
                       AND l.round_no = a.last_no;

INSERT INTO median_input
  SELECT 'rounds_same_hw', t_first / t_last FROM rounds_same_hw
   WHERE last_submitted_in = last_round AND same_submitter;

-- The same comparison within one submitter: per workload, family, size
-- (8, 64, 512) and submitter, the submitter's fastest pair at that size in
-- the first and the last round it submitted one (ties: system in byte
-- order), with the round the last one's runs were first submitted in.
CREATE TEMP TABLE rounds_same_sub AS
  WITH best AS (
    SELECT * FROM (SELECT p.workload, p.family, p.n, p.submitter, p.round, p.round_no, p.t,
                          s.first_round,
                          row_number() OVER (PARTITION BY p.workload, p.family, p.n, p.submitter,
                                                          p.round ORDER BY p.t, p.system) AS k
                     FROM rounds_pairs p
                     JOIN rounds_first_seen s ON s.round = p.round AND s.workload = p.workload
                                             AND s.submitter = p.submitter AND s.system = p.system
                    WHERE p.n IN (8, 64, 512)
                      AND p.workload IN (SELECT workload FROM rounds_workloads))
     WHERE k = 1),
  series AS (
    SELECT workload, family, n, submitter, count(*) AS rounds, min(round_no) AS first_no,
           max(round_no) AS last_no
      FROM best GROUP BY workload, family, n, submitter HAVING count(*) >= 2)
  SELECT x.*, f.t AS t_first, l.t AS t_last, l.round AS last_round, l.first_round AS last_submitted_in
    FROM series x
    JOIN best f ON f.workload = x.workload AND f.family = x.family AND f.n = x.n
               AND f.submitter = x.submitter AND f.round_no = x.first_no
    JOIN best l ON l.workload = x.workload AND l.family = x.family AND l.n = x.n
               AND l.submitter = x.submitter AND l.round_no = x.last_no;

INSERT INTO median_input
  SELECT 'rounds_same_sub', t_first / t_last FROM rounds_same_sub
   WHERE last_submitted_in = last_round;

INSERT INTO page
  SELECT 9, 0, 17, 1, 'p', printf('Within one submitter instead (each submitter''s fastest result '
         || 'at that family and size, in the first and the last round it submitted one): %d series '
         || 'of %d submitters. In %d the last result repeats one submitted earlier; of the %d others, '
         || 'the last round is faster in %d (median over the %d: %.2f times as fast) and slower in '
         || '%d. This is the closest the data come to a software gain on fixed hardware; the '
         || 'submitter''s system can still differ in everything but the accelerators (hosts, '
         || 'network, nodes). The table has the series of the fastest result per round, per '
         || 'workload:',
         count(*), count(DISTINCT submitter), sum(last_submitted_in <> last_round),
         sum(last_submitted_in = last_round),
         sum(last_submitted_in = last_round AND t_last < t_first),
         sum(last_submitted_in = last_round),
         (SELECT median FROM median WHERE grp = 'rounds_same_sub'),
         sum(last_submitted_in = last_round AND t_last > t_first)), NULL
    FROM rounds_same_sub HAVING count(*) > 0;

INSERT INTO page
  SELECT 9, 0, 16, 0, 'h3', 'The same hardware over rounds: software gains', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_same_hw)
  UNION ALL
  SELECT 9, 0, 17, 0, 'p', printf('The same accelerator family at the same size (8, 64 or 512, '
         || 'exactly) in its first and its last round: %d such series. In %d of them the fastest '
         || 'result of the last round comes from another submitter than the first round''s: the two '
         || 'times differ in the system, its integration and its tuning, not in software alone, so '
         || 'the table gives them no ratio and nothing below counts them. Of the %d series of one '
         || 'submitter, in %d the last round''s fastest result repeats, run for run, one submitted in '
         || 'an earlier round, so it measures nothing new. Of the %d others, the last round is faster '
         || 'in %d (median over the %d: %.2f times as fast) and slower in %d; in %d the last round''s '
         || 'time carries a scaling factor above 1, so its runs were faster than the time says.',
         count(*), sum(NOT same_submitter), sum(same_submitter),
         sum(same_submitter AND last_submitted_in <> last_round),
         sum(same_submitter AND last_submitted_in = last_round),
         sum(same_submitter AND last_submitted_in = last_round AND t_last < t_first),
         sum(same_submitter AND last_submitted_in = last_round),
         (SELECT median FROM median WHERE grp = 'rounds_same_hw'),
         sum(same_submitter AND last_submitted_in = last_round AND t_last > t_first),
         sum(same_submitter AND last_submitted_in = last_round AND factor_last > 1)), NULL
    FROM rounds_same_hw HAVING count(*) > 0
  UNION ALL
  SELECT 9, 0, 18, 0, 'th', json_array('workload', 'family', 'accelerators', 'rounds',
         'first round', 'minutes', 'scaling factor', 'last round', 'minutes', 'scaling factor',
         'last result first submitted in', 'submitter (first, last round)',
         'speedup, last vs first'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_same_hw)
  UNION ALL
  SELECT 9, 0, 18, row_number() OVER (ORDER BY ord, family, n), 'tr',
         json_array(workload, family, n, rounds, first_round, printf('%.3f', t_first),
                    printf('%.3f', factor_first), last_round, printf('%.3f', t_last),
                    printf('%.3f', factor_last), last_submitted_in,
                    CASE WHEN same_submitter THEN first_submitter
                         ELSE first_submitter || ', then ' || last_submitter END,
                    CASE WHEN same_submitter THEN printf('%.2fx', t_first / t_last)
                         ELSE 'none: another submitter' END),
         NULL
    FROM rounds_same_hw;

-- By generation: only curves that span at least 8 times their smallest size
-- (three doublings), compared by their per-doubling efficiency, which does
-- not grow or shrink with the span itself. A curve a later round repeats
-- unchanged (same sizes, same times) counts once.
CREATE TEMP TABLE rounds_curves AS
  SELECT * FROM (SELECT c.*, row_number() OVER (PARTITION BY workload, family, n0, n1,
                                                  printf('%.6f', t0), printf('%.6f', t1)
                                                  ORDER BY round_no) AS k
                   FROM rounds_family c WHERE span >= 8)
   WHERE k = 1;

-- The figures of this section (here, after rounds_curves which they read)
-- are small multiples: at most 6 series a figure, so that every line has a
-- colour of its own and a legend stays short. Each figure is a kind of
-- series (rounds_series_point: workloads and their fastest time,
-- generations and their curves' per-doubling efficiency), its series in
-- order of the first round they appear in, then by name, split into the
-- fewest panels of at most 6, of sizes as equal as can be
-- (rounds_panel_of). Every panel has every round of the section on its x
-- axis, as categories in round order.
CREATE TEMP TABLE rounds_axis AS
  SELECT json_group_array(round) AS rounds
    FROM (SELECT DISTINCT round, round_no FROM rounds_summary ORDER BY round_no);
CREATE TEMP VIEW rounds_series_point AS
  SELECT 'workload' AS kind, workload AS name, round, round_no, fastest AS y FROM rounds_summary
  UNION ALL
  SELECT 'generation', generation, round, round_no, per_doubling FROM rounds_curves;
-- (first_round: the round of the row of min(round_no), a bare column.)
CREATE TEMP VIEW rounds_panel_of AS
  SELECT kind, name, first_round, i AS series_no, (i - 1) * ((n + 5) / 6) / n AS panel
    FROM (SELECT kind, name, first_round,
                 row_number() OVER (PARTITION BY kind ORDER BY first_no, name) AS i,
                 count(*) OVER (PARTITION BY kind) AS n
            FROM (SELECT kind, name, min(round_no) AS first_no, round AS first_round
                    FROM rounds_series_point GROUP BY kind, name));
-- Per panel, the rounds its series were first seen in, for its title.
CREATE TEMP VIEW rounds_panel AS
  SELECT kind, panel,
         CASE WHEN min(first_round) = max(first_round) THEN min(first_round)
              ELSE min(first_round) || ' to ' || max(first_round) END AS first_rounds
    FROM rounds_panel_of GROUP BY kind, panel;
-- Per kind: its block of the page, the title its panels share, its own
-- options and its caption; the options every figure shares are added by
-- the one query that draws them. In each panel the series come in
-- series_no order, each from its first round to its last (the legend's
-- order and the lines'; points of one round by y): the points reach
-- svg_plot in the order of the subquery because it is the only term of
-- FROM (in a join, the planner would choose the order of the loops).
CREATE TEMP TABLE rounds_figure AS
  SELECT 'workload' AS kind, 5 AS blk,
         'Fastest official time per round, workloads first run in ' AS title,
         json_object('y_label', 'minutes (log10)', 'y_scale', 'log10', 'kind', 'line') AS options,
         'Each line is one workload under one set of rules (at most 6 a figure, by the round '
         || 'they were first run in); the x axis has every round of the section.' AS caption
  UNION ALL
  SELECT 'generation', 22, 'Per-doubling efficiency by generation, first seen in ',
         json_object('y_label', 'E''^(1/log2(n1/n0))',
                     'ref_lines', json_array(json_object('y', 1, 'label', 'linear'))),
         'One marker per (workload, round, accelerator family) curve spanning at least 8 times '
         || 'its smallest size, coloured by generation (at most 6 a figure, by the round they '
         || 'were first seen in): 1 means each doubling of the size halves the time; 0.8 that '
         || 'each doubling keeps 80% of the per-accelerator speed.';

INSERT INTO page
  SELECT 9, 0, blk, panel + 1, 'figure',
         svg_plot(round, y, name,
                  json_set(options, '$.footer', (SELECT svg_footer FROM report_legend), '$.title', title || first_rounds,
                           '$.x_label', 'MLPerf Training round', '$.x_categories', json(rounds),
                           '$.width', 860, '$.height', 400)),
         caption
    FROM (SELECT x.kind, x.name, x.round, x.y, p.panel, f.blk, f.title, f.options, f.caption,
                 q.first_rounds, a.rounds
            FROM rounds_series_point x
            JOIN rounds_panel_of p USING (kind, name)
            JOIN rounds_panel q USING (kind, panel)
            JOIN rounds_figure f USING (kind)
            JOIN rounds_axis a
           ORDER BY x.kind, p.panel, p.series_no, x.round_no, x.y)
   GROUP BY kind, panel;

INSERT INTO median_input
  SELECT 'rounds_generation:' || generation, per_doubling FROM rounds_curves;

CREATE TEMP TABLE rounds_generation AS
  SELECT c.generation, count(*) AS curves, count(DISTINCT c.workload) AS workloads,
         min(c.round_no) AS first_round, max(c.round_no) AS last_round,
         min(c.n0) AS min_n0, max(c.n1) AS max_n1, m.median AS median_d,
         min(c.per_doubling) AS min_d, max(c.per_doubling) AS max_d,
         row_number() OVER (ORDER BY m.median DESC, c.generation) AS rank
    FROM rounds_curves c JOIN median m ON m.grp = 'rounds_generation:' || c.generation
   GROUP BY c.generation HAVING count(*) >= 3;

INSERT INTO page
  SELECT 9, 0, 19, 0, 'h3', 'By generation, over curves of comparable span', NULL
   WHERE EXISTS (SELECT 1 FROM rounds_generation)
  UNION ALL
  SELECT 9, 0, 20, 0, 'p', printf('E'' at a curve''s largest size depends on how far the curve '
         || 'reaches: a curve of two sizes at thousands of chips and one from 4 to 3,472 are not '
         || 'comparable. So generations are compared only over homogeneous curves that span at '
         || 'least 8 times their smallest size, by the per-doubling efficiency '
         || 'E''^(1/log2(n1/n0)): the share of per-accelerator speed the curve keeps, on average, '
         || 'each time its size doubles. A curve repeated unchanged in a later round counts once. '
         || '%d of the %d curves with at least two sizes qualify; %d generations have at least 3 '
         || 'of them. By median per-doubling efficiency: %s. The medians lie within %.3f of '
         || 'one another. ',
         (SELECT count(*) FROM rounds_curves),
         (SELECT count(*) FROM rounds_family),
         count(*),
         group_concat(printf('%s %.3f (%d curves, %d to %d accelerators)', generation, median_d,
                             curves, min_n0, max_n1), '; '),
         max(median_d) - min(median_d))
         || CASE WHEN sum(rank < count_all AND overlaps) = count_all - 1
                 THEN 'The range of each generation''s curves overlaps the next one''s in this '
                      || 'order, so the ranking separates no generation cleanly from its neighbour; '
                 ELSE printf('%d of the %d neighbours in this order have ranges that overlap; ',
                             sum(rank < count_all AND overlaps), count_all - 1) END
         || 'and the efficiency is not adjusted for size: a curve at larger sizes (more '
         || 'communication per step) is expected to keep less per doubling.', NULL
    FROM (SELECT g.*, count(*) OVER () AS count_all,
                 (SELECT n.max_d >= g.min_d FROM rounds_generation n
                   WHERE n.rank = g.rank + 1) AS overlaps
            FROM rounds_generation g ORDER BY rank)
  HAVING count(*) > 0
  UNION ALL
  SELECT 9, 0, 21, 0, 'th', json_array('generation', 'curves', 'workloads', 'rounds',
         'sizes from', 'to', 'median per-doubling efficiency', 'lowest', 'highest'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_generation)
  UNION ALL
  SELECT 9, 0, 21, rank, 'tr',
         json_array(generation, curves, workloads,
                    printf('v%.1f-v%.1f', first_round, last_round), min_n0, max_n1,
                    printf('%.3f', median_d), printf('%.3f', min_d), printf('%.3f', max_d)), NULL
    FROM rounds_generation;

INSERT INTO page
  SELECT 9, 0, 30, 0, 'p', printf('%d pairs of the public rounds have no time in the shipped data '
         || '(known_gaps, sql/data/known_gaps.sql: files absent from the mirror it was made from, '
         || 'or logs the round''s own summarizer cannot score; the official tables it is checked '
         || 'against lack them too). The systems files of %d of them are shipped, so their size is '
         || 'known, their times are not: %d of them are larger than '
         || 'the largest system of their round and benchmark here, and %d larger than its '
         || 'fastest system. The table lists, for each, the claims of this section it could change.',
         count(*), count(n), coalesce(sum(closed AND n > largest_n), 0),
         coalesce(sum(closed AND n > fastest_n), 0)), NULL
    FROM rounds_gaps HAVING count(*) > 0
  UNION ALL
  SELECT 9, 0, 31, 0, 'th', json_array('round', 'submitter', 'system', 'benchmark', 'workload',
         'accelerators', 'claims it could change', 'why it is missing'), NULL
   WHERE EXISTS (SELECT 1 FROM rounds_gaps)
  UNION ALL
  SELECT 9, 0, 31, row_number() OVER (ORDER BY CAST(substr(round, 2) AS REAL), benchmark,
                                     submitter, system), 'tr',
         json_array(round, submitter, system, benchmark, coalesce(workload, ''), n,
                    CASE WHEN NOT closed THEN 'none (not the closed division)'
                         ELSE coalesce(nullif(substr(
                                CASE WHEN n > largest_n THEN '; the largest system' ELSE '' END
                                || CASE WHEN n > fastest_n THEN '; the fastest time' ELSE '' END
                                || CASE WHEN family_sizes > 0
                                        THEN '; the homogeneous curve of ' || family ELSE '' END,
                                3), ''), 'none') END, why), NULL
    FROM rounds_gaps;
