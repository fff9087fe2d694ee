/*
** stats.h: the numeric helpers several modules need, each written once, as
** GSL keeps cdf/tdist.c, cdf/tdistinv.c and cdf/gaussinv.c side by side:
** distributions and their quantiles (ext/base/stats.c), and header-only
** (static inline) the three-way comparison of doubles, the sample quantile
** of the bootstraps and the one test of whether a double fits in int64.
** Plain C, no SQLite call, so every core can include it and stay
** unit-testable (tests/unit/stats_test.c).
**
**     statsStudentTCdf(-2.0, 3.0);            0.0696...  (scipy.special.stdtr)
**     statsStudentTQuantile(0.975, 11.0);     2.2009...  (scipy.stats.t.ppf)
**     statsNormalQuantile(0.975);             1.9599...  (NormalDist().inv_cdf)
**     statsFitsInt64(9223372036854775808.0);  0          (2^63 does not)
*/
#ifndef MLPSCALE_STATS_H
#define MLPSCALE_STATS_H

#include <math.h>
#include <stdint.h>

/*
** The regularized incomplete beta function I_x(a, b), for a, b > 0 and x
** in [0, 1]: the continued fraction (modified Lentz), on x or on 1 - x
** (given as y, exact where x is near 1) whichever converges fast. At most
** STATS_CF_MAX_ITER terms. NaN for arguments out of range.
*/
#define STATS_CF_MAX_ITER 100000
double statsIncBeta(double a, double b, double x, double y);

/*
** Student's t cumulative distribution function P(T <= t) with df > 0
** degrees of freedom (scipy.special.stdtr(df, t)), t of any value (-Inf
** gives 0, Inf 1, NaN NaN): 0.5 I_x(df/2, 1/2), x = df/(df + t^2), for the
** tail, 1 minus it above 0. About 1e-14 relative error up to df 1000,
** growing about as df beyond (2e-11 at df 1e6; tests/unit/stats_test.c).
*/
double statsStudentTCdf(double t, double df);

/*
** Student's t quantile: the t with statsStudentTCdf(t, df) = p, for p in
** (0, 1) and df > 0 (any real df), by bisection to the last bit on the
** tail: the lower tail p itself below 1/2, so that a level near 1 keeps
** its digits. NaN out of range.
*/
double statsStudentTQuantile(double p, double df);

/*
** The chi-square distribution's upper tail P(X > x) with df > 0 degrees of
** freedom (scipy.stats.chi2.sf(x, df)): the regularized upper incomplete
** gamma Q(df/2, x/2), by its series (x/2 < df/2 + 1, as 1 - P) or its
** continued fraction (modified Lentz, directly, so a tail of 1e-300 keeps
** its digits). x <= 0 gives 1, Inf 0; NaN for NaN or df <= 0.
*/
double statsChiSquareSf(double x, double df);

/* The standard normal quantile Phi^-1(p), 0 < p < 1 (Wichura's AS241). */
double statsNormalQuantile(double p);

/* The standard normal CDF, through erfc (accurate in both tails). */
double statsNormalCdf(double x);

/* -1, 0 or 1 as x is below, equal to (or unordered with) or above y. */
static inline int statsCmpDouble(double x, double y){
  return (x>y) - (x<y);
}

/* statsCmpDouble for qsort over an array of double. */
static inline int statsCmpDoubleQsort(const void *a, const void *b){
  return statsCmpDouble(*(const double*)a, *(const double*)b);
}

/*
** Whether the cast (int64_t)r is defined: r in [-2^63, 2^63), the two
** bounds exact doubles (2^63 itself is one above INT64_MAX); 0 for NaN.
** r need not be integral: the cast truncates.
*/
static inline int statsFitsInt64(double r){
  return r>=-9223372036854775808.0 && r<9223372036854775808.0;
}

/* Quantile q (0 <= q <= 1) of sorted a[0..n-1] (n >= 1), linear between
** order statistics (type 7, numpy's default); next to an infinite order
** statistic it is that one. The bootstraps' percentile intervals. */
static inline double statsQuantile7(const double *a, int64_t n, double q){
  double h = q*(double)(n - 1);
  int64_t lo = (int64_t)floor(h);
  double frac = h - (double)lo;
  if( lo>=n-1 ) return a[n-1];
  if( frac==0.0 ) return a[lo];
  if( isinf(a[lo]) ) return a[lo];
  if( isinf(a[lo+1]) ) return a[lo+1];
  return a[lo] + frac*(a[lo+1] - a[lo]);
}

#endif /* MLPSCALE_STATS_H */
