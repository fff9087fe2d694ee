/*
** kmeans_fit.c: times ext/kmeans/kmeans.c's fit alone on data already in memory,
** for tests/bench/kmeans.sh (the counterpart of scikit-learn's KMeans.fit
** on a numpy array). Reads the features of TABLE from DB first (untimed).
**
**   kmeans_fit DB TABLE K MAX_ITER SEED   -> "seconds iterations inertia"
*/
#include "sqlite3.h"
#include "kmeans/kmeans.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void){
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec*1e-9;
}

int main(int argc, char **argv){
  sqlite3 *db;
  sqlite3_stmt *pStmt;
  char *zSql;
  double *x = 0, t0, t1;
  int n = 0, nCap = 0, d, j, iBad;
  KmeansSpace sp;
  KmeansParams par;
  KmeansFit fit;
  if( argc!=6 ){
    fprintf(stderr, "usage: %s DB TABLE K MAX_ITER SEED\n", argv[0]);
    return 2;
  }
  if( sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, 0) ) return 1;
  zSql = sqlite3_mprintf("SELECT * FROM \"%w\"", argv[2]);
  if( sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0) ){
    fprintf(stderr, "%s\n", sqlite3_errmsg(db));
    return 1;
  }
  d = sqlite3_column_count(pStmt);
  while( sqlite3_step(pStmt)==SQLITE_ROW ){
    if( n==nCap ){
      nCap = nCap ? nCap*2 : 1024;
      x = sqlite3_realloc64(x, sizeof(double)*(sqlite3_uint64)nCap*d);
      if( x==0 ) return 1;
    }
    for(j=0; j<d; j++) x[(sqlite3_int64)n*d+j] = sqlite3_column_double(pStmt, j);
    n++;
  }
  sqlite3_finalize(pStmt);
  sqlite3_free(zSql);
  sqlite3_close(db);
  t0 = now();
  if( kmeansSpaceInit(&sp, x, n, d, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN, &iBad) ) return 1;
  kmeansParamsDefault(&par, atoi(argv[3]));
  par.nInit = 1;
  par.nMaxIter = atoi(argv[4]);
  par.iSeed = (uint64_t)atoll(argv[5]);
  if( kmeansFit(&sp, &par, &fit) ) return 1;
  t1 = now();
  printf("%.4f %d %.17g\n", t1-t0, fit.nIter, fit.rInertia);
  kmeansFitFree(&fit);
  kmeansSpaceFree(&sp);
  return 0;
}
