-- sql/data/critical_coverage.sql: the measured coverage of critical_batch's
-- 95% intervals of b_noise and e_min (the view rcp_critical_batch's), per
-- design: the simulation tests/bench/critical_coverage.py prints (data made
-- from E(B) = E_min (1 + B / B_noise) with the RCPs' batch sizes, run
-- counts and standard deviations, and a random miss of the line per batch
-- size of the RCPs' own size, tau_rel of the mean; 300 replications, 2000
-- resamples, a fixed seed). b_noise_coverage and e_min_coverage: the
-- primary interval, which carries the misfit; the _noise_ ones: the
-- run-noise bootstrap on the same data. Copied from its output;
-- tests/critical_check.test checks that every row is still what it prints.
-- Read by sql/model.sql; the report (section 11) names the intervals by it.
CREATE TABLE IF NOT EXISTS critical_coverage(ruleset TEXT NOT NULL, benchmark TEXT NOT NULL,
                                             points INTEGER, runs INTEGER, replications INTEGER,
                                             b_noise_coverage REAL, e_min_coverage REAL,
                                             refused INTEGER, tau_rel REAL,
                                             b_noise_noise_coverage REAL,
                                             e_min_noise_coverage REAL,
                                             PRIMARY KEY(ruleset, benchmark));
INSERT OR REPLACE INTO critical_coverage VALUES
  ('4.1.0', 'bert', 13, 263, 300, 0.9600, 0.9467, 0, 0.0638, 0.2333, 0.2567),
  ('4.1.0', 'dlrm_dcnv2', 5, 248, 300, 0.9600, 0.9467, 0, 0.0172, 0.4900, 0.5733),
  ('4.1.0', 'gnn', 5, 100, 300, 0.9000, 0.9567, 0, 0.0078, 0.9067, 0.8367),
  ('4.1.0', 'llama2_70b_lora', 4, 80, 300, 0.9600, 0.9467, 0, 0.1113, 0.2000, 0.1833),
  ('4.1.0', 'ssd', 9, 148, 300, 0.9333, 0.9433, 0, 0.1057, 0.1733, 0.1433),
  ('4.1.0', 'stable_diffusion', 4, 55, 300, 0.9667, 0.9767, 0, 0.0467, 0.6667, 0.6400),
  ('5.0.0', 'llama31_405b', 6, 36, 300, 0.9733, 1.0000, 0, 0.0000, 0.9200, 0.9367);
