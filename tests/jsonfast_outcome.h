/*
** jsonfast_outcome.h: what mllogJsonCheckLine gives for one line, as a
** value two runs can be compared by: the verdict, the bytes used, the
** message, and (after success) the members as offsets from the line and
** the key's and time's flags. Used by the comparisons of the fast path's
** levels with the complete check (tests/unit/jsonfast_test.c,
** tests/fuzz/jsonfast_fuzz.c). Header only, static: include it in one file
** of a program, after mlperf/line.h.
*/
#ifndef MLPSCALE_JSONFAST_OUTCOME_H
#define MLPSCALE_JSONFAST_OUTCOME_H
#include <string.h>

typedef struct Outcome Outcome;
struct Outcome {
  int rc;
  size_t nUsed;
  char zErr[128];
  long long aOff[5];          /* member offsets from z, -1 when absent */
  size_t aLen[5];
  int bKeyPlain, bTimeInt;
};

/* mllogJsonCheckLine of z[0..n-1] into *p (every byte of *p set, so two
** outcomes can be compared with memcmp), with the shapes of pShapes (may
** be 0). */
static void outcome(const char *z, size_t n, MllogJsonShapes *pShapes,
                    Outcome *p){
  MllogLine line;
  const MllogSpan *aSpan[5];
  int i;
  memset(&line, 0, sizeof(line));
  memset(p, 0, sizeof(*p));
  p->rc = mllogJsonCheckLine(z, n, &p->nUsed, p->zErr, sizeof(p->zErr), &line,
                             pShapes);
  if( p->rc!=SQLITE_OK ){
    p->nUsed = 0;
    return;                   /* members are unspecified after an error */
  }
  aSpan[0] = &line.timeMs; aSpan[1] = &line.eventType; aSpan[2] = &line.key;
  aSpan[3] = &line.value; aSpan[4] = &line.metadata;
  for(i=0; i<5; i++){
    p->aOff[i] = aSpan[i]->z ? (long long)(aSpan[i]->z - z) : -1;
    p->aLen[i] = aSpan[i]->n;
  }
  p->bKeyPlain = line.bKeyPlain;
  p->bTimeInt = line.bTimeInt;
}

static int sameOutcome(const Outcome *a, const Outcome *b){
  return memcmp(a, b, sizeof(*a))==0;
}

#endif /* MLPSCALE_JSONFAST_OUTCOME_H */
