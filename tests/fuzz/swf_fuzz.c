/*
** libFuzzer target for the SWF line parser (ext/scheduling/swf.c): each input is
** split into lines, and every line goes through swfParseLine and, for
** comments, swfParseComment; the spans returned must lie inside the line.
** Built and run by `make fuzz` (clang-14 with libFuzzer).
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "scheduling/swf.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData){
  const char *z = (const char*)aData;
  size_t i = 0;
  while( i<=nData ){
    const char *pNl = i<nData ? memchr(z+i, '\n', nData-i) : 0;
    size_t n = pNl ? (size_t)(pNl-(z+i)) : nData-i;
    /* A private copy, so that reading one byte past the line is caught. */
    char *zLine = malloc(n ? n : 1);
    SwfJob job;
    char zErr[128];
    int eType, rc;
    if( zLine==0 ) abort();
    memcpy(zLine, z+i, n);
    rc = swfParseLine(zLine, n, &eType, &job, zErr, sizeof(zErr));
    if( rc!=(eType==SWF_BAD ? SQLITE_ERROR : SQLITE_OK) ) abort();
    if( eType==SWF_BAD && memchr(zErr, 0, sizeof(zErr))==0 ) abort();
    if( eType==SWF_COMMENT ){
      const char *zKey = 0, *zVal = 0;
      size_t nKey = 0, nVal = 0;
      int bKey = swfParseComment(zLine, n, &zKey, &nKey, &zVal, &nVal);
      if( bKey && (zKey<zLine || zKey+nKey>zLine+n) ) abort();
      if( nVal && (zVal<zLine || zVal+nVal>zLine+n) ) abort();
    }
    free(zLine);
    if( pNl==0 ) break;
    i += n+1;
  }
  return 0;
}
