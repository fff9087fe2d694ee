/*
** schedcore.h: what the two simulators of gpu_schedule() share, written
** once: ext/scheduling/pool.c (a cluster of equal nodes) and ext/scheduling/nodetable.c (a node
** table). Plain C, no SQL; internal to them (the API is ext/scheduling/pool.h and
** ext/scheduling/nodetable.h).
**
** A SchedState is the part of a run that does not depend on where a job
** goes: the jobs, the static queue order, the queue, the running jobs (by
** believed end, and a heap by finish), the result rows, the conservative
** reservations' alternatives and start times, the event clock. Each
** simulator embeds one as its member `st` and drives it through
** schedEvents() with its own placement, given as SchedHooks.
*/
#ifndef MLPSCALE_SCHEDCORE_H
#define MLPSCALE_SCHEDCORE_H

#include "scheduling/pool.h"
#include "base/util.h"

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
  int (*xPass)(void *p);      /* one scheduling pass at now (none, easy) */
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
** The alternative of job j to use now (none, easy): fixed, or the one
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
