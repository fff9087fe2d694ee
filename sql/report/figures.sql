-- sql/report/figures.sql: every figure of the page also as its own SVG
-- file, <:figures>/<slug of its title>.svg, :figures defaulting to
-- build/report/figures (writefile() of the sqlite3 shell creates the
-- folder), for use outside the page. Prints nothing: the page goes to
-- standard output.
CREATE TEMP TABLE figure_files AS
  WITH named AS (
    SELECT sec, part, blk, row, body,
           lower(substr(body, instr(body, '<title>') + 7,
                        instr(body, '</title>') - instr(body, '<title>') - 7)) AS title
      FROM page WHERE kind = 'figure'),
  slug AS (
    SELECT sec, part, blk, row, body,
           trim(replace(replace(replace(replace(replace(replace(replace(replace(replace(
             replace(replace(replace(replace(replace(replace(title, '&apos;', ''), '&amp;', 'and'),
             '&gt;=', 'ge'), '&lt;=', 'le'), '&gt;', 'gt'), '&lt;', 'lt'), ' ', '-'), ':', ''),
             '''', ''), '(', ''), ')', ''), ',', ''), '/', '-'), '.', ''), '--', '-'),
           '-') AS name
      FROM named)
  SELECT name, writefile(coalesce(:figures, 'build/report/figures') || '/' || name || '.svg',
                         body) AS bytes
    FROM slug ORDER BY sec, part, blk, row;
