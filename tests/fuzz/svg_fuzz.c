/*
** libFuzzer target for the SVG writer (ext/figures/svg.c). The input is read as
** options (scales, kind, size_by, categories, size, legend), a title and
** series labels of arbitrary bytes, reference lines and points whose
** coordinates are raw doubles (NaN, Inf, subnormals and extremes included:
** svgAddPoint must refuse what it cannot show). Every document must be
** NUL-terminated, hold "<svg" and end with "</svg>\n", and hold no
** byte that XML forbids (control characters).
** Built and run by `make fuzz`.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "figures/svg.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int byteAt(const uint8_t *a, size_t n, size_t *pi){
  return *pi<n ? a[(*pi)++] : 0;
}

static double doubleAt(const uint8_t *a, size_t n, size_t *pi){
  double v = 0.0;
  if( *pi+8<=n ){
    memcpy(&v, a+*pi, 8);
    *pi += 8;
  }else{
    *pi = n;
  }
  return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  size_t i = 0;
  SvgPlot *p = svgPlotNew();
  SvgOptions *o;
  char *z = 0;
  sqlite3_int64 nOut = 0, m;
  int nText, nRef, j;
  if( p==0 ) return 0;
  o = svgPlotOptions(p);
  o->eXScale = byteAt(aData, nData, &i)%3;
  o->eYScale = byteAt(aData, nData, &i)%3;
  o->eKind = byteAt(aData, nData, &i)%3;
  o->bSizeByCount = byteAt(aData, nData, &i)%2;
  o->bYCategories = byteAt(aData, nData, &i)%2;
  o->nWidth = SVG_MIN_SIZE + byteAt(aData, nData, &i)*8;
  o->nHeight = SVG_MIN_SIZE + byteAt(aData, nData, &i)*8;
  o->eLegend = byteAt(aData, nData, &i)%3 - 1;
  nText = byteAt(aData, nData, &i)%32;
  if( i+nText<=nData ){
    svgSetText(&o->zTitle, (const char*)aData+i, nText);
    i += nText;
  }
  nRef = byteAt(aData, nData, &i)%4;
  for(j=0; j<nRef; j++){
    int nLabel = byteAt(aData, nData, &i)%16;
    double v = doubleAt(aData, nData, &i);
    if( i+nLabel>nData ) break;
    svgAddRefLine(p, j%2, v, (const char*)aData+i, nLabel);
    i += nLabel;
  }
  while( i<nData ){
    int iSeries = 0, iCat = 0;
    int nKey = byteAt(aData, nData, &i)%4;
    double x, y;
    if( i+nKey>nData ) break;
    if( svgIntern(p, SVG_SERIES, (const char*)aData+i, nKey,
                  (const char*)aData+i, nKey, &iSeries) ) break;
    i += nKey;
    x = doubleAt(aData, nData, &i);
    y = doubleAt(aData, nData, &i);
    if( o->bYCategories ){
      char zCat[2];
      zCat[0] = (char)('a' + ((int)(y!=y ? 0 : (unsigned char)aData[i>0 ? i-1 : 0]))%8);
      zCat[1] = 0;
      if( svgIntern(p, SVG_CATEGORY, zCat, 1, zCat, 1, &iCat) ) break;
      y = iCat;
    }
    svgAddPoint(p, x, y, iSeries);
  }
  if( svgRender(p, &z, &nOut)==SQLITE_OK ){
    if( z==0 || z[nOut]!=0 || (sqlite3_int64)strlen(z)!=nOut ) abort();
    if( nOut<11 || strstr(z, "<svg")==0 || strcmp(z+nOut-7, "</svg>\n")!=0 ) abort();
    for(m=0; m<nOut; m++){
      unsigned char ch = (unsigned char)z[m];
      if( ch<0x20 && ch!='\n' && ch!='\t' ) abort();
    }
    sqlite3_free(z);
  }
  svgPlotFree(p);
  return 0;
}
