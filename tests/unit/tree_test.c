/*
** tree_test.c: C unit tests of ext/mlperf/tree.c (no SQL): the run logs and
** systems files of a results tree built in a temporary folder (Training's
** and MLPerf HPC's layouts, a root that is one submitter's folder), the
** scaling factors, power/ and scaling.json as links, files or folders,
** links out of the root, a stop, the reading of one small
** file and its refusals, an entry placed inside the root by its folder, a
** log opened only inside the root (mllogReaderReopenIn, reader.c), and the
** round a path names, and a link whose real path is longer than PATH_MAX.
** tests/mlperf.test reads the same walks through
** mlperf_runs and mlperf_systems. Exits 0 when every check passes.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/reader.h"
#include "mlperf/tree.h"
#include "mlperf/rules.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

static char zRoot[64];

/* Make folder or file zRel under zRoot (a file when zText is not 0). */
static void make(const char *zRel, const char *zText){
  char zPath[512];
  snprintf(zPath, sizeof(zPath), "%s/%s", zRoot, zRel);
  if( zText==0 ){
    CHECK(mkdir(zPath, 0700)==0, "mkdir %s: %s", zPath, strerror(errno));
  }else{
    FILE *f = fopen(zPath, "wb");
    CHECK(f!=0, "create %s", zPath);
    if( f ){
      fputs(zText, f);
      fclose(f);
    }
  }
}

static void build(void){
  static const char *azDir[] = {
    "A", "A/results", "A/results/sys1", "A/results/sys1/bert",
    "A/results/sys1/bert/power", "A/results/sys1/resnet", "A/results/sys1/ssd",
    "A/systems", "B", "B/results", "B/results/sys2", "B/results/sys2/gpt3",
    "C", "C/other",
    "H", "H/results", "H/results/sysh", "H/results/sysh/strong",
    "H/results/sysh/strong/cosmoflow", "H/results/sysh/weak",
    "H/results/sysh/weak/deepcam", "H/results/sysh/other",
    "H/results/sysh/other/x", "H/results/sysv", "H/results/sysv/cosmoflow",
  };
  size_t i;
  char zLink[512];
  for(i=0; i<sizeof(azDir)/sizeof(azDir[0]); i++) make(azDir[i], 0);
  make("A/results/sys1/bert/result_1.txt", "");
  make("A/results/sys1/bert/result_0.txt", "");
  make("A/results/sys1/bert/notes.txt", "");
  make("A/results/sys1/bert/scaling.json", " {\"scaling_factor\": 2.5}\n");
  make("A/results/sys1/resnet/result_0.txt", "");
  make("A/results/sys1/ssd/result_0.txt", "");
  make("A/results/sys1/ssd/scaling.json", "{\"scaling_factor\": 0}");
  make("B/results/sys2/gpt3/result_0.txt", "");
  make("B/results/sys2/gpt3/scaling.json", "{\"scaling_factor\": 2} x");
  make("A/systems/sys1.json", "{}");
  make("A/systems/readme.txt", "");
  make("H/results/sysh/strong/cosmoflow/result_0.txt", "");
  make("H/results/sysh/weak/deepcam/result_0.txt", "");
  make("H/results/sysh/other/x/result_0.txt", "");
  make("H/results/sysv/cosmoflow/result_0.txt", "");
  make("big.txt", "12345");
  snprintf(zLink, sizeof(zLink), "%s/A/systems/leak.json", zRoot);
  CHECK(symlink("/etc/passwd", zLink)==0, "symlink: %s", strerror(errno));
}

static int stopAlways(void *p){
  (void)p;
  return 1;
}

static void testRuns(void){
  TreeRun *a = 0;
  int n = 0, nAlloc = 0, rc;
  char zBert[512];
  TreeStop stop = { stopAlways, 0 };
  rc = treeListRuns(zRoot, zRoot, 0, 0, &a, &n, &nAlloc);
  /* Under Training's layout H's strong/ and weak/ are benchmark folders
  ** without logs; its sysv/cosmoflow is read. */
  CHECK(rc==SQLITE_OK && n==6, "rc %d n %d", rc, n);
  if( n==6 ){
    snprintf(zBert, sizeof(zBert), "%s/A/results/sys1/bert/result_0.txt", zRoot);
    CHECK(strcmp(a[0].zSubmitter, "A")==0 && strcmp(a[0].zSystem, "sys1")==0
          && strcmp(a[0].zBench, "bert")==0 && strcmp(a[0].zRun, "result_0.txt")==0
          && strcmp(a[0].zPath, zBert)==0 && a[0].zScaling==0, "%s", a[0].zPath);
    CHECK(strcmp(a[1].zRun, "result_1.txt")==0, "sorted: %s", a[1].zRun);
    CHECK(a[0].bScale && a[0].rScale==2.5 && a[0].bPower, "bert scale %g", a[0].rScale);
    CHECK(strcmp(a[2].zBench, "resnet")==0 && a[2].bScale && a[2].rScale==1.0
          && !a[2].bPower, "no scaling.json: 1.0");
    CHECK(strcmp(a[3].zBench, "ssd")==0 && !a[3].bScale, "a factor of 0 is unknown");
    CHECK(strcmp(a[4].zSubmitter, "B")==0 && !a[4].bScale, "text after the JSON");
    CHECK(strcmp(a[5].zSubmitter, "H")==0 && strcmp(a[5].zSystem, "sysv")==0
          && a[5].zScaling==0, "%s", a[5].zSystem);
  }
  treeRunsFree(a, n);
  a = 0;
  n = nAlloc = 0;
  rc = treeListRuns(zRoot, zRoot, 0, &stop, &a, &n, &nAlloc);
  CHECK(rc==SQLITE_INTERRUPT && n==0, "stop: rc %d n %d", rc, n);
  treeRunsFree(a, n);
}

static void testHpcRuns(void){
  TreeRun *a = 0;
  int n = 0, nAlloc = 0, rc;
  char zH[128];
  snprintf(zH, sizeof(zH), "%s/H", zRoot);
  /* The root is one submitter's folder: its own name is the submitter. */
  rc = treeListRuns(zH, zRoot, 1, 0, &a, &n, &nAlloc);
  CHECK(rc==SQLITE_OK && n==3, "rc %d n %d", rc, n);
  if( n==3 ){
    CHECK(strcmp(a[0].zSubmitter, "H")==0 && strcmp(a[0].zBench, "cosmoflow")==0
          && strcmp(a[0].zScaling, "strong")==0, "%s %s", a[0].zBench, a[0].zScaling);
    CHECK(strcmp(a[1].zBench, "deepcam")==0 && strcmp(a[1].zScaling, "weak")==0,
          "%s", a[1].zBench);
    CHECK(strcmp(a[2].zSystem, "sysv")==0 && strcmp(a[2].zScaling, "strong")==0,
          "v0.7: strong scaling");
  }
  treeRunsFree(a, n);
}

static int stopCount(void *p){
  (*(int*)p)++;
  return 0;
}

/* The stop is asked for each of many folders under strong/ too (once only
** every 256 entries of one folder: 600 folders went by unasked). */
static void testHpcStop(void){
  TreeRun *a = 0;
  int n = 0, nAlloc = 0, rc, nAsked = 0, i;
  TreeStop stop = { stopCount, 0 };
  char zRel[64], zHs[128];
  stop.pArg = &nAsked;
  make("HS", 0);
  make("HS/results", 0);
  make("HS/results/sys", 0);
  make("HS/results/sys/strong", 0);
  for(i=0; i<600; i++){
    snprintf(zRel, sizeof(zRel), "HS/results/sys/strong/b%03d", i);
    make(zRel, 0);
  }
  snprintf(zHs, sizeof(zHs), "%s/HS", zRoot);
  rc = treeListRuns(zHs, zRoot, 1, &stop, &a, &n, &nAlloc);
  CHECK(rc==SQLITE_OK && n==0 && nAsked>=600, "rc %d, n %d, asked %d", rc, n, nAsked);
  treeRunsFree(a, n);
}

/* Out of file descriptors (a soft limit of 0): a folder that cannot be
** opened for it is an error (SQLITE_IOERR, EMFILE), not one without
** entries, and so is the walk. */
static void testNoDescriptors(void){
  struct rlimit saved, none;
  TreeNames t;
  TreeRun *a = 0;
  TreeSystem *aSys = 0;
  int n = 0, nAlloc = 0, nSys = 0, nSysAlloc = 0, rc, rcRuns, rcSys;
  memset(&t, 0, sizeof(t));
  CHECK(getrlimit(RLIMIT_NOFILE, &saved)==0);
  none = saved;
  none.rlim_cur = 0;
  CHECK(setrlimit(RLIMIT_NOFILE, &none)==0);
  rc = treeNamesRead(&t, zRoot, 1, 0);
  rcRuns = treeListRuns(zRoot, zRoot, 0, 0, &a, &n, &nAlloc);
  rcSys = treeListSystems(zRoot, zRoot, 0, &aSys, &nSys, &nSysAlloc);
  CHECK(setrlimit(RLIMIT_NOFILE, &saved)==0);
  CHECK(rc==SQLITE_IOERR && t.eErrno==EMFILE && t.nName==0, "rc %d, errno %d", rc, t.eErrno);
  CHECK(rcRuns==SQLITE_IOERR && n==0 && rcSys==SQLITE_IOERR && nSys==0,
        "runs %d (%d), systems %d (%d)", rcRuns, n, rcSys, nSys);
  treeNamesFree(&t);
  treeRunsFree(a, n);
  treeSystemsFree(aSys, nSys);
}

static void testSystems(void){
  TreeSystem *a = 0;
  int n = 0, nAlloc = 0, rc;
  rc = treeListSystems(zRoot, zRoot, 0, &a, &n, &nAlloc);
  CHECK(rc==SQLITE_OK && n==2, "rc %d n %d", rc, n);
  if( n==2 ){
    CHECK(strcmp(a[0].zSystem, "leak")==0 && a[0].bOutside, "leak outside");
    CHECK(strcmp(a[1].zSubmitter, "A")==0 && strcmp(a[1].zSystem, "sys1")==0
          && !a[1].bOutside, "%s", a[1].zSystem);
  }
  treeSystemsFree(a, n);
}

static void testFiles(void){
  char zPath[512], *z = 0, *zErr = 0, **az = 0;
  size_t n = 0;
  int rc, nName = 0;
  snprintf(zPath, sizeof(zPath), "%s/big.txt", zRoot);
  rc = treeReadFile(zPath, 5, &z, &n, &zErr);
  CHECK(rc==SQLITE_OK && n==5 && strcmp(z, "12345")==0, "rc %d", rc);
  sqlite3_free(z);
  rc = treeReadFile(zPath, 4, &z, &n, &zErr);
  CHECK(rc==SQLITE_ERROR && z==0 && zErr && strcmp(zErr, "file larger than 4 bytes")==0,
        "%s", zErr ? zErr : "");
  sqlite3_free(zErr);
  snprintf(zPath, sizeof(zPath), "%s/A", zRoot);
  rc = treeReadFile(zPath, 4, &z, &n, &zErr);
  CHECK(rc==SQLITE_ERROR && zErr && strcmp(zErr, "cannot read: Is a directory")==0,
        "%s", zErr ? zErr : "");
  sqlite3_free(zErr);
  snprintf(zPath, sizeof(zPath), "%s/none", zRoot);
  rc = treeReadFile(zPath, 4, &z, &n, &zErr);
  CHECK(rc==SQLITE_ERROR && zErr && strcmp(zErr, "cannot read: No such file or directory")==0,
        "%s", zErr ? zErr : "");
  sqlite3_free(zErr);
  snprintf(zPath, sizeof(zPath), "%s/fifo", zRoot);
  CHECK(mkfifo(zPath, 0600)==0, "mkfifo");
  rc = treeReadFile(zPath, 4, &z, &n, &zErr);
  CHECK(rc==SQLITE_ERROR && zErr && strcmp(zErr, "cannot read: not a regular file")==0,
        "%s", zErr ? zErr : "");
  sqlite3_free(zErr);
  unlink(zPath);

  snprintf(zPath, sizeof(zPath), "%s/A/systems/leak.json", zRoot);
  CHECK(treeInsideRoot(zRoot, zPath)==0, "a link out of the root");
  CHECK(treeInsideRoot("/", zPath)==1, "the root /");
  snprintf(zPath, sizeof(zPath), "%s/A/systems/sys1.json", zRoot);
  CHECK(treeInsideRoot(zRoot, zPath)==1, "inside");
  snprintf(zPath, sizeof(zPath), "%s/none", zRoot);
  CHECK(treeInsideRoot(zRoot, zPath)==1, "no real path: opening it fails");

  snprintf(zPath, sizeof(zPath), "%s/A/systems", zRoot);
  rc = treeListDir(zPath, &az, &nName, 0);
  CHECK(rc==SQLITE_OK && nName==3 && strcmp(az[0], "leak.json")==0
        && strcmp(az[2], "sys1.json")==0, "n %d", nName);
  treeFreeNames(az, nName);
  snprintf(zPath, sizeof(zPath), "%s/none", zRoot);
  rc = treeListDir(zPath, &az, &nName, 0);
  CHECK(rc==SQLITE_OK && nName==0 && az==0, "a missing folder has no entries");

  /* treeNamesRead: the same list in memory kept from folder to folder;
  ** without growing, a folder that does not fit is SQLITE_FULL. */
  {
    TreeNames t;
    char *aText;
    memset(&t, 0, sizeof(t));
    snprintf(zPath, sizeof(zPath), "%s/A/systems", zRoot);
    CHECK(treeNamesRead(&t, zPath, 0, 0)==SQLITE_FULL && t.nName==0, "no room");
    CHECK(treeNamesReserve(&t, 3, 8)==SQLITE_OK);
    CHECK(treeNamesRead(&t, zPath, 0, 0)==SQLITE_FULL, "names of more than 8 bytes");
    CHECK(treeNamesReserve(&t, 2, 64)==SQLITE_OK);
    CHECK(treeNamesRead(&t, zPath, 0, 0)==SQLITE_OK && t.nName==3
          && strcmp(t.azName[0], "leak.json")==0 && strcmp(t.azName[2], "sys1.json")==0,
          "room for 3 names and 64 bytes: n %d", t.nName);
    aText = t.aText;
    CHECK(treeNamesRead(&t, zPath, 0, 0)==SQLITE_OK && t.nName==3 && t.aText==aText,
          "read again in the same memory");
    snprintf(zPath, sizeof(zPath), "%s/none", zRoot);
    CHECK(treeNamesRead(&t, zPath, 0, 0)==SQLITE_OK && t.nName==0, "a missing folder");
    treeNamesFree(&t);
    snprintf(zPath, sizeof(zPath), "%s/A", zRoot);
    CHECK(treeNamesRead(&t, zPath, 1, 0)==SQLITE_OK && t.nName==2
          && strcmp(t.azName[0], "results")==0, "grown: n %d", t.nName);
    treeNamesFree(&t);
  }
}

/* treeEntryInsideRoot: an entry placed by its parent and one lstat, or by
** its real path. */
static void testEntryInside(void){
  static const struct { const char *zRel; int bParent, bDir, bInside; } aCase[] = {
    { "A/results/sys1", 1, 1, 1 },            /* a folder in a folder inside */
    { "A/results/sys1", -1, 1, 1 },           /* unknown parent: its real path */
    { "A/systems/sys1.json", 1, 0, 1 },
    { "A/systems/leak.json", 1, 0, 0 },       /* a link out of the root */
    { "A/systems/leak.json", -1, 0, 0 },
    { "L/out", 1, 1, 0 },                     /* a folder link out of the root */
    { "L/in", 1, 1, 1 },                      /* a folder link inside */
    { "L/none", 1, 1, 0 },                    /* no folder */
    { "A/systems/sys1.json", 1, 1, 1 },       /* not the kind: its real path */
  };
  char zReal[PATH_MAX], zPath[512];
  size_t i;
  CHECK(realpath(zRoot, zReal)!=0);
  snprintf(zPath, sizeof(zPath), "%s/L/out", zRoot);
  CHECK(symlink("/tmp", zPath)==0, "symlink: %s", strerror(errno));
  snprintf(zPath, sizeof(zPath), "%s/L/in", zRoot);
  CHECK(symlink("../A", zPath)==0, "symlink: %s", strerror(errno));
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    snprintf(zPath, sizeof(zPath), "%s/%s", zRoot, aCase[i].zRel);
    CHECK(treeEntryInsideRoot(zReal, aCase[i].bParent, zPath, aCase[i].bDir)
          ==aCase[i].bInside, "%s (%d, %d)", aCase[i].zRel, aCase[i].bParent,
          aCase[i].bDir);
  }
}

/* mllogReaderReopenIn: a file opened only when it lies inside the root. */
static void testReopenIn(void){
  static const struct { const char *zRel; int bDirInside, rc, eErrno; } aCase[] = {
    { "A/systems/sys1.json", 1, SQLITE_OK, 0 },
    { "A/systems/sys1.json", 0, SQLITE_OK, 0 },
    { "A/systems/leak.json", 1, SQLITE_IOERR, MLLOG_EOUTSIDE },
    { "A/systems/leak.json", 0, SQLITE_IOERR, MLLOG_EOUTSIDE },
    { "L/in.txt",            1, SQLITE_OK, 0 },   /* a link inside: followed */
    { "L/none.txt",          1, SQLITE_IOERR, ENOENT },
    { "L/dangling.txt",      1, SQLITE_IOERR, ENOENT },
  };
  char zReal[PATH_MAX], zPath[512];
  MllogReader rd;
  size_t i;
  CHECK(realpath(zRoot, zReal)!=0);
  make("L", 0);
  snprintf(zPath, sizeof(zPath), "%s/L/in.txt", zRoot);
  CHECK(symlink("../big.txt", zPath)==0, "symlink: %s", strerror(errno));
  snprintf(zPath, sizeof(zPath), "%s/L/dangling.txt", zRoot);
  CHECK(symlink("../nothing.txt", zPath)==0, "symlink: %s", strerror(errno));
  CHECK(mllogReaderOpen(&rd, 0, 0)==SQLITE_OK);
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    int rc;
    snprintf(zPath, sizeof(zPath), "%s/%s", zRoot, aCase[i].zRel);
    rc = mllogReaderReopenIn(&rd, zReal, aCase[i].bDirInside, zPath);
    CHECK(rc==aCase[i].rc && (rc==SQLITE_OK ? rd.fd>=0 : rd.fd<0)
          && (rc==SQLITE_OK || rd.eErrno==aCase[i].eErrno),
          "%s (%d): rc %d, errno %d", aCase[i].zRel, aCase[i].bDirInside, rc, rd.eErrno);
  }
  snprintf(zPath, sizeof(zPath), "%s/A/systems/leak.json", zRoot);
  mllogReaderReopenIn(&rd, zReal, 1, zPath);
  CHECK(strcmp(mllogReaderErrorText(&rd), "outside the root")==0, "%s",
        mllogReaderErrorText(&rd));
  CHECK(mllogReaderReopenIn(&rd, zReal, 1, 0)==SQLITE_OK && rd.fd<0, "the buffer only");
  mllogReaderClose(&rd);
}

/*
** A link whose real path is longer than PATH_MAX: realpath() fails, open()
** follows it, so it is outside the root (it once counted as inside, as a
** file with no real path does). Folders of 250-byte names, made with
** chdir: R/log.txt -> O/L/<8 folders>/f.txt with O/L -> O/<10 folders>.
*/
static void testLongRealPath(void){
  char zName[251], zLink[PATH_MAX], zPath[PATH_MAX], zReal[PATH_MAX];
  char zDeep[PATH_MAX] = "";
  int fdHere = open(".", O_RDONLY), i;
  MllogReader rd;
  size_t n;
  FILE *f;
  make("R", 0);
  make("O", 0);
  snprintf(zPath, sizeof(zPath), "%s/O", zRoot);
  CHECK(chdir(zPath)==0, "chdir %s", zPath);
  for(i=0; i<18; i++){
    memset(zName, 'a'+i, 250);
    zName[250] = 0;
    CHECK(mkdir(zName, 0700)==0 && chdir(zName)==0, "folder %d: %s", i, strerror(errno));
    if( i>=10 ){
      n = strlen(zDeep);
      snprintf(zDeep+n, sizeof(zDeep)-n, "/%s", zName);
    }
    if( i==9 ){
      CHECK(getcwd(zLink, sizeof(zLink))!=0);
      snprintf(zPath, sizeof(zPath), "%s/O/L", zRoot);
      CHECK(symlink(zLink, zPath)==0, "symlink: %s", strerror(errno));
    }
  }
  f = fopen("f.txt", "wb");
  CHECK(f!=0, "create f.txt");
  if( f ){
    fputs(":::MLLOG {}\n", f);
    fclose(f);
  }
  CHECK(fchdir(fdHere)==0);
  close(fdHere);
  snprintf(zLink, sizeof(zLink), "%s/O/L%s/f.txt", zRoot, zDeep);
  CHECK(strlen(zLink)<PATH_MAX, "the link's text is %zu bytes", strlen(zLink));
  snprintf(zPath, sizeof(zPath), "%s/R/log.txt", zRoot);
  CHECK(symlink(zLink, zPath)==0, "symlink: %s", strerror(errno));
  snprintf(zLink, sizeof(zLink), "%s/R", zRoot);
  CHECK(realpath(zLink, zReal)!=0);
  CHECK(treeInsideRoot(zReal, zPath)==0, "a real path past PATH_MAX");
  CHECK(treeEntryInsideRoot(zReal, 1, zPath, 0)==0, "the same, by its folder");
  CHECK(mllogReaderOpen(&rd, 0, 0)==SQLITE_OK);
  CHECK(mllogReaderReopenIn(&rd, zReal, 1, zPath)==SQLITE_IOERR
        && rd.eErrno==MLLOG_EOUTSIDE, "opened: errno %d", rd.eErrno);
  mllogReaderClose(&rd);
  /* A path given that is itself too long: opening it fails. */
  {
    char zLong[PATH_MAX+16];
    n = (size_t)snprintf(zLong, sizeof(zLong), "%s/R", zRoot);
    while( n+2<sizeof(zLong) ){
      zLong[n++] = '/';
      zLong[n++] = 'x';
    }
    zLong[n] = 0;
    CHECK(treeInsideRoot(zReal, zLong)==1, "a path of %zu bytes", n);
  }
}

static void testRound(void){
  static const struct { const char *zPath, *zRound; int eSuite; } aCase[] = {
    { "/x/training_results_v4.1", "v4.1", RULES_SUITE_TRAINING },
    { "/x/training_results_v4.1/", "v4.1", RULES_SUITE_TRAINING },
    { "hpc_results_v3.0/Org", "v3.0", RULES_SUITE_HPC },
    { "/a/training_results_v4.1/hpc_results_v2.0", "v2.0", RULES_SUITE_HPC },
    { "/a/hpc_results_v2.0/training_results_v0.6", "v0.6", RULES_SUITE_TRAINING },
    { "/x/training_results_v4.1x", "", -1 },
    { "/x/my_training_results_v4.1", "", -1 },
    { "/x/training_results_v", "", -1 },
  };
  size_t i;
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    char zOut[32];
    int eSuite = -1;
    treeRoundOf(aCase[i].zPath, zOut, sizeof(zOut), &eSuite);
    CHECK(strcmp(zOut, aCase[i].zRound)==0 && eSuite==aCase[i].eSuite,
          "%s: '%s' %d", aCase[i].zPath, zOut, eSuite);
  }
}

/* Entries known by their type where it says enough, by stat() or their
** real path where it does not: power/ and scaling.json as links, as a file
** and as a folder; a system folder that is a link inside the root, and one
** to a folder outside it. */
static void testRunsByType(void){
  char zT[128], zLink[512], zTo[512];
  TreeRun *a = 0;
  int n = 0, nAlloc = 0, rc, i;
  static const struct { const char *zLink, *zTo; } aLink[] = {
    { "T/L/results/sysl/p1/power", "../p2/realpower" },
    { "T/L/results/sysl/p1/scaling.json", "../../../../sl.json" },
    { "T/L/results/syslink", "sysl" },
  };
  static const char *azDir[] = {
    "T", "T/L", "T/L/results", "T/L/results/sysl", "T/L/results/sysl/p1",
    "T/L/results/sysl/p2", "T/L/results/sysl/p2/realpower",
    "T/L/results/sysl/p2/scaling.json", "U", "U/p3",
  };
  for(i=0; i<(int)(sizeof(azDir)/sizeof(azDir[0])); i++) make(azDir[i], 0);
  make("T/sl.json", "{\"scaling_factor\": 3}");
  make("T/L/results/sysl/p1/result_0.txt", "");
  make("T/L/results/sysl/p2/result_0.txt", "");
  make("T/L/results/sysl/p2/power", "");
  make("U/p3/result_0.txt", "");
  make("U/p3/scaling.json", "{\"scaling_factor\": 4}");
  for(i=0; i<(int)(sizeof(aLink)/sizeof(aLink[0])); i++){
    snprintf(zLink, sizeof(zLink), "%s/%s", zRoot, aLink[i].zLink);
    CHECK(symlink(aLink[i].zTo, zLink)==0, "symlink: %s", strerror(errno));
  }
  snprintf(zLink, sizeof(zLink), "%s/T/L/results/sysout", zRoot);
  snprintf(zTo, sizeof(zTo), "%s/U", zRoot);
  CHECK(symlink(zTo, zLink)==0, "symlink: %s", strerror(errno));
  snprintf(zT, sizeof(zT), "%s/T", zRoot);
  rc = treeListRuns(zT, zT, 0, 0, &a, &n, &nAlloc);
  CHECK(rc==SQLITE_OK && n==5, "rc %d n %d", rc, n);
  if( n==5 ){
    CHECK(strcmp(a[0].zBench, "p1")==0 && a[0].bPower && a[0].bScale
          && a[0].rScale==3.0 && a[0].bDirInside==1,
          "links: power %d scale %d %g inside %d", a[0].bPower, a[0].bScale,
          a[0].rScale, a[0].bDirInside);
    CHECK(strcmp(a[1].zBench, "p2")==0 && !a[1].bPower && a[1].bScale
          && a[1].rScale==1.0 && a[1].bDirInside==1,
          "a file power, a folder scaling.json: power %d scale %d %g",
          a[1].bPower, a[1].bScale, a[1].rScale);
    CHECK(strcmp(a[2].zSystem, "syslink")==0 && a[2].bPower && a[2].rScale==3.0
          && a[2].bDirInside==1 && strcmp(a[3].zSystem, "syslink")==0
          && a[3].bDirInside==1, "a system folder linked inside: %s %d",
          a[2].zSystem, a[2].bDirInside);
    CHECK(strcmp(a[4].zSystem, "sysout")==0 && a[4].bDirInside==0
          && !a[4].bScale, "a system folder linked outside: %s %d %d",
          a[4].zSystem, a[4].bDirInside, a[4].bScale);
  }
  treeRunsFree(a, n);
}

int main(void){
  char zCmd[128];
  strcpy(zRoot, "/tmp/tree_test_XXXXXX");
  if( mkdtemp(zRoot)==0 ){
    printf("mkdtemp failed\n");
    return 1;
  }
  build();
  testRunsByType();
  testRuns();
  testHpcRuns();
  testHpcStop();
  testNoDescriptors();
  testSystems();
  testFiles();
  testReopenIn();
  testEntryInside();
  testLongRealPath();
  testRound();
  snprintf(zCmd, sizeof(zCmd), "rm -rf '%s'", zRoot);
  if( system(zCmd)!=0 ) printf("could not remove %s\n", zRoot);
  if( nFail ){
    printf("%d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  return 0;
}
