/*
** swf_sql.c: read Standard Workload Format traces (Parallel Workloads
** Archive) from SQL. The parser is ext/scheduling/swf.c. Both functions read files,
** so both are DIRECTONLY. The reference (columns, every error, examples
** with their output) is docs/scheduling.md.
**
**   swf_jobs(path)     one row per job line: the 18 SWF fields, line, error
**   swf_header(path)   one row per "; Key: value" header: key, value, line,
**                      error (streamed: memory for one line and two values)
**
**   SELECT job, submit, runtime, allocated FROM swf_jobs('tests/swf-sample.swf');
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "base/file.h"
#include "scheduling/swf.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

typedef struct SwftabVtab SwftabVtab;
struct SwftabVtab {
  sqlite3_vtab base;
  int bHeader;                /* swf_header, else swf_jobs */
  sqlite3 *db;                /* for its limits and interrupts */
};

/* A header row: "; Key: value" and the keyless comment lines after it. */
typedef struct SwftabHeaderRow SwftabHeaderRow;
struct SwftabHeaderRow {
  char *zKey;                 /* 0: no row */
  sqlite3_str *pVal;          /* the value so far (not used once zErr is set) */
  sqlite3_int64 iLine;        /* the line of the key */
  char zErr[80];              /* why the value is NULL, or "" */
};

typedef struct SwftabCursor SwftabCursor;
struct SwftabCursor {
  sqlite3_vtab_cursor base;
  sqlite3_value *pPath;       /* the path argument (the hidden column) */
  FILE *pIn;                  /* swf_jobs: the file being scanned */
  char *zBuf;                 /* the current line */
  size_t nBuf, nAlloc;
  sqlite3_int64 iLine;        /* line number of the current line */
  sqlite3_int64 iRowid;
  int bEof;
  int eKind;                  /* SWF_JOB or SWF_BAD */
  SwfJob job;
  char zErr[128];
  /* swf_header streams: a row is complete once the next key or the end
  ** of the file is read (a keyless comment line anywhere continues it),
  ** so one row is shown (hdr) while the next is read (hdrNext). */
  SwftabHeaderRow hdr, hdrNext;
  sqlite3_int64 nValMax;      /* SQLITE_LIMIT_LENGTH: the longest value */
  sqlite3_int64 nRead;        /* bytes read from pIn */
  sqlite3_int64 nMax;         /* mlpscale_limit 'file_size' */
  MlpStop stop;               /* sqlite3_interrupt() while reading */
  int eStopped;               /* why reading stopped early, SWF_STOP_* */
};

/* SwftabCursor.eStopped */
#define SWF_STOP_NONE  0
#define SWF_STOP_LIMIT 1      /* more than nMax bytes */
#define SWF_STOP_ASKED 2      /* interrupted (stop.rc says how) */

/* Column numbers of swf_jobs (0..17 are the SWF fields). */
#define SWF_COL_LINE   18
#define SWF_COL_ERROR  19
#define SWF_COL_PATH   20
/* Column numbers of swf_header. */
#define SWFH_COL_KEY   0
#define SWFH_COL_VALUE 1
#define SWFH_COL_LINE  2
#define SWFH_COL_ERROR 3
#define SWFH_COL_PATH  4

/* Longest line kept; a longer one is a malformed row (memory stays bounded). */
#define SWF_LINE_MAX 65536

static int swftabConnect(sqlite3 *db, void *pAux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr){
  SwftabVtab *pNew;
  int rc;
  int bHeader = pAux!=0;
  (void)argc; (void)argv; (void)pzErr;
  if( bHeader ){
    rc = sqlite3_declare_vtab(db, "CREATE TABLE x(key, value, line, error, path HIDDEN)");
  }else{
    rc = sqlite3_declare_vtab(db,
      "CREATE TABLE x(job, submit, wait, runtime, allocated, avg_cpu,"
      " used_memory, requested_procs, requested_time, requested_memory,"
      " status, user_id, group_id, executable, queue, partition,"
      " preceding_job, think_time, line, error, path HIDDEN)");
  }
  if( rc!=SQLITE_OK ) return rc;
  sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->bHeader = bHeader;
  pNew->db = db;
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int swftabDisconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

static int swftabOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  SwftabCursor *pCur;
  (void)pVtab;
  pCur = sqlite3_malloc64(sizeof(*pCur));
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCursor = &pCur->base;
  return SQLITE_OK;
}

static void headerRowClear(SwftabHeaderRow *pRow){
  sqlite3_free(pRow->zKey);
  sqlite3_free(sqlite3_str_finish(pRow->pVal));
  memset(pRow, 0, sizeof(*pRow));
}

static void swftabReset(SwftabCursor *pCur){
  if( pCur->pIn ) fclose(pCur->pIn);
  pCur->pIn = 0;
  sqlite3_value_free(pCur->pPath);
  pCur->pPath = 0;
  mlpStopClose(&pCur->stop);
  pCur->nRead = 0;
  pCur->eStopped = SWF_STOP_NONE;
  headerRowClear(&pCur->hdr);
  headerRowClear(&pCur->hdrNext);
  pCur->iLine = pCur->iRowid = 0;
  pCur->bEof = 1;
}

static int swftabClose(sqlite3_vtab_cursor *cur){
  SwftabCursor *pCur = (SwftabCursor*)cur;
  swftabReset(pCur);
  sqlite3_free(pCur->zBuf);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* A read that failed midway (an I/O error, the size limit or an
** interrupt, not the end of the file). */
static int readError(sqlite3_vtab_cursor *cur){
  SwftabCursor *pCur = (SwftabCursor*)cur;
  SwftabVtab *pTab = (SwftabVtab*)cur->pVtab;
  const char *zFunc = pTab->bHeader ? "swf_header" : "swf_jobs";
  if( pCur->eStopped==SWF_STOP_ASKED ) return pCur->stop.rc;
  if( pCur->eStopped==SWF_STOP_LIMIT ){
    return mlpVtabErrorf(cur->pVtab, "%s: read error: file larger than the "
                         "limit of %lld bytes (" MLP_FILE_SIZE_HINT ")", zFunc,
                         pCur->nMax);
  }
  return mlpVtabErrorf(cur->pVtab, "%s: read error: %s", zFunc, strerror(errno));
}

/*
** The next byte of the file, or EOF: at its end, on a read error, past
** nMax bytes (eStopped SWF_STOP_LIMIT) or when interrupted (checked every
** 2 MiB; eStopped SWF_STOP_ASKED).
*/
static int nextByte(SwftabCursor *pCur){
  int c;
  if( pCur->eStopped ) return EOF;
  if( pCur->nRead>pCur->nMax ){
    pCur->eStopped = SWF_STOP_LIMIT;
    return EOF;
  }
  if( (pCur->nRead & 0x1fffff)==0x1fffff && mlpStopCheck(&pCur->stop) ){
    pCur->eStopped = SWF_STOP_ASKED;
    return EOF;
  }
  c = getc(pCur->pIn);
  if( c!=EOF ) pCur->nRead++;
  return c;
}

/*
** Read the next line into zBuf (without its newline): SQLITE_ROW (*pbLong
** set when the line was longer than SWF_LINE_MAX: only its head is kept),
** SQLITE_DONE at the end of the file, SQLITE_NOMEM, or SQLITE_IOERR on a
** read error (eStopped set when reading was stopped).
*/
static int readLine(SwftabCursor *pCur, int *pbLong){
  int c;
  *pbLong = 0;
  pCur->nBuf = 0;
  c = nextByte(pCur);
  if( c==EOF ) return ferror(pCur->pIn) || pCur->eStopped ? SQLITE_IOERR : SQLITE_DONE;
  while( c!=EOF && c!='\n' ){
    if( pCur->nBuf>=SWF_LINE_MAX ){
      /* Memory stays bounded: the rest of the line is skipped unseen. */
      *pbLong = 1;
      c = nextByte(pCur);
      continue;
    }
    if( pCur->nBuf+1>=pCur->nAlloc ){
      size_t nNew = pCur->nAlloc*2 + 256;
      char *zNew = sqlite3_realloc64(pCur->zBuf, nNew);
      if( zNew==0 ) return SQLITE_NOMEM;
      pCur->zBuf = zNew;
      pCur->nAlloc = nNew;
    }
    pCur->zBuf[pCur->nBuf++] = (char)c;
    c = nextByte(pCur);
  }
  if( c==EOF && (ferror(pCur->pIn) || pCur->eStopped) ) return SQLITE_IOERR;
  if( pCur->zBuf ) pCur->zBuf[pCur->nBuf] = 0;
  pCur->iLine++;
  return SQLITE_ROW;
}

static int headerNext(SwftabCursor *pCur);

/* swf_jobs: move to the next job line (good or malformed); swf_header: to
** the next header row. */
static int swftabNext(sqlite3_vtab_cursor *cur){
  SwftabCursor *pCur = (SwftabCursor*)cur;
  SwftabVtab *pTab = (SwftabVtab*)cur->pVtab;
  if( pTab->bHeader ) return headerNext(pCur);
  for(;;){
    int bLong;
    int rc = readLine(pCur, &bLong);
    if( rc==SQLITE_NOMEM ) return rc;
    if( rc==SQLITE_IOERR ) return readError(cur);
    if( rc==SQLITE_DONE ){ pCur->bEof = 1; break; }
    pCur->zErr[0] = 0;
    if( bLong ){
      pCur->eKind = SWF_BAD;
      snprintf(pCur->zErr, sizeof(pCur->zErr), "line longer than %d bytes",
               SWF_LINE_MAX);
      break;
    }
    /* A malformed line is a row too (eKind SWF_BAD, its error text). */
    swfParseLine(pCur->zBuf ? pCur->zBuf : "", pCur->nBuf, &pCur->eKind,
                 &pCur->job, pCur->zErr, sizeof(pCur->zErr));
    if( pCur->eKind==SWF_JOB || pCur->eKind==SWF_BAD ) break;
  }
  pCur->iRowid++;
  return SQLITE_OK;
}

/*
** Add the value text z[0..n) of line iLine (a key's or a keyless comment's)
** to the row: a NUL or invalid UTF-8 makes the value NULL and says where
** (the first fault is kept, later lines are then not read into it).
** SQLITE_TOOBIG, after the message, when the value would pass nValMax.
*/
static int headerAppend(SwftabCursor *pCur, SwftabHeaderRow *pRow,
                        const char *z, size_t n, sqlite3_int64 iLine){
  size_t iBad;
  int eBad;
  sqlite3_int64 nNew;
  if( pRow->zErr[0] ) return SQLITE_OK;
  eBad = swfTextCheck(z, n, &iBad);
  if( eBad ){
    /* The offset in the line, as swf_jobs and mlperf_log count it. */
    sqlite3_snprintf(sizeof(pRow->zErr), pRow->zErr, "%s at byte %lld of line %lld",
                     swfTextFaults[eBad], (sqlite3_int64)((z-pCur->zBuf)+iBad), iLine);
    return SQLITE_OK;
  }
  nNew = sqlite3_str_length(pRow->pVal) + (sqlite3_str_length(pRow->pVal)>0) + (sqlite3_int64)n;
  if( nNew>pCur->nValMax ){
    mlpVtabErrorf(pCur->base.pVtab, "swf_header: the value of '%s' (line %lld) "
                  "is too big: more than the limit of %lld bytes (SQLITE_LIMIT_LENGTH)",
                  pRow->zKey, pRow->iLine, pCur->nValMax);
    return SQLITE_TOOBIG;
  }
  if( sqlite3_str_length(pRow->pVal)>0 ) sqlite3_str_appendchar(pRow->pVal, 1, ' ');
  sqlite3_str_append(pRow->pVal, z, (int)n);
  return sqlite3_str_errcode(pRow->pVal) ? SQLITE_NOMEM : SQLITE_OK;
}

/*
** swf_header: the next row into pCur->hdr, reading until the key after it
** or the end of the file (bEof when there is none). Memory: one line and
** two values, whatever the number of header lines.
*/
static int headerNext(SwftabCursor *pCur){
  headerRowClear(&pCur->hdr);
  for(;;){
    const char *zKey, *zVal;
    size_t nKey, nVal;
    SwfJob unused;
    char zErr[8];
    int eKind, bLong, bKey, rc;
    rc = readLine(pCur, &bLong);
    if( rc==SQLITE_NOMEM ) return rc;
    if( rc==SQLITE_IOERR ) return readError(&pCur->base);
    if( rc==SQLITE_DONE ) break;
    if( bLong ) continue;       /* too long to be a header line */
    swfParseLine(pCur->zBuf ? pCur->zBuf : "", pCur->nBuf, &eKind, &unused,
                 zErr, sizeof(zErr));
    if( eKind!=SWF_COMMENT ) continue;
    bKey = swfParseComment(pCur->zBuf, pCur->nBuf, &zKey, &nKey, &zVal, &nVal);
    if( bKey ){
      int bDone = pCur->hdrNext.zKey!=0;
      if( bDone ){
        pCur->hdr = pCur->hdrNext;
        memset(&pCur->hdrNext, 0, sizeof(pCur->hdrNext));
      }
      pCur->hdrNext.zKey = sqlite3_mprintf("%.*s", (int)nKey, zKey);
      pCur->hdrNext.pVal = sqlite3_str_new(0);
      pCur->hdrNext.iLine = pCur->iLine;
      if( pCur->hdrNext.zKey==0 || sqlite3_str_errcode(pCur->hdrNext.pVal) ){
        return SQLITE_NOMEM;
      }
      rc = headerAppend(pCur, &pCur->hdrNext, zVal, nVal, pCur->iLine);
      if( rc ) return rc;
      if( bDone ){
        pCur->iRowid++;
        return SQLITE_OK;
      }
    }else if( pCur->hdrNext.zKey && nVal>0 ){
      rc = headerAppend(pCur, &pCur->hdrNext, zVal, nVal, pCur->iLine);
      if( rc ) return rc;
    }
  }
  pCur->hdr = pCur->hdrNext;
  memset(&pCur->hdrNext, 0, sizeof(pCur->hdrNext));
  pCur->bEof = pCur->hdr.zKey==0;
  if( !pCur->bEof ) pCur->iRowid++;
  return SQLITE_OK;
}

static int swftabFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                     int argc, sqlite3_value **argv){
  SwftabCursor *pCur = (SwftabCursor*)cur;
  SwftabVtab *pTab = (SwftabVtab*)cur->pVtab;
  const char *zFunc = pTab->bHeader ? "swf_header" : "swf_jobs";
  const char *zPath;
  const char *zWhy = 0;
  (void)idxStr;
  swftabReset(pCur);
  if( idxNum==0 || argc<1 ){
    return mlpVtabErrorf(cur->pVtab, "%s: missing argument 'path'", zFunc);
  }
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    return mlpVtabErrorf(cur->pVtab, "%s: path must be text, got '%s'", zFunc,
                         mlpValueText(argv[0]));
  }
  zPath = (const char*)sqlite3_value_text(argv[0]);
  /* A NUL would silently cut the path short: another file would be read. */
  if( zPath && strlen(zPath)!=(size_t)sqlite3_value_bytes(argv[0]) ){
    return mlpVtabErrorf(cur->pVtab, "%s: path must not contain a NUL character",
                         zFunc);
  }
  pCur->pPath = sqlite3_value_dup(argv[0]);
  if( pCur->pPath==0 ) return SQLITE_NOMEM;
  pCur->pIn = fileOpenRegular(zPath, &zWhy);
  if( pCur->pIn==0 ){
    return mlpVtabErrorf(cur->pVtab, "%s: cannot open '%s': %s", zFunc, zPath,
                         zWhy);
  }
  /* Bytes read are counted (nextByte); a size beyond the limit fails at
  ** once, so that a sparse terabyte costs nothing. */
  mlpStopOpen(pTab->db, &pCur->stop);
  pCur->nMax = mlpLimit(pTab->db, MLP_LIMIT_FILE_SIZE);
  {
    struct stat st;
    if( fstat(fileno(pCur->pIn), &st)==0 && (sqlite3_int64)st.st_size>pCur->nMax ){
      return mlpVtabErrorf(cur->pVtab, "%s: cannot open '%s': file larger than "
                           "the limit of %lld bytes (" MLP_FILE_SIZE_HINT ")",
                           zFunc, zPath, pCur->nMax);
    }
  }
  pCur->bEof = 0;
  pCur->nValMax = sqlite3_limit(pTab->db, SQLITE_LIMIT_LENGTH, -1);
  if( pTab->bHeader ) return headerNext(pCur);
  return swftabNext(cur);
}

static int swftabEof(sqlite3_vtab_cursor *cur){
  return ((SwftabCursor*)cur)->bEof;
}

static int swftabColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  SwftabCursor *pCur = (SwftabCursor*)cur;
  SwftabVtab *pTab = (SwftabVtab*)cur->pVtab;
  if( pTab->bHeader ){
    const SwftabHeaderRow *pRow = &pCur->hdr;
    switch( i ){
      case SWFH_COL_KEY:
        sqlite3_result_text(ctx, pRow->zKey, -1, SQLITE_TRANSIENT);
        break;
      case SWFH_COL_VALUE:
        if( pRow->zErr[0]==0 ){
          const char *zVal = sqlite3_str_value(pRow->pVal);
          sqlite3_result_text(ctx, zVal ? zVal : "", sqlite3_str_length(pRow->pVal),
                              SQLITE_TRANSIENT);
        }
        break;
      case SWFH_COL_LINE:
        sqlite3_result_int64(ctx, pRow->iLine);
        break;
      case SWFH_COL_ERROR:
        if( pRow->zErr[0] ) sqlite3_result_text(ctx, pRow->zErr, -1, SQLITE_TRANSIENT);
        break;
      case SWFH_COL_PATH:
        sqlite3_result_value(ctx, pCur->pPath);
        break;
      default: break;
    }
    return SQLITE_OK;
  }
  if( i<SWF_NFIELD ){
    if( pCur->eKind!=SWF_JOB ) return SQLITE_OK;
    switch( pCur->job.aType[i] ){
      case 1: sqlite3_result_int64(ctx, pCur->job.aInt[i]); break;
      case 2: sqlite3_result_double(ctx, pCur->job.aReal[i]); break;
      default: break;
    }
  }else if( i==SWF_COL_LINE ){
    sqlite3_result_int64(ctx, pCur->iLine);
  }else if( i==SWF_COL_ERROR ){
    if( pCur->eKind==SWF_BAD ) sqlite3_result_text(ctx, pCur->zErr, -1, SQLITE_TRANSIENT);
  }else if( i==SWF_COL_PATH ){
    sqlite3_result_value(ctx, pCur->pPath);
  }
  return SQLITE_OK;
}

static int swftabRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *pRowid){
  *pRowid = ((SwftabCursor*)cur)->iRowid;
  return SQLITE_OK;
}

/* The one argument, the hidden path column, is required (idxNum 1 when
** given; xFilter reports it missing). */
static int swftabBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  SwftabVtab *pTab = (SwftabVtab*)pVtab;
  return mlpBestIndexArgs(pInfo, pTab->bHeader ? SWFH_COL_PATH : SWF_COL_PATH, 1, 1);
}

static sqlite3_module swftabModule = {
  0,                  /* iVersion */
  0,                  /* xCreate: eponymous only */
  swftabConnect,         /* xConnect */
  swftabBestIndex,       /* xBestIndex */
  swftabDisconnect,      /* xDisconnect */
  0,                  /* xDestroy */
  swftabOpen,            /* xOpen */
  swftabClose,           /* xClose */
  swftabFilter,          /* xFilter */
  swftabNext,            /* xNext */
  swftabEof,             /* xEof */
  swftabColumn,          /* xColumn */
  swftabRowid,           /* xRowid */
  0,                  /* xUpdate */
  0,                  /* xBegin */
  0,                  /* xSync */
  0,                  /* xCommit */
  0,                  /* xRollback */
  0,                  /* xFindFunction */
  0,                  /* xRename */
  0,                  /* xSavepoint */
  0,                  /* xRelease */
  0,                  /* xRollbackTo */
  0                   /* xShadowName */
};

int mlpSwfInit(sqlite3 *db){
  static int bHeader = 1;
  int rc = sqlite3_create_module(db, "swf_jobs", &swftabModule, 0);
  if( rc==SQLITE_OK ) rc = sqlite3_create_module(db, "swf_header", &swftabModule, &bHeader);
  return rc;
}
