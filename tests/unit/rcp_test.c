/*
** rcp_test.c: C unit tests of ext/mlperf/rcp.c (no SQL): numpy's pairwise sum in
** its three regimes and its 8192-value blocks, checked against the same
** additions written out; the olympic mean's cut; the bisection (stdev 0, the p-value
** at the result, a tolerance it cannot reach). Exits 0 when every check
** passes.
*/
#include "sqlite3.h"
#include "mlperf/rcp.h"
#include "base/stats.h"
#include <math.h>
#include <stdio.h>
#include <float.h>
#include "check.h"

/* Values whose sums depend on the order of the additions. */
static double valueAt(int i){
  return i%3==0 ? 1e16 : i%3==1 ? 1.0 : -1e16 + 3.0;
}

static void testNumpySum(void){
  double a[20000], r[8], want;
  int i, j;
  for(i=0; i<20000; i++) a[i] = valueAt(i);
  /* below 8: a plain loop from 0.0 */
  want = 0.0;
  for(i=0; i<7; i++) want += a[i];
  CHECK( rcpNumpySum(a, 7)==want, "7: %.17g %.17g", rcpNumpySum(a, 7), want );
  /* 8..128: eight accumulators, then the rest in order */
  for(j=0; j<8; j++) r[j] = a[j];
  for(i=8; i<16; i+=8) for(j=0; j<8; j++) r[j] += a[i+j];
  want = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
  for(i=16; i<21; i++) want += a[i];
  CHECK( rcpNumpySum(a, 21)==want, "21: %.17g %.17g", rcpNumpySum(a, 21), want );
  /* above 128: halves at n/2 rounded down to a multiple of 8 (300 -> 144) */
  want = rcpNumpySum(a, 144) + rcpNumpySum(a+144, 156);
  CHECK( rcpNumpySum(a, 300)==want, "300" );
  /* blocks of 8192 added in order to 0.0 */
  want = 0.0 + rcpNumpySum(a, 8192);
  want += rcpNumpySum(a+8192, 8192);
  want += rcpNumpySum(a+16384, 20000-16384);
  CHECK( rcpNumpySum(a, 20000)==want, "20000" );
  CHECK( rcpNumpySum(a, 0)==0.0, "empty" );
  {
    double tenth[10];
    for(i=0; i<10; i++) tenth[i] = 0.1;
    CHECK( rcpNumpySum(tenth, 10)/10==0.1, "0.1 x 10" );
  }
}

static void testOlympicMean(void){
  double a[] = {5, 1, 40, 2, 4, 3};
  double b[] = {7, 1};
  double m = -1;
  CHECK( rcpOlympicMean(a, 6, 1, &m)==SQLITE_OK && m==3.5, "drop 1: %g", m );
  CHECK( a[0]==1 && a[5]==40, "sorted in place" );
  CHECK( rcpOlympicMean(a, 6, 2, &m)==SQLITE_OK && m==3.5, "drop 2: %g", m );
  CHECK( rcpOlympicMean(a, 6, 3, &m)==SQLITE_DONE, "drop 3: nothing left" );
  CHECK( rcpOlympicMean(a, 6, 0, &m)==SQLITE_OK && m==55.0/6, "drop 0: %g", m );
  CHECK( rcpOlympicMean(b, 2, 1, &m)==SQLITE_DONE, "two, drop 1" );
  CHECK( rcpOlympicMean(b, 0, 0, &m)==SQLITE_DONE, "none" );
  CHECK( rcpOlympicMean(b, 2, 0x7fffffffffffffffLL, &m)==SQLITE_DONE, "huge drop" );
}

static void testMinMean(void){
  RcpTtest test = {0.05, 1e-4, 8, 3};
  RcpMinMean res;
  double sp = sqrt(4.0*(1.0/8 + 1.0/3));
  CHECK( rcpMinMean(&test, 40, 0, &res)==SQLITE_OK && res.min_mean==40 && res.nStep==0,
         "stdev 0" );
  CHECK( rcpMinMean(&test, 40, 2, &res)==SQLITE_OK, "40, 2" );
  CHECK( res.nStep==19, "steps: %d", res.nStep );    /* 40/2^19 < 1e-4 */
  CHECK( statsStudentTCdf((res.min_mean + 1e-4 - 40)/sp, 9)>0.05
      && statsStudentTCdf((res.min_mean - 1e-4 - 40)/sp, 9)<=0.05, "root: %.17g", res.min_mean );
  CHECK( rcpPValue(&test, 40, 40, 2)==0.5, "t 0: p 0.5" );
  CHECK( rcpMinMean(&test, 1e20, 2, &res)==SQLITE_RANGE, "1e20" );
  test.tolerance = 5e-324;
  CHECK( rcpMinMean(&test, DBL_MAX, 1, &res)==SQLITE_RANGE
      && res.nStep<=RCP_MAX_STEPS, "DBL_MAX: %d steps", res.nStep );
  test.tolerance = 1e-4;
  CHECK( rcpMinMean(&test, 0, 2, &res)==SQLITE_OK && res.min_mean==0, "mean 0" );
}

int main(void){
  testNumpySum();
  testOlympicMean();
  testMinMean();
  if( nFail ){
    printf("rcp_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("rcp_test: %d checks passed\n", nCheck);
  return 0;
}
