/*
** reader.h: the streaming MLLOG line reader (plain C, reader.c). An
** MllogReader streams a file through one buffer of fixed size and yields
** the MLLOG lines: any line holding ":::MLLOG " (the text after the LAST
** marker is the payload, as MLCommons' parser does; lines end at \n, \r\n
** or \r as in Python's universal newlines).
**
** Memory: a reader allocates its buffer once (sqlite3_malloc64); memory
** does not grow with the file or line size: a line whose payload does not
** fit the buffer is reported as SQLITE_TOOBIG.
*/
#ifndef MLPERF_READER_H
#define MLPERF_READER_H

#include "mlperf/line.h"

/* Default (and largest) buffer of a reader: the longest MLLOG payload. */
#define MLLOG_LINE_MAX (1024*1024)

/* Bytes read from the file at a time (the buffer can be larger): a
** quarter of a megabyte stays in the second-level cache of current CPUs
** while it is parsed, and halves the read() calls of 128 KB. */
#define MLLOG_READ_CHUNK (256*1024)
/* Reads land on addresses aligned to this many bytes. */
#define MLLOG_ALIGN 64

typedef struct MllogReader MllogReader;
struct MllogReader {
  int fd;                  /* the open file, or -1 */
  char *aBuf;              /* the allocation: nBuf + MLLOG_ALIGN + 1 bytes */
  char *aData;             /* the data window in aBuf: nBuf bytes plus one
                           ** for a terminating NUL; offsets count from here */
  size_t nBuf;
  size_t iPos;             /* start of unprocessed data in aBuf */
  size_t iEnd;             /* end of data in aBuf */
  size_t iScan;            /* markers before iScan were already searched */
  size_t iMarkAt;          /* first marker at or after the search point, or
                           ** iEnd; valid while bMarkKnown (until a read) */
  int bMarkKnown;
  int bMll;                /* lines are v0.6's ":::MLL " (mllogReaderSetMll) */
  size_t nMarker;          /* the marker's length */
  int bNoLines;            /* set by the caller: skip lines without a marker
                           ** unseen, line numbers are then not counted */
  long long iMark;         /* offset of the last marker of this line, or -1 */
  int bTooLong;            /* this line had a marker whose payload overflowed */
  int bPrevCR;             /* the last line ended with \r (a \n may follow) */
  int bEof;                /* read() hit the end of the file */
  int eErrno;              /* after SQLITE_IOERR: errno of the failed open
                           ** or read, or MLLOG_ENOTREG (not a regular
                           ** file), MLLOG_ETOOBIG (larger than
                           ** nMaxBytes) or MLLOG_EOUTSIDE (outside the
                           ** root); else 0 */
  sqlite3_int64 iLine;     /* lines completed so far */
  /* Set by the caller after mllogReaderOpen, kept by mllogReaderReopen: */
  sqlite3_int64 nMaxBytes; /* a file larger than this (by its size or by
                           ** what was read) fails (MLLOG_ETOOBIG) before
                           ** more is read; 0: no limit */
  const char *zLimitName;  /* how the caller names that limit, for the
                           ** error text (may be 0) */
  int (*xStop)(void*);     /* asked every 16 reads (4 MiB): non-zero fails
                           ** the read with SQLITE_INTERRUPT (may be 0) */
  void *pStopArg;
  sqlite3_int64 nSize;     /* the file's size when opened: a regular file
                           ** is read that far and no further (the read()
                           ** that would say "end" is not made; what is
                           ** appended later is not read) */
  sqlite3_int64 nRead;     /* bytes read from it so far */
  char zErrText[96];       /* mllogReaderErrorText of MLLOG_ETOOBIG */
};

/* eErrno values of our own (errno values are positive). */
#define MLLOG_ENOTREG (-1) /* a device, FIFO or socket, refused */
#define MLLOG_ETOOBIG (-2) /* larger than nMaxBytes */
#define MLLOG_EOUTSIDE (-3) /* outside the root (mllogReaderReopenIn) */

/* Why the open or read failed, as text ("No such file or directory"). */
const char *mllogReaderErrorText(const MllogReader *p);

/* 1 when the open failed for want of file descriptors or memory (EMFILE,
** ENFILE, ENOMEM): not the file's fault, so the scan fails rather than
** call the file unreadable. */
int mllogReaderOutOfResources(const MllogReader *p);

/*
** Open zPath for reading with a buffer of nBuf bytes (0: MLLOG_LINE_MAX;
** at least 64; zPath 0: the buffer only, no file yet). Returns SQLITE_OK,
** SQLITE_IOERR (eErrno says why) or SQLITE_NOMEM. mllogReaderClose must be
** called either way.
*/
int mllogReaderOpen(MllogReader *p, const char *zPath, size_t nBuf);

/*
** Next MLLOG line. Returns SQLITE_ROW with *pz and *pn set to the payload
** (valid until the next call; z[n] is writable) and *piLine to its 1-based
** line number; SQLITE_TOOBIG for an MLLOG line whose payload exceeds the
** buffer (only *piLine set); SQLITE_DONE at the end of the file;
** SQLITE_IOERR when a read fails or the file exceeds nMaxBytes (eErrno
** says why); SQLITE_INTERRUPT when xStop said stop.
*/
int mllogReaderNext(MllogReader *p, char **pz, size_t *pn,
                    sqlite3_int64 *piLine);

/*
** Close the current file and open zPath, keeping the buffer (and
** bNoLines, nMaxBytes, zLimitName, xStop, pStopArg). Returns as
** mllogReaderOpen does.
*/
int mllogReaderReopen(MllogReader *p, const char *zPath);

/*
** mllogReaderReopen of a file of a results tree, only when it lies inside
** the root whose real path is zRootReal (tree.h, treeInsideRoot): else
** SQLITE_IOERR with eErrno MLLOG_EOUTSIDE and no file open. bDirInside is
** treeDirInsideRoot of zPath's folder: when 1, an entry that is no
** symbolic link is opened at once (O_NOFOLLOW); a link, or any entry of
** another folder, is placed by its real path first. A link to a file
** inside the tree is followed.
*/
int mllogReaderReopenIn(MllogReader *p, const char *zRootReal, int bDirInside,
                        const char *zPath);

void mllogReaderClose(MllogReader *p);

/* Read v0.6's ":::MLL " lines (bMll 1) or ":::MLLOG " lines (0, the
** default); kept by mllogReaderReopen. */
void mllogReaderSetMll(MllogReader *p, int bMll);

#endif /* MLPERF_READER_H */
