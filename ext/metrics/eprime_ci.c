/*
** eprime_ci.c: the interval of E' from the runs of two pairs (the core of
** e_prime_interval): Yuen's trimmed-mean t interval on the log of each
** pair's olympic mean, with Welch-Satterthwaite degrees of freedom. Plain
** C; memory through sqlite3_malloc64 only. The API and the formulas are in
** ext/metrics/eprime_ci.h, the SQL surface in ext/metrics/metrics_sql.c.
**
** Why this interval: the official time is the olympic mean, a trimmed mean
** (the nDrop fastest and slowest runs dropped), and Yuen's standard error,
** from the winsorized variance, is the one of a trimmed mean; logs make
** the ratio a difference and the noise of run times (a few percent,
** multiplicative) symmetric. tests/unit/eprime_ci_test.c measures its
** coverage on simulated pairs (docs/metrics.md, "Coverage").
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "metrics/eprime_ci.h"
#include "metrics/formulas.h"
#include "metrics/olympic.h"
#include "base/stats.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One pair's part of the interval: its olympic mean, the squared standard
** error d of the log of its trimmed mean, and h - 1. */
typedef struct EpciStats EpciStats;
struct EpciStats { double mean, d, dfOne; };

/*
** The statistics of one pair: its times sorted (a copy), the olympic mean
** by olympicScore, the winsorized variance of the log times with the
** infinite ones among the largest. SQLITE_ERROR with the reason (without
** the pair bit) in *peWhy.
*/
static int epciPairStats(const EpciPair *p, sqlite3_int64 nDrop,
                         EpciStats *pOut, int *peWhy){
  sqlite3_int64 nRun = p->nTime + p->nInf, h = nRun - 2*nDrop, i;
  double *aLog = 0, lo, hi, sum = 0.0, ss = 0.0, mean;
  int rc = SQLITE_OK;
  if( p->nInf>nDrop ){
    *peWhy = EPCI_WHY_UNCONV;
    return SQLITE_ERROR;
  }
  if( nDrop>EPCI_MAX_RUNS || h<2 ){
    *peWhy = EPCI_WHY_FEW;
    return SQLITE_ERROR;
  }
  aLog = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)p->nTime);
  if( aLog==0 ) return SQLITE_NOMEM;
  memcpy(aLog, p->aTime, sizeof(double)*(size_t)p->nTime);
  qsort(aLog, (size_t)p->nTime, sizeof(double), statsCmpDoubleQsort);
  rc = olympicScore(aLog, p->nTime, p->nInf, nDrop, &pOut->mean);
  assert( rc==SQLITE_OK );        /* nInf <= nDrop and h >= 2 */
  for(i=0; i<p->nTime; i++) aLog[i] = log(aLog[i]);
  /* Sorted ranks 0..nRun-1, the infinite ones last: rank nDrop is the
  ** smallest kept, rank nRun-nDrop-1 the largest (finite, as nInf <= nDrop). */
  lo = aLog[nDrop];
  hi = aLog[nRun - nDrop - 1];
  for(i=0; i<nRun; i++){
    double x = i<nDrop ? lo : i>=nRun - nDrop ? hi : aLog[i];
    sum += x;
  }
  mean = sum/(double)nRun;
  for(i=0; i<nRun; i++){
    double x = i<nDrop ? lo : i>=nRun - nDrop ? hi : aLog[i];
    ss += (x - mean)*(x - mean);
  }
  pOut->d = ss/((double)h*(double)(h - 1));   /* (N-1) s_w^2 / (h (h-1)) */
  pOut->dfOne = (double)(h - 1);
  sqlite3_free(aLog);
  return rc;
}

int epciInterval(const EpciPair *pRef, const EpciPair *pNew, double nRef,
                 double n, sqlite3_int64 nDrop, double level,
                 EpciResult *pOut, int *peWhy){
  EpciStats ref, sys;
  double se2, aArg[4];
  int rc, eWhyMetric;
  assert( level>0.0 && level<1.0 && nDrop>=0 );
  *peWhy = 0;
  rc = epciPairStats(pRef, nDrop, &ref, peWhy);
  if( rc!=SQLITE_OK ) return rc;
  rc = epciPairStats(pNew, nDrop, &sys, peWhy);
  if( rc!=SQLITE_OK ){
    *peWhy |= EPCI_WHY_NEW;
    return rc;
  }
  pOut->tRef = ref.mean;
  pOut->t = sys.mean;
  se2 = ref.d + sys.d;
  pOut->seLog = sqrt(se2);
  if( se2>0.0 ){
    pOut->df = se2*se2/(ref.d*ref.d/ref.dfOne + sys.d*sys.d/sys.dfOne);
    /* From the lower tail (1 - level)/2 itself, so that a level near 1
    ** keeps its digits (not 1 - (1 + level)/2). */
    pOut->q = -statsStudentTQuantile(0.5*(1.0 - level), pOut->df);
  }else{
    pOut->df = NAN;
    pOut->q = 0.0;
  }
  /* E' as e_prime() computes it, so both give the same bits. */
  aArg[0] = ref.mean;
  aArg[1] = sys.mean;
  aArg[2] = nRef;
  aArg[3] = n;
  if( metricEval(METRIC_E_PRIME, aArg, &pOut->ePrime, &eWhyMetric)!=SQLITE_OK ){
    *peWhy = EPCI_WHY_RANGE;
    return SQLITE_ERROR;
  }
  /* An end beyond the doubles (few runs and a level near 1 make q huge, or
  ** infinite) leaves the interval unbounded on that side: high Inf, low 0
  ** (below the least subnormal). The point E' is finite and positive. */
  pOut->low = pOut->ePrime*exp(-pOut->q*pOut->seLog);
  pOut->high = pOut->ePrime*exp(pOut->q*pOut->seLog);
  return SQLITE_OK;
}
