/*
** pool.h: plain C API of the GPU cluster simulator (ext/scheduling/pool.c), used by
** the SQL glue ext/scheduling/sched_sql.c and by tests/unit/sched_test.c.
**
** The cluster has nGpus GPUs split into nGpus/gpusPerNode nodes. A job
** has one or more alternatives (gpus, runtime, estimate): one for a rigid
** job, several for a moldable one, of which exactly one runs. A job of
** g <= gpusPerNode GPUs runs inside one node (best fit: the node with the
** fewest free GPUs that still holds it, lowest index on ties); a wider job
** takes g/gpusPerNode whole free nodes (lowest indexes first).
**
** Times are doubles in the caller's unit. The simulator never computes a
** time other than start = a submit or finish time, finish = start +
** runtime and start + estimate, and only compares them, so integer inputs
** below 2^53 give exact integer results and the same inputs always give
** the same bytes.
**
** Queue order is static: jobs sorted by (key, submit, tie), where the
** caller chooses key (e.g. submit, estimate, -gpus) and tie (e.g. the rank
** of the job's id). The waiting queue at any instant is that order
** restricted to the jobs submitted and not started.
*/
#ifndef MLPSCALE_SCHED_H
#define MLPSCALE_SCHED_H

#include "sqlite3ext.h"

#define SCHED_BACKFILL_NONE          0  /* strict queue order */
#define SCHED_BACKFILL_EASY          1  /* Mu'alem & Feitelson 2001 */
#define SCHED_BACKFILL_CONSERVATIVE  2  /* a reservation for every queued job */

#define SCHED_MOLDABLE_EARLIEST_FINISH 0
#define SCHED_MOLDABLE_FASTEST         1

typedef struct SchedConfig SchedConfig;
struct SchedConfig {
  sqlite3_int64 nGpus;        /* GPUs of the cluster, > 0 */
  sqlite3_int64 gpusPerNode;  /* > 0, divides nGpus; nGpus for one pool */
  int eBackfill;              /* SCHED_BACKFILL_* */
  int eMoldable;              /* SCHED_MOLDABLE_* */
  /* Optional: called now and then during a run (at events and before each
  ** costly search); a non-zero return stops the run with SQLITE_INTERRUPT.
  ** This is how sqlite3_interrupt() reaches the simulator. */
  int (*xStop)(void*);
  void *pStopArg;
};

typedef struct SchedAlt SchedAlt;
struct SchedAlt {
  sqlite3_int64 gpus;         /* > 0 */
  double runtime;             /* how long it runs, > 0 */
  double estimate;            /* what the scheduler believes, > 0 */
};

typedef struct SchedJob SchedJob;
struct SchedJob {
  double submit;              /* finite */
  double key;                 /* queue priority: smaller runs first */
  sqlite3_int64 tie;          /* last tie-break, after submit */
  int iAlt;                   /* first alternative, in aAlt[] */
  int nAlt;                   /* number of alternatives, >= 1 */
};

typedef struct SchedResult SchedResult;
struct SchedResult {
  int iAlt;                   /* the alternative that ran (index in aAlt) */
  int iSeq;                   /* 0-based dispatch order */
  double start;
  double finish;              /* start + aAlt[iAlt].runtime */
  int iNode;                  /* its nodes: aNode[iNode .. iNode+nNode-1] */
  int nNode;
  double reserved;            /* conservative: start of the first reservation
                              ** the job got (>= start unless a running job
                              ** outlived its estimate); other modes: start */
};

/*
** Return codes, as every core of mlpscale (docs/ARCHITECTURE.md): SQLite's.
** schedCheck() and schedRun() return SQLITE_OK; SQLITE_NOMEM; SQLITE_ERROR
** when they refuse the input, or for a bug (the simulation could not
** progress), with the reason in a SchedError; SQLITE_INTERRUPT when xStop
** asked to stop (schedRun() only). Times that would overflow are refused
** like any other input, with SQLITE_ERROR (SCHED_WHY_TIME): one code for
** every refusal, the reason telling them apart.
*/
typedef struct SchedError SchedError;
struct SchedError {
  int eWhy;                   /* SCHED_WHY_* after SQLITE_ERROR, else 0 */
  int iJob;                   /* the job at fault (in aJob), or -1 */
  int iAlt;                   /* its alternative at fault (in aAlt), or -1 */
};

/* Reasons: the input refused (in the order schedCheck() tests it), a bug. */
#define SCHED_WHY_CONFIG     1  /* nGpus or gpusPerNode <= 0, or not a divisor */
#define SCHED_WHY_NODES      2  /* more than 2^31-1 nodes (nGpus/gpusPerNode) */
#define SCHED_WHY_ALT        3  /* nAlt < 1 or alternatives out of aAlt[] */
#define SCHED_WHY_SUBMIT     4  /* submit not finite */
#define SCHED_WHY_GPUS       5  /* gpus <= 0 */
#define SCHED_WHY_RUNTIME    6  /* runtime not finite or <= 0 */
#define SCHED_WHY_ESTIMATE   7  /* estimate not finite or <= 0 */
#define SCHED_WHY_WIDE       8  /* gpus > nGpus */
#define SCHED_WHY_NODE       9  /* gpus > gpusPerNode and not a multiple of it */
#define SCHED_WHY_TIME      10  /* times overflow: see schedTimeBounds() */
#define SCHED_WHY_INTERNAL  11  /* a bug: the simulation could not progress */

/*
** Validate the input: SQLITE_OK or SQLITE_ERROR. pErr->iJob and
** pErr->iAlt say which job and alternative are at fault (-1 when the
** reason is not about one).
*/
int schedCheck(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
               int nAlt, const SchedAlt *aAlt, SchedError *pErr);

/*
** Bounds of every time a run can compute: *pLo is the lowest submit, *pHi
** the latest submit plus, for every job, the largest runtime or estimate of
** its alternatives (each job can delay the others by at most that). Every
** start, finish, reservation and believed end lies in [*pLo, *pHi], so a
** run whose *pHi - *pLo is finite never overflows to infinity, and integer
** inputs with -2^53 <= *pLo and *pHi <= 2^53 give exact results.
** schedCheck() fails with SCHED_WHY_TIME unless *pHi and *pHi - *pLo are
** finite.
*/
void schedTimeBounds(int nJob, const SchedJob *aJob, const SchedAlt *aAlt,
                     double *pLo, double *pHi);

/*
** Validate (schedCheck) and simulate. aRes[] (nJob entries) receives one
** result per job. On SQLITE_OK, *paNode is set to an array
** (sqlite3_malloc64, caller frees; may be NULL when no job ran) of the node
** indexes every job ran on; on any other code it is NULL.
*/
int schedRun(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
             int nAlt, const SchedAlt *aAlt, SchedResult *aRes,
             int **paNode, SchedError *pErr);

/*
** Stable merge sort of the n ints of a[] by xCmp(pCtx, x, y) (negative,
** zero, positive). Returns SQLITE_OK or SQLITE_NOMEM.
*/
int schedSortInts(int *a, int n, int (*xCmp)(void*, int, int), void *pCtx);

#endif /* MLPSCALE_SCHED_H */
