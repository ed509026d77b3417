/* div_node.cuh — what every divergence kernel (the *_kernel.cu files) reads and does to one
 * node of a pool: the tables and the pool as kernel arguments, the node's LB1
 * (the bound code of bounds/), its LB2 state (heads max(front, min_head) and tails
 * max(back, min_tail) per machine, the unscheduled jobs as a bit mask), and the bound of a
 * machine pair over the packed pair table (fsbb_lb2_pair of lb2.h with its data reordered:
 * entry (r, q) = {job, p_k, lag, p_l} of pair q's r-th job in Johnson order, r-major, so
 * that lanes on consecutive pairs read consecutive 16 bytes).
 *
 * Size classes: the per-thread arrays (permutation, per-machine times, the unscheduled set
 * as a bit mask) are sized at compile time: up to FSBB_DIV_SMALL_JOBS jobs, or up to
 * FSBB_DIV_MAX_JOBS, with up to FSBB_DIV_MAX_MACHINES machines. */
#ifndef FSBB_DIV_NODE_CUH
#define FSBB_DIV_NODE_CUH

#include "bound_steps.h"
#include "div_launch.h"
#include "lb1.h"
#include "task_pool.cuh"

/* The small size class; the large one takes FSBB_DIV_MAX_JOBS (div_bounder.h). */
enum { FSBB_DIV_SMALL_JOBS = 128 };

__device__ __forceinline__ fsbb_bound_data fsbb_div_table_view(const fsbb_div_tables &t)
{
    int *b = const_cast<int *>(t.block);
    const int nm = t.n * t.m;
    fsbb_bound_data d;
    d.n = t.n;
    d.m = t.m;
    d.p = b;
    d.min_head = b + nm;
    d.min_tail = b + nm + t.m;
    d.min_p = b + nm + 2 * t.m;
    d.pair_count = t.pairs;
    d.pair_first = b + nm + 3 * t.m;
    d.pair_second = d.pair_first + t.pairs;
    d.johnson_order = d.pair_second + t.pairs;
    d.lag = d.johnson_order + t.pairs * t.n;
    return d;
}

/* LB1 of pool node `node` (bounds/ code); leaves its permutation and per-machine arrays. */
template <int MAXN, int MAXM>
__device__ __forceinline__ int fsbb_div_node_lb1(const fsbb_bound_data *d, const fsbb_div_pool &pool, int node,
                                                 fsbb_job *perm, int *front, int *back, int *remain, int *front_len,
                                                 int *back_len)
{
    const int n = d->n;
    for (int i = 0; i < n; i++)
        perm[i] = pool.perm[(size_t)i * pool.capacity + node];
    *front_len = pool.front_len[node];
    *back_len = pool.back_len[node];
    fsbb_front_times(d, perm, *front_len, front);
    fsbb_back_times(d, perm, *back_len, back);
    fsbb_remaining_work(d, perm, *front_len, *back_len, remain);
    return fsbb_lb1_from_parts(d, front, back, remain, n - *front_len - *back_len);
}

/* The LB2 state of a node: heads, tails and the unscheduled bit mask. */
__device__ __forceinline__ void fsbb_div_lb2_state(const fsbb_bound_data *d, const fsbb_job *perm, int front_len,
                                                   int back_len, const int *front, const int *back, int words,
                                                   int *heads, int *tails, unsigned *bits)
{
    for (int k = 0; k < d->m; k++) {
        heads[k] = fsbb_bound_head(front[k], d->min_head[k]);
        tails[k] = fsbb_bound_tail(back[k], d->min_tail[k]);
    }
    for (int w = 0; w < words; w++)
        bits[w] = 0;
    for (int i = front_len; i < d->n - back_len; i++)
        bits[perm[i] >> 5] |= 1u << (perm[i] & 31);
}

/* LB1 of a node and, when it needs LB2 (unscheduled jobs left and LB1 < ub), its state. */
template <int MAXN, int MAXM>
__device__ __forceinline__ int fsbb_div_start_node(const fsbb_bound_data *d, const fsbb_div_tables &t,
                                                   const fsbb_div_pool &pool, int node, int ub, int *heads, int *tails,
                                                   unsigned *bits, bool *needs)
{
    fsbb_job perm[MAXN];
    int front[MAXM], back[MAXM], remain[MAXM], front_len, back_len;
    const int lb1 = fsbb_div_node_lb1<MAXN, MAXM>(d, pool, node, perm, front, back, remain, &front_len, &back_len);
    *needs = d->n - front_len - back_len > 0 && lb1 < ub && t.pairs > 0; /* no pairs: LB2 is 0 */
    if (*needs)
        fsbb_div_lb2_state(d, perm, front_len, back_len, front, back, t.words, heads, tails, bits);
    return lb1;
}

/* The bound of machine pair q from the packed table (fsbb_lb2_pair, reordered data). */
__device__ __forceinline__ int fsbb_div_packed_pair(const fsbb_div_tables &t, const int *first, const int *second,
                                                    int q, const unsigned *bits, const int *heads, const int *tails)
{
    const int k = __ldg(first + q), l = __ldg(second + q);
    int tk = heads[k], tl = heads[l];
    const int4 *entry = t.pack + q;
    for (int r = 0; r < t.n; r++) {
        const int4 e = __ldg(entry + (size_t)r * t.pairs);
        if ((bits[e.x >> 5] >> (e.x & 31)) & 1u) {
            tk += e.y;
            tl = fsbb_machine_step(tk + e.z, tl, e.w);
        }
    }
    return FSBB_MAX(tk + tails[k], tl + tails[l]);
}

#endif
