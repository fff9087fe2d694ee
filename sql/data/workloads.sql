-- sql/data/workloads.sql: the display name of each benchmark folder, and
-- the workload eras: a benchmark folder is one workload only while its
-- rules stay the same. Curated data, read by sql/model.sql (the view
-- pairs maps each pair to its era); each era names its source, a public
-- MLCommons document. Rounds are compared within one workload:
--   bert: the quality target rose from 0.712 (v0.7) to 0.720 (v1.0 on);
--   ssd: SSD-ResNet34 up to v1.1, RetinaNet (new model and target) from v2.0;
--   minigo: 9x9 Go up to v0.6, 19x19 from v0.7;
--   v5.0 renamed the folders ssd to retinanet and gnn to rgat (same rules).
CREATE TABLE IF NOT EXISTS workload_names(benchmark TEXT PRIMARY KEY, name TEXT NOT NULL);
INSERT OR REPLACE INTO workload_names VALUES
  ('bert', 'BERT'), ('llama2_70b_lora', 'Llama2 70B LoRA'),
  ('ssd', 'RetinaNet (ssd)'), ('retinanet', 'RetinaNet'),
  ('stable_diffusion', 'Stable Diffusion'), ('gpt3', 'GPT-3'),
  ('dlrm_dcnv2', 'DLRM-DCNv2'), ('dlrm', 'DLRM'), ('gnn', 'R-GAT (gnn)'),
  ('rgat', 'R-GAT'), ('resnet', 'ResNet-50'), ('maskrcnn', 'Mask R-CNN'),
  ('minigo', 'MiniGo'), ('rnnt', 'RNN-T'), ('unet3d', '3D U-Net'),
  ('transformer', 'Transformer'), ('gnmt', 'GNMT'),
  ('llama31_405b', 'Llama 3.1 405B'), ('llama31_8b', 'Llama 3.1 8B'),
  ('flux1', 'Flux.1');

-- Rounds are labels 'vX.Y'; first_round and last_round bound the era
-- (v9.9: still current).
CREATE TABLE IF NOT EXISTS workload_eras(benchmark TEXT NOT NULL, first_round TEXT NOT NULL,
                                         last_round TEXT NOT NULL, workload TEXT NOT NULL,
                                         source TEXT NOT NULL,
                                         PRIMARY KEY(benchmark, first_round));
INSERT OR REPLACE INTO workload_eras VALUES
  ('bert', 'v0.7', 'v0.7', 'BERT (target 0.712)',
   'MLPerf Training rules v0.7, quality targets: https://github.com/mlcommons/training_policies/blob/v0.7.0/training_rules.adoc'),
  ('bert', 'v1.0', 'v9.9', 'BERT',
   'MLPerf Training rules v1.0, quality targets: https://github.com/mlcommons/training_policies/blob/v1.0.0/training_rules.adoc'),
  ('ssd', 'v0.5', 'v1.1', 'SSD-ResNet34',
   'MLPerf Training rules v1.1, benchmarks: https://github.com/mlcommons/training_policies/blob/v1.1.0/training_rules.adoc'),
  ('ssd', 'v2.0', 'v4.1', 'RetinaNet',
   'MLPerf Training rules v2.0, benchmarks (RetinaNet replaces SSD-ResNet34): https://github.com/mlcommons/training_policies/blob/v2.0.0/training_rules.adoc'),
  ('retinanet', 'v5.0', 'v9.9', 'RetinaNet',
   'MLPerf Training v5.0 results (folder renamed ssd -> retinanet): https://github.com/mlcommons/training_results_v5.0'),
  ('gnn', 'v4.0', 'v4.1', 'R-GAT',
   'MLPerf Training rules v4.0, benchmarks (R-GAT added): https://github.com/mlcommons/training_policies/blob/v4.0.0/training_rules.adoc'),
  ('rgat', 'v5.0', 'v9.9', 'R-GAT',
   'MLPerf Training v5.0 results (folder renamed gnn -> rgat): https://github.com/mlcommons/training_results_v5.0'),
  ('minigo', 'v0.5', 'v0.6', 'MiniGo 9x9',
   'MLPerf Training v0.6 results, the minigo benchmark (9x9 Go): https://github.com/mlcommons/training_results_v0.6/blob/master/NVIDIA/benchmarks/minigo/implementations/tensorflow/README.md'),
  ('minigo', 'v0.7', 'v9.9', 'MiniGo',
   'MLPerf Training v0.7 results, the minigo benchmark (19x19 Go): https://github.com/mlcommons/training_results_v0.7/blob/master/NVIDIA/benchmarks/minigo/implementations/dgx1_ngc20.06_tensorflow/README.md');
