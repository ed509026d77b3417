/* local_search.h — iterative improvement by insertion (the local search of Ruiz and
 * Stützle's iterated greedy, EJOR 177, 2007): each job in turn, in a random order, is taken
 * out and put back at its best position (insertion.h: Taillard's acceleration, idle-time
 * tie-breaking) when that shortens the schedule, cycling through the jobs in one random
 * order until `length` jobs in a row have not moved (one cycle after the last move, as in
 * the referenced local search of Pan, Tasgetiren and Liang, C&OR 35, 2008, rather than the
 * rest of the pass and one more). A cycle costs O(length^2 m). */
#ifndef FSBB_LOCAL_SEARCH_H
#define FSBB_LOCAL_SEARCH_H

#include "insertion.h"

#include <stdint.h>

/* Asked between moves: nonzero to stop now. */
typedef int (*fsbb_walk_should_stop)(void *data);

/* Improves seq[0..length) (distinct jobs of the workspace's instance; makespan its
 * makespan) in place and returns its new makespan. rng (splitmix.h) draws the order;
 * scratch holds 2 n ints. When stop (may be NULL) asks, returns at once: seq is then a
 * schedule no worse than the one given, with the makespan returned. */
int fsbb_local_search_insertion(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                int *scratch, fsbb_walk_should_stop stop, void *stop_data);

#endif
