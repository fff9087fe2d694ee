/*
** mlperf_sql.c: MLPerf Training results as tables (the reader itself is
** ext/mlperf/mllog.c). The reference (columns, the rules of each round, every
** error, examples with their output) is docs/mlperf.md.
**
**   mlperf_runs(root [, ruleset])   one row per run log, judged by the
**                                   round's rules (DIRECTONLY)
**   mlperf_systems(root)            one row per systems/<system>.json (DIRECTONLY)
**   mlperf_log(path)                one row per MLLOG line of one log (DIRECTONLY)
**   mlperf_rules                    one row per ruleset and benchmark: the
**                                   registry of rules (ext/mlperf/rules.c)
**   COLLATE version                 rulesets and rounds ordered as versions
**
**   SELECT submitter, system, benchmark,
**          mlperf_score(minutes, converged, max_dropped) * scaling_factor
**     FROM mlperf_runs('/path/to/training_results_v4.1')
**    GROUP BY submitter, system, benchmark;
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "mlperf/mllog.h"
#include "mlperf/rules.h"
#include "base/lanes.h"
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Largest systems JSON file or scaling.json read. */
#define MLPERF_JSON_FILE_MAX (1024*1024)

/* ---------------------------------------------------------------------- */
/* Files and folders                                                      */

static int isDir(const char *zPath){
  struct stat st;
  return stat(zPath, &st)==0 && S_ISDIR(st.st_mode);
}

static int cmpName(const void *a, const void *b){
  return strcmp(*(char *const*)a, *(char *const*)b);
}

static void freeNames(char **azName, int nName){
  int i;
  for(i=0; i<nName; i++) sqlite3_free(azName[i]);
  sqlite3_free(azName);
}

/*
** The entry names of folder zDir, sorted, without "." and "..". A folder
** that cannot be opened has no entries. Returns SQLITE_OK, SQLITE_NOMEM,
** or pStop's code when it asks to stop (checked every 256 entries: a
** folder may hold millions).
*/
static int listDir(const char *zDir, char ***pazName, int *pnName, MlpStop *pStop){
  DIR *pDir = opendir(zDir);
  struct dirent *pEnt;
  char **azName = 0;
  int nName = 0, nAlloc = 0;
  *pazName = 0;
  *pnName = 0;
  if( pDir==0 ) return SQLITE_OK;
  while( (pEnt = readdir(pDir))!=0 ){
    if( strcmp(pEnt->d_name, ".")==0 || strcmp(pEnt->d_name, "..")==0 ) continue;
    if( (nName & 255)==255 && mlpStopCheck(pStop) ){
      closedir(pDir);
      freeNames(azName, nName);
      return pStop->rc;
    }
    if( nName==nAlloc ){
      int nNew = nAlloc ? nAlloc*2 : 16;
      char **aNew = sqlite3_realloc64(azName, nNew*sizeof(char*));
      if( aNew==0 ) goto nomem;
      azName = aNew;
      nAlloc = nNew;
    }
    azName[nName] = sqlite3_mprintf("%s", pEnt->d_name);
    if( azName[nName]==0 ) goto nomem;
    nName++;
  }
  closedir(pDir);
  if( nName>1 ) qsort(azName, nName, sizeof(char*), cmpName);
  *pazName = azName;
  *pnName = nName;
  return SQLITE_OK;
nomem:
  closedir(pDir);
  freeNames(azName, nName);
  return SQLITE_NOMEM;
}

/*
** Read all of zPath (at most MLPERF_JSON_FILE_MAX bytes) into *pz
** (sqlite3_malloc64, NUL-terminated). Returns SQLITE_OK, SQLITE_NOMEM, or
** SQLITE_ERROR with *pzErr (sqlite3_mprintf) saying why.
*/
static int readSmallFile(const char *zPath, char **pz, size_t *pn, char **pzErr){
  const char *zWhy = 0;
  FILE *f = mlpOpenRegular(zPath, &zWhy);
  char *z;
  size_t n;
  *pz = 0;
  *pn = 0;
  *pzErr = 0;
  if( f==0 ){
    *pzErr = sqlite3_mprintf("cannot read: %s", zWhy);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  z = sqlite3_malloc64(MLPERF_JSON_FILE_MAX+1);
  if( z==0 ){
    fclose(f);
    return SQLITE_NOMEM;
  }
  n = fread(z, 1, MLPERF_JSON_FILE_MAX+1, f);
  if( ferror(f) ){
    *pzErr = sqlite3_mprintf("cannot read: %s", strerror(errno ? errno : EIO));
  }else if( n>MLPERF_JSON_FILE_MAX ){
    *pzErr = sqlite3_mprintf("file larger than %d bytes", MLPERF_JSON_FILE_MAX);
  }
  fclose(f);
  if( *pzErr ){
    sqlite3_free(z);
    return SQLITE_ERROR;
  }
  z[n] = 0;
  *pz = z;
  *pn = n;
  return SQLITE_OK;
}

/* The last path component of zPath (trailing slashes ignored), copied. */
static char *baseName(const char *zPath){
  size_t n = strlen(zPath);
  size_t i;
  while( n>1 && zPath[n-1]=='/' ) n--;
  for(i=n; i>0 && zPath[i-1]!='/'; i--){}
  return sqlite3_mprintf("%.*s", (int)(n-i), zPath+i);
}

/*
** The real path of root zRoot (symbolic links resolved; the root itself may
** be one), in *pz (sqlite3_mprintf). Returns SQLITE_OK, SQLITE_NOMEM, or
** sets the error on pVtab.
*/
static int realRoot(sqlite3_vtab *pVtab, const char *zFunc, const char *zRoot,
                    char **pz){
  char zReal[PATH_MAX];
  *pz = 0;
  if( realpath(zRoot, zReal)==0 ){
    return mlpVtabErrorf(pVtab, "%s: cannot open root '%s': %s", zFunc, zRoot,
                         strerror(errno));
  }
  *pz = sqlite3_mprintf("%s", zReal);
  return *pz ? SQLITE_OK : SQLITE_NOMEM;
}

/* 1 when real path zReal is the root whose real path is zRootReal, or
** lies under it. */
static int underRoot(const char *zRootReal, const char *zReal){
  size_t n = strlen(zRootReal);
  if( n==1 ) return 1;                       /* the root is "/" */
  return strncmp(zReal, zRootReal, n)==0 && (zReal[n]=='/' || zReal[n]==0);
}

/*
** Whether file zPath may be read by a scan of the root whose real path is
** zRootReal: 1 when its real path lies under it, or when it has none (it
** does not exist, or a link loops: opening it fails and says so); 0 when
** it resolves outside the tree (systems/leak.json -> /etc/passwd). A link
** to a file inside the tree is followed.
*/
static int insideRoot(const char *zRootReal, const char *zPath){
  char zReal[PATH_MAX];
  if( realpath(zPath, zReal)==0 ) return 1;
  return underRoot(zRootReal, zReal);
}

/*
** 1 when folder zDir exists and its real path lies under the root whose
** real path is zRootReal, else 0. Asked once per folder of logs, so that
** insideRootIn need not resolve every log's path component by component
** (realpath() reads each one: a seventh of a v4.1 scan's CPU time).
*/
static int dirInsideRoot(const char *zRootReal, const char *zDir){
  char zReal[PATH_MAX];
  if( realpath(zDir, zReal)==0 ) return 0;
  return underRoot(zRootReal, zReal);
}

/*
** insideRoot for file zPath, an entry of a folder for which dirInsideRoot
** gave bDirInside: when that folder lies under the root, an entry that is
** no symbolic link does too (its real path is the folder's plus its name);
** any other case is insideRoot's.
*/
static int insideRootIn(const char *zRootReal, int bDirInside,
                        const char *zPath){
  struct stat st;
  if( bDirInside && lstat(zPath, &st)==0 && !S_ISLNK(st.st_mode) ) return 1;
  return insideRoot(zRootReal, zPath);
}

/*
** Check that zRoot is a folder. Returns SQLITE_OK or sets the error on
** pVtab ("<func>: cannot open root '...': ..." / "... is not a folder").
*/
static int checkRoot(sqlite3_vtab *pVtab, const char *zFunc, const char *zRoot){
  struct stat st;
  if( stat(zRoot, &st)!=0 ){
    return mlpVtabErrorf(pVtab, "%s: cannot open root '%s': %s", zFunc, zRoot,
                         strerror(errno));
  }
  if( !S_ISDIR(st.st_mode) ){
    return mlpVtabErrorf(pVtab, "%s: root '%s' is not a folder", zFunc, zRoot);
  }
  return SQLITE_OK;
}

/*
** The submitter folders under zRoot that hold zSub ("results" or
** "systems"): zRoot itself when it holds results/ or systems/, else each
** of its subfolders that holds zSub. Fills parallel arrays of names and
** paths. Returns SQLITE_OK, SQLITE_NOMEM or pStop's code.
*/
static int listSubmitters(const char *zRoot, const char *zSub, MlpStop *pStop,
                          char ***pazName, char ***pazPath, int *pn){
  char *zA = sqlite3_mprintf("%s/results", zRoot);
  char *zB = sqlite3_mprintf("%s/systems", zRoot);
  char **azName = 0, **azPath = 0;
  int n = 0, i, rc = SQLITE_OK;
  int bSingle;
  *pazName = *pazPath = 0;
  *pn = 0;
  if( zA==0 || zB==0 ){
    sqlite3_free(zA);
    sqlite3_free(zB);
    return SQLITE_NOMEM;
  }
  bSingle = isDir(zA) || isDir(zB);
  sqlite3_free(zA);
  sqlite3_free(zB);
  if( bSingle ){
    char zReal[PATH_MAX];
    azName = sqlite3_malloc64(sizeof(char*));
    azPath = sqlite3_malloc64(sizeof(char*));
    if( azName==0 || azPath==0 ) goto nomem;
    /* The folder's name as written (a link named Dell is Dell); for roots
    ** such as "." or "results/..", the name of its real path. */
    azName[0] = baseName(zRoot);
    if( azName[0] && (azName[0][0]==0 || strcmp(azName[0], ".")==0
                      || strcmp(azName[0], "..")==0)
     && realpath(zRoot, zReal) ){
      sqlite3_free(azName[0]);
      azName[0] = baseName(zReal);
    }
    azPath[0] = sqlite3_mprintf("%s", zRoot);
    n = 1;
    if( azName[0]==0 || azPath[0]==0 ) goto nomem;
  }else{
    char **azEnt;
    int nEnt;
    rc = listDir(zRoot, &azEnt, &nEnt, pStop);
    if( rc ) return rc;
    azName = sqlite3_malloc64((nEnt+1)*sizeof(char*));
    azPath = sqlite3_malloc64((nEnt+1)*sizeof(char*));
    if( azName==0 || azPath==0 ){
      freeNames(azEnt, nEnt);
      goto nomem;
    }
    for(i=0; i<nEnt; i++){
      char *zSubDir;
      int bHas;
      if( mlpStopCheck(pStop) ){
        freeNames(azEnt, nEnt);
        rc = pStop->rc;
        goto fail;
      }
      zSubDir = sqlite3_mprintf("%s/%s/%s", zRoot, azEnt[i], zSub);
      if( zSubDir==0 ){
        freeNames(azEnt, nEnt);
        goto nomem;
      }
      bHas = isDir(zSubDir);
      sqlite3_free(zSubDir);
      if( !bHas ) continue;
      azPath[n] = sqlite3_mprintf("%s/%s", zRoot, azEnt[i]);
      azName[n] = azEnt[i];
      azEnt[i] = 0;
      n++;
      if( azPath[n-1]==0 ){
        freeNames(azEnt, nEnt);
        goto nomem;
      }
    }
    freeNames(azEnt, nEnt);
  }
  *pazName = azName;
  *pazPath = azPath;
  *pn = n;
  return SQLITE_OK;
nomem:
  rc = SQLITE_NOMEM;
fail:
  freeNames(azName, n);
  freeNames(azPath, n);
  return rc;
}

/* The file list a (nUsed used of *pnAlloc elements of szElem bytes) with
** room for one more: a itself, or a reallocation (nFirst elements at the
** first growth, doubling after; *pnAlloc updated). 0 when out of memory,
** a left as it was. */
static void *growFiles(void *a, int nUsed, int *pnAlloc, int nFirst, size_t szElem){
  int nNew;
  void *aNew;
  if( nUsed<*pnAlloc ) return a;
  nNew = *pnAlloc ? *pnAlloc*2 : nFirst;
  aNew = sqlite3_realloc64(a, nNew*szElem);
  if( aNew ) *pnAlloc = nNew;
  return aNew;
}

/*
** The walk both file lists start with: every entry of <submitter>/<zSub>/
** for each submitter folder of zRoot (listSubmitters), entries sorted,
** passed to xEntry with the submitter's name and the folder's path. Stops
** at the first return other than SQLITE_OK, which it returns, or when
** pStop asks to (its code): the walk is as long as the tree is wide.
*/
typedef int (*SubmitterEntryFunc)(void *pArg, const char *zSubmitter,
                                  const char *zDir, const char *zName);
static int walkSubmitters(const char *zRoot, const char *zSub, MlpStop *pStop,
                          SubmitterEntryFunc xEntry, void *pArg){
  char **azSubName = 0, **azSubPath = 0;
  int nSub = 0, iSub, rc;
  rc = listSubmitters(zRoot, zSub, pStop, &azSubName, &azSubPath, &nSub);
  for(iSub=0; rc==SQLITE_OK && iSub<nSub; iSub++){
    char *zDir;
    char **azName = 0;
    int nName = 0, i;
    if( mlpStopCheck(pStop) ){
      rc = pStop->rc;
      break;
    }
    zDir = sqlite3_mprintf("%s/%s", azSubPath[iSub], zSub);
    if( zDir==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    rc = listDir(zDir, &azName, &nName, pStop);
    for(i=0; rc==SQLITE_OK && i<nName; i++){
      rc = mlpStopCheck(pStop) ? pStop->rc
                               : xEntry(pArg, azSubName[iSub], zDir, azName[i]);
    }
    freeNames(azName, nName);
    sqlite3_free(zDir);
  }
  freeNames(azSubName, nSub);
  freeNames(azSubPath, nSub);
  return rc;
}

/* ---------------------------------------------------------------------- */
/* Shared virtual table plumbing                                          */

/* One table-valued function: registered from aMlperfTable (at the end). */
typedef struct MlperfTableDef MlperfTableDef;
struct MlperfTableDef {
  const char *zName;        /* "mlperf_log", ... also in error messages */
  sqlite3_module *pModule;
  const char *zSchema;
  const char *zArg;         /* the first argument's name: "path" or "root" */
  int iArgCol;              /* column number of the first HIDDEN argument */
  int nArg;                 /* arguments (the first one required) */
  int bReadsFiles;          /* DIRECTONLY, else INNOCUOUS */
};

typedef struct MlperfVtab MlperfVtab;
struct MlperfVtab {
  sqlite3_vtab base;        /* must be first */
  const MlperfTableDef *pDef;
  sqlite3 *db;              /* for its limits and interrupts */
};

/* idxNum bits of xBestIndex (argv holds the arguments given, in order): */
#define MLPERF_IDX_ARG 1      /* the path/root argument is given */
#define MLPERF_IDX_RULESET 2  /* mlperf_runs: the ruleset argument is given */
#define MLPERF_IDX_HASH 4     /* mlperf_runs: the statement reads log_hash */

static int mlperfConnect(sqlite3 *db, void *pAux, int argc,
                         const char *const *argv, sqlite3_vtab **ppVtab,
                         char **pzErr){
  const MlperfTableDef *pDef = (const MlperfTableDef*)pAux;
  MlperfVtab *pNew;
  int rc;
  (void)argc;
  (void)argv;
  (void)pzErr;
  rc = sqlite3_declare_vtab(db, pDef->zSchema);
  if( rc!=SQLITE_OK ) return rc;
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->pDef = pDef;
  pNew->db = db;
  sqlite3_vtab_config(db, pDef->bReadsFiles ? SQLITE_VTAB_DIRECTONLY
                                            : SQLITE_VTAB_INNOCUOUS);
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int mlperfDisconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

/* The arguments are the HIDDEN columns; the first one is required
** (idxNum MLPERF_IDX_ARG when given; xFilter reports it missing). */
static int mlperfBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pIdx){
  MlperfVtab *p = (MlperfVtab*)pVtab;
  return mlpBestIndexArgs(pIdx, p->pDef->iArgCol, p->pDef->nArg,
                          p->pDef->nArg>0);
}

/* A cursor's stop, opened again for a new scan (its walk and its reads). */
static void stopRestart(sqlite3_vtab *pVtab, MlpStop *pStop){
  mlpStopClose(pStop);
  mlpStopOpen(((MlperfVtab*)pVtab)->db, pStop);
}

/* A reader just opened reads at most mlpscale_limit 'file_size' bytes of
** a file and stops on sqlite3_interrupt() (pStop: its cursor's, open). */
static void readerGuard(sqlite3_vtab *pVtab, MllogReader *rd, MlpStop *pStop){
  sqlite3 *db = ((MlperfVtab*)pVtab)->db;
  rd->nMaxBytes = mlpLimit(db, MLP_LIMIT_FILE_SIZE);
  rd->zLimitName = MLP_FILE_SIZE_HINT;
  rd->xStop = mlpStopCheck;
  rd->pStopArg = pStop;
}

/* The argument of xFilter as text (copied), or an error on the vtab. */
static int filterArg(sqlite3_vtab *pVtab, int idxNum, int argc,
                     sqlite3_value **argv, char **pz){
  const MlperfTableDef *pDef = ((MlperfVtab*)pVtab)->pDef;
  *pz = 0;
  if( !(idxNum & MLPERF_IDX_ARG) || argc<1 ){
    return mlpVtabErrorf(pVtab, "%s: missing %s argument", pDef->zName,
                         pDef->zArg);
  }
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    return mlpVtabErrorf(pVtab, "%s: %s must be text, got '%s'", pDef->zName,
                         pDef->zArg, mlpValueText(argv[0]));
  }
  /* A NUL would silently cut the path short: another file would be read. */
  if( sqlite3_value_text(argv[0])==0 ) return SQLITE_NOMEM;
  if( strlen((const char*)sqlite3_value_text(argv[0]))
      !=(size_t)sqlite3_value_bytes(argv[0]) ){
    return mlpVtabErrorf(pVtab, "%s: %s must not contain a NUL character",
                         pDef->zName, pDef->zArg);
  }
  *pz = sqlite3_mprintf("%s", sqlite3_value_text(argv[0]));
  return *pz ? SQLITE_OK : SQLITE_NOMEM;
}

/* Result a copy of text z. */
static void resultText(sqlite3_context *ctx, const char *z){
  sqlite3_result_text(ctx, z, -1, SQLITE_TRANSIENT);
}

/* Result a JSON string decoded (or other JSON text as is), NULL if absent. */
static void resultJsonText(sqlite3_context *ctx, const MllogSpan *s){
  if( s->z==0 ){
    sqlite3_result_null(ctx);
  }else if( s->z[0]=='"' ){
    char *z = sqlite3_malloc64(s->n+1);
    long long n;
    if( z==0 ){
      sqlite3_result_error_nomem(ctx);
      return;
    }
    n = mllogJsonString(s, z);
    sqlite3_result_text64(ctx, z, (sqlite3_uint64)n, sqlite3_free, SQLITE_UTF8);
  }else{
    sqlite3_result_text64(ctx, s->z, s->n, SQLITE_TRANSIENT, SQLITE_UTF8);
  }
}

/* A millisecond time or a count read from a log: integer when integral
** (they always are in practice). */
static void resultMs(sqlite3_context *ctx, double r){
  if( r>-9e15 && r<9e15 && r==(double)(sqlite3_int64)r ){
    sqlite3_result_int64(ctx, (sqlite3_int64)r);
  }else{
    sqlite3_result_double(ctx, r);
  }
}

/* ---------------------------------------------------------------------- */
/* mlperf_log(path)                                                       */

#define LOG_LINE        0
#define LOG_TIME_MS     1
#define LOG_EVENT_TYPE  2
#define LOG_KEY         3
#define LOG_VALUE       4
#define LOG_METADATA    5
#define LOG_ERROR       6
#define LOG_PATH        7

typedef struct LogCursor LogCursor;
struct LogCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  char *zPath;
  MllogReader rd;
  MlpStop stop;              /* sqlite3_interrupt() while reading */
  int bOpen;                 /* rd is open */
  int bEof;
  sqlite3_int64 iRowid;
  sqlite3_int64 iLine;
  int bCorrupt;              /* this line failed to parse: line.zErr says why */
  MllogLine line;
};

static int logOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  LogCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  pCur->bEof = 1;
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static void logReset(LogCursor *pCur){
  if( pCur->bOpen ) mllogReaderClose(&pCur->rd);
  mlpStopClose(&pCur->stop);
  pCur->bOpen = 0;
  sqlite3_free(pCur->zPath);
  pCur->zPath = 0;
  pCur->bEof = 1;
  pCur->iRowid = 0;
}

static int logClose(sqlite3_vtab_cursor *cur){
  logReset((LogCursor*)cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int logNext(sqlite3_vtab_cursor *cur){
  LogCursor *pCur = (LogCursor*)cur;
  char *z;
  size_t n;
  int rc = mllogReaderNext(&pCur->rd, &z, &n, &pCur->iLine);
  if( rc==SQLITE_DONE ){
    pCur->bEof = 1;
    return SQLITE_OK;
  }
  if( rc==SQLITE_INTERRUPT ) return pCur->stop.rc;
  if( rc==SQLITE_IOERR ){
    return mlpVtabErrorf(cur->pVtab, "mlperf_log: cannot read '%s': %s",
                         pCur->zPath, mllogReaderErrorText(&pCur->rd));
  }
  pCur->iRowid++;
  if( rc==SQLITE_TOOBIG ){
    memset(&pCur->line, 0, sizeof(pCur->line));
    snprintf(pCur->line.zErr, sizeof(pCur->line.zErr),
             "MLLOG line longer than %zu bytes", pCur->rd.nBuf);
    pCur->bCorrupt = 1;
  }else{
    pCur->bCorrupt = mllogParseLine(z, n, &pCur->line)!=SQLITE_OK;
  }
  return SQLITE_OK;
}

static int logFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                     int argc, sqlite3_value **argv){
  LogCursor *pCur = (LogCursor*)cur;
  int rc;
  (void)idxStr;
  logReset(pCur);
  rc = filterArg(cur->pVtab, idxNum, argc, argv, &pCur->zPath);
  if( rc ) return rc;
  pCur->bOpen = 1;
  rc = mllogReaderOpen(&pCur->rd, pCur->zPath, 0);
  stopRestart(cur->pVtab, &pCur->stop);
  readerGuard(cur->pVtab, &pCur->rd, &pCur->stop);
  if( rc==SQLITE_NOMEM ) return SQLITE_NOMEM;
  if( rc==SQLITE_IOERR ){
    return mlpVtabErrorf(cur->pVtab, "mlperf_log: cannot read '%s': %s",
                         pCur->zPath, mllogReaderErrorText(&pCur->rd));
  }
  pCur->bEof = 0;
  return logNext(cur);
}

static int logEof(sqlite3_vtab_cursor *cur){
  return ((LogCursor*)cur)->bEof;
}

static int logColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  LogCursor *pCur = (LogCursor*)cur;
  MllogLine *p = &pCur->line;
  if( i==LOG_LINE ){
    sqlite3_result_int64(ctx, pCur->iLine);
    return SQLITE_OK;
  }
  if( i==LOG_PATH ){
    sqlite3_result_text(ctx, pCur->zPath, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if( i==LOG_ERROR ){
    if( pCur->bCorrupt ) sqlite3_result_text(ctx, p->zErr, -1, SQLITE_TRANSIENT);
    return SQLITE_OK;
  }
  if( pCur->bCorrupt ) return SQLITE_OK;
  switch( i ){
    case LOG_TIME_MS:    resultMs(ctx, mllogLineTimeMs(p)); break;
    case LOG_EVENT_TYPE: resultJsonText(ctx, &p->eventType); break;
    case LOG_KEY:        resultJsonText(ctx, &p->key); break;
    case LOG_VALUE:
      if( p->value.z ){
        sqlite3_result_text64(ctx, p->value.z, p->value.n, SQLITE_TRANSIENT,
                              SQLITE_UTF8);
      }
      break;
    case LOG_METADATA:
      if( p->metadata.z ){
        sqlite3_result_text64(ctx, p->metadata.z, p->metadata.n,
                              SQLITE_TRANSIENT, SQLITE_UTF8);
      }
      break;
  }
  return SQLITE_OK;
}

static int logRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((LogCursor*)cur)->iRowid;
  return SQLITE_OK;
}

static sqlite3_module logModule = {
  0,                 /* iVersion */
  0,                 /* xCreate: eponymous only */
  mlperfConnect,     /* xConnect */
  mlperfBestIndex,   /* xBestIndex */
  mlperfDisconnect,  /* xDisconnect */
  0,                 /* xDestroy */
  logOpen,           /* xOpen */
  logClose,          /* xClose */
  logFilter,         /* xFilter */
  logNext,           /* xNext */
  logEof,            /* xEof */
  logColumn,         /* xColumn */
  logRowid,          /* xRowid */
  0,                 /* xUpdate */
  0,                 /* xBegin */
  0,                 /* xSync */
  0,                 /* xCommit */
  0,                 /* xRollback */
  0,                 /* xFindFunction */
  0,                 /* xRename */
  0,                 /* xSavepoint */
  0,                 /* xRelease */
  0,                 /* xRollbackTo */
  0                  /* xShadowName */
};

/* ---------------------------------------------------------------------- */
/* mlperf_runs(root)                                                      */

#define RUNS_SUBMITTER      0
#define RUNS_SYSTEM         1
#define RUNS_BENCHMARK      2
#define RUNS_RUN            3
#define RUNS_PATH           4
#define RUNS_DIVISION       5
#define RUNS_RUN_START_MS   6
#define RUNS_RUN_STOP_MS    7
#define RUNS_MINUTES        8
#define RUNS_STATUS         9
#define RUNS_CONVERGED      10
#define RUNS_REASON         11
#define RUNS_SCALING_FACTOR 12
#define RUNS_GLOBAL_BATCH   13
#define RUNS_EVAL_ACCURACY  14
#define RUNS_MLLOG_LINES    15
#define RUNS_ENERGY_J       16
#define RUNS_MAX_DROPPED    17
#define RUNS_CONVERGED_AT   18
#define RUNS_PROGRESS_UNIT  19
#define RUNS_CONVERGED_AFTER 20
#define RUNS_SCALING        21
#define RUNS_NODES          22
#define RUNS_PER_NODE       23
#define RUNS_EVAL_ERROR     24
#define RUNS_LOG_HASH       25
#define RUNS_PREC_LINEAR    26   /* ... RUNS_PREC_LINEAR+MLLOG_PREC_N-1 */
#define RUNS_PREC_SPELLING  29
#define RUNS_LAYOUT         30   /* ... RUNS_LAYOUT+MLLOG_LAYOUT_N-1 */
#define RUNS_ROOT           35
#define RUNS_RULESET        36

/* One log to read. Strings are sqlite3_mprintf'd. */
typedef struct RunFile RunFile;
struct RunFile {
  char *zSubmitter, *zSystem, *zBench, *zRun, *zPath;
  const char *zScaling;    /* MLPerf HPC: "strong" or "weak" (static) */
  int bScale;              /* rScale is known (else scaling_factor is NULL) */
  double rScale;
  int bPower;              /* the benchmark folder has power/ */
  int bDirInside;          /* the benchmark folder lies under the root
                           ** (dirInsideRoot) */
};

/* What reading one log gives: computed on any lane (no SQLite call). */
typedef struct RunResult RunResult;
struct RunResult {
  int eProcess;              /* the process ran out of file descriptors or
                             ** memory opening the log: an errno, else 0 */
  int bUnreadable;           /* the log could not be read */
  int bConverged;
  char zReason[128];
  MllogFingerprint fp;       /* of every line, when the scan reads
                             ** log_hash (RunsCursor.bHash) */
  MllogRun run;
  MllogConv conv;            /* what the round's rcp_checker reads */
};

typedef struct RunsCursor RunsCursor;
struct RunsCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  char *zRoot;
  char *zRootReal;           /* its real path (realRoot) */
  int iFailOpen;             /* testing aid: log iFailOpen (1-based) fails to
                             ** open with EMFILE (MLPSCALE_TEST_FAIL_OPEN) */
  int iRuleset;              /* mllogRulesetFind() of the rules applied */
  int bHash;                 /* the statement reads log_hash: fingerprint
                             ** every log (else no line is hashed) */
  RunFile *aFile;
  int nFile, nAlloc;
  int iFile;                 /* current row: aFile[iFile] */
  RunResult res;             /* its log, read */
  MllogReader rd;            /* the caller's lane: its buffer serves every
                             ** log it reads, and the power logs */
  MlpStop stop;              /* sqlite3_interrupt() while reading */
  int bReader;               /* rd has been opened */
  Lanes *pLanes;             /* the logs are read by lanes (ext/base/lanes.h) */
  MllogReader *aLaneRd;      /* one reader per worker lane */
  int nLaneRd;
  MllogPower power;          /* lines of one power log */
  int bEnergy;               /* rEnergy holds the current run's joules */
  double rEnergy;
};

static void runsFreeFiles(RunsCursor *pCur){
  int i;
  for(i=0; i<pCur->nFile; i++){
    RunFile *f = &pCur->aFile[i];
    sqlite3_free(f->zSubmitter);
    sqlite3_free(f->zSystem);
    sqlite3_free(f->zBench);
    sqlite3_free(f->zRun);
    sqlite3_free(f->zPath);
  }
  sqlite3_free(pCur->aFile);
  pCur->aFile = 0;
  pCur->nFile = pCur->nAlloc = 0;
}

static int runsOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  RunsCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

/* Stop the worker lanes and free their readers. */
static void runsStopLanes(RunsCursor *pCur){
  int i;
  lanesClose(pCur->pLanes);
  pCur->pLanes = 0;
  for(i=0; i<pCur->nLaneRd; i++) mllogReaderClose(&pCur->aLaneRd[i]);
  sqlite3_free(pCur->aLaneRd);
  pCur->aLaneRd = 0;
  pCur->nLaneRd = 0;
}

static int runsClose(sqlite3_vtab_cursor *cur){
  RunsCursor *pCur = (RunsCursor*)cur;
  runsStopLanes(pCur);
  if( pCur->bReader ) mllogReaderClose(&pCur->rd);
  mllogPowerFree(&pCur->power);
  mlpStopClose(&pCur->stop);
  runsFreeFiles(pCur);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Largest scaling factor: a score times it stays finite (minutes are
** below 2^54/60000 and energies MLLOG_ENERGY_MAX). */
#define MLPERF_SCALING_MAX 1000.0

/*
** The scaling factor of benchmark folder zDir: 1.0 without scaling.json,
** its "scaling_factor" number when it is above 0 and at most
** MLPERF_SCALING_MAX, else unknown (*pbKnown = 0).
*/
static int readScaling(const char *zRootReal, const char *zDir, int *pbKnown,
                       double *pr){
  char *zPath = sqlite3_mprintf("%s/scaling.json", zDir);
  char *z = 0, *zErr = 0;
  size_t n = 0, nUsed = 0;
  struct stat st;
  int rc;
  *pbKnown = 1;
  *pr = 1.0;
  if( zPath==0 ) return SQLITE_NOMEM;
  /* As MLCommons' summarizer (os.path.isfile): only a file counts. */
  if( stat(zPath, &st)!=0 || !S_ISREG(st.st_mode) ){
    sqlite3_free(zPath);
    return SQLITE_OK;
  }
  *pbKnown = 0;
  if( !insideRoot(zRootReal, zPath) ){
    sqlite3_free(zPath);
    return SQLITE_OK;
  }
  rc = readSmallFile(zPath, &z, &n, &zErr);
  sqlite3_free(zPath);
  sqlite3_free(zErr);
  if( rc==SQLITE_NOMEM ) return rc;
  /* The whole file must be one JSON document, as json.load reads it. */
  while( rc==SQLITE_OK && n>0 && (z[n-1]==' ' || z[n-1]=='\t' || z[n-1]=='\n' || z[n-1]=='\r') ) n--;
  if( rc==SQLITE_OK && mllogJsonCheck(z, n, &nUsed, 0, 0)==SQLITE_OK && nUsed==n ){
    MllogSpan obj, val;
    obj.z = z;
    obj.n = nUsed;
    if( mllogJsonMember(&obj, "scaling_factor", &val)
     && mllogJsonNumber(&val, pr, 0, 0)
     && *pr>0.0 && *pr<=MLPERF_SCALING_MAX ){
      *pbKnown = 1;
    }
  }
  sqlite3_free(z);
  return SQLITE_OK;
}

static int runsAddFile(RunsCursor *pCur, const char *zSubmitter,
                       const char *zSystem, const char *zScaling,
                       const char *zBench, const char *zRun,
                       const char *zDir, int bScale, double rScale, int bPower,
                       int bDirInside){
  RunFile *f, *aNew;
  aNew = growFiles(pCur->aFile, pCur->nFile, &pCur->nAlloc, 64, sizeof(RunFile));
  if( aNew==0 ) return SQLITE_NOMEM;
  pCur->aFile = aNew;
  f = &pCur->aFile[pCur->nFile++];
  f->zSubmitter = sqlite3_mprintf("%s", zSubmitter);
  f->zSystem = sqlite3_mprintf("%s", zSystem);
  f->zBench = sqlite3_mprintf("%s", zBench);
  f->zRun = sqlite3_mprintf("%s", zRun);
  f->zPath = sqlite3_mprintf("%s/%s", zDir, zRun);
  f->zScaling = zScaling;
  f->bScale = bScale;
  f->rScale = rScale;
  f->bPower = bPower;
  f->bDirInside = bDirInside;
  if( !f->zSubmitter || !f->zSystem || !f->zBench || !f->zRun || !f->zPath ){
    return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

/* 1 if zName looks like result_*.txt */
static int isResultName(const char *zName){
  size_t n = strlen(zName);
  return n>=11 && strncmp(zName, "result_", 7)==0
      && strcmp(zName+n-4, ".txt")==0;
}

/* The result_*.txt of benchmark folder zBenchDir (named zBench), sorted;
** the scaling.json and power/ beside them read once. As the summarizer's
** glob result_*.txt, nothing below the folder (pruned_results/) is read. */
static int runsAddBenchmark(RunsCursor *pCur, const char *zSubmitter,
                            const char *zSys, const char *zScaling,
                            const char *zBench, const char *zBenchDir){
  char **azRun = 0;
  int nRun = 0, iRun, bScale = 1, bScaleRead = 0, bPower = 0, rc = SQLITE_OK;
  int bDirInside = 0;
  double rScale = 1.0;
  if( !isDir(zBenchDir) ) return SQLITE_OK;
  rc = listDir(zBenchDir, &azRun, &nRun, &pCur->stop);
  for(iRun=0; rc==SQLITE_OK && iRun<nRun; iRun++){
    if( !isResultName(azRun[iRun]) ) continue;
    if( !bScaleRead ){
      char *zPower = sqlite3_mprintf("%s/power", zBenchDir);
      if( zPower==0 ){
        rc = SQLITE_NOMEM;
        break;
      }
      bPower = isDir(zPower);
      sqlite3_free(zPower);
      bDirInside = dirInsideRoot(pCur->zRootReal, zBenchDir);
      rc = readScaling(pCur->zRootReal, zBenchDir, &bScale, &rScale);
      bScaleRead = 1;
      if( rc ) break;
    }
    rc = runsAddFile(pCur, zSubmitter, zSys, zScaling, zBench, azRun[iRun],
                     zBenchDir, bScale, rScale, bPower, bDirInside);
  }
  freeNames(azRun, nRun);
  return rc;
}

/* The scaling folder an MLPerf HPC system folder's entry zName is: the
** static "strong" or "weak", or 0. */
static const char *hpcScaling(const char *zName){
  if( strcmp(zName, "strong")==0 ) return "strong";
  if( strcmp(zName, "weak")==0 ) return "weak";
  return 0;
}

/* The result_*.txt of every <benchmark> folder of system folder zSys of
** <submitter>/results (zResults), sorted. Under an MLPerf HPC ruleset the
** benchmarks are in <system>/strong/ and <system>/weak/ (v1.0 on; other
** entries are skipped, as the summarizer skips them), or, when the system
** folder has neither (v0.7), in <system>/ itself, strong scaling. */
static int runsAddSystem(void *pArg, const char *zSubmitter,
                         const char *zResults, const char *zSys){
  RunsCursor *pCur = (RunsCursor*)pArg;
  int bHpc = mllogRulesetSuite(pCur->iRuleset)!=RULES_SUITE_TRAINING;
  char *zSysDir = sqlite3_mprintf("%s/%s", zResults, zSys);
  char **azBench = 0;
  int nBench = 0, iBench, rc = SQLITE_OK, bSplit = 0;
  if( zSysDir==0 ) return SQLITE_NOMEM;
  if( isDir(zSysDir) ) rc = listDir(zSysDir, &azBench, &nBench, &pCur->stop);
  for(iBench=0; bHpc && iBench<nBench; iBench++){
    if( hpcScaling(azBench[iBench]) ) bSplit = 1;
  }
  for(iBench=0; rc==SQLITE_OK && iBench<nBench; iBench++){
    char *zBenchDir;
    if( mlpStopCheck(&pCur->stop) ){
      rc = pCur->stop.rc;
      break;
    }
    zBenchDir = sqlite3_mprintf("%s/%s", zSysDir, azBench[iBench]);
    if( zBenchDir==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    if( !bHpc ){
      rc = runsAddBenchmark(pCur, zSubmitter, zSys, 0, azBench[iBench],
                            zBenchDir);
    }else if( !bSplit ){
      rc = runsAddBenchmark(pCur, zSubmitter, zSys, "strong", azBench[iBench],
                            zBenchDir);
    }else if( hpcScaling(azBench[iBench]) && isDir(zBenchDir) ){
      char **azHpc = 0;
      int nHpc = 0, i;
      rc = listDir(zBenchDir, &azHpc, &nHpc, &pCur->stop);
      for(i=0; rc==SQLITE_OK && i<nHpc; i++){
        char *zDir = sqlite3_mprintf("%s/%s", zBenchDir, azHpc[i]);
        if( zDir==0 ){
          rc = SQLITE_NOMEM;
          break;
        }
        rc = runsAddBenchmark(pCur, zSubmitter, zSys,
                              hpcScaling(azBench[iBench]), azHpc[i], zDir);
        sqlite3_free(zDir);
      }
      freeNames(azHpc, nHpc);
    }
    sqlite3_free(zBenchDir);
  }
  freeNames(azBench, nBench);
  sqlite3_free(zSysDir);
  return rc;
}

/* Every <submitter>/results/<system>/<benchmark>/result_*.txt, sorted. */
static int runsList(RunsCursor *pCur){
  return walkSubmitters(pCur->zRoot, "results", &pCur->stop, runsAddSystem, pCur);
}

/*
** Read power log zPath into pCur->power (bSort: holding its lines to sort
** them; bDirInside: its folder lies under the root, dirInsideRoot). Returns SQLITE_OK (*pbOk 0 when it cannot be read) or
** SQLITE_NOMEM.
*/
static int runsReadPower(RunsCursor *pCur, const char *zPath, int bSort,
                         int bDirInside, int *pbOk){
  MllogReader *rd = &pCur->rd;
  MllogLine line;
  int rc;
  pCur->power.bSort = bSort;
  mllogPowerReset(&pCur->power);
  *pbOk = 0;
  if( !insideRootIn(pCur->zRootReal, bDirInside, zPath) ) return SQLITE_OK;
  rc = mllogReaderReopen(rd, zPath);
  if( rc==SQLITE_NOMEM ) return rc;
  while( rc==SQLITE_OK ){
    char *z;
    size_t n;
    sqlite3_int64 iLine;
    rc = mllogReaderNext(rd, &z, &n, &iLine);
    /* A line that cannot be parsed (or is too long to read) may have been
    ** a reading: the energy is then unknown, never a sum without it. */
    if( rc==SQLITE_ROW ){
      rc = SQLITE_OK;
      if( mllogParseLine(z, n, &line)!=SQLITE_OK ){
        pCur->power.bBad = 1;
      }else if( mllogPowerLine(&pCur->power, &line)!=SQLITE_OK ){
        return SQLITE_NOMEM;
      }
    }else if( rc==SQLITE_TOOBIG ){
      pCur->power.bBad = 1;
      rc = SQLITE_OK;
    }
  }
  if( rc==SQLITE_INTERRUPT ) return pCur->stop.rc;
  *pbOk = rc==SQLITE_DONE;
  return SQLITE_OK;
}

/*
** The energy of run f from its power logs, power/<run>/node_*.txt and
** sw_*.txt (<run>: the log's name up to its first '.'), summed by
** mllogEnergyAdd as the summarizer sums them; unknown (bEnergy 0) without
** a node log or when one cannot be read or used.
*/
static int runsEnergy(RunsCursor *pCur, const RunFile *f, double rTttMs){
  char *zDir;
  char **azName = 0;
  int nName = 0, i, rc, bOk = 1, bDirInside = -1;
  MllogEnergy energy;
  size_t nStem = strcspn(f->zRun, ".");
  size_t nBench = strlen(f->zPath) - strlen(f->zRun);
  memset(&energy, 0, sizeof(energy));
  pCur->bEnergy = 0;
  zDir = sqlite3_mprintf("%.*spower/%.*s", (int)nBench, f->zPath,
                         (int)nStem, f->zRun);
  if( zDir==0 ) return SQLITE_NOMEM;
  rc = listDir(zDir, &azName, &nName, &pCur->stop);
  for(i=0; rc==SQLITE_OK && bOk && i<nName; i++){
    int eKind = mllogPowerFileKind(azName[i]);
    char *zPath;
    if( eKind==MLLOG_POWER_FILE_NONE ) continue;
    zPath = sqlite3_mprintf("%s/%s", zDir, azName[i]);
    if( zPath==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    if( bDirInside<0 ) bDirInside = dirInsideRoot(pCur->zRootReal, zDir);
    rc = runsReadPower(pCur, zPath, 0, bDirInside, &bOk);
    if( rc==SQLITE_OK && bOk && eKind==MLLOG_POWER_FILE_NODE
     && pCur->power.bUnsorted ){
      /* Out of time order: read again, holding the lines to sort them. */
      rc = runsReadPower(pCur, zPath, 1, bDirInside, &bOk);
    }
    sqlite3_free(zPath);
    if( rc || !bOk ) break;
    bOk = mllogEnergyAdd(&energy, &pCur->power, eKind, rTttMs)==SQLITE_OK;
  }
  freeNames(azName, nName);
  sqlite3_free(zDir);
  if( rc==SQLITE_OK && bOk
   && mllogEnergyTotal(&energy, &pCur->rEnergy)==SQLITE_OK ){
    pCur->bEnergy = 1;
  }
  return rc;
}

/*
** Read log f with rd (set up by runsStartLanes) and apply the rules of
** ruleset iRuleset. Runs on any lane: no SQLite call but memory-free ones.
** Returns SQLITE_OK (an unreadable log is a result too), SQLITE_NOMEM or
** SQLITE_INTERRUPT.
*/
static int runsParse(MllogReader *rd, const RunFile *f, const char *zRootReal,
                     int iRuleset, int bHash, int bFailOpen, RunResult *pRes){
  MllogLine line;
  int rc;
  /* MLPerf HPC's scores are reproduced with Python's json (NaN is a
  ** number there); Training's reading is kept strict (docs/mlperf.md). */
  int bPyJson = mllogRulesetSuite(iRuleset)==RULES_SUITE_HPC
             || mllogRulesetSuite(iRuleset)==RULES_SUITE_HPC_UNCHECKED;
  mllogRunInit(&pRes->run, f->zBench, iRuleset);
  mllogConvInit(&pRes->conv, f->zBench, iRuleset);
  pRes->bUnreadable = 0;
  pRes->bConverged = 0;
  pRes->zReason[0] = 0;
  pRes->eProcess = 0;
  mllogFingerprintInit(&pRes->fp);
  /* Here, on the lanes: on the caller's thread, before the lanes start,
  ** realpath() took a seventh of a scan of the v4.1 tree. */
  if( !insideRootIn(zRootReal, f->bDirInside, f->zPath) ){
    pRes->bUnreadable = 1;
    snprintf(pRes->zReason, sizeof(pRes->zReason), "outside_root");
    return SQLITE_OK;
  }
  rc = mllogReaderReopen(rd, bFailOpen ? 0 : f->zPath);
  if( bFailOpen && rc==SQLITE_OK ){
    rd->eErrno = EMFILE;
    rc = SQLITE_IOERR;
  }
  if( rc==SQLITE_NOMEM ) return rc;
  while( rc==SQLITE_OK ){
    char *z;
    size_t n;
    sqlite3_int64 iLine;
    rc = mllogReaderNext(rd, &z, &n, &iLine);
    if( rc==SQLITE_ROW ){
      int rcLine = rd->bMll ? mllogParseMllLine(z, n, &line)
                            : mllogParseLine(z, n, &line);
      const MllogLine *pLine = rcLine==SQLITE_OK ? &line : 0;
      if( bHash ) mllogFingerprintLine(&pRes->fp, z, n, pLine);
      if( pLine==0 && !rd->bMll && bPyJson && mllogPyNonFinite(z, n)>0
       && mllogParseLine(z, n, &line)==SQLITE_OK ){
        pLine = &line;
      }
      mllogRunLine(&pRes->run, pLine);
      mllogConvLine(&pRes->conv, z, n, pLine);
      rc = SQLITE_OK;
    }else if( rc==SQLITE_TOOBIG ){
      /* Its length counts (the reader skipped it unseen). */
      if( bHash ) mllogFingerprintLine(&pRes->fp, "\x01", 1, 0);
      mllogRunLine(&pRes->run, 0);
      mllogConvLine(&pRes->conv, 0, 0, 0);
      rc = SQLITE_OK;
    }
  }
  if( rc==SQLITE_INTERRUPT ) return rc;
  if( rc==SQLITE_IOERR
   && (rd->eErrno==EMFILE || rd->eErrno==ENFILE || rd->eErrno==ENOMEM) ){
    /* Not the log's fault (and more likely with more lanes, each holding
    ** a file open): an error, not a row that says "unreadable". */
    pRes->eProcess = rd->eErrno;
    return SQLITE_IOERR;
  }
  if( rc==SQLITE_IOERR ){
    pRes->bUnreadable = 1;
    snprintf(pRes->zReason, sizeof(pRes->zReason), "%s",
             rd->eErrno==MLLOG_ETOOBIG ? mllogReaderErrorText(rd) : "unreadable");
    return SQLITE_OK;
  }
  pRes->bConverged = mllogRunVerdict(&pRes->run, pRes->zReason,
                                     sizeof(pRes->zReason));
  return SQLITE_OK;
}

/*
** A testing aid (tests/mlperf.test): the environment variable
** MLPSCALE_TEST_FAIL_OPEN=N makes the N-th log of each mlperf_runs scan
** (1-based, in row order) fail to open as when the process is out of file
** descriptors, on whichever lane reads it. Read when a scan starts, on the
** caller's thread; 0 when unset or not a positive integer.
*/
static int testFailOpen(void){
  const char *z = getenv("MLPSCALE_TEST_FAIL_OPEN");
  long v;
  char *zEnd;
  if( z==0 || z[0]==0 ) return 0;
  v = strtol(z, &zEnd, 10);
  return *zEnd==0 && v>0 && v<INT_MAX ? (int)v : 0;
}

/* xWork of the lanes: log iItem on lane iLane (0: the caller's thread). */
static int runsWork(void *pCtx, int iLane, int iItem, void *pOut){
  RunsCursor *pCur = (RunsCursor*)pCtx;
  MllogReader *rd = iLane==0 ? &pCur->rd : &pCur->aLaneRd[iLane-1];
  return runsParse(rd, &pCur->aFile[iItem], pCur->zRootReal, pCur->iRuleset,
                   pCur->bHash, iItem+1==pCur->iFailOpen, (RunResult*)pOut);
}

/* xStop of a worker lane's reader. */
static int runsLaneStop(void *pArg){
  return lanesStopped(((RunsCursor*)pArg)->pLanes);
}

/*
** Set up the readers and start the lanes that read the nFile logs:
** mlpscale_limit 'threads' lanes in all, the caller's thread included.
*/
static int runsStartLanes(RunsCursor *pCur){
  sqlite3 *db = ((MlperfVtab*)pCur->base.pVtab)->db;
  int nWorker = (int)mlpLimit(db, MLP_LIMIT_THREADS) - 1;
  int i, rc;
  if( !pCur->bReader ){
    rc = mllogReaderOpen(&pCur->rd, 0, 0);
    pCur->bReader = 1;
    if( rc!=SQLITE_OK ) return rc;
    pCur->rd.bNoLines = 1;
    readerGuard(pCur->base.pVtab, &pCur->rd, &pCur->stop);
  }
  mllogReaderSetMll(&pCur->rd, mllogRulesetMll(pCur->iRuleset));
  if( nWorker>pCur->nFile-1 ) nWorker = pCur->nFile-1;
  if( nWorker>0 ){
    pCur->aLaneRd = sqlite3_malloc64(sizeof(MllogReader)*(sqlite3_uint64)nWorker);
    if( pCur->aLaneRd==0 ) return SQLITE_NOMEM;
    for(i=0; i<nWorker; i++){
      MllogReader *rd = &pCur->aLaneRd[i];
      rc = mllogReaderOpen(rd, 0, 0);
      pCur->nLaneRd++;
      if( rc!=SQLITE_OK ) return rc;
      rd->bNoLines = 1;
      mllogReaderSetMll(rd, pCur->rd.bMll);
      rd->nMaxBytes = pCur->rd.nMaxBytes;
      rd->zLimitName = pCur->rd.zLimitName;
      rd->xStop = runsLaneStop;
      rd->pStopArg = pCur;
    }
  }
  /* 64 result slots per lane (18 KB each): logs differ in size a
  ** hundredfold, and while the caller's thread reads a long log ahead it
  ** takes no result, so a worker that fills the ring waits. On the v4.1
  ** tree with 2 lanes (a scan of about 0.3 s), the worker waited for a
  ** free slot 0.077 s with 8 slots per lane, 0.025 s with 32, 0.002 s
  ** with 64 (medians of 8 scans). */
  return lanesOpen(&pCur->pLanes, pCur->nFile, nWorker, sizeof(RunResult),
                   64*(nWorker+1), runsWork, pCur);
}

/* Take log aFile[iFile] from the lanes; its energy, read here. */
static int runsRead(RunsCursor *pCur){
  const RunFile *f = &pCur->aFile[pCur->iFile];
  const MllogRun *r = &pCur->res.run;
  int rc = lanesNext(pCur->pLanes, pCur->iFile, &pCur->res,
                     mlpStopCheck, &pCur->stop);
  if( rc==SQLITE_INTERRUPT && pCur->stop.rc!=SQLITE_OK ) return pCur->stop.rc;
  if( rc==SQLITE_IOERR ){
    return mlpVtabErrorf(pCur->base.pVtab, "mlperf_runs: cannot open '%s': %s",
                         f->zPath, strerror(pCur->res.eProcess));
  }
  if( rc!=SQLITE_OK ) return rc;
  pCur->bEnergy = 0;
  if( !pCur->res.bUnreadable && f->bPower && r->nRunStart && r->nRunStop ){
    return runsEnergy(pCur, f, r->rRunStop - r->rRunStart);
  }
  return SQLITE_OK;
}

static int runsNext(sqlite3_vtab_cursor *cur){
  RunsCursor *pCur = (RunsCursor*)cur;
  pCur->iFile++;
  if( pCur->iFile>=pCur->nFile ) return SQLITE_OK;
  return runsRead(pCur);
}

/* "0.7.0, 1.0.0, ..." */
static char *rulesetList(void){
  sqlite3_str *pStr = sqlite3_str_new(0);
  int i;
  for(i=0; i<mllogRulesetCount(); i++){
    sqlite3_str_appendf(pStr, "%s%s", i ? ", " : "", mllogRulesetName(i));
  }
  return sqlite3_str_finish(pStr);
}

/*
** The round named by a folder training_results_vX.Y (Training) or
** hpc_results_vX.Y (MLPerf HPC) of path zPath, the last such component
** counting: "vX.Y" in zOut and its suite (RULES_SUITE_TRAINING or
** RULES_SUITE_HPC) in *peSuite; zOut empty when none.
*/
static void roundOfPath(const char *zPath, char *zOut, size_t nOut, int *peSuite){
  static const struct { const char *zPrefix; int eSuite; } aSuite[] = {
    { "training_results_v", RULES_SUITE_TRAINING },
    { "hpc_results_v",      RULES_SUITE_HPC },
  };
  const char *zBest = 0;
  size_t k;
  zOut[0] = 0;
  for(k=0; k<sizeof(aSuite)/sizeof(aSuite[0]); k++){
    const char *z = zPath;
    size_t nPrefix = strlen(aSuite[k].zPrefix);
    while( (z = strstr(z, aSuite[k].zPrefix))!=0 ){
      const char *zVer = z + nPrefix;
      size_t n = strspn(zVer, "0123456789.");
      if( (z==zPath || z[-1]=='/') && (zBest==0 || z>zBest)
       && (zVer[n]==0 || zVer[n]=='/') && n>0 && n+2<nOut ){
        snprintf(zOut, nOut, "v%.*s", (int)n, zVer);
        *peSuite = aSuite[k].eSuite;
        zBest = z;
      }
      z = zVer;
    }
  }
}

/*
** The round of root zRoot in zOut (see roundOfPath), read from the path
** as the caller wrote it: a training_results_v4.1 that is a symbolic link
** to a checkout named otherwise still names the round. Only when the
** written path names no round (".", a relative path inside the checkout)
** is its real path read.
*/
static void detectRound(const char *zRoot, char *zOut, size_t nOut, int *peSuite){
  char zReal[PATH_MAX];
  roundOfPath(zRoot, zOut, nOut, peSuite);
  if( zOut[0]==0 && realpath(zRoot, zReal) ) roundOfPath(zReal, zOut, nOut, peSuite);
}

/* The newest ruleset of suite eSuite (any MLPerf HPC suite for HPC's). */
static const RulesSet *newestRound(int eSuite){
  const RulesSet *pNew = 0;
  int i;
  for(i=0; rulesAt(i); i++){
    const RulesSet *p = rulesAt(i);
    if( (p->eSuite!=RULES_SUITE_TRAINING)==(eSuite!=RULES_SUITE_TRAINING) ) pNew = p;
  }
  return pNew;
}

/*
** Set pCur->iRuleset from the ruleset argument, or (argument absent or
** NULL) from the root's path: the ruleset the registry names for its round;
** an error on the vtab when neither names a known ruleset.
*/
static int runsRuleset(sqlite3_vtab *pVtab, RunsCursor *pCur, int idxNum,
                       int argc, sqlite3_value **argv){
  char zDetected[32];
  int eSuite = RULES_SUITE_TRAINING;
  const char *zName;
  char *zList;
  int rc;
  if( (idxNum & MLPERF_IDX_RULESET)
   && sqlite3_value_type(argv[argc-1])!=SQLITE_NULL ){
    sqlite3_value *pArg = argv[argc-1];
    if( sqlite3_value_type(pArg)!=SQLITE_TEXT ){
      return mlpVtabErrorf(pVtab, "mlperf_runs: ruleset must be text, got '%s'",
                           mlpValueText(pArg));
    }
    zName = (const char*)sqlite3_value_text(pArg);
    pCur->iRuleset = mllogRulesetFind(zName);
    if( pCur->iRuleset>=0 ) return SQLITE_OK;
    zList = rulesetList();
    if( zList==0 ) return SQLITE_NOMEM;
    rc = mlpVtabErrorf(pVtab, "mlperf_runs: unknown ruleset '%s' (known: %s)",
                       zName, zList);
    sqlite3_free(zList);
    return rc;
  }
  detectRound(pCur->zRoot, zDetected, sizeof(zDetected), &eSuite);
  pCur->iRuleset = rulesFindRound(zDetected, eSuite);
  if( pCur->iRuleset>=0 ) return SQLITE_OK;
  zList = rulesetList();
  if( zList==0 ) return SQLITE_NOMEM;
  if( zDetected[0] && newestRound(eSuite)
   && rulesVersionCompare(zDetected, strlen(zDetected), newestRound(eSuite)->zRound,
                          strlen(newestRound(eSuite)->zRound))>0 ){
    const RulesSet *pNew = newestRound(eSuite);
    rc = mlpVtabErrorf(pVtab, "mlperf_runs: %sround '%s' of root '%s' is newer than "
                       "the rules this build knows (newest: %s, round %s): add its "
                       "ruleset with make rules LOGGING=<clone of mlcommons/logging> "
                       "(docs/mlperf.md, \"Adding a round\"), or pass a known one as "
                       "the second argument (known: %s)",
                       eSuite==RULES_SUITE_HPC ? "MLPerf HPC " : "", zDetected,
                       pCur->zRoot, pNew->zName, pNew->zRound, zList);
  }else if( zDetected[0] ){
    rc = mlpVtabErrorf(pVtab, "mlperf_runs: no ruleset for %sround '%s' of root "
                       "'%s' (known: %s)", eSuite==RULES_SUITE_HPC ? "MLPerf HPC " : "",
                       zDetected, pCur->zRoot, zList);
  }else{
    rc = mlpVtabErrorf(pVtab, "mlperf_runs: cannot tell the ruleset of root "
                       "'%s': pass one, as in mlperf_runs('%s', '%s') (known: "
                       "%s), or name the round's folder training_results_vX.Y"
                       " or hpc_results_vX.Y",
                       pCur->zRoot, pCur->zRoot,
                       mllogRulesetName(mllogRulesetNewest()), zList);
  }
  sqlite3_free(zList);
  return rc;
}

static int runsFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                      int argc, sqlite3_value **argv){
  RunsCursor *pCur = (RunsCursor*)cur;
  int rc;
  (void)idxStr;
  runsStopLanes(pCur);
  runsFreeFiles(pCur);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  pCur->zRoot = pCur->zRootReal = 0;
  pCur->iFile = 0;
  rc = filterArg(cur->pVtab, idxNum, argc, argv, &pCur->zRoot);
  if( rc ) return rc;
  rc = checkRoot(cur->pVtab, "mlperf_runs", pCur->zRoot);
  if( rc ) return rc;
  rc = realRoot(cur->pVtab, "mlperf_runs", pCur->zRoot, &pCur->zRootReal);
  if( rc ) return rc;
  pCur->iFailOpen = testFailOpen();
  pCur->bHash = (idxNum & MLPERF_IDX_HASH)!=0;
  rc = runsRuleset(cur->pVtab, pCur, idxNum, argc, argv);
  if( rc ) return rc;
  stopRestart(cur->pVtab, &pCur->stop);
  rc = runsList(pCur);
  if( rc ) return rc;
  if( pCur->nFile==0 ) return SQLITE_OK;
  rc = runsStartLanes(pCur);
  if( rc ) return rc;
  return runsRead(pCur);
}

static int runsEof(sqlite3_vtab_cursor *cur){
  RunsCursor *pCur = (RunsCursor*)cur;
  return pCur->iFile>=pCur->nFile;
}

static int runsColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  RunsCursor *pCur = (RunsCursor*)cur;
  RunFile *f = &pCur->aFile[pCur->iFile];
  MllogRun *r = &pCur->res.run;
  switch( i ){
    case RUNS_SUBMITTER: resultText(ctx, f->zSubmitter); return SQLITE_OK;
    case RUNS_SYSTEM:    resultText(ctx, f->zSystem); return SQLITE_OK;
    case RUNS_BENCHMARK:
      resultText(ctx, mllogBenchName(f->zBench, pCur->iRuleset));
      return SQLITE_OK;
    case RUNS_RUN:       resultText(ctx, f->zRun); return SQLITE_OK;
    case RUNS_PATH:      resultText(ctx, f->zPath); return SQLITE_OK;
    case RUNS_ROOT:      resultText(ctx, pCur->zRoot); return SQLITE_OK;
    case RUNS_RULESET:
      resultText(ctx, mllogRulesetName(pCur->iRuleset));
      return SQLITE_OK;
    case RUNS_MAX_DROPPED:
      sqlite3_result_int(ctx, mllogMaxDropped(f->zBench, pCur->iRuleset));
      return SQLITE_OK;
    case RUNS_CONVERGED: sqlite3_result_int(ctx, pCur->res.bConverged); return SQLITE_OK;
    case RUNS_REASON:
      if( !pCur->res.bConverged ) resultText(ctx, pCur->res.zReason);
      return SQLITE_OK;
    case RUNS_SCALING_FACTOR:
      if( f->bScale ) sqlite3_result_double(ctx, f->rScale);
      return SQLITE_OK;
    case RUNS_PROGRESS_UNIT:
      resultText(ctx, mllogConvUnit(&pCur->res.conv));
      return SQLITE_OK;
    case RUNS_SCALING:
      if( f->zScaling ) resultText(ctx, f->zScaling);
      return SQLITE_OK;
  }
  if( pCur->res.bUnreadable ) return SQLITE_OK;
  switch( i ){
    case RUNS_DIVISION:
      if( r->zDivision[0] ) resultText(ctx, r->zDivision);
      break;
    case RUNS_RUN_START_MS:
      if( r->nRunStart ) resultMs(ctx, r->rRunStart);
      break;
    case RUNS_RUN_STOP_MS:
      if( r->nRunStop ) resultMs(ctx, r->rRunStop);
      break;
    case RUNS_MINUTES: {
      double rMinutes;
      if( mllogRunMinutes(r, &rMinutes) ) sqlite3_result_double(ctx, rMinutes);
      break;
    }
    case RUNS_STATUS:
      if( r->bStatus ) resultText(ctx, r->zStatus);
      break;
    case RUNS_GLOBAL_BATCH:
      if( r->bBatch ){
        if( r->bBatchInt ) sqlite3_result_int64(ctx, r->iBatch);
        else sqlite3_result_double(ctx, r->rBatch);
      }
      break;
    case RUNS_EVAL_ACCURACY:
      if( r->bEval ) sqlite3_result_double(ctx, r->rEval);
      break;
    case RUNS_MLLOG_LINES:
      sqlite3_result_int64(ctx, r->nLines);
      break;
    case RUNS_ENERGY_J:
      if( pCur->bEnergy ) sqlite3_result_double(ctx, pCur->rEnergy);
      break;
    case RUNS_CONVERGED_AT: {
      double r;
      if( mllogConvResult(&pCur->res.conv, &r) ) sqlite3_result_double(ctx, r);
      break;
    }
    case RUNS_CONVERGED_AFTER: {
      double r;
      if( mllogConvAfter(&pCur->res.conv, &r) ) sqlite3_result_double(ctx, r);
      break;
    }
    case RUNS_NODES:
      if( r->bNodes ) resultMs(ctx, r->rNodes);
      break;
    case RUNS_PER_NODE:
      if( r->bPerNode ) resultMs(ctx, r->rPerNode);
      break;
    case RUNS_EVAL_ERROR:
      if( r->bEvalError ) sqlite3_result_double(ctx, r->rEvalError);
      break;
    case RUNS_LOG_HASH: {
      char zHex[17];
      assert( pCur->bHash );
      snprintf(zHex, sizeof(zHex), "%016llx",
               (unsigned long long)mllogFingerprintValue(&pCur->res.fp));
      sqlite3_result_text(ctx, zHex, -1, SQLITE_TRANSIENT);
      break;
    }
    case RUNS_PREC_SPELLING: {
      static const char *const azSpelling[] = {
        0, "lowest_numerical_precision_in_*", "lowest_numerical_precision_*", "both"
      };
      if( r->ePrecSpelling ) resultText(ctx, azSpelling[r->ePrecSpelling & 3]);
      break;
    }
    default:
      if( i>=RUNS_PREC_LINEAR && i<RUNS_PREC_LINEAR+MLLOG_PREC_N ){
        if( r->ePrecFrom[i-RUNS_PREC_LINEAR] ) resultText(ctx, r->aPrec[i-RUNS_PREC_LINEAR]);
      }else if( i>=RUNS_LAYOUT && i<RUNS_LAYOUT+MLLOG_LAYOUT_N ){
        int k = i-RUNS_LAYOUT;
        if( r->aLayoutSet[k] ){
          if( r->aLayoutInt[k] ) sqlite3_result_int64(ctx, r->aLayoutI64[k]);
          else sqlite3_result_double(ctx, r->aLayout[k]);
        }
      }
      break;
  }
  return SQLITE_OK;
}

/* mlperfBestIndex, and idxNum MLPERF_IDX_HASH when the statement reads
** log_hash: only then is a log fingerprinted, a pass over every line. */
static int runsBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pIdx){
  int rc = mlperfBestIndex(pVtab, pIdx);
  if( rc==SQLITE_OK && (pIdx->colUsed & ((sqlite3_uint64)1<<RUNS_LOG_HASH)) ){
    pIdx->idxNum |= MLPERF_IDX_HASH;
  }
  return rc;
}

static int runsRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((RunsCursor*)cur)->iFile + 1;
  return SQLITE_OK;
}

static sqlite3_module runsModule = {
  0,                 /* iVersion */
  0,                 /* xCreate: eponymous only */
  mlperfConnect,     /* xConnect */
  runsBestIndex,     /* xBestIndex */
  mlperfDisconnect,  /* xDisconnect */
  0,                 /* xDestroy */
  runsOpen,          /* xOpen */
  runsClose,         /* xClose */
  runsFilter,        /* xFilter */
  runsNext,          /* xNext */
  runsEof,           /* xEof */
  runsColumn,        /* xColumn */
  runsRowid,         /* xRowid */
  0,                 /* xUpdate */
  0,                 /* xBegin */
  0,                 /* xSync */
  0,                 /* xCommit */
  0,                 /* xRollback */
  0,                 /* xFindFunction */
  0,                 /* xRename */
  0,                 /* xSavepoint */
  0,                 /* xRelease */
  0,                 /* xRollbackTo */
  0                  /* xShadowName */
};

/* ---------------------------------------------------------------------- */
/* mlperf_systems(root)                                                   */

#define SYS_SUBMITTER      0
#define SYS_SYSTEM         1
#define SYS_DIVISION       2
#define SYS_AVAILABILITY   3
#define SYS_NODES          4
#define SYS_PER_NODE       5
#define SYS_ACCELERATORS   6
#define SYS_ACCEL_MODEL    7
#define SYS_HOST_MODEL     8
#define SYS_FRAMEWORK      9
#define SYS_JSON           10
#define SYS_ERROR          11
#define SYS_ROOT           12

typedef struct SysFile SysFile;
struct SysFile {
  char *zSubmitter, *zSystem, *zPath;
  int bOutside;              /* a link to a file outside the root: not read */
};

typedef struct SysCursor SysCursor;
struct SysCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  char *zRoot;
  char *zRootReal;           /* its real path (realRoot) */
  SysFile *aFile;
  int nFile, nAlloc;
  int iFile;
  /* the current row */
  char *zJson;               /* file text, or 0 when unreadable */
  size_t nJson;
  int bValid;                /* zJson is one JSON object */
  MllogSpan obj;
  char *zError;              /* sqlite3_mprintf, or 0 */
  const char *zAvailability; /* mapped, or 0 */
  int bNodes, bPerNode;
  sqlite3_int64 iNodes, iPerNode;
  char zAccel[128];          /* a v0.6 "nodes" entry's accelerator, or "" */
  MlpStop stop;              /* sqlite3_interrupt() while walking the tree */
};

static void sysFreeRow(SysCursor *pCur){
  sqlite3_free(pCur->zJson);
  sqlite3_free(pCur->zError);
  pCur->zJson = 0;
  pCur->zError = 0;
  pCur->bValid = 0;
  pCur->zAvailability = 0;
  pCur->bNodes = pCur->bPerNode = 0;
  pCur->zAccel[0] = 0;
}

static void sysFreeFiles(SysCursor *pCur){
  int i;
  for(i=0; i<pCur->nFile; i++){
    sqlite3_free(pCur->aFile[i].zSubmitter);
    sqlite3_free(pCur->aFile[i].zSystem);
    sqlite3_free(pCur->aFile[i].zPath);
  }
  sqlite3_free(pCur->aFile);
  pCur->aFile = 0;
  pCur->nFile = pCur->nAlloc = 0;
}

static int sysOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  SysCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static int sysClose(sqlite3_vtab_cursor *cur){
  SysCursor *pCur = (SysCursor*)cur;
  sysFreeRow(pCur);
  sysFreeFiles(pCur);
  mlpStopClose(&pCur->stop);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Set the row's first error (later ones are dropped). */
static int sysError(SysCursor *pCur, const char *zFmt, ...){
  va_list ap;
  if( pCur->zError ) return SQLITE_OK;
  va_start(ap, zFmt);
  pCur->zError = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  return pCur->zError ? SQLITE_OK : SQLITE_NOMEM;
}

/* The error of a status that maps to no availability. The decoded text
** holds no NUL (a \u0000 stays those 6 characters), so it is quoted whole. */
static int sysUnknownStatus(SysCursor *pCur, const char *z, size_t n){
  return sysError(pCur, "status '%.*s' is not a known availability", (int)n, z);
}

/* Largest number_of_nodes or accelerators_per_node accepted. */
#define SYS_MAX_COUNT 1000000000

/*
** The length of the white-space character Python's int() strips that
** starts z[0..n) (ASCII \t \n \v \f \r and space, and U+0085, U+00A0,
** U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), or 0.
*/
static size_t sysIntSpaceLen(const unsigned char *z, size_t n){
  if( n==0 ) return 0;
  if( z[0]==' ' || (z[0]>='\t' && z[0]<='\r') ) return 1;
  if( n>=2 && z[0]==0xc2 && (z[1]==0x85 || z[1]==0xa0) ) return 2;
  if( n<3 ) return 0;
  if( z[0]==0xe1 && z[1]==0x9a && z[2]==0x80 ) return 3;
  if( z[0]==0xe2 && z[1]==0x80
   && (z[2]<=0x8a || z[2]==0xa8 || z[2]==0xa9 || z[2]==0xaf) && z[2]>=0x80 ){
    return 3;
  }
  if( z[0]==0xe2 && z[1]==0x81 && z[2]==0x9f ) return 3;
  if( z[0]==0xe3 && z[1]==0x80 && z[2]==0x80 ) return 3;
  return 0;
}

/*
** The integer of the decoded string z[0..n) as Python's int() reads it:
** surrounding white space, then an optional + or -, then ASCII digits
** (any number of leading zeros; no underscores). Returns 0 when it is not
** one; else 1 with *piVal set when |value| fits 18 digits, 2 when it does
** not, with its text (sign, digits without leading zeros, at most 40 then
** "...") in zText (48 bytes).
*/
static int sysIntText(const char *zIn, size_t n, sqlite3_int64 *piVal,
                      char *zText){
  const unsigned char *z = (const unsigned char*)zIn;
  size_t i = 0, k, nSpace, nDigit;
  int bNeg = 0;
  sqlite3_int64 x = 0;
  while( (nSpace = sysIntSpaceLen(z+i, n-i))>0 ) i += nSpace;
  /* Trailing white space: 1 to 3 bytes each. */
  for(;;){
    if( n>i && sysIntSpaceLen(z+n-1, 1)==1 ){ n -= 1; continue; }
    if( n-i>=2 && sysIntSpaceLen(z+n-2, 2)==2 ){ n -= 2; continue; }
    if( n-i>=3 && sysIntSpaceLen(z+n-3, 3)==3 ){ n -= 3; continue; }
    break;
  }
  if( i<n && (z[i]=='+' || z[i]=='-') ) bNeg = z[i++]=='-';
  if( i==n ) return 0;
  for(k=i; k<n; k++){
    if( z[k]<'0' || z[k]>'9' ) return 0;
  }
  while( i<n-1 && z[i]=='0' ) i++;
  nDigit = n-i;
  if( nDigit>18 ){
    snprintf(zText, 48, "%s%.*s%s", bNeg ? "-" : "", nDigit>40 ? 40 : (int)nDigit,
             zIn+i, nDigit>40 ? "..." : "");
    return 2;
  }
  for(; i<n; i++) x = x*10 + (z[i]-'0');
  *piVal = bNeg ? -x : x;
  return 1;
}

/*
** The outcome eInt of reading an integer (0: not one; 1: *piVal; 2: one
** beyond 18 digits, as zText) checked against SYS_MAX_COUNT, with the
** message of field zWhat ("field 'x'", as the error names it).
*/
static int sysCountCheck(SysCursor *pCur, const char *zWhat, int eInt,
                         const sqlite3_int64 *piVal, const char *zText, int *pbOk){
  *pbOk = 0;
  if( eInt==0 ) return sysError(pCur, "%s is not an integer", zWhat);
  /* Bounded so that nodes x accelerators per node cannot overflow. */
  if( eInt==2 ){
    return sysError(pCur, "%s must be from 0 to %d, got %s",
                    zWhat, SYS_MAX_COUNT, zText);
  }
  if( *piVal<0 || *piVal>SYS_MAX_COUNT ){
    return sysError(pCur, "%s must be from 0 to %d, got %lld",
                    zWhat, SYS_MAX_COUNT, *piVal);
  }
  *pbOk = 1;
  return SQLITE_OK;
}

/*
** The integer of JSON value v: a number with an integral value (1, 1.0,
** 1e3, as Python's int() reads it), or a string that int() reads
** (sysIntText), each bounded by SYS_MAX_COUNT alike, with the same message
** (sysCountCheck, naming zWhat).
*/
static int sysIntegerValue(SysCursor *pCur, const char *zWhat, const MllogSpan *v,
                           int *pbOk, sqlite3_int64 *piVal){
  char zText[48];
  int eInt = 0;                   /* 0: not an integer, 1: *piVal, 2: zText */
  if( v->z[0]=='"' ){
    /* Decoded first (the file holds at most 1 MiB). */
    char *zBuf = sqlite3_malloc64(v->n+1);
    long long n;
    *pbOk = 0;
    if( zBuf==0 ) return SQLITE_NOMEM;
    n = mllogJsonString(v, zBuf);
    eInt = sysIntText(zBuf, (size_t)n, piVal, zText);
    sqlite3_free(zBuf);
  }else{
    double r;
    int bInt = 0;
    if( mllogJsonNumber(v, &r, &bInt, piVal) ){
      if( bInt ){
        eInt = 1;
      }else if( r==floor(r) ){    /* finite: the validator reads no inf */
        if( r>-9e18 && r<9e18 ){
          *piVal = (sqlite3_int64)r;
          eInt = 1;
        }else{
          /* As written (a number is ASCII), at most 40 bytes. */
          snprintf(zText, sizeof(zText), "%.*s%s", v->n>40 ? 40 : (int)v->n, v->z,
                   v->n>40 ? "..." : "");
          eInt = 2;
        }
      }
    }
  }
  return sysCountCheck(pCur, zWhat, eInt, piVal, zText, pbOk);
}

/*
** An integer field of the file (sysIntegerValue). zAlt: another spelling
** older systems files use ("number of nodes"), or 0.
*/
static int sysInteger(SysCursor *pCur, const char *zField, const char *zAlt,
                      int *pbOk, sqlite3_int64 *piVal){
  MllogSpan v;
  char zWhat[64];
  *pbOk = 0;
  if( !mllogJsonMember(&pCur->obj, zField, &v)
   && (zAlt==0 || !mllogJsonMember(&pCur->obj, zAlt, &v)) ){
    return sysError(pCur, "missing field '%s'", zField);
  }
  snprintf(zWhat, sizeof(zWhat), "field '%s'", zField);
  return sysIntegerValue(pCur, zWhat, &v, pbOk, piVal);
}

/* A string field, checked only (the column reads it again). */
static int sysStringField(SysCursor *pCur, const char *zField){
  MllogSpan v;
  if( !mllogJsonMember(&pCur->obj, zField, &v) ){
    return sysError(pCur, "missing field '%s'", zField);
  }
  if( v.z[0]!='"' ) return sysError(pCur, "field '%s' is not a string", zField);
  return SQLITE_OK;
}

/*
** v0.6's systems files give no accelerators_per_node: a "nodes" array of
** {"num_nodes", "num_accelerators", "accelerator"} (Fujitsu, Intel), or
** (NVIDIA's MLL files) an "entry" string holding a Python literal with
** those names. When the file has no "accelerators_per_node" and one entry
** of those (the v0.6 files have one), it sets the count per node, the
** nodes unless the file states "number_of_nodes", and the accelerator's
** name. The counts are read and bounded as sysInteger reads the file's
** own (an error names the entry's field). SQLITE_OK (nothing set
** otherwise) or SQLITE_NOMEM.
*/
static int sysNodes(SysCursor *pCur){
  MllogSpan v, entry, model;
  int bN = 0, bA = 0, rc = SQLITE_OK;
  sqlite3_int64 iN = 0, iA = 0;
  if( mllogJsonMember(&pCur->obj, "accelerators_per_node", &v) ) return SQLITE_OK;
  if( mllogJsonMember(&pCur->obj, "nodes", &v) && v.z[0]=='[' ){
    MllogSpan num;
    size_t i = 1;
    while( i<v.n && (v.z[i]==' ' || v.z[i]=='\t' || v.z[i]=='\n' || v.z[i]=='\r') ) i++;
    if( i>=v.n || v.z[i]!='{' ) return SQLITE_OK;
    entry.z = v.z+i;
    entry.n = mllogJsonSkip(entry.z, v.n-i);
    i += entry.n;
    while( i<v.n && (v.z[i]==' ' || v.z[i]=='\t' || v.z[i]=='\n' || v.z[i]=='\r') ) i++;
    if( i<v.n && v.z[i]==',' ){
      int nEntry = 1;                 /* the array is valid JSON: count them */
      while( i<v.n && v.z[i]==',' ){
        i++;
        while( i<v.n && (v.z[i]==' ' || v.z[i]=='\t' || v.z[i]=='\n' || v.z[i]=='\r') ) i++;
        i += mllogJsonSkip(v.z+i, v.n-i);
        while( i<v.n && (v.z[i]==' ' || v.z[i]=='\t' || v.z[i]=='\n' || v.z[i]=='\r') ) i++;
        nEntry++;
      }
      return sysError(pCur, "field 'nodes' must hold one entry, got %d", nEntry);
    }
    if( i>=v.n || v.z[i]!=']' ) return SQLITE_OK;
    if( !mllogJsonMember(&entry, "num_nodes", &num) ) return SQLITE_OK;
    rc = sysIntegerValue(pCur, "field 'num_nodes' of 'nodes'", &num, &bN, &iN);
    if( rc==SQLITE_OK && mllogJsonMember(&entry, "num_accelerators", &num) ){
      rc = sysIntegerValue(pCur, "field 'num_accelerators' of 'nodes'", &num, &bA, &iA);
    }
    if( rc==SQLITE_OK && bN && bA && mllogJsonMember(&entry, "accelerator", &model)
     && model.z[0]=='"' && model.n-2<sizeof(pCur->zAccel) ){
      /* Decoded, as every text column; no longer than its JSON text. */
      mllogJsonString(&model, pCur->zAccel);
    }
  }else if( mllogJsonMember(&pCur->obj, "entry", &v) && v.z[0]=='"' ){
    const char *zN = 0, *zA = 0, *zModel = 0;
    size_t nN = 0, nA = 0, nModel = 0;
    char zText[48];
    long long n;
    char *zBuf = sqlite3_malloc64(v.n+1);
    if( zBuf==0 ) return SQLITE_NOMEM;
    n = mllogJsonString(&v, zBuf);
    if( n>=0 && mllogPyField(zBuf, (size_t)n, "num_nodes", &zN, &nN) ){
      /* One entry, as in the JSON form: no second 'num_nodes'. */
      const char *zMore = zN+nN, *zX;
      size_t nX;
      int nEntry = 1;
      while( mllogPyField(zMore, (size_t)(zBuf+n-zMore), "num_nodes", &zX, &nX) ){
        nEntry++;
        zMore = zX+nX;
      }
      if( nEntry>1 ){
        sqlite3_free(zBuf);
        return sysError(pCur, "field 'nodes' of 'entry' must hold one entry, got %d", nEntry);
      }
      rc = sysCountCheck(pCur, "field 'num_nodes' of 'entry'",
                         sysIntText(zN, nN, &iN, zText), &iN, zText, &bN);
      if( rc==SQLITE_OK && mllogPyField(zBuf, (size_t)n, "num_accelerators", &zA, &nA) ){
        rc = sysCountCheck(pCur, "field 'num_accelerators' of 'entry'",
                           sysIntText(zA, nA, &iA, zText), &iA, zText, &bA);
      }
      if( rc==SQLITE_OK && bN && bA
       && mllogPyField(zBuf, (size_t)n, "accelerator", &zModel, &nModel)
       && nModel<sizeof(pCur->zAccel) ){
        memcpy(pCur->zAccel, zModel, nModel);
        pCur->zAccel[nModel] = 0;
      }
    }
    sqlite3_free(zBuf);
  }
  if( rc==SQLITE_OK && bN && bA ){
    if( !mllogJsonMember(&pCur->obj, "number_of_nodes", &v)
     && !mllogJsonMember(&pCur->obj, "number of nodes", &v) ){
      pCur->bNodes = 1;
      pCur->iNodes = iN;
    }
    pCur->bPerNode = 1;
    pCur->iPerNode = iA;
  }else{
    pCur->zAccel[0] = 0;
  }
  return rc;
}

static int sysRead(SysCursor *pCur){
  SysFile *f = &pCur->aFile[pCur->iFile];
  char *zErr = 0;
  char zJsonErr[128];
  size_t nUsed = 0, i;
  int rc;
  sysFreeRow(pCur);
  if( f->bOutside ) return sysError(pCur, "cannot read: outside the root");
  rc = readSmallFile(f->zPath, &pCur->zJson, &pCur->nJson, &zErr);
  if( rc==SQLITE_NOMEM ) return rc;
  if( rc ){
    pCur->zError = zErr;
    return SQLITE_OK;
  }
  if( mllogJsonCheck(pCur->zJson, pCur->nJson, &nUsed, zJsonErr,
                     sizeof(zJsonErr))!=SQLITE_OK ){
    /* v0.6's NVIDIA files: MLL lines, read as one object. */
    char *zObj = 0;
    size_t nObj = 0;
    rc = mllogMllObject(pCur->zJson, pCur->nJson, &zObj, &nObj);
    if( rc==SQLITE_NOMEM ) return rc;
    if( rc!=SQLITE_OK ) return sysError(pCur, "not valid JSON: %s", zJsonErr);
    sqlite3_free(pCur->zJson);
    pCur->zJson = zObj;
    pCur->nJson = nObj;
    nUsed = nObj;
  }
  for(i=0; i<pCur->nJson && (pCur->zJson[i]==' ' || pCur->zJson[i]=='\t'
            || pCur->zJson[i]=='\n' || pCur->zJson[i]=='\r'); i++){}
  if( pCur->zJson[i]!='{' ) return sysError(pCur, "not a JSON object");
  for(i=nUsed; i<pCur->nJson; i++){
    char c = pCur->zJson[i];
    if( c!=' ' && c!='\t' && c!='\n' && c!='\r' ){
      return sysError(pCur, "not valid JSON: text after the object at byte %lld",
                      (sqlite3_int64)i);
    }
  }
  pCur->bValid = 1;
  pCur->obj.z = pCur->zJson;
  pCur->obj.n = nUsed;
  rc = sysStringField(pCur, "division");
  if( rc==SQLITE_OK ){
    MllogSpan v;
    if( !mllogJsonMember(&pCur->obj, "status", &v) ){
      rc = sysError(pCur, "missing field '%s'", "status");
    }else if( v.z[0]!='"' || v.n>200 ){
      rc = sysError(pCur, "field '%s' is not a known availability", "status");
    }else{
      char zBuf[200];
      size_t nBuf = (size_t)mllogJsonString(&v, zBuf);
      pCur->zAvailability = rulesAvailability(zBuf, nBuf);
      if( pCur->zAvailability==0 ){
        rc = sysUnknownStatus(pCur, zBuf, nBuf);
      }
    }
  }
  if( rc==SQLITE_OK ) rc = sysNodes(pCur);
  if( rc==SQLITE_OK && !pCur->bNodes ){
    rc = sysInteger(pCur, "number_of_nodes", "number of nodes", &pCur->bNodes,
                    &pCur->iNodes);
  }
  if( rc==SQLITE_OK && !pCur->bPerNode ){
    rc = sysInteger(pCur, "accelerators_per_node", 0, &pCur->bPerNode,
                    &pCur->iPerNode);
  }
  if( rc==SQLITE_OK && pCur->zAccel[0]==0 ){
    rc = sysStringField(pCur, "accelerator_model_name");
  }
  if( rc==SQLITE_OK ) rc = sysStringField(pCur, "host_processor_model_name");
  if( rc==SQLITE_OK ) rc = sysStringField(pCur, "framework");
  return rc;
}

/* One <submitter>/systems/<system>.json (other names are skipped). */
static int sysAddFile(void *pArg, const char *zSubmitter, const char *zDir,
                      const char *zName){
  SysCursor *pCur = (SysCursor*)pArg;
  size_t n = strlen(zName);
  SysFile *f, *aNew;
  if( n<6 || strcmp(zName+n-5, ".json")!=0 ) return SQLITE_OK;
  aNew = growFiles(pCur->aFile, pCur->nFile, &pCur->nAlloc, 32, sizeof(SysFile));
  if( aNew==0 ) return SQLITE_NOMEM;
  pCur->aFile = aNew;
  f = &pCur->aFile[pCur->nFile++];
  f->zSubmitter = sqlite3_mprintf("%s", zSubmitter);
  f->zSystem = sqlite3_mprintf("%.*s", (int)(n-5), zName);
  f->zPath = sqlite3_mprintf("%s/%s", zDir, zName);
  if( !f->zSubmitter || !f->zSystem || !f->zPath ) return SQLITE_NOMEM;
  f->bOutside = !insideRoot(pCur->zRootReal, f->zPath);
  return SQLITE_OK;
}

/* Every <submitter>/systems/<system>.json, sorted. */
static int sysList(SysCursor *pCur){
  return walkSubmitters(pCur->zRoot, "systems", &pCur->stop, sysAddFile, pCur);
}

static int sysNext(sqlite3_vtab_cursor *cur){
  SysCursor *pCur = (SysCursor*)cur;
  pCur->iFile++;
  if( pCur->iFile>=pCur->nFile ) return SQLITE_OK;
  return sysRead(pCur);
}

static int sysFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                     int argc, sqlite3_value **argv){
  SysCursor *pCur = (SysCursor*)cur;
  int rc;
  (void)idxStr;
  sysFreeRow(pCur);
  sysFreeFiles(pCur);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  pCur->zRoot = pCur->zRootReal = 0;
  pCur->iFile = 0;
  rc = filterArg(cur->pVtab, idxNum, argc, argv, &pCur->zRoot);
  if( rc ) return rc;
  rc = checkRoot(cur->pVtab, "mlperf_systems", pCur->zRoot);
  if( rc ) return rc;
  rc = realRoot(cur->pVtab, "mlperf_systems", pCur->zRoot, &pCur->zRootReal);
  if( rc ) return rc;
  stopRestart(cur->pVtab, &pCur->stop);
  rc = sysList(pCur);
  if( rc ) return rc;
  if( pCur->nFile==0 ) return SQLITE_OK;
  return sysRead(pCur);
}

static int sysEof(sqlite3_vtab_cursor *cur){
  SysCursor *pCur = (SysCursor*)cur;
  return pCur->iFile>=pCur->nFile;
}

/* A string member of the current systems file, decoded; NULL if absent. */
static void sysResultString(SysCursor *pCur, sqlite3_context *ctx,
                            const char *zField){
  MllogSpan v;
  if( pCur->bValid && mllogJsonMember(&pCur->obj, zField, &v) && v.z[0]=='"' ){
    resultJsonText(ctx, &v);
  }
}

static int sysColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  SysCursor *pCur = (SysCursor*)cur;
  SysFile *f = &pCur->aFile[pCur->iFile];
  switch( i ){
    case SYS_SUBMITTER: resultText(ctx, f->zSubmitter); break;
    case SYS_SYSTEM:    resultText(ctx, f->zSystem); break;
    case SYS_DIVISION:  sysResultString(pCur, ctx, "division"); break;
    case SYS_AVAILABILITY:
      if( pCur->zAvailability ){
        sqlite3_result_text(ctx, pCur->zAvailability, -1, SQLITE_STATIC);
      }
      break;
    case SYS_NODES:
      if( pCur->bNodes ) sqlite3_result_int64(ctx, pCur->iNodes);
      break;
    case SYS_PER_NODE:
      if( pCur->bPerNode ) sqlite3_result_int64(ctx, pCur->iPerNode);
      break;
    case SYS_ACCELERATORS:
      if( pCur->bNodes && pCur->bPerNode ){
        sqlite3_result_int64(ctx, pCur->iNodes*pCur->iPerNode);
      }
      break;
    case SYS_ACCEL_MODEL:
      if( pCur->zAccel[0] ){
        sqlite3_result_text(ctx, pCur->zAccel, -1, SQLITE_TRANSIENT);
      }else{
        sysResultString(pCur, ctx, "accelerator_model_name");
      }
      break;
    case SYS_HOST_MODEL:  sysResultString(pCur, ctx, "host_processor_model_name"); break;
    case SYS_FRAMEWORK:   sysResultString(pCur, ctx, "framework"); break;
    case SYS_JSON:
      if( pCur->zJson ){
        sqlite3_result_text64(ctx, pCur->zJson, pCur->nJson, SQLITE_TRANSIENT,
                              SQLITE_UTF8);
      }
      break;
    case SYS_ERROR:
      if( pCur->zError ) resultText(ctx, pCur->zError);
      break;
    case SYS_ROOT: resultText(ctx, pCur->zRoot); break;
  }
  return SQLITE_OK;
}

static int sysRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((SysCursor*)cur)->iFile + 1;
  return SQLITE_OK;
}

static sqlite3_module sysModule = {
  0,                 /* iVersion */
  0,                 /* xCreate: eponymous only */
  mlperfConnect,     /* xConnect */
  mlperfBestIndex,   /* xBestIndex */
  mlperfDisconnect,  /* xDisconnect */
  0,                 /* xDestroy */
  sysOpen,           /* xOpen */
  sysClose,          /* xClose */
  sysFilter,         /* xFilter */
  sysNext,           /* xNext */
  sysEof,            /* xEof */
  sysColumn,         /* xColumn */
  sysRowid,          /* xRowid */
  0,                 /* xUpdate */
  0,                 /* xBegin */
  0,                 /* xSync */
  0,                 /* xCommit */
  0,                 /* xRollback */
  0,                 /* xFindFunction */
  0,                 /* xRename */
  0,                 /* xSavepoint */
  0,                 /* xRelease */
  0,                 /* xRollbackTo */
  0                  /* xShadowName */
};

/* ---------------------------------------------------------------------- */
/* mlperf_rules()                                                         */

#define RCOL_RULESET          0
#define RCOL_BENCHMARK        1
#define RCOL_TARGET           2
#define RCOL_MAX_DROPPED      3
#define RCOL_INIT_CLOSED      4
#define RCOL_INIT_OPEN        5
#define RCOL_REQ_CLOSED       6
#define RCOL_REQ_OPEN         7
#define RCOL_LOGGING          8
#define RCOL_PROGRESS_UNIT    9
#define RCOL_ROUND           10
#define RCOL_LOG_FORMAT      11
#define RCOL_RCP_LOGGING     12
#define RCOL_CONV_EVAL       13
#define RCOL_RCPS            14
#define RCOL_PROGRESS_COUNTS 15
#define RCOL_RCP_BATCH       16
#define RCOL_RCP_SCALING     17
#define RCOL_MIN_MEAN_OFFSET 18
#define RCOL_AVAILABILITY    19
#define RCOL_RUNS_REQUIRED   20
#define RCOL_RCP_FILES       21
#define RCOL_TARGET_OPEN     22

typedef struct RulesCursor RulesCursor;
struct RulesCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  int iRule;
  int bEof;                  /* iRule is past the last rule */
  MllogRuleInfo info;        /* of rule iRule */
};

static int rulesOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCur){
  RulesCursor *pCur = sqlite3_malloc64(sizeof(*pCur));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCur = &pCur->base;
  return SQLITE_OK;
}

static int rulesClose(sqlite3_vtab_cursor *cur){
  sqlite3_free(cur);
  return SQLITE_OK;
}

static int rulesNext(sqlite3_vtab_cursor *cur){
  RulesCursor *pCur = (RulesCursor*)cur;
  pCur->iRule++;
  pCur->bEof = !mllogRuleGet(pCur->iRule, &pCur->info);
  return SQLITE_OK;
}

static int rulesFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                       int argc, sqlite3_value **argv){
  RulesCursor *pCur = (RulesCursor*)cur;
  (void)idxNum;
  (void)idxStr;
  (void)argc;
  (void)argv;
  pCur->iRule = 0;
  pCur->bEof = !mllogRuleGet(0, &pCur->info);
  return SQLITE_OK;
}

/* From mllogRuleGet's answer: counting the rules walks them all, and
** doing it on every row made one scan of the table quadratic. */
static int rulesEof(sqlite3_vtab_cursor *cur){
  return ((RulesCursor*)cur)->bEof;
}

/* Text column z, NULL when absent. */
static void resultStatic(sqlite3_context *ctx, const char *z){
  if( z ) sqlite3_result_text(ctx, z, -1, SQLITE_STATIC);
}

/* The summarizer's availability names as a JSON object, status -> name. */
static void rulesAvailabilityJson(sqlite3_context *ctx){
  sqlite3_str *pOut = sqlite3_str_new(0);
  const RulesAvailability *a;
  int i;
  sqlite3_str_appendchar(pOut, 1, '{');
  for(i=0; (a = rulesAvailabilityAt(i))!=0; i++){
    /* The names hold no quote, backslash or control character. */
    sqlite3_str_appendf(pOut, "%s\"%s\":\"%s\"", i ? "," : "", a->zStatus, a->zName);
  }
  sqlite3_str_appendchar(pOut, 1, '}');
  if( sqlite3_str_errcode(pOut) ){
    sqlite3_free(sqlite3_str_finish(pOut));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, sqlite3_str_finish(pOut), -1, sqlite3_free);
}

static int rulesColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  MllogRuleInfo *p = &((RulesCursor*)cur)->info;
  const RulesSet *pSet = p->pSet;
  const RulesBench *pBench = p->pBench;
  switch( i ){
    case RCOL_RULESET:     resultStatic(ctx, p->zRuleset); break;
    case RCOL_BENCHMARK:   resultStatic(ctx, p->zBench); break;
    case RCOL_TARGET:
      if( p->bTarget ) sqlite3_result_text(ctx, p->zTarget, -1, SQLITE_TRANSIENT);
      break;
    case RCOL_MAX_DROPPED: sqlite3_result_int(ctx, p->nMaxDropped); break;
    case RCOL_INIT_CLOSED:
      if( !isnan(p->rInitClosed) ) sqlite3_result_double(ctx, p->rInitClosed);
      break;
    case RCOL_INIT_OPEN:
      if( !isnan(p->rInitOpen) ) sqlite3_result_double(ctx, p->rInitOpen);
      break;
    case RCOL_REQ_CLOSED:  resultStatic(ctx, p->zRequiredClosed); break;
    case RCOL_REQ_OPEN:    resultStatic(ctx, p->zRequiredOpen); break;
    case RCOL_LOGGING:     resultStatic(ctx, p->zLogging); break;
    case RCOL_PROGRESS_UNIT: resultStatic(ctx, p->zProgressUnit); break;
    case RCOL_ROUND:       resultStatic(ctx, pSet->zRound); break;
    case RCOL_LOG_FORMAT:  resultStatic(ctx, pSet->zLogFormat); break;
    case RCOL_RCP_LOGGING: resultStatic(ctx, pSet->zRcpLogging); break;
    case RCOL_CONV_EVAL:   resultStatic(ctx, rulesConvName(pSet->eConvEval)); break;
    case RCOL_RCPS:
      sqlite3_result_int(ctx, pBench && pBench->eUnit!=RULES_UNIT_NONE);
      break;
    case RCOL_PROGRESS_COUNTS:
      if( pBench && pBench->eUnit!=RULES_UNIT_NONE ){
        resultStatic(ctx, pBench->zCounts ? pBench->zCounts : rulesUnitName(pBench->eUnit));
      }
      break;
    case RCOL_RCP_BATCH:
      if( pSet->eConvEval!=RULES_CONV_NONE ){
        resultStatic(ctx, pSet->bRcpBatchCommon ? "common" : "last");
      }
      break;
    case RCOL_RCP_SCALING: sqlite3_result_int(ctx, pSet->bRcpScaling); break;
    case RCOL_MIN_MEAN_OFFSET:
      sqlite3_result_double(ctx, pBench ? pBench->rMinMeanOffset : 0.0);
      break;
    case RCOL_AVAILABILITY: rulesAvailabilityJson(ctx); break;
    case RCOL_RUNS_REQUIRED:
      if( pBench && pBench->nRunsRequired ) sqlite3_result_int(ctx, pBench->nRunsRequired);
      break;
    case RCOL_RCP_FILES:
      if( pSet->zRcpLogging ){
        resultStatic(ctx, pSet->zRcpFiles ? pSet->zRcpFiles : pSet->zRcpLogging);
      }
      break;
    case RCOL_TARGET_OPEN:
      if( p->bTargetOpen ) sqlite3_result_text(ctx, p->zTargetOpen, -1, SQLITE_TRANSIENT);
      break;
  }
  return SQLITE_OK;
}

static int rulesRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((RulesCursor*)cur)->iRule + 1;
  return SQLITE_OK;
}

static sqlite3_module rulesModule = {
  0,                 /* iVersion */
  0,                 /* xCreate: eponymous only */
  mlperfConnect,     /* xConnect */
  mlperfBestIndex,   /* xBestIndex */
  mlperfDisconnect,  /* xDisconnect */
  0,                 /* xDestroy */
  rulesOpen,         /* xOpen */
  rulesClose,        /* xClose */
  rulesFilter,       /* xFilter */
  rulesNext,         /* xNext */
  rulesEof,          /* xEof */
  rulesColumn,       /* xColumn */
  rulesRowid,        /* xRowid */
  0,                 /* xUpdate */
  0,                 /* xBegin */
  0,                 /* xSync */
  0,                 /* xCommit */
  0,                 /* xRollback */
  0,                 /* xFindFunction */
  0,                 /* xRename */
  0,                 /* xSavepoint */
  0,                 /* xRelease */
  0,                 /* xRollbackTo */
  0                  /* xShadowName */
};

/* ---------------------------------------------------------------------- */

static const MlperfTableDef aMlperfTable[] = {
  { "mlperf_log", &logModule,
    "CREATE TABLE x(line, time_ms, event_type, key, value, metadata, error,"
    " path HIDDEN)", "path", LOG_PATH, 1, 1 },
  { "mlperf_runs", &runsModule,
    "CREATE TABLE x(submitter, system, benchmark, run, path, division,"
    " run_start_ms, run_stop_ms, minutes, status, converged, reason,"
    " scaling_factor, global_batch_size, eval_accuracy, mllog_lines,"
    " energy_j, max_dropped, converged_at, progress_unit, converged_after,"
    " scaling, number_of_nodes, accelerators_per_node, eval_error, log_hash,"
    " precision_linear, precision_attn, precision_comm, precision_spelling,"
    " tensor_parallelism, pipeline_parallelism, context_parallelism,"
    " expert_parallelism, micro_batch_size,"
    " root HIDDEN,"
    " ruleset HIDDEN)", "root", RUNS_ROOT,
    2, 1 },
  { "mlperf_systems", &sysModule,
    "CREATE TABLE x(submitter, system, division, availability,"
    " number_of_nodes, accelerators_per_node, accelerators,"
    " accelerator_model_name, host_processor_model_name, framework, json,"
    " error, root HIDDEN)", "root", SYS_ROOT, 1, 1 },
  { "mlperf_rules", &rulesModule,
    "CREATE TABLE x(ruleset, benchmark, target, max_dropped,"
    " init_minutes_closed, init_minutes_open, required_closed,"
    " required_open, logging, progress_unit, round, log_format, rcp_logging,"
    " convergence_eval, rcps, progress_counts, rcp_batch, rcp_scaling,"
    " rcp_min_mean_offset, availability, runs_required, rcp_files, target_open)",
    0, 0, 0, 0 },
};

/* The collation version: rulesets and rounds ordered as versions
** (rulesVersionCompare), so '9.0.0' < '10.0.0'. */
static int versionCollate(void *pArg, int na, const void *a, int nb, const void *b){
  (void)pArg;
  return rulesVersionCompare((const char*)a, (size_t)na, (const char*)b, (size_t)nb);
}

int mlpMlperfInit(sqlite3 *db){
  int rc = SQLITE_OK;
  size_t i;
  for(i=0; rc==SQLITE_OK && i<sizeof(aMlperfTable)/sizeof(aMlperfTable[0]); i++){
    rc = sqlite3_create_module(db, aMlperfTable[i].zName, aMlperfTable[i].pModule,
                               (void*)&aMlperfTable[i]);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_collation(db, "version", SQLITE_UTF8, 0, versionCollate);
  }
  return rc;
}
