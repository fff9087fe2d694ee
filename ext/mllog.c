/*
** mllog.c: the MLLOG reader behind mlperf_log/mlperf_runs (plain C; the SQL
** glue is mlperf_sql.c). See include/mllog.h for the API.
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
**   - applies the convergence rules of MLCommons' compliance checker
**     (training 4.1.0): no corrupt line, exactly one run_start and one
**     run_stop, run_stop status "success", the quality target reached,
**     init_stop - first init_start under 30 (closed) or 240 (open) minutes.
**
** Nothing here calls SQLite but for memory, so the parser can be fuzzed and
** unit-tested alone (tests/fuzz/mllog_fuzz.c, tests/unit/mllog_test.c).
** Numbers that are not small integers go through strtod, which assumes the
** "C" LC_NUMERIC locale (the default of every program that does not change
** it).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mllog.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
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

/* 1 for the bytes that end a run of plain string text: '"', '\\', < 0x20. */
static const unsigned char aJsonSpecial[256] = {
  1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1, 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
  0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,
  0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0, 0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,
};

/* Scan the string starting at z[i]=='"'. Returns the offset after its
** closing quote, or 0 after writing the fault to zErr. */
static size_t jsonCheckString(const char *z, size_t n, size_t i,
                              char *zErr, size_t nErr){
  i++;
  for(;;){
    unsigned char c;
#if defined(__SSE2__)
    /* 16 bytes at a time: stop at '"', '\\' or a byte <= 0x1f. */
    {
      const __m128i vQuote = _mm_set1_epi8('"');
      const __m128i vSlash = _mm_set1_epi8('\\');
      const __m128i vCtl = _mm_set1_epi8(0x1f);
      while( i+16<=n ){
        __m128i v = _mm_loadu_si128((const __m128i*)(z+i));
        __m128i hit = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, vQuote), _mm_cmpeq_epi8(v, vSlash)),
            _mm_cmpeq_epi8(_mm_min_epu8(v, vCtl), v));
        int mask = _mm_movemask_epi8(hit);
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
    if( c<0x20 ){
      snprintf(zErr, nErr, "control character 0x%02x in a string at byte %zu",
               c, i);
      return 0;
    }
    /* a backslash */
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
      default:
        snprintf(zErr, nErr, "bad escape '\\%c' at byte %zu",
                 (unsigned char)z[i+1]>=0x20 ? z[i+1] : '?', i);
        return 0;
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

/* Scan the number starting at z[i] (i<n). Returns the offset after it,
** or 0. */
static size_t jsonCheckNumber(const char *z, size_t n, size_t i,
                              char *zErr, size_t nErr){
  size_t iStart = i, iDigits;
  if( z[i]=='-' ) i++;
  if( i<n && z[i]=='0' ){
    i++;
  }else{
    iDigits = i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
  }
  if( i<n && z[i]=='.' ){
    iDigits = ++i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
  }
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ) i++;
    iDigits = i;
    i = jsonSkipDigits(z, n, i);
    if( i==iDigits ) goto bad_number;
  }
  return i;
bad_number:
  snprintf(zErr, nErr, "bad number at byte %zu", iStart);
  return 0;
}

/*
** jsonCheckString for the common case, a string that ends within the next
** 16 bytes without escapes: one SSE2 compare, inlined into the validator.
** *pbPlain is set to 1 when the string is known to hold no escape.
*/
static inline size_t jsonCheckStringFast(const char *z, size_t n, size_t i,
                                         char *zErr, size_t nErr,
                                         int *pbPlain){
  *pbPlain = 0;
#if defined(__SSE2__)
  if( i+17<=n ){
    __m128i v = _mm_loadu_si128((const __m128i*)(z+i+1));
    __m128i hit = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
        _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v));
    unsigned mask = (unsigned)_mm_movemask_epi8(hit);
    if( mask ){
      size_t k = i+1+(size_t)__builtin_ctz(mask);
      if( z[k]=='"' ){
        *pbPlain = 1;
        return k+1;
      }
    }
  }
#endif
  return jsonCheckString(z, n, i, zErr, nErr);
}

/* Record a member of the top-level object if it is one MllogLine wants;
** bPlain: the name is known to hold no escape. */
static void lineMember(MllogLine *p, const MllogSpan *pName, int bPlain,
                       const char *zVal, size_t nVal){
  MllogSpan *pSlot = 0;
  const char *zName = pName->z+1;
  if( !bPlain && memchr(zName, '\\', pName->n-2) ){
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
  }
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
  size_t iVal = 0;            /* start of its value */
  int bTop = 0;               /* record the members of the top-level object */
  if( zErr==0 || nErr==0 ){
    zErr = zDummy;
    nErr = sizeof(zDummy);
  }
  zErr[0] = 0;

at_value:
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( i>=n ) goto end_of_text;
  switch( z[i] ){
    case '{':
    case '[':
      if( nDepth>=MLLOG_JSON_MAX_DEPTH ){
        snprintf(zErr, nErr, "JSON nested deeper than %d levels at byte %zu",
                 MLLOG_JSON_MAX_DEPTH, i);
        return 1;
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
      goto at_value;
    case '"':
      i = jsonCheckStringFast(z, n, i, zErr, nErr, &bPlain);
      if( i==0 ) return 1;
      goto after_value;
    case 't':
    case 'f':
    case 'n': {
      /* Constant lengths: each comparison is one load, not a call. */
      size_t nWord = 0;
      if( z[i]=='t' ){
        if( n-i>=4 && memcmp(z+i, "true", 4)==0 ) nWord = 4;
      }else if( z[i]=='f' ){
        if( n-i>=5 && memcmp(z+i, "false", 5)==0 ) nWord = 5;
      }else{
        if( n-i>=4 && memcmp(z+i, "null", 4)==0 ) nWord = 4;
      }
      if( nWord==0 ){
        snprintf(zErr, nErr, "unexpected character '%c' at byte %zu", z[i], i);
        return 1;
      }
      i += nWord;
      goto after_value;
    }
    default:
      if( z[i]=='-' || jsonIsDigit(z[i]) ){
        i = jsonCheckNumber(z, n, i, zErr, nErr);
        if( i==0 ) return 1;
        goto after_value;
      }else{
        unsigned char c = (unsigned char)z[i];
        if( c>=0x20 && c<0x7f ){
          snprintf(zErr, nErr, "unexpected character '%c' at byte %zu", c, i);
        }else{
          snprintf(zErr, nErr, "unexpected byte 0x%02x at byte %zu", c, i);
        }
        return 1;
      }
  }

at_name:                      /* whitespace already skipped */
  if( i>=n ) goto end_of_text;
  if( z[i]!='"' ){
    snprintf(zErr, nErr, "expected a member name at byte %zu", i);
    return 1;
  }
  iName = i;
  i = jsonCheckStringFast(z, n, i, zErr, nErr, &bPlain);
  if( i==0 ) return 1;
  if( bTop && nDepth==1 ){
    name.z = z+iName;
    name.n = i-iName;
    bNamePlain = bPlain;
  }
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( i>=n || z[i]!=':' ){
    snprintf(zErr, nErr, "expected ':' at byte %zu", i);
    return 1;
  }
  i++;
  while( i<n && jsonIsSpace(z[i]) ) i++;
  if( bTop && nDepth==1 ) iVal = i;
  goto at_value;

after_value:
  if( nDepth==0 ){
    *pnUsed = i;
    return 0;
  }
  if( bTop && nDepth==1 ) lineMember(pTop, &name, bNamePlain, z+iVal, i-iVal);
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
  return 1;

end_of_text:
  snprintf(zErr, nErr, "unexpected end of JSON at byte %zu", i);
  return 1;
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

/* Append code point c to z as UTF-8; returns bytes written. */
static int jsonPutUtf8(char *z, unsigned int c){
  if( c<0x80 ){
    z[0] = (char)c;
    return 1;
  }
  if( c<0x800 ){
    z[0] = (char)(0xc0 | (c>>6));
    z[1] = (char)(0x80 | (c & 0x3f));
    return 2;
  }
  if( c<0x10000 ){
    z[0] = (char)(0xe0 | (c>>12));
    z[1] = (char)(0x80 | ((c>>6) & 0x3f));
    z[2] = (char)(0x80 | (c & 0x3f));
    return 3;
  }
  z[0] = (char)(0xf0 | (c>>18));
  z[1] = (char)(0x80 | ((c>>12) & 0x3f));
  z[2] = (char)(0x80 | ((c>>6) & 0x3f));
  z[3] = (char)(0x80 | (c & 0x3f));
  return 4;
}

static unsigned int jsonHex4(const char *z){
  return (unsigned int)((jsonHexVal(z[0])<<12) | (jsonHexVal(z[1])<<8)
                      | (jsonHexVal(z[2])<<4) | jsonHexVal(z[3]));
}

long long mllogJsonString(const MllogSpan *s, char *zOut){
  const char *z = s->z;
  size_t n = s->n;
  size_t i;
  long long j = 0;
  if( z==0 || n<2 || z[0]!='"' ) return -1;
  n--;                                   /* the closing quote */
  for(i=1; i<n; ){
    char c = z[i];
    if( c!='\\' ){
      zOut[j++] = c;
      i++;
      continue;
    }
    c = z[i+1];
    i += 2;
    switch( c ){
      case 'b': zOut[j++] = '\b'; break;
      case 'f': zOut[j++] = '\f'; break;
      case 'n': zOut[j++] = '\n'; break;
      case 'r': zOut[j++] = '\r'; break;
      case 't': zOut[j++] = '\t'; break;
      case 'u': {
        unsigned int cp = jsonHex4(z+i);
        i += 4;
        if( cp>=0xd800 && cp<0xdc00 ){
          if( i+6<=n && z[i]=='\\' && z[i+1]=='u' ){
            unsigned int lo = jsonHex4(z+i+2);
            if( lo>=0xdc00 && lo<0xe000 ){
              cp = 0x10000 + ((cp-0xd800)<<10) + (lo-0xdc00);
              i += 6;
            }else{
              cp = 0xfffd;
            }
          }else{
            cp = 0xfffd;
          }
        }else if( cp>=0xdc00 && cp<0xe000 ){
          cp = 0xfffd;
        }
        j += jsonPutUtf8(zOut+j, cp);
        break;
      }
      default: zOut[j++] = c; break;   /* " \ / */
    }
  }
  if( (size_t)j<s->n ) zOut[j] = 0;
  return j;
}

int mllogJsonStringIs(const MllogSpan *s, const char *zText){
  size_t nText = strlen(zText);
  char zBuf[256];
  long long nOut;
  if( s->z==0 || s->n<2 || s->z[0]!='"' ) return 0;
  if( memchr(s->z, '\\', s->n)==0 ){
    return s->n-2==nText && memcmp(s->z+1, zText, nText)==0;
  }
  /* Each decoded byte takes at most 6 bytes of JSON text. */
  if( s->n>sizeof(zBuf) || s->n-2>6*nText ) return 0;
  nOut = mllogJsonString(s, zBuf);
  return nOut==(long long)nText && memcmp(zBuf, zText, nText)==0;
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
  return 1;
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
  return 0;
corrupt:
  memset(p, 0, offsetof(MllogLine, zErr));
  return 1;
}

double mllogLineTimeMs(const MllogLine *p){
  double r = 0.0;
  mllogJsonNumber(&p->timeMs, &r, 0, 0);
  return r;
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
  if( p->aBuf==0 ) return MLLOG_NOMEM;
  p->nBuf = nBuf;
  return mllogReaderReopen(p, zPath);
}

int mllogReaderReopen(MllogReader *p, const char *zPath){
  MllogReader keep = *p;
  if( keep.aBuf==0 ) return MLLOG_NOMEM;
  if( p->fd>=0 ) close(p->fd);
  memset(p, 0, sizeof(*p));
  p->aBuf = keep.aBuf;
  p->aData = alignedWindow(keep.aBuf, 0);
  p->nBuf = keep.nBuf;
  p->bNoLines = keep.bNoLines;
  p->nMaxBytes = keep.nMaxBytes;
  p->zLimitName = keep.zLimitName;
  p->xStop = keep.xStop;
  p->pStopArg = keep.pStopArg;
  p->iMark = -1;
  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  p->fd = open(zPath, O_RDONLY|O_CLOEXEC|O_NONBLOCK);
  if( p->fd<0 ){
    p->eErrno = errno ? errno : EIO;
    return MLLOG_IOERR;
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
      return MLLOG_IOERR;
    }
  }
  return MLLOG_DONE;
}

const char *mllogReaderErrorText(const MllogReader *p){
  if( p->eErrno==MLLOG_ENOTREG ) return "not a regular file";
  if( p->eErrno==MLLOG_ETOOBIG ) return p->zErrText;
  if( p->eErrno==MLLOG_ESTOPPED ) return "interrupted";
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
static const char *findMarker(const char *z, size_t n){
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
    const char *m = findMarker(p->aData+iFrom, p->iEnd-iFrom);
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
  return MLLOG_IOERR;
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
    int bLineEnd;
    if( a==0 || p->fd<0 ) return MLLOG_DONE;
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
        p->iPos = p->iEnd - (p->iEnd-p->iPos < MLLOG_MARKER_LEN-1
                             ? p->iEnd-p->iPos : MLLOG_MARKER_LEN-1);
      }
      p->iScan = p->iPos;
    }
    iStart = p->iPos;
    iTerm = iStart + findLineEnd(a+iStart, p->iEnd-iStart);
    bLineEnd = iTerm<p->iEnd;

    iFrom = p->iScan>iStart ? p->iScan : iStart;
    for(;;){
      size_t iNext = nextMarker(p, iFrom);
      if( iNext+MLLOG_MARKER_LEN>iTerm ) break;
      p->iMark = (long long)iNext;
      iFrom = iNext + MLLOG_MARKER_LEN;
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
        *pz = a + iMark + MLLOG_MARKER_LEN;
        *pn = iTerm - ((size_t)iMark + MLLOG_MARKER_LEN);
        *piLine = p->iLine;
        return MLLOG_ROW;
      }
      if( bTooLong ){
        *pz = 0;
        *pn = 0;
        *piLine = p->iLine;
        return MLLOG_LONG;
      }
      continue;
    }
    if( p->bEof ) return MLLOG_DONE;

    /* Need more data: keep the line from its last marker, or its tail. */
    {
      size_t nTail = p->iEnd-iStart < MLLOG_MARKER_LEN-1
                   ? p->iEnd-iStart : MLLOG_MARKER_LEN-1;
      size_t iKeep;
      size_t nWant;
      ssize_t nGot;
      p->iScan = p->iEnd - nTail;
      iKeep = p->iMark>=0 ? (size_t)p->iMark : p->iScan;
      if( iKeep==0 && p->iEnd==p->nBuf ){
        p->bTooLong = 1;
        p->iMark = -1;
        p->iScan = p->iEnd - (MLLOG_MARKER_LEN-1);
        iKeep = p->iScan;
      }
      if( iKeep>iStart ) bMidLine = 1;
      p->aData = alignedWindow(p->aBuf, p->iEnd-iKeep);
      memmove(p->aData, a+iKeep, p->iEnd-iKeep);
      a = p->aData;
      p->iEnd -= iKeep;
      p->iScan -= iKeep;
      if( p->iMark>=0 ) p->iMark -= (long long)iKeep;
      p->iPos = iStart>iKeep ? iStart-iKeep : 0;
      p->bMarkKnown = 0;
      /* Reads of MLLOG_READ_CHUNK keep the data being parsed in the CPU's
      ** cache; read(2) rather than stdio: no second buffer, no fstat. */
      nWant = p->nBuf-p->iEnd;
      if( nWant>MLLOG_READ_CHUNK ) nWant = MLLOG_READ_CHUNK;
      /* The size is checked before the first read (a sparse terabyte
      ** fails at once), the bytes read after each read (files whose size
      ** says nothing, such as /proc/self/pagemap): what lies beyond the
      ** limit is never parsed. */
      if( p->nMaxBytes>0 && p->nSize>p->nMaxBytes ) return readerTooBig(p);
      if( p->xStop && (p->nRead/MLLOG_READ_CHUNK)%16==15 && p->xStop(p->pStopArg) ){
        p->eErrno = MLLOG_ESTOPPED;
        return MLLOG_IOERR;
      }
      do{
        nGot = read(p->fd, a+p->iEnd, nWant);
      }while( nGot<0 && errno==EINTR );
      if( nGot<0 ){
        p->eErrno = errno ? errno : EIO;
        return MLLOG_IOERR;
      }
      p->nRead += nGot;
      if( p->nMaxBytes>0 && p->nRead>p->nMaxBytes ) return readerTooBig(p);
      if( nGot==0 ) p->bEof = 1;
      p->iEnd += (size_t)nGot;
    }
  }
}

/* ---------------------------------------------------------------------- */
/* Convergence rules                                                      */

#define TARGET_RANGE   1   /* lo (<= or <) v (< or <=) hi */
#define TARGET_MASK    2   /* maskrcnn: {"BBOX": .., "SEGM": ..} */
#define TARGET_SD      3   /* stable_diffusion: FID and CLIP per samples_count */

static const struct Target {
  const char *zBench;
  int eKind;
  double rLo;
  int bLoIncl;
  double rHi;              /* NAN: no upper bound */
  int bHiIncl;
  const char *zText;
} aTarget[] = {
  { "bert",            TARGET_RANGE, 0.720,   1, 1.0,   0, "0.720 <= v < 1.0" },
  { "dlrm",            TARGET_RANGE, 0.8025,  1, 1.0,   0, "0.8025 <= v < 1.0" },
  { "dlrm_dcnv2",      TARGET_RANGE, 0.80275, 1, 1.0,   1, "0.80275 <= v <= 1.0" },
  { "gnn",             TARGET_RANGE, 0.72,    1, 1.0,   0, "0.72 <= v < 1.0" },
  { "rgat",            TARGET_RANGE, 0.72,    1, 1.0,   0, "0.72 <= v < 1.0" },
  { "ssd",             TARGET_RANGE, 0.340,   1, 1.0,   0, "0.340 <= v < 1.0" },
  { "retinanet",       TARGET_RANGE, 0.340,   1, 1.0,   0, "0.340 <= v < 1.0" },
  { "resnet",          TARGET_RANGE, 0.759,   1, 1.0,   0, "0.759 <= v < 1.0" },
  { "minigo",          TARGET_RANGE, 0.5,     1, 1.0,   0, "0.5 <= v < 1.0" },
  { "unet3d",          TARGET_RANGE, 0.908,   1, NAN,   0, "v >= 0.908" },
  { "gpt3",            TARGET_RANGE, 2.6,     0, 2.69,  1, "2.6 < v <= 2.69" },
  { "llama2_70b_lora", TARGET_RANGE, 0.0,     0, 0.925, 1, "0.0 < v <= 0.925" },
  { "llama31_405b",    TARGET_RANGE, 0.0,     0, 5.6,   1, "0.0 < v <= 5.6" },
  { "llama31_8b",      TARGET_RANGE, 0.0,     0, 3.3,   1, "0.0 < v <= 3.3" },
  { "flux1",           TARGET_RANGE, 0.0,     0, 0.586, 1, "0.0 < v <= 0.586" },
  { "rnnt",            TARGET_RANGE, 0.0,     0, 0.058, 1, "0.0 < v <= 0.058" },
  { "maskrcnn",        TARGET_MASK,  0, 0, 0, 0,
    "BBOX >= 0.377 and SEGM >= 0.339 (both < 1.0)" },
  { "mask",            TARGET_MASK,  0, 0, 0, 0,
    "BBOX >= 0.377 and SEGM >= 0.339 (both < 1.0)" },
  { "stable_diffusion", TARGET_SD,   0, 0, 0, 0,
    "FID <= 90.0 and 0.15 <= CLIP <= 1.0 at the same samples_count" },
};

static int findTarget(const char *zBench){
  size_t i;
  if( zBench==0 ) return -1;
  for(i=0; i<sizeof(aTarget)/sizeof(aTarget[0]); i++){
    if( strcmp(aTarget[i].zBench, zBench)==0 ) return (int)i;
  }
  return -1;
}

const char *mllogTargetText(const char *zBench){
  int i = findTarget(zBench);
  return i<0 ? 0 : aTarget[i].zText;
}

void mllogRunInit(MllogRun *p, const char *zBench){
  memset(p, 0, sizeof(*p));
  p->eBench = findTarget(zBench);
}

static int inRange(const struct Target *t, double v){
  if( t->bLoIncl ? !(v>=t->rLo) : !(v>t->rLo) ) return 0;
  if( isnan(t->rHi) ) return 1;
  return t->bHiIncl ? v<=t->rHi : v<t->rHi;
}

/* Copy JSON text s into z (size nz): a string decoded, else raw. */
static void copyJsonText(const MllogSpan *s, char *z, size_t nz){
  char zBuf[256];
  const char *zSrc = s->z;
  size_t n = s->n;
  if( s->z[0]=='"' && s->n<=sizeof(zBuf) ){
    long long nOut = mllogJsonString(s, zBuf);
    zSrc = zBuf;
    n = (size_t)nOut;
  }
  if( n>=nz ) n = nz-1;
  memcpy(z, zSrc, n);
  z[n] = 0;
}

static void sdEval(MllogRun *p, const MllogLine *pLine, double v){
  MllogSpan metric, samples;
  double rSamples;
  int bFid, bClip, i;
  if( !mllogJsonMember(&pLine->metadata, "metric", &metric) ) return;
  if( !mllogJsonMember(&pLine->metadata, "samples_count", &samples) ) return;
  if( !mllogJsonNumber(&samples, &rSamples, 0, 0) ) return;
  bFid = mllogJsonStringIs(&metric, "FID") && v<=90.0;
  bClip = mllogJsonStringIs(&metric, "CLIP") && v>=0.15 && v<=1.0;
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

static void evalAccuracy(MllogRun *p, const MllogLine *pLine){
  const struct Target *t = p->eBench>=0 ? &aTarget[p->eBench] : 0;
  double v;
  if( pLine->value.z==0 ) return;
  if( mllogJsonNumber(&pLine->value, &v, 0, 0) ){
    p->bEval = 1;
    p->rEval = v;
    if( t && t->eKind==TARGET_RANGE && inRange(t, v) ) p->bReached = 1;
    if( t && t->eKind==TARGET_SD ) sdEval(p, pLine, v);
  }else if( t && t->eKind==TARGET_MASK ){
    MllogSpan bbox, segm;
    double rBbox, rSegm;
    if( mllogJsonMember(&pLine->value, "BBOX", &bbox)
     && mllogJsonMember(&pLine->value, "SEGM", &segm)
     && mllogJsonNumber(&bbox, &rBbox, 0, 0)
     && mllogJsonNumber(&segm, &rSegm, 0, 0)
     && rBbox>=0.377 && rBbox<1.0 && rSegm>=0.339 && rSegm<1.0 ){
      p->bReached = 1;
    }
  }
}

void mllogRunLine(MllogRun *p, const MllogLine *pLine){
  /* The keys of interest have at most 19 characters, so at most 114 bytes
  ** of JSON text even when every one is a \u escape. */
  char zKey[128];
  p->nLines++;
  if( pLine==0 ){
    p->nCorrupt++;
    return;
  }
  if( pLine->key.n<3 || pLine->key.n-2>=sizeof(zKey) ) return;
  memcpy(zKey, pLine->key.z+1, pLine->key.n-2);
  zKey[pLine->key.n-2] = 0;
  if( memchr(zKey, '\\', pLine->key.n-2) ){
    /* Decoded; a key holding a NUL (\u0000) is none of ours. */
    long long nKey = mllogJsonString(&pLine->key, zKey);
    if( nKey<0 || strlen(zKey)!=(size_t)nKey ) return;
  }
  switch( zKey[0] ){
    case 'e':
      if( strcmp(zKey, "eval_accuracy")==0 ) evalAccuracy(p, pLine);
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
        if( p->nRunStart++==0 ) p->rRunStart = mllogLineTimeMs(pLine);
      }else if( strcmp(zKey, "run_stop")==0 ){
        if( p->nRunStop++==0 ){
          MllogSpan status;
          p->rRunStop = mllogLineTimeMs(pLine);
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
      if( strcmp(zKey, "submission_division")==0 && pLine->value.z ){
        copyJsonText(&pLine->value, p->zDivision, sizeof(p->zDivision));
      }
      break;
  }
}

int mllogRunVerdict(const MllogRun *p, char *zReason, size_t nReason){
  double rLimit;
  if( p->nCorrupt ){
    snprintf(zReason, nReason, "malformed_line");
  }else if( p->nRunStart==0 ){
    snprintf(zReason, nReason, "missing_run_start");
  }else if( p->nRunStart>1 ){
    snprintf(zReason, nReason, "duplicate_run_start");
  }else if( p->nRunStop==0 ){
    snprintf(zReason, nReason, "missing_run_stop");
  }else if( p->nRunStop>1 ){
    snprintf(zReason, nReason, "duplicate_run_stop");
  }else if( !(p->rRunStop>=p->rRunStart) ){
    snprintf(zReason, nReason, "negative_duration");
  }else if( !p->bSuccess ){
    snprintf(zReason, nReason, "status:%s", p->bStatus ? p->zStatus : "null");
  }else if( p->eBench>=0 && !p->bReached ){
    snprintf(zReason, nReason, "target_not_reached");
  }else{
    rLimit = (strcmp(p->zDivision, "open")==0 ? 240.0 : 30.0)*60.0*1000.0;
    if( p->bInitChecked && !(p->rInitWorst<rLimit) ){
      snprintf(zReason, nReason, "init_too_slow");
    }else{
      if( nReason ) zReason[0] = 0;
      return 1;
    }
  }
  return 0;
}
