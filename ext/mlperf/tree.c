/*
** tree.c: the results tree of an MLPerf round (plain C; tree.h): the run
** logs and systems files that mlperf_runs and mlperf_systems read, found as
** MLCommons' result summarizer finds them (its globs, in sorted order), the
** scaling factor of each benchmark folder, the round a root names. A scan
** reads only files whose real path lies under the root's. Nothing calls
** SQLite but for memory.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/file.h"
#include "mlperf/tree.h"
#include "mlperf/json.h"
#include "mlperf/rules.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int treeStopped(const TreeStop *pStop){
  return pStop && pStop->xStop && pStop->xStop(pStop->pArg);
}

/* ---------------------------------------------------------------------- */
/* Folders                                                                */

static int isDir(const char *zPath){
  struct stat st;
  return stat(zPath, &st)==0 && S_ISDIR(st.st_mode);
}

static int cmpName(const void *a, const void *b){
  return strcmp(*(char *const*)a, *(char *const*)b);
}

void treeFreeNames(char **azName, int nName){
  int i;
  for(i=0; i<nName; i++) sqlite3_free(azName[i]);
  sqlite3_free(azName);
}

int treeNamesReserve(TreeNames *p, size_t nName, size_t nText){
  if( nName>p->nNameAlloc ){
    char **aNew = sqlite3_realloc64(p->azName, nName*sizeof(char*));
    if( aNew==0 ) return SQLITE_NOMEM;
    p->azName = aNew;
    p->nNameAlloc = nName;
  }
  if( nText>p->nTextAlloc ){
    char *aNew = sqlite3_realloc64(p->aText, nText);
    if( aNew==0 ) return SQLITE_NOMEM;
    p->aText = aNew;
    p->nTextAlloc = nText;
  }
  return SQLITE_OK;
}

int treeNamesRead(TreeNames *p, const char *zDir, int bGrow,
                  const TreeStop *pStop){
  DIR *pDir;
  struct dirent *pEnt;
  size_t nText = 0;
  int nName = 0, i, rc = SQLITE_OK;
  p->nName = 0;
  p->eErrno = 0;
  if( zDir==0 ) return SQLITE_OK;
  if( (pDir = opendir(zDir))==0 ){
    /* Out of descriptors or memory is not the folder's fault: an error,
    ** never a folder that seems empty. */
    if( errno==ENOMEM ) return SQLITE_NOMEM;
    if( errno==EMFILE || errno==ENFILE ){
      p->eErrno = errno;
      return SQLITE_IOERR;
    }
    return SQLITE_OK;
  }
  while( (pEnt = readdir(pDir))!=0 ){
    size_t n = strlen(pEnt->d_name)+2;     /* the type byte and the NUL */
    if( strcmp(pEnt->d_name, ".")==0 || strcmp(pEnt->d_name, "..")==0 ) continue;
    if( (nName & 255)==255 && treeStopped(pStop) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
    if( nName==INT_MAX ){
      rc = SQLITE_NOMEM;
      break;
    }
    if( (size_t)nName+1>p->nNameAlloc || nText+n>p->nTextAlloc ){
      /* Twice what is needed: amortized over a large folder. */
      rc = bGrow ? treeNamesReserve(p, 2*(size_t)nName+16, 2*(nText+n)+1024)
                 : SQLITE_FULL;
      if( rc ) break;
    }
    p->aText[nText] = (char)pEnt->d_type;
    memcpy(p->aText+nText+1, pEnt->d_name, n-1);
    nText += n;
    nName++;
  }
  closedir(pDir);
  if( rc ) return rc;
  /* The text may have moved while it grew: pointed into only now. */
  for(i=0, nText=0; i<nName; i++){
    p->azName[i] = p->aText+nText+1;
    nText += strlen(p->azName[i])+2;
  }
  if( nName>1 ) qsort(p->azName, nName, sizeof(char*), cmpName);
  p->nName = nName;
  return SQLITE_OK;
}

void treeNamesFree(TreeNames *p){
  sqlite3_free(p->aText);
  sqlite3_free(p->azName);
  memset(p, 0, sizeof(*p));
}

int treeListDir(const char *zDir, char ***pazName, int *pnName,
                const TreeStop *pStop){
  TreeNames names;
  char **azName;
  int i, rc;
  *pazName = 0;
  *pnName = 0;
  memset(&names, 0, sizeof(names));
  rc = treeNamesRead(&names, zDir, 1, pStop);
  if( rc || names.nName==0 ){
    treeNamesFree(&names);
    return rc;
  }
  azName = sqlite3_malloc64(sizeof(char*)*(sqlite3_uint64)names.nName);
  for(i=0; azName && i<names.nName; i++){
    azName[i] = sqlite3_mprintf("%s", names.azName[i]);
    if( azName[i]==0 ){
      treeFreeNames(azName, i);
      azName = 0;
    }
  }
  if( azName==0 ){
    treeNamesFree(&names);
    return SQLITE_NOMEM;
  }
  *pazName = azName;
  *pnName = names.nName;
  treeNamesFree(&names);
  return SQLITE_OK;
}

/* The last path component of zPath (trailing slashes ignored), copied. */
static char *baseName(const char *zPath){
  size_t n = strlen(zPath);
  size_t i;
  while( n>1 && zPath[n-1]=='/' ) n--;
  for(i=n; i>0 && zPath[i-1]!='/'; i--){}
  return sqlite3_mprintf("%.*s", (int)(n-i), zPath+i);
}

/* 1 when real path zReal is the root whose real path is zRootReal, or
** lies under it. */
static int underRoot(const char *zRootReal, const char *zReal){
  size_t n = strlen(zRootReal);
  if( n==1 ) return 1;                       /* the root is "/" */
  return strncmp(zReal, zRootReal, n)==0 && (zReal[n]=='/' || zReal[n]==0);
}

int treeInsideRoot(const char *zRootReal, const char *zPath){
  char zReal[PATH_MAX];
  if( realpath(zPath, zReal)==0 ){
    /* Opening it fails as well where nothing is there, a link loops or
    ** the path given is too long; but links may lengthen a path past
    ** PATH_MAX, which open() follows: a real path this long is not known
    ** to lie under the root. */
    return errno==ENOENT || errno==ENOTDIR || errno==ELOOP || errno==EACCES
        || strlen(zPath)>=PATH_MAX;
  }
  return underRoot(zRootReal, zReal);
}

int treeDirInsideRoot(const char *zRootReal, const char *zDir){
  char zReal[PATH_MAX];
  if( realpath(zDir, zReal)==0 ) return 0;
  return underRoot(zRootReal, zReal);
}

int treeEntryInsideRoot(const char *zRootReal, int bParentInside,
                        const char *zPath, int bDir){
  struct stat st;
  if( bParentInside==1 && lstat(zPath, &st)==0
   && (bDir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode)) ){
    return 1;
  }
  return bDir ? treeDirInsideRoot(zRootReal, zPath) : treeInsideRoot(zRootReal, zPath);
}

/*
** The submitter folders under zRoot that hold zSub ("results" or
** "systems"): zRoot itself when it holds results/ or systems/, else each
** of its subfolders that holds zSub. Fills parallel arrays of names and
** paths. Returns SQLITE_OK, SQLITE_NOMEM or SQLITE_INTERRUPT.
*/
static int listSubmitters(const char *zRoot, const char *zSub,
                          const TreeStop *pStop, char ***pazName,
                          char ***pazPath, int *pn){
  char *zA = sqlite3_mprintf("%s/results", zRoot);
  char *zB = sqlite3_mprintf("%s/systems", zRoot);
  char **azName = 0, **azPath = 0;
  int n = 0, i, rc = SQLITE_OK;
  int bSingle;
  *pazName = *pazPath = 0;
  *pn = 0;
  if( zA==0 || zB==0 ){
    sqlite3_free(zA);
    sqlite3_free(zB);
    return SQLITE_NOMEM;
  }
  bSingle = isDir(zA) || isDir(zB);
  sqlite3_free(zA);
  sqlite3_free(zB);
  if( bSingle ){
    char zReal[PATH_MAX];
    azName = sqlite3_malloc64(sizeof(char*));
    azPath = sqlite3_malloc64(sizeof(char*));
    if( azName==0 || azPath==0 ) goto nomem;
    /* The folder's name as written (a link named Dell is Dell); for roots
    ** such as "." or "results/..", the name of its real path. */
    azName[0] = baseName(zRoot);
    if( azName[0] && (azName[0][0]==0 || strcmp(azName[0], ".")==0
                      || strcmp(azName[0], "..")==0)
     && realpath(zRoot, zReal) ){
      sqlite3_free(azName[0]);
      azName[0] = baseName(zReal);
    }
    azPath[0] = sqlite3_mprintf("%s", zRoot);
    n = 1;
    if( azName[0]==0 || azPath[0]==0 ) goto nomem;
  }else{
    char **azEnt;
    int nEnt;
    rc = treeListDir(zRoot, &azEnt, &nEnt, pStop);
    if( rc ) return rc;
    azName = sqlite3_malloc64((nEnt+1)*sizeof(char*));
    azPath = sqlite3_malloc64((nEnt+1)*sizeof(char*));
    if( azName==0 || azPath==0 ){
      treeFreeNames(azEnt, nEnt);
      goto nomem;
    }
    for(i=0; i<nEnt; i++){
      char *zSubDir;
      int bHas;
      if( treeStopped(pStop) ){
        treeFreeNames(azEnt, nEnt);
        rc = SQLITE_INTERRUPT;
        goto fail;
      }
      zSubDir = sqlite3_mprintf("%s/%s/%s", zRoot, azEnt[i], zSub);
      if( zSubDir==0 ){
        treeFreeNames(azEnt, nEnt);
        goto nomem;
      }
      bHas = isDir(zSubDir);
      sqlite3_free(zSubDir);
      if( !bHas ) continue;
      azPath[n] = sqlite3_mprintf("%s/%s", zRoot, azEnt[i]);
      azName[n] = azEnt[i];
      azEnt[i] = 0;
      n++;
      if( azPath[n-1]==0 ){
        treeFreeNames(azEnt, nEnt);
        goto nomem;
      }
    }
    treeFreeNames(azEnt, nEnt);
  }
  *pazName = azName;
  *pazPath = azPath;
  *pn = n;
  return SQLITE_OK;
nomem:
  rc = SQLITE_NOMEM;
fail:
  treeFreeNames(azName, n);
  treeFreeNames(azPath, n);
  return rc;
}

/* The file list a (nUsed used of *pnAlloc elements of szElem bytes) with
** room for one more: a itself, or a reallocation (nFirst elements at the
** first growth, doubling after; *pnAlloc updated). 0 when out of memory,
** a left as it was. */
static void *growFiles(void *a, int nUsed, int *pnAlloc, int nFirst, size_t szElem){
  int nNew;
  void *aNew;
  if( nUsed<*pnAlloc ) return a;
  nNew = *pnAlloc ? *pnAlloc*2 : nFirst;
  aNew = sqlite3_realloc64(a, nNew*szElem);
  if( aNew ) *pnAlloc = nNew;
  return aNew;
}

/*
** The walk both file lists start with: every entry of <submitter>/<zSub>/
** for each submitter folder of zRoot (listSubmitters), entries sorted,
** passed to xEntry with the submitter's name, the folder's path, the
** entry's type (treeNameType) and whether the folder lies inside the root
** (treeDirInsideRoot; zRootReal). Stops at the first return other than
** SQLITE_OK, which it returns, or when pStop asks to (SQLITE_INTERRUPT):
** the walk is as long as the tree is wide.
*/
typedef int (*SubmitterEntryFunc)(void *pArg, const char *zSubmitter,
                                  const char *zDir, const char *zName,
                                  int eType, int bDirInside);
static int walkSubmitters(const char *zRoot, const char *zRootReal,
                          const char *zSub, const TreeStop *pStop,
                          SubmitterEntryFunc xEntry, void *pArg){
  char **azSubName = 0, **azSubPath = 0;
  int nSub = 0, iSub, rc;
  TreeNames names;
  memset(&names, 0, sizeof(names));
  rc = listSubmitters(zRoot, zSub, pStop, &azSubName, &azSubPath, &nSub);
  for(iSub=0; rc==SQLITE_OK && iSub<nSub; iSub++){
    char *zDir;
    int i, bDirInside;
    if( treeStopped(pStop) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
    zDir = sqlite3_mprintf("%s/%s", azSubPath[iSub], zSub);
    if( zDir==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    rc = treeNamesRead(&names, zDir, 1, pStop);
    bDirInside = names.nName>0 && treeDirInsideRoot(zRootReal, zDir);
    for(i=0; rc==SQLITE_OK && i<names.nName; i++){
      const char *zName = names.azName[i];
      rc = treeStopped(pStop) ? SQLITE_INTERRUPT
         : xEntry(pArg, azSubName[iSub], zDir, zName, treeNameType(zName),
                  bDirInside);
    }
    sqlite3_free(zDir);
  }
  treeNamesFree(&names);
  treeFreeNames(azSubName, nSub);
  treeFreeNames(azSubPath, nSub);
  return rc;
}

/*
** Whether entry zName of folder zDir (listed in p) is a folder (bDir) or a
** regular file, as stat() says: by its type when it is no link, else by
** stat(). 0 when p has no such entry. SQLITE_NOMEM is -1.
*/
static int entryIs(const TreeNames *p, const char *zDir, const char *zName,
                   int bDir){
  int lo = 0, hi = p->nName-1, eType;
  const char *zFound = 0;
  while( lo<=hi ){
    int mid = lo + (hi-lo)/2;
    int c = strcmp(p->azName[mid], zName);
    if( c==0 ){
      zFound = p->azName[mid];
      break;
    }
    if( c<0 ) lo = mid+1; else hi = mid-1;
  }
  if( zFound==0 ) return 0;
  eType = treeNameType(zFound);
  if( eType==DT_LNK || eType==DT_UNKNOWN ){
    char *zPath = sqlite3_mprintf("%s/%s", zDir, zName);
    struct stat st;
    int bIs;
    if( zPath==0 ) return -1;
    bIs = stat(zPath, &st)==0 && (bDir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
    sqlite3_free(zPath);
    return bIs;
  }
  return eType==(bDir ? DT_DIR : DT_REG);
}

/* ---------------------------------------------------------------------- */
/* Files                                                                  */

int treeReadFile(const char *zPath, int nMax, char **pz, size_t *pn,
                 char **pzErr){
  const char *zWhy = 0;
  FILE *f = fileOpenRegular(zPath, &zWhy);
  char *z;
  size_t n;
  *pz = 0;
  *pn = 0;
  *pzErr = 0;
  if( f==0 ){
    *pzErr = sqlite3_mprintf("cannot read: %s", zWhy);
    return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
  }
  z = sqlite3_malloc64((sqlite3_uint64)nMax+1);
  if( z==0 ){
    fclose(f);
    return SQLITE_NOMEM;
  }
  n = fread(z, 1, (size_t)nMax+1, f);
  if( ferror(f) ){
    *pzErr = sqlite3_mprintf("cannot read: %s", strerror(errno ? errno : EIO));
  }else if( n>(size_t)nMax ){
    *pzErr = sqlite3_mprintf("file larger than %d bytes", nMax);
  }
  fclose(f);
  if( *pzErr ){
    sqlite3_free(z);
    return SQLITE_ERROR;
  }
  z[n] = 0;
  *pz = z;
  *pn = n;
  return SQLITE_OK;
}

/* ---------------------------------------------------------------------- */
/* The run logs                                                           */

/* The walk of the run logs: the root, the suite, where the runs go. */
typedef struct RunsWalk RunsWalk;
struct RunsWalk {
  const char *zRootReal;
  int bHpc;                  /* MLPerf HPC: strong/ and weak/ folders */
  const TreeStop *pStop;
  TreeRun **paRun;
  int *pnRun, *pnAlloc;
  TreeNames sys, hpc, bench; /* the listing of a folder at each level */
};

int treeReadScaling(const char *zRootReal, int bDirInside, const char *zDir,
                    int *pbKnown, double *pr){
  char *zPath = sqlite3_mprintf("%s/scaling.json", zDir);
  char *z = 0, *zErr = 0;
  size_t n = 0, nUsed = 0;
  struct stat st;
  int rc;
  *pbKnown = 1;
  *pr = 1.0;
  if( zPath==0 ) return SQLITE_NOMEM;
  /* As MLCommons' summarizer (os.path.isfile): only a file counts. */
  if( stat(zPath, &st)!=0 || !S_ISREG(st.st_mode) ){
    sqlite3_free(zPath);
    return SQLITE_OK;
  }
  *pbKnown = 0;
  if( !treeEntryInsideRoot(zRootReal, bDirInside, zPath, 0) ){
    sqlite3_free(zPath);
    return SQLITE_OK;
  }
  rc = treeReadFile(zPath, TREE_JSON_FILE_MAX, &z, &n, &zErr);
  sqlite3_free(zPath);
  sqlite3_free(zErr);
  if( rc==SQLITE_NOMEM ) return rc;
  /* The whole file must be one JSON document, as json.load reads it. */
  while( rc==SQLITE_OK && n>0 && jsonIsSpace(z[n-1]) ) n--;
  if( rc==SQLITE_OK && mllogJsonCheck(z, n, &nUsed, 0, 0)==SQLITE_OK && nUsed==n ){
    MllogSpan obj, val;
    obj.z = z;
    obj.n = nUsed;
    if( mllogJsonMember(&obj, "scaling_factor", &val)
     && mllogJsonNumber(&val, pr, 0, 0)
     && *pr>0.0 && *pr<=TREE_SCALING_MAX ){
      *pbKnown = 1;
    }
  }
  sqlite3_free(z);
  return SQLITE_OK;
}

static int addRun(RunsWalk *pW, const char *zSubmitter,
                  const char *zSystem, const char *zScaling,
                  const char *zBench, const char *zRun, const char *zDir,
                  int bScale, double rScale, int bPower, int bDirInside){
  size_t nSubmitter = strlen(zSubmitter)+1, nSystem = strlen(zSystem)+1;
  size_t nBench = strlen(zBench)+1, nRun = strlen(zRun)+1;
  size_t nDir = strlen(zDir);
  TreeRun *f, *aNew;
  char *z;
  aNew = growFiles(*pW->paRun, *pW->pnRun, pW->pnAlloc, 64, sizeof(TreeRun));
  if( aNew==0 ) return SQLITE_NOMEM;
  *pW->paRun = aNew;
  f = &aNew[(*pW->pnRun)++];
  memset(f, 0, sizeof(*f));
  z = sqlite3_malloc64(nSubmitter+nSystem+nBench+nRun+nDir+1+nRun);
  if( z==0 ) return SQLITE_NOMEM;
  f->zSubmitter = memcpy(z, zSubmitter, nSubmitter);
  f->zSystem = memcpy(z += nSubmitter, zSystem, nSystem);
  f->zBench = memcpy(z += nSystem, zBench, nBench);
  f->zRun = memcpy(z += nBench, zRun, nRun);
  f->zPath = memcpy(z += nRun, zDir, nDir);
  f->zPath[nDir] = '/';
  memcpy(f->zPath+nDir+1, zRun, nRun);
  f->zScaling = zScaling;
  f->bScale = bScale;
  f->rScale = rScale;
  f->bPower = bPower;
  f->bDirInside = bDirInside;
  return SQLITE_OK;
}

/* 1 if zName looks like result_*.txt */
static int isResultName(const char *zName){
  size_t n = strlen(zName);
  return n>=11 && strncmp(zName, "result_", 7)==0
      && strcmp(zName+n-4, ".txt")==0;
}

/* The result_*.txt of benchmark folder zBenchDir (named zBench, an entry
** of type eType of a folder that lies inside the root when bParentInside
** is 1), sorted; the scaling.json and power/ beside them read once. As the
** summarizer's glob result_*.txt, nothing below the folder
** (pruned_results/) is read. */
static int addBenchmark(RunsWalk *pW, const char *zSubmitter,
                        const char *zSys, const char *zScaling,
                        const char *zBench, const char *zBenchDir,
                        int eType, int bParentInside){
  TreeNames *pNames = &pW->bench;
  int iRun, bScale = 1, bScaleRead = 0, bPower = 0, rc;
  int bDirInside = 0;
  double rScale = 1.0;
  rc = treeNamesRead(pNames, zBenchDir, 1, pW->pStop);
  for(iRun=0; rc==SQLITE_OK && iRun<pNames->nName; iRun++){
    const char *zRun = pNames->azName[iRun];
    if( !isResultName(zRun) ) continue;
    if( !bScaleRead ){
      /* From the folder's entries, as stat() would say. */
      bPower = entryIs(pNames, zBenchDir, "power", 1);
      bDirInside = bParentInside==1 && eType==DT_DIR ? 1
                 : treeEntryInsideRoot(pW->zRootReal, bParentInside, zBenchDir, 1);
      if( bPower<0 || (bScale = entryIs(pNames, zBenchDir, "scaling.json", 0))<0 ){
        rc = SQLITE_NOMEM;
        break;
      }
      /* No scaling.json: 1 (treeReadScaling). */
      if( bScale ){
        rc = treeReadScaling(pW->zRootReal, bDirInside, zBenchDir, &bScale, &rScale);
      }else{
        bScale = 1;
      }
      bScaleRead = 1;
      if( rc ) break;
    }
    rc = addRun(pW, zSubmitter, zSys, zScaling, zBench, zRun, zBenchDir,
                bScale, rScale, bPower, bDirInside);
  }
  return rc;
}

/* The scaling folder an MLPerf HPC system folder's entry zName is: the
** static "strong" or "weak", or 0. */
static const char *hpcScaling(const char *zName){
  if( strcmp(zName, "strong")==0 ) return "strong";
  if( strcmp(zName, "weak")==0 ) return "weak";
  return 0;
}

/* The result_*.txt of every <benchmark> folder of system folder zSys of
** <submitter>/results (zResults), sorted. Under an MLPerf HPC ruleset the
** benchmarks are in <system>/strong/ and <system>/weak/ (v1.0 on; other
** entries are skipped, as the summarizer skips them), or, when the system
** folder has neither (v0.7), in <system>/ itself, strong scaling. */
static int addSystem(void *pArg, const char *zSubmitter, const char *zResults,
                     const char *zSys, int eType, int bResultsInside){
  RunsWalk *pW = (RunsWalk*)pArg;
  TreeNames *pNames = &pW->sys;
  int bHpc = pW->bHpc;
  char *zSysDir = sqlite3_mprintf("%s/%s", zResults, zSys);
  int iBench, rc, bSplit = 0;
  int bSysInside = -1;        /* the system folder lies inside the root */
  if( zSysDir==0 ) return SQLITE_NOMEM;
  rc = treeNamesRead(pNames, zSysDir, 1, pW->pStop);
  if( pNames->nName>0 ){
    bSysInside = bResultsInside && eType==DT_DIR ? 1
               : treeDirInsideRoot(pW->zRootReal, zSysDir);
  }
  for(iBench=0; bHpc && iBench<pNames->nName; iBench++){
    if( hpcScaling(pNames->azName[iBench]) ) bSplit = 1;
  }
  for(iBench=0; rc==SQLITE_OK && iBench<pNames->nName; iBench++){
    const char *zBench = pNames->azName[iBench];
    char *zBenchDir;
    if( treeStopped(pW->pStop) ){
      rc = SQLITE_INTERRUPT;
      break;
    }
    zBenchDir = sqlite3_mprintf("%s/%s", zSysDir, zBench);
    if( zBenchDir==0 ){
      rc = SQLITE_NOMEM;
      break;
    }
    if( !bHpc ){
      rc = addBenchmark(pW, zSubmitter, zSys, 0, zBench, zBenchDir,
                        treeNameType(zBench), bSysInside);
    }else if( !bSplit ){
      rc = addBenchmark(pW, zSubmitter, zSys, "strong", zBench, zBenchDir,
                        treeNameType(zBench), bSysInside);
    }else if( hpcScaling(zBench) ){
      TreeNames *pHpc = &pW->hpc;
      int i;
      rc = treeNamesRead(pHpc, zBenchDir, 1, pW->pStop);
      for(i=0; rc==SQLITE_OK && i<pHpc->nName; i++){
        char *zDir;
        if( treeStopped(pW->pStop) ){
          rc = SQLITE_INTERRUPT;
          break;
        }
        zDir = sqlite3_mprintf("%s/%s", zBenchDir, pHpc->azName[i]);
        if( zDir==0 ){
          rc = SQLITE_NOMEM;
          break;
        }
        rc = addBenchmark(pW, zSubmitter, zSys, hpcScaling(zBench),
                          pHpc->azName[i], zDir, DT_UNKNOWN, -1);
        sqlite3_free(zDir);
      }
    }
    sqlite3_free(zBenchDir);
  }
  sqlite3_free(zSysDir);
  return rc;
}

int treeListRuns(const char *zRoot, const char *zRootReal, int bHpc,
                 const TreeStop *pStop, TreeRun **paRun, int *pnRun,
                 int *pnAlloc){
  RunsWalk w;
  int rc;
  w.zRootReal = zRootReal;
  w.bHpc = bHpc;
  w.pStop = pStop;
  w.paRun = paRun;
  w.pnRun = pnRun;
  w.pnAlloc = pnAlloc;
  memset(&w.sys, 0, sizeof(w.sys));
  memset(&w.hpc, 0, sizeof(w.hpc));
  memset(&w.bench, 0, sizeof(w.bench));
  rc = walkSubmitters(zRoot, zRootReal, "results", pStop, addSystem, &w);
  treeNamesFree(&w.sys);
  treeNamesFree(&w.hpc);
  treeNamesFree(&w.bench);
  return rc;
}

void treeRunsFree(TreeRun *aRun, int nRun){
  int i;
  for(i=0; i<nRun; i++) sqlite3_free(aRun[i].zSubmitter);
  sqlite3_free(aRun);
}

/* ---------------------------------------------------------------------- */
/* The systems files                                                      */

/* The walk of the systems files: where they go. */
typedef struct SystemsWalk SystemsWalk;
struct SystemsWalk {
  const char *zRootReal;
  TreeSystem **paSys;
  int *pnSys, *pnAlloc;
};

/* One <submitter>/systems/<system>.json (other names are skipped). */
static int addSystemFile(void *pArg, const char *zSubmitter, const char *zDir,
                         const char *zName, int eType, int bDirInside){
  SystemsWalk *pW = (SystemsWalk*)pArg;
  size_t n = strlen(zName);
  TreeSystem *f, *aNew;
  if( n<6 || strcmp(zName+n-5, ".json")!=0 ) return SQLITE_OK;
  aNew = growFiles(*pW->paSys, *pW->pnSys, pW->pnAlloc, 32, sizeof(TreeSystem));
  if( aNew==0 ) return SQLITE_NOMEM;
  *pW->paSys = aNew;
  f = &aNew[(*pW->pnSys)++];
  f->zSubmitter = sqlite3_mprintf("%s", zSubmitter);
  f->zSystem = sqlite3_mprintf("%.*s", (int)(n-5), zName);
  f->zPath = sqlite3_mprintf("%s/%s", zDir, zName);
  if( !f->zSubmitter || !f->zSystem || !f->zPath ) return SQLITE_NOMEM;
  /* A file that is no link, in a folder inside the root, is inside. */
  f->bOutside = !(bDirInside && eType==DT_REG)
             && !treeInsideRoot(pW->zRootReal, f->zPath);
  return SQLITE_OK;
}

int treeListSystems(const char *zRoot, const char *zRootReal,
                    const TreeStop *pStop, TreeSystem **paSys, int *pnSys,
                    int *pnAlloc){
  SystemsWalk w;
  w.zRootReal = zRootReal;
  w.paSys = paSys;
  w.pnSys = pnSys;
  w.pnAlloc = pnAlloc;
  return walkSubmitters(zRoot, zRootReal, "systems", pStop, addSystemFile, &w);
}

void treeSystemsFree(TreeSystem *aSys, int nSys){
  int i;
  for(i=0; i<nSys; i++){
    sqlite3_free(aSys[i].zSubmitter);
    sqlite3_free(aSys[i].zSystem);
    sqlite3_free(aSys[i].zPath);
  }
  sqlite3_free(aSys);
}

/* ---------------------------------------------------------------------- */
/* The round of a root                                                    */

/*
** The round named by a folder training_results_vX.Y (Training) or
** hpc_results_vX.Y (MLPerf HPC) of path zPath, the last such component
** counting: "vX.Y" in zOut and its suite (RULES_SUITE_TRAINING or
** RULES_SUITE_HPC) in *peSuite; zOut empty when none.
*/
static void roundOfPath(const char *zPath, char *zOut, size_t nOut, int *peSuite){
  static const struct { const char *zPrefix; int eSuite; } aSuite[] = {
    { "training_results_v", RULES_SUITE_TRAINING },
    { "hpc_results_v",      RULES_SUITE_HPC },
  };
  const char *zBest = 0;
  size_t k;
  zOut[0] = 0;
  for(k=0; k<sizeof(aSuite)/sizeof(aSuite[0]); k++){
    const char *z = zPath;
    size_t nPrefix = strlen(aSuite[k].zPrefix);
    while( (z = strstr(z, aSuite[k].zPrefix))!=0 ){
      const char *zVer = z + nPrefix;
      size_t n = strspn(zVer, "0123456789.");
      if( (z==zPath || z[-1]=='/') && (zBest==0 || z>zBest)
       && (zVer[n]==0 || zVer[n]=='/') && n>0 && n+2<nOut ){
        snprintf(zOut, nOut, "v%.*s", (int)n, zVer);
        *peSuite = aSuite[k].eSuite;
        zBest = z;
      }
      z = zVer;
    }
  }
}

void treeRoundOf(const char *zRoot, char *zOut, size_t nOut, int *peSuite){
  char zReal[PATH_MAX];
  roundOfPath(zRoot, zOut, nOut, peSuite);
  if( zOut[0]==0 && realpath(zRoot, zReal) ) roundOfPath(zReal, zOut, nOut, peSuite);
}
