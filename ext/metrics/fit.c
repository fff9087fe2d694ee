/*
** fit.c: least-squares fits of a scaling curve, their diagnostics, and its
** break-even point, each with its bootstrap interval (the cores of
** scaling_fit, breakeven and breakeven_ci). Plain C; only the bootstraps allocate
** (sqlite3_malloc64); the API is in ext/metrics/fit.h, the SQL surface in
** ext/metrics/metrics_sql.c.
**
** Fits. Each least-squares problem is solved by a QR factorisation built
** with Givens rotations, one row at a time, in double: no normal
** equations (whose condition number is the square of the data's), no
** centring needed, no allocation. A subset of columns whose R has a
** diagonal entry at most 1e-12 of its column's norm is taken as rank
** deficient (the n are too close together to tell the columns apart).
** The 'amdahl' and 'comm' models are non-negative least squares over 2 or
** 3 unknowns (a serial time, a parallel part or a communication cost below
** 0 describes no machine), solved exactly by enumeration: the optimum is
** the unconstrained fit on its own support, so the feasible subset fit with
** the smallest residual is it. Ties go to the first subset in the order
** {abc}, {ab}, {ac}, {bc}, {a}, {b}, {c}, {}. A flat curve (every t the same) has SStot = 0: its fit is
** a = t, b = c = 0 exactly, and r2 is 1 by definition (the models hold the
** constant, which fits it exactly).
**
** The power law t = c n^-alpha under the relative loss is the straight line
** ln t = ln c - alpha ln n, solved the same way. The fits that are not
** linear (Amdahl and comm under the relative loss, the power law under the
** absolute loss) are Gauss-Newton walks: each step is one of the linear
** fits above on the model linearised at the current coefficients (for comm,
** the exact non-negative one, so every step stays feasible), halved until
** the loss does not grow. Relative Amdahl and comm start from the least
** relative error (|f - t|/t, a weighted linear fit) or the constant
** exp(mean ln t), whichever fits better; the absolute power law starts from
** the global minimum of its profile over a grid of alpha (fitPowerAbsolute).
** Everything is sorted first and nothing is random, so the result is the
** same, bit for bit, for the same rows in any order.
**
** Precision. Everything is IEEE double, which x86-64 (SSE2) and
** WebAssembly round identically, so the native and the browser builds give
** the same bytes. This file once computed in long double: the x87's 80 bits
** natively, 128-bit soft float in WebAssembly, where emscripten's libc has
** logl, expl, powl and sqrtl in double precision only while hypotl is
** 113-bit. There the long-double Givens QR gave another answer to the same
** linear problems (on the shipped LoRA H100 curve the relative power law
** came out c 142.1, alpha 0.689, r2 0.926 against the least-squares c 129.3,
** alpha 0.729, r2 0.967; replacing hypotl alone by sqrtl(x*x + y*y) gave the
** native answer back), and the iterations stopped at other points of flat
** valleys. So: no wider type; no libm hypot (its glibc and musl versions
** differ; fitHypot uses sqrt, which IEEE rounds exactly); compensated sums
** (FitSum) for losses and means; each QR solve refined once from residuals
** as accurate as in twice the precision (fitResidual), so exact data still
** fit exactly. exp, log, log2 and pow are the same implementations in
** glibc and musl (ARM's optimized-routines).
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
#include "metrics/fit.h"
#include "base/util.h"
#include "base/stats.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FIT_NCOL 4
#define FIT_RANK_TOL 1e-12
#define FIT_MAX_ITER 500      /* Gauss-Newton steps */
#define FIT_MAX_HALVING 60    /* step halvings before a step counts as none */
#define FIT_REL_TOL 1e-15    /* a step gaining less (relatively) ends it */

/*
** How the rows of one linear least-squares problem are made from the
** points: row x (the columns of the model at n, scaled) and target y.
** f is the current fit at n (aParam: the current coefficients).
*/
#define FIT_ROWS_PLAIN  0     /* x, t: absolute loss of a linear model */
#define FIT_ROWS_LOG    1     /* x, ln t: relative loss of the power law */
#define FIT_ROWS_REL0   2     /* x/t, 1: relative error, the first step */
#define FIT_ROWS_RELGN  3     /* x/f, 1 - ln(f/t): Gauss-Newton, relative */
#define FIT_ROWS_POWGN  4     /* f x, t - f + f ln f: Gauss-Newton, power law */

typedef struct FitRows FitRows;
struct FitRows {
  int eRows;              /* FIT_ROWS_* */
  int eModel;             /* FIT_AMDAHL, FIT_COMM or FIT_POWER */
  const double *aParam;   /* current coefficients (FIT_ROWS_RELGN, _POWGN) */
};

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

/*
** sqrt(x^2 + y^2) without overflow, from +, *, / and sqrt alone: IEEE 754
** rounds each of those exactly the same everywhere, while libm's hypot is
** not the same function in glibc and musl (the browser build's libc).
*/
static double fitHypot(double x, double y){
  double m, u, v;
  x = fabs(x);
  y = fabs(y);
  m = x>y ? x : y;
  if( m==0.0 || isinf(m) ) return m;
  u = x/m;
  v = y/m;
  return m*sqrt(u*u + v*v);
}

/*
** A sum of doubles with Neumaier's compensation: the error of each addition
** is kept in c and added back at the end, so a sum of squares of residuals
** (or of logarithms) is as accurate as its terms, whatever their order of
** magnitude, without a wider type.
*/
typedef struct FitSum FitSum;
struct FitSum {
  double s;               /* the running sum */
  double c;               /* the rounding errors of the additions */
};

static void fitSumAdd(FitSum *p, double x){
  double t = p->s + x;
  if( fabs(p->s)>=fabs(x) ){
    p->c += (p->s - t) + x;
  }else{
    p->c += (x - t) + p->s;
  }
  p->s = t;
}

static double fitSumValue(const FitSum *p){
  return p->s + p->c;
}

/* Column j of the design matrix at n: 1, 1/n, log2 n (the linear models'
** t), -ln n (the power law's ln t: ln c - alpha ln n). */
static double fitColumn(int j, double n){
  switch( j ){
    case 0:  return 1.0;
    case 1:  return 1.0/n;
    case 2:  return log2(n);
    default: return -log(n);
  }
}

/* The model with coefficients aCoef at n. The power law's coefficients are
** (ln c, 0, 0, alpha) inside the solvers (bLog), (c, 0, 0, alpha) outside. */
static double fitValue(int eModel, const double *aCoef, double n, int bLog){
  int j;
  double f = 0.0;
  if( eModel==FIT_POWER ){
    if( bLog ) return exp(aCoef[0] + aCoef[3]*fitColumn(3, n));
    return aCoef[0]*pow(n, -aCoef[3]);
  }
  for(j=0; j<3; j++){
    if( aCoef[j]!=0.0 ) f += aCoef[j]*fitColumn(j, n);
  }
  return f;
}

/* The columns of each model (bit j: column j). */
static int fitModelMask(int eModel){
  switch( eModel ){
    case FIT_AMDAHL: return 3;
    case FIT_POWER:  return 9;
    default:         return 7;
  }
}

/*
** Row x and target *pY of point p under pRows: the model's columns (the
** others 0), each computed once, the current fit f made from them as
** fitValue makes it.
*/
static void fitRow(const FitRows *pRows, const FitPoint *p, double *aRow,
                   double *pY){
  int mask = fitModelMask(pRows->eModel);
  double s = 1.0, f = 0.0;
  int j;
  for(j=0; j<FIT_NCOL; j++){
    aRow[j] = (mask & (1<<j)) ? fitColumn(j, p->n) : 0.0;
  }
  switch( pRows->eRows ){
    case FIT_ROWS_PLAIN:
      *pY = p->t;
      return;
    case FIT_ROWS_LOG:
      *pY = log(p->t);
      return;
    case FIT_ROWS_REL0:
      s = 1.0/p->t;
      *pY = 1.0;
      break;
    case FIT_ROWS_RELGN:
      for(j=0; j<3; j++){
        if( pRows->aParam[j]!=0.0 ) f += pRows->aParam[j]*aRow[j];
      }
      s = 1.0/f;
      *pY = 1.0 - log(f/p->t);
      break;
    default:
      f = exp(pRows->aParam[0] + pRows->aParam[3]*aRow[3]);
      s = f;
      *pY = p->t - f + f*log(f);
      break;
  }
  for(j=0; j<FIT_NCOL; j++) aRow[j] *= s;
}

/*
** The residual y - x.c of one row, as accurate as if computed in twice the
** working precision (Ogita, Rump & Oishi's Dot2: each product split exactly
** into its rounded value and error by Dekker's TwoProduct, each sum by
** Knuth's TwoSum, the errors summed apart). It lets one step of iterative
** refinement bring a least-squares solution to within an ulp or so of
** the exact one, which 80-bit extended precision used to give for free: an
** exact curve (t = 1 + 64/n) fits to exactly a = 1, b = 64.
*/
static void fitTwoProduct(double a, double b, double *pP, double *pE){
  const double split = 134217729.0;     /* 2^27 + 1 (Veltkamp) */
  double p = a*b, ca = split*a, cb = split*b;
  double ah = ca - (ca - a), al = a - ah;
  double bh = cb - (cb - b), bl = b - bh;
  *pP = p;
  *pE = ((ah*bh - p) + ah*bl + al*bh) + al*bl;
}

static double fitResidual(const double *aRow, double y, const double *aCoef){
  double s = y, err = 0.0;
  int j;
  for(j=0; j<FIT_NCOL; j++){
    double p, e, t, z;
    if( aCoef[j]==0.0 ) continue;
    fitTwoProduct(aRow[j], -aCoef[j], &p, &e);
    t = s + p;
    z = t - s;
    err += ((s - (t - z)) + (p - z)) + e;
    s = t;
  }
  return s + err;
}

/*
** One pass of the QR factorisation of the rows of pRows on the columns
** aCol[0..nCol-1], against targets y - x.aBase (the residuals of aBase),
** into aR, aZ (Q'(y - x.aBase)) and aNorm2 (the columns' squared norms).
*/
static void fitQrPass(const FitPoint *aPoint, sqlite3_int64 nPoint,
                      const FitRows *pRows, const int *aCol, int nCol,
                      const double *aBase, double aR[FIT_NCOL][FIT_NCOL],
                      double *aZ, double *aNorm2){
  sqlite3_int64 i;
  int j, l;
  memset(aR, 0, sizeof(double)*FIT_NCOL*FIT_NCOL);
  memset(aZ, 0, sizeof(double)*FIT_NCOL);
  memset(aNorm2, 0, sizeof(double)*FIT_NCOL);
  for(i=0; i<nPoint; i++){
    double aFull[FIT_NCOL], aRow[FIT_NCOL];
    double y;
    fitRow(pRows, &aPoint[i], aFull, &y);
    y = fitResidual(aFull, y, aBase);
    for(j=0; j<nCol; j++){
      aRow[j] = aFull[aCol[j]];
      aNorm2[j] += aRow[j]*aRow[j];
    }
    /* Rotate the new row into R, column by column. */
    for(j=0; j<nCol; j++){
      double rho, c, s;
      if( aRow[j]==0.0 ) continue;
      rho = fitHypot(aR[j][j], aRow[j]);
      c = aR[j][j]/rho;
      s = aRow[j]/rho;
      aR[j][j] = rho;
      for(l=j+1; l<nCol; l++){
        double r = aR[j][l];
        aR[j][l] = c*r + s*aRow[l];
        aRow[l] = c*aRow[l] - s*r;
      }
      {
        double z = aZ[j];
        aZ[j] = c*z + s*y;
        y = c*y - s*z;
      }
    }
  }
}

/*
** Unconstrained least squares of the rows of pRows on the columns in mask
** (bit j: column j) into aCoef (columns not in mask are 0). Returns 1, or
** 0 when the columns are rank deficient. The solution of the first pass
** is refined once: the same factorisation (the same rows, so the same R)
** solves for the correction from the accurate residuals of the first
** solution.
*/
static int fitSubset(const FitPoint *aPoint, sqlite3_int64 nPoint, int mask,
                     const FitRows *pRows, double *aCoef){
  double aR[FIT_NCOL][FIT_NCOL], aZ[FIT_NCOL], aNorm2[FIT_NCOL];
  double aBase[FIT_NCOL], aDelta[FIT_NCOL];
  int aCol[FIT_NCOL];
  int nCol = 0, j, l, iPass;
  for(j=0; j<FIT_NCOL; j++){
    aBase[j] = 0.0;
    if( mask & (1<<j) ) aCol[nCol++] = j;
  }
  for(iPass=0; iPass<2; iPass++){
    fitQrPass(aPoint, nPoint, pRows, aCol, nCol, aBase, aR, aZ, aNorm2);
    for(j=0; iPass==0 && j<nCol; j++){
      if( !(fabs(aR[j][j]) > FIT_RANK_TOL*sqrt(aNorm2[j])) ) return 0;
    }
    memset(aDelta, 0, sizeof(aDelta));
    for(j=nCol-1; j>=0; j--){
      double v = aZ[j];
      for(l=j+1; l<nCol; l++) v -= aR[j][l]*aDelta[aCol[l]];
      aDelta[aCol[j]] = v/aR[j][j];
    }
    for(j=0; j<FIT_NCOL; j++) aBase[j] += aDelta[j];
  }
  memcpy(aCoef, aBase, sizeof(aBase));
  return 1;
}

/* Residual sum of squares of the rows of pRows against coefficients aCoef. */
static double fitSsres(const FitPoint *aPoint, sqlite3_int64 nPoint,
                            const FitRows *pRows, const double *aCoef){
  FitSum ss = {0.0, 0.0};
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++){
    double aRow[FIT_NCOL], r;
    fitRow(pRows, &aPoint[i], aRow, &r);
    r = fitResidual(aRow, r, aCoef);
    fitSumAdd(&ss, r*r);
  }
  return fitSumValue(&ss);
}

/* True when every t is the same. */
static int fitIsFlat(const FitPoint *aPoint, sqlite3_int64 nPoint){
  sqlite3_int64 i;
  for(i=1; i<nPoint; i++){
    if( aPoint[i].t!=aPoint[0].t ) return 0;
  }
  return 1;
}

/* 1 - SSres/SStot of t (or of ln t: bLog), for a curve that is not flat
** (SStot > 0). */
static double fitR2(const FitPoint *aPoint, sqlite3_int64 nPoint,
                    double ssres, int bLog){
  FitSum sum = {0.0, 0.0}, sstot = {0.0, 0.0};
  double mean;
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++) fitSumAdd(&sum, bLog ? log(aPoint[i].t) : aPoint[i].t);
  mean = fitSumValue(&sum)/(double)nPoint;
  for(i=0; i<nPoint; i++){
    double d = (bLog ? log(aPoint[i].t) : aPoint[i].t) - mean;
    fitSumAdd(&sstot, d*d);
  }
  return 1.0 - ssres/fitSumValue(&sstot);
}

/* Non-negative least squares of the rows of pRows over the subsets of the
** model's columns (mask: {a, b, c} for comm, {a, b} for Amdahl), in the
** order {abc}, {ab}, {ac}, {bc}, {a}, {b}, {c}, {} (ties go to the first).
** The empty subset always fits, so there is always an answer. */
static void fitNonNegative(const FitPoint *aPoint, sqlite3_int64 nPoint,
                           int mask, const FitRows *pRows, double *aBest){
  static const int aMask[] = { 7, 3, 5, 6, 1, 2, 4, 0 };
  double best = -1.0;
  size_t k;
  for(k=0; k<sizeof(aMask)/sizeof(aMask[0]); k++){
    double aCoef[FIT_NCOL];
    double ss;
    int j, bFeasible = 1;
    if( (aMask[k] & ~mask)!=0 ) continue;
    if( !fitSubset(aPoint, nPoint, aMask[k], pRows, aCoef) ) continue;
    for(j=0; j<FIT_NCOL; j++){
      if( !(aCoef[j]>=0.0) ) bFeasible = 0;
    }
    if( !bFeasible ) continue;
    ss = fitSsres(aPoint, nPoint, pRows, aCoef);
    if( best<0.0 || ss<best ){
      best = ss;
      memcpy(aBest, aCoef, sizeof(aCoef));
    }
  }
}

/* One linear fit of the model's columns under pRows: 1, or 0 when the
** columns are rank deficient. Amdahl and comm are non-negative: a serial
** time or a communication cost below 0 is no physical curve. */
static int fitLinear(const FitPoint *aPoint, sqlite3_int64 nPoint,
                     const FitRows *pRows, double *aCoef){
  if( pRows->eModel==FIT_POWER ) return fitSubset(aPoint, nPoint, 9, pRows, aCoef);
  fitNonNegative(aPoint, nPoint, fitModelMask(pRows->eModel), pRows, aCoef);
  return 1;
}

/*
** The loss of coefficients aCoef (as the solvers hold them) into *pLoss:
** the sum of (f - t)^2 or of (ln f - ln t)^2. 0 when it is not a finite
** number (relative loss: some f <= 0), else 1.
*/
static int fitLoss(const FitPoint *aPoint, sqlite3_int64 nPoint, int eModel,
                   int eLoss, const double *aCoef, double *pLoss){
  FitSum ss = {0.0, 0.0};
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++){
    double f = fitValue(eModel, aCoef, aPoint[i].n, 1), r;
    if( eLoss==FIT_LOSS_RELATIVE ){
      if( !(f>0.0) ) return 0;
      r = log(f/aPoint[i].t);
    }else{
      r = f - aPoint[i].t;
    }
    fitSumAdd(&ss, r*r);
  }
  *pLoss = fitSumValue(&ss);
  return isfinite(*pLoss);
}

/*
** Gauss-Newton from aCoef (whose loss is finite) to a minimum of the loss,
** in place: each step is the linear fit of the model linearised at the
** current coefficients (FIT_ROWS_RELGN: f(new) ~ f + x.(new - old), so
** ln f(new) - ln t ~ x.new/f - 1 + ln(f/t); FIT_ROWS_POWGN: the same for
** f = exp(x.p)), non-negative for FIT_COMM. The step is halved until the
** loss does not grow (and stays finite); the walk ends when no halving
** helps, when a step gains less than FIT_REL_TOL of the loss, after
** FIT_MAX_ITER steps, or when pStop says stop (the caller checks it).
*/
static void fitGaussNewton(const FitPoint *aPoint, sqlite3_int64 nPoint,
                           int eModel, int eLoss, UtilStop *pStop,
                           double *aCoef){
  FitRows rows;
  double cur;
  int iter;
  rows.eRows = eLoss==FIT_LOSS_RELATIVE ? FIT_ROWS_RELGN : FIT_ROWS_POWGN;
  rows.eModel = eModel;
  rows.aParam = aCoef;
  if( !fitLoss(aPoint, nPoint, eModel, eLoss, aCoef, &cur) ) return;
  for(iter=0; iter<FIT_MAX_ITER; iter++){
    double aNew[FIT_NCOL], aTry[FIT_NCOL];
    double loss = 0.0, lambda = 1.0;
    int j, k;
    /* A step reads the rows at most 8 times (comm's subsets) plus once per
    ** halving. */
    if( utilStopTick(pStop, nPoint*(8 + FIT_MAX_HALVING)) ) return;
    if( !fitLinear(aPoint, nPoint, &rows, aNew) ) return;
    for(k=0; k<FIT_MAX_HALVING; k++, lambda *= 0.5){
      for(j=0; j<FIT_NCOL; j++){
        aTry[j] = aCoef[j] + lambda*(aNew[j] - aCoef[j]);
      }
      if( fitLoss(aPoint, nPoint, eModel, eLoss, aTry, &loss) && loss<=cur ) break;
    }
    if( k==FIT_MAX_HALVING ) return;
    memcpy(aCoef, aTry, sizeof(aTry));
    if( cur - loss<=FIT_REL_TOL*cur ) return;
    cur = loss;
  }
}

/*
** The starting point of relative Amdahl or comm: the least relative error
** (FIT_ROWS_REL0), or, when it predicts f <= 0 somewhere or fits worse, the
** constant exp(mean ln t) (the best constant under the loss).
*/
static void fitRelativeStart(const FitPoint *aPoint, sqlite3_int64 nPoint,
                             int eModel, double *aCoef){
  FitRows rows;
  double aConst[FIT_NCOL] = {0.0, 0.0, 0.0, 0.0};
  FitSum sumLog = {0.0, 0.0};
  double lossConst, loss;
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++) fitSumAdd(&sumLog, log(aPoint[i].t));
  aConst[0] = exp(fitSumValue(&sumLog)/(double)nPoint);
  fitLoss(aPoint, nPoint, eModel, FIT_LOSS_RELATIVE, aConst, &lossConst);
  rows.eRows = FIT_ROWS_REL0;
  rows.eModel = eModel;
  rows.aParam = 0;
  if( !fitLinear(aPoint, nPoint, &rows, aCoef)
   || !fitLoss(aPoint, nPoint, eModel, FIT_LOSS_RELATIVE, aCoef, &loss)
   || loss>lossConst ){
    memcpy(aCoef, aConst, sizeof(aConst));
  }
}

/*
** The power law under the absolute loss has one nonlinear parameter: for a
** given alpha the best c is linear least squares, c = sum t x / sum x^2
** with x = n^-alpha, so the loss is a function of alpha alone (its profile).
** That profile can have more than one local minimum, and a walk started
** at one point (the relative fit's alpha, as this fit once did) stops at
** whichever it reaches first: on a curve where two basins are close, which
** one depends on the last bits of the arithmetic. So the exponent is taken
** from a documented grid first, the global minimum of the profile at
** alpha = FIT_ALPHA_LO + k/FIT_ALPHA_STEPS (k = 0 .. FIT_ALPHA_N-1; the
** smallest alpha on ties), refined by golden-section search between that
** grid point's neighbours, and polished by the Gauss-Newton walk, which
** only ever lowers the loss. A minimum outside the grid's range is reached
** only when it lies beyond the grid's best end point.
*/
#define FIT_ALPHA_LO     (-2.0)   /* the grid of alpha: -2 to 4 by 1/16 */
#define FIT_ALPHA_STEPS  16
#define FIT_ALPHA_N      97
#define FIT_GOLDEN_ITER  48       /* bracket of 1/8 -> about 1e-11 */

/* The profile: the absolute loss of the power law at exponent alpha with
** its best factor, into *pLnC (ln c); +Inf when it is not finite. */
static double fitPowerProfile(const FitPoint *aPoint, sqlite3_int64 nPoint,
                              double alpha, double *pLnC){
  FitSum sTx = {0.0, 0.0}, sXx = {0.0, 0.0};
  double aCoef[FIT_NCOL] = {0.0, 0.0, 0.0, 0.0}, loss, c;
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++){
    double x = exp(-alpha*log(aPoint[i].n));
    fitSumAdd(&sTx, aPoint[i].t*x);
    fitSumAdd(&sXx, x*x);
  }
  c = fitSumValue(&sTx)/fitSumValue(&sXx);
  if( !(c>0.0) || !isfinite(c) ) return INFINITY;
  aCoef[0] = *pLnC = log(c);
  aCoef[3] = alpha;
  if( !fitLoss(aPoint, nPoint, FIT_POWER, FIT_LOSS_ABSOLUTE, aCoef, &loss) ){
    return INFINITY;
  }
  return loss;
}

/*
** The power law under the absolute loss into aCoef (ln c, 0, 0, alpha): the
** grid, the golden section and the walk described above. 0 when no alpha
** of the grid gives a finite loss.
*/
static int fitPowerAbsolute(const FitPoint *aPoint, sqlite3_int64 nPoint,
                            UtilStop *pStop, double *aCoef){
  const double phi = 0.6180339887498949;    /* (sqrt(5) - 1)/2 */
  double best = INFINITY, alphaBest = 0.0, lnC, lo, hi, x1, x2, f1, f2;
  int k;
  if( utilStopTick(pStop, nPoint*(FIT_ALPHA_N + 2*FIT_GOLDEN_ITER)) ) return 0;
  for(k=0; k<FIT_ALPHA_N; k++){
    double alpha = FIT_ALPHA_LO + (double)k/FIT_ALPHA_STEPS;
    double loss = fitPowerProfile(aPoint, nPoint, alpha, &lnC);
    if( loss<best ){
      best = loss;
      alphaBest = alpha;
    }
  }
  if( isinf(best) ) return 0;
  lo = alphaBest - 1.0/FIT_ALPHA_STEPS;
  hi = alphaBest + 1.0/FIT_ALPHA_STEPS;
  x1 = hi - phi*(hi - lo);
  x2 = lo + phi*(hi - lo);
  f1 = fitPowerProfile(aPoint, nPoint, x1, &lnC);
  f2 = fitPowerProfile(aPoint, nPoint, x2, &lnC);
  for(k=0; k<FIT_GOLDEN_ITER; k++){
    if( f1<=f2 ){
      hi = x2; x2 = x1; f2 = f1;
      x1 = hi - phi*(hi - lo);
      f1 = fitPowerProfile(aPoint, nPoint, x1, &lnC);
    }else{
      lo = x1; x1 = x2; f1 = f2;
      x2 = lo + phi*(hi - lo);
      f2 = fitPowerProfile(aPoint, nPoint, x2, &lnC);
    }
  }
  if( f1<best ){ best = f1; alphaBest = x1; }
  if( f2<best ){ best = f2; alphaBest = x2; }
  fitPowerProfile(aPoint, nPoint, alphaBest, &lnC);
  aCoef[0] = lnC;
  aCoef[1] = aCoef[2] = 0.0;
  aCoef[3] = alphaBest;
  fitGaussNewton(aPoint, nPoint, FIT_POWER, FIT_LOSS_ABSOLUTE, pStop, aCoef);
  return 1;
}

/* The fewest distinct n the model is fitted on. */
static sqlite3_int64 fitMinDistinct(int eModel){
  return eModel==FIT_COMM ? 4 : 2;
}

/*
** Fit sorted points with nDistinct distinct n into aCoef, (a, b, c, 0) or
** (c, 0, 0, alpha) for the power law, and its loss into *pLoss (on the
** loss's scale). SQLITE_OK, SQLITE_DONE when there is no fit, or
** SQLITE_INTERRUPT when pStop said stop.
*/
static int fitSolve(const FitPoint *aPoint, sqlite3_int64 nPoint,
                    sqlite3_int64 nDistinct, int eModel, int eLoss,
                    UtilStop *pStop, double *aCoef, double *pLoss){
  FitRows rows;
  int j;
  for(j=0; j<FIT_NCOL; j++) aCoef[j] = 0.0;
  if( nDistinct<fitMinDistinct(eModel) ) return SQLITE_DONE;
  if( fitIsFlat(aPoint, nPoint) ){
    /* The exact answer, not the solver's rounding noise around 0. */
    aCoef[0] = aPoint[0].t;
    *pLoss = 0.0;
    return SQLITE_OK;
  }
  rows.eModel = eModel;
  rows.aParam = 0;
  if( eModel==FIT_POWER ){
    rows.eRows = FIT_ROWS_LOG;
    if( !fitSubset(aPoint, nPoint, 9, &rows, aCoef) ) return SQLITE_DONE;
    if( eLoss==FIT_LOSS_ABSOLUTE && !fitPowerAbsolute(aPoint, nPoint, pStop, aCoef) ){
      return pStop->bStopped ? SQLITE_INTERRUPT : SQLITE_DONE;
    }
    aCoef[0] = exp(aCoef[0]);      /* ln c -> c */
  }else if( eLoss==FIT_LOSS_ABSOLUTE ){
    rows.eRows = FIT_ROWS_PLAIN;
    if( !fitLinear(aPoint, nPoint, &rows, aCoef) ) return SQLITE_DONE;
    *pLoss = fitSsres(aPoint, nPoint, &rows, aCoef);
    return SQLITE_OK;
  }else{
    fitRelativeStart(aPoint, nPoint, eModel, aCoef);
    fitGaussNewton(aPoint, nPoint, eModel, eLoss, pStop, aCoef);
  }
  if( pStop->bStopped ) return SQLITE_INTERRUPT;
  /* The loss of the coefficients as returned (c, not ln c). */
  {
    FitSum ss = {0.0, 0.0};
    sqlite3_int64 i;
    for(i=0; i<nPoint; i++){
      double f = fitValue(eModel, aCoef, aPoint[i].n, 0);
      double r = eLoss==FIT_LOSS_RELATIVE ? log(f/aPoint[i].t) : f - aPoint[i].t;
      fitSumAdd(&ss, r*r);
    }
    *pLoss = fitSumValue(&ss);
    if( !isfinite(*pLoss) ) return SQLITE_DONE;
  }
  return SQLITE_OK;
}

/* The diagnostics of a fit (see FitResult) of sorted points: SQLITE_OK or
** SQLITE_INTERRUPT (from the refit). */
static int fitDiagnose(const FitPoint *aPoint, sqlite3_int64 nPoint,
                       sqlite3_int64 nDistinct, int eModel, int eLoss,
                       UtilStop *pStop, const double *aCoef, double loss,
                       FitResult *pRes){
  double nMax = aPoint[nPoint-1].n;
  FitSum sumLargest = {0.0, 0.0};
  double measured, maxErr = 0.0;
  sqlite3_int64 i, iFirst = nPoint-1;
  int k = eModel==FIT_COMM ? 3 : 2;
  while( iFirst>0 && aPoint[iFirst-1].n==nMax ) iFirst--;
  for(i=iFirst; i<nPoint; i++) fitSumAdd(&sumLargest, aPoint[i].t);
  measured = fitSumValue(&sumLargest)/(double)(nPoint - iFirst);
  for(i=0; i<nPoint; i++){
    double e = fabs(fitValue(eModel, aCoef, aPoint[i].n, 0)/aPoint[i].t - 1.0);
    if( !(e<=maxErr) ) maxErr = e;     /* NaN wins */
  }
  pRes->relErrLargest = fitValue(eModel, aCoef, nMax, 0)/measured - 1.0;
  pRes->maxAbsRelErr = maxErr;
  pRes->looRelErrLargest = NAN;
  if( nDistinct-1>=fitMinDistinct(eModel) ){
    double aLoo[FIT_NCOL];
    double lossLoo;
    int rc = fitSolve(aPoint, iFirst, nDistinct-1, eModel, eLoss, pStop, aLoo, &lossLoo);
    if( rc==SQLITE_INTERRUPT ) return rc;
    if( rc==SQLITE_OK ){
      pRes->looRelErrLargest = fitValue(eModel, aLoo, nMax, 0)/measured - 1.0;
    }
  }
  pRes->aicc = NAN;
  if( nPoint-k-1>0 && loss>0.0 ){
    double m = (double)nPoint;
    pRes->aicc = m*log(loss/m) + 2.0*k + 2.0*k*(k+1)/(double)(nPoint-k-1);
  }
  return SQLITE_OK;
}

int fitScaling(FitPoint *aPoint, sqlite3_int64 nPoint, int eModel, int eLoss,
               int (*xStop)(void*), void *pStopArg, FitResult *pRes){
  double aCoef[FIT_NCOL];
  double loss;
  sqlite3_int64 nDistinct = fitSortPoints(aPoint, nPoint);
  UtilStop stop;                /* asks xStop about every million row reads */
  int rc;
  memset(pRes, 0, sizeof(*pRes));
  utilStopInit(&stop, xStop, pStopArg);
  rc = fitSolve(aPoint, nPoint, nDistinct, eModel, eLoss, &stop, aCoef, &loss);
  if( rc!=SQLITE_OK ) return rc;
  if( eModel==FIT_POWER ){
    pRes->c = aCoef[0];
    pRes->alpha = aCoef[3];
  }else{
    int j;
    pRes->a = aCoef[0];
    pRes->b = aCoef[1];
    pRes->c = aCoef[2];
    for(j=0; j<3; j++){
      if( (fitModelMask(eModel) & (1<<j)) && aCoef[j]==0.0 ) pRes->mBound |= 1<<j;
    }
  }
  pRes->r2 = loss==0.0 && fitIsFlat(aPoint, nPoint) ? 1.0
           : fitR2(aPoint, nPoint, loss, eLoss==FIT_LOSS_RELATIVE);
  pRes->nPoint = nPoint;
  return fitDiagnose(aPoint, nPoint, nDistinct, eModel, eLoss, &stop, aCoef,
                     loss, pRes);
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

/* argmin n*t^2 (max of speedup x E'): its index, the smallest n on ties. */
static sqlite3_int64 fitEfficacy(const FitPoint *a, sqlite3_int64 m){
  sqlite3_int64 i, iBest = 0;
  double best = a[0].n*a[0].t*a[0].t;
  for(i=1; i<m; i++){
    double v = a[i].n*a[i].t*a[i].t;
    if( v<best ){ best = v; iBest = i; }
  }
  return iBest;
}

/* The index of the last n before the marginal efficiency of the next step
** < theta (m-1: no step is). */
static sqlite3_int64 fitMarginal(const FitPoint *a, sqlite3_int64 m, double theta){
  sqlite3_int64 i;
  for(i=0; i+1<m; i++){
    double e = (a[i].n/(a[i+1].n - a[i].n))*(a[i].t/a[i+1].t - 1.0);
    if( e<theta ) return i;
  }
  return m-1;
}

/* The index of the largest n with E' against the smallest n >= theta there
** and below. */
static sqlite3_int64 fitEfficiency(const FitPoint *a, sqlite3_int64 m, double theta){
  sqlite3_int64 i;
  for(i=1; i<m; i++){
    double e = (a[0].t/a[i].t)/(a[i].n/a[0].n);
    if( e<theta ) return i-1;
  }
  return m-1;
}

/* D_i of the Kneedle difference curve (see the comment at the top). */
static double fitKneeDiff(const FitPoint *a, sqlite3_int64 m, sqlite3_int64 i,
                          double tMin, double tMax){
  double x0 = log2(a[0].n), x1 = log2(a[m-1].n);
  double xn = (log2(a[i].n) - x0)/(x1 - x0);
  double yn = (a[i].t - tMin)/(tMax - tMin);
  return (1.0 - yn) - xn;
}

/* The index of the knee into *piKnee (never m-1), or SQLITE_DONE. */
static int fitKnee(const FitPoint *a, sqlite3_int64 m, sqlite3_int64 *piKnee){
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
      assert( iCand<m-1 );
      *piKnee = iCand;
      return SQLITE_OK;
    }
  }
  return SQLITE_DONE;
}

/*
** The break-even bracket of a[0..m-1], sorted with one point per n, into
** *pB: n, the last size meeting the criterion, and next, the size after it
** (the first that fails it). Censored (next NaN): the criterion still holds
** at the largest n (n t^2 least there, no marginal step below theta, E' >=
** theta all the way), so the break-even is there or beyond. A knee is never
** the largest n; its next is the size after it.
*/
static int fitBreakevenOf(const FitPoint *a, sqlite3_int64 m, int eCriterion,
                          double theta, FitBracket *pB){
  sqlite3_int64 i;
  int rc = SQLITE_OK;
  pB->n = pB->next = NAN;
  pB->bCensored = 0;
  if( m<3 ) return SQLITE_DONE;
  switch( eCriterion ){
    case BREAKEVEN_EFFICACY:   i = fitEfficacy(a, m);           break;
    case BREAKEVEN_MARGINAL:   i = fitMarginal(a, m, theta);    break;
    case BREAKEVEN_EFFICIENCY: i = fitEfficiency(a, m, theta);  break;
    default:                   rc = fitKnee(a, m, &i);          break;
  }
  if( rc!=SQLITE_OK ) return rc;
  pB->n = a[i].n;
  if( i==m-1 ){
    pB->bCensored = 1;
  }else{
    pB->next = a[i+1].n;
  }
  return SQLITE_OK;
}

int fitBreakeven(FitPoint *aPoint, sqlite3_int64 nPoint, int eCriterion,
                 double theta, FitBracket *pB){
  sqlite3_int64 m = fitFastestPerN(aPoint, nPoint);
  return fitBreakevenOf(aPoint, m, eCriterion, theta, pB);
}

/*
** The residual bootstrap's model of sorted points aPoint[0..nPoint-1]
** (nDistinct distinct n): the fit f_i of eModel under eLoss into aFit, and
** the log residuals ln(t_i/f_i), centred on their mean and inflated by
** sqrt(nPoint/(nPoint - k)) (k the coefficients not held at 0; 1 when
** nPoint <= k), into aRes. A draw is t*_i = f_i exp(aRes[J_i]), J_i drawn
** uniformly: the noise of every point moves, the sizes stay. SQLITE_OK,
** SQLITE_DONE (no fit, or a fitted time that is not positive), or
** SQLITE_INTERRUPT.
*/
static int fitResidualModel(const FitPoint *aPoint, sqlite3_int64 nPoint,
                            sqlite3_int64 nDistinct, int eModel, int eLoss,
                            UtilStop *pStop, double *aFit, double *aRes){
  double aCoef[FIT_NCOL], loss, mean, scale = 1.0;
  FitSum sum = {0.0, 0.0};
  sqlite3_int64 i;
  int j, k = 0;
  int rc = fitSolve(aPoint, nPoint, nDistinct, eModel, eLoss, pStop, aCoef, &loss);
  if( rc!=SQLITE_OK ) return rc;
  for(j=0; j<FIT_NCOL; j++) k += aCoef[j]!=0.0;
  for(i=0; i<nPoint; i++){
    aFit[i] = fitValue(eModel, aCoef, aPoint[i].n, 0);
    if( !(aFit[i]>0.0) || !isfinite(aFit[i]) ) return SQLITE_DONE;
    aRes[i] = log(aPoint[i].t/aFit[i]);
    fitSumAdd(&sum, aRes[i]);
  }
  mean = fitSumValue(&sum)/(double)nPoint;
  if( nPoint>k ) scale = sqrt((double)nPoint/(double)(nPoint - k));
  for(i=0; i<nPoint; i++) aRes[i] = scale*(aRes[i] - mean);
  return SQLITE_OK;
}

/* One residual draw of the points into aDraw (the same n, in order). */
static void fitResidualDraw(const FitPoint *aPoint, sqlite3_int64 nPoint,
                            const double *aFit, const double *aRes,
                            uint64_t *pState, FitPoint *aDraw){
  sqlite3_int64 i;
  for(i=0; i<nPoint; i++){
    sqlite3_int64 j = (sqlite3_int64)utilBelow(utilSplitmix64Next, pState, (uint64_t)nPoint);
    aDraw[i].n = aPoint[i].n;
    aDraw[i].t = aFit[i]*exp(aRes[j]);
  }
}

/*
** Order statistic of sorted a[0..n-1] at q: the lower one of h = q(n-1)
** (bHigher 0) or the higher one (bHigher 1), numpy's method='lower' and
** 'higher', so that the value is one of a's. An h within 1e-9 of a whole
** number is that number (0.025 x 1999 is not exact in binary). +Inf (a
** censored value) gives NaN: beyond the data.
*/
static double fitOrderStat(const double *a, sqlite3_int64 n, double q, int bHigher){
  double h = q*(double)(n-1), r = floor(h + 0.5);
  sqlite3_int64 k;
  if( fabs(h - r)<1e-9 ) h = r;
  k = (sqlite3_int64)(bHigher ? ceil(h) : floor(h));
  if( k<0 ) k = 0;
  if( k>n-1 ) k = n-1;
  return isinf(a[k]) ? NAN : a[k];
}

/*
** The model whose residuals breakeven_ci resamples: comm (non-negative, so
** it can bend up at the largest sizes as measured curves do) from 4 sizes,
** Amdahl below; both under the relative loss.
*/
static int fitBreakevenModel(sqlite3_int64 m){
  return m>=4 ? FIT_COMM : FIT_AMDAHL;
}

int fitBreakevenBootstrap(const FitPoint *aPoint, sqlite3_int64 nPoint,
                          int eCriterion, double theta, double level,
                          sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                          int (*xStop)(void*), void *pStopArg,
                          FitBreakevenCi *pCi){
  UtilStop stop;                /* asks xStop about every million draws */
  FitPoint *aCurve = 0, *aDraw = 0;
  double *aFit = 0, *aRes = 0, *aLow = 0, *aHigh = 0;
  sqlite3_int64 r, m;
  uint64_t state = iSeed;
  int rc;
  pCi->low = pCi->high = NAN;
  pCi->nScored = pCi->nFailed = 0;
  if( nPoint<3 ) return SQLITE_DONE;
  utilStopInit(&stop, xStop, pStopArg);
  aCurve = sqlite3_malloc64(sizeof(FitPoint)*(sqlite3_uint64)nPoint);
  aDraw = sqlite3_malloc64(sizeof(FitPoint)*(sqlite3_uint64)nPoint);
  aFit = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nPoint);
  aRes = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nPoint);
  aLow = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nResample);
  aHigh = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nResample);
  if( aCurve==0 || aDraw==0 || aFit==0 || aRes==0 || aLow==0 || aHigh==0 ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  memcpy(aCurve, aPoint, sizeof(FitPoint)*(size_t)nPoint);
  m = fitFastestPerN(aCurve, nPoint);
  rc = fitBreakevenOf(aCurve, m, eCriterion, theta, &pCi->point);
  if( rc!=SQLITE_OK ) goto end;
  rc = fitResidualModel(aCurve, m, m, fitBreakevenModel(m), FIT_LOSS_RELATIVE,
                        &stop, aFit, aRes);
  if( rc==SQLITE_INTERRUPT ) goto end;
  if( rc!=SQLITE_OK ){
    pCi->nFailed = nResample;
    rc = SQLITE_OK;
    goto end;
  }
  for(r=0; r<nResample; r++){
    FitBracket b;
    if( utilStopTick(&stop, 2*m) ){
      rc = SQLITE_INTERRUPT;
      goto end;
    }
    fitResidualDraw(aCurve, m, aFit, aRes, &state, aDraw);
    if( fitBreakevenOf(aDraw, m, eCriterion, theta, &b)==SQLITE_OK ){
      aLow[pCi->nScored] = b.n;
      aHigh[pCi->nScored++] = b.bCensored ? INFINITY : b.n;
    }else{
      pCi->nFailed++;
    }
  }
  if( pCi->nScored>0 ){
    qsort(aLow, (size_t)pCi->nScored, sizeof(double), statsCmpDoubleQsort);
    qsort(aHigh, (size_t)pCi->nScored, sizeof(double), statsCmpDoubleQsort);
    pCi->low = fitOrderStat(aLow, pCi->nScored, (1.0 - level)/2.0, 0);
    if( !pCi->point.bCensored ){
      pCi->high = fitOrderStat(aHigh, pCi->nScored, (1.0 + level)/2.0, 1);
    }
  }
end:
  sqlite3_free(aCurve);
  sqlite3_free(aDraw);
  sqlite3_free(aFit);
  sqlite3_free(aRes);
  sqlite3_free(aLow);
  sqlite3_free(aHigh);
  return rc;
}

/* ---------------------------------------------------------------------- */
/* The bootstrap of a fit's parameters                                    */

int fitParamCount(int eModel){
  return eModel==FIT_POWER ? 2 : 3;
}

/* The parameters of coefficients aCoef (as fitSolve returns them) into
** aOut, in fitParamCount's order: 1 when all are finite numbers. */
static int fitParams(int eModel, const double *aCoef, double *aOut){
  int j, n = fitParamCount(eModel);
  if( eModel==FIT_POWER ){
    aOut[0] = aCoef[0];
    aOut[1] = aCoef[3];
  }else{
    aOut[0] = aCoef[0];
    aOut[1] = aCoef[1];
    aOut[2] = eModel==FIT_AMDAHL ? aCoef[0]/(aCoef[0] + aCoef[1]) : aCoef[2];
  }
  for(j=0; j<n; j++){
    if( !isfinite(aOut[j]) ) return 0;
  }
  return 1;
}

int fitScalingBootstrap(const FitPoint *aPoint, sqlite3_int64 nPoint,
                        int eModel, int eLoss, double level,
                        sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                        int (*xStop)(void*), void *pStopArg,
                        FitScalingCi *pCi){
  UtilStop stop;                /* asks xStop about every million row reads */
  FitPoint *aSorted = 0, *aDraw = 0;
  double *aFit = 0, *aRes = 0;
  sqlite3_int64 r, nDistinct;
  double *aVal = 0;             /* parameter j of fit r at aVal[j*nResample + r] */
  uint64_t state = iSeed;
  int nParam = fitParamCount(eModel), j, rc = SQLITE_OK;
  for(j=0; j<FIT_MAX_PARAM; j++) pCi->aLow[j] = pCi->aHigh[j] = NAN;
  pCi->nFit = pCi->nFailed = 0;
  if( nPoint<1 || nResample<1 ) return SQLITE_OK;
  utilStopInit(&stop, xStop, pStopArg);
  aSorted = sqlite3_malloc64(sizeof(FitPoint)*(sqlite3_uint64)nPoint);
  aDraw = sqlite3_malloc64(sizeof(FitPoint)*(sqlite3_uint64)nPoint);
  aFit = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nPoint);
  aRes = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nPoint);
  aVal = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nParam
                          *(sqlite3_uint64)nResample);
  if( aSorted==0 || aDraw==0 || aFit==0 || aRes==0 || aVal==0 ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  memcpy(aSorted, aPoint, sizeof(FitPoint)*(size_t)nPoint);
  nDistinct = fitSortPoints(aSorted, nPoint);
  rc = fitResidualModel(aSorted, nPoint, nDistinct, eModel, eLoss, &stop, aFit, aRes);
  if( rc==SQLITE_INTERRUPT ) goto end;
  if( rc!=SQLITE_OK ){
    pCi->nFailed = nResample;
    rc = SQLITE_OK;
    goto end;
  }
  for(r=0; r<nResample; r++){
    double aCoef[FIT_NCOL], aParam[FIT_MAX_PARAM];
    double loss;
    if( utilStopTick(&stop, 2*nPoint) ){
      rc = SQLITE_INTERRUPT;
      goto end;
    }
    fitResidualDraw(aSorted, nPoint, aFit, aRes, &state, aDraw);
    rc = fitSolve(aDraw, nPoint, nDistinct, eModel, eLoss, &stop, aCoef, &loss);
    if( rc==SQLITE_INTERRUPT ) goto end;
    if( rc==SQLITE_OK && fitParams(eModel, aCoef, aParam) ){
      for(j=0; j<nParam; j++) aVal[j*nResample + pCi->nFit] = aParam[j];
      pCi->nFit++;
    }else{
      pCi->nFailed++;
    }
  }
  rc = SQLITE_OK;
  for(j=0; pCi->nFit>0 && j<nParam; j++){
    double *a = &aVal[j*nResample];
    qsort(a, (size_t)pCi->nFit, sizeof(double), statsCmpDoubleQsort);
    pCi->aLow[j] = statsQuantile7(a, pCi->nFit, (1.0 - level)/2.0);
    pCi->aHigh[j] = statsQuantile7(a, pCi->nFit, (1.0 + level)/2.0);
  }
end:
  sqlite3_free(aSorted);
  sqlite3_free(aDraw);
  sqlite3_free(aFit);
  sqlite3_free(aRes);
  sqlite3_free(aVal);
  return rc;
}
