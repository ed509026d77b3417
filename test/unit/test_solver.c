/* test_solver.c — the solver end to end through the public API: optima equal brute force
 * for every branching rule, selection rule, bound and thread count; Taillard's ta001-ta020
 * reach their known optima from no upper bound; returned schedules are recomputed
 * independently; limits, --ub opt and an upper bound below the optimum are reported
 * honestly; with a fixed upper bound the explored tree does not depend on the threads; a
 * progress log that cannot be written is said in the result (log_errno). */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "flowshopbb.h"
#include "taillard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fsbb_instance *random_instance(unsigned *rng, int n, int m, int *p)
{
    test_random_times(rng, n, m, p);
    fsbb_instance *instance = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_from_matrix("random", n, m, p, &instance, &err), FSBB_OK);
    return instance;
}

static fsbb_options *options_with(const char *const *pairs)
{
    fsbb_options *options = fsbb_options_new();
    test_options_set_pairs(options, pairs);
    return options;
}

/* Checks that a result's schedule is a permutation whose makespan, recomputed without the
 * library, equals the reported makespan. */
static void assert_schedule_valid(const fsbb_result *result, int n, int m, const int *p)
{
    CU_ASSERT_PTR_NOT_NULL_FATAL(result->permutation);
    CU_ASSERT_EQUAL(result->jobs, n);
    int *seen = calloc((size_t)n, sizeof *seen);
    for (int j = 0; j < n; j++) {
        const int job = result->permutation[j];
        CU_ASSERT_FATAL(job >= 0 && job < n);
        CU_ASSERT_EQUAL(seen[job], 0);
        seen[job] = 1;
    }
    free(seen);
    CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, result->permutation, n), result->makespan);
}

static void test_random_instances_every_mode(void)
{
    static const char *const branches[] = {"fwd", "bwd", "dyn"};
    static const char *const selections[] = {"dfs", "bfs", "best"};
    static const char *const bounds[] = {"lb1", "lb2", "auto"};
    static const char *const threads[] = {"1", "3"};
    static const char *const upper_bounds[] = {"inf", "heuristic"};
    unsigned rng = 2024;
    int p[8 * 6];
    for (int trial = 0; trial < 200; trial++) {
        const int n = 1 + (int)(test_random_next(&rng) % 8), m = 1 + (int)(test_random_next(&rng) % 6);
        fsbb_instance *instance = random_instance(&rng, n, m, p);
        const int optimum = brute_force_optimum(n, m, p, NULL);
        /* Every trial runs every branching and selection rule; bound, threads and upper
         * bound rotate so all combinations occur across trials. */
        for (int b = 0; b < 3; b++)
            for (int s = 0; s < 3; s++) {
                const int combo = trial + b + s;
                const char *const pairs[] = {"branch", branches[b], "select", selections[s], "lb", bounds[combo % 3],
                                             "threads", threads[(combo / 2) % 2], "ub", upper_bounds[(combo / 4) % 2],
                                             NULL};
                fsbb_options *options = options_with(pairs);
                fsbb_result result;
                fsbb_error err;
                CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
                CU_ASSERT_EQUAL(result.makespan, optimum);
                CU_ASSERT_TRUE(result.optimal);
                CU_ASSERT_EQUAL(result.lower_bound, optimum);
                assert_schedule_valid(&result, n, m, p);
                fsbb_result_clear(&result);
                fsbb_options_free(options);
            }
        fsbb_instance_free(instance);
    }
}

static void solve_taillard_from_scratch(int first, int last)
{
    for (int index = first; index <= last; index++) {
        const fsbb_taillard_entry *entry = fsbb_taillard_entry_at(index);
        fsbb_instance *instance;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(entry->name, &instance, &err), FSBB_OK);
        const char *const pairs[] = {"ub", "inf", "threads", "2", NULL};
        fsbb_options *options = options_with(pairs);
        fsbb_result result;
        CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
        CU_ASSERT_EQUAL(result.makespan, entry->best_known);
        CU_ASSERT_TRUE(result.optimal);
        int *p = malloc(sizeof(int) * (size_t)(entry->jobs * entry->machines));
        fsbb_taillard_generate(index, p);
        assert_schedule_valid(&result, entry->jobs, entry->machines, p);
        free(p);
        fsbb_result_clear(&result);
        fsbb_options_free(options);
        fsbb_instance_free(instance);
    }
}

static void test_taillard_20x5(void)
{
    solve_taillard_from_scratch(1, 10);
}

/* ta011-ta020 (20 x 10) take seconds each; FSBB_TEST_LIGHT=1 (the sanitizer run) keeps the
 * easy half so the suite stays fast under instrumentation. */
static void test_taillard_20x10(void)
{
    const char *light = getenv("FSBB_TEST_LIGHT");
    if (light && strcmp(light, "1") == 0) {
        solve_taillard_from_scratch(11, 16);
        solve_taillard_from_scratch(18, 19);
    } else {
        solve_taillard_from_scratch(11, 20);
    }
}

/* --lb auto on the CPU engine: Taillard 20 x 5 and 20 x 10 instances from ub=inf (the rule
 * turns LB2 off and on per depth as the threads measure) reach their optima; the result says
 * which bounds ran and what share of LB1's survivors LB2 refined. FSBB_TEST_LIGHT=1 (the
 * sanitizer run) keeps the 20 x 5 ones. */
static void test_lb_auto_optima(void)
{
    const char *names[] = {"ta001", "ta004", "ta011", "ta015"};
    const char *light = getenv("FSBB_TEST_LIGHT");
    const int count = light && strcmp(light, "1") == 0 ? 2 : 4;
    for (int i = 0; i < count; i++) {
        fsbb_instance *instance;
        fsbb_error err;
        CU_ASSERT_EQUAL_FATAL(fsbb_instance_load(names[i], &instance, &err), FSBB_OK);
        /* No heuristic walk (auto gives one from 8 cores on): one that finds the optimum
         * at once leaves trees too small for the rule to measure LB2. */
        const char *const pairs[] = {"ub", "inf", "threads", "2", "lb", "auto", "heuristic-threads", "0", NULL};
        fsbb_options *options = options_with(pairs);
        fsbb_result result;
        CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
        CU_ASSERT_TRUE(result.optimal);
        CU_ASSERT_EQUAL(result.makespan, fsbb_taillard_entry_at(fsbb_taillard_index(names[i]))->best_known);
        CU_ASSERT_STRING_EQUAL(result.lb_used, "lb1+lb2");
        CU_ASSERT(result.lb2_refined_fraction > 0 && result.lb2_refined_fraction <= 1);
        fsbb_result_clear(&result);
        fsbb_options_free(options);
        fsbb_instance_free(instance);
    }
}

/* The nodes of a search at the optimum with LB1, whose tree no thread count or order changes
 * (auto's, timed during the search, varies). */
static uint64_t nodes_with(fsbb_instance *instance, const char *select, const char *threads)
{
    const char *const pairs[] = {"ub", "opt", "lb", "lb1", "select", select, "threads", threads, NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_TRUE(result.optimal);
    const uint64_t nodes = result.nodes;
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    return nodes;
}

static void test_tree_independent_of_threads_and_order(void)
{
    fsbb_instance *instance;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta020", &instance, &err), FSBB_OK);
    const uint64_t reference = nodes_with(instance, "dfs", "1");
    CU_ASSERT_TRUE(reference > 1000);
    CU_ASSERT_EQUAL(nodes_with(instance, "dfs", "2"), reference);
    CU_ASSERT_EQUAL(nodes_with(instance, "dfs", "5"), reference);
    CU_ASSERT_EQUAL(nodes_with(instance, "bfs", "3"), reference);
    CU_ASSERT_EQUAL(nodes_with(instance, "best", "2"), reference);
    fsbb_instance_free(instance);
}

static void test_upper_bound_opt_has_no_schedule(void)
{
    fsbb_instance *instance;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    const char *const pairs[] = {"ub", "opt", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_TRUE(result.optimal);
    CU_ASSERT_EQUAL(result.makespan, 1278);
    CU_ASSERT_EQUAL(result.lower_bound, 1278);
    CU_ASSERT_PTR_NULL(result.permutation);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

static void test_upper_bound_below_optimum(void)
{
    fsbb_instance *instance;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta001", &instance, &err), FSBB_OK);
    const char *const pairs[] = {"ub", "1277", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_FALSE(result.optimal);
    CU_ASSERT_PTR_NULL(result.permutation);
    CU_ASSERT_EQUAL(result.lower_bound, 1277);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

static void test_node_limit_reports_bounds(void)
{
    fsbb_instance *instance;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_instance_load("ta021", &instance, &err), FSBB_OK);
    const char *const pairs[] = {"ub", "inf", "node-limit", "20000", "threads", "2", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    CU_ASSERT_EQUAL_FATAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
    CU_ASSERT_FALSE(result.optimal);
    CU_ASSERT_TRUE(result.nodes >= 20000 && result.nodes < 40000);
    CU_ASSERT_TRUE(result.lower_bound <= 2297);
    CU_ASSERT_TRUE(result.makespan >= 2297);
    CU_ASSERT_TRUE(result.lower_bound < result.makespan);
    int p[20 * 20];
    fsbb_taillard_generate(21, p);
    assert_schedule_valid(&result, 20, 20, p);
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

/* Option log: a log that cannot be written leaves the solve as it was and says why in the
 * result (ENOSPC for /dev/full); a log written whole says 0. */
static void test_log_write_failure_in_result(void)
{
    unsigned rng = 11;
    int p[5 * 3];
    fsbb_instance *instance = random_instance(&rng, 5, 3, p);
    const char *const full[] = {"log", "/dev/full", "threads", "1", NULL};
    const char *const null[] = {"log", "/dev/null", "threads", "1", NULL};
    const char *const *const cases[] = {full, null};
    for (int c = 0; c < 2; c++) {
        fsbb_options *options = options_with(cases[c]);
        fsbb_result result;
        fsbb_error err;
        CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_OK);
        CU_ASSERT_TRUE(result.optimal);
        CU_ASSERT_EQUAL(result.log_errno, c == 0 ? ENOSPC : 0);
        fsbb_result_clear(&result);
        fsbb_options_free(options);
    }
    fsbb_instance_free(instance);
}

static void test_opt_without_best_known_is_refused(void)
{
    unsigned rng = 7;
    int p[5 * 3];
    fsbb_instance *instance = random_instance(&rng, 5, 3, p);
    const char *const pairs[] = {"ub", "opt", NULL};
    fsbb_options *options = options_with(pairs);
    fsbb_result result;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solve(instance, options, &result, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "best-known"));
    fsbb_options_free(options);
    fsbb_instance_free(instance);
}

FSBB_SUITE("solver",
           {"random n<=8: every branching, selection, bound and thread count finds the optimum",
            test_random_instances_every_mode},
           {"ta001-ta010 from ub=inf reach their optima", test_taillard_20x5},
           {"ta011-ta020 from ub=inf reach their optima", test_taillard_20x10},
           {"--lb auto: Taillard optima from ub=inf, the bounds used", test_lb_auto_optima},
           {"with ub=opt the explored tree is the same for any threads and order",
            test_tree_independent_of_threads_and_order},
           {"ub=opt proves optimality without inventing a schedule", test_upper_bound_opt_has_no_schedule},
           {"ub below the optimum is not reported optimal", test_upper_bound_below_optimum},
           {"a node limit reports a schedule and a valid lower bound", test_node_limit_reports_bounds},
           {"ub=opt without a best-known makespan is refused", test_opt_without_best_known_is_refused},
           {"a log that cannot be written: its errno in the result", test_log_write_failure_in_result})
