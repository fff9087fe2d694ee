/*
** mlperf_sql.c: MLPerf Training results as tables (the reading itself is
** the cores' of ext/mlperf/: reader.c, line.c, verdict.c, converge.c and
** energy.c for a log, tree.c for the tree, systems.c for a systems file).
** The reference (columns, the rules of each round, every error, examples
** with their output) is docs/mlperf.md.
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
#include "mlperf/converge.h"
#include "mlperf/energy.h"
#include "mlperf/hash.h"
#include "mlperf/reader.h"
#include "mlperf/systems.h"
#include "mlperf/tree.h"
#include "mlperf/verdict.h"
#include "mlperf/rules.h"
#include "base/lanes.h"
#include <limits.h>
#include <math.h>
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------------------------------------------------------------- */
/* Roots                                                                  */

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

/* A cursor's stop as the tree walker asks it (tree.h). */
static TreeStop cursorStop(MlpStop *pStop){
  TreeStop s;
  s.xStop = mlpStopCheck;
  s.pArg = pStop;
  return s;
}

/* A walk's SQLITE_INTERRUPT as the stop's own code (SQLITE_NOMEM when a
** tick failed). */
static int stopCode(int rc, const MlpStop *pStop){
  return rc==SQLITE_INTERRUPT && pStop->rc!=SQLITE_OK ? pStop->rc : rc;
}

/* rc of the walk of root zRoot by zFunc, with a message for SQLITE_IOERR:
** a folder could not be opened for want of file descriptors (tree.h). */
static int listError(sqlite3_vtab *pVtab, const char *zFunc,
                     const char *zRoot, int rc){
  if( rc!=SQLITE_IOERR ) return rc;
  return mlpVtabErrorf(pVtab, "%s: cannot list the folders of '%s': too many "
                       "open files", zFunc, zRoot);
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
** and exact (below 2^53; they always are in practice), else real. */
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

/* RunResult.eEnergy */
#define RUNS_ENERGY_UNKNOWN 0  /* no power logs, or they cannot be used */
#define RUNS_ENERGY_KNOWN   1  /* rEnergy holds the joules */
#define RUNS_ENERGY_LATER   2  /* a worker lane left it to the caller's
                               ** (mllogEnergyRead's SQLITE_FULL) */

/* What reading one log gives: computed on any lane (no SQLite call). */
typedef struct RunResult RunResult;
struct RunResult {
  int eProcess;              /* the process ran out of file descriptors or
                             ** memory opening the log: an errno, else 0 */
  int bProcessPower;         /* ... opening its power logs */
  int bUnreadable;           /* the log could not be read */
  int bConverged;
  char zReason[128];
  MllogFingerprint fp;       /* of every line, when the scan reads
                             ** log_hash (RunsCursor.bHash) */
  MllogRun run;
  MllogConv conv;            /* what the round's rcp_checker reads */
  int eEnergy;               /* RUNS_ENERGY_* */
  double rEnergy;
};

/* What one lane reads with: a reader whose buffer serves every log the
** lane reads, power logs included, and the energy's memory. */
typedef struct RunsLane RunsLane;
struct RunsLane {
  MllogReader rd;
  int bOpen;                 /* rd has been opened */
  MllogEnergyScratch energy;
  MllogJsonShapes shapes;    /* of the lines this lane parsed last */
};

/* Room for the entries of a power folder on a worker lane, which cannot
** allocate: a folder with more is read on the caller's lane. The largest
** published folder (v4.0) holds 74. */
#define RUNS_LANE_POWER_FILES 1024
#define RUNS_LANE_POWER_TEXT  (64*1024)

typedef struct RunsCursor RunsCursor;
struct RunsCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  char *zRoot;
  char *zRootReal;           /* its real path (realRoot) */
  int iFailOpen;             /* testing aid: log iFailOpen (1-based) fails to
                             ** open with EMFILE (MLPSCALE_TEST_FAIL_OPEN) */
  int iRuleset;              /* rulesFind() of the rules applied */
  int bHash;                 /* the statement reads log_hash: fingerprint
                             ** every log (else no line is hashed) */
  TreeRun *aFile;
  int nFile, nAlloc;
  int iFile;                 /* current row: aFile[iFile] */
  RunResult res;             /* its log, read */
  RunsLane lane0;            /* the caller's lane */
  MlpStop stop;              /* sqlite3_interrupt() while reading */
  Lanes *pLanes;             /* the logs are read by lanes (ext/base/lanes.h) */
  RunsLane *aLane;           /* one per worker lane */
  int nLane;
};

static void runsFreeFiles(RunsCursor *pCur){
  treeRunsFree(pCur->aFile, pCur->nFile);
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

static void runsLaneFree(RunsLane *p){
  if( p->bOpen ) mllogReaderClose(&p->rd);
  p->bOpen = 0;
  mllogEnergyFree(&p->energy);
}

/* Stop the worker lanes and free their memory. */
static void runsStopLanes(RunsCursor *pCur){
  int i;
  lanesClose(pCur->pLanes);
  pCur->pLanes = 0;
  for(i=0; i<pCur->nLane; i++) runsLaneFree(&pCur->aLane[i]);
  sqlite3_free(pCur->aLane);
  pCur->aLane = 0;
  pCur->nLane = 0;
}

static int runsClose(sqlite3_vtab_cursor *cur){
  RunsCursor *pCur = (RunsCursor*)cur;
  runsStopLanes(pCur);
  runsLaneFree(&pCur->lane0);
  mlpStopClose(&pCur->stop);
  runsFreeFiles(pCur);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Every <submitter>/results/<system>/<benchmark>/result_*.txt, sorted. */
static int runsList(RunsCursor *pCur){
  TreeStop stop = cursorStop(&pCur->stop);
  int bHpc = rulesAt(pCur->iRuleset)->eSuite!=RULES_SUITE_TRAINING;
  int rc = treeListRuns(pCur->zRoot, pCur->zRootReal, bHpc, &stop,
                        &pCur->aFile, &pCur->nFile, &pCur->nAlloc);
  return listError(pCur->base.pVtab, "mlperf_runs", pCur->zRoot,
                   stopCode(rc, &pCur->stop));
}

/* xStop of a worker lane's reader and walks. */
static int runsLaneStop(void *pArg){
  return lanesStopped(((RunsCursor*)pArg)->pLanes);
}

/*
** The energy of run f, whose log was read into pRes, from its power logs
** (mllogEnergyRead), read on lane iLane (0: the caller's): unknown without
** a node log or when one cannot be read or used; on a worker lane, which
** allocates nothing, left to the caller's (RUNS_ENERGY_LATER) when it needs
** memory. SQLITE_OK, SQLITE_NOMEM, SQLITE_INTERRUPT, or SQLITE_IOERR
** with pRes->eProcess when the process ran out of file descriptors.
*/
static int runsEnergy(RunsCursor *pCur, int iLane, const TreeRun *f,
                      RunResult *pRes){
  RunsLane *pLane = iLane==0 ? &pCur->lane0 : &pCur->aLane[iLane-1];
  TreeStop stop;
  int bKnown = 0, rc;
  if( iLane==0 ){
    stop = cursorStop(&pCur->stop);
  }else{
    stop.xStop = runsLaneStop;
    stop.pArg = pCur;
  }
  rc = mllogEnergyRead(&pLane->rd, &pLane->energy, iLane==0, pCur->zRootReal,
                       f->zPath, f->zRun,
                       pRes->run.rRunStop - pRes->run.rRunStart, &stop,
                       &bKnown, &pRes->rEnergy);
  if( rc==SQLITE_FULL ){
    pRes->eEnergy = RUNS_ENERGY_LATER;
    return SQLITE_OK;
  }
  if( rc==SQLITE_IOERR ){
    pRes->eProcess = pLane->rd.eErrno;
    pRes->bProcessPower = 1;
  }
  pRes->eEnergy = bKnown ? RUNS_ENERGY_KNOWN : RUNS_ENERGY_UNKNOWN;
  return rc;
}

/*
** Read log aFile[iItem] on lane iLane (0: the caller's thread; its reader
** set up by runsStartLanes), apply the rules of the scan's ruleset, and
** read the run's energy. Runs on any lane: no SQLite call but memory-free
** ones. Returns SQLITE_OK (an unreadable log is a result too),
** SQLITE_NOMEM, SQLITE_INTERRUPT, or SQLITE_IOERR (pRes->eProcess) when
** the process ran out of file descriptors opening the log or its power
** logs.
*/
static int runsParse(RunsCursor *pCur, int iLane, int iItem,
                     RunResult *pRes){
  const TreeRun *f = &pCur->aFile[iItem];
  RunsLane *pLane = iLane==0 ? &pCur->lane0 : &pCur->aLane[iLane-1];
  MllogReader *rd = &pLane->rd;
  int iRuleset = pCur->iRuleset;
  int bHash = pCur->bHash;
  int bFailOpen = iItem+1==pCur->iFailOpen;
  MllogLine line;
  int rc;
  /* MLPerf HPC's scores are reproduced with Python's json (NaN is a
  ** number there); Training's reading is kept strict (docs/mlperf.md). */
  int bPyJson = rulesAt(iRuleset)->eSuite==RULES_SUITE_HPC
             || rulesAt(iRuleset)->eSuite==RULES_SUITE_HPC_UNCHECKED;
  mllogRunInit(&pRes->run, f->zBench, iRuleset);
  mllogConvInit(&pRes->conv, f->zBench, iRuleset);
  pRes->bUnreadable = 0;
  pRes->bConverged = 0;
  pRes->zReason[0] = 0;
  pRes->eProcess = 0;
  pRes->bProcessPower = 0;
  pRes->eEnergy = RUNS_ENERGY_UNKNOWN;
  mllogFingerprintInit(&pRes->fp);
  /* Placed inside the root here, on the lanes: on the caller's thread,
  ** before the lanes start, realpath() took a seventh of a scan of the
  ** v4.1 tree. */
  rc = mllogReaderReopenIn(rd, pCur->zRootReal, f->bDirInside,
                           bFailOpen ? 0 : f->zPath);
  if( rc==SQLITE_IOERR && rd->eErrno==MLLOG_EOUTSIDE ){
    pRes->bUnreadable = 1;
    snprintf(pRes->zReason, sizeof(pRes->zReason), "outside_root");
    return SQLITE_OK;
  }
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
                            : mllogParseLineWith(z, n, &line, &pLane->shapes);
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
  if( rc==SQLITE_IOERR && mllogReaderOutOfResources(rd) ){
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
  if( f->bPower && pRes->run.nRunStart && pRes->run.nRunStop ){
    return runsEnergy(pCur, iLane, f, pRes);
  }
  return SQLITE_OK;
}

/*
** A test hook (tests/hooks.test), in test builds only (MLPSCALE_TEST_HOOKS):
** the environment variable MLPSCALE_TEST_FAIL_OPEN=N makes the N-th log of
** each mlperf_runs scan (1-based, in row order) fail to open as when the
** process is out of file descriptors, on whichever lane reads it. Read
** when a scan starts, on the caller's thread; 0 when unset or not a
** positive integer, and always 0 in other builds.
*/
#if MLPSCALE_TEST_HOOKS
static int testFailOpen(void){
  const char *z = getenv("MLPSCALE_TEST_FAIL_OPEN");
  long v;
  char *zEnd;
  if( z==0 || z[0]==0 ) return 0;
  v = strtol(z, &zEnd, 10);
  return *zEnd==0 && v>0 && v<INT_MAX ? (int)v : 0;
}
#else
# define testFailOpen() 0
#endif

/* xWork of the lanes: log iItem on lane iLane (0: the caller's thread). */
static int runsWork(void *pCtx, int iLane, int iItem, void *pOut){
  return runsParse((RunsCursor*)pCtx, iLane, iItem, (RunResult*)pOut);
}

/*
** Set up the readers and start the lanes that read the nFile logs:
** mlpscale_limit 'threads' lanes in all, the caller's thread included.
*/
static int runsStartLanes(RunsCursor *pCur){
  sqlite3 *db = ((MlperfVtab*)pCur->base.pVtab)->db;
  int nWorker = (int)mlpLimit(db, MLP_LIMIT_THREADS) - 1;
  int i, rc;
  MllogReader *rd0 = &pCur->lane0.rd;
  if( !pCur->lane0.bOpen ){
    rc = mllogReaderOpen(rd0, 0, 0);
    pCur->lane0.bOpen = 1;
    if( rc!=SQLITE_OK ) return rc;
    rd0->bNoLines = 1;
    readerGuard(pCur->base.pVtab, rd0, &pCur->stop);
  }
  mllogReaderSetMll(rd0, rulesLogMll(pCur->iRuleset));
  if( nWorker>pCur->nFile-1 ) nWorker = pCur->nFile-1;
  if( nWorker>0 ){
    pCur->aLane = sqlite3_malloc64(sizeof(RunsLane)*(sqlite3_uint64)nWorker);
    if( pCur->aLane==0 ) return SQLITE_NOMEM;
    memset(pCur->aLane, 0, sizeof(RunsLane)*(size_t)nWorker);
    pCur->nLane = nWorker;
    for(i=0; i<nWorker; i++){
      RunsLane *pLane = &pCur->aLane[i];
      MllogReader *rd = &pLane->rd;
      rc = mllogReaderOpen(rd, 0, 0);
      pLane->bOpen = 1;
      if( rc==SQLITE_OK ){
        rc = treeNamesReserve(&pLane->energy.names, RUNS_LANE_POWER_FILES,
                              RUNS_LANE_POWER_TEXT);
      }
      if( rc!=SQLITE_OK ) return rc;
      rd->bNoLines = 1;
      mllogReaderSetMll(rd, rd0->bMll);
      rd->nMaxBytes = rd0->nMaxBytes;
      rd->zLimitName = rd0->zLimitName;
      rd->xStop = runsLaneStop;
      rd->pStopArg = pCur;
    }
  }
  /* 16 result slots per lane (18 KB each): logs differ in size a
  ** hundredfold, and while the caller's thread reads a long log ahead it
  ** takes no result, so a worker that fills the ring waits; a larger ring
  ** leaves the CPU's cache. Over every Training round with 2 lanes (1.7
  ** s), the lanes waited 0.002 s in all; 64 slots per lane cost 2.5% more
  ** wall time and 3% more CPU (paired, 9 rounds), 4 no less than 16. */
  return lanesOpen(&pCur->pLanes, pCur->nFile, nWorker, sizeof(RunResult),
                   16*(nWorker+1), runsWork, pCur);
}

/* Take log aFile[iFile] from the lanes (its energy, when a worker lane
** left it, read here). */
static int runsRead(RunsCursor *pCur){
  const TreeRun *f = &pCur->aFile[pCur->iFile];
  int rc = lanesNext(pCur->pLanes, pCur->iFile, &pCur->res,
                     mlpStopCheck, &pCur->stop);
  if( rc==SQLITE_OK && pCur->res.eEnergy==RUNS_ENERGY_LATER ){
    rc = runsEnergy(pCur, 0, f, &pCur->res);
  }
  if( rc==SQLITE_IOERR ){
    return mlpVtabErrorf(pCur->base.pVtab, "mlperf_runs: cannot open %s'%s': %s",
                         pCur->res.bProcessPower ? "the power logs of " : "",
                         f->zPath, strerror(pCur->res.eProcess));
  }
  return stopCode(rc, &pCur->stop);
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
  for(i=0; i<rulesCount(); i++){
    sqlite3_str_appendf(pStr, "%s%s", i ? ", " : "", rulesAt(i)->zName);
  }
  return sqlite3_str_finish(pStr);
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
    pCur->iRuleset = rulesFind(zName);
    if( pCur->iRuleset>=0 ) return SQLITE_OK;
    zList = rulesetList();
    if( zList==0 ) return SQLITE_NOMEM;
    rc = mlpVtabErrorf(pVtab, "mlperf_runs: unknown ruleset '%s' (known: %s)",
                       zName, zList);
    sqlite3_free(zList);
    return rc;
  }
  treeRoundOf(pCur->zRoot, zDetected, sizeof(zDetected), &eSuite);
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
                       rulesAt(rulesNewestTraining())->zName, zList);
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
  TreeRun *f = &pCur->aFile[pCur->iFile];
  MllogRun *r = &pCur->res.run;
  switch( i ){
    case RUNS_SUBMITTER: resultText(ctx, f->zSubmitter); return SQLITE_OK;
    case RUNS_SYSTEM:    resultText(ctx, f->zSystem); return SQLITE_OK;
    case RUNS_BENCHMARK:
      resultText(ctx, rulesBenchName(pCur->iRuleset, f->zBench));
      return SQLITE_OK;
    case RUNS_RUN:       resultText(ctx, f->zRun); return SQLITE_OK;
    case RUNS_PATH:      resultText(ctx, f->zPath); return SQLITE_OK;
    case RUNS_ROOT:      resultText(ctx, pCur->zRoot); return SQLITE_OK;
    case RUNS_RULESET:
      resultText(ctx, rulesAt(pCur->iRuleset)->zName);
      return SQLITE_OK;
    case RUNS_MAX_DROPPED:
      sqlite3_result_int(ctx, rulesMaxDropped(f->zBench, pCur->iRuleset));
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
      if( pCur->res.eEnergy==RUNS_ENERGY_KNOWN ){
        sqlite3_result_double(ctx, pCur->res.rEnergy);
      }
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

typedef struct SysCursor SysCursor;
struct SysCursor {
  sqlite3_vtab_cursor base;  /* must be first */
  char *zRoot;
  char *zRootReal;           /* its real path (realRoot) */
  TreeSystem *aFile;
  int nFile, nAlloc;
  int iFile;
  SystemsRow row;            /* the current row: aFile[iFile], read */
  MlpStop stop;              /* sqlite3_interrupt() while walking the tree */
};

static void sysFreeFiles(SysCursor *pCur){
  treeSystemsFree(pCur->aFile, pCur->nFile);
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
  systemsRowClear(&pCur->row);
  sysFreeFiles(pCur);
  mlpStopClose(&pCur->stop);
  sqlite3_free(pCur->zRoot);
  sqlite3_free(pCur->zRootReal);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/* Read the current file. */
static int sysRead(SysCursor *pCur){
  const TreeSystem *f = &pCur->aFile[pCur->iFile];
  return systemsRead(&pCur->row, f->zPath, f->bOutside);
}

/* Every <submitter>/systems/<system>.json, sorted. */
static int sysList(SysCursor *pCur){
  TreeStop stop = cursorStop(&pCur->stop);
  int rc = treeListSystems(pCur->zRoot, pCur->zRootReal, &stop,
                           &pCur->aFile, &pCur->nFile, &pCur->nAlloc);
  return listError(pCur->base.pVtab, "mlperf_systems", pCur->zRoot,
                   stopCode(rc, &pCur->stop));
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
  systemsRowClear(&pCur->row);
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
  if( pCur->row.bValid && mllogJsonMember(&pCur->row.obj, zField, &v) && v.z[0]=='"' ){
    resultJsonText(ctx, &v);
  }
}

static int sysColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  SysCursor *pCur = (SysCursor*)cur;
  TreeSystem *f = &pCur->aFile[pCur->iFile];
  switch( i ){
    case SYS_SUBMITTER: resultText(ctx, f->zSubmitter); break;
    case SYS_SYSTEM:    resultText(ctx, f->zSystem); break;
    case SYS_DIVISION:  sysResultString(pCur, ctx, "division"); break;
    case SYS_AVAILABILITY:
      if( pCur->row.zAvailability ){
        sqlite3_result_text(ctx, pCur->row.zAvailability, -1, SQLITE_STATIC);
      }
      break;
    case SYS_NODES:
      if( pCur->row.bNodes ) sqlite3_result_int64(ctx, pCur->row.iNodes);
      break;
    case SYS_PER_NODE:
      if( pCur->row.bPerNode ) sqlite3_result_int64(ctx, pCur->row.iPerNode);
      break;
    case SYS_ACCELERATORS:
      if( pCur->row.bNodes && pCur->row.bPerNode ){
        sqlite3_result_int64(ctx, pCur->row.iNodes*pCur->row.iPerNode);
      }
      break;
    case SYS_ACCEL_MODEL:
      if( pCur->row.zAccel[0] ){
        sqlite3_result_text(ctx, pCur->row.zAccel, -1, SQLITE_TRANSIENT);
      }else{
        sysResultString(pCur, ctx, "accelerator_model_name");
      }
      break;
    case SYS_HOST_MODEL:  sysResultString(pCur, ctx, "host_processor_model_name"); break;
    case SYS_FRAMEWORK:   sysResultString(pCur, ctx, "framework"); break;
    case SYS_JSON:
      if( pCur->row.zJson ){
        sqlite3_result_text64(ctx, pCur->row.zJson, pCur->row.nJson, SQLITE_TRANSIENT,
                              SQLITE_UTF8);
      }
      break;
    case SYS_ERROR:
      if( pCur->row.zError ) resultText(ctx, pCur->row.zError);
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
  RulesRow info;        /* of rule iRule */
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
  pCur->bEof = !rulesRowGet(pCur->iRule, &pCur->info);
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
  pCur->bEof = !rulesRowGet(0, &pCur->info);
  return SQLITE_OK;
}

/* From rulesRowGet's answer: counting the rules walks them all, and
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
  RulesRow *p = &((RulesCursor*)cur)->info;
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
