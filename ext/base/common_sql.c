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
**   mlpAppendJsonNumber  a double as a JSON number, whatever the locale
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "base/jsonstrict.h"
#include "base/ceilings.h"
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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

void mlpResultFail(sqlite3_context *ctx, int rc, char *zErr){
  if( zErr ){
    sqlite3_result_error(ctx, zErr, -1);
    sqlite3_free(zErr);
  }else if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else{
    sqlite3_result_error_code(ctx, rc);
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

const char *mlpOptText(const char *zType, sqlite3_value *pVal){
  if( strcmp(zType, "true")==0 || strcmp(zType, "false")==0
   || strcmp(zType, "null")==0 ){
    return zType;
  }
  return mlpValueText(pVal);
}

int mlpOptError(char **pzErr, const char *zFunc, const char *zKey,
                const char *zExpect, const char *zGot){
  *pzErr = sqlite3_mprintf("%s: option '%s' must be %s, got '%s'",
                           zFunc, zKey, zExpect, zGot);
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

int mlpOptIndex(const char *zType, sqlite3_value *pVal,
                const char *const *azChoice){
  int i;
  const char *z;
  if( strcmp(zType, "text")!=0 ) return -1;
  z = (const char*)sqlite3_value_text(pVal);
  if( z==0 ) return -1;
  for(i=0; azChoice[i]; i++){
    if( strcmp(z, azChoice[i])==0 ) return i;
  }
  return -1;
}

int mlpOptChoice(const char *zFunc, const char *zKey, const char *zType,
                 sqlite3_value *pVal, const char *const *azChoice, int *piOut,
                 char **pzErr){
  int i = mlpOptIndex(zType, pVal, azChoice), rc;
  sqlite3_str *pExpect;
  char *zExpect;
  if( i>=0 ){
    *piOut = i;
    return SQLITE_OK;
  }
  pExpect = sqlite3_str_new(0);
  for(i=0; azChoice[i]; i++){
    sqlite3_str_appendf(pExpect, "%s'%s'",
                        i==0 ? "" : azChoice[i+1] ? ", " : " or ", azChoice[i]);
  }
  zExpect = sqlite3_str_finish(pExpect);
  if( zExpect==0 ) return SQLITE_NOMEM;
  rc = mlpOptError(pzErr, zFunc, zKey, zExpect, mlpOptText(zType, pVal));
  sqlite3_free(zExpect);
  return rc;
}

int mlpOptBool(const char *zFunc, const char *zKey, const char *zType,
               sqlite3_value *pVal, int *pbOut, char **pzErr){
  if( strcmp(zType, "true")==0 ){ *pbOut = 1; return SQLITE_OK; }
  if( strcmp(zType, "false")==0 ){ *pbOut = 0; return SQLITE_OK; }
  return mlpOptError(pzErr, zFunc, zKey, "true or false", mlpOptText(zType, pVal));
}

int mlpOptInt(const char *zFunc, const char *zKey, const char *zType,
              sqlite3_value *pVal, sqlite3_int64 lo, sqlite3_int64 hi,
              sqlite3_int64 *piOut, char **pzErr){
  char zExpect[80];
  /* json_each calls a JSON integer beyond 64 bits "integer" but gives it
  ** as a real: refused, as 1e19 is, never clamped to the int64 range. */
  if( strcmp(zType, "integer")==0 && sqlite3_value_type(pVal)==SQLITE_INTEGER ){
    sqlite3_int64 v = sqlite3_value_int64(pVal);
    if( v>=lo && v<=hi ){
      *piOut = v;
      return SQLITE_OK;
    }
  }
  if( lo==MLP_SMALLEST_INT64 && hi==MLP_LARGEST_INT64 ){
    sqlite3_snprintf(sizeof(zExpect), zExpect, "an integer");
  }else if( lo==1 && hi>=INT_MAX ){
    sqlite3_snprintf(sizeof(zExpect), zExpect, "a positive integer");
  }else{
    sqlite3_snprintf(sizeof(zExpect), zExpect, "an integer from %lld to %lld", lo, hi);
  }
  return mlpOptError(pzErr, zFunc, zKey, zExpect, mlpOptText(zType, pVal));
}

int mlpOptNumber(const char *zType, sqlite3_value *pVal, double *prOut){
  if( strcmp(zType, "integer")!=0 && strcmp(zType, "real")!=0 ) return 0;
  *prOut = sqlite3_value_double(pVal);
  return 1;
}

int mlpValueNumber(sqlite3_value *pVal, int *peType, sqlite3_int64 *piOut,
                   double *prOut){
  int eType = sqlite3_value_type(pVal);
  sqlite3_value *pCopy = 0;
  if( eType==SQLITE_TEXT ){
    pCopy = sqlite3_value_dup(pVal);
    if( pCopy==0 ) return SQLITE_NOMEM;
    eType = sqlite3_value_numeric_type(pCopy);
    pVal = pCopy;
  }
  if( eType==SQLITE_INTEGER ){
    *piOut = sqlite3_value_int64(pVal);
    *prOut = (double)*piOut;
  }else if( eType==SQLITE_FLOAT ){
    *prOut = sqlite3_value_double(pVal);
  }else if( eType!=SQLITE_NULL ){
    eType = 0;
  }
  sqlite3_value_free(pCopy);
  *peType = eType;
  return SQLITE_OK;
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
    *pzErr = rc==SQLITE_NOMEM ? 0
           : sqlite3_mprintf("%s: cannot read options: %s", zFunc, sqlite3_errmsg(db));
    return rc;
  }
  {
    /* Validity first, so that '{' and '[1]' give the same clear message,
    ** as RFC 8259 alone (jsonStrictValid): SQLite reads JSON5 from 3.42 on,
    ** where {drop:0} would be an option and NaN a null, and reads a blob as
    ** its binary JSON from 3.45 on; the same options must mean the same on
    ** every engine. */
    const char *z = 0;
    size_t n = 0;
    if( sqlite3_value_type(pJson)!=SQLITE_BLOB ){
      z = (const char*)sqlite3_value_text(pJson);
      if( z==0 ) rc = SQLITE_NOMEM;
      n = (size_t)sqlite3_value_bytes(pJson);
    }
    if( rc==SQLITE_OK && (z==0 || !jsonStrictValid(z, n)
                          || z[jsonStrictSkipSpace(z, n, 0)]!='{') ){
      *pzErr = sqlite3_mprintf("%s: options must be a JSON object, got '%s'",
                               zFunc, mlpValueText(pJson));
      rc = *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
    }
    if( rc==SQLITE_OK ) sqlite3_bind_text(pStmt, 1, z, (int)n, SQLITE_STATIC);
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
      rc = *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
    }else{
      sqlite3_str_appendall(pSeen, zMark);
      rc = sqlite3_str_errcode(pSeen);
      if( rc==SQLITE_OK ){
        rc = xOpt(pArg, zKey, zType, sqlite3_column_value(pStmt, 2), pzErr);
        if( rc==SQLITE_NOTFOUND ){
          *pzErr = sqlite3_mprintf("%s: unknown option '%s'", zFunc, zKey);
          rc = SQLITE_ERROR;
        }
        /* An error without its message: the message could not be made. */
        if( rc!=SQLITE_OK && *pzErr==0 ) rc = SQLITE_NOMEM;
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

/* Skip white space, SQL comments and empty statements (";"). */
static const char *skipSpace(const char *z){
  for(;;){
    if( *z==' ' || *z=='\t' || *z=='\n' || *z=='\r' || *z=='\f' || *z==';' ){
      z++;
    }else if( z[0]=='-' && z[1]=='-' ){
      while( *z && *z!='\n' ) z++;
    }else if( z[0]=='/' && z[1]=='*' ){
      const char *zEnd = strstr(z+2, "*/");
      if( zEnd==0 ) return z+strlen(z);
      z = zEnd+2;
    }else{
      return z;
    }
  }
}

/* If z starts with keyword zWord (any case, then a non-identifier
** character), the text after it, else NULL. */
static const char *afterKeyword(const char *z, const char *zWord){
  size_t n = strlen(zWord);
  z = skipSpace(z);
  if( sqlite3_strnicmp(z, zWord, (int)n)!=0 ) return 0;
  if( (z[n]>='a' && z[n]<='z') || (z[n]>='A' && z[n]<='Z')
   || (z[n]>='0' && z[n]<='9') || z[n]=='_' || z[n]=='$' || (z[n]&0x80) ){
    return 0;
  }
  return z+n;
}

/* Whether SQL text z is a PRAGMA, or EXPLAIN [QUERY PLAN] of one. */
static int isPragma(const char *z){
  const char *zAfter = afterKeyword(z, "EXPLAIN");
  if( zAfter ){
    const char *zQuery = afterKeyword(zAfter, "QUERY");
    z = zAfter;
    if( zQuery && afterKeyword(zQuery, "PLAN") ) z = afterKeyword(zQuery, "PLAN");
  }
  return afterKeyword(z, "PRAGMA")!=0;
}

/* ---- pragma functions in a source ---- */

/*
** A table-valued pragma function (pragma_optimize, pragma_hard_heap_limit(1),
** pragma_query_only(0)) runs its PRAGMA when the statement is stepped, and
** sqlite3_stmt_readonly() says yes to it: ANALYZE then writes sqlite_stat1.
** An authorizer would see it, but a host's authorizer cannot be read back to
** be restored, so the text is read instead: every name in the source's SQL,
** and in the views it names (transitively, in every schema), bare or quoted
** as "x", [x] or `x`, outside string literals and comments. A name that
** starts with pragma_ (any case) is refused; so is a view that uses one.
** It may refuse a column or a CTE so named: call it something else.
*/

/* Calls xName(pArg, zName, nName) for each name of SQL text z (a quoted
** one unquoted into a buffer), until it answers non-zero: that answer, or
** 0 at the end, or SQLITE_NOMEM as -1. */
static int sqlForEachName(const char *z, int (*xName)(void*, const char*, int),
                          void *pArg){
  char *zBuf = 0;
  int rc = 0;
  while( *z && rc==0 ){
    unsigned char c = (unsigned char)*z;
    if( c=='-' && z[1]=='-' ){
      while( *z && *z!='\n' ) z++;
    }else if( c=='/' && z[1]=='*' ){
      const char *zEnd = strstr(z+2, "*/");
      z = zEnd ? zEnd+2 : z+strlen(z);
    }else if( c=='\'' ){
      /* A string is a name too where SQLite expects one (FROM 'pragma_x'
      ** reads the pragma): one that is a whole name, identifier characters
      ** only, counts as one. */
      const char *zStart;
      int bName = 1, n = 0;
      if( zBuf==0 && (zBuf = sqlite3_malloc64(strlen(z)+1))==0 ) return -1;
      for(z++, zStart=z; *z; z++){
        if( *z=='\'' ){ if( z[1]=='\'' ) z++; else break; }
        if( !((*z>='a' && *z<='z') || (*z>='A' && *z<='Z') || (*z>='0' && *z<='9')
              || *z=='_' || *z=='$' || (*z&0x80)) ){
          bName = 0;
        }
        zBuf[n++] = *z;
      }
      if( *z ) z++;
      if( bName && n>0 && z>zStart ) rc = xName(pArg, zBuf, n);
    }else if( c=='"' || c=='`' || c=='[' ){
      char cEnd = c=='[' ? ']' : (char)c;
      int n = 0;
      if( zBuf==0 && (zBuf = sqlite3_malloc64(strlen(z)+1))==0 ) return -1;
      for(z++; *z; z++){
        if( *z==cEnd ){ if( cEnd!=']' && z[1]==cEnd ) z++; else break; }
        zBuf[n++] = *z;
      }
      if( *z ) z++;
      rc = xName(pArg, zBuf, n);
    }else if( (c>='a' && c<='z') || (c>='A' && c<='Z') || c=='_' || c>=0x80 ){
      const char *zStart = z;
      while( (*z>='a' && *z<='z') || (*z>='A' && *z<='Z') || (*z>='0' && *z<='9')
          || *z=='_' || *z=='$' || (*z&0x80) ){
        z++;
      }
      rc = xName(pArg, zStart, (int)(z-zStart));
    }else if( c>='0' && c<='9' ){
      /* a number, with its exponent or hex digits: not a name */
      while( (*z>='a' && *z<='z') || (*z>='A' && *z<='Z') || (*z>='0' && *z<='9')
          || *z=='_' || *z=='.' ){
        z++;
      }
    }else{
      z++;
    }
  }
  sqlite3_free(zBuf);
  return rc;
}

/* The views of every schema, and which of them use a pragma function. */
typedef struct SqlViews SqlViews;
struct SqlViews {
  int n;
  char **azName;
  char **azSql;
  unsigned char *aUses;
  char *zFound;             /* set by sqlNameIsBad: the name refused */
  int bView;                /* that name is a view's */
};

/* Keep a copy of the name refused: 1, or -1 when out of memory. */
static int sqlNameFound(SqlViews *p, const char *zName, int nName, int bView){
  sqlite3_free(p->zFound);
  p->zFound = sqlite3_mprintf("%.*s", nName, zName);
  p->bView = bView;
  return p->zFound ? 1 : -1;
}

/* xName of sqlForEachName: 1 for pragma_* or a view that uses one. */
static int sqlNameIsBad(void *pArg, const char *zName, int nName){
  SqlViews *p = (SqlViews*)pArg;
  int i;
  if( nName>=7 && sqlite3_strnicmp(zName, "pragma_", 7)==0 ){
    return sqlNameFound(p, zName, nName, 0);
  }
  for(i=0; i<p->n; i++){
    if( p->aUses[i] && (int)strlen(p->azName[i])==nName
     && sqlite3_strnicmp(p->azName[i], zName, nName)==0 ){
      return sqlNameFound(p, zName, nName, 1);
    }
  }
  return 0;
}

static void sqlViewsFree(SqlViews *p){
  int i;
  for(i=0; i<p->n; i++){
    sqlite3_free(p->azName[i]);
    sqlite3_free(p->azSql[i]);
  }
  sqlite3_free(p->azName);
  sqlite3_free(p->azSql);
  sqlite3_free(p->aUses);
  sqlite3_free(p->zFound);
  memset(p, 0, sizeof(*p));
}

/* Load the views of every schema and mark those that use a pragma
** function, directly or through another view. SQLITE_OK or an error code. */
static int sqlViewsLoad(sqlite3 *db, SqlViews *p){
  sqlite3_stmt *pStmt = 0;
  int rc, nAlloc = 0, bChanged, i;
  memset(p, 0, sizeof(*p));
  rc = sqlite3_prepare_v2(db, "SELECT name FROM pragma_database_list", -1, &pStmt, 0);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zSchema = (const char*)sqlite3_column_text(pStmt, 0);
    char *zQuery;
    sqlite3_stmt *pViews = 0;
    if( zSchema==0 ){ rc = SQLITE_NOMEM; break; }
    zQuery = sqlite3_mprintf("SELECT name, sql FROM \"%w\".sqlite_master"
                             " WHERE type='view' AND sql IS NOT NULL", zSchema);
    if( zQuery==0 ){ rc = SQLITE_NOMEM; break; }
    rc = sqlite3_prepare_v2(db, zQuery, -1, &pViews, 0);
    sqlite3_free(zQuery);
    while( rc==SQLITE_OK && sqlite3_step(pViews)==SQLITE_ROW ){
      const char *zName = (const char*)sqlite3_column_text(pViews, 0);
      const char *zSql = (const char*)sqlite3_column_text(pViews, 1);
      if( zName==0 || zSql==0 ){ rc = SQLITE_NOMEM; break; }
      if( p->n==nAlloc ){
        int nNew = nAlloc ? 2*nAlloc : 16;
        char **azN = sqlite3_realloc64(p->azName, sizeof(char*)*(sqlite3_uint64)nNew);
        char **azS = azN ? sqlite3_realloc64(p->azSql, sizeof(char*)*(sqlite3_uint64)nNew) : 0;
        if( azN ) p->azName = azN;
        if( azS ) p->azSql = azS;
        if( azN==0 || azS==0 ){ rc = SQLITE_NOMEM; break; }
        nAlloc = nNew;
      }
      p->azName[p->n] = sqlite3_mprintf("%s", zName);
      p->azSql[p->n] = sqlite3_mprintf("%s", zSql);
      p->n++;
      if( p->azName[p->n-1]==0 || p->azSql[p->n-1]==0 ){ rc = SQLITE_NOMEM; break; }
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pViews); else sqlite3_finalize(pViews);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  if( rc==SQLITE_OK && p->n>0 ){
    p->aUses = sqlite3_malloc64((sqlite3_uint64)p->n);
    if( p->aUses==0 ) rc = SQLITE_NOMEM; else memset(p->aUses, 0, (size_t)p->n);
  }
  /* Until no view changes: a view uses one when its text names pragma_*
  ** or a view marked so far. */
  do{
    bChanged = 0;
    for(i=0; rc==SQLITE_OK && i<p->n; i++){
      int r;
      if( p->aUses[i] ) continue;
      r = sqlForEachName(p->azSql[i], sqlNameIsBad, p);
      if( r<0 ) rc = SQLITE_NOMEM;
      if( r>0 ){ p->aUses[i] = 1; bChanged = 1; }
    }
  }while( rc==SQLITE_OK && bChanged );
  if( rc!=SQLITE_OK ) sqlViewsFree(p);
  return rc;
}

/* Refuse a source (SQL text, or the name of a table or view when bName)
** that uses a pragma function; SQLITE_OK when it does not. */
static int sourcePragmaCheck(sqlite3 *db, const char *zFunc, const char *zArg,
                             const char *zSource, int bName, char **pzErr){
  SqlViews views;
  int rc = sqlViewsLoad(db, &views), r;
  if( rc!=SQLITE_OK && rc!=SQLITE_NOMEM ){
    /* The catalogue could not be read (a host's authorizer may deny it). */
    *pzErr = sqlite3_mprintf("%s: cannot check %s for pragma functions: %s",
                             zFunc, zArg, sqlite3_errmsg(db));
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  if( rc!=SQLITE_OK ) return rc;
  if( bName ){
    r = sqlNameIsBad(&views, zSource, (int)strlen(zSource));
  }else{
    r = sqlForEachName(zSource, sqlNameIsBad, &views);
  }
  if( r<0 ){
    rc = SQLITE_NOMEM;
  }else if( r>0 ){
    if( views.bView ){
      *pzErr = sqlite3_mprintf("%s: %s must not use a pragma function, as view "
                               "'%s' does, got '%s'", zFunc, zArg, views.zFound, zSource);
    }else{
      *pzErr = sqlite3_mprintf("%s: %s must not use the pragma function '%s', "
                               "got '%s'", zFunc, zArg, views.zFound, zSource);
    }
    rc = *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  sqlViewsFree(&views);
  return rc;
}

int mlpPrepareSource(sqlite3 *db, const char *zFunc, const char *zArg,
                     const char *zSource, int nSource, int bRowid,
                     sqlite3_stmt **ppStmt, char **pzErr){
  sqlite3_stmt *pStmt = 0;
  const char *zTail = 0;
  char *zType = 0;
  int rc, bView = 0;
  *ppStmt = 0;
  *pzErr = 0;
  if( nSource>=0 && memchr(zSource, 0, (size_t)nSource)!=0 ){
    *pzErr = sqlite3_mprintf("%s: %s must not contain a NUL character", zFunc, zArg);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }

  /* A table or view name? (pragma_table_list exists since SQLite 3.37.)
  ** Matched as SQLite matches names (case-insensitively) and looked up in
  ** the order SQLite resolves an unqualified name: temp, main, then the
  ** attached databases; the query then names that schema. */
  rc = sqlite3_prepare_v2(db,
      "SELECT t.type, t.schema, t.wr FROM pragma_database_list d"
      " JOIN pragma_table_list t ON t.schema=d.name"
      " WHERE t.name=?1 COLLATE NOCASE"
      " ORDER BY CASE d.seq WHEN 1 THEN -1 ELSE d.seq END LIMIT 1",
      -1, &pStmt, 0);
  if( rc==SQLITE_OK ){
    sqlite3_bind_text(pStmt, 1, zSource, -1, SQLITE_STATIC);
    if( sqlite3_step(pStmt)==SQLITE_ROW ){
      const char *zT = (const char*)sqlite3_column_text(pStmt, 0);
      const char *zS = (const char*)sqlite3_column_text(pStmt, 1);
      /* Views and WITHOUT ROWID tables have no rowid: number their rows. */
      int bNumber = (zT && strcmp(zT, "view")==0) || sqlite3_column_int(pStmt, 2);
      bView = zT && strcmp(zT, "view")==0;
      if( zT==0 || zS==0 ){
        rc = SQLITE_NOMEM;
      }else if( !bRowid ){
        zType = sqlite3_mprintf("SELECT * FROM \"%w\".\"%w\"", zS, zSource);
      }else if( bNumber ){
        zType = sqlite3_mprintf("SELECT row_number() OVER (), * FROM \"%w\".\"%w\"",
                                zS, zSource);
      }else{
        zType = sqlite3_mprintf("SELECT rowid, * FROM \"%w\".\"%w\"", zS, zSource);
      }
      if( rc==SQLITE_OK && zType==0 ) rc = SQLITE_NOMEM;
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
    pStmt = 0;
  }
  if( rc!=SQLITE_OK ){
    sqlite3_free(zType);
    if( rc!=SQLITE_NOMEM ){
      /* The catalogue could not be read (a host's authorizer may deny it). */
      *pzErr = sqlite3_mprintf("%s: cannot look %s up in the schema: %s",
                               zFunc, zArg, sqlite3_errmsg(db));
      rc = *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
    }
    return rc;
  }
  if( zType && bView ){
    rc = sourcePragmaCheck(db, zFunc, zArg, zSource, 1, pzErr);
    if( rc!=SQLITE_OK ){
      sqlite3_free(zType);
      return rc;
    }
  }
  if( zType ){
    rc = sqlite3_prepare_v2(db, zType, -1, ppStmt, 0);
    sqlite3_free(zType);
    if( rc!=SQLITE_OK ){
      *pzErr = sqlite3_mprintf("%s: cannot read %s '%s': %s", zFunc, zArg,
                               zSource, sqlite3_errmsg(db));
    }
    return rc;
  }

  /* Some PRAGMAs act when prepared (hard_heap_limit, mmap_size, ...), even
  ** under EXPLAIN, and some pass sqlite3_stmt_readonly(): none is run. */
  if( isPragma(zSource) ){
    *pzErr = sqlite3_mprintf("%s: %s must be a read-only SELECT, got '%s'",
                             zFunc, zArg, zSource);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
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
  rc = sourcePragmaCheck(db, zFunc, zArg, zSource, 0, pzErr);
  if( rc!=SQLITE_OK ){
    sqlite3_finalize(pStmt);
    return rc;
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

/* ------------------------------------------------ per-connection state */

/* Name, default, lowest and highest value of each MLP_LIMIT_*. */
static const struct {
  const char *zName;
  sqlite3_int64 iDefault, iMin, iMax;
} aLimitInfo[MLP_LIMIT_COUNT] = {
  /* nesting: each level costs about 1 KB of stack (SQLite's frames
  ** mostly; tests/stack measures it), so 200 levels fit a 512 KB thread
  ** stack with room to spare for the host and a debug build. */
  { "nesting",         8,                    0, MLP_NESTING_MAX },
  { "kmeans_n_init",   1000,                 1, 1000000000 },
  { "kmeans_max_iter", 100000,               1, 2000000000 },
  { "file_size",       (sqlite3_int64)1<<32, 1, (sqlite3_int64)1<<62 },
  { "threads",         0 /* mlpDefaultThreads */, 1, 64 },
  { "cluster_nodes",   1<<24,                1, MLP_MAX_NODES },
  { "cluster_gpus",    1<<28,                1, MLP_MAX_GPUS },
  { "node_gpus",       4096,                 1, MLP_MAX_NODE_GPUS },
  { "gpu_models",      4096,                 1, MLP_MAX_MODELS },
  { "gpu_model_lists", 4096,                 1, MLP_MAX_MODEL_SETS },
};

/* The default of "threads": the CPUs online, at most 4 (at least 1). */
static sqlite3_int64 mlpDefaultThreads(void){
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n<1 ? 1 : (n>4 ? 4 : n);
}

/*
** The state of one connection: owned by its mlpscale_limit() function
** (freed by that function's destructor when the connection closes) and
** found by connection in a list (short: one entry per open connection with
** mlpscale loaded), under a mutex of our own. Not one of SQLite's static
** mutexes: SQLITE_MUTEX_STATIC_APP1..3 belong to the host application,
** which may hold one while it runs a query (that deadlocked), and the
** others to SQLite. The mutex is held only to walk or change the list,
** never while calling SQLite, so it nests under any lock of the host's.
*/
typedef struct MlpConn MlpConn;
struct MlpConn {
  sqlite3 *db;
  int nDepth;                              /* nesting, see mlpNestEnter */
  sqlite3_int64 aLimit[MLP_LIMIT_COUNT];
  MlpConn *pNext;
};
static MlpConn *pConnList = 0;
static pthread_mutex_t connMutex = PTHREAD_MUTEX_INITIALIZER;

static MlpConn *connFind(sqlite3 *db){
  MlpConn *p;
  pthread_mutex_lock(&connMutex);
  for(p=pConnList; p && p->db!=db; p=p->pNext){}
  pthread_mutex_unlock(&connMutex);
  return p;
}

static void connFree(void *pArg){
  MlpConn *pConn = (MlpConn*)pArg, **pp;
  pthread_mutex_lock(&connMutex);
  for(pp=&pConnList; *pp && *pp!=pConn; pp=&(*pp)->pNext){}
  if( *pp ) *pp = pConn->pNext;
  pthread_mutex_unlock(&connMutex);
  sqlite3_free(pConn);
}

sqlite3_int64 mlpLimit(sqlite3 *db, int iLimit){
  MlpConn *pConn = connFind(db);
  if( pConn ) return pConn->aLimit[iLimit];
  return iLimit==MLP_LIMIT_THREADS ? mlpDefaultThreads() : aLimitInfo[iLimit].iDefault;
}

int mlpNestEnter(sqlite3 *db, const char *zFunc, char **pzErr){
  MlpConn *pConn = connFind(db);
  sqlite3_int64 nMax = pConn ? pConn->aLimit[MLP_LIMIT_NESTING]
                             : aLimitInfo[MLP_LIMIT_NESTING].iDefault;
  *pzErr = 0;
  if( pConn==0 ) return SQLITE_OK;
  if( pConn->nDepth>=nMax ){
    *pzErr = sqlite3_mprintf("%s: too deeply nested: more than %lld calls of "
        "kmeans, kmeans_centroids, kmeans_scan or gpu_schedule inside one "
        "another (mlpscale_limit 'nesting')", zFunc, nMax);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  pConn->nDepth++;
  return SQLITE_OK;
}

void mlpNestLeave(sqlite3 *db){
  MlpConn *pConn = connFind(db);
  if( pConn && pConn->nDepth>0 ) pConn->nDepth--;
}

/*
** mlpscale_limit(name [, value]): the limit's value; with value, set it and
** return the value it had.
*/
static void limitFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  MlpConn *pConn = (MlpConn*)sqlite3_user_data(ctx);
  const char *zName;
  char *zKnown;
  int i;
  if( argc<1 || argc>2 ){
    sqlite3_result_error(ctx, "mlpscale_limit: use mlpscale_limit(name [, value])", -1);
    return;
  }
  /* Only text names a limit (a blob or number is reported as given). */
  zName = sqlite3_value_type(argv[0])==SQLITE_TEXT
        ? (const char*)sqlite3_value_text(argv[0]) : 0;
  if( zName==0 && sqlite3_value_type(argv[0])==SQLITE_TEXT ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  for(i=0; i<MLP_LIMIT_COUNT; i++){
    if( zName && strcmp(zName, aLimitInfo[i].zName)==0 ) break;
  }
  if( i==MLP_LIMIT_COUNT ){
    sqlite3_str *pKnown = sqlite3_str_new(0);
    for(i=0; i<MLP_LIMIT_COUNT; i++){
      sqlite3_str_appendf(pKnown, "%s%s", i ? ", " : "", aLimitInfo[i].zName);
    }
    if( sqlite3_str_errcode(pKnown) ){
      sqlite3_free(sqlite3_str_finish(pKnown));
      sqlite3_result_error_nomem(ctx);
      return;
    }
    zKnown = sqlite3_str_finish(pKnown);
    mlpResultErrorf(ctx, "mlpscale_limit: unknown limit '%s' (known: %s)",
                    mlpValueText(argv[0]), zKnown);
    sqlite3_free(zKnown);
    return;
  }
  sqlite3_result_int64(ctx, pConn->aLimit[i]);
  if( argc>1 ){
    sqlite3_int64 v = sqlite3_value_int64(argv[1]);
    if( sqlite3_value_numeric_type(argv[1])!=SQLITE_INTEGER
     || v<aLimitInfo[i].iMin || v>aLimitInfo[i].iMax ){
      mlpResultErrorf(ctx, "mlpscale_limit: limit '%s' must be an integer "
                      "from %lld to %lld, got '%s'", aLimitInfo[i].zName,
                      aLimitInfo[i].iMin, aLimitInfo[i].iMax,
                      mlpValueText(argv[1]));
      return;
    }
    pConn->aLimit[i] = v;
  }
}

int mlpCommonInit(sqlite3 *db){
  MlpConn *pConn = sqlite3_malloc64(sizeof(*pConn));
  int i;
  if( pConn==0 ) return SQLITE_NOMEM;
  memset(pConn, 0, sizeof(*pConn));
  pConn->db = db;
  for(i=0; i<MLP_LIMIT_COUNT; i++) pConn->aLimit[i] = aLimitInfo[i].iDefault;
  pConn->aLimit[MLP_LIMIT_THREADS] = mlpDefaultThreads();
  pthread_mutex_lock(&connMutex);
  pConn->pNext = pConnList;
  pConnList = pConn;
  pthread_mutex_unlock(&connMutex);
  /* The function owns pConn from here: SQLite calls connFree when the
  ** connection closes, and at once when the registration fails. */
  return sqlite3_create_function_v2(db, "mlpscale_limit", -1,
      SQLITE_UTF8|SQLITE_DIRECTONLY, pConn, limitFunc, 0, 0, connFree);
}

/* ------------------------------------------------------------- interrupts */

/* Nanoseconds of a monotonic clock. */
static sqlite3_int64 stopClockNs(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (sqlite3_int64)ts.tv_sec*1000000000 + ts.tv_nsec;
}

void mlpStopOpen(sqlite3 *db, MlpStop *p){
  p->db = db;
  p->pProbe = 0;
  p->pTick = 0;
  p->nTickNs = MLP_TICK_NS;
#if MLPSCALE_TEST_HOOKS
  {
    const char *zTest = getenv("MLPSCALE_TEST_TICK");
    if( zTest && strcmp(zTest, "1")==0 ) p->nTickNs = 0;
  }
#endif
  p->iNextTick = stopClockNs() + p->nTickNs;
  p->rc = SQLITE_OK;
}

/* Step pStmt (prepared from zSql on first use) to its end: 0, or 1 with
** p->rc set when it failed (SQLITE_INTERRUPT: interrupted, or stopped by
** the host's progress handler). */
static int stopStep(MlpStop *p, sqlite3_stmt **ppStmt, const char *zSql){
  int rc;
  if( *ppStmt==0 ){
    p->rc = sqlite3_prepare_v2(p->db, zSql, -1, ppStmt, 0);
    if( p->rc!=SQLITE_OK ) return 1;
  }
  while( (rc = sqlite3_step(*ppStmt))==SQLITE_ROW ){}
  rc = sqlite3_reset(*ppStmt);
  if( rc==SQLITE_OK ) return 0;
  p->rc = rc;
  return 1;
}

int mlpStopCheck(void *pArg){
  MlpStop *p = (MlpStop*)pArg;
  sqlite3_int64 iNow;
  if( p->rc!=SQLITE_OK ) return 1;
#if SQLITE_VERSION_NUMBER>=3041000
  if( sqlite3_libversion_number()>=3041000 ){
    if( sqlite3_is_interrupted(p->db) ){
      p->rc = SQLITE_INTERRUPT;
      return 1;
    }
  }else
#endif
  /* The running statement keeps the interrupt flag set: the probe fails.
  ** It is prepared on first use: most loops end before. */
  if( stopStep(p, &p->pProbe, "SELECT 1") ) return 1;
  /* A host's progress handler (a timeout, as Python's set_progress_handler
  ** gives Datasette) runs only inside SQLite's virtual machine, every N of
  ** its instructions. Every MLP_TICK_NS of work a statement of about 1,600
  ** instructions runs on the connection, so the handler runs at every tick
  ** for N up to that, and every N/1600 ticks above; when it asks to stop,
  ** the statement fails with SQLITE_INTERRUPT. */
  iNow = stopClockNs();
  if( iNow<p->iNextTick ) return 0;
  p->iNextTick = iNow + p->nTickNs;
  return stopStep(p, &p->pTick, MLP_TICK_SQL);
}

void mlpStopClose(MlpStop *p){
  sqlite3_finalize(p->pProbe);
  sqlite3_finalize(p->pTick);
  p->pProbe = 0;
  p->pTick = 0;
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
