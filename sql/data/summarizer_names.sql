-- sql/data/summarizer_names.sql: the accelerator names MLCommons' result
-- summarizer prints otherwise than the systems file writes them
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
