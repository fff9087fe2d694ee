/*
** file.c: opening a file to read, refusing anything but a regular file
** (file.h). Plain C: used by the glue and by the cores that read files.
*/
#include "base/file.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *fileOpenRegular(const char *zPath, const char **pzWhy){
  struct stat st;
  FILE *pFile;
  int fd = open(zPath, O_RDONLY|O_CLOEXEC|O_NONBLOCK);
  if( fd<0 ){
    *pzWhy = strerror(errno);
    return 0;
  }
  if( fstat(fd, &st)!=0 ){
    *pzWhy = strerror(errno);
  }else if( S_ISDIR(st.st_mode) ){
    *pzWhy = strerror(EISDIR);
  }else if( !S_ISREG(st.st_mode) ){
    *pzWhy = "not a regular file";
  }else if( (pFile = fdopen(fd, "rb"))!=0 ){
    return pFile;
  }else{
    *pzWhy = strerror(errno);
  }
  close(fd);
  return 0;
}
