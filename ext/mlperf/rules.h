/*
** rules.h: the registry of MLPerf rules (plain C, no SQL). One entry per
** ruleset holds everything that ruleset decides: where its rules come from
** (mlcommons/logging tags), its log format, its init limits, how the RCP
** checker reads a log, and per benchmark the quality target, the runs the
** olympic mean may drop, the progress unit of the RCPs and the checker's
** exceptions. The keys a log must hold per (ruleset, division, benchmark)
** are generated (rules_required.inc, make rules); the rest is written by
** hand in rules.c, each part saying where it comes from.
**
** verdict.c (the run verdicts), converge.c (converged_at), mlperf_sql.c
** (mlperf_runs, mlperf_systems, mlperf_rules) and the SQL model (through mlperf_rules)
** read the rules here and nowhere else. Adding a ruleset is one entry of
** aRuleset in rules.c (docs/mlperf.md, "Adding a round").
*/
#ifndef MLPSCALE_RULES_H
#define MLPSCALE_RULES_H
#include <stddef.h>

/* Kinds of quality target (RulesTarget.eKind). */
#define RULES_TARGET_NONE   0   /* not checked */
#define RULES_TARGET_RANGE  1   /* rLo (<= or <) v (< or <=) rHi */
#define RULES_TARGET_MASK   2   /* maskrcnn: BBOX >= rLo and SEGM >= rLo2, both < rHi */
#define RULES_TARGET_SD     3   /* stable_diffusion: FID <= rLo and rLo2 <= CLIP <= rHi
                                ** at the same zSdKey (the metadata member FID and
                                ** CLIP evaluations pair by) */
#define RULES_TARGET_BERT07 4   /* as RANGE, but rLo2 from global_batch_size rBatch on */

/* The quality target of a benchmark (closed_<bench>.yaml, ATLEAST_ONE_CHECK).
** RANGE: rHi NAN means no upper bound. */
typedef struct RulesTarget RulesTarget;
struct RulesTarget {
  int eKind;
  double rLo;
  int bLoIncl;
  double rHi;
  int bHiIncl;
  double rLo2, rBatch;
  const char *zSdKey;
  int bError;                 /* read from eval_error lines (MLPerf HPC's
                              ** cosmoflow and oc20, lower is better), not
                              ** eval_accuracy */
};

/* Units of progress (RulesBench.eUnit): what the RCP checker reads as the
** progress of an evaluation. */
#define RULES_UNIT_NONE    0    /* the ruleset has no RCPs for the benchmark */
#define RULES_UNIT_EPOCHS  1
#define RULES_UNIT_SAMPLES 2
#define RULES_UNIT_STEPS   3

/*
** Where a ruleset's checker asks a benchmark's evaluations to be, by their
** samples_count (RulesEvalAt.eKind), from the global batch size b:
**   FIRST  the first eval_accuracy at b * floor(rA + rB / b) (FIRST_CHECK)
**   EVERY  the k-th eval_accuracy (k = 0, 1, ...) at
**          b * ceil(rA + rB / b) + k * b, each value in [0, 1] (CHECK)
** NONE: no such check.
*/
#define RULES_EVAL_NONE  0
#define RULES_EVAL_FIRST 1
#define RULES_EVAL_EVERY 2
typedef struct RulesEvalAt RulesEvalAt;
struct RulesEvalAt {
  int eKind;
  double rA, rB;
};

/* The rules of one benchmark folder under one ruleset. */
typedef struct RulesBench RulesBench;
struct RulesBench {
  const char *zBench;         /* the benchmark folder's name */
  RulesTarget target;
  int nMaxDropped;            /* runs the olympic mean may drop (result_summarizer,
                              ** rcp_checker's samples_rejected) */
  int eUnit;                  /* RULES_UNIT_*: converged_at's unit and the RCPs' */
  const char *zCounts;        /* what one logged unit of progress counts when
                              ** not eUnit itself ("tokens"), else 0 */
  double rMinMeanOffset;      /* rcp_checker: the minimum acceptable mean is
                              ** min_mean - this (0 but where the checker says) */
  int nRunsRequired;          /* MLPerf HPC: the result files
                              ** benchmark_meta.py asks for, which a
                              ** weak-scaling score needs converged; 0 for
                              ** Training (not read) */
  int bSamplesCount;          /* the RCP checker reads an evaluation's
                              ** progress from its samples_count (its
                              ** hard-coded set of logged benchmark names),
                              ** not epoch_num */
  RulesEvalAt evalAt;         /* where the compliance checker asks the
                              ** evaluations to be (RULES_EVAL_*) */
};

/* How the RCP checker reads the evaluations (RulesSet.eConvEval). */
#define RULES_CONV_NONE     0   /* the ruleset has no RCP checker */
#define RULES_CONV_ACCURACY 1   /* eval_accuracy lines only */
#define RULES_CONV_DETECT   2   /* eval_error lines when the log has one,
                                ** else eval_accuracy lines */
#define RULES_CONV_EITHER   3   /* a line with either text */

/* One availability name of the result summarizer: a system's status, in
** lower case, and the name the summarizer prints for it. */
typedef struct RulesAvailability RulesAvailability;
struct RulesAvailability {
  const char *zStatus;
  const char *zName;
};

/* Suites (RulesSet.eSuite): which MLPerf results a ruleset scores. */
#define RULES_SUITE_TRAINING      0
#define RULES_SUITE_HPC           1  /* MLPerf HPC: results/<system>/
                                     ** {strong,weak}/<benchmark>/; run_stop
                                     ** needs a status, any status */
#define RULES_SUITE_HPC_UNCHECKED 2  /* MLPerf HPC v0.7: no compliance
                                     ** step, a run counts with a run_start
                                     ** and a run_stop */

/* One ruleset: the rules of one MLPerf round. */
typedef struct RulesSet RulesSet;
struct RulesSet {
  const char *zName;          /* "4.1.0" */
  const char *zRound;         /* the round it scores: "v4.1" */
  const char *zLogFormat;     /* "mllog": ":::MLLOG {json}" lines; "mll":
                              ** ":::MLL <unix seconds> <key>: {json}" lines (v0.6) */
  const char *zLogging;       /* mlcommons/logging tag or commit of the
                              ** compliance checker (required keys, limits) */
  const char *zRcpLogging;    /* ... of the RCP checker; 0: none */
  const char *zRcpFiles;      /* the commit of the RCP files the round's
                              ** review used, where they changed after
                              ** zRcpLogging (0: zRcpLogging's own) */
  double rInitClosed, rInitOpen;  /* init_stop within this many minutes of
                              ** the first init_start, per division (NAN:
                              ** not checked) */
  int eConvEval;              /* RULES_CONV_* */
  int bKeyStop;               /* a run_stop line counts only when its key is
                              ** run_stop (else any line holding the text) */
  const char *zSdStep;        /* stable_diffusion: the metadata member of an
                              ** evaluation's step; 0: none */
  double rSdFidMax;           /* ... and the RCP checker's own criteria of a */
  double rSdClipMin;          /* converged evaluation: FID <= max, CLIP >= min */
  int bRcpBatchCommon;        /* the checker's batch size of a pair: 1 the
                              ** runs' common one (one log read at a time),
                              ** 0 the last log's it reads */
  int bRcpScaling;            /* the RCP factor scales the score (scaling.json) */
  const RulesBench *aBench;   /* sorted by zBench */
  int nBench;
  int eSuite;                 /* RULES_SUITE_* */
  int bStagingTimed;          /* MLPerf HPC: staging_start must follow
                              ** run_start (staging is in the timed region) */
  int bTimesOnly;             /* the official score checks only that a run
                              ** has a run_start and a run_stop line (the
                              ** v0.6 result summarizer): no target, init
                              ** limit or required key */
  const char *zPrecisions;    /* the values common.yaml allows for the
                              ** optional keys lowest_numerical_precision_in_
                              ** {linear,attn,comm}, "a|b|...", where the
                              ** same file also asks is_integer of the
                              ** optional tensor_, pipeline_, context_,
                              ** expert_parallelism and micro_batch_size; 0:
                              ** the checker knows none of these keys */
  const char *zAliases;       /* benchmark folders the summarizer scores as
                              ** another benchmark, " folder=benchmark ",
                              ** or 0 */
};

/* The rulesets, oldest first (Training's, then MLPerf HPC's); rulesAt(i)
** is 0 out of range. */
int rulesCount(void);
/* Index of Training's newest ruleset: the rules of a run read without one. */
int rulesNewestTraining(void);
const RulesSet *rulesAt(int i);
/* Index of the ruleset named zName, or -1. */
int rulesFind(const char *zName);
/* Index of the ruleset that scores round zRound ("v4.1") of suite eSuite
** (RULES_SUITE_TRAINING, or any MLPerf HPC suite for HPC's), or -1. */
int rulesFindRound(const char *zRound, int eSuite);

/* The rules of benchmark folder zBench under ruleset iRuleset, or 0. With
** iRuleset<0, under the newest ruleset that has zBench (*piRuleset, when
** not 0, gets the ruleset found). */
const RulesBench *rulesBench(int iRuleset, const char *zBench, int *piRuleset);

/* The benchmark a folder zBench is scored as under ruleset iRuleset: its
** alias there (zAliases: "mask" is maskrcnn under 0.6.0), else zBench. */
const char *rulesBenchName(int iRuleset, const char *zBench);

/* The open division's quality target of zBench under ruleset iRuleset
** where it is not the closed division's (generated, rules_open_targets.inc),
** else 0. */
const RulesTarget *rulesOpenTarget(int iRuleset, const char *zBench);
/* 1 when ruleset iRuleset's logs are v0.6's ":::MLL" lines ("mll"). */
int rulesLogMll(int iRuleset);

/* Runs the olympic mean may drop for zBench under iRuleset (<0: its
** newest ruleset); 1 for a benchmark no ruleset names. */
int rulesMaxDropped(const char *zBench, int iRuleset);

/* The keys a log must hold under (ruleset iRuleset, zDivision, zBench):
** "key key+ ..." (key: exactly once, or repeated with the same value;
** key+: at least once), or 0 when the checker has no rules for it. */
const char *rulesRequired(int iRuleset, const char *zDivision, const char *zBench);
/* The generated table, in order: entry i's fields (0 out of range). */
int rulesRequiredCount(void);
int rulesRequiredAt(int i, const char **pzRuleset, const char **pzDivision,
                    const char **pzBench, const char **pzKeys);

/* The summarizer's availability name of status z[0..n-1] (compared over
** its whole length, ignoring ASCII case), or 0. */
const char *rulesAvailability(const char *z, size_t n);
/* The names, in order: 0 out of range. */
const RulesAvailability *rulesAvailabilityAt(int i);

/* "epochs", "samples", "steps" for RULES_UNIT_*, or 0. */
const char *rulesUnitName(int eUnit);
/* "accuracy", "detect", "either" for RULES_CONV_*, or 0. */
const char *rulesConvName(int eConvEval);

/* The quality target of zBench under ruleset iRuleset; with iRuleset<0,
** under the newest ruleset that has one. 0 when none. */
const RulesTarget *rulesTarget(int iRuleset, const char *zBench);

/*
** The quality target of benchmark zBench under ruleset iRuleset (-1: the
** newest that has one) as text into z (size nz > 0): 1, or 0 when the
** benchmark is not checked.
*/
int rulesTargetText(const char *zBench, int iRuleset, char *z, int nz);

/* The rules of one (ruleset, benchmark), for listing (mlperf_rules). */
typedef struct RulesRow RulesRow;
struct RulesRow {
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
int rulesRowCount(void);
/* Fill *p with rule iRule (0..rulesRowCount()-1); 0 when out of range. */
int rulesRowGet(int iRule, RulesRow *p);

/*
** Compare two version texts (rulesets "10.0.0", rounds "v4.1") as
** versions: runs of digits as numbers, other bytes as bytes, so "9.0.0" <
** "10.0.0" and "v4.1" < "v4.10". Texts equal so but not byte for byte
** ("01" and "1") are ordered by their bytes, so the order is total.
** Negative, 0 or positive, as memcmp.
*/
int rulesVersionCompare(const char *a, size_t na, const char *b, size_t nb);

#endif /* MLPSCALE_RULES_H */
