// mlpscale for Node: the path of the SQLite extension and of the database of
// every shipped MLPerf Training round, and load(db) for better-sqlite3 and
// the sqlite3 package (docs/hosts.md, "Packages").
//
//   const mlpscale = require('mlpscale');
//   const db = new (require('better-sqlite3'))(':memory:');
//   mlpscale.load(db);                    // synchronous
//   db.prepare('SELECT mlpscale_version() AS v').get();
//
//   const sqlite3 = require('sqlite3');
//   const db2 = new sqlite3.Database(mlpscale.getDatabasePath(), sqlite3.OPEN_READONLY);
//   await mlpscale.load(db2);             // asynchronous: a Promise (or a callback)
'use strict';
const fs = require('fs');
const path = require('path');

const version = require('./package.json').version;
const platform = `${process.platform}-${process.arch}`;

// The extension built for this platform; the package holds one build per
// folder of lib/, named as Node names platforms (linux-x64).
function getLoadablePath() {
  const file = path.join(__dirname, 'lib', platform, 'mlpscale.so');
  if (!fs.existsSync(file)) {
    const have = fs.readdirSync(path.join(__dirname, 'lib')).join(', ');
    throw new Error(`mlpscale: no build for ${platform} in this package (it holds ${have})`);
  }
  return file;
}

// Every shipped round in one SQLite file (the views need the extension).
function getDatabasePath() {
  return path.join(__dirname, 'data', 'mlperf.db');
}

// The sqlite3 package's Database runs statements through callbacks (all,
// each); better-sqlite3's runs them through prepare.
function isCallbackDatabase(db) {
  return typeof db.all === 'function' && typeof db.each === 'function';
}

// Loads the extension into db. better-sqlite3 (any database whose
// loadExtension(path) is synchronous): returns db. The sqlite3 package:
// asynchronous, returns a Promise of db, or calls callback(err, db) when one
// is given.
function load(db, callback) {
  if (db === null || typeof db !== 'object' || typeof db.loadExtension !== 'function') {
    const got = db === null ? 'null'
      : typeof db === 'object' ? 'an object without loadExtension'
      : typeof db === 'string' ? `string '${db}'`
      : typeof db;
    throw new TypeError('mlpscale.load: expects a database of better-sqlite3 or of the sqlite3 package (with loadExtension), got ' + got);
  }
  const file = getLoadablePath();
  if (isCallbackDatabase(db)) {
    const loaded = new Promise((resolve, reject) => {
      db.loadExtension(file, (err) => (err ? reject(err) : resolve(db)));
    });
    if (typeof callback === 'function') {
      loaded.then((d) => callback(null, d), (err) => callback(err));
      return undefined;
    }
    return loaded;
  }
  db.loadExtension(file);
  if (typeof callback === 'function') callback(null, db);
  return db;
}

module.exports = { version, getLoadablePath, getDatabasePath, load };
