/*
** mlpscale: scaling metrics, MLPerf import, k-means, figures and GPU
** scheduling for SQLite.
**
** Public header. An application that compiles the sources in (with
** -DSQLITE_CORE) registers every function on every new connection with:
**
**     sqlite3_auto_extension((void (*)(void))sqlite3_mlpscale_init);
**
** Loaded at run time instead: `.load ./mlpscale` in the sqlite3 shell, or
** SELECT load_extension('./mlpscale').
**
** POSIX only (Linux, macOS, the BSDs): the file readers and mlperf_runs'
** threads use POSIX calls (realpath, fstat, pthreads); there is no Windows
** build.
*/
#ifndef MLPSCALE_H
#define MLPSCALE_H

#include "sqlite3.h"

#define MLPSCALE_VERSION        "0.1.0"
#define MLPSCALE_VERSION_MAJOR  0
#define MLPSCALE_VERSION_MINOR  1
#define MLPSCALE_VERSION_PATCH  0

#ifdef __cplusplus
extern "C" {
#endif

int sqlite3_mlpscale_init(sqlite3 *db, char **pzErrMsg,
                          const struct sqlite3_api_routines *pApi);

#ifdef __cplusplus
}
#endif

#endif /* MLPSCALE_H */
