/*
** converge.h: the RCP checker's reading of a log, converged_at (plain C,
** converge.c). Nothing allocates.
*/
#ifndef MLPERF_CONVERGE_H
#define MLPERF_CONVERGE_H

#include "mlperf/line.h"

/*
** What MLCommons' rcp_checker reads from one log (read_submission_file, or
** before 3.0.0 the loop of get_submission_epochs, at the round's tag; see
** docs/mlperf.md "converged_at"): the progress at convergence, in the
** benchmark's unit, or nothing when the run did not converge in its sense
** (the checker's 1e9) or the checker would fail on the log.
**
** The checker matches substrings of the raw line ("eval_accuracy" in str),
** so mllogConvLine takes the payload text as well as the parsed line.
*/

/* Most distinct evaluation steps of one stable_diffusion log tracked. */
#define MLLOG_CONV_STEPS 256


typedef struct MllogConvStep MllogConvStep;
struct MllogConvStep {
  double rStep;               /* the step (or samples_count) of the evals */
  double rFid, rClip;         /* the last value of each metric there */
  unsigned char eFid, eClip;  /* 0 not logged, 1 a number, 2 a value no
                              ** number compares with (the checker fails) */
};

/* The reading of one kind of eval line (before 3.0.0 a log is read by its
** eval_error lines when it has one, else by its eval_accuracy lines). */
typedef struct MllogConvMode MllogConvMode;
struct MllogConvMode {
  int bFail;                  /* the checker fails reading these lines */
  int eProgress;              /* 0 none yet, 1 rProgress, 2 not a number */
  double rProgress;           /* progress of the last eval line */
  int bRound;                 /* rProgress is to be rounded to 3 decimals
                              ** (done once, by mllogConvResult) */
  int ePrev;                  /* the eval before: 0 none, 1 rPrev, 2 not a
                              ** number */
  double rPrev;               /* progress of the last eval line whose
                              ** progress differs from rProgress */
  int eResult;                /* at the last run_stop: 0 none, 1 converged
                              ** at rResult, 2 not converged (1e9), 3 not
                              ** a number */
  double rResult;
  int bRoundResult;           /* rResult is to be rounded */
  int eAfter;                 /* at that run_stop, the eval before the
                              ** converging one: as ePrev */
  double rAfter;
};

typedef struct MllogConv MllogConv;
struct MllogConv {
  int iRules;                 /* the checker of the ruleset, or -1: none */
  int eUnit;                  /* RULES_UNIT_* (rules.h) of converged_at;
                              ** RULES_UNIT_NONE: no RCPs for the benchmark */
  int bFail;                  /* the checker fails (or reads a line this
                              ** reader cannot parse or hold) */
  int bEvalError;             /* some line holds "eval_error" */
  int nStop;                  /* run_stop lines the checker counted */
  int eBench;                 /* the logged submission_benchmark: 0 other,
                              ** 1 stable_diffusion, 2 read by samples_count */
  MllogConvMode aMode[2];     /* [0] eval_accuracy (from 3.0.0 either),
                              ** [1] eval_error */
  int nStep;
  MllogConvStep aStep[MLLOG_CONV_STEPS];
};

/* Start reading a log of benchmark folder zBench under ruleset iRuleset
** (rulesFind; -1 or a ruleset without an RCP checker: nothing). */
void mllogConvInit(MllogConv *p, const char *zBench, int iRuleset);

/*
** Account for one MLLOG line: its payload z[0..n-1] (the text after the
** last marker; z==0 when it was too long to hold) and the line parsed
** (pLine, or 0 when mllogParseLine refused it).
*/
void mllogConvLine(MllogConv *p, const char *z, size_t n,
                   const MllogLine *pLine);

/*
** The progress at convergence: 1 and *pr, or 0 when there is none (no
** checker or RCPs, not converged, or the checker would fail).
*/
int mllogConvResult(const MllogConv *p, double *pr);

/*
** The progress of the evaluation before the converging one (the largest
** evaluated progress below converged_at; in a log read line by line, the
** last eval line whose progress differs from the converging one's), in
** the same unit and rounding: 1 and *pr, or 0 when mllogConvResult has no
** value, when no earlier evaluation was logged, or when that progress is
** not a number below converged_at. The run converged somewhere in
** (*pr, converged_at]: evaluations are the only points where it is seen.
*/
int mllogConvAfter(const MllogConv *p, double *pr);

/* "epochs", "samples", "steps", or 0 (eUnit 0). */
const char *mllogConvUnit(const MllogConv *p);

/* Python's round(x, 3): correctly rounded, ties to even on the exact
** binary value. */
double mllogRound3(double x);

#endif /* MLPERF_CONVERGE_H */
