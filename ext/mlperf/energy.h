/*
** energy.h: a run's energy from its power logs (plain C, energy.c).
*/
#ifndef MLPERF_ENERGY_H
#define MLPERF_ENERGY_H

#include "mlperf/reader.h"
#include "mlperf/tree.h"

/*
** The power logs beside a run (power/<run>/node_*.txt and sw_*.txt, MLLOG
** lines) give its energy as MLCommons' result summarizer computes it
** (_compute_power_node, _compute_power_sw): for a node file, the lines
** sorted by time, each power_reading between power_measurement_start and
** power_measurement_stop times the time since the previous reading,
** summed, times conversion_eff (1.0 when absent), scaled to the run's
** time-to-train (ttt / (stop - start)); for a switch file,
** conversion_eff x interconnect_power_est x ttt. Watts x ms / 1000: joules.
**
** Memory: a node file already in time order (as every published one is)
** is summed as it is read, in constant memory. One that is not
** (bUnsorted) must be read again with bSort set: its lines are then held
** (24 bytes each, at most nMaxSort of them) and sorted.
*/
typedef struct MllogPowerLine MllogPowerLine;
struct MllogPowerLine {
  double rTime;
  double rValue;
  int eKey;                 /* MLLOG_POWER_* */
  int iSeq;                 /* file order, for ties in time */
};
#define MLLOG_POWER_START      1   /* power_measurement_start */
#define MLLOG_POWER_STOP       2   /* power_measurement_stop */
#define MLLOG_POWER_READING    3   /* power_reading */
#define MLLOG_POWER_CONV       4   /* conversion_eff */
#define MLLOG_POWER_SWITCH     5   /* interconnect_power_est */

/* Most lines of interest a node log out of time order may have (held to be
** sorted: 96 MiB); more make its energy unknown. */
#define MLLOG_POWER_SORT_MAX (4*1024*1024)

/* Largest energy of a run, in joules: one larger is unknown (and the
** official score, times a scaling factor of at most 1000, stays finite). */
#define MLLOG_ENERGY_MAX 1e300

/* A node file's sum, line by line in time order. */
typedef struct MllogPowerSum MllogPowerSum;
struct MllogPowerSum {
  int bStart, bStop, bLast;   /* bLast: a reading counted (rLast is set) */
  double rPrev, rLast, rStart, rStop, rAgg, rConv;
};

typedef struct MllogPower MllogPower;
struct MllogPower {
  /* Set by the caller, kept by mllogPowerReset: */
  int bSort;                /* hold the lines to sort them (a node log found
                            ** out of time order, read again) */
  int nMaxSort;             /* most lines held (0: MLLOG_POWER_SORT_MAX) */
  /* The file read: */
  MllogPowerLine *a;        /* lines held when bSort (sqlite3_malloc64) */
  int n, nAlloc;
  int bBad;                 /* a line of interest without a number >= 0,
                            ** or an MLLOG line that cannot be parsed */
  int bUnsorted;            /* a line earlier than the one before it */
  int bTooMany;             /* more than nMaxSort lines to hold */
  int nLine;                /* lines of interest so far */
  double rTime;             /* the time of the last one */
  MllogPowerSum sum;        /* node: the lines in time order, as read */
  int bSwitch;              /* switch: interconnect_power_est seen */
  double rSwConv, rSwPower; /* switch: conversion_eff before it, and it */
};

/* Forget the lines of the last file (the memory is kept). */
void mllogPowerReset(MllogPower *p);
void mllogPowerFree(MllogPower *p);
/* Account for pLine if it is one of the keys above. SQLITE_OK or
** SQLITE_NOMEM. power_reading, conversion_eff and interconnect_power_est
** must be numbers >= 0 (else bBad). */
int mllogPowerLine(MllogPower *p, const MllogLine *pLine);
/*
** The joules of the node file read (rTttMs: the run's time-to-train in
** ms). Returns SQLITE_OK and sets *pr, or SQLITE_ERROR when the summarizer
** would fail on the file (no power_measurement_start, a reading without a
** number, no time between start and stop), an MLLOG line of it cannot be
** parsed (bBad) or the energy would not be a
** number from 0 to MLLOG_ENERGY_MAX (a value out of range, rTttMs < 0,
** more than nMaxSort lines to sort). Call only when !bUnsorted or bSort.
*/
int mllogPowerNode(MllogPower *p, double rTttMs, double *pr);
/* The joules of the switch file read; SQLITE_ERROR as mllogPowerNode. */
int mllogPowerSwitch(const MllogPower *p, double rTttMs, double *pr);

/*
** A run's energy: the sum of its power logs, as the summarizer sums them.
** Each file of power/<run>/ is a node log, a switch log or neither
** (mllogPowerFileKind: by its name); the caller reads each log into an
** MllogPower and adds it (mllogEnergyAdd). The energy is known only with
** at least one node log and when every log was usable and the total stays
** within MLLOG_ENERGY_MAX (mllogEnergyTotal).
*/
#define MLLOG_POWER_FILE_NONE    0  /* not a power log: skipped */
#define MLLOG_POWER_FILE_NODE    1  /* node_*.txt */
#define MLLOG_POWER_FILE_SWITCH  2  /* sw_*.txt */

/* The kind (MLLOG_POWER_FILE_*) of the file named zName. */
int mllogPowerFileKind(const char *zName);

typedef struct MllogEnergy MllogEnergy;
struct MllogEnergy {         /* zeroed by the caller before the first log */
  double rSum;               /* joules so far */
  int nNode;                 /* node logs added */
  int bUnknown;              /* a log could not be used, or the sum is too large */
};

/*
** Add the joules of the log just read into p, of kind eKind (NODE or
** SWITCH; rTttMs: the run's time-to-train in ms). SQLITE_OK, or
** SQLITE_ERROR when the log cannot be used (mllogPowerNode,
** mllogPowerSwitch) or the total would pass MLLOG_ENERGY_MAX: the energy
** is then unknown, and further logs need not be read.
*/
int mllogEnergyAdd(MllogEnergy *pE, MllogPower *p, int eKind, double rTttMs);

/* The energy: SQLITE_OK with the joules in *pr, or SQLITE_DONE when it is
** unknown (no node log, or mllogEnergyAdd failed). */
int mllogEnergyTotal(const MllogEnergy *pE, double *pr);


/* The memory mllogEnergyRead keeps from run to run: zero it before the
** first use; mllogEnergyFree frees it. */
typedef struct MllogEnergyScratch MllogEnergyScratch;
struct MllogEnergyScratch {
  MllogPower power;          /* the lines of one power log */
  TreeNames names;           /* the entries of one power folder */
  MllogJsonShapes shapes;    /* of the power lines parsed last (line.h) */
};
void mllogEnergyFree(MllogEnergyScratch *p);

/*
** The energy of the run whose log is zPath (named zRun in its benchmark
** folder) from its power logs, <benchmark folder>/power/<run>/node_*.txt and
** sw_*.txt (<run>: zRun up to its first '.'), each read with rd (open, its
** buffer serving every log) into pS and summed by mllogEnergyAdd, as the
** summarizer sums them. A log whose real path is not under zRootReal cannot
** be read, nor one whose path is PATH_MAX bytes or longer (the system
** could not open it either). Returns SQLITE_OK with *pbKnown (1: the
** joules in *pr; 0: no node log, or one could not be read or used),
** SQLITE_NOMEM, SQLITE_INTERRUPT (pStop, asked before each log, or rd's
** xStop asked to stop), or SQLITE_IOERR when the process ran out of file
** descriptors (or memory) opening the power folder or a log, which is no
** log's fault: rd->eErrno says which (EMFILE, ENFILE, ENOMEM).
** bGrow 0: pS's memory is used as it is and nothing is allocated (a worker
** lane of lanes.h may call it); SQLITE_FULL then says that the run needs
** more (a power folder with more entries than pS holds, or a node log out
** of time order, whose lines are held to be sorted): call again with
** bGrow 1.
*/
int mllogEnergyRead(MllogReader *rd, MllogEnergyScratch *pS, int bGrow,
                    const char *zRootReal, const char *zPath,
                    const char *zRun, double rTttMs, const TreeStop *pStop,
                    int *pbKnown, double *pr);

#endif /* MLPERF_ENERGY_H */
