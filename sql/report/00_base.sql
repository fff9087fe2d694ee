-- sql/report/00_base.sql: what every section of the report builds on.
-- Read by sql/report/report.sql after the tables systems/runs and the view
-- results (sql/schema.sql) have been filled. :round names the round the
-- report is about (e.g. 'v4.1').
--
-- The page itself is one temp table, `page`: each section INSERTs its
-- blocks (headings, paragraphs, table rows, figures) and 99_render.sql turns
-- them into HTML in one place, escaping every text that comes from data.

CREATE TEMP TABLE report_config AS SELECT :round AS round;

-- The page, in reading order (sec, blk, row). kind:
--   'h2' (body = title, extra = anchor), 'h3', 'p' (plain text, escaped),
--   'th' / 'tr' (body = JSON array of cells, escaped; extra = row class;
--   consecutive rows of one blk form one table), 'caption' (table caption),
--   'pre' (a query, escaped), 'figure' (body = SVG from svg_plot, extra =
--   its caption), 'html' (trusted markup written in these files).
CREATE TEMP TABLE page(sec INTEGER, blk INTEGER, row INTEGER, kind TEXT,
                       body TEXT, extra TEXT);

-- Table 1 of Cortes, Juiz & Bermejo (2025), "Cuadro 1", as published: the
-- only numbers of this report that are typed in, shown beside ours.
CREATE TEMP TABLE paper_table1(benchmark TEXT PRIMARY KEY, ord INTEGER,
                               systems INTEGER, ref_accelerators INTEGER,
                               ref_minutes REAL);
INSERT INTO paper_table1 VALUES
  ('bert', 1, 28, 2, 366.18), ('llama2_70b_lora', 2, 29, 4, 61.87),
  ('ssd', 3, 26, 2, 172.83), ('stable_diffusion', 4, 25, 4, 60.52);
-- The paper: "con solo 11 máquinas presentes en las 4 cargas".
CREATE TEMP TABLE paper_claims(claim TEXT PRIMARY KEY, value REAL);
INSERT INTO paper_claims VALUES ('machines_in_all_4', 11),
  ('breakeven_low', 8), ('breakeven_high', 16);

-- Pairs of the public round that the shipped copy lacks (see
-- ../shared/data/README.md: the logs were too large for the copy).
CREATE TEMP TABLE known_gaps(round TEXT, submitter TEXT, system TEXT,
                             benchmark TEXT, why TEXT);
INSERT INTO known_gaps VALUES
  ('v4.1', 'Clemson', '7x8xH100-SXM5-80GB', 'llama2_70b_lora',
   'its 10 logs are larger than the copy the shipped data was made from could hold');

CREATE TEMP TABLE workload_names(benchmark TEXT PRIMARY KEY, name TEXT);
INSERT INTO workload_names VALUES
  ('bert', 'BERT'), ('llama2_70b_lora', 'Llama2 70B LoRA'),
  ('ssd', 'RetinaNet (ssd)'), ('retinanet', 'RetinaNet'),
  ('stable_diffusion', 'Stable Diffusion'), ('gpt3', 'GPT-3'),
  ('dlrm_dcnv2', 'DLRM-DCNv2'), ('dlrm', 'DLRM'), ('gnn', 'R-GAT (gnn)'),
  ('rgat', 'R-GAT'), ('resnet', 'ResNet-50'), ('maskrcnn', 'Mask R-CNN'),
  ('minigo', 'MiniGo'), ('rnnt', 'RNN-T'), ('unet3d', '3D U-Net'),
  ('transformer', 'Transformer'), ('gnmt', 'GNMT'),
  ('llama31_405b', 'Llama 3.1 405B'), ('llama31_8b', 'Llama 3.1 8B'),
  ('flux1', 'Flux.1');

-- Accelerator models that differ only in spelling (or in a power rating
-- such as "(400W)"), mapped to one family (a homogeneous scaling curve) and
-- a generation (for comparisons across rounds). The first matching GLOB
-- pattern (lowest ord; GLOB is case-sensitive) wins; a model no pattern
-- matches is its own family and generation. v0.7's plain "NVIDIA A100" is
-- the A100 SXM4 40GB (the only A100 of 2020); "TPU" (v0.7, v1.0) and "N/A"
-- do not say which model they are and stay apart.
CREATE TEMP TABLE accelerator_family(ord INTEGER PRIMARY KEY, pattern TEXT,
                                     family TEXT, generation TEXT);
INSERT INTO accelerator_family VALUES
  (1,  '*H100 NVL*',            'H100 NVL 94GB (PCIe)', 'H100'),
  (2,  '*H100*PCIe*',           'H100 PCIe 80GB',       'H100'),
  (3,  '*H100*SXM*96*',         'H100 SXM 96GB',        'H100'),
  (4,  '*H100*SXM*80*',         'H100 SXM 80GB',        'H100'),
  (5,  '*H100 80GB HBM3*',      'H100 SXM 80GB',        'H100'),
  (6,  '*H200*NVL*',            'H200 NVL 141GB',       'H200'),
  (7,  '*H200*',                'H200 SXM 141GB',       'H200'),
  (8,  '*GB200*',               'GB200',                'B200'),
  (9,  '*B200*',                'B200 SXM 180GB',       'B200'),
  (10, '*GB300*',               'GB300',                'B300'),
  (11, '*B300*',                'B300 SXM 270GB',       'B300'),
  (12, '*A100*PCI*80*',         'A100 PCIe 80GB',       'A100'),
  (13, '*A100*PCI*40*',         'A100 PCIe 40GB',       'A100'),
  (14, '*A100*80*',             'A100 SXM 80GB',        'A100'),
  (15, '*A100*40*',             'A100 SXM 40GB',        'A100'),
  (16, 'NVIDIA A100',           'A100 SXM 40GB',        'A100'),
  (17, '*V100*SXM2*16*',        'V100 SXM2 16GB',       'V100'),
  (18, '*V100*SXM2*32*',        'V100 SXM2 32GB',       'V100'),
  (19, '*V100*SXM3*32*',        'V100 SXM3 32GB',       'V100'),
  (20, '*V100S*PCIe*',          'V100S PCIe 32GB',      'V100'),
  (21, '*V100*',                'V100 (variant not stated)', 'V100'),
  (22, '*TPU*v5p*',             'TPU v5p',              'TPU v5p'),
  (23, '*TPU*v5e*',             'TPU v5e',              'TPU v5e'),
  (24, '*TPU*v4*',              'TPU v4',               'TPU v4'),
  (25, '*TPU*v3*',              'TPU v3',               'TPU v3'),
  (26, '*TPU*rillium*',         'TPU Trillium',         'TPU Trillium'),
  (27, 'TPU',                   'TPU (version not stated)', 'TPU (version not stated)'),
  (28, '*Gaudi2*',              'Gaudi2',               'Gaudi2'),
  (29, '*Gaudi(R) 2*',          'Gaudi2',               'Gaudi2'),
  (30, '*Gaudi*',               'Gaudi',                'Gaudi'),
  (31, '*MI300X*',              'MI300X',               'MI300X'),
  (32, '*MI325X*',              'MI325X',               'MI325X'),
  (33, '*MI350X*',              'MI350X',               'MI350X'),
  (34, '*MI355X*',              'MI355X',               'MI355X'),
  (35, '*Ascend*910*',          'Ascend 910',           'Ascend 910'),
  (36, 'N/A',                   'model not stated',     'model not stated');

-- Every accelerator model of the database with its family and generation
-- (the first pattern that matches; NULL when none does).
CREATE TEMP TABLE model_family AS
  SELECT m.model,
         (SELECT family FROM accelerator_family a WHERE m.model GLOB a.pattern
           ORDER BY a.ord LIMIT 1) AS family,
         (SELECT generation FROM accelerator_family a WHERE m.model GLOB a.pattern
           ORDER BY a.ord LIMIT 1) AS generation
    FROM (SELECT DISTINCT accelerator_model_name AS model FROM results
           WHERE accelerator_model_name IS NOT NULL) m;

-- The scored pairs the metrics can take: a time, and a system with a
-- usable accelerator count. Every pair of left_out (sql/schema.sql) stays
-- out of every section and is listed, with why, in the last one
-- (98_left_out.sql), so that no metric function sees a value it refuses.
CREATE TEMP VIEW placed AS
  SELECT r.* FROM results r
   WHERE r.minutes IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM left_out o WHERE o.round = r.round
                        AND o.submitter = r.submitter AND o.system = r.system
                        AND o.benchmark = r.benchmark);

-- The workloads each section looks at: the paper's four where the round has
-- them, else every benchmark of the round with at least 3 scored systems.
CREATE TEMP TABLE focus AS
  WITH scored AS (
    SELECT benchmark, count(*) AS systems FROM placed
     WHERE round = (SELECT round FROM report_config)
     GROUP BY benchmark),
  paper AS (
    SELECT s.benchmark, p.ord FROM scored s JOIN paper_table1 p USING (benchmark))
  SELECT benchmark, coalesce(n.name, benchmark) AS name,
         row_number() OVER (ORDER BY ord, benchmark) AS ord
    FROM (SELECT benchmark, ord FROM paper
          UNION ALL
          SELECT benchmark, 100 FROM scored
           WHERE systems >= 3 AND NOT EXISTS (SELECT 1 FROM paper))
    LEFT JOIN workload_names n USING (benchmark);

-- Every scored (system, benchmark) pair of the round, with the paper's
-- metrics against its workload's reference: the system with the fewest
-- accelerators, the slowest among them (the paper's rule; ties by name).
CREATE TEMP TABLE sys AS
  WITH scored AS (
    SELECT r.*, r.accelerators * r.minutes AS acc_minutes,
           coalesce(m.family, r.accelerator_model_name) AS family,
           coalesce(m.generation, r.accelerator_model_name) AS generation
      FROM placed r LEFT JOIN model_family m ON m.model = r.accelerator_model_name
     WHERE r.round = (SELECT round FROM report_config)),
  ref AS (
    SELECT benchmark, submitter AS ref_submitter, system AS ref_system,
           accelerators AS ref_accelerators, minutes AS ref_minutes
      FROM (SELECT s.*, row_number() OVER (PARTITION BY benchmark
                         ORDER BY accelerators, minutes DESC, submitter, system) AS pick
              FROM scored s)
     WHERE pick = 1)
  SELECT s.benchmark, s.submitter, s.system, s.division, s.accelerators,
         s.accelerator_model_name AS model, s.family, s.generation,
         s.minutes, s.acc_minutes, s.runs, s.converged_runs,
         ref.ref_submitter, ref.ref_system, ref.ref_accelerators, ref.ref_minutes,
         speedup(ref.ref_minutes, s.minutes) AS speedup,
         e_prime(ref.ref_minutes, s.minutes, ref.ref_accelerators, s.accelerators) AS e_prime,
         s.submitter = ref.ref_submitter AND s.system = ref.ref_system AS is_ref
    FROM scored s JOIN ref USING (benchmark)
   ORDER BY s.benchmark, s.accelerators, s.minutes, s.submitter, s.system;
