/*
** pyrepr_sql.c: mlperf_repr(x), a number as MLCommons' result summarizer
** writes it (Python's repr() of a float: the shortest text that reads back
** as the same double; ext/mlperf/pyrepr.h). An integer is taken as a
** float (8 -> '8.0'), as the summarizer's float columns hold it; NULL gives
** NULL; text or a blob is an error naming it.
**
**   sqlite> SELECT mlperf_repr(2.6291937499999998), mlperf_repr(0.1 + 0.2);
**   2.6291937499999998|0.30000000000000004
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "mlperf/pyrepr.h"

static void reprFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  char z[PYREPR_MAX];
  int t = sqlite3_value_type(argv[0]);
  (void)argc;
  if( t==SQLITE_NULL ) return;
  if( t!=SQLITE_INTEGER && t!=SQLITE_FLOAT ){
    mlpResultErrorf(ctx, "mlperf_repr: x must be a number, got '%s'", mlpValueText(argv[0]));
    return;
  }
  sqlite3_result_text(ctx, z, pyRepr(sqlite3_value_double(argv[0]), z, sizeof(z)),
                      SQLITE_TRANSIENT);
}

int mlpPyReprInit(sqlite3 *db){
  return sqlite3_create_function(db, "mlperf_repr", 1,
                                 SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS,
                                 0, reprFunc, 0, 0);
}
