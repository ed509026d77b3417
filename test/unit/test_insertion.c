/* test_insertion.c — Taillard's accelerated insertion neighbourhood (solver/insertion.h)
 * and the insertion local search (solver/local_search.h) against direct makespan
 * recomputation (brute_force_makespan): the cost of every position, the best position and
 * its tie-breaking among equal makespans, the reinsertion of each job of a loaded sequence,
 * the tables after a move, the local search's result (in a random or a reference order), and
 * the block moves and their local search; and the iterated greedy's schedules after each
 * iteration (ig_walk.h, with either local search), on small instances and on Taillard's
 * 100 x 20 ta081, against every single reinsertion recomputed. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "ig_walk.h"
#include "insertion.h"
#include "local_search.h"
#include "splitmix.h"
#include "taillard.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 60
#define MAX_MACHINES 25

/* Random times; every second instance from 1..3, where ties between positions abound. */
static void random_instance(unsigned *rng, int instance, int *n, int *m, int *p)
{
    *n = 1 + (int)(test_random_next(rng) % MAX_JOBS);
    *m = 1 + (int)(test_random_next(rng) % MAX_MACHINES);
    test_random_times(rng, *n, *m, p);
    if (instance % 2)
        for (int i = 0; i < *n * *m; i++)
            p[i] = 1 + p[i] % 3;
}

/* seq[0..length) with job inserted at position. */
static void inserted(const int *seq, int length, int job, int position, int *out)
{
    memcpy(out, seq, sizeof(int) * (size_t)position);
    out[position] = job;
    memcpy(out + position + 1, seq + position, sizeof(int) * (size_t)(length - position));
}

static void test_costs_equal_recomputation(void)
{
    unsigned rng = 11u;
    for (int instance = 0; instance < 300; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], order[MAX_JOBS], costs[MAX_JOBS + 1], trial[MAX_JOBS];
        random_instance(&rng, instance, &n, &m, p);
        fsbb_insertion w;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        test_random_order(&rng, order, n);
        /* the last job of the order into the others, in a random prefix length */
        const int length = (int)(test_random_next(&rng) % (unsigned)n);
        const int job = order[n - 1];
        fsbb_insertion_costs(&w, order, length, job, costs);
        int least = -1;
        for (int position = 0; position <= length; position++) {
            inserted(order, length, job, position, trial);
            const int direct = brute_force_makespan(n, m, p, trial, length + 1);
            CU_ASSERT_EQUAL(costs[position], direct);
            least = least < 0 || direct < least ? direct : least;
        }
        int position = -1;
        CU_ASSERT_EQUAL(fsbb_insertion_best(&w, order, length, job, &position), least);
        CU_ASSERT_FATAL(position >= 0 && position <= length);
        CU_ASSERT_EQUAL(costs[position], least);
        CU_ASSERT_EQUAL(fsbb_insertion_makespan(&w, order, length), brute_force_makespan(n, m, p, order, length));
        fsbb_insertion_free(&w);
    }
}

/* Fernandez-Viagas and Framinan's estimate, computed from whole schedules: on machines
 * 2..m, the completion of the job after the inserted one in the new schedule minus its
 * completion before, or, at the end, the inserted job's completion minus the last one's. */
static long long direct_idle(int n, int m, const int *p, const int *seq, int length, int job, int position)
{
    int with[MAX_JOBS + 1];
    inserted(seq, length, job, position, with);
    long long idle = 0;
    for (int k = 1; k < m; k++) {
        if (position < length) {
            idle += brute_force_makespan(n, k + 1, p, with, position + 2) - brute_force_makespan(n, k + 1, p, seq, position + 1);
        } else {
            idle += brute_force_makespan(n, k + 1, p, with, length + 1) - brute_force_makespan(n, k + 1, p, seq, length);
        }
    }
    return idle;
}

static void test_ties_broken_by_idle_time(void)
{
    unsigned rng = 12u;
    int tied = 0;
    for (int instance = 0; instance < 300; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], order[MAX_JOBS], costs[MAX_JOBS + 1];
        random_instance(&rng, 1, &n, &m, p); /* small times: many ties */
        fsbb_insertion w;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        test_random_order(&rng, order, n);
        const int length = (int)(test_random_next(&rng) % (unsigned)n);
        const int job = order[n - 1];
        fsbb_insertion_costs(&w, order, length, job, costs);
        int position;
        const int best = fsbb_insertion_best(&w, order, length, job, &position);
        /* the first position of least estimate among the positions of least makespan
         * (the machine prefix k+1 of p is the first k+1 rows: p is machine-major) */
        int expected = -1;
        long long least = 0;
        int ties = 0;
        for (int i = 0; i <= length; i++) {
            if (costs[i] != best)
                continue;
            ties++;
            const long long idle = direct_idle(n, m, p, order, length, job, i);
            if (expected < 0 || idle < least) {
                expected = i;
                least = idle;
            }
        }
        tied += ties > 1;
        CU_ASSERT_EQUAL(position, expected);
        fsbb_insertion_free(&w);
    }
    CU_ASSERT(tied > 50);
}

/* Every job of a loaded sequence taken out and reinserted: the best makespan over the
 * positions of the shorter sequence, and that position has it; then a random move and the
 * partial reload agree with a fresh load. */
static void test_reinsertion_and_reload(void)
{
    unsigned rng = 13u;
    for (int instance = 0; instance < 200; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], shorter[MAX_JOBS], trial[MAX_JOBS];
        random_instance(&rng, instance, &n, &m, p);
        if (n < 2)
            continue;
        fsbb_insertion w, fresh;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_insertion_init(&fresh, n, m, p) == 0);
        test_random_order(&rng, seq, n);
        fsbb_insertion_load(&w, seq, n);
        for (int round = 0; round < 3; round++) {
            for (int from = 0; from < n; from++) {
                memcpy(shorter, seq, sizeof(int) * (size_t)from);
                memcpy(shorter + from, seq + from + 1, sizeof(int) * (size_t)(n - 1 - from));
                int least = -1;
                for (int position = 0; position < n; position++) {
                    inserted(shorter, n - 1, seq[from], position, trial);
                    const int direct = brute_force_makespan(n, m, p, trial, n);
                    least = least < 0 || direct < least ? direct : least;
                }
                int position = -1, fresh_position = -1;
                const int best = fsbb_insertion_reinsert(&w, seq, n, from, INT_MAX, &position);
                CU_ASSERT_EQUAL(best, least);
                CU_ASSERT_FATAL(position >= 0 && position < n);
                inserted(shorter, n - 1, seq[from], position, trial);
                CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, trial, n), least);
                /* the same choice as a fresh insertion into the shorter sequence */
                CU_ASSERT_EQUAL(fsbb_insertion_best(&fresh, shorter, n - 1, seq[from], &fresh_position), least);
                CU_ASSERT_EQUAL(position, fresh_position);
            }
            /* move one job, reload the changed range, compare with a fresh load */
            const int from = (int)(test_random_next(&rng) % (unsigned)n), to = (int)(test_random_next(&rng) % (unsigned)n);
            test_move_job(seq, from, to);
            fsbb_insertion_reload(&w, seq, n, to < from ? to : from, to < from ? from : to);
            fsbb_insertion_load(&fresh, seq, n);
            for (int k = 0; k < m; k++)
                CU_ASSERT_EQUAL(memcmp(w.head + k * w.stride, fresh.head + k * fresh.stride, sizeof(int) * (size_t)(n + 1)) ||
                                    memcmp(w.tail + k * w.stride, fresh.tail + k * fresh.stride, sizeof(int) * (size_t)(n + 1)),
                                0);
        }
        fsbb_insertion_free(&w);
        fsbb_insertion_free(&fresh);
    }
}

static int is_permutation_of(const int *seq, int length, const int *jobs)
{
    unsigned char in[MAX_JOBS] = {0};
    for (int i = 0; i < length; i++)
        in[jobs[i]]++;
    for (int i = 0; i < length; i++)
        if (!in[seq[i]]--)
            return 0;
    return 1;
}

/* A random instance (random_instance), its insertion workspace (free it) and a random
 * sequence of some of its jobs in seq; returns the sequence's length. */
static int random_partial_sequence(unsigned *rng, int instance, int *n, int *m, int *p, fsbb_insertion *w, int *seq)
{
    random_instance(rng, instance, n, m, p);
    CU_ASSERT_FATAL(fsbb_insertion_init(w, *n, *m, p) == 0);
    test_random_order(rng, seq, *n);
    return 1 + (int)(test_random_next(rng) % (unsigned)*n);
}

/* The local search on whole and partial sequences: the same jobs, the makespan it returns,
 * no worse than the start, and no single reinsertion improves the result. */
static void test_local_search_reaches_a_local_optimum(void)
{
    unsigned rng = 14u;
    for (int instance = 0; instance < 100; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        fsbb_insertion w;
        const int length = random_partial_sequence(&rng, instance, &n, &m, p, &w, seq);
        memcpy(start, seq, sizeof(int) * (size_t)length);
        const int before = brute_force_makespan(n, m, p, seq, length);
        uint64_t state = (uint64_t)instance;
        const int after = fsbb_local_search_insertion(&w, seq, length, before, &state, scratch, NULL, NULL);
        CU_ASSERT(is_permutation_of(seq, length, start));
        CU_ASSERT_EQUAL(after, brute_force_makespan(n, m, p, seq, length));
        CU_ASSERT(after <= before);
        if (length >= 2) {
            fsbb_insertion_load(&w, seq, length);
            for (int from = 0; from < length; from++) {
                int position;
                CU_ASSERT(fsbb_insertion_reinsert(&w, seq, length, from, after, &position) >= after);
            }
        }
        fsbb_insertion_free(&w);
    }
}

/* The referenced local search: the same jobs, the makespan it returns, no worse, a local
 * optimum, and it tries the jobs in the reference's order: given the order the random
 * search draws from a generator state, it ends in the very sequence the random search
 * ends in from that state. */
static void test_referenced_local_search(void)
{
    unsigned rng = 17u;
    for (int instance = 0; instance < 100; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], start[MAX_JOBS], reference[MAX_JOBS],
            randomised[MAX_JOBS], scratch[2 * MAX_JOBS];
        fsbb_insertion w;
        const int length = random_partial_sequence(&rng, instance, &n, &m, p, &w, seq);
        memcpy(start, seq, sizeof(int) * (size_t)length);
        memcpy(randomised, seq, sizeof(int) * (size_t)length);
        memcpy(reference, seq, sizeof(int) * (size_t)length);
        uint64_t drawn = (uint64_t)instance, state = (uint64_t)instance;
        fsbb_splitmix_shuffle(&drawn, reference, length);
        const int before = brute_force_makespan(n, m, p, seq, length);
        const int after = fsbb_local_search_referenced(&w, seq, length, before, reference, scratch, NULL, NULL);
        CU_ASSERT(is_permutation_of(seq, length, start));
        CU_ASSERT_EQUAL(after, brute_force_makespan(n, m, p, seq, length));
        CU_ASSERT(after <= before);
        if (length >= 2) {
            CU_ASSERT_EQUAL(fsbb_local_search_insertion(&w, randomised, length, before, &state, scratch, NULL, NULL),
                            after);
            CU_ASSERT_EQUAL(memcmp(randomised, seq, sizeof(int) * (size_t)length), 0);
            fsbb_insertion_load(&w, seq, length);
            for (int from = 0; from < length; from++) {
                int position;
                CU_ASSERT(fsbb_insertion_reinsert(&w, seq, length, from, after, &position) >= after);
            }
        }
        fsbb_insertion_free(&w);
    }
}

/* seq[0..length) with its block seq[from..from + size) moved to position to of the rest. */
static void block_moved(const int *seq, int length, int from, int size, int to, int *out)
{
    int rest[MAX_JOBS], count = 0;
    for (int i = 0; i < length; i++)
        if (i < from || i >= from + size)
            rest[count++] = seq[i];
    memcpy(out, rest, sizeof(int) * (size_t)to);
    memcpy(out + to, seq + from, sizeof(int) * (size_t)size);
    memcpy(out + to + size, rest + to, sizeof(int) * (size_t)(count - to));
}

/* Every block of 2..FSBB_INSERTION_MAX_BLOCK jobs of a loaded sequence: the makespan
 * returned is the least over all its positions, recomputed, at the position returned. */
static void test_block_reinsertion(void)
{
    unsigned rng = 15u;
    for (int instance = 0; instance < 60; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], trial[MAX_JOBS];
        random_instance(&rng, instance, &n, &m, p);
        fsbb_insertion w;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        test_random_order(&rng, seq, n);
        fsbb_insertion_load(&w, seq, n);
        for (int size = 2; size <= FSBB_INSERTION_MAX_BLOCK && size < n; size++)
            for (int from = 0; from + size <= n; from++) {
                int least = -1;
                for (int to = 0; to <= n - size; to++) {
                    block_moved(seq, n, from, size, to, trial);
                    const int direct = brute_force_makespan(n, m, p, trial, n);
                    least = least < 0 || direct < least ? direct : least;
                }
                int position = -1;
                CU_ASSERT_EQUAL(fsbb_insertion_reinsert_block(&w, seq, n, from, size, &position), least);
                CU_ASSERT_FATAL(position >= 0 && position <= n - size);
                block_moved(seq, n, from, size, position, trial);
                CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, trial, n), least);
            }
        fsbb_insertion_free(&w);
    }
}

/* The block local search: the same jobs, the makespan it returns equal to the recomputed
 * one and no worse than the start, and no move of a block of the last size it tried (the
 * largest below n) improves the result. */
static void test_block_local_search(void)
{
    unsigned rng = 16u;
    for (int instance = 0; instance < 100; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        random_instance(&rng, instance, &n, &m, p);
        fsbb_insertion w;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        test_random_order(&rng, seq, n);
        memcpy(start, seq, sizeof(int) * (size_t)n);
        const int before = brute_force_makespan(n, m, p, seq, n);
        uint64_t state = (uint64_t)instance;
        const int largest = 2 + instance % (FSBB_INSERTION_MAX_BLOCK - 1);
        const int after = fsbb_local_search_block(&w, seq, n, before, largest, &state, scratch, NULL, NULL);
        CU_ASSERT(is_permutation_of(seq, n, start));
        CU_ASSERT_EQUAL(after, brute_force_makespan(n, m, p, seq, n));
        CU_ASSERT(after <= before);
        const int last = largest < n ? largest : n - 1;
        fsbb_insertion_load(&w, seq, n);
        for (int from = 0; last >= 2 && from + last <= n; from++) {
            int position;
            CU_ASSERT(fsbb_insertion_reinsert_block(&w, seq, n, from, last, &position) >= after);
        }
        fsbb_insertion_free(&w);
    }
}

/* Runs a walk of the iterated greedy (defaults d 4, T 0.4; the referenced local search
 * when referenced) on p and checks, after its polish and after each checked iteration,
 * that its current schedule has the recomputed makespan and is an insertion local optimum
 * (the local search declares one only when no reinsertion improves). */
static void check_walk_optima(int n, int m, const int *p, uint64_t seed, int iterations, int check_every,
                              int referenced)
{
    const fsbb_ig_walk_params params = {.destruction = 4, .temperature = 0.4, .referenced_search = referenced};
    fsbb_ig_walk walk;
    int *start = malloc(sizeof(int) * (size_t)n), *scratch = malloc(sizeof(int) * 2 * (size_t)n);
    CU_ASSERT_FATAL(start && scratch && fsbb_ig_walk_init(&walk, n, m, p, &params, seed) == 0);
    fsbb_ig_walk_adopt(&walk, start, fsbb_ig_walk_neh(&walk, start, NULL, NULL));
    fsbb_ig_walk_polish(&walk, NULL, NULL);
    for (int i = 0; i <= iterations; i++) {
        if (i > 0)
            fsbb_ig_walk_iterate(&walk, NULL, NULL);
        if (i % check_every)
            continue;
        CU_ASSERT_EQUAL(walk.current_makespan, brute_force_makespan(n, m, p, walk.current, n));
        CU_ASSERT(brute_force_is_insertion_local_optimum(n, m, p, walk.current, walk.current_makespan, scratch));
    }
    fsbb_ig_walk_free(&walk);
    free(start);
    free(scratch);
}

static void test_walk_schedules_are_local_optima(void)
{
    unsigned rng = 81u;
    for (int instance = 0; instance < 40; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES];
        random_instance(&rng, instance, &n, &m, p);
        if (n >= 2)
            check_walk_optima(n, m, p, (uint64_t)instance + 1, 20, 1, instance % 2);
    }
    const int ta081 = 81;
    const fsbb_taillard_entry *entry = fsbb_taillard_entry_at(ta081);
    CU_ASSERT_FATAL(entry && entry->jobs == 100 && entry->machines == 20);
    int *p = malloc(sizeof(int) * (size_t)entry->jobs * (size_t)entry->machines);
    CU_ASSERT_FATAL(p != NULL);
    fsbb_taillard_generate(ta081, p);
    check_walk_optima(entry->jobs, entry->machines, p, 1, 300, 100, 0);
    check_walk_optima(entry->jobs, entry->machines, p, 1, 300, 100, 1);
    free(p);
}

FSBB_SUITE("insertion", {"insertion costs equal recomputed makespans at every position", test_costs_equal_recomputation},
           {"ties between positions go to the least idle-time estimate", test_ties_broken_by_idle_time},
           {"reinsertion from loaded tables and partial reloads", test_reinsertion_and_reload},
           {"insertion local search ends in a local optimum", test_local_search_reaches_a_local_optimum},
           {"referenced local search: a local optimum, the jobs tried in the reference's order",
            test_referenced_local_search},
           {"block reinsertion equals the best recomputed block move", test_block_reinsertion},
           {"block local search: no worse, makespan recomputed, a local optimum", test_block_local_search},
           {"iterated greedy walks end each iteration in a brute-force insertion local optimum",
            test_walk_schedules_are_local_optima})
