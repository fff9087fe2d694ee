/*
** schedcore.h: what the two simulators of gpu_schedule() share, written
** once: ext/scheduling/pool.c (a pool of equal nodes, API in
** ext/scheduling/pool.h) and ext/scheduling/nodetable.c (a table of nodes,
** API in ext/scheduling/nodetable.h). Plain C, no SQL.
**
** First the types of a run, which the glue and both simulators' APIs use:
** its configuration, jobs, alternatives, results and errors, and the queue
** order. Times are doubles in the caller's unit. A simulator never
** computes a time other than start = a submit or finish time, finish =
** start + runtime and start + estimate, and only compares them, so integer
** inputs below 2^53 give exact integer results and the same inputs always
** give the same bytes.
**
** Queue order is static: jobs sorted by (key, submit, tie), where the
** caller chooses key with the policy of option 'order' (schedOrderKeys,
** schedOrderRanks: submit, estimate, -gpus, ...) and tie (the rank of the
** job's id). The waiting queue at any instant is that order restricted to
** the jobs submitted and not started.
**
** Then the simulators' own plumbing. A SchedState is the part of a run
** that does not depend on where a job goes: the jobs, the static queue
** order, the queue, the running jobs (by believed end, and a heap by
** finish), the result rows, the conservative reservations' alternatives
** and start times, the event clock. Each simulator embeds one as its
** member `st` and drives it through schedEvents() with its own placement,
** given as SchedHooks.
*/
#ifndef MLPSCALE_SCHEDCORE_H
#define MLPSCALE_SCHEDCORE_H

#include "sqlite3ext.h"
#include "base/util.h"

#define SCHED_BACKFILL_NONE          0  /* strict queue order */
#define SCHED_BACKFILL_EASY          1  /* Mu'alem & Feitelson 2001 */
#define SCHED_BACKFILL_CONSERVATIVE  2  /* a reservation for every queued job */
#define SCHED_BACKFILL_GREEDY        3  /* every queued job that fits starts */

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
** schedCheck(), poolRun() and nodesRun() return SQLITE_OK; SQLITE_NOMEM;
** SQLITE_ERROR when they refuse the input, or for a bug (the simulation
** could not progress), with the reason in a SchedError; SQLITE_INTERRUPT
** when xStop asked to stop (the two simulators only). Times that would overflow are refused
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
** Stable merge sort of the n ints of a[] by xCmp(pCtx, x, y) (negative,
** zero, positive). Returns SQLITE_OK or SQLITE_NOMEM.
*/
int schedSortInts(int *a, int n, int (*xCmp)(void*, int, int), void *pCtx);

/* Queue orders (gpu_schedule's option 'order'). */
#define SCHED_ORDER_SUBMIT        0  /* key: submit */
#define SCHED_ORDER_SHORTEST      1  /* key: estimate */
#define SCHED_ORDER_LONGEST       2  /* key: -estimate */
#define SCHED_ORDER_FEWEST_GPUS   3  /* key: gpus */
#define SCHED_ORDER_MOST_GPUS     4  /* key: -gpus */
#define SCHED_ORDER_LARGEST_AREA  5  /* key: -gpus x estimate */
#define SCHED_ORDER_COLUMN        6  /* key: rank of a value (schedOrderRanks) */

/*
** Set the queue key of the nJob jobs of aJob under order eOrder
** (SCHED_ORDER_*), from each job's submit or its first alternative in
** aAlt; 0 under SCHED_ORDER_COLUMN, whose keys schedOrderRanks sets.
*/
void schedOrderKeys(int eOrder, int nJob, SchedJob *aJob, const SchedAlt *aAlt);

/*
** SCHED_ORDER_COLUMN: the key of each job is the dense rank (0, 1, ...) of
** its order value among the jobs' values, negated when bDesc, where
** xCmp(pCtx, x, y) compares the values of jobs x and y. aIdx is scratch
** of nJob ints. SQLITE_OK or SQLITE_NOMEM.
*/
int schedOrderRanks(int nJob, SchedJob *aJob, int *aIdx,
                    int (*xCmp)(void*, int, int), void *pCtx, int bDesc);


typedef struct SchedState SchedState;
struct SchedState {
  const SchedConfig *pCfg;
  int nJob;
  const SchedJob *aJob;
  const SchedAlt *aAlt;
  SchedResult *aRes;
  SchedError *pErr;           /* the caller's, for SCHED_WHY_INTERNAL */
  UtilStop stop;              /* asks pCfg->xStop */
  double t;                   /* now */

  int *aFixedAlt;             /* per job: alternative fixed in advance, or -1 */
  int *aRank;                 /* job -> queue rank */
  int *aByRank;               /* queue rank -> job */
  int *aArr;                  /* the jobs in order of arrival */

  int *aQ;                    /* queued jobs in queue order (schedQueueAdd) */
  int nQ;

  int *aRun;                  /* running jobs sorted by (believed end, rank) */
  int nRun;
  double *aEnd;               /* per job: start + estimate */
  int *aHeap;                 /* running jobs, min-heap by (finish, rank) */
  int nHeap;
  int nStarted;

  int *aResAlt;               /* conservative, per job: alternative reserved, or -1 */
  double *aResStart;          /* conservative, per job: start of its reservation */
  double tNextRes;            /* earliest reservation after now, or HUGE_VAL */
};

/* What a simulator does at the steps of schedEvents(), one constant table
** per simulator; p is its own state. */
typedef struct SchedHooks SchedHooks;
struct SchedHooks {
  void (*xAdvance)(void *p);  /* the clock moved to st.t */
  int (*xFinish)(void *p, int j);     /* job j ends now: free its resources */
  void (*xArrive)(void *p, int j);    /* job j is submitted now */
  int (*xPass)(void *p);      /* one scheduling pass at now (none, easy,
                              ** greedy) */
  void (*xAfterPass)(void *p);        /* after each pass */
  /* The conservative pass, written once here: */
  int (*xVisit)(void *p, int j);      /* give queued job j its reservation */
  int (*xFreeNow)(void *p, int j);    /* what j reserved is free now */
  int (*xStartReserved)(void *p, int j);  /* start j on its reservation */
};

/* SQLITE_ERROR, with why (SCHED_WHY_*) and the job and alternative at fault
** (-1: none) in *pErr. */
int schedRefuse(SchedError *pErr, int eWhy, int iJob, int iAlt);

/* Job i's own values (ALT, SUBMIT), then alternative k's (GPUS, RUNTIME,
** ESTIMATE): SQLITE_OK or schedRefuse's SQLITE_ERROR. */
int schedCheckJob(int nAlt, const SchedJob *aJob, int i, SchedError *pErr);
int schedCheckAlt(const SchedAlt *aAlt, int i, int k, SchedError *pErr);

/* SCHED_WHY_TIME unless every time of a run stays finite (schedTimeBounds). */
int schedCheckTimes(int nJob, const SchedJob *aJob, const SchedAlt *aAlt,
                    SchedError *pErr);

/* n zeroed elements of sz bytes (at least one); *pOk = 0 if none could be
** had. */
void *schedAllocArray(sqlite3_uint64 n, size_t sz, int *pOk);

/* Whether alternative a finishing at f beats aBest finishing at fBest (-1:
** none yet): the earlier finish, then the fewer GPUs. */
int schedAltBetter(const SchedAlt *aAlt, int a, double f, int aBest, double fBest);

/*
** Set up *st (zeroed by the caller) for a run and order its jobs: the
** alternatives fixed in advance, the queue order, the order of arrival.
** SQLITE_OK or SQLITE_NOMEM (schedStateFree() frees what was had either
** way). The jobs must have passed schedCheckJob() and schedCheckAlt().
*/
int schedStateInit(SchedState *st, const SchedConfig *pCfg, int nJob,
                   const SchedJob *aJob, const SchedAlt *aAlt, SchedResult *aRes,
                   SchedError *pErr);
void schedStateFree(SchedState *st);

/* Queue job j, just submitted, in queue order (and, under conservative,
** without a reservation). */
void schedQueueAdd(SchedState *st, int j);

/*
** Job j starts now with alternative a on the output entries [iFirst,
** iFirst+n) of the simulator: its result row, its believed end, its place
** among the running jobs.
*/
void schedRunningAdd(SchedState *st, int j, int a, int iFirst, int n);

/* Running job j ended: out of the running jobs sorted by believed end. */
void schedRunningRemove(SchedState *st, int j);

/*
** The running jobs believed to end at the same instant as aRun[i] (one
** past its estimate counts as ending now): aRun[i .. *piEnd). Returns that
** instant.
*/
double schedRunningBatch(const SchedState *st, int i, int *piEnd);

/*
** The alternative of job j to use now (none, easy, greedy): fixed, or the one
** whose earliest start xEarliest(p, j, a) plus estimate is least, then the
** fewest GPUs.
*/
int schedChooseNow(const SchedState *st, int j,
                   double (*xEarliest)(void*, int, int), void *p);

/*
** The event loop: at each next time (a finish, an arrival or, under
** conservative backfilling, a reservation), finish the jobs that end,
** queue the jobs that arrive, then run one pass: xPass, or under
** conservative backfilling the pass below.
**
** The conservative pass: visit every queued job in queue order, then start,
** in queue order, every job whose reservation is now and whose resources
** are free (they always are unless a running job outlived its estimate).
** Sets tNextRes, the next reservation time whose resources are free now.
**
** A reservation in the future whose resources are busy now (a running job
** outlived its estimate) cannot start at its time: until the next submit
** or finish nothing but other reservations frees anything, so it is no
** event, and the job gets a new reservation at the next submit or finish.
** Without this, jobs reserved behind such a job would step forward by
** their estimates, event after event, until it ends: a cost that grows
** with runtime / estimate.
*/
int schedEvents(SchedState *st, const SchedHooks *pHooks, void *p,
                sqlite3_int64 nEventCost);

/* A growing list of ints (a simulator's output entries). */
typedef struct SchedInts SchedInts;
struct SchedInts {
  int *a;
  int n, nAlloc;
};

/* Append the n ints of aIn: SQLITE_OK or SQLITE_NOMEM (also past 2^30). */
int schedIntsAppend(SchedInts *pList, const int *aIn, int n);

#endif /* MLPSCALE_SCHEDCORE_H */
