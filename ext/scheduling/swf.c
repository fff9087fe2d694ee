/*
** swf.c: the line parser of the Standard Workload Format (plain C, no SQL;
** API in ext/scheduling/swf.h, SQL functions swf_jobs and swf_header in
** ext/scheduling/swf_sql.c).
**
** Numbers are read without strtod/strtoll so that the result does not
** depend on the C locale: an optional sign, digits, an optional fraction
** and exponent. Integers that fit 64 bits are integers; anything with a
** fraction or exponent is a real, exact to within one unit in the last
** place. -1 (or -1.0) means unknown.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/swf.h"
#include "base/util.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const swfFieldNames[SWF_NFIELD] = {
  "job", "submit", "wait", "runtime", "allocated", "avg_cpu", "used_memory",
  "requested_procs", "requested_time", "requested_memory", "status",
  "user_id", "group_id", "executable", "queue", "partition",
  "preceding_job", "think_time"
};

static int isSpace(char c){ return c==' ' || c=='\t' || c=='\r' || c=='\f' || c=='\v'; }
static int isDigit(char c){ return c>='0' && c<='9'; }

/*
** Parse the token z[0..n-1] as a number. Returns 1 (integer, *piOut), 2
** (real, *prOut) or 0 when it is not a number.
*/
static int parseNumber(const char *z, size_t n, sqlite3_int64 *piOut, double *prOut){
  size_t i = 0;
  int neg = 0, bReal = 0, nDigit = 0, bOverflow = 0;
  sqlite3_uint64 u = 0;      /* the integer part, while it fits */
  sqlite3_uint64 m = 0;      /* up to 19 significant digits, exactly */
  int nSig = 0;
  int exp10 = 0;             /* value = m * 10^exp10 */
  if( i<n && (z[i]=='+' || z[i]=='-') ){ neg = z[i]=='-'; i++; }
  for(; i<n && isDigit(z[i]); i++, nDigit++){
    int d = z[i]-'0';
    if( u>(0xffffffffffffffffULL-(sqlite3_uint64)d)/10 ) bOverflow = 1;
    else u = u*10 + (sqlite3_uint64)d;
    if( nSig<19 ){
      m = m*10 + (sqlite3_uint64)d;
      if( m ) nSig++;
    }else{
      exp10++;
    }
  }
  if( i<n && z[i]=='.' ){
    bReal = 1;
    for(i++; i<n && isDigit(z[i]); i++, nDigit++){
      if( nSig<19 ){
        m = m*10 + (sqlite3_uint64)(z[i]-'0');
        if( m ) nSig++;
        exp10--;
      }
    }
  }
  if( nDigit==0 ) return 0;
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    int eneg = 0, e = 0, nE = 0;
    bReal = 1;
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ){ eneg = z[i]=='-'; i++; }
    for(; i<n && isDigit(z[i]); i++, nE++) if( e<10000 ) e = e*10 + (z[i]-'0');
    if( nE==0 ) return 0;
    exp10 += eneg ? -e : e;
  }
  if( i!=n ) return 0;
  if( !bReal && !bOverflow
   && (neg ? u<=0x8000000000000000ULL : u<=0x7fffffffffffffffULL) ){
    *piOut = neg ? (sqlite3_int64)(0-u) : (sqlite3_int64)u;
    return 1;
  }
  {
    /* Within one unit in the last place: the 19 digits are exact, then
    ** one rounding to double and one per scaling step. */
    double r = (double)m;
    if( m==0 ){
      r = 0.0;
    }else if( exp10<0 ){
      /* In steps, so that 10^-exp10 itself does not overflow. */
      while( exp10<-300 ){ r /= 1e300; exp10 += 300; }
      r /= pow(10.0, -exp10);
    }else if( exp10>0 ){
      if( exp10>400 ) exp10 = 400;
      r *= pow(10.0, exp10);
    }
    if( !isfinite(r) ) return 0;
    *prOut = neg ? -r : r;
  }
  return 2;
}

int swfParseLine(const char *z, size_t n, int *peKind, SwfJob *pJob,
                 char *zErr, size_t nErr){
  size_t i = 0;
  int nField = 0;
  while( n>0 && (z[n-1]=='\r' || z[n-1]=='\n') ) n--;
  while( i<n && isSpace(z[i]) ) i++;
  *peKind = SWF_BAD;
  if( i==n ){
    *peKind = SWF_BLANK;
    return SQLITE_OK;
  }
  if( z[i]==';' ){
    *peKind = SWF_COMMENT;
    return SQLITE_OK;
  }
  while( i<n ){
    size_t s = i;
    int e;
    while( i<n && !isSpace(z[i]) ) i++;
    if( nField>=SWF_NFIELD ){
      snprintf(zErr, nErr, "more than %d fields", SWF_NFIELD);
      return SQLITE_ERROR;
    }
    e = parseNumber(z+s, i-s, &pJob->aInt[nField], &pJob->aReal[nField]);
    if( e==0 ){
      snprintf(zErr, nErr, "field %d (%s) is not a number: '%.*s'", nField+1,
               swfFieldNames[nField], (int)utilUtf8CutLen(z+s, i-s, 40), z+s);
      return SQLITE_ERROR;
    }
    if( (e==1 && pJob->aInt[nField]==-1) || (e==2 && pJob->aReal[nField]==-1.0) ){
      e = 0;
    }
    pJob->aType[nField] = (unsigned char)e;
    nField++;
    while( i<n && isSpace(z[i]) ) i++;
  }
  if( nField<SWF_NFIELD ){
    snprintf(zErr, nErr, "expected %d fields, got %d", SWF_NFIELD, nField);
    return SQLITE_ERROR;
  }
  *peKind = SWF_JOB;
  return SQLITE_OK;
}

int swfParseComment(const char *z, size_t n, const char **pzKey, size_t *pnKey,
                    const char **pzVal, size_t *pnVal){
  size_t i = 0, k;
  while( n>0 && isSpace(z[n-1]) ) n--;
  while( i<n && isSpace(z[i]) ) i++;
  if( i<n && z[i]==';' ) i++;
  while( i<n && isSpace(z[i]) ) i++;
  k = i;
  if( k<n && ((z[k]>='A' && z[k]<='Z') || (z[k]>='a' && z[k]<='z')) ){
    size_t e = k+1;
    while( e<n && ((z[e]>='A' && z[e]<='Z') || (z[e]>='a' && z[e]<='z')
                   || isDigit(z[e]) || z[e]=='_') ) e++;
    if( e<n && z[e]==':' ){
      size_t v = e+1;
      while( v<n && isSpace(z[v]) ) v++;
      *pzKey = z+k;
      *pnKey = e-k;
      *pzVal = z+v;
      *pnVal = n-v;
      return 1;
    }
  }
  *pzKey = 0;
  *pnKey = 0;
  *pzVal = z+i;
  *pnVal = n-i;
  return 0;
}
