#!/usr/bin/python3
"""native.py: the native side of tests/web.test. Runs the statements of a
plan (tests/web/page.js's input: [{"page", "stmts": [{"name", "sql"}]}])
through Debian's python3 sqlite3 with the native build of mlpscale loaded,
each page on a fresh in-memory database, from the current directory, and
prints, one JSON line per statement, what the page's mlpscale.query gives:
{"name", "results": [{"columns", "rows"}]} or {"name", "error"}. Every
statement of a text runs in order (split where sqlite3.complete_statement
says one ends); a failing one ends the text, as in the page.

  python3 tests/web/native.py LIB PLAN.json > native.jsonl
"""
import json
import math
import sqlite3
import sys


def cell(v):
    if v is None:
        return 'null'
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int):
        # the page gives an integer outside +-(2^53-1) exactly (a BigInt)
        return str(v) if abs(v) <= 2**53 - 1 else '"%d"' % v
    if isinstance(v, float):
        if math.isnan(v):
            return 'null'
        if math.isinf(v):
            return '1e999' if v > 0 else '-1e999'
        return repr(v)
    if isinstance(v, bytes):
        return '"' + v.hex() + '"'
    return json.dumps(v, ensure_ascii=False)


def statements(text):
    buf = ''
    for ch in text:
        buf += ch
        if ch == ';' and sqlite3.complete_statement(buf):
            yield buf
            buf = ''
    if buf.strip() and sqlite3.complete_statement(buf + ';'):
        yield buf


def run(db, sql):
    sets = []
    try:
        for stmt in statements(sql):
            cur = db.execute(stmt)
            rows = cur.fetchall()
            if cur.description is not None:
                sets.append('{"columns":[%s],"rows":[%s]}' % (
                    ','.join(json.dumps(d[0], ensure_ascii=False) for d in cur.description),
                    ','.join('[' + ','.join(cell(v) for v in r) + ']' for r in rows)))
    except sqlite3.Error as e:
        return '"error":' + json.dumps(str(e), ensure_ascii=False)
    return '"results":[' + ','.join(sets) + ']'


def main():
    lib, plan = sys.argv[1], sys.argv[2]
    with open(plan, encoding='utf-8') as f:
        pages = json.load(f)
    for page in pages:
        db = sqlite3.connect(':memory:', isolation_level=None)
        db.enable_load_extension(True)
        db.load_extension(lib)
        for s in page['stmts']:
            print('{"name":%s,%s}' % (json.dumps(s['name']), run(db, s['sql'])))
        db.close()


if __name__ == '__main__':
    main()
