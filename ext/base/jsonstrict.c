/*
** jsonstrict.c: JSON text checked against RFC 8259 alone (jsonstrict.h), so
** that e_prime_interval's arrays and every function's options mean the
** same on SQLite 3.40 (no JSON5) and on the newer SQLite of the browser
** page and the npm package (JSON5 from 3.42). One pass, no recursion, no
** memory: the nesting is kept in a fixed stack of JSON_STRICT_MAX_DEPTH
** bytes.
*/
#include "base/jsonstrict.h"

#define JSON_BAD ((size_t)-1)

static int isSpace(char c){
  return c==' ' || c=='\t' || c=='\n' || c=='\r';
}
static int isDigit(char c){
  return c>='0' && c<='9';
}
static int isHex(char c){
  return isDigit(c) || (c>='a' && c<='f') || (c>='A' && c<='F');
}

size_t jsonStrictSkipSpace(const char *z, size_t n, size_t i){
  while( i<n && isSpace(z[i]) ) i++;
  return i;
}

/* The end of the string starting at z[i] ('"'), or JSON_BAD. */
static size_t stringEnd(const char *z, size_t n, size_t i){
  for(i++; i<n; i++){
    unsigned char c = (unsigned char)z[i];
    if( c=='"' ) return i+1;
    if( c<0x20 ) return JSON_BAD;
    if( c=='\\' ){
      if( ++i>=n ) return JSON_BAD;
      switch( z[i] ){
        case '"': case '\\': case '/': case 'b': case 'f': case 'n':
        case 'r': case 't':
          break;
        case 'u':
          if( n-i<5 || !isHex(z[i+1]) || !isHex(z[i+2]) || !isHex(z[i+3])
           || !isHex(z[i+4]) ){
            return JSON_BAD;
          }
          i += 4;
          break;
        default:
          return JSON_BAD;
      }
    }
  }
  return JSON_BAD;
}

/* The end of the number starting at z[i], or JSON_BAD. */
static size_t numberEnd(const char *z, size_t n, size_t i){
  if( i<n && z[i]=='-' ) i++;
  if( i>=n ) return JSON_BAD;
  if( z[i]=='0' ){
    i++;
  }else if( isDigit(z[i]) ){
    while( i<n && isDigit(z[i]) ) i++;
  }else{
    return JSON_BAD;
  }
  if( i<n && z[i]=='.' ){
    i++;
    if( i>=n || !isDigit(z[i]) ) return JSON_BAD;
    while( i<n && isDigit(z[i]) ) i++;
  }
  if( i<n && (z[i]=='e' || z[i]=='E') ){
    i++;
    if( i<n && (z[i]=='+' || z[i]=='-') ) i++;
    if( i>=n || !isDigit(z[i]) ) return JSON_BAD;
    while( i<n && isDigit(z[i]) ) i++;
  }
  return i;
}

/* The end of the literal zWord (nWord bytes) at z[i], or JSON_BAD. */
static size_t wordEnd(const char *z, size_t n, size_t i, const char *zWord,
                      size_t nWord){
  size_t k;
  if( n-i<nWord ) return JSON_BAD;
  for(k=0; k<nWord; k++){
    if( z[i+k]!=zWord[k] ) return JSON_BAD;
  }
  return i+nWord;
}

/* The end of a scalar (string, number, literal) at z[i], or JSON_BAD. */
static size_t scalarEnd(const char *z, size_t n, size_t i){
  switch( z[i] ){
    case '"': return stringEnd(z, n, i);
    case 't': return wordEnd(z, n, i, "true", 4);
    case 'f': return wordEnd(z, n, i, "false", 5);
    case 'n': return wordEnd(z, n, i, "null", 4);
    default:  return numberEnd(z, n, i);
  }
}

/*
** The end of the value starting at z[i] (not white space), or JSON_BAD.
** Arrays and objects are walked with the kinds of the open ones in aOpen:
** after each value, a ',' (then the next member's key for an object) or
** the closing bracket of the innermost one.
*/
static size_t valueEnd(const char *z, size_t n, size_t i){
  char aOpen[JSON_STRICT_MAX_DEPTH];
  int nOpen = 0;
  for(;;){
    /* A value at z[i]. */
    if( i>=n ) return JSON_BAD;
    if( z[i]=='[' || z[i]=='{' ){
      char cClose = z[i]=='[' ? ']' : '}';
      if( nOpen>=JSON_STRICT_MAX_DEPTH ) return JSON_BAD;
      aOpen[nOpen++] = cClose;
      i = jsonStrictSkipSpace(z, n, i+1);
      if( i<n && z[i]==cClose ){
        nOpen--;
        i++;
      }else if( cClose=='}' ){
        if( i>=n || z[i]!='"' ) return JSON_BAD;
        i = stringEnd(z, n, i);
        if( i==JSON_BAD ) return JSON_BAD;
        i = jsonStrictSkipSpace(z, n, i);
        if( i>=n || z[i]!=':' ) return JSON_BAD;
        i = jsonStrictSkipSpace(z, n, i+1);
        continue;
      }else{
        continue;
      }
    }else{
      i = scalarEnd(z, n, i);
      if( i==JSON_BAD ) return JSON_BAD;
    }
    /* After a value: close what ends here, then the next member. */
    for(;;){
      if( nOpen==0 ) return i;
      i = jsonStrictSkipSpace(z, n, i);
      if( i>=n ) return JSON_BAD;
      if( z[i]==aOpen[nOpen-1] ){
        nOpen--;
        i++;
        continue;
      }
      if( z[i]!=',' ) return JSON_BAD;
      i = jsonStrictSkipSpace(z, n, i+1);
      if( aOpen[nOpen-1]=='}' ){
        if( i>=n || z[i]!='"' ) return JSON_BAD;
        i = stringEnd(z, n, i);
        if( i==JSON_BAD ) return JSON_BAD;
        i = jsonStrictSkipSpace(z, n, i);
        if( i>=n || z[i]!=':' ) return JSON_BAD;
        i = jsonStrictSkipSpace(z, n, i+1);
      }
      break;
    }
  }
}

int jsonStrictValid(const char *z, size_t n){
  size_t i = jsonStrictSkipSpace(z, n, 0);
  i = valueEnd(z, n, i);
  return i!=JSON_BAD && jsonStrictSkipSpace(z, n, i)==n;
}

int jsonStrictArrayItem(const char *z, size_t n, long long iItem,
                        size_t *piStart, size_t *pnLen){
  size_t i = jsonStrictSkipSpace(z, n, 0);
  long long k;
  if( i>=n || z[i]!='[' || iItem<0 ) return 0;
  i = jsonStrictSkipSpace(z, n, i+1);
  if( i>=n || z[i]==']' ) return 0;
  for(k=0; ; k++){
    size_t iEnd = valueEnd(z, n, i);
    if( iEnd==JSON_BAD ) return 0;
    if( k==iItem ){
      *piStart = i;
      *pnLen = iEnd - i;
      return 1;
    }
    i = jsonStrictSkipSpace(z, n, iEnd);
    if( i>=n || z[i]!=',' ) return 0;
    i = jsonStrictSkipSpace(z, n, i+1);
  }
}
