/*
** olympic_test.c: C unit tests of ext/metrics/olympic.c (no SQL): the olympic
** score, the bootstrap on a case worked out by hand from splitmix64's
** published outputs, its distribution on a case with known probabilities,
** determinism; then every allocation failing in turn in the aggregates of
** ext/metrics/metrics_sql.c (included here): each query works or fails with
** SQLITE_NOMEM, and leaks nothing. Exits 0 when every check passes.
*/
#include "sqlite3.h"
#include "metrics/olympic.h"
#include "base/util.h"
/* The SQL glue too, compiled in, to fail its allocations one by one. */
#include "../../ext/metrics/metrics_sql.c"
#include <math.h>
#include <stdio.h>
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../failmem.h"

static void testScore(void){
  static const double a[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  double s = -1;
  CHECK( olympicScore(a, 10, 0, 1, &s)==SQLITE_OK && s==5.5, "1..10: %g", s );
  CHECK( olympicScore(a, 9, 1, 1, &s)==SQLITE_OK && s==5.5, "1..9 + 1 dropped: %g", s );
  CHECK( olympicScore(a, 8, 2, 1, &s)==SQLITE_DONE, "two dropped" );
  CHECK( olympicScore(a, 2, 0, 1, &s)==SQLITE_DONE, "two runs" );
  CHECK( olympicScore(a, 3, 0, 1, &s)==SQLITE_OK && s==2.0, "three runs: %g", s );
  CHECK( olympicScore(a, 10, 0, 4, &s)==SQLITE_OK && s==5.5, "max_dropped 4: %g", s );
  CHECK( olympicScore(a, 4, 0, 0, &s)==SQLITE_OK && s==2.5, "max_dropped 0: %g", s );
  CHECK( olympicScore(a, 0, 0, 0, &s)==SQLITE_DONE, "no runs" );
}

/* Finite values near the largest double never give Inf,
** whatever their signs; the exact means. */
static void testMeanNoOverflow(void){
  static const double big[] = {1.4e308, 1.5e308, 1.6e308, 1.7e308};
  static const double mixed[] = {1.7e308, 1.7e308, -1.7e308, -1.7e308};
  static const double maxes[] = {DBL_MAX, DBL_MAX, DBL_MAX};
  static const double t4[] = {1, 2, 3, 4};
  static const double t6[] = {1, 2, 3, 4, 5, 6};
  static const double v6[] = {1e308, 1e308, 1e308, -1e308, -1e308, 5};
  double s = -1;
  CHECK( olympicScore(big, 4, 0, 1, &s)==SQLITE_OK && s==1.55e308, "big: %g", s );
  CHECK( olympicScore(big, 4, 0, 0, &s)==SQLITE_OK && s==1.55e308, "big, none dropped: %g", s );
  CHECK( olympicScore(maxes, 3, 0, 0, &s)==SQLITE_OK && s==DBL_MAX, "DBL_MAX: %g", s );
  CHECK( olympicValueMean(big, big, 4, 0, 1, &s)==SQLITE_OK && s==1.55e308, "value big: %g", s );
  CHECK( olympicValueMean(t4, mixed, 4, 0, 0, &s)==SQLITE_OK && s==0.0, "value mixed: %g", s );
  CHECK( olympicValueMean(t4, maxes, 3, 0, 0, &s)==SQLITE_OK && s==DBL_MAX, "value max: %g", s );
  CHECK( olympicValueMean(t6, v6, 6, 0, 0, &s)==SQLITE_OK && s==1e308/6,
         "value six: %.17g", s );
}

/* Huge values that cancel leave the small ones
** (the fallback sum is exact, rounded once). */
static void testMeanCancels(void){
  static const double t7[] = {1, 2, 3, 4, 5, 6, 7};
  static const double v7[] = {1.7e308, 1.7e308, 1.7e308, -1.7e308, -1.7e308, -1.7e308, 5};
  static const double w7[] = {DBL_MAX, DBL_MAX, 0.5, -DBL_MAX, -DBL_MAX, 1e-300, 0.25};
  double s = -1;
  CHECK( olympicValueMean(t7, v7, 7, 0, 0, &s)==SQLITE_OK && s==5.0/7,
         "cancels: %.17g", s );
  CHECK( olympicScore(v7, 7, 0, 0, &s)==SQLITE_OK && s==5.0/7, "score cancels: %.17g", s );
  CHECK( olympicValueMean(t7, w7, 7, 0, 0, &s)==SQLITE_OK && s==0.75/7,
         "cancels, mixed: %.17g", s );
}

static void testBootstrap(void){
  static const double a[] = {10, 20, 30, 70};
  static const double b[] = {1, 2, 3};
  static const double e[] = {0.1, 0.1, 0.1, 0.1, 0.1};
  OlympicCi ci, ci2;
  int i;

  /* splitmix64 from seed 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4,
  ** 0x06c45d188009454f, 0xf88bb8a8724c81ec: mod 4 (no rejection below a
  ** power of 2), runs 3, 0, 3, 0: 70, 10, 70, 10. Dropping the fastest and
  ** the slowest leaves 10 and 70: 40. */
  CHECK( olympicBootstrap(a, 4, 0, 1, 0.95, 1, 0, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "one resample" );
  CHECK( ci.score==25.0 && ci.low==40.0 && ci.high==40.0 && ci.nScored==1,
         "score %g low %g high %g", ci.score, ci.low, ci.high );

  /* The median of 3 draws from {1, 2, 3} is 1 or 3 with probability 7/27
  ** each (0.259), 2 with 13/27: the 25% and 75% quantiles are 1 and 3,
  ** the 30% and 70% both 2. */
  CHECK( olympicBootstrap(b, 3, 0, 1, 0.5, 100000, 7, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "b" );
  CHECK( ci.score==2.0 && ci.low==1.0 && ci.high==3.0 && ci.nScored==100000,
         "level 0.5: %g %g %g", ci.score, ci.low, ci.high );
  CHECK( olympicBootstrap(b, 3, 0, 1, 0.4, 100000, 7, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "b" );
  CHECK( ci.low==2.0 && ci.high==2.0, "level 0.4: %g %g", ci.low, ci.high );

  /* Interpolation between order statistics. Outputs 5..8 from seed 0 are
  ** 0x1b39896a51a8749b, 0x53cb9f0c747ea2ea, 0x2c829abe1f4532e1,
  ** 0xc584133ac916ab3c: runs 3, 2, 1, 0, a resample scoring 25. Sorted
  ** scores 25, 40; level 0.5: quantiles 0.25 and 0.75 are 25 + 0.25*15 and
  ** 25 + 0.75*15. */
  CHECK( olympicBootstrap(a, 4, 0, 1, 0.5, 2, 0, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "two resamples" );
  CHECK( ci.low==28.75 && ci.high==36.25, "interpolation %g %g", ci.low, ci.high );

  /* All runs equal: the interval is the score, exactly. */
  CHECK( olympicBootstrap(e, 5, 0, 1, 0.95, 500, 3, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "equal" );
  CHECK( ci.low==ci.score && ci.high==ci.score, "equal: %.17g %.17g %.17g",
         ci.score, ci.low, ci.high );

  /* Same seed: same bits; another seed: another interval. */
  olympicBootstrap(b, 3, 0, 1, 0.9, 50, 11, OLYMPIC_CI_PERCENTILE, 0, 0, &ci);
  olympicBootstrap(b, 3, 0, 1, 0.9, 50, 11, OLYMPIC_CI_PERCENTILE, 0, 0, &ci2);
  CHECK( memcmp(&ci, &ci2, sizeof(ci))==0, "same seed" );
  {
    static const double c[] = {3.1, 4.7, 5.2, 6.9, 8.3, 9.9, 12.5};
    olympicBootstrap(c, 7, 0, 1, 0.9, 50, 1, OLYMPIC_CI_PERCENTILE, 0, 0, &ci);
    olympicBootstrap(c, 7, 0, 1, 0.9, 50, 2, OLYMPIC_CI_PERCENTILE, 0, 0, &ci2);
    CHECK( ci.low!=ci2.low || ci.high!=ci2.high, "seeds 1 and 2 agree" );
    CHECK( ci.low<=ci.score && ci.score<=ci.high, "%g %g %g", ci.low, ci.score, ci.high );
  }

  /* Dropped runs are drawn too; draws with too many are skipped. */
  CHECK( olympicBootstrap(b, 3, 1, 1, 0.9, 1000, 5, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK, "dropped" );
  CHECK( ci.score==2.5 && ci.nScored>0 && ci.nScored<1000, "dropped: %g, %lld scored",
         ci.score, ci.nScored );
  /* No score: nothing drawn. */
  CHECK( olympicBootstrap(b, 2, 0, 1, 0.9, 1000, 5, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_DONE, "no score" );
  /* One run draws only itself (max_dropped 0). */
  CHECK( olympicBootstrap(b, 1, 0, 0, 0.9, 10, 5, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_OK
         && ci.low==1.0 && ci.high==1.0, "one run" );
  for(i=0; i<3; i++){
    CHECK( olympicBootstrap(b, 3, 2, 1, 0.9, 10, i, OLYMPIC_CI_PERCENTILE, 0, 0, &ci)==SQLITE_DONE, "too many dropped" );
  }
}

/* BCa: degenerate cases are defined, never NaN. */
static void testBca(void){
  static const double a[] = {10, 20, 30, 70};
  static const double b[] = {1, 2, 3};
  static const double e[] = {0.1, 0.1, 0.1, 0.1, 0.1};
  OlympicCi ci;
  /* All runs equal: z0 = 0 (every draw ties), a = 0, the score itself. */
  CHECK( olympicBootstrap(e, 5, 0, 1, 0.95, 500, 3, OLYMPIC_CI_BCA, 0, 0, &ci)==SQLITE_OK
         && ci.low==ci.score && ci.high==ci.score && ci.z0==0.0 && ci.accel==0.0,
         "equal: %.17g %.17g z0 %g a %g", ci.low, ci.high, ci.z0, ci.accel );
  /* 3 runs: leaving one out leaves 2, which have no score: a = 0. */
  CHECK( olympicBootstrap(b, 3, 0, 1, 0.9, 1000, 1, OLYMPIC_CI_BCA, 0, 0, &ci)==SQLITE_OK
         && ci.accel==0.0 && isfinite(ci.z0), "three: a %g z0 %g", ci.accel, ci.z0 );
  /* One draw above the score (40 > 25): p = 0 held at 1/(2B) = 1/2. */
  CHECK( olympicBootstrap(a, 4, 0, 1, 0.95, 1, 0, OLYMPIC_CI_BCA, 0, 0, &ci)==SQLITE_OK
         && ci.z0==0.0 && ci.low==40.0 && ci.high==40.0, "one draw: z0 %g", ci.z0 );
  /* The jackknife of 1, 2, 3, 4, 8, 9 by hand: leaving out each in turn,
  ** the mean of the middle 3 of the other 5 is 5, 5, 14/3, 13/3, 3, 3; d is
  ** their mean (25/6) minus each; a = sum d^3/(6 (sum d^2)^1.5). */
  {
    static const double f[] = {1, 2, 3, 4, 8, 9};
    double loo[6] = {5, 5, 14.0/3, 13.0/3, 3, 3}, s2 = 0, s3 = 0, want;
    int i;
    for(i=0; i<6; i++){
      double d = 25.0/6 - loo[i];
      s2 += d*d; s3 += d*d*d;
    }
    want = s3/(6*s2*sqrt(s2));
    olympicBootstrap(f, 6, 0, 1, 0.95, 10, 0, OLYMPIC_CI_BCA, 0, 0, &ci);
    CHECK( want>0 && fabs(ci.accel - want)<1e-14, "a %.17g, by hand %.17g", ci.accel, want );
  }
}

/* ---- every allocation failing in turn ---- */

/* failmemArm(i+1, 1): the first i allocations succeed, then all fail. */

/* A stop callback that says stop on its nth question (0: never). */
static int nStopAsked, nStopAt;
static int stopAt(void *pArg){
  (void)pArg;
  return ++nStopAsked==nStopAt;
}

/* xStop: asked once per 2^20 draws (UTIL_STOP_WORK); a stop ends with
** SQLITE_INTERRUPT, a callback that never stops changes nothing. */
static void testStop(void){
  static const double c[] = {3.1, 4.7, 5.2, 6.9, 8.3, 9.9, 12.5, 13.0, 14.2, 15.8};
  OlympicCi ci, ci2;
  nStopAsked = 0; nStopAt = 0;
  CHECK( olympicBootstrap(c, 10, 0, 1, 0.95, 300000, 4, OLYMPIC_CI_PERCENTILE, stopAt, 0, &ci)==SQLITE_OK, "never" );
  CHECK( nStopAsked==3000000/UTIL_STOP_WORK, "asked %d times for 3,000,000 draws", nStopAsked );
  CHECK( olympicBootstrap(c, 10, 0, 1, 0.95, 300000, 4, OLYMPIC_CI_PERCENTILE, 0, 0, &ci2)==SQLITE_OK, "no xStop" );
  CHECK( memcmp(&ci, &ci2, sizeof(ci))==0, "same interval with and without xStop" );
  nStopAsked = 0; nStopAt = 2;
  CHECK( olympicBootstrap(c, 10, 0, 1, 0.95, 300000, 4, OLYMPIC_CI_PERCENTILE, stopAt, 0, &ci)==SQLITE_INTERRUPT,
         "stopped" );
  CHECK( nStopAsked==2, "stopped at the 2nd question, asked %d", nStopAsked );
}

static void testSqlOutOfMemory(void){
  static const char *azSql[] = {
    "SELECT scaling_fit(n, t), scaling_fit(n, t, 'comm') FROM c",
    "SELECT breakeven(n, t), breakeven(n, t, 'knee'),"
    " breakeven(n, t, 'marginal', 0.5) FROM c",
    "SELECT mlperf_score_ci(t, 1, 1, 0.9, 100), mlperf_score(t, n > 1) FROM c",
  };
  sqlite3 *db = 0;
  int q, i;
  for(q=0; q<3; q++){
    int rc = SQLITE_NOMEM;
    for(i=0; i<2000 && rc!=SQLITE_OK; i++){
      failmemDisarm();
      if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){ CHECK( 0, "open" ); return; }
      rc = mlpMetricsInit(db);
      if( rc==SQLITE_OK ){
        rc = sqlite3_exec(db, "CREATE TABLE c(n, t);"
            "WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i+1 FROM k WHERE i<40)"
            " INSERT INTO c SELECT 1<<(i%11), 1.0 + 64.0/(1<<(i%11)) + i FROM k;",
            0, 0, 0);
      }
      CHECK( rc==SQLITE_OK, "setup" );
      failmemArm(i+1, 1);
      rc = sqlite3_exec(db, azSql[q], 0, 0, 0);
      failmemDisarm();
      CHECK( rc==SQLITE_OK || rc==SQLITE_NOMEM, "query %d, allocation %d: %d %s",
             q, i, rc, sqlite3_errmsg(db) );
      sqlite3_close(db);
    }
    CHECK( rc==SQLITE_OK && i>5, "query %d never ran (%d)", q, i );
  }
}

int main(void){
  if( failmemInstall()!=SQLITE_OK ){
    fprintf(stderr, "cannot install the failing allocator\n");
    return 1;
  }
  testScore();
  testMeanNoOverflow();
  testMeanCancels();
  testBootstrap();
  testBca();
  testStop();
  testSqlOutOfMemory();
  sqlite3_shutdown();
  if( nFail ){
    printf("olympic_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("olympic_test: %d checks passed\n", nCheck);
  return 0;
}
