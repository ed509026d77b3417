/* ig_walk.h — one walk of the iterated greedy for the permutation flow shop (Ruiz and
 * Stützle, EJOR 177, 2007, with the tie-breaking of Fernandez-Viagas and Framinan, C&OR 45,
 * 2014, and the optional partial-solution search of Dubois-Lacoste, Pagnozzi and Stützle,
 * C&OR 81, 2017). From a start schedule (NEH with tie-breaking unless one is given) and a
 * local search, each iteration
 *   1. removes `destruction` jobs chosen at random,
 *   2. (partial_search) improves the remaining sequence by the local search,
 *   3. reinserts the removed jobs one by one, in the order of removal, each at its best
 *      position,
 *   4. improves the result by the local search (local_search.h), the jobs tried in a random
 *      order or, with referenced_search, in the order of the walk's best schedule (the
 *      referenced local search of Pan, Tasgetiren and Liang, C&IE 55, 2008); with
 *      block_search, then alternates block insertion of 2..block_search jobs and the
 *      insertion local search until the block moves no longer improve it; with
 *      interchange, likewise with exchanges of two jobs at most interchange positions
 *      apart (after the block moves when both are on); with window, likewise with windows of
 *      that many consecutive jobs re-sequenced optimally (window_search.h; last), but only
 *      while the result is better than the current schedule (a window search costs tens of
 *      iterations, and more than half of the results tie with the current schedule); so
 *      that the result is always an insertion local optimum,
 *   5. accepts it as the current schedule when it is no worse, or else with probability
 *      exp(-(its makespan - current makespan) / temperature), the constant temperature
 *      T * (sum of all times) / (10 n m) of Ruiz and Stützle.
 * With relink_after (a population step, off by default), the walk keeps an elite set of
 * distinct good schedules (elite_set.h: FSBB_IG_ELITE schedules at least n / 10 apart, fed
 * with the start and every current schedule), and after relink_after iterations without a
 * better walk best (or since the last relinking) it relinks its current schedule toward an
 * elite member far from it (fsbb_ig_walk_relink below).
 * A walk is sequential and deterministic: its schedules depend only on the instance, its
 * configuration, its seed and the schedules adopted into it. iterated_greedy.h runs walks
 * on threads. */
#ifndef FSBB_IG_WALK_H
#define FSBB_IG_WALK_H

#include "elite_set.h"
#include "insertion.h"
#include "interchange.h"
#include "local_search.h"
#include "path_relinking.h"

#include <stdint.h>

/* The parameters of a walk. */
typedef struct fsbb_ig_walk_params {
    int destruction;          /* jobs removed per iteration (clamped to 1..n-1) */
    double temperature;       /* T: the temperature is T * (sum of all times) / (10 n m) */
    int partial_search;       /* 1: local search on the partial sequence too */
    int block_search;         /* largest block of the block-insertion step; 0 or 1: none */
    uint64_t relink_after;    /* iterations without a better best before path relinking; 0: none */
    int referenced_search;    /* 1: step 4 tries the jobs in the order of the walk's best schedule */
    int interchange;          /* most positions between two jobs exchanged in step 4; 0: no exchanges */
    int window;               /* jobs of the windows re-sequenced optimally in step 4 (2..FSBB_WINDOW_MAX);
                                 0: none */
} fsbb_ig_walk_params;

/* Schedules in a walk's elite set (relink_after). */
#define FSBB_IG_ELITE 5
/* The most iterations from a relinked schedule for it to get back to the level of the
 * schedule it replaced (relink_after). */
#define FSBB_IG_RELINK_TRIAL 200

typedef struct fsbb_ig_walk {
    int n, m;
    fsbb_insertion space;
    uint64_t rng;
    fsbb_ig_walk_params params;
    double temperature;       /* absolute: T * sum(p) / (10 n m) */
    int *current, *candidate, *best, *removed, *scratch;
    int current_makespan, best_makespan;
    uint64_t iterations;          /* iterations done */
    uint64_t since_improvement;   /* iterations since best last improved */
    uint64_t since_relink;        /* iterations since best last improved or the last relinking */
    uint64_t relinks;             /* relinkings done */
    uint64_t relinks_taken;       /* relinkings whose schedule the walk kept */
    int *saved;                   /* n: the current schedule during a relinking's trial */
    fsbb_elite_set elite;         /* relink_after only */
    fsbb_relinking relinking;     /* relink_after only */
    fsbb_interchange exchanges;   /* interchange only */
    fsbb_window windows;          /* window only */
    uint64_t window_searches;     /* window only: step 4's window searches done */
} fsbb_ig_walk;

/* Prepares a walk on the instance (n >= 2) with the given parameters and seed. Returns 0,
 * or -1 when out of memory (nothing to free). */
int fsbb_ig_walk_init(fsbb_ig_walk *walk, int n, int m, const int *p, const fsbb_ig_walk_params *params,
                      uint64_t seed);
void fsbb_ig_walk_free(fsbb_ig_walk *walk);

/* NEH with tie-breaking: jobs by decreasing total time (ties: lower index first), each
 * inserted at its best position; into permutation (n jobs). Asks stop (may be NULL) before
 * each insertion: stopped, the jobs not yet placed follow in NEH's order. Returns the
 * makespan. */
int fsbb_ig_walk_neh(fsbb_ig_walk *walk, int *permutation, fsbb_walk_should_stop stop, void *stop_data);

/* Makes permutation (n distinct jobs, makespan its makespan) the current schedule, and the
 * best if it is better than the walk's best (or the walk has none yet). */
void fsbb_ig_walk_adopt(fsbb_ig_walk *walk, const int *permutation, int makespan);

/* Improves the current schedule by the local search (step 4 alone). Returns 1 when that
 * improved the walk's best. */
int fsbb_ig_walk_polish(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data);

/* The population step (relink_after > 0), done by fsbb_ig_walk_iterate when it is due:
 * the current schedule is relinked toward an elite member far from it (path_relinking.h),
 * and from the best improved intermediate the walk runs up to FSBB_IG_RELINK_TRIAL
 * iterations (steps 1-5, not counted in iterations) until its current schedule is no worse
 * than the one before the relinking; if it does not get there, that one is restored. So
 * the walk's current schedule is never worse after a relinking than before. Returns 1 when
 * the relinking improved the walk's best. */
int fsbb_ig_walk_relink(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data);

/* One iteration (steps 1-5, then the relinking when it is due). Returns 1 when it improved
 * the walk's best. When stop asks
 * during it, the iteration is abandoned (the current and best schedules stay as they were,
 * unless the abandoned candidate is better than the best: then it becomes the best). */
int fsbb_ig_walk_iterate(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data);

#endif
