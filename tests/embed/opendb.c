/*
** opendb DB LIB SQL: an application that opens the database DB (for example
** build/mlperf.db from make db), loads the extension LIB, runs SQL and prints
** every row, its columns joined by '|'. The C host of tests/hosts.test: what
** docs/hosts.md shows for C.
*/
#include <stdio.h>
#include "sqlite3.h"

int main(int argc, char **argv){
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  char *zErr = 0;
  int rc;
  if( argc!=4 ){
    fprintf(stderr, "usage: opendb DB LIB SQL\n");
    return 2;
  }
  rc = sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_enable_load_extension(db, 1);
  if( rc==SQLITE_OK ) rc = sqlite3_load_extension(db, argv[2], 0, &zErr);
  if( rc==SQLITE_OK ) rc = sqlite3_prepare_v2(db, argv[3], -1, &pStmt, 0);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    int i;
    for(i=0; i<sqlite3_column_count(pStmt); i++){
      const unsigned char *z = sqlite3_column_text(pStmt, i);
      printf("%s%s", i ? "|" : "", z ? (const char*)z : "");
    }
    printf("\n");
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt);
  else sqlite3_finalize(pStmt);
  if( rc!=SQLITE_OK ){
    fprintf(stderr, "opendb: %s\n", zErr ? zErr : sqlite3_errmsg(db));
  }
  sqlite3_free(zErr);
  sqlite3_close(db);
  return rc!=SQLITE_OK;
}
