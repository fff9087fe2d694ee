-- sql/report/99_render.sql: the page table as one HTML document, printed
-- to the output that sql/report/report.sql set. Every text that comes from
-- data (paragraphs, headings, cells, captions, queries) is escaped here and
-- nowhere else; 'figure' bodies are svg_plot documents, inlined without
-- their XML declaration; 'html' bodies are markup written in these files.
-- Section 0 is the title block, followed by a table of contents of the
-- 'h2' headings.
WITH
ordered AS (
  SELECT p.*, row_number() OVER (ORDER BY sec, blk, row) AS seq,
         lag(CASE WHEN kind IN ('th', 'tr') THEN sec * 100000 + blk END)
           OVER (ORDER BY sec, blk, row) AS prev_tbl,
         lead(CASE WHEN kind IN ('th', 'tr') THEN sec * 100000 + blk END)
           OVER (ORDER BY sec, blk, row) AS next_tbl
    FROM page p),
-- every text from data on the page: i = -1 the body, -2 the extra, else a cell
texts AS (
  SELECT seq, -1 AS i, body AS t FROM ordered
   WHERE kind IN ('h2', 'h3', 'p', 'pre', 'caption')
  UNION ALL
  SELECT seq, -2, extra FROM ordered WHERE kind IN ('h2', 'figure', 'th', 'tr')
  UNION ALL
  SELECT o.seq, c.key, c.value FROM ordered o, json_each(o.body) c
   WHERE o.kind IN ('th', 'tr')),
escaped AS (
  SELECT seq, i, t,
         replace(replace(replace(replace(coalesce(t, ''), '&', '&amp;'), '<', '&lt;'),
                 '>', '&gt;'), '"', '&quot;') AS h
    FROM texts),
cells AS (
  SELECT e.seq,
         group_concat(CASE WHEN o.kind = 'th' THEN '<th>' || e.h || '</th>'
                           -- numbers (and ranges, percentages) align right
                           WHEN e.t GLOB '[0-9-]*' AND e.t NOT GLOB '*[^0-9.%+ e-]*'
                             THEN '<td class="n">' || e.h || '</td>'
                           ELSE '<td>' || e.h || '</td>' END, '') AS html
    FROM (SELECT * FROM escaped WHERE i >= 0 ORDER BY seq, i) e
    JOIN ordered o USING (seq)
   GROUP BY e.seq),
rendered AS (
  SELECT o.sec, o.seq,
         CASE o.kind
           WHEN 'h2' THEN '<h2 id="' || x.h || '">' || b.h || '</h2>'
           WHEN 'h3' THEN '<h3>' || b.h || '</h3>'
           WHEN 'p' THEN '<p>' || b.h || '</p>'
           WHEN 'caption' THEN '<p class="caption">' || b.h || '</p>'
           WHEN 'pre' THEN '<pre>' || b.h || '</pre>'
           WHEN 'html' THEN o.body
           WHEN 'figure' THEN '<figure>' || substr(o.body, instr(o.body, '<svg'))
                || '<figcaption>' || x.h || '</figcaption></figure>'
           ELSE
             CASE WHEN o.prev_tbl IS (o.sec * 100000 + o.blk) THEN ''
                  ELSE '<div class="scroll"><table>' END
             || '<tr' || CASE WHEN x.t IS NOT NULL THEN ' class="' || x.h || '"' ELSE '' END
             || '>' || c.html || '</tr>'
             || CASE WHEN o.next_tbl IS (o.sec * 100000 + o.blk) THEN ''
                     ELSE '</table></div>' END
         END AS html
    FROM ordered o
    LEFT JOIN escaped b ON b.seq = o.seq AND b.i = -1
    LEFT JOIN escaped x ON x.seq = o.seq AND x.i = -2
    LEFT JOIN cells c ON c.seq = o.seq),
toc AS (
  SELECT '<nav><p class="toc-title">Contents</p><ul>'
         || group_concat('<li><a href="#' || x.h || '">' || b.h || '</a></li>', '')
         || '</ul></nav>' AS html
    FROM (SELECT * FROM ordered WHERE kind = 'h2' ORDER BY seq) o
    JOIN escaped b ON b.seq = o.seq AND b.i = -1
    JOIN escaped x ON x.seq = o.seq AND x.i = -2)
SELECT html FROM (
  SELECT 0 AS part, seq, html FROM rendered WHERE sec = 0
  UNION ALL SELECT 1, 0, html FROM toc
  UNION ALL SELECT 2, seq, html FROM rendered WHERE sec > 0
  UNION ALL SELECT 3, 0, '</main></body></html>')
 ORDER BY part, seq;
