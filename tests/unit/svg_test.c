/*
** Unit tests of the SVG writer (ext/figures/svg.c): number formatting, text
** cleaning, the tick algorithm (exact cases and a property sweep over
** thousands of ranges), interning and rendering. Exit status 0 = all pass.
*/
#include "sqlite3.h"
#include "figures/svg.h"
#include "figures/svg_test_api.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"

/* Ticks for data [tMin, tMax] as the renderer computes them. */
static void ticksFor(int eScale, double tMin, double tMax, double nPx, int bV,
                     SvgTicks *t, double *pLo, double *pHi){
  svgVisibleRange(eScale, tMin, tMax, nPx, 8.0, pLo, pHi);
  svgNiceTicks(eScale, *pLo, *pHi, nPx, bV, 12.0, t);
}

static void joinLabels(const SvgTicks *t, char *z, size_t n){
  int i;
  z[0] = 0;
  for(i=0; i<t->n; i++){
    if( i ) strncat(z, " ", n-strlen(z)-1);
    strncat(z, t->azLabel[i], n-strlen(z)-1);
  }
}

static void expectTicks(const char *zName, int eScale, double tMin, double tMax,
                        double nPx, int bV, const char *zWant){
  SvgTicks t;
  double lo, hi;
  char zGot[2048];
  ticksFor(eScale, tMin, tMax, nPx, bV, &t, &lo, &hi);
  joinLabels(&t, zGot, sizeof(zGot));
  CHECK(strcmp(zGot, zWant)==0, "%s: got [%s], want [%s]", zName, zGot, zWant);
}

/* A label read back as a value in transformed units. */
static double labelT(int eScale, const char *z){
  const char *zCaret = strchr(z, '^');
  double v;
  if( zCaret ) return atof(zCaret+1);   /* "2^k" / "10^k": the exponent */
  v = atof(z);
  if( eScale==SVG_SCALE_LOG2 ) return log2(v);
  if( eScale==SVG_SCALE_LOG10 ) return log10(v);
  return v;
}

static double widthOf(const char *z){
  const char *zCaret = strchr(z, '^');
  if( !zCaret ) return svgTextWidth(z, -1, 12.0);
  return svgTextWidth(z, (int)(zCaret-z), 12.0) + svgTextWidth(zCaret+1, -1, 9.0);
}

/* The invariants every tick set must keep. */
static void checkInvariants(const char *zName, int eScale, double tMin,
                            double tMax, double nPx, int bV){
  SvgTicks t;
  double lo, hi;
  int i;
  ticksFor(eScale, tMin, tMax, nPx, bV, &t, &lo, &hi);
  CHECK(lo<=tMin && hi>=tMax, "%s: range [%g,%g] does not hold [%g,%g]",
        zName, lo, hi, tMin, tMax);
  /* Long labels on a short axis may leave room for one tick only. */
  CHECK(t.n>=(bV || nPx>=600 ? 2 : 1), "%s [%.17g,%.17g] %s %.0fpx: only %d ticks: %s", zName, tMin, tMax,
        bV ? "vertical" : "horizontal", nPx, t.n, t.n ? t.azLabel[0] : "");
  for(i=0; i<t.n; i++){
    double span = hi-lo;
    double tl = labelT(eScale, t.azLabel[i]);
    CHECK(t.aT[i]>=lo-1e-9*span && t.aT[i]<=hi+1e-9*span,
          "%s: tick %s outside [%g,%g]", zName, t.azLabel[i], lo, hi);
    CHECK(fabs(tl - t.aT[i]) <= 1e-6*span + 1e-9*fabs(t.aT[i]),
          "%s: label %s does not say where it is (%.17g)", zName, t.azLabel[i], t.aT[i]);
    CHECK(strlen(t.azLabel[i])<24, "%s: label too long: %s", zName, t.azLabel[i]);
    if( i>0 ){
      double gap = (t.aT[i]-t.aT[i-1])/span*nPx;
      double need = bV ? 12.0*1.2 : (widthOf(t.azLabel[i])+widthOf(t.azLabel[i-1]))/2.0;
      CHECK(gap>=need, "%s: labels %s and %s overlap (gap %.1f px, need %.1f)",
            zName, t.azLabel[i-1], t.azLabel[i], gap, need);
      CHECK(strcmp(t.azLabel[i], t.azLabel[i-1])!=0, "%s: repeated label %s",
            zName, t.azLabel[i]);
    }
  }
}

static unsigned long long rngState = 88172645463325252ULL;
static double rnd(void){             /* xorshift64, deterministic */
  rngState ^= rngState<<13; rngState ^= rngState>>7; rngState ^= rngState<<17;
  return (double)(rngState>>11)/9007199254740992.0;
}

static void testFormat(void){
  char z[40];
  struct { double v; int nDec; const char *zWant; } a[] = {
    { 720.0, 1, "720" }, { 3.14159, 2, "3.14" }, { -2.5, 1, "-2.5" },
    { 0.04, 1, "0" }, { -0.04, 1, "0" }, { 1.25, 1, "1.3" }, { 0.05, 2, "0.05" },
    { 1e20, 1, "1000000000000000" }, { 12.0, 0, "12" }, { 0.5, 0, "1" },
  };
  size_t i;
  for(i=0; i<sizeof(a)/sizeof(a[0]); i++){
    svgFormatFixed(z, a[i].v, a[i].nDec);
    CHECK(strcmp(z, a[i].zWant)==0, "format %g/%d: got %s want %s",
          a[i].v, a[i].nDec, z, a[i].zWant);
  }
}

static void testText(void){
  char *z = 0;
  CHECK(svgSetText(&z, "plain <&> text", -1)==SQLITE_OK, "set");
  CHECK(strcmp(z, "plain <&> text")==0, "plain kept (escaping is at output): %s", z);
  svgSetText(&z, "a\tb\nc\rd", -1);
  CHECK(strcmp(z, "a b c d")==0, "white space: %s", z);
  svgSetText(&z, "x\x01y\x1f", -1);
  CHECK(strcmp(z, "x\xEF\xBF\xBDy\xEF\xBF\xBD")==0, "controls -> U+FFFD: %s", z);
  svgSetText(&z, "a\0b", 3);
  CHECK(memcmp(z, "a\xEF\xBF\xBD" "b", 6)==0, "NUL -> U+FFFD");
  svgSetText(&z, "\xff\xc3(\xe2\x82\xed\xa0\x80\xc0\xaf\xf4\x90\x80\x80", -1);
  {
    /* Every byte of these is invalid: 0xff, truncated 2-byte, truncated
    ** 3-byte, a surrogate, an overlong '/', beyond U+10FFFF. */
    const unsigned char *u = (const unsigned char*)z;
    int nRepl = 0, i = 0;
    while( u[i] ){
      if( u[i]==0xEF && u[i+1]==0xBF && u[i+2]==0xBD ){ nRepl++; i += 3; }
      else if( u[i]=='(' ){ i++; }
      else { CHECK(0, "invalid byte 0x%02x kept", u[i]); i++; }
    }
    CHECK(nRepl==13, "replacements: %d", nRepl);
  }
  svgSetText(&z, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", -1);
  CHECK(strcmp(z, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80")==0, "valid UTF-8 kept");
  svgSetText(&z, "\xef\xbf\xbe", -1);
  CHECK(strcmp(z, "\xEF\xBF\xBD")==0, "U+FFFE is not an XML character");
  sqlite3_free(z);
  CHECK(svgTextWidth("iii", -1, 10.0) < svgTextWidth("MMM", -1, 10.0), "widths");
}

static void testTicks(void){
  int k;
  /* Exact, hand-checked cases. */
  expectTicks("linear 0..100", SVG_SCALE_LINEAR, 0, 100, 600, 0, "0 20 40 60 80 100");
  expectTicks("linear 0..1", SVG_SCALE_LINEAR, 0, 1, 600, 0, "0.0 0.2 0.4 0.6 0.8 1.0");
  expectTicks("linear -37..12", SVG_SCALE_LINEAR, -37, 12, 600, 0, "-30 -20 -10 0 10");
  expectTicks("linear 0.1+0.2", SVG_SCALE_LINEAR, 0.1, 0.3, 600, 0,
              "0.10 0.15 0.20 0.25 0.30");
  expectTicks("tiny", SVG_SCALE_LINEAR, 1e-12, 3e-12, 600, 0,
              "1e-12 1.5e-12 2e-12 2.5e-12 3e-12");
  expectTicks("huge", SVG_SCALE_LINEAR, 0, 1e300, 600, 0,
              "0 2e299 4e299 6e299 8e299 1e300");
  expectTicks("huge both signs", SVG_SCALE_LINEAR, -1e300, 1e300, 600, 0,
              "-1e300 -5e299 0 5e299 1e300");
  expectTicks("millions", SVG_SCALE_LINEAR, 0, 5e6, 600, 0,
              "0 1000000 2000000 3000000 4000000 5000000");
  expectTicks("far from zero", SVG_SCALE_LINEAR, 1000000.1, 1000000.3, 600, 0,
              "1000000.10 1000000.15 1000000.20 1000000.25 1000000.30");
  expectTicks("single 5", SVG_SCALE_LINEAR, 5, 5, 600, 0, "4.6 4.8 5.0 5.2 5.4");
  expectTicks("single 0", SVG_SCALE_LINEAR, 0, 0, 600, 0, "-1.0 -0.5 0.0 0.5 1.0");
  expectTicks("single -1e-9", SVG_SCALE_LINEAR, -1e-9, -1e-9, 600, 0,
              "-1.1e-9 -1.05e-9 -1e-9 -9.5e-10 -9e-10");
  expectTicks("all but equal", SVG_SCALE_LINEAR, 7, 7*(1+1e-12), 600, 0,
              "6.4 6.6 6.8 7.0 7.2 7.4 7.6");
  expectTicks("log2 1..4096", SVG_SCALE_LOG2, 0, 12, 600, 0,
              "1 2 4 8 16 32 64 128 256 512 1024 2048 4096");
  expectTicks("log2 1..4096 vertical", SVG_SCALE_LOG2, 0, 12, 400, 1,
              "1 2 4 8 16 32 64 128 256 512 1024 2048 4096");
  expectTicks("log2 crowded", SVG_SCALE_LOG2, 0, 12, 250, 0, "1 16 256 4096");
  expectTicks("log2 1..2^40", SVG_SCALE_LOG2, 0, 40, 600, 0,
              "2^0 2^4 2^8 2^12 2^16 2^20 2^24 2^28 2^32 2^36 2^40");
  expectTicks("log2 fractions", SVG_SCALE_LOG2, -3, 1, 600, 0, "0.125 0.25 0.5 1 2");
  expectTicks("log2 4..16", SVG_SCALE_LOG2, 2, 4, 600, 0, "4 8 16");
  expectTicks("log2 single 8", SVG_SCALE_LOG2, 3, 3, 600, 0, "4 8 16");
  expectTicks("log2 5..7", SVG_SCALE_LOG2, log2(5), log2(7), 600, 0,
              "5.0 5.5 6.0 6.5 7.0");
  expectTicks("log2 3..12", SVG_SCALE_LOG2, log2(3), log2(12), 600, 0, "3 4 6 8 12");
  expectTicks("log2 huge", SVG_SCALE_LOG2, -1000, 1000, 600, 0,
              "2^-1000 2^-800 2^-600 2^-400 2^-200 2^0 2^200 2^400 2^600 2^800 2^1000");
  expectTicks("log10 1e-3..1e3", SVG_SCALE_LOG10, -3, 3, 600, 0,
              "0.001 0.01 0.1 1 10 100 1000");
  expectTicks("log10 2..50", SVG_SCALE_LOG10, log10(2), log10(50), 600, 0,
              "2 5 10 20 50");
  expectTicks("log10 20..30", SVG_SCALE_LOG10, log10(20), log10(30), 600, 0,
              "20 22 24 26 28 30");
  expectTicks("log10 single 5", SVG_SCALE_LOG10, log10(5), log10(5), 600, 0, "2 5 10");
  expectTicks("log10 1e10..1e14", SVG_SCALE_LOG10, 10, 14, 600, 0,
              "10^10 10^11 10^12 10^13 10^14");
  expectTicks("log10 1e-300..1e300", SVG_SCALE_LOG10, -300, 300, 600, 0,
              "10^-300 10^-200 10^-100 10^0 10^100 10^200 10^300");
  expectTicks("no room", SVG_SCALE_LINEAR, 0, 100, 30, 0, "0");

  /* Property sweep: random magnitudes, spans, sizes, scales. */
  for(k=0; k<6000; k++){
    int eScale = k%3;
    int bV = (k/3)%2;
    double nPx = 250 + rnd()*800;
    double tMin, tMax;
    char zName[64];
    if( eScale==SVG_SCALE_LINEAR ){
      double mag = pow(10.0, -290 + rnd()*580);
      double rel = pow(10.0, -8 + rnd()*10);   /* span / magnitude */
      tMin = (rnd()<0.3 ? -1 : 1)*mag;
      tMax = tMin + mag*rel;
      if( rnd()<0.05 ) tMax = tMin;            /* a single value */
    }else{
      double lim = eScale==SVG_SCALE_LOG2 ? 1000.0 : 300.0;
      tMin = -lim + rnd()*2*lim;
      tMax = tMin + pow(10.0, -3 + rnd()*3.5);
      if( tMax>lim ) tMax = lim;
      if( rnd()<0.05 ) tMax = tMin;
    }
    sqlite3_snprintf(sizeof(zName), zName, "sweep %d", k);
    checkInvariants(zName, eScale, tMin, tMax, nPx, bV);
  }
}

static void testRender(void){
  SvgPlot *p = svgPlotNew();
  char *z1 = 0, *z2 = 0;
  sqlite3_int64 n1 = 0, n2 = 0;
  int iA = -1, iB = -1, iA2 = -1, i;
  CHECK(p!=0, "new");
  svgPlotOptions(p)->eXScale = SVG_SCALE_LOG2;
  CHECK(svgSetText(&svgPlotOptions(p)->zTitle, "a<b & \"c\"", -1)==SQLITE_OK, "title");
  CHECK(svgAddRefLine(p, 0, 1.0, "E' = 1", -1)==SQLITE_OK, "ref");
  CHECK(svgAddRefLine(p, 1, 0.0, 0, 0)==SQLITE_RANGE, "ref at 0 on log2");
  CHECK(svgIntern(p, SVG_SERIES, "tA", 2, "A", -1, &iA)==SQLITE_OK && iA==0, "A");
  CHECK(svgIntern(p, SVG_SERIES, "tB", 2, "B", -1, &iB)==SQLITE_OK && iB==1, "B");
  CHECK(svgIntern(p, SVG_SERIES, "tA", 2, "A", -1, &iA2)==SQLITE_OK && iA2==0, "A again");
  CHECK(svgAddPoint(p, 0.0, 1.0, iA)==SQLITE_RANGE, "x=0 on log2");
  CHECK(svgAddPoint(p, 8.0, INFINITY, iA)==SQLITE_RANGE, "y=inf");
  CHECK(svgAddPoint(p, 8.0, 1.0, 7)==SQLITE_RANGE, "no series 7");
  for(i=0; i<200; i++){
    CHECK(svgAddPoint(p, (double)(1<<(i%12)), 16.0/(1+i%12), i%2)==SQLITE_OK, "add");
  }
  CHECK(svgRender(p, &z1, &n1)==SQLITE_OK, "render");
  CHECK(svgRender(p, &z2, &n2)==SQLITE_OK, "render again");
  CHECK(n1==n2 && memcmp(z1, z2, (size_t)n1)==0, "deterministic");
  CHECK((sqlite3_int64)strlen(z1)==n1, "length");
  CHECK(strstr(z1, "<title>a&lt;b &amp; &quot;c&quot;</title>")!=0, "escaped title");
  CHECK(strstr(z1, ">4096</text>")!=0 || strstr(z1, ">2048</text>")!=0, "log2 labels");
  CHECK(strstr(z1, "E&apos; = 1")!=0, "ref label");
  CHECK(strstr(z1, "class=\"legend\"")!=0, "legend with two series");
  CHECK(strncmp(z1, "<?xml", 5)==0 && strcmp(z1+n1-7, "</svg>\n")==0, "document");
  sqlite3_free(z1);
  sqlite3_free(z2);
  svgPlotFree(p);

  /* Many series and categories: the hash table grows. */
  p = svgPlotNew();
  svgPlotOptions(p)->bYCategories = 1;
  for(i=0; i<5000; i++){
    char zKey[32];
    int iS, iC;
    sqlite3_snprintf(sizeof(zKey), zKey, "t%d", i);
    CHECK(svgIntern(p, SVG_SERIES, zKey, (int)strlen(zKey), zKey+1, -1, &iS)==SQLITE_OK
          && iS==i, "series %d", i);
    CHECK(svgIntern(p, SVG_CATEGORY, zKey, (int)strlen(zKey), zKey, -1, &iC)==SQLITE_OK
          && iC==i, "category %d", i);
    CHECK(svgAddPoint(p, i, iC, iS)==SQLITE_OK, "point %d", i);
  }
  for(i=0; i<5000; i+=777){
    char zKey[32];
    int iS;
    sqlite3_snprintf(sizeof(zKey), zKey, "t%d", i);
    svgIntern(p, SVG_SERIES, zKey, (int)strlen(zKey), "x", -1, &iS);
    CHECK(iS==i, "lookup %d gave %d", i, iS);
  }
  CHECK(svgRender(p, &z1, &n1)==SQLITE_OK, "render many");
  CHECK(strstr(z1, "more</text>")!=0, "legend says how many series it leaves out");
  sqlite3_free(z1);
  svgPlotFree(p);

  /* No points: a frame saying so. */
  p = svgPlotNew();
  CHECK(svgRender(p, &z1, &n1)==SQLITE_OK, "render empty");
  CHECK(strstr(z1, ">no data</text>")!=0, "no data");
  sqlite3_free(z1);
  svgPlotFree(p);
}

/* Peak memory of building and rendering n points, in bytes. */
static sqlite3_int64 peakFor(int n, int eKind){
  SvgPlot *p;
  char *z = 0;
  sqlite3_int64 nz = 0, base;
  int i, iS;
  base = sqlite3_memory_used();
  sqlite3_memory_highwater(1);
  p = svgPlotNew();
  svgPlotOptions(p)->eKind = eKind;
  svgIntern(p, SVG_SERIES, "a", 1, "a", -1, &iS);
  for(i=0; i<n; i++) svgAddPoint(p, (i*7919LL)%4096, (i*104729LL)%100003, iS);
  svgRender(p, &z, &nz);
  sqlite3_free(z);
  svgPlotFree(p);
  return sqlite3_memory_highwater(0) - base;
}

/* The footer: one line at the bottom, escaped, the same bytes on every
** render; the plot area shrinks to make room for it. */
static void testFooter(void){
  SvgPlot *p = svgPlotNew(), *q = svgPlotNew();
  char *z1 = 0, *z2 = 0, *zNo = 0;
  sqlite3_int64 n1 = 0, n2 = 0, nNo = 0;
  int iP = -1, iQ = -1;
  CHECK(p!=0 && q!=0, "new");
  CHECK(svgSetText(&svgPlotOptions(p)->zFooter, "Not verified by <MLCommons>", -1)==SQLITE_OK,
        "footer");
  CHECK(svgIntern(p, SVG_SERIES, "a", 1, "a", 1, &iP)==SQLITE_OK
        && svgIntern(q, SVG_SERIES, "a", 1, "a", 1, &iQ)==SQLITE_OK, "series");
  CHECK(svgAddPoint(p, 1.0, 2.0, iP)==SQLITE_OK && svgAddPoint(q, 1.0, 2.0, iQ)==SQLITE_OK, "point");
  CHECK(svgRender(p, &z1, &n1)==SQLITE_OK && svgRender(p, &z2, &n2)==SQLITE_OK, "render");
  CHECK(svgRender(q, &zNo, &nNo)==SQLITE_OK, "render without");
  CHECK(n1==n2 && memcmp(z1, z2, (size_t)n1)==0, "deterministic");
  CHECK(strstr(z1, "class=\"footer\"")!=0 && strstr(z1, "Not verified by &lt;MLCommons&gt;")!=0,
        "escaped footer");
  CHECK(strstr(zNo, "class=\"footer\"")==0, "no footer unless asked");
  sqlite3_free(z1); sqlite3_free(z2); sqlite3_free(zNo);
  svgPlotFree(p); svgPlotFree(q);
}

static void testMemory(void){
  int eKind;
  if( peakFor(1000, SVG_KIND_SCATTER)<=0 ){
    printf("svg_test: memory statistics are off in this SQLite; memory checks skipped\n");
    return;
  }
  /* Linear: a bounded number of bytes per point at every size (the
  ** output buffer doubles, so the peak holds up to 3 x the document). */
  for(eKind=SVG_KIND_SCATTER; eKind<=SVG_KIND_STEP; eKind++){
    int n;
    for(n=1000; n<=100000; n*=10){
      sqlite3_int64 peak = peakFor(n, eKind);
      CHECK(peak < (sqlite3_int64)n*200 + 65536,
            "kind %d: %lld bytes for %d points", eKind, peak, n);
    }
  }
}

/* SvgOptions.xStop: a render told to stop ends with SQLITE_INTERRUPT and
** no document; one never told gives the same bytes as without xStop. */
static int nStopAsked = 0;
static int stopAtOnce(void *pArg){ (void)pArg; nStopAsked++; return 1; }
static int stopNever(void *pArg){ (void)pArg; nStopAsked++; return 0; }

static void testStop(void){
  char *z = 0, *zRef = 0;
  sqlite3_int64 n = 0, nRef = 0;
  int eKind, i;
  for(eKind=SVG_KIND_SCATTER; eKind<=SVG_KIND_LINE; eKind++){
    SvgPlot *p = svgPlotNew();
    int iSeries;
    CHECK( p!=0, "svgPlotNew" );
    if( p==0 ) return;
    svgPlotOptions(p)->eKind = eKind;
    svgPlotOptions(p)->bSizeByCount = 1;
    svgIntern(p, SVG_SERIES, "a", 1, "a", 1, &iSeries);
    for(i=0; i<200000; i++) svgAddPoint(p, i%1000, (i*7919)%100003, iSeries);
    CHECK( svgRender(p, &zRef, &nRef)==SQLITE_OK, "render without xStop" );
    svgPlotOptions(p)->xStop = stopNever;
    nStopAsked = 0;
    CHECK( svgRender(p, &z, &n)==SQLITE_OK && nStopAsked>0, "render, never stopped" );
    CHECK( z && zRef && n==nRef && memcmp(z, zRef, (size_t)n)==0, "same bytes with xStop" );
    sqlite3_free(z);
    svgPlotOptions(p)->xStop = stopAtOnce;
    nStopAsked = 0;
    z = (char*)1;
    CHECK( svgRender(p, &z, &n)==SQLITE_INTERRUPT, "render stopped" );
    CHECK( z==0 && n==0 && nStopAsked==1, "stopped at the first question, no document" );
    sqlite3_free(zRef);
    svgPlotFree(p);
  }
}

/* nMaxBytes refuses points once they alone pass it,
** stops the writer as soon as its output would, and an exact fit passes. */
static void testMaxBytes(void){
  char *z = 0;
  sqlite3_int64 n = 0, nFull = 0;
  SvgPlot *p = svgPlotNew();
  int iSeries, i, rc = SQLITE_OK;
  CHECK( p!=0, "svgPlotNew" );
  if( p==0 ) return;
  svgIntern(p, SVG_SERIES, "a", 1, "a", 1, &iSeries);
  for(i=0; i<10; i++) svgAddPoint(p, i, i, iSeries);
  CHECK( svgRender(p, &z, &nFull)==SQLITE_OK, "render without a limit" );
  sqlite3_free(z);
  svgPlotOptions(p)->nMaxBytes = nFull;
  CHECK( svgRender(p, &z, &n)==SQLITE_OK && n==nFull, "an exact fit: %lld", (long long)n );
  sqlite3_free(z);
  svgPlotOptions(p)->nMaxBytes = nFull-1;
  z = (char*)1;
  CHECK( svgRender(p, &z, &n)==SQLITE_TOOBIG && z==0 && n==nFull,
         "one byte short: %lld", (long long)n );
  svgPlotOptions(p)->nMaxBytes = 12*SVG_MIN_MARK_BYTES;
  CHECK( svgMinBytes(p, 0)==10*SVG_MIN_MARK_BYTES, "lower bound" );
  for(i=0; i<3 && rc==SQLITE_OK; i++) rc = svgAddPoint(p, i, i, iSeries);
  CHECK( rc==SQLITE_TOOBIG && i==3 && svgMinBytes(p, 0)==12*SVG_MIN_MARK_BYTES,
         "the 13th point refused: %d at %d", rc, i );
  svgPlotFree(p);
}

/* With size_by count identical points (0.0 and -0.0
** alike) are one point as they arrive, and the figure is the same whatever
** the order of the repeats; labels are held within nMaxBytes. */
static void testMergeOnArrival(void){
  SvgPlot *ap[2];
  char *az[2] = {0, 0};
  sqlite3_int64 an[2] = {0, 0};
  int k, i, iA, iB, rc;
  for(k=0; k<2; k++){
    SvgPlot *p = ap[k] = svgPlotNew();
    CHECK( p!=0, "svgPlotNew" );
    if( p==0 ) return;
    svgPlotOptions(p)->bSizeByCount = 1;
    svgIntern(p, SVG_SERIES, "a", 1, "a", 1, &iA);
    svgIntern(p, SVG_SERIES, "b", 1, "b", 1, &iB);
    svgAddPoint(p, 1, 0.0, iA);
    svgAddPoint(p, 2, 1, iB);
    svgAddPoint(p, 2, 1, iA);
    for(i=0; i<3000; i++){
      int j = k ? 2999-i : i;
      svgAddPoint(p, 1 + j%2, j%2 ? 1 : (j%4 ? -0.0 : 0.0), j%3 ? iA : iB);
    }
    CHECK( svgMinBytes(p, 0)==4*SVG_MIN_MARK_BYTES, "four distinct points: %lld",
           (long long)svgMinBytes(p, 0) );
    CHECK( svgRender(p, &az[k], &an[k])==SQLITE_OK, "render %d", k );
  }
  CHECK( az[0] && az[1] && an[0]==an[1] && memcmp(az[0], az[1], (size_t)an[0])==0,
         "the same figure in either order" );
  for(k=0; k<2; k++){ sqlite3_free(az[k]); svgPlotFree(ap[k]); }

  ap[0] = svgPlotNew();
  CHECK( ap[0]!=0, "svgPlotNew" );
  if( ap[0]==0 ) return;
  svgPlotOptions(ap[0])->nMaxBytes = 10;
  rc = svgIntern(ap[0], SVG_SERIES, "abcdef", 6, "abcdef", 6, &iA);
  CHECK( rc==SQLITE_OK && svgLabelBytes(ap[0])==6, "a label within the limit" );
  rc = svgIntern(ap[0], SVG_CATEGORY, "ghijk", 5, "ghijk", 5, &iB);
  CHECK( rc==SQLITE_TOOBIG && svgLabelBytes(ap[0])==11, "labels past the limit: %d", rc );
  rc = svgIntern(ap[0], SVG_SERIES, "abcdef", 6, "abcdef", 6, &iB);
  CHECK( rc==SQLITE_OK && iB==iA, "a label held is found again" );
  svgPlotFree(ap[0]);
}

/* Colours by series label, intervals (bars, bands, clamped on a
** log axis), x categories, series interned ahead of the rows. */
static void testStyleAndIntervals(void){
  SvgPlot *p = svgPlotNew();
  char *z = 0;
  sqlite3_int64 n = 0;
  int iA = -1, iB = -1, iC = -1, iX0 = -1, iX1 = -1;
  CHECK(p!=0, "new");
  svgPlotOptions(p)->eYScale = SVG_SCALE_LOG10;
  svgPlotOptions(p)->bXCategories = 1;
  CHECK(svgSetSeriesColor(p, "B", -1, "red")==SQLITE_RANGE, "colour name refused");
  CHECK(svgSetSeriesColor(p, "B", -1, "#12345")==SQLITE_RANGE, "5 digits refused");
  CHECK(svgSetSeriesColor(p, "B", -1, "#1a2B3c")==SQLITE_OK, "colour");
  CHECK(svgIntern(p, SVG_SERIES, "tunused", 7, "unused", -1, &iC)==SQLITE_OK && iC==0, "ahead");
  CHECK(svgIntern(p, SVG_SERIES, "tA", 2, "A", -1, &iA)==SQLITE_OK && iA==1, "A");
  CHECK(svgIntern(p, SVG_SERIES, "tB", 2, "B", -1, &iB)==SQLITE_OK && iB==2, "B");
  CHECK(svgIntern(p, SVG_XCATEGORY, "v1.0", 4, "v1.0", -1, &iX0)==SQLITE_OK && iX0==0, "x0");
  CHECK(svgIntern(p, SVG_XCATEGORY, "v2.0", 4, "v2.0", -1, &iX1)==SQLITE_OK && iX1==1, "x1");
  CHECK(svgAddPoint(p, 2.0, 1.0, iA)==SQLITE_RANGE, "no x category 2");
  CHECK(svgAddRefLine(p, 1, 0.5, "x", -1)==SQLITE_RANGE, "no vertical line on categories");
  CHECK(svgAddPointRange(p, 0.0, 10.0, 20.0, 5.0, iA)==SQLITE_RANGE, "low above high");
  CHECK(svgAddPointRange(p, 0.0, 10.0, -INFINITY, 5.0, iA)==SQLITE_RANGE, "infinite bound");
  CHECK(svgAddPoint(p, 0.0, 10.0, iA)==SQLITE_OK, "a point before the first interval");
  CHECK(svgAddPointRange(p, 1.0, 10.0, -1.0, 30.0, iA)==SQLITE_OK, "bound <= 0 on log");
  CHECK(svgAddPointRange(p, 1.0, 3.0, 2.0, 4.0, iB)==SQLITE_OK, "B");
  CHECK(svgRender(p, &z, &n)==SQLITE_OK, "render");
  CHECK(strstr(z, "<g class=\"series\" fill=\"#1a2B3c\"")!=0, "B's colour");
  CHECK(strstr(z, "<g class=\"series\" fill=\"#E69F00\"")!=0, "A keeps index 1");
  CHECK(strstr(z, ">unused</text>")==0, "a series without points is not in the legend");
  CHECK(strstr(z, ">v2.0</text>")!=0 && strstr(z, ">0.5</text>")==0, "categories, no ticks between");
  CHECK(strstr(z, "<g class=\"intervals\" stroke=\"#E69F00\"")!=0, "bars");
  sqlite3_free(z);
  z = 0;
  svgPlotOptions(p)->eKind = SVG_KIND_LINE;
  CHECK(svgRender(p, &z, &n)==SQLITE_OK, "render as lines");
  CHECK(strstr(z, "<polygon class=\"band\" fill=\"#E69F00\"")!=0
        && strstr(z, "class=\"intervals\"")==0, "band instead of bars");
  sqlite3_free(z);
  svgPlotFree(p);
}

int main(void){
  testFormat();
  testText();
  testTicks();
  testRender();
  testFooter();
  testMemory();
  testStop();
  testMaxBytes();
  testMergeOnArrival();
  testStyleAndIntervals();
  if( nFail ){
    printf("svg_test: %d of %d checks failed\n", nFail, nCheck);
    return 1;
  }
  printf("svg_test: %d checks passed\n", nCheck);
  return 0;
}
