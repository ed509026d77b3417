/* test_taillard.c — Taillard's generator and instance table (solver/core/taillard.c) against
 * published facts: the minimal-standard generator's check value, ta001's first row, the
 * size classes, and the lower bounds of Taillard's paper. */
#include "suites.h"
#include "taillard.h"

#include <stdlib.h>

/* Park and Miller (CACM 1988): from seed 1, the 10000th value of x <- 16807 x mod 2^31 - 1
 * is 1043618065. */
static void test_generator_check_value(void)
{
    long seed = 1;
    for (int i = 0; i < 10000; i++) {
        const int value = fsbb_taillard_uniform(&seed, 1, 99);
        CU_ASSERT_TRUE_FATAL(value >= 1 && value <= 99);
        if (i == 0)
            CU_ASSERT_EQUAL(seed, 16807);
    }
    CU_ASSERT_EQUAL(seed, 1043618065L);
}

static void test_ta001_first_row(void)
{
    static const int first_row[20] = {54, 83, 15, 71, 77, 36, 53, 38, 27, 87, 76, 91, 14, 29, 12, 77, 32, 87, 68, 94};
    int p[20 * 5];
    fsbb_taillard_generate(1, p);
    for (int j = 0; j < 20; j++)
        CU_ASSERT_EQUAL(p[j], first_row[j]);
}

static void test_name_forms(void)
{
    CU_ASSERT_EQUAL(fsbb_taillard_index("ta021"), 21);
    CU_ASSERT_EQUAL(fsbb_taillard_index("ta21"), 21);
    CU_ASSERT_EQUAL(fsbb_taillard_index("TA021"), 21);
    CU_ASSERT_EQUAL(fsbb_taillard_index("tA21"), 21);
    CU_ASSERT_EQUAL(fsbb_taillard_index("ta1"), 1);
    CU_ASSERT_EQUAL(fsbb_taillard_index("ta001"), 1);
    CU_ASSERT_EQUAL(fsbb_taillard_index("ta120"), 120);
    static const char *const not_names[] = {
        NULL, "", "t", "ta", "ta0", "ta000", "ta121", "ta999", "ta0001", "tb001", "ta01x", "xta001", "ta-1", "ta 1",
        "ta001.txt", "instances/ta001.txt", "ta+1",
    };
    for (size_t i = 0; i < sizeof not_names / sizeof *not_names; i++)
        CU_ASSERT_EQUAL(fsbb_taillard_index(not_names[i]), 0);
}

/* Ten instances of each of Taillard's twelve sizes, in order; names and seeds lead back to
 * their index. */
static void test_table(void)
{
    static const int sizes[12][2] = {{20, 5},   {20, 10},  {20, 20},  {50, 5},   {50, 10},  {50, 20},
                                     {100, 5},  {100, 10}, {100, 20}, {200, 10}, {200, 20}, {500, 20}};
    CU_ASSERT_PTR_NULL(fsbb_taillard_entry_at(0));
    CU_ASSERT_PTR_NULL(fsbb_taillard_entry_at(FSBB_TAILLARD_COUNT + 1));
    for (int index = 1; index <= FSBB_TAILLARD_COUNT; index++) {
        const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
        CU_ASSERT_PTR_NOT_NULL_FATAL(e);
        CU_ASSERT_EQUAL(e->jobs, sizes[(index - 1) / 10][0]);
        CU_ASSERT_EQUAL(e->machines, sizes[(index - 1) / 10][1]);
        CU_ASSERT_EQUAL(fsbb_taillard_index(e->name), index);
        CU_ASSERT_EQUAL(fsbb_taillard_find_seed(e->time_seed, e->jobs, e->machines), index);
        CU_ASSERT_EQUAL(fsbb_taillard_find_seed(e->time_seed, e->jobs + 1, e->machines), 0);
    }
}

/* Taillard's lower bound: max over machines of (least work before it + its load + least work
 * after it), and the longest job. */
static int simple_lower_bound(int n, int m, const int *p)
{
    int bound = 0;
    for (int k = 0; k < m; k++) {
        int load = 0, least_before = 0, least_after = 0;
        for (int j = 0; j < n; j++) {
            int before = 0, after = 0;
            for (int l = 0; l < m; l++) {
                if (l < k)
                    before += p[l * n + j];
                if (l > k)
                    after += p[l * n + j];
            }
            load += p[k * n + j];
            least_before = j == 0 || before < least_before ? before : least_before;
            least_after = j == 0 || after < least_after ? after : least_after;
        }
        bound = least_before + load + least_after > bound ? least_before + load + least_after : bound;
    }
    for (int j = 0; j < n; j++) {
        int total = 0;
        for (int k = 0; k < m; k++)
            total += p[k * n + j];
        bound = total > bound ? total : bound;
    }
    return bound;
}

/* The lower bounds published with ta001..ta010 (Taillard 1993) come out of the generated
 * times; on every instance the best-known makespan is at least that bound and every time is
 * in 1..99. */
static void test_lower_bounds(void)
{
    static const int published[10] = {1232, 1290, 1073, 1268, 1198, 1180, 1226, 1170, 1206, 1082};
    for (int index = 1; index <= FSBB_TAILLARD_COUNT; index++) {
        const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
        int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        fsbb_taillard_generate(index, p);
        int in_range = 1;
        for (int i = 0; i < e->jobs * e->machines; i++)
            in_range &= p[i] >= 1 && p[i] <= 99;
        CU_ASSERT_TRUE(in_range);
        const int bound = simple_lower_bound(e->jobs, e->machines, p);
        if (index <= 10)
            CU_ASSERT_EQUAL(bound, published[index - 1]);
        CU_ASSERT_TRUE(e->best_known >= bound);
        free(p);
    }
}

FSBB_SUITE("taillard",
           {"generator: Park-Miller check value", test_generator_check_value},
           {"ta001 first row", test_ta001_first_row},
           {"name forms", test_name_forms},
           {"table: sizes, names, seeds", test_table},
           {"published lower bounds ta001-ta010, best-known above bound", test_lower_bounds})
