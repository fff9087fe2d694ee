/*
** An application that registers mlpscale with sqlite3_auto_extension
** instead of loading it, and prints mlpscale_version() and
** speedup(366.18525, 5.5088): built by tests/core.test from ext/*.c with
** -DSQLITE_CORE (compiled in), and by tests/install.test against the
** installed libmlpscale.so through pkg-config (linked).
*/
#include <stdio.h>
#include "sqlite3.h"
#include "mlpscale.h"

int main(void){
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  int rc = sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
  if( rc==SQLITE_OK ) rc = sqlite3_open(":memory:", &db);
  if( rc==SQLITE_OK ){
    rc = sqlite3_prepare_v2(db,
        "SELECT mlpscale_version(), printf('%.6f', speedup(366.18525, 5.5088))",
        -1, &pStmt, 0);
  }
  if( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    printf("%s %s\n", sqlite3_column_text(pStmt, 0), sqlite3_column_text(pStmt, 1));
  }else{
    fprintf(stderr, "autoext: %s\n", db ? sqlite3_errmsg(db) : "cannot open");
    rc = 1;
  }
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
  return rc!=SQLITE_OK;
}
