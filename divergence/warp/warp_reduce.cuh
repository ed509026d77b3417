/* warp_reduce.cuh — the smallest and the largest int over a whole warp: the redux.sync
 * instructions (__reduce_min_sync, __reduce_max_sync) on GPUs that have them (compute
 * capability 8.0 and later), five butterfly shuffles on the earlier ones (Turing), so that
 * the kernels build for every architecture of cuda_arch.mk's default set. Every lane of
 * the warp takes part and receives the result. */
#ifndef FSBB_WARP_REDUCE_CUH
#define FSBB_WARP_REDUCE_CUH

#include "warp_lanes.cuh"

__device__ __forceinline__ int fsbb_warp_min(int value)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_min_sync(FSBB_FULL_WARP, value);
#else
    for (int offset = FSBB_WARP_SIZE / 2; offset > 0; offset /= 2) {
        const int other = __shfl_xor_sync(FSBB_FULL_WARP, value, offset);
        value = other < value ? other : value;
    }
    return value;
#endif
}

__device__ __forceinline__ int fsbb_warp_max(int value)
{
#if __CUDA_ARCH__ >= 800
    return __reduce_max_sync(FSBB_FULL_WARP, value);
#else
    for (int offset = FSBB_WARP_SIZE / 2; offset > 0; offset /= 2) {
        const int other = __shfl_xor_sync(FSBB_FULL_WARP, value, offset);
        value = other > value ? other : value;
    }
    return value;
#endif
}

#endif
