/*
** mllog.c: the MLLOG reader behind mlperf_log/mlperf_runs (plain C; the SQL
** glue is mlperf_sql.c). See ext/mlperf/mllog.h for the API.
**
** What it does, in the order a log is read:
**
**   - streams a file through one fixed buffer (MLLOG_LINE_MAX by default),
**     finding lines that hold ":::MLLOG "; the payload is the text after
**     the line's last marker, as in MLCommons' mlp_parser
**     (re.sub(".*:::MLLOG ", ...)); \n, \r\n and \r end lines;
**   - validates each payload as one complete JSON object (RFC 8259; NaN and
**     Infinity, which Python's json also accepts, are rejected), nested at
**     most MLLOG_JSON_MAX_DEPTH deep, with a string "key" and a numeric
**     "time_ms";
**   - applies the convergence rules of MLCommons' compliance checker of
**     the round (rulesets 0.7.0 ... 5.1.0, each from mlcommons/logging at
**     the round's tag): no corrupt line, exactly one run_start and one
**     run_stop, run_stop status "success", the quality target reached,
**     init_stop - first init_start under the round's limit, and every key
**     the checker requires present: every rule from the registry of
**     ext/mlperf/rules.c.
**
** Nothing here calls SQLite but for memory, so the parser can be fuzzed and
** unit-tested alone (tests/fuzz/mllog_fuzz.c, tests/unit/mllog_test.c).
** Numbers that are not small integers go through strtod, which assumes the
** "C" LC_NUMERIC locale (the default of every program that does not change
** it).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/mllog.h"
#include "mlperf/rules.h"
#include "base/util.h"
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <ctype.h>
#include <string.h>
#include <unistd.h>
#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------- */
/* JSON                                                                   */

static int jsonIsSpace(char c){
  return c==' ' || c=='\t' || c=='\n' || c=='\r';
}

static int jsonIsDigit(char c){
  return c>='0' && c<='9';
}

static int jsonHexVal(char c){
  if( c>='0' && c<='9' ) return c-'0';
  if( c>='a' && c<='f' ) return c-'a'+10;
  if( c>='A' && c<='F' ) return c-'A'+10;
  return -1;
}

/* 1 for the bytes that end a run of plain ASCII string text: '"', '\\',
** < 0x20, and >= 0x80 (checked as UTF-8). */
static const unsigned char aJsonSpecial[256] = {
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
  0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
  0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,
  0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
};

/* Scan the string starting at z[i]=='"'. Returns the offset after its
** closing quote, or 0 after writing the fault to zErr; *pbPlain is set to
** 1 when the string holds no escape, else 0. Bytes >= 0x80 must
** form well-formed UTF-8 (no overlong form, surrogate or code point above
** U+10FFFF, as Python's decoder): a string is never read as anything else,
** so no column or message holds invalid UTF-8 from a file. */
static size_t jsonCheckString(const char *z, size_t n, size_t i,
                              char *zErr, size_t nErr, int *pbPlain){
  *pbPlain = 1;
  i++;
  for(;;){
    unsigned char c;
#if defined(__SSE2__)
    /* 16 bytes at a time: stop at '"', '\\', a byte <= 0x1f or >= 0x80. */
    {
      const __m128i vQuote = _mm_set1_epi8('"');
      const __m128i vSlash = _mm_set1_epi8('\\');
      const __m128i vCtl = _mm_set1_epi8(0x1f);
      while( i+16<=n ){
        __m128i v = _mm_loadu_si128((const __m128i*)(z+i));
        __m128i hit = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, vQuote), _mm_cmpeq_epi8(v, vSlash)),
            _mm_cmpeq_epi8(_mm_min_epu8(v, vCtl), v));
        int mask = _mm_movemask_epi8(hit) | _mm_movemask_epi8(v);
        if( mask ){
          i += (size_t)__builtin_ctz((unsigned)mask);
          break;
        }
        i += 16;
      }
    }
#endif
    while( i+4<=n ){
      if( aJsonSpecial[(unsigned char)z[i]] ) break;
      if( aJsonSpecial[(unsigned char)z[i+1]] ){ i += 1; break; }
      if( aJsonSpecial[(unsigned char)z[i+2]] ){ i += 2; break; }
      if( aJsonSpecial[(unsigned char)z[i+3]] ){ i += 3; break; }
      i += 4;
    }
    while( i<n && !aJsonSpecial[(unsigned char)z[i]] ) i++;
    if( i>=n ){
      snprintf(zErr, nErr, "unterminated string at byte %zu", i);
      return 0;
    }
    c = (unsigned char)z[i];
    if( c=='"' ) return i+1;
    if( c>=0x80 ){
      size_t nChar = utilUtf8CharLen(z+i, n-i);
      if( nChar==0 ){
        /* Named by its offset only: a message never quotes a lone byte. */
        snprintf(zErr, nErr, "invalid UTF-8 at byte %zu", i);
        return 0;
      }
      i += nChar;
      continue;
    }
    if( c<0x20 ){
      snprintf(zErr, nErr, "control character 0x%02x in a string at byte %zu",
               c, i);
      return 0;
    }
    /* a backslash */
    *pbPlain = 0;
    if( i+1>=n ){
      snprintf(zErr, nErr, "unterminated string at byte %zu", i+1);
      return 0;
    }
    switch( z[i+1] ){
      case '"': case '\\': case '/': case 'b': case 'f': case 'n':
      case 'r': case 't':
        i += 2;
        break;
      case 'u': {
        int k;
        for(k=2; k<6; k++){
          if( i+k>=n || jsonHexVal(z[i+k])<0 ){
            snprintf(zErr, nErr, "bad \\u escape at byte %zu", i);
            return 0;
          }
        }
        i += 6;
        break;
      }
      default: {
        /* Quoted whole: a message never holds part of a character. */
        size_t nChar = utilUtf8CharLen(z+i+1, n-i-1);
        unsigned char e = (unsigned char)z[i+1];
        if( nChar>0 && e>=0x20 && e!=0x7f ){
          snprintf(zErr, nErr, "bad escape '\\%.*s' at byte %zu",
                   (int)nChar, z+i+1, i);
        }else{
          snprintf(zErr, nErr, "bad escape: '\\' then byte 0x%02x at byte %zu",
                   e, i);
        }
        return 0;
      }
    }
  }
}

/*
** The offset of the first byte at or after z[i] that is not a digit (n at
** the end). Numbers end at an unpredictable digit: a byte-by-byte loop
** mispredicts its exit once per number, one SSE2 compare does not.
*/
static inline size_t jsonSkipDigits(const char *z, size_t n, size_t i){
#if defined(__SSE2__)
  while( i+16<=n ){
    __m128i v = _mm_loadu_si128((const __m128i*)(z+i));
    __m128i notDigit = _mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8('0')),
                                    _mm_cmpgt_epi8(v, _mm_set1_epi8('9')));
    unsigned mask = (unsigned)_mm_movemask_epi8(notDigit);
    if( mask ) return i+(size_t)__builtin_ctz(mask);
    i += 16;
  }
#endif
  while( i<n && jsonIsDigit(z[i]) ) i++;
  return i;
}

/*
** 1 if the number with integer digits z[iInt..iFrac-1], fraction digits
** z[iFrac..iExp-1] (iFrac==iExp: none; else z[iFrac-1]=='.') and exponent
** nExp is too large for a double (strtod would give infinity). Only a
** number of magnitude 10^308 is read: a smaller one is finite, a larger
** one is not.
*/
static int jsonNumberOverflows(const char *z, size_t iInt, size_t iFrac,
                               size_t iExp, long long nExp){
  char zBuf[800];
  size_t k, j = 0;
  long long nMag;                   /* floor(log10(|value|)) */
  size_t iFirst = iInt;             /* first significant digit */
  if( z[iInt]!='0' ){
    nMag = (long long)(iFrac - iInt) - 1 - (iFrac<iExp) + nExp;
  }else{
    for(iFirst=iFrac; iFirst<iExp && z[iFirst]=='0'; iFirst++){}
    if( iFirst>=iExp ) return 0;    /* zero */
    nMag = nExp - (long long)(iFirst - iFrac) - 1;
  }
  if( nMag<308 ) return 0;
  if( nMag>308 ) return 1;
  /* d.ddd...e308 from the significant digits; 780 of them decide. */
  for(k=iFirst; k<iExp && j<780; k++){
    if( z[k]=='.' ) continue;
    zBuf[j++] = z[k];
    if( j==1 ) zBuf[j++] = '.';
  }
  memcpy(zBuf+j, "0e308", 6);
  return isinf(strtod(zBuf, 0));
}

/* Scan the number starting at z[i] (i<n). Returns the offset after it,
** or 0 (also for a number too large for a double: no infinity is read from
** a file); *pbInt is set to 1 when it has neither fraction nor exponent,
** else 0. */
static size_t jsonCheckNumber(const char *z, size_t n, size_t i,
                              char *zErr, size_t nErr, int *pbInt){
  size_t iStart = i, iDigits, iInt, iFrac, iExp;
  long long nExp = 0;
  *pbInt = 1;
  if( z[i]=='-' ) i++;
  iInt = i;
  if( i<n && z[i]=='0' ){
    i++;
  }else{
    iDigits = i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
  }
  iFrac = iExp = i;
  if( i<n && z[i]=='.' ){
    *pbInt = 0;
    iDigits = ++i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
    iFrac = iDigits;
    iExp = i;
  }
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    int bNegExp = 0;
    *pbInt = 0;
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ) bNegExp = z[i++]=='-';
    iDigits = i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
    for(; iDigits<i; iDigits++){
      if( nExp<1000000000 ) nExp = nExp*10 + (z[iDigits]-'0');
    }
    if( bNegExp ) nExp = -nExp;
  }
  /* Exponent or more than 300 integer digits: maybe too large. */
  if( (nExp>0 || iFrac-iInt>300) && jsonNumberOverflows(z, iInt, iFrac, iExp, nExp) ){
    snprintf(zErr, nErr, "number too large at byte %zu", iStart);
    return 0;
  }
  return i;
bad_number:
  snprintf(zErr, nErr, "bad number at byte %zu", iStart);
  return 0;
}

/*
** jsonCheckString for the common case, a string that ends within the next
** 16 bytes without escapes or bytes >= 0x80: one SSE2 compare, inlined
** into the validator. *pbPlain is set as jsonCheckString sets it.
*/
static inline size_t jsonCheckStringFast(const char *z, size_t n, size_t i,
                                         char *zErr, size_t nErr,
                                         int *pbPlain){
#if defined(__SSE2__)
  if( i+17<=n ){
    __m128i v = _mm_loadu_si128((const __m128i*)(z+i+1));
    __m128i hit = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
        _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v));
    unsigned mask = (unsigned)(_mm_movemask_epi8(hit) | _mm_movemask_epi8(v));
    if( mask ){
      size_t k = i+1+(size_t)__builtin_ctz(mask);
      if( z[k]=='"' ){
        *pbPlain = 1;
        return k+1;
      }
    }
  }
#endif
  return jsonCheckString(z, n, i, zErr, nErr, pbPlain);
}

/* Record a member of the top-level object if it is one MllogLine wants;
** bPlain: the name holds no escape; bValPlain: the value, if a string,
** holds none, if a number, is an integer (jsonCheckScalar). */
static void lineMember(MllogLine *p, const MllogSpan *pName, int bPlain,
                       const char *zVal, size_t nVal, int bValPlain){
  MllogSpan *pSlot = 0;
  const char *zName = pName->z+1;
  if( !bPlain ){
    if( mllogJsonStringIs(pName, "time_ms") ) pSlot = &p->timeMs;
    else if( mllogJsonStringIs(pName, "event_type") ) pSlot = &p->eventType;
    else if( mllogJsonStringIs(pName, "key") ) pSlot = &p->key;
    else if( mllogJsonStringIs(pName, "value") ) pSlot = &p->value;
    else if( mllogJsonStringIs(pName, "metadata") ) pSlot = &p->metadata;
  }else{
    switch( pName->n-2 ){
      case 3:  if( memcmp(zName, "key", 3)==0 ) pSlot = &p->key; break;
      case 5:  if( memcmp(zName, "value", 5)==0 ) pSlot = &p->value; break;
      case 7:  if( memcmp(zName, "time_ms", 7)==0 ) pSlot = &p->timeMs; break;
      case 8:  if( memcmp(zName, "metadata", 8)==0 ) pSlot = &p->metadata; break;
      case 10: if( memcmp(zName, "event_type", 10)==0 ) pSlot = &p->eventType; break;
    }
  }
  if( pSlot ){
    pSlot->z = zVal;
    pSlot->n = nVal;
    if( pSlot==&p->key ) p->bKeyPlain = bValPlain && zVal[0]=='"';
    if( pSlot==&p->timeMs ) p->bTimeInt = bValPlain && zVal[0]!='"';
  }
}

/*
** The scalar at z[i] (a string, true, false, null or a number): the offset
** just after it, or 0 with the reason in zErr. *pbPlain is set to 1 for a
** string without escape and for a number without fraction or exponent,
** else 0.
*/
static size_t jsonCheckScalar(const char *z, size_t n, size_t i,
                              char *zErr, size_t nErr, int *pbPlain){
  size_t nWord = 0;
  unsigned char c = (unsigned char)z[i];
  *pbPlain = 0;
  switch( c ){
    case '"':
      return jsonCheckStringFast(z, n, i, zErr, nErr, pbPlain);
    /* Constant lengths: each comparison is one load, not a call. */
    case 't':
      if( n-i>=4 && memcmp(z+i, "true", 4)==0 ) nWord = 4;
      break;
    case 'f':
      if( n-i>=5 && memcmp(z+i, "false", 5)==0 ) nWord = 5;
      break;
    case 'n':
      if( n-i>=4 && memcmp(z+i, "null", 4)==0 ) nWord = 4;
      break;
    default:
      if( c=='-' || jsonIsDigit(z[i]) ) return jsonCheckNumber(z, n, i, zErr, nErr, pbPlain);
      if( c>=0x20 && c<0x7f ){
        snprintf(zErr, nErr, "unexpected character '%c' at byte %zu", c, i);
      }else{
        snprintf(zErr, nErr, "unexpected byte 0x%02x at byte %zu", c, i);
      }
      return 0;
  }
  if( nWord==0 ){
    snprintf(zErr, nErr, "unexpected character '%c' at byte %zu", c, i);
    return 0;
  }
  return i+nWord;
}

/*
** The validator. When pTop is not 0 the members of a top-level object that
** MllogLine holds are recorded in it as they are validated (one pass).
**
** Iterative, with the open containers ('{' or '[') on aStack, so hostile
** nesting costs no C stack. Three places to be: at a value, at a member
** name, after a complete value.
*/
static int jsonCheck(const char *z, size_t n, size_t *pnUsed,
                     char *zErr, size_t nErr, MllogLine *pTop){
  char aStack[MLLOG_JSON_MAX_DEPTH];
  int nDepth = 0;
  size_t i = 0;
  size_t iName = 0;
  char zDummy[8];
  MllogSpan name = {0, 0};    /* name of the current top-level member */
  int bNamePlain = 0;         /* that name holds no escape */
  int bPlain;
  int bValPlain = 0;          /* the last scalar is a string without escape
                              ** or an integer */
  size_t iVal = 0;            /* start of its value */
  int bTop = 0;               /* record the members of the top-level object */
  if( zErr==0 || nErr==0 ){
    zErr = zDummy;
    nErr = sizeof(zDummy);
  }
  zErr[0] = 0;

at_value:
  while( i<n && jsonIsSpace(z[i]) ) i++;
at_value_trimmed:             /* whitespace already skipped */
  if( i>=n ) goto end_of_text;
  switch( z[i] ){
    case '{':
    case '[':
      if( nDepth>=MLLOG_JSON_MAX_DEPTH ){
        snprintf(zErr, nErr, "JSON nested deeper than %d levels at byte %zu",
                 MLLOG_JSON_MAX_DEPTH, i);
        return SQLITE_ERROR;
      }
      if( nDepth==0 && pTop && z[i]=='{' ) bTop = 1;
      aStack[nDepth++] = z[i];
      i++;
      while( i<n && jsonIsSpace(z[i]) ) i++;
      if( i<n && z[i]==(aStack[nDepth-1]=='{' ? '}' : ']') ){
        i++;
        nDepth--;
        goto after_value;
      }
      if( aStack[nDepth-1]=='{' ) goto at_name;
      goto at_value_trimmed;
    default:
      i = jsonCheckScalar(z, n, i, zErr, nErr, &bValPlain);
      if( i==0 ) return SQLITE_ERROR;
      goto after_value;
  }

at_name:                      /* whitespace already skipped */
  if( i>=n ) goto end_of_text;
  if( z[i]!='"' ){
    snprintf(zErr, nErr, "expected a member name at byte %zu", i);
    return SQLITE_ERROR;
  }
  iName = i;
  i = jsonCheckStringFast(z, n, i, zErr, nErr, &bPlain);
  if( i==0 ) return SQLITE_ERROR;
  if( bTop && nDepth==1 ){
    name.z = z+iName;
    name.n = i-iName;
    bNamePlain = bPlain;
  }
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( i>=n || z[i]!=':' ){
    snprintf(zErr, nErr, "expected ':' at byte %zu", i);
    return SQLITE_ERROR;
  }
  i++;
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( bTop && nDepth==1 ) iVal = i;
  goto at_value_trimmed;

after_value:
  if( nDepth==0 ){
    *pnUsed = i;
    return SQLITE_OK;
  }
  if( bTop && nDepth==1 ) lineMember(pTop, &name, bNamePlain, z+iVal, i-iVal, bValPlain);
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( i>=n ) goto end_of_text;
  if( z[i]==',' ){
    i++;
    if( aStack[nDepth-1]=='[' ) goto at_value;
    while( i<n && jsonIsSpace(z[i]) ) i++;
    goto at_name;
  }
  if( z[i]==(aStack[nDepth-1]=='{' ? '}' : ']') ){
    i++;
    nDepth--;
    goto after_value;
  }
  snprintf(zErr, nErr, "expected ',' or '%c' at byte %zu",
           aStack[nDepth-1]=='{' ? '}' : ']', i);
  return SQLITE_ERROR;

end_of_text:
  snprintf(zErr, nErr, "unexpected end of JSON at byte %zu", i);
  return SQLITE_ERROR;
}

int mllogJsonCheck(const char *z, size_t n, size_t *pnUsed,
                   char *zErr, size_t nErr){
  return jsonCheck(z, n, pnUsed, zErr, nErr, 0);
}

/* Skip a validated string starting at z[i]=='"'. */
static size_t jsonSkipString(const char *z, size_t n, size_t i){
  i++;
  while( i<n && z[i]!='"' ){
    i += z[i]=='\\' ? 2 : 1;
  }
  return i<n ? i+1 : n;
}

size_t mllogJsonSkip(const char *z, size_t n){
  size_t i = 0;
  int nDepth = 0;
  if( n==0 ) return 0;
  if( z[0]=='"' ) return jsonSkipString(z, n, 0);
  if( z[0]!='{' && z[0]!='[' ){
    while( i<n && !jsonIsSpace(z[i]) && z[i]!=',' && z[i]!='}' && z[i]!=']' ){
      i++;
    }
    return i;
  }
  while( i<n ){
    char c = z[i];
    if( c=='"' ){
      i = jsonSkipString(z, n, i);
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

/*
** Decode the element of validated JSON string text that starts at z[i]
** (i < n, n the offset of the closing quote): one byte as it is, or one
** escape (a \u surrogate pair: one code point). Writes its bytes (at most
** 6) to zOut, sets *pnOut, returns the offset after it. eMode:
**   STEP_TEXT  a lone surrogate becomes U+FFFD, and U+0000 the 6 characters
**              \u0000 (text in a C buffer or a column never stops at a NUL,
**              and is compared over its whole length);
**   STEP_WTF8  a lone surrogate gives its own 3-byte form and U+0000 a NUL
**              byte (so that "\ud800" and "\ufffd", or "\u0000" and
**              "\\u0000", different strings to Python, stay different when
**              hashed);
**   STEP_EXACT U+FFFD for a lone surrogate, a NUL byte for U+0000 (for
**              comparing with a C string: a NUL then never matches).
*/
#define STEP_TEXT  0
#define STEP_WTF8  1
#define STEP_EXACT 2
static size_t jsonStringStep(const char *z, size_t n, size_t i, char *zOut,
                             int *pnOut, int eMode){
  int bWtf8 = eMode==STEP_WTF8;
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
      if( cp==0 && eMode==STEP_TEXT ){
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
    i = jsonStringStep(z, n, i, zOut+j, &nOut, STEP_TEXT);
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
    i = jsonStringStep(z, n, i, aChar, &nChar, STEP_TEXT);
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
    i = jsonStringStep(s->z, n, i, aChar, &nChar, STEP_EXACT);
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
    i = jsonSkipString(z, n, i);
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
      i = jsonSkipString(z, n, i);
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
        i = jsonStringStep(z, n-1, i, aChar, &nChar, STEP_WTF8);
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
/* One MLLOG line                                                         */

int mllogParseLine(const char *z, size_t n, MllogLine *p){
  size_t nUsed = 0;
  size_t i;
  memset(p, 0, offsetof(MllogLine, zErr));
  p->zErr[0] = 0;
  /* Python's str.strip() on the line also drops \v and \f at the end. */
  while( n>0 && (jsonIsSpace(z[n-1]) || z[n-1]=='\v' || z[n-1]=='\f') ) n--;
  if( jsonCheck(z, n, &nUsed, p->zErr, sizeof(p->zErr), p) ) goto corrupt;
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
  memset(p, 0, offsetof(MllogLine, zErr));
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
  memset(p, 0, offsetof(MllogLine, zErr));
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
  memset(&body, 0, offsetof(MllogLine, zErr));
  if( jsonCheck(z+iBody, iLast-iBody, &nUsed, zJsonErr, sizeof(zJsonErr), &body)==SQLITE_OK
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
  memset(p, 0, offsetof(MllogLine, zErr));
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

/* ---------------------------------------------------------------------- */
/* Streaming line reader                                                  */

/*
** Where the data window starts in aBuf when it holds nKeep bytes: the end
** of the data, where the next read lands, is then MLLOG_ALIGN-aligned.
** Reading into an unaligned address makes the kernel's copy several times
** slower; that copy is a large part of a scan.
*/
static char *alignedWindow(char *aBuf, size_t nKeep){
  return aBuf + ((MLLOG_ALIGN - (uintptr_t)(aBuf+nKeep)%MLLOG_ALIGN) % MLLOG_ALIGN);
}

int mllogReaderOpen(MllogReader *p, const char *zPath, size_t nBuf){
  memset(p, 0, sizeof(*p));
  p->fd = -1;
  if( nBuf==0 || nBuf>MLLOG_LINE_MAX ) nBuf = MLLOG_LINE_MAX;
  if( nBuf<64 ) nBuf = 64;
  p->aBuf = sqlite3_malloc64(nBuf+MLLOG_ALIGN+1);
  if( p->aBuf==0 ) return SQLITE_NOMEM;
  p->nBuf = nBuf;
  p->nMarker = MLLOG_MARKER_LEN;
  return mllogReaderReopen(p, zPath);
}

int mllogReaderReopen(MllogReader *p, const char *zPath){
  MllogReader keep = *p;
  if( keep.aBuf==0 ) return SQLITE_NOMEM;
  if( p->fd>=0 ) close(p->fd);
  memset(p, 0, sizeof(*p));
  p->aBuf = keep.aBuf;
  p->aData = alignedWindow(keep.aBuf, 0);
  p->nBuf = keep.nBuf;
  p->bNoLines = keep.bNoLines;
  p->bMll = keep.bMll;
  p->nMarker = keep.nMarker;
  p->nMaxBytes = keep.nMaxBytes;
  p->zLimitName = keep.zLimitName;
  p->xStop = keep.xStop;
  p->pStopArg = keep.pStopArg;
  p->iMark = -1;
  p->fd = -1;
  if( zPath==0 ) return SQLITE_OK;     /* the buffer only */
  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  p->fd = open(zPath, O_RDONLY|O_CLOEXEC|O_NONBLOCK);
  if( p->fd<0 ){
    p->eErrno = errno ? errno : EIO;
    return SQLITE_IOERR;
  }
  {
    /* Only regular files: /dev/zero or a FIFO would never end. */
    struct stat st;
    if( fstat(p->fd, &st)!=0 ){
      p->eErrno = errno ? errno : EIO;
    }else if( S_ISDIR(st.st_mode) ){
      p->eErrno = EISDIR;
    }else if( !S_ISREG(st.st_mode) ){
      p->eErrno = MLLOG_ENOTREG;
    }else{
      p->nSize = (sqlite3_int64)st.st_size;
    }
    if( p->eErrno ){
      close(p->fd);
      p->fd = -1;
      return SQLITE_IOERR;
    }
  }
  return SQLITE_OK;
}

void mllogReaderSetMll(MllogReader *p, int bMll){
  p->bMll = bMll!=0;
  p->nMarker = bMll ? MLLOG_MLL_MARKER_LEN : MLLOG_MARKER_LEN;
  p->bMarkKnown = 0;
}

const char *mllogReaderErrorText(const MllogReader *p){
  if( p->eErrno==MLLOG_ENOTREG ) return "not a regular file";
  if( p->eErrno==MLLOG_ETOOBIG ) return p->zErrText;
  return strerror(p->eErrno);
}

void mllogReaderClose(MllogReader *p){
  /* A reader that was never opened is all zeros: fd 0 is not ours. */
  if( p->aBuf && p->fd>=0 ) close(p->fd);
  sqlite3_free(p->aBuf);
  memset(p, 0, sizeof(*p));
  p->fd = -1;
  p->iMark = -1;
}

/*
** The first ":::MLLOG " in z[0..n-1], or 0. Found through its 'G', the
** rarest of its bytes in real logs, with memchr (vectorised by the C
** library); much faster here than memmem.
*/
static const char *findMarkerMllog(const char *z, size_t n){
  const char *zEnd = z+n;
  const char *p = z + (MLLOG_MARKER_LEN-2);
  while( p<zEnd-1 ){
    p = memchr(p, 'G', (size_t)(zEnd-1-p));
    if( p==0 ) return 0;
    if( memcmp(p-(MLLOG_MARKER_LEN-2), MLLOG_MARKER, MLLOG_MARKER_LEN)==0 ){
      return p-(MLLOG_MARKER_LEN-2);
    }
    p++;
  }
  return 0;
}

/*
** The first ":::MLL " (the marker of v0.6 logs) in z[0..n-1], or 0: found
** through its space, the byte after "MLL".
*/
static const char *findMarkerMll(const char *z, size_t n){
  const char *zEnd = z+n;
  const char *p = z + (MLLOG_MLL_MARKER_LEN-1);
  while( p<zEnd ){
    p = memchr(p, ' ', (size_t)(zEnd-p));
    if( p==0 ) return 0;
    if( memcmp(p-(MLLOG_MLL_MARKER_LEN-1), MLLOG_MLL_MARKER, MLLOG_MLL_MARKER_LEN)==0 ){
      return p-(MLLOG_MLL_MARKER_LEN-1);
    }
    p++;
  }
  return 0;
}

/* The first marker of the reader's format in z[0..n-1], or 0. */
static const char *findMarker(const MllogReader *p, const char *z, size_t n){
  return p->bMll ? findMarkerMll(z, n) : findMarkerMllog(z, n);
}

/*
** Offset of the first \n or \r in z[0..n-1], or n: one pass for both
** bytes (two memchr calls per line cost more than the search itself).
*/
static size_t findLineEnd(const char *z, size_t n){
  size_t i = 0;
#if defined(__SSE2__)
  while( i+16<=n ){
    __m128i v = _mm_loadu_si128((const __m128i*)(z+i));
    unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(
        _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
        _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
    if( mask ) return i+(size_t)__builtin_ctz(mask);
    i += 16;
  }
#endif
  while( i<n && z[i]!='\n' && z[i]!='\r' ) i++;
  return i;
}

/* Offset of the first marker at or after iFrom in the data, or iEnd;
** the answer is kept until iFrom passes it or more data is read. */
static size_t nextMarker(MllogReader *p, size_t iFrom){
  if( !p->bMarkKnown || p->iMarkAt<iFrom ){
    const char *m = findMarker(p, p->aData+iFrom, p->iEnd-iFrom);
    p->iMarkAt = m ? (size_t)(m-p->aData) : p->iEnd;
    p->bMarkKnown = 1;
  }
  return p->iMarkAt;
}

/* Fail the read: the file is larger than p->nMaxBytes. */
static int readerTooBig(MllogReader *p){
  snprintf(p->zErrText, sizeof(p->zErrText),
           "file larger than the limit of %lld bytes%s%s%s",
           (long long)p->nMaxBytes, p->zLimitName ? " (" : "",
           p->zLimitName ? p->zLimitName : "", p->zLimitName ? ")" : "");
  p->eErrno = MLLOG_ETOOBIG;
  return SQLITE_IOERR;
}

/*
** Read more of the file into the buffer, keeping the current line (from
** iStart) from its last marker, or its tail where a marker may begin; a
** line with no marker that fills the whole buffer is marked too long.
** *pbMidLine is set when part of the line is dropped. SQLITE_OK, or
** SQLITE_IOERR (a read error, or the file_size limit passed) or
** SQLITE_INTERRUPT (xStop).
*/
static int readerRefill(MllogReader *p, size_t iStart, int *pbMidLine){
  char *a = p->aData;
  size_t nTail = p->iEnd-iStart < p->nMarker-1
               ? p->iEnd-iStart : p->nMarker-1;
  size_t iKeep;
  size_t nWant;
  ssize_t nGot;
  p->iScan = p->iEnd - nTail;
  iKeep = p->iMark>=0 ? (size_t)p->iMark : p->iScan;
  if( iKeep==0 && p->iEnd==p->nBuf ){
    p->bTooLong = 1;
    p->iMark = -1;
    p->iScan = p->iEnd - (p->nMarker-1);
    iKeep = p->iScan;
  }
  if( iKeep>iStart ) *pbMidLine = 1;
  p->aData = alignedWindow(p->aBuf, p->iEnd-iKeep);
  memmove(p->aData, a+iKeep, p->iEnd-iKeep);
  a = p->aData;
  p->iEnd -= iKeep;
  p->iScan -= iKeep;
  if( p->iMark>=0 ) p->iMark -= (long long)iKeep;
  p->iPos = iStart>iKeep ? iStart-iKeep : 0;
  p->bMarkKnown = 0;
  assert( p->iScan<=p->iEnd && p->iPos<=p->iEnd && p->iEnd<=p->nBuf );
  /* Reads of MLLOG_READ_CHUNK keep the data being parsed in the CPU's
  ** cache; read(2) rather than stdio: no second buffer, no fstat. */
  nWant = p->nBuf-p->iEnd;
  if( nWant>MLLOG_READ_CHUNK ) nWant = MLLOG_READ_CHUNK;
  /* The size is checked before the first read (a sparse terabyte fails at
  ** once), the bytes read after each read (files whose size says nothing,
  ** such as /proc/self/pagemap): what lies beyond the limit is never
  ** parsed. */
  if( p->nMaxBytes>0 && p->nSize>p->nMaxBytes ) return readerTooBig(p);
  if( p->xStop && (p->nRead/MLLOG_READ_CHUNK)%16==15 && p->xStop(p->pStopArg) ){
    return SQLITE_INTERRUPT;
  }
  do{
    nGot = read(p->fd, a+p->iEnd, nWant);
  }while( nGot<0 && errno==EINTR );
  if( nGot<0 ){
    p->eErrno = errno ? errno : EIO;
    return SQLITE_IOERR;
  }
  p->nRead += nGot;
  if( p->nMaxBytes>0 && p->nRead>p->nMaxBytes ) return readerTooBig(p);
  if( nGot==0 ) p->bEof = 1;
  p->iEnd += (size_t)nGot;
  return SQLITE_OK;
}

/*
** The buffer holds the current line from iPos on (its head may have been
** dropped already: only the text after the last marker matters). Markers
** are searched once (iScan); when the buffer is full without a line end,
** everything before the last marker (or all but a possible partial marker)
** is dropped, and a payload that fills the whole buffer marks the line
** too long.
*/
int mllogReaderNext(MllogReader *p, char **pz, size_t *pn,
                    sqlite3_int64 *piLine){
  int bMidLine = 0;        /* part of the current line was dropped */
  for(;;){
    char *a = p->aData;
    size_t iStart, iTerm, iFrom;
    int bLineEnd, rc;
    if( a==0 || p->fd<0 ) return SQLITE_DONE;
    if( p->bPrevCR && p->iPos<p->iEnd ){
      if( a[p->iPos]=='\n' ){
        p->iPos++;
        if( p->iScan<p->iPos ) p->iScan = p->iPos;
      }
      p->bPrevCR = 0;
    }
    if( p->bNoLines && p->iMark<0 && !p->bTooLong ){
      /* Without line numbers, lines before the next marker are skipped
      ** unseen and the line starts at that marker (its head is ignored). */
      size_t iNext = nextMarker(p, p->iScan>p->iPos ? p->iScan : p->iPos);
      if( iNext<p->iEnd ){
        p->iPos = iNext;
      }else{
        p->iPos = p->iEnd - (p->iEnd-p->iPos < p->nMarker-1
                             ? p->iEnd-p->iPos : p->nMarker-1);
      }
      p->iScan = p->iPos;
    }
    iStart = p->iPos;
    iTerm = iStart + findLineEnd(a+iStart, p->iEnd-iStart);
    bLineEnd = iTerm<p->iEnd;

    iFrom = p->iScan>iStart ? p->iScan : iStart;
    for(;;){
      size_t iNext = nextMarker(p, iFrom);
      if( iNext+p->nMarker>iTerm ) break;
      p->iMark = (long long)iNext;
      iFrom = iNext + p->nMarker;
    }

    if( !bLineEnd && p->bEof && (iStart<p->iEnd || bMidLine || p->bTooLong) ){
      bLineEnd = 1;                      /* the last line has no terminator */
    }
    if( bLineEnd ){
      int bTooLong = p->bTooLong;
      long long iMark = p->iMark;
      p->iLine++;
      if( iTerm<p->iEnd ){
        p->bPrevCR = a[iTerm]=='\r';
        p->iPos = iTerm+1;
      }else{
        p->iPos = iTerm;
      }
      p->iScan = p->iPos;
      p->iMark = -1;
      p->bTooLong = 0;
      bMidLine = 0;
      if( iMark>=0 ){
        a[iTerm] = 0;
        *pz = a + iMark + p->nMarker;
        *pn = iTerm - ((size_t)iMark + p->nMarker);
        *piLine = p->iLine;
        return SQLITE_ROW;
      }
      if( bTooLong ){
        *pz = 0;
        *pn = 0;
        *piLine = p->iLine;
        return SQLITE_TOOBIG;
      }
      continue;
    }
    if( p->bEof ) return SQLITE_DONE;

    /* Need more data: keep the line from its last marker, or its tail. */
    rc = readerRefill(p, iStart, &bMidLine);
    if( rc ) return rc;
  }
}

/* ---------------------------------------------------------------------- */
/* Rulesets: the registry's (rules.c)                                     */

int mllogRulesetCount(void){ return rulesCount(); }

int mllogRulesetMll(int i){ return rulesLogMll(i); }

const char *mllogBenchName(const char *zBench, int iRuleset){
  return rulesBenchName(iRuleset, zBench);
}

int mllogRulesetSuite(int i){
  const RulesSet *p = rulesAt(i);
  return p ? p->eSuite : -1;
}

int mllogRulesetNewest(void){ return rulesNewestTraining(); }

const char *mllogRulesetName(int i){
  const RulesSet *p = rulesAt(i);
  return p ? p->zName : 0;
}

int mllogRulesetFind(const char *zName){ return rulesFind(zName); }

/* ---------------------------------------------------------------------- */
/* Quality targets                                                        */

/*
** The target of zBench under ruleset iRuleset; with iRuleset<0, under the
** newest ruleset that has one. 0 when none.
*/
static const RulesTarget *findTarget(const char *zBench, int iRuleset){
  const RulesBench *p = rulesBench(iRuleset, zBench, 0);
  return p && p->target.eKind!=RULES_TARGET_NONE ? &p->target : 0;
}

/* Text into a fixed buffer, cut at its end: no allocation, so listing the
** rules cannot fail. */
typedef struct TargetText TargetText;
struct TargetText {
  char *z;
  size_t n, nMax;             /* used, size (with the NUL) */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void targetAppend(TargetText *p, const char *zFmt, ...){
  va_list ap;
  int k;
  if( p->n+1>=p->nMax ) return;
  va_start(ap, zFmt);
  k = vsnprintf(p->z+p->n, p->nMax-p->n, zFmt, ap);
  va_end(ap);
  if( k<0 ) return;
  p->n = p->n+(size_t)k<p->nMax ? p->n+(size_t)k : p->nMax-1;
}

/* v (a target: from 0 to 100) with the fewest decimals, at least one,
** that read back as v: 0.72, 1.0, 0.80275, 90.0. */
static void targetNumber(TargetText *pOut, double v){
  char z[48];
  int d;
  for(d=1; d<17; d++){
    snprintf(z, sizeof(z), "%.*f", d, v);
    if( strtod(z, 0)==v ) break;
  }
  targetAppend(pOut, "%s", z);
}

/* The text of target t, from its numbers, into z (size nz). */
static void targetFormat(const RulesTarget *t, char *z, int nz){
  TargetText out;
  TargetText *pOut = &out;
  assert( nz>0 );
  out.z = z;
  out.n = 0;
  out.nMax = (size_t)nz;
  z[0] = 0;
  switch( t->eKind ){
    case RULES_TARGET_MASK:
      if( isinf(t->rLo) && isinf(t->rLo2) ){
        /* An open division's: no lower bound. */
        targetAppend(pOut, "BBOX < ");
        targetNumber(pOut, t->rHi);
        targetAppend(pOut, " and SEGM < ");
        targetNumber(pOut, t->rHi);
        break;
      }
      targetAppend(pOut, "BBOX >= ");
      targetNumber(pOut, t->rLo);
      targetAppend(pOut, " and SEGM >= ");
      targetNumber(pOut, t->rLo2);
      targetAppend(pOut, " (both < ");
      targetNumber(pOut, t->rHi);
      targetAppend(pOut, ")");
      break;
    case RULES_TARGET_SD:
      targetAppend(pOut, "FID <= ");
      targetNumber(pOut, t->rLo);
      targetAppend(pOut, " and ");
      targetNumber(pOut, t->rLo2);
      targetAppend(pOut, " <= CLIP <= ");
      targetNumber(pOut, t->rHi);
      targetAppend(pOut, " at the same %s", t->zSdKey);
      break;
    default:
      if( isnan(t->rHi) ){
        targetAppend(pOut, t->bLoIncl ? "v >= " : "v > ");
        targetNumber(pOut, t->rLo);
      }else if( isinf(t->rLo) && t->rLo<0 ){
        /* An open division's: no lower bound. */
        targetAppend(pOut, t->bHiIncl ? "v <= " : "v < ");
        targetNumber(pOut, t->rHi);
      }else{
        const char *zV = t->bError ? "eval_error" : "v";
        targetNumber(pOut, t->rLo);
        targetAppend(pOut, t->bLoIncl ? " <= %s " : " < %s ", zV);
        targetAppend(pOut, t->bHiIncl ? "<= " : "< ");
        targetNumber(pOut, t->rHi);
      }
      if( t->eKind==RULES_TARGET_BERT07 ){
        targetAppend(pOut, " (");
        targetNumber(pOut, t->rLo2);
        targetAppend(pOut, " from global_batch_size %lld)", (sqlite3_int64)t->rBatch);
      }
      break;
  }
}

int mllogTargetText(const char *zBench, int iRuleset, char *z, int nz){
  const RulesTarget *t = findTarget(zBench, iRuleset);
  if( t==0 ) return 0;
  targetFormat(t, z, nz);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* mllogRules: the rules as a list                                        */

/*
** The rows of mlperf_rules, ruleset by ruleset in the registry's order:
** for a ruleset without a compliance checker (0.6.0, scored by times
** only; MLPerf HPC v0.7, scored without the compliance step), one per
** benchmark of its registry entry but aliases; for the others, one per
** benchmark the compliance checker has closed-division rules for (the
** generated required keys, which are in the registry's order). Row
** iRule's ruleset, benchmark and keys: 1, or 0 out of range. One pass over
** the registry and the keys: the model joins the table once per row.
*/
static int ruleRow(int iRule, int *piRs, const char **pzBench, const char **pzKeys){
  int iRs, i, j = 0, n = 0;
  const char *zRs, *zDiv, *zBench, *zKeys;
  for(iRs=0; iRs<rulesCount(); iRs++){
    const RulesSet *pSet = rulesAt(iRs);
    if( pSet->bTimesOnly || pSet->eSuite==RULES_SUITE_HPC_UNCHECKED ){
      for(i=0; i<pSet->nBench; i++){
        zBench = pSet->aBench[i].zBench;
        if( rulesBenchName(iRs, zBench)!=zBench ) continue;
        if( n++==iRule ){
          *piRs = iRs;
          *pzBench = zBench;
          *pzKeys = 0;
          return 1;
        }
      }
      continue;
    }
    for(; rulesRequiredAt(j, &zRs, &zDiv, &zBench, &zKeys)
          && strcmp(zRs, pSet->zName)==0; j++){
      if( strcmp(zDiv, "closed")!=0 ) continue;
      if( n++==iRule ){
        *piRs = iRs;
        *pzBench = zBench;
        *pzKeys = zKeys;
        return 1;
      }
    }
  }
  return 0;
}

int mllogRuleCount(void){
  int n = 0, iRs;
  const char *zBench, *zKeys;
  while( ruleRow(n, &iRs, &zBench, &zKeys) ) n++;
  return n;
}

int mllogRuleGet(int iRule, MllogRuleInfo *p){
  MllogConv conv;
  int iRs;
  const char *zBench, *zKeys;
  const RulesSet *pSet;
  const RulesTarget *t;
  memset(p, 0, sizeof(*p));
  if( !ruleRow(iRule, &iRs, &zBench, &zKeys) ) return 0;
  pSet = rulesAt(iRs);
  t = findTarget(zBench, iRs);
  p->zRuleset = pSet->zName;
  p->zBench = zBench;
  p->bTarget = t!=0;
  if( t ) targetFormat(t, p->zTarget, sizeof(p->zTarget));
  t = rulesOpenTarget(iRs, zBench);
  p->bTargetOpen = t!=0;
  if( t ) targetFormat(t, p->zTargetOpen, sizeof(p->zTargetOpen));
  p->nMaxDropped = rulesMaxDropped(zBench, iRs);
  p->rInitClosed = pSet->rInitClosed;
  p->rInitOpen = pSet->rInitOpen;
  p->zRequiredClosed = zKeys;
  p->zRequiredOpen = rulesRequired(iRs, "open", zBench);
  p->zLogging = pSet->zLogging;
  mllogConvInit(&conv, zBench, iRs);
  p->zProgressUnit = mllogConvUnit(&conv);
  p->pSet = pSet;
  p->pBench = rulesBench(iRs, zBench, 0);
  p->nRunsRequired = p->pBench ? p->pBench->nRunsRequired : 0;
  return 1;
}

int mllogMaxDropped(const char *zBench, int iRuleset){
  return rulesMaxDropped(zBench, iRuleset);
}

/* ---------------------------------------------------------------------- */
/* Convergence rules                                                      */

/* Add the keys of list z (rulesRequired) to p->aKey (bit eBit of eNeed; at
** least once with bit eBit<<2). Keys stay sorted for keyFind. */
static void addRequired(MllogRun *p, const char *z, int eBit){
  if( z==0 ) return;
  while( *z ){
    size_t n = strcspn(z, " ");
    int bAtLeast = n>0 && z[n-1]=='+';
    size_t nKey = bAtLeast ? n-1 : n;
    int i, j;
    if( nKey>0 && nKey<MLLOG_KEY_LEN ){
      for(i=0; i<p->nKey; i++){
        int c = strncmp(p->aKey[i].zKey, z, nKey);
        if( c==0 && p->aKey[i].zKey[nKey]==0 ) break;
        if( c>0 || (c==0 && p->aKey[i].zKey[nKey]!=0) ){ i = -1-i; break; }
      }
      if( i<0 || i==p->nKey ){
        int iAt = i<0 ? -1-i : i;
        if( p->nKey<MLLOG_KEYS_MAX ){
          for(j=p->nKey; j>iAt; j--) p->aKey[j] = p->aKey[j-1];
          memset(&p->aKey[iAt], 0, sizeof(p->aKey[iAt]));
          memcpy(p->aKey[iAt].zKey, z, nKey);
          p->nKey++;
          i = iAt;
        }else{
          i = -1;
        }
      }
      if( i>=0 ) p->aKey[i].eNeed |= bAtLeast ? (eBit<<2) : eBit;
    }
    z += n;
    while( *z==' ' ) z++;
  }
}

/*
** The slot of key z[0..n-1] in MllogRun.aKeySlot. Every line's key is
** hashed: from eight bytes at each end and the length, two multiplies,
** where FNV-1a would chain one multiply per byte (keys sharing both ends
** and the length only probe further).
*/
static unsigned keyHash(const char *z, size_t n){
  sqlite3_uint64 a, b;
  if( n<8 ) return (unsigned)(utilFnv1a(z, n) % (2*MLLOG_KEYS_MAX));
  memcpy(&a, z, 8);
  memcpy(&b, z+n-8, 8);
  a = (a ^ (b*UTIL_GOLDEN) ^ n) * 0xbf58476d1ce4e5b9ULL;
  return (unsigned)((a>>32) % (2*MLLOG_KEYS_MAX));
}

void mllogRunInit(MllogRun *p, const char *zBench, int iRuleset){
  int i;
  memset(p, 0, sizeof(*p));
  p->iRuleset = rulesAt(iRuleset) ? iRuleset : -1;
  p->pTarget = findTarget(zBench, p->iRuleset);
  p->bKnown = p->iRuleset>=0 && rulesBench(p->iRuleset, zBench, 0)!=0;
  p->pOpenTarget = rulesOpenTarget(p->iRuleset, zBench);
  if( p->bKnown ){
    const RulesEvalAt *e = &rulesBench(p->iRuleset, zBench, 0)->evalAt;
    if( e->eKind!=RULES_EVAL_NONE ) p->pEvalAt = e;
  }
  p->zReqClosed = rulesRequired(p->iRuleset, "closed", zBench);
  p->zReqOpen = rulesRequired(p->iRuleset, "open", zBench);
  addRequired(p, p->zReqClosed, 1);
  addRequired(p, p->zReqOpen, 2);
  for(i=0; i<p->nKey; i++){
    unsigned h = keyHash(p->aKey[i].zKey, strlen(p->aKey[i].zKey));
    while( p->aKeySlot[h] ) h = (h+1) % (2*MLLOG_KEYS_MAX);
    p->aKeySlot[h] = (unsigned char)(i+1);
  }
}

static int inRange(const RulesTarget *t, double v){
  if( t->bLoIncl ? !(v>=t->rLo) : !(v>t->rLo) ) return 0;
  if( isnan(t->rHi) ) return 1;
  return t->bHiIncl ? v<=t->rHi : v<t->rHi;
}

/* Copy JSON text s into z (size nz): a string decoded (U+0000 as the 6
** characters \u0000, so that z is the whole text: "open\u0000x" is not
** "open"), else raw; cut at a character boundary when it does not fit. */
static void copyJsonText(const MllogSpan *s, char *z, size_t nz){
  size_t n;
  if( s->z[0]=='"' ){
    mllogJsonStringCut(s, z, nz);
    return;
  }
  n = utilUtf8CutLen(s->z, s->n, nz-1);
  memcpy(z, s->z, n);
  z[n] = 0;
}

static void sdEval(MllogRun *p, const MllogLine *pLine, double v,
                   const RulesTarget *t){
  MllogSpan metric, samples;
  double rSamples;
  int bFid, bClip, i;
  if( !mllogJsonMember(&pLine->metadata, "metric", &metric) ) return;
  if( !mllogJsonMember(&pLine->metadata, t->zSdKey, &samples) ) return;
  if( !mllogJsonNumber(&samples, &rSamples, 0, 0) ) return;
  bFid = mllogJsonStringIs(&metric, "FID") && v<=t->rLo;
  bClip = mllogJsonStringIs(&metric, "CLIP") && v>=t->rLo2 && v<=t->rHi;
  if( !bFid && !bClip ) return;
  for(i=0; i<p->nSd && p->aSd[i].rSamples!=rSamples; i++){}
  if( i==p->nSd ){
    if( p->nSd>=MLLOG_SD_MAX ) return;
    p->aSd[i].rSamples = rSamples;
    p->nSd++;
  }
  if( bFid ) p->aSd[i].bFid = 1;
  if( bClip ) p->aSd[i].bClip = 1;
  if( p->aSd[i].bFid && p->aSd[i].bClip ) p->bReached = 1;
}

/* The largest count (number_of_nodes, accelerators_per_node) a log may
** state, as a systems file may (mlperf_systems). */
#define MLLOG_MAX_COUNT 1000000000.0

/* Whether a count the log states is out of its range: a whole number from
** rLo to MLLOG_MAX_COUNT. */
static int countBad(int bStated, double r, double rLo){
  return bStated && !(r>=rLo && r<=MLLOG_MAX_COUNT && r==floor(r));
}

/*
** The counts of an HPC log, checked (then zReason names the failed check
** and 1 is returned). Every HPC checker's {closed,open}_common.yaml checks
** number_of_nodes > 0 and accelerators_per_node >= 0 (bChecker: rulesets
** with a checker); beyond that, in every HPC ruleset, each must be a whole
** number up to MLLOG_MAX_COUNT, so that no product of them (the weak
** scaling's instance scale) leaves the integers a double holds exactly.
*/
static int hpcCountsBad(const MllogRun *p, char *zReason, size_t nReason,
                        int bChecker){
  if( countBad(p->bNodes, p->rNodes, bChecker ? 1.0 : 0.0) ){
    snprintf(zReason, nReason, "failed_check:number_of_nodes");
    return 1;
  }
  if( countBad(p->bPerNode, p->rPerNode, 0.0) ){
    snprintf(zReason, nReason, "failed_check:accelerators_per_node");
    return 1;
  }
  return 0;
}

/* An eval_error line: its value, and the target of a benchmark read from
** it (MLPerf HPC's cosmoflow and oc20, lower is better). */
static void evalError(MllogRun *p, const MllogLine *pLine){
  const RulesTarget *t = p->pTarget;
  double v;
  if( pLine->value.z==0 || !mllogJsonNumber(&pLine->value, &v, 0, 0) ) return;
  p->bEvalError = 1;
  p->rEvalError = v;
  if( t && t->bError && t->eKind==RULES_TARGET_RANGE && inRange(t, v) ) p->bReached = 1;
}

/* The first numeric value of a count the log states (number_of_nodes,
** accelerators_per_node), as the result summarizer reads it. */
static void firstCount(const MllogLine *pLine, int *pb, double *pr){
  if( *pb || pLine->value.z==0 ) return;
  if( mllogJsonNumber(&pLine->value, pr, 0, 0) ) *pb = 1;
}

/*
** The compliance checker's place for an evaluation (RulesEvalAt): the
** eval_accuracy line's samples_count against the global batch size b,
** b * floor(a + c/b) for the first (FIRST), b * ceil(a + c/b) + k*b for
** the k-th (EVERY), as its Python computes them (int() of the count, true
** division). A line without either number is elsewhere.
*/
static void evalAt(MllogRun *p, const MllogLine *pLine, int bValue, double v){
  const RulesEvalAt *e = p->pEvalAt;
  MllogSpan count;
  double rCount, rAt;
  if( e->eKind==RULES_EVAL_EVERY && !(bValue && v>=0.0 && v<=1.0) ){
    p->bEvalRangeFail = 1;
  }
  if( e->eKind==RULES_EVAL_FIRST && p->nEvalAt>0 ) return;
  if( !p->bBatch || !(p->rBatch>0.0)
   || !mllogJsonMember(&pLine->metadata, "samples_count", &count)
   || !mllogJsonNumber(&count, &rCount, 0, 0) || !isfinite(rCount) ){
    p->bEvalAtFail = 1;
    p->nEvalAt++;
    return;
  }
  if( e->eKind==RULES_EVAL_FIRST ){
    rAt = p->rBatch * floor(e->rA + e->rB/p->rBatch);
    if( trunc(rCount)!=rAt ) p->bEvalAtFail = 1;
  }else{
    rAt = p->rBatch * ceil(e->rA + e->rB/p->rBatch) + (double)p->nEvalAt*p->rBatch;
    if( rCount!=rAt ) p->bEvalAtFail = 1;
  }
  p->nEvalAt++;
}

/*
** Whether eval_accuracy line pLine meets target t, into *pbReached; the
** closed division's target (bClosed) also keeps the last value and
** stable_diffusion's evaluations. The open division's target, where it
** differs, is never stable_diffusion's (rules_open_targets.inc).
*/
static void evalTarget(MllogRun *p, const RulesTarget *t, const MllogLine *pLine,
                       int bClosed, int *pbReached){
  double v;
  if( t && t->bError ) t = 0;
  if( mllogJsonNumber(&pLine->value, &v, 0, 0) ){
    if( bClosed ){
      p->bEval = 1;
      p->rEval = v;
    }
    if( t==0 ) return;
    if( t->eKind==RULES_TARGET_RANGE && inRange(t, v) ) *pbReached = 1;
    if( t->eKind==RULES_TARGET_BERT07 && v<t->rHi
     && v>=(p->bBatch && p->rBatch>=t->rBatch ? t->rLo2 : t->rLo) ){
      *pbReached = 1;
    }
    if( t->eKind==RULES_TARGET_SD && bClosed ) sdEval(p, pLine, v, t);
  }else if( t && t->eKind==RULES_TARGET_MASK ){
    MllogSpan bbox, segm;
    double rBbox, rSegm;
    if( mllogJsonMember(&pLine->value, "BBOX", &bbox)
     && mllogJsonMember(&pLine->value, "SEGM", &segm)
     && mllogJsonNumber(&bbox, &rBbox, 0, 0)
     && mllogJsonNumber(&segm, &rSegm, 0, 0)
     && rBbox>=t->rLo && rBbox<t->rHi && rSegm>=t->rLo2 && rSegm<t->rHi ){
      *pbReached = 1;
    }
  }
}

static void evalAccuracy(MllogRun *p, const MllogLine *pLine){
  if( pLine->value.z==0 ) return;
  if( p->pEvalAt ){
    double w = 0.0;
    int bValue = mllogJsonNumber(&pLine->value, &w, 0, 0);
    evalAt(p, pLine, bValue, w);
  }
  evalTarget(p, p->pTarget, pLine, 1, &p->bReached);
  if( p->pOpenTarget ) evalTarget(p, p->pOpenTarget, pLine, 0, &p->bReachedOpen);
}

const char *const mllogPrecKey[MLLOG_PREC_N] = { "linear", "attn", "comm" };
const char *const mllogLayoutKey[MLLOG_LAYOUT_N] = {
  "tensor_parallelism", "pipeline_parallelism", "context_parallelism",
  "expert_parallelism", "micro_batch_size"
};

/* 1 if the JSON string s is one of the '|'-separated words of zList. */
static int wordIn(const char *zList, const MllogSpan *s){
  char zWord[MLLOG_PREC_LEN];
  while( *zList ){
    size_t n = strcspn(zList, "|");
    if( n<sizeof(zWord) ){
      memcpy(zWord, zList, n);
      zWord[n] = 0;
      if( mllogJsonStringIs(s, zWord) ) return 1;
    }
    zList += n + (zList[n]=='|');
  }
  return 0;
}

/* The ruleset's allowed precisions, or 0 when its checker knows none of
** the numerics and layout keys. */
static const char *runPrecisions(const MllogRun *p){
  const RulesSet *r = rulesAt(p->iRuleset);
  return r ? r->zPrecisions : 0;
}

/* lowest_numerical_precision_[in_]{linear,attn,comm}: zTail is the key
** after "lowest_numerical_precision_". */
static void precisionKey(MllogRun *p, const char *zTail, const MllogLine *pLine){
  const char *zAllowed = runPrecisions(p);
  int bIn = strncmp(zTail, "in_", 3)==0;
  int i;
  if( bIn ) zTail += 3;
  for(i=0; i<MLLOG_PREC_N && strcmp(zTail, mllogPrecKey[i]); i++){}
  if( i==MLLOG_PREC_N ) return;
  p->ePrecSpelling |= bIn ? 1 : 2;
  /* common.yaml's CHECK: v['value'] in [...], on the _in_ keys only (the
  ** other spelling is a key the checker does not know). */
  if( bIn && zAllowed && p->iPrecBad==0
   && (pLine->value.z==0 || !wordIn(zAllowed, &pLine->value)) ){
    p->iPrecBad = i+1;
  }
  if( pLine->value.z==0 ) return;
  if( p->ePrecFrom[i]==0 || (bIn && p->ePrecFrom[i]==2) ){
    copyJsonText(&pLine->value, p->aPrec[i], MLLOG_PREC_LEN);
    p->ePrecFrom[i] = bIn ? 1 : 2;
  }
}

/* 1 if the JSON value s is the literal zLit (true, false, null). */
static int jsonIsLiteral(const MllogSpan *s, const char *zLit){
  size_t n = strlen(zLit);
  return s->n==n && memcmp(s->z, zLit, n)==0;
}

/* One of the layout keys (mllogLayoutKey[i]): its first numeric value;
** common.yaml's CHECK is_integer(v['value']), abs(round(v) - v) < 1e-5
** (Python's True and False pass it). */
static void layoutKey(MllogRun *p, int i, const MllogLine *pLine){
  double r = 0.0;
  int bInt = 0;
  sqlite3_int64 iv = 0;
  int bNum = pLine->value.z && mllogJsonNumber(&pLine->value, &r, &bInt, &iv);
  if( runPrecisions(p) && p->iLayoutBad==0 ){
    int bBool = pLine->value.z && (jsonIsLiteral(&pLine->value, "true")
                                  || jsonIsLiteral(&pLine->value, "false"));
    if( !bBool && !(bNum && isfinite(r) && fabs(round(r)-r)<0.00001) ){
      p->iLayoutBad = i+1;
    }
  }
  if( bNum && !p->aLayoutSet[i] ){
    p->aLayoutSet[i] = 1;
    p->aLayout[i] = r;
    p->aLayoutInt[i] = bInt;
    p->aLayoutI64[i] = iv;
  }
}

/* Count an occurrence of zKey if the rules require it. */
static void countKey(MllogRun *p, const char *zKey, size_t nKey,
                     const MllogLine *pLine){
  unsigned h = keyHash(zKey, nKey);
  while( p->aKeySlot[h] ){
    MllogKeyCount *k = &p->aKey[p->aKeySlot[h]-1];
    if( memcmp(k->zKey, zKey, nKey+1)==0 ){
      sqlite3_uint64 hv = mllogJsonHash(&pLine->value);
      if( k->nSeen==0 ) k->hFirst = hv;
      else if( hv!=k->hFirst ) k->bDiffer = 1;
      k->nSeen++;
      return;
    }
    h = (h+1) % (2*MLLOG_KEYS_MAX);
  }
}

void mllogRunLine(MllogRun *p, const MllogLine *pLine){
  /* The keys of interest have fewer than MLLOG_KEY_LEN characters, so at
  ** most 6 times that many bytes of JSON text even when every one is a \u
  ** escape. */
  char zKey[6*MLLOG_KEY_LEN];
  size_t nKey;
  p->nLines++;
  if( pLine==0 ){
    p->nCorrupt++;
    return;
  }
  if( pLine->key.n<3 || pLine->key.n-2>=sizeof(zKey) ) return;
  nKey = pLine->key.n-2;
  memcpy(zKey, pLine->key.z+1, nKey);
  zKey[nKey] = 0;
  if( !pLine->bKeyPlain ){
    /* Decoded; a key holding a NUL (\u0000, decoded as those 6
    ** characters) is none of ours. */
    long long nOut = mllogJsonString(&pLine->key, zKey);
    if( nOut<0 ) return;
    nKey = (size_t)nOut;
  }
  if( p->nKey && nKey<MLLOG_KEY_LEN ) countKey(p, zKey, nKey, pLine);
  switch( zKey[0] ){
    case 'a':
      if( strcmp(zKey, "accelerators_per_node")==0 ){
        firstCount(pLine, &p->bPerNode, &p->rPerNode);
      }
      break;
    case 'l':
      if( strncmp(zKey, "lowest_numerical_precision_", 27)==0 ){
        precisionKey(p, zKey+27, pLine);
      }
      break;
    case 't': case 'p': case 'c': case 'm':
      for(int i=0; i<MLLOG_LAYOUT_N; i++){
        if( strcmp(zKey, mllogLayoutKey[i])==0 ) layoutKey(p, i, pLine);
      }
      break;
    case 'e':
      if( strcmp(zKey, "eval_accuracy")==0 ) evalAccuracy(p, pLine);
      else if( strcmp(zKey, "eval_error")==0 ) evalError(p, pLine);
      else if( strcmp(zKey, "expert_parallelism")==0 ) layoutKey(p, 3, pLine);
      break;
    case 'n':
      if( strcmp(zKey, "number_of_nodes")==0 ){
        firstCount(pLine, &p->bNodes, &p->rNodes);
      }
      break;
    case 'g':
      if( strcmp(zKey, "global_batch_size")==0 && !p->bBatch
       && pLine->value.z
       && mllogJsonNumber(&pLine->value, &p->rBatch, &p->bBatchInt, &p->iBatch) ){
        p->bBatch = 1;
      }
      break;
    case 'i':
      if( strcmp(zKey, "init_start")==0 ){
        double rTime = mllogLineTimeMs(pLine);
        if( !p->bInitStart || rTime<p->rInitStartMin ) p->rInitStartMin = rTime;
        p->bInitStart = 1;
      }else if( strcmp(zKey, "init_stop")==0 && p->bInitStart ){
        double d = mllogLineTimeMs(pLine) - p->rInitStartMin;
        if( !p->bInitChecked || d>p->rInitWorst ) p->rInitWorst = d;
        p->bInitChecked = 1;
      }
      break;
    case 'r':
      if( strcmp(zKey, "run_start")==0 ){
        if( p->nRunStart++==0 ){
          p->rRunStart = mllogLineTimeMs(pLine);
          p->rStartS = mllogLineTime(pLine);
          p->bSeconds = pLine->bSeconds;
        }
      }else if( strcmp(zKey, "run_stop")==0 ){
        if( p->nRunStop++==0 ){
          MllogSpan status;
          p->rRunStop = mllogLineTimeMs(pLine);
          p->rStopS = mllogLineTime(pLine);
          if( mllogJsonMember(&pLine->metadata, "status", &status) ){
            p->bStatus = 1;
            /* Compared whole: "success\u0000x" is not a success. */
            p->bSuccess = mllogJsonStringIs(&status, "success");
            copyJsonText(&status, p->zStatus, sizeof(p->zStatus));
          }
        }
      }
      break;
    case 's':
      if( strcmp(zKey, "staging_start")==0 ){
        if( p->nRunStart==0 ) p->bStagingEarly = 1;
        p->bStagingStart = 1;
      }else if( strcmp(zKey, "staging_stop")==0 ){
        if( !p->bStagingStart ) p->bStagingStopFirst = 1;
      }else if( strcmp(zKey, "submission_division")==0 && pLine->value.z
       && !p->bDivision ){
        copyJsonText(&pLine->value, p->zDivision, sizeof(p->zDivision));
        p->bDivision = 1;
      }
      break;
  }
}

int mllogRunMinutes(const MllogRun *p, double *pr){
  if( p->nRunStart==0 || p->nRunStop==0 || !(p->rRunStop>=p->rRunStart) ) return 0;
  *pr = p->bSeconds ? (p->rStopS - p->rStartS)/60.0
                    : (p->rRunStop - p->rRunStart)/60000.0;
  return 1;
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

/*
** The first required key the log lacks (or repeats with different values),
** as reason text in zReason; 0 when every required key is there. A log
** without a known division is judged by the closed rules (the checker
** itself stops at the missing submission_division, a required key).
*/
static int missingKey(const MllogRun *p, char *zReason, size_t nReason){
  int eBit = strcmp(p->zDivision, "open")==0 ? 2 : 1;
  int i;
  for(i=0; i<p->nKey; i++){
    const MllogKeyCount *k = &p->aKey[i];
    if( (k->eNeed & eBit) && (k->nSeen==0 || k->bDiffer) ){
      snprintf(zReason, nReason, "%s:%s",
               k->nSeen==0 ? "missing_key" : "conflicting_key", k->zKey);
      return 1;
    }
    if( (k->eNeed & (eBit<<2)) && k->nSeen==0 ){
      snprintf(zReason, nReason, "missing_key:%s", k->zKey);
      return 1;
    }
  }
  return 0;
}

/* The v0.6 summarizer's rule (bTimesOnly): the first run_start and
** run_stop lines, of a benchmark the ruleset names. */
static int verdictTimesOnly(const MllogRun *p, char *zReason, size_t nReason){
  if( !p->bKnown ){
    snprintf(zReason, nReason, "unknown_benchmark");
  }else if( (p->nRunStart==0 || p->nRunStop==0) && p->nCorrupt ){
    /* Unreadable lines are skipped, but where a time is missing one of
    ** them may have held it (a time of 1e400, a line past the reader's
    ** limit): that is the reason to give. */
    snprintf(zReason, nReason, "malformed_line");
  }else if( p->nRunStart==0 ){
    snprintf(zReason, nReason, "missing_run_start");
  }else if( p->nRunStop==0 ){
    snprintf(zReason, nReason, "missing_run_stop");
  }else if( !(p->rRunStop>=p->rRunStart) ){
    snprintf(zReason, nReason, "negative_duration");
  }else{
    zReason[0] = 0;
    return 1;
  }
  return 0;
}

int mllogRunVerdict(const MllogRun *p, char *zReason, size_t nReason){
  double rLimit;
  if( p->iRuleset>=0 && rulesAt(p->iRuleset)->bTimesOnly ){
    return verdictTimesOnly(p, zReason, nReason);
  }
  int eSuite = p->iRuleset>=0 ? rulesAt(p->iRuleset)->eSuite : RULES_SUITE_TRAINING;
  if( p->nCorrupt ){
    snprintf(zReason, nReason, "malformed_line");
  }else if( p->nRunStart==0 ){
    snprintf(zReason, nReason, "missing_run_start");
  }else if( eSuite==RULES_SUITE_HPC_UNCHECKED ){
    /* No compliance step: a run that logs its start and stop counts. */
    if( p->nRunStop==0 ){
      snprintf(zReason, nReason, "missing_run_stop");
      return 0;
    }
    if( hpcCountsBad(p, zReason, nReason, 0) ) return 0;
    if( nReason ) zReason[0] = 0;
    return 1;
  }else if( p->nRunStart>1 ){
    snprintf(zReason, nReason, "duplicate_run_start");
  }else if( p->nRunStop==0 ){
    snprintf(zReason, nReason, "missing_run_stop");
  }else if( p->nRunStop>1 ){
    snprintf(zReason, nReason, "duplicate_run_stop");
  }else if( !(p->rRunStop>=p->rRunStart) ){
    snprintf(zReason, nReason, "negative_duration");
  }else if( eSuite==RULES_SUITE_HPC ? !p->bStatus : !p->bSuccess ){
    /* HPC's checker asks only that run_stop state a status. */
    snprintf(zReason, nReason, "status:%s", p->bStatus ? p->zStatus : "null");
  }else if( eSuite==RULES_SUITE_HPC && p->bStagingStopFirst ){
    snprintf(zReason, nReason, "staging_stop_before_start");
  }else if( eSuite==RULES_SUITE_HPC && p->bStagingEarly
         && rulesAt(p->iRuleset)->bStagingTimed ){
    snprintf(zReason, nReason, "staging_before_run_start");
  }else if( p->iRuleset>=0 && p->pTarget==0 && p->zReqClosed==0 ){
    snprintf(zReason, nReason, "unknown_benchmark");
  }else if( strcmp(p->zDivision, "open")==0 && p->pOpenTarget ? !p->bReachedOpen
           : (p->pTarget && !p->bReached) ){
    snprintf(zReason, nReason, "target_not_reached");
  }else{
    int bOpen = strcmp(p->zDivision, "open")==0;
    /* No ruleset given: Training's newest one's limits. */
    const RulesSet *pSet = rulesAt(p->iRuleset>=0 ? p->iRuleset : rulesNewestTraining());
    rLimit = bOpen ? pSet->rInitOpen : pSet->rInitClosed;
    rLimit *= 60.0*1000.0;
    if( p->bInitChecked && !isnan(rLimit) && !(p->rInitWorst<rLimit) ){
      snprintf(zReason, nReason, "init_too_slow");
    }else if( missingKey(p, zReason, nReason) ){
      /* zReason set */
    }else if( p->bEvalRangeFail || (p->bEvalAtFail && !bOpen) ){
      /* The checker's CHECK (EVERY: both divisions check the value) or
      ** FIRST_CHECK of eval_accuracy (the closed division's place). */
      snprintf(zReason, nReason, "failed_check:eval_accuracy");
    }else if( p->iPrecBad ){
      snprintf(zReason, nReason, "failed_check:lowest_numerical_precision_in_%s",
               mllogPrecKey[p->iPrecBad-1]);
    }else if( p->iLayoutBad ){
      snprintf(zReason, nReason, "failed_check:%s", mllogLayoutKey[p->iLayoutBad-1]);
    }else if( eSuite==RULES_SUITE_HPC && hpcCountsBad(p, zReason, nReason, 1) ){
      /* zReason set */
    }else{
      if( nReason ) zReason[0] = 0;
      return 1;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------------- */
/* The RCP checker's reading: converged_at                                */

/*
** How rcp_checker.py reads a log is the ruleset's (rules.h: eConvEval,
** bKeyStop, zSdStep; RulesBench.bSamplesCount), and the unit of each benchmark's progress
** the registry's (RulesBench.eUnit).
*/
/* The texts the checker looks for in a line, as bits. */
#define CONV_HAS_BATCH 1    /* global_batch_size */
#define CONV_HAS_BENCH 2    /* submission_benchmark */
#define CONV_HAS_ACC   4    /* eval_accuracy */
#define CONV_HAS_ERR   8    /* eval_error */
#define CONV_HAS_STOP  16   /* run_stop */

/* 1 if the JSON string s names a benchmark of ruleset r that the RCP
** checker reads by samples_count (RulesBench.bSamplesCount). */
static int convSamplesCount(const RulesSet *r, const MllogSpan *s){
  int i;
  for(i=0; i<r->nBench; i++){
    if( r->aBench[i].bSamplesCount && mllogJsonStringIs(s, r->aBench[i].zBench) ){
      return 1;
    }
  }
  return 0;
}

/*
** Which of the checker's texts starts around the underscore at z[i] (each
** has one, and the byte after it tells them apart).
*/
static int convAt(const char *z, size_t n, size_t i){
#define CONV_AT(zText, nBefore, eBit) \
  if( i>=nBefore && i-nBefore+sizeof(zText)-1<=n \
   && memcmp(z+i-nBefore, zText, sizeof(zText)-1)==0 ) return eBit
  if( i+1>=n ) return 0;
  switch( z[i+1] ){
    case 'b':
      CONV_AT("global_batch_size", 6, CONV_HAS_BATCH);
      CONV_AT("submission_benchmark", 10, CONV_HAS_BENCH);
      break;
    case 'a': CONV_AT("eval_accuracy", 4, CONV_HAS_ACC); break;
    case 'e': CONV_AT("eval_error", 4, CONV_HAS_ERR); break;
    case 's': CONV_AT("run_stop", 3, CONV_HAS_STOP); break;
  }
#undef CONV_AT
  return 0;
}

/*
** Which of the checker's texts payload z[0..n-1] holds, anywhere (inside
** strings too, as Python's `in` finds them): one pass over the line's
** underscores, sixteen bytes at a time where SSE2 is at hand.
**
** Only the underscores that follow an 'l' or an 'n' reach convAt: each
** text has one (globa[l]_, submissio[n]_, eva[l]_, ru[n]_), and
** (c|2)=='n' holds for exactly those two bytes, so one compare tests
** both. The last block overlaps the one before rather than going byte by
** byte; positions already seen are masked off.
*/
static int convScan(const char *z, size_t n){
  size_t i = 1;               /* an underscore at 0 follows nothing */
  int m = 0;
#if defined(__SSE2__)
  if( n>=17 ){
    const __m128i us = _mm_set1_epi8('_');
    const __m128i two = _mm_set1_epi8(2);
    const __m128i ln = _mm_set1_epi8('n');
#define CONV_BLOCK_MASK(iBlock) (unsigned)_mm_movemask_epi8(_mm_and_si128( \
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(z+(iBlock))), us), \
        _mm_cmpeq_epi8(_mm_or_si128( \
            _mm_loadu_si128((const __m128i*)(z+(iBlock)-1)), two), ln)))
    unsigned mask;
    for(; i+16<=n; i+=16){
      for(mask=CONV_BLOCK_MASK(i); mask; mask&=mask-1){
        m |= convAt(z, n, i+(size_t)__builtin_ctz(mask));
      }
    }
    if( i<n ){
      /* z[n-16..n-1], less the positions before i (seen above) */
      for(mask=CONV_BLOCK_MASK(n-16) & (0xffffu<<(i-(n-16))); mask; mask&=mask-1){
        m |= convAt(z, n, n-16+(size_t)__builtin_ctz(mask));
      }
    }
#undef CONV_BLOCK_MASK
    return m;
  }
#endif
  for(; i<n; i++){
    if( z[i]=='_' && (z[i-1]|2)=='n' ) m |= convAt(z, n, i);
  }
  return m;
}

/* A value as Python compares it with a number: numbers, and true and
** false (1 and 0). 0 for anything else. */
static int convNumber(const MllogSpan *s, double *pr){
  if( s->z && s->n==4 && memcmp(s->z, "true", 4)==0 ){ *pr = 1.0; return 1; }
  if( s->z && s->n==5 && memcmp(s->z, "false", 5)==0 ){ *pr = 0.0; return 1; }
  return mllogJsonNumber(s, pr, 0, 0);
}

/* A value Python cannot hash (a dict key): an array or an object. */
static int convUnhashable(const MllogSpan *s){
  return s->z[0]=='[' || s->z[0]=='{';
}

double mllogRound3(double x){
  char z[400];       /* "%.3f" of the largest double: 313 bytes */
  if( !isfinite(x) ) return x;
  snprintf(z, sizeof(z), "%.3f", x);
  return strtod(z, 0);
}

void mllogConvInit(MllogConv *p, const char *zBench, int iRuleset){
  const RulesSet *r = rulesAt(iRuleset);
  const RulesBench *pBench;
  memset(p, 0, offsetof(MllogConv, aStep));
  p->iRules = -1;
  if( r==0 || r->eConvEval==RULES_CONV_NONE ) return;
  p->iRules = iRuleset;
  pBench = rulesBench(iRuleset, zBench, 0);
  p->eUnit = pBench ? pBench->eUnit : RULES_UNIT_NONE;
}

/*
** An eval line read for its progress, metadata member zKey (epoch_num,
** rounded to 3 decimals as the checker does, or samples_count). The
** checker fails without it, and round() fails on a value not a number.
*/
static void convProgress(MllogConvMode *m, const MllogLine *pLine,
                         const char *zKey, int bRound){
  MllogSpan v;
  double r;
  int bNumber;
  if( m->bFail ) return;
  if( pLine==0 || !mllogJsonMember(&pLine->metadata, zKey, &v) ){
    m->bFail = 1;
    return;
  }
  bNumber = convNumber(&v, &r);
  if( m->eProgress!=0 && !(m->eProgress==1 && bNumber && r==m->rProgress) ){
    /* A new evaluation (a line repeating the progress of the last one, as
    ** a second metric of the same eval does, is the same evaluation): the
    ** last one becomes the one before. */
    m->ePrev = m->eProgress;
    m->rPrev = m->rProgress;
  }
  if( bNumber ){
    m->eProgress = 1;
    m->rProgress = r;        /* rounded only if it is the result: the same
                             ** value, without a printf per eval line */
    m->bRound = bRound;
  }else if( bRound ){
    m->bFail = 1;
  }else{
    m->eProgress = 2;
  }
  /* samples_count lines: eval_score = ...["value"] */
  if( !bRound && pLine->value.z==0 ) m->bFail = 1;
}

/*
** A stable_diffusion eval line: the checker keeps the last value of each
** (step, metric). A step that is not a number is taken as a failure (the
** checker would carry it into min() and its statistics).
*/
static void convSdEval(MllogConv *p, const char *zStep, const MllogLine *pLine){
  MllogSpan step, metric;
  double rStep, v;
  MllogConvStep *s;
  int i, eVal;
  if( pLine==0
   || !mllogJsonMember(&pLine->metadata, zStep, &step)
   || !mllogJsonMember(&pLine->metadata, "metric", &metric)
   || pLine->value.z==0
   || convUnhashable(&metric)
   || !convNumber(&step, &rStep) ){
    p->bFail = 1;
    return;
  }
  for(i=0; i<p->nStep && p->aStep[i].rStep!=rStep; i++){}
  if( i==p->nStep ){
    if( p->nStep>=MLLOG_CONV_STEPS ){
      p->bFail = 1;
      return;
    }
    memset(&p->aStep[i], 0, sizeof(p->aStep[i]));
    p->aStep[i].rStep = rStep;
    p->nStep++;
  }
  s = &p->aStep[i];
  eVal = convNumber(&pLine->value, &v) ? 1 : 2;
  if( mllogJsonStringIs(&metric, "FID") ){
    s->eFid = (unsigned char)eVal;
    s->rFid = v;
  }else if( mllogJsonStringIs(&metric, "CLIP") ){
    s->eClip = (unsigned char)eVal;
    s->rClip = v;
  }
}

/*
** At a successful run_stop of stable_diffusion: the smallest step whose
** FID <= rSdFidMax and CLIP >= rSdClipMin (the ruleset's), into *pr. 0 where the checker fails: a step
** without FID, or with FID <= 90 and no CLIP (KeyError), a value no number
** compares with (TypeError), no passing step (min of nothing).
*/
static int convSdPass(const MllogConv *p, double *pr){
  const RulesSet *r = rulesAt(p->iRules);
  int i, bAny = 0;
  for(i=0; i<p->nStep; i++){
    const MllogConvStep *s = &p->aStep[i];
    if( s->eFid!=1 ) return 0;
    if( !(s->rFid<=r->rSdFidMax) ) continue;
    if( s->eClip!=1 ) return 0;
    if( s->rClip>=r->rSdClipMin && (!bAny || s->rStep<*pr) ){
      *pr = s->rStep;
      bAny = 1;
    }
  }
  return bAny;
}

/*
** The largest evaluated step below the passing step rPass (any step with
** an eval line, passing or not), into *pr; 0 when there is none.
*/
static int convSdBefore(const MllogConv *p, double rPass, double *pr){
  int i, bAny = 0;
  for(i=0; i<p->nStep; i++){
    double rStep = p->aStep[i].rStep;
    if( rStep<rPass && (!bAny || rStep>*pr) ){
      *pr = rStep;
      bAny = 1;
    }
  }
  return bAny;
}

/* The eval lines of a line holding eval_accuracy and/or eval_error. */
static void convEval(MllogConv *p, const RulesSet *r, int m,
                     const MllogLine *pLine){
  if( r->eConvEval==RULES_CONV_DETECT ){
    if( m & CONV_HAS_ACC ) convProgress(&p->aMode[0], pLine, "epoch_num", 1);
    if( m & CONV_HAS_ERR ) convProgress(&p->aMode[1], pLine, "epoch_num", 1);
  }else if( p->eBench==1 ){
    convSdEval(p, r->zSdStep, pLine);
  }else if( p->eBench==2 ){
    convProgress(&p->aMode[0], pLine, "samples_count", 0);
  }else{
    convProgress(&p->aMode[0], pLine, "epoch_num", 1);
  }
}

/* A run_stop line: its status decides, for each kind of eval line. */
static void convStop(MllogConv *p, const RulesSet *r,
                     const MllogLine *pLine){
  MllogSpan status;
  int nMode = r->eConvEval==RULES_CONV_DETECT ? 2 : 1;
  int bSuccess, k;
  if( pLine && r->bKeyStop && !mllogJsonStringIs(&pLine->key, "run_stop") ){
    return;
  }
  if( pLine==0 || !mllogJsonMember(&pLine->metadata, "status", &status) ){
    p->bFail = 1;
    return;
  }
  p->nStop++;
  bSuccess = mllogJsonStringIs(&status, "success");
  for(k=0; k<nMode; k++){
    MllogConvMode *m = &p->aMode[k];
    if( m->bFail ) continue;
    if( !bSuccess ){
      m->eResult = 2;
      continue;
    }
    if( p->eBench==1 ){
      if( !convSdPass(p, &m->rProgress) ){
        p->bFail = 1;
        return;
      }
      m->eProgress = 1;
      m->bRound = 0;
      m->ePrev = convSdBefore(p, m->rProgress, &m->rPrev);
    }
    if( m->eProgress==0 ){
      /* From 3.0.0 the checker fails (no progress read yet); before, it
      ** takes the progress of the log it read before this one. */
      m->bFail = 1;
      continue;
    }
    m->eResult = m->eProgress==1 ? 1 : 3;
    m->rResult = m->rProgress;
    m->bRoundResult = m->bRound;
    m->eAfter = m->ePrev;
    m->rAfter = m->rPrev;
  }
}

void mllogConvLine(MllogConv *p, const char *z, size_t n,
                   const MllogLine *pLine){
  const RulesSet *r;
  int m;
  if( p->iRules<0 || p->eUnit==0 || p->bFail ) return;
  if( z==0 ){
    p->bFail = 1;              /* a line too long to read: unknown */
    return;
  }
  r = rulesAt(p->iRules);
  m = convScan(z, n);
  if( m & CONV_HAS_ERR ) p->bEvalError = 1;
  if( r->eConvEval!=RULES_CONV_EITHER ) m &= ~CONV_HAS_BENCH;
  if( r->eConvEval==RULES_CONV_ACCURACY ) m &= ~CONV_HAS_ERR;
  if( m==0 ) return;
  /* bs = json.loads(str)["value"], benchmark = json.loads(str)["value"] */
  if( (m & (CONV_HAS_BATCH|CONV_HAS_BENCH)) && (pLine==0 || pLine->value.z==0) ){
    p->bFail = 1;
    return;
  }
  if( m & CONV_HAS_BENCH ){
    if( r->zSdStep && mllogJsonStringIs(&pLine->value, "stable_diffusion") ){
      p->eBench = 1;
    }else{
      p->eBench = convSamplesCount(r, &pLine->value) ? 2 : 0;
    }
  }
  if( m & (CONV_HAS_ACC|CONV_HAS_ERR) ) convEval(p, r, m, pLine);
  if( m & CONV_HAS_STOP ) convStop(p, r, pLine);
}

int mllogConvResult(const MllogConv *p, double *pr){
  const RulesSet *r;
  const MllogConvMode *m;
  if( p->iRules<0 || p->eUnit==0 || p->bFail ) return 0;
  r = rulesAt(p->iRules);
  m = &p->aMode[r->eConvEval==RULES_CONV_DETECT && p->bEvalError ? 1 : 0];
  if( m->bFail || m->eResult!=1 ) return 0;
  /* Before 3.0.0 a log with no run_stop line, or several, adds as many
  ** entries to the checker's list: none is this run's alone. */
  if( r->eConvEval!=RULES_CONV_EITHER && p->nStop!=1 ) return 0;
  *pr = m->bRoundResult ? mllogRound3(m->rResult) : m->rResult;
  return 1;
}

int mllogConvAfter(const MllogConv *p, double *pr){
  const MllogConvMode *m;
  double rAt, rAfter;
  if( !mllogConvResult(p, &rAt) ) return 0;
  m = &p->aMode[rulesAt(p->iRules)->eConvEval==RULES_CONV_DETECT
                && p->bEvalError ? 1 : 0];
  if( m->eAfter!=1 ) return 0;
  rAfter = m->bRoundResult ? mllogRound3(m->rAfter) : m->rAfter;
  if( !(rAfter<rAt) ) return 0;
  *pr = rAfter;
  return 1;
}

const char *mllogConvUnit(const MllogConv *p){
  return rulesUnitName(p->eUnit);
}

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
