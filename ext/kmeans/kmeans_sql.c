/*
** kmeans_sql.c: k-means clustering as table-valued functions, SQL glue over
** ext/kmeans/kmeans.c. The reference (columns, options, every error, examples with
** their output) is docs/kmeans.md.
**
**   kmeans(source, k [, options])            one row per clustered row:
**                                            id, cluster, distance, silhouette
**   kmeans_centroids(source, k [, options])  one row per cluster:
**                                            cluster, size, centroid, sse
**   kmeans_scan(source, k_max [, options])   one row per k: k, inertia,
**       silhouette, davies_bouldin, calinski_harabasz, iterations,
**       best_silhouette, elbow
**
** source is a read-only SELECT (first column the id) or a table name; the
** arguments are HIDDEN columns source, k (k_max), options. DIRECTONLY.
**
**   SELECT cluster, count(*) FROM kmeans('pts', 2) GROUP BY cluster;
**
** kmeans delivers ORDER BY cluster (and GROUP BY cluster) itself, without
** SQLite's sorter: the rows by cluster, each cluster's in source order.
**
** A fitted model is shared, for identical arguments, by every cursor of
** kmeans and kmeans_centroids open at the same time (a statement opens its
** cursors together), so a join of kmeans(...) with itself or with
** kmeans_centroids(...) fits once. The model goes when its last cursor
** closes; another cursor does not pick it up once the connection has
** changed a row since the fit.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "kmeans/kmeans.h"
#include <limits.h>
#include <assert.h>
#include <math.h>
#include <string.h>

#define KM_ROWS      0      /* kmeans */
#define KM_CENTROIDS 1      /* kmeans_centroids */
#define KM_SCAN      2      /* kmeans_scan */

#define KM_SIL_FALSE 0
#define KM_SIL_TRUE  1
#define KM_SIL_AUTO  2
#define KM_SIL_LIMIT 20000  /* 'auto': rows up to which silhouettes are exact */

/* Options of one call, as parsed from its JSON object. */
typedef struct KmtabOptions KmtabOptions;
struct KmtabOptions {
  const char *zFunc;
  int eKind;
  sqlite3_int64 iSeed;
  int eInit;
  char *zInitArray;      /* JSON text of an explicit init array, or 0 */
  int nInit;
  int nMaxIter;
  double rTol;
  int eScale;
  int eDistance;
  int bNullError;
  int eSilhouette;
};

/* One row of kmeans_scan. */
typedef struct KmtabScanRow KmtabScanRow;
struct KmtabScanRow {
  double rInertia;
  int nIter;
  int bSil, bDb, bCh;   /* which of the three metrics are defined */
  double rSil, rDb, rCh;
  int bBest, bElbow;
};

/* A fitted model, shared by the cursors that asked for the same thing. */
typedef struct KmtabModel KmtabModel;
struct KmtabModel {
  KmtabModel *pNext;
  int nRef;
  char *zKey;               /* the arguments, for the cache */
  sqlite3_int64 nChange;    /* sqlite3_total_changes64() when fitted */
  KmtabOptions opt;
  int k;                    /* clusters (kmeans_scan: its number of rows) */
  int n, d;
  sqlite3_int64 *aId;       /* n: integer ids */
  sqlite3_value **apId;     /* n, or 0 when every id is an integer */
  KmeansSpace sp;
  KmeansFit fit;            /* kmeans, kmeans_centroids */
  double *aCentroid;        /* k*d, original units */
  int eSilState;            /* 0 not yet computed, 1 in aSil, 2 NULL */
  double *aSil;             /* n */
  KmtabScanRow *aScan;         /* kmeans_scan: k rows */
  int *aByCluster;          /* n: row numbers by cluster, then source order;
                            ** made for the first ORDER BY cluster */
};

/* Models alive on one connection, shared by the three modules. */
typedef struct KmtabCache KmtabCache;
struct KmtabCache {
  KmtabModel *pList;
  int nModule;              /* modules registered with it */
};

/* What a module is given as its client data. */
typedef struct KmtabAux KmtabAux;
struct KmtabAux {
  int eKind;
  KmtabCache *pCache;
};

typedef struct KmtabVtab KmtabVtab;
struct KmtabVtab {
  sqlite3_vtab base;
  sqlite3 *db;
  int eKind;
  KmtabCache *pCache;
};

typedef struct KmtabCursor KmtabCursor;
struct KmtabCursor {
  sqlite3_vtab_cursor base;
  KmtabModel *pModel;
  sqlite3_int64 iRow;
  const int *aOrder;        /* kmeans: row numbers in output order, or 0 */
  sqlite3_value *apArg[3];  /* source, k, options: the hidden columns */
};

static void kmtabCursorArgsFree(KmtabCursor *pCur){
  int i;
  for(i=0; i<3; i++){
    sqlite3_value_free(pCur->apArg[i]);
    pCur->apArg[i] = 0;
  }
}

/* Output columns, then the hidden arguments source, k (k_max), options. */
#define KM_ROWS_ID          0
#define KM_ROWS_CLUSTER     1
#define KM_ROWS_DISTANCE    2
#define KM_ROWS_SILHOUETTE  3
#define KM_CENT_CLUSTER     0
#define KM_CENT_SIZE        1
#define KM_CENT_CENTROID    2
#define KM_CENT_SSE         3
#define KM_SCAN_K           0
#define KM_SCAN_INERTIA     1
#define KM_SCAN_SILHOUETTE  2
#define KM_SCAN_DB          3
#define KM_SCAN_CH          4
#define KM_SCAN_ITERATIONS  5
#define KM_SCAN_BEST        6
#define KM_SCAN_ELBOW       7

/* idxNum: bits 0..2 say which arguments are given (mlpBestIndexArgs); this
** one that kmeans delivers its rows by ascending cluster, for ORDER BY or
** GROUP BY cluster. */
#define KM_IDX_BY_CLUSTER   8

static const struct {
  const char *zName;
  const char *zSchema;
  int iFirstHidden;
  const char *zK;           /* the name of the second argument */
} aKind[] = {
  { "kmeans",
    "CREATE TABLE x(id, cluster INTEGER, distance REAL, silhouette REAL,"
    " source HIDDEN, k HIDDEN, options HIDDEN)", 4, "k" },
  { "kmeans_centroids",
    "CREATE TABLE x(cluster INTEGER, size INTEGER, centroid TEXT, sse REAL,"
    " source HIDDEN, k HIDDEN, options HIDDEN)", 4, "k" },
  { "kmeans_scan",
    "CREATE TABLE x(k INTEGER, inertia REAL, silhouette REAL,"
    " davies_bouldin REAL, calinski_harabasz REAL, iterations INTEGER,"
    " best_silhouette INTEGER, elbow INTEGER,"
    " source HIDDEN, k_max HIDDEN, options HIDDEN)", 8, "k_max" },
};

/* ---- models ---- */

static void kmtabModelFree(KmtabModel *m){
  int i;
  if( m==0 ) return;
  if( m->apId ){
    for(i=0; i<m->n; i++) sqlite3_value_free(m->apId[i]);
    sqlite3_free(m->apId);
  }
  sqlite3_free(m->aId);
  sqlite3_free(m->zKey);
  sqlite3_free(m->opt.zInitArray);
  kmeansSpaceFree(&m->sp);
  kmeansFitFree(&m->fit);
  sqlite3_free(m->aCentroid);
  sqlite3_free(m->aSil);
  sqlite3_free(m->aScan);
  sqlite3_free(m->aByCluster);
  sqlite3_free(m);
}

static void kmtabModelRelease(KmtabCache *pCache, KmtabModel *m){
  KmtabModel **pp;
  if( m==0 || --m->nRef>0 ) return;
  for(pp=&pCache->pList; *pp; pp=&(*pp)->pNext){
    if( *pp==m ){ *pp = m->pNext; break; }
  }
  kmtabModelFree(m);
}

/* Row i's id as text for an error message (sqlite3_mprintf'd). */
static char *kmtabIdText(KmtabModel *m, int i){
  if( m->apId && m->apId[i] ) return sqlite3_mprintf("%s", mlpValueText(m->apId[i]));
  return sqlite3_mprintf("%lld", m->aId[i]);
}

/* ---- options ---- */

/* The choices of each string option, in the order of their constants. */
static const char *const azKmInit[] = { "k-means++", "random", 0 };
static const char *const azKmScale[] = { "none", "zscore", "minmax", 0 };
static const char *const azKmDistance[] = { "euclidean", "cosine", "manhattan", 0 };
static const char *const azKmNulls[] = { "skip", "error", 0 };

static int kmtabOption(void *pArg, const char *zKey, const char *zType,
                    sqlite3_value *pVal, char **pzErr){
  KmtabOptions *o = (KmtabOptions*)pArg;
  const char *zExpect;
  sqlite3_int64 v;
  double r;
  int rc;
  if( strcmp(zKey, "seed")==0 ){
    return mlpOptInt(o->zFunc, zKey, zType, pVal, MLP_SMALLEST_INT64,
                     MLP_LARGEST_INT64, &o->iSeed, pzErr);
  }else if( strcmp(zKey, "init")==0 ){
    int e = mlpOptIndex(zType, pVal, azKmInit);
    if( e>=0 ){ o->eInit = e; return SQLITE_OK; }
    if( strcmp(zType, "array")==0 && o->eKind!=KM_SCAN ){
      o->eInit = KMEANS_INIT_GIVEN;
      o->zInitArray = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
      return o->zInitArray ? SQLITE_OK : SQLITE_NOMEM;
    }
    zExpect = o->eKind==KM_SCAN ? "'k-means++' or 'random' (k varies)"
                                : "'k-means++', 'random' or an array of k points";
  }else if( strcmp(zKey, "n_init")==0 || strcmp(zKey, "max_iter")==0 ){
    rc = mlpOptInt(o->zFunc, zKey, zType, pVal, 1, INT_MAX, &v, pzErr);
    if( rc ) return rc;
    if( zKey[0]=='n' ) o->nInit = (int)v; else o->nMaxIter = (int)v;
    return SQLITE_OK;
  }else if( strcmp(zKey, "tol")==0 ){
    if( mlpOptNumber(zType, pVal, &r) && isfinite(r) && r>=0.0 ){
      o->rTol = r;
      return SQLITE_OK;
    }
    zExpect = "a non-negative number";
  }else if( strcmp(zKey, "scale")==0 ){
    return mlpOptChoice(o->zFunc, zKey, zType, pVal, azKmScale, &o->eScale, pzErr);
  }else if( strcmp(zKey, "distance")==0 ){
    return mlpOptChoice(o->zFunc, zKey, zType, pVal, azKmDistance, &o->eDistance, pzErr);
  }else if( strcmp(zKey, "nulls")==0 ){
    return mlpOptChoice(o->zFunc, zKey, zType, pVal, azKmNulls, &o->bNullError, pzErr);
  }else if( strcmp(zKey, "silhouette")==0 ){
    static const char *const azAuto[] = { "auto", 0 };
    if( strcmp(zType, "true")==0 ){ o->eSilhouette = KM_SIL_TRUE; return SQLITE_OK; }
    if( strcmp(zType, "false")==0 ){ o->eSilhouette = KM_SIL_FALSE; return SQLITE_OK; }
    if( mlpOptIndex(zType, pVal, azAuto)==0 ){ o->eSilhouette = KM_SIL_AUTO; return SQLITE_OK; }
    zExpect = "true, false or 'auto'";
  }else{
    return SQLITE_NOTFOUND;
  }
  return mlpOptError(pzErr, o->zFunc, zKey, zExpect, mlpOptText(zType, pVal));
}

/*
** Read the explicit init array (o->zInitArray) into k*d doubles, original
** units. Errors:
**   "<func>: option 'init' has N points, expected k = K"
**   "<func>: option 'init': init[i] must be an array of D numbers, got '...'"
*/
static int kmtabParseInit(KmtabVtab *p, KmtabModel *m, double **paInit){
  const char *zFunc = m->opt.zFunc;
  sqlite3_stmt *pOuter = 0, *pInner = 0;
  double *aInit;
  int rc, nPoint = 0, d = m->d;
  *paInit = 0;
  aInit = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)m->k*d);
  if( aInit==0 ) return SQLITE_NOMEM;
  rc = sqlite3_prepare_v2(p->db, "SELECT type, value FROM json_each(?1)", -1, &pOuter, 0);
  if( rc==SQLITE_OK ){
    rc = sqlite3_prepare_v2(p->db, "SELECT type, value FROM json_each(?1)", -1, &pInner, 0);
  }
  if( rc==SQLITE_OK ){
    sqlite3_bind_text(pOuter, 1, m->opt.zInitArray, -1, SQLITE_STATIC);
    while( rc==SQLITE_OK && sqlite3_step(pOuter)==SQLITE_ROW ){
      const char *zType = (const char*)sqlite3_column_text(pOuter, 0);
      const char *zPoint = (const char*)sqlite3_column_text(pOuter, 1);
      int nCoord = 0, bBad = zType==0 || strcmp(zType, "array")!=0;
      /* json_each gives SQL NULL for a JSON null: that is bad input. */
      if( zPoint==0 && sqlite3_column_type(pOuter, 1)!=SQLITE_NULL ){
        rc = SQLITE_NOMEM;
        break;
      }
      if( zPoint==0 ){
        bBad = 1;
        zPoint = "null";
      }
      if( !bBad ){
        sqlite3_bind_text(pInner, 1, zPoint, -1, SQLITE_TRANSIENT);
        while( sqlite3_step(pInner)==SQLITE_ROW ){
          const char *zT = (const char*)sqlite3_column_text(pInner, 0);
          double r = sqlite3_column_double(pInner, 1);
          if( zT==0 || (strcmp(zT, "integer")!=0 && strcmp(zT, "real")!=0)
           || !isfinite(r) || nCoord>=d ){
            bBad = 1;
            break;
          }
          if( nPoint<m->k ) aInit[(sqlite3_int64)nPoint*d+nCoord] = r;
          nCoord++;
        }
        /* A step that failed for want of memory is no bad point. */
        if( sqlite3_reset(pInner)==SQLITE_NOMEM ){ rc = SQLITE_NOMEM; break; }
        if( nCoord!=d ) bBad = 1;
      }
      if( bBad ){
        rc = mlpVtabErrorf(&p->base,
            "%s: option 'init': init[%d] must be an array of %d numbers, got '%s'",
            zFunc, nPoint, d, zPoint);
      }
      nPoint++;
    }
    if( rc==SQLITE_OK ) rc = sqlite3_reset(pOuter);
    if( rc==SQLITE_OK && nPoint!=m->k ){
      rc = mlpVtabErrorf(&p->base, "%s: option 'init' has %d points, expected k = %d",
                         zFunc, nPoint, m->k);
    }
  }
  sqlite3_finalize(pOuter);
  sqlite3_finalize(pInner);
  if( rc==SQLITE_OK ){
    *paInit = aInit;
  }else{
    sqlite3_free(aInit);
  }
  return rc;
}

/* ---- reading the source ---- */

/* Grow the row arrays of m to hold nNew rows. */
static int kmtabGrow(KmtabModel *m, double **px, int nNew){
  double *x = sqlite3_realloc64(*px, sizeof(double)*(sqlite3_uint64)nNew*m->d);
  sqlite3_int64 *aId;
  if( x==0 ) return SQLITE_NOMEM;
  *px = x;
  aId = sqlite3_realloc64(m->aId, sizeof(sqlite3_int64)*(sqlite3_uint64)nNew);
  if( aId==0 ) return SQLITE_NOMEM;
  m->aId = aId;
  if( m->apId ){
    sqlite3_value **ap = sqlite3_realloc64(m->apId, sizeof(sqlite3_value*)*(sqlite3_uint64)nNew);
    if( ap==0 ) return SQLITE_NOMEM;
    m->apId = ap;
  }
  return SQLITE_OK;
}

/*
** Run the source and collect its rows into *px (n*d, row-major) and the
** ids into m. Rows with a NULL feature are skipped (nulls 'skip') or an
** error; any other non-number is an error naming the row and column.
*/
/*
** Feature j of the current row of pStmt into *pX: SQLITE_OK with *pbSkip
** set when the value is NULL and NULL rows are skipped; an error naming
** the row id, the column and the value when it is NULL (null "error"),
** not finite or not a number (the message is then set: *pbReported).
*/
static int kmtabReadValue(KmtabVtab *p, KmtabModel *m, sqlite3_stmt *pStmt, int j,
                          double *pX, int *pbSkip, int *pbReported){
  /* One call per value through the statement (each takes the connection's
  ** mutex), the rest on the value itself: unprotected, which is safe here
  ** as this thread holds the connection. */
  sqlite3_value *pVal = sqlite3_column_value(pStmt, j+1);
  sqlite3_int64 iIgnored;
  const char *zErrFmt = 0;
  char *zVal;
  int eType, rc;
  rc = mlpValueNumber(pVal, &eType, &iIgnored, pX);
  if( rc ) return rc;
  if( eType==SQLITE_INTEGER || eType==SQLITE_FLOAT ){
    if( !isfinite(*pX) ) zErrFmt = "%s: row id %s: column '%s' is not finite, got '%s'";
  }else if( eType==SQLITE_NULL ){
    if( m->opt.bNullError ) zErrFmt = "%s: row id %s: column '%s' is NULL%.0s";
    else *pbSkip = 1;
  }else{
    zErrFmt = "%s: row id %s: column '%s' is not a number, got '%s'";
  }
  if( zErrFmt==0 ) return SQLITE_OK;
  /* The value text first: naming the id may reformat the column. */
  zVal = sqlite3_mprintf("%s", mlpValueText(sqlite3_column_value(pStmt, j+1)));
  if( zVal==0 ) return SQLITE_NOMEM;
  rc = mlpVtabErrorf(&p->base, zErrFmt, m->opt.zFunc,
                     mlpValueText(sqlite3_column_value(pStmt, 0)),
                     sqlite3_column_name(pStmt, j+1), zVal);
  sqlite3_free(zVal);
  *pbReported = 1;
  return rc;
}

/* The id of the current row of pStmt as row m->n: an integer in aId, any
** other value copied into apId (made on the first such id). */
static int kmtabReadId(KmtabModel *m, sqlite3_stmt *pStmt, int nCap){
  sqlite3_value *pId = sqlite3_column_value(pStmt, 0);
  if( sqlite3_value_type(pId)==SQLITE_INTEGER ){
    m->aId[m->n] = sqlite3_value_int64(pId);
    if( m->apId ) m->apId[m->n] = 0;
    return SQLITE_OK;
  }
  if( m->apId==0 ){
    m->apId = sqlite3_malloc64(sizeof(sqlite3_value*)*(sqlite3_uint64)nCap);
    if( m->apId==0 ) return SQLITE_NOMEM;
    memset(m->apId, 0, sizeof(sqlite3_value*)*(size_t)nCap);
  }
  m->apId[m->n] = sqlite3_value_dup(pId);
  if( m->apId[m->n]==0 ) return SQLITE_NOMEM;
  m->aId[m->n] = 0;
  return SQLITE_OK;
}

static int kmtabReadRows(KmtabVtab *p, KmtabModel *m, const char *zSource, double **px){
  const char *zFunc = m->opt.zFunc;
  sqlite3_stmt *pStmt = 0;
  char *zErr = 0;
  int rc, nCap = 0, j, d;
  int bReported = 0;        /* rc comes with its message already */
  *px = 0;
  rc = mlpPrepareSource(p->db, zFunc, "source", zSource, -1, 1, &pStmt, &zErr);
  if( rc!=SQLITE_OK ){
    if( zErr ){
      rc = mlpVtabErrorf(&p->base, "%s", zErr);
      sqlite3_free(zErr);
    }
    return rc;
  }
  m->d = d = sqlite3_column_count(pStmt)-1;
  if( d<1 ){
    sqlite3_finalize(pStmt);
    return mlpVtabErrorf(&p->base,
        "%s: source has no feature columns: it needs an id column and at least one feature",
        zFunc);
  }
  while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
    double *x;
    int bSkip = 0;
    if( m->n==nCap ){
      int nNew;
      if( nCap>=INT_MAX/2 ){
        rc = mlpVtabErrorf(&p->base, "%s: source has too many rows", zFunc);
        bReported = 1;
        break;
      }
      nNew = nCap ? nCap*2 : 1024;
      rc = kmtabGrow(m, px, nNew);
      if( rc ) break;
      nCap = nNew;
    }
    x = &(*px)[(sqlite3_int64)m->n*d];
    rc = SQLITE_OK;
    for(j=0; j<d && !bSkip && rc==SQLITE_OK; j++){
      rc = kmtabReadValue(p, m, pStmt, j, &x[j], &bSkip, &bReported);
    }
    if( rc ) break;
    if( bSkip ) continue;
    rc = kmtabReadId(m, pStmt, nCap);
    if( rc ) break;
    m->n++;
    assert( m->n<=nCap );
  }
  if( rc==SQLITE_DONE ){
    rc = SQLITE_OK;
  }else if( !bReported && rc!=SQLITE_NOMEM ){
    /* An interrupt while reading stays SQLITE_INTERRUPT, with the message. */
    int rcErr = mlpVtabErrorf(&p->base, "%s: cannot read source: %s", zFunc,
                              sqlite3_errmsg(p->db));
    if( rc!=SQLITE_INTERRUPT ) rc = rcErr;
  }
  sqlite3_finalize(pStmt);
  if( rc==SQLITE_OK && m->n>0 && m->n<nCap ){
    /* Give back the slack of the doubling: the matrix is exactly n*d. */
    rc = kmtabGrow(m, px, m->n);
  }
  if( rc==SQLITE_OK && m->n==0 ){
    rc = mlpVtabErrorf(&p->base, "%s: source has no rows to cluster%s", zFunc,
                       m->opt.bNullError ? "" : " (rows with a NULL feature are skipped)");
  }
  return rc;
}

/* kmtabReadRows, counted in the nesting of calls that run SQL (mlpNestEnter). */
static int kmtabReadSource(KmtabVtab *p, KmtabModel *m, const char *zSource, double **px){
  char *zErr = 0;
  int rc = mlpNestEnter(p->db, m->opt.zFunc, &zErr);
  *px = 0;
  if( rc ){
    if( zErr ) rc = mlpVtabErrorf(&p->base, "%s", zErr);
    sqlite3_free(zErr);
    return rc;
  }
  rc = kmtabReadRows(p, m, zSource, px);
  mlpNestLeave(p->db);
  return rc;
}

/* ---- fitting ---- */

static void kmtabParams(const KmtabModel *m, int k, const double *aInit,
                     MlpStop *pStop, KmeansParams *pp){
  kmeansParamsDefault(pp, k);
  pp->xStop = mlpStopCheck;
  pp->pStopArg = pStop;
  pp->eInit = m->opt.eInit;
  pp->aInit = aInit;
  pp->nInit = m->opt.nInit;
  pp->nMaxIter = m->opt.nMaxIter;
  pp->rTol = m->opt.rTol;
  pp->iSeed = (uint64_t)m->opt.iSeed;
}

static int kmtabOverflow(KmtabVtab *p, KmtabModel *m){
  return mlpVtabErrorf(&p->base,
      "%s: the features are too large: squared distances overflow", m->opt.zFunc);
}

/* The fit of kmeans and kmeans_centroids. */
static int kmtabFitModel(KmtabVtab *p, KmtabModel *m, MlpStop *pStop){
  KmeansParams par;
  double *aInit = 0;
  int rc = SQLITE_OK;
  if( m->opt.eInit==KMEANS_INIT_GIVEN ) rc = kmtabParseInit(p, m, &aInit);
  if( rc==SQLITE_OK ){
    kmtabParams(m, m->k, aInit, pStop, &par);
    rc = kmeansFit(&m->sp, &par, &m->fit);
  }
  sqlite3_free(aInit);
  if( rc==SQLITE_OK && !isfinite(m->fit.rInertia) ) rc = kmtabOverflow(p, m);
  if( rc==SQLITE_OK && m->opt.eInit!=KMEANS_INIT_GIVEN ){
    rc = kmeansOrderClusters(&m->sp, &m->fit);
  }
  if( rc==SQLITE_OK ){
    m->aCentroid = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)m->k*m->d);
    if( m->aCentroid==0 ) return SQLITE_NOMEM;
    kmeansToOriginal(&m->sp, m->fit.aCentre, m->aCentroid, m->k);
  }
  return rc;
}

/* Every row of kmeans_scan: one fit per k, its metrics, the best
** silhouette and the elbow. */
static int kmtabScanModel(KmtabVtab *p, KmtabModel *m, MlpStop *pStop){
  int *aSample = 0, nSample = m->n, kk, rc = SQLITE_OK;
  double *aInertia;
  int iBest = -1, iKnee;
  m->aScan = sqlite3_malloc64(sizeof(KmtabScanRow)*(sqlite3_uint64)m->k);
  aInertia = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)m->k);
  if( m->aScan==0 || aInertia==0 ){
    sqlite3_free(aInertia);
    return SQLITE_NOMEM;
  }
  memset(m->aScan, 0, sizeof(KmtabScanRow)*(size_t)m->k);
  if( m->opt.eSilhouette==KM_SIL_AUTO && m->n>KM_SIL_LIMIT ){
    nSample = KM_SIL_LIMIT;
    rc = kmeansSample(m->n, nSample, (uint64_t)m->opt.iSeed, &aSample);
  }
  for(kk=1; rc==SQLITE_OK && kk<=m->k; kk++){
    KmtabScanRow *r = &m->aScan[kk-1];
    KmeansParams par;
    KmeansFit fit;
    kmtabParams(m, kk, 0, pStop, &par);
    rc = kmeansFit(&m->sp, &par, &fit);
    if( rc ) break;
    r->rInertia = aInertia[kk-1] = fit.rInertia;
    r->nIter = fit.nIter;
    if( !isfinite(fit.rInertia) ) rc = kmtabOverflow(p, m);
    if( rc==SQLITE_OK && kk>1 ){
      if( m->opt.eSilhouette!=KM_SIL_FALSE ){
        rc = kmeansSilhouette(&m->sp, fit.aLabel, kk, aSample, nSample, 0,
                              &r->rSil, mlpStopCheck, pStop);
        r->bSil = rc==SQLITE_OK;
        if( rc==SQLITE_DONE ) rc = SQLITE_OK;
      }
      if( rc==SQLITE_OK ){
        rc = kmeansDaviesBouldin(&m->sp, fit.aLabel, kk, &r->rDb);
        r->bDb = rc==SQLITE_OK;
        if( rc==SQLITE_DONE ) rc = SQLITE_OK;
      }
      if( rc==SQLITE_OK ){
        rc = kmeansCalinskiHarabasz(&m->sp, fit.aLabel, kk, &r->rCh);
        r->bCh = rc==SQLITE_OK;
        if( rc==SQLITE_DONE ) rc = SQLITE_OK;
      }
    }
    if( r->bSil && (iBest<0 || r->rSil>m->aScan[iBest].rSil) ) iBest = kk-1;
    kmeansFitFree(&fit);
  }
  if( rc==SQLITE_OK ){
    if( iBest>=0 ) m->aScan[iBest].bBest = 1;
    iKnee = kmeansKnee(aInertia, m->k);
    if( iKnee>=0 ) m->aScan[iKnee].bElbow = 1;
  }
  sqlite3_free(aSample);
  sqlite3_free(aInertia);
  return rc;
}

/* Build the model of (source, k, options) from scratch. */
static int kmtabBuild(KmtabVtab *p, const char *zSource, int k, sqlite3_value *pOptions,
                   KmtabModel **ppModel){
  const char *zFunc = aKind[p->eKind].zName;
  KmtabModel *m;
  double *x = 0;
  char *zErr = 0;
  MlpStop stop;
  int rc, iBad = -1, nDistinct;
  *ppModel = 0;
  m = sqlite3_malloc64(sizeof(KmtabModel));
  if( m==0 ) return SQLITE_NOMEM;
  memset(m, 0, sizeof(*m));
  m->k = k;
  m->opt.zFunc = zFunc;
  m->opt.eKind = p->eKind;
  {
    KmeansParams def;         /* the core's defaults, stated once there */
    kmeansParamsDefault(&def, k);
    m->opt.eInit = def.eInit;
    m->opt.nInit = def.nInit;
    m->opt.nMaxIter = def.nMaxIter;
    m->opt.rTol = def.rTol;
  }
  m->opt.eSilhouette = KM_SIL_AUTO;
  rc = pOptions ? mlpParseOptions(p->db, zFunc, pOptions, kmtabOption, &m->opt, &zErr)
                : SQLITE_OK;
  if( rc!=SQLITE_OK ){
    if( zErr ){
      rc = mlpVtabErrorf(&p->base, "%s", zErr);
      sqlite3_free(zErr);
    }
    kmtabModelFree(m);
    return rc;
  }
  if( m->opt.nInit>mlpLimit(p->db, MLP_LIMIT_N_INIT) ){
    rc = mlpVtabErrorf(&p->base, "%s: option 'n_init' must be at most %lld "
                       "(mlpscale_limit 'kmeans_n_init'), got '%d'", zFunc,
                       mlpLimit(p->db, MLP_LIMIT_N_INIT), m->opt.nInit);
  }else if( m->opt.nMaxIter>mlpLimit(p->db, MLP_LIMIT_MAX_ITER) ){
    rc = mlpVtabErrorf(&p->base, "%s: option 'max_iter' must be at most %lld "
                       "(mlpscale_limit 'kmeans_max_iter'), got '%d'", zFunc,
                       mlpLimit(p->db, MLP_LIMIT_MAX_ITER), m->opt.nMaxIter);
  }
  if( rc!=SQLITE_OK ){
    kmtabModelFree(m);
    return rc;
  }
  rc = kmtabReadSource(p, m, zSource, &x);
  if( rc==SQLITE_OK ){
    rc = kmeansSpaceInit(&m->sp, x, m->n, m->d, m->opt.eScale, m->opt.eDistance, &iBad);
    x = 0;
    if( rc==SQLITE_ERROR ){
      char *zId = kmtabIdText(m, iBad);
      rc = zId==0 ? SQLITE_NOMEM : mlpVtabErrorf(&p->base,
          "%s: row id %s is all zeros%s, which has no direction for the cosine distance",
          zFunc, zId, m->opt.eScale==KMEANS_SCALE_NONE ? "" : " after scaling");
      sqlite3_free(zId);
    }else if( rc==SQLITE_TOOBIG ){
      rc = kmtabOverflow(p, m);
    }
  }
  sqlite3_free(x);
  if( rc==SQLITE_OK ){
    mlpStopOpen(p->db, &stop);
    if( !isfinite(m->sp.rVarMean) ){
      rc = kmtabOverflow(p, m);
    }else{
      rc = kmeansDistinct(&m->sp, k<m->n ? k : m->n, &nDistinct);
      if( rc!=SQLITE_OK ){
        /* SQLITE_NOMEM */
      }else if( p->eKind==KM_SCAN ){
        m->k = nDistinct;
        rc = kmtabScanModel(p, m, &stop);
      }else if( nDistinct<k ){
        rc = mlpVtabErrorf(&p->base,
            "%s: k = %d but source has only %d distinct points", zFunc, k, nDistinct);
      }else{
        rc = kmtabFitModel(p, m, &stop);
      }
    }
    /* Stopped: by sqlite3_interrupt(), or by a probe that ran out of memory. */
    if( rc==SQLITE_INTERRUPT && stop.rc!=SQLITE_OK ) rc = stop.rc;
    mlpStopClose(&stop);
  }
  if( rc!=SQLITE_OK ){
    kmtabModelFree(m);
    return rc;
  }
  m->nChange = sqlite3_total_changes64(p->db);
  *ppModel = m;
  return SQLITE_OK;
}

/* Per-row silhouettes of kmeans, computed on first use. */
static int kmtabRowSilhouettes(sqlite3 *db, KmtabModel *m){
  MlpStop stop;
  double rMean;
  int rc;
  if( m->eSilState ) return SQLITE_OK;
  if( m->opt.eSilhouette==KM_SIL_FALSE
   || (m->opt.eSilhouette==KM_SIL_AUTO && m->n>KM_SIL_LIMIT) ){
    m->eSilState = 2;
    return SQLITE_OK;
  }
  m->aSil = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)m->n);
  if( m->aSil==0 ) return SQLITE_NOMEM;
  mlpStopOpen(db, &stop);
  rc = kmeansSilhouette(&m->sp, m->fit.aLabel, m->k, 0, m->n, m->aSil, &rMean,
                        mlpStopCheck, &stop);
  if( rc==SQLITE_INTERRUPT && stop.rc!=SQLITE_OK ) rc = stop.rc;
  mlpStopClose(&stop);
  if( rc==SQLITE_NOMEM || rc==SQLITE_INTERRUPT ){
    sqlite3_free(m->aSil);
    m->aSil = 0;
    return rc;
  }
  m->eSilState = rc==SQLITE_OK ? 1 : 2;
  return SQLITE_OK;
}

/* ---- the virtual tables ---- */

static int kmtabConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                     sqlite3_vtab **ppVtab, char **pzErr){
  KmtabAux *pA = (KmtabAux*)pAux;
  KmtabVtab *p;
  int rc;
  (void)argc; (void)argv; (void)pzErr;
  rc = sqlite3_declare_vtab(db, aKind[pA->eKind].zSchema);
  if( rc!=SQLITE_OK ) return rc;
  /* DIRECTONLY: it runs the SQL text it is given, which could reach the
  ** file readers (mlperf_log, swf_jobs) from a hostile schema's view. */
  sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  p = sqlite3_malloc64(sizeof(KmtabVtab));
  if( p==0 ) return SQLITE_NOMEM;
  memset(p, 0, sizeof(*p));
  p->db = db;
  p->eKind = pA->eKind;
  p->pCache = pA->pCache;
  *ppVtab = &p->base;
  return SQLITE_OK;
}

static int kmtabDisconnect(sqlite3_vtab *pVtab){
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

static int kmtabOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor){
  KmtabCursor *pCur = sqlite3_malloc64(sizeof(KmtabCursor));
  (void)pVtab;
  if( pCur==0 ) return SQLITE_NOMEM;
  memset(pCur, 0, sizeof(*pCur));
  *ppCursor = &pCur->base;
  return SQLITE_OK;
}

static int kmtabClose(sqlite3_vtab_cursor *cur){
  KmtabCursor *pCur = (KmtabCursor*)cur;
  kmtabModelRelease(((KmtabVtab*)cur->pVtab)->pCache, pCur->pModel);
  kmtabCursorArgsFree(pCur);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

/*
** The schema cookie of every attached database, as text ("main=3,temp=1"):
** DDL changes it, so a fit cached for a source that now resolves to other
** tables (a TEMP table or view shadowing one of main, say) is not reused.
*/
static int kmtabSchemaStamp(sqlite3 *db, char **pzStamp){
  sqlite3_stmt *pList = 0;
  sqlite3_str *pOut = sqlite3_str_new(db);
  int rc = sqlite3_prepare_v2(db, "SELECT name FROM pragma_database_list", -1, &pList, 0);
  *pzStamp = 0;
  while( rc==SQLITE_OK && sqlite3_step(pList)==SQLITE_ROW ){
    const char *zName = (const char*)sqlite3_column_text(pList, 0);
    sqlite3_stmt *pVer = 0;
    char *zSql;
    if( zName==0 ){ rc = SQLITE_NOMEM; break; }
    zSql = sqlite3_mprintf("PRAGMA \"%w\".schema_version", zName);
    if( zSql==0 ){ rc = SQLITE_NOMEM; break; }
    rc = sqlite3_prepare_v2(db, zSql, -1, &pVer, 0);
    sqlite3_free(zSql);
    if( rc==SQLITE_OK && sqlite3_step(pVer)==SQLITE_ROW ){
      sqlite3_str_appendf(pOut, "%s=%lld,", zName, sqlite3_column_int64(pVer, 0));
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pVer); else sqlite3_finalize(pVer);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pList); else sqlite3_finalize(pList);
  if( rc==SQLITE_OK ) rc = sqlite3_str_errcode(pOut);
  *pzStamp = sqlite3_str_finish(pOut);
  if( rc==SQLITE_OK && *pzStamp==0 ) rc = SQLITE_NOMEM;
  if( rc!=SQLITE_OK ){
    sqlite3_free(*pzStamp);
    *pzStamp = 0;
  }
  return rc;
}

/*
** Find or build the model for the arguments of xFilter (one reference
** taken for the caller). pPrev, the cursor's model so far, is taken again
** when the arguments are the same, even if rows changed since: that is the
** inner loop of a join inside a statement that writes (INSERT ... SELECT).
*/
static int kmtabFilterModel(KmtabVtab *p, int argc, sqlite3_value **argv, int idxNum,
                         KmtabModel *pPrev, KmtabModel **ppModel){
  const char *zFunc = aKind[p->eKind].zName;
  sqlite3_value *pOptions = (idxNum & 4) && argc>2 ? argv[2] : 0;
  const char *zSource;
  sqlite3_int64 k;
  char *zKey, *zStamp;
  KmtabModel *m;
  int rc;
  if( (idxNum & 3)!=3 || argc<2 ){
    return mlpVtabErrorf(&p->base, "%s: missing arguments: use %s(source, %s [, options])",
                         zFunc, zFunc, aKind[p->eKind].zK);
  }
  if( sqlite3_value_type(argv[0])!=SQLITE_TEXT ){
    return mlpVtabErrorf(&p->base,
        "%s: source must be a SELECT or a table name, got '%s'", zFunc,
        mlpValueText(argv[0]));
  }
  zSource = (const char*)sqlite3_value_text(argv[0]);
  if( zSource==0 ) return SQLITE_NOMEM;
  /* Before the cache: a NUL would cut the text to that of another call. */
  if( memchr(zSource, 0, (size_t)sqlite3_value_bytes(argv[0]))!=0 ){
    return mlpVtabErrorf(&p->base, "%s: source must not contain a NUL character", zFunc);
  }
  if( sqlite3_value_numeric_type(argv[1])!=SQLITE_INTEGER
   || (k = sqlite3_value_int64(argv[1]))<1 || k>INT_MAX ){
    return mlpVtabErrorf(&p->base, "%s: %s must be a positive integer, got '%s'",
                         zFunc, aKind[p->eKind].zK, mlpValueText(argv[1]));
  }
  rc = kmtabSchemaStamp(p->db, &zStamp);
  if( rc && rc!=SQLITE_NOMEM ){
    /* The catalogue could not be read (a host's authorizer may deny it). */
    return mlpVtabErrorf(&p->base, "%s: cannot read the schema versions: %s",
                         zFunc, sqlite3_errmsg(p->db));
  }
  if( rc ) return rc;
  zKey = sqlite3_mprintf("%c%lld\037%s\037%s\037%s", p->eKind==KM_SCAN ? 'S' : 'F', k,
                         pOptions && sqlite3_value_type(pOptions)!=SQLITE_NULL
                           ? mlpValueText(pOptions) : "\036", zStamp, zSource);
  sqlite3_free(zStamp);
  if( zKey==0 ) return SQLITE_NOMEM;
  if( pPrev && strcmp(pPrev->zKey, zKey)==0 ){
    m = pPrev;
  }else{
    for(m=p->pCache->pList; m; m=m->pNext){
      if( strcmp(m->zKey, zKey)==0 && m->nChange==sqlite3_total_changes64(p->db) ) break;
    }
  }
  if( m ){
    sqlite3_free(zKey);
  }else{
    rc = kmtabBuild(p, zSource, (int)k, pOptions, &m);
    if( rc!=SQLITE_OK ){
      sqlite3_free(zKey);
      return rc;
    }
    m->zKey = zKey;
    m->pNext = p->pCache->pList;
    p->pCache->pList = m;
  }
  m->nRef++;
  *ppModel = m;
  return SQLITE_OK;
}

/* The rows of m by cluster, each cluster's in source order (a counting
** sort): the order SQLite's own stable sort would give them. */
static int kmtabByCluster(KmtabModel *m){
  int *aNext;
  int i, j, nPos = 0;
  if( m->aByCluster ) return SQLITE_OK;
  m->aByCluster = sqlite3_malloc64(sizeof(int)*(sqlite3_uint64)m->n);
  aNext = sqlite3_malloc64(sizeof(int)*(sqlite3_uint64)m->k);
  if( m->aByCluster==0 || aNext==0 ){
    sqlite3_free(m->aByCluster);
    sqlite3_free(aNext);
    m->aByCluster = 0;
    return SQLITE_NOMEM;
  }
  for(j=0; j<m->k; j++){
    aNext[j] = nPos;
    nPos += m->fit.aSize[j];
  }
  for(i=0; i<m->n; i++) m->aByCluster[aNext[m->fit.aLabel[i]]++] = i;
  sqlite3_free(aNext);
  return SQLITE_OK;
}

/*
** argv: the arguments given, in the order source, k (k_max), options;
** idxNum bit i is set when argument i is given (mlpBestIndexArgs), and
** KM_IDX_BY_CLUSTER for rows by cluster. The model reused is the cursor's own for the same
** arguments, else one with the same arguments that another open cursor
** holds and that was fitted since this connection last changed a row.
*/
static int kmtabFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                    int argc, sqlite3_value **argv){
  KmtabCursor *pCur = (KmtabCursor*)cur;
  KmtabVtab *p = (KmtabVtab*)cur->pVtab;
  KmtabModel *pPrev;
  int rc, i;
  (void)idxStr;
  /* The cursor's previous model is let go only after the lookup, so that
  ** the inner loop of a join, which filters again and again with the same
  ** arguments, keeps its model. */
  pPrev = pCur->pModel;
  pCur->pModel = 0;
  pCur->iRow = 0;
  pCur->aOrder = 0;
  rc = kmtabFilterModel(p, argc, argv, idxNum, pPrev, &pCur->pModel);
  kmtabModelRelease(p->pCache, pPrev);
  if( rc==SQLITE_OK && p->eKind==KM_ROWS && (idxNum & KM_IDX_BY_CLUSTER) ){
    rc = kmtabByCluster(pCur->pModel);
    pCur->aOrder = pCur->pModel->aByCluster;
  }
  kmtabCursorArgsFree(pCur);
  for(i=0; rc==SQLITE_OK && i<argc && i<3; i++){
    pCur->apArg[i] = sqlite3_value_dup(argv[i]);
    if( pCur->apArg[i]==0 ) rc = SQLITE_NOMEM;
  }
  return rc;
}

static int kmtabNext(sqlite3_vtab_cursor *cur){
  ((KmtabCursor*)cur)->iRow++;
  return SQLITE_OK;
}

static int kmtabEof(sqlite3_vtab_cursor *cur){
  KmtabCursor *pCur = (KmtabCursor*)cur;
  KmtabModel *m = pCur->pModel;
  int eKind = ((KmtabVtab*)cur->pVtab)->eKind;
  if( m==0 ) return 1;
  return pCur->iRow >= (eKind==KM_ROWS ? m->n : m->k);
}

/* The centroid of cluster c as a JSON array, numbers with 15 significant
** digits as SQLite's own json() writes them. */
static void kmtabResultCentroid(sqlite3_context *ctx, const KmtabModel *m, int c){
  sqlite3_str *pStr = sqlite3_str_new(0);
  int f;
  sqlite3_str_appendchar(pStr, 1, '[');
  for(f=0; f<m->d; f++){
    if( f ) sqlite3_str_appendchar(pStr, 1, ',');
    sqlite3_str_appendf(pStr, "%!.15g", m->aCentroid[(sqlite3_int64)c*m->d+f]);
  }
  sqlite3_str_appendchar(pStr, 1, ']');
  if( sqlite3_str_errcode(pStr) ){
    sqlite3_free(sqlite3_str_finish(pStr));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, sqlite3_str_finish(pStr), -1, sqlite3_free);
}

static int kmtabColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  KmtabCursor *pCur = (KmtabCursor*)cur;
  KmtabVtab *p = (KmtabVtab*)cur->pVtab;
  KmtabModel *m = pCur->pModel;
  int i = pCur->aOrder ? pCur->aOrder[pCur->iRow] : (int)pCur->iRow;
  if( iCol>=aKind[p->eKind].iFirstHidden ){
    sqlite3_value *pArg = pCur->apArg[iCol-aKind[p->eKind].iFirstHidden];
    if( pArg ) sqlite3_result_value(ctx, pArg);
    return SQLITE_OK;
  }
  if( p->eKind==KM_ROWS ){
    const double *xi = &m->sp.x[(sqlite3_int64)i*m->d];
    int c = m->fit.aLabel[i];
    switch( iCol ){
      case KM_ROWS_ID:
        if( m->apId && m->apId[i] ){
          sqlite3_result_value(ctx, m->apId[i]);
        }else{
          sqlite3_result_int64(ctx, m->aId[i]);
        }
        break;
      case KM_ROWS_CLUSTER:
        sqlite3_result_int(ctx, c);
        break;
      case KM_ROWS_DISTANCE:
        sqlite3_result_double(ctx,
            kmeansDistance(&m->sp, xi, &m->fit.aCentre[(sqlite3_int64)c*m->d]));
        break;
      case KM_ROWS_SILHOUETTE: {
        int rc = kmtabRowSilhouettes(p->db, m);
        if( rc==SQLITE_NOMEM ){
          sqlite3_result_error_nomem(ctx);
        }else if( rc!=SQLITE_OK ){
          sqlite3_result_error_code(ctx, rc);
        }else if( m->eSilState==1 ){
          sqlite3_result_double(ctx, m->aSil[i]);
        }
        break;
      }
    }
  }else if( p->eKind==KM_CENTROIDS ){
    switch( iCol ){
      case KM_CENT_CLUSTER:  sqlite3_result_int(ctx, i); break;
      case KM_CENT_SIZE:     sqlite3_result_int(ctx, m->fit.aSize[i]); break;
      case KM_CENT_CENTROID: kmtabResultCentroid(ctx, m, i); break;
      case KM_CENT_SSE:      sqlite3_result_double(ctx, m->fit.aSse[i]); break;
    }
  }else{
    const KmtabScanRow *r = &m->aScan[i];
    switch( iCol ){
      case KM_SCAN_K:          sqlite3_result_int(ctx, i+1); break;
      case KM_SCAN_INERTIA:    sqlite3_result_double(ctx, r->rInertia); break;
      case KM_SCAN_SILHOUETTE: if( r->bSil ) sqlite3_result_double(ctx, r->rSil); break;
      case KM_SCAN_DB:         if( r->bDb ) sqlite3_result_double(ctx, r->rDb); break;
      case KM_SCAN_CH:         if( r->bCh ) sqlite3_result_double(ctx, r->rCh); break;
      case KM_SCAN_ITERATIONS: sqlite3_result_int(ctx, r->nIter); break;
      case KM_SCAN_BEST:       sqlite3_result_int(ctx, r->bBest); break;
      case KM_SCAN_ELBOW:      sqlite3_result_int(ctx, r->bElbow); break;
    }
  }
  return SQLITE_OK;
}

/* The rowid of a kmeans row is its row number in the source, from 1. */
static int kmtabRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  KmtabCursor *pCur = (KmtabCursor*)cur;
  *pRowid = (pCur->aOrder ? pCur->aOrder[pCur->iRow] : pCur->iRow) + 1;
  return SQLITE_OK;
}

/* Arguments: source and k (k_max) (required), options. kmeans sorts its
** rows by cluster itself (O(n), no sorter) when that is the order asked. */
static int kmtabBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  KmtabVtab *p = (KmtabVtab*)pVtab;
  int rc = mlpBestIndexArgs(pInfo, aKind[p->eKind].iFirstHidden, 3, 2);
  if( rc==SQLITE_OK && p->eKind==KM_ROWS && pInfo->nOrderBy==1
   && pInfo->aOrderBy[0].iColumn==KM_ROWS_CLUSTER && !pInfo->aOrderBy[0].desc ){
    pInfo->orderByConsumed = 1;
    pInfo->idxNum |= KM_IDX_BY_CLUSTER;
  }
  return rc;
}

static sqlite3_module kmtabModule = {
  0,              /* iVersion */
  0,              /* xCreate: 0 makes the tables eponymous-only */
  kmtabConnect,      /* xConnect */
  kmtabBestIndex,    /* xBestIndex */
  kmtabDisconnect,   /* xDisconnect */
  0,              /* xDestroy */
  kmtabOpen,         /* xOpen */
  kmtabClose,        /* xClose */
  kmtabFilter,       /* xFilter */
  kmtabNext,         /* xNext */
  kmtabEof,          /* xEof */
  kmtabColumn,       /* xColumn */
  kmtabRowid,        /* xRowid */
  0,              /* xUpdate: read-only */
  0,              /* xBegin */
  0,              /* xSync */
  0,              /* xCommit */
  0,              /* xRollback */
  0,              /* xFindFunction */
  0,              /* xRename */
  0,              /* xSavepoint */
  0,              /* xRelease */
  0,              /* xRollbackTo */
  0,              /* xShadowName */
};

/* Module destructor: the last of the three frees the shared cache. */
static void kmtabAuxFree(void *pArg){
  KmtabAux *pA = (KmtabAux*)pArg;
  KmtabCache *pCache = pA->pCache;
  if( --pCache->nModule==0 ){
    while( pCache->pList ){
      KmtabModel *m = pCache->pList;
      pCache->pList = m->pNext;
      kmtabModelFree(m);
    }
    sqlite3_free(pCache);
  }
  sqlite3_free(pA);
}

int mlpKmeansInit(sqlite3 *db){
  KmtabCache *pCache = sqlite3_malloc64(sizeof(KmtabCache));
  int rc = SQLITE_OK, i;
  if( pCache==0 ) return SQLITE_NOMEM;
  memset(pCache, 0, sizeof(*pCache));
  pCache->nModule = 1;         /* held by this function until the end */
  for(i=0; rc==SQLITE_OK && i<(int)(sizeof(aKind)/sizeof(aKind[0])); i++){
    KmtabAux *pA = sqlite3_malloc64(sizeof(KmtabAux));
    if( pA==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    pA->eKind = i;
    pA->pCache = pCache;
    pCache->nModule++;
    /* On failure SQLite calls kmtabAuxFree itself. */
    rc = sqlite3_create_module_v2(db, aKind[i].zName, &kmtabModule, pA, kmtabAuxFree);
  }
  if( --pCache->nModule==0 ) sqlite3_free(pCache);
  return rc;
}
