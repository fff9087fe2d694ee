/*
** energy.c: a run's energy from its power logs, as MLCommons' result
** summarizer computes it (plain C; energy.h): the arithmetic of each log,
** and the reading of a run's power/<run>/ folder. Nothing calls SQLite but
** for memory.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/energy.h"
#include "mlperf/reader.h"
#include "mlperf/tree.h"
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Energy                                                                 */

static void powerSumInit(MllogPowerSum *q){
  memset(q, 0, sizeof(*q));
  q->rConv = 1.0;
}

/* One line of a node file, in time order (_compute_power_node). */
static void powerSumStep(MllogPowerSum *q, int eKey, double rTime, double rValue){
  switch( eKey ){
    case MLLOG_POWER_START:
      q->rStart = q->rPrev = rTime;
      q->bStart = 1;
      break;
    case MLLOG_POWER_READING:
      if( !q->bStop && q->bStart ){
        q->rAgg += rValue*(rTime - q->rPrev);
        q->rPrev = rTime;
        /* The summarizer's max(last_timestamp, t) starts from 0; from the
        ** first reading here, so a log whose times are below 0 stops at
        ** its last reading too. */
        if( !q->bLast || rTime>q->rLast ) q->rLast = rTime;
        q->bLast = 1;
      }
      break;
    case MLLOG_POWER_STOP:
      q->rStop = rTime;
      q->bStop = 1;
      break;
    case MLLOG_POWER_CONV:
      q->rConv = rValue;
      break;
  }
}

void mllogPowerReset(MllogPower *p){
  p->n = 0;
  p->bBad = 0;
  p->bUnsorted = 0;
  p->bTooMany = 0;
  p->nLine = 0;
  p->rTime = 0.0;
  powerSumInit(&p->sum);
  p->bSwitch = 0;
  p->rSwConv = 1.0;
  p->rSwPower = 0.0;
}

void mllogPowerFree(MllogPower *p){
  sqlite3_free(p->a);
  memset(p, 0, sizeof(*p));
}

/* Hold one line to be sorted. SQLITE_OK or SQLITE_NOMEM. */
static int powerHold(MllogPower *p, int eKey, double rTime, double rValue){
  MllogPowerLine *l;
  int nMax = p->nMaxSort>0 ? p->nMaxSort : MLLOG_POWER_SORT_MAX;
  if( p->n>=nMax ){
    p->bTooMany = 1;
    return SQLITE_OK;
  }
  if( p->n==p->nAlloc ){
    int nNew = p->nAlloc ? p->nAlloc*2 : 1024;
    MllogPowerLine *aNew;
    if( nNew>nMax ) nNew = nMax;
    aNew = sqlite3_realloc64(p->a, (sqlite3_uint64)nNew*sizeof(*aNew));
    if( aNew==0 ) return SQLITE_NOMEM;
    p->a = aNew;
    p->nAlloc = nNew;
  }
  l = &p->a[p->n];
  l->eKey = eKey;
  l->iSeq = p->n;
  l->rTime = rTime;
  l->rValue = rValue;
  p->n++;
  return SQLITE_OK;
}

int mllogPowerLine(MllogPower *p, const MllogLine *pLine){
  static const struct { const char *zKey; int eKey; } aKey[] = {
    { "power_measurement_start", MLLOG_POWER_START },
    { "power_measurement_stop",  MLLOG_POWER_STOP },
    { "power_reading",           MLLOG_POWER_READING },
    { "conversion_eff",          MLLOG_POWER_CONV },
    { "interconnect_power_est",  MLLOG_POWER_SWITCH },
  };
  size_t i;
  int eKey = 0;
  double rTime, rValue = 0.0;
  for(i=0; i<sizeof(aKey)/sizeof(aKey[0]) && eKey==0; i++){
    if( mllogJsonStringIs(&pLine->key, aKey[i].zKey) ) eKey = aKey[i].eKey;
  }
  if( eKey==0 ) return SQLITE_OK;
  rTime = mllogLineTimeMs(pLine);
  /* Watts and efficiencies: finite (mllogJsonNumber) and not negative. */
  if( eKey!=MLLOG_POWER_START && eKey!=MLLOG_POWER_STOP
   && (pLine->value.z==0 || !mllogJsonNumber(&pLine->value, &rValue, 0, 0)
       || !(rValue>=0.0)) ){
    p->bBad = 1;
  }
  /* A switch file counts in file order: conversion_eff until the first
  ** interconnect_power_est. */
  if( !p->bSwitch && eKey==MLLOG_POWER_CONV ) p->rSwConv = rValue;
  if( !p->bSwitch && eKey==MLLOG_POWER_SWITCH ){
    p->rSwPower = rValue;
    p->bSwitch = 1;
  }
  /* A node file in time order; sorting keeps ties in file order, so such
  ** a file sums the same as read. */
  if( p->nLine++>0 && rTime<p->rTime ) p->bUnsorted = 1;
  p->rTime = rTime;
  if( p->bSort ) return powerHold(p, eKey, rTime, rValue);
  if( !p->bUnsorted ) powerSumStep(&p->sum, eKey, rTime, rValue);
  return SQLITE_OK;
}

static int cmpPowerLine(const void *a, const void *b){
  const MllogPowerLine *x = (const MllogPowerLine*)a;
  const MllogPowerLine *y = (const MllogPowerLine*)b;
  if( x->rTime!=y->rTime ) return (x->rTime>y->rTime) - (x->rTime<y->rTime);
  return (x->iSeq>y->iSeq) - (x->iSeq<y->iSeq);
}

/* *pr = r when r is an energy from 0 to MLLOG_ENERGY_MAX (not NaN). */
static int powerEnergy(double r, double *pr){
  if( !(r>=0.0 && r<=MLLOG_ENERGY_MAX) ) return SQLITE_ERROR;
  *pr = r + 0.0;   /* no -0.0 */
  return SQLITE_OK;
}

int mllogPowerNode(MllogPower *p, double rTttMs, double *pr){
  MllogPowerSum *q = &p->sum;
  int i;
  if( p->bBad || p->bTooMany || !(rTttMs>=0.0) ) return SQLITE_ERROR;
  if( p->bSort ){
    if( p->n>1 ) qsort(p->a, (size_t)p->n, sizeof(p->a[0]), cmpPowerLine);
    powerSumInit(q);
    for(i=0; i<p->n; i++){
      powerSumStep(q, p->a[i].eKey, p->a[i].rTime, p->a[i].rValue);
    }
  }else if( p->bUnsorted ){
    return SQLITE_ERROR;
  }
  if( !q->bStart ) return SQLITE_ERROR;
  if( !q->bStop ) q->rStop = q->bLast ? q->rLast : q->rStart;
  if( !(q->rStop>q->rStart) ) return SQLITE_ERROR;
  return powerEnergy(q->rConv*q->rAgg*rTttMs/(q->rStop - q->rStart)/1000.0, pr);
}

int mllogPowerSwitch(const MllogPower *p, double rTttMs, double *pr){
  if( p->bBad || !(rTttMs>=0.0) ) return SQLITE_ERROR;
  return powerEnergy(p->rSwConv*p->rSwPower*rTttMs/1000.0, pr);
}

int mllogPowerFileKind(const char *zName){
  size_t n = strlen(zName);
  int eKind = strncmp(zName, "node_", 5)==0 ? MLLOG_POWER_FILE_NODE
            : strncmp(zName, "sw_", 3)==0 ? MLLOG_POWER_FILE_SWITCH
            : MLLOG_POWER_FILE_NONE;
  if( n<8 || strcmp(zName+n-4, ".txt")!=0 ) return MLLOG_POWER_FILE_NONE;
  return eKind;
}

int mllogEnergyAdd(MllogEnergy *pE, MllogPower *p, int eKind, double rTttMs){
  double r = 0.0;
  int rc;
  assert( eKind==MLLOG_POWER_FILE_NODE || eKind==MLLOG_POWER_FILE_SWITCH );
  if( eKind==MLLOG_POWER_FILE_NODE ){
    rc = mllogPowerNode(p, rTttMs, &r);
    pE->nNode++;
  }else{
    rc = mllogPowerSwitch(p, rTttMs, &r);
  }
  /* The total stays within what one file may give. */
  if( rc==SQLITE_OK && r>MLLOG_ENERGY_MAX-pE->rSum ) rc = SQLITE_ERROR;
  if( rc!=SQLITE_OK ){
    pE->bUnknown = 1;
    return SQLITE_ERROR;
  }
  pE->rSum += r;
  return SQLITE_OK;
}

int mllogEnergyTotal(const MllogEnergy *pE, double *pr){
  if( pE->bUnknown || pE->nNode==0 ) return SQLITE_DONE;
  *pr = pE->rSum;
  return SQLITE_OK;
}

/* ---------------------------------------------------------------------- */
/* Reading a run's power logs                                             */

/*
** Read power log zPath with rd into p (bSort: holding its lines to sort
** them). Returns SQLITE_OK (*pbOk 0 when it cannot be read), SQLITE_NOMEM,
** SQLITE_INTERRUPT, or SQLITE_IOERR when the process is out of file
** descriptors or memory to open it (rd->eErrno EMFILE, ENFILE or ENOMEM).
*/
static int readPower(MllogReader *rd, MllogPower *p, MllogJsonShapes *pShapes,
                     const char *zRootReal, int bDirInside, const char *zPath,
                     int bSort, int *pbOk){
  MllogLine line;
  int rc;
  p->bSort = bSort;
  mllogPowerReset(p);
  *pbOk = 0;
  rc = mllogReaderReopenIn(rd, zRootReal, bDirInside, zPath);
  if( rc==SQLITE_NOMEM ) return rc;
  if( rc==SQLITE_IOERR && mllogReaderOutOfResources(rd) ) return rc;
  while( rc==SQLITE_OK ){
    char *z;
    size_t n;
    sqlite3_int64 iLine;
    rc = mllogReaderNext(rd, &z, &n, &iLine);
    /* A line that cannot be parsed (or is too long to read) may have been
    ** a reading: the energy is then unknown, never a sum without it. */
    if( rc==SQLITE_ROW ){
      rc = SQLITE_OK;
      if( mllogParseLineWith(z, n, &line, pShapes)!=SQLITE_OK ){
        p->bBad = 1;
      }else if( mllogPowerLine(p, &line)!=SQLITE_OK ){
        return SQLITE_NOMEM;
      }
    }else if( rc==SQLITE_TOOBIG ){
      p->bBad = 1;
      rc = SQLITE_OK;
    }
  }
  if( rc==SQLITE_INTERRUPT ) return rc;
  *pbOk = rc==SQLITE_DONE;
  return SQLITE_OK;
}

void mllogEnergyFree(MllogEnergyScratch *p){
  mllogPowerFree(&p->power);
  treeNamesFree(&p->names);
}

int mllogEnergyRead(MllogReader *rd, MllogEnergyScratch *pS, int bGrow,
                    const char *zRootReal, const char *zPath,
                    const char *zRun, double rTttMs, const TreeStop *pStop,
                    int *pbKnown, double *pr){
  /* Paths in buffers of PATH_MAX bytes: open() refuses longer ones. */
  char zDir[PATH_MAX], zFile[PATH_MAX];
  MllogPower *p = &pS->power;
  int i, n, rc, bOk = 1, bDirInside = -1;
  MllogEnergy energy;
  size_t nStem = strcspn(zRun, ".");
  size_t nBench = strlen(zPath) - strlen(zRun);
  memset(&energy, 0, sizeof(energy));
  *pbKnown = 0;
  n = snprintf(zDir, sizeof(zDir), "%.*spower/%.*s", (int)nBench, zPath,
               (int)nStem, zRun);
  rc = treeNamesRead(&pS->names, n>0 && (size_t)n<sizeof(zDir) ? zDir : 0,
                     bGrow, pStop);
  if( rc==SQLITE_IOERR ) rd->eErrno = pS->names.eErrno;
  for(i=0; rc==SQLITE_OK && bOk && i<pS->names.nName; i++){
    const char *zName = pS->names.azName[i];
    int eKind = mllogPowerFileKind(zName);
    if( eKind==MLLOG_POWER_FILE_NONE ) continue;
    if( treeStopped(pStop) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
    n = snprintf(zFile, sizeof(zFile), "%s/%s", zDir, zName);
    if( n<0 || (size_t)n>=sizeof(zFile) ){
      bOk = 0;
      break;
    }
    if( bDirInside<0 ) bDirInside = treeDirInsideRoot(zRootReal, zDir);
    rc = readPower(rd, p, &pS->shapes, zRootReal, bDirInside, zFile, 0, &bOk);
    if( rc==SQLITE_OK && bOk && eKind==MLLOG_POWER_FILE_NODE && p->bUnsorted ){
      /* Out of time order: read again, holding the lines to sort them. */
      if( !bGrow ) return SQLITE_FULL;
      rc = readPower(rd, p, &pS->shapes, zRootReal, bDirInside, zFile, 1, &bOk);
    }
    if( rc || !bOk ) break;
    bOk = mllogEnergyAdd(&energy, p, eKind, rTttMs)==SQLITE_OK;
  }
  if( rc==SQLITE_OK && bOk && mllogEnergyTotal(&energy, pr)==SQLITE_OK ){
    *pbKnown = 1;
  }
  return rc;
}
