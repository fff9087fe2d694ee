/*
** jsonstrict.h: JSON text read as RFC 8259 defines it and nothing more, so
** that what a function accepts does not depend on the SQLite it runs on.
**
** SQLite's JSON functions read JSON5 from 3.42 on (NaN, Infinity, 0x10,
** unquoted keys, comments, trailing commas, single quotes); 3.40 refuses
** all of it. A function that reads its argument with json_each would take
** '[NaN]' as [null] on one engine and refuse it on the other. Checked with
** jsonStrictValid first, the text means the same on every engine (RFC
** 8259 text reads the same on all of them), and everything else is refused
** on all of them.
**
**   jsonStrictValid("[1, null]", 9)      1
**   jsonStrictValid("[NaN]", 5)          0
**   jsonStrictArrayItem("[1, -0.0]", 9, 1, &i, &n)   1, z+i is "-0.0", n 4
**
** Plain C, no SQL calls and no memory: unit-tested by
** tests/unit/jsonstrict_test.c (against SQLite's own json_valid where that
** is RFC 8259 too).
*/
#ifndef MLPSCALE_JSONSTRICT_H
#define MLPSCALE_JSONSTRICT_H

#include <stddef.h>

/* The deepest nesting of arrays and objects accepted: SQLite's own limit
** from 3.45 on (3.40 allows 2000), so that no engine refuses a text
** accepted here. */
#define JSON_STRICT_MAX_DEPTH 1000

/*
** 1 when z[0..n) is one JSON value (RFC 8259: white space is space, tab,
** LF and CR only; numbers -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?;
** strings without raw control characters and with the escapes \" \\ \/
** \b \f \n \r \t \uXXXX; true, false, null) nested at most
** JSON_STRICT_MAX_DEPTH deep, else 0. Bytes of 0x80 and above inside
** strings are taken as they are (SQLite does not check their UTF-8).
*/
int jsonStrictValid(const char *z, size_t n);

/*
** The first byte of z[0..n) that is not JSON white space (n when none).
*/
size_t jsonStrictSkipSpace(const char *z, size_t n, size_t i);

/*
** For a valid text (jsonStrictValid) whose value is an array: 1 with the
** span of its element iItem (from 0), the text as written, in
** z[*piStart .. *piStart + *pnLen); 0 when it has no such element or is
** not an array.
*/
int jsonStrictArrayItem(const char *z, size_t n, long long iItem,
                        size_t *piStart, size_t *pnLen);

#endif /* MLPSCALE_JSONSTRICT_H */
