/*
** olympic.h: the plain-C MLPerf olympic score and its bootstrap interval
** behind mlperf_score() and mlperf_score_ci() (ext/metrics/olympic.c). No SQL:
** ext/metrics/metrics_sql.c collects the runs, tests/unit/olympic_test.c tests it.
**
** The runs of one (system, benchmark) pair are the times of the converged
** runs, sorted ascending, and the number of the others (nDropped: not
** converged, or without a time):
**
**     double aTime[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
**     double score;
**     olympicScore(aTime, 10, 0, 1, &score);                    5.5
**     OlympicCi ci;
**     olympicBootstrap(aTime, 10, 0, 1, 0.95, 2000, 0, OLYMPIC_CI_BCA, 0, 0, &ci);
**
** Both return SQLITE_OK with the answer, SQLITE_DONE when there is no score
** (the SQL result is NULL), or SQLITE_NOMEM and SQLITE_INTERRUPT
** (olympicBootstrap only).
*/
#ifndef MLPSCALE_OLYMPIC_H
#define MLPSCALE_OLYMPIC_H

#include "sqlite3ext.h"

/*
** MLCommons' olympic average (result summarizer, _compute_olympic_average):
** no score when nDropped > nMaxDrop; else the nMaxDrop fastest and the
** nMaxDrop - nDropped slowest of the sorted aTime are dropped and the rest
** averaged, summed from the fastest (no score when none remain). A sum
** that would overflow (times near the largest double) is taken as the sum
** of the quotients instead, so finite times never give Inf.
*/
int olympicScore(const double *aTime, sqlite3_int64 nTime,
                 sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                 double *pScore);

/*
** The olympic mean of a value of each run (its energy) over the runs the
** time score keeps: aTime and aValue in row order (not sorted), ranked by
** time with ties in row order, as the summarizer's _index_olympic_average.
** SQLITE_DONE when there is no score or a kept run's value is NaN (none);
** SQLITE_NOMEM. Finite values of any sign never give Inf or NaN, even
** near the largest double (see olympicScore).
*/
int olympicValueMean(const double *aTime, const double *aValue,
                     sqlite3_int64 nTime, sqlite3_int64 nDropped,
                     sqlite3_int64 nMaxDrop, double *pMean);

typedef struct OlympicCi OlympicCi;
struct OlympicCi {
  double score;           /* olympicScore of the runs themselves */
  double low, high;       /* the interval; NaN when no resample has a score */
  double z0, accel;       /* OLYMPIC_CI_BCA: bias correction, acceleration
                          ** (0 otherwise) */
  sqlite3_int64 nScored;  /* resamples that had a score */
};

/* Methods of olympicBootstrap. */
#define OLYMPIC_CI_PERCENTILE 0   /* quantiles (1 -+ level)/2 of the scores */
#define OLYMPIC_CI_BCA        1   /* bias-corrected and accelerated */

/*
** Bootstrap interval of the olympic score: nResample times, draw
** nTime + nDropped runs with replacement from all of them (converged or
** not), each uniformly, from splitmix64 seeded with iSeed; score the draw
** with olympicScore (same nMaxDrop); draws without a score are skipped.
** low and high are quantiles of the B scores, interpolated linearly between
** order statistics: quantile q of sorted s_0..s_{B-1} is
** s_k + f*(s_{k+1} - s_k) with k + f = q*(B - 1) (numpy's default, Hyndman
** & Fan type 7). OLYMPIC_CI_PERCENTILE takes q = (1 - level)/2 and
** (1 + level)/2; OLYMPIC_CI_BCA (Efron 1987) moves them to
** Phi(z0 + (z0 + z)/(1 - a (z0 + z))), z the nominal normal quantile:
** z0 = Phi^-1(share of the scores below the score, ties counting half,
** kept within [1/(2B), 1 - 1/(2B)]); a the jackknife acceleration over the
** runs, each left out in turn and the rest scored by the same rule (0 when
** a leave-one-out has no score or all are equal); where 1 - a (z0 + z) <= 0
** the level is the end the formula tends to (0 or 1). So every interval is
** finite. SQLITE_DONE when the runs themselves have no score (nothing is
** drawn then). xStop (may be NULL) is asked about every million draws;
** non-zero stops with SQLITE_INTERRUPT.
*/
int olympicBootstrap(const double *aTime, sqlite3_int64 nTime,
                     sqlite3_int64 nDropped, sqlite3_int64 nMaxDrop,
                     double level, sqlite3_int64 nResample,
                     sqlite3_uint64 iSeed, int eMethod,
                     int (*xStop)(void*), void *pStopArg, OlympicCi *pCi);

#endif /* MLPSCALE_OLYMPIC_H */
