/* test_iterated_greedy.c — the heuristic engine (solver/iterated_greedy.h): its schedule
 * is a permutation whose recomputed makespan is the one it reports, and so is every
 * improvement it reports, with one or several walks; a seeded one-walk run with an
 * iteration budget repeats itself; it reaches the brute-force optimum of small instances;
 * it stops at once on the stop hook, the deadline and the target; schedules handed in are
 * taken (and refused when they are not permutations). */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "iterated_greedy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_JOBS 64
#define MAX_MACHINES 20

static int is_permutation(int n, const int *permutation)
{
    unsigned char seen[MAX_JOBS] = {0};
    for (int i = 0; i < n; i++) {
        if (permutation[i] < 0 || permutation[i] >= n || seen[permutation[i]])
            return 0;
        seen[permutation[i]] = 1;
    }
    return 1;
}

/* What the improvement hook saw: each report checked against a recomputation. */
typedef struct reports {
    const int *p;
    int n, m;
    int count, last, wrong;
} reports;

static void check_report(int makespan, const int *permutation, int jobs, double elapsed_s, void *data)
{
    reports *r = data;
    (void)elapsed_s;
    if (jobs != r->n || !is_permutation(jobs, permutation) ||
        brute_force_makespan(r->n, r->m, r->p, permutation, r->n) != makespan || (r->count > 0 && makespan >= r->last))
        r->wrong++;
    r->count++;
    r->last = makespan;
}

static fsbb_ig_config config_with(int threads, uint64_t iterations, uint64_t seed)
{
    fsbb_ig_config config;
    fsbb_ig_config_default(&config);
    config.threads = threads;
    config.iteration_limit = iterations;
    config.seed = seed;
    return config;
}

static void test_reported_makespans_are_recomputed(void)
{
    unsigned rng = 31u;
    for (int instance = 0; instance < 24; instance++) {
        const int n = 2 + (int)(test_random_next(&rng) % (MAX_JOBS - 1)), m = 1 + instance % MAX_MACHINES;
        int p[MAX_JOBS * MAX_MACHINES], permutation[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        if (instance % 3 == 0)
            for (int i = 0; i < n * m; i++)
                p[i] = 1 + p[i] % 4;
        fsbb_ig_config config = config_with(1 + instance % 3, 30, (uint64_t)instance);
        config.cooperation = instance % 2 ? FSBB_IG_COOPERATIVE : FSBB_IG_INDEPENDENT;
        config.restart_after = instance % 4 ? 5 : 0;
        config.partial_search = instance % 5 == 0;
        config.block_search = instance % 6 < 2 ? 0 : instance % 6;
        config.relink_after = instance % 7 == 3 ? 2 : 0;
        config.referenced_search = instance % 4 == 1 || instance % 4 == 2;
        config.interchange = instance % 5 == 2 ? 1 + instance % 7 : instance % 5 == 4 ? n : 0;
        config.window = instance % 4 == 3 ? 2 + instance % 7 : 0;
        reports seen = {.p = p, .n = n, .m = m};
        const fsbb_ig_hooks hooks = {.on_improvement = check_report, .improvement_data = &seen};
        fsbb_ig_result result;
        fsbb_error err;
        CU_ASSERT_FATAL(fsbb_ig_run(n, m, p, &config, &hooks, permutation, &result, &err) == FSBB_OK);
        CU_ASSERT_FATAL(is_permutation(n, permutation));
        CU_ASSERT_EQUAL(result.makespan, brute_force_makespan(n, m, p, permutation, n));
        CU_ASSERT(seen.count >= 1);
        CU_ASSERT_EQUAL(seen.wrong, 0);
        CU_ASSERT_EQUAL(seen.last, result.makespan);
        CU_ASSERT_EQUAL(result.end, FSBB_IG_END_BUDGET);
        CU_ASSERT_EQUAL(result.iterations, 30u * (uint64_t)config.threads);
    }
}

static void test_seeded_run_repeats(void)
{
    fsbb_instance *inst = test_load_instance("ta031");
    int first[MAX_JOBS], second[MAX_JOBS], other[MAX_JOBS];
    const fsbb_ig_config config = config_with(1, 40, 7);
    fsbb_ig_config config_other = config_with(1, 40, 8);
    config_other.partial_search = 1;
    fsbb_ig_result a, b, c;
    CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, NULL, first, &a, NULL) == FSBB_OK);
    CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, NULL, second, &b, NULL) == FSBB_OK);
    CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config_other, NULL, other, &c, NULL) == FSBB_OK);
    CU_ASSERT_EQUAL(a.makespan, b.makespan);
    CU_ASSERT_EQUAL(memcmp(first, second, sizeof(int) * (size_t)inst->n), 0);
    CU_ASSERT_EQUAL(c.makespan, fsbb_instance_makespan(inst, other));
    fsbb_instance_free(inst);
}

static void test_small_instances_reach_the_optimum(void)
{
    unsigned rng = 32u;
    for (int instance = 0; instance < 60; instance++) {
        const int n = 2 + instance % 7, m = 1 + (instance / 7) % 6;
        int p[BRUTE_FORCE_MAX_JOBS * MAX_MACHINES], permutation[BRUTE_FORCE_MAX_JOBS];
        test_random_times(&rng, n, m, p);
        if (instance % 2)
            for (int i = 0; i < n * m; i++)
                p[i] = 1 + p[i] % 9;
        const int optimum = brute_force_optimum(n, m, p, NULL);
        const fsbb_ig_config config = config_with(1, 300, (uint64_t)instance);
        fsbb_ig_result result;
        CU_ASSERT_FATAL(fsbb_ig_run(n, m, p, &config, NULL, permutation, &result, NULL) == FSBB_OK);
        CU_ASSERT_EQUAL(result.makespan, brute_force_makespan(n, m, p, permutation, n));
        CU_ASSERT_EQUAL(result.makespan, optimum);
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A stop flag raised by another thread after a delay; the run has no other end. */
typedef struct flag_raiser {
    atomic_int flag;
    double delay_s, raised_at;
} flag_raiser;

static void *raise_flag(void *data)
{
    flag_raiser *r = data;
    const struct timespec pause = {0, (long)(r->delay_s * 1e9)};
    nanosleep(&pause, NULL);
    r->raised_at = now_s();
    atomic_store(&r->flag, 1);
    return NULL;
}

static int flag_is_up(void *data)
{
    return atomic_load(&((flag_raiser *)data)->flag);
}

static void test_stops_on_the_hook_at_once(void)
{
    fsbb_instance *inst = test_load_instance("ta111"); /* 500 x 20: long local searches */
    int *permutation = malloc(sizeof(int) * (size_t)inst->n);
    for (int threads = 1; threads <= 2; threads++) {
        flag_raiser raiser = {.delay_s = 0.2};
        atomic_init(&raiser.flag, 0);
        const fsbb_ig_config config = config_with(threads, 0, 1);
        const fsbb_ig_hooks hooks = {.should_stop = flag_is_up, .stop_data = &raiser};
        pthread_t thread;
        CU_ASSERT_FATAL(pthread_create(&thread, NULL, raise_flag, &raiser) == 0);
        fsbb_ig_result result;
        CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, &hooks, permutation, &result, NULL) == FSBB_OK);
        const double returned_at = now_s();
        pthread_join(thread, NULL);
        CU_ASSERT_EQUAL(result.end, FSBB_IG_END_STOPPED);
        /* generous for a loaded machine: the checks come every few tens of microseconds */
        CU_ASSERT(returned_at - raiser.raised_at < 0.5);
        CU_ASSERT_EQUAL(result.makespan, fsbb_instance_makespan(inst, permutation));
    }
    /* a deadline already past: the start schedule, at once */
    const fsbb_ig_config config = config_with(1, 0, 1);
    const fsbb_ig_hooks hooks = {.deadline = fsbb_ig_monotonic_s()};
    fsbb_ig_result result;
    CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, &hooks, permutation, &result, NULL) == FSBB_OK);
    CU_ASSERT_EQUAL(result.end, FSBB_IG_END_STOPPED);
    CU_ASSERT_EQUAL(result.iterations, 0u);
    CU_ASSERT_EQUAL(result.makespan, fsbb_instance_makespan(inst, permutation));
    free(permutation);
    fsbb_instance_free(inst);
}

static void test_stops_at_the_target(void)
{
    unsigned rng = 33u;
    const int n = 8, m = 4;
    int p[8 * 4], permutation[8];
    test_random_times(&rng, n, m, p);
    fsbb_ig_config config = config_with(2, 0, 3);
    config.target = brute_force_optimum(n, m, p, NULL);
    config.time_limit_s = 60; /* not reached */
    fsbb_ig_result result;
    CU_ASSERT_FATAL(fsbb_ig_run(n, m, p, &config, NULL, permutation, &result, NULL) == FSBB_OK);
    CU_ASSERT_EQUAL(result.end, FSBB_IG_END_TARGET);
    CU_ASSERT_EQUAL(result.makespan, config.target);
}

/* Hands in one schedule on the first poll: a bad one when bad is set. */
typedef struct handover {
    const int *schedule;
    int n, polls, bad;
} handover;

static int hand_over(int *permutation, int jobs, void *data)
{
    handover *h = data;
    if (h->polls++ > 0 || jobs != h->n)
        return 0;
    memcpy(permutation, h->schedule, sizeof(int) * (size_t)jobs);
    if (h->bad)
        permutation[0] = permutation[1];
    return 1;
}

static void test_takes_schedules_from_outside(void)
{
    fsbb_instance *inst = test_load_instance("ta051");
    const int n = inst->n;
    int good[MAX_JOBS], permutation[MAX_JOBS];
    /* a schedule better than a 1-iteration run can find: from a longer run */
    const fsbb_ig_config long_run = config_with(1, 300, 5);
    fsbb_ig_result found;
    CU_ASSERT_FATAL(fsbb_ig_run(n, inst->m, inst->p, &long_run, NULL, good, &found, NULL) == FSBB_OK);
    const fsbb_ig_config short_run = config_with(2, 1, 6);
    for (int bad = 0; bad <= 1; bad++) {
        handover h = {.schedule = good, .n = n, .bad = bad};
        reports seen = {.p = inst->p, .n = n, .m = inst->m};
        const fsbb_ig_hooks hooks = {.take_schedule = hand_over, .schedule_data = &h,
                                     .on_improvement = check_report, .improvement_data = &seen};
        fsbb_ig_result result;
        CU_ASSERT_FATAL(fsbb_ig_run(n, inst->m, inst->p, &short_run, &hooks, permutation, &result, NULL) == FSBB_OK);
        CU_ASSERT(h.polls >= 1);
        CU_ASSERT_EQUAL(seen.wrong, 0);
        CU_ASSERT_EQUAL(result.makespan, fsbb_instance_makespan(inst, permutation));
        if (bad) {
            CU_ASSERT(result.makespan > found.makespan);
            CU_ASSERT_EQUAL(result.external, 0);
        } else {
            CU_ASSERT(result.makespan <= found.makespan);
        }
    }
    fsbb_instance_free(inst);
}

static void test_refuses_runs_without_end(void)
{
    int p[4] = {1, 2, 3, 4}, permutation[2];
    fsbb_ig_config config = config_with(1, 0, 1);
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_ig_run(2, 2, p, &config, NULL, permutation, NULL, &err), FSBB_ERR_ARGUMENT);
    config.iteration_limit = 1;
    config.threads = 0;
    CU_ASSERT_EQUAL(fsbb_ig_run(2, 2, p, &config, NULL, permutation, NULL, &err), FSBB_ERR_ARGUMENT);
    config.threads = 1;
    fsbb_ig_result result;
    CU_ASSERT_EQUAL(fsbb_ig_run(1, 2, p, &config, NULL, permutation, &result, &err), FSBB_OK);
    CU_ASSERT_EQUAL(permutation[0], 0);
    CU_ASSERT_EQUAL(result.makespan, 1 + 2);
}

FSBB_SUITE("iterated greedy", {"reported makespans equal recomputed ones", test_reported_makespans_are_recomputed},
           {"a seeded one-walk run repeats itself", test_seeded_run_repeats},
           {"small instances: the brute-force optimum", test_small_instances_reach_the_optimum},
           {"stops at once on the stop hook and the deadline", test_stops_on_the_hook_at_once},
           {"stops at the target", test_stops_at_the_target},
           {"takes schedules from outside, refuses bad ones", test_takes_schedules_from_outside},
           {"refuses runs without an end", test_refuses_runs_without_end})
