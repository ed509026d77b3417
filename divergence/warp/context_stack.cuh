/* context_stack.cuh — Collaborative Context Collection (Khorasani et al.): a warp-level
 * stack of task contexts in shared memory that makes a divergent path all-or-none.
 *
 * In a loop whose iterations may or may not take a divergent path, each iteration every
 * lane says whether it has a task for the path. If the idle lanes can all be fed from the
 * stack, they pop a context each (ballot + popc give each its slot) and the whole warp
 * runs the path; otherwise the lanes with a task push their contexts and the warp skips the
 * path. After the loop, fsbb_ccc_leftover hands the stacked contexts to the first lanes for
 * one last, partial-warp pass. The stack never holds more than 31 contexts (a push happens
 * only while fewer than 32 tasks are at hand).
 *
 * A context is W ints: what the path needs that depends on the lane's iteration (compress it
 * to what cannot be recomputed cheaply from the rest: an index, say). A loop whose trip
 * count varies per lane is first made uniform (every lane runs the warp's longest count and
 * guards its body), so that lanes stay in the loop to collect.
 *
 * Every call must be made by the whole warp, converged; `top` is the stack size, the same
 * in every lane, starting at 0. TempStorage: one fsbb_ccc_storage<W> per warp. */
#ifndef FSBB_CONTEXT_STACK_CUH
#define FSBB_CONTEXT_STACK_CUH

#include "warp_lanes.cuh"

template <int W>
struct fsbb_ccc_storage {
    int word[W][FSBB_WARP_SIZE];
};

/* True when the warp runs the divergent path now; every lane then holds a context in ctx
 * (its own, or one it popped when has_task was false). False: the lanes that had a task
 * pushed it, and no lane has one. */
template <int W>
__device__ __forceinline__ bool fsbb_ccc_collect(fsbb_ccc_storage<W> *stack, int *top, bool has_task, int *ctx)
{
    __syncwarp();
    const unsigned idle = __ballot_sync(FSBB_FULL_WARP, !has_task);
    const int idle_count = __popc(idle);
    if (*top >= idle_count) {
        if (!has_task) {
            const int slot = *top - __popc(idle & fsbb_lanemask_le());
#pragma unroll
            for (int w = 0; w < W; w++)
                ctx[w] = stack->word[w][slot];
        }
        *top -= idle_count;
        return true;
    }
    if (has_task) {
        const int slot = *top + __popc(~idle & fsbb_lanemask_le()) - 1;
#pragma unroll
        for (int w = 0; w < W; w++)
            stack->word[w][slot] = ctx[w];
    }
    *top += FSBB_WARP_SIZE - idle_count;
    return false;
}

/* After the loop: lanes below top take the stacked contexts (true); the others have none. */
template <int W>
__device__ __forceinline__ bool fsbb_ccc_leftover(fsbb_ccc_storage<W> *stack, int top, int *ctx)
{
    __syncwarp();
    const int lane = fsbb_lane();
    if (lane >= top)
        return false;
#pragma unroll
    for (int w = 0; w < W; w++)
        ctx[w] = stack->word[w][lane];
    return true;
}


#endif
