/*
** mlpscale_web.c: the browser host's C side (make web, docs/hosts.md
** "The browser").
**
** Compiled with the SQLite amalgamation and the sources of ext/ (-DSQLITE_CORE) to
** WebAssembly by emcc (make web); web/worker.js calls these functions, the
** module's exports, in a Web Worker:
**
**   int   webOpen(unsigned char *aImage, int nImage)
**           a new in-memory database with mlpscale registered (any
**           database open before is closed). nImage > 0: the database is
**           the image aImage (allocated with webAlloc; SQLite owns and frees
**           it from then on, also on error), as sqlite3_deserialize takes
**           it; nImage 0: empty. Returns an SQLite result code.
**   char *webQuery(const char *zSql)
**           runs every statement of zSql in order and returns JSON text
**           (free it with webFree):
**             {"results":[{"columns":["a","b"],"rows":[[1,"x"],...]},...]}
**           one entry per statement that has result columns, or
**             {"error":"<sqlite3_errmsg>"}
**           as soon as a statement fails (the statements before it ran).
**           A cell is a JSON number (integer or real; a real that is not
**           finite as 1e999 or -1e999, which JSON.parse reads as Infinity),
**           a string, null, or a blob as a string of lower-case hex digits.
**   void *webAlloc(int n) / void webFree(void *p)
**
** The memory of the JSON text comes from sqlite3_str; when it cannot be
** had, webQuery returns 0 and the worker reports "out of memory".
*/
#include "sqlite3.h"
#include "mlpscale.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static sqlite3 *webDb = 0;

void *webAlloc(int n){
  return n>0 ? sqlite3_malloc64((sqlite3_uint64)n) : 0;
}

void webFree(void *p){
  sqlite3_free(p);
}

int webOpen(unsigned char *aImage, int nImage){
  static int bRegistered = 0;
  int rc;
  if( !bRegistered ){
    rc = sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
    if( rc!=SQLITE_OK ){
      sqlite3_free(aImage);
      return rc;
    }
    bRegistered = 1;
  }
  sqlite3_close(webDb);
  webDb = 0;
  rc = sqlite3_open(":memory:", &webDb);
  if( rc!=SQLITE_OK ){
    sqlite3_free(aImage);
    return rc;
  }
  if( nImage>0 ){
    rc = sqlite3_deserialize(webDb, "main", aImage, nImage, nImage,
        SQLITE_DESERIALIZE_FREEONCLOSE|SQLITE_DESERIALIZE_RESIZEABLE);
  }
  return rc;
}

/* A JSON string: quotes, backslashes and control characters escaped,
** other bytes as they are (SQLite text is UTF-8). */
static void jsonString(sqlite3_str *p, const char *z, int n){
  int i;
  sqlite3_str_appendchar(p, 1, '"');
  for(i=0; i<n; i++){
    unsigned char c = (unsigned char)z[i];
    if( c=='"' || c=='\\' ){
      sqlite3_str_appendchar(p, 1, '\\');
      sqlite3_str_appendchar(p, 1, (char)c);
    }else if( c=='\n' ){
      sqlite3_str_append(p, "\\n", 2);
    }else if( c<0x20 ){
      sqlite3_str_appendf(p, "\\u%04x", c);
    }else{
      sqlite3_str_appendchar(p, 1, (char)c);
    }
  }
  sqlite3_str_appendchar(p, 1, '"');
}

/* One cell. Reals with 17 significant digits by the C library's printf,
** which JSON.parse reads back to the same double. */
static void jsonCell(sqlite3_str *p, sqlite3_stmt *pStmt, int iCol){
  switch( sqlite3_column_type(pStmt, iCol) ){
    case SQLITE_INTEGER:
      sqlite3_str_appendf(p, "%lld", sqlite3_column_int64(pStmt, iCol));
      break;
    case SQLITE_FLOAT: {
      double r = sqlite3_column_double(pStmt, iCol);
      char zNum[40];
      if( isinf(r) ){
        sqlite3_str_appendall(p, r<0 ? "-1e999" : "1e999");
      }else if( isnan(r) ){
        sqlite3_str_appendall(p, "null");
      }else{
        snprintf(zNum, sizeof(zNum), "%.17g", r);
        sqlite3_str_appendall(p, zNum);
      }
      break;
    }
    case SQLITE_TEXT:
      jsonString(p, (const char*)sqlite3_column_text(pStmt, iCol),
                 sqlite3_column_bytes(pStmt, iCol));
      break;
    case SQLITE_BLOB: {
      const unsigned char *a = sqlite3_column_blob(pStmt, iCol);
      int i, n = sqlite3_column_bytes(pStmt, iCol);
      sqlite3_str_appendchar(p, 1, '"');
      for(i=0; i<n; i++) sqlite3_str_appendf(p, "%02x", a[i]);
      sqlite3_str_appendchar(p, 1, '"');
      break;
    }
    default:
      sqlite3_str_appendall(p, "null");
  }
}

/* Steps pStmt to its end, appending its result set when it has columns.
** Returns SQLITE_DONE or the error code of sqlite3_step. */
static int jsonStatement(sqlite3_str *p, sqlite3_stmt *pStmt, int *pnSet){
  int nCol = sqlite3_column_count(pStmt), i, nRow = 0, rc;
  if( nCol>0 ){
    sqlite3_str_appendall(p, *pnSet ? ",{\"columns\":[" : "{\"columns\":[");
    (*pnSet)++;
    for(i=0; i<nCol; i++){
      const char *zName = sqlite3_column_name(pStmt, i);
      if( i ) sqlite3_str_appendchar(p, 1, ',');
      jsonString(p, zName ? zName : "", zName ? (int)strlen(zName) : 0);
    }
    sqlite3_str_appendall(p, "],\"rows\":[");
  }
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    if( nCol==0 ) continue;
    sqlite3_str_appendall(p, nRow++ ? ",[" : "[");
    for(i=0; i<nCol; i++){
      if( i ) sqlite3_str_appendchar(p, 1, ',');
      jsonCell(p, pStmt, i);
    }
    sqlite3_str_appendchar(p, 1, ']');
  }
  if( nCol>0 ) sqlite3_str_appendall(p, "]}");
  return rc;
}

char *webQuery(const char *zSql){
  sqlite3_str *p = sqlite3_str_new(webDb);
  const char *zTail = zSql;
  int nSet = 0, rc = SQLITE_OK;
  sqlite3_str_appendall(p, "{\"results\":[");
  while( rc==SQLITE_OK && zTail && zTail[0] ){
    sqlite3_stmt *pStmt = 0;
    rc = sqlite3_prepare_v2(webDb, zTail, -1, &pStmt, &zTail);
    if( rc==SQLITE_OK && pStmt ){
      rc = jsonStatement(p, pStmt, &nSet);
      rc = rc==SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(pStmt);
  }
  if( rc!=SQLITE_OK ){
    const char *zErr = webDb ? sqlite3_errmsg(webDb) : "no database: webOpen first";
    sqlite3_str_reset(p);
    sqlite3_str_appendall(p, "{\"error\":");
    jsonString(p, zErr, (int)strlen(zErr));
    sqlite3_str_appendchar(p, 1, '}');
  }else{
    sqlite3_str_appendall(p, "]}");
  }
  return sqlite3_str_finish(p);
}
