/* test_gpu_bounds.c — the GPU pool bounds equal the CPU pool bounds bit for bit, for every
 * refactor mode, LB1 and LB2, on BFS, DFS and random-node pools of Taillard instances of
 * every size class up to 500 x 20 and of random instances; and the branch-refactoring
 * coefficients are exact over their domains. */
#include "gpu_check.h"
#include "pool_generator.h"
#include "suites.h"
#include "trig_check.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static void test_coefficients_exact(void)
{
    CU_ASSERT_EQUAL(trig_check_is_zero(), 0);
    CU_ASSERT_EQUAL(trig_check_at_least(), 0);
    int first = 0;
    const int wrong = trig_check_paper_cos(FSBB_GPU_MAX_JOBS, &first);
    CU_ASSERT(wrong >= 0);
    printf("\n[the paper's unscaled (int)__cosf(x) misreads %d of x = 0..%d, the first x = %d]", wrong,
           FSBB_GPU_MAX_JOBS, wrong > 0 ? first : -1);
}

static int median_bound(const int *bounds, int count)
{
    int *copy = malloc(sizeof *copy * (size_t)count);
    for (int i = 0; i < count; i++)
        copy[i] = bounds[i];
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && copy[j - 1] > copy[j]; j--) {
            const int t = copy[j];
            copy[j] = copy[j - 1];
            copy[j - 1] = t;
        }
    const int median = copy[count / 2];
    free(copy);
    return median;
}

/* Random nodes against no incumbent (full LB2) and against the median LB1 (early exits). */
static int check_random_nodes(const fsbb_bound_data *d, unsigned *state, int count, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d->n, count, NULL);
    gpu_check_random_nodes(state, &pool);
    int *lb1 = malloc(sizeof *lb1 * (size_t)count);
    gpu_check_reference(d, FSBB_LB1, &pool, INT_MAX, lb1);
    char label[128];
    snprintf(label, sizeof label, "%s random nodes, ub inf", what);
    int wrong = gpu_check_all_modes(d, &pool, INT_MAX, 256, FSBB_GPU_TABLES_AUTO, label);
    snprintf(label, sizeof label, "%s random nodes, ub median", what);
    wrong += gpu_check_all_modes(d, &pool, median_bound(lb1, count), 256, FSBB_GPU_TABLES_AUTO, label);
    free(lb1);
    fsbb_gpu_pool_free(&pool);
    return wrong;
}

static int check_generated(const fsbb_bound_data *d, fsbb_pool_order order, int ub, int count, const char *what)
{
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d->n, count, NULL);
    int wrong = 0;
    if (fsbb_pool_generate(d, order, ub, &pool, NULL) != FSBB_OK || pool.count == 0)
        wrong = 1;
    else {
        char label[128];
        snprintf(label, sizeof label, "%s %s pool", what, order == FSBB_POOL_ORDER_BFS ? "BFS" : "DFS");
        wrong = gpu_check_all_modes(d, &pool, ub, 256, FSBB_GPU_TABLES_AUTO, label);
    }
    fsbb_gpu_pool_free(&pool);
    return wrong;
}

static void test_taillard_pools(void)
{
    /* One instance of each size class up to 500 x 20. */
    static const char *const names[] = {"ta001", "ta021", "ta031", "ta051", "ta061",
                                        "ta081", "ta091", "ta101", "ta111"};
    unsigned state = gpu_check_seed();
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *name = names[i];
        fsbb_bound_data d;
        int best_known;
        gpu_check_taillard(name, &d, &best_known);
        int wrong = check_generated(&d, FSBB_POOL_ORDER_BFS, best_known, 2500, name);
        wrong += check_generated(&d, FSBB_POOL_ORDER_DFS, best_known, 2500, name);
        wrong += check_random_nodes(&d, &state, 1500, name);
        CU_ASSERT_EQUAL(wrong, 0);
        fsbb_bound_data_free(&d);
    }
}

static void check_random_instance(unsigned *state, int n, int m, int max_time, int pairs, int count)
{
    fsbb_bound_data d;
    gpu_check_random_instance(state, n, m, max_time, &d);
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(&d, pairs, NULL, NULL), 0);
    char what[96];
    snprintf(what, sizeof what, "random %dx%d (times <= %d, %d pairs)", n, m, max_time, d.pair_count);
    /* Above the identity order's makespan, so that its path survives and pools are not empty. */
    const int ub = gpu_check_identity_makespan(&d) + 1;
    int wrong = check_random_nodes(&d, state, count, what);
    wrong += check_generated(&d, FSBB_POOL_ORDER_BFS, ub, count, what);
    wrong += check_generated(&d, FSBB_POOL_ORDER_DFS, ub, count, what);
    CU_ASSERT_EQUAL(wrong, 0);
    fsbb_bound_data_free(&d);
}

static void test_random_instances(void)
{
    unsigned state = gpu_check_seed() ^ 0x9e3779b9u;
    check_random_instance(&state, 1, 1, 99, 0, 64);
    check_random_instance(&state, 2, 7, 99, 0, 64);
    check_random_instance(&state, 128, 32, 99, 0, 500);
    check_random_instance(&state, 40, 12, 99, 5, 700);
    for (int r = 0; r < 20; r++)
        check_random_instance(&state, gpu_check_uniform(&state, 1, 128), gpu_check_uniform(&state, 1, 32),
                              r % 2 ? 99 : 1000, 0, gpu_check_uniform(&state, 1, 900));
    /* The large size class: beyond 128 jobs or 32 machines. */
    check_random_instance(&state, 129, 3, 99, 0, 300);
    check_random_instance(&state, 30, 33, 99, 0, 300);
    check_random_instance(&state, FSBB_GPU_MAX_JOBS, FSBB_GPU_MAX_MACHINES, 99, 12, 200);
    check_random_instance(&state, gpu_check_uniform(&state, 129, 400), gpu_check_uniform(&state, 2, 64), 99, 0,
                          300);
}

FSBB_SUITE("gpu bounds",
           {"trig and select coefficients are exact on their domains", test_coefficients_exact},
           {"Taillard BFS, DFS and random-node pools: GPU == CPU in every mode", test_taillard_pools},
           {"random instances of both size classes: GPU == CPU in every mode", test_random_instances})
