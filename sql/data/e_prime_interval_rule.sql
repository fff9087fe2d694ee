-- sql/data/e_prime_interval_rule.sql: the one rule for showing an
-- interval of E' (e_prime_interval), in Training and in HPC alike: only
-- where the conditions under which its coverage was simulated hold
-- (tests/bench/eprime_coverage.c, docs/metrics.md, "Coverage of the
-- intervals"): each of the two results has runs_few or runs_many runs,
-- the rules drop max_dropped from each end, at most unconverged_max of its
-- runs did not converge, and its run spread (sd_log: the sample standard
-- deviation of the log of its converged run times) is at most sd_log_max,
-- the widest mean spread of the simulated results at which the interval
-- covered within 92-98%: the clustered runs of shape 3/4/5/6 (runs that
-- jump by whole evaluations), 10 runs a result. Lognormal noise of 1-4% a
-- run, the other rows, is a spread of 0.01-0.04. tests/eprime_coverage.test
-- checks sd_log_max against a fresh run of the simulation. Read by
-- sql/model.sql (the view result_spread, which applies it).
CREATE TABLE IF NOT EXISTS e_prime_interval_rule(id INTEGER PRIMARY KEY CHECK (id = 1),
                                                 runs_few INTEGER, runs_many INTEGER,
                                                 max_dropped INTEGER, unconverged_max INTEGER,
                                                 sd_log_max REAL);
INSERT OR REPLACE INTO e_prime_interval_rule VALUES (1, 5, 10, 1, 1, 0.192);
