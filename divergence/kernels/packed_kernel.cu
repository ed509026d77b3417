/* packed_kernel.cu — PACKED (div_bounder.h): one node per thread, LB2 over the packed pair
 * table (div_node.cuh), the layout the warp-level kernels use, to tell the layout's effect
 * from theirs; one node per thread or, persistent, warps fetching 32 nodes at a time. */
#include "div_node.cuh"
#include "task_pool.cuh"

template <int MAXN, int MAXM>
__device__ __forceinline__ int packed_bound(const fsbb_bound_data *d, const fsbb_div_tables &t,
                                            const fsbb_div_pool &pool, int node, int ub)
{
    int heads[MAXM], tails[MAXM];
    unsigned bits[(MAXN + 31) / 32];
    bool needs;
    const int lb1 = fsbb_div_start_node<MAXN, MAXM>(d, t, pool, node, ub, heads, tails, bits, &needs);
    if (!needs)
        return lb1;
    int run = 0;
    for (int q = 0; q < t.pairs; q++) {
        const int value = fsbb_div_packed_pair(t, d->pair_first, d->pair_second, q, bits, heads, tails);
        run = FSBB_MAX(run, value);
        if (run >= ub)
            break;
    }
    return FSBB_MAX(lb1, run);
}

template <int MAXN, int MAXM, bool PERSISTENT>
__global__ void __launch_bounds__(1024) packed_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub, unsigned *next)
{
    const fsbb_bound_data d = fsbb_div_table_view(t);
    if constexpr (PERSISTENT) {
        unsigned base;
        while (fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base)) {
            const unsigned node = base + fsbb_lane();
            if (node < (unsigned)pool.count)
                pool.lb[node] = packed_bound<MAXN, MAXM>(&d, t, pool, (int)node, ub);
        }
    } else {
        const int id = blockIdx.x * blockDim.x + threadIdx.x;
        if (id < pool.count)
            pool.lb[id] = packed_bound<MAXN, MAXM>(&d, t, pool, id, ub);
    }
}

template <int MAXN, int MAXM>
static cudaError_t launch_packed(const fsbb_div_run &a, bool persistent, int *blocks)
{
    *blocks = fsbb_div_static_blocks(a);
    if (persistent) {
        const cudaError_t e = fsbb_div_persistent_blocks(packed_kernel<MAXN, MAXM, true>, a.block_size, 0, blocks);
        if (e != cudaSuccess)
            return e;
        packed_kernel<MAXN, MAXM, true><<<*blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, a.counters);
    } else {
        packed_kernel<MAXN, MAXM, false><<<*blocks, a.block_size, 0, a.stream>>>(a.pool, a.tables, a.ub, a.counters);
    }
    return cudaGetLastError();
}

cudaError_t fsbb_div_launch_packed(const fsbb_div_run &a, bool persistent, int *blocks)
{
    return a.small ? launch_packed<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, persistent, blocks)
                   : launch_packed<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, persistent, blocks);
}
