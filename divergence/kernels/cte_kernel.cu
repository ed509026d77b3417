/* cte_kernel.cu — CTE (div_bounder.h): warp-collaborative LB2 with Collaborative Task
 * Engagement (cte.cuh): a warp's nodes that still need pairs expand them into one list of
 * (node, pair) tasks, 32 a round; a segmented reduction per node finds the first pair
 * reaching ub or the running maximum, and nodes that reached ub drop out of the next
 * round's expansion. */
#include "cte.cuh"
#include "warp_kernel.cuh"

struct max_of {
    __device__ __forceinline__ int operator()(int a, int b) const
    {
        return a > b ? a : b;
    }
};

/* CTE over (node, pair) tasks with early exit. Each round, the nodes still needing pairs
 * (lanes with `active`) get a quota of 32 / (active nodes) pairs each, so one round's
 * expansion fills the warp; the segment of a node finds its first pair reaching ub (ballot)
 * or its maximum (segmented reduction). Returns the LB2 of the calling lane's node. */
__device__ int cte_lb2(const fsbb_div_tables &t, const fsbb_bound_data *d, const fsbb_div_warp_state &state,
                       fsbb_cte_storage *cte, bool needs, int ub)
{
    const int lane = fsbb_lane();
    int next_pair = 0, run = 0, result = 0;
    bool active = needs;
    for (;;) {
        const unsigned active_lanes = __ballot_sync(FSBB_FULL_WARP, active);
        if (!active_lanes)
            break;
        const int quota = FSBB_WARP_SIZE / __popc(active_lanes);
        const int size = active ? min(t.pairs - next_pair, quota) : 0;
        const int total = fsbb_cte_expand(cte, size);
        int coarse = FSBB_WARP_SIZE + lane, index = 0;
        if (lane < total)
            coarse = fsbb_cte_locate(cte, lane, &index);
        const int coarse_next = __shfl_sync(FSBB_FULL_WARP, next_pair, coarse & (FSBB_WARP_SIZE - 1));
        int value = 0;
        if (lane < total)
            value = fsbb_div_packed_pair(t, d->pair_first, d->pair_second, coarse_next + index, state.bits(coarse),
                                state.heads(coarse), state.tails(coarse));
        const unsigned hits = __ballot_sync(FSBB_FULL_WARP, lane < total && value >= ub);
        const int segment_max = fsbb_cte_segmented_reduce(value, coarse, max_of());
        /* The owner's segment is lanes [first, first + size). */
        const int first = cte->inclusive[lane] - size;
        const unsigned segment = size ? (0xffffffffu >> (FSBB_WARP_SIZE - size)) << first : 0u;
        const unsigned my_hits = hits & segment;
        const int hit_lane = my_hits ? __ffs(my_hits) - 1 : lane;
        const int last_lane = size ? first + size - 1 : lane;
        const int hit_value = __shfl_sync(FSBB_FULL_WARP, value, hit_lane);
        const int max_value = __shfl_sync(FSBB_FULL_WARP, segment_max, last_lane);
        if (active) {
            if (my_hits) {
                result = hit_value;
                active = false;
            } else {
                run = FSBB_MAX(run, max_value);
                next_pair += size;
                if (next_pair == t.pairs) {
                    result = run;
                    active = false;
                }
            }
        }
    }
    return result;
}

struct cte_pairs {
    static __device__ __forceinline__ int lb2(const fsbb_div_tables &t, const fsbb_bound_data *d,
                                              const fsbb_div_warp_state &state, fsbb_cte_storage *cte, bool needs,
                                              int ub)
    {
        return cte_lb2(t, d, state, cte, needs, ub);
    }
};

cudaError_t fsbb_div_launch_cte(const fsbb_div_run &a, bool persistent, int *blocks)
{
    enum { SMALL = FSBB_DIV_SMALL_JOBS, LARGE = FSBB_DIV_MAX_JOBS, MACHINES = FSBB_DIV_MAX_MACHINES };
    if (a.small)
        return persistent ? fsbb_div_launch_warp_kernel<SMALL, MACHINES, cte_pairs, true>(a, blocks)
                          : fsbb_div_launch_warp_kernel<SMALL, MACHINES, cte_pairs, false>(a, blocks);
    return persistent ? fsbb_div_launch_warp_kernel<LARGE, MACHINES, cte_pairs, true>(a, blocks)
                      : fsbb_div_launch_warp_kernel<LARGE, MACHINES, cte_pairs, false>(a, blocks);
}
