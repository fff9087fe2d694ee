-- sql/scheduling_figure.sql: the figure of sql/scheduling.sql, read by it
-- only when svg_plot() is loaded. GPUs busy over the day on the 8-GPU node
-- for the worst and the best (order, backfill) of the mix, as steps.
SELECT 'build/scheduling.svg: ' || writefile('build/scheduling.svg',
         svg_plot(hours, busy, policy,
           '{"title":"One 8-GPU node, same jobs: GPUs busy by dispatch policy",'
           || '"x_label":"hours since the queue was filled","y_label":"GPUs busy",'
           || '"kind":"step"}')) || ' bytes' AS figure
  FROM (SELECT * FROM sched_busy ORDER BY policy, hours);
