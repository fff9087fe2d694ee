#!/usr/bin/python3
"""share_check.py: the native side of tests/web_share.test. Runs a query
natively (Debian's python3 sqlite3 with the native build of mlpscale loaded,
on a read-only database file: the page's rounds, build/web/rounds.db) and
checks what the page showed and saved for it:

  python3 tests/web/share_check.py LIB DB SQLFILE DOM.json DIR

DOM.json is the console's output as tests/web_share.test reads it from the
page: one {"columns": [...], "rows": [[cell, ...], ...]} per result set,
a cell null (shown as NULL), {"svg": true} (shown as a figure) or the text
the page shows. DIR holds the files the page saved: result-N.csv for the
N-th result set (1-based) and figure-K.svg for the K-th figure shown.

Prints one line per check: "dom: ok", "csv N: ok", "svg K: ok", or what
differs first, then "summary: SETS sets, rows R1 R2 ..., shown S1 S2 ...,
FIGURES figures". The CSV files are read with Python's csv module (RFC 4180,
strict) and compared value by value: a real by its double (bit for bit, the
sign of zero included), an integer by its digits, a text byte for byte, a
blob by its lower-case hex, NULL as an empty field. A figure is compared
byte for byte with the UTF-8 of the engine's text.
"""
import csv
import io
import json
import math
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from native import statements  # noqa: E402  (the page's way of splitting a text)

MAX_ROWS = 2000          # rows the console shows of one result set (web/page.html)


def is_svg(v):
    return isinstance(v, str) and (v.startswith('<?xml') or v.startswith('<svg')) \
        and v.rstrip().endswith('</svg>')


def same_real(text, v):
    try:
        got = float(text)
    except ValueError:
        return False
    if math.isnan(v):
        return False
    return got == v and math.copysign(1.0, got) == math.copysign(1.0, v)


def dom_cell(got, v):
    if v is None:
        return got is None
    if isinstance(got, dict):
        return got.get('svg') is True and is_svg(v)
    if not isinstance(got, str):
        return False
    if isinstance(v, bool) or isinstance(v, int):
        return got == str(int(v))
    if isinstance(v, float):
        # on screen, any text that reads back to the double (JavaScript
        # shows -0 as 0 there; the CSV keeps the sign)
        try:
            return float(got) == v
        except ValueError:
            return False
    if isinstance(v, bytes):
        return got == v.hex()
    return got == v


# A text the CSV writes with a ' before it (quoted): one a spreadsheet
# would evaluate as a formula.
FORMULA_START = ('=', '+', '-', '@', '\t', '\r')


def csv_text(v):
    return "'" + v if v.startswith(FORMULA_START) else v


def csv_cell(field, v):
    if v is None:
        return field == ''
    if isinstance(v, bool) or isinstance(v, int):
        return field == str(int(v))
    if isinstance(v, float):
        return same_real(field, v)
    if isinstance(v, bytes):
        return field == v.hex()
    return field == csv_text(v)


def run(db, sql):
    sets = []
    for stmt in statements(sql):
        cur = db.execute(stmt)
        rows = cur.fetchall()
        if cur.description is not None:
            sets.append({'columns': [d[0] for d in cur.description], 'rows': rows})
    return sets


def check_dom(sets, dom):
    if len(dom) != len(sets):
        return 'dom: %d result sets shown, %d natively' % (len(dom), len(sets))
    for n, (want, got) in enumerate(zip(sets, dom), 1):
        if got['columns'] != want['columns']:
            return 'dom: set %d columns %r, natively %r' % (n, got['columns'], want['columns'])
        shown = min(len(want['rows']), MAX_ROWS)
        if len(got['rows']) != shown:
            return 'dom: set %d shows %d rows, natively %d (%d shown)' % (
                n, len(got['rows']), len(want['rows']), shown)
        for r, (wrow, grow) in enumerate(zip(want['rows'], got['rows']), 1):
            if len(grow) != len(wrow):
                return 'dom: set %d row %d has %d cells, natively %d' % (n, r, len(grow), len(wrow))
            for c, (w, g) in enumerate(zip(wrow, grow), 1):
                if not dom_cell(g, w):
                    return 'dom: set %d row %d column %d: page %r, natively %r' % (n, r, c, g, w)
    return 'dom: ok'


def check_csv(n, want, path):
    if not os.path.exists(path):
        return 'csv %d: no file %s' % (n, path)
    with open(path, 'rb') as f:
        raw = f.read()
    try:
        text = raw.decode('utf-8', 'strict')
    except UnicodeDecodeError as e:
        return 'csv %d: not UTF-8: %s' % (n, e)
    if not text.endswith('\r\n'):
        return 'csv %d: the last record does not end with CRLF' % n
    try:
        records = list(csv.reader(io.StringIO(text, newline=''), strict=True))
    except csv.Error as e:
        return 'csv %d: not RFC 4180: %s' % (n, e)
    if not records or records[0] != [csv_text(c) for c in want['columns']]:
        return 'csv %d: header %r, natively %r' % (n, records[:1], want['columns'])
    body = records[1:]
    if len(body) != len(want['rows']):
        return 'csv %d: %d records, natively %d rows' % (n, len(body), len(want['rows']))
    for r, (wrow, grow) in enumerate(zip(want['rows'], body), 1):
        if grow == [] and len(wrow) == 1:
            grow = ['']                     # csv reads an empty line as no field
        if len(grow) != len(wrow):
            return 'csv %d: record %d has %d fields, natively %d' % (n, r, len(grow), len(wrow))
        for c, (w, g) in enumerate(zip(wrow, grow), 1):
            if not csv_cell(g, w):
                return 'csv %d: record %d field %d: file %r, natively %r' % (n, r, c, g, w)
    return 'csv %d: ok' % n


def check_svgs(sets, folder):
    out, k = [], 0
    for want in sets:
        for row in want['rows'][:MAX_ROWS]:
            for v in row:
                if not is_svg(v):
                    continue
                k += 1
                path = os.path.join(folder, 'figure-%d.svg' % k)
                if not os.path.exists(path):
                    out.append('svg %d: no file %s' % (k, path))
                    continue
                with open(path, 'rb') as f:
                    same = f.read() == v.encode('utf-8')
                out.append('svg %d: %s' % (k, 'ok' if same else 'differs from the engine\'s text'))
    return out, k


def main():
    lib, dbfile, sqlfile, domfile, folder = sys.argv[1:6]
    with open(sqlfile, encoding='utf-8') as f:
        sql = f.read()
    with open(domfile, encoding='utf-8') as f:
        dom = json.load(f)
    db = sqlite3.connect('file:%s?mode=ro' % dbfile, uri=True, isolation_level=None)
    db.enable_load_extension(True)
    db.load_extension(lib)
    try:
        sets = run(db, sql)
    except sqlite3.Error as e:
        print('native: error: %s' % e)
        return
    finally:
        db.close()
    print(check_dom(sets, dom))
    for n, want in enumerate(sets, 1):
        print(check_csv(n, want, os.path.join(folder, 'result-%d.csv' % n)))
    lines, figures = check_svgs(sets, folder)
    for line in lines:
        print(line)
    print('summary: %d sets, rows %s, shown %s, %d figures' % (
        len(sets), ' '.join(str(len(s['rows'])) for s in sets),
        ' '.join(str(len(d['rows'])) for d in dom), figures))


if __name__ == '__main__':
    main()
