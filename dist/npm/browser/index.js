// mlpscale in WebAssembly (make web's module: SQLite 3.53 with mlpscale
// compiled in, no native code), for Node and for bundlers:
//
//   const { open } = require('mlpscale/browser');
//   const db = await open(fs.readFileSync(require('mlpscale').getDatabasePath()));
//   db.query("SELECT round, count(*) FROM results GROUP BY round");
//   // -> [{columns: ['round', 'count(*)'], rows: [['v0.7', 123], ...]}]
//
// The page itself, with the console and the report, is browser/index.html;
// the module alone is browser/mlpscale.js (it defines createMlpscale).
'use strict';
const createMlpscale = require('./mlpscale.js');

// Cells the module wrote as {"int": "digits"} (integers beyond +-(2^53-1))
// become BigInts, exact.
function exactIntegers(results) {
  for (const set of results) {
    for (const row of set.rows) {
      for (let i = 0; i < row.length; i++) {
        if (row[i] !== null && typeof row[i] === 'object') row[i] = BigInt(row[i].int);
      }
    }
  }
  return results;
}

// A database in its own instance of the module: image, the bytes of a
// SQLite database file (a Uint8Array or Buffer), or nothing for an empty one.
// query(sql) runs every statement of sql and returns one {columns, rows} per
// statement that has result columns; an error throws the extension's message.
async function open(image) {
  const m = await createMlpscale({ print() {}, printErr() {} });
  const alloc = (bytes, nul) => {
    const p = m._webAlloc(bytes.length + (nul ? 1 : 0));
    if (!p) throw new Error('mlpscale: out of memory');
    m.HEAPU8.set(bytes, p);
    if (nul) m.HEAPU8[p + bytes.length] = 0;
    return p;
  };
  const bytes = image ? new Uint8Array(image) : null;
  const rc = m._webOpen(bytes && bytes.length ? alloc(bytes, false) : 0, bytes ? bytes.length : 0);
  if (rc !== 0) throw new Error('mlpscale: cannot open the database: SQLite error ' + rc);
  return {
    query(sql) {
      const p = alloc(new TextEncoder().encode(String(sql)), true);
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
      return exactIntegers(json.results);
    },
  };
}

module.exports = { createMlpscale, open };
