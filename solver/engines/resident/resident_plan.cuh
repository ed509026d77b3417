/* resident_plan.cuh — the small kernels of the device-resident engine: the plan of the next
 * iteration (how many parents, from the pool and from the staged children, and how many a
 * block takes at once), made by the last block of an iteration or, after the host changed
 * the pool, by a kernel of its own; and the smallest bound among the open nodes. */
#ifndef FSBB_RESIDENT_PLAN_CUH
#define FSBB_RESIDENT_PLAN_CUH

#include "resident_layout.cuh"
#include "warp_lanes.cuh"
#include "warp_reduce.cuh"

#include <limits.h>

/* The next iteration, from the stack (pool, then the staged children on top): at most
 * batch_limit parents from the top (one until an incumbent exists), none past the node
 * limit, and none at all while the staged children that are not parents (excess) would not
 * fit on the pool (the host then spills). Chunks hold about the running kernel's
 * chunk_candidates (parent, job) pairs, judged by the top node, and at most the parents_cap
 * parents a block's shared memory holds. */
__device__ void fsbb_resident_plan_next(const fsbb_resident_params &prm)
{
    fsbb_resident_control *ctl = prm.control;
    const fsbb_resident_layout &l = prm.layout;
    const int top = *(volatile int *)&ctl->top, staged = *(volatile int *)&ctl->staged;
    const int parity = *(volatile int *)&ctl->parity;
    long long batch = (long long)top + staged;
    batch = batch < prm.batch_limit ? batch : prm.batch_limit;
    /* Without any incumbent nothing is pruned: dive one parent at a time to a first leaf
     * instead of keeping batch * n open children on every level. */
    if (*(volatile int *)&ctl->incumbent == INT_MAX && batch > 1)
        batch = 1;
    if (prm.node_limit) {
        const unsigned long long done = *(volatile unsigned long long *)&ctl->nodes;
        const long long left = done >= prm.node_limit ? 0 : (long long)(prm.node_limit - done);
        batch = batch < left ? batch : left;
    }
    int excess = staged > batch ? staged - (int)batch : 0;
    if (batch <= 0 || (long long)top + excess > prm.capacity)
        batch = excess = 0;
    const int most = prm.shared.parents_cap;
    int per_chunk = most;
    const int *top_node = staged > 0 ? prm.staging[parity] + (size_t)(staged - 1) * l.stride
                          : top > 0  ? prm.pool + (size_t)(top - 1) * l.stride
                                     : NULL;
    if (top_node) {
        const int packed = __ldcg(top_node + 1);
        const int jobs = l.n - (packed & 0xffff) - (int)((unsigned)packed >> 16);
        if (jobs > 1)
            per_chunk = prm.shared.chunk_candidates / jobs < 1 ? 1
                        : prm.shared.chunk_candidates / jobs < most ? prm.shared.chunk_candidates / jobs : most;
    }
    ctl->batch = (int)batch;
    ctl->excess = excess;
    ctl->from_pool = batch > staged ? (int)batch - staged : 0;
    ctl->parents_per_chunk = per_chunk;
}

/* Plans the next iteration after the host changed the pool (spill, refill, push). */
__global__ void fsbb_resident_plan(fsbb_resident_params prm)
{
    fsbb_resident_plan_next(prm);
}

/* The smallest bound among the open nodes (pool and staged children; not shadows, whose
 * subtrees LB2 proved no better than the incumbent), into control->open_min. */
__global__ void fsbb_resident_open_min(fsbb_resident_params prm)
{
    fsbb_resident_control *ctl = prm.control;
    const int top = ctl->top, staged = ctl->staged;
    const int *staging = prm.staging[ctl->parity];
    int low = INT_MAX;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < top + staged; i += gridDim.x * blockDim.x) {
        const int *node = i < top ? prm.pool + (size_t)i * prm.layout.stride
                                  : staging + (size_t)(i - top) * prm.layout.stride;
        if (node[2] == 0)
            low = node[0] < low ? node[0] : low;
    }
    low = fsbb_warp_min(low);
    if ((threadIdx.x & 31) == 0)
        atomicMin(&ctl->open_min, low);
}

#endif
