/* gpu_pool.c — the structure-of-arrays node pool of gpu_pool.h and the CPU reference of
 * the pool bound, built from the bound code of bounds/. */
#include "gpu_pool.h"

#include "error.h"
#include "lb1.h"
#include "lb2.h"

#include <stdlib.h>
#include <string.h>

fsbb_status fsbb_gpu_pool_init(fsbb_gpu_pool *pool, int n, int capacity, fsbb_error *err)
{
    memset(pool, 0, sizeof *pool);
    if (n < 1 || capacity < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "GPU pool: %d jobs and capacity %d must be positive", n,
                         capacity);
    pool->n = n;
    pool->capacity = capacity;
    pool->perm = malloc(sizeof *pool->perm * (size_t)n * (size_t)capacity);
    pool->front_len = malloc(sizeof *pool->front_len * (size_t)capacity);
    pool->back_len = malloc(sizeof *pool->back_len * (size_t)capacity);
    if (!pool->perm || !pool->front_len || !pool->back_len) {
        fsbb_gpu_pool_free(pool);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a pool of %d nodes of %d jobs", capacity, n);
    }
    return FSBB_OK;
}

void fsbb_gpu_pool_free(fsbb_gpu_pool *pool)
{
    free(pool->perm);
    free(pool->front_len);
    free(pool->back_len);
    memset(pool, 0, sizeof *pool);
}

void fsbb_gpu_pool_put(fsbb_gpu_pool *pool, int node, const fsbb_job *perm, int front_len, int back_len)
{
    const size_t stride = (size_t)pool->capacity;
    for (int i = 0; i < pool->n; i++)
        pool->perm[(size_t)i * stride + (size_t)node] = perm[i];
    pool->front_len[node] = (int16_t)front_len;
    pool->back_len[node] = (int16_t)back_len;
}

void fsbb_gpu_pool_get(const fsbb_gpu_pool *pool, int node, fsbb_job *perm)
{
    const size_t stride = (size_t)pool->capacity;
    for (int i = 0; i < pool->n; i++)
        perm[i] = pool->perm[(size_t)i * stride + (size_t)node];
}

int fsbb_pool_node_bound(const fsbb_bound_data *d, fsbb_lb_kind lb, const fsbb_job *perm, int front_len,
                         int back_len, int ub, int *scratch, unsigned char *unscheduled)
{
    const int n = d->n, m = d->m;
    int *front = scratch, *back = scratch + m, *remain = scratch + 2 * m;
    fsbb_front_times(d, perm, front_len, front);
    fsbb_back_times(d, perm, back_len, back);
    fsbb_remaining_work(d, perm, front_len, back_len, remain);
    const int unscheduled_count = n - front_len - back_len;
    const int lb1 = fsbb_lb1_from_parts(d, front, back, remain, unscheduled_count);
    if (lb != FSBB_LB2 || unscheduled_count == 0 || lb1 >= ub)
        return lb1;
    memset(unscheduled, 0, (size_t)n);
    for (int i = front_len; i < n - back_len; i++)
        unscheduled[perm[i]] = 1;
    return FSBB_MAX(lb1, fsbb_lb2(d, unscheduled, front, back, ub));
}
