/* test_custom_gpu.c — custom GPU bounds on the GPU: LB1 written as CUDA source from the
 * fields of fsbb_gpu_node, compiled at run time with NVRTC and evaluated one node per
 * thread, equals the CPU's LB1 (bounds/lb1.h) on every node of random pools, for node
 * records (pool/node.h) and structure-of-arrays pools (gpu_pool.h) alike; evaluation keeps
 * max(given bound, custom bound) and skips nodes already at the upper bound; several
 * bounds combine by their maximum; a compile error comes back as FSBB_ERR_COMPILE. */
#include "suites.h"

#include "gpu_check.h"
#include "gpu_custom_bound.h"
#include "lb1.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Not a bound, a probe of how bounds combine: above LB1 on deep nodes, below on shallow ones. */
static const char prefix_weight_source[] = "int prefix_weight(const fsbb_gpu_node *node)\n"
                                           "{\n"
                                           "    return 100 * node->prefix_length;\n"
                                           "}\n";

static fsbb_custom_bound gpu_bound(const char *name, const char *source, const char *function)
{
    fsbb_custom_bound bound;
    memset(&bound, 0, sizeof bound);
    bound.definition.name = name;
    bound.definition.gpu_source = source;
    bound.definition.gpu_function = function;
    return bound;
}

/* The CPU reference of each node of the pool: LB1. */
static void cpu_reference(const fsbb_bound_data *d, const fsbb_gpu_pool *pool, int *lb1)
{
    const int n = d->n, m = d->m;
    fsbb_job *perm = malloc(sizeof *perm * (size_t)n);
    int *scratch = malloc(sizeof *scratch * 3 * (size_t)m);
    for (int node = 0; node < pool->count; node++) {
        fsbb_gpu_pool_get(pool, node, perm);
        const int fl = pool->front_len[node], bl = pool->back_len[node];
        lb1[node] = fsbb_lb1(d, perm, fl, bl, scratch);
    }
    free(perm);
    free(scratch);
}

/* The pool as fsbb_node records. */
static fsbb_node *pool_records(const fsbb_gpu_pool *pool)
{
    const size_t stride = fsbb_node_size(pool->n);
    unsigned char *records = calloc((size_t)pool->count, stride);
    for (int node = 0; node < pool->count; node++) {
        fsbb_node *record = (fsbb_node *)(records + (size_t)node * stride);
        fsbb_gpu_pool_get(pool, node, record->perm);
        record->front_len = pool->front_len[node];
        record->back_len = pool->back_len[node];
        record->lb = -1;
    }
    return (fsbb_node *)records;
}

static int count_mismatches(const int *got, const int *expected, int count, const char *what)
{
    int mismatches = 0;
    for (int i = 0; i < count; i++) {
        if (got[i] == expected[i])
            continue;
        if (mismatches < 3)
            printf("\n    %s: node %d: GPU %d, expected %d", what, i, got[i], expected[i]);
        mismatches++;
    }
    return mismatches;
}

static fsbb_gpu_custom_bounds *compile_or_fail(const fsbb_custom_bound *bounds, int count, const fsbb_bound_data *d)
{
    fsbb_gpu_custom_bounds *custom = NULL;
    fsbb_error err;
    const fsbb_status status = fsbb_gpu_custom_bounds_new(bounds, count, d, 0, &custom, &err);
    if (status != FSBB_OK)
        printf("\n    fsbb_gpu_custom_bounds_new: %s\n", err.message);
    CU_ASSERT_EQUAL(status, FSBB_OK);
    return custom;
}

/* Custom LB1 on both layouts against the CPU's LB1, from zero bounds and no upper bound. */
static void check_instance(const fsbb_bound_data *d, unsigned *rng, int nodes, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_pool_init(&pool, d->n, nodes, &err), FSBB_OK);
    gpu_check_random_nodes(rng, &pool);
    int *expected = malloc(sizeof(int) * (size_t)nodes);
    int *got = malloc(sizeof(int) * (size_t)nodes);
    cpu_reference(d, &pool, expected);

    const fsbb_custom_bound bound = gpu_bound("gpu-lb1", gpu_check_lb1_source, "gpu_lb1");
    fsbb_gpu_custom_bounds *custom = compile_or_fail(&bound, 1, d);
    if (custom) {
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_count(custom), 1);
        memset(got, 0, sizeof(int) * (size_t)nodes);
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_evaluate_host_pool(custom, pool.perm, pool.capacity, pool.front_len,
                                                                  pool.back_len, pool.count, INT_MAX, got, &err),
                        FSBB_OK);
        CU_ASSERT_EQUAL(count_mismatches(got, expected, nodes, what), 0);

        fsbb_node *records = pool_records(&pool);
        memset(got, 0, sizeof(int) * (size_t)nodes);
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_evaluate_host_nodes(custom, records, nodes, INT_MAX, got, &err),
                        FSBB_OK);
        CU_ASSERT_EQUAL(count_mismatches(got, expected, nodes, what), 0);
        free(records);
    }
    fsbb_gpu_custom_bounds_free(custom);
    free(expected);
    free(got);
    fsbb_gpu_pool_free(&pool);
}

static void test_lb1_from_source_equals_cpu(void)
{
    unsigned rng = gpu_check_seed();
    static const int sizes[][2] = {{4, 2}, {9, 3}, {20, 5}, {37, 11}};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_bound_data d;
        gpu_check_random_instance(&rng, sizes[s][0], sizes[s][1], 99, &d);
        char what[64];
        snprintf(what, sizeof what, "random %dx%d", sizes[s][0], sizes[s][1]);
        check_instance(&d, &rng, 3000, what);
        fsbb_bound_data_free(&d);
    }
    static const char *const names[] = {"ta021", "ta051", "ta081"};
    for (size_t t = 0; t < sizeof names / sizeof *names; t++) {
        fsbb_bound_data d;
        gpu_check_taillard(names[t], &d, NULL);
        check_instance(&d, &rng, 5000, names[t]);
        fsbb_bound_data_free(&d);
    }
}

/* lbs in and out: a node at ub keeps its value, a higher given bound stays, others rise to LB1. */
static void test_max_and_skip(void)
{
    unsigned rng = gpu_check_seed() + 1;
    fsbb_bound_data d;
    gpu_check_taillard("ta021", &d, NULL);
    enum { NODES = 2000 };
    fsbb_gpu_pool pool;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_pool_init(&pool, d.n, NODES, &err), FSBB_OK);
    gpu_check_random_nodes(&rng, &pool);
    static int reference[NODES], lbs[NODES], expected[NODES];
    cpu_reference(&d, &pool, reference);
    const int ub = 2297; /* ta021's optimum: many random nodes are above it, many below */
    int skipped_above = 0;
    for (int i = 0; i < NODES; i++) {
        lbs[i] = i % 3 == 0 ? ub : i % 3 == 1 ? reference[i] + 7 : 0;
        expected[i] = i % 3 == 2 ? reference[i] : lbs[i];
        skipped_above += i % 3 == 0 && reference[i] > ub;
    }
    CU_ASSERT_TRUE(skipped_above > 0); /* else skipping could not be told from evaluating */
    const fsbb_custom_bound bound = gpu_bound("gpu-lb1", gpu_check_lb1_source, "gpu_lb1");
    fsbb_gpu_custom_bounds *custom = compile_or_fail(&bound, 1, &d);
    if (custom) {
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_evaluate_host_pool(custom, pool.perm, pool.capacity, pool.front_len,
                                                                  pool.back_len, NODES, ub, lbs, &err),
                        FSBB_OK);
        CU_ASSERT_EQUAL(count_mismatches(lbs, expected, NODES, "max and skip"), 0);
    }
    fsbb_gpu_custom_bounds_free(custom);
    fsbb_gpu_pool_free(&pool);
    fsbb_bound_data_free(&d);
}

/* Two GPU bounds and a CPU-only one: the compiled two combine by their maximum. */
static void test_bounds_combine(void)
{
    unsigned rng = gpu_check_seed() + 2;
    fsbb_bound_data d;
    gpu_check_random_instance(&rng, 15, 8, 20, &d);
    enum { NODES = 2000 };
    fsbb_gpu_pool pool;
    fsbb_error err;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_pool_init(&pool, d.n, NODES, &err), FSBB_OK);
    gpu_check_random_nodes(&rng, &pool);
    static int lb1[NODES], expected[NODES], got[NODES];
    cpu_reference(&d, &pool, lb1);
    int weight_higher = 0;
    for (int i = 0; i < NODES; i++) {
        const int weight = 100 * pool.front_len[i];
        expected[i] = FSBB_MAX(lb1[i], weight);
        weight_higher += weight > lb1[i];
    }
    CU_ASSERT_TRUE(weight_higher > 0 && weight_higher < NODES); /* each bound wins somewhere */
    fsbb_custom_bound bounds[3] = {gpu_bound("gpu-lb1", gpu_check_lb1_source, "gpu_lb1"),
                                   gpu_bound("cpu-only", NULL, NULL),
                                   gpu_bound("prefix-weight", prefix_weight_source, "prefix_weight")};
    fsbb_gpu_custom_bounds *custom = compile_or_fail(bounds, 3, &d);
    if (custom) {
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_count(custom), 2);
        CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_evaluate_host_pool(custom, pool.perm, pool.capacity, pool.front_len,
                                                                  pool.back_len, NODES, INT_MAX, got, &err),
                        FSBB_OK);
        CU_ASSERT_EQUAL(count_mismatches(got, expected, NODES, "two bounds"), 0);
    }
    fsbb_gpu_custom_bounds_free(custom);
    fsbb_gpu_pool_free(&pool);
    fsbb_bound_data_free(&d);
}

static void test_compile_error(void)
{
    fsbb_bound_data d;
    gpu_check_taillard("ta001", &d, NULL);
    const fsbb_custom_bound bound =
        gpu_bound("broken", "int broken(const fsbb_gpu_node *node) { return node->no_such_field; }", "broken");
    fsbb_gpu_custom_bounds *custom = NULL;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_gpu_custom_bounds_new(&bound, 1, &d, 0, &custom, &err), FSBB_ERR_COMPILE);
    CU_ASSERT_PTR_NULL(custom);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "no_such_field"));
    fsbb_bound_data_free(&d);
}

FSBB_SUITE("gpu custom bound", {"LB1 from CUDA source equals the CPU's LB1 on both layouts", test_lb1_from_source_equals_cpu},
           {"evaluation keeps the maximum and skips nodes at the upper bound", test_max_and_skip},
           {"several custom bounds combine by their maximum", test_bounds_combine},
           {"a compile error comes back as FSBB_ERR_COMPILE", test_compile_error})
