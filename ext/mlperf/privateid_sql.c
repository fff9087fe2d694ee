/*
** privateid_sql.c: the result summarizer's private_id as an SQL function.
** Reference: docs/mlperf.md, "private_id".
**
**   mlperf_private_id(json)   the private_id MLCommons' result summarizer
**                             gives a system (--generate_private_ids) from
**                             its systems file's text: four words joined
**                             by '-'; NULL for NULL, or when the summarizer
**                             could give none (not a JSON object, a field
**                             missing, a value it would write otherwise)
**
**   SELECT mlperf_private_id(json) FROM systems LIMIT 1;
**
** The core is ext/mlperf/privateid.c.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "mlperf/privateid.h"

static void privateIdFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  char zId[PRIVATEID_MAX];
  const char *zWhy = 0;
  int rc;
  (void)argc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    mlpResultErrorf(ctx, "mlperf_private_id: json must be text, got '%s'", mlpValueText(argv[0]));
    return;
  }
  rc = privateIdOf((const char*)sqlite3_value_text(argv[0]),
                   (size_t)sqlite3_value_bytes(argv[0]), zId, sizeof(zId), &zWhy);
  if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else if( rc==SQLITE_OK && zId[0] ){
    sqlite3_result_text(ctx, zId, -1, SQLITE_TRANSIENT);
  }
}

int mlpPrivateIdInit(sqlite3 *db){
  return sqlite3_create_function(db, "mlperf_private_id", 1,
                                 SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS,
                                 0, privateIdFunc, 0, 0);
}
