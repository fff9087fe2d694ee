/*
** kmeans.h: the plain C k-means of mlpscale (ext/kmeans/kmeans.c). No SQL: the
** table-valued functions kmeans, kmeans_centroids and kmeans_scan
** (ext/kmeans/kmeans_sql.c) are built on it, and tests/unit/kmeans_test.c tests it.
**
** Life of a clustering:
**
**   KmeansSpace sp;                        x: n*d doubles, row-major, owned
**   kmeansSpaceInit(&sp, x, n, d, KMEANS_SCALE_NONE, KMEANS_EUCLIDEAN, &iBad);
**   kmeansDistinct(&sp, k, &nDistinct);    at most k: "are there k points?"
**   KmeansParams p;  kmeansParamsDefault(&p, k);
**   KmeansFit fit;   kmeansFit(&sp, &p, &fit);
**   kmeansOrderClusters(&sp, &fit);        clusters by ascending centroid
**   ... fit.aLabel[i], fit.aCentre[c*d+j], fit.aSse[c], fit.rInertia ...
**   kmeansFitFree(&fit);  kmeansSpaceFree(&sp);
**
** Every allocation goes through sqlite3_malloc64; functions that allocate
** return SQLITE_OK or SQLITE_NOMEM and leave nothing allocated on failure.
** Results depend only on the data and the parameters (the random numbers
** come from a seeded xoshiro256**), so they are the same on every machine.
*/
#ifndef MLPSCALE_KMEANS_H
#define MLPSCALE_KMEANS_H

#include <stdint.h>

/* Distance the clustering runs with. */
#define KMEANS_EUCLIDEAN 0   /* Lloyd's k-means (centres are means) */
#define KMEANS_COSINE    1   /* spherical k-means: rows and centres unit length */
#define KMEANS_MANHATTAN 2   /* k-medians: coordinate-wise median centres */

/* Feature scaling applied before clustering. */
#define KMEANS_SCALE_NONE   0
#define KMEANS_SCALE_ZSCORE 1   /* (x - mean) / population std */
#define KMEANS_SCALE_MINMAX 2   /* (x - min) / (max - min) */

/* Initialisation. */
#define KMEANS_INIT_PLUSPLUS 0  /* greedy k-means++, 2 + floor(ln k) trials */
#define KMEANS_INIT_RANDOM   1  /* k distinct rows drawn uniformly */
#define KMEANS_INIT_GIVEN    2  /* KmeansParams.aInit, in original units */

/*
** The data in the space the clustering runs in. kmeansSpaceInit takes
** ownership of x and transforms it in place: scaling, then for cosine each
** row divided by its norm, then for euclidean the column means subtracted
** (as scikit-learn does, for accurate distances; it moves nothing). A point
** p of clustering space is p_j*aScale[j] + aShift[j] in original units
** (for cosine: the unit direction, mapped back through the scaling).
*/
typedef struct KmeansSpace KmeansSpace;
struct KmeansSpace {
  int n;              /* rows */
  int d;              /* features */
  int eDistance;      /* KMEANS_EUCLIDEAN, _COSINE or _MANHATTAN */
  double *x;          /* n*d, row-major, clustering space */
  double *aScale;     /* d: original = x*aScale + aShift */
  double *aShift;     /* d */
  double rVarMean;    /* mean over features of the population variance of x */
};

typedef struct KmeansParams KmeansParams;
struct KmeansParams {
  int k;              /* clusters, 1..n */
  int eInit;          /* KMEANS_INIT_* */
  const double *aInit;/* KMEANS_INIT_GIVEN: k*d points in original units */
  int nInit;          /* restarts (1 with KMEANS_INIT_GIVEN) */
  int nMaxIter;       /* Lloyd iterations, >= 1 */
  double rTol;        /* relative to rVarMean, as scikit-learn's tol */
  uint64_t iSeed;
  /* Optional: asked now and then (about every million steps of work, and
  ** between restarts); a non-zero return ends kmeansFit with
  ** SQLITE_INTERRUPT and no fit. This is how sqlite3_interrupt() reaches
  ** the core, which makes no SQL calls itself. */
  int (*xStop)(void*);
  void *pStopArg;
};

typedef struct KmeansFit KmeansFit;
struct KmeansFit {
  int k, d, n;
  int *aLabel;        /* n: cluster of each row, 0..k-1 */
  double *aCentre;    /* k*d, clustering space */
  int *aSize;         /* k: rows per cluster */
  double *aSse;       /* k: sum of squared distances of the members */
  double rInertia;    /* sum of aSse */
  int nIter;          /* Lloyd iterations of the run that won */
};

/* Defaults as the SQL functions document them (k-means++, 10 restarts, 300
** iterations, tol 1e-4, seed 0). */
void kmeansParamsDefault(KmeansParams *p, int k);

/* Take ownership of x (n*d, from sqlite3_malloc64) and transform it. For
** cosine a zero row has no direction: returns SQLITE_ERROR with *piBad set
** to that row. With zscore or minmax, a feature whose range (max - min)
** has a square beyond the largest double cannot be scaled: SQLITE_TOOBIG.
** Either way x stays owned by sp, free it with kmeansSpaceFree. */
int kmeansSpaceInit(KmeansSpace *sp, double *x, int n, int d, int eScale,
                    int eDistance, int *piBad);
void kmeansSpaceFree(KmeansSpace *sp);

/* Map original-unit points into clustering space and back (n points). */
void kmeansToSpace(const KmeansSpace *sp, const double *aIn, double *aOut, int n);
void kmeansToOriginal(const KmeansSpace *sp, const double *aIn, double *aOut, int n);

/* The number of distinct rows of clustering space, counted up to nLimit:
** *pnDistinct = min(distinct, nLimit). Returns SQLITE_OK or SQLITE_NOMEM. */
int kmeansDistinct(const KmeansSpace *sp, int nLimit, int *pnDistinct);

/* Distance of row i to point c (clustering space) under sp->eDistance:
** euclidean, 1 - cosine similarity, or L1. */
double kmeansDistance(const KmeansSpace *sp, const double *xi, const double *c);

/* Fit. The caller makes sure there are at least p->k distinct rows. */
int kmeansFit(const KmeansSpace *sp, const KmeansParams *p, KmeansFit *pFit);
void kmeansFitFree(KmeansFit *pFit);

/* Renumber the clusters by ascending centroid in original units,
** comparing coordinates in order. */
int kmeansOrderClusters(const KmeansSpace *sp, KmeansFit *pFit);

/*
** Silhouette coefficients as scikit-learn's silhouette_samples, with the
** clustering distance, over the rows aIdx[0..nIdx-1] (all rows when aIdx
** is 0, nIdx = n): a row alone in its cluster scores 0. aOut (nIdx, may be
** 0) receives each row's coefficient and *pMean their mean. Returns
** SQLITE_DONE, leaving the outputs alone, when the rows fall in fewer than
** 2 clusters or in as many clusters as rows (undefined, as scikit-learn).
** xStop (may be 0) is asked as KmeansParams.xStop is: a non-zero return
** ends the computation with SQLITE_INTERRUPT (*pMean left alone).
*/
int kmeansSilhouette(const KmeansSpace *sp, const int *aLabel, int k,
                     const int *aIdx, int nIdx, double *aOut, double *pMean,
                     int (*xStop)(void*), void *pStopArg);

/* scikit-learn's davies_bouldin_score and calinski_harabasz_score on
** clustering space (euclidean, whatever the clustering distance). Return
** SQLITE_DONE when undefined (fewer than 2 non-empty clusters, or as many
** as rows). */
int kmeansDaviesBouldin(const KmeansSpace *sp, const int *aLabel, int k,
                        double *pOut);
int kmeansCalinskiHarabasz(const KmeansSpace *sp, const int *aLabel, int k,
                           double *pOut);

/* Kneedle (Satopaa et al. 2011) on a decreasing convex curve y[0..n-1]
** sampled at equally spaced x: the index of the knee, or -1 if none. */
int kmeansKnee(const double *y, int n);

/* A deterministic sample of nSample distinct row indices out of n, in
** ascending order, drawn with iSeed (nSample <= n). */
int kmeansSample(int n, int nSample, uint64_t iSeed, int **paIdx);

#endif /* MLPSCALE_KMEANS_H */
