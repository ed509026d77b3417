/* cut_probe.h — --lb auto's probe in the CPU engine (lb_auto.h's probes): at a child that
 * LB1 kept and LB2 cut, the children LB1 alone would have kept below it, counted without
 * making them, in the direction the engine would branch it (dynamic: the one with fewer).
 * The resident GPU engine counts the same in its kernel (resident_child.cuh) on a sample of
 * the cuts, 1 in 256 at a depth switched on, with the bound formula of a node of two jobs or
 * more: a cut child of one job, whose only child is a leaf at or above the upper bound, counts
 * 0 here. */
#ifndef FSBB_CUT_PROBE_H
#define FSBB_CUT_PROBE_H

#include "child_order.h"
#include "lb1.h"

/* The cut child's LB1 survivors under ub: front and back are its times, parent_remain the
 * remaining work of its parent and job the job it added (the child's remaining work is the
 * parent's less job's), jobs[0..count) its unscheduled jobs; scratch holds 2 m ints. */
static inline int fsbb_cut_probe(const fsbb_bound_data *d, fsbb_branch_kind branch, const int *front,
                                 const int *back, const int *parent_remain, fsbb_job job, const fsbb_job *jobs,
                                 int count, int ub, int *scratch)
{
    const int n = d->n, m = d->m;
    int *remain = scratch, *child_back = scratch + m;
    for (int k = 0; k < m; k++)
        remain[k] = parent_remain[k] - d->p[k * n + job];
    int alive_forward = 0, alive_backward = 0;
    for (int c = 0; c < count; c++) {
        if (branch != FSBB_BRANCH_BACKWARD)
            alive_forward += fsbb_lb1_forward_child(d, front, back, remain, count, jobs[c]) < ub;
        if (branch != FSBB_BRANCH_FORWARD)
            alive_backward += fsbb_lb1_backward_child(d, front, back, remain, count, jobs[c], child_back) < ub;
    }
    return branch == FSBB_BRANCH_FORWARD    ? alive_forward
           : branch == FSBB_BRANCH_BACKWARD ? alive_backward
           : alive_forward < alive_backward ? alive_forward
                                            : alive_backward;
}

#endif
