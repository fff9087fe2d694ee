/*
** lanes.c: the ordered parallel map of ext/base/lanes.h.
**
** One mutex and one condition variable guard everything: items are
** claimed in order (iClaim), a worker computes its item into the ring slot
** iItem % nRing, and the caller takes items in order (iTaken). A worker
** claims item i only while i < iTaken + nRing, so the slot it writes was
** emptied by the caller before. The caller is a lane too: it computes the
** item it asks for when no worker has claimed it yet, and while a worker
** computes it, the next unclaimed item of the ring (into its slot), so it
** waits only when the ring is full; with one CPU the lanes degrade to a
** plain loop.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/lanes.h"
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

#define SLOT_FREE 0
#define SLOT_BUSY 1
#define SLOT_DONE 2

typedef struct LaneArg LaneArg;
struct LaneArg {
  Lanes *p;
  int iLane;                 /* 1..nWorker */
};

struct Lanes {
  int nItem, nRing, nWorker;
  size_t nSlot;
  int (*xWork)(void*, int, int, void*);
  void *pCtx;
  pthread_mutex_t mu;
  pthread_cond_t cv;         /* signalled on every change of state */
  int iClaim;                /* the first item nobody has claimed */
  int iTaken;                /* items before it are the caller's */
  int bStop;                 /* written under mu, read atomically */
  int *aState;               /* per slot: SLOT_* */
  int *aItem;                /* per slot: the item it holds */
  int *aRc;                  /* per slot: xWork's return code */
  char *aSlot;               /* nRing*nSlot bytes */
  pthread_t *aThread;
  LaneArg *aArg;
};

static void *laneMain(void *pArg){
  LaneArg *a = (LaneArg*)pArg;
  Lanes *p = a->p;
  pthread_mutex_lock(&p->mu);
  while( !p->bStop && p->iClaim<p->nItem ){
    int i = p->iClaim, s, rc;
    if( i>=p->iTaken+p->nRing ){
      pthread_cond_wait(&p->cv, &p->mu);        /* the ring is full */
      continue;
    }
    s = i % p->nRing;
    assert( p->aState[s]==SLOT_FREE );   /* emptied by the caller: i < iTaken + nRing */
    p->iClaim++;
    p->aState[s] = SLOT_BUSY;
    p->aItem[s] = i;
    pthread_mutex_unlock(&p->mu);
    rc = p->xWork(p->pCtx, a->iLane, i, p->aSlot + (size_t)s*p->nSlot);
    pthread_mutex_lock(&p->mu);
    p->aRc[s] = rc;
    p->aState[s] = SLOT_DONE;
    pthread_cond_broadcast(&p->cv);
  }
  pthread_mutex_unlock(&p->mu);
  return 0;
}

int lanesOpen(Lanes **pp, int nItem, int nWorker, size_t nSlot, int nRing,
              int (*xWork)(void*, int, int, void*), void *pCtx){
  Lanes *p;
  int i;
  *pp = 0;
  if( nRing<1 ) nRing = 1;
  if( nWorker<0 || sqlite3_threadsafe()==0 ) nWorker = 0;
  if( nWorker>nItem-1 ) nWorker = nItem>1 ? nItem-1 : 0;
  if( nWorker>nRing-1 ) nWorker = nRing-1;  /* more would find no slot */
  p = sqlite3_malloc64(sizeof(*p));
  if( p==0 ) return SQLITE_NOMEM;
  memset(p, 0, sizeof(*p));
  p->nItem = nItem;
  p->nRing = nRing;
  p->nSlot = nSlot;
  p->xWork = xWork;
  p->pCtx = pCtx;
  *pp = p;
  if( nWorker==0 ) return SQLITE_OK;
  p->aState = sqlite3_malloc64(sizeof(int)*3*(sqlite3_uint64)nRing);
  p->aSlot = sqlite3_malloc64((sqlite3_uint64)nSlot*(sqlite3_uint64)nRing);
  p->aThread = sqlite3_malloc64(sizeof(pthread_t)*(sqlite3_uint64)nWorker);
  p->aArg = sqlite3_malloc64(sizeof(LaneArg)*(sqlite3_uint64)nWorker);
  if( p->aState==0 || p->aSlot==0 || p->aThread==0 || p->aArg==0 ){
    return SQLITE_NOMEM;     /* lanesClose frees what was allocated */
  }
  memset(p->aState, 0, sizeof(int)*3*(size_t)nRing);
  p->aItem = p->aState + nRing;
  p->aRc = p->aItem + nRing;
  if( pthread_mutex_init(&p->mu, 0)!=0 ) return SQLITE_OK;
  {
    /* Timed waits on the monotonic clock: setting the time does not
    ** stretch them. */
    pthread_condattr_t attr;
    int bCv = pthread_condattr_init(&attr)==0;
    if( bCv ){
      pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
      bCv = pthread_cond_init(&p->cv, &attr)==0;
      pthread_condattr_destroy(&attr);
    }
    if( !bCv ){
      pthread_mutex_destroy(&p->mu);
      return SQLITE_OK;
    }
  }
  p->nWorker = -1;           /* the mutex and cv exist */
  for(i=0; i<nWorker; i++){
    p->aArg[i].p = p;
    p->aArg[i].iLane = i+1;
    if( pthread_create(&p->aThread[i], 0, laneMain, &p->aArg[i])!=0 ) break;
  }
  /* Fewer threads than asked (or none) is not an error: the caller's
  ** thread computes what no worker claims. */
  p->nWorker = i==0 ? -1 : i;
  return SQLITE_OK;
}

int lanesNext(Lanes *p, int iItem, void *pOut,
              int (*xWait)(void*), void *pWaitArg){
  int s = iItem % p->nRing;
  if( iItem!=p->iTaken || iItem>=p->nItem ) return SQLITE_MISUSE;
  if( p->nWorker<=0 ){
    p->iTaken++;
    return p->xWork(p->pCtx, 0, iItem, pOut);
  }
  pthread_mutex_lock(&p->mu);
  for(;;){
    struct timespec t;
    assert( p->iTaken==iItem && p->iClaim<=p->iTaken+p->nRing && p->iClaim<=p->nItem );
    if( p->aState[s]==SLOT_DONE && p->aItem[s]==iItem ){
      int rc = p->aRc[s];
      memcpy(pOut, p->aSlot + (size_t)s*p->nSlot, p->nSlot);
      p->aState[s] = SLOT_FREE;
      p->iTaken = iItem+1;
      pthread_cond_broadcast(&p->cv);
      pthread_mutex_unlock(&p->mu);
      return rc;
    }
    if( p->iClaim<=iItem ){
      /* Unclaimed: compute it here, and let the workers run ahead. */
      p->iClaim = iItem+1;
      p->iTaken = iItem+1;
      pthread_cond_broadcast(&p->cv);
      pthread_mutex_unlock(&p->mu);
      return p->xWork(p->pCtx, 0, iItem, pOut);
    }
    /* A worker has it. Rather than wait, compute the next unclaimed item
    ** into its slot, if the ring has room. */
    if( p->iClaim<p->nItem && p->iClaim<p->iTaken+p->nRing ){
      int j = p->iClaim++, sj = j % p->nRing, rc;
      assert( p->aState[sj]==SLOT_FREE );
      p->aState[sj] = SLOT_BUSY;
      p->aItem[sj] = j;
      pthread_mutex_unlock(&p->mu);
      rc = p->xWork(p->pCtx, 0, j, p->aSlot + (size_t)sj*p->nSlot);
      pthread_mutex_lock(&p->mu);
      p->aRc[sj] = rc;
      p->aState[sj] = SLOT_DONE;
      if( rc==SQLITE_INTERRUPT ){
        /* The caller's own stop check fired: stop every lane now. */
        __atomic_store_n(&p->bStop, 1, __ATOMIC_RELAXED);
      }
      pthread_cond_broadcast(&p->cv);
      continue;
    }
    /* Nothing to do but wait, asking xWait every 10 ms. */
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_nsec += 10*1000*1000;
    if( t.tv_nsec>=1000000000L ){
      t.tv_sec++;
      t.tv_nsec -= 1000000000L;
    }
    if( pthread_cond_timedwait(&p->cv, &p->mu, &t)==ETIMEDOUT && xWait ){
      int bStop;
      pthread_mutex_unlock(&p->mu);
      bStop = xWait(pWaitArg);
      pthread_mutex_lock(&p->mu);
      if( bStop ){
        __atomic_store_n(&p->bStop, 1, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&p->cv);
        pthread_mutex_unlock(&p->mu);
        return SQLITE_INTERRUPT;
      }
    }
  }
}

int lanesStopped(Lanes *p){
  return __atomic_load_n(&p->bStop, __ATOMIC_RELAXED);
}

int lanesWorkers(const Lanes *p){
  return p && p->nWorker>0 ? p->nWorker : 0;
}

void lanesClose(Lanes *p){
  int i;
  if( p==0 ) return;
  if( p->nWorker!=0 ){
    pthread_mutex_lock(&p->mu);
    __atomic_store_n(&p->bStop, 1, __ATOMIC_RELAXED);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for(i=0; i<p->nWorker; i++) pthread_join(p->aThread[i], 0);
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
  }
  sqlite3_free(p->aState);
  sqlite3_free(p->aSlot);
  sqlite3_free(p->aThread);
  sqlite3_free(p->aArg);
  sqlite3_free(p);
}
