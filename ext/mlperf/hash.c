/*
** hash.c: hashes of log content (plain C; hash.h): mllogJsonHash, a JSON
** value's hash under Python's equality (the compliance checker compares a
** repeated key's values so), and a log's fingerprint (log_hash), XXH64 of
** its payloads. Nothing calls SQLite.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/hash.h"
#include "base/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Values compared as Python compares them once json.loads has read them   */

/* Values hash by FNV-1a (util.h); members of an object are summed, each
** through splitmix64's finalizer (utilMix64), since a sum of raw FNV
** values would let structure cancel out. */

/* A number as a double: 1, 1.0, 1e0, true and -0 == 0 hash alike. */
static sqlite3_uint64 hashDouble(double r){
  if( r==0.0 ) r = 0.0;
  return utilFnv1aMore(utilFnv1aMore(UTIL_FNV_SEED, "n", 1), &r, sizeof(r));
}

/*
** A validated JSON number. Python keeps an integer exact (any size) and
** compares it with a float by value, so an integer that a double holds
** exactly hashes as that double, and any other by its digits (it equals
** no float, and an integer equals another only with the same digits).
*/
static sqlite3_uint64 hashNumber(const MllogSpan *s){
  const char *z = s->z;
  size_t n = s->n, i, nDigit;
  int bNeg = z[0]=='-';
  double r = 0.0;
  sqlite3_uint64 h;
  for(i=0; i<n && z[i]!='.' && z[i]!='e' && z[i]!='E'; i++){}
  mllogJsonNumber(s, &r, 0, 0);
  if( i<n ) return hashDouble(r);          /* a float */
  nDigit = n - (size_t)bNeg;
  if( nDigit<=15 ) return hashDouble(r);   /* below 2^53: exact */
  if( nDigit<=309 && r==r && r-r==0.0 ){
    /* glibc prints a double's exact decimal value. */
    char zExact[320];
    snprintf(zExact, sizeof(zExact), "%.0f", fabs(r));
    if( strlen(zExact)==nDigit && memcmp(zExact, z+bNeg, nDigit)==0 ){
      return hashDouble(r);
    }
  }
  h = utilFnv1aMore(UTIL_FNV_SEED, bNeg ? "i-" : "i+", 2);
  return utilFnv1aMore(h, z+bNeg, nDigit);
}

static sqlite3_uint64 hashValue(const char *z, size_t n);

/* Arrays element by element; objects as the sum of their members, in any
** order. */
static sqlite3_uint64 hashContainer(const char *z, size_t n){
  int bObj = z[0]=='{';
  sqlite3_uint64 h = utilFnv1aMore(UTIL_FNV_SEED, bObj ? "{" : "[", 1);
  sqlite3_uint64 nItem = 0, sum = 0;
  size_t i = 1;
  for(;;){
    sqlite3_uint64 hName = 0, hVal;
    size_t nVal;
    while( i<n && jsonIsSpace(z[i]) ) i++;
    if( i>=n || z[i]=='}' || z[i]==']' ) break;
    if( bObj ){
      size_t iName = i;
      i = mllogJsonSkipString(z, n, i);
      hName = hashValue(z+iName, i-iName);
      while( i<n && (jsonIsSpace(z[i]) || z[i]==':') ) i++;
    }
    nVal = mllogJsonSkip(z+i, n-i);
    hVal = hashValue(z+i, nVal);
    i += nVal;
    if( bObj ){
      sum += utilMix64(hName*UTIL_GOLDEN ^ hVal);
    }else{
      h = utilFnv1aMore(h, &hVal, sizeof(hVal));
    }
    nItem++;
    while( i<n && jsonIsSpace(z[i]) ) i++;
    if( i>=n || z[i]!=',' ) break;
    i++;
  }
  if( bObj ) h = utilFnv1aMore(h, &sum, sizeof(sum));
  return utilFnv1aMore(h, &nItem, sizeof(nItem));
}

/* The hash of the validated JSON value z[0..n-1] (no leading space). */
static sqlite3_uint64 hashValue(const char *z, size_t n){
  switch( z[0] ){
    case '"': {
      sqlite3_uint64 h = utilFnv1aMore(UTIL_FNV_SEED, "s", 1);
      sqlite3_uint64 nByte = 0;
      size_t i;
      for(i=1; i<n-1; ){
        char aChar[6];
        int nChar;
        i = mllogJsonStringStep(z, n-1, i, aChar, &nChar, MLLOG_STEP_WTF8);
        h = utilFnv1aMore(h, aChar, (size_t)nChar);
        nByte += (sqlite3_uint64)nChar;
      }
      return utilFnv1aMore(h, &nByte, sizeof(nByte));
    }
    case '{':
    case '[': return hashContainer(z, n);
    case 't': return hashDouble(1.0);
    case 'f': return hashDouble(0.0);
    case 'n': return utilFnv1aMore(UTIL_FNV_SEED, "null", 4);
    default: {
      MllogSpan s;
      s.z = z;
      s.n = n;
      return hashNumber(&s);
    }
  }
}

sqlite3_uint64 mllogJsonHash(const MllogSpan *s){
  size_t i = 0;
  if( s->z==0 ) return 0;
  while( i<s->n && jsonIsSpace(s->z[i]) ) i++;
  if( i>=s->n ) return 0;
  return hashValue(s->z+i, mllogJsonSkip(s->z+i, s->n-i));
}

/* ---------------------------------------------------------------------- */
/* A log's fingerprint                                                    */

void mllogFingerprintInit(MllogFingerprint *p){
  p->h = UTIL_XXH_P5;
  p->nByte = 0;
}

void mllogFingerprintLine(MllogFingerprint *p, const char *z, size_t n,
                          const MllogLine *pLine){
  static const char zSkip[] = "\"submission_";
  if( pLine && pLine->bKeyPlain && pLine->key.n>=sizeof(zSkip)-1
   && memcmp(pLine->key.z, zSkip, sizeof(zSkip)-1)==0 ){
    return;
  }
  p->h = utilXxh64Step(p->h, utilXxh64(z, n, 0));
  p->nByte += n;
}

sqlite3_uint64 mllogFingerprintValue(const MllogFingerprint *p){
  return utilXxh64Avalanche(p->h + p->nByte);
}
