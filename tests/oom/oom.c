/*
** oom.c: out-of-memory driver. Built by make (build/oom/oom, and with the
** sanitizers build/oom-asan/oom) from the files of ext/ compiled in (-DSQLITE_CORE)
** and registered with sqlite3_auto_extension; run by tests/oom.test.
**
** For each case of the script below (setup SQL, then one statement), it
** first runs the statement with memory to spare and keeps what it gives
** (rows as text, result code, message). Then for N = 1, 1+stride, ... it
** runs it again on a fresh connection with allocation N failing, once and
** then (second pass) from N on, until a run needs fewer than N
** allocations. Every run must give the same output, or fail with
** SQLITE_NOMEM: never another error, a crash or (under LSan) a leak.
**
**   oom [stride]     exit 0 when every run held; prints what did not
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"
#include "mlpscale.h"

static sqlite3_mem_methods defaultMem;
static int nAlloc;          /* allocations since armed */
static int iFailAt;         /* fail the allocation of this number (1-based) */
static int bPersist;        /* and every one after it */
static int bArmed;
static int bFailed;         /* an allocation was failed */

static int shouldFail(void){
  if( !bArmed ) return 0;
  nAlloc++;
  if( nAlloc==iFailAt || (bPersist && nAlloc>iFailAt) ){
    bFailed = 1;
    return 1;
  }
  return 0;
}
static void *oomMalloc(int n){ return shouldFail() ? 0 : defaultMem.xMalloc(n); }
static void *oomRealloc(void *p, int n){ return shouldFail() ? 0 : defaultMem.xRealloc(p, n); }
static void oomFree(void *p){ defaultMem.xFree(p); }
static int oomSize(void *p){ return defaultMem.xSize(p); }
static int oomRoundup(int n){ return defaultMem.xRoundup(n); }
static int oomInit(void *p){ return defaultMem.xInit(p); }
static void oomShutdown(void *p){ defaultMem.xShutdown(p); }

/* setup, statement: every function and its error paths. */
static const char *const azCase[][2] = {
  { "", "SELECT mlpscale_version(), speedup(4, 2), efficiency(4, 2, 2), e_prime(1e308, 1e-308, 1e-308, 1e308), karp_flatt(100, 25, 1, 4), marginal_efficiency(100, 50, 4, 8)" },
  { "", "SELECT speedup('x', 2)" },
  { "", "SELECT speedup(1e308, 1e-308)" },
  { "", "SELECT mlperf_score(value, value > 1) FROM generate_series(1, 10)" },
  { "", "SELECT mlperf_score(value, 2) FROM generate_series(1, 10)" },
  { "", "SELECT mlpscale_limit('nesting'), mlpscale_limit('nesting', 4)" },
  { "", "SELECT mlpscale_limit('x')" },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans('pts', 2)" },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans_centroids('SELECT ''p''||rowid, x, y FROM pts', 2, json_object('init', json('[[10,10],[0,0]]'), 'scale', 'zscore'))" },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans_scan('pts', 4, '{\"distance\":\"cosine\",\"silhouette\":true}')" },
  { "", "SELECT * FROM kmeans('SELECT 1, 1', 2)" },
  { "", "SELECT * FROM kmeans('SELECT 1, 1 UNION ALL SELECT 2, 2', 2, '{\"init\":[[1],[2]]}')" },
  { "", "SELECT * FROM kmeans('SELECT 1, 1', 1, '{\"seeds\":1}')" },
  { "", "SELECT * FROM kmeans('PRAGMA table_info(x)', 1)" },
  { "", "SELECT svg_plot(value, value*value, value % 3, '{\"title\":\"t\",\"x_scale\":\"log2\",\"kind\":\"line\",\"ref_lines\":[{\"y\":1,\"label\":\"one\"}]}') FROM generate_series(1, 20)" },
  { "", "SELECT svg_plot(value, 'c' || (value % 4), NULL, '{\"y_categories\":true,\"size_by\":\"count\"}') FROM generate_series(1, 20)" },
  { "", "SELECT svg_plot(value, value, 1.5, '{\"width\":50}') FROM generate_series(1, 3)" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 2 runtime, 10 estimate UNION ALL SELECT 2, 1, 4, 4 UNION ALL SELECT 3, 2, 10, 10 UNION ALL SELECT 4, 1, 6, 6', 2, '{\"backfill\":\"conservative\",\"gpus_per_node\":1}')" },
  { "", "SELECT * FROM gpu_schedule('SELECT ''a'' id, 4 gpus, 10 runtime, 1 k UNION ALL SELECT ''b'', 8, 3, 2 UNION ALL SELECT ''b'', 4, 5, 2', 8, '{\"backfill\":\"easy\",\"order\":\"k desc\"}')" },
  { "", "SELECT * FROM gpu_schedule('SELECT ''job1'' id, 16 gpus, 1 runtime', 8)" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 1 runtime', 8, '{\"backfill\":\"eager\"}')" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 1e308 runtime UNION ALL SELECT 2, 1, 1e308', 8)" },
  { "", "SELECT count(*), max(error) FROM swf_jobs('tests/swf-sample.swf')" },
  { "", "SELECT key, value FROM swf_header('tests/swf-sample.swf')" },
  { "", "SELECT run, minutes, converged, reason FROM mlperf_runs('tests/mlperf/training_results_v4.1/Edited')" },
  { "", "SELECT system, error FROM mlperf_systems('tests/mlperf/training_results_v4.1/Edited')" },
  { "", "SELECT count(*), max(error) FROM mlperf_log('tests/mlperf/training_results_v4.1/Edited/results/box/bert/result_converged.txt')" },
  { "", "SELECT * FROM mlperf_log('/nonexistent')" },
};

/* Output of a run, kept outside SQLite's allocator (which may be failing). */
typedef struct Out Out;
struct Out { char *z; size_t n, nAlloc; };
static void outAppend(Out *p, const char *z){
  size_t n = strlen(z);
  if( p->n+n+1>p->nAlloc ){
    p->nAlloc = (p->n+n+1)*2;
    p->z = realloc(p->z, p->nAlloc);
    if( p->z==0 ){ fprintf(stderr, "oom: out of memory\n"); exit(1); }
  }
  memcpy(p->z+p->n, z, n+1);
  p->n += n;
}

/* Run zSql on db: the rows, result code and message as text in *p. */
static int runSql(sqlite3 *db, const char *zSql, Out *p){
  sqlite3_stmt *pStmt = 0;
  char zRc[32];
  int rc = sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0);
  p->n = 0;
  outAppend(p, "");
  if( rc==SQLITE_OK ){
    while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){
      int i;
      for(i=0; i<sqlite3_column_count(pStmt); i++){
        const char *z = (const char*)sqlite3_column_text(pStmt, i);
        if( z==0 && sqlite3_column_type(pStmt, i)!=SQLITE_NULL ){
          rc = SQLITE_NOMEM;
          break;
        }
        outAppend(p, z ? z : "");
        outAppend(p, "|");
      }
      if( rc==SQLITE_NOMEM ) break;
      outAppend(p, "\n");
    }
    if( rc==SQLITE_DONE ) rc = SQLITE_OK;
    if( rc!=SQLITE_NOMEM ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  }
  bArmed = 0;
  snprintf(zRc, sizeof(zRc), "rc=%d ", rc);
  outAppend(p, zRc);
  outAppend(p, rc ? sqlite3_errmsg(db) : "");
  return rc;
}

int main(int argc, char **argv){
  int stride = argc>1 ? atoi(argv[1]) : 1;
  int nFail = 0, nRun = 0;
  size_t iCase;
  sqlite3_mem_methods mem;
  if( stride<1 ) stride = 1;
  sqlite3_config(SQLITE_CONFIG_GETMALLOC, &defaultMem);
  mem = defaultMem;
  mem.xMalloc = oomMalloc;
  mem.xRealloc = oomRealloc;
  mem.xFree = oomFree;
  mem.xSize = oomSize;
  mem.xRoundup = oomRoundup;
  mem.xInit = oomInit;
  mem.xShutdown = oomShutdown;
  if( sqlite3_config(SQLITE_CONFIG_MALLOC, &mem)!=SQLITE_OK
   || sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0)!=SQLITE_OK
   || sqlite3_initialize()!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot install the allocator\n");
    return 1;
  }
  sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
  for(iCase=0; iCase<sizeof(azCase)/sizeof(azCase[0]); iCase++){
    Out want = {0, 0, 0};
    sqlite3 *db = 0;
    int pass;
    sqlite3_open(":memory:", &db);
    sqlite3_exec(db, azCase[iCase][0], 0, 0, 0);
    runSql(db, azCase[iCase][1], &want);
    sqlite3_close(db);
    for(pass=0; pass<2; pass++){
      int n;
      for(n=1; ; n+=stride){
        Out got = {0, 0, 0};
        int rc;
        db = 0;
        if( sqlite3_open(":memory:", &db)!=SQLITE_OK
         || sqlite3_exec(db, azCase[iCase][0], 0, 0, 0)!=SQLITE_OK ){
          fprintf(stderr, "oom: case %d: setup failed\n", (int)iCase);
          return 1;
        }
        nAlloc = 0; iFailAt = n; bPersist = pass; bFailed = 0; bArmed = 1;
        rc = runSql(db, azCase[iCase][1], &got);
        bArmed = 0;
        nRun++;
        /* When every allocation fails from N on, SQLite itself may fail
        ** to copy an error message it was given: the statement then fails
        ** with SQLITE_ERROR and its generic text. Not our lie: allowed
        ** when an error was the expected result. */
        if( strcmp(got.z, want.z)!=0 && rc!=SQLITE_NOMEM
         && !(pass==1 && strncmp(want.z, "rc=1 ", 5)==0
              && strcmp(got.z, "rc=1 SQL logic error")==0) ){
          nFail++;
          fprintf(stderr, "oom: case %d, %s allocation %d: got\n%s\nexpected\n%s\n",
                  (int)iCase, pass ? "from" : "only", n, got.z, want.z);
        }
        free(got.z);
        sqlite3_close(db);
        if( !bFailed ) break;
      }
    }
    free(want.z);
  }
  printf("oom: %d runs, %d failed\n", nRun, nFail);
  return nFail!=0;
}
