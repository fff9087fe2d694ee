/*
** Declarations shared between the files of ext/ (not a public API).
**
** Every SQL-facing file defines one registration function, declared here
** and called from the table in ext/mlpscale.c. Each returns SQLITE_OK or
** the error code of the registration that failed (sqlite3_errmsg says why).
*/
#ifndef MLPSCALE_INT_H
#define MLPSCALE_INT_H

#include "sqlite3ext.h"

/*
** Test hooks, as SQLite's series.c keeps SQLITE_SERIES_CONSTRAINT_VERIFY:
** compiled in only when a test build sets MLPSCALE_TEST_HOOKS to 1 (the
** Makefile's build/test/mlpscale.so and the sanitizer build), so that
** nothing in a user's process reads a test variable: MLPSCALE_TEST_TICK
** (mlpStopOpen) and MLPSCALE_TEST_FAIL_OPEN (mlperf_runs).
*/
#ifndef MLPSCALE_TEST_HOOKS
# define MLPSCALE_TEST_HOOKS 0
#endif
#include <stdio.h>

/* Registration functions, one per SQL-facing file. */
int mlpCommonInit(sqlite3 *db);      /* common_sql.c: mlpscale_limit() */
int mlpMetricsInit(sqlite3 *db);     /* metrics_sql.c */
int mlpMlperfInit(sqlite3 *db);      /* mlperf_sql.c */
int mlpKmeansInit(sqlite3 *db);      /* kmeans_sql.c */
int mlpSvgInit(sqlite3 *db);         /* svg_sql.c */
int mlpSchedInit(sqlite3 *db);       /* sched_sql.c */
int mlpSwfInit(sqlite3 *db);         /* swf_sql.c */
int mlpRcpInit(sqlite3 *db);         /* rcp_sql.c */
int mlpCriticalInit(sqlite3 *db);    /* critical_sql.c */
int mlpPrivateIdInit(sqlite3 *db);   /* privateid_sql.c */
int mlpPyReprInit(sqlite3 *db);      /* pyrepr_sql.c */

/* ---- common_sql.c: helpers for the SQL glue ---- */

/* sqlite3_result_error with a printf-style message (NOMEM handled). */
void mlpResultErrorf(sqlite3_context *ctx, const char *zFmt, ...);

/* The error of a failed step rc as the function's result: zErr when set
** (then freed), else out of memory or rc's own message. */
void mlpResultFail(sqlite3_context *ctx, int rc, char *zErr);

/* Replace pVtab->zErrMsg with a printf-style message. Returns SQLITE_ERROR
** (or SQLITE_NOMEM when the message could not be allocated). */
int mlpVtabErrorf(sqlite3_vtab *pVtab, const char *zFmt, ...);

/* A value as text for an error message: its text, "NULL" or "(blob)". */
const char *mlpValueText(sqlite3_value *pVal);

/*
** Called once per key of an options object, in document order. zType is
** json_each's type name: 'null', 'true', 'false', 'integer', 'real',
** 'text', 'array' or 'object'; pVal is json_each's value (JSON text for
** arrays and objects). Return SQLITE_OK, SQLITE_NOTFOUND for an unknown
** key (the caller reports "<func>: unknown option 'key'"), or an error
** code after setting *pzErr with sqlite3_mprintf.
*/
typedef int (*MlpOptionFunc)(void *pArg, const char *zKey, const char *zType,
                             sqlite3_value *pVal, char **pzErr);

/*
** Walk pJson, which must be a JSON object (SQL NULL means no options),
** calling xOpt for each key. Errors, in *pzErr (sqlite3_mprintf):
**   "<func>: options must be a JSON object, got '<text>'"
**   "<func>: duplicate option '<key>'"
**   "<func>: unknown option '<key>'"
** and whatever xOpt reports. Returns SQLITE_OK or an error code.
*/
int mlpParseOptions(sqlite3 *db, const char *zFunc, sqlite3_value *pJson,
                    MlpOptionFunc xOpt, void *pArg, char **pzErr);

/*
** Reading one option's value inside an MlpOptionFunc, all with the same
** error text: "<func>: option '<key>' must be <expected>, got '<value>'",
** the value quoted by mlpOptText. Each returns SQLITE_OK with the value
** stored, or SQLITE_ERROR with *pzErr set (SQLITE_NOMEM when the message
** could not be allocated).
**   mlpOptChoice  a string among azChoice (0-terminated), *piOut its index;
**                 expected "'a', 'b' or 'c'"
**   mlpOptBool    true or false; expected "true or false"
**   mlpOptInt     an integer in [lo, hi]; expected "an integer" (the whole
**                 64-bit range), "a positive integer" (lo 1, hi >= INT_MAX)
**                 or "an integer from <lo> to <hi>"
*/
#define MLP_LARGEST_INT64  ((sqlite3_int64)0x7fffffffffffffffLL)
#define MLP_SMALLEST_INT64 (-MLP_LARGEST_INT64 - 1)
int mlpOptChoice(const char *zFunc, const char *zKey, const char *zType,
                 sqlite3_value *pVal, const char *const *azChoice, int *piOut,
                 char **pzErr);
int mlpOptBool(const char *zFunc, const char *zKey, const char *zType,
               sqlite3_value *pVal, int *pbOut, char **pzErr);
int mlpOptInt(const char *zFunc, const char *zKey, const char *zType,
              sqlite3_value *pVal, sqlite3_int64 lo, sqlite3_int64 hi,
              sqlite3_int64 *piOut, char **pzErr);

/* Matchers for options that accept more than one form, without an error:
** the index of pVal's string in azChoice or -1 (mlpOptIndex); 1 with the
** number for a JSON integer or real, else 0 (mlpOptNumber). */
int mlpOptIndex(const char *zType, sqlite3_value *pVal,
                const char *const *azChoice);
int mlpOptNumber(const char *zType, sqlite3_value *pVal, double *prOut);

/* An option's value for an error message: the JSON literals true, false and
** null by name, anything else as mlpValueText. */
const char *mlpOptText(const char *zType, sqlite3_value *pVal);

/* Set *pzErr to "<func>: option '<key>' must be <zExpect>, got '<zGot>'".
** Returns SQLITE_ERROR, or SQLITE_NOMEM when out of memory. */
int mlpOptError(char **pzErr, const char *zFunc, const char *zKey,
                const char *zExpect, const char *zGot);

/*
** The number a value holds, text SQLite reads as a number ('1.5', as a CSV
** import leaves it) counting as that number. *peType is SQLITE_INTEGER
** (*piOut and *prOut set), SQLITE_FLOAT (*prOut set), SQLITE_NULL, or 0 for
** anything else (other text, blobs). Text is converted in a protected copy,
** so pVal may be an unprotected column value. SQLITE_OK or SQLITE_NOMEM.
*/
int mlpValueNumber(sqlite3_value *pVal, int *peType, sqlite3_int64 *piOut,
                   double *prOut);

/*
** Prepare zSource, "the text of one read-only SELECT, or the name of a
** table or view", for reading. A name is read as SELECT rowid, * (views:
** row_number() OVER () as the id) when bRowid, else SELECT *. SQL text must
** be exactly one read-only statement that returns columns. nSource is the
** length of zSource in bytes (-1: up to its NUL); a NUL inside would cut the
** text short, so it is refused. zArg names the argument in errors:
**   "<func>: <arg> must not contain a NUL character"
**   "<func>: <arg> must be a single statement, got '<text>'"
**   "<func>: <arg> must be a read-only SELECT, got '<text>'"
**   "<func>: <arg> is neither a table nor a valid SELECT: <sqlite error>"
**   "<func>: <arg> is empty"
*/
int mlpPrepareSource(sqlite3 *db, const char *zFunc, const char *zArg,
                     const char *zSource, int nSource, int bRowid,
                     sqlite3_stmt **ppStmt, char **pzErr);

/*
** xBestIndex of a table-valued function whose nArg (<= MLP_MAX_ARGS)
** arguments are the hidden columns iFirst, iFirst+1, ...: each usable
** equality constraint on one of them goes to xFilter (argv in column
** order, only the arguments given) and is not checked again by SQLite;
** idxNum bit i is set when argument i is given. An argument with only
** unusable constraints (a join that has not produced it yet) makes the plan
** unusable (SQLITE_CONSTRAINT). A plan without one of the first nRequired
** arguments is priced out of reach, so SQLite prefers any plan with it;
** xFilter then reports the argument missing.
*/
#define MLP_MAX_ARGS 8
int mlpBestIndexArgs(sqlite3_index_info *pInfo, int iFirst, int nArg,
                     int nRequired);

/*
** Limits, per connection, read and set with mlpscale_limit(name [, value])
** (docs/safety.md). Each bounds work or memory that a caller's input
** could otherwise make unbounded.
*/
#define MLP_LIMIT_NESTING      0  /* "nesting": calls that run SQL they were
                                  ** given (kmeans*, gpu_schedule) inside
                                  ** one another */
#define MLP_NESTING_MAX      200  /* its ceiling: a 512 KB stack holds it */
#define MLP_LIMIT_N_INIT       1  /* "kmeans_n_init" */
#define MLP_LIMIT_MAX_ITER     2  /* "kmeans_max_iter" */
#define MLP_LIMIT_FILE_SIZE    3  /* "file_size": bytes read from one file */
#define MLP_LIMIT_THREADS      4  /* "threads": threads one scan may use
                                  ** (mlperf_runs), the caller's included */
/* gpu_schedule's node tables (ext/base/ceilings.h: MLP_MAX_* are their ceilings) */
#define MLP_LIMIT_CLUSTER_NODES 5 /* "cluster_nodes": nodes of one table */
#define MLP_LIMIT_CLUSTER_GPUS 6  /* "cluster_gpus": GPUs of one table */
#define MLP_LIMIT_NODE_GPUS    7  /* "node_gpus": GPUs of one node */
#define MLP_LIMIT_GPU_MODELS   8  /* "gpu_models": distinct node models */
#define MLP_LIMIT_MODEL_LISTS  9  /* "gpu_model_lists": distinct gpu_model
                                  ** values of the jobs */
#define MLP_LIMIT_COUNT       10

/* What a file reader reports for a file beyond MLP_LIMIT_FILE_SIZE, after
** "file larger than the limit of N bytes". */
#define MLP_FILE_SIZE_HINT "mlpscale_limit 'file_size'"

/* The current value of limit iLimit (MLP_LIMIT_*) on db. */
sqlite3_int64 mlpLimit(sqlite3 *db, int iLimit);

/*
** Enter a call that runs SQL it was given: fails, with *pzErr
** "<func>: too deeply nested: more than <n> calls of kmeans, kmeans_centroids,
** kmeans_scan or gpu_schedule inside one another (mlpscale_limit
** 'nesting')", when that would exceed the limit. Every successful
** mlpNestEnter is paired with one mlpNestLeave.
*/
int mlpNestEnter(sqlite3 *db, const char *zFunc, char **pzErr);
void mlpNestLeave(sqlite3 *db);

/*
** Interrupt checks for long loops, for sqlite3_interrupt() and for the
** host's progress handler. From SQLite 3.41 the interrupt is
** sqlite3_is_interrupted(); before, a prepared "SELECT 1" is stepped: the
** running statement keeps the interrupt flag set, so the probe fails with
** SQLITE_INTERRUPT. A progress handler runs only in SQLite's virtual
** machine: every MLP_TICK_NS of work (a monotonic clock), MLP_TICK_SQL,
** about 1,600 instructions (some 30 us), is stepped on the connection, and
** fails when the handler asks to stop. Statements are
** prepared at first use, so mlpStopOpen cannot fail and costs nothing.
** mlpStopCheck returns non-zero when the loop must stop, with the reason
** (SQLITE_INTERRUPT, SQLITE_NOMEM) in rc; it is cheap enough for every
** millisecond of work. Every mlpStopOpen is paired with one mlpStopClose.
** A test build (MLPSCALE_TEST_HOOKS, below) reads the environment variable
** MLPSCALE_TEST_TICK: 1 makes every check a tick, so that a loop's checks
** can be seen without timing.
*/
#define MLP_TICK_NS  10000000   /* 10 ms */
#define MLP_TICK_SQL "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c" \
                     " LIMIT 100) SELECT count(*) FROM c"
typedef struct MlpStop MlpStop;
struct MlpStop {
  sqlite3 *db;
  sqlite3_stmt *pProbe;       /* NULL from SQLite 3.41 */
  sqlite3_stmt *pTick;        /* MLP_TICK_SQL, prepared at the first tick */
  sqlite3_int64 iNextTick;    /* when the next tick is due (ns) */
  sqlite3_int64 nTickNs;      /* MLP_TICK_NS, or 0 (MLPSCALE_TEST_TICK) */
  int rc;                     /* SQLITE_OK, or why the loop must stop */
};
void mlpStopOpen(sqlite3 *db, MlpStop *p);
int mlpStopCheck(void *pStop);
void mlpStopClose(MlpStop *p);

/*
** Append v to pStr as a JSON number: printf's %.17g (enough digits to read
** the same double back), with '.' as the decimal point whatever the
** locale; "null" when v is NaN or infinite.
*/
void mlpAppendJsonNumber(sqlite3_str *pStr, double v);

#endif /* MLPSCALE_INT_H */
