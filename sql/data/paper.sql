-- sql/data/paper.sql: the numbers of Cortes, Juiz & Bermejo (2025, arXiv
-- 2509.03263) that the report shows beside its own, as published, and the
-- pairs of the public round the shipped copy lacks. The only numbers of the
-- report that are typed in; read by sql/model.sql.

-- The round the paper analyses.
CREATE TABLE IF NOT EXISTS paper_round(round TEXT PRIMARY KEY);
INSERT OR REPLACE INTO paper_round VALUES ('v4.1');

-- Table 1, "Cuadro 1", of the paper (round v4.1).
CREATE TABLE IF NOT EXISTS paper_table1(benchmark TEXT PRIMARY KEY, ord INTEGER,
                                        systems INTEGER, ref_accelerators INTEGER,
                                        ref_minutes REAL);
INSERT OR REPLACE INTO paper_table1 VALUES
  ('bert', 1, 28, 2, 366.18), ('llama2_70b_lora', 2, 29, 4, 61.87),
  ('ssd', 3, 26, 2, 172.83), ('stable_diffusion', 4, 25, 4, 60.52);
-- The paper: "con solo 11 máquinas presentes en las 4 cargas".
CREATE TABLE IF NOT EXISTS paper_claims(claim TEXT PRIMARY KEY, value REAL);
INSERT OR REPLACE INTO paper_claims VALUES ('machines_in_all_4', 11),
  ('breakeven_low', 8), ('breakeven_high', 16);
