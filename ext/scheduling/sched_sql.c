/*
** sched_sql.c: gpu_schedule(), a table-valued function that simulates a
** GPU cluster running a set of jobs (the simulator is ext/scheduling/pool.c). The
** reference (options, conservative backfilling, exactness, every error) is
** docs/scheduling.md.
**
**   gpu_schedule(jobs, cluster [, options])
**   CREATE TABLE x(id, gpus, runtime, submit, start, finish, wait, nodes,
**                  jobs HIDDEN, cluster_gpus HIDDEN, options HIDDEN,
**                  placement HIDDEN, frag HIDDEN);
**
** cluster is a GPU count (the simulator ext/scheduling/pool.c) or a node table, a
** table name or one read-only SELECT with columns node, gpus [, model,
** cpu_milli, memory_mib] (the simulator ext/scheduling/nodetable.c: jobs may then
** have gpu_milli, gpu_model, cpu_milli, memory_mib; option placement).
**
** DIRECTONLY: it runs the SQL text it is given (read-only statements
** only), and SQL prepared here counts as a direct query, so from a view or
** trigger of a hostile schema it could reach file readers such as swf_jobs.
**
**   SELECT id, start, finish FROM gpu_schedule(
**     'SELECT 1 AS id, 8 AS gpus, 10 AS runtime
**      UNION ALL SELECT 2, 4, 5 UNION ALL SELECT 3, 4, 5', 8);
**   -- 1|0|10    2|10|15    3|10|15
**
**   SELECT id, placement FROM gpu_schedule(
**     'SELECT 1 AS id, 1 AS gpus, 5 AS runtime, 500 AS gpu_milli',
**     'SELECT 7 AS node, 2 AS gpus', '{"placement":"worst_fit"}');
**   -- 1|[[7,0]]
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "scheduling/pool.h"
#include "scheduling/nodetable.h"
#include "base/stats.h"
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define FUNC "gpu_schedule"

typedef struct GpuschedVtab GpuschedVtab;
struct GpuschedVtab {
  sqlite3_vtab base;
  sqlite3 *db;
};

typedef struct GpuschedCursor GpuschedCursor;
struct GpuschedCursor {
  sqlite3_vtab_cursor base;
  int nJob;
  int nRow;                  /* rows read from jobs (alternatives) */
  sqlite3_value **apId;      /* per job: its id */
  SchedJob *aJob;
  SchedAlt *aAlt;
  SchedResult *aRes;
  int *aNode;
  int *aOut;                 /* job indexes in dispatch order */
  int iOut;                  /* current output row */
  int bInt;                  /* every submit and runtime was an integer,
                             ** and every time stays within +-2^53 */
  int bNodes;                /* gpus_per_node was given */
  MlpStop stop;              /* sqlite3_interrupt() during poolRun */
  sqlite3_value *apArg[3];   /* the arguments given (hidden columns SCHED_JOBS,
                             ** SCHED_CLUSTER_GPUS, SCHED_OPTIONS), or 0 */
  /* Node mode (a node-table cluster): */
  int bNodeMode;
  int nNode;
  GcNode *aClNode;           /* the cluster, by ascending id */
  int nModel;                /* distinct node models */
  char **azModel;            /* their names as keys (modelKey), sorted (keyCmp) */
  int nModels;               /* distinct job model lists */
  unsigned char *aAllowed;   /* nModels rows of nModel */
  GcNeed *aNeed;             /* per job */
  sqlite3_value **apModel;   /* per job: its gpu_model (first row), or 0 */
  int *aAltMilli;            /* per alternative: gpu_milli */
  double *aFrag;             /* per job: fragmentation accrued */
  int *aPair;                /* nodesRun's (node index, gpu) pairs */
};

/* Integers up to 2^53 are exact as doubles: the bound of GPU counts and of
** integer times. */
#define SCHED_MAX_EXACT ((sqlite3_int64)1<<53)

/* Column numbers. */
#define SCHED_ID            0
#define SCHED_GPUS          1
#define SCHED_RUNTIME       2
#define SCHED_SUBMIT        3
#define SCHED_START         4
#define SCHED_FINISH        5
#define SCHED_WAIT          6
#define SCHED_NODES         7
#define SCHED_JOBS          8
#define SCHED_CLUSTER_GPUS  9
#define SCHED_OPTIONS      10
#define SCHED_PLACEMENT    11
#define SCHED_FRAG         12

/* Options as parsed. */
typedef struct GpuschedOptions GpuschedOptions;
struct GpuschedOptions {
  int eOrder;
  int bDesc;                 /* SCHED_ORDER_COLUMN: descending */
  char *zOrderCol;           /* SCHED_ORDER_COLUMN: the column name */
  int eBackfill;
  int eMoldable;
  sqlite3_int64 gpusPerNode; /* 0 when not given */
  int ePlacement;            /* GC_*_FIT, or -1 when not given */
};

/* In the order of SCHED_ORDER_* (SCHED_ORDER_COLUMN: any other text). */
static const char *const azOrder[] = {
  "submit", "shortest", "longest", "fewest_gpus", "most_gpus", "largest_area", 0
};

static int gpuschedConnect(sqlite3 *db, void *pAux, int argc,
                        const char *const *argv, sqlite3_vtab **ppVtab,
                        char **pzErr){
  GpuschedVtab *pNew;
  int rc;
  (void)pAux; (void)argc; (void)argv; (void)pzErr;
  rc = sqlite3_declare_vtab(db,
      "CREATE TABLE x(id, gpus, runtime, submit, start, finish, wait, nodes,"
      " jobs HIDDEN, cluster_gpus HIDDEN, options HIDDEN,"
      " placement HIDDEN, frag HIDDEN)");
  if( rc!=SQLITE_OK ) return rc;
  /* It runs the SQL it is given, and SQL prepared here counts as a direct
  ** query: from a view or trigger it could read files through swf_jobs. */
  sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  pNew = sqlite3_malloc64(sizeof(*pNew));
  if( pNew==0 ) return SQLITE_NOMEM;
  memset(pNew, 0, sizeof(*pNew));
  pNew->db = db;
  *ppVtab = &pNew->base;
  return SQLITE_OK;
}

static int gpuschedDisconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

static int gpuschedOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  GpuschedCursor *pCur;
  (void)pVtab;
  pCur = sqlite3_malloc64(sizeof(*pCur));
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCursor = &pCur->base;
  return SQLITE_OK;
}

static void gpuschedReset(GpuschedCursor *pCur){
  int i;
  for(i=0; i<pCur->nJob; i++) sqlite3_value_free(pCur->apId[i]);
  sqlite3_free(pCur->apId);
  sqlite3_free(pCur->aJob);
  sqlite3_free(pCur->aAlt);
  sqlite3_free(pCur->aRes);
  sqlite3_free(pCur->aNode);
  sqlite3_free(pCur->aOut);
  for(i=0; i<3; i++) sqlite3_value_free(pCur->apArg[i]);
  for(i=0; i<pCur->nModel; i++) sqlite3_free(pCur->azModel[i]);
  if( pCur->apModel ){
    for(i=0; i<pCur->nJob; i++) sqlite3_value_free(pCur->apModel[i]);
  }
  sqlite3_free(pCur->aClNode);
  sqlite3_free(pCur->azModel);
  sqlite3_free(pCur->aAllowed);
  sqlite3_free(pCur->aNeed);
  sqlite3_free(pCur->apModel);
  sqlite3_free(pCur->aAltMilli);
  sqlite3_free(pCur->aFrag);
  sqlite3_free(pCur->aPair);
  memset(&pCur->nJob, 0, sizeof(*pCur)-offsetof(GpuschedCursor, nJob));
}

static int gpuschedClose(sqlite3_vtab_cursor *cur){
  gpuschedReset((GpuschedCursor*)cur);
  sqlite3_free(cur);
  return SQLITE_OK;
}

/* ------------------------------------------------------------- options */

/* One key of the options object (MlpOptionFunc). Errors quote the value
** as svg_plot and kmeans do (mlpOptText: JSON true, false, null by name). */
static int gpuschedOption(void *pArg, const char *zKey, const char *zType,
                       sqlite3_value *pVal, char **pzErr){
  /* In the order of SCHED_BACKFILL_* and SCHED_MOLDABLE_*. */
  static const char *const azBackfill[] = { "none", "easy", "conservative", "greedy", 0 };
  static const char *const azMoldable[] = { "earliest_finish", "fastest", 0 };
  /* In the order of GC_*_FIT. */
  static const char *const azPlacement[] = { "first_fit", "best_fit", "worst_fit", 0 };
  GpuschedOptions *pOpt = (GpuschedOptions*)pArg;
  if( strcmp(zKey, "order")==0 ){
    const char *zVal = strcmp(zType, "text")==0
                     ? (const char*)sqlite3_value_text(pVal) : 0;
    size_t n;
    const char *zEnd;
    int e = mlpOptIndex(zType, pVal, azOrder);
    if( e>=0 ){
      pOpt->eOrder = e;
      return SQLITE_OK;
    }
    if( zVal ){
      /* "<column> [asc|desc]" */
      while( *zVal==' ' ) zVal++;
      n = strlen(zVal);
      while( n>0 && zVal[n-1]==' ' ) n--;
      zEnd = zVal+n;
      pOpt->bDesc = 0;
      if( n>4 && sqlite3_strnicmp(zEnd-4, " asc", 4)==0 ){
        n -= 4;
      }else if( n>5 && sqlite3_strnicmp(zEnd-5, " desc", 5)==0 ){
        n -= 5;
        pOpt->bDesc = 1;
      }
      while( n>0 && zVal[n-1]==' ' ) n--;
      if( n>0 && memchr(zVal, ' ', n)==0 ){
        sqlite3_free(pOpt->zOrderCol);
        pOpt->zOrderCol = sqlite3_mprintf("%.*s", (int)n, zVal);
        if( pOpt->zOrderCol==0 ) return SQLITE_NOMEM;
        pOpt->eOrder = SCHED_ORDER_COLUMN;
        return SQLITE_OK;
      }
    }
    return mlpOptError(pzErr, FUNC, zKey, "'submit', 'shortest', 'longest', "
        "'fewest_gpus', 'most_gpus', 'largest_area' or '<column> asc|desc'",
        mlpOptText(zType, pVal));
  }
  if( strcmp(zKey, "backfill")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azBackfill, &pOpt->eBackfill, pzErr);
  }
  if( strcmp(zKey, "moldable")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azMoldable, &pOpt->eMoldable, pzErr);
  }
  if( strcmp(zKey, "placement")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azPlacement, &pOpt->ePlacement, pzErr);
  }
  if( strcmp(zKey, "gpus_per_node")==0 ){
    return mlpOptInt(FUNC, zKey, zType, pVal, 1, MLP_LARGEST_INT64,
                     &pOpt->gpusPerNode, pzErr);
  }
  return SQLITE_NOTFOUND;
}

/* ------------------------------------------------------- reading the jobs */

/* Total order on ids and order values: NULL < numbers < text < blob. */
static int valueClass(sqlite3_value *p){
  switch( sqlite3_value_type(p) ){
    case SQLITE_NULL: return 0;
    case SQLITE_INTEGER: case SQLITE_FLOAT: return 1;
    case SQLITE_TEXT: return 2;
    default: return 3;
  }
}

/*
** An integer against a real, exactly, as SQLite compares them (so that
** 9007199254740993 and 9007199254740992.0 are two ids, as in SQL).
*/
static int intRealCompare(sqlite3_int64 i, double r){
  sqlite3_int64 y;
  double s;
  if( !statsFitsInt64(r) ) return r<0.0 ? 1 : -1;
  y = (sqlite3_int64)r;
  if( i<y ) return -1;
  if( i>y ) return 1;
  s = (double)i;
  return s<r ? -1 : s>r ? 1 : 0;
}

static int valueCompare(sqlite3_value *a, sqlite3_value *b){
  int ca = valueClass(a), cb = valueClass(b);
  if( ca!=cb ) return ca<cb ? -1 : 1;
  if( ca==1 ){
    int ia = sqlite3_value_type(a)==SQLITE_INTEGER;
    int ib = sqlite3_value_type(b)==SQLITE_INTEGER;
    if( ia && ib ){
      sqlite3_int64 x = sqlite3_value_int64(a), y = sqlite3_value_int64(b);
      return x<y ? -1 : x>y ? 1 : 0;
    }else if( ia ){
      return intRealCompare(sqlite3_value_int64(a), sqlite3_value_double(b));
    }else if( ib ){
      return -intRealCompare(sqlite3_value_int64(b), sqlite3_value_double(a));
    }else{
      double x = sqlite3_value_double(a), y = sqlite3_value_double(b);
      return x<y ? -1 : x>y ? 1 : 0;
    }
  }
  if( ca>=2 ){
    int na, nb, c;
    const void *pa, *pb;
    if( ca==2 ){
      pa = sqlite3_value_text(a); pb = sqlite3_value_text(b);
    }else{
      pa = sqlite3_value_blob(a); pb = sqlite3_value_blob(b);
    }
    na = sqlite3_value_bytes(a); nb = sqlite3_value_bytes(b);
    c = (na && nb) ? memcmp(pa, pb, (size_t)(na<nb ? na : nb)) : 0;
    return c ? c : na<nb ? -1 : na>nb ? 1 : 0;
  }
  return 0;
}

/* Everything read from jobs, one entry per row. */
typedef struct GpuschedRows GpuschedRows;
struct GpuschedRows {
  int n, nAlloc;
  sqlite3_value **apId;
  sqlite3_value **apOrd;     /* order column values (SCHED_ORDER_COLUMN only) */
  double *aSubmit;
  SchedAlt *aAlt;
  int *aMilli;               /* gpu_milli (1000 when NULL) */
  sqlite3_int64 *aCpu;       /* cpu_milli (0 when NULL) */
  sqlite3_int64 *aMem;       /* memory_mib (0 when NULL) */
  sqlite3_value **apModel;   /* gpu_model, or 0 when NULL or '' */
};

static void rowsFree(GpuschedRows *p){
  int i;
  for(i=0; i<p->n; i++){
    sqlite3_value_free(p->apId[i]);
    if( p->apOrd ) sqlite3_value_free(p->apOrd[i]);
    if( p->apModel ) sqlite3_value_free(p->apModel[i]);
  }
  sqlite3_free(p->aMilli);
  sqlite3_free(p->aCpu);
  sqlite3_free(p->aMem);
  sqlite3_free(p->apModel);
  sqlite3_free(p->apId);
  sqlite3_free(p->apOrd);
  sqlite3_free(p->aSubmit);
  sqlite3_free(p->aAlt);
}

static int rowsGrow(GpuschedRows *p){
  int nNew = p->nAlloc*2 + 64;
  void *x;
  x = sqlite3_realloc64(p->apId, sizeof(sqlite3_value*)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->apId = x;
  x = sqlite3_realloc64(p->apOrd, sizeof(sqlite3_value*)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->apOrd = x;
  x = sqlite3_realloc64(p->aSubmit, sizeof(double)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->aSubmit = x;
  x = sqlite3_realloc64(p->aAlt, sizeof(SchedAlt)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->aAlt = x;
  x = sqlite3_realloc64(p->aMilli, sizeof(int)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->aMilli = x;
  x = sqlite3_realloc64(p->aCpu, sizeof(sqlite3_int64)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->aCpu = x;
  x = sqlite3_realloc64(p->aMem, sizeof(sqlite3_int64)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->aMem = x;
  x = sqlite3_realloc64(p->apModel, sizeof(sqlite3_value*)*(sqlite3_uint64)nNew);
  if( x==0 ) return SQLITE_NOMEM;
  p->apModel = x;
  p->nAlloc = nNew;
  return SQLITE_OK;
}

/*
** Column iCol of the current row of pStmt as a number (mlpValueNumber):
** *peType is SQLITE_INTEGER (*piOut and *prOut set), SQLITE_FLOAT (*prOut
** set), SQLITE_NULL, or 0 for anything else (text that is not a number, a
** blob). SQLITE_OK or SQLITE_NOMEM.
*/
static int columnNumber(sqlite3_stmt *pStmt, int iCol, int *peType,
                        sqlite3_int64 *piOut, double *prOut){
  return mlpValueNumber(sqlite3_column_value(pStmt, iCol), peType, piOut, prOut);
}

/* A column value as text for an error message (copied: the row moves on). */
static char *columnText(sqlite3_stmt *pStmt, int iCol){
  return sqlite3_mprintf("%s", mlpValueText(sqlite3_column_value(pStmt, iCol)));
}

/* Report "gpu_schedule: job '<id>' <zWhat>" with the value of column iCol. */
static int rowError(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, int iId,
                    int iCol, const char *zWhat){
  char *zId = columnText(pStmt, iId);
  char *zVal = iCol>=0 ? columnText(pStmt, iCol) : 0;
  int rc;
  if( zId==0 || (iCol>=0 && zVal==0) ){
    rc = SQLITE_NOMEM;
  }else if( iCol>=0 ){
    rc = mlpVtabErrorf(pVtab, FUNC ": job '%s' has %s, got '%s'", zId, zWhat, zVal);
  }else{
    rc = mlpVtabErrorf(pVtab, FUNC ": job '%s' has %s", zId, zWhat);
  }
  sqlite3_free(zId);
  sqlite3_free(zVal);
  return rc;
}

/* Columns of jobs, by name (JOBCOL_ORDER: the one option 'order' names). */
#define JOBCOL_ID        0
#define JOBCOL_ORDER     5
#define JOBCOL_MILLI     6
#define JOBCOL_MODEL     7
#define JOBCOL_CPU       8
#define JOBCOL_MEM       9
#define JOBCOL_N        10

/*
** "gpu_schedule: job '<id>' sets <column> '<value>', which needs a
** node-table cluster".
*/
static int needsNodesError(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, int iId,
                           int iCol){
  char *zId = columnText(pStmt, iId);
  char *zVal = columnText(pStmt, iCol);
  const char *zName = sqlite3_column_name(pStmt, iCol);
  int rc;
  if( zId==0 || zVal==0 || zName==0 ){
    rc = SQLITE_NOMEM;
  }else{
    rc = mlpVtabErrorf(pVtab, FUNC ": job '%s' sets %s '%s', which needs a "
                       "node-table cluster", zId, zName, zVal);
  }
  sqlite3_free(zId);
  sqlite3_free(zVal);
  return rc;
}

/*
** Column iCol (-1: no such column) of the current row as a non-negative
** integer to *pOut, iNull when NULL or absent: SQLITE_OK, SQLITE_NOMEM, or
** SQLITE_MISMATCH for any other value (the caller says why, per table).
*/
static int columnCount(sqlite3_stmt *pStmt, int iCol, sqlite3_int64 iNull,
                       sqlite3_int64 *pOut){
  sqlite3_int64 iv;
  double rv;
  int e;
  *pOut = iNull;
  if( iCol<0 ) return SQLITE_OK;
  if( columnNumber(pStmt, iCol, &e, &iv, &rv) ) return SQLITE_NOMEM;
  if( e==SQLITE_NULL ) return SQLITE_OK;
  if( e==SQLITE_FLOAT && rv==floor(rv) && rv>=0 && statsFitsInt64(rv) ){
    iv = (sqlite3_int64)rv;
    e = SQLITE_INTEGER;
  }
  if( e!=SQLITE_INTEGER || iv<0 ) return SQLITE_MISMATCH;
  *pOut = iv;
  return SQLITE_OK;
}

/*
** The index of each name of azName[0..nName-1] among the columns of pStmt
** (case-insensitive; the first of equal names), -1 when absent, to aCol.
** A null name is skipped. SQLITE_OK or SQLITE_NOMEM.
*/
static int findColumns(sqlite3_stmt *pStmt, const char *const *azName, int nName,
                       int *aCol){
  int i, k;
  for(k=0; k<nName; k++) aCol[k] = -1;
  for(i=sqlite3_column_count(pStmt)-1; i>=0; i--){
    const char *zName = sqlite3_column_name(pStmt, i);
    if( zName==0 ) return SQLITE_NOMEM;
    for(k=0; k<nName; k++){
      if( azName[k] && sqlite3_stricmp(zName, azName[k])==0 ) aCol[k] = i;
    }
  }
  return SQLITE_OK;
}

/*
** After the last sqlite3_step() of a source (rc): SQLITE_OK at its end,
** else "gpu_schedule: cannot read <zWhat>: <error>" (an interrupt stays
** SQLITE_INTERRUPT, with the message).
*/
static int readEnd(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, int rc,
                   const char *zWhat){
  int rcErr;
  if( rc==SQLITE_DONE ) return SQLITE_OK;
  rcErr = mlpVtabErrorf(pVtab, FUNC ": cannot read %s: %s", zWhat,
                        sqlite3_errmsg(sqlite3_db_handle(pStmt)));
  return rc==SQLITE_INTERRUPT ? rc : rcErr;
}

/* A non-negative integer (or NULL: 0) of column iCol to *pOut. */
static int readCount(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, int iId, int iCol,
                     const char *zWhat, sqlite3_int64 *pOut){
  int rc = columnCount(pStmt, iCol, 0, pOut);
  return rc==SQLITE_MISMATCH ? rowError(pVtab, pStmt, iId, iCol, zWhat) : rc;
}

/*
** The resource columns of the current row (gpu_milli, gpu_model,
** cpu_milli, memory_mib) into row pRows->n. With an integer cluster
** (!bNodeMode) only NULLs, gpu_milli 1000 and gpu_model '' are accepted.
*/
static int readNeeds(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, const int *aCol,
                     int bNodeMode, sqlite3_int64 gpus, GpuschedRows *pRows){
  int n = pRows->n, rc, iId = aCol[JOBCOL_ID];
  sqlite3_int64 milli = 1000;
  pRows->apModel[n] = 0;
  rc = readCount(pVtab, pStmt, iId, aCol[JOBCOL_MILLI],
                 "a gpu_milli that is not an integer from 1 to 1000", &milli);
  if( rc ) return rc;
  if( aCol[JOBCOL_MILLI]<0 ){
    milli = 1000;
  }else{
    if( sqlite3_column_type(pStmt, aCol[JOBCOL_MILLI])==SQLITE_NULL ){
      milli = 1000;
    }else if( milli<1 || milli>1000 ){
      return rowError(pVtab, pStmt, iId, aCol[JOBCOL_MILLI],
                      "a gpu_milli that is not an integer from 1 to 1000");
    }else if( milli<1000 && gpus>1 ){
      char *zId = columnText(pStmt, iId);
      if( zId==0 ) return SQLITE_NOMEM;
      rc = mlpVtabErrorf(pVtab, FUNC ": job '%s' has gpu_milli %lld with %lld "
                         "gpus: only a 1-gpu job may share a GPU", zId, milli, gpus);
      sqlite3_free(zId);
      return rc;
    }else if( milli<1000 && !bNodeMode ){
      return needsNodesError(pVtab, pStmt, iId, aCol[JOBCOL_MILLI]);
    }
  }
  pRows->aMilli[n] = (int)milli;
  rc = readCount(pVtab, pStmt, iId, aCol[JOBCOL_CPU],
                 "a cpu_milli that is not a non-negative integer", &pRows->aCpu[n]);
  if( rc==SQLITE_OK ){
    rc = readCount(pVtab, pStmt, iId, aCol[JOBCOL_MEM],
                   "a memory_mib that is not a non-negative integer", &pRows->aMem[n]);
  }
  if( rc ) return rc;
  if( !bNodeMode ){
    if( aCol[JOBCOL_CPU]>=0 && sqlite3_column_type(pStmt, aCol[JOBCOL_CPU])!=SQLITE_NULL ){
      return needsNodesError(pVtab, pStmt, iId, aCol[JOBCOL_CPU]);
    }
    if( aCol[JOBCOL_MEM]>=0 && sqlite3_column_type(pStmt, aCol[JOBCOL_MEM])!=SQLITE_NULL ){
      return needsNodesError(pVtab, pStmt, iId, aCol[JOBCOL_MEM]);
    }
  }
  if( aCol[JOBCOL_MODEL]>=0
   && sqlite3_column_type(pStmt, aCol[JOBCOL_MODEL])!=SQLITE_NULL ){
    /* A copy first, of its own type (reading a blob as text would not
    ** keep it a blob); an empty text or blob is no model. */
    sqlite3_value *pModel = sqlite3_value_dup(sqlite3_column_value(pStmt, aCol[JOBCOL_MODEL]));
    if( pModel==0 ) return SQLITE_NOMEM;
    if( sqlite3_value_bytes(pModel)==0 && sqlite3_value_type(pModel)!=SQLITE_TEXT
     && sqlite3_value_type(pModel)!=SQLITE_BLOB ){
      sqlite3_value_free(pModel);   /* a number's text could not be made */
      return SQLITE_NOMEM;
    }
    if( sqlite3_value_bytes(pModel)==0 ){
      sqlite3_value_free(pModel);
    }else if( !bNodeMode ){
      sqlite3_value_free(pModel);
      return needsNodesError(pVtab, pStmt, iId, aCol[JOBCOL_MODEL]);
    }else{
      pRows->apModel[n] = pModel;
    }
  }
  return SQLITE_OK;
}

/* Read every row of pStmt into pRows. */
static int readJobs(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt,
                    const GpuschedOptions *pOpt, int bNodeMode,
                    GpuschedRows *pRows, int *pbInt){
  int aCol[JOBCOL_N];        /* id gpus runtime submit estimate order, needs */
  const char *azCol[] = { "id", "gpus", "runtime", "submit", "estimate",
      0, "gpu_milli", "gpu_model", "cpu_milli", "memory_mib" };
  int i, rc;
  if( pOpt->eOrder==SCHED_ORDER_COLUMN ) azCol[JOBCOL_ORDER] = pOpt->zOrderCol;
  if( findColumns(pStmt, azCol, JOBCOL_N, aCol) ) return SQLITE_NOMEM;
  for(i=0; i<3; i++){
    if( aCol[i]<0 ) return mlpVtabErrorf(pVtab, FUNC ": jobs has no column '%s'", azCol[i]);
  }
  if( pOpt->eOrder==SCHED_ORDER_COLUMN && aCol[5]<0 ){
    return mlpVtabErrorf(pVtab, FUNC ": option 'order' names unknown column '%s'",
                         pOpt->zOrderCol);
  }
  *pbInt = 1;
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    SchedAlt *pAlt;
    sqlite3_int64 iv;
    double rv;
    int e;
    if( pRows->n>=pRows->nAlloc && rowsGrow(pRows) ) return SQLITE_NOMEM;
    pAlt = &pRows->aAlt[pRows->n];
    if( sqlite3_column_type(pStmt, aCol[0])==SQLITE_NULL ){
      return mlpVtabErrorf(pVtab, FUNC ": jobs row %d has NULL id", pRows->n+1);
    }
    if( columnNumber(pStmt, aCol[1], &e, &iv, &rv) ) return SQLITE_NOMEM;
    if( e==SQLITE_NULL ) return rowError(pVtab, pStmt, aCol[0], -1, "NULL gpus");
    if( e==SQLITE_FLOAT && rv==floor(rv) && rv>0 && statsFitsInt64(rv) ){
      iv = (sqlite3_int64)rv;
      e = SQLITE_INTEGER;
    }
    if( e!=SQLITE_INTEGER || iv<=0 ){
      return rowError(pVtab, pStmt, aCol[0], aCol[1], "gpus that is not a positive integer");
    }
    pAlt->gpus = iv;
    if( columnNumber(pStmt, aCol[2], &e, &iv, &rv) ) return SQLITE_NOMEM;
    if( e==SQLITE_NULL ) return rowError(pVtab, pStmt, aCol[0], -1, "NULL runtime");
    if( e==0 || !isfinite(rv) || rv<=0.0 ){
      return rowError(pVtab, pStmt, aCol[0], aCol[2], "a runtime that is not a positive number");
    }
    if( e!=SQLITE_INTEGER ) *pbInt = 0;
    if( e==SQLITE_INTEGER && iv>SCHED_MAX_EXACT && *pbInt ) *pbInt = -1;
    pAlt->runtime = rv;
    pAlt->estimate = rv;
    pRows->aSubmit[pRows->n] = 0.0;
    if( aCol[3]>=0 ){
      if( columnNumber(pStmt, aCol[3], &e, &iv, &rv) ) return SQLITE_NOMEM;
      if( e==SQLITE_NULL ) return rowError(pVtab, pStmt, aCol[0], -1, "NULL submit");
      if( e==0 || !isfinite(rv) ){
        return rowError(pVtab, pStmt, aCol[0], aCol[3], "a submit time that is not a number");
      }
      if( e!=SQLITE_INTEGER ) *pbInt = 0;
      if( e==SQLITE_INTEGER && (iv>SCHED_MAX_EXACT || iv<-SCHED_MAX_EXACT) && *pbInt ){
        *pbInt = -1;
      }
      pRows->aSubmit[pRows->n] = rv;
    }
    if( aCol[4]>=0 ){
      if( columnNumber(pStmt, aCol[4], &e, &iv, &rv) ) return SQLITE_NOMEM;
      if( e==0 || (e!=SQLITE_NULL && (!isfinite(rv) || rv<=0.0)) ){
        return rowError(pVtab, pStmt, aCol[0], aCol[4], "an estimate that is not a positive number");
      }
      if( e!=SQLITE_NULL ) pAlt->estimate = rv;
    }
    rc = readNeeds(pVtab, pStmt, aCol, bNodeMode, pAlt->gpus, pRows);
    if( rc ) return rc;
    pRows->apId[pRows->n] = sqlite3_value_dup(sqlite3_column_value(pStmt, aCol[0]));
    pRows->apOrd[pRows->n] = aCol[5]>=0
        ? sqlite3_value_dup(sqlite3_column_value(pStmt, aCol[5])) : 0;
    if( pRows->apId[pRows->n]==0 || (aCol[5]>=0 && pRows->apOrd[pRows->n]==0) ){
      sqlite3_value_free(pRows->apId[pRows->n]);
      sqlite3_value_free(pRows->apOrd[pRows->n]);
      sqlite3_value_free(pRows->apModel[pRows->n]);
      return SQLITE_NOMEM;
    }
    pRows->n++;
  }
  return readEnd(pVtab, pStmt, rc, "jobs");
}

static int cmpRowId(void *pCtx, int x, int y){
  return valueCompare(((GpuschedRows*)pCtx)->apId[x], ((GpuschedRows*)pCtx)->apId[y]);
}
typedef struct OrdCtx OrdCtx;
struct OrdCtx { GpuschedRows *pRows; const int *aFirst; };
static int cmpJobOrd(void *pCtx, int x, int y){
  const OrdCtx *p = (const OrdCtx*)pCtx;
  return valueCompare(p->pRows->apOrd[p->aFirst[x]], p->pRows->apOrd[p->aFirst[y]]);
}
static int cmpSeq(void *pCtx, int x, int y){
  const SchedResult *a = (const SchedResult*)pCtx;
  return a[x].iSeq - a[y].iSeq;
}

/*
** Group the rows by id into jobs (alternatives in row order), set the
** queue keys, and move the ids into the cursor.
*/
static int buildJobs(GpuschedCursor *pCur, GpuschedRows *pRows, const GpuschedOptions *pOpt){
  int *aIdx = 0, *aFirst = 0;
  int i, nJob = 0, rc = SQLITE_OK;
  sqlite3_uint64 n = pRows->n ? (sqlite3_uint64)pRows->n : 1;
  aIdx = sqlite3_malloc64(sizeof(int)*n);
  aFirst = sqlite3_malloc64(sizeof(int)*n);
  pCur->aJob = sqlite3_malloc64(sizeof(SchedJob)*n);
  pCur->aAlt = sqlite3_malloc64(sizeof(SchedAlt)*n);
  pCur->apId = sqlite3_malloc64(sizeof(sqlite3_value*)*n);
  pCur->aAltMilli = sqlite3_malloc64(sizeof(int)*n);
  pCur->aNeed = sqlite3_malloc64(sizeof(GcNeed)*n);
  pCur->apModel = sqlite3_malloc64(sizeof(sqlite3_value*)*n);
  if( !aIdx || !aFirst || !pCur->aJob || !pCur->aAlt || !pCur->apId
   || !pCur->aAltMilli || !pCur->aNeed || !pCur->apModel ){
    rc = SQLITE_NOMEM;
    goto build_done;
  }
  for(i=0; i<pRows->n; i++) aIdx[i] = i;
  rc = schedSortInts(aIdx, pRows->n, cmpRowId, pRows);
  if( rc ) goto build_done;
  for(i=0; i<pRows->n; i++){
    int r = aIdx[i];
    SchedJob *pJob;
    if( i==0 || valueCompare(pCur->apId[pCur->nJob-1], pRows->apId[r])!=0 ){
      pJob = &pCur->aJob[pCur->nJob];
      pJob->submit = pRows->aSubmit[r];
      pJob->tie = pCur->nJob;
      pJob->iAlt = i;
      pJob->nAlt = 0;
      aFirst[pCur->nJob] = r;
      /* A job's CPU, memory and models are those of its first row. */
      pCur->aNeed[pCur->nJob].cpu = pRows->aCpu[r];
      pCur->aNeed[pCur->nJob].mem = pRows->aMem[r];
      pCur->aNeed[pCur->nJob].iModels = -1;
      pCur->apModel[pCur->nJob] = pRows->apModel[r];   /* the cursor owns them now */
      pRows->apModel[r] = 0;
      pCur->apId[pCur->nJob++] = pRows->apId[r];
      pRows->apId[r] = 0;
    }
    pJob = &pCur->aJob[pCur->nJob-1];
    pJob->nAlt++;
    pCur->aAlt[i] = pRows->aAlt[r];
    pCur->aAltMilli[i] = pRows->aMilli[r];
  }
  nJob = pCur->nJob;
  pCur->nRow = pRows->n;
  schedOrderKeys(pOpt->eOrder, nJob, pCur->aJob, pCur->aAlt);
  if( pOpt->eOrder==SCHED_ORDER_COLUMN && nJob>0 ){
    /* The order value of a job is that of its first row. */
    OrdCtx ctx;
    ctx.pRows = pRows;
    ctx.aFirst = aFirst;
    rc = schedOrderRanks(nJob, pCur->aJob, aIdx, cmpJobOrd, &ctx, pOpt->bDesc);
  }
build_done:
  sqlite3_free(aIdx);
  sqlite3_free(aFirst);
  return rc;
}


/* ------------------------------------------------------- the node table */

/*
** A model name as a key: its kind ('b' a blob, 't' anything else, read as
** text) and its bytes, whole (a NUL is a byte like any other), so that
** 'B'||char(0)||'x' is not 'B' and x'41' is not 'A'. One allocation: the
** byte count of kind and bytes (an int), the kind, the bytes.
*/
static char *modelKey(char cKind, const void *p, int n){
  int nKey = n+1;
  char *k = sqlite3_malloc64(sizeof(int) + (sqlite3_uint64)nKey);
  if( k==0 ) return 0;
  memcpy(k, &nKey, sizeof(int));
  k[sizeof(int)] = cKind;
  if( n>0 ) memcpy(k+sizeof(int)+1, p, (size_t)n);
  return k;
}
static int keyLen(const char *k){ int n; memcpy(&n, k, sizeof(int)); return n; }
static const char *keyBody(const char *k){ return k+sizeof(int); }
/* Kind and bytes a[0..na-1] against b[0..nb-1]: bytes, then length. */
static int keyCmp(const char *a, int na, const char *b, int nb){
  int c = memcmp(a, b, (size_t)(na<nb ? na : nb));
  return c ? c : (na>nb) - (na<nb);
}

static int cmpModelName(const void *a, const void *b){
  const char *x = *(char*const*)a, *y = *(char*const*)b;
  return keyCmp(keyBody(x), keyLen(x), keyBody(y), keyLen(y));
}

static int cmpNodeId(const void *a, const void *b){
  sqlite3_int64 x = ((const GcNode*)a)->id, y = ((const GcNode*)b)->id;
  return (x>y) - (x<y);
}

/* "gpu_schedule: node <id> has <zWhat>, got '<value of column iCol>'". */
static int nodeError(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, sqlite3_int64 id,
                     int iCol, const char *zWhat){
  char *zVal = columnText(pStmt, iCol);
  int rc;
  if( zVal==0 ) return SQLITE_NOMEM;
  rc = mlpVtabErrorf(pVtab, FUNC ": node %lld has %s, got '%s'", id, zWhat, zVal);
  sqlite3_free(zVal);
  return rc;
}

/* The node model names seen while reading, one per node (or 0). */
typedef struct NodeRows NodeRows;
struct NodeRows {
  int n, nAlloc;
  GcNode *aNode;
  char **azModel;
};

static void nodeRowsFree(NodeRows *p){
  int i;
  for(i=0; i<p->n; i++) sqlite3_free(p->azModel[i]);
  sqlite3_free(p->aNode);
  sqlite3_free(p->azModel);
}

/* A capacity column of a node: NULL (or no column) is -1, not enforced. */
static int readCapacity(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, sqlite3_int64 id,
                        int iCol, const char *zWhat, sqlite3_int64 *pOut){
  int rc = columnCount(pStmt, iCol, -1, pOut);
  return rc==SQLITE_MISMATCH ? nodeError(pVtab, pStmt, id, iCol, zWhat) : rc;
}

/* Read the rows of the cluster statement: node, gpus, model, cpu_milli,
** memory_mib, found by name. */
static int readNodes(sqlite3_vtab *pVtab, sqlite3_stmt *pStmt, NodeRows *pRows){
  static const char *const azCol[] = { "node", "gpus", "model", "cpu_milli", "memory_mib" };
  sqlite3 *db = ((GpuschedVtab*)pVtab)->db;
  sqlite3_int64 nMaxNodes = mlpLimit(db, MLP_LIMIT_CLUSTER_NODES);
  sqlite3_int64 nMaxGpus = mlpLimit(db, MLP_LIMIT_CLUSTER_GPUS);
  sqlite3_int64 nMaxNodeGpus = mlpLimit(db, MLP_LIMIT_NODE_GPUS);
  int aCol[5], i, rc;
  sqlite3_int64 nGpu = 0;
  if( findColumns(pStmt, azCol, 5, aCol) ) return SQLITE_NOMEM;
  for(i=0; i<2; i++){
    if( aCol[i]<0 ) return mlpVtabErrorf(pVtab, FUNC ": cluster has no column '%s'", azCol[i]);
  }
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    GcNode *pNode;
    sqlite3_int64 iv;
    double rv;
    int e;
    if( pRows->n>=nMaxNodes ){
      return mlpVtabErrorf(pVtab, FUNC ": cluster has more than %lld nodes "
                           "(mlpscale_limit 'cluster_nodes')", nMaxNodes);
    }
    if( pRows->n>=pRows->nAlloc ){
      int nNew = pRows->nAlloc*2 + 64;
      void *x = sqlite3_realloc64(pRows->aNode, sizeof(GcNode)*(sqlite3_uint64)nNew);
      if( x==0 ) return SQLITE_NOMEM;
      pRows->aNode = x;
      x = sqlite3_realloc64(pRows->azModel, sizeof(char*)*(sqlite3_uint64)nNew);
      if( x==0 ) return SQLITE_NOMEM;
      pRows->azModel = x;
      pRows->nAlloc = nNew;
    }
    pNode = &pRows->aNode[pRows->n];
    pRows->azModel[pRows->n] = 0;
    if( columnNumber(pStmt, aCol[0], &e, &iv, &rv) ) return SQLITE_NOMEM;
    if( e==SQLITE_FLOAT && rv==floor(rv) && statsFitsInt64(rv) ){
      iv = (sqlite3_int64)rv;
      e = SQLITE_INTEGER;
    }
    if( e!=SQLITE_INTEGER ){
      char *zVal = columnText(pStmt, aCol[0]);
      if( zVal==0 ) return SQLITE_NOMEM;
      rc = mlpVtabErrorf(pVtab, FUNC ": cluster row %d has a node that is not "
                         "an integer, got '%s'", pRows->n+1, zVal);
      sqlite3_free(zVal);
      return rc;
    }
    pNode->id = iv;
    if( columnNumber(pStmt, aCol[1], &e, &iv, &rv) ) return SQLITE_NOMEM;
    if( e==SQLITE_FLOAT && rv==floor(rv) && rv>=0 && rv<=(double)nMaxNodeGpus ){
      iv = (sqlite3_int64)rv;
      e = SQLITE_INTEGER;
    }
    if( e!=SQLITE_INTEGER || iv<0 || iv>nMaxNodeGpus ){
      char zWhat[100];
      sqlite3_snprintf(sizeof(zWhat), zWhat, "gpus that is not an integer from 0 "
                       "to %lld (mlpscale_limit 'node_gpus')", nMaxNodeGpus);
      return nodeError(pVtab, pStmt, pNode->id, aCol[1], zWhat);
    }
    pNode->gpus = (int)iv;
    nGpu += iv;
    if( nGpu>nMaxGpus ){
      return mlpVtabErrorf(pVtab, FUNC ": cluster has more than %lld gpus "
                           "(mlpscale_limit 'cluster_gpus')", nMaxGpus);
    }
    rc = readCapacity(pVtab, pStmt, pNode->id, aCol[3],
                      "a cpu_milli that is not a non-negative integer", &pNode->cpu);
    if( rc==SQLITE_OK ){
      rc = readCapacity(pVtab, pStmt, pNode->id, aCol[4],
                        "a memory_mib that is not a non-negative integer", &pNode->mem);
    }
    if( rc ) return rc;
    pNode->iModel = -1;
    if( aCol[2]>=0 && sqlite3_column_type(pStmt, aCol[2])!=SQLITE_NULL ){
      int bBlob = sqlite3_column_type(pStmt, aCol[2])==SQLITE_BLOB;
      const void *z = bBlob ? sqlite3_column_blob(pStmt, aCol[2])
                            : (const void*)sqlite3_column_text(pStmt, aCol[2]);
      int n = sqlite3_column_bytes(pStmt, aCol[2]);
      if( z==0 && n>0 ) return SQLITE_NOMEM;
      if( z==0 && !bBlob ) return SQLITE_NOMEM;
      pRows->azModel[pRows->n] = modelKey(bBlob ? 'b' : 't', z, n);
      if( pRows->azModel[pRows->n]==0 ) return SQLITE_NOMEM;
    }
    pRows->n++;
  }
  return readEnd(pVtab, pStmt, rc, "cluster");
}

/* The model index of the key body z[0..n-1] (kind, bytes) in the sorted
** azModel, or -1. */
static int modelIndex(const GpuschedCursor *pCur, const char *z, int n){
  int lo = 0, hi = pCur->nModel;
  while( lo<hi ){
    int mid = lo + (hi-lo)/2;
    const char *k = pCur->azModel[mid];
    int c = keyCmp(keyBody(k), keyLen(k), z, n);
    if( c==0 ) return mid;
    if( c<0 ) lo = mid+1; else hi = mid;
  }
  return -1;
}

/* The node models (distinct names, sorted) and the nodes by id, into the
** cursor; the rows' names move to the cursor. */
static int buildNodes(GpuschedCursor *pCur, NodeRows *pRows){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  sqlite3_int64 nMax;
  int i, k;
  char **az = sqlite3_malloc64(sizeof(char*)*(sqlite3_uint64)(pRows->n ? pRows->n : 1));
  if( az==0 ) return SQLITE_NOMEM;
  pCur->azModel = az;
  for(i=0; i<pRows->n; i++) if( pRows->azModel[i] ) az[pCur->nModel++] = pRows->azModel[i];
  qsort(az, (size_t)pCur->nModel, sizeof(char*), cmpModelName);
  for(i=0, k=0; i<pCur->nModel; i++){
    if( k>0 && cmpModelName(&az[k-1], &az[i])==0 ) continue;
    az[k++] = az[i];
  }
  pCur->nModel = k;
  for(i=0; i<pRows->n; i++){
    char *z = pRows->azModel[i];
    if( z ) pRows->aNode[i].iModel = modelIndex(pCur, keyBody(z), keyLen(z));
  }
  /* Each name once in azModel (the cursor frees those), the rest here. */
  for(i=0; i<pRows->n; i++){
    char *z = pRows->azModel[i];
    if( z && pCur->azModel[modelIndex(pCur, keyBody(z), keyLen(z))]==z ) pRows->azModel[i] = 0;
  }
  nMax = mlpLimit(((GpuschedVtab*)pVtab)->db, MLP_LIMIT_GPU_MODELS);
  if( pCur->nModel>nMax ){
    return mlpVtabErrorf(pVtab, FUNC ": cluster has more than %lld gpu models "
                         "(mlpscale_limit 'gpu_models')", nMax);
  }
  if( pRows->n>1 ) qsort(pRows->aNode, (size_t)pRows->n, sizeof(GcNode), cmpNodeId);
  for(i=1; i<pRows->n; i++){
    if( pRows->aNode[i].id==pRows->aNode[i-1].id ){
      return mlpVtabErrorf(pVtab, FUNC ": cluster has node %lld twice", pRows->aNode[i].id);
    }
  }
  pCur->aClNode = pRows->aNode;
  pCur->nNode = pRows->n;
  pRows->aNode = 0;
  return SQLITE_OK;
}

/*
** The cluster (argv[1] as text): run it (a table, a view or one read-only
** SELECT, under the rules of jobs) and read its nodes into the cursor.
** A single word that names no table nor view is taken for a bad GPU count.
*/
static int gpuschedCluster(GpuschedCursor *pCur, sqlite3_value *pCluster, char **pzErr){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  sqlite3 *db = ((GpuschedVtab*)pVtab)->db;
  sqlite3_stmt *pStmt = 0;
  NodeRows rows;
  const char *z = (const char*)sqlite3_value_text(pCluster);
  int rc;
  memset(&rows, 0, sizeof(rows));
  if( z==0 ) return SQLITE_NOMEM;
  rc = mlpNestEnter(db, FUNC, pzErr);
  if( rc ) return rc;
  rc = mlpPrepareSource(db, FUNC, "cluster", z, sqlite3_value_bytes(pCluster), 0,
                        &pStmt, pzErr);
  if( rc==SQLITE_ERROR && z[0] && strpbrk(z, " \t\r\n")==0 && *pzErr
   && strstr(*pzErr, "cluster is neither a table nor a valid SELECT") ){
    sqlite3_free(*pzErr);
    *pzErr = 0;
    rc = mlpVtabErrorf(pVtab, FUNC ": gpus must be a positive integer up "
                       "to 2^53 = 9007199254740992, got '%s'", z);
  }
  if( rc==SQLITE_OK ) rc = readNodes(pVtab, pStmt, &rows);
  mlpNestLeave(db);
  sqlite3_finalize(pStmt);
  if( rc==SQLITE_OK ) rc = buildNodes(pCur, &rows);
  nodeRowsFree(&rows);
  return rc;
}

typedef struct ModelCtx ModelCtx;
struct ModelCtx { sqlite3_value **apModel; };
/* A job's gpu_model: a blob before any text, then bytes and length. */
static int cmpJobModel(void *pCtx, int x, int y){
  sqlite3_value **ap = ((ModelCtx*)pCtx)->apModel;
  int bx = sqlite3_value_type(ap[x])==SQLITE_BLOB, by = sqlite3_value_type(ap[y])==SQLITE_BLOB;
  if( bx!=by ) return by - bx;
  return keyCmp(bx ? sqlite3_value_blob(ap[x]) : sqlite3_value_text(ap[x]),
                sqlite3_value_bytes(ap[x]),
                by ? sqlite3_value_blob(ap[y]) : sqlite3_value_text(ap[y]),
                sqlite3_value_bytes(ap[y]));
}

/*
** The jobs' model lists: each distinct gpu_model is one row of aAllowed,
** with a 1 for every node model its '|'-separated names give (a blob is
** one name; names are matched whole, bytes and kind, as modelKey says; an
** unknown name allows nothing).
*/
static int buildModelSets(GpuschedCursor *pCur){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  int *aIdx, nIdx = 0, i, rc = SQLITE_OK;
  sqlite3_int64 nMax;
  ModelCtx ctx;
  aIdx = sqlite3_malloc64(sizeof(int)*(sqlite3_uint64)(pCur->nJob ? pCur->nJob : 1));
  if( aIdx==0 ) return SQLITE_NOMEM;
  for(i=0; i<pCur->nJob; i++){
    if( pCur->apModel[i]==0 ) continue;
    if( (sqlite3_value_type(pCur->apModel[i])==SQLITE_BLOB
            ? sqlite3_value_blob(pCur->apModel[i])
            : (const void*)sqlite3_value_text(pCur->apModel[i]))==0 ){
      rc = SQLITE_NOMEM;
      goto end;
    }
    aIdx[nIdx++] = i;
  }
  ctx.apModel = pCur->apModel;
  rc = schedSortInts(aIdx, nIdx, cmpJobModel, &ctx);
  if( rc ) goto end;
  for(i=0; i<nIdx; i++){
    if( i==0 || cmpJobModel(&ctx, aIdx[i-1], aIdx[i])!=0 ) pCur->nModels++;
    pCur->aNeed[aIdx[i]].iModels = pCur->nModels-1;
  }
  nMax = mlpLimit(((GpuschedVtab*)pVtab)->db, MLP_LIMIT_MODEL_LISTS);
  if( pCur->nModels>nMax ){
    rc = mlpVtabErrorf(pVtab, FUNC ": jobs have more than %lld distinct gpu_model "
                       "values (mlpscale_limit 'gpu_model_lists')", nMax);
    goto end;
  }
  pCur->aAllowed = sqlite3_malloc64((sqlite3_uint64)pCur->nModels
                                    *(sqlite3_uint64)pCur->nModel + 1);
  if( pCur->aAllowed==0 ){ rc = SQLITE_NOMEM; goto end; }
  memset(pCur->aAllowed, 0, (size_t)pCur->nModels*(size_t)pCur->nModel + 1);
  for(i=0; i<nIdx; i++){
    sqlite3_value *pModel = pCur->apModel[aIdx[i]];
    int s = pCur->aNeed[aIdx[i]].iModels;
    int bBlob = sqlite3_value_type(pModel)==SQLITE_BLOB;
    const char *z = bBlob ? sqlite3_value_blob(pModel) : (const char*)sqlite3_value_text(pModel);
    int nLeft = sqlite3_value_bytes(pModel);
    char *zKey;
    if( i>0 && s==pCur->aNeed[aIdx[i-1]].iModels ) continue;
    /* Each name as a key body: its kind, then its bytes. */
    zKey = sqlite3_malloc64((sqlite3_uint64)nLeft + 1);
    if( zKey==0 ){ rc = SQLITE_NOMEM; goto end; }
    zKey[0] = bBlob ? 'b' : 't';
    while( nLeft>0 ){
      int n = 0, m;
      if( bBlob ){
        n = nLeft;
      }else{
        while( n<nLeft && z[n]!='|' ) n++;
      }
      memcpy(zKey+1, z, (size_t)n);
      m = n>0 ? modelIndex(pCur, zKey, n+1) : -1;
      if( m>=0 ) pCur->aAllowed[(size_t)s*(size_t)pCur->nModel + (size_t)m] = 1;
      z += n;
      nLeft -= n;
      if( nLeft>0 ){ z++; nLeft--; }
    }
    sqlite3_free(zKey);
  }
end:
  sqlite3_free(aIdx);
  return rc;
}

/*
** With integer times: whether every time the run can compute stays within
** +-2^53 (schedTimeBounds, summed exactly in int64, estimates rounded up),
** where doubles hold integers exactly.
*/
static int intTimesExact(const GpuschedCursor *pCur){
  sqlite3_int64 hi = 0, sum = 0;
  int i, k;
  for(i=0; i<pCur->nJob; i++){
    const SchedJob *pJob = &pCur->aJob[i];
    double longest = 0.0;
    sqlite3_int64 iSubmit;
    if( pJob->submit<-(double)SCHED_MAX_EXACT || pJob->submit>(double)SCHED_MAX_EXACT ){
      return 0;
    }
    iSubmit = (sqlite3_int64)pJob->submit;

    if( i==0 || iSubmit>hi ) hi = iSubmit;
    for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
      if( pCur->aAlt[k].runtime>longest ) longest = pCur->aAlt[k].runtime;
      if( pCur->aAlt[k].estimate>longest ) longest = pCur->aAlt[k].estimate;
    }
    if( longest>(double)SCHED_MAX_EXACT ) return 0;
    sum += (sqlite3_int64)ceil(longest);
    if( sum>SCHED_MAX_EXACT ) return 0;
  }
  return hi+sum<=SCHED_MAX_EXACT;
}

/*
** The SQL result of a core call, the one place a core code becomes an SQL
** error: SQLITE_ERROR (the input refused, or a bug) becomes the message of
** pErr->eWhy, SQLITE_INTERRUPT what stopped the run (sqlite3_interrupt(),
** or a probe that ran out of memory); other codes pass through.
*/
static int gpuschedError(sqlite3_vtab *pVtab, GpuschedCursor *pCur, int rc,
                      const SchedConfig *pCfg, const SchedError *pErr){
  const char *zId;
  const SchedAlt *pAlt;
  if( rc==SQLITE_INTERRUPT ) return pCur->stop.rc ? pCur->stop.rc : SQLITE_INTERRUPT;
  if( rc!=SQLITE_ERROR ) return rc;
  zId = pErr->iJob>=0 ? mlpValueText(pCur->apId[pErr->iJob]) : "";
  pAlt = pErr->iAlt>=0 ? &pCur->aAlt[pErr->iAlt] : 0;
  /* An id whose text could not be made: out of memory, not an empty id. */
  if( pErr->iJob>=0 && sqlite3_value_type(pCur->apId[pErr->iJob])!=SQLITE_NULL
   && sqlite3_value_type(pCur->apId[pErr->iJob])!=SQLITE_BLOB
   && sqlite3_value_text(pCur->apId[pErr->iJob])==0 ){
    return SQLITE_NOMEM;
  }
  switch( pErr->eWhy ){
    case SCHED_WHY_CONFIG:
      return mlpVtabErrorf(pVtab, FUNC ": gpus %lld is not a multiple of "
                           "gpus_per_node %lld", pCfg->nGpus, pCfg->gpusPerNode);
    case SCHED_WHY_NODES:
      return mlpVtabErrorf(pVtab, FUNC ": gpus / gpus_per_node = %lld nodes, "
                           "more than 2147483647", pCfg->nGpus/pCfg->gpusPerNode);
    case SCHED_WHY_WIDE:
      return mlpVtabErrorf(pVtab, FUNC ": job '%s' needs %lld gpus, more than "
                           "the cluster's %lld", zId, pAlt->gpus, pCfg->nGpus);
    case SCHED_WHY_TIME:
      return mlpVtabErrorf(pVtab, FUNC ": times out of range: the latest "
                           "submit plus every job's runtime or estimate "
                           "overflows a double");
    case SCHED_WHY_NODE:
      return mlpVtabErrorf(pVtab, FUNC ": job '%s' needs %lld gpus, more than "
                           "one node's %lld but not a multiple of it", zId,
                           pAlt->gpus, pCfg->gpusPerNode);
    case GC_WHY_NEVER: {
      const GcNeed *pNeed = &pCur->aNeed[pErr->iJob];
      sqlite3_value *pModel = pCur->apModel[pErr->iJob];
      return mlpVtabErrorf(pVtab, FUNC ": job '%s' fits on no node of the "
                           "cluster: gpus %lld, gpu_milli %d, gpu_model %s%s%s, "
                           "cpu_milli %lld, memory_mib %lld", zId, pAlt->gpus,
                           pCur->aAltMilli[pErr->iAlt], pModel ? "'" : "",
                           pModel ? mlpValueText(pModel) : "NULL",
                           pModel ? "'" : "", pNeed->cpu, pNeed->mem);
    }
    case GC_WHY_FRAG:
      return mlpVtabErrorf(pVtab, FUNC ": times out of range for frag: the "
                           "cluster's GPU milli times the span from the "
                           "earliest submit to the latest end a run can reach "
                           "overflows a double (frag counts GPU milli x time): "
                           "scale the times down");
    case GC_WHY_SPLIT:
      return mlpVtabErrorf(pVtab, FUNC ": job '%s' needs %lld gpus, more than "
                           "any node it may use, but not a multiple of the "
                           "gpus of such a node", zId, pAlt->gpus);
    default:
      /* The rows read are checked before the run: any other reason is a bug. */
      return mlpVtabErrorf(pVtab, FUNC ": internal error %d", pErr->eWhy);
  }
}

/*
** The cluster and the options: cfg from the arguments gpus (argv[1]) and
** options (argv[2], when idxNum bit 2 says it is given), checked alone,
** before any job is read.
*/
static int gpuschedArgs(GpuschedCursor *pCur, int idxNum, sqlite3_value **argv,
                        GpuschedOptions *pOpt, SchedConfig *pCfg, char **pzErr){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  sqlite3 *db = ((GpuschedVtab*)pVtab)->db;
  int e = sqlite3_value_numeric_type(argv[1]);
  double r = sqlite3_value_double(argv[1]);
  SchedError err;
  int rc;
  sqlite3_int64 nGpus;
  if( sqlite3_value_type(argv[1])==SQLITE_TEXT && e==SQLITE_TEXT ){
    pCur->bNodeMode = 1;      /* a node table: read after the options */
    nGpus = 1;
  }else if( e==SQLITE_INTEGER && sqlite3_value_int64(argv[1])>0
   && sqlite3_value_int64(argv[1])<=SCHED_MAX_EXACT ){
    nGpus = sqlite3_value_int64(argv[1]);
  }else if( e==SQLITE_FLOAT && r>0 && r<=(double)SCHED_MAX_EXACT && r==floor(r) ){
    nGpus = (sqlite3_int64)r;
  }else{
    return mlpVtabErrorf(pVtab, FUNC ": gpus must be a positive integer up "
                         "to 2^53 = 9007199254740992, got '%s'",
                         mlpValueText(argv[1]));
  }
  if( idxNum & 4 ){
    rc = mlpParseOptions(db, FUNC, argv[2], gpuschedOption, pOpt, pzErr);
    if( rc ) return rc;
  }
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    return mlpVtabErrorf(pVtab, FUNC ": jobs must be a SELECT or a table name, got '%s'",
                         mlpValueText(argv[0]));
  }
  if( pCur->bNodeMode && pOpt->gpusPerNode ){
    return mlpVtabErrorf(pVtab, FUNC ": option 'gpus_per_node' is for a cluster "
                         "given as a gpu count, not a node table");
  }
  if( !pCur->bNodeMode && pOpt->ePlacement>=0 && pOpt->ePlacement!=GC_BEST_FIT ){
    return mlpVtabErrorf(pVtab, FUNC ": option 'placement' must be 'best_fit' "
                         "with a cluster given as a gpu count, got '%s'",
                         pOpt->ePlacement==GC_FIRST_FIT ? "first_fit" : "worst_fit");
  }
  if( pOpt->ePlacement<0 ) pOpt->ePlacement = GC_BEST_FIT;
  pCfg->nGpus = nGpus;
  pCfg->gpusPerNode = pOpt->gpusPerNode ? pOpt->gpusPerNode : nGpus;
  pCfg->eBackfill = pOpt->eBackfill;
  pCfg->eMoldable = pOpt->eMoldable;
  pCfg->xStop = 0;
  pCfg->pStopArg = 0;
  pCur->bNodes = pOpt->gpusPerNode>0 || pCur->bNodeMode;
  if( pCur->bNodeMode ) return gpuschedCluster(pCur, argv[1], pzErr);
  rc = schedCheck(pCfg, 0, 0, 0, 0, &err);
  return rc ? gpuschedError(pVtab, pCur, rc, pCfg, &err) : SQLITE_OK;
}

/*
** The jobs: run the jobs source (argv[0]) and read its rows into the
** cursor's jobs and alternatives; their times must stay finite over the
** whole run. Decides whether times come back as integers.
*/
static int gpuschedJobs(GpuschedCursor *pCur, sqlite3_value *pJobs,
                        const GpuschedOptions *pOpt, const SchedConfig *pCfg,
                        char **pzErr){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  sqlite3 *db = ((GpuschedVtab*)pVtab)->db;
  sqlite3_stmt *pStmt = 0;
  GpuschedRows rows;
  double lo, hi;
  int rc;
  memset(&rows, 0, sizeof(rows));
  if( sqlite3_value_text(pJobs)==0 ) return SQLITE_NOMEM;
  rc = mlpNestEnter(db, FUNC, pzErr);
  if( rc ) return rc;
  rc = mlpPrepareSource(db, FUNC, "jobs", (const char*)sqlite3_value_text(pJobs),
                        sqlite3_value_bytes(pJobs), 0, &pStmt, pzErr);
  if( rc==SQLITE_OK ){
    rc = readJobs(pVtab, pStmt, pOpt, pCur->bNodeMode, &rows, &pCur->bInt);
  }
  mlpNestLeave(db);
  sqlite3_finalize(pStmt);
  if( rc==SQLITE_OK ) rc = buildJobs(pCur, &rows, pOpt);
  rowsFree(&rows);
  if( rc==SQLITE_OK && pCur->bNodeMode ) rc = buildModelSets(pCur);
  if( rc ) return rc;
  schedTimeBounds(pCur->nJob, pCur->aJob, pCur->aAlt, &lo, &hi);
  if( !isfinite(hi) || !isfinite(hi-lo) ){
    SchedError err;
    err.eWhy = SCHED_WHY_TIME;
    err.iJob = err.iAlt = -1;
    return gpuschedError(pVtab, pCur, SQLITE_ERROR, pCfg, &err);
  }
  /* Integer results only where they are exact; beyond, reals. */
  if( pCur->bInt<0 || (pCur->bInt && !intTimesExact(pCur)) ) pCur->bInt = 0;
  return SQLITE_OK;
}

/* The run: poolRun over the cursor's jobs (stopping on interrupt), and
** the output rows in order of dispatch. */
static int gpuschedRun(GpuschedCursor *pCur, SchedConfig *pCfg, int ePlacement){
  sqlite3_vtab *pVtab = pCur->base.pVtab;
  sqlite3 *db = ((GpuschedVtab*)pVtab)->db;
  sqlite3_uint64 nAlloc = pCur->nJob ? (sqlite3_uint64)pCur->nJob : 1;
  SchedError err;
  int rc, i;
  pCur->aRes = sqlite3_malloc64(sizeof(SchedResult)*nAlloc);
  pCur->aOut = sqlite3_malloc64(sizeof(int)*nAlloc);
  if( pCur->aRes==0 || pCur->aOut==0 ) return SQLITE_NOMEM;
  mlpStopOpen(db, &pCur->stop);
  pCfg->xStop = mlpStopCheck;
  pCfg->pStopArg = &pCur->stop;
  if( pCur->bNodeMode ){
    GcCluster cl;
    pCur->aFrag = sqlite3_malloc64(sizeof(double)*nAlloc);
    if( pCur->aFrag==0 ){
      mlpStopClose(&pCur->stop);
      return SQLITE_NOMEM;
    }
    cl.nNode = pCur->nNode;
    cl.aNode = pCur->aClNode;
    cl.nModel = pCur->nModel;
    cl.nModels = pCur->nModels;
    cl.aAllowed = pCur->aAllowed;
    cl.ePlacement = ePlacement;
    rc = nodesRun(pCfg, &cl, pCur->nJob, pCur->aJob, pCur->aNeed, pCur->nRow,
                  pCur->aAlt, pCur->aAltMilli, pCur->aRes, pCur->aFrag,
                  &pCur->aPair, &err);
  }else{
    rc = poolRun(pCfg, pCur->nJob, pCur->aJob, pCur->nRow, pCur->aAlt,
                 pCur->aRes, &pCur->aNode, &err);
  }
  mlpStopClose(&pCur->stop);
  if( rc ) return gpuschedError(pVtab, pCur, rc, pCfg, &err);
  for(i=0; i<pCur->nJob; i++) pCur->aOut[i] = i;
  return schedSortInts(pCur->aOut, pCur->nJob, cmpSeq, pCur->aRes);
}

/*
** argv: the arguments given, in the order jobs, cluster_gpus, options;
** idxNum bit i is set when argument i is given (mlpBestIndexArgs).
*/
static int gpuschedFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                       int argc, sqlite3_value **argv){
  GpuschedCursor *pCur = (GpuschedCursor*)cur;
  sqlite3_vtab *pVtab = cur->pVtab;
  GpuschedOptions opt;
  SchedConfig cfg;
  char *zErr = 0;
  int rc, i;
  (void)idxStr;
  gpuschedReset(pCur);
  memset(&opt, 0, sizeof(opt));
  opt.ePlacement = -1;
  if( (idxNum & 3)!=3 ){
    return mlpVtabErrorf(pVtab, FUNC ": missing argument '%s'",
                         (idxNum & 1) ? "gpus" : "jobs");
  }
  rc = gpuschedArgs(pCur, idxNum, argv, &opt, &cfg, &zErr);
  if( rc==SQLITE_OK ) rc = gpuschedJobs(pCur, argv[0], &opt, &cfg, &zErr);
  if( rc==SQLITE_OK ) rc = gpuschedRun(pCur, &cfg, opt.ePlacement);
  for(i=0; rc==SQLITE_OK && i<argc && i<3; i++){
    pCur->apArg[i] = sqlite3_value_dup(argv[i]);
    if( pCur->apArg[i]==0 ) rc = SQLITE_NOMEM;
  }
  if( zErr ){
    sqlite3_free(pVtab->zErrMsg);
    pVtab->zErrMsg = zErr;
  }
  sqlite3_free(opt.zOrderCol);
  if( rc ) gpuschedReset(pCur);
  pCur->iOut = 0;
  return rc;
}

static int gpuschedNext(sqlite3_vtab_cursor *cur){
  ((GpuschedCursor*)cur)->iOut++;
  return SQLITE_OK;
}

static int gpuschedEof(sqlite3_vtab_cursor *cur){
  GpuschedCursor *pCur = (GpuschedCursor*)cur;
  return pCur->iOut>=pCur->nJob;
}

/* A time as an integer when the data's times are, and it fits. */
static void resultTime(sqlite3_context *ctx, int bInt, double r){
  if( bInt && statsFitsInt64(r) ) sqlite3_result_int64(ctx, (sqlite3_int64)r);
  else sqlite3_result_double(ctx, r);
}

/*
** Node mode: the JSON array of a job's [node id, gpu] pairs (bPairs), or of
** its distinct node ids (nodesRun gives the pairs grouped by node).
*/
static int resultPairs(GpuschedCursor *pCur, sqlite3_context *ctx,
                       const SchedResult *pRes, int bPairs){
  sqlite3_str *pStr = sqlite3_str_new(0);
  const int *aPair = &pCur->aPair[2*(size_t)pRes->iNode];
  int k, nOut = 0;
  sqlite3_str_appendchar(pStr, 1, '[');
  for(k=0; k<pRes->nNode; k++){
    sqlite3_int64 id = pCur->aClNode[aPair[2*k]].id;
    if( bPairs ){
      sqlite3_str_appendf(pStr, "%s[%lld,%d]", nOut++ ? "," : "", id, aPair[2*k+1]);
    }else if( k==0 || aPair[2*k]!=aPair[2*k-2] ){
      sqlite3_str_appendf(pStr, "%s%lld", nOut++ ? "," : "", id);
    }
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  if( sqlite3_str_errcode(pStr) ){
    sqlite3_free(sqlite3_str_finish(pStr));
    return SQLITE_NOMEM;
  }
  sqlite3_result_text(ctx, sqlite3_str_finish(pStr), -1, sqlite3_free);
  return SQLITE_OK;
}

static int gpuschedColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int i){
  GpuschedCursor *pCur = (GpuschedCursor*)cur;
  int j = pCur->aOut[pCur->iOut];
  const SchedResult *pRes = &pCur->aRes[j];
  const SchedAlt *pAlt = &pCur->aAlt[pRes->iAlt];
  switch( i ){
    case SCHED_ID:      sqlite3_result_value(ctx, pCur->apId[j]); break;
    case SCHED_GPUS:    sqlite3_result_int64(ctx, pAlt->gpus); break;
    case SCHED_RUNTIME: resultTime(ctx, pCur->bInt, pAlt->runtime); break;
    case SCHED_SUBMIT:  resultTime(ctx, pCur->bInt, pCur->aJob[j].submit); break;
    case SCHED_START:   resultTime(ctx, pCur->bInt, pRes->start); break;
    case SCHED_FINISH:  resultTime(ctx, pCur->bInt, pRes->finish); break;
    case SCHED_WAIT:
      /* Exact for integer times: both within 2^53, the difference in int64. */
      if( pCur->bInt ){
        sqlite3_result_int64(ctx, (sqlite3_int64)pRes->start
                                  - (sqlite3_int64)pCur->aJob[j].submit);
      }else{
        sqlite3_result_double(ctx, pRes->start - pCur->aJob[j].submit);
      }
      break;
    case SCHED_NODES: {
      sqlite3_str *pStr;
      int k;
      if( pCur->bNodeMode ) return resultPairs(pCur, ctx, pRes, 0);
      if( !pCur->bNodes ) break;
      pStr = sqlite3_str_new(0);
      sqlite3_str_appendchar(pStr, 1, '[');
      for(k=0; k<pRes->nNode; k++){
        sqlite3_str_appendf(pStr, k ? ",%d" : "%d", pCur->aNode[pRes->iNode+k]);
      }
      sqlite3_str_appendchar(pStr, 1, ']');
      if( sqlite3_str_errcode(pStr) ){
        sqlite3_free(sqlite3_str_finish(pStr));
        return SQLITE_NOMEM;
      }
      sqlite3_result_text(ctx, sqlite3_str_finish(pStr), -1, sqlite3_free);
      break;
    }
    case SCHED_PLACEMENT:
      if( pCur->bNodeMode ) return resultPairs(pCur, ctx, pRes, 1);
      break;
    case SCHED_FRAG:
      if( pCur->bNodeMode ) sqlite3_result_double(ctx, pCur->aFrag[j]);
      break;
    default:
      /* The hidden arguments read back what was given (NULL if omitted). */
      if( i>=SCHED_JOBS && i<=SCHED_OPTIONS && pCur->apArg[i-SCHED_JOBS] ){
        sqlite3_result_value(ctx, pCur->apArg[i-SCHED_JOBS]);
      }
      break;
  }
  return SQLITE_OK;
}

static int gpuschedRowid(sqlite3_vtab_cursor *cur, sqlite3_int64 *pRowid){
  *pRowid = ((GpuschedCursor*)cur)->iOut + 1;
  return SQLITE_OK;
}

/* Arguments: jobs and cluster_gpus (required), options. */
static int gpuschedBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  (void)pVtab;
  return mlpBestIndexArgs(pInfo, SCHED_JOBS, 3, 2);
}

static sqlite3_module gpuschedModule = {
  0,                  /* iVersion */
  0,                  /* xCreate: eponymous only */
  gpuschedConnect,       /* xConnect */
  gpuschedBestIndex,     /* xBestIndex */
  gpuschedDisconnect,    /* xDisconnect */
  0,                  /* xDestroy */
  gpuschedOpen,          /* xOpen */
  gpuschedClose,         /* xClose */
  gpuschedFilter,        /* xFilter */
  gpuschedNext,          /* xNext */
  gpuschedEof,           /* xEof */
  gpuschedColumn,        /* xColumn */
  gpuschedRowid,         /* xRowid */
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

int mlpSchedInit(sqlite3 *db){
  return sqlite3_create_module(db, "gpu_schedule", &gpuschedModule, 0);
}
