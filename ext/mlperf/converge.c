/*
** converge.c: what MLCommons' rcp_checker reads from one log, the progress
** at convergence (converged_at) and the evaluation before it (plain C;
** converge.h). Nothing calls SQLite.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/converge.h"
#include "mlperf/rules.h"
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------- */
/* The RCP checker's reading: converged_at                                */

/*
** How rcp_checker.py reads a log is the ruleset's (rules.h: eConvEval,
** bKeyStop, zSdStep; RulesBench.bSamplesCount), and the unit of each benchmark's progress
** the registry's (RulesBench.eUnit).
*/
/* The texts the checker looks for in a line, as bits. */
#define CONV_HAS_BATCH 1    /* global_batch_size */
#define CONV_HAS_BENCH 2    /* submission_benchmark */
#define CONV_HAS_ACC   4    /* eval_accuracy */
#define CONV_HAS_ERR   8    /* eval_error */
#define CONV_HAS_STOP  16   /* run_stop */

/* 1 if the JSON string s names a benchmark of ruleset r that the RCP
** checker reads by samples_count (RulesBench.bSamplesCount). */
static int convSamplesCount(const RulesSet *r, const MllogSpan *s){
  int i;
  for(i=0; i<r->nBench; i++){
    if( r->aBench[i].bSamplesCount && mllogJsonStringIs(s, r->aBench[i].zBench) ){
      return 1;
    }
  }
  return 0;
}

/*
** Which of the checker's texts starts around the underscore at z[i] (each
** has one, and the byte after it tells them apart).
*/
static int convAt(const char *z, size_t n, size_t i){
#define CONV_AT(zText, nBefore, eBit) \
  if( i>=nBefore && i-nBefore+sizeof(zText)-1<=n \
   && memcmp(z+i-nBefore, zText, sizeof(zText)-1)==0 ) return eBit
  if( i+1>=n ) return 0;
  switch( z[i+1] ){
    case 'b':
      CONV_AT("global_batch_size", 6, CONV_HAS_BATCH);
      CONV_AT("submission_benchmark", 10, CONV_HAS_BENCH);
      break;
    case 'a': CONV_AT("eval_accuracy", 4, CONV_HAS_ACC); break;
    case 'e': CONV_AT("eval_error", 4, CONV_HAS_ERR); break;
    case 's': CONV_AT("run_stop", 3, CONV_HAS_STOP); break;
  }
#undef CONV_AT
  return 0;
}

/*
** Which of the checker's texts payload z[0..n-1] holds, anywhere (inside
** strings too, as Python's `in` finds them): one pass over the line's
** underscores, sixteen bytes at a time where SSE2 is at hand.
**
** Only the underscores that follow an 'l' or an 'n' reach convAt: each
** text has one (globa[l]_, submissio[n]_, eva[l]_, ru[n]_), and
** (c|2)=='n' holds for exactly those two bytes, so one compare tests
** both. The last block overlaps the one before rather than going byte by
** byte; positions already seen are masked off.
*/
static int convScan(const char *z, size_t n){
  size_t i = 1;               /* an underscore at 0 follows nothing */
  int m = 0;
#if defined(__SSE2__)
  if( n>=17 ){
    const __m128i us = _mm_set1_epi8('_');
    const __m128i two = _mm_set1_epi8(2);
    const __m128i ln = _mm_set1_epi8('n');
#define CONV_BLOCK_MASK(iBlock) (unsigned)_mm_movemask_epi8(_mm_and_si128( \
        _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(z+(iBlock))), us), \
        _mm_cmpeq_epi8(_mm_or_si128( \
            _mm_loadu_si128((const __m128i*)(z+(iBlock)-1)), two), ln)))
    unsigned mask;
    for(; i+16<=n; i+=16){
      for(mask=CONV_BLOCK_MASK(i); mask; mask&=mask-1){
        m |= convAt(z, n, i+(size_t)__builtin_ctz(mask));
      }
    }
    if( i<n ){
      /* z[n-16..n-1], less the positions before i (seen above) */
      for(mask=CONV_BLOCK_MASK(n-16) & (0xffffu<<(i-(n-16))); mask; mask&=mask-1){
        m |= convAt(z, n, n-16+(size_t)__builtin_ctz(mask));
      }
    }
#undef CONV_BLOCK_MASK
    return m;
  }
#endif
  for(; i<n; i++){
    if( z[i]=='_' && (z[i-1]|2)=='n' ) m |= convAt(z, n, i);
  }
  return m;
}

/* A value as Python compares it with a number: numbers, and true and
** false (1 and 0). 0 for anything else. */
static int convNumber(const MllogSpan *s, double *pr){
  if( s->z && s->n==4 && memcmp(s->z, "true", 4)==0 ){ *pr = 1.0; return 1; }
  if( s->z && s->n==5 && memcmp(s->z, "false", 5)==0 ){ *pr = 0.0; return 1; }
  return mllogJsonNumber(s, pr, 0, 0);
}

/* A value Python cannot hash (a dict key): an array or an object. */
static int convUnhashable(const MllogSpan *s){
  return s->z[0]=='[' || s->z[0]=='{';
}

double mllogRound3(double x){
  char z[400];       /* "%.3f" of the largest double: 313 bytes */
  if( !isfinite(x) ) return x;
  snprintf(z, sizeof(z), "%.3f", x);
  return strtod(z, 0);
}

void mllogConvInit(MllogConv *p, const char *zBench, int iRuleset){
  const RulesSet *r = rulesAt(iRuleset);
  const RulesBench *pBench;
  memset(p, 0, offsetof(MllogConv, aStep));
  p->iRules = -1;
  if( r==0 || r->eConvEval==RULES_CONV_NONE ) return;
  p->iRules = iRuleset;
  pBench = rulesBench(iRuleset, zBench, 0);
  p->eUnit = pBench ? pBench->eUnit : RULES_UNIT_NONE;
}

/*
** An eval line read for its progress, metadata member zKey (epoch_num,
** rounded to 3 decimals as the checker does, or samples_count). The
** checker fails without it, and round() fails on a value not a number.
*/
static void convProgress(MllogConvMode *m, const MllogLine *pLine,
                         const char *zKey, int bRound){
  MllogSpan v;
  double r;
  int bNumber;
  if( m->bFail ) return;
  if( pLine==0 || !mllogJsonMember(&pLine->metadata, zKey, &v) ){
    m->bFail = 1;
    return;
  }
  bNumber = convNumber(&v, &r);
  if( m->eProgress!=0 && !(m->eProgress==1 && bNumber && r==m->rProgress) ){
    /* A new evaluation (a line repeating the progress of the last one, as
    ** a second metric of the same eval does, is the same evaluation): the
    ** last one becomes the one before. */
    m->ePrev = m->eProgress;
    m->rPrev = m->rProgress;
  }
  if( bNumber ){
    m->eProgress = 1;
    m->rProgress = r;        /* rounded only if it is the result: the same
                             ** value, without a printf per eval line */
    m->bRound = bRound;
  }else if( bRound ){
    m->bFail = 1;
  }else{
    m->eProgress = 2;
  }
  /* samples_count lines: eval_score = ...["value"] */
  if( !bRound && pLine->value.z==0 ) m->bFail = 1;
}

/*
** A stable_diffusion eval line: the checker keeps the last value of each
** (step, metric). A step that is not a number is taken as a failure (the
** checker would carry it into min() and its statistics).
*/
static void convSdEval(MllogConv *p, const char *zStep, const MllogLine *pLine){
  MllogSpan step, metric;
  double rStep, v;
  MllogConvStep *s;
  int i, eVal;
  if( pLine==0
   || !mllogJsonMember(&pLine->metadata, zStep, &step)
   || !mllogJsonMember(&pLine->metadata, "metric", &metric)
   || pLine->value.z==0
   || convUnhashable(&metric)
   || !convNumber(&step, &rStep) ){
    p->bFail = 1;
    return;
  }
  for(i=0; i<p->nStep && p->aStep[i].rStep!=rStep; i++){}
  if( i==p->nStep ){
    if( p->nStep>=MLLOG_CONV_STEPS ){
      p->bFail = 1;
      return;
    }
    memset(&p->aStep[i], 0, sizeof(p->aStep[i]));
    p->aStep[i].rStep = rStep;
    p->nStep++;
  }
  s = &p->aStep[i];
  eVal = convNumber(&pLine->value, &v) ? 1 : 2;
  if( mllogJsonStringIs(&metric, "FID") ){
    s->eFid = (unsigned char)eVal;
    s->rFid = v;
  }else if( mllogJsonStringIs(&metric, "CLIP") ){
    s->eClip = (unsigned char)eVal;
    s->rClip = v;
  }
}

/*
** At a successful run_stop of stable_diffusion: the smallest step whose
** FID <= rSdFidMax and CLIP >= rSdClipMin (the ruleset's), into *pr. 0 where the checker fails: a step
** without FID, or with FID <= 90 and no CLIP (KeyError), a value no number
** compares with (TypeError), no passing step (min of nothing).
*/
static int convSdPass(const MllogConv *p, double *pr){
  const RulesSet *r = rulesAt(p->iRules);
  int i, bAny = 0;
  for(i=0; i<p->nStep; i++){
    const MllogConvStep *s = &p->aStep[i];
    if( s->eFid!=1 ) return 0;
    if( !(s->rFid<=r->rSdFidMax) ) continue;
    if( s->eClip!=1 ) return 0;
    if( s->rClip>=r->rSdClipMin && (!bAny || s->rStep<*pr) ){
      *pr = s->rStep;
      bAny = 1;
    }
  }
  return bAny;
}

/*
** The largest evaluated step below the passing step rPass (any step with
** an eval line, passing or not), into *pr; 0 when there is none.
*/
static int convSdBefore(const MllogConv *p, double rPass, double *pr){
  int i, bAny = 0;
  for(i=0; i<p->nStep; i++){
    double rStep = p->aStep[i].rStep;
    if( rStep<rPass && (!bAny || rStep>*pr) ){
      *pr = rStep;
      bAny = 1;
    }
  }
  return bAny;
}

/* The eval lines of a line holding eval_accuracy and/or eval_error. */
static void convEval(MllogConv *p, const RulesSet *r, int m,
                     const MllogLine *pLine){
  if( r->eConvEval==RULES_CONV_DETECT ){
    if( m & CONV_HAS_ACC ) convProgress(&p->aMode[0], pLine, "epoch_num", 1);
    if( m & CONV_HAS_ERR ) convProgress(&p->aMode[1], pLine, "epoch_num", 1);
  }else if( p->eBench==1 ){
    convSdEval(p, r->zSdStep, pLine);
  }else if( p->eBench==2 ){
    convProgress(&p->aMode[0], pLine, "samples_count", 0);
  }else{
    convProgress(&p->aMode[0], pLine, "epoch_num", 1);
  }
}

/* A run_stop line: its status decides, for each kind of eval line. */
static void convStop(MllogConv *p, const RulesSet *r,
                     const MllogLine *pLine){
  MllogSpan status;
  int nMode = r->eConvEval==RULES_CONV_DETECT ? 2 : 1;
  int bSuccess, k;
  if( pLine && r->bKeyStop && !mllogJsonStringIs(&pLine->key, "run_stop") ){
    return;
  }
  if( pLine==0 || !mllogJsonMember(&pLine->metadata, "status", &status) ){
    p->bFail = 1;
    return;
  }
  p->nStop++;
  bSuccess = mllogJsonStringIs(&status, "success");
  for(k=0; k<nMode; k++){
    MllogConvMode *m = &p->aMode[k];
    if( m->bFail ) continue;
    if( !bSuccess ){
      m->eResult = 2;
      continue;
    }
    if( p->eBench==1 ){
      if( !convSdPass(p, &m->rProgress) ){
        p->bFail = 1;
        return;
      }
      m->eProgress = 1;
      m->bRound = 0;
      m->ePrev = convSdBefore(p, m->rProgress, &m->rPrev);
    }
    if( m->eProgress==0 ){
      /* From 3.0.0 the checker fails (no progress read yet); before, it
      ** takes the progress of the log it read before this one. */
      m->bFail = 1;
      continue;
    }
    m->eResult = m->eProgress==1 ? 1 : 3;
    m->rResult = m->rProgress;
    m->bRoundResult = m->bRound;
    m->eAfter = m->ePrev;
    m->rAfter = m->rPrev;
  }
}

void mllogConvLine(MllogConv *p, const char *z, size_t n,
                   const MllogLine *pLine){
  const RulesSet *r;
  int m;
  if( p->iRules<0 || p->eUnit==0 || p->bFail ) return;
  if( z==0 ){
    p->bFail = 1;              /* a line too long to read: unknown */
    return;
  }
  r = rulesAt(p->iRules);
  m = convScan(z, n);
  if( m & CONV_HAS_ERR ) p->bEvalError = 1;
  if( r->eConvEval!=RULES_CONV_EITHER ) m &= ~CONV_HAS_BENCH;
  if( r->eConvEval==RULES_CONV_ACCURACY ) m &= ~CONV_HAS_ERR;
  if( m==0 ) return;
  /* bs = json.loads(str)["value"], benchmark = json.loads(str)["value"] */
  if( (m & (CONV_HAS_BATCH|CONV_HAS_BENCH)) && (pLine==0 || pLine->value.z==0) ){
    p->bFail = 1;
    return;
  }
  if( m & CONV_HAS_BENCH ){
    if( r->zSdStep && mllogJsonStringIs(&pLine->value, "stable_diffusion") ){
      p->eBench = 1;
    }else{
      p->eBench = convSamplesCount(r, &pLine->value) ? 2 : 0;
    }
  }
  if( m & (CONV_HAS_ACC|CONV_HAS_ERR) ) convEval(p, r, m, pLine);
  if( m & CONV_HAS_STOP ) convStop(p, r, pLine);
}

int mllogConvResult(const MllogConv *p, double *pr){
  const RulesSet *r;
  const MllogConvMode *m;
  if( p->iRules<0 || p->eUnit==0 || p->bFail ) return 0;
  r = rulesAt(p->iRules);
  m = &p->aMode[r->eConvEval==RULES_CONV_DETECT && p->bEvalError ? 1 : 0];
  if( m->bFail || m->eResult!=1 ) return 0;
  /* Before 3.0.0 a log with no run_stop line, or several, adds as many
  ** entries to the checker's list: none is this run's alone. */
  if( r->eConvEval!=RULES_CONV_EITHER && p->nStop!=1 ) return 0;
  *pr = m->bRoundResult ? mllogRound3(m->rResult) : m->rResult;
  return 1;
}

int mllogConvAfter(const MllogConv *p, double *pr){
  const MllogConvMode *m;
  double rAt, rAfter;
  if( !mllogConvResult(p, &rAt) ) return 0;
  m = &p->aMode[rulesAt(p->iRules)->eConvEval==RULES_CONV_DETECT
                && p->bEvalError ? 1 : 0];
  if( m->eAfter!=1 ) return 0;
  rAfter = m->bRoundResult ? mllogRound3(m->rAfter) : m->rAfter;
  if( !(rAfter<rAt) ) return 0;
  *pr = rAfter;
  return 1;
}

const char *mllogConvUnit(const MllogConv *p){
  return rulesUnitName(p->eUnit);
}
