/* test_warm_start.c — the CPU start of a GPU search without an upper bound (warm_start.h),
 * continued here by the CPU engine from the nodes it hands over, as the device continues
 * from them: the budget ends the phase without counting as a limit, the two phases branch
 * exactly the tree of one search (fixed tree at the optimum; one thread from no upper
 * bound), a tree within the budget ends in the first phase, and a node limit inside the
 * phase stops the search with its open bound noted. */
#include "suites.h"
#include "test_support.h"

#include "checkpoint.h"
#include "search_cpu.h"
#include "warm_start.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the first phase left. */
typedef struct phase_report {
    size_t handed_over;
    uint64_t nodes;
    int stopped, limit_reached, open_lower_bound;
} phase_report;

/* The warm start's budget and where to write its report (a test_engine_fn context). */
typedef struct warm_context {
    uint64_t budget;
    phase_report *report;
} warm_context;

/* The warm start, then the CPU engine from the nodes it handed over. */
static fsbb_status warm_then_cpu(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    (void)run;
    const warm_context *warm = context;
    fsbb_open_nodes open;
    fsbb_status status = fsbb_warm_start(search, warm->budget, &open, err);
    *warm->report = (phase_report){
        .handed_over = open.count,
        .nodes = atomic_load(&search->nodes),
        .stopped = atomic_load(&search->stop),
        .limit_reached = atomic_load(&search->limit_reached),
        .open_lower_bound = atomic_load(&search->open_lower_bound),
    };
    if (status == FSBB_OK && open.count > 0) {
        const fsbb_checkpoint resume = {.open_nodes = open.nodes, .open_count = open.count, .node_stride = open.stride};
        search->resume = &resume;
        status = fsbb_search_cpu(search, err);
        search->resume = NULL;
    }
    free(open.nodes);
    return status;
}

static test_engine_run run_warm(const fsbb_instance *inst, const fsbb_options *options, int ub, int threads,
                                uint64_t budget, phase_report *report)
{
    const warm_context context = {.budget = budget, .report = report};
    return test_run_engine(inst, options, ub, threads, warm_then_cpu, &context);
}

/* At the optimum the tree is fixed: the phases together branch and bound what one search
 * does, the first ending at its budget with no limit reached and no open bound noted. */
static void test_budget_ends_phase(void)
{
    fsbb_instance *inst = test_load_instance("ta020");
    fsbb_options *options = fsbb_options_new();
    const test_engine_run whole = test_run_engine(inst, options, inst->best_known, 4, test_cpu_engine, NULL);
    phase_report first;
    const test_engine_run warm = run_warm(inst, options, inst->best_known, 4, 20000, &first);
    CU_ASSERT_EQUAL(warm.status, FSBB_OK);
    CU_ASSERT(first.handed_over > 0);
    CU_ASSERT(first.nodes >= 20000 && first.nodes < 20000 + 4 * 256 + 64);
    CU_ASSERT_EQUAL(first.stopped, 0);
    CU_ASSERT_EQUAL(first.limit_reached, 0);
    CU_ASSERT_EQUAL(first.open_lower_bound, INT_MAX);
    CU_ASSERT_EQUAL(warm.stopped, 0);
    CU_ASSERT_EQUAL(warm.nodes, whole.nodes);
    CU_ASSERT_EQUAL(warm.bounded, whole.bounded);
    CU_ASSERT_EQUAL(warm.incumbent, inst->best_known);
    printf("\n[%s at the optimum: %llu nodes in one search; %llu + %llu in two phases, %zu nodes handed over]",
           inst->name, (unsigned long long)whole.nodes, (unsigned long long)first.nodes,
           (unsigned long long)(warm.nodes - first.nodes), first.handed_over);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* One thread from no upper bound: the handed-over stack continues the same depth-first
 * search, so the incumbent's improvements and the tree are those of one search. */
static void test_one_thread_same_search(void)
{
    static const char *const names[] = {"ta005", "ta011", "ta014"};
    static const uint64_t budgets[] = {1, 1000, 30000};
    fsbb_options *options = fsbb_options_new();
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        const test_engine_run whole = test_run_engine(inst, options, INT_MAX, 1, test_cpu_engine, NULL);
        for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
            phase_report first;
            const test_engine_run warm = run_warm(inst, options, INT_MAX, 1, budgets[b], &first);
            CU_ASSERT_EQUAL(warm.status, FSBB_OK);
            CU_ASSERT(first.handed_over > 0);
            CU_ASSERT_EQUAL(warm.nodes, whole.nodes);
            CU_ASSERT_EQUAL(warm.bounded, whole.bounded);
            CU_ASSERT_EQUAL(warm.incumbent, inst->best_known);
            CU_ASSERT(warm.found);
            CU_ASSERT_EQUAL(warm.schedule_makespan, inst->best_known);
        }
        printf("\n[%s from no upper bound, one thread: %llu nodes, in two phases alike]", inst->name,
               (unsigned long long)whole.nodes);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* ta001-ta010 from no upper bound need a few thousand nodes: the first phase proves them. */
static void test_small_tree_ends_in_phase(void)
{
    fsbb_options *options = fsbb_options_new();
    char name[8];
    for (int i = 1; i <= 10; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        phase_report first;
        const test_engine_run run = run_warm(inst, options, INT_MAX, 4, FSBB_WARM_START_DEFAULT_NODES, &first);
        CU_ASSERT_EQUAL(run.status, FSBB_OK);
        CU_ASSERT_EQUAL(first.handed_over, 0);
        CU_ASSERT_EQUAL(first.stopped, 0);
        CU_ASSERT(first.nodes < FSBB_WARM_START_DEFAULT_NODES);
        CU_ASSERT_EQUAL(run.incumbent, inst->best_known);
        CU_ASSERT_EQUAL(run.schedule_makespan, inst->best_known);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* A node limit below the budget stops the whole search in the first phase: nothing is
 * handed over, the limit is reported and the open nodes' bound noted. */
static void test_limit_inside_phase(void)
{
    fsbb_instance *inst = test_load_instance("ta021");
    const char *const pairs[] = {"node-limit", "5000", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    phase_report first;
    const test_engine_run run = run_warm(inst, options, INT_MAX, 4, FSBB_WARM_START_DEFAULT_NODES, &first);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT_EQUAL(first.handed_over, 0);
    CU_ASSERT(first.stopped);
    CU_ASSERT(first.limit_reached);
    CU_ASSERT(run.nodes >= 5000 && run.nodes < 5000 + 4 * 256 + 64);
    CU_ASSERT(run.open_lower_bound <= inst->best_known);
    CU_ASSERT(run.found);
    CU_ASSERT(run.incumbent > inst->best_known && run.incumbent < INT_MAX);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* The option that sets the budget: default, a value, 0, refusals. */
static void test_option(void)
{
    fsbb_options *options = fsbb_options_new();
    fsbb_error err;
    char text[32];
    CU_ASSERT_EQUAL(options->warm_start_nodes, FSBB_WARM_START_DEFAULT_NODES);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "warm-start", text, sizeof text), "1048576");
    CU_ASSERT_EQUAL(fsbb_options_set(options, "warm-start", "0", &err), FSBB_OK);
    CU_ASSERT_EQUAL(options->warm_start_nodes, 0);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "warm-start", "12345", &err), FSBB_OK);
    CU_ASSERT_STRING_EQUAL(fsbb_options_get(options, "warm-start", text, sizeof text), "12345");
    CU_ASSERT_EQUAL(fsbb_options_set(options, "warm-start", "-1", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_options_set(options, "warm-start", "many", &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(options->warm_start_nodes, 12345);
    fsbb_options_free(options);
}

FSBB_SUITE("warm start",
           {"a budget ends the first phase, not the search: the same tree in two phases", test_budget_ends_phase},
           {"one thread from no upper bound: two phases are one search", test_one_thread_same_search},
           {"ta001-ta010 from no upper bound end in the first phase", test_small_tree_ends_in_phase},
           {"a node limit inside the first phase stops the search", test_limit_inside_phase},
           {"option warm-start", test_option})
