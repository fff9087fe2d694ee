/*
** formulas_test.c: C unit tests of ext/metrics/formulas.c (no SQL): every
** scalar metric on the paper's BERT pair and on cases worked out by hand,
** the arguments it accepts, no intermediate overflow, and the refusals
** (a result out of range of a double, n_i = n_j) and the undefined
** Karp-Flatt metric at equal sizes. Exits 0 when every check passes.
*/
#include "sqlite3.h"
#include "metrics/formulas.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include "check.h"

/* metricEval of the arguments a0.. (as many as the metric takes). */
static int eval(int eMetric, double a0, double a1, double a2, double a3,
                double *pr, int *peWhy){
  double a[4];
  a[0] = a0; a[1] = a1; a[2] = a2; a[3] = a3;
  *pr = -12345.0;
  *peWhy = -1;
  return metricEval(eMetric, a, pr, peWhy);
}

/* |x - y| within a relative 1e-12 of y. */
static int near(double x, double y){
  return fabs(x - y)<=1e-12*fabs(y);
}

static void testArgOk(void){
  CHECK( metricArgOk(1.0)==1 );
  CHECK( metricArgOk(DBL_MAX)==1 );
  CHECK( metricArgOk(DBL_TRUE_MIN)==1, "the smallest subnormal is positive" );
  CHECK( metricArgOk(0.0)==0 );
  CHECK( metricArgOk(-0.0)==0 );
  CHECK( metricArgOk(-1.0)==0 );
  CHECK( metricArgOk(INFINITY)==0 );
  CHECK( metricArgOk(-INFINITY)==0 );
  CHECK( metricArgOk(NAN)==0 );
}

/* BERT, MLPerf Training v4.1: 2 x RTX A5000 at 366.18525 min against 8 x
** H100 at 5.5088 min (tests/metrics.test, metrics-1.*). */
static void testPaper(void){
  double r;
  int eWhy;
  CHECK( eval(METRIC_SPEEDUP, 366.18525, 5.5088, 0, 0, &r, &eWhy)==SQLITE_OK
         && r==366.18525/5.5088 && eWhy==0, "%.17g", r );
  CHECK( eval(METRIC_EFFICIENCY, 366.18525, 5.5088, 8, 0, &r, &eWhy)==SQLITE_OK
         && fabs(r - 8.3090974895)<1e-10, "%.17g", r );
  CHECK( eval(METRIC_E_PRIME, 366.18525, 5.5088, 2, 8, &r, &eWhy)==SQLITE_OK
         && near(r, 16.618194978942782), "%.17g", r );
  CHECK( eval(METRIC_KARP_FLATT, 366.18525, 5.5088, 2, 8, &r, &eWhy)==SQLITE_OK
         && fabs(r - -0.3132749977)<1e-10, "%.17g", r );
  CHECK( eval(METRIC_MARGINAL, 366.18525, 5.5088, 2, 8, &r, &eWhy)==SQLITE_OK
         && fabs(r - 21.8242599719)<1e-10, "%.17g", r );
}

/* Linear scaling, Amdahl, fewer accelerators than the reference. */
static void testByHand(void){
  double r;
  int eWhy;
  CHECK( eval(METRIC_SPEEDUP, 4, 2, 0, 0, &r, &eWhy)==SQLITE_OK && r==2.0, "%g", r );
  CHECK( eval(METRIC_EFFICIENCY, 100, 25, 4, 0, &r, &eWhy)==SQLITE_OK && r==1.0, "%g", r );
  CHECK( eval(METRIC_E_PRIME, 4, 1, 1, 8, &r, &eWhy)==SQLITE_OK && r==0.5, "%g", r );
  CHECK( eval(METRIC_E_PRIME, 100, 25, 1, 4, &r, &eWhy)==SQLITE_OK && r==1.0, "%g", r );
  CHECK( eval(METRIC_E_PRIME, 10, 5, 4, 4, &r, &eWhy)==SQLITE_OK && r==2.0, "%g", r );
  CHECK( eval(METRIC_E_PRIME, 5, 10, 8, 4, &r, &eWhy)==SQLITE_OK && r==1.0, "%g", r );
  CHECK( eval(METRIC_KARP_FLATT, 100, 25, 1, 4, &r, &eWhy)==SQLITE_OK && r==0.0,
         "linear: serial fraction 0, a 0 result is allowed: %g", r );
  CHECK( eval(METRIC_KARP_FLATT, 1.0, 1.0/3 + (2.0/3)/4, 1, 4, &r, &eWhy)==SQLITE_OK
         && fabs(r - 1.0/3)<1e-12, "Amdahl 1/3: %.17g", r );
  CHECK( eval(METRIC_MARGINAL, 100, 50, 4, 8, &r, &eWhy)==SQLITE_OK && r==1.0, "%g", r );
  CHECK( eval(METRIC_MARGINAL, 5, 10, 8, 4, &r, &eWhy)==SQLITE_OK && r==1.0,
         "n_j < n_i: %g", r );
  CHECK( eval(METRIC_MARGINAL, 10, 10, 1, 2, &r, &eWhy)==SQLITE_OK && r==0.0,
         "no gain: %g", r );
}

/* Products and quotients of several arguments never overflow midway. */
static void testNoOverflow(void){
  double r;
  int eWhy;
  CHECK( eval(METRIC_E_PRIME, 1e308, 1e-308, 1e-308, 1e308, &r, &eWhy)==SQLITE_OK
         && r==1.0, "%.17g", r );
  CHECK( eval(METRIC_E_PRIME, 1e200, 1e200, 1e200, 1e200, &r, &eWhy)==SQLITE_OK
         && r==1.0, "%.17g", r );
  CHECK( eval(METRIC_EFFICIENCY, 1e308, 1e300, 1e8, 0, &r, &eWhy)==SQLITE_OK
         && r==1.0, "%.17g", r );
  CHECK( eval(METRIC_EFFICIENCY, 1e-300, 1e-300, 1e300, 0, &r, &eWhy)==SQLITE_OK
         && r>0.0 && r==1e-300, "%.17g", r );
  CHECK( eval(METRIC_E_PRIME, DBL_MAX, DBL_MAX, DBL_MAX, DBL_MAX, &r, &eWhy)==SQLITE_OK
         && r==1.0, "%.17g", r );
  CHECK( eval(METRIC_KARP_FLATT, 1e308, 1e-308, 1, 2, &r, &eWhy)==SQLITE_OK
         && r==-1.0, "speedup Inf: %.17g", r );
}

/* Results out of range of a double, and results that would be 0. */
static void testRange(void){
  double r;
  int eWhy;
  CHECK( eval(METRIC_SPEEDUP, 1e308, 1e-308, 0, 0, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE && r==-12345.0, "Inf" );
  CHECK( eval(METRIC_SPEEDUP, 1e-308, 1e308, 0, 0, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE, "0 from positive numbers" );
  CHECK( eval(METRIC_SPEEDUP, DBL_TRUE_MIN, 2, 0, 0, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE, "half the smallest subnormal rounds to 0" );
  CHECK( eval(METRIC_E_PRIME, 1e308, 1e-308, 1, 1, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE );
  CHECK( eval(METRIC_E_PRIME, 1e-308, 1e308, 1, 1, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE );
  CHECK( eval(METRIC_EFFICIENCY, 1e308, 1e-308, 2, 0, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE );
  CHECK( eval(METRIC_EFFICIENCY, 1e-308, 1e308, 2, 0, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE );
  CHECK( eval(METRIC_MARGINAL, 1e308, 1e-308, 1, 2, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE );
  CHECK( eval(METRIC_KARP_FLATT, 1e-308, 1e308, 1, 2, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_RANGE, "speedup 0: 1/s is Inf" );
}

/* Karp-Flatt at equal sizes is undefined; marginal efficiency refuses it. */
static void testEqualSizes(void){
  double r;
  int eWhy;
  CHECK( eval(METRIC_KARP_FLATT, 10, 5, 4, 4, &r, &eWhy)==SQLITE_DONE
         && r==-12345.0 && eWhy==0 );
  CHECK( eval(METRIC_KARP_FLATT, 1e308, 1e-308, 3, 3, &r, &eWhy)==SQLITE_DONE,
         "undefined before out of range" );
  CHECK( eval(METRIC_MARGINAL, 10, 5, 8, 8, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_SAME_N && r==-12345.0 );
  CHECK( eval(METRIC_MARGINAL, 1e308, 1e-308, 8, 8, &r, &eWhy)==SQLITE_ERROR
         && eWhy==METRIC_WHY_SAME_N, "refused before out of range" );
}

int main(void){
  testArgOk();
  testPaper();
  testByHand();
  testNoOverflow();
  testRange();
  testEqualSizes();
  if( nFail ){
    printf("formulas_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("formulas_test: %d checks passed\n", nCheck);
  return 0;
}
