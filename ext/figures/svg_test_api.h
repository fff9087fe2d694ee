/*
** svg_test_api.h: the steps of the SVG writer (ext/figures/svg.c) that its unit
** test (tests/unit/svg_test.c) checks one by one: ticks, visible ranges,
** text widths, number formatting. Not part of the writer's API (svg.h);
** only ext/figures/svg.c and the test include it.
*/
#ifndef MLPSCALE_SVG_TEST_API_H
#define MLPSCALE_SVG_TEST_API_H

#define SVG_MAX_TICKS 64
typedef struct SvgTicks SvgTicks;
struct SvgTicks {
  int n;
  double aT[SVG_MAX_TICKS];          /* position in transformed units */
  char azLabel[SVG_MAX_TICKS][32];   /* "2^30" marks a superscript */
};

/*
** Nice ticks for the visible range [lo, hi] of transformed units (the value
** on linear axes, log2(v) or log10(v) on log axes) drawn over nPx pixels,
** horizontally or not, with tick labels of font size rFont. Chooses the
** densest set of round values whose labels do not overlap.
*/
void svgNiceTicks(int eScale, double lo, double hi, double nPx,
                  int bVertical, double rFont, SvgTicks *pOut);

/* The visible range [*pLo, *pHi] for data spanning [tMin, tMax] (transformed
** units) over nPx pixels, leaving rPadPx pixels at both ends; a single value
** is widened to a round neighbourhood first. */
void svgVisibleRange(int eScale, double tMin, double tMax, double nPx,
                     double rPadPx, double *pLo, double *pHi);

/* Estimated width in pixels of UTF-8 text z (n bytes) at font size rFont. */
double svgTextWidth(const char *z, int n, double rFont);

/* Format v with at most nDec decimals, trailing zeros dropped, no locale.
** Returns the length written into z (>= 32 bytes). */
int svgFormatFixed(char *z, double v, int nDec);

#endif /* MLPSCALE_SVG_TEST_API_H */
