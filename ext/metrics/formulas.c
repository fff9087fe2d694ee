/*
** formulas.c: the scalar scaling metrics (speedup, efficiency, E', the
** Karp-Flatt metric, marginal efficiency), plain C with no SQL; the API is
** ext/metrics/formulas.h, the SQL functions are in ext/metrics/metrics_sql.c
** and their reference in docs/metrics.md.
**
** Products and quotients of several arguments are taken with mantissas and
** exponents apart (ratioOf), so that no intermediate overflows or
** underflows: e_prime(1e308, 1e-308, 1e-308, 1e308) is 1, not Inf/Inf. A
** result that is still out of range of a double is refused, not returned
** as Inf or 0.
*/
#include "sqlite3ext.h"
#include "metrics/formulas.h"
#include <assert.h>
#include <math.h>

int metricArgOk(double r){
  return isfinite(r) && r>0.0;
}

/*
** aNum[0] * aNum[1] ... / (aDen[0] * aDen[1] ...) of positive finite numbers
** without intermediate overflow or underflow.
*/
static double ratioOf(const double *aNum, int nNum, const double *aDen, int nDen){
  double m = 1.0;
  int e = 0, ex, i;
  for(i=0; i<nNum; i++){ m *= frexp(aNum[i], &ex); e += ex; }
  for(i=0; i<nDen; i++){ m /= frexp(aDen[i], &ex); e -= ex; }
  return ldexp(m, e);
}

/* r as the result (SQLITE_OK), or METRIC_WHY_RANGE when it is not finite
** or is 0 where the exact value cannot be (bNonZero). */
static int metricResult(double r, int bNonZero, double *pOut, int *peWhy){
  if( !isfinite(r) || (bNonZero && r==0.0) ){
    *peWhy = METRIC_WHY_RANGE;
    return SQLITE_ERROR;
  }
  *pOut = r;
  return SQLITE_OK;
}

int metricEval(int eMetric, const double *a, double *pOut, int *peWhy){
  *peWhy = 0;
  switch( eMetric ){
    case METRIC_SPEEDUP:
      return metricResult(a[0]/a[1], 1, pOut, peWhy);
    case METRIC_EFFICIENCY:
      return metricResult(ratioOf(a, 1, a+1, 2), 1, pOut, peWhy);
    case METRIC_E_PRIME: {
      double aNum[2], aDen[2];
      aNum[0] = a[0]; aNum[1] = a[2];   /* t_ref * n_ref */
      aDen[0] = a[1]; aDen[1] = a[3];   /* t_new * n_new */
      return metricResult(ratioOf(aNum, 2, aDen, 2), 1, pOut, peWhy);
    }
    case METRIC_KARP_FLATT: {
      double s = a[0]/a[1], p = a[3]/a[2];
      if( p==1.0 ) return SQLITE_DONE;
      return metricResult((1.0/s - 1.0/p)/(1.0 - 1.0/p), 0, pOut, peWhy);
    }
    default:
      assert( eMetric==METRIC_MARGINAL );
      if( a[2]==a[3] ){
        *peWhy = METRIC_WHY_SAME_N;
        return SQLITE_ERROR;
      }
      return metricResult((a[2]/(a[3]-a[2]))*(a[0]/a[1] - 1.0), 0, pOut, peWhy);
  }
}
