/*
** rcp_sql.c: MLCommons' rcp_checker arithmetic as SQL functions.
** Reference: docs/mlperf.md, "Convergence: the rcp_checker's arithmetic".
**
**   olympic_mean(x [, drop])    aggregate: numpy's mean of the non-NULL x,
**                               sorted, drop (default 1) cut from each end
**   student_t_cdf(t, df)        P(T <= t), Student's t with df > 0
**   rcp_min_mean(mean, stdev, n_ref, n_subm [, alpha [, tolerance]])
**                               _find_min_acceptable_mean (alpha 0.05,
**                               tolerance 1e-4)
**
**   SELECT olympic_mean(x) FROM (VALUES (1),(5),(2),(4),(3)) AS v(x);  -- 3.0
**   SELECT student_t_cdf(0, 5);                                       -- 0.5
**
** The core is ext/mlperf/rcp.c.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "mlperf/rcp.h"
#include "base/stats.h"
#include <math.h>

/* The most values one olympic_mean holds (8 bytes each). */
#define RCP_SQL_MAX_VALUES 1000000
/* The largest df of student_t_cdf, and n_ref, n_subm of rcp_min_mean. */
#define RCP_SQL_MAX_DF 1000000

/* ---- olympic_mean ---- */

typedef struct OlympicMeanAcc OlympicMeanAcc;
struct OlympicMeanAcc {
  double *aValue;             /* the non-NULL x so far */
  sqlite3_int64 nValue, nAlloc;
  sqlite3_int64 nDrop;        /* drop, from the first row */
  int bInit;                  /* nDrop is set */
  int bFailed;                /* an error is reported: ignore later rows */
};

/* Set *piOut to the integer value of pVal within [lo, hi] (an integral
** real counts); 0 when it is none. */
static int rcpIntArg(sqlite3_value *pVal, sqlite3_int64 lo, sqlite3_int64 hi,
                     sqlite3_int64 *piOut){
  int eType = sqlite3_value_numeric_type(pVal);
  if( eType==SQLITE_INTEGER ){
    *piOut = sqlite3_value_int64(pVal);
  }else if( eType==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( !(r>=(double)lo && r<=(double)hi && r==floor(r) && statsFitsInt64(r)) ) return 0;
    *piOut = (sqlite3_int64)r;
  }else{
    return 0;
  }
  return *piOut>=lo && *piOut<=hi;
}

/* Set *prOut to the number pVal holds; 0 when it holds none. */
static int rcpNumberArg(sqlite3_value *pVal, double *prOut){
  int eType = sqlite3_value_numeric_type(pVal);
  if( eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT ) return 0;
  *prOut = sqlite3_value_double(pVal);
  return 1;
}

/* After an error is set: free the values and ignore the later rows. */
static void olympicMeanFail(OlympicMeanAcc *p){
  p->bFailed = 1;
  sqlite3_free(p->aValue);
  p->aValue = 0;
  p->nValue = p->nAlloc = 0;
}

/* Check drop on every row: the same on each, a non-negative integer. */
static int olympicMeanDrop(sqlite3_context *ctx, OlympicMeanAcc *p,
                           int argc, sqlite3_value **argv){
  sqlite3_int64 nDrop = 1;
  if( argc>1 && !rcpIntArg(argv[1], 0, MLP_LARGEST_INT64, &nDrop) ){
    mlpResultErrorf(ctx, "olympic_mean: drop must be a non-negative integer, "
                    "got '%s'", mlpValueText(argv[1]));
    return 0;
  }
  if( p->bInit && nDrop!=p->nDrop ){
    mlpResultErrorf(ctx, "olympic_mean: drop must be the same on every row, "
                    "got '%lld' after '%lld'", nDrop, p->nDrop);
    return 0;
  }
  p->nDrop = nDrop;
  p->bInit = 1;
  return 1;
}

/* Append r to the values, growing them (at most RCP_SQL_MAX_VALUES). */
static int olympicMeanPush(sqlite3_context *ctx, OlympicMeanAcc *p, double r){
  if( p->nValue==p->nAlloc ){
    sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
    double *aNew;
    if( p->nValue>=RCP_SQL_MAX_VALUES ){
      mlpResultErrorf(ctx, "olympic_mean: more than %d values",
                      RCP_SQL_MAX_VALUES);
      sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
      return 0;
    }
    if( nNew>RCP_SQL_MAX_VALUES ) nNew = RCP_SQL_MAX_VALUES;
    aNew = sqlite3_realloc64(p->aValue, (sqlite3_uint64)nNew*sizeof(double));
    if( aNew==0 ){
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
    p->aValue = aNew;
    p->nAlloc = nNew;
  }
  p->aValue[p->nValue++] = r;
  return 1;
}

static void olympicMeanStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  OlympicMeanAcc *p = sqlite3_aggregate_context(ctx, sizeof(OlympicMeanAcc));
  double r;
  if( p==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( p->bFailed ) return;
  if( !olympicMeanDrop(ctx, p, argc, argv) ){
    olympicMeanFail(p);
    return;
  }
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  if( !rcpNumberArg(argv[0], &r) || !isfinite(r) ){
    mlpResultErrorf(ctx, "olympic_mean: x must be a finite number, got '%s'",
                    mlpValueText(argv[0]));
    olympicMeanFail(p);
    return;
  }
  if( !olympicMeanPush(ctx, p, r) ) olympicMeanFail(p);
}

static void olympicMeanFinal(sqlite3_context *ctx){
  OlympicMeanAcc *p = sqlite3_aggregate_context(ctx, 0);
  double mean;
  if( p==0 || p->bFailed ) return;   /* no rows: NULL; or already failed */
  if( rcpOlympicMean(p->aValue, p->nValue, p->nDrop, &mean)==SQLITE_OK ){
    if( isfinite(mean) ){
      sqlite3_result_double(ctx, mean);
    }else{
      mlpResultErrorf(ctx, "olympic_mean: the sum of the %lld kept values is "
                      "out of range of a double", p->nValue - 2*p->nDrop);
    }
  }
  sqlite3_free(p->aValue);
  p->aValue = 0;
}

/* ---- student_t_cdf ---- */

static void studentTCdfFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double t, df;
  (void)argc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL
   || sqlite3_value_type(argv[1])==SQLITE_NULL ){
    return;
  }
  if( !rcpNumberArg(argv[0], &t) ){
    mlpResultErrorf(ctx, "student_t_cdf: t must be a number, got '%s'",
                    mlpValueText(argv[0]));
    return;
  }
  if( !rcpNumberArg(argv[1], &df) || !(df>0.0 && df<=RCP_SQL_MAX_DF) ){
    mlpResultErrorf(ctx, "student_t_cdf: df must be a number greater than 0 "
                    "and at most %d, got '%s'", RCP_SQL_MAX_DF,
                    mlpValueText(argv[1]));
    return;
  }
  sqlite3_result_double(ctx, statsStudentTCdf(t, df));
}

/* ---- rcp_min_mean ---- */

/* Read rcp_min_mean's arguments into *pTest, *pMean, *pStdev: 1, or 0 with
** the error set. */
static int rcpMinMeanArgs(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                          RcpTtest *pTest, double *pMean, double *pStdev){
  static const char *const azNumber[] = { "mean", "stdev" };
  static const char *const azCount[] = { "n_ref", "n_subm" };
  sqlite3_int64 aCount[2];
  double aNum[2];
  int i;
  for(i=0; i<2; i++){
    if( !rcpNumberArg(argv[i], &aNum[i]) || !isfinite(aNum[i]) || aNum[i]<0.0 ){
      mlpResultErrorf(ctx, "rcp_min_mean: %s must be a finite number of at "
                      "least 0, got '%s'", azNumber[i], mlpValueText(argv[i]));
      return 0;
    }
    if( !rcpIntArg(argv[2+i], 1, RCP_SQL_MAX_DF, &aCount[i]) ){
      mlpResultErrorf(ctx, "rcp_min_mean: %s must be an integer from 1 to %d, "
                      "got '%s'", azCount[i], RCP_SQL_MAX_DF,
                      mlpValueText(argv[2+i]));
      return 0;
    }
  }
  if( aCount[0] + aCount[1]<3 ){
    mlpResultErrorf(ctx, "rcp_min_mean: n_ref + n_subm must be at least 3 "
                    "(the t-test has n_ref + n_subm - 2 degrees of freedom), "
                    "got %lld + %lld", aCount[0], aCount[1]);
    return 0;
  }
  *pMean = aNum[0];
  *pStdev = aNum[1];
  pTest->nRef = aCount[0];
  pTest->nSubm = aCount[1];
  pTest->alpha = 0.05;
  pTest->tolerance = 1e-4;
  if( argc>4 && (!rcpNumberArg(argv[4], &pTest->alpha)
                 || !(pTest->alpha>0.0 && pTest->alpha<1.0)) ){
    mlpResultErrorf(ctx, "rcp_min_mean: alpha must be a number greater than 0 "
                    "and less than 1, got '%s'", mlpValueText(argv[4]));
    return 0;
  }
  if( argc>5 && (!rcpNumberArg(argv[5], &pTest->tolerance)
                 || !(pTest->tolerance>0.0 && isfinite(pTest->tolerance))) ){
    mlpResultErrorf(ctx, "rcp_min_mean: tolerance must be a finite number "
                    "greater than 0, got '%s'", mlpValueText(argv[5]));
    return 0;
  }
  return 1;
}

static void rcpMinMeanFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  RcpTtest test;
  RcpMinMean res;
  double mean, stdev;
  int i;
  for(i=0; i<argc; i++){
    if( sqlite3_value_type(argv[i])==SQLITE_NULL ) return;
  }
  if( !rcpMinMeanArgs(ctx, argc, argv, &test, &mean, &stdev) ) return;
  if( rcpMinMean(&test, mean, stdev, &res)!=SQLITE_OK ){
    mlpResultErrorf(ctx, "rcp_min_mean: the bisection of [0, %s] stops "
                    "shrinking above the tolerance %s (the checker would "
                    "loop forever)", mlpValueText(argv[0]),
                    argc>5 ? mlpValueText(argv[5]) : "0.0001");
    return;
  }
  sqlite3_result_double(ctx, res.min_mean);
}

int mlpRcpInit(sqlite3 *db){
  static const struct {
    const char *zName;
    int nArg;
    void (*xFunc)(sqlite3_context*, int, sqlite3_value**);
    void (*xStep)(sqlite3_context*, int, sqlite3_value**);
    void (*xFinal)(sqlite3_context*);
  } aFunc[] = {
    { "olympic_mean",  1, 0,               olympicMeanStep, olympicMeanFinal },
    { "olympic_mean",  2, 0,               olympicMeanStep, olympicMeanFinal },
    { "student_t_cdf", 2, studentTCdfFunc, 0, 0 },
    { "rcp_min_mean",  4, rcpMinMeanFunc,  0, 0 },
    { "rcp_min_mean",  5, rcpMinMeanFunc,  0, 0 },
    { "rcp_min_mean",  6, rcpMinMeanFunc,  0, 0 },
  };
  const int flags = SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS;
  int rc = SQLITE_OK;
  size_t i;
  for(i=0; rc==SQLITE_OK && i<sizeof(aFunc)/sizeof(aFunc[0]); i++){
    rc = sqlite3_create_function(db, aFunc[i].zName, aFunc[i].nArg, flags, 0,
                                 aFunc[i].xFunc, aFunc[i].xStep, aFunc[i].xFinal);
  }
  return rc;
}
