/* tiled_kernel.cu — TILED (div_bounder.h): the (node, pair) work of LB2 cut into rectangles
 * of nodes x pairs (cache_fit.h; the plan is tile_planner.cu's). A first kernel computes
 * each node's LB1 and, for the nodes that need LB2, their state (structure of arrays over
 * the pool); a rectangle's kernel evaluates its pairs for its nodes, skipping nodes whose
 * earlier pair already reached ub; a queue kernel's warps take rectangles in order; a last
 * kernel combines each node's results: the smallest pair index reaching ub wins, else the
 * largest pair bound, so the bound is exact whatever the order of the rectangles. */
#include "div_node.cuh"
#include "task_pool.cuh"

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_prepare_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub,
                                  fsbb_div_tile_state s)
{
    const int node = blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= pool.count)
        return;
    const fsbb_bound_data d = fsbb_div_table_view(t);
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool needs;
    pool.lb[node] = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, node, ub, heads, tails, bits, &needs);
    s.needs[node] = needs;
    s.crossing[node] = ~0ull;
    s.fullmax[node] = 0;
    if (!needs)
        return;
    const size_t stride = (size_t)pool.capacity;
    for (int k = 0; k < t.m; k++) {
        s.heads[k * stride + node] = heads[k];
        s.tails[k * stride + node] = tails[k];
    }
    for (int w = 0; w < t.words; w++)
        s.bits[w * stride + node] = bits[w];
}

/* Pairs [pair_begin, pair_end) of one node; skipped when an earlier pair already reached ub. */
template <int MAXN, int MAXM>
__device__ __forceinline__ void tile_node(const fsbb_div_tables &t, const fsbb_bound_data *d,
                                          const fsbb_div_tile_state &s, int capacity, int node, int pair_begin,
                                          int pair_end, int ub)
{
    if (!s.needs[node])
        return;
    const unsigned known = (unsigned)(s.crossing[node] >> 32);
    if (known != 0xffffffffu && known < (unsigned)pair_begin)
        return;
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    const size_t stride = (size_t)capacity;
    for (int k = 0; k < t.m; k++) {
        heads[k] = s.heads[k * stride + node];
        tails[k] = s.tails[k * stride + node];
    }
    for (int w = 0; w < t.words; w++)
        bits[w] = s.bits[w * stride + node];
    int run = 0;
    for (int q = pair_begin; q < pair_end; q++) {
        const int value = fsbb_div_packed_pair(t, d->pair_first, d->pair_second, q, bits, heads, tails);
        if (value >= ub) {
            atomicMin(&s.crossing[node], (unsigned long long)q << 32 | (unsigned)value);
            return;
        }
        run = FSBB_MAX(run, value);
    }
    atomicMax(&s.fullmax[node], run);
}

template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub,
                                  fsbb_div_tile_state s, int node_begin, int node_end, int pair_begin, int pair_end)
{
    const int node = node_begin + blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= node_end)
        return;
    const fsbb_bound_data d = fsbb_div_table_view(t);
    tile_node<MAXN, MAXM>(t, &d, s, pool.capacity, node, pair_begin, pair_end, ub);
}

/* CF-Q / SJ-Q: warps take queue entries {nodes [x, y), pairs [z, w)} in order. */
template <int MAXN, int MAXM>
__global__ void __launch_bounds__(1024) tile_queue_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub,
                                  fsbb_div_tile_state s, const int4 *entries, unsigned entry_count, unsigned *next)
{
    const fsbb_bound_data d = fsbb_div_table_view(t);
    unsigned e;
    while (fsbb_warp_fetch(next, entry_count, 1, &e)) {
        const int4 entry = entries[e];
        const int node = entry.x + fsbb_lane();
        if (node < entry.y)
            tile_node<MAXN, MAXM>(t, &d, s, pool.capacity, node, entry.z, entry.w, ub);
    }
}

__global__ void tile_finish_kernel(fsbb_div_pool pool, fsbb_div_tile_state s)
{
    const int node = blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= pool.count || !s.needs[node])
        return;
    const unsigned long long crossing = s.crossing[node];
    const int lb2 = crossing != ~0ull ? (int)(unsigned)(crossing & 0xffffffffu) : s.fullmax[node];
    pool.lb[node] = FSBB_MAX(pool.lb[node], lb2);
}

template <int MAXN, int MAXM>
static cudaError_t launch_prepare(const fsbb_div_run &a, const fsbb_div_tile_state &s)
{
    tile_prepare_kernel<MAXN, MAXM>
        <<<fsbb_div_static_blocks(a), a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, s);
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_tile_prepare(const fsbb_div_run &a, const fsbb_div_tile_state &s)
{
    return a.small ? launch_prepare<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, s)
                   : launch_prepare<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, s);
}

template <int MAXN, int MAXM>
static cudaError_t launch_tile(const fsbb_div_run &a, const fsbb_div_tile_state &s, const fsbb_fit_node *part)
{
    const int nodes = (int)(part->a_end - part->a_begin);
    tile_kernel<MAXN, MAXM><<<(nodes + a.block_size - 1) / a.block_size, a.block_size, 0, a.stream>>>(
        a.pool, a.tables, a.ub, s, (int)part->a_begin, (int)part->a_end, (int)part->b_begin, (int)part->b_end);
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_tile(const fsbb_div_run &a, const fsbb_div_tile_state &s, const fsbb_fit_node *part)
{
    return a.small ? launch_tile<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, s, part)
                   : launch_tile<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, s, part);
}

template <int MAXN, int MAXM>
static cudaError_t launch_queue(const fsbb_div_run &a, const fsbb_div_tile_state &s, const int4 *entries, int count,
                                unsigned *counter)
{
    int blocks = 0;
    cudaError_t e = fsbb_div_persistent_blocks(tile_queue_kernel<MAXN, MAXM>, a.block_size, 0, &blocks);
    if (e == cudaSuccess)
        e = cudaMemsetAsync(counter, 0, sizeof(unsigned), a.stream);
    if (e != cudaSuccess)
        return e;
    tile_queue_kernel<MAXN, MAXM><<<blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, s, entries,
                                                                          (unsigned)count, counter);
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_tile_queue(const fsbb_div_run &a, const fsbb_div_tile_state &s, const int4 *entries,
                                       int count, unsigned *counter)
{
    return a.small ? launch_queue<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, s, entries, count, counter)
                   : launch_queue<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, s, entries, count, counter);
}

cudaError_t fsbb_div_launch_tile_finish(const fsbb_div_run &a, const fsbb_div_tile_state &s)
{
    tile_finish_kernel<<<fsbb_div_static_blocks(a), a.block_size, 0, a.stream>>>(a.pool, s);
    return cudaGetLastError();
}
