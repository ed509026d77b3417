/* test_interchange.c — the interchange neighbourhood (solver/core/interchange.h) and its
 * local search (local_search.h) against direct recomputation (brute_force_makespan): the
 * makespan of every exchange of two jobs, its early stop at a bound, the critical-path lower
 * bound never above the recomputed makespan; the search's result a permutation of the same
 * jobs with the makespan it reports and no exchange in its window improving it; and walks
 * of the iterated greedy with exchanges (ig_walk.h) ending each iteration in a schedule that
 * no single insertion and no exchange in the window improves. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "ig_walk.h"
#include "insertion.h"
#include "interchange.h"
#include "local_search.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 50
#define MAX_MACHINES 20

/* The recomputed makespan of seq[0..n) with positions i and j exchanged. */
static int exchanged_makespan(int n, int m, const int *p, const int *seq, int i, int j)
{
    int trial[MAX_JOBS];
    memcpy(trial, seq, sizeof(int) * (size_t)n);
    trial[i] = seq[j];
    trial[j] = seq[i];
    return brute_force_makespan(n, m, p, trial, n);
}

/* 1 when no exchange of two jobs at most window positions apart gives a recomputed
 * makespan below `makespan`. */
static int is_interchange_local_optimum(int n, int m, const int *p, const int *seq, int makespan, int window)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n && j - i <= window; j++)
            if (exchanged_makespan(n, m, p, seq, i, j) < makespan)
                return 0;
    return 1;
}

static int is_permutation_of(const int *seq, int n, const int *jobs)
{
    unsigned char in[MAX_JOBS] = {0};
    for (int i = 0; i < n; i++)
        in[jobs[i]]++;
    for (int i = 0; i < n; i++)
        if (!in[seq[i]]--)
            return 0;
    return 1;
}

/* Every exchange of a random sequence: the exact makespan without a bound, the lower bound
 * not above it, and with a bound `below` either the exact makespan (below it) or a value at
 * least below (at or above it). The exchanges whose bound is not below the makespan are
 * counted: the test fails if the bound never rules one out. */
static void test_exchange_makespans_and_bound(void)
{
    unsigned rng = 21u;
    long ruled_out = 0;
    for (int instance = 0; instance < 200; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        fsbb_insertion w;
        fsbb_interchange x;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_interchange_init(&x, &w) == 0);
        test_random_order(&rng, seq, n);
        const int makespan = brute_force_makespan(n, m, p, seq, n);
        fsbb_insertion_load(&w, seq, n);
        fsbb_interchange_prepare(&x, &w, seq, n);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                const int direct = exchanged_makespan(n, m, p, seq, i, j);
                CU_ASSERT_EQUAL(fsbb_interchange_makespan(&x, &w, seq, i, j, INT_MAX), direct);
                const int bound = fsbb_interchange_bound(&x, seq, makespan, i, j);
                CU_ASSERT(bound <= direct);
                ruled_out += bound >= makespan;
                const int below = makespan - (int)(test_random_next(&rng) % 4);
                const int stopped = fsbb_interchange_makespan(&x, &w, seq, i, j, below);
                if (direct < below) {
                    CU_ASSERT_EQUAL(stopped, direct);
                } else {
                    CU_ASSERT(stopped >= below && stopped <= direct);
                }
            }
        fsbb_interchange_free(&x);
        fsbb_insertion_free(&w);
    }
    CU_ASSERT(ruled_out > 0);
}

/* The interchange local search with windows from 1 to n: the same jobs, the makespan it
 * returns recomputed, no worse than the start, and no exchange in the window improves it. */
static void test_interchange_local_search(void)
{
    unsigned rng = 22u;
    for (int instance = 0; instance < 120; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        fsbb_insertion w;
        fsbb_interchange x;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_interchange_init(&x, &w) == 0);
        test_random_order(&rng, seq, n);
        memcpy(start, seq, sizeof(int) * (size_t)n);
        const int window = 1 + (int)(test_random_next(&rng) % (unsigned)n);
        const int before = brute_force_makespan(n, m, p, seq, n);
        uint64_t state = (uint64_t)instance;
        const int after = fsbb_local_search_interchange(&w, &x, seq, n, before, window, &state, scratch, NULL, NULL);
        CU_ASSERT(is_permutation_of(seq, n, start));
        CU_ASSERT_EQUAL(after, brute_force_makespan(n, m, p, seq, n));
        CU_ASSERT(after <= before);
        CU_ASSERT(is_interchange_local_optimum(n, m, p, seq, after, window));
        fsbb_interchange_free(&x);
        fsbb_insertion_free(&w);
    }
}

/* Walks with exchanges (and, on every third instance, block moves too): after the polish
 * and after each iteration, the current schedule has the recomputed makespan and is both an
 * insertion and an interchange local optimum. */
static void test_walks_with_exchanges(void)
{
    unsigned rng = 23u;
    for (int instance = 0; instance < 30; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        const int window = 1 + (int)(test_random_next(&rng) % (unsigned)n);
        const fsbb_ig_walk_params params = {
            .destruction = 4, .temperature = 0.4, .block_search = instance % 3 == 0 ? 2 : 0, .interchange = window};
        fsbb_ig_walk walk;
        CU_ASSERT_FATAL(fsbb_ig_walk_init(&walk, n, m, p, &params, (uint64_t)instance + 1) == 0);
        fsbb_ig_walk_adopt(&walk, start, fsbb_ig_walk_neh(&walk, start, NULL, NULL));
        fsbb_ig_walk_polish(&walk, NULL, NULL);
        for (int i = 0; i <= 15; i++) {
            if (i > 0)
                fsbb_ig_walk_iterate(&walk, NULL, NULL);
            CU_ASSERT_EQUAL(walk.current_makespan, brute_force_makespan(n, m, p, walk.current, n));
            CU_ASSERT_EQUAL(walk.best_makespan, brute_force_makespan(n, m, p, walk.best, n));
            CU_ASSERT(brute_force_is_insertion_local_optimum(n, m, p, walk.current, walk.current_makespan, scratch));
            CU_ASSERT(is_interchange_local_optimum(n, m, p, walk.current, walk.current_makespan, window));
        }
        fsbb_ig_walk_free(&walk);
    }
}

FSBB_SUITE("interchange", {"exchange makespans equal recomputed ones; the path bound is a lower bound",
                           test_exchange_makespans_and_bound},
           {"interchange local search: same jobs, makespan recomputed, a local optimum in its window",
            test_interchange_local_search},
           {"walks with exchanges end each iteration in an insertion and interchange local optimum",
            test_walks_with_exchanges})
