/*
** systems_test.c: C unit tests of ext/mlperf/systems.c (no SQL): systems
** files as text, read as the result summarizer reads them: the counts as
** Python's int() reads them, v0.6's "nodes" and "entry" forms and MLL
** lines, and every error text a row can hold. tests/mlperf.test reads
** files of the fixtures through mlperf_systems. Exits 0 when every check
** passes.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/systems.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* The fields every file needs but the counts. */
#define NAMES "\"division\": \"closed\", \"status\": \"Available on-premise\", " \
  "\"accelerator_model_name\": \"A100\", \"host_processor_model_name\": \"EPYC\", " \
  "\"framework\": \"PyTorch\""

/* Parse text z into p (a copy: the row takes it). SQLITE_OK expected. */
static void parse(SystemsRow *p, const char *z){
  size_t n = strlen(z);
  char *zCopy = sqlite3_malloc64(n+1);
  int rc;
  CHECK(zCopy!=0);
  if( zCopy==0 ) return;
  memcpy(zCopy, z, n+1);
  rc = systemsParse(p, zCopy, n);
  CHECK(rc==SQLITE_OK, "rc %d for %s", rc, z);
}

/* The error of text z: "" when none. */
static const char *errorOf(SystemsRow *p, const char *z){
  parse(p, z);
  return p->zError ? p->zError : "";
}

static void testValid(void){
  SystemsRow row;
  memset(&row, 0, sizeof(row));
  parse(&row, " {" NAMES ", \"number_of_nodes\": \" 2\\u3000\", "
        "\"accelerators_per_node\": 8.0} \n");
  CHECK(row.zError==0 && row.bValid && row.bNodes && row.iNodes==2
        && row.bPerNode && row.iPerNode==8
        && strcmp(row.zAvailability, "Available on-premise")==0
        && row.zAccel[0]==0, "%s", row.zError ? row.zError : "");
  /* Older files spell the count "number of nodes"; 1e3 is an integer. */
  parse(&row, "{" NAMES ", \"number of nodes\": 1e3, \"accelerators_per_node\": \"+0008\"}");
  CHECK(row.zError==0 && row.iNodes==1000 && row.iPerNode==8, "%lld %lld",
        row.iNodes, row.iPerNode);
  systemsRowClear(&row);
}

static void testV06(void){
  SystemsRow row;
  memset(&row, 0, sizeof(row));
  parse(&row, "{\"division\": \"closed\", \"status\": \"onprem\", "
        "\"host_processor_model_name\": \"x\", \"framework\": \"y\", "
        "\"nodes\": [ {\"num_nodes\": \"4\", \"num_accelerators\": 8, "
        "\"accelerator\": \"Tesla V100\"} ]}");
  CHECK(row.zError==0 && row.iNodes==4 && row.iPerNode==8
        && strcmp(row.zAccel, "Tesla V100")==0, "%s", row.zError ? row.zError : "");
  /* The file's own number_of_nodes wins over the entry's. */
  parse(&row, "{\"division\": \"closed\", \"status\": \"onprem\", \"number_of_nodes\": 2, "
        "\"host_processor_model_name\": \"x\", \"framework\": \"y\", "
        "\"entry\": \"{'num_nodes': '4', 'num_accelerators': '8', 'accelerator': 'V100'}\"}");
  CHECK(row.zError==0 && row.iNodes==2 && row.iPerNode==8
        && strcmp(row.zAccel, "V100")==0, "%s", row.zError ? row.zError : "");
  /* NVIDIA's v0.6 files: MLL lines, read as one object. */
  parse(&row, "division: {\"value\": \"closed\"}\nstatus: {\"value\": \"onprem\"}\n"
        "number_of_nodes: {\"value\": 1}\naccelerators_per_node: {\"value\": 16}\n"
        "accelerator_model_name: {\"value\": \"V100\"}\n"
        "host_processor_model_name: {\"value\": \"x\"}\nframework: {\"value\": \"y\"}\n");
  CHECK(row.zError==0 && row.bValid && row.iNodes==1 && row.iPerNode==16
        && row.zJson[0]=='{', "%s", row.zError ? row.zError : "");
  systemsRowClear(&row);
}

static void testErrors(void){
  static const struct { const char *z, *zError; } aCase[] = {
    { "[1]", "not a JSON object" },
    { "{} x", "not valid JSON: text after the object at byte 3" },
    { "{", "not valid JSON: unexpected end of JSON at byte 1" },
    { "{}", "missing field 'division'" },
    { "{\"division\": 1}", "field 'division' is not a string" },
    { "{\"division\": \"closed\"}", "missing field 'status'" },
    { "{\"division\": \"closed\", \"status\": 1}",
      "field 'status' is not a known availability" },
    { "{\"division\": \"closed\", \"status\": \"soon\\u0000\"}",
      "status 'soon\\u0000' is not a known availability" },
    { "{" NAMES "}", "missing field 'number_of_nodes'" },
    { "{" NAMES ", \"number_of_nodes\": \"two\"}",
      "field 'number_of_nodes' is not an integer" },
    { "{" NAMES ", \"number_of_nodes\": 1.5}",
      "field 'number_of_nodes' is not an integer" },
    { "{" NAMES ", \"number_of_nodes\": -1}",
      "field 'number_of_nodes' must be from 0 to 1000000000, got -1" },
    { "{" NAMES ", \"number_of_nodes\": \"1234567890123456789012\"}",
      "field 'number_of_nodes' must be from 0 to 1000000000, got 1234567890123456789012" },
    { "{" NAMES ", \"number_of_nodes\": 1e20}",
      "field 'number_of_nodes' must be from 0 to 1000000000, got 1e20" },
    { "{" NAMES ", \"number_of_nodes\": 1}", "missing field 'accelerators_per_node'" },
    { "{\"division\": \"closed\", \"status\": \"cloud\", \"number_of_nodes\": 1, "
      "\"accelerators_per_node\": 1}", "missing field 'accelerator_model_name'" },
    { "{\"division\": \"closed\", \"status\": \"cloud\", \"framework\": \"y\", "
      "\"nodes\": [{\"num_nodes\": 1}, {\"num_nodes\": 2}]}",
      "field 'nodes' must hold one entry, got 2" },
    { "{\"division\": \"closed\", \"status\": \"cloud\", "
      "\"nodes\": [{\"num_nodes\": \"x\", \"num_accelerators\": 1}]}",
      "field 'num_nodes' of 'nodes' is not an integer" },
    { "{\"division\": \"closed\", \"status\": \"cloud\", "
      "\"entry\": \"{'num_nodes': '1', 'num_nodes': '2'}\"}",
      "field 'nodes' of 'entry' must hold one entry, got 2" },
    { "{\"division\": \"closed\", \"status\": \"cloud\", "
      "\"entry\": \"{'num_nodes': '1', 'num_accelerators': '2000000000'}\"}",
      "field 'num_accelerators' of 'entry' must be from 0 to 1000000000, got 2000000000" },
  };
  SystemsRow row;
  size_t i;
  memset(&row, 0, sizeof(row));
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    const char *zGot = errorOf(&row, aCase[i].z);
    CHECK(strcmp(zGot, aCase[i].zError)==0, "%s: got '%s'", aCase[i].z, zGot);
  }
  /* The first error is kept; the text stays for the json column. */
  CHECK(row.zJson && strcmp(row.zJson, aCase[i-1].z)==0, "text kept");
  systemsRowClear(&row);
  CHECK(row.zJson==0 && row.zError==0 && !row.bValid, "cleared");
}

static void testRead(void){
  SystemsRow row;
  memset(&row, 0, sizeof(row));
  CHECK(systemsRead(&row, "/etc/passwd", 1)==SQLITE_OK && row.zJson==0
        && strcmp(row.zError, "cannot read: outside the root")==0, "outside");
  CHECK(systemsRead(&row, "/nonexistent/x.json", 0)==SQLITE_OK && row.zJson==0
        && strcmp(row.zError, "cannot read: No such file or directory")==0,
        "%s", row.zError);
  systemsRowClear(&row);
}

int main(void){
  testValid();
  testV06();
  testErrors();
  testRead();
  if( nFail ){
    printf("%d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  return 0;
}
