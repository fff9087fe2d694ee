/*
** pyrepr.c: a double as Python's repr() writes it (ext/mlperf/pyrepr.h).
**
** The shortest digits: the first precision of 1 to 17 significant digits
** whose %e text strtod reads back as x (17 always does, for a double).
** Then the layout of Python's float_repr_style 'short' ('r' format):
** fixed notation when the decimal exponent e of the first digit is in
** [-4, 16), else scientific with at least two exponent digits.
*/
#include "mlperf/pyrepr.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int pyRepr(double x, char *z, size_t nZ){
  char zE[40];          /* "-d.dddddddddddddddde-308" */
  char aDig[20];        /* the significant digits, trailing zeros cut */
  int nDig = 0, e = 0, p, i, n = 0, neg;
  const char *s;
  if( nZ<PYREPR_MAX ){
    if( nZ>0 ) z[0] = 0;
    return -1;
  }
  if( isnan(x) ){ memcpy(z, "nan", 4); return 3; }
  if( isinf(x) ){
    if( x<0 ){ memcpy(z, "-inf", 5); return 4; }
    memcpy(z, "inf", 4);
    return 3;
  }
  for(p=1; p<=17; p++){
    snprintf(zE, sizeof(zE), "%.*e", p-1, x);
    if( strtod(zE, 0)==x ) break;
  }
  /* zE: [-]d[.ddd]e(+|-)XX; whatever separates the digits is the point
  ** of the C locale, or another one's: anything but a digit counts. */
  s = zE;
  neg = (*s=='-');
  if( neg ) s++;
  while( *s && *s!='e' ){
    if( *s>='0' && *s<='9' && nDig<(int)sizeof(aDig) ) aDig[nDig++] = *s;
    s++;
  }
  if( *s=='e' ) e = atoi(s+1);
  while( nDig>1 && aDig[nDig-1]=='0' ) nDig--;
  if( neg ) z[n++] = '-';
  if( x==0.0 ){
    memcpy(z+n, "0.0", 4);
    return n+3;
  }
  if( e>=-4 && e<16 ){
    if( e<0 ){
      z[n++] = '0';
      z[n++] = '.';
      for(i=0; i< -e-1; i++) z[n++] = '0';
      for(i=0; i<nDig; i++) z[n++] = aDig[i];
    }else{
      for(i=0; i<=e; i++) z[n++] = i<nDig ? aDig[i] : '0';
      z[n++] = '.';
      if( nDig>e+1 ){
        for(i=e+1; i<nDig; i++) z[n++] = aDig[i];
      }else{
        z[n++] = '0';
      }
    }
    z[n] = 0;
    return n;
  }
  z[n++] = aDig[0];
  if( nDig>1 ){
    z[n++] = '.';
    for(i=1; i<nDig; i++) z[n++] = aDig[i];
  }
  n += snprintf(z+n, nZ-(size_t)n, "e%c%02d", e<0 ? '-' : '+', e<0 ? -e : e);
  return n;
}
