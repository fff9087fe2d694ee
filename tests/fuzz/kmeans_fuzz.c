/*
** libFuzzer target for the k-means core (ext/kmeans/kmeans.c). The input is read
** as the parameters (k, distance, scaling, initialisation, restarts) and a
** small data set of finite values (each byte a coordinate, some of them
** scaled to extremes). Every fit is checked: labels within 0..k-1, cluster
** sizes equal to the label counts (a cluster may end empty, as in
** scikit-learn: when the last iteration re-seeds it and no label changes,
** the run has converged with that cluster holding no row; tests/kmeans.test
** has the case, against scikit-learn), a finite non-negative inertia
** equal to the sum of the per-cluster errors, and silhouettes within
** [-1, 1]; the metrics run too. Built and run by `make fuzz`.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "kmeans/kmeans.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int byteAt(const uint8_t *a, size_t n, size_t *pi){
  return *pi<n ? a[(*pi)++] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  size_t i = 0;
  int d = 1 + byteAt(aData, nData, &i)%4;
  int kWant = 1 + byteAt(aData, nData, &i)%6;
  int eDistance = byteAt(aData, nData, &i)%3;
  int eScale = byteAt(aData, nData, &i)%3;
  int eInit = byteAt(aData, nData, &i)%2;
  int nInit = 1 + byteAt(aData, nData, &i)%3;
  int eMag = byteAt(aData, nData, &i)%4;
  int n = (int)((nData>i ? nData-i : 0)/(size_t)d), j, c, iBad, nDistinct;
  double *x;
  KmeansSpace sp;
  KmeansParams par;
  KmeansFit fit;
  static const double aMag[] = { 1.0, 1e-150, 1e150, 0.001 };
  if( n<1 ) return 0;
  if( n>256 ) n = 256;
  x = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)n*d);
  if( x==0 ) return 0;
  for(j=0; j<n*d; j++) x[j] = ((int)byteAt(aData, nData, &i) - 128)*aMag[eMag];
  memset(&sp, 0, sizeof(sp));
  if( kmeansSpaceInit(&sp, x, n, d, eScale, eDistance, &iBad)!=SQLITE_OK ){
    kmeansSpaceFree(&sp);
    return 0;
  }
  if( !isfinite(sp.rVarMean) ){ kmeansSpaceFree(&sp); return 0; }
  if( kmeansDistinct(&sp, kWant, &nDistinct)!=SQLITE_OK ) abort();
  if( nDistinct<kWant ){ kmeansSpaceFree(&sp); return 0; }
  kmeansParamsDefault(&par, kWant);
  par.eInit = eInit;
  par.nInit = nInit;
  par.nMaxIter = 50;
  if( kmeansFit(&sp, &par, &fit)==SQLITE_OK ){
    int nSum = 0;
    double rSse = 0.0, rMean = 0.0, r;
    for(j=0; j<n; j++) if( fit.aLabel[j]<0 || fit.aLabel[j]>=kWant ) abort();
    for(c=0; c<kWant; c++){
      int nLabel = 0;
      for(j=0; j<n; j++) nLabel += fit.aLabel[j]==c;
      if( fit.aSize[c]!=nLabel ) abort();
      nSum += fit.aSize[c];
      rSse += fit.aSse[c];
    }
    if( nSum!=n ) abort();
    if( isfinite(fit.rInertia) ){
      if( fit.rInertia<0.0 ) abort();
      if( fabs(rSse-fit.rInertia)>1e-9*(1.0+fit.rInertia) ) abort();
    }
    if( kmeansOrderClusters(&sp, &fit)==SQLITE_OK ){
      double *aSil = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)n);
      if( aSil && kmeansSilhouette(&sp, fit.aLabel, kWant, 0, n, aSil, &rMean, 0, 0)==SQLITE_OK ){
        for(j=0; j<n; j++) if( !(aSil[j]>=-1.0-1e-12 && aSil[j]<=1.0+1e-12) ) abort();
      }
      sqlite3_free(aSil);
      kmeansDaviesBouldin(&sp, fit.aLabel, kWant, &r);
      kmeansCalinskiHarabasz(&sp, fit.aLabel, kWant, &r);
    }
    kmeansFitFree(&fit);
  }
  kmeansSpaceFree(&sp);
  return 0;
}
