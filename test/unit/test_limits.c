/* test_limits.c — limits, interrupts and failures at any phase of a solve: a time limit or
 * an interrupt stops the initial schedule (NEH, local search) and the LB2 tables on
 * instances far too large for them, and the solve still returns a complete schedule with a
 * valid lower bound; LB1 leaves the LB2 tables unbuilt; thousands of threads on a small
 * tree end as soon as the tree does; a search thread that cannot start is
 * FSBB_ERR_RESOURCE with the schedule found before it; a stop that comes before the
 * heuristic's walks are set up leaves all but the first unbuilt (in an address space with
 * room for a few walks' tables, not for 64: an order of events, no clock).
 *
 * The hang checks allow 10 s for work limited to 0.2 s; they measure nothing finer. */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "flowshopbb.h"
#include "iterated_greedy.h"
#include "stop.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define HANG_S 10.0

static fsbb_options *options_with(const char *const *pairs)
{
    return test_options_from_pairs(pairs);
}

/* The busiest machine's work: the weakest valid lower bound. */
static int machine_load(const fsbb_instance *inst)
{
    int bound = 0;
    for (int k = 0; k < inst->m; k++) {
        int load = 0;
        for (int j = 0; j < inst->n; j++)
            load += inst->p[k * inst->n + j];
        bound = load > bound ? load : bound;
    }
    return bound;
}

/* 1 when result holds a permutation of the jobs whose makespan is result->makespan. */
static int schedule_valid(const fsbb_instance *inst, const fsbb_result *result)
{
    if (!result->permutation || result->jobs != inst->n)
        return 0;
    unsigned char *seen = calloc((size_t)inst->n, 1);
    int valid = seen != NULL;
    for (int i = 0; i < inst->n && valid; i++) {
        const int job = result->permutation[i];
        valid = job >= 0 && job < inst->n && !seen[job];
        if (valid)
            seen[job] = 1;
    }
    free(seen);
    return valid && fsbb_instance_makespan(inst, result->permutation) == result->makespan;
}

/* A stopped solve that found no better schedule than set-up made: nothing branched, not
 * optimal, and a lower bound between the machine-load bound and the makespan. */
static void assert_stopped_in_set_up(const fsbb_instance *inst, const fsbb_result *result)
{
    CU_ASSERT_EQUAL(result->nodes, 0);
    CU_ASSERT_FALSE(result->optimal);
    CU_ASSERT(result->lower_bound >= machine_load(inst));
    CU_ASSERT(result->lower_bound <= result->makespan);
}

/* The stop rule: the interrupt and the deadline seen at once by a check, after
 * FSBB_STOP_STEPS steps by a count; the reason stays; NULL never stops. */
static void test_stop_rule(void)
{
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    fsbb_stop stop;
    fsbb_stop_init(&stop, fsbb_now() + 3600, &interrupt);
    CU_ASSERT_FALSE(fsbb_stop_check(&stop));
    atomic_store(&interrupt, 1);
    CU_ASSERT_FALSE(fsbb_stop_after(&stop, FSBB_STOP_STEPS - 1));
    CU_ASSERT_TRUE(fsbb_stop_after(&stop, 1));
    CU_ASSERT_EQUAL(stop.reason, FSBB_STOP_INTERRUPT);
    atomic_store(&interrupt, 0);
    CU_ASSERT_TRUE(fsbb_stop_after(&stop, 0));
    fsbb_stop_init(&stop, fsbb_now() - 1, NULL);
    CU_ASSERT_TRUE(fsbb_stop_check(&stop));
    CU_ASSERT_EQUAL(stop.reason, FSBB_STOP_LIMIT);
    fsbb_stop_init(&stop, 0, &interrupt);
    CU_ASSERT_FALSE(fsbb_stop_check(&stop));
    CU_ASSERT_FALSE(fsbb_stop_after(NULL, FSBB_STOP_STEPS));
    CU_ASSERT_FALSE(fsbb_stop_check(NULL));
}

/* 20000 jobs: NEH alone takes seconds, a local-search pass more. */
static void test_time_limit_stops_initial_schedule(void)
{
    unsigned rng = 31u;
    fsbb_instance *inst = test_random_instance(&rng, 20000, 20);
    const char *const pairs[] = {"time-limit", "0.2", "threads", "1", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    fsbb_error err;
    const double start = fsbb_now();
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(inst, options, &result, &err), FSBB_OK);
    CU_ASSERT(fsbb_now() - start < HANG_S);
    CU_ASSERT_FALSE(result.interrupted);
    CU_ASSERT(schedule_valid(inst, &result));
    assert_stopped_in_set_up(inst, &result);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

typedef struct delayed_interrupt {
    fsbb_solver *solver;
    double delay_s;
} delayed_interrupt;

static void *interrupt_later(void *arg)
{
    const delayed_interrupt *request = arg;
    const struct timespec pause = {0, (long)(request->delay_s * 1e9)};
    nanosleep(&pause, NULL);
    fsbb_solver_interrupt(request->solver);
    return NULL;
}

/* Solves with an interrupt 0.2 s in; the solve must return well before HANG_S. */
static void solve_interrupted(const fsbb_instance *inst, const fsbb_options *options, fsbb_result *result)
{
    fsbb_solver *solver = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_solver_new(inst, options, &solver, &err), FSBB_OK);
    delayed_interrupt request = {.solver = solver, .delay_s = 0.2};
    pthread_t interrupter;
    CU_ASSERT_EQUAL_FATAL(pthread_create(&interrupter, NULL, interrupt_later, &request), 0);
    const double start = fsbb_now();
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, result, &err), FSBB_OK);
    CU_ASSERT(fsbb_now() - start < HANG_S);
    pthread_join(interrupter, NULL);
    fsbb_solver_free(solver);
}

static void test_interrupt_stops_initial_schedule(void)
{
    unsigned rng = 32u;
    fsbb_instance *inst = test_random_instance(&rng, 20000, 20);
    const char *const pairs[] = {"threads", "1", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    solve_interrupted(inst, options, &result);
    CU_ASSERT_TRUE(result.interrupted);
    CU_ASSERT(schedule_valid(inst, &result));
    assert_stopped_in_set_up(inst, &result);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* 499500 machine pairs: their tables take seconds to rank, and their LB2 minutes a node. */
static void test_limits_stop_lb2_tables(void)
{
    unsigned rng = 33u;
    fsbb_instance *inst = test_random_instance(&rng, 40, 1000);
    const char *const limited[] = {"lb", "lb2", "ub", "inf", "time-limit", "0.2", "threads", "1", NULL};
    const char *const unlimited[] = {"lb", "lb2", "ub", "inf", "threads", "1", NULL};
    for (int interrupt = 0; interrupt <= 1; interrupt++) {
        fsbb_options *options = options_with(interrupt ? unlimited : limited);
        fsbb_result result;
        fsbb_error err;
        const double start = fsbb_now();
        if (interrupt)
            solve_interrupted(inst, options, &result);
        else
            CU_ASSERT_EQUAL_FATAL(fsbb_solve(inst, options, &result, &err), FSBB_OK);
        CU_ASSERT(fsbb_now() - start < HANG_S);
        CU_ASSERT_EQUAL(result.interrupted, interrupt);
        CU_ASSERT_PTR_NULL(result.permutation);
        CU_ASSERT_EQUAL(result.nodes, 0);
        CU_ASSERT_FALSE(result.optimal);
        CU_ASSERT(result.lower_bound >= machine_load(inst));
        fsbb_result_clear(&result);
        fsbb_options_free(options);
    }
    fsbb_instance_free(inst);
}

static int stop_now(void *context, uint64_t steps)
{
    (void)steps;
    ++*(int *)context;
    return 1;
}

/* The bound tables: LB1's alone at first; LB2's on demand, the pairs asked for; a build
 * that is stopped leaves them empty. */
static void test_lb2_tables_on_demand(void)
{
    unsigned rng = 34u;
    const int n = 12, m = 7;
    int p[12 * 7];
    test_random_times(&rng, n, m, p);
    fsbb_bound_data d;
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_init(&d, n, m, p), 0);
    CU_ASSERT_EQUAL(d.pair_count, 0);
    CU_ASSERT_PTR_NULL(d.johnson_order);
    CU_ASSERT_PTR_NULL(d.lag);
    int checks = 0;
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 0, stop_now, &checks), 1);
    CU_ASSERT_EQUAL(checks, 1);
    CU_ASSERT_EQUAL(d.pair_count, 0);
    CU_ASSERT_PTR_NULL(d.lag);
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 5, NULL, NULL), 0);
    CU_ASSERT_EQUAL(d.pair_count, 5);
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 0, NULL, NULL), 0);
    CU_ASSERT_EQUAL(d.pair_count, m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 0), m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 100), m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 4), 4);
    fsbb_bound_data_free(&d);
}

/* LB2 tables the bound code cannot index (499500 pairs x 5000 jobs) are refused at once,
 * with their size; with LB1 the same instance has no LB2 tables to refuse. */
static void test_lb2_tables_too_large_refused(void)
{
    const int n = 5000, m = 1000;
    int *p = malloc(sizeof *p * (size_t)n * m);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (int i = 0; i < n * m; i++)
        p[i] = 1 + i % 7;
    fsbb_instance *inst = test_instance_from_times(n, m, p);
    free(p);
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    const unsigned long long allowed = pages > 0 && page_size > 0 ? (unsigned long long)pages * page_size / 2 : 0;
    static const char *const bounds[] = {"lb2", "auto"};
    for (int b = 0; b < 2; b++) {
        const char *const pairs[] = {"lb", bounds[b], "node-limit", "1", "ub", "inf", NULL};
        fsbb_options *options = options_with(pairs);
        fsbb_result result;
        fsbb_error err;
        const double start = fsbb_now();
        CU_ASSERT_EQUAL(fsbb_solve(inst, options, &result, &err), FSBB_ERR_ARGUMENT);
        CU_ASSERT(fsbb_now() - start < HANG_S);
        char named[16];
        snprintf(named, sizeof named, "--lb %s on", bounds[b]);
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, named));
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "bytes"));
        CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "--lb lb1"));
        /* The advised count of pairs meets both limits: LB2's index and half the memory. */
        const char *advice = strstr(err.message, "--lb2-pairs ");
        CU_ASSERT_PTR_NOT_NULL_FATAL(advice);
        const unsigned long long fitting = strtoull(advice + strlen("--lb2-pairs "), NULL, 10);
        CU_ASSERT(fitting > 0 && fitting * n <= INT_MAX);
        if (allowed > 0)
            CU_ASSERT(fitting * (2 + 2ull * n) * sizeof(int) <= allowed);
        fsbb_result_clear(&result);
        fsbb_options_free(options);
    }
    fsbb_instance_free(inst);
}

/* ta001 is solved in 7 nodes: 4096 threads (the most accepted) must not turn that into
 * minutes of threads spinning for work. */
static void test_many_threads_small_tree(void)
{
    fsbb_instance *inst = test_load_instance("ta001");
    const char *const pairs[] = {"threads", "4096", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    fsbb_error err;
    const double start = fsbb_now();
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(inst, options, &result, &err), FSBB_OK);
    CU_ASSERT(fsbb_now() - start < HANG_S);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    CU_ASSERT(schedule_valid(inst, &result));
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

#ifndef __SANITIZE_ADDRESS__
/* Virtual memory in use, from /proc/self/statm. */
static size_t virtual_bytes(void)
{
    FILE *statm = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (statm) {
        if (fscanf(statm, "%lu", &pages) != 1)
            pages = 0;
        fclose(statm);
    }
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* In a child process whose address space has room for the solver's tables but not for a
 * thread's stack: the solve fails with FSBB_ERR_RESOURCE and still returns the heuristic's
 * schedule, unproven with LB1 (ta001's root bound 1232; LB2's, 1278, proves it optimal). The
 * exit status says which check failed. */
static int solve_without_threads(void)
{
    pthread_attr_t huge;
    pthread_attr_init(&huge);
    pthread_attr_setstacksize(&huge, (size_t)1 << 32);
    if (pthread_setattr_default_np(&huge) != 0)
        return 10;
    pthread_attr_destroy(&huge);
    fsbb_instance *inst = NULL;
    fsbb_error err;
    fsbb_options *options = fsbb_options_new();
    if (fsbb_instance_load("ta001", &inst, &err) != FSBB_OK || !options ||
        fsbb_options_set(options, "threads", "2", &err) != FSBB_OK ||
        fsbb_options_set(options, "lb", "lb1", &err) != FSBB_OK)
        return 11;
    const struct rlimit room = {virtual_bytes() + ((size_t)256 << 20), RLIM_INFINITY};
    if (setrlimit(RLIMIT_AS, &room) != 0)
        return 12;
    fsbb_result result;
    const fsbb_status status = fsbb_solve(inst, options, &result, &err);
    if (status != FSBB_ERR_RESOURCE)
        return 1;
    if (!strstr(err.message, "thread"))
        return 2;
    if (!schedule_valid(inst, &result))
        return 3;
    if (result.optimal || result.lower_bound > result.makespan || result.lower_bound < machine_load(inst))
        return 4;
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
    return 0;
}

/* Runs check in a child process: its exit status 0 passes, another names the check that
 * failed. */
static void in_child(int (*check)(void))
{
    fflush(NULL);
    const pid_t child = fork();
    CU_ASSERT_FATAL(child >= 0);
    if (child == 0)
        _exit(check());
    int status = 0;
    CU_ASSERT_EQUAL_FATAL(waitpid(child, &status, 0), child);
    CU_ASSERT_TRUE(WIFEXITED(status));
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        printf("\n[the child's check %d failed]", WEXITSTATUS(status));
    CU_ASSERT_EQUAL(WEXITSTATUS(status), 0);
}

static void test_thread_start_failure(void)
{
    in_child(solve_without_threads);
}

/* 64 walks on 5000 jobs x 100 machines (about 10 MB of tables a walk) with the deadline
 * already past, in an address space with 64 MB to spare: the walks are set up only after
 * the start schedule and not once the stop has come, so the run fits and returns the start
 * schedule (NEH stopped at once: a whole permutation) with its makespan. */
static int stopped_walks_unbuilt(void)
{
    enum { JOBS = 5000, MACHINES = 100, WALKS = 64 };
    int *p = malloc(sizeof(int) * JOBS * MACHINES), *permutation = malloc(sizeof(int) * JOBS);
    unsigned char *seen = calloc(JOBS, 1);
    if (!p || !permutation || !seen)
        return 10;
    unsigned rng = 7u;
    test_random_times(&rng, JOBS, MACHINES, p);
    fsbb_ig_config config;
    fsbb_ig_config_default(&config);
    config.threads = WALKS;
    const fsbb_ig_hooks hooks = {.deadline = fsbb_ig_monotonic_s()};
    const struct rlimit room = {virtual_bytes() + ((size_t)64 << 20), RLIM_INFINITY};
    if (setrlimit(RLIMIT_AS, &room) != 0)
        return 11;
    fsbb_ig_result result;
    fsbb_error err;
    if (fsbb_ig_run(JOBS, MACHINES, p, &config, &hooks, permutation, &result, &err) != FSBB_OK)
        return 1;
    if (result.end != FSBB_IG_END_STOPPED || result.iterations != 0)
        return 2;
    for (int i = 0; i < JOBS; i++) {
        if (permutation[i] < 0 || permutation[i] >= JOBS || seen[permutation[i]])
            return 3;
        seen[permutation[i]] = 1;
    }
    int completion[MACHINES] = {0};
    for (int i = 0; i < JOBS; i++)
        for (int k = 0, left = 0; k < MACHINES; k++)
            left = completion[k] = (completion[k] > left ? completion[k] : left) + p[k * JOBS + permutation[i]];
    return result.makespan == completion[MACHINES - 1] ? 0 : 4;
}

static void test_stopped_walks_unbuilt(void)
{
    in_child(stopped_walks_unbuilt);
}
#endif

FSBB_SUITE("limits", {"the stop rule: interrupt, deadline, counted steps", test_stop_rule},
           {"a time limit stops NEH and the local search on 20000 jobs", test_time_limit_stops_initial_schedule},
           {"an interrupt stops NEH and the local search on 20000 jobs", test_interrupt_stops_initial_schedule},
           {"a time limit and an interrupt stop the LB2 tables of 1000 machines", test_limits_stop_lb2_tables},
           {"LB2 tables only on demand, and none left by a stopped build", test_lb2_tables_on_demand},
           {"LB2 tables too large are refused with their size and a count of pairs that fits", test_lb2_tables_too_large_refused},
           {"4096 threads on a 7-node tree end with it", test_many_threads_small_tree},
#ifndef __SANITIZE_ADDRESS__
           {"no search thread: FSBB_ERR_RESOURCE with the heuristic's schedule", test_thread_start_failure},
           {"a stop before the heuristic's walks are set up leaves all but the first unbuilt",
            test_stopped_walks_unbuilt},
#endif
)
