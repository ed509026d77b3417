/* task_pool.cuh — CUIRRE's task pools (Chen et al.) and the two schemes the paper compares
 * them with, as device pieces for kernels whose threads each run many tasks:
 *
 *   centralized   one global task index; thread t of the grid runs task t first, then
 *                 fetches with an atomic add on the index (which starts at the grid's
 *                 thread count);
 *   distributed   block b owns tasks [b P, (b + 1) P) (P = tasks per block, from the
 *                 loading ratio) and keeps its index in shared memory;
 *   stealing      each thread owns a static range of tasks (a queue in shared memory) and,
 *                 once its own is empty, steals from the other threads of its block;
 *   persistent    a grid of resident warps; lane 0 fetches 32 tasks for its warp at a time
 *                 (warp-level balancing, as in Aila and Laine's persistent threads).
 *
 * The pools hand out task indices only (the paper's lightweight mode): the kernel keeps its
 * task data and reads a task's record itself. The thread-level fetches are called by single
 * threads (divergently, as the paper does); the warp fetch by a whole, converged warp. Each
 * block-level scheme declares the shared memory it needs as a TempStorage-like struct the
 * kernel allocates.
 *
 * Host side: fsbb_block_threshold reads the SM count and resident blocks per SM of a
 * kernel, the inputs of the adaptive loading ratio (loading_ratio.h). */
#ifndef FSBB_TASK_POOL_CUH
#define FSBB_TASK_POOL_CUH

#include "warp_lanes.cuh"

#include <cuda_runtime.h>

/* ---- Centralized ----------------------------------------------------------------------- */

/* The initial task of the calling thread; false past the end. */
__device__ __forceinline__ bool fsbb_central_first(unsigned count, unsigned *task)
{
    *task = blockIdx.x * blockDim.x + threadIdx.x;
    return *task < count;
}

/* next: the global index, set to gridDim.x * blockDim.x before the launch. */
__device__ __forceinline__ bool fsbb_central_fetch(unsigned *next, unsigned count, unsigned *task)
{
    *task = atomicAdd(next, 1u);
    return *task < count;
}

/* ---- Distributed ----------------------------------------------------------------------- */

/* TempStorage of a distributed pool: one per block. */
typedef struct fsbb_distributed_storage {
    unsigned next; /* offset of the next task in the block's range */
} fsbb_distributed_storage;

/* Called by every thread of the block (it synchronizes the block). */
__device__ __forceinline__ void fsbb_distributed_init(fsbb_distributed_storage *storage)
{
    if (threadIdx.x == 0)
        storage->next = blockDim.x;
    __syncthreads();
}

__device__ __forceinline__ bool fsbb_distributed_first(unsigned count, unsigned per_block, unsigned *task)
{
    *task = blockIdx.x * per_block + threadIdx.x;
    return threadIdx.x < per_block && *task < count;
}

__device__ __forceinline__ bool fsbb_distributed_fetch(fsbb_distributed_storage *storage, unsigned count,
                                                       unsigned per_block, unsigned *task)
{
    const unsigned offset = atomicAdd(&storage->next, 1u);
    *task = blockIdx.x * per_block + offset;
    return offset < per_block && *task < count;
}

/* ---- Task stealing --------------------------------------------------------------------- */

#define FSBB_STEAL_MAX_THREADS 1024

/* TempStorage of task stealing: the queue heads of the block's threads (one per block). */
typedef struct fsbb_steal_storage {
    unsigned head[FSBB_STEAL_MAX_THREADS];
} fsbb_steal_storage;

/* A thread's stealing state: the next victim to try, as an offset from itself. */
typedef struct fsbb_steal_state {
    unsigned victim;
} fsbb_steal_state;

/* Called by every thread of the block (it synchronizes the block). Thread t owns tasks
 * [b P + t p, b P + (t + 1) p) of the block's range (p = per_thread). */
__device__ __forceinline__ void fsbb_steal_init(fsbb_steal_storage *storage, fsbb_steal_state *state)
{
    storage->head[threadIdx.x] = 0;
    state->victim = 0;
    __syncthreads();
}

/* The next task of thread `owner`'s queue, if any. */
__device__ __forceinline__ bool fsbb_steal_take(fsbb_steal_storage *storage, unsigned owner, unsigned count,
                                                unsigned per_block, unsigned per_thread, unsigned *task)
{
    const unsigned offset = atomicAdd(&storage->head[owner], 1u);
    const unsigned in_block = owner * per_thread + offset;
    *task = blockIdx.x * per_block + in_block;
    return offset < per_thread && in_block < per_block && *task < count;
}

/* Own queue first, then the other threads' queues in turn; false when the block has none left. */
__device__ __forceinline__ bool fsbb_steal_fetch(fsbb_steal_storage *storage, fsbb_steal_state *state, unsigned count,
                                                 unsigned per_block, unsigned per_thread, unsigned *task)
{
    for (; state->victim < blockDim.x; state->victim++) {
        const unsigned owner = (threadIdx.x + state->victim) % blockDim.x;
        if (fsbb_steal_take(storage, owner, count, per_block, per_thread, task))
            return true;
    }
    return false;
}

/* ---- Persistent threads: warp-level fetch ---------------------------------------------- */

/* Called by a whole, converged warp: lane 0 takes `width` tasks from next for the warp;
 * every lane gets the first of them in *base. False when none is left. */
__device__ __forceinline__ bool fsbb_warp_fetch(unsigned *next, unsigned count, unsigned width, unsigned *base)
{
    unsigned first = 0;
    if (fsbb_lane() == 0)
        first = atomicAdd(next, width);
    first = __shfl_sync(FSBB_FULL_WARP, first, 0);
    *base = first;
    return first < count;
}

/* ---- Host: the block threshold --------------------------------------------------------- */

/* SMs of the current device and blocks of block_size threads of kernel resident per SM. */
template <class Kernel>
static inline cudaError_t fsbb_block_threshold(Kernel kernel, int block_size, size_t dynamic_shared, int *sm_count,
                                               int *blocks_per_sm)
{
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(sm_count, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, kernel, block_size, dynamic_shared);
    return e;
}

#endif
