/*
** jsoncheck.c: the JSON validator of the MLLOG reader (plain C; json.h):
** one JSON value checked completely, RFC 8259, iteratively, with the
** members of a top-level object recorded for mllogParseLine as they are
** validated. NaN and Infinity, which Python's json also accepts, are
** rejected (line.c's mllogPyNonFinite rewrites them where Python's reading
** is wanted). A line first goes through a fast path that classifies its
** bytes 64 at a time and takes the common lines; the complete check reads
** the rest and gives every message. Nothing calls SQLite.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/json.h"
#include "mlperf/line.h"
#include "base/util.h"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
# include <emmintrin.h>
#endif
#if defined(__SSE2__) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
# define JSON_FAST_X86 1        /* AVX2 and AVX-512BW, chosen at run time */
# include <immintrin.h>
#else
# define JSON_FAST_X86 0
#endif

/* ---------------------------------------------------------------------- */
/* JSON                                                                   */

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
static inline void lineMember(MllogLine *p, const MllogSpan *pName, int bPlain,
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

/* ---------------------------------------------------------------------- */
/* The fast path: a whole line classified 64 bytes at a time               */

#if defined(__SSE2__)
/*
** The longest line the fast path takes; a longer one, and any line it
** does not accept, goes to jsonCheck.
*/
#define JSON_FAST_MAX 4096

/*
** The first pass of mllogJsonCheckFast over z[0..n-1] (n <= JSON_FAST_MAX), a
** bit per byte in 64-byte blocks, every byte's class found at once rather
** than byte after byte (as simdjson's first stage):
**   aTok:    where a token starts: '{' '}' '[' ']' ':' ',' outside strings,
**            a string's opening quote, the first byte of a run of other
**            bytes outside strings (a number, true, false, null, or junk);
**   aScalar: the bytes of those runs;
**   aDigit:  the ASCII digits.
** It returns 0 when the line holds what the fast path leaves to jsonCheck:
** a byte below 0x20 (tab included) or above 0x7f, a backslash, or a
** string that does not end; else 1.
**
** One function per instruction set (SSE2, AVX2, AVX-512BW) finds a block's
** quotes, spaces, the six structural bytes, digits and the bytes left out;
** jsonClassifyBlock derives the rest, the same for all.
*/
typedef struct JsonClassify JsonClassify;
struct JsonClassify {
  uint64_t *aTok, *aScalar, *aDigit;
  uint64_t bad;               /* a byte left out was seen */
  uint64_t inStr;             /* bit 63: the last block ended in a string */
  uint64_t scalarPrev;        /* bit 0: the last block ended in a run */
};

/* Bit i of the result: the xor of bits 0..i of x. */
static inline uint64_t jsonPrefixXor(uint64_t x){
  x ^= x<<1;
  x ^= x<<2;
  x ^= x<<4;
  x ^= x<<8;
  x ^= x<<16;
  x ^= x<<32;
  return x;
}

static inline void jsonClassifyBlock(JsonClassify *p, size_t k, uint64_t quote,
                                     uint64_t space, uint64_t op, uint64_t bad,
                                     uint64_t digit){
  uint64_t str, scalar;
  /* Inside a string, its opening quote included, its closing one not
  ** (no backslash: a quote always opens or closes one). */
  p->inStr = jsonPrefixXor(quote) ^ (uint64_t)((int64_t)p->inStr>>63);
  str = p->inStr | quote;
  scalar = ~(str | space | op);
  p->aTok[k] = (op & ~str) | (quote & p->inStr)
             | (scalar & ~(scalar<<1 | p->scalarPrev));
  p->aScalar[k] = scalar;
  p->aDigit[k] = digit;
  p->scalarPrev = scalar>>63;
  p->bad |= bad;
}

/* Block k of z[0..n-1]; the tail padded with spaces in aPad (nothing is
** read past z[n-1]). */
static inline const char *jsonBlockAt(const char *z, size_t n, size_t k,
                                      char *aPad){
  if( 64*k+64<=n ) return z+64*k;
  memset(aPad, ' ', 64);
  memcpy(aPad, z+64*k, n-64*k);
  return aPad;
}

/* The 16 bits of a byte-wise compare, at bit 16*j of a 64-bit mask. */
static inline uint64_t jsonMask16(__m128i m, int j){
  return (uint64_t)(unsigned)_mm_movemask_epi8(m) << (16*j);
}

static int jsonFastClassifySse2(const char *z, size_t n, uint64_t *aTok,
                                uint64_t *aScalar, uint64_t *aDigit){
  JsonClassify cl = {aTok, aScalar, aDigit, 0, 0, 0};
  size_t k, nBlk = (n+63)/64;
  for(k=0; k<nBlk; k++){
    char aPad[64];
    const char *p = jsonBlockAt(z, n, k, aPad);
    uint64_t quote = 0, space = 0, op = 0, bad = 0, digit = 0;
    int j;
    for(j=0; j<4; j++){
      __m128i v = _mm_loadu_si128((const __m128i*)(p+16*j));
      __m128i vLow = _mm_or_si128(v, _mm_set1_epi8(0x20));
      quote |= jsonMask16(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), j);
      space |= jsonMask16(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), j);
      /* Signed: below 0x20 and above 0x7f at once. */
      bad |= jsonMask16(_mm_or_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(0x20)),
                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))), j);
      /* '[' and ']' are '{' and '}' with 0x20 set, and no other byte
      ** is. */
      op |= jsonMask16(_mm_or_si128(
          _mm_or_si128(_mm_cmpeq_epi8(vLow, _mm_set1_epi8('{')),
                       _mm_cmpeq_epi8(vLow, _mm_set1_epi8('}'))),
          _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')),
                       _mm_cmpeq_epi8(v, _mm_set1_epi8(',')))), j);
      digit |= jsonMask16(_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0'-1)),
                                        _mm_cmplt_epi8(v, _mm_set1_epi8('9'+1))), j);
    }
    jsonClassifyBlock(&cl, k, quote, space, op, bad, digit);
  }
  return cl.bad==0 && (int64_t)cl.inStr>=0;
}

#if JSON_FAST_X86
/* jsonFastClassifySse2, 32 bytes at a time. */
__attribute__((target("avx2")))
static int jsonFastClassifyAvx2(const char *z, size_t n, uint64_t *aTok,
                                uint64_t *aScalar, uint64_t *aDigit){
  JsonClassify cl = {aTok, aScalar, aDigit, 0, 0, 0};
  size_t k, nBlk = (n+63)/64;
  for(k=0; k<nBlk; k++){
    char aPad[64];
    const char *p = jsonBlockAt(z, n, k, aPad);
    uint64_t m[5][2];
    int j;
    for(j=0; j<2; j++){
      __m256i v = _mm256_loadu_si256((const __m256i*)(p+32*j));
      __m256i vLow = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
      m[0][j] = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')));
      m[1][j] = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
      m[2][j] = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
          _mm256_or_si256(_mm256_cmpeq_epi8(vLow, _mm256_set1_epi8('{')),
                          _mm256_cmpeq_epi8(vLow, _mm256_set1_epi8('}'))),
          _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(':')),
                          _mm256_cmpeq_epi8(v, _mm256_set1_epi8(',')))));
      m[3][j] = (unsigned)_mm256_movemask_epi8(_mm256_or_si256(
          _mm256_cmpgt_epi8(_mm256_set1_epi8(0x20), v),
          _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))));
      m[4][j] = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(
          _mm256_cmpgt_epi8(v, _mm256_set1_epi8('0'-1)),
          _mm256_cmpgt_epi8(_mm256_set1_epi8('9'+1), v)));
    }
    jsonClassifyBlock(&cl, k, m[0][0] | m[0][1]<<32, m[1][0] | m[1][1]<<32,
                      m[2][0] | m[2][1]<<32, m[3][0] | m[3][1]<<32,
                      m[4][0] | m[4][1]<<32);
  }
  return cl.bad==0 && (int64_t)cl.inStr>=0;
}

/* jsonFastClassifySse2, 64 bytes at a time, the tail by a masked load. */
/* Block k of jsonFastClassifyAvx512 (and of jsonShapeClassify): its bytes,
** the tail padded with spaces by a masked load. */
__attribute__((target("avx512f,avx512bw"), always_inline))
static inline __m512i jsonBlockAvx512(JsonClassify *cl, const char *z,
                                      size_t n, size_t k){
  const __m512i vSpace = _mm512_set1_epi8(' ');
  __mmask64 live = 64*k+64<=n ? ~(__mmask64)0
                              : ((__mmask64)1<<(n-64*k))-1;
  __m512i v = _mm512_mask_loadu_epi8(vSpace, live, z+64*k);
  __m512i vLow = _mm512_or_si512(v, _mm512_set1_epi8(0x20));
  jsonClassifyBlock(cl, k,
      _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"')),
      _mm512_cmpeq_epi8_mask(v, vSpace),
      _mm512_cmpeq_epi8_mask(vLow, _mm512_set1_epi8('{'))
        | _mm512_cmpeq_epi8_mask(vLow, _mm512_set1_epi8('}'))
        | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(':'))
        | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(',')),
      _mm512_cmplt_epi8_mask(v, _mm512_set1_epi8(0x20))
        | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\')),
      _mm512_cmplt_epu8_mask(_mm512_sub_epi8(v, _mm512_set1_epi8('0')),
                             _mm512_set1_epi8(10)));
  return v;
}

__attribute__((target("avx512f,avx512bw")))
static int jsonFastClassifyAvx512(const char *z, size_t n, uint64_t *aTok,
                                  uint64_t *aScalar, uint64_t *aDigit){
  JsonClassify cl = {aTok, aScalar, aDigit, 0, 0, 0};
  size_t k, nBlk = (n+63)/64;
  for(k=0; k<nBlk; k++) jsonBlockAvx512(&cl, z, n, k);
  return cl.bad==0 && (int64_t)cl.inStr>=0;
}
#endif

typedef int (*JsonClassifyFn)(const char*, size_t, uint64_t*, uint64_t*,
                              uint64_t*);

/* The classification of level eLevel (MLLOG_JSON_FAST_*), or 0 when this
** build or this CPU has none. */
static JsonClassifyFn jsonClassifyFor(int eLevel){
  switch( eLevel ){
    case MLLOG_JSON_FAST_SSE2:
      return jsonFastClassifySse2;
#if JSON_FAST_X86
    case MLLOG_JSON_FAST_AVX2:
      __builtin_cpu_init();
      return __builtin_cpu_supports("avx2") ? jsonFastClassifyAvx2 : 0;
    case MLLOG_JSON_FAST_AVX512:
      __builtin_cpu_init();
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
             ? jsonFastClassifyAvx512 : 0;
    case MLLOG_JSON_FAST_SHAPE:
      __builtin_cpu_init();
      return __builtin_cpu_supports("avx512vbmi2")
             ? jsonClassifyFor(MLLOG_JSON_FAST_AVX512) : 0;
#endif
    default:
      return 0;
  }
}

static int jsonClassifyNone(const char *z, size_t n, uint64_t *aTok,
                            uint64_t *aScalar, uint64_t *aDigit){
  (void)z; (void)n; (void)aTok; (void)aScalar; (void)aDigit;
  return 0;
}

/* The classification in use: jsonClassifyPick until the first line. */
static int jsonClassifyPick(const char*, size_t, uint64_t*, uint64_t*,
                            uint64_t*);
static JsonClassifyFn xJsonClassify = jsonClassifyPick;
#if JSON_FAST_X86
static int bJsonShape = 0;   /* level MLLOG_JSON_FAST_SHAPE is in use */
#endif

static int jsonClassifyPick(const char *z, size_t n, uint64_t *aTok,
                            uint64_t *aScalar, uint64_t *aDigit){
  mllogJsonFastLevel(MLLOG_JSON_FAST_BEST);
  return __atomic_load_n(&xJsonClassify, __ATOMIC_RELAXED)(z, n, aTok, aScalar,
                                                          aDigit);
}

int mllogJsonFastLevel(int eLevel){
  JsonClassifyFn x;
  if( eLevel==MLLOG_JSON_FAST_BEST ){
    for(eLevel=MLLOG_JSON_FAST_SHAPE; eLevel>MLLOG_JSON_FAST_OFF; eLevel--){
      if( jsonClassifyFor(eLevel) ) break;
    }
  }
  x = eLevel==MLLOG_JSON_FAST_OFF ? jsonClassifyNone : jsonClassifyFor(eLevel);
  if( x==0 ) return -1;
  __atomic_store_n(&xJsonClassify, x, __ATOMIC_RELAXED);
#if JSON_FAST_X86
  __atomic_store_n(&bJsonShape, eLevel==MLLOG_JSON_FAST_SHAPE, __ATOMIC_RELAXED);
#endif
  return eLevel;
}

/* The offset of the first clear bit of a[] at or after bit i (< nBit),
** or nBit. */
static inline size_t jsonNextClear(const uint64_t *a, size_t nBit, size_t i){
  size_t k = i/64;
  uint64_t m;
  if( i>=nBit ) return nBit;   /* a[] has no word for it */
  m = ~a[k] >> (i%64);
  if( m ) return i + (size_t)__builtin_ctzll(m);
  for(k++; 64*k<nBit; k++){
    if( ~a[k] ) return 64*k + (size_t)__builtin_ctzll(~a[k]);
  }
  return nBit;
}

/*
** The scalar token at z[i] of a classified line (aScalar, aDigit): 1 when
** it is one number, true, false or null, with *pbPlain as jsonCheck sets
** it; else 0. An integer or d.ddd, its integer part without a leading zero
** and too short to overflow, is read from the digit mask; any other run
** goes to jsonCheckNumber, which must use all of it.
*/
__attribute__((always_inline))
static inline int jsonFastScalar(const char *z, size_t n, size_t i,
                                 const uint64_t *aScalar,
                                 const uint64_t *aDigit, int *pbPlain){
  char zNumErr[8];
  size_t e = jsonNextClear(aScalar, n, i);
  switch( z[i] ){
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': {
      size_t j = i + (z[i]=='-');            /* its first digit */
      size_t d = jsonNextClear(aDigit, n, j);
      if( d>j && d-j<300 && (z[j]!='0' || d==j+1) ){
        if( d==e ){
          *pbPlain = 1;
          return 1;
        }
        if( z[d]=='.' && d+1<e && jsonNextClear(aDigit, n, d+1)==e ){
          *pbPlain = 0;
          return 1;
        }
      }
      return jsonCheckNumber(z, e, i, zNumErr, sizeof(zNumErr), pbPlain)==e;
    }
    case 't':
      *pbPlain = 0;
      return e-i==4 && memcmp(z+i, "true", 4)==0;
    case 'f':
      *pbPlain = 0;
      return e-i==5 && memcmp(z+i, "false", 5)==0;
    case 'n':
      *pbPlain = 0;
      return e-i==4 && memcmp(z+i, "null", 4)==0;
  }
  return 0;
}

#if JSON_FAST_X86
/*
** Level MLLOG_JSON_FAST_SHAPE (MllogJsonShapes, line.h): a line's tokens
** are found with AVX-512 VBMI2 in the classification's pass, its shape
** looked up among those kept; a line of a shape kept is taken by
** jsonShapeTake, any other is walked, and kept when taken.
**
** jsonShapeClassify is jsonFastClassifyAvx512 that also writes the class
** of each token into aCls and its offset into aPos, both with 64 entries
** of room past MLLOG_SHAPE_TOK; *pnTok is their number, or -1 when there
** are more than MLLOG_SHAPE_TOK.
*/
__attribute__((target("avx512f,avx512bw,avx512vbmi2")))
static int jsonShapeClassify(const char *z, size_t n, uint64_t *aTok,
                             uint64_t *aScalar, uint64_t *aDigit,
                             unsigned char *aCls, uint16_t *aPos, int *pnTok){
  static const uint16_t aIota[64] = {
     0, 1, 2, 3, 4, 5, 6, 7, 8, 9,10,11,12,13,14,15,16,17,18,19,20,21,
    22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,
    44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,
  };
  JsonClassify cl = {aTok, aScalar, aDigit, 0, 0, 0};
  const __m512i vLo = _mm512_loadu_si512(aIota);
  const __m512i vHi = _mm512_loadu_si512(aIota+32);
  size_t k, nBlk = (n+63)/64;
  int nTok = 0;
  for(k=0; k<nBlk; k++){
    __m512i v = jsonBlockAvx512(&cl, z, n, k);
    uint64_t m = aTok[k];
    int c = __builtin_popcountll(m), cLo;
    __mmask64 num;
    __m512i vBase;
    if( m==0 || nTok<0 ) continue;
    if( nTok+c>MLLOG_SHAPE_TOK ){
      nTok = -1;
      continue;
    }
    /* Digits and '-' are one class. The compress into a register, then a
    ** plain store: a compress into memory is slow on some CPUs. */
    num = aDigit[k] | _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('-'));
    _mm512_storeu_si512(aCls+nTok, _mm512_maskz_compress_epi8(m,
        _mm512_mask_blend_epi8(num, v, _mm512_set1_epi8('0'))));
    vBase = _mm512_set1_epi16((short)(64*k));
    cLo = __builtin_popcountll(m & 0xffffffffu);
    _mm512_storeu_si512(aPos+nTok, _mm512_maskz_compress_epi16(
        (__mmask32)m, _mm512_add_epi16(vLo, vBase)));
    _mm512_storeu_si512(aPos+nTok+cLo, _mm512_maskz_compress_epi16(
        (__mmask32)(m>>32), _mm512_add_epi16(vHi, vBase)));
    nTok += c;
  }
  *pnTok = nTok;
  return cl.bad==0 && (int64_t)cl.inStr>=0;
}

/*
** Keep the shape of a line just taken (its nTok tokens, the object closed
** by the token at offset iClose), unless it has too many members.
*/
static void jsonShapeKeep(MllogJsonShapes *pShapes, const unsigned char *aCls,
                          const uint16_t *aPos, int nTok, size_t iClose){
  int iSlot = pShapes->iNext;
  MllogShape *p = &pShapes->a[iSlot];
  int t, iEnd, nDepth = 0, iOpen = -1;   /* iOpen: a member's name */
  int ePlain = 0, iPlain = 0;            /* the walk's bValPlain */
  for(iEnd=nTok-1; iEnd>=0 && aPos[iEnd]!=iClose; iEnd--){}
  if( iEnd<0 ) return;
  pShapes->anTok[iSlot] = 0;
  p->nScalar = 0;
  p->nMember = 0;
  for(t=0; t<=iEnd; t++){
    int c = aCls[t];
    if( nDepth==1 && (c==',' || t==iEnd) && iOpen>=0 ){
      if( p->nMember==MLLOG_SHAPE_MEMBER ) return;
      p->aMember[p->nMember].iName = (unsigned char)iOpen;
      p->aMember[p->nMember].iAfter = (unsigned char)t;
      p->aMember[p->nMember].ePlain = (unsigned char)ePlain;
      p->aMember[p->nMember].iPlain = (unsigned char)iPlain;
      p->nMember++;
      iOpen = -1;
    }
    switch( c ){
      case '{': case '[': nDepth++; break;
      case '}': case ']': nDepth--; break;
      case '"':
        if( t<iEnd && aCls[t+1]==':' ){
          if( nDepth==1 ) iOpen = t;
        }else{
          ePlain = 1;                  /* a string value: no escape */
        }
        break;
      case '0':
        p->aScalar[p->nScalar++] = (unsigned char)t;
        ePlain = 2;
        iPlain = t;
        break;
      case 't': case 'f': case 'n':
        p->aScalar[p->nScalar++] = (unsigned char)t;
        ePlain = 0;
        break;
    }
  }
  memcpy(p->aCls, aCls, (size_t)nTok);
  p->iEnd = iEnd;
  pShapes->anTok[iSlot] = nTok;
  pShapes->iLast = iSlot;
  pShapes->iNext = (iSlot+1) % MLLOG_SHAPES;
}

/* The shape kept of the line whose nTok tokens are of classes aCls, or 0;
** the last one found is tried first. */
__attribute__((target("avx512f,avx512bw")))
static const MllogShape *jsonShapeFind(MllogJsonShapes *pShapes,
                                       const unsigned char *aCls, int nTok){
  __m512i v0 = _mm512_loadu_si512(aCls);
  __m512i v1 = _mm512_loadu_si512(aCls+64);
  __mmask64 m0 = nTok>=64 ? ~(__mmask64)0 : ((__mmask64)1<<nTok)-1;
  __mmask64 m1 = nTok<=64 ? 0 : nTok>=128 ? ~(__mmask64)0
                                          : ((__mmask64)1<<(nTok-64))-1;
  int j;
  for(j=0; j<MLLOG_SHAPES; j++){
    int k = (pShapes->iLast+j) % MLLOG_SHAPES;
    const unsigned char *a = pShapes->a[k].aCls;
    if( pShapes->anTok[k]==nTok
     && _mm512_mask_cmpneq_epi8_mask(m0, v0, _mm512_loadu_si512(a))==0
     && _mm512_mask_cmpneq_epi8_mask(m1, v1, _mm512_loadu_si512(a+64))==0 ){
      pShapes->iLast = k;
      return &pShapes->a[k];
    }
  }
  return 0;
}

/*
** A line of shape p (its tokens at aPos), classified: 1 when every scalar
** is one (the walk would take it), its members recorded as the walk
** records them; else 0, nothing recorded.
*/
static int jsonShapeTake(const MllogShape *p, const char *z, size_t n,
                         const uint16_t *aPos, const uint64_t *aScalar,
                         const uint64_t *aDigit, size_t *pnUsed,
                         MllogLine *pTop){
  unsigned char aPlain[MLLOG_SHAPE_TOK];
  int k;
  for(k=0; k<p->nScalar; k++){
    int t = p->aScalar[k], bPlain = 0;
    if( !jsonFastScalar(z, n, aPos[t], aScalar, aDigit, &bPlain) ) return 0;
    aPlain[t] = (unsigned char)bPlain;
  }
  for(k=0; k<p->nMember; k++){
    int iName = p->aMember[k].iName;
    size_t iVal = aPos[iName+2], e;
    MllogSpan name;
    name.z = z+aPos[iName];
    for(e=aPos[iName+1]; z[e-1]==' '; e--){}
    name.n = (size_t)(z+e-name.z);
    for(e=aPos[p->aMember[k].iAfter]; z[e-1]==' '; e--){}
    lineMember(pTop, &name, 1, z+iVal, e-iVal,
               p->aMember[k].ePlain==2 ? aPlain[p->aMember[k].iPlain]
                                      : p->aMember[k].ePlain);
  }
  *pnUsed = (size_t)aPos[p->iEnd]+1;
  return 1;
}
#endif /* JSON_FAST_X86 */

/*
** mllogJsonCheckFast (line.h). The second pass walks the tokens of aTok in
** order with jsonCheck's grammar and its three places (at a value, at a member name, after a
** value); string bodies and whitespace are never looked at again, and a
** run of other bytes must be exactly one number (jsonCheckNumber), true,
** false or null.
*/
int mllogJsonCheckFast(const char *z, size_t n, size_t *pnUsed,
                       MllogLine *pTop, MllogJsonShapes *pShapes){
  uint64_t aTok[JSON_FAST_MAX/64], aScalar[JSON_FAST_MAX/64];
  uint64_t aDigit[JSON_FAST_MAX/64];
  char aStack[MLLOG_JSON_MAX_DEPTH];
  int nDepth = 1;
  int bValPlain = 0;          /* as jsonCheck's */
  MllogSpan name = {0, 0};
  size_t iVal = 0, k = 0, i, e, nBlk;
  uint64_t t;
  char c;
#if JSON_FAST_X86
  unsigned char aCls[MLLOG_SHAPE_TOK+64];    /* the line's tokens, when */
  uint16_t aPos[MLLOG_SHAPE_TOK+64];         /* shapes are kept */
  int nTok = -1;
#endif
  if( n==0 || n>JSON_FAST_MAX || pTop==0 ) return 0;
#if JSON_FAST_X86
  if( pShapes && __atomic_load_n(&bJsonShape, __ATOMIC_RELAXED) ){
    const MllogShape *p;
    if( !jsonShapeClassify(z, n, aTok, aScalar, aDigit, aCls, aPos, &nTok) ){
      return 0;
    }
    if( nTok>0 && (p = jsonShapeFind(pShapes, aCls, nTok))!=0 ){
      return jsonShapeTake(p, z, n, aPos, aScalar, aDigit, pnUsed, pTop);
    }
  }else if( !__atomic_load_n(&xJsonClassify, __ATOMIC_RELAXED)(z, n, aTok,
                                                         aScalar, aDigit) ){
    return 0;
  }
#else
  (void)pShapes;
  if( !__atomic_load_n(&xJsonClassify, __ATOMIC_RELAXED)(z, n, aTok, aScalar,
                                                         aDigit) ){
    return 0;
  }
#endif
  nBlk = (n+63)/64;
  t = aTok[0];

/* The next token: its offset i and byte c; none left: not taken. */
#define FAST_NEXT()                                      \
  do{                                                    \
    while( t==0 ){                                       \
      if( ++k>=nBlk ) return 0;                          \
      t = aTok[k];                                       \
    }                                                    \
    i = 64*k + (size_t)__builtin_ctzll(t);               \
    t &= t-1;                                            \
    c = z[i];                                            \
  }while(0)

  FAST_NEXT();
  if( c!='{' ) return 0;
  aStack[0] = '{';
  goto in_object;

at_value:
  if( nDepth==1 ) iVal = i;
  switch( c ){
    case '"':
      bValPlain = 1;
      goto after_value;
    case '{':
      if( nDepth>=MLLOG_JSON_MAX_DEPTH ) return 0;
      aStack[nDepth++] = '{';
      goto in_object;
    case '[':
      if( nDepth>=MLLOG_JSON_MAX_DEPTH ) return 0;
      aStack[nDepth++] = '[';
      FAST_NEXT();
      if( c==']' ){
        nDepth--;
        goto after_value;
      }
      goto at_value;
    case '-': case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
    case 't': case 'f': case 'n':
      if( !jsonFastScalar(z, n, i, aScalar, aDigit, &bValPlain) ) return 0;
      goto after_value;
    default:
      return 0;
  }

after_value:                  /* a value at depth nDepth (>= 1) is complete */
  FAST_NEXT();
  if( nDepth==1 ){
    for(e=i; z[e-1]==' '; e--){}
    lineMember(pTop, &name, 1, z+iVal, e-iVal, bValPlain);
  }
  if( c==',' ){
    FAST_NEXT();
    if( aStack[nDepth-1]=='{' ) goto at_name;
    goto at_value;
  }
  if( c!=(aStack[nDepth-1]=='{' ? '}' : ']') ) return 0;
  if( --nDepth==0 ) goto done;
  goto after_value;

in_object:                    /* just after '{' */
  FAST_NEXT();
  if( c=='}' ){
    if( --nDepth==0 ) goto done;
    goto after_value;
  }
at_name:
  if( c!='"' ) return 0;
  e = i;
  FAST_NEXT();
  if( c!=':' ) return 0;
  if( nDepth==1 ){
    name.z = z+e;
    for(e=i; z[e-1]==' '; e--){}
    name.n = (size_t)(z+e-name.z);
  }
  FAST_NEXT();
  goto at_value;

done:                         /* the object ends at z[i]; as jsonCheck, what
                              ** follows is the caller's */
  *pnUsed = i+1;
#if JSON_FAST_X86
  if( nTok>0 ) jsonShapeKeep(pShapes, aCls, aPos, nTok, i);
#endif
  return 1;
#undef FAST_NEXT
}
#else  /* no SSE2: jsonCheck only */

int mllogJsonCheckFast(const char *z, size_t n, size_t *pnUsed,
                       MllogLine *pTop, MllogJsonShapes *pShapes){
  (void)z; (void)n; (void)pnUsed; (void)pTop; (void)pShapes;
  return 0;
}

int mllogJsonFastLevel(int eLevel){
  return eLevel==MLLOG_JSON_FAST_OFF || eLevel==MLLOG_JSON_FAST_BEST
         ? MLLOG_JSON_FAST_OFF : -1;
}
#endif /* __SSE2__ */

int mllogJsonCheck(const char *z, size_t n, size_t *pnUsed,
                   char *zErr, size_t nErr){
  return jsonCheck(z, n, pnUsed, zErr, nErr, 0);
}

int mllogJsonCheckLine(const char *z, size_t n, size_t *pnUsed,
                       char *zErr, size_t nErr, MllogLine *pTop,
                       MllogJsonShapes *pShapes){
#if defined(__SSE2__)
  if( mllogJsonCheckFast(z, n, pnUsed, pTop, pShapes) ){
    if( zErr && nErr ) zErr[0] = 0;
    return SQLITE_OK;
  }
#endif
  return jsonCheck(z, n, pnUsed, zErr, nErr, pTop);
}
