/* bound_data.h — per-instance tables that the bounds read: processing times, static
 * heads and tails, and for the two-machine bound (LB2) the machine pairs with their
 * Johnson orders and time lags. Built once per instance on the host, the LB2 tables only
 * when LB2 is used (they take O(m^2 n) memory); the GPU code uploads the same arrays.
 *
 * Node layout shared by every bound: a permutation perm[0..n) of 0-based jobs where
 * perm[0..front_len) is the scheduled prefix (in order), perm[n-back_len..n) the
 * scheduled suffix (in order of execution) and the jobs between are unscheduled. */
#ifndef FSBB_BOUND_DATA_H
#define FSBB_BOUND_DATA_H

#include "flowshopbb.h"

#include <stdint.h>

/* A job index inside a node's permutation; instances have at most FSBB_MAX_JOBS jobs. */
typedef int16_t fsbb_job;

typedef struct fsbb_bound_data {
    int n;              /* jobs */
    int m;              /* machines */
    int *p;             /* m x n processing times, p[k * n + j] */
    int *min_head;      /* m: min over jobs of the work on machines 0..k-1 */
    int *min_tail;      /* m: min over jobs of the work on machines k+1..m-1 */
    int *min_p;         /* m: min over jobs of p[k][j] */
    int pair_count;     /* machine pairs used by LB2; 0 until fsbb_bound_data_build_pairs */
    int *pair_first;    /* pair_count: machine k of pair (k, l), k < l */
    int *pair_second;   /* pair_count: machine l */
    int *johnson_order; /* pair_count x n: jobs in Johnson's order for the pair */
    int *lag;           /* pair_count x n: lag[q * n + j] = work of job j strictly between k and l */
} fsbb_bound_data;

/* Fills d with the LB1 tables from an m x n row-major matrix (copied), in O(n m) time;
 * the LB2 tables stay empty (pair_count 0, NULL arrays) until fsbb_bound_data_build_pairs.
 * Returns 0, or -1 when out of memory. */
int fsbb_bound_data_init(fsbb_bound_data *d, int n, int m, const int *p);

/* The machine pairs LB2 keeps when `requested` are asked for: all m(m-1)/2 when requested
 * is <= 0 or above that. */
int fsbb_bound_data_pairs_kept(int m, int requested);

/* Bytes the LB2 tables of `pairs` pairs take for n jobs. */
uint64_t fsbb_bound_data_pair_bytes(int n, int pairs);

/* Called by a long build with the steps of work (about one operation each) done since its
 * previous call; nonzero stops the build. */
typedef int (*fsbb_build_check_fn)(void *context, uint64_t steps);

/* Builds the LB2 tables of d (made by fsbb_bound_data_init) for the
 * fsbb_bound_data_pairs_kept(m, requested) pairs with the largest bound at the root (all
 * jobs unscheduled; ties: the pair first in (k, l) order), strongest first, so that early
 * exits and pair limits keep the pairs that matter. Two passes over the m(m-1)/2 pairs,
 * each O(n log n) per pair: one ranks them, one fills the tables of the pairs kept, so
 * memory holds the kept pairs only. check (NULL: none) is called about every pair.
 * Returns 0; 1 when check stopped the build; -1 when out of memory; the tables stay empty
 * unless 0. */
int fsbb_bound_data_build_pairs(fsbb_bound_data *d, int requested, fsbb_build_check_fn check, void *context);

void fsbb_bound_data_free(fsbb_bound_data *d);

#endif
