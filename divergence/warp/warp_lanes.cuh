/* warp_lanes.cuh — the lane arithmetic the warp-level pieces of divergence/ share: the
 * full-warp mask, a thread's lane and warp, and the lane masks of PTX (%lanemask_lt/le). */
#ifndef FSBB_WARP_LANES_CUH
#define FSBB_WARP_LANES_CUH

#define FSBB_WARP_SIZE 32
#define FSBB_FULL_WARP 0xffffffffu

__device__ __forceinline__ int fsbb_lane(void)
{
    return (int)(threadIdx.x & (FSBB_WARP_SIZE - 1));
}

/* The warp's index inside its block. */
__device__ __forceinline__ int fsbb_warp_in_block(void)
{
    return (int)(threadIdx.x / FSBB_WARP_SIZE);
}

/* The warp's index in the grid (blocks of a multiple of 32 threads). */
__device__ __forceinline__ long long fsbb_warp_in_grid(void)
{
    return ((long long)blockIdx.x * blockDim.x + threadIdx.x) / FSBB_WARP_SIZE;
}

/* Lanes below this one. */
__device__ __forceinline__ unsigned fsbb_lanemask_lt(void)
{
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

/* Lanes up to and including this one. */
__device__ __forceinline__ unsigned fsbb_lanemask_le(void)
{
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(mask));
    return mask;
}

#endif
