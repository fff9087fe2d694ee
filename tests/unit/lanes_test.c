/*
** Unit tests of ext/base/lanes.c, the ordered parallel map: every item comes
** back in order with the value its xWork computed, whatever the number of
** workers, the ring size and the timing (items take random short times);
** xWork's return codes reach the caller; xWait stops every lane; workers
** see lanesStopped; closing early joins workers mid-way.
**
** Exits 0 when every check passes, else prints the failures and exits 1.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/lanes.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "check.h"

typedef struct Item Item;
struct Item {
  int iItem;
  int iLane;
  long long v;
  char pad[100];               /* slots larger than a word */
};

typedef struct Ctx Ctx;
struct Ctx {
  Lanes *p;
  int nSpin;                   /* work per item, varied by item */
  int iFail;                   /* this item returns SQLITE_NOMEM (-1: none) */
  int bWaitForStop;            /* item 3 on a worker spins until stopped */
  int bStuck;                  /* ... and it has started to */
  int aLaneUsed[8];            /* items computed per lane (racy counts are
                               ** not asserted exactly, only that some ran) */
};

static int work(void *pCtx, int iLane, int iItem, void *pOut){
  Ctx *c = (Ctx*)pCtx;
  Item *it = (Item*)pOut;
  unsigned long long v = (unsigned long long)iItem;
  int k, n = c->nSpin * (1 + (iItem*7919)%13);
  for(k=0; k<n; k++) v = (v*6364136223846793005ULL + 1442695040888963407ULL) & 0xffffffffffffULL;
  if( c->bWaitForStop && iItem==3 && iLane>0 ){
    __atomic_store_n(&c->bStuck, 1, __ATOMIC_RELAXED);
    while( !lanesStopped(c->p) ){
      struct timespec t = {0, 100000};
      nanosleep(&t, 0);
    }
  }
  memset(it, 0, sizeof(*it));
  it->iItem = iItem;
  it->iLane = iLane;
  it->v = (long long)v;
  if( iLane>=0 && iLane<8 ) __atomic_add_fetch(&c->aLaneUsed[iLane], 1, __ATOMIC_RELAXED);
  return iItem==c->iFail ? SQLITE_NOMEM : SQLITE_OK;
}

/* The value work() computes for iItem, computed here alone. */
static long long expect(int nSpin, int iItem){
  Ctx c;
  Item it;
  memset(&c, 0, sizeof(c));
  c.nSpin = nSpin;
  c.iFail = -1;
  work(&c, 9, iItem, &it);
  return it.v;
}

static int nWaitCalls;
static int waitNever(void *p){ (void)p; nWaitCalls++; return 0; }
static int waitStop(void *p){ (void)p; nWaitCalls++; return 1; }

static void testOrder(void){
  int nWorker, nRing, nItem, nSpin;
  for(nWorker=0; nWorker<=3; nWorker++){
    for(nRing=1; nRing<=5; nRing+=2){
      for(nItem=0; nItem<=40; nItem+=(nItem<3 ? 1 : 37)){
        for(nSpin=0; nSpin<=20000; nSpin+=20000){
          Ctx c;
          Lanes *p;
          int i, rc, nWrong = 0;
          memset(&c, 0, sizeof(c));
          c.nSpin = nSpin;
          c.iFail = -1;
          rc = lanesOpen(&c.p, nItem, nWorker, sizeof(Item), nRing, work, &c);
          p = c.p;
          CHECK(rc==SQLITE_OK, "open %d", rc);
          CHECK(lanesWorkers(p)<=nWorker && lanesWorkers(p)<=(nItem>1 ? nItem-1 : 0),
                "workers %d of %d for %d items", lanesWorkers(p), nWorker, nItem);
          for(i=0; i<nItem; i++){
            Item it;
            rc = lanesNext(p, i, &it, waitNever, 0);
            if( rc!=SQLITE_OK || it.iItem!=i || it.v!=expect(nSpin, i) ) nWrong++;
          }
          CHECK(nWrong==0, "%d wrong items (workers %d, ring %d, items %d, spin %d)",
                nWrong, nWorker, nRing, nItem, nSpin);
          lanesClose(p);
        }
      }
    }
  }
}

/* With slow items and one worker, both lanes compute some. */
static void testBothLanes(void){
  Ctx c;
  Lanes *p;
  int i;
  memset(&c, 0, sizeof(c));
  c.nSpin = 200000;
  c.iFail = -1;
  CHECK(lanesOpen(&c.p, 200, 1, sizeof(Item), 4, work, &c)==SQLITE_OK, "open");
  p = c.p;
  for(i=0; i<200; i++){
    Item it;
    CHECK(lanesNext(p, i, &it, waitNever, 0)==SQLITE_OK && it.iItem==i, "item %d", i);
  }
  if( lanesWorkers(p)>0 ){
    CHECK(c.aLaneUsed[0]>0 && c.aLaneUsed[1]>0, "lanes used: %d %d",
          c.aLaneUsed[0], c.aLaneUsed[1]);
  }
  lanesClose(p);
}

/* Items must be asked for in order: anything else is SQLITE_MISUSE. */
static void testMisuse(void){
  int nWorker;
  for(nWorker=0; nWorker<=1; nWorker++){
    Ctx c;
    Lanes *p;
    Item it;
    memset(&c, 0, sizeof(c));
    c.iFail = -1;
    CHECK(lanesOpen(&c.p, 5, nWorker, sizeof(Item), 4, work, &c)==SQLITE_OK, "open");
    p = c.p;
    CHECK(lanesNext(p, 1, &it, 0, 0)==SQLITE_MISUSE, "item 1 first");
    CHECK(lanesNext(p, 0, &it, 0, 0)==SQLITE_OK && it.iItem==0, "item 0");
    CHECK(lanesNext(p, 0, &it, 0, 0)==SQLITE_MISUSE, "item 0 again");
    CHECK(lanesNext(p, 1, &it, 0, 0)==SQLITE_OK && it.iItem==1, "item 1");
    CHECK(lanesNext(p, 2, &it, 0, 0)==SQLITE_OK, "item 2");
    CHECK(lanesNext(p, 3, &it, 0, 0)==SQLITE_OK, "item 3");
    CHECK(lanesNext(p, 4, &it, 0, 0)==SQLITE_OK, "item 4");
    CHECK(lanesNext(p, 5, &it, 0, 0)==SQLITE_MISUSE, "past the end");
    lanesClose(p);
  }
}

/* An item's return code comes back with it; later items still work. */
static void testRc(void){
  int nWorker;
  for(nWorker=0; nWorker<=2; nWorker++){
    Ctx c;
    Lanes *p;
    int i, nBad = 0;
    memset(&c, 0, sizeof(c));
    c.nSpin = 1000;
    c.iFail = 5;
    CHECK(lanesOpen(&c.p, 20, nWorker, sizeof(Item), 3, work, &c)==SQLITE_OK, "open");
    p = c.p;
    for(i=0; i<20; i++){
      Item it;
      int rc = lanesNext(p, i, &it, 0, 0);
      if( rc!=(i==5 ? SQLITE_NOMEM : SQLITE_OK) || it.iItem!=i ) nBad++;
    }
    CHECK(nBad==0, "return codes, %d workers", nWorker);
    lanesClose(p);
  }
}

/* A worker stuck in item 3 until the lanes stop: xWait stops them, and
** lanesNext reports SQLITE_INTERRUPT; closing then joins the worker. */
static void testStop(void){
  Ctx c;
  Lanes *p;
  int i, rc = SQLITE_OK;
  memset(&c, 0, sizeof(c));
  c.iFail = -1;
  c.bWaitForStop = 1;
  CHECK(lanesOpen(&c.p, 50, 2, sizeof(Item), 8, work, &c)==SQLITE_OK, "open");
  p = c.p;
  if( lanesWorkers(p)==0 ){
    lanesClose(p);
    return;
  }
  /* Until the caller asks, only workers claim items, in order: one of
  ** them takes item 3 and gets stuck in it. */
  while( !__atomic_load_n(&c.bStuck, __ATOMIC_RELAXED) ){
    struct timespec t = {0, 1000*1000};
    nanosleep(&t, 0);
  }
  nWaitCalls = 0;
  for(i=0; i<50 && rc==SQLITE_OK; i++){
    Item it;
    rc = lanesNext(p, i, &it, waitStop, 0);
  }
  CHECK(rc==SQLITE_INTERRUPT && nWaitCalls==1, "stopped: rc %d after %d waits", rc, nWaitCalls);
  CHECK(lanesStopped(p), "stopped flag");
  lanesClose(p);

  /* Closing early, with the workers mid-way, does not hang. */
  memset(&c, 0, sizeof(c));
  c.iFail = -1;
  c.nSpin = 100000;
  CHECK(lanesOpen(&c.p, 1000, 3, sizeof(Item), 4, work, &c)==SQLITE_OK, "open");
  p = c.p;
  {
    Item it;
    CHECK(lanesNext(p, 0, &it, 0, 0)==SQLITE_OK, "first item");
  }
  lanesClose(p);
  lanesClose(0);
}

int main(void){
  testOrder();
  testBothLanes();
  testRc();
  testMisuse();
  testStop();
  if( nFail ){
    fprintf(stderr, "lanes_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("lanes_test: %d checks passed\n", nCheck);
  return 0;
}
