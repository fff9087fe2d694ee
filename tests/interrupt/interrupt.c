/*
** interrupt.c: every long statement of mlpscale stops on sqlite3_interrupt().
** The extension is compiled in and registered with sqlite3_auto_extension;
** run by tests/interrupt.test.
**
** For each case: the setup runs, the statement is prepared, a second thread
** calls sqlite3_interrupt() 0.2 s after the first sqlite3_step() starts,
** and the statement must end with SQLITE_INTERRUPT. Then every case again
** under a host's timeout instead: a progress handler (every 1000
** instructions, as Datasette sets one) that asks to stop once 0.2 s have
** passed; it runs only inside SQLite's virtual machine, so the long loops
** must give it its chance (mlpStopCheck's ticks), and the statement must
** end with SQLITE_INTERRUPT too. The time from the
** interrupt to the end of the statement is printed; the check is on the
** result code and on a bound (MAX_LATENCY seconds) generous enough for a
** loaded machine, never on a tight timing. Each statement would run for
** many seconds (or forever) without the interrupt.
**
**   interrupt [DIR]     DIR: where to make the sparse 1 TB file (default /tmp)
**
** Prints one line per case and "N passed, N failed"; exits non-zero on a
** failure.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "sqlite3.h"
#include "mlpscale.h"

#define DELAY_NS     200000000L   /* the interrupt comes 0.2 s in */
#define MAX_LATENCY  5.0          /* seconds allowed after the interrupt */

/* setup (may be ""), statement. @DIR in either is the temporary folder. */
static const char *const azCase[][2] = {
  /* k-means: restarts and Lloyd iterations on 200,000 rows. */
  { "CREATE TABLE pts AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<200000)"
    " SELECT i AS id, (i*7919)%1000 AS x, (i*104729)%997 AS y FROM c",
    "SELECT count(*) FROM kmeans('pts', 8, '{\"n_init\":1000, \"max_iter\":1000, \"tol\":0}')" },
  { "", "SELECT count(*) FROM kmeans_centroids('pts', 50, '{\"n_init\":1000, \"init\":\"random\"}')" },
  { "", "SELECT count(*) FROM kmeans_scan('pts', 40, '{\"n_init\":100, \"silhouette\":false}')" },
  /* Silhouettes: O(n^2) over 60,000 rows. */
  { "CREATE TABLE sil AS SELECT * FROM pts WHERE id<=60000",
    "SELECT sum(silhouette) FROM kmeans('sil', 2, '{\"n_init\":1, \"silhouette\":true}')" },
  { "", "SELECT count(*) FROM kmeans_scan('sil', 3, '{\"n_init\":1, \"silhouette\":true}')" },
  /* The scheduler: 30,000 jobs, conservative backfilling. */
  { "CREATE TABLE jobs AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<30000)"
    " SELECT i AS id, 1+(i*7919)%64 AS gpus, 1+(i*104729)%1000 AS runtime,"
    " 1+(i*104729)%1000 + (i%7)*100 AS estimate, i/10 AS submit FROM c",
    "SELECT max(finish) FROM gpu_schedule('jobs', 64, '{\"backfill\":\"conservative\"}')" },
  /* ... and on a node table (ext/scheduling/nodetable.c): 64 nodes of one GPU, shared
  ** GPUs, conservative reservations per node and GPU. */
  { "CREATE TABLE nodes1 AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<64)"
    " SELECT i AS node, 1 AS gpus, 'A' AS model FROM c",
    "SELECT max(finish) FROM gpu_schedule('SELECT *, CASE WHEN gpus=1 THEN 100+id%900 END AS gpu_milli"
    " FROM jobs', 'nodes1', '{\"backfill\":\"conservative\",\"placement\":\"worst_fit\"}')" },
  /* ... and greedy on that node table: every finish rescans a queue of
  ** thousands, most jobs wider than a node. */
  { "", "SELECT max(finish) FROM gpu_schedule('SELECT *, CASE WHEN gpus=1 THEN 100+id%900 END AS gpu_milli"
    " FROM jobs', 'nodes1', '{\"backfill\":\"greedy\",\"placement\":\"worst_fit\"}')" },
  /* svg_plot over 3,000,000 points (collected, sorted, drawn). */
  { "", "SELECT length(svg_plot(i%1000, (i*7919)%100003, i%5, '{\"kind\":\"line\"}'))"
        " FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<3000000) SELECT i FROM c)" },
  /* ... and over 1,000,000 rows collected in about 0.1 s: the interrupt
  ** comes while the document is made (size_by sorts and merges). */
  { "CREATE TABLE svgp AS WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<1000000)"
    " SELECT i%1000 AS x, (i*7919)%100003 AS y, i%5 AS s FROM c",
    "SELECT length(svg_plot(x, y, s, '{\"size_by\":\"count\", \"kind\":\"line\"}')) FROM svgp" },
  /* mlperf_score_ci at its largest work: 1,000,000 resamples of 100 runs. */
  { "", "SELECT length(mlperf_score_ci(i, 1, 1, 0.95, 1000000, 0))"
        " FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100) SELECT i FROM c)" },
  /* mlperf_score_ci's BCa and breakeven_ci at their largest work. */
  { "", "SELECT length(mlperf_score_ci(i, 1, 1, 0.95, 1000000, 0, 'bca'))"
        " FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100) SELECT i FROM c)" },
  { "", "SELECT length(breakeven_ci(i, 100.0/i + i, 'efficacy', NULL, 0.95, 1000000, 0))"
        " FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100) SELECT i FROM c)" },
  /* scaling_fit's bootstrap at its largest work: 100,000 iterative fits. */
  { "", "SELECT length(scaling_fit(i, 100.0/i + i, 'comm', '{\"loss\":\"relative\", \"resamples\":100000}'))"
        " FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<100) SELECT i FROM c)" },
  /* File readers on a sparse terabyte, with the size limit raised. */
  { "SELECT mlpscale_limit('file_size', 4611686018427387904)",
    "SELECT count(*) FROM mlperf_log('@DIR/tree/big')" },
  { "", "SELECT count(*) FROM mlperf_runs('@DIR/tree', '4.1.0')" },
  { "", "SELECT count(*) FROM swf_jobs('@DIR/tree/big')" },
  { "", "SELECT count(*) FROM swf_header('@DIR/tree/big')" },
};

static double seconds(const struct timespec *a, const struct timespec *b){
  return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec)*1e-9;
}

#define N_CASE ((int)(sizeof(azCase)/sizeof(azCase[0])))

typedef struct Alarm Alarm;
struct Alarm {
  sqlite3 *db;
  struct timespec tFired;     /* the interrupt, or the progress deadline */
};

/* The progress handler: stop once tFired has passed. */
static int progressStop(void *pArg){
  Alarm *p = (Alarm*)pArg;
  struct timespec tNow;
  clock_gettime(CLOCK_MONOTONIC, &tNow);
  return seconds(&p->tFired, &tNow)>=0.0;
}


static void *alarmThread(void *pArg){
  Alarm *p = (Alarm*)pArg;
  struct timespec d = { 0, DELAY_NS };
  nanosleep(&d, 0);
  clock_gettime(CLOCK_MONOTONIC, &p->tFired);
  sqlite3_interrupt(p->db);
  return 0;
}

/* zSql with every @DIR replaced by zDir (sqlite3_malloc'd). */
static char *withDir(const char *zSql, const char *zDir){
  sqlite3_str *pOut = sqlite3_str_new(0);
  const char *z;
  while( (z = strstr(zSql, "@DIR"))!=0 ){
    sqlite3_str_append(pOut, zSql, (int)(z-zSql));
    sqlite3_str_appendall(pOut, zDir);
    zSql = z+4;
  }
  sqlite3_str_appendall(pOut, zSql);
  return sqlite3_str_finish(pOut);
}

/* The files, relative to the temporary folder: created in this order,
** removed in the reverse one. */
static const char *const azFile[] = {
  "tree", "tree/big", "tree/S", "tree/S/results", "tree/S/results/sys",
  "tree/S/results/sys/bert", "tree/S/results/sys/bert/result_0.txt",
};
#define N_FILE ((int)(sizeof(azFile)/sizeof(azFile[0])))

/* A temporary folder with a results tree holding a sparse 1 TB file and a
** result_0.txt that is a symbolic link to it (inside the tree, so that
** mlperf_runs reads it: a link out of the root is not followed). */
static int makeFiles(const char *zBase, char **pzDir){
  char *zDir = sqlite3_mprintf("%s/mlpscale-interrupt-XXXXXX", zBase);
  int i, rc = 0;
  *pzDir = zDir;
  if( zDir==0 || mkdtemp(zDir)==0 ) return 1;
  for(i=0; rc==0 && i<N_FILE; i++){
    char *zPath = sqlite3_mprintf("%s/%s", zDir, azFile[i]);
    char *zBig = sqlite3_mprintf("%s/tree/big", zDir);
    if( i==1 ){
      FILE *f = fopen(zPath, "wb");
      rc = f==0 || fclose(f)!=0 || truncate(zPath, (off_t)1<<40)!=0;
    }else if( i==N_FILE-1 ){
      rc = symlink(zBig, zPath)!=0;
    }else{
      rc = mkdir(zPath, 0700)!=0;
    }
    sqlite3_free(zPath);
    sqlite3_free(zBig);
  }
  return rc;
}

static void removeFiles(const char *zDir){
  int i;
  for(i=N_FILE-1; i>=0; i--){
    char *zPath = sqlite3_mprintf("%s/%s", zDir, azFile[i]);
    if( remove(zPath)!=0 ) fprintf(stderr, "interrupt: cannot remove %s\n", zPath);
    sqlite3_free(zPath);
  }
  rmdir(zDir);
}

int main(int argc, char **argv){
  const char *zBase = argc>1 ? argv[1] : "/tmp";
  char *zDir = 0;
  sqlite3 *db = 0;
  int i, nPass = 0, nFail = 0;
  if( makeFiles(zBase, &zDir) ){
    fprintf(stderr, "interrupt: cannot make the test files under %s\n", zBase);
    if( zDir ) removeFiles(zDir);
    sqlite3_free(zDir);
    return 1;
  }
  sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){
    fprintf(stderr, "interrupt: cannot open a database\n");
    return 1;
  }
  for(i=0; i<2*N_CASE; i++){
    int bProgress = i>=N_CASE;        /* the second pass: progress handler */
    char *zSetup = withDir(bProgress ? "" : azCase[i][0], zDir);
    char *zSql = withDir(azCase[i%N_CASE][1], zDir);
    sqlite3_stmt *pStmt = 0;
    char *zErr = 0;
    pthread_t thread;
    Alarm alarm;
    struct timespec tStart, tEnd;
    int rc;
    double rLatency;
    if( zSetup[0] && sqlite3_exec(db, zSetup, 0, 0, &zErr)!=SQLITE_OK ){
      printf("case %d: setup failed: %s\n", i+1, zErr);
      nFail++;
      goto next;
    }
    if( sqlite3_prepare_v2(db, zSql, -1, &pStmt, 0)!=SQLITE_OK ){
      printf("case %d: prepare failed: %s\n", i+1, sqlite3_errmsg(db));
      nFail++;
      goto next;
    }
    memset(&alarm, 0, sizeof(alarm));
    alarm.db = db;
    clock_gettime(CLOCK_MONOTONIC, &tStart);
    if( bProgress ){
      alarm.tFired = tStart;
      alarm.tFired.tv_nsec += DELAY_NS;
      if( alarm.tFired.tv_nsec>=1000000000L ){
        alarm.tFired.tv_sec++;
        alarm.tFired.tv_nsec -= 1000000000L;
      }
      sqlite3_progress_handler(db, 1000, progressStop, &alarm);
    }else if( pthread_create(&thread, 0, alarmThread, &alarm)!=0 ){
      printf("case %d: cannot start a thread\n", i+1);
      nFail++;
      goto next;
    }
    while( (rc = sqlite3_step(pStmt))==SQLITE_ROW ){}
    clock_gettime(CLOCK_MONOTONIC, &tEnd);
    if( bProgress ){
      sqlite3_progress_handler(db, 0, 0, 0);
    }else{
      pthread_join(thread, 0);
    }
    rc = sqlite3_finalize(pStmt);
    pStmt = 0;
    rLatency = seconds(&alarm.tFired, &tEnd);
    if( rc==SQLITE_INTERRUPT && rLatency<=MAX_LATENCY ){
      printf("case %d: interrupted %.3f s after %s (%.3f s in all): %s\n",
             i+1, rLatency, bProgress ? "the progress deadline" : "sqlite3_interrupt",
             seconds(&tStart, &tEnd), zSql);
      nPass++;
    }else{
      printf("case %d: FAILED: rc %d (%s), %.3f s after %s (bound %.1f s): %s\n",
             i+1, rc, sqlite3_errmsg(db), rLatency,
             bProgress ? "the progress deadline" : "sqlite3_interrupt", MAX_LATENCY, zSql);
      nFail++;
    }
  next:
    sqlite3_finalize(pStmt);
    sqlite3_free(zErr);
    sqlite3_free(zSetup);
    sqlite3_free(zSql);
  }
  sqlite3_close(db);
  removeFiles(zDir);
  sqlite3_free(zDir);
  printf("%d passed, %d failed\n", nPass, nFail);
  return nFail!=0;
}
