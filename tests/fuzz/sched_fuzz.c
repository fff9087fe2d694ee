/*
** libFuzzer target for the scheduler core (ext/scheduling/pool.c). The input is read
** as a cluster (nodes, node size, backfilling) and up to 64 jobs of one or
** two alternatives with small integer sizes and times; runtimes never
** exceed estimates. Every accepted run is checked against the invariants:
**   - every job ran once, on alternative of its own, finish = start + runtime,
**     start >= submit;
**   - capacity: at every start, the GPUs in use fit the cluster, and on
**     every node the GPUs in use fit the node;
**   - without backfilling, jobs start in queue order (FCFS);
**   - with conservative backfilling, no job starts later than the first
**     reservation it got (runtimes are within estimates).
** Built and run by `make fuzz` (clang-14 with libFuzzer).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/pool.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOB 64

static int byteAt(const uint8_t *a, size_t n, size_t *pi){
  return *pi<n ? a[(*pi)++] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  size_t i = 0;
  SchedConfig cfg;
  SchedJob aJob[MAX_JOB];
  SchedAlt aAlt[2*MAX_JOB];
  SchedResult aRes[MAX_JOB];
  int *aNode = 0;
  SchedError err;
  int nJob, nAlt = 0, j, k, rc;
  int nNodes = 1 + byteAt(aData, nData, &i)%8;
  memset(&cfg, 0, sizeof(cfg));
  cfg.gpusPerNode = 1 + byteAt(aData, nData, &i)%8;
  cfg.nGpus = cfg.gpusPerNode*nNodes;
  cfg.eBackfill = byteAt(aData, nData, &i)%4;   /* none, easy, conservative, greedy */
  cfg.eMoldable = byteAt(aData, nData, &i)%2;
  nJob = (int)((nData>i ? nData-i : 0)/6);
  if( nJob>MAX_JOB ) nJob = MAX_JOB;
  for(j=0; j<nJob; j++){
    int b = byteAt(aData, nData, &i);
    int nA = 1 + (b&1);
    aJob[j].submit = byteAt(aData, nData, &i)%32;
    aJob[j].key = aJob[j].submit;
    aJob[j].tie = j;
    aJob[j].iAlt = nAlt;
    aJob[j].nAlt = nA;
    for(k=0; k<nA; k++){
      SchedAlt *p = &aAlt[nAlt++];
      sqlite3_int64 g = 1 + byteAt(aData, nData, &i)%(cfg.nGpus+1);
      /* Wider than a node: whole nodes. */
      if( g>cfg.gpusPerNode ) g = ((g+cfg.gpusPerNode-1)/cfg.gpusPerNode)*cfg.gpusPerNode;
      if( g>cfg.nGpus ) g = cfg.nGpus;
      p->gpus = g;
      p->runtime = 1 + byteAt(aData, nData, &i)%20;
      p->estimate = p->runtime + (b>>1)%8;
    }
  }
  if( nJob==0 ) return 0;
  rc = schedCheck(&cfg, nJob, aJob, nAlt, aAlt, &err);
  if( rc!=SQLITE_OK ) abort();         /* the input is valid by construction */
  rc = poolRun(&cfg, nJob, aJob, nAlt, aAlt, aRes, &aNode, &err);
  if( rc==SQLITE_NOMEM ) return 0;
  if( rc!=SQLITE_OK ) abort();
  for(j=0; j<nJob; j++){
    const SchedResult *r = &aRes[j];
    if( r->iAlt<aJob[j].iAlt || r->iAlt>=aJob[j].iAlt+aJob[j].nAlt ) abort();
    if( r->start<aJob[j].submit ) abort();
    if( r->finish!=r->start+aAlt[r->iAlt].runtime ) abort();
    if( cfg.eBackfill==SCHED_BACKFILL_CONSERVATIVE && r->start>r->reserved ) abort();
  }
  /* Capacity, at every start (usage only rises at starts). */
  for(j=0; j<nJob; j++){
    sqlite3_int64 nUsed = 0;
    sqlite3_int64 aPerNode[8];
    double t = aRes[j].start;
    memset(aPerNode, 0, sizeof(aPerNode));
    for(k=0; k<nJob; k++){
      const SchedResult *r = &aRes[k];
      sqlite3_int64 g = aAlt[r->iAlt].gpus;
      int m;
      if( !(r->start<=t && t<r->finish) ) continue;
      nUsed += g;
      if( r->nNode<1 || aNode==0 ) abort();
      for(m=0; m<r->nNode; m++){
        int iN = aNode[r->iNode+m];
        if( iN<0 || iN>=nNodes ) abort();
        aPerNode[iN] += g>cfg.gpusPerNode ? cfg.gpusPerNode : g;
      }
    }
    if( nUsed>cfg.nGpus ) abort();
    for(k=0; k<nNodes; k++) if( aPerNode[k]>cfg.gpusPerNode ) abort();
  }
  /* FCFS: in queue order (submit, then input order), starts never decrease. */
  if( cfg.eBackfill==SCHED_BACKFILL_NONE ){
    for(j=0; j<nJob; j++){
      for(k=0; k<nJob; k++){
        int bBefore = aJob[j].submit<aJob[k].submit
                   || (aJob[j].submit==aJob[k].submit && j<k);
        if( bBefore && aRes[j].start>aRes[k].start ) abort();
      }
    }
  }
  sqlite3_free(aNode);
  return 0;
}
