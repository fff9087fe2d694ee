/*
** file.h: opening a file to read (ext/base/file.c), plain C.
*/
#ifndef MLPSCALE_FILE_H
#define MLPSCALE_FILE_H

#include <stdio.h>

/*
** Open zPath for reading (fopen "rb") if it is a regular file: a device
** such as /dev/zero or a FIFO would never end (or never open) and cannot be
** interrupted from SQL (O_NONBLOCK: opening a FIFO does not wait for a
** writer). NULL on failure, with *pzWhy the reason as text (strerror, or
** "not a regular file"; static, not to be freed).
*/
FILE *fileOpenRegular(const char *zPath, const char **pzWhy);

#endif
