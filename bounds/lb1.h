/* lb1.h — the one-machine bound (LB1) with heads and tails, in full and incremental form.
 *
 * For a node with prefix completion times front[k], suffix lengths back[k] (time from the
 * suffix's start on machine k to the end of the schedule) and remain[k], the work of the
 * unscheduled jobs on machine k, the last unscheduled job leaves machine k no earlier than
 *     C_0 = max(front[0], head_0) + remain[0]
 *     C_k = max(C_{k-1} + min_p[k], max(front[k], min_head[k]) + remain[k])
 * (the job order is the same on every machine, so the last job on k is the last on k-1),
 * and the schedule ends no earlier than LB1 = max_k C_k + max(back[k], min_tail[k]).
 * A node with no unscheduled job is a complete schedule: LB1 is then its makespan,
 * max_k front[k] + back[k].
 *
 * The incremental forms bound one child of a node in O(m) from the parent's arrays, for
 * forward branching (job appended to the prefix) and backward branching (job prepended
 * to the suffix); they return exactly fsbb_lb1 of the child. */
#ifndef FSBB_LB1_H
#define FSBB_LB1_H

#include "bound_data.h"
#include "bound_steps.h"
#include "host_device.h"

/* The makespan recurrence, the one definition of a schedule's times: with the m x n times p
 * (p[k * n + j]), after[k] is the completion time on machine k once job follows jobs whose
 * completion times are before[k]; each operation starts as early as it can,
 * at max(after[k-1], before[k]) = after[k] - p[k * n + job]. after may be before. */
FSBB_HOST_DEVICE void fsbb_completion_append(int n, int m, const int *p, int job, const int *before, int *after)
{
    int t = before[0] + p[job];
    after[0] = t;
    for (int k = 1; k < m; k++) {
        t = fsbb_machine_step(t, before[k], p[k * n + job]);
        after[k] = t;
    }
}

/* after[k]: completion time on machine k once job follows a prefix whose completion
 * times are before[k]. after may be before (updated in place). */
FSBB_HOST_DEVICE void fsbb_front_append(const fsbb_bound_data *d, int job, const int *before, int *after)
{
    fsbb_completion_append(d->n, d->m, d->p, job, before, after);
}

/* after[k]: back time on machine k once job precedes a suffix whose back times are
 * before[k]. after may be before (updated in place). */
FSBB_HOST_DEVICE void fsbb_back_prepend(const fsbb_bound_data *d, int job, const int *before, int *after)
{
    const int n = d->n, m = d->m;
    int t = before[m - 1] + d->p[(m - 1) * n + job];
    after[m - 1] = t;
    for (int k = m - 2; k >= 0; k--) {
        t = fsbb_machine_step(t, before[k], d->p[k * n + job]);
        after[k] = t;
    }
}

/* front[k]: completion time on machine k of the prefix perm[0..front_len). */
FSBB_HOST_DEVICE void fsbb_front_times(const fsbb_bound_data *d, const fsbb_job *perm, int front_len, int *front)
{
    for (int k = 0; k < d->m; k++)
        front[k] = 0;
    for (int i = 0; i < front_len; i++)
        fsbb_front_append(d, perm[i], front, front);
}

/* back[k]: time from the start of the suffix perm[n-back_len..n) on machine k to its end
 * on the last machine, scheduling the suffix backwards. */
FSBB_HOST_DEVICE void fsbb_back_times(const fsbb_bound_data *d, const fsbb_job *perm, int back_len, int *back)
{
    for (int k = 0; k < d->m; k++)
        back[k] = 0;
    for (int i = d->n - 1; i >= d->n - back_len; i--)
        fsbb_back_prepend(d, perm[i], back, back);
}

/* remain[k]: total work of the unscheduled jobs on machine k. */
FSBB_HOST_DEVICE void fsbb_remaining_work(const fsbb_bound_data *d, const fsbb_job *perm, int front_len, int back_len,
                                          int *remain)
{
    const int n = d->n, m = d->m;
    for (int k = 0; k < m; k++)
        remain[k] = 0;
    for (int i = front_len; i < n - back_len; i++) {
        const int job = perm[i];
        for (int k = 0; k < m; k++)
            remain[k] += d->p[k * n + job];
    }
}

/* Makespan of a complete schedule given its prefix and suffix parts. */
FSBB_HOST_DEVICE int fsbb_joined_makespan(int m, const int *front, const int *back)
{
    int makespan = 0;
    for (int k = 0; k < m; k++)
        makespan = FSBB_MAX(makespan, front[k] + back[k]);
    return makespan;
}

/* LB1 from the three per-machine arrays; unscheduled_count is n - front_len - back_len. */
FSBB_HOST_DEVICE int fsbb_lb1_from_parts(const fsbb_bound_data *d, const int *front, const int *back, const int *remain,
                                         int unscheduled_count)
{
    const int m = d->m;
    if (unscheduled_count == 0)
        return fsbb_joined_makespan(m, front, back);
    int last = fsbb_bound_head(front[0], d->min_head[0]) + remain[0];
    int lb = last + fsbb_bound_tail(back[0], d->min_tail[0]);
    for (int k = 1; k < m; k++) {
        last = fsbb_lb1_last(last, d->min_p[k], fsbb_bound_head(front[k], d->min_head[k]) + remain[k]);
        lb = FSBB_MAX(lb, last + fsbb_bound_tail(back[k], d->min_tail[k]));
    }
    return lb;
}

/* LB1 of the child that appends `job` to the prefix. */
FSBB_HOST_DEVICE int fsbb_lb1_forward_child(const fsbb_bound_data *d, const int *front, const int *back,
                                            const int *remain, int unscheduled_count, int job)
{
    const int n = d->n, m = d->m;
    int t = front[0] + d->p[job];
    if (unscheduled_count == 1) {
        int makespan = t + back[0];
        for (int k = 1; k < m; k++) {
            t = fsbb_machine_step(t, front[k], d->p[k * n + job]);
            makespan = FSBB_MAX(makespan, t + back[k]);
        }
        return makespan;
    }
    int last = fsbb_bound_head(t, d->min_head[0]) + remain[0] - d->p[job];
    int lb = last + fsbb_bound_tail(back[0], d->min_tail[0]);
    for (int k = 1; k < m; k++) {
        const int pk = d->p[k * n + job];
        t = fsbb_machine_step(t, front[k], pk);
        last = fsbb_lb1_last(last, d->min_p[k], fsbb_bound_head(t, d->min_head[k]) + remain[k] - pk);
        lb = FSBB_MAX(lb, last + fsbb_bound_tail(back[k], d->min_tail[k]));
    }
    return lb;
}

/* LB1 of the child that prepends `job` to the suffix; child_back is m ints of scratch. */
FSBB_HOST_DEVICE int fsbb_lb1_backward_child(const fsbb_bound_data *d, const int *front, const int *back,
                                             const int *remain, int unscheduled_count, int job, int *child_back)
{
    const int n = d->n, m = d->m;
    fsbb_back_prepend(d, job, back, child_back);
    if (unscheduled_count == 1)
        return fsbb_joined_makespan(m, front, child_back);
    int last = fsbb_bound_head(front[0], d->min_head[0]) + remain[0] - d->p[job];
    int lb = last + fsbb_bound_tail(child_back[0], d->min_tail[0]);
    for (int k = 1; k < m; k++) {
        const int work_end = fsbb_bound_head(front[k], d->min_head[k]) + remain[k] - d->p[k * n + job];
        last = fsbb_lb1_last(last, d->min_p[k], work_end);
        lb = FSBB_MAX(lb, last + fsbb_bound_tail(child_back[k], d->min_tail[k]));
    }
    return lb;
}

/* LB1 of a node from scratch; scratch holds 3 * m ints. */
FSBB_HOST_DEVICE int fsbb_lb1(const fsbb_bound_data *d, const fsbb_job *perm, int front_len, int back_len, int *scratch)
{
    int *front = scratch, *back = scratch + d->m, *remain = scratch + 2 * d->m;
    fsbb_front_times(d, perm, front_len, front);
    fsbb_back_times(d, perm, back_len, back);
    fsbb_remaining_work(d, perm, front_len, back_len, remain);
    return fsbb_lb1_from_parts(d, front, back, remain, d->n - front_len - back_len);
}

#endif
