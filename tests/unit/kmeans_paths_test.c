/*
** kmeans_paths_test.c: the fit of ext/kmeans/kmeans.c as built (SSE2, and AVX
** when this CPU has it) against the same file compiled here in plain C
** (-DKMEANS_NO_SIMD, its functions renamed): the same labels, centres,
** inertia and iterations, bit for bit, over widths d = 1..9 and k = 1..17
** (blocks of eight centres, pairs, the padding centre), euclidean and
** cosine, with k-means++ and random seeding, on data with exact ties.
** Exits 0 when every check passes, else prints the failures.
*/
#include "sqlite3.h"
#include "kmeans/kmeans.h"
#include <stdio.h>
#include <string.h>

/* The plain C build of the algorithm, under other names. */
#define KMEANS_NO_SIMD 1
#define kmeansDistance          kmeansDistanceC
#define kmeansSpaceInit         kmeansSpaceInitC
#define kmeansSpaceFree         kmeansSpaceFreeC
#define kmeansToSpace           kmeansToSpaceC
#define kmeansToOriginal        kmeansToOriginalC
#define kmeansDistinct          kmeansDistinctC
#define kmeansParamsDefault     kmeansParamsDefaultC
#define kmeansFitFree           kmeansFitFreeC
#define kmeansFit               kmeansFitC
#define kmeansOrderClusters     kmeansOrderClustersC
#define kmeansSilhouette        kmeansSilhouetteC
#define kmeansDaviesBouldin     kmeansDaviesBouldinC
#define kmeansCalinskiHarabasz  kmeansCalinskiHarabaszC
#define kmeansKnee              kmeansKneeC
#define kmeansSample            kmeansSampleC
#include "../../ext/kmeans/kmeans.c"
#include "check.h"
#undef kmeansFit
#undef kmeansFitFree
#undef kmeansSpaceInit
#undef kmeansSpaceFree
#undef kmeansParamsDefault

/* Deterministic test data: splitmix64. */
static uint64_t rngNext(uint64_t *pState){
  uint64_t z = (*pState += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z>>30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z>>27)) * 0x94d049bb133111ebULL;
  return z ^ (z>>31);
}

/*
** n rows of d features: blobs with noise (bGrid 0), or small integers, so
** that many rows coincide and distances tie exactly (bGrid 1).
*/
static double *makeData(int n, int d, int bGrid, uint64_t iSeed){
  double *x = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)n*d);
  int i, j;
  if( x==0 ) return 0;
  for(i=0; i<n; i++){
    int iBlob = (int)(rngNext(&iSeed) % 5);
    for(j=0; j<d; j++){
      uint64_t r = rngNext(&iSeed);
      x[(sqlite3_int64)i*d+j] = bGrid ? (double)(r % 4)
                                      : 3.0*((iBlob*7+j*3)%5) + (double)(r>>11)/9007199254740992.0;
    }
  }
  return x;
}

static void checkOne(int n, int d, int k, int bGrid, int eDist, int eInit){
  char zCase[200];
  double *x = makeData(n, d, bGrid, (uint64_t)(d*1000+k*10+bGrid));
  double *x2 = x ? sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)n*d) : 0;
  KmeansSpace sp, sp2;
  KmeansParams p;
  KmeansFit fit, fit2;
  int iBad, rc, rc2, nDistinct = 0;
  snprintf(zCase, sizeof(zCase), "n=%d d=%d k=%d grid=%d distance=%d init=%d",
           n, d, k, bGrid, eDist, eInit);
  if( x2==0 ){
    sqlite3_free(x);
    CHECK(0, "memory differs: %s", zCase);
    return;
  }
  memcpy(x2, x, sizeof(double)*(size_t)n*d);
  rc = kmeansSpaceInit(&sp, x, n, d, KMEANS_SCALE_NONE, eDist, &iBad);
  rc2 = kmeansSpaceInitC(&sp2, x2, n, d, KMEANS_SCALE_NONE, eDist, &iBad);
  if( rc!=SQLITE_OK || rc2!=SQLITE_OK ){
    /* Grid data may hold a zero row, which cosine refuses: both must. */
    CHECK(rc==rc2, "space differs: %s", zCase);
    kmeansSpaceFree(&sp);
    kmeansSpaceFreeC(&sp2);
    return;
  }
  if( kmeansDistinct(&sp, k, &nDistinct)!=SQLITE_OK || nDistinct<k ){
    kmeansSpaceFree(&sp);
    kmeansSpaceFreeC(&sp2);
    return;
  }
  kmeansParamsDefault(&p, k);
  p.eInit = eInit;
  p.nInit = 2;
  p.nMaxIter = 30;
  p.iSeed = (uint64_t)(k+d);
  rc = kmeansFit(&sp, &p, &fit);
  rc2 = kmeansFitC(&sp2, &p, &fit2);
  CHECK(rc==SQLITE_OK && rc2==SQLITE_OK, "return code differs: %s", zCase);
  if( rc==SQLITE_OK && rc2==SQLITE_OK ){
    CHECK(memcmp(fit.aLabel, fit2.aLabel, sizeof(int)*(size_t)n)==0, "labels differ: %s", zCase);
    CHECK(memcmp(fit.aCentre, fit2.aCentre, sizeof(double)*(size_t)k*d)==0, "centres differ: %s", zCase);
    CHECK(memcmp(&fit.rInertia, &fit2.rInertia, sizeof(double))==0, "inertia differs: %s", zCase);
    CHECK(fit.nIter==fit2.nIter, "iterations differ: %s", zCase);
  }
  kmeansFitFree(&fit);
  kmeansFitFreeC(&fit2);
  kmeansSpaceFree(&sp);
  kmeansSpaceFreeC(&sp2);
}

int main(void){
  static const int aD[] = {1, 2, 3, 4, 5, 7, 9};
  static const int aK[] = {1, 2, 3, 7, 8, 9, 13, 16, 17};
  int a, b, bGrid, eDist;
  for(a=0; a<(int)(sizeof(aD)/sizeof(aD[0])); a++){
    for(b=0; b<(int)(sizeof(aK)/sizeof(aK[0])); b++){
      for(bGrid=0; bGrid<2; bGrid++){
        for(eDist=KMEANS_EUCLIDEAN; eDist<=KMEANS_COSINE; eDist++){
          checkOne(1500, aD[a], aK[b], bGrid, eDist,
                   (a+b)&1 ? KMEANS_INIT_RANDOM : KMEANS_INIT_PLUSPLUS);
        }
      }
    }
  }
  if( nFail ){
    fprintf(stderr, "kmeans_paths_test: %d checks failed\n", nFail);
    return 1;
  }
  return 0;
}
