/*
** formulas.h: the scalar scaling metrics of Cortes, Juiz & Bermejo (2025)
** as plain C (ext/metrics/formulas.c), behind the SQL functions speedup,
** efficiency, e_prime, karp_flatt and marginal_efficiency of
** ext/metrics/metrics_sql.c; unit-tested in tests/unit/formulas_test.c.
**
** Arguments are positive finite numbers (metricArgOk), in the order of the
** SQL function: t_ref, t_new [, n_ref], n_new, or t_i, t_j, n_i, n_j.
*/
#ifndef MLPSCALE_FORMULAS_H
#define MLPSCALE_FORMULAS_H

#include "sqlite3ext.h"

/* The metrics, in the order of metrics_sql.c's registration table. */
#define METRIC_SPEEDUP     0  /* t_ref/t_new */
#define METRIC_EFFICIENCY  1  /* t_ref/(t_new*n_new) */
#define METRIC_E_PRIME     2  /* (t_ref*n_ref)/(t_new*n_new) */
#define METRIC_KARP_FLATT  3  /* (1/s - 1/p)/(1 - 1/p), s = t_ref/t_new, p = n_new/n_ref */
#define METRIC_MARGINAL    4  /* (n_i/(n_j-n_i)) * (t_i/t_j - 1) */

/* Reasons of metricEval's SQLITE_ERROR. */
#define METRIC_WHY_SAME_N  1  /* marginal_efficiency with n_i = n_j */
#define METRIC_WHY_RANGE   2  /* the result is not a finite double, or is 0
                              ** where the exact value cannot be */

/* 1 when r is an argument a metric accepts (finite, > 0), else 0. */
int metricArgOk(double r);

/*
** Metric eMetric (METRIC_*) of the arguments aArg (each metricArgOk).
** SQLITE_OK with the value in *pOut; SQLITE_DONE when the metric is
** undefined (karp_flatt with n_new = n_ref); SQLITE_ERROR with the reason
** (METRIC_WHY_*) in *peWhy.
*/
int metricEval(int eMetric, const double *aArg, double *pOut, int *peWhy);

#endif /* MLPSCALE_FORMULAS_H */
