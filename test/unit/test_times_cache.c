/* test_times_cache.c — the front and back times that a search thread carries from node to
 * node (times_cache.h) equal fsbb_front_times and fsbb_back_times computed from scratch,
 * over walks that mimic a depth-first search (a child, a sibling, a jump elsewhere). */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "lb1.h"
#include "times_cache.h"

#include <stdlib.h>
#include <string.h>

static void swap_jobs(fsbb_job *perm, int a, int b)
{
    const fsbb_job job = perm[a];
    perm[a] = perm[b];
    perm[b] = job;
}

/* One step of the walk: a forward or backward child, a sibling (the last placed job
 * exchanged with an unscheduled one), a backtrack, or a random node. */
static void step(unsigned *rng, int n, fsbb_job *perm, int *front_len, int *back_len)
{
    const int unscheduled = n - *front_len - *back_len;
    const int move = (int)(test_random_next(rng) % 6);
    if (move <= 1 && unscheduled > 0) {
        const int pick = *front_len + (int)(test_random_next(rng) % (unsigned)unscheduled);
        if (move == 0)
            swap_jobs(perm, pick, (*front_len)++);
        else
            swap_jobs(perm, pick, n - 1 - (*back_len)++);
    } else if (move == 2 && unscheduled > 0 && *front_len > 0) {
        swap_jobs(perm, *front_len - 1, *front_len + (int)(test_random_next(rng) % (unsigned)unscheduled));
    } else if (move == 3 && unscheduled > 0 && *back_len > 0) {
        swap_jobs(perm, n - *back_len, *front_len + (int)(test_random_next(rng) % (unsigned)unscheduled));
    } else if (move == 4) {
        *front_len = *front_len > 0 ? (int)(test_random_next(rng) % (unsigned)*front_len) : 0;
        *back_len = *back_len > 0 ? (int)(test_random_next(rng) % (unsigned)*back_len) : 0;
    } else {
        for (int j = n - 1; j > 0; j--)
            swap_jobs(perm, j, (int)(test_random_next(rng) % (unsigned)(j + 1)));
        *front_len = (int)(test_random_next(rng) % (unsigned)(n + 1));
        *back_len = (int)(test_random_next(rng) % (unsigned)(n + 1 - *front_len));
    }
}

static void test_walks_equal_from_scratch(void)
{
    unsigned rng = 2024;
    int wrong = 0, steps = 0;
    for (int trial = 0; trial < 200; trial++) {
        const int n = 1 + (int)(test_random_next(&rng) % 25), m = 1 + (int)(test_random_next(&rng) % 10);
        int *p = malloc(sizeof(int) * (size_t)(n * m));
        CU_ASSERT_FATAL(p != NULL);
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0);
        fsbb_times_cache cache;
        CU_ASSERT_FATAL(fsbb_times_cache_init(&cache, n, m) == 0);
        fsbb_job *perm = malloc(sizeof(fsbb_job) * (size_t)n);
        int *front = malloc(sizeof(int) * (size_t)m), *back = malloc(sizeof(int) * (size_t)m);
        CU_ASSERT_FATAL(perm && front && back);
        for (int j = 0; j < n; j++)
            perm[j] = (fsbb_job)j;
        int front_len = 0, back_len = 0;
        for (int s = 0; s < 300; s++, steps++) {
            step(&rng, n, perm, &front_len, &back_len);
            fsbb_front_times(&d, perm, front_len, front);
            fsbb_back_times(&d, perm, back_len, back);
            const int *cached_front = fsbb_times_cache_front(&cache, &d, perm, front_len);
            const int *cached_back = fsbb_times_cache_back(&cache, &d, perm, back_len);
            wrong += memcmp(front, cached_front, sizeof(int) * (size_t)m) != 0;
            wrong += memcmp(back, cached_back, sizeof(int) * (size_t)m) != 0;
        }
        free(perm);
        free(front);
        free(back);
        fsbb_times_cache_free(&cache);
        fsbb_bound_data_free(&d);
        free(p);
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT_EQUAL(steps, 200 * 300);
}

FSBB_SUITE("times cache", {"walks of related nodes: cached times equal times from scratch",
                           test_walks_equal_from_scratch})
