/* subwarp_kernel.cu — SUBWARP (div_bounder.h): sub-warp decomposition of LB2 (subwarp.cuh's
 * scheme with early exit): a warp's 32 nodes take S passes, 32 / S nodes at a time, a
 * sub-warp of S lanes evaluating S consecutive pairs of its node per step until the first
 * reaching ub. */
#include "warp_kernel.cuh"

template <int S>
__device__ int subwarp_lb2(const fsbb_div_tables &t, const fsbb_bound_data *d, const fsbb_div_warp_state &state,
                           bool needs, int ub)
{
    const int lane = fsbb_lane();
    const int groups = FSBB_WARP_SIZE / S, group = lane / S, sub = lane % S;
    const unsigned group_mask =
        S == FSBB_WARP_SIZE ? FSBB_FULL_WARP : ((1u << (S % FSBB_WARP_SIZE)) - 1u) << (group * S);
    int result = 0;
    for (int pass = 0; pass < S; pass++) {
        const int slot = pass * groups + group;
        bool active = __shfl_sync(FSBB_FULL_WARP, (int)needs, slot) != 0;
        int run = 0, lb2 = 0;
        for (int q0 = 0; __any_sync(FSBB_FULL_WARP, active); q0 += S) {
            const int q = q0 + sub;
            int value = 0;
            if (active && q < t.pairs)
                value = fsbb_div_packed_pair(t, d->pair_first, d->pair_second, q, state.bits(slot), state.heads(slot),
                                    state.tails(slot));
            const unsigned hits = __ballot_sync(FSBB_FULL_WARP, active && q < t.pairs && value >= ub) & group_mask;
            int group_max = value;
#pragma unroll
            for (int dist = 1; dist < S; dist <<= 1) {
                /* the shuffle outside FSBB_MAX, which would run it again in one branch only */
                const int other = __shfl_xor_sync(FSBB_FULL_WARP, group_max, dist);
                group_max = FSBB_MAX(group_max, other);
            }
            const int hit_value = __shfl_sync(FSBB_FULL_WARP, value, hits ? __ffs(hits) - 1 : lane);
            if (active) {
                if (hits) {
                    lb2 = hit_value;
                    active = false;
                } else {
                    run = FSBB_MAX(run, group_max);
                    if (q0 + S >= t.pairs) {
                        lb2 = run;
                        active = false;
                    }
                }
            }
        }
        const bool owned_now = lane / groups == pass;
        const int got = __shfl_sync(FSBB_FULL_WARP, lb2, owned_now ? (lane - pass * groups) * S : lane);
        if (owned_now)
            result = got;
    }
    return result;
}

template <int S> struct subwarp_pairs {
    static __device__ __forceinline__ int lb2(const fsbb_div_tables &t, const fsbb_bound_data *d,
                                              const fsbb_div_warp_state &state, fsbb_cte_storage *, bool needs, int ub)
    {
        return subwarp_lb2<S>(t, d, state, needs, ub);
    }
};

template <int MAXN, int MAXM>
static cudaError_t launch_subwarp(const fsbb_div_run &a, int lanes, int *blocks)
{
    switch (lanes) {
    case 2: return fsbb_div_launch_warp_kernel<MAXN, MAXM, subwarp_pairs<2>, false>(a, blocks);
    case 4: return fsbb_div_launch_warp_kernel<MAXN, MAXM, subwarp_pairs<4>, false>(a, blocks);
    case 8: return fsbb_div_launch_warp_kernel<MAXN, MAXM, subwarp_pairs<8>, false>(a, blocks);
    case 16: return fsbb_div_launch_warp_kernel<MAXN, MAXM, subwarp_pairs<16>, false>(a, blocks);
    default: return fsbb_div_launch_warp_kernel<MAXN, MAXM, subwarp_pairs<32>, false>(a, blocks);
    }
}

cudaError_t fsbb_div_launch_subwarp(const fsbb_div_run &a, int lanes, int *blocks)
{
    return a.small ? launch_subwarp<FSBB_DIV_SMALL_JOBS, FSBB_DIV_MAX_MACHINES>(a, lanes, blocks)
                   : launch_subwarp<FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES>(a, lanes, blocks);
}
