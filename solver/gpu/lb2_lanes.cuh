/* lb2_lanes.cuh — LB2 (bounds/lb2.h) of one node by a lane group (lane_group.cuh), one
 * machine pair per lane, G pairs at a time: the one GPU form of LB2 that the resident
 * engine's refine stage (resident_refine.cuh) and the offload bounder's lane-group kernel
 * (gpu_bounder.cu) both call. A pair's bound scans Johnson's order for the pair and skips
 * the scheduled jobs, with the steps of bound_steps.h in lb2.h's order, so each pair gives
 * fsbb_lb2_pair's integer; the lanes read each place's {p_k, p_l, lag, job} from a table
 * laid out pair-minor, so that the lanes of a group read consecutive entries (one 16-byte
 * vector each) and no load waits on another.
 *
 * The maximum over the pairs stops where fsbb_lb2 stops: at the first pair, in the tables'
 * order, whose running maximum reaches the incumbent. A round of G pairs takes the group's
 * maximum (a shuffle reduction); only a round that reaches the incumbent also scans the
 * running maximum across its lanes to return fsbb_lb2's value, so every bound, the ones at
 * or above the incumbent included, is fsbb_lb2's integer.
 *
 * The host side builds the tables from the bound data's pairs (bound_data.h), in their
 * order there (strongest at the root first), and chooses the group size. */
#ifndef FSBB_LB2_LANES_CUH
#define FSBB_LB2_LANES_CUH

#include "bound_data.h"
#include "bound_steps.h"
#include "lane_group.cuh"

#include <cuda_runtime.h>

/*   steps[r * pairs + q]  {p on k, p on l, lag, job} of the job at place r of pair q's
 *                         Johnson order (pair q = (k, l))
 *   pair_machines[q]      {k, l} */
struct fsbb_lb2_lane_tables {
    const int4 *steps;
    const int2 *pair_machines;
    int pairs;
};

/* Fills the host copies of the tables: steps n * pairs, machines pairs. */
static inline void fsbb_lb2_fill_lane_tables(const fsbb_bound_data *d, int4 *steps, int2 *machines)
{
    const int n = d->n, pairs = d->pair_count;
    for (int q = 0; q < pairs; q++) {
        const int k = d->pair_first[q], l = d->pair_second[q];
        const int *johnson = d->johnson_order + (size_t)q * n, *lag = d->lag + (size_t)q * n;
        machines[q] = make_int2(k, l);
        for (int r = 0; r < n; r++) {
            const int j = johnson[r];
            steps[(size_t)r * pairs + q] = make_int4(d->p[k * n + j], d->p[l * n + j], lag[j], j);
        }
    }
}

/* Lanes per node for `pairs` machine pairs: the group (8, 16 or 32) that wastes the fewest
 * lanes on the last round of pairs, the larger of equals. */
static inline int fsbb_lb2_lane_group_size(int pairs)
{
    int best = 32;
    for (int g = 16; g >= 8; g /= 2)
        if ((pairs + g - 1) / g * g < (pairs + best - 1) / best * best)
            best = g;
    return best;
}

/* Places of a pair's order read at once: their loads, then their flags, are in flight
 * together before the running times use the first of them. */
#define FSBB_LB2_LANE_BATCH 8

/* One place s = {p_k, p_l, lag, job} of a pair's order: the job's step if it is unscheduled
 * (on), nothing otherwise, chosen without a branch (the lanes' jobs differ). */
__device__ __forceinline__ void fsbb_lb2_lane_step(int4 s, int on, int &tk, int &tl)
{
    const int k_done = tk + s.x;
    const int l_done = fsbb_machine_step(k_done + s.z, tl, s.y);
    tk = on ? k_done : tk;
    tl = on ? l_done : tl;
}

/* The bound of machine pair q of a node of n jobs with front and back rows and its
 * unscheduled jobs flagged in flags; head and tail are the instance's min_head and min_tail. */
__device__ __forceinline__ int fsbb_lb2_lane_pair(const fsbb_lb2_lane_tables &t, int n, const int *head,
                                                  const int *tail, int q, const int *front, const int *back,
                                                  const unsigned char *flags)
{
    const unsigned pairs = (unsigned)t.pairs;
    const int4 *steps = t.steps + q;
    const int2 km = __ldg(t.pair_machines + q);
    int tk = fsbb_bound_head(front[km.x], head[km.x]);
    int tl = fsbb_bound_head(front[km.y], head[km.y]);
    int r = 0;
    for (; r + FSBB_LB2_LANE_BATCH <= n; r += FSBB_LB2_LANE_BATCH) {
        int4 s[FSBB_LB2_LANE_BATCH];
        int on[FSBB_LB2_LANE_BATCH];
#pragma unroll
        for (int u = 0; u < FSBB_LB2_LANE_BATCH; u++)
            s[u] = __ldg(steps + (unsigned)(r + u) * pairs);
#pragma unroll
        for (int u = 0; u < FSBB_LB2_LANE_BATCH; u++)
            on[u] = flags[s[u].w];
#pragma unroll
        for (int u = 0; u < FSBB_LB2_LANE_BATCH; u++)
            fsbb_lb2_lane_step(s[u], on[u], tk, tl);
    }
    for (; r < n; r++) {
        const int4 s = __ldg(steps + (unsigned)r * pairs);
        fsbb_lb2_lane_step(s, flags[s.w], tk, tl);
    }
    return max(tk + fsbb_bound_tail(back[km.x], tail[km.x]), tl + fsbb_bound_tail(back[km.y], tail[km.y]));
}

/* fsbb_lb2 of the node (at least one unscheduled job) by the lane group, stopping once it
 * reaches ub as fsbb_lb2 does; every lane of the group returns the same value. */
__device__ __forceinline__ int fsbb_lb2_lanes(const fsbb_lb2_lane_tables &t, int n, const int *head, const int *tail,
                                              const fsbb_lane_group &g, const int *front, const int *back,
                                              const unsigned char *flags, int ub)
{
    const int pairs = t.pairs;
    int lb = 0;
    for (int first = 0; first < pairs; first += g.size) {
        const int q = first + g.lane;
        const int value = q < pairs ? fsbb_lb2_lane_pair(t, n, head, tail, q, front, back, flags) : 0;
        const int round = max(lb, fsbb_lane_group_max(g, value));
        if (round < ub) {
            lb = round;
            continue;
        }
        /* The first pair of the round whose running maximum reaches ub (a lane past the last
         * pair adds 0, so the first such lane holds a pair). */
        const int running = max(lb, fsbb_lane_group_scan(g, value, 1));
        const unsigned reached = __ballot_sync(g.mask, running >= ub) & g.mask;
        return __shfl_sync(g.mask, running, __ffs(reached) - 1);
    }
    return lb;
}

#endif
