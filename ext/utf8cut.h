/*
** utf8cut.h: cutting text to a length without splitting a UTF-8 character,
** for every place mlpscale shortens text it was given (a status, a
** division, a field quoted in an error message). Plain C, header only, so
** that the cores (ext/mllog.c, ext/swf.c) and the glue share it.
*/
#ifndef UTF8CUT_H
#define UTF8CUT_H

#include <stddef.h>

/*
** The largest length n <= nMax at which z[0..nLen-1] can be cut without
** leaving the first bytes of a UTF-8 character at the end: when z[nMax] is
** a continuation byte, n backs up to the start of its character (at most 3
** bytes; text that is not UTF-8 there is cut at nMax).
*/
static inline size_t utf8CutLen(const char *z, size_t nLen, size_t nMax){
  size_t n = nMax, nChar;
  unsigned char c;
  int k = 0;
  if( nMax>=nLen ) return nLen;
  while( k<3 && n>0 && ((unsigned char)z[n] & 0xc0)==0x80 ){
    n--;
    k++;
  }
  c = (unsigned char)z[n];
  if( n==nMax || (c & 0xc0)==0x80 ) return nMax;
  /* z[n] leads the character at the cut, unless it ends before nMax (the
  ** bytes after it are then stray continuation bytes). */
  nChar = c>=0xf0 ? 4 : c>=0xe0 ? 3 : c>=0xc0 ? 2 : 1;
  return n+nChar<=nMax ? nMax : n;
}

/*
** The length of the well-formed UTF-8 character at z[0..n-1] (1 to 4
** bytes: no overlong form, surrogate or code point above U+10FFFF), or 0
** when z does not start with one.
*/
static inline size_t utf8CharLen(const char *z, size_t n){
  const unsigned char *u = (const unsigned char*)z;
  size_t nChar, k;
  unsigned int c;
  if( n==0 ) return 0;
  if( u[0]<0x80 ) return 1;
  if( u[0]<0xc2 || u[0]>0xf4 ) return 0;
  nChar = u[0]>=0xf0 ? 4 : u[0]>=0xe0 ? 3 : 2;
  if( n<nChar ) return 0;
  c = u[0] & (0x3f>>(nChar-1));
  for(k=1; k<nChar; k++){
    if( (u[k] & 0xc0)!=0x80 ) return 0;
    c = (c<<6) | (u[k] & 0x3f);
  }
  if( (nChar==3 && c<0x800) || (nChar==4 && c<0x10000)
   || (c>=0xd800 && c<0xe000) || c>0x10ffff ){
    return 0;
  }
  return nChar;
}

#endif /* UTF8CUT_H */
