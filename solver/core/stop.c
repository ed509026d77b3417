/* stop.c — the deadline and interrupt checks of stop.h. */
#include "stop.h"

#include <stddef.h>
#include <time.h>

double fsbb_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void fsbb_stop_init(fsbb_stop *stop, double deadline, atomic_int *interrupt_request)
{
    stop->deadline = deadline;
    stop->interrupt_request = interrupt_request;
    stop->steps = 0;
    stop->reason = FSBB_STOP_NONE;
}

fsbb_stop_reason fsbb_stop_due(double deadline, atomic_int *interrupt_request, double now)
{
    if (interrupt_request && atomic_load_explicit(interrupt_request, memory_order_relaxed))
        return FSBB_STOP_INTERRUPT;
    if (deadline > 0 && now >= deadline)
        return FSBB_STOP_LIMIT;
    return FSBB_STOP_NONE;
}

int fsbb_stop_check(fsbb_stop *stop)
{
    if (!stop)
        return 0;
    if (stop->reason == FSBB_STOP_NONE) {
        stop->steps = 0;
        stop->reason = fsbb_stop_due(stop->deadline, stop->interrupt_request, fsbb_now());
    }
    return stop->reason != FSBB_STOP_NONE;
}

int fsbb_stop_after(fsbb_stop *stop, uint64_t steps)
{
    if (!stop)
        return 0;
    if (stop->reason != FSBB_STOP_NONE)
        return 1;
    stop->steps += steps;
    return stop->steps >= FSBB_STOP_STEPS ? fsbb_stop_check(stop) : 0;
}
