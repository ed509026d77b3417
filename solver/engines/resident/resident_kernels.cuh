/* resident_kernels.cuh — the kernels of the device-resident engine.
 *
 * One iteration is one kernel. The open nodes form a stack: the pool, and on top of it the
 * children of the previous iteration, left where they were written (staging[parity]).
 * branch takes the batch of parents at the top of that stack, a chunk of
 * parents_per_chunk parents per block at a time, and maps one thread to each (parent,
 * unscheduled job) pair: the thread computes the LB1 of the forward and of the backward
 * child that job makes, with the incremental formulas of lb1_batch.h on the parent's
 * stored front, back and remain. Per parent the block then picks the direction as
 * search_cpu.c does (fewer children with lb < ub, ties to the larger bound sum, then
 * forward), prunes, refines the survivors with LB2 when asked (one warp per child, lanes
 * over machine pairs) and appends them to the other staging area (one atomicAdd per warp).
 * Children with one job left are leaves and are finished on the spot; a better schedule
 * lowers the incumbent (atomicMin) and is recorded under a lock. Staged children that are
 * not parents this time are copied onto the pool by the same kernel, and the last block to
 * finish plans the next iteration.
 *
 * MT is the machine count when it is known at compile time (the per-machine arrays then
 * live in registers); 0 is the generic form. REGISTERS caps the registers per thread of
 * the branching kernel (occupancy against spills: measured in results/bench-gpu). */
#ifndef FSBB_GPU_RESIDENT_KERNELS_CUH
#define FSBB_GPU_RESIDENT_KERNELS_CUH

#include "resident_layout.cuh"
#include "lb2.h"
#include "options.h"
#include "warp_lanes.cuh"

#include <limits.h>


template <int MT> struct resident_rows {
    static constexpr int count = MT > 0 ? (MT + 3) / 4 * 4 : RESIDENT_MAX_MACHINES;
};

__device__ __forceinline__ int resident_max(int a, int b)
{
    return a > b ? a : b;
}

/* Four consecutive ints of a node row (16-byte aligned). */
__device__ __forceinline__ int4 resident_row4(const int *row, int v)
{
    return __ldg(reinterpret_cast<const int4 *>(row) + v);
}

__device__ __forceinline__ int resident_lane(const int4 &x, int e)
{
    return e == 0 ? x.x : e == 1 ? x.y : e == 2 ? x.z : x.w;
}

/* LB1 of the forward and of the backward child that job makes from the parent at pw
 * (the parent has at least two unscheduled jobs). Same integers as lb1_batch.h. The rows
 * are streamed in 16-byte pieces; only the backward children's new back stays in
 * registers between the two passes. */
template <int MT>
__device__ void resident_bound_children(const resident_params &prm, const int *table, const int *pw, int job,
                                        int want_forward, int want_backward, int *lb_forward, int *lb_backward)
{
    constexpr int R = resident_rows<MT>::count;
    const resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    const int *front = pw + l.front, *back = pw + l.back, *remain = pw + l.remain;
    int cb[R];
    int t = 0, last_f = 0, lf = 0, last_b = 0, lb = 0;
    if (MT > 0) {
        if (want_backward) {
#pragma unroll
            for (int v = R / 4 - 1; v >= 0; v--) {
                const int4 b = resident_row4(back, v);
#pragma unroll
                for (int e = 3; e >= 0; e--) {
                    const int k = 4 * v + e;
                    if (k < MT) {
                        t = resident_max(t, resident_lane(b, e)) + table[k * n + job];
                        cb[k] = t;
                    }
                }
            }
        }
        t = 0;
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            const int4 f4 = resident_row4(front, v), r4 = resident_row4(remain, v), b4 = resident_row4(back, v);
#pragma unroll
            for (int e = 0; e < 4; e++) {
                const int k = 4 * v + e;
                if (k >= MT)
                    break;
                const int pk = table[k * n + job], head = prm.head[k], tail = prm.tail[k];
                const int fr = resident_lane(f4, e), rm = resident_lane(r4, e) - pk;
                if (want_forward) {
                    t = resident_max(t, fr) + pk;
                    const int start = resident_max(t, head) + rm;
                    last_f = k == 0 ? start : resident_max(last_f + prm.shortest[k], start);
                    const int end = last_f + resident_max(resident_lane(b4, e), tail);
                    lf = k == 0 ? end : resident_max(lf, end);
                }
                if (want_backward) {
                    const int start = resident_max(fr, head) + rm;
                    last_b = k == 0 ? start : resident_max(last_b + prm.shortest[k], start);
                    const int end = last_b + resident_max(cb[k], tail);
                    lb = k == 0 ? end : resident_max(lb, end);
                }
            }
        }
    } else {
        if (want_backward)
            for (int k = m - 1; k >= 0; k--) {
                t = resident_max(t, __ldg(back + k)) + table[k * n + job];
                cb[k] = t;
            }
        t = 0;
        for (int k = 0; k < m; k++) {
            const int pk = table[k * n + job], head = prm.head[k], tail = prm.tail[k];
            const int fr = __ldg(front + k), rm = __ldg(remain + k) - pk;
            if (want_forward) {
                t = resident_max(t, fr) + pk;
                const int start = resident_max(t, head) + rm;
                last_f = k == 0 ? start : resident_max(last_f + prm.shortest[k], start);
                const int end = last_f + resident_max(__ldg(back + k), tail);
                lf = k == 0 ? end : resident_max(lf, end);
            }
            if (want_backward) {
                const int start = resident_max(fr, head) + rm;
                last_b = k == 0 ? start : resident_max(last_b + prm.shortest[k], start);
                const int end = last_b + resident_max(cb[k], tail);
                lb = k == 0 ? end : resident_max(lb, end);
            }
        }
    }
    *lb_forward = lf;
    *lb_backward = lb;
}

/* Makespan of the schedule that puts job in the only open slot of the parent at pw. */
template <int MT>
__device__ int resident_complete(const resident_params &prm, const int *table, const int *pw, int job)
{
    const resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    int t = 0, makespan = 0;
#pragma unroll
    for (int k = 0; k < m; k++) {
        t = resident_max(t, __ldg(pw + l.front + k)) + table[k * n + job];
        makespan = resident_max(makespan, t + __ldg(pw + l.back + k));
    }
    return makespan;
}

/* Makespan of the leaf that places job forward (or backward) in a parent with two open
 * slots, other taking the last one: the leaf's own makespan as search_cpu.c computes it
 * when it pops that leaf. */
template <int MT>
__device__ int resident_leaf(const resident_params &prm, const int *table, const int *pw, int job, int other,
                             int forward)
{
    constexpr int R = resident_rows<MT>::count;
    const resident_layout &l = prm.layout;
    const int n = l.n, m = MT > 0 ? MT : l.m;
    int makespan = 0;
    if (forward) {
        int t1 = 0, t2 = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t1 = resident_max(t1, __ldg(pw + l.front + k)) + table[k * n + job];
            t2 = resident_max(t2, t1) + table[k * n + other];
            makespan = resident_max(makespan, t2 + __ldg(pw + l.back + k));
        }
    } else {
        int cb[R];
        int t = 0;
#pragma unroll
        for (int k = m - 1; k >= 0; k--) {
            t = resident_max(t, __ldg(pw + l.back + k)) + table[k * n + job];
            cb[k] = t;
        }
        t = 0;
#pragma unroll
        for (int k = 0; k < m; k++) {
            t = resident_max(t, __ldg(pw + l.front + k)) + table[k * n + other];
            makespan = resident_max(makespan, t + cb[k]);
        }
    }
    return makespan;
}

/* Offers a complete schedule: the parent's permutation with positions pos and slot
 * swapped (pos < 0: as it is). The record and its makespan change together under the lock;
 * the incumbent follows. */
__device__ void resident_offer(const resident_params &prm, int makespan, const fsbb_job *perm, int pos, int slot)
{
    resident_control *ctl = prm.control;
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
__device__ void resident_write_child(const resident_params &prm, const int *table, const int *pw, int front_len,
                                     int back_len, int pos, int forward, int lb, int *out)
{
    constexpr int R = resident_rows<MT>::count;
    const resident_layout &l = prm.layout;
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
            reinterpret_cast<int4 *>(kept)[v] = resident_row4(kept_from, v);
        if (forward) {
#pragma unroll
            for (int v = 0; v < R / 4; v++) {
                int4 x = resident_row4(grown_from, v);
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 0; e < 4; e++)
                    if (4 * v + e < MT)
                        lanes[e] = t = resident_max(t, lanes[e]) + table[(4 * v + e) * n + job];
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        } else {
#pragma unroll
            for (int v = R / 4 - 1; v >= 0; v--) {
                int4 x = resident_row4(grown_from, v);
                int *lanes = reinterpret_cast<int *>(&x);
#pragma unroll
                for (int e = 3; e >= 0; e--)
                    if (4 * v + e < MT)
                        lanes[e] = t = resident_max(t, lanes[e]) + table[(4 * v + e) * n + job];
                reinterpret_cast<int4 *>(grown)[v] = x;
            }
        }
#pragma unroll
        for (int v = 0; v < R / 4; v++) {
            int4 x = resident_row4(pw + l.remain, v);
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
                grown[k] = t = resident_max(t, __ldg(grown_from + k)) + table[k * n + job];
        else
            for (int k = m - 1; k >= 0; k--)
                grown[k] = t = resident_max(t, __ldg(grown_from + k)) + table[k * n + job];
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

/* Exclusive prefix sum over the block; *total gets the sum. scratch holds 33 ints. */
__device__ int resident_block_scan(int value, int *scratch, int *total)
{
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
    int inclusive = value;
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        const int x = __shfl_up_sync(FSBB_FULL_WARP, inclusive, d);
        if (lane >= d)
            inclusive += x;
    }
    if (lane == 31)
        scratch[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        int x = lane < warps ? scratch[lane] : 0;
#pragma unroll
        for (int d = 1; d < 32; d <<= 1) {
            const int y = __shfl_up_sync(FSBB_FULL_WARP, x, d);
            if (lane >= d)
                x += y;
        }
        scratch[lane] = x;
    }
    __syncthreads();
    *total = scratch[warps - 1];
    return (warp > 0 ? scratch[warp - 1] : 0) + inclusive - value;
}

/* LB2 of one child, computed by a whole warp (lanes over machine pairs, strongest pairs
 * first, stopping once the bound reaches ub); every lane returns the same value. */
__device__ int resident_warp_lb2(const resident_params &prm, const int *table, const unsigned char *unscheduled,
                                 const int *front, const int *back, int ub)
{
    const int lane = threadIdx.x & 31;
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
    for (int first = 0; first < prm.pair_count; first += 32) {
        const int q = first + lane;
        const int value = q < prm.pair_count ? fsbb_lb2_pair(&d, q, unscheduled, front, back) : 0;
        lb = resident_max(lb, __reduce_max_sync(FSBB_FULL_WARP, value));
        if (lb >= ub)
            break;
    }
    return lb;
}

/* One word of the child that moves perm[pos] to the front (or back), built by a warp:
 * changed holds the child's new front (forward) or back (backward). */
__device__ int resident_child_word(const resident_params &prm, const int *table, const int *pw, const int *changed,
                                   int front_len, int back_len, int pos, int forward, int lb, int w)
{
    const resident_layout &l = prm.layout;
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

__device__ void resident_plan_next(const resident_params &prm, int threads);

template <int MT, int REGISTERS>
__global__ void __maxnreg__(REGISTERS) resident_branch(resident_params prm)
{
    extern __shared__ int smem[];
    const resident_layout &l = prm.layout;
    const resident_shared_layout &sl = prm.shared;
    const int n = l.n, m = l.m;
    const int threads = blockDim.x, tid = threadIdx.x, lane = tid & 31, warp = tid >> 5, warps = threads >> 5;
    int *table = smem + sl.table, *offsets = smem + sl.offsets, *info = smem + sl.info;
    int *forward_of = smem + sl.forward, *lb_forward = smem + sl.lb_forward, *lb_backward = smem + sl.lb_backward;
    int *parent_of = smem + sl.parent_of, *queue = smem + sl.queue, *misc = smem + sl.misc;
    resident_control *ctl = prm.control;
    const int want_forward = prm.branch != FSBB_BRANCH_BACKWARD;
    const int want_backward = prm.branch != FSBB_BRANCH_FORWARD;
    const int bounds_per_job = want_forward + want_backward;

    for (int i = tid; i < n * m; i += threads)
        table[i] = prm.p[i];
    const int batch = ctl->batch, per_chunk = ctl->parents_per_chunk, top = ctl->top;
    const int from_pool = ctl->from_pool, excess = ctl->excess, parity = ctl->parity;
    const int chunks = (batch + per_chunk - 1) / per_chunk;
    /* Parents: the pool's top from_pool nodes, then the last children of the previous
     * iteration; its other children (excess) go onto the pool. */
    const int *pool_parents = prm.pool + (size_t)(top - from_pool) * l.stride;
    const int *staged_parents = prm.staging[parity] + (size_t)excess * l.stride;
    int *children = prm.staging[parity ^ 1];
    const auto parent = [&](int g) {
        return g < from_pool ? pool_parents + (size_t)g * l.stride : staged_parents + (size_t)(g - from_pool) * l.stride;
    };
    {
        const size_t vectors = (size_t)excess * (size_t)(l.stride / 4);
        const int4 *from = reinterpret_cast<const int4 *>(prm.staging[parity]);
        int4 *to = reinterpret_cast<int4 *>(prm.pool + (size_t)top * l.stride);
        for (size_t v = (size_t)blockIdx.x * threads + tid; v < vectors; v += (size_t)gridDim.x * threads)
            to[v] = __ldg(from + v);
    }
    unsigned long long nodes = 0, bounded = 0;
    __syncthreads();

    /* Chunks are handed out one at a time, so that blocks finish together. */
    for (;;) {
        if (tid == 0) {
            misc[MISC_CHUNK] = atomicAdd(&ctl->next_chunk, 1);
            misc[MISC_UB] = *(volatile int *)&ctl->incumbent;
        }
        __syncthreads();
        const int chunk = misc[MISC_CHUNK];
        if (chunk >= chunks)
            break;
        const int first = chunk * per_chunk;
        const int count = min(per_chunk, batch - first);
        const int ub = misc[MISC_UB];

        /* Stage 1: one thread per parent: skip the pruned, finish the leaves, count. */
        int open_jobs = 0;
        if (tid < count) {
            const int *pw = parent(first + tid);
            const int lb = __ldg(pw);
            const int packed = __ldg(pw + 1);
            info[tid] = packed;
            const int front_len = packed & 0xffff, back_len = (int)((unsigned)packed >> 16);
            const int unscheduled = n - front_len - back_len;
            if (lb < ub) {
                nodes++;
                if (unscheduled == 1) {
                    const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
                    const int makespan = resident_complete<MT>(prm, table, pw, perm[front_len]);
                    bounded++;
                    if (makespan < ub)
                        resident_offer(prm, makespan, perm, -1, -1);
                } else {
                    open_jobs = unscheduled;
                    bounded += (unsigned long long)unscheduled * bounds_per_job;
                }
            }
        }
        if (tid == 0)
            misc[MISC_JOBS] = open_jobs;
        int total;
        const int before = resident_block_scan(open_jobs, misc + MISC_SCAN, &total);
        if (tid < count)
            offsets[tid] = before;
        if (tid == 0)
            offsets[count] = total;
        /* Parents with the same number of open jobs (the usual case): candidate c belongs to
         * parent c / jobs, no search needed. */
        const int same_jobs = misc[MISC_JOBS];
        const int uniform = __syncthreads_count(tid < count && open_jobs != same_jobs) == 0 && same_jobs > 0;

        /* Sub-chunks of at most cap candidates (a parent is never split). */
        for (int a = 0; a < count;) {
            const int start = offsets[a];
            int lo = a + 1, hi = count;
            while (lo < hi) {
                const int mid = (lo + hi + 1) >> 1;
                if (offsets[mid] - start <= sl.cap)
                    lo = mid;
                else
                    hi = mid - 1;
            }
            const int b = lo, sub_total = offsets[b] - start;

            /* Stage 2: one thread per (parent, job): both children's LB1. */
            for (int r = tid; r < sub_total; r += threads) {
                const int c = start + r;
                int i = a, last = b - 1;
                if (uniform)
                    i = last = c / same_jobs;
                while (i < last) {
                    const int mid = (i + last + 1) >> 1;
                    if (offsets[mid] <= c)
                        i = mid;
                    else
                        last = mid - 1;
                }
                parent_of[r] = i;
                const int *pw = parent(first + i);
                const int front_len = info[i] & 0xffff;
                const int job = reinterpret_cast<const fsbb_job *>(pw + l.perm)[front_len + c - offsets[i]];
                int f, g;
                resident_bound_children<MT>(prm, table, pw, job, want_forward, want_backward, &f, &g);
                lb_forward[r] = f;
                lb_backward[r] = g;
            }
            if (tid == 0)
                misc[MISC_QUEUE] = 0;
            __syncthreads();

            /* Stage 2.5: one thread per parent: the direction (choose_forward of search_cpu.c). */
            for (int i = a + tid; i < b; i += threads) {
                const int jobs = offsets[i + 1] - offsets[i];
                if (jobs == 0)
                    continue;
                int forward = want_forward;
                if (want_forward && want_backward) {
                    const int r0 = offsets[i] - start;
                    int alive_f = 0, alive_b = 0;
                    long long sum_f = 0, sum_b = 0;
                    for (int j = 0; j < jobs; j++) {
                        const int f = lb_forward[r0 + j], g = lb_backward[r0 + j];
                        alive_f += f < ub;
                        alive_b += g < ub;
                        sum_f += f;
                        sum_b += g;
                    }
                    forward = alive_f != alive_b ? alive_f < alive_b : sum_f >= sum_b;
                }
                forward_of[i] = forward;
            }
            __syncthreads();

            /* Stage 3: one thread per candidate of the chosen direction: prune, finish the
             * leaves, queue for LB2 or write the child. */
            for (int r0 = 0; r0 < sub_total; r0 += threads) {
                const int r = r0 + tid;
                int write = 0, i = 0, forward = 0, lb = 0;
                if (r < sub_total) {
                    i = parent_of[r];
                    forward = forward_of[i];
                    lb = forward ? lb_forward[r] : lb_backward[r];
                    if (lb < ub) {
                        if (prm.lb2) {
                            queue[atomicAdd(&misc[MISC_QUEUE], 1)] = r;
                        } else if (offsets[i + 1] - offsets[i] == 2) {
                            const int *pw = parent(first + i);
                            const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
                            const int j = start + r - offsets[i];
                            const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
                            const int makespan = resident_leaf<MT>(prm, table, pw, perm[front_len + j],
                                                                   perm[front_len + 1 - j], forward);
                            nodes++;
                            bounded++;
                            if (makespan < ub)
                                resident_offer(prm, makespan, perm, front_len + j,
                                               forward ? front_len : n - back_len - 1);
                        } else {
                            write = 1;
                        }
                    }
                }
                const unsigned mask = __ballot_sync(FSBB_FULL_WARP, write);
                if (mask) {
                    const int leader = __ffs(mask) - 1;
                    int slot = 0;
                    if (lane == leader)
                        slot = atomicAdd(&ctl->children, __popc(mask));
                    slot = __shfl_sync(FSBB_FULL_WARP, slot, leader) + __popc(mask & ((1u << lane) - 1));
                    if (write) {
                        const int *pw = parent(first + i);
                        const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
                        resident_write_child<MT>(prm, table, pw, front_len, back_len,
                                                 front_len + start + r - offsets[i], forward, lb,
                                                 children + (size_t)slot * l.stride);
                    }
                }
            }

            if (prm.lb2) {
                /* Stage 4: one warp per queued child: LB2, then leaf or write. */
                __syncthreads();
                const int queued = misc[MISC_QUEUE];
                int *changed = smem + sl.warp_child + warp * l.m4;
                unsigned char *flags = reinterpret_cast<unsigned char *>(smem + sl.warp_flags + warp * sl.flag_words);
                for (int q = warp; q < queued; q += warps) {
                    const int r = queue[q], i = parent_of[r], forward = forward_of[i];
                    const int lb1 = forward ? lb_forward[r] : lb_backward[r];
                    const int *pw = parent(first + i);
                    const int front_len = info[i] & 0xffff, back_len = (int)((unsigned)info[i] >> 16);
                    const int pos = front_len + start + r - offsets[i];
                    const fsbb_job *perm = reinterpret_cast<const fsbb_job *>(pw + l.perm);
                    const int job = perm[pos];
                    for (int x = lane; x < n; x += 32)
                        flags[x] = 0;
                    __syncwarp();
                    for (int x = front_len + lane; x < n - back_len; x += 32)
                        if (x != pos)
                            flags[perm[x]] = 1;
                    if (lane == 0) {
                        int t = 0;
                        if (forward)
                            for (int k = 0; k < m; k++) {
                                t = resident_max(t, pw[l.front + k]) + table[k * n + job];
                                changed[k] = t;
                            }
                        else
                            for (int k = m - 1; k >= 0; k--) {
                                t = resident_max(t, pw[l.back + k]) + table[k * n + job];
                                changed[k] = t;
                            }
                    }
                    __syncwarp();
                    const int lb2 = resident_warp_lb2(prm, table, flags, forward ? changed : pw + l.front,
                                                      forward ? pw + l.back : changed, ub);
                    const int lb = resident_max(lb1, lb2);
                    if (lane == 0)
                        bounded++;
                    if (lb < ub) {
                        if (offsets[i + 1] - offsets[i] == 2) {
                            if (lane == 0) {
                                const int other = perm[pos == front_len ? front_len + 1 : front_len];
                                const int makespan = resident_leaf<MT>(prm, table, pw, job, other, forward);
                                nodes++;
                                bounded++;
                                if (makespan < ub)
                                    resident_offer(prm, makespan, perm, pos, forward ? front_len : n - back_len - 1);
                            }
                        } else {
                            int slot = 0;
                            if (lane == 0)
                                slot = atomicAdd(&ctl->children, 1);
                            slot = __shfl_sync(FSBB_FULL_WARP, slot, 0);
                            int *out = children + (size_t)slot * l.stride;
                            for (int w = lane; w < l.stride; w += 32)
                                out[w] = resident_child_word(prm, table, pw, changed, front_len, back_len, pos,
                                                             forward, lb, w);
                        }
                    }
                    __syncwarp();
                }
            }
            __syncthreads();
            a = b;
        }
    }

    /* The block's counters, one atomicAdd each. */
    __shared__ unsigned long long block_nodes, block_bounded;
    __shared__ int last_block;
    if (tid == 0)
        block_nodes = block_bounded = 0;
    __syncthreads();
#pragma unroll
    for (int d = 16; d > 0; d >>= 1) {
        nodes += __shfl_down_sync(FSBB_FULL_WARP, nodes, d);
        bounded += __shfl_down_sync(FSBB_FULL_WARP, bounded, d);
    }
    if (lane == 0 && (nodes || bounded)) {
        atomicAdd(&block_nodes, nodes);
        atomicAdd(&block_bounded, bounded);
    }
    __syncthreads();
    if (tid == 0 && (block_nodes || block_bounded)) {
        atomicAdd(&ctl->nodes, block_nodes);
        atomicAdd(&ctl->bounded, block_bounded);
    }

    /* The last block to finish moves the stack's top and plans the next iteration. */
    __threadfence();
    __syncthreads();
    if (tid == 0)
        last_block = atomicAdd(&ctl->finished_blocks, 1u) == gridDim.x - 1;
    __syncthreads();
    if (last_block && tid == 0) {
        __threadfence();
        if (batch > 0) {
            ctl->top = top - from_pool + excess;
            ctl->staged = *(volatile int *)&ctl->children;
            ctl->parity = parity ^ 1;
        }
        ctl->children = 0;
        ctl->next_chunk = 0;
        ctl->finished_blocks = 0;
        __threadfence();
        resident_plan_next(prm, threads);
    }
}

/* The next iteration, from the stack (pool, then the staged children on top): at most
 * batch_limit parents from the top (one until an incumbent exists), none past the node
 * limit, and none at all while the
 * staged children that are not parents (excess) would not fit on the pool (the host then
 * spills). Chunks hold about chunk_candidates (parent, job) pairs, judged by the top node,
 * and at most one parent per thread. */
__device__ void resident_plan_next(const resident_params &prm, int threads)
{
    resident_control *ctl = prm.control;
    const resident_layout &l = prm.layout;
    const int top = *(volatile int *)&ctl->top, staged = *(volatile int *)&ctl->staged;
    const int parity = *(volatile int *)&ctl->parity;
    long long batch = (long long)top + staged;
    batch = batch < prm.batch_limit ? batch : prm.batch_limit;
    /* Without any incumbent nothing is pruned: dive one parent at a time to a first leaf
     * instead of keeping batch * n open children on every level. */
    if (*(volatile int *)&ctl->incumbent == INT_MAX && batch > 1)
        batch = 1;
    if (prm.node_limit) {
        const unsigned long long done = *(volatile unsigned long long *)&ctl->nodes;
        const long long left = done >= prm.node_limit ? 0 : (long long)(prm.node_limit - done);
        batch = batch < left ? batch : left;
    }
    int excess = staged > batch ? staged - (int)batch : 0;
    if (batch <= 0 || (long long)top + excess > prm.capacity)
        batch = excess = 0;
    int per_chunk = threads;
    const int *top_node = staged > 0 ? prm.staging[parity] + (size_t)(staged - 1) * l.stride
                          : top > 0  ? prm.pool + (size_t)(top - 1) * l.stride
                                     : NULL;
    if (top_node) {
        const int packed = __ldcg(top_node + 1);
        const int jobs = l.n - (packed & 0xffff) - (int)((unsigned)packed >> 16);
        if (jobs > 1)
            per_chunk = prm.chunk_candidates / jobs < 1 ? 1
                        : prm.chunk_candidates / jobs < threads ? prm.chunk_candidates / jobs : threads;
    }
    ctl->batch = (int)batch;
    ctl->excess = excess;
    ctl->from_pool = batch > staged ? (int)batch - staged : 0;
    ctl->parents_per_chunk = per_chunk;
}

/* Plans the next iteration after the host changed the pool (spill, refill, push). */
__global__ void resident_plan(resident_params prm, int branch_threads)
{
    resident_plan_next(prm, branch_threads);
}

/* The smallest bound among the open nodes (pool and staged children), into
 * control->open_min. */
__global__ void resident_open_min(resident_params prm)
{
    resident_control *ctl = prm.control;
    const int top = ctl->top, staged = ctl->staged;
    const int *staging = prm.staging[ctl->parity];
    int low = INT_MAX;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < top + staged; i += gridDim.x * blockDim.x) {
        const int lb = i < top ? prm.pool[(size_t)i * prm.layout.stride] : staging[(size_t)(i - top) * prm.layout.stride];
        low = lb < low ? lb : low;
    }
    low = __reduce_min_sync(FSBB_FULL_WARP, low);
    if ((threadIdx.x & 31) == 0)
        atomicMin(&ctl->open_min, low);
}

#endif
