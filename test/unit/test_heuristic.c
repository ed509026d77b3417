/* test_heuristic.c — the initial-incumbent heuristics (solver/core/heuristic.h): NEH and iterated
 * greedy return valid permutations whose makespan, recomputed here, is the value they
 * return; never below the brute-force optimum; NEH with Taillard's acceleration builds the
 * same schedule as NEH evaluating every insertion from scratch; the improvement never
 * worsens its start, repeats itself for a seed, and comes close to the optimum; stopped
 * (stop.h), both still leave a complete schedule: NEH appends the jobs it did not insert,
 * iterated greedy keeps the best it has. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "heuristic.h"

#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 40
#define MAX_MACHINES 12

static int is_permutation(int n, const int *permutation)
{
    unsigned char seen[MAX_JOBS] = {0};
    for (int i = 0; i < n; i++) {
        if (permutation[i] < 0 || permutation[i] >= n || seen[permutation[i]])
            return 0;
        seen[permutation[i]] = 1;
    }
    return 1;
}

/* NEH as its definition reads: every insertion position evaluated by a full makespan. */
static void plain_neh(int n, int m, const int *p, int *sequence)
{
    int order[MAX_JOBS], total[MAX_JOBS];
    for (int j = 0; j < n; j++) {
        order[j] = j;
        total[j] = 0;
        for (int k = 0; k < m; k++)
            total[j] += p[k * n + j];
    }
    for (int i = 1; i < n; i++) /* insertion sort: decreasing total, lower index first on ties */
        for (int r = i; r > 0 && total[order[r]] > total[order[r - 1]]; r--) {
            const int swap = order[r];
            order[r] = order[r - 1];
            order[r - 1] = swap;
        }
    for (int length = 0; length < n; length++) {
        const int job = order[length];
        int best = -1, best_position = 0, trial[MAX_JOBS];
        for (int position = 0; position <= length; position++) {
            memcpy(trial, sequence, sizeof(int) * (size_t)position);
            trial[position] = job;
            memcpy(trial + position + 1, sequence + position, sizeof(int) * (size_t)(length - position));
            const int makespan = brute_force_makespan(n, m, p, trial, length + 1);
            if (best < 0 || makespan < best) {
                best = makespan;
                best_position = position;
            }
        }
        memmove(sequence + best_position + 1, sequence + best_position, sizeof(int) * (size_t)(length - best_position));
        sequence[best_position] = job;
    }
}

static void test_neh_equals_plain_neh(void)
{
    unsigned rng = 5u;
    for (int instance = 0; instance < 200; instance++) {
        const int n = 1 + (int)(test_random_next(&rng) % MAX_JOBS);
        const int m = 1 + (int)(test_random_next(&rng) % MAX_MACHINES);
        int p[MAX_JOBS * MAX_MACHINES], fast[MAX_JOBS], plain[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        /* few distinct times make ties, where the two must also agree */
        if (instance % 2)
            for (int i = 0; i < n * m; i++)
                p[i] = 1 + p[i] % 3;
        const int makespan = fsbb_heuristic_neh(n, m, p, fast, NULL);
        plain_neh(n, m, p, plain);
        CU_ASSERT_FATAL(is_permutation(n, fast));
        CU_ASSERT_EQUAL(makespan, brute_force_makespan(n, m, p, fast, n));
        CU_ASSERT_EQUAL(memcmp(fast, plain, sizeof(int) * (size_t)n), 0);
    }
}

static void test_never_below_optimum(void)
{
    unsigned rng = 2024u;
    int close_to_optimum = 0;
    const int instances = 150;
    for (int instance = 0; instance < instances; instance++) {
        const int n = 1 + instance % 8, m = 1 + (instance / 8) % 6;
        int p[MAX_JOBS * MAX_MACHINES], permutation[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        const int optimum = brute_force_optimum(n, m, p, NULL);
        const int neh = fsbb_heuristic_neh(n, m, p, permutation, NULL);
        CU_ASSERT_FATAL(is_permutation(n, permutation));
        CU_ASSERT_EQUAL(neh, brute_force_makespan(n, m, p, permutation, n));
        CU_ASSERT(neh >= optimum);
        const int improved = fsbb_heuristic_improve(n, m, p, permutation, 200, (unsigned)instance, NULL);
        CU_ASSERT_FATAL(is_permutation(n, permutation));
        CU_ASSERT_EQUAL(improved, brute_force_makespan(n, m, p, permutation, n));
        CU_ASSERT(improved >= optimum);
        CU_ASSERT(improved <= neh);
        close_to_optimum += improved * 100 <= optimum * 103;
    }
    CU_ASSERT_EQUAL(close_to_optimum, instances);
}

/* From a poor start (the identity) on larger instances: valid, consistent, no worse than
 * the start, and the same for the same seed. */
static void test_improve_from_identity(void)
{
    unsigned rng = 77u;
    for (int instance = 0; instance < 20; instance++) {
        const int n = 20 + instance, m = 2 + instance % 10;
        int p[MAX_JOBS * MAX_MACHINES], first[MAX_JOBS], second[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        for (int j = 0; j < n; j++)
            first[j] = second[j] = j;
        const int start = brute_force_makespan(n, m, p, first, n);
        const int improved = fsbb_heuristic_improve(n, m, p, first, 50, 9u, NULL);
        CU_ASSERT_FATAL(is_permutation(n, first));
        CU_ASSERT_EQUAL(improved, brute_force_makespan(n, m, p, first, n));
        CU_ASSERT(improved <= start);
        CU_ASSERT_EQUAL(fsbb_heuristic_improve(n, m, p, second, 50, 9u, NULL), improved);
        CU_ASSERT_EQUAL(memcmp(first, second, sizeof(int) * (size_t)n), 0);
    }
}

/* Jobs by decreasing total time, lower index first on ties: NEH's insertion order. */
static void neh_order(int n, int m, const int *p, int *order)
{
    for (int j = 0; j < n; j++)
        order[j] = j;
    for (int i = 1; i < n; i++)
        for (int r = i; r > 0; r--) {
            int a = 0, b = 0;
            for (int k = 0; k < m; k++) {
                a += p[k * n + order[r]];
                b += p[k * n + order[r - 1]];
            }
            if (a <= b)
                break;
            const int swap = order[r];
            order[r] = order[r - 1];
            order[r - 1] = swap;
        }
}

static void test_stopped_heuristics_leave_a_schedule(void)
{
    unsigned rng = 99u;
    atomic_int interrupt;
    atomic_init(&interrupt, 1);
    for (int instance = 0; instance < 20; instance++) {
        const int n = 1 + instance * 2 % MAX_JOBS, m = 1 + instance % MAX_MACHINES;
        int p[MAX_JOBS * MAX_MACHINES], permutation[MAX_JOBS], order[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        fsbb_stop stop;
        fsbb_stop_init(&stop, 0, &interrupt);
        CU_ASSERT_TRUE(fsbb_stop_check(&stop));
        const int makespan = fsbb_heuristic_neh(n, m, p, permutation, &stop);
        neh_order(n, m, p, order);
        CU_ASSERT_EQUAL(memcmp(permutation, order, sizeof(int) * (size_t)n), 0);
        CU_ASSERT_EQUAL(makespan, brute_force_makespan(n, m, p, permutation, n));
        CU_ASSERT_EQUAL(fsbb_heuristic_improve(n, m, p, permutation, 50, 3u, &stop), makespan);
        CU_ASSERT_EQUAL(memcmp(permutation, order, sizeof(int) * (size_t)n), 0);
        CU_ASSERT_EQUAL(stop.reason, FSBB_STOP_INTERRUPT);
    }
}

FSBB_SUITE("heuristic", {"NEH with Taillard's acceleration equals plain NEH", test_neh_equals_plain_neh},
           {"NEH and iterated greedy vs brute force on up to 8 jobs", test_never_below_optimum},
           {"iterated greedy from the identity: valid, no worse, repeatable", test_improve_from_identity},
           {"stopped, NEH appends the jobs left and iterated greedy keeps its start",
            test_stopped_heuristics_leave_a_schedule})
