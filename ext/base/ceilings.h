/*
** ceilings.h: the highest values of the per-connection limits that a core
** enforces itself, shared by the core and by mlpscale_limit
** (ext/base/common_sql.c), which lets a connection raise a limit up to its
** ceiling and no further. Plain C, no SQLite call.
*/
#ifndef MLPSCALE_CEILINGS_H
#define MLPSCALE_CEILINGS_H

/* gpu_schedule's node tables (ext/scheduling/nodetable.c), per node and
** over the cluster (docs/safety.md: cluster_nodes, cluster_gpus,
** node_gpus, gpu_models, gpu_model_lists): these keep every count of GPUs,
** nodes and (node, GPU) pairs, doubled, in an int. */
#define MLP_MAX_NODE_GPUS   (1<<29)       /* GPUs of one node */
#define MLP_MAX_GPUS        (1<<29)       /* GPUs of the cluster */
#define MLP_MAX_NODES       (1<<29)       /* nodes of the cluster */
#define MLP_MAX_MODELS      (1<<20)       /* distinct models (nodes) */
#define MLP_MAX_MODEL_SETS  (1<<20)       /* distinct job model lists */

#endif /* MLPSCALE_CEILINGS_H */
