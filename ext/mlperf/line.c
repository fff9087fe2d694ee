/*
** line.c: one MLLOG line (plain C; line.h): the payload checked as one
** JSON object with a string "key" and a numeric "time_ms" (by
** jsoncheck.c, which finds the members in the same pass); v0.6's ":::MLL "
** lines and systems files; the Python literal of a v0.6 "entry"; Python's
** NaN and Infinity; a line's time. Nothing calls SQLite but for memory
** (mllogMllObject).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/line.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* One MLLOG line                                                         */

int mllogParseLine(const char *z, size_t n, MllogLine *p){
  return mllogParseLineWith(z, n, p, 0);
}

int mllogParseLineWith(const char *z, size_t n, MllogLine *p,
                       MllogJsonShapes *pShapes){
  size_t nUsed = 0;
  size_t i;
  mllogLineClear(p);
  p->zErr[0] = 0;
  /* Python's str.strip() on the line also drops \v and \f at the end. */
  while( n>0 && (jsonIsSpace(z[n-1]) || z[n-1]=='\v' || z[n-1]=='\f') ) n--;
  if( mllogJsonCheckLine(z, n, &nUsed, p->zErr, sizeof(p->zErr), p, pShapes) ){
    goto corrupt;
  }
  for(i=0; i<n && jsonIsSpace(z[i]); i++){}
  if( z[i]!='{' ){
    snprintf(p->zErr, sizeof(p->zErr), "not a JSON object");
    goto corrupt;
  }
  while( nUsed<n && jsonIsSpace(z[nUsed]) ) nUsed++;
  if( nUsed<n ){
    snprintf(p->zErr, sizeof(p->zErr), "text after the JSON object at byte %zu",
             nUsed);
    goto corrupt;
  }
  if( p->key.z==0 || p->key.z[0]!='"' ){
    snprintf(p->zErr, sizeof(p->zErr), "no string member \"key\"");
    goto corrupt;
  }
  /* A validated value that starts like a number is one; it is read only
  ** for the few keys that need it (mllogLineTimeMs). */
  if( p->timeMs.z==0 || (p->timeMs.z[0]!='-' && !jsonIsDigit(p->timeMs.z[0])) ){
    snprintf(p->zErr, sizeof(p->zErr), "no numeric member \"time_ms\"");
    goto corrupt;
  }
  /* In range: differences of times are then exact enough and finite. Up
  ** to 15 digits without a fraction or exponent is, without reading it. */
  if( p->timeMs.n>15 || !p->bTimeInt ){
    double r = 0.0;
    if( !mllogJsonNumber(&p->timeMs, &r, 0, 0) || !(fabs(r)<=MLLOG_TIME_MAX) ){
      snprintf(p->zErr, sizeof(p->zErr),
               "time_ms %.*s%s is out of range (-%.0f to %.0f)",
               p->timeMs.n>40 ? 40 : (int)p->timeMs.n, p->timeMs.z,
               p->timeMs.n>40 ? "..." : "", MLLOG_TIME_MAX, MLLOG_TIME_MAX);
      goto corrupt;
    }
  }
  return SQLITE_OK;
corrupt:
  mllogLineClear(p);
  return SQLITE_ERROR;
}

/* 1 when c may be a byte of an MLL line's key. */
static int mllKeyByte(unsigned char c){
  return c>' ' && c!=0x7f && c!=':' && c!='"' && c!='\\';
}

/*
** A v0.6 line. The summarizer's regular expression takes the time as the
** text between the marker and " <key>: {", which json.loads must read as a
** number; so the time is the first word, the key the word up to ": ", and
** what follows must run from '{' to '}'. Members are read from that text
** only when it is one JSON object.
*/
int mllogParseMllLine(const char *z, size_t n, MllogLine *p){
  size_t nTime, iKey, nKey, iBody, iLast, nUsed = 0;
  double r = 0.0;
  char zJsonErr[8];
  MllogLine body;
  mllogLineClear(p);
  p->zErr[0] = 0;
  while( n>0 && (jsonIsSpace(z[n-1]) || z[n-1]=='\v' || z[n-1]=='\f') ) n--;
  for(nTime=0; nTime<n && z[nTime]!=' '; nTime++){}
  if( nTime==0 || nTime==n ){
    snprintf(p->zErr, sizeof(p->zErr), "no time and key after \":::MLL \"");
    goto corrupt;
  }
  if( mllogJsonCheck(z, nTime, &nUsed, zJsonErr, sizeof(zJsonErr))!=SQLITE_OK
   || nUsed!=nTime || (z[0]!='-' && !jsonIsDigit(z[0])) ){
    snprintf(p->zErr, sizeof(p->zErr), "time '%.*s%s' is not a number",
             nTime>40 ? 40 : (int)nTime, z, nTime>40 ? "..." : "");
    goto corrupt;
  }
  p->timeMs.z = z;
  p->timeMs.n = nTime;
  if( !mllogJsonNumber(&p->timeMs, &r, 0, 0) || !(fabs(r)<=MLLOG_TIME_MAX/1000.0) ){
    snprintf(p->zErr, sizeof(p->zErr), "time %.*s%s is out of range (-%.0f to %.0f s)",
             nTime>40 ? 40 : (int)nTime, z, nTime>40 ? "..." : "",
             MLLOG_TIME_MAX/1000.0, MLLOG_TIME_MAX/1000.0);
    goto corrupt;
  }
  /* The key is a word: no control byte either, so that a NUL cannot end
  ** it early ("run_start\0x" is no run_start) and it is a JSON string. */
  iKey = nTime+1;
  for(nKey=0; iKey+nKey<n && mllKeyByte((unsigned char)z[iKey+nKey]); nKey++){}
  if( nKey==0 || iKey+nKey+1>=n || z[iKey+nKey]!=':' || z[iKey+nKey+1]!=' ' ){
    snprintf(p->zErr, sizeof(p->zErr), "no key followed by \": \" after the time");
    goto corrupt;
  }
  if( nKey>MLLOG_MLL_KEY_MAX ){
    snprintf(p->zErr, sizeof(p->zErr), "key longer than %d bytes", MLLOG_MLL_KEY_MAX);
    goto corrupt;
  }
  iBody = iKey+nKey+2;
  for(iLast=n; iLast>iBody && z[iLast-1]!='}'; iLast--){}
  if( iBody>=n || z[iBody]!='{' || iLast<=iBody+1 ){
    snprintf(p->zErr, sizeof(p->zErr), "no {...} after the key '%.*s'", (int)nKey, z+iKey);
    goto corrupt;
  }
  mllogLineClear(&body);
  if( mllogJsonCheckLine(z+iBody, iLast-iBody, &nUsed, zJsonErr, sizeof(zJsonErr), &body, 0)==SQLITE_OK
   && nUsed==iLast-iBody ){
    p->value = body.value;
    p->metadata = body.metadata;
  }
  p->bSeconds = 1;
  p->zMllKey[0] = '"';
  memcpy(p->zMllKey+1, z+iKey, nKey);
  p->zMllKey[nKey+1] = '"';
  p->zMllKey[nKey+2] = 0;
  p->key.z = p->zMllKey;
  p->key.n = nKey+2;
  p->bKeyPlain = 1;
  return SQLITE_OK;
corrupt:
  mllogLineClear(p);
  return SQLITE_ERROR;
}

/*
** One line "<key>: {json}" of an MLL systems file at z[0..n-1] (no line
** end): the key z[0..*pnKey) and the object's span. 1 when it is one.
*/
static int mllLineObject(const char *z, size_t n, size_t *pnKey, MllogSpan *pObj){
  size_t k, nUsed = 0;
  char zErr[8];
  for(k=0; k<n && (jsonIsDigit(z[k]) || z[k]=='_' || ((z[k]|0x20)>='a' && (z[k]|0x20)<='z')); k++){}
  if( k==0 || k+2>n || z[k]!=':' || z[k+1]!=' ' ) return 0;
  if( mllogJsonCheck(z+k+2, n-k-2, &nUsed, zErr, sizeof(zErr))!=SQLITE_OK
   || z[k+2]!='{' ) return 0;
  while( k+2+nUsed<n && jsonIsSpace(z[k+2+nUsed]) ) nUsed++;
  if( k+2+nUsed!=n ) return 0;
  *pnKey = k;
  pObj->z = z+k+2;
  pObj->n = mllogJsonSkip(pObj->z, n-k-2);
  return 1;
}

int mllogMllObject(const char *z, size_t n, char **pzOut, size_t *pnOut){
  sqlite3_str *pOut;
  size_t i = 0;
  int nLine = 0, rc;
  *pzOut = 0;
  *pnOut = 0;
  /* First pass: is every line one? */
  while( i<n ){
    size_t e = i, nKey;
    MllogSpan obj;
    while( e<n && z[e]!='\n' && z[e]!='\r' ) e++;
    if( e>i && !mllLineObject(z+i, e-i, &nKey, &obj) ) return SQLITE_DONE;
    if( e>i ) nLine++;
    i = e+1;
  }
  if( nLine==0 ) return SQLITE_DONE;
  pOut = sqlite3_str_new(0);
  sqlite3_str_appendchar(pOut, 1, '{');
  for(i=0, nLine=0; i<n; ){
    size_t e = i, nKey;
    MllogSpan obj, v;
    while( e<n && z[e]!='\n' && z[e]!='\r' ) e++;
    if( e>i && mllLineObject(z+i, e-i, &nKey, &obj) ){
      sqlite3_str_appendf(pOut, "%s\"%.*s\": ", nLine++ ? ", " : "", (int)nKey, z+i);
      if( mllogJsonMember(&obj, "value", &v) ){
        sqlite3_str_append(pOut, v.z, (int)v.n);
      }else{
        sqlite3_str_appendall(pOut, "null");
      }
    }
    i = e+1;
  }
  sqlite3_str_appendchar(pOut, 1, '}');
  rc = sqlite3_str_errcode(pOut);
  *pnOut = (size_t)sqlite3_str_length(pOut);
  *pzOut = sqlite3_str_finish(pOut);
  if( rc!=SQLITE_OK || *pzOut==0 ){
    sqlite3_free(*pzOut);
    *pzOut = 0;
    *pnOut = 0;
    return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

int mllogPyField(const char *z, size_t n, const char *zName,
                 const char **pzVal, size_t *pnVal){
  size_t nName = strlen(zName), i;
  for(i=0; i+nName+4<=n; i++){
    size_t j, k;
    if( z[i]!='\'' || memcmp(z+i+1, zName, nName)!=0 || z[i+1+nName]!='\''
     || z[i+2+nName]!=':' || z[i+3+nName]!=' ' ){
      continue;
    }
    j = i+4+nName;
    if( j<n && z[j]=='\'' ){
      for(k=j+1; k<n && z[k]!='\'' && z[k]!='\\'; k++){}
      if( k>=n || z[k]!='\'' ) return 0;
      *pzVal = z+j+1;
      *pnVal = k-j-1;
      return 1;
    }
    /* Unquoted: the literal up to the next ',' or '}' (a number is read
    ** by the caller, whole: "3.5" is not 3). */
    for(k=j; k<n && z[k]!=',' && z[k]!='}'; k++){}
    while( k>j && z[k-1]==' ' ) k--;
    if( k==j ) return 0;
    *pzVal = z+j;
    *pnVal = k-j;
    return 1;
  }
  return 0;
}

double mllogLineTime(const MllogLine *p){
  double r = 0.0;
  mllogJsonNumber(&p->timeMs, &r, 0, 0);
  return r;
}

double mllogLineTimeMs(const MllogLine *p){
  double r = mllogLineTime(p);
  return p->bSeconds ? r*1000.0 : r;
}

int mllogPyNonFinite(char *z, size_t n){
  static const struct { const char *zFrom, *zTo; } aTok[] = {
    { "-Infinity", "\"-Infini\"" },
    { "Infinity",  "\"Infini\"" },
    { "NaN",       "\"N\"" },
  };
  size_t i = 0, k;
  int bStr = 0, nDone = 0;
  while( i<n ){
    char c = z[i];
    if( bStr ){
      if( c=='\\' ) i++;
      else if( c=='"' ) bStr = 0;
      i++;
      continue;
    }
    if( c=='"' ){
      bStr = 1;
      i++;
      continue;
    }
    for(k=0; k<sizeof(aTok)/sizeof(aTok[0]); k++){
      size_t m = strlen(aTok[k].zFrom);
      if( m<=n-i && memcmp(z+i, aTok[k].zFrom, m)==0 ){
        memcpy(z+i, aTok[k].zTo, m);
        i += m;
        nDone++;
        break;
      }
    }
    if( k==sizeof(aTok)/sizeof(aTok[0]) ) i++;
  }
  return nDone;
}
