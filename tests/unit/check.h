/*
** check.h: the one check macro of the C unit tests (every tests/unit/NAME_test.c).
**
**   CHECK(cond);                        counts a check; when cond is false,
**   CHECK(cond, "got %d", x);           counts a failure and prints
**                                       "FAIL file:line: cond: message"
**
** A test's main() ends by printing its summary from nCheck and nFail and
** returning non-zero when nFail is (tests/unit.test runs each binary and
** shows its output on failure).
*/
#ifndef MLPSCALE_CHECK_H
#define MLPSCALE_CHECK_H
#include <stdarg.h>
#include <stdio.h>

static int nCheck = 0;
static int nFail = 0;

/* zFmt always starts with a space, so a CHECK without a message prints
** nothing after the condition. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void checkFailed(const char *zFile, int line, const char *zCond,
                        const char *zFmt, ...){
  va_list ap;
  nFail++;
  fprintf(stderr, "FAIL %s:%d: %s:", zFile, line, zCond);
  va_start(ap, zFmt);
  vfprintf(stderr, zFmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

#define CHECK(cond, ...) do{ nCheck++; \
  if( !(cond) ) checkFailed(__FILE__, __LINE__, #cond, " " __VA_ARGS__); }while(0)

#endif /* MLPSCALE_CHECK_H */
