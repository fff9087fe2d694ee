/*
** critical_sql.c: critical_batch(), the noise scale B_noise of a task
** (McCandlish et al. 2018) from its samples to converge at several global
** batch sizes. Reference: docs/mlperf.md, "The critical batch size".
**
**   critical_batch(batch_size, samples [, options])   aggregate, JSON
**     options: {"drop": 0, "resamples": 0, "level": 0.95, "seed": 0,
**               "on_refusal": "error" | "json"}
**
**   SELECT critical_batch(column1, 1000 * (1 + column1 / 500.0))
**     FROM (VALUES (100), (200), (400), (800));
**   -- {"e_min":1000,"b_noise":500,"slope":2,"r2":1,"points":4,...}
**   SELECT critical_batch(r.batch_size, j.value, '{"drop":1,"resamples":2000}')
**     FROM mlperf_rcps r, json_each(r.runs) j
**    WHERE r.ruleset = '4.1.0' AND r.benchmark = 'bert';
**   -- {"e_min":2303512.73...,"b_noise":12187.17...,...,"b_noise_ci":[11768.0...,12609.1...],...}
**
** The core is ext/mlperf/critical.c.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "mlperf/critical.h"
#include <math.h>
#include <string.h>

/* The most rows one critical_batch holds (16 bytes each). */
#define CRIT_SQL_MAX_ROWS      1000000
/* The bootstrap: at most this many resamples, and resamples x rows. */
#define CRIT_SQL_MAX_RESAMPLES 100000
#define CRIT_SQL_MAX_WORK      50000000
/* The largest batch size or samples accepted (no sum or square of the fit
** can overflow below it), and the smallest samples (no ratio or square of
** the diagnostics, max_rel_error and r2, overflows or underflows above it). */
#define CRIT_SQL_MAX_VALUE     1e100
#define CRIT_SQL_MIN_SAMPLES   1e-100

typedef struct CritAcc CritAcc;
struct CritAcc {
  CritRow *aRow;              /* rows with both values */
  sqlite3_int64 nRow, nAlloc;
  sqlite3_int64 nDrop;        /* options, from the first row */
  sqlite3_int64 nResample;
  sqlite3_int64 iSeed;
  double level;
  int bJsonRefusal;           /* on_refusal 'json' */
  int bInit;                  /* the options are read */
  int bFailed;                /* an error is reported: ignore later rows */
};

/* One key of the options (an MlpOptionFunc). */
static int critOption(void *pArg, const char *zKey, const char *zType,
                      sqlite3_value *pVal, char **pzErr){
  CritAcc *p = (CritAcc*)pArg;
  if( strcmp(zKey, "drop")==0 ){
    return mlpOptInt("critical_batch", zKey, zType, pVal, 0, 1000000, &p->nDrop, pzErr);
  }
  if( strcmp(zKey, "resamples")==0 ){
    return mlpOptInt("critical_batch", zKey, zType, pVal, 0, CRIT_SQL_MAX_RESAMPLES,
                     &p->nResample, pzErr);
  }
  if( strcmp(zKey, "seed")==0 ){
    return mlpOptInt("critical_batch", zKey, zType, pVal, MLP_SMALLEST_INT64,
                     MLP_LARGEST_INT64, &p->iSeed, pzErr);
  }
  if( strcmp(zKey, "on_refusal")==0 ){
    static const char *const azRefusal[] = { "error", "json", 0 };
    return mlpOptChoice("critical_batch", zKey, zType, pVal, azRefusal,
                        &p->bJsonRefusal, pzErr);
  }
  if( strcmp(zKey, "level")==0 ){
    if( mlpOptNumber(zType, pVal, &p->level) && p->level>0.0 && p->level<1.0 ){
      return SQLITE_OK;
    }
    return mlpOptError(pzErr, "critical_batch", zKey,
                       "a number greater than 0 and less than 1",
                       mlpOptText(zType, pVal));
  }
  return SQLITE_NOTFOUND;
}

/* The options, from the first row: 0 after reporting an error. */
static int critInit(sqlite3_context *ctx, CritAcc *p, int argc, sqlite3_value **argv){
  char *zErr = 0;
  int rc;
  p->level = 0.95;
  if( argc<3 ){
    p->bInit = 1;
    return 1;
  }
  rc = mlpParseOptions(sqlite3_context_db_handle(ctx), "critical_batch", argv[2],
                       critOption, p, &zErr);
  if( rc!=SQLITE_OK ){
    mlpResultFail(ctx, rc, zErr);
    return 0;
  }
  p->bInit = 1;
  return 1;
}

/* Argument i as a number above 0 (batch_size) or from CRIT_SQL_MIN_SAMPLES
** (samples) up to CRIT_SQL_MAX_VALUE into *pr: 1, or 0 with *pbNull when it
** is NULL, or 0 after reporting an error. */
static int critValue(sqlite3_context *ctx, sqlite3_value **argv, int i,
                     double *pr, int *pbNull){
  int eType = sqlite3_value_numeric_type(argv[i]);
  *pbNull = eType==SQLITE_NULL;
  if( *pbNull ) return 0;
  if( eType==SQLITE_INTEGER || eType==SQLITE_FLOAT ){
    *pr = sqlite3_value_double(argv[i]);
    if( *pr<=CRIT_SQL_MAX_VALUE && (i==0 ? *pr>0.0 : *pr>=CRIT_SQL_MIN_SAMPLES) ){
      return 1;
    }
  }
  if( i==0 ){
    mlpResultErrorf(ctx, "critical_batch: batch_size must be a positive number up to "
                    "1e+100, got '%s'", mlpValueText(argv[i]));
  }else{
    mlpResultErrorf(ctx, "critical_batch: samples must be a number from 1e-100 to "
                    "1e+100, got '%s'", mlpValueText(argv[i]));
  }
  return 0;
}

static void critStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  CritAcc *p = (CritAcc*)sqlite3_aggregate_context(ctx, sizeof(CritAcc));
  double b, s;
  int bNull;
  if( p==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( p->bFailed ) return;
  if( !p->bInit && !critInit(ctx, p, argc, argv) ) goto fail;
  if( !critValue(ctx, argv, 0, &b, &bNull) ){
    if( bNull ) return;
    goto fail;
  }
  if( !critValue(ctx, argv, 1, &s, &bNull) ){
    if( bNull ) return;
    goto fail;
  }
  if( p->nRow==p->nAlloc ){
    sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 16;
    CritRow *aNew;
    if( p->nRow>=CRIT_SQL_MAX_ROWS ){
      mlpResultErrorf(ctx, "critical_batch: more than %d rows", CRIT_SQL_MAX_ROWS);
      sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
      goto fail;
    }
    if( nNew>CRIT_SQL_MAX_ROWS ) nNew = CRIT_SQL_MAX_ROWS;
    aNew = sqlite3_realloc64(p->aRow, (sqlite3_uint64)nNew*sizeof(CritRow));
    if( aNew==0 ){
      sqlite3_result_error_nomem(ctx);
      goto fail;
    }
    p->aRow = aNew;
    p->nAlloc = nNew;
  }
  p->aRow[p->nRow].b = b;
  p->aRow[p->nRow].s = s;
  p->nRow++;
  return;
fail:
  p->bFailed = 1;
  sqlite3_free(p->aRow);
  p->aRow = 0;
  p->nRow = p->nAlloc = 0;
}

/* Why critFit refused the rows (SQLITE_ERROR, eWhy), without the function's
** name, from sqlite3_mprintf (0: out of memory). */
static char *critRefusal(const CritAcc *p, const CritFit *f, int eWhy){
  switch( eWhy ){
    case CRIT_WHY_POINTS:
      return sqlite3_mprintf("needs at least 3 batch sizes, got %lld", f->nPoint);
    case CRIT_WHY_ROWS:
      return sqlite3_mprintf("batch size %.15g has %lld rows, and drop %lld needs at "
                             "least %lld", f->rBad, f->nBadRows, p->nDrop, 2*p->nDrop + 1);
    case CRIT_WHY_SPREAD:
      return sqlite3_mprintf("batch sizes too close to measure a slope");
    case CRIT_WHY_FLAT:
      return sqlite3_mprintf("no batch effect measurable: samples do not grow with "
                             "the batch size (slope %.6g)", f->slope);
    default:
      return sqlite3_mprintf("no positive e_min: the line's intercept is %.6g "
                             "(samples grow faster than the batch size)", f->eMin);
  }
}

/* A refused fit: the error "critical_batch: <why>", or under on_refusal
** 'json' the result {"refused":"<why>","points":..,"rows":..}. */
static void critRefused(sqlite3_context *ctx, const CritAcc *p, const CritFit *f,
                        int eWhy){
  char *zWhy = critRefusal(p, f, eWhy);
  char *z;
  if( zWhy==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( p->bJsonRefusal ){
    z = sqlite3_mprintf("{\"refused\":\"%s\",\"points\":%lld,\"rows\":%lld}",
                        zWhy, f->nPoint, f->nRow);
    if( z ){
      sqlite3_result_text(ctx, z, -1, sqlite3_free);
    }else{
      sqlite3_result_error_nomem(ctx);
    }
  }else{
    mlpResultErrorf(ctx, "critical_batch: %s", zWhy);
  }
  sqlite3_free(zWhy);
}

/* Whether some batch size has 2 rows or more (aRow sorted). */
static int critAnyRepeat(const CritAcc *p){
  sqlite3_int64 i;
  for(i=1; i<p->nRow; i++){
    if( p->aRow[i].b==p->aRow[i-1].b ) return 1;
  }
  return 0;
}

static void critAppendPair(sqlite3_str *pStr, const char *zName, double lo, double hi){
  sqlite3_str_appendf(pStr, ",\"%s\":[", zName);
  mlpAppendJsonNumber(pStr, lo);
  sqlite3_str_appendall(pStr, ",");
  mlpAppendJsonNumber(pStr, hi);
  sqlite3_str_appendall(pStr, "]");
}

static void critFinal(sqlite3_context *ctx){
  CritAcc *p = (CritAcc*)sqlite3_aggregate_context(ctx, 0);
  CritFit f;
  CritCi ci;
  CritMisfit mis;
  MlpStop stop;
  sqlite3_str *pStr;
  char *z;
  int eWhy, rc;
  if( p==0 || (p->nRow==0 && !p->bFailed) ){
    sqlite3_result_null(ctx);       /* no rows, or none with both values */
    goto end;
  }
  if( p->bFailed ) goto end;
  if( p->nResample>0 && p->nRow>CRIT_SQL_MAX_WORK/p->nResample ){
    mlpResultErrorf(ctx, "critical_batch: resamples x rows must be at most %d, "
                    "got %lld x %lld", CRIT_SQL_MAX_WORK, p->nResample, p->nRow);
    goto end;
  }
  rc = critFit(p->aRow, p->nRow, p->nDrop, &f, &eWhy);
  if( rc==SQLITE_ERROR ){
    critRefused(ctx, p, &f, eWhy);
    goto end;
  }
  if( rc!=SQLITE_OK ){
    sqlite3_result_error_nomem(ctx);
    goto end;
  }
  if( p->nResample>0 ){
    if( !critAnyRepeat(p) ){
      mlpResultErrorf(ctx, "critical_batch: resamples draws the rows of each batch "
                      "size, and every batch size has one row");
      goto end;
    }
    mlpStopOpen(sqlite3_context_db_handle(ctx), &stop);
    rc = critBootstrap(p->aRow, p->nRow, p->nDrop, p->level, p->nResample,
                       (sqlite3_uint64)p->iSeed, mlpStopCheck, &stop, &ci);
    if( rc==SQLITE_INTERRUPT && stop.rc!=SQLITE_OK ) rc = stop.rc;
    mlpStopClose(&stop);
    if( rc==SQLITE_NOMEM ){
      sqlite3_result_error_nomem(ctx);
      goto end;
    }
    if( rc==SQLITE_ERROR ){
      critRefused(ctx, p, &f, CRIT_WHY_SPREAD);
      goto end;
    }
    if( rc!=SQLITE_OK ){
      sqlite3_result_error_code(ctx, rc);
      goto end;
    }
    if( critMisfit(p->aRow, p->nRow, p->nDrop, p->level, &f, &mis)!=SQLITE_OK ){
      sqlite3_result_error_nomem(ctx);
      goto end;
    }
  }
  pStr = sqlite3_str_new(0);
  sqlite3_str_appendall(pStr, "{\"e_min\":");
  mlpAppendJsonNumber(pStr, f.eMin);
  sqlite3_str_appendall(pStr, ",\"b_noise\":");
  mlpAppendJsonNumber(pStr, f.bNoise);
  sqlite3_str_appendall(pStr, ",\"slope\":");
  mlpAppendJsonNumber(pStr, f.slope);
  sqlite3_str_appendall(pStr, ",\"r2\":");
  mlpAppendJsonNumber(pStr, f.r2);
  sqlite3_str_appendf(pStr, ",\"points\":%lld,\"rows\":%lld", f.nPoint, f.nRow);
  sqlite3_str_appendall(pStr, ",\"max_rel_error\":");
  mlpAppendJsonNumber(pStr, f.maxRelErr);
  sqlite3_str_appendall(pStr, ",\"batch_min\":");
  mlpAppendJsonNumber(pStr, f.bMin);
  sqlite3_str_appendall(pStr, ",\"batch_max\":");
  mlpAppendJsonNumber(pStr, f.bMax);
  if( p->nResample>0 ){
    sqlite3_str_appendall(pStr, ",\"level\":");
    mlpAppendJsonNumber(pStr, p->level);
    critAppendPair(pStr, "e_min_ci", mis.eMinLow, mis.eMinHigh);
    critAppendPair(pStr, "b_noise_ci", mis.bNoiseLow, mis.bNoiseHigh);
    critAppendPair(pStr, "e_min_noise_ci", ci.eMinLow, ci.eMinHigh);
    critAppendPair(pStr, "b_noise_noise_ci", ci.bNoiseLow, ci.bNoiseHigh);
    sqlite3_str_appendf(pStr, ",\"resamples\":%lld,\"resamples_flat\":%lld",
                        p->nResample, ci.nFlat);
    sqlite3_str_appendall(pStr, ",\"lack_of_fit_chi2\":");
    mlpAppendJsonNumber(pStr, mis.chi2);
    sqlite3_str_appendf(pStr, ",\"lack_of_fit_df\":%lld,\"lack_of_fit_p\":", mis.nDf);
    mlpAppendJsonNumber(pStr, mis.pValue);
  }
  sqlite3_str_appendall(pStr, "}");
  rc = sqlite3_str_errcode(pStr);
  z = sqlite3_str_finish(pStr);
  if( rc!=SQLITE_OK || z==0 ){
    sqlite3_free(z);
    sqlite3_result_error_nomem(ctx);
  }else{
    sqlite3_result_text(ctx, z, -1, sqlite3_free);
  }
end:
  if( p ) sqlite3_free(p->aRow);
}

int mlpCriticalInit(sqlite3 *db){
  const int flags = SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS;
  int rc = sqlite3_create_function(db, "critical_batch", 2, flags, 0, 0,
                                   critStep, critFinal);
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_function(db, "critical_batch", 3, flags, 0, 0,
                                 critStep, critFinal);
  }
  return rc;
}
