-- The queries tests/hosts.test runs through every host on build/mlperf.db
-- (make db: every shipped round in one file), after loading the extension:
-- the views call its functions (results: mlperf_score).
SELECT count(DISTINCT round), count(minutes) FROM results;
SELECT count(*), count(DISTINCT ruleset) FROM mlperf_rcps;
