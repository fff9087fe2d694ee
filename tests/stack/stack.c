/*
** stack.c: the deepest nesting mlpscale_limit('nesting') allows runs on a
** thread with a 512 KB stack. The extension is compiled in and registered
** with sqlite3_auto_extension; run by tests/stack.test.
**
** Each case nests calls that run SQL they were given (kmeans, kmeans_scan,
** gpu_schedule) D deep, D being the limit's maximum: level i's source reads
** level i-1 through a table of source texts (no quoting grows with depth).
** The statement runs on a thread whose stack (512 KB, from us) is painted
** first; the bytes still painted afterwards tell how much it used, printed
** with the bytes per level; it must stay within 5/8 of the stack, room for
** the host's own frames. One more level must fail with the nesting error.
**
**   stack [KB]          KB: the thread's stack (default 512)
**
** Prints one line per case and "N passed, N failed"; exits non-zero on a
** failure.
*/
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"
#include "mlpscale.h"

#define PAINT 0xa5

/* Level 0 and the level over level i-1 ("%d" is i-1), per kind. */
static const char *const azKind[][3] = {
  { "kmeans", "SELECT 1, 1.0 UNION ALL SELECT 2, 2.0",
    "SELECT id, cluster + 0.5 FROM kmeans((SELECT sql FROM src WHERE i = %d), 1)" },
  { "kmeans_scan", "SELECT 1, 1.0 UNION ALL SELECT 2, 2.0",
    "SELECT k, inertia FROM kmeans_scan((SELECT sql FROM src WHERE i = %d), 1)" },
  { "gpu_schedule", "SELECT 1 AS id, 1 AS gpus, 1 AS runtime",
    "SELECT id, gpus, runtime FROM gpu_schedule((SELECT sql FROM src WHERE i = %d), 8)" },
};
#define N_KIND ((int)(sizeof(azKind)/sizeof(azKind[0])))

typedef struct Run Run;
struct Run {
  sqlite3 *db;
  const char *zSql;
  int rc;
  char *zErr;
};

static void *runThread(void *pArg){
  Run *p = (Run*)pArg;
  p->rc = sqlite3_exec(p->db, p->zSql, 0, 0, &p->zErr);
  return 0;
}

/* Run zSql on a thread with a painted stack of nStack bytes: the SQLite
** result code (*pzErr its message) and the bytes of stack it used. */
static int runOnStack(sqlite3 *db, const char *zSql, size_t nStack,
                      size_t *pnUsed, char **pzErr){
  unsigned char *aStack = malloc(nStack);
  pthread_attr_t attr;
  pthread_t thread;
  Run run;
  size_t i;
  memset(&run, 0, sizeof(run));
  run.db = db;
  run.zSql = zSql;
  run.rc = SQLITE_ERROR;
  *pnUsed = 0;
  *pzErr = 0;
  if( aStack==0 ) return SQLITE_NOMEM;
  memset(aStack, PAINT, nStack);
  pthread_attr_init(&attr);
  if( pthread_attr_setstack(&attr, aStack, nStack)!=0
   || pthread_create(&thread, &attr, runThread, &run)!=0 ){
    pthread_attr_destroy(&attr);
    free(aStack);
    *pzErr = sqlite3_mprintf("cannot start a thread");
    return SQLITE_ERROR;
  }
  pthread_join(thread, 0);
  pthread_attr_destroy(&attr);
  /* The stack grows down: the lowest byte no longer painted. */
  for(i=0; i<nStack && aStack[i]==PAINT; i++){}
  *pnUsed = nStack - i;
  free(aStack);
  *pzErr = run.zErr;
  return run.rc;
}

/* The table src of levels 0..nDepth of kind k: level i > 0 calls kind k
** over level i-1, so reading level i nests i calls. */
static int makeLevels(sqlite3 *db, int k, int nDepth){
  char *zSql = sqlite3_mprintf(
      "DROP TABLE IF EXISTS src; CREATE TABLE src(i INTEGER PRIMARY KEY, sql TEXT);"
      "INSERT INTO src VALUES (0, %Q);"
      "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i<%d)"
      " INSERT INTO src SELECT i, printf(%Q, i-1) FROM c;",
      azKind[k][1], nDepth, azKind[k][2]);
  int rc = zSql ? sqlite3_exec(db, zSql, 0, 0, 0) : SQLITE_NOMEM;
  sqlite3_free(zSql);
  return rc;
}

int main(int argc, char **argv){
  size_t nStack = (size_t)(argc>1 ? atoi(argv[1]) : 512)*1024;
  sqlite3 *db = 0;
  sqlite3_stmt *pMax = 0;
  int k, nMax = 0, nPass = 0, nFail = 0;
  sqlite3_auto_extension((void(*)(void))sqlite3_mlpscale_init);
  if( sqlite3_open(":memory:", &db)!=SQLITE_OK ){
    fprintf(stderr, "stack: cannot open a database\n");
    return 1;
  }
  /* The largest value the limit takes: one above is refused. */
  sqlite3_prepare_v2(db, "SELECT mlpscale_limit('nesting', ?1)", -1, &pMax, 0);
  for(nMax=0; pMax; nMax++){
    sqlite3_bind_int(pMax, 1, nMax+1);
    if( sqlite3_step(pMax)!=SQLITE_ROW ) break;
    sqlite3_reset(pMax);
  }
  sqlite3_finalize(pMax);
  if( sqlite3_exec(db, sqlite3_mprintf("SELECT mlpscale_limit('nesting', %d)", nMax),
                   0, 0, 0)!=SQLITE_OK ){
    fprintf(stderr, "stack: cannot set the nesting limit to %d\n", nMax);
    return 1;
  }
  for(k=0; k<N_KIND; k++){
    size_t nUsed = 0, nUsedHalf = 0;
    char *zErr = 0, *zWant;
    int rc;
    char *zSql;
    /* Half the levels, then all: the difference per level is the cost of
    ** one. The statement over level L is call number L+1. */
    makeLevels(db, k, nMax/2-1);
    zSql = sqlite3_mprintf(azKind[k][2], nMax/2-1);
    rc = runOnStack(db, zSql, nStack, &nUsedHalf, &zErr);
    sqlite3_free(zSql);
    if( rc!=SQLITE_OK ){
      printf("%s: FAILED: %d levels: %.200s\n", azKind[k][0], nMax/2, zErr);
      nFail++;
      sqlite3_free(zErr);
      continue;
    }
    makeLevels(db, k, nMax-1);
    zSql = sqlite3_mprintf(azKind[k][2], nMax-1);
    rc = runOnStack(db, zSql, nStack, &nUsed, &zErr);
    sqlite3_free(zSql);
    if( rc!=SQLITE_OK ){
      printf("%s: FAILED: %d levels on a %zu KB stack: %.200s\n", azKind[k][0], nMax,
             nStack/1024, zErr);
      nFail++;
    }else if( nUsed>nStack/8*5 ){
      printf("%s: FAILED: %d levels used %zu bytes, more than 5/8 of the %zu KB stack\n",
             azKind[k][0], nMax, nUsed, nStack/1024);
      nFail++;
    }else{
      printf("%s: %d levels ran on a %zu KB stack, using %zu bytes (%zu per level)\n",
             azKind[k][0], nMax, nStack/1024, nUsed,
             (nUsed - nUsedHalf)/(size_t)(nMax - nMax/2));
      nPass++;
    }
    sqlite3_free(zErr);
    zErr = 0;
    /* One level more is refused. */
    makeLevels(db, k, nMax);
    zSql = sqlite3_mprintf(azKind[k][2], nMax);
    rc = runOnStack(db, zSql, nStack, &nUsed, &zErr);
    sqlite3_free(zSql);
    zWant = sqlite3_mprintf("%s: too deeply nested: more than %d calls of kmeans, "
        "kmeans_centroids, kmeans_scan or gpu_schedule inside one another "
        "(mlpscale_limit 'nesting')", azKind[k][0], nMax);
    if( rc==SQLITE_ERROR && zErr && zWant && strstr(zErr, zWant) ){
      printf("%s: %d levels refused (too deeply nested)\n", azKind[k][0], nMax+1);
      nPass++;
    }else{
      printf("%s: FAILED: %d levels: rc %d: %.200s\n", azKind[k][0], nMax+1, rc,
             zErr ? zErr : "no error");
      nFail++;
    }
    sqlite3_free(zWant);
    sqlite3_free(zErr);
  }
  sqlite3_close(db);
  printf("%d passed, %d failed\n", nPass, nFail);
  return nFail!=0;
}
