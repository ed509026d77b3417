/* test_divergence.c — the divergence kernels (divergence/div_bounder.h) give the CPU pool bound
 * bit for bit under every kernel, dispatch, task pool, loading ratio and throttling schedule,
 * on Taillard BFS/DFS pools, random nodes (with and without early exits) and random
 * instances of both size classes, edge cases included (one job, one machine: no pairs);
 * and the diagnostics trace one well-formed task per node. */
#include "div_bounder.h"
#include "gpu_check.h"
#include "host_device.h"
#include "pool_generator.h"
#include "suites.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct div_case {
    fsbb_div_kernel kernel;
    fsbb_div_balance balance;
    int subwarp, chunk;
    double ratio;
    fsbb_div_throttle throttle;
} div_case;

static const div_case cases[] = {
    {FSBB_DIV_PLAIN, FSBB_DIV_BALANCE_NONE, 0, 0, 0, 0},
    {FSBB_DIV_PLAIN, FSBB_DIV_BALANCE_PERSISTENT, 0, 0, 0, 0},
    {FSBB_DIV_PACKED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, 0},
    {FSBB_DIV_PACKED, FSBB_DIV_BALANCE_PERSISTENT, 0, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_NONE, 2, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_NONE, 4, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_NONE, 8, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_NONE, 16, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_NONE, 32, 0, 0, 0},
    {FSBB_DIV_SUBWARP, FSBB_DIV_BALANCE_PERSISTENT, 8, 0, 0, 0},
    {FSBB_DIV_CTE, FSBB_DIV_BALANCE_NONE, 0, 0, 0, 0},
    {FSBB_DIV_CTE, FSBB_DIV_BALANCE_PERSISTENT, 0, 0, 0, 0},
    {FSBB_DIV_CCC, FSBB_DIV_BALANCE_PERSISTENT, 0, 1, 0, 0},
    {FSBB_DIV_CCC, FSBB_DIV_BALANCE_PERSISTENT, 0, 3, 0, 0},
    {FSBB_DIV_CCC, FSBB_DIV_BALANCE_NONE, 0, 4, 0, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_CENTRAL, 0, 2, 0, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_CENTRAL, 0, 1, 3, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_DISTRIBUTED, 0, 2, 0, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_DISTRIBUTED, 0, 3, 5, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_STEAL, 0, 2, 0, 0},
    {FSBB_DIV_FLAT, FSBB_DIV_BALANCE_STEAL, 0, 1, 7, 0},
    {FSBB_DIV_TILED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, FSBB_DIV_THROTTLE_NONE},
    {FSBB_DIV_TILED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, FSBB_DIV_THROTTLE_CF},
    {FSBB_DIV_TILED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, FSBB_DIV_THROTTLE_CFQ},
    {FSBB_DIV_TILED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, FSBB_DIV_THROTTLE_SJ},
    {FSBB_DIV_TILED, FSBB_DIV_BALANCE_NONE, 0, 0, 0, FSBB_DIV_THROTTLE_SJQ},
};
#define CASES ((int)(sizeof cases / sizeof *cases))

/* Mismatches of every case (and of the plain LB1 kernel against the LB1 reference). */
static int check_pool(const fsbb_bound_data *d, const fsbb_gpu_pool *pool, int ub, const char *what)
{
    fsbb_error err;
    fsbb_div_bounder *bounder;
    if (fsbb_div_bounder_new(d, pool->count > 0 ? pool->count : 1, &bounder, &err) != FSBB_OK ||
        fsbb_div_bounder_load(bounder, pool, &err) != FSBB_OK) {
        printf("\n%s: %s\n", what, err.message);
        return 1;
    }
    int *reference = malloc(sizeof *reference * (size_t)(pool->count + 1));
    int *bounds = malloc(sizeof *bounds * (size_t)(pool->count + 1));
    int wrong = 0;
    for (int lb = FSBB_LB1; lb <= FSBB_LB2; lb++) {
        gpu_check_reference(d, (fsbb_lb_kind)lb, pool, ub, reference);
        for (int c = 0; c < CASES; c++) {
            if (lb == FSBB_LB1 && c > 0)
                break;
            fsbb_div_config config;
            fsbb_div_config_default(&config);
            config.kernel = cases[c].kernel;
            config.balance = cases[c].balance;
            config.lb = (fsbb_lb_kind)lb;
            if (cases[c].subwarp)
                config.subwarp = cases[c].subwarp;
            if (cases[c].chunk)
                config.chunk = cases[c].chunk;
            config.loading_ratio = cases[c].ratio;
            config.throttle = cases[c].throttle;
            config.cache_bytes = FSBB_MAX(8192.0, 8.0 * (16.0 * d->n + 8)); /* small: many partitions */
            config.block_size = c % 2 ? 64 : 128;
            if (fsbb_div_bounder_run(bounder, &config, ub, bounds, NULL, &err) != FSBB_OK) {
                printf("\n%s, %s/%s: %s\n", what, fsbb_div_kernel_name(config.kernel),
                       fsbb_div_balance_name(config.balance), err.message);
                wrong++;
                continue;
            }
            int bad = 0;
            for (int i = 0; i < pool->count; i++)
                if (bounds[i] != reference[i] && bad++ < 2)
                    printf("\n%s, %s %s/%s sub %d chunk %d R %.0f %s: node %d: GPU %d, CPU %d", what,
                           lb == FSBB_LB1 ? "LB1" : "LB2", fsbb_div_kernel_name(config.kernel),
                           fsbb_div_balance_name(config.balance), config.subwarp, config.chunk, config.loading_ratio,
                           fsbb_div_throttle_name(config.throttle), i, bounds[i], reference[i]);
            wrong += bad;
        }
    }
    free(reference);
    free(bounds);
    fsbb_div_bounder_free(bounder);
    return wrong;
}


static int check_random_nodes(const fsbb_bound_data *d, unsigned *state, int count, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d->n, count, NULL);
    gpu_check_random_nodes(state, &pool);
    char label[160];
    snprintf(label, sizeof label, "%s random nodes, ub inf", what);
    int wrong = check_pool(d, &pool, INT_MAX, label);
    snprintf(label, sizeof label, "%s random nodes, ub median LB1", what);
    wrong += check_pool(d, &pool, gpu_check_median_lb1(d, &pool), label);
    fsbb_gpu_pool_free(&pool);
    return wrong;
}

static int check_generated(const fsbb_bound_data *d, fsbb_pool_order order, int ub, int count, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d->n, count, NULL);
    int wrong = 1;
    if (fsbb_pool_generate(d, order, ub, &pool, NULL) == FSBB_OK && pool.count > 0) {
        char label[160];
        snprintf(label, sizeof label, "%s %s pool", what, order == FSBB_POOL_ORDER_BFS ? "BFS" : "DFS");
        wrong = check_pool(d, &pool, ub, label);
    }
    fsbb_gpu_pool_free(&pool);
    return wrong;
}

static void test_taillard(void)
{
    static const char *names[] = {"ta001", "ta021", "ta051", "ta101", "ta111"};
    unsigned state = gpu_check_seed() ^ 0x5bd1e995u;
    for (int i = 0; i < (int)(sizeof names / sizeof *names); i++) {
        fsbb_bound_data d;
        int best_known;
        gpu_check_taillard(names[i], &d, &best_known);
        int wrong = check_generated(&d, FSBB_POOL_ORDER_BFS, best_known, 1000, names[i]);
        wrong += check_generated(&d, FSBB_POOL_ORDER_DFS, best_known, 1000, names[i]);
        wrong += check_random_nodes(&d, &state, 500, names[i]);
        CU_ASSERT_EQUAL(wrong, 0);
        fsbb_bound_data_free(&d);
    }
}

static void check_random_instance(unsigned *state, int n, int m, int count)
{
    fsbb_bound_data d;
    gpu_check_random_instance(state, n, m, 99, &d);
    char what[64];
    snprintf(what, sizeof what, "random %dx%d", n, m);
    const int ub = gpu_check_identity_makespan(&d) + 1;
    int wrong = check_random_nodes(&d, state, count, what);
    wrong += check_generated(&d, FSBB_POOL_ORDER_BFS, ub, count, what);
    CU_ASSERT_EQUAL(wrong, 0);
    fsbb_bound_data_free(&d);
}

static void test_random_instances(void)
{
    unsigned state = gpu_check_seed() ^ 0x27d4eb2fu;
    check_random_instance(&state, 1, 1, 40);
    check_random_instance(&state, 3, 1, 33);
    check_random_instance(&state, 2, 2, 65);
    check_random_instance(&state, 128, 32, 300);
    check_random_instance(&state, 129, 7, 257);
    check_random_instance(&state, FSBB_DIV_MAX_JOBS, FSBB_DIV_MAX_MACHINES, 100);
    for (int r = 0; r < 6; r++)
        check_random_instance(&state, gpu_check_uniform(&state, 1, 300), gpu_check_uniform(&state, 1, 32),
                              gpu_check_uniform(&state, 1, 800));
}

static void test_diagnose(void)
{
    fsbb_bound_data d;
    int best_known;
    gpu_check_taillard("ta021", &d, &best_known);
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d.n, 1000, NULL);
    CU_ASSERT_EQUAL_FATAL(fsbb_pool_generate(&d, FSBB_POOL_ORDER_BFS, best_known, &pool, NULL), FSBB_OK);
    fsbb_div_bounder *bounder;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_div_bounder_new(&d, pool.count, &bounder, &err), FSBB_OK);
    CU_ASSERT_EQUAL_FATAL(fsbb_div_bounder_load(bounder, &pool, &err), FSBB_OK);
    for (int lb = FSBB_LB1; lb <= FSBB_LB2; lb++) {
        fsbb_trace trace;
        fsbb_trace_init(&trace);
        CU_ASSERT_EQUAL(fsbb_div_bounder_diagnose(bounder, (fsbb_lb_kind)lb, best_known, &trace, &err), FSBB_OK);
        CU_ASSERT_EQUAL(trace.task_count, pool.count);
        CU_ASSERT_EQUAL(trace.warp_count, (pool.count + 31) / 32);
        fsbb_trace_stats s;
        CU_ASSERT_EQUAL(fsbb_trace_characterize(&trace, &s, &err), FSBB_OK);
        CU_ASSERT(s.task_min > 0);
        CU_ASSERT(s.irregularity >= 1.0);
        CU_ASSERT(s.utilization > 0 && s.utilization <= 1.0);
        fsbb_trace_free(&trace);
    }
    fsbb_div_bounder_free(bounder);
    fsbb_gpu_pool_free(&pool);
    fsbb_bound_data_free(&d);
}

FSBB_SUITE("divergence",
           {"Taillard pools: every divergence kernel == CPU", test_taillard},
           {"random instances, edge sizes included: every divergence kernel == CPU", test_random_instances},
           {"diagnostics trace every node once, characterization in range", test_diagnose})
