// npm_check.js QUERY SQLITE3 BETTER: run from a project the npm package was
// installed into (tests/dist.test); prints one line per check: the version,
// where the files are, then, for the sqlite3 package (SQLITE3: the folder
// it is required from, or '-' to skip) and better-sqlite3 (BETTER, likewise),
// a query after load(db) and QUERY on the bundled database opened
// read-only; then the WebAssembly entry point (mlpscale/browser) on the
// database's bytes, an error through it, and its open's error for what is
// not bytes; load's error for what is not a database.
'use strict';
const fs = require('fs');
const path = require('path');
const mlpscale = require('mlpscale');

const [query, sqlite3Dir, betterDir] = process.argv.slice(2);
const project = path.join(process.cwd(), 'node_modules', 'mlpscale');
const row = (r) => Object.values(r).join('|');

async function viaSqlite3() {
  const sqlite3 = require(path.join(sqlite3Dir, 'sqlite3'));
  const get = (db, sql) => new Promise((resolve, reject) =>
    db.get(sql, (err, r) => (err ? reject(err) : resolve(r))));
  const mem = new sqlite3.Database(':memory:');
  await mlpscale.load(mem);
  console.log('sqlite3: ' + row(await get(mem, 'SELECT mlpscale_version(), speedup(4, 2)')));
  const rounds = new sqlite3.Database(mlpscale.getDatabasePath(), sqlite3.OPEN_READONLY);
  await new Promise((resolve, reject) => mlpscale.load(rounds, (err) => (err ? reject(err) : resolve())));
  console.log('sqlite3 rounds: ' + row(await get(rounds, query)));
}

function viaBetter() {
  const Database = require(path.join(betterDir, 'better-sqlite3'));
  const mem = mlpscale.load(new Database(':memory:'));
  console.log('better-sqlite3: ' + row(mem.prepare('SELECT mlpscale_version(), speedup(4, 2)').get()));
  const rounds = mlpscale.load(new Database(mlpscale.getDatabasePath(), { readonly: true }));
  console.log('better-sqlite3 rounds: ' + row(rounds.prepare(query).get()));
}

async function main() {
  console.log(mlpscale.version);
  console.log('in the project: ' + [mlpscale.getLoadablePath(), mlpscale.getDatabasePath()]
    .map((p) => p.startsWith(project + path.sep) && fs.existsSync(p)).join(' '));
  if (sqlite3Dir !== '-') await viaSqlite3();
  if (betterDir !== '-') viaBetter();
  const { open } = require('mlpscale/browser');
  const wasm = await open(fs.readFileSync(mlpscale.getDatabasePath()));
  const [set] = wasm.query('SELECT mlpscale_version(); ' + query).slice(-1);
  console.log('wasm: ' + wasm.query('SELECT mlpscale_version()')[0].rows[0][0] + ' rounds: ' + set.rows[0].join('|'));
  try {
    wasm.query('SELECT speedup(0, 1)');
  } catch (err) {
    console.log('wasm error: ' + err.message);
  }
  for (const bad of ['x.db', 42]) {
    console.log(await open(bad).then(() => 'opened', (err) => err.message));
  }
  for (const bad of [null, 'x.db', {}]) {
    try {
      mlpscale.load(bad);
    } catch (err) {
      console.log(err.message);
    }
  }
}

main().catch((err) => { console.log('error: ' + (err && err.stack || err)); process.exit(1); });
