/*
** json.h: the JSON layer of the MLLOG reader (plain C): the validator
** (jsoncheck.c) and the readers of validated text (json.c).
**
** mllogJsonCheck() validates one JSON value completely (RFC 8259: objects,
** arrays, strings with every escape including \u surrogate pairs, numbers
** in every form, true/false/null) with a nesting limit, and
** mllogJsonMember()/mllogJsonString()/mllogJsonNumber() read parts of text
** that has been validated. Nothing allocates.
**
** Return codes follow the project's convention (docs/ARCHITECTURE.md):
** SQLite's result codes, details through out-parameters (zErr); predicates
** (mllogJsonMember, mllogJsonStringIs, mllogJsonNumber) answer 1 or 0.
*/
#ifndef MLPERF_JSON_H
#define MLPERF_JSON_H

#include "sqlite3ext.h"
#include <stddef.h>

/* Deepest nesting of arrays/objects accepted in one MLLOG line. */
#define MLLOG_JSON_MAX_DEPTH 512

/* A span of JSON text inside a line: z[0..n-1]. z==0 when absent. */
typedef struct MllogSpan MllogSpan;
struct MllogSpan {
  const char *z;
  size_t n;
};

/*
** Validate the JSON value at the start of z[0..n-1] (leading whitespace
** allowed). On success returns SQLITE_OK and sets *pnUsed to the bytes
** consumed (value only, trailing whitespace not included). On failure
** returns SQLITE_ERROR and
** writes a message (at most nErr bytes, NUL-terminated) to zErr, naming the
** byte offset of the fault.
*/
int mllogJsonCheck(const char *z, size_t n, size_t *pnUsed,
                   char *zErr, size_t nErr);

/*
** mllogJsonCheckLine (line.h) first tries a fast path that classifies a
** whole line 64 bytes at a time and takes the common lines (no escape, no
** byte above 0x7f or below 0x20, at most 4 KB); every other line, and every
** error, is jsonCheck's, so both give the same verdicts, messages and
** members. The classification is written for three instruction sets;
** mllogJsonFastLevel picks one for the process: MLLOG_JSON_FAST_BEST (the
** best this CPU has; the default, chosen at the first line), or one named,
** or MLLOG_JSON_FAST_OFF (jsonCheck alone). Returns the level now in use,
** or -1 (nothing changed) when this build or CPU does not have it. For the
** tests and the fuzz target, which compare the levels.
*/
#define MLLOG_JSON_FAST_BEST  (-1)
#define MLLOG_JSON_FAST_OFF     0
#define MLLOG_JSON_FAST_SSE2    1
#define MLLOG_JSON_FAST_AVX2    2
#define MLLOG_JSON_FAST_AVX512  3
#define MLLOG_JSON_FAST_SHAPE   4  /* AVX512, and a line of a shape kept
                                   ** taken without the walk (AVX-512
                                   ** VBMI2; MllogJsonShapes, line.h) */
int mllogJsonFastLevel(int eLevel);

/* Length of the validated JSON value at z (no leading whitespace). */
size_t mllogJsonSkip(const char *z, size_t n);

/*
** In a validated JSON object pObj, find member zName (raw comparison of
** the unescaped name, last duplicate wins as in Python). Returns 1 and sets
** *pVal to the member's value text, or 0 when pObj is not an object or has
** no such member.
*/
int mllogJsonMember(const MllogSpan *pObj, const char *zName, MllogSpan *pVal);

/*
** Decode the validated JSON string s (with its quotes) into zOut, which
** must hold at least s.n bytes (decoded text is never longer than its JSON
** form). Escapes become UTF-8; \u surrogate pairs one code point; a lone
** surrogate U+FFFD; U+0000 (\u0000) the 6 characters \u0000, so that the
** text holds no NUL (C string functions and SQLite's text functions then
** see all of it). Returns the length written (zOut is NUL-terminated
** when s.n > the length), or -1 when s is not a string.
*/
long long mllogJsonString(const MllogSpan *s, char *zOut);

/*
** Decode the validated JSON string s into zOut (nOut bytes, nOut > 0) as
** mllogJsonString does, cut to at most nOut-1 bytes at a character
** boundary (never the first bytes of a character alone), NUL-terminated.
** Returns the length written, or -1 when s is not a string.
*/
long long mllogJsonStringCut(const MllogSpan *s, char *zOut, size_t nOut);

/*
** 1 if s is the JSON string (quotes, escapes decoded) equal to zText.
*/
int mllogJsonStringIs(const MllogSpan *s, const char *zText);

/*
** Read the validated JSON number s into *pr (and *pbInt: 1 when it has no
** fraction or exponent and fits 64 bits, then *piVal holds it). Returns 0
** when s is not a number, or not a finite one (mllogJsonCheck refuses
** numbers too large for a double: no infinity is read from a file).
*/
int mllogJsonNumber(const MllogSpan *s, double *pr, int *pbInt,
                    sqlite3_int64 *piVal);

/* Skip a validated string starting at z[i]=='"': the offset after it. */
size_t mllogJsonSkipString(const char *z, size_t n, size_t i);

/*
** Decode the element of validated JSON string text that starts at z[i]
** (i < n, n the offset of the closing quote): one byte as it is, or one
** escape (a \u surrogate pair: one code point). Writes its bytes (at most
** 6) to zOut, sets *pnOut, returns the offset after it (json.c and
** hash.c read strings so). eMode:
**   MLLOG_STEP_TEXT  a lone surrogate becomes U+FFFD, and U+0000 the 6 characters
**              \u0000 (text in a C buffer or a column never stops at a NUL,
**              and is compared over its whole length);
**   MLLOG_STEP_WTF8  a lone surrogate gives its own 3-byte form and U+0000 a NUL
**              byte (so that "\ud800" and "\ufffd", or "\u0000" and
**              "\\u0000", different strings to Python, stay different when
**              hashed);
**   MLLOG_STEP_EXACT U+FFFD for a lone surrogate, a NUL byte for U+0000 (for
**              comparing with a C string: a NUL then never matches).
*/
#define MLLOG_STEP_TEXT  0
#define MLLOG_STEP_WTF8  1
#define MLLOG_STEP_EXACT 2
size_t mllogJsonStringStep(const char *z, size_t n, size_t i, char *zOut,
                           int *pnOut, int eMode);

/* The offset of the first byte at or after i of z[0..n-1] that is not JSON
** white space (space, \t, \n, \r), or n. */
size_t mllogJsonSkipSpace(const char *z, size_t n, size_t i);

/* The characters of JSON's grammar, for the files of this layer. */
static inline int jsonIsSpace(char c){
  return c==' ' || c=='\t' || c=='\n' || c=='\r';
}

static inline int jsonIsDigit(char c){
  return c>='0' && c<='9';
}

static inline int jsonHexVal(char c){
  if( c>='0' && c<='9' ) return c-'0';
  if( c>='a' && c<='f' ) return c-'a'+10;
  if( c>='A' && c<='F' ) return c-'A'+10;
  return -1;
}

#endif /* MLPERF_JSON_H */
