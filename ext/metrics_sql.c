/*
** metrics_sql.c: the scaling metrics of Cortes, Juiz & Bermejo (2025) and the
** official MLPerf Training score.
**
** Scalar functions (SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS):
**
**   speedup(t_ref, t_new)                   t_ref / t_new              (Eq. 1)
**   efficiency(t_ref, t_new, n_new)         speedup / n_new            (Eq. 2)
**   e_prime(t_ref, t_new, n_ref, n_new)     speedup / (n_new / n_ref)  (Eq. 3)
**   karp_flatt(t_ref, t_new, n_ref, n_new)  (1/S - 1/p) / (1 - 1/p),
**                                           S = t_ref/t_new, p = n_new/n_ref;
**                                           NULL when p = 1
**   marginal_efficiency(t_i, t_j, n_i, n_j) (n_i / (n_j - n_i)) * (t_i/t_j - 1);
**                                           1.0 for linear scaling
**
** Every argument is a time or an accelerator count: a finite number > 0
** (integer, real, or text SQLite reads as a number). Any NULL argument
** gives NULL. Anything else is an error naming the function, the argument
** and the value:
**
**   e_prime: n_new must be a positive number, got 'abc'
**
** Aggregate:
**
**   mlperf_score(minutes, converged [, max_dropped [, value]])
**
** MLCommons' olympic average (result summarizer, _compute_olympic_average).
** D = rows whose converged is false (0 or NULL) or whose minutes is NULL.
** If D > max_dropped (default 1) the result is NULL. Otherwise the converged
** times are sorted, the max_dropped fastest and the max_dropped - D slowest
** are dropped, and the mean of the rest is returned (NULL if none remain).
** With value, the mean is of the value of the runs the times keep (ties in
** time in row order), as _index_olympic_average scores energy; NULL when
** one of them has no value.
**
** Examples (BERT, MLPerf Training v4.1: 2 x A5000 against 8 x H100):
**
**   SELECT speedup(366.18525, 5.5088);         -- 66.4727...
**   SELECT e_prime(366.18525, 5.5088, 2, 8);   -- 16.618...
**   SELECT mlperf_score(minutes, converged) FROM runs WHERE ...;
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlpscale_int.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
** Read argument i as a positive finite number into *pOut. Returns 1 on
** success, 0 when it is NULL (the caller returns NULL), and -1 after
** setting an error on ctx.
*/
static int positiveArg(sqlite3_context *ctx, sqlite3_value **argv, int i,
                       const char *zFunc, const char *zArg, double *pOut){
  sqlite3_value *pVal = argv[i];
  int eType = sqlite3_value_numeric_type(pVal);
  if( eType==SQLITE_NULL ) return 0;
  if( eType==SQLITE_INTEGER || eType==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( isfinite(r) && r>0.0 ){
      *pOut = r;
      return 1;
    }
  }
  mlpResultErrorf(ctx, "%s: %s must be a positive number, got '%s'",
                  zFunc, zArg, mlpValueText(pVal));
  return -1;
}

/*
** Read all nArg arguments of a metric. Returns 1 when every argument is a
** positive number, else 0 (the result, NULL or an error, is already set).
*/
static int metricArgs(sqlite3_context *ctx, int nArg, sqlite3_value **argv,
                      const char *const *azName, double *aOut){
  int i;
  int nNull = 0;
  for(i=0; i<nArg; i++){
    int rc = positiveArg(ctx, argv, i,
                         (const char*)sqlite3_user_data(ctx), azName[i], &aOut[i]);
    if( rc<0 ) return 0;
    if( rc==0 ) nNull++;
  }
  if( nNull ){
    sqlite3_result_null(ctx);
    return 0;
  }
  return 1;
}

static const char *const azTwoTimes[] = { "t_ref", "t_new", "n_ref", "n_new" };
static const char *const azEff[] = { "t_ref", "t_new", "n_new" };
static const char *const azMarginal[] = { "t_i", "t_j", "n_i", "n_j" };

static void speedupFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[2];
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  sqlite3_result_double(ctx, a[0]/a[1]);
}

static void efficiencyFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[3];
  if( !metricArgs(ctx, argc, argv, azEff, a) ) return;
  sqlite3_result_double(ctx, (a[0]/a[1])/a[2]);
}

static void ePrimeFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4];
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  sqlite3_result_double(ctx, (a[0]/a[1])/(a[3]/a[2]));
}

static void karpFlattFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4], s, p;
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  s = a[0]/a[1];
  p = a[3]/a[2];
  if( p==1.0 ){
    sqlite3_result_null(ctx);
    return;
  }
  sqlite3_result_double(ctx, (1.0/s - 1.0/p)/(1.0 - 1.0/p));
}

static void marginalFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4];
  if( !metricArgs(ctx, argc, argv, azMarginal, a) ) return;
  if( a[2]==a[3] ){
    mlpResultErrorf(ctx,
        "marginal_efficiency: n_i and n_j must differ, got '%s' and '%s'",
        mlpValueText(argv[2]), mlpValueText(argv[3]));
    return;
  }
  sqlite3_result_double(ctx, (a[2]/(a[3]-a[2]))*(a[0]/a[1] - 1.0));
}

/* ---------------------------------------------------------------------- */
/* mlperf_score                                                           */

/* One converged run. */
typedef struct ScoreRun ScoreRun;
struct ScoreRun {
  double rTime;
  double rValue;          /* the value argument, when bValue */
  int bValue;
  sqlite3_int64 iSeq;     /* row order, for ties in time */
};

typedef struct ScoreAcc ScoreAcc;
struct ScoreAcc {
  ScoreRun *aTime;        /* converged runs */
  sqlite3_int64 nTime;    /* entries used in aTime */
  sqlite3_int64 nAlloc;   /* entries allocated in aTime */
  sqlite3_int64 nDropped; /* D: rows not converged or without minutes */
  sqlite3_int64 nMaxDrop; /* max_dropped, from the first row */
  int bInit;              /* nMaxDrop has been read */
  int bFailed;            /* an error was reported; ignore further rows */
};

static void scoreError(sqlite3_context *ctx, ScoreAcc *p, const char *zFmt,
                       sqlite3_value *pVal){
  p->bFailed = 1;
  mlpResultErrorf(ctx, zFmt, mlpValueText(pVal));
}

static void scoreStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  ScoreAcc *p = (ScoreAcc*)sqlite3_aggregate_context(ctx, sizeof(ScoreAcc));
  int eConv;
  int bConverged;
  if( p==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( p->bFailed ) return;
  if( !p->bInit ){
    p->nMaxDrop = 1;
    if( argc>=3 ){
      int eType = sqlite3_value_numeric_type(argv[2]);
      double r = sqlite3_value_double(argv[2]);
      if( eType!=SQLITE_INTEGER && !(eType==SQLITE_FLOAT && r==floor(r)) ){
        r = -1.0;
      }
      if( r<0.0 || r>1e9 ){
        scoreError(ctx, p, "mlperf_score: max_dropped must be an integer "
                   "from 0 to 1000000000, got '%s'", argv[2]);
        return;
      }
      p->nMaxDrop = (sqlite3_int64)r;
    }
    p->bInit = 1;
  }
  eConv = sqlite3_value_numeric_type(argv[1]);
  if( eConv==SQLITE_NULL ){
    bConverged = 0;
  }else if( eConv==SQLITE_INTEGER || eConv==SQLITE_FLOAT ){
    bConverged = sqlite3_value_double(argv[1])!=0.0;
  }else{
    scoreError(ctx, p, "mlperf_score: converged must be 0, 1 or NULL, got '%s'",
               argv[1]);
    return;
  }
  if( bConverged && sqlite3_value_type(argv[0])!=SQLITE_NULL ){
    int eType = sqlite3_value_numeric_type(argv[0]);
    double r = sqlite3_value_double(argv[0]);
    if( (eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT) || !isfinite(r) || r<0.0 ){
      scoreError(ctx, p, "mlperf_score: minutes must be a non-negative number, "
                 "got '%s'", argv[0]);
      return;
    }
    if( p->nTime==p->nAlloc ){
      sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
      ScoreRun *aNew = sqlite3_realloc64(p->aTime, nNew*sizeof(ScoreRun));
      if( aNew==0 ){
        p->bFailed = 1;
        sqlite3_result_error_nomem(ctx);
        return;
      }
      p->aTime = aNew;
      p->nAlloc = nNew;
    }
    p->aTime[p->nTime].rTime = r;
    p->aTime[p->nTime].iSeq = p->nTime;
    p->aTime[p->nTime].bValue = 0;
    if( argc==4 && sqlite3_value_type(argv[3])!=SQLITE_NULL ){
      int eVal = sqlite3_value_numeric_type(argv[3]);
      double v = sqlite3_value_double(argv[3]);
      if( (eVal!=SQLITE_INTEGER && eVal!=SQLITE_FLOAT) || !isfinite(v) ){
        scoreError(ctx, p, "mlperf_score: value must be a number or NULL, "
                   "got '%s'", argv[3]);
        return;
      }
      p->aTime[p->nTime].rValue = v;
      p->aTime[p->nTime].bValue = 1;
    }
    p->nTime++;
  }else{
    p->nDropped++;
  }
}

static int cmpRun(const void *a, const void *b){
  const ScoreRun *x = (const ScoreRun*)a, *y = (const ScoreRun*)b;
  if( x->rTime!=y->rTime ) return (x->rTime>y->rTime) - (x->rTime<y->rTime);
  return (x->iSeq>y->iSeq) - (x->iSeq<y->iSeq);
}

static void scoreFinal(sqlite3_context *ctx){
  ScoreAcc *p = (ScoreAcc*)sqlite3_aggregate_context(ctx, 0);
  int bValue = sqlite3_user_data(ctx)!=0;
  sqlite3_int64 lo, hi, i;
  double sum = 0.0;
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return;
  }
  if( !p->bFailed ){
    if( p->nDropped>p->nMaxDrop ){
      sqlite3_result_null(ctx);
    }else{
      if( p->nTime>1 ) qsort(p->aTime, (size_t)p->nTime, sizeof(ScoreRun), cmpRun);
      lo = p->nMaxDrop;
      hi = p->nTime - (p->nMaxDrop - p->nDropped);
      for(i=lo; i<hi; i++){
        if( bValue && !p->aTime[i].bValue ) break;
        sum += bValue ? p->aTime[i].rValue : p->aTime[i].rTime;
      }
      if( lo>=hi || i<hi ){
        sqlite3_result_null(ctx);
      }else{
        sqlite3_result_double(ctx, sum/(double)(hi-lo));
      }
    }
  }
  sqlite3_free(p->aTime);
}

int mlpMetricsInit(sqlite3 *db){
  static const struct {
    const char *zName;
    int nArg;
    void (*xFunc)(sqlite3_context*, int, sqlite3_value**);
  } aFunc[] = {
    { "speedup",             2, speedupFunc },
    { "efficiency",          3, efficiencyFunc },
    { "e_prime",             4, ePrimeFunc },
    { "karp_flatt",          4, karpFlattFunc },
    { "marginal_efficiency", 4, marginalFunc },
  };
  const int flags = SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS;
  int rc = SQLITE_OK;
  size_t i;
  for(i=0; rc==SQLITE_OK && i<sizeof(aFunc)/sizeof(aFunc[0]); i++){
    rc = sqlite3_create_function(db, aFunc[i].zName, aFunc[i].nArg, flags,
                                 (void*)aFunc[i].zName, aFunc[i].xFunc, 0, 0);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_function(db, "mlperf_score", 2, flags, 0,
                                 0, scoreStep, scoreFinal);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_function(db, "mlperf_score", 3, flags, 0,
                                 0, scoreStep, scoreFinal);
  }
  if( rc==SQLITE_OK ){
    /* user data: the mean is of the value argument */
    rc = sqlite3_create_function(db, "mlperf_score", 4, flags, (void*)db,
                                 0, scoreStep, scoreFinal);
  }
  return rc;
}
