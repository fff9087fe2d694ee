-- sql/data/accelerator_family.sql: accelerator models that differ only in
-- spelling (or in a power rating such as "(400W)"), mapped to one family
-- (one homogeneous scaling curve) and a generation (for comparisons across
-- rounds). Curated data, read by sql/model.sql; the logic that applies it
-- is the view accelerator_models there. The first matching GLOB pattern
-- (lowest ord; GLOB is case-sensitive) wins; a model no pattern matches is
-- its own family and generation. v0.7's plain "NVIDIA A100" is the A100
-- SXM4 40GB (the only A100 of 2020); "TPU" (v0.7, v1.0) and "N/A" do not
-- say which model they are and stay apart; v0.6's "tpu-v3" is the TPU v3.
-- GB200 and GB300 (Grace Blackwell superchips, NVLink domains of 72 GPUs)
-- are generations of their own, not B200 or B300 (HGX boards of 8).
CREATE TABLE IF NOT EXISTS accelerator_family(ord INTEGER PRIMARY KEY, pattern TEXT NOT NULL,
                                              family TEXT NOT NULL, generation TEXT NOT NULL);
INSERT OR REPLACE INTO accelerator_family VALUES
  (1,  '*H100 NVL*',            'H100 NVL 94GB (PCIe)', 'H100'),
  (2,  '*H100*PCIe*',           'H100 PCIe 80GB',       'H100'),
  (3,  '*H100*SXM*96*',         'H100 SXM 96GB',        'H100'),
  (4,  '*H100*SXM*80*',         'H100 SXM 80GB',        'H100'),
  (5,  '*H100 80GB HBM3*',      'H100 SXM 80GB',        'H100'),
  (6,  '*H200*NVL*',            'H200 NVL 141GB',       'H200'),
  (7,  '*H200*',                'H200 SXM 141GB',       'H200'),
  (8,  '*GB200*',               'GB200',                'GB200'),
  (9,  '*B200*',                'B200 SXM 180GB',       'B200'),
  (10, '*GB300*',               'GB300',                'GB300'),
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
  (36, 'N/A',                   'model not stated',     'model not stated'),
  (37, 'tpu-v3',                'TPU v3',               'TPU v3');
