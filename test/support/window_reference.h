/* window_reference.h — the exact re-sequencing of a window of jobs as window_search.c did it
 * before its bounds went into vector lanes and windows were cut before any set-up: every
 * child's bound computed alone, the least and second least times kept with branches. The
 * reference that fsbb_window_solve and the window local search are tested against: the same
 * makespan and the same order for every input, ties included. Times job-major, n x m
 * (p[j * m + k], as the insertion workspace holds them). */
#ifndef FSBB_TEST_WINDOW_REFERENCE_H
#define FSBB_TEST_WINDOW_REFERENCE_H

#include "insertion.h"
#include "local_search.h"

#include <stdint.h>

/* fsbb_window_solve's contract on times (job-major, m machines), windows of up to
 * FSBB_WINDOW_MAX jobs. */
int window_reference_solve(int m, const int *times, const int *jobs, int size, const int *head, const int *tail,
                           int below, int *order);

/* fsbb_local_search_window's contract, each window solved by window_reference_solve. */
int window_reference_local_search(fsbb_insertion *w, int *seq, int length, int makespan, int size, uint64_t *rng,
                                  int *scratch, fsbb_walk_should_stop stop, void *stop_data);

#endif
