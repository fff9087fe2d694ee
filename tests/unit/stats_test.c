/*
** stats_test.c: C unit tests of ext/base/stats.c and stats.h (no SQL).
**
** References no one here wrote: closed forms of the incomplete beta and of
** Student's t for 1 and 2 degrees of freedom; scipy's special.stdtr,
** stats.chi2.sf, stats.t.ppf (good to about 1e-10 only) and stats.norm.cdf;
** mpmath at 40 digits (Student's t quantiles by findroot of betainc, a
** CDF at large df, a far normal tail); Python's statistics.NormalDist.inv_cdf (AS241, as ours); numpy's
** quantile (type 7). Exits 0 when every check passes.
*/
#include "base/stats.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"

/* Relative closeness. */
static int near(double got, double want, double tol){
  return fabs(got - want)<=tol*fabs(want);
}

static void testIncBeta(void){
  double x;
  int bad = 0;
  /* I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 - (1-x)^b */
  for(x=0.05; x<1.0; x+=0.05){
    if( fabs(statsIncBeta(1, 1, x, 1-x) - x)>1e-15 ) bad++;
    if( fabs(statsIncBeta(3.5, 1, x, 1-x) - pow(x, 3.5))>1e-15 ) bad++;
    if( fabs(statsIncBeta(1, 2.5, x, 1-x) - (1 - pow(1-x, 2.5)))>1e-15 ) bad++;
  }
  CHECK( bad==0, "%d closed forms differ", bad );
  CHECK( statsIncBeta(2, 3, 0, 1)==0.0 && statsIncBeta(2, 3, 1, 0)==1.0, "ends" );
  CHECK( isnan(statsIncBeta(0, 3, 0.5, 0.5)) && isnan(statsIncBeta(2, 3, 1.5, -0.5)),
         "out of range" );
}

static void testStudentT(void){
  double t;
  int bad = 0;
  for(t=-30; t<=30; t+=0.25){
    /* df 1: Cauchy; df 2: 1/2 + t/(2 sqrt(2 + t^2)) */
    double c1 = 0.5 + atan(t)/M_PI, c2 = 0.5 + t/(2*sqrt(2 + t*t));
    if( fabs(statsStudentTCdf(t, 1) - c1)>1e-14*fmax(c1, 1e-300) && fabs(statsStudentTCdf(t, 1) - c1)>1e-16 ) bad++;
    if( fabs(statsStudentTCdf(t, 2) - c2)>1e-14*fmax(c2, 1e-300) && fabs(statsStudentTCdf(t, 2) - c2)>1e-16 ) bad++;
    /* symmetry */
    if( fabs(statsStudentTCdf(t, 7.5) + statsStudentTCdf(-t, 7.5) - 1.0)>2e-16 ) bad++;
  }
  CHECK( bad==0, "%d values differ", bad );
  CHECK( statsStudentTCdf(0, 3)==0.5 && statsStudentTCdf(-0.0, 3)==0.5, "zero" );
  CHECK( statsStudentTCdf(-INFINITY, 3)==0.0 && statsStudentTCdf(INFINITY, 3)==1.0, "inf" );
  CHECK( isnan(statsStudentTCdf(NAN, 3)) && isnan(statsStudentTCdf(1, 0)), "nan" );
  t = statsStudentTCdf(-1e200, 1)*M_PI*1e200;
  CHECK( fabs(t - 1.0)<1e-12, "far tail: %.17g", t );
}

/* scipy.stats.chi2.sf and t.ppf; BERT 4.1.0's lack of fit. */
static void testChiSquareAndTPpf(void){
  CHECK( near(statsChiSquareSf(1162.6863032015342, 11), 1.7796552951183833e-242, 1e-10),
         "%.17g", statsChiSquareSf(1162.6863032015342, 11) );
  CHECK( near(statsChiSquareSf(3, 2), 0.22313016014842982, 1e-12) );
  CHECK( near(statsChiSquareSf(0.5, 1), 0.47950012218695337, 1e-12) );
  CHECK( near(statsChiSquareSf(30, 40), 0.8752187849674751, 1e-12) );
  CHECK( statsChiSquareSf(0, 3)==1.0 && statsChiSquareSf(INFINITY, 3)==0.0 );
  CHECK( isnan(statsChiSquareSf(1, 0)) && isnan(statsChiSquareSf(NAN, 2)) );
  /* scipy's t.ppf inverts its own cdf to about 1e-11 (its stdtr at
  ** 4.302652729911275 with 2 df is 0.024999999998258): ours to the
  ** spacing of doubles, so the two agree to 1e-10. */
  CHECK( near(statsStudentTQuantile(0.975, 2), 4.302652729911275, 1e-10) );
  CHECK( near(statsStudentTQuantile(0.975, 11), 2.200985160082949, 1e-10) );
  CHECK( near(statsStudentTQuantile(0.025, 11), -2.200985160082949, 1e-10) );
  CHECK( fabs(statsStudentTCdf(-statsStudentTQuantile(0.975, 2), 2) - 0.025)<1e-15 );
  CHECK( isnan(statsStudentTQuantile(1.0, 3)) );
}

static void testQuantile(void){
  static const struct { double p, df, q; } aRef[] = {
    {0.975, 1, 12.706204736174693},
    {0.975, 2, 4.3026527297494618},
    {0.975, 2.5, 3.5746548420036818},
    {0.975, 4, 2.7764451051977935},
    {0.975, 7.3, 2.3450667365477031},
    {0.95, 3, 2.3533634348018229},
    {0.995, 2, 9.9248432009182886},
    {0.975, 1000, 1.9623390808264081},
    {0.975, 0.5, 164.55767348048824},
    {0.025, 4, -2.7764451051977943},
    {0.9999, 1.5, 242.26409884652409},
    {0.6, 10, 0.26018482949208018},
  };
  size_t i;
  for(i=0; i<sizeof(aRef)/sizeof(aRef[0]); i++){
    double q = statsStudentTQuantile(aRef[i].p, aRef[i].df);
    CHECK(near(q, aRef[i].q, 1e-13), "t(%g, %g) = %.17g, mpmath %.17g",
          aRef[i].p, aRef[i].df, q, aRef[i].q);
  }
  /* Closed forms: df 1 is Cauchy's
  ** tan(pi (p - 1/2)), df 2 (2p - 1)/sqrt(2 p (1 - p)). */
  CHECK(near(statsStudentTQuantile(0.975, 1.0), tan(M_PI*0.475), 1e-14),
        "%.17g", statsStudentTQuantile(0.975, 1.0));
  CHECK(near(statsStudentTQuantile(0.995, 2.0), 0.99/sqrt(2.0*0.995*0.005), 1e-14),
        "%.17g", statsStudentTQuantile(0.995, 2.0));
  CHECK(statsStudentTQuantile(0.5, 3.0)==0.0);
}

/* scipy.special.stdtr at a few points away from the closed forms. */
static void testStudentTScipy(void){
  CHECK( near(statsStudentTCdf(-2.0, 3.0), 0.06966298427942155, 1e-14),
         "%.17g", statsStudentTCdf(-2.0, 3.0) );
  CHECK( near(statsStudentTCdf(1.5, 30.0), 0.927967035435677, 1e-14),
         "%.17g", statsStudentTCdf(1.5, 30.0) );
  /* The error grows about as df (mpmath at 40 digits): 1e-14 at df 1000,
  ** 2e-11 at df 1e6. */
  CHECK( near(statsStudentTCdf(-4.0, 1e3), 3.4004959604390789e-05, 2e-14),
         "%.17g", statsStudentTCdf(-4.0, 1e3) );
  CHECK( near(statsStudentTCdf(-4.0, 1e6), 3.1673517005024052e-05, 5e-11),
         "%.17g", statsStudentTCdf(-4.0, 1e6) );
  CHECK( isnan(statsStudentTQuantile(0.0, 3)) && isnan(statsStudentTQuantile(0.5, 0))
         && isnan(statsStudentTQuantile(NAN, 3)), "out of range" );
}

/* AS241 against Python's NormalDist().inv_cdf, and erfc's CDF against
** scipy.stats.norm.cdf. */
static void testNormal(void){
  CHECK( statsNormalQuantile(0.5)==0.0, "median" );
  CHECK( fabs(statsNormalQuantile(0.975) - 1.959963984540054)<1e-15, "0.975" );
  CHECK( fabs(statsNormalQuantile(1e-10) + 6.361340902404056)<1e-13, "1e-10" );
  CHECK( near(statsNormalQuantile(0.3), -0.5244005127080407, 1e-15),
         "%.17g", statsNormalQuantile(0.3) );
  CHECK( near(statsNormalQuantile(1e-300), -37.0470962993612, 1e-14),
         "%.17g", statsNormalQuantile(1e-300) );
  CHECK( near(statsNormalCdf(-1.0), 0.15865525393145707, 1e-15) );
  CHECK( near(statsNormalCdf(-10.0), 7.6198530241605261e-24, 2e-14),   /* mpmath */
         "%.17g", statsNormalCdf(-10.0) );
  CHECK( near(statsNormalCdf(3.0), 0.9986501019683699, 1e-15) );
  CHECK( statsNormalCdf(0.0)==0.5 );
}

/* The one int64 test: both bounds exact, NaN and the infinities out. */
static void testFitsInt64(void){
  CHECK( statsFitsInt64(0.0) && statsFitsInt64(-0.5) && statsFitsInt64(1e18) );
  CHECK( statsFitsInt64(-9223372036854775808.0), "-2^63 fits" );
  CHECK( !statsFitsInt64(9223372036854775808.0), "2^63 does not" );
  CHECK( statsFitsInt64(nextafter(9223372036854775808.0, 0.0)), "below 2^63" );
  CHECK( !statsFitsInt64(nextafter(-9223372036854775808.0, -INFINITY)), "below -2^63" );
  CHECK( statsFitsInt64(9.2e18) && statsFitsInt64(-9.2e18), "9.2e18" );
  CHECK( !statsFitsInt64(NAN) && !statsFitsInt64(INFINITY) && !statsFitsInt64(-INFINITY) );
  CHECK( (long long)nextafter(9223372036854775808.0, 0.0)==9223372036854774784LL );
}

/* The comparator orders as <, and sorts; NaN compares equal to all. */
static void testCmpAndQuantile7(void){
  double a[] = {4.0, -1.0, 8.0, 2.0, -INFINITY, 1.0};
  double b[] = {1.0, 2.0, 4.0, 8.0};
  double c[] = {1.0, INFINITY};
  int i, bSorted = 1;
  CHECK( statsCmpDouble(1.0, 2.0)==-1 && statsCmpDouble(2.0, 1.0)==1
         && statsCmpDouble(-0.0, 0.0)==0 && statsCmpDouble(NAN, 1.0)==0 );
  qsort(a, 6, sizeof(double), statsCmpDoubleQsort);
  for(i=1; i<6; i++) if( a[i-1]>a[i] ) bSorted = 0;
  CHECK( bSorted && a[0]==-INFINITY && a[5]==8.0, "sorted" );
  /* numpy.quantile([1, 2, 4, 8], q) */
  CHECK( statsQuantile7(b, 4, 0.5)==3.0 );
  CHECK( near(statsQuantile7(b, 4, 0.9), 6.800000000000001, 1e-15),
         "%.17g", statsQuantile7(b, 4, 0.9) );
  CHECK( statsQuantile7(b, 4, 0.0)==1.0 && statsQuantile7(b, 4, 1.0)==8.0 );
  CHECK( statsQuantile7(c, 2, 0.5)==INFINITY, "next to Inf" );
}

int main(void){
  testIncBeta();
  testStudentT();
  testStudentTScipy();
  testQuantile();
  testChiSquareAndTPpf();
  testNormal();
  testFitsInt64();
  testCmpAndQuantile7();
  if( nFail ){
    printf("stats_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("stats_test: %d checks passed\n", nCheck);
  return 0;
}
