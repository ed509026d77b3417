/* test_anytime.c — the heuristic run for a search (anytime.h): alone (search=heuristic),
 * as the initial upper bound (ub=heuristic) and as workers beside the exact search
 * (heuristic-threads): schedules recomputed, runs that repeat, optima unchanged, and a
 * bound offered mid-search through the workers' hook pruning the rest of the search. */
#include "anytime.h"
#include "suites.h"
#include "test_support.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static fsbb_result solve_with(const fsbb_instance *inst, const char *const *pairs)
{
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_result result;
    fsbb_error err;
    const fsbb_status status = fsbb_solve(inst, options, &result, &err);
    if (status != FSBB_OK)
        CU_FAIL_FATAL(err.message);
    fsbb_options_free(options);
    return result;
}

/* The result's schedule exists, has the makespan it reports and says who found it. */
static void check_schedule(const fsbb_instance *inst, const fsbb_result *result)
{
    CU_ASSERT_FATAL(result->permutation != NULL);
    CU_ASSERT_EQUAL(fsbb_instance_makespan(inst, result->permutation), result->makespan);
    CU_ASSERT(strcmp(result->found_by, "initial") == 0 || strcmp(result->found_by, "search") == 0 ||
              strcmp(result->found_by, "heuristic") == 0);
    CU_ASSERT(result->time_to_best_s >= 0 && result->time_to_best_s <= result->time_s);
}

static void test_options(void)
{
    fsbb_options *options = fsbb_options_new();
    char value[64];
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "search", value, sizeof value), "exact");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "heuristic-threads", value, sizeof value), "auto");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "seed", value, sizeof value), "1");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "ub", value, sizeof value), "heuristic");
    const char *const pairs[] = {"search", "heuristic", "heuristic-threads", "3", "seed", "42",
                                 "heuristic-iterations", "500", "ub", "neh", NULL};
    test_options_set_pairs(options, pairs);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "search", value, sizeof value), "heuristic");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "heuristic-threads", value, sizeof value), "3");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "seed", value, sizeof value), "42");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "heuristic-iterations", value, sizeof value), "500");
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "ub", value, sizeof value), "neh");
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_options_set(options, "search", "greedy", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "heuristic-threads", "-1", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "heuristic-threads", "many", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "seed", "-3", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "heuristic-threads", "auto", &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "heuristic-threads", value, sizeof value), "auto");
    fsbb_options_free(options);
}

static void test_alone_recomputed(void)
{
    static const char *const names[] = {"ta001", "ta031", "ta051", "ta081"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        const char *const pairs[] = {"search", "heuristic", "threads", "2", "heuristic-iterations", "40", NULL};
        fsbb_result result = solve_with(inst, pairs);
        check_schedule(inst, &result);
        CU_ASSERT_STRING_EQUAL(result.found_by, "heuristic");
        CU_ASSERT_EQUAL(result.nodes, 0);
        CU_ASSERT_EQUAL(result.heuristic_threads, 2);
        CU_ASSERT(result.heuristic_iterations >= 2 * 40);
        CU_ASSERT(result.lower_bound <= result.makespan);
        CU_ASSERT_EQUAL(result.optimal, result.lower_bound >= result.makespan);
        fsbb_result_clear(&result);
        fsbb_instance_free(inst);
    }
}

static void test_alone_repeats(void)
{
    fsbb_instance *inst = test_load_instance("ta061");
    const char *const pairs[] = {"search", "heuristic", "threads", "1", "heuristic-iterations", "150", "seed", "7",
                                 NULL};
    fsbb_result first = solve_with(inst, pairs), second = solve_with(inst, pairs);
    check_schedule(inst, &first);
    check_schedule(inst, &second);
    CU_ASSERT_EQUAL(first.makespan, second.makespan);
    CU_ASSERT_EQUAL(first.heuristic_iterations, 150);
    CU_ASSERT_EQUAL(second.heuristic_iterations, 150);
    CU_ASSERT(memcmp(first.permutation, second.permutation, sizeof(int) * (size_t)first.jobs) == 0);
    fsbb_result_clear(&first);
    fsbb_result_clear(&second);
    fsbb_instance_free(inst);
}

static void test_initial_upper_bound(void)
{
    static const char *const names[] = {"ta011", "ta021", "ta051"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        for (int neh = 0; neh <= 1; neh++) {
            const char *const pairs[] = {"ub", neh ? "neh" : "heuristic", "threads", "2", "node-limit", "1",
                                         "heuristic-threads", "0", NULL};
            fsbb_result result = solve_with(inst, pairs);
            check_schedule(inst, &result);
            CU_ASSERT_STRING_EQUAL(result.found_by, "initial");
            CU_ASSERT_EQUAL(result.initial_ub, result.makespan);
            fsbb_result_clear(&result);
        }
        fsbb_instance_free(inst);
    }
}

/* With workers beside the CPU search, every optimum is the one found without them. */
static void test_workers_keep_the_optimum(void)
{
    unsigned state = 1414;
    for (int round = 0; round < 6; round++) {
        fsbb_instance *inst = round == 0 ? test_load_instance("ta001") : test_random_instance(&state, 9 + round, 5);
        const char *const alone[] = {"threads", "1", "heuristic-threads", "0", "ub", "inf", NULL};
        const char *const beside[] = {"threads", "1", "heuristic-threads", "2", "ub", "inf", NULL};
        fsbb_result search_only = solve_with(inst, alone), both = solve_with(inst, beside);
        CU_ASSERT(search_only.optimal && both.optimal);
        CU_ASSERT_EQUAL(both.makespan, search_only.makespan);
        check_schedule(inst, &search_only);
        check_schedule(inst, &both);
        CU_ASSERT_STRING_EQUAL(search_only.found_by, "search");
        CU_ASSERT_EQUAL(search_only.heuristic_threads, 0);
        CU_ASSERT_EQUAL(both.heuristic_threads, 2);
        fsbb_result_clear(&search_only);
        fsbb_result_clear(&both);
        fsbb_instance_free(inst);
    }
}

static void test_bound_mid_search(void)
{
    fsbb_instance *inst = test_load_instance("ta011");
    const int n = inst->n;
    fsbb_options *options = fsbb_options_new();
    const char *const plain[] = {"threads", "1", "ub", "inf", "heuristic-threads", "0", NULL};
    test_options_set_pairs(options, plain);
    fsbb_result optimum;
    CU_ASSERT_FATAL(fsbb_solve(inst, options, &optimum, NULL) == FSBB_OK);
    CU_ASSERT_FATAL(optimum.optimal && optimum.permutation);
    fsbb_job *schedule = malloc(sizeof *schedule * (size_t)n);
    for (int j = 0; j < n; j++)
        schedule[j] = (fsbb_job)optimum.permutation[j];
    const test_engine_run alone = test_run_engine(inst, options, INT_MAX, 1, test_cpu_engine, NULL);
    CU_ASSERT_EQUAL(alone.incumbent, optimum.makespan);
    CU_ASSERT_FATAL(alone.nodes > 1000);
    fsbb_found_by source = FSBB_FOUND_NONE;
    int offered = 0;
    const test_script s = {.engine = test_cpu_engine, .schedule = schedule, .makespan = optimum.makespan,
                           .after = 2000, .offered = &offered, .source = &source};
    const test_engine_run scripted = test_run_engine(inst, options, INT_MAX, 1, test_scripted_engine, &s);
    CU_ASSERT(offered);
    CU_ASSERT_EQUAL(scripted.status, FSBB_OK);
    CU_ASSERT_EQUAL(scripted.incumbent, optimum.makespan);
    CU_ASSERT_EQUAL(scripted.schedule_makespan, optimum.makespan);
    CU_ASSERT(!scripted.stopped);
    CU_ASSERT(scripted.nodes < alone.nodes);
    CU_ASSERT_EQUAL(source, FSBB_FOUND_HEURISTIC);
    free(schedule);
    fsbb_result_clear(&optimum);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* A worse bound offered mid-search changes nothing: a bound only ever lowers. */
static void test_worse_bound_ignored(void)
{
    fsbb_instance *inst = test_load_instance("ta011");
    fsbb_options *options = fsbb_options_new();
    const char *const plain[] = {"threads", "1", "ub", "inf", "heuristic-threads", "0", NULL};
    test_options_set_pairs(options, plain);
    const test_engine_run alone = test_run_engine(inst, options, INT_MAX, 1, test_cpu_engine, NULL);
    fsbb_job *schedule = malloc(sizeof *schedule * (size_t)inst->n);
    for (int j = 0; j < inst->n; j++)
        schedule[j] = (fsbb_job)j;
    fsbb_found_by source = FSBB_FOUND_NONE;
    int identity[20], offered = 0;
    for (int j = 0; j < inst->n; j++)
        identity[j] = j;
    const test_script s = {.engine = test_cpu_engine, .schedule = schedule,
                           .makespan = fsbb_instance_makespan(inst, identity), .after = alone.nodes / 2,
                           .offered = &offered, .source = &source};
    const test_engine_run scripted = test_run_engine(inst, options, INT_MAX, 1, test_scripted_engine, &s);
    CU_ASSERT(offered);
    CU_ASSERT_EQUAL(scripted.incumbent, alone.incumbent);
    CU_ASSERT_EQUAL(scripted.nodes, alone.nodes);
    CU_ASSERT_EQUAL(source, FSBB_FOUND_SEARCH);
    free(schedule);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

FSBB_SUITE("anytime", {"options search, heuristic-threads, seed, heuristic-iterations", test_options},
           {"search=heuristic: reported makespans are recomputed", test_alone_recomputed},
           {"search=heuristic repeats with a seed and an iteration budget", test_alone_repeats},
           {"ub=heuristic and ub=neh: the initial schedule", test_initial_upper_bound},
           {"workers beside the CPU search keep the optimum", test_workers_keep_the_optimum},
           {"a bound arriving mid-search is honoured", test_bound_mid_search},
           {"a worse bound arriving mid-search changes nothing", test_worse_bound_ignored})
