/*
** hash.h: hashes of log content (plain C, hash.c): a JSON value's hash
** under Python's equality (how repeated keys are compared) and a log's
** fingerprint (mlperf_runs' log_hash).
*/
#ifndef MLPERF_HASH_H
#define MLPERF_HASH_H

#include "mlperf/line.h"

/*
** A 64-bit hash of the validated JSON value s that follows Python's
** equality of the values json.loads gives (MLCommons' checker compares
** repeated keys so): numbers by value (1 == 1.0 == 1e0, 0.000001 ==
** 1e-06, integers of any size exactly), true == 1 and false == 0, strings
** after decoding ("\u0044ell" == "Dell"), arrays element by element,
** objects by their members in any order. Values that differ get
** different hashes but by chance (2^-64). One difference: an object that
** repeats a member name counts every copy (Python keeps the last). 0 when
** s is absent.
*/
sqlite3_uint64 mllogJsonHash(const MllogSpan *s);


/*
** A fingerprint of a log's content, 64 bits: every MLLOG payload in order,
** except lines whose key starts with "submission_" (a log copied into
** another round under another organisation's name keeps its fingerprint).
** Each payload is hashed by XXH64 (utilXxh64, seed 0, eight bytes a step);
** the state folds the payloads' hashes in order (utilXxh64Step) and counts
** their bytes; the value is the avalanche of the folded hash plus that
** count, so logs of different lengths differ in the count as well.
** Start with mllogFingerprintInit; pLine is the line parsed (0 when it
** could not be: it is hashed whole).
*/
typedef struct MllogFingerprint MllogFingerprint;
struct MllogFingerprint {
  sqlite3_uint64 h;           /* the payload hashes, folded in order */
  sqlite3_uint64 nByte;       /* the payloads' bytes, in all */
};
void mllogFingerprintInit(MllogFingerprint *p);
void mllogFingerprintLine(MllogFingerprint *p, const char *z, size_t n,
                          const MllogLine *pLine);
sqlite3_uint64 mllogFingerprintValue(const MllogFingerprint *p);

#endif /* MLPERF_HASH_H */
