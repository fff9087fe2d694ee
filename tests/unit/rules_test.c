/*
** rules_test.c: C unit tests of ext/mlperf/rules.c, the registry (no SQL):
** versions compare as versions (a total order), the registry's entries
** are consistent with one another (names and rounds in version order,
** benchmarks sorted, a unit of progress only where a checker reads one,
** the checker's samples list beside the units), and the lookups (rulesets,
** benchmarks, max dropped, required keys, availability). Exits 0 when every
** check passes.
*/
#include "sqlite3.h"
#include "mlperf/rules.h"
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include "check.h"

static int cmp(const char *a, const char *b){
  int c = rulesVersionCompare(a, strlen(a), b, strlen(b));
  return (c>0) - (c<0);
}

static void testVersionCompare(void){
  static const struct { const char *a, *b; int want; } aCase[] = {
    { "9.0.0",  "10.0.0", -1 },
    { "10.0.0", "9.9.9",   1 },
    { "5.1.0",  "5.1.0",   0 },
    { "0.6.0",  "0.7.0",  -1 },
    { "v4.1",   "v4.10",  -1 },
    { "v4.9",   "v4.10",  -1 },
    { "v10.0",  "v9.9",    1 },
    { "4.1.0",  "4.1",     1 },
    { "",       "0",      -1 },
    { "",       "",        0 },
    { "1",      "01",      1 },       /* equal as versions: bytes decide */
    { "01",     "1",      -1 },
    { "1.0.0",  "hpc_1.0.0", -1 },   /* a digit before a letter, as bytes */
    { "hpc_1.0.0", "hpc_3.0.0", -1 },
    { "2.0.0-rc1", "2.0.0", 1 },
    { "00000000000000000000012", "11", 1 },  /* runs longer than a long */
  };
  size_t i, j, k;
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    CHECK( cmp(aCase[i].a, aCase[i].b)==aCase[i].want, "'%s' '%s': %d",
           aCase[i].a, aCase[i].b, cmp(aCase[i].a, aCase[i].b) );
    CHECK( cmp(aCase[i].b, aCase[i].a)==-aCase[i].want, "'%s' '%s' reversed",
           aCase[i].a, aCase[i].b );
  }
  /* Transitive on every triple of the cases' texts. */
  for(i=0; i<sizeof(aCase)/sizeof(aCase[0]); i++){
    for(j=0; j<sizeof(aCase)/sizeof(aCase[0]); j++){
      for(k=0; k<sizeof(aCase)/sizeof(aCase[0]); k++){
        const char *x = aCase[i].a, *y = aCase[j].b, *z = aCase[k].a;
        if( cmp(x, y)<=0 && cmp(y, z)<=0 ){
          CHECK( cmp(x, z)<=0, "'%s' <= '%s' <= '%s'", x, y, z );
        }
      }
    }
  }
  /* The length counts, not a NUL: "1.0\0x" is not "1.0". */
  CHECK( rulesVersionCompare("1.0\0x", 5, "1.0", 3)>0 );
}

static void testRegistry(void){
  int i, j, n = rulesCount();
  CHECK( n>=11 && rulesAt(n)==0 && rulesAt(-1)==0 );
  for(i=0; i<n; i++){
    const RulesSet *p = rulesAt(i);
    CHECK( rulesFind(p->zName)==i, "%s", p->zName );
    CHECK( p->zRound && p->zLogFormat && p->zLogging, "%s", p->zName );
    /* Init limits, unless the ruleset checks times only or has no
    ** compliance step (both NAN). */
    if( p->bTimesOnly || p->eSuite==RULES_SUITE_HPC_UNCHECKED ){
      CHECK( isnan(p->rInitClosed) && isnan(p->rInitOpen), "%s", p->zName );
    }else{
      CHECK( p->rInitClosed>0 && p->rInitOpen>=p->rInitClosed, "%s", p->zName );
    }
    CHECK( strcmp(p->zLogFormat, "mllog")==0 || strcmp(p->zLogFormat, "mll")==0, "%s", p->zName );
    CHECK( (p->eConvEval==RULES_CONV_NONE)==(p->zRcpLogging==0), "%s", p->zName );
    CHECK( rulesFindRound(p->zRound, p->eSuite)==i, "%s", p->zRound );
    CHECK( (p->zSdStep==0)==(p->rSdFidMax==0.0 && p->rSdClipMin==0.0), "%s", p->zName );
    if( i>0 ){
      const RulesSet *q = rulesAt(i-1);
      CHECK( cmp(q->zName, p->zName)<0, "%s before %s", q->zName, p->zName );
      /* Training's rulesets, then MLPerf HPC's (rounds v0.7 on again). */
      CHECK( q->eSuite==RULES_SUITE_TRAINING || p->eSuite!=RULES_SUITE_TRAINING,
             "%s after %s", p->zName, q->zName );
      if( (q->eSuite==RULES_SUITE_TRAINING)==(p->eSuite==RULES_SUITE_TRAINING) ){
        CHECK( cmp(q->zRound, p->zRound)<0, "%s before %s", q->zRound, p->zRound );
      }
    }
    for(j=0; j<p->nBench; j++){
      const RulesBench *b = &p->aBench[j];
      if( j>0 ) CHECK( strcmp(p->aBench[j-1].zBench, b->zBench)<0, "%s %s", p->zName, b->zBench );
      CHECK( b->nMaxDropped>=0 && b->rMinMeanOffset>=0, "%s %s", p->zName, b->zBench );
      CHECK( b->target.eKind>=RULES_TARGET_NONE && b->target.eKind<=RULES_TARGET_BERT07 );
      /* A unit only where the ruleset has an RCP checker. */
      if( p->eConvEval==RULES_CONV_NONE ){
        CHECK( b->eUnit==RULES_UNIT_NONE, "%s %s", p->zName, b->zBench );
      }
      /* The checker reads samples_count for the benchmarks marked so,
      ** for stable_diffusion by zSdStep; bert's epoch_num holds samples. */
      if( strcmp(b->zBench, "stable_diffusion")==0 && b->eUnit!=RULES_UNIT_NONE ){
        CHECK( p->zSdStep!=0 && (b->eUnit==RULES_UNIT_STEPS)==(strcmp(p->zSdStep, "step_num")==0),
               "%s", p->zName );
        CHECK( !b->bSamplesCount, "%s", p->zName );
      }else if( b->bSamplesCount ){
        CHECK( b->eUnit==RULES_UNIT_SAMPLES, "%s %s", p->zName, b->zBench );
      }else if( b->eUnit==RULES_UNIT_SAMPLES ){
        CHECK( strcmp(b->zBench, "bert")==0, "%s %s", p->zName, b->zBench );
      }
      CHECK( b->eUnit!=RULES_UNIT_STEPS || strcmp(b->zBench, "stable_diffusion")==0 );
      CHECK( b->evalAt.eKind>=RULES_EVAL_NONE && b->evalAt.eKind<=RULES_EVAL_EVERY );
      CHECK( b->evalAt.eKind==RULES_EVAL_NONE || b->target.eKind==RULES_TARGET_RANGE,
             "%s %s", p->zName, b->zBench );
    }
  }
}

/* Every (ruleset, benchmark) the compliance checker has rules for is a
** registry entry with a target, and every required key list is tidy. */
static void testRequired(void){
  const char *zRs, *zDiv, *zBench, *zKeys;
  int i, nClosed = 0;
  for(i=0; rulesRequiredAt(i, &zRs, &zDiv, &zBench, &zKeys); i++){
    int iRs = rulesFind(zRs);
    const RulesBench *b = rulesBench(iRs, zBench, 0);
    CHECK( iRs>=0, "%s", zRs );
    CHECK( strcmp(zDiv, "closed")==0 || strcmp(zDiv, "open")==0, "%s", zDiv );
    CHECK( b!=0 && b->target.eKind!=RULES_TARGET_NONE, "%s %s", zRs, zBench );
    CHECK( rulesRequired(iRs, zDiv, zBench)==zKeys, "%s %s %s", zRs, zDiv, zBench );
    CHECK( zKeys[0]!=' ' && zKeys[strlen(zKeys)-1]!=' ' );
    if( strcmp(zDiv, "closed")==0 ) nClosed++;
  }
  CHECK( i==rulesRequiredCount() && nClosed>0, "%d closed", nClosed );
  /* And the other way: every benchmark with a target under a ruleset whose
  ** compliance checker runs has its closed division's keys (a ruleset added
  ** without make rules has none, and mlperf_rules would list it bare). */
  for(i=0; i<rulesCount(); i++){
    const RulesSet *p = rulesAt(i);
    int j;
    if( p->bTimesOnly || p->eSuite==RULES_SUITE_HPC_UNCHECKED ) continue;
    for(j=0; j<p->nBench; j++){
      const RulesBench *b = &p->aBench[j];
      if( b->target.eKind==RULES_TARGET_NONE ) continue;
      if( strcmp(rulesBenchName(i, b->zBench), b->zBench) ) continue;
      CHECK( rulesRequired(i, "closed", b->zBench)!=0
             || (p->zAliases==0 && strcmp(b->zBench, "mask")==0),
             "%s %s: no required keys (make rules)", p->zName, b->zBench );
    }
  }
  /* Training's newest ruleset is its highest version. */
  for(i=0; i<rulesCount(); i++){
    if( rulesAt(i)->eSuite!=RULES_SUITE_TRAINING ) continue;
    CHECK( cmp(rulesAt(i)->zName, rulesAt(rulesNewestTraining())->zName)<=0, "%s", rulesAt(i)->zName );
  }
  CHECK( rulesBench(rulesFind("hpc_2.0.0"), "oc20", 0)->target.bError
         && rulesBench(rulesFind("hpc_2.0.0"), "oc20", 0)->nRunsRequired==5
         && !rulesBench(rulesFind("hpc_3.0.0"), "openfold", 0)->target.bError );
  CHECK( rulesRequired(rulesFind("hpc_0.7.0"), "closed", "deepcam")==0 );
  CHECK( rulesRequiredAt(-1, &zRs, &zDiv, &zBench, &zKeys)==0 );
  CHECK( rulesRequired(rulesFind("0.7.0"), "closed", "unet3d")==0 );
  CHECK( rulesRequired(-1, "closed", "bert")==0 );
  CHECK( rulesRequired(rulesNewestTraining(), "closed", 0)==0 );
  CHECK( strstr(rulesRequired(rulesFind("3.0.0"), "closed", "bert"), "opt_lamb_epsilon")!=0 );
}

static void testLookups(void){
  int i = -7;
  const RulesBench *b;
  CHECK( rulesFind("3.0.0")==6 && rulesFind("3.0")<0 && rulesFind(0)<0 );
  CHECK( rulesFindRound("v3.0", RULES_SUITE_TRAINING)==6
         && rulesFindRound("v3.0", RULES_SUITE_HPC)==rulesFind("hpc_3.0.0")
         && rulesFindRound("v0.7", RULES_SUITE_HPC)==rulesFind("hpc_0.7.0")
         && rulesFindRound("3.0", RULES_SUITE_TRAINING)<0
         && rulesFindRound("v3.0.0", RULES_SUITE_TRAINING)<0
         && rulesFindRound(0, RULES_SUITE_TRAINING)<0 );
  CHECK( rulesAt(rulesFind("3.1.0"))->rSdFidMax==90.0 && rulesAt(rulesFind("3.1.0"))->rSdClipMin==0.15
         && rulesAt(rulesFind("3.0.0"))->zSdStep==0 );
  /* 0.6.0: v0.6's MLL lines, times only, the folder "mask" as maskrcnn. */
  i = rulesFind("0.6.0");
  CHECK( i==0 && rulesLogMll(i) && !rulesLogMll(rulesFind("0.7.0")) && !rulesLogMll(-1)
         && rulesAt(i)->bTimesOnly && !rulesAt(i+1)->bTimesOnly );
  CHECK( strcmp(rulesBenchName(i, "mask"), "maskrcnn")==0
         && strcmp(rulesBenchName(i, "ssd"), "ssd")==0
         && strcmp(rulesBenchName(i, "mas"), "mas")==0
         && strcmp(rulesBenchName(i+1, "mask"), "mask")==0
         && rulesBenchName(i, 0)==0 );
  /* "" is no alias: strstr finds it at the list's end, past which the
  ** search must not step. */
  CHECK( strcmp(rulesBenchName(i, ""), "")==0 );
  b = rulesBench(i, "ncf", 0);
  CHECK( b && b->target.eKind==RULES_TARGET_NONE && b->nMaxDropped==1 && rulesBench(i, "bert", 0)==0 );
  i = -7;
  CHECK( rulesMaxDropped("unet3d", rulesFind("1.0.0"))==4 );
  CHECK( rulesMaxDropped("unet3d", -1)==4 );
  CHECK( rulesMaxDropped("unet3d", rulesFind("5.1.0"))==4 );   /* its newest */
  CHECK( rulesMaxDropped("bert", rulesFind("5.1.0"))==1 );
  CHECK( rulesMaxDropped("xyz", -1)==1 && rulesMaxDropped(0, 3)==1 );
  b = rulesBench(-1, "ssd", &i);
  CHECK( b && i==rulesFind("4.1.0") && b->target.rLo==0.340, "%d", i );
  CHECK( rulesBench(rulesFind("5.0.0"), "ssd", 0)==0 );
  CHECK( rulesBench(rulesCount(), "bert", 0)==0 );
  b = rulesBench(rulesFind("5.0.0"), "llama31_405b", 0);
  CHECK( b && b->rMinMeanOffset==46080 && b->eUnit==RULES_UNIT_SAMPLES );
  b = rulesBench(rulesFind("4.1.0"), "gpt3", 0);
  CHECK( b && b->zCounts && strcmp(b->zCounts, "tokens")==0 && b->eUnit==RULES_UNIT_EPOCHS );
  CHECK( rulesAt(rulesFind("2.0.0"))->bRcpScaling==0 && rulesAt(rulesFind("2.1.0"))->bRcpScaling==1 );
  CHECK( rulesAt(rulesFind("2.1.0"))->bRcpBatchCommon==0
         && rulesAt(rulesFind("3.0.0"))->bRcpBatchCommon==1 );
  CHECK( strcmp(rulesUnitName(RULES_UNIT_STEPS), "steps")==0 && rulesUnitName(0)==0 );
  CHECK( strcmp(rulesConvName(RULES_CONV_DETECT), "detect")==0 && rulesConvName(0)==0 );
}

static void testAvailability(void){
  const char *z;
  int i;
  CHECK( (z = rulesAvailability("OnPrem", 6))!=0 && strcmp(z, "Available on-premise")==0 );
  CHECK( (z = rulesAvailability("Available In Cloud", 18))!=0 && strcmp(z, "Available cloud")==0 );
  CHECK( rulesAvailability("onprem\0x", 8)==0 );
  CHECK( rulesAvailability("onpre", 5)==0 && rulesAvailability("", 0)==0 );
  for(i=0; rulesAvailabilityAt(i); i++){
    const RulesAvailability *a = rulesAvailabilityAt(i);
    size_t k;
    /* Keys in lower case, found as themselves. */
    for(k=0; a->zStatus[k]; k++) CHECK( !(a->zStatus[k]>='A' && a->zStatus[k]<='Z') );
    CHECK( rulesAvailability(a->zStatus, strlen(a->zStatus))==a->zName, "%s", a->zStatus );
  }
  CHECK( i>=15 && rulesAvailabilityAt(-1)==0 );
}

int main(void){
  testVersionCompare();
  testRegistry();
  testRequired();
  testLookups();
  testAvailability();
  if( nFail ){
    printf("rules_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("rules_test: %d checks passed\n", nCheck);
  return 0;
}
