/*
** failmem.h: the failing allocator of the tests that fail allocations in
** turn (tests/oom/oom.c, tests/unit/kmeans_test.c, olympic_test.c). Header
** only, static: include it in one file of a program.
**
** failmemInstall() puts it in front of SQLite's allocator (before
** sqlite3_initialize; every other method is SQLite's own). Then
** failmemArm(iFailAt, bPersist) makes allocation number iFailAt (1-based,
** counted from this call) fail, and with bPersist every one after it too;
** failmemDisarm() lets every allocation succeed again. failmemFailed says
** whether an allocation was failed since the last failmemArm().
*/
#ifndef MLPSCALE_FAILMEM_H
#define MLPSCALE_FAILMEM_H
#include "sqlite3.h"

static sqlite3_mem_methods failmemDefault;
static int failmemArmed;
static int failmemCount;     /* allocations since armed */
static int failmemAt;        /* the one to fail (1-based) */
static int failmemPersist;   /* and every one after it */
static int failmemFailed;    /* an allocation was failed */

static int failmemShouldFail(void){
  if( !failmemArmed ) return 0;
  failmemCount++;
  if( failmemCount==failmemAt || (failmemPersist && failmemCount>failmemAt) ){
    failmemFailed = 1;
    return 1;
  }
  return 0;
}
static void *failmemMalloc(int n){
  return failmemShouldFail() ? 0 : failmemDefault.xMalloc(n);
}
static void *failmemRealloc(void *p, int n){
  return failmemShouldFail() ? 0 : failmemDefault.xRealloc(p, n);
}

static void failmemArm(int iFailAt, int bPersist){
  failmemCount = 0;
  failmemAt = iFailAt;
  failmemPersist = bPersist;
  failmemFailed = 0;
  failmemArmed = 1;
}
static void failmemDisarm(void){ failmemArmed = 0; }

/* SQLITE_OK, or SQLite's code when the allocator cannot be installed.
** The lookaside buffer is turned off, so that every allocation of a
** statement reaches the allocator. */
static int failmemInstall(void){
  sqlite3_mem_methods mem;
  int rc = sqlite3_config(SQLITE_CONFIG_GETMALLOC, &failmemDefault);
  if( rc!=SQLITE_OK ) return rc;
  mem = failmemDefault;
  mem.xMalloc = failmemMalloc;
  mem.xRealloc = failmemRealloc;
  rc = sqlite3_config(SQLITE_CONFIG_MALLOC, &mem);
  if( rc!=SQLITE_OK ) return rc;
  rc = sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
  if( rc!=SQLITE_OK ) return rc;
  return sqlite3_initialize();
}
#endif /* MLPSCALE_FAILMEM_H */
