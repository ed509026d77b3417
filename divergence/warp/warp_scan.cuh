/* warp_scan.cuh — sums across the lanes of a warp and across the warps of a block: the
 * inclusive prefix sum of a warp (log2 32 shuffle steps), the exclusive prefix sum of a
 * block (each warp's sum through shared memory, then a warp scan of those), and a warp's
 * total. Every call is made by whole, converged warps (the block scan: by the whole block,
 * which it synchronizes twice). TempStorage of the block scan: one fsbb_block_scan_storage
 * per block. */
#ifndef FSBB_WARP_SCAN_CUH
#define FSBB_WARP_SCAN_CUH

#include "warp_lanes.cuh"

/* The sum of value over the lanes up to and including this one. */
template <class T>
__device__ __forceinline__ T fsbb_warp_inclusive_sum(T value)
{
    const int lane = fsbb_lane();
#pragma unroll
    for (int d = 1; d < FSBB_WARP_SIZE; d <<= 1) {
        const T other = __shfl_up_sync(FSBB_FULL_WARP, value, d);
        if (lane >= d)
            value += other;
    }
    return value;
}

/* The sum of value over the warp, in lane 0 (the other lanes hold partial sums). */
template <class T>
__device__ __forceinline__ T fsbb_warp_sum_to_first(T value)
{
#pragma unroll
    for (int d = FSBB_WARP_SIZE / 2; d > 0; d >>= 1)
        value += __shfl_down_sync(FSBB_FULL_WARP, value, d);
    return value;
}

typedef struct fsbb_block_scan_storage {
    int warp_sums[FSBB_WARP_SIZE + 1];
} fsbb_block_scan_storage;

/* The sum of value over the threads of the block before this one; *total gets the whole
 * block's sum. Blocks of a multiple of 32 threads, at most 1024. */
__device__ __forceinline__ int fsbb_block_exclusive_sum(int value, fsbb_block_scan_storage *storage, int *total)
{
    const int lane = fsbb_lane(), warp = fsbb_warp_in_block(), warps = (int)(blockDim.x / FSBB_WARP_SIZE);
    const int inclusive = fsbb_warp_inclusive_sum(value);
    if (lane == FSBB_WARP_SIZE - 1)
        storage->warp_sums[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        const int sum = fsbb_warp_inclusive_sum(lane < warps ? storage->warp_sums[lane] : 0);
        storage->warp_sums[lane] = sum;
    }
    __syncthreads();
    *total = storage->warp_sums[warps - 1];
    return (warp > 0 ? storage->warp_sums[warp - 1] : 0) + inclusive - value;
}

#endif
