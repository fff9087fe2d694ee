/*
** critical.h: the plain-C noise-scale fit behind critical_batch()
** (ext/mlperf/critical.c). No SQL: ext/mlperf/critical_sql.c is the glue,
** tests/unit/critical_test.c tests the core alone.
**
** McCandlish et al. (2018, arXiv 1812.06162) model the samples a task
** needs to converge at global batch size B as E(B) = E_min (1 + B/B_noise):
** a straight line in B, intercept E_min, slope E_min/B_noise. The rows are
** observations (B, samples), several per batch size allowed (the reference
** runs behind an RCP); each batch size is one point, its value the olympic
** mean of its rows (rcpOlympicMean, nDrop cut from each end: with the RCPs'
** drop, exactly the RCP's mean), and the line is the least-squares line
** through the points, one per batch size.
**
**     CritRow a[] = {{100, 1200}, {200, 1400}, {400, 1800}, {800, 2600}};
**     CritFit f;
**     int eWhy;
**     critFit(a, 4, 0, &f, &eWhy);      f.eMin = 1000, f.bNoise = 500
**
** Results: SQLITE_OK; SQLITE_NOMEM; SQLITE_ERROR with *peWhy one of
** CRIT_WHY_* (and pFit->rBad the batch size at fault where one is);
** SQLITE_INTERRUPT from the bootstrap when xStop says stop.
*/
#ifndef MLPSCALE_CRITICAL_H
#define MLPSCALE_CRITICAL_H

#include "sqlite3ext.h"

typedef struct CritRow CritRow;
struct CritRow {
  double b;               /* global batch size, > 0, at most 1e100 */
  double s;               /* samples to converge, > 0, at most 1e100 */
};

/* Why critFit refuses its rows (SQLITE_ERROR). */
#define CRIT_WHY_POINTS  1   /* fewer than 3 batch sizes (nPoint says how many) */
#define CRIT_WHY_ROWS    2   /* batch size rBad has nBadRows <= 2 x nDrop rows */
#define CRIT_WHY_FLAT    3   /* slope <= 0: no batch effect measurable */
#define CRIT_WHY_EMIN    4   /* intercept <= 0: no positive E_min */
#define CRIT_WHY_SPREAD  5   /* batch sizes too close to measure a slope */

typedef struct CritFit CritFit;
struct CritFit {
  double eMin;            /* intercept: samples to converge as B -> 0 */
  double slope;           /* E_min / B_noise */
  double bNoise;          /* E_min / slope */
  double r2;              /* 1 - SSres/SStot over the points */
  double maxRelErr;       /* max over the points of |fitted/mean - 1| */
  double bMin, bMax;      /* the smallest and largest batch size */
  sqlite3_int64 nPoint;   /* batch sizes */
  sqlite3_int64 nRow;     /* rows */
  double rBad;            /* CRIT_WHY_ROWS: the batch size at fault */
  sqlite3_int64 nBadRows; /* CRIT_WHY_ROWS: its rows */
};

/*
** The fit. Sorts aRow in place (by b, then s), so the result does not
** depend on the order of the rows, bit for bit. nDrop >= 0. Allocates
** (the points) and frees before returning.
*/
int critFit(CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
            CritFit *pFit, int *peWhy);

typedef struct CritCi CritCi;
struct CritCi {
  double eMinLow, eMinHigh;     /* the interval of E_min */
  double bNoiseLow, bNoiseHigh; /* of B_noise; bNoiseHigh NaN: unbounded */
  sqlite3_int64 nFlat;          /* resamples whose slope is <= 0 */
};

typedef struct CritMisfit CritMisfit;
struct CritMisfit {
  double eMinLow, eMinHigh;     /* E_min +- t s.e. (OLS over the points) */
  double bNoiseLow, bNoiseHigh; /* Fieller's interval; bNoiseHigh NaN: unbounded */
  double chi2;                  /* lack of fit: sum of residual^2 / var(point) */
  sqlite3_int64 nDf;            /* its degrees of freedom (0: no test) */
  double pValue;                /* P(chi2_df > chi2); NaN when nDf is 0 */
};

/*
** The interval that carries the line's misfit, and the lack-of-fit test.
** The points are those of critFit (aRow sorted by it, its nDrop, pFit its
** result). Least squares through the m points with the residual variance
** s^2 = SSres/(m - 2), which holds the points' misfit about the line as
** well as their runs' noise: E_min's interval is the intercept +- t s.e.,
** t the Student quantile of (1 + level)/2 with m - 2 degrees of freedom;
** B_noise's is Fieller's for the ratio intercept/slope at the same t (the
** B with (a - B b)^2 <= t^2 var(a - B b)): bounded when the slope differs
** from 0 at that level, else its high end is NaN (unbounded); a low end
** below 0 is 0. The test: each point's variance is the sample variance of
** its kept rows (after the drop) over their count; chi2 sums residual^2 /
** variance over the points whose variance is above 0 (a point of one kept
** row, or of equal rows, has none), with df = their count - 2 (nDf 0, no
** test, when fewer than 3 have one). SQLITE_OK or SQLITE_NOMEM.
*/
int critMisfit(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
               double level, const CritFit *pFit, CritMisfit *pOut);

/*
** The stratified percentile bootstrap of E_min and B_noise: nResample
** times, the rows of each batch size are drawn with replacement from that
** batch size's rows (as many as it has; the indices from splitmix64 seeded
** with iSeed, batch sizes in ascending order, each index below the count
** without modulo bias: utilBelow), each point is the olympic mean of its
** drawn rows and the line is fitted again. E_min's interval is the
** (1 - level)/2 and (1 + level)/2 quantiles of the resampled intercepts
** (linear between order statistics, type 7). B_noise's is taken on its
** inverse k = slope/E_min, which is defined whatever the resample gives (a
** slope <= 0 is k <= 0: no batch effect, B_noise infinite; an intercept
** <= 0 is k = +Inf: B_noise 0), then inverted: low = 1/k_high, high =
** 1/k_low (NaN, unbounded, when k_low <= 0). aRow must be what critFit
** left (sorted), with pFit's nDrop. SQLITE_OK, SQLITE_NOMEM, SQLITE_ERROR
** when a resample's line is not finite (CRIT_WHY_SPREAD; a fit critFit
** gave leaves none such for values of at most 1e100), or SQLITE_INTERRUPT when xStop (may be NULL; asked every 2^20 row draws)
** says stop.
*/
int critBootstrap(const CritRow *aRow, sqlite3_int64 nRow, sqlite3_int64 nDrop,
                  double level, sqlite3_int64 nResample, sqlite3_uint64 iSeed,
                  int (*xStop)(void*), void *pStopArg, CritCi *pCi);

#endif /* MLPSCALE_CRITICAL_H */
