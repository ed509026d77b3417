/* lane_group.cuh — a lane group: G lanes of one warp (G = 8, 16 or 32, aligned at a multiple
 * of G) that work on one task together, with the reductions and scans across its lanes. The
 * GPU engines' LB2 kernels (lb2_lanes.cuh) give a group one node and its lanes the machine
 * pairs; the resident engine's branching kernel also scans a child's row with it. */
#ifndef FSBB_LANE_GROUP_CUH
#define FSBB_LANE_GROUP_CUH

#include "warp_lanes.cuh"

struct fsbb_lane_group {
    int size;          /* G: 8, 16 or 32 */
    int lane;          /* lane inside the group */
    int index;         /* group inside the block */
    unsigned mask;     /* the group's lanes */
};

__device__ __forceinline__ fsbb_lane_group fsbb_lane_group_of(int size)
{
    fsbb_lane_group g;
    const int lane = fsbb_lane();
    g.size = size;
    g.lane = lane & (size - 1);
    g.index = fsbb_warp_in_block() * (FSBB_WARP_SIZE / size) + lane / size;
    g.mask = size == FSBB_WARP_SIZE ? FSBB_FULL_WARP : ((1u << size) - 1u) << (lane & ~(size - 1));
    return g;
}

__device__ __forceinline__ int fsbb_lane_group_max(const fsbb_lane_group &g, int value)
{
    for (int offset = g.size / 2; offset > 0; offset >>= 1)
        value = max(value, __shfl_xor_sync(g.mask, value, offset));
    return value;
}

__device__ __forceinline__ int fsbb_lane_group_sum(const fsbb_lane_group &g, int value)
{
    for (int offset = g.size / 2; offset > 0; offset >>= 1)
        value += __shfl_xor_sync(g.mask, value, offset);
    return value;
}

/* Inclusive scan over the group's lanes (op: 0 sum, 1 max). */
__device__ __forceinline__ int fsbb_lane_group_scan(const fsbb_lane_group &g, int value, int op)
{
    for (int d = 1; d < g.size; d <<= 1) {
        const int other = __shfl_up_sync(g.mask, value, d, g.size);
        if (g.lane >= d)
            value = op ? max(value, other) : value + other;
    }
    return value;
}

#endif
