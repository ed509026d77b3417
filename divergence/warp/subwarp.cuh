/* subwarp.cuh — sub-warp decomposition of a nested pattern (virtual warps, CUSP's vector
 * kernels): the comparison scheme of CTE. The warp is cut into fixed sub-warps of S lanes
 * (S = 2..32); each sub-warp takes one coarse task at a time, its lanes stride over the
 * task's fine tasks, and a butterfly reduction inside the sub-warp combines them. The 32
 * coarse tasks a warp holds (one per lane) take S passes of 32 / S tasks each; a pass lasts
 * as long as its largest task, which is what CTE avoids. Called by a whole, converged warp;
 * needs no shared memory (coarse task sizes travel by shuffle). */
#ifndef FSBB_SUBWARP_CUH
#define FSBB_SUBWARP_CUH

#include "warp_lanes.cuh"

/* Same contract as fsbb_cte_run: returns reduce(init, map(lane, 0), ..., map(lane, size - 1)). */
template <int S, class T, class Map, class Reduce>
__device__ __forceinline__ T fsbb_subwarp_run(int size, T init, Map map, Reduce reduce)
{
    static_assert(S >= 1 && S <= FSBB_WARP_SIZE && (S & (S - 1)) == 0, "sub-warps of a power of two lanes");
    const int lane = fsbb_lane();
    const int groups = FSBB_WARP_SIZE / S, group = lane / S, sub = lane % S;
    T result = init;
    for (int pass = 0; pass < S; pass++) {
        const int coarse = pass * groups + group;
        const int coarse_size = __shfl_sync(FSBB_FULL_WARP, size, coarse);
        T value = init;
        int has = 0;
        for (int i = sub; i < coarse_size; i += S) {
            const T mapped = map(coarse, i);
            value = has ? reduce(value, mapped) : mapped;
            has = 1;
        }
#pragma unroll
        for (int d = 1; d < S; d <<= 1) {
            const T other = __shfl_xor_sync(FSBB_FULL_WARP, value, d);
            const int other_has = __shfl_xor_sync(FSBB_FULL_WARP, has, d);
            if (other_has)
                value = has ? reduce(value, other) : other;
            has = has | other_has;
        }
        const bool owned_now = lane / groups == pass;
        const int source = owned_now ? (lane - pass * groups) * S : lane;
        const T got = __shfl_sync(FSBB_FULL_WARP, value, source);
        const int got_has = __shfl_sync(FSBB_FULL_WARP, has, source);
        if (owned_now && got_has)
            result = reduce(result, got);
    }
    return result;
}

#endif
