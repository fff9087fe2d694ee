/*
** lanes.h: an ordered parallel map (ext/base/lanes.c), plain C over POSIX
** threads. Items 0..nItem-1 are computed by xWork, each independently, on
** the caller's thread and on up to nWorker worker threads; the caller takes
** them back strictly in order, so what it sees does not depend on how many
** lanes ran or on timing. mlperf_runs reads its logs this way.
**
**   Lanes *p;
**   rc = lanesOpen(&p, nItem, nWorker, sizeof(Result), 8, xWork, pCtx);
**   for(i=0; i<nItem && rc==SQLITE_OK; i++){
**     rc = lanesNext(p, i, &result, xWait, pWaitArg);
**     ... use result ...
**   }
**   lanesClose(p);
**
** xWork(pCtx, iLane, iItem, pOut) computes item iItem into pOut (nSlot
** bytes) and returns an SQLite code, which lanesNext returns for that
** item. iLane is 0 on the caller's thread and 1..nWorker on the workers,
** so that pCtx can hold one scratch state per lane; a worker runs no SQLite
** call but memory-free ones, and should ask lanesStopped() in long loops.
** Workers allocate nothing: the ring of nRing result slots is allocated by
** lanesOpen, on the caller's thread, and bounds how far they run ahead.
**
** Without threads (nWorker 0, sqlite3_threadsafe() 0, or pthread_create
** failing) every item is computed by lanesNext on the caller's thread.
*/
#ifndef MLPSCALE_LANES_H
#define MLPSCALE_LANES_H

#include <stddef.h>

typedef struct Lanes Lanes;

/*
** Start the workers. Returns SQLITE_OK (then *pp must be closed with
** lanesClose) or SQLITE_NOMEM. nRing >= 1 slots of nSlot bytes.
*/
int lanesOpen(Lanes **pp, int nItem, int nWorker, size_t nSlot, int nRing,
              int (*xWork)(void*, int, int, void*), void *pCtx);

/*
** Item iItem (0, 1, 2, ... in turn; any other order is SQLITE_MISUSE) into
** pOut: its xWork return code. While a worker still computes it, the
** caller computes the next unclaimed items (into their slots); when there
** is none, xWait(pWaitArg) (may be 0) is asked about every 10 ms: non-zero
** stops every lane and returns SQLITE_INTERRUPT. An xWork of the caller's
** that returns SQLITE_INTERRUPT stops every lane too.
*/
int lanesNext(Lanes *p, int iItem, void *pOut,
              int (*xWait)(void*), void *pWaitArg);

/* Non-zero once the lanes have been told to stop (for xWork's loops). */
int lanesStopped(Lanes *p);

/* Stop the workers, wait for them, free everything (p may be 0). */
void lanesClose(Lanes *p);

/* The number of workers that run (0 without threads). Only the unit test
** (tests/unit/lanes_test.c) asks it, to check the cap on workers. */
int lanesWorkers(const Lanes *p);

#endif /* MLPSCALE_LANES_H */
