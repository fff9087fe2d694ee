/*
** kmeans.c: k-means, spherical k-means and k-medians, k-means++ seeding,
** and the quality measures of a clustering (silhouette, Davies-Bouldin,
** Calinski-Harabasz, Kneedle elbow). Plain C; memory through
** sqlite3_malloc64 only. The API and its life cycle are in ext/kmeans/kmeans.h;
** the SQL surface is in ext/kmeans/kmeans_sql.c.
**
** Lloyd's iteration follows scikit-learn's _kmeans_single_lloyd (1.2) step
** for step, so that with the same initial centres the labels agree exactly
** and the inertia to rounding:
**
**   for it in 0..max_iter-1:
**     E-step with the current centres: label = argmin_j |c_j|^2 - 2 x.c_j
**       (first j on ties), summing each cluster's members as it goes;
**     clusters left empty get the rows farthest from their (current)
**       centres, the farthest first: the row's coordinates are moved from
**       its cluster's sum into the empty one (its label is left alone);
**     centres = sums / counts; shift = sum_j |new_j - old_j|^2;
**     stop if no label changed ("strict convergence"),
**     or if shift <= tol * mean(per-feature variance of X);
**   without strict convergence, one more E-step so labels match centres;
**   inertia = sum_i |x_i - c_label(i)|^2.
**
** Spherical k-means runs the same loop on unit rows and renormalises the
** centres after averaging. k-medians assigns by L1 distance and takes
** coordinate-wise medians; its re-seeding moves the far row's label.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "kmeans/kmeans.h"
#include "base/util.h"
#include "base/stats.h"
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
/*
** The E-step uses SSE2 on x86-64 (part of the architecture) and, when the
** CPU has it, AVX (checked at run time: the library runs on any x86-64).
** -DKMEANS_NO_AVX leaves out the AVX code, -DKMEANS_NO_SIMD both; every
** path gives the same labels, bit for bit.
*/
#if defined(__SSE2__) && defined(__GNUC__) && !defined(KMEANS_NO_SIMD)
# define KM_SSE2 1
# include <emmintrin.h>
# if !defined(KMEANS_NO_AVX) && (defined(__clang__) || __GNUC__>=5)
#  define KM_AVX 1
#  include <immintrin.h>
# endif
#endif

/* The same bytes on every machine: no fused multiply-adds (whose single
** rounding differs from a multiply then an add) where the target has them. */
#if defined(__clang__)
# pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
# pragma GCC optimize ("fp-contract=off")
#endif

/* Hot loops specialised for a constant number of features: inlined where
** called with a constant, and their short loops over features unrolled. */
#if defined(__GNUC__)
# define KM_INLINE static inline __attribute__((always_inline))
# define KM_UNROLL _Pragma("GCC unroll 8")
#else
# define KM_INLINE static inline
# define KM_UNROLL
#endif

/* ---- deterministic random numbers: xoshiro256** seeded by splitmix64 ---- */

typedef struct KmRng KmRng;
struct KmRng { uint64_t s[4]; };

static void kmRngSeed(KmRng *r, uint64_t iSeed){
  int i;
  for(i=0; i<4; i++) r->s[i] = utilSplitmix64(&iSeed);
}

static uint64_t kmRotl(uint64_t x, int n){ return (x<<n) | (x>>(64-n)); }

static uint64_t kmRngNext(KmRng *r){
  uint64_t *s = r->s;
  uint64_t result = kmRotl(s[1]*5, 7)*9;
  uint64_t t = s[1]<<17;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = kmRotl(s[3], 45);
  return result;
}

/* Uniform on [0, 1). */
static double kmRngUniform(KmRng *r){
  return (double)(kmRngNext(r)>>11) * (1.0/9007199254740992.0);
}

/* kmRngNext as utilBelow's generator. */
static uint64_t kmRngNextVoid(void *r){ return kmRngNext((KmRng*)r); }

/* Uniform on 0..n-1 (n > 0) without modulo bias. */
static int kmRngBelow(KmRng *r, int n){
  return (int)utilBelow(kmRngNextVoid, r, (uint64_t)n);
}

static void *kmAlloc(sqlite3_int64 nByte){
  return sqlite3_malloc64((sqlite3_uint64)(nByte>0 ? nByte : 1));
}

/* ---- distances ---- */

static double kmSqDist(const double *a, const double *b, int d){
  double r = 0.0;
  int j;
  for(j=0; j<d; j++){
    double t = a[j]-b[j];
    r += t*t;
  }
  return r;
}

static double kmL1Dist(const double *a, const double *b, int d){
  double r = 0.0;
  int j;
  for(j=0; j<d; j++) r += fabs(a[j]-b[j]);
  return r;
}

double kmeansDistance(const KmeansSpace *sp, const double *xi, const double *c){
  int j;
  double r;
  switch( sp->eDistance ){
    case KMEANS_MANHATTAN:
      return kmL1Dist(xi, c, sp->d);
    case KMEANS_COSINE: {
      double dot = 0.0, nc = 0.0;
      for(j=0; j<sp->d; j++){ dot += xi[j]*c[j]; nc += c[j]*c[j]; }
      if( nc==0.0 ) return 1.0;
      r = 1.0 - dot/sqrt(nc);
      return r<0.0 ? 0.0 : (r>2.0 ? 2.0 : r);
    }
    default:
      return sqrt(kmSqDist(xi, c, sp->d));
  }
}

/* The seeding potential of a row against a candidate centre: squared
** euclidean (for cosine: on the unit sphere), L1 for k-medians. */
KM_INLINE double kmPotential(const KmeansSpace *sp, const double *a, const double *b){
  return sp->eDistance==KMEANS_MANHATTAN ? kmL1Dist(a, b, sp->d)
                                         : kmSqDist(a, b, sp->d);
}

/* ---- the clustering space ---- */

/* SQLITE_TOOBIG when minmax scaling of feature j over rRange would leave two
** distinct values whose squared difference is below the smallest normal
** double (so lost, or all but lost), SQLITE_OK when it would not, or
** SQLITE_NOMEM. */
static int kmMinmaxCollapses(const double *x, int n, int d, int j, double rRange){
  double *a, rGap = HUGE_VAL, r;
  int i;
  if( !isfinite(rRange) ) return SQLITE_TOOBIG;
  a = kmAlloc(sizeof(double)*(sqlite3_int64)n);
  if( a==0 ) return SQLITE_NOMEM;
  for(i=0; i<n; i++) a[i] = x[(sqlite3_int64)i*d+j];
  qsort(a, (size_t)n, sizeof(double), statsCmpDoubleQsort);
  for(i=1; i<n; i++){
    if( a[i]>a[i-1] && a[i]-a[i-1]<rGap ) rGap = a[i]-a[i-1];
  }
  sqlite3_free(a);
  r = rGap/rRange;
  return r*r<DBL_MIN ? SQLITE_TOOBIG : SQLITE_OK;
}

int kmeansSpaceInit(KmeansSpace *sp, double *x, int n, int d, int eScale,
                    int eDistance, int *piBad){
  int i, j;
  memset(sp, 0, sizeof(*sp));
  sp->x = x;
  sp->n = n;
  sp->d = d;
  sp->eDistance = eDistance;
  *piBad = -1;
  sp->aScale = kmAlloc(sizeof(double)*(sqlite3_int64)d);
  sp->aShift = kmAlloc(sizeof(double)*(sqlite3_int64)d);
  if( sp->aScale==0 || sp->aShift==0 ) return SQLITE_NOMEM;
  for(j=0; j<d; j++){
    double rScale = 1.0, rShift = 0.0, rMin = x[j], rMax = x[j], rRange;
    for(i=1; i<n; i++){
      double v = x[(sqlite3_int64)i*d+j];
      if( v<rMin ) rMin = v;
      if( v>rMax ) rMax = v;
    }
    rRange = rMax-rMin;
    /* A range whose square overflows (1e308 beside 0): zscore is refused;
    ** minmax only when it would make two values of the feature equal as
    ** squared distances see them (3 and 0 over a range of 1e308), which
    ** the smallest gap between its distinct values tells. */
    if( eScale!=KMEANS_SCALE_NONE && !isfinite(rRange*rRange) ){
      int rc = eScale==KMEANS_SCALE_MINMAX ? kmMinmaxCollapses(x, n, d, j, rRange)
                                           : SQLITE_TOOBIG;
      if( rc ) return rc;
    }
    if( eScale==KMEANS_SCALE_ZSCORE ){
      double rSum = 0.0, rVar = 0.0;
      for(i=0; i<n; i++) rSum += x[(sqlite3_int64)i*d+j];
      rShift = rSum/n;
      if( !isfinite(rShift) ){
        /* Values near the largest double: their sum overflows, not their
        ** distances from the smallest. */
        for(rSum=0.0, i=0; i<n; i++) rSum += x[(sqlite3_int64)i*d+j]-rMin;
        rShift = rMin + rSum/n;
      }
      for(i=0; i<n; i++){
        double t = x[(sqlite3_int64)i*d+j]-rShift;
        rVar += t*t;
      }
      rVar /= n;
      if( !isfinite(rVar) ){
        /* Each square is finite, their sum is not: sum them over the range. */
        for(rVar=0.0, i=0; i<n; i++){
          double t = (x[(sqlite3_int64)i*d+j]-rShift)/rRange;
          rVar += t*t;
        }
        rScale = rRange*sqrt(rVar/n);
      }else if( rVar>0.0 ){
        rScale = sqrt(rVar);
      }
    }else if( eScale==KMEANS_SCALE_MINMAX ){
      rShift = rMin;
      if( rMax>rMin ) rScale = rRange;
    }
    if( eScale!=KMEANS_SCALE_NONE ){
      for(i=0; i<n; i++){
        double *p = &x[(sqlite3_int64)i*d+j];
        *p = (*p - rShift)/rScale;
      }
    }
    sp->aScale[j] = rScale;
    sp->aShift[j] = rShift;
  }
  if( eDistance==KMEANS_COSINE ){
    /* Divide by the largest coordinate first, then by the length: rows that
    ** are multiples of one another (same direction) become the very same
    ** bits, whatever round-off the length would bring, so the distinct
    ** count (kmeansDistinct) sees one direction, as the fit does. The
    ** largest coordinate first also keeps the squares from under- or
    ** overflowing. */
    for(i=0; i<n; i++){
      double *p = &x[(sqlite3_int64)i*d];
      double rNorm = 0.0, rMax = 0.0;
      for(j=0; j<d; j++) if( fabs(p[j])>rMax ) rMax = fabs(p[j]);
      if( rMax==0.0 ){
        *piBad = i;
        return SQLITE_ERROR;
      }
      for(j=0; j<d; j++) p[j] /= rMax;
      for(j=0; j<d; j++) rNorm += p[j]*p[j];
      rNorm = sqrt(rNorm);
      for(j=0; j<d; j++) p[j] /= rNorm;
    }
  }
  /* Column means and variances; euclidean data is centred on the means. */
  sp->rVarMean = 0.0;
  for(j=0; j<d; j++){
    double rSum = 0.0, rMean, rVar = 0.0;
    for(i=0; i<n; i++) rSum += x[(sqlite3_int64)i*d+j];
    rMean = rSum/n;
    for(i=0; i<n; i++){
      double t = x[(sqlite3_int64)i*d+j]-rMean;
      rVar += t*t;
    }
    sp->rVarMean += rVar/n;
    if( eDistance==KMEANS_EUCLIDEAN ){
      for(i=0; i<n; i++) x[(sqlite3_int64)i*d+j] -= rMean;
      sp->aShift[j] += rMean*sp->aScale[j];
    }
  }
  sp->rVarMean /= d;
  return SQLITE_OK;
}

void kmeansSpaceFree(KmeansSpace *sp){
  sqlite3_free(sp->x);
  sqlite3_free(sp->aScale);
  sqlite3_free(sp->aShift);
  memset(sp, 0, sizeof(*sp));
}

void kmeansToSpace(const KmeansSpace *sp, const double *aIn, double *aOut, int n){
  int i, j, d = sp->d;
  for(i=0; i<n; i++){
    const double *p = &aIn[(sqlite3_int64)i*d];
    double *q = &aOut[(sqlite3_int64)i*d];
    double rNorm = 0.0;
    for(j=0; j<d; j++){
      q[j] = (p[j]-sp->aShift[j])/sp->aScale[j];
      rNorm += q[j]*q[j];
    }
    if( sp->eDistance==KMEANS_COSINE && rNorm>0.0 ){
      rNorm = sqrt(rNorm);
      for(j=0; j<d; j++) q[j] /= rNorm;
    }
  }
}

void kmeansToOriginal(const KmeansSpace *sp, const double *aIn, double *aOut, int n){
  int i, j, d = sp->d;
  for(i=0; i<n; i++){
    for(j=0; j<d; j++){
      sqlite3_int64 o = (sqlite3_int64)i*d+j;
      aOut[o] = aIn[o]*sp->aScale[j] + sp->aShift[j];
    }
  }
}

/* Up to this many distinct rows are looked for by direct comparison. */
#define KM_DISTINCT_SCAN 64

/* A row for the distinct count: its coordinates and their number. */
typedef struct KmRowRef KmRowRef;
struct KmRowRef {
  const double *p;
  int d;
};

static int kmCmpRow(const void *a, const void *b){
  const KmRowRef *x = (const KmRowRef*)a, *y = (const KmRowRef*)b;
  int j;
  for(j=0; j<x->d; j++){
    if( x->p[j]<y->p[j] ) return -1;
    if( x->p[j]>y->p[j] ) return 1;
  }
  return 0;
}

/*
** Cosine rows are unit vectors made by a division and a square root: two
** rows meant as one direction (0.1, 0.3 and 1, 3) may differ by a few ulps.
** They count as one direction when every coordinate is within this.
*/
#define KM_COSINE_SAME 1e-12

/* Whether rows p and q (d coordinates) are the same point for the count. */
static int kmSameRow(const double *p, const double *q, int d, double rTol){
  int j;
  for(j=0; j<d && fabs(p[j]-q[j])<=rTol; j++){}
  return j==d;
}

int kmeansDistinct(const KmeansSpace *sp, int nLimit, int *pnDistinct){
  int nRep = 0, i, r, d = sp->d;
  double rTol = sp->eDistance==KMEANS_COSINE ? KM_COSINE_SAME : 0.0;
  *pnDistinct = 0;
  if( nLimit<=0 || sp->n==0 ) return SQLITE_OK;
  if( nLimit<=KM_DISTINCT_SCAN ){
    /* Few to find: compare each row with the distinct ones found so far,
    ** stopping as soon as there are nLimit. */
    int aRep[KM_DISTINCT_SCAN];
    for(i=0; i<sp->n && nRep<nLimit; i++){
      const double *p = &sp->x[(sqlite3_int64)i*d];
      for(r=0; r<nRep; r++){
        if( kmSameRow(p, &sp->x[(sqlite3_int64)aRep[r]*d], d, rTol) ) break;
      }
      if( r==nRep ) aRep[nRep++] = i;
    }
  }else{
    /* Many: sort the rows, O(n log n), and count the changes. */
    KmRowRef *aRow = kmAlloc(sizeof(KmRowRef)*(sqlite3_int64)sp->n);
    if( aRow==0 ) return SQLITE_NOMEM;
    for(i=0; i<sp->n; i++){
      aRow[i].p = &sp->x[(sqlite3_int64)i*d];
      aRow[i].d = d;
    }
    qsort(aRow, (size_t)sp->n, sizeof(KmRowRef), kmCmpRow);
    nRep = 1;
    for(i=1; i<sp->n && nRep<nLimit; i++){
      if( !kmSameRow(aRow[i-1].p, aRow[i].p, d, rTol) ) nRep++;
    }
    sqlite3_free(aRow);
  }
  *pnDistinct = nRep;
  return SQLITE_OK;
}

/* ---- one Lloyd run ---- */

/* Scratch space of a fit, allocated once for all its restarts. */
typedef struct KmWork KmWork;
struct KmWork {
  double *aSum;       /* k*d: per-cluster sums, then the new centres */
  double *aCount;     /* k: members (a double, as scikit-learn's weights) */
  double *aCNorm;     /* kPad: |c_j|^2 (kPad: k rounded up to even) */
  double *aCT;        /* d*kPad: centres transposed, for the E-step */
  int *aEmpty;        /* k */
  int *aFar;          /* k */
  double *aFarDist;   /* k */
  double *aPot;       /* n: seeding, closest potential */
  double *aCum;       /* n: seeding, cumulative potential */
  double *aTrialT;    /* 4*d: seeding, four candidates transposed */
  int *aOrder;        /* n: k-medians, rows grouped by cluster; random init */
  double *aVal;       /* n: k-medians, one coordinate of one cluster */
  UtilStop stop;      /* asks KmeansParams.xStop (kmStop) */
};

/* Whether the caller asked to stop, counting nCost units of work that the
** caller is about to do (utilStopTick); once it says stop, it stays so. */
static int kmStop(KmWork *w, sqlite3_int64 nCost){
  return utilStopTick(&w->stop, nCost);
}

/*
** The E-step compares |c_j|^2 - 2 x.c_j with the centres transposed: aCT
** holds d rows of kPad values, kPad being k rounded up to even so that
** centres go two by two; a padding centre sits at the origin with
** aCNorm = +inf, so that it never wins.
**
** The SIMD paths do in each lane the scalar arithmetic, operation for
** operation (every dot product adds its terms in feature order, no fused
** multiply-add), so the labels are those of a plain loop, bit for bit. The
** first term of a dot product is not added to 0.0 as a plain loop would:
** that changes the sum at most from -0 to +0, and |c|^2 - 2s (|c|^2 >= +0)
** comes out the same for both.
*/
typedef struct KmCentres KmCentres;
struct KmCentres {
  const double *aCT;      /* d*kPad: the centres, transposed */
  const double *aCNorm;   /* kPad: |c_j|^2 */
  int k, kPad;
};

#ifdef KM_SSE2

/* r = |c|^2 - 2 x.c for centres j and j+1. (s+s is 2*s exactly.) */
KM_INLINE __m128d kmPairDist(const double *xi, const KmCentres *pC, int j, int d){
  const double *ct = &pC->aCT[j];
  __m128d s = _mm_mul_pd(_mm_set1_pd(xi[0]), _mm_loadu_pd(ct));
  int f;
  KM_UNROLL
  for(f=1; f<d; f++){
    ct += pC->kPad;
    s = _mm_add_pd(s, _mm_mul_pd(_mm_set1_pd(xi[f]), _mm_loadu_pd(ct)));
  }
  return _mm_sub_pd(_mm_loadu_pd(&pC->aCNorm[j]), _mm_add_pd(s, s));
}

/* The first of the eight centres j..j+7 with the least value, given their
** values, and that value in *pr. With NaNs, any of the eight. */
KM_INLINE int kmFirstMin8(__m128d r0, __m128d r1, __m128d r2, __m128d r3,
                          int j, double *pr){
  __m128d m = _mm_min_pd(_mm_min_pd(r0, r1), _mm_min_pd(r2, r3));
  int mask;
  m = _mm_min_pd(m, _mm_unpackhi_pd(m, m));
  m = _mm_unpacklo_pd(m, m);
  mask = _mm_movemask_pd(_mm_cmpeq_pd(r0, m))
       | _mm_movemask_pd(_mm_cmpeq_pd(r1, m))<<2
       | _mm_movemask_pd(_mm_cmpeq_pd(r2, m))<<4
       | _mm_movemask_pd(_mm_cmpeq_pd(r3, m))<<6;
  *pr = _mm_cvtsd_f64(m);
  return j + (__builtin_ctz((unsigned)mask | 0x100u) & 7);
}

/*
** The pairs of centres from j on (the padding centre among them), after
** blocks of eight gave (best, rBest) if j>0: each lane keeps its first
** minimum (lane 0 the even centres, lane 1 the odd ones), the lower index
** wins a tie between the lanes and an earlier block a tie with them. The
** padding centre, +inf, never beats an earlier centre.
*/
KM_INLINE int kmNearestTail(const double *xi, const KmCentres *pC, int j, int d,
                            int best, double rBest){
  const __m128i vTwo = _mm_set1_epi64x(2);
  __m128i vJ = _mm_set_epi64x(j+1, j);
  __m128i vIdx = vJ;
  __m128d vBest = _mm_set1_pd(INFINITY);
  double aBest[2];
  sqlite3_int64 aIdx[2];
  int lane, bFirst = j==0;
  for(; j<pC->kPad; j+=2){
    __m128d r = kmPairDist(xi, pC, j, d);
    __m128i lt = _mm_castpd_si128(_mm_cmplt_pd(r, vBest));
    vBest = _mm_min_pd(r, vBest);
    vIdx = _mm_or_si128(_mm_and_si128(lt, vJ), _mm_andnot_si128(lt, vIdx));
    vJ = _mm_add_epi64(vJ, vTwo);
  }
  _mm_storeu_pd(aBest, vBest);
  _mm_storeu_si128((__m128i*)aIdx, vIdx);
  lane = (aBest[1]<aBest[0]) | ((aBest[1]==aBest[0]) & (aIdx[1]<aIdx[0]));
  return (bFirst || aBest[lane]<rBest) ? (int)aIdx[lane] : best;
}

/* The centre nearest to row xi, the first on ties: eight centres at a time
** (the least value of the eight, then the first equal to it), then pairs.
** NaN values (only after an overflow, which the fit reports) may give any
** real centre. */
KM_INLINE int kmNearestSse2(const double *xi, const KmCentres *pC, int d){
  double rBest = 0.0, r;
  int best = 0, j, b;
  for(j=0; j+8<=pC->k; j+=8){
    b = kmFirstMin8(kmPairDist(xi, pC, j, d), kmPairDist(xi, pC, j+2, d),
                    kmPairDist(xi, pC, j+4, d), kmPairDist(xi, pC, j+6, d), j, &r);
    best = (j==0 || r<rBest) ? b : best;
    rBest = (j==0 || r<rBest) ? r : rBest;
  }
  return j<pC->kPad ? kmNearestTail(xi, pC, j, d, best, rBest) : best;
}

#endif /* KM_SSE2 */

#ifdef KM_AVX
# define KM_AVX_TARGET __attribute__((target("avx")))

/* r = |c|^2 - 2 x.c for centres j..j+3, as kmPairDist. */
KM_INLINE KM_AVX_TARGET __m256d kmQuadDist(const double *xi, const KmCentres *pC,
                                           int j, int d){
  const double *ct = &pC->aCT[j];
  __m256d s = _mm256_mul_pd(_mm256_broadcast_sd(&xi[0]), _mm256_loadu_pd(ct));
  int f;
  KM_UNROLL
  for(f=1; f<d; f++){
    ct += pC->kPad;
    s = _mm256_add_pd(s, _mm256_mul_pd(_mm256_broadcast_sd(&xi[f]), _mm256_loadu_pd(ct)));
  }
  return _mm256_sub_pd(_mm256_loadu_pd(&pC->aCNorm[j]), _mm256_add_pd(s, s));
}

/* kmNearestSse2 with blocks of eight centres in two AVX registers. */
KM_INLINE KM_AVX_TARGET int kmNearestAvx(const double *xi, const KmCentres *pC, int d){
  double rBest = 0.0, r;
  int best = 0, j, b, mask;
  for(j=0; j+8<=pC->k; j+=8){
    __m256d r0 = kmQuadDist(xi, pC, j, d);
    __m256d r1 = kmQuadDist(xi, pC, j+4, d);
    __m256d m = _mm256_min_pd(r0, r1);
    m = _mm256_min_pd(m, _mm256_permute2f128_pd(m, m, 1));
    m = _mm256_min_pd(m, _mm256_permute_pd(m, 5));
    mask = _mm256_movemask_pd(_mm256_cmp_pd(r0, m, _CMP_EQ_OQ))
         | _mm256_movemask_pd(_mm256_cmp_pd(r1, m, _CMP_EQ_OQ))<<4;
    b = j + (__builtin_ctz((unsigned)mask | 0x100u) & 7);
    r = _mm256_cvtsd_f64(m);
    best = (j==0 || r<rBest) ? b : best;
    rBest = (j==0 || r<rBest) ? r : rBest;
  }
  return j<pC->kPad ? kmNearestTail(xi, pC, j, d, best, rBest) : best;
}
#endif /* KM_AVX */

#ifndef KM_SSE2
/* The centre nearest to row xi, the first on ties, in portable C. */
KM_INLINE int kmNearestC(const double *xi, const KmCentres *pC, int d){
  const double *aCT = pC->aCT, *aCNorm = pC->aCNorm;
  int k = pC->k, kPad = pC->kPad;
  double rBest = 0.0;
  int best = 0, j, f;
  /* Four centres at a time: independent sums keep the FPU busy. Each
  ** dot product still adds its terms in feature order. */
  for(j=0; j+4<=k; j+=4){
    const double *ct = &aCT[j];
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    double r0, r1, r2, r3, m01, m23, r;
    int b01, b23, b, lt;
    for(f=0; f<d; f++, ct+=kPad){
      const double t = xi[f];
      s0 += t*ct[0]; s1 += t*ct[1]; s2 += t*ct[2]; s3 += t*ct[3];
    }
    /* Argmin of the four as a tree, without branches (the comparisons are
    ** data-dependent and unpredictable). The right one wins only when
    ** strictly smaller, so ties go to the lower centre as in a scan. */
    r0 = aCNorm[j] - 2.0*s0;   r1 = aCNorm[j+1] - 2.0*s1;
    r2 = aCNorm[j+2] - 2.0*s2; r3 = aCNorm[j+3] - 2.0*s3;
    b01 = j + (r1<r0);         b23 = j + 2 + (r3<r2);
    m01 = r1<r0 ? r1 : r0;     m23 = r3<r2 ? r3 : r2;
    lt = m23<m01;
    b = b01 + lt*(b23-b01);
    r = lt ? m23 : m01;
    if( j==0 ){
      rBest = r;
      best = b;
    }else{
      lt = r<rBest;
      best += lt*(b-best);
      rBest = lt ? r : rBest;
    }
  }
  for(; j<k; j++){
    const double *ct = &aCT[j];
    double s0 = 0.0, r;
    for(f=0; f<d; f++, ct+=kPad) s0 += xi[f]*ct[0];
    r = aCNorm[j] - 2.0*s0;
    if( j==0 || r<rBest ){ rBest = r; best = j; }
  }
  return best;
}
#endif /* !KM_SSE2 */

/*
** Labellers: label rows i0..i1-1 of x (d features) with their nearest
** centres; return how many labels changed. One per instruction set, each
** specialised for the common narrow d, for which the compiler unrolls the
** loops over features.
*/
typedef sqlite3_int64 (*KmLabeller)(const double*, int, int, int, const KmCentres*, int*);

#define KM_LABEL_ROWS(NEAREST, D)                                   \
  for(i=i0; i<i1; i++){                                              \
    int best = NEAREST(&x[(sqlite3_int64)i*(D)], pC, (D));           \
    nChanged += aLabel[i]!=best;                                     \
    aLabel[i] = best;                                                \
  }

#define KM_LABELLER(NAME, NEAREST, ATTR)                                          \
static ATTR sqlite3_int64 NAME(const double *x, int i0, int i1, int d,            \
                               const KmCentres *pC, int *aLabel){                 \
  sqlite3_int64 nChanged = 0;                                                     \
  int i;                                                                          \
  switch( d ){                                                                    \
    case 1:  KM_LABEL_ROWS(NEAREST, 1); break;                                    \
    case 2:  KM_LABEL_ROWS(NEAREST, 2); break;                                    \
    case 3:  KM_LABEL_ROWS(NEAREST, 3); break;                                    \
    case 4:  KM_LABEL_ROWS(NEAREST, 4); break;                                    \
    case 5:  KM_LABEL_ROWS(NEAREST, 5); break;                                    \
    case 6:  KM_LABEL_ROWS(NEAREST, 6); break;                                    \
    default: KM_LABEL_ROWS(NEAREST, d); break;                                    \
  }                                                                               \
  return nChanged;                                                                \
}

#ifdef KM_SSE2
KM_LABELLER(kmLabelSse2, kmNearestSse2, )
#else
KM_LABELLER(kmLabelC, kmNearestC, )
#endif
#ifdef KM_AVX
KM_LABELLER(kmLabelAvx, kmNearestAvx, KM_AVX_TARGET)
#endif

/* The best labeller this CPU runs. */
static KmLabeller kmLabeller(void){
#ifdef KM_AVX
  if( __builtin_cpu_supports("avx") ) return kmLabelAvx;
#endif
#ifdef KM_SSE2
  return kmLabelSse2;
#else
  return kmLabelC;
#endif
}

/* Rows per block of the E-step: all labels of a block first, then its sums.
** The sums wait on each label; apart, neither loop stalls the other. */
#define KM_BLOCK 256

/*
** E-step: label every row with its nearest centre. For euclidean and
** cosine the comparison is on |c|^2 - 2 x.c as scikit-learn's; k-medians
** compares L1 distances. With bSum, each cluster's members are summed into
** aSum/aCount, in row order. Returns how many labels changed.
*/
static sqlite3_int64 kmAssign(const KmeansSpace *sp, const double *aCentre, int k,
                              int *aLabel, KmWork *w, int bSum){
  int n = sp->n, d = sp->d, i, i0, j, f;
  int kPad = (k+1) & ~1;
  sqlite3_int64 nChanged = 0;
  const double *x = sp->x;
  KmCentres cen;
  KmLabeller xLabel;
  if( bSum ){
    memset(w->aSum, 0, sizeof(double)*(size_t)k*d);
    memset(w->aCount, 0, sizeof(double)*(size_t)k);
  }
  if( sp->eDistance==KMEANS_MANHATTAN ){
    for(i=0; i<n; i++){
      const double *xi = &x[(sqlite3_int64)i*d];
      int best = 0;
      double rBest = kmL1Dist(xi, aCentre, d);
      for(j=1; j<k; j++){
        double r = kmL1Dist(xi, &aCentre[(sqlite3_int64)j*d], d);
        if( r<rBest ){ rBest = r; best = j; }
      }
      if( aLabel[i]!=best ){ aLabel[i] = best; nChanged++; }
      if( bSum ) w->aCount[best] += 1.0;
    }
    return nChanged;
  }
  for(j=0; j<k; j++){
    double r = 0.0;
    for(f=0; f<d; f++){
      double c = aCentre[(sqlite3_int64)j*d+f];
      r += c*c;
      w->aCT[(sqlite3_int64)f*kPad+j] = c;
    }
    w->aCNorm[j] = r;
  }
  if( kPad>k ){
    for(f=0; f<d; f++) w->aCT[(sqlite3_int64)f*kPad+k] = 0.0;
    w->aCNorm[k] = INFINITY;
  }
  cen.aCT = w->aCT;
  cen.aCNorm = w->aCNorm;
  cen.k = k;
  cen.kPad = kPad;
  xLabel = kmLabeller();
  for(i0=0; i0<n; i0+=KM_BLOCK){
    int i1 = n-i0>KM_BLOCK ? i0+KM_BLOCK : n;
    nChanged += xLabel(x, i0, i1, d, &cen, aLabel);
    if( !bSum ) continue;
    for(i=i0; i<i1; i++){
      const double *xi = &x[(sqlite3_int64)i*d];
      double *s = &w->aSum[(sqlite3_int64)aLabel[i]*d];
      f = 0;
#ifdef KM_SSE2
      for(; f+2<=d; f+=2){
        _mm_storeu_pd(&s[f], _mm_add_pd(_mm_loadu_pd(&s[f]), _mm_loadu_pd(&xi[f])));
      }
#endif
      for(; f<d; f++) s[f] += xi[f];
      w->aCount[aLabel[i]] += 1.0;
    }
  }
  return nChanged;
}

/*
** Give each empty cluster one of the rows farthest from their centres
** (aCentre: the centres the E-step used), farthest first, ties to the
** lower row. Euclidean and cosine move the row's coordinates between the
** sums (scikit-learn's _relocate_empty_clusters_dense); k-medians moves
** its label. Returns the number of labels moved.
*/
static int kmRelocate(const KmeansSpace *sp, const double *aCentre, int k,
                      int *aLabel, KmWork *w){
  int n = sp->n, d = sp->d, i, j, f;
  int nEmpty = 0, nFar = 0, nMoved = 0;
  for(j=0; j<k; j++){
    if( w->aCount[j]==0.0 ) w->aEmpty[nEmpty++] = j;
  }
  if( nEmpty==0 ) return 0;
  for(i=0; i<n; i++){
    const double *xi = &sp->x[(sqlite3_int64)i*d];
    const double *c = &aCentre[(sqlite3_int64)aLabel[i]*d];
    double r = sp->eDistance==KMEANS_MANHATTAN ? kmL1Dist(xi, c, d) : kmSqDist(xi, c, d);
    int p;
    if( nFar==nEmpty && r<=w->aFarDist[nFar-1] ) continue;
    if( nFar<nEmpty ) nFar++;
    for(p=nFar-1; p>0 && w->aFarDist[p-1]<r; p--){
      w->aFarDist[p] = w->aFarDist[p-1];
      w->aFar[p] = w->aFar[p-1];
    }
    w->aFarDist[p] = r;
    w->aFar[p] = i;
  }
  /* Only duplicates left: moving rows around would change nothing. */
  if( w->aFarDist[0]==0.0 ) return 0;
  for(j=0; j<nEmpty && j<nFar; j++){
    int iNew = w->aEmpty[j];
    int iFar = w->aFar[j];
    int iOld = aLabel[iFar];
    const double *xf = &sp->x[(sqlite3_int64)iFar*d];
    if( sp->eDistance==KMEANS_MANHATTAN ){
      aLabel[iFar] = iNew;
      nMoved++;
    }else{
      for(f=0; f<d; f++){
        w->aSum[(sqlite3_int64)iOld*d+f] -= xf[f];
        w->aSum[(sqlite3_int64)iNew*d+f] = xf[f];
      }
    }
    w->aCount[iNew] = 1.0;
    w->aCount[iOld] -= 1.0;
  }
  return nMoved;
}

/* The kth smallest of a[0..n-1] (quickselect, Hoare partition around a
** median of three); reorders a so that a[0..kth-1] <= a[kth]. Input that
** defeats the pivots (too many rounds) is sorted instead: O(n log n) at
** worst. */
static double kmSelect(double *a, int n, int kth){
  int lo = 0, hi = n-1, nRound = 0;
  while( hi>lo ){
    int mid = lo + (hi-lo)/2, i = lo, j = hi;
    double t, pivot;
    if( ++nRound>64 ){
      qsort(&a[lo], (size_t)(hi-lo+1), sizeof(double), statsCmpDoubleQsort);
      break;
    }
    if( a[mid]<a[lo] ){ t = a[mid]; a[mid] = a[lo]; a[lo] = t; }
    if( a[hi]<a[lo] ){ t = a[hi]; a[hi] = a[lo]; a[lo] = t; }
    if( a[hi]<a[mid] ){ t = a[hi]; a[hi] = a[mid]; a[mid] = t; }
    pivot = a[mid];
    while( i<=j ){
      while( a[i]<pivot ) i++;
      while( a[j]>pivot ) j--;
      if( i<=j ){ t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    if( kth<=j ){
      hi = j;
    }else if( kth>=i ){
      lo = i;
    }else{
      return a[kth];      /* between the two parts: equal to the pivot */
    }
  }
  return a[kth];
}

/* Median of a[0..n-1] (n >= 1): the middle value, or the mean of the two
** middle values; reorders a. */
static double kmMedian(double *a, int n){
  double rHigh = kmSelect(a, n, n/2), rLow;
  int i;
  if( n & 1 ) return rHigh;
  rLow = a[0];
  for(i=1; i<n/2; i++) if( a[i]>rLow ) rLow = a[i];
  return 0.5*(rLow + rHigh);
}

/*
** M-step: the new centres into aNew from the sums (means; unit length for
** cosine) or the members' medians (k-medians). An empty cluster, which is
** left only when every row sits on its centre, takes the centre of the
** largest cluster, as scikit-learn's _average_centers.
*/
static void kmUpdate(const KmeansSpace *sp, const double *aOld, double *aNew,
                     int k, const int *aLabel, KmWork *w){
  int d = sp->d, j, f, iMax = 0;
  for(j=1; j<k; j++){
    if( w->aCount[j]>w->aCount[iMax] ) iMax = j;
  }
  if( sp->eDistance==KMEANS_MANHATTAN ){
    int i, n = sp->n, iPos = 0;
    /* Group the rows by cluster (counting sort) into aOrder; aFar holds
    ** each cluster's next free slot. */
    for(j=0; j<k; j++){
      int nIn = (int)w->aCount[j];
      w->aFar[j] = iPos;
      iPos += nIn;
    }
    for(i=0; i<n; i++) w->aOrder[w->aFar[aLabel[i]]++] = i;
    iPos = 0;
    for(j=0; j<k; j++){
      int nIn = (int)w->aCount[j];
      if( nIn>0 ){
        for(f=0; f<d; f++){
          int m;
          for(m=0; m<nIn; m++){
            w->aVal[m] = sp->x[(sqlite3_int64)w->aOrder[iPos+m]*d+f];
          }
          aNew[(sqlite3_int64)j*d+f] = kmMedian(w->aVal, nIn);
        }
      }
      iPos += nIn;
    }
  }else{
    for(j=0; j<k; j++){
      if( w->aCount[j]>0.0 ){
        double rAlpha = 1.0/w->aCount[j];
        for(f=0; f<d; f++){
          aNew[(sqlite3_int64)j*d+f] = w->aSum[(sqlite3_int64)j*d+f]*rAlpha;
        }
      }
    }
    if( sp->eDistance==KMEANS_COSINE ){
      for(j=0; j<k; j++){
        double *c = &aNew[(sqlite3_int64)j*d];
        double rNorm = 0.0;
        if( w->aCount[j]==0.0 ) continue;
        for(f=0; f<d; f++) rNorm += c[f]*c[f];
        if( rNorm==0.0 ){
          /* Members that cancel out have no mean direction: keep the old. */
          memcpy(c, &aOld[(sqlite3_int64)j*d], sizeof(double)*(size_t)d);
        }else{
          rNorm = sqrt(rNorm);
          for(f=0; f<d; f++) c[f] /= rNorm;
        }
      }
    }
  }
  for(j=0; j<k; j++){
    if( w->aCount[j]==0.0 ){
      memcpy(&aNew[(sqlite3_int64)j*d], &aNew[(sqlite3_int64)iMax*d],
             sizeof(double)*(size_t)d);
    }
  }
}

/* Squared distance of row i to its centre, the summand of the inertia. */
static double kmSquaredToCentre(const KmeansSpace *sp, const double *xi,
                                const double *c){
  double r;
  if( sp->eDistance==KMEANS_EUCLIDEAN ) return kmSqDist(xi, c, sp->d);
  r = kmeansDistance(sp, xi, c);
  return r*r;
}

/*
** One Lloyd run from the centres in *paCentre (k*d). On return *paCentre
** holds the final centres (the two buffers may have been swapped), aLabel
** the labels; returns the inertia and sets *pnIter.
*/
static double kmLloyd(const KmeansSpace *sp, int k, int nMaxIter, double rTolAbs,
                      double **paCentre, double **paSpare, int *aLabel,
                      KmWork *w, int *pnIter){
  int n = sp->n, d = sp->d, i, it, j;
  int bStrict = 0;
  double rInertia = 0.0;
  for(i=0; i<n; i++) aLabel[i] = -1;
  for(it=0; it<nMaxIter; it++){
    double *aOld = *paCentre, *aNew = *paSpare;
    double rShift = 0.0;
    sqlite3_int64 nChanged;
    if( kmStop(w,
               64+(sqlite3_int64)n*k*d) ){
      break;
    }
    nChanged = kmAssign(sp, aOld, k, aLabel, w, 1);
    nChanged += kmRelocate(sp, aOld, k, aLabel, w);
    kmUpdate(sp, aOld, aNew, k, aLabel, w);
    for(j=0; j<k; j++){
      double r = sqrt(kmSqDist(&aNew[(sqlite3_int64)j*d], &aOld[(sqlite3_int64)j*d], d));
      rShift += r*r;
    }
    *paCentre = aNew;
    *paSpare = aOld;
    if( nChanged==0 ){
      bStrict = 1;
      break;
    }
    if( rShift<=rTolAbs ) break;
  }
  *pnIter = it<nMaxIter ? it+1 : nMaxIter;
  if( !bStrict ) kmAssign(sp, *paCentre, k, aLabel, w, 0);
  for(i=0; i<n; i++){
    rInertia += kmSquaredToCentre(sp, &sp->x[(sqlite3_int64)i*d],
                                  &(*paCentre)[(sqlite3_int64)aLabel[i]*d]);
  }
  return rInertia;
}

/* ---- initial centres ---- */

/* Candidates tried for each new centre of k-means++, as scikit-learn. */
static int kmTrials(int k){
  int nTrial = 2 + (int)log((double)k);
  return nTrial>64 ? 64 : nTrial;
}

/* Fold the potential of every row to the centre c into aPot (the least so
** far) and aCum (its running sum); returns the total. */
static double kmPotUpdate(const KmeansSpace *sp, const double *c, int bFirst,
                          KmWork *w){
  int n = sp->n, d = sp->d, i;
  double rAcc = 0.0;
  for(i=0; i<n; i++){
    double r = kmPotential(sp, &sp->x[(sqlite3_int64)i*d], c);
    if( bFirst || r<w->aPot[i] ) w->aPot[i] = r;
    rAcc += w->aPot[i];
    w->aCum[i] = rAcc;
  }
  return rAcc;
}

/*
** The potential with each candidate centre added (rows aCand[0..nCand-1]):
** aSum[t] = sum over the rows, in order, of min(aPot[i], potential to
** candidate t), all candidates in one pass over the rows. With SSE2, for
** squared distances, four candidates at a time in two registers: each lane
** does the scalar arithmetic (kmSqDist starts from 0.0 + t*t, which is t*t
** as a square is never -0; min(r, p) is r<p ? r : p as in the loop).
*/
static void kmTrialSums(const KmeansSpace *sp, const int *aCand, int nCand,
                        KmWork *w, double *aSum){
  int n = sp->n, d = sp->d, i, t;
  const double *x = sp->x;
#ifdef KM_SSE2
  if( sp->eDistance!=KMEANS_MANHATTAN ){
    double *aCT = w->aTrialT;       /* d*4: four candidates, transposed */
    double aOut[4];
    int f;
    for(t=0; t<nCand; t+=4){
      __m128d acc0 = _mm_setzero_pd(), acc1 = acc0;
      int q;
      for(q=0; q<4; q++){
        /* Past the last candidate: the last again, its sums dropped. */
        const double *xc = &x[(sqlite3_int64)aCand[t+q<nCand ? t+q : nCand-1]*d];
        for(f=0; f<d; f++) aCT[f*4+q] = xc[f];
      }
      for(i=0; i<n; i++){
        const double *xi = &x[(sqlite3_int64)i*d];
        __m128d xf = _mm_set1_pd(xi[0]);
        __m128d t0 = _mm_sub_pd(xf, _mm_loadu_pd(aCT));
        __m128d t1 = _mm_sub_pd(xf, _mm_loadu_pd(aCT+2));
        __m128d s0 = _mm_mul_pd(t0, t0), s1 = _mm_mul_pd(t1, t1);
        __m128d p = _mm_set1_pd(w->aPot[i]);
        for(f=1; f<d; f++){
          xf = _mm_set1_pd(xi[f]);
          t0 = _mm_sub_pd(xf, _mm_loadu_pd(&aCT[f*4]));
          t1 = _mm_sub_pd(xf, _mm_loadu_pd(&aCT[f*4+2]));
          s0 = _mm_add_pd(s0, _mm_mul_pd(t0, t0));
          s1 = _mm_add_pd(s1, _mm_mul_pd(t1, t1));
        }
        acc0 = _mm_add_pd(acc0, _mm_min_pd(s0, p));
        acc1 = _mm_add_pd(acc1, _mm_min_pd(s1, p));
      }
      _mm_storeu_pd(aOut, acc0);
      _mm_storeu_pd(aOut+2, acc1);
      for(q=0; q<4 && t+q<nCand; q++) aSum[t+q] = aOut[q];
    }
    return;
  }
#endif
  for(t=0; t<nCand; t++) aSum[t] = 0.0;
  for(i=0; i<n; i++){
    const double *xi = &x[(sqlite3_int64)i*d];
    double p = w->aPot[i];
    for(t=0; t<nCand; t++){
      double r = kmPotential(sp, xi, &x[(sqlite3_int64)aCand[t]*d]);
      aSum[t] += r<p ? r : p;
    }
  }
}

/* Greedy k-means++ as scikit-learn's _kmeans_plusplus. */
static void kmPlusPlus(const KmeansSpace *sp, int k, KmRng *rng, double *aCentre,
                       KmWork *w){
  int n = sp->n, d = sp->d, c, t;
  int nTrial = kmTrials(k);
  int iFirst = kmRngBelow(rng, n);
  double rPot;
  int aCand[64];
  double aSum[64];
  memcpy(aCentre, &sp->x[(sqlite3_int64)iFirst*d], sizeof(double)*(size_t)d);
  rPot = kmPotUpdate(sp, aCentre, 1, w);
  for(c=1; c<k; c++){
    int iBest = 0;
    if( kmStop(w,
               64+(sqlite3_int64)n*nTrial*d) ){
      return;
    }
    for(t=0; t<nTrial; t++){
      double r = kmRngUniform(rng)*rPot;
      int lo = 0, hi = n;         /* first i with aCum[i] >= r */
      while( lo<hi ){
        int mid = lo + (hi-lo)/2;
        if( w->aCum[mid]<r ) lo = mid+1; else hi = mid;
      }
      aCand[t] = lo<n ? lo : n-1;
    }
    kmTrialSums(sp, aCand, nTrial, w, aSum);
    for(t=1; t<nTrial; t++){
      if( aSum[t]<aSum[iBest] ) iBest = t;
    }
    memcpy(&aCentre[(sqlite3_int64)c*d], &sp->x[(sqlite3_int64)aCand[iBest]*d],
           sizeof(double)*(size_t)d);
    rPot = kmPotUpdate(sp, &aCentre[(sqlite3_int64)c*d], 0, w);
  }
}

/* k distinct rows drawn uniformly (a partial Fisher-Yates shuffle). */
static void kmRandomInit(const KmeansSpace *sp, int k, KmRng *rng, double *aCentre,
                         KmWork *w){
  int n = sp->n, d = sp->d, i;
  for(i=0; i<n; i++) w->aOrder[i] = i;
  for(i=0; i<k; i++){
    int j = i + kmRngBelow(rng, n-i);
    int t = w->aOrder[i];
    w->aOrder[i] = w->aOrder[j];
    w->aOrder[j] = t;
    memcpy(&aCentre[(sqlite3_int64)i*d], &sp->x[(sqlite3_int64)w->aOrder[i]*d],
           sizeof(double)*(size_t)d);
  }
}

/* ---- fitting ---- */

void kmeansParamsDefault(KmeansParams *p, int k){
  memset(p, 0, sizeof(*p));
  p->k = k;
  p->eInit = KMEANS_INIT_PLUSPLUS;
  p->nInit = 10;
  p->nMaxIter = 300;
  p->rTol = 1e-4;
  p->iSeed = 0;
}

void kmeansFitFree(KmeansFit *pFit){
  sqlite3_free(pFit->aLabel);
  sqlite3_free(pFit->aCentre);
  sqlite3_free(pFit->aSize);
  sqlite3_free(pFit->aSse);
  memset(pFit, 0, sizeof(*pFit));
}

static void kmWorkFree(KmWork *w){
  sqlite3_free(w->aSum);
  sqlite3_free(w->aCount);
  sqlite3_free(w->aCNorm);
  sqlite3_free(w->aCT);
  sqlite3_free(w->aEmpty);
  sqlite3_free(w->aFar);
  sqlite3_free(w->aFarDist);
  sqlite3_free(w->aPot);
  sqlite3_free(w->aCum);
  sqlite3_free(w->aTrialT);
  sqlite3_free(w->aOrder);
  sqlite3_free(w->aVal);
}

int kmeansFit(const KmeansSpace *sp, const KmeansParams *p, KmeansFit *pFit){
  int n = sp->n, d = sp->d, k = p->k, i, run, nRun;
  sqlite3_int64 kd = (sqlite3_int64)k*d;
  KmWork w;
  KmRng rng;
  double *aCentre, *aSpare, *aBest;
  int *aLabel;
  double rTolAbs = p->rTol==0.0 ? 0.0 : sp->rVarMean*p->rTol;
  int rc = SQLITE_OK;

  memset(pFit, 0, sizeof(*pFit));
  memset(&w, 0, sizeof(w));
  pFit->k = k; pFit->d = d; pFit->n = n;
  w.aSum = kmAlloc(sizeof(double)*kd);
  w.aCount = kmAlloc(sizeof(double)*k);
  w.aCNorm = kmAlloc(sizeof(double)*(k+1));
  w.aCT = kmAlloc(sizeof(double)*(kd+d));
  w.aEmpty = kmAlloc(sizeof(int)*k);
  w.aFar = kmAlloc(sizeof(int)*k);
  w.aFarDist = kmAlloc(sizeof(double)*k);
  if( p->eInit==KMEANS_INIT_PLUSPLUS ){
    w.aPot = kmAlloc(sizeof(double)*n);
    w.aCum = kmAlloc(sizeof(double)*n);
    w.aTrialT = kmAlloc(sizeof(double)*4*d);
    if( w.aPot==0 || w.aCum==0 || w.aTrialT==0 ) rc = SQLITE_NOMEM;
  }
  if( p->eInit==KMEANS_INIT_RANDOM || sp->eDistance==KMEANS_MANHATTAN ){
    w.aOrder = kmAlloc(sizeof(int)*n);
    if( w.aOrder==0 ) rc = SQLITE_NOMEM;
  }
  if( sp->eDistance==KMEANS_MANHATTAN ){
    w.aVal = kmAlloc(sizeof(double)*n);
    if( w.aVal==0 ) rc = SQLITE_NOMEM;
  }
  aCentre = kmAlloc(sizeof(double)*kd);
  aSpare = kmAlloc(sizeof(double)*kd);
  aLabel = kmAlloc(sizeof(int)*n);
  pFit->aLabel = kmAlloc(sizeof(int)*n);
  pFit->aCentre = aBest = kmAlloc(sizeof(double)*kd);
  pFit->aSize = kmAlloc(sizeof(int)*k);
  pFit->aSse = kmAlloc(sizeof(double)*k);
  if( !w.aSum || !w.aCount || !w.aCNorm || !w.aCT || !w.aEmpty
   || !w.aFar || !w.aFarDist || !aCentre || !aSpare || !aLabel
   || !pFit->aLabel || !aBest || !pFit->aSize || !pFit->aSse ){
    rc = SQLITE_NOMEM;
  }
  if( rc==SQLITE_OK ){
    kmRngSeed(&rng, p->iSeed);
    utilStopInit(&w.stop, p->xStop, p->pStopArg);
    nRun = p->eInit==KMEANS_INIT_GIVEN ? 1 : (p->nInit>0 ? p->nInit : 1);
    for(run=0; run<nRun; run++){
      double rInertia;
      int nIter;
      switch( p->eInit ){
        case KMEANS_INIT_GIVEN:  kmeansToSpace(sp, p->aInit, aCentre, k); break;
        case KMEANS_INIT_RANDOM: kmRandomInit(sp, k, &rng, aCentre, &w); break;
        default:                 kmPlusPlus(sp, k, &rng, aCentre, &w); break;
      }
      if( w.stop.bStopped ) break;
      rInertia = kmLloyd(sp, k, p->nMaxIter, rTolAbs, &aCentre, &aSpare, aLabel,
                         &w, &nIter);
      if( w.stop.bStopped ) break;
      if( run==0 || rInertia<pFit->rInertia ){
        int *aSwap = pFit->aLabel;
        pFit->aLabel = aLabel;
        aLabel = aSwap;
        memcpy(aBest, aCentre, sizeof(double)*(size_t)kd);
        pFit->rInertia = rInertia;
        pFit->nIter = nIter;
      }
    }
    if( w.stop.bStopped ) rc = SQLITE_INTERRUPT;
  }
  if( rc==SQLITE_OK ){
    memset(pFit->aSize, 0, sizeof(int)*(size_t)k);
    memset(pFit->aSse, 0, sizeof(double)*(size_t)k);
    for(i=0; i<n; i++){
      int c = pFit->aLabel[i];
      assert( c>=0 && c<k );                 /* every row has a cluster */
      pFit->aSize[c]++;
      pFit->aSse[c] += kmSquaredToCentre(sp, &sp->x[(sqlite3_int64)i*d],
                                         &aBest[(sqlite3_int64)c*d]);
    }
#ifndef NDEBUG
    {
      int nSum = 0;
      for(i=0; i<k; i++) nSum += pFit->aSize[i];
      assert( nSum==n );                     /* sizes add up to the rows */
    }
#endif
  }
  sqlite3_free(aCentre);
  sqlite3_free(aSpare);
  sqlite3_free(aLabel);
  kmWorkFree(&w);
  if( rc!=SQLITE_OK ) kmeansFitFree(pFit);
  return rc;
}

/* Lexicographic order of original-unit centroids, for qsort_r-less sorting:
** the centroids travel with their cluster number. */
typedef struct KmOrderItem KmOrderItem;
struct KmOrderItem { const double *c; int d; int j; };

static int kmCmpCentroid(const void *a, const void *b){
  const KmOrderItem *x = (const KmOrderItem*)a, *y = (const KmOrderItem*)b;
  int f;
  for(f=0; f<x->d; f++){
    if( x->c[f]<y->c[f] ) return -1;
    if( x->c[f]>y->c[f] ) return 1;
  }
  return x->j - y->j;
}

int kmeansOrderClusters(const KmeansSpace *sp, KmeansFit *pFit){
  int k = pFit->k, d = pFit->d, j, i;
  sqlite3_int64 kd = (sqlite3_int64)k*d;
  double *aOrig = kmAlloc(sizeof(double)*kd);
  double *aCentre = kmAlloc(sizeof(double)*kd);
  KmOrderItem *aItem = kmAlloc(sizeof(KmOrderItem)*k);
  int *aNew = kmAlloc(sizeof(int)*k*2);
  double *aSse = kmAlloc(sizeof(double)*k);
  int rc = SQLITE_OK;
  if( !aOrig || !aCentre || !aItem || !aNew || !aSse ){
    rc = SQLITE_NOMEM;
  }else{
    int *aSize = &aNew[k];
    kmeansToOriginal(sp, pFit->aCentre, aOrig, k);
    for(j=0; j<k; j++){
      aItem[j].c = &aOrig[(sqlite3_int64)j*d];
      aItem[j].d = d;
      aItem[j].j = j;
    }
    qsort(aItem, (size_t)k, sizeof(KmOrderItem), kmCmpCentroid);
    for(j=0; j<k; j++){
      int iOld = aItem[j].j;
      aNew[iOld] = j;
      memcpy(&aCentre[(sqlite3_int64)j*d], &pFit->aCentre[(sqlite3_int64)iOld*d],
             sizeof(double)*(size_t)d);
      aSize[j] = pFit->aSize[iOld];
      aSse[j] = pFit->aSse[iOld];
    }
    memcpy(pFit->aCentre, aCentre, sizeof(double)*(size_t)kd);
    memcpy(pFit->aSize, aSize, sizeof(int)*(size_t)k);
    memcpy(pFit->aSse, aSse, sizeof(double)*(size_t)k);
    for(i=0; i<pFit->n; i++) pFit->aLabel[i] = aNew[pFit->aLabel[i]];
  }
  sqlite3_free(aOrig);
  sqlite3_free(aCentre);
  sqlite3_free(aItem);
  sqlite3_free(aNew);
  sqlite3_free(aSse);
  return rc;
}

/* ---- quality of a clustering ---- */

/* Members per cluster; returns the number of non-empty clusters. */
static int kmCount(const int *aLabel, int k, const int *aIdx, int nIdx, int *aCnt){
  int i, nLabel = 0;
  memset(aCnt, 0, sizeof(int)*(size_t)k);
  for(i=0; i<nIdx; i++) aCnt[aLabel[aIdx ? aIdx[i] : i]]++;
  for(i=0; i<k; i++) nLabel += aCnt[i]>0;
  return nLabel;
}

/* Up to this many row x cluster sums, silhouettes compute each pair's
** distance once for both rows (half the work); beyond, one row at a time
** in O(k) memory. Both add each row's distances in the same order. */
#define KM_SIL_PAIRWISE_MAX (1<<22)

int kmeansSilhouette(const KmeansSpace *sp, const int *aLabel, int k,
                     const int *aIdx, int nIdx, double *aOut, double *pMean,
                     int (*xStop)(void*), void *pStopArg){
  int d = sp->d, a, b, c;
  UtilStop stop;
  int bPairwise = (sqlite3_int64)nIdx*k <= KM_SIL_PAIRWISE_MAX;
  int *aCnt = kmAlloc(sizeof(int)*k);
  double *aSum = kmAlloc(sizeof(double)*(bPairwise ? (sqlite3_int64)nIdx*k : k));
  double rTotal = 0.0;
  int nLabel;
  utilStopInit(&stop, xStop, pStopArg);
  if( aCnt==0 || aSum==0 ){
    sqlite3_free(aCnt);
    sqlite3_free(aSum);
    return SQLITE_NOMEM;
  }
  nLabel = kmCount(aLabel, k, aIdx, nIdx, aCnt);
  if( nLabel<2 || nLabel>=nIdx ){
    sqlite3_free(aCnt);
    sqlite3_free(aSum);
    return SQLITE_DONE;
  }
  if( bPairwise ){
    memset(aSum, 0, sizeof(double)*(size_t)nIdx*k);
    for(a=0; a<nIdx; a++){
      int ia = aIdx ? aIdx[a] : a;
      int la = aLabel[ia];
      const double *xa = &sp->x[(sqlite3_int64)ia*d];
      double *sa = &aSum[(sqlite3_int64)a*k];
      if( utilStopTick(&stop, 16+(sqlite3_int64)(nIdx-a)*d) ){
        break;
      }
      for(b=a+1; b<nIdx; b++){
        int ib = aIdx ? aIdx[b] : b;
        double r = kmeansDistance(sp, xa, &sp->x[(sqlite3_int64)ib*d]);
        sa[aLabel[ib]] += r;
        aSum[(sqlite3_int64)b*k+la] += r;
      }
    }
  }
  for(a=0; a<nIdx && !stop.bStopped; a++){
    int ia = aIdx ? aIdx[a] : a;
    int la = aLabel[ia];
    double *sa = aSum;
    double s = 0.0;
    if( !bPairwise
     && utilStopTick(&stop, 16+(sqlite3_int64)nIdx*d) ){
      break;
    }
    if( bPairwise ){
      sa = &aSum[(sqlite3_int64)a*k];
    }else{
      const double *xa = &sp->x[(sqlite3_int64)ia*d];
      memset(sa, 0, sizeof(double)*(size_t)k);
      for(b=0; b<nIdx; b++){
        int ib = aIdx ? aIdx[b] : b;
        if( b!=a ) sa[aLabel[ib]] += kmeansDistance(sp, xa, &sp->x[(sqlite3_int64)ib*d]);
      }
    }
    if( aCnt[la]>1 ){
      double rIntra = sa[la]/(aCnt[la]-1);
      double rInter = INFINITY, rMax;
      for(c=0; c<k; c++){
        if( c!=la && aCnt[c]>0 && sa[c]/aCnt[c]<rInter ) rInter = sa[c]/aCnt[c];
      }
      rMax = rIntra>rInter ? rIntra : rInter;
      s = rMax>0.0 ? (rInter-rIntra)/rMax : 0.0;
    }
    if( aOut ) aOut[a] = s;
    rTotal += s;
  }
  sqlite3_free(aCnt);
  sqlite3_free(aSum);
  if( stop.bStopped ) return SQLITE_INTERRUPT;
  *pMean = rTotal/nIdx;
  return SQLITE_OK;
}

/* Cluster means of the labelled rows (as scikit-learn's metrics compute
** them, from the labels alone). */
static int kmMeans(const KmeansSpace *sp, const int *aLabel, int k,
                   int **paCnt, double **paMean, int *pnLabel){
  int n = sp->n, d = sp->d, i, j, f;
  int *aCnt = kmAlloc(sizeof(int)*k);
  double *aMean = kmAlloc(sizeof(double)*k*d);
  if( aCnt==0 || aMean==0 ){
    sqlite3_free(aCnt);
    sqlite3_free(aMean);
    return SQLITE_NOMEM;
  }
  *pnLabel = kmCount(aLabel, k, 0, n, aCnt);
  memset(aMean, 0, sizeof(double)*(size_t)k*d);
  for(i=0; i<n; i++){
    double *m = &aMean[(sqlite3_int64)aLabel[i]*d];
    for(f=0; f<d; f++) m[f] += sp->x[(sqlite3_int64)i*d+f];
  }
  for(j=0; j<k; j++){
    for(f=0; f<d; f++) if( aCnt[j] ) aMean[(sqlite3_int64)j*d+f] /= aCnt[j];
  }
  *paCnt = aCnt;
  *paMean = aMean;
  return SQLITE_OK;
}

int kmeansDaviesBouldin(const KmeansSpace *sp, const int *aLabel, int k,
                        double *pOut){
  int n = sp->n, d = sp->d, i, j, q, nLabel;
  int *aCnt = 0;
  double *aMean = 0, *aIntra;
  int bIntraZero = 1, bCentreZero = 1;
  double rScore = 0.0;
  int rc = kmMeans(sp, aLabel, k, &aCnt, &aMean, &nLabel);
  if( rc ) return rc;
  if( nLabel<2 || nLabel>=n ){
    sqlite3_free(aCnt);
    sqlite3_free(aMean);
    return SQLITE_DONE;
  }
  aIntra = kmAlloc(sizeof(double)*k);
  if( aIntra==0 ){
    sqlite3_free(aCnt);
    sqlite3_free(aMean);
    return SQLITE_NOMEM;
  }
  memset(aIntra, 0, sizeof(double)*(size_t)k);
  for(i=0; i<n; i++){
    aIntra[aLabel[i]] += sqrt(kmSqDist(&sp->x[(sqlite3_int64)i*d],
                                       &aMean[(sqlite3_int64)aLabel[i]*d], d));
  }
  for(j=0; j<k; j++){
    if( aCnt[j]==0 ) continue;
    aIntra[j] /= aCnt[j];
    if( fabs(aIntra[j])>1e-8 ) bIntraZero = 0;
    for(q=0; q<k; q++){
      if( aCnt[q] && sqrt(kmSqDist(&aMean[(sqlite3_int64)j*d],
                                   &aMean[(sqlite3_int64)q*d], d))>1e-8 ){
        bCentreZero = 0;
      }
    }
  }
  if( !bIntraZero && !bCentreZero ){
    for(j=0; j<k; j++){
      double rMax = 0.0;
      if( aCnt[j]==0 ) continue;
      for(q=0; q<k; q++){
        double rDist;
        if( q==j || aCnt[q]==0 ) continue;
        rDist = sqrt(kmSqDist(&aMean[(sqlite3_int64)j*d], &aMean[(sqlite3_int64)q*d], d));
        if( rDist>0.0 && (aIntra[j]+aIntra[q])/rDist>rMax ){
          rMax = (aIntra[j]+aIntra[q])/rDist;
        }
      }
      rScore += rMax;
    }
    rScore /= nLabel;
  }
  *pOut = rScore;
  sqlite3_free(aCnt);
  sqlite3_free(aMean);
  sqlite3_free(aIntra);
  return SQLITE_OK;
}

int kmeansCalinskiHarabasz(const KmeansSpace *sp, const int *aLabel, int k,
                           double *pOut){
  int n = sp->n, d = sp->d, i, j, f, nLabel;
  int *aCnt = 0;
  double *aMean = 0, *aAll;
  double rExtra = 0.0, rIntra = 0.0;
  int rc = kmMeans(sp, aLabel, k, &aCnt, &aMean, &nLabel);
  if( rc ) return rc;
  if( nLabel<2 || nLabel>=n ){
    sqlite3_free(aCnt);
    sqlite3_free(aMean);
    return SQLITE_DONE;
  }
  aAll = kmAlloc(sizeof(double)*d);
  if( aAll==0 ){
    sqlite3_free(aCnt);
    sqlite3_free(aMean);
    return SQLITE_NOMEM;
  }
  for(f=0; f<d; f++){
    double r = 0.0;
    for(i=0; i<n; i++) r += sp->x[(sqlite3_int64)i*d+f];
    aAll[f] = r/n;
  }
  for(j=0; j<k; j++){
    if( aCnt[j] ) rExtra += aCnt[j]*kmSqDist(&aMean[(sqlite3_int64)j*d], aAll, d);
  }
  for(i=0; i<n; i++){
    rIntra += kmSqDist(&sp->x[(sqlite3_int64)i*d], &aMean[(sqlite3_int64)aLabel[i]*d], d);
  }
  *pOut = rIntra==0.0 ? 1.0 : rExtra*(n-nLabel)/(rIntra*(nLabel-1.0));
  sqlite3_free(aCnt);
  sqlite3_free(aMean);
  sqlite3_free(aAll);
  return SQLITE_OK;
}

/*
** Kneedle for a decreasing convex curve: normalise x and y to [0, 1],
** flip y (1 - y), and take the point where the flipped curve rises most
** above the diagonal, the first such point on ties; none when it never
** rises above (a straight line or fewer than 3 points).
*/
int kmeansKnee(const double *y, int n){
  double rMin, rMax, rBest = 0.0;
  int i, iKnee = -1;
  if( n<3 ) return -1;
  rMin = rMax = y[0];
  for(i=1; i<n; i++){
    if( y[i]<rMin ) rMin = y[i];
    if( y[i]>rMax ) rMax = y[i];
  }
  if( !(rMax>rMin) ) return -1;
  for(i=0; i<n; i++){
    double xn = (double)i/(n-1);
    double yn = (y[i]-rMin)/(rMax-rMin);
    double rDiff = (1.0-yn) - xn;
    if( rDiff>rBest + 1e-12 ){ rBest = rDiff; iKnee = i; }
  }
  return iKnee;
}

static int kmCmpInt(const void *a, const void *b){
  int x = *(const int*)a, y = *(const int*)b;
  return x<y ? -1 : (x>y ? 1 : 0);
}

int kmeansSample(int n, int nSample, uint64_t iSeed, int **paIdx){
  int *aAll = kmAlloc(sizeof(int)*n);
  int *aIdx = kmAlloc(sizeof(int)*nSample);
  KmRng rng;
  int i;
  *paIdx = 0;
  if( aAll==0 || aIdx==0 ){
    sqlite3_free(aAll);
    sqlite3_free(aIdx);
    return SQLITE_NOMEM;
  }
  kmRngSeed(&rng, iSeed);
  for(i=0; i<n; i++) aAll[i] = i;
  for(i=0; i<nSample; i++){
    int j = i + kmRngBelow(&rng, n-i);
    int t = aAll[i];
    aAll[i] = aAll[j];
    aAll[j] = t;
    aIdx[i] = aAll[i];
  }
  sqlite3_free(aAll);
  qsort(aIdx, (size_t)nSample, sizeof(int), kmCmpInt);
  *paIdx = aIdx;
  return SQLITE_OK;
}
