/* test_resident.c — the device-resident GPU engine explores exactly the CPU engine's tree:
 * with the upper bound at the optimum the tree is fixed, so both engines must branch the
 * same nodes and compute the same bounds (Taillard 20 x 5 instances, random instances of
 * every kernel form, LB1 and LB2, each branching rule, a pool small enough to spill, tiny
 * batches, graph replay); from above the optimum it must find an optimal schedule whose
 * permutation has that makespan; a node limit stops it with an honest open bound, and a
 * search stopped with a checkpoint and resumed branches the same tree in total. */
#include "../suites.h"
#include "gpu_resident.h"
#include "instance.h"
#include "options.h"
#include "search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct engine_run {
    fsbb_status status;
    uint64_t nodes, bounded;
    int incumbent;
    int found;              /* a schedule was recorded */
    int schedule_makespan;  /* its makespan, recomputed from the permutation */
    int stopped, limit_reached;
    int open_lower_bound;
    fsbb_resident_stats stats;
} engine_run;

enum { ENGINE_CPU, ENGINE_GPU };

static engine_run run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, int engine,
                             const fsbb_resident_tuning *tuning)
{
    engine_run run;
    memset(&run, 0, sizeof run);
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    fsbb_bound_data_limit_pairs(&data, options->lb2_pairs);
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    fsbb_search search;
    memset(&search, 0, sizeof search);
    search.data = &data;
    search.options = options;
    search.threads = 4;
    atomic_init(&search.incumbent, ub);
    pthread_mutex_init(&search.incumbent_lock, NULL);
    pthread_mutex_init(&search.progress_lock, NULL);
    search.incumbent_permutation = calloc((size_t)inst->n, sizeof(int));
    search.interrupt_request = &interrupt;
    atomic_init(&search.open_lower_bound, INT_MAX);
    search.start_time = search.last_progress_time = fsbb_now();
    fsbb_error err = {0};
    run.status = engine == ENGINE_CPU ? fsbb_search_cpu(&search, &err)
                                      : fsbb_search_gpu_resident_tuned(&search, tuning, &run.stats, &err);
    if (run.status != FSBB_OK)
        printf("\n[%s engine on %s: %s]", engine == ENGINE_CPU ? "CPU" : "GPU", inst->name, err.message);
    run.nodes = atomic_load(&search.nodes);
    run.bounded = atomic_load(&search.bounded);
    run.incumbent = atomic_load(&search.incumbent);
    run.found = search.incumbent_found;
    run.schedule_makespan = run.found ? fsbb_instance_makespan(inst, search.incumbent_permutation) : -1;
    run.stopped = atomic_load(&search.stop);
    run.limit_reached = atomic_load(&search.limit_reached);
    run.open_lower_bound = atomic_load(&search.open_lower_bound);
    free(search.incumbent_permutation);
    pthread_mutex_destroy(&search.incumbent_lock);
    pthread_mutex_destroy(&search.progress_lock);
    fsbb_bound_data_free(&data);
    return run;
}

static fsbb_options *options_with(const char *lb, const char *branch, const char *lb2_pairs)
{
    fsbb_options *options = fsbb_options_new();
    fsbb_error err;
    CU_ASSERT_FATAL(options != NULL);
    CU_ASSERT(fsbb_options_set(options, "lb", lb, &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "branch", branch, &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "lb2-pairs", lb2_pairs, &err) == FSBB_OK);
    return options;
}

/* Both engines from ub: the same nodes and bounds, and the GPU run finished. */
static int same_tree(const fsbb_instance *inst, const fsbb_options *options, int ub,
                     const fsbb_resident_tuning *tuning, const char *what)
{
    const engine_run cpu = run_engine(inst, options, ub, ENGINE_CPU, NULL);
    const engine_run gpu = run_engine(inst, options, ub, ENGINE_GPU, tuning);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.stopped, 0);
    CU_ASSERT_EQUAL(gpu.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(gpu.bounded, cpu.bounded);
    CU_ASSERT_EQUAL(gpu.incumbent, cpu.incumbent);
    const int same = gpu.status == FSBB_OK && gpu.nodes == cpu.nodes && gpu.bounded == cpu.bounded;
    printf("\n[%s %s ub %d: CPU %llu nodes %llu bounds, GPU %llu nodes %llu bounds%s]", inst->name, what, ub,
           (unsigned long long)cpu.nodes, (unsigned long long)cpu.bounded, (unsigned long long)gpu.nodes,
           (unsigned long long)gpu.bounded, same ? "" : " DIFFER");
    fflush(stdout);
    return same;
}

static fsbb_instance *load(const char *name)
{
    fsbb_instance *inst = NULL;
    fsbb_error err;
    if (fsbb_instance_load(name, &inst, &err) != FSBB_OK)
        printf("\n[%s: %s]", name, err.message);
    CU_ASSERT_FATAL(inst != NULL);
    return inst;
}

static unsigned test_seed(void)
{
    static unsigned seed;
    if (!seed) {
        const char *text = getenv("FSBB_TEST_SEED");
        seed = text ? (unsigned)strtoul(text, NULL, 10) : (unsigned)time(NULL);
        seed = seed ? seed : 1;
        printf("\n[resident tests: FSBB_TEST_SEED=%u]", seed);
    }
    return seed;
}

static int uniform(unsigned *state, int low, int high)
{
    unsigned x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return low + (int)(x % (unsigned)(high - low + 1));
}

static fsbb_instance *random_instance(unsigned *state, int n, int m)
{
    int *p = malloc(sizeof *p * (size_t)n * (size_t)m);
    for (int i = 0; i < n * m; i++)
        p[i] = uniform(state, 1, 99);
    char name[32];
    snprintf(name, sizeof name, "random%dx%d", n, m);
    fsbb_instance *inst = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_instance_from_matrix(name, n, m, p, &inst, &err) == FSBB_OK);
    free(p);
    return inst;
}

static void test_taillard_trees(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    char name[8];
    for (int i = 1; i <= 10; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = load(name);
        same_tree(inst, options, inst->best_known, NULL, "lb1 dyn");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* Random instances of every kernel form (5, 10, 20 machines and the generic one, one and
 * two jobs too): the optimum comes from the CPU engine, then both engines from it. */
static void test_random_trees(void)
{
    static const int sizes[][2] = {{9, 5}, {10, 10}, {9, 20}, {10, 3}, {9, 7}, {1, 3}, {2, 4}, {8, 1}};
    unsigned state = test_seed();
    fsbb_options *lb1 = options_with("lb1", "dyn", "0"), *lb2 = options_with("lb2", "dyn", "0");
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_instance *inst = random_instance(&state, sizes[s][0], sizes[s][1]);
        const engine_run best = run_engine(inst, lb1, INT_MAX, ENGINE_CPU, NULL);
        CU_ASSERT_EQUAL(best.schedule_makespan, best.incumbent);
        const engine_run gpu = run_engine(inst, lb1, INT_MAX, ENGINE_GPU, NULL);
        CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
        CU_ASSERT_EQUAL(gpu.incumbent, best.incumbent);
        CU_ASSERT_EQUAL(gpu.schedule_makespan, best.incumbent);
        same_tree(inst, lb1, best.incumbent, NULL, "lb1 dyn");
        same_tree(inst, lb2, best.incumbent, NULL, "lb2 dyn");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(lb1);
    fsbb_options_free(lb2);
}

/* LB2 with all and with three machine pairs; forward and backward branching where their
 * trees stay small on 20 x 5 (ta001 forward or ta002 backward is tens of millions of nodes). */
static void test_lb2_and_directions(void)
{
    fsbb_options *lb2 = options_with("lb2", "dyn", "0"), *lb2_few = options_with("lb2", "dyn", "3");
    fsbb_options *forward = options_with("lb1", "fwd", "0"), *backward = options_with("lb1", "bwd", "0");
    const char *names[] = {"ta001", "ta002", "ta003"};
    for (int i = 0; i < 3; i++) {
        fsbb_instance *inst = load(names[i]);
        same_tree(inst, lb2, inst->best_known, NULL, "lb2 dyn");
        same_tree(inst, lb2_few, inst->best_known, NULL, "lb2 (3 pairs) dyn");
        same_tree(inst, i == 0 ? backward : forward, inst->best_known, NULL, i == 0 ? "lb1 bwd" : "lb1 fwd");
        fsbb_instance_free(inst);
    }
    unsigned state = test_seed() + 1;
    for (int r = 0; r < 3; r++) {
        fsbb_instance *inst = random_instance(&state, 11, 4 + 6 * r);
        const engine_run best = run_engine(inst, lb2, INT_MAX, ENGINE_CPU, NULL);
        same_tree(inst, lb2, best.incumbent, NULL, "lb2 dyn");
        same_tree(inst, forward, best.incumbent, NULL, "lb1 fwd");
        same_tree(inst, backward, best.incumbent, NULL, "lb1 bwd");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(lb2);
    fsbb_options_free(lb2_few);
    fsbb_options_free(forward);
    fsbb_options_free(backward);
}

/* A pool of 480 nodes spills to host memory and loses none; one parent per
 * iteration, three iterations per sync, replayed as a graph, branches the same tree. */
static void test_spill_and_small_batches(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_instance *inst = load("ta030");
    same_tree(inst, options, inst->best_known, NULL, "lb1 dyn");
    const fsbb_resident_tuning small_pool = {.pool_capacity = 480, .batch = 12, .iterations_per_sync = 64};
    const engine_run gpu = run_engine(inst, options, inst->best_known, ENGINE_GPU, &small_pool);
    CU_ASSERT(gpu.stats.spilled_nodes > 0);
    CU_ASSERT(gpu.stats.pool_capacity <= 480);
    printf("\n[%s in a 480-node pool: peak %lld, %lld nodes spilled]", inst->name, gpu.stats.peak_pool,
           gpu.stats.spilled_nodes);
    same_tree(inst, options, inst->best_known, &small_pool, "lb1 dyn, 480-node pool");
    fsbb_instance_free(inst);
    inst = load("ta006");
    const fsbb_resident_tuning tiny = {.batch = 1, .iterations_per_sync = 3, .use_graph = 1, .block_size = 64};
    same_tree(inst, options, inst->best_known, &tiny, "lb1 dyn, one parent per iteration, graph");
    const fsbb_resident_tuning squeezed = {.registers = 64, .block_size = 512, .use_graph = 1};
    same_tree(inst, options, inst->best_known, &squeezed, "lb1 dyn, 64 registers, 512 threads");
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* From one above the optimum the search must find an optimal schedule and record it. */
static void test_schedules_found(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_options *lb2 = options_with("lb2", "dyn", "0");
    char name[8];
    for (int i = 1; i <= 5; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = load(name);
        const engine_run run = run_engine(inst, i % 2 ? options : lb2, inst->best_known + 1, ENGINE_GPU, NULL);
        CU_ASSERT_EQUAL(run.status, FSBB_OK);
        CU_ASSERT_EQUAL(run.incumbent, inst->best_known);
        CU_ASSERT(run.found);
        CU_ASSERT_EQUAL(run.schedule_makespan, inst->best_known);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
    fsbb_options_free(lb2);
}

/* A node limit stops the search with the open nodes' smallest bound reported. */
static void test_node_limit(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "node-limit", "20000", &err) == FSBB_OK);
    fsbb_instance *inst = load("ta021");
    const fsbb_resident_tuning tuning = {.batch = 512};
    const engine_run run = run_engine(inst, options, inst->best_known, ENGINE_GPU, &tuning);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(run.stopped);
    CU_ASSERT(run.limit_reached);
    CU_ASSERT(run.nodes >= 20000);
    CU_ASSERT(run.nodes < 20000 + 3 * 512);
    CU_ASSERT(run.open_lower_bound < inst->best_known);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

static fsbb_options *solve_options(const char *node_limit, const char *checkpoint, const char *resume)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "device", "gpu", &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "ub", "opt", &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "node-limit", node_limit, &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "checkpoint-interval", "0", &err) == FSBB_OK);
    if (checkpoint)
        CU_ASSERT(fsbb_options_set(options, "checkpoint", checkpoint, &err) == FSBB_OK);
    if (resume)
        CU_ASSERT(fsbb_options_set(options, "resume", resume, &err) == FSBB_OK);
    return options;
}

/* Stopped by a node limit with a checkpoint, then resumed: the two runs together branch
 * exactly the tree one CPU run branches, and the second proves the optimum. */
static void test_checkpoint_resume(void)
{
    fsbb_instance *inst = load("ta030");
    fsbb_options *lb1 = options_with("lb1", "dyn", "0");
    const engine_run cpu = run_engine(inst, lb1, inst->best_known, ENGINE_CPU, NULL);
    char path[] = "/tmp/fsbb-resident-XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    fsbb_options *first = solve_options("300000", path, NULL), *second = solve_options("0", NULL, path);
    fsbb_result stopped, resumed;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solve(inst, first, &stopped, &err), FSBB_OK);
    CU_ASSERT_FALSE(stopped.optimal);
    CU_ASSERT(stopped.nodes >= 300000 && stopped.nodes < cpu.nodes);
    CU_ASSERT_EQUAL(fsbb_solve(inst, second, &resumed, &err), FSBB_OK);
    CU_ASSERT(resumed.optimal);
    CU_ASSERT_EQUAL(resumed.makespan, inst->best_known);
    CU_ASSERT_EQUAL(resumed.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(resumed.bounded, cpu.bounded);
    printf("\n[%s stopped at %llu nodes, resumed to %llu; CPU %llu]", inst->name, (unsigned long long)stopped.nodes,
           (unsigned long long)resumed.nodes, (unsigned long long)cpu.nodes);
    fsbb_result_clear(&stopped);
    fsbb_result_clear(&resumed);
    remove(path);
    fsbb_options_free(first);
    fsbb_options_free(second);
    fsbb_options_free(lb1);
    fsbb_instance_free(inst);
}

FSBB_SUITE("gpu_resident",
           {"Taillard 20x5: GPU tree = CPU tree (ub = optimum)", test_taillard_trees},
           {"random instances: optimum, GPU tree = CPU tree, LB1 and LB2", test_random_trees},
           {"LB2, LB2 pair limit, forward and backward: GPU tree = CPU tree", test_lb2_and_directions},
           {"spilling pool, tiny batches, graph replay, register caps: same tree", test_spill_and_small_batches},
           {"from above the optimum: optimal schedule recorded", test_schedules_found},
           {"node limit: stops with the open lower bound", test_node_limit},
           {"checkpoint at a node limit, resume: the same tree in total", test_checkpoint_resume})
