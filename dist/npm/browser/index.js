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
// SQL on the module: web/database.js of the repository, which the page's
// worker runs too (tool/dist_npm.sh puts it beside this file).
'use strict';
const createMlpscale = require('./mlpscale.js');
const { mlpOpen, mlpQuery } = require('./database.js');

// A database in its own instance of the module: image, the bytes of a
// SQLite database file (a Uint8Array, Buffer or ArrayBuffer), or nothing for
// an empty one; anything else (a path, say) is a TypeError. query(sql) runs
// every statement of sql and returns one {columns, rows} per statement that
// has result columns; an error throws the extension's message.
async function open(image) {
  if (image != null && !(image instanceof Uint8Array) && !(image instanceof ArrayBuffer)) {
    const got = typeof image === 'string' ? `string '${image}'` : typeof image;
    throw new TypeError('mlpscale/browser open: expects the bytes of a database file (a Uint8Array, Buffer or ArrayBuffer) or nothing, got ' + got);
  }
  const m = await createMlpscale({ print() {}, printErr() {} });
  mlpOpen(m, image ? new Uint8Array(image) : null);
  return { query: (sql) => mlpQuery(m, sql) };
}

module.exports = { createMlpscale, open };
