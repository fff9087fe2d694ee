/*
** mllog.h: the MLPerf MLLOG reader of mlpscale (ext/mlperf/mllog.c), plain C.
**
** Three layers, each usable on its own (and fuzzed/unit-tested on its own):
**
**   1. JSON: mllogJsonCheck() validates one JSON value completely (RFC 8259:
**      objects, arrays, strings with every escape including \u surrogate
**      pairs, numbers in every form, true/false/null) with a nesting limit,
**      and mllogJsonMember()/mllogJsonString()/mllogJsonNumber() read parts
**      of text that has been validated.
**   2. Lines: an MllogReader streams a file through one buffer of fixed size
**      and yields the MLLOG lines: any line holding ":::MLLOG " (the text
**      after the LAST marker is the payload, as MLCommons' parser does; lines
**      end at \n, \r\n or \r as in Python's universal newlines).
**      mllogParseLine() checks a payload and finds its members.
**   3. Rules: an MllogRun accumulates the lines of one log and decides, as
**      MLCommons' compliance checker does, whether the run converged.
**
** Memory: a reader allocates its buffer once (sqlite3_malloc64); nothing
** else allocates. Memory does not grow with the file or line size: a line
** whose payload does not fit the buffer is reported as SQLITE_TOOBIG.
**
** Return codes follow the project's convention (docs/ARCHITECTURE.md):
** SQLite's result codes, details through out-parameters (zErr, eErrno);
** predicates (mllogJsonMember, mllogJsonStringIs, mllogJsonNumber,
** mllogRunVerdict) answer 1 or 0.
*/
#ifndef MLLOG_H
#define MLLOG_H

#include "sqlite3ext.h"
#include "mlperf/rules.h"
#include <stddef.h>
#include <stdio.h>

/* Deepest nesting of arrays/objects accepted in one MLLOG line. */
#define MLLOG_JSON_MAX_DEPTH 512

/* Default (and largest) buffer of a reader: the longest MLLOG payload. */
#define MLLOG_LINE_MAX (1024*1024)

/* Bytes read from the file at a time (the buffer can be larger). */
#define MLLOG_READ_CHUNK (128*1024)
/* Reads land on addresses aligned to this many bytes. */
#define MLLOG_ALIGN 64

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
** A 64-bit hash of the validated JSON value s that follows Python's
** equality of the values json.loads gives (MLCommons' checker compares
** repeated keys so): numbers by value (1 == 1.0 == 1e0, 0.000001 ==
** 1e-06, integers of any size exactly), true == 1 and false == 0, strings
** after decoding ("\u0044ell" == "Dell"), arrays element by element,
** objects by their members in any order. Values that differ get
** different hashes but by chance (2^-64). One difference: an object that
** repeats a member name counts every copy (Python keeps the last). 0 when
** s is absent.
*/
sqlite3_uint64 mllogJsonHash(const MllogSpan *s);

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

/* ---- lines ---- */

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

/*
** Check payload z[0..n-1] (the text after the marker): one JSON object,
** nothing after it but whitespace, with a string "key" and a numeric
** "time_ms". Returns SQLITE_OK and fills p, or SQLITE_ERROR with p->zErr
** set.
*/
int mllogParseLine(const char *z, size_t n, MllogLine *p);

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

typedef struct MllogReader MllogReader;
struct MllogReader {
  int fd;                  /* the open file, or -1 */
  char *aBuf;              /* the allocation: nBuf + MLLOG_ALIGN + 1 bytes */
  char *aData;             /* the data window in aBuf: nBuf bytes plus one
                           ** for a terminating NUL; offsets count from here */
  size_t nBuf;
  size_t iPos;             /* start of unprocessed data in aBuf */
  size_t iEnd;             /* end of data in aBuf */
  size_t iScan;            /* markers before iScan were already searched */
  size_t iMarkAt;          /* first marker at or after the search point, or
                           ** iEnd; valid while bMarkKnown (until a read) */
  int bMarkKnown;
  int bMll;                /* lines are v0.6's ":::MLL " (mllogReaderSetMll) */
  size_t nMarker;          /* the marker's length */
  int bNoLines;            /* set by the caller: skip lines without a marker
                           ** unseen, line numbers are then not counted */
  long long iMark;         /* offset of the last marker of this line, or -1 */
  int bTooLong;            /* this line had a marker whose payload overflowed */
  int bPrevCR;             /* the last line ended with \r (a \n may follow) */
  int bEof;                /* read() hit the end of the file */
  int eErrno;              /* after SQLITE_IOERR: errno of the failed open
                           ** or read, or MLLOG_ENOTREG (not a regular
                           ** file) or MLLOG_ETOOBIG (larger than
                           ** nMaxBytes); else 0 */
  sqlite3_int64 iLine;     /* lines completed so far */
  /* Set by the caller after mllogReaderOpen, kept by mllogReaderReopen: */
  sqlite3_int64 nMaxBytes; /* a file larger than this (by its size or by
                           ** what was read) fails (MLLOG_ETOOBIG) before
                           ** more is read; 0: no limit */
  const char *zLimitName;  /* how the caller names that limit, for the
                           ** error text (may be 0) */
  int (*xStop)(void*);     /* asked about every 2 MiB read: non-zero fails
                           ** the read with SQLITE_INTERRUPT (may be 0) */
  void *pStopArg;
  sqlite3_int64 nSize;     /* the file's size when opened */
  sqlite3_int64 nRead;     /* bytes read from it so far */
  char zErrText[96];       /* mllogReaderErrorText of MLLOG_ETOOBIG */
};

/* eErrno values of our own (errno values are positive). */
#define MLLOG_ENOTREG (-1) /* a device, FIFO or socket, refused */
#define MLLOG_ETOOBIG (-2) /* larger than nMaxBytes */

/* Why the open or read failed, as text ("No such file or directory"). */
const char *mllogReaderErrorText(const MllogReader *p);

/*
** Open zPath for reading with a buffer of nBuf bytes (0: MLLOG_LINE_MAX;
** at least 64; zPath 0: the buffer only, no file yet). Returns SQLITE_OK,
** SQLITE_IOERR (eErrno says why) or SQLITE_NOMEM. mllogReaderClose must be
** called either way.
*/
int mllogReaderOpen(MllogReader *p, const char *zPath, size_t nBuf);

/*
** Next MLLOG line. Returns SQLITE_ROW with *pz and *pn set to the payload
** (valid until the next call; z[n] is writable) and *piLine to its 1-based
** line number; SQLITE_TOOBIG for an MLLOG line whose payload exceeds the
** buffer (only *piLine set); SQLITE_DONE at the end of the file;
** SQLITE_IOERR when a read fails or the file exceeds nMaxBytes (eErrno
** says why); SQLITE_INTERRUPT when xStop said stop.
*/
int mllogReaderNext(MllogReader *p, char **pz, size_t *pn,
                    sqlite3_int64 *piLine);

/*
** Close the current file and open zPath, keeping the buffer (and
** bNoLines, nMaxBytes, zLimitName, xStop, pStopArg). Returns as
** mllogReaderOpen does.
*/
int mllogReaderReopen(MllogReader *p, const char *zPath);

void mllogReaderClose(MllogReader *p);

/* Read v0.6's ":::MLL " lines (bMll 1) or ":::MLLOG " lines (0, the
** default); kept by mllogReaderReopen. */
void mllogReaderSetMll(MllogReader *p, int bMll);

/* ---- rules ---- */

/* Most distinct samples_count values tracked for stable_diffusion. */
#define MLLOG_SD_MAX 256

/*
** Rulesets: the rules of each MLPerf Training round (0.6.0 ...) as MLCommons'
** compliance checker and result summarizer of that round apply them
** (mlcommons/logging at the round's tag): quality targets, the init limit,
** the keys a log must hold, the runs the olympic mean may drop; then MLPerf
** HPC's 'hpc_0.7.0' ... 'hpc_3.0.0' (suite RULES_SUITE_HPC*). They are the
** registry's (rules.h); these read it for the parser's callers.
*/
int mllogRulesetCount(void);
/* The suite (RULES_SUITE_*) of ruleset i, or -1 out of range. */
int mllogRulesetSuite(int i);
/* Index of Training's newest ruleset (the rules of a run read without one). */
int mllogRulesetNewest(void);
/* Name of ruleset i ("4.1.0"), or 0 out of range. */
const char *mllogRulesetName(int i);
/* Index of the ruleset named zName, or -1. */
int mllogRulesetFind(const char *zName);
/* 1 when ruleset i reads v0.6's ":::MLL " lines and scores every run with
** a run_start and a run_stop (0.6.0), else 0. */
int mllogRulesetMll(int i);
/* The benchmark a folder zBench is scored as under ruleset i: the v0.6
** summarizer's alias "mask" -> "maskrcnn" under 0.6.0, else zBench. */
const char *mllogBenchName(const char *zBench, int iRuleset);
/* Non-converged runs the official score may drop for zBench (mlperf_score's
** max_dropped): 4 for unet3d, else 1. */
int mllogMaxDropped(const char *zBench, int iRuleset);

/* The rules of one (ruleset, benchmark), for listing (mlperf_rules). */
typedef struct MllogRuleInfo MllogRuleInfo;
struct MllogRuleInfo {
  const char *zRuleset, *zBench;
  int bTarget;                  /* 0: no quality target checked */
  char zTarget[96];             /* the target, as text (bTarget) */
  int bTargetOpen;              /* the open division has a target of its own */
  char zTargetOpen[96];         /* ... as text (bTargetOpen) */
  int nMaxDropped;
  double rInitClosed, rInitOpen;  /* minutes */
  const char *zRequiredClosed;  /* "key key+ ...": once (or repeated with
                                ** the same value) / at least once; 0:
                                ** no key checked (0.6.0) */
  const char *zRequiredOpen;    /* 0: no open-division rules */
  const char *zLogging;         /* mlcommons/logging tag or commit */
  int nRunsRequired;            /* MLPerf HPC: the result files
                                ** benchmark_meta.py asks for, which a
                                ** weak-scaling score needs converged; 0
                                ** for Training (not read) */
  const char *zProgressUnit;    /* converged_at's unit (mllogConvUnit):
                                ** "epochs", "samples", "steps"; 0: no RCPs */
  const RulesSet *pSet;         /* the rest of the registry's rules */
  const RulesBench *pBench;     /* (never 0 for a listed rule) */
};
int mllogRuleCount(void);
/* Fill *p with rule iRule (0..mllogRuleCount()-1); 0 when out of range. */
int mllogRuleGet(int iRule, MllogRuleInfo *p);

/* Longest required key (with its NUL) and most keys one run tracks. */
#define MLLOG_KEY_LEN 48
#define MLLOG_KEYS_MAX 64

typedef struct MllogKeyCount MllogKeyCount;
struct MllogKeyCount {
  char zKey[MLLOG_KEY_LEN];
  int eNeed;                  /* bits: 1 closed once, 2 open once,
                              ** 4 closed at least once, 8 open at least once */
  int nSeen;
  int bDiffer;                /* seen with two different values */
  sqlite3_uint64 hFirst;      /* mllogJsonHash of the first value */
};

typedef struct MllogSdEval MllogSdEval;
struct MllogSdEval {
  double rSamples;
  int bFid;             /* an FID value <= 90.0 at this samples_count */
  int bClip;            /* a CLIP value in [0.15, 1.0] at this samples_count */
};

/* The precision keys (linear, attn, comm) and the layout keys. */
#define MLLOG_PREC_N 3
#define MLLOG_PREC_LEN 32
#define MLLOG_LAYOUT_N 5
extern const char *const mllogPrecKey[MLLOG_PREC_N];   /* "linear", ... */
extern const char *const mllogLayoutKey[MLLOG_LAYOUT_N]; /* "tensor_parallelism", ... */

typedef struct MllogRun MllogRun;
struct MllogRun {
  int iRuleset;               /* -1: no ruleset (each benchmark's newest
                              ** target, no required keys) */
  const RulesTarget *pTarget; /* the target of the benchmark folder, or 0 */
  int bKnown;                 /* the ruleset names the benchmark folder */
  const char *zReqClosed;     /* its required keys per division (rulesRequired), */
  const char *zReqOpen;       /* or 0 */
  int nKey;
  MllogKeyCount aKey[MLLOG_KEYS_MAX];   /* sorted by zKey */
  unsigned char aKeySlot[2*MLLOG_KEYS_MAX]; /* hash table: 1 + index into
                              ** aKey, 0 empty (mllogRunLine's lookup) */
  sqlite3_int64 nLines;       /* MLLOG lines (corrupt ones included) */
  sqlite3_int64 nCorrupt;
  int nRunStart, nRunStop;
  double rRunStart, rRunStop; /* first of each, in ms */
  int bSeconds;               /* MLL lines: rStartS, rStopS hold them */
  double rStartS, rStopS;     /* ... as the lines write them, in seconds */
  int bInitStart;
  double rInitStartMin;       /* earliest init_start so far */
  int bInitChecked;           /* an init_stop followed an init_start */
  double rInitWorst;          /* largest init_stop - earliest init_start */
  int bStatus;                /* the first run_stop had a status */
  int bSuccess;               /* ... and it is exactly the string "success" */
  char zStatus[64];
  int bDivision;               /* zDivision holds the first division seen */
  char zDivision[32];
  int bBatch;
  double rBatch;              /* global_batch_size */
  int bBatchInt;
  sqlite3_int64 iBatch;
  int bEval;
  double rEval;               /* last numeric eval_accuracy */
  int bEvalError;
  double rEvalError;          /* last numeric eval_error */
  int bStagingStart;          /* a staging_start line was seen */
  int bStagingEarly;          /* ... before any run_start */
  int bStagingStopFirst;      /* a staging_stop before any staging_start */
  int bNodes, bPerNode;
  double rNodes, rPerNode;    /* first numeric number_of_nodes and
                              ** accelerators_per_node (MLPerf HPC) */
  int bReached;               /* some eval_accuracy met the target */
  const RulesTarget *pOpenTarget; /* the open division's target where it is
                              ** not pTarget (rulesOpenTarget), else 0 */
  int bReachedOpen;           /* some eval_accuracy met it */
  const RulesEvalAt *pEvalAt; /* where the evaluations must be, or 0 */
  /* What a log states of its numerics and parallel layout (6.0.0 on):
  ** lowest_numerical_precision_in_{linear,attn,comm} (or, as some logs
  ** write them, lowest_numerical_precision_{linear,attn,comm}: the first
  ** spelling wins where both are written), the first value of each. */
  char aPrec[MLLOG_PREC_N][MLLOG_PREC_LEN];
  int ePrecFrom[MLLOG_PREC_N];  /* 0 none, 1 the _in_ key, 2 the other */
  int ePrecSpelling;          /* bits: 1 an _in_ key was seen, 2 the other */
  int iPrecBad;               /* 1 + the first _in_ key whose value the
                              ** ruleset does not allow, else 0 */
  int aLayoutSet[MLLOG_LAYOUT_N];
  double aLayout[MLLOG_LAYOUT_N]; /* tensor_, pipeline_, context_,
                              ** expert_parallelism, micro_batch_size */
  int aLayoutInt[MLLOG_LAYOUT_N];
  sqlite3_int64 aLayoutI64[MLLOG_LAYOUT_N];
  int iLayoutBad;             /* 1 + the first layout key whose value is no
                              ** integer (is_integer), else 0 */
  sqlite3_int64 nEvalAt;      /* eval_accuracy lines checked against it */
  int bEvalAtFail;            /* one was elsewhere (closed division) */
  int bEvalRangeFail;         /* one's value was outside [0, 1] (EVERY) */
  int nSd;
  MllogSdEval aSd[MLLOG_SD_MAX];
};

/*
** A fingerprint of a log's content, 64 bits: every MLLOG payload in order,
** except lines whose key starts with "submission_" (a log copied into
** another round under another organisation's name keeps its fingerprint).
** Each payload is hashed by XXH64 (utilXxh64, seed 0, eight bytes a step);
** the state folds the payloads' hashes in order (utilXxh64Step) and counts
** their bytes; the value is the avalanche of the folded hash plus that
** count, so logs of different lengths differ in the count as well.
** Start with mllogFingerprintInit; pLine is the line parsed (0 when it
** could not be: it is hashed whole).
*/
typedef struct MllogFingerprint MllogFingerprint;
struct MllogFingerprint {
  sqlite3_uint64 h;           /* the payload hashes, folded in order */
  sqlite3_uint64 nByte;       /* the payloads' bytes, in all */
};
void mllogFingerprintInit(MllogFingerprint *p);
void mllogFingerprintLine(MllogFingerprint *p, const char *z, size_t n,
                          const MllogLine *pLine);
sqlite3_uint64 mllogFingerprintValue(const MllogFingerprint *p);

/* Start a run for benchmark folder name zBench under ruleset iRuleset
** (mllogRulesetFind; -1: the newest target of each benchmark, no required
** keys, the init limits of 2.0.0 on). */
void mllogRunInit(MllogRun *p, const char *zBench, int iRuleset);

/* Account for one MLLOG line: parsed (pLine) or corrupt (pLine==0). */
void mllogRunLine(MllogRun *p, const MllogLine *pLine);

/*
** The run's minutes, (run_stop - run_start) / 60000 of its first of each,
** or for MLL lines (stop - start) / 60 in seconds as the v0.6 summarizer
** computes it: 1 with *pr, or 0 when either is missing or stop < start.
*/
int mllogRunMinutes(const MllogRun *p, double *pr);

/*
** Apply the rules. Returns 1 when converged (zReason set to ""), else 0
** with the reason (malformed_line, missing_run_start, ...,
** unknown_benchmark: a folder the ruleset has no rules for,
** missing_key:<key>, conflicting_key:<key>) in zReason.
*/
int mllogRunVerdict(const MllogRun *p, char *zReason, size_t nReason);

/*
** The quality target of benchmark zBench under ruleset iRuleset (-1: the
** newest) as text into z (size nz): 1, or 0 when the benchmark is not
** checked. The unit test asks it; mlperf_rules reads mllogRuleGet.
*/
int mllogTargetText(const char *zBench, int iRuleset, char *z, int nz);

/* ---- the RCP checker's reading: converged_at ---- */

/*
** What MLCommons' rcp_checker reads from one log (read_submission_file, or
** before 3.0.0 the loop of get_submission_epochs, at the round's tag; see
** docs/mlperf.md "converged_at"): the progress at convergence, in the
** benchmark's unit, or nothing when the run did not converge in its sense
** (the checker's 1e9) or the checker would fail on the log.
**
** The checker matches substrings of the raw line ("eval_accuracy" in str),
** so mllogConvLine takes the payload text as well as the parsed line.
*/

/* Most distinct evaluation steps of one stable_diffusion log tracked. */
#define MLLOG_CONV_STEPS 256


typedef struct MllogConvStep MllogConvStep;
struct MllogConvStep {
  double rStep;               /* the step (or samples_count) of the evals */
  double rFid, rClip;         /* the last value of each metric there */
  unsigned char eFid, eClip;  /* 0 not logged, 1 a number, 2 a value no
                              ** number compares with (the checker fails) */
};

/* The reading of one kind of eval line (before 3.0.0 a log is read by its
** eval_error lines when it has one, else by its eval_accuracy lines). */
typedef struct MllogConvMode MllogConvMode;
struct MllogConvMode {
  int bFail;                  /* the checker fails reading these lines */
  int eProgress;              /* 0 none yet, 1 rProgress, 2 not a number */
  double rProgress;           /* progress of the last eval line */
  int bRound;                 /* rProgress is to be rounded to 3 decimals
                              ** (done once, by mllogConvResult) */
  int ePrev;                  /* the eval before: 0 none, 1 rPrev, 2 not a
                              ** number */
  double rPrev;               /* progress of the last eval line whose
                              ** progress differs from rProgress */
  int eResult;                /* at the last run_stop: 0 none, 1 converged
                              ** at rResult, 2 not converged (1e9), 3 not
                              ** a number */
  double rResult;
  int bRoundResult;           /* rResult is to be rounded */
  int eAfter;                 /* at that run_stop, the eval before the
                              ** converging one: as ePrev */
  double rAfter;
};

typedef struct MllogConv MllogConv;
struct MllogConv {
  int iRules;                 /* the checker of the ruleset, or -1: none */
  int eUnit;                  /* RULES_UNIT_* (rules.h) of converged_at;
                              ** RULES_UNIT_NONE: no RCPs for the benchmark */
  int bFail;                  /* the checker fails (or reads a line this
                              ** reader cannot parse or hold) */
  int bEvalError;             /* some line holds "eval_error" */
  int nStop;                  /* run_stop lines the checker counted */
  int eBench;                 /* the logged submission_benchmark: 0 other,
                              ** 1 stable_diffusion, 2 read by samples_count */
  MllogConvMode aMode[2];     /* [0] eval_accuracy (from 3.0.0 either),
                              ** [1] eval_error */
  int nStep;
  MllogConvStep aStep[MLLOG_CONV_STEPS];
};

/* Start reading a log of benchmark folder zBench under ruleset iRuleset
** (mllogRulesetFind; -1 or a ruleset without an RCP checker: nothing). */
void mllogConvInit(MllogConv *p, const char *zBench, int iRuleset);

/*
** Account for one MLLOG line: its payload z[0..n-1] (the text after the
** last marker; z==0 when it was too long to hold) and the line parsed
** (pLine, or 0 when mllogParseLine refused it).
*/
void mllogConvLine(MllogConv *p, const char *z, size_t n,
                   const MllogLine *pLine);

/*
** The progress at convergence: 1 and *pr, or 0 when there is none (no
** checker or RCPs, not converged, or the checker would fail).
*/
int mllogConvResult(const MllogConv *p, double *pr);

/*
** The progress of the evaluation before the converging one (the largest
** evaluated progress below converged_at; in a log read line by line, the
** last eval line whose progress differs from the converging one's), in
** the same unit and rounding: 1 and *pr, or 0 when mllogConvResult has no
** value, when no earlier evaluation was logged, or when that progress is
** not a number below converged_at. The run converged somewhere in
** (*pr, converged_at]: evaluations are the only points where it is seen.
*/
int mllogConvAfter(const MllogConv *p, double *pr);

/* "epochs", "samples", "steps", or 0 (eUnit 0). */
const char *mllogConvUnit(const MllogConv *p);

/* Python's round(x, 3): correctly rounded, ties to even on the exact
** binary value. */
double mllogRound3(double x);

/* ---- energy ---- */

/*
** The power logs beside a run (power/<run>/node_*.txt and sw_*.txt, MLLOG
** lines) give its energy as MLCommons' result summarizer computes it
** (_compute_power_node, _compute_power_sw): for a node file, the lines
** sorted by time, each power_reading between power_measurement_start and
** power_measurement_stop times the time since the previous reading,
** summed, times conversion_eff (1.0 when absent), scaled to the run's
** time-to-train (ttt / (stop - start)); for a switch file,
** conversion_eff x interconnect_power_est x ttt. Watts x ms / 1000: joules.
**
** Memory: a node file already in time order (as every published one is)
** is summed as it is read, in constant memory. One that is not
** (bUnsorted) must be read again with bSort set: its lines are then held
** (24 bytes each, at most nMaxSort of them) and sorted.
*/
typedef struct MllogPowerLine MllogPowerLine;
struct MllogPowerLine {
  double rTime;
  double rValue;
  int eKey;                 /* MLLOG_POWER_* */
  int iSeq;                 /* file order, for ties in time */
};
#define MLLOG_POWER_START      1   /* power_measurement_start */
#define MLLOG_POWER_STOP       2   /* power_measurement_stop */
#define MLLOG_POWER_READING    3   /* power_reading */
#define MLLOG_POWER_CONV       4   /* conversion_eff */
#define MLLOG_POWER_SWITCH     5   /* interconnect_power_est */

/* Most lines of interest a node log out of time order may have (held to be
** sorted: 96 MiB); more make its energy unknown. */
#define MLLOG_POWER_SORT_MAX (4*1024*1024)

/* Largest energy of a run, in joules: one larger is unknown (and the
** official score, times a scaling factor of at most 1000, stays finite). */
#define MLLOG_ENERGY_MAX 1e300

/* A node file's sum, line by line in time order. */
typedef struct MllogPowerSum MllogPowerSum;
struct MllogPowerSum {
  int bStart, bStop, bLast;   /* bLast: a reading counted (rLast is set) */
  double rPrev, rLast, rStart, rStop, rAgg, rConv;
};

typedef struct MllogPower MllogPower;
struct MllogPower {
  /* Set by the caller, kept by mllogPowerReset: */
  int bSort;                /* hold the lines to sort them (a node log found
                            ** out of time order, read again) */
  int nMaxSort;             /* most lines held (0: MLLOG_POWER_SORT_MAX) */
  /* The file read: */
  MllogPowerLine *a;        /* lines held when bSort (sqlite3_malloc64) */
  int n, nAlloc;
  int bBad;                 /* a line of interest without a number >= 0,
                            ** or an MLLOG line that cannot be parsed */
  int bUnsorted;            /* a line earlier than the one before it */
  int bTooMany;             /* more than nMaxSort lines to hold */
  int nLine;                /* lines of interest so far */
  double rTime;             /* the time of the last one */
  MllogPowerSum sum;        /* node: the lines in time order, as read */
  int bSwitch;              /* switch: interconnect_power_est seen */
  double rSwConv, rSwPower; /* switch: conversion_eff before it, and it */
};

/* Forget the lines of the last file (the memory is kept). */
void mllogPowerReset(MllogPower *p);
void mllogPowerFree(MllogPower *p);
/* Account for pLine if it is one of the keys above. SQLITE_OK or
** SQLITE_NOMEM. power_reading, conversion_eff and interconnect_power_est
** must be numbers >= 0 (else bBad). */
int mllogPowerLine(MllogPower *p, const MllogLine *pLine);
/*
** The joules of the node file read (rTttMs: the run's time-to-train in
** ms). Returns SQLITE_OK and sets *pr, or SQLITE_ERROR when the summarizer
** would fail on the file (no power_measurement_start, a reading without a
** number, no time between start and stop), an MLLOG line of it cannot be
** parsed (bBad) or the energy would not be a
** number from 0 to MLLOG_ENERGY_MAX (a value out of range, rTttMs < 0,
** more than nMaxSort lines to sort). Call only when !bUnsorted or bSort.
*/
int mllogPowerNode(MllogPower *p, double rTttMs, double *pr);
/* The joules of the switch file read; SQLITE_ERROR as mllogPowerNode. */
int mllogPowerSwitch(const MllogPower *p, double rTttMs, double *pr);

/*
** A run's energy: the sum of its power logs, as the summarizer sums them.
** Each file of power/<run>/ is a node log, a switch log or neither
** (mllogPowerFileKind: by its name); the caller reads each log into an
** MllogPower and adds it (mllogEnergyAdd). The energy is known only with
** at least one node log and when every log was usable and the total stays
** within MLLOG_ENERGY_MAX (mllogEnergyTotal).
*/
#define MLLOG_POWER_FILE_NONE    0  /* not a power log: skipped */
#define MLLOG_POWER_FILE_NODE    1  /* node_*.txt */
#define MLLOG_POWER_FILE_SWITCH  2  /* sw_*.txt */

/* The kind (MLLOG_POWER_FILE_*) of the file named zName. */
int mllogPowerFileKind(const char *zName);

typedef struct MllogEnergy MllogEnergy;
struct MllogEnergy {         /* zeroed by the caller before the first log */
  double rSum;               /* joules so far */
  int nNode;                 /* node logs added */
  int bUnknown;              /* a log could not be used, or the sum is too large */
};

/*
** Add the joules of the log just read into p, of kind eKind (NODE or
** SWITCH; rTttMs: the run's time-to-train in ms). SQLITE_OK, or
** SQLITE_ERROR when the log cannot be used (mllogPowerNode,
** mllogPowerSwitch) or the total would pass MLLOG_ENERGY_MAX: the energy
** is then unknown, and further logs need not be read.
*/
int mllogEnergyAdd(MllogEnergy *pE, MllogPower *p, int eKind, double rTttMs);

/* The energy: SQLITE_OK with the joules in *pr, or SQLITE_DONE when it is
** unknown (no node log, or mllogEnergyAdd failed). */
int mllogEnergyTotal(const MllogEnergy *pE, double *pr);

#endif /* MLLOG_H */
