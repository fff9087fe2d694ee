/*
** pool.h: plain C API of the simulator of a pool of equal nodes
** (ext/scheduling/pool.c), the "GPU count" mode of gpu_schedule(), used by
** the SQL glue ext/scheduling/sched_sql.c and by tests/unit/sched_test.c.
**
** The pool has nGpus GPUs split into nGpus/gpusPerNode equal nodes. A job
** has one or more alternatives (gpus, runtime, estimate): one for a rigid
** job, several for a moldable one, of which exactly one runs. A job of
** g <= gpusPerNode GPUs runs inside one node (best fit: the node with the
** fewest free GPUs that still holds it, lowest index on ties); a wider job
** takes g/gpusPerNode whole free nodes (lowest indexes first).
**
** Jobs, alternatives, queue order, times, results and errors are the
** types both simulators share, in ext/scheduling/schedcore.h.
*/
#ifndef MLPSCALE_POOL_H
#define MLPSCALE_POOL_H

#include "scheduling/schedcore.h"

/*
** Validate the input: SQLITE_OK or SQLITE_ERROR. pErr->iJob and
** pErr->iAlt say which job and alternative are at fault (-1 when the
** reason is not about one).
*/
int schedCheck(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
               int nAlt, const SchedAlt *aAlt, SchedError *pErr);

/*
** Validate (schedCheck) and simulate. aRes[] (nJob entries) receives one
** result per job. On SQLITE_OK, *paNode is set to an array
** (sqlite3_malloc64, caller frees; may be NULL when no job ran) of the node
** indexes every job ran on; on any other code it is NULL.
*/
int poolRun(const SchedConfig *pCfg, int nJob, const SchedJob *aJob,
            int nAlt, const SchedAlt *aAlt, SchedResult *aRes,
            int **paNode, SchedError *pErr);

#endif /* MLPSCALE_POOL_H */
