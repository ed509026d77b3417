/* iterated_greedy.h — the heuristic engine: iterated greedy walks (ig_walk.h) on one or
 * more threads until a budget, a target or a stop, returning the best schedule found.
 *
 * Walks run independently (each its own seed; the run returns the best of them) or
 * cooperate: a walk whose best has not improved for restart_after iterations restarts from
 * the best schedule of all walks (independent walks restart from their own best). The
 * default is the one measured better at equal total CPU time (docs in the source).
 *
 * Hooks let a caller run the engine beside another search: every new best schedule is
 * reported as it is found, schedules from outside can be handed in (walks adopt one that
 * is better than their current schedule), and the run stops on a caller's flag or deadline.
 *
 * With one thread and an iteration budget, a seed repeats the run exactly; with a budget of
 * the thread's CPU time, it repeats the same walk, cut where the budget ends. */
#ifndef FSBB_ITERATED_GREEDY_H
#define FSBB_ITERATED_GREEDY_H

#include "flowshopbb.h"

#include <stdint.h>

typedef enum fsbb_ig_clock {
    FSBB_IG_CLOCK_THREAD_CPU, /* each walk's own CPU time (CLOCK_THREAD_CPUTIME_ID) */
    FSBB_IG_CLOCK_WALL        /* wall time since the run started */
} fsbb_ig_clock;

typedef enum fsbb_ig_cooperation {
    FSBB_IG_INDEPENDENT, /* a stagnating walk restarts from its own best */
    FSBB_IG_COOPERATIVE  /* a stagnating walk restarts from the best of all walks */
} fsbb_ig_cooperation;

typedef struct fsbb_ig_config {
    int threads;               /* walks, one thread each (the caller's thread runs the first) */
    uint64_t seed;             /* walk w draws from a generator seeded from (seed, w) */
    double time_limit_s;       /* per walk on clock; 0: none */
    fsbb_ig_clock clock;
    uint64_t iteration_limit;  /* per walk; 0: none */
    int target;                /* stop once a makespan <= target is found (a lower bound); 0: none */
    int destruction;           /* d: jobs removed and reinserted per iteration */
    double temperature;        /* T: the acceptance temperature is T * sum(p) / (10 n m) */
    int partial_search;        /* 1: local search on the partial sequence after the removal */
    int block_search;          /* largest block (at most 4) moved by block insertion after the local search; 0: none */
    uint64_t restart_after;    /* iterations without a better walk best before a restart; 0: never */
    uint64_t relink_after;     /* iterations without a better walk best before path relinking toward the
                                  walk's elite set (ig_walk.h); 0: never */
    int referenced_search;     /* 1: the local search tries the jobs in the order of the walk's best
                                  schedule (ig_walk.h), not in a random order */
    int interchange;           /* most positions between two jobs exchanged by the local search
                                  (ig_walk.h); 0: no exchanges */
    int window;                /* jobs of the windows re-sequenced optimally by the local search
                                  (ig_walk.h), 2..FSBB_WINDOW_MAX; 0: none */
    fsbb_ig_cooperation cooperation;
    const int *start;          /* a schedule of all n jobs to start from; NULL: NEH */
} fsbb_ig_config;

/* The tuned defaults: one thread, seed 1, no budget (set one, or a stop hook), d, T,
 * partial search, restarts and cooperation as measured best. */
void fsbb_ig_config_default(fsbb_ig_config *config);

/* A better schedule: makespan, the n jobs 0-based, wall seconds since the run started. */
typedef void (*fsbb_ig_improvement_fn)(int makespan, const int *permutation, int jobs, double elapsed_s,
                                       void *user_data);
/* Nonzero: stop the run. */
typedef int (*fsbb_ig_should_stop_fn)(void *user_data);
/* Writes a schedule from outside (n jobs) into permutation and returns 1, or returns 0
 * when none has arrived since the last call. */
typedef int (*fsbb_ig_take_schedule_fn)(int *permutation, int jobs, void *user_data);

typedef struct fsbb_ig_hooks {
    /* Polled by every walk about every 50 microseconds of its work, from its thread. */
    fsbb_ig_should_stop_fn should_stop;
    void *stop_data;
    /* CLOCK_MONOTONIC time in seconds (fsbb_ig_monotonic_s) at which to stop; 0: none. */
    double deadline;
    /* Called for each new best of the run (strictly decreasing makespans), from the thread
     * of the walk that found it, one call at a time: keep it short. */
    fsbb_ig_improvement_fn on_improvement;
    void *improvement_data;
    /* Polled by the first walk once per iteration. A schedule taken replaces the run's best
     * if it is better (without an improvement call), and walks adopt it when it is better
     * than their current schedule. Schedules that are not permutations are ignored. */
    fsbb_ig_take_schedule_fn take_schedule;
    void *schedule_data;
} fsbb_ig_hooks;

typedef enum fsbb_ig_end {
    FSBB_IG_END_BUDGET,  /* the time or iteration budget ran out */
    FSBB_IG_END_TARGET,  /* a makespan <= target was found */
    FSBB_IG_END_STOPPED  /* should_stop or the deadline */
} fsbb_ig_end;

typedef struct fsbb_ig_result {
    int makespan;          /* of the permutation returned, recomputed */
    uint64_t iterations;   /* all walks together */
    uint64_t relinks;      /* path relinkings of all walks (relink_after) */
    uint64_t relinks_taken; /* of those, the relinkings whose schedule the walk kept */
    double time_to_best_s; /* wall seconds from the start to the best schedule's arrival */
    double wall_s;
    double cpu_s;          /* CPU time of all walks' threads */
    int external;          /* 1: the best is a schedule taken from take_schedule */
    fsbb_ig_end end;
} fsbb_ig_result;

/* The current CLOCK_MONOTONIC time in seconds, for hooks.deadline. */
double fsbb_ig_monotonic_s(void);

/* Runs the engine on the instance of n >= 1 jobs and m >= 1 machines, times p[k * n + j],
 * until a budget (time or iterations), the target, should_stop or the deadline ends it;
 * without any of them it would not end: FSBB_ERR_ARGUMENT. Writes the best schedule to
 * permutation (n jobs) and the statistics to result (may be NULL). hooks may be NULL.
 * Returns FSBB_OK, FSBB_ERR_ARGUMENT or FSBB_ERR_MEMORY (then permutation is untouched). */
fsbb_status fsbb_ig_run(int n, int m, const int *p, const fsbb_ig_config *config, const fsbb_ig_hooks *hooks,
                        int *permutation, fsbb_ig_result *result, fsbb_error *err);

#endif
