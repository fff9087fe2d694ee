/*
** verdict.c: the run verdicts (plain C; verdict.h): the convergence rules
** of MLCommons' compliance checker of the round (rulesets 0.7.0 on, each
** from mlcommons/logging at the round's tag; 0.6.0 and MLPerf HPC v0.7 by
** times only): no corrupt line, exactly one run_start and one run_stop,
** run_stop status "success", the quality target reached, init_stop -
** first init_start under the round's limit, and every key the checker
** requires present: every rule from the registry of ext/mlperf/rules.c.
** Nothing calls SQLite.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/verdict.h"
#include "mlperf/hash.h"
#include "base/util.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Convergence rules                                                      */

/* Add the keys of list z (rulesRequired) to p->aKey (bit eBit of eNeed; at
** least once with bit eBit<<2). Keys stay sorted for keyFind. */
static void addRequired(MllogRun *p, const char *z, int eBit){
  if( z==0 ) return;
  while( *z ){
    size_t n = strcspn(z, " ");
    int bAtLeast = n>0 && z[n-1]=='+';
    size_t nKey = bAtLeast ? n-1 : n;
    int i, j;
    if( nKey>0 && nKey<MLLOG_KEY_LEN ){
      for(i=0; i<p->nKey; i++){
        int c = strncmp(p->aKey[i].zKey, z, nKey);
        if( c==0 && p->aKey[i].zKey[nKey]==0 ) break;
        if( c>0 || (c==0 && p->aKey[i].zKey[nKey]!=0) ){ i = -1-i; break; }
      }
      if( i<0 || i==p->nKey ){
        int iAt = i<0 ? -1-i : i;
        if( p->nKey<MLLOG_KEYS_MAX ){
          for(j=p->nKey; j>iAt; j--) p->aKey[j] = p->aKey[j-1];
          memset(&p->aKey[iAt], 0, sizeof(p->aKey[iAt]));
          memcpy(p->aKey[iAt].zKey, z, nKey);
          p->nKey++;
          i = iAt;
        }else{
          i = -1;
        }
      }
      if( i>=0 ) p->aKey[i].eNeed |= bAtLeast ? (eBit<<2) : eBit;
    }
    z += n;
    while( *z==' ' ) z++;
  }
}

/*
** The slot of key z[0..n-1] in MllogRun.aKeySlot. Every line's key is
** hashed: from eight bytes at each end and the length, two multiplies,
** where FNV-1a would chain one multiply per byte (keys sharing both ends
** and the length only probe further).
*/
static unsigned keyHash(const char *z, size_t n){
  sqlite3_uint64 a, b;
  if( n<8 ) return (unsigned)(utilFnv1a(z, n) % (2*MLLOG_KEYS_MAX));
  memcpy(&a, z, 8);
  memcpy(&b, z+n-8, 8);
  a = (a ^ (b*UTIL_GOLDEN) ^ n) * 0xbf58476d1ce4e5b9ULL;
  return (unsigned)((a>>32) % (2*MLLOG_KEYS_MAX));
}

void mllogRunInit(MllogRun *p, const char *zBench, int iRuleset){
  int i;
  memset(p, 0, sizeof(*p));
  p->iRuleset = rulesAt(iRuleset) ? iRuleset : -1;
  p->pTarget = rulesTarget(p->iRuleset, zBench);
  p->bKnown = p->iRuleset>=0 && rulesBench(p->iRuleset, zBench, 0)!=0;
  p->pOpenTarget = rulesOpenTarget(p->iRuleset, zBench);
  if( p->bKnown ){
    const RulesEvalAt *e = &rulesBench(p->iRuleset, zBench, 0)->evalAt;
    if( e->eKind!=RULES_EVAL_NONE ) p->pEvalAt = e;
  }
  p->zReqClosed = rulesRequired(p->iRuleset, "closed", zBench);
  p->zReqOpen = rulesRequired(p->iRuleset, "open", zBench);
  addRequired(p, p->zReqClosed, 1);
  addRequired(p, p->zReqOpen, 2);
  for(i=0; i<p->nKey; i++){
    unsigned h = keyHash(p->aKey[i].zKey, strlen(p->aKey[i].zKey));
    while( p->aKeySlot[h] ) h = (h+1) % (2*MLLOG_KEYS_MAX);
    p->aKeySlot[h] = (unsigned char)(i+1);
  }
}

static int inRange(const RulesTarget *t, double v){
  if( t->bLoIncl ? !(v>=t->rLo) : !(v>t->rLo) ) return 0;
  if( isnan(t->rHi) ) return 1;
  return t->bHiIncl ? v<=t->rHi : v<t->rHi;
}

/* Copy JSON text s into z (size nz): a string decoded (U+0000 as the 6
** characters \u0000, so that z is the whole text: "open\u0000x" is not
** "open"), else raw; cut at a character boundary when it does not fit. */
static void copyJsonText(const MllogSpan *s, char *z, size_t nz){
  size_t n;
  if( s->z[0]=='"' ){
    mllogJsonStringCut(s, z, nz);
    return;
  }
  n = utilUtf8CutLen(s->z, s->n, nz-1);
  memcpy(z, s->z, n);
  z[n] = 0;
}

static void sdEval(MllogRun *p, const MllogLine *pLine, double v,
                   const RulesTarget *t){
  MllogSpan metric, samples;
  double rSamples;
  int bFid, bClip, i;
  if( !mllogJsonMember(&pLine->metadata, "metric", &metric) ) return;
  if( !mllogJsonMember(&pLine->metadata, t->zSdKey, &samples) ) return;
  if( !mllogJsonNumber(&samples, &rSamples, 0, 0) ) return;
  bFid = mllogJsonStringIs(&metric, "FID") && v<=t->rLo;
  bClip = mllogJsonStringIs(&metric, "CLIP") && v>=t->rLo2 && v<=t->rHi;
  if( !bFid && !bClip ) return;
  for(i=0; i<p->nSd && p->aSd[i].rSamples!=rSamples; i++){}
  if( i==p->nSd ){
    if( p->nSd>=MLLOG_SD_MAX ) return;
    p->aSd[i].rSamples = rSamples;
    p->nSd++;
  }
  if( bFid ) p->aSd[i].bFid = 1;
  if( bClip ) p->aSd[i].bClip = 1;
  if( p->aSd[i].bFid && p->aSd[i].bClip ) p->bReached = 1;
}

/* The largest count (number_of_nodes, accelerators_per_node) a log may
** state, as a systems file may (mlperf_systems). */
#define MLLOG_MAX_COUNT 1000000000.0

/* Whether a count the log states is out of its range: a whole number from
** rLo to MLLOG_MAX_COUNT. */
static int countBad(int bStated, double r, double rLo){
  return bStated && !(r>=rLo && r<=MLLOG_MAX_COUNT && r==floor(r));
}

/*
** The counts of an HPC log, checked (then zReason names the failed check
** and 1 is returned). Every HPC checker's {closed,open}_common.yaml checks
** number_of_nodes > 0 and accelerators_per_node >= 0 (bChecker: rulesets
** with a checker); beyond that, in every HPC ruleset, each must be a whole
** number up to MLLOG_MAX_COUNT, so that no product of them (the weak
** scaling's instance scale) leaves the integers a double holds exactly.
*/
static int hpcCountsBad(const MllogRun *p, char *zReason, size_t nReason,
                        int bChecker){
  if( countBad(p->bNodes, p->rNodes, bChecker ? 1.0 : 0.0) ){
    snprintf(zReason, nReason, "failed_check:number_of_nodes");
    return 1;
  }
  if( countBad(p->bPerNode, p->rPerNode, 0.0) ){
    snprintf(zReason, nReason, "failed_check:accelerators_per_node");
    return 1;
  }
  return 0;
}

/* An eval_error line: its value, and the target of a benchmark read from
** it (MLPerf HPC's cosmoflow and oc20, lower is better). */
static void evalError(MllogRun *p, const MllogLine *pLine){
  const RulesTarget *t = p->pTarget;
  double v;
  if( pLine->value.z==0 || !mllogJsonNumber(&pLine->value, &v, 0, 0) ) return;
  p->bEvalError = 1;
  p->rEvalError = v;
  if( t && t->bError && t->eKind==RULES_TARGET_RANGE && inRange(t, v) ) p->bReached = 1;
}

/* The first numeric value of a count the log states (number_of_nodes,
** accelerators_per_node), as the result summarizer reads it. */
static void firstCount(const MllogLine *pLine, int *pb, double *pr){
  if( *pb || pLine->value.z==0 ) return;
  if( mllogJsonNumber(&pLine->value, pr, 0, 0) ) *pb = 1;
}

/*
** The compliance checker's place for an evaluation (RulesEvalAt): the
** eval_accuracy line's samples_count against the global batch size b,
** b * floor(a + c/b) for the first (FIRST), b * ceil(a + c/b) + k*b for
** the k-th (EVERY), as its Python computes them (int() of the count, true
** division). A line without either number is elsewhere.
*/
static void evalAt(MllogRun *p, const MllogLine *pLine, int bValue, double v){
  const RulesEvalAt *e = p->pEvalAt;
  MllogSpan count;
  double rCount, rAt;
  if( e->eKind==RULES_EVAL_EVERY && !(bValue && v>=0.0 && v<=1.0) ){
    p->bEvalRangeFail = 1;
  }
  if( e->eKind==RULES_EVAL_FIRST && p->nEvalAt>0 ) return;
  if( !p->bBatch || !(p->rBatch>0.0)
   || !mllogJsonMember(&pLine->metadata, "samples_count", &count)
   || !mllogJsonNumber(&count, &rCount, 0, 0) || !isfinite(rCount) ){
    p->bEvalAtFail = 1;
    p->nEvalAt++;
    return;
  }
  if( e->eKind==RULES_EVAL_FIRST ){
    rAt = p->rBatch * floor(e->rA + e->rB/p->rBatch);
    if( trunc(rCount)!=rAt ) p->bEvalAtFail = 1;
  }else{
    rAt = p->rBatch * ceil(e->rA + e->rB/p->rBatch) + (double)p->nEvalAt*p->rBatch;
    if( rCount!=rAt ) p->bEvalAtFail = 1;
  }
  p->nEvalAt++;
}

/*
** Whether eval_accuracy line pLine meets target t, into *pbReached; the
** closed division's target (bClosed) also keeps the last value and
** stable_diffusion's evaluations. The open division's target, where it
** differs, is never stable_diffusion's (rules_open_targets.inc).
*/
static void evalTarget(MllogRun *p, const RulesTarget *t, const MllogLine *pLine,
                       int bClosed, int *pbReached){
  double v;
  if( t && t->bError ) t = 0;
  if( mllogJsonNumber(&pLine->value, &v, 0, 0) ){
    if( bClosed ){
      p->bEval = 1;
      p->rEval = v;
    }
    if( t==0 ) return;
    if( t->eKind==RULES_TARGET_RANGE && inRange(t, v) ) *pbReached = 1;
    if( t->eKind==RULES_TARGET_BERT07 && v<t->rHi
     && v>=(p->bBatch && p->rBatch>=t->rBatch ? t->rLo2 : t->rLo) ){
      *pbReached = 1;
    }
    if( t->eKind==RULES_TARGET_SD && bClosed ) sdEval(p, pLine, v, t);
  }else if( t && t->eKind==RULES_TARGET_MASK ){
    MllogSpan bbox, segm;
    double rBbox, rSegm;
    if( mllogJsonMember(&pLine->value, "BBOX", &bbox)
     && mllogJsonMember(&pLine->value, "SEGM", &segm)
     && mllogJsonNumber(&bbox, &rBbox, 0, 0)
     && mllogJsonNumber(&segm, &rSegm, 0, 0)
     && rBbox>=t->rLo && rBbox<t->rHi && rSegm>=t->rLo2 && rSegm<t->rHi ){
      *pbReached = 1;
    }
  }
}

static void evalAccuracy(MllogRun *p, const MllogLine *pLine){
  if( pLine->value.z==0 ) return;
  if( p->pEvalAt ){
    double w = 0.0;
    int bValue = mllogJsonNumber(&pLine->value, &w, 0, 0);
    evalAt(p, pLine, bValue, w);
  }
  evalTarget(p, p->pTarget, pLine, 1, &p->bReached);
  if( p->pOpenTarget ) evalTarget(p, p->pOpenTarget, pLine, 0, &p->bReachedOpen);
}

const char *const mllogPrecKey[MLLOG_PREC_N] = { "linear", "attn", "comm" };
const char *const mllogLayoutKey[MLLOG_LAYOUT_N] = {
  "tensor_parallelism", "pipeline_parallelism", "context_parallelism",
  "expert_parallelism", "micro_batch_size"
};

/* 1 if the JSON string s is one of the '|'-separated words of zList. */
static int wordIn(const char *zList, const MllogSpan *s){
  char zWord[MLLOG_PREC_LEN];
  while( *zList ){
    size_t n = strcspn(zList, "|");
    if( n<sizeof(zWord) ){
      memcpy(zWord, zList, n);
      zWord[n] = 0;
      if( mllogJsonStringIs(s, zWord) ) return 1;
    }
    zList += n + (zList[n]=='|');
  }
  return 0;
}

/* The ruleset's allowed precisions, or 0 when its checker knows none of
** the numerics and layout keys. */
static const char *runPrecisions(const MllogRun *p){
  const RulesSet *r = rulesAt(p->iRuleset);
  return r ? r->zPrecisions : 0;
}

/* lowest_numerical_precision_[in_]{linear,attn,comm}: zTail is the key
** after "lowest_numerical_precision_". */
static void precisionKey(MllogRun *p, const char *zTail, const MllogLine *pLine){
  const char *zAllowed = runPrecisions(p);
  int bIn = strncmp(zTail, "in_", 3)==0;
  int i;
  if( bIn ) zTail += 3;
  for(i=0; i<MLLOG_PREC_N && strcmp(zTail, mllogPrecKey[i]); i++){}
  if( i==MLLOG_PREC_N ) return;
  p->ePrecSpelling |= bIn ? 1 : 2;
  /* common.yaml's CHECK: v['value'] in [...], on the _in_ keys only (the
  ** other spelling is a key the checker does not know). */
  if( bIn && zAllowed && p->iPrecBad==0
   && (pLine->value.z==0 || !wordIn(zAllowed, &pLine->value)) ){
    p->iPrecBad = i+1;
  }
  if( pLine->value.z==0 ) return;
  if( p->ePrecFrom[i]==0 || (bIn && p->ePrecFrom[i]==2) ){
    copyJsonText(&pLine->value, p->aPrec[i], MLLOG_PREC_LEN);
    p->ePrecFrom[i] = bIn ? 1 : 2;
  }
}

/* 1 if the JSON value s is the literal zLit (true, false, null). */
static int jsonIsLiteral(const MllogSpan *s, const char *zLit){
  size_t n = strlen(zLit);
  return s->n==n && memcmp(s->z, zLit, n)==0;
}

/* One of the layout keys (mllogLayoutKey[i]): its first numeric value;
** common.yaml's CHECK is_integer(v['value']), abs(round(v) - v) < 1e-5
** (Python's True and False pass it). */
static void layoutKey(MllogRun *p, int i, const MllogLine *pLine){
  double r = 0.0;
  int bInt = 0;
  sqlite3_int64 iv = 0;
  int bNum = pLine->value.z && mllogJsonNumber(&pLine->value, &r, &bInt, &iv);
  if( runPrecisions(p) && p->iLayoutBad==0 ){
    int bBool = pLine->value.z && (jsonIsLiteral(&pLine->value, "true")
                                  || jsonIsLiteral(&pLine->value, "false"));
    if( !bBool && !(bNum && isfinite(r) && fabs(round(r)-r)<0.00001) ){
      p->iLayoutBad = i+1;
    }
  }
  if( bNum && !p->aLayoutSet[i] ){
    p->aLayoutSet[i] = 1;
    p->aLayout[i] = r;
    p->aLayoutInt[i] = bInt;
    p->aLayoutI64[i] = iv;
  }
}

/* Count an occurrence of zKey if the rules require it. */
static void countKey(MllogRun *p, const char *zKey, size_t nKey,
                     const MllogLine *pLine){
  /* A plain key hashed where the line holds it: read from the copy just
  ** written, eight bytes at once, it waits for the copy's stores. */
  unsigned h = keyHash(pLine->bKeyPlain ? pLine->key.z+1 : zKey, nKey);
  while( p->aKeySlot[h] ){
    MllogKeyCount *k = &p->aKey[p->aKeySlot[h]-1];
    if( memcmp(k->zKey, zKey, nKey+1)==0 ){
      sqlite3_uint64 hv = mllogJsonHash(&pLine->value);
      if( k->nSeen==0 ) k->hFirst = hv;
      else if( hv!=k->hFirst ) k->bDiffer = 1;
      k->nSeen++;
      return;
    }
    h = (h+1) % (2*MLLOG_KEYS_MAX);
  }
}

void mllogRunLine(MllogRun *p, const MllogLine *pLine){
  /* The keys of interest have fewer than MLLOG_KEY_LEN characters, so at
  ** most 6 times that many bytes of JSON text even when every one is a \u
  ** escape. */
  char zKey[6*MLLOG_KEY_LEN];
  size_t nKey;
  p->nLines++;
  if( pLine==0 ){
    p->nCorrupt++;
    return;
  }
  if( pLine->key.n<3 || pLine->key.n-2>=sizeof(zKey) ) return;
  nKey = pLine->key.n-2;
  memcpy(zKey, pLine->key.z+1, nKey);
  zKey[nKey] = 0;
  if( !pLine->bKeyPlain ){
    /* Decoded; a key holding a NUL (\u0000, decoded as those 6
    ** characters) is none of ours. */
    long long nOut = mllogJsonString(&pLine->key, zKey);
    if( nOut<0 ) return;
    nKey = (size_t)nOut;
  }
  if( p->nKey && nKey<MLLOG_KEY_LEN ) countKey(p, zKey, nKey, pLine);
  switch( zKey[0] ){
    case 'a':
      if( strcmp(zKey, "accelerators_per_node")==0 ){
        firstCount(pLine, &p->bPerNode, &p->rPerNode);
      }
      break;
    case 'l':
      if( strncmp(zKey, "lowest_numerical_precision_", 27)==0 ){
        precisionKey(p, zKey+27, pLine);
      }
      break;
    case 't': case 'p': case 'c': case 'm':
      /* Most keys here (train_loss, power_reading) are none of them: the
      ** second byte tells without a call. */
      for(int i=0; i<MLLOG_LAYOUT_N; i++){
        if( zKey[1]==mllogLayoutKey[i][1] && strcmp(zKey, mllogLayoutKey[i])==0 ){
          layoutKey(p, i, pLine);
        }
      }
      break;
    case 'e':
      if( strcmp(zKey, "eval_accuracy")==0 ) evalAccuracy(p, pLine);
      else if( strcmp(zKey, "eval_error")==0 ) evalError(p, pLine);
      else if( strcmp(zKey, "expert_parallelism")==0 ) layoutKey(p, 3, pLine);
      break;
    case 'n':
      if( strcmp(zKey, "number_of_nodes")==0 ){
        firstCount(pLine, &p->bNodes, &p->rNodes);
      }
      break;
    case 'g':
      if( strcmp(zKey, "global_batch_size")==0 && !p->bBatch
       && pLine->value.z
       && mllogJsonNumber(&pLine->value, &p->rBatch, &p->bBatchInt, &p->iBatch) ){
        p->bBatch = 1;
      }
      break;
    case 'i':
      if( strcmp(zKey, "init_start")==0 ){
        double rTime = mllogLineTimeMs(pLine);
        if( !p->bInitStart || rTime<p->rInitStartMin ) p->rInitStartMin = rTime;
        p->bInitStart = 1;
      }else if( strcmp(zKey, "init_stop")==0 && p->bInitStart ){
        double d = mllogLineTimeMs(pLine) - p->rInitStartMin;
        if( !p->bInitChecked || d>p->rInitWorst ) p->rInitWorst = d;
        p->bInitChecked = 1;
      }
      break;
    case 'r':
      if( strcmp(zKey, "run_start")==0 ){
        if( p->nRunStart++==0 ){
          p->rRunStart = mllogLineTimeMs(pLine);
          p->rStartS = mllogLineTime(pLine);
          p->bSeconds = pLine->bSeconds;
        }
      }else if( strcmp(zKey, "run_stop")==0 ){
        if( p->nRunStop++==0 ){
          MllogSpan status;
          p->rRunStop = mllogLineTimeMs(pLine);
          p->rStopS = mllogLineTime(pLine);
          if( mllogJsonMember(&pLine->metadata, "status", &status) ){
            p->bStatus = 1;
            /* Compared whole: "success\u0000x" is not a success. */
            p->bSuccess = mllogJsonStringIs(&status, "success");
            copyJsonText(&status, p->zStatus, sizeof(p->zStatus));
          }
        }
      }
      break;
    case 's':
      if( strcmp(zKey, "staging_start")==0 ){
        if( p->nRunStart==0 ) p->bStagingEarly = 1;
        p->bStagingStart = 1;
      }else if( strcmp(zKey, "staging_stop")==0 ){
        if( !p->bStagingStart ) p->bStagingStopFirst = 1;
      }else if( strcmp(zKey, "submission_division")==0 && pLine->value.z
       && !p->bDivision ){
        copyJsonText(&pLine->value, p->zDivision, sizeof(p->zDivision));
        p->bDivision = 1;
      }
      break;
  }
}

int mllogRunMinutes(const MllogRun *p, double *pr){
  if( p->nRunStart==0 || p->nRunStop==0 || !(p->rRunStop>=p->rRunStart) ) return 0;
  *pr = p->bSeconds ? (p->rStopS - p->rStartS)/60.0
                    : (p->rRunStop - p->rRunStart)/60000.0;
  return 1;
}

/*
** The first required key the log lacks (or repeats with different values),
** as reason text in zReason; 0 when every required key is there. A log
** without a known division is judged by the closed rules (the checker
** itself stops at the missing submission_division, a required key).
*/
static int missingKey(const MllogRun *p, char *zReason, size_t nReason){
  int eBit = strcmp(p->zDivision, "open")==0 ? 2 : 1;
  int i;
  for(i=0; i<p->nKey; i++){
    const MllogKeyCount *k = &p->aKey[i];
    if( (k->eNeed & eBit) && (k->nSeen==0 || k->bDiffer) ){
      snprintf(zReason, nReason, "%s:%s",
               k->nSeen==0 ? "missing_key" : "conflicting_key", k->zKey);
      return 1;
    }
    if( (k->eNeed & (eBit<<2)) && k->nSeen==0 ){
      snprintf(zReason, nReason, "missing_key:%s", k->zKey);
      return 1;
    }
  }
  return 0;
}

/* The v0.6 summarizer's rule (bTimesOnly): the first run_start and
** run_stop lines, of a benchmark the ruleset names. */
static int verdictTimesOnly(const MllogRun *p, char *zReason, size_t nReason){
  if( !p->bKnown ){
    snprintf(zReason, nReason, "unknown_benchmark");
  }else if( (p->nRunStart==0 || p->nRunStop==0) && p->nCorrupt ){
    /* Unreadable lines are skipped, but where a time is missing one of
    ** them may have held it (a time of 1e400, a line past the reader's
    ** limit): that is the reason to give. */
    snprintf(zReason, nReason, "malformed_line");
  }else if( p->nRunStart==0 ){
    snprintf(zReason, nReason, "missing_run_start");
  }else if( p->nRunStop==0 ){
    snprintf(zReason, nReason, "missing_run_stop");
  }else if( !(p->rRunStop>=p->rRunStart) ){
    snprintf(zReason, nReason, "negative_duration");
  }else{
    zReason[0] = 0;
    return 1;
  }
  return 0;
}

int mllogRunVerdict(const MllogRun *p, char *zReason, size_t nReason){
  double rLimit;
  if( p->iRuleset>=0 && rulesAt(p->iRuleset)->bTimesOnly ){
    return verdictTimesOnly(p, zReason, nReason);
  }
  int eSuite = p->iRuleset>=0 ? rulesAt(p->iRuleset)->eSuite : RULES_SUITE_TRAINING;
  if( p->nCorrupt ){
    snprintf(zReason, nReason, "malformed_line");
  }else if( p->nRunStart==0 ){
    snprintf(zReason, nReason, "missing_run_start");
  }else if( eSuite==RULES_SUITE_HPC_UNCHECKED ){
    /* No compliance step: a run that logs its start and stop counts. */
    if( p->nRunStop==0 ){
      snprintf(zReason, nReason, "missing_run_stop");
      return 0;
    }
    if( hpcCountsBad(p, zReason, nReason, 0) ) return 0;
    if( nReason ) zReason[0] = 0;
    return 1;
  }else if( p->nRunStart>1 ){
    snprintf(zReason, nReason, "duplicate_run_start");
  }else if( p->nRunStop==0 ){
    snprintf(zReason, nReason, "missing_run_stop");
  }else if( p->nRunStop>1 ){
    snprintf(zReason, nReason, "duplicate_run_stop");
  }else if( !(p->rRunStop>=p->rRunStart) ){
    snprintf(zReason, nReason, "negative_duration");
  }else if( eSuite==RULES_SUITE_HPC ? !p->bStatus : !p->bSuccess ){
    /* HPC's checker asks only that run_stop state a status. */
    snprintf(zReason, nReason, "status:%s", p->bStatus ? p->zStatus : "null");
  }else if( eSuite==RULES_SUITE_HPC && p->bStagingStopFirst ){
    snprintf(zReason, nReason, "staging_stop_before_start");
  }else if( eSuite==RULES_SUITE_HPC && p->bStagingEarly
         && rulesAt(p->iRuleset)->bStagingTimed ){
    snprintf(zReason, nReason, "staging_before_run_start");
  }else if( p->iRuleset>=0 && p->pTarget==0 && p->zReqClosed==0 ){
    snprintf(zReason, nReason, "unknown_benchmark");
  }else if( strcmp(p->zDivision, "open")==0 && p->pOpenTarget ? !p->bReachedOpen
           : (p->pTarget && !p->bReached) ){
    snprintf(zReason, nReason, "target_not_reached");
  }else{
    int bOpen = strcmp(p->zDivision, "open")==0;
    /* No ruleset given: Training's newest one's limits. */
    const RulesSet *pSet = rulesAt(p->iRuleset>=0 ? p->iRuleset : rulesNewestTraining());
    rLimit = bOpen ? pSet->rInitOpen : pSet->rInitClosed;
    rLimit *= 60.0*1000.0;
    if( p->bInitChecked && !isnan(rLimit) && !(p->rInitWorst<rLimit) ){
      snprintf(zReason, nReason, "init_too_slow");
    }else if( missingKey(p, zReason, nReason) ){
      /* zReason set */
    }else if( p->bEvalRangeFail || (p->bEvalAtFail && !bOpen) ){
      /* The checker's CHECK (EVERY: both divisions check the value) or
      ** FIRST_CHECK of eval_accuracy (the closed division's place). */
      snprintf(zReason, nReason, "failed_check:eval_accuracy");
    }else if( p->iPrecBad ){
      snprintf(zReason, nReason, "failed_check:lowest_numerical_precision_in_%s",
               mllogPrecKey[p->iPrecBad-1]);
    }else if( p->iLayoutBad ){
      snprintf(zReason, nReason, "failed_check:%s", mllogLayoutKey[p->iLayoutBad-1]);
    }else if( eSuite==RULES_SUITE_HPC && hpcCountsBad(p, zReason, nReason, 1) ){
      /* zReason set */
    }else{
      if( nReason ) zReason[0] = 0;
      return 1;
    }
  }
  return 0;
}
