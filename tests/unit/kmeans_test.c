/*
** kmeans_test.c: C unit tests of ext/kmeans/kmeans.c (no SQL). Hand-checkable
** clusterings, re-seeding of an empty cluster, k-medians, cosine, the
** quality measures on values worked out by hand, Kneedle, determinism, and
** every allocation failing in turn (SQLITE_NOMEM, nothing leaked), in the
** algorithm and in the SQL functions of ext/kmeans/kmeans_sql.c (included here).
** Exits 0 when every check passes, else prints the failures.
*/
#include "sqlite3.h"
#include "kmeans/kmeans.h"
#include "base/stats.h"
/* The SQL glue too, compiled in, to fail its allocations one by one. */
#include "../../ext/kmeans/kmeans_sql.c"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "../failmem.h"

#define NEAR(a, b) (fabs((a)-(b)) <= 1e-12*(1.0+fabs(b)))

/* A space over a copy of the n*d values in a (the space owns its copy). */
static int space(KmeansSpace *sp, const double *a, int n, int d, int eScale, int eDist){
  double *x = sqlite3_malloc64(sizeof(double)*n*d);
  int iBad;
  memset(sp, 0, sizeof(*sp));
  if( x==0 ) return SQLITE_NOMEM;
  memcpy(x, a, sizeof(double)*n*d);
  return kmeansSpaceInit(sp, x, n, d, eScale, eDist, &iBad);
}

static void testTwoBlobs(void){
  static const double a[] = {0, 1, 10, 11};
  static const double init[] = {0, 1};
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit fit;
  double c[2];
  CHECK( space(&sp, a, 4, 1, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  kmeansParamsDefault(&p, 2);
  p.eInit = KMEANS_INIT_GIVEN;
  p.aInit = init;
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  CHECK( fit.aLabel[0]==0 && fit.aLabel[1]==0 && fit.aLabel[2]==1 && fit.aLabel[3]==1 );
  kmeansToOriginal(&sp, fit.aCentre, c, 2);
  CHECK( NEAR(c[0], 0.5) && NEAR(c[1], 10.5) );
  CHECK( NEAR(fit.rInertia, 1.0) );
  CHECK( fit.aSize[0]==2 && fit.aSize[1]==2 );
  CHECK( NEAR(fit.aSse[0], 0.5) && NEAR(fit.aSse[1], 0.5) );
  /* Iteration 1 moves the centres, 2 changes labels, 3 changes nothing. */
  CHECK( fit.nIter==3 );
  kmeansFitFree(&fit);

  /* k-means++ with restarts, then numbering by ascending centroid. */
  kmeansParamsDefault(&p, 2);
  p.iSeed = 99;
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  CHECK( kmeansOrderClusters(&sp, &fit)==SQLITE_OK );
  CHECK( fit.aLabel[0]==0 && fit.aLabel[3]==1 && NEAR(fit.rInertia, 1.0) );
  kmeansFitFree(&fit);
  kmeansSpaceFree(&sp);
}

/* A centre far from every row leaves its cluster empty: it is re-seeded
** with the row farthest from its centre (10, 10 away from centre 0). */
static void testReseed(void){
  static const double a[] = {0, 1, 2, 10};
  static const double init[] = {0, 100};
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit fit;
  double c[2];
  CHECK( space(&sp, a, 4, 1, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  kmeansParamsDefault(&p, 2);
  p.eInit = KMEANS_INIT_GIVEN;
  p.aInit = init;
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  kmeansToOriginal(&sp, fit.aCentre, c, 2);
  CHECK( NEAR(c[0], 1.0) && NEAR(c[1], 10.0) );
  CHECK( fit.aLabel[3]==1 && fit.aLabel[0]==0 && fit.aLabel[2]==0 );
  CHECK( NEAR(fit.rInertia, 2.0) );
  kmeansFitFree(&fit);
  kmeansSpaceFree(&sp);
}

static void testManhattanCosine(void){
  static const double a[] = {0, 0,  1, 0,  5, 0,  1, 1};
  static const double b[] = {1, 0,  2, 0.2,  0, 3,  0.1, 1};
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit fit;
  double c[4];
  CHECK( space(&sp, a, 4, 2, KMEANS_SCALE_NONE, KMEANS_MANHATTAN)==SQLITE_OK );
  kmeansParamsDefault(&p, 1);
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  kmeansToOriginal(&sp, fit.aCentre, c, 1);
  CHECK( NEAR(c[0], 1.0) && NEAR(c[1], 0.0) );       /* medians, not means */
  CHECK( NEAR(kmeansDistance(&sp, &sp.x[4], fit.aCentre), 4.0) );
  kmeansFitFree(&fit);
  kmeansSpaceFree(&sp);

  CHECK( space(&sp, b, 4, 2, KMEANS_SCALE_NONE, KMEANS_COSINE)==SQLITE_OK );
  kmeansParamsDefault(&p, 2);
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  CHECK( kmeansOrderClusters(&sp, &fit)==SQLITE_OK );
  /* Ascending centroid: the near-vertical directions (x small) first. */
  CHECK( fit.aLabel[0]==1 && fit.aLabel[1]==1 && fit.aLabel[2]==0 && fit.aLabel[3]==0 );
  CHECK( NEAR(fit.aCentre[0]*fit.aCentre[0]+fit.aCentre[1]*fit.aCentre[1], 1.0) );
  kmeansFitFree(&fit);
  kmeansSpaceFree(&sp);
}

/* k-medians with k = 1: the centre is the median, for odd and even counts,
** with many ties, checked against sorting. */
static void testMedians(void){
  static double a[1001], sorted[1001];
  int n, i, iCase;
  unsigned s = 777;
  for(iCase=0; iCase<4; iCase++){
    unsigned nMod = iCase<2 ? 97 : 1000003;     /* many ties, or few */
    KmeansSpace sp;
    KmeansParams p;
    KmeansFit fit;
    double c, rMedian;
    n = 1000 + (iCase & 1);
    for(i=0; i<n; i++){
      s = s*1103515245u + 12345u;
      a[i] = (double)((s>>8)%nMod);
    }
    memcpy(sorted, a, sizeof(double)*n);
    qsort(sorted, n, sizeof(double), statsCmpDoubleQsort);
    rMedian = (n & 1) ? sorted[n/2] : 0.5*(sorted[n/2-1] + sorted[n/2]);
    CHECK( space(&sp, a, n, 1, KMEANS_SCALE_NONE, KMEANS_MANHATTAN)==SQLITE_OK );
    kmeansParamsDefault(&p, 1);
    CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
    kmeansToOriginal(&sp, fit.aCentre, &c, 1);
    CHECK( c==rMedian );
    kmeansFitFree(&fit);
    kmeansSpaceFree(&sp);
  }
}

static void testScaleAndZero(void){
  static const double a[] = {0, 100,  2, 300,  4, 500};
  static const double z[] = {1, 1,  0, 0};
  KmeansSpace sp;
  double c[2], o[2];
  int iBad = 0;
  double *x;
  CHECK( space(&sp, a, 3, 2, KMEANS_SCALE_MINMAX, KMEANS_EUCLIDEAN)==SQLITE_OK );
  c[0] = 1.0; c[1] = 250.0;
  kmeansToSpace(&sp, c, o, 1);
  kmeansToOriginal(&sp, o, c, 1);
  CHECK( NEAR(c[0], 1.0) && NEAR(c[1], 250.0) );
  /* minmax puts both features on [0,1]: the variances are equal. */
  CHECK( NEAR(sp.rVarMean, 1.0/6.0) );
  kmeansSpaceFree(&sp);
  x = sqlite3_malloc64(sizeof(z));
  memcpy(x, z, sizeof(z));
  CHECK( kmeansSpaceInit(&sp, x, 2, 2, KMEANS_SCALE_NONE, KMEANS_COSINE, &iBad)==SQLITE_ERROR );
  CHECK( iBad==1 );
  kmeansSpaceFree(&sp);
  {
    /* A range whose square overflows cannot be scaled; values whose sum
    ** overflows can. */
    static const double big[] = {1e308, 0, 5, -3};
    static const double top[] = {1.7e308, 1.7e308, 1.7e308};
    CHECK( space(&sp, big, 4, 1, KMEANS_SCALE_MINMAX, KMEANS_EUCLIDEAN)==SQLITE_TOOBIG );
    kmeansSpaceFree(&sp);
    CHECK( space(&sp, big, 4, 1, KMEANS_SCALE_ZSCORE, KMEANS_EUCLIDEAN)==SQLITE_TOOBIG );
    kmeansSpaceFree(&sp);
    CHECK( space(&sp, top, 3, 1, KMEANS_SCALE_ZSCORE, KMEANS_EUCLIDEAN)==SQLITE_OK );
    CHECK( sp.aShift[0]==1.7e308 && sp.aScale[0]==1.0 && sp.rVarMean==0.0 );
    kmeansSpaceFree(&sp);
  }
}

static void testMetrics(void){
  static const double a[] = {0, 1, 10, 11};
  static const int lab[] = {0, 0, 1, 1};
  static const int one[] = {0, 0, 0, 0};
  static const int all[] = {0, 1, 2, 3};
  KmeansSpace sp;
  double s[4], rMean = 0, r = 0;
  CHECK( space(&sp, a, 4, 1, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  CHECK( kmeansSilhouette(&sp, lab, 2, 0, 4, s, &rMean, 0, 0)==SQLITE_OK );
  /* Row 0: a = 1, b = (10 + 11)/2; row 1: a = 1, b = (9 + 10)/2. */
  CHECK( NEAR(s[0], 9.5/10.5) && NEAR(s[1], 8.5/9.5) && NEAR(s[2], 8.5/9.5) );
  CHECK( NEAR(rMean, (9.5/10.5 + 8.5/9.5)/2) );
  CHECK( kmeansSilhouette(&sp, one, 1, 0, 4, s, &rMean, 0, 0)==SQLITE_DONE );
  CHECK( kmeansSilhouette(&sp, all, 4, 0, 4, s, &rMean, 0, 0)==SQLITE_DONE );
  CHECK( kmeansDaviesBouldin(&sp, lab, 2, &r)==SQLITE_OK && NEAR(r, 0.1) );
  CHECK( kmeansCalinskiHarabasz(&sp, lab, 2, &r)==SQLITE_OK && NEAR(r, 200.0) );
  CHECK( kmeansDaviesBouldin(&sp, one, 1, &r)==SQLITE_DONE );
  CHECK( kmeansCalinskiHarabasz(&sp, all, 4, &r)==SQLITE_DONE );
  kmeansSpaceFree(&sp);
}

static void testKneeDistinctSample(void){
  static const double y1[] = {100, 20, 10, 5};
  static const double y2[] = {3, 2, 1};
  static const double y3[] = {5, 5, 5};
  static const double a[] = {1, 2,  1, 2,  3, 4,  1, 2};
  KmeansSpace sp;
  int *aIdx = 0, *aIdx2 = 0, i, bSame = 1, nDistinct = 0;
  CHECK( kmeansKnee(y1, 4)==1 );
  CHECK( kmeansKnee(y2, 3)==-1 );
  CHECK( kmeansKnee(y3, 3)==-1 );
  CHECK( kmeansKnee(y1, 2)==-1 );
  CHECK( space(&sp, a, 4, 2, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  CHECK( kmeansDistinct(&sp, 10, &nDistinct)==SQLITE_OK && nDistinct==2 );
  CHECK( kmeansDistinct(&sp, 1, &nDistinct)==SQLITE_OK && nDistinct==1 );
  kmeansSpaceFree(&sp);
  CHECK( kmeansSample(1000, 50, 7, &aIdx)==SQLITE_OK );
  CHECK( kmeansSample(1000, 50, 7, &aIdx2)==SQLITE_OK );
  for(i=0; i<50; i++){
    if( aIdx[i]!=aIdx2[i] ) bSame = 0;
    CHECK( aIdx[i]>=0 && aIdx[i]<1000 );
    if( i ) CHECK( aIdx[i]>aIdx[i-1] );
  }
  CHECK( bSame );
  sqlite3_free(aIdx);
  sqlite3_free(aIdx2);
}

/* The same seed gives the same fit; restarts never do worse than one. */
static void testDeterminism(void){
  double a[600];
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit f1, f2, f3;
  int i;
  unsigned s = 12345;
  for(i=0; i<600; i++){
    s = s*1103515245u + 12345u;
    a[i] = (double)((s>>8)%10000)/100.0;
  }
  CHECK( space(&sp, a, 200, 3, KMEANS_SCALE_ZSCORE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  kmeansParamsDefault(&p, 5);
  p.iSeed = 3;
  CHECK( kmeansFit(&sp, &p, &f1)==SQLITE_OK );
  CHECK( kmeansFit(&sp, &p, &f2)==SQLITE_OK );
  CHECK( memcmp(f1.aLabel, f2.aLabel, sizeof(int)*200)==0 );
  CHECK( memcmp(f1.aCentre, f2.aCentre, sizeof(double)*15)==0 );
  CHECK( f1.rInertia==f2.rInertia );
  p.nInit = 1;
  CHECK( kmeansFit(&sp, &p, &f3)==SQLITE_OK );
  CHECK( f1.rInertia<=f3.rInertia );
  kmeansFitFree(&f1);
  kmeansFitFree(&f2);
  kmeansFitFree(&f3);
  p.eInit = KMEANS_INIT_RANDOM;
  CHECK( kmeansFit(&sp, &p, &f1)==SQLITE_OK );
  kmeansFitFree(&f1);
  kmeansSpaceFree(&sp);
}

/* ---- every allocation failing in turn ---- */

/* failmemArm(i+1, 1): the first i allocations succeed, then all fail. */

/* One full pass over the API; returns the first error code met. */
static int oomPass(void){
  static const double a[] = {0, 0,  1, 0,  0, 1,  9, 9,  9, 8,  8, 9,  4, 4};
  static const double init[] = {0, 0,  9, 9};
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit fit;
  int e, rc = SQLITE_OK, *aIdx = 0, nDistinct = 0;
  double r;
  for(e=0; e<3 && rc==SQLITE_OK; e++){
    rc = space(&sp, a, 7, 2, KMEANS_SCALE_ZSCORE, e);
    if( rc==SQLITE_OK ){
      rc = kmeansDistinct(&sp, 3, &nDistinct);
    }
    if( rc==SQLITE_OK ){
      kmeansParamsDefault(&p, 2);
      p.nInit = 2;
      p.eInit = e==0 ? KMEANS_INIT_PLUSPLUS : (e==1 ? KMEANS_INIT_RANDOM : KMEANS_INIT_GIVEN);
      p.aInit = init;
      rc = kmeansFit(&sp, &p, &fit);
      if( rc==SQLITE_OK ){
        rc = kmeansOrderClusters(&sp, &fit);
        if( rc==SQLITE_OK ) rc = kmeansSilhouette(&sp, fit.aLabel, 2, 0, 7, 0, &r, 0, 0);
        if( rc==SQLITE_OK ) rc = kmeansDaviesBouldin(&sp, fit.aLabel, 2, &r);
        if( rc==SQLITE_OK ) rc = kmeansCalinskiHarabasz(&sp, fit.aLabel, 2, &r);
        kmeansFitFree(&fit);
      }
    }
    kmeansSpaceFree(&sp);
  }
  if( rc==SQLITE_OK ){
    rc = kmeansSample(7, 3, 1, &aIdx);
    sqlite3_free(aIdx);
  }
  return rc;
}

static void testOutOfMemory(void){
  int i, rc = SQLITE_NOMEM;
  for(i=0; i<500 && rc!=SQLITE_OK; i++){
    failmemArm(i+1, 1);
    rc = oomPass();
    CHECK( rc==SQLITE_OK || rc==SQLITE_NOMEM );
  }
  failmemDisarm();
  CHECK( rc==SQLITE_OK );
  CHECK( i>20 );        /* the failures really reached deep into the passes */
}

/* The three SQL functions with every allocation failing in turn: each
** statement either works or fails with SQLITE_NOMEM, and leaks nothing. */
static void testSqlOutOfMemory(void){
  static const char *azSql[] = {
    "SELECT * FROM kmeans('SELECT ''a''||rowid, x, y FROM t', 2,"
    " '{\"init\":[[0,0],[5,5]],\"scale\":\"zscore\"}')",
    "SELECT * FROM kmeans('t', 3) a JOIN kmeans_centroids('t', 3) USING (cluster)",
    "SELECT * FROM kmeans_scan('t', 4, '{\"distance\":\"manhattan\"}')",
  };
  sqlite3 *db = 0;
  int q, i, nOk = 0;
  for(q=0; q<3; q++){
    int rc = SQLITE_NOMEM;
    for(i=0; i<2000 && rc!=SQLITE_OK; i++){
      failmemDisarm();
      if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){ CHECK( 0 ); return; }
      rc = mlpKmeansInit(db);
      if( rc==SQLITE_OK ){
        rc = sqlite3_exec(db, "CREATE TABLE t(x, y);"
            "INSERT INTO t VALUES (0,0),(0,1),(1,0),(5,5),(5,6),(6,5),(9,0),(9,1);",
            0, 0, 0);
      }
      CHECK( rc==SQLITE_OK );
      failmemArm(i+1, 1);
      rc = sqlite3_exec(db, azSql[q], 0, 0, 0);
      failmemDisarm();
      if( rc!=SQLITE_OK && rc!=SQLITE_NOMEM ){
        fprintf(stderr, "query %d, allocation %d: %d %s\n", q, i, rc, sqlite3_errmsg(db));
        CHECK( 0 );
      }
      sqlite3_close(db);
    }
    CHECK( rc==SQLITE_OK );
    nOk += rc==SQLITE_OK;
  }
  CHECK( nOk==3 );
}

/* xStop: a fit or a silhouette that is told to stop ends with
** SQLITE_INTERRUPT and leaves nothing allocated; one never told runs on. */
static int nStopAsked = 0;
static int stopAtOnce(void *pArg){ (void)pArg; nStopAsked++; return 1; }
static int stopNever(void *pArg){ (void)pArg; nStopAsked++; return 0; }

static void testStop(void){
  enum { N = 4000 };
  double *a = malloc(sizeof(double)*N*2);
  KmeansSpace sp;
  KmeansParams p;
  KmeansFit fit;
  int *lab = malloc(sizeof(int)*N);
  double rMean = -7.0;
  int i;
  for(i=0; i<N; i++){ a[2*i] = i%97; a[2*i+1] = (i*31)%89; lab[i] = i%3; }
  CHECK( space(&sp, a, N, 2, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN)==SQLITE_OK );
  kmeansParamsDefault(&p, 3);
  p.nInit = 1000;
  p.xStop = stopAtOnce;
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_INTERRUPT );
  CHECK( nStopAsked==1 && fit.aLabel==0 && fit.aCentre==0 );
  p.nInit = 20;
  p.xStop = stopNever;
  nStopAsked = 0;
  CHECK( kmeansFit(&sp, &p, &fit)==SQLITE_OK );
  CHECK( nStopAsked>0 );
  kmeansFitFree(&fit);
  CHECK( kmeansSilhouette(&sp, lab, 3, 0, N, 0, &rMean, stopAtOnce, 0)==SQLITE_INTERRUPT );
  CHECK( rMean==-7.0 );
  CHECK( kmeansSilhouette(&sp, lab, 3, 0, N, 0, &rMean, stopNever, 0)==SQLITE_OK );
  kmeansSpaceFree(&sp);
  free(a);
  free(lab);
}

int main(void){
  if( failmemInstall()!=SQLITE_OK ){
    fprintf(stderr, "cannot install the failing allocator\n");
    return 1;
  }
  testTwoBlobs();
  testReseed();
  testManhattanCosine();
  testMedians();
  testScaleAndZero();
  testMetrics();
  testKneeDistinctSample();
  testDeterminism();
  testOutOfMemory();
  testSqlOutOfMemory();
  testStop();
  sqlite3_shutdown();
  if( nFail ){
    fprintf(stderr, "kmeans_test: %d checks failed\n", nFail);
    return 1;
  }
  return 0;
}
