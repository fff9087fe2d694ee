/*
** privateid.h: the result summarizer's private_id of a system (plain C,
** no SQL): four words of humanhash naming the SHA-256 of nine fields of
** its systems file (privateid.c says how, from the summarizer's code).
*/
#ifndef MLPSCALE_PRIVATEID_H
#define MLPSCALE_PRIVATEID_H
#include <stddef.h>

/* Room for any id: four words of at most 13 letters, three dashes, NUL. */
#define PRIVATEID_MAX 64

/*
** The private_id of the systems file zJson (nJson bytes) into zOut (nOut
** >= PRIVATEID_MAX bytes). SQLITE_OK with zOut set, or with zOut empty and
** *pzWhy naming why there is none: "not a JSON object", or the field that
** is missing or that Python's str() would write otherwise than this can
** (an object, an array, U+0000, a lone surrogate). SQLITE_NOMEM, or
** SQLITE_MISUSE when nOut is too small.
*/
int privateIdOf(const char *zJson, size_t nJson, char *zOut, size_t nOut,
                const char **pzWhy);

/* SHA-256 of p[0..n-1]. */
void privateIdSha256(const void *p, size_t n, unsigned char aOut[32]);

/* Python's repr() of the finite double r into z (32 bytes or more). */
void privateIdFloatRepr(double r, char *z);

#endif
