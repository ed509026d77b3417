/* lb1_batch.h — LB1 of all the children of one node at once, in structure-of-arrays form
 * so the compiler vectorises across children. Same values as fsbb_lb1_forward_child and
 * fsbb_lb1_backward_child of lb1.h, which stay the reference (and the GPU's form).
 *
 * The batch has fsbb_batch_width(count) lanes: count rounded up to FSBB_BATCH_LANES, so the
 * vector loops over children have no scalar remainder (a node has few unscheduled jobs, and
 * the remainder would cost as much as the rest). times[k * width + c] holds the time of the
 * c-th unscheduled job on machine k (gathered once, see fsbb_gather_unscheduled) and 0 in
 * the lanes past count; the bounds of those lanes are written but mean nothing. Work and
 * result arrays hold width ints (m * width for the backward suffix times). */
#ifndef FSBB_LB1_BATCH_H
#define FSBB_LB1_BATCH_H

#include "bound_data.h"
#include "bound_steps.h"
#include "host_device.h"

enum { FSBB_BATCH_LANES = 4 };

/* The lanes of a batch of count children. */
FSBB_HOST_DEVICE int fsbb_batch_width(int count)
{
    return (count + FSBB_BATCH_LANES - 1) & ~(FSBB_BATCH_LANES - 1);
}

/* Gathers the times of the count unscheduled jobs perm[first..first+count) machine by
 * machine (zeros in the lanes past count), and sums them into remain[k]. */
FSBB_HOST_DEVICE void fsbb_gather_unscheduled(const fsbb_bound_data *d, const fsbb_job *perm, int first, int count,
                                              int *times, int *remain)
{
    const int n = d->n, m = d->m, width = fsbb_batch_width(count);
    for (int k = 0; k < m; k++) {
        const int *row = d->p + k * n;
        int *out = times + k * width;
        int sum = 0;
        for (int c = 0; c < count; c++) {
            out[c] = row[perm[first + c]];
            sum += out[c];
        }
        for (int c = count; c < width; c++)
            out[c] = 0;
        remain[k] = sum;
    }
}

/* Forward children: lb[c] for appending the c-th unscheduled job; count >= 2. */
FSBB_HOST_DEVICE void fsbb_lb1_forward_children(const fsbb_bound_data *d, const int *front, const int *back,
                                                const int *remain, const int *times, int count, int *t, int *last,
                                                int *lb)
{
    const int m = d->m, width = fsbb_batch_width(count);
    {
        const int head = d->min_head[0], tail = fsbb_bound_tail(back[0], d->min_tail[0]), f = front[0], r = remain[0];
        for (int c = 0; c < width; c++) {
            const int pk = times[c];
            t[c] = f + pk;
            last[c] = fsbb_bound_head(t[c], head) + r - pk;
            lb[c] = last[c] + tail;
        }
    }
    for (int k = 1; k < m; k++) {
        const int *row = times + k * width;
        const int f = front[k], head = d->min_head[k], minp = d->min_p[k], r = remain[k];
        const int tail = fsbb_bound_tail(back[k], d->min_tail[k]);
        for (int c = 0; c < width; c++) {
            const int pk = row[c];
            const int tc = fsbb_machine_step(t[c], f, pk);
            const int lc = fsbb_lb1_last(last[c], minp, fsbb_bound_head(tc, head) + r - pk);
            t[c] = tc;
            last[c] = lc;
            lb[c] = FSBB_MAX(lb[c], lc + tail);
        }
    }
}

/* Backward children: lb[c] for prepending the c-th unscheduled job to the suffix;
 * count >= 2. */
FSBB_HOST_DEVICE void fsbb_lb1_backward_children(const fsbb_bound_data *d, const int *front, const int *back,
                                                 const int *remain, const int *times, int count, int *child_back,
                                                 int *last, int *lb)
{
    const int m = d->m, width = fsbb_batch_width(count);
    {
        const int *row = times + (m - 1) * width;
        int *out = child_back + (m - 1) * width;
        for (int c = 0; c < width; c++)
            out[c] = back[m - 1] + row[c];
    }
    for (int k = m - 2; k >= 0; k--) {
        const int *row = times + k * width;
        const int *below = child_back + (k + 1) * width;
        int *out = child_back + k * width;
        const int b = back[k];
        for (int c = 0; c < width; c++)
            out[c] = fsbb_machine_step(below[c], b, row[c]);
    }
    {
        const int start = fsbb_bound_head(front[0], d->min_head[0]) + remain[0], tail = d->min_tail[0];
        for (int c = 0; c < width; c++) {
            last[c] = start - times[c];
            lb[c] = last[c] + fsbb_bound_tail(child_back[c], tail);
        }
    }
    for (int k = 1; k < m; k++) {
        const int *row = times + k * width;
        const int *cb = child_back + k * width;
        const int start = fsbb_bound_head(front[k], d->min_head[k]) + remain[k], minp = d->min_p[k];
        const int tail = d->min_tail[k];
        for (int c = 0; c < width; c++) {
            const int lc = fsbb_lb1_last(last[c], minp, start - row[c]);
            last[c] = lc;
            lb[c] = FSBB_MAX(lb[c], lc + fsbb_bound_tail(cb[c], tail));
        }
    }
}

#endif
