/* test_limits.c — limits on the work a solve takes on: the LB2 tables are built only for
 * LB2, for the pairs asked for, and tables too large are refused before any work.
 *
 * The hang checks allow 10 s for work that takes well under a second; they measure
 * nothing finer. */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "flowshopbb.h"
#include "search.h"

#include <stdlib.h>
#include <string.h>

#define HANG_S 10.0

static fsbb_options *options_with(const char *const *pairs)
{
    return test_options_from_pairs(pairs);
}

static int stop_now(void *context, uint64_t steps)
{
    (void)steps;
    ++*(int *)context;
    return 1;
}

/* The bound tables: LB1's alone at first; LB2's on demand, the pairs asked for; a build
 * that is stopped leaves them empty. */
static void test_lb2_tables_on_demand(void)
{
    unsigned rng = 34u;
    const int n = 12, m = 7;
    int p[12 * 7];
    test_random_times(&rng, n, m, p);
    fsbb_bound_data d;
    CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_init(&d, n, m, p), 0);
    CU_ASSERT_EQUAL(d.pair_count, 0);
    CU_ASSERT_PTR_NULL(d.johnson_order);
    CU_ASSERT_PTR_NULL(d.lag);
    int checks = 0;
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 0, stop_now, &checks), 1);
    CU_ASSERT_EQUAL(checks, 1);
    CU_ASSERT_EQUAL(d.pair_count, 0);
    CU_ASSERT_PTR_NULL(d.lag);
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 5, NULL, NULL), 0);
    CU_ASSERT_EQUAL(d.pair_count, 5);
    CU_ASSERT_EQUAL(fsbb_bound_data_build_pairs(&d, 0, NULL, NULL), 0);
    CU_ASSERT_EQUAL(d.pair_count, m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 0), m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 100), m * (m - 1) / 2);
    CU_ASSERT_EQUAL(fsbb_bound_data_pairs_kept(m, 4), 4);
    fsbb_bound_data_free(&d);
}

/* LB2 tables the bound code cannot index (499500 pairs x 5000 jobs) are refused at once,
 * with their size; with LB1 the same instance has no LB2 tables to refuse. */
static void test_lb2_tables_too_large_refused(void)
{
    const int n = 5000, m = 1000;
    int *p = malloc(sizeof *p * (size_t)n * m);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (int i = 0; i < n * m; i++)
        p[i] = 1 + i % 7;
    fsbb_instance *inst = test_instance_from_times(n, m, p);
    free(p);
    const char *const lb2[] = {"lb", "lb2", "node-limit", "1", "ub", "inf", NULL};
    fsbb_options *options = options_with(lb2);
    fsbb_result result;
    fsbb_error err;
    const double start = fsbb_now();
    CU_ASSERT_EQUAL(fsbb_solve(inst, options, &result, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT(fsbb_now() - start < HANG_S);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "bytes"));
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "--lb lb1"));
    fsbb_result_clear(&result);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

FSBB_SUITE("limits", {"LB2 tables only on demand, and none left by a stopped build", test_lb2_tables_on_demand},
           {"LB2 tables too large to index are refused with their size", test_lb2_tables_too_large_refused})
