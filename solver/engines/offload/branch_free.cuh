/* branch_free.cuh — the bounds of lb1.h and lb2.h rewritten without data-dependent branches
 * (Chakroun et al., section 5), for the one-node-per-thread GPU kernels (gpu_bounder.cu,
 * refactor trig and select). They compute the same integers as the originals; only the
 * control flow is rewritten:
 *   - a test of a count (LIMIT) against 0: "node is a leaf" in fsbb_lb1_from_parts;
 *   - the loops over the prefix, the suffix and the unscheduled jobs, whose trip counts are
 *     front_len, back_len and n - front_len - back_len: they run to the warp's largest
 *     count, and a lane past its own count adds zero times (an update that leaves the
 *     front and back arrays unchanged, since those are monotone along the machines);
 *   - a comparison x >= y: the "job is scheduled, skip it" test of the LB2 scan, and the LB2
 *     early exit at the incumbent, which becomes a frozen running bound plus a warp-uniform
 *     exit once every lane of the warp has reached the incumbent.
 * Two policies supply the 0/1 coefficients, the blends and the steps of the recurrences:
 *   fsbb_select_policy: branch-free integer code, predicates, min/max and masks; its steps are
 *                  those of bound_steps.h (max compiles to one min/max instruction);
 *   fsbb_trig_policy  : the paper's arithmetic, coefficients from __cosf and __expf, blends
 *                  c * a + (1 - c) * b, and every max of the steps a blend too: its steps
 *                  restate bound_steps.h's with that max (the one place the formulas are
 *                  written again, since replacing max is what this mode reproduces).
 * Both are exact (see the comments on each primitive; test/gpu checks them exhaustively).
 * Callers must keep all 32 lanes of each warp active (the loop bounds are warp reductions). */
#ifndef FSBB_BRANCH_FREE_CUH
#define FSBB_BRANCH_FREE_CUH

#include "bound_data.h"
#include "bound_steps.h"
#include "warp_lanes.cuh"

/* fsbb_trig_policy's is_zero is exact for 0 <= x <= this count (guarded by the bounder: n <= it). */
#define FSBB_TRIG_MAX_COUNT 1024
/* fsbb_trig_policy's comparisons are exact when both operands are below 2^24 (integers exactly
 * representable in float), or when y is larger still; the bounder checks that the total
 * work of the instance, which bounds every time the bounds compute, is below it. */
#define FSBB_TRIG_MAX_VALUE (1 << 24)

struct fsbb_trig_policy {
    /* 1 when x == 0, else 0. The paper writes (int)__cosf(x); for integer x that is 1 or -1
     * near multiples of pi (x = 355, 710, ...). Scaling x in [0, FSBB_TRIG_MAX_COUNT] into
     * [0, pi/2] keeps cos(x) for x >= 1 at most 1 - 1.18e-6, three times __cosf's absolute
     * error (2^-21.4) away from 1, and at x = max it is about -4e-8, which truncates to 0. */
    static __device__ __forceinline__ int is_zero(int x)
    {
        return (int)__cosf((float)x * (1.57079637f / FSBB_TRIG_MAX_COUNT));
    }
    /* 1 when x >= y, else 0. The paper writes min(1, __expf(x - y - 1)), which tests x > y
     * and puts x - y - 1 = 0 exactly on the rounding edge (exp(0) = 1). The half offset
     * keeps both outcomes e^0.5 away from 1: exp >= 1.65 when x >= y, <= 0.61 when x < y. */
    static __device__ __forceinline__ int at_least(int x, int y)
    {
        return (int)fminf(1.0f, __expf((float)x - (float)y + 0.5f));
    }
    static __device__ __forceinline__ int pick(int c, int a, int b) { return c * a + (1 - c) * b; }
    static __device__ __forceinline__ int mask(int c, int v) { return c * v; }
    static __device__ __forceinline__ int both(int a, int b) { return a * b; }
    static __device__ __forceinline__ int either(int a, int b) { return a + b - a * b; }
    static __device__ __forceinline__ int max(int a, int b) { return pick(at_least(a, b), a, b); }
    /* The steps of bound_steps.h with this max. */
    static __device__ __forceinline__ int machine_step(int t, int free_at, int p) { return max(t, free_at) + p; }
    static __device__ __forceinline__ int bound_head(int front, int min_head) { return max(front, min_head); }
    static __device__ __forceinline__ int bound_tail(int back, int min_tail) { return max(back, min_tail); }
    static __device__ __forceinline__ int lb1_last(int last, int min_p, int work_end)
    {
        return max(last + min_p, work_end);
    }
};

struct fsbb_select_policy {
    static __device__ __forceinline__ int is_zero(int x) { return x == 0; }
    static __device__ __forceinline__ int at_least(int x, int y) { return x >= y; }
    static __device__ __forceinline__ int pick(int c, int a, int b) { return b ^ ((a ^ b) & -c); }
    static __device__ __forceinline__ int mask(int c, int v) { return v & -c; }
    static __device__ __forceinline__ int both(int a, int b) { return a & b; }
    static __device__ __forceinline__ int either(int a, int b) { return a | b; }
    static __device__ __forceinline__ int max(int a, int b) { return FSBB_MAX(a, b); }
    static __device__ __forceinline__ int machine_step(int t, int free_at, int p)
    {
        return fsbb_machine_step(t, free_at, p);
    }
    static __device__ __forceinline__ int bound_head(int front, int min_head)
    {
        return fsbb_bound_head(front, min_head);
    }
    static __device__ __forceinline__ int bound_tail(int back, int min_tail)
    {
        return fsbb_bound_tail(back, min_tail);
    }
    static __device__ __forceinline__ int lb1_last(int last, int min_p, int work_end)
    {
        return fsbb_lb1_last(last, min_p, work_end);
    }
};

/* fsbb_front_times; warp_front_len is the warp's largest front_len. */
template <class P>
__device__ __forceinline__ void fsbb_branch_free_front_times(const fsbb_bound_data *d, const fsbb_job *perm,
                                                             int front_len, int warp_front_len, int *front)
{
    const int n = d->n, m = d->m;
    for (int k = 0; k < m; k++)
        front[k] = 0;
    for (int i = 0; i < warp_front_len; i++) {
        const int active = P::at_least(front_len, i + 1);
        const int job = perm[i];
        int t = front[0] + P::mask(active, d->p[job]);
        front[0] = t;
        for (int k = 1; k < m; k++) {
            t = P::machine_step(t, front[k], P::mask(active, d->p[k * n + job]));
            front[k] = t;
        }
    }
}

/* fsbb_back_times; warp_back_len is the warp's largest back_len. */
template <class P>
__device__ __forceinline__ void fsbb_branch_free_back_times(const fsbb_bound_data *d, const fsbb_job *perm,
                                                            int back_len, int warp_back_len, int *back)
{
    const int n = d->n, m = d->m;
    for (int k = 0; k < m; k++)
        back[k] = 0;
    for (int i = n - 1; i >= n - warp_back_len; i--) {
        const int active = P::at_least(i, n - back_len);
        const int job = perm[i];
        int t = back[m - 1] + P::mask(active, d->p[(m - 1) * n + job]);
        back[m - 1] = t;
        for (int k = m - 2; k >= 0; k--) {
            t = P::machine_step(t, back[k], P::mask(active, d->p[k * n + job]));
            back[k] = t;
        }
    }
}

/* fsbb_remaining_work over positions [lo, hi); [warp_lo, warp_hi) covers the warp's ranges. */
template <class P>
__device__ __forceinline__ void fsbb_branch_free_remaining_work(const fsbb_bound_data *d, const fsbb_job *perm, int lo,
                                                                int hi, int warp_lo, int warp_hi, int *remain)
{
    const int n = d->n, m = d->m;
    for (int k = 0; k < m; k++)
        remain[k] = 0;
    for (int i = warp_lo; i < warp_hi; i++) {
        const int active = P::both(P::at_least(i, lo), P::at_least(hi - 1, i));
        const int job = perm[i];
        for (int k = 0; k < m; k++)
            remain[k] += P::mask(active, d->p[k * n + job]);
    }
}

/* fsbb_lb1_from_parts: both the leaf's makespan and the bound are computed, then blended. */
template <class P>
__device__ __forceinline__ int fsbb_branch_free_lb1_from_parts(const fsbb_bound_data *d, const int *front,
                                                               const int *back, const int *remain,
                                                               int unscheduled_count)
{
    const int m = d->m;
    int makespan = 0;
    for (int k = 0; k < m; k++)
        makespan = P::max(makespan, front[k] + back[k]);
    int last = P::bound_head(front[0], d->min_head[0]) + remain[0];
    int lb = last + P::bound_tail(back[0], d->min_tail[0]);
    for (int k = 1; k < m; k++) {
        last = P::lb1_last(last, d->min_p[k], P::bound_head(front[k], d->min_head[k]) + remain[k]);
        lb = P::max(lb, last + P::bound_tail(back[k], d->min_tail[k]));
    }
    return P::pick(P::is_zero(unscheduled_count), makespan, lb);
}

/* unscheduled[job] for every job, from the positions [lo, hi) of the unscheduled ones. */
template <class P>
__device__ __forceinline__ void fsbb_branch_free_mark_unscheduled(int n, const fsbb_job *perm, int lo, int hi,
                                                                  unsigned char *unscheduled)
{
    for (int i = 0; i < n; i++)
        unscheduled[perm[i]] = (unsigned char)P::both(P::at_least(i, lo), P::at_least(hi - 1, i));
}

/* fsbb_lb2_pair with the skip of scheduled jobs turned into a blend. */
template <class P>
__device__ __forceinline__ int fsbb_branch_free_lb2_pair(const fsbb_bound_data *d, int q,
                                                         const unsigned char *unscheduled, const int *front,
                                                         const int *back)
{
    const int n = d->n;
    const int k = d->pair_first[q], l = d->pair_second[q];
    const int *order = d->johnson_order + q * n;
    const int *lag = d->lag + q * n;
    const int *pk = d->p + k * n, *pl = d->p + l * n;
    int tk = P::bound_head(front[k], d->min_head[k]);
    int tl = P::bound_head(front[l], d->min_head[l]);
    for (int r = 0; r < n; r++) {
        const int job = order[r];
        const int open = unscheduled[job];
        tk += P::mask(open, pk[job]);
        tl = P::pick(open, P::machine_step(tk + lag[job], tl, pl[job]), tl);
    }
    return P::max(tk + P::bound_tail(back[k], d->min_tail[k]), tl + P::bound_tail(back[l], d->min_tail[l]));
}

/* The LB2 pool bound (see gpu_pool.h): max(lb1, fsbb_lb2(..., ub)) for a node with
 * unscheduled jobs and lb1 < ub, else lb1. A lane whose running bound has reached ub keeps
 * it frozen; the warp leaves the pair loop when all its lanes have. */
template <class P>
__device__ __forceinline__ int fsbb_branch_free_lb2(const fsbb_bound_data *d, const unsigned char *unscheduled,
                                                    const int *front, const int *back, int lb1, int unscheduled_count,
                                                    int ub)
{
    int stopped = P::either(P::is_zero(unscheduled_count), P::at_least(lb1, ub));
    int running = 0;
    for (int q = 0; q < d->pair_count; q++) {
        if (__all_sync(FSBB_FULL_WARP, stopped))
            break;
        const int pair_bound = fsbb_branch_free_lb2_pair<P>(d, q, unscheduled, front, back);
        running = P::pick(stopped, running, P::max(running, pair_bound));
        stopped = P::either(stopped, P::at_least(running, ub));
    }
    return P::max(lb1, running);
}

#endif
