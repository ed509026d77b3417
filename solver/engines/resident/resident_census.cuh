/* resident_census.cuh — the census kernel of the resident engine (census.h): every open node
 * of the device (the pool, then the staged children) counted by depth, and their least bound.
 * A node's first word is its bound, its second the front length and the back length
 * (16 bits each), its third not 0 in a shadow's subtree (not counted: LB2 proved it no
 * better than the incumbent). The lanes of a warp that see the same depth add once (their leader). */
#ifndef FSBB_RESIDENT_CENSUS_CUH
#define FSBB_RESIDENT_CENSUS_CUH

#include "resident_layout.cuh"
#include "warp_reduce.cuh"

#include <limits.h>

/* by_depth: n + 1 counters, zeroed; min_lb: INT_MAX before the launch. */
__global__ void fsbb_resident_census(fsbb_resident_params prm, unsigned long long *by_depth, int *min_lb)
{
    const fsbb_resident_control *ctl = prm.control;
    const int top = ctl->top, open = ctl->top + ctl->staged;
    const int *staging = prm.staging[ctl->parity];
    const int stride = prm.layout.stride;
    int low = INT_MAX;
    const int step = gridDim.x * blockDim.x;
    /* Every lane of a warp runs the same number of rounds, so that the whole warp matches. */
    const int rounds_from = blockIdx.x * blockDim.x + (threadIdx.x & ~31);
    for (int base = rounds_from; base < open; base += step) {
        const int i = base + (threadIdx.x & 31);
        int depth = -1;
        const int *node = i < open ? (i < top ? prm.pool + (size_t)i * stride : staging + (size_t)(i - top) * stride)
                                   : NULL;
        if (node && node[2] == 0) {
            const int packed = node[1];
            depth = (packed & 0xffff) + (int)((unsigned)packed >> 16);
            low = node[0] < low ? node[0] : low;
        }
        const unsigned same = __match_any_sync(0xffffffffu, depth);
        if (depth >= 0 && (threadIdx.x & 31) == __ffs(same) - 1)
            atomicAdd(&by_depth[depth], (unsigned long long)__popc(same));
    }
    low = fsbb_warp_min(low);
    if ((threadIdx.x & 31) == 0 && low < INT_MAX)
        atomicMin(min_lb, low);
}

#endif
