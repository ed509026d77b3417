/* resident_child.cuh — what the branching kernel (resident_branch.cuh) does to one child of
 * a parent: the LB1 of the forward and backward children a job makes, the makespan of a
 * leaf, the child written to the staging area (by one thread, or word by word by a lane
 * group after LB2), a complete schedule offered to the incumbent, and --lb auto's probe of
 * a child LB2 cut (its own LB1 survivors).
 *
 * The parent is the block's copy in shared memory (its first node_words words:
 * resident_layout.cuh), its permutation there or in device memory (perm); the processing
 * times are the block's job-major table (table[job * m4 + k]), so that a job's times on
 * four machines are one 16-byte load. The bounds are the steps of bound_steps.h in the
 * order that keeps the rows in registers (forward and backward child in one pass over the
 * machines), with two of their maxima dropped where the operand is known to be the larger:
 * a forward child's new front on machine k is at least the job's work on machines 0..k,
 * so never below min_head[k], and a backward child's new back at least the job's work on
 * k..m-1, so never below min_tail[k]. The integers are those of lb1.h. */
#ifndef FSBB_RESIDENT_CHILD_CUH
#define FSBB_RESIDENT_CHILD_CUH

#include "bound_steps.h"
#include "child_order.h"
#include "lane_group.cuh"
#include "resident_layout.cuh"
#include "warp_lanes.cuh"

template <int MT> struct fsbb_resident_rows {
    static constexpr int count = MT > 0 ? (MT + 3) / 4 * 4 : FSBB_RESIDENT_MAX_MACHINES;
};

/* Four consecutive ints of a row in shared memory (16-byte aligned). */
__device__ __forceinline__ int4 fsbb_resident_row4(const int *row, int v)
{
    return reinterpret_cast<const int4 *>(row)[v];
}

__device__ __forceinline__ int fsbb_resident_element(const int4 &x, int e)
{
    return e == 0 ? x.x : e == 1 ? x.y : e == 2 ? x.z : x.w;
}

/* LB1 of the forward and of the backward child that job makes from the parent at node
 * (shared memory; at least two unscheduled jobs). Same integers as lb1_batch.h. First the
 * backward child's new back (machines last to first), then both bounds in one pass:
 *   forward:  u = max(t, front[k]), t = u + p[k] (the new front), its work ends at
 *             u + remain[k] (= t + remain[k] - p[k]);
 *   backward: its work ends at max(front[k], min_head[k]) + remain[k] - p[k], its tail is
 *             the new back. */
template <int MT>
__device__ __forceinline__ void fsbb_resident_bound_children(const fsbb_resident_params &prm, const int *table,
                                                             const int *node, int job, int *lb_forward,
                                                             int *lb_backward)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int m = MT > 0 ? MT : l.m;
    const int *front = node + l.front, *back = node + l.back, *remain = node + l.remain;
    const int *times = table + job * l.m4;
    int cb[R];
    int t = 0, last_f = 0, lf = 0, last_b = 0, lb = 0;
    if (MT > 0) {
#pragma unroll
        for (int v = R / 4 - 1; v >= 0; v--) {
            const int4 b = fsbb_resident_row4(back, v), p = fsbb_resident_row4(times, v);
#pragma unroll
            for (int e = 3; e >= 0; e--) {
                const int k = 4 * v + e;
                if (k < MT) {
                    t = fsbb_machine_step(t, fsbb_resident_element(b, e), fsbb_resident_element(p, e));
                    cb[k] = t;
                }
            }
        }
        t = 0;
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            const int4 f4 = fsbb_resident_row4(front, v), r4 = fsbb_resident_row4(remain, v);
            const int4 b4 = fsbb_resident_row4(back, v), p4 = fsbb_resident_row4(times, v);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                const int k = 4 * v + e;
                if (k >= MT)
                    break;
                const int pk = fsbb_resident_element(p4, e), fr = fsbb_resident_element(f4, e);
                const int rm = fsbb_resident_element(r4, e);
                const int u = max(t, fr);
                t = u + pk;
                const int start_f = u + rm;
                last_f = k == 0 ? start_f : fsbb_lb1_last(last_f, prm.shortest[k], start_f);
                const int end_f = last_f + fsbb_bound_tail(fsbb_resident_element(b4, e), prm.tail[k]);
                lf = k == 0 ? end_f : max(lf, end_f);
                const int start_b = fsbb_bound_head(fr, prm.head[k]) + rm - pk;
                last_b = k == 0 ? start_b : fsbb_lb1_last(last_b, prm.shortest[k], start_b);
                const int end_b = last_b + cb[k];
                lb = k == 0 ? end_b : max(lb, end_b);
            }
        }
    } else {
        for (int k = m - 1; k >= 0; k--) {
            t = fsbb_machine_step(t, back[k], times[k]);
            cb[k] = t;
        }
        t = 0;
        for (int k = 0; k < m; k++) {
            const int pk = times[k], fr = front[k], rm = remain[k];
            const int u = max(t, fr);
            t = u + pk;
            const int start_f = u + rm;
            last_f = k == 0 ? start_f : fsbb_lb1_last(last_f, prm.shortest[k], start_f);
            const int end_f = last_f + fsbb_bound_tail(back[k], prm.tail[k]);
            lf = k == 0 ? end_f : max(lf, end_f);
            const int start_b = fsbb_bound_head(fr, prm.head[k]) + rm - pk;
            last_b = k == 0 ? start_b : fsbb_lb1_last(last_b, prm.shortest[k], start_b);
            const int end_b = last_b + cb[k];
            lb = k == 0 ? end_b : max(lb, end_b);
        }
    }
    *lb_forward = lf;
    *lb_backward = lb;
}

/* Makespan of the schedule that puts job in the only open slot of the parent at node. */
template <int MT>
__device__ int fsbb_resident_complete(const fsbb_resident_params &prm, const int *table, const int *node, int job)
{
    const fsbb_resident_layout &l = prm.layout;
    const int m = MT > 0 ? MT : l.m;
    const int *times = table + job * l.m4;
    int t = 0, makespan = 0;
#pragma unroll
    for (int k = 0; k < m; k++) {
        t = fsbb_machine_step(t, node[l.front + k], times[k]);
        makespan = max(makespan, t + node[l.back + k]);
    }
    return makespan;
}

/* Makespan of the leaf that places job forward (or backward) in a parent with two open
 * slots, other taking the last one: the leaf's own makespan as search_cpu.c computes it
 * when it pops that leaf. */
template <int MT>
__device__ int fsbb_resident_leaf(const fsbb_resident_params &prm, const int *table, const int *node, int job,
                                  int other, int forward)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int m = MT > 0 ? MT : l.m;
    const int *first = table + (forward ? job : other) * l.m4, *second = table + (forward ? other : job) * l.m4;
    int makespan = 0;
    if (forward) {
        int t1 = 0, t2 = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t1 = fsbb_machine_step(t1, node[l.front + k], first[k]);
            t2 = fsbb_machine_step(t2, t1, second[k]);
            makespan = max(makespan, t2 + node[l.back + k]);
        }
    } else {
        int cb[R];
        int t = 0;
#pragma unroll
        for (int k = m - 1; k >= 0; k--) {
            t = fsbb_machine_step(t, node[l.back + k], second[k]);
            cb[k] = t;
        }
        t = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t = fsbb_machine_step(t, node[l.front + k], first[k]);
            makespan = max(makespan, t + cb[k]);
        }
    }
    return makespan;
}

/* Offers a complete schedule: the permutation perm with positions pos and slot swapped
 * (pos < 0: as it is). The record and its makespan change together under the lock; the
 * incumbent follows. */
static __device__ void fsbb_resident_offer(const fsbb_resident_params &prm, int makespan, const fsbb_job *perm, int pos,
                                    int slot)
{
    fsbb_resident_control *ctl = prm.control;
    if (makespan >= *(volatile int *)&ctl->incumbent)
        return;
    while (atomicCAS(&ctl->record_lock, 0, 1) != 0)
        __nanosleep(64);
    __threadfence();
    if (makespan < *(volatile int *)&ctl->record_makespan) {
        const int n = prm.layout.n;
        for (int x = 0; x < n; x++)
            prm.record[x] = x == pos ? perm[slot] : x == slot ? perm[pos] : perm[x];
        __threadfence();
        *(volatile int *)&ctl->record_makespan = makespan;
    }
    __threadfence();
    atomicExch(&ctl->record_lock, 0);
    atomicMin(&ctl->incumbent, makespan);
}

/* Writes the child that moves perm[pos] of the parent (rows at node, permutation at perm)
 * to the front (or the back), row by row in 16-byte pieces; it keeps the parent's shadow
 * tag (word 2). */
template <int MT>
__device__ void fsbb_resident_write_child(const fsbb_resident_params &prm, const int *table, const int *node,
                                          const fsbb_job *perm, int front_len, int back_len, int pos, int forward,
                                          int lb, int *out)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    const int slot = forward ? front_len : n - back_len - 1;
    const int job = perm[pos];
    const int *times = table + job * l.m4;
    reinterpret_cast<int4 *>(out)[0] = make_int4(lb, (front_len + forward) | ((back_len + !forward) << 16), node[2], 0);
    /* The row that changes is the front (forward) or the back (backward); the other is copied. */
    const int *grown_from = node + (forward ? l.front : l.back), *kept_from = node + (forward ? l.back : l.front);
    int *grown = out + (forward ? l.front : l.back), *kept = out + (forward ? l.back : l.front);
    int t = 0;
    if (MT > 0) {
#pragma unroll
        for (int v = 0; v < R / 4; v++)
            reinterpret_cast<int4 *>(kept)[v] = fsbb_resident_row4(kept_from, v);
        if (forward) {
#pragma unroll
            for (int v = 0; v < R / 4; v++) {
                int4 x = fsbb_resident_row4(grown_from, v);
                const int4 p = fsbb_resident_row4(times, v);
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (4 * v + e < MT)
                        lanes[e] = t = fsbb_machine_step(t, lanes[e], fsbb_resident_element(p, e));
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        } else {
#pragma unroll
            for (int v = R / 4 - 1; v >= 0; v--) {
                int4 x = fsbb_resident_row4(grown_from, v);
                const int4 p = fsbb_resident_row4(times, v);
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 3; e >= 0; e--)
                    if (4 * v + e < MT)
                        lanes[e] = t = fsbb_machine_step(t, lanes[e], fsbb_resident_element(p, e));
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        }
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            const int4 r = fsbb_resident_row4(node + l.remain, v), p = fsbb_resident_row4(times, v);
            reinterpret_cast<int4 *>(out + l.remain)[v] = make_int4(r.x - p.x, r.y - p.y, r.z - p.z, r.w - p.w);
        }
    } else {
        for (int k = 0; k < m; k++)
            kept[k] = kept_from[k];
        if (forward)
            for (int k = 0; k < m; k++)
                grown[k] = t = fsbb_machine_step(t, grown_from[k], times[k]);
        else
            for (int k = m - 1; k >= 0; k--)
                grown[k] = t = fsbb_machine_step(t, grown_from[k], times[k]);
        for (int k = 0; k < m; k++)
            out[l.remain + k] = node[l.remain + k] - times[k];
    }
    const int vectors = (l.stride - l.perm) / 4;
    const int4 *from = reinterpret_cast<const int4 *>(perm);
    int4 *to = reinterpret_cast<int4 *>(out + l.perm);
    for (int v = 0; v < vectors; v++)
        to[v] = from[v];
    fsbb_job *child_perm = reinterpret_cast<fsbb_job *>(out + l.perm);
    child_perm[pos] = perm[slot];
    child_perm[slot] = (fsbb_job)job;
}

/* LB1 of the forward and of the backward child that a job (its times) makes from a child
 * not written out yet (rows front and back, its parent's remain less the times `less` of the
 * job that made it): the integers of fsbb_resident_bound_children, in one pass over the
 * machines and without its per-machine array of the new back (--lb auto's probes only, so
 * that the kernel keeps its registers and no stack). The new back
 * b'_k = max(b'_{k+1}, back[k]) + p_k unrolls to b'_k = S_k + max_{i >= k} (back[i] - S_{i+1}),
 * S_k = p_k + ... + p_{m-1} (b'_m = 0 dropped: a node's back times are never negative), so
 * the backward bound max_k (last_k + b'_k) is max_i (back[i] - S_{i+1} + max_{k <= i}
 * (last_k + S_k)): running maxima in machine order. */
__device__ __forceinline__ void fsbb_resident_probe_bounds(const fsbb_resident_params &prm, const int *times,
                                                           const int *less, const int *front, const int *back,
                                                           const int *remain, int *lb_forward, int *lb_backward)
{
    const int m = prm.layout.m;
    int suffix = 0; /* S_k */
    for (int k = 0; k < m; k++)
        suffix += times[k];
    int t = 0, last_f = 0, lf = 0, last_b = 0, reach = 0, lb = 0;
    for (int k = 0; k < m; k++) {
        const int pk = times[k], fr = front[k], rm = remain[k] - less[k], bk = back[k];
        const int u = max(t, fr);
        t = u + pk;
        const int start_f = u + rm;
        last_f = k == 0 ? start_f : fsbb_lb1_last(last_f, prm.shortest[k], start_f);
        const int end_f = last_f + fsbb_bound_tail(bk, prm.tail[k]);
        lf = k == 0 ? end_f : max(lf, end_f);
        const int start_b = fsbb_bound_head(fr, prm.head[k]) + rm - pk;
        last_b = k == 0 ? start_b : fsbb_lb1_last(last_b, prm.shortest[k], start_b);
        reach = k == 0 ? last_b + suffix : max(reach, last_b + suffix);
        suffix -= pk; /* S_{k+1} */
        const int end_b = bk - suffix + reach;
        lb = k == 0 ? end_b : max(lb, end_b);
    }
    *lb_forward = lf;
    *lb_backward = lb;
}

/* --lb auto's probe of a child LB2 cut (lb_auto.h): its own LB1 survivors, the children of
 * the child that moves perm[pos] (job) of the parent at node to the front (or the back)
 * below ub, in the direction prm.branch would take (dynamic: the one with fewer); by a lane
 * group, a job a lane, changed holding the child's new front (back: resident_refine.cuh's
 * fsbb_resident_changed_row). Every lane of the group returns the count. */
__device__ __forceinline__ int fsbb_resident_probe(const fsbb_resident_params &prm, const fsbb_lane_group &g,
                                                   const int *table, const int *node, const fsbb_job *perm,
                                                   int front_len, int open, int pos, int job, int forward, int ub,
                                                   const int *changed)
{
    const fsbb_resident_layout &l = prm.layout;
    const int *front = forward ? changed : node + l.front, *back = forward ? node + l.back : changed;
    const int *less = table + job * l.m4;
    int alive_forward = 0, alive_backward = 0;
    for (int x = g.lane; x < open; x += g.size) {
        if (front_len + x == pos)
            continue;
        int lb_forward, lb_backward;
        fsbb_resident_probe_bounds(prm, table + perm[front_len + x] * l.m4, less, front, back, node + l.remain,
                                   &lb_forward, &lb_backward);
        alive_forward += lb_forward < ub;
        alive_backward += lb_backward < ub;
    }
    alive_forward = fsbb_lane_group_sum(g, alive_forward);
    alive_backward = fsbb_lane_group_sum(g, alive_backward);
    return prm.branch == FSBB_BRANCH_FORWARD    ? alive_forward
           : prm.branch == FSBB_BRANCH_BACKWARD ? alive_backward
                                                : min(alive_forward, alive_backward);
}

#endif
