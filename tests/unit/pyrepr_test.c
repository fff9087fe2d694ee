/*
** pyrepr_test.c: C unit tests of ext/mlperf/pyrepr.c (no SQL): the texts
** Python's repr() gives for the same doubles (written down from
** /usr/bin/python3), each reading back as its double; a buffer too small.
** Exits 0 when every check passes.
*/
#include "mlperf/pyrepr.h"
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static void one(double x, const char *zWant){
  char z[PYREPR_MAX];
  int n = pyRepr(x, z, sizeof(z));
  CHECK( n==(int)strlen(zWant) && strcmp(z, zWant)==0, "%.17g: got '%s', want '%s'", x, z, zWant );
  if( isfinite(x) ){
    CHECK( strtod(z, 0)==x, "'%s' does not read back as %.17g", z, x );
  }
}

int main(void){
  char z[PYREPR_MAX];
  one(2.6291937499999998, "2.6291937499999998");
  one(2.62919375, "2.62919375");
  one(0.1, "0.1");
  one(0.1 + 0.2, "0.30000000000000004");
  one(8.0, "8.0");
  one(-8.0, "-8.0");
  one(0.0, "0.0");
  one(-0.0, "-0.0");
  one(1.0/3.0, "0.3333333333333333");
  one(203.6484520833333, "203.6484520833333");
  one(0.6562437499999999, "0.6562437499999999");
  one(123456789012345.6, "123456789012345.6");
  one(1e15, "1000000000000000.0");
  one(9999999999999998.0, "9999999999999998.0");
  one(1e16, "1e+16");
  one(1.5e16, "1.5e+16");
  one(0.0001, "0.0001");
  one(0.00012345, "0.00012345");
  one(0.00001, "1e-05");
  one(1.5e-5, "1.5e-05");
  one(1e100, "1e+100");
  one(-1.25e-300, "-1.25e-300");
  one(DBL_MAX, "1.7976931348623157e+308");
  one(DBL_MIN, "2.2250738585072014e-308");
  one(4.9406564584124654e-324, "5e-324");
  one(INFINITY, "inf");
  one(-INFINITY, "-inf");
  one(NAN, "nan");
  strcpy(z, "x");
  CHECK( pyRepr(1.0, z, PYREPR_MAX-1)==-1 && z[0]==0, "short buffer: '%s'", z );
  CHECK( pyRepr(1.0, z, 0)==-1, "no buffer" );
  printf("pyrepr_test: %d checks, %d failed\n", nCheck, nFail);
  return nFail!=0;
}
