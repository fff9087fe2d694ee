/*
** Unit tests of the GPU cluster simulator (ext/scheduling/pool.c):
**   1. hand-computed schedules where none, EASY, conservative and greedy
**      differ (a blocked head passed by later jobs, a large job starved by
**      a stream of small ones), node placement, moldable jobs, inaccurate
**      estimates;
**   2. invariants on random workloads of thousands of jobs (under
**      conservative also: no job starts after its first reservation;
**      under greedy: after each pass no waiting rigid job fits);
**   3. tiny cases (<= 7 jobs, submit 0) against the optimum makespan found
**      by brute force over all orders with earliest-start placement;
**   4. 1,800 varied schedules against a digest recorded from an earlier
**      core (a change of any schedule is seen);
**   5. the node-table core (ext/scheduling/nodetable.c): the placement rules by
**      hand, its refusals, and on random heterogeneous workloads under
**      every rule and backfill mode no GPU, CPU or memory over capacity;
**   6. the queue-order policies of ext/scheduling/schedcore.c (option
**      'order': each job's key, the dense ranks of an order column) and
**      the schedules they give.
** Exits 0 when every check passes.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/pool.h"
#include "scheduling/nodetable.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* ------------------------------------------------------------- helpers */

typedef struct Work Work;
struct Work {
  int nJob, nAlt;
  SchedJob aJob[8192];
  SchedAlt aAlt[16384];
  SchedResult aRes[8192];
  int *aNode;
};
static Work W;

static void workReset(void){
  sqlite3_free(W.aNode);
  W.aNode = 0;
  W.nJob = W.nAlt = 0;
}

/* Add a rigid job; key = submit (FCFS), tie = its index. */
static int addJob(double submit, sqlite3_int64 g, double rt, double est){
  SchedJob *p = &W.aJob[W.nJob];
  p->submit = submit;
  p->key = submit;
  p->tie = W.nJob;
  p->iAlt = W.nAlt;
  p->nAlt = 1;
  W.aAlt[W.nAlt].gpus = g;
  W.aAlt[W.nAlt].runtime = rt;
  W.aAlt[W.nAlt].estimate = est>0 ? est : rt;
  W.nAlt++;
  return W.nJob++;
}

static void addAlt(int j, sqlite3_int64 g, double rt){
  W.aJob[j].nAlt++;
  W.aAlt[W.nAlt].gpus = g;
  W.aAlt[W.nAlt].runtime = rt;
  W.aAlt[W.nAlt].estimate = rt;
  W.nAlt++;
}

static int run(sqlite3_int64 gpus, sqlite3_int64 perNode, int eBackfill, int eMoldable){
  SchedConfig cfg;
  SchedError err;
  cfg.nGpus = gpus;
  cfg.gpusPerNode = perNode ? perNode : gpus;
  cfg.eBackfill = eBackfill;
  cfg.eMoldable = eMoldable;
  cfg.xStop = 0;
  cfg.pStopArg = 0;
  sqlite3_free(W.aNode);
  W.aNode = 0;
  return poolRun(&cfg, W.nJob, W.aJob, W.nAlt, W.aAlt, W.aRes, &W.aNode, &err);
}

static double makespan(void){
  double m = 0;
  int i;
  for(i=0; i<W.nJob; i++) if( W.aRes[i].finish>m ) m = W.aRes[i].finish;
  return m;
}

static const char *azMode[] = { "none", "easy", "conservative", "greedy" };

/* ----------------------------------------------------- 1. hand-computed */

static void expectStarts(const char *zName, const double *aStart){
  int i;
  for(i=0; i<W.nJob; i++){
    CHECK(W.aRes[i].start==aStart[i], "%s: job %d starts at %g, expected %g",
          zName, i+1, W.aRes[i].start, aStart[i]);
  }
}

static void testHand(void){
  /* 8 GPUs, all submitted at 0, FCFS by index:
  **   J1 6 GPUs x 10   runs [0,10)
  **   J2 4 GPUs x 10   the head: shadow time 10, 4 extra GPUs then
  **   J3 4 GPUs x 10
  **   J4 2 GPUs x 30   EASY: fits now, ends after the shadow, uses 2 <= 4
  **                    extra GPUs -> starts at 0 and so delays J3 to 20.
  **                    Conservative: J3 holds [10,20), J4 would overlap
  **                    it -> reserved at 20.
  **   J5 2 GPUs x 5    conservative: [0,5) delays nobody -> 0. EASY: no
  **                    free GPU at 0; at 10 J2 starts, head J3 waits for
  **                    20 (shadow), J5 ends at 15 <= 20 -> 10.
  ** none: J4 and J5 wait for J3 to start (10), then for GPUs (20). */
  static const double aNone[] = { 0, 10, 10, 20, 20 };
  static const double aEasy[] = { 0, 10, 20, 0, 10 };
  static const double aCons[] = { 0, 10, 10, 20, 0 };
  int rc;
  workReset();
  addJob(0, 6, 10, 0);
  addJob(0, 4, 10, 0);
  addJob(0, 4, 10, 0);
  addJob(0, 2, 30, 0);
  addJob(0, 2, 5, 0);
  rc = run(8, 0, SCHED_BACKFILL_NONE, 0);
  CHECK(rc==SQLITE_OK, "hand none rc=%d", rc);
  expectStarts("hand none", aNone);
  CHECK(makespan()==50, "hand none makespan %g", makespan());
  rc = run(8, 0, SCHED_BACKFILL_EASY, 0);
  CHECK(rc==SQLITE_OK, "hand easy rc=%d", rc);
  expectStarts("hand easy", aEasy);
  CHECK(makespan()==30, "hand easy makespan %g", makespan());
  rc = run(8, 0, SCHED_BACKFILL_CONSERVATIVE, 0);
  CHECK(rc==SQLITE_OK, "hand conservative rc=%d", rc);
  expectStarts("hand conservative", aCons);
  CHECK(makespan()==50, "hand conservative makespan %g", makespan());

  /* Queue orders: the key decides, ties by submit then tie. 4 GPUs;
  ** J1 4x10 at 0 runs first (alone). At 1, J2 (2x8), J3 (4x2), J4 (2x3)
  ** are queued; shortest first: J3 at 10, then J4 and J2 at 12. */
  {
    static const double aShort[] = { 0, 12, 10, 12 };
    int i;
    workReset();
    addJob(0, 4, 10, 0);
    addJob(1, 2, 8, 0);
    addJob(1, 4, 2, 0);
    addJob(1, 2, 3, 0);
    for(i=0; i<W.nJob; i++) W.aJob[i].key = W.aAlt[W.aJob[i].iAlt].estimate;
    W.aJob[0].key = 0;  /* J1 is alone at 0 anyway */
    rc = run(4, 0, SCHED_BACKFILL_NONE, 0);
    CHECK(rc==SQLITE_OK, "shortest rc=%d", rc);
    expectStarts("shortest", aShort);
    CHECK(W.aRes[2].iSeq==1 && W.aRes[3].iSeq==2 && W.aRes[1].iSeq==3,
          "shortest dispatch order %d %d %d", W.aRes[2].iSeq, W.aRes[3].iSeq,
          W.aRes[1].iSeq);
  }

  /* Inaccurate estimates: EASY believes J1 (4 of 4 GPUs) ends at 5 but it
  ** runs 10. Head J2 (4x2): shadow 5. J3 (1x3, est 3) cannot start (no
  ** free GPU). At 10 J1 ends: J2 starts [10,12), J3 [12,15). */
  {
    static const double aEst[] = { 0, 10, 12 };
    workReset();
    addJob(0, 4, 10, 5);
    addJob(0, 4, 2, 0);
    addJob(0, 1, 3, 0);
    rc = run(4, 0, SCHED_BACKFILL_EASY, 0);
    CHECK(rc==SQLITE_OK, "estimate rc=%d", rc);
    expectStarts("estimate", aEst);
  }

  /* Overestimates make EASY more cautious: J1 4 of 8 GPUs for 10 but
  ** estimated 100; head J2 8x1: shadow 100. J3 4x20 (exact) ends by the
  ** shadow by its estimate -> backfills at 0, which delays J2 to 20. */
  {
    static const double aOver[] = { 0, 20, 0 };
    workReset();
    addJob(0, 4, 10, 100);
    addJob(0, 8, 1, 0);
    addJob(0, 4, 20, 0);
    rc = run(8, 0, SCHED_BACKFILL_EASY, 0);
    CHECK(rc==SQLITE_OK, "overestimate rc=%d", rc);
    expectStarts("overestimate", aOver);
  }

  /* Nodes: 2 nodes of 4. J1 3 GPUs -> node 0 (best fit, lowest index);
  ** J2 2 GPUs: node 0 has 1 free, node 1 has 4 -> node 1; J3 1 GPU:
  ** best fit is node 0 (1 free); J4 8 GPUs needs both nodes whole: waits
  ** for everything (10). J5 2 GPUs: none backfill -> after J4. */
  {
    static const double aNodes[] = { 0, 0, 0, 10, 12 };
    static const int aWhere[] = { 0, 1, 0 };
    int i;
    workReset();
    addJob(0, 3, 10, 0);
    addJob(0, 2, 5, 0);
    addJob(0, 1, 7, 0);
    addJob(0, 8, 2, 0);
    addJob(0, 2, 1, 0);
    rc = run(8, 4, SCHED_BACKFILL_NONE, 0);
    CHECK(rc==SQLITE_OK, "nodes rc=%d", rc);
    expectStarts("nodes", aNodes);
    for(i=0; i<3; i++){
      CHECK(W.aRes[i].nNode==1 && W.aNode[W.aRes[i].iNode]==aWhere[i],
            "nodes: job %d on node %d, expected %d", i+1,
            W.aNode[W.aRes[i].iNode], aWhere[i]);
    }
    CHECK(W.aRes[3].nNode==2 && W.aNode[W.aRes[3].iNode]==0
          && W.aNode[W.aRes[3].iNode+1]==1, "nodes: job 4 not on [0,1]");
    /* With one pool of 8, the 2-GPU J5 would fit at 0 under none? No: it
    ** is behind J4 in the queue. Under EASY it backfills: ends at 1 <=
    ** shadow 10. Node-wise: J5 fits on node 1 (2 free) at 0. */
    rc = run(8, 4, SCHED_BACKFILL_EASY, 0);
    CHECK(rc==SQLITE_OK && W.aRes[4].start==0, "nodes easy: J5 at %g", W.aRes[4].start);
    /* Fragmentation: 2 nodes of 4, J1 and J2 of 3 GPUs each on separate
    ** nodes leave 2 free GPUs, yet a 2-GPU job cannot start (no node has
    ** 2 free)... it can: each node has 1 free. So a 2-GPU job waits. */
    workReset();
    addJob(0, 3, 10, 0);
    addJob(0, 3, 10, 0);
    addJob(0, 2, 1, 0);
    rc = run(8, 4, SCHED_BACKFILL_NONE, 0);
    CHECK(rc==SQLITE_OK && W.aRes[2].start==10, "fragmentation: J3 at %g", W.aRes[2].start);
    rc = run(8, 0, SCHED_BACKFILL_NONE, 0);
    CHECK(rc==SQLITE_OK && W.aRes[2].start==0, "one pool: J3 at %g", W.aRes[2].start);
  }

  /* Moldable: 8 GPUs, J1 4x10 running. J2 has (8 GPUs x 3) or (4 x 5).
  ** earliest_finish: 8 GPUs start at 10 -> 13; 4 GPUs start now -> 5:
  ** picks 4 GPUs. fastest: picks 8 GPUs (3 < 5), starts at 10. */
  {
    int j;
    workReset();
    addJob(0, 4, 10, 0);
    j = addJob(0, 8, 3, 0);
    addAlt(j, 4, 5);
    rc = run(8, 0, SCHED_BACKFILL_NONE, SCHED_MOLDABLE_EARLIEST_FINISH);
    CHECK(rc==SQLITE_OK && W.aRes[1].iAlt==2 && W.aRes[1].start==0
          && W.aRes[1].finish==5, "moldable earliest_finish: alt %d start %g",
          W.aRes[1].iAlt, W.aRes[1].start);
    rc = run(8, 0, SCHED_BACKFILL_NONE, SCHED_MOLDABLE_FASTEST);
    CHECK(rc==SQLITE_OK && W.aRes[1].iAlt==1 && W.aRes[1].start==10
          && W.aRes[1].finish==13, "moldable fastest: alt %d start %g",
          W.aRes[1].iAlt, W.aRes[1].start);
    rc = run(8, 0, SCHED_BACKFILL_CONSERVATIVE, SCHED_MOLDABLE_EARLIEST_FINISH);
    CHECK(rc==SQLITE_OK && W.aRes[1].iAlt==2 && W.aRes[1].start==0,
          "moldable conservative: alt %d start %g", W.aRes[1].iAlt, W.aRes[1].start);
  }

  /* Conservative with compression: 2 GPUs, all submitted at 0.
  **   J1 1x2 estimated 10, J2 1x4, J3 2x10, J4 1x6 (exact estimates).
  ** At 0 J1 and J2 start; J3 is reserved at [10,20) (J1's believed end),
  ** J4 at [4,10) (J2's end, before J3). J1 ends at 2: in queue order J3
  ** cannot move (J4 holds a GPU over [4,10)), then J4 moves to 2. J2 ends
  ** at 4: J3 moves to 8 (J4's end). A rebuilt profile would instead move
  ** J3 to 4 and push J4 back to 14 (makespan 20). The same with one GPU
  ** per node (J3 takes both nodes). */
  {
    static const double aStart[] = { 0, 0, 8, 2 };
    static const double aFinish[] = { 2, 4, 18, 8 };
    static const double aFirst[] = { 0, 0, 10, 4 };
    int i, p;
    workReset();
    addJob(0, 1, 2, 10);
    addJob(0, 1, 4, 0);
    addJob(0, 2, 10, 0);
    addJob(0, 1, 6, 0);
    for(p=1; p<=2; p++){
      rc = run(2, p, SCHED_BACKFILL_CONSERVATIVE, 0);
      CHECK(rc==SQLITE_OK, "compression rc=%d", rc);
      expectStarts("compression", aStart);
      for(i=0; i<W.nJob; i++){
        CHECK(W.aRes[i].finish==aFinish[i] && W.aRes[i].reserved==aFirst[i],
              "compression (%d per node): job %d finishes %g reserved %g", p, i+1,
              W.aRes[i].finish, W.aRes[i].reserved);
      }
    }
  }

  /* A running job outlives its estimate: J1 2x10 estimated 5 on 2 GPUs.
  ** J2 2x3 is reserved at 5; at 5 J1 still holds the GPUs, so J2 gets a
  ** new reservation when J1 ends (10) and starts then, later than its
  ** first reservation, the one case where that may happen. */
  {
    workReset();
    addJob(0, 2, 10, 5);
    addJob(0, 2, 3, 0);
    rc = run(2, 0, SCHED_BACKFILL_CONSERVATIVE, 0);
    CHECK(rc==SQLITE_OK && W.aRes[1].start==10 && W.aRes[1].reserved==5,
          "overrun: J2 starts %g reserved %g", W.aRes[1].start, W.aRes[1].reserved);
  }

  /* Non-integer times stay exact when they are dyadic. */
  {
    workReset();
    addJob(0.5, 2, 0.25, 0);
    addJob(0.5, 2, 0.125, 0);
    rc = run(2, 0, SCHED_BACKFILL_NONE, 0);
    CHECK(rc==SQLITE_OK && W.aRes[1].start==0.75 && W.aRes[1].finish==0.875,
          "reals: %g %g", W.aRes[1].start, W.aRes[1].finish);
  }
}

/*
** Greedy by hand. (a) 8 GPUs in 2 nodes of 4, best fit:
**   J1 3 GPUs x 10 at 0      node 0 (both idle: the lowest)
**   J2 2 GPUs x 10 at 0      node 1 (node 0 keeps 1 free: 2 do not fit)
**   J3 4 GPUs x 5 at 1       no node has 4 free: waits for 10
**   J4 1 GPU x 2 at 2        greedy: passes the head, node 0 (best fit)
**   J5 2 GPUs x 3 at 2       greedy: node 1
** none: J4 and J5 wait behind J3 (10), then start beside it at 10; EASY:
** J3's shadow is 10, J4 and J5 end by then: they start at 2 as in greedy.
** (b) starvation, 4 GPUs on one node: J1 2 x 10 at 0, J2 4 x 1 at 1,
** then J3..J8 2 x 10 at 5, 10, ..., 30. Greedy starts each small job as
** it arrives, the 2 GPUs of a finishing one never joining 2 others: J2
** starts only at 40, when the stream ends. EASY starts J2 at its shadow
** time 10 (J3 would run past it on the GPUs J2 needs).
*/
static void testGreedyHand(void){
  static const double aGreedy[] = { 0, 0, 10, 2, 2 };
  static const double aNone[] = { 0, 0, 10, 10, 10 };
  static const int aNodeOf[] = { 0, 1, 0, 0, 1 };
  static const double aStarve[] = { 0, 40, 5, 10, 15, 20, 25, 30 };
  int rc, i;
  workReset();
  addJob(0, 3, 10, 0);
  addJob(0, 2, 10, 0);
  addJob(1, 4, 5, 0);
  addJob(2, 1, 2, 0);
  addJob(2, 2, 3, 0);
  rc = run(8, 4, SCHED_BACKFILL_GREEDY, 0);
  CHECK(rc==SQLITE_OK, "greedy hand rc=%d", rc);
  expectStarts("greedy hand", aGreedy);
  for(i=0; rc==SQLITE_OK && i<5; i++){
    CHECK(W.aRes[i].nNode==1 && W.aNode[W.aRes[i].iNode]==aNodeOf[i],
          "greedy hand: job %d on node %d", i+1, W.aNode[W.aRes[i].iNode]);
  }
  /* dispatch order: J1, J2, J4, J5, J3 */
  CHECK(rc==SQLITE_OK && W.aRes[3].iSeq==2 && W.aRes[4].iSeq==3 && W.aRes[2].iSeq==4,
        "greedy hand: iSeq %d %d %d", W.aRes[3].iSeq, W.aRes[4].iSeq, W.aRes[2].iSeq);
  rc = run(8, 4, SCHED_BACKFILL_NONE, 0);
  CHECK(rc==SQLITE_OK, "greedy hand none rc=%d", rc);
  expectStarts("greedy hand none", aNone);

  workReset();
  addJob(0, 2, 10, 0);
  addJob(1, 4, 1, 0);
  for(i=0; i<6; i++) addJob(5 + 5*i, 2, 10, 0);
  rc = run(4, 0, SCHED_BACKFILL_GREEDY, 0);
  CHECK(rc==SQLITE_OK, "starvation rc=%d", rc);
  expectStarts("starvation greedy", aStarve);
  CHECK(rc==SQLITE_OK && W.aRes[1].iSeq==7, "starvation: J2 dispatched %d", W.aRes[1].iSeq);
  rc = run(4, 0, SCHED_BACKFILL_EASY, 0);
  CHECK(rc==SQLITE_OK && W.aRes[1].start==10, "starvation easy: J2 at %g", W.aRes[1].start);

  /* Moldable, earliest_finish: J2 may take 4 GPUs x 4 or 2 GPUs x 12.
  ** At 0 J1 holds 2 of 4 GPUs until 5: the 4-GPU size finishes at 9, the
  ** 2-GPU size, which fits now, at 12; as under none and EASY the job
  ** waits for the size that finishes first, and J3 (2 x 3, behind it)
  ** takes the 2 free GPUs at 0. */
  workReset();
  addJob(0, 2, 5, 0);
  i = addJob(0, 4, 4, 0);
  addAlt(i, 2, 12);
  addJob(0, 2, 3, 0);
  rc = run(4, 0, SCHED_BACKFILL_GREEDY, SCHED_MOLDABLE_EARLIEST_FINISH);
  CHECK(rc==SQLITE_OK && W.aRes[1].start==5 && W.aRes[1].iAlt==W.aJob[1].iAlt
        && W.aRes[2].start==0,
        "moldable greedy: J2 at %g alt %d, J3 at %g", W.aRes[1].start,
        W.aRes[1].iAlt, W.aRes[2].start);
  workReset();
}

/* Checks the input with schedCheck: SQLITE_ERROR with reason eWhy about
** job iJob and alternative iAlt, or SQLITE_OK when eWhy is 0. */
static void checkRefused(const char *zName, const SchedConfig *pCfg, int eWhy,
                         int iJob, int iAlt){
  SchedError err;
  int rc = schedCheck(pCfg, W.nJob, W.aJob, W.nAlt, W.aAlt, &err);
  CHECK(rc==(eWhy ? SQLITE_ERROR : SQLITE_OK) && err.eWhy==eWhy
        && err.iJob==iJob && err.iAlt==iAlt,
        "%s: rc=%d why %d job %d alt %d", zName, rc, err.eWhy, err.iJob, err.iAlt);
}

static int cmpInt(void *pCtx, int x, int y){
  (void)pCtx;
  return x<y ? -1 : x>y;
}

/* An xStop that asks to stop at its nth call. */
static int stopAt(void *pArg){
  int *pn = (int*)pArg;
  return --*pn<=0;
}

static void testErrors(void){
  SchedConfig cfg = { 8, 4, 0, 0, 0, 0 };
  SchedError err;
  int rc, i, nCall, aSmall[] = {3, 1, 2};
  workReset();
  addJob(0, 2, 1, 0);
  addJob(0, 16, 1, 0);
  checkRefused("wide", &cfg, SCHED_WHY_WIDE, 1, 1);
  W.aAlt[1].gpus = 6;
  checkRefused("node multiple", &cfg, SCHED_WHY_NODE, 1, 1);
  W.aAlt[1].gpus = 0;
  checkRefused("gpus 0", &cfg, SCHED_WHY_GPUS, 1, 1);
  W.aAlt[1].gpus = 1;
  W.aAlt[1].runtime = 0;
  checkRefused("runtime 0", &cfg, SCHED_WHY_RUNTIME, 1, 1);
  W.aAlt[1].runtime = 1;
  W.aAlt[1].estimate = -1;
  checkRefused("estimate", &cfg, SCHED_WHY_ESTIMATE, 1, 1);
  W.aAlt[1].estimate = 1;
  W.aJob[1].submit = HUGE_VAL;
  checkRefused("submit", &cfg, SCHED_WHY_SUBMIT, 1, -1);
  W.aJob[1].submit = 0;
  W.aJob[1].nAlt = 2;
  checkRefused("alternatives", &cfg, SCHED_WHY_ALT, 1, -1);
  W.aJob[1].nAlt = 1;
  W.aJob[0].submit = -1e308;
  W.aJob[1].submit = 1e308;
  checkRefused("times overflow", &cfg, SCHED_WHY_TIME, -1, -1);
  W.aJob[0].submit = W.aJob[1].submit = 0;
  cfg.gpusPerNode = 3;
  checkRefused("config", &cfg, SCHED_WHY_CONFIG, -1, -1);
  cfg.nGpus = 10000000000LL;
  cfg.gpusPerNode = 1;
  checkRefused("too many nodes", &cfg, SCHED_WHY_NODES, -1, -1);
  cfg.nGpus = 8;
  cfg.gpusPerNode = 4;
  checkRefused("valid", &cfg, 0, -1, -1);
  /* poolRun refuses the same way, and sets no node array */
  W.aAlt[1].gpus = 16;
  W.aNode = &nCall;
  rc = poolRun(&cfg, W.nJob, W.aJob, W.nAlt, W.aAlt, W.aRes, &W.aNode, &err);
  CHECK(rc==SQLITE_ERROR && err.eWhy==SCHED_WHY_WIDE && err.iJob==1 && W.aNode==0,
        "run wide: rc=%d why %d", rc, err.eWhy);
  /* xStop, asked about every million steps of work (here every 64 events
  ** on 16384 nodes), stops the run with SQLITE_INTERRUPT, no node array */
  workReset();
  for(i=0; i<200; i++) addJob(i, 1, 1, 0);
  cfg.nGpus = 16384;
  cfg.gpusPerNode = 1;
  cfg.xStop = stopAt;
  cfg.pStopArg = &nCall;
  nCall = 1;
  rc = poolRun(&cfg, W.nJob, W.aJob, W.nAlt, W.aAlt, W.aRes, &W.aNode, &err);
  CHECK(rc==SQLITE_INTERRUPT && W.aNode==0, "stopped: rc=%d", rc);
  nCall = 1000;
  rc = poolRun(&cfg, W.nJob, W.aJob, W.nAlt, W.aAlt, W.aRes, &W.aNode, &err);
  CHECK(rc==SQLITE_OK && nCall<1000, "not stopped: rc=%d, xStop asked %d times",
        rc, 1000-nCall);
  /* empty input */
  workReset();
  rc = run(8, 0, SCHED_BACKFILL_EASY, 0);
  CHECK(rc==SQLITE_OK, "empty: rc=%d", rc);
  rc = schedSortInts(aSmall, 3, cmpInt, 0);
  CHECK(rc==SQLITE_OK && aSmall[0]==1 && aSmall[1]==2 && aSmall[2]==3,
        "sort: rc=%d", rc);
}

/* ------------------------------------------------------- 2. invariants */

static unsigned long long rngState = 88172645463325252ULL;
static unsigned rnd(unsigned n){
  rngState ^= rngState << 13;
  rngState ^= rngState >> 7;
  rngState ^= rngState << 17;
  return (unsigned)((rngState >> 11) % n);
}

typedef struct Ev { double t; int d; int node; } Ev;
static int cmpEv(const void *a, const void *b){
  const Ev *x = a, *y = b;
  if( x->t!=y->t ) return x->t<y->t ? -1 : 1;
  return x->d - y->d;   /* releases (negative) first */
}

static int cmpRankCtx(void *pCtx, int x, int y){
  const SchedJob *a = &((const SchedJob*)pCtx)[x], *b = &((const SchedJob*)pCtx)[y];
  if( a->key!=b->key ) return a->key<b->key ? -1 : 1;
  if( a->submit!=b->submit ) return a->submit<b->submit ? -1 : 1;
  if( a->tie!=b->tie ) return a->tie<b->tie ? -1 : 1;
  return x-y;
}

/* Check every invariant of one run; zName for messages. */
static void checkInvariants(const char *zName, sqlite3_int64 gpus,
                            sqlite3_int64 perNode, int eBackfill){
  int n = W.nJob, i, k, nEv = 0;
  int N = (int)(gpus/perNode);
  Ev *aEv = malloc(sizeof(Ev)*(size_t)(2*n*(N+1)+1));
  char *aSeen = calloc((size_t)n+1, 1);
  sqlite3_int64 *aUse = calloc((size_t)N, sizeof(sqlite3_int64));
  sqlite3_int64 use = 0;
  double area = 0, busy = 0, prev = 0, mk = makespan(), first = 1e300;
  int bad = 0;
  for(i=0; i<n; i++){
    const SchedResult *r = &W.aRes[i];
    const SchedJob *j = &W.aJob[i];
    const SchedAlt *a = &W.aAlt[r->iAlt];
    sqlite3_int64 per;
    if( r->iAlt<j->iAlt || r->iAlt>=j->iAlt+j->nAlt ){ bad++; continue; }
    if( r->start<j->submit ) bad++;
    if( r->finish!=r->start + a->runtime ) bad++;
    if( r->iSeq<0 || r->iSeq>=n || aSeen[r->iSeq]++ ) bad++;
    if( j->submit<first ) first = j->submit;
    area += (double)a->gpus * a->runtime;
    per = a->gpus<=perNode ? a->gpus : perNode;
    if( r->nNode != (a->gpus<=perNode ? 1 : (int)(a->gpus/perNode)) ) bad++;
    for(k=0; k<r->nNode; k++){
      int nd = W.aNode[r->iNode+k], m;
      if( nd<0 || nd>=N ) { bad++; continue; }
      for(m=0; m<k; m++) if( W.aNode[r->iNode+m]==nd ) bad++;
      aEv[nEv].t = r->start; aEv[nEv].d = (int)per; aEv[nEv].node = nd; nEv++;
      aEv[nEv].t = r->finish; aEv[nEv].d = -(int)per; aEv[nEv].node = nd; nEv++;
    }
  }
  CHECK(bad==0, "%s: %d per-job invariant violations", zName, bad);
  qsort(aEv, (size_t)nEv, sizeof(Ev), cmpEv);
  bad = 0;
  for(i=0; i<nEv; i++){
    busy += (double)use * (aEv[i].t - prev);
    prev = aEv[i].t;
    aUse[aEv[i].node] += aEv[i].d;
    use += aEv[i].d;
    if( aUse[aEv[i].node]>perNode || use>gpus ) bad++;
  }
  CHECK(bad==0 && use==0, "%s: capacity exceeded %d times", zName, bad);
  /* utilization x makespan = total gpu-time / gpus, with utilization
  ** measured independently as busy GPU-time over the sweep */
  if( n>0 ){
    double util = busy / ((double)gpus * (mk - first));
    CHECK(busy==area, "%s: busy %g != area %g", zName, busy, area);
    CHECK(util*(mk-first) - area/(double)gpus < 1e-6*(mk-first)
          && area/(double)gpus - util*(mk-first) < 1e-6*(mk-first),
          "%s: identity fails", zName);
  }
  if( eBackfill==SCHED_BACKFILL_NONE ){
    /* Strict order: a job never starts before one ahead of it in the queue
    ** that was already submitted (and within an instant, dispatch order
    ** follows the queue). */
    int *aBy = malloc(sizeof(int)*(size_t)(n+1));
    for(i=0; i<n; i++) aBy[i] = i;
    schedSortInts(aBy, n, cmpRankCtx, W.aJob);
    bad = 0;
    for(i=0; i<n; i++){
      int a = aBy[i];
      for(k=i+1; k<n; k++){
        int b = aBy[k];
        if( W.aJob[a].submit<=W.aRes[b].start
         && (W.aRes[a].start>W.aRes[b].start || W.aRes[a].iSeq>W.aRes[b].iSeq) ){
          bad++;
        }
      }
    }
    CHECK(bad==0, "%s: %d queue-order violations", zName, bad);
    free(aBy);
  }
  free(aEv);
  free(aSeen);
  free(aUse);
}

/*
** Greedy: at every event time t (a submit or a finish), once every job
** that starts at t has started, no rigid job waiting at t (submitted, not
** started) fits the free GPUs: g <= P on one node with g free, or g/P
** idle nodes. (Capacity only shrinks during a pass, so a job that fits at
** the end of it would have fitted at its turn.) A moldable job under
** earliest_finish may wait for a better size, so it is not checked.
*/
static void checkGreedy(const char *zName, sqlite3_int64 gpus, sqlite3_int64 perNode){
  int n = W.nJob, N = (int)(gpus/perNode), e, i, k, bad = 0, nChecked = 0;
  sqlite3_int64 *aFree = malloc(sizeof(sqlite3_int64)*(size_t)N);
  double *aT = malloc(sizeof(double)*(size_t)(2*n+1));
  for(i=0; i<n; i++){
    aT[2*i] = W.aJob[i].submit;
    aT[2*i+1] = W.aRes[i].finish;
  }
  for(e=0; e<2*n; e++){
    double t = aT[e];
    sqlite3_int64 mx = 0, nIdle = 0;
    for(k=0; k<N; k++) aFree[k] = perNode;
    for(i=0; i<n; i++){
      const SchedResult *r = &W.aRes[i];
      if( r->start<=t && t<r->finish ){
        sqlite3_int64 g = W.aAlt[r->iAlt].gpus;
        for(k=0; k<r->nNode; k++) aFree[W.aNode[r->iNode+k]] -= g<perNode ? g : perNode;
      }
    }
    for(k=0; k<N; k++){
      if( aFree[k]>mx ) mx = aFree[k];
      if( aFree[k]==perNode ) nIdle++;
    }
    for(i=0; i<n; i++){
      sqlite3_int64 g;
      if( W.aJob[i].nAlt!=1 || W.aJob[i].submit>t || W.aRes[i].start<=t ) continue;
      g = W.aAlt[W.aJob[i].iAlt].gpus;
      nChecked++;
      if( g<=perNode ? mx>=g : nIdle>=g/perNode ) bad++;
    }
  }
  CHECK(bad==0, "%s: %d waiting jobs fit after a greedy pass", zName, bad);
  CHECK(nChecked>0, "%s: no job ever waited", zName);
  free(aFree);
  free(aT);
}

static void randomWorkload(int n, sqlite3_int64 gpus, sqlite3_int64 perNode,
                           int bMold, int bInexact, unsigned nGap){
  int i;
  double t = 0;
  workReset();
  for(i=0; i<n; i++){
    sqlite3_int64 g;
    int j;
    double rt = 1 + rnd(100);
    t += rnd(nGap);
    if( perNode<gpus && rnd(4)==0 ){
      g = perNode * (1 + rnd((unsigned)(gpus/perNode)));
    }else{
      g = 1 + rnd((unsigned)(perNode<gpus ? perNode : gpus));
    }
    j = addJob(t, g, rt, bInexact ? 1 + rnd(150) : 0);
    if( bMold && rnd(3)==0 ){
      sqlite3_int64 g2 = g<=perNode/2 ? 2*g : (g>1 && g<=perNode ? g/2 : g);
      addAlt(j, g2, g2>g ? rt/2 + 1 : rt*2);
    }
  }
}

static void setKeys(int eOrder){
  int i;
  for(i=0; i<W.nJob; i++){
    const SchedAlt *a = &W.aAlt[W.aJob[i].iAlt];
    switch( eOrder ){
      case 0: W.aJob[i].key = W.aJob[i].submit; break;
      case 1: W.aJob[i].key = a->estimate; break;
      case 2: W.aJob[i].key = -(double)a->gpus; break;
      default: W.aJob[i].key = -(double)a->gpus * a->estimate; break;
    }
  }
}

static void testRandom(void){
  /* Submits are spaced by 0..nGap-1: nGap 60 is a load near 0.8, nGap 4
  ** an overloaded cluster with a long queue. */
  static const struct { int n; sqlite3_int64 gpus, perNode; int bMold, bInexact; unsigned nGap; } aCase[] = {
    { 3000, 64, 64, 0, 0, 60 },
    { 3000, 64, 8, 0, 0, 60 },
    { 2000, 32, 8, 1, 0, 60 },
    { 2000, 48, 48, 0, 1, 50 },
    { 2000, 32, 4, 1, 1, 60 },
    { 400, 16, 4, 1, 1, 4 },
    { 400, 16, 16, 0, 1, 4 },
  };
  size_t c;
  int m, o;
  char zName[128];
  for(c=0; c<sizeof(aCase)/sizeof(aCase[0]); c++){
    for(o=0; o<4; o++){
      for(m=0; m<4; m++){
        int rc;
        rngState = 88172645463325252ULL + c*7 + (unsigned)o;
        randomWorkload(aCase[c].n, aCase[c].gpus, aCase[c].perNode,
                       aCase[c].bMold, aCase[c].bInexact, aCase[c].nGap);
        setKeys(o);
        rc = run(aCase[c].gpus, aCase[c].perNode, m, o&1);
        snprintf(zName, sizeof(zName), "random case %d order %d %s", (int)c, o, azMode[m]);
        CHECK(rc==SQLITE_OK, "%s: rc=%d", zName, rc);
        if( rc==SQLITE_OK ){
          checkInvariants(zName, aCase[c].gpus, aCase[c].perNode, m);
          if( m==SCHED_BACKFILL_GREEDY ){
            checkGreedy(zName, aCase[c].gpus, aCase[c].perNode);
          }
        }
      }
    }
  }
  /* Conservative with estimates >= runtimes (early finishes, so the
  ** reservations are compressed): no job starts later than the first
  ** reservation it was given, which itself is at or after its submit. */
  {
    static const struct { int n; sqlite3_int64 gpus, perNode; int bMold; unsigned nGap; } aCons[] = {
      { 3000, 64, 64, 0, 60 },
      { 3000, 64, 8, 1, 25 },
      { 2000, 32, 4, 0, 25 },
      { 600, 16, 16, 1, 20 },   /* overloaded: a long queue */
    };
    int seed;
    for(c=0; c<sizeof(aCons)/sizeof(aCons[0]); c++){
      for(seed=0; seed<3; seed++){
        int rc, i, nLate = 0, nEarly = 0;
        rngState = 4242 + c*101 + (unsigned)seed;
        randomWorkload(aCons[c].n, aCons[c].gpus, aCons[c].perNode,
                       aCons[c].bMold, 0, aCons[c].nGap);
        for(i=0; i<W.nAlt; i++) W.aAlt[i].estimate = W.aAlt[i].runtime + rnd(3)*rnd(60);
        setKeys(seed);
        rc = run(aCons[c].gpus, aCons[c].perNode, SCHED_BACKFILL_CONSERVATIVE, seed&1);
        snprintf(zName, sizeof(zName), "reservations case %d seed %d", (int)c, seed);
        CHECK(rc==SQLITE_OK, "%s: rc=%d", zName, rc);
        if( rc ) continue;
        checkInvariants(zName, aCons[c].gpus, aCons[c].perNode, SCHED_BACKFILL_CONSERVATIVE);
        for(i=0; i<W.nJob; i++){
          if( W.aRes[i].start>W.aRes[i].reserved || W.aRes[i].reserved<W.aJob[i].submit ) nLate++;
          if( W.aRes[i].start<W.aRes[i].reserved ) nEarly++;
        }
        CHECK(nLate==0, "%s: %d jobs start after their first reservation", zName, nLate);
        /* the case exercises compression: many jobs start early */
        CHECK(nEarly>W.nJob/20, "%s: only %d jobs start early", zName, nEarly);
      }
    }
  }

  /* Determinism: the same input gives the same schedule. */
  {
    SchedResult aCopy[3000];
    rngState = 12345;
    randomWorkload(3000, 64, 8, 1, 1, 60);
    run(64, 8, SCHED_BACKFILL_EASY, 0);
    memcpy(aCopy, W.aRes, sizeof(SchedResult)*3000);
    run(64, 8, SCHED_BACKFILL_EASY, 0);
    CHECK(memcmp(aCopy, W.aRes, sizeof(SchedResult)*3000)==0, "not deterministic");
    run(64, 8, SCHED_BACKFILL_GREEDY, 0);
    memcpy(aCopy, W.aRes, sizeof(SchedResult)*3000);
    run(64, 8, SCHED_BACKFILL_GREEDY, 0);
    CHECK(memcmp(aCopy, W.aRes, sizeof(SchedResult)*3000)==0, "greedy not deterministic");
  }
}

/* ------------------------------------------------ 3. brute-force optimum */

/*
** Serial schedule generation: jobs in the order aPerm, each at the earliest
** time where it fits for its whole runtime beside the jobs
** already placed (start candidates: 0 and their finishes). Independent of
** ext/scheduling/pool.c. Returns the makespan.
*/
static double ssgs(const int *aPerm, int n, sqlite3_int64 gpus, double *aStart){
  int i, k, m;
  double mk = 0;
  for(i=0; i<n; i++){
    int j = aPerm[i];
    const SchedAlt *a = &W.aAlt[W.aJob[j].iAlt];
    double best = -1;
    for(k=-1; k<i; k++){
      double t = k<0 ? 0 : aStart[aPerm[k]] + W.aAlt[W.aJob[aPerm[k]].iAlt].runtime;
      int ok = 1, q;
      if( best>=0 && t>=best ) continue;
      /* usage is piecewise constant: check at t and at every start in (t, t+rt) */
      for(q=-1; q<i && ok; q++){
        double x = q<0 ? t : aStart[aPerm[q]];
        sqlite3_int64 use = a->gpus;
        if( x<t || x>=t+a->runtime ) continue;
        for(m=0; m<i; m++){
          int o = aPerm[m];
          double s = aStart[o], f = s + W.aAlt[W.aJob[o].iAlt].runtime;
          if( s<=x && x<f ) use += W.aAlt[W.aJob[o].iAlt].gpus;
        }
        if( use>gpus ) ok = 0;
      }
      if( ok ) best = t;
    }
    aStart[j] = best;
    if( best + a->runtime > mk ) mk = best + a->runtime;
  }
  return mk;
}

static int nextPerm(int *a, int n){
  int i = n-2, j, t;
  while( i>=0 && a[i]>a[i+1] ) i--;
  if( i<0 ) return 0;
  j = n-1;
  while( a[j]<a[i] ) j--;
  t = a[i]; a[i] = a[j]; a[j] = t;
  for(i++, j=n-1; i<j; i++, j--){ t = a[i]; a[i] = a[j]; a[j] = t; }
  return 1;
}

static void testOptimum(void){
  int trial;
  int nReach = 0;
  for(trial=0; trial<60; trial++){
    int n = trial<10 ? 7 : 3 + (int)rnd(4);
    sqlite3_int64 gpus = 2 + rnd(7);
    int aPerm[8], i, m, o, rc;
    double aStart[8], opt = 1e300, best = 1e300;
    rngState = 1000 + (unsigned)trial;
    workReset();
    for(i=0; i<n; i++) addJob(0, 1 + rnd((unsigned)gpus), 1 + rnd(20), 0);
    for(i=0; i<n; i++) aPerm[i] = i;
    do{
      double mk = ssgs(aPerm, n, gpus, aStart);
      if( mk<opt ) opt = mk;
      /* Conservative backfilling with the queue in this order builds the
      ** same schedule as the serial generation. */
      if( trial<10 && trial%3 ) continue;
      for(i=0; i<n; i++) W.aJob[aPerm[i]].key = i;
      rc = run(gpus, 0, SCHED_BACKFILL_CONSERVATIVE, 0);
      CHECK(rc==SQLITE_OK && makespan()==mk,
            "trial %d: conservative makespan %g, serial generation %g",
            trial, makespan(), mk);
      if( makespan()<best ) best = makespan();
    }while( nextPerm(aPerm, n) );
    if( !(trial<10 && trial%3) ){
      CHECK(best==opt, "trial %d: best conservative order %g, optimum %g", trial, best, opt);
      nReach++;
    }
    /* No policy beats the optimum. */
    for(o=0; o<4; o++){
      setKeys(o);
      for(m=0; m<3; m++){
        rc = run(gpus, 0, m, 0);
        CHECK(rc==SQLITE_OK && makespan()>=opt,
              "trial %d order %d %s: makespan %g below optimum %g",
              trial, o, azMode[m], makespan(), opt);
      }
    }
  }
  CHECK(nReach>40, "only %d trials compared to conservative", nReach);
}

/* ------------------------------------ 4. schedules against a recorded digest */

/*
** A digest of every start, finish, dispatch rank, alternative, first
** reservation and node of 1,800 varied schedules (one pool and up to 300
** nodes, many jobs wider than a node, exact, doubled, padded and wrong
** estimates, moldable jobs, 4 queue orders, every backfill and moldable
** mode), recorded with the core of commit aa12d3d (before the conservative
** profile was stored by groups of nodes). A change to the core that moves
** any job changes it: update DIGEST_SCHEDULES only for an intended change
** of the schedules, and say so in the commit.
*/
#define DIGEST_SCHEDULES 0xa2d1eaa9720578bcULL

static void fnv(unsigned long long *pH, sqlite3_int64 v){
  int i;
  for(i=0; i<8; i++){
    *pH ^= (unsigned long long)(v>>(8*i)) & 0xff;
    *pH *= 0x100000001b3ULL;
  }
}

static void testDigest(void){
  static const sqlite3_int64 aP[] = { 1, 2, 4, 8 };
  unsigned long long h = 0xcbf29ce484222325ULL;
  int trial, i, k, nRun = 0;
  rngState = 777;
  for(trial=0; trial<300; trial++){
    sqlite3_int64 P = aP[rnd(4)];
    int N = 1 + (rnd(4)==0 ? rnd(300) : rnd(24));
    int n = 1 + rnd(trial%10==0 ? 300 : 100), m, mold;
    unsigned nWide = rnd(4), eEst = rnd(4), nGap = 1 + rnd(60), bMold = rnd(3)!=0;
    double t = 0;
    if( rnd(5)==0 ){ P *= N; N = 1; }
    workReset();
    for(i=0; i<n; i++){
      int nA = bMold && rnd(3)==0 ? 2 : 1;
      t += rnd(nGap);
      W.aJob[i].submit = rnd(8)==0 ? t - rnd(5) : t;
      W.aJob[i].tie = rnd(3);
      W.aJob[i].iAlt = W.nAlt;
      W.aJob[i].nAlt = nA;
      for(k=0; k<nA; k++){
        SchedAlt *a = &W.aAlt[W.nAlt++];
        if( N>1 && rnd(4)<nWide ){
          a->gpus = P*(1 + rnd(rnd(3)==0 || N<6 ? (unsigned)N : 6));
        }else{
          a->gpus = 1 + rnd((unsigned)P);
        }
        a->runtime = 1 + rnd(100);
        switch( eEst ){
          case 0: a->estimate = a->runtime; break;
          case 1: a->estimate = 2*a->runtime; break;
          case 2: a->estimate = a->runtime + rnd(3)*rnd(60); break;
          default: a->estimate = 1 + rnd(150); break;
        }
      }
      switch( trial%4 ){
        case 0: W.aJob[i].key = W.aJob[i].submit; break;
        case 1: W.aJob[i].key = W.aAlt[W.aJob[i].iAlt].estimate; break;
        case 2: W.aJob[i].key = -(double)W.aAlt[W.aJob[i].iAlt].gpus; break;
        default: W.aJob[i].key = rnd(5); break;
      }
    }
    W.nJob = n;
    for(m=0; m<3; m++){
      for(mold=0; mold<2; mold++){
        int rc = run(P*N, P, m, mold);
        nRun++;
        fnv(&h, rc);
        if( rc ) continue;
        for(i=0; i<n; i++){
          const SchedResult *r = &W.aRes[i];
          fnv(&h, r->iAlt);
          fnv(&h, r->iSeq);
          fnv(&h, (sqlite3_int64)r->start);
          fnv(&h, (sqlite3_int64)r->finish);
          fnv(&h, (sqlite3_int64)r->reserved);
          for(k=0; k<r->nNode; k++) fnv(&h, W.aNode[r->iNode+k]);
        }
      }
    }
  }
  CHECK(h==DIGEST_SCHEDULES, "digest of %d schedules: 0x%llxULL, recorded 0x%llxULL",
        nRun, h, DIGEST_SCHEDULES);
}


/* ------------------------------------------------ 5. node-table core */

typedef struct NodeWork NodeWork;
struct NodeWork {
  GcNode aNode[64];
  GcNeed aNeed[2048];
  int aMilli[2048];
  double aFrag[2048];
  unsigned char aAllowed[16];
  GcCluster cl;
};
static NodeWork NW;

/* Run W's jobs (one alternative each) on NW's cluster; *paPair to free. */
static int nodeRun(int eBackfill, int ePlacement, int **paPair, SchedError *pErr){
  SchedConfig cfg;
  memset(&cfg, 0, sizeof(cfg));
  cfg.eBackfill = eBackfill;
  NW.cl.aNode = NW.aNode;
  NW.cl.aAllowed = NW.aAllowed;
  NW.cl.ePlacement = ePlacement;
  return nodesRun(&cfg, &NW.cl, W.nJob, W.aJob, NW.aNeed, W.nAlt, W.aAlt, NW.aMilli,
               W.aRes, NW.aFrag, paPair, pErr);
}

static void nodeJob(double submit, sqlite3_int64 gpus, double runtime, int milli,
                    int iModels, sqlite3_int64 cpu, sqlite3_int64 mem){
  int j = W.nJob++, a = W.nAlt++;
  W.aJob[j].submit = submit;
  W.aJob[j].key = submit;
  W.aJob[j].tie = j;
  W.aJob[j].iAlt = a;
  W.aJob[j].nAlt = 1;
  W.aAlt[a].gpus = gpus;
  W.aAlt[a].runtime = runtime;
  W.aAlt[a].estimate = runtime;
  NW.aMilli[a] = milli;
  NW.aNeed[j].iModels = iModels;
  NW.aNeed[j].cpu = cpu;
  NW.aNeed[j].mem = mem;
}

/* The cluster of tests/sched_nodes.test 2.1: node ids 5 (8 GPUs, no
** model), 10 (4, A), 20 (2, B), 30 (4, A); job model lists 0: "A", 1:
** "B|A". */
static void handCluster(void){
  memset(&NW, 0, sizeof(NW));
  NW.aNode[0] = (GcNode){ 5, 8, -1, -1, -1 };
  NW.aNode[1] = (GcNode){ 10, 4, 0, 16000, 64000 };
  NW.aNode[2] = (GcNode){ 20, 2, 1, 8000, 32000 };
  NW.aNode[3] = (GcNode){ 30, 4, 0, 16000, 64000 };
  NW.cl.nNode = 4;
  NW.cl.nModel = 2;                 /* 0: A, 1: B */
  NW.cl.nModels = 2;                /* 0: "A", 1: "B|A" */
  NW.aAllowed[0] = 1; NW.aAllowed[1] = 0;
  NW.aAllowed[2] = 1; NW.aAllowed[3] = 1;
}

/* The example of tests/sched_nodes.test 2.1: the first node and GPU of
** each job under each rule. */
static void testNodeHand(void){
  static const int aExpect[3][4][2] = {
    { {1,0}, {0,0}, {0,1}, {1,3} },     /* first_fit */
    { {1,0}, {1,3}, {2,0}, {2,0} },     /* best_fit */
    { {1,0}, {0,0}, {0,1}, {3,0} },     /* worst_fit */
  };
  int e, j;
  handCluster();
  for(e=GC_FIRST_FIT; e<=GC_WORST_FIT; e++){
    int *aPair = 0, rc;
    SchedError err;
    workReset();
    nodeJob(0, 3, 10, 1000, 0, 4000, 1000);
    nodeJob(0, 1, 10, 1000, -1, 0, 0);
    nodeJob(0, 1, 10, 500, -1, 0, 0);
    nodeJob(0, 1, 10, 300, 1, 1000, 0);
    rc = nodeRun(SCHED_BACKFILL_NONE, e, &aPair, &err);
    CHECK(rc==SQLITE_OK, "rule %d: rc %d", e, rc);
    for(j=0; rc==SQLITE_OK && j<4; j++){
      const int *p = &aPair[2*W.aRes[j].iNode];
      CHECK(p[0]==aExpect[e][j][0] && p[1]==aExpect[e][j][1],
            "rule %d job %d: node %d gpu %d", e, j, p[0], p[1]);
      CHECK(W.aRes[j].start==0.0 && NW.aFrag[j]==0.0);
    }
    sqlite3_free(aPair);
  }
}

/*
** Greedy on testNodeHand's cluster (node indexes 0: 8 GPUs, no model; 1:
** 4 A, 16000 CPU; 2: 2 B, 8000 CPU; 3: 4 A, 16000 CPU). Job 0 takes node
** 0 (8 GPUs x 10); job 1 (8 GPUs, at 1) can only wait for it. Jobs 2-4,
** submitted at 2 behind it, fit now: greedy starts them at 2, none at 10.
**   job 2: 1 GPU of B|A, 1000 CPU: best_fit node 2 (left 1 GPU free),
**          first_fit node 1;
**   job 3: 2 GPUs of A, 16000 CPU: best_fit node 1 (a tie with node 3,
**          the lowest), first_fit node 3 (node 1 has 15000 CPU left);
**   job 4: 3 GPUs of A, 1000 CPU: best_fit node 3 (node 1 has 2 GPUs
**          and no CPU left), first_fit node 1 (3 idle GPUs from GPU 1).
*/
static void testNodeGreedy(void){
  static const double aGreedy[] = { 0, 10, 2, 2, 2 };
  static const double aNone[] = { 0, 10, 10, 10, 10 };
  static const int aFirst[2][5][2] = {
    { {0,0}, {0,0}, {1,0}, {3,0}, {1,1} },    /* first_fit */
    { {0,0}, {0,0}, {2,0}, {1,0}, {3,0} },    /* best_fit */
  };
  int e, j, b;
  handCluster();
  for(b=0; b<2; b++){
    for(e=GC_FIRST_FIT; e<=GC_BEST_FIT; e++){
      int *aPair = 0, rc;
      SchedError err;
      workReset();
      nodeJob(0, 8, 10, 1000, -1, 0, 0);
      nodeJob(1, 8, 5, 1000, -1, 0, 0);
      nodeJob(2, 1, 3, 1000, 1, 1000, 0);
      nodeJob(2, 2, 4, 1000, 0, 16000, 0);
      nodeJob(2, 3, 5, 1000, 0, 1000, 0);
      rc = nodeRun(b ? SCHED_BACKFILL_NONE : SCHED_BACKFILL_GREEDY, e, &aPair, &err);
      CHECK(rc==SQLITE_OK, "node greedy %d rule %d: rc %d", b, e, rc);
      for(j=0; rc==SQLITE_OK && j<5; j++){
        const int *p = &aPair[2*W.aRes[j].iNode];
        double want = b ? aNone[j] : aGreedy[j];
        CHECK(W.aRes[j].start==want, "node %s rule %d job %d: start %g, not %g",
              b ? "none" : "greedy", e, j, W.aRes[j].start, want);
        if( !b ){
          CHECK(p[0]==aFirst[e][j][0] && p[1]==aFirst[e][j][1],
                "node greedy rule %d job %d: node %d gpu %d", e, j, p[0], p[1]);
        }
      }
      sqlite3_free(aPair);
    }
  }
  workReset();
}

/* Refusals (on testNodeHand's cluster): a share of two GPUs, a job of
** model A with more CPU than an A node has, a wide job (9 GPUs) that no
** node's GPU count divides. */
static void testNodeErrors(void){
  int *aPair = 0;
  SchedError err;
  workReset();
  nodeJob(0, 2, 1, 500, -1, 0, 0);
  CHECK(nodeRun(SCHED_BACKFILL_NONE, GC_BEST_FIT, &aPair, &err)==SQLITE_ERROR
        && err.eWhy==GC_WHY_MILLI && err.iJob==0 && aPair==0);
  workReset();
  nodeJob(0, 1, 1, 1000, 0, 20000, 0);
  CHECK(nodeRun(SCHED_BACKFILL_EASY, GC_BEST_FIT, &aPair, &err)==SQLITE_ERROR
        && err.eWhy==GC_WHY_NEVER && err.iJob==0);
  workReset();
  nodeJob(0, 1, 1, 1000, -1, 0, 0);
  nodeJob(0, 9, 1, 1000, -1, 0, 0);
  CHECK(nodeRun(SCHED_BACKFILL_CONSERVATIVE, GC_BEST_FIT, &aPair, &err)==SQLITE_ERROR
        && err.eWhy==GC_WHY_SPLIT && err.iJob==1);
}

/* Replay the run: per GPU, CPU and memory, use never over capacity (events
** at one time: finishes first). */
static void nodeAudit(const int *aPair, const char *zWhat){
  static int aGpu[64][8];
  static sqlite3_int64 aCpu[64], aMem[64];
  static double aT[4096];
  static int aSign[4096], aJ[4096];
  int nEv = 0, i, k, bad = 0;
  memset(aGpu, 0, sizeof(aGpu));
  memset(aCpu, 0, sizeof(aCpu));
  memset(aMem, 0, sizeof(aMem));
  for(i=0; i<W.nJob; i++){
    aT[nEv] = W.aRes[i].finish; aSign[nEv] = -1; aJ[nEv++] = i;
    aT[nEv] = W.aRes[i].start; aSign[nEv] = 1; aJ[nEv++] = i;
    if( W.aRes[i].start<W.aJob[i].submit ) bad++;
  }
  /* insertion sort by (time, finishes first) */
  for(i=1; i<nEv; i++){
    double t = aT[i]; int s = aSign[i], j = aJ[i];
    for(k=i; k>0 && (aT[k-1]>t || (aT[k-1]==t && aSign[k-1]>s)); k--){
      aT[k] = aT[k-1]; aSign[k] = aSign[k-1]; aJ[k] = aJ[k-1];
    }
    aT[k] = t; aSign[k] = s; aJ[k] = j;
  }
  for(i=0; i<nEv; i++){
    const SchedResult *r = &W.aRes[aJ[i]];
    const int *p = &aPair[2*r->iNode];
    int nNodes = 0;
    for(k=0; k<r->nNode; k++) if( k==0 || p[2*k]!=p[2*k-2] ) nNodes++;
    for(k=0; k<r->nNode; k++){
      int n = p[2*k];
      aGpu[n][p[2*k+1]] += aSign[i]*NW.aMilli[r->iAlt];
      if( aGpu[n][p[2*k+1]]>1000 ) bad++;
      if( k==0 || n!=p[2*k-2] ){
        const GcNeed *q = &NW.aNeed[aJ[i]];
        aCpu[n] += aSign[i]*((q->cpu + nNodes - 1)/nNodes);
        aMem[n] += aSign[i]*((q->mem + nNodes - 1)/nNodes);
        if( (NW.aNode[n].cpu>=0 && aCpu[n]>NW.aNode[n].cpu)
         || (NW.aNode[n].mem>=0 && aMem[n]>NW.aNode[n].mem) ) bad++;
        if( NW.aNeed[aJ[i]].iModels>=0 && (NW.aNode[n].iModel<0
         || !NW.aAllowed[NW.aNeed[aJ[i]].iModels*NW.cl.nModel + NW.aNode[n].iModel]) ) bad++;
      }
    }
  }
  CHECK(bad==0, "%s: %d violations", zWhat, bad);
}

static void testNodeRandom(void){
  unsigned int seed = 12345;
  int round, n, j, b, e;
  for(round=0; round<4; round++){
    memset(&NW, 0, sizeof(NW));
    NW.cl.nNode = 24;
    NW.cl.nModel = 2;
    NW.cl.nModels = 2;                /* 0: A only, 1: A or B */
    NW.aAllowed[0] = 1; NW.aAllowed[1] = 0; NW.aAllowed[2] = 1; NW.aAllowed[3] = 1;
    for(n=0; n<24; n++){
      NW.aNode[n].id = 100 + 3*n;
      NW.aNode[n].gpus = n%3==0 ? 8 : n%3==1 ? 2 : 4;
      NW.aNode[n].iModel = n%4==3 ? -1 : n%2;
      NW.aNode[n].cpu = n%5==0 ? -1 : 16000;
      NW.aNode[n].mem = n%7==0 ? -1 : 65536;
    }
    workReset();
    for(j=0; j<600; j++){
      int g, milli = 1000, m;
      seed = seed*1103515245u + 12345u;
      g = 1 << ((seed>>16)%4);
      if( (seed>>8)%3==0 ){ g = 1; milli = 100 + (int)((seed>>4)%900); }
      if( (seed>>20)%29==0 ){ g = 16; milli = 1000; }
      m = (int)((seed>>12)%3) - 1;
      nodeJob(j*7 + round, g, 20 + (seed>>10)%400, milli, g==16 ? -1 : m,
              (sqlite3_int64)((seed>>3)%8000), (sqlite3_int64)((seed>>5)%20000));
      W.aAlt[W.nAlt-1].estimate = W.aAlt[W.nAlt-1].runtime * (1 + (seed>>7)%3);
    }
    for(b=SCHED_BACKFILL_NONE; b<=SCHED_BACKFILL_GREEDY; b++){
      for(e=GC_FIRST_FIT; e<=GC_WORST_FIT; e++){
        int *aPair = 0, rc;
        SchedError err;
        char zWhat[64];
        rc = nodeRun(b, e, &aPair, &err);
        snprintf(zWhat, sizeof(zWhat), "round %d backfill %d rule %d", round, b, e);
        CHECK(rc==SQLITE_OK, "%s: rc %d why %d job %d", zWhat, rc, err.eWhy, err.iJob);
        if( rc==SQLITE_OK ) nodeAudit(aPair, zWhat);
        sqlite3_free(aPair);
      }
    }
  }
}

/* -------------------------------------------------------- 6. queue order */

/* Order values of jobs for schedOrderRanks: ints in pCtx. */
static int cmpIntValue(void *pCtx, int x, int y){
  const int *a = (const int*)pCtx;
  return (a[x]>a[y]) - (a[x]<a[y]);
}

static void testOrder(void){
  static const struct { int eOrder; double aKey[3]; } aCase[] = {
    { SCHED_ORDER_SUBMIT,       {   0.0,    1.0,   2.0 } },
    { SCHED_ORDER_SHORTEST,     {  10.0,    5.0,  20.0 } },
    { SCHED_ORDER_LONGEST,      { -10.0,   -5.0, -20.0 } },
    { SCHED_ORDER_FEWEST_GPUS,  {   4.0,    2.0,   1.0 } },
    { SCHED_ORDER_MOST_GPUS,    {  -4.0,   -2.0,  -1.0 } },
    { SCHED_ORDER_LARGEST_AREA, { -40.0,  -10.0, -20.0 } },
    { SCHED_ORDER_COLUMN,       {   0.0,    0.0,   0.0 } },
  };
  static const int aVal[] = { 7, 3, 7, 9, 3 };
  int aIdx[5];
  size_t c;
  int i, j;
  workReset();
  addJob(0, 4, 10, 10);
  addJob(1, 2, 50, 5);      /* the key reads the estimate, not the runtime */
  j = addJob(2, 1, 20, 20);
  addAlt(j, 8, 1);          /* moldable: the key reads the first alternative */
  for(c=0; c<sizeof(aCase)/sizeof(aCase[0]); c++){
    for(i=0; i<W.nJob; i++) W.aJob[i].key = 99.0;
    schedOrderKeys(aCase[c].eOrder, W.nJob, W.aJob, W.aAlt);
    for(i=0; i<W.nJob; i++){
      CHECK( W.aJob[i].key==aCase[c].aKey[i], "order %d job %d: key %g, not %g",
             aCase[c].eOrder, i, W.aJob[i].key, aCase[c].aKey[i] );
    }
  }
  schedOrderKeys(SCHED_ORDER_SUBMIT, 0, W.aJob, W.aAlt);   /* no jobs: nothing */

  /* Dense ranks of 7 3 7 9 3: 1 0 1 2 0; descending, negated. */
  workReset();
  for(i=0; i<5; i++) addJob(0, 1, 1, 1);
  CHECK( schedOrderRanks(5, W.aJob, aIdx, cmpIntValue, (void*)aVal, 0)==SQLITE_OK );
  CHECK( W.aJob[0].key==1.0 && W.aJob[1].key==0.0 && W.aJob[2].key==1.0
      && W.aJob[3].key==2.0 && W.aJob[4].key==0.0, "asc: %g %g %g %g %g",
         W.aJob[0].key, W.aJob[1].key, W.aJob[2].key, W.aJob[3].key, W.aJob[4].key );
  CHECK( schedOrderRanks(5, W.aJob, aIdx, cmpIntValue, (void*)aVal, 1)==SQLITE_OK );
  CHECK( W.aJob[0].key==-1.0 && W.aJob[1].key==0.0 && W.aJob[2].key==-1.0
      && W.aJob[3].key==-2.0 && W.aJob[4].key==0.0, "desc: %g %g %g %g %g",
         W.aJob[0].key, W.aJob[1].key, W.aJob[2].key, W.aJob[3].key, W.aJob[4].key );
  CHECK( schedOrderRanks(1, W.aJob, aIdx, cmpIntValue, (void*)aVal, 1)==SQLITE_OK
         && W.aJob[0].key==0.0, "one job: rank 0: %g", W.aJob[0].key );

  /* On one GPU, jobs queued together run in the order's sequence:
  ** runtimes 3, 1, 2 submitted at 0.5 behind a job that holds the GPU. */
  workReset();
  addJob(0, 1, 1, 1);
  addJob(0.5, 1, 3, 3);
  addJob(0.5, 1, 1, 1);
  addJob(0.5, 1, 2, 2);
  schedOrderKeys(SCHED_ORDER_SHORTEST, W.nJob, W.aJob, W.aAlt);
  CHECK( run(1, 0, SCHED_BACKFILL_NONE, SCHED_MOLDABLE_EARLIEST_FINISH)==SQLITE_OK );
  CHECK( W.aRes[2].start==1 && W.aRes[3].start==2 && W.aRes[1].start==4,
         "shortest: %g %g %g", W.aRes[2].start, W.aRes[3].start, W.aRes[1].start );
  schedOrderKeys(SCHED_ORDER_LONGEST, W.nJob, W.aJob, W.aAlt);
  CHECK( run(1, 0, SCHED_BACKFILL_NONE, SCHED_MOLDABLE_EARLIEST_FINISH)==SQLITE_OK );
  CHECK( W.aRes[1].start==1 && W.aRes[3].start==4 && W.aRes[2].start==6,
         "longest: %g %g %g", W.aRes[1].start, W.aRes[3].start, W.aRes[2].start );
  schedOrderKeys(SCHED_ORDER_SUBMIT, W.nJob, W.aJob, W.aAlt);
  CHECK( run(1, 0, SCHED_BACKFILL_NONE, SCHED_MOLDABLE_EARLIEST_FINISH)==SQLITE_OK );
  CHECK( W.aRes[1].start==1 && W.aRes[2].start==4 && W.aRes[3].start==5,
         "submit, then tie: %g %g %g", W.aRes[1].start, W.aRes[2].start, W.aRes[3].start );
  workReset();
}

int main(void){
  testHand();
  testGreedyHand();
  testErrors();
  testRandom();
  testOptimum();
  testDigest();
  testNodeHand();
  testNodeGreedy();
  testNodeErrors();
  testNodeRandom();
  testOrder();
  workReset();
  if( nFail ){
    fprintf(stderr, "sched_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("sched_test: %d checks passed\n", nCheck);
  return 0;
}
