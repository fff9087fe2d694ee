/*
** systems.h: one systems/<system>.json of an MLPerf round (plain C,
** systems.c): what mlperf_systems shows of it. A file that cannot be read,
** is no JSON object, or lacks or misstates a field the result summarizer
** needs gives a row with an error text (zError), never a failure: the
** functions return SQLITE_OK or SQLITE_NOMEM.
*/
#ifndef MLPERF_SYSTEMS_H
#define MLPERF_SYSTEMS_H

#include "mlperf/json.h"

/* Largest number_of_nodes or accelerators_per_node accepted. */
#define SYSTEMS_MAX_COUNT 1000000000

/* One file read. Zero it before the first read; systemsRowClear frees it. */
typedef struct SystemsRow SystemsRow;
struct SystemsRow {
  char *zJson;               /* file text (sqlite3_malloc64), or 0 when
                             ** unreadable; v0.6's MLL lines as one object */
  size_t nJson;
  int bValid;                /* zJson is one JSON object, obj */
  MllogSpan obj;
  char *zError;              /* the first problem (sqlite3_mprintf), or 0 */
  const char *zAvailability; /* the status mapped (static), or 0 */
  int bNodes, bPerNode;      /* iNodes, iPerNode are known */
  sqlite3_int64 iNodes, iPerNode;
  char zAccel[128];          /* a v0.6 "nodes" entry's accelerator, or "" */
};

/* Read file zPath (bOutside: it lies outside the root, and is not read). */
int systemsRead(SystemsRow *p, const char *zPath, int bOutside);

/* Read the text zText[0..nText-1] (sqlite3_malloc64'd, NUL-terminated:
** the row takes it, and frees it even on failure). */
int systemsParse(SystemsRow *p, char *zText, size_t nText);

/* Free what the row holds; it can be read into again. */
void systemsRowClear(SystemsRow *p);

#endif /* MLPERF_SYSTEMS_H */
