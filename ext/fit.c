/*
** fit.c: least-squares fits of a scaling curve and its break-even point
** (the cores of scaling_fit and breakeven). Plain C, no memory of its own;
** the API is in ext/fit.h, the SQL surface in ext/metrics_sql.c.
**
** Fits. Each least-squares problem is solved by a QR factorisation built
** with Givens rotations, one row at a time, in long double: no normal
** equations (whose condition number is the square of the data's), no
** centring needed, no allocation. A subset of columns whose R has a
** diagonal entry at most 1e-12 of its column's norm is taken as rank
** deficient (the n are too close together to tell the columns apart).
** The 'comm' model is non-negative least squares over 3 unknowns, solved
** exactly by enumeration: the optimum is the unconstrained fit on its own
** support, so the feasible subset fit with the smallest residual is it.
** Ties go to the first subset in the order {abc}, {ab}, {ac}, {bc}, {a},
** {b}, {c}, {}. A flat curve (every t the same) has SStot = 0: its fit is
** a = t, b = c = 0 exactly, and r2 is 1 by definition (the models hold the
** constant, which fits it exactly).
**
** Break-even. The knee is Kneedle (Satopaa, Albrecht, Irwin & Raghavan,
** 2011) with sensitivity S = 1, offline, without smoothing, exactly as the
** reference implementation kneed (KneeLocator, curve='convex',
** direction='decreasing', online=False, interp_method='interp1d') does:
**
**   x_i = log2 n_i, y_i = t_i, i = 0..m-1 in ascending n;
**   xn = (x - x_0)/(x_{m-1} - x_0), yn = (y - min y)/(max y - min y);
**   difference curve D_i = (1 - yn_i) - xn_i;
**   i is a local maximum when D_i >= both neighbours, a local minimum when
**     D_i <= both (an end point compares with its one neighbour);
**   walking i from the first local maximum to m-2: at a local maximum the
**     threshold becomes D_i - S/(m-1) (S times the mean spacing of xn) and
**     the candidate becomes i; at a local minimum the threshold becomes 0;
**     if D_{i+1} < threshold, the candidate is the knee.
**
** No knee when t is the same at every n or the walk ends without one.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "fit.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FIT_NCOL 3
#define FIT_RANK_TOL 1e-12L

static int fitCmpPoint(const void *pA, const void *pB){
  const FitPoint *a = (const FitPoint*)pA, *b = (const FitPoint*)pB;
  if( a->n!=b->n ) return a->n<b->n ? -1 : 1;
  return (a->t>b->t) - (a->t<b->t);
}

/* Sort by (n, t) and return the number of distinct n. */
static sqlite3_int64 fitSortPoints(FitPoint *aPoint, sqlite3_int64 nPoint){
  sqlite3_int64 i, nDistinct = nPoint>0;
  if( nPoint>1 ) qsort(aPoint, (size_t)nPoint, sizeof(FitPoint), fitCmpPoint);
  for(i=1; i<nPoint; i++){
    if( aPoint[i].n!=aPoint[i-1].n ) nDistinct++;
  }
  return nDistinct;
}

/* Column j of the design matrix at n: 1, 1/n, log2 n. */
static long double fitColumn(int j, double n){
  switch( j ){
    case 0:  return 1.0L;
    case 1:  return 1.0L/(long double)n;
    default: return (long double)log2(n);
  }
}

/*
** Unconstrained least squares of t on the columns in mask (bit j: column
** j) into aCoef (columns not in mask are 0). Returns 1, or 0 when the
** columns are rank deficient.
*/
static int fitSubset(const FitPoint *aPoint, sqlite3_int64 nPoint, int mask,
                     double *aCoef){
  long double aR[FIT_NCOL][FIT_NCOL], aZ[FIT_NCOL], aNorm2[FIT_NCOL];
  int aCol[FIT_NCOL];
  int nCol = 0, j, l;
  sqlite3_int64 i;
  for(j=0; j<FIT_NCOL; j++){
    aCoef[j] = 0.0;
    if( mask & (1<<j) ) aCol[nCol++] = j;
  }
  memset(aR, 0, sizeof(aR));
  memset(aZ, 0, sizeof(aZ));
  memset(aNorm2, 0, sizeof(aNorm2));
  for(i=0; i<nPoint; i++){
    long double aRow[FIT_NCOL];
    long double y = aPoint[i].t;
    for(j=0; j<nCol; j++){
      aRow[j] = fitColumn(aCol[j], aPoint[i].n);
      aNorm2[j] += aRow[j]*aRow[j];
    }
    /* Rotate the new row into R, column by column. */
    for(j=0; j<nCol; j++){
      long double rho, c, s;
      if( aRow[j]==0.0L ) continue;
      rho = hypotl(aR[j][j], aRow[j]);
      c = aR[j][j]/rho;
      s = aRow[j]/rho;
      aR[j][j] = rho;
      for(l=j+1; l<nCol; l++){
        long double r = aR[j][l];
        aR[j][l] = c*r + s*aRow[l];
        aRow[l] = c*aRow[l] - s*r;
      }
      {
        long double z = aZ[j];
        aZ[j] = c*z + s*y;
        y = c*y - s*z;
      }
    }
  }
  for(j=0; j<nCol; j++){
    if( !(fabsl(aR[j][j]) > FIT_RANK_TOL*sqrtl(aNorm2[j])) ) return 0;
  }
  for(j=nCol-1; j>=0; j--){
    long double v = aZ[j];
    for(l=j+1; l<nCol; l++) v -= aR[j][l]*(long double)aCoef[aCol[l]];
    aCoef[aCol[j]] = (double)(v/aR[j][j]);
  }
  return 1;
}

/* Residual sum of squares of coefficients aCoef. */
static long double fitSsres(const FitPoint *aPoint, sqlite3_int64 nPoint,
                            const double *aCoef){
  long double ss = 0.0L;
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++){
    long double r = aPoint[i].t;
    int j;
    for(j=0; j<FIT_NCOL; j++){
      if( aCoef[j]!=0.0 ) r -= aCoef[j]*fitColumn(j, aPoint[i].n);
    }
    ss += r*r;
  }
  return ss;
}

/* True when every t is the same. */
static int fitIsFlat(const FitPoint *aPoint, sqlite3_int64 nPoint){
  sqlite3_int64 i;
  for(i=1; i<nPoint; i++){
    if( aPoint[i].t!=aPoint[0].t ) return 0;
  }
  return 1;
}

/* 1 - SSres/SStot, for a curve that is not flat (SStot > 0). */
static double fitR2(const FitPoint *aPoint, sqlite3_int64 nPoint,
                    long double ssres){
  long double mean = 0.0L, sstot = 0.0L;
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++) mean += aPoint[i].t;
  mean /= (long double)nPoint;
  for(i=0; i<nPoint; i++){
    long double d = aPoint[i].t - mean;
    sstot += d*d;
  }
  return (double)(1.0L - ssres/sstot);
}

/* Non-negative least squares over the 8 subsets of {a, b, c}. */
static void fitNonNegative(const FitPoint *aPoint, sqlite3_int64 nPoint,
                           double *aBest, long double *pSsres){
  static const int aMask[] = { 7, 3, 5, 6, 1, 2, 4, 0 };
  long double best = -1.0L;
  size_t k;
  for(k=0; k<sizeof(aMask)/sizeof(aMask[0]); k++){
    double aCoef[FIT_NCOL];
    long double ss;
    int j, bFeasible = 1;
    if( !fitSubset(aPoint, nPoint, aMask[k], aCoef) ) continue;
    for(j=0; j<FIT_NCOL; j++){
      if( !(aCoef[j]>=0.0) ) bFeasible = 0;
    }
    if( !bFeasible ) continue;
    ss = fitSsres(aPoint, nPoint, aCoef);
    if( best<0.0L || ss<best ){
      best = ss;
      memcpy(aBest, aCoef, sizeof(aCoef));
    }
  }
  *pSsres = best;
}

int fitScaling(FitPoint *aPoint, sqlite3_int64 nPoint, int eModel,
               FitResult *pRes){
  double aCoef[FIT_NCOL];
  long double ssres;
  sqlite3_int64 nDistinct = fitSortPoints(aPoint, nPoint);
  memset(pRes, 0, sizeof(*pRes));
  if( nDistinct>=(eModel==FIT_AMDAHL ? 2 : 4) && fitIsFlat(aPoint, nPoint) ){
    /* The exact answer, not the solver's rounding noise around b = c = 0. */
    pRes->a = aPoint[0].t;
    pRes->r2 = 1.0;
    pRes->nPoint = nPoint;
    return SQLITE_OK;
  }
  if( eModel==FIT_AMDAHL ){
    if( nDistinct<2 || !fitSubset(aPoint, nPoint, 3, aCoef) ) return SQLITE_DONE;
    ssres = fitSsres(aPoint, nPoint, aCoef);
  }else{
    if( nDistinct<4 ) return SQLITE_DONE;
    fitNonNegative(aPoint, nPoint, aCoef, &ssres);
  }
  pRes->a = aCoef[0];
  pRes->b = aCoef[1];
  pRes->c = aCoef[2];
  pRes->r2 = fitR2(aPoint, nPoint, ssres);
  pRes->nPoint = nPoint;
  return SQLITE_OK;
}

/* ---------------------------------------------------------------------- */
/* Break-even                                                             */

/* Sort and keep the fastest t of each n: the number of points left. */
static sqlite3_int64 fitFastestPerN(FitPoint *aPoint, sqlite3_int64 nPoint){
  sqlite3_int64 i, m = 0;
  fitSortPoints(aPoint, nPoint);
  for(i=0; i<nPoint; i++){
    if( m==0 || aPoint[i].n!=aPoint[m-1].n ) aPoint[m++] = aPoint[i];
  }
  return m;
}

/* argmin n*t^2 (max of speedup x E'); the smallest n on ties. */
static double fitEfficacy(const FitPoint *a, sqlite3_int64 m){
  sqlite3_int64 i, iBest = 0;
  long double best = (long double)a[0].n*a[0].t*a[0].t;
  for(i=1; i<m; i++){
    long double v = (long double)a[i].n*a[i].t*a[i].t;
    if( v<best ){ best = v; iBest = i; }
  }
  return a[iBest].n;
}

/* The last n before the marginal efficiency of the next step < theta. */
static double fitMarginal(const FitPoint *a, sqlite3_int64 m, double theta){
  sqlite3_int64 i;
  for(i=0; i+1<m; i++){
    double e = (a[i].n/(a[i+1].n - a[i].n))*(a[i].t/a[i+1].t - 1.0);
    if( e<theta ) return a[i].n;
  }
  return a[m-1].n;
}

/* The largest n with E' against the smallest n >= theta there and below. */
static double fitEfficiency(const FitPoint *a, sqlite3_int64 m, double theta){
  sqlite3_int64 i;
  for(i=1; i<m; i++){
    double e = (a[0].t/a[i].t)/(a[i].n/a[0].n);
    if( e<theta ) return a[i-1].n;
  }
  return a[m-1].n;
}

/* D_i of the Kneedle difference curve (see the comment at the top). */
static double fitKneeDiff(const FitPoint *a, sqlite3_int64 m, sqlite3_int64 i,
                          double tMin, double tMax){
  double x0 = log2(a[0].n), x1 = log2(a[m-1].n);
  double xn = (log2(a[i].n) - x0)/(x1 - x0);
  double yn = (a[i].t - tMin)/(tMax - tMin);
  return (1.0 - yn) - xn;
}

static int fitKnee(const FitPoint *a, sqlite3_int64 m, double *pN){
  double tMin = a[0].t, tMax = a[0].t;
  double threshold = 0.0;
  sqlite3_int64 i, iCand = -1;
  for(i=1; i<m; i++){
    if( a[i].t<tMin ) tMin = a[i].t;
    if( a[i].t>tMax ) tMax = a[i].t;
  }
  if( tMin==tMax ) return SQLITE_DONE;
  for(i=0; i+1<m; i++){
    double d = fitKneeDiff(a, m, i, tMin, tMax);
    double dNext = fitKneeDiff(a, m, i+1, tMin, tMax);
    double dPrev = i>0 ? fitKneeDiff(a, m, i-1, tMin, tMax) : d;
    if( d>=dPrev && d>=dNext ){
      threshold = d - 1.0/(double)(m-1);
      iCand = i;
    }
    if( iCand<0 ) continue;           /* before the first local maximum */
    if( d<=dPrev && d<=dNext ) threshold = 0.0;
    if( dNext<threshold ){
      *pN = a[iCand].n;
      return SQLITE_OK;
    }
  }
  return SQLITE_DONE;
}

int fitBreakeven(FitPoint *aPoint, sqlite3_int64 nPoint, int eCriterion,
                 double theta, double *pN){
  sqlite3_int64 m = fitFastestPerN(aPoint, nPoint);
  if( m<3 ) return SQLITE_DONE;
  switch( eCriterion ){
    case BREAKEVEN_EFFICACY:   *pN = fitEfficacy(aPoint, m);           break;
    case BREAKEVEN_MARGINAL:   *pN = fitMarginal(aPoint, m, theta);    break;
    case BREAKEVEN_EFFICIENCY: *pN = fitEfficiency(aPoint, m, theta);  break;
    default:                   return fitKnee(aPoint, m, pN);
  }
  return SQLITE_OK;
}
