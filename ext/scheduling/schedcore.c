/*
** schedcore.c: the parts of a gpu_schedule() run that both simulators,
** the pool of equal nodes (pool.c) and the table of nodes (nodetable.c),
** share (ext/scheduling/schedcore.h): checks of the jobs, the bounds of
** their times, the queue order and its policies, the queue, the running
** jobs, the result rows, the event loop and the conservative pass. Plain
** C, no SQL.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/schedcore.h"
#include "base/stats.h"
#include <assert.h>
#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- sorting */

/* schedSortInts' comparison, through utilMergeSort's element pointers. */
typedef struct SortInts SortInts;
struct SortInts { int (*xCmp)(void*, int, int); void *pCtx; };
static int sortIntsCmp(void *pArg, const void *x, const void *y){
  const SortInts *s = (const SortInts*)pArg;
  return s->xCmp(s->pCtx, *(const int*)x, *(const int*)y);
}

int schedSortInts(int *a, int n, int (*xCmp)(void*, int, int), void *pCtx){
  SortInts s;
  int *aTmp;
  if( n<2 ) return SQLITE_OK;
  aTmp = sqlite3_malloc64(sizeof(int)*(sqlite3_uint64)n);
  if( aTmp==0 ) return SQLITE_NOMEM;
  s.xCmp = xCmp;
  s.pCtx = pCtx;
  utilMergeSort(a, aTmp, n, sizeof(int), sortIntsCmp, &s, 0);
  sqlite3_free(aTmp);
  return SQLITE_OK;
}

/* ------------------------------------------------------------ queue order */

void schedOrderKeys(int eOrder, int nJob, SchedJob *aJob, const SchedAlt *aAlt){
  int i;
  for(i=0; i<nJob; i++){
    SchedJob *pJob = &aJob[i];
    const SchedAlt *pAlt = &aAlt[pJob->iAlt];
    switch( eOrder ){
      case SCHED_ORDER_SUBMIT:       pJob->key = pJob->submit; break;
      case SCHED_ORDER_SHORTEST:     pJob->key = pAlt->estimate; break;
      case SCHED_ORDER_LONGEST:      pJob->key = -pAlt->estimate; break;
      case SCHED_ORDER_FEWEST_GPUS:  pJob->key = (double)pAlt->gpus; break;
      case SCHED_ORDER_MOST_GPUS:    pJob->key = -(double)pAlt->gpus; break;
      case SCHED_ORDER_LARGEST_AREA: pJob->key = -(double)pAlt->gpus*pAlt->estimate; break;
      default:                       pJob->key = 0.0; break;
    }
  }
}

int schedOrderRanks(int nJob, SchedJob *aJob, int *aIdx,
                    int (*xCmp)(void*, int, int), void *pCtx, int bDesc){
  double rank = 0.0;
  int i, rc;
  for(i=0; i<nJob; i++) aIdx[i] = i;
  rc = schedSortInts(aIdx, nJob, xCmp, pCtx);
  if( rc ) return rc;
  for(i=0; i<nJob; i++){
    if( i>0 && xCmp(pCtx, aIdx[i-1], aIdx[i])!=0 ) rank += 1.0;
    aJob[aIdx[i]].key = bDesc ? -rank : rank;
  }
  return SQLITE_OK;
}

/* ------------------------------------------------------- checks and bounds */

int schedRefuse(SchedError *pErr, int eWhy, int iJob, int iAlt){
  pErr->eWhy = eWhy;
  pErr->iJob = iJob;
  pErr->iAlt = iAlt;
  return SQLITE_ERROR;
}

/* ------------------------------------------------------------- validation */

int schedCheckJob(int nAlt, const SchedJob *aJob, int i, SchedError *pErr){
  const SchedJob *pJob = &aJob[i];
  if( pJob->nAlt<1 || pJob->iAlt<0 || pJob->iAlt>nAlt-pJob->nAlt ){
    return schedRefuse(pErr, SCHED_WHY_ALT, i, -1);
  }
  if( !isfinite(pJob->submit) ) return schedRefuse(pErr, SCHED_WHY_SUBMIT, i, -1);
  return SQLITE_OK;
}

int schedCheckAlt(const SchedAlt *aAlt, int i, int k, SchedError *pErr){
  const SchedAlt *pAlt = &aAlt[k];
  if( pAlt->gpus<=0 ) return schedRefuse(pErr, SCHED_WHY_GPUS, i, k);
  if( !isfinite(pAlt->runtime) || pAlt->runtime<=0.0 ){
    return schedRefuse(pErr, SCHED_WHY_RUNTIME, i, k);
  }
  if( !isfinite(pAlt->estimate) || pAlt->estimate<=0.0 ){
    return schedRefuse(pErr, SCHED_WHY_ESTIMATE, i, k);
  }
  return SQLITE_OK;
}

int schedCheckTimes(int nJob, const SchedJob *aJob, const SchedAlt *aAlt,
                    SchedError *pErr){
  double lo, hi;
  schedTimeBounds(nJob, aJob, aAlt, &lo, &hi);
  if( !isfinite(hi) || !isfinite(hi-lo) ){
    return schedRefuse(pErr, SCHED_WHY_TIME, -1, -1);
  }
  return SQLITE_OK;
}

/* ------------------------------------------------------------------ setup */

void schedTimeBounds(int nJob, const SchedJob *aJob, const SchedAlt *aAlt,
                     double *pLo, double *pHi){
  double lo = 0.0, hiSubmit = 0.0, sum = 0.0;
  int i, k;
  for(i=0; i<nJob; i++){
    double longest = 0.0;
    if( i==0 || aJob[i].submit<lo ) lo = aJob[i].submit;
    if( i==0 || aJob[i].submit>hiSubmit ) hiSubmit = aJob[i].submit;
    for(k=aJob[i].iAlt; k<aJob[i].iAlt+aJob[i].nAlt; k++){
      if( aAlt[k].runtime>longest ) longest = aAlt[k].runtime;
      if( aAlt[k].estimate>longest ) longest = aAlt[k].estimate;
    }
    sum += longest;
  }
  *pLo = lo;
  *pHi = hiSubmit + sum;
}

void *schedAllocArray(sqlite3_uint64 n, size_t sz, int *pOk){
  void *pNew = sqlite3_malloc64((n ? n : 1)*sz);
  if( pNew==0 ) *pOk = 0;
  else memset(pNew, 0, (n ? n : 1)*sz);
  return pNew;
}

int schedAltBetter(const SchedAlt *aAlt, int a, double f, int aBest, double fBest){
  return aBest<0 || f<fBest || (f==fBest && aAlt[a].gpus<aAlt[aBest].gpus);
}

int schedChooseNow(const SchedState *st, int j,
                   double (*xEarliest)(void*, int, int), void *p){
  const SchedJob *pJob = &st->aJob[j];
  int a = st->aFixedAlt[j], k;
  double bestFinish = 0.0;
  if( a>=0 ) return a;
  for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
    double f = xEarliest(p, j, k) + st->aAlt[k].estimate;
    if( schedAltBetter(st->aAlt, k, f, a, bestFinish) ){
      a = k;
      bestFinish = f;
    }
  }
  return a;
}

static int cmpQueue(void *pCtx, int x, int y){
  const SchedState *st = (const SchedState*)pCtx;
  const SchedJob *a = &st->aJob[x], *b = &st->aJob[y];
  int c = statsCmpDouble(a->key, b->key);
  if( c==0 ) c = statsCmpDouble(a->submit, b->submit);
  if( c==0 ) c = a->tie<b->tie ? -1 : a->tie>b->tie ? 1 : 0;
  if( c==0 ) c = x<y ? -1 : x>y ? 1 : 0;
  return c;
}

static int cmpArrival(void *pCtx, int x, int y){
  const SchedState *st = (const SchedState*)pCtx;
  int c = statsCmpDouble(st->aJob[x].submit, st->aJob[y].submit);
  return c ? c : st->aRank[x]-st->aRank[y];
}

/* Alternatives fixed in advance: rigid jobs, and "fastest" (the shortest
** estimate, then the fewest GPUs). -1 where the policy chooses later. */
static void fixAlternatives(SchedState *st){
  int i, k;
  for(i=0; i<st->nJob; i++){
    const SchedJob *pJob = &st->aJob[i];
    const SchedAlt *aAlt = st->aAlt;
    st->aFixedAlt[i] = pJob->nAlt==1 ? pJob->iAlt : -1;
    if( pJob->nAlt>1 && st->pCfg->eMoldable==SCHED_MOLDABLE_FASTEST ){
      int a = pJob->iAlt;
      for(k=pJob->iAlt+1; k<pJob->iAlt+pJob->nAlt; k++){
        if( aAlt[k].estimate<aAlt[a].estimate
         || (aAlt[k].estimate==aAlt[a].estimate && aAlt[k].gpus<aAlt[a].gpus) ){
          a = k;
        }
      }
      st->aFixedAlt[i] = a;
    }
  }
}

int schedStateInit(SchedState *st, const SchedConfig *pCfg, int nJob,
                   const SchedJob *aJob, const SchedAlt *aAlt, SchedResult *aRes,
                   SchedError *pErr){
  int ok = 1, i, rc;
  utilStopInit(&st->stop, pCfg->xStop, pCfg->pStopArg);
  st->pCfg = pCfg;
  st->pErr = pErr;
  st->tNextRes = HUGE_VAL;
  st->nJob = nJob;
  st->aJob = aJob;
  st->aAlt = aAlt;
  st->aRes = aRes;
  st->aFixedAlt = schedAllocArray(nJob, sizeof(int), &ok);
  st->aRank = schedAllocArray(nJob, sizeof(int), &ok);
  st->aByRank = schedAllocArray(nJob, sizeof(int), &ok);
  st->aArr = schedAllocArray(nJob, sizeof(int), &ok);
  st->aQ = schedAllocArray(nJob, sizeof(int), &ok);
  st->aRun = schedAllocArray(nJob, sizeof(int), &ok);
  st->aEnd = schedAllocArray(nJob, sizeof(double), &ok);
  st->aHeap = schedAllocArray(nJob, sizeof(int), &ok);
  if( pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE ){
    st->aResAlt = schedAllocArray(nJob, sizeof(int), &ok);
    st->aResStart = schedAllocArray(nJob, sizeof(double), &ok);
  }
  if( !ok ) return SQLITE_NOMEM;
  if( st->aResAlt ){
    for(i=0; i<nJob; i++){
      st->aResAlt[i] = -1;
      aRes[i].reserved = HUGE_VAL;
    }
  }
  fixAlternatives(st);
  for(i=0; i<nJob; i++) st->aByRank[i] = i;
  rc = schedSortInts(st->aByRank, nJob, cmpQueue, st);
  if( rc ) return rc;
  for(i=0; i<nJob; i++) st->aRank[st->aByRank[i]] = i;
  for(i=0; i<nJob; i++) st->aArr[i] = i;
  return schedSortInts(st->aArr, nJob, cmpArrival, st);
}

void schedStateFree(SchedState *st){
  sqlite3_free(st->aFixedAlt);
  sqlite3_free(st->aRank);
  sqlite3_free(st->aByRank);
  sqlite3_free(st->aArr);
  sqlite3_free(st->aQ);
  sqlite3_free(st->aRun);
  sqlite3_free(st->aEnd);
  sqlite3_free(st->aHeap);
  sqlite3_free(st->aResAlt);
  sqlite3_free(st->aResStart);
}

/* ------------------------------------------------------------ the queue */

void schedQueueAdd(SchedState *st, int j){
  int lo = 0, hi = st->nQ;
  while( lo<hi ){
    int mid = lo + (hi-lo)/2;
    if( st->aRank[st->aQ[mid]]<st->aRank[j] ) lo = mid+1; else hi = mid;
  }
  memmove(&st->aQ[lo+1], &st->aQ[lo], sizeof(int)*(size_t)(st->nQ-lo));
  st->aQ[lo] = j;
  st->nQ++;
  if( st->aResAlt ) st->aResAlt[j] = -1;
}

/* ----------------------------------------------------- the running jobs */

/* Index in aRun where job j (believed end aEnd[j]) belongs. */
static int runSlot(const SchedState *st, int j){
  int lo = 0, hi = st->nRun;
  double e = st->aEnd[j];
  while( lo<hi ){
    int mid = lo + (hi-lo)/2;
    int k = st->aRun[mid];
    if( st->aEnd[k]<e || (st->aEnd[k]==e && st->aRank[k]<st->aRank[j]) ) lo = mid+1;
    else hi = mid;
  }
  return lo;
}

static int heapLess(const SchedState *st, int x, int y){
  double fx = st->aRes[x].finish, fy = st->aRes[y].finish;
  return fx<fy || (fx==fy && st->aRank[x]<st->aRank[y]);
}

static void heapPush(SchedState *st, int j){
  int k = st->nHeap++;
  while( k>0 ){
    int up = (k-1)/2;
    if( !heapLess(st, j, st->aHeap[up]) ) break;
    st->aHeap[k] = st->aHeap[up];
    k = up;
  }
  st->aHeap[k] = j;
}

static int heapPop(SchedState *st){
  int top = st->aHeap[0], last, k = 0;
  assert( st->nHeap>0 );
  last = st->aHeap[--st->nHeap];
  for(;;){
    int c = 2*k+1;
    if( c>=st->nHeap ) break;
    if( c+1<st->nHeap && heapLess(st, st->aHeap[c+1], st->aHeap[c]) ) c++;
    if( !heapLess(st, st->aHeap[c], last) ) break;
    st->aHeap[k] = st->aHeap[c];
    k = c;
  }
  if( st->nHeap>0 ) st->aHeap[k] = last;
  return top;
}

void schedRunningAdd(SchedState *st, int j, int a, int iFirst, int n){
  const SchedAlt *pAlt = &st->aAlt[a];
  SchedResult *pRes = &st->aRes[j];
  int slot;
  assert( st->nRun<st->nJob && st->nHeap<st->nJob );
  pRes->iAlt = a;
  pRes->iSeq = st->nStarted++;
  pRes->start = st->t;
  pRes->finish = st->t + pAlt->runtime;
  if( st->pCfg->eBackfill!=SCHED_BACKFILL_CONSERVATIVE ) pRes->reserved = st->t;
  pRes->iNode = iFirst;
  pRes->nNode = n;
  st->aEnd[j] = st->t + pAlt->estimate;
  slot = runSlot(st, j);
  memmove(&st->aRun[slot+1], &st->aRun[slot], sizeof(int)*(size_t)(st->nRun-slot));
  st->aRun[slot] = j;
  st->nRun++;
  heapPush(st, j);
}

void schedRunningRemove(SchedState *st, int j){
  int slot = runSlot(st, j);
  assert( slot<st->nRun && st->aRun[slot]==j );
  memmove(&st->aRun[slot], &st->aRun[slot+1], sizeof(int)*(size_t)(st->nRun-slot-1));
  st->nRun--;
}

double schedRunningBatch(const SchedState *st, int i, int *piEnd){
  double e = st->aEnd[st->aRun[i]];
  double when = e>st->t ? e : st->t;
  for(i++; i<st->nRun; i++){
    e = st->aEnd[st->aRun[i]];
    if( (e>st->t ? e : st->t)!=when ) break;
  }
  *piEnd = i;
  return when;
}

/* ------------------------------------------------------------ the events */

/* The conservative pass (schedcore.h, SchedHooks). */
static int passConservative(SchedState *st, const SchedHooks *h, void *p){
  int i, nKeep = 0, rc;
  for(i=0; i<st->nQ; i++){
    rc = h->xVisit(p, st->aQ[i]);
    if( rc ) return rc;
  }
  if( utilStopTick(&st->stop, st->nQ) ) return SQLITE_INTERRUPT;
  st->tNextRes = HUGE_VAL;
  for(i=0; i<st->nQ; i++){
    int j = st->aQ[i];
    double s = st->aResStart[j];
    if( s==st->t ){
      if( h->xFreeNow(p, j) ){
        rc = h->xStartReserved(p, j);
        if( rc ) return rc;
        continue;
      }
    }else if( s>st->t && s<st->tNextRes && h->xFreeNow(p, j) ){
      st->tNextRes = s;
    }
    st->aQ[nKeep++] = j;
  }
  st->nQ = nKeep;
  return SQLITE_OK;
}

int schedEvents(SchedState *st, const SchedHooks *h, void *p,
                sqlite3_int64 nEventCost){
  const SchedJob *aJob = st->aJob;
  const SchedResult *aRes = st->aRes;
  const int *aArr = st->aArr;
  int rc = SQLITE_OK, iArr = 0, nDone = 0, nJob = st->nJob;
  while( nDone<nJob ){
    int bArr = iArr<nJob;
    int bFin = st->nHeap>0;
    if( utilStopTick(&st->stop, nEventCost) ) return SQLITE_INTERRUPT;
    if( !bArr && !bFin && st->tNextRes==HUGE_VAL ){
      return schedRefuse(st->pErr, SCHED_WHY_INTERNAL, -1, -1);   /* a bug */
    }
    st->t = st->tNextRes;
    if( bArr && aJob[aArr[iArr]].submit<st->t ) st->t = aJob[aArr[iArr]].submit;
    if( bFin && aRes[st->aHeap[0]].finish<st->t ) st->t = aRes[st->aHeap[0]].finish;
    h->xAdvance(p);
    while( st->nHeap>0 && aRes[st->aHeap[0]].finish==st->t ){
      int j = heapPop(st);
      schedRunningRemove(st, j);
      nDone++;
      rc = h->xFinish(p, j);
      if( rc ) return rc;
    }
    while( iArr<nJob && aJob[aArr[iArr]].submit==st->t ){
      h->xArrive(p, aArr[iArr++]);
    }
    if( st->pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE ){
      rc = passConservative(st, h, p);
    }else{
      rc = h->xPass(p);
    }
    if( rc ) return rc;
    h->xAfterPass(p);
  }
  return SQLITE_OK;
}

/* ---------------------------------------------------------------- output */

int schedIntsAppend(SchedInts *pList, const int *aIn, int n){
  if( pList->n+(sqlite3_int64)n>pList->nAlloc ){
    sqlite3_int64 nNew = (sqlite3_int64)pList->nAlloc*2 + n + 64;
    int *aNew;
    if( nNew>0x3fffffff ) return SQLITE_NOMEM;
    aNew = sqlite3_realloc64(pList->a, sizeof(int)*(sqlite3_uint64)nNew);
    if( aNew==0 ) return SQLITE_NOMEM;
    pList->a = aNew;
    pList->nAlloc = (int)nNew;
  }
  memcpy(&pList->a[pList->n], aIn, sizeof(int)*(size_t)n);
  pList->n += n;
  return SQLITE_OK;
}
