/*
** rules.c: the registry of MLPerf rules (plain C, no SQL; see rules.h).
**
** Every rule of every ruleset is stated here once, in aRuleset: one entry
** per ruleset, with its benchmarks' rules in an array of its own. Where
** each part comes from:
**
**   generated (make rules, tool/rules/, from mlcommons/logging at the tag
**   in zLogging; never edit by hand):
**     rules_required.inc  the keys the compliance checker requires per
**                         (ruleset, division, benchmark)
**     rules_availability.inc  the result summarizer's availability names
**                         (its config.yaml, at the newest tag that has one)
**     rules_open_targets.inc  the open division's quality targets where
**                         they are not the closed division's
**   written by hand, from the sources named beside each part:
**     aRuleset            tags, log format, init limits (compliance
**                         checker common.yaml), the RCP checker's reading
**                         (rcp_checker.py at zRcpLogging)
**     aBench_*            quality targets (closed_<bench>.yaml), max
**                         dropped (result_summarizer), the RCP unit and
**                         exceptions (rcp_checker.py)
**     aAvailability       the status texts of older systems files no
**                         summarizer config lists
**
** The generators read zName, zLogging and zRcpLogging of each entry from
** this file (tool/rules/registry.py), so a ruleset's tags are stated here
** only.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/rules.h"
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Benchmarks                                                             */

/* Targets, as closed_<bench>.yaml states them (ATLEAST_ONE_CHECK). */
#define T_RANGE(lo, loIncl, hi, hiIncl) \
  { RULES_TARGET_RANGE, lo, loIncl, hi, hiIncl, 0, 0, 0, 0 }
#define T_ATLEAST(lo)  T_RANGE(lo, 1, 1.0, 0)      /* lo <= v < 1.0 */
#define T_ATMOST(hi)   T_RANGE(0.0, 0, hi, 1)      /* 0 < v <= hi */
#define T_MASK(bbox, segm) { RULES_TARGET_MASK, bbox, 1, 1.0, 0, segm, 0, 0, 0 }
#define T_SD(fid, clipLo, clipHi, key) \
  { RULES_TARGET_SD, fid, 1, clipHi, 1, clipLo, 0, key, 0 }
/* MLPerf HPC: 0 < eval_error <= hi (lower is better), and no target. */
#define T_ERROR_ATMOST(hi) { RULES_TARGET_RANGE, 0.0, 0, hi, 1, 0, 0, 0, 1 }
#define T_NONE             { RULES_TARGET_NONE, 0, 0, 0, 0, 0, 0, 0, 0 }

/* Units: RULES_UNIT_* by short names (N: no RCPs). bert's epoch_num
** counts samples; the benchmarks marked SC are read by samples_count;
** gpt3's epoch_num counts tokens. */
#define N  RULES_UNIT_NONE
#define EP RULES_UNIT_EPOCHS
#define SA RULES_UNIT_SAMPLES
#define ST RULES_UNIT_STEPS
/* Read by samples_count (RulesBench.bSamplesCount). */
#define SC 1
/* Where the evaluations must be (RulesBench.evalAt). */
#define E_NONE        { RULES_EVAL_NONE, 0, 0 }
#define E_FIRST(a, b) { RULES_EVAL_FIRST, a, b }
#define E_EVERY(a, b) { RULES_EVAL_EVERY, a, b }

/*
** Each ruleset's benchmarks, sorted by folder name, one line each:
**   { folder, target, max dropped, unit of the RCP checker's progress (N:
**     no RCPs), what one unit counts when not the unit, min-mean offset,
**     HPC's runs required, SC: the RCP checker reads progress from
**     samples_count (rcp_checker.py's hard-coded set, at zRcpLogging),
**     where the compliance checker asks the evaluations to be }
** max dropped: result_summarizer and rcp_checker's samples_rejected, 4
** for unet3d (from 1.0.0, its first round), else 1. A ruleset whose
** benchmarks' rules did not change reuses the array before it.
*/

/* 0.6.0: the benchmarks the v0.6 result summarizer prints
** (_ALLOWED_BENCHMARKS_V06 at e99be59) and the folder "mask" it aliases to
** maskrcnn; it checks no target (every run counts: bTimesOnly) and drops
** the fastest and the slowest run. */
static const RulesBench aBench_0_6_0[] = {
  { "gnmt",        T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "mask",        T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn",    T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "minigo",      T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "ncf",         T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",      T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "ssd",         T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
  { "transformer", T_NONE, 1, N, 0, 0, 0, 0, E_NONE },
};

static const RulesBench aBench_0_7_0[] = {
  { "bert",        { RULES_TARGET_BERT07, 0.712, 1, 1.0, 0, 0.706, 8192, 0, 0 }, 1, N, 0, 0, 0, 0, E_NONE },
  { "dlrm",        T_ATLEAST(0.8025), 1, N, 0, 0, 0, 0, E_NONE },
  { "gnmt",        T_ATLEAST(0.240),  1, N, 0, 0, 0, 0, E_NONE },
  { "mask",        T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn",    T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "minigo",      T_ATLEAST(0.5),    1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",      T_ATLEAST(0.759),  1, N, 0, 0, 0, 0, E_NONE },
  { "ssd",         T_ATLEAST(0.230),  1, N, 0, 0, 0, 0, E_NONE },
  { "transformer", T_ATLEAST(0.250),  1, N, 0, 0, 0, 0, E_NONE },
};

/* 1.0.0 and 1.1.0: bert 0.720; rnnt and unet3d appear; RCPs. */
static const RulesBench aBench_1_0_0[] = {
  { "bert",     T_ATLEAST(0.720),  1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm",     T_ATLEAST(0.8025), 1, EP, 0, 0, 0, 0, E_NONE },
  { "mask",     T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn", T_MASK(0.377, 0.339), 1, EP, 0, 0, 0, 0, E_NONE },
  { "minigo",   T_ATLEAST(0.5),    1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",   T_ATLEAST(0.759),  1, EP, 0, 0, 0, 0, E_NONE },
  { "rnnt",     T_ATMOST(0.058),   1, EP, 0, 0, 0, 0, E_NONE },
  { "ssd",      T_ATLEAST(0.230),  1, EP, 0, 0, 0, 0, E_NONE },
  { "unet3d",   T_RANGE(0.908, 1, NAN, 0), 4, EP, 0, 0, 0, 0, E_NONE },
};

/* 2.0.0 and 2.1.0: ssd is RetinaNet, 0.34. */
static const RulesBench aBench_2_0_0[] = {
  { "bert",     T_ATLEAST(0.720),  1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm",     T_ATLEAST(0.8025), 1, EP, 0, 0, 0, 0, E_NONE },
  { "mask",     T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn", T_MASK(0.377, 0.339), 1, EP, 0, 0, 0, 0, E_NONE },
  { "minigo",   T_ATLEAST(0.5),    1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",   T_ATLEAST(0.759),  1, EP, 0, 0, 0, 0, E_NONE },
  { "rnnt",     T_ATMOST(0.058),   1, EP, 0, 0, 0, 0, E_NONE },
  { "ssd",      T_ATLEAST(0.340),  1, EP, 0, 0, 0, 0, E_NONE },
  { "unet3d",   T_RANGE(0.908, 1, NAN, 0), 4, EP, 0, 0, 0, 0, E_NONE },
};

/* 3.0.0: dlrm_dcnv2 and gpt3 (its epoch_num counts tokens). */
static const RulesBench aBench_3_0_0[] = {
  { "bert",       T_ATLEAST(0.720),  1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm",       T_ATLEAST(0.8025), 1, N, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2", T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "gpt3",       T_RANGE(2.6, 0, 2.69, 1), 1, EP, "tokens", 0, 0, 0, E_NONE },
  { "mask",       T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn",   T_MASK(0.377, 0.339), 1, EP, 0, 0, 0, 0, E_NONE },
  { "minigo",     T_ATLEAST(0.5),    1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",     T_ATLEAST(0.759),  1, EP, 0, 0, 0, 0, E_NONE },
  { "rnnt",       T_ATMOST(0.058),   1, EP, 0, 0, 0, 0, E_NONE },
  { "ssd",        T_ATLEAST(0.340),  1, EP, 0, 0, 0, 0, E_NONE },
  { "unet3d",     T_RANGE(0.908, 1, NAN, 0), 4, EP, 0, 0, 0, 0, E_NONE },
};

/* 3.1.0: stable_diffusion, FID and CLIP paired by step_num, progress in
** steps. */
static const RulesBench aBench_3_1_0[] = {
  { "bert",             T_ATLEAST(0.720),  1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm",             T_ATLEAST(0.8025), 1, N, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2",       T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "gpt3",             T_RANGE(2.6, 0, 2.69, 1), 1, EP, "tokens", 0, 0, 0, E_NONE },
  { "mask",             T_MASK(0.377, 0.339), 1, N, 0, 0, 0, 0, E_NONE },
  { "maskrcnn",         T_MASK(0.377, 0.339), 1, EP, 0, 0, 0, 0, E_NONE },
  { "minigo",           T_ATLEAST(0.5),    1, N, 0, 0, 0, 0, E_NONE },
  { "resnet",           T_ATLEAST(0.759),  1, EP, 0, 0, 0, 0, E_NONE },
  { "rnnt",             T_ATMOST(0.058),   1, EP, 0, 0, 0, 0, E_NONE },
  { "ssd",              T_ATLEAST(0.340),  1, EP, 0, 0, 0, 0, E_NONE },
  { "stable_diffusion", T_SD(90.0, 0.15, 1.0, "step_num"), 1, ST, 0, 0, 0, 0, E_NONE },
  { "unet3d",           T_RANGE(0.908, 1, NAN, 0), 4, EP, 0, 0, 0, 0, E_NONE },
};

/* 4.0.0: gnn, llama2_70b_lora; stable_diffusion paired by samples_count. */
static const RulesBench aBench_4_0_0[] = {
  { "bert",             T_ATLEAST(0.720), 1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2",       T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "gnn",              T_ATLEAST(0.72),  1, EP, 0, 0, 0, 0, E_NONE },
  { "gpt3",             T_RANGE(2.6, 0, 2.69, 1), 1, EP, "tokens", 0, 0, 0, E_NONE },
  { "llama2_70b_lora",  T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "resnet",           T_ATLEAST(0.759), 1, EP, 0, 0, 0, 0, E_NONE },
  { "ssd",              T_ATLEAST(0.340), 1, EP, 0, 0, 0, 0, E_NONE },
  { "stable_diffusion", T_SD(90.0, 0.15, 1.0, "samples_count"), 1, SA, 0, 0, 0, 0, E_NONE },
  { "unet3d",           T_RANGE(0.908, 1, NAN, 0), 4, EP, 0, 0, 0, 0, E_NONE },
};

/* 4.1.0: resnet and unet3d leave. */
static const RulesBench aBench_4_1_0[] = {
  { "bert",             T_ATLEAST(0.720), 1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2",       T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "gnn",              T_ATLEAST(0.72),  1, EP, 0, 0, 0, 0, E_NONE },
  { "gpt3",             T_RANGE(2.6, 0, 2.69, 1), 1, EP, "tokens", 0, 0, 0, E_NONE },
  { "llama2_70b_lora",  T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "ssd",              T_ATLEAST(0.340), 1, EP, 0, 0, 0, 0, E_NONE },
  { "stable_diffusion", T_SD(90.0, 0.15, 1.0, "samples_count"), 1, SA, 0, 0, 0, 0, E_NONE },
};

/* 5.0.0: ssd is retinanet, gnn is rgat; llama31_405b, whose minimum
** acceptable mean the checker lowers by 46080 (rcp_checker.py,
** _eval_submission_record, 5.0.0 and 5.1.0). */
static const RulesBench aBench_5_0_0[] = {
  { "bert",             T_ATLEAST(0.720), 1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2",       T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "llama2_70b_lora",  T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "llama31_405b",     T_ATMOST(5.6),    1, SA, 0, 46080, 0, SC, E_NONE },
  { "retinanet",        T_ATLEAST(0.340), 1, EP, 0, 0, 0, 0, E_NONE },
  { "rgat",             T_ATLEAST(0.72),  1, EP, 0, 0, 0, 0, E_NONE },
  { "stable_diffusion", T_SD(90.0, 0.15, 1.0, "samples_count"), 1, SA, 0, 0, 0, 0, E_NONE },
};

/* 5.1.0: llama31_8b, flux1; stable_diffusion leaves. */
static const RulesBench aBench_5_1_0[] = {
  { "bert",            T_ATLEAST(0.720), 1, SA, 0, 0, 0, 0, E_NONE },
  { "dlrm_dcnv2",      T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "flux1",           T_ATMOST(0.586),  1, SA, 0, 0, 0, SC, E_NONE },
  { "llama2_70b_lora", T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "llama31_405b",    T_ATMOST(5.6),    1, SA, 0, 46080, 0, SC, E_NONE },
  { "llama31_8b",      T_ATMOST(3.3),    1, SA, 0, 0, 0, SC, E_NONE },
  { "retinanet",       T_ATLEAST(0.340), 1, EP, 0, 0, 0, 0, E_NONE },
  { "rgat",            T_ATLEAST(0.72),  1, EP, 0, 0, 0, 0, E_NONE },
};

/* 6.0.0 (logging 6.0.0-rc6): gpt_oss_20b and deepseekv3_671b; bert,
** retinanet and rgat leave. The RCP checker lowers llama31_405b's minimum
** acceptable mean from 5.0.0 on (is_version_at_least). */
static const RulesBench aBench_6_0_0[] = {
  { "deepseekv3_671b", T_ATMOST(3.6),    1, SA, 0, 0, 0, SC, E_NONE },
  { "dlrm_dcnv2",      T_RANGE(0.80275, 1, 1.0, 1), 1, EP, 0, 0, 0, 0, E_NONE },
  { "flux1",           T_ATMOST(0.586),  1, SA, 0, 0, 0, SC, E_NONE },
  { "gpt_oss_20b",     T_ATMOST(3.34),   1, SA, 0, 0, 0, SC, E_NONE },
  { "llama2_70b_lora", T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "llama31_405b",    T_ATMOST(5.6),    1, SA, 0, 46080, 0, SC, E_NONE },
  { "llama31_8b",      T_ATMOST(3.3),    1, SA, 0, 0, 0, SC, E_NONE },
};

/* 6.1.0 (logging 7bbf792, no tag yet): qwen35_397b_grpo, its target
** (0.69, exclusive) set in its YAML's BEGIN block and every evaluation at
** b * ceil(2.5 + 3840 / b) + k * b; deepseekv3_671b's first evaluation at
** b * floor(42 + 24576 / b) (FIRST_CHECK); llama31_405b and dlrm_dcnv2
** leave. */
static const RulesBench aBench_6_1_0[] = {
  { "deepseekv3_671b", T_ATMOST(3.6),    1, SA, 0, 0, 0, SC, E_FIRST(42, 24576) },
  { "flux1",           T_ATMOST(0.586),  1, SA, 0, 0, 0, SC, E_NONE },
  { "gpt_oss_20b",     T_ATMOST(3.34),   1, SA, 0, 0, 0, SC, E_NONE },
  { "llama2_70b_lora", T_ATMOST(0.925),  1, SA, 0, 0, 0, SC, E_NONE },
  { "llama31_8b",      T_ATMOST(3.3),    1, SA, 0, 0, 0, SC, E_NONE },
  { "qwen35_397b_grpo", T_RANGE(0.69, 0, NAN, 0), 1, SA, 0, 0, 0, SC, E_EVERY(2.5, 3840) },
};

/* MLPerf HPC (compliance_checker/hpc_X.Y.0/<division>_<benchmark>.yaml,
** the same targets in both divisions; result file counts from
** benchmark_meta.py, 'hpc'). No RCPs are read. */
static const RulesBench aBench_hpc_1_0_0[] = {
  { "cosmoflow", T_ERROR_ATMOST(0.124), 1, N, 0, 0, 10, 0, E_NONE },
  { "deepcam",   T_RANGE(0.82, 1, 1.0, 1), 1, N, 0, 0, 5, 0, E_NONE },
  { "oc20",      T_ERROR_ATMOST(0.036), 1, N, 0, 0, 5, 0, E_NONE },
};

/* hpc_3.0.0: openfold. */
static const RulesBench aBench_hpc_3_0_0[] = {
  { "cosmoflow", T_ERROR_ATMOST(0.124), 1, N, 0, 0, 10, 0, E_NONE },
  { "deepcam",   T_RANGE(0.82, 1, 1.0, 1), 1, N, 0, 0, 5, 0, E_NONE },
  { "oc20",      T_ERROR_ATMOST(0.036), 1, N, 0, 0, 5, 0, E_NONE },
  { "openfold",  T_RANGE(0.8, 1, 1.0, 1),   1, N, 0, 0, 10, 0, E_NONE },
};

/* hpc_0.7.0: v0.7 has no checker configuration in any mlcommons/logging
** commit; its runs are scored by 1.0.0's summarizer functions without the
** compliance step, so no target is checked. */
static const RulesBench aBench_hpc_0_7_0[] = {
  { "cosmoflow", T_NONE, 1, N, 0, 0, 10, 0, E_NONE },
  { "deepcam",   T_NONE, 1, N, 0, 0, 5, 0, E_NONE },
};

#undef N
#undef EP
#undef SA
#undef ST
#undef SC
#undef E_NONE
#undef E_FIRST
#undef E_EVERY

/* ---------------------------------------------------------------------- */
/* Rulesets                                                               */

#define BENCHES(a) .aBench = a, .nBench = (int)(sizeof(a)/sizeof(a[0]))

/*
** One entry per ruleset, oldest first (rules.h says what each field
** holds; zPrecisions: the optional keys of common.yaml, from 6.0.0; a field left out is 0: no RCP checker, no stable_diffusion
** criteria, no batch or scaling rule, the Training suite, bTimesOnly 0:
** the compliance checker's rules, no alias). Sources, at the entry's tags:
**   zLogging, rInit*    compliance_checker/<ruleset folder>/common.yaml
**   zRcpLogging and the RCP checker's reading (eConvEval .. bRcpScaling)
**                       rcp_checker/rcp_checker.py: before 3.0.0
**     get_submission_epochs reads the logs of a benchmark into one list and
**     the progress carries over from the log read before; from 3.0.0
**     read_submission_file reads one log and the last run_stop wins, so the
**     batch size is the one log's (bRcpBatchCommon); its stable_diffusion
**     criteria are its own (FID <= 90, CLIP >= 0.15, no upper bound on
**     CLIP); the benchmarks it reads by samples_count are marked SC in
**     aBench_*; scaling.json from 2.1.0 (bRcpScaling).
*/
static const RulesSet aRuleset[] = {
  { .zName = "0.6.0", .zRound = "v0.6", .zLogFormat = "mll",
    .zLogging = "e99be59",
    .rInitClosed = NAN, .rInitOpen = NAN,
    BENCHES(aBench_0_6_0),
    .bTimesOnly = 1, .zAliases = " mask=maskrcnn " },
  { .zName = "0.7.0", .zRound = "v0.7", .zLogFormat = "mllog",
    .zLogging = "0.7.1",
    .rInitClosed = 20.0, .rInitOpen = 20.0,
    BENCHES(aBench_0_7_0) },
  { .zName = "1.0.0", .zRound = "v1.0", .zLogFormat = "mllog",
    .zLogging = "1.0.0", .zRcpLogging = "1.0.0",
    .rInitClosed = 30.0, .rInitOpen = 30.0,
    .eConvEval = RULES_CONV_ACCURACY,
    BENCHES(aBench_1_0_0) },
  { .zName = "1.1.0", .zRound = "v1.1", .zLogFormat = "mllog",
    .zLogging = "096159f", .zRcpLogging = "1.1.0-rc4",
    .rInitClosed = 30.0, .rInitOpen = 30.0,
    .eConvEval = RULES_CONV_DETECT,
    BENCHES(aBench_1_0_0) },
  { .zName = "2.0.0", .zRound = "v2.0", .zLogFormat = "mllog",
    .zLogging = "2.0.0", .zRcpLogging = "2.0.0",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_DETECT,
    BENCHES(aBench_2_0_0) },
  { .zName = "2.1.0", .zRound = "v2.1", .zLogFormat = "mllog",
    .zLogging = "2.1.0", .zRcpLogging = "2.1.0",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_DETECT,
    .bRcpScaling = 1,
    BENCHES(aBench_2_0_0) },
  { .zName = "3.0.0", .zRound = "v3.0", .zLogFormat = "mllog",
    .zLogging = "3.0.0-rc2", .zRcpLogging = "3.0.0-rc2",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_3_0_0) },
  { .zName = "3.1.0", .zRound = "v3.1", .zLogFormat = "mllog",
    .zLogging = "acd623e", .zRcpLogging = "3.1.0-rc3",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER,
    .zSdStep = "step_num", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_3_1_0) },
  { .zName = "4.0.0", .zRound = "v4.0", .zLogFormat = "mllog",
    .zLogging = "4.0.0-rc3-rcp-prunning", .zRcpLogging = "4.0.0-rc3-rcp-prunning",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_4_0_0) },
  { .zName = "4.1.0", .zRound = "v4.1", .zLogFormat = "mllog",
    .zLogging = "4.1.0-rc4", .zRcpLogging = "4.1.0-rc4",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_4_1_0) },
  { .zName = "5.0.0", .zRound = "v5.0", .zLogFormat = "mllog",
    .zLogging = "5.0.0-rc3", .zRcpLogging = "5.0.0-rc3",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_5_0_0) },
  /* 5.1.0: the review scored llama31_8b with the RCPs of 8196595
  ** (2025-10-10: batch 64 re-measured, 5a142c8; batch 16 added), two days
  ** after the checker's tag: every published scaling.json of v5.1 is that
  ** checker's with those files. */
  { .zName = "5.1.0", .zRound = "v5.1", .zLogFormat = "mllog",
    .zLogging = "5.1.0-rc4", .zRcpLogging = "5.1.0-rc4", .zRcpFiles = "8196595",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    BENCHES(aBench_5_1_0) },
  { .zName = "6.0.0", .zRound = "v6.0", .zLogFormat = "mllog",
    .zLogging = "6.0.0-rc6", .zRcpLogging = "6.0.0-rc6",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    .zPrecisions = "fp64|fp32|tf32|fp16|fp8|nvfp4|mxfp4|bfloat16|Graphcore FLOAT 16.16|int8|uint8|int4|uint4",
    BENCHES(aBench_6_0_0) },
  { .zName = "6.1.0", .zRound = "v6.1", .zLogFormat = "mllog",
    .zLogging = "7bbf792", .zRcpLogging = "7bbf792",
    .rInitClosed = 30.0, .rInitOpen = 240.0,
    .eConvEval = RULES_CONV_EITHER, .bKeyStop = 1,
    .zSdStep = "samples_count", .rSdFidMax = 90.0, .rSdClipMin = 0.15,
    .bRcpBatchCommon = 1, .bRcpScaling = 1,
    .zPrecisions = "fp64|fp32|tf32|fp16|fp8|nvfp4|mxfp4|bfloat16|Graphcore FLOAT 16.16|int8|uint8|int4|uint4",
    BENCHES(aBench_6_1_0) },
  /* MLPerf HPC. Logging: the commit whose result summarizer made each
  ** round's official tables (tests/data/README.md; each hpc_X.Y.0 folder
  ** there is the same as at every later commit); hpc_0.7.0 has no folder of
  ** its own (1.0.0's summarizer, no compliance step). Staging is timed
  ** (staging_start after run_start) in 1.0.0 and 2.0.0; "since HPC v3.0,
  ** data staging does not need to be included in run timing"
  ** (hpc_3.0.0/common.yaml). */
  { .zName = "hpc_0.7.0", .zRound = "v0.7", .zLogFormat = "mllog",
    .zLogging = "2f6fdf6",
    .rInitClosed = NAN, .rInitOpen = NAN,
    BENCHES(aBench_hpc_0_7_0),
    .eSuite = RULES_SUITE_HPC_UNCHECKED },
  { .zName = "hpc_1.0.0", .zRound = "v1.0", .zLogFormat = "mllog",
    .zLogging = "2f6fdf6",
    .rInitClosed = 30.0, .rInitOpen = 30.0,
    BENCHES(aBench_hpc_1_0_0),
    .eSuite = RULES_SUITE_HPC, .bStagingTimed = 1 },
  { .zName = "hpc_2.0.0", .zRound = "v2.0", .zLogFormat = "mllog",
    .zLogging = "2.0.0",
    .rInitClosed = 30.0, .rInitOpen = 30.0,
    BENCHES(aBench_hpc_1_0_0),
    .eSuite = RULES_SUITE_HPC, .bStagingTimed = 1 },
  { .zName = "hpc_3.0.0", .zRound = "v3.0", .zLogFormat = "mllog",
    .zLogging = "hpc-3.0.0",
    .rInitClosed = 30.0, .rInitOpen = 30.0,
    BENCHES(aBench_hpc_3_0_0),
    .eSuite = RULES_SUITE_HPC },
};
#define N_RULESET ((int)(sizeof(aRuleset)/sizeof(aRuleset[0])))

int rulesCount(void){ return N_RULESET; }

int rulesNewestTraining(void){
  int i = N_RULESET-1;
  while( i>0 && aRuleset[i].eSuite!=RULES_SUITE_TRAINING ) i--;
  return i;
}

const RulesSet *rulesAt(int i){
  return i>=0 && i<N_RULESET ? &aRuleset[i] : 0;
}

int rulesFind(const char *zName){
  int i;
  for(i=0; zName && i<N_RULESET; i++){
    if( strcmp(aRuleset[i].zName, zName)==0 ) return i;
  }
  return -1;
}

int rulesFindRound(const char *zRound, int eSuite){
  int i;
  for(i=0; zRound && i<N_RULESET; i++){
    int bHpc = aRuleset[i].eSuite!=RULES_SUITE_TRAINING;
    if( bHpc==(eSuite!=RULES_SUITE_TRAINING)
     && strcmp(aRuleset[i].zRound, zRound)==0 ) return i;
  }
  return -1;
}

static const RulesBench *benchIn(const RulesSet *p, const char *zBench){
  int i;
  for(i=0; i<p->nBench; i++){
    if( strcmp(p->aBench[i].zBench, zBench)==0 ) return &p->aBench[i];
  }
  return 0;
}

const RulesBench *rulesBench(int iRuleset, const char *zBench, int *piRuleset){
  const RulesBench *pBench = 0;
  int i = -1;
  if( zBench==0 || iRuleset>=N_RULESET ) return 0;
  if( iRuleset>=0 ){
    i = iRuleset;
    pBench = benchIn(&aRuleset[i], zBench);
  }else{
    for(i=N_RULESET-1; i>=0 && (pBench = benchIn(&aRuleset[i], zBench))==0; i--){}
  }
  if( pBench && piRuleset ) *piRuleset = i;
  return pBench;
}

const char *rulesBenchName(int iRuleset, const char *zBench){
  const RulesSet *p = rulesAt(iRuleset);
  const char *z;
  size_t n;
  if( p==0 || p->zAliases==0 || zBench==0 || zBench[0]==0 ) return zBench;
  n = strlen(zBench);
  for(z=p->zAliases; (z = strstr(z, zBench))!=0; z++){
    if( z>p->zAliases && z[-1]==' ' && z[n]=='=' ){
      const char *zTo = z+n+1;
      size_t nTo = strcspn(zTo, " ");
      const RulesBench *pTo;
      int i;
      /* The benchmark aliased to, as the ruleset's own (static) name. */
      for(i=0; i<p->nBench; i++){
        pTo = &p->aBench[i];
        if( strlen(pTo->zBench)==nTo && memcmp(pTo->zBench, zTo, nTo)==0 ){
          return pTo->zBench;
        }
      }
    }
  }
  return zBench;
}

int rulesLogMll(int iRuleset){
  const RulesSet *p = rulesAt(iRuleset);
  return p && strcmp(p->zLogFormat, "mll")==0;
}

int rulesMaxDropped(const char *zBench, int iRuleset){
  const RulesBench *p = rulesBench(iRuleset, zBench, 0);
  if( p==0 && iRuleset>=0 ) p = rulesBench(-1, zBench, 0);
  return p ? p->nMaxDropped : 1;
}

/* ---------------------------------------------------------------------- */
/* Open division targets (generated)                                      */

static const struct OpenTarget {
  const char *zRuleset, *zBench;
  RulesTarget target;
} aOpenTarget[] = {
#include "rules_open_targets.inc"
};
#define N_OPEN_TARGET ((int)(sizeof(aOpenTarget)/sizeof(aOpenTarget[0])))

const RulesTarget *rulesOpenTarget(int iRuleset, const char *zBench){
  int i;
  if( iRuleset<0 || iRuleset>=N_RULESET || zBench==0 ) return 0;
  for(i=0; i<N_OPEN_TARGET; i++){
    if( strcmp(aOpenTarget[i].zRuleset, aRuleset[iRuleset].zName)==0
     && strcmp(aOpenTarget[i].zBench, zBench)==0 ){
      return &aOpenTarget[i].target;
    }
  }
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Required keys (generated)                                              */

static const struct Required {
  const char *zRuleset, *zDivision, *zBench, *zKeys;
} aRequired[] = {
#include "rules_required.inc"
};
#define N_REQUIRED ((int)(sizeof(aRequired)/sizeof(aRequired[0])))

const char *rulesRequired(int iRuleset, const char *zDivision, const char *zBench){
  int i;
  if( iRuleset<0 || iRuleset>=N_RULESET || zBench==0 ) return 0;
  for(i=0; i<N_REQUIRED; i++){
    if( strcmp(aRequired[i].zRuleset, aRuleset[iRuleset].zName)==0
     && strcmp(aRequired[i].zDivision, zDivision)==0
     && strcmp(aRequired[i].zBench, zBench)==0 ){
      return aRequired[i].zKeys;
    }
  }
  return 0;
}

int rulesRequiredCount(void){ return N_REQUIRED; }

int rulesRequiredAt(int i, const char **pzRuleset, const char **pzDivision,
                    const char **pzBench, const char **pzKeys){
  if( i<0 || i>=N_REQUIRED ) return 0;
  *pzRuleset = aRequired[i].zRuleset;
  *pzDivision = aRequired[i].zDivision;
  *pzBench = aRequired[i].zBench;
  *pzKeys = aRequired[i].zKeys;
  return 1;
}

/* ---------------------------------------------------------------------- */
/* Availability                                                           */

/*
** The result summarizer's availability names (generated from its
** config.yaml), then the status texts systems files of earlier rounds use
** for the same, which no summarizer config lists (written by hand).
*/
static const RulesAvailability aAvailability[] = {
#include "rules_availability.inc"
  { "on-premise",           "Available on-premise" },
  { "available on premise", "Available on-premise" },
  { "available in cloud",   "Available cloud" },
};
#define N_AVAILABILITY ((int)(sizeof(aAvailability)/sizeof(aAvailability[0])))

static int asciiLower(int c){
  return c>='A' && c<='Z' ? c+'a'-'A' : c;
}

const char *rulesAvailability(const char *z, size_t n){
  int i;
  for(i=0; i<N_AVAILABILITY; i++){
    const char *zKey = aAvailability[i].zStatus;
    size_t j;
    /* Over the whole length: "onprem\0 x" is not "onprem". */
    if( strlen(zKey)!=n ) continue;
    for(j=0; j<n && asciiLower((unsigned char)z[j])==zKey[j]; j++){}
    if( j==n ) return aAvailability[i].zName;
  }
  return 0;
}

const RulesAvailability *rulesAvailabilityAt(int i){
  return i>=0 && i<N_AVAILABILITY ? &aAvailability[i] : 0;
}

/* ---------------------------------------------------------------------- */
/* Names and versions                                                     */

const char *rulesUnitName(int eUnit){
  switch( eUnit ){
    case RULES_UNIT_EPOCHS:  return "epochs";
    case RULES_UNIT_SAMPLES: return "samples";
    case RULES_UNIT_STEPS:   return "steps";
  }
  return 0;
}

const char *rulesConvName(int eConvEval){
  switch( eConvEval ){
    case RULES_CONV_ACCURACY: return "accuracy";
    case RULES_CONV_DETECT:   return "detect";
    case RULES_CONV_EITHER:   return "either";
  }
  return 0;
}

static int isDigit(char c){ return c>='0' && c<='9'; }

int rulesVersionCompare(const char *a, size_t na, const char *b, size_t nb){
  size_t i = 0, j = 0;
  while( i<na && j<nb ){
    if( isDigit(a[i]) && isDigit(b[j]) ){
      size_t i0, j0, ni, nj;
      int c;
      while( i<na && a[i]=='0' ) i++;
      while( j<nb && b[j]=='0' ) j++;
      for(i0=i; i<na && isDigit(a[i]); i++){}
      for(j0=j; j<nb && isDigit(b[j]); j++){}
      ni = i-i0;
      nj = j-j0;
      if( ni!=nj ) return ni<nj ? -1 : 1;
      c = ni ? memcmp(a+i0, b+j0, ni) : 0;
      if( c ) return c;
    }else{
      if( a[i]!=b[j] ) return (unsigned char)a[i]<(unsigned char)b[j] ? -1 : 1;
      i++;
      j++;
    }
  }
  if( i<na || j<nb ) return i<na ? 1 : -1;
  /* Equal as versions: the bytes decide ("01" before "1"). */
  if( na!=nb || memcmp(a, b, na) ){
    size_t n = na<nb ? na : nb;
    int c = memcmp(a, b, n);
    return c ? c : (na<nb ? -1 : 1);
  }
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Quality targets as text                                                        */

/*
** The target of zBench under ruleset iRuleset; with iRuleset<0, under the
** newest ruleset that has one. 0 when none.
*/
const RulesTarget *rulesTarget(int iRuleset, const char *zBench){
  const RulesBench *p = rulesBench(iRuleset, zBench, 0);
  return p && p->target.eKind!=RULES_TARGET_NONE ? &p->target : 0;
}

/* Text into a fixed buffer, cut at its end: no allocation, so listing the
** rules cannot fail. */
typedef struct TargetText TargetText;
struct TargetText {
  char *z;
  size_t n, nMax;             /* used, size (with the NUL) */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void targetAppend(TargetText *p, const char *zFmt, ...){
  va_list ap;
  int k;
  if( p->n+1>=p->nMax ) return;
  va_start(ap, zFmt);
  k = vsnprintf(p->z+p->n, p->nMax-p->n, zFmt, ap);
  va_end(ap);
  if( k<0 ) return;
  p->n = p->n+(size_t)k<p->nMax ? p->n+(size_t)k : p->nMax-1;
}

/* v (a target: from 0 to 100) with the fewest decimals, at least one,
** that read back as v: 0.72, 1.0, 0.80275, 90.0. */
static void targetNumber(TargetText *pOut, double v){
  char z[48];
  int d;
  for(d=1; d<17; d++){
    snprintf(z, sizeof(z), "%.*f", d, v);
    if( strtod(z, 0)==v ) break;
  }
  targetAppend(pOut, "%s", z);
}

/* The text of target t, from its numbers, into z (size nz). */
static void targetFormat(const RulesTarget *t, char *z, int nz){
  TargetText out;
  TargetText *pOut = &out;
  assert( nz>0 );
  out.z = z;
  out.n = 0;
  out.nMax = (size_t)nz;
  z[0] = 0;
  switch( t->eKind ){
    case RULES_TARGET_MASK:
      if( isinf(t->rLo) && isinf(t->rLo2) ){
        /* An open division's: no lower bound. */
        targetAppend(pOut, "BBOX < ");
        targetNumber(pOut, t->rHi);
        targetAppend(pOut, " and SEGM < ");
        targetNumber(pOut, t->rHi);
        break;
      }
      targetAppend(pOut, "BBOX >= ");
      targetNumber(pOut, t->rLo);
      targetAppend(pOut, " and SEGM >= ");
      targetNumber(pOut, t->rLo2);
      targetAppend(pOut, " (both < ");
      targetNumber(pOut, t->rHi);
      targetAppend(pOut, ")");
      break;
    case RULES_TARGET_SD:
      targetAppend(pOut, "FID <= ");
      targetNumber(pOut, t->rLo);
      targetAppend(pOut, " and ");
      targetNumber(pOut, t->rLo2);
      targetAppend(pOut, " <= CLIP <= ");
      targetNumber(pOut, t->rHi);
      targetAppend(pOut, " at the same %s", t->zSdKey);
      break;
    default:
      if( isnan(t->rHi) ){
        targetAppend(pOut, t->bLoIncl ? "v >= " : "v > ");
        targetNumber(pOut, t->rLo);
      }else if( isinf(t->rLo) && t->rLo<0 ){
        /* An open division's: no lower bound. */
        targetAppend(pOut, t->bHiIncl ? "v <= " : "v < ");
        targetNumber(pOut, t->rHi);
      }else{
        const char *zV = t->bError ? "eval_error" : "v";
        targetNumber(pOut, t->rLo);
        targetAppend(pOut, t->bLoIncl ? " <= %s " : " < %s ", zV);
        targetAppend(pOut, t->bHiIncl ? "<= " : "< ");
        targetNumber(pOut, t->rHi);
      }
      if( t->eKind==RULES_TARGET_BERT07 ){
        targetAppend(pOut, " (");
        targetNumber(pOut, t->rLo2);
        targetAppend(pOut, " from global_batch_size %lld)", (sqlite3_int64)t->rBatch);
      }
      break;
  }
}

int rulesTargetText(const char *zBench, int iRuleset, char *z, int nz){
  const RulesTarget *t = rulesTarget(iRuleset, zBench);
  if( t==0 ) return 0;
  targetFormat(t, z, nz);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* The rules as a list (mlperf_rules)                                     */

/*
** The rows of mlperf_rules, ruleset by ruleset in the registry's order:
** for a ruleset without a compliance checker (0.6.0, scored by times
** only; MLPerf HPC v0.7, scored without the compliance step), one per
** benchmark of its registry entry but aliases; for the others, one per
** benchmark the compliance checker has closed-division rules for (the
** generated required keys, which are in the registry's order). Row
** iRule's ruleset, benchmark and keys: 1, or 0 out of range. One pass over
** the registry and the keys: the model joins the table once per row.
*/
static int ruleRow(int iRule, int *piRs, const char **pzBench, const char **pzKeys){
  int iRs, i, j = 0, n = 0;
  const char *zRs, *zDiv, *zBench, *zKeys;
  for(iRs=0; iRs<rulesCount(); iRs++){
    const RulesSet *pSet = rulesAt(iRs);
    if( pSet->bTimesOnly || pSet->eSuite==RULES_SUITE_HPC_UNCHECKED ){
      for(i=0; i<pSet->nBench; i++){
        zBench = pSet->aBench[i].zBench;
        if( rulesBenchName(iRs, zBench)!=zBench ) continue;
        if( n++==iRule ){
          *piRs = iRs;
          *pzBench = zBench;
          *pzKeys = 0;
          return 1;
        }
      }
      continue;
    }
    for(; rulesRequiredAt(j, &zRs, &zDiv, &zBench, &zKeys)
          && strcmp(zRs, pSet->zName)==0; j++){
      if( strcmp(zDiv, "closed")!=0 ) continue;
      if( n++==iRule ){
        *piRs = iRs;
        *pzBench = zBench;
        *pzKeys = zKeys;
        return 1;
      }
    }
  }
  return 0;
}

int rulesRowCount(void){
  int n = 0, iRs;
  const char *zBench, *zKeys;
  while( ruleRow(n, &iRs, &zBench, &zKeys) ) n++;
  return n;
}

int rulesRowGet(int iRule, RulesRow *p){
  int iRs;
  const char *zBench, *zKeys;
  const RulesSet *pSet;
  const RulesTarget *t;
  memset(p, 0, sizeof(*p));
  if( !ruleRow(iRule, &iRs, &zBench, &zKeys) ) return 0;
  pSet = rulesAt(iRs);
  t = rulesTarget(iRs, zBench);
  p->zRuleset = pSet->zName;
  p->zBench = zBench;
  p->bTarget = t!=0;
  if( t ) targetFormat(t, p->zTarget, sizeof(p->zTarget));
  t = rulesOpenTarget(iRs, zBench);
  p->bTargetOpen = t!=0;
  if( t ) targetFormat(t, p->zTargetOpen, sizeof(p->zTargetOpen));
  p->nMaxDropped = rulesMaxDropped(zBench, iRs);
  p->rInitClosed = pSet->rInitClosed;
  p->rInitOpen = pSet->rInitOpen;
  p->zRequiredClosed = zKeys;
  p->zRequiredOpen = rulesRequired(iRs, "open", zBench);
  p->zLogging = pSet->zLogging;
  p->pSet = pSet;
  p->pBench = rulesBench(iRs, zBench, 0);
  /* The RCP checker's unit, as converge.c reads it (none without one). */
  p->zProgressUnit = rulesUnitName(pSet->eConvEval!=RULES_CONV_NONE && p->pBench
                                   ? p->pBench->eUnit : RULES_UNIT_NONE);
  p->nRunsRequired = p->pBench ? p->pBench->nRunsRequired : 0;
  return 1;
}
