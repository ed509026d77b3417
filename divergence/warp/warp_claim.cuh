/* warp_claim.cuh — warp-aggregated allocation: the lanes of a warp that want a slot of a
 * shared counter (the next free place in an output array, say) take consecutive slots with
 * one atomic add for the whole warp instead of one per lane. Called by a whole, converged
 * warp; needs no shared memory. */
#ifndef FSBB_WARP_CLAIM_CUH
#define FSBB_WARP_CLAIM_CUH

#include "warp_lanes.cuh"

/* wanting: the lanes that want a slot (a ballot, not 0). They get consecutive slots of
 * *counter in lane order; the others get a value that means nothing. The lowest of them
 * adds their count to *counter. */
__device__ __forceinline__ int fsbb_warp_claim(int *counter, unsigned wanting)
{
    const int leader = __ffs(wanting) - 1;
    int first = 0;
    if (fsbb_lane() == leader)
        first = atomicAdd(counter, __popc(wanting));
    return __shfl_sync(FSBB_FULL_WARP, first, leader) + __popc(wanting & fsbb_lanemask_lt());
}

#endif
