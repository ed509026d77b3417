/* div_launch.h — how the divergence bounder (div_bounder.cu, tile_planner.cu) launches the
 * kernel families (*_kernel.cu, one family a file): the arguments every kernel takes (the
 * instance tables, the pool, and for the tiled family a per-node state) and one launch
 * function per family, which picks the size class (div_node.cuh) and the grid. Launches
 * are asynchronous on the launch's stream; a function returns the launch's CUDA error.
 * C++ (CUDA) only. */
#ifndef FSBB_DIV_LAUNCH_H
#define FSBB_DIV_LAUNCH_H

#include "cache_fit.h"
#include "div_bounder.h"
#include "task_pool.cuh"
#include "task_trace.cuh"

#include <cuda_runtime.h>

struct fsbb_div_tables {
    const int *block;           /* [p | min_head | min_tail | min_p | pair_first | pair_second | order | lag] */
    const int4 *pack;           /* n x pairs, r-major: {job, p_k[job], lag[job], p_l[job]} */
    int n, m, pairs, words;     /* words: of the unscheduled bit mask */
};

struct fsbb_div_pool {
    const fsbb_job *perm;       /* n x capacity */
    const int16_t *front_len, *back_len;
    int *lb;
    int capacity, count;
};

/* The per-node state of the tiled kernels, structure of arrays over the pool's nodes. */
struct fsbb_div_tile_state {
    int *heads, *tails;         /* m x capacity */
    unsigned *bits;             /* words x capacity */
    unsigned char *needs;       /* capacity: 1 when the node needs LB2 */
    unsigned long long *crossing; /* capacity: (pair << 32 | bound) of the first pair reaching ub */
    int *fullmax;               /* capacity: the largest pair bound below ub seen */
};

/* One run's launch arguments: what every family reads. */
struct fsbb_div_run {
    fsbb_div_pool pool;
    fsbb_div_tables tables;
    int ub;
    int block_size;
    int small;                  /* 1: the small size class (n <= FSBB_DIV_SMALL_JOBS) */
    unsigned *counters;         /* device task indices, zeroed before each run */
    cudaStream_t stream;
};

/* PLAIN (LB1 or LB2), one node per thread or, persistent, warps fetching 32 nodes. */
cudaError_t fsbb_div_launch_plain(const fsbb_div_run &a, fsbb_lb_kind lb, bool persistent, int *blocks);
/* PLAIN with CUIRRE's clock traces, blocks of a.block_size. */
cudaError_t fsbb_div_launch_diagnose(const fsbb_div_run &a, fsbb_lb_kind lb, const fsbb_trace_buffers &trace);
cudaError_t fsbb_div_launch_packed(const fsbb_div_run &a, bool persistent, int *blocks);
/* SUBWARP with sub-warps of `lanes` (2, 4, 8, 16, 32). */
cudaError_t fsbb_div_launch_subwarp(const fsbb_div_run &a, int lanes, int *blocks);
cudaError_t fsbb_div_launch_cte(const fsbb_div_run &a, bool persistent, int *blocks);
/* CCC, `chunk` pairs per step, on the resident blocks. */
cudaError_t fsbb_div_launch_ccc(const fsbb_div_run &a, int chunk, int *blocks);
/* FLAT over a task pool (CENTRAL, DISTRIBUTED or STEAL) at loading ratio `ratio` (<= 0: the
 * adaptive ratio), `chunk` pairs per step; *ratio_used gets the ratio it ran. */
cudaError_t fsbb_div_launch_flat(const fsbb_div_run &a, fsbb_div_balance balance, int chunk, double ratio,
                                 double *ratio_used, int *blocks);
/* TILED: the nodes' LB1 and LB2 state, a rectangle of the (node, pair) work, a queue of
 * rectangles taken in order by persistent warps, and each node's LB2 from its rectangles. */
cudaError_t fsbb_div_launch_tile_prepare(const fsbb_div_run &a, const fsbb_div_tile_state &s);
cudaError_t fsbb_div_launch_tile(const fsbb_div_run &a, const fsbb_div_tile_state &s, const fsbb_fit_node *part);
cudaError_t fsbb_div_launch_tile_queue(const fsbb_div_run &a, const fsbb_div_tile_state &s, const int4 *entries,
                                       int count, unsigned *counter);
cudaError_t fsbb_div_launch_tile_finish(const fsbb_div_run &a, const fsbb_div_tile_state &s);

/* A kernel with more than 48 KiB of dynamic shared memory needs it raised. */
template <class Kernel>
static inline cudaError_t fsbb_div_allow_shared(Kernel kernel, size_t bytes)
{
    if (bytes <= 48 * 1024)
        return cudaSuccess;
    return cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
}

/* Blocks of a persistent grid: the resident blocks of the whole GPU. */
template <class Kernel>
static inline cudaError_t fsbb_div_persistent_blocks(Kernel kernel, int block_size, size_t shared, int *blocks)
{
    int sms = 0, per_sm = 0;
    const cudaError_t e = fsbb_block_threshold(kernel, block_size, shared, &sms, &per_sm);
    *blocks = sms * (per_sm > 0 ? per_sm : 1);
    return e;
}

/* Blocks of a grid of one node per thread. */
static inline int fsbb_div_static_blocks(const fsbb_div_run &a)
{
    return (a.pool.count + a.block_size - 1) / a.block_size;
}

#endif
