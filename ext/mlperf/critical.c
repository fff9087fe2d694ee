/*
** critical.c: the noise scale B_noise of a task (McCandlish et al. 2018)
** from samples to converge measured at several global batch sizes, and
** its stratified bootstrap. The API and its conventions are critical.h's.
** No SQL: only sqlite3_malloc64 and sqlite3_free.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/critical.h"
#include "mlperf/rcp.h"
#include "base/util.h"
#include "base/stats.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>

/* Rows in order of batch size, then samples. */
static int critRowCmp(const void *pA, const void *pB){
  const CritRow *a = (const CritRow*)pA, *b = (const CritRow*)pB;
  int c = statsCmpDouble(a->b, b->b);
  return c ? c : statsCmpDouble(a->s, b->s);
}

/*
** The least-squares line through (x[i], y[i]), i < n (n >= 2, x not all
** equal), by centred sums: *pSlope and *pIntercept. SQLITE_OK, or
** SQLITE_ERROR when the x are too close to measure a slope: the sum of
** squared deviations is not a normal double (distinct batch sizes below
** about 1e-146 square to 0), or the slope or intercept is not finite. The
** glue bounds every value to 1e100, so no sum overflows.
*/
static int critLine(const double *x, const double *y, sqlite3_int64 n,
                    double *pSlope, double *pIntercept){
  double mx = 0.0, my = 0.0, sxx = 0.0, sxy = 0.0;
  sqlite3_int64 i;
  for(i=0; i<n; i++){
    mx += x[i];
    my += y[i];
  }
  mx /= (double)n;
  my /= (double)n;
  for(i=0; i<n; i++){
    sxx += (x[i] - mx)*(x[i] - mx);
    sxy += (x[i] - mx)*(y[i] - my);
  }
  if( !(sxx>=DBL_MIN) || !isfinite(sxx) || !isfinite(sxy) ) return SQLITE_ERROR;
  *pSlope = sxy/sxx;
  *pIntercept = my - *pSlope*mx;
  if( !isfinite(*pSlope) || !isfinite(*pIntercept) ) return SQLITE_ERROR;
  return SQLITE_OK;
}

/*
** The points of sorted rows: the distinct batch sizes into aB, the olympic
** mean of each one's rows into aMean (aScratch, nRow doubles, holds a copy
** of the samples for rcpOlympicMean, which sorts in place). *pnPoint is
** their count. SQLITE_ERROR (CRIT_WHY_ROWS, the batch size at fault in
** pFit) when a batch size has no more than 2 x nDrop rows.
*/
static int critPoints(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
                      double *aScratch, double *aB, double *aMean,
                      sqlite3_int64 *pnPoint, CritFit *pFit, int *peWhy){
  sqlite3_int64 i = 0, nPoint = 0;
  while( i<nRow ){
    sqlite3_int64 j = i, k;
    while( j<nRow && aRow[j].b==aRow[i].b ) j++;
    if( j - i <= 2*nDrop ){
      pFit->rBad = aRow[i].b;
      pFit->nBadRows = j - i;
      *peWhy = CRIT_WHY_ROWS;
      return SQLITE_ERROR;
    }
    for(k=i; k<j; k++) aScratch[k-i] = aRow[k].s;
    aB[nPoint] = aRow[i].b;
    rcpOlympicMean(aScratch, j - i, nDrop, &aMean[nPoint]);
    nPoint++;
    i = j;
  }
  *pnPoint = nPoint;
  return SQLITE_OK;
}

/*
** R^2 and the largest relative error of the fitted line over the points.
** The glue bounds every point to [1e-100, 1e100]: distinct points then
** differ by more than 1e-116, whose square is a normal double, so SSTot is
** 0 only when every point is equal (and the slope, 0, was refused before),
** and no ratio fitted/point overflows (each fitted value of a least-squares
** line is within sqrt(n) x 1e100 of the points' mean).
*/
static void critDiagnostics(const double *aB, const double *aMean, sqlite3_int64 n,
                            CritFit *pFit){
  double my = 0.0, ssRes = 0.0, ssTot = 0.0, maxRel = 0.0;
  sqlite3_int64 i;
  for(i=0; i<n; i++) my += aMean[i];
  my /= (double)n;
  for(i=0; i<n; i++){
    double fitted = pFit->eMin + pFit->slope*aB[i];
    double rel = fabs(fitted/aMean[i] - 1.0);
    ssRes += (aMean[i] - fitted)*(aMean[i] - fitted);
    ssTot += (aMean[i] - my)*(aMean[i] - my);
    if( rel>maxRel ) maxRel = rel;
  }
  pFit->r2 = ssTot>0.0 ? 1.0 - ssRes/ssTot : 1.0;
  pFit->maxRelErr = maxRel;
}

int critFit(CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
            CritFit *pFit, int *peWhy){
  double *aScratch = 0, *aB, *aMean;
  sqlite3_int64 nPoint = 0;
  int rc = SQLITE_OK;
  assert( nDrop>=0 );
  memset(pFit, 0, sizeof(*pFit));
  *peWhy = 0;
  pFit->nRow = nRow;
  if( nRow>1 ) qsort(aRow, (size_t)nRow, sizeof(CritRow), critRowCmp);
  if( nRow>0 ){
    aScratch = sqlite3_malloc64(3*(sqlite3_uint64)nRow*sizeof(double));
    if( aScratch==0 ) return SQLITE_NOMEM;
    pFit->bMin = aRow[0].b;
    pFit->bMax = aRow[nRow-1].b;
  }
  aB = aScratch + nRow;
  aMean = aB + nRow;
  rc = critPoints(aRow, nRow, nDrop, aScratch, aB, aMean, &nPoint, pFit, peWhy);
  pFit->nPoint = nPoint;
  if( rc!=SQLITE_OK ) goto end;
  if( nPoint<3 ){
    *peWhy = CRIT_WHY_POINTS;
    rc = SQLITE_ERROR;
    goto end;
  }
  if( critLine(aB, aMean, nPoint, &pFit->slope, &pFit->eMin)!=SQLITE_OK ){
    *peWhy = CRIT_WHY_SPREAD;
    rc = SQLITE_ERROR;
    goto end;
  }
  if( !(pFit->slope>0.0) ){
    *peWhy = CRIT_WHY_FLAT;
    rc = SQLITE_ERROR;
    goto end;
  }
  if( !(pFit->eMin>0.0) ){
    *peWhy = CRIT_WHY_EMIN;
    rc = SQLITE_ERROR;
    goto end;
  }
  pFit->bNoise = pFit->eMin/pFit->slope;
  critDiagnostics(aB, aMean, nPoint, pFit);
end:
  sqlite3_free(aScratch);
  return rc;
}

/*
** One resample: each batch size's rows drawn with replacement (ascending
** batch sizes, the group's count of draws), its olympic mean into aMean.
** The points are those of critPoints (aB, nPoint), so none can fail.
*/
static void critResample(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
                         uint64_t *pState, double *aScratch, double *aMean){
  sqlite3_int64 i = 0, nPoint = 0;
  while( i<nRow ){
    sqlite3_int64 j = i, k;
    while( j<nRow && aRow[j].b==aRow[i].b ) j++;
    for(k=0; k<j-i; k++){
      aScratch[k] = aRow[i + (sqlite3_int64)utilBelow(utilSplitmix64Next, pState,
                                                       (uint64_t)(j - i))].s;
    }
    rcpOlympicMean(aScratch, j - i, nDrop, &aMean[nPoint]);
    nPoint++;
    i = j;
  }
}

int critBootstrap(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
                  double level, sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                  int (*xStop)(void*), void *pStopArg, CritCi *pCi){
  double *aBuf;
  double *aScratch, *aB, *aMean, *aEmin, *aK;
  sqlite3_int64 nPoint = 0, r;
  uint64_t state = iSeed;
  UtilStop stop;
  CritFit unused;
  int eWhy, rc = SQLITE_OK;
  double kLow, kHigh;
  assert( nRow>0 && nResample>0 );
  memset(pCi, 0, sizeof(*pCi));
  aBuf = sqlite3_malloc64((3*(sqlite3_uint64)nRow + 2*(sqlite3_uint64)nResample)
                          *sizeof(double));
  if( aBuf==0 ) return SQLITE_NOMEM;
  aScratch = aBuf;
  aB = aScratch + nRow;
  aMean = aB + nRow;
  aEmin = aMean + nRow;
  aK = aEmin + nResample;
  memset(&unused, 0, sizeof(unused));
  rc = critPoints(aRow, nRow, nDrop, aScratch, aB, aMean, &nPoint, &unused, &eWhy);
  if( rc!=SQLITE_OK ) goto end;
  utilStopInit(&stop, xStop, pStopArg);
  for(r=0; r<nResample; r++){
    double slope, eMin;
    if( utilStopTick(&stop, nRow) ){
      rc = SQLITE_INTERRUPT;
      goto end;
    }
    critResample(aRow, nRow, nDrop, &state, aScratch, aMean);
    if( critLine(aB, aMean, nPoint, &slope, &eMin)!=SQLITE_OK ){
      rc = SQLITE_ERROR;
      goto end;
    }
    aEmin[r] = eMin;
    aK[r] = eMin>0.0 ? slope/eMin : slope>0.0 ? INFINITY : 0.0;
    if( !(slope>0.0) ) pCi->nFlat++;
  }
  qsort(aEmin, (size_t)nResample, sizeof(double), statsCmpDoubleQsort);
  qsort(aK, (size_t)nResample, sizeof(double), statsCmpDoubleQsort);
  pCi->eMinLow = statsQuantile7(aEmin, nResample, (1.0 - level)/2.0);
  pCi->eMinHigh = statsQuantile7(aEmin, nResample, (1.0 + level)/2.0);
  kLow = statsQuantile7(aK, nResample, (1.0 - level)/2.0);
  kHigh = statsQuantile7(aK, nResample, (1.0 + level)/2.0);
  pCi->bNoiseLow = kHigh>0.0 ? 1.0/kHigh : NAN;
  pCi->bNoiseHigh = kLow>0.0 ? 1.0/kLow : NAN;
end:
  sqlite3_free(aBuf);
  return rc;
}

/*
** Fieller's interval of a/b from the estimates a, b, their variances va,
** vb and covariance cab at quantile t: the roots of (b^2 - t^2 vb) B^2 -
** 2 (a b - t^2 cab) B + (a^2 - t^2 va) = 0 when the leading coefficient is
** above 0 (the slope differs from 0), else (two rays, or every B) a low
** end and an unbounded (NaN) high end. Low ends below 0 are 0.
*/
static void critFieller(double a, double b, double va, double vb, double cab, double t,
                        double *pLow, double *pHigh){
  double t2 = t*t;
  double qa = b*b - t2*vb, qb = a*b - t2*cab, qc = a*a - t2*va;
  double disc = qb*qb - qa*qc;
  if( qa>0.0 && disc>=0.0 ){
    double r = sqrt(disc);
    *pLow = (qb - r)/qa;
    *pHigh = (qb + r)/qa;
  }else if( qa<0.0 && disc>=0.0 ){
    /* The set is the two rays outside the roots: its positive part is
    ** [larger root, Inf), and from 0 too when the smaller root is above 0. */
    double r = sqrt(disc), rSmall = (qb + r)/qa, rLarge = (qb - r)/qa;
    *pLow = rSmall>0.0 ? 0.0 : rLarge;
    *pHigh = NAN;
  }else{
    *pLow = 0.0;
    *pHigh = NAN;
  }
  if( !(*pLow>0.0) ) *pLow = 0.0;
}

int critMisfit(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
               double level, const CritFit *pFit, CritMisfit *pOut){
  double *aBuf, *aScratch, *aB, *aMean, *aVar;
  double mx = 0.0, sxx = 0.0, ssRes = 0.0, s2, t, va, vb, cab;
  sqlite3_int64 i = 0, m = 0, nTest = 0;
  memset(pOut, 0, sizeof(*pOut));
  aBuf = sqlite3_malloc64(4*(sqlite3_uint64)nRow*sizeof(double));
  if( aBuf==0 ) return SQLITE_NOMEM;
  aScratch = aBuf;
  aB = aScratch + nRow;
  aMean = aB + nRow;
  aVar = aMean + nRow;
  while( i<nRow ){
    sqlite3_int64 j = i, k, nKeep;
    double ss = 0.0;
    while( j<nRow && aRow[j].b==aRow[i].b ) j++;
    for(k=i; k<j; k++) aScratch[k-i] = aRow[k].s;
    aB[m] = aRow[i].b;
    rcpOlympicMean(aScratch, j - i, nDrop, &aMean[m]);
    nKeep = j - i - 2*nDrop;
    for(k=nDrop; k<j-i-nDrop; k++){
      ss += (aScratch[k] - aMean[m])*(aScratch[k] - aMean[m]);
    }
    aVar[m] = nKeep>1 ? ss/(double)(nKeep - 1)/(double)nKeep : 0.0;
    m++;
    i = j;
  }
  for(i=0; i<m; i++) mx += aB[i];
  mx /= (double)m;
  for(i=0; i<m; i++){
    double res = aMean[i] - (pFit->eMin + pFit->slope*aB[i]);
    sxx += (aB[i] - mx)*(aB[i] - mx);
    ssRes += res*res;
    if( aVar[i]>0.0 ){
      pOut->chi2 += res*res/aVar[i];
      nTest++;
    }
  }
  s2 = ssRes/(double)(m - 2);
  t = statsStudentTQuantile((1.0 + level)/2.0, (double)(m - 2));
  vb = s2/sxx;
  va = s2*(1.0/(double)m + mx*mx/sxx);
  cab = -mx*s2/sxx;
  pOut->eMinLow = pFit->eMin - t*sqrt(va);
  pOut->eMinHigh = pFit->eMin + t*sqrt(va);
  critFieller(pFit->eMin, pFit->slope, va, vb, cab, t, &pOut->bNoiseLow, &pOut->bNoiseHigh);
  if( nTest>=3 ){
    pOut->nDf = nTest - 2;
    pOut->pValue = statsChiSquareSf(pOut->chi2, (double)pOut->nDf);
  }else{
    pOut->chi2 = NAN;
    pOut->pValue = NAN;
  }
  sqlite3_free(aBuf);
  return SQLITE_OK;
}
