/*
** fit_coverage.c: the simulated coverage of scaling_fit's "ci" and of
** breakeven_ci's range (ext/metrics/fit.c), run by tests/fit_coverage.test;
** its table is the one docs/metrics.md states under "Simulated coverage"
** and sql/data/fit_coverage.sql ships to the report.
**
** Known curves of the kinds MLPerf shows, at the sizes of a real curve (3
** to 9 of them, from 8 to 2048 accelerators, 8 x 2^floor(8i/(m-1)),
** i = 0..m-1: powers of 2, as evenly spaced in log2 n as whole powers go):
**
**   amdahl   t = 0.1 + 40/n                        (serial fraction 0.0025)
**   comm     t = 0.1 + 40/n + 0.02 log2 n          (fastest near 1,386)
**   power    t = 40 n^-0.8
**   edge     t = 0.15 + 40/n  (break-evens only: on 9 sizes the doubling
**            128 -> 256 has marginal efficiency 0.51 and E' at 256 is 0.52,
**            both just above theta 0.5, so noise moves the break-evens)
**
** each time multiplied by exp(sigma Z), Z standard normal (lognormal noise of
** 1% or 4%), from splitmix64 seeded with a fixed seed (Box-Muller). For each
** replication: scaling_fit's bootstrap of the curve's own model under the
** relative loss (FIT_RESAMPLES draws, as the report runs it), and
** breakeven_ci of every criterion (theta 0.5, BE_RESAMPLES draws), all at
** level 0.95. An interval covers when it holds the true parameter; a
** break-even range when it holds the true break-even (the criterion on the
** noise-free curve at the same sizes; a censored truth is held only by a
** range whose high end is beyond the data). A replication whose curve has
** no fit or no break-even counts as not covering. The truth of the knee is
** undefined where the noise-free curve has none ("-").
**
** Prints the two markdown tables, then sql/data/fit_coverage.sql (from its
** first line, "-- sql/data/fit_coverage.sql", on; one row per quantity:
** kind 'fit' or 'breakeven', the curve, the parameter or criterion, sizes,
** noise, coverage, failed draws and draws). Deterministic: the same bytes on every
** run.
*/
#include "sqlite3.h"
#include "metrics/fit.h"
#include "base/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIT_RESAMPLES 200
#define BE_RESAMPLES  500
#define FIT_REPS      400
#define BE_REPS       300
#define LEVEL         0.95
#define SEED          20261203u

/* The curves; "edge" (break-evens only) is Amdahl with its criteria just
** at a size's threshold. */
#define CURVE_EDGE 3
static const char *const azModel[] = { "amdahl", "comm", "power", "edge" };
static const char *const azCrit[] = { "efficacy", "marginal", "knee", "efficiency" };
static const int aSizes[] = { 3, 4, 5, 6, 7, 8, 9 };
#define N_SIZES ((int)(sizeof(aSizes)/sizeof(aSizes[0])))
static const double aSigma[] = { 0.01, 0.04 };

/* The noise-free time of curve eModel at n. */
static double truth(int eModel, double n){
  switch( eModel ){
    case FIT_AMDAHL: return 0.1 + 40.0/n;
    case FIT_COMM:   return 0.1 + 40.0/n + 0.02*log2(n);
    case CURVE_EDGE: return 0.15 + 40.0/n;
    default:         return 40.0*pow(n, -0.8);
  }
}

/* The true parameters in fitParamCount's order. */
static void truthParams(int eModel, double *aPar){
  switch( eModel ){
    case FIT_AMDAHL: aPar[0] = 0.1; aPar[1] = 40.0; aPar[2] = 0.1/40.1; break;
    case FIT_COMM:   aPar[0] = 0.1; aPar[1] = 40.0; aPar[2] = 0.02;     break;
    default:         aPar[0] = 40.0; aPar[1] = 0.8;                     break;
  }
}

/* m sizes from 8 to 2048, evenly spaced in log2 n (exact powers of 2). */
static void sizes(int m, FitPoint *a){
  int i;
  for(i=0; i<m; i++) a[i].n = ldexp(8.0, (8*i)/(m-1));
}

static uint64_t rngState = SEED;
static double uniform(void){
  return ((double)(utilSplitmix64(&rngState)>>11) + 0.5)/9007199254740992.0;
}
static double normal(void){
  double u = uniform(), v = uniform();
  return sqrt(-2.0*log(u))*cos(6.283185307179586*v);
}

/* The rows of sql/data/fit_coverage.sql, printed after the tables. */
static char zSql[65536];
static size_t nSql = 0;
static void sqlRow(const char *zKind, int eModel, const char *zWhat, int m,
                   double sigma, double coverage, sqlite3_int64 nFailed,
                   int nDraws){
  int n = snprintf(zSql + nSql, sizeof(zSql) - nSql,
      "INSERT OR REPLACE INTO fit_coverage VALUES('%s', '%s', '%s', %d, %.2f, %.3f, %lld, %d);\n",
      zKind, azModel[eModel], zWhat, m, sigma, coverage, nFailed, nDraws);
  if( n<0 || (size_t)n>=sizeof(zSql) - nSql ){
    fprintf(stderr, "fit_coverage: the SQL rows outgrew their buffer\n");
    exit(1);
  }
  nSql += (size_t)n;
}

static void runFits(void){
  int eModel, s, k;
  printf("| curve, model | sizes | noise | parameters: coverage | failed draws |\n");
  printf("| --- | --- | --- | --- | --- |\n");
  for(eModel=0; eModel<3; eModel++){
    for(s=0; s<N_SIZES; s++){
      for(k=0; k<2; k++){
        int m = aSizes[s], nPar = fitParamCount(eModel), j, rep;
        sqlite3_int64 aHit[FIT_MAX_PARAM] = {0, 0, 0}, nFailed = 0;
        double aTrue[FIT_MAX_PARAM];
        FitPoint a[9];
        if( eModel==FIT_COMM && m<4 ) continue;        /* comm needs 4 sizes */
        truthParams(eModel, aTrue);
        for(rep=0; rep<FIT_REPS; rep++){
          FitScalingCi ci;
          int i;
          sizes(m, a);
          for(i=0; i<m; i++) a[i].t = truth(eModel, a[i].n)*exp(aSigma[k]*normal());
          if( fitScalingBootstrap(a, m, eModel, FIT_LOSS_RELATIVE, LEVEL, FIT_RESAMPLES,
                                  (sqlite3_uint64)rep, 0, 0, &ci)!=SQLITE_OK ) continue;
          nFailed += ci.nFailed;
          for(j=0; j<nPar; j++){
            aHit[j] += ci.aLow[j]<=aTrue[j] && aTrue[j]<=ci.aHigh[j];
          }
        }
        printf("| %s | %d | %g%% |", azModel[eModel], m, 100*aSigma[k]);
        for(j=0; j<nPar; j++){
          static const char *const azPar[3][3] = {
            { "a", "b", "serial_fraction" }, { "a", "b", "c" }, { "c", "alpha", "" } };
          printf("%s %s %.3f", j ? "," : "", azPar[eModel][j], (double)aHit[j]/FIT_REPS);
          sqlRow("fit", eModel, azPar[eModel][j], m, aSigma[k], (double)aHit[j]/FIT_REPS,
                 nFailed, FIT_REPS*FIT_RESAMPLES);
        }
        printf(" | %lld of %d |\n", nFailed, FIT_REPS*FIT_RESAMPLES);
      }
    }
  }
}

static void runBreakevens(void){
  int eModel, s, k, c;
  printf("| curve | sizes | noise | efficacy | marginal | knee | efficiency | failed draws |\n");
  printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for(eModel=0; eModel<4; eModel++){
    for(s=0; s<N_SIZES; s++){
      for(k=0; k<2; k++){
        int m = aSizes[s], rep, i, bDefined[4];
        sqlite3_int64 aHit[4] = {0, 0, 0, 0}, nFailed = 0;
        double aTrue[4];
        FitPoint a[9];
        for(c=0; c<4; c++){
          FitBracket b;
          sizes(m, a);
          for(i=0; i<m; i++) a[i].t = truth(eModel, a[i].n);
          bDefined[c] = fitBreakeven(a, m, c, 0.5, &b)==SQLITE_OK;
          aTrue[c] = b.bCensored ? INFINITY : b.n;
        }
        for(rep=0; rep<BE_REPS; rep++){
          double aT[9];
          sizes(m, a);
          for(i=0; i<m; i++) aT[i] = truth(eModel, a[i].n)*exp(aSigma[k]*normal());
          for(c=0; c<4; c++){
            FitBreakevenCi ci;
            double hi;
            for(i=0; i<m; i++) a[i].t = aT[i];
            if( !bDefined[c] ) continue;
            if( fitBreakevenBootstrap(a, m, c, 0.5, LEVEL, BE_RESAMPLES,
                                      (sqlite3_uint64)rep, 0, 0, &ci)!=SQLITE_OK ) continue;
            nFailed += ci.nFailed;
            hi = isnan(ci.high) ? INFINITY : ci.high;
            aHit[c] += !isnan(ci.low) && ci.low<=aTrue[c] && aTrue[c]<=hi;
          }
        }
        printf("| %s | %d | %g%% |", azModel[eModel], m, 100*aSigma[k]);
        for(c=0; c<4; c++){
          if( !bDefined[c] ){
            printf(" - |");
            continue;
          }
          printf(" %.3f%s |", (double)aHit[c]/BE_REPS, isinf(aTrue[c]) ? " (censored)" : "");
          sqlRow("breakeven", eModel, azCrit[c], m, aSigma[k], (double)aHit[c]/BE_REPS,
                 nFailed, 4*BE_REPS*BE_RESAMPLES);
        }
        printf(" %lld of %d |\n", nFailed, 4*BE_REPS*BE_RESAMPLES);
      }
    }
  }
}

int main(void){
  runFits();
  printf("\n");
  rngState = SEED + 1;
  runBreakevens();
  printf("\n-- sql/data/fit_coverage.sql: the simulated coverage of scaling_fit's\n"
         "-- \"ci\" and breakeven_ci's range at level %.2f, written by make\n"
         "-- fit-coverage (tests/coverage/fit_coverage.c, which says how);\n"
         "-- tests/fit_coverage.test checks it against a fresh run. Read by\n"
         "-- sql/model.sql; the report names each interval by it.\n"
         "CREATE TABLE IF NOT EXISTS fit_coverage(kind TEXT, model TEXT, quantity TEXT,\n"
         "  sizes INTEGER, noise REAL, coverage REAL, failed INTEGER, draws INTEGER,\n"
         "  PRIMARY KEY(kind, model, quantity, sizes, noise));\n%s", LEVEL, zSql);
  return 0;
}
