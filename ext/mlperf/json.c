/*
** json.c: reading JSON text that jsoncheck.c has validated (plain C;
** json.h): skipping a value, finding an object's member, decoding a string
** to UTF-8, reading a number. Numbers that are neither small integers nor
** short decimals (jsonShortDecimal) go through strtod, which assumes the
** "C" LC_NUMERIC locale (the default of every program that does not change
** it). Nothing calls SQLite.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/json.h"
#include "base/util.h"
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------- */
/* Reading validated JSON                                                 */

size_t mllogJsonSkipString(const char *z, size_t n, size_t i){
  i++;
  for(;;){
#if defined(__SSE2__)
    /* 16 bytes a step to the next '"' or '\\' (a metadata path is long) */
    while( i+16<=n ){
      __m128i v = _mm_loadu_si128((const __m128i*)(z+i));
      unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(
          _mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
          _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
      if( mask ){
        i += (size_t)__builtin_ctz(mask);
        break;
      }
      i += 16;
    }
#endif
    while( i<n && z[i]!='"' && z[i]!='\\' ) i++;
    if( i>=n ) return n;
    if( z[i]=='"' ) return i+1;
    i += 2;                   /* a backslash and the byte it escapes */
  }
}

size_t mllogJsonSkip(const char *z, size_t n){
  size_t i = 0;
  int nDepth = 0;
  if( n==0 ) return 0;
  if( z[0]=='"' ) return mllogJsonSkipString(z, n, 0);
  if( z[0]!='{' && z[0]!='[' ){
    while( i<n && !jsonIsSpace(z[i]) && z[i]!=',' && z[i]!='}' && z[i]!=']' ){
      i++;
    }
    return i;
  }
  while( i<n ){
    char c = z[i];
    if( c=='"' ){
      i = mllogJsonSkipString(z, n, i);
      continue;
    }
    if( c=='{' || c=='[' ) nDepth++;
    if( c=='}' || c==']' ){
      nDepth--;
      if( nDepth==0 ) return i+1;
    }
    i++;
  }
  return n;
}

static unsigned int jsonHex4(const char *z){
  return (unsigned int)((jsonHexVal(z[0])<<12) | (jsonHexVal(z[1])<<8)
                      | (jsonHexVal(z[2])<<4) | jsonHexVal(z[3]));
}

size_t mllogJsonStringStep(const char *z, size_t n, size_t i, char *zOut,
                           int *pnOut, int eMode){
  int bWtf8 = eMode==MLLOG_STEP_WTF8;
  char c = z[i];
  if( c!='\\' ){
    zOut[0] = c;
    *pnOut = 1;
    return i+1;
  }
  c = z[i+1];
  i += 2;
  *pnOut = 1;
  switch( c ){
    case 'b': zOut[0] = '\b'; break;
    case 'f': zOut[0] = '\f'; break;
    case 'n': zOut[0] = '\n'; break;
    case 'r': zOut[0] = '\r'; break;
    case 't': zOut[0] = '\t'; break;
    case 'u': {
      unsigned int cp = jsonHex4(z+i);
      int bLone = 0;
      i += 4;
      if( cp>=0xd800 && cp<0xdc00 ){
        bLone = 1;
        if( i+6<=n && z[i]=='\\' && z[i+1]=='u' ){
          unsigned int lo = jsonHex4(z+i+2);
          if( lo>=0xdc00 && lo<0xe000 ){
            cp = 0x10000 + ((cp-0xd800)<<10) + (lo-0xdc00);
            i += 6;
            bLone = 0;
          }
        }
      }else if( cp>=0xdc00 && cp<0xe000 ){
        bLone = 1;
      }
      if( bLone && !bWtf8 ) cp = 0xfffd;
      if( cp==0 && eMode==MLLOG_STEP_TEXT ){
        memcpy(zOut, "\\u0000", 6);
        *pnOut = 6;
        break;
      }
      *pnOut = utilUtf8Encode(cp, zOut);
      break;
    }
    default: zOut[0] = c; break;   /* " \ / */
  }
  return i;
}

long long mllogJsonString(const MllogSpan *s, char *zOut){
  const char *z = s->z;
  size_t n = s->n;
  size_t i;
  long long j = 0;
  if( z==0 || n<2 || z[0]!='"' ) return -1;
  n--;                                   /* the closing quote */
  for(i=1; i<n; ){
    int nOut;
    i = mllogJsonStringStep(z, n, i, zOut+j, &nOut, MLLOG_STEP_TEXT);
    j += nOut;
  }
  if( (size_t)j<s->n ) zOut[j] = 0;
  return j;
}

long long mllogJsonStringCut(const MllogSpan *s, char *zOut, size_t nOut){
  const char *z = s->z;
  size_t n = s->n;
  size_t i, j = 0;
  if( z==0 || n<2 || z[0]!='"' || nOut==0 ) return -1;
  n--;
  for(i=1; i<n; ){
    char aChar[6];
    int nChar;
    i = mllogJsonStringStep(z, n, i, aChar, &nChar, MLLOG_STEP_TEXT);
    if( j+(size_t)nChar>nOut-1 ){
      /* Full: drop the start of a character the next byte continues
      ** (zOut has room for that byte: j < nOut). */
      zOut[j] = aChar[0];
      j = utilUtf8CutLen(zOut, j+1, j);
      break;
    }
    memcpy(zOut+j, aChar, (size_t)nChar);
    j += (size_t)nChar;
  }
  zOut[j] = 0;
  return (long long)j;
}

int mllogJsonStringIs(const MllogSpan *s, const char *zText){
  size_t nText = strlen(zText);
  size_t i, j = 0, n;
  if( s->z==0 || s->n<2 || s->z[0]!='"' ) return 0;
  if( memchr(s->z, '\\', s->n)==0 ){
    return s->n-2==nText && memcmp(s->z+1, zText, nText)==0;
  }
  /* Decoded as it is compared: any length, no buffer. */
  n = s->n-1;
  for(i=1; i<n; ){
    char aChar[6];
    int nChar;
    i = mllogJsonStringStep(s->z, n, i, aChar, &nChar, MLLOG_STEP_EXACT);
    if( j+(size_t)nChar>nText || memcmp(zText+j, aChar, (size_t)nChar)!=0 ){
      return 0;
    }
    j += (size_t)nChar;
  }
  return j==nText;
}

int mllogJsonMember(const MllogSpan *pObj, const char *zName, MllogSpan *pVal){
  const char *z = pObj->z;
  size_t n = pObj->n;
  size_t i = 0;
  int bFound = 0;
  if( z==0 ) return 0;
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( i>=n || z[i]!='{' ) return 0;
  i++;
  for(;;){
    MllogSpan name;
    size_t nVal;
    while( i<n && jsonIsSpace(z[i]) ) i++;
    if( i>=n || z[i]!='"' ) break;       /* '}' of an object */
    name.z = z+i;
    i = mllogJsonSkipString(z, n, i);
    name.n = (size_t)(z+i - name.z);
    while( i<n && (jsonIsSpace(z[i]) || z[i]==':') ) i++;
    nVal = mllogJsonSkip(z+i, n-i);
    if( mllogJsonStringIs(&name, zName) ){
      pVal->z = z+i;
      pVal->n = nVal;
      bFound = 1;
    }
    i += nVal;
    while( i<n && jsonIsSpace(z[i]) ) i++;
    if( i>=n || z[i]!=',' ) break;
    i++;
  }
  return bFound;
}

/*
** The value of number z[0..n-1] (after its sign) when it has at most 15
** significant digits and, written as an integer times a power of ten, that
** power is at most 22 from 0: the integer and the power are then exact
** doubles, so one multiplication or division rounds once, as strtod
** rounds (Clinger's fast path; in the rounding mode in use, as strtod).
** Returns 1 with *pr set, else 0 (strtod reads it). Needs arithmetic on
** doubles without excess precision (FLT_EVAL_METHOD 0).
*/
static int jsonShortDecimal(const char *z, size_t n, int bNeg, double *pr){
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD==0
  static const double aPow10[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
    1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  };
  uint64_t m = 0;
  int nSig = 0, nFrac = 0, nInt = 0, nExp = 0, bExpNeg = 0, e10;
  size_t i = 0;
  double r;
  for(; i<n && jsonIsDigit(z[i]); i++, nInt++){
    if( (m || z[i]!='0') && ++nSig>15 ) return 0;
    m = m*10 + (uint64_t)(z[i]-'0');
  }
  if( nInt==0 ) return 0;
  if( i<n && z[i]=='.' ){
    for(i++; i<n && jsonIsDigit(z[i]); i++, nFrac++){
      if( (m || z[i]!='0') && ++nSig>15 ) return 0;
      m = m*10 + (uint64_t)(z[i]-'0');
    }
  }
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    size_t iExp;
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ) bExpNeg = z[i++]=='-';
    for(iExp=i; i<n && jsonIsDigit(z[i]); i++){
      if( nExp<1000 ) nExp = nExp*10 + (z[i]-'0');
    }
    if( i==iExp ) return 0;
  }
  if( i!=n ) return 0;
  e10 = (bExpNeg ? -nExp : nExp) - nFrac;
  if( e10<-22 || e10>22 ) return 0;
  /* Signed before it is rounded: under a directed rounding mode -x/y is
  ** not -(x/y). */
  r = bNeg ? -(double)m : (double)m;
  *pr = e10<0 ? r/aPow10[-e10] : r*aPow10[e10];
  return 1;
#else
  (void)z; (void)n; (void)bNeg; (void)pr;
  return 0;
#endif
}

int mllogJsonNumber(const MllogSpan *s, double *pr, int *pbInt,
                    sqlite3_int64 *piVal){
  const char *z = s->z;
  size_t n = s->n;
  size_t i = 0;
  int bNeg = 0;
  char zBuf[400];
  if( z==0 || n==0 || (z[0]!='-' && !jsonIsDigit(z[0])) ) return 0;
  if( z[0]=='-' ){
    bNeg = 1;
    i = 1;
  }
  /* Exact integers of up to 18 digits without strtod. */
  if( n-i<=18 ){
    sqlite3_int64 v = 0;
    size_t k;
    for(k=i; k<n && jsonIsDigit(z[k]); k++) v = v*10 + (z[k]-'0');
    if( k==n ){
      if( bNeg ) v = -v;
      *pr = (double)v;
      if( pbInt ) *pbInt = 1;
      if( piVal ) *piVal = v;
      return 1;
    }
  }
  if( pbInt ) *pbInt = 0;
  if( jsonShortDecimal(z+i, n-i, bNeg, pr) ) return 1;
  if( n<sizeof(zBuf) ){
    memcpy(zBuf, z, n);
    zBuf[n] = 0;
    *pr = strtod(zBuf, 0);
  }else{
    /* Validated text: the byte after the number cannot extend it. */
    *pr = strtod(z, 0);
  }
  /* The validator refuses such text; unvalidated text is not a number. */
  return isfinite(*pr);
}


size_t mllogJsonSkipSpace(const char *z, size_t n, size_t i){
  while( i<n && jsonIsSpace(z[i]) ) i++;
  return i;
}
