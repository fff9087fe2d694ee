/*
** svg_sql.c: the svg_plot() aggregate over the SVG writer of
** ext/figures/svg.c, and text_clean(), its text cleaning for the report's
** page. The reference (options, every error, how to save a figure) is
** docs/figures.md.
**
**   svg_plot(x, y [, series [, options [, y_low, y_high]]])
**                                           -> text: one SVG 1.1 document
**   text_clean(x)    -> text: x as valid UTF-8 without control characters
**                       (NULL: NULL), DETERMINISTIC
**
**   SELECT svg_plot(accelerators, minutes, accelerator_model_name,
**                   json_object('x_scale', 'log2', 'y_scale', 'log10'))
**     FROM results WHERE benchmark = 'bert';
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "base/mlpscale_int.h"
#include "figures/svg.h"
#include "base/stats.h"
#include <math.h>
#include <string.h>

#define FUNC "svg_plot"

/* The largest block sqlite3_malloc64 gives (SQLITE_MAX_ALLOCATION_SIZE of
** SQLite 3.42+, the same bound in 3.40), less the document's closing NUL. */
#define SVG_MAX_ALLOC_BYTES (2147483391 - 1)

typedef struct SvgplotAcc SvgplotAcc;
struct SvgplotAcc {
  SvgPlot *pPlot;
  int bInit;              /* options read, pPlot created */
  int bFailed;            /* an error was reported; ignore further rows */
};

/* ---------------------------------------------------------------------- */
/* Options                                                                */

typedef struct OptState OptState;
struct OptState {
  SvgPlot *pPlot;
  char *zRefLines;        /* JSON text of ref_lines, read once scales are known */
  char *zPointLabels;     /* JSON text of point_labels, likewise */
  char *zSeriesOrder;     /* JSON text of series_order */
  char *zColors;          /* JSON text of colors */
  char *zXOrder;          /* JSON text of x_categories given as an array */
};

static const char *scaleName(int eScale){
  return eScale==SVG_SCALE_LOG2 ? "log2" : eScale==SVG_SCALE_LOG10 ? "log10" : "linear";
}

static int optString(const char *zKey, const char *zType, sqlite3_value *pVal,
                     char **pzOut, char **pzErr){
  const char *z;
  if( strcmp(zType, "text")!=0 ){
    return mlpOptError(pzErr, FUNC, zKey, "a string", mlpOptText(zType, pVal));
  }
  z = (const char*)sqlite3_value_text(pVal);
  if( z==0 ) return SQLITE_NOMEM;
  return svgSetText(pzOut, z, sqlite3_value_bytes(pVal));
}

static int svgplotOption(void *pArg, const char *zKey, const char *zType,
                     sqlite3_value *pVal, char **pzErr){
  static const char *const azScale[] = { "linear", "log2", "log10", 0 };
  static const char *const azKind[] = { "scatter", "line", "step", 0 };
  static const char *const azSizeBy[] = { "none", "count", 0 };
  OptState *s = (OptState*)pArg;
  SvgOptions *o = svgPlotOptions(s->pPlot);
  int rc;
  if( strcmp(zKey, "title")==0 ) return optString(zKey, zType, pVal, &o->zTitle, pzErr);
  if( strcmp(zKey, "x_label")==0 ) return optString(zKey, zType, pVal, &o->zXLabel, pzErr);
  if( strcmp(zKey, "y_label")==0 ) return optString(zKey, zType, pVal, &o->zYLabel, pzErr);
  if( strcmp(zKey, "footer")==0 ) return optString(zKey, zType, pVal, &o->zFooter, pzErr);
  if( strcmp(zKey, "x_scale")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azScale, &o->eXScale, pzErr);
  }
  if( strcmp(zKey, "y_scale")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azScale, &o->eYScale, pzErr);
  }
  if( strcmp(zKey, "kind")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azKind, &o->eKind, pzErr);
  }
  if( strcmp(zKey, "size_by")==0 ){
    return mlpOptChoice(FUNC, zKey, zType, pVal, azSizeBy, &o->bSizeByCount, pzErr);
  }
  if( strcmp(zKey, "y_categories")==0 ){
    return mlpOptBool(FUNC, zKey, zType, pVal, &o->bYCategories, pzErr);
  }
  if( strcmp(zKey, "x_categories")==0 ){
    /* true, false, or the categories in the order the axis shows them. */
    if( strcmp(zType, "array")==0 ){
      o->bXCategories = 1;
      s->zXOrder = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
      return s->zXOrder ? SQLITE_OK : SQLITE_NOMEM;
    }
    if( strcmp(zType, "true")!=0 && strcmp(zType, "false")!=0 ){
      return mlpOptError(pzErr, FUNC, zKey, "true, false or an array",
                         mlpOptText(zType, pVal));
    }
    return mlpOptBool(FUNC, zKey, zType, pVal, &o->bXCategories, pzErr);
  }
  if( strcmp(zKey, "series_order")==0 || strcmp(zKey, "colors")==0 ){
    int bOrder = zKey[0]=='s';
    if( strcmp(zType, bOrder ? "array" : "object")!=0 ){
      return mlpOptError(pzErr, FUNC, zKey, bOrder ? "an array" : "an object",
                         mlpOptText(zType, pVal));
    }
    if( bOrder ){
      s->zSeriesOrder = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
      return s->zSeriesOrder ? SQLITE_OK : SQLITE_NOMEM;
    }
    s->zColors = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
    return s->zColors ? SQLITE_OK : SQLITE_NOMEM;
  }
  if( strcmp(zKey, "legend")==0 ){
    int b = 0;
    rc = mlpOptBool(FUNC, zKey, zType, pVal, &b, pzErr);
    o->eLegend = b ? SVG_LEGEND_ON : SVG_LEGEND_OFF;
    return rc;
  }
  if( strcmp(zKey, "width")==0 || strcmp(zKey, "height")==0 ){
    sqlite3_int64 v;
    rc = mlpOptInt(FUNC, zKey, zType, pVal, SVG_MIN_SIZE, SVG_MAX_SIZE, &v, pzErr);
    if( rc ) return rc;
    if( zKey[0]=='w' ) o->nWidth = (int)v; else o->nHeight = (int)v;
    return SQLITE_OK;
  }
  if( strcmp(zKey, "ref_lines")==0 || strcmp(zKey, "point_labels")==0 ){
    char **pz = zKey[0]=='r' ? &s->zRefLines : &s->zPointLabels;
    if( strcmp(zType, "array")!=0 ){
      return mlpOptError(pzErr, FUNC, zKey, "an array of objects", mlpOptText(zType, pVal));
    }
    *pz = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
    return *pz ? SQLITE_OK : SQLITE_NOMEM;
  }
  return SQLITE_NOTFOUND;
}

/*
** Why v cannot go on an axis of scale eScale, as "must be ..." text, or 0
** when it can.
*/
static const char *domainError(int eScale, double v){
  if( !isfinite(v) ) return "must be finite";
  if( eScale==SVG_SCALE_LINEAR ){
    if( fabs(v)>SVG_MAX_ABS ) return "must be between -1e300 and 1e300 on a linear axis";
    return 0;
  }
  if( v<=0.0 ){
    return eScale==SVG_SCALE_LOG2 ? "must be positive on a log2 axis"
                                  : "must be positive on a log10 axis";
  }
  return 0;
}

/*
** One element of ref_lines, {"x"|"y": number, "label": text} (label
** optional), or of point_labels, {"x": number, "y": number, "label": text}
** (all three): zOpt names the option.
*/
static int readLabelled(sqlite3 *db, SvgPlot *pPlot, const char *zOpt, int iItem,
                        sqlite3_value *pObj, char **pzErr){
  SvgOptions *o = svgPlotOptions(pPlot);
  const int bPoint = zOpt[0]=='p';
  sqlite3_stmt *pStmt = 0;
  const char *zAxis = 0;
  double aV[2] = {0.0, 0.0};            /* x, y */
  char *azVal[2] = {0, 0};
  int abSeen[2] = {0, 0};
  char *zLabel = 0;
  int nLabel = 0, bLabel = 0, nAxis = 0, k;
  int rc = sqlite3_prepare_v2(db, "SELECT key, type, value FROM json_each(?1)",
                              -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) return rc;
  sqlite3_bind_value(pStmt, 1, pObj);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zKey = (const char*)sqlite3_column_text(pStmt, 0);
    const char *zType = (const char*)sqlite3_column_text(pStmt, 1);
    sqlite3_value *pVal = sqlite3_column_value(pStmt, 2);
    if( zKey==0 || zType==0 ){ rc = SQLITE_NOMEM; break; }
    if( strcmp(zKey, "x")==0 || strcmp(zKey, "y")==0 ){
      int iAxis = zKey[0]=='y';
      nAxis++;
      zAxis = iAxis ? "y" : "x";
      if( bPoint && abSeen[iAxis] ){
        *pzErr = sqlite3_mprintf(FUNC ": %s[%d] has a duplicate key '%s'", zOpt, iItem, zKey);
        rc = SQLITE_ERROR;
        break;
      }
      abSeen[iAxis] = 1;
      if( strcmp(zType, "integer")!=0 && strcmp(zType, "real")!=0 ){
        *pzErr = sqlite3_mprintf(FUNC ": %s[%d].%s must be a number, got '%s'",
                                 zOpt, iItem, zKey, mlpOptText(zType, pVal));
        rc = SQLITE_ERROR;
        break;
      }
      aV[iAxis] = sqlite3_value_double(pVal);
      sqlite3_free(azVal[iAxis]);
      azVal[iAxis] = sqlite3_mprintf("%s", (const char*)sqlite3_value_text(pVal));
      if( azVal[iAxis]==0 ){ rc = SQLITE_NOMEM; break; }
    }else if( strcmp(zKey, "label")==0 ){
      if( strcmp(zType, "text")!=0 || bLabel ){
        *pzErr = bLabel
            ? sqlite3_mprintf(FUNC ": %s[%d] has a duplicate key 'label'", zOpt, iItem)
            : sqlite3_mprintf(FUNC ": %s[%d].label must be a string, got '%s'",
                              zOpt, iItem, mlpOptText(zType, pVal));
        rc = SQLITE_ERROR;
        break;
      }
      {
        const unsigned char *zText = sqlite3_value_text(pVal);
        bLabel = 1;
        nLabel = sqlite3_value_bytes(pVal);
        if( zText==0 ){ rc = SQLITE_NOMEM; break; }
        zLabel = sqlite3_malloc64((sqlite3_uint64)nLabel + 1);
        if( zLabel==0 ){ rc = SQLITE_NOMEM; break; }
        if( nLabel>0 ) memcpy(zLabel, zText, (size_t)nLabel);
      }
      zLabel[nLabel] = 0;
    }else{
      *pzErr = sqlite3_mprintf(FUNC ": %s[%d] has unknown key '%s'", zOpt, iItem, zKey);
      rc = SQLITE_ERROR;
    }
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  if( rc==SQLITE_OK && !bPoint && nAxis!=1 ){
    *pzErr = sqlite3_mprintf(FUNC ": ref_lines[%d] must have exactly one of "
                             "'x' and 'y', got '%s'", iItem, mlpValueText(pObj));
    rc = SQLITE_ERROR;
  }
  if( rc==SQLITE_OK && bPoint && (nAxis!=2 || !bLabel) ){
    *pzErr = sqlite3_mprintf(FUNC ": point_labels[%d] must have 'x', 'y' and "
                             "'label', got '%s'", iItem, mlpValueText(pObj));
    rc = SQLITE_ERROR;
  }
  /* Each coordinate given: on an axis of numbers, and one it can show. */
  for(k=0; rc==SQLITE_OK && k<2; k++){
    const char *zWhy;
    if( !abSeen[k] ) continue;
    zAxis = k ? "y" : "x";
    zWhy = domainError(k ? o->eYScale : o->eXScale, aV[k]);
    if( k ? o->bYCategories : o->bXCategories ){
      *pzErr = sqlite3_mprintf(FUNC ": %s[%d].%s cannot be used with %s_categories",
                               zOpt, iItem, zAxis, zAxis);
      rc = SQLITE_ERROR;
    }else if( zWhy ){
      *pzErr = sqlite3_mprintf(FUNC ": %s[%d].%s %s, got '%s'",
                               zOpt, iItem, zAxis, zWhy, azVal[k]);
      rc = SQLITE_ERROR;
    }
  }
  if( rc==SQLITE_OK ){
    rc = bPoint ? svgAddPointLabel(pPlot, aV[0], aV[1], zLabel, nLabel)
                : svgAddRefLine(pPlot, abSeen[0], abSeen[0] ? aV[0] : aV[1], zLabel, nLabel);
  }
  sqlite3_free(azVal[0]);
  sqlite3_free(azVal[1]);
  sqlite3_free(zLabel);
  return rc;
}

/* ref_lines or point_labels (zOpt): an array of objects, each read in turn. */
static int readLabelledList(sqlite3 *db, SvgPlot *pPlot, const char *zOpt,
                            const char *zJson, char **pzErr){
  sqlite3_stmt *pStmt = 0;
  int iItem = 0;
  int rc = sqlite3_prepare_v2(db, "SELECT type, value FROM json_each(?1)",
                              -1, &pStmt, 0);
  if( rc!=SQLITE_OK ) return rc;
  sqlite3_bind_text(pStmt, 1, zJson, -1, SQLITE_STATIC);
  while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
    const char *zType = (const char*)sqlite3_column_text(pStmt, 0);
    if( zType==0 ){ rc = SQLITE_NOMEM; break; }
    if( strcmp(zType, "object")!=0 ){
      *pzErr = sqlite3_mprintf(FUNC ": option '%s' must be an array of "
                               "objects, got '%s'", zOpt, zJson);
      rc = SQLITE_ERROR;
      break;
    }
    rc = readLabelled(db, pPlot, zOpt, iItem++, sqlite3_column_value(pStmt, 1), pzErr);
  }
  if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  return rc;
}

static int seriesOf(SvgPlot *pPlot, sqlite3_value *pVal, int *piSeries);

/* x_categories as an array: its elements are the first columns, in order.
** series_order: each element becomes the next series (colour and legend
** place), before any row's. colors: {"series label": "#rrggbb", ...}. */
static int readSeriesStyle(sqlite3 *db, SvgPlot *pPlot, const char *zOrder,
                           const char *zColors, const char *zXOrder, char **pzErr){
  sqlite3_stmt *pStmt = 0;
  int rc = SQLITE_OK;
  if( zXOrder ){
    /* Each element, as text (as a row's x would be), is the next column. */
    rc = sqlite3_prepare_v2(db, "SELECT value FROM json_each(?1)", -1, &pStmt, 0);
    if( rc!=SQLITE_OK ) return rc;
    sqlite3_bind_text(pStmt, 1, zXOrder, -1, SQLITE_STATIC);
    while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
      const char *z = (const char*)sqlite3_column_text(pStmt, 0);
      int iCat;
      if( z==0 ) continue;        /* null: no column */
      rc = svgIntern(pPlot, SVG_XCATEGORY, z, sqlite3_column_bytes(pStmt, 0),
                     z, sqlite3_column_bytes(pStmt, 0), &iCat);
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
    pStmt = 0;
  }
  if( rc==SQLITE_OK && zOrder ){
    rc = sqlite3_prepare_v2(db, "SELECT value FROM json_each(?1)", -1, &pStmt, 0);
    if( rc!=SQLITE_OK ) return rc;
    sqlite3_bind_text(pStmt, 1, zOrder, -1, SQLITE_STATIC);
    while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
      int iSeries;
      rc = seriesOf(pPlot, sqlite3_column_value(pStmt, 0), &iSeries);
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
    pStmt = 0;
  }
  if( rc==SQLITE_OK && zColors ){
    rc = sqlite3_prepare_v2(db, "SELECT key, type, value FROM json_each(?1)", -1, &pStmt, 0);
    if( rc!=SQLITE_OK ) return rc;
    sqlite3_bind_text(pStmt, 1, zColors, -1, SQLITE_STATIC);
    while( rc==SQLITE_OK && sqlite3_step(pStmt)==SQLITE_ROW ){
      const char *zKey = (const char*)sqlite3_column_text(pStmt, 0);
      const char *zType = (const char*)sqlite3_column_text(pStmt, 1);
      sqlite3_value *pVal = sqlite3_column_value(pStmt, 2);
      const char *zColor = (const char*)sqlite3_value_text(pVal);
      if( zKey==0 || zType==0 || (zColor==0 && strcmp(zType, "text")==0) ){
        rc = SQLITE_NOMEM;
        break;
      }
      rc = strcmp(zType, "text")==0
           ? svgSetSeriesColor(pPlot, zKey, sqlite3_column_bytes(pStmt, 0), zColor)
           : SQLITE_RANGE;
      if( rc==SQLITE_RANGE ){
        *pzErr = sqlite3_mprintf(FUNC ": colors.%s must be '#rgb' or '#rrggbb', "
                                 "got '%s'", zKey, mlpOptText(zType, pVal));
        rc = SQLITE_ERROR;
      }
    }
    if( rc==SQLITE_OK ) rc = sqlite3_finalize(pStmt); else sqlite3_finalize(pStmt);
  }
  return rc;
}

/*
** The most bytes the document may have: SQLite's length limit of the
** connection (a longer result would fail with SQLITE_TOOBIG anyway, after
** being built), or the largest allocation when that is lower. *pzName
** (may be 0) names the bound.
*/
static sqlite3_int64 docLimit(sqlite3 *db, const char **pzName){
  sqlite3_int64 n = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  if( pzName ) *pzName = "SQLITE_LIMIT_LENGTH";
  if( n>SVG_MAX_ALLOC_BYTES ){
    n = SVG_MAX_ALLOC_BYTES;
    if( pzName ) *pzName = "the largest allocation of SQLite";
  }
  return n;
}

/* The document would be at least nBytes long, more than the limit. */
static void tooBig(sqlite3_context *ctx, sqlite3_int64 nBytes){
  const char *zName;
  sqlite3_int64 nMax = docLimit(sqlite3_context_db_handle(ctx), &zName);
  char *zErr = sqlite3_mprintf(FUNC ": the figure would be at least %lld bytes, "
                               "more than the limit of %lld bytes (%s)",
                               nBytes, nMax, zName);
  if( zErr==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, zErr, -1);       /* the message, then its code */
  sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
  sqlite3_free(zErr);
}

/*
** The options text with every JSON escape \u0000 written \ufffd, in
** *ppOut (a new value, or 0 when the text holds none): SQLite's JSON
** functions end a decoded string at its NUL (3.40), so a title, label or
** colors key holding one would be cut there, where a row's text shows
** U+FFFD for it. One rule for all text: a NUL is U+FFFD. A "\\" pair is
** passed over whole, so the text \\u0000 (a backslash, then "u0000")
** stays as it is.
*/
static int optionsNulFree(sqlite3 *db, sqlite3_value *pIn, sqlite3_value **ppOut){
  const char *z;
  char *zOut;
  sqlite3_stmt *pStmt = 0;
  int n, i, j, rc;
  *ppOut = 0;
  if( sqlite3_value_type(pIn)!=SQLITE_TEXT ) return SQLITE_OK;
  z = (const char*)sqlite3_value_text(pIn);
  n = sqlite3_value_bytes(pIn);
  if( z==0 ) return SQLITE_NOMEM;
  if( memchr(z, '\\', (size_t)n)==0 ) return SQLITE_OK;
  zOut = sqlite3_malloc64((sqlite3_uint64)n + 1);
  if( zOut==0 ) return SQLITE_NOMEM;
  for(i=j=0; i<n; ){
    if( z[i]=='\\' && i+5<n && memcmp(z+i+1, "u0000", 5)==0 ){
      memcpy(zOut+j, "\\ufffd", 6);
      i += 6; j += 6;
    }else if( z[i]=='\\' && i+1<n ){
      zOut[j++] = z[i++];
      zOut[j++] = z[i++];
    }else{
      zOut[j++] = z[i++];
    }
  }
  rc = sqlite3_prepare_v2(db, "SELECT ?1", -1, &pStmt, 0);
  if( rc==SQLITE_OK ){
    sqlite3_bind_text(pStmt, 1, zOut, j, SQLITE_STATIC);
    if( sqlite3_step(pStmt)==SQLITE_ROW ){
      *ppOut = sqlite3_value_dup(sqlite3_column_value(pStmt, 0));
    }
    rc = sqlite3_finalize(pStmt);
    if( rc==SQLITE_OK && *ppOut==0 ) rc = SQLITE_NOMEM;
  }
  sqlite3_free(zOut);
  return rc;
}

/* Create the plot and read the options of the first row. */
static int svgplotInit(sqlite3_context *ctx, SvgplotAcc *p, int argc,
                   sqlite3_value **argv){
  sqlite3 *db = sqlite3_context_db_handle(ctx);
  OptState s;
  char *zErr = 0;
  int rc = SQLITE_OK;
  memset(&s, 0, sizeof(s));
  p->pPlot = s.pPlot = svgPlotNew();
  if( p->pPlot==0 ) rc = SQLITE_NOMEM;
  if( rc==SQLITE_OK && argc>=4 ){
    sqlite3_value *pOpts = 0;
    rc = optionsNulFree(db, argv[3], &pOpts);
    if( rc==SQLITE_OK ){
      rc = mlpParseOptions(db, FUNC, pOpts ? pOpts : argv[3], svgplotOption, &s, &zErr);
    }
    sqlite3_value_free(pOpts);
  }
  if( rc==SQLITE_OK ){
    SvgOptions *o = svgPlotOptions(p->pPlot);
    if( o->bYCategories && o->eYScale!=SVG_SCALE_LINEAR ){
      zErr = sqlite3_mprintf(FUNC ": option 'y_scale' cannot be '%s' with "
                             "y_categories", scaleName(o->eYScale));
      rc = SQLITE_ERROR;
    }else if( o->bXCategories && o->eXScale!=SVG_SCALE_LINEAR ){
      zErr = sqlite3_mprintf(FUNC ": option 'x_scale' cannot be '%s' with "
                             "x_categories", scaleName(o->eXScale));
      rc = SQLITE_ERROR;
    }
  }
  if( rc==SQLITE_OK && s.zRefLines ){
    rc = readLabelledList(db, p->pPlot, "ref_lines", s.zRefLines, &zErr);
  }
  if( rc==SQLITE_OK && s.zPointLabels ){
    rc = readLabelledList(db, p->pPlot, "point_labels", s.zPointLabels, &zErr);
  }
  if( rc==SQLITE_OK && (s.zSeriesOrder || s.zColors || s.zXOrder) ){
    rc = readSeriesStyle(db, p->pPlot, s.zSeriesOrder, s.zColors, s.zXOrder, &zErr);
  }
  if( rc==SQLITE_OK ) svgPlotOptions(p->pPlot)->nMaxBytes = docLimit(db, 0);
  sqlite3_free(s.zRefLines);
  sqlite3_free(s.zPointLabels);
  sqlite3_free(s.zSeriesOrder);
  sqlite3_free(s.zColors);
  sqlite3_free(s.zXOrder);
  if( rc!=SQLITE_OK ){
    if( zErr==0 && rc!=SQLITE_NOMEM ){
      zErr = sqlite3_mprintf(FUNC ": %s", sqlite3_errmsg(db));
      if( zErr==0 ) rc = SQLITE_NOMEM;
    }
    mlpResultFail(ctx, rc, zErr);
  }
  return rc;
}

/* ---------------------------------------------------------------------- */
/* The aggregate                                                          */

/* x or y as a plottable number: 1 with *pOut set, or 0 after an error. */
static int numberArg(sqlite3_context *ctx, sqlite3_value *pVal,
                     const char *zArg, int eScale, double *pOut){
  int eType = sqlite3_value_numeric_type(pVal);
  const char *zWhy;
  if( eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT ){
    mlpResultErrorf(ctx, FUNC ": %s must be a number, got '%s'", zArg,
                    mlpValueText(pVal));
    return 0;
  }
  *pOut = sqlite3_value_double(pVal);
  zWhy = domainError(eScale, *pOut);
  if( zWhy ){
    mlpResultErrorf(ctx, FUNC ": %s %s, got '%s'", zArg, zWhy, mlpValueText(pVal));
    return 0;
  }
  return 1;
}

/*
** A category (eTable SVG_CATEGORY or SVG_XCATEGORY) as its index: the
** value as text, so 7 and '7' are one. SQLITE_ERROR after reporting a blob.
*/
static int categoryArg(sqlite3_context *ctx, SvgPlot *pPlot, int eTable,
                       sqlite3_value *pVal, const char *zArg, double *pOut){
  const char *zCat;
  int nCat, iCat, rc;
  if( sqlite3_value_type(pVal)==SQLITE_BLOB ){
    mlpResultErrorf(ctx, FUNC ": %s must be a number or text, got '(blob)'", zArg);
    return SQLITE_ERROR;
  }
  zCat = (const char*)sqlite3_value_text(pVal);
  nCat = sqlite3_value_bytes(pVal);
  rc = zCat ? svgIntern(pPlot, eTable, zCat, nCat, zCat, nCat, &iCat) : SQLITE_NOMEM;
  if( rc==SQLITE_OK ) *pOut = iCat;
  return rc;
}

/*
** y_low and y_high of a row: both NaN when either is NULL (no interval),
** else numbers, finite, low <= high (a bound <= 0 on a log axis is drawn
** at the axis' bottom). 0 after reporting an error.
*/
static int rangeArgs(sqlite3_context *ctx, const SvgOptions *o,
                     sqlite3_value *pLo, sqlite3_value *pHi,
                     double *pyLo, double *pyHi){
  sqlite3_value *aVal[2];
  double aV[2];
  int k;
  aVal[0] = pLo;
  aVal[1] = pHi;
  if( sqlite3_value_type(pLo)==SQLITE_NULL || sqlite3_value_type(pHi)==SQLITE_NULL ){
    return 1;
  }
  for(k=0; k<2; k++){
    const char *zArg = k ? "y_high" : "y_low";
    int eType = sqlite3_value_numeric_type(aVal[k]);
    const char *zWhy;
    if( o->bYCategories ){
      mlpResultErrorf(ctx, FUNC ": %s cannot be used with y_categories", zArg);
      return 0;
    }
    if( eType!=SQLITE_INTEGER && eType!=SQLITE_FLOAT ){
      mlpResultErrorf(ctx, FUNC ": %s must be a number, got '%s'", zArg,
                      mlpValueText(aVal[k]));
      return 0;
    }
    aV[k] = sqlite3_value_double(aVal[k]);
    zWhy = domainError(SVG_SCALE_LINEAR, aV[k]);
    if( zWhy ){
      mlpResultErrorf(ctx, FUNC ": %s %s, got '%s'", zArg, zWhy, mlpValueText(aVal[k]));
      return 0;
    }
  }
  if( aV[0]>aV[1] ){
    mlpResultErrorf(ctx, FUNC ": y_low must not be above y_high, got '%s' and '%s'",
                    mlpValueText(pLo), mlpValueText(pHi));
    return 0;
  }
  *pyLo = aV[0];
  *pyHi = aV[1];
  return 1;
}

/*
** The series of a row: distinct SQL values are distinct series (1 and 1.0
** are one value, 1 and '1' two, as in GROUP BY).
*/
static int seriesOf(SvgPlot *pPlot, sqlite3_value *pVal, int *piSeries){
  char zBuf[48];
  char *zKey = zBuf;
  int nKey, rc;
  const char *zLabel;
  switch( sqlite3_value_type(pVal) ){
    case SQLITE_NULL:
      return svgIntern(pPlot, SVG_SERIES, "n", 1, "(none)", -1, piSeries);
    case SQLITE_INTEGER:
    case SQLITE_FLOAT: {
      double r = sqlite3_value_double(pVal);
      if( sqlite3_value_type(pVal)==SQLITE_INTEGER ){
        sqlite3_snprintf(sizeof(zBuf), zBuf, "i%lld", sqlite3_value_int64(pVal));
      }else if( r==floor(r) && statsFitsInt64(r) ){
        sqlite3_snprintf(sizeof(zBuf), zBuf, "i%lld", (sqlite3_int64)r);
      }else{
        sqlite3_snprintf(sizeof(zBuf), zBuf, "r%!.17g", r);
      }
      {
        const char *zLabel = (const char*)sqlite3_value_text(pVal);
        if( zLabel==0 ) return SQLITE_NOMEM;
        return svgIntern(pPlot, SVG_SERIES, zBuf, (int)strlen(zBuf),
                         zLabel, -1, piSeries);
      }
    }
    default: {
      /* Text or blob: a type byte, then the bytes. */
      int bText = sqlite3_value_type(pVal)==SQLITE_TEXT;
      const void *pData = bText ? (const void*)sqlite3_value_text(pVal)
                                : sqlite3_value_blob(pVal);
      int nData = sqlite3_value_bytes(pVal);
      if( pData==0 && nData>0 ) return SQLITE_NOMEM;
      nKey = nData + 1;
      if( nKey>(int)sizeof(zBuf) ){
        zKey = sqlite3_malloc64((sqlite3_uint64)nKey);
        if( zKey==0 ) return SQLITE_NOMEM;
      }
      zKey[0] = bText ? 't' : 'b';
      if( nData ) memcpy(zKey+1, pData, (size_t)nData);
      zLabel = bText ? (const char*)pData : "(blob)";
      rc = svgIntern(pPlot, SVG_SERIES, zKey, nKey, zLabel ? zLabel : "",
                     bText ? nData : -1, piSeries);
      if( zKey!=zBuf ) sqlite3_free(zKey);
      return rc;
    }
  }
}

/* The distinct series and categories would hold nBytes, more than the
** limit. */
static void labelsTooBig(sqlite3_context *ctx, sqlite3_int64 nBytes){
  const char *zName;
  sqlite3_int64 nMax = docLimit(sqlite3_context_db_handle(ctx), &zName);
  char *zErr = sqlite3_mprintf(FUNC ": the distinct series and y categories "
                               "would hold %lld bytes, more than the limit of "
                               "%lld bytes (%s)", nBytes, nMax, zName);
  if( zErr==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, zErr, -1);
  sqlite3_result_error_code(ctx, SQLITE_TOOBIG);
  sqlite3_free(zErr);
}

static void svgplotFail(sqlite3_context *ctx, SvgplotAcc *p, int rc){
  sqlite3_int64 nLimit = docLimit(sqlite3_context_db_handle(ctx), 0);
  p->bFailed = 1;
  if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else if( rc==SQLITE_TOOBIG && svgLabelBytes(p->pPlot)>nLimit ){
    labelsTooBig(ctx, svgLabelBytes(p->pPlot));
  }else if( rc==SQLITE_TOOBIG ){
    tooBig(ctx, svgMinBytes(p->pPlot, 1));
  }else{
    mlpResultErrorf(ctx, FUNC ": internal error %d", rc);
  }
}

static void svgplotStep(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  SvgplotAcc *p = (SvgplotAcc*)sqlite3_aggregate_context(ctx, sizeof(SvgplotAcc));
  SvgOptions *o;
  double x, y, yLo = NAN, yHi = NAN;
  int iSeries = 0, rc;
  if( p==0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( p->bFailed ) return;
  if( !p->bInit ){
    p->bInit = 1;
    rc = svgplotInit(ctx, p, argc, argv);
    if( rc!=SQLITE_OK ){
      p->bFailed = 1;
      return;
    }
  }
  o = svgPlotOptions(p->pPlot);
  if( sqlite3_value_type(argv[0])==SQLITE_NULL
   || sqlite3_value_type(argv[1])==SQLITE_NULL ){
    return;
  }
  if( argc>=6 && !rangeArgs(ctx, o, argv[4], argv[5], &yLo, &yHi) ){
    p->bFailed = 1;
    return;
  }
  if( o->bXCategories ){
    rc = categoryArg(ctx, p->pPlot, SVG_XCATEGORY, argv[0], "x", &x);
    if( rc ) goto step_failed;
  }else if( !numberArg(ctx, argv[0], "x", o->eXScale, &x) ){
    p->bFailed = 1;
    return;
  }
  if( o->bYCategories ){
    rc = categoryArg(ctx, p->pPlot, SVG_CATEGORY, argv[1], "y", &y);
    if( rc ) goto step_failed;
  }else if( !numberArg(ctx, argv[1], "y", o->eYScale, &y) ){
    p->bFailed = 1;
    return;
  }
  rc = argc>=3 ? seriesOf(p->pPlot, argv[2], &iSeries)
               : svgIntern(p->pPlot, SVG_SERIES, "n", 1, "(none)", -1, &iSeries);
  if( rc==SQLITE_OK ) rc = svgAddPointRange(p->pPlot, x, y, yLo, yHi, iSeries);
step_failed:
  if( rc==SQLITE_ERROR ) p->bFailed = 1;
  else if( rc ) svgplotFail(ctx, p, rc);
}

static void svgplotFinal(sqlite3_context *ctx){
  SvgplotAcc *p = (SvgplotAcc*)sqlite3_aggregate_context(ctx, 0);
  SvgPlot *pEmpty = 0;
  SvgPlot *pPlot;
  MlpStop stop;
  char *zSvg = 0;
  sqlite3_int64 nSvg = 0;
  int rc;
  if( p && p->bFailed ){
    svgPlotFree(p->pPlot);
    return;
  }
  if( p==0 || p->pPlot==0 ){
    /* No rows at all: an empty plot with the default options. */
    pEmpty = svgPlotNew();
    if( pEmpty==0 ){
      sqlite3_result_error_nomem(ctx);
      return;
    }
  }
  pPlot = pEmpty ? pEmpty : p->pPlot;
  svgPlotOptions(pPlot)->nMaxBytes = docLimit(sqlite3_context_db_handle(ctx), 0);
  mlpStopOpen(sqlite3_context_db_handle(ctx), &stop);
  svgPlotOptions(pPlot)->xStop = mlpStopCheck;
  svgPlotOptions(pPlot)->pStopArg = &stop;
  rc = svgRender(pPlot, &zSvg, &nSvg);
  /* Stopped: by sqlite3_interrupt(), or by a probe that ran out of memory. */
  if( rc==SQLITE_INTERRUPT && stop.rc!=SQLITE_OK ) rc = stop.rc;
  mlpStopClose(&stop);
  if( rc==SQLITE_OK ){
    sqlite3_result_text64(ctx, zSvg, (sqlite3_uint64)nSvg, sqlite3_free, SQLITE_UTF8);
  }else if( rc==SQLITE_NOMEM ){
    sqlite3_result_error_nomem(ctx);
  }else if( rc==SQLITE_TOOBIG ){
    tooBig(ctx, nSvg);
  }else{
    sqlite3_result_error_code(ctx, rc);
  }
  svgPlotFree(pPlot);
}

/* text_clean(x): the bytes of x (a number as its text) cleaned by
** svgCleanText; NULL for NULL. */
static void textCleanFunc(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  const char *z;
  char *zOut;
  sqlite3_int64 nOut;
  int n;
  (void)argc;
  if( sqlite3_value_type(argv[0])==SQLITE_NULL ) return;
  z = sqlite3_value_type(argv[0])==SQLITE_BLOB
    ? (const char*)sqlite3_value_blob(argv[0])
    : (const char*)sqlite3_value_text(argv[0]);
  n = sqlite3_value_bytes(argv[0]);
  if( z==0 && n>0 ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if( svgCleanText(z ? z : "", n, &zOut, &nOut)!=SQLITE_OK ){
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text64(ctx, zOut, (sqlite3_uint64)nOut, sqlite3_free, SQLITE_UTF8);
}

int mlpSvgInit(sqlite3 *db){
  const int flags = SQLITE_UTF8|SQLITE_DETERMINISTIC|SQLITE_INNOCUOUS;
  int rc = SQLITE_OK;
  int nArg;
  for(nArg=2; rc==SQLITE_OK && nArg<=6; nArg++){
    if( nArg==5 ) continue;     /* y_low and y_high come together */
    rc = sqlite3_create_function(db, FUNC, nArg, flags, 0, 0, svgplotStep, svgplotFinal);
  }
  if( rc==SQLITE_OK ){
    rc = sqlite3_create_function(db, "text_clean", 1, flags, 0, textCleanFunc, 0, 0);
  }
  return rc;
}
