/* test_window_search.c — the exact re-sequencing of a window of consecutive jobs
 * (solver/core/window_search.h) against brute force: for windows of up to 7 jobs in random
 * sequences, every order of the window's jobs recomputed over the whole sequence
 * (brute_force_makespan); the solver's optimum is the least of them, its order a
 * permutation of the window's jobs with that makespan, and with a bound it finds an order
 * exactly when one is below the bound. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "insertion.h"
#include "window_search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 30
#define MAX_MACHINES 20
#define MAX_WINDOW 7

/* Random times; every second instance from 1..3, where equal makespans abound. */
static void random_instance(unsigned *rng, int instance, int *n, int *m, int *p)
{
    *n = 2 + (int)(test_random_next(rng) % (MAX_JOBS - 1));
    *m = 1 + (int)(test_random_next(rng) % MAX_MACHINES);
    test_random_times(rng, *n, *m, p);
    if (instance % 2)
        for (int i = 0; i < *n * *m; i++)
            p[i] = 1 + p[i] % 3;
}

/* The least recomputed makespan of seq[0..n) over every order of positions
 * start..start + size - 1 (seq is changed during the enumeration and restored). */
static int least_over_orders(int n, int m, const int *p, int *seq, int start, int size, int depth)
{
    if (depth == size)
        return brute_force_makespan(n, m, p, seq, n);
    int least = INT_MAX;
    for (int i = depth; i < size; i++) {
        int *a = seq + start + depth, *b = seq + start + i, swap = *a;
        *a = *b;
        *b = swap;
        const int makespan = least_over_orders(n, m, p, seq, start, size, depth + 1);
        least = makespan < least ? makespan : least;
        *b = *a;
        *a = swap;
    }
    return least;
}

static int is_permutation_of(const int *order, const int *jobs, int size)
{
    for (int i = 0; i < size; i++) {
        int count = 0;
        for (int j = 0; j < size; j++)
            count += order[j] == jobs[i];
        if (count != 1)
            return 0;
    }
    return 1;
}

static void test_window_against_brute_force(void)
{
    unsigned rng = 77u;
    int improved = 0, not_improved = 0;
    for (int instance = 0; instance < 400; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS];
        random_instance(&rng, instance, &n, &m, p);
        test_random_order(&rng, seq, n);
        const int size = 1 + (int)(test_random_next(&rng) % (unsigned)(n < MAX_WINDOW ? n : MAX_WINDOW));
        const int start = (int)(test_random_next(&rng) % (unsigned)(n - size + 1));
        fsbb_insertion w;
        fsbb_window x;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_window_init(&x, &w, MAX_WINDOW) == 0);
        fsbb_insertion_load(&w, seq, n);
        int head[MAX_MACHINES], tail[MAX_MACHINES];
        for (int k = 0; k < m; k++) {
            head[k] = w.head[k * w.stride + start];
            tail[k] = w.tail[k * w.stride + start + size];
        }
        const int makespan = brute_force_makespan(n, m, p, seq, n);
        const int *jobs = seq + start;
        CU_ASSERT_EQUAL(fsbb_window_makespan(&x, jobs, size, head, tail), makespan);
        const int optimum = least_over_orders(n, m, p, seq, start, size, 0);

        int order[MAX_WINDOW], trial[MAX_JOBS];
        CU_ASSERT_EQUAL(fsbb_window_solve(&x, jobs, size, head, tail, INT_MAX, order), optimum);
        CU_ASSERT(is_permutation_of(order, jobs, size));
        memcpy(trial, seq, sizeof trial);
        memcpy(trial + start, order, sizeof(int) * (size_t)size);
        CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, trial, n), optimum);

        /* Below the current makespan: an order exactly when the optimum is below it. */
        int unchanged[MAX_WINDOW];
        memcpy(order, jobs, sizeof(int) * (size_t)size);
        memcpy(unchanged, jobs, sizeof(int) * (size_t)size);
        const int found = fsbb_window_solve(&x, jobs, size, head, tail, makespan, order);
        if (optimum < makespan) {
            improved++;
            CU_ASSERT_EQUAL(found, optimum);
            memcpy(trial + start, order, sizeof(int) * (size_t)size);
            CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, trial, n), optimum);
        } else {
            not_improved++;
            CU_ASSERT_EQUAL(found, makespan);
            CU_ASSERT_EQUAL(memcmp(order, unchanged, sizeof(int) * (size_t)size), 0);
        }
        fsbb_window_free(&x);
        fsbb_insertion_free(&w);
    }
    /* Both outcomes were exercised. */
    CU_ASSERT(improved > 20);
    CU_ASSERT(not_improved > 20);
}

FSBB_SUITE("window search", {"a window's optimum against every order recomputed", test_window_against_brute_force})
