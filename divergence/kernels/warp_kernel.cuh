/* warp_kernel.cuh — the warp-level LB2 kernels (SUBWARP, CTE of div_bounder.h): a warp
 * takes 32 nodes (one per lane: LB1, and the LB2 state of those that need it, in shared
 * memory, `stride` words per node), then its lanes evaluate the nodes' machine pairs
 * together as Pairs::lb2 arranges them (subwarp_kernel.cu, cte_kernel.cu); with PERSISTENT
 * the resident warps fetch 32 nodes at a time. */
#ifndef FSBB_WARP_KERNEL_CUH
#define FSBB_WARP_KERNEL_CUH

#include "cte.cuh"
#include "div_node.cuh"
#include "task_pool.cuh"
#include "warp_lanes.cuh"

struct fsbb_div_warp_state {
    int *words;                 /* 32 nodes x stride */
    int stride, m;
    __device__ int *heads(int slot) const { return words + slot * stride; }
    __device__ int *tails(int slot) const { return words + slot * stride + m; }
    __device__ unsigned *bits(int slot) const { return (unsigned *)(words + slot * stride + 2 * m); }
};

template <int MAXN, int MAXM, class Pairs, bool PERSISTENT>
__global__ void __launch_bounds__(1024) warp_kernel(fsbb_div_pool pool, fsbb_div_tables t, int ub, unsigned *next,
                                  int stride)
{
    extern __shared__ int shared_words[];
    const int lane = fsbb_lane();
    int *mine = shared_words + fsbb_warp_in_block() * (FSBB_WARP_SIZE * stride + FSBB_WARP_SIZE);
    const fsbb_div_warp_state state = {mine, stride, t.m};
    fsbb_cte_storage *cte = (fsbb_cte_storage *)(mine + FSBB_WARP_SIZE * stride);
    const fsbb_bound_data d = fsbb_div_table_view(t);
    unsigned base = (unsigned)fsbb_warp_in_grid() * FSBB_WARP_SIZE;
    for (;;) {
        if constexpr (PERSISTENT) {
            if (!fsbb_warp_fetch(next, (unsigned)pool.count, FSBB_WARP_SIZE, &base))
                break;
        } else if (base >= (unsigned)pool.count) {
            break;
        }
        const unsigned node = base + lane;
        bool needs = false;
        int lb1 = 0;
        if (node < (unsigned)pool.count)
            lb1 = fsbb_div_start_node<MAXN, MAXM>(&d, t, pool, (int)node, ub, state.heads(lane), state.tails(lane),
                                         state.bits(lane), &needs);
        __syncwarp();
        const int lb2 = Pairs::lb2(t, &d, state, cte, needs, ub);
        if (node < (unsigned)pool.count)
            pool.lb[node] = needs ? FSBB_MAX(lb1, lb2) : lb1;
        __syncwarp();
        if constexpr (!PERSISTENT)
            break;
    }
}

/* Bytes of the warp kernels' dynamic shared memory per block, and the per-node stride. */
static inline size_t fsbb_div_warp_shared_bytes(const fsbb_div_tables &t, int block_size, int *stride)
{
    *stride = (2 * t.m + t.words) | 1; /* odd: nodes fall on different banks */
    return sizeof(int) * (size_t)(block_size / FSBB_WARP_SIZE) * (FSBB_WARP_SIZE * *stride + FSBB_WARP_SIZE);
}

template <int MAXN, int MAXM, class Pairs, bool PERSISTENT>
static cudaError_t fsbb_div_launch_warp_kernel(const fsbb_div_run &a, int *blocks)
{
    int stride;
    const size_t shared = fsbb_div_warp_shared_bytes(a.tables, a.block_size, &stride);
    auto kernel = warp_kernel<MAXN, MAXM, Pairs, PERSISTENT>;
    *blocks = fsbb_div_static_blocks(a);
    cudaError_t e = fsbb_div_allow_shared(kernel, shared);
    if (e == cudaSuccess && PERSISTENT)
        e = fsbb_div_persistent_blocks(kernel, a.block_size, shared, blocks);
    if (e == cudaSuccess)
        kernel<<<*blocks, a.block_size, shared, a.stream>>>(a.pool, a.tables, a.ub, a.counters, stride);
    return e == cudaSuccess ? cudaGetLastError() : e;
}

#endif
