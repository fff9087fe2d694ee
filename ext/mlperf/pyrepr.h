/*
** pyrepr.h: a double written as MLCommons' result summarizer writes its
** numbers (pandas' to_csv and Python's repr() of a float): the shortest
** decimal text that reads back as the same double, in fixed notation for
** decimal exponents -4 to 15 (always with a fraction: 8.0), else as
** d.ddde+XX. Behind the SQL function mlperf_repr() (ext/mlperf/pyrepr_sql.c)
** and the wide export (sql/export.sql). No SQL; tests/unit/pyrepr_test.c.
**
**     char z[PYREPR_MAX];
**     pyRepr(2.6291937499999998, z, sizeof(z));    "2.6291937499999998"
**     pyRepr(0.1 + 0.2, z, sizeof(z));             "0.30000000000000004"
**     pyRepr(8, z, sizeof(z));                     "8.0"
**     pyRepr(1e16, z, sizeof(z));                  "1e+16"
**     pyRepr(1.5e-5, z, sizeof(z));                "1.5e-05"
**
** Not finite: "inf", "-inf", "nan", as Python writes them.
*/
#ifndef MLPSCALE_PYREPR_H
#define MLPSCALE_PYREPR_H
#include <stddef.h>

/* Room for any double's text and its terminator: sign, 17 digits, the
** point, up to 4 leading zeros ("0.0000") or "e-308". */
#define PYREPR_MAX 32

/* Writes x's text into z (nZ >= PYREPR_MAX) and returns its length; with a
** smaller nZ writes "" and returns -1. */
int pyRepr(double x, char *z, size_t nZ);

#endif /* MLPSCALE_PYREPR_H */
