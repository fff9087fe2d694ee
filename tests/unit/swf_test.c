/*
** Unit tests of the SWF line parser (ext/scheduling/swf.c). Exits 0 when every check
** passes.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/swf.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "check.h"

/* The kind of line z, checking that the return code agrees with it. */
static int parse(const char *z, SwfJob *p, char *zErr){
  int eKind = -1, rc;
  zErr[0] = 0;
  rc = swfParseLine(z, strlen(z), &eKind, p, zErr, 128);
  CHECK(rc==(eKind==SWF_BAD ? SQLITE_ERROR : SQLITE_OK), "rc %d for kind %d", rc, eKind);
  return eKind;
}

int main(void){
  SwfJob job;
  char zErr[128];
  const char *zKey, *zVal;
  size_t nKey, nVal;
  int e, i;

  e = parse("  1 0 10 3600 8 3540.5 -1 8 7200 -1 1 1 1 1 1 1 -1 -1", &job, zErr);
  CHECK(e==SWF_JOB, "good line: %d %s", e, zErr);
  CHECK(job.aType[0]==1 && job.aInt[0]==1, "job");
  CHECK(job.aType[3]==1 && job.aInt[3]==3600, "runtime");
  CHECK(job.aType[5]==2 && job.aReal[5]==3540.5, "avg_cpu %g", job.aReal[5]);
  CHECK(job.aType[6]==0 && job.aType[9]==0 && job.aType[16]==0 && job.aType[17]==0, "-1 is unknown");
  e = parse("1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11\t12\t13\t14\t15\t16\t17\t18\r", &job, zErr);
  CHECK(e==SWF_JOB && job.aInt[17]==18, "tabs and CR: %d %s", e, zErr);
  e = parse("1 2 3 4 5 -1.0 7 8 9 10 11 12 13 14 15 16 17 +18", &job, zErr);
  CHECK(e==SWF_JOB && job.aType[5]==0 && job.aInt[17]==18, "-1.0 and +18");
  e = parse("1 2 3 4 5 1e3 0.1 8 9 10 11 12 13 14 15 16 17 -2", &job, zErr);
  CHECK(e==SWF_JOB && job.aReal[5]==1000.0 && job.aReal[6]==0.1 && job.aInt[17]==-2,
        "exponent, fraction, other negatives kept");
  e = parse("99999999999999999999 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", &job, zErr);
  CHECK(e==SWF_JOB && job.aType[0]==2 && job.aReal[0]>9.9999e19 && job.aReal[0]<1.0001e20,
        "beyond 64 bits is a real");
  /* Extreme reals: a zero mantissa with any exponent, values near the
  ** smallest doubles, many digits (within one unit in the last place). */
  e = parse("1 2 3 4 5 0e400 4.9e-324 2.2250738585072014e-308 123456789.123456789 "
            "10 11 12 13 14 15 16 17 18", &job, zErr);
  CHECK(e==SWF_JOB && job.aType[5]==2 && job.aReal[5]==0.0, "0e400: %d %s", e, zErr);
  CHECK(job.aReal[6]>0.0, "4.9e-324 is not 0");
  CHECK(fabs(job.aReal[7]/2.2250738585072014e-308-1.0)<1e-15, "DBL_MIN: %g", job.aReal[7]);
  CHECK(fabs(job.aReal[8]-123456789.123456789)<=2e-8, "many digits: %.17g", job.aReal[8]);

  /* Correctly rounded, as strtod and Python's float(): the nearest
  ** double, ties to even, whatever the number of digits. */
  e = parse("1e23 1.7976931348623158e308 2.2250738585072011e-308 4.9406564584124654e-324 "
            "1e-400 9007199254740993.0 0.1e1 -2.5e-3 9 10 11 12 13 14 15 16 17 18", &job, zErr);
  CHECK(e==SWF_JOB, "exact cases: %d %s", e, zErr);
  CHECK(job.aType[0]==2 && job.aReal[0]==1e23, "1e23: %.17g", job.aReal[0]);
  CHECK(job.aReal[1]==1.7976931348623157e308, "DBL_MAX: %.17g", job.aReal[1]);
  CHECK(job.aReal[2]==2.225073858507201e-308, "below DBL_MIN: %.17g", job.aReal[2]);
  CHECK(job.aReal[3]==4.9406564584124654e-324, "the least subnormal: %.17g", job.aReal[3]);
  CHECK(job.aReal[4]==0.0, "1e-400 is 0: %.17g", job.aReal[4]);
  CHECK(job.aReal[5]==9007199254740992.0, "a tie goes to even: %.17g", job.aReal[5]);
  CHECK(job.aReal[6]==1.0 && job.aReal[7]==-0.0025, "0.1e1, -2.5e-3");
  {
    /* 2^53 + 1, then 800 zeros and a 1: just above the tie, so up. */
    static char zLine[1200];
    size_t k = 0;
    k += (size_t)sprintf(zLine, "9007199254740993.");
    memset(zLine+k, '0', 800); k += 800;
    k += (size_t)sprintf(zLine+k, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18");
    e = parse(zLine, &job, zErr);
    CHECK(e==SWF_JOB && job.aReal[0]==9007199254740994.0, "a digit past 800: %.17g", job.aReal[0]);
  }
  e = parse("1.7976931348623159e308 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", &job, zErr);
  CHECK(e==SWF_BAD && strcmp(zErr, "field 1 (job) is not a number: '1.7976931348623159e308'")==0,
        "rounds to infinity: %s", zErr);

  CHECK(parse("", &job, zErr)==SWF_BLANK, "empty");
  CHECK(parse("  \t\r", &job, zErr)==SWF_BLANK, "blank");
  CHECK(parse("; Version: 2.2", &job, zErr)==SWF_COMMENT, "comment");
  CHECK(parse("   ;x", &job, zErr)==SWF_COMMENT, "indented comment");

  e = parse("1 2 3", &job, zErr);
  CHECK(e==SWF_BAD && strcmp(zErr, "expected 18 fields, got 3")==0, "short: %s", zErr);
  e = parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", &job, zErr);
  CHECK(e==SWF_BAD && strcmp(zErr, "more than 18 fields")==0, "long: %s", zErr);
  e = parse("1 2 x3 4", &job, zErr);
  CHECK(e==SWF_BAD && strcmp(zErr, "field 3 (wait) is not a number: 'x3'")==0, "text: %s", zErr);
  {
    static const char *azBad[] = { "nan", "inf", "1.", "-", "1e", "1e+", ".", "0x10", "1,5" };
    for(i=0; i<(int)(sizeof(azBad)/sizeof(azBad[0])); i++){
      char zLine[64];
      snprintf(zLine, sizeof(zLine), "%s 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", azBad[i]);
      e = parse(zLine, &job, zErr);
      if( strcmp(azBad[i], "1.")==0 ){
        CHECK(e==SWF_JOB && job.aType[0]==2 && job.aReal[0]==1.0, "'1.' is 1.0");
      }else{
        CHECK(e==SWF_BAD, "'%s' accepted", azBad[i]);
      }
    }
  }

  e = swfParseComment("; MaxProcs: 64  ", 16, &zKey, &nKey, &zVal, &nVal);
  CHECK(e==1 && nKey==8 && memcmp(zKey, "MaxProcs", 8)==0 && nVal==2 && memcmp(zVal, "64", 2)==0,
        "key/value");
  e = swfParseComment(";       continued text", 22, &zKey, &nKey, &zVal, &nVal);
  CHECK(e==0 && nVal==14 && memcmp(zVal, "continued text", 14)==0, "continuation");
  e = swfParseComment(";", 1, &zKey, &nKey, &zVal, &nVal);
  CHECK(e==0 && nVal==0, "empty comment");
  e = swfParseComment("; 2x: y", 7, &zKey, &nKey, &zVal, &nVal);
  CHECK(e==0, "a key starts with a letter");

  if( nFail ){
    fprintf(stderr, "swf_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("swf_test: %d checks passed\n", nCheck);
  return 0;
}
