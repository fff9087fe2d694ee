-- sql/report/08b_claims.sql: a subsection of section 8 (its part 90, after
-- 08_conclusions.sql), the claims of the paper's sections 5.x (and the
-- comparison its conclusions draw from them)
-- judged against the data of its round. Self-contained: it reads only sys,
-- focus and report_config (00_base.sql), the model's homogeneous_scaling
-- and the paper's data (paper_table1). Shown only in the paper's round.
-- Each row: the paper's section, its claim (paraphrased, the claim's own
-- numbers kept), what the data say (every number computed here) and a
-- verdict: holds, holds with caveat, contradicted or not checkable, with
-- why. Where a claim's words need a threshold ("comparable", "most"), the
-- row says which one it used.

-- The systems of the paper's workloads, with the reference's generation.
CREATE TEMP TABLE claim_sys AS
  SELECT s.*, f.name AS wname, p.ord AS pord,
         (SELECT r.generation FROM sys r WHERE r.benchmark = s.benchmark AND r.is_ref) AS ref_generation
    FROM sys s JOIN focus f USING (benchmark) JOIN paper_table1 p USING (benchmark)
    JOIN report_config c WHERE c.paper;

-- Per workload: its range, its largest system (the fastest of that size),
-- E' and the per-doubling E' from the reference to the largest system,
-- E'^(1/log2(n_max/n_ref)), so workloads of different reach compare; and
-- its largest homogeneous curve (most sizes, then the largest size: the
-- model's homogeneous_scaling, closed division) with the same measure.
CREATE TEMP TABLE claim_w AS
  SELECT w.*,
         pow(w.e_largest, 1.0 / log2(1.0 * w.n_max / w.ref_n)) AS doubling_all,
         h.family AS h_family, h.n0 AS h_n0, h.n AS h_n, h.e_prime AS h_e,
         pow(h.e_prime, 1.0 / log2(1.0 * h.n / h.n0)) AS doubling_h
    FROM (SELECT benchmark, wname, pord, min(accelerators) AS n_min, max(accelerators) AS n_max,
                 count(*) AS systems, max(ref_accelerators) AS ref_n, max(ref_generation) AS ref_gen,
                 (SELECT x.e_prime FROM claim_sys x WHERE x.benchmark = c.benchmark
                   ORDER BY x.accelerators DESC, x.minutes LIMIT 1) AS e_largest
            FROM claim_sys c GROUP BY benchmark) w
    LEFT JOIN (SELECT h.*, row_number() OVER (PARTITION BY h.benchmark
                                              ORDER BY h.sizes DESC, h.n_max DESC, h.family) AS k
                 FROM homogeneous_scaling h JOIN report_config c ON c.round = h.round
                WHERE h.n = h.n_max AND h.sizes >= 3) h
      ON h.benchmark = w.benchmark AND h.k = 1;

-- The efficacy optimum per workload: the system with the most speedup x E'
-- (the paper's "relation between speed and performance per GPU" read as
-- that product), and whether it lies strictly inside the workload's range.
CREATE TEMP TABLE claim_efficacy AS
  SELECT x.benchmark, x.wname, x.pord, x.accelerators AS n, x.e_prime, x.speedup,
         x.speedup * x.e_prime AS efficacy, x.generation,
         x.accelerators > w.n_min AND x.accelerators < w.n_max AS inside
    FROM (SELECT c.*, row_number() OVER (PARTITION BY benchmark
                                         ORDER BY speedup * e_prime DESC, accelerators) AS k
            FROM claim_sys c) x
    JOIN claim_w w USING (benchmark)
   WHERE x.k = 1;

-- Per workload, over the pairs of its systems of different sizes: the
-- share in which the larger is the faster, and the share in which it has
-- the lower E'.
CREATE TEMP TABLE claim_pairs AS
  SELECT a.benchmark, a.wname, a.pord, count(*) AS pairs,
         100.0 * sum(b.minutes < a.minutes) / count(*) AS faster,
         100.0 * sum(b.e_prime < a.e_prime) / count(*) AS lower
    FROM claim_sys a JOIN claim_sys b ON b.benchmark = a.benchmark AND b.accelerators > a.accelerators
   GROUP BY a.benchmark;

-- E' per workload over a band of sizes [lo, hi]: count, range, how many
-- are above 1, and the generations in it.
CREATE TEMP VIEW claim_band AS
  SELECT w.benchmark, b.lo, b.hi, count(c.rowid) AS n, min(c.e_prime) AS e_min,
         max(c.e_prime) AS e_max, sum(c.e_prime > 1) AS above_1,
         min(c.speedup) AS s_min, max(c.speedup) AS s_max
    FROM claim_w w
    JOIN (SELECT 2 AS lo, 2 AS hi UNION ALL SELECT 4, 4 UNION ALL SELECT 8, 8
          UNION ALL SELECT 4, 8 UNION ALL SELECT 9, 64 UNION ALL SELECT 16, 1000000
          UNION ALL SELECT 16, 32 UNION ALL SELECT 100, 1000000 UNION ALL SELECT 4, 64) b
    LEFT JOIN claim_sys c ON c.benchmark = w.benchmark AND c.accelerators BETWEEN b.lo AND b.hi
   GROUP BY w.benchmark, b.lo, b.hi;

CREATE TEMP TABLE claims(ord INTEGER, section TEXT, claim TEXT, data TEXT, verdict TEXT);

-- Section 5: more accelerators, less time and less E'. Over every pair of
-- systems of one workload of different sizes: how often the larger is the
-- faster, and how often it has the lower E' ("tends to": at least two
-- thirds of the pairs).
INSERT INTO claims
  SELECT 1, '5', 'Adding accelerators reduces the total training time, while the efficiency per '
         || 'GPU tends to fall.',
         'Over the pairs of systems of one workload with different sizes, the larger one is the '
         || 'faster and has the lower E'' in: '
         || group_concat(printf('%s %.0f%% and %.0f%% of %d pairs', wname, faster, lower, pairs), '; ')
         || '.',
         CASE WHEN min(faster) > 50 AND min(lower) >= 200.0 / 3 THEN 'holds'
              WHEN min(faster) > 50 AND min(lower) > 50
              THEN (SELECT printf('holds with caveat: in %s E'' falls in only %.0f%% of the pairs '
                                  || '("tends to" read as two thirds or more); its reference is %d '
                                  || 'x %s, a generation %d of its %d systems do not share, so E'' '
                                  || 'there mixes the generation with the size',
                                  p.wname, p.lower, w.ref_n, w.ref_gen,
                                  (SELECT count(*) FROM claim_sys c WHERE c.benchmark = w.benchmark
                                      AND c.generation <> w.ref_gen), w.systems)
                      FROM (SELECT * FROM claim_pairs ORDER BY lower LIMIT 1) p
                      JOIN claim_w w USING (benchmark))
              ELSE 'contradicted: in some workload the larger system is not mostly the faster or '
                   || 'the less efficient' END
    FROM (SELECT * FROM claim_pairs ORDER BY pord);

-- 5.1, BERT. Shorthands: w the workload, b(lo, hi) a band.
INSERT INTO claims
  SELECT 10, '5.1', 'BERT''s systems go from only 2 GPUs to massive scale with more than 3,000 '
         || 'accelerators, from RTX-series GPUs to the recent H100 and Blackwell families.',
         printf('%d systems from %d to %d accelerators; generations: %s.', w.systems, w.n_min,
                w.n_max, (SELECT group_concat(generation, ', ') FROM (SELECT DISTINCT generation
                            FROM claim_sys c WHERE c.benchmark = w.benchmark ORDER BY generation))),
         CASE WHEN w.n_min = 2 AND w.n_max > 3000
                   AND EXISTS (SELECT 1 FROM claim_sys c WHERE c.benchmark = w.benchmark
                                  AND c.generation LIKE '%RTX%')
                   AND EXISTS (SELECT 1 FROM claim_sys c WHERE c.benchmark = w.benchmark
                                  AND c.generation = 'H100')
                   AND EXISTS (SELECT 1 FROM claim_sys c WHERE c.benchmark = w.benchmark
                                  AND (c.generation LIKE '%B200%' OR c.generation LIKE '%B300%'))
              THEN 'holds' ELSE 'contradicted: see the data' END
    FROM claim_w w WHERE w.benchmark = 'bert'
  UNION ALL
  SELECT 11, '5.1', 'The NVIDIA H100-SXM5-80GB has several machines at the larger scales.',
         printf('Of the %d systems above 8 accelerators, %d are H100 SXM 80GB (%s); the next family '
                || 'has %d.', count(*), sum(family = 'H100 SXM 80GB'),
                group_concat(CASE WHEN family = 'H100 SXM 80GB' THEN accelerators END, ', '),
                (SELECT max(k) FROM (SELECT count(*) AS k FROM claim_sys c
                                      WHERE c.benchmark = 'bert' AND c.accelerators > 8
                                        AND c.family <> 'H100 SXM 80GB' GROUP BY c.family))),
         CASE WHEN sum(family = 'H100 SXM 80GB') * 2 > count(*) THEN 'holds'
              ELSE 'contradicted: not the most frequent family above 8 accelerators' END
    FROM (SELECT * FROM claim_sys WHERE benchmark = 'bert' AND accelerators > 8 ORDER BY accelerators)
  UNION ALL
  SELECT 12, '5.1', 'The configurations with few GPUs, around 8 accelerators, show the highest '
         || 'efficiency.',
         printf('The highest E'' is %.2f, on %s %s (%d x %s); the reference is 2 x %s. E'' at 8 '
                || 'accelerators: %.2f to %.2f; of the H100 systems at 8: %.2f to %.2f.',
                m.e_prime, m.submitter, m.system, m.accelerators, m.generation, m.ref_generation,
                b8.e_min, b8.e_max,
                (SELECT min(e_prime) FROM claim_sys WHERE benchmark = 'bert' AND accelerators = 8
                    AND generation = 'H100'),
                (SELECT max(e_prime) FROM claim_sys WHERE benchmark = 'bert' AND accelerators = 8
                    AND generation = 'H100')),
         CASE WHEN m.accelerators BETWEEN 4 AND 16 AND m.generation <> m.ref_generation
              THEN printf('holds with caveat: the highest E'' is at %d accelerators, but it compares '
                          || 'a %s with 2 %s: E'' there mixes the generation with the scaling '
                          || '(the review''s point)', m.accelerators, m.generation,
                          m.ref_generation)
              WHEN m.accelerators BETWEEN 4 AND 16 THEN 'holds'
              ELSE printf('contradicted: the highest E'' is at %d accelerators', m.accelerators) END
    FROM (SELECT * FROM claim_sys WHERE benchmark = 'bert' ORDER BY e_prime DESC LIMIT 1) m
    JOIN claim_band b8 ON b8.benchmark = 'bert' AND b8.lo = 8 AND b8.hi = 8
  UNION ALL
  SELECT 13, '5.1', 'From 16 GPUs on, efficiency is penalized more steeply.',
         printf('E'' at 8 accelerators: %.2f to %.2f; at 16 or more: %.2f to %.2f (%d systems, '
                || 'generations %s).', b8.e_min, b8.e_max, b16.e_min, b16.e_max, b16.n,
                (SELECT group_concat(generation, ', ') FROM (SELECT DISTINCT generation FROM claim_sys
                    WHERE benchmark = 'bert' AND accelerators >= 16 ORDER BY generation))),
         CASE WHEN b16.e_max < b8.e_min
              THEN CASE WHEN (SELECT count(DISTINCT generation) FROM claim_sys
                               WHERE benchmark = 'bert' AND accelerators >= 16) > 1
                        THEN printf('holds with caveat: every system at 16 or more is below every '
                                    || 'one at 8, but E'' there mixes generations (%s) against a '
                                    || 'reference of 2 %s',
                                    (SELECT group_concat(generation, ', ') FROM (SELECT DISTINCT
                                       generation FROM claim_sys WHERE benchmark = 'bert'
                                       AND accelerators >= 8 ORDER BY generation)),
                                    (SELECT ref_gen FROM claim_w WHERE benchmark = 'bert'))
                        ELSE 'holds: every system at 16 or more is below every one at 8' END
              ELSE 'contradicted: some system at 16 or more has a higher E'' than one at 8' END
    FROM claim_band b8 JOIN claim_band b16
      ON b16.benchmark = b8.benchmark AND b16.lo = 16 AND b16.hi = 1000000
   WHERE b8.benchmark = 'bert' AND b8.lo = 8 AND b8.hi = 8
  UNION ALL
  SELECT 14, '5.1', 'Even the small configurations improve the time to train substantially over '
         || 'the base machine.',
         printf('The speedup over the reference at 8 accelerators: %.1f to %.1f (4 times the '
                || 'reference''s accelerators).', b8.s_min, b8.s_max),
         CASE WHEN b8.s_min >= 2 THEN 'holds' ELSE 'contradicted' END
    FROM claim_band b8 WHERE b8.benchmark = 'bert' AND b8.lo = 8 AND b8.hi = 8
  UNION ALL
  SELECT 15, '5.1', printf('On a machine with %d accelerators the efficiency is comparable to that '
                           || 'of a configuration of only 2 GPUs.', w.n_max),
         printf('E'' of the %d-accelerator system: %.2f; of the 2-accelerator systems: %s, so %.2f to '
                || '%.2f times theirs. The H100 systems of 4 to 64 accelerators have E'' %.2f to %.2f; '
                || 'on the H100 SXM 80GB curve alone, E'' at %d against %d is %.3f.',
                w.n_max, w.e_largest,
                (SELECT group_concat(printf('%.2f', e_prime), ' and ') FROM (SELECT e_prime
                   FROM claim_sys WHERE benchmark = 'bert' AND accelerators = 2 ORDER BY e_prime)),
                w.e_largest / b2.e_max, w.e_largest / b2.e_min,
                (SELECT min(e_prime) FROM claim_sys WHERE benchmark = 'bert'
                    AND accelerators BETWEEN 4 AND 64 AND generation = 'H100'),
                (SELECT max(e_prime) FROM claim_sys WHERE benchmark = 'bert'
                    AND accelerators BETWEEN 4 AND 64 AND generation = 'H100'),
                w.h_n, w.h_n0, w.h_e),
         CASE WHEN w.e_largest / b2.e_max > 1.25 OR w.e_largest / b2.e_min < 0.8
              THEN printf('contradicted as stated (comparable read as within 25%%): it is %.0f%% above '
                          || 'the best 2-GPU system; what holds is that it is far below the other '
                          || 'H100 systems, and that its own family''s curve loses %.0f%% of the '
                          || 'per-accelerator speed by %d', 100 * (w.e_largest / b2.e_max - 1),
                          100 * (1 - w.h_e), w.h_n)
              ELSE 'holds (comparable read as within 25%)' END
    FROM claim_w w JOIN claim_band b2 ON b2.benchmark = w.benchmark AND b2.lo = 2 AND b2.hi = 2
   WHERE w.benchmark = 'bert';

-- 5.2, Llama2 LoRA.
INSERT INTO claims
  SELECT 20, '5.2', 'Llama2 LoRA goes from about 4 to 1,024 GPUs; most configurations lie from 4 '
         || 'to 64 accelerators, with one point at 1,024.',
         printf('%d systems from %d to %d accelerators; %d of them from 4 to 64; %d at %d.',
                w.systems, w.n_min, w.n_max, b.n,
                (SELECT count(*) FROM claim_sys c WHERE c.benchmark = w.benchmark
                    AND c.accelerators = w.n_max), w.n_max),
         CASE WHEN w.n_min = 4 AND w.n_max = 1024 AND b.n * 2 > w.systems THEN 'holds'
              ELSE 'contradicted: see the data' END
    FROM claim_w w JOIN claim_band b ON b.benchmark = w.benchmark AND b.lo = 4 AND b.hi = 64
   WHERE w.benchmark = 'llama2_70b_lora'
  UNION ALL
  SELECT 21, '5.2', 'The NVIDIA H100-SXM5-80GB dominates a good part of the systems; Blackwell '
         || 'and H200 systems appear too.',
         'Systems per generation: ' || group_concat(printf('%s %d', generation, k), ', ') || '.',
         CASE WHEN max(CASE WHEN generation = 'H100' THEN k END) = max(k)
                   AND sum(generation = 'H200') > 0
                   AND sum(generation LIKE '%B200%' OR generation LIKE '%B300%') > 0
              THEN 'holds' ELSE 'contradicted: see the data' END
    FROM (SELECT generation, count(*) AS k FROM claim_sys WHERE benchmark = 'llama2_70b_lora'
           GROUP BY generation ORDER BY k DESC, generation)
  UNION ALL
  SELECT 22, '5.2', 'In modest configurations, 4 to 8 accelerators, the efficiency is above 1.',
         printf('%d of the %d systems of 4 to 8 accelerators have E'' above 1 (at 4: %.2f to %.2f; '
                || 'at 8: %.2f to %.2f; the H100 systems at 8, the reference''s generation: %.2f to '
                || '%.2f).', b48.above_1, b48.n, b4.e_min, b4.e_max, b8.e_min, b8.e_max,
                (SELECT min(e_prime) FROM claim_sys WHERE benchmark = 'llama2_70b_lora'
                    AND accelerators = 8 AND generation = 'H100'),
                (SELECT max(e_prime) FROM claim_sys WHERE benchmark = 'llama2_70b_lora'
                    AND accelerators = 8 AND generation = 'H100')),
         CASE WHEN b48.above_1 * 2 > b48.n
              THEN printf('holds with caveat: at %d accelerators E'' >= 1 by construction (the '
                          || 'reference is the slowest system of the smallest size), and at 8 the '
                          || 'highest, %.2f, is a %s, the reference a %s',
                          b4.lo, b8.e_max,
                          (SELECT generation FROM claim_sys WHERE benchmark = 'llama2_70b_lora'
                              AND accelerators = 8 ORDER BY e_prime DESC LIMIT 1),
                          (SELECT ref_gen FROM claim_w WHERE benchmark = 'llama2_70b_lora'))
              ELSE 'contradicted: most have E'' of 1 or less' END
    FROM claim_band b48
    JOIN claim_band b4 ON b4.benchmark = b48.benchmark AND b4.lo = 4 AND b4.hi = 4
    JOIN claim_band b8 ON b8.benchmark = b48.benchmark AND b8.lo = 8 AND b8.hi = 8
   WHERE b48.benchmark = 'llama2_70b_lora' AND b48.lo = 4 AND b48.hi = 8
  UNION ALL
  SELECT 23, '5.2', 'From 16 accelerators on, the efficiency curve falls visibly.',
         printf('E'' at 16 or more: %.2f to %.2f (%d systems, %d of them above 1); at 8: %.2f to %.2f.',
                b16.e_min, b16.e_max, b16.n, b16.above_1, b8.e_min, b8.e_max),
         CASE WHEN b16.above_1 = 0 AND b16.e_max < b8.e_min
              THEN 'holds: every system at 16 or more is below 1 and below every one at 8'
              WHEN b16.above_1 = 0 THEN 'holds: every system at 16 or more is below 1'
              ELSE 'contradicted: some system at 16 or more keeps E'' above 1' END
    FROM claim_band b16 JOIN claim_band b8 ON b8.benchmark = b16.benchmark AND b8.lo = 8 AND b8.hi = 8
   WHERE b16.benchmark = 'llama2_70b_lora' AND b16.lo = 16 AND b16.hi = 1000000
  UNION ALL
  SELECT 24, '5.2', 'The most scaled systems, 1,024 GPUs, finish the training significantly faster.',
         printf('The fastest system has %d accelerators: %.3f min, %.1f times faster than the '
                || 'reference (%d times its accelerators).', f.accelerators, f.minutes, f.speedup,
                f.accelerators / f.ref_accelerators),
         CASE WHEN f.accelerators = w.n_max THEN 'holds' ELSE 'contradicted: the fastest is smaller' END
    FROM claim_w w
    JOIN (SELECT * FROM claim_sys WHERE benchmark = 'llama2_70b_lora' ORDER BY minutes LIMIT 1) f
      USING (benchmark);

-- 5.2 and 5.4: an optimum in between. Read as the system with the most
-- speedup x E' (efficacy).
INSERT INTO claims
  SELECT 25, '5.2, 5.4', 'As for BERT, an optimal range of medium efficiencies combines reasonable '
         || 'times with a balanced use of resources (5.2); as in the other workloads, an '
         || 'intermediate point maximizes the relation between speed and per-GPU efficiency (5.4).',
         'The system with the most speedup x E'' (efficacy): '
         || group_concat(printf('%s at %d accelerators (E'' %.2f, %s)', wname, n, e_prime,
                                CASE WHEN inside THEN 'inside the range' ELSE 'the largest size' END),
                         '; ') || '.',
         CASE WHEN sum(inside) = count(*) THEN 'holds, read as the most speedup x E'''
              WHEN sum(inside) = 0 THEN 'contradicted: the optimum is the largest size everywhere'
              ELSE printf('holds for %s, contradicted for %s, where the optimum is the largest system '
                          || '(read as the most speedup x E''; section 6 tests four criteria)',
                          group_concat(CASE WHEN inside THEN wname END, ' and '),
                          group_concat(CASE WHEN NOT inside THEN wname END, ' and ')) END
    FROM (SELECT * FROM claim_efficacy ORDER BY pord);

-- 5.3, RetinaNet.
INSERT INTO claims
  SELECT 30, '5.3', 'RetinaNet''s systems go from two systems of 4 GPUs to more than 2,000 units.',
         printf('The smallest size is %d accelerators (%d system%s; the paper''s own Table 1 gives '
                || 'the reference %d accelerators); %d systems have 4; the largest has %d.',
                w.n_min, b2.n, CASE WHEN b2.n = 1 THEN '' ELSE 's' END, p.ref_accelerators, b4.n,
                w.n_max),
         CASE WHEN w.n_min = 4 AND b4.n = 2 AND w.n_max > 2000 THEN 'holds'
              WHEN w.n_max > 2000
              THEN printf('contradicted at the low end, by the data and by the paper''s Table 1: the '
                          || 'smallest system has %d accelerators, and %d systems (not two) have 4; '
                          || 'the upper end holds', w.n_min, b4.n)
              ELSE 'contradicted' END
    FROM claim_w w JOIN paper_table1 p USING (benchmark)
    JOIN claim_band b2 ON b2.benchmark = w.benchmark AND b2.lo = 2 AND b2.hi = 2
    JOIN claim_band b4 ON b4.benchmark = w.benchmark AND b4.lo = 4 AND b4.hi = 4
   WHERE w.benchmark = 'ssd'
  UNION ALL
  SELECT 31, '5.3', 'Several families appear (H100, Blackwell, H200); the most frequent, at '
         || 'different sizes, is the NVIDIA H100-SXM5-80GB.',
         'Systems per family (sizes): ' || group_concat(printf('%s %d (%s)', family, k, sizes), '; ')
         || '.',
         CASE WHEN max(CASE WHEN family = 'H100 SXM 80GB' THEN k END) = max(k)
                   AND max(CASE WHEN family = 'H100 SXM 80GB' THEN n_sizes END) = max(n_sizes)
              THEN 'holds' ELSE 'contradicted: see the data' END
    FROM (SELECT family, count(*) AS k, count(DISTINCT accelerators) AS n_sizes,
                 group_concat(DISTINCT accelerators) AS sizes
            FROM (SELECT * FROM claim_sys WHERE benchmark = 'ssd' ORDER BY accelerators)
           GROUP BY family ORDER BY k DESC, family)
  UNION ALL
  SELECT 32, '5.3', 'RetinaNet scales more linearly than Llama2 LoRA.',
         printf('E'' kept per doubling of the size (E''^(1/log2(n/n0))): over all systems, from the '
                || 'reference to the largest, RetinaNet %.3f (%d to %d) and Llama2 LoRA %.3f (%d to '
                || '%d); on the largest one-family curve, RetinaNet %.3f (%s, %d to %d) and Llama2 '
                || 'LoRA %.3f (%s, %d to %d).',
                r.doubling_all, r.ref_n, r.n_max, l.doubling_all, l.ref_n, l.n_max,
                r.doubling_h, r.h_family, r.h_n0, r.h_n, l.doubling_h, l.h_family, l.h_n0, l.h_n),
         CASE WHEN r.doubling_all > l.doubling_all AND r.doubling_h > l.doubling_h + 0.01
              THEN 'holds'
              WHEN r.doubling_all > l.doubling_all
              THEN printf('holds with caveat: only over all systems, which mix generations; on one '
                          || 'family the two keep %.3f and %.3f per doubling, %s',
                          r.doubling_h, l.doubling_h,
                          CASE WHEN abs(r.doubling_h - l.doubling_h) <= 0.01
                               THEN 'within 0.01 of each other' ELSE 'Llama2 LoRA the more' END)
              ELSE 'contradicted: Llama2 LoRA keeps more per doubling over all systems' END
    FROM claim_w r JOIN claim_w l ON l.benchmark = 'llama2_70b_lora'
   WHERE r.benchmark = 'ssd'
  UNION ALL
  SELECT 33, '5.3', 'At 8 GPUs the efficiency stays medium to high; beyond that limit the slope '
         || 'of the efficiency curve steepens.',
         printf('E'' at 8: %.2f to %.2f (%d systems); from 9 to 64: %.2f to %.2f; at %d: %.2f.',
                b8.e_min, b8.e_max, b8.n, bm.e_min, bm.e_max, w.n_max, w.e_largest),
         CASE WHEN bm.e_max < b8.e_max AND w.e_largest < bm.e_min
              THEN printf('holds with caveat: E'' falls past 8, but stays from %.2f to %.2f up to 64 '
                          || '(the curve is flat there) and falls steeply only towards %d',
                          bm.e_min, bm.e_max, w.n_max)
              ELSE 'contradicted: see the data' END
    FROM claim_w w
    JOIN claim_band b8 ON b8.benchmark = w.benchmark AND b8.lo = 8 AND b8.hi = 8
    JOIN claim_band bm ON bm.benchmark = w.benchmark AND bm.lo = 9 AND bm.hi = 64
   WHERE w.benchmark = 'ssd'
  UNION ALL
  SELECT 34, '5.3', printf('The machines with %d accelerators land in the zone of low efficiency.',
                           w.n_max),
         printf('E'' at %d: %.2f, the lowest of the %d systems (the next lowest: %.2f).', w.n_max,
                w.e_largest, w.systems,
                (SELECT e_prime FROM claim_sys WHERE benchmark = 'ssd' ORDER BY e_prime LIMIT 1 OFFSET 1)),
         CASE WHEN w.e_largest = (SELECT min(e_prime) FROM claim_sys WHERE benchmark = 'ssd')
              THEN 'holds' ELSE 'contradicted: it is not the lowest' END
    FROM claim_w w WHERE w.benchmark = 'ssd';

-- 5.4, Stable Diffusion.
INSERT INTO claims
  SELECT 40, '5.4', 'Stable Diffusion goes from 4 to 1,024 GPUs, has TPU-v5p systems, several '
         || 'machines per configuration, and H100 systems at many sizes.',
         printf('%d systems from %d to %d accelerators; %d TPU v5p systems; %d of the %d sizes have '
                || 'more than one system; H100 systems at %d sizes.', w.systems, w.n_min, w.n_max,
                (SELECT count(*) FROM claim_sys WHERE benchmark = w.benchmark AND generation = 'TPU v5p'),
                (SELECT count(*) FROM (SELECT 1 FROM claim_sys WHERE benchmark = w.benchmark
                   GROUP BY accelerators HAVING count(*) > 1)),
                (SELECT count(DISTINCT accelerators) FROM claim_sys WHERE benchmark = w.benchmark),
                (SELECT count(DISTINCT accelerators) FROM claim_sys WHERE benchmark = w.benchmark
                    AND generation = 'H100')),
         CASE WHEN w.n_min = 4 AND w.n_max = 1024
                   AND EXISTS (SELECT 1 FROM claim_sys WHERE benchmark = w.benchmark
                                  AND generation = 'TPU v5p')
              THEN 'holds' ELSE 'contradicted: see the data' END
    FROM claim_w w WHERE w.benchmark = 'stable_diffusion'
  UNION ALL
  SELECT 41, '5.4', 'Moderate configurations, 4 to 8 GPUs, have moderate to high efficiency.',
         printf('E'' at 4 to 8: %.2f to %.2f, %d of %d above 1; the lowest at 8 is %s %s (%s, %.2f).',
                b.e_min, b.e_max, b.above_1, b.n, m.submitter, m.system, m.generation, m.e_prime),
         CASE WHEN b.e_min >= 0.5
              THEN printf('holds with caveat (moderate read as 0.5 or more): %d of the %d are '
                          || 'below 1, the lowest a %s (another generation than the reference''s %s)',
                          b.n - b.above_1, b.n,
                          m.generation, m.ref_generation)
              ELSE 'contradicted (moderate read as 0.5 or more): some keep less' END
    FROM claim_band b
    JOIN (SELECT * FROM claim_sys WHERE benchmark = 'stable_diffusion' AND accelerators = 8
           ORDER BY e_prime LIMIT 1) m USING (benchmark)
   WHERE b.lo = 4 AND b.hi = 8
  UNION ALL
  SELECT 42, '5.4', 'With more accelerators, 16, 32 or even hundreds, the efficiency falls notably.',
         printf('E'' at 16 to 32: %.2f to %.2f; at 100 or more: %.2f to %.2f (%d systems); at 4 to 8: '
                || '%.2f to %.2f.', b1.e_min, b1.e_max, b2.e_min, b2.e_max, b2.n, b0.e_min, b0.e_max),
         CASE WHEN b2.e_max < b1.e_min AND b1.e_max < b0.e_max THEN 'holds' ELSE 'contradicted' END
    FROM claim_band b1
    JOIN claim_band b2 ON b2.benchmark = b1.benchmark AND b2.lo = 100
    JOIN claim_band b0 ON b0.benchmark = b1.benchmark AND b0.lo = 4 AND b0.hi = 8
   WHERE b1.benchmark = 'stable_diffusion' AND b1.lo = 16 AND b1.hi = 32;

-- The causes the paper names, and the comparison its conclusions draw.
INSERT INTO claims
  SELECT 50, '5.1, 5.3, 5.4', 'The causes: communication overhead not yet significant at 8 GPUs '
         || '(5.1), less parameter synchronization per iteration (5.3), bottlenecks in gradient '
         || 'communication and synchronization (5.4).',
         'MLPerf''s logs hold times, not communication: no number of this page measures it.',
         'not checkable from the times: a decomposition is not a cause (section 10 splits the loss '
         || 'of E'' into throughput and convergence; larger systems also run larger batches)'
  UNION ALL
  SELECT 51, '7', 'Stable Diffusion and Llama2 LoRA show a larger fall of efficiency with many GPUs.',
         'E'' kept per doubling of the size, over all systems (from the reference to the largest) '
         || 'and on the largest one-family curve: '
         || group_concat(printf('%s %.3f and %.3f (%s)', wname, doubling_all, doubling_h, h_family),
                         '; ') || '.',
         CASE WHEN (SELECT group_concat(benchmark) FROM (SELECT benchmark FROM claim_w
                      ORDER BY doubling_all LIMIT 2))
                   IN ('stable_diffusion,llama2_70b_lora', 'llama2_70b_lora,stable_diffusion')
              THEN CASE WHEN (SELECT group_concat(benchmark) FROM (SELECT benchmark FROM claim_w
                               ORDER BY doubling_h LIMIT 2))
                            IN ('stable_diffusion,llama2_70b_lora', 'llama2_70b_lora,stable_diffusion')
                        THEN 'holds'
                        ELSE printf('holds with caveat: over all systems, which mix generations, '
                                    || 'the two keep the least per doubling; on one family the '
                                    || 'least is kept by %s', (SELECT group_concat(wname, ' and ')
                                      FROM (SELECT wname FROM claim_w ORDER BY doubling_h LIMIT 2)))
                   END
              ELSE printf('contradicted: over all systems the least per doubling is kept by %s',
                          (SELECT group_concat(wname, ' and ') FROM (SELECT wname FROM claim_w
                             ORDER BY doubling_all LIMIT 2))) END
    FROM (SELECT * FROM claim_w ORDER BY pord);

-- The subsection, after the per-workload conclusions (part 90).
-- Each verdict's kind, and the tally the text and the answers read: a
-- verdict that holds for some workloads and not others counts as
-- contradicted, at least in part.
CREATE TEMP VIEW claim_kind AS
  SELECT verdict, CASE WHEN verdict LIKE 'holds with caveat%' THEN 'caveat'
                   WHEN verdict LIKE 'contradicted%' OR verdict LIKE 'holds for%' THEN 'contradicted'
                   WHEN verdict LIKE 'holds%' THEN 'holds'
                   WHEN verdict LIKE 'not checkable%' THEN 'unchecked' END AS kind
    FROM claims WHERE verdict IS NOT NULL;
CREATE TEMP VIEW claim_tally AS
  SELECT count(*) AS n, sum(kind = 'holds') AS holds, sum(kind = 'caveat') AS caveat,
         sum(kind = 'contradicted') AS contradicted, sum(kind = 'unchecked') AS unchecked
    FROM claim_kind;

INSERT INTO page
  SELECT 8, 90, 0, 0, 'h3', 'The paper''s claims, judged', NULL
   WHERE EXISTS (SELECT 1 FROM claims)
  UNION ALL
  SELECT 8, 90, 1, 0, 'p', printf('Each claim of the paper''s section 5 (and the comparison of its '
         || 'conclusions), paraphrased, beside what the data of its round say, every number computed '
         || 'from the official scores when the page is built. E'' is the paper''s, against each '
         || 'workload''s reference (section 1). %d claims hold, %d hold with a caveat, %d are '
         || 'contradicted, at least in part, and %d cannot be checked from the data.',
         holds, caveat, contradicted, unchecked), NULL
    FROM claim_tally WHERE EXISTS (SELECT 1 FROM claims)
  UNION ALL
  SELECT 8, 90, 2, -1, 'caption', 'The paper''s claims against the data', NULL
   WHERE EXISTS (SELECT 1 FROM claims)
  UNION ALL
  SELECT 8, 90, 2, 0, 'th', json_array('section', 'the paper says', 'the data say', 'verdict'), NULL
   WHERE EXISTS (SELECT 1 FROM claims)
  UNION ALL
  SELECT 8, 90, 2, row_number() OVER (ORDER BY ord), 'tr',
         json_array(section, claim, data, verdict),
         CASE WHEN (SELECT kind FROM claim_kind k WHERE k.verdict = claims.verdict LIMIT 1)
                   = 'contradicted'
              THEN 'hl' END
    FROM claims;
