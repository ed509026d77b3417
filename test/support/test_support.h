/* test_support.h — helpers shared by the CUnit suites of test/ and test/gpu/: options from
 * name/value pairs, instances by name and at random, one engine run on a search set up as
 * the solver sets one up, and a custom CPU bound of the custom-bound suites. They assert
 * with CUnit, as the tests that call them would. */
#ifndef FSBB_TEST_SUPPORT_H
#define FSBB_TEST_SUPPORT_H

#include "flowshopbb.h"
#include "resident_search.h"
#include "instance.h"
#include "offload_loop.h"
#include "options.h"
#include "search.h"

#include <stdint.h>

/* ---- Options and instances ------------------------------------------------------------ */

/* Sets the name/value pairs (a NULL name ends them) on options, asserting each is taken. */
void test_options_set_pairs(fsbb_options *options, const char *const *pairs);
/* New options (asserted, fatal) with the name/value pairs set as above. */
fsbb_options *test_options_from_pairs(const char *const *pairs);

/* The instance of that name (fsbb_instance_load; its error is printed, the test stops). */
fsbb_instance *test_load_instance(const char *name);

/* The tests' linear congruential generator: advances state, returns its top 24 bits. */
unsigned test_random_next(unsigned *state);
/* values = 0..count-1 in an order drawn from the generator (Fisher-Yates). */
void test_random_order(unsigned *state, int *values, int count);
/* A random node of n >= 2 jobs: perm shuffled (Fisher-Yates), a prefix and a suffix whose
 * lengths leave at least two jobs unscheduled. */
void test_random_node(unsigned *state, int n, fsbb_job *perm, int *front_len, int *back_len);
/* Moves the job at position from of seq to position to, the jobs between shifted by one. */
void test_move_job(int *seq, int from, int to);
/* n x m processing times (p[k * n + j]) uniform in [1, 99], drawn from the generator. */
void test_random_times(unsigned *state, int n, int m, int *p);
/* A random size, 2..max_jobs jobs and 1..max_machines machines, into *n and *m, and its
 * times as test_random_times draws them, except that for odd `instance` they are reduced to
 * 1..3, where equal makespans and several critical paths abound. */
void test_random_tie_prone_times(unsigned *state, int instance, int max_jobs, int max_machines, int *n, int *m,
                                 int *p);
/* The n x m instance "random<n>x<m>" of the times p (fatal when it cannot be made). */
fsbb_instance *test_instance_from_times(int n, int m, const int *p);
/* An n x m instance of test_random_times: the same state gives the same instance. */
fsbb_instance *test_random_instance(unsigned *state, int n, int m);

/* ---- One engine run ------------------------------------------------------------------- */

/* What one engine run left. The engine fills the statistics of its kind, if any. */
typedef struct test_engine_run {
    fsbb_status status;
    uint64_t nodes, bounded;
    int incumbent;
    int found;              /* a schedule was recorded */
    int schedule_makespan;  /* its makespan, recomputed from the permutation */
    int stopped, limit_reached, interrupted;
    int open_lower_bound;
    double fraction_done;   /* the search's share of the tree done at its last census (-1: none) */
    int protocol_errors;    /* a stand-in pool bounder's: protocol violations, slots left in flight */
    fsbb_offload_stats offload_stats;
    fsbb_resident_stats resident_stats;
    char message[FSBB_ERROR_MESSAGE_SIZE];  /* err's message when status is not FSBB_OK */
} test_engine_run;

/* An engine searching search (context: test_run_engine's); returns its status and writes
 * what it measures beyond the search's own counters in run. */
typedef fsbb_status (*test_engine_fn)(fsbb_search *search, const void *context, test_engine_run *run,
                                      fsbb_error *err);

/* Runs engine (with `threads` threads) on a search set up as the solver sets one up
 * (solver.c): the instance's bound tables (LB2 pairs limited as the options say), the
 * incumbent at ub without a schedule, its locks, an interrupt flag (clear), no open bound
 * yet, the clock started. Returns what the search left: status and error message,
 * counters, incumbent and its schedule's makespan, stop flags, open bound, share done. */
test_engine_run test_run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, int threads,
                                test_engine_fn engine, const void *context);

/* The CPU engine (fsbb_search_cpu) as a test_engine_fn. */
fsbb_status test_cpu_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err);

/* A scripted improvement, the context of test_scripted_engine: engine (with its context)
 * runs, and once the search has branched `after` nodes (seen at its progress checks),
 * schedule, of that makespan, is offered through the hook the heuristic workers use
 * (fsbb_search_offer_from). Out: whether it was offered, and who found the final schedule. */
typedef struct test_script {
    test_engine_fn engine;
    const void *engine_context;
    const fsbb_job *schedule;
    int makespan;
    uint64_t after;
    int *offered;
    fsbb_found_by *source;
} test_script;
fsbb_status test_scripted_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err);

/* 1 when the offload engines' bounded counter equals the CPU engine's: every rule but fwd
 * and bwd with LB2 (offload_loop.h). */
int test_offload_bounded_comparable(const fsbb_options *options);

/* ---- Custom bounds -------------------------------------------------------------------- */

/* The one-machine bound with heads and tails over the unscheduled jobs only (LB1 takes them
 * over all jobs, but chains the machines): above LB1 at some nodes, below at others. An
 * fsbb_cpu_bound_fn; user_data is not used. */
int test_one_machine_bound(const fsbb_node_view *node, void *user_data);

#endif
