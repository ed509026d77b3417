/* local_search.h — iterative improvement by insertion (the local search of Ruiz and
 * Stützle's iterated greedy, EJOR 177, 2007): each job in turn, in a random order, is taken
 * out and put back at its best position (insertion.h: Taillard's acceleration, idle-time
 * tie-breaking) when that shortens the schedule, cycling through the jobs in one random
 * order until `length` jobs in a row have not moved (one cycle after the last move, as in
 * the referenced local search of Pan, Tasgetiren and Liang, C&IE 55, 2008, rather than the
 * rest of the pass and one more). A cycle costs O(length^2 m). The next jobs of the order
 * are first asked together, in vector lanes, whether their reinsertion shortens the
 * schedule (insertion_lanes.h), and only the first that does is reinserted: the same moves,
 * in the same order, as one job at a time.
 *
 * Referenced order (optional in the iterated greedy, ig_walk.h): the same search with the
 * jobs tried in the order of a reference schedule instead of a random one, from its first
 * job on: the order of that paper's referenced local search (RLS), whose reference is the
 * best schedule found so far (measured here without a gain: docs/heuristic.md).
 *
 * Block insertion (optional in the iterated greedy, ig_walk.h): the same with blocks of 2
 * up to `largest` adjacent jobs moved together, kept in their order (the block moves of
 * Kizilay, Tasgetiren, Pan and Gao, Algorithms 12, 2019, here as a move of the local
 * search): blocks of 2 first, then 3, and so on, each size cycling through the block starts
 * in one random order until every start in a row has not moved. A cycle of one size costs
 * O(length^2 size m).
 *
 * Interchange (optional in the iterated greedy, ig_walk.h): the same with exchanges of two
 * jobs at most `window` positions apart (interchange.h): each job in turn, in one random
 * order, is exchanged with the later job that gives the least makespan when that shortens
 * the schedule, cycling until `length` jobs in a row have found none; exchanges that the
 * critical-path bound rules out are not evaluated.
 *
 * Window (optional in the iterated greedy, ig_walk.h): the same with windows of `size`
 * consecutive jobs re-sequenced optimally, the rest fixed (window_search.h): the window
 * starts in one random order, each window replaced by its best order when that shortens
 * the schedule, cycling until every start in a row has found none. */
#ifndef FSBB_LOCAL_SEARCH_H
#define FSBB_LOCAL_SEARCH_H

#include "insertion.h"
#include "interchange.h"
#include "window_search.h"

#include <stdint.h>

/* Asked between moves: nonzero to stop now. */
typedef int (*fsbb_walk_should_stop)(void *data);

/* Improves seq[0..length) (distinct jobs of the workspace's instance; makespan its
 * makespan) in place and returns its new makespan. rng (splitmix.h) draws the order;
 * scratch holds 2 n ints. When stop (may be NULL) asks, returns at once: seq is then a
 * schedule no worse than the one given, with the makespan returned. */
int fsbb_local_search_insertion(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                int *scratch, fsbb_walk_should_stop stop, void *stop_data);

/* The same search with each job's reinsertion evaluated alone, never several in vector
 * lanes (insertion_lanes.h): the reference the lanes are tested against. Same contract,
 * and the same result from the same arguments. */
int fsbb_local_search_insertion_one_at_a_time(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                              int *scratch, fsbb_walk_should_stop stop, void *stop_data);

/* The same with the jobs tried in the order of reference[0..length) (the same jobs as seq,
 * in any order; copied before the search begins) instead of a random order; draws nothing.
 * Same contract otherwise. */
int fsbb_local_search_referenced(fsbb_insertion *w, int *seq, int length, int makespan, const int *reference,
                                 int *scratch, fsbb_walk_should_stop stop, void *stop_data);

/* Improves seq[0..length) as above by moving blocks of 2..largest jobs (largest at most
 * FSBB_INSERTION_MAX_BLOCK; sizes of length or more are skipped). Same contract. */
int fsbb_local_search_block(fsbb_insertion *w, int *seq, int length, int makespan, int largest, uint64_t *rng,
                            int *scratch, fsbb_walk_should_stop stop, void *stop_data);

/* Improves seq[0..length) as above by exchanging two jobs at most window positions apart
 * (x: the interchange workspace beside w). Same contract. */
int fsbb_local_search_interchange(fsbb_insertion *w, fsbb_interchange *x, int *seq, int length, int makespan,
                                  int window, uint64_t *rng, int *scratch, fsbb_walk_should_stop stop,
                                  void *stop_data);

/* Improves seq[0..length) as above by re-sequencing windows of size consecutive jobs
 * optimally (x: the window workspace beside w, for windows of at least size jobs; windows
 * of length or more jobs: the whole sequence). Same contract. */
int fsbb_local_search_window(fsbb_insertion *w, fsbb_window *x, int *seq, int length, int makespan, int size,
                             uint64_t *rng, int *scratch, fsbb_walk_should_stop stop, void *stop_data);

#endif
