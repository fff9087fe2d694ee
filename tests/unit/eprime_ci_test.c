/*
** eprime_ci_test.c: unit tests of ext/metrics/eprime_ci.c (the interval
** of E' behind e_prime_interval), and its coverage measured on simulated
** pairs.
**
** References no one here wrote: Yuen's standard error and degrees of
** freedom from
** scipy.stats.ttest_ind(log x, log y, equal_var=False, trim=g/N) (the
** statistic gives the standard error, the p-value the degrees of freedom).
**
** Coverage (the test fails when any cell leaves 92-98% at level 0.95):
** lognormal run times, coefficient of variation 1%, 2%, 4% per run (both
** pairs alike, and 1% against 4%), 5 and 10 runs per pair with the fastest
** and slowest dropped (max_dropped 1, as MLPerf scores both), true E' 0.3,
** 0.9 and 1.5 (n_ref 8, n 64), 4000 simulated pairs per cell from a fixed
** splitmix64 seed. The truth is E' of the medians of the two run-time
** distributions. tests/bench/eprime_coverage.c prints the same cells with
** the old union of two percentile intervals beside them (docs/metrics.md).
*/
#include "sqlite3ext.h"
#include "metrics/eprime_ci.h"
#include "metrics/olympic.h"
#include "base/util.h"
#include "base/stats.h"
#include "check.h"
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static int near(double a, double b, double tol){
  return fabs(a - b)<=tol*fabs(b);
}

/* Yuen's se and df against scipy, and the interval built from them. */
static void testAgainstScipy(void){
  static const double aRef5[] = {10.2, 9.9, 10.0, 10.4, 10.1};
  static const double aNew5[] = {2.6, 2.5, 2.55, 2.7, 2.52};
  static const double aRef10[] = {31.5, 30.2, 30.9, 33.0, 30.4, 31.1, 30.8, 32.2, 30.0, 31.7};
  static const double aNew10[] = {4.1, 4.3, 4.0, 4.2, 4.6, 4.05, 4.12, 4.33, 4.21, 4.18};
  EpciPair ref = {aRef5, 5, 0}, sys = {aNew5, 5, 0};
  EpciResult r;
  int eWhy, rc;
  double q;
  rc = epciInterval(&ref, &sys, 1.0, 4.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_OK);
  CHECK(near(r.seLog, 0.015167782351760488, 1e-12), "se %.17g", r.seLog);
  CHECK(near(r.df, 3.3713378643840897, 1e-9), "df %.17g", r.df);
  CHECK(r.tRef==(10.2 + 10.0 + 10.1)/3.0 && r.t==(2.52 + 2.55 + 2.6)/3.0);
  CHECK(r.ePrime==(r.tRef*1.0)/(r.t*4.0), "E' %.17g", r.ePrime);
  q = statsStudentTQuantile(0.975, r.df);
  CHECK(r.q==q, "%.17g %.17g", r.q, q);
  CHECK(near(r.low, r.ePrime*exp(-q*r.seLog), 1e-15));
  CHECK(near(r.high, r.ePrime*exp(q*r.seLog), 1e-15));
  CHECK(r.low<r.ePrime && r.ePrime<r.high);
  ref.aTime = aRef10; ref.nTime = 10;
  sys.aTime = aNew10; sys.nTime = 10;
  rc = epciInterval(&ref, &sys, 8.0, 64.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_OK);
  CHECK(near(r.seLog, 0.014169181007040111, 1e-12), "se %.17g", r.seLog);
  CHECK(near(r.df, 13.96036883838395, 1e-9), "df %.17g", r.df);
}

/* Unconverged runs, degenerate and refused inputs. */
static void testEdges(void){
  static const double a4[] = {5.0, 4.0, 6.0, 4.5};
  static const double aSame[] = {3.0, 3.0, 3.0, 3.0};
  static const double a3[] = {1.0, 2.0, 3.0};
  EpciPair ref = {a4, 4, 1}, sys = {a4, 4, 0};
  EpciPair allInf = {a4, 4, 0};
  EpciResult r, rInf;
  int eWhy, rc;
  /* An unconverged run is the slowest: the winsorized variance takes it as
  ** the largest kept time, so 4 runs + 1 infinite = 5 runs, 4.5, 5, 6 kept. */
  rc = epciInterval(&ref, &sys, 1.0, 1.0, 1, 0.95, &rInf, &eWhy);
  CHECK(rc==SQLITE_OK);
  CHECK(rInf.tRef==(4.5 + 5.0 + 6.0)/3.0, "%.17g", rInf.tRef);
  {
    static const double a5[] = {5.0, 4.0, 6.0, 4.5, 6.0};
    EpciPair five = {a5, 5, 0};
    rc = epciInterval(&five, &sys, 1.0, 1.0, 1, 0.95, &r, &eWhy);
    CHECK(rc==SQLITE_OK);
    CHECK(r.seLog==rInf.seLog && r.df==rInf.df, "%.17g %.17g", r.seLog, rInf.seLog);
  }
  /* Every kept time the same in both: the point. */
  ref.aTime = aSame; ref.nInf = 0;
  sys.aTime = aSame;
  rc = epciInterval(&ref, &sys, 2.0, 4.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_OK && r.low==0.5 && r.high==0.5 && r.ePrime==0.5 && isnan(r.df));
  /* Too few: 3 runs keep 1 with drop 1. */
  allInf.aTime = a3; allInf.nTime = 3;
  rc = epciInterval(&allInf, &sys, 1.0, 1.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_ERROR && eWhy==EPCI_WHY_FEW);
  rc = epciInterval(&sys, &allInf, 1.0, 1.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_ERROR && eWhy==(EPCI_WHY_FEW|EPCI_WHY_NEW));
  /* drop 0 keeps all 3. */
  rc = epciInterval(&allInf, &sys, 1.0, 1.0, 0, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_OK);
  /* Two unconverged runs with drop 1: no official time. */
  ref.aTime = a4; ref.nInf = 2;
  rc = epciInterval(&sys, &ref, 1.0, 1.0, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_ERROR && eWhy==(EPCI_WHY_UNCONV|EPCI_WHY_NEW));
  /* E' beyond the doubles. */
  ref.nInf = 0;
  rc = epciInterval(&ref, &sys, 1e300, 1e-300, 1, 0.95, &r, &eWhy);
  CHECK(rc==SQLITE_ERROR && eWhy==EPCI_WHY_RANGE);
  /* Ends beyond the doubles: two runs each, none dropped, a level near 1:
  ** the interval is unbounded (high Inf, low 0), E' itself is finite. */
  {
    double aA[] = {1.0, 2.0}, aB[] = {1.0, 2.0};
    EpciPair a = {aA, 2, 0}, b = {aB, 2, 0};
    rc = epciInterval(&a, &b, 1.0, 4.0, 0, 0.999999999999, &r, &eWhy);
    CHECK(rc==SQLITE_OK && r.ePrime==0.25 && r.low==0.0 && isinf(r.high) && r.high>0,
          "rc %d low %.17g high %.17g", rc, r.low, r.high);
    /* At 0.95 the same pairs have a finite interval around E'. */
    rc = epciInterval(&a, &b, 1.0, 4.0, 0, 0.95, &r, &eWhy);
    CHECK(rc==SQLITE_OK && r.low>0.0 && r.low<0.25 && r.high>0.25 && isfinite(r.high));
  }
}

/* ---------------------------------------------------------------------- */
/* Coverage                                                               */

static uint64_t gState = 20260101;

/* A standard normal draw: the inverse CDF of a uniform in (0, 1). */
static double drawNormal(void){
  double u = ((double)(utilSplitmix64(&gState)>>11) + 0.5)*(1.0/9007199254740992.0);
  return statsNormalQuantile(u);
}

/* nRun lognormal times of median m and coefficient of variation cv. */
static void drawRuns(double *a, int nRun, double m, double cv){
  double sigma = sqrt(log1p(cv*cv));
  int i;
  for(i=0; i<nRun; i++) a[i] = m*exp(sigma*drawNormal());
}

static void testCoverage(void){
  static const double aCv[][2] = { {0.01, 0.01}, {0.02, 0.02}, {0.04, 0.04}, {0.01, 0.04} };
  static const int aRuns[] = { 5, 10 };
  static const double aTrue[] = { 0.3, 0.9, 1.5 };
  const int nPair = 4000;
  const double nRef = 8.0, n = 64.0, mRef = 100.0;
  size_t c, k, e;
  for(c=0; c<sizeof(aCv)/sizeof(aCv[0]); c++){
    for(k=0; k<sizeof(aRuns)/sizeof(aRuns[0]); k++){
      for(e=0; e<sizeof(aTrue)/sizeof(aTrue[0]); e++){
        double aRef[10], aNew[10];
        double m = mRef*nRef/(aTrue[e]*n);
        int i, nIn = 0, nBad = 0;
        for(i=0; i<nPair; i++){
          EpciPair ref = {aRef, aRuns[k], 0}, sys = {aNew, aRuns[k], 0};
          EpciResult r;
          int eWhy;
          drawRuns(aRef, aRuns[k], mRef, aCv[c][0]);
          drawRuns(aNew, aRuns[k], m, aCv[c][1]);
          if( epciInterval(&ref, &sys, nRef, n, 1, 0.95, &r, &eWhy)!=SQLITE_OK ){
            nBad++;
            continue;
          }
          nIn += r.low<=aTrue[e] && aTrue[e]<=r.high;
        }
        CHECK(nBad==0);
        CHECK(nIn>=0.92*nPair && nIn<=0.98*nPair,
              "cv %g/%g, %d runs, E' %g: coverage %.4f",
              aCv[c][0], aCv[c][1], aRuns[k], aTrue[e], (double)nIn/nPair);
        if( getenv("EPCI_COVERAGE") ){
          printf("cv %g/%g runs %d E' %g coverage %.4f\n", aCv[c][0], aCv[c][1],
                 aRuns[k], aTrue[e], (double)nIn/nPair);
        }
      }
    }
  }
}

int main(void){
  testAgainstScipy();
  testEdges();
  testCoverage();
  printf("eprime_ci_test: %d checks, %d failed\n", nCheck, nFail);
  return nFail!=0;
}
