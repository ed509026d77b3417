/* task_trace.cuh — CUIRRE's diagnostics module: per-task clock traces from inside a kernel.
 * A kernel reads the SM clock when a thread enters (entry), when its task's body begins
 * (CUIRRE_DIAG_BEGIN: the warp is still converged) and when the body ends (CUIRRE_DIAG_END:
 * lanes get there at different times); fsbb_trace_task stores the task's begin and end, and
 * fsbb_trace_warp, called by the whole warp once its results are stored, stores the warp's
 * head (entry to body) and tail (latest body end to exit). Clocks are per SM, and a warp
 * stays on one SM, so differences inside a warp are exact. The host turns the buffers into
 * a trace of characterize.h (task i ran on lane i % 32 of warp i / 32 in a one-task-per-
 * thread kernel). No shared memory. */
#ifndef FSBB_TASK_TRACE_CUH
#define FSBB_TASK_TRACE_CUH

#include "warp_lanes.cuh"

typedef struct fsbb_trace_buffers {
    long long *begin, *end; /* per task */
    long long *head, *tail; /* per warp of the grid */
} fsbb_trace_buffers;

__device__ __forceinline__ long long fsbb_trace_clock(void)
{
    return clock64();
}

__device__ __forceinline__ void fsbb_trace_task(const fsbb_trace_buffers *b, unsigned task, long long begin,
                                                long long end)
{
    b->begin[task] = begin;
    b->end[task] = end;
}

/* Whole warp, converged. ran: whether this lane ran a task (body_end is then its end). */
__device__ __forceinline__ void fsbb_trace_warp(const fsbb_trace_buffers *b, long long entry, long long body_begin,
                                                bool ran, long long body_end)
{
    long long latest = ran ? body_end : body_begin;
#pragma unroll
    for (int d = FSBB_WARP_SIZE / 2; d > 0; d >>= 1) {
        const long long other = __shfl_xor_sync(FSBB_FULL_WARP, latest, d);
        latest = other > latest ? other : latest;
    }
    __syncwarp();
    const long long exit = clock64();
    if (fsbb_lane() == 0) {
        const long long warp = fsbb_warp_in_grid();
        b->head[warp] = body_begin - entry;
        b->tail[warp] = exit > latest ? exit - latest : 0;
    }
}

#endif
