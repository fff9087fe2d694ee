/*
** reader.c: the streaming MLLOG line reader (plain C; reader.h): a file
** through one fixed buffer (MLLOG_LINE_MAX by default), the lines that
** hold ":::MLLOG " (or v0.6's ":::MLL "); the payload is the text after
** the line's last marker, as in MLCommons' mlp_parser
** (re.sub(".*:::MLLOG ", ...)); \n, \r\n and \r end lines. Nothing calls
** SQLite but for memory.
*/
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT3
#include "mlperf/reader.h"
#include "mlperf/tree.h"
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__SSE2__)
# include <emmintrin.h>
#endif

/* ---------------------------------------------------------------------- */
/* Streaming line reader                                                  */

/*
** Where the data window starts in aBuf when it holds nKeep bytes: the end
** of the data, where the next read lands, is then MLLOG_ALIGN-aligned.
** Reading into an unaligned address makes the kernel's copy several times
** slower; that copy is a large part of a scan.
*/
static char *alignedWindow(char *aBuf, size_t nKeep){
  return aBuf + ((MLLOG_ALIGN - (uintptr_t)(aBuf+nKeep)%MLLOG_ALIGN) % MLLOG_ALIGN);
}

int mllogReaderOpen(MllogReader *p, const char *zPath, size_t nBuf){
  memset(p, 0, sizeof(*p));
  p->fd = -1;
  if( nBuf==0 || nBuf>MLLOG_LINE_MAX ) nBuf = MLLOG_LINE_MAX;
  if( nBuf<64 ) nBuf = 64;
  p->aBuf = sqlite3_malloc64(nBuf+MLLOG_ALIGN+1);
  if( p->aBuf==0 ) return SQLITE_NOMEM;
  p->nBuf = nBuf;
  p->nMarker = MLLOG_MARKER_LEN;
  return mllogReaderReopen(p, zPath);
}

/* mllogReaderReopen, open(2) given oFlags besides the usual ones. */
static int readerReopen(MllogReader *p, const char *zPath, int oFlags){
  MllogReader keep = *p;
  if( keep.aBuf==0 ) return SQLITE_NOMEM;
  if( p->fd>=0 ) close(p->fd);
  memset(p, 0, sizeof(*p));
  p->aBuf = keep.aBuf;
  p->aData = alignedWindow(keep.aBuf, 0);
  p->nBuf = keep.nBuf;
  p->bNoLines = keep.bNoLines;
  p->bMll = keep.bMll;
  p->nMarker = keep.nMarker;
  p->nMaxBytes = keep.nMaxBytes;
  p->zLimitName = keep.zLimitName;
  p->xStop = keep.xStop;
  p->pStopArg = keep.pStopArg;
  p->iMark = -1;
  p->fd = -1;
  if( zPath==0 ) return SQLITE_OK;     /* the buffer only */
  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  p->fd = open(zPath, O_RDONLY|O_CLOEXEC|O_NONBLOCK|oFlags);
  if( p->fd<0 ){
    p->eErrno = errno ? errno : EIO;
    return SQLITE_IOERR;
  }
  {
    /* Only regular files: /dev/zero or a FIFO would never end. */
    struct stat st;
    if( fstat(p->fd, &st)!=0 ){
      p->eErrno = errno ? errno : EIO;
    }else if( S_ISDIR(st.st_mode) ){
      p->eErrno = EISDIR;
    }else if( !S_ISREG(st.st_mode) ){
      p->eErrno = MLLOG_ENOTREG;
    }else{
      p->nSize = (sqlite3_int64)st.st_size;
    }
    if( p->eErrno ){
      close(p->fd);
      p->fd = -1;
      return SQLITE_IOERR;
    }
  }
  return SQLITE_OK;
}

int mllogReaderReopen(MllogReader *p, const char *zPath){
  return readerReopen(p, zPath, 0);
}

int mllogReaderReopenIn(MllogReader *p, const char *zRootReal, int bDirInside,
                        const char *zPath){
  int rc;
  if( bDirInside && zPath ){
    /* In a folder inside the root, an entry that is no link is inside
    ** too: one open(), without a path walk of its own. */
    rc = readerReopen(p, zPath, O_NOFOLLOW);
    if( rc!=SQLITE_IOERR || p->eErrno!=ELOOP ) return rc;
  }
  if( zPath && !treeInsideRoot(zRootReal, zPath) ){
    rc = readerReopen(p, 0, 0);
    if( rc ) return rc;
    p->eErrno = MLLOG_EOUTSIDE;
    return SQLITE_IOERR;
  }
  return readerReopen(p, zPath, 0);
}

void mllogReaderSetMll(MllogReader *p, int bMll){
  p->bMll = bMll!=0;
  p->nMarker = bMll ? MLLOG_MLL_MARKER_LEN : MLLOG_MARKER_LEN;
  p->bMarkKnown = 0;
}

int mllogReaderOutOfResources(const MllogReader *p){
  return p->eErrno==EMFILE || p->eErrno==ENFILE || p->eErrno==ENOMEM;
}

const char *mllogReaderErrorText(const MllogReader *p){
  if( p->eErrno==MLLOG_ENOTREG ) return "not a regular file";
  if( p->eErrno==MLLOG_EOUTSIDE ) return "outside the root";
  if( p->eErrno==MLLOG_ETOOBIG ) return p->zErrText;
  return strerror(p->eErrno);
}

void mllogReaderClose(MllogReader *p){
  /* A reader that was never opened is all zeros: fd 0 is not ours. */
  if( p->aBuf && p->fd>=0 ) close(p->fd);
  sqlite3_free(p->aBuf);
  memset(p, 0, sizeof(*p));
  p->fd = -1;
  p->iMark = -1;
}

/*
** The first ":::MLLOG " in z[0..n-1], or 0. Found through its 'G', the
** rarest of its bytes in real logs, with memchr (vectorised by the C
** library); much faster here than memmem.
*/
static const char *findMarkerMllog(const char *z, size_t n){
  const char *zEnd = z+n;
  const char *p = z + (MLLOG_MARKER_LEN-2);
  while( p<zEnd-1 ){
    p = memchr(p, 'G', (size_t)(zEnd-1-p));
    if( p==0 ) return 0;
    if( memcmp(p-(MLLOG_MARKER_LEN-2), MLLOG_MARKER, MLLOG_MARKER_LEN)==0 ){
      return p-(MLLOG_MARKER_LEN-2);
    }
    p++;
  }
  return 0;
}

/*
** The first ":::MLL " (the marker of v0.6 logs) in z[0..n-1], or 0: found
** through its space, the byte after "MLL".
*/
static const char *findMarkerMll(const char *z, size_t n){
  const char *zEnd = z+n;
  const char *p = z + (MLLOG_MLL_MARKER_LEN-1);
  while( p<zEnd ){
    p = memchr(p, ' ', (size_t)(zEnd-p));
    if( p==0 ) return 0;
    if( memcmp(p-(MLLOG_MLL_MARKER_LEN-1), MLLOG_MLL_MARKER, MLLOG_MLL_MARKER_LEN)==0 ){
      return p-(MLLOG_MLL_MARKER_LEN-1);
    }
    p++;
  }
  return 0;
}

/* The first marker of the reader's format in z[0..n-1], or 0. */
static const char *findMarker(const MllogReader *p, const char *z, size_t n){
  return p->bMll ? findMarkerMll(z, n) : findMarkerMllog(z, n);
}

/*
** Offset of the first \n or \r in z[0..n-1], or n: one pass for both
** bytes (two memchr calls per line cost more than the search itself).
** When pnAfterG is not 0, the same pass finds the line's last 'G' (the
** byte by which findMarkerMllog finds a marker): *pnAfterG is 1 + its
** offset, or 0 when the line has none, so that a line with one marker is
** not searched again for a second.
*/
static size_t findLineEnd(const char *z, size_t n, size_t *pnAfterG){
  size_t i = 0, nAfterG = 0;
#if defined(__SSE2__)
  /* 64 bytes a step with one branch (a line of a log is about 230); the
  ** last bytes of the data read so far, fewer than 64, one by one. */
  const __m128i vLf = _mm_set1_epi8('\n');
  const __m128i vCr = _mm_set1_epi8('\r');
  const __m128i vG = _mm_set1_epi8('G');
  while( i+64<=n ){
    __m128i a = _mm_loadu_si128((const __m128i*)(z+i));
    __m128i b = _mm_loadu_si128((const __m128i*)(z+i+16));
    __m128i c = _mm_loadu_si128((const __m128i*)(z+i+32));
    __m128i d = _mm_loadu_si128((const __m128i*)(z+i+48));
    __m128i ea = _mm_or_si128(_mm_cmpeq_epi8(a, vLf), _mm_cmpeq_epi8(a, vCr));
    __m128i eb = _mm_or_si128(_mm_cmpeq_epi8(b, vLf), _mm_cmpeq_epi8(b, vCr));
    __m128i ec = _mm_or_si128(_mm_cmpeq_epi8(c, vLf), _mm_cmpeq_epi8(c, vCr));
    __m128i ed = _mm_or_si128(_mm_cmpeq_epi8(d, vLf), _mm_cmpeq_epi8(d, vCr));
    uint64_t gmask = 0;
    if( pnAfterG ){
      gmask = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, vG))
            | (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, vG))<<16
            | (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, vG))<<32
            | (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(d, vG))<<48;
    }
    if( _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(ea, eb), _mm_or_si128(ec, ed))) ){
      uint64_t mask = (uint64_t)(unsigned)_mm_movemask_epi8(ea)
                    | (uint64_t)(unsigned)_mm_movemask_epi8(eb)<<16
                    | (uint64_t)(unsigned)_mm_movemask_epi8(ec)<<32
                    | (uint64_t)(unsigned)_mm_movemask_epi8(ed)<<48;
      size_t k = (size_t)__builtin_ctzll(mask);
      gmask &= ((uint64_t)1<<k)-1;         /* the 'G's before the end */
      if( gmask ) nAfterG = i + 64 - (size_t)__builtin_clzll(gmask);
      if( pnAfterG ) *pnAfterG = nAfterG;
      return i+k;
    }
    if( gmask ) nAfterG = i + 64 - (size_t)__builtin_clzll(gmask);
    i += 64;
  }
#endif
  while( i<n && z[i]!='\n' && z[i]!='\r' ){
    if( z[i]=='G' ) nAfterG = i+1;
    i++;
  }
  if( pnAfterG ) *pnAfterG = nAfterG;
  return i;
}

/* Offset of the first marker at or after iFrom in the data, or iEnd;
** the answer is kept until iFrom passes it or more data is read. */
static size_t nextMarker(MllogReader *p, size_t iFrom){
  if( !p->bMarkKnown || p->iMarkAt<iFrom ){
    const char *m;
    if( !p->bMll && p->iEnd-iFrom>=MLLOG_MARKER_LEN
     && memcmp(p->aData+iFrom, MLLOG_MARKER, MLLOG_MARKER_LEN)==0 ){
      /* A line that starts with the marker, as most do: no search. */
      m = p->aData+iFrom;
    }else{
      m = findMarker(p, p->aData+iFrom, p->iEnd-iFrom);
    }
    p->iMarkAt = m ? (size_t)(m-p->aData) : p->iEnd;
    p->bMarkKnown = 1;
  }
  return p->iMarkAt;
}

/* Fail the read: the file is larger than p->nMaxBytes. */
static int readerTooBig(MllogReader *p){
  snprintf(p->zErrText, sizeof(p->zErrText),
           "file larger than the limit of %lld bytes%s%s%s",
           (long long)p->nMaxBytes, p->zLimitName ? " (" : "",
           p->zLimitName ? p->zLimitName : "", p->zLimitName ? ")" : "");
  p->eErrno = MLLOG_ETOOBIG;
  return SQLITE_IOERR;
}

/*
** Read more of the file into the buffer, keeping the current line (from
** iStart) from its last marker, or its tail where a marker may begin; a
** line with no marker that fills the whole buffer is marked too long.
** *pbMidLine is set when part of the line is dropped. SQLITE_OK, or
** SQLITE_IOERR (a read error, or the file_size limit passed) or
** SQLITE_INTERRUPT (xStop).
*/
static int readerRefill(MllogReader *p, size_t iStart, int *pbMidLine){
  char *a = p->aData;
  size_t nTail = p->iEnd-iStart < p->nMarker-1
               ? p->iEnd-iStart : p->nMarker-1;
  size_t iKeep;
  size_t nWant;
  ssize_t nGot;
  p->iScan = p->iEnd - nTail;
  iKeep = p->iMark>=0 ? (size_t)p->iMark : p->iScan;
  if( iKeep==0 && p->iEnd==p->nBuf ){
    p->bTooLong = 1;
    p->iMark = -1;
    p->iScan = p->iEnd - (p->nMarker-1);
    iKeep = p->iScan;
  }
  if( iKeep>iStart ) *pbMidLine = 1;
  p->aData = alignedWindow(p->aBuf, p->iEnd-iKeep);
  memmove(p->aData, a+iKeep, p->iEnd-iKeep);
  a = p->aData;
  p->iEnd -= iKeep;
  p->iScan -= iKeep;
  if( p->iMark>=0 ) p->iMark -= (long long)iKeep;
  p->iPos = iStart>iKeep ? iStart-iKeep : 0;
  p->bMarkKnown = 0;
  assert( p->iScan<=p->iEnd && p->iPos<=p->iEnd && p->iEnd<=p->nBuf );
  /* Reads of MLLOG_READ_CHUNK keep the data being parsed in the CPU's
  ** cache; read(2) rather than stdio: no second buffer, no fstat. */
  nWant = p->nBuf-p->iEnd;
  if( nWant>MLLOG_READ_CHUNK ) nWant = MLLOG_READ_CHUNK;
  if( p->nSize>0 && (sqlite3_int64)nWant>p->nSize-p->nRead ){
    /* A regular file ends at the size it had when opened: what is
    ** appended later (a log still being written) is not read, so a read
    ** never stops in a line that was not there. */
    nWant = p->nRead<p->nSize ? (size_t)(p->nSize-p->nRead) : 0;
  }
  /* The size is checked before the first read (a sparse terabyte fails at
  ** once), the bytes read after each read (files whose size says nothing,
  ** such as /proc/self/pagemap): what lies beyond the limit is never
  ** parsed. */
  if( p->nMaxBytes>0 && p->nSize>p->nMaxBytes ) return readerTooBig(p);
  if( p->xStop && (p->nRead/MLLOG_READ_CHUNK)%16==15 && p->xStop(p->pStopArg) ){
    return SQLITE_INTERRUPT;
  }
  do{
    nGot = nWant ? read(p->fd, a+p->iEnd, nWant) : 0;
  }while( nGot<0 && errno==EINTR );
  if( nGot<0 ){
    p->eErrno = errno ? errno : EIO;
    return SQLITE_IOERR;
  }
  p->nRead += nGot;
  if( p->nMaxBytes>0 && p->nRead>p->nMaxBytes ) return readerTooBig(p);
  p->iEnd += (size_t)nGot;
  /* The read that would return 0 is not made, unless the buffer is full,
  ** where the next refill must first tell a line that fills it (too long,
  ** with or without its terminator) from one that does not. */
  if( nGot==0 || (p->nSize>0 && p->nRead>=p->nSize && p->iEnd<p->nBuf) ){
    p->bEof = 1;
  }
  return SQLITE_OK;
}

/*
** The buffer holds the current line from iPos on (its head may have been
** dropped already: only the text after the last marker matters). Markers
** are searched once (iScan); when the buffer is full without a line end,
** everything before the last marker (or all but a possible partial marker)
** is dropped, and a payload that fills the whole buffer marks the line
** too long.
*/
int mllogReaderNext(MllogReader *p, char **pz, size_t *pn,
                    sqlite3_int64 *piLine){
  int bMidLine = 0;        /* part of the current line was dropped */
  for(;;){
    char *a = p->aData;
    size_t iStart, iTerm, iFrom;
    size_t nAfterG = 0;    /* 1 + the offset of the line's last 'G' */
    int bLineEnd, rc;
    if( a==0 || p->fd<0 ) return SQLITE_DONE;
    if( p->bPrevCR && p->iPos<p->iEnd ){
      if( a[p->iPos]=='\n' ){
        p->iPos++;
        if( p->iScan<p->iPos ) p->iScan = p->iPos;
      }
      p->bPrevCR = 0;
    }
    if( p->bNoLines && p->iMark<0 && !p->bTooLong ){
      /* Without line numbers, lines before the next marker are skipped
      ** unseen and the line starts at that marker (its head is ignored). */
      size_t iNext = nextMarker(p, p->iScan>p->iPos ? p->iScan : p->iPos);
      if( iNext<p->iEnd ){
        p->iPos = iNext;
      }else{
        p->iPos = p->iEnd - (p->iEnd-p->iPos < p->nMarker-1
                             ? p->iEnd-p->iPos : p->nMarker-1);
      }
      p->iScan = p->iPos;
    }
    iStart = p->iPos;
    iTerm = iStart + findLineEnd(a+iStart, p->iEnd-iStart,
                                 p->bMll ? 0 : &nAfterG);
    bLineEnd = iTerm<p->iEnd;

    iFrom = p->iScan>iStart ? p->iScan : iStart;
    for(;;){
      size_t iNext;
      /* No 'G' from iFrom to the line end: no marker either. */
      if( !p->bMll && iFrom>=iStart+nAfterG ) break;
      iNext = nextMarker(p, iFrom);
      if( iNext+p->nMarker>iTerm ) break;
      p->iMark = (long long)iNext;
      iFrom = iNext + p->nMarker;
    }

    if( !bLineEnd && p->bEof && (iStart<p->iEnd || bMidLine || p->bTooLong) ){
      bLineEnd = 1;                      /* the last line has no terminator */
    }
    if( bLineEnd ){
      int bTooLong = p->bTooLong;
      long long iMark = p->iMark;
      p->iLine++;
      if( iTerm<p->iEnd ){
        p->bPrevCR = a[iTerm]=='\r';
        p->iPos = iTerm+1;
      }else{
        p->iPos = iTerm;
      }
      p->iScan = p->iPos;
      p->iMark = -1;
      p->bTooLong = 0;
      bMidLine = 0;
      if( iMark>=0 ){
        a[iTerm] = 0;
        *pz = a + iMark + p->nMarker;
        *pn = iTerm - ((size_t)iMark + p->nMarker);
        *piLine = p->iLine;
        return SQLITE_ROW;
      }
      if( bTooLong ){
        *pz = 0;
        *pn = 0;
        *piLine = p->iLine;
        return SQLITE_TOOBIG;
      }
      continue;
    }
    if( p->bEof ) return SQLITE_DONE;

    /* Need more data: keep the line from its last marker, or its tail. */
    rc = readerRefill(p, iStart, &bMidLine);
    if( rc ) return rc;
  }
}
