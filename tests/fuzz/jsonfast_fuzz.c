/*
** libFuzzer target for the fast path of mllogJsonCheckLine
** (ext/mlperf/jsoncheck.c): each line of the input (split at '\n', so the
** seed logs give their lines) is checked at level OFF (the complete check
** alone) and at every level this CPU has (SSE2, AVX2, AVX-512BW, and the
** shapes kept of AVX-512 VBMI2, kept from line to line of an input), and
** the verdict, the bytes used, the message and the members must be the
** same; a line the fast path takes must be one the complete check accepts.
** Built and run by `make fuzz` (clang-14 with libFuzzer).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/json.h"
#include "mlperf/line.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../jsonfast_outcome.h"

static MllogJsonShapes shapes;

static void compareLine(const char *z, size_t n){
  Outcome ref, got;
  int eLevel;
  mllogJsonFastLevel(MLLOG_JSON_FAST_OFF);
  outcome(z, n, 0, &ref);
  for(eLevel=MLLOG_JSON_FAST_SSE2; eLevel<=MLLOG_JSON_FAST_SHAPE; eLevel++){
    MllogLine line;
    size_t nUsed = 0;
    if( mllogJsonFastLevel(eLevel)!=eLevel ) continue;
    outcome(z, n, &shapes, &got);
    if( !sameOutcome(&ref, &got) ) abort();
    memset(&line, 0, sizeof(line));
    if( mllogJsonCheckFast(z, n, &nUsed, &line, &shapes) && ref.rc!=SQLITE_OK ) abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  /* A copy of exactly the input's bytes: ASan sees a read past a line. */
  char *z = malloc(nData ? nData : 1);
  size_t i = 0;
  if( z==0 ) abort();
  memset(&shapes, 0, sizeof(shapes));
  memcpy(z, aData, nData);
  compareLine(z, nData);
  while( i<nData ){
    char *zEnd = memchr(z+i, '\n', nData-i);
    size_t n = zEnd ? (size_t)(zEnd-(z+i)) : nData-i;
    compareLine(z+i, n);
    i += n+1;
  }
  free(z);
  return 0;
}
