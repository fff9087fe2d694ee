/*
** Unit tests of the MLLOG reader of ext/mlperf/ (jsoncheck.c, json.c, hash.c,
** line.c, reader.c, verdict.c, converge.c, energy.c and the rules as text
** and rows of rules.c): the JSON validator and readers, the streaming
** line reader (checked against a naive reference on random inputs and
** small buffers) and the convergence rules of every benchmark.
**
** Exits 0 when every check passes, else prints the failures and exits 1.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/converge.h"
#include "mlperf/energy.h"
#include "mlperf/hash.h"
#include "mlperf/reader.h"
#include "mlperf/verdict.h"
#include "base/util.h"
#include <math.h>
#include <errno.h>
#include <fenv.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "check.h"

/* ---------------------------------------------------------------------- */

static int jsonOk(const char *z){
  size_t nUsed = 0;
  char zErr[128];
  size_t n = strlen(z);
  if( mllogJsonCheck(z, n, &nUsed, zErr, sizeof(zErr))!=SQLITE_OK ) return 0;
  while( nUsed<n && strchr(" \t\r\n", z[nUsed]) ) nUsed++;
  return nUsed==n;
}

static void testJsonCheck(void){
  static const char *azGood[] = {
    "{}", "[]", "0", "-0", "1.5", "-1.5e10", "1E+2", "1e-2", "123456789012345678901234567890",
    "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "\"\\u0041\\u00e9\\ud83d\\ude00\"",
    "\"\\ud800\"", "true", "false", "null", " { \"a\" : [ 1 , { } , [ ] ] } ",
    "{\"a\":1,\"a\":2}", "\"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 \xf4\x8f\xbf\xbf\"", "[[[[[]]]]]",
    "1.7976931348623157e308", "-0.1e309", "0.00001e313", "1e-400", "0e999999999999",
  };
  static const char *azBad[] = {
    "", " ", "{", "}", "[", "]", "{,}", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}",
    "{\"a\" 1}", "{a:1}", "{'a':1}", "01", "1.", ".5", "-", "+1", "1e", "1e+",
    "0x10", "NaN", "Infinity", "-Infinity", "tru", "nul", "falsey", "\"abc",
    "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"a\tb\"", "\"a\nb\"", "[1 2]",
    "{\"a\":1 \"b\":2}", "[1]]", "{} {}", "\"\\", "[\"\\u0000\"", "\x01",
    "1e400", "-1e309", "1.8e308", "[0.2e310]", "1.7976931348623159e308", "1e99999999999999999999",
  };
  size_t i;
  for(i=0; i<sizeof(azGood)/sizeof(azGood[0]); i++){
    CHECK(jsonOk(azGood[i]), "valid JSON refused: %s", azGood[i]);
  }
  for(i=0; i<sizeof(azBad)/sizeof(azBad[0]); i++){
    CHECK(!jsonOk(azBad[i]), "invalid JSON accepted: %s", azBad[i]);
  }
}

/*
** Numbers and strings long enough for the 16-byte scans, with every kind of
** byte right after a run of digits (the compares at '0'-1 and '9'+1, a byte
** >= 0x80, a control byte), followed by 16 bytes of padding or not.
*/
static void testJsonLong(void){
  static const struct { const char *zFmt; int bOk; } aForm[] = {
    { "%s", 1 }, { "-%s", 1 }, { "%s.%s", 1 }, { "%se-%s", 1 }, { "%s.%sE-%s", 1 },
    { "%se+99%s", 0 }, { "-%s.%sE+99%s", 0 },   /* too large for a double */
    { "0%s", 0 }, { "%s.", 0 }, { "%se", 0 }, { "%s/", 0 }, { "%s:", 0 },
    { "%s\xb0", 0 }, { "%s\x01", 0 }, { "%s.%s.", 0 }, { "-%sx", 0 },
  };
  static const char *azPad[] = { "", ", \"padding past 16 bytes\"" };
  char zDigits[48], zNum[200], zDoc[300];
  int nDigit, iForm, iPad;
  for(nDigit=1; nDigit<=40; nDigit++){
    memset(zDigits, '7', nDigit);
    zDigits[0] = '1';
    zDigits[nDigit] = 0;
    for(iForm=0; iForm<(int)(sizeof(aForm)/sizeof(aForm[0])); iForm++){
      snprintf(zNum, sizeof(zNum), aForm[iForm].zFmt, zDigits, zDigits, zDigits);
      for(iPad=0; iPad<2; iPad++){
        snprintf(zDoc, sizeof(zDoc), "[%s%s]", zNum, azPad[iPad]);
        CHECK(jsonOk(zDoc)==aForm[iForm].bOk, "%s: %s", aForm[iForm].bOk ?
              "valid JSON refused" : "invalid JSON accepted", zDoc);
      }
    }
    /* a string of nDigit bytes, then an escape or a control byte */
    snprintf(zDoc, sizeof(zDoc), "[\"%s\\n%s\", 1]", zDigits, zDigits);
    CHECK(jsonOk(zDoc), "valid JSON refused: %s", zDoc);
    snprintf(zDoc, sizeof(zDoc), "[\"%s\\q\", 1, \"padding past 16 bytes\"]", zDigits);
    CHECK(!jsonOk(zDoc), "invalid JSON accepted: %s", zDoc);
    snprintf(zDoc, sizeof(zDoc), "[\"%s\x1f\", 1, \"padding past 16 bytes\"]", zDigits);
    CHECK(!jsonOk(zDoc), "invalid JSON accepted: %s", zDoc);
  }
}

/*
** Strings must be well-formed UTF-8 (Python's reader decodes the file as
** UTF-8 first): each bad sequence at every offset 0..40 of a string (the
** 16-byte fast path, the SSE2 loop, the 4-byte loop and the tail) and of
** a member name is refused with its exact offset; good ones pass.
*/
static void testJsonUtf8(void){
  static const char *azBad[] = {
    "\xff", "\xfe", "\x80", "\xbf", "\xc3", "\xc3x", "\xc0\xaf", "\xc1\xbf",
    "\xe0\x80\xaf", "\xed\xa0\xbd", "\xed\xbf\xbf", "\xe2\x82", "\xf0\x8f\xbf\xbf",
    "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xf8\x88\x80\x80\x80", "\xf0\x9f\x98",
  };
  static const char *azGood[] = {
    "\xc2\x80", "\xdf\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xee\x80\x80",
    "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf",
  };
  char zDoc[200], zErr[128], zWant[64];
  size_t nUsed, k;
  int nPre, bName, iPad;
  static const char *azPad[] = { "", ", \"p\": \"padding past 16 bytes\"" };
  for(nPre=0; nPre<=40; nPre++){
    for(bName=0; bName<2; bName++){
      for(iPad=0; iPad<2; iPad++){
        for(k=0; k<sizeof(azBad)/sizeof(azBad[0]); k++){
          /* {"a":"<nPre x's><bad>"...} or {"<nPre x's><bad>":1...} */
          int n = snprintf(zDoc, sizeof(zDoc), bName ? "{\"%.*s%s\":1%s}" : "{\"a\":\"%.*s%s\"%s}",
                           nPre, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", azBad[k], azPad[iPad]);
          snprintf(zWant, sizeof(zWant), "invalid UTF-8 at byte %d", (bName ? 2 : 6)+nPre);
          CHECK(mllogJsonCheck(zDoc, (size_t)n, &nUsed, zErr, sizeof(zErr))==SQLITE_ERROR
                && strcmp(zErr, zWant)==0, "bad UTF-8 %d at %d (name %d): '%s'",
                (int)k, nPre, bName, zErr);
        }
        for(k=0; k<sizeof(azGood)/sizeof(azGood[0]); k++){
          snprintf(zDoc, sizeof(zDoc), bName ? "{\"%.*s%s\":1%s}" : "{\"a\":\"%.*s%s\"%s}",
                   nPre, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", azGood[k], azPad[iPad]);
          CHECK(jsonOk(zDoc), "good UTF-8 %d at %d refused: %s", (int)k, nPre, zDoc);
        }
      }
    }
  }
  /* A string cut inside a character at the end of the text. */
  CHECK(mllogJsonCheck("\"ab\xe2\x82", 5, &nUsed, zErr, sizeof(zErr))==SQLITE_ERROR
        && strcmp(zErr, "invalid UTF-8 at byte 3")==0, "cut character: '%s'", zErr);
  /* Outside strings a byte >= 0x80 is an unexpected byte, named by value. */
  CHECK(mllogJsonCheck("[1,\xc3\xa9]", 6, &nUsed, zErr, sizeof(zErr))==SQLITE_ERROR
        && strcmp(zErr, "unexpected byte 0xc3 at byte 3")==0, "outside a string: '%s'", zErr);
  CHECK(mllogJsonCheck("{\xc3\xa9:1}", 6, &nUsed, zErr, sizeof(zErr))==SQLITE_ERROR
        && strcmp(zErr, "expected a member name at byte 1")==0, "as a name: '%s'", zErr);
}

static void testDepth(void){
  static char z[2*(MLLOG_JSON_MAX_DEPTH+1)+1];
  size_t nUsed;
  char zErr[128];
  int d;
  for(d=MLLOG_JSON_MAX_DEPTH; d<=MLLOG_JSON_MAX_DEPTH+1; d++){
    memset(z, '[', d);
    memset(z+d, ']', d);
    z[2*d] = 0;
    CHECK(mllogJsonCheck(z, 2*d, &nUsed, zErr, sizeof(zErr))
          ==(d>MLLOG_JSON_MAX_DEPTH ? SQLITE_ERROR : SQLITE_OK),
          "depth %d", d);
  }
  CHECK(strcmp(zErr, "JSON nested deeper than 512 levels at byte 512")==0, "%s", zErr);
}

static void testStrings(void){
  char zOut[64];
  MllogSpan s;
  long long n;
  s.z = "\"\\u0041\\u00e9\\ud83d\\ude00\\ud800x\\udc00\\n\\/\"";
  s.n = strlen(s.z);
  n = mllogJsonString(&s, zOut);
  CHECK(n==16 && memcmp(zOut, "A\xc3\xa9\xf0\x9f\x98\x80\xef\xbf\xbdx\xef\xbf\xbd\n/", 16)==0,
        "decoded %lld bytes", n);
  s.z = "12";
  s.n = 2;
  CHECK(mllogJsonString(&s, zOut)==-1, "a number is not a string");
  /* U+0000 decodes as the 6 characters \u0000: the text holds no NUL (a
  ** status "success\u0000x" is not "success"), and a literal "\\u0000"
  ** reads the same; compared, a NUL matches nothing. */
  s.z = "\"success\\u0000x\\\\u0000\"";
  s.n = strlen(s.z);
  n = mllogJsonString(&s, zOut);
  CHECK(n==20 && strcmp(zOut, "success\\u0000x\\u0000")==0, "NUL decoded: %lld '%s'", n, zOut);
  CHECK(!mllogJsonStringIs(&s, "success") && !mllogJsonStringIs(&s, "success\\u0000x\\u0000"),
        "NUL compared");
  s.z = "\"\\u0000\"";
  s.n = strlen(s.z);
  CHECK(!mllogJsonStringIs(&s, ""), "lone NUL is empty");
  s.z = "\"k\\u0065y\"";
  s.n = strlen(s.z);
  CHECK(mllogJsonStringIs(&s, "key"), "escaped name");
  CHECK(!mllogJsonStringIs(&s, "ke"), "prefix");
  s.z = "\"key\"";
  s.n = 5;
  CHECK(mllogJsonStringIs(&s, "key") && !mllogJsonStringIs(&s, "keys"), "plain name");
  {
    /* Escaped text of any length (600 bytes of JSON for 100 decoded). */
    char zJson[700], zText[101];
    int k;
    zJson[0] = '"';
    for(k=0; k<100; k++) memcpy(zJson+1+6*k, "\\u0041", 6);
    zJson[601] = '"';
    memset(zText, 'A', 100);
    zText[100] = 0;
    s.z = zJson;
    s.n = 602;
    CHECK(mllogJsonStringIs(&s, zText), "a long escaped string");
    zText[99] = 0;
    CHECK(!mllogJsonStringIs(&s, zText), "one byte short");
  }
}

static void testNumbers(void){
  static const struct { const char *z; double r; int bInt; sqlite3_int64 i; } a[] = {
    { "0", 0, 1, 0 },
    { "-0", 0, 1, 0 },
    { "1714089461276", 1714089461276.0, 1, 1714089461276LL },
    { "-999999999999999999", -999999999999999999.0, 1, -999999999999999999LL },
    { "9999999999999999999", 1e19, 0, 0 },
    { "0.720651030540466", 0.720651030540466, 0, 0 },
    { "1e3", 1000.0, 0, 0 },
    { "-2.5E-3", -0.0025, 0, 0 },
  };
  size_t k;
  for(k=0; k<sizeof(a)/sizeof(a[0]); k++){
    MllogSpan s;
    double r = -1;
    int bInt = -1;
    sqlite3_int64 i = -1;
    s.z = a[k].z;
    s.n = strlen(a[k].z);
    CHECK(mllogJsonNumber(&s, &r, &bInt, &i) && r==a[k].r && bInt==a[k].bInt
          && (!bInt || i==a[k].i), "number %s: %.17g %d", a[k].z, r, bInt);
  }
  {
    MllogSpan s = { "\"1\"", 3 };
    double r;
    CHECK(!mllogJsonNumber(&s, &r, 0, 0), "a string is not a number");
  }
  /* Every number strtod's: short decimals are read without it (and
  ** rounded once), the rest by it. Random digits, fractions and exponents
  ** around the limits of that path (15 digits, powers 22 from 0), the same
  ** double bit for bit (-0 included), in each rounding mode. */
  {
    static const int aMode[] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    unsigned x = 12345;
    int nDiff = 0;
    for(k=0; k<400000; k++){
      char z[96];
      size_t n = 0;
      int j, nInt, nFrac;
      MllogSpan s;
      double r = 1, rRef;
#define RND() (x = x*1103515245u + 12345u, (x>>8) & 0xffffff)
      if( RND()%4==0 ) z[n++] = '-';
      nInt = 1 + (int)(RND()%18);
      nFrac = (int)(RND()%20);
      z[n++] = (char)('0' + (nInt>1 ? 1 + RND()%9 : RND()%10));
      for(j=1; j<nInt; j++) z[n++] = (char)('0' + RND()%10);
      if( nFrac ){
        z[n++] = '.';
        for(j=0; j<nFrac; j++) z[n++] = (char)('0' + (RND()%3 ? RND()%10 : 0));
      }
      if( RND()%3==0 ){
        const char *zE = RND()%2 ? "e" : "E-";
        int nE = (int)(RND()%40);
        n += (size_t)snprintf(z+n, sizeof(z)-n, "%s%d", zE, nE);
      }
      z[n] = 0;
#undef RND
      s.z = z;
      s.n = n;
      fesetround(aMode[k%4]);
      rRef = strtod(z, 0);
      /* An integer of up to 18 digits is read as one ("-0" is 0). */
      if( strpbrk(z, ".eE")==0 && nInt<=18 && rRef==0 ) rRef = 0.0;
      if( !mllogJsonNumber(&s, &r, 0, 0) || memcmp(&r, &rRef, sizeof(r))!=0 ){
        if( nDiff++<5 ) CHECK(0, "%s (rounding mode %d): %.17g, strtod %.17g",
                              z, (int)(k%4), r, rRef);
      }
    }
    fesetround(FE_TONEAREST);
    CHECK(nDiff==0, "%d numbers differ from strtod", nDiff);
  }
}

static void testMembers(void){
  const char *z = "{ \"a\" : {\"x\": [1, {\"b\": 2}]}, \"b\":\"s\\\"}\" , \"c\":3, \"b\": [ ] }";
  MllogSpan obj, v;
  obj.z = z;
  obj.n = strlen(z);
  CHECK(mllogJsonMember(&obj, "a", &v) && v.n==20 && memcmp(v.z, "{\"x\": [1, {\"b\": 2}]}", 20)==0,
        "member a");
  CHECK(mllogJsonMember(&obj, "b", &v) && v.n==3 && memcmp(v.z, "[ ]", 3)==0,
        "member b: the last duplicate wins");
  CHECK(mllogJsonMember(&obj, "c", &v) && v.n==1 && v.z[0]=='3', "member c");
  CHECK(!mllogJsonMember(&obj, "x", &v), "no member x at the top");
  obj.z = "[1]";
  obj.n = 3;
  CHECK(!mllogJsonMember(&obj, "a", &v), "not an object");
  obj.z = "{}";
  obj.n = 2;
  CHECK(!mllogJsonMember(&obj, "a", &v), "empty object");
  /* JSON white space is space, \t, \n and \r only. */
  CHECK(mllogJsonSkipSpace(" \t\r\n{", 5, 0)==4 && mllogJsonSkipSpace("\v{", 2, 0)==0
        && mllogJsonSkipSpace("a  ", 3, 1)==3 && mllogJsonSkipSpace("", 0, 0)==0, "skip space");
}

/*
** mllogJsonHash follows Python's == on json.loads values: each pair of a
** group is equal, and any two values of different groups differ.
*/
static void testJsonHash(void){
  static const char *aaGroup[][6] = {
    { "1e-06", "0.000001", "1E-6", "0.1e-5", "1.0e-6", 0 },
    { "1", "1.0", "1e0", "true", "10e-1", 0 },
    { "0", "-0", "0.0", "-0.0", "false", "0e5" },
    { "\"Dell\"", "\"\\u0044ell\"", "\"D\\u0065\\u006c\\u006C\"", 0 },
    { "\"Dell \"", 0 },
    { "\"dell\"", 0 },
    { "\"\xc3\xa9\"", "\"\\u00e9\"", 0 },
    { "\"\\ud800\"", 0 },
    { "\"\\ufffd\"", "\"\xef\xbf\xbd\"", 0 },
    { "\"\\ud83d\\ude00\"", "\"\xf0\x9f\x98\x80\"", 0 },
    { "\"a\\u0000b\"", 0 },
    { "\"a\\\\u0000b\"", 0 },              /* decoded alike, hashed apart */
    { "\"a\"", 0 },
    { "\"1\"", 0 },
    { "null", 0 },
    { "[]", "[ ]", 0 },
    { "{}", " { } ", 0 },
    { "[1, 2]", "[1.0,2e0]", "[true, 2]", 0 },
    { "[2, 1]", 0 },
    { "[[1]]", 0 },
    { "{\"a\": 1, \"b\": [2]}", "{\"b\":[2.0],\"a\":true}", "{\"\\u0061\": 1, \"b\": [2]}", 0 },
    { "{\"a\": 1}", 0 },
    { "{\"a\": 1, \"b\": 2}", 0 },
    /* 2^53 + 1 is no double: it equals no float, only itself. */
    { "9007199254740993", 0 },
    { "9007199254740992", "9007199254740992.0", "9.007199254740992e15", 0 },
    { "100000000000000000000", "1e20", "1E+20", 0 },
    { "100000000000000000001", 0 },
    /* 1e400 and 10^400 are not JSON here (numbers beyond a double are
    ** refused: testJsonCheck), so they are never hashed. */
    { "-9007199254740993", 0 },
    { "2", 0 },
  };
  size_t nGroup = sizeof(aaGroup)/sizeof(aaGroup[0]);
  size_t g, h, i, j;
  for(g=0; g<nGroup; g++){
    for(i=0; i<6 && aaGroup[g][i]; i++){
      MllogSpan a = { aaGroup[g][i], strlen(aaGroup[g][i]) };
      CHECK(jsonOk(aaGroup[g][i]), "%s is JSON", aaGroup[g][i]);
      for(h=g; h<nGroup; h++){
        for(j=0; j<6 && aaGroup[h][j]; j++){
          MllogSpan b = { aaGroup[h][j], strlen(aaGroup[h][j]) };
          int bEq = mllogJsonHash(&a)==mllogJsonHash(&b);
          CHECK(bEq==(g==h), "%s %s %s", aaGroup[g][i], g==h ? "!=" : "==",
                aaGroup[h][j]);
        }
      }
    }
  }
  {
    MllogSpan absent = { 0, 0 };
    CHECK(mllogJsonHash(&absent)==0, "absent value");
  }
}

/* Decoding into a bounded buffer never ends inside a character. */
/* XXH64 against the reference's values (xxHash 0.8, XXH64(p, n, seed)),
** and the fingerprint: line order, line boundaries and length count, the
** submission_* lines left out. */
static void testFingerprint(void){
  static const struct { const char *z; unsigned long long seed, h; } aXxh[] = {
    { "", 0, 0xef46db3751d8e999ULL },
    { "abc", 0, 0x44bc2cf5ad770999ULL },
    { "abcdefgh", 0x9e3779b97f4a7c15ULL, 0x83e62f9b993874d4ULL },
    { "Nobody inspects the spammish repetition", 0, 0xfbcea83c8a378bf1ULL },
    { ":::MLLOG {\"namespace\": \"\", \"time_ms\": 1, \"event_type\": "
      "\"POINT_IN_TIME\", \"key\": \"submission_org\"}", 0, 0x1bc41cac963bcd2dULL },
  };
  static const char zA[] = "{\"key\": \"a\", \"time_ms\": 1}";
  static const char zB[] = "{\"key\": \"b\", \"time_ms\": 2}";
  static const char zSub[] = "{\"key\": \"submission_org\", \"value\": \"X\", \"time_ms\": 3}";
  MllogFingerprint f1, f2;
  MllogLine line;
  size_t i;
  for(i=0; i<sizeof(aXxh)/sizeof(aXxh[0]); i++){
    unsigned long long h = utilXxh64(aXxh[i].z, strlen(aXxh[i].z), aXxh[i].seed);
    CHECK(h==aXxh[i].h, "%zu: %016llx", i, h);
  }
  /* A then B differs from B then A, and from the two as one line. */
  mllogFingerprintInit(&f1);
  mllogFingerprintLine(&f1, zA, strlen(zA), 0);
  mllogFingerprintLine(&f1, zB, strlen(zB), 0);
  mllogFingerprintInit(&f2);
  mllogFingerprintLine(&f2, zB, strlen(zB), 0);
  mllogFingerprintLine(&f2, zA, strlen(zA), 0);
  CHECK(mllogFingerprintValue(&f1)!=mllogFingerprintValue(&f2));
  CHECK(f1.nByte==strlen(zA)+strlen(zB));
  mllogFingerprintInit(&f2);
  mllogFingerprintLine(&f2, "{\"key\": \"a\", \"time_ms\": 1}{\"key\": \"b\", \"time_ms\": 2}",
                       strlen(zA)+strlen(zB), 0);
  CHECK(mllogFingerprintValue(&f1)!=mllogFingerprintValue(&f2));
  /* A submission_* line, parsed, leaves the fingerprint as it was;
  ** unparsed (pLine 0) it counts. */
  mllogFingerprintInit(&f2);
  mllogFingerprintLine(&f2, zA, strlen(zA), 0);
  CHECK(mllogParseLine(zSub, strlen(zSub), &line)==SQLITE_OK);
  mllogFingerprintLine(&f2, zSub, strlen(zSub), &line);
  mllogFingerprintLine(&f2, zB, strlen(zB), 0);
  CHECK(mllogFingerprintValue(&f1)==mllogFingerprintValue(&f2));
  mllogFingerprintLine(&f2, zSub, strlen(zSub), 0);
  CHECK(mllogFingerprintValue(&f1)!=mllogFingerprintValue(&f2));
  /* No line: the avalanche of the initial state. */
  mllogFingerprintInit(&f1);
  CHECK(mllogFingerprintValue(&f1)==utilXxh64Avalanche(UTIL_XXH_P5));
}

static void testStringCut(void){
  static const struct { const char *zJson; size_t nOut; const char *zWant; } a[] = {
    { "\"ab\"", 8, "ab" },
    { "\"abcdef\"", 4, "abc" },
    { "\"a\xc3\xa9\"", 3, "a" },              /* é would need bytes 2-3 */
    { "\"a\xc3\xa9\"", 4, "a\xc3\xa9" },
    { "\"a\\u00e9\"", 3, "a" },
    { "\"ab\\u00e9\"", 4, "ab" },
    { "\"\xf0\x9f\x98\x80x\"", 4, "" },
    { "\"\\ud83d\\ude00x\"", 5, "\xf0\x9f\x98\x80" },
    { "\"\\u0041\\u0041\\u0041\"", 3, "AA" },
    { "\"x\xff\xfe\"", 3, "x\xff" },            /* not UTF-8: cut as bytes */
    { "\"open\\u0000x\"", 16, "open\\u0000x" },  /* NUL: 6 characters */
    { "\"open\\u0000x\"", 10, "open" },          /* whole or not at all */
    { "\"open\\u0000x\"", 11, "open\\u0000" },
  };
  size_t k;
  for(k=0; k<sizeof(a)/sizeof(a[0]); k++){
    char zOut[16];
    MllogSpan s = { a[k].zJson, strlen(a[k].zJson) };
    long long n = mllogJsonStringCut(&s, zOut, a[k].nOut);
    CHECK(n==(long long)strlen(a[k].zWant) && strcmp(zOut, a[k].zWant)==0,
          "case %d: %lld bytes '%s'", (int)k, n, zOut);
  }
  {
    MllogSpan s = { "12", 2 };
    char zOut[4];
    CHECK(mllogJsonStringCut(&s, zOut, sizeof(zOut))==-1, "not a string");
  }
  /* utilUtf8CutLen and utilUtf8CharLen on their own. */
  CHECK(utilUtf8CutLen("a\xc3\xa9", 3, 2)==1, "inside a 2-byte character");
  CHECK(utilUtf8CutLen("a\xc3\xa9", 3, 3)==3, "whole text");
  CHECK(utilUtf8CutLen("\xe2\x82\xac!", 4, 2)==0, "inside a 3-byte character");
  CHECK(utilUtf8CutLen("ab\x80\x80\x80\x80", 6, 5)==5, "stray continuation bytes");
  CHECK(utilUtf8CutLen("a\xc3\x80\x80", 4, 3)==3, "after a whole character");
  CHECK(utilUtf8CharLen("\xc3\xa9", 2)==2 && utilUtf8CharLen("\xc3", 1)==0
        && utilUtf8CharLen("\xc0\x80", 2)==0 && utilUtf8CharLen("\xed\xa0\x80", 3)==0
        && utilUtf8CharLen("\xf4\x90\x80\x80", 4)==0 && utilUtf8CharLen("\xf0\x9f\x98\x80", 4)==4,
        "utilUtf8CharLen");
}

static void testParseLine(void){
  MllogLine l;
  const char *z = "{\"namespace\": \"\", \"time_ms\": 1714089461276, \"event_type\": "
                  "\"INTERVAL_START\", \"key\": \"run_start\", \"value\": null, "
                  "\"metadata\": {\"file\": \"x.py\", \"key\": \"inner\", \"lineno\": 1}}  \r";
  CHECK(mllogParseLine(z, strlen(z), &l)==SQLITE_OK, "parse: %s", l.zErr);
  CHECK(mllogLineTimeMs(&l)==1714089461276.0, "time");
  CHECK(mllogJsonStringIs(&l.key, "run_start"), "the top-level key, not metadata's");
  CHECK(l.value.n==4 && memcmp(l.value.z, "null", 4)==0, "value");
  CHECK(l.metadata.n==45 && l.metadata.z[0]=='{', "metadata %zu", l.metadata.n);
  CHECK(mllogJsonStringIs(&l.eventType, "INTERVAL_START"), "event_type");
  z = "{\"key\": \"x\", \"time_ms\": 1, \"value\": {\"key\": 2}} x";
  CHECK(mllogParseLine(z, strlen(z), &l)==SQLITE_ERROR
        && strcmp(l.zErr, "text after the JSON object at byte 48")==0, "%s", l.zErr);
  CHECK(l.key.z==0 && l.value.z==0, "members cleared on error");
}

/* ---------------------------------------------------------------------- */
/* The reader against a naive reference.                                  */

static unsigned int rngState = 1;
static unsigned int rng(void){
  rngState = rngState*1103515245u + 12345u;
  return (rngState>>16) & 0x7fff;
}

/*
** Reference: split z at \n, \r\n, \r (Python's universal newlines), and
** for each line holding the marker, output "<line>:<payload after the last
** marker>\n", or "<line>:LONG\n" when that payload exceeds nMax bytes.
*/
static char *reference(const char *z, size_t n, size_t nMax, int bLines){
  size_t nOut = 0, nAlloc = n*2+64;
  char *zOut = malloc(nAlloc);
  size_t i = 0;
  long long iLine = 0;
  while( i<n ){
    size_t e = i, k, iLast = (size_t)-1;
    while( e<n && z[e]!='\n' && z[e]!='\r' ) e++;
    iLine++;
    for(k=i; k+MLLOG_MARKER_LEN<=e; k++){
      if( memcmp(z+k, MLLOG_MARKER, MLLOG_MARKER_LEN)==0 ) iLast = k;
    }
    if( iLast!=(size_t)-1 ){
      size_t p = iLast+MLLOG_MARKER_LEN;
      char zNum[32];
      snprintf(zNum, sizeof(zNum), "%lld:", bLines ? iLine : 0LL);
      while( nOut+strlen(zNum)+(e-p)+8>nAlloc ){ nAlloc *= 2; zOut = realloc(zOut, nAlloc); }
      memcpy(zOut+nOut, zNum, strlen(zNum));
      nOut += strlen(zNum);
      if( e-p>=nMax-MLLOG_MARKER_LEN ){
        memcpy(zOut+nOut, "LONG", 4);
        nOut += 4;
      }else{
        memcpy(zOut+nOut, z+p, e-p);
        nOut += e-p;
      }
      zOut[nOut++] = '\n';
    }
    if( e<n && z[e]=='\r' && e+1<n && z[e+1]=='\n' ) e++;
    i = e+1;
  }
  zOut[nOut] = 0;
  return zOut;
}

static char *readAll(const char *zPath, size_t nBuf, int bNoLines, int *pbLong){
  MllogReader rd;
  size_t nOut = 0, nAlloc = 1024;
  char *zOut = malloc(nAlloc);
  int rc = mllogReaderOpen(&rd, zPath, nBuf);
  rd.bNoLines = bNoLines;
  *pbLong = 0;
  while( rc==SQLITE_OK ){
    char *z;
    size_t n;
    sqlite3_int64 iLine;
    char zNum[32];
    rc = mllogReaderNext(&rd, &z, &n, &iLine);
    if( rc!=SQLITE_ROW && rc!=SQLITE_TOOBIG ) break;
    snprintf(zNum, sizeof(zNum), "%lld:", bNoLines ? 0LL : (long long)iLine);
    if( rc==SQLITE_TOOBIG ){
      z = "LONG";
      n = 4;
      *pbLong = 1;
    }
    while( nOut+strlen(zNum)+n+8>nAlloc ){ nAlloc *= 2; zOut = realloc(zOut, nAlloc); }
    memcpy(zOut+nOut, zNum, strlen(zNum));
    nOut += strlen(zNum);
    memcpy(zOut+nOut, z, n);
    nOut += n;
    zOut[nOut++] = '\n';
    rc = SQLITE_OK;
  }
  CHECK(rc==SQLITE_DONE, "reader rc %d", rc);
  mllogReaderClose(&rd);
  zOut[nOut] = 0;
  return zOut;
}

/*
** Write z[0..n-1] to zPath and check that the reader (a buffer of nBuf)
** reads it as the reference does. With line numbers skipped, a payload
** that only fits once the line's head is dropped is read; the reference
** treats lines alike, so inputs keep to lines that fit both ways.
*/
static void readAsReference(const char *zPath, const char *z, size_t n,
                            size_t nBuf, int bNoLines, const char *zCase){
  char *zRef, *zGot;
  int bLong;
  FILE *f;
  /* A new file each time: rewriting one in place makes ext4 flush it. */
  unlink(zPath);
  f = fopen(zPath, "wb");
  CHECK(f!=0, "create %s", zPath);
  if( f==0 ) return;
  fwrite(z, 1, n, f);
  fclose(f);
  zRef = reference(z, n, nBuf, !bNoLines);
  zGot = readAll(zPath, nBuf, bNoLines, &bLong);
  CHECK(strcmp(zRef, zGot)==0, "%s (buffer %zu, nolines %d):\n"
        "--- input\n%.*s\n--- expected\n%s--- got\n%s", zCase, nBuf, bNoLines,
        (int)n, z, zRef, zGot);
  free(zRef);
  free(zGot);
}

static void testReaderRandom(const char *zPath){
  static const char *azPiece[] = {
    ":::MLLOG ", ":::MLLOG {\"k\": 1}", "\n", "\r", "\r\n", "0: ", "x", "::",
    ":::MLLO", "G ", "abcdefghijklmnopqrstuvwxyz0123456789", "{\"a\":[1,2]}",
  };
  int iCase;
  for(iCase=0; iCase<3000; iCase++){
    char z[2048], zCase[32];
    size_t n = 0;
    int nPiece = rng()%60;
    /* Small buffers refill often; larger ones (one case in four) let the
    ** line-end search take its 64-byte steps. */
    size_t nBuf = 64 + rng()%(iCase%4==0 ? 900 : 96);
    int bNoLines = iCase&1;
    while( nPiece-- ){
      const char *p = azPiece[rng()%(sizeof(azPiece)/sizeof(azPiece[0]))];
      size_t k = strlen(p);
      if( n+k>=sizeof(z) ) break;
      memcpy(z+n, p, k);
      n += k;
    }
    snprintf(zCase, sizeof(zCase), "case %d", iCase);
    readAsReference(zPath, z, n, nBuf, bNoLines, zCase);
    if( nFail>5 ) return;
  }
}

/*
** A last line whose text from its marker is nBuf-2 .. nBuf+2 bytes, with
** and without its terminator, after lines that move it in the buffer: too
** long from nBuf bytes on either way (the reference's rule), also where
** the read that fills the buffer reaches the end of the file.
*/
static void testReaderBufferEdge(const char *zPath){
  size_t nBuf, nLine, nBefore;
  int bNl, bNoLines;
  for(nBuf=64; nBuf<=200; nBuf+=68){
    for(nBefore=0; nBefore<=70; nBefore+=35){
      for(nLine=nBuf-2; nLine<=nBuf+2; nLine++){
        for(bNl=0; bNl<2; bNl++){
          for(bNoLines=0; bNoLines<2; bNoLines++){
            char z[512], zCase[64];
            size_t n = 0, i;
            if( nBefore ){
              memcpy(z, MLLOG_MARKER "1", MLLOG_MARKER_LEN+1);
              n = MLLOG_MARKER_LEN+1;
              while( n<nBefore-1 ) z[n++] = 'y';
              z[n++] = '\n';
            }
            memcpy(z+n, MLLOG_MARKER, MLLOG_MARKER_LEN);
            for(i=MLLOG_MARKER_LEN; i<nLine; i++) z[n+i] = 'a'+(char)(i%26);
            n += nLine;
            if( bNl ) z[n++] = '\n';
            snprintf(zCase, sizeof(zCase), "%zu bytes before, line %zu, newline %d",
                     nBefore, nLine, bNl);
            readAsReference(zPath, z, n, nBuf, bNoLines, zCase);
          }
        }
      }
    }
  }
}

static void testReaderLong(const char *zPath){
  /* A 3 MB payload with a 1 MB buffer: one LONG row, memory stays bounded,
  ** and the lines around it are read. */
  FILE *f;
  size_t i;
  int bLong;
  unlink(zPath);
  f = fopen(zPath, "wb");
  char *zGot;
  fputs(":::MLLOG {\"a\": 1}\n0: :::MLLOG \"", f);
  for(i=0; i<3*1024*1024; i++) fputc('a'+(int)(i%26), f);
  fputs("\"\n:::MLLOG {\"b\": 2}", f);
  fclose(f);
  zGot = readAll(zPath, 0, 0, &bLong);
  CHECK(strcmp(zGot, "1:{\"a\": 1}\n2:LONG\n3:{\"b\": 2}\n")==0, "got %s", zGot);
  free(zGot);
  /* A huge line without marker but with one at its very end. */
  unlink(zPath);
  f = fopen(zPath, "wb");
  for(i=0; i<3*1024*1024; i++) fputc('x', f);
  fputs(":::MLLOG {\"c\": 3}\r\n", f);
  fclose(f);
  zGot = readAll(zPath, 0, 0, &bLong);
  CHECK(strcmp(zGot, "1:{\"c\": 3}\n")==0, "got %s", zGot);
  free(zGot);
}

static void testReaderErrors(void){
  MllogReader rd;
  char *z;
  size_t n;
  sqlite3_int64 iLine;
  CHECK(mllogReaderOpen(&rd, "/nonexistent/file", 0)==SQLITE_IOERR, "open missing");
  CHECK(rd.eErrno!=0, "errno set");
  mllogReaderClose(&rd);
  CHECK(mllogReaderOpen(&rd, "/", 0)==SQLITE_IOERR, "opening a folder fails");
  CHECK(strcmp(mllogReaderErrorText(&rd), strerror(EISDIR))==0, "folder: %s",
        mllogReaderErrorText(&rd));
  CHECK(mllogReaderNext(&rd, &z, &n, &iLine)==SQLITE_DONE, "nothing to read");
  mllogReaderClose(&rd);
  /* A file is read up to the size it had when opened: lines appended
  ** before the first read or after it are not seen. */
  {
    const char *zPath = "/tmp/mllog_reader_size.txt";
    FILE *f = fopen(zPath, "wb");
    int nRow = 0;
    if( f ){
      fputs(":::MLLOG {\"key\": \"a\"}\n", f);
      fclose(f);
    }
    CHECK(mllogReaderOpen(&rd, zPath, 0)==SQLITE_OK, "open");
    f = fopen(zPath, "ab");
    if( f ){
      fputs(":::MLLOG {\"key\": \"b\"}\n", f);
      fclose(f);
    }
    while( mllogReaderNext(&rd, &z, &n, &iLine)==SQLITE_ROW ){
      if( nRow++==0 ){
        f = fopen(zPath, "ab");
        if( f ){
          fputs(":::MLLOG {\"key\": \"c\"}\n", f);
          fclose(f);
        }
      }
    }
    CHECK(nRow==1 && iLine==1, "rows %d, line %lld", nRow, (long long)iLine);
    mllogReaderClose(&rd);
    /* Larger than a read: appended in the middle of a read, the file
    ** still ends at its opened size, after its last whole line. */
    f = fopen(zPath, "wb");
    for(nRow=0; f && nRow<20000; nRow++) fprintf(f, ":::MLLOG {\"key\": %d}\n", nRow);
    if( f ) fclose(f);
    CHECK(mllogReaderOpen(&rd, zPath, 0)==SQLITE_OK, "open");
    f = fopen(zPath, "ab");
    for(nRow=0; f && nRow<20000; nRow++) fprintf(f, ":::MLLOG {\"more\": %d}\n", nRow);
    if( f ) fclose(f);
    nRow = 0;
    while( mllogReaderNext(&rd, &z, &n, &iLine)==SQLITE_ROW ){
      char zWant[48];
      snprintf(zWant, sizeof(zWant), "{\"key\": %d}", nRow);
      if( strlen(zWant)!=n || memcmp(z, zWant, n)!=0 ) break;
      nRow++;
    }
    CHECK(nRow==20000 && iLine==20000, "rows %d, line %lld", nRow, (long long)iLine);
    mllogReaderClose(&rd);
    unlink(zPath);
  }
  /* A device would never end: refused at open. */
  CHECK(mllogReaderOpen(&rd, "/dev/zero", 0)==SQLITE_IOERR, "opening /dev/zero fails");
  CHECK(strcmp(mllogReaderErrorText(&rd), "not a regular file")==0, "device: %s",
        mllogReaderErrorText(&rd));
  mllogReaderClose(&rd);
}

/* ---------------------------------------------------------------------- */
/* Rules                                                                  */

static void feed(MllogRun *p, const char *zLine){
  MllogLine l;
  if( mllogParseLine(zLine, strlen(zLine), &l)!=SQLITE_OK ){
    mllogRunLine(p, 0);
  }else{
    mllogRunLine(p, &l);
  }
}

/* A complete run of benchmark zBench whose evaluations are azEval, under
** ruleset zRuleset (0: none), with extra lines azExtra before run_start. */
static int runVerdictRs(const char *zRuleset, const char *zBench,
                        const char *const *azEval, int nEval,
                        const char *const *azExtra, int nExtra, char *zReason){
  MllogRun *p = malloc(sizeof(MllogRun));
  char zLine[512];
  int i, bOk;
  mllogRunInit(p, zBench, zRuleset ? rulesFind(zRuleset) : -1);
  for(i=0; i<nExtra; i++) feed(p, azExtra[i]);
  feed(p, "{\"key\": \"init_start\", \"time_ms\": 1000, \"value\": null}");
  feed(p, "{\"key\": \"submission_division\", \"time_ms\": 1000, \"value\": \"closed\"}");
  feed(p, "{\"key\": \"init_stop\", \"time_ms\": 2000, \"value\": null}");
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 2000, \"value\": null}");
  for(i=0; i<nEval; i++){
    snprintf(zLine, sizeof(zLine), "{\"key\": \"eval_accuracy\", \"time_ms\": 3000, %s}",
             azEval[i]);
    feed(p, zLine);
  }
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 62000, \"value\": null, "
          "\"metadata\": {\"status\": \"success\"}}");
  bOk = mllogRunVerdict(p, zReason, 64);
  free(p);
  return bOk;
}

static int runVerdict(const char *zBench, const char *const *azEval, int nEval,
                      char *zReason){
  return runVerdictRs(0, zBench, azEval, nEval, 0, 0, zReason);
}

/*
** A run under ruleset zRuleset of benchmark zBench in zDivision that holds
** every key the rules require (value 1, global_batch_size nBatch), the
** lines azLine after run_start, and a success. Returns the verdict.
*/
static int runV6(const char *zRuleset, const char *zBench, const char *zDivision,
                 int nBatch, const char *const *azLine, int nLine, char *zReason){
  MllogRun *p = malloc(sizeof(MllogRun));
  int iRs = rulesFind(zRuleset), i, bOk;
  const char *zKeys = rulesRequired(iRs, zDivision, zBench);
  char zLine[512];
  mllogRunInit(p, zBench, iRs);
  feed(p, "{\"key\": \"init_start\", \"time_ms\": 1000, \"value\": null}");
  snprintf(zLine, sizeof(zLine),
           "{\"key\": \"submission_division\", \"time_ms\": 1000, \"value\": \"%s\"}", zDivision);
  feed(p, zLine);
  while( zKeys && *zKeys ){
    size_t n = strcspn(zKeys, " ");
    char zKey[64];
    snprintf(zKey, sizeof(zKey), "%.*s", (int)(n && zKeys[n-1]=='+' ? n-1 : n), zKeys);
    if( strcmp(zKey, "submission_division") ){
      if( strcmp(zKey, "global_batch_size")==0 ){
        snprintf(zLine, sizeof(zLine), "{\"key\": \"%s\", \"time_ms\": 1000, \"value\": %d}",
                 zKey, nBatch);
      }else{
        snprintf(zLine, sizeof(zLine), "{\"key\": \"%s\", \"time_ms\": 1000, \"value\": 1}", zKey);
      }
      feed(p, zLine);
    }
    zKeys += n + (zKeys[n]==' ');
  }
  feed(p, "{\"key\": \"init_stop\", \"time_ms\": 2000, \"value\": null}");
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 2000, \"value\": null}");
  for(i=0; i<nLine; i++) feed(p, azLine[i]);
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 62000, \"value\": null, "
          "\"metadata\": {\"status\": \"success\"}}");
  bOk = mllogRunVerdict(p, zReason, 64);
  free(p);
  return bOk;
}

#define EVAL(v, n) "{\"key\": \"eval_accuracy\", \"time_ms\": 3000, \"value\": " #v \
  ", \"metadata\": {\"samples_count\": " #n "}}"
#define KEY(k, v) "{\"key\": \"" k "\", \"time_ms\": 2500, \"value\": " v "}"

/* The checks 6.0.0 and 6.1.0 add: where the evaluations are, the allowed
** precisions, whole parallelism degrees; and the open division's target. */
static void testV6Rules(void){
  char zR[64];
  /* 6.1.0 deepseek at 16384: first evaluation at 16384 * floor(42 + 1.5). */
  const char *azDsOk[] = { EVAL(3.7, 704512), EVAL(3.5, 720896) };
  const char *azDsLate[] = { EVAL(3.7, 720896), EVAL(3.5, 737280) };
  /* qwen at 256: 4608, 4864, ... each value in [0, 1]. */
  const char *azQwOk[] = { EVAL(0.6, 4608), EVAL(0.7, 4864) };
  const char *azQwSkip[] = { EVAL(0.6, 4608), EVAL(0.7, 5120) };
  const char *azQwRange[] = { EVAL(1.5, 4608), EVAL(0.7, 4864) };
  const char *azPrecBad[] = { KEY("lowest_numerical_precision_in_linear", "\"fp12\""), EVAL(3.2, 100) };
  const char *azPrecBare[] = { KEY("lowest_numerical_precision_linear", "\"fp12\""), EVAL(3.2, 100) };
  const char *azPrecOk[] = { KEY("lowest_numerical_precision_in_comm", "\"Graphcore FLOAT 16.16\""),
                             EVAL(3.2, 100) };
  const char *azTpHalf[] = { KEY("tensor_parallelism", "2.5"), EVAL(3.2, 100) };
  const char *azTpText[] = { KEY("tensor_parallelism", "\"2\""), EVAL(3.2, 100) };
  const char *azTpBool[] = { KEY("expert_parallelism", "true"), KEY("micro_batch_size", "4.000001"),
                             EVAL(3.2, 100) };
  const char *azOpenHi[] = { EVAL(2.0, 100) };
  const char *azOpenLo[] = { EVAL(0.95, 100) };
  CHECK(runV6("6.1.0", "deepseekv3_671b", "closed", 16384, azDsOk, 2, zR), "ds ok: %s", zR);
  CHECK(!runV6("6.1.0", "deepseekv3_671b", "closed", 16384, azDsLate, 2, zR)
        && strcmp(zR, "failed_check:eval_accuracy")==0, "ds late: %s", zR);
  CHECK(runV6("6.0.0", "deepseekv3_671b", "closed", 16384, azDsLate, 2, zR), "6.0.0 ds: %s", zR);
  CHECK(runV6("6.1.0", "deepseekv3_671b", "open", 16384, azDsLate, 2, zR), "open ds: %s", zR);
  CHECK(runV6("6.1.0", "qwen35_397b_grpo", "closed", 256, azQwOk, 2, zR), "qwen ok: %s", zR);
  CHECK(!runV6("6.1.0", "qwen35_397b_grpo", "closed", 256, azQwSkip, 2, zR)
        && strcmp(zR, "failed_check:eval_accuracy")==0, "qwen skip: %s", zR);
  CHECK(runV6("6.1.0", "qwen35_397b_grpo", "open", 256, azQwSkip, 2, zR), "open qwen: %s", zR);
  CHECK(!runV6("6.1.0", "qwen35_397b_grpo", "open", 256, azQwRange, 2, zR)
        && strcmp(zR, "failed_check:eval_accuracy")==0, "qwen range: %s", zR);
  CHECK(!runV6("6.0.0", "llama31_8b", "closed", 32, azPrecBad, 2, zR)
        && strcmp(zR, "failed_check:lowest_numerical_precision_in_linear")==0, "prec: %s", zR);
  CHECK(runV6("6.0.0", "llama31_8b", "closed", 32, azPrecBare, 2, zR), "bare: %s", zR);
  CHECK(runV6("6.0.0", "llama31_8b", "closed", 32, azPrecOk, 2, zR), "graphcore: %s", zR);
  CHECK(runV6("5.1.0", "llama31_8b", "closed", 32, azPrecBad, 2, zR), "5.1.0 prec: %s", zR);
  CHECK(!runV6("6.0.0", "llama31_8b", "closed", 32, azTpHalf, 2, zR)
        && strcmp(zR, "failed_check:tensor_parallelism")==0, "tp 2.5: %s", zR);
  CHECK(!runV6("6.0.0", "llama31_8b", "closed", 32, azTpText, 2, zR)
        && strcmp(zR, "failed_check:tensor_parallelism")==0, "tp text: %s", zR);
  CHECK(runV6("6.0.0", "llama31_8b", "closed", 32, azTpBool, 3, zR), "true, 4.000001: %s", zR);
  /* llama31_8b's open target is v < 1.0 (open_llama31_8b.yaml). */
  CHECK(runV6("6.0.0", "llama31_8b", "closed", 32, azOpenHi, 1, zR), "closed 2.0: %s", zR);
  CHECK(!runV6("6.0.0", "llama31_8b", "open", 32, azOpenHi, 1, zR)
        && strcmp(zR, "target_not_reached")==0, "open 2.0: %s", zR);
  CHECK(runV6("6.0.0", "llama31_8b", "open", 32, azOpenLo, 1, zR), "open 0.95: %s", zR);
}
#undef EVAL
#undef KEY

static void testTargets(void){
  static const struct { const char *zBench; const char *zValue; int bOk; } a[] = {
    { "bert", "0.720", 1 }, { "bert", "0.7199", 0 }, { "bert", "1.0", 0 },
    { "dlrm", "0.8025", 1 }, { "dlrm", "0.8024", 0 },
    { "dlrm_dcnv2", "0.80275", 1 }, { "dlrm_dcnv2", "1.0", 1 }, { "dlrm_dcnv2", "0.8027", 0 },
    { "gnn", "0.72", 1 }, { "gnn", "0.719", 0 }, { "rgat", "0.72", 1 }, { "rgat", "1.0", 0 },
    { "ssd", "0.340", 1 }, { "ssd", "0.339", 0 }, { "retinanet", "0.34", 1 },
    { "resnet", "0.759", 1 }, { "resnet", "0.758", 0 },
    { "minigo", "0.5", 1 }, { "minigo", "0.49", 0 },
    { "unet3d", "0.908", 1 }, { "unet3d", "7.5", 1 }, { "unet3d", "0.907", 0 },
    { "gpt3", "2.69", 1 }, { "gpt3", "2.6", 0 }, { "gpt3", "2.691", 0 },
    { "llama2_70b_lora", "0.925", 1 }, { "llama2_70b_lora", "0.0", 0 }, { "llama2_70b_lora", "0.926", 0 },
    { "llama31_405b", "5.6", 1 }, { "llama31_405b", "5.61", 0 },
    { "llama31_8b", "3.3", 1 }, { "llama31_8b", "3.31", 0 },
    { "flux1", "0.586", 1 }, { "flux1", "0.587", 0 },
    { "rnnt", "0.058", 1 }, { "rnnt", "0.059", 0 }, { "rnnt", "-0.01", 0 },
    { "not_a_benchmark", "-5", 1 },
  };
  size_t k;
  char zReason[64];
  for(k=0; k<sizeof(a)/sizeof(a[0]); k++){
    char zEval[64];
    const char *azEval[1];
    int bOk;
    snprintf(zEval, sizeof(zEval), "\"value\": %s", a[k].zValue);
    azEval[0] = zEval;
    bOk = runVerdict(a[k].zBench, azEval, 1, zReason);
    CHECK(bOk==a[k].bOk, "%s %s: %d %s", a[k].zBench, a[k].zValue, bOk, zReason);
    CHECK(bOk || strcmp(zReason, "target_not_reached")==0, "%s", zReason);
  }
  {
    /* Any one evaluation reaching the target is enough. */
    const char *azEval[] = { "\"value\": 0.5", "\"value\": 0.73", "\"value\": 0.6" };
    CHECK(runVerdict("bert", azEval, 3, zReason), "%s", zReason);
    CHECK(!runVerdict("bert", azEval, 1, zReason), "only 0.5");
    char zT[96];
    CHECK(rulesTargetText("bert", -1, zT, sizeof(zT)) && rulesTargetText("xyz", -1, zT, sizeof(zT))==0,
          "target text");
  }
  {
    const char *azYes[] = { "\"value\": {\"BBOX\": 0.377, \"SEGM\": 0.339}" };
    const char *azNo1[] = { "\"value\": {\"BBOX\": 0.376, \"SEGM\": 0.5}" };
    const char *azNo2[] = { "\"value\": {\"BBOX\": 0.5, \"SEGM\": 0.338}" };
    const char *azNo3[] = { "\"value\": 0.9" };
    CHECK(runVerdict("maskrcnn", azYes, 1, zReason), "mask yes");
    CHECK(runVerdict("mask", azYes, 1, zReason), "mask folder alias");
    CHECK(!runVerdict("maskrcnn", azNo1, 1, zReason), "mask bbox");
    CHECK(!runVerdict("maskrcnn", azNo2, 1, zReason), "mask segm");
    CHECK(!runVerdict("maskrcnn", azNo3, 1, zReason), "mask needs an object");
  }
  {
    /* stable_diffusion: FID and CLIP must pass at the same samples_count. */
    const char *azApart[] = {
      "\"value\": 80.0, \"metadata\": {\"metric\": \"FID\", \"samples_count\": 1000}",
      "\"value\": 0.10, \"metadata\": {\"metric\": \"CLIP\", \"samples_count\": 1000}",
      "\"value\": 95.0, \"metadata\": {\"metric\": \"FID\", \"samples_count\": 2000}",
      "\"value\": 0.20, \"metadata\": {\"metric\": \"CLIP\", \"samples_count\": 2000}",
    };
    const char *azTogether[] = {
      "\"value\": 0.15, \"metadata\": {\"metric\": \"CLIP\", \"samples_count\": 3000}",
      "\"value\": 95.0, \"metadata\": {\"metric\": \"FID\", \"samples_count\": 2000}",
      "\"value\": 90.0, \"metadata\": {\"samples_count\": 3000, \"metric\": \"FID\"}",
    };
    const char *azClipHigh[] = {
      "\"value\": 1.01, \"metadata\": {\"metric\": \"CLIP\", \"samples_count\": 1}",
      "\"value\": 10.0, \"metadata\": {\"metric\": \"FID\", \"samples_count\": 1}",
    };
    CHECK(!runVerdict("stable_diffusion", azApart, 4, zReason), "sd apart");
    CHECK(runVerdict("stable_diffusion", azTogether, 3, zReason), "sd together: %s", zReason);
    CHECK(!runVerdict("stable_diffusion", azClipHigh, 2, zReason), "sd clip > 1");
  }
}

static void testRules(void){
  MllogRun *p = malloc(sizeof(MllogRun));
  char zReason[64];
  /* init: the earliest init_start counts, limits by division. */
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"init_start\", \"time_ms\": 5000}");
  feed(p, "{\"key\": \"init_start\", \"time_ms\": 1000}");
  feed(p, "{\"key\": \"init_stop\", \"time_ms\": 1801000}");
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 1801000}");
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 1900000, \"metadata\": {\"status\": \"success\"}}");
  CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason)) && strcmp(zReason, "init_too_slow")==0,
        "%s", zReason);
  feed(p, "{\"key\": \"submission_division\", \"time_ms\": 1, \"value\": \"open\"}");
  CHECK(mllogRunVerdict(p, zReason, sizeof(zReason)), "open: %s", zReason);
  /* order of the rules: corruption first */
  feed(p, "{\"key\": \"run_start\"}");
  CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason)) && strcmp(zReason, "malformed_line")==0,
        "%s", zReason);
  CHECK(p->nLines==7 && p->nCorrupt==1, "lines %lld", (long long)p->nLines);
  /* status: first run_stop's; non-string statuses shown as JSON */
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 1}");
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 2, \"metadata\": {\"status\": 3}}");
  CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason)) && strcmp(zReason, "status:3")==0,
        "%s", zReason);
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 1}");
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 2, \"metadata\": {\"status\": \"suc\\u0063ess\"}}");
  CHECK(mllogRunVerdict(p, zReason, sizeof(zReason)), "escaped status: %s", zReason);
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 1}");
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 2, \"metadata\": null}");
  CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason)) && strcmp(zReason, "status:null")==0,
        "%s", zReason);
  /* an escaped key is the same key */
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_st\\u0061rt\", \"time_ms\": 1}");
  CHECK(p->nRunStart==1, "escaped key");
  /* every character escaped: longer than the key as text, still the key */
  feed(p, "{\"key\": \"\\u0072\\u0075\\u006e\\u005f\\u0073\\u0074\\u006f\\u0070\", \"time_ms\": 2, "
          "\"metadata\": {\"status\": \"success\"}}");
  CHECK(p->nRunStop==1, "fully escaped key");
  /* a NUL inside a key or a status: not the key, not a success */
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_stop\\u0000x\", \"time_ms\": 3}");
  CHECK(p->nRunStop==0, "key with a NUL counted");
  mllogRunInit(p, "x", -1);
  feed(p, "{\"key\": \"run_start\", \"time_ms\": 1}");
  feed(p, "{\"key\": \"run_stop\", \"time_ms\": 2, \"metadata\": {\"status\": \"success\\u0000x\"}}");
  CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason)), "status with a NUL converged");
  free(p);
}

/* The rules of each round: targets, init limits, required keys. */
static void testRulesets(void){
  char zT[96];
  char zReason[64];
  RulesRow info;
  int i, n;
  const char *azBert07[] = { "\"value\": 0.708" };
  const char *azBig[] = { "{\"key\": \"global_batch_size\", \"time_ms\": 1, \"value\": 8192}" };
  const char *azSmall[] = { "{\"key\": \"global_batch_size\", \"time_ms\": 1, \"value\": 4096}" };
  const char *azSsd[] = { "\"value\": 0.25" };
  const char *azSd31[] = {
    "\"value\": 80.0, \"metadata\": {\"metric\": \"FID\", \"step_num\": 5, \"samples_count\": 1}",
    "\"value\": 0.20, \"metadata\": {\"metric\": \"CLIP\", \"step_num\": 5, \"samples_count\": 2}",
  };
  CHECK(strcmp(rulesAt(0)->zName, "0.6.0")==0
        && rulesAt(rulesCount())==0 && rulesAt(-1)==0, "rulesets");
  /* MLPerf HPC's rulesets follow Training's; the newest is Training's. */
  CHECK(rulesAt(rulesNewestTraining())->eSuite==RULES_SUITE_TRAINING
        && rulesAt(rulesFind("hpc_0.7.0"))->eSuite==RULES_SUITE_HPC_UNCHECKED
        && rulesAt(rulesFind("hpc_3.0.0"))->eSuite==RULES_SUITE_HPC, "suites");
  CHECK(rulesTargetText("cosmoflow", rulesFind("hpc_1.0.0"), zT, sizeof(zT))
        && strcmp(zT, "0.0 < eval_error <= 0.124")==0, "cosmoflow: %s", zT);
  CHECK(rulesTargetText("deepcam", rulesFind("hpc_2.0.0"), zT, sizeof(zT))
        && strcmp(zT, "0.82 <= v <= 1.0")==0, "deepcam: %s", zT);
  CHECK(rulesTargetText("openfold", rulesFind("hpc_2.0.0"), zT, sizeof(zT))==0,
        "no openfold before hpc_3.0.0");
  CHECK(rulesTargetText("deepcam", rulesFind("hpc_0.7.0"), zT, sizeof(zT))==0,
        "no target checked in hpc_0.7.0");
  CHECK(rulesFind("3.0.0")==6 && rulesFind("3.0")<0
        && rulesFind(0)<0, "find");
  /* bert 0.7.0: 0.712, or 0.706 from a global batch of 8192. */
  CHECK(!runVerdictRs("0.7.0", "bert", azBert07, 1, azSmall, 1, zReason)
        && strcmp(zReason, "target_not_reached")==0, "bert07 small: %s", zReason);
  CHECK(runVerdictRs("0.7.0", "bert", azBert07, 1, azBig, 1, zReason)
        || strncmp(zReason, "missing_key:", 12)==0, "bert07 big: %s", zReason);
  /* ssd: SSD-ResNet34's 0.23 to 1.1.0, RetinaNet's 0.34 from 2.0.0. */
  CHECK(rulesTargetText("ssd", rulesFind("1.1.0"), zT, sizeof(zT))
        && strcmp(zT, "0.23 <= v < 1.0")==0, "ssd 1.1: %s", zT);
  CHECK(rulesTargetText("ssd", rulesFind("2.0.0"), zT, sizeof(zT))
        && strcmp(zT, "0.34 <= v < 1.0")==0, "ssd 2.0: %s", zT);
  CHECK(rulesTargetText("ssd", rulesFind("5.0.0"), zT, sizeof(zT))==0, "no ssd in 5.0");
  CHECK(rulesTargetText("ssd", -1, zT, sizeof(zT))
        && strcmp(zT, "0.34 <= v < 1.0")==0, "ssd newest: %s", zT);
  CHECK(rulesTargetText("bert", rulesFind("0.7.0"), zT, sizeof(zT))
        && strcmp(zT, "0.712 <= v < 1.0 (0.706 from global_batch_size 8192)")==0, "bert 0.7: %s", zT);
  CHECK(rulesTargetText("unet3d", rulesFind("4.0.0"), zT, sizeof(zT))
        && strcmp(zT, "v >= 0.908")==0, "unet3d: %s", zT);
  CHECK(rulesTargetText("gpt3", -1, zT, sizeof(zT))
        && strcmp(zT, "2.6 < v <= 2.69")==0, "gpt3: %s", zT);
  CHECK(rulesTargetText("maskrcnn", -1, zT, sizeof(zT))
        && strcmp(zT, "BBOX >= 0.377 and SEGM >= 0.339 (both < 1.0)")==0, "maskrcnn: %s", zT);
  CHECK(rulesTargetText("stable_diffusion", -1, zT, sizeof(zT))
        && strcmp(zT, "FID <= 90.0 and 0.15 <= CLIP <= 1.0 at the same samples_count")==0,
        "stable_diffusion: %s", zT);
  CHECK(!runVerdictRs("2.0.0", "ssd", azSsd, 1, 0, 0, zReason)
        && strcmp(zReason, "target_not_reached")==0, "ssd 2.0: %s", zReason);
  /* Under a ruleset, a log lacking the required keys fails on the first. */
  CHECK(!runVerdictRs("1.1.0", "ssd", azSsd, 1, 0, 0, zReason)
        && strcmp(zReason, "missing_key:cache_clear")==0, "ssd 1.1: %s", zReason);
  CHECK(!runVerdictRs("4.1.0", "maskrcnn", azSsd, 1, 0, 0, zReason)
        && strcmp(zReason, "unknown_benchmark")==0, "mask 4.1: %s", zReason);
  /* stable_diffusion 3.1.0 pairs FID and CLIP by step_num. */
  CHECK(!runVerdict("stable_diffusion", azSd31, 2, zReason), "sd by samples_count");
  CHECK(!runVerdictRs("3.1.0", "stable_diffusion", azSd31, 2, 0, 0, zReason)
        && strncmp(zReason, "missing_key:", 12)==0, "sd 3.1: %s", zReason);
  /* The list: every (ruleset, benchmark), the first and the last. */
  n = rulesRowCount();
  CHECK(n>50 && rulesRowGet(0, &info) && strcmp(info.zRuleset, "0.6.0")==0
        && strcmp(info.zBench, "gnmt")==0 && !info.bTarget && isnan(info.rInitClosed)
        && info.zRequiredClosed==0 && strcmp(info.zLogging, "e99be59")==0, "first rule");
  CHECK(rulesRowGet(7, &info) && strcmp(info.zRuleset, "0.7.0")==0
        && strcmp(info.zBench, "bert")==0 && info.rInitClosed==20.0,
        "first rule of 0.7.0");
  CHECK(rulesRowGet(n-1, &info) && strcmp(info.zRuleset, "hpc_3.0.0")==0
        && strcmp(info.zBench, "openfold")==0 && info.nRunsRequired==10
        && !rulesRowGet(n, &info) && info.zRuleset==0, "last rule");
  CHECK(rulesRowGet(0, &info) && info.nRunsRequired==0, "no count for Training");
  for(i=0; i<n; i++){
    int bUnchecked;
    rulesRowGet(i, &info);
    bUnchecked = strcmp(info.zRuleset, "0.6.0")==0
              || strcmp(info.zRuleset, "hpc_0.7.0")==0;
    CHECK(bUnchecked ? (!info.bTarget && info.zRequiredClosed==0)
                     : info.zRequiredClosed!=0, "rule %d %s %s", i,
          info.zRuleset, info.zBench);
    CHECK(info.nMaxDropped==(strcmp(info.zBench, "unet3d")==0 ? 4 : 1), "dropped");
  }
  {
    /* Required keys counted: twice with one value passes, two values fail. */
    MllogRun *p = malloc(sizeof(MllogRun));
    static const char *azLine[] = {
      "{\"key\": \"init_start\", \"time_ms\": 1000, \"value\": null}",
      "{\"key\": \"init_stop\", \"time_ms\": 1000, \"value\": null}",
      "{\"key\": \"run_start\", \"time_ms\": 2000, \"value\": null}",
      "{\"key\": \"eval_accuracy\", \"time_ms\": 2000, \"value\": 0.76}",
      "{\"key\": \"run_stop\", \"time_ms\": 3000, \"value\": null, \"metadata\": {\"status\": \"success\"}}",
    };
    const char *zKeys = 0;
    char zLine[256];
    for(i=0; i<n; i++){
      rulesRowGet(i, &info);
      if( strcmp(info.zRuleset, "2.0.0")==0 && strcmp(info.zBench, "resnet")==0 ){
        zKeys = info.zRequiredClosed;
      }
    }
    CHECK(zKeys!=0, "2.0.0 resnet");
    mllogRunInit(p, "resnet", rulesFind("2.0.0"));
    for(i=0; i<5; i++) feed(p, azLine[i]);
    CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason))
          && strcmp(zReason, "missing_key:cache_clear")==0, "resnet: %s", zReason);
    while( zKeys && *zKeys ){
      int nKey = (int)strcspn(zKeys, " +");
      snprintf(zLine, sizeof(zLine), "{\"key\": \"%.*s\", \"time_ms\": 1, "
               "\"value\": %s}", nKey, zKeys,
               strncmp(zKeys, "submission_division", 19)==0 ? "\"closed\"" : "1");
      feed(p, zLine);
      zKeys += strcspn(zKeys, " ");
      while( *zKeys==' ' ) zKeys++;
    }
    CHECK(mllogRunVerdict(p, zReason, sizeof(zReason)), "all keys: %s", zReason);
    feed(p, "{\"key\": \"global_batch_size\", \"time_ms\": 1, \"value\": 1}");
    CHECK(mllogRunVerdict(p, zReason, sizeof(zReason)), "same value: %s", zReason);
    feed(p, "{\"key\": \"global_batch_size\", \"time_ms\": 1, \"value\": 2}");
    CHECK(!mllogRunVerdict(p, zReason, sizeof(zReason))
          && strcmp(zReason, "conflicting_key:global_batch_size")==0, "two values: %s", zReason);
    free(p);
  }
}


/* Feed power lines "time key value" to p; 0 on a line mllogParseLine refuses. */
static int powerFeed(MllogPower *p, const char *const *az, int n){
  int i;
  for(i=0; i<n; i++){
    MllogLine line;
    char zLine[200];
    snprintf(zLine, sizeof(zLine), "%s", az[i]);
    if( mllogParseLine(zLine, strlen(zLine), &line)!=SQLITE_OK ) return 0;
    if( mllogPowerLine(p, &line)!=SQLITE_OK ) return 0;
  }
  return 1;
}

/* A node log in time order is summed as read (nothing held); one out of order is found, read again with bSort and gives the
** summarizer's sum; more than nMaxSort lines to sort make it unknown. */
static void testPower(void){
  static const char *const azSorted[] = {
    "{\"key\":\"power_measurement_start\",\"time_ms\":0}",
    "{\"key\":\"conversion_eff\",\"time_ms\":0,\"value\":0.5}",
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
    "{\"key\":\"power_reading\",\"time_ms\":2000,\"value\":200}",
    "{\"key\":\"power_measurement_stop\",\"time_ms\":2000}",
    "{\"key\":\"power_reading\",\"time_ms\":3000,\"value\":999}",
  };
  static const char *const azShuffled[] = {
    "{\"key\":\"power_reading\",\"time_ms\":2000,\"value\":200}",
    "{\"key\":\"power_measurement_start\",\"time_ms\":0}",
    "{\"key\":\"conversion_eff\",\"time_ms\":0,\"value\":0.5}",
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
    "{\"key\":\"power_measurement_stop\",\"time_ms\":2000}",
    "{\"key\":\"power_reading\",\"time_ms\":3000,\"value\":999}",
  };
  MllogPower p;
  double r = -1.0;
  memset(&p, 0, sizeof(p));
  /* (100*1000 + 200*1000) * 0.5 * 4000 / 2000 / 1000 = 300 J */
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azSorted, 6) );
  CHECK( !p.bUnsorted && p.n==0 && p.a==0 );
  CHECK( mllogPowerNode(&p, 4000.0, &r)==SQLITE_OK && r==300.0 );
  CHECK( mllogPowerNode(&p, -1.0, &r)==SQLITE_ERROR );
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azShuffled, 6) );
  CHECK( p.bUnsorted && p.n==0 );
  CHECK( mllogPowerNode(&p, 4000.0, &r)==SQLITE_ERROR );
  p.bSort = 1;
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azShuffled, 6) && p.n==6 );
  r = -1.0;
  CHECK( mllogPowerNode(&p, 4000.0, &r)==SQLITE_OK && r==300.0 );
  p.nMaxSort = 5;
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azShuffled, 6) && p.n==5 && p.bTooMany );
  CHECK( mllogPowerNode(&p, 4000.0, &r)==SQLITE_ERROR );
  mllogPowerFree(&p);
}

/* ---------------------------------------------------------------------- */
/* The RCP checker's reading (converged_at)                               */

/* Write file zDir/zName with the MLLOG lines az[0..n-1]. */
static void writeLog(const char *zDir, const char *zName, const char *const *az, int n){
  char zPath[512];
  FILE *f;
  int i;
  snprintf(zPath, sizeof(zPath), "%s/%s", zDir, zName);
  f = fopen(zPath, "wb");
  CHECK( f!=0, "%s", zPath );
  if( f==0 ) return;
  for(i=0; i<n; i++) fprintf(f, ":::MLLOG %s\n", az[i]);
  fclose(f);
}

/* mllogEnergyRead over a run's power/<run>/ folder: the logs summed, one
** out of time order read again and sorted, other names skipped, and what
** makes the energy unknown. */
static int energyStopYes(void *p){
  (void)p;
  return 1;
}

static void testEnergyRead(void){
  static const char *const azNode[] = {
    "{\"key\":\"power_measurement_start\",\"time_ms\":0}",
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
    "{\"key\":\"power_reading\",\"time_ms\":2000,\"value\":200}",
    "{\"key\":\"power_measurement_stop\",\"time_ms\":2000}",
  };
  static const char *const azUnsorted[] = {
    "{\"key\":\"power_reading\",\"time_ms\":2000,\"value\":200}",
    "{\"key\":\"power_measurement_stop\",\"time_ms\":2000}",
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
    "{\"key\":\"power_measurement_start\",\"time_ms\":0}",
  };
  static const char *const azSwitch[] = {
    "{\"key\":\"conversion_eff\",\"time_ms\":0,\"value\":0.5}",
    "{\"key\":\"interconnect_power_est\",\"time_ms\":0,\"value\":10}",
  };
  static const char *const azBad[] = { "{\"key\":\"power_reading\",\"time_ms\":1" };
  char zRoot[] = "/tmp/mllog_energy_XXXXXX";
  char zDir[256], zRun[256], zCmd[300];
  char zLong[PATH_MAX+16];
  MllogReader rd;
  MllogEnergyScratch p, q;
  int bKnown = -1;
  double r = -1.0;
  if( mkdtemp(zRoot)==0 ){
    CHECK( 0, "mkdtemp" );
    return;
  }
  snprintf(zDir, sizeof(zDir), "%s/power", zRoot);
  mkdir(zDir, 0700);
  snprintf(zDir, sizeof(zDir), "%s/power/result_0", zRoot);
  mkdir(zDir, 0700);
  snprintf(zRun, sizeof(zRun), "%s/result_0.txt", zRoot);
  memset(&p, 0, sizeof(p));
  memset(&q, 0, sizeof(q));
  CHECK( mllogReaderOpen(&rd, 0, 0)==SQLITE_OK );

  /* No power/<run>/ folder (result_1): unknown, not a failure. */
  snprintf(zCmd, sizeof(zCmd), "%s/result_1.txt", zRoot);
  CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zCmd, "result_1.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==0, "no folder" );
  /* (100*1000 + 200*1000) * 4000 / 2000 / 1000 = 600 J a node log;
  ** 0.5 * 10 * 4000 / 1000 = 20 J the switch. */
  writeLog(zDir, "node_0.txt", azNode, 4);
  writeLog(zDir, "sw_0.txt", azSwitch, 2);
  writeLog(zDir, "notes.txt", azBad, 1);
  /* Without growing (a worker lane): the memory reserved serves, and is
  ** kept; none reserved, the run needs more. */
  CHECK( mllogEnergyRead(&rd, &q, 0, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_FULL,
         "no room" );
  CHECK( treeNamesReserve(&q.names, 3, 64)==SQLITE_OK );
  {
    const char *aText = q.names.aText;
    CHECK( mllogEnergyRead(&rd, &q, 0, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
           && bKnown==1 && r==620.0 && q.names.aText==aText, "reserved: %d %.17g", bKnown, r );
  }
  CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==1 && r==620.0, "grown: %d %.17g", bKnown, r );
  /* The second node log out of time order: read again and sorted, which
  ** takes memory. */
  writeLog(zDir, "node_1.txt", azUnsorted, 4);
  CHECK( mllogEnergyRead(&rd, &q, 0, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_FULL,
         "four names in room for three" );
  CHECK( treeNamesReserve(&q.names, 4, 64)==SQLITE_OK );
  CHECK( mllogEnergyRead(&rd, &q, 0, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_FULL,
         "sorting" );
  CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==1 && r==1220.0, "%d %.17g", bKnown, r );
  /* The run's stem is its name up to the first '.'. */
  snprintf(zCmd, sizeof(zCmd), "%s/result_0.x.txt", zRoot);
  CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zCmd, "result_0.x.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==1 && r==1220.0, "stem: %d %.17g", bKnown, r );
  /* Outside the root: not read, so unknown. */
  CHECK( mllogEnergyRead(&rd, &p, 1, "/nonexistent", zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==0, "outside the root" );
  /* A path too long to open: unknown. */
  memset(zLong, 'a', sizeof(zLong));
  memcpy(zLong, "/tmp/", 5);
  memcpy(zLong+sizeof(zLong)-14, "/result_0.txt", 14);
  CHECK( mllogEnergyRead(&rd, &p, 1, "/", zLong, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==0, "a long path" );
  /* A line of a node log that cannot be parsed: unknown. */
  writeLog(zDir, "node_2.txt", azBad, 1);
  CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r)==SQLITE_OK
         && bKnown==0, "a corrupt node log" );
  /* The stop is asked before each log (a folder of 20,000 logs went on
  ** for a second after an interrupt). */
  {
    TreeStop stop = { energyStopYes, 0 };
    CHECK( mllogEnergyRead(&rd, &p, 1, zRoot, zRun, "result_0.txt", 4000.0, &stop,
                           &bKnown, &r)==SQLITE_INTERRUPT, "stopped" );
  }
  /* Out of file descriptors (a soft limit of 0): no log's fault, an error
  ** saying so, never an energy unknown for it; on any lane. */
  {
    struct rlimit saved, none;
    int rc0, rc1;
    CHECK( getrlimit(RLIMIT_NOFILE, &saved)==0 );
    none = saved;
    none.rlim_cur = 0;
    CHECK( setrlimit(RLIMIT_NOFILE, &none)==0 );
    rc0 = mllogEnergyRead(&rd, &p, 1, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r);
    rc1 = mllogEnergyRead(&rd, &q, 0, zRoot, zRun, "result_0.txt", 4000.0, 0, &bKnown, &r);
    CHECK( setrlimit(RLIMIT_NOFILE, &saved)==0 );
    CHECK( rc0==SQLITE_IOERR && rc1==SQLITE_IOERR && rd.eErrno==EMFILE,
           "rc %d %d, errno %d", rc0, rc1, rd.eErrno );
  }
  mllogReaderClose(&rd);
  mllogEnergyFree(&p);
  mllogEnergyFree(&q);
  snprintf(zCmd, sizeof(zCmd), "rm -rf '%s'", zRoot);
  CHECK( system(zCmd)==0 );
}

/* Python's round(x, 3), worked out with CPython 3.11. */
static void testRound3(void){
  static const struct { double x, want; } a[] = {
    { 1.23450000000000004, 1.234 }, { 0.0625, 0.062 }, { 0.1875, 0.188 },
    { 2.0005, 2.001 }, { 1.0005, 1.0 }, { 2.6745, 2.675 }, { 7.99999, 8.0 },
    { -0.0625, -0.062 }, { 1e300, 1e300 }, { 2764800.0, 2764800.0 },
  };
  size_t i;
  for(i=0; i<sizeof(a)/sizeof(a[0]); i++){
    double r = mllogRound3(a[i].x);
    CHECK(r==a[i].want, "round3(%.17g) = %.17g, want %.17g", a[i].x, r, a[i].want);
  }
  CHECK(signbit(mllogRound3(-0.0001)), "round3(-0.0001) is -0.0");
}

/* Lines zLines ("\n" between them) of benchmark zBench under zRuleset:
** 1 and *pr when the checker's reading has a value; *pAfter (when not 0)
** gets mllogConvAfter's value, or -1 when it has none. */
static int convReadAfter(const char *zRuleset, const char *zBench,
                         const char *zLines, double *pr, double *pAfter){
  MllogConv *p = malloc(sizeof(MllogConv));
  char zLine[512];
  int bOk;
  mllogConvInit(p, zBench, rulesFind(zRuleset));
  while( *zLines ){
    size_t n = strcspn(zLines, "\n");
    MllogLine l;
    memcpy(zLine, zLines, n);
    zLine[n] = 0;
    mllogConvLine(p, zLine, n,
                  mllogParseLine(zLine, n, &l)==SQLITE_OK ? &l : 0);
    zLines += n;
    if( *zLines ) zLines++;
  }
  bOk = mllogConvResult(p, pr);
  if( pAfter && !mllogConvAfter(p, pAfter) ) *pAfter = -1.0;
  free(p);
  return bOk;
}

static int convRead(const char *zRuleset, const char *zBench,
                    const char *zLines, double *pr){
  return convReadAfter(zRuleset, zBench, zLines, pr, 0);
}

static void testConv(void){
  MllogConv c;
  double r = 0;
  const char *zOk = "{\"key\": \"run_stop\", \"time_ms\": 9, \"metadata\": {\"status\": \"success\"}}";
  char zLog[1024];
  snprintf(zLog, sizeof(zLog),
    "{\"key\": \"eval_accuracy\", \"time_ms\": 1, \"value\": 0.5, \"metadata\": {\"epoch_num\": 0.0625}}\n%s", zOk);
  CHECK(convRead("4.1.0", "ssd", zLog, &r) && r==0.062, "ssd: %.17g", r);
  CHECK(!convRead("4.1.0", "resnet", zLog, &r), "4.1.0 resnet: no RCPs");
  CHECK(!convRead("0.7.0", "ssd", zLog, &r), "0.7.0: no checker");
  CHECK(convRead("1.0.0", "ssd", zLog, &r) && r==0.062, "1.0.0 ssd");
  CHECK(!convRead("4.1.0", "ssd", zOk, &r), "success before any eval line");
  /* the texts are found anywhere in the line, underscores and all */
  snprintf(zLog, sizeof(zLog),
    "{\"key\": \"x_y\", \"time_ms\": 1, \"value\": \"_eval_accuracy_\", \"metadata\": {\"epoch_num\": 3}}\n%s", zOk);
  CHECK(convRead("4.1.0", "ssd", zLog, &r) && r==3.0, "substring: %.17g", r);
  mllogConvInit(&c, "bert", rulesFind("4.1.0"));
  CHECK(strcmp(mllogConvUnit(&c), "samples")==0, "bert unit");
  mllogConvInit(&c, "stable_diffusion", rulesFind("3.1.0"));
  CHECK(strcmp(mllogConvUnit(&c), "steps")==0, "sd 3.1.0 unit");
  mllogConvInit(&c, "minigo", rulesFind("3.1.0"));
  CHECK(mllogConvUnit(&c)==0, "minigo: no unit");
  mllogConvInit(&c, "ssd", -1);
  CHECK(mllogConvUnit(&c)==0 && !mllogConvResult(&c, &r), "no ruleset");
}

/* An eval line of ssd (epoch_num) or bert (samples, as epoch_num). */
#define CONV_EVAL(zKey, zProgress) \
  "{\"key\": \"eval_accuracy\", \"time_ms\": 1, \"value\": 0.5, " \
  "\"metadata\": {\"" zKey "\": " zProgress "}}\n"
#define CONV_SD(zStep, zMetric, zValue) \
  "{\"key\": \"eval_accuracy\", \"time_ms\": 1, \"value\": " zValue ", " \
  "\"metadata\": {\"samples_count\": " zStep ", \"metric\": \"" zMetric "\"}}\n"
#define CONV_STOP(zStatus) \
  "{\"key\": \"run_stop\", \"time_ms\": 9, \"metadata\": {\"status\": \"" zStatus "\"}}"

/* The evaluation before the converging one (converged_after). */
static void testConvAfter(void){
  static const struct {
    const char *zRuleset, *zBench, *zLog;
    int bAt;                 /* converged_at has a value */
    double rAt, rAfter;      /* rAfter -1: none */
  } a[] = {
    /* RetinaNet, whole epochs: converged in (7, 8] */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "6") CONV_EVAL("epoch_num", "7")
      CONV_EVAL("epoch_num", "8") CONV_STOP("success"), 1, 8.0, 7.0 },
    /* the first evaluation converged: no earlier one */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "4") CONV_STOP("success"), 1, 4.0, -1.0 },
    /* a line repeating the progress is the same evaluation */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "3") CONV_EVAL("epoch_num", "4")
      CONV_EVAL("epoch_num", "4") CONV_STOP("success"), 1, 4.0, 3.0 },
    /* both rounded to 3 decimals as the checker rounds converged_at */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "0.0625") CONV_EVAL("epoch_num", "0.1875")
      CONV_STOP("success"), 1, 0.188, 0.062 },
    /* values equal once rounded: no earlier evaluation below converged_at */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "2.0001") CONV_EVAL("epoch_num", "2.0002")
      CONV_STOP("success"), 1, 2.0, -1.0 },
    /* a log whose progress goes back: the one before is not below */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "5") CONV_EVAL("epoch_num", "4")
      CONV_STOP("success"), 1, 4.0, -1.0 },
    /* not converged: neither */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "3") CONV_EVAL("epoch_num", "4")
      CONV_STOP("aborted"), 0, 0.0, -1.0 },
    /* bert counts samples in epoch_num */
    { "4.1.0", "bert", CONV_EVAL("epoch_num", "4808720") CONV_EVAL("epoch_num", "5107312")
      CONV_EVAL("epoch_num", "5398960") CONV_STOP("success"), 1, 5398960.0, 5107312.0 },
    /* evaluations after the last successful run_stop do not count */
    { "4.1.0", "ssd", CONV_EVAL("epoch_num", "2") CONV_EVAL("epoch_num", "3")
      CONV_STOP("success") "\n" CONV_EVAL("epoch_num", "9"), 1, 3.0, 2.0 },
    /* before 3.0.0, eval_error lines when the log has one */
    { "2.1.0", "ssd", CONV_EVAL("epoch_num", "1") CONV_EVAL("epoch_num", "2")
      "{\"key\": \"eval_error\", \"time_ms\": 1, \"value\": 0.5, "
      "\"metadata\": {\"epoch_num\": 5}}\n" CONV_STOP("success"), 1, 5.0, -1.0 },
    { "2.1.0", "ssd", CONV_EVAL("epoch_num", "1") CONV_EVAL("epoch_num", "2")
      CONV_STOP("success"), 1, 2.0, 1.0 },
    /* llama2_70b_lora: samples_count */
    { "4.1.0", "llama2_70b_lora",
      "{\"key\": \"submission_benchmark\", \"time_ms\": 0, \"value\": \"llama2_70b_lora\"}\n"
      CONV_EVAL("samples_count", "2880") CONV_EVAL("samples_count", "3072")
      CONV_STOP("success"), 1, 3072.0, 2880.0 },
    /* stable_diffusion: the smallest passing step, and the largest
    ** evaluated step below it (evaluations in any order) */
    { "4.1.0", "stable_diffusion",
      "{\"key\": \"submission_benchmark\", \"time_ms\": 0, \"value\": \"stable_diffusion\"}\n"
      CONV_SD("1536000", "FID", "95") CONV_SD("1536000", "CLIP", "0.2")
      CONV_SD("2560000", "FID", "80") CONV_SD("2560000", "CLIP", "0.2")
      CONV_SD("2048000", "FID", "85") CONV_SD("2048000", "CLIP", "0.2")
      CONV_SD("512000", "FID", "200") CONV_SD("512000", "CLIP", "0.1")
      CONV_STOP("success"), 1, 2048000.0, 1536000.0 },
    { "4.1.0", "stable_diffusion",
      "{\"key\": \"submission_benchmark\", \"time_ms\": 0, \"value\": \"stable_diffusion\"}\n"
      CONV_SD("512000", "FID", "80") CONV_SD("512000", "CLIP", "0.2")
      CONV_STOP("success"), 1, 512000.0, -1.0 },
  };
  size_t i;
  for(i=0; i<sizeof(a)/sizeof(a[0]); i++){
    double rAt = -1.0, rAfter = -2.0;
    int bAt = convReadAfter(a[i].zRuleset, a[i].zBench, a[i].zLog, &rAt, &rAfter);
    CHECK(bAt==a[i].bAt && (!bAt || rAt==a[i].rAt) && rAfter==a[i].rAfter,
          "conv after %d: at %d %.17g, after %.17g", (int)i, bAt, rAt, rAfter);
  }
}

/* A run's energy over its power logs: which files count, the sum of node
** and switch logs, unknown without a node log, with an unusable log or
** past MLLOG_ENERGY_MAX. */
static void testEnergy(void){
  static const char *const azNode[] = {
    "{\"key\":\"power_measurement_start\",\"time_ms\":0}",
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
    "{\"key\":\"power_reading\",\"time_ms\":2000,\"value\":200}",
    "{\"key\":\"power_measurement_stop\",\"time_ms\":2000}",
  };
  static const char *const azSwitch[] = {
    "{\"key\":\"conversion_eff\",\"time_ms\":0,\"value\":0.5}",
    "{\"key\":\"interconnect_power_est\",\"time_ms\":0,\"value\":10}",
  };
  static const char *const azNoStart[] = {
    "{\"key\":\"power_reading\",\"time_ms\":1000,\"value\":100}",
  };
  static const char *const azHuge[] = {
    "{\"key\":\"conversion_eff\",\"time_ms\":0,\"value\":1}",
    "{\"key\":\"interconnect_power_est\",\"time_ms\":0,\"value\":9e299}",
  };
  static const struct { const char *zName; int eKind; } aName[] = {
    { "node_0.txt",   MLLOG_POWER_FILE_NODE },
    { "node_.txt",    MLLOG_POWER_FILE_NODE },
    { "sw_a.txt",     MLLOG_POWER_FILE_SWITCH },
    { "sw_.txt",      MLLOG_POWER_FILE_NONE },     /* shorter than 8 */
    { "node_0.log",   MLLOG_POWER_FILE_NONE },
    { "node_0.txt~",  MLLOG_POWER_FILE_NONE },
    { "Node_0.txt",   MLLOG_POWER_FILE_NONE },
    { "result_0.txt", MLLOG_POWER_FILE_NONE },
    { "",             MLLOG_POWER_FILE_NONE },
  };
  MllogPower p;
  MllogEnergy e;
  double r = -1.0;
  size_t i;
  for(i=0; i<sizeof(aName)/sizeof(aName[0]); i++){
    CHECK( mllogPowerFileKind(aName[i].zName)==aName[i].eKind, "'%s'", aName[i].zName );
  }
  memset(&p, 0, sizeof(p));

  /* Node: (100*1000 + 200*1000) * 4000 / 2000 / 1000 = 600 J; switch:
  ** 0.5 * 10 * 4000 / 1000 = 20 J; two nodes and a switch: 1220 J. */
  memset(&e, 0, sizeof(e));
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_DONE && r==-1.0, "no log: unknown" );
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azSwitch, 2) );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_SWITCH, 4000.0)==SQLITE_OK );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_DONE, "a switch log alone: unknown" );
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azNode, 4) );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_NODE, 4000.0)==SQLITE_OK );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_OK && r==620.0, "%.17g", r );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_NODE, 4000.0)==SQLITE_OK );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_OK && r==1220.0 && e.nNode==2, "%.17g", r );

  /* A node log the summarizer would refuse makes the whole sum unknown. */
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azNoStart, 1) );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_NODE, 4000.0)==SQLITE_ERROR );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_DONE, "an unusable log: unknown" );

  /* A negative time-to-train: unknown. */
  memset(&e, 0, sizeof(e));
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azNode, 4) );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_NODE, -1.0)==SQLITE_ERROR );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_DONE );

  /* Each log within MLLOG_ENERGY_MAX, the total not: 9e299 W x 1 s, twice. */
  memset(&e, 0, sizeof(e));
  mllogPowerReset(&p);
  CHECK( powerFeed(&p, azHuge, 2) );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_SWITCH, 1000.0)==SQLITE_OK
         && e.rSum>8.9e299 && e.rSum<=MLLOG_ENERGY_MAX, "%.17g", e.rSum );
  CHECK( mllogEnergyAdd(&e, &p, MLLOG_POWER_FILE_SWITCH, 1000.0)==SQLITE_ERROR );
  CHECK( mllogEnergyTotal(&e, &r)==SQLITE_DONE, "past MLLOG_ENERGY_MAX: unknown" );
  mllogPowerFree(&p);
}

/* ---------------------------------------------------------------------- */
/* v0.6: ":::MLL <seconds> <key>: {json}" lines                           */

/* Parse an MLL payload; SQLITE_OK or the error text in zErr. */
static int mllParse(const char *z, MllogLine *l){
  return mllogParseMllLine(z, strlen(z), l);
}

static void testMllLines(void){
  MllogLine l;
  char zKey[80];
  /* A line: the time in seconds, the key, a JSON body's members. */
  CHECK(mllParse("1558420845.819 run_start: {\"value\": null, \"metadata\": "
                 "{\"lineno\": 681}}", &l)==SQLITE_OK, "parse: %s", l.zErr);
  CHECK(l.bSeconds && mllogJsonStringIs(&l.key, "run_start")
        && mllogLineTime(&l)==1558420845.819
        && mllogLineTimeMs(&l)==1558420845.819*1000.0
        && l.value.z && l.value.n==4 && l.metadata.z, "members");
  /* Python's repr as the body: the line counts, without members. */
  CHECK(mllParse("1560873710.141025 run_start: {\"value\": null, \"metadata\": "
                 "{'lineno': 615}}", &l)==SQLITE_OK
        && mllogJsonStringIs(&l.key, "run_start") && l.value.z==0 && l.metadata.z==0,
        "repr body: %s", l.zErr);
  /* Text after the last '}' is ignored, as the summarizer's {.*} does. */
  CHECK(mllParse("2 run_stop: {\"value\": 1} trailing\r\n", &l)==SQLITE_OK
        && l.value.z && l.value.z[0]=='1', "trailing: %s", l.zErr);
  /* Refused, each with its message. */
  CHECK(mllParse("", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no time and key after \":::MLL \"")==0, "empty: %s", l.zErr);
  CHECK(mllParse("1558420845.819", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no time and key after \":::MLL \"")==0, "time only: %s", l.zErr);
  CHECK(mllParse("x1 run_start: {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "time 'x1' is not a number")==0, "time: %s", l.zErr);
  CHECK(mllParse("\"1\" run_start: {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "time '\"1\"' is not a number")==0, "string time: %s", l.zErr);
  CHECK(mllParse("1e300 run_start: {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "time 1e300 is out of range (-9007199254741 to 9007199254741 s)")==0,
        "range: %s", l.zErr);
  CHECK(mllParse("1 run_start {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no key followed by \": \" after the time")==0, "colon: %s", l.zErr);
  CHECK(mllParse("1 run_start:{}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no key followed by \": \" after the time")==0, "space: %s", l.zErr);
  CHECK(mllParse("1 : {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no key followed by \": \" after the time")==0, "no key: %s", l.zErr);
  /* A control byte ends the key word: a NUL must not make
  ** "run_start\0x" read as run_start, nor a tab join two words. */
  {
    static const char zNul[] = "1 run_start\0x: {}";
    CHECK(mllogParseMllLine(zNul, sizeof(zNul)-1, &l)==SQLITE_ERROR
          && strcmp(l.zErr, "no key followed by \": \" after the time")==0, "nul key: %s", l.zErr);
  }
  CHECK(mllParse("1 run\tstart: {}", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no key followed by \": \" after the time")==0, "tab key: %s", l.zErr);
  CHECK(mllParse("1 r\xc3\xa9sum\xc3\xa9: {}", &l)==SQLITE_OK && l.key.n==10, "utf-8 key: %s", l.zErr);
  memset(zKey, 'k', 65);
  strcpy(zKey+65, ": {}");
  {
    char zLine[100];
    snprintf(zLine, sizeof(zLine), "1 %s", zKey);
    CHECK(mllParse(zLine, &l)==SQLITE_ERROR
          && strcmp(l.zErr, "key longer than 64 bytes")==0, "long key: %s", l.zErr);
  }
  CHECK(mllParse("1 run_start: null", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no {...} after the key 'run_start'")==0, "body: %s", l.zErr);
  CHECK(mllParse("1 run_start: {", &l)==SQLITE_ERROR
        && strcmp(l.zErr, "no {...} after the key 'run_start'")==0, "open: %s", l.zErr);
  CHECK(l.key.z==0 && l.timeMs.z==0 && !l.bSeconds, "cleared on error");
}

/* A v0.6 run from MLL payloads under ruleset 0.6.0. */
static int mllVerdict(const char *zBench, const char *const *az, int n,
                      char *zReason, double *prMinutes){
  MllogRun *p = malloc(sizeof(MllogRun));
  MllogLine l;
  int i, bOk;
  mllogRunInit(p, zBench, rulesFind("0.6.0"));
  for(i=0; i<n; i++){
    mllogRunLine(p, mllogParseMllLine(az[i], strlen(az[i]), &l)==SQLITE_OK ? &l : 0);
  }
  bOk = mllogRunVerdict(p, zReason, 64);
  *prMinutes = -1.0;
  mllogRunMinutes(p, prMinutes);
  free(p);
  return bOk;
}

static void testMllRules(void){
  char zReason[64];
  double r;
  int i06 = rulesFind("0.6.0");
  /* Counted whatever the status, accuracy, corrupt lines or repeats. */
  const char *azRun[] = {
    "10.5 init_start: {\"value\": null}", "10.5 init_start: {\"value\": null}",
    "not a line", "100.25 run_start: {\"value\": null}",
    "101 run_start: {\"value\": null}",
    "150 eval_accuracy: {\"value\": 0.1}",
    "160.25 run_stop: {\"value\": null, \"metadata\": {\"status\": \"abort\"}}",
    "170 run_stop: {\"value\": null}",
  };
  const char *azNoStop[] = { "100 run_start: {\"value\": null}" };
  const char *azNoStart[] = { "100 run_stop: {\"value\": null}" };
  const char *azBack[] = { "100 run_start: {}", "40 run_stop: {}" };
  CHECK(rulesLogMll(i06) && !rulesLogMll(rulesFind("0.7.0"))
        && !rulesLogMll(-1), "mll rulesets");
  CHECK(mllVerdict("resnet", azRun, 8, zReason, &r) && zReason[0]==0 && r==1.0,
        "counted: %s %g", zReason, r);
  /* (stop - start) / 60 in seconds, as Python computes it. */
  {
    const char *az[] = { "1558659951.246 run_start: {}", "1558660087.930 run_stop: {}" };
    CHECK(mllVerdict("mask", az, 2, zReason, &r)
          && r==(1558660087.930 - 1558659951.246)/60.0, "minutes %.17g", r);
  }
  CHECK(!mllVerdict("ssd", azNoStop, 1, zReason, &r)
        && strcmp(zReason, "missing_run_stop")==0 && r==-1.0, "no stop: %s", zReason);
  CHECK(!mllVerdict("ssd", azNoStart, 1, zReason, &r)
        && strcmp(zReason, "missing_run_start")==0, "no start: %s", zReason);
  CHECK(!mllVerdict("ssd", azBack, 2, zReason, &r)
        && strcmp(zReason, "negative_duration")==0 && r==-1.0, "back: %s", zReason);
  CHECK(!mllVerdict("bert", azRun, 8, zReason, &r)
        && strcmp(zReason, "unknown_benchmark")==0, "bert: %s", zReason);
  CHECK(strcmp(rulesBenchName(i06, "mask"), "maskrcnn")==0
        && strcmp(rulesBenchName(i06+1, "mask"), "mask")==0
        && strcmp(rulesBenchName(i06, "ssd"), "ssd")==0, "alias");
}

static void testMllReader(const char *zPath){
  /* The reader finds ":::MLL " anywhere in a line (the last one counts),
  ** not ":::MLLOG "; with a buffer of 64 bytes too. */
  static const char zText[] =
      "noise\n[1,0]<stdout>:::MLL 1 a: {}\n:::MLLOG {\"k\": 1}\n"
      "::::MLL 2 b: {} :::MLL 3 c: {}\r\n:::MLL\n:::MLL 4 d: {}";
  FILE *f;
  size_t aBuf[] = { 0, 64 };
  int k;
  for(k=0; k<2; k++){
    MllogReader rd;
    char zOut[256];
    size_t nOut = 0;
    int rc;
    unlink(zPath);
    f = fopen(zPath, "wb");
    fputs(zText, f);
    fclose(f);
    rc = mllogReaderOpen(&rd, zPath, aBuf[k]);
    mllogReaderSetMll(&rd, 1);
    CHECK(rd.bMll && rd.nMarker==MLLOG_MLL_MARKER_LEN, "set");
    while( rc==SQLITE_OK ){
      char *z;
      size_t n;
      sqlite3_int64 iLine;
      rc = mllogReaderNext(&rd, &z, &n, &iLine);
      if( rc!=SQLITE_ROW ) break;
      nOut += (size_t)snprintf(zOut+nOut, sizeof(zOut)-nOut, "%lld:%.*s|",
                               (long long)iLine, (int)n, z);
      rc = SQLITE_OK;
    }
    CHECK(rc==SQLITE_DONE, "rc %d", rc);
    CHECK(strcmp(zOut, "2:1 a: {}|4:3 c: {}|6:4 d: {}|")==0, "buffer %zu: %s", aBuf[k], zOut);
    /* Kept by reopen; switched back, the MLLOG line is read. */
    rc = mllogReaderReopen(&rd, zPath);
    CHECK(rc==SQLITE_OK && rd.bMll, "reopen keeps");
    mllogReaderSetMll(&rd, 0);
    {
      char *z;
      size_t n;
      sqlite3_int64 iLine;
      rc = mllogReaderNext(&rd, &z, &n, &iLine);
      CHECK(rc==SQLITE_ROW && iLine==3 && n==8 && memcmp(z, "{\"k\": 1}", 8)==0,
            "mllog again: %d", rc);
    }
    mllogReaderClose(&rd);
  }
}

static void testMllSystems(void){
  static const char zNv[] =
      "org: {\"value\": \"NVIDIA\", \"metadata\": {\"lineno\": 231}}\n"
      "division: {\"value\": \"closed\"}\r\n\n"
      "entry: {\"value\": \"{'nodes': \\\"{'accelerator': 'Tesla V100', "
      "'num_accelerators': '8', 'num_nodes': '130'}\\\"}\"}\n"
      "poc: {\"metadata\": {}}\n";
  char *zOut = 0;
  size_t nOut = 0;
  const char *zV;
  size_t nV;
  CHECK(mllogMllObject(zNv, strlen(zNv), &zOut, &nOut)==SQLITE_OK
        && zOut && nOut==strlen(zOut), "converted");
  CHECK(zOut && strcmp(zOut, "{\"org\": \"NVIDIA\", \"division\": \"closed\", "
        "\"entry\": \"{'nodes': \\\"{'accelerator': 'Tesla V100', 'num_accelerators': '8', "
        "'num_nodes': '130'}\\\"}\", \"poc\": null}")==0, "got %s", zOut ? zOut : "");
  CHECK(zOut && jsonOk(zOut), "valid JSON");
  sqlite3_free(zOut);
  /* Not such a file: JSON, one bad line, nothing. */
  CHECK(mllogMllObject("{\"a\": 1}", 8, &zOut, &nOut)==SQLITE_DONE && zOut==0, "json");
  CHECK(mllogMllObject("a: {}\nb: 1\n", 11, &zOut, &nOut)==SQLITE_DONE, "bad line");
  CHECK(mllogMllObject("a: {} x", 7, &zOut, &nOut)==SQLITE_DONE, "text after");
  CHECK(mllogMllObject("\n\n", 2, &zOut, &nOut)==SQLITE_DONE, "empty");
  CHECK(mllogMllObject("a b: {}", 7, &zOut, &nOut)==SQLITE_DONE, "key with space");
  /* Python literal fields: a quoted string or an unquoted literal, whole
  ** (up to ',' or '}', trailing spaces dropped), the first one. */
  {
    static const char zPy[] = "{'num_nodes': '130', 'n': 7, 'e': '', 'x': 'a\\'b', "
                              "'f': 3.5 , 'g': -3, 'h': , 'y': z}";
    size_t n = strlen(zPy);
    CHECK(mllogPyField(zPy, n, "num_nodes", &zV, &nV) && nV==3 && memcmp(zV, "130", 3)==0, "str");
    CHECK(mllogPyField(zPy, n, "n", &zV, &nV) && nV==1 && zV[0]=='7', "digits");
    CHECK(mllogPyField(zPy, n, "e", &zV, &nV) && nV==0, "empty string");
    CHECK(!mllogPyField(zPy, n, "x", &zV, &nV), "escape refused");
    CHECK(mllogPyField(zPy, n, "f", &zV, &nV) && nV==3 && memcmp(zV, "3.5", 3)==0, "a real, whole");
    CHECK(mllogPyField(zPy, n, "g", &zV, &nV) && nV==2 && memcmp(zV, "-3", 2)==0, "a sign");
    CHECK(!mllogPyField(zPy, n, "h", &zV, &nV), "no value");
    CHECK(mllogPyField(zPy, n, "y", &zV, &nV) && nV==1 && zV[0]=='z', "any literal, to '}'");
    CHECK(!mllogPyField(zPy, n, "num", &zV, &nV), "whole name");
  }
}

/* Python's json constants: rewritten outside strings only, at the same
** length, into strings the strict parser accepts. */
static void testPyNonFinite(void){
  char z[] = "{\"key\": \"eval_loss\", \"time_ms\": 5, \"value\": [NaN, Infinity, "
             "-Infinity], \"metadata\": {\"s\": \"NaN \\\" Infinity\"}}";
  const char *zWant = "{\"key\": \"eval_loss\", \"time_ms\": 5, \"value\": [\"N\", "
             "\"Infini\", \"-Infini\"], \"metadata\": {\"s\": \"NaN \\\" Infinity\"}}";
  MllogLine l;
  double v;
  size_t n = strlen(z);
  CHECK(mllogParseLine(z, n, &l)==SQLITE_ERROR, "NaN refused before");
  CHECK(mllogPyNonFinite(z, n)==3, "three tokens");
  CHECK(strlen(z)==n && strcmp(z, zWant)==0, "rewritten: %s", z);
  CHECK(mllogParseLine(z, n, &l)==SQLITE_OK, "parsed after: %s", l.zErr);
  CHECK(!mllogJsonNumber(&l.value, &v, 0, 0), "not a number");
  CHECK(mllogPyNonFinite(z, n)==0, "nothing left");
}

int main(void){
  char zPath[] = "/tmp/mllog_test_XXXXXX";
  int fd = mkstemp(zPath);
  if( fd<0 ){
    printf("mkstemp failed\n");
    return 1;
  }
  close(fd);
  testJsonCheck();
  testJsonLong();
  testJsonUtf8();
  testDepth();
  testStrings();
  testNumbers();
  testMembers();
  testJsonHash();
  testFingerprint();
  testStringCut();
  testParseLine();
  testPyNonFinite();
  testReaderRandom(zPath);
  testReaderBufferEdge(zPath);
  testReaderLong(zPath);
  testReaderErrors();
  testTargets();
  testV6Rules();
  testRules();
  testRulesets();
  testPower();
  testEnergy();
  testEnergyRead();
  testRound3();
  testConv();
  testConvAfter();
  testMllLines();
  testMllRules();
  testMllReader(zPath);
  testMllSystems();
  unlink(zPath);
  if( nFail ){
    printf("%d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  return 0;
}
