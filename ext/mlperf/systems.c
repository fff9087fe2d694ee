/*
** systems.c: one systems/<system>.json of an MLPerf round (plain C;
** systems.h), read as MLCommons' result summarizer reads it: one JSON
** object (or v0.6's MLL lines, line.c's mllogMllObject), its division, its
** status mapped to the registry's availability (rules.c), its node and
** accelerator counts as Python's int() reads them (v0.6's "nodes" and
** "entry" forms too), its model and framework names. Each problem is the
** row's error text, not a failure. Nothing calls SQLite but for memory.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/stats.h"
#include "mlperf/systems.h"
#include "mlperf/line.h"
#include "mlperf/rules.h"
#include "mlperf/tree.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void systemsRowClear(SystemsRow *p){
  sqlite3_free(p->zJson);
  sqlite3_free(p->zError);
  p->zJson = 0;
  p->nJson = 0;
  p->zError = 0;
  p->bValid = 0;
  p->zAvailability = 0;
  p->bNodes = p->bPerNode = 0;
  p->zAccel[0] = 0;
}

/* Set the row's first error (later ones are dropped). */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int rowError(SystemsRow *p, const char *zFmt, ...){
  va_list ap;
  if( p->zError ) return SQLITE_OK;
  va_start(ap, zFmt);
  p->zError = sqlite3_vmprintf(zFmt, ap);
  va_end(ap);
  return p->zError ? SQLITE_OK : SQLITE_NOMEM;
}

/* The error of a status that maps to no availability. The decoded text
** holds no NUL (a \u0000 stays those 6 characters), so it is quoted whole. */
static int rowUnknownStatus(SystemsRow *p, const char *z, size_t n){
  return rowError(p, "status '%.*s' is not a known availability", (int)n, z);
}

/*
** The length of the white-space character Python's int() strips that
** starts z[0..n) (ASCII \t \n \v \f \r and space, and U+0085, U+00A0,
** U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), or 0.
*/
static size_t pyIntSpaceLen(const unsigned char *z, size_t n){
  if( n==0 ) return 0;
  if( z[0]==' ' || (z[0]>='\t' && z[0]<='\r') ) return 1;
  if( n>=2 && z[0]==0xc2 && (z[1]==0x85 || z[1]==0xa0) ) return 2;
  if( n<3 ) return 0;
  if( z[0]==0xe1 && z[1]==0x9a && z[2]==0x80 ) return 3;
  if( z[0]==0xe2 && z[1]==0x80
   && (z[2]<=0x8a || z[2]==0xa8 || z[2]==0xa9 || z[2]==0xaf) && z[2]>=0x80 ){
    return 3;
  }
  if( z[0]==0xe2 && z[1]==0x81 && z[2]==0x9f ) return 3;
  if( z[0]==0xe3 && z[1]==0x80 && z[2]==0x80 ) return 3;
  return 0;
}

/*
** The integer of the decoded string z[0..n) as Python's int() reads it:
** surrounding white space, then an optional + or -, then ASCII digits
** (any number of leading zeros; no underscores). Returns 0 when it is not
** one; else 1 with *piVal set when |value| fits 18 digits, 2 when it does
** not, with its text (sign, digits without leading zeros, at most 40 then
** "...") in zText (48 bytes).
*/
static int pyIntText(const char *zIn, size_t n, sqlite3_int64 *piVal,
                      char *zText){
  const unsigned char *z = (const unsigned char*)zIn;
  size_t i = 0, k, nSpace, nDigit;
  int bNeg = 0;
  sqlite3_int64 x = 0;
  while( (nSpace = pyIntSpaceLen(z+i, n-i))>0 ) i += nSpace;
  /* Trailing white space: 1 to 3 bytes each. */
  for(;;){
    if( n>i && pyIntSpaceLen(z+n-1, 1)==1 ){ n -= 1; continue; }
    if( n-i>=2 && pyIntSpaceLen(z+n-2, 2)==2 ){ n -= 2; continue; }
    if( n-i>=3 && pyIntSpaceLen(z+n-3, 3)==3 ){ n -= 3; continue; }
    break;
  }
  if( i<n && (z[i]=='+' || z[i]=='-') ) bNeg = z[i++]=='-';
  if( i==n ) return 0;
  for(k=i; k<n; k++){
    if( z[k]<'0' || z[k]>'9' ) return 0;
  }
  while( i<n-1 && z[i]=='0' ) i++;
  nDigit = n-i;
  if( nDigit>18 ){
    snprintf(zText, 48, "%s%.*s%s", bNeg ? "-" : "", nDigit>40 ? 40 : (int)nDigit,
             zIn+i, nDigit>40 ? "..." : "");
    return 2;
  }
  for(; i<n; i++) x = x*10 + (z[i]-'0');
  *piVal = bNeg ? -x : x;
  return 1;
}

/*
** The outcome eInt of reading an integer (0: not one; 1: *piVal; 2: one
** beyond 18 digits, as zText) checked against SYSTEMS_MAX_COUNT, with the
** message of field zWhat ("field 'x'", as the error names it).
*/
static int countCheck(SystemsRow *p, const char *zWhat, int eInt,
                         const sqlite3_int64 *piVal, const char *zText, int *pbOk){
  *pbOk = 0;
  if( eInt==0 ) return rowError(p, "%s is not an integer", zWhat);
  /* Bounded so that nodes x accelerators per node cannot overflow. */
  if( eInt==2 ){
    return rowError(p, "%s must be from 0 to %d, got %s",
                    zWhat, SYSTEMS_MAX_COUNT, zText);
  }
  if( *piVal<0 || *piVal>SYSTEMS_MAX_COUNT ){
    return rowError(p, "%s must be from 0 to %d, got %lld",
                    zWhat, SYSTEMS_MAX_COUNT, *piVal);
  }
  *pbOk = 1;
  return SQLITE_OK;
}

/*
** The integer of JSON value v: a number with an integral value (1, 1.0,
** 1e3, as Python's int() reads it), or a string that int() reads
** (pyIntText), each bounded by SYSTEMS_MAX_COUNT alike, with the same message
** (countCheck, naming zWhat).
*/
static int integerValue(SystemsRow *p, const char *zWhat, const MllogSpan *v,
                           int *pbOk, sqlite3_int64 *piVal){
  char zText[48];
  int eInt = 0;                   /* 0: not an integer, 1: *piVal, 2: zText */
  if( v->z[0]=='"' ){
    /* Decoded first (the file holds at most 1 MiB). */
    char *zBuf = sqlite3_malloc64(v->n+1);
    long long n;
    *pbOk = 0;
    if( zBuf==0 ) return SQLITE_NOMEM;
    n = mllogJsonString(v, zBuf);
    eInt = pyIntText(zBuf, (size_t)n, piVal, zText);
    sqlite3_free(zBuf);
  }else{
    double r;
    int bInt = 0;
    if( mllogJsonNumber(v, &r, &bInt, piVal) ){
      if( bInt ){
        eInt = 1;
      }else if( r==floor(r) ){    /* finite: the validator reads no inf */
        if( statsFitsInt64(r) ){
          *piVal = (sqlite3_int64)r;
          eInt = 1;
        }else{
          /* As written (a number is ASCII), at most 40 bytes. */
          snprintf(zText, sizeof(zText), "%.*s%s", v->n>40 ? 40 : (int)v->n, v->z,
                   v->n>40 ? "..." : "");
          eInt = 2;
        }
      }
    }
  }
  return countCheck(p, zWhat, eInt, piVal, zText, pbOk);
}

/*
** An integer field of the file (integerValue). zAlt: another spelling
** older systems files use ("number of nodes"), or 0.
*/
static int integerField(SystemsRow *p, const char *zField, const char *zAlt,
                      int *pbOk, sqlite3_int64 *piVal){
  MllogSpan v;
  char zWhat[64];
  *pbOk = 0;
  if( !mllogJsonMember(&p->obj, zField, &v)
   && (zAlt==0 || !mllogJsonMember(&p->obj, zAlt, &v)) ){
    return rowError(p, "missing field '%s'", zField);
  }
  snprintf(zWhat, sizeof(zWhat), "field '%s'", zField);
  return integerValue(p, zWhat, &v, pbOk, piVal);
}

/* A string field, checked only (the column reads it again). */
static int stringField(SystemsRow *p, const char *zField){
  MllogSpan v;
  if( !mllogJsonMember(&p->obj, zField, &v) ){
    return rowError(p, "missing field '%s'", zField);
  }
  if( v.z[0]!='"' ) return rowError(p, "field '%s' is not a string", zField);
  return SQLITE_OK;
}

/*
** v0.6's systems files give no accelerators_per_node: a "nodes" array of
** {"num_nodes", "num_accelerators", "accelerator"} (Fujitsu, Intel), or
** (NVIDIA's MLL files) an "entry" string holding a Python literal with
** those names. When the file has no "accelerators_per_node" and one entry
** of those (the v0.6 files have one), it sets the count per node, the
** nodes unless the file states "number_of_nodes", and the accelerator's
** name. The counts are read and bounded as integerField reads the file's
** own (an error names the entry's field). SQLITE_OK (nothing set
** otherwise) or SQLITE_NOMEM.
*/
static int readNodes(SystemsRow *p){
  MllogSpan v, entry, model;
  int bN = 0, bA = 0, rc = SQLITE_OK;
  sqlite3_int64 iN = 0, iA = 0;
  if( mllogJsonMember(&p->obj, "accelerators_per_node", &v) ) return SQLITE_OK;
  if( mllogJsonMember(&p->obj, "nodes", &v) && v.z[0]=='[' ){
    MllogSpan num;
    size_t i = 1;
    i = mllogJsonSkipSpace(v.z, v.n, i);
    if( i>=v.n || v.z[i]!='{' ) return SQLITE_OK;
    entry.z = v.z+i;
    entry.n = mllogJsonSkip(entry.z, v.n-i);
    i += entry.n;
    i = mllogJsonSkipSpace(v.z, v.n, i);
    if( i<v.n && v.z[i]==',' ){
      int nEntry = 1;                 /* the array is valid JSON: count them */
      while( i<v.n && v.z[i]==',' ){
        i++;
        i = mllogJsonSkipSpace(v.z, v.n, i);
        i += mllogJsonSkip(v.z+i, v.n-i);
        i = mllogJsonSkipSpace(v.z, v.n, i);
        nEntry++;
      }
      return rowError(p, "field 'nodes' must hold one entry, got %d", nEntry);
    }
    if( i>=v.n || v.z[i]!=']' ) return SQLITE_OK;
    if( !mllogJsonMember(&entry, "num_nodes", &num) ) return SQLITE_OK;
    rc = integerValue(p, "field 'num_nodes' of 'nodes'", &num, &bN, &iN);
    if( rc==SQLITE_OK && mllogJsonMember(&entry, "num_accelerators", &num) ){
      rc = integerValue(p, "field 'num_accelerators' of 'nodes'", &num, &bA, &iA);
    }
    if( rc==SQLITE_OK && bN && bA && mllogJsonMember(&entry, "accelerator", &model)
     && model.z[0]=='"' && model.n-2<sizeof(p->zAccel) ){
      /* Decoded, as every text column; no longer than its JSON text. */
      mllogJsonString(&model, p->zAccel);
    }
  }else if( mllogJsonMember(&p->obj, "entry", &v) && v.z[0]=='"' ){
    const char *zN = 0, *zA = 0, *zModel = 0;
    size_t nN = 0, nA = 0, nModel = 0;
    char zText[48];
    long long n;
    char *zBuf = sqlite3_malloc64(v.n+1);
    if( zBuf==0 ) return SQLITE_NOMEM;
    n = mllogJsonString(&v, zBuf);
    if( n>=0 && mllogPyField(zBuf, (size_t)n, "num_nodes", &zN, &nN) ){
      /* One entry, as in the JSON form: no second 'num_nodes'. */
      const char *zMore = zN+nN, *zX;
      size_t nX;
      int nEntry = 1;
      while( mllogPyField(zMore, (size_t)(zBuf+n-zMore), "num_nodes", &zX, &nX) ){
        nEntry++;
        zMore = zX+nX;
      }
      if( nEntry>1 ){
        sqlite3_free(zBuf);
        return rowError(p, "field 'nodes' of 'entry' must hold one entry, got %d", nEntry);
      }
      rc = countCheck(p, "field 'num_nodes' of 'entry'",
                         pyIntText(zN, nN, &iN, zText), &iN, zText, &bN);
      if( rc==SQLITE_OK && mllogPyField(zBuf, (size_t)n, "num_accelerators", &zA, &nA) ){
        rc = countCheck(p, "field 'num_accelerators' of 'entry'",
                           pyIntText(zA, nA, &iA, zText), &iA, zText, &bA);
      }
      if( rc==SQLITE_OK && bN && bA
       && mllogPyField(zBuf, (size_t)n, "accelerator", &zModel, &nModel)
       && nModel<sizeof(p->zAccel) ){
        memcpy(p->zAccel, zModel, nModel);
        p->zAccel[nModel] = 0;
      }
    }
    sqlite3_free(zBuf);
  }
  if( rc==SQLITE_OK && bN && bA ){
    if( !mllogJsonMember(&p->obj, "number_of_nodes", &v)
     && !mllogJsonMember(&p->obj, "number of nodes", &v) ){
      p->bNodes = 1;
      p->iNodes = iN;
    }
    p->bPerNode = 1;
    p->iPerNode = iA;
  }else{
    p->zAccel[0] = 0;
  }
  return rc;
}

int systemsParse(SystemsRow *p, char *zText, size_t nText){
  char zJsonErr[128];
  size_t nUsed = 0, i;
  int rc;
  systemsRowClear(p);
  p->zJson = zText;
  p->nJson = nText;
  if( mllogJsonCheck(p->zJson, p->nJson, &nUsed, zJsonErr,
                     sizeof(zJsonErr))!=SQLITE_OK ){
    /* v0.6's NVIDIA files: MLL lines, read as one object. */
    char *zObj = 0;
    size_t nObj = 0;
    rc = mllogMllObject(p->zJson, p->nJson, &zObj, &nObj);
    if( rc==SQLITE_NOMEM ) return rc;
    if( rc!=SQLITE_OK ) return rowError(p, "not valid JSON: %s", zJsonErr);
    sqlite3_free(p->zJson);
    p->zJson = zObj;
    p->nJson = nObj;
    nUsed = nObj;
  }
  i = mllogJsonSkipSpace(p->zJson, p->nJson, 0);
  if( p->zJson[i]!='{' ) return rowError(p, "not a JSON object");
  i = mllogJsonSkipSpace(p->zJson, p->nJson, nUsed);
  if( i<p->nJson ){
    return rowError(p, "not valid JSON: text after the object at byte %lld",
                    (sqlite3_int64)i);
  }
  p->bValid = 1;
  p->obj.z = p->zJson;
  p->obj.n = nUsed;
  rc = stringField(p, "division");
  if( rc==SQLITE_OK ){
    MllogSpan v;
    if( !mllogJsonMember(&p->obj, "status", &v) ){
      rc = rowError(p, "missing field '%s'", "status");
    }else if( v.z[0]!='"' || v.n>200 ){
      rc = rowError(p, "field '%s' is not a known availability", "status");
    }else{
      char zBuf[200];
      size_t nBuf = (size_t)mllogJsonString(&v, zBuf);
      p->zAvailability = rulesAvailability(zBuf, nBuf);
      if( p->zAvailability==0 ){
        rc = rowUnknownStatus(p, zBuf, nBuf);
      }
    }
  }
  if( rc==SQLITE_OK ) rc = readNodes(p);
  if( rc==SQLITE_OK && !p->bNodes ){
    rc = integerField(p, "number_of_nodes", "number of nodes", &p->bNodes,
                    &p->iNodes);
  }
  if( rc==SQLITE_OK && !p->bPerNode ){
    rc = integerField(p, "accelerators_per_node", 0, &p->bPerNode,
                    &p->iPerNode);
  }
  if( rc==SQLITE_OK && p->zAccel[0]==0 ){
    rc = stringField(p, "accelerator_model_name");
  }
  if( rc==SQLITE_OK ) rc = stringField(p, "host_processor_model_name");
  if( rc==SQLITE_OK ) rc = stringField(p, "framework");
  return rc;
}

int systemsRead(SystemsRow *p, const char *zPath, int bOutside){
  char *zText = 0, *zErr = 0;
  size_t nText = 0;
  int rc;
  systemsRowClear(p);
  if( bOutside ) return rowError(p, "cannot read: outside the root");
  rc = treeReadFile(zPath, TREE_JSON_FILE_MAX, &zText, &nText, &zErr);
  if( rc==SQLITE_NOMEM ) return rc;
  if( rc ){
    p->zError = zErr;
    return SQLITE_OK;
  }
  return systemsParse(p, zText, nText);
}
