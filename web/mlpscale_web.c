/*
** mlpscale_web.c: the browser host's C side (make web, docs/hosts.md
** "The browser").
**
** Compiled with the SQLite amalgamation and the sources of ext/ (-DSQLITE_CORE) to
** WebAssembly by emcc (make web); web/database.js calls these functions, the
** module's exports, for the page's Web Worker and the npm package:
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
**           a string, null, or a blob as a string of lower-case hex digits;
**           an integer outside +-(2^53-1), which a JSON number would round,
**           is {"int":"<its decimal digits>"} (the worker makes it a BigInt).
**           A text longer than WEB_JSON_MAX bytes fails, before the cell
**           that would pass it is written, with {"error":"result too long
**           for the page: ..."}: the worker could not make it a string.
**   void *webAlloc(int n) / void webFree(void *p)
**
** The memory of the JSON text comes from sqlite3_str; when it cannot be
** had, webQuery returns 0 and its caller reports "mlpscale: out of memory".
** The caller (web/database.js) frees what webQuery returns on every path.
*/
#include "sqlite3.h"
#include "mlpscale.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static sqlite3 *webDb = 0;

/* The longest JSON text webQuery returns: V8's longest string (2^29 - 24
** UTF-16 units; Chromium's), so that the worker can always decode it (a
** UTF-8 byte is at most one unit). */
#define WEB_JSON_MAX 536870888
#define WEB_JSON_MAX_TEXT "536870888"
#define WEB_SAFE_INT 9007199254740991LL  /* 2^53 - 1 */

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
** other bytes as they are (SQLite text is UTF-8), plain runs appended at
** once. */
static void jsonString(sqlite3_str *p, const char *z, int n){
  int i, iRun = 0;
  sqlite3_str_appendchar(p, 1, '"');
  for(i=0; i<n; i++){
    unsigned char c = (unsigned char)z[i];
    if( c>=0x20 && c!='"' && c!='\\' ) continue;
    sqlite3_str_append(p, z+iRun, i-iRun);
    iRun = i+1;
    if( c=='"' || c=='\\' ){
      sqlite3_str_appendchar(p, 1, '\\');
      sqlite3_str_appendchar(p, 1, (char)c);
    }else if( c=='\n' ){
      sqlite3_str_append(p, "\\n", 2);
    }else{
      sqlite3_str_appendf(p, "\\u%04x", c);
    }
  }
  sqlite3_str_append(p, z+iRun, n-iRun);
  sqlite3_str_appendchar(p, 1, '"');
}

/* The bytes jsonString writes for z[0..n). */
static sqlite3_int64 jsonStringLen(const char *z, int n){
  sqlite3_int64 nOut = 2 + (sqlite3_int64)n;
  int i;
  for(i=0; i<n; i++){
    unsigned char c = (unsigned char)z[i];
    if( c=='"' || c=='\\' || c=='\n' ) nOut += 1;
    else if( c<0x20 ) nOut += 5;
  }
  return nOut;
}

/* A blob as a JSON string of lower-case hex digits, written in chunks. */
static void jsonHex(sqlite3_str *p, const unsigned char *a, int n){
  static const char hex[] = "0123456789abcdef";
  char zBuf[512];
  int i, j = 0;
  sqlite3_str_appendchar(p, 1, '"');
  for(i=0; i<n; i++){
    zBuf[j++] = hex[a[i]>>4];
    zBuf[j++] = hex[a[i]&15];
    if( j==(int)sizeof(zBuf) ){
      sqlite3_str_append(p, zBuf, j);
      j = 0;
    }
  }
  sqlite3_str_append(p, zBuf, j);
  sqlite3_str_appendchar(p, 1, '"');
}

/* One cell, or SQLITE_TOOBIG (nothing written) when it would make the text
** longer than WEB_JSON_MAX. Its length is known before anything is read
** or expanded (sqlite3_column_bytes, before the value is converted). Reals
** with 17 significant digits by the C library's printf, which JSON.parse
** reads back to the same double. */
static int jsonCell(sqlite3_str *p, sqlite3_stmt *pStmt, int iCol){
  sqlite3_int64 nHave = sqlite3_str_length(p);
  switch( sqlite3_column_type(pStmt, iCol) ){
    case SQLITE_INTEGER: {
      sqlite3_int64 v = sqlite3_column_int64(pStmt, iCol);
      if( nHave + 32 > WEB_JSON_MAX ) return SQLITE_TOOBIG;
      if( v<-WEB_SAFE_INT || v>WEB_SAFE_INT ){
        sqlite3_str_appendf(p, "{\"int\":\"%lld\"}", v);
      }else{
        sqlite3_str_appendf(p, "%lld", v);
      }
      break;
    }
    case SQLITE_FLOAT: {
      double r = sqlite3_column_double(pStmt, iCol);
      char zNum[40];
      if( nHave + 32 > WEB_JSON_MAX ) return SQLITE_TOOBIG;
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
    case SQLITE_TEXT: {
      const char *z;
      int n = sqlite3_column_bytes(pStmt, iCol);
      if( nHave + 2 + (sqlite3_int64)n > WEB_JSON_MAX ) return SQLITE_TOOBIG;
      z = (const char*)sqlite3_column_text(pStmt, iCol);
      if( z==0 ) return SQLITE_NOMEM;
      if( nHave + jsonStringLen(z, n) > WEB_JSON_MAX ) return SQLITE_TOOBIG;
      jsonString(p, z, n);
      break;
    }
    case SQLITE_BLOB: {
      const unsigned char *a;
      int n = sqlite3_column_bytes(pStmt, iCol);
      if( nHave + 2 + 2*(sqlite3_int64)n > WEB_JSON_MAX ) return SQLITE_TOOBIG;
      a = sqlite3_column_blob(pStmt, iCol);
      if( a==0 && n>0 ) return SQLITE_NOMEM;
      jsonHex(p, a, n);
      break;
    }
    default:
      sqlite3_str_appendall(p, "null");
  }
  return SQLITE_OK;
}

/* Steps pStmt to its end, appending its result set when it has columns.
** Returns SQLITE_DONE or the error code of sqlite3_step, or SQLITE_TOOBIG
** with *pbTooLong set when the text would pass WEB_JSON_MAX. */
static int jsonStatement(sqlite3_str *p, sqlite3_stmt *pStmt, int *pnSet, int *pbTooLong){
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
      rc = jsonCell(p, pStmt, i);
      if( rc!=SQLITE_OK ){
        *pbTooLong = rc==SQLITE_TOOBIG;
        return rc;
      }
    }
    sqlite3_str_appendchar(p, 1, ']');
  }
  if( nCol>0 ) sqlite3_str_appendall(p, "]}");
  return rc;
}

char *webQuery(const char *zSql){
  sqlite3_str *p = sqlite3_str_new(webDb);
  const char *zTail = zSql;
  int nSet = 0, bTooLong = 0, rc = SQLITE_OK;
  sqlite3_str_appendall(p, "{\"results\":[");
  while( rc==SQLITE_OK && zTail && zTail[0] ){
    sqlite3_stmt *pStmt = 0;
    rc = sqlite3_prepare_v2(webDb, zTail, -1, &pStmt, &zTail);
    if( rc==SQLITE_OK && pStmt ){
      rc = jsonStatement(p, pStmt, &nSet, &bTooLong);
      rc = rc==SQLITE_DONE ? SQLITE_OK : rc;
    }
    sqlite3_finalize(pStmt);
  }
  if( rc==SQLITE_OK && sqlite3_str_length(p) + 2 > WEB_JSON_MAX ){
    rc = SQLITE_TOOBIG;
    bTooLong = 1;
  }
  if( rc!=SQLITE_OK ){
    const char *zErr = webDb ? sqlite3_errmsg(webDb) : "no database: webOpen first";
    if( bTooLong ){
      zErr = "result too long for the page: more than " WEB_JSON_MAX_TEXT
             " bytes of JSON, the longest string JavaScript holds";
    }
    sqlite3_str_reset(p);
    sqlite3_str_appendall(p, "{\"error\":");
    jsonString(p, zErr, (int)strlen(zErr));
    sqlite3_str_appendchar(p, 1, '}');
  }else{
    sqlite3_str_appendall(p, "]}");
  }
  return sqlite3_str_finish(p);
}
