// database.js: SQL on make web's WebAssembly module (build/web/mlpscale.js,
// SQLite with mlpscale compiled in) through the C functions of
// web/mlpscale_web.c. The one copy of this logic: the page's worker
// (web/build_page.py puts this file before web/worker.js in the worker's
// script) and the npm package's mlpscale/browser (dist/npm/browser/index.js,
// beside which tool/dist_npm.sh puts this file) both call it.
//
//   mlpOpen(m, image)  the module m's database, opened afresh (the one it
//                      had is closed): image, the bytes of a SQLite database
//                      file (a Uint8Array), or null for an empty one
//   mlpQuery(m, sql)   runs every statement of sql: one {columns, rows} per
//                      statement that has result columns; a failed statement
//                      throws SQLite's message (the extension's own)
'use strict';

// Bytes into the module's heap, allocated by sqlite3_malloc64 (webAlloc),
// NUL-terminated when nul is true.
function mlpToHeap(m, bytes, nul) {
  const p = m._webAlloc(bytes.length + (nul ? 1 : 0));
  if (!p) throw new Error('mlpscale: out of memory');
  m.HEAPU8.set(bytes, p);
  if (nul) m.HEAPU8[p + bytes.length] = 0;
  return p;
}

function mlpOpen(m, image) {
  const n = image ? image.length : 0;
  const rc = m._webOpen(n ? mlpToHeap(m, image, false) : 0, n);
  if (rc !== 0) throw new Error('mlpscale: cannot open the database: SQLite error ' + rc);
}

function mlpQuery(m, sql) {
  const p = mlpToHeap(m, new TextEncoder().encode(String(sql)), true);
  let out;
  try {
    out = m._webQuery(p);
  } finally {
    m._webFree(p);
  }
  if (!out) throw new Error('mlpscale: out of memory');
  let text;
  try {
    text = m.UTF8ToString(out);
  } finally {
    m._webFree(out);
  }
  const json = JSON.parse(text);
  if ('error' in json) throw new Error(json.error);
  return mlpExactIntegers(json.results);
}

// Cells the C side wrote as {"int": "digits"} (integers outside
// +-(2^53-1), which a number would round) become BigInts, exact.
function mlpExactIntegers(results) {
  for (const set of results) {
    for (const row of set.rows) {
      for (let i = 0; i < row.length; i++) {
        if (row[i] !== null && typeof row[i] === 'object') row[i] = BigInt(row[i].int);
      }
    }
  }
  return results;
}

if (typeof module === 'object' && module !== null && module.exports) {
  module.exports = { mlpOpen, mlpQuery };
}
