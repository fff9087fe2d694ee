/*
** stats.c: the distributions every module shares, each written once:
** Student's t (its CDF through the regularized incomplete beta function,
** its quantile by bisection on that CDF), the chi-square upper tail and
** the standard normal quantile and CDF. Plain C, no SQLite call and no
** allocation; the API is in ext/base/stats.h, tests/unit/stats_test.c
** checks it against scipy's values.
*/
#define _DEFAULT_SOURCE 1       /* lgamma_r: lgamma writes the global signgam */
#include "base/stats.h"
#include <float.h>
#include <math.h>

/*
** lgamma(z + 1/2) - lgamma(z) for z >= 20, from Stirling's series of each
** (terms to z^-9: the next changes it by less than 1e-17): the two
** values are close, their difference would lose the digits a direct
** subtraction of lgamma values of about z log z keeps only to that size.
*/
static double statsLogGammaHalfStep(double z){
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
static double statsLogBeta(double a, double b){
  const double logSqrtPi = 0.57236494292470008707;
  int sign;
  if( b==0.5 && a>=20.0 ) return logSqrtPi - statsLogGammaHalfStep(a);
  if( a==0.5 && b>=20.0 ) return logSqrtPi - statsLogGammaHalfStep(b);
  return lgamma_r(a, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
}

/*
** The factor x^a y^b / (a B(a, b)) of I_x(a, b). For a below 1/2, a B(a, b)
** is taken as Gamma(a + 1) Gamma(b) / Gamma(a + b), near 1 for small a:
** log B(a, b) is about -log(a) there (744 at the smallest double), and
** dividing exp(... - log B) by a would keep only |log a| ulps fewer digits,
** and none below a = 1e-308.
*/
static double statsBetaFront(double a, double b, double logX, double logY){
  int sign;
  if( a<0.5 ){
    double logAB = lgamma_r(a + 1.0, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
    return exp(a*logX + b*logY - logAB);
  }
  return exp(a*logX + b*logY - statsLogBeta(a, b))/a;
}

/*
** The continued fraction of I_x(a, b) (Numerical Recipes' betacf, modified
** Lentz): converges fast for x < (a + 1)/(a + b + 2).
*/
static double statsBetaFraction(double a, double b, double x){
  const double tiny = 1e-300;
  double c = 1.0, d, h, del, num;
  int m;
  d = 1.0 - (a + b)*x/(a + 1.0);
  if( fabs(d)<tiny ) d = tiny;
  d = 1.0/d;
  h = d;
  for(m=1; m<=STATS_CF_MAX_ITER; m++){
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
static double statsIncBetaLow(double a, double b, double x, double y){
  double logX, logY;
  if( x==0.0 ) return 0.0;
  logX = x<0.5 ? log(x) : log1p(-y);
  logY = y<0.5 ? log(y) : log1p(-x);
  return statsBetaFront(a, b, logX, logY)*statsBetaFraction(a, b, x);
}

double statsIncBeta(double a, double b, double x, double y){
  if( !(a>0.0 && b>0.0 && x>=0.0 && y>=0.0 && x<=1.0 && y<=1.0) ) return NAN;
  if( x<(a + 1.0)/(a + b + 2.0) ) return statsIncBetaLow(a, b, x, y);
  return 1.0 - statsIncBetaLow(b, a, y, x);
}

/*
** P(T <= -|t|) for t != 0: 0.5 I_x(df/2, 1/2) with x = 1/(1 + u^2),
** u = |t|/sqrt(df), and 1 - x = u^2/(1 + u^2) computed as such (no
** cancellation near t = 0). Past u^2 = DBL_MAX, x underflows to 0 and the
** tail is taken from its logarithm, as the front factor of the fraction
** (which is then 1).
*/
static double statsStudentTail(double t, double df){
  double a = 0.5*df, u = fabs(t)/sqrt(df), u2 = u*u, x, y;
  if( isinf(u2) ){
    double logX = -2.0*(log(fabs(t)) - 0.5*log(df));
    return 0.5*statsBetaFront(a, 0.5, logX, 0.0);
  }
  x = 1.0/(1.0 + u2);
  y = u2/(1.0 + u2);
  return 0.5*statsIncBeta(a, 0.5, x, y);
}

double statsStudentTCdf(double t, double df){
  double tail;
  if( isnan(t) || isnan(df) || !(df>0.0) ) return NAN;
  if( t==0.0 ) return 0.5;
  if( isinf(t) ) return t<0.0 ? 0.0 : 1.0;
  /* df/2 rounds to 0 at the smallest double: the tail is 1/2 within
  ** df |log(t^2/df)|, below the smallest double too. */
  if( 0.5*df==0.0 ) return 0.5;
  tail = statsStudentTail(t, df);
  return t<0.0 ? tail : 1.0 - tail;
}

/*
** The t > 0 with P(T > t) = tail, 0 < tail < 1/2, by bisection on the
** lower tail as statsStudentTCdf computes it (of -t: the same digits for
** either sign). Inf where t is beyond the doubles.
*/
static double statsStudentUpper(double tail, double df){
  double lo = 0.0, hi = 1.0;
  int i;
  for(i=0; i<1100 && statsStudentTCdf(-hi, df)>tail; i++){
    lo = hi;
    hi *= 2.0;
  }
  /* Halve [lo, hi] until no double lies between: at most ~1100 steps, as
  ** both ends are doubles of one binade after the first few. */
  for(i=0; i<2200; i++){
    double mid = lo + 0.5*(hi - lo);
    if( mid<=lo || mid>=hi ) break;
    if( statsStudentTCdf(-mid, df)>tail ) lo = mid; else hi = mid;
  }
  return hi;
}

double statsStudentTQuantile(double p, double df){
  if( !(p>0.0 && p<1.0) || !(df>0.0) ) return NAN;
  if( p==0.5 ) return 0.0;
  if( p<0.5 ) return -statsStudentUpper(p, df);
  return statsStudentUpper(1.0 - p, df);
}

double statsChiSquareSf(double x, double df){
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
    for(i=1; i<=STATS_CF_MAX_ITER; i++){
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
  for(i=1; i<=STATS_CF_MAX_ITER; i++){
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

/*
** The standard normal quantile Phi^-1(p), 0 < p < 1: Wichura's AS241
** (PPND16, 1988), about 16 significant digits, the algorithm of Python's
** statistics.NormalDist.inv_cdf, so a check in Python can follow it.
*/
double statsNormalQuantile(double p){
  double q = p - 0.5, r, x;
  if( fabs(q)<=0.425 ){
    r = 0.180625 - q*q;
    return q*(((((((2509.0809287301226727*r + 33430.575583588128105)*r
               + 67265.770927008700853)*r + 45921.953931549871457)*r
               + 13731.693765509461125)*r + 1971.5909503065514427)*r
               + 133.14166789178437745)*r + 3.387132872796366608)
           / (((((((5226.495278852545925*r + 28729.085735721942674)*r
               + 39307.89580009271061)*r + 21213.794301586595867)*r
               + 5394.1960214247511077)*r + 687.1870074920579083)*r
               + 42.313330701600911252)*r + 1.0);
  }
  r = q<=0.0 ? p : 1.0 - p;
  r = sqrt(-log(r));
  if( r<=5.0 ){
    r -= 1.6;
    x = (((((((7.7454501427834140764e-4*r + 0.0227238449892691845833)*r
          + 0.24178072517745061177)*r + 1.27045825245236838258)*r
          + 3.64784832476320460504)*r + 5.7694972214606914055)*r
          + 4.6303378461565452959)*r + 1.42343711074968357734)
      / (((((((1.05075007164441684324e-9*r + 5.475938084995344946e-4)*r
          + 0.0151986665636164571966)*r + 0.14810397642748007459)*r
          + 0.68976733498510000455)*r + 1.6763848301838038494)*r
          + 2.05319162663775882187)*r + 1.0);
  }else{
    r -= 5.0;
    x = (((((((2.01033439929228813265e-7*r + 2.71155556874348757815e-5)*r
          + 0.0012426609473880784386)*r + 0.026532189526576123093)*r
          + 0.29656057182850489123)*r + 1.7848265399172913358)*r
          + 5.4637849111641143699)*r + 6.6579046435011037772)
      / (((((((2.04426310338993978564e-15*r + 1.4215117583164458887e-7)*r
          + 1.8463183175100546818e-5)*r + 7.868691311456132591e-4)*r
          + 0.0148753612908506148525)*r + 0.13692988092273580531)*r
          + 0.59983220655588793769)*r + 1.0);
  }
  return q<0.0 ? -x : x;
}

/* The standard normal CDF, through erfc (accurate in both tails). */
double statsNormalCdf(double x){
  return 0.5*erfc(-x/sqrt(2.0));
}
