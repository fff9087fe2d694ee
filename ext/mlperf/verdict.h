/*
** verdict.h: the run verdicts (plain C, verdict.c). An MllogRun
** accumulates the lines of one log and decides, as MLCommons' compliance
** checker of the round does, whether the run converged: every rule from
** the registry (rules.h). Nothing allocates.
*/
#ifndef MLPERF_VERDICT_H
#define MLPERF_VERDICT_H

#include "mlperf/line.h"
#include "mlperf/rules.h"

/* Most distinct samples_count values tracked for stable_diffusion. */
#define MLLOG_SD_MAX 256

/* Longest required key (with its NUL) and most keys one run tracks. */
#define MLLOG_KEY_LEN 48
#define MLLOG_KEYS_MAX 64

typedef struct MllogKeyCount MllogKeyCount;
struct MllogKeyCount {
  char zKey[MLLOG_KEY_LEN];
  int eNeed;                  /* bits: 1 closed once, 2 open once,
                              ** 4 closed at least once, 8 open at least once */
  int nSeen;
  int bDiffer;                /* seen with two different values */
  sqlite3_uint64 hFirst;      /* mllogJsonHash of the first value */
};

typedef struct MllogSdEval MllogSdEval;
struct MllogSdEval {
  double rSamples;
  int bFid;             /* an FID value <= 90.0 at this samples_count */
  int bClip;            /* a CLIP value in [0.15, 1.0] at this samples_count */
};

/* The precision keys (linear, attn, comm) and the layout keys. */
#define MLLOG_PREC_N 3
#define MLLOG_PREC_LEN 32
#define MLLOG_LAYOUT_N 5
extern const char *const mllogPrecKey[MLLOG_PREC_N];   /* "linear", ... */
extern const char *const mllogLayoutKey[MLLOG_LAYOUT_N]; /* "tensor_parallelism", ... */

typedef struct MllogRun MllogRun;
struct MllogRun {
  int iRuleset;               /* -1: no ruleset (each benchmark's newest
                              ** target, no required keys) */
  const RulesTarget *pTarget; /* the target of the benchmark folder, or 0 */
  int bKnown;                 /* the ruleset names the benchmark folder */
  const char *zReqClosed;     /* its required keys per division (rulesRequired), */
  const char *zReqOpen;       /* or 0 */
  int nKey;
  MllogKeyCount aKey[MLLOG_KEYS_MAX];   /* sorted by zKey */
  unsigned char aKeySlot[2*MLLOG_KEYS_MAX]; /* hash table: 1 + index into
                              ** aKey, 0 empty (mllogRunLine's lookup) */
  sqlite3_int64 nLines;       /* MLLOG lines (corrupt ones included) */
  sqlite3_int64 nCorrupt;
  int nRunStart, nRunStop;
  double rRunStart, rRunStop; /* first of each, in ms */
  int bSeconds;               /* MLL lines: rStartS, rStopS hold them */
  double rStartS, rStopS;     /* ... as the lines write them, in seconds */
  int bInitStart;
  double rInitStartMin;       /* earliest init_start so far */
  int bInitChecked;           /* an init_stop followed an init_start */
  double rInitWorst;          /* largest init_stop - earliest init_start */
  int bStatus;                /* the first run_stop had a status */
  int bSuccess;               /* ... and it is exactly the string "success" */
  char zStatus[64];
  int bDivision;               /* zDivision holds the first division seen */
  char zDivision[32];
  int bBatch;
  double rBatch;              /* global_batch_size */
  int bBatchInt;
  sqlite3_int64 iBatch;
  int bEval;
  double rEval;               /* last numeric eval_accuracy */
  int bEvalError;
  double rEvalError;          /* last numeric eval_error */
  int bStagingStart;          /* a staging_start line was seen */
  int bStagingEarly;          /* ... before any run_start */
  int bStagingStopFirst;      /* a staging_stop before any staging_start */
  int bNodes, bPerNode;
  double rNodes, rPerNode;    /* first numeric number_of_nodes and
                              ** accelerators_per_node (MLPerf HPC) */
  int bReached;               /* some eval_accuracy met the target */
  const RulesTarget *pOpenTarget; /* the open division's target where it is
                              ** not pTarget (rulesOpenTarget), else 0 */
  int bReachedOpen;           /* some eval_accuracy met it */
  const RulesEvalAt *pEvalAt; /* where the evaluations must be, or 0 */
  /* What a log states of its numerics and parallel layout (6.0.0 on):
  ** lowest_numerical_precision_in_{linear,attn,comm} (or, as some logs
  ** write them, lowest_numerical_precision_{linear,attn,comm}: the first
  ** spelling wins where both are written), the first value of each. */
  char aPrec[MLLOG_PREC_N][MLLOG_PREC_LEN];
  int ePrecFrom[MLLOG_PREC_N];  /* 0 none, 1 the _in_ key, 2 the other */
  int ePrecSpelling;          /* bits: 1 an _in_ key was seen, 2 the other */
  int iPrecBad;               /* 1 + the first _in_ key whose value the
                              ** ruleset does not allow, else 0 */
  int aLayoutSet[MLLOG_LAYOUT_N];
  double aLayout[MLLOG_LAYOUT_N]; /* tensor_, pipeline_, context_,
                              ** expert_parallelism, micro_batch_size */
  int aLayoutInt[MLLOG_LAYOUT_N];
  sqlite3_int64 aLayoutI64[MLLOG_LAYOUT_N];
  int iLayoutBad;             /* 1 + the first layout key whose value is no
                              ** integer (is_integer), else 0 */
  sqlite3_int64 nEvalAt;      /* eval_accuracy lines checked against it */
  int bEvalAtFail;            /* one was elsewhere (closed division) */
  int bEvalRangeFail;         /* one's value was outside [0, 1] (EVERY) */
  int nSd;
  MllogSdEval aSd[MLLOG_SD_MAX];
};

/* Start a run for benchmark folder name zBench under ruleset iRuleset
** (rulesFind; -1: the newest target of each benchmark, no required
** keys, the init limits of 2.0.0 on). */
void mllogRunInit(MllogRun *p, const char *zBench, int iRuleset);

/* Account for one MLLOG line: parsed (pLine) or corrupt (pLine==0). */
void mllogRunLine(MllogRun *p, const MllogLine *pLine);

/*
** The run's minutes, (run_stop - run_start) / 60000 of its first of each,
** or for MLL lines (stop - start) / 60 in seconds as the v0.6 summarizer
** computes it: 1 with *pr, or 0 when either is missing or stop < start.
*/
int mllogRunMinutes(const MllogRun *p, double *pr);

/*
** Apply the rules. Returns 1 when converged (zReason set to ""), else 0
** with the reason (malformed_line, missing_run_start, ...,
** unknown_benchmark: a folder the ruleset has no rules for,
** missing_key:<key>, conflicting_key:<key>) in zReason.
*/
int mllogRunVerdict(const MllogRun *p, char *zReason, size_t nReason);

#endif /* MLPERF_VERDICT_H */
