/* test_resident_anytime.c — a bound found off the device reaches the resident engine: a
 * schedule offered mid-search through the heuristic workers' hook lowers the device's
 * incumbent between kernel runs (fewer nodes, the optimum and its schedule kept), a worse
 * one changes nothing, and solves with heuristic workers beside the engine keep every
 * optimum. */
#include "suites.h"
#include "test_support.h"
#include "resident_search.h"
#include "instance.h"
#include "options.h"
#include "search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fsbb_status resident_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    (void)context;
    (void)run;
    return fsbb_search_gpu_resident(search, err);
}

/* The optimum of inst and one of its schedules, from the CPU engine. */
static fsbb_job *optimal_schedule(const fsbb_instance *inst, int *makespan)
{
    const char *const pairs[] = {"threads", "2", "heuristic-threads", "0", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_result result;
    CU_ASSERT_FATAL(fsbb_solve(inst, options, &result, NULL) == FSBB_OK);
    CU_ASSERT_FATAL(result.optimal && result.permutation);
    fsbb_job *schedule = malloc(sizeof *schedule * (size_t)inst->n);
    CU_ASSERT_FATAL(schedule != NULL);
    for (int j = 0; j < inst->n; j++)
        schedule[j] = (fsbb_job)result.permutation[j];
    *makespan = result.makespan;
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    return schedule;
}

static void test_bound_mid_search(void)
{
    static const char *const names[] = {"ta011", "ta013", "ta015"};
    const char *const pairs[] = {"warm-start", "0", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        int optimum = 0;
        fsbb_job *schedule = optimal_schedule(inst, &optimum);
        const int ub = optimum + 300;
        const test_engine_run alone = test_run_engine(inst, options, ub, 1, resident_engine, NULL);
        CU_ASSERT_EQUAL(alone.status, FSBB_OK);
        CU_ASSERT_EQUAL(alone.incumbent, optimum);
        fsbb_found_by source = FSBB_FOUND_NONE;
        int offered = 0;
        const test_script better = {.engine = resident_engine, .schedule = schedule, .makespan = optimum,
                                    .after = 1, .offered = &offered, .source = &source};
        const test_engine_run scripted = test_run_engine(inst, options, ub, 1, test_scripted_engine, &better);
        CU_ASSERT(offered);
        CU_ASSERT_EQUAL(scripted.status, FSBB_OK);
        CU_ASSERT(!scripted.stopped);
        CU_ASSERT_EQUAL(scripted.incumbent, optimum);
        CU_ASSERT_EQUAL(scripted.schedule_makespan, optimum);
        CU_ASSERT(scripted.nodes < alone.nodes);
        CU_ASSERT_EQUAL(source, FSBB_FOUND_HEURISTIC);
        printf("\n[%s: %llu nodes alone, %llu with the optimum offered at the first sync]", names[i],
               (unsigned long long)alone.nodes, (unsigned long long)scripted.nodes);
        free(schedule);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

static void test_workers_keep_the_optimum(void)
{
    for (int k = 1; k <= 20; k += 3) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", k);
        fsbb_instance *inst = test_load_instance(name);
        const char *const pairs[] = {"device", "gpu", "heuristic-threads", "2", "ub", "inf", NULL};
        fsbb_options *options = test_options_from_pairs(pairs);
        fsbb_result result;
        fsbb_error err;
        CU_ASSERT_FATAL(fsbb_solve(inst, options, &result, &err) == FSBB_OK);
        CU_ASSERT(result.optimal);
        CU_ASSERT_EQUAL(result.makespan, inst->best_known);
        CU_ASSERT_FATAL(result.permutation != NULL);
        CU_ASSERT_EQUAL(fsbb_instance_makespan(inst, result.permutation), result.makespan);
        CU_ASSERT_EQUAL(result.heuristic_threads, 2);
        fsbb_result_clear(&result);
        fsbb_options_free(options);
        fsbb_instance_free(inst);
    }
}

FSBB_SUITE("gpu_resident_anytime",
           {"a bound offered mid-search lowers the device's incumbent", test_bound_mid_search},
           {"heuristic workers beside the resident engine keep the optimum", test_workers_keep_the_optimum})
