/*
** jsonfast_test.c: C unit tests of the fast path of mllogJsonCheckLine
** (ext/mlperf/jsoncheck.c): at every level this build and CPU have (SSE2,
** AVX2, AVX-512BW, and the shapes kept of AVX-512 VBMI2), the line check
** gives the verdict, the bytes used, the message and the members of the
** complete check alone (level OFF) on hand-made edge cases, on real MLLOG
** lines, on lines of one shape with every kind of scalar changed, and on
** 60,000 generated lines (valid JSON objects, then mutated), and it takes
** the common lines.
** tests/fuzz/jsonfast_fuzz.c makes the same comparison on fuzzed input.
** Exits 0 when every check passes.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/json.h"
#include "mlperf/line.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../jsonfast_outcome.h"
#include "check.h"

static const char *const azLevel[] = {"off", "sse2", "avx2", "avx512", "shape"};

static int nLevel = 0;        /* levels this build and CPU have */
static int aLevel[5];
static MllogJsonShapes shapes; /* kept from line to line, as a scan keeps them */
static int nCompared = 0, nTaken = 0;

/* z[0..n-1] at every level gives what level OFF gives; 1 when it does. */
static int compareLevels(const char *z, size_t n){
  Outcome ref, got;
  int i, bOk = 1;
  mllogJsonFastLevel(MLLOG_JSON_FAST_OFF);
  outcome(z, n, 0, &ref);
  for(i=0; i<nLevel; i++){
    MllogLine line;
    size_t nUsed = 0;
    mllogJsonFastLevel(aLevel[i]);
    outcome(z, n, &shapes, &got);
    if( !sameOutcome(&ref, &got) ) bOk = 0;
    CHECK(sameOutcome(&ref, &got), "level %s: rc %d/%d, used %zu/%zu, '%s'/'%s' on '%.*s'",
          azLevel[aLevel[i]], got.rc, ref.rc, got.nUsed, ref.nUsed,
          got.zErr, ref.zErr, (int)(n>300 ? 300 : n), z);
    memset(&line, 0, sizeof(line));
    if( mllogJsonCheckFast(z, n, &nUsed, &line, &shapes) ){
      nTaken++;
      /* Taken only when the complete check accepts it. */
      if( ref.rc!=SQLITE_OK ) bOk = 0;
      CHECK(ref.rc==SQLITE_OK, "level %s took a line the check refuses ('%s'): '%.*s'",
            azLevel[aLevel[i]], ref.zErr, (int)(n>300 ? 300 : n), z);
    }
  }
  nCompared++;
  return bOk;
}

/* Taken by the fast path at every level. */
static void checkTaken(const char *z, size_t n){
  int i;
  for(i=0; i<nLevel; i++){
    MllogLine line;
    size_t nUsed = 0;
    memset(&line, 0, sizeof(line));
    mllogJsonFastLevel(aLevel[i]);
    CHECK(mllogJsonCheckFast(z, n, &nUsed, &line, &shapes)==1,
          "level %s does not take '%.*s'", azLevel[aLevel[i]],
          (int)(n>300 ? 300 : n), z);
  }
}

/* ---- generated lines ---------------------------------------------------- */

static unsigned long long iRand = 0x9e3779b97f4a7c15ULL;
static unsigned rnd(unsigned n){
  iRand ^= iRand<<13;
  iRand ^= iRand>>7;
  iRand ^= iRand<<17;
  return (unsigned)(iRand % n);
}

typedef struct Buf Buf;
struct Buf { char z[6000]; size_t n; };
static void put(Buf *b, const char *z){
  size_t n = strlen(z);
  if( b->n+n<sizeof(b->z) ){
    memcpy(b->z+b->n, z, n);
    b->n += n;
  }
}
/* Whitespace: mostly none or spaces, which the fast path takes. */
static void ws(Buf *b){
  static const char *const az[] = {"\t", "\n", " \r\n ", "", " ", "  "};
  put(b, az[rnd(40)==0 ? rnd(3) : 3+rnd(3)]);
}

static void genValue(Buf *b, int nDepth);
/* A string; one in 50 with what the fast path leaves to the check. */
static void genString(Buf *b){
  static const char *const az[] = {
    "\"k\\\"ey\"", "\"\\u0041\"", "\"caf\xc3\xa9\"", "\"\\n\"", "\"tab\there\"",
    "\"\"", "\"key\"", "\"time_ms\"", "\"value\"", "\"metadata\"",
    "\"event_type\"", "\"x\"", "\"POINT_IN_TIME\"", "\"a b:c,{d}[e]\"",
    "\"/workspace/bert/run_pretraining.py\"",
    "\"a long string that runs past the end of one block of sixty-four bytes\"",
  };
  put(b, az[rnd(50)==0 ? rnd(5) : 5+rnd(11)]);
}
static void genScalar(Buf *b){
  static const char *const az[] = {
    "0", "1", "-1", "17", "1727790320649", "0.9", "-0.5e3", "1E+2", "124696.43465491924",
    "true", "false", "null", "1e400", "-0", "12345678901234567890123",
  };
  put(b, az[rnd(sizeof(az)/sizeof(az[0]))]);
}
static void genObject(Buf *b, int nDepth){
  int i, n = rnd(nDepth==0 ? 9 : 4);
  put(b, "{");
  ws(b);
  for(i=0; i<n; i++){
    if( i ){ put(b, ","); ws(b); }
    genString(b);
    ws(b);
    put(b, ":");
    ws(b);
    genValue(b, nDepth+1);
    ws(b);
  }
  put(b, "}");
}
static void genValue(Buf *b, int nDepth){
  unsigned r = rnd(10);
  if( r<4 || nDepth>4 ){
    genScalar(b);
  }else if( r<7 ){
    genString(b);
  }else if( r<9 ){
    genObject(b, nDepth);
  }else{
    int i, n = rnd(4);
    put(b, "[");
    for(i=0; i<n; i++){
      if( i ) put(b, ",");
      ws(b);
      genValue(b, nDepth+1);
      ws(b);
    }
    put(b, "]");
  }
}

/* Change, drop or add a byte (or none). */
static void mutate(Buf *b){
  static const char azByte[] = "{}[]:,\" \\tfnu0-.e1\x01\x7f\x80\xff\t";
  unsigned r = rnd(5), i;
  if( b->n==0 || r==0 ) return;
  i = rnd((unsigned)b->n);
  if( r<=2 ){
    b->z[i] = azByte[rnd(sizeof(azByte)-1)];
  }else if( r==3 ){
    memmove(b->z+i, b->z+i+1, b->n-i-1);
    b->n--;
  }else if( b->n+1<sizeof(b->z) ){
    memmove(b->z+i+1, b->z+i, b->n-i);
    b->z[i] = azByte[rnd(sizeof(azByte)-1)];
    b->n++;
  }
}

int main(void){
  static const char *const azEdge[] = {
    "", " ", "{", "}", "{}", " {} ", "{ }", "[]", "1", "\"x\"", "{}{}", "{} x",
    "{\"a\":1}", "{\"a\":1,}", "{\"a\" 1}", "{\"a\":}", "{,\"a\":1}", "{\"a\":1 \"b\":2}",
    "{\"a\":[1,2,]}", "{\"a\":[,1]}", "{\"a\":[1 2]}", "{\"a\":[]}", "{\"a\":{}}",
    "{\"a\":[{}]}", "{\"a\":{\"b\":[1,{\"c\":null}]}}", "{\"a\":]", "{\"a\":[}",
    "{\"a\":{]}", "{\"a\":tru}", "{\"a\":truex}", "{\"a\":true1}", "{\"a\":nul}",
    "{\"a\":False}", "{\"a\":01}", "{\"a\":-}", "{\"a\":1.}", "{\"a\":.5}",
    "{\"a\":1e}", "{\"a\":1e+}", "{\"a\":1.5e-3}", "{\"a\":1e400}", "{\"a\":-1e400}",
    "{\"a\":1e-400}", "{\"a\":+1}", "{\"a\":0x10}", "{\"a\":NaN}", "{\"a\":Infinity}",
    "{\"a\":1\"b\"}", "{\"a\":\"b\"1}", "{\"a\":\"b\"\"c\"}", "{\"a\":\"unterminated}",
    "{\"a\":\"b\\\"c\"}", "{\"a\":\"\\u00e9\"}", "{\"a\":\"\\x\"}", "{\"a\":\"\t\"}",
    "{\"a\":\"\xc3\xa9\"}", "{\"a\":\"\xc3\"}", "{\"a\":\"\x01\"}", "{\"a\"\t:1}",
    "{\"a\":1}\t", "\t{\"a\":1}", "{\"a\":1}\n", "{\"a\":1}\r", "{\"a\":\x7f}",
    "{\"key\":\"run_start\",\"time_ms\":1}", "{\"key\":\"x\",\"key\":\"y\",\"time_ms\":1.5}",
    "{\"time_ms\":\"12\",\"key\":1}", "{\"time_ms\":{\"a\":1},\"key\":[\"x\"]}",
    "{\"value\":{\"key\":\"inner\"},\"key\":\"outer\"}", "{\"k\\u0065y\":\"x\"}",
    "{\"metadata\":{},\"value\":[]}", "{\"value\":[1,2,{\"a\":[true,false,null]}]}",
    "{\"a\" : 1 , \"b\" : \"c\" }", "{\"a\":1}}", "{\"a\":1]", "[{\"a\":1}]",
    "{\"a\":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}",
  };
  static const char *const azTaken[] = {
    "{\"namespace\": \"\", \"time_ms\": 1727790320649, \"event_type\": \"POINT_IN_TIME\", "
    "\"key\": \"tracked_stats\", \"value\": {\"train_time\": 11.35, \"throughput\": "
    "124696.43465491924, \"train_accuracy\": 0.7032820582389832}, \"metadata\": {\"file\": "
    "\"/workspace/gnn/train.py\", \"lineno\": 1120, \"epoch_num\": 0.9}}",
    "{\"namespace\": \"\", \"time_ms\": 1695109032247, \"event_type\": \"POINT_IN_TIME\", "
    "\"key\": \"weights_initialization\", \"value\": null, \"metadata\": {\"file\": "
    "\"/workspace/ssd/model/feature_pyramid_network.py\", \"lineno\": 209, \"tensor\": "
    "\"module.backbone.fpn.extra_blocks.p6.weight\"}}",
    "{\"namespace\": \"\", \"time_ms\": 1728492042000, \"event_type\": \"POINT_IN_TIME\", "
    "\"key\": \"power_reading\", \"value\": 705.0, \"metadata\": {\"file\": \"power.py\", "
    "\"lineno\": 88, \"host\": \"node_0\"}}",
    "{\"key\":\"eval_accuracy\",\"value\":[0.1,0.2],\"time_ms\":-5,\"metadata\":{\"epoch_num\":3}}",
    "  {\"a\": {\"b\": {\"c\": []}}, \"key\": \"x\", \"time_ms\": 0}  ",
  };
  Buf b;
  int i, j;
  /* The levels this CPU has; SSE2 is x86-64's baseline. */
  for(i=MLLOG_JSON_FAST_SSE2; i<=MLLOG_JSON_FAST_SHAPE; i++){
    if( mllogJsonFastLevel(i)==i ) aLevel[nLevel++] = i;
  }
#if defined(__SSE2__)
  CHECK(nLevel>=1 && aLevel[0]==MLLOG_JSON_FAST_SSE2, "levels: %d", nLevel);
#endif
  CHECK(mllogJsonFastLevel(99)==-1);
  CHECK(mllogJsonFastLevel(MLLOG_JSON_FAST_OFF)==MLLOG_JSON_FAST_OFF);
  {
    MllogLine line;
    size_t nUsed = 0;
    memset(&line, 0, sizeof(line));
    CHECK(mllogJsonCheckFast("{\"a\":1}", 7, &nUsed, &line, &shapes)==0, "taken at level off");
  }
  printf("levels:");
  for(i=0; i<nLevel; i++) printf(" %s", azLevel[aLevel[i]]);
  printf("\n");

  for(i=0; i<(int)(sizeof(azEdge)/sizeof(azEdge[0])); i++){
    compareLevels(azEdge[i], strlen(azEdge[i]));
  }
  for(i=0; i<(int)(sizeof(azTaken)/sizeof(azTaken[0])); i++){
    compareLevels(azTaken[i], strlen(azTaken[i]));
    checkTaken(azTaken[i], strlen(azTaken[i]));
  }

  /* Every split of a line across the 64-byte blocks: a string, a number,
  ** a literal and a space at each block boundary, and the 4 KB limit. */
  for(i=0; i<140; i++){
    char z[4200];
    int n = snprintf(z, sizeof(z), "{\"p\":\"%.*s\",\"n\":12345.5e1,\"t\":true,"
                     "\"s\":\"0123456789abcdef\", \"key\" : \"k\"}",
                     i, "........................................................"
                        "........................................................"
                        "............................");
    compareLevels(z, (size_t)n);
    checkTaken(z, (size_t)n);
  }
  for(i=4090; i<=4100; i++){
    char z[4200];
    memset(z, 'a', sizeof(z));
    memcpy(z, "{\"a\":\"", 6);
    memcpy(z+i-2, "\"}", 2);
    compareLevels(z, (size_t)i);
    if( i<=4096 ) checkTaken(z, (size_t)i);
  }
  /* A line that ends in '-' where a value goes, its length a multiple of
  ** 64: the digits after it are looked for past its end, where nothing
  ** may be read (the line in a buffer of exactly its size, for ASan). */
  {
    static const size_t aLen[] = { 64, 128, 192, 4096 };
    size_t k;
    for(k=0; k<sizeof(aLen)/sizeof(aLen[0]); k++){
      char *z = malloc(aLen[k]);
      if( z==0 ) break;
      memset(z, ' ', aLen[k]);
      memcpy(z, "{\"a\":", 5);
      z[aLen[k]-1] = '-';
      compareLevels(z, aLen[k]);
      free(z);
    }
  }
  /* Nesting at the limit of the complete check and past it. */
  for(i=MLLOG_JSON_MAX_DEPTH-1; i<=MLLOG_JSON_MAX_DEPTH+1; i++){
    char z[1200];
    size_t n = 0;
    z[n++] = '{';
    z[n++] = '"'; z[n++] = 'a'; z[n++] = '"'; z[n++] = ':';
    for(j=1; j<i; j++) z[n++] = '[';
    for(j=1; j<i; j++) z[n++] = ']';
    z[n++] = '}';
    compareLevels(z, n);
  }

  /* Lines of one shape: each scalar of a kept shape changed to another
  ** of its class, valid or not, and each name to another; the values of
  ** containers take the plainness of the last scalar in them, as the walk
  ** leaves it. */
  {
    static const char *const azNum[] = {
      "0", "-0", "7", "-12", "01", "-01", "1.5", "1.", "1.e3", "-", "--1",
      "1.5e", "1.5e+", "2.25E-3", "12345678901234567890123", "1e999",
      "0.000001", "3-4", "0x10", "1..2", "9999999999999999999999.5",
    };
    static const char *const azWord[] = {
      "true", "tru", "truex", "false", "fals", "null", "nul", "nulll",
    };
    static const char *const azName[] = { "key", "kez", "value", "time_ms", "k" };
    char z[600];
    int a, w, m;
    for(a=0; a<(int)(sizeof(azNum)/sizeof(azNum[0])); a++){
      for(w=0; w<(int)(sizeof(azWord)/sizeof(azWord[0])); w++){
        for(m=0; m<(int)(sizeof(azName)/sizeof(azName[0])); m++){
          int n = snprintf(z, sizeof(z),
              "{\"namespace\": \"\", \"time_ms\": %s, \"%s\": \"k\", "
              "\"value\": {\"x\": [%s, %s]}, \"metadata\": {\"a\": %s, \"b\": []}}",
              azNum[a], azName[m], azNum[(a+3)%21], azWord[w], azNum[(a+7)%21]);
          compareLevels(z, (size_t)n);
        }
      }
    }
  }
#if defined(__x86_64__)
  /* A line of a kept shape is taken from it, not kept again. */
  if( mllogJsonFastLevel(MLLOG_JSON_FAST_SHAPE)==MLLOG_JSON_FAST_SHAPE ){
    MllogLine line;
    size_t nUsed = 0;
    int iNext;
    const char *z1 = "{\"key\": \"a\", \"value\": 1, \"time_ms\": 5}";
    const char *z2 = "{\"key\": \"bb\", \"value\": 23, \"time_ms\": 6}";
    memset(&line, 0, sizeof(line));
    CHECK(mllogJsonCheckFast(z1, strlen(z1), &nUsed, &line, &shapes)==1, "z1");
    iNext = shapes.iNext;
    memset(&line, 0, sizeof(line));
    CHECK(mllogJsonCheckFast(z2, strlen(z2), &nUsed, &line, &shapes)==1
          && shapes.iNext==iNext && line.value.n==2 && line.key.n==4
          && nUsed==strlen(z2), "z2 by the shape of z1");
  }
#endif

  /* Generated lines: valid objects, and each mutated. */
  for(i=0; i<60000; i++){
    b.n = 0;
    ws(&b);
    genObject(&b, 0);
    ws(&b);
    if( i%2 ) mutate(&b);
    if( i%7==0 ) mutate(&b);
    if( !compareLevels(b.z, b.n) ) break;
  }
  CHECK(nTaken>15000*nLevel, "the fast path took %d lines", nTaken);
  printf("%d lines compared, %d taken by a fast level\n", nCompared, nTaken);
  mllogJsonFastLevel(MLLOG_JSON_FAST_BEST);
  printf("%d checks, %d failed\n", nCheck, nFail);
  return nFail!=0;
}
