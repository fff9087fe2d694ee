/*
** common_sql.c: helpers shared by the SQL glue of mlpscale (no SQL surface
** of its own).
**
**   mlpResultErrorf   set a formatted error on a function context
**   mlpVtabErrorf     set a formatted error on a virtual table
**   mlpParseOptions   walk a JSON object of options, rejecting duplicates
**   mlpPrepareSource  turn "a read-only SELECT or a table/view name" into a
**                     prepared statement, refusing anything else
**   mlpBestIndexArgs  xBestIndex of a table-valued function whose arguments
**                     are hidden columns
**   mlpOpenRegular    fopen for reading, refusing anything but a regular file
**   mlpAppendJsonNumber  a double as a JSON number, whatever the locale
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlpscale_int.h"
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void mlpResultErrorf(sqlite3_context *ctx, const char *zFmt, ...){
  va_list ap;
  char *zErr;
  va_start(ap, zFmt);
  zErr = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  if( zErr==0 ){
    sqlite3_result_error_nomem(ctx);
  }else{
    sqlite3_result_error(ctx, zErr, -1);
    sqlite3_free(zErr);
  }
}

int mlpVtabErrorf(sqlite3_vtab *pVtab, const char *zFmt, ...){
  va_list ap;
  sqlite3_free(pVtab->zErrMsg);
  va_start(ap, zFmt);
  pVtab->zErrMsg = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  return pVtab->zErrMsg ? SQLITE_ERROR : SQLITE_NOMEM;
}

const char *mlpValueText(sqlite3_value *pVal){
  switch( sqlite3_value_type(pVal) ){
    case SQLITE_BLOB: return "(blob)";
    case SQLITE_NULL: return "NULL";
    default: {
      const char *z = (const char*)sqlite3_value_text(pVal);
      return z ? z : "";
    }
  }
}

int mlpParseOptions(sqlite3 *db, const char *zFunc, sqlite3_value *pJson,
                    MlpOptionFunc xOpt, void *pArg, char **pzErr){
  sqlite3_stmt *pStmt = 0;
  sqlite3_str *pSeen = 0;       /* keys seen so far, each as "\x01key\x01" */
  int rc;
  *pzErr = 0;
  if( sqlite3_value_type(pJson)==SQLITE_NULL ) return SQLITE_OK;
  rc = sqlite3_prepare_v2(db,
      "SELECT key, type, value FROM json_each(?1)", -1, &pStmt, 0);
  if( rc!=SQLITE_OK ){
    *pzErr = sqlite3_mprintf("%s: cannot read options: %s", zFunc,
                             sqlite3_errmsg(db));
    return rc;
  }
  sqlite3_bind_value(pStmt, 1, pJson);
  {
    /* Validity first, so that '{' and '[1]' give the same clear message. */
    sqlite3_stmt *pCheck = 0;
    int bObject = 0;
    rc = sqlite3_prepare_v2(db,
        "SELECT CASE WHEN json_valid(?1) THEN json_type(?1)='object' ELSE 0 END", -1, &pCheck, 0);
    if( rc==SQLITE_OK ){
      sqlite3_bind_value(pCheck, 1, pJson);
      if( sqlite3_step(pCheck)==SQLITE_ROW ) bObject = sqlite3_column_int(pCheck, 0);
      rc = sqlite3_finalize(pCheck);
    }
    if( rc==SQLITE_OK && !bObject ){
      *pzErr = sqlite3_mprintf("%s: options must be a JSON object, got '%s'",
                               zFunc, mlpValueText(pJson));
      rc = SQLITE_ERROR;
    }
  }
  pSeen = sqlite3_str_new(0);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zKey = (const char*)sqlite3_column_text(pStmt, 0);
    const char *zType = (const char*)sqlite3_column_text(pStmt, 1);
    char *zMark;
    if( zKey==0 || zType==0 ){ rc = SQLITE_NOMEM; break; }
    zMark = sqlite3_mprintf("\001%s\001", zKey);
    if( zMark==0 ){ rc = SQLITE_NOMEM; break; }
    if( sqlite3_str_length(pSeen)>0
     && strstr(sqlite3_str_value(pSeen), zMark)!=0 ){
      *pzErr = sqlite3_mprintf("%s: duplicate option '%s'", zFunc, zKey);
      rc = SQLITE_ERROR;
    }else{
      sqlite3_str_appendall(pSeen, zMark);
      rc = sqlite3_str_errcode(pSeen);
      if( rc==SQLITE_OK ){
        rc = xOpt(pArg, zKey, zType, sqlite3_column_value(pStmt, 2), pzErr);
        if( rc==SQLITE_NOTFOUND ){
          *pzErr = sqlite3_mprintf("%s: unknown option '%s'", zFunc, zKey);
          rc = SQLITE_ERROR;
        }
      }
    }
    sqlite3_free(zMark);
  }
  sqlite3_free(sqlite3_str_finish(pSeen));
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  if( rc!=SQLITE_OK && *pzErr==0 ){
    *pzErr = rc==SQLITE_NOMEM ? 0
           : sqlite3_mprintf("%s: cannot read options: %s", zFunc,
                             sqlite3_errmsg(db));
  }
  return rc;
}

/* True when z holds nothing but white space and SQL comments. */
static int onlyCommentsLeft(const char *z){
  while( *z ){
    if( z[0]==' ' || z[0]=='\t' || z[0]=='\n' || z[0]=='\r' || z[0]=='\f' || z[0]==';' ){
      z++;
    }else if( z[0]=='-' && z[1]=='-' ){
      while( *z && *z!='\n' ) z++;
    }else if( z[0]=='/' && z[1]=='*' ){
      const char *zEnd = strstr(z+2, "*/");
      if( zEnd==0 ) return 1;
      z = zEnd+2;
    }else{
      return 0;
    }
  }
  return 1;
}

int mlpPrepareSource(sqlite3 *db, const char *zFunc, const char *zArg,
                     const char *zSource, int bRowid,
                     sqlite3_stmt **ppStmt, char **pzErr){
  sqlite3_stmt *pStmt = 0;
  const char *zTail = 0;
  char *zType = 0;
  int rc;
  *ppStmt = 0;
  *pzErr = 0;

  /* A table or view name? (pragma_table_list exists since SQLite 3.37.) */
  rc = sqlite3_prepare_v2(db,
      "SELECT type FROM pragma_table_list WHERE name=?1 ORDER BY schema='main' DESC",
      -1, &pStmt, 0);
  if( rc==SQLITE_OK ){
    sqlite3_bind_text(pStmt, 1, zSource, -1, SQLITE_STATIC);
    if( sqlite3_step(pStmt)==SQLITE_ROW ){
      zType = sqlite3_mprintf("%s", (const char*)sqlite3_column_text(pStmt, 0));
      if( zType==0 ) rc = SQLITE_NOMEM;
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
    pStmt = 0;
  }
  if( rc!=SQLITE_OK ){
    sqlite3_free(zType);
    return rc;
  }
  if( zType ){
    char *zSql;
    if( !bRowid ){
      zSql = sqlite3_mprintf("SELECT * FROM \"%w\"", zSource);
    }else if( strcmp(zType, "view")==0 ){
      /* Views have no rowid: number their rows 1, 2, ... in view order. */
      zSql = sqlite3_mprintf("SELECT row_number() OVER (), * FROM \"%w\"", zSource);
    }else{
      zSql = sqlite3_mprintf("SELECT rowid, * FROM \"%w\"", zSource);
    }
    sqlite3_free(zType);
    if( zSql==0 ) return SQLITE_NOMEM;
    rc = sqlite3_prepare_v2(db, zSql, -1, ppStmt, 0);
    sqlite3_free(zSql);
    if( rc!=SQLITE_OK ){
      *pzErr = sqlite3_mprintf("%s: cannot read %s '%s': %s", zFunc, zArg,
                               zSource, sqlite3_errmsg(db));
    }
    return rc;
  }

  rc = sqlite3_prepare_v2(db, zSource, -1, &pStmt, &zTail);
  if( rc!=SQLITE_OK ){
    *pzErr = sqlite3_mprintf("%s: %s is neither a table nor a valid SELECT: %s",
                             zFunc, zArg, sqlite3_errmsg(db));
    return rc;
  }
  if( pStmt==0 ){
    *pzErr = sqlite3_mprintf("%s: %s is empty", zFunc, zArg);
    return SQLITE_ERROR;
  }
  if( zTail && !onlyCommentsLeft(zTail) ){
    *pzErr = sqlite3_mprintf("%s: %s must be a single statement, got '%s'",
                             zFunc, zArg, zSource);
    sqlite3_finalize(pStmt);
    return SQLITE_ERROR;
  }
  if( !sqlite3_stmt_readonly(pStmt) || sqlite3_column_count(pStmt)==0 ){
    *pzErr = sqlite3_mprintf("%s: %s must be a read-only SELECT, got '%s'",
                             zFunc, zArg, zSource);
    sqlite3_finalize(pStmt);
    return SQLITE_ERROR;
  }
  *ppStmt = pStmt;
  return SQLITE_OK;
}

int mlpBestIndexArgs(sqlite3_index_info *pInfo, int iFirst, int nArg,
                     int nRequired){
  int aIdx[MLP_MAX_ARGS];
  int aUnusable[MLP_MAX_ARGS];
  int i, n = 0;
  for(i=0; i<nArg; i++){ aIdx[i] = -1; aUnusable[i] = 0; }
  for(i=0; i<pInfo->nConstraint; i++){
    const struct sqlite3_index_constraint *pC = &pInfo->aConstraint[i];
    int iArg = pC->iColumn - iFirst;
    if( iArg<0 || iArg>=nArg || pC->op!=SQLITE_INDEX_CONSTRAINT_EQ ) continue;
    if( !pC->usable ){
      aUnusable[iArg] = 1;
    }else if( aIdx[iArg]<0 ){
      aIdx[iArg] = i;
    }
  }
  pInfo->idxNum = 0;
  for(i=0; i<nArg; i++){
    if( aIdx[i]<0 && aUnusable[i] ) return SQLITE_CONSTRAINT;
    if( aIdx[i]>=0 ){
      pInfo->aConstraintUsage[aIdx[i]].argvIndex = ++n;
      pInfo->aConstraintUsage[aIdx[i]].omit = 1;
      pInfo->idxNum |= 1<<i;
    }
  }
  if( (pInfo->idxNum & ((1<<nRequired)-1))!=(1<<nRequired)-1 ){
    pInfo->estimatedCost = 1e300;
    pInfo->estimatedRows = 0x7fffffff;
  }else{
    pInfo->estimatedCost = 1000.0;
    pInfo->estimatedRows = 1000;
  }
  return SQLITE_OK;
}

FILE *mlpOpenRegular(const char *zPath, const char **pzWhy){
  struct stat st;
  FILE *pFile;
  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  int fd = open(zPath, O_RDONLY|O_CLOEXEC|O_NONBLOCK);
  if( fd<0 ){
    *pzWhy = strerror(errno);
    return 0;
  }
  if( fstat(fd, &st)!=0 ){
    *pzWhy = strerror(errno);
  }else if( S_ISDIR(st.st_mode) ){
    *pzWhy = strerror(EISDIR);
  }else if( !S_ISREG(st.st_mode) ){
    *pzWhy = "not a regular file";
  }else if( (pFile = fdopen(fd, "rb"))!=0 ){
    return pFile;
  }else{
    *pzWhy = strerror(errno);
  }
  close(fd);
  return 0;
}

void mlpAppendJsonNumber(sqlite3_str *pStr, double v){
  char zBuf[48], zOut[48];
  int i, j = 0, bPoint = 0;
  if( !isfinite(v) ){
    sqlite3_str_append(pStr, "null", 4);
    return;
  }
  snprintf(zBuf, sizeof(zBuf), "%.17g", v);
  /* Whatever bytes stand where the digits and sign are not (the locale's
  ** decimal separator, "," or a multibyte one) become one '.'. */
  for(i=0; zBuf[i]; i++){
    char c = zBuf[i];
    if( (c>='0' && c<='9') || c=='-' || c=='+' || c=='e' ){
      zOut[j++] = c;
    }else if( !bPoint ){
      zOut[j++] = '.';
      bPoint = 1;
    }
  }
  sqlite3_str_append(pStr, zOut, j);
}
