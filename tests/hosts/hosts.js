// hosts.js LIB QUERIES [DB]: loads the extension LIB through npm's sqlite3
// package (or Debian's node-sqlite3) into a connection to DB (default an empty
// in-memory database), runs each query of the file QUERIES and prints
// every row, its columns joined by '|'. Prints "skip: why" when the package is
// missing. Used by tests/hosts.test.
const [lib, queries, path = ':memory:'] = process.argv.slice(2);
let sqlite3;
try { sqlite3 = require('sqlite3'); } catch (e) { console.log('skip: no Node package sqlite3'); process.exit(0); }
const db = new sqlite3.Database(path);
const all = sql => new Promise((ok, fail) => db.all(sql, (err, rows) => err ? fail(err) : ok(rows)));
db.loadExtension(lib, async err => {
  if (err) throw err;
  for (const sql of require('fs').readFileSync(queries, 'utf8').split('\n')) {
    if (!sql || sql.startsWith('--')) continue;
    for (const row of await all(sql)) console.log(Object.values(row).join('|'));
  }
  db.close();
});
