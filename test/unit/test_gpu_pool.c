/* test_gpu_pool.c — the GPU pool's host side, which needs no GPU: the structure-of-arrays
 * layout, the CPU pool bound (the GPU's reference) and the BFS/DFS pool generator; and, in
 * builds without CUDA, the refusals of the GPU entry points. */
#include "gpu_bounder.h"
#include "gpu_pool.h"
#include "lb1.h"
#include "lb2.h"
#include "pool_generator.h"
#include "suites.h"
#include "taillard.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static void taillard_data(const char *name, fsbb_bound_data *d, int *best_known)
{
    const int index = fsbb_taillard_index(name);
    const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
    fsbb_taillard_generate(index, p);
    fsbb_bound_data_init(d, e->jobs, e->machines, p);
    fsbb_bound_data_build_pairs(d, 0, NULL, NULL);
    free(p);
    *best_known = e->best_known;
}

static int is_permutation(const fsbb_job *perm, int n)
{
    unsigned char *seen = calloc((size_t)n, 1);
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        ok = perm[i] >= 0 && perm[i] < n && !seen[perm[i]];
        if (ok)
            seen[perm[i]] = 1;
    }
    free(seen);
    return ok;
}

/* Makespan by the textbook recurrence C[k][i] = max(C[k-1][i], C[k][i-1]) + p. */
static int makespan(const fsbb_bound_data *d, const fsbb_job *perm)
{
    int *c = calloc((size_t)d->m, sizeof *c);
    for (int i = 0; i < d->n; i++)
        for (int k = 0; k < d->m; k++)
            c[k] = (k > 0 && c[k - 1] > c[k] ? c[k - 1] : c[k]) + d->p[k * d->n + perm[i]];
    const int result = c[d->m - 1];
    free(c);
    return result;
}

static void test_layout_round_trip(void)
{
    fsbb_gpu_pool pool;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_pool_init(&pool, 7, 5, NULL), FSBB_OK);
    const fsbb_job a[7] = {6, 5, 4, 3, 2, 1, 0}, b[7] = {0, 2, 4, 6, 1, 3, 5};
    fsbb_gpu_pool_put(&pool, 4, a, 2, 3);
    fsbb_gpu_pool_put(&pool, 1, b, 0, 7);
    fsbb_job out[7];
    fsbb_gpu_pool_get(&pool, 4, out);
    CU_ASSERT(memcmp(out, a, sizeof a) == 0);
    fsbb_gpu_pool_get(&pool, 1, out);
    CU_ASSERT(memcmp(out, b, sizeof b) == 0);
    CU_ASSERT_EQUAL(pool.perm[2 * 5 + 4], 4); /* position 2 of node 4, structure of arrays */
    CU_ASSERT_EQUAL(pool.front_len[4], 2);
    CU_ASSERT_EQUAL(pool.back_len[1], 7);
    fsbb_gpu_pool_free(&pool);
    CU_ASSERT_EQUAL(fsbb_gpu_pool_init(&pool, 0, 5, NULL), FSBB_ERR_ARGUMENT);
}

static void test_reference_bound(void)
{
    fsbb_bound_data d;
    int best_known;
    taillard_data("ta001", &d, &best_known);
    int scratch[15];
    unsigned char unscheduled[20];
    fsbb_job perm[20];
    for (int j = 0; j < 20; j++)
        perm[j] = (fsbb_job)(19 - j);
    /* A complete schedule is bounded by its makespan, whatever the split. */
    const int full = makespan(&d, perm);
    CU_ASSERT_EQUAL(fsbb_pool_node_bound(&d, FSBB_LB1, perm, 20, 0, INT_MAX, scratch, unscheduled), full);
    CU_ASSERT_EQUAL(fsbb_pool_node_bound(&d, FSBB_LB2, perm, 12, 8, INT_MAX, scratch, unscheduled), full);
    /* The root: valid bounds of the optimum (ta001: 1278), LB2 at least LB1. */
    const int root1 = fsbb_pool_node_bound(&d, FSBB_LB1, perm, 0, 0, INT_MAX, scratch, unscheduled);
    const int root2 = fsbb_pool_node_bound(&d, FSBB_LB2, perm, 0, 0, INT_MAX, scratch, unscheduled);
    CU_ASSERT(root1 <= root2 && root2 <= 1278);
    /* Against an incumbent: the prune decision (bound >= ub) is the full LB2's. */
    for (int fl = 0; fl <= 20; fl++)
        for (int ub = root1 - 50; ub <= 1400; ub += 25) {
            const int full2 = fsbb_pool_node_bound(&d, FSBB_LB2, perm, fl, 0, INT_MAX, scratch, unscheduled);
            const int cut2 = fsbb_pool_node_bound(&d, FSBB_LB2, perm, fl, 0, ub, scratch, unscheduled);
            CU_ASSERT_EQUAL(full2 >= ub, cut2 >= ub);
            CU_ASSERT(cut2 <= full2);
        }
    fsbb_bound_data_free(&d);
}

static void test_bfs_pool(void)
{
    fsbb_bound_data d;
    int ub;
    taillard_data("ta021", &d, &ub);
    fsbb_gpu_pool pool, small;
    fsbb_gpu_pool_init(&pool, d.n, 3000, NULL);
    fsbb_gpu_pool_init(&small, d.n, 700, NULL);
    CU_ASSERT_EQUAL_FATAL(fsbb_pool_generate(&d, FSBB_POOL_ORDER_BFS, ub, &pool, NULL), FSBB_OK);
    CU_ASSERT_EQUAL_FATAL(fsbb_pool_generate(&d, FSBB_POOL_ORDER_BFS, ub, &small, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(pool.count, 3000);
    CU_ASSERT_EQUAL(pool.front_len[0], 1);
    fsbb_job perm[20], first[20];
    int scratch[60], sorted = 1, valid = 1, prefix = 1;
    for (int k = 0; k < pool.count; k++) {
        fsbb_gpu_pool_get(&pool, k, perm);
        valid &= is_permutation(perm, 20) && pool.back_len[k] == 0 && fsbb_lb1(&d, perm, pool.front_len[k], 0, scratch) < ub;
        sorted &= k == 0 || pool.front_len[k] >= pool.front_len[k - 1];
        if (k < small.count) {
            fsbb_gpu_pool_get(&small, k, first);
            prefix &= memcmp(perm, first, sizeof perm) == 0 && small.front_len[k] == pool.front_len[k];
        }
    }
    CU_ASSERT(valid);
    CU_ASSERT(sorted);
    CU_ASSERT(prefix);
    fsbb_gpu_pool_free(&pool);
    fsbb_gpu_pool_free(&small);
    fsbb_bound_data_free(&d);
}

static void test_dfs_pool(void)
{
    fsbb_bound_data d;
    int ub;
    taillard_data("ta001", &d, &ub);
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d.n, 2000, NULL);
    CU_ASSERT_EQUAL_FATAL(fsbb_pool_generate(&d, FSBB_POOL_ORDER_DFS, ub, &pool, NULL), FSBB_OK);
    CU_ASSERT_EQUAL(pool.count, 2000);
    fsbb_job perm[20];
    int scratch[15], valid = 1, backtracks = 0, deepest = 0;
    for (int k = 0; k < pool.count; k++) {
        fsbb_gpu_pool_get(&pool, k, perm);
        valid &= is_permutation(perm, 20) && fsbb_lb1(&d, perm, pool.front_len[k], 0, scratch) < ub;
        backtracks += k > 0 && pool.front_len[k] < pool.front_len[k - 1];
        deepest = pool.front_len[k] > deepest ? pool.front_len[k] : deepest;
    }
    CU_ASSERT(valid);
    CU_ASSERT(backtracks > 0);
    CU_ASSERT(deepest > 10);
    fsbb_gpu_pool_free(&pool);
    fsbb_bound_data_free(&d);
}

static void test_exhausted_tree(void)
{
    /* No pruning on 4 jobs: the whole tree, 4 + 12 + 24 + 24 nodes, 24 of them leaves. */
    const int p[8] = {3, 1, 4, 1, 5, 9, 2, 6};
    fsbb_bound_data d;
    fsbb_bound_data_init(&d, 4, 2, p);
    for (int order = FSBB_POOL_ORDER_BFS; order <= FSBB_POOL_ORDER_DFS; order++) {
        fsbb_gpu_pool pool;
        fsbb_gpu_pool_init(&pool, 4, 100, NULL);
        CU_ASSERT_EQUAL(fsbb_pool_generate(&d, (fsbb_pool_order)order, INT_MAX, &pool, NULL), FSBB_OK);
        CU_ASSERT_EQUAL(pool.count, 64);
        int leaves = 0;
        for (int k = 0; k < pool.count; k++)
            leaves += pool.front_len[k] == 4;
        CU_ASSERT_EQUAL(leaves, 24);
        fsbb_gpu_pool_free(&pool);
    }
    fsbb_bound_data_free(&d);
}

#ifndef FSBB_HAVE_CUDA
static void test_no_cuda(void)
{
    fsbb_bound_data d;
    int ub;
    taillard_data("ta001", &d, &ub);
    fsbb_gpu_bounder *b = (fsbb_gpu_bounder *)&d;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_gpu_available(NULL, 0), 0);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 64, 256, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_ERR_NO_GPU);
    CU_ASSERT_PTR_NULL(b);
    CU_ASSERT(strstr(err.message, "without CUDA") != NULL);
    fsbb_bound_data_free(&d);
}
#endif

FSBB_SUITE("gpu pool",
           {"structure-of-arrays layout round trip", test_layout_round_trip},
           {"CPU pool bound: makespan at leaves, valid at the root, same prune decision", test_reference_bound},
           {"BFS pool: permutations, LB1 below ub, levels in order, prefix of larger pools", test_bfs_pool},
           {"DFS pool: mixed depths with backtracks", test_dfs_pool},
           {"unpruned 4-job tree: 64 nodes, 24 leaves", test_exhausted_tree},
#ifndef FSBB_HAVE_CUDA
           {"without CUDA the GPU bounder is refused", test_no_cuda},
#endif
)
