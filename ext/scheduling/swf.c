/*
** swf.c: the line parser of the Standard Workload Format (plain C, no SQL;
** API in ext/scheduling/swf.h, SQL functions swf_jobs and swf_header in
** ext/scheduling/swf_sql.c).
**
** Numbers: an optional sign, digits, an optional fraction and exponent,
** '.' the decimal point whatever the locale (the syntax is checked here,
** not by strtod). Integers that fit 64 bits are integers; anything with a
** fraction or exponent is a real, correctly rounded (decimalToDouble), as
** Python's float() reads it. -1 (or -1.0) means unknown.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/swf.h"
#include "base/util.h"
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

const char *const swfFieldNames[SWF_NFIELD] = {
  "job", "submit", "wait", "runtime", "allocated", "avg_cpu", "used_memory",
  "requested_procs", "requested_time", "requested_memory", "status",
  "user_id", "group_id", "executable", "queue", "partition",
  "preceding_job", "think_time"
};

const char *const swfTextFaults[3] = {
  0, "NUL character", "invalid UTF-8"
};

int swfTextCheck(const char *z, size_t n, size_t *piBad){
  size_t i = 0;
  while( i<n ){
    unsigned char c = (unsigned char)z[i];
    size_t nChar;
    if( c>0 && c<0x80 ){ i++; continue; }
    if( c==0 ){ *piBad = i; return SWF_TEXT_NUL; }
    nChar = utilUtf8CharLen(z+i, n-i);
    if( nChar==0 ){ *piBad = i; return SWF_TEXT_UTF8; }
    i += nChar;
  }
  return SWF_TEXT_OK;
}

static int isSpace(char c){ return c==' ' || c=='\t' || c=='\r' || c=='\f' || c=='\v'; }
static int isDigit(char c){ return c>='0' && c<='9'; }

/* Exact powers of ten: every one up to 1e22 is a double. */
static const double aPow10[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Significant digits kept for strtod: more than the 767 that the exact
** halfway point between two doubles can need, so a further digit only
** says whether the rest is zero (a sticky '1' stands for a non-zero rest). */
#define SWF_MAX_DIGITS 780

/*
** The value of the digits z[iInt..iInt+nInt) '.' z[iFrac..iFrac+nFrac),
** times 10^e, rounded once to the nearest double (ties to even), as
** strtod and Python's float() do; 0 when it is beyond the doubles (its
** magnitude rounds to infinity), else 1 with *pr set. The syntax is
** checked by the caller, so '.' is the decimal point whatever the locale.
**
** Exact when it can be (Clinger's fast path: at most 15 digits and a
** power of ten up to 1e22, both exact doubles, one rounded operation);
** otherwise strtod on the normalised text "0.DIGITSeE" under the C
** locale, set for this thread only (uselocale): strtod is correctly
** rounded in glibc, musl and the BSDs, and a process that changed
** LC_NUMERIC (a ',' decimal point) would otherwise make it stop at '.'.
** Another thread's locale is not touched, and none of SQLite's state.
*/
static int decimalToDouble(const char *z, size_t iInt, size_t nInt,
                           size_t iFrac, size_t nFrac, int neg, long e,
                           double *pr){
  char zBuf[SWF_MAX_DIGITS + 40];
  size_t k, nAll = nInt + nFrac;
  int nKept = 0, bSticky = 0, bLead = 1;
  long nPoint = (long)nInt;             /* value = 0.DIGITS x 10^(nPoint+e) */
  sqlite3_uint64 m = 0;                 /* the kept digits, while <= 15 */
  double r;
  zBuf[0] = '-';
  zBuf[1] = '0';
  zBuf[2] = '.';
  for(k=0; k<nAll; k++){
    char c = k<nInt ? z[iInt+k] : z[iFrac+k-nInt];
    if( bLead && c=='0' ){
      nPoint--;
      continue;
    }
    bLead = 0;
    if( nKept<SWF_MAX_DIGITS ){
      zBuf[3+nKept++] = c;
      if( nKept<=15 ) m = m*10 + (sqlite3_uint64)(c-'0');
    }else if( c!='0' ){
      bSticky = 1;
    }
  }
  if( nKept==0 ){
    *pr = neg ? -0.0 : 0.0;
    return 1;
  }
  /* At most about 100,000 + 65,536 in either direction: no overflow. */
  e += nPoint;
  if( nKept<=15 && e-nKept>=-22 && e-nKept<=22 ){
    long p = e-nKept;
    r = p>=0 ? (double)m*aPow10[p] : (double)m/aPow10[-p];
  }else{
    locale_t cLoc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    locale_t old;
    int j = 3+nKept;
    if( bSticky ) zBuf[j++] = '1';
    snprintf(zBuf+j, sizeof(zBuf)-(size_t)j, "e%ld", e);
    if( cLoc==(locale_t)0 ) return 0;   /* out of memory: not read */
    old = uselocale(cLoc);
    r = strtod(zBuf+1, 0);
    uselocale(old);
    freelocale(cLoc);
  }
  if( !isfinite(r) ) return 0;
  *pr = neg ? -r : r;
  return 1;
}

/*
** Parse the token z[0..n-1] as a number. Returns 1 (integer, *piOut), 2
** (real, *prOut) or 0 when it is not a number: an optional sign, digits
** with an optional '.' fraction, an optional exponent. An integer that
** does not fit 64 bits is a real.
*/
static int parseNumber(const char *z, size_t n, sqlite3_int64 *piOut, double *prOut){
  size_t i = 0, iInt, nInt, iFrac = 0, nFrac = 0;
  int neg = 0, bReal = 0;
  long e = 0;
  if( i<n && (z[i]=='+' || z[i]=='-') ){ neg = z[i]=='-'; i++; }
  iInt = i;
  while( i<n && isDigit(z[i]) ) i++;
  nInt = i-iInt;
  if( i<n && z[i]=='.' ){
    bReal = 1;
    iFrac = ++i;
    while( i<n && isDigit(z[i]) ) i++;
    nFrac = i-iFrac;
  }
  if( nInt+nFrac==0 ) return 0;
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    int eneg = 0, nE = 0;
    bReal = 1;
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ){ eneg = z[i]=='-'; i++; }
    /* Past 100,000 the value is 0 or beyond the doubles anyway. */
    for(; i<n && isDigit(z[i]); i++, nE++) if( e<100000 ) e = e*10 + (z[i]-'0');
    if( nE==0 ) return 0;
    if( eneg ) e = -e;
  }
  if( i!=n ) return 0;
  if( !bReal ){
    sqlite3_uint64 u = 0;
    size_t k;
    int bOverflow = 0;
    for(k=iInt; k<iInt+nInt && !bOverflow; k++){
      int d = z[k]-'0';
      if( u>(0xffffffffffffffffULL-(sqlite3_uint64)d)/10 ) bOverflow = 1;
      else u = u*10 + (sqlite3_uint64)d;
    }
    if( !bOverflow && (neg ? u<=0x8000000000000000ULL : u<=0x7fffffffffffffffULL) ){
      *piOut = neg ? (sqlite3_int64)(0-u) : (sqlite3_int64)u;
      return 1;
    }
  }
  return decimalToDouble(z, iInt, nInt, iFrac, nFrac, neg, e, prOut) ? 2 : 0;
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
      /* Quoted when its quoted part is text; else the byte is named by
      ** its offset, as jsoncheck.c does: a message never holds a NUL (it
      ** would end it) or invalid UTF-8. */
      size_t nQuote = utilUtf8CutLen(z+s, i-s, 40), iBad;
      int eBad = swfTextCheck(z+s, nQuote, &iBad);
      if( eBad ){
        snprintf(zErr, nErr, "field %d (%s) is not a number: %s at byte %zu",
                 nField+1, swfFieldNames[nField], swfTextFaults[eBad], s+iBad);
      }else{
        snprintf(zErr, nErr, "field %d (%s) is not a number: '%.*s'", nField+1,
                 swfFieldNames[nField], (int)nQuote, z+s);
      }
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
