/*
** critical_test.c: C unit tests of ext/mlperf/critical.c (no SQL): exact
** recovery of E_min and B_noise from data made from the model, the
** points as olympic means of their rows (drop), independence of the row
** order, each refusal with its reason, the bootstrap (deterministic by
** seed, holding the estimate, flat resamples counted, an unbounded
** B_noise, stopping), the interval with misfit and the lack-of-fit test
** (against scipy's numbers), and the chi-square tail and t quantile they
** use. Exits 0 when every check passes.
*/
#include "sqlite3.h"
#include "mlperf/critical.h"
#include "mlperf/rcp.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

/* E(B) = eMin (1 + B/bNoise) at nB batch sizes, one row each. */
static void modelRows(CritRow *a, const double *aB, int nB, double eMin, double bNoise){
  int i;
  for(i=0; i<nB; i++){
    a[i].b = aB[i];
    a[i].s = eMin*(1.0 + aB[i]/bNoise);
  }
}

static void testExact(void){
  static const double aB[] = { 100, 200, 400, 800 };
  static const double aRcp[] = { 256, 448, 1536, 3072, 4096, 8192, 12288, 16384 };
  CritRow a[8];
  CritFit f;
  int eWhy;
  modelRows(a, aB, 4, 1000, 500);
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_OK, "why %d", eWhy );
  CHECK( f.eMin==1000 && f.bNoise==500 && f.slope==2, "%.17g %.17g", f.eMin, f.bNoise );
  CHECK( f.r2==1 && f.maxRelErr==0 && f.nPoint==4 && f.nRow==4, "%.17g", f.r2 );
  CHECK( f.bMin==100 && f.bMax==800 );
  /* BERT-like sizes and values: exact within rounding */
  modelRows(a, aRcp, 8, 2303512.734, 12187.17);
  CHECK( critFit(a, 8, 0, &f, &eWhy)==SQLITE_OK );
  CHECK( fabs(f.eMin/2303512.734 - 1)<1e-12 && fabs(f.bNoise/12187.17 - 1)<1e-12,
         "%.17g %.17g", f.eMin, f.bNoise );
  CHECK( fabs(f.r2 - 1)<1e-12 && f.maxRelErr<1e-12 );
}

/* The points are the olympic means of their rows, whatever the row order. */
static void testDrop(void){
  CritRow a[] = {
    {400, 1800}, {100, 1200}, {100, 5000}, {200, 1400}, {100, 1},
    {400, 1800}, {200, 1400}, {400, 1800}, {200, 1400},
  };
  CritRow b[9];
  CritFit f, g;
  int eWhy, i;
  CHECK( critFit(a, 9, 1, &f, &eWhy)==SQLITE_OK, "why %d", eWhy );
  CHECK( fabs(f.eMin - 1000)<1e-9 && fabs(f.bNoise - 500)<1e-9 && f.nPoint==3
         && f.nRow==9, "%.17g %.17g", f.eMin, f.bNoise );
  for(i=0; i<9; i++) b[i] = a[8-i];
  CHECK( critFit(b, 9, 1, &g, &eWhy)==SQLITE_OK );
  CHECK( memcmp(&f, &g, sizeof(f))==0, "order" );
  /* drop 0: the outliers count (100: mean 2067, above 200's 1400): the
  ** line falls */
  CHECK( critFit(a, 9, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_FLAT );
}

static void testRefusals(void){
  CritRow a[6];
  static const double aB[] = { 100, 200, 400, 800 };
  CritFit f;
  int eWhy;
  modelRows(a, aB, 2, 1000, 500);
  CHECK( critFit(a, 2, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_POINTS
         && f.nPoint==2 );
  CHECK( critFit(a, 0, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_POINTS
         && f.nPoint==0 );
  /* one batch size repeated: still one point */
  a[0].b = a[1].b = a[2].b = 100;
  a[0].s = a[1].s = a[2].s = 5;
  CHECK( critFit(a, 3, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_POINTS
         && f.nPoint==1 );
  /* drop 1 needs 3 rows per batch size */
  modelRows(a, aB, 4, 1000, 500);
  CHECK( critFit(a, 4, 1, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_ROWS
         && f.rBad==100 && f.nBadRows==1 );
  /* flat and falling */
  modelRows(a, aB, 4, 1000, 500);
  a[0].s = a[1].s = a[2].s = a[3].s = 7;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_FLAT && f.slope==0 );
  a[3].s = 6;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_FLAT && f.slope<0 );
  /* samples proportional to B and more: no positive intercept */
  a[0].s = 1; a[1].s = 2; a[2].s = 4; a[3].s = 8;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_EMIN
         && f.eMin<=0, "%.17g", f.eMin );
  /* batch sizes whose squared differences underflow: refused, not asserted */
  a[0].b = 1e-200; a[1].b = 2e-200; a[2].b = 3e-200; a[3].b = 4e-200;
  a[0].s = 1; a[1].s = 2; a[2].s = 3; a[3].s = 4;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_ERROR && eWhy==CRIT_WHY_SPREAD );
  /* 1e-150 apart: their squares are normal, the line is measured */
  a[0].b = 1e-150; a[1].b = 2e-150; a[2].b = 3e-150; a[3].b = 4e-150;
  a[0].s = 2; a[1].s = 3; a[2].s = 4; a[3].s = 5;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_OK && fabs(f.bNoise/1e-150 - 1.0)<1e-12,
         "%.17g", f.bNoise );
}

static int nAsked = 0;
static int stopAfterTwo(void *p){
  (void)p;
  return ++nAsked>=2;
}

/* Runs at 3 batch sizes, n each, around the model with a spread. */
static int noisyRows(CritRow *a, int n, double spread){
  static const double aB[] = { 256, 1024, 4096 };
  int i, j, k = 0;
  for(i=0; i<3; i++){
    for(j=0; j<n; j++){
      a[k].b = aB[i];
      a[k].s = 1000.0*(1.0 + aB[i]/2000.0) + spread*(double)((j*7 + i*3)%n - n/2);
      k++;
    }
  }
  return k;
}

static void testBootstrap(void){
  CritRow a[60];
  CritFit f;
  CritCi ci, ci2;
  int eWhy, n;
  n = noisyRows(a, 20, 10.0);
  CHECK( critFit(a, n, 1, &f, &eWhy)==SQLITE_OK );
  CHECK( critBootstrap(a, n, 1, 0.95, 500, 7, 0, 0, &ci)==SQLITE_OK );
  CHECK( ci.eMinLow<f.eMin && f.eMin<ci.eMinHigh, "%g %g %g", ci.eMinLow, f.eMin, ci.eMinHigh );
  CHECK( ci.bNoiseLow<f.bNoise && f.bNoise<ci.bNoiseHigh,
         "%g %g %g", ci.bNoiseLow, f.bNoise, ci.bNoiseHigh );
  CHECK( ci.nFlat==0 );
  CHECK( critBootstrap(a, n, 1, 0.95, 500, 7, 0, 0, &ci2)==SQLITE_OK
         && memcmp(&ci, &ci2, sizeof(ci))==0, "same seed, same interval" );
  CHECK( critBootstrap(a, n, 1, 0.95, 500, 8, 0, 0, &ci2)==SQLITE_OK
         && memcmp(&ci, &ci2, sizeof(ci))!=0, "another seed" );
  /* a wider level holds the narrower */
  CHECK( critBootstrap(a, n, 1, 0.5, 500, 7, 0, 0, &ci2)==SQLITE_OK
         && ci2.eMinLow>=ci.eMinLow && ci2.eMinHigh<=ci.eMinHigh
         && ci2.bNoiseLow>=ci.bNoiseLow && ci2.bNoiseHigh<=ci.bNoiseHigh );
  /* noise far above the effect: some resamples are flat, and B_noise has
  ** no upper bound */
  n = noisyRows(a, 20, 2000.0);
  if( critFit(a, n, 0, &f, &eWhy)==SQLITE_OK ){
    CHECK( critBootstrap(a, n, 0, 0.95, 500, 1, 0, 0, &ci)==SQLITE_OK );
    CHECK( ci.nFlat>0 && isnan(ci.bNoiseHigh), "flat %lld high %g", ci.nFlat, ci.bNoiseHigh );
  }else{
    CHECK( eWhy==CRIT_WHY_FLAT || eWhy==CRIT_WHY_EMIN );
  }
  /* stopping */
  n = noisyRows(a, 20, 10.0);
  critFit(a, n, 1, &f, &eWhy);
  nAsked = 0;
  CHECK( critBootstrap(a, n, 1, 0.95, 100000, 7, stopAfterTwo, 0, &ci)==SQLITE_INTERRUPT
         && nAsked==2, "asked %d", nAsked );
}

/* Relative closeness. */
static int near(double got, double want, double tol){
  return fabs(got - want)<=tol*fabs(want);
}

/* Four points off the line, three rows each (numpy lstsq, scipy t.ppf,
** Fieller's quadratic, chi2.sf: tests/critical.test 3.4 has the same). */
static void testMisfit(void){
  CritRow a[] = {{100, 1090}, {100, 1100}, {100, 1110}, {200, 1240}, {200, 1250},
                 {200, 1260}, {400, 1790}, {400, 1800}, {400, 1810}, {800, 2490},
                 {800, 2500}, {800, 2510}};
  CritFit f;
  CritMisfit m;
  int eWhy;
  CHECK( critFit(a, 12, 0, &f, &eWhy)==SQLITE_OK );
  CHECK( critMisfit(a, 12, 0, 0.95, &f, &m)==SQLITE_OK );
  CHECK( near(m.eMinLow, 618.1239, 1e-6) && near(m.eMinHigh, 1177.5282, 1e-6),
         "%.17g %.17g", m.eMinLow, m.eMinHigh );
  CHECK( near(m.bNoiseLow, 240.5252, 1e-6) && near(m.bNoiseHigh, 798.4706, 1e-6),
         "%.17g %.17g", m.bNoiseLow, m.bNoiseHigh );
  CHECK( near(m.chi2, 343.043478, 1e-8) && m.nDf==2
         && near(m.pValue, 3.228904269131789e-75, 1e-9), "%.17g", m.pValue );
  /* one row per batch size: no variance, no test */
  modelRows(a, (const double[]){100, 200, 400, 800}, 4, 1000, 500);
  a[1].s += 30;
  CHECK( critFit(a, 4, 0, &f, &eWhy)==SQLITE_OK );
  CHECK( critMisfit(a, 4, 0, 0.95, &f, &m)==SQLITE_OK && m.nDf==0 && isnan(m.pValue)
         && m.eMinLow<1000 && m.eMinHigh>1000 && m.bNoiseLow<500
         && (isnan(m.bNoiseHigh) || m.bNoiseHigh>500) );
}

int main(void){
  testMisfit();
  testExact();
  testDrop();
  testRefusals();
  testBootstrap();
  if( nFail ){
    printf("critical_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("critical_test: %d checks passed\n", nCheck);
  return 0;
}
