/*
** cputime: runs a command and writes its wall time and CPU time (user +
** system, of it and every child it waited for) in seconds, with the
** microseconds wait4() gives, to OUTFILE as "<wall> <cpu>". GNU time prints
** hundredths, too coarse for the tenths of a second of tests/bench/mlperf.sh.
**
**   build/bench/cputime OUTFILE COMMAND [ARG...]
**   exits with the command's status (127: it could not be started)
*/
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double secondsOf(struct timeval tv){
  return (double)tv.tv_sec + (double)tv.tv_usec*1e-6;
}

int main(int argc, char **argv){
  struct timespec t0, t1;
  struct rusage ru;
  int status = 0;
  pid_t pid;
  FILE *pOut;
  if( argc<3 ){
    fprintf(stderr, "usage: %s OUTFILE COMMAND [ARG...]\n", argv[0]);
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid = fork();
  if( pid<0 ){
    perror("fork");
    return 2;
  }
  if( pid==0 ){
    execvp(argv[2], argv+2);
    perror(argv[2]);
    _exit(127);
  }
  if( wait4(pid, &status, 0, &ru)<0 ){
    perror("wait4");
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  pOut = fopen(argv[1], "w");
  if( pOut==0 ){
    perror(argv[1]);
    return 2;
  }
  fprintf(pOut, "%.6f %.6f\n",
          (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec)*1e-9,
          secondsOf(ru.ru_utime) + secondsOf(ru.ru_stime));
  fclose(pOut);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
