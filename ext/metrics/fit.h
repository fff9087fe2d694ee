/*
** fit.h: the plain-C scaling-curve analysis behind scaling_fit() and
** breakeven() (ext/metrics/fit.c). No SQL: ext/metrics/metrics_sql.c collects the rows and
** tests/unit/fit_test.c tests the core alone.
**
** A scaling curve is an array of points (n = accelerators, t = time), both
** positive and finite, in any order, duplicates allowed:
**
**     FitPoint a[] = {{1, 65}, {2, 33}, {4, 17}, {8, 9}};
**     FitResult r;
**     fitScaling(a, 4, FIT_AMDAHL, FIT_LOSS_ABSOLUTE, 0, 0, &r);  r.a = 1, r.b = 64
**     FitBracket b;
**     fitBreakeven(a, 4, BREAKEVEN_MARGINAL, 0.9, &b);  b.n = 4, b.next = 8
**
** Both functions sort the array in place (by n, then t), so the result does
** not depend on the input order, bit for bit. They return SQLITE_OK with
** the answer, SQLITE_DONE when the data give none (too few distinct n, no
** knee: the SQL result is NULL); fitScaling SQLITE_INTERRUPT when its stop
** callback says stop. Neither allocates memory. The bootstraps,
** fitBreakevenBootstrap (breakeven_ci) and fitScalingBootstrap (scaling_fit's
** "resamples"), leave their points as they are and allocate. Both resample
** the residuals of a fit at the curve's own sizes (a design, not a sample):
** the sizes never change from draw to draw, only the noise around the fit.
*/
#ifndef MLPSCALE_FIT_H
#define MLPSCALE_FIT_H

#include "sqlite3ext.h"

typedef struct FitPoint FitPoint;
struct FitPoint {
  double n;               /* accelerators, > 0 */
  double t;               /* time, > 0 */
};

/* Models of fitScaling. */
#define FIT_AMDAHL 0      /* t = a + b/n, a, b >= 0 */
#define FIT_COMM   1      /* t = a + b/n + c*log2(n), a, b, c >= 0 */
#define FIT_POWER  2      /* t = c * n^-alpha */

/* Losses of fitScaling: what the fit minimises. */
#define FIT_LOSS_ABSOLUTE 0   /* sum of (fitted - t)^2 */
#define FIT_LOSS_RELATIVE 1   /* sum of (ln fitted - ln t)^2 */

typedef struct FitResult FitResult;
struct FitResult {
  double a, b;            /* FIT_AMDAHL, FIT_COMM; 0 for FIT_POWER */
  double c;               /* FIT_COMM: the log2 coefficient; FIT_POWER: the
                          ** factor; 0 for FIT_AMDAHL */
  double alpha;           /* FIT_POWER's exponent; 0 for the others */
  double r2;              /* 1 - SSres/SStot on the loss's scale (t, or ln t);
                          ** 1 when every t is the same */
  sqlite3_int64 nPoint;   /* points used */
  /* Diagnostics. "At the largest n" compares the fit there with the mean
  ** t of the rows at the largest n. NaN: none (see fitScaling). */
  double relErrLargest;   /* fitted/measured - 1 at the largest n */
  double maxAbsRelErr;    /* max over the points of |fitted/t - 1| */
  double looRelErrLargest;/* the same fit without the rows at the largest n,
                          ** its fitted/measured - 1 there */
  double aicc;            /* n ln(RSS/n) + 2k + 2k(k+1)/(n-k-1), RSS on the
                          ** loss's scale, k the model's parameter count */
  int mBound;             /* FIT_AMDAHL, FIT_COMM: bit j set when coefficient
                          ** j (a, b, c) is held at its bound 0 */
};

/*
** Least squares over every point under loss eLoss. FIT_AMDAHL and
** FIT_POWER need 2 distinct n, FIT_COMM 4 (else SQLITE_DONE, as when the
** power law's columns are rank deficient). FIT_AMDAHL and FIT_COMM are
** non-negative least squares (every coefficient >= 0).
** Absolute FIT_AMDAHL and FIT_COMM and relative FIT_POWER (a straight line
** in ln n, ln t) are linear and solved exactly; the others by Gauss-Newton
** iterations whose every step is such a linear (or non-negative) fit.
** looRelErrLargest is NaN when the points below the largest n have fewer
** distinct n than the model needs or give no fit; aicc is NaN when
** n - k - 1 <= 0 or RSS = 0. xStop (may be NULL) is asked with pStopArg
** about every million row reads of the iterations: when it returns non-zero
** the fit ends with SQLITE_INTERRUPT.
*/
int fitScaling(FitPoint *aPoint, sqlite3_int64 nPoint, int eModel, int eLoss,
               int (*xStop)(void*), void *pStopArg, FitResult *pRes);

/*
** The bootstrap of a fit's parameters (scaling_fit's "resamples"). The
** parameters, in this order: FIT_AMDAHL a, b, serial_fraction a/(a+b);
** FIT_COMM a, b, c; FIT_POWER c, alpha (fitParamCount of them).
*/
#define FIT_MAX_PARAM 3
int fitParamCount(int eModel);

typedef struct FitScalingCi FitScalingCi;
struct FitScalingCi {
  double aLow[FIT_MAX_PARAM];  /* per parameter, the interval; NaN when no */
  double aHigh[FIT_MAX_PARAM]; /* resample gave a fit */
  sqlite3_int64 nFit;     /* resamples that gave a fit */
  sqlite3_int64 nFailed;  /* resamples that did not: fewer distinct n than
                          ** the model needs, no solution, or a parameter
                          ** that is not a finite number */
};

/*
** Residual bootstrap of the parameters of fitScaling(eModel, eLoss) over
** the points. The points are sorted by (n, t) and fitted; with f_i the fit
** and e_i = ln(t_i/f_i) - mean, inflated by sqrt(m/(m - k)) (m points, k
** coefficients not held at 0), each of nResample draws keeps every n and
** sets t*_i = f_i exp(e_J), J drawn below m from splitmix64 seeded with
** iSeed (utilBelow: no modulo bias), and refits. Relative (log) residuals
** under both losses: a time is positive and its noise multiplicative. A
** draw without a fit counts in nFailed and is left out (all of them when
** the points have no fit). Each parameter's interval is the (1 - level)/2
** and (1 + level)/2 quantiles of its values over the fitted draws, linear
** between order statistics (type 7). The points are not changed.
** SQLITE_OK, SQLITE_NOMEM, or SQLITE_INTERRUPT when xStop (may be NULL,
** asked about every million row reads) says stop.
*/
int fitScalingBootstrap(const FitPoint *aPoint, sqlite3_int64 nPoint,
                        int eModel, int eLoss, double level,
                        sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                        int (*xStop)(void*), void *pStopArg,
                        FitScalingCi *pCi);

/* Criteria of fitBreakeven. */
#define BREAKEVEN_EFFICACY   0  /* argmin n*t^2 */
#define BREAKEVEN_MARGINAL   1  /* last n before marginal efficiency < theta */
#define BREAKEVEN_KNEE       2  /* Kneedle on t against log2 n */
#define BREAKEVEN_EFFICIENCY 3  /* largest n with E' >= theta all the way */

/* The break-even of a curve, as a bracket between two submitted sizes. */
typedef struct FitBracket FitBracket;
struct FitBracket {
  double n;               /* the last size that meets the criterion (the
                          ** knee: the knee's size) */
  double next;            /* the size after n, the first that fails it; NaN
                          ** when censored */
  int bCensored;          /* n is the largest size and the criterion still
                          ** holds there (never for BREAKEVEN_KNEE) */
};

/*
** The break-even bracket of one scaling curve into *pB. Per distinct n
** only the smallest t counts; at least 3 distinct n are needed. theta is
** used by BREAKEVEN_MARGINAL and BREAKEVEN_EFFICIENCY only. The array is
** reordered and overwritten. SQLITE_DONE: fewer than 3 distinct n, or no
** knee.
*/
int fitBreakeven(FitPoint *aPoint, sqlite3_int64 nPoint, int eCriterion,
                 double theta, FitBracket *pB);

typedef struct FitBreakevenCi FitBreakevenCi;
struct FitBreakevenCi {
  FitBracket point;       /* fitBreakeven of the points */
  double low, high;       /* the range; NaN: beyond the data (high), or no
                          ** draw had a break-even */
  sqlite3_int64 nScored;  /* draws that had a break-even */
  sqlite3_int64 nFailed;  /* draws that had none (no knee), or all of them
                          ** when the curve had no fit to resample */
};

/*
** Residual bootstrap of the break-even. The fastest t per n (m sizes) is
** the curve; it is fitted under the relative loss by the comm model (m >=
** 4) or Amdahl (m = 3), and each of nResample draws keeps every size and
** sets t*_i = f_i exp(e_J) as fitScalingBootstrap does (splitmix64 seeded
** with iSeed); its break-even is taken as fitBreakeven takes it. low is the
** lower order statistic at (1 - level)/2 of the draws' break-evens, a
** censored one counting as its n; high the higher one at (1 + level)/2
** with a censored one counting as infinite, NaN (beyond the data) when it
** is one, and NaN whenever the curve's own break-even is censored. Both
** are sizes of the curve. SQLITE_DONE when the points themselves have no
** break-even; SQLITE_NOMEM; SQLITE_INTERRUPT when xStop (may be NULL,
** asked about every million draws) says stop.
*/
int fitBreakevenBootstrap(const FitPoint *aPoint, sqlite3_int64 nPoint,
                          int eCriterion, double theta, double level,
                          sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                          int (*xStop)(void*), void *pStopArg,
                          FitBreakevenCi *pCi);

#endif /* MLPSCALE_FIT_H */
