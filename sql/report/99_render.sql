-- sql/report/99_render.sql: the page table as one HTML document, printed
-- to the output that sql/report/report.sql set. Every text that comes from
-- data (the title, paragraphs, headings, cells, captions, queries) is
-- cleaned and escaped here and nowhere else: invalid UTF-8, control
-- characters (but tab, line feed and carriage return), U+007F-U+009F and
-- U+FFFE/U+FFFF become U+FFFD, then & < > " ' become entities, so the page
-- is valid UTF-8 and well-formed whatever the names in the data. 'figure'
-- bodies are svg_plot documents (which clean their own text), inlined
-- without their XML declaration. This file alone writes markup: the
-- sections only INSERT page blocks (text, cells, SVG). Section 0 is the
-- title block; the document head (style for screen and print) is written
-- below, around its 'title', followed by a table of contents of the 'h2'
-- headings.
-- References (sql/report/97_references.sql fills page_refs: id, n): a
-- paragraph's "[ref-x]" becomes a link to the entry's anchor, "[n]"; an
-- entry ('ref': body = its text, extra = its anchor) is a paragraph with
-- that anchor, numbered n.
CREATE TEMP TABLE IF NOT EXISTS page_refs(id TEXT PRIMARY KEY, n INTEGER UNIQUE);
CREATE TEMP TABLE page_ordered AS
  SELECT p.*, row_number() OVER w AS seq,
         lag(kind) OVER w AS prev_kind, lead(kind) OVER w AS next_kind,
         lag(CASE WHEN kind IN ('th', 'tr') THEN json_array(sec, part, blk) END) OVER w AS prev_tbl,
         lead(CASE WHEN kind IN ('th', 'tr') THEN json_array(sec, part, blk) END) OVER w AS next_tbl
    FROM page p
  WINDOW w AS (ORDER BY sec, part, blk, row);

-- Every text from data on the page: i = -1 the body, -2 the extra, else a cell.
CREATE TEMP TABLE page_texts AS
  SELECT seq, -1 AS i, body AS t FROM page_ordered
   WHERE kind IN ('title', 'h1', 'h2', 'h3', 'p', 'pre', 'caption', 'ref', 'answer', 'legend')
  UNION ALL
  SELECT seq, -2, extra FROM page_ordered WHERE kind IN ('h2', 'figure', 'th', 'tr', 'ref')
  UNION ALL
  SELECT o.seq, c.key, c.value FROM page_ordered o, json_each(o.body) c
   WHERE o.kind IN ('th', 'tr')
  UNION ALL
  -- an answer's links: [label, anchor] pairs, i = -10 - 2k the label of
  -- the k-th, -11 - 2k its anchor
  SELECT o.seq, -10 - 2 * l.key - j.key, j.value
    FROM page_ordered o, json_each(o.extra) l, json_each(l.value) j
   WHERE o.kind = 'answer';

-- Every text clean (text_clean: its bytes as valid UTF-8, an invalid or
-- overlong sequence eating one byte, as svg_plot reads text), then
-- escaped (h).
CREATE TEMP TABLE page_escaped AS
  SELECT t.seq, t.i, t.t,
         replace(replace(replace(replace(replace(
           coalesce(text_clean(t.t), ''), '&', '&amp;'), '<', '&lt;'),
           '>', '&gt;'), '"', '&quot;'), '''', '&apos;') AS h
    FROM page_texts t;
CREATE INDEX temp.page_escaped_at ON page_escaped(seq, i);

-- The paragraphs that cite: each reference's token replaced in turn (n = 1,
-- 2, ...) in the escaped text, where ids of letters, digits and '-' are
-- unchanged.
CREATE TEMP TABLE page_linked AS
  WITH RECURSIVE r(seq, k, h) AS (
    SELECT e.seq, 0, e.h FROM page_escaped e JOIN page_ordered o USING (seq)
     WHERE e.i = -1 AND o.kind IN ('p', 'ref') AND instr(e.h, '[ref-') > 0
    UNION ALL
    SELECT r.seq, r.k + 1,
           replace(r.h, '[' || f.id || ']', '<a href="#' || f.id || '">[' || f.n || ']</a>')
      FROM r JOIN page_refs f ON f.n = r.k + 1)
  SELECT seq, h FROM r WHERE k = (SELECT count(*) FROM page_refs);

WITH
ordered AS (SELECT * FROM page_ordered),
escaped AS (SELECT * FROM page_escaped),
-- The cells of a row (and below, the entries of the table of contents)
-- reach group_concat in the order of the subquery because it is the only
-- term of FROM: in a join the planner would choose the order of the loops.
cells AS (
  SELECT seq,
         group_concat(CASE WHEN kind = 'th' THEN '<th>' || h || '</th>'
                           -- numbers (and ranges, percentages) align right
                           WHEN t GLOB '[0-9-]*' AND t NOT GLOB '*[^0-9.%+ e-]*'
                             THEN '<td class="n">' || h || '</td>'
                           ELSE '<td>' || h || '</td>' END, '') AS html
    FROM (SELECT e.seq, e.t, e.h, o.kind FROM escaped e JOIN ordered o USING (seq)
           WHERE e.i >= 0 ORDER BY e.seq, e.i)
   GROUP BY seq),
-- An answer's links, in their order: " (section 6, its table)".
answer_links AS (
  SELECT seq, ' (' || group_concat('<a href="' || anchor || '">' || label || '</a>', ', ') || ')' AS html
    FROM (SELECT l.seq, l.h AS label, a.h AS anchor FROM escaped l
            JOIN escaped a ON a.seq = l.seq AND a.i = l.i - 1
           WHERE l.i <= -10 AND (l.i % 2) = 0 ORDER BY l.seq, l.i DESC)
   GROUP BY seq),
rendered AS (
  SELECT o.sec, o.seq, o.kind,
         CASE o.kind
           WHEN 'title' THEN '<title>' || b.h || '</title>'
           WHEN 'h1' THEN '<h1>' || b.h || '</h1>'
           WHEN 'h2' THEN '<h2 id="' || x.h || '">' || b.h || '</h2>'
           WHEN 'h3' THEN '<h3>' || b.h || '</h3>'
           WHEN 'p' THEN '<p>' || coalesce(l.h, b.h) || '</p>'
           WHEN 'ref' THEN '<p class="ref" id="' || x.h || '">['
                || (SELECT n FROM page_refs WHERE id = x.t) || '] ' || coalesce(l.h, b.h) || '</p>'
           WHEN 'caption' THEN '<p class="caption">' || b.h || '</p>'
           WHEN 'legend' THEN '<p class="legend" id="legend">' || b.h || '</p>'
           -- the answers: one list, opened before the first and closed
           -- after the last
           WHEN 'answer' THEN
             CASE WHEN o.prev_kind IS 'answer' THEN ''
                  ELSE '<section id="answers"><h2>Answers</h2><ol>' END
             || '<li>' || b.h || coalesce(al.html, '') || '</li>'
             || CASE WHEN o.next_kind IS 'answer' THEN '' ELSE '</ol></section>' END
           WHEN 'pre' THEN '<pre>' || b.h || '</pre>'
           WHEN 'figure' THEN '<figure>' || substr(o.body, instr(o.body, '<svg'))
                || '<figcaption>' || x.h || '</figcaption></figure>'
           ELSE
             CASE WHEN o.prev_tbl IS json_array(o.sec, o.part, o.blk) THEN ''
                  ELSE printf('<div class="scroll" id="t-%d-%d-%d"><table>', o.sec, o.part, o.blk) END
             || '<tr' || CASE WHEN x.t IS NOT NULL THEN ' class="' || x.h || '"' ELSE '' END
             || '>' || c.html || '</tr>'
             || CASE WHEN o.next_tbl IS json_array(o.sec, o.part, o.blk) THEN ''
                     ELSE '</table></div>' END
         END AS html
    FROM ordered o
    LEFT JOIN escaped b ON b.seq = o.seq AND b.i = -1
    LEFT JOIN escaped x ON x.seq = o.seq AND x.i = -2
    LEFT JOIN cells c ON c.seq = o.seq
    LEFT JOIN page_linked l ON l.seq = o.seq
    LEFT JOIN answer_links al ON al.seq = o.seq),
toc AS (
  SELECT '<nav><p class="toc-title">Contents</p><ul>'
         || group_concat('<li><a href="#' || id || '">' || heading || '</a></li>', '')
         || '</ul></nav>' AS html
    FROM (SELECT x.h AS id, b.h AS heading FROM ordered o
            JOIN escaped b ON b.seq = o.seq AND b.i = -1
            JOIN escaped x ON x.seq = o.seq AND x.i = -2
           WHERE o.kind = 'h2' ORDER BY o.seq)),
-- The document: its head (the title block's title inside), the title
-- block, the table of contents, the sections.
head(part, html) AS (
  VALUES (0, '<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>'),
         (2, '<style>
body { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; color: #1a1a1a;
       margin: 0; line-height: 1.5; font-size: 15px; background: #fff; }
main { max-width: 76rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
h1 { font-size: 1.6rem; margin: 1.5rem 0 0.5rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 0.5rem; border-bottom: 2px solid #0072B2; padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.6rem 0 0.4rem; }
p { max-width: 48rem; }
p.caption { font-weight: bold; margin-bottom: 0.3rem; }
p.ref { padding-left: 2.2rem; text-indent: -2.2rem; margin: 0.3rem 0; }
nav { background: #f4f6f8; padding: 0.5rem 1rem; border-radius: 4px; max-width: 46rem; }
#answers { background: #f4f8fc; border-left: 4px solid #0072B2; padding: 0.2rem 1rem 0.4rem; max-width: 60rem; }
#answers h2 { border: 0; margin: 0.6rem 0 0.2rem; } #answers li { margin: 0.25rem 0; }
p.legend { font-size: 0.85rem; color: #444; }
nav ul { margin: 0.2rem 0; padding-left: 0.5rem; list-style: none; } .toc-title { font-weight: bold; margin: 0.3rem 0; }
.scroll { overflow-x: auto; margin: 0.5rem 0 1rem; }
table { border-collapse: collapse; font-size: 0.86rem; }
th, td { padding: 0.2rem 0.4rem; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top;
         overflow-wrap: break-word; }
th { background: #eef2f5; border-bottom: 2px solid #999; overflow-wrap: normal; hyphens: auto; }
td.n { text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: normal; }
tr.hl td { background: #fff4d6; } tr.ref td { background: #e3f0fa; } tr.off td { color: #b00020; }
pre { background: #f6f6f6; padding: 0.6rem 0.8rem; overflow-x: auto; font-size: 0.8rem;
      border-left: 3px solid #bbb; white-space: pre-wrap; }
figure { margin: 1rem 0 1.5rem; } figure svg { max-width: 100%; height: auto; display: block; }
figcaption { font-size: 0.85rem; color: #444; max-width: 48rem; }
@media print {
  body { font-size: 10pt; } main { max-width: none; padding: 0; }
  nav { display: none; } .scroll { overflow: visible; }
  h2, h3, p.caption { break-after: avoid; } figure, table, tr, pre { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
</style>
</head>
<body><main>'))
SELECT html FROM (
  SELECT part, 0 AS seq, html FROM head
  UNION ALL SELECT 1, seq, html FROM rendered WHERE sec = 0 AND kind = 'title'
  UNION ALL SELECT 3, seq, html FROM rendered WHERE sec = 0 AND kind <> 'title'
  UNION ALL SELECT 4, 0, html FROM toc
  UNION ALL SELECT 5, seq, html FROM rendered WHERE sec > 0
  UNION ALL SELECT 6, 0, '</main></body></html>')
 ORDER BY part, seq;
