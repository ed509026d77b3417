/* bound_data.h — per-instance tables that the bounds read: processing times, static
 * heads and tails, and for the two-machine bound (LB2) the machine pairs with their
 * Johnson orders and time lags. Built once per instance on the host; the GPU code
 * uploads the same arrays.
 *
 * Node layout shared by every bound: a permutation perm[0..n) of 0-based jobs where
 * perm[0..front_len) is the scheduled prefix (in order), perm[n-back_len..n) the
 * scheduled suffix (in order of execution) and the jobs between are unscheduled. */
#ifndef FSBB_BOUND_DATA_H
#define FSBB_BOUND_DATA_H

#include <stdint.h>

/* A job index inside a node's permutation; instances have at most FSBB_MAX_JOBS jobs. */
typedef int16_t fsbb_job;
#define FSBB_MAX_JOBS 30000
#define FSBB_MAX_MACHINES 1000

typedef struct fsbb_bound_data {
    int n;              /* jobs */
    int m;              /* machines */
    int *p;             /* m x n processing times, p[k * n + j] */
    int *min_head;      /* m: min over jobs of the work on machines 0..k-1 */
    int *min_tail;      /* m: min over jobs of the work on machines k+1..m-1 */
    int *min_p;         /* m: min over jobs of p[k][j] */
    int pair_count;     /* machine pairs used by LB2 (all m(m-1)/2 by default) */
    int *pair_first;    /* pair_count: machine k of pair (k, l), k < l */
    int *pair_second;   /* pair_count: machine l */
    int *johnson_order; /* pair_count x n: jobs in Johnson's order for the pair */
    int *lag;           /* pair_count x n: lag[q * n + j] = work of job j strictly between k and l */
} fsbb_bound_data;

/* Fills d from an m x n row-major matrix (copied). Returns 0, or -1 when out of memory. */
int fsbb_bound_data_init(fsbb_bound_data *d, int n, int m, const int *p);

/* Keeps only the first `count` pairs in the order fsbb_bound_data_init made them
 * (pairs far apart first); count <= 0 or above the total keeps all. */
void fsbb_bound_data_limit_pairs(fsbb_bound_data *d, int count);

void fsbb_bound_data_free(fsbb_bound_data *d);

#endif
