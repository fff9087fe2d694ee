/*
** eprime_ci.h: the plain-C interval of E' = (t_ref x n_ref) / (t x n)
** from the runs of two pairs, behind e_prime_interval()
** (ext/metrics/eprime_ci.c). No SQL: ext/metrics/metrics_sql.c reads the
** JSON arrays, tests/unit/eprime_ci_test.c tests it and measures its
** coverage, docs/metrics.md is the reference.
**
** Each pair is its converged run times (any order, positive and finite)
** and the number of runs that did not converge (an infinite time, as the
** official rules count them):
**
**     double aRef[] = {10.2, 9.9, 10.0, 10.4, 10.1};
**     double aNew[] = {2.6, 2.5, 2.55, 2.7, 2.52};
**     EpciPair ref = {aRef, 5, 0}, sys = {aNew, 5, 0};
**     EpciResult r;
**     int eWhy;
**     epciInterval(&ref, &sys, 1.0, 4.0, 1, 0.95, &r, &eWhy);
**
** The interval is Yuen's trimmed-mean t interval (Yuen 1974) carried to the
** log of the ratio, with Welch-Satterthwaite degrees of freedom: with g =
** nDrop and h = N - 2g kept runs of N, each pair's log times are winsorized
** (the g smallest set to the (g+1)-th, the g largest to the (N-g)-th; an
** infinite time is among the largest, as nInf <= g), s_w^2 is their sample
** variance (N - 1 denominator), d = (N - 1) s_w^2 / (h (h - 1)) the squared
** standard error of the log of the trimmed mean; se = sqrt(d_ref + d),
** df = (d_ref + d)^2 / (d_ref^2/(h_ref - 1) + d^2/(h - 1)); the interval is
** E' exp(-+ q se), q the (1 + level)/2 quantile of Student's t with df
** degrees of freedom. E' itself is that of the official olympic means
** (olympicScore), so the interval is centred on the official E' in logs.
*/
#ifndef MLPSCALE_EPRIME_CI_H
#define MLPSCALE_EPRIME_CI_H

#include "sqlite3ext.h"

/* The most runs a pair may have (docs/safety.md). */
#define EPCI_MAX_RUNS 10000

typedef struct EpciPair EpciPair;
struct EpciPair {
  const double *aTime;    /* converged times, positive and finite */
  sqlite3_int64 nTime;    /* entries of aTime */
  sqlite3_int64 nInf;     /* runs that did not converge (infinite time) */
};

typedef struct EpciResult EpciResult;
struct EpciResult {
  double ePrime;          /* E' of the official olympic means */
  double low, high;       /* the interval: low 0 and high Inf where an end
                          ** is beyond the doubles (unbounded) */
  double tRef, t;         /* the olympic means */
  double seLog;           /* standard error of log E' */
  double df;              /* Welch-Satterthwaite degrees of freedom (NaN when
                          ** se = 0: the interval is the point) */
  double q;               /* the t quantile used (0 when se = 0) */
};

/* Reasons of epciInterval's SQLITE_ERROR (*peWhy); the pair at fault is
** *peWhy & EPCI_WHY_NEW (0: the reference). */
#define EPCI_WHY_FEW      2   /* fewer than 2 + 2 drop runs */
#define EPCI_WHY_UNCONV   4   /* more runs without convergence than drop */
#define EPCI_WHY_RANGE    6   /* E' is not a finite positive double */
#define EPCI_WHY_NEW      1

/*
** The interval of E' at the given level (0 < level < 1) for accelerator
** counts nRef and n (positive, finite), each pair's nDrop fastest and nDrop
** slowest runs dropped. SQLITE_OK with *pOut; SQLITE_ERROR with the reason
** (EPCI_WHY_*) in *peWhy; SQLITE_NOMEM.
*/
int epciInterval(const EpciPair *pRef, const EpciPair *pNew, double nRef,
                 double n, sqlite3_int64 nDrop, double level,
                 EpciResult *pOut, int *peWhy);

#endif /* MLPSCALE_EPRIME_CI_H */
