/* test_offload_lb2.c — the offload bounder's LB2 by lane groups (gpu_bounder.cu's
 * lane-group kernel, the resident engine's LB2 of lb2_lanes.cuh) equals the CPU's pool
 * bound (max of LB1 and bounds/lb2.h's LB2, stopped at the incumbent as fsbb_lb2 stops) on
 * every node of random, BFS and DFS pools of instances from 8 to 200 jobs and 5 to 20
 * machines (a pair limit too), with 8, 16 and 32 lanes a node and the rule's choice, from
 * no incumbent and from ones that stop LB2 early; the rule takes lane groups from 10
 * machines on and one node a thread for 5; and whole offload solves whose LB2 runs on lane
 * groups (every group size) reach the CPU engine's optimum through the CPU engine's tree. */
#include "gpu_check.h"
#include "instance.h"
#include "offload_loop.h"
#include "pool_generator.h"
#include "suites.h"
#include "test_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

enum { AUTO = FSBB_GPU_LB2_LANES_AUTO };

/* Mismatches of the bounder's bounds of pool against the CPU's, for each LB2 kernel. */
static int compare_kernels(const fsbb_bound_data *d, const fsbb_gpu_pool *pool, int ub, const char *what)
{
    static const int lanes[] = {AUTO, 8, 16, 32};
    fsbb_error err;
    fsbb_gpu_bounder *b = NULL;
    if (fsbb_gpu_bounder_new(d, pool->count, 128, FSBB_REFACTOR_SELECT, FSBB_LB2, &b, &err) != FSBB_OK) {
        printf("\n[%s: %s]", what, err.message);
        return 1;
    }
    int *want = malloc(sizeof(int) * (size_t)pool->count);
    gpu_check_reference(d, FSBB_LB2, pool, ub, want);
    gpu_check_load_slot(b, 0, pool);
    int wrong = 0;
    for (int i = 0; i < 4; i++) {
        char label[160];
        if (fsbb_gpu_bounder_set_lb2_lanes(b, lanes[i], &err) != FSBB_OK) {
            printf("\n[%s: %s]", what, err.message);
            wrong++;
            continue;
        }
        snprintf(label, sizeof label, "%s, %d lanes a node%s, ub %s", what, fsbb_gpu_bounder_lb2_lanes(b),
                 lanes[i] == AUTO ? " (the rule's)" : "", ub == INT_MAX ? "none" : "set");
        const int differ = gpu_check_slot_against(b, 0, ub, want, pool->count, label);
        if (lanes[i] != AUTO)
            CU_ASSERT_EQUAL(fsbb_gpu_bounder_lb2_lanes(b), lanes[i]);
        wrong += differ;
    }
    free(want);
    fsbb_gpu_bounder_free(b);
    return wrong;
}

static int check_instance(const fsbb_bound_data *d, unsigned *state, int count, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d->n, count, NULL);
    gpu_check_random_nodes(state, &pool);
    char label[128];
    snprintf(label, sizeof label, "%s random nodes", what);
    int wrong = compare_kernels(d, &pool, INT_MAX, label);
    wrong += compare_kernels(d, &pool, gpu_check_median_lb1(d, &pool), label);
    const int ub = gpu_check_identity_makespan(d) + 1;
    for (int order = FSBB_POOL_ORDER_BFS; order <= FSBB_POOL_ORDER_DFS; order++) {
        pool.count = 0;
        if (fsbb_pool_generate(d, (fsbb_pool_order)order, ub, &pool, NULL) != FSBB_OK || pool.count == 0) {
            wrong++;
            continue;
        }
        snprintf(label, sizeof label, "%s %s pool", what, order == FSBB_POOL_ORDER_BFS ? "BFS" : "DFS");
        wrong += compare_kernels(d, &pool, ub, label);
        wrong += compare_kernels(d, &pool, gpu_check_median_lb1(d, &pool), label);
    }
    fsbb_gpu_pool_free(&pool);
    return wrong;
}

static void test_random_pools(void)
{
    static const int sizes[][2] = {{8, 5}, {8, 20}, {13, 7}, {20, 9}, {33, 10}, {50, 20}, {64, 6},
                                   {100, 16}, {130, 12}, {200, 20}, {200, 5}, {17, 17}};
    unsigned state = gpu_check_seed() + 2020;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_bound_data d;
        gpu_check_random_instance(&state, sizes[s][0], sizes[s][1], s % 2 ? 99 : 1000, &d);
        char what[64];
        snprintf(what, sizeof what, "random %dx%d", sizes[s][0], sizes[s][1]);
        CU_ASSERT_EQUAL(check_instance(&d, &state, 600, what), 0);
        CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(&d, 3, NULL, NULL), 0);
        snprintf(what, sizeof what, "random %dx%d, 3 pairs", sizes[s][0], sizes[s][1]);
        CU_ASSERT_EQUAL(check_instance(&d, &state, 300, what), 0);
        fsbb_bound_data_free(&d);
    }
    for (int r = 0; r < 8; r++) {
        fsbb_bound_data d;
        const int n = gpu_check_uniform(&state, 8, 200), m = gpu_check_uniform(&state, 5, 20);
        gpu_check_random_instance(&state, n, m, 99, &d);
        char what[64];
        snprintf(what, sizeof what, "random %dx%d", n, m);
        CU_ASSERT_EQUAL(check_instance(&d, &state, 400, what), 0);
        fsbb_bound_data_free(&d);
    }
}

static void test_taillard_pools(void)
{
    static const char *const names[] = {"ta011", "ta021", "ta051", "ta081", "ta101"};
    unsigned state = gpu_check_seed() + 2021;
    for (int i = 0; i < 5; i++) {
        fsbb_bound_data d;
        int best = 0;
        gpu_check_taillard(names[i], &d, &best);
        fsbb_gpu_pool pool;
        fsbb_gpu_pool_init(&pool, d.n, 3000, NULL);
        int wrong = 0;
        for (int order = FSBB_POOL_ORDER_BFS; order <= FSBB_POOL_ORDER_DFS; order++) {
            pool.count = 0;
            if (fsbb_pool_generate(&d, (fsbb_pool_order)order, best, &pool, NULL) != FSBB_OK || pool.count == 0) {
                wrong++;
                continue;
            }
            char what[64];
            snprintf(what, sizeof what, "%s %s pool at the best known", names[i],
                     order == FSBB_POOL_ORDER_BFS ? "BFS" : "DFS");
            wrong += compare_kernels(&d, &pool, best, what);
        }
        gpu_check_random_nodes(&state, &pool);
        wrong += compare_kernels(&d, &pool, best, names[i]);
        CU_ASSERT_EQUAL(wrong, 0);
        fsbb_gpu_pool_free(&pool);
        fsbb_bound_data_free(&d);
    }
}

/* The rule's lanes for an n x m instance of p (all pairs), with bound lb. */
static int rule_lanes(int n, int m, const int *p, fsbb_lb_kind lb)
{
    fsbb_bound_data d;
    fsbb_bound_data_init(&d, n, m, p);
    fsbb_bound_data_build_pairs(&d, 0, NULL, NULL);
    fsbb_error err;
    fsbb_gpu_bounder *b = NULL;
    int lanes = -2;
    if (fsbb_gpu_bounder_new(&d, 64, 128, FSBB_REFACTOR_SELECT, lb, &b, &err) == FSBB_OK)
        lanes = fsbb_gpu_bounder_lb2_lanes(b);
    fsbb_gpu_bounder_free(b);
    fsbb_bound_data_free(&d);
    return lanes;
}

static int taillard_lanes(const char *name, fsbb_lb_kind lb)
{
    fsbb_instance *inst = test_load_instance(name);
    const int lanes = rule_lanes(inst->n, inst->m, inst->p, lb);
    fsbb_instance_free(inst);
    return lanes;
}

static void test_rule(void)
{
    CU_ASSERT_EQUAL(taillard_lanes("ta001", FSBB_LB2), 0);
    CU_ASSERT_EQUAL(taillard_lanes("ta031", FSBB_LB2), 0);
    CU_ASSERT_EQUAL(taillard_lanes("ta011", FSBB_LB2), 16);
    CU_ASSERT_EQUAL(taillard_lanes("ta041", FSBB_LB2), 16);
    CU_ASSERT_EQUAL(taillard_lanes("ta021", FSBB_LB2), 32);
    CU_ASSERT_EQUAL(taillard_lanes("ta051", FSBB_LB2), 32);
    CU_ASSERT_EQUAL(taillard_lanes("ta081", FSBB_LB2), 32);
    CU_ASSERT_EQUAL(taillard_lanes("ta101", FSBB_LB2), 32);
    CU_ASSERT_EQUAL(taillard_lanes("ta101", FSBB_LB1), 0);

    fsbb_bound_data d;
    unsigned state = 7;
    gpu_check_random_instance(&state, 20, 9, 99, &d);
    fsbb_error err;
    fsbb_gpu_bounder *b = NULL;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_bounder_new(&d, 64, 128, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_lb2_lanes(b, 12, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_lb2_lanes(b, 16, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_lb2_lanes(b), 0);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_mode(b, FSBB_REFACTOR_NONE, FSBB_LB2, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_lb2_lanes(b), 16);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_lb2_lanes(b, AUTO, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_lb2_lanes(b), 8);
    fsbb_gpu_bounder_free(b);
    fsbb_bound_data_free(&d);
}

static fsbb_status offload_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    (void)context;
    return fsbb_search_gpu_offload_stats(search, &run->offload_stats, err);
}

/* The CPU engine's optimum from no upper bound (when asked), then the CPU engine's tree
 * from the optimum; the instance's LB2 runs on `lanes` lanes a node. */
static void check_solve(fsbb_instance *inst, int from_scratch, int lanes)
{
    CU_ASSERT_EQUAL(rule_lanes(inst->n, inst->m, inst->p, FSBB_LB2), lanes);
    const char *const pairs[] = {"lb", "lb2", "gpu-engine", "offload", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    int optimum = inst->best_known;
    if (from_scratch) {
        const test_engine_run cpu = test_run_engine(inst, options, INT_MAX, 4, test_cpu_engine, NULL);
        const test_engine_run gpu = test_run_engine(inst, options, INT_MAX, 4, offload_engine, NULL);
        CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
        CU_ASSERT_EQUAL(gpu.incumbent, cpu.incumbent);
        CU_ASSERT(gpu.found);
        CU_ASSERT_EQUAL(gpu.schedule_makespan, cpu.incumbent);
        optimum = cpu.incumbent;
    }
    const test_engine_run cpu = test_run_engine(inst, options, optimum, 4, test_cpu_engine, NULL);
    const test_engine_run gpu = test_run_engine(inst, options, optimum, 4, offload_engine, NULL);
    if (gpu.status != FSBB_OK)
        printf("\n[%s: %s]", inst->name, gpu.message);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.stopped, 0);
    CU_ASSERT_EQUAL(gpu.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(gpu.bounded, cpu.bounded);
    CU_ASSERT_EQUAL(gpu.incumbent, cpu.incumbent);
    printf("\n[%s %dx%d, LB2 on %d lanes a node, ub %d: CPU %llu nodes %llu bounds, offload %llu nodes %llu bounds]",
           inst->name, inst->n, inst->m, lanes, optimum, (unsigned long long)cpu.nodes,
           (unsigned long long)cpu.bounded, (unsigned long long)gpu.nodes, (unsigned long long)gpu.bounded);
    fflush(stdout);
    fsbb_options_free(options);
}

static void test_whole_solves(void)
{
    for (int i = 11; i <= 15; i++) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        check_solve(inst, 0, 16);
        fsbb_instance_free(inst);
    }
    /* Random instances whose rule gives 8 lanes (7 and 9 machines: one and two machines a
     * lane in the rows' wavefronts), 16 and 32. */
    static const int sizes[][3] = {{20, 7, 8}, {20, 9, 8}, {20, 10, 16}, {16, 20, 32}};
    unsigned state = 20261126u;
    for (int s = 0; s < 4; s++) {
        fsbb_instance *inst = test_random_instance(&state, sizes[s][0], sizes[s][1]);
        check_solve(inst, 1, sizes[s][2]);
        fsbb_instance_free(inst);
    }
}

FSBB_SUITE("gpu_offload_lb2",
           {"random pools 8-200 jobs x 5-20 machines: every LB2 kernel == CPU", test_random_pools},
           {"Taillard 20x10 to 200x20 pools at the best known: every LB2 kernel == CPU", test_taillard_pools},
           {"the kernel rule: lane groups from 10 machines, a thread a node for 5", test_rule},
           {"whole LB2 solves on lane groups of 8, 16, 32: the CPU engine's optimum and tree", test_whole_solves})
