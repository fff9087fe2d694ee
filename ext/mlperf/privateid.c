/*
** privateid.c: the result summarizer's private_id of a system (plain C, no
** SQL; see privateid.h).
**
** mlperf_logging/result_summarizer/result_summarizer.py (mlcommons/logging
** 7bbf792, _get_id_from_sysinfo), run with --generate_private_ids:
**
**   to_hash = ''.join(str(desc[c]) for c in (division, submitter,
**       system_name, number_of_nodes, host_processor_model_name,
**       host_processors_per_node, accelerator_model_name,
**       accelerators_per_node, framework))
**   digest = hashlib.sha256(to_hash.encode('utf-8')).hexdigest()
**   private_id = HumanHasher().humanize(digest)   # 4 words joined by '-'
**
** humanize XORs the digest's 32 bytes in 4 runs of 8 and names each result
** by its entry of humanhash's public-domain word list. str() is Python's of
** the value json.load gives: a string as it is, an integer's digits, a
** float's repr (the shortest digits that read back, fixed notation between
** 1e-4 and 1e16, "1e-05" outside), True, False, None. A value this cannot
** write as Python would (an object or an array, a string holding U+0000 or
** a lone surrogate, which Python could not encode) and a missing field
** (the summarizer stops with a KeyError) give no id.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/privateid.h"
#include "mlperf/json.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* SHA-256 (FIPS 180-4)                                                   */

typedef struct Sha256 Sha256;
struct Sha256 {
  unsigned int h[8];
  unsigned char buf[64];
  unsigned long long nTotal;
  size_t nBuf;
};

static const unsigned int aK[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define ROTR(x, n) (((x)>>(n)) | ((x)<<(32-(n))))

static void sha256Block(Sha256 *p, const unsigned char *b){
  unsigned int w[64], a, bb, c, d, e, f, g, h;
  int i;
  for(i=0; i<16; i++){
    w[i] = (unsigned int)b[4*i]<<24 | (unsigned int)b[4*i+1]<<16
         | (unsigned int)b[4*i+2]<<8 | b[4*i+3];
  }
  for(i=16; i<64; i++){
    unsigned int s0 = ROTR(w[i-15], 7) ^ ROTR(w[i-15], 18) ^ (w[i-15]>>3);
    unsigned int s1 = ROTR(w[i-2], 17) ^ ROTR(w[i-2], 19) ^ (w[i-2]>>10);
    w[i] = w[i-16] + s0 + w[i-7] + s1;
  }
  a = p->h[0]; bb = p->h[1]; c = p->h[2]; d = p->h[3];
  e = p->h[4]; f = p->h[5]; g = p->h[6]; h = p->h[7];
  for(i=0; i<64; i++){
    unsigned int t1 = h + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25))
                    + ((e & f) ^ (~e & g)) + aK[i] + w[i];
    unsigned int t2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22))
                    + ((a & bb) ^ (a & c) ^ (bb & c));
    h = g; g = f; f = e; e = d + t1;
    d = c; c = bb; bb = a; a = t1 + t2;
  }
  p->h[0] += a; p->h[1] += bb; p->h[2] += c; p->h[3] += d;
  p->h[4] += e; p->h[5] += f; p->h[6] += g; p->h[7] += h;
}

static void sha256Init(Sha256 *p){
  static const unsigned int aInit[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };
  memcpy(p->h, aInit, sizeof(aInit));
  p->nTotal = 0;
  p->nBuf = 0;
}

static void sha256Update(Sha256 *p, const void *pData, size_t n){
  const unsigned char *z = (const unsigned char*)pData;
  p->nTotal += n;
  while( n>0 ){
    size_t k = 64 - p->nBuf;
    if( k>n ) k = n;
    memcpy(p->buf + p->nBuf, z, k);
    p->nBuf += k;
    z += k;
    n -= k;
    if( p->nBuf==64 ){
      sha256Block(p, p->buf);
      p->nBuf = 0;
    }
  }
}

static void sha256Final(Sha256 *p, unsigned char aOut[32]){
  unsigned long long nBits = p->nTotal*8;
  unsigned char pad = 0x80, zero = 0, aLen[8];
  int i;
  sha256Update(p, &pad, 1);
  while( p->nBuf!=56 ) sha256Update(p, &zero, 1);
  for(i=0; i<8; i++) aLen[i] = (unsigned char)(nBits>>(56-8*i));
  sha256Update(p, aLen, 8);
  for(i=0; i<32; i++) aOut[i] = (unsigned char)(p->h[i/4]>>(24-8*(i%4)));
}

void privateIdSha256(const void *p, size_t n, unsigned char aOut[32]){
  Sha256 s;
  sha256Init(&s);
  sha256Update(&s, p, n);
  sha256Final(&s, aOut);
}

/* ---------------------------------------------------------------------- */
/* Python's str() of a JSON value                                         */

/*
** repr() of the finite double r into z (at least 32 bytes): the shortest
** digits that read back as r (Python's float_repr_style 'short'), written
** in fixed notation when the decimal exponent e of d.ddd x 10^e lies in
** [-4, 16), else as d.ddde+XX (at least two exponent digits).
*/
void privateIdFloatRepr(double r, char *z){
  char zE[40], zDigits[24];
  int p, e, nDigits = 0, i;
  const char *q;
  char *o = z;
  for(p=1; p<=17; p++){
    snprintf(zE, sizeof(zE), "%.*e", p-1, r);
    if( strtod(zE, 0)==r ) break;
  }
  /* zE: [-]d[.ddd]e[+-]xx */
  q = zE;
  if( *q=='-' ){ *o++ = '-'; q++; }
  for(; *q && *q!='e'; q++){
    if( *q!='.' ) zDigits[nDigits++] = *q;
  }
  e = atoi(q+1);
  while( nDigits>1 && zDigits[nDigits-1]=='0' ) nDigits--;
  if( e>=-4 && e<16 ){
    if( e<0 ){
      *o++ = '0'; *o++ = '.';
      for(i=0; i<-e-1; i++) *o++ = '0';
      for(i=0; i<nDigits; i++) *o++ = zDigits[i];
    }else{
      for(i=0; i<=e; i++) *o++ = i<nDigits ? zDigits[i] : '0';
      *o++ = '.';
      if( nDigits>e+1 ){
        for(i=e+1; i<nDigits; i++) *o++ = zDigits[i];
      }else{
        *o++ = '0';
      }
    }
    *o = 0;
  }else{
    *o++ = zDigits[0];
    if( nDigits>1 ){
      *o++ = '.';
      for(i=1; i<nDigits; i++) *o++ = zDigits[i];
    }
    sprintf(o, "e%c%02d", e<0 ? '-' : '+', e<0 ? -e : e);
  }
}

/* 1 if the raw JSON string s holds an escape Python's str could not encode
** as UTF-8 (a lone surrogate) or that mllogJsonString writes otherwise
** (U+0000). */
static int stringUnsupported(const MllogSpan *s){
  size_t i;
  for(i=1; i+1<s->n; i++){
    if( s->z[i]=='\\' ){
      if( s->z[i+1]=='u' && i+5<s->n ){
        const char *h = s->z+i+2;
        if( memcmp(h, "0000", 4)==0 ) return 1;
        if( (h[0]=='d' || h[0]=='D') && strchr("89abAB", h[1]) ){
          /* A high surrogate must be followed by \u and a low one. */
          if( i+11>=s->n || s->z[i+6]!='\\' || s->z[i+7]!='u'
           || !(s->z[i+8]=='d' || s->z[i+8]=='D') || !strchr("cdefCDEF", s->z[i+9]) ){
            return 1;
          }
          i += 6;
        }else if( (h[0]=='d' || h[0]=='D') && strchr("cdefCDEF", h[1]) ){
          return 1;
        }
      }
      i++;
    }
  }
  return 0;
}

/*
** Append str() of JSON value s to the buffer (z, *pn of nMax). Returns 0
** on success, 1 when the value cannot be written as Python would, 2 when
** the buffer is too small.
*/
static int appendStr(const MllogSpan *s, char *z, size_t *pn, size_t nMax){
  char zNum[40];
  const char *zText = 0;
  size_t n = 0;
  if( s->n==0 ) return 1;
  switch( s->z[0] ){
    case '"': {
      long long nOut;
      if( stringUnsupported(s) ) return 1;
      if( *pn + s->n + 1 > nMax ) return 2;   /* decoding never grows it */
      nOut = mllogJsonString(s, z + *pn);
      if( nOut<0 ) return 1;
      *pn += (size_t)nOut;
      return 0;
    }
    case 't': zText = "True"; break;
    case 'f': zText = "False"; break;
    case 'n': zText = "None"; break;
    case '{': case '[': return 1;
    default: {
      double r;
      size_t i;
      int bInt = 1;
      for(i=0; i<s->n; i++){
        if( s->z[i]=='.' || s->z[i]=='e' || s->z[i]=='E' ) bInt = 0;
      }
      if( bInt ){
        /* Python's int: the digits as written, -0 as 0. */
        if( s->n==2 && memcmp(s->z, "-0", 2)==0 ){
          zText = "0";
        }else{
          zText = s->z;
          n = s->n;
        }
        break;
      }
      if( !mllogJsonNumber(s, &r, 0, 0) ) return 1;
      privateIdFloatRepr(r, zNum);
      zText = zNum;
      break;
    }
  }
  if( n==0 ) n = strlen(zText);
  if( *pn + n > nMax ) return 2;
  memcpy(z + *pn, zText, n);
  *pn += n;
  return 0;
}

/* ---------------------------------------------------------------------- */
/* The id                                                                 */

/* humanhash's DEFAULT_WORDLIST (public domain), as the summarizer has it. */
static const char *const azWord[256] = {
#include "privateid_words.inc"
};

static const char *const azField[] = {
  "division", "submitter", "system_name", "number_of_nodes",
  "host_processor_model_name", "host_processors_per_node",
  "accelerator_model_name", "accelerators_per_node", "framework"
};

int privateIdOf(const char *zJson, size_t nJson, char *zOut, size_t nOut,
                const char **pzWhy){
  char *zBuf;
  size_t nBuf = nJson + 64*sizeof(azField)/sizeof(azField[0]);
  size_t n = 0, used;
  MllogSpan obj;
  unsigned char aDigest[32], aSeg[4] = {0, 0, 0, 0};
  char zErr[8];
  int i, rc;
  *pzWhy = 0;
  if( nOut<PRIVATEID_MAX ) return SQLITE_MISUSE;
  zOut[0] = 0;
  while( nJson>0 && (zJson[0]==' ' || zJson[0]=='\t' || zJson[0]=='\n' || zJson[0]=='\r') ){
    zJson++;
    nJson--;
  }
  if( mllogJsonCheck(zJson, nJson, &used, zErr, sizeof(zErr))!=SQLITE_OK
   || zJson[0]!='{' ){
    *pzWhy = "not a JSON object";
    return SQLITE_OK;
  }
  obj.z = zJson;
  obj.n = used;
  zBuf = sqlite3_malloc64(nBuf);
  if( zBuf==0 ) return SQLITE_NOMEM;
  for(i=0; i<(int)(sizeof(azField)/sizeof(azField[0])); i++){
    MllogSpan val;
    if( !mllogJsonMember(&obj, azField[i], &val) ){
      *pzWhy = azField[i];
      sqlite3_free(zBuf);
      return SQLITE_OK;
    }
    rc = appendStr(&val, zBuf, &n, nBuf);
    if( rc ){
      *pzWhy = azField[i];
      sqlite3_free(zBuf);
      return SQLITE_OK;
    }
  }
  privateIdSha256(zBuf, n, aDigest);
  sqlite3_free(zBuf);
  /* compress(bytes, 4): seg_size = 32 / 4, segment min(floor(i / 8), 3). */
  for(i=0; i<32; i++) aSeg[i/8] ^= aDigest[i];
  snprintf(zOut, nOut, "%s-%s-%s-%s", azWord[aSeg[0]], azWord[aSeg[1]],
           azWord[aSeg[2]], azWord[aSeg[3]]);
  return SQLITE_OK;
}
