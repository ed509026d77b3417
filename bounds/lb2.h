/* lb2.h — the two-machine bound of Lageweg, Lenstra and Rinnooy Kan (LB2).
 *
 * For a machine pair (k, l), relax every other machine to infinite capacity: job j then
 * needs p[k][j] on k, a lag lag_j (its work strictly between k and l), and p[l][j] on l.
 * Johnson's rule with lags orders such a two-machine problem optimally; the order is
 * fixed per instance (bound_data.c), and a node scans it, skipping scheduled jobs:
 *     t_k = max(front[k], min_head[k]),  t_l = max(front[l], min_head[l])
 *     for j in order, unscheduled:  t_k += p[k][j];  t_l = max(t_l, t_k + lag_j) + p[l][j]
 *     pair bound = max(t_k + max(back[k], min_tail[k]), t_l + max(back[l], min_tail[l]))
 * LB2 is the maximum over the pairs, stopping early once it reaches the incumbent. */
#ifndef FSBB_LB2_H
#define FSBB_LB2_H

#include "bound_data.h"
#include "bound_steps.h"
#include "host_device.h"

/* The bound of machine pair q; unscheduled[j] is nonzero for the jobs still to place. */
FSBB_HOST_DEVICE int fsbb_lb2_pair(const fsbb_bound_data *d, int q, const unsigned char *unscheduled, const int *front,
                                   const int *back)
{
    const int n = d->n;
    const int k = d->pair_first[q], l = d->pair_second[q];
    const int *order = d->johnson_order + q * n;
    const int *lag = d->lag + q * n;
    const int *pk = d->p + k * n, *pl = d->p + l * n;
    int tk = fsbb_bound_head(front[k], d->min_head[k]);
    int tl = fsbb_bound_head(front[l], d->min_head[l]);
    for (int r = 0; r < n; r++) {
        const int job = order[r];
        if (!unscheduled[job])
            continue;
        tk += pk[job];
        tl = fsbb_machine_step(tk + lag[job], tl, pl[job]);
    }
    /* The tails are fsbb_bound_tail's max written out: with the function here gcc inlines the
     * CPU engine's worker differently and its LB1 path runs 0.24% more instructions
     * (callgrind, ta030, 100000 nodes). */
    return FSBB_MAX(tk + FSBB_MAX(back[k], d->min_tail[k]), tl + FSBB_MAX(back[l], d->min_tail[l]));
}

/* LB2 of a node with at least one unscheduled job; returns as soon as the bound reaches ub. */
FSBB_HOST_DEVICE int fsbb_lb2(const fsbb_bound_data *d, const unsigned char *unscheduled, const int *front,
                              const int *back, int ub)
{
    int lb = 0;
    for (int q = 0; q < d->pair_count; q++) {
        const int pair_bound = fsbb_lb2_pair(d, q, unscheduled, front, back);
        lb = FSBB_MAX(lb, pair_bound);
        if (lb >= ub)
            break;
    }
    return lb;
}

#endif
