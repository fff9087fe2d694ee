/*
** libFuzzer target for the MLLOG parser (ext/mlperf/jsoncheck.c, line.c,
** verdict.c, converge.c): each input is one
** MLLOG payload, checked by mllogParseLine and mllogJsonCheck, then fed to
** the convergence rules of a few benchmarks (and as a v0.6 MLL payload, a
** systems file of MLL lines and a Python literal); valid JSON is also read back
** with the member/string/number readers. Built and run by `make fuzz`
** (clang-14 with libFuzzer).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/converge.h"
#include "mlperf/energy.h"
#include "mlperf/hash.h"
#include "mlperf/reader.h"
#include "mlperf/verdict.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  static const char *const azBench[] = {
    "bert", "maskrcnn", "stable_diffusion", "unet3d", "other"
  };
  char *z = malloc(nData+1);
  MllogLine line;
  MllogRun *pRun = malloc(sizeof(MllogRun));
  char zErr[128], zReason[64];
  size_t nUsed, i;
  if( z==0 || pRun==0 ) abort();
  memcpy(z, aData, nData);
  z[nData] = 0;
  if( mllogJsonCheck(z, nData, &nUsed, zErr, sizeof(zErr))==SQLITE_OK ){
    MllogSpan s, v;
    double r;
    int bInt;
    sqlite3_int64 iv;
    char *zOut = malloc(nData+1);
    if( nUsed>nData ) abort();
    s.z = z;
    s.n = nUsed;
    while( s.n && (*s.z==' ' || *s.z=='\t' || *s.z=='\n' || *s.z=='\r') ){
      s.z++;
      s.n--;
    }
    if( mllogJsonSkip(s.z, s.n)!=s.n ) abort();
    if( mllogJsonString(&s, zOut)>(long long)s.n ) abort();
    if( s.z[0]=='"' ){
      /* Cut decoding: bounded, and the same text up to the cut. */
      char zCut[8];
      long long nFull = mllogJsonString(&s, zOut);
      long long nCut = mllogJsonStringCut(&s, zCut, sizeof(zCut));
      if( nCut<0 || nCut>=(long long)sizeof(zCut) || nCut>nFull
       || memcmp(zCut, zOut, (size_t)nCut)!=0 || zCut[nCut]!=0 ) abort();
    }
    mllogJsonHash(&s);
    mllogJsonNumber(&s, &r, &bInt, &iv);
    if( mllogJsonMember(&s, "a", &v) && (v.z<s.z || v.z+v.n>s.z+s.n) ) abort();
    free(zOut);
  }
  for(i=0; i<sizeof(azBench)/sizeof(azBench[0]); i++){
    mllogRunInit(pRun, azBench[i], (int)(i%3)*5-1);
    mllogRunLine(pRun, mllogParseLine(z, nData, &line)==SQLITE_OK ? &line : 0);
    mllogRunLine(pRun, mllogParseLine(z, nData, &line)==SQLITE_OK ? &line : 0);
    mllogRunVerdict(pRun, zReason, sizeof(zReason));
  }
  /* v0.6: the same input as an MLL payload under 0.6.0, as a systems file
  ** of MLL lines, and as a Python literal. */
  mllogRunInit(pRun, "resnet", rulesFind("0.6.0"));
  if( mllogParseMllLine(z, nData, &line)==SQLITE_OK ){
    if( line.key.z!=line.zMllKey || !line.bSeconds ) abort();
    if( line.value.z && (line.value.z<z || line.value.z+line.value.n>z+nData) ) abort();
    mllogRunLine(pRun, &line);
  }
  mllogRunVerdict(pRun, zReason, sizeof(zReason));
  {
    char *zObj = 0;
    size_t nObj = 0;
    const char *zV;
    size_t nV;
    int rc = mllogMllObject(z, nData, &zObj, &nObj);
    if( rc==SQLITE_OK ){
      if( mllogJsonCheck(zObj, nObj, &nUsed, zErr, sizeof(zErr))!=SQLITE_OK
       || nUsed!=nObj ) abort();
    }else if( rc!=SQLITE_DONE && rc!=SQLITE_NOMEM ){
      abort();
    }
    sqlite3_free(zObj);
    if( mllogPyField(z, nData, "num_nodes", &zV, &nV)
     && (zV<z || zV+nV>z+nData) ) abort();
  }
  /* Python's constants rewritten: the same length, a string for each, and
  ** under an HPC ruleset (cosmoflow's target on eval_error). */
  {
    MllogFingerprint fp;
    int bParsed = mllogParseLine(z, nData, &line)==SQLITE_OK;
    mllogFingerprintInit(&fp);
    mllogFingerprintLine(&fp, z, nData, bParsed ? &line : 0);
    (void)mllogFingerprintValue(&fp);
    mllogPyNonFinite(z, nData);
    if( memchr(z, 0, nData)==0 && strlen(z)!=nData ) abort();
    if( bParsed && mllogParseLine(z, nData, &line)!=SQLITE_OK ) abort();
    mllogRunInit(pRun, "cosmoflow", rulesFind("hpc_3.0.0"));
    mllogRunLine(pRun, mllogParseLine(z, nData, &line)==SQLITE_OK ? &line : 0);
    mllogRunVerdict(pRun, zReason, sizeof(zReason));
  }
  free(pRun);
  free(z);
  return 0;
}
