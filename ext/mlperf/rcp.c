/*
** rcp.c: the arithmetic of MLCommons' rcp_checker (mlperf_logging/
** rcp_checker/rcp_checker.py), reproduced operation for operation so that
** its results come out bit for bit: numpy's olympic mean of the reference
** and submission runs, the one-sided t-test of _find_p_value and the
** bisection of _find_min_acceptable_mean; Student's t distribution through
** the regularized incomplete beta function. The cores of olympic_mean,
** student_t_cdf and rcp_min_mean (ext/mlperf/rcp_sql.c). Plain C; memory through
** sqlite3_malloc64 only. The API is in ext/mlperf/rcp.h.
*/
#define _DEFAULT_SOURCE 1       /* lgamma_r: lgamma writes the global signgam */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/rcp.h"
#include "base/util.h"
#include <assert.h>
#include <float.h>
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
  qsort(a, (size_t)n, sizeof(double), utilCmpDoubleQsort);
  *pMean = rcpNumpySum(a+nDrop, nKeep)/(double)nKeep;
  return SQLITE_OK;
}

/*
** lgamma(z + 1/2) - lgamma(z) for z >= 20, from Stirling's series of each
** (terms to z^-9: the next changes it by less than 1e-17): the two
** values are close, their difference would lose the digits a direct
** subtraction of lgamma values of about z log z keeps only to that size.
*/
static double rcpLogGammaHalfStep(double z){
  static const double aStirling[] = {      /* B_2k / (2k (2k - 1)) */
    1.0/12.0, -1.0/360.0, 1.0/1260.0, -1.0/1680.0, 1.0/1188.0
  };
  double zh = z + 0.5, sum = 0.0, pz = 1.0/z, ph = 1.0/zh;
  double qz = pz*pz, qh = ph*ph;
  int k;
  for(k=0; k<5; k++){
    sum += aStirling[k]*(ph - pz);
    pz *= qz;
    ph *= qh;
  }
  /* (z)log(z + 1/2) - (z - 1/2)log(z) - 1/2 = log(z)/2 + z log1p(1/2z) - 1/2 */
  return 0.5*log(z) + (z*log1p(0.5/z) - 0.5) + sum;
}

/*
** log B(a, b) = lgamma(a) + lgamma(b) - lgamma(a + b), for a, b > 0. With
** b (or a) 1/2 and the other large, as for Student's t with many degrees
** of freedom, lgamma(1/2) minus the half step, which keeps its digits.
*/
static double rcpLogBeta(double a, double b){
  const double logSqrtPi = 0.57236494292470008707;
  int sign;
  if( b==0.5 && a>=20.0 ) return logSqrtPi - rcpLogGammaHalfStep(a);
  if( a==0.5 && b>=20.0 ) return logSqrtPi - rcpLogGammaHalfStep(b);
  return lgamma_r(a, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
}

/*
** The factor x^a y^b / (a B(a, b)) of I_x(a, b). For a below 1/2, a B(a, b)
** is taken as Gamma(a + 1) Gamma(b) / Gamma(a + b), near 1 for small a:
** log B(a, b) is about -log(a) there (744 at the smallest double), and
** dividing exp(... - log B) by a would keep only |log a| ulps fewer digits,
** and none below a = 1e-308.
*/
static double rcpBetaFront(double a, double b, double logX, double logY){
  int sign;
  if( a<0.5 ){
    double logAB = lgamma_r(a + 1.0, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
    return exp(a*logX + b*logY - logAB);
  }
  return exp(a*logX + b*logY - rcpLogBeta(a, b))/a;
}

/*
** The continued fraction of I_x(a, b) (Numerical Recipes' betacf, modified
** Lentz): converges fast for x < (a + 1)/(a + b + 2).
*/
static double rcpBetaFraction(double a, double b, double x){
  const double tiny = 1e-300;
  double c = 1.0, d, h, del, num;
  int m;
  d = 1.0 - (a + b)*x/(a + 1.0);
  if( fabs(d)<tiny ) d = tiny;
  d = 1.0/d;
  h = d;
  for(m=1; m<=RCP_CF_MAX_ITER; m++){
    double m2 = 2.0*m;
    num = m*(b - m)*x/((a - 1.0 + m2)*(a + m2));
    d = 1.0 + num*d;
    if( fabs(d)<tiny ) d = tiny;
    c = 1.0 + num/c;
    if( fabs(c)<tiny ) c = tiny;
    d = 1.0/d;
    h *= d*c;
    num = -(a + m)*(a + b + m)*x/((a + m2)*(a + 1.0 + m2));
    d = 1.0 + num*d;
    if( fabs(d)<tiny ) d = tiny;
    c = 1.0 + num/c;
    if( fabs(c)<tiny ) c = tiny;
    d = 1.0/d;
    del = d*c;
    h *= del;
    if( fabs(del - 1.0)<=DBL_EPSILON ) break;
  }
  return h;
}

/*
** I_x(a, b) by the fraction on x, for x < (a + 1)/(a + b + 2); y = 1 - x.
** Each logarithm is taken of whichever of x and y is below 1/2, the other
** through log1p, so that neither loses digits near 0 or 1.
*/
static double rcpIncBetaLow(double a, double b, double x, double y){
  double logX, logY;
  if( x==0.0 ) return 0.0;
  logX = x<0.5 ? log(x) : log1p(-y);
  logY = y<0.5 ? log(y) : log1p(-x);
  return rcpBetaFront(a, b, logX, logY)*rcpBetaFraction(a, b, x);
}

double rcpIncBeta(double a, double b, double x, double y){
  if( !(a>0.0 && b>0.0 && x>=0.0 && y>=0.0 && x<=1.0 && y<=1.0) ) return NAN;
  if( x<(a + 1.0)/(a + b + 2.0) ) return rcpIncBetaLow(a, b, x, y);
  return 1.0 - rcpIncBetaLow(b, a, y, x);
}

/*
** P(T <= -|t|) for t != 0: 0.5 I_x(df/2, 1/2) with x = 1/(1 + u^2),
** u = |t|/sqrt(df), and 1 - x = u^2/(1 + u^2) computed as such (no
** cancellation near t = 0). Past u^2 = DBL_MAX, x underflows to 0 and the
** tail is taken from its logarithm, as the front factor of the fraction
** (which is then 1).
*/
static double rcpStudentTail(double t, double df){
  double a = 0.5*df, u = fabs(t)/sqrt(df), u2 = u*u, x, y;
  if( isinf(u2) ){
    double logX = -2.0*(log(fabs(t)) - 0.5*log(df));
    return 0.5*rcpBetaFront(a, 0.5, logX, 0.0);
  }
  x = 1.0/(1.0 + u2);
  y = u2/(1.0 + u2);
  return 0.5*rcpIncBeta(a, 0.5, x, y);
}

double rcpStudentTCdf(double t, double df){
  double tail;
  if( isnan(t) || isnan(df) || !(df>0.0) ) return NAN;
  if( t==0.0 ) return 0.5;
  if( isinf(t) ) return t<0.0 ? 0.0 : 1.0;
  /* df/2 rounds to 0 at the smallest double: the tail is 1/2 within
  ** df |log(t^2/df)|, below the smallest double too. */
  if( 0.5*df==0.0 ) return 0.5;
  tail = rcpStudentTail(t, df);
  return t<0.0 ? tail : 1.0 - tail;
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
  double pTwo = rcpStudentTCdf(-fabs(t), df)*2.0;
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

double rcpChiSquareSf(double x, double df){
  const double tiny = 1e-300;
  double a = df/2.0, z = x/2.0, front, sum, del, b, c, d, h, an;
  int sign, i;
  if( isnan(x) || isnan(df) || !(df>0.0) ) return NAN;
  if( x<=0.0 ) return 1.0;
  if( isinf(x) ) return 0.0;
  front = a*log(z) - z - lgamma_r(a, &sign);
  if( z<a + 1.0 ){
    /* P(a, z) = e^-z z^a / Gamma(a + 1) sum z^n / ((a+1)...(a+n)) */
    del = sum = 1.0/a;
    for(i=1; i<=RCP_CF_MAX_ITER; i++){
      del *= z/(a + i);
      sum += del;
      if( fabs(del)<fabs(sum)*1e-17 ) break;
    }
    return 1.0 - sum*exp(front);
  }
  b = z + 1.0 - a;
  c = 1.0/tiny;
  d = 1.0/b;
  h = d;
  for(i=1; i<=RCP_CF_MAX_ITER; i++){
    an = -i*(i - a);
    b += 2.0;
    d = an*d + b;
    if( fabs(d)<tiny ) d = tiny;
    c = b + an/c;
    if( fabs(c)<tiny ) c = tiny;
    d = 1.0/d;
    del = d*c;
    h *= del;
    if( fabs(del - 1.0)<1e-16 ) break;
  }
  return exp(front)*h;
}

double rcpStudentTQuantile(double p, double df){
  double lo, hi, mid, tail;
  int i;
  if( !(p>0.0 && p<1.0) || !(df>0.0) ) return NAN;
  if( p==0.5 ) return 0.0;
  if( p<0.5 ) return -rcpStudentTQuantile(1.0 - p, df);
  /* On the lower tail, which rcpStudentTCdf computes directly: the t > 0
  ** with P(T <= -t) = 1 - p. */
  tail = 1.0 - p;
  lo = 0.0;
  hi = 1.0;
  for(i=0; i<2100 && rcpStudentTCdf(-hi, df)>tail; i++){
    lo = hi;
    hi *= 2.0;
  }
  for(i=0; i<2200; i++){
    mid = lo + 0.5*(hi - lo);
    if( mid<=lo || mid>=hi ) break;
    if( rcpStudentTCdf(-mid, df)>tail ) lo = mid; else hi = mid;
  }
  return hi;
}
