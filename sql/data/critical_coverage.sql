-- sql/data/critical_coverage.sql: the measured coverage of critical_batch's
-- 95% intervals of b_noise and e_min (the view rcp_critical_batch's), per
-- design: the simulation tests/bench/critical_coverage.py prints (data made
-- from E(B) = E_min (1 + B / B_noise) with the RCPs' batch sizes, run
-- counts and standard deviations; 300 replications, 2000 resamples, a
-- fixed seed). Copied from its output; tests/critical_check.test checks
-- that every row is still what it prints. Read by sql/model.sql; the
-- report (section 11) names the intervals by it.
CREATE TABLE IF NOT EXISTS critical_coverage(ruleset TEXT NOT NULL, benchmark TEXT NOT NULL,
                                             points INTEGER, runs INTEGER, replications INTEGER,
                                             b_noise_coverage REAL, e_min_coverage REAL,
                                             refused INTEGER,
                                             PRIMARY KEY(ruleset, benchmark));
INSERT OR REPLACE INTO critical_coverage VALUES
  ('4.1.0', 'bert', 13, 263, 300, 0.9533, 0.9500, 0),
  ('4.1.0', 'dlrm_dcnv2', 5, 248, 300, 0.9667, 0.9533, 0),
  ('4.1.0', 'gnn', 5, 100, 300, 0.9167, 0.9500, 0),
  ('4.1.0', 'llama2_70b_lora', 4, 80, 300, 0.9300, 0.9400, 0),
  ('4.1.0', 'ssd', 9, 148, 300, 0.9600, 0.9633, 0),
  ('4.1.0', 'stable_diffusion', 4, 55, 300, 0.9367, 0.9267, 0),
  ('5.0.0', 'llama31_405b', 6, 36, 300, 0.9367, 0.9433, 0);
