#!/usr/bin/python3
"""build_page.py: build/web/index.html, the one file `make web` makes.

  python3 web/build_page.py OUT --glue build/web/mlpscale.js --image build/web/rounds.db
      --report build/report/index.html --round v4.1 --examples build/web/examples.txt
      --sqlite-version 3.53.2 --version 0.1.0

Fills the #mlp-data script of web/page.html with one JSON object: the
Emscripten glue (which embeds the WebAssembly module), web/database.js
followed by web/worker.js (the worker's script), the
database image gzipped (mtime 0, so the page is the same bytes for the same
inputs) and base64-encoded, the report page, the report's context (its
first sections' temporary tables and views, for the queries it shows) and
the docs' examples (web/examples.tcl). Every '<' in the JSON is written
\\u003c, so no text of the payload can close the script element. The
report's opening answers and its citation legend (the report's
<section id="answers"> and <p class="legend">, markup its renderer wrote
and escaped) also go, as they are, in place of the page's
<!--MLPSCALE-ANSWERS-->, so the page shows them before its script runs.
"""
import argparse
import base64
import gzip
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def report_context(round_label):
    """The report's first sections (00_base.sql, 01_table1.sql) for one round:
    the temporary tables and views the queries the report shows read. The
    parameter :round (bound by the sqlite3 shell in make report) becomes a
    quoted literal; the page has no shell parameters."""
    literal = "'" + round_label.replace("'", "''") + "'"
    text = ''
    for name in ('00_base.sql', '01_table1.sql'):
        text += read(os.path.join(ROOT, 'sql', 'report', name)) + '\n'
    if ':round' not in text:
        raise SystemExit('build_page.py: sql/report/00_base.sql no longer reads :round: '
                         'update report_context()')
    return text.replace(':round', literal)


def answers(report):
    """The report's answers block and legend, as the report wrote them."""
    found = []
    for pattern in (r'<section id="answers">.*?</section>', r'<p class="legend" id="legend">.*?</p>'):
        m = re.search(pattern, report, re.S)
        if not m:
            raise SystemExit('build_page.py: the report has no %s' % pattern.split('>')[0] + '>')
        found.append(m.group(0))
    return '\n'.join(found)


def examples(path):
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            where, sql = line.rstrip('\n').split('\t', 1)
            sql = sql.replace('\\\\', '\0').replace('\\n', '\n').replace('\0', '\\')
            out.append({'where': where, 'sql': sql})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    for opt in ('glue', 'image', 'report', 'round', 'examples', 'sqlite-version', 'version'):
        ap.add_argument('--' + opt, required=True)
    a = ap.parse_args()
    with open(a.image, 'rb') as f:
        raw = f.read()
    image = gzip.compress(raw, compresslevel=9, mtime=0)
    report = read(a.report)
    data = {
        'version': a.version,
        'sqliteVersion': a.sqlite_version,
        'glue': read(a.glue),
        'worker': read(os.path.join(HERE, 'database.js')) + '\n' + read(os.path.join(HERE, 'worker.js')),
        'image': base64.b64encode(image).decode('ascii'),
        'imageBytes': len(raw),
        'report': report,
        'reportContext': report_context(a.round),
        'examples': examples(a.examples),
    }
    payload = json.dumps(data, ensure_ascii=False, separators=(',', ':')).replace('<', '\\u003c')
    page = read(os.path.join(HERE, 'page.html'))
    marker = '<!--MLPSCALE-ANSWERS-->'
    if page.count(marker) != 1:
        raise SystemExit('build_page.py: web/page.html must hold %s once' % marker)
    page = page.replace(marker, answers(report))
    marker = '<!--MLPSCALE-DATA-->'
    if page.count(marker) != 1:
        raise SystemExit('build_page.py: web/page.html must hold %s once' % marker)
    page = page.replace(marker, payload)
    tmp = a.out + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(page)
    os.replace(tmp, a.out)


if __name__ == '__main__':
    main()
