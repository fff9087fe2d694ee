/*
** pool.c: an exact, deterministic discrete-event simulator of a pool of
** equal nodes (plain C, no SQL; the API and the model are in
** ext/scheduling/pool.h, the SQL function gpu_schedule() in
** ext/scheduling/sched_sql.c).
**
** Events are submits and finishes (and, under conservative, reservation
** times). At each event time t the simulator first frees the GPUs of every
** job finishing at t, then queues every job submitted at t, then runs one
** scheduling pass:
**
**   none          while the queue head fits now, start it.
**   easy          the same; then, when the head does not fit, compute its
**                 shadow time S (the earliest instant at which it fits,
**                 believing running jobs end at start + estimate) and the
**                 free GPUs per node at S; a later job starts now if it
**                 fits now and either ends (by its estimate) by S, or
**                 leaves the head able to start at S ("extra" GPUs).
**   greedy        no reservation: every queued job, in queue order, starts
**                 if it fits now (the jobs before it may have been
**                 skipped). A large job can wait for ever behind a stream
**                 of small ones.
**   conservative  (Mu'alem & Feitelson 2001, with compression) every
**                 queued job holds a reservation: a window [start, start +
**                 estimate) on given nodes, kept from event to event in a
**                 profile of free GPUs per node over time (running jobs
**                 until start + estimate, reservations). Walk the queue in
**                 order: a job just submitted gets the earliest window
**                 where it fits; a job with a reservation moves to the
**                 earliest window only if that starts earlier (moldable:
**                 finishes earlier, starting no later), else keeps it,
**                 nodes included. Then every job whose reservation is now
**                 starts. The windows never overlap beyond capacity and a
**                 job's own window stays free for it, so a reservation
**                 never moves later, per node as in one pool: no job
**                 starts after the first reservation it was given.
**
** A running job that outlives its estimate is believed to end "just after
** now": it counts as released in the EASY shadow but not for starting now.
** Under conservative the profile believes it ended at its estimate, so a
** job reserved on its GPUs may find them busy at its reservation time: it
** then stays queued, and at the next submit or finish its reservation (now in the
** past) is given back and it gets the earliest one again, in queue order:
** the one case where a job starts later than its first reservation.
**
** Moldable jobs (several alternatives): "fastest" fixes the alternative
** with the smallest estimate (then fewest GPUs, then first) before the
** run. "earliest_finish" chooses each time the job is considered: the
** alternative whose earliest start given the running jobs (none, easy)
** or the profile (conservative), plus its estimate, is smallest (then
** fewest GPUs, then first). Under none, EASY and greedy the job starts
** only if that alternative can start now; under conservative it is the one
** reserved.
**
** Cost. Waiting jobs sit in a segment tree over their queue rank holding
** their minimum GPU count, so "the queue head" and "the next queued job
** that could fit in F free GPUs" are O(log J); running jobs are kept
** sorted by estimated end. A "none" pass is O(log J) per job started plus
** O(N) per placement on N nodes (O(1) for one pool), so a whole FCFS run
** is O(J log J) for one pool. EASY adds, when the head is blocked, a walk
** of the running jobs up to the shadow time and a search for candidates in
** the same tree, which also holds the minimum estimate of each subtree: a
** subtree is skipped unless its smallest job fits the free GPUs and either
** the extra GPUs or, by its shortest estimate, the time left before the
** shadow (100,000 jobs on 10,000 GPUs: well under a second, make bench).
** Conservative visits the Q queued jobs at every event, but a visit is
** O(1) unless capacity was given back (an early finish, a moved
** reservation) since the job's last visit, as adding load never lets a
** job move earlier; a full visit is O(B * G) to find a window plus
** O(B * G) to move it (B profile segments, about the running and queued
** jobs; G groups of consecutive nodes with the same profile, a handful
** when jobs take whole nodes, at most N). With exact estimates nothing
** moves; with early finishes a run is roughly O(J * Q * B * G): exact,
** independent of the node count for whole-node jobs, meant for thousands
** of jobs, not millions. Starting a job costs O(its nodes).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/pool.h"
#include <assert.h>
#include <math.h>
#include <string.h>

#define SCHED_INF_GPUS ((sqlite3_int64)0x7fffffffffffffffLL)

typedef struct Sim Sim;
struct Sim {
  SchedState st;              /* jobs, queue, running jobs, results, clock */
  sqlite3_int64 P;            /* GPUs per node */
  int N;                      /* nodes */

  sqlite3_int64 *aFree;       /* free GPUs per node, now */
  sqlite3_int64 nFreeTotal;   /* sum of aFree */
  sqlite3_int64 *aScratch;    /* N: free per node at the head's shadow time */
  sqlite3_int64 *aScratch2;   /* N: working copy for earliest-start walks */
  int *aPlace;                /* N: nodes of a placement being considered */

  int nLeaf;                  /* segment tree over ranks: min waiting GPUs */
  sqlite3_int64 *aTree;       /* 2*nLeaf entries, leaves at nLeaf+rank */
  double *aTreeEst;           /* the same tree: min estimate (EASY pruning) */

  SchedInts nodes;            /* node lists of started jobs, appended */

  double *aSegT;              /* conservative profile: segment start times */
  int nSeg;
  int nSegAlloc;
  int *aGrpLo;                /* nGrp+1: group g is nodes [aGrpLo[g], aGrpLo[g+1]) */
  sqlite3_int64 *aGrpFree;    /* nGrpAlloc rows of nSegAlloc: free GPUs per node */
  int *aGrpCur;               /* per group: scratch of earliestWhole() */
  int nGrp;
  int nGrpAlloc;
  int *aIvTry;                /* 2N: node intervals of a placement considered */
  int *aIvBest;               /* 2N: the best one so far */

  int *aResOff;               /* per job: its reserved nodes, intervals at aResIv[2*aResOff..] */
  int *aResN;                 /* per job: how many intervals */
  int *aResIv;
  sqlite3_int64 *aResStamp;   /* per job: nFreed at its last visit */
  sqlite3_int64 nFreed;       /* times profile capacity was given back */
};

/* ------------------------------------------------------------- validation */

int schedCheck(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
               int nAlt, const SchedAlt *aAlt, SchedError *pErr){
  int i, k;
  pErr->eWhy = 0;
  pErr->iJob = -1;
  pErr->iAlt = -1;
  if( pCfg->nGpus<=0 || pCfg->gpusPerNode<=0
   || pCfg->nGpus % pCfg->gpusPerNode!=0 ){
    return schedRefuse(pErr, SCHED_WHY_CONFIG, -1, -1);
  }
  if( pCfg->nGpus/pCfg->gpusPerNode>0x7fffffff ){
    return schedRefuse(pErr, SCHED_WHY_NODES, -1, -1);
  }
  for(i=0; i<nJob; i++){
    const SchedJob *pJob = &aJob[i];
    int rc = schedCheckJob(nAlt, aJob, i, pErr);
    for(k=pJob->iAlt; rc==SQLITE_OK && k<pJob->iAlt+pJob->nAlt; k++){
      const SchedAlt *pAlt = &aAlt[k];
      rc = schedCheckAlt(aAlt, i, k, pErr);
      if( rc ) break;
      if( pAlt->gpus>pCfg->nGpus ) return schedRefuse(pErr, SCHED_WHY_WIDE, i, k);
      if( pAlt->gpus>pCfg->gpusPerNode && pAlt->gpus % pCfg->gpusPerNode!=0 ){
        return schedRefuse(pErr, SCHED_WHY_NODE, i, k);
      }
    }
    if( rc ) return rc;
  }
  return schedCheckTimes(nJob, aJob, aAlt, pErr);
}

/* ----------------------------------------------------------- segment tree */

/* Leaf iRank: v GPUs and estimate e (SCHED_INF_GPUS, HUGE_VAL: not queued). */
static void treeSet(Sim *p, int iRank, sqlite3_int64 v, double e){
  int k = p->nLeaf + iRank;
  p->aTree[k] = v;
  p->aTreeEst[k] = e;
  for(k>>=1; k>=1; k>>=1){
    sqlite3_int64 l = p->aTree[2*k], r = p->aTree[2*k+1];
    double le = p->aTreeEst[2*k], re = p->aTreeEst[2*k+1];
    p->aTree[k] = l<r ? l : r;
    p->aTreeEst[k] = le<re ? le : re;
  }
}

static int treeFindRec(const Sim *p, int k, int lo, int hi, int iFrom,
                       sqlite3_int64 v){
  int mid, r;
  if( hi<iFrom || p->aTree[k]>v ) return -1;
  if( lo==hi ) return lo;
  mid = lo + (hi-lo)/2;
  r = treeFindRec(p, 2*k, lo, mid, iFrom, v);
  return r>=0 ? r : treeFindRec(p, 2*k+1, mid+1, hi, iFrom, v);
}

/* First queue rank >= iFrom of a waiting job that needs <= v GPUs, or -1. */
static int treeFind(const Sim *p, int iFrom, sqlite3_int64 v){
  if( iFrom>=p->nLeaf ) return -1;
  return treeFindRec(p, 1, 0, p->nLeaf-1, iFrom, v);
}

/*
** A subtree may hold an EASY backfill candidate only if its smallest job
** fits the free GPUs and either fits the extra GPUs or its shortest
** estimate ends by the shadow time (a necessary condition on each leaf).
*/
static int easyMay(const Sim *p, int k, sqlite3_int64 nFree, sqlite3_int64 nExtra,
                   double shadow){
  sqlite3_int64 g = p->aTree[k];
  return g<=nFree && (g<=nExtra || p->st.t + p->aTreeEst[k]<=shadow);
}

static int treeFindEasyRec(const Sim *p, int k, int lo, int hi, int iFrom,
                           sqlite3_int64 nFree, sqlite3_int64 nExtra, double shadow){
  int mid, r;
  if( hi<iFrom || !easyMay(p, k, nFree, nExtra, shadow) ) return -1;
  if( lo==hi ) return lo;
  mid = lo + (hi-lo)/2;
  r = treeFindEasyRec(p, 2*k, lo, mid, iFrom, nFree, nExtra, shadow);
  return r>=0 ? r : treeFindEasyRec(p, 2*k+1, mid+1, hi, iFrom, nFree, nExtra, shadow);
}

/* First queue rank >= iFrom that may backfill under EASY, or -1. */
static int treeFindEasy(const Sim *p, int iFrom, sqlite3_int64 nFree,
                        sqlite3_int64 nExtra, double shadow){
  if( iFrom>=p->nLeaf ) return -1;
  return treeFindEasyRec(p, 1, 0, p->nLeaf-1, iFrom, nFree, nExtra, shadow);
}

/* ------------------------------------------------------------- placement */

/* GPUs a job of g GPUs holds on each of its nodes. */
static sqlite3_int64 perNode(const Sim *p, sqlite3_int64 g){
  return g<=p->P ? g : p->P;
}

/*
** Place g GPUs on the free vector aFree: the best-fitting single node when
** g <= P, else g/P whole free nodes, lowest indexes first. Writes the nodes
** to aOut and returns their count, or 0 when g does not fit.
*/
static int placeOn(const Sim *p, const sqlite3_int64 *aFree, sqlite3_int64 g,
                   int *aOut){
  int n;
  if( g<=p->P ){
    int iBest = -1;
    for(n=0; n<p->N; n++){
      if( aFree[n]>=g && (iBest<0 || aFree[n]<aFree[iBest]) ) iBest = n;
    }
    if( iBest<0 ) return 0;
    aOut[0] = iBest;
    return 1;
  }else{
    int nNeed = (int)(g / p->P), nGot = 0;
    for(n=0; n<p->N && nGot<nNeed; n++){
      if( aFree[n]==p->P ) aOut[nGot++] = n;
    }
    return nGot==nNeed ? nGot : 0;
  }
}

/* True if g GPUs fit on aFree. */
static int fitsOn(const Sim *p, const sqlite3_int64 *aFree, sqlite3_int64 g){
  int n;
  if( g<=p->P ){
    for(n=0; n<p->N; n++) if( aFree[n]>=g ) return 1;
    return 0;
  }else{
    sqlite3_int64 nNeed = g / p->P, nGot = 0;
    for(n=0; n<p->N && nGot<nNeed; n++) if( aFree[n]==p->P ) nGot++;
    return nGot==nNeed;
  }
}

/* --------------------------------------------------- running jobs, events */

/* Start job j now with alternative a on the nNode nodes of aOn. */
static int startJob(Sim *p, int j, int a, const int *aOn, int nOn){
  const SchedAlt *pAlt = &p->st.aAlt[a];
  sqlite3_int64 g = perNode(p, pAlt->gpus);
  int i, iFirst = p->nodes.n, rc;
  rc = schedIntsAppend(&p->nodes, aOn, nOn);
  if( rc ) return rc;
  for(i=0; i<nOn; i++){
    assert( aOn[i]>=0 && aOn[i]<p->N && p->aFree[aOn[i]]>=g );
    p->aFree[aOn[i]] -= g;
  }
  p->nFreeTotal -= pAlt->gpus;
  assert( p->nFreeTotal>=0 );
  treeSet(p, p->st.aRank[j], SCHED_INF_GPUS, HUGE_VAL);
  schedRunningAdd(&p->st, j, a, iFirst, nOn);
  return SQLITE_OK;
}

static int consFinish(Sim *p, int j);

/* Job j ended now: its GPUs are free (and, under conservative, what the
** profile still held of it). */
static int finishJob(void *pArg, int j){
  Sim *p = (Sim*)pArg;
  const SchedResult *pRes = &p->st.aRes[j];
  sqlite3_int64 g = p->st.aAlt[pRes->iAlt].gpus;
  int i;
  for(i=0; i<pRes->nNode; i++){
    p->aFree[p->nodes.a[pRes->iNode+i]] += perNode(p, g);
    assert( p->aFree[p->nodes.a[pRes->iNode+i]]<=p->P );
  }
  p->nFreeTotal += g;
  assert( p->nFreeTotal<=p->st.pCfg->nGpus );
  if( p->st.pCfg->eBackfill!=SCHED_BACKFILL_CONSERVATIVE ) return SQLITE_OK;
  return consFinish(p, j);
}

/*
** Earliest time at which g GPUs fit, believing the running jobs end at
** their estimated ends (never before now). aWork receives the free GPUs
** per node at that time.
*/
static double earliestStart(const Sim *p, sqlite3_int64 g,
                            sqlite3_int64 *aWork){
  int i = 0, iEnd;
  double when = p->st.t;
  memcpy(aWork, p->aFree, sizeof(sqlite3_int64)*(size_t)p->N);
  while( !fitsOn(p, aWork, g) && i<p->st.nRun ){
    /* release every job believed to end at the same instant */
    when = schedRunningBatch(&p->st, i, &iEnd);
    for(; i<iEnd; i++){
      const SchedResult *pRes = &p->st.aRes[p->st.aRun[i]];
      sqlite3_int64 per = perNode(p, p->st.aAlt[pRes->iAlt].gpus);
      int k;
      for(k=0; k<pRes->nNode; k++) aWork[p->nodes.a[pRes->iNode+k]] += per;
    }
  }
  return when;
}

/*
** The alternative of job j to use now (none, easy). *pbNow is set when it
** fits now.
*/
static double altEarliest(void *pArg, int j, int a){
  Sim *p = (Sim*)pArg;
  (void)j;
  return earliestStart(p, p->st.aAlt[a].gpus, p->aScratch2);
}
static int chooseNow(Sim *p, int j, int *pbNow){
  int a = schedChooseNow(&p->st, j, altEarliest, p);
  *pbNow = p->st.aAlt[a].gpus<=p->nFreeTotal && fitsOn(p, p->aFree, p->st.aAlt[a].gpus);
  return a;
}

/* --------------------------------------------------------- none and EASY */

/*
** The widest job that fits now: g fits iff g <= this (g <= P on one node
** with g free, or g a multiple of P on g/P idle nodes; with an idle node,
** every g <= P fits).
*/
static sqlite3_int64 widestNow(const Sim *p){
  sqlite3_int64 nIdle = 0, mx = 0;
  int n;
  for(n=0; n<p->N; n++){
    if( p->aFree[n]==p->P ) nIdle++;
    if( p->aFree[n]>mx ) mx = p->aFree[n];
  }
  return nIdle>0 ? nIdle*p->P : mx;
}

/* Greedy: every queued job, in queue order, starts if it fits now. */
static int passGreedy(Sim *p){
  sqlite3_int64 v = widestNow(p);
  int iFrom = 0, rc;
  while( v>0 ){
    int iRank = treeFind(p, iFrom, v), j, a, bNow;
    if( iRank<0 ) break;
    if( utilStopTick(&p->st.stop, 64 + p->N) ) return SQLITE_INTERRUPT;
    iFrom = iRank+1;
    j = p->st.aByRank[iRank];
    a = chooseNow(p, j, &bNow);
    if( !bNow ) continue;
    rc = startJob(p, j, a, p->aPlace,
                  placeOn(p, p->aFree, p->st.aAlt[a].gpus, p->aPlace));
    if( rc ) return rc;
    v = widestNow(p);
  }
  return SQLITE_OK;
}

static int passQueue(void *pArg){
  Sim *p = (Sim*)pArg;
  int iHead, jHead, aHead = 0, bNow, rc, n;
  double shadow;
  sqlite3_int64 gHead, nExtra;
  int iFrom;
  if( p->st.pCfg->eBackfill==SCHED_BACKFILL_GREEDY ) return passGreedy(p);
  for(;;){
    iHead = treeFind(p, 0, SCHED_INF_GPUS-1);
    if( iHead<0 ) return SQLITE_OK;
    jHead = p->st.aByRank[iHead];
    aHead = chooseNow(p, jHead, &bNow);
    if( !bNow ) break;
    rc = startJob(p, jHead, aHead, p->aPlace,
                  placeOn(p, p->aFree, p->st.aAlt[aHead].gpus, p->aPlace));
    if( rc ) return rc;
  }
  if( p->st.pCfg->eBackfill!=SCHED_BACKFILL_EASY ) return SQLITE_OK;

  gHead = p->st.aAlt[aHead].gpus;
  shadow = earliestStart(p, gHead, p->aScratch);
  /* An upper bound of the GPUs a job running past the shadow may take (the
  ** exact test, that the head still fits then, is below). */
  nExtra = -gHead;
  for(n=0; n<p->N; n++) nExtra += p->aScratch[n];
  iFrom = iHead+1;
  while( p->nFreeTotal>0 ){
    int iRank = treeFindEasy(p, iFrom, p->nFreeTotal, nExtra, shadow);
    int j, a, nOn, k;
    sqlite3_int64 per;
    if( iRank<0 ) break;
    iFrom = iRank+1;
    j = p->st.aByRank[iRank];
    a = chooseNow(p, j, &bNow);
    if( !bNow ) continue;
    nOn = placeOn(p, p->aFree, p->st.aAlt[a].gpus, p->aPlace);
    if( p->st.t + p->st.aAlt[a].estimate > shadow ){
      /* Runs past the shadow time: only if the head still fits then. */
      per = perNode(p, p->st.aAlt[a].gpus);
      for(k=0; k<nOn; k++) p->aScratch[p->aPlace[k]] -= per;
      if( !fitsOn(p, p->aScratch, gHead) ){
        for(k=0; k<nOn; k++) p->aScratch[p->aPlace[k]] += per;
        continue;
      }
      nExtra -= p->st.aAlt[a].gpus;
    }
    rc = startJob(p, j, a, p->aPlace, nOn);
    if( rc ) return rc;
  }
  return SQLITE_OK;
}

/* ----------------------------------------------------------- conservative */

/*
** The profile: free GPUs per node over time, from now on, believing every
** running job ends at start + estimate and every queued job runs over its
** reservation [start, start + estimate) on its reserved nodes. Segment k
** covers [aSegT[k], aSegT[k+1]); the last one, every GPU free, has no end.
** It is kept across events: a job that starts takes exactly its reserved
** window, so only early finishes and moved reservations change it.
**
** It is stored by groups of consecutive nodes that have the same free GPUs
** in every segment: group g is the nodes [aGrpLo[g], aGrpLo[g+1]), with
** one row of free GPUs per node over the segments (grpRow). A job wider
** than a node takes runs of consecutive nodes, lowest indexes first, so a
** few groups describe thousands of nodes, and searching or updating the
** profile costs per group, not per node. Node sets are lists of intervals
** [lo, hi) (two ints each). A group is split where a node set starts or
** ends inside it and merged with a neighbour that becomes equal again; the
** grouping is only a representation: every search answers as it would
** node by node (the node with the lowest index wins where nodes tie).
*/
static sqlite3_int64 *grpRow(const Sim *p, int g){
  return &p->aGrpFree[(size_t)g*(size_t)p->nSegAlloc];
}

/* Room for n segments in every group row (rows move to the new stride). */
static int segReserve(Sim *p, int n){
  if( n>p->nSegAlloc ){
    int nNew = n*2 + 16, g;
    double *aT = sqlite3_realloc64(p->aSegT, sizeof(double)*(sqlite3_uint64)nNew);
    sqlite3_int64 *aF;
    if( aT==0 ) return SQLITE_NOMEM;
    p->aSegT = aT;
    aF = sqlite3_realloc64(p->aGrpFree, sizeof(sqlite3_int64)
                           *(sqlite3_uint64)nNew*(sqlite3_uint64)p->nGrpAlloc);
    if( aF==0 ) return SQLITE_NOMEM;
    for(g=p->nGrp-1; g>0; g--){
      memmove(&aF[(size_t)g*(size_t)nNew], &aF[(size_t)g*(size_t)p->nSegAlloc],
              sizeof(sqlite3_int64)*(size_t)p->nSeg);
    }
    p->aGrpFree = aF;
    p->nSegAlloc = nNew;
  }
  return SQLITE_OK;
}

/* Room for n groups. */
static int grpReserve(Sim *p, int n){
  if( n>p->nGrpAlloc ){
    int nNew = n<p->N/2 ? n*2 : p->N;
    int *aLo = sqlite3_realloc64(p->aGrpLo, sizeof(int)*((sqlite3_uint64)nNew+1));
    int *aCur;
    sqlite3_int64 *aF;
    if( aLo==0 ) return SQLITE_NOMEM;
    p->aGrpLo = aLo;
    aCur = sqlite3_realloc64(p->aGrpCur, sizeof(int)*(sqlite3_uint64)nNew);
    if( aCur==0 ) return SQLITE_NOMEM;
    p->aGrpCur = aCur;
    aF = sqlite3_realloc64(p->aGrpFree, sizeof(sqlite3_int64)
                           *(sqlite3_uint64)nNew*(sqlite3_uint64)p->nSegAlloc);
    if( aF==0 ) return SQLITE_NOMEM;
    p->aGrpFree = aF;
    p->nGrpAlloc = nNew;
  }
  return SQLITE_OK;
}

/* Whether segments a and b hold the same free GPUs on every node. */
static int segEqual(const Sim *p, int a, int b){
  int g;
  for(g=0; g<p->nGrp; g++){
    const sqlite3_int64 *aRow = grpRow(p, g);
    if( aRow[a]!=aRow[b] ) return 0;
  }
  return 1;
}

/* Whether groups a and b hold the same free GPUs in every segment. */
static int grpEqual(const Sim *p, int a, int b){
  return memcmp(grpRow(p, a), grpRow(p, b), sizeof(sqlite3_int64)*(size_t)p->nSeg)==0;
}

/* Drop the segments before now; merge equal neighbour segments and groups. */
static void profileAdvance(void *pArg){
  Sim *p = (Sim*)pArg;
  if( p->st.pCfg->eBackfill!=SCHED_BACKFILL_CONSERVATIVE ) return;  /* no profile */
  int k0 = 0, k, n = 0, g, m = 0;
  while( k0+1<p->nSeg && p->aSegT[k0+1]<=p->st.t ) k0++;
  for(k=k0; k<p->nSeg; k++){
    if( n>0 && segEqual(p, n-1, k) ) continue;
    if( n!=k ){
      p->aSegT[n] = p->aSegT[k];
      for(g=0; g<p->nGrp; g++){
        sqlite3_int64 *aRow = grpRow(p, g);
        aRow[n] = aRow[k];
      }
    }
    n++;
  }
  p->nSeg = n;
  p->aSegT[0] = p->st.t;
  for(g=0; g<p->nGrp; g++){
    if( m>0 && grpEqual(p, m-1, g) ) continue;
    if( m!=g ){
      p->aGrpLo[m] = p->aGrpLo[g];
      memcpy(grpRow(p, m), grpRow(p, g), sizeof(sqlite3_int64)*(size_t)p->nSeg);
    }
    m++;
  }
  p->nGrp = m;
  p->aGrpLo[m] = p->N;
}

/* Index of the segment starting at x (>= aSegT[0]), splitting one if needed. */
static int segAt(Sim *p, double x, int *pk){
  int lo = 0, hi = p->nSeg-1, rc, g;
  while( lo<hi ){              /* last k with aSegT[k] <= x */
    int mid = lo + (hi-lo+1)/2;
    if( p->aSegT[mid]<=x ) lo = mid; else hi = mid-1;
  }
  if( p->aSegT[lo]==x ){ *pk = lo; return SQLITE_OK; }
  rc = segReserve(p, p->nSeg+1);
  if( rc ) return rc;
  memmove(&p->aSegT[lo+2], &p->aSegT[lo+1], sizeof(double)*(size_t)(p->nSeg-lo-1));
  p->aSegT[lo+1] = x;
  for(g=0; g<p->nGrp; g++){
    sqlite3_int64 *aRow = grpRow(p, g);
    memmove(&aRow[lo+2], &aRow[lo+1], sizeof(sqlite3_int64)*(size_t)(p->nSeg-lo-1));
    aRow[lo+1] = aRow[lo];
  }
  p->nSeg++;
  *pk = lo+1;
  return SQLITE_OK;
}

/* Index of the group starting at node x (nGrp for x = N), splitting one. */
static int grpAt(Sim *p, int x, int *pg){
  int lo = 0, hi = p->nGrp-1, rc;
  if( x>=p->N ){ *pg = p->nGrp; return SQLITE_OK; }
  while( lo<hi ){              /* last g with aGrpLo[g] <= x */
    int mid = lo + (hi-lo+1)/2;
    if( p->aGrpLo[mid]<=x ) lo = mid; else hi = mid-1;
  }
  if( p->aGrpLo[lo]==x ){ *pg = lo; return SQLITE_OK; }
  rc = grpReserve(p, p->nGrp+1);
  if( rc ) return rc;
  memmove(grpRow(p, lo+2), grpRow(p, lo+1),
          sizeof(sqlite3_int64)*(size_t)p->nSegAlloc*(size_t)(p->nGrp-lo-1));
  memmove(&p->aGrpLo[lo+2], &p->aGrpLo[lo+1], sizeof(int)*(size_t)(p->nGrp-lo));
  p->aGrpLo[lo+1] = x;
  memcpy(grpRow(p, lo+1), grpRow(p, lo), sizeof(sqlite3_int64)*(size_t)p->nSeg);
  p->nGrp++;
  *pg = lo+1;
  return SQLITE_OK;
}

/* Merge group g into group g-1 if they hold the same profile. */
static void grpMerge(Sim *p, int g){
  assert( p->nGrp>=1 && p->aGrpLo[0]==0 && p->aGrpLo[p->nGrp]==p->N );
  if( g<=0 || g>=p->nGrp || !grpEqual(p, g-1, g) ) return;
  memmove(grpRow(p, g), grpRow(p, g+1),
          sizeof(sqlite3_int64)*(size_t)p->nSegAlloc*(size_t)(p->nGrp-g-1));
  memmove(&p->aGrpLo[g], &p->aGrpLo[g+1], sizeof(int)*(size_t)(p->nGrp-g));
  p->nGrp--;
}

/*
** Add d GPUs on each node of the nIv intervals aIv over [from, to),
** clipped to now: d < 0 takes a window, d > 0 gives it back.
*/
static int profileAdd(Sim *p, double from, double to, sqlite3_int64 d,
                      const int *aIv, int nIv){
  int ka, kb, k, i, g, ga, gb, rc;
  if( from<p->aSegT[0] ) from = p->aSegT[0];
  if( to<=from ) return SQLITE_OK;
  rc = segAt(p, from, &ka);
  if( rc==SQLITE_OK ) rc = segAt(p, to, &kb);
  if( rc ) return rc;
  for(i=0; i<nIv; i++){
    rc = grpAt(p, aIv[2*i], &ga);
    if( rc==SQLITE_OK ) rc = grpAt(p, aIv[2*i+1], &gb);
    if( rc ) return rc;
    for(g=ga; g<gb; g++){
      sqlite3_int64 *aRow = grpRow(p, g);
      for(k=ka; k<kb; k++){
        aRow[k] += d;
        assert( aRow[k]>=0 && aRow[k]<=p->P );  /* free GPUs of one node */
      }
    }
    grpMerge(p, gb);
    grpMerge(p, ga);
  }
  return SQLITE_OK;
}

/* The node intervals of job j's reservation (kept once it runs). */
static int *resIv(const Sim *p, int j){
  return &p->aResIv[2*(size_t)p->aResOff[j]];
}

/* Give back or take the reservation of queued job j. */
static int reservationAdd(Sim *p, int j, int bGive){
  const SchedAlt *pAlt = &p->st.aAlt[p->st.aResAlt[j]];
  sqlite3_int64 per = perNode(p, pAlt->gpus);
  double s = p->st.aResStart[j];
  return profileAdd(p, s, s + pAlt->estimate, bGive ? per : -per,
                    resIv(p, j), p->aResN[j]);
}

/*
** Earliest segment *pk, with aSegT[*pk] <= tMax, at which a job of g <= P
** GPUs fits for its whole estimate (-1 if none), on one node in aOut[0..1].
** For every group, the earliest window in which its nodes keep >= g free
** (a forward scan that restarts after the segment that broke the window,
** so O(B) per group); the job takes the node with the earliest window,
** best fit (smallest minimum free over the window) on ties, then the
** lowest index: the first node of the first such group.
*/
static void earliestInNode(const Sim *p, sqlite3_int64 g, double est,
                           double tMax, int *aOut, int *pk){
  int gr, k, s, kBest = -1, gBest = -1;
  sqlite3_int64 minBest = 0;
  for(gr=0; gr<p->nGrp; gr++){
    const sqlite3_int64 *aRow = grpRow(p, gr);
    sqlite3_int64 mn = 0;
    k = 0;
    while( k<p->nSeg && p->aSegT[k]<=tMax && (kBest<0 || k<=kBest) ){
      double end = p->aSegT[k] + est;
      mn = aRow[k];
      if( mn<g ){ k++; continue; }
      for(s=k+1; s<p->nSeg && p->aSegT[s]<end; s++){
        if( aRow[s]<g ) break;
        if( aRow[s]<mn ) mn = aRow[s];
      }
      if( s<p->nSeg && p->aSegT[s]<end ){ k = s+1; continue; }
      break;
    }
    if( k>=p->nSeg || p->aSegT[k]>tMax || (kBest>=0 && k>kBest) ) continue;
    if( kBest<0 || k<kBest || mn<minBest ){
      kBest = k;
      gBest = gr;
      minBest = mn;
    }
  }
  *pk = kBest;
  if( kBest>=0 ){
    aOut[0] = p->aGrpLo[gBest];
    aOut[1] = aOut[0] + 1;
  }
}

/*
** Earliest segment *pk, with aSegT[*pk] <= tMax, at which nNeed whole
** nodes are free over [aSegT[k], aSegT[k] + est) (-1 if none): the lowest
** indexes first, as *pnIv intervals in aOut. aGrpCur[g] caches the first
** segment from which group g is not wholly free, so each group's row is
** read once over the whole search: O(B * groups).
*/
static void earliestWhole(Sim *p, int nNeed, double est, double tMax,
                          int *aOut, int *pnIv, int *pk){
  int gr, k;
  for(gr=0; gr<p->nGrp; gr++) p->aGrpCur[gr] = -1;
  for(k=0; k<p->nSeg && p->aSegT[k]<=tMax; k++){
    double end = p->aSegT[k] + est;
    int nGot = 0, nIv = 0;
    for(gr=0; gr<p->nGrp && nGot<nNeed; gr++){
      int s = p->aGrpCur[gr], lo, nTake;
      if( s<k ){
        const sqlite3_int64 *aRow = grpRow(p, gr);
        for(s=k; s<p->nSeg && aRow[s]==p->P; s++){}
        p->aGrpCur[gr] = s;
      }
      if( s<p->nSeg && p->aSegT[s]<end ) continue;
      lo = p->aGrpLo[gr];
      nTake = p->aGrpLo[gr+1] - lo;
      if( nTake>nNeed-nGot ) nTake = nNeed-nGot;
      if( nIv>0 && aOut[2*nIv-1]==lo ){
        aOut[2*nIv-1] = lo + nTake;
      }else{
        aOut[2*nIv] = lo;
        aOut[2*nIv+1] = lo + nTake;
        nIv++;
      }
      nGot += nTake;
    }
    if( nGot==nNeed ){
      *pnIv = nIv;
      *pk = k;
      return;
    }
  }
  *pk = -1;
}

/*
** Earliest profile segment *pk, with aSegT[*pk] <= tMax, at which
** alternative a fits for its whole estimate [aSegT[k], aSegT[k]+estimate),
** with its nodes in aOut (*pnIv intervals), or -1.
*/
static void profileEarliest(Sim *p, int a, double tMax, int *aOut, int *pnIv,
                            int *pk){
  const SchedAlt *pAlt = &p->st.aAlt[a];
  if( pAlt->gpus<=p->P ){
    *pnIv = 1;
    earliestInNode(p, pAlt->gpus, pAlt->estimate, tMax, aOut, pk);
  }else{
    earliestWhole(p, (int)(pAlt->gpus / p->P), pAlt->estimate, tMax, aOut, pnIv, pk);
  }
}

/*
** Visit queued job j in the conservative pass. Without a reservation (just
** submitted) it gets the earliest one: of its alternatives, the one that
** finishes first by its estimate, then the fewest GPUs. With one, it moves
** only to finish earlier, starting no later (a rigid job: to start
** earlier), else it keeps its reservation and nodes. Adding load never
** lets a job move earlier, so a job is skipped unless some capacity was
** freed (nFreed) since its last visit. A reservation whose time passed
** without the job starting (a running job outlived its estimate and still
** holds the GPUs) is given back and placed afresh, possibly later.
*/
static int consVisit(void *pArg, int j){
  Sim *p = (Sim*)pArg;
  const SchedJob *pJob = &p->st.aJob[j];
  int *aBest = p->aIvBest, *aTry = p->aIvTry;
  int bHave = p->st.aResAlt[j]>=0, bLate = bHave && p->st.aResStart[j]<p->st.t;
  double tMax = HUGE_VAL, fCur = HUGE_VAL, fBest = 0.0;
  int a, aBest_ = -1, kBest = -1, nBest = 0, rc;
  if( bHave && !bLate && p->aResStamp[j]==p->nFreed ) return SQLITE_OK;
  if( utilStopTick(&p->st.stop, (sqlite3_int64)p->nSeg*p->nGrp*pJob->nAlt) ) return SQLITE_INTERRUPT;
  if( bHave ){
    rc = reservationAdd(p, j, 1);
    if( rc ) return rc;
    if( !bLate ){
      tMax = p->st.aResStart[j];
      fCur = tMax + p->st.aAlt[p->st.aResAlt[j]].estimate;
    }
  }
  for(a=pJob->iAlt; a<pJob->iAlt+pJob->nAlt; a++){
    int k, nIv;
    double f;
    if( p->st.aFixedAlt[j]>=0 && a!=p->st.aFixedAlt[j] ) continue;
    profileEarliest(p, a, tMax, aTry, &nIv, &k);
    if( k<0 ) continue;
    f = p->aSegT[k] + p->st.aAlt[a].estimate;
    if( schedAltBetter(p->st.aAlt, a, f, aBest_, fBest) ){
      aBest_ = a;
      kBest = k;
      fBest = f;
      nBest = nIv;
      memcpy(aBest, aTry, 2*sizeof(int)*(size_t)nIv);
    }
  }
  if( aBest_<0 && tMax==HUGE_VAL ){
    /* The last segment fits every job: a bug. */
    return schedRefuse(p->st.pErr, SCHED_WHY_INTERNAL, j, -1);
  }
  if( aBest_>=0 && fBest<fCur ){
    p->st.aResAlt[j] = aBest_;
    p->st.aResStart[j] = p->aSegT[kBest];
    p->aResN[j] = nBest;
    memcpy(resIv(p, j), aBest, 2*sizeof(int)*(size_t)nBest);
    if( !bHave ) p->st.aRes[j].reserved = p->st.aResStart[j];
    if( bHave ) p->nFreed++;
  }
  p->aResStamp[j] = p->nFreed;
  return reservationAdd(p, j, 0);
}

/*
** A job finished at now: give back what the profile still holds of it
** (its believed end is later when it finished early).
*/
static int consFinish(Sim *p, int j){
  if( p->st.aEnd[j]<=p->st.t ) return SQLITE_OK;
  p->nFreed++;
  return profileAdd(p, p->st.t, p->st.aEnd[j], perNode(p, p->st.aAlt[p->st.aRes[j].iAlt].gpus),
                    resIv(p, j), p->aResN[j]);
}

/* Whether every node of job j's reservation has its GPUs free now. */
static int consFreeNow(void *pArg, int j){
  const Sim *p = (const Sim*)pArg;
  const int *aIv = resIv(p, j);
  sqlite3_int64 per = perNode(p, p->st.aAlt[p->st.aResAlt[j]].gpus);
  int i, n;
  for(i=0; i<p->aResN[j]; i++){
    for(n=aIv[2*i]; n<aIv[2*i+1]; n++) if( p->aFree[n]<per ) return 0;
  }
  return 1;
}

/* Start queued job j now on the nodes of its reservation. */
static int consStart(void *pArg, int j){
  Sim *p = (Sim*)pArg;
  const int *aIv = resIv(p, j);
  int i, n, nOn = 0;
  for(i=0; i<p->aResN[j]; i++){
    for(n=aIv[2*i]; n<aIv[2*i+1]; n++) p->aPlace[nOn++] = n;
  }
  return startJob(p, j, p->st.aResAlt[j], p->aPlace, nOn);
}

/* Allocate the conservative state: a profile of one segment, all free. */
static int consInit(Sim *p){
  int ok = 1, i, k;
  sqlite3_uint64 nSlot = 0;
  p->aResOff = schedAllocArray(p->st.nJob, sizeof(int), &ok);
  p->aResN = schedAllocArray(p->st.nJob, sizeof(int), &ok);
  p->aResStamp = schedAllocArray(p->st.nJob, sizeof(sqlite3_int64), &ok);
  p->aIvTry = schedAllocArray(2*(sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aIvBest = schedAllocArray(2*(sqlite3_uint64)p->N, sizeof(int), &ok);
  p->nSegAlloc = 16;
  p->nGrpAlloc = 1;
  p->aSegT = schedAllocArray(p->nSegAlloc, sizeof(double), &ok);
  p->aGrpFree = schedAllocArray(p->nSegAlloc, sizeof(sqlite3_int64), &ok);
  p->aGrpLo = schedAllocArray(2, sizeof(int), &ok);
  p->aGrpCur = schedAllocArray(1, sizeof(int), &ok);
  if( !ok ) return SQLITE_NOMEM;
  for(i=0; i<p->st.nJob; i++){
    const SchedJob *pJob = &p->st.aJob[i];
    int nMax = 1;
    for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
      sqlite3_int64 g = p->st.aAlt[k].gpus;
      if( g>p->P && g/p->P>nMax ) nMax = (int)(g/p->P);
    }
    if( nSlot>0x7fffffff-(sqlite3_uint64)nMax ) return SQLITE_NOMEM;
    p->aResOff[i] = (int)nSlot;
    nSlot += (sqlite3_uint64)nMax;
  }
  p->aResIv = schedAllocArray(2*nSlot, sizeof(int), &ok);
  if( !ok ) return SQLITE_NOMEM;
  p->nSeg = 1;
  p->aSegT[0] = -HUGE_VAL;
  p->nGrp = 1;
  p->aGrpLo[0] = 0;
  p->aGrpLo[1] = p->N;
  p->aGrpFree[0] = p->P;
  return SQLITE_OK;
}

/* ------------------------------------------------------------------- run */

static void simFree(Sim *p){
  sqlite3_free(p->aFree);
  sqlite3_free(p->aScratch);
  sqlite3_free(p->aScratch2);
  sqlite3_free(p->aPlace);
  sqlite3_free(p->aTree);
  sqlite3_free(p->aTreeEst);
  sqlite3_free(p->aSegT);
  sqlite3_free(p->aGrpLo);
  sqlite3_free(p->aGrpFree);
  sqlite3_free(p->aGrpCur);
  sqlite3_free(p->aIvTry);
  sqlite3_free(p->aIvBest);
  sqlite3_free(p->aResOff);
  sqlite3_free(p->aResN);
  sqlite3_free(p->aResIv);
  sqlite3_free(p->aResStamp);
  sqlite3_free(p->nodes.a);
  schedStateFree(&p->st);
}

/* The simulation's arrays, sized for the cluster and the jobs. SQLITE_NOMEM
** if one cannot be had. */
static int simAlloc(Sim *p){
  int ok = 1, i, nJob = p->st.nJob;
  for(p->nLeaf=1; p->nLeaf<nJob; p->nLeaf*=2){}
  p->aFree = schedAllocArray(p->N, sizeof(sqlite3_int64), &ok);
  p->aScratch = schedAllocArray(p->N, sizeof(sqlite3_int64), &ok);
  p->aScratch2 = schedAllocArray(p->N, sizeof(sqlite3_int64), &ok);
  p->aPlace = schedAllocArray(2*(sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aTree = schedAllocArray(2*(sqlite3_uint64)p->nLeaf, sizeof(sqlite3_int64), &ok);
  p->aTreeEst = schedAllocArray(2*(sqlite3_uint64)p->nLeaf, sizeof(double), &ok);
  if( !ok ) return SQLITE_NOMEM;
  for(i=0; i<p->N; i++) p->aFree[i] = p->P;
  for(i=0; i<2*p->nLeaf; i++){
    p->aTree[i] = SCHED_INF_GPUS;
    p->aTreeEst[i] = HUGE_VAL;
  }
  return SQLITE_OK;
}

/* Job j arrives: it enters the queue with its smallest width and its
** shortest estimate among the alternatives it may still take. */
static void simArrive(void *pArg, int j){
  Sim *p = (Sim*)pArg;
  const SchedJob *pJob = &p->st.aJob[j];
  sqlite3_int64 gMin = SCHED_INF_GPUS;
  double eMin = HUGE_VAL;
  int k;
  for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
    if( p->st.aFixedAlt[j]>=0 && k!=p->st.aFixedAlt[j] ) continue;
    if( p->st.aAlt[k].gpus<gMin ) gMin = p->st.aAlt[k].gpus;
    if( p->st.aAlt[k].estimate<eMin ) eMin = p->st.aAlt[k].estimate;
  }
  treeSet(p, p->st.aRank[j], gMin, eMin);
  if( p->st.pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE ) schedQueueAdd(&p->st, j);
}

/* Nothing to do after a pass. */
static void simAfterPass(void *pArg){
  (void)pArg;
}

static const SchedHooks simHooks = {
  profileAdvance,             /* xAdvance */
  finishJob,                  /* xFinish */
  simArrive,                  /* xArrive */
  passQueue,                  /* xPass */
  simAfterPass,               /* xAfterPass */
  consVisit,                  /* xVisit */
  consFreeNow,                /* xFreeNow */
  consStart                   /* xStartReserved */
};

int poolRun(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
            int nAlt, const SchedAlt *aAlt, SchedResult *aRes,
            int **paNode, SchedError *pErr){
  Sim s;
  int bCons = pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE;
  int rc;
  *paNode = 0;
  rc = schedCheck(pCfg, nJob, aJob, nAlt, aAlt, pErr);
  if( rc ) return rc;
  memset(&s, 0, sizeof(s));
  s.P = pCfg->gpusPerNode;
  s.N = (int)(pCfg->nGpus / pCfg->gpusPerNode);
  s.nFreeTotal = pCfg->nGpus;
  rc = schedStateInit(&s.st, pCfg, nJob, aJob, aAlt, aRes, pErr);
  if( rc==SQLITE_OK ) rc = simAlloc(&s);
  if( rc==SQLITE_OK && bCons ) rc = consInit(&s);
  if( rc==SQLITE_OK ){
    rc = schedEvents(&s.st, &simHooks, &s, 64 + s.N);
  }
  if( rc==SQLITE_OK ){
    *paNode = s.nodes.a;
    s.nodes.a = 0;
  }
  simFree(&s);
  return rc;
}
