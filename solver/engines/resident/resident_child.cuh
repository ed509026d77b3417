/* resident_child.cuh — what the branching kernel (resident_branch.cuh) does to one child of
 * a parent in device memory (resident_layout.cuh): the LB1 of the forward and backward
 * children a job makes, the makespan of a leaf, the child written to the staging area (by
 * one thread, or word by word by a warp after LB2), LB2 by a warp, and a complete schedule
 * offered to the incumbent. The bounds are the steps of bound_steps.h, in the order that
 * keeps the parent's rows in registers: forward and backward child in one pass over the
 * machines, rows read 16 bytes at a time when the machine count is a compile-time MT. */
#ifndef FSBB_RESIDENT_CHILD_CUH
#define FSBB_RESIDENT_CHILD_CUH

#include "bound_steps.h"
#include "lb2.h"
#include "resident_layout.cuh"
#include "warp_lanes.cuh"

template <int MT> struct fsbb_resident_rows {
    static constexpr int count = MT > 0 ? (MT + 3) / 4 * 4 : FSBB_RESIDENT_MAX_MACHINES;
};

/* Four consecutive ints of a node row (16-byte aligned). */
__device__ __forceinline__ int4 fsbb_resident_row4(const int *row, int v)
{
    return __ldg(reinterpret_cast<const int4 *>(row) + v);
}

__device__ __forceinline__ int fsbb_resident_element(const int4 &x, int e)
{
    return e == 0 ? x.x : e == 1 ? x.y : e == 2 ? x.z : x.w;
}

/* LB1 of the forward and of the backward child that job makes from the parent at pw
 * (the parent has at least two unscheduled jobs). Same integers as lb1_batch.h. The rows
 * are streamed in 16-byte pieces; only the backward children's new back stays in
 * registers between the two passes. */
template <int MT>
__device__ void fsbb_resident_bound_children(const fsbb_resident_params &prm, const int *table, const int *pw, int job,
                                             int want_forward, int want_backward, int *lb_forward, int *lb_backward)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    const int *front = pw + l.front, *back = pw + l.back, *remain = pw + l.remain;
    int cb[R];
    int t = 0, last_f = 0, lf = 0, last_b = 0, lb = 0;
    if (MT > 0) {
        if (want_backward) {
#pragma unroll
            for (int v = R / 4 - 1; v >= 0; v--) {
                const int4 b = fsbb_resident_row4(back, v);
#pragma unroll
                for (int e = 3; e >= 0; e--) {
                    const int k = 4 * v + e;
                    if (k < MT) {
                        t = fsbb_machine_step(t, fsbb_resident_element(b, e), table[k * n + job]);
                        cb[k] = t;
                    }
                }
            }
        }
        t = 0;
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            const int4 f4 = fsbb_resident_row4(front, v), r4 = fsbb_resident_row4(remain, v);
            const int4 b4 = fsbb_resident_row4(back, v);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                const int k = 4 * v + e;
                if (k >= MT)
                    break;
                const int pk = table[k * n + job], head = prm.head[k], tail = prm.tail[k];
                const int fr = fsbb_resident_element(f4, e), rm = fsbb_resident_element(r4, e) - pk;
                if (want_forward) {
                    t = fsbb_machine_step(t, fr, pk);
                    const int start = fsbb_bound_head(t, head) + rm;
                    last_f = k == 0 ? start : fsbb_lb1_last(last_f, prm.shortest[k], start);
                    const int end = last_f + fsbb_bound_tail(fsbb_resident_element(b4, e), tail);
                    lf = k == 0 ? end : max(lf, end);
                }
                if (want_backward) {
                    const int start = fsbb_bound_head(fr, head) + rm;
                    last_b = k == 0 ? start : fsbb_lb1_last(last_b, prm.shortest[k], start);
                    const int end = last_b + fsbb_bound_tail(cb[k], tail);
                    lb = k == 0 ? end : max(lb, end);
                }
            }
        }
    } else {
        if (want_backward)
            for (int k = m - 1; k >= 0; k--) {
                t = fsbb_machine_step(t, __ldg(back + k), table[k * n + job]);
                cb[k] = t;
            }
        t = 0;
        for (int k = 0; k < m; k++) {
            const int pk = table[k * n + job], head = prm.head[k], tail = prm.tail[k];
            const int fr = __ldg(front + k), rm = __ldg(remain + k) - pk;
            if (want_forward) {
                t = fsbb_machine_step(t, fr, pk);
                const int start = fsbb_bound_head(t, head) + rm;
                last_f = k == 0 ? start : fsbb_lb1_last(last_f, prm.shortest[k], start);
                const int end = last_f + fsbb_bound_tail(__ldg(back + k), tail);
                lf = k == 0 ? end : max(lf, end);
            }
            if (want_backward) {
                const int start = fsbb_bound_head(fr, head) + rm;
                last_b = k == 0 ? start : fsbb_lb1_last(last_b, prm.shortest[k], start);
                const int end = last_b + fsbb_bound_tail(cb[k], tail);
                lb = k == 0 ? end : max(lb, end);
            }
        }
    }
    *lb_forward = lf;
    *lb_backward = lb;
}

/* Makespan of the schedule that puts job in the only open slot of the parent at pw. */
template <int MT>
__device__ int fsbb_resident_complete(const fsbb_resident_params &prm, const int *table, const int *pw, int job)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    int t = 0, makespan = 0;
#pragma unroll
    for (int k = 0; k < m; k++) {
        t = fsbb_machine_step(t, __ldg(pw + l.front + k), table[k * n + job]);
        makespan = max(makespan, t + __ldg(pw + l.back + k));
    }
    return makespan;
}

/* Makespan of the leaf that places job forward (or backward) in a parent with two open
 * slots, other taking the last one: the leaf's own makespan as search_cpu.c computes it
 * when it pops that leaf. */
template <int MT>
__device__ int fsbb_resident_leaf(const fsbb_resident_params &prm, const int *table, const int *pw, int job, int other,
                                  int forward)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    int makespan = 0;
    if (forward) {
        int t1 = 0, t2 = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t1 = fsbb_machine_step(t1, __ldg(pw + l.front + k), table[k * n + job]);
            t2 = fsbb_machine_step(t2, t1, table[k * n + other]);
            makespan = max(makespan, t2 + __ldg(pw + l.back + k));
        }
    } else {
        int cb[R];
        int t = 0;
#pragma unroll
        for (int k = m - 1; k >= 0; k--) {
            t = fsbb_machine_step(t, __ldg(pw + l.back + k), table[k * n + job]);
            cb[k] = t;
        }
        t = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t = fsbb_machine_step(t, __ldg(pw + l.front + k), table[k * n + other]);
            makespan = max(makespan, t + cb[k]);
        }
    }
    return makespan;
}

/* Offers a complete schedule: the parent's permutation with positions pos and slot
 * swapped (pos < 0: as it is). The record and its makespan change together under the lock;
 * the incumbent follows. */
__device__ void fsbb_resident_offer(const fsbb_resident_params &prm, int makespan, const fsbb_job *perm, int pos,
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

/* Writes the child that moves perm[pos] of the parent at pw to the front (or the back),
 * row by row in 16-byte pieces. */
template <int MT>
__device__ void fsbb_resident_write_child(const fsbb_resident_params &prm, const int *table, const int *pw,
                                          int front_len, int back_len, int pos, int forward, int lb, int *out)
{
    constexpr int R = fsbb_resident_rows<MT>::count;
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
    const int slot = forward ? front_len : n - back_len - 1;
    const int job = perm[pos];
    reinterpret_cast<int4 *>(out)[0] =
        make_int4(lb, (front_len + forward) | ((back_len + !forward) << 16), 0, 0);
    /* The row that changes is the front (forward) or the back (backward); the other is copied. */
    const int *grown_from = pw + (forward ? l.front : l.back), *kept_from = pw + (forward ? l.back : l.front);
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
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (4 * v + e < MT)
                        lanes[e] = t = fsbb_machine_step(t, lanes[e], table[(4 * v + e) * n + job]);
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        } else {
#pragma unroll
            for (int v = R / 4 - 1; v >= 0; v--) {
                int4 x = fsbb_resident_row4(grown_from, v);
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 3; e >= 0; e--)
                    if (4 * v + e < MT)
                        lanes[e] = t = fsbb_machine_step(t, lanes[e], table[(4 * v + e) * n + job]);
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        }
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            int4 x = fsbb_resident_row4(pw + l.remain, v);
            int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
            for (int e = 0; e < 4; e++)
                if (4 * v + e < MT)
                    lanes[e] -= table[(4 * v + e) * n + job];
            reinterpret_cast<int4 *>(out + l.remain)[v] = x;
        }
    } else {
        for (int k = 0; k < m; k++)
            kept[k] = __ldg(kept_from + k);
        if (forward)
            for (int k = 0; k < m; k++)
                grown[k] = t = fsbb_machine_step(t, __ldg(grown_from + k), table[k * n + job]);
        else
            for (int k = m - 1; k >= 0; k--)
                grown[k] = t = fsbb_machine_step(t, __ldg(grown_from + k), table[k * n + job]);
        for (int k = 0; k < m; k++)
            out[l.remain + k] = __ldg(pw + l.remain + k) - table[k * n + job];
    }
    const int vectors = (l.stride - l.perm) / 4;
    const int4 *from = reinterpret_cast<const int4 *>(pw + l.perm);
    int4 *to = reinterpret_cast<int4 *>(out + l.perm);
    for (int v = 0; v < vectors; v++)
        to[v] = __ldg(from + v);
    fsbb_job *child_perm = reinterpret_cast<fsbb_job *>(out + l.perm);
    child_perm[pos] = perm[slot];
    child_perm[slot] = (fsbb_job)job;
}

/* LB2 of one child, computed by a whole warp (lanes over machine pairs, strongest pairs
 * first, stopping once the bound reaches ub); every lane returns the same value. */
__device__ int fsbb_resident_warp_lb2(const fsbb_resident_params &prm, const int *table,
                                      const unsigned char *unscheduled, const int *front, const int *back, int ub)
{
    const int lane = fsbb_lane();
    fsbb_bound_data d;
    d.n = prm.layout.n;
    d.m = prm.layout.m;
    d.p = const_cast<int *>(table);
    d.min_head = const_cast<int *>(prm.min_head);
    d.min_tail = const_cast<int *>(prm.min_tail);
    d.min_p = const_cast<int *>(prm.min_p);
    d.pair_count = prm.pair_count;
    d.pair_first = const_cast<int *>(prm.pair_first);
    d.pair_second = const_cast<int *>(prm.pair_second);
    d.johnson_order = const_cast<int *>(prm.johnson_order);
    d.lag = const_cast<int *>(prm.lag);
    int lb = 0;
    for (int first = 0; first < prm.pair_count; first += FSBB_WARP_SIZE) {
        const int q = first + lane;
        const int value = q < prm.pair_count ? fsbb_lb2_pair(&d, q, unscheduled, front, back) : 0;
        lb = max(lb, __reduce_max_sync(FSBB_FULL_WARP, value));
        if (lb >= ub)
            break;
    }
    return lb;
}

/* One word of the child that moves perm[pos] to the front (or back), built by a warp:
 * changed holds the child's new front (forward) or back (backward). */
__device__ int fsbb_resident_child_word(const fsbb_resident_params &prm, const int *table, const int *pw,
                                        const int *changed, int front_len, int back_len, int pos, int forward, int lb,
                                        int w)
{
    const fsbb_resident_layout &l = prm.layout;
    const int n = l.n, m = l.m;
    const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
    const int slot = forward ? front_len : n - back_len - 1;
    const int job = perm[pos];
    if (w == 0)
        return lb;
    if (w == 1)
        return (front_len + forward) | ((back_len + !forward) << 16);
    if (w < l.front)
        return 0;
    if (w < l.back) {
        const int k = w - l.front;
        return k >= m ? 0 : forward ? changed[k] : pw[w];
    }
    if (w < l.remain) {
        const int k = w - l.back;
        return k >= m ? 0 : forward ? pw[w] : changed[k];
    }
    if (w < l.perm) {
        const int k = w - l.remain;
        return k >= m ? 0 : pw[w] - table[k * n + job];
    }
    unsigned packed = 0;
    for (int half = 0; half < 2; half++) {
        const int x = 2 * (w - l.perm) + half;
        const int value = x >= n ? 0 : x == pos ? perm[slot] : x == slot ? job : perm[x];
        packed |= (unsigned)(uint16_t)value << (16 * half);
    }
    return (int)packed;
}

#endif
