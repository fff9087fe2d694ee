/*
** rcp.h: the plain-C arithmetic of MLCommons' rcp_checker behind
** olympic_mean() and rcp_min_mean() (ext/mlperf/rcp.c); student_t_cdf()
** is ext/base/stats.h's statsStudentTCdf. No SQL:
** ext/mlperf/rcp_sql.c is the glue, tests/unit/rcp_test.c tests it.
**
**     double a[] = {5, 1, 3, 2, 4};
**     double mean;
**     rcpOlympicMean(a, 5, 1, &mean);                  3 (a is sorted)
**     RcpTtest test = {0.05, 1e-4, 8, 3};
**     RcpMinMean res;
**     rcpMinMean(&test, 40.0, 2.0, &res);              res.min_mean 37.5179...
*/
#ifndef MLPSCALE_RCP_H
#define MLPSCALE_RCP_H

#include "sqlite3ext.h"

/*
** numpy's sum of a float64 array a[0..n-1] (numpy 1.x np.add.reduce, as
** np.mean and np.sum do it): the array in blocks of RCP_NUMPY_BUFSIZE
** (numpy's default buffer size), each block summed pairwise
** (pairwise_sum_DOUBLE of loops_utils.h.src: below 8 values a plain loop;
** up to 128, eight accumulators over strides of 8, combined as
** ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the rest in order; above,
** halves split at n/2 rounded down to a multiple of 8), the block sums
** added in order to 0.0. Bit for bit numpy's, Inf and NaN included.
*/
#define RCP_NUMPY_BUFSIZE 8192
double rcpNumpySum(const double *a, sqlite3_int64 n);

/*
** The checker's olympic mean: sorts a[0..n-1] ascending (in place), drops
** nDrop (>= 0) values from each end and returns in *pMean numpy's mean of
** the rest (rcpNumpySum over their count), as np.mean(sorted(a)[nDrop:
** n-nDrop]). SQLITE_OK, or SQLITE_DONE when nothing remains (numpy: NaN).
** *pMean may be Inf or NaN when the sum overflows, as numpy's would.
*/
int rcpOlympicMean(double *a, sqlite3_int64 n, sqlite3_int64 nDrop,
                   double *pMean);

/*
** The t-test of _find_min_acceptable_mean: the checker's alpha (0.05) and
** tolerance (1e-4), and the sample counts of its two slots: nRef goes with
** the candidate mean (the "submission" slot of ttest_ind_from_stats, where
** the checker passes the reference's count), nSubm with the reference
** mean (where it passes submission_runs - 2). nRef, nSubm >= 1 and
** nRef + nSubm >= 3.
*/
typedef struct RcpTtest RcpTtest;
struct RcpTtest {
  double alpha;
  double tolerance;
  sqlite3_int64 nRef;
  sqlite3_int64 nSubm;
};

typedef struct RcpMinMean RcpMinMean;
struct RcpMinMean {
  double min_mean;            /* the smallest acceptable mean */
  int nStep;                  /* bisection steps taken */
};

/*
** The one-sided p-value of the checker's _find_p_value(cand, stdev, nRef,
** mean, stdev, nSubm): scipy's ttest_ind_from_stats with equal_var=True,
** operation for operation, then p/2 when t < 0, else 1 - p/2.
*/
double rcpPValue(const RcpTtest *p, double cand, double mean, double stdev);

/*
** _find_min_acceptable_mean(mean, stdev): mean when stdev is 0, else the
** bisection of [0, mean] while hi - lo > tolerance: hi = mid when the
** p-value of mid is above alpha, lo = mid otherwise; the last mid.
** mean >= 0, stdev >= 0 finite. SQLITE_OK, or SQLITE_RANGE when an interval
** stops shrinking before it reaches the tolerance (the tolerance is below
** the spacing of doubles near mean: the checker would loop forever).
** Each step halves the interval, so from DBL_MAX to the least positive
** double at most RCP_MAX_STEPS steps are taken.
*/
#define RCP_MAX_STEPS 2100
int rcpMinMean(const RcpTtest *p, double mean, double stdev, RcpMinMean *pOut);

#endif /* MLPSCALE_RCP_H */
