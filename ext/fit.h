/*
** fit.h: the plain-C scaling-curve analysis behind scaling_fit() and
** breakeven() (ext/fit.c). No SQL: ext/metrics_sql.c collects the rows and
** tests/unit/fit_test.c tests the core alone.
**
** A scaling curve is an array of points (n = accelerators, t = time), both
** positive and finite, in any order, duplicates allowed:
**
**     FitPoint a[] = {{1, 65}, {2, 33}, {4, 17}, {8, 9}};
**     FitResult r;
**     fitScaling(a, 4, FIT_AMDAHL, &r);      r.a = 1, r.b = 64, r.r2 = 1
**     double n;
**     fitBreakeven(a, 4, BREAKEVEN_EFFICACY, 0.0, &n);
**
** Both functions sort the array in place (by n, then t), so the result does
** not depend on the input order, bit for bit. They return SQLITE_OK with
** the answer, SQLITE_DONE when the data give none (too few distinct n, no
** knee: the SQL result is NULL). Neither allocates memory.
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
#define FIT_AMDAHL 0      /* t = a + b/n, ordinary least squares */
#define FIT_COMM   1      /* t = a + b/n + c*log2(n), a, b, c >= 0 */

typedef struct FitResult FitResult;
struct FitResult {
  double a, b, c;         /* coefficients; c is 0 for FIT_AMDAHL */
  double r2;              /* 1 - SSres/SStot; 1 when every t is the same */
  sqlite3_int64 nPoint;   /* points used */
};

/*
** Least squares of t on the model over every point. FIT_AMDAHL needs 2
** distinct n, FIT_COMM 4 (else SQLITE_DONE). FIT_COMM is non-negative least
** squares, solved exactly: the unconstrained fit on each of the 8 subsets
** of {a, b, c} (the others held at 0), the best feasible one kept.
*/
int fitScaling(FitPoint *aPoint, sqlite3_int64 nPoint, int eModel,
               FitResult *pRes);

/* Criteria of fitBreakeven. */
#define BREAKEVEN_EFFICACY   0  /* argmin n*t^2 */
#define BREAKEVEN_MARGINAL   1  /* last n before marginal efficiency < theta */
#define BREAKEVEN_KNEE       2  /* Kneedle on t against log2 n */
#define BREAKEVEN_EFFICIENCY 3  /* largest n with E' >= theta all the way */

/*
** The break-even accelerator count of one scaling curve into *pN. Per
** distinct n only the smallest t counts; at least 3 distinct n are needed.
** theta is used by BREAKEVEN_MARGINAL and BREAKEVEN_EFFICIENCY only. The
** array is reordered and overwritten. SQLITE_DONE: fewer than 3 distinct n,
** or no knee.
*/
int fitBreakeven(FitPoint *aPoint, sqlite3_int64 nPoint, int eCriterion,
                 double theta, double *pN);

#endif /* MLPSCALE_FIT_H */
