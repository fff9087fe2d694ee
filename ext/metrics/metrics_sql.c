/*
** metrics_sql.c: the scaling metrics of Cortes, Juiz & Bermejo (2025), the
** official MLPerf Training score and its bootstrap interval, and the fit and
** break-even point of a scaling curve. The reference (meaning, options,
** every error, examples with their output) is docs/metrics.md.
**
**   speedup(t_ref, t_new)  efficiency(t_ref, t_new, n_new)
**   e_prime(t_ref, t_new, n_ref, n_new)  karp_flatt(t_ref, t_new, n_ref, n_new)
**   marginal_efficiency(t_i, t_j, n_i, n_j)         scalars, DETERMINISTIC
**   mlperf_score(minutes, converged [, max_dropped [, value]])    aggregates
**   mlperf_score_ci(minutes, converged [, max_dropped [, level [, resamples
**                   [, seed [, method]]]]])
**   scaling_fit(n, t [, model [, options]])   options: loss, resamples, level, seed
**   breakeven(n, t [, criterion [, theta]])
**   breakeven_bracket(n, t [, criterion [, theta]])
**   breakeven_ci(n, t [, criterion [, theta [, level [, resamples [, seed]]]]])
**   e_prime_interval(ref_minutes, minutes, n_ref, n [, options])   scalar;
**                   options: drop, level (core: ext/metrics/eprime_ci.c)
**
**   SELECT speedup(366.18525, 5.5088);         -- 66.4727799157711
**   SELECT e_prime(366.18525, 5.5088, 2, 8);   -- 16.6181949789428
**
** The cores are ext/metrics/formulas.c (the scalar metrics),
** ext/metrics/olympic.c (scores, bootstrap) and ext/metrics/fit.c (fits,
** break-even and its bootstrap).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "base/jsonstrict.h"
#include "metrics/eprime_ci.h"
#include "metrics/fit.h"
#include "metrics/formulas.h"
#include "metrics/olympic.h"
#include "base/stats.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
** Read argument i as a positive finite number into *pOut: SQLITE_OK (with
** *pbNull set when it is NULL: the caller returns NULL), or SQLITE_ERROR
** after setting an error on ctx.
*/
static int positiveArg(sqlite3_context *ctx, sqlite3_value **argv, int i,
                       const char *zFunc, const char *zArg, double *pOut,
                       int *pbNull){
  sqlite3_value *pVal = argv[i];
  int eType = sqlite3_value_numeric_type(pVal);
  *pbNull = eType==SQLITE_NULL;
  if( *pbNull ) return SQLITE_OK;
  if( eType==SQLITE_INTEGER || eType==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( metricArgOk(r) ){
      *pOut = r;
      return SQLITE_OK;
    }
  }
  mlpResultErrorf(ctx, "%s: %s must be a positive number, got '%s'",
                  zFunc, zArg, mlpValueText(pVal));
  return SQLITE_ERROR;
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
    int bNull;
    if( positiveArg(ctx, argv, i, (const char*)sqlite3_user_data(ctx), azName[i],
                    &aOut[i], &bNull) ){
      return 0;
    }
    nNull += bNull;
  }
  if( nNull ){
    sqlite3_result_null(ctx);
    return 0;
  }
  return 1;
}

/*
** Set metric eMetric (METRIC_*) of the positive numbers a as the result:
** its value, NULL where it is undefined, or its error: "marginal_efficiency:
** n_i and n_j must differ, got ..." or "<func>: result out of range of a
** double for '<arg1>', '<arg2>', ...".
*/
static void metricResult(sqlite3_context *ctx, int eMetric, const double *a,
                         int argc, sqlite3_value **argv){
  sqlite3_str *pStr;
  double r;
  int i, eWhy;
  int rc = metricEval(eMetric, a, &r, &eWhy);
  if( rc==SQLITE_OK ){
    sqlite3_result_double(ctx, r);
    return;
  }
  if( rc==SQLITE_DONE ){
    sqlite3_result_null(ctx);
    return;
  }
  if( eWhy==METRIC_WHY_SAME_N ){
    mlpResultErrorf(ctx,
        "marginal_efficiency: n_i and n_j must differ, got '%s' and '%s'",
        mlpValueText(argv[2]), mlpValueText(argv[3]));
    return;
  }
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendf(pStr, "%s: result out of range of a double for ",
                      (const char*)sqlite3_user_data(ctx));
  for(i=0; i<argc; i++){
    sqlite3_str_appendf(pStr, i ? ", '%s'" : "'%s'", mlpValueText(argv[i]));
  }
  if( sqlite3_str_errcode(pStr) ){
    sqlite3_free(sqlite3_str_finish(pStr));
    sqlite3_result_error_nomem(ctx);
    return;
  }
  {
    char *zErr = sqlite3_str_finish(pStr);
    sqlite3_result_error(ctx, zErr, -1);
    sqlite3_free(zErr);
  }
}

static const char *const azTwoTimes[] = { "t_ref", "t_new", "n_ref", "n_new" };
static const char *const azEff[] = { "t_ref", "t_new", "n_new" };
static const char *const azMarginal[] = { "t_i", "t_j", "n_i", "n_j" };

static void speedupFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[2];
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  metricResult(ctx, METRIC_SPEEDUP, a, argc, argv);
}

static void efficiencyFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[3];
  if( !metricArgs(ctx, argc, argv, azEff, a) ) return;
  metricResult(ctx, METRIC_EFFICIENCY, a, argc, argv);
}

static void ePrimeFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4];
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  metricResult(ctx, METRIC_E_PRIME, a, argc, argv);
}

static void karpFlattFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4];
  if( !metricArgs(ctx, argc, argv, azTwoTimes, a) ) return;
  metricResult(ctx, METRIC_KARP_FLATT, a, argc, argv);
}

static void marginalFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  double a[4];
  if( !metricArgs(ctx, argc, argv, azMarginal, a) ) return;
  metricResult(ctx, METRIC_MARGINAL, a, argc, argv);
}

/* Return the text of pStr (a JSON document) and free it; NOMEM if it
** could not be built. */
static void resultStr(sqlite3_context *ctx, sqlite3_str *pStr){
  int rc = sqlite3_str_errcode(pStr);
  char *z = sqlite3_str_finish(pStr);
  if( rc!=SQLITE_OK || z==0 ){
    sqlite3_free(z);
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, z, -1, sqlite3_free);
}

/* ---------------------------------------------------------------------- */
/* mlperf_score, mlperf_score_ci                                          */

#define SCORE_MAX_RESAMPLES 1000000
#define SCORE_MAX_WORK      100000000   /* resamples x runs */

typedef struct ScoreAcc ScoreAcc;
struct ScoreAcc {
  double *aTime;          /* converged times */
  double *aValue;         /* mlperf_score's value per converged time (NaN:
                          ** none), in row order; NULL without value */
  sqlite3_int64 nTime;    /* entries used in aTime (and aValue) */
  sqlite3_int64 nAlloc;   /* entries allocated in aTime (and aValue) */
  sqlite3_int64 nDropped; /* D: rows not converged or without minutes */
  sqlite3_int64 nMaxDrop; /* max_dropped, from the first row */
  double level;           /* mlperf_score_ci: level, from the first row */
  sqlite3_int64 nResample;/* mlperf_score_ci: resamples, from the first row */
  sqlite3_int64 iSeed;    /* mlperf_score_ci: seed, from the first row */
  int eMethod;            /* mlperf_score_ci: OLYMPIC_CI_*, from the first row */
  int bValue;             /* mlperf_score with its value argument */
  int bInit;              /* the constant arguments have been read */
  int bFailed;            /* an error was reported; ignore further rows */
};

static void scoreError(sqlite3_context *ctx, ScoreAcc *p, const char *zFmt,
                       sqlite3_value *pVal){
  p->bFailed = 1;
  mlpResultErrorf(ctx, zFmt, (const char*)sqlite3_user_data(ctx),
                  mlpValueText(pVal));
}

/* An integer (or a real with an integral value) from lo to hi into *pOut:
** 1 if it is one, else 0. */
static int integerArg(sqlite3_value *pVal, sqlite3_int64 lo, sqlite3_int64 hi,
                      sqlite3_int64 *pOut){
  int eType = sqlite3_value_numeric_type(pVal);
  if( eType==SQLITE_INTEGER ){
    sqlite3_int64 v = sqlite3_value_int64(pVal);
    if( v<lo || v>hi ) return 0;
    *pOut = v;
    return 1;
  }
  if( eType==SQLITE_FLOAT ){
    double r = sqlite3_value_double(pVal);
    if( r!=floor(r) || !(r>=(double)lo && r<(double)hi + 1.0)
     || !statsFitsInt64(r) ) return 0;
    *pOut = (sqlite3_int64)r;
    return 1;
  }
  return 0;
}

/* The constant arguments, from the first row: max_dropped, and for
** mlperf_score_ci level, resamples, seed and method. 0 after reporting an
** error. */
static int scoreInit(sqlite3_context *ctx, ScoreAcc *p, int argc,
                     sqlite3_value **argv){
  int bCi = strcmp((const char*)sqlite3_user_data(ctx), "mlperf_score_ci")==0;
  p->nMaxDrop = 1;
  p->level = 0.95;
  p->nResample = 2000;
  p->iSeed = 0;
  p->eMethod = OLYMPIC_CI_PERCENTILE;
  if( argc>=3 && !integerArg(argv[2], 0, 1e9, &p->nMaxDrop) ){
    scoreError(ctx, p, "%s: max_dropped must be an integer from 0 to "
               "1000000000, got '%s'", argv[2]);
    return 0;
  }
  if( argc>=4 && !bCi ){
    p->bValue = 1;          /* mlperf_score(minutes, converged, max_dropped, value) */
  }else if( argc>=4 ){
    int eType = sqlite3_value_numeric_type(argv[3]);
    double r = sqlite3_value_double(argv[3]);
    if( (eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT) || !(r>0.0 && r<1.0) ){
      scoreError(ctx, p, "%s: level must be a number greater than 0 and "
                 "less than 1, got '%s'", argv[3]);
      return 0;
    }
    p->level = r;
  }
  if( argc>=5 && !integerArg(argv[4], 1, SCORE_MAX_RESAMPLES, &p->nResample) ){
    char *zFmt = sqlite3_mprintf("%%s: resamples must be an integer from 1 to "
                                 "%lld, got '%%s'", (sqlite3_int64)SCORE_MAX_RESAMPLES);
    if( zFmt==0 ){
      p->bFailed = 1;
      sqlite3_result_error_nomem(ctx);
      return 0;
    }
    scoreError(ctx, p, zFmt, argv[4]);
    sqlite3_free(zFmt);
    return 0;
  }
  if( argc>=6 && !integerArg(argv[5], MLP_SMALLEST_INT64, MLP_LARGEST_INT64, &p->iSeed) ){
    scoreError(ctx, p, "%s: seed must be an integer, got '%s'", argv[5]);
    return 0;
  }
  if( argc>=7 ){
    const char *z = (const char*)sqlite3_value_text(argv[6]);
    if( sqlite3_value_type(argv[6])==SQLITE_TEXT && z && strcmp(z, "bca")==0 ){
      p->eMethod = OLYMPIC_CI_BCA;
    }else if( sqlite3_value_type(argv[6])==SQLITE_TEXT && z
           && strcmp(z, "percentile")==0 ){
      p->eMethod = OLYMPIC_CI_PERCENTILE;
    }else{
      scoreError(ctx, p, "%s: method must be 'percentile' or 'bca', got '%s'",
                 argv[6]);
      return 0;
    }
  }
  p->bInit = 1;
  return 1;
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
  if( !p->bInit && !scoreInit(ctx, p, argc, argv) ) return;
  eConv = sqlite3_value_numeric_type(argv[1]);
  if( eConv==SQLITE_NULL ){
    bConverged = 0;
  }else if( (eConv==SQLITE_INTEGER || eConv==SQLITE_FLOAT)
         && (sqlite3_value_double(argv[1])==0.0 || sqlite3_value_double(argv[1])==1.0) ){
    bConverged = sqlite3_value_double(argv[1])!=0.0;
  }else{
    scoreError(ctx, p, "%s: converged must be 0, 1 or NULL, got '%s'", argv[1]);
    return;
  }
  if( bConverged && sqlite3_value_type(argv[0])!=SQLITE_NULL ){
    int eType = sqlite3_value_numeric_type(argv[0]);
    double r = sqlite3_value_double(argv[0]);
    if( (eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT) || !isfinite(r) || r<0.0 ){
      scoreError(ctx, p, "%s: minutes must be a non-negative number, "
                 "got '%s'", argv[0]);
      return;
    }
    double v = NAN;
    if( p->bValue && sqlite3_value_type(argv[3])!=SQLITE_NULL ){
      int eVal = sqlite3_value_numeric_type(argv[3]);
      v = sqlite3_value_double(argv[3]);
      if( (eVal!=SQLITE_INTEGER && eVal!=SQLITE_FLOAT) || !isfinite(v) ){
        scoreError(ctx, p, "%s: value must be a number or NULL, got '%s'", argv[3]);
        return;
      }
    }
    if( p->nTime==p->nAlloc ){
      sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
      double *aNew = sqlite3_realloc64(p->aTime, nNew*sizeof(double));
      if( aNew ) p->aTime = aNew;
      if( aNew && p->bValue ){
        aNew = sqlite3_realloc64(p->aValue, nNew*sizeof(double));
        if( aNew ) p->aValue = aNew;
      }
      if( aNew==0 ){
        p->bFailed = 1;
        sqlite3_result_error_nomem(ctx);
        return;
      }
      p->nAlloc = nNew;
    }
    if( p->bValue ) p->aValue[p->nTime] = v;
    p->aTime[p->nTime++] = r;
  }else{
    p->nDropped++;
  }
}

/* The aggregate context of a finished score, its times sorted, or 0 when
** the result is already set (no rows: NULL; an error reported). */
static ScoreAcc *scoreDone(sqlite3_context *ctx){
  ScoreAcc *p = (ScoreAcc*)sqlite3_aggregate_context(ctx, 0);
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return 0;
  }
  if( p->bFailed ){
    sqlite3_free(p->aTime);
    sqlite3_free(p->aValue);
    return 0;
  }
  /* with values, olympicValueMean pairs them with the times unsorted */
  if( p->nTime>1 && !p->bValue ){
    qsort(p->aTime, (size_t)p->nTime, sizeof(double), statsCmpDoubleQsort);
  }
  return p;
}

static void scoreFinal(sqlite3_context *ctx){
  ScoreAcc *p = scoreDone(ctx);
  double score;
  int rc;
  if( p==0 ) return;
  if( p->bValue ){
    rc = olympicValueMean(p->aTime, p->aValue, p->nTime, p->nDropped,
                          p->nMaxDrop, &score);
  }else{
    rc = olympicScore(p->aTime, p->nTime, p->nDropped, p->nMaxDrop, &score);
  }
  if( rc==SQLITE_OK ){
    sqlite3_result_double(ctx, score);
  }else if( rc==SQLITE_DONE ){
    sqlite3_result_null(ctx);
  }else{
    sqlite3_result_error_nomem(ctx);
  }
  sqlite3_free(p->aTime);
  sqlite3_free(p->aValue);
}

/* The end of a computation that mlpStopOpen let stop (sqlite3_interrupt,
** or a probe that ran out of memory) or that found nothing: closes pStop;
** NULL for SQLITE_DONE, the error of any other code but SQLITE_OK. 1 when
** the result is set. */
static int resultOfStop(sqlite3_context *ctx, int rc, MlpStop *pStop){
  if( rc==SQLITE_INTERRUPT && pStop->rc!=SQLITE_OK ) rc = pStop->rc;
  mlpStopClose(pStop);
  if( rc==SQLITE_DONE ){
    sqlite3_result_null(ctx);
  }else if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(ctx, rc);
  }
  return rc!=SQLITE_OK;
}

static void scoreCiFinal(sqlite3_context *ctx){
  ScoreAcc *p = scoreDone(ctx);
  sqlite3_int64 nRun;
  MlpStop stop;
  OlympicCi ci;
  sqlite3_str *pStr;
  int rc;
  if( p==0 ) return;
  nRun = p->nTime + p->nDropped;
  if( nRun>SCORE_MAX_WORK/p->nResample ){
    mlpResultErrorf(ctx, "mlperf_score_ci: resamples x runs must be at most "
                    "%lld, got %lld x %lld", (sqlite3_int64)SCORE_MAX_WORK,
                    p->nResample, nRun);
    goto end;
  }
  mlpStopOpen(sqlite3_context_db_handle(ctx), &stop);
  rc = olympicBootstrap(p->aTime, p->nTime, p->nDropped, p->nMaxDrop, p->level,
                        p->nResample, (sqlite3_uint64)p->iSeed, p->eMethod,
                        mlpStopCheck, &stop, &ci);
  if( resultOfStop(ctx, rc, &stop) ) goto end;
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendall(pStr, "{\"score\":");
  mlpAppendJsonNumber(pStr, ci.score);
  sqlite3_str_appendall(pStr, ",\"low\":");
  mlpAppendJsonNumber(pStr, ci.low);
  sqlite3_str_appendall(pStr, ",\"high\":");
  mlpAppendJsonNumber(pStr, ci.high);
  sqlite3_str_appendall(pStr, "}");
  resultStr(ctx, pStr);
end:
  sqlite3_free(p->aTime);
}

/* ---------------------------------------------------------------------- */
/* scaling_fit, breakeven                                                 */

typedef struct CurveAcc CurveAcc;
struct CurveAcc {
  FitPoint *aPoint;       /* rows with both n and t */
  sqlite3_int64 nPoint;   /* entries used in aPoint */
  sqlite3_int64 nAlloc;   /* entries allocated in aPoint */
  int eKind;              /* FIT_* or BREAKEVEN_*, from the first row */
  int eLoss;              /* scaling_fit: FIT_LOSS_*, from the first row */
  double theta;           /* breakeven: theta, from the first row */
  double level;           /* breakeven_ci, scaling_fit: level, first row */
  sqlite3_int64 nResample;/* breakeven_ci, scaling_fit: resamples, first row */
  sqlite3_int64 iSeed;    /* breakeven_ci, scaling_fit: seed, first row */
  int bInit;              /* the constant arguments have been read */
  int bFailed;            /* an error was reported; ignore further rows */
};

static CurveAcc *curveAcc(sqlite3_context *ctx){
  CurveAcc *p = (CurveAcc*)sqlite3_aggregate_context(ctx, sizeof(CurveAcc));
  if( p==0 ) sqlite3_result_error_nomem(ctx);
  return p;
}

/* Add the row (n, t) of argv[0..1]; skipped when either is NULL. */
static void curveAddRow(sqlite3_context *ctx, CurveAcc *p, sqlite3_value **argv){
  static const char *const azArg[] = { "n", "t" };
  const char *zFunc = (const char*)sqlite3_user_data(ctx);
  double a[2];
  int i;
  for(i=0; i<2; i++){
    int bNull;
    if( positiveArg(ctx, argv, i, zFunc, azArg[i], &a[i], &bNull) ){
      p->bFailed = 1;
      return;
    }
    if( bNull ) return;
  }
  if( p->nPoint==p->nAlloc ){
    sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
    FitPoint *aNew = sqlite3_realloc64(p->aPoint, nNew*sizeof(FitPoint));
    if( aNew==0 ){
      p->bFailed = 1;
      sqlite3_result_error_nomem(ctx);
      return;
    }
    p->aPoint = aNew;
    p->nAlloc = nNew;
  }
  p->aPoint[p->nPoint].n = a[0];
  p->aPoint[p->nPoint].t = a[1];
  p->nPoint++;
}

/*
** The xStep of the curve aggregates: the first row sets the function's
** arguments up (xInit, which reports its own error and returns 0 on one),
** every row adds its point. After a failure the other rows are ignored.
*/
static void curveStep(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                      int (*xInit)(sqlite3_context*, CurveAcc*, int,
                                   sqlite3_value**)){
  CurveAcc *p = curveAcc(ctx);
  if( p==0 || p->bFailed ) return;
  if( !p->bInit && !xInit(ctx, p, argc, argv) ){
    p->bFailed = 1;
    return;
  }
  curveAddRow(ctx, p, argv);
}

/* scaling_fit's bootstrap: at most this many resamples, and resamples x
** rows at most SCALING_FIT_MAX_WORK (each resample is a whole fit, up to
** a few hundred row reads per row when it iterates). */
#define SCALING_FIT_MAX_RESAMPLES 100000
#define SCALING_FIT_MAX_WORK      10000000

/* One key of scaling_fit's options (an MlpOptionFunc): 'loss', and the
** bootstrap's 'resamples', 'level' and 'seed'. */
static int scalingFitOption(void *pArg, const char *zKey, const char *zType,
                            sqlite3_value *pVal, char **pzErr){
  static const char *const azLoss[] = { "absolute", "relative", 0 };
  CurveAcc *p = (CurveAcc*)pArg;
  if( strcmp(zKey, "loss")==0 ){
    return mlpOptChoice("scaling_fit", zKey, zType, pVal, azLoss, &p->eLoss, pzErr);
  }
  if( strcmp(zKey, "resamples")==0 ){
    return mlpOptInt("scaling_fit", zKey, zType, pVal, 0,
                     SCALING_FIT_MAX_RESAMPLES, &p->nResample, pzErr);
  }
  if( strcmp(zKey, "seed")==0 ){
    return mlpOptInt("scaling_fit", zKey, zType, pVal, MLP_SMALLEST_INT64,
                     MLP_LARGEST_INT64, &p->iSeed, pzErr);
  }
  if( strcmp(zKey, "level")==0 ){
    if( mlpOptNumber(zType, pVal, &p->level) && p->level>0.0 && p->level<1.0 ){
      return SQLITE_OK;
    }
    return mlpOptError(pzErr, "scaling_fit", zKey,
                       "a number greater than 0 and less than 1",
                       mlpOptText(zType, pVal));
  }
  return SQLITE_NOTFOUND;
}

/* The model and options, from the first row: 0 after reporting an error. */
static int scalingFitInit(sqlite3_context *ctx, CurveAcc *p, int argc,
                          sqlite3_value **argv){
  static const struct { const char *zName; int eModel; } aModel[] = {
    { "amdahl", FIT_AMDAHL },
    { "comm",   FIT_COMM },
    { "power",  FIT_POWER },
  };
  p->eKind = FIT_AMDAHL;
  p->eLoss = FIT_LOSS_ABSOLUTE;
  p->level = 0.95;
  p->nResample = 0;
  p->iSeed = 0;
  if( argc>=3 ){
    const char *z = (const char*)sqlite3_value_text(argv[2]);
    size_t i;
    p->eKind = -1;
    for(i=0; z && sqlite3_value_type(argv[2])==SQLITE_TEXT
             && i<sizeof(aModel)/sizeof(aModel[0]); i++){
      if( strcmp(z, aModel[i].zName)==0 ) p->eKind = aModel[i].eModel;
    }
    if( p->eKind<0 ){
      mlpResultErrorf(ctx, "scaling_fit: model must be 'amdahl', 'comm' or "
                      "'power', got '%s'", mlpValueText(argv[2]));
      return 0;
    }
  }
  if( argc>=4 ){
    char *zErr = 0;
    int rc = mlpParseOptions(sqlite3_context_db_handle(ctx), "scaling_fit",
                             argv[3], scalingFitOption, p, &zErr);
    if( rc!=SQLITE_OK ){
      mlpResultFail(ctx, rc, zErr);
      return 0;
    }
  }
  p->bInit = 1;
  return 1;
}

static void scalingFitStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  curveStep(ctx, argc, argv, scalingFitInit);
}

/* The bootstrap's members of scaling_fit's JSON: "ci", one [low, high] per
** parameter (nulls when no resample gave a fit), and "ci_failed". */
static void appendFitCi(sqlite3_str *pStr, int eModel, const FitScalingCi *pCi){
  static const char *const azAmdahl[] = { "a", "b", "serial_fraction" };
  static const char *const azComm[] = { "a", "b", "c" };
  static const char *const azPower[] = { "c", "alpha" };
  const char *const *azName = eModel==FIT_POWER ? azPower
                            : eModel==FIT_COMM ? azComm : azAmdahl;
  int j;
  sqlite3_str_appendall(pStr, ",\"ci\":{");
  for(j=0; j<fitParamCount(eModel); j++){
    sqlite3_str_appendf(pStr, "%s\"%s\":[", j ? "," : "", azName[j]);
    mlpAppendJsonNumber(pStr, pCi->aLow[j]);
    sqlite3_str_appendall(pStr, ",");
    mlpAppendJsonNumber(pStr, pCi->aHigh[j]);
    sqlite3_str_appendall(pStr, "]");
  }
  sqlite3_str_appendf(pStr, "},\"ci_failed\":%lld", pCi->nFailed);
}

static void scalingFitFinal(sqlite3_context *ctx){
  CurveAcc *p = (CurveAcc*)sqlite3_aggregate_context(ctx, 0);
  FitScalingCi ci;
  FitResult r;
  MlpStop stop;
  sqlite3_str *pStr;
  int rc;
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return;
  }
  if( p->bFailed ) goto end;
  if( p->nResample>0 && p->nPoint>SCALING_FIT_MAX_WORK/p->nResample ){
    mlpResultErrorf(ctx, "scaling_fit: resamples x rows must be at most "
                    "%lld, got %lld x %lld", (sqlite3_int64)SCALING_FIT_MAX_WORK,
                    p->nResample, p->nPoint);
    goto end;
  }
  mlpStopOpen(sqlite3_context_db_handle(ctx), &stop);
  rc = fitScaling(p->aPoint, p->nPoint, p->eKind, p->eLoss, mlpStopCheck, &stop, &r);
  if( rc==SQLITE_OK && p->nResample>0 ){
    rc = fitScalingBootstrap(p->aPoint, p->nPoint, p->eKind, p->eLoss, p->level,
                             p->nResample, (sqlite3_uint64)p->iSeed,
                             mlpStopCheck, &stop, &ci);
  }
  if( resultOfStop(ctx, rc, &stop) ) goto end;
  pStr = sqlite3_str_new(0);
  if( p->eKind==FIT_POWER ){
    sqlite3_str_appendall(pStr, "{\"c\":");
    mlpAppendJsonNumber(pStr, r.c);
    sqlite3_str_appendall(pStr, ",\"alpha\":");
    mlpAppendJsonNumber(pStr, r.alpha);
  }else{
    sqlite3_str_appendall(pStr, "{\"a\":");
    mlpAppendJsonNumber(pStr, r.a);
    sqlite3_str_appendall(pStr, ",\"b\":");
    mlpAppendJsonNumber(pStr, r.b);
  }
  if( p->eKind==FIT_AMDAHL ){
    sqlite3_str_appendall(pStr, ",\"serial_fraction\":");
    mlpAppendJsonNumber(pStr, r.a/(r.a + r.b));       /* null when a+b = 0 */
  }else if( p->eKind==FIT_COMM ){
    sqlite3_str_appendall(pStr, ",\"c\":");
    mlpAppendJsonNumber(pStr, r.c);
    sqlite3_str_appendall(pStr, ",\"n_fastest\":");
    mlpAppendJsonNumber(pStr, r.c>0.0 ? r.b*log(2.0)/r.c : NAN);
  }
  if( p->eKind!=FIT_POWER ){
    static const char *const azCoef[] = { "a", "b", "c" };
    int j, nOut = 0;
    sqlite3_str_appendall(pStr, ",\"bounds_active\":[");
    for(j=0; j<3; j++){
      if( r.mBound & (1<<j) ) sqlite3_str_appendf(pStr, "%s\"%s\"", nOut++ ? "," : "", azCoef[j]);
    }
    sqlite3_str_appendall(pStr, "]");
  }
  sqlite3_str_appendall(pStr, ",\"r2\":");
  mlpAppendJsonNumber(pStr, r.r2);
  sqlite3_str_appendf(pStr, ",\"points\":%lld", r.nPoint);
  sqlite3_str_appendall(pStr, ",\"rel_error_at_largest\":");
  mlpAppendJsonNumber(pStr, r.relErrLargest);
  sqlite3_str_appendall(pStr, ",\"max_abs_rel_error\":");
  mlpAppendJsonNumber(pStr, r.maxAbsRelErr);
  sqlite3_str_appendall(pStr, ",\"loo_rel_error_at_largest\":");
  mlpAppendJsonNumber(pStr, r.looRelErrLargest);     /* null: no refit */
  sqlite3_str_appendall(pStr, ",\"aicc\":");
  mlpAppendJsonNumber(pStr, r.aicc);                 /* null: undefined */
  if( p->nResample>0 ) appendFitCi(pStr, p->eKind, &ci);
  sqlite3_str_appendall(pStr, "}");
  resultStr(ctx, pStr);
end:
  sqlite3_free(p->aPoint);
}

/*
** The constant arguments of breakeven and breakeven_ci, from the first row:
** criterion and theta, and for breakeven_ci level, resamples and seed (a
** NULL theta is the default there, so that level can follow). 0 after
** reporting an error.
*/
static int breakevenInit(sqlite3_context *ctx, CurveAcc *p, int argc,
                         sqlite3_value **argv){
  static const struct { const char *zName; int eCriterion; } aCrit[] = {
    { "efficacy",   BREAKEVEN_EFFICACY },
    { "marginal",   BREAKEVEN_MARGINAL },
    { "knee",       BREAKEVEN_KNEE },
    { "efficiency", BREAKEVEN_EFFICIENCY },
  };
  const char *zFunc = (const char*)sqlite3_user_data(ctx);
  int bCi = strcmp(zFunc, "breakeven_ci")==0;
  p->eKind = BREAKEVEN_EFFICACY;
  p->theta = 0.5;
  p->level = 0.95;
  p->nResample = 2000;
  p->iSeed = 0;
  if( argc>=3 ){
    const char *z = (const char*)sqlite3_value_text(argv[2]);
    size_t i;
    p->eKind = -1;
    for(i=0; z && sqlite3_value_type(argv[2])==SQLITE_TEXT
             && i<sizeof(aCrit)/sizeof(aCrit[0]); i++){
      if( strcmp(z, aCrit[i].zName)==0 ) p->eKind = aCrit[i].eCriterion;
    }
    if( p->eKind<0 ){
      mlpResultErrorf(ctx, "%s: criterion must be 'efficacy', 'marginal', "
                      "'knee' or 'efficiency', got '%s'", zFunc,
                      mlpValueText(argv[2]));
      return 0;
    }
  }
  if( argc>=4 && !(bCi && sqlite3_value_type(argv[3])==SQLITE_NULL) ){
    int eType = sqlite3_value_numeric_type(argv[3]);
    double r = sqlite3_value_double(argv[3]);
    if( p->eKind!=BREAKEVEN_MARGINAL && p->eKind!=BREAKEVEN_EFFICIENCY ){
      mlpResultErrorf(ctx, "%s: criterion '%s' takes no theta, got '%s'", zFunc,
                      mlpValueText(argv[2]), mlpValueText(argv[3]));
      return 0;
    }
    if( (eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT) || !(r>0.0 && r<=1.0) ){
      mlpResultErrorf(ctx, "%s: theta must be a number greater than 0 and at "
                      "most 1, got '%s'", zFunc, mlpValueText(argv[3]));
      return 0;
    }
    p->theta = r;
  }
  if( argc>=5 ){
    int eType = sqlite3_value_numeric_type(argv[4]);
    double r = sqlite3_value_double(argv[4]);
    if( (eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT) || !(r>0.0 && r<1.0) ){
      mlpResultErrorf(ctx, "%s: level must be a number greater than 0 and less "
                      "than 1, got '%s'", zFunc, mlpValueText(argv[4]));
      return 0;
    }
    p->level = r;
  }
  if( argc>=6 && !integerArg(argv[5], 1, SCORE_MAX_RESAMPLES, &p->nResample) ){
    mlpResultErrorf(ctx, "%s: resamples must be an integer from 1 to %lld, got "
                    "'%s'", zFunc, (sqlite3_int64)SCORE_MAX_RESAMPLES,
                    mlpValueText(argv[5]));
    return 0;
  }
  if( argc>=7 && !integerArg(argv[6], MLP_SMALLEST_INT64, MLP_LARGEST_INT64,
                             &p->iSeed) ){
    mlpResultErrorf(ctx, "%s: seed must be an integer, got '%s'", zFunc,
                    mlpValueText(argv[6]));
    return 0;
  }
  p->bInit = 1;
  return 1;
}

static void breakevenStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  curveStep(ctx, argc, argv, breakevenInit);
}

/* Append a size as JSON: an integer when whole, null when NaN. */
static void appendBreakeven(sqlite3_str *pStr, double n){
  if( n==floor(n) && n<=9007199254740992.0 ){
    sqlite3_str_appendf(pStr, "%lld", (sqlite3_int64)n);
  }else{
    mlpAppendJsonNumber(pStr, n);
  }
}

/* The members "n", "next" and "censored" of a bracket. */
static void appendBracket(sqlite3_str *pStr, const FitBracket *pB){
  sqlite3_str_appendall(pStr, "\"n\":");
  appendBreakeven(pStr, pB->n);
  sqlite3_str_appendall(pStr, ",\"next\":");
  appendBreakeven(pStr, pB->next);
  sqlite3_str_appendf(pStr, ",\"censored\":%s", pB->bCensored ? "true" : "false");
}

static void breakevenCiFinal(sqlite3_context *ctx){
  CurveAcc *p = (CurveAcc*)sqlite3_aggregate_context(ctx, 0);
  FitBreakevenCi ci;
  MlpStop stop;
  sqlite3_str *pStr;
  int rc;
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return;
  }
  if( p->bFailed ) goto end;
  if( p->nPoint>SCORE_MAX_WORK/p->nResample ){
    mlpResultErrorf(ctx, "breakeven_ci: resamples x rows must be at most "
                    "%lld, got %lld x %lld", (sqlite3_int64)SCORE_MAX_WORK,
                    p->nResample, p->nPoint);
    goto end;
  }
  mlpStopOpen(sqlite3_context_db_handle(ctx), &stop);
  rc = fitBreakevenBootstrap(p->aPoint, p->nPoint, p->eKind, p->theta, p->level,
                             p->nResample, (sqlite3_uint64)p->iSeed,
                             mlpStopCheck, &stop, &ci);
  if( resultOfStop(ctx, rc, &stop) ) goto end;
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendall(pStr, "{");
  appendBracket(pStr, &ci.point);
  sqlite3_str_appendall(pStr, ",\"low\":");
  appendBreakeven(pStr, ci.low);
  sqlite3_str_appendall(pStr, ",\"high\":");
  appendBreakeven(pStr, ci.high);
  sqlite3_str_appendf(pStr, ",\"draws\":%lld,\"failed\":%lld}", p->nResample,
                      ci.nFailed);
  resultStr(ctx, pStr);
end:
  sqlite3_free(p->aPoint);
}

/* breakeven: the last size meeting the criterion, NULL when censored (the
** criterion never fails) or undefined. */
static void breakevenFinal(sqlite3_context *ctx){
  CurveAcc *p = (CurveAcc*)sqlite3_aggregate_context(ctx, 0);
  FitBracket b;
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return;
  }
  if( p->bFailed ) goto end;
  if( fitBreakeven(p->aPoint, p->nPoint, p->eKind, p->theta, &b)!=SQLITE_OK
   || b.bCensored ){
    sqlite3_result_null(ctx);
  }else if( b.n==floor(b.n) && b.n<=9007199254740992.0 ){
    sqlite3_result_int64(ctx, (sqlite3_int64)b.n);
  }else{
    sqlite3_result_double(ctx, b.n);
  }
end:
  sqlite3_free(p->aPoint);
}

/* ---------------------------------------------------------------------- */
/* e_prime_interval                                                       */

/* One pair's runs read from its JSON array: the converged times (owned)
** and the number of nulls (runs that did not converge). */
typedef struct EpiRuns EpiRuns;
struct EpiRuns {
  double *aTime;
  sqlite3_int64 nTime, nAlloc, nInf;
};

/* The options of e_prime_interval. */
typedef struct EpiOptions EpiOptions;
struct EpiOptions {
  sqlite3_int64 nDrop;    /* 'drop', default 1 */
  double level;           /* 'level', default 0.95 */
};

/* The error of option zKey of e_prime_interval: a JSON string shown in
** its quotes, so that "0.5" is not taken for the number 0.5, and a
** negative zero with its sign (SQLite's text of -0.0 is 0.0). */
static int ePrimeIntervalOptionError(char **pzErr, const char *zKey,
                                     const char *zExpect, const char *zType,
                                     sqlite3_value *pVal){
  int rc;
  char *zGot;
  if( strcmp(zType, "real")==0 && sqlite3_value_double(pVal)==0.0
   && signbit(sqlite3_value_double(pVal)) ){
    return mlpOptError(pzErr, "e_prime_interval", zKey, zExpect, "-0.0");
  }
  if( strcmp(zType, "text")!=0 ){
    return mlpOptError(pzErr, "e_prime_interval", zKey, zExpect,
                       mlpOptText(zType, pVal));
  }
  zGot = sqlite3_mprintf("\"%s\"", mlpValueText(pVal));
  if( zGot==0 ) return SQLITE_NOMEM;
  rc = mlpOptError(pzErr, "e_prime_interval", zKey, zExpect, zGot);
  sqlite3_free(zGot);
  return rc;
}

/* One key of e_prime_interval's options (an MlpOptionFunc). */
static int ePrimeIntervalOption(void *pArg, const char *zKey, const char *zType,
                                sqlite3_value *pVal, char **pzErr){
  EpiOptions *p = (EpiOptions*)pArg;
  if( strcmp(zKey, "drop")==0 ){
    if( strcmp(zType, "text")==0 || strcmp(zType, "real")==0 ){
      return ePrimeIntervalOptionError(pzErr, zKey,
                                       "an integer from 0 to 1000000000", zType, pVal);
    }
    return mlpOptInt("e_prime_interval", zKey, zType, pVal, 0, 1000000000,
                     &p->nDrop, pzErr);
  }
  if( strcmp(zKey, "level")==0 ){
    if( mlpOptNumber(zType, pVal, &p->level) && p->level>0.0 && p->level<1.0 ){
      return SQLITE_OK;
    }
    return ePrimeIntervalOptionError(pzErr, zKey,
                                     "a number greater than 0 and less than 1",
                                     zType, pVal);
  }
  return SQLITE_NOTFOUND;
}

/*
** Read pVal (argument zArg), a JSON array of minutes, into *p: each element
** a positive finite number or null (a run that did not converge), at most
** EPCI_MAX_RUNS of them. The text must be RFC 8259 JSON (jsonStrictValid)
** before SQLite's json_each reads it: SQLite reads JSON5 from 3.42 on, where
** NaN would be null (a run that did not converge) and 0x10 would be 16, so
** the same text would mean something else on another engine. A bad element
** is quoted as written (-0.0, not SQLite's 0.0). SQLITE_OK, or an error
** code after setting the result (a message for bad input).
*/
static int ePrimeIntervalRuns(sqlite3_context *ctx, sqlite3_value *pVal,
                              const char *zArg, EpiRuns *p){
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  sqlite3_stmt *pStmt = 0;
  sqlite3_int64 i = 0;
  const char *zJson = 0;
  size_t nJson = 0;
  int rc = SQLITE_OK;
  if( sqlite3_value_type(pVal)!=SQLITE_BLOB ){
    zJson = (const char*)sqlite3_value_text(pVal);
    if( zJson==0 ){
      sqlite3_result_error_nomem(ctx);
      return SQLITE_NOMEM;
    }
    nJson = (size_t)sqlite3_value_bytes(pVal);
  }
  if( zJson==0 || !jsonStrictValid(zJson, nJson)
   || zJson[jsonStrictSkipSpace(zJson, nJson, 0)]!='[' ){
    mlpResultErrorf(ctx, "e_prime_interval: %s must be a JSON array of minutes, "
                    "got '%s'", zArg, mlpValueText(pVal));
    return SQLITE_ERROR;
  }
  rc = sqlite3_prepare_v2(db, "SELECT type, value FROM json_each(?1)", -1,
                          &pStmt, 0);
  if( rc==SQLITE_OK ) sqlite3_bind_text(pStmt, 1, zJson, (int)nJson, SQLITE_STATIC);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zType = (const char*)sqlite3_column_text(pStmt, 0);
    sqlite3_value *pItem = sqlite3_column_value(pStmt, 1);
    double r = sqlite3_value_double(pItem);
    size_t iItem = 0, nItem = 0;
    if( zType==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    if( i>=EPCI_MAX_RUNS ){
      mlpResultErrorf(ctx, "e_prime_interval: %s must have at most %d runs, "
                      "got more", zArg, EPCI_MAX_RUNS);
      sqlite3_finalize(pStmt);
      return SQLITE_ERROR;
    }
    if( strcmp(zType, "null")==0 ){
      p->nInf++;
    }else if( (strcmp(zType, "integer")==0 || strcmp(zType, "real")==0)
           && isfinite(r) && r>0.0 ){
      if( p->nTime==p->nAlloc ){
        sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
        double *aNew = sqlite3_realloc64(p->aTime, nNew*sizeof(double));
        if( aNew==0 ){
          rc = SQLITE_NOMEM;
          break;
        }
        p->aTime = aNew;
        p->nAlloc = nNew;
      }
      p->aTime[p->nTime++] = r;
    }else{
      /* The element as written: a string in its quotes, so that "5" is
      ** not taken for 5, and -0.0 or 1e999 as the text holds them. */
      if( !jsonStrictArrayItem(zJson, nJson, i, &iItem, &nItem) ) nItem = 0;
      mlpResultErrorf(ctx, "e_prime_interval: %s[%lld] must be a positive "
                      "number or null, got '%.*s'", zArg, i, (int)nItem,
                      zJson + iItem);
      sqlite3_finalize(pStmt);
      return SQLITE_ERROR;
    }
    i++;
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_finalize(pStmt);
  }else{
    sqlite3_finalize(pStmt);
  }
  if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else if( rc!=SQLITE_OK ){
    sqlite3_result_error_code(ctx, rc);
  }
  return rc;
}

/* The error of epciInterval's reason eWhy (EPCI_WHY_*). */
static void ePrimeIntervalError(sqlite3_context *ctx, int eWhy, const EpiRuns *aRuns,
                                sqlite3_int64 nDrop){
  static const char *const azArg[] = { "ref_minutes", "minutes" };
  int iPair = eWhy & EPCI_WHY_NEW;
  const EpiRuns *p = &aRuns[iPair];
  switch( eWhy & ~EPCI_WHY_NEW ){
    case EPCI_WHY_FEW:
      mlpResultErrorf(ctx, "e_prime_interval: %s has %lld runs, fewer than the "
                      "%lld that drop %lld needs (2 kept)", azArg[iPair],
                      p->nTime + p->nInf, 2*nDrop + 2, nDrop);
      break;
    case EPCI_WHY_UNCONV:
      mlpResultErrorf(ctx, "e_prime_interval: %s has %lld runs that did not "
                      "converge (null), more than drop %lld: no official time",
                      azArg[iPair], p->nInf, nDrop);
      break;
    default:
      mlpResultErrorf(ctx, "e_prime_interval: result out of range of a double");
      break;
  }
}

static void ePrimeIntervalFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  static const char *const azArg[] = { "ref_minutes", "minutes", "n_ref", "n" };
  EpiRuns aRuns[2];
  EpiOptions opt;
  EpciResult r;
  double aN[2];
  sqlite3_str *pStr;
  int i, eWhy, rc;
  memset(aRuns, 0, sizeof(aRuns));
  opt.nDrop = 1;
  opt.level = 0.95;
  for(i=2; i<4; i++){
    int bNull;
    if( positiveArg(ctx, argv, i, "e_prime_interval", azArg[i], &aN[i-2], &bNull) ){
      return;
    }
    if( bNull ){
      sqlite3_result_null(ctx);
      return;
    }
  }
  if( sqlite3_value_type(argv[0])==SQLITE_NULL
   || sqlite3_value_type(argv[1])==SQLITE_NULL ){
    sqlite3_result_null(ctx);
    return;
  }
  if( argc>=5 ){
    char *zErr = 0;
    rc = mlpParseOptions(sqlite3_context_db_handle(ctx), "e_prime_interval",
                         argv[4], ePrimeIntervalOption, &opt, &zErr);
    if( rc!=SQLITE_OK ){
      mlpResultFail(ctx, rc, zErr);
      return;
    }
  }
  for(i=0; i<2; i++){
    if( ePrimeIntervalRuns(ctx, argv[i], azArg[i], &aRuns[i])!=SQLITE_OK ) goto end;
  }
  {
    EpciPair ref = { aRuns[0].aTime, aRuns[0].nTime, aRuns[0].nInf };
    EpciPair sys = { aRuns[1].aTime, aRuns[1].nTime, aRuns[1].nInf };
    rc = epciInterval(&ref, &sys, aN[0], aN[1], opt.nDrop, opt.level, &r, &eWhy);
  }
  if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
    goto end;
  }
  if( rc!=SQLITE_OK ){
    ePrimeIntervalError(ctx, eWhy, aRuns, opt.nDrop);
    goto end;
  }
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendall(pStr, "{\"e_prime\":");
  mlpAppendJsonNumber(pStr, r.ePrime);
  sqlite3_str_appendall(pStr, ",\"low\":");
  mlpAppendJsonNumber(pStr, r.low);
  sqlite3_str_appendall(pStr, ",\"high\":");
  mlpAppendJsonNumber(pStr, r.high);
  sqlite3_str_appendall(pStr, ",\"level\":");
  mlpAppendJsonNumber(pStr, opt.level);
  sqlite3_str_appendall(pStr, ",\"method\":\"yuen_welch_log\",\"t_ref\":");
  mlpAppendJsonNumber(pStr, r.tRef);
  sqlite3_str_appendall(pStr, ",\"t\":");
  mlpAppendJsonNumber(pStr, r.t);
  sqlite3_str_appendall(pStr, ",\"se_log\":");
  mlpAppendJsonNumber(pStr, r.seLog);
  sqlite3_str_appendall(pStr, ",\"df\":");
  mlpAppendJsonNumber(pStr, r.df);                 /* null: se_log = 0 */
  sqlite3_str_appendf(pStr, ",\"drop\":%lld,\"runs_ref\":%lld,\"runs\":%lld,"
                      "\"unconverged_ref\":%lld,\"unconverged\":%lld}",
                      opt.nDrop, aRuns[0].nTime + aRuns[0].nInf,
                      aRuns[1].nTime + aRuns[1].nInf, aRuns[0].nInf, aRuns[1].nInf);
  resultStr(ctx, pStr);
end:
  sqlite3_free(aRuns[0].aTime);
  sqlite3_free(aRuns[1].aTime);
}

/* breakeven_bracket: {"n","next","censored"}, NULL when undefined. */
static void breakevenBracketFinal(sqlite3_context *ctx){
  CurveAcc *p = (CurveAcc*)sqlite3_aggregate_context(ctx, 0);
  FitBracket b;
  sqlite3_str *pStr;
  if( p==0 ){
    sqlite3_result_null(ctx);       /* no rows at all */
    return;
  }
  if( p->bFailed ) goto end;
  if( fitBreakeven(p->aPoint, p->nPoint, p->eKind, p->theta, &b)!=SQLITE_OK ){
    sqlite3_result_null(ctx);
    goto end;
  }
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendall(pStr, "{");
  appendBracket(pStr, &b);
  sqlite3_str_appendall(pStr, "}");
  resultStr(ctx, pStr);
end:
  sqlite3_free(p->aPoint);
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
  static const struct {
    const char *zName;
    int nArgMin, nArgMax;
    void (*xStep)(sqlite3_context*, int, sqlite3_value**);
    void (*xFinal)(sqlite3_context*);
  } aAgg[] = {
    { "mlperf_score",    2, 4, scoreStep,     scoreFinal },
    { "mlperf_score_ci", 2, 7, scoreStep,     scoreCiFinal },
    { "scaling_fit",     2, 4, scalingFitStep, scalingFitFinal },
    { "breakeven",       2, 4, breakevenStep, breakevenFinal },
    { "breakeven_bracket", 2, 4, breakevenStep, breakevenBracketFinal },
    { "breakeven_ci",    2, 7, breakevenStep, breakevenCiFinal },
  };
  const int flags = SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS;
  int rc = SQLITE_OK;
  size_t i;
  int nArg;
  for(i=0; rc==SQLITE_OK && i<sizeof(aFunc)/sizeof(aFunc[0]); i++){
    rc = sqlite3_create_function(db, aFunc[i].zName, aFunc[i].nArg, flags,
                                 (void*)aFunc[i].zName, aFunc[i].xFunc, 0, 0);
  }
  for(nArg=4; rc==SQLITE_OK && nArg<=5; nArg++){
    rc = sqlite3_create_function(db, "e_prime_interval", nArg, flags,
                                 (void*)"e_prime_interval", ePrimeIntervalFunc, 0, 0);
  }
  for(i=0; rc==SQLITE_OK && i<sizeof(aAgg)/sizeof(aAgg[0]); i++){
    for(nArg=aAgg[i].nArgMin; rc==SQLITE_OK && nArg<=aAgg[i].nArgMax; nArg++){
      rc = sqlite3_create_function(db, aAgg[i].zName, nArg, flags,
                                   (void*)aAgg[i].zName, 0,
                                   aAgg[i].xStep, aAgg[i].xFinal);
    }
  }
  return rc;
}
