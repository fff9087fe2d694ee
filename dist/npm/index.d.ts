/** The package's version, the same as SELECT mlpscale_version(). */
export declare const version: string;
/** The path of the extension built for this platform (lib/<platform>-<arch>/mlpscale.so). */
export declare function getLoadablePath(): string;
/** The path of the database of every shipped MLPerf Training round. */
export declare function getDatabasePath(): string;
/** A database with loadExtension: better-sqlite3's (synchronous) or the sqlite3 package's (callback). */
export interface LoadableDatabase {
  loadExtension(file: string, ...rest: any[]): any;
}
/**
 * Loads the extension. better-sqlite3: synchronous, returns db. The sqlite3
 * package: a Promise of db, or undefined when a callback is given.
 */
export declare function load<T extends LoadableDatabase>(db: T): T | Promise<T>;
export declare function load<T extends LoadableDatabase>(db: T, callback: (err: Error | null, db?: T) => void): T | undefined;
