/* path_relinking.h — path relinking between two schedules by insertion moves (Glover's
 * path relinking; for the flow shop, Reeves and Yamada, Evolutionary Computation 6, 1998),
 * the population step of the iterated greedy (ig_walk.h, relink_after).
 *
 * The path from `start` to `guide`: for each position i = 0, 1, ... in turn where the
 * schedule on the path differs from the guide, the guide's job guide[i] is moved from its
 * place (after i) to position i. Each move fixes position i for good, so after L <= n - 1
 * moves the path reaches the guide; the L - 1 schedules between are its intermediates.
 * Of the intermediates at least max(1, L / 4) moves from both ends (those nearer lie in
 * the basins of the ends), the FSBB_RELINK_POLISHED of least makespan (ties: the earlier)
 * are each improved by the insertion local search (local_search.h), and the best of them
 * (ties: the earlier) is the result. The walk decides what to do with it (ig_walk.h). */
#ifndef FSBB_PATH_RELINKING_H
#define FSBB_PATH_RELINKING_H

#include "insertion.h"
#include "local_search.h"

#include <stdint.h>

/* The most intermediates improved by the local search per relinking (for n up to about
 * 128, every intermediate of the middle half of the path). */
#define FSBB_RELINK_POLISHED 64

typedef struct fsbb_relinking {
    int n;
    int *path;     /* n: the schedule walking the path */
    int *where;    /* n: job -> its position in path */
    int *cost;     /* n: the makespan after each move */
    int *trial;    /* n: an intermediate being improved */
    int chosen[FSBB_RELINK_POLISHED];
} fsbb_relinking;

/* Returns 0, or -1 when out of memory (nothing to free then). */
int fsbb_relinking_init(fsbb_relinking *r, int n);
void fsbb_relinking_free(fsbb_relinking *r);

/* Relinks start (n = r->n jobs of w's instance) toward guide (n jobs) as above; writes the
 * best improved intermediate to result (n jobs; not start or guide) and returns its
 * makespan, or returns -1 when the path has no intermediate far enough from its ends
 * (result untouched). rng (splitmix.h) drives the local search; scratch holds 2 n ints.
 * When stop (may be NULL) asks, returns the best found so far (at least one intermediate
 * is improved, perhaps cut short: still a schedule with its makespan). */
int fsbb_relink(fsbb_relinking *r, fsbb_insertion *w, const int *start, const int *guide, uint64_t *rng,
                int *scratch, int *result, fsbb_walk_should_stop stop, void *stop_data);

#endif
