/*
** rcp.c: the arithmetic of MLCommons' rcp_checker (mlperf_logging/
** rcp_checker/rcp_checker.py), reproduced operation for operation so that
** its results come out bit for bit: numpy's olympic mean of the reference
** and submission runs, the one-sided t-test of _find_p_value and the
** bisection of _find_min_acceptable_mean (Student's t distribution from
** ext/base/stats.c). The cores of olympic_mean and rcp_min_mean
** (ext/mlperf/rcp_sql.c). Plain C; memory through sqlite3_malloc64 only. The API is in ext/mlperf/rcp.h.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/rcp.h"
#include "base/stats.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>

/* numpy's pairwise_sum_DOUBLE (loops_utils.h.src), contiguous. */
static double rcpPairwiseSum(const double *a, sqlite3_int64 n){
  if( n<8 ){
    double res = 0.0;
    sqlite3_int64 i;
    for(i=0; i<n; i++) res += a[i];
    return res;
  }else if( n<=128 ){
    double r[8], res;
    sqlite3_int64 i;
    int j;
    for(j=0; j<8; j++) r[j] = a[j];
    for(i=8; i<n-(n%8); i+=8){
      for(j=0; j<8; j++) r[j] += a[i+j];
    }
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for(; i<n; i++) res += a[i];
    return res;
  }else{
    sqlite3_int64 n2 = n/2;
    n2 -= n2 % 8;
    return rcpPairwiseSum(a, n2) + rcpPairwiseSum(a+n2, n-n2);
  }
}

double rcpNumpySum(const double *a, sqlite3_int64 n){
  double sum = 0.0;
  sqlite3_int64 i;
  for(i=0; i<n; i+=RCP_NUMPY_BUFSIZE){
    sqlite3_int64 nBlock = n-i<RCP_NUMPY_BUFSIZE ? n-i : RCP_NUMPY_BUFSIZE;
    sum += rcpPairwiseSum(a+i, nBlock);
  }
  return sum;
}

int rcpOlympicMean(double *a, sqlite3_int64 n, sqlite3_int64 nDrop,
                   double *pMean){
  sqlite3_int64 nKeep;
  assert( n>=0 && nDrop>=0 );
  if( nDrop>=n || n-nDrop<=nDrop ) return SQLITE_DONE;
  nKeep = n - nDrop - nDrop;
  qsort(a, (size_t)n, sizeof(double), statsCmpDoubleQsort);
  *pMean = rcpNumpySum(a+nDrop, nKeep)/(double)nKeep;
  return SQLITE_OK;
}

double rcpPValue(const RcpTtest *p, double cand, double mean, double stdev){
  /* scipy: _equal_var_ttest_denom(std1**2, n1, std2**2, n2), then
  ** _ttest_ind_from_stats and _ttest_finish (two-sided: stdtr(df, -|t|)*2). */
  double n1 = (double)p->nRef, n2 = (double)p->nSubm;
  double v = stdev*stdev;
  double df = (double)(p->nRef + p->nSubm) - 2.0;
  double svar = ((n1 - 1.0)*v + (n2 - 1.0)*v)/df;
  double denom = sqrt(svar*(1.0/n1 + 1.0/n2));
  double t = (cand - mean)/denom;
  double pTwo = statsStudentTCdf(-fabs(t), df)*2.0;
  /* the checker's conversion from the two-sided to a one-sided test */
  return t<0.0 ? pTwo/2.0 : 1.0 - pTwo/2.0;
}

int rcpMinMean(const RcpTtest *p, double mean, double stdev, RcpMinMean *pOut){
  double lo = 0.0, hi = mean, mid;
  pOut->nStep = 0;
  pOut->min_mean = mean;
  if( stdev==0.0 ) return SQLITE_OK;
  mid = (lo + hi)/2.0;
  while( hi - lo>p->tolerance ){
    if( !(lo<mid && mid<hi) ) return SQLITE_RANGE;
    assert( pOut->nStep<RCP_MAX_STEPS );
    if( rcpPValue(p, mid, mean, stdev)>p->alpha ){
      hi = mid;
    }else{
      lo = mid;
    }
    mid = (lo + hi)/2.0;
    pOut->nStep++;
  }
  pOut->min_mean = mid;
  return SQLITE_OK;
}
