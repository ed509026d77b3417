/* taillard.h — Taillard's 120 benchmark instances (E. Taillard, "Benchmarks for basic
 * scheduling problems", EJOR 64, 1993): their sizes, time seeds and best-known makespans,
 * and his generator, which rebuilds any of them from its seed. */
#ifndef FSBB_TAILLARD_H
#define FSBB_TAILLARD_H

#include "flowshopbb.h"

#define FSBB_TAILLARD_COUNT 120

typedef struct fsbb_taillard_entry {
    const char *name;  /* "ta001" ... "ta120" */
    int jobs;
    int machines;
    long time_seed;    /* the seed of the processing times */
    int best_known;    /* best-known makespan (the optimum where it is proven) */
} fsbb_taillard_entry;

/* fsbb_taillard_index (flowshopbb.h, public: the CLI asks it) tells a name's instance. */

/* The entry of instance index (1..120), or NULL outside that range. */
const fsbb_taillard_entry *fsbb_taillard_entry_at(int index);

/* The index (1..120) of the instance with this time seed and size jobs x machines, or 0. */
int fsbb_taillard_find_seed(long seed, int jobs, int machines);

/* One draw of Taillard's generator: advances *seed (x <- 16807 x mod 2^31 - 1) and returns
 * an integer uniform in [low, high]. */
int fsbb_taillard_uniform(long *seed, int low, int high);

/* The processing times of instance index (1..120) into p, machines x jobs row-major
 * (p[k * jobs + j]), drawn machine by machine as Taillard does. */
void fsbb_taillard_generate(int index, int *p);

#endif
