/*
** svg.c: the SVG plot writer behind svg_plot() (see ext/figures/svg.h for the
** C API and ext/figures/svg_sql.c for the SQL surface). Plain C: no SQL, memory only
** through sqlite3_malloc64/realloc64/free.
**
** What it draws, in one standalone SVG 1.1 document:
**   - a data area with a frame, light grid lines at the ticks, tick labels
**     and optional title and axis labels (all text XML-escaped, invalid
**     UTF-8 and control characters replaced by U+FFFD);
**   - points per series in the Okabe-Ito colour-blind-safe palette (after
**     eight series the colours repeat with another marker shape), joined
**     in x order for kind line/step, merged with area ~ count for size_by;
**   - dashed reference lines, labelled;
**   - text labels beside given points (point_labels), each where it
**     covers no marker and no other label when such a place exists;
**   - a legend to the right of the data area, never over it.
**
** Ticks (svgNiceTicks): the densest set of round values whose labels do not
** overlap. Linear axes use multiples of 1, 2 or 5 x 10^k; log2 axes powers
** of two (every one, or every 2nd, 4th, 5th ... when crowded), log10 axes powers
** of ten (with 2 and 5 between them over short ranges); a log axis spanning
** less than that falls back to round linear values. Tick labels are printed
** from integers (no floating-point noise, no locale): 0.1, 0.2, 0.3.
**
** Output bytes depend only on the points, their order and the options:
** every number is printed by svgFormatFixed, never by printf("%f").
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "figures/svg.h"
#include "base/util.h"
#include "figures/svg_test_api.h"
#include <assert.h>
#include <math.h>
#include <string.h>

#define FONT_TICK    12.0
#define FONT_FOOTER  10.0
#define FONT_LABEL   13.0
#define FONT_TITLE   16.0
#define LEGEND_ROW   18.0

/* Okabe & Ito (2008), blue first: it reads best as the single colour. */
static const char *const azPalette[] = {
  "#0072B2", "#E69F00", "#009E73", "#D55E00",
  "#CC79A7", "#56B4E9", "#F0E442", "#000000",
};
#define N_PALETTE 8
#define N_SHAPE   4          /* circle, square, triangle, diamond */

/* ---------------------------------------------------------------------- */
/* Output buffer                                                          */

typedef struct SvgBuf SvgBuf;
struct SvgBuf {
  char *z;
  sqlite3_int64 n, nAlloc;
  sqlite3_int64 nMax;       /* the most bytes it may hold (0: no limit) */
  int rc;                   /* SQLITE_NOMEM after a failed allocation,
                            ** SQLITE_INTERRUPT when told to stop,
                            ** SQLITE_TOOBIG past nMax (n is then the size
                            ** it would have reached) */
  UtilStop stop;            /* asks SvgOptions.xStop (bufStop) */
};

/*
** Whether rendering must stop: after an error, or when SvgOptions.xStop
** says so (b->rc becomes SQLITE_INTERRUPT), counting nCost units of work
** the caller is about to do (utilStopTick).
*/
static int bufStop(SvgBuf *b, sqlite3_int64 nCost){
  if( b->rc ) return 1;
  if( utilStopTick(&b->stop, nCost) ) b->rc = SQLITE_INTERRUPT;
  return b->rc!=0;
}

static void bufAppend(SvgBuf *b, const char *z, sqlite3_int64 n){
  if( b->rc ) return;
  if( b->nMax>0 && b->n + n > b->nMax ){
    b->rc = SQLITE_TOOBIG;
    b->n += n;
    return;
  }
  if( b->n + n + 1 > b->nAlloc ){
    sqlite3_int64 nNew = b->nAlloc ? b->nAlloc*2 : 4096;
    char *zNew;
    while( nNew < b->n + n + 1 ) nNew *= 2;
    if( b->nMax>0 && nNew > b->nMax + 1 ) nNew = b->nMax + 1;
    zNew = sqlite3_realloc64(b->z, nNew);
    if( zNew==0 ){ b->rc = SQLITE_NOMEM; return; }
    b->z = zNew;
    b->nAlloc = nNew;
  }
  memcpy(b->z + b->n, z, (size_t)n);
  b->n += n;
  b->z[b->n] = 0;
}
static void bufPuts(SvgBuf *b, const char *z){ bufAppend(b, z, (sqlite3_int64)strlen(z)); }

/* A coordinate or length: one decimal. */
static void bufNum(SvgBuf *b, double v){
  char z[40];
  int n = svgFormatFixed(z, v, 1);
  bufAppend(b, z, n);
}
static void bufInt(SvgBuf *b, int v){ bufNum(b, (double)v); }

/* Clean UTF-8 text, escaped for XML text and attribute values. */
static void bufText(SvgBuf *b, const char *z, int n){
  int i, iStart = 0;
  for(i=0; i<n; i++){
    const char *zEnt = 0;
    switch( z[i] ){
      case '&':  zEnt = "&amp;"; break;
      case '<':  zEnt = "&lt;"; break;
      case '>':  zEnt = "&gt;"; break;
      case '"':  zEnt = "&quot;"; break;
      case '\'': zEnt = "&apos;"; break;
    }
    if( zEnt ){
      bufAppend(b, z+iStart, i-iStart);
      bufPuts(b, zEnt);
      iStart = i+1;
    }
  }
  bufAppend(b, z+iStart, n-iStart);
}

/* ---------------------------------------------------------------------- */
/* Numbers                                                                */

int svgFormatFixed(char *z, double v, int nDec){
  char aDig[32];
  int nDig = 0, n = 0, i;
  sqlite3_int64 scale = 1, m;
  double r;
  for(i=0; i<nDec; i++) scale *= 10;
  if( !(v==v) ) v = 0.0;
  if( v > 1e15 ) v = 1e15;         /* pixel values never get near this */
  if( v < -1e15 ) v = -1e15;
  r = floor(fabs(v)*(double)scale + 0.5);
  m = (sqlite3_int64)r;
  while( nDec>0 && m>0 && m%10==0 ){ m /= 10; nDec--; scale /= 10; }
  if( m==0 ){ z[0] = '0'; z[1] = 0; return 1; }
  if( v<0 ) z[n++] = '-';
  do{ aDig[nDig++] = (char)('0' + m%10); m /= 10; }while( m>0 );
  while( nDig<=nDec ) aDig[nDig++] = '0';
  for(i=nDig-1; i>=0; i--){
    z[n++] = aDig[i];
    if( i==nDec && nDec>0 ) z[n++] = '.';
  }
  z[n] = 0;
  return n;
}

static int nDigits(sqlite3_int64 m){
  int d = 1;
  while( m>=10 ){ m /= 10; d++; }
  return d;
}

/*
** N x 10^e, exactly, into z (32 bytes). Plain: with max(0,-e) decimals, so
** that every label of an axis has as many. Scientific: "2.5e8".
*/
static void formatExact(char *z, sqlite3_int64 N, int e, int bSci){
  char aDig[24];
  int nDig = 0, n = 0, i;
  sqlite3_int64 m = N<0 ? -N : N;
  if( e<-20 || e>20 ) bSci = 1;      /* only reached for N==0: prints "0" */
  if( bSci ){
    if( m==0 ){ strcpy(z, "0"); return; }
    while( m%10==0 ){ m /= 10; e++; }
    if( N<0 ) z[n++] = '-';
    do{ aDig[nDig++] = (char)('0' + m%10); m /= 10; }while( m>0 );
    z[n++] = aDig[nDig-1];
    if( nDig>1 ){
      z[n++] = '.';
      for(i=nDig-2; i>=0; i--) z[n++] = aDig[i];
    }
    sqlite3_snprintf(32-n, z+n, "e%d", e + nDig - 1);
    return;
  }
  if( N<0 ) z[n++] = '-';
  do{ aDig[nDig++] = (char)('0' + m%10); m /= 10; }while( m>0 );
  if( e>=0 ){
    for(i=nDig-1; i>=0; i--) z[n++] = aDig[i];
    for(i=0; i<e && n<30 && N!=0; i++) z[n++] = '0';
  }else{
    int nDec = -e;
    while( nDig<=nDec ) aDig[nDig++] = '0';
    for(i=nDig-1; i>=0 && n<30; i--){
      z[n++] = aDig[i];
      if( i==nDec ) z[n++] = '.';
    }
  }
  z[n] = 0;
}

static int needsSci(sqlite3_int64 maxAbsN, int e){
  int m;
  if( maxAbsN==0 ) return 0;
  m = nDigits(maxAbsN) + e;         /* digits before the point */
  return m>7 || m<-4;
}

/* ---------------------------------------------------------------------- */
/* Text                                                                   */

int svgSetText(char **pz, const char *z, int n){
  char *zOut;
  int i = 0, j = 0;
  if( n<0 ) n = (int)strlen(z);
  zOut = sqlite3_malloc64((sqlite3_uint64)n*3 + 1);   /* a byte -> at most 3 */
  if( zOut==0 ) return SQLITE_NOMEM;
  while( i<n ){
    unsigned c;
    i += utilUtf8Decode((const unsigned char*)z+i, (size_t)(n-i), &c);
    if( c=='\t' || c=='\n' || c=='\r' ) c = ' ';
    else if( c<0x20 || c==0xFFFE || c==0xFFFF ) c = 0xFFFD;
    j += utilUtf8Encode(c, zOut+j);
  }
  zOut[j] = 0;
  if( j<n*3 ){
    /* Give back what the worst case did not need (a long label is held). */
    char *zFit = sqlite3_realloc64(zOut, (sqlite3_uint64)j + 1);
    if( zFit ) zOut = zFit;
  }
  sqlite3_free(*pz);
  *pz = zOut;
  return SQLITE_OK;
}

int svgCleanText(const char *z, sqlite3_int64 n, char **pzOut,
                 sqlite3_int64 *pnOut){
  char *zOut = sqlite3_malloc64((sqlite3_uint64)n*3 + 1);   /* a byte -> at most 3 */
  sqlite3_int64 i = 0, j = 0;
  if( zOut==0 ) return SQLITE_NOMEM;
  while( i<n ){
    unsigned c;
    i += utilUtf8Decode((const unsigned char*)z+i, (size_t)(n-i), &c);
    if( (c<0x20 && c!='\t' && c!='\n' && c!='\r') || (c>=0x7F && c<=0x9F)
     || c==0xFFFE || c==0xFFFF ){
      c = 0xFFFD;
    }
    j += utilUtf8Encode(c, zOut+j);
  }
  zOut[j] = 0;
  *pzOut = zOut;
  *pnOut = j;
  return SQLITE_OK;
}

static double charWidth(unsigned c){
  if( c>=0x2E80 ) return 1.0;                 /* CJK and wider */
  if( c>=0x80 ) return 0.8;
  if( c>='0' && c<='9' ) return 0.64;
  if( c==' ' || c=='.' || c==',' || c==':' || c==';' ) return 0.34;
  if( strchr("ijlI|!'`", (int)c) ) return 0.3;
  if( strchr("ftr()[]{}", (int)c) ) return 0.42;
  if( c=='-' ) return 0.38;
  if( c=='m' || c=='w' ) return 0.92;
  if( c=='M' || c=='W' ) return 1.0;
  if( c>='A' && c<='Z' ) return 0.74;
  return 0.62;
}

double svgTextWidth(const char *z, int n, double rFont){
  double w = 0.0;
  int i = 0;
  if( n<0 ) n = (int)strlen(z);
  while( i<n ){
    unsigned c;
    i += utilUtf8Decode((const unsigned char*)z+i, (size_t)(n-i), &c);
    w += charWidth(c);
  }
  return w*rFont;
}

/* Width of a tick label; "b^e" is drawn with e as a smaller superscript. */
static double labelWidth(const char *z, double rFont){
  const char *zCaret = strchr(z, '^');
  if( zCaret==0 ) return svgTextWidth(z, -1, rFont);
  return svgTextWidth(z, (int)(zCaret-z), rFont)
       + svgTextWidth(zCaret+1, -1, rFont*0.75);
}

/*
** The number of bytes of clean text z to draw within rMax pixels: all of
** it, or a prefix to which the caller appends an ellipsis (*pbCut set).
*/
static int fitText(const char *z, double rMax, double rFont, int *pbCut){
  int n = (int)strlen(z), i = 0, iLast = 0;
  double w = 0.0, wEll = charWidth(0x2026)*rFont;
  *pbCut = 0;
  if( svgTextWidth(z, n, rFont)<=rMax ) return n;
  *pbCut = 1;
  while( i<n ){
    unsigned c;
    int nc = utilUtf8Decode((const unsigned char*)z+i, (size_t)(n-i), &c);
    if( w + charWidth(c)*rFont + wEll > rMax ) break;
    w += charWidth(c)*rFont;
    i += nc;
    iLast = i;
  }
  return iLast;
}

/* A text element's content: z fitted into rMax pixels, escaped. */
static void bufFitted(SvgBuf *b, const char *z, double rMax, double rFont){
  int bCut;
  int n = fitText(z, rMax, rFont, &bCut);
  bufText(b, z, n);
  if( bCut ) bufPuts(b, "\xE2\x80\xA6");
}

/*
** Clean text z on at most two lines of rMax pixels: returns 1 when it fits
** one, else 2 with the first line z[0..*pnFirst) and the second from
** z[*pnFirst + *pnSkip]. The break is the space that makes the longer line
** shortest with both within rMax; else the last space the first line
** reaches; else the first line is filled. Only a second line still too
** long is cut (bufWrapped). Linear in the length of z.
*/
static int wrapText(const char *z, double rMax, double rFont,
                    int *pnFirst, int *pnSkip){
  int n = (int)strlen(z), i = 0, bCut, iBest = -1, iLastFit = -1;
  const double wAll = svgTextWidth(z, n, rFont), wSpace = charWidth(' ')*rFont;
  double w1 = 0.0, wBest = 0.0;
  *pnFirst = n;
  *pnSkip = 0;
  if( wAll<=rMax ) return 1;
  /* One pass: w1 is the width of z[0..i), the second line's the rest. */
  while( i<n ){
    unsigned c;
    int nc = utilUtf8Decode((const unsigned char*)z+i, (size_t)(n-i), &c);
    if( c==' ' && i>0 && i<n-1 ){
      double w2 = wAll - w1 - wSpace;
      double w = w1>w2 ? w1 : w2;
      if( w1<=rMax ) iLastFit = i;
      if( w<=rMax && (iBest<0 || w<wBest) ){ iBest = i; wBest = w; }
    }
    w1 += charWidth(c)*rFont;
    i += nc;
  }
  if( iBest>0 ){
    *pnFirst = iBest;
    *pnSkip = 1;
    return 2;
  }
  if( iLastFit>0 ){
    /* The last space the first line reaches: only the second is cut. */
    *pnFirst = iLastFit;
    *pnSkip = 1;
    return 2;
  }
  *pnFirst = fitText(z, rMax + charWidth(0x2026)*rFont, rFont, &bCut);
  if( *pnFirst<1 ) *pnFirst = n<1 ? n : 1;
  return 2;
}

/* The width of z as wrapText lays it out within rMax. */
static double wrappedWidth(const char *z, double rMax, double rFont, int *pnLines){
  int nFirst, nSkip, bCut, n2;
  double w1, w2;
  *pnLines = wrapText(z, rMax, rFont, &nFirst, &nSkip);
  w1 = svgTextWidth(z, nFirst, rFont);
  if( *pnLines==1 ) return w1;
  n2 = fitText(z+nFirst+nSkip, rMax, rFont, &bCut);
  w2 = svgTextWidth(z+nFirst+nSkip, n2, rFont) + (bCut ? charWidth(0x2026)*rFont : 0.0);
  return w1>w2 ? w1 : w2;
}

/* A text element's content: z on one line, or on two lines (tspans at x,
** centred on the element's baseline, lineH apart) when it is wider than
** rMax. */
static void bufWrapped(SvgBuf *b, const char *z, double rMax, double rFont,
                       double x, double lineH){
  int nFirst, nSkip;
  if( wrapText(z, rMax, rFont, &nFirst, &nSkip)==1 ){
    bufText(b, z, nFirst);
    return;
  }
  bufPuts(b, "<tspan x=\""); bufNum(b, x); bufPuts(b, "\" dy=\"");
  bufNum(b, -lineH/2); bufPuts(b, "\">");
  bufText(b, z, nFirst);
  bufPuts(b, "</tspan><tspan x=\""); bufNum(b, x); bufPuts(b, "\" dy=\"");
  bufNum(b, lineH); bufPuts(b, "\">");
  bufFitted(b, z+nFirst+nSkip, rMax, rFont);
  bufPuts(b, "</tspan>");
}

/* A tick label, with "b^e" as b and a raised e. */
static void bufTickLabel(SvgBuf *b, const char *z, double rFont){
  const char *zCaret = strchr(z, '^');
  if( zCaret==0 ){ bufPuts(b, z); return; }
  bufAppend(b, z, zCaret-z);
  bufPuts(b, "<tspan dy=\"");
  bufNum(b, -rFont*0.4);
  bufPuts(b, "\" font-size=\"");
  bufNum(b, rFont*0.75);
  bufPuts(b, "\">");
  bufPuts(b, zCaret+1);
  bufPuts(b, "</tspan>");
}

/* ---------------------------------------------------------------------- */
/* Ticks                                                                  */

static double toT(int eScale, double v){
  switch( eScale ){
    case SVG_SCALE_LOG2: return log2(v);
    case SVG_SCALE_LOG10: return log10(v);
    default: return v;
  }
}

/*
** Do the labels of candidate t (positions in [lo,hi] over nPx pixels) stand
** apart? Horizontal labels need their half widths plus a gap between
** centres, vertical ones a line height; both at least rMinGap.
*/
static int ticksFit(const SvgTicks *t, double lo, double hi, double nPx,
                    int bVertical, double rFont, double rMinGap){
  int i;
  double rPrevPx = 0.0, rPrevW = 0.0;
  for(i=0; i<t->n; i++){
    double px = (t->aT[i]-lo)/(hi-lo)*nPx;
    double w = labelWidth(t->azLabel[i], rFont);
    if( i>0 ){
      double gap = fabs(px - rPrevPx);
      double need = bVertical ? rFont*1.6 : (w+rPrevW)/2.0 + rFont;
      if( need<rMinGap ) need = rMinGap;
      if( gap<need ) return 0;
    }
    rPrevPx = px;
    rPrevW = w;
  }
  return 1;
}

/*
** Multiples of 1, 2 or 5 x 10^e of the value between vLo and vHi, positioned
** through eScale (values <= 0 skipped on log axes). The finest set whose
** labels fit with rMinGap pixels between ticks; else the finest whose labels
** merely do not overlap; else a single tick; else none.
*/
static void linearTicks(int eScale, double vLo, double vHi, double lo,
                        double hi, double nPx, int bVertical, double rFont,
                        double rMinGap, SvgTicks *pOut){
  static const int aMul[] = { 1, 2, 5 };
  double span = vHi - vLo;
  int e, iMul;
  SvgTicks one, relaxed;
  one.n = 0;
  relaxed.n = 0;
  pOut->n = 0;
  /* A step that underflows to 0 has no logarithm (svgVisibleRange widens
  ** such ranges on linear axes before they get here). */
  if( !(span/SVG_MAX_TICKS>0.0) || !isfinite(span) ) return;
  e = (int)floor(log10(span/SVG_MAX_TICKS));
  for(; e<400; e++){
    for(iMul=0; iMul<3; iMul++){
      double step = aMul[iMul]*pow(10.0, e);
      double kLo = ceil(vLo/step - 1e-9), kHi = floor(vHi/step + 1e-9);
      sqlite3_int64 k, maxAbs = 0;
      int bSci, n = 0;
      if( !isfinite(step) || step<=0.0 ) continue;
      if( eScale!=SVG_SCALE_LINEAR && kLo<1.0 ) kLo = 1.0;
      if( kHi-kLo+1.0 > SVG_MAX_TICKS ) continue;
      if( kHi<kLo ){
        if( step>span*100.0 ) goto done;
        continue;
      }
      for(k=(sqlite3_int64)kLo; k<=(sqlite3_int64)kHi; k++){
        sqlite3_int64 a = (k<0 ? -k : k)*aMul[iMul];
        if( a>maxAbs ) maxAbs = a;
      }
      bSci = needsSci(maxAbs, e);
      for(k=(sqlite3_int64)kLo; k<=(sqlite3_int64)kHi; k++){
        pOut->aT[n] = toT(eScale, (double)k*step);
        formatExact(pOut->azLabel[n], k*aMul[iMul], e, bSci);
        n++;
      }
      pOut->n = n;
      if( n==1 ){
        one = *pOut;
        goto done;
      }
      if( ticksFit(pOut, lo, hi, nPx, bVertical, rFont, rMinGap) ) return;
      if( relaxed.n==0 && ticksFit(pOut, lo, hi, nPx, bVertical, rFont, 0.0) ){
        relaxed = *pOut;
      }
    }
  }
done:
  *pOut = relaxed.n ? relaxed : one;
}

/* Is base^k printed plainly (else as "2^k" / "10^k")? */
static int powerIsPlain(int eScale, int k){
  return eScale==SVG_SCALE_LOG2 ? (k>=-6 && k<=20) : (k>=-4 && k<=6);
}

/* The label of base^k, plain or with a superscript exponent. */
static void powerLabel(char *z, int eScale, int k, int bPlain){
  if( !bPlain ){
    sqlite3_snprintf(32, z, eScale==SVG_SCALE_LOG2 ? "2^%d" : "10^%d", k);
  }else if( eScale==SVG_SCALE_LOG10 ){
    formatExact(z, 1, k, 0);
  }else if( k>=0 ){
    formatExact(z, (sqlite3_int64)1<<k, 0, 0);
  }else{
    sqlite3_int64 m = 1;
    int i;
    for(i=0; i<-k; i++) m *= 5;          /* 2^-k = 5^k / 10^k */
    formatExact(z, m, k, 0);
  }
}

/*
** Powers of the base at every s-th exponent in [lo, hi], for the smallest
** stride s whose labels fit. An axis labels all its powers plainly or all
** with superscripts. Returns 1 when a set of two or more fits.
*/
static int powerTicks(int eScale, double lo, double hi, double nPx,
                      int bVertical, double rFont, SvgTicks *pOut){
  /* Exponent strides, round in the base's own terms; 0 ends a list. */
  static const int aStride2[] = {
    1, 2, 4, 5, 8, 10, 16, 20, 32, 50, 64, 100, 128, 200, 256, 500, 1024, 0
  };
  static const int aStride10[] = {
    1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500, 0
  };
  const int *aStride = eScale==SVG_SCALE_LOG2 ? aStride2 : aStride10;
  int iStride;
  pOut->n = 0;
  for(iStride=0; aStride[iStride]; iStride++){
    int s = aStride[iStride];
    double kLo = ceil(lo/s - 1e-9), kHi = floor(hi/s + 1e-9);
    int k, n = 0, bPlain = 1;
    if( kHi-kLo+1.0 > SVG_MAX_TICKS ) continue;
    if( kHi<kLo ) return 0;
    for(k=(int)kLo; k<=(int)kHi; k++){
      if( !powerIsPlain(eScale, k*s) ) bPlain = 0;
    }
    for(k=(int)kLo; k<=(int)kHi; k++){
      pOut->aT[n] = (double)k*s;
      powerLabel(pOut->azLabel[n], eScale, k*s, bPlain);
      n++;
    }
    pOut->n = n;
    if( n<2 ) return 0;
    if( ticksFit(pOut, lo, hi, nPx, bVertical, rFont, 0.0) ) return 1;
  }
  return 0;
}

/*
** Between the powers: m x 10^k for m in 1, 2, 5 (log10), or 2^k and
** 3 x 2^(k-1) (log2; the latter only where powers print plainly). Returns 1
** when they fit with at least two ticks.
*/
static int betweenTicks(int eScale, double lo, double hi, double nPx,
                        int bVertical, double rFont, SvgTicks *pOut){
  int k, n = 0, bPlain = 1;
  int kLo = (int)floor(lo) - 1, kHi = (int)ceil(hi);
  for(k=kLo; k<=kHi; k++){
    if( !powerIsPlain(eScale, k) || !powerIsPlain(eScale, k-1) ) bPlain = 0;
  }
  for(k=kLo; k<=kHi && n<SVG_MAX_TICKS; k++){
    if( eScale==SVG_SCALE_LOG10 ){
      static const int aM[] = { 1, 2, 5 };
      int i;
      for(i=0; i<3 && n<SVG_MAX_TICKS; i++){
        double t = k + log10((double)aM[i]);
        if( t<lo || t>hi ) continue;
        pOut->aT[n] = t;
        formatExact(pOut->azLabel[n], aM[i], k, !bPlain);
        n++;
      }
    }else{
      int i;
      for(i=0; i<(bPlain ? 2 : 1) && n<SVG_MAX_TICKS; i++){
        double t = i==0 ? (double)k : (k-1) + log2(3.0);
        if( t<lo || t>hi ) continue;
        pOut->aT[n] = t;
        if( i==0 ){
          powerLabel(pOut->azLabel[n], eScale, k, bPlain);
        }else if( k-1>=0 ){
          formatExact(pOut->azLabel[n], (sqlite3_int64)3<<(k-1), 0, 0);
        }else{
          sqlite3_int64 m = 3;
          int j;
          for(j=0; j<1-k; j++) m *= 5;
          formatExact(pOut->azLabel[n], m, k-1, 0);
        }
        n++;
      }
    }
  }
  pOut->n = n;
  return n>=2 && ticksFit(pOut, lo, hi, nPx, bVertical, rFont, 0.0);
}

void svgNiceTicks(int eScale, double lo, double hi, double nPx,
                  int bVertical, double rFont, SvgTicks *pOut){
  double rMinGap = bVertical ? 40.0 : 64.0;
  pOut->n = 0;
  if( !(hi>lo) || !isfinite(lo) || !isfinite(hi) || nPx<=0.0 ) return;
  if( eScale==SVG_SCALE_LINEAR ){
    linearTicks(eScale, lo, hi, lo, hi, nPx, bVertical, rFont, rMinGap, pOut);
    return;
  }
  {
    SvgTicks powers;
    int bPowers = powerTicks(eScale, lo, hi, nPx, bVertical, rFont, &powers);
    double nAtOne = floor(hi + 1e-9) - ceil(lo - 1e-9) + 1.0;  /* powers in range */
    double b = eScale==SVG_SCALE_LOG2 ? 2.0 : 10.0;
    if( nAtOne<3.0 && betweenTicks(eScale, lo, hi, nPx, bVertical, rFont, pOut) ){
      return;
    }
    if( bPowers ){
      *pOut = powers;
      return;
    }
    linearTicks(eScale, pow(b, lo), pow(b, hi), lo, hi, nPx, bVertical,
                rFont, rMinGap, pOut);
    if( pOut->n<2 && powers.n>pOut->n ) *pOut = powers;
  }
}

void svgVisibleRange(int eScale, double tMin, double tMax, double nPx,
                     double rPadPx, double *pLo, double *pHi){
  double f, span;
  double mag = fabs(tMin)>fabs(tMax) ? fabs(tMin) : fabs(tMax);
  /* Below 1e-290 a linear range is treated as all-equal, and a centre that
  ** small as zero: tick steps there would underflow. */
  double eps = eScale==SVG_SCALE_LINEAR ? (1e-9*mag>1e-290 ? 1e-9*mag : 1e-290)
                                        : 1e-9;
  if( tMax-tMin<=eps ){
    double c = tMin/2.0 + tMax/2.0, d;
    if( eScale==SVG_SCALE_LOG2 ) d = 1.0;
    else if( eScale==SVG_SCALE_LOG10 ) d = 0.5;
    else d = fabs(c)<1e-280 ? 1.0 : fabs(c)*0.1;
    tMin = c - d;
    tMax = c + d;
  }
  f = nPx>0.0 ? rPadPx/nPx : 0.3;
  if( f<0.04 ) f = 0.04;
  if( f>0.3 ) f = 0.3;
  span = (tMax - tMin)/(1.0 - 2.0*f);
  *pLo = tMin - f*span;
  *pHi = tMax + f*span;
}

/* ---------------------------------------------------------------------- */
/* The plot                                                               */

typedef struct SvgTable SvgTable;
struct SvgTable {
  int nEntry, nAlloc;
  char **azKey;             /* key bytes, owned */
  int *anKey;
  char **azLabel;           /* cleaned display text, owned */
  int *aSlot;               /* hash slots: entry index + 1, or 0 */
  int nSlot;                /* power of two, > 2 * nEntry */
};

typedef struct SvgColor SvgColor;
struct SvgColor {
  char *zLabel;             /* a series' display text, cleaned, owned */
  char zColor[8];           /* "#rgb" or "#rrggbb" */
};

struct SvgPlot {
  SvgOptions opt;
  SvgRefLine *aRef;
  int nRef;
  SvgPointLabel *aPLabel;   /* labels beside points */
  int nPLabel;
  SvgColor *aColor;         /* colours given per series label */
  int nColor;
  double *aX, *aY;
  double *aLo, *aHi;        /* intervals (NaN: none); 0 until the first */
  int *aS;
  sqlite3_int64 nPoint, nAlloc;
  /* With size_by count, identical points (series, x, y by ==) are one
  ** point as they arrive, so memory follows the distinct points: aN counts
  ** each, aPtSlot hashes them (index + 1, or 0; at most half full). */
  sqlite3_int64 *aN;
  unsigned *aPtSlot;
  sqlite3_int64 nPtSlot;
  sqlite3_int64 nLabelBytes;    /* bytes of the distinct labels interned */
  SvgTable aTable[3];       /* SVG_SERIES, SVG_CATEGORY, SVG_XCATEGORY */
};

SvgPlot *svgPlotNew(void){
  SvgPlot *p = sqlite3_malloc64(sizeof(*p));
  if( p==0 ) return 0;
  memset(p, 0, sizeof(*p));
  p->opt.nWidth = 720;
  p->opt.nHeight = 480;
  p->opt.eLegend = SVG_LEGEND_AUTO;
  return p;
}

static void tableClear(SvgTable *t){
  int i;
  for(i=0; i<t->nEntry; i++){
    sqlite3_free(t->azKey[i]);
    sqlite3_free(t->azLabel[i]);
  }
  sqlite3_free(t->azKey);
  sqlite3_free(t->anKey);
  sqlite3_free(t->azLabel);
  sqlite3_free(t->aSlot);
}

void svgPlotFree(SvgPlot *p){
  int i;
  if( p==0 ) return;
  sqlite3_free(p->opt.zTitle);
  sqlite3_free(p->opt.zXLabel);
  sqlite3_free(p->opt.zYLabel);
  sqlite3_free(p->opt.zFooter);
  for(i=0; i<p->nRef; i++) sqlite3_free(p->aRef[i].zLabel);
  sqlite3_free(p->aRef);
  for(i=0; i<p->nPLabel; i++) sqlite3_free(p->aPLabel[i].zLabel);
  sqlite3_free(p->aPLabel);
  for(i=0; i<p->nColor; i++) sqlite3_free(p->aColor[i].zLabel);
  sqlite3_free(p->aColor);
  sqlite3_free(p->aX);
  sqlite3_free(p->aY);
  sqlite3_free(p->aLo);
  sqlite3_free(p->aHi);
  sqlite3_free(p->aS);
  sqlite3_free(p->aN);
  sqlite3_free(p->aPtSlot);
  for(i=0; i<3; i++) tableClear(&p->aTable[i]);
  sqlite3_free(p);
}

SvgOptions *svgPlotOptions(SvgPlot *p){ return &p->opt; }

static int valueFits(int eScale, double v){
  if( !isfinite(v) ) return 0;
  if( eScale==SVG_SCALE_LINEAR ) return fabs(v)<=SVG_MAX_ABS;
  return v>0.0;
}

/*
** Room for element n of an array of n elements of szElem bytes each: the
** array holds a power of two elements, doubled when n reaches one, so n
** additions cost O(n) copying.
*/
static int arrayRoom(void **pp, int n, size_t szElem){
  void *pNew;
  if( n & (n-1) ) return SQLITE_OK;
  pNew = sqlite3_realloc64(*pp, szElem*(n ? 2*(sqlite3_uint64)n : 1));
  if( pNew==0 ) return SQLITE_NOMEM;
  *pp = pNew;
  return SQLITE_OK;
}

int svgAddRefLine(SvgPlot *p, int bVertical, double v,
                  const char *zLabel, int nLabel){
  SvgRefLine *r;
  if( !valueFits(bVertical ? p->opt.eXScale : p->opt.eYScale, v)
   || (!bVertical && p->opt.bYCategories) || (bVertical && p->opt.bXCategories) ){
    return SQLITE_RANGE;
  }
  if( arrayRoom((void**)&p->aRef, p->nRef, sizeof(SvgRefLine)) ) return SQLITE_NOMEM;
  r = &p->aRef[p->nRef];
  r->bVertical = bVertical;
  r->v = v;
  r->zLabel = 0;
  if( zLabel && svgSetText(&r->zLabel, zLabel, nLabel) ) return SQLITE_NOMEM;
  p->nRef++;
  return SQLITE_OK;
}

int svgAddPointLabel(SvgPlot *p, double x, double y,
                     const char *zLabel, int nLabel){
  SvgPointLabel *l;
  if( !valueFits(p->opt.eXScale, x) || !valueFits(p->opt.eYScale, y)
   || p->opt.bXCategories || p->opt.bYCategories ){
    return SQLITE_RANGE;
  }
  if( arrayRoom((void**)&p->aPLabel, p->nPLabel, sizeof(SvgPointLabel)) ) return SQLITE_NOMEM;
  l = &p->aPLabel[p->nPLabel];
  l->x = x;
  l->y = y;
  l->zLabel = 0;
  if( svgSetText(&l->zLabel, zLabel ? zLabel : "", zLabel ? nLabel : 0) ) return SQLITE_NOMEM;
  p->nPLabel++;
  return SQLITE_OK;
}

static int tableGrow(SvgTable *t){
  int nAlloc = t->nAlloc ? t->nAlloc*2 : 16;
  int nSlot = nAlloc*4, i;
  char **azKey, **azLabel;
  int *anKey, *aSlot;
  azKey = sqlite3_realloc64(t->azKey, sizeof(char*)*nAlloc);
  if( azKey ) t->azKey = azKey;
  anKey = sqlite3_realloc64(t->anKey, sizeof(int)*nAlloc);
  if( anKey ) t->anKey = anKey;
  azLabel = sqlite3_realloc64(t->azLabel, sizeof(char*)*nAlloc);
  if( azLabel ) t->azLabel = azLabel;
  aSlot = sqlite3_malloc64(sizeof(int)*nSlot);
  if( !azKey || !anKey || !azLabel || !aSlot ){
    sqlite3_free(aSlot);
    return SQLITE_NOMEM;
  }
  memset(aSlot, 0, sizeof(int)*nSlot);
  for(i=0; i<t->nEntry; i++){
    unsigned h = (unsigned)utilFnv1a(t->azKey[i], (size_t)t->anKey[i]) & (unsigned)(nSlot-1);
    while( aSlot[h] ) h = (h+1) & (unsigned)(nSlot-1);
    aSlot[h] = i+1;
  }
  sqlite3_free(t->aSlot);
  t->aSlot = aSlot;
  t->nSlot = nSlot;
  t->nAlloc = nAlloc;
  return SQLITE_OK;
}

int svgIntern(SvgPlot *p, int eTable, const char *zKey, int nKey,
              const char *zLabel, int nLabel, int *piOut){
  SvgTable *t = &p->aTable[eTable];
  unsigned h;
  int i;
  char *zCopy;
  if( t->nEntry>=t->nAlloc && tableGrow(t) ) return SQLITE_NOMEM;
  h = (unsigned)utilFnv1a(zKey, (size_t)nKey) & (unsigned)(t->nSlot-1);
  while( (i = t->aSlot[h])!=0 ){
    if( t->anKey[i-1]==nKey && memcmp(t->azKey[i-1], zKey, (size_t)nKey)==0 ){
      *piOut = i-1;
      return SQLITE_OK;
    }
    h = (h+1) & (unsigned)(t->nSlot-1);
  }
  /* Labels are held whole (their width lays out the legend and the axis):
  ** their bytes together stay within the limit. */
  if( p->opt.nMaxBytes>0 && nKey>p->opt.nMaxBytes - p->nLabelBytes ){
    p->nLabelBytes += nKey;
    return SQLITE_TOOBIG;
  }
  zCopy = sqlite3_malloc64((sqlite3_uint64)nKey + 1);
  if( zCopy==0 ) return SQLITE_NOMEM;
  if( nKey ) memcpy(zCopy, zKey, (size_t)nKey);
  zCopy[nKey] = 0;
  i = t->nEntry;
  t->azLabel[i] = 0;
  if( svgSetText(&t->azLabel[i], zLabel, nLabel) ){
    sqlite3_free(zCopy);
    return SQLITE_NOMEM;
  }
  t->azKey[i] = zCopy;
  t->anKey[i] = nKey;
  t->aSlot[h] = i+1;
  t->nEntry++;
  p->nLabelBytes += nKey;
  *piOut = i;
  return SQLITE_OK;
}

sqlite3_int64 svgLabelBytes(const SvgPlot *p){ return p->nLabelBytes; }

sqlite3_int64 svgMinBytes(const SvgPlot *p, sqlite3_int64 nMore){
  return (p->nPoint + nMore)*SVG_MIN_MARK_BYTES;
}

/* The hash slot of point (x, y, iSeries): where it is, or the empty slot
** where it goes. -0.0 hashes as 0.0, which it equals. */
static sqlite3_int64 pointSlot(const SvgPlot *p, double x, double y, int iSeries){
  char aKey[2*sizeof(double) + sizeof(int)];
  sqlite3_int64 h;
  unsigned i;
  x += 0.0;
  y += 0.0;
  memcpy(aKey, &x, sizeof(x));
  memcpy(aKey+sizeof(x), &y, sizeof(y));
  memcpy(aKey+2*sizeof(x), &iSeries, sizeof(iSeries));
  h = (sqlite3_int64)(utilFnv1a(aKey, sizeof(aKey)) & (uint64_t)(p->nPtSlot-1));
  while( (i = p->aPtSlot[h])!=0 ){
    if( p->aS[i-1]==iSeries && p->aX[i-1]==x && p->aY[i-1]==y ) break;
    h = (h+1) & (p->nPtSlot-1);
  }
  return h;
}

/* Room for one more distinct point in the hash (at most half full). */
static int pointHashGrow(SvgPlot *p){
  sqlite3_int64 nSlot = p->nPtSlot ? p->nPtSlot*2 : 1024, i;
  unsigned *aOld = p->aPtSlot;
  sqlite3_int64 nOld = p->nPtSlot;
  if( (p->nPoint+1)*2<=p->nPtSlot ) return SQLITE_OK;
  p->aPtSlot = sqlite3_malloc64(sizeof(unsigned)*(sqlite3_uint64)nSlot);
  if( p->aPtSlot==0 ){
    p->aPtSlot = aOld;
    return SQLITE_NOMEM;
  }
  memset(p->aPtSlot, 0, sizeof(unsigned)*(size_t)nSlot);
  p->nPtSlot = nSlot;
  for(i=0; i<nOld; i++){
    if( aOld[i] ){
      unsigned k = aOld[i]-1;
      p->aPtSlot[pointSlot(p, p->aX[k], p->aY[k], p->aS[k])] = k+1;
    }
  }
  sqlite3_free(aOld);
  return SQLITE_OK;
}

/* Is z a colour "#rgb" or "#rrggbb"? */
static int isHexColor(const char *z){
  int n = 0;
  if( z[0]!='#' ) return 0;
  while( z[n+1] && strchr("0123456789abcdefABCDEF", z[n+1]) ) n++;
  return z[n+1]==0 && (n==3 || n==6);
}

int svgSetSeriesColor(SvgPlot *p, const char *zLabel, int nLabel,
                      const char *zColor){
  SvgColor *aNew;
  SvgColor *c;
  if( !isHexColor(zColor) ) return SQLITE_RANGE;
  aNew = sqlite3_realloc64(p->aColor, sizeof(SvgColor)*(p->nColor+1));
  if( aNew==0 ) return SQLITE_NOMEM;
  p->aColor = aNew;
  c = &p->aColor[p->nColor];
  c->zLabel = 0;
  if( svgSetText(&c->zLabel, zLabel, nLabel) ) return SQLITE_NOMEM;
  memcpy(c->zColor, zColor, strlen(zColor)+1);
  p->nColor++;
  return SQLITE_OK;
}

/* The intervals' arrays, NaN for the points held so far. */
static int rangeInit(SvgPlot *p){
  sqlite3_int64 i;
  p->aLo = sqlite3_malloc64(sizeof(double)*(p->nAlloc ? p->nAlloc : 1));
  p->aHi = sqlite3_malloc64(sizeof(double)*(p->nAlloc ? p->nAlloc : 1));
  if( p->aLo==0 || p->aHi==0 ){
    sqlite3_free(p->aLo); sqlite3_free(p->aHi);
    p->aLo = p->aHi = 0;
    return SQLITE_NOMEM;
  }
  for(i=0; i<p->nPoint; i++) p->aLo[i] = p->aHi[i] = NAN;
  return SQLITE_OK;
}

/* Can [lo, hi] be drawn on an axis of scale eScale? */
static int rangeFits(int eScale, double lo, double hi){
  if( !isfinite(lo) || !isfinite(hi) || lo>hi ) return 0;
  if( eScale==SVG_SCALE_LINEAR ) return fabs(lo)<=SVG_MAX_ABS && fabs(hi)<=SVG_MAX_ABS;
  return 1;
}

int svgAddPoint(SvgPlot *p, double x, double y, int iSeries){
  return svgAddPointRange(p, x, y, NAN, NAN, iSeries);
}

int svgAddPointRange(SvgPlot *p, double x, double y, double yLo, double yHi,
                     int iSeries){
  int bRange = !isnan(yLo) && !isnan(yHi);
  if( p->opt.bXCategories ){
    if( !(x>=0.0 && x<p->aTable[SVG_XCATEGORY].nEntry) ) return SQLITE_RANGE;
  }else if( !valueFits(p->opt.eXScale, x) ){
    return SQLITE_RANGE;
  }
  if( bRange && (p->opt.bYCategories || !rangeFits(p->opt.eYScale, yLo, yHi)) ){
    return SQLITE_RANGE;
  }
  if( p->opt.bYCategories ){
    if( !(y>=0.0 && y<p->aTable[SVG_CATEGORY].nEntry) ) return SQLITE_RANGE;
  }else if( !valueFits(p->opt.eYScale, y) ){
    return SQLITE_RANGE;
  }
  if( iSeries<0 || iSeries>=p->aTable[SVG_SERIES].nEntry ) return SQLITE_RANGE;
  if( p->opt.bSizeByCount && p->nPoint>0 ){
    unsigned i = p->aPtSlot[pointSlot(p, x, y, iSeries)];
    if( i ){
      p->aN[i-1]++;
      return SQLITE_OK;
    }
  }
  if( p->opt.nMaxBytes>0 && svgMinBytes(p, 1)>p->opt.nMaxBytes ) return SQLITE_TOOBIG;
  if( p->opt.bSizeByCount && pointHashGrow(p) ) return SQLITE_NOMEM;
  if( p->nPoint>=p->nAlloc ){
    sqlite3_int64 nNew = p->nAlloc ? p->nAlloc*2 : 256;
    double *aX = sqlite3_realloc64(p->aX, sizeof(double)*nNew);
    double *aY;
    int *aS;
    if( aX==0 ) return SQLITE_NOMEM;
    p->aX = aX;
    aY = sqlite3_realloc64(p->aY, sizeof(double)*nNew);
    if( aY==0 ) return SQLITE_NOMEM;
    p->aY = aY;
    aS = sqlite3_realloc64(p->aS, sizeof(int)*nNew);
    if( aS==0 ) return SQLITE_NOMEM;
    p->aS = aS;
    if( p->opt.bSizeByCount ){
      sqlite3_int64 *aN = sqlite3_realloc64(p->aN, sizeof(sqlite3_int64)*nNew);
      if( aN==0 ) return SQLITE_NOMEM;
      p->aN = aN;
    }
    if( p->aLo ){
      double *aLo = sqlite3_realloc64(p->aLo, sizeof(double)*nNew);
      double *aHi;
      if( aLo==0 ) return SQLITE_NOMEM;
      p->aLo = aLo;
      aHi = sqlite3_realloc64(p->aHi, sizeof(double)*nNew);
      if( aHi==0 ) return SQLITE_NOMEM;
      p->aHi = aHi;
    }
    p->nAlloc = nNew;
  }
  if( bRange && p->aLo==0 && rangeInit(p) ) return SQLITE_NOMEM;
  if( p->aLo ){
    p->aLo[p->nPoint] = bRange ? yLo : NAN;
    p->aHi[p->nPoint] = bRange ? yHi : NAN;
  }
  p->aX[p->nPoint] = x;
  p->aY[p->nPoint] = y;
  p->aS[p->nPoint] = iSeries;
  if( p->opt.bSizeByCount ){
    p->aN[p->nPoint] = 1;
    p->aPtSlot[pointSlot(p, x, y, iSeries)] = (unsigned)(p->nPoint + 1);
  }
  p->nPoint++;
  return SQLITE_OK;
}

/* ---------------------------------------------------------------------- */
/* Drawing order                                                          */

typedef struct Mark Mark;       /* one drawn marker */
struct Mark {
  sqlite3_int64 iPoint;         /* first point it stands for */
  sqlite3_int64 nCount;         /* how many identical points */
};

typedef int (*MarkCmp)(const SvgPlot*, const Mark*, const Mark*);

/* Series, then x, then y, then input order: for merging and for lines. */
static int cmpSeriesXY(const SvgPlot *p, const Mark *a, const Mark *b){
  sqlite3_int64 i = a->iPoint, j = b->iPoint;
  if( p->aS[i]!=p->aS[j] ) return p->aS[i]<p->aS[j] ? -1 : 1;
  if( p->aX[i]!=p->aX[j] ) return p->aX[i]<p->aX[j] ? -1 : 1;
  if( p->aY[i]!=p->aY[j] ) return p->aY[i]<p->aY[j] ? -1 : 1;
  return i<j ? -1 : (i>j);
}

/* Series, larger counts first (small markers stay visible on top). */
static int cmpSeriesCount(const SvgPlot *p, const Mark *a, const Mark *b){
  if( p->aS[a->iPoint]!=p->aS[b->iPoint] ) return p->aS[a->iPoint]<p->aS[b->iPoint] ? -1 : 1;
  if( a->nCount!=b->nCount ) return a->nCount>b->nCount ? -1 : 1;
  return cmpSeriesXY(p, a, b);
}

/* markSort's comparison, through utilMergeSort's element pointers. */
typedef struct MarkSortCtx MarkSortCtx;
struct MarkSortCtx { const SvgPlot *p; MarkCmp xCmp; };
static int markSortCmp(void *pArg, const void *x, const void *y){
  const MarkSortCtx *c = (const MarkSortCtx*)pArg;
  return c->xCmp(c->p, (const Mark*)x, (const Mark*)y);
}

/* Sort a[0..n-1] by xCmp, stably (utilMergeSort); stops (leaving a in some
** order) when bufStop says so. */
static void markSort(const SvgPlot *p, Mark *a, Mark *aTmp, sqlite3_int64 n,
                     MarkCmp xCmp, SvgBuf *b){
  MarkSortCtx c;
  c.p = p;
  c.xCmp = xCmp;
  if( bufStop(b, 0) ) return;
  if( utilMergeSort(a, aTmp, n, sizeof(Mark), markSortCmp, &c, &b->stop) ){
    b->rc = SQLITE_INTERRUPT;
  }
}

/* ---------------------------------------------------------------------- */
/* Layout and drawing                                                     */

typedef struct Layout Layout;
struct Layout {
  double x0, y0, w, h;          /* data area */
  double xLo, xHi, yLo, yHi;    /* visible range, transformed units */
  double r0, rMax;              /* marker radius, largest marker radius */
  sqlite3_int64 nCountMax;      /* largest multiplicity (size_by) */
};

static double mapX(const Layout *L, double t){
  return L->x0 + (t - L->xLo)/(L->xHi - L->xLo)*L->w;
}
static double mapY(const Layout *L, double t){
  return L->y0 + L->h - (t - L->yLo)/(L->yHi - L->yLo)*L->h;
}

static double markRadius(const Layout *L, sqlite3_int64 nCount){
  double r;
  if( L->nCountMax<=1 ) return L->r0;
  r = L->rMax*sqrt((double)nCount/(double)L->nCountMax);
  return r<1.5 ? 1.5 : r;
}

static void drawMarker(SvgBuf *b, int eShape, double x, double y, double r){
  switch( eShape ){
    case 0:
      bufPuts(b, "<circle cx=\""); bufNum(b, x);
      bufPuts(b, "\" cy=\""); bufNum(b, y);
      bufPuts(b, "\" r=\""); bufNum(b, r);
      bufPuts(b, "\"/>\n");
      break;
    case 1: {
      double s = r*0.89;              /* same area as the circle */
      bufPuts(b, "<rect x=\""); bufNum(b, x-s);
      bufPuts(b, "\" y=\""); bufNum(b, y-s);
      bufPuts(b, "\" width=\""); bufNum(b, 2*s);
      bufPuts(b, "\" height=\""); bufNum(b, 2*s);
      bufPuts(b, "\"/>\n");
      break;
    }
    case 2: {
      double s = r*1.35;
      bufPuts(b, "<path d=\"M"); bufNum(b, x); bufPuts(b, ","); bufNum(b, y-s);
      bufPuts(b, "L"); bufNum(b, x+s*0.866); bufPuts(b, ","); bufNum(b, y+s*0.5);
      bufPuts(b, "L"); bufNum(b, x-s*0.866); bufPuts(b, ","); bufNum(b, y+s*0.5);
      bufPuts(b, "Z\"/>\n");
      break;
    }
    default: {
      double s = r*1.25;
      bufPuts(b, "<path d=\"M"); bufNum(b, x); bufPuts(b, ","); bufNum(b, y-s);
      bufPuts(b, "L"); bufNum(b, x+s); bufPuts(b, ","); bufNum(b, y);
      bufPuts(b, "L"); bufNum(b, x); bufPuts(b, ","); bufNum(b, y+s);
      bufPuts(b, "L"); bufNum(b, x-s); bufPuts(b, ","); bufNum(b, y);
      bufPuts(b, "Z\"/>\n");
      break;
    }
  }
}

/* <text x y [extra]> with the attributes every label shares. */
static void textOpen(SvgBuf *b, const char *zClass, double x, double y,
                     const char *zAnchor, double rFont, const char *zExtra){
  bufPuts(b, "<text class=\""); bufPuts(b, zClass);
  bufPuts(b, "\" x=\""); bufNum(b, x);
  bufPuts(b, "\" y=\""); bufNum(b, y);
  bufPuts(b, "\" text-anchor=\""); bufPuts(b, zAnchor);
  bufPuts(b, "\" font-size=\""); bufNum(b, rFont);
  bufPuts(b, "\"");
  if( zExtra ) bufPuts(b, zExtra);
  bufPuts(b, ">");
}

/* <line> from (x1, y1) to (x2, y2); stroke from the enclosing group. */
static void drawLine(SvgBuf *b, double x1, double y1, double x2, double y2){
  bufPuts(b, "<line x1=\""); bufNum(b, x1); bufPuts(b, "\" y1=\""); bufNum(b, y1);
  bufPuts(b, "\" x2=\""); bufNum(b, x2); bufPuts(b, "\" y2=\""); bufNum(b, y2);
  bufPuts(b, "\"/>\n");
}

/* One row of the legend: what the series looks like, then its name. */
static void drawLegendSwatch(SvgBuf *b, const SvgOptions *o, int iSeries,
                             const char *zColor, double x, double y){
  int eShape = (iSeries/N_PALETTE) % N_SHAPE;
  bufPuts(b, "<g fill=\""); bufPuts(b, zColor);
  bufPuts(b, "\" stroke=\""); bufPuts(b, zColor);
  bufPuts(b, "\">");
  if( o->eKind!=SVG_KIND_SCATTER ){
    bufPuts(b, "<line x1=\""); bufNum(b, x-8); bufPuts(b, "\" y1=\""); bufNum(b, y);
    bufPuts(b, "\" x2=\""); bufNum(b, x+8); bufPuts(b, "\" y2=\""); bufNum(b, y);
    bufPuts(b, "\" stroke-width=\"1.8\"/>");
  }
  drawMarker(b, eShape, x, y, 4.0);
  bufPuts(b, "</g>\n");
}

/* Everything one svgRender call works with: the plot, the marks in drawing
** order, the extents and layout, the ticks, and the output. Filled in by
** the steps below, in the order svgRender calls them. */
typedef struct RenderState RenderState;
struct RenderState {
  const SvgPlot *p;
  const SvgOptions *o;
  double W, H;                  /* picture size, pixels */
  int nSeries, nCat, nXCat;
  int bCat;                     /* y is a category index */
  int bXCat;                    /* x is a category index */
  unsigned char *aHasPoints;    /* per series: 1 when it has points */
  int nShown;                   /* series with points (the legend's) */
  int catLines;                 /* 2 when a y category label wraps */
  int xCatEvery;                /* label every xCatEvery-th x category */
  SvgBuf b;                     /* the document */
  Layout L;
  Mark *aMark;                  /* marks in drawing order */
  sqlite3_int64 nMark;
  double txMin, txMax, tyMin, tyMax;   /* extents, transformed units */
  int bHaveX, bHaveY;
  int bLegend, bSizeKey, nLegendRows;
  double legendW;
  double catMaxW;
  int catEvery;                 /* label (and grid) every catEvery-th category */
  SvgTicks xt, yt;
  double (*aPlaced)[4];         /* boxes of the labels placed in the data area */
  int nPlaced;                  /* (reference and point labels: x1 y1 x2 y2) */
};

/* The colour of series s: given by svgSetSeriesColor, else the palette's. */
static const char *seriesColor(const RenderState *R, int s){
  const SvgPlot *p = R->p;
  int i;
  for(i=p->nColor-1; i>=0; i--){
    if( strcmp(p->aColor[i].zLabel, p->aTable[SVG_SERIES].azLabel[s])==0 ){
      return p->aColor[i].zColor;
    }
  }
  return azPalette[s % N_PALETTE];
}

/* Marks in drawing order (merged by count when size_by). */
static int renderMarks(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  Mark *aMark, *aTmp;
  sqlite3_int64 nMark, i;
  if( p->nPoint==0 ) return SQLITE_OK;
  aMark = R->aMark = sqlite3_malloc64(sizeof(Mark)*(size_t)p->nPoint);
  aTmp = sqlite3_malloc64(sizeof(Mark)*(size_t)p->nPoint);
  if( aMark==0 || aTmp==0 ){
    sqlite3_free(aTmp);
    return SQLITE_NOMEM;
  }
  for(i=0; i<p->nPoint; i++){
    aMark[i].iPoint = i;
    aMark[i].nCount = p->aN ? p->aN[i] : 1;
    if( !R->aHasPoints[p->aS[i]] ){ R->aHasPoints[p->aS[i]] = 1; R->nShown++; }
  }
  nMark = p->nPoint;
  if( o->bSizeByCount || o->eKind!=SVG_KIND_SCATTER ){
    markSort(p, aMark, aTmp, nMark, cmpSeriesXY, &R->b);
  }else{
    /* Scatter: series by series, each in input order (counting sort). */
    sqlite3_int64 *aStart = sqlite3_malloc64(sizeof(sqlite3_int64)*(R->nSeries+1));
    if( aStart==0 ){
      sqlite3_free(aTmp);
      return SQLITE_NOMEM;
    }
    memset(aStart, 0, sizeof(sqlite3_int64)*(R->nSeries+1));
    for(i=0; i<p->nPoint; i++) aStart[p->aS[i]+1]++;
    for(i=0; i<R->nSeries; i++) aStart[i+1] += aStart[i];
    for(i=0; i<p->nPoint; i++) aTmp[aStart[p->aS[i]]++].iPoint = i;
    for(i=0; i<p->nPoint; i++){ aMark[i].iPoint = aTmp[i].iPoint; }
    sqlite3_free(aStart);
  }
  if( o->bSizeByCount ){
    /* The points are distinct already (svgAddPoint merged them). */
    if( o->eKind==SVG_KIND_SCATTER ) markSort(p, aMark, aTmp, nMark, cmpSeriesCount, &R->b);
    for(i=0; i<nMark; i++){
      if( aMark[i].nCount>R->L.nCountMax ) R->L.nCountMax = aMark[i].nCount;
    }
  }
  sqlite3_free(aTmp);
  R->nMark = nMark;
  return SQLITE_OK;
}

/* Extents of points and reference lines, in transformed units. */
static void renderExtents(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  sqlite3_int64 i;
  for(i=0; i<p->nPoint; i++){
    double tx = toT(o->eXScale, p->aX[i]);
    if( !R->bHaveX || tx<R->txMin ) R->txMin = tx;
    if( !R->bHaveX || tx>R->txMax ) R->txMax = tx;
    R->bHaveX = 1;
    if( !R->bCat ){
      double ty = toT(o->eYScale, p->aY[i]);
      if( !R->bHaveY || ty<R->tyMin ) R->tyMin = ty;
      if( !R->bHaveY || ty>R->tyMax ) R->tyMax = ty;
      R->bHaveY = 1;
      if( p->aLo && !isnan(p->aLo[i]) ){
        /* Intervals are data: the axis shows them (a bound <= 0 on a log
        ** axis excepted, drawn at the bottom). */
        int k;
        for(k=0; k<2; k++){
          double v = k ? p->aHi[i] : p->aLo[i];
          if( o->eYScale!=SVG_SCALE_LINEAR && v<=0.0 ) continue;
          ty = toT(o->eYScale, v);
          if( ty<R->tyMin ) R->tyMin = ty;
          if( ty>R->tyMax ) R->tyMax = ty;
        }
      }
    }
  }
  for(i=0; i<p->nPLabel; i++){
    double tx = toT(o->eXScale, p->aPLabel[i].x), ty = toT(o->eYScale, p->aPLabel[i].y);
    if( !R->bHaveX || tx<R->txMin ) R->txMin = tx;
    if( !R->bHaveX || tx>R->txMax ) R->txMax = tx;
    if( !R->bHaveY || ty<R->tyMin ) R->tyMin = ty;
    if( !R->bHaveY || ty>R->tyMax ) R->tyMax = ty;
    R->bHaveX = R->bHaveY = 1;
  }
  for(i=0; i<p->nRef; i++){
    const SvgRefLine *r = &p->aRef[i];
    double t = toT(r->bVertical ? o->eXScale : o->eYScale, r->v);
    if( r->bVertical ){
      if( !R->bHaveX || t<R->txMin ) R->txMin = t;
      if( !R->bHaveX || t>R->txMax ) R->txMax = t;
      R->bHaveX = 1;
    }else{
      if( !R->bHaveY || t<R->tyMin ) R->tyMin = t;
      if( !R->bHaveY || t>R->tyMax ) R->tyMax = t;
      R->bHaveY = 1;
    }
  }
}

/* Layout, markers: the base radius, and the largest (size_by count). */
static void layoutMarkers(RenderState *R){
  Layout *L = &R->L;
  L->r0 = R->o->eKind==SVG_KIND_SCATTER ? 4.0 : 2.5;
  L->rMax = L->r0;
  if( L->nCountMax>1 ){
    double rCap = 0.06*(R->W<R->H ? R->W : R->H);
    L->rMax = L->r0*sqrt((double)L->nCountMax);
    if( L->rMax>rCap ) L->rMax = rCap > L->r0 ? rCap : L->r0;
  }
}

/* Layout, legend: series rows, then the size key; its width. */
static void layoutLegend(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  double maxW = 0.0;
  char zNum[40];
  int k;
  const double rMaxLabel = 0.25*R->W;
  int nLines = 0;
  R->bLegend = o->eLegend==SVG_LEGEND_ON || (o->eLegend==SVG_LEGEND_AUTO && R->nShown>1);
  if( R->nShown==0 ) R->bLegend = 0;
  R->bSizeKey = L->nCountMax>1;
  /* A label wider than a quarter of the picture takes two lines. */
  for(k=0; R->bLegend && k<R->nSeries; k++){
    int n;
    double w;
    if( !R->aHasPoints[k] ) continue;
    w = wrappedWidth(p->aTable[SVG_SERIES].azLabel[k], rMaxLabel, FONT_TICK, &n);
    if( w>maxW ) maxW = w;
    nLines += n;
  }
  R->nLegendRows = nLines + (R->bSizeKey ? 3 : 0);
  if( R->nLegendRows==0 ) return;
  if( R->bSizeKey ){
    double w;
    sqlite3_snprintf(sizeof(zNum), zNum, "%lld", L->nCountMax);
    w = svgTextWidth(zNum, -1, FONT_TICK) + 2*L->rMax - 16;
    if( w>maxW ) maxW = w;
    if( svgTextWidth("count", 5, FONT_TICK)>maxW ) maxW = svgTextWidth("count", 5, FONT_TICK);
  }
  if( maxW>rMaxLabel ) maxW = rMaxLabel;
  R->legendW = 16 + 16 + 8 + maxW + 4;
}

/* Layout, y axis: the visible range, the ticks or category rows; returns
** the widest y label. */
static double layoutY(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  Layout *L = &R->L;
  double maxYLabelW = 0.0;
  int k;
  if( R->bCat ){
    int nCat = R->nCat;
    double extra;
    R->catLines = 1;
    for(k=0; k<nCat; k++){
      int nLines;
      double w = wrappedWidth(p->aTable[SVG_CATEGORY].azLabel[k], R->catMaxW,
                              FONT_TICK, &nLines);
      if( nLines>R->catLines ) R->catLines = nLines;
      if( w>maxYLabelW ) maxYLabelW = w;
    }
    /* Half a row above the first and below the last, or room for the
    ** largest marker when rows are thin. */
    extra = nCat ? (L->rMax + 3)/(L->h/nCat) - 0.5 : 0.0;
    if( extra<0.0 ) extra = 0.0;
    L->yLo = nCat - 0.5 + extra;
    L->yHi = -0.5 - extra;
    if( nCat==0 ){ L->yLo = 1.0; L->yHi = 0.0; }
    R->catEvery = (int)ceil(FONT_TICK*(R->catLines>1 ? 2.4 : 1.25)
                            /(L->h/(L->yLo - L->yHi)));
    if( R->catEvery<1 ) R->catEvery = 1;
  }else if( R->bHaveY ){
    svgVisibleRange(o->eYScale, R->tyMin, R->tyMax, L->h, L->rMax + 4, &L->yLo, &L->yHi);
    svgNiceTicks(o->eYScale, L->yLo, L->yHi, L->h, 1, FONT_TICK, &R->yt);
    for(k=0; k<R->yt.n; k++){
      double w = labelWidth(R->yt.azLabel[k], FONT_TICK);
      if( w>maxYLabelW ) maxYLabelW = w;
    }
  }else{
    L->yLo = 0.0; L->yHi = 1.0;
  }
  return maxYLabelW;
}

/* Layout, x categories: columns at 0..nXCat-1, half a column (or room
** for the largest marker) beyond the first and last; every xCatEvery-th
** labelled so that labels keep apart; the data area narrowed until the
** first and last labels stay on the picture. */
static void layoutXCategories(RenderState *R){
  const SvgPlot *p = R->p;
  Layout *L = &R->L;
  const int n = R->nXCat;
  double maxW = 0.0, extra, wFirst, wLast;
  int k, iTry;
  for(k=0; k<n; k++){
    double w = svgTextWidth(p->aTable[SVG_XCATEGORY].azLabel[k], -1, FONT_TICK);
    if( w>maxW ) maxW = w;
  }
  wFirst = svgTextWidth(p->aTable[SVG_XCATEGORY].azLabel[0], -1, FONT_TICK);
  wLast = svgTextWidth(p->aTable[SVG_XCATEGORY].azLabel[n-1], -1, FONT_TICK);
  for(iTry=0; iTry<3; iTry++){
    double overR, overL;
    extra = (L->rMax + 3)/(L->w/n) - 0.5;
    if( extra<0.0 ) extra = 0.0;
    L->xLo = -0.5 - extra;
    L->xHi = n - 0.5 + extra;
    overR = mapX(L, n-1) + wLast/2 - (R->W - 4 - R->legendW);
    overL = 4 - (mapX(L, 0) - wFirst/2);
    if( overR<0 ) overR = 0;
    if( overL<0 ) overL = 0;
    if( overR+overL<=0 || L->w - overR - overL<20 ) break;
    L->x0 += overL;
    L->w -= overR + overL;
  }
  R->xCatEvery = (int)ceil((maxW + FONT_TICK)/(L->w/(L->xHi - L->xLo)));
  if( R->xCatEvery<1 ) R->xCatEvery = 1;
}

/* Layout, x axis: the visible range and ticks, the data area narrowed
** until the first and last labels stay on the picture. */
static void layoutX(RenderState *R){
  const SvgOptions *o = R->o;
  Layout *L = &R->L;
  SvgTicks *xt = &R->xt;
  int iTry;
  if( !R->bHaveX ){
    L->xLo = 0.0; L->xHi = 1.0;
    return;
  }
  if( R->bXCat ){
    layoutXCategories(R);
    return;
  }
  for(iTry=0; iTry<3; iTry++){
    double overR, overL;
    svgVisibleRange(o->eXScale, R->txMin, R->txMax, L->w, L->rMax + 4, &L->xLo, &L->xHi);
    svgNiceTicks(o->eXScale, L->xLo, L->xHi, L->w, 0, FONT_TICK, xt);
    if( xt->n==0 ) break;
    /* The first and last labels must not run off the picture (or into
    ** the legend): narrow the data area and tick again. */
    overR = mapX(L, xt->aT[xt->n-1]) + labelWidth(xt->azLabel[xt->n-1], FONT_TICK)/2
            - (R->W - 4 - R->legendW);
    overL = 4 - (mapX(L, xt->aT[0]) - labelWidth(xt->azLabel[0], FONT_TICK)/2);
    if( overR<0 ) overR = 0;
    if( overL<0 ) overL = 0;
    if( overR+overL<=0 || L->w - overR - overL<20 ) break;
    L->x0 += overL;
    L->w -= overR + overL;
  }
}

/* The layout: markers, legend, then margins. The y ticks depend only on
** the height, the x ticks on the width, which depends on the y labels: so
** y first. */
static void renderLayout(RenderState *R){
  const SvgOptions *o = R->o;
  Layout *L = &R->L;
  double topH, bottomH, leftW, rightW, maxYLabelW;
  layoutMarkers(R);
  layoutLegend(R);
  topH = 12 + (o->zTitle ? FONT_TITLE + 12 : 0);
  bottomH = 8 + 6 + FONT_TICK + 6 + (o->zXLabel ? FONT_LABEL + 8 : 0)
            + (o->zFooter ? FONT_FOOTER + 6 : 0);
  L->y0 = topH;
  L->h = R->H - topH - bottomH;
  if( L->h<20 ) L->h = 20;
  maxYLabelW = layoutY(R);
  leftW = 10 + (o->zYLabel ? FONT_LABEL + 10 : 0) + maxYLabelW + 9;
  rightW = 14 + R->legendW;
  L->x0 = leftW;
  L->w = R->W - leftW - rightW;
  if( L->w<20 ) L->w = 20;
  layoutX(R);
}

/* The XML prolog, <svg>, <title> and the background. */
static void renderDocument(RenderState *R){
  const SvgOptions *o = R->o;
  SvgBuf *b = &R->b;
  bufPuts(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"");
  bufInt(b, o->nWidth); bufPuts(b, "\" height=\""); bufInt(b, o->nHeight);
  bufPuts(b, "\" viewBox=\"0 0 "); bufInt(b, o->nWidth); bufPuts(b, " ");
  bufInt(b, o->nHeight);
  bufPuts(b, "\" font-family=\"DejaVu Sans, Verdana, Arial, Helvetica, sans-serif\">\n");
  if( o->zTitle ){
    bufPuts(b, "<title>"); bufText(b, o->zTitle, (int)strlen(o->zTitle));
    bufPuts(b, "</title>\n");
  }
  bufPuts(b, "<rect width=\""); bufInt(b, o->nWidth); bufPuts(b, "\" height=\"");
  bufInt(b, o->nHeight); bufPuts(b, "\" fill=\"#ffffff\"/>\n");
}

/* Grid lines at the ticks (every catEvery-th category row). */
static void renderGrid(RenderState *R){
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  int bCat = R->bCat;
  sqlite3_int64 i;
  bufPuts(b, "<g class=\"grid\" stroke=\"#e5e5e5\" stroke-width=\"1\">\n");
  for(i=0; i<(R->bXCat ? R->nXCat : R->xt.n); i+=(R->bXCat ? R->xCatEvery : 1)){
    double x = mapX(L, R->bXCat ? (double)i : R->xt.aT[i]);
    drawLine(b, x, L->y0, x, L->y0+L->h);
  }
  for(i=0; i<(bCat ? R->nCat : R->yt.n); i+=(bCat ? R->catEvery : 1)){
    double y = mapY(L, bCat ? (double)i : R->yt.aT[i]);
    drawLine(b, L->x0, y, L->x0+L->w, y);
  }
  bufPuts(b, "</g>\n");
}

/* Reference lines (labels come last, over the data). */
static void renderRefLines(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  sqlite3_int64 i;
  if( p->nRef==0 ) return;
  bufPuts(b, "<g class=\"ref-lines\" stroke=\"#444444\" stroke-width=\"1.2\" "
             "stroke-dasharray=\"6 4\">\n");
  for(i=0; i<p->nRef; i++){
    const SvgRefLine *r = &p->aRef[i];
    if( r->bVertical ){
      double x = mapX(L, toT(o->eXScale, r->v));
      drawLine(b, x, L->y0, x, L->y0+L->h);
    }else{
      double y = mapY(L, toT(o->eYScale, r->v));
      drawLine(b, L->x0, y, L->x0+L->w, y);
    }
  }
  bufPuts(b, "</g>\n");
}

/* The pixel row of interval bound v, kept inside the data area (a bound
** <= 0 on a log axis is at its bottom). */
static double rangeY(const RenderState *R, double v){
  const Layout *L = &R->L;
  double y;
  if( R->o->eYScale!=SVG_SCALE_LINEAR && v<=0.0 ) return L->y0 + L->h;
  y = mapY(L, toT(R->o->eYScale, v));
  if( y<L->y0 ) y = L->y0;
  if( y>L->y0+L->h ) y = L->y0+L->h;
  return y;
}

/* The end of the run of marks of one series that starts at mark iStart. */
static sqlite3_int64 seriesEnd(const RenderState *R, sqlite3_int64 iStart){
  const SvgPlot *p = R->p;
  int s = p->aS[R->aMark[iStart].iPoint];
  sqlite3_int64 iEnd = iStart;
  while( iEnd<R->nMark && p->aS[R->aMark[iEnd].iPoint]==s ) iEnd++;
  return iEnd;
}

/*
** One edge of a band: the points (x, bound) of the marks iFrom, iFrom+step,
** ... up to iTo (excluded) that have an interval, bound their high end
** (bHigh) or low end, each after a space unless it is the band's first.
*/
static void bandEdge(RenderState *R, sqlite3_int64 iFrom, sqlite3_int64 iTo,
                     int step, int bHigh, int *pbFirst){
  const SvgPlot *p = R->p;
  SvgBuf *b = &R->b;
  sqlite3_int64 i;
  for(i=iFrom; i!=iTo && !bufStop(b, 64); i+=step){
    sqlite3_int64 k = R->aMark[i].iPoint;
    if( isnan(p->aLo[k]) ) continue;
    if( !*pbFirst ) bufPuts(b, " ");
    *pbFirst = 0;
    bufNum(b, mapX(&R->L, toT(R->o->eXScale, p->aX[k]))); bufPuts(b, ",");
    bufNum(b, rangeY(R, bHigh ? p->aHi[k] : p->aLo[k]));
  }
}

/* xRun(R, s, iStart, iEnd) for each run [iStart, iEnd) of the marks of
** one series s, in order, until the writer fails. */
static void eachSeries(RenderState *R, void (*xRun)(RenderState*, int,
                       sqlite3_int64, sqlite3_int64)){
  sqlite3_int64 iStart = 0;
  while( iStart<R->nMark && !R->b.rc ){
    sqlite3_int64 iEnd = seriesEnd(R, iStart);
    xRun(R, R->p->aS[R->aMark[iStart].iPoint], iStart, iEnd);
    iStart = iEnd;
  }
}

/* The intervals of series s, marks [iStart, iEnd) (renderIntervals). */
static void intervalsOf(RenderState *R, int s, sqlite3_int64 iStart,
                        sqlite3_int64 iEnd){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  const char *zColor = seriesColor(R, s);
  sqlite3_int64 i, nRange = 0;
  for(i=iStart; i<iEnd; i++) if( !isnan(p->aLo[R->aMark[i].iPoint]) ) nRange++;
  if( nRange>0 && o->eKind==SVG_KIND_SCATTER ){
    bufPuts(b, "<g class=\"intervals\" stroke=\""); bufPuts(b, zColor);
    bufPuts(b, "\" stroke-width=\"1.3\">\n");
    for(i=iStart; i<iEnd && !bufStop(b, 64); i++){
      sqlite3_int64 k = R->aMark[i].iPoint;
      double x, yLo, yHi;
      if( isnan(p->aLo[k]) ) continue;
      x = mapX(L, toT(o->eXScale, p->aX[k]));
      yLo = rangeY(R, p->aLo[k]);
      yHi = rangeY(R, p->aHi[k]);
      drawLine(b, x, yLo, x, yHi);
      drawLine(b, x-3, yLo, x+3, yLo);
      drawLine(b, x-3, yHi, x+3, yHi);
    }
    bufPuts(b, "</g>\n");
  }else if( nRange>0 ){
    int bFirst = 1;
    bufPuts(b, "<polygon class=\"band\" fill=\""); bufPuts(b, zColor);
    bufPuts(b, "\" fill-opacity=\"0.2\" stroke=\"none\" points=\"");
    bandEdge(R, iStart, iEnd, 1, 1, &bFirst);
    bandEdge(R, iEnd-1, iStart-1, -1, 0, &bFirst);
    bufPuts(b, "\"/>\n");
  }
}

/* Intervals, under the markers: per series, error bars with caps (kind
** scatter) or one band through the intervals in x order (line, step). */
static void renderIntervals(RenderState *R){
  if( R->p->aLo ) eachSeries(R, intervalsOf);
}

/* The line of series s, marks [iStart, iEnd), then its markers. */
static void seriesOf(RenderState *R, int s, sqlite3_int64 iStart,
                     sqlite3_int64 iEnd){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  const Mark *aMark = R->aMark;
  SvgBuf *b = &R->b;
  int eShape = (s/N_PALETTE) % N_SHAPE;
  const char *zColor = seriesColor(R, s);
  sqlite3_int64 i;
  if( o->eKind!=SVG_KIND_SCATTER && iEnd-iStart>1 ){
    double yPrev = 0.0;
    bufPuts(b, "<polyline class=\"line\" fill=\"none\" stroke=\"");
    bufPuts(b, zColor);
    bufPuts(b, "\" stroke-width=\"1.8\" stroke-linejoin=\"round\" points=\"");
    for(i=iStart; i<iEnd && !bufStop(b, 64); i++){
      sqlite3_int64 k = aMark[i].iPoint;
      double x = mapX(L, toT(o->eXScale, p->aX[k]));
      double y = mapY(L, R->bCat ? p->aY[k] : toT(o->eYScale, p->aY[k]));
      if( o->eKind==SVG_KIND_STEP && i>iStart ){
        bufNum(b, x); bufPuts(b, ","); bufNum(b, yPrev); bufPuts(b, " ");
      }
      bufNum(b, x); bufPuts(b, ","); bufNum(b, y);
      if( i+1<iEnd ) bufPuts(b, " ");
      yPrev = y;
    }
    bufPuts(b, "\"/>\n");
  }
  bufPuts(b, "<g class=\"series\" fill=\""); bufPuts(b, zColor);
  bufPuts(b, L->nCountMax>1 ? "\" fill-opacity=\"0.7\" stroke=\"" : "\" stroke=\"");
  bufPuts(b, L->nCountMax>1 ? zColor : "#000000");
  bufPuts(b, L->nCountMax>1 ? "\" stroke-width=\"1\">\n"
                            : "\" stroke-opacity=\"0.35\" stroke-width=\"0.6\">\n");
  for(i=iStart; i<iEnd && !bufStop(b, 64); i++){
    sqlite3_int64 k = aMark[i].iPoint;
    double x = mapX(L, toT(o->eXScale, p->aX[k]));
    double y = mapY(L, R->bCat ? p->aY[k] : toT(o->eYScale, p->aY[k]));
    drawMarker(b, eShape, x, y, markRadius(L, aMark[i].nCount));
  }
  bufPuts(b, "</g>\n");
}

/* Data: per series, the line first, then the markers. */
static void renderSeries(RenderState *R){
  eachSeries(R, seriesOf);
}

/* Frame, tick marks and tick labels; "no data" when there are no marks. */
static void renderAxes(RenderState *R){
  const SvgPlot *p = R->p;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  int bCat = R->bCat;
  sqlite3_int64 i;
  bufPuts(b, "<rect class=\"frame\" x=\""); bufNum(b, L->x0);
  bufPuts(b, "\" y=\""); bufNum(b, L->y0);
  bufPuts(b, "\" width=\""); bufNum(b, L->w);
  bufPuts(b, "\" height=\""); bufNum(b, L->h);
  bufPuts(b, "\" fill=\"none\" stroke=\"#333333\" stroke-width=\"1\"/>\n");
  bufPuts(b, "<g class=\"tick-marks\" stroke=\"#333333\" stroke-width=\"1\">\n");
  for(i=0; i<(R->bXCat ? R->nXCat : R->xt.n); i+=(R->bXCat ? R->xCatEvery : 1)){
    double x = mapX(L, R->bXCat ? (double)i : R->xt.aT[i]);
    drawLine(b, x, L->y0+L->h, x, L->y0+L->h+5);
  }
  for(i=0; i<(bCat ? R->nCat : R->yt.n); i+=(bCat ? R->catEvery : 1)){
    double y = mapY(L, bCat ? (double)i : R->yt.aT[i]);
    drawLine(b, L->x0-5, y, L->x0, y);
  }
  bufPuts(b, "</g>\n<g class=\"tick-labels\" fill=\"#222222\">\n");
  for(i=0; !R->bXCat && i<R->xt.n; i++){
    textOpen(b, "tick-x", mapX(L, R->xt.aT[i]), L->y0+L->h+6+FONT_TICK, "middle", FONT_TICK, 0);
    bufTickLabel(b, R->xt.azLabel[i], FONT_TICK);
    bufPuts(b, "</text>\n");
  }
  for(i=0; R->bXCat && i<R->nXCat; i+=R->xCatEvery){
    const char *zLabel = p->aTable[SVG_XCATEGORY].azLabel[i];
    textOpen(b, "tick-x", mapX(L, (double)i), L->y0+L->h+6+FONT_TICK, "middle", FONT_TICK, 0);
    bufText(b, zLabel, (int)strlen(zLabel));
    bufPuts(b, "</text>\n");
  }
  if( bCat ){
    /* Every category row, or every k-th when rows are too close. */
    for(i=0; i<R->nCat; i+=R->catEvery){
      textOpen(b, "tick-y", L->x0-8, mapY(L, (double)i)+FONT_TICK*0.35, "end", FONT_TICK, 0);
      bufWrapped(b, p->aTable[SVG_CATEGORY].azLabel[i], R->catMaxW, FONT_TICK,
                 L->x0-8, FONT_TICK*1.15);
      bufPuts(b, "</text>\n");
    }
  }else{
    for(i=0; i<R->yt.n; i++){
      textOpen(b, "tick-y", L->x0-8, mapY(L, R->yt.aT[i])+FONT_TICK*0.35, "end", FONT_TICK, 0);
      bufTickLabel(b, R->yt.azLabel[i], FONT_TICK);
      bufPuts(b, "</text>\n");
    }
  }
  bufPuts(b, "</g>\n");

  if( R->nMark==0 ){
    textOpen(b, "no-data", L->x0+L->w/2, L->y0+L->h/2, "middle", FONT_LABEL, " fill=\"#777777\"");
    bufPuts(b, "no data</text>\n");
  }
}

/*
** Of nPlace candidate boxes (x1 y1 x2 y2) for a label in the data area,
** with aScore already holding each one's penalty (1e9: off its room),
** the one that covers the fewest labels placed before it (1e6 each), then
** the fewest markers (1 each), the first on a tie; recorded as placed.
*/
static int placeBest(RenderState *R, double (*aBox)[4], double *aScore, int nPlace){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  const Mark *aMark = R->aMark;
  sqlite3_int64 k;
  int c, j, iBest = 0;
  /* Each label is tried against every label placed before it: quadratic
  ** in the labels, so this work is counted too (sqlite3_interrupt). */
  if( bufStop(&R->b, (sqlite3_int64)nPlace*R->nPlaced) ) return 0;
  for(c=0; c<nPlace; c++){
    for(j=0; j<R->nPlaced; j++){
      const double *q = R->aPlaced[j];
      if( aBox[c][0]<q[2] && aBox[c][2]>q[0] && aBox[c][1]<q[3] && aBox[c][3]>q[1] ){
        aScore[c] += 1e6;
      }
    }
  }
  for(k=0; k<R->nMark && !bufStop(&R->b, 16); k++){
    sqlite3_int64 i = aMark[k].iPoint;
    double x = mapX(L, toT(o->eXScale, p->aX[i]));
    double y = mapY(L, R->bCat ? p->aY[i] : toT(o->eYScale, p->aY[i]));
    double rr = markRadius(L, aMark[k].nCount);
    for(c=0; c<nPlace; c++){
      if( x+rr>=aBox[c][0] && x-rr<=aBox[c][2]
       && y+rr>=aBox[c][1] && y-rr<=aBox[c][3] ) aScore[c] += 1.0;
    }
  }
  for(c=1; c<nPlace; c++){ if( aScore[c]<aScore[iBest] ) iBest = c; }
  /* aPlaced holds one box per reference and point label (svgRender). */
  assert( R->nPlaced < R->p->nRef + R->p->nPLabel );
  memcpy(R->aPlaced[R->nPlaced++], aBox[iBest], sizeof(aBox[iBest]));
  return iBest;
}

/* Reference line labels, haloed so that they read over the data. Each
** goes to the candidate place that covers the fewest markers and no label
** placed before it, the first such in this order: either end of its line,
** either side; then at a quarter, half and three quarters along it, either
** side. */
#define N_REF_PLACES 10
static void renderRefLabels(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  sqlite3_int64 i;
  for(i=0; i<p->nRef; i++){
    const SvgRefLine *r = &p->aRef[i];
    static const char zHalo[] =
        " fill=\"#333333\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\"";
    double aBox[N_REF_PLACES][4];        /* [candidate][x1 y1 x2 y2] */
    double aScore[N_REF_PLACES];
    double wL, rMaxW;
    int iBest, c, bCut;
    if( r->zLabel==0 || r->zLabel[0]==0 ) continue;
    if( r->bVertical ){
      double x = mapX(L, toT(o->eXScale, r->v));
      double roomR = L->x0+L->w-x-8, roomL = x-L->x0-8;
      int bRightFirst = roomR>=roomL;
      rMaxW = bRightFirst ? roomR : roomL;
      if( rMaxW<0 ) rMaxW = 0;
      wL = svgTextWidth(r->zLabel, fitText(r->zLabel, rMaxW, FONT_TICK, &bCut), FONT_TICK);
      if( bCut ) wL += charWidth(0x2026)*FONT_TICK;
      for(c=0; c<N_REF_PLACES; c++){
        int bRight = c<4 ? ((c<2) ? bRightFirst : !bRightFirst)
                         : ((c%2==0) ? bRightFirst : !bRightFirst);
        double xa = bRight ? x+4 : x-4-wL;
        double ya = c<4 ? ((c%2==0) ? L->y0+4 : L->y0+L->h-FONT_TICK-8)
                        : L->y0 + L->h*((c-4)/2+1)/4.0 - (FONT_TICK+4)/2;
        aBox[c][0] = xa; aBox[c][2] = xa+wL; aBox[c][1] = ya; aBox[c][3] = ya+FONT_TICK+4;
        aScore[c] = (bRight ? roomR : roomL) < wL ? 1e9 : 0.0;
      }
    }else{
      double y = mapY(L, toT(o->eYScale, r->v));
      rMaxW = L->w-8;
      wL = svgTextWidth(r->zLabel, fitText(r->zLabel, rMaxW, FONT_TICK, &bCut), FONT_TICK);
      if( bCut ) wL += charWidth(0x2026)*FONT_TICK;
      for(c=0; c<N_REF_PLACES; c++){
        int bBelow = c<4 ? c>=2 : c%2==1;
        double xa = c<4 ? ((c%2==0) ? L->x0+L->w-4-wL : L->x0+4)
                        : L->x0 + L->w*((c-4)/2+1)/4.0 - wL/2;
        double ya = bBelow ? y+1 : y-FONT_TICK-4;
        aBox[c][0] = xa; aBox[c][2] = xa+wL; aBox[c][1] = ya; aBox[c][3] = ya+FONT_TICK+3;
        aScore[c] = (ya<L->y0 || ya+FONT_TICK+3>L->y0+L->h
                     || xa<L->x0+2 || xa+wL>L->x0+L->w-2) ? 1e9 : 0.0;
      }
    }
    iBest = placeBest(R, aBox, aScore, N_REF_PLACES);
    textOpen(b, "ref-label", aBox[iBest][0], aBox[iBest][3]-4, "start", FONT_TICK, zHalo);
    bufFitted(b, r->zLabel, rMaxW, FONT_TICK);
    bufPuts(b, "</text>\n");
  }
}

/*
** Point labels: each beside its point, at the first of 16 places that
** covers no marker and no label placed before it and stays inside the
** data area (else the one covering the fewest, moved inside the data
** area): right, left, above, below, then the four diagonals, then the
** same eight one label height further out. A label wider than 60% of the
** data area ends in "...".
*/
#define N_POINT_PLACES 16
static void renderPointLabels(RenderState *R){
  const SvgPlot *p = R->p;
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  static const double aDir[8][2] = {
    {1, 0}, {-1, 0}, {0, -1}, {0, 1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}
  };
  const double hBox = FONT_TICK+4;
  int i;
  for(i=0; i<p->nPLabel && !bufStop(b, 16); i++){
    const SvgPointLabel *l = &p->aPLabel[i];
    static const char zHalo[] =
        " fill=\"#222222\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\"";
    double aBox[N_POINT_PLACES][4];
    double aScore[N_POINT_PLACES];
    double x = mapX(L, toT(o->eXScale, l->x));
    double y = mapY(L, toT(o->eYScale, l->y));
    double rMaxW = 0.6*L->w, wL, gap = L->rMax + 4;
    int c, bCut, iBest;
    if( l->zLabel[0]==0 ) continue;
    wL = svgTextWidth(l->zLabel, fitText(l->zLabel, rMaxW, FONT_TICK, &bCut), FONT_TICK);
    if( bCut ) wL += charWidth(0x2026)*FONT_TICK;
    wL = wL*1.05 + 2;                 /* room for a font wider than the estimate */
    for(c=0; c<N_POINT_PLACES; c++){
      double dx = aDir[c%8][0], dy = aDir[c%8][1];
      double g = gap + (c<8 ? 0 : hBox);
      double xa = dx>0 ? x+g : dx<0 ? x-g-wL : x-wL/2;
      double ya = dy<0 ? y-g-hBox : dy>0 ? y+g : y-hBox/2;
      if( dx!=0 && dy!=0 ){           /* a diagonal: nearer the point */
        xa = dx>0 ? x+0.7*g : x-0.7*g-wL;
        ya = dy<0 ? y-0.7*g-hBox : y+0.7*g;
      }
      aBox[c][0] = xa; aBox[c][1] = ya; aBox[c][2] = xa+wL; aBox[c][3] = ya+hBox;
      aScore[c] = (xa<L->x0+2 || xa+wL>L->x0+L->w-2
                   || ya<L->y0+1 || ya+hBox>L->y0+L->h-1) ? 1e9 : 0.0;
    }
    iBest = placeBest(R, aBox, aScore, N_POINT_PLACES);
    if( aScore[iBest]>=1e9 ){
      /* No place lies inside the data area (a small figure): the chosen
      ** one is moved inside it. The 60% cut and the smallest data area
      ** (20 x 20 pixels, renderLayout) leave it the room. */
      double dx = 0.0, dy = 0.0;
      double *q = R->aPlaced[R->nPlaced-1];
      assert( wL<=L->w-4 && hBox<=L->h-2 );
      if( aBox[iBest][0]<L->x0+2 ) dx = L->x0+2 - aBox[iBest][0];
      else if( aBox[iBest][2]>L->x0+L->w-2 ) dx = L->x0+L->w-2 - aBox[iBest][2];
      if( aBox[iBest][1]<L->y0+1 ) dy = L->y0+1 - aBox[iBest][1];
      else if( aBox[iBest][3]>L->y0+L->h-1 ) dy = L->y0+L->h-1 - aBox[iBest][3];
      aBox[iBest][0] += dx; aBox[iBest][2] += dx;
      aBox[iBest][1] += dy; aBox[iBest][3] += dy;
      memcpy(q, aBox[iBest], sizeof(aBox[iBest]));
    }
    textOpen(b, "point-label", aBox[iBest][0], aBox[iBest][3]-4, "start", FONT_TICK, zHalo);
    bufFitted(b, l->zLabel, rMaxW, FONT_TICK);
    bufPuts(b, "</text>\n");
  }
}

/* Title, axis labels and the footer. */
static void renderLabels(RenderState *R){
  const SvgOptions *o = R->o;
  const Layout *L = &R->L;
  const double W = R->W, H = R->H;
  SvgBuf *b = &R->b;
  if( o->zTitle ){
    const double rBold = FONT_TITLE*1.12;   /* bold runs wider */
    double wT = svgTextWidth(o->zTitle, -1, rBold);
    double cx = L->x0 + L->w/2;
    if( cx - wT/2 < 6 || cx + wT/2 > W-6 ) cx = W/2;
    textOpen(b, "title", cx, 12+FONT_TITLE, "middle", FONT_TITLE,
             " font-weight=\"bold\" fill=\"#111111\"");
    bufFitted(b, o->zTitle, W-16, rBold);
    bufPuts(b, "</text>\n");
  }
  if( o->zXLabel ){
    double y = H - 10 - (o->zFooter ? FONT_FOOTER + 6 : 0);
    textOpen(b, "x-label", L->x0+L->w/2, y, "middle", FONT_LABEL, " fill=\"#111111\"");
    bufFitted(b, o->zXLabel, L->w, FONT_LABEL);
    bufPuts(b, "</text>\n");
  }
  if( o->zFooter ){
    textOpen(b, "footer", 8, H-6, "start", FONT_FOOTER, " fill=\"#555555\"");
    bufFitted(b, o->zFooter, W-16, FONT_FOOTER);
    bufPuts(b, "</text>\n");
  }
  if( o->zYLabel ){
    double x = 10 + FONT_LABEL, y = L->y0 + L->h/2;
    char zRot[96];
    char zX[40], zY[40];
    svgFormatFixed(zX, x, 1);
    svgFormatFixed(zY, y, 1);
    sqlite3_snprintf(sizeof(zRot), zRot,
                     " fill=\"#111111\" transform=\"rotate(-90 %s %s)\"", zX, zY);
    textOpen(b, "y-label", x, y, "middle", FONT_LABEL, zRot);
    bufFitted(b, o->zYLabel, L->h, FONT_LABEL);
    bufPuts(b, "</text>\n");
  }
}

/* Legend, right of the data area: series rows, "+N more" when they do not
** all fit, then the size key. */
static void renderLegend(RenderState *R){
  const SvgPlot *p = R->p;
  const Layout *L = &R->L;
  SvgBuf *b = &R->b;
  const int nSeries = R->nSeries;
  double lx, ly, maxRows, labelW;
  int nSeriesShown = 0, nLegendShown = 0, iRow = 0, iSeries, nRowsMax;
  char zNum[40];
  if( R->nLegendRows==0 ) return;
  lx = L->x0 + L->w + 18;
  ly = L->y0 + 10;
  maxRows = floor((R->H - L->y0 - 10)/LEGEND_ROW);
  labelW = R->legendW - 16 - 16 - 8 - 4 + 0.01;   /* no wrap by rounding */
  /* Rows (lines) for the series: all of them, or when they do not all
  ** fit, those that fit above a "+N more" row and the size key. */
  nRowsMax = R->bLegend ? R->nLegendRows - (R->bSizeKey ? 3 : 0) : 0;
  if( R->nLegendRows>maxRows ){
    nRowsMax = (int)maxRows - (R->bSizeKey ? 3 : 0) - 1;
    if( nRowsMax<0 ) nRowsMax = 0;
  }
  bufPuts(b, "<g class=\"legend\" font-size=\"12\" fill=\"#222222\">\n");
  for(iSeries=0; R->bLegend && iSeries<nSeries; iSeries++){
    const char *zLabel = p->aTable[SVG_SERIES].azLabel[iSeries];
    int nFirst, nSkip, nLines;
    double y;
    if( !R->aHasPoints[iSeries] ) continue;
    nLines = wrapText(zLabel, labelW, FONT_TICK, &nFirst, &nSkip);
    if( iRow+nLines>nRowsMax ) break;
    y = ly + iRow*LEGEND_ROW + (nLines-1)*LEGEND_ROW/2;
    drawLegendSwatch(b, R->o, iSeries, seriesColor(R, iSeries), lx+8, y);
    textOpen(b, "legend-label", lx+22, y+FONT_TICK*0.35, "start", FONT_TICK, 0);
    bufWrapped(b, zLabel, labelW, FONT_TICK, lx+22, LEGEND_ROW);
    bufPuts(b, "</text>\n");
    iRow += nLines;
    nSeriesShown++;
  }
  nLegendShown = iRow;
  if( R->bLegend && nSeriesShown<R->nShown ){
    double y = ly + iRow*LEGEND_ROW;
    sqlite3_snprintf(sizeof(zNum), zNum, "+%d more", R->nShown - nSeriesShown);
    textOpen(b, "legend-more", lx+22, y+FONT_TICK*0.35, "start", FONT_TICK, 0);
    bufPuts(b, zNum);
    bufPuts(b, "</text>\n");
    nLegendShown++;
  }
  if( R->bSizeKey ){
    sqlite3_int64 aKey[2];
    int k;
    double y = ly + nLegendShown*LEGEND_ROW + (nLegendShown ? 6 : 0);
    aKey[0] = 1;
    aKey[1] = L->nCountMax;
    textOpen(b, "legend-count", lx, y+FONT_TICK*0.35, "start", FONT_TICK, 0);
    bufPuts(b, "count</text>\n");
    y += LEGEND_ROW;
    for(k=0; k<2; k++){
      double r = markRadius(L, aKey[k]);
      double cy = y + (k ? r - 4 : 0);
      bufPuts(b, "<circle fill=\"#888888\" fill-opacity=\"0.7\" stroke=\"#888888\" cx=\"");
      bufNum(b, lx+8+ (k ? r - 4 : 0)); bufPuts(b, "\" cy=\""); bufNum(b, cy);
      bufPuts(b, "\" r=\""); bufNum(b, r); bufPuts(b, "\"/>\n");
      sqlite3_snprintf(sizeof(zNum), zNum, "%lld", aKey[k]);
      textOpen(b, "legend-label", lx+22+(k ? 2*r - 8 : 0), cy+FONT_TICK*0.35,
               "start", FONT_TICK, 0);
      bufPuts(b, zNum);
      bufPuts(b, "</text>\n");
      y += LEGEND_ROW;
    }
  }
  bufPuts(b, "</g>\n");
}

int svgRender(SvgPlot *p, char **pzOut, sqlite3_int64 *pnOut){
  RenderState R;
  int rc;

  memset(&R, 0, sizeof(R));
  R.p = p;
  R.o = &p->opt;
  R.W = p->opt.nWidth;
  R.H = p->opt.nHeight;
  R.nSeries = p->aTable[SVG_SERIES].nEntry;
  R.nCat = p->aTable[SVG_CATEGORY].nEntry;
  R.bCat = p->opt.bYCategories;
  R.catMaxW = 0.3*R.W;
  R.nXCat = p->aTable[SVG_XCATEGORY].nEntry;
  R.bXCat = p->opt.bXCategories;
  R.xCatEvery = 1;
  R.catEvery = 1;
  R.b.nMax = p->opt.nMaxBytes;
  utilStopInit(&R.b.stop, p->opt.xStop, p->opt.pStopArg);
  *pzOut = 0;
  *pnOut = 0;

  R.aHasPoints = sqlite3_malloc64((sqlite3_uint64)R.nSeries + 1);
  if( R.aHasPoints==0 ){ rc = SQLITE_NOMEM; goto end; }
  memset(R.aHasPoints, 0, (size_t)R.nSeries + 1);
  R.aPlaced = sqlite3_malloc64(sizeof(R.aPlaced[0])*((sqlite3_uint64)p->nRef + p->nPLabel + 1));
  if( R.aPlaced==0 ){ rc = SQLITE_NOMEM; goto end; }
  rc = renderMarks(&R);
  if( rc ) goto end;
  renderExtents(&R);
  renderLayout(&R);
  renderDocument(&R);
  renderGrid(&R);
  renderRefLines(&R);
  renderIntervals(&R);
  renderSeries(&R);
  renderAxes(&R);
  renderRefLabels(&R);
  renderPointLabels(&R);
  renderLabels(&R);
  renderLegend(&R);
  bufPuts(&R.b, "</svg>\n");
  rc = R.b.rc;

end:
  sqlite3_free(R.aMark);
  sqlite3_free(R.aHasPoints);
  sqlite3_free(R.aPlaced);
  if( rc ){
    sqlite3_free(R.b.z);
    if( rc==SQLITE_TOOBIG ) *pnOut = R.b.n;
    return rc;
  }
  *pzOut = R.b.z;
  *pnOut = R.b.n;
  return SQLITE_OK;
}
