/*
** olympic.c: MLCommons' olympic average of a pair's runs and a seeded
** percentile bootstrap of it (the cores of mlperf_score and
** mlperf_score_ci). Plain C; memory through sqlite3_malloc64 only. The API
** is in ext/olympic.h, the SQL surface in ext/metrics_sql.c.
**
** The bootstrap draws from splitmix64 (Steele, Lea & Flood 2014), an index
** below N by rejection (no modulo bias), so a seed gives the same interval
** on every machine. A draw is kept as counts per run; as the converged
** times are sorted, expanding the counts gives the resample already sorted
** (O(N) per resample instead of a sort).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "olympic.h"
#include "util.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
** The exact sum of a[0..n-1], rounded once (Shewchuk's algorithm, as
** Python's math.fsum) of the values scaled by 2^-k: the partials in p
** never overlap, so each takes at least one of the 2098 bit positions of
** a double (2^-1074 to 2^1023) and 2098 of them always suffice (16 KiB);
** the caller's k keeps every partial sum finite.
*/
#define OLYMPIC_PARTIALS 2098
static double olympicExactSum(const double *a, sqlite3_int64 n, int k){
  double p[OLYMPIC_PARTIALS];
  double hi = 0.0, lo = 0.0, x, y, t;
  sqlite3_int64 i;
  int m = 0, j, nKeep;
  for(i=0; i<n; i++){
    x = ldexp(a[i], -k);
    for(nKeep=0, j=0; j<m; j++){
      y = p[j];
      if( fabs(x)<fabs(y) ){ t = x; x = y; y = t; }
      hi = x + y;
      lo = y - (hi - x);
      if( lo!=0.0 ) p[nKeep++] = lo;
      x = hi;
    }
    assert( nKeep<OLYMPIC_PARTIALS );
    p[nKeep] = x;
    m = nKeep + 1;
  }
  /* Add the partials from the largest, stopping at the first inexact
  ** addition, then round half to even as fsum does. */
  hi = p[--m];
  lo = 0.0;
  while( m>0 ){
    x = hi;
    y = p[--m];
    hi = x + y;
    lo = y - (hi - x);
    if( lo!=0.0 ) break;
  }
  if( m>0 && ((lo<0.0 && p[m-1]<0.0) || (lo>0.0 && p[m-1]>0.0)) ){
    y = lo*2.0;
    x = hi + y;
    if( y==x - hi ) hi = x;
  }
  return hi;
}

/*
** The mean of a[0..n-1] (n > 0, every value finite): the plain sum from
** a[0] over n, as MLCommons' summarizer computes it, while that sum is
** finite. Otherwise (values near the largest double, of one sign or not)
** the exact sum of the values scaled by 2^-k, with 2^k >= 2n (scaling by
** a power of two is exact but for values below 2^-1022+k, and the partial
** sums stay within half the largest double), rounded once: huge values
** may cancel, and a plain or compensated sum of 1.7e308 x3, -1.7e308 x3
** and 5 keeps only the rounding errors of the big terms (-5.7e291, or 0,
** for a mean of 5/7). The mean lies between the smallest and the largest
** value, so a result rounded past them (scaling back to Inf included) is
** brought back to that bound. Finite values never give Inf or NaN.
*/
static double olympicMean(const double *a, sqlite3_int64 n){
  double sum = 0.0, lo = a[0], hi = a[0];
  sqlite3_int64 i;
  int k;
  for(i=0; i<n; i++) sum += a[i];
  if( isfinite(sum) ) return sum/(double)n;
  frexp((double)n, &k);           /* n < 2^k */
  k++;
  for(i=0; i<n; i++){
    if( a[i]<lo ) lo = a[i];
    if( a[i]>hi ) hi = a[i];
  }
  sum = ldexp(olympicExactSum(a, n, k)/(double)n, k);
  return sum<lo ? lo : sum>hi ? hi : sum;
}

int olympicScore(const double *aTime, sqlite3_int64 nTime,
                 sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                 double *pScore){
  sqlite3_int64 lo, hi;
  if( nDropped>nMaxDrop ) return SQLITE_DONE;
  lo = nMaxDrop;
  hi = nTime - (nMaxDrop - nDropped);
  if( lo>=hi ) return SQLITE_DONE;
  *pScore = olympicMean(aTime+lo, hi-lo);
  return SQLITE_OK;
}

/* A run ranked by time, ties by row order. */
typedef struct OlympicRank OlympicRank;
struct OlympicRank { double rTime; sqlite3_int64 iRow; };

static int olympicCmpRank(const void *a, const void *b){
  const OlympicRank *x = (const OlympicRank*)a, *y = (const OlympicRank*)b;
  if( x->rTime!=y->rTime ) return (x->rTime>y->rTime) - (x->rTime<y->rTime);
  return (x->iRow>y->iRow) - (x->iRow<y->iRow);
}

int olympicValueMean(const double *aTime, const double *aValue,
                     sqlite3_int64 nTime, sqlite3_int64 nDropped,
                     sqlite3_int64 nMaxDrop, double *pMean){
  sqlite3_int64 lo, hi, i;
  OlympicRank *aRank;
  double *aKept;
  int rc = SQLITE_OK;
  if( nDropped>nMaxDrop ) return SQLITE_DONE;
  lo = nMaxDrop;
  hi = nTime - (nMaxDrop - nDropped);
  if( lo>=hi ) return SQLITE_DONE;
  aRank = sqlite3_malloc64(sizeof(OlympicRank)*(sqlite3_uint64)nTime);
  aKept = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)(hi-lo));
  if( aRank==0 || aKept==0 ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  for(i=0; i<nTime; i++){
    aRank[i].rTime = aTime[i];
    aRank[i].iRow = i;
  }
  qsort(aRank, (size_t)nTime, sizeof(OlympicRank), olympicCmpRank);
  for(i=lo; i<hi; i++){
    aKept[i-lo] = aValue[aRank[i].iRow];
    if( isnan(aKept[i-lo]) ){
      rc = SQLITE_DONE;
      goto end;
    }
  }
  *pMean = olympicMean(aKept, hi-lo);
end:
  sqlite3_free(aRank);
  sqlite3_free(aKept);
  return rc;
}

/* splitmix64 as utilBelow's generator. */
static uint64_t olympicNext(void *pState){
  return utilSplitmix64((uint64_t*)pState);
}

/* Quantile q of sorted a[0..n-1], linear between order statistics. */
static double olympicQuantile(const double *a, sqlite3_int64 n, double q){
  double h = q*(double)(n-1);
  sqlite3_int64 k = (sqlite3_int64)floor(h);
  if( k>=n-1 ) return a[n-1];
  return a[k] + (h - (double)k)*(a[k+1] - a[k]);
}

/*
** One resample: draw N = nTime + nDropped runs into the counts aCnt,
** expand the converged ones, sorted, into aDraw and score them.
*/
static int olympicResample(const double *aTime, sqlite3_int64 nTime,
                           sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                           uint64_t *pState, sqlite3_int64 *aCnt,
                           double *aDraw, double *pScore){
  sqlite3_int64 nRun = nTime + nDropped;
  sqlite3_int64 nDrawDropped = 0, nDraw = 0, i, k;
  memset(aCnt, 0, sizeof(aCnt[0])*(size_t)nTime);
  for(i=0; i<nRun; i++){
    sqlite3_int64 j = (sqlite3_int64)utilBelow(olympicNext, pState, (uint64_t)nRun);
    if( j>=nTime ) nDrawDropped++; else aCnt[j]++;
  }
  if( nDrawDropped>nMaxDrop ) return SQLITE_DONE;
  for(i=0; i<nTime; i++){
    for(k=0; k<aCnt[i]; k++) aDraw[nDraw++] = aTime[i];
  }
  return olympicScore(aDraw, nDraw, nDrawDropped, nMaxDrop, pScore);
}

int olympicBootstrap(const double *aTime, sqlite3_int64 nTime,
                     sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                     double level, sqlite3_int64 nResample,
                     sqlite3_uint64 iSeed, int (*xStop)(void*), void *pStopArg,
                     OlympicCi *pCi){
  UtilStop stop;                /* asks xStop about every million draws */
  sqlite3_int64 *aCnt = 0;
  double *aDraw = 0, *aScore = 0;
  uint64_t state = iSeed;
  sqlite3_int64 r;
  int rc;
  pCi->low = pCi->high = NAN;
  pCi->nScored = 0;
  utilStopInit(&stop, xStop, pStopArg);
  rc = olympicScore(aTime, nTime, nDropped, nMaxDrop, &pCi->score);
  if( rc!=SQLITE_OK ) return rc;
  /* nTime >= 1 here; a draw may hold up to every run converged. */
  aCnt = sqlite3_malloc64(sizeof(aCnt[0])*nTime);
  aDraw = sqlite3_malloc64(sizeof(aDraw[0])*(nTime + nDropped));
  aScore = sqlite3_malloc64(sizeof(aScore[0])*nResample);
  if( aCnt==0 || aDraw==0 || aScore==0 ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  for(r=0; r<nResample; r++){
    double s;
    if( utilStopTick(&stop, nTime + nDropped) ){
      rc = SQLITE_INTERRUPT;
      goto end;
    }
    if( olympicResample(aTime, nTime, nDropped, nMaxDrop, &state,
                        aCnt, aDraw, &s)==SQLITE_OK ){
      aScore[pCi->nScored++] = s;
    }
  }
  if( pCi->nScored>0 ){
    qsort(aScore, (size_t)pCi->nScored, sizeof(double), utilCmpDoubleQsort);
    pCi->low = olympicQuantile(aScore, pCi->nScored, (1.0 - level)/2.0);
    pCi->high = olympicQuantile(aScore, pCi->nScored, (1.0 + level)/2.0);
  }
end:
  sqlite3_free(aCnt);
  sqlite3_free(aDraw);
  sqlite3_free(aScore);
  return rc;
}
