-- sql/data/critical_coverage.sql: the measured coverage of critical_batch's
-- 95% intervals of b_noise and e_min (the view rcp_critical_batch's), per
-- design: the simulation tests/bench/critical_coverage.py prints (data made
-- from E(B) = E_min (1 + B / B_noise) with the RCPs' batch sizes, run
-- counts and standard deviations, a random miss of the line per batch
-- size of the RCPs' own size, tau_rel of the mean, and convergence seen
-- only at evaluations, every eval_interval of rcp_brackets; 300
-- replications, 2000 resamples, a fixed seed). b_noise_coverage and
-- e_min_coverage: the primary interval, which carries the misfit, of the
-- fit at the brackets' midpoints (as the view fits); the _noise_ ones: the
-- run-noise bootstrap on the same data; the _at_ ones: the primary
-- interval of the fit at the evaluations themselves (the RCP means as
-- published), which the view does not show. Copied from its output;
-- tests/critical_check.test checks that every row is still what it prints.
-- Read by sql/model.sql; the report (section 11) names the intervals by it.
CREATE TABLE IF NOT EXISTS critical_coverage(ruleset TEXT NOT NULL, benchmark TEXT NOT NULL,
                                             points INTEGER, runs INTEGER, replications INTEGER,
                                             b_noise_coverage REAL, e_min_coverage REAL,
                                             refused INTEGER, tau_rel REAL,
                                             b_noise_noise_coverage REAL,
                                             e_min_noise_coverage REAL,
                                             b_noise_at_coverage REAL,
                                             e_min_at_coverage REAL,
                                             PRIMARY KEY(ruleset, benchmark));
INSERT OR REPLACE INTO critical_coverage VALUES
  ('4.1.0', 'bert', 13, 263, 300, 0.9600, 0.9467, 0, 0.0638, 0.2367, 0.2600, 0.9600, 0.9500),
  ('4.1.0', 'dlrm_dcnv2', 5, 248, 300, 0.9500, 0.9400, 0, 0.0178, 0.5067, 0.5500, 0.9467, 0.8333),
  ('4.1.0', 'gnn', 5, 100, 300, 0.8833, 0.9400, 0, 0.0080, 0.8867, 0.8233, 0.6767, 0.4033),
  ('4.1.0', 'llama2_70b_lora', 4, 80, 300, 0.9600, 0.9433, 0, 0.1149, 0.1867, 0.1767, 0.9533, 0.9433),
  ('4.1.0', 'ssd', 9, 148, 300, 0.9400, 0.9367, 0, 0.1140, 0.1600, 0.1400, 0.8833, 0.8000),
  ('4.1.0', 'stable_diffusion', 4, 55, 300, 0.9500, 0.9733, 0, 0.0511, 0.6567, 0.6100, 0.9500, 0.7467),
  ('5.0.0', 'llama31_405b', 6, 36, 300, 0.9767, 0.9900, 0, 0.0000, 0.9100, 0.8867, 0.8833, 0.4967);
