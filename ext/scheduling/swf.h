/*
** swf.h: plain C parser for the Standard Workload Format (SWF) of the
** Parallel Workloads Archive (ext/scheduling/swf.c), used by ext/scheduling/swf_sql.c and
** tests/unit/swf_test.c.
**
** An SWF file is text. Lines whose first non-blank character is ';' are
** comments; the header comments have the form "; Key: value". Every other
** non-blank line is a job: 18 numbers separated by white space, -1
** meaning unknown. See https://www.cs.huji.ac.il/labs/parallel/workload/swf.html
*/
#ifndef MLPSCALE_SWF_H
#define MLPSCALE_SWF_H

#include "sqlite3ext.h"
#include <stddef.h>

#define SWF_NFIELD 18

/* Field names, in file order (job, submit, wait, runtime, ...). */
extern const char *const swfFieldNames[SWF_NFIELD];

/* Kinds of line. */
#define SWF_BLANK    0
#define SWF_COMMENT  1
#define SWF_JOB      2
#define SWF_BAD      3   /* a malformed job line: see the error text */

typedef struct SwfJob SwfJob;
struct SwfJob {
  unsigned char aType[SWF_NFIELD];   /* 0 unknown (-1), 1 integer, 2 real */
  sqlite3_int64 aInt[SWF_NFIELD];
  double aReal[SWF_NFIELD];
};

/*
** Parse the n bytes of z (one line, without its newline; a trailing '\r'
** is ignored). Sets *peKind to SWF_BLANK, SWF_COMMENT or SWF_JOB (fields
** in *pJob) and returns SQLITE_OK; or sets it to SWF_BAD and returns
** SQLITE_ERROR with why in zErr (a buffer of nErr bytes, NUL-terminated).
*/
int swfParseLine(const char *z, size_t n, int *peKind, SwfJob *pJob,
                 char *zErr, size_t nErr);

/*
** For a comment line: if it has the form "; Key: value" (Key a letter then
** letters, digits or '_'), set the key and value spans (value trimmed) and
** return 1. Otherwise set the value span to the comment's trimmed text
** (possibly empty) and return 0.
*/
int swfParseComment(const char *z, size_t n, const char **pzKey, size_t *pnKey,
                    const char **pzVal, size_t *pnVal);

/*
** Whether z[0..n-1] is text: SWF_TEXT_OK, or SWF_TEXT_NUL (a NUL byte) or
** SWF_TEXT_UTF8 (a byte that starts no well-formed UTF-8 character) with
** the offset of that first byte in *piBad. swfTextFaults[e] names fault e
** in messages ("invalid UTF-8"). No column or message holds such bytes
** from a file: a NUL would cut it, and invalid UTF-8 is not text.
*/
#define SWF_TEXT_OK   0
#define SWF_TEXT_NUL  1
#define SWF_TEXT_UTF8 2
extern const char *const swfTextFaults[3];
int swfTextCheck(const char *z, size_t n, size_t *piBad);

#endif /* MLPSCALE_SWF_H */
