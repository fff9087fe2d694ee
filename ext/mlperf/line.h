/*
** line.h: one MLLOG line (plain C, line.c): the payload after ":::MLLOG "
** checked as one JSON object with its top-level members found
** (mllogParseLine), v0.6's ":::MLL " lines (mllogParseMllLine), the
** Python-literal and non-finite readings some logs need, and a line's time.
** Nothing allocates but mllogMllObject.
*/
#ifndef MLPERF_LINE_H
#define MLPERF_LINE_H

#include "mlperf/json.h"

/* Largest |time_ms| of an MLLOG line (2^53 ms, some 285,000 years): a
** line with a time outside it is corrupt. */
#define MLLOG_TIME_MAX 9007199254740992.0

/* The marker that starts the JSON of an MLLOG line. */
#define MLLOG_MARKER ":::MLLOG "
#define MLLOG_MARKER_LEN 9

/* The marker of MLPerf Training v0.6 logs, whose lines are
** ":::MLL <unix seconds> <key>: {json}" (mllogParseMllLine). */
#define MLLOG_MLL_MARKER ":::MLL "
#define MLLOG_MLL_MARKER_LEN 7

/* Longest key of an MLL line. */
#define MLLOG_MLL_KEY_MAX 64


/* One MLLOG line: its payload checked and its top-level members found. */
typedef struct MllogLine MllogLine;
struct MllogLine {
  MllogSpan timeMs;     /* member values, as JSON text; z==0 when absent */
  MllogSpan eventType;
  MllogSpan key;
  MllogSpan value;
  MllogSpan metadata;
  int bKeyPlain;        /* key is a string known to hold no escape */
  int bTimeInt;         /* time_ms, if a number, has no fraction or exponent */
  int bSeconds;         /* an MLL line: timeMs holds Unix seconds, key points
                        ** at zMllKey (the line must not be copied) */
  char zMllKey[MLLOG_MLL_KEY_MAX+3];   /* an MLL line's key, in quotes */
  char zErr[128];       /* why the line is corrupt, when mllogParseLine fails */
};

/* Every member of p absent and every flag 0 (a field added above must be
** added here); the two buffers, written before they are read, are left as
** they are. Stores, not memset: clearing the whole line with memset (rep
** stos, 160 bytes) was 4% of a scan. */
static inline void mllogLineClear(MllogLine *p){
  static const MllogSpan none = {0, 0};
  p->timeMs = p->eventType = p->key = p->value = p->metadata = none;
  p->bKeyPlain = p->bTimeInt = p->bSeconds = 0;
}

/*
** Check payload z[0..n-1] (the text after the marker): one JSON object,
** nothing after it but whitespace, with a string "key" and a numeric
** "time_ms". Returns SQLITE_OK and fills p, or SQLITE_ERROR with p->zErr
** set.
*/
int mllogParseLine(const char *z, size_t n, MllogLine *p);
/* mllogParseLine, keeping the shapes of the lines taken in *pShapes (may
** be 0; MllogJsonShapes, below): for a caller that parses many lines on
** one thread. */
typedef struct MllogJsonShapes MllogJsonShapes;
int mllogParseLineWith(const char *z, size_t n, MllogLine *p,
                       MllogJsonShapes *pShapes);

/*
** Check the payload z[0..n-1] of a v0.6 line (the text after ":::MLL "):
** "<time> <key>: {...}", the time a JSON number of Unix seconds, the key
** word up to ": " (no space, control byte, quote or backslash), then text from '{' to a last '}', as the v0.6 result
** summarizer's regular expression ':::MLL (.*) run_start: {.*}' reads it.
** value and metadata are found when that text is one JSON object (some
** logs write Python's repr there: the line still counts, without them).
** Returns SQLITE_OK and fills p (bSeconds set), or SQLITE_ERROR with
** p->zErr set.
*/
int mllogParseMllLine(const char *z, size_t n, MllogLine *p);

/*
** A systems file of v0.6 written as MLL lines "<key>: {"value": v, ...}"
** (NVIDIA's), every non-blank line one such (key: letters, digits, _) and
** at least one: the JSON object {"<key>": v, ...} (v null when the line's
** object has no "value"), in file order, into *pzOut (sqlite3_malloc64'd,
** *pnOut bytes). SQLITE_OK, SQLITE_DONE when z is not such a file, or
** SQLITE_NOMEM.
*/
int mllogMllObject(const char *z, size_t n, char **pzOut, size_t *pnOut);

/*
** In z[0..n-1], text of a Python literal (repr of a dict), the first
** "'<zName>': " followed by a quoted string without escapes ('...') or
** by an unquoted literal (a number), up to the next ',' or '}' without
** trailing spaces: 1 with *pzVal, *pnVal its text (without quotes), else 0.
** How the "entry" of a v0.6 MLL systems file gives its nodes.
*/
int mllogPyField(const char *z, size_t n, const char *zName,
                 const char **pzVal, size_t *pnVal);

/*
** Python's json (which MLCommons' parser uses) reads NaN, Infinity and
** -Infinity as numbers; RFC 8259 does not. mllogPyNonFinite rewrites each
** such token outside strings of payload z[0..n-1], in place and at the same
** length, into a JSON string (NaN as "N", Infinity as "Infini", -Infinity
** as "-Infini"), so that mllogParseLine accepts the line while every such
** value stays a non-number: no range a target or count asks for holds for
** a non-finite value, in Python as here. Returns the tokens rewritten.
*/
int mllogPyNonFinite(char *z, size_t n);

/* The time of a line that mllogParseLine or mllogParseMllLine accepted, in
** ms (an MLL line's seconds times 1000). */
double mllogLineTimeMs(const MllogLine *p);

/* The time as the line writes it: ms, or an MLL line's seconds. */
double mllogLineTime(const MllogLine *p);

/*
** The shapes of the last lines the fast path took (level
** MLLOG_JSON_FAST_SHAPE, json.h). A line's shape is the class of each of
** its tokens in order (its byte; digits and '-' as '0'). Two lines of one
** shape are walked alike by the fast path, but for the content of their
** scalars and of their top-level names: so a line of a shape taken
** recently (most lines of a log share a few) needs no walk; its scalars
** are checked and its members recorded from the shape. A caller that
** checks many lines on one thread keeps one MllogJsonShapes and passes it
** with each line. Zero it before the first use; it holds no pointer.
** The fields are jsoncheck.c's.
*/
#define MLLOG_SHAPE_TOK     128   /* most tokens of a line with a shape */
#define MLLOG_SHAPE_MEMBER  8     /* most top-level members */
#define MLLOG_SHAPES        8     /* shapes kept */
typedef struct MllogShape MllogShape;
struct MllogShape {
  int iEnd;                  /* the token that closes the top-level object */
  int nScalar;               /* numbers and literals before iEnd, in order */
  unsigned char aScalar[MLLOG_SHAPE_TOK];
  int nMember;               /* top-level members */
  struct {
    unsigned char iName;     /* the name's token (the value is at iName+2) */
    unsigned char iAfter;    /* the ',' or '}' after the value */
    unsigned char ePlain;    /* the walk's bValPlain there: 0, 1, or 2 when
                             ** it is that of the number at token iPlain */
    unsigned char iPlain;
  } aMember[MLLOG_SHAPE_MEMBER];
  unsigned char aCls[MLLOG_SHAPE_TOK];
};
struct MllogJsonShapes {
  int anTok[MLLOG_SHAPES];   /* tokens of each shape (0: none kept) */
  int iNext;                 /* the shape the next one replaces */
  int iLast;                 /* the shape found or kept last */
  MllogShape a[MLLOG_SHAPES];
};

/*
** mllogJsonCheck (jsoncheck.c) that, when z holds one object, records in
** *pTop the members MllogLine holds as it validates them (one pass): how
** mllogParseLine checks a payload. pTop may be 0; pShapes may be 0 (no
** shape kept).
*/
int mllogJsonCheckLine(const char *z, size_t n, size_t *pnUsed,
                       char *zErr, size_t nErr, MllogLine *pTop,
                       MllogJsonShapes *pShapes);

/*
** The fast path of mllogJsonCheckLine alone (json.h, mllogJsonFastLevel):
** 1 when it takes z[0..n-1], one JSON object with whitespace around it
** allowed, at most 4 KB, without escape, tab or byte below 0x20 or above
** 0x7f; then *pnUsed and *pTop are exactly what mllogJsonCheckLine's
** complete check sets. 0 for every other line, valid or not (*pTop then
** perhaps half filled), and always at level MLLOG_JSON_FAST_OFF. pTop must
** not be 0; pShapes may be.
*/
int mllogJsonCheckFast(const char *z, size_t n, size_t *pnUsed,
                       MllogLine *pTop, MllogJsonShapes *pShapes);

#endif /* MLPERF_LINE_H */
