/*
** util.h: small helpers the cores and the glue share, written once:
** random numbers (splitmix64, a draw below n without modulo bias), FNV-1a,
** XXH64, a UTF-8 encoder, a stable merge sort and the stop counter that
** asks an xStop callback about once per million units of work. Plain C
** and header-only (static inline): no SQLite call, so every core can
** include it and stay unit-testable.
*/
#ifndef MLPSCALE_UTIL_H
#define MLPSCALE_UTIL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The golden ratio as a 64-bit fraction (2^64 / phi, odd): splitmix64's
** increment, and a multiplier that spreads one hash before it is mixed
** with another. */
#define UTIL_GOLDEN 0x9e3779b97f4a7c15ULL

/* splitmix64's finalizer: a bijection of 64-bit values in which every
** input bit reaches every output bit. */
static inline uint64_t utilMix64(uint64_t z){
  z = (z ^ (z>>30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z>>27)) * 0x94d049bb133111ebULL;
  return z ^ (z>>31);
}

/* splitmix64 (Steele, Lea & Flood 2014): the next value of the sequence
** seeded by *pState. Used as a generator (the bootstraps) and to seed one
** (k-means' xoshiro256**). */
static inline uint64_t utilSplitmix64(uint64_t *pState){
  return utilMix64(*pState += UTIL_GOLDEN);
}

/* utilSplitmix64 as utilBelow's generator: pGen is the uint64_t state. */
static inline uint64_t utilSplitmix64Next(void *pGen){
  return utilSplitmix64((uint64_t*)pGen);
}

/* Uniform on 0..n-1 (n > 0) without modulo bias (Lemire's threshold:
** draws below 2^64 mod n are rejected), from the generator xNext. */
static inline uint64_t utilBelow(uint64_t (*xNext)(void*), void *pGen,
                                 uint64_t n){
  uint64_t threshold = (0 - n) % n;
  uint64_t x;
  do{ x = xNext(pGen); }while( x<threshold );
  return x % n;
}

/* FNV-1a, 64 bits: UTIL_FNV_SEED is the hash of no bytes;
** utilFnv1aMore(h, p, n) continues hash h over the n bytes at p. */
#define UTIL_FNV_SEED 0xcbf29ce484222325ULL
static inline uint64_t utilFnv1aMore(uint64_t h, const void *p, size_t n){
  const unsigned char *u = (const unsigned char*)p;
  size_t i;
  for(i=0; i<n; i++){
    h ^= u[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

/* FNV-1a, 64 bits, of z[0..n-1]. */
static inline uint64_t utilFnv1a(const char *z, size_t n){
  return utilFnv1aMore(UTIL_FNV_SEED, z, n);
}

/*
** XXH64 (Yann Collet's xxHash, 64 bits; the reference's XXH64(p, n, seed)
** bit for bit): 32 bytes a step on four independent accumulators, so a
** long text hashes at memory speed where FNV-1a's multiply chain takes
** one byte a step. Words are read little-endian byte by byte (one load on
** a little-endian host), so the value is the same on every host.
*/
#define UTIL_XXH_P1 0x9e3779b185ebca87ULL
#define UTIL_XXH_P2 0xc2b2ae3d27d4eb4fULL
#define UTIL_XXH_P3 0x165667b19e3779f9ULL
#define UTIL_XXH_P4 0x85ebca77c2b2ae63ULL
#define UTIL_XXH_P5 0x27d4eb2f165667c5ULL

static inline uint64_t utilRotl64(uint64_t x, int r){
  return (x<<r) | (x>>(64-r));
}

static inline uint64_t utilLoad64le(const unsigned char *p){
  return (uint64_t)p[0] | (uint64_t)p[1]<<8 | (uint64_t)p[2]<<16
       | (uint64_t)p[3]<<24 | (uint64_t)p[4]<<32 | (uint64_t)p[5]<<40
       | (uint64_t)p[6]<<48 | (uint64_t)p[7]<<56;
}

static inline uint64_t utilXxh64Round(uint64_t acc, uint64_t w){
  return utilRotl64(acc + w*UTIL_XXH_P2, 31) * UTIL_XXH_P1;
}

/* Hash h continued by the 8-byte word w (XXH64's step over its tail). */
static inline uint64_t utilXxh64Step(uint64_t h, uint64_t w){
  return utilRotl64(h ^ utilXxh64Round(0, w), 27)*UTIL_XXH_P1 + UTIL_XXH_P4;
}

/* XXH64's last mix: every bit of h reaches every bit of the value. */
static inline uint64_t utilXxh64Avalanche(uint64_t h){
  h ^= h>>33;
  h *= UTIL_XXH_P2;
  h ^= h>>29;
  h *= UTIL_XXH_P3;
  return h ^ (h>>32);
}

static inline uint64_t utilXxh64(const void *pData, size_t n, uint64_t seed){
  const unsigned char *p = (const unsigned char*)pData;
  const unsigned char *pEnd = p+n;
  uint64_t h;
  if( n>=32 ){
    uint64_t v1 = seed + UTIL_XXH_P1 + UTIL_XXH_P2;
    uint64_t v2 = seed + UTIL_XXH_P2;
    uint64_t v3 = seed;
    uint64_t v4 = seed - UTIL_XXH_P1;
    do{
      v1 = utilXxh64Round(v1, utilLoad64le(p));
      v2 = utilXxh64Round(v2, utilLoad64le(p+8));
      v3 = utilXxh64Round(v3, utilLoad64le(p+16));
      v4 = utilXxh64Round(v4, utilLoad64le(p+24));
      p += 32;
    }while( pEnd-p>=32 );
    h = utilRotl64(v1, 1) + utilRotl64(v2, 7) + utilRotl64(v3, 12)
      + utilRotl64(v4, 18);
    h = (h ^ utilXxh64Round(0, v1))*UTIL_XXH_P1 + UTIL_XXH_P4;
    h = (h ^ utilXxh64Round(0, v2))*UTIL_XXH_P1 + UTIL_XXH_P4;
    h = (h ^ utilXxh64Round(0, v3))*UTIL_XXH_P1 + UTIL_XXH_P4;
    h = (h ^ utilXxh64Round(0, v4))*UTIL_XXH_P1 + UTIL_XXH_P4;
  }else{
    h = seed + UTIL_XXH_P5;
  }
  h += (uint64_t)n;
  for(; pEnd-p>=8; p+=8) h = utilXxh64Step(h, utilLoad64le(p));
  if( pEnd-p>=4 ){
    uint64_t w = (uint64_t)p[0] | (uint64_t)p[1]<<8 | (uint64_t)p[2]<<16
               | (uint64_t)p[3]<<24;
    h = utilRotl64(h ^ w*UTIL_XXH_P1, 23)*UTIL_XXH_P2 + UTIL_XXH_P3;
    p += 4;
  }
  for(; p<pEnd; p++) h = utilRotl64(h ^ *p*UTIL_XXH_P5, 11)*UTIL_XXH_P1;
  return utilXxh64Avalanche(h);
}

/* Code point c (at most 0x10FFFF) as UTF-8 into z; returns the bytes
** written (1 to 4). */
static inline int utilUtf8Encode(unsigned c, char *z){
  if( c<0x80 ){ z[0] = (char)c; return 1; }
  if( c<0x800 ){
    z[0] = (char)(0xC0|(c>>6)); z[1] = (char)(0x80|(c&0x3F));
    return 2;
  }
  if( c<0x10000 ){
    z[0] = (char)(0xE0|(c>>12)); z[1] = (char)(0x80|((c>>6)&0x3F));
    z[2] = (char)(0x80|(c&0x3F));
    return 3;
  }
  z[0] = (char)(0xF0|(c>>18)); z[1] = (char)(0x80|((c>>12)&0x3F));
  z[2] = (char)(0x80|((c>>6)&0x3F)); z[3] = (char)(0x80|(c&0x3F));
  return 4;
}

/*
** The largest length n <= nMax at which z[0..nLen-1] can be cut without
** leaving the first bytes of a UTF-8 character at the end: when z[nMax] is
** a continuation byte, n backs up to the start of its character (at most 3
** bytes; text that is not UTF-8 there is cut at nMax).
*/
static inline size_t utilUtf8CutLen(const char *z, size_t nLen, size_t nMax){
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
static inline size_t utilUtf8CharLen(const char *z, size_t n){
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

/*
** Decode one code point of z[0..n) (n>0). Returns the bytes consumed and
** sets *pc, U+FFFD for an invalid or overlong sequence (one byte eaten).
*/
static inline int utilUtf8Decode(const unsigned char *z, size_t n, unsigned *pc){
  unsigned c = z[0];
  size_t nCont, i;
  unsigned lo = 0x80, hi = 0xBF;
  if( c<0x80 ){ *pc = c; return 1; }
  if( c>=0xC2 && c<=0xDF ){ nCont = 1; c &= 0x1F; }
  else if( c>=0xE0 && c<=0xEF ){
    nCont = 2; if( c==0xE0 ) lo = 0xA0; if( c==0xED ) hi = 0x9F; c &= 0x0F;
  }else if( c>=0xF0 && c<=0xF4 ){
    nCont = 3; if( c==0xF0 ) lo = 0x90; if( c==0xF4 ) hi = 0x8F; c &= 0x07;
  }else{
    *pc = 0xFFFD; return 1;
  }
  if( n<=nCont ){ *pc = 0xFFFD; return 1; }
  for(i=1; i<=nCont; i++){
    unsigned b = z[i];
    if( b<lo || b>hi ){ *pc = 0xFFFD; return 1; }
    lo = 0x80; hi = 0xBF;
    c = (c<<6) | (b & 0x3F);
  }
  *pc = c;
  return (int)nCont+1;
}

/*
** The stop counter: a long loop adds the work it is about to do with
** utilStopTick, which asks xStop (if any) once the work passes about a
** million units since it last asked, so that sqlite3_interrupt is seen
** within milliseconds at a negligible cost. Once xStop says stop, every
** later tick says stop.
*/
typedef struct UtilStop UtilStop;
struct UtilStop {
  int (*xStop)(void*);        /* the caller's callback, or 0 */
  void *pArg;                 /* its argument */
  int64_t nWork;              /* work since xStop was last asked */
  int bStopped;               /* xStop said stop */
};
#define UTIL_STOP_WORK (1<<20)

static inline void utilStopInit(UtilStop *s, int (*xStop)(void*), void *pArg){
  s->xStop = xStop;
  s->pArg = pArg;
  s->nWork = 0;
  s->bStopped = 0;
}

static inline int utilStopTick(UtilStop *s, int64_t nCost){
  if( s->xStop==0 || s->bStopped ) return s->bStopped;
  s->nWork += nCost;
  if( s->nWork<UTIL_STOP_WORK ) return 0;
  s->nWork = 0;
  s->bStopped = s->xStop(s->pArg)!=0;
  return s->bStopped;
}

/*
** Stable merge sort of n elements of sz bytes at a, aTmp holding as many:
** xCmp(pCtx, x, y) < 0 puts x before y, equal elements keep their order.
** Bottom-up, O(n log n), deterministic. pStop (or 0) is ticked n units per
** pass; when it says stop the sort returns 1 with a in some permutation of
** its elements, else 0.
*/
static inline int utilMergeSort(void *a, void *aTmp, int64_t n, size_t sz,
                                int (*xCmp)(void*, const void*, const void*),
                                void *pCtx, UtilStop *pStop){
  char *z = (char*)a, *zTmp = (char*)aTmp;
  int64_t w, i;
  for(w=1; w<n; w*=2){
    if( pStop && utilStopTick(pStop, 4*n) ) return 1;
    for(i=0; i<n; i+=2*w){
      int64_t lo = i, mid = i+w<n ? i+w : n, hi = i+2*w<n ? i+2*w : n;
      int64_t l = lo, r = mid, k = lo;
      while( l<mid && r<hi ){
        if( xCmp(pCtx, z+(size_t)r*sz, z+(size_t)l*sz)<0 ){
          memcpy(zTmp+(size_t)(k++)*sz, z+(size_t)(r++)*sz, sz);
        }else{
          memcpy(zTmp+(size_t)(k++)*sz, z+(size_t)(l++)*sz, sz);
        }
      }
      if( l<mid ) memcpy(zTmp+(size_t)k*sz, z+(size_t)l*sz, (size_t)(mid-l)*sz);
      k += mid-l;
      if( r<hi ) memcpy(zTmp+(size_t)k*sz, z+(size_t)r*sz, (size_t)(hi-r)*sz);
    }
    memcpy(z, zTmp, (size_t)n*sz);
  }
  return 0;
}

#endif /* MLPSCALE_UTIL_H */
