/*
** nodetable.h: plain C API of the simulator of a table of nodes
** (ext/scheduling/nodetable.c), heterogeneous ones: the "node mode" of
** gpu_schedule() (ext/scheduling/sched_sql.c), unit-tested in
** tests/unit/sched_test.c.
**
** The cluster is a list of nodes, each with its own GPU count, GPU model,
** CPU and memory. GPUs of a node are indexed 0..gpus-1 and have 1000 milli
** each. A job needs, on one node, g whole idle GPUs (gpu_milli 1000) or a
** share of one GPU (g = 1, gpu_milli < 1000), plus CPU and memory, on a
** node whose model it accepts. A job wider than every node its models
** allow takes k whole idle nodes of one model and one GPU count c with
** g = k*c, each giving ceil(cpu/k) CPU and ceil(memory/k) memory.
**
** Jobs, alternatives, queue order, backfill modes, moldable policies,
** times and results are those both simulators share, in
** ext/scheduling/schedcore.h (SchedConfig: nGpus and gpusPerNode are
** unused here); what differs is where a job goes. The
** model (the event order at one instant, EASY's shadow time, conservative
** reservations, fragmentation) is written down in docs/scheduling.md.
*/
#ifndef MLPSCALE_NODETABLE_H
#define MLPSCALE_NODETABLE_H

#include "scheduling/schedcore.h"
#include "base/ceilings.h"

#define GC_FIRST_FIT  0   /* the lowest node that fits */
#define GC_BEST_FIT   1   /* the node left with the least free GPU milli */
#define GC_WORST_FIT  2   /* the node left with the most free GPU milli */

typedef struct GcNode GcNode;
struct GcNode {
  sqlite3_int64 id;           /* the caller's id; aNode is sorted by it */
  int gpus;                   /* 0 .. MLP_MAX_NODE_GPUS */
  int iModel;                 /* 0 .. nModel-1, or -1: no model */
  sqlite3_int64 cpu;          /* capacity, or -1: not enforced */
  sqlite3_int64 mem;          /* capacity, or -1: not enforced */
};

typedef struct GcNeed GcNeed;
struct GcNeed {               /* what a job needs besides GPUs (per job) */
  int iModels;                /* row of GcCluster.aAllowed, or -1: any model */
  sqlite3_int64 cpu;          /* >= 0 */
  sqlite3_int64 mem;          /* >= 0 */
};

typedef struct GcCluster GcCluster;
struct GcCluster {
  int nNode;
  const GcNode *aNode;        /* ascending ids, unique */
  int nModel;                 /* distinct node models */
  int nModels;                /* distinct job model lists */
  const unsigned char *aAllowed;  /* nModels rows of nModel: 1 if accepted */
  int ePlacement;             /* GC_*_FIT */
};

/* Reasons of SchedError.eWhy beyond SCHED_WHY_*. */
#define GC_WHY_MILLI   20     /* gpu_milli not 1..1000, or < 1000 with gpus > 1 */
#define GC_WHY_NEVER   21     /* fits on no node, even on an idle cluster */
#define GC_WHY_SPLIT   22     /* wider than every node, and no group of whole
                              ** nodes of one model and GPU count holds it */
#define GC_WHY_CLUSTER 23     /* a node or the cluster out of bounds */
#define GC_WHY_FRAG    24     /* frag could overflow: see gcFragBound() */

/*
** The largest fragmentation a run can accrue, in GPU milli x time: every
** GPU milli of the cluster, fragmented from the earliest submit to the
** latest end a run can reach (schedTimeBounds). nodesRun() refuses a run with
** GC_WHY_FRAG when it is not finite, so that every frag it writes is.
*/
double gcFragBound(const GcCluster *pCl, int nJob, const SchedJob *aJob,
                   const SchedAlt *aAlt);

/*
** Validate and simulate. aAltMilli[k] is the gpu_milli of alternative k.
** On SQLITE_OK aRes[j].iNode and .nNode give job j's GPUs as pairs
** (*paPair)[2*i] = node index (in aNode), (*paPair)[2*i+1] = GPU index,
** for i in iNode .. iNode+nNode-1 (caller frees *paPair), and aFrag[j]
** the fragmentation (GPU milli x time / 1000) accrued from the previous
** dispatch to job j's start. Other codes as poolRun().
*/
int nodesRun(const SchedConfig *pCfg, const GcCluster *pCl, int nJob,
             const SchedJob *aJob, const GcNeed *aNeed, int nAlt,
             const SchedAlt *aAlt, const int *aAltMilli, SchedResult *aRes,
             double *aFrag, int **paPair, SchedError *pErr);

#endif /* MLPSCALE_NODETABLE_H */
