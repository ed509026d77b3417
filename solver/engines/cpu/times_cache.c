/* times_cache.c — front and back times carried from node to node (times_cache.h). */
#include "times_cache.h"

#include "lb1.h"

#include <stdlib.h>

int fsbb_times_cache_init(fsbb_times_cache *cache, int n, int m)
{
    cache->prefix_len = cache->suffix_len = 0;
    cache->prefix = malloc(sizeof(fsbb_job) * (size_t)n);
    cache->suffix = malloc(sizeof(fsbb_job) * (size_t)n);
    /* Row 0 (no job) stays all zeros. */
    cache->front = calloc((size_t)(n + 1) * (size_t)m, sizeof(int));
    cache->back = calloc((size_t)(n + 1) * (size_t)m, sizeof(int));
    if (cache->prefix && cache->suffix && cache->front && cache->back)
        return 0;
    fsbb_times_cache_free(cache);
    return -1;
}

void fsbb_times_cache_free(fsbb_times_cache *cache)
{
    free(cache->prefix);
    free(cache->suffix);
    free(cache->front);
    free(cache->back);
    cache->prefix = cache->suffix = NULL;
    cache->front = cache->back = NULL;
}

const int *fsbb_times_cache_front(fsbb_times_cache *cache, const fsbb_bound_data *d, const fsbb_job *perm,
                                  int front_len)
{
    const int m = d->m;
    const int known = cache->prefix_len < front_len ? cache->prefix_len : front_len;
    int same = 0;
    while (same < known && cache->prefix[same] == perm[same])
        same++;
    for (int i = same; i < front_len; i++) {
        int *row = cache->front + (size_t)i * (size_t)m;
        fsbb_front_append(d, perm[i], row, row + m);
        cache->prefix[i] = perm[i];
    }
    /* Rows past a new job describe the old prefix no more. */
    if (same < front_len)
        cache->prefix_len = front_len;
    return cache->front + (size_t)front_len * (size_t)m;
}

const int *fsbb_times_cache_back(fsbb_times_cache *cache, const fsbb_bound_data *d, const fsbb_job *perm,
                                 int back_len)
{
    const int n = d->n, m = d->m;
    const int known = cache->suffix_len < back_len ? cache->suffix_len : back_len;
    int same = 0;
    while (same < known && cache->suffix[same] == perm[n - 1 - same])
        same++;
    for (int i = same; i < back_len; i++) {
        int *row = cache->back + (size_t)i * (size_t)m;
        fsbb_back_prepend(d, perm[n - 1 - i], row, row + m);
        cache->suffix[i] = perm[n - 1 - i];
    }
    if (same < back_len)
        cache->suffix_len = back_len;
    return cache->back + (size_t)back_len * (size_t)m;
}
