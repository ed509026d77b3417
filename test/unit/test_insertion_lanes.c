/* test_insertion_lanes.c — several reinsertions at once (solver/core/insertion_lanes.h)
 * against one at a time (fsbb_insertion_reinsert, itself checked against recomputed
 * makespans in test_insertion.c): each lane's least makespan, and its position where only
 * one position has it, for every job of random sequences of every length on random and
 * tie-prone instances, before and after a move, in 16-bit lanes where they hold every
 * value (up to their limit) and 32-bit ones where they do not, also where a reinsertion
 * reaches the guard's bound (the makespan plus the longest job) at, one past and twice
 * that limit; and the insertion local search in lanes against the same search one job at
 * a time: the same sequence, makespan and generator state, and the same where a stop cuts
 * it. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "insertion.h"
#include "insertion_lanes.h"
#include "local_search.h"
#include "taillard.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 40
#define MAX_MACHINES 30

/* The largest value of a 16-bit lane. */
#define NARROW_MAX 65535

/* A random instance (test_random_tie_prone_times) and a random order of its jobs; every
 * fourth instance from the third on has its times multiplied so that the order's makespan
 * plus the longest job's total time is just at most NARROW_MAX (values up to the limit of
 * 16-bit lanes), and every fourth from the fourth so that the makespan is just at most
 * NARROW_MAX and that sum above it (reinsertions past that limit: 32-bit lanes). */
static void random_lane_instance(unsigned *rng, int instance, int *n, int *m, int *p, int *order)
{
    test_random_tie_prone_times(rng, instance, MAX_JOBS, MAX_MACHINES, n, m, p);
    test_random_order(rng, order, *n);
    if (instance % 4 < 2)
        return;
    int longest = 0;
    for (int j = 0; j < *n; j++) {
        int total = 0;
        for (int k = 0; k < *m; k++)
            total += p[k * *n + j];
        longest = total > longest ? total : longest;
    }
    const int makespan = brute_force_makespan(*n, *m, p, order, *n);
    const int scale = instance % 4 == 2 ? NARROW_MAX / (makespan + longest) : NARROW_MAX / makespan;
    for (int i = 0; i < *n * *m; i++)
        p[i] *= scale;
}

/* How many positions of the sequence seq[0..length) without its job at from give the
 * least makespan with that job inserted (fresh: a workspace of the same instance). */
static int tied_positions(fsbb_insertion *fresh, const int *seq, int length, int from)
{
    int shorter[MAX_JOBS], costs[MAX_JOBS + 1];
    memcpy(shorter, seq, sizeof(int) * (size_t)from);
    memcpy(shorter + from, seq + from + 1, sizeof(int) * (size_t)(length - 1 - from));
    fsbb_insertion_costs(fresh, shorter, length - 1, seq[from], costs);
    int least = costs[0], ties = 0;
    for (int i = 1; i < length; i++)
        least = costs[i] < least ? costs[i] : least;
    for (int i = 0; i < length; i++)
        ties += costs[i] == least;
    return ties;
}

/* Every job of the loaded seq[0..length) asked in lanes, in batches of 1..width random
 * distinct positions, where the sequence's makespan is given as `makespan` (the width
 * fsbb_insertion_lanes_width gives for it): each lane's least makespan equals the scalar
 * reinsertion's, and where the lanes name its one position it is the scalar's (else
 * several positions tie). Returns how many lanes disagreed. */
static int lanes_disagreeing(unsigned *rng, fsbb_insertion *w, fsbb_insertion *fresh, const int *seq, int length,
                             int makespan)
{
    const int width = fsbb_insertion_lanes_width(w, makespan);
    int positions[MAX_JOBS], disagreeing = 0;
    test_random_order(rng, positions, length);
    for (int next = 0; next < length;) {
        int count = 1 + (int)(test_random_next(rng) % (unsigned)width);
        count = count < length - next ? count : length - next;
        int least[FSBB_INSERTION_MAX_LANES];
        fsbb_insertion_least_reinsertions(w, length, makespan, positions + next, count, least);
        for (int l = 0; l < count; l++) {
            int lane_position = -1, position;
            const int one = fsbb_insertion_lanes_position(w, l, length, &lane_position);
            const int scalar = fsbb_insertion_reinsert(w, seq, length, positions[next + l], INT_MAX, &position);
            const int ties = tied_positions(fresh, seq, length, positions[next + l]);
            disagreeing += least[l] != scalar || one != (ties == 1) || (one && lane_position != position);
        }
        next += count;
    }
    return disagreeing;
}

/* Both widths where they differ: the sequence's own makespan (16-bit lanes where they hold
 * every value) and INT_MAX (32-bit lanes). */
static int widths_disagreeing(unsigned *rng, fsbb_insertion *w, fsbb_insertion *fresh, const int *seq, int length)
{
    return lanes_disagreeing(rng, w, fresh, seq, length, fsbb_insertion_makespan(w, seq, length)) +
           lanes_disagreeing(rng, w, fresh, seq, length, INT_MAX);
}

static void test_lanes_equal_scalar_reinsertions(void)
{
    unsigned rng = 91u;
    int disagreeing = 0, sequences = 0, narrow_at_limit = 0, wide_past_limit = 0;
    for (int instance = 0; instance < 160; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS];
        random_lane_instance(&rng, instance, &n, &m, p, seq);
        fsbb_insertion w, fresh;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_insertion_init(&fresh, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_insertion_lanes_on(&w));
        /* every length 2..n: the prefix of the order, loaded afresh */
        for (int length = 2; length <= n; length++) {
            fsbb_insertion_load(&w, seq, length);
            fsbb_insertion_lanes_load(&w, seq, 0, length - 1);
            disagreeing += widths_disagreeing(&rng, &w, &fresh, seq, length);
            sequences++;
        }
        const int width = fsbb_insertion_lanes_width(&w, fsbb_insertion_makespan(&w, seq, n));
        narrow_at_limit += instance % 4 == 2 && width == FSBB_INSERTION_MAX_LANES;
        wide_past_limit += instance % 4 == 3 && width < FSBB_INSERTION_MAX_LANES;
        /* after a move of one job in the whole sequence, only its range reloaded */
        const int from = (int)(test_random_next(&rng) % (unsigned)n), to = (int)(test_random_next(&rng) % (unsigned)n);
        test_move_job(seq, from, to);
        const int lo = to < from ? to : from, hi = to < from ? from : to;
        fsbb_insertion_reload(&w, seq, n, lo, hi);
        fsbb_insertion_lanes_load(&w, seq, lo, hi);
        disagreeing += widths_disagreeing(&rng, &w, &fresh, seq, n);
        fsbb_insertion_free(&w);
        fsbb_insertion_free(&fresh);
    }
    CU_ASSERT(sequences > 1000);
    CU_ASSERT_EQUAL(disagreeing, 0);
    CU_ASSERT_EQUAL(narrow_at_limit, 40);
    /* 16-bit lanes exist with AVX2 only: without it, the one width is FSBB_INSERTION_MAX_LANES */
    CU_ASSERT_EQUAL(wide_past_limit, FSBB_INSERTION_MAX_LANES == 16 ? 40 : 0);
}

/* One job of times (0, longest) before N - 1 jobs of times (a, 0) on 2 machines, (N - 1) a
 * = longest + 1: the makespan is longest + 1, and that job reinserted last makes it the
 * makespan plus the longest job, the largest value the guard of the 16-bit lanes allows
 * for. Every job asked in lanes with the sequence's makespan, with that sum just at the
 * limit of 16-bit lanes (NARROW_MAX), one past it, and twice it: the same least makespans
 * and positions as one at a time. */
static void test_lanes_reaching_makespan_plus_longest(void)
{
    enum { N = 5, M = 2 };
    const int a_at_limit = (NARROW_MAX + 1) / 2 / (N - 1); /* longest 32767: sum NARROW_MAX */
    const int cases[][2] = {{a_at_limit, (N - 1) * a_at_limit - 1},
                            {a_at_limit, (N - 1) * a_at_limit},
                            {2 * a_at_limit, 2 * (N - 1) * a_at_limit - 1}};
    unsigned rng = 94u;
    int disagreeing = 0, narrow = 0, reached = 0;
    for (int c = 0; c < (int)(sizeof cases / sizeof *cases); c++) {
        const int a = cases[c][0], longest = cases[c][1];
        int p[M * N] = {0}, seq[N], costs[N];
        p[N] = longest; /* job 0 on machine 1 */
        for (int j = 1; j < N; j++)
            p[j] = a;
        for (int j = 0; j < N; j++)
            seq[j] = j;
        fsbb_insertion w, fresh;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, N, M, p) == 0);
        CU_ASSERT_FATAL(fsbb_insertion_init(&fresh, N, M, p) == 0);
        const int makespan = fsbb_insertion_makespan(&w, seq, N);
        fsbb_insertion_costs(&fresh, seq + 1, N - 1, 0, costs);
        reached += costs[N - 1] == makespan + longest;
        narrow += fsbb_insertion_lanes_width(&w, makespan) == FSBB_INSERTION_MAX_LANES;
        fsbb_insertion_load(&w, seq, N);
        fsbb_insertion_lanes_load(&w, seq, 0, N - 1);
        disagreeing += lanes_disagreeing(&rng, &w, &fresh, seq, N, makespan);
        fsbb_insertion_free(&w);
        fsbb_insertion_free(&fresh);
    }
    CU_ASSERT_EQUAL(reached, 3);
    CU_ASSERT_EQUAL(disagreeing, 0);
    /* 16-bit lanes (with AVX2) at the limit only; without AVX2 the one width everywhere */
    CU_ASSERT_EQUAL(narrow, FSBB_INSERTION_MAX_LANES == 16 ? 1 : 3);
}

/* A stop that asks to stop at its `at`-th call (0: never), counting its calls. */
typedef struct counted_stop {
    long calls, at;
} counted_stop;

static int stop_at(void *data)
{
    counted_stop *s = data;
    return ++s->calls == s->at;
}

/* The local search on seq[0..length) in lanes and one at a time from the same generator
 * state, cut at the at-th stop (0: never): the same makespan, sequence, generator state
 * and calls of stop. Returns 1 when they agree; *calls the calls of the uncut search. */
static int searches_agree(fsbb_insertion *w, const int *seq, int length, int makespan, uint64_t seed, long at,
                          long *calls)
{
    int in_lanes[512], alone[512], scratch[1024];
    CU_ASSERT_FATAL(length <= 512 && w->n <= 512);
    memcpy(in_lanes, seq, sizeof(int) * (size_t)length);
    memcpy(alone, seq, sizeof(int) * (size_t)length);
    uint64_t lanes_rng = seed, alone_rng = seed;
    counted_stop lanes_stop = {0, at}, alone_stop = {0, at};
    const int lanes_makespan =
        fsbb_local_search_insertion(w, in_lanes, length, makespan, &lanes_rng, scratch, stop_at, &lanes_stop);
    const int alone_makespan = fsbb_local_search_insertion_one_at_a_time(w, alone, length, makespan, &alone_rng,
                                                                         scratch, stop_at, &alone_stop);
    *calls = alone_stop.calls;
    return lanes_makespan == alone_makespan && memcmp(in_lanes, alone, sizeof(int) * (size_t)length) == 0 &&
           lanes_rng == alone_rng && lanes_stop.calls == alone_stop.calls &&
           lanes_makespan == fsbb_insertion_makespan(w, in_lanes, length);
}

static void test_lane_search_equals_one_at_a_time(void)
{
    unsigned rng = 92u;
    int disagreeing = 0, improved = 0;
    for (int instance = 0; instance < 200; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS];
        random_lane_instance(&rng, instance, &n, &m, p, seq);
        fsbb_insertion w;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        const int length = 2 + (int)(test_random_next(&rng) % (unsigned)(n - 1));
        const int makespan = fsbb_insertion_makespan(&w, seq, length);
        long calls, cut_calls;
        disagreeing += !searches_agree(&w, seq, length, makespan, (uint64_t)instance, 0, &calls);
        improved += calls > length; /* a move, then `length` jobs in a row unmoved */
        /* cut at a random call of stop */
        const long at = 1 + (long)(test_random_next(&rng) % (unsigned)calls);
        disagreeing += !searches_agree(&w, seq, length, makespan, (uint64_t)instance, at, &cut_calls);
        fsbb_insertion_free(&w);
    }
    CU_ASSERT(improved > 100);
    CU_ASSERT_EQUAL(disagreeing, 0);
}

/* Taillard's 100 x 20 ta081: random sequences, whole and partial, searched both ways. */
static void test_lane_search_on_ta081(void)
{
    const int ta081 = 81;
    const fsbb_taillard_entry *entry = fsbb_taillard_entry_at(ta081);
    CU_ASSERT_FATAL(entry && entry->jobs == 100 && entry->machines == 20);
    const int n = entry->jobs, m = entry->machines;
    int *p = malloc(sizeof(int) * (size_t)n * (size_t)m), seq[100];
    CU_ASSERT_FATAL(p != NULL);
    fsbb_taillard_generate(ta081, p);
    fsbb_insertion w;
    CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
    CU_ASSERT_FATAL(fsbb_insertion_lanes_on(&w));
    unsigned rng = 93u;
    for (int round = 0; round < 6; round++) {
        test_random_order(&rng, seq, n);
        const int length = round % 2 ? 2 + (int)(test_random_next(&rng) % (unsigned)(n - 1)) : n;
        long calls;
        CU_ASSERT(searches_agree(&w, seq, length, fsbb_insertion_makespan(&w, seq, length), (uint64_t)round, 0,
                                 &calls));
    }
    fsbb_insertion_free(&w);
    free(p);
}

/* The lane buffers are made below FSBB_INSERTION_LANES_MAX_BYTES and not above it, where
 * the local search still searches, one job at a time. */
static void test_lanes_only_where_they_fit(void)
{
    enum { SMALL_N = 500, SMALL_M = 20, LARGE_N = 1000, LARGE_M = 1000 };
    int *p = calloc((size_t)LARGE_N * LARGE_M, sizeof(int));
    CU_ASSERT_FATAL(p != NULL);
    for (int i = 0; i < LARGE_N * LARGE_M; i++)
        p[i] = 1 + i % 7;
    fsbb_insertion small, large;
    CU_ASSERT_FATAL(fsbb_insertion_init(&small, SMALL_N, SMALL_M, p) == 0);
    CU_ASSERT_FATAL(fsbb_insertion_init(&large, LARGE_N, LARGE_M, p) == 0);
    CU_ASSERT(fsbb_insertion_lanes_on(&small));
    CU_ASSERT(!fsbb_insertion_lanes_on(&large));
    int seq[4] = {3, 0, 2, 1}, scratch[2 * LARGE_N];
    uint64_t state = 1;
    const int before = fsbb_insertion_makespan(&large, seq, 4);
    const int after = fsbb_local_search_insertion(&large, seq, 4, before, &state, scratch, NULL, NULL);
    CU_ASSERT(after <= before);
    CU_ASSERT_EQUAL(after, fsbb_insertion_makespan(&large, seq, 4));
    fsbb_insertion_free(&small);
    fsbb_insertion_free(&large);
    free(p);
}

FSBB_SUITE("insertion lanes",
           {"each lane's least reinsertion equals the scalar reinsertion's, every length, after a move",
            test_lanes_equal_scalar_reinsertions},
           {"a reinsertion reaching the makespan plus the longest job, at and past the 16-bit limit",
            test_lanes_reaching_makespan_plus_longest},
           {"the local search in lanes: the same sequence, makespan and stops as one job at a time",
            test_lane_search_equals_one_at_a_time},
           {"the local search in lanes on ta081 as one job at a time", test_lane_search_on_ta081},
           {"lane buffers only where they fit", test_lanes_only_where_they_fit})
