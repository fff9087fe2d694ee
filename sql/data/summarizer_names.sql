-- sql/data/summarizer_names.sql: names as MLCommons' result summarizer
-- prints them. First the accelerator names it prints otherwise than the
-- systems file writes them
-- (_pretty_accelerator_model_name in mlperf_logging/result_summarizer/
-- result_summarizer.py, the same in every version from the one that
-- scores v0.6 to that of 2026; v0.6's Google TPU systems files write
-- 'tpu-v3'). The view export_results prints them so. Read by
-- sql/model.sql; idempotent.
CREATE TABLE IF NOT EXISTS summarizer_accelerator_names(
  accelerator_model_name TEXT PRIMARY KEY,   -- as the systems file writes it
  printed TEXT NOT NULL,                     -- as the summarizer prints it
  source TEXT NOT NULL
);
INSERT OR IGNORE INTO summarizer_accelerator_names VALUES
  ('tpu-v3', 'TPUv3', 'mlcommons/logging, result_summarizer.py, _pretty_accelerator_model_name');

-- The benchmark columns of the summarizer's tables for each Training round,
-- in its order (get_allowed_benchmarks, mlperf_logging/benchmark_meta.py of
-- mlcommons/logging 7bbf792; 4.0's list names stable_diffusion twice, the
-- tables have the column once). sql/export.sql writes the wide summary
-- with them.
CREATE TABLE IF NOT EXISTS summarizer_benchmarks(
  round TEXT NOT NULL,          -- 'v4.1': the round of ruleset 4.1.0
  position INTEGER NOT NULL,    -- the column's place among the benchmarks, from 1
  benchmark TEXT NOT NULL,
  PRIMARY KEY(round, benchmark)
);
INSERT OR IGNORE INTO summarizer_benchmarks VALUES
  ('v0.6', 1, 'resnet'), ('v0.6', 2, 'ssd'), ('v0.6', 3, 'maskrcnn'), ('v0.6', 4, 'gnmt'),
  ('v0.6', 5, 'transformer'), ('v0.6', 6, 'ncf'), ('v0.6', 7, 'minigo'), ('v0.7', 1, 'bert'),
  ('v0.7', 2, 'dlrm'), ('v0.7', 3, 'gnmt'), ('v0.7', 4, 'maskrcnn'), ('v0.7', 5, 'minigo'),
  ('v0.7', 6, 'resnet'), ('v0.7', 7, 'ssd'), ('v0.7', 8, 'transformer'), ('v1.0', 1, 'bert'),
  ('v1.0', 2, 'dlrm'), ('v1.0', 3, 'maskrcnn'), ('v1.0', 4, 'minigo'), ('v1.0', 5, 'resnet'),
  ('v1.0', 6, 'ssd'), ('v1.0', 7, 'rnnt'), ('v1.0', 8, 'unet3d'), ('v1.1', 1, 'bert'),
  ('v1.1', 2, 'dlrm'), ('v1.1', 3, 'maskrcnn'), ('v1.1', 4, 'minigo'), ('v1.1', 5, 'resnet'),
  ('v1.1', 6, 'ssd'), ('v1.1', 7, 'rnnt'), ('v1.1', 8, 'unet3d'), ('v2.0', 1, 'bert'),
  ('v2.0', 2, 'dlrm'), ('v2.0', 3, 'maskrcnn'), ('v2.0', 4, 'minigo'), ('v2.0', 5, 'resnet'),
  ('v2.0', 6, 'ssd'), ('v2.0', 7, 'rnnt'), ('v2.0', 8, 'unet3d'), ('v2.1', 1, 'bert'),
  ('v2.1', 2, 'dlrm'), ('v2.1', 3, 'maskrcnn'), ('v2.1', 4, 'minigo'), ('v2.1', 5, 'resnet'),
  ('v2.1', 6, 'ssd'), ('v2.1', 7, 'rnnt'), ('v2.1', 8, 'unet3d'), ('v3.0', 1, 'bert'),
  ('v3.0', 2, 'dlrm_dcnv2'), ('v3.0', 3, 'gpt3'), ('v3.0', 4, 'maskrcnn'),
  ('v3.0', 5, 'resnet'), ('v3.0', 6, 'ssd'), ('v3.0', 7, 'rnnt'), ('v3.0', 8, 'unet3d'),
  ('v3.1', 1, 'bert'), ('v3.1', 2, 'dlrm_dcnv2'), ('v3.1', 3, 'gpt3'), ('v3.1', 4, 'maskrcnn'),
  ('v3.1', 5, 'resnet'), ('v3.1', 6, 'ssd'), ('v3.1', 7, 'rnnt'), ('v3.1', 8, 'unet3d'),
  ('v3.1', 9, 'stable_diffusion'), ('v4.0', 1, 'bert'), ('v4.0', 2, 'dlrm_dcnv2'),
  ('v4.0', 3, 'gpt3'), ('v4.0', 4, 'resnet'), ('v4.0', 5, 'ssd'), ('v4.0', 6, 'unet3d'),
  ('v4.0', 7, 'stable_diffusion'), ('v4.0', 8, 'llama2_70b_lora'), ('v4.0', 9, 'gnn'),
  ('v4.1', 1, 'bert'), ('v4.1', 2, 'dlrm_dcnv2'), ('v4.1', 3, 'gpt3'), ('v4.1', 4, 'ssd'),
  ('v4.1', 5, 'stable_diffusion'), ('v4.1', 6, 'llama2_70b_lora'), ('v4.1', 7, 'gnn'),
  ('v5.0', 1, 'bert'), ('v5.0', 2, 'dlrm_dcnv2'), ('v5.0', 3, 'retinanet'),
  ('v5.0', 4, 'stable_diffusion'), ('v5.0', 5, 'llama2_70b_lora'), ('v5.0', 6, 'rgat'),
  ('v5.0', 7, 'llama31_405b'), ('v5.1', 1, 'llama31_8b'), ('v5.1', 2, 'dlrm_dcnv2'),
  ('v5.1', 3, 'retinanet'), ('v5.1', 4, 'flux1'), ('v5.1', 5, 'llama2_70b_lora'),
  ('v5.1', 6, 'rgat'), ('v5.1', 7, 'llama31_405b'), ('v6.0', 1, 'llama31_8b'),
  ('v6.0', 2, 'dlrm_dcnv2'), ('v6.0', 3, 'flux1'), ('v6.0', 4, 'llama2_70b_lora'),
  ('v6.0', 5, 'llama31_405b'), ('v6.0', 6, 'gpt_oss_20b'), ('v6.0', 7, 'deepseekv3_671b'),
  ('v6.1', 1, 'llama31_8b'), ('v6.1', 2, 'flux1'), ('v6.1', 3, 'llama2_70b_lora'),
  ('v6.1', 4, 'gpt_oss_20b'), ('v6.1', 5, 'deepseekv3_671b'), ('v6.1', 6, 'qwen35_397b_grpo');
