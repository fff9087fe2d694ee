/*
** tree.h: the results tree of an MLPerf round (plain C, tree.c): which
** files mlperf_runs and mlperf_systems read, found by walking
**
**   <root>/<submitter>/results/<system>/<benchmark>/result_*.txt
**   <root>/<submitter>/results/<system>/{strong,weak}/<benchmark>/...  (MLPerf HPC)
**   <root>/<submitter>/systems/<system>.json
**
** (or a root that is one submitter's folder), entries sorted by name, with
** the scaling.json and power/ of each benchmark folder; and the reading of
** one small file whole. Memory: sqlite3_malloc64 and sqlite3_mprintf, every
** allocation checked. Return codes: SQLITE_OK, SQLITE_NOMEM,
** SQLITE_INTERRUPT when the caller's xStop asked to stop, or SQLITE_IOERR
** when a folder could not be opened for want of file descriptors (EMFILE
** or ENFILE: not the folder's fault, so no folder seems empty for it; a
** folder that cannot be opened for any other reason has no entries).
*/
#ifndef MLPERF_TREE_H
#define MLPERF_TREE_H

#include "sqlite3ext.h"
#include <stddef.h>

/* Largest systems JSON file or scaling.json read. */
#define TREE_JSON_FILE_MAX (1024*1024)

/* Largest scaling factor: a score times it stays finite (minutes are
** below 2^54/60000 and energies MLLOG_ENERGY_MAX). */
#define TREE_SCALING_MAX 1000.0

/* Asked between entries (a folder may hold millions): non-zero stops the
** walk with SQLITE_INTERRUPT. xStop may be 0. */
typedef struct TreeStop TreeStop;
struct TreeStop {
  int (*xStop)(void*);
  void *pArg;
};

/* 1 when pStop (may be 0) asks to stop. */
int treeStopped(const TreeStop *pStop);

/* One run log to read. Its strings are one allocation, at zSubmitter. */
typedef struct TreeRun TreeRun;
struct TreeRun {
  char *zSubmitter, *zSystem, *zBench, *zRun, *zPath;
  const char *zScaling;    /* MLPerf HPC: "strong" or "weak" (static) */
  int bScale;              /* rScale is known (else scaling_factor is NULL) */
  double rScale;
  int bPower;              /* the benchmark folder has power/ */
  int bDirInside;          /* the benchmark folder lies under the root
                           ** (treeDirInsideRoot) */
};

/* One systems/<system>.json. Strings are sqlite3_mprintf'd. */
typedef struct TreeSystem TreeSystem;
struct TreeSystem {
  char *zSubmitter, *zSystem, *zPath;
  int bOutside;            /* a link to a file outside the root: not read */
};

/*
** Every <submitter>/results/<system>/<benchmark>/result_*.txt of root zRoot
** (zRootReal: its real path, which every file read must lie under), sorted,
** appended to *paRun (*pnRun used, *pnAlloc allocated; free them with
** treeRunsFree). bHpc: the round is MLPerf HPC's (benchmarks under
** <system>/strong/ and <system>/weak/, or under <system>/ itself, strong
** scaling, when the system folder has neither).
*/
int treeListRuns(const char *zRoot, const char *zRootReal, int bHpc,
                 const TreeStop *pStop, TreeRun **paRun, int *pnRun,
                 int *pnAlloc);
void treeRunsFree(TreeRun *aRun, int nRun);

/* Every <submitter>/systems/<system>.json of root zRoot, sorted, as
** treeListRuns lists runs. */
int treeListSystems(const char *zRoot, const char *zRootReal,
                    const TreeStop *pStop, TreeSystem **paSys, int *pnSys,
                    int *pnAlloc);
void treeSystemsFree(TreeSystem *aSys, int nSys);

/* The entry names of folder zDir, sorted, without "." and "..": a folder
** that cannot be opened has none (SQLITE_IOERR out of file descriptors).
** Free them with treeFreeNames. */
int treeListDir(const char *zDir, char ***pazName, int *pnName,
                const TreeStop *pStop);
void treeFreeNames(char **azName, int nName);

/*
** The entry names of one folder, in memory that is kept from folder to
** folder (zero it before the first use; treeNamesFree frees it).
*/
typedef struct TreeNames TreeNames;
struct TreeNames {
  char **azName;             /* nName names, sorted, pointing into aText */
  int nName;
  size_t nNameAlloc;
  char *aText;               /* each name: its type byte, then its text and
                             ** NUL (treeNameType) */
  size_t nTextAlloc;
  int eErrno;                /* EMFILE or ENFILE: why treeNamesRead could not
                             ** open the folder (SQLITE_IOERR) */
};

/* The type of entry zName of a TreeNames, as readdir() gave it: DT_DIR,
** DT_REG, DT_LNK, ..., or DT_UNKNOWN where the file system does not say. */
static inline int treeNameType(const char *zName){
  return (unsigned char)zName[-1];
}

/*
** Read the entry names of folder zDir into p as treeListDir lists them (a
** folder that cannot be opened, or zDir 0, has none). bGrow 0: p's memory
** is used as it is, and a folder whose names do not fit it gives
** SQLITE_FULL with nothing allocated (a worker lane of lanes.h may call
** it); else SQLITE_OK, SQLITE_NOMEM, SQLITE_INTERRUPT, or SQLITE_IOERR
** with p->eErrno out of file descriptors.
*/
int treeNamesRead(TreeNames *p, const char *zDir, int bGrow,
                  const TreeStop *pStop);
/* Room for nName names of nText bytes in all (a type byte and a NUL
** counted with each), no more: SQLITE_OK or SQLITE_NOMEM. */
int treeNamesReserve(TreeNames *p, size_t nName, size_t nText);
void treeNamesFree(TreeNames *p);

/*
** Whether file zPath may be read by a scan of the root whose real path is
** zRootReal: 1 when its real path lies under it, or when it has none (it
** does not exist, a link loops, or zPath is PATH_MAX bytes or longer:
** opening it fails and says so); 0 when it resolves outside the tree
** (systems/leak.json -> /etc/passwd), or to a real path too long to know
** (links that lengthen it past PATH_MAX). A link to a file inside the
** tree is followed.
*/
int treeInsideRoot(const char *zRootReal, const char *zPath);

/*
** 1 when folder zDir exists and its real path lies under the root whose
** real path is zRootReal, else 0. Asked once per folder of logs, so that
** a log need not be resolved component by component (realpath() reads
** each one: a seventh of a v4.1 scan's CPU): in a folder inside the root,
** an entry that is no symbolic link is inside too (reader.h,
** mllogReaderReopenIn).
*/
int treeDirInsideRoot(const char *zRootReal, const char *zDir);

/*
** 1 when zPath, an entry of a folder for which bParentInside is 1 (that
** folder lies inside the root) or anything else (unknown), lies inside the
** root, else 0. In a folder inside the root, an entry that is a folder
** (bDir 1) or a regular file (bDir 0) and no symbolic link is inside too,
** found with one lstat() (its real path is the folder's plus its name);
** any other entry is placed by its real path (treeDirInsideRoot when bDir,
** else treeInsideRoot), every component of the path resolved.
*/
int treeEntryInsideRoot(const char *zRootReal, int bParentInside,
                        const char *zPath, int bDir);


/*
** Read all of the regular file zPath (at most nMax bytes) into *pz
** (sqlite3_malloc64, NUL-terminated, *pn bytes). Returns SQLITE_OK,
** SQLITE_NOMEM, or SQLITE_ERROR with *pzErr (sqlite3_mprintf) saying why:
** "cannot read: <reason>" or "file larger than <nMax> bytes".
*/
int treeReadFile(const char *zPath, int nMax, char **pz, size_t *pn,
                 char **pzErr);

/*
** The scaling factor of benchmark folder zDir (bDirInside: it lies inside
** the root, treeEntryInsideRoot): 1.0 without scaling.json, its
** "scaling_factor" number when it is above 0 and at most TREE_SCALING_MAX,
** else unknown (*pbKnown = 0). SQLITE_OK or SQLITE_NOMEM.
*/
int treeReadScaling(const char *zRootReal, int bDirInside, const char *zDir,
                    int *pbKnown, double *pr);

/*
** The round named by a folder training_results_vX.Y (Training) or
** hpc_results_vX.Y (MLPerf HPC) of root zRoot, the last such component
** counting: "vX.Y" in zOut and its suite (RULES_SUITE_TRAINING or
** RULES_SUITE_HPC) in *peSuite; zOut empty when none. Read from the path as
** the caller wrote it (a training_results_v4.1 that is a symbolic link to a
** checkout named otherwise still names the round); only when the written
** path names no round (".", a relative path inside the checkout) is its
** real path read.
*/
void treeRoundOf(const char *zRoot, char *zOut, size_t nOut, int *peSuite);

#endif /* MLPERF_TREE_H */
