/*
** nodetable.c: the simulator of a table of nodes (the "node mode" of
** gpu_schedule()): a heterogeneous cluster of nodes with their own GPU
** count and model, CPU and memory, jobs that need whole GPUs or a share of
** one (gpu_milli), CPU, memory and one of some GPU models. Plain C, no SQL
** (the API is in ext/scheduling/nodetable.h, what it shares with the pool
** of equal nodes in ext/scheduling/schedcore.h, the glue in
** ext/scheduling/sched_sql.c, the model written down in docs/scheduling.md).
**
** Events are as in ext/scheduling/pool.c: at each event time t, every job finishing
** at t frees its resources, then every job submitted at t joins the queue
** (the static queue order: key, submit, tie), then one scheduling pass:
**
**   none          while the queue head can be placed now, start it.
**   easy          the same; when the head cannot, its shadow time S is the
**                 earliest believed end of running jobs at which, releasing
**                 them in order of believed end (a job that outlived its
**                 estimate: now), the head can be placed by the placement
**                 rule; W is the cluster at S. A later job that can be
**                 placed now starts if it ends by S (by its estimate), or
**                 if the head can still be placed on W minus that job.
**   greedy        no reservation: every queued job, in queue order, is
**                 placed now if it can be (by the placement rule), the
**                 jobs before it skipped or not: a Kubernetes-style
**                 scheduler without gang or priority plugins. A large job
**                 can wait for ever behind a stream of small ones.
**   conservative  every queued job holds a reservation: a window [start,
**                 start + estimate) on given GPUs of given nodes, with its
**                 CPU and memory. Each node keeps the list of jobs holding
**                 it (running until start + estimate, reserved), so the
**                 free capacity of a node over a window is its capacity
**                 minus the peak use over the window, per GPU, CPU and
**                 memory. A job's reservation is the earliest window, over
**                 the nodes it may use, where it fits beside every other
**                 holding; among nodes fitting at that time, the placement
**                 rule chooses. Compression as in ext/scheduling/pool.c: at every
**                 event the queue is visited in order, a job moves only to
**                 an earlier start (moldable: an earlier finish, starting no
**                 later), and only when capacity was given back since its
**                 last visit; a job starts when its time comes and its GPUs
**                 are free.
**
** Placement (GcCluster.ePlacement) of one alternative (g GPUs of m milli):
** a node fits if it accepts the job's model, has the CPU and memory free,
** and g idle GPUs (m = 1000) or one GPU with m free (g = 1). first_fit
** takes the lowest node, best_fit the node left with the least free GPU
** milli (then CPU, memory, lowest node), worst_fit the most. Inside the
** node a whole-GPU job takes the lowest idle GPUs, a shared job the GPU
** the rule prefers (first: lowest index; best: least free; worst: most).
** A wide job (more GPUs than every node it may use) takes k whole idle
** nodes of one group (model, GPU count c, g = k*c): first_fit the group
** whose first eligible node is lowest, best_fit the group left with the
** fewest eligible idle GPUs, worst_fit the most; inside it the lowest
** eligible nodes.
**
** Fragmentation: after each pass, while a job waits, F = the free GPU
** milli that the queue head could not use (its model, CPU or memory do not
** fit the node, or the GPU is not idle for a whole-GPU job, has less than
** gpu_milli free for a shared one, or its node is not a wholly idle
** eligible node for a wide one); it is integrated over time and each
** dispatch carries what accrued since the previous one.
**
** Cost. A placement scans the nodes once: O(N) for whole GPUs, O(GPUs) for
** shared ones. A node's fit is tested in O(1) against per-model summaries
** first (the most idle GPUs, free GPU milli on one GPU, CPU, memory of any
** node of the model, kept exact), so a job that fits nowhere is refused
** in O(models) without a scan: the EASY candidates of a full cluster cost
** O(queue x models) per pass. EASY's shadow copies the cluster state
** (O(GPUs)) and releases running jobs, testing only the nodes each one
** frees. Greedy places each queued job at most once per pass, and a rigid
** job that could not be placed is skipped until some job finishes (until
** then resources only shrink): a pass costs O(models) per job skipped by
** the summaries, O(N) per placement tried, and only the jobs that arrived
** are tried at an event without a finish. Conservative costs O(nodes x holdings^2) per reservation search,
** skipped as in ext/scheduling/pool.c while nothing was given back.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/nodetable.h"
#include "base/stats.h"
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define GC_MILLI 1000
#define GC_UNLIMITED ((sqlite3_int64)0x3fffffffffffffffLL)

/* Free resources of every node and GPU at one time. */
typedef struct GcState GcState;
struct GcState {
  int *aGpu;                  /* free milli per GPU, node n's at aGpuOff[n] */
  sqlite3_int64 *aCpu;        /* free CPU per node (GC_UNLIMITED: not enforced) */
  sqlite3_int64 *aMem;        /* free memory per node (the same) */
  int *aIdle;                 /* idle GPUs per node */
  sqlite3_int64 *aMilli;      /* free GPU milli per node */
};

/* Free resources of one node, now or over a window. */
typedef struct GcView GcView;
struct GcView {
  const int *aGpu;            /* free milli of its GPUs */
  int nGpu;
  int idle;
  sqlite3_int64 milli, cpu, mem;
};

/* The best node so far of a placement search. */
typedef struct GcPick GcPick;
struct GcPick {
  int iNode;                  /* -1: none yet */
  double t;                   /* its time (conservative), else now */
  sqlite3_int64 milli, cpu, mem;   /* left free after placing */
};

/* Per-model summary of the current state: maxima over its nodes. */
typedef struct GcSum GcSum;
struct GcSum {
  int bDirty;
  int idle;                   /* most idle GPUs on one node */
  int gpuFree;                /* most free milli on one GPU */
  sqlite3_int64 cpu, mem;     /* most free CPU, memory on one node */
};

typedef struct Gc Gc;
struct Gc {
  SchedState st;              /* jobs, queue, running jobs, results, clock */
  const GcCluster *pCl;
  const GcNeed *aNeed;
  const int *aAltMilli;
  double *aFrag;
  int rcBug;                  /* SQLITE_ERROR once a bug is found (SCHED_WHY_INTERNAL) */
  int N;                      /* nodes */
  int *aGpuOff;               /* N+1: first GPU of each node */
  int nGpuTotal;
  int maxNodeGpus;

  GcState cur;                /* now */
  GcState shadow;             /* EASY: the cluster at the head's shadow time */
  GcState work;               /* scratch of earliest-start searches */

  int nSum;                   /* nModel+1 summaries, the last for no model */
  GcSum *aSum;
  int *aSumOff;               /* nSum+1: model i's nodes are aSumNode[aSumOff[i]..] */
  int *aSumNode;              /* nodes by model, ascending within each */
  int *aSetMax;               /* nModels+1: most GPUs of a node a set allows
                              ** (the last: any model) */
  int *aNodeGrp;              /* per node: its group (model, GPU count) */
  int nGrp;
  int *aGrpGpus;              /* per group: GPU count */
  int *aGrpCnt, *aGrpFirst;   /* scratch per group */

  unsigned char *aStarted;
  int nIdleCur;               /* wholly idle nodes of at least one GPU, now */

  SchedInts pairs;            /* output pairs (node, gpu), appended */
  int *aTry, *aBest;          /* scratch placements: 2 x maxPairs ints */
  int *aGpuIdx;               /* scratch: GPUs chosen inside one node */
  int *aShadowPairs;          /* scratch placement of the shadow search */

  /* EASY: what the last scan of the queue saw. Until a job finishes, the
  ** head changes, a job starts ahead of the head (an order other than
  ** submit puts a later arrival there) or the shadow time comes (one
  ** "epoch"), resources only shrink and the shadow stays: a rigid job that
  ** could not be placed now in a scan of the epoch cannot be now, and is
  ** skipped. (A job refused by the shadow test is tried again: its
  ** placement may have moved.) A job started ahead of the head holds its
  ** resources past now, so the head's shadow is computed again. */
  sqlite3_int64 nFin;         /* finishes so far */
  sqlite3_int64 iEpoch;       /* epochs so far */
  sqlite3_int64 *aNoFit;      /* per job: the epoch it last did not fit in */
  int lastHead, lastAHead;    /* the head of the last scan and its size */
  sqlite3_int64 lastFin;      /* nFin at the last scan */
  /* Greedy: per job, 1 + nFin when it last could not be placed (a rigid
  ** job is skipped while no job finished since). */
  sqlite3_int64 *aGreedyNoFit;
  double lastShadow;          /* its shadow time (p->shadow: the cluster then) */
  int bLastScan;              /* those are set */

  double fragNow;             /* F now, in milli */
  double fragAcc;             /* integral of F so far, milli x time */
  double fragLast;            /* fragAcc at the previous dispatch */
  double fragT;               /* when fragAcc was last brought up to date */

  /* conservative */
  int **aaHold;               /* per node: the jobs holding it */
  int *aHoldN, *aHoldAlloc;
  int **aaResPair;            /* per job: reserved pairs */
  int *aResPairN, *aResPairAlloc;
  sqlite3_int64 *aStamp;      /* per job: nFreed at its last visit */
  sqlite3_int64 nFreed;       /* times capacity was given back */
  sqlite3_int64 *aNodeFreed;  /* per node: nFreed when it last got some back */
  int *aHoldScratch;          /* the holdings of a node over a window */
  double *aHoldS, *aHoldE;    /* their windows */
  int *aUse;                  /* per GPU of a node: use at one point */
  int *aPeak;                 /* per GPU of a node: peak use over a window */
  int *aViewGpu;              /* free milli per GPU over a window */
  double *aTimes;             /* candidate times */
  int nTimesAlloc;
};

/* ------------------------------------------------------------ the model */

static int gcAllowed(const Gc *p, int j, int n){
  int iSet = p->aNeed[j].iModels, iModel = p->pCl->aNode[n].iModel;
  if( iSet<0 ) return 1;
  if( iModel<0 ) return 0;
  return p->pCl->aAllowed[(size_t)iSet*(size_t)p->pCl->nModel + (size_t)iModel];
}

static int gcSetMax(const Gc *p, int j){
  int iSet = p->aNeed[j].iModels;
  return p->aSetMax[iSet<0 ? p->pCl->nModels : iSet];
}

/* Whether alternative a of job j is wide (takes whole nodes). */
static int gcWide(const Gc *p, int j, int a){
  return p->st.aAlt[a].gpus > gcSetMax(p, j);
}

static sqlite3_int64 ceilDiv(sqlite3_int64 x, sqlite3_int64 k){
  return x/k + (x%k!=0);
}

/* CPU or memory capacity c holds need x: always when not enforced. */
static int capHolds(sqlite3_int64 c, sqlite3_int64 x){
  return c<0 || x<=c;
}

/* Summary index of node n's model. */
static int sumIndex(const Gc *p, int n){
  int m = p->pCl->aNode[n].iModel;
  return m<0 ? p->pCl->nModel : m;
}

/* ------------------------------------------------------------ the state */

static int stateAlloc(Gc *p, GcState *s){
  int ok = 1;
  s->aGpu = schedAllocArray((sqlite3_uint64)p->nGpuTotal, sizeof(int), &ok);
  s->aCpu = schedAllocArray((sqlite3_uint64)p->N, sizeof(sqlite3_int64), &ok);
  s->aMem = schedAllocArray((sqlite3_uint64)p->N, sizeof(sqlite3_int64), &ok);
  s->aIdle = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  s->aMilli = schedAllocArray((sqlite3_uint64)p->N, sizeof(sqlite3_int64), &ok);
  return ok ? SQLITE_OK : SQLITE_NOMEM;
}

static void stateFree(GcState *s){
  sqlite3_free(s->aGpu);
  sqlite3_free(s->aCpu);
  sqlite3_free(s->aMem);
  sqlite3_free(s->aIdle);
  sqlite3_free(s->aMilli);
}

static void stateCopy(const Gc *p, GcState *pTo, const GcState *pFrom){
  memcpy(pTo->aGpu, pFrom->aGpu, sizeof(int)*(size_t)p->nGpuTotal);
  memcpy(pTo->aCpu, pFrom->aCpu, sizeof(sqlite3_int64)*(size_t)p->N);
  memcpy(pTo->aMem, pFrom->aMem, sizeof(sqlite3_int64)*(size_t)p->N);
  memcpy(pTo->aIdle, pFrom->aIdle, sizeof(int)*(size_t)p->N);
  memcpy(pTo->aMilli, pFrom->aMilli, sizeof(sqlite3_int64)*(size_t)p->N);
}

static void stateEmpty(const Gc *p, GcState *s){
  int n, g;
  for(n=0; n<p->N; n++){
    const GcNode *pNode = &p->pCl->aNode[n];
    for(g=p->aGpuOff[n]; g<p->aGpuOff[n+1]; g++) s->aGpu[g] = GC_MILLI;
    s->aCpu[n] = pNode->cpu<0 ? GC_UNLIMITED : pNode->cpu;
    s->aMem[n] = pNode->mem<0 ? GC_UNLIMITED : pNode->mem;
    s->aIdle[n] = pNode->gpus;
    s->aMilli[n] = (sqlite3_int64)pNode->gpus*GC_MILLI;
  }
}

/* Node n of state s as a view. */
static void viewOf(const Gc *p, const GcState *s, int n, GcView *v){
  v->aGpu = &s->aGpu[p->aGpuOff[n]];
  v->nGpu = p->aGpuOff[n+1] - p->aGpuOff[n];
  v->idle = s->aIdle[n];
  v->milli = s->aMilli[n];
  v->cpu = s->aCpu[n];
  v->mem = s->aMem[n];
}

/* Distinct nodes among the nPair pairs of a placement (grouped by node). */
static int pairNodes(const int *aPair, int nPair){
  int i, k = 0;
  for(i=0; i<nPair; i++) if( i==0 || aPair[2*i]!=aPair[2*i-2] ) k++;
  return k;
}

/*
** Take (sign -1) or give back (+1) job j's alternative a on the nPair
** pairs of aPair, in state s: m milli per GPU, CPU and memory divided
** evenly (rounded up) over its nodes.
*/
static void stateApply(Gc *p, GcState *s, int j, int a, const int *aPair,
                       int nPair, int sign){
  int m = p->aAltMilli[a], i, k = pairNodes(aPair, nPair);
  sqlite3_int64 cpu = ceilDiv(p->aNeed[j].cpu, k), mem = ceilDiv(p->aNeed[j].mem, k);
  GcSum *pSum = 0;
  for(i=0; i<nPair; i++){
    int n = aPair[2*i], g = p->aGpuOff[n] + aPair[2*i+1];
    int before = s->aGpu[g];
    if( i==0 || n!=aPair[2*i-2] ){
      /* The summary of the current state stays exact: a release raises
      ** its maxima in place; a take leaves them unless this node may
      ** have held one (then recomputed when next asked). */
      pSum = s==&p->cur ? &p->aSum[sumIndex(p, n)] : 0;
      if( pSum && sign<0 && !pSum->bDirty
       && (s->aIdle[n]==pSum->idle || s->aCpu[n]==pSum->cpu || s->aMem[n]==pSum->mem) ){
        pSum->bDirty = 1;
      }
      if( p->pCl->aNode[n].cpu>=0 ) s->aCpu[n] += sign*cpu;
      if( p->pCl->aNode[n].mem>=0 ) s->aMem[n] += sign*mem;
      assert( s->aCpu[n]>=0 && s->aMem[n]>=0 );
    }
    if( pSum && sign<0 && before==pSum->gpuFree ) pSum->bDirty = 1;
    s->aGpu[g] += sign*m;
    assert( s->aGpu[g]>=0 && s->aGpu[g]<=GC_MILLI );
    s->aMilli[n] += sign*m;
    if( s==&p->cur && s->aIdle[n]==p->pCl->aNode[n].gpus ) p->nIdleCur--;
    if( before==GC_MILLI ) s->aIdle[n]--;
    if( s->aGpu[g]==GC_MILLI ) s->aIdle[n]++;
    if( s==&p->cur && s->aIdle[n]==p->pCl->aNode[n].gpus ) p->nIdleCur++;
    if( pSum && sign>0 && !pSum->bDirty ){
      if( s->aGpu[g]>pSum->gpuFree ) pSum->gpuFree = s->aGpu[g];
      if( s->aIdle[n]>pSum->idle ) pSum->idle = s->aIdle[n];
      if( s->aCpu[n]>pSum->cpu ) pSum->cpu = s->aCpu[n];
      if( s->aMem[n]>pSum->mem ) pSum->mem = s->aMem[n];
    }
  }
}

/* The summary of model index iSum, recomputed if stale. */
static const GcSum *sumGet(Gc *p, int iSum){
  GcSum *pSum = &p->aSum[iSum];
  if( pSum->bDirty ){
    int n, g;
    int k;
    memset(pSum, 0, sizeof(*pSum));
    for(k=p->aSumOff[iSum]; k<p->aSumOff[iSum+1]; k++){
      n = p->aSumNode[k];
      if( p->cur.aIdle[n]>pSum->idle ) pSum->idle = p->cur.aIdle[n];
      if( p->cur.aCpu[n]>pSum->cpu ) pSum->cpu = p->cur.aCpu[n];
      if( p->cur.aMem[n]>pSum->mem ) pSum->mem = p->cur.aMem[n];
      for(g=p->aGpuOff[n]; g<p->aGpuOff[n+1]; g++){
        if( p->cur.aGpu[g]>pSum->gpuFree ) pSum->gpuFree = p->cur.aGpu[g];
      }
    }
    (void)utilStopTick(&p->st.stop, p->aSumOff[iSum+1]-p->aSumOff[iSum]);
  }
  return pSum;
}

/*
** Whether job j's single-node alternative a may fit now on some node of
** model index i, by its summary (a necessary condition, O(1) when fresh).
*/
static int sumMayFit(Gc *p, int i, int j, int a){
  const GcNeed *pNeed = &p->aNeed[j];
  const GcSum *pSum;
  if( pNeed->iModels>=0 ){
    if( i==p->pCl->nModel ) return 0;
    if( !p->pCl->aAllowed[(size_t)pNeed->iModels*(size_t)p->pCl->nModel+(size_t)i] ) return 0;
  }
  pSum = sumGet(p, i);
  if( pSum->cpu<pNeed->cpu || pSum->mem<pNeed->mem ) return 0;
  return p->aAltMilli[a]==GC_MILLI ? pSum->idle>=p->st.aAlt[a].gpus
                                   : pSum->gpuFree>=p->aAltMilli[a];
}

/* Whether job j's alternative a may fit now on some node (O(models); a
** wide one: O(1), by the count of idle nodes). */
static int gcMayFitNow(Gc *p, int j, int a){
  int i;
  if( gcWide(p, j, a) ){
    /* k wholly idle nodes of c <= the most GPUs it allows each: g <= k x c */
    return p->st.aAlt[a].gpus <= (sqlite3_int64)p->nIdleCur*gcSetMax(p, j);
  }
  for(i=0; i<p->nSum; i++) if( sumMayFit(p, i, j, a) ) return 1;
  return 0;
}

/* ------------------------------------------------------------ placement */

/*
** Whether g GPUs of m milli plus cpu and mem fit on view v: the GPUs it
** would take to aGpuOut, what stays free to *pPick (milli, cpu, mem).
*/
static int viewFit(const Gc *p, const GcView *v, sqlite3_int64 g, int m,
                   sqlite3_int64 cpu, sqlite3_int64 mem, int *aGpuOut,
                   GcPick *pPick){
  int i;
  if( v->cpu<cpu || v->mem<mem ) return 0;
  if( m==GC_MILLI ){
    int nGot = 0;
    if( v->idle<g ) return 0;
    for(i=0; i<v->nGpu && nGot<g; i++){
      if( v->aGpu[i]==GC_MILLI ) aGpuOut[nGot++] = i;
    }
    assert( nGot==g );
  }else{
    int iBest = -1, e = p->pCl->ePlacement;
    for(i=0; i<v->nGpu; i++){
      int f = v->aGpu[i];
      if( f<m ) continue;
      if( iBest<0 ){
        iBest = i;
        if( e==GC_FIRST_FIT ) break;
      }else if( e==GC_BEST_FIT ? f<v->aGpu[iBest] : f>v->aGpu[iBest] ){
        iBest = i;
      }
    }
    if( iBest<0 ) return 0;
    aGpuOut[0] = iBest;
  }
  pPick->milli = v->milli - g*m;
  pPick->cpu = v->cpu - cpu;
  pPick->mem = v->mem - mem;
  return 1;
}

/* Whether candidate c beats the best so far b (both at the same time);
** on a tie, the lower node. */
static int pickBetter(const Gc *p, const GcPick *c, const GcPick *b){
  int s;
  if( b->iNode<0 ) return 1;
  switch( p->pCl->ePlacement ){
    case GC_FIRST_FIT: return c->iNode<b->iNode;
    case GC_BEST_FIT:  s = -1; break;
    default:           s = 1; break;
  }
  if( c->milli!=b->milli ) return s*(c->milli<b->milli ? -1 : 1) > 0;
  if( c->cpu!=b->cpu ) return s*(c->cpu<b->cpu ? -1 : 1) > 0;
  if( c->mem!=b->mem ) return s*(c->mem<b->mem ? -1 : 1) > 0;
  return c->iNode<b->iNode;
}

/* Static fit: node n could ever hold job j's single-node alternative a. */
static int nodeCouldHold(const Gc *p, int j, int a, int n){
  const GcNode *pNode = &p->pCl->aNode[n];
  return gcAllowed(p, j, n) && pNode->gpus>=p->st.aAlt[a].gpus
      && capHolds(pNode->cpu, p->aNeed[j].cpu) && capHolds(pNode->mem, p->aNeed[j].mem);
}

/*
** Place job j's single-node alternative a on state s: the pairs to aOut,
** their count returned (0: no fit). The nodes are visited model by model,
** skipping a model whose summary shows no node of it can fit now (on the
** current state only: summaries describe p->cur).
*/
static int placeSingle(Gc *p, const GcState *s, int j, int a, int *aOut){
  sqlite3_int64 g = p->st.aAlt[a].gpus;
  int m = p->aAltMilli[a], i, k, iSum;
  const GcNeed *pNeed = &p->aNeed[j];
  GcPick best, c;
  int *aGpu = p->aGpuIdx;
  best.iNode = -1;
  for(iSum=0; iSum<p->nSum; iSum++){
    if( pNeed->iModels>=0 && (iSum==p->pCl->nModel
     || !p->pCl->aAllowed[(size_t)pNeed->iModels*(size_t)p->pCl->nModel+(size_t)iSum]) ){
      continue;
    }
    if( s==&p->cur && !sumMayFit(p, iSum, j, a) ) continue;
    (void)utilStopTick(&p->st.stop, p->aSumOff[iSum+1]-p->aSumOff[iSum]);
    for(k=p->aSumOff[iSum]; k<p->aSumOff[iSum+1]; k++){
      int n = p->aSumNode[k];
      GcView v;
      if( s->aIdle[n]<(m==GC_MILLI ? g : 0) || s->aMilli[n]<g*m ) continue;
      if( best.iNode>=0 && p->pCl->ePlacement==GC_FIRST_FIT && n>best.iNode ) break;
      viewOf(p, s, n, &v);
      if( !viewFit(p, &v, g, m, pNeed->cpu, pNeed->mem, aGpu, &c) ) continue;
      c.iNode = n;
      if( pickBetter(p, &c, &best) ){
        best = c;
        for(i=0; i<g; i++){ aOut[2*i] = n; aOut[2*i+1] = aGpu[i]; }
        if( p->pCl->ePlacement==GC_FIRST_FIT ) break;
      }
    }
  }
  return best.iNode<0 ? 0 : (int)g;
}

/*
** Place job j's wide alternative a: k whole nodes of one group, each
** eligible by xOk(p, pArg, n). Pairs to aOut; count returned, 0: no fit.
*/
static int placeWide(Gc *p, int j, int a, int (*xOk)(Gc*, void*, int),
                     void *pArg, int *aOut){
  sqlite3_int64 g = p->st.aAlt[a].gpus;
  int n, gr, grBest = -1, nOut = 0, e = p->pCl->ePlacement;
  sqlite3_int64 leftBest = 0;
  for(gr=0; gr<p->nGrp; gr++){ p->aGrpCnt[gr] = 0; p->aGrpFirst[gr] = -1; }
  (void)utilStopTick(&p->st.stop, p->N);
  for(n=0; n<p->N; n++){
    int c = p->pCl->aNode[n].gpus;
    sqlite3_int64 k;
    gr = p->aNodeGrp[n];
    if( c==0 || g%c!=0 || !gcAllowed(p, j, n) ) continue;
    k = g/c;
    if( !capHolds(p->pCl->aNode[n].cpu, ceilDiv(p->aNeed[j].cpu, k))
     || !capHolds(p->pCl->aNode[n].mem, ceilDiv(p->aNeed[j].mem, k)) ) continue;
    if( !xOk(p, pArg, n) ) continue;
    p->aGrpCnt[gr]++;
    if( p->aGrpFirst[gr]<0 ) p->aGrpFirst[gr] = n;
  }
  for(gr=0; gr<p->nGrp; gr++){
    sqlite3_int64 c = p->aGrpGpus[gr], left;
    if( c==0 || g%c!=0 || p->aGrpCnt[gr]<g/c ) continue;
    left = (p->aGrpCnt[gr] - g/c)*c;
    if( grBest<0
     || (e==GC_FIRST_FIT && p->aGrpFirst[gr]<p->aGrpFirst[grBest])
     || (e==GC_BEST_FIT && (left<leftBest
            || (left==leftBest && p->aGrpFirst[gr]<p->aGrpFirst[grBest])))
     || (e==GC_WORST_FIT && (left>leftBest
            || (left==leftBest && p->aGrpFirst[gr]<p->aGrpFirst[grBest]))) ){
      grBest = gr;
      leftBest = left;
    }
  }
  if( grBest<0 ) return 0;
  for(n=p->aGrpFirst[grBest]; n<p->N && nOut<g; n++){
    int c = p->pCl->aNode[n].gpus, i;
    sqlite3_int64 k = g/p->aGrpGpus[grBest];
    if( p->aNodeGrp[n]!=grBest || !gcAllowed(p, j, n) ) continue;
    if( !capHolds(p->pCl->aNode[n].cpu, ceilDiv(p->aNeed[j].cpu, k))
     || !capHolds(p->pCl->aNode[n].mem, ceilDiv(p->aNeed[j].mem, k)) ) continue;
    if( !xOk(p, pArg, n) ) continue;
    for(i=0; i<c; i++){ aOut[2*nOut] = n; aOut[2*nOut+1] = i; nOut++; }
  }
  assert( nOut==g );
  return nOut;
}

/* placeWide's test on a state: node n wholly idle. */
static int okIdle(Gc *p, void *pArg, int n){
  const GcState *s = (const GcState*)pArg;
  return s->aIdle[n]==p->pCl->aNode[n].gpus;
}

/* Place job j's alternative a on state s (pairs to aOut, count, 0: no fit). */
static int gcPlace(Gc *p, GcState *s, int j, int a, int *aOut){
  if( gcWide(p, j, a) ) return placeWide(p, j, a, okIdle, s, aOut);
  return placeSingle(p, s, j, a, aOut);
}

/* ------------------------------------------------------ running jobs */

/* The pairs job j holds (running: its output pairs; else its reservation). */
static const int *heldPairs(const Gc *p, int j, int *pnPair){
  if( p->aStarted[j] ){
    *pnPair = p->st.aRes[j].nNode;
    return &p->pairs.a[2*(size_t)p->st.aRes[j].iNode];
  }
  *pnPair = p->aResPairN[j];
  return p->aaResPair[j];
}

/* ------------------------------------------------- conservative holdings */

static int holdAdd(Gc *p, int j){
  int nPair, i;
  const int *aPair = heldPairs(p, j, &nPair);
  for(i=0; i<nPair; i++){
    int n = aPair[2*i];
    if( i>0 && n==aPair[2*i-2] ) continue;
    if( p->aHoldN[n]>=p->aHoldAlloc[n] ){
      int nNew = p->aHoldAlloc[n]*2 + 8;
      int *aNew = sqlite3_realloc64(p->aaHold[n], sizeof(int)*(sqlite3_uint64)nNew);
      if( aNew==0 ) return SQLITE_NOMEM;
      p->aaHold[n] = aNew;
      p->aHoldAlloc[n] = nNew;
    }
    p->aaHold[n][p->aHoldN[n]++] = j;
  }
  return SQLITE_OK;
}

/* Remove job j's holding; bGiveBack: it held capacity that others may now
** use (an early finish, a moved reservation): a new nFreed for its nodes. */
static void holdRemove(Gc *p, int j, int bGiveBack){
  int nPair, i, k;
  const int *aPair = heldPairs(p, j, &nPair);
  if( bGiveBack ) p->nFreed++;
  for(i=0; i<nPair; i++){
    int n = aPair[2*i];
    if( i>0 && n==aPair[2*i-2] ) continue;
    if( bGiveBack ) p->aNodeFreed[n] = p->nFreed;
    for(k=0; k<p->aHoldN[n] && p->aaHold[n][k]!=j; k++){}
    assert( k<p->aHoldN[n] );
    if( k<p->aHoldN[n] ) p->aaHold[n][k] = p->aaHold[n][--p->aHoldN[n]];
  }
}

/* The window of job j's holding: [*pS, *pE). */
static void heldWindow(const Gc *p, int j, double *pS, double *pE){
  if( p->aStarted[j] ){
    *pS = p->st.aRes[j].start;
    *pE = p->st.aEnd[j];
  }else{
    *pS = p->st.aResStart[j];
    *pE = *pS + p->st.aAlt[p->st.aResAlt[j]].estimate;
  }
}

/*
** Node n over [T, E), without job jSkip's holding: the free capacity (the
** capacity minus the peak use, per GPU, CPU and memory) as view v, its
** GPUs in aViewGpu.
*/
static void windowView(Gc *p, int n, double T, double E, int jSkip, int bPoint,
                       GcView *v){
  const GcNode *pNode = &p->pCl->aNode[n];
  int nGpu = pNode->gpus, nL = 0, i, q, g;
  sqlite3_int64 peakCpu = 0, peakMem = 0;
  int *aL = p->aHoldScratch;
  double *aS = p->aHoldS, *aE = p->aHoldE;
  for(i=0; i<p->aHoldN[n]; i++){
    int h = p->aaHold[n][i];
    double s, e;
    if( h==jSkip ) continue;
    heldWindow(p, h, &s, &e);
    if( (bPoint ? s<=T : s<E) && e>T ){
      aS[nL] = s;
      aE[nL] = e;
      aL[nL++] = h;
    }
  }
  for(g=0; g<nGpu; g++) p->aPeak[g] = 0;
  (void)utilStopTick(&p->st.stop, (sqlite3_int64)(nL+1)*(nL+1));
  /* The use is piecewise constant, rising only where a holding starts
  ** (bPoint: at T only, a cheap necessary condition). */
  for(q=-1; q<(bPoint ? 0 : nL); q++){
    double at = q<0 ? T : aS[q];
    sqlite3_int64 cpu = 0, mem = 0;
    if( q>=0 && at<=T ) continue;
    for(g=0; g<nGpu; g++) p->aUse[g] = 0;
    for(i=0; i<nL; i++){
      int h = aL[i], nPair, k, a, kNodes;
      const int *aPair;
      if( !(aS[i]<=at && at<aE[i]) ) continue;
      aPair = heldPairs(p, h, &nPair);
      a = p->aStarted[h] ? p->st.aRes[h].iAlt : p->st.aResAlt[h];
      kNodes = nPair>nGpu ? pairNodes(aPair, nPair) : 1;
      for(k=0; k<nPair; k++){
        if( aPair[2*k]==n ) p->aUse[aPair[2*k+1]] += p->aAltMilli[a];
      }
      cpu += ceilDiv(p->aNeed[h].cpu, kNodes);
      mem += ceilDiv(p->aNeed[h].mem, kNodes);
    }
    for(g=0; g<nGpu; g++) if( p->aUse[g]>p->aPeak[g] ) p->aPeak[g] = p->aUse[g];
    if( cpu>peakCpu ) peakCpu = cpu;
    if( mem>peakMem ) peakMem = mem;
  }
  v->aGpu = p->aViewGpu;
  v->nGpu = nGpu;
  v->idle = 0;
  v->milli = 0;
  for(g=0; g<nGpu; g++){
    p->aViewGpu[g] = GC_MILLI - p->aPeak[g];
    if( p->aViewGpu[g]==GC_MILLI ) v->idle++;
    v->milli += p->aViewGpu[g];
  }
  v->cpu = pNode->cpu<0 ? GC_UNLIMITED : pNode->cpu - peakCpu;
  v->mem = pNode->mem<0 ? GC_UNLIMITED : pNode->mem - peakMem;
}

static int timesGrow(Gc *p, int n){
  if( n>p->nTimesAlloc ){
    int nNew = n*2 + 16;
    double *aNew = sqlite3_realloc64(p->aTimes, sizeof(double)*(sqlite3_uint64)nNew);
    if( aNew==0 ) return SQLITE_NOMEM;
    p->aTimes = aNew;
    p->nTimesAlloc = nNew;
  }
  return SQLITE_OK;
}

/* Now and the believed ends after now, up to tMax, of the holdings of
** node n (not jSkip's), ascending, distinct, to aTimes; their count to *pn. */
static int nodeTimes(Gc *p, int n, int jSkip, double tMax, int *pn){
  int nT = 0, i;
  if( timesGrow(p, p->aHoldN[n]+1) ) return SQLITE_NOMEM;
  p->aTimes[nT++] = p->st.t;
  for(i=0; i<p->aHoldN[n]; i++){
    int h = p->aaHold[n][i];
    double s, e;
    if( h==jSkip ) continue;
    heldWindow(p, h, &s, &e);
    if( e>p->st.t && e<=tMax ) p->aTimes[nT++] = e;
  }
  qsort(p->aTimes, (size_t)nT, sizeof(double), statsCmpDoubleQsort);
  for(i=1, *pn=1; i<nT; i++){
    if( p->aTimes[i]!=p->aTimes[*pn-1] ) p->aTimes[(*pn)++] = p->aTimes[i];
  }
  return SQLITE_OK;
}

/*
** placeWide's test over a window [T, E): node n has no holding in it. The
** holdings of node n are aS[aOff[n] .. aOff[n+1]-1], sorted by start, with
** aMaxE the running maximum of their ends: one overlaps the window iff,
** among those starting before E, the latest end is after T.
*/
typedef struct WideWin WideWin;
struct WideWin {
  double T, E;
  int *aOff;                  /* N+1 */
  double *aS, *aMaxE;
};
static int okWindow(Gc *p, void *pArg, int n){
  const WideWin *w = (const WideWin*)pArg;
  int lo = w->aOff[n], hi = w->aOff[n+1], first = lo;
  (void)p;
  while( lo<hi ){
    int mid = lo + (hi-lo)/2;
    if( w->aS[mid]<w->E ) lo = mid+1; else hi = mid;
  }
  return lo==first || w->aMaxE[lo-1]<=w->T;
}

typedef struct WinSort WinSort;
struct WinSort { double s, e; };
static int cmpWinStart(const void *a, const void *b){
  return statsCmpDouble(((const WinSort*)a)->s, ((const WinSort*)b)->s);
}

/*
** Earliest window of a wide alternative (profileEarliest): candidate
** starts are now and every believed end; each node's holdings are sorted
** once so that a node is tested in O(log holdings) per candidate.
*/
static int wideEarliest(Gc *p, int j, int a, double tMax, int *aOut,
                        int *pnPair, double *pT){
  double est = p->st.aAlt[a].estimate;
  sqlite3_int64 nAll = 1;
  int n, i, nT = 0, rc = SQLITE_OK;
  WideWin w;
  WinSort *aW = 0;
  memset(&w, 0, sizeof(w));
  for(n=0; n<p->N; n++) nAll += p->aHoldN[n];
  if( nAll>0x3fffffff ) return SQLITE_NOMEM;
  w.aOff = sqlite3_malloc64(sizeof(int)*((sqlite3_uint64)p->N+1));
  w.aS = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nAll);
  w.aMaxE = sqlite3_malloc64(sizeof(double)*(sqlite3_uint64)nAll);
  aW = sqlite3_malloc64(sizeof(WinSort)*(sqlite3_uint64)nAll);
  if( w.aOff==0 || w.aS==0 || w.aMaxE==0 || aW==0 || timesGrow(p, (int)nAll) ){
    rc = SQLITE_NOMEM;
    goto end;
  }
  p->aTimes[nT++] = p->st.t;
  w.aOff[0] = 0;
  for(n=0; n<p->N; n++){
    int k0 = w.aOff[n], k = k0;
    for(i=0; i<p->aHoldN[n]; i++){
      double s, e;
      if( p->aaHold[n][i]==j ) continue;
      heldWindow(p, p->aaHold[n][i], &s, &e);
      if( e<=p->st.t ) continue;
      aW[k].s = s;
      aW[k].e = e;
      k++;
      p->aTimes[nT++] = e;
    }
    qsort(&aW[k0], (size_t)(k-k0), sizeof(WinSort), cmpWinStart);
    for(i=k0; i<k; i++){
      w.aS[i] = aW[i].s;
      w.aMaxE[i] = i>k0 && w.aMaxE[i-1]>aW[i].e ? w.aMaxE[i-1] : aW[i].e;
    }
    w.aOff[n+1] = k;
    if( utilStopTick(&p->st.stop, k-k0+1) ){ rc = SQLITE_INTERRUPT; goto end; }
  }
  qsort(p->aTimes, (size_t)nT, sizeof(double), statsCmpDoubleQsort);
  for(i=0; i<nT && p->aTimes[i]<=tMax; i++){
    if( i>0 && p->aTimes[i]==p->aTimes[i-1] ) continue;
    w.T = p->aTimes[i];
    w.E = w.T + est;
    if( utilStopTick(&p->st.stop, p->N) ){ rc = SQLITE_INTERRUPT; goto end; }
    *pnPair = placeWide(p, j, a, okWindow, &w, aOut);
    if( *pnPair ){
      *pT = w.T;
      break;
    }
  }
end:
  sqlite3_free(w.aOff);
  sqlite3_free(w.aS);
  sqlite3_free(w.aMaxE);
  sqlite3_free(aW);
  return rc;
}

/*
** Earliest reservation of job j's alternative a, starting by tMax, beside
** every holding but j's own: its start to *pT (HUGE_VAL: none), its pairs
** to aOut, their count to *pnPair. A single-node job searches only the
** nodes given capacity back after stamp iSince (-1: every node): on the
** others only load was added since its last visit, so none has a window
** better than the reservation it kept then (see consVisit).
*/
static int profileEarliest(Gc *p, int j, int a, double tMax, sqlite3_int64 iSince,
                           int *aOut, int *pnPair, double *pT){
  double est = p->st.aAlt[a].estimate;
  sqlite3_int64 g = p->st.aAlt[a].gpus;
  int n, i, nT, rc;
  *pT = HUGE_VAL;
  *pnPair = 0;
  if( gcWide(p, j, a) ){
    return wideEarliest(p, j, a, tMax, aOut, pnPair, pT);
  }else{
    GcPick best, c;
    int m = p->aAltMilli[a];
    best.iNode = -1;
    best.t = HUGE_VAL;
    for(n=0; n<p->N; n++){
      double tTop = best.t<tMax ? best.t : tMax;
      if( best.iNode>=0 && best.t==p->st.t && p->pCl->ePlacement==GC_FIRST_FIT ) break;
      if( p->aNodeFreed[n]<=iSince || !nodeCouldHold(p, j, a, n) ) continue;
      if( tTop==p->st.t ){
        nT = 1;   /* only now is a candidate: no need to list the ends */
        p->aTimes[0] = p->st.t;
      }else{
        rc = nodeTimes(p, n, j, tTop, &nT);
        if( rc ) return rc;
      }
      for(i=0; i<nT; i++){
        GcView v;
        double T = p->aTimes[i];
        if( T>tTop ) break;
        if( T==best.t && p->pCl->ePlacement==GC_FIRST_FIT ) break;
        windowView(p, n, T, T+est, j, 1, &v);
        if( !viewFit(p, &v, g, m, p->aNeed[j].cpu, p->aNeed[j].mem, p->aGpuIdx, &c) ){
          continue;
        }
        windowView(p, n, T, T+est, j, 0, &v);
        if( !viewFit(p, &v, g, m, p->aNeed[j].cpu, p->aNeed[j].mem, p->aGpuIdx, &c) ){
          continue;
        }
        c.iNode = n;
        c.t = T;
        if( T<best.t || pickBetter(p, &c, &best) ){
          int k;
          best = c;
          for(k=0; k<g; k++){ aOut[2*k] = n; aOut[2*k+1] = p->aGpuIdx[k]; }
        }
        break;
      }
      if( utilStopTick(&p->st.stop, p->N) ) return SQLITE_INTERRUPT;
    }
    if( best.iNode>=0 ){
      *pT = best.t;
      *pnPair = (int)g;
    }
    return SQLITE_OK;
  }
}

/* ------------------------------------------------- starting and finishing */

/* Start job j now with alternative a on the nPair pairs of aPair. */
static int startJob(Gc *p, int j, int a, const int *aPair, int nPair){
  int iFirst = p->pairs.n/2, rc;
  rc = schedIntsAppend(&p->pairs, aPair, 2*nPair);
  if( rc ) return rc;
  stateApply(p, &p->cur, j, a, aPair, nPair, -1);
  p->aStarted[j] = 1;
  p->aFrag[j] = (p->fragAcc - p->fragLast)/GC_MILLI;
  p->fragLast = p->fragAcc;
  schedRunningAdd(&p->st, j, a, iFirst, nPair);
  return SQLITE_OK;
}

/* Job j ended now: its resources are free (and, under conservative, its
** holding is gone). */
static int finishJob(void *pArg, int j){
  Gc *p = (Gc*)pArg;
  const SchedResult *pRes = &p->st.aRes[j];
  p->nFin++;
  stateApply(p, &p->cur, j, pRes->iAlt, &p->pairs.a[2*(size_t)pRes->iNode],
             pRes->nNode, 1);
  if( p->st.pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE ){
    holdRemove(p, j, p->st.aEnd[j]>p->st.t);
  }
  return SQLITE_OK;
}

/* ---------------------------------------------------- none and EASY */

/* Whether job j's alternative a fits on state s at node n alone. */
static int fitsNode(Gc *p, const GcState *s, int j, int a, int n){
  GcView v;
  GcPick c;
  if( !gcAllowed(p, j, n) ) return 0;
  viewOf(p, s, n, &v);
  return viewFit(p, &v, p->st.aAlt[a].gpus, p->aAltMilli[a], p->aNeed[j].cpu,
                 p->aNeed[j].mem, p->aGpuIdx, &c);
}

/*
** Earliest time at which job j's alternative a can be placed, releasing
** the running jobs in order of believed end (never before now); w
** receives the cluster at that time. Only the nodes a release touches can
** newly hold a single-node job, and a wide job only once a node is idle.
*/
static double gcEarliest(Gc *p, int j, int a, GcState *w){
  int i = 0, bWide = gcWide(p, j, a);
  stateCopy(p, w, &p->cur);
  (void)utilStopTick(&p->st.stop, p->nGpuTotal);
  if( gcPlace(p, w, j, a, p->aShadowPairs) ) return p->st.t;
  while( i<p->st.nRun ){
    int iEnd, bFit = 0;
    double when = schedRunningBatch(&p->st, i, &iEnd);
    for(; i<iEnd; i++){
      int r = p->st.aRun[i], nPair, k;
      const SchedResult *pRes = &p->st.aRes[r];
      const int *aPair = &p->pairs.a[2*(size_t)pRes->iNode];
      nPair = pRes->nNode;
      stateApply(p, w, r, pRes->iAlt, aPair, nPair, 1);
      for(k=0; k<nPair && !bFit; k++){
        int n = aPair[2*k];
        if( k>0 && n==aPair[2*k-2] ) continue;
        if( bWide ){
          bFit = w->aIdle[n]==p->pCl->aNode[n].gpus;
        }else{
          bFit = fitsNode(p, w, j, a, n);
        }
      }
    }
    if( bFit && (!bWide || gcPlace(p, w, j, a, p->aShadowPairs)) ) return when;
  }
  /* Every running job released: the cluster is empty, and the job was
  ** checked to fit on an empty cluster, so this is a bug: the run ends
  ** with SCHED_WHY_INTERNAL (the caller asks p->rcBug), as pool.c's does. */
  p->rcBug = schedRefuse(p->st.pErr, SCHED_WHY_INTERNAL, j, a);
  return HUGE_VAL;
}

/*
** The alternative of job j to use now (none, easy): fixed, or the one
** whose earliest start plus estimate is least (then fewest GPUs). Its
** placement now to aOut, the pair count to *pnPair (0: it does not fit).
*/
static double altEarliest(void *pArg, int j, int a){
  Gc *p = (Gc*)pArg;
  return gcEarliest(p, j, a, &p->work);
}
static int chooseNow(Gc *p, int j, int *aOut, int *pnPair){
  int a = schedChooseNow(&p->st, j, altEarliest, p);
  *pnPair = gcMayFitNow(p, j, a) ? gcPlace(p, &p->cur, j, a, aOut) : 0;
  return a;
}

/* Greedy: every queued job, in queue order, starts if it can be placed now. */
static int passGreedy(Gc *p){
  int i, nKeep = 0, nPair, rc;
  for(i=0; i<p->st.nQ; i++){
    int j = p->st.aQ[i], a;
    if( p->aGreedyNoFit[j]==p->nFin+1 ){
      p->st.aQ[nKeep++] = j;
      continue;
    }
    if( utilStopTick(&p->st.stop, p->nSum) ) return SQLITE_INTERRUPT;
    a = chooseNow(p, j, p->aTry, &nPair);
    if( p->rcBug ) return p->rcBug;
    if( nPair==0 ){
      if( p->st.aFixedAlt[j]>=0 ) p->aGreedyNoFit[j] = p->nFin+1;
      p->st.aQ[nKeep++] = j;
      continue;
    }
    rc = startJob(p, j, a, p->aTry, nPair);
    if( rc ) return rc;
  }
  p->st.nQ = nKeep;
  if( utilStopTick(&p->st.stop, i) ) return SQLITE_INTERRUPT;
  return SQLITE_OK;
}

static int passQueue(void *pArg){
  Gc *p = (Gc*)pArg;
  int i = 0, nKeep = 0, rc = SQLITE_OK, aHead = -1, jHead, nPair;
  if( p->st.pCfg->eBackfill==SCHED_BACKFILL_GREEDY ) return passGreedy(p);
  for(; i<p->st.nQ; i++){
    int j = p->st.aQ[i];
    aHead = chooseNow(p, j, p->aTry, &nPair);
    if( p->rcBug ) return p->rcBug;
    if( nPair==0 ) break;
    rc = startJob(p, j, aHead, p->aTry, nPair);
    if( rc ) return rc;
  }
  if( i<p->st.nQ && p->st.pCfg->eBackfill==SCHED_BACKFILL_EASY ){
    double shadow;
    int bSame;
    jHead = p->st.aQ[i];
    bSame = p->bLastScan && p->lastHead==jHead && p->lastAHead==aHead
         && p->lastFin==p->nFin && p->st.t<p->lastShadow && i==0;
    shadow = bSame ? p->lastShadow : gcEarliest(p, jHead, aHead, &p->shadow);
    if( p->rcBug ) return p->rcBug;
    if( !bSame ) p->iEpoch++;
    p->bLastScan = 1;
    p->lastHead = jHead;
    p->lastAHead = aHead;
    p->lastFin = p->nFin;
    p->lastShadow = shadow;
    for(i=i+1; i<p->st.nQ; i++){
      int j = p->st.aQ[i], a;
      if( p->aNoFit[j]==p->iEpoch ) continue;
      if( utilStopTick(&p->st.stop, p->nSum) ) return SQLITE_INTERRUPT;
      a = chooseNow(p, j, p->aTry, &nPair);
      if( p->rcBug ) return p->rcBug;
      if( nPair==0 ){
        if( p->st.aFixedAlt[j]>=0 ) p->aNoFit[j] = p->iEpoch;
        continue;
      }
      if( p->st.t + p->st.aAlt[a].estimate > shadow ){
        /* Runs past the shadow time: only if the head still fits then. */
        stateApply(p, &p->shadow, j, a, p->aTry, nPair, -1);
        if( !gcPlace(p, &p->shadow, jHead, aHead, p->aBest) ){
          stateApply(p, &p->shadow, j, a, p->aTry, nPair, 1);
          continue;
        }
      }
      rc = startJob(p, j, a, p->aTry, nPair);
      if( rc ) return rc;
    }
  }
  for(i=0; i<p->st.nQ; i++){
    if( !p->aStarted[p->st.aQ[i]] ) p->st.aQ[nKeep++] = p->st.aQ[i];
  }
  p->st.nQ = nKeep;
  if( utilStopTick(&p->st.stop, p->st.nQ) ) return SQLITE_INTERRUPT;
  return SQLITE_OK;
}

/* ---------------------------------------------------------- conservative */

/*
** Visit queued job j (as consVisit in ext/scheduling/pool.c): a job without a
** reservation gets the earliest; one with a reservation moves only to
** finish earlier, starting no later, and only if capacity was given back
** since its last visit; a reservation whose time passed is placed afresh.
*/
static int consVisit(void *pArg, int j){
  Gc *p = (Gc*)pArg;
  const SchedJob *pJob = &p->st.aJob[j];
  int bHave = p->st.aResAlt[j]>=0, bLate = bHave && p->st.aResStart[j]<p->st.t;
  double tMax = HUGE_VAL, fCur = HUGE_VAL, fBest = 0.0, tBest = 0.0;
  int a, aB = -1, nBest = 0, rc;
  if( bHave && !bLate && p->aStamp[j]==p->nFreed ) return SQLITE_OK;
  if( bHave && !bLate ){
    tMax = p->st.aResStart[j];
    fCur = tMax + p->st.aAlt[p->st.aResAlt[j]].estimate;
  }
  for(a=pJob->iAlt; a<pJob->iAlt+pJob->nAlt; a++){
    int nTry;
    double T, f;
    if( p->st.aFixedAlt[j]>=0 && a!=p->st.aFixedAlt[j] ) continue;
    rc = profileEarliest(p, j, a, tMax, bHave && !bLate ? p->aStamp[j] : -1,
                         p->aTry, &nTry, &T);
    if( rc ) return rc;
    if( T==HUGE_VAL ) continue;
    f = T + p->st.aAlt[a].estimate;
    if( schedAltBetter(p->st.aAlt, a, f, aB, fBest) ){
      aB = a;
      fBest = f;
      tBest = T;
      nBest = nTry;
      memcpy(p->aBest, p->aTry, 2*sizeof(int)*(size_t)nTry);
    }
  }
  if( aB<0 && tMax==HUGE_VAL ){
    /* The end of every holding leaves the cluster empty: a bug. */
    return schedRefuse(p->st.pErr, SCHED_WHY_INTERNAL, j, -1);
  }
  if( aB>=0 && fBest<fCur ){
    if( bHave ) holdRemove(p, j, 1);
    if( nBest>p->aResPairAlloc[j] ){
      int *aNew = sqlite3_realloc64(p->aaResPair[j], 2*sizeof(int)*(sqlite3_uint64)nBest);
      if( aNew==0 ) return SQLITE_NOMEM;
      p->aaResPair[j] = aNew;
      p->aResPairAlloc[j] = nBest;
    }
    memcpy(p->aaResPair[j], p->aBest, 2*sizeof(int)*(size_t)nBest);
    p->aResPairN[j] = nBest;
    p->st.aResAlt[j] = aB;
    p->st.aResStart[j] = tBest;
    if( !bHave ) p->st.aRes[j].reserved = tBest;
    rc = holdAdd(p, j);
    if( rc ) return rc;
  }
  p->aStamp[j] = p->nFreed;
  return SQLITE_OK;
}

/* Whether the GPUs, CPU and memory of job j's reservation are free now. */
static int consFreeNow(void *pArg, int j){
  const Gc *p = (const Gc*)pArg;
  const int *aPair = p->aaResPair[j];
  int nPair = p->aResPairN[j], a = p->st.aResAlt[j], i;
  int m = p->aAltMilli[a], k = pairNodes(aPair, nPair);
  sqlite3_int64 cpu = ceilDiv(p->aNeed[j].cpu, k), mem = ceilDiv(p->aNeed[j].mem, k);
  for(i=0; i<nPair; i++){
    int n = aPair[2*i];
    if( p->cur.aGpu[p->aGpuOff[n]+aPair[2*i+1]]<m ) return 0;
    if( p->cur.aCpu[n]<cpu || p->cur.aMem[n]<mem ) return 0;
  }
  return 1;
}

/* Start queued job j now on the pairs of its reservation. */
static int consStart(void *pArg, int j){
  Gc *p = (Gc*)pArg;
  return startJob(p, j, p->st.aResAlt[j], p->aaResPair[j], p->aResPairN[j]);
}

/* -------------------------------------------------------- fragmentation */

/* GPU milli of node n that job j's alternative a could use now. */
static sqlite3_int64 usableOn(const Gc *p, int j, int a, int n){
  const GcNode *pNode = &p->pCl->aNode[n];
  sqlite3_int64 g = p->st.aAlt[a].gpus;
  int m = p->aAltMilli[a], i;
  sqlite3_int64 u = 0;
  if( !gcAllowed(p, j, n) ) return 0;
  if( gcWide(p, j, a) ){
    sqlite3_int64 k;
    if( pNode->gpus==0 || g%pNode->gpus!=0 ) return 0;
    k = g/pNode->gpus;
    if( !capHolds(pNode->cpu, ceilDiv(p->aNeed[j].cpu, k))
     || !capHolds(pNode->mem, ceilDiv(p->aNeed[j].mem, k)) ) return 0;
    return p->cur.aIdle[n]==pNode->gpus ? (sqlite3_int64)pNode->gpus*GC_MILLI : 0;
  }
  if( pNode->gpus<g || p->cur.aCpu[n]<p->aNeed[j].cpu || p->cur.aMem[n]<p->aNeed[j].mem ){
    return 0;
  }
  if( m==GC_MILLI ) return p->cur.aIdle[n]>=g ? (sqlite3_int64)p->cur.aIdle[n]*GC_MILLI : 0;
  for(i=p->aGpuOff[n]; i<p->aGpuOff[n+1]; i++){
    if( p->cur.aGpu[i]>=m ) u += p->cur.aGpu[i];
  }
  return u;
}

/* F now, in milli: the free GPU milli the queue head cannot use. */
static void fragUpdate(void *pArg){
  Gc *p = (Gc*)pArg;
  const SchedJob *pJob;
  sqlite3_int64 f = 0;
  int n, j, a;
  p->fragNow = 0.0;
  if( p->st.nQ==0 ) return;
  j = p->st.aQ[0];
  pJob = &p->st.aJob[j];
  (void)utilStopTick(&p->st.stop, p->N);
  for(n=0; n<p->N; n++){
    sqlite3_int64 u = 0;
    if( p->cur.aMilli[n]==0 ) continue;
    for(a=pJob->iAlt; a<pJob->iAlt+pJob->nAlt; a++){
      sqlite3_int64 x;
      if( p->st.aFixedAlt[j]>=0 && a!=p->st.aFixedAlt[j] ) continue;
      x = usableOn(p, j, a, n);
      if( x>u ) u = x;
    }
    f += p->cur.aMilli[n] - u;
  }
  p->fragNow = (double)f;
}

/* ------------------------------------------------------------- the run */

double gcFragBound(const GcCluster *pCl, int nJob, const SchedJob *aJob,
                   const SchedAlt *aAlt){
  double lo, hi, nGpu = 0.0;
  int n;
  for(n=0; n<pCl->nNode; n++) nGpu += pCl->aNode[n].gpus;
  if( nJob==0 ) return 0.0;
  schedTimeBounds(nJob, aJob, aAlt, &lo, &hi);
  return nGpu*GC_MILLI*(hi - lo);
}

/* The cluster within bounds (glue checks them too, with messages). */
static int gcCheckCluster(const GcCluster *pCl, SchedError *pErr){
  sqlite3_int64 nGpu = 0;
  int n;
  if( pCl->nNode<0 || pCl->nNode>MLP_MAX_NODES || pCl->nModel<0
   || pCl->nModel>MLP_MAX_MODELS || pCl->nModels<0
   || pCl->nModels>MLP_MAX_MODEL_SETS || pCl->ePlacement<GC_FIRST_FIT
   || pCl->ePlacement>GC_WORST_FIT ){
    return schedRefuse(pErr, GC_WHY_CLUSTER, -1, -1);
  }
  for(n=0; n<pCl->nNode; n++){
    const GcNode *pNode = &pCl->aNode[n];
    if( pNode->gpus<0 || pNode->gpus>MLP_MAX_NODE_GPUS
     || pNode->iModel<-1 || pNode->iModel>=pCl->nModel
     || (n>0 && pNode->id<=pCl->aNode[n-1].id) ){
      return schedRefuse(pErr, GC_WHY_CLUSTER, -1, -1);
    }
    nGpu += pNode->gpus;
  }
  if( nGpu>MLP_MAX_GPUS ) return schedRefuse(pErr, GC_WHY_CLUSTER, -1, -1);
  return SQLITE_OK;
}

/* The jobs' own values, as schedCheck() tests them, with their needs. */
static int gcCheckJobs(const GcCluster *pCl, int nJob, const SchedJob *aJob,
                       const GcNeed *aNeed, int nAlt, const SchedAlt *aAlt,
                       const int *aAltMilli, SchedError *pErr){
  int i, k;
  for(i=0; i<nJob; i++){
    const SchedJob *pJob = &aJob[i];
    const GcNeed *pNeed = &aNeed[i];
    int rc = schedCheckJob(nAlt, aJob, i, pErr);
    if( rc ) return rc;
    if( pNeed->cpu<0 || pNeed->mem<0 || pNeed->iModels<-1
     || pNeed->iModels>=pCl->nModels ){
      return schedRefuse(pErr, GC_WHY_CLUSTER, i, -1);
    }
    for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
      rc = schedCheckAlt(aAlt, i, k, pErr);
      if( rc ) return rc;
      if( aAltMilli[k]<1 || aAltMilli[k]>GC_MILLI
       || (aAltMilli[k]<GC_MILLI && aAlt[k].gpus>1) ){
        return schedRefuse(pErr, GC_WHY_MILLI, i, k);
      }
    }
  }
  return schedCheckTimes(nJob, aJob, aAlt, pErr);
}

/*
** Every alternative fits on the empty cluster (p->cur): a single-node one
** on some node, a wide one on whole nodes of one group. *pnMax receives
** the most GPUs of any alternative.
*/
static int gcCheckFit(Gc *p, SchedError *pErr, int *pnMax){
  int i, k, n;
  *pnMax = 1;
  for(i=0; i<p->st.nJob; i++){
    const SchedJob *pJob = &p->st.aJob[i];
    for(k=pJob->iAlt; k<pJob->iAlt+pJob->nAlt; k++){
      sqlite3_int64 g = p->st.aAlt[k].gpus;
      if( utilStopTick(&p->st.stop, p->N) ) return SQLITE_INTERRUPT;
      if( g>p->nGpuTotal ) return schedRefuse(pErr, GC_WHY_NEVER, i, k);
      if( gcSetMax(p, i)==0 ) return schedRefuse(pErr, GC_WHY_NEVER, i, k);
      if( gcWide(p, i, k) ){
        int bDiv = 0;
        for(n=0; n<p->N && !bDiv; n++){
          int c = p->pCl->aNode[n].gpus;
          bDiv = c>0 && g%c==0 && gcAllowed(p, i, n);
        }
        if( !bDiv ) return schedRefuse(pErr, GC_WHY_SPLIT, i, k);
        if( placeWide(p, i, k, okIdle, &p->cur, p->aTry)==0 ){
          return schedRefuse(pErr, GC_WHY_NEVER, i, k);
        }
      }else{
        for(n=0; n<p->N && !nodeCouldHold(p, i, k, n); n++){}
        if( n==p->N ) return schedRefuse(pErr, GC_WHY_NEVER, i, k);
      }
      if( g>*pnMax ) *pnMax = (int)g;
    }
  }
  return SQLITE_OK;
}

/* Node groups (model, GPU count), the per-set widest node, summaries. */
static int gcIndex(Gc *p){
  const GcCluster *pCl = p->pCl;
  int ok = 1, n, s, gr;
  p->aGpuOff = schedAllocArray((sqlite3_uint64)p->N+1, sizeof(int), &ok);
  p->nSum = pCl->nModel+1;
  p->aSum = schedAllocArray((sqlite3_uint64)p->nSum, sizeof(GcSum), &ok);
  p->aSumOff = schedAllocArray((sqlite3_uint64)p->nSum+1, sizeof(int), &ok);
  p->aSumNode = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aSetMax = schedAllocArray((sqlite3_uint64)pCl->nModels+1, sizeof(int), &ok);
  p->aNodeGrp = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aGrpGpus = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aGrpCnt = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  p->aGrpFirst = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
  if( !ok ) return SQLITE_NOMEM;
  for(n=0; n<p->N; n++){
    int c = pCl->aNode[n].gpus;
    p->aGpuOff[n+1] = p->aGpuOff[n] + c;
    if( c>p->maxNodeGpus ) p->maxNodeGpus = c;
    if( c>p->aSetMax[pCl->nModels] ) p->aSetMax[pCl->nModels] = c;
    if( pCl->aNode[n].iModel>=0 ){
      for(s=0; s<pCl->nModels; s++){
        if( pCl->aAllowed[(size_t)s*(size_t)pCl->nModel+(size_t)pCl->aNode[n].iModel]
         && c>p->aSetMax[s] ){
          p->aSetMax[s] = c;
        }
      }
    }
    /* Groups: few, so a linear search. */
    for(gr=0; gr<p->nGrp; gr++){
      int m0 = pCl->aNode[p->aGrpFirst[gr]].iModel;
      if( p->aGrpGpus[gr]==c && m0==pCl->aNode[n].iModel ) break;
    }
    if( gr==p->nGrp ){
      p->aGrpGpus[gr] = c;
      p->aGrpFirst[gr] = n;
      p->nGrp++;
    }
    p->aNodeGrp[n] = gr;
    if( utilStopTick(&p->st.stop, p->nGrp+pCl->nModels) ) return SQLITE_INTERRUPT;
  }
  p->nGpuTotal = p->aGpuOff[p->N];
  for(s=0; s<p->nSum; s++) p->aSum[s].bDirty = 1;
  /* Nodes by model (a counting sort keeps them ascending in each). */
  for(n=0; n<p->N; n++) p->aSumOff[sumIndex(p, n)+1]++;
  for(s=0; s<p->nSum; s++) p->aSumOff[s+1] += p->aSumOff[s];
  for(n=0; n<p->N; n++) p->aSumNode[p->aSumOff[sumIndex(p, n)]++] = n;
  for(s=p->nSum; s>0; s--) p->aSumOff[s] = p->aSumOff[s-1];
  p->aSumOff[0] = 0;
  return SQLITE_OK;
}

static int gcAllocRun(Gc *p){
  int ok = 1, nJob = p->st.nJob, i;
  sqlite3_uint64 nG = (sqlite3_uint64)p->maxNodeGpus;
  if( stateAlloc(p, &p->cur) || stateAlloc(p, &p->shadow) || stateAlloc(p, &p->work) ){
    return SQLITE_NOMEM;
  }
  p->aStarted = schedAllocArray(nJob, 1, &ok);
  p->aNoFit = schedAllocArray(nJob, sizeof(sqlite3_int64), &ok);
  p->aGreedyNoFit = schedAllocArray(nJob, sizeof(sqlite3_int64), &ok);
  p->aGpuIdx = schedAllocArray(nG, sizeof(int), &ok);
  p->aUse = schedAllocArray(nG, sizeof(int), &ok);
  p->aPeak = schedAllocArray(nG, sizeof(int), &ok);
  p->aViewGpu = schedAllocArray(nG, sizeof(int), &ok);
  p->aTry = schedAllocArray(2*(sqlite3_uint64)p->nGpuTotal, sizeof(int), &ok);
  if( !ok ) return SQLITE_NOMEM;
  stateEmpty(p, &p->cur);
  for(i=0; i<p->N; i++) if( p->pCl->aNode[i].gpus>0 ) p->nIdleCur++;
  return SQLITE_OK;
}

/* Scratch sized by the widest alternative, and the conservative state. */
static int gcAllocPlan(Gc *p, int nMax){
  int ok = 1, nJob = p->st.nJob;
  p->aBest = schedAllocArray(2*(sqlite3_uint64)nMax, sizeof(int), &ok);
  p->aShadowPairs = schedAllocArray(2*(sqlite3_uint64)nMax, sizeof(int), &ok);
  if( p->st.pCfg->eBackfill==SCHED_BACKFILL_CONSERVATIVE ){
    p->aaHold = schedAllocArray((sqlite3_uint64)p->N, sizeof(int*), &ok);
    p->aHoldN = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
    p->aHoldAlloc = schedAllocArray((sqlite3_uint64)p->N, sizeof(int), &ok);
    p->aaResPair = schedAllocArray(nJob, sizeof(int*), &ok);
    p->aResPairN = schedAllocArray(nJob, sizeof(int), &ok);
    p->aResPairAlloc = schedAllocArray(nJob, sizeof(int), &ok);
    p->aStamp = schedAllocArray(nJob, sizeof(sqlite3_int64), &ok);
    p->aNodeFreed = schedAllocArray((sqlite3_uint64)p->N, sizeof(sqlite3_int64), &ok);
    p->aHoldScratch = schedAllocArray(nJob, sizeof(int), &ok);
    p->aHoldS = schedAllocArray(nJob, sizeof(double), &ok);
    p->aHoldE = schedAllocArray(nJob, sizeof(double), &ok);
    if( !ok ) return SQLITE_NOMEM;
    if( timesGrow(p, 1) ) return SQLITE_NOMEM;
  }
  return ok ? SQLITE_OK : SQLITE_NOMEM;
}

static void gcFree(Gc *p){
  int i;
  stateFree(&p->cur);
  stateFree(&p->shadow);
  stateFree(&p->work);
  if( p->aaHold ) for(i=0; i<p->N; i++) sqlite3_free(p->aaHold[i]);
  if( p->aaResPair ) for(i=0; i<p->st.nJob; i++) sqlite3_free(p->aaResPair[i]);
  sqlite3_free(p->aaHold);
  sqlite3_free(p->aaResPair);
  sqlite3_free(p->aGpuOff);
  sqlite3_free(p->aSum);
  sqlite3_free(p->aSumOff);
  sqlite3_free(p->aSumNode);
  sqlite3_free(p->aSetMax);
  sqlite3_free(p->aNodeGrp);
  sqlite3_free(p->aGrpGpus);
  sqlite3_free(p->aGrpCnt);
  sqlite3_free(p->aGrpFirst);
  sqlite3_free(p->aStarted);
  sqlite3_free(p->aNoFit);
  sqlite3_free(p->aGreedyNoFit);
  sqlite3_free(p->aTry);
  sqlite3_free(p->aBest);
  sqlite3_free(p->aGpuIdx);
  sqlite3_free(p->aShadowPairs);
  sqlite3_free(p->aHoldN);
  sqlite3_free(p->aHoldAlloc);
  sqlite3_free(p->aResPairN);
  sqlite3_free(p->aResPairAlloc);
  sqlite3_free(p->aStamp);
  sqlite3_free(p->aNodeFreed);
  sqlite3_free(p->aHoldScratch);
  sqlite3_free(p->aHoldS);
  sqlite3_free(p->aHoldE);
  sqlite3_free(p->aUse);
  sqlite3_free(p->aPeak);
  sqlite3_free(p->aViewGpu);
  sqlite3_free(p->aTimes);
  sqlite3_free(p->pairs.a);
  schedStateFree(&p->st);
}

/* The clock moved: F, constant since the last event, is integrated. */
static void gcAdvance(void *pArg){
  Gc *p = (Gc*)pArg;
  p->fragAcc += p->fragNow*(p->st.t - p->fragT);
  p->fragT = p->st.t;
}

static void gcArrive(void *pArg, int j){
  schedQueueAdd(&((Gc*)pArg)->st, j);
}

static const SchedHooks gcHooks = {
  gcAdvance,                  /* xAdvance */
  finishJob,                  /* xFinish */
  gcArrive,                   /* xArrive */
  passQueue,                  /* xPass */
  fragUpdate,                 /* xAfterPass */
  consVisit,                  /* xVisit */
  consFreeNow,                /* xFreeNow */
  consStart                   /* xStartReserved */
};

int nodesRun(const SchedConfig *pCfg, const GcCluster *pCl, int nJob,
             const SchedJob *aJob, const GcNeed *aNeed, int nAlt,
             const SchedAlt *aAlt, const int *aAltMilli, SchedResult *aRes,
             double *aFrag, int **paPair, SchedError *pErr){
  Gc s;
  int rc, nMax = 1;
  *paPair = 0;
  pErr->eWhy = 0;
  pErr->iJob = pErr->iAlt = -1;
  memset(&s, 0, sizeof(s));
  s.pCl = pCl;
  s.aNeed = aNeed;
  s.aAltMilli = aAltMilli;
  s.aFrag = aFrag;
  s.N = pCl->nNode;
  rc = gcCheckCluster(pCl, pErr);
  if( rc==SQLITE_OK ){
    rc = gcCheckJobs(pCl, nJob, aJob, aNeed, nAlt, aAlt, aAltMilli, pErr);
  }
  if( rc==SQLITE_OK && !isfinite(gcFragBound(pCl, nJob, aJob, aAlt)) ){
    rc = schedRefuse(pErr, GC_WHY_FRAG, -1, -1);
  }
  if( rc==SQLITE_OK ) rc = schedStateInit(&s.st, pCfg, nJob, aJob, aAlt, aRes, pErr);
  if( rc==SQLITE_OK ) rc = gcIndex(&s);
  if( rc==SQLITE_OK ) rc = gcAllocRun(&s);
  if( rc==SQLITE_OK ) rc = gcCheckFit(&s, pErr, &nMax);
  if( rc==SQLITE_OK ) rc = gcAllocPlan(&s, nMax);
  if( rc==SQLITE_OK ){
    s.fragT = nJob>0 ? aJob[s.st.aArr[0]].submit : 0.0;
    rc = schedEvents(&s.st, &gcHooks, &s, 64);
  }
  if( rc==SQLITE_OK ){
    *paPair = s.pairs.a;
    s.pairs.a = 0;
  }
  gcFree(&s);
  return rc;
}
