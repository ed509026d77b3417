/* test_resident_growth.c — how the resident GPU engine's pool and batch grow
 * (resident_growth.h), with the default 8 GB pool and the engine's aim of 2^24 candidates an
 * iteration: on 20 jobs and 20 machines every step at once but the last, short one, which
 * waits FSBB_RESIDENT_LATE_GROWTH_S; on 20 jobs and 5 machines a last step of more than twice,
 * which does not wait, and the largest batch as the cap; a short last step with a batch far
 * from the aim (500 jobs, or a pool the user made small), and a batch growing within the
 * largest pool, which do not wait either. */
#include "suites.h"
#include "resident_growth.h"

enum { AIM = 1 << 24, FIRST_POOL = 1 << 20, FIRST_BATCH = 1 << 14 };

/* 8 GB of nodes of `node_bytes`; the batch by the job count, as the engine sizes them
 * (resident_device.cu's allocate_pools), at the engine's first sizes. */
static fsbb_resident_sizes first_sizes(int jobs, long long node_bytes)
{
    const long long largest = (8LL << 30) / node_bytes, by_jobs = AIM / jobs, fits = largest / (2LL * jobs);
    return (fsbb_resident_sizes){.jobs = jobs, .capacity = FIRST_POOL, .max_capacity = largest,
                                 .batch = FIRST_BATCH, .max_batch = by_jobs < fits ? by_jobs : fits, .aim = AIM};
}

/* One growth of the batch in resident_device.cu's order: the pool first where the batch
 * needs it. */
static void grow(fsbb_resident_sizes *s)
{
    if (fsbb_resident_batch_needs_pool(s))
        s->capacity = fsbb_resident_grown_capacity(s);
    s->batch = fsbb_resident_grown_batch(s);
}

static void test_twenty_by_twenty(void)
{
    fsbb_resident_sizes s = first_sizes(20, 304);
    /* The batch to the pool's half (26,214 parents of 1 M nodes), then the pool by fours. */
    const long long batches[] = {26214, 104857, 419430, 706409};
    const long long capacities[] = {1 << 20, 1 << 22, 1 << 24, s.max_capacity};
    for (int step = 0; step < 4; step++) {
        /* Every step but the last at once; the last, 16.8 M to 28.3 M nodes with 8.4 M
         * candidates a batch, after the wait. */
        CU_ASSERT_EQUAL(fsbb_resident_batch_grows_now(&s, 0.001), step < 3);
        CU_ASSERT_EQUAL(fsbb_resident_batch_grows_now(&s, 0.999 * FSBB_RESIDENT_LATE_GROWTH_S), step < 3);
        CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, FSBB_RESIDENT_LATE_GROWTH_S));
        grow(&s);
        CU_ASSERT_EQUAL(s.batch, batches[step]);
        CU_ASSERT_EQUAL(s.capacity, capacities[step]);
    }
    /* At the largest pool the batch is as large as it holds. */
    CU_ASSERT_FALSE(fsbb_resident_batch_needs_pool(&s));
    CU_ASSERT_EQUAL(s.batch, s.max_batch);
    CU_ASSERT_EQUAL(fsbb_resident_grown_batch(&s), s.batch);
}

static void test_twenty_by_five(void)
{
    /* 160-byte nodes: the largest pool, 53.7 M nodes, is 3.2 times 16.8 M, and the batch
     * stops at the aim's 838,860 parents, not at the pool. */
    fsbb_resident_sizes s = first_sizes(20, 160);
    for (int step = 0; step < 4; step++) {
        CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, 0));
        grow(&s);
    }
    CU_ASSERT_EQUAL(s.capacity, s.max_capacity);
    CU_ASSERT_EQUAL(s.batch, AIM / 20);
    CU_ASSERT_EQUAL(fsbb_resident_grown_batch(&s), s.batch);
}

static void test_short_step_far_from_aim(void)
{
    /* 500 jobs: the pool's last step, 4 M to 7 M nodes, is short, but its batch of 4,194
     * parents holds 2.1 M candidates, an eighth of the aim. */
    fsbb_resident_sizes s = {.jobs = 500, .capacity = 1 << 22, .max_capacity = 7LL << 20, .batch = 4194,
                             .max_batch = AIM / 500, .aim = AIM};
    CU_ASSERT_TRUE(fsbb_resident_batch_needs_pool(&s));
    CU_ASSERT_TRUE(fsbb_resident_grown_capacity(&s) < 2 * s.capacity);
    CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, 0));
    /* A pool of 1.5 M nodes given by the user, 20 jobs: 26,214 parents, 0.5 M candidates. */
    s = (fsbb_resident_sizes){.jobs = 20, .capacity = FIRST_POOL, .max_capacity = 1536LL << 10, .batch = 26214,
                              .max_batch = (1536LL << 10) / 40, .aim = AIM};
    CU_ASSERT_TRUE(fsbb_resident_batch_needs_pool(&s));
    CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, 0));
    /* The same step with a third of the aim in the batch waits. */
    s.aim = 3 * s.batch * s.jobs;
    CU_ASSERT_FALSE(fsbb_resident_batch_grows_now(&s, 0));
    s.aim++;
    CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, 0));
}

static void test_batch_within_largest_pool(void)
{
    /* The pool at its largest, the batch narrowed (a wide tree) and growing back: no
     * allocation of the pool, no wait. */
    fsbb_resident_sizes s = first_sizes(20, 304);
    s.capacity = s.max_capacity;
    s.batch = 88301;
    CU_ASSERT_FALSE(fsbb_resident_batch_needs_pool(&s));
    CU_ASSERT_TRUE(fsbb_resident_batch_grows_now(&s, 0));
    CU_ASSERT_EQUAL(fsbb_resident_grown_batch(&s), 706408);
}

FSBB_SUITE("resident_growth",
           {"20 x 20: the steps, the last one after the wait", test_twenty_by_twenty},
           {"20 x 5: a last step of more than twice, the batch at the aim", test_twenty_by_five},
           {"a short last step far from the aim does not wait", test_short_step_far_from_aim},
           {"a batch growing within the largest pool does not wait", test_batch_within_largest_pool})
