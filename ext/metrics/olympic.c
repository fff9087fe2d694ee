/*
** olympic.c: MLCommons' olympic average of a pair's runs and a seeded
** percentile bootstrap of it (the cores of mlperf_score and
** mlperf_score_ci: percentile or BCa). Plain C; memory through sqlite3_malloc64 only. The API
** is in ext/metrics/olympic.h, the SQL surface in ext/metrics/metrics_sql.c.
**
** The bootstrap draws from splitmix64 (Steele, Lea & Flood 2014), an index
** below N by rejection (no modulo bias), so a seed gives the same interval
** on every machine. A draw is kept as counts per run; as the converged
** times are sorted, expanding the counts gives the resample already sorted
** (O(N) per resample instead of a sort).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "metrics/olympic.h"
#include "base/util.h"
#include "base/stats.h"
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
    sqlite3_int64 j = (sqlite3_int64)utilBelow(utilSplitmix64Next, pState, (uint64_t)nRun);
    if( j>=nTime ) nDrawDropped++; else aCnt[j]++;
  }
  if( nDrawDropped>nMaxDrop ) return SQLITE_DONE;
  for(i=0; i<nTime; i++){
    for(k=0; k<aCnt[i]; k++) aDraw[nDraw++] = aTime[i];
  }
  return olympicScore(aDraw, nDraw, nDrawDropped, nMaxDrop, pScore);
}

/*
** The jackknife acceleration of the olympic score over all N = nTime +
** nDropped runs (converged or not): each run left out in turn and the rest
** scored by the same rule; a = sum d^3 / (6 (sum d^2)^1.5) with d the mean
** of the leave-one-out scores minus each. 0 when some leave-one-out has no
** score (too few runs) or every one is the same. The d are scaled by the
** largest |d| first, so huge times cannot overflow the powers.
*/
static int olympicAcceleration(const double *aTime, sqlite3_int64 nTime,
                               sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                               UtilStop *pStop, double *pA){
  sqlite3_int64 nRun = nTime + nDropped, i, j, m;
  double *aLoo, *aRest, mean, big = 0.0, s2 = 0.0, s3 = 0.0;
  int rc = SQLITE_OK;
  *pA = 0.0;
  aLoo = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nRun);
  aRest = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)(nTime>1 ? nTime-1 : 1));
  if( aLoo==0 || aRest==0 ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  for(i=0; i<nRun; i++){
    if( utilStopTick(pStop, nTime) ){
      rc = SQLITE_INTERRUPT;
      goto end;
    }
    if( i<nTime ){
      for(m=0, j=0; j<nTime; j++){ if( j!=i ) aRest[m++] = aTime[j]; }
      if( olympicScore(aRest, m, nDropped, nMaxDrop, &aLoo[i])!=SQLITE_OK ) goto end;
    }else if( olympicScore(aTime, nTime, nDropped-1, nMaxDrop, &aLoo[i])!=SQLITE_OK ){
      goto end;
    }
  }
  mean = olympicMean(aLoo, nRun);
  for(i=0; i<nRun; i++){
    aLoo[i] = mean - aLoo[i];
    if( fabs(aLoo[i])>big ) big = fabs(aLoo[i]);
  }
  if( big==0.0 ) goto end;
  for(i=0; i<nRun; i++){
    double d = aLoo[i]/big;
    s2 += d*d;
    s3 += d*d*d;
  }
  *pA = s3/(6.0*s2*sqrt(s2));
end:
  sqlite3_free(aLoo);
  sqlite3_free(aRest);
  return rc;
}

/*
** The BCa levels of the interval's ends into aQ[0..1] (Efron 1987): z0 =
** Phi^-1(p), p the share of the sorted scores below the score, ties with it
** counting half, kept within [1/(2B), 1 - 1/(2B)]; each nominal quantile
** z = Phi^-1(q) moves to Phi(z0 + (z0 + z)/(1 - a (z0 + z))), or to the
** end that formula tends to (0 or 1) where 1 - a (z0 + z) <= 0.
*/
static void olympicBcaLevels(const double *aScore, sqlite3_int64 nScored,
                             double score, double level, double a,
                             double *pZ0, double aQ[2]){
  sqlite3_int64 nBelow = 0, nEqual = 0, i;
  double p, aNominal[2];
  int k;
  for(i=0; i<nScored && aScore[i]<=score; i++){
    if( aScore[i]<score ) nBelow++; else nEqual++;
  }
  p = ((double)nBelow + 0.5*(double)nEqual)/(double)nScored;
  if( p<0.5/(double)nScored ) p = 0.5/(double)nScored;
  if( p>1.0 - 0.5/(double)nScored ) p = 1.0 - 0.5/(double)nScored;
  *pZ0 = statsNormalQuantile(p);
  aNominal[0] = (1.0 - level)/2.0;
  aNominal[1] = (1.0 + level)/2.0;
  for(k=0; k<2; k++){
    double w = *pZ0 + statsNormalQuantile(aNominal[k]);
    double den = 1.0 - a*w;
    aQ[k] = den>0.0 ? statsNormalCdf(*pZ0 + w/den) : (w>0.0 ? 1.0 : 0.0);
  }
}

int olympicBootstrap(const double *aTime, sqlite3_int64 nTime,
                     sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                     double level, sqlite3_int64 nResample,
                     sqlite3_uint64 iSeed, int eMethod,
                     int (*xStop)(void*), void *pStopArg, OlympicCi *pCi){
  UtilStop stop;                /* asks xStop about every million draws */
  sqlite3_int64 *aCnt = 0;
  double *aScore = 0, *aDraw = 0, aQ[2];
  uint64_t state = iSeed;
  sqlite3_int64 r;
  int rc;
  pCi->low = pCi->high = NAN;
  pCi->z0 = pCi->accel = 0.0;
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
  if( pCi->nScored==0 ) goto end;
  qsort(aScore, (size_t)pCi->nScored, sizeof(double), statsCmpDoubleQsort);
  aQ[0] = (1.0 - level)/2.0;
  aQ[1] = (1.0 + level)/2.0;
  if( eMethod==OLYMPIC_CI_BCA ){
    rc = olympicAcceleration(aTime, nTime, nDropped, nMaxDrop, &stop, &pCi->accel);
    if( rc!=SQLITE_OK ) goto end;
    olympicBcaLevels(aScore, pCi->nScored, pCi->score, level, pCi->accel,
                     &pCi->z0, aQ);
  }
  pCi->low = statsQuantile7(aScore, pCi->nScored, aQ[0]);
  pCi->high = statsQuantile7(aScore, pCi->nScored, aQ[1]);
end:
  sqlite3_free(aCnt);
  sqlite3_free(aDraw);
  sqlite3_free(aScore);
  return rc;
}
