/*
** conn_test.c: the per-connection state of ext/base/common_sql.c (limits and
** the nesting count) with SQLITE_MUTEX_STATIC_APP1, a mutex SQLite keeps
** for the host application, held by the host the whole time:
** connections open, use their limits and close, on this thread
** and on four others at once, and nothing waits on that mutex. A deadlock
** is reported by the alarm, not by a hung suite. Built by make with
** ext/base/common_sql.c linked in; also clean under ThreadSanitizer
** (clang -fsanitize=thread).
*/
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "sqlite3.h"
#include "base/mlpscale_int.h"
#include "check.h"

#define N_THREAD 4
#define N_ROUND  200

static void onAlarm(int sig){
  static const char zMsg[] = "conn_test: deadlock: still waiting after 60 s\n";
  (void)sig;
  if( write(2, zMsg, sizeof(zMsg)-1) ){}
  _exit(2);
}

/* Open a connection with the state, set and read its limits, nest, close:
** 0 when every step held. */
static int useConnection(int iRound){
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  char *zErr = 0;
  int rc = sqlite3_open(":memory:", &db), bOk = 0;
  if( rc==SQLITE_OK ) rc = mlpCommonInit(db);
  if( rc==SQLITE_OK ){
    rc = sqlite3_prepare_v2(db, "SELECT mlpscale_limit('nesting', ?1), "
                            "mlpscale_limit('nesting')", -1, &pStmt, 0);
  }
  if( rc==SQLITE_OK ){
    sqlite3_bind_int(pStmt, 1, 1 + iRound%50);
    bOk = sqlite3_step(pStmt)==SQLITE_ROW
       && sqlite3_column_int(pStmt, 0)==8
       && sqlite3_column_int(pStmt, 1)==1 + iRound%50
       && mlpLimit(db, MLP_LIMIT_NESTING)==1 + iRound%50
       && mlpLimit(db, MLP_LIMIT_FILE_SIZE)==(sqlite3_int64)1<<32
       && mlpNestEnter(db, "conn_test", &zErr)==SQLITE_OK;
    if( bOk ) mlpNestLeave(db);
  }
  sqlite3_free(zErr);
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
  return bOk ? 0 : 1;
}

static void *threadMain(void *pArg){
  int i, *pnBad = (int*)pArg;
  for(i=0; i<N_ROUND; i++) *pnBad += useConnection(i);
  return 0;
}

int main(void){
  sqlite3_mutex *pApp1;
  pthread_t aThread[N_THREAD];
  int anBad[N_THREAD];
  int i, nBad = 0, nStarted = 0;
  signal(SIGALRM, onAlarm);
  alarm(60);
  sqlite3_initialize();
  pApp1 = sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_APP1);
  sqlite3_mutex_enter(pApp1);
  CHECK( useConnection(7)==0, "one connection while the host holds APP1" );
  memset(anBad, 0, sizeof(anBad));
  /* The threads are what this test is about: without them it fails. */
  CHECK( sqlite3_threadsafe()!=0, "this libsqlite3 is built without threads, so the "
         "threaded check cannot run: link a threadsafe SQLite (Debian's libsqlite3-dev, "
         "or SQLite built with -DSQLITE_THREADSAFE=1)" );
  if( sqlite3_threadsafe() ){
    for(i=0; i<N_THREAD; i++){
      if( pthread_create(&aThread[i], 0, threadMain, &anBad[i])==0 ) nStarted++;
      else break;
    }
    for(i=0; i<nStarted; i++){
      pthread_join(aThread[i], 0);
      nBad += anBad[i];
    }
    CHECK( nStarted==N_THREAD && nBad==0, "%d threads, %d bad rounds", nStarted, nBad );
  }
  sqlite3_mutex_leave(pApp1);
  alarm(0);
  if( nFail ){
    printf("conn_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("conn_test: %d checks passed\n", nCheck);
  return 0;
}
