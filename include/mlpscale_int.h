/*
** Declarations shared between the files of ext/ (not a public API).
**
** Every SQL-facing file defines one registration function, listed here and
** called from the table in ext/mlpscale.c. Each returns SQLITE_OK or the
** error code of the registration that failed (sqlite3_errmsg says why).
*/
#ifndef MLPSCALE_INT_H
#define MLPSCALE_INT_H

#include "sqlite3ext.h"

int mlpMetricsInit(sqlite3 *db);

#endif /* MLPSCALE_INT_H */
