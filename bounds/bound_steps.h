/* bound_steps.h — the one-machine steps every bound is built from: the schedule recurrence
 * and the pieces of LB1 (lb1.h) and LB2 (lb2.h). The CPU forms of bounds/ and the GPU
 * kernels (the resident engine's, the offload bounders', the divergence kernels') all write
 * their loops with these steps, so that each formula is written once; what they add is only
 * the order of the loops and where the operands live. A bound over several machines is the
 * largest, over them, of when the machine is done plus its tail.
 *
 * A machine's times, for a node: front (when the prefix leaves it), back (how long the
 * suffix takes from its start on it to the end), remain (the unscheduled jobs' work on it);
 * per instance: min_head, min_tail, min_p (bound_data.h). */
#ifndef FSBB_BOUND_STEPS_H
#define FSBB_BOUND_STEPS_H

#include "host_device.h"

/* A job's completion on a machine that is free from `free_at` on, the job reaching it at t
 * (when it left the machine before it): the front recurrence, machine after machine, the
 * back recurrence, machine before machine, in reversed time, and LB2's second machine,
 * which the job reaches a lag after it left the first. */
FSBB_HOST_DEVICE int fsbb_machine_step(int t, int free_at, int p)
{
    return FSBB_MAX(t, free_at) + p;
}

/* When unscheduled work can start on a machine: once the prefix leaves it, and not before
 * any job can have been through the machines before it. */
FSBB_HOST_DEVICE int fsbb_bound_head(int front, int min_head)
{
    return FSBB_MAX(front, min_head);
}

/* What follows a machine's unscheduled work: the suffix, and at least the shortest way of
 * any job through the machines after it. */
FSBB_HOST_DEVICE int fsbb_bound_tail(int back, int min_tail)
{
    return FSBB_MAX(back, min_tail);
}

/* LB1: when the last unscheduled job leaves a machine, given when it left the machine
 * before (last) and the end of this machine's own unscheduled work (head + remain). The
 * first machine has no machine before it: its last is its work's end. LB1 is the largest
 * last + tail over the machines. */
FSBB_HOST_DEVICE int fsbb_lb1_last(int last, int min_p, int work_end)
{
    return FSBB_MAX(last + min_p, work_end);
}

#endif
