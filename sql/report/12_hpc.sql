-- sql/report/12_hpc.sql: section 12, MLPerf HPC beside Training. Every
-- number from the model's HPC views (sql/model_hpc.sql,
-- sql/model_hpc_scaling.sql): the largest n of all MLPerf, speedup and E'
-- along strong-scaling curves, weak scaling per accelerator against the
-- number of instances with both instance scales, strong against weak on
-- one machine type, and CPU-only Fugaku beside GPUs. Copies across rounds
-- are left out of every count (the views drop them). Without HPC rounds in
-- the database (make report ROOT=...) the section says so.

CREATE TEMP TABLE hpc_loaded AS
  SELECT count(DISTINCT round) AS rounds, group_concat(DISTINCT round) AS names,
         (SELECT count(*) FROM hpc_strong WHERE minutes IS NOT NULL) AS strong,
         (SELECT count(*) FROM hpc_strong WHERE minutes IS NOT NULL AND copy_of IS NOT NULL)
           AS strong_copies,
         (SELECT count(*) FROM hpc_weak WHERE models IS NOT NULL) AS weak,
         (SELECT count(*) FROM hpc_weak WHERE models IS NOT NULL AND copy_of IS NOT NULL)
           AS weak_copies,
         (SELECT count(*) FROM hpc_weak WHERE models IS NOT NULL AND copy_of IS NULL
             AND whole_system) AS whole
    FROM (SELECT DISTINCT round FROM hpc_runs ORDER BY round);

CREATE TEMP TABLE hpc_curves AS SELECT * FROM hpc_strong_scaling;
CREATE TEMP TABLE hpc_weak_rows AS SELECT * FROM hpc_weak_scaling;
CREATE TEMP TABLE hpc_sw AS SELECT * FROM hpc_strong_weak;
CREATE TEMP TABLE hpc_largest AS SELECT * FROM mlperf_largest;

-- A machine type as the page names it.
CREATE TEMP VIEW hpc_curve_names AS
  SELECT DISTINCT round, benchmark, division, accelerator, host, per_node, unit, sizes, n0, n_max,
         round || ' ' || benchmark || ' ' || division || ': '
         || CASE WHEN unit = 'node' THEN host || ' (CPU only)' ELSE accelerator END AS label
    FROM hpc_curves;

INSERT INTO page VALUES
  (12, 0, 1, 0, 'h2', '12. MLPerf HPC: strong and weak scaling at the largest scales', 'hpc');

INSERT INTO page
  SELECT 12, 0, 2, 0, 'p',
         CASE WHEN l.rounds = 0 THEN
           'No MLPerf HPC round is in this database (the page was built from one Training '
           || 'checkout); make report without ROOT loads the shipped HPC rounds, '
           || 'sql/rounds/mlperf_hpc_all.sql.'
         ELSE printf('MLPerf HPC (rounds %s, each scored under its own rules; v0.7 with the '
           || '1.0.0 summarizer''s functions and no compliance step, since no checker '
           || 'configuration for it exists) measures two kinds of scaling: strong, the time to '
           || 'train one model, scored as Training''s time; and weak, M models trained on one '
           || 'machine, each instance on S accelerators, scored as the throughput M / TTTa in '
           || 'models per minute. It holds %d strong and %d weak scores of their own; %d strong and '
           || '%d weak more copy a folder published earlier (Fugaku''s in v2.0 and v3.0, TACC''s, '
           || 'Dell''s, HPE+LBNL''s renamed LBNL runs: docs/hpc.md) and are counted nowhere '
           || 'below. A CPU-only machine (Fugaku, Cori KNL) has no accelerator: its size is '
           || 'counted in nodes, and it is never placed on an accelerator axis or in an E'' '
           || 'with a GPU machine. Every statement below holds for its round, machine and '
           || 'benchmark; none is a cause.',
           replace(l.names, ',', ', '), l.strong - l.strong_copies, l.weak - l.weak_copies,
           l.strong_copies, l.weak_copies) END, NULL
    FROM hpc_loaded l;

-- 12.1 The largest n of all MLPerf.
INSERT INTO page
  SELECT 12, 0, 3, 0, 'h3', 'The largest systems of all MLPerf', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0);
INSERT INTO page
  SELECT 12, 0, 4, 0, 'p', printf('In accelerators, the largest MLPerf result is Training''s: '
         || '%,d accelerators (%s %s, %s, round %s). HPC''s largest GPU result is weak scaling, '
         || '%,d GPUs (%s %s, %s, round %s) training many models at once; its largest strong '
         || 'result, one model, used %,d GPUs (%s %s, %s, round %s). Fugaku''s %,d nodes (weak, '
         || 'round %s) are the largest count of any MLPerf result, but in CPU nodes, not '
         || 'accelerators: the numbers are not of one unit. A Training result that repeats an '
         || 'earlier round''s time is marked and is no new evidence.',
         t.n, t.submitter, t.system, t.benchmark, t.round,
         w.n, w.submitter, w.system, w.benchmark, w.round,
         s.n, s.submitter, s.system, s.benchmark, s.round, f.n, f.round), NULL
    FROM (SELECT * FROM hpc_largest WHERE suite = 'training'
           ORDER BY n DESC, round LIMIT 1) t,
         (SELECT * FROM hpc_largest WHERE suite = 'hpc' AND scaling = 'weak' AND unit = 'accelerator'
           ORDER BY n DESC, round LIMIT 1) w,
         (SELECT * FROM hpc_largest WHERE suite = 'hpc' AND scaling = 'strong' AND unit = 'accelerator'
           ORDER BY n DESC, round LIMIT 1) s,
         (SELECT * FROM hpc_largest WHERE suite = 'hpc' AND unit = 'node'
           ORDER BY n DESC, round LIMIT 1) f;
INSERT INTO page
  SELECT 12, 0, 5, -1, 'caption', 'The largest scored system of each suite, kind of scaling, round '
         || 'and unit (HPC copies left out; weak: n is the whole machine)', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0)
  UNION ALL
  SELECT 12, 0, 5, 0, 'th', json_array('suite, scaling', 'round', 'n', 'system',
         'benchmark, division', 'score'), NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0)
  UNION ALL
  SELECT 12, 0, 5, row_number() OVER (ORDER BY suite DESC, scaling, round, unit), 'tr',
         json_array(CASE suite WHEN 'hpc' THEN 'HPC' ELSE 'Training' END || ' ' || scaling, round,
                    printf('%,d %ss', n, unit), submitter || ' ' || system,
                    benchmark || ', ' || division,
                    CASE WHEN minutes IS NOT NULL THEN printf('%.3f min', minutes)
                         ELSE printf('%.3f models/min', throughput) END
                    || CASE WHEN repeat_of IS NOT NULL
                            THEN ' (repeats ' || repeat_of || ')' ELSE '' END),
         CASE WHEN repeat_of IS NOT NULL THEN 'off' END
    FROM hpc_largest
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0);

-- 12.2 Strong scaling: speedup and E' along one machine type's curve.
INSERT INTO page
  SELECT 12, 0, 6, 0, 'h3', 'Strong scaling: speedup and E'' along one machine''s curve', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0);
INSERT INTO page
  SELECT 12, 0, 7, 0, 'p', printf('A strong-scaling curve here is one round, benchmark and '
         || 'division on one machine type (accelerator model, host processor, accelerators per '
         || 'node), the fastest result of each size, against the curve''s smallest size n0: '
         || 'speedup = t0 / t and E'' = (t0 x n0) / (t x n), the paper''s metrics. %d curves have '
         || 'two sizes or more (the most sizes on one curve: %d), so no scaling_fit or break-even '
         || 'is drawn: a law of two parameters through two points fits exactly and tests nothing. '
         || 'E'' at the largest size runs from %.3f to %.3f and is below 1 on %d of the %d '
         || 'curves: on each of those the time fell by less than the size grew, for that round, '
         || 'machine and benchmark. The interval of E'' (e_prime_interval, 95%%) is shown by one '
         || 'rule, the same as for Training: where the conditions of its simulated coverage hold '
         || '(docs/metrics.md: %d or %d runs per result, %d dropped from each end, at most %d '
         || 'failed run, a run spread (standard deviation of the log minutes) of at most %.3f, '
         || 'the widest of the simulated runs that cluster by evaluations; simulated coverage '
         || '93-97%% there); %s. The interval '
         || 'takes the two results as given and their noise as one of the simulated shapes.',
         count(*), max(sizes), min(e_prime), max(e_prime), sum(e_prime < 1), count(*),
         (SELECT runs_few FROM e_prime_interval_rule), (SELECT runs_many FROM e_prime_interval_rule),
         (SELECT max_dropped FROM e_prime_interval_rule),
         (SELECT unconverged_max FROM e_prime_interval_rule),
         (SELECT sd_log_max FROM e_prime_interval_rule),
         CASE WHEN sum(low IS NOT NULL) = count(*)
              THEN printf('all %d curves qualify', count(*))
              ELSE printf('%d of the %d curves qualify, the others show why not',
                          sum(low IS NOT NULL), count(*)) END), NULL
    FROM hpc_curves WHERE n = n_max
  HAVING count(*) > 0;
INSERT INTO page
  SELECT 12, 0, 8, -1, 'caption', 'Strong-scaling curves of MLPerf HPC: each size against the '
         || 'curve''s smallest (n in accelerators, or in nodes on a CPU-only machine)', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_curves)
  UNION ALL
  SELECT 12, 0, 8, 0, 'th', json_array('curve', 'machine', 'n0 - n', 'system at n',
         't0 - t (min)', 'speedup', 'E''', 'E'' 95% interval'), NULL
   WHERE EXISTS (SELECT 1 FROM hpc_curves)
  UNION ALL
  SELECT 12, 0, 8, row_number() OVER (ORDER BY round, benchmark, division, unit, accelerator,
                                             host, n), 'tr',
         json_array(round || ' ' || benchmark || ' ' || division,
                    CASE WHEN unit = 'node' THEN host || ' (CPU only)' ELSE accelerator END,
                    printf('%,d - %,d %ss', n0, n, unit), submitter || ' ' || system,
                    printf('%.3f - %.3f', t0, t), printf('%.3f', speedup),
                    printf('%.3f', e_prime),
                    CASE WHEN low IS NOT NULL THEN printf('%.3f - %.3f', low, high)
                         ELSE 'none: ' || interval_note END), NULL
    FROM hpc_curves WHERE n <> n0;

-- The GPU curves, at most 6 to a figure (grouped in the order of their
-- labels); the points reach svg_plot in the order of the subquery.
INSERT INTO page
  SELECT 12, 0, 9, grp, 'figure',
         svg_plot(n, e_prime, label,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', printf('MLPerf HPC: strong-scaling E'' along GPU curves (%d)',
                                              grp + 1),
                              'x_label', 'GPUs (log2)', 'x_scale', 'log2',
                              'y_label', 'E'' against the curve''s smallest size',
                              'kind', 'line', 'width', 860, 'height', 420,
                              'legend', json('true'),
                              'ref_lines', json_array(json_object('y', 1, 'label', 'linear')))),
         'Each line one round, benchmark and GPU model, the fastest result per size; E'' = 1 is '
         || 'linear scaling from the smallest size. Fugaku''s CPU-only curve is in the table only: '
         || 'its nodes are no GPUs.'
    FROM (SELECT c.n, c.e_prime, k.label, (k.pos - 1) / 6 AS grp
            FROM hpc_curves c
            JOIN (SELECT label, round, benchmark, division, accelerator, host, per_node,
                         row_number() OVER (ORDER BY label) AS pos
                    FROM hpc_curve_names WHERE unit = 'accelerator') k
              ON k.round = c.round AND k.benchmark = c.benchmark AND k.division = c.division
             AND k.accelerator IS c.accelerator AND k.host IS c.host AND k.per_node IS c.per_node
           ORDER BY k.label, c.n)
   GROUP BY grp;

-- 12.3 Weak scaling: throughput per accelerator against the instances.
INSERT INTO page
  SELECT 12, 0, 10, 0, 'h3', 'Weak scaling: throughput per accelerator against the number of '
         || 'instances', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0);
INSERT INTO page
  SELECT 12, 0, 11, 0, 'p', printf('Per weak result, the throughput M / TTTa divided by the '
         || 'machine: by the whole system the description states (system size N, every '
         || 'accelerator or node whether busy or not), and by the accelerators the logs claim '
         || 'were busy at once (the most instances running at one time x the logs'' S). %d of the '
         || '%d weak results log the whole system''s size as each instance''s S while %s '
         || 'instances ran at once: S cannot be each instance''s size there, and both S values '
         || 'are shown, the logs'' (the official one) and the description''s N / (instances at '
         || 'once); their per-accelerator throughput by the logs is too small by that factor. '
         || 'Per accelerator of the whole system, the GPU results give %.1f to %.1f models per '
         || '1,000 GPU-hours; the result with the most instances (%d, %s %s %s, round %s) gives '
         || '%.1f, the one with the fewest (%d, %s %s %s, round %s) %.1f. Across these results '
         || 'the rounds, GPUs and benchmarks differ with the number of instances, so the trend '
         || 'is no effect of M alone.',
         (SELECT count(*) FROM hpc_weak_rows WHERE whole_system),
         (SELECT count(*) FROM hpc_weak_rows),
         (SELECT printf('%d to %d', min(concurrent_max), max(concurrent_max))
            FROM hpc_weak_rows WHERE whole_system),
         60000 * min(a.per_unit_described), 60000 * max(a.per_unit_described),
         hi.models, hi.submitter, hi.system, hi.benchmark, hi.round,
         60000 * hi.per_unit_described,
         lo.models, lo.submitter, lo.system, lo.benchmark, lo.round,
         60000 * lo.per_unit_described), NULL
    FROM hpc_weak_rows a,
         (SELECT * FROM hpc_weak_rows WHERE unit = 'accelerator'
           ORDER BY models DESC, round, submitter, system, benchmark LIMIT 1) hi,
         (SELECT * FROM hpc_weak_rows WHERE unit = 'accelerator'
           ORDER BY models, round, submitter, system, benchmark LIMIT 1) lo
   WHERE a.unit = 'accelerator'
  HAVING count(*) > 0;
INSERT INTO page
  SELECT 12, 0, 12, -1, 'caption', 'Weak-scaling results of MLPerf HPC (copies left out): M '
         || 'models, the instance scale S as the logs state it and as the system description '
         || 'allows, throughput, and per 1,000 accelerator-hours (node-hours on CPU-only Fugaku) '
         || 'by either S', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_weak_rows)
  UNION ALL
  SELECT 12, 0, 12, 0, 'th', json_array('round, benchmark', 'result', 'M', 'S: logs / '
         || 'description', 'N (system)', 'at once', 'TTTa (min)', 'models/min',
         'per 1,000 unit-hours: N / logs'' S', 'logs: whole system'), NULL
   WHERE EXISTS (SELECT 1 FROM hpc_weak_rows)
  UNION ALL
  SELECT 12, 0, 12, row_number() OVER (ORDER BY benchmark, round, submitter, system), 'tr',
         json_array(round || ' ' || benchmark, submitter || ' ' || system, models,
                    printf('%,d / %.1f', instance_scale, instance_scale_described),
                    printf('%,d %ss', system_scale, unit), concurrent_max,
                    printf('%.2f', ttt_minutes), printf('%.4f', throughput),
                    printf('%.2f / %.2f', 60000 * per_unit_described, 60000 * per_unit_logs),
                    CASE WHEN whole_system THEN 'yes' ELSE 'no' END),
         CASE WHEN whole_system THEN 'off' END
    FROM hpc_weak_rows;

INSERT INTO page
  SELECT 12, 0, 13, 0, 'figure',
         svg_plot(models, per_hours, benchmark,
                  json_object('footer', (SELECT svg_footer FROM report_legend), 'title', 'MLPerf HPC weak scaling: throughput per GPU against '
                                       || 'the number of instances',
                              'x_label', 'instances M (log2)', 'x_scale', 'log2',
                              'y_label', 'models per 1,000 GPU-hours',
                              'y_scale', 'log10', 'width', 860, 'height', 420,
                              'legend', json('true'))),
         'Each point one weak result on GPUs (copies left out), per 1,000 hours of every GPU '
         || 'of the system description. Rounds and GPU models differ along the axis; Fugaku''s CPU-only results are in '
         || 'the table only.'
    FROM (SELECT models, 60000 * per_unit_described AS per_hours, benchmark
            FROM hpc_weak_rows WHERE unit = 'accelerator'
           ORDER BY benchmark, models, round, submitter, system)
  HAVING count(*) > 0;

-- 12.4 Strong against weak on one machine type.
INSERT INTO page
  SELECT 12, 0, 14, 0, 'h3', 'Strong against weak at the same size', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_loaded WHERE rounds > 0);
INSERT INTO page
  SELECT 12, 0, 15, 0, 'p', printf('Where a round has a strong and a weak result of one machine '
         || 'type and benchmark at the same size, two comparisons: the whole machine (N units '
         || 'training one model against many; the ratio is the weak throughput over the strong '
         || 'result''s 1 / minutes) and one instance (a weak instance of n units among others '
         || 'against the strong result on n units alone; the ratio is the instances'' mean '
         || 'minutes over the strong minutes). %d such comparisons exist. On the whole machine, '
         || 'many models gave %s times the models per minute one model did. Where the logs'' S is '
         || 'the whole system, an instance comparison at that S compares no instance at all, so '
         || 'it is left out (%d such); the comparison at the description''s S stays. %d '
         || 'comparison(s) share runs with the '
         || 'strong result (Fugaku''s open strong runs are ten of its weak instances), so they '
         || 'are partly the same runs. The weak and strong submissions may use other batch sizes '
         || 'and hyperparameters: a ratio is what the two scores say, not the cost of running '
         || 'concurrently.',
         sum(NOT (whole_system AND compare = 'instance (logs)')),
         (SELECT group_concat(printf('%.2f (%s %s, %s %s)', ratio, round, benchmark,
                                     weak_submitter, printf('%,d', size)), ', ')
            FROM (SELECT * FROM hpc_sw WHERE compare = 'system'
                   ORDER BY round, benchmark, weak_submitter, weak_system)),
         sum(whole_system AND compare = 'instance (logs)'),
         sum(shared_runs > 0 AND NOT (whole_system AND compare = 'instance (logs)'))), NULL
    FROM hpc_sw HAVING count(*) > 0;
INSERT INTO page
  SELECT 12, 0, 16, -1, 'caption', 'Strong against weak on one machine type at the same size '
         || '(where the logs state the whole system as one instance, only the comparisons at the '
         || 'whole system and at the description''s instance size)', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_sw)
  UNION ALL
  SELECT 12, 0, 16, 0, 'th', json_array('round, benchmark', 'weak result', 'compare, size',
         'weak', 'strong result', 'strong (min)', 'ratio', 'runs shared',
         'logs: whole system'), NULL
   WHERE EXISTS (SELECT 1 FROM hpc_sw)
  UNION ALL
  SELECT 12, 0, 16, row_number() OVER (ORDER BY round, benchmark, weak_submitter, weak_system,
                                              compare), 'tr',
         json_array(round || ' ' || benchmark, weak_submitter || ' ' || weak_system,
                    printf('%s, %,d', compare, CAST(round(size) AS INTEGER)),
                    CASE compare WHEN 'system' THEN printf('%.4f models/min', throughput)
                                 ELSE printf('%.2f min an instance', instance_minutes) END,
                    strong_submitter || ' ' || strong_system,
                    printf('%.3f', strong_minutes), printf('%.3f', ratio), shared_runs,
                    CASE WHEN whole_system THEN 'yes' ELSE 'no' END), NULL
    FROM hpc_sw WHERE NOT (whole_system AND compare = 'instance (logs)');

-- 12.5 CPU-only Fugaku beside GPUs.
INSERT INTO page
  SELECT 12, 0, 17, 0, 'h3', 'CPU-only Fugaku beside GPUs', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_strong_points WHERE unit = 'node');
INSERT INTO page
  SELECT 12, 0, 18, 0, 'p', 'E'' compares time x size: (t0 x n0) / (t x n). Along one machine''s '
         || 'curve the unit cancels, so on Fugaku E'' compares node-minutes (one A64FX processor '
         || 'per node) and says how much of the added nodes turned into a shorter time: '
         || coalesce((SELECT printf('from %,d to %,d nodes (round %s) E'' is %.3f, the time fell '
                                    || '%.2f-fold for %.0f times the nodes',
                                    n0, n, round, e_prime, speedup, CAST(n AS REAL) / n0)
                        FROM hpc_curves WHERE unit = 'node' AND n = n_max
                       ORDER BY round LIMIT 1), 'no Fugaku curve has two sizes')
         || '. Between Fugaku and a GPU machine E'' would divide node-minutes by GPU-minutes: '
         || 'that is the exchange rate of an A64FX node for a GPU (price, power and generation '
         || 'differ), not scaling, so the page computes none. What can be compared is the time '
         || 'to train one CosmoFlow model and the resource-minutes spent, each in its own unit:',
         NULL
   WHERE EXISTS (SELECT 1 FROM hpc_strong_points WHERE unit = 'node');
INSERT INTO page
  SELECT 12, 0, 19, -1, 'caption', 'CosmoFlow strong scaling per round: every CPU-only result '
         || 'and the fastest GPU result (copies left out)', NULL
   WHERE EXISTS (SELECT 1 FROM hpc_strong_points WHERE unit = 'node')
  UNION ALL
  SELECT 12, 0, 19, 0, 'th', json_array('round', 'system', 'division', 'n',
         'minutes', 'unit-minutes (n x minutes)'), NULL
   WHERE EXISTS (SELECT 1 FROM hpc_strong_points WHERE unit = 'node')
  UNION ALL
  SELECT 12, 0, 19, row_number() OVER (ORDER BY round, unit DESC, n, submitter, system), 'tr',
         json_array(round, submitter || ' ' || system, division, printf('%,d %ss', n, unit),
                    printf('%.3f', minutes), printf('%,d', CAST(round(n * minutes) AS INTEGER))), NULL
    FROM (SELECT * FROM hpc_strong_points
           WHERE benchmark = 'cosmoflow'
             AND (unit = 'node'
                  OR (submitter, system) = (SELECT g.submitter, g.system FROM hpc_strong_points g
                                             WHERE g.round = hpc_strong_points.round
                                               AND g.benchmark = 'cosmoflow'
                                               AND g.unit = 'accelerator'
                                             ORDER BY g.minutes, g.submitter, g.system LIMIT 1)))
   WHERE EXISTS (SELECT 1 FROM hpc_strong_points WHERE unit = 'node');
