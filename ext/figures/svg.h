/*
** svg.h: the plain-C SVG plot writer behind svg_plot() (ext/figures/svg.c).
**
** No SQL here: the caller (ext/figures/svg_sql.c, or a unit test) creates a plot,
** sets its options, interns series and y categories, adds points and asks
** for the document:
**
**     SvgPlot *p = svgPlotNew();
**     svgPlotOptions(p)->eXScale = SVG_SCALE_LOG2;
**     svgSetText(&svgPlotOptions(p)->zTitle, "E' by size", -1);
**     svgAddRefLine(p, 0, 1.0, "E' = 1", -1);
**     svgIntern(p, SVG_SERIES, "tA", 2, "A", 1, &iSeries);
**     svgAddPoint(p, 8.0, 0.93, iSeries);
**     svgRender(p, &zSvg, &nSvg);          (sqlite3_free(zSvg) afterwards)
**     svgPlotFree(p);
**
** Every function that can fail returns SQLITE_OK, SQLITE_NOMEM, or
** SQLITE_RANGE for a value the plot cannot show (not finite, <= 0 on a log
** axis, |v| > SVG_MAX_ABS on a linear axis); with SvgOptions.nMaxBytes set,
** svgAddPoint and svgRender return SQLITE_TOOBIG once the document is
** known to be larger. Set the options before adding points. Memory: 20
** bytes per point plus the output, all through sqlite3_malloc64.
*/
#ifndef MLPSCALE_SVG_H
#define MLPSCALE_SVG_H

#include "sqlite3ext.h"

/* Axis scales. */
#define SVG_SCALE_LINEAR 0
#define SVG_SCALE_LOG2   1
#define SVG_SCALE_LOG10  2

/* Kinds of plot. */
#define SVG_KIND_SCATTER 0
#define SVG_KIND_LINE    1   /* points joined in x order per series */
#define SVG_KIND_STEP    2   /* y holds until the next x (step-post) */

/* Legend. */
#define SVG_LEGEND_AUTO  (-1) /* shown when there is more than one series */
#define SVG_LEGEND_OFF   0
#define SVG_LEGEND_ON    1

/* Intern tables. */
#define SVG_SERIES       0
#define SVG_CATEGORY     1    /* y categories */
#define SVG_XCATEGORY    2    /* x categories */

/* Linear axes refuse values beyond this (keeps spans and padding finite). */
#define SVG_MAX_ABS      1e300

/* The shortest a marker can be written: <circle cx="0" cy="0" r="0"/> and
** a newline. Every point but merged ones (size_by count) has one, so a
** document holds at least this many bytes per point. */
#define SVG_MIN_MARK_BYTES 30

/* Limits of width and height, in pixels. */
#define SVG_MIN_SIZE     100
#define SVG_MAX_SIZE     10000

typedef struct SvgRefLine SvgRefLine;
struct SvgRefLine {
  int bVertical;          /* 1: x = v (vertical line); 0: y = v */
  double v;               /* position, in data units */
  char *zLabel;           /* owned, valid UTF-8 after cleaning; may be 0 */
};

typedef struct SvgPointLabel SvgPointLabel;
struct SvgPointLabel {
  double x, y;            /* the point it names, in data units */
  char *zLabel;           /* owned, valid UTF-8 after cleaning */
};

typedef struct SvgOptions SvgOptions;
struct SvgOptions {
  char *zTitle, *zXLabel, *zYLabel;   /* owned; set with svgSetText */
  char *zFooter;                      /* owned: a small line under the plot
                                      ** (a source, a caveat); 0 for none */
  int eXScale, eYScale;               /* SVG_SCALE_* */
  int eKind;                          /* SVG_KIND_* */
  int bSizeByCount;                   /* merge identical points, area ~ count */
  int bYCategories;                   /* y is a category index (svgIntern) */
  int bXCategories;                   /* x is a category index (svgIntern) */
  int nWidth, nHeight;                /* pixels, default 720 x 480 */
  int eLegend;                        /* SVG_LEGEND_* */
  /* The largest document, in bytes (0: no limit). svgAddPoint refuses a
  ** point once the points alone would pass it (svgMinBytes), and
  ** svgRender stops as soon as its output would: both SQLITE_TOOBIG. The
  ** output buffer never grows past nMaxBytes + 1. */
  sqlite3_int64 nMaxBytes;
  /* Optional: asked now and then while rendering (about every million
  ** steps of work); a non-zero return ends svgRender with
  ** SQLITE_INTERRUPT and no document. How sqlite3_interrupt() reaches the
  ** writer, which makes no SQL calls itself. */
  int (*xStop)(void*);
  void *pStopArg;
};

typedef struct SvgPlot SvgPlot;

SvgPlot *svgPlotNew(void);                   /* 0 when out of memory */
void svgPlotFree(SvgPlot *p);
SvgOptions *svgPlotOptions(SvgPlot *p);

/* Replace *pz with a cleaned copy of z (n bytes, or up to NUL when n<0):
** invalid UTF-8 and control characters become U+FFFD, tab/CR/LF a space. */
int svgSetText(char **pz, const char *z, int n);

/*
** The n bytes of z as clean text for a page: valid UTF-8 (an invalid or
** overlong sequence becomes one U+FFFD and eats one byte, as svgSetText
** reads), without control characters but tab, line feed and carriage
** return, U+007F-U+009F, U+FFFE and U+FFFF (each one U+FFFD). *pzOut
** (sqlite3_malloc64, NUL-terminated; caller frees) gets *pnOut bytes.
** SQLITE_OK or SQLITE_NOMEM.
*/
int svgCleanText(const char *z, sqlite3_int64 n, char **pzOut,
                 sqlite3_int64 *pnOut);

/* A reference line across the data area, labelled zLabel (may be 0). */
int svgAddRefLine(SvgPlot *p, int bVertical, double v,
                  const char *zLabel, int nLabel);

/* A text label beside the point (x, y), which need not be one of the
** plot's points: placed where it covers no marker and no label placed
** before it (SQLITE_RANGE for a value the axes cannot show, or with
** x or y categories). */
int svgAddPointLabel(SvgPlot *p, double x, double y,
                     const char *zLabel, int nLabel);

/*
** The index of the series (eTable SVG_SERIES) or y or x category
** (SVG_CATEGORY, SVG_XCATEGORY) whose key is zKey[0..nKey), created with
** display text zLabel (nLabel bytes, or to NUL when < 0) on first sight.
** Indexes count from 0 in order of first appearance; a series' index is its
** colour and legend place, so interning series before any point fixes
** both (a series without points is left out of the legend). A hash table: constant time per call. SQLITE_TOOBIG
** (nothing added) when the keys of the distinct entries of both tables
** would pass SvgOptions.nMaxBytes > 0 (svgLabelBytes then counts zKey).
*/
int svgIntern(SvgPlot *p, int eTable, const char *zKey, int nKey,
              const char *zLabel, int nLabel, int *piOut);

/* The bytes of the keys svgIntern holds (all tables). */
sqlite3_int64 svgLabelBytes(const SvgPlot *p);

/* One point. y is a category index when bYCategories. With bSizeByCount
** a point equal (==) to one already added, in the same series, only counts
** that one again. SQLITE_TOOBIG (the point is not added) when it is a new
** point and svgMinBytes(p, 1) > nMaxBytes > 0. */
int svgAddPoint(SvgPlot *p, double x, double y, int iSeries);

/* A point with an interval [yLo, yHi] on the y axis: an error bar (kind
** scatter) or a stretch of a band (line, step). NaN in either: none.
** yLo <= yHi, both finite; on a log axis a bound <= 0 is drawn at the
** bottom of the data area (SQLITE_RANGE otherwise, nothing added). A point
** merged into another (size_by count) keeps the first one's interval. */
int svgAddPointRange(SvgPlot *p, double x, double y, double yLo, double yHi,
                     int iSeries);

/* The colour of the series whose label (display text) is zLabel, as
** "#rgb" or "#rrggbb"; SQLITE_RANGE for any other colour text. */
int svgSetSeriesColor(SvgPlot *p, const char *zLabel, int nLabel,
                      const char *zColor);

/* A lower bound of the document's size in bytes, for the points held so
** far (distinct ones with size_by count) and nMore more:
** SVG_MIN_MARK_BYTES a point, each being one marker. */
sqlite3_int64 svgMinBytes(const SvgPlot *p, sqlite3_int64 nMore);

/* The document, NUL-terminated, from sqlite3_malloc64 (*pnOut bytes).
** SQLITE_NOMEM, SQLITE_INTERRUPT when SvgOptions.xStop said stop, or
** SQLITE_TOOBIG when the document would pass SvgOptions.nMaxBytes (then
** *pnOut is the size it had reached, more than nMaxBytes, and *pzOut 0). */
int svgRender(SvgPlot *p, char **pzOut, sqlite3_int64 *pnOut);

#endif /* MLPSCALE_SVG_H */
