/* elite_set.h — a walk's elite set for path relinking (path_relinking.h): a few good
 * schedules that differ from each other, the pool of guides of the relinking step of the
 * iterated greedy (ig_walk.h).
 *
 * Schedules differ by their adjacencies: the distance from a to b is the number of jobs of a
 * whose successor in a is not their successor in b, plus one when their first jobs differ
 * (an insertion move changes at most 3 adjacencies and the first job). A schedule offered
 * that is closer than `min_distance` to a member replaces that member (the closest) when it
 * is better, and is dropped otherwise; a schedule far from all members is added while there
 * is room, and then replaces the worst member when it is better. So the members stay at
 * least min_distance apart and each region the walk has visited keeps its best schedule. */
#ifndef FSBB_ELITE_SET_H
#define FSBB_ELITE_SET_H

#include <stdint.h>

/* The most members a set holds. */
#define FSBB_ELITE_MAX 64

typedef struct fsbb_elite_set {
    int n, capacity, count, min_distance;
    int *schedules;   /* capacity x n */
    int *makespans;   /* capacity */
    int *successor;   /* n + 1: scratch for distances */
} fsbb_elite_set;

/* An empty set of at most capacity (clamped to 1..FSBB_ELITE_MAX) schedules of n (>= 1)
 * jobs, members at least min_distance (at least 1) apart. Returns 0, or -1 when out of
 * memory (nothing to free then). */
int fsbb_elite_init(fsbb_elite_set *set, int n, int capacity, int min_distance);
void fsbb_elite_free(fsbb_elite_set *set);

/* The adjacency distance from a to b (schedules of set->n jobs), 0..n. */
int fsbb_elite_distance(fsbb_elite_set *set, const int *a, const int *b);

/* Offers schedule (makespan): kept as described above. Returns 1 when it entered the set. */
int fsbb_elite_offer(fsbb_elite_set *set, const int *schedule, int makespan);

/* A member at least min_distance from schedule, drawn uniformly with rng (splitmix.h) among
 * those, with its makespan in *makespan; NULL when there is none. */
const int *fsbb_elite_pick(fsbb_elite_set *set, const int *schedule, uint64_t *rng, int *makespan);

#endif
