/*
** mlpscale.c: the extension's entry point.
**
** Loading the extension registers every SQL function of mlpscale:
**
**   mlpscale_version()  -> text, e.g. '0.1.0' (the extension is under the
**                          MIT License: LICENSE)
**
** and, from the other files of ext/, the scaling metrics (metrics_sql.c) and
** everything listed in ext/base/mlpscale_int.h.
**
**   sqlite> .load ./mlpscale
**   sqlite> SELECT mlpscale_version();
**   0.1.0
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1
#include "mlpscale.h"
#include "base/mlpscale_int.h"
#include <stddef.h>

static void versionFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  (void)argc; (void)argv;
  sqlite3_result_text(ctx, MLPSCALE_VERSION, -1, SQLITE_STATIC);
}

static int mlpVersionInit(sqlite3 *db){
  return sqlite3_create_function(db, "mlpscale_version", 0,
      SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS, 0,
      versionFunc, 0, 0);
}

/* One row per file of ext/ that registers SQL functions or modules. */
static const struct {
  const char *zName;              /* named in the error when it fails */
  int (*xInit)(sqlite3*);
} aModule[] = {
  { "version", mlpVersionInit },
  { "limits",  mlpCommonInit },
  { "metrics", mlpMetricsInit },
  { "mlperf",  mlpMlperfInit },
  { "kmeans",  mlpKmeansInit },
  { "svg",     mlpSvgInit },
  { "sched",   mlpSchedInit },
  { "swf",     mlpSwfInit },
  { "rcp",     mlpRcpInit },
  { "critical", mlpCriticalInit },
  { "private_id", mlpPrivateIdInit },
  { "repr",    mlpPyReprInit },
};

int sqlite3_mlpscale_init(sqlite3 *db, char **pzErrMsg,
                          const sqlite3_api_routines *pApi){
  int rc = SQLITE_OK;
  size_t i;
  SQLITE_EXTENSION_INIT2(pApi);
  for(i=0; rc==SQLITE_OK && i<sizeof(aModule)/sizeof(aModule[0]); i++){
    rc = aModule[i].xInit(db);
    if( rc!=SQLITE_OK && pzErrMsg ){
      *pzErrMsg = sqlite3_mprintf("mlpscale: registering %s failed: %s",
                                  aModule[i].zName, sqlite3_errmsg(db));
    }
  }
  return rc;
}
