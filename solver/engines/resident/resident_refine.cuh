/* resident_refine.cuh — LB2 in the branching kernel (resident_branch.cuh, stage 5): the LB1
 * survivors a block queued are refined by lane groups of 8, 16 or 32 lanes (prm.lb2_group),
 * one child per group and one machine pair per lane, 32 / group children per warp at once
 * (collaborative engagement of the warp over the (child, pair) work of several children).
 * A group takes the next queued child from the block's queue as soon as its child is done
 * (a task pool: a group whose child LB2 prunes in its first round does not wait for a
 * group whose child needs every pair), and it stops a child once the pairs' maximum
 * reaches the incumbent, G pairs at a time.
 *
 * A child's LB2 is fsbb_lb2_lanes (solver/gpu/lb2_lanes.cuh, shared with the offload
 * engine's bounder): a pair's bound (lb2.h) scans Johnson's order for the pair and skips the
 * scheduled jobs, a lane reading each place's {p_k, p_l, lag, job} from a pair-minor table
 * and testing the job's flag. Same integers as fsbb_lb2, in the same order. (Walking only
 * the unscheduled jobs, as bits of their places in the pair's order, was measured and did
 * not pay: results/resident-kernel/notes.md.)
 *
 * The child's new front (forward) or back (backward) is a max-plus prefix over the
 * machines, t_k = max(t_{k-1}, row_k) + p_k: with m <= group lanes it is computed as
 *     t_k = P_k + max_{i <= k} (row_i - P_{i-1}),  P_k = p_0 + ... + p_k
 * by two scans across the lanes; otherwise by the group's first lane. */
#ifndef FSBB_RESIDENT_REFINE_CUH
#define FSBB_RESIDENT_REFINE_CUH

#include "bound_steps.h"
#include "lane_group.cuh"
#include "lb2_lanes.cuh"
#include "resident_child.cuh"
#include "resident_layout.cuh"

/* The child's changed row (new front when forward, new back otherwise) into changed. */
__device__ __forceinline__ void fsbb_resident_changed_row(const fsbb_resident_params &prm,
                                                         const fsbb_lane_group &g, const int *table,
                                                         const int *node, int job, int forward, int *changed)
{
    const fsbb_resident_layout &l = prm.layout;
    const int m = l.m;
    const int *times = table + job * l.m4;
    const int *row = node + (forward ? l.front : l.back);
    if (m <= g.size) {
        const int k = forward ? g.lane : m - 1 - g.lane;
        const int inside = g.lane < m;
        const int pk = inside ? times[k] : 0, rk = inside ? row[k] : 0;
        const int sum = fsbb_lane_group_scan(g, pk, 0);
        const int most = fsbb_lane_group_scan(g, rk - (sum - pk), 1);
        if (inside)
            changed[k] = most + sum;
        else if (g.lane < l.m4)
            changed[g.lane] = 0;
    } else if (g.lane == 0) {
        int t = 0;
        if (forward)
            for (int k = 0; k < m; k++)
                changed[k] = t = fsbb_machine_step(t, row[k], times[k]);
        else
            for (int k = m - 1; k >= 0; k--)
                changed[k] = t = fsbb_machine_step(t, row[k], times[k]);
        for (int k = m; k < l.m4; k++)
            changed[k] = 0;
    }
}

/* LB2 of the child that moves perm[pos] (job) of a parent (rows at node, open unscheduled
 * jobs from front_len on) to the front (or the back), by a lane group, stopping once it
 * reaches ub; every lane of the group returns the same value. Scratch of the group:
 * changed (m4 ints), which holds the child's new front (forward) or back afterwards, and
 * flags (n bytes: the child's unscheduled jobs). */
__device__ __forceinline__ int fsbb_resident_child_lb2(const fsbb_resident_params &prm, const fsbb_lane_group &g,
                                                       const int *table, const int *node, const fsbb_job *perm,
                                                       int front_len, int open, int pos, int job, int forward, int ub,
                                                       int *changed, unsigned char *flags)
{
    const fsbb_resident_layout &l = prm.layout;
    for (int x = g.lane; x < l.n; x += g.size)
        flags[x] = 0;
    __syncwarp(g.mask);
    for (int x = g.lane; x < open; x += g.size)
        if (front_len + x != pos)
            flags[perm[front_len + x]] = 1;
    fsbb_resident_changed_row(prm, g, table, node, job, forward, changed);
    __syncwarp(g.mask);
    return fsbb_lb2_lanes(prm.lb2, l.n, prm.head, prm.tail, g, forward ? changed : node + l.front,
                          forward ? node + l.back : changed, flags, ub);
}

/* One 16-byte vector (words 4v..4v+3) of the child that moves perm[pos] of the parent to
 * the front (or the back), with bound lb and shadow tag (word 2) tag; changed is its new
 * front (forward) or back. */
__device__ __forceinline__ int4 fsbb_resident_child_vector(const fsbb_resident_params &prm, const int *table,
                                                           const int *node, const fsbb_job *perm, const int *changed,
                                                           int front_len, int back_len, int pos, int forward, int lb,
                                                           int tag, int v)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, w = 4 * v;
    const int slot = forward ? front_len : n - back_len - 1;
    const int job = perm[pos];
    if (w < l.front)
        return make_int4(lb, (front_len + forward) | ((back_len + !forward) << 16), tag, 0);
    if (w < l.perm) {
        const int region = w < l.back ? l.front : w < l.remain ? l.back : l.remain;
        const int k = w - region;
        int4 x = reinterpret_cast<const int4 *>(node)[v];
        if (region == l.remain) {
            const int4 p = reinterpret_cast<const int4 *>(table + job * l.m4)[k / 4];
            x = make_int4(x.x - p.x, x.y - p.y, x.z - p.z, x.w - p.w);
        } else if ((region == l.front) == (forward != 0)) {
            x = reinterpret_cast<const int4 *>(changed)[k / 4];
        }
        return x;
    }
    int words[4];
    for (int e = 0; e < 4; e++) {
        unsigned packed = 0;
        for (int half = 0; half < 2; half++) {
            const int x = 2 * (w - l.perm + e) + half;
            const int value = x >= n ? 0 : x == pos ? perm[slot] : x == slot ? job : perm[x];
            packed |= (unsigned)(uint16_t)value << (16 * half);
        }
        words[e] = (int)packed;
    }
    return make_int4(words[0], words[1], words[2], words[3]);
}

#endif
