/*
** memchr_pass: the fixed reference step of make bench (tests/bench/mlperf.sh).
** Reads every regular file under each ROOT (a ROOT that is a link is
** followed, links below it are not), as grep -r reads them, through one 1 MiB buffer with read(),
** and counts the newlines with memchr: the least any reader of the same
** bytes must do. Its CPU time, measured in the same run as a scan's, is the
** yardstick that makes the scan's CPU time per GB a figure that does not
** depend on the machine's load or speed.
**
**   build/bench/memchr_pass ROOT...
**   prints: <files> files, <bytes> bytes, <lines> lines
*/
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char aBuf[1<<20];
static long long nFile, nByte, nLine;

static int passFile(const char *zPath, const struct stat *st, int eType,
                    struct FTW *pFtw){
  int fd;
  ssize_t n;
  (void)st;
  (void)pFtw;
  if( eType!=FTW_F ) return 0;
  fd = open(zPath, O_RDONLY|O_CLOEXEC);
  if( fd<0 ) return 0;
  nFile++;
  while( (n = read(fd, aBuf, sizeof(aBuf)))>0 ){
    const char *z = aBuf, *zEnd = aBuf+n;
    nByte += n;
    while( (z = memchr(z, '\n', (size_t)(zEnd-z)))!=0 ){
      nLine++;
      z++;
    }
  }
  close(fd);
  return 0;
}

int main(int argc, char **argv){
  int i;
  if( argc<2 ){
    fprintf(stderr, "usage: %s ROOT...\n", argv[0]);
    return 2;
  }
  for(i=1; i<argc; i++){
    char zReal[PATH_MAX];
    if( realpath(argv[i], zReal)==0 || nftw(zReal, passFile, 64, FTW_PHYS)!=0 ){
      perror(argv[i]);
      return 1;
    }
  }
  printf("%lld files, %lld bytes, %lld lines\n", nFile, nByte, nLine);
  return 0;
}
