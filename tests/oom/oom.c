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
** allocations. The baseline must give the case's expected outcome
** (success, or its exact error message), else the driver fails. Every run
** must give the same output as the baseline, or fail with SQLITE_NOMEM:
** never another error, a crash or (under LSan) a leak.
**
**   oom [stride]     exit 0 when every baseline and every run held;
**                    prints what did not
**   oom stride SQL [ERROR]   the same for the one case given: SQL, which
**                    must succeed, or fail with the message ERROR
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"
#include "mlpscale.h"

#include "../failmem.h"

/* A series 1..N as a recursive CTE named s(value): generate_series is not
** in every SQLite (Debian's 3.40 has none). */
#define SERIES(N) "WITH RECURSIVE s(value) AS (SELECT 1 UNION ALL SELECT value+1 FROM s WHERE value<" #N ") "

/* setup, statement, and the error it must give with memory to spare (0: it
** must succeed): every function and its error paths. A baseline that does
** not give its expected outcome fails the driver, so a case cannot go on
** "passing" an error it was never meant to test (no such table...). */
typedef struct OomCase OomCase;
struct OomCase { const char *zSetup, *zSql, *zErr; };
static const OomCase aCase[] = {
  /* A number as the result summarizer writes it; its error. */
  { "", "SELECT mlperf_repr(2.6291937499999998), mlperf_repr(8), mlperf_repr(1.5e-5), mlperf_repr(NULL)", 0 },
  { "", "SELECT mlperf_repr('2.5')", "mlperf_repr: x must be a number, got '2.5'" },
  { "", "SELECT mlpscale_version(), speedup(4, 2), efficiency(4, 2, 2), e_prime(1e308, 1e-308, 1e-308, 1e308), karp_flatt(100, 25, 1, 4), marginal_efficiency(100, 50, 4, 8)",
    0 },
  { "", "SELECT speedup('x', 2)",
    "speedup: t_ref must be a positive number, got 'x'" },
  { "", "SELECT speedup(1e308, 1e-308)",
    "speedup: result out of range of a double for '1.0e+308', '1.0e-308'" },
  { "", SERIES(10) "SELECT mlperf_score(value, value > 1) FROM s",
    0 },
  { "", SERIES(10) "SELECT mlperf_score(value, 2) FROM s",
    "mlperf_score: converged must be 0, 1 or NULL, got '2'" },
  { "", SERIES(10) "SELECT scaling_fit(value, 100.0/value + 1, 'comm', '{\"loss\":\"relative\"}') FROM s",
    0 },
  { "", SERIES(3) "SELECT scaling_fit(value, value, 'power', '{\"loss\":\"log\"}') FROM s",
    "scaling_fit: option 'loss' must be 'absolute' or 'relative', got 'log'" },
  { "", SERIES(10) "SELECT scaling_fit(value, 100.0/value + 1, 'amdahl', '{\"resamples\":20, \"level\":0.9}') FROM s",
    0 },
  { "", SERIES(3) "SELECT scaling_fit(value, value, 'amdahl', '{\"level\":1}') FROM s",
    "scaling_fit: option 'level' must be a number greater than 0 and less than 1, got '1'" },
  { "", SERIES(10) "SELECT mlperf_score_ci(value, 1, 1, 0.9, 50, 0, 'bca'), breakeven_ci(value, 100.0/value + value, 'efficacy', NULL, 0.9, 50, 1) FROM s",
    0 },
  { "", "SELECT e_prime_interval('[10.2, 9.9, 10.0, 10.4, null]', '[2.6, 2.5, 2.55, 2.7, 2.52]', 1, 4, '{\"level\":0.9}')",
    0 },
  { "", "SELECT e_prime_interval('[1,2,3,4]', '[1,2,\"x\",4]', 1, 4)",
    "e_prime_interval: minutes[2] must be a positive number or null, got '\"x\"'" },
  { "", "SELECT e_prime_interval('[1,2,3,4]', '[1,2,3,4]', 1, 4, '{\"drop\":2}')",
    "e_prime_interval: ref_minutes has 4 runs, fewer than the 6 that drop 2 needs (2 kept)" },
  { "", SERIES(10) "SELECT breakeven_bracket(value, 100.0/value + value), breakeven_bracket(value, 100.0/value, 'marginal') FROM s",
    0 },
  { "", SERIES(10) "SELECT breakeven_ci(value, value, 'knee', 0.5) FROM s",
    "breakeven_ci: criterion 'knee' takes no theta, got '0.5'" },
  { "", "SELECT mlpscale_limit('nesting'), mlpscale_limit('nesting', 4)",
    0 },
  { "", "SELECT mlpscale_limit('x')",
    "mlpscale_limit: unknown limit 'x' (known: nesting, kmeans_n_init, kmeans_max_iter, file_size, threads, cluster_nodes, cluster_gpus, node_gpus, gpu_models, gpu_model_lists)" },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans('pts', 2)",
    0 },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans_centroids('SELECT ''p''||rowid, x, y FROM pts', 2, json_object('init', json('[[10,10],[0,0]]'), 'scale', 'zscore'))",
    0 },
  { "CREATE TABLE pts(x, y); INSERT INTO pts VALUES (0,0),(0,2),(10,10),(10,12),(1,1);",
    "SELECT * FROM kmeans_scan('pts', 4, '{\"distance\":\"cosine\",\"silhouette\":true}')",
    "kmeans_scan: row id 1 is all zeros, which has no direction for the cosine distance" },
  { "", "SELECT * FROM kmeans('SELECT 1, 1', 2)",
    "kmeans: k = 2 but source has only 1 distinct points" },
  { "", "SELECT * FROM kmeans('SELECT 1, 1 UNION ALL SELECT 2, 2', 2, '{\"init\":[[1],[2]]}')",
    0 },
  { "", "SELECT * FROM kmeans('SELECT 1, 1', 1, '{\"seeds\":1}')",
    "kmeans: unknown option 'seeds'" },
  { "", "SELECT * FROM kmeans('PRAGMA table_info(x)', 1)",
    "kmeans: source must be a read-only SELECT, got 'PRAGMA table_info(x)'" },
  { "", SERIES(20) "SELECT svg_plot(value, value*value, value % 3, '{\"title\":\"t\",\"x_scale\":\"log2\",\"kind\":\"line\",\"ref_lines\":[{\"y\":1,\"label\":\"one\"}]}') FROM s",
    0 },
  { "", SERIES(20) "SELECT svg_plot(value, 'c' || (value % 4), NULL, '{\"y_categories\":true,\"size_by\":\"count\"}') FROM s",
    0 },
  { "", SERIES(20) "SELECT svg_plot('v' || (value % 5), value, 'c' || (value % 3), '{\"x_categories\":[\"v1\",\"v0\"],\"series_order\":[\"c2\",\"c0\"],\"colors\":{\"c1\":\"#123\"},\"y_scale\":\"log10\",\"kind\":\"line\"}', value - 1, value + 1) FROM s",
    0 },
  { "", SERIES(20) "SELECT svg_plot(value, value*value, NULL, '{\"y_scale\":\"log10\",\"ref_lines\":[{\"y\":4,\"label\":\"four\"}],\"point_labels\":[{\"x\":2,\"y\":4,\"label\":\"two\"},{\"x\":3,\"y\":9,\"label\":\"three\"}]}') FROM s",
    0 },
  { "", SERIES(3) "SELECT length(svg_plot(value, value, 'a' || char(0), '{\"title\":\"T\\u0000x\",\"colors\":{\"a\\u0000\":\"#123\"},\"point_labels\":[{\"x\":1,\"y\":1,\"label\":\"p\\u0000\"}]}')) > 0 FROM s",
    0 },
  { "", SERIES(3) "SELECT svg_plot(value, value, 1.5, '{\"width\":50}') FROM s",
    "svg_plot: option 'width' must be an integer from 100 to 10000, got '50'" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 2 runtime, 10 estimate UNION ALL SELECT 2, 1, 4, 4 UNION ALL SELECT 3, 2, 10, 10 UNION ALL SELECT 4, 1, 6, 6', 2, '{\"backfill\":\"conservative\",\"gpus_per_node\":1}')",
    0 },
  { "", "SELECT * FROM gpu_schedule('SELECT ''a'' id, 4 gpus, 10 runtime, 1 k UNION ALL SELECT ''b'', 8, 3, 2 UNION ALL SELECT ''b'', 4, 5, 2', 8, '{\"backfill\":\"easy\",\"order\":\"k desc\"}')",
    0 },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 4 gpus, 10 runtime UNION ALL SELECT 2, 8, 3 UNION ALL SELECT 3, 2, 5 UNION ALL SELECT 3, 4, 2 UNION ALL SELECT 4, 1, 6', 8, '{\"backfill\":\"greedy\",\"gpus_per_node\":4}')",
    0 },
  { "", "SELECT * FROM gpu_schedule('SELECT ''job1'' id, 16 gpus, 1 runtime', 8)",
    "gpu_schedule: job 'job1' needs 16 gpus, more than the cluster's 8" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 1 runtime', 8, '{\"backfill\":\"eager\"}')",
    "gpu_schedule: option 'backfill' must be 'none', 'easy', 'conservative' or 'greedy', got 'eager'" },
  /* Node-table clusters (ext/scheduling/nodetable.c), each backfill mode. */
  { "", "SELECT id, start, placement, frag FROM gpu_schedule('SELECT 1 id, 1 gpus, 10 runtime, 500 gpu_milli, ''A|B'' gpu_model, 100 cpu_milli UNION ALL SELECT 2, 4, 5, NULL, ''A'', 10 UNION ALL SELECT 3, 2, 5, NULL, NULL, NULL UNION ALL SELECT 3, 1, 8, NULL, NULL, NULL', 'SELECT 1 AS node, 2 AS gpus, ''A'' AS model, 1000 AS cpu_milli UNION ALL SELECT 2, 2, ''A'', 1000 UNION ALL SELECT 3, 4, ''B'', NULL', '{\"placement\":\"worst_fit\"}')",
    0 },
  { "", "SELECT id, start, placement, frag FROM gpu_schedule('SELECT 1 id, 1 gpus, 10 runtime, 500 gpu_milli, ''A|B'' gpu_model, 100 cpu_milli UNION ALL SELECT 2, 4, 5, NULL, ''A'', 10 UNION ALL SELECT 3, 2, 5, NULL, NULL, NULL UNION ALL SELECT 3, 1, 8, NULL, NULL, NULL', 'SELECT 1 AS node, 2 AS gpus, ''A'' AS model, 1000 AS cpu_milli UNION ALL SELECT 2, 2, ''A'', 1000 UNION ALL SELECT 3, 4, ''B'', NULL', '{\"backfill\":\"easy\",\"placement\":\"first_fit\"}')",
    0 },
  { "", "SELECT id, start, placement, frag FROM gpu_schedule('SELECT 1 id, 1 gpus, 10 runtime, 500 gpu_milli, ''A|B'' gpu_model, 100 cpu_milli UNION ALL SELECT 2, 4, 5, NULL, ''A'', 10 UNION ALL SELECT 3, 2, 5, NULL, NULL, NULL UNION ALL SELECT 3, 1, 8, NULL, NULL, NULL', 'SELECT 1 AS node, 2 AS gpus, ''A'' AS model, 1000 AS cpu_milli UNION ALL SELECT 2, 2, ''A'', 1000 UNION ALL SELECT 3, 4, ''B'', NULL', '{\"backfill\":\"conservative\"}')",
    0 },
  { "", "SELECT id, start, placement, frag FROM gpu_schedule('SELECT 1 id, 1 gpus, 10 runtime, 500 gpu_milli, ''A|B'' gpu_model, 100 cpu_milli UNION ALL SELECT 2, 4, 5, NULL, ''A'', 10 UNION ALL SELECT 3, 2, 5, NULL, NULL, NULL UNION ALL SELECT 3, 1, 8, NULL, NULL, NULL UNION ALL SELECT 4, 1, 3, NULL, ''B'', NULL', 'SELECT 1 AS node, 2 AS gpus, ''A'' AS model, 1000 AS cpu_milli UNION ALL SELECT 2, 2, ''A'', 1000 UNION ALL SELECT 3, 4, ''B'', NULL', '{\"backfill\":\"greedy\",\"placement\":\"best_fit\"}')",
    0 },
  { "", "SELECT * FROM gpu_schedule('SELECT ''j'' id, 1 gpus, 1 runtime, ''C'' gpu_model', 'SELECT 1 AS node, 2 AS gpus, ''A'' AS model')",
    "gpu_schedule: job 'j' fits on no node of the cluster: gpus 1, gpu_milli 1000, gpu_model 'C', cpu_milli 0, memory_mib 0" },
  { "", "SELECT * FROM gpu_schedule('SELECT 1 id, 1 gpus, 1e308 runtime UNION ALL SELECT 2, 1, 1e308', 8)",
    "gpu_schedule: times out of range: the latest submit plus every job's runtime or estimate overflows a double" },
  { "", "SELECT count(*), max(error) FROM swf_jobs('tests/swf-sample.swf')",
    0 },
  { "", "SELECT key, value FROM swf_header('tests/swf-sample.swf')",
    0 },
  { "", "SELECT key, value, error FROM swf_header('tests/swf-sample.swf') WHERE line < 3",
    0 },
  { "", "SELECT run, minutes, converged, reason FROM mlperf_runs('tests/mlperf/training_results_v4.1/Edited')",
    0 },
  { "", "SELECT system, error FROM mlperf_systems('tests/mlperf/training_results_v4.1/Edited')",
    0 },
  { "", "SELECT count(*), max(error) FROM mlperf_log('tests/mlperf/training_results_v4.1/Edited/results/box/bert/result_converged.txt')",
    0 },
  /* v0.6: MLL lines, and systems files of MLL lines or "nodes" entries. */
  { "", "SELECT benchmark, run, minutes, converged, reason FROM mlperf_runs('tests/mlperf/training_results_v0.6')",
    0 },
  { "", "SELECT system, accelerators, accelerator_model_name, json, error FROM mlperf_systems('tests/mlperf/training_results_v0.6')",
    0 },
  /* MLPerf HPC: <system>/{strong,weak}/<benchmark>/ folders, Python's
  ** NaN/Infinity, the counts and fingerprint of each log. */
  { "", "SELECT benchmark, scaling, run, minutes, converged, reason, number_of_nodes, eval_error, log_hash FROM mlperf_runs('tests/mlperf/hpc_results_v1.0')",
    0 },
  { "", "SELECT * FROM mlperf_log('/nonexistent')",
    "mlperf_log: cannot read '/nonexistent': No such file or directory" },
  /* The registry: every rule of every ruleset, the availability names
  ** built as JSON, and the version collation. */
  { "", "SELECT * FROM mlperf_rules ORDER BY ruleset COLLATE version DESC, benchmark",
    0 },
  /* The checker's arithmetic; olympic_mean grows its
  ** values past the first allocation (16), the errors are formatted. */
  { "", SERIES(40) "SELECT olympic_mean(value), olympic_mean(value, 4), student_t_cdf(-2, 3), rcp_min_mean(40, 2, 8, 3) FROM s",
    0 },
  { "", SERIES(40) "SELECT olympic_mean(value, value > 20) FROM s",
    "olympic_mean: drop must be the same on every row, got '1' after '0'" },
  { "", "SELECT rcp_min_mean(40, 2, 8, 3, 0.05, 0)",
    "rcp_min_mean: tolerance must be a finite number greater than 0, got '0'" },
  /* critical_batch: its rows grow past the first allocation (16), the fit,
  ** the bootstrap, a refusal as JSON and as an error. */
  { "", SERIES(40) "SELECT critical_batch(1 + value % 4, 100 + value + 10 * (value % 4), '{\"drop\":1,\"resamples\":20}') FROM s",
    0 },
  { "", SERIES(40) "SELECT critical_batch(1 + value % 4, 7, '{\"on_refusal\":\"json\"}') FROM s",
    0 },
  { "", SERIES(40) "SELECT critical_batch(1 + value % 4, 7) FROM s",
    "critical_batch: no batch effect measurable: samples do not grow with the batch size (slope 0)" },
  { "", SERIES(3) "SELECT critical_batch(value, value, '{\"drop\":\"x\"}') FROM s",
    "critical_batch: option 'drop' must be an integer from 0 to 1000000, got 'x'" },
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
  failmemDisarm();
  snprintf(zRc, sizeof(zRc), "rc=%d ", rc);
  outAppend(p, zRc);
  outAppend(p, rc ? sqlite3_errmsg(db) : "");
  return rc;
}

int main(int argc, char **argv){
  int stride = argc>1 ? atoi(argv[1]) : 1;
  int nFail = 0, nRun = 0;
  size_t iCase, nCase = sizeof(aCase)/sizeof(aCase[0]);
  const OomCase *aRun = aCase;
  OomCase given;
  if( argc>2 ){
    given.zSetup = "";
    given.zSql = argv[2];
    given.zErr = argc>3 ? argv[3] : 0;
    aRun = &given;
    nCase = 1;
  }
  if( stride<1 ) stride = 1;
  if( failmemInstall()!=SQLITE_OK ){
    fprintf(stderr, "oom: cannot install the allocator\n");
    return 1;
  }
  sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
  for(iCase=0; iCase<nCase; iCase++){
    Out want = {0, 0, 0};
    sqlite3 *db = 0;
    int pass;
    const OomCase *pCase = &aRun[iCase];
    int rcWant;
    if( sqlite3_open(":memory:", &db)!=SQLITE_OK
     || sqlite3_exec(db, pCase->zSetup, 0, 0, 0)!=SQLITE_OK ){
      fprintf(stderr, "oom: case %d: setup failed: %s\n", (int)iCase, sqlite3_errmsg(db));
      return 1;
    }
    rcWant = runSql(db, pCase->zSql, &want);
    if( pCase->zErr==0 ? rcWant!=SQLITE_OK
        : (rcWant==SQLITE_OK || strcmp(sqlite3_errmsg(db), pCase->zErr)!=0) ){
      nFail++;
      fprintf(stderr, "oom: case %d: the baseline gave\n%s\nexpected %s%s\n", (int)iCase,
              want.z, pCase->zErr ? "the error " : "success", pCase->zErr ? pCase->zErr : "");
      sqlite3_close(db);
      free(want.z);
      continue;
    }
    sqlite3_close(db);
    for(pass=0; pass<2; pass++){
      int n;
      for(n=1; ; n+=stride){
        Out got = {0, 0, 0};
        int rc;
        db = 0;
        if( sqlite3_open(":memory:", &db)!=SQLITE_OK
         || sqlite3_exec(db, pCase->zSetup, 0, 0, 0)!=SQLITE_OK ){
          fprintf(stderr, "oom: case %d: setup failed\n", (int)iCase);
          return 1;
        }
        failmemArm(n, pass);
        rc = runSql(db, pCase->zSql, &got);
        failmemDisarm();
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
        if( !failmemFailed ) break;
      }
    }
    free(want.z);
  }
  printf("oom: %d runs, %d failed\n", nRun, nFail);
  return nFail!=0;
}
