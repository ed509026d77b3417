/* stop.h — when a phase of a solve must end: the time limit as a deadline on the monotonic
 * clock and the solver's interrupt flag, checked cheaply from loops whose steps cost
 * anything from a few operations to millions (the initial schedule, the bound tables, a
 * search node). A loop counts its work in steps of about one elementary operation each;
 * fsbb_stop_after reads the clock and the flag once per FSBB_STOP_STEPS counted steps, so a
 * stop is seen within about a millisecond of work whatever one step of the loop costs, and
 * checking costs nothing measurable.
 *
 * One fsbb_stop belongs to one thread. A NULL fsbb_stop never stops. */
#ifndef FSBB_STOP_H
#define FSBB_STOP_H

#include <stdatomic.h>
#include <stdint.h>

/* Steps of work between two looks at the clock (about a millisecond, or less). */
#define FSBB_STOP_STEPS ((uint64_t)1 << 20)

typedef enum fsbb_stop_reason {
    FSBB_STOP_NONE = 0,
    FSBB_STOP_LIMIT,      /* the deadline passed */
    FSBB_STOP_INTERRUPT   /* the interrupt flag was set */
} fsbb_stop_reason;

typedef struct fsbb_stop {
    double deadline;               /* fsbb_now() seconds; 0: no time limit */
    atomic_int *interrupt_request; /* nonzero asks to stop; NULL: none */
    uint64_t steps;                /* counted since the last look */
    fsbb_stop_reason reason;       /* FSBB_STOP_NONE until stopped; then it stays */
} fsbb_stop;

/* Seconds on a monotonic clock. */
double fsbb_now(void);

void fsbb_stop_init(fsbb_stop *stop, double deadline, atomic_int *interrupt_request);

/* What stops a phase now (at time now), without counting: the interrupt first, then the
 * deadline. Pure: safe from any thread. */
fsbb_stop_reason fsbb_stop_due(double deadline, atomic_int *interrupt_request, double now);

/* Looks at the flag and the clock now; 1 (and stop->reason set) when the phase must end. */
int fsbb_stop_check(fsbb_stop *stop);

/* Counts steps of work done; looks at the flag and the clock when FSBB_STOP_STEPS have
 * been counted since the last look. 1 when the phase must end (and from then on). */
int fsbb_stop_after(fsbb_stop *stop, uint64_t steps);

#endif
