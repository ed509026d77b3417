/* times_cache.h — the machine completion times of a node's prefix (front) and suffix (back),
 * kept from one node to the next by one search thread. A depth-first search pops nodes that
 * share most of their prefix and suffix with the node before, so only the jobs past the
 * common part are scheduled again: O(m) per node instead of O(n m) from scratch. The values
 * equal fsbb_front_times and fsbb_back_times (lb1.h) exactly. */
#ifndef FSBB_TIMES_CACHE_H
#define FSBB_TIMES_CACHE_H

#include "bound_data.h"

typedef struct fsbb_times_cache {
    fsbb_job *prefix;    /* n: the cached prefix, in order */
    fsbb_job *suffix;    /* n: the cached suffix, last job first */
    int prefix_len, suffix_len;
    int *front;          /* (n + 1) x m: row i = completion times of prefix[0..i) */
    int *back;           /* (n + 1) x m: row i = back times of the last i jobs (suffix[0..i)) */
} fsbb_times_cache;

/* 0, or -1 when memory runs out (nothing to free then). */
int fsbb_times_cache_init(fsbb_times_cache *cache, int n, int m);
void fsbb_times_cache_free(fsbb_times_cache *cache);

/* The front times (m ints) of perm[0..front_len); valid until the next call. */
const int *fsbb_times_cache_front(fsbb_times_cache *cache, const fsbb_bound_data *d, const fsbb_job *perm,
                                  int front_len);

/* The back times (m ints) of perm[n-back_len..n); valid until the next call. */
const int *fsbb_times_cache_back(fsbb_times_cache *cache, const fsbb_bound_data *d, const fsbb_job *perm,
                                 int back_len);

#endif
