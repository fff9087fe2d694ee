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
#include "base/util.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Terms of the incomplete beta's continued fraction at most (it converges
** in a few dozen for the arguments of a t distribution). */
#define EPCI_CF_MAX 10000

/*
** The continued fraction of the regularized incomplete beta I_x(a, b)
** (modified Lentz), for x < (a + 1)/(a + b + 2), where it converges fast.
*/
static double epciBetaCf(double a, double b, double x){
  const double tiny = 1e-300, eps = 1e-16;
  double c = 1.0, d = 1.0 - (a + b)*x/(a + 1.0), h, aa, del;
  int m;
  if( fabs(d)<tiny ) d = tiny;
  d = 1.0/d;
  h = d;
  for(m=1; m<=EPCI_CF_MAX; m++){
    double m2 = 2.0*m;
    aa = m*(b - m)*x/((a - 1.0 + m2)*(a + m2));
    d = 1.0 + aa*d;
    if( fabs(d)<tiny ) d = tiny;
    c = 1.0 + aa/c;
    if( fabs(c)<tiny ) c = tiny;
    d = 1.0/d;
    h *= d*c;
    aa = -(a + m)*(a + b + m)*x/((a + m2)*(a + 1.0 + m2));
    d = 1.0 + aa*d;
    if( fabs(d)<tiny ) d = tiny;
    c = 1.0 + aa/c;
    if( fabs(c)<tiny ) c = tiny;
    d = 1.0/d;
    del = d*c;
    h *= del;
    if( fabs(del - 1.0)<eps ) break;
  }
  return h;
}

/* The regularized incomplete beta I_x(a, b), a, b > 0, 0 <= x <= 1. */
static double epciIncBeta(double a, double b, double x){
  double lbt;
  if( x<=0.0 ) return 0.0;
  if( x>=1.0 ) return 1.0;
  lbt = lgamma(a + b) - lgamma(a) - lgamma(b) + a*log(x) + b*log1p(-x);
  if( x<(a + 1.0)/(a + b + 2.0) ) return exp(lbt)*epciBetaCf(a, b, x)/a;
  return 1.0 - exp(lbt)*epciBetaCf(b, a, 1.0 - x)/b;
}

/* P(T > t) for t >= 0, T Student's t with df degrees of freedom. */
static double epciStudentTail(double t, double df){
  return 0.5*epciIncBeta(0.5*df, 0.5, df/(df + t*t));
}

/*
** The t > 0 with P(T > t) = tail, 0 < tail < 1/2: taken as the upper tail
** itself, so that a level near 1 keeps its digits ((1 - level)/2, not
** 1 - (1 + level)/2). Inf where t is beyond the doubles.
*/
static double epciStudentUpper(double tail, double df){
  double lo = 0.0, hi = 1.0;
  int i;
  for(i=0; i<1100 && epciStudentTail(hi, df)>tail; i++){
    lo = hi;
    hi *= 2.0;
  }
  /* Halve [lo, hi] until no double lies between: at most ~1100 steps, as
  ** both ends are doubles of one binade after the first few. */
  for(i=0; i<2200; i++){
    double mid = lo + 0.5*(hi - lo);
    if( mid<=lo || mid>=hi ) break;
    if( epciStudentTail(mid, df)>tail ) lo = mid; else hi = mid;
  }
  return hi;
}

double epciStudentQuantile(double p, double df){
  assert( p>0.0 && p<1.0 && df>0.0 );
  if( p==0.5 ) return 0.0;
  if( p<0.5 ) return -epciStudentUpper(p, df);
  return epciStudentUpper(1.0 - p, df);
}

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
  qsort(aLog, (size_t)p->nTime, sizeof(double), utilCmpDoubleQsort);
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
    pOut->q = epciStudentUpper(0.5*(1.0 - level), pOut->df);
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
  pOut->low = pOut->ePrime*exp(-pOut->q*pOut->seLog);
  pOut->high = pOut->ePrime*exp(pOut->q*pOut->seLog);
  if( !(pOut->low>0.0) || !isfinite(pOut->high) ){
    *peWhy = EPCI_WHY_RANGE;
    return SQLITE_ERROR;
  }
  return SQLITE_OK;
}
