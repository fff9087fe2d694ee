/*
** jsonstrict_test.c: C unit tests of ext/base/jsonstrict.c (no SQL of its
** own): RFC 8259 texts accepted, the JSON5 extensions SQLite reads from 3.42
** on refused, the nesting bound, the spans of array elements, and 200,000
** texts (random valid ones, then mutated) judged as SQLite's json_valid
** judges them where that is RFC 8259 too (the system SQLite before 3.42,
** or 3.45 and later). Exits 0 when every check passes.
*/
#include "sqlite3.h"
#include "base/jsonstrict.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

static int valid(const char *z){
  return jsonStrictValid(z, strlen(z));
}

static void testAccepted(void){
  static const char *const az[] = {
    "[]", "{}", " [ ] ", "\t\r\n[1]\n", "0", "-0", "-0.0", "1e5", "1E+5", "1e-5",
    "12.5e10", "true", "false", "null", "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"",
    "\"\\u0000\\uABcd\"", "[1,2,3]", "[1, null, \"x\", [], {}]",
    "{\"a\":1,\"b\":[true,false],\"c\":{\"d\":null}}", "{ \"a\" : 1 }",
    "[1e999]", "[-1e999]", "\"\x7f\xc3\xa9\"", "[[[[[]]]]]",
  };
  size_t k;
  for(k=0; k<sizeof(az)/sizeof(az[0]); k++){
    CHECK( valid(az[k])==1, "%s", az[k] );
  }
}

/* Every JSON5 form SQLite 3.42+ reads, and other malformed text. */
static void testRefused(void){
  static const char *const az[] = {
    "", " ", "[NaN]", "[Infinity]", "[-Infinity]", "[0x10]", "[+1]", "[.5]", "[5.]",
    "[01]", "[1,]", "{drop:0}", "{\"drop\":0,}", "{'drop':0}", "['a']",
    "[1] // c", "/* c */ [1]", "[1]\f", "\f[1]", "\v[1]", "[\"a\tb\"]", "[\"\\x41\"]",
    "[\"\\u12\"]", "[\"\\a\"]", "\"abc", "[1 2]", "[1,,2]", "{\"a\"}", "{\"a\":}",
    "{\"a\" 1}", "{1:2}", "[}", "{]", "[", "]", "{", "nul", "tru", "True", "NULL",
    "-", "1e", "1e+", "1.e5", "--1", "[1]]", "[1][2]", "1 2", "[\"a\"\"b\"]",
    "[1\x00]", "\xef\xbb\xbf[1]", "[\xc2\xa0 1]",
  };
  size_t k;
  for(k=0; k<sizeof(az)/sizeof(az[0]); k++){
    CHECK( valid(az[k])==0, "%s", az[k] );
  }
  /* A NUL inside the length is a byte like any other: not JSON. */
  CHECK( jsonStrictValid("[1]\0", 4)==0 );
  CHECK( jsonStrictValid("[1]\0", 3)==1 );
  /* The length bounds the text: nothing past it is read. */
  CHECK( jsonStrictValid("[12]", 3)==0 );
  CHECK( jsonStrictValid("\"ab\"", 3)==0 );
  CHECK( jsonStrictValid("\"\\u0041\"", 6)==0 );
  CHECK( jsonStrictValid("true", 3)==0 );
}

static void testDepth(void){
  size_t n = 2*(JSON_STRICT_MAX_DEPTH + 1);
  char *z = malloc(n + 1);
  size_t k;
  for(k=0; k<n/2; k++){ z[k] = '['; z[n-1-k] = ']'; }
  z[n] = 0;
  CHECK( jsonStrictValid(z + 1, n - 2)==1, "%d levels", JSON_STRICT_MAX_DEPTH );
  CHECK( jsonStrictValid(z, n)==0, "%d levels", JSON_STRICT_MAX_DEPTH + 1 );
  free(z);
  /* Objects count too. */
  {
    char *y = malloc(8*(JSON_STRICT_MAX_DEPTH + 1) + 1);
    size_t m = 0, d;
    for(d=0; d<JSON_STRICT_MAX_DEPTH + 1; d++){ memcpy(y + m, "{\"a\":", 5); m += 5; }
    y[m++] = '1';
    for(d=0; d<JSON_STRICT_MAX_DEPTH + 1; d++) y[m++] = '}';
    CHECK( jsonStrictValid(y, m)==0 );
    CHECK( jsonStrictValid(y + 5, m - 6)==1 );
    free(y);
  }
}

static void testItems(void){
  const char *z = " [ 1 , -0.0,\"a\\\"b\" ,[1, 2] , {\"k\": [3]},null ] ";
  static const char *const azWant[] = { "1", "-0.0", "\"a\\\"b\"", "[1, 2]", "{\"k\": [3]}", "null" };
  size_t i, n, k;
  CHECK( valid(z) );
  for(k=0; k<6; k++){
    CHECK( jsonStrictArrayItem(z, strlen(z), (long long)k, &i, &n)==1
           && n==strlen(azWant[k]) && memcmp(z+i, azWant[k], n)==0, "item %d", (int)k );
  }
  CHECK( jsonStrictArrayItem(z, strlen(z), 6, &i, &n)==0 );
  CHECK( jsonStrictArrayItem(z, strlen(z), -1, &i, &n)==0 );
  CHECK( jsonStrictArrayItem("[]", 2, 0, &i, &n)==0 );
  CHECK( jsonStrictArrayItem("{\"a\":1}", 7, 0, &i, &n)==0 );
  CHECK( jsonStrictArrayItem("5", 1, 0, &i, &n)==0 );
  CHECK( jsonStrictSkipSpace(" \t\r\nx", 5, 0)==4 );
  CHECK( jsonStrictSkipSpace("  ", 2, 0)==2 );
}

/* ---- the same verdicts as SQLite's json_valid, where that is RFC 8259 ---- */

static unsigned long long rng = 88172645463325252ULL;
static unsigned int draw(unsigned int n){
  rng ^= rng<<13; rng ^= rng>>7; rng ^= rng<<17;
  return (unsigned int)((rng>>11) % n);
}

typedef struct Buf { char a[4096]; size_t n; } Buf;
static void put(Buf *b, const char *z){
  size_t m = strlen(z);
  if( b->n + m < sizeof(b->a) ){ memcpy(b->a + b->n, z, m); b->n += m; }
}

/* A random valid value (depth at most 4), with random white space. */
static void randomValue(Buf *b, int depth){
  static const char *const azScalar[] = {
    "0", "-0", "1", "-12", "3.25", "1e5", "-2.5E-3", "1e999", "true", "false", "null",
    "\"\"", "\"ab\"", "\"\\u0041\\n\"", "\"\\\\\"",
  };
  static const char *const azSpace[] = { "", "", "", " ", "\n", "\t", "\r\n " };
  unsigned int k = draw(depth<4 ? 10 : 6), m, i;
  put(b, azSpace[draw(7)]);
  if( k<6 ){
    put(b, azScalar[draw(sizeof(azScalar)/sizeof(azScalar[0]))]);
  }else if( k<8 ){
    put(b, "[");
    m = draw(4);
    for(i=0; i<m; i++){
      if( i ) put(b, ",");
      randomValue(b, depth+1);
    }
    put(b, azSpace[draw(7)]);
    put(b, "]");
  }else{
    put(b, "{");
    m = draw(4);
    for(i=0; i<m; i++){
      if( i ) put(b, ",");
      put(b, azSpace[draw(7)]);
      put(b, draw(2) ? "\"k\"" : "\"\"");
      put(b, azSpace[draw(7)]);
      put(b, ":");
      randomValue(b, depth+1);
    }
    put(b, "}");
  }
  put(b, azSpace[draw(7)]);
}

/* A few random edits with bytes JSON and JSON5 give meaning to. */
static void mutate(Buf *b){
  static const char azByte[] = "[]{},:\"\\ \t\n\r\f\v0123456789.eE+-xXaNIuntfrl/*'#\x7f\xc3";
  unsigned int nEdit = 1 + draw(3), e;
  for(e=0; e<nEdit; e++){
    unsigned int at = b->n ? draw((unsigned int)b->n + 1) : 0;
    char c = azByte[draw(sizeof(azByte) - 1)];
    switch( draw(3) ){
      case 0:     /* insert */
        if( b->n + 1 < sizeof(b->a) ){
          memmove(b->a + at + 1, b->a + at, b->n - at);
          b->a[at] = c;
          b->n++;
        }
        break;
      case 1:     /* delete */
        if( at<b->n ){
          memmove(b->a + at, b->a + at + 1, b->n - at - 1);
          b->n--;
        }
        break;
      default:    /* replace */
        if( at<b->n ) b->a[at] = c;
        break;
    }
  }
}

static void testAgainstSqlite(void){
  int v = sqlite3_libversion_number();
  sqlite3 *db = 0;
  sqlite3_stmt *pStmt = 0;
  int k, nDiff = 0, nValid = 0, nInvalid = 0;
  if( v>=3042000 && v<3045000 ){
    printf("jsonstrict_test: SQLite %s's json_valid reads JSON5: not compared\n",
           sqlite3_libversion());
    return;
  }
  CHECK( sqlite3_open(":memory:", &db)==SQLITE_OK );
  CHECK( sqlite3_prepare_v2(db, "SELECT json_valid(?1)", -1, &pStmt, 0)==SQLITE_OK );
  if( pStmt==0 ){
    sqlite3_close(db);
    return;
  }
  for(k=0; k<200000; k++){
    Buf b;
    int mine, theirs;
    b.n = 0;
    randomValue(&b, 0);
    if( k%2 ) mutate(&b);
    mine = jsonStrictValid(b.a, b.n);
    sqlite3_bind_text(pStmt, 1, b.a, (int)b.n, SQLITE_TRANSIENT);
    theirs = sqlite3_step(pStmt)==SQLITE_ROW ? sqlite3_column_int(pStmt, 0) : -1;
    sqlite3_reset(pStmt);
    if( mine ) nValid++; else nInvalid++;
    if( mine!=theirs ){
      if( nDiff++<5 ){
        CHECK( mine==theirs, "'%.*s': jsonStrictValid %d, json_valid %d", (int)b.n, b.a,
               mine, theirs );
      }
    }
  }
  CHECK( nDiff==0, "%d texts judged otherwise", nDiff );
  /* Both verdicts were met often: the comparison bites. */
  CHECK( nValid>100000 && nInvalid>40000, "%d valid, %d invalid", nValid, nInvalid );
  sqlite3_finalize(pStmt);
  sqlite3_close(db);
}

int main(void){
  testAccepted();
  testRefused();
  testDepth();
  testItems();
  testAgainstSqlite();
  if( nFail ){
    printf("jsonstrict_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("jsonstrict_test: %d checks passed\n", nCheck);
  return 0;
}
