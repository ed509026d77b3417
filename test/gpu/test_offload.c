/* test_offload.c — the offload GPU engine (CPU branching, GPU pool bounding) explores the CPU
 * engine's tree: with the upper bound at the optimum the tree is fixed, so both must branch
 * the same nodes (ta001-ta010 with LB1 and LB2, every refactor mode, both pool orders, small
 * and default pools; ta011-ta020 but ta017; random instances with every branching rule);
 * from no upper bound it finds the CPU engine's optimum on random instances; a node limit
 * on ta021 stops it promptly with an honest open bound (its time split is printed); the
 * solver runs it for --device gpu --gpu-engine offload; refusals come back as errors. */
#include "instance.h"
#include "offload_loop.h"
#include "options.h"
#include "search.h"
#include "suites.h"
#include "test_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ENGINE_CPU, ENGINE_OFFLOAD };

/* The offload engine, with its statistics (a test_engine_fn). */
static fsbb_status offload_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    (void)context;
    return fsbb_search_gpu_offload_stats(search, &run->offload_stats, err);
}

static test_engine_run run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, int engine)
{
    const test_engine_run run =
        test_run_engine(inst, options, ub, 4, engine == ENGINE_CPU ? test_cpu_engine : offload_engine, NULL);
    if (run.status != FSBB_OK)
        printf("\n[%s engine on %s: %s]", engine == ENGINE_CPU ? "CPU" : "offload", inst->name, run.message);
    return run;
}

/* Both engines from ub: the same nodes (and bounds where offload_loop.h says they agree). */
static void same_tree(const fsbb_instance *inst, const fsbb_options *options, int ub, const char *what)
{
    const test_engine_run cpu = run_engine(inst, options, ub, ENGINE_CPU);
    const test_engine_run gpu = run_engine(inst, options, ub, ENGINE_OFFLOAD);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.stopped, 0);
    CU_ASSERT_EQUAL(gpu.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(gpu.incumbent, cpu.incumbent);
    const int comparable = test_offload_bounded_comparable(options);
    if (comparable) {
        CU_ASSERT_EQUAL(gpu.bounded, cpu.bounded);
    } else {
        CU_ASSERT(gpu.bounded >= cpu.bounded);
    }
    const int same = gpu.status == FSBB_OK && gpu.nodes == cpu.nodes && (!comparable || gpu.bounded == cpu.bounded);
    printf("\n[%s %s ub %d: CPU %llu nodes %llu bounds, offload %llu nodes %llu bounds in %llu pools of %d%s]",
           inst->name, what, ub, (unsigned long long)cpu.nodes, (unsigned long long)cpu.bounded,
           (unsigned long long)gpu.nodes, (unsigned long long)gpu.bounded, (unsigned long long)gpu.offload_stats.pools,
           gpu.offload_stats.pool_capacity, same ? "" : " DIFFER");
    fflush(stdout);
}

static void test_taillard_20x5(void)
{
    static const char *const refactors[] = {"none", "trig", "select"};
    static const char *const orders[] = {"bfs", "dfs"};
    static const char *const bounds[] = {"lb1", "lb2"};
    for (int i = 1; i <= 10; i++) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        for (int b = 0; b < 2; b++)
            for (int r = 0; r < 3; r++)
                for (int o = 0; o < 2; o++) {
                    /* Pools of n nodes on odd instances, the default pool on even ones. */
                    const char *pool_size = i % 2 ? "20" : "0";
                    const char *const pairs[] = {"lb", bounds[b], "refactor", refactors[r], "pool-order", orders[o],
                                                 "pool-size", pool_size, "gpu-engine", "offload", NULL};
                    fsbb_options *options = test_options_from_pairs(pairs);
                    char what[64];
                    snprintf(what, sizeof what, "%s dyn %s %s pool %s", bounds[b], refactors[r], orders[o], pool_size);
                    same_tree(inst, options, inst->best_known, what);
                    fsbb_options_free(options);
                }
        fsbb_instance_free(inst);
    }
}

static void test_taillard_20x10(void)
{
    const char *const pairs[] = {"gpu-engine", "offload", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    for (int i = 11; i <= 20; i++) {
        if (i == 17)
            continue;
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        same_tree(inst, options, inst->best_known, "lb1 dyn, defaults");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* Random instances: the CPU engine's optimum from no upper bound, with a schedule that has
 * it; then the same tree from the optimum for fwd, bwd and dyn with LB1 and LB2. */
static void test_random_instances(void)
{
    static const int sizes[][2] = {{1, 3}, {2, 4}, {8, 1}, {9, 5}, {10, 10}, {9, 20}, {11, 4}, {12, 3}};
    static const char *const branches[] = {"fwd", "bwd", "dyn"};
    static const char *const bounds[] = {"lb1", "lb2"};
    unsigned state = 20240611u;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_instance *inst = test_random_instance(&state, sizes[s][0], sizes[s][1]);
        for (int br = 0; br < 3; br++)
            for (int b = 0; b < 2; b++) {
                const char *const pairs[] = {"lb", bounds[b], "branch", branches[br], "pool-size", "64", NULL};
                fsbb_options *options = test_options_from_pairs(pairs);
                const test_engine_run best = run_engine(inst, options, INT_MAX, ENGINE_CPU);
                const test_engine_run gpu = run_engine(inst, options, INT_MAX, ENGINE_OFFLOAD);
                CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
                CU_ASSERT_EQUAL(gpu.incumbent, best.incumbent);
                CU_ASSERT(gpu.found);
                CU_ASSERT_EQUAL(gpu.schedule_makespan, best.incumbent);
                char what[32];
                snprintf(what, sizeof what, "%s %s", bounds[b], branches[br]);
                same_tree(inst, options, best.incumbent, what);
                fsbb_options_free(options);
            }
        fsbb_instance_free(inst);
    }
}

/* ta021 under a node limit: stops within one check interval, open bound below the
 * optimum; prints where the host's time went. */
static void test_node_limit(void)
{
    const uint64_t limit = 2000000;
    const char *const pairs[] = {"node-limit", "2000000", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_instance *inst = test_load_instance("ta021");
    const test_engine_run run = run_engine(inst, options, inst->best_known, ENGINE_OFFLOAD);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(run.stopped);
    CU_ASSERT(run.limit_reached);
    CU_ASSERT(run.nodes >= limit);
    CU_ASSERT(run.nodes < limit + FSBB_OFFLOAD_CHECK_EVERY);
    CU_ASSERT(run.open_lower_bound < inst->best_known);
    const fsbb_offload_stats *s = &run.offload_stats;
    printf("\n[ta021, %llu nodes: %llu pools of %d (mean %.0f nodes, %.1f%% survive), peak stack %zu; "
           "total %.3f s = fill %.3f + wait %.3f + prune %.3f]",
           (unsigned long long)run.nodes, (unsigned long long)s->pools, s->pool_capacity,
           s->pools ? (double)s->pool_nodes / (double)s->pools : 0.0,
           s->pool_nodes ? 100.0 * (double)s->survivors / (double)s->pool_nodes : 0.0, s->peak_open, s->total_s,
           s->fill_s, s->wait_s, s->prune_s);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* Through the solver: --device gpu --gpu-engine offload proves the optimum from the
 * heuristic upper bound and returns a schedule that has it. */
static void test_solver_path(void)
{
    const char *const pairs[] = {"device", "gpu", "gpu-engine", "offload", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    const char *names[] = {"ta002", "ta005", "ta012"};
    for (int i = 0; i < 3; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        fsbb_result result;
        fsbb_error err;
        const fsbb_status status = fsbb_solve(inst, options, &result, &err);
        CU_ASSERT_EQUAL(status, FSBB_OK);
        if (status != FSBB_OK)
            printf("\n[%s: %s]", names[i], err.message);
        CU_ASSERT(result.optimal);
        CU_ASSERT_EQUAL(result.makespan, inst->best_known);
        CU_ASSERT_NOT_EQUAL(strcmp(result.device, "cpu"), 0);
        if (result.permutation)
            CU_ASSERT_EQUAL(fsbb_instance_makespan(inst, result.permutation), inst->best_known);
        fsbb_result_clear(&result);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* Refusals: a pool smaller than one node's children; trig beyond its exact range (not
 * mistaken for a lack of memory). */
static void test_refusals(void)
{
    fsbb_instance *inst = test_load_instance("ta001");
    const char *const small_pairs[] = {"pool-size", "19", NULL};
    fsbb_options *small = test_options_from_pairs(small_pairs);
    const test_engine_run too_small = run_engine(inst, small, inst->best_known, ENGINE_OFFLOAD);
    CU_ASSERT_EQUAL(too_small.status, FSBB_ERR_ARGUMENT);
    fsbb_options_free(small);
    fsbb_instance_free(inst);

    /* 20 jobs of 10^6 on one machine: a total work of 2 * 10^7 >= 2^24. */
    int huge[20];
    for (int j = 0; j < 20; j++)
        huge[j] = 1000000;
    fsbb_instance *heavy = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_instance_from_matrix("heavy", 20, 1, huge, &heavy, &err) == FSBB_OK);
    const char *const trig_pairs[] = {"refactor", "trig", NULL};
    fsbb_options *trig = test_options_from_pairs(trig_pairs);
    const test_engine_run refused = run_engine(heavy, trig, INT_MAX, ENGINE_OFFLOAD);
    CU_ASSERT_EQUAL(refused.status, FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(strstr(refused.message, "out of memory"));
    fsbb_options_free(trig);
    fsbb_instance_free(heavy);
}

FSBB_SUITE("gpu_offload",
           {"ta001-ta010 from the optimum: CPU engine's tree, LB1/LB2 x refactor x pool order", test_taillard_20x5},
           {"ta011-ta020 but ta017 from the optimum: CPU engine's tree", test_taillard_20x10},
           {"random instances: CPU engine's optimum, same tree for fwd/bwd/dyn x LB1/LB2", test_random_instances},
           {"ta021 node limit: prompt stop, open bound, time split", test_node_limit},
           {"solver: --device gpu --gpu-engine offload proves optima", test_solver_path},
           {"refusals: pool below n, trig out of range", test_refusals})
