-- The README's figure: E' (Cortes, Juiz & Bermejo 2025, Eq. 3) against the
-- number of accelerators, BERT, with 2 x RTX A5000 (366.18525 min) as the
-- reference system. The times are illustrative, shaped like MLPerf Training
-- v4.1 results; they are not the official table.
--
--   sqlite3 :memory: < docs/example.sql        (writes docs/example.svg)
.load ./mlpscale
.once docs/example.svg
WITH runs(system, accelerators, minutes) AS (VALUES
  ('2 x RTX A5000 (reference)', 2, 366.18525),
  ('RTX A5000', 4, 190.2), ('RTX A5000', 8, 101.3),
  ('L40S', 8, 28.0), ('L40S', 16, 15.5), ('L40S', 32, 9.1), ('L40S', 64, 6.2),
  ('L40S', 128, 4.9), ('L40S', 256, 4.1),
  ('H100', 8, 5.5088), ('H100', 16, 2.95), ('H100', 64, 0.86), ('H100', 512, 0.19),
  ('H100', 1024, 0.135), ('H100', 3472, 0.12),
  ('MI300X', 8, 7.9), ('MI300X', 16, 4.3), ('MI300X', 32, 2.4), ('MI300X', 64, 1.45),
  ('TPU v5p', 16, 6.1), ('TPU v5p', 64, 1.7), ('TPU v5p', 256, 0.56),
  ('TPU v5p', 1024, 0.21), ('TPU v5p', 2048, 0.16)
)
SELECT svg_plot(accelerators,
                e_prime(366.18525, minutes, 2, accelerators),
                replace(system, '2 x RTX A5000 (reference)', 'RTX A5000'),
                json_object('title', 'BERT: E'' against accelerator count',
                            'x_label', 'accelerators (log2)',
                            'y_label', 'E'' (reference: 2 x RTX A5000)',
                            'x_scale', 'log2', 'kind', 'line',
                            'ref_lines', json_array(json_object('y', 1,
                                         'label', 'E'' = 1'))))
  FROM runs;
