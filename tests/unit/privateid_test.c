/*
** privateid_test.c: C unit tests of ext/mlperf/privateid.c (no SQL):
** SHA-256 against FIPS 180-4's examples, Python's float repr in both
** notations, and privateIdOf's refusals. tests/private_id.test compares
** whole ids with the result summarizer's own. Exits 0 when every check
** passes.
*/
#include "sqlite3.h"
#include "mlperf/privateid.h"
#include <stdio.h>
#include <string.h>
#include "check.h"

static void hex(const unsigned char *a, char *z){
  int i;
  for(i=0; i<32; i++) sprintf(z+2*i, "%02x", a[i]);
}

static void testSha256(void){
  unsigned char a[32];
  char z[65];
  static const char zLong[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  privateIdSha256("abc", 3, a);
  hex(a, z);
  CHECK( strcmp(z, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")==0, "%s", z );
  privateIdSha256("", 0, a);
  hex(a, z);
  CHECK( strcmp(z, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")==0, "%s", z );
  privateIdSha256(zLong, strlen(zLong), a);
  hex(a, z);
  CHECK( strcmp(z, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")==0, "%s", z );
}

static void testRepr(void){
  static const struct { double r; const char *z; } aCase[] = {
    { 2.0, "2.0" }, { -0.0, "-0.0" }, { 0.1, "0.1" }, { 1e-5, "1e-05" },
    { 0.0001, "0.0001" }, { 1e16, "1e+16" }, { 1e15, "1000000000000000.0" },
    { 1.5e300, "1.5e+300" }, { 5e-324, "5e-324" }, { 2.5, "2.5" },
    { 0.30000000000000004, "0.30000000000000004" }, { 123.456, "123.456" },
    { 1234567890123456.7, "1234567890123456.8" }, { -1.25e-7, "-1.25e-07" },
  };
  char z[40];
  size_t i;
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    privateIdFloatRepr(aCase[i].r, z);
    CHECK( strcmp(z, aCase[i].z)==0, "%.17g: %s, not %s", aCase[i].r, z, aCase[i].z );
  }
}

static void testRefusals(void){
  char zId[PRIVATEID_MAX];
  const char *zWhy = 0;
  static const char zOk[] = "{\"division\":\"closed\",\"submitter\":\"Acme\","
    "\"system_name\":\"X\",\"number_of_nodes\":2,\"host_processor_model_name\":\"EPYC\","
    "\"host_processors_per_node\":2,\"accelerator_model_name\":\"H100\","
    "\"accelerators_per_node\":8,\"framework\":\"PyTorch\"}";
  CHECK( privateIdOf(zOk, strlen(zOk), zId, sizeof(zId), &zWhy)==SQLITE_OK && zWhy==0
         && strcmp(zId, "bakerloo-maryland-hawaii-friend")==0, "%s", zId );
  CHECK( privateIdOf("[]", 2, zId, sizeof(zId), &zWhy)==SQLITE_OK && zId[0]==0
         && strcmp(zWhy, "not a JSON object")==0 );
  CHECK( privateIdOf("{\"division\":\"closed\"}", 21, zId, sizeof(zId), &zWhy)==SQLITE_OK
         && zId[0]==0 && strcmp(zWhy, "submitter")==0, "%s", zWhy );
  CHECK( privateIdOf("{\"division\":\"\\u0000\"}", 21, zId, sizeof(zId), &zWhy)==SQLITE_OK
         && zId[0]==0 && strcmp(zWhy, "division")==0, "%s", zWhy );
  CHECK( privateIdOf("{\"division\":\"\\ud800x\"}", 22, zId, sizeof(zId), &zWhy)==SQLITE_OK
         && zId[0]==0 && strcmp(zWhy, "division")==0, "%s", zWhy );
  CHECK( privateIdOf(zOk, strlen(zOk), zId, 10, &zWhy)==SQLITE_MISUSE );
}

int main(void){
  testSha256();
  testRepr();
  testRefusals();
  if( nFail ){
    printf("privateid_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("privateid_test: %d checks passed\n", nCheck);
  return 0;
}
