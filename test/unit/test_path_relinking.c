/* test_path_relinking.c — the population step of the iterated greedy: path relinking
 * (solver/core/path_relinking.h) returns a permutation whose recomputed makespan is the one
 * it reports, and none when the path has no intermediate far enough from its ends; a walk's
 * relinking (ig_walk.h) never leaves its current schedule worse than before; the elite set
 * (elite_set.h) measures distances by adjacencies, keeps its members apart and its best, and
 * picks only far members; walks with relinking report recomputed makespans and repeat for a
 * seed. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "elite_set.h"
#include "ig_walk.h"
#include "iterated_greedy.h"
#include "path_relinking.h"

#include <stdint.h>
#include <string.h>

#define MAX_JOBS 60
#define MAX_MACHINES 20

static int is_permutation(const int *seq, int n)
{
    unsigned char seen[MAX_JOBS] = {0};
    for (int i = 0; i < n; i++) {
        if (seq[i] < 0 || seq[i] >= n || seen[seq[i]])
            return 0;
        seen[seq[i]] = 1;
    }
    return 1;
}

/* Random starts and guides, local optima or not, on random instances (every second one
 * with times 1..3, where equal makespans abound): the result is a permutation whose
 * makespan is the one returned, or -1 when the path is too short (fewer than 2 moves). */
static void test_relinking_reports_recomputed_makespans(void)
{
    unsigned rng = 41u;
    for (int instance = 0; instance < 200; instance++) {
        const int n = 2 + (int)(test_random_next(&rng) % (MAX_JOBS - 1));
        const int m = 1 + (int)(test_random_next(&rng) % MAX_MACHINES);
        int p[MAX_JOBS * MAX_MACHINES], start[MAX_JOBS], guide[MAX_JOBS], result[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_times(&rng, n, m, p);
        if (instance % 2)
            for (int i = 0; i < n * m; i++)
                p[i] = 1 + p[i] % 3;
        fsbb_insertion w;
        fsbb_relinking r;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_relinking_init(&r, n) == 0);
        test_random_order(&rng, start, n);
        test_random_order(&rng, guide, n);
        uint64_t state = (uint64_t)instance;
        if (instance % 3 == 1)
            fsbb_local_search_insertion(&w, start, n, brute_force_makespan(n, m, p, start, n), &state, scratch, NULL,
                                        NULL);
        if (instance % 3 != 0)
            fsbb_local_search_insertion(&w, guide, n, brute_force_makespan(n, m, p, guide, n), &state, scratch, NULL,
                                        NULL);
        const int makespan = fsbb_relink(&r, &w, start, guide, &state, scratch, result, NULL, NULL);
        if (makespan >= 0) {
            CU_ASSERT_FATAL(is_permutation(result, n));
            CU_ASSERT_EQUAL(makespan, brute_force_makespan(n, m, p, result, n));
        } else {
            CU_ASSERT_EQUAL(makespan, -1);
        }
        fsbb_relinking_free(&r);
        fsbb_insertion_free(&w);
    }
}

/* A path of no move or one move has no intermediate: -1, the result untouched. */
static void test_short_paths_have_no_result(void)
{
    unsigned rng = 42u;
    const int n = 12, m = 5;
    int p[12 * 5], start[12], guide[12], result[12], scratch[24];
    test_random_times(&rng, n, m, p);
    fsbb_insertion w;
    fsbb_relinking r;
    CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
    CU_ASSERT_FATAL(fsbb_relinking_init(&r, n) == 0);
    test_random_order(&rng, start, n);
    uint64_t state = 3;
    memcpy(guide, start, sizeof guide);
    memset(result, 0xff, sizeof result);
    CU_ASSERT_EQUAL(fsbb_relink(&r, &w, start, guide, &state, scratch, result, NULL, NULL), -1);
    /* One move: the job at the end moved to the front. */
    guide[0] = start[n - 1];
    memcpy(guide + 1, start, sizeof(int) * (size_t)(n - 1));
    CU_ASSERT_EQUAL(fsbb_relink(&r, &w, start, guide, &state, scratch, result, NULL, NULL), -1);
    CU_ASSERT_EQUAL(result[0], -1);
    /* Two moves (the last two jobs to the front): one intermediate, the result. */
    guide[0] = start[n - 2];
    guide[1] = start[n - 1];
    memcpy(guide + 2, start, sizeof(int) * (size_t)(n - 2));
    const int makespan = fsbb_relink(&r, &w, start, guide, &state, scratch, result, NULL, NULL);
    CU_ASSERT_FATAL(makespan > 0);
    CU_ASSERT(is_permutation(result, n));
    CU_ASSERT_EQUAL(makespan, brute_force_makespan(n, m, p, result, n));
    fsbb_relinking_free(&r);
    fsbb_insertion_free(&w);
}

/* A walk's relinking, from the walk's schedules after some iterations on random
 * instances: its current schedule is never worse afterwards than before, and the current
 * and best makespans are the recomputed ones. */
static void test_relinking_never_worse_than_its_start(void)
{
    unsigned rng = 45u;
    int moved = 0;
    for (int instance = 0; instance < 40; instance++) {
        const int n = 10 + (int)(test_random_next(&rng) % (MAX_JOBS - 9));
        const int m = 2 + (int)(test_random_next(&rng) % (MAX_MACHINES - 1));
        int p[MAX_JOBS * MAX_MACHINES], start[MAX_JOBS], before[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        if (instance % 2)
            for (int i = 0; i < n * m; i++)
                p[i] = 1 + p[i] % 3;
        const fsbb_ig_walk_params params = {.destruction = 4, .temperature = 0.4, .relink_after = 1000000};
        fsbb_ig_walk walk;
        CU_ASSERT_FATAL(fsbb_ig_walk_init(&walk, n, m, p, &params, (uint64_t)instance) == 0);
        test_random_order(&rng, start, n);
        fsbb_ig_walk_adopt(&walk, start, brute_force_makespan(n, m, p, start, n));
        fsbb_ig_walk_polish(&walk, NULL, NULL);
        for (int round = 0; round < 6; round++) {
            for (int i = 0; i < 5; i++)
                fsbb_ig_walk_iterate(&walk, NULL, NULL);
            const int current = walk.current_makespan, best = walk.best_makespan;
            memcpy(before, walk.current, sizeof(int) * (size_t)n);
            fsbb_ig_walk_relink(&walk, NULL, NULL);
            CU_ASSERT(walk.current_makespan <= current);
            CU_ASSERT(walk.best_makespan <= best);
            CU_ASSERT_FATAL(is_permutation(walk.current, n) && is_permutation(walk.best, n));
            CU_ASSERT_EQUAL(walk.current_makespan, brute_force_makespan(n, m, p, walk.current, n));
            CU_ASSERT_EQUAL(walk.best_makespan, brute_force_makespan(n, m, p, walk.best, n));
            moved += memcmp(before, walk.current, sizeof(int) * (size_t)n) != 0;
        }
        CU_ASSERT(walk.relinks_taken <= walk.relinks);
        fsbb_ig_walk_free(&walk);
    }
    /* The relinkings do move walks (to other schedules, no worse). */
    CU_ASSERT(moved > 0);
}

static void test_elite_distance(void)
{
    fsbb_elite_set set;
    CU_ASSERT_FATAL(fsbb_elite_init(&set, 6, 3, 2) == 0);
    const int a[6] = {0, 1, 2, 3, 4, 5}, moved[6] = {0, 2, 3, 1, 4, 5}, reversed[6] = {5, 4, 3, 2, 1, 0};
    CU_ASSERT_EQUAL(fsbb_elite_distance(&set, a, a), 0);
    /* Job 1 moved: the pairs 0-2, 3-1 and 1-4 are new. */
    CU_ASSERT_EQUAL(fsbb_elite_distance(&set, moved, a), 3);
    /* No pair in common, and another first job. */
    CU_ASSERT_EQUAL(fsbb_elite_distance(&set, reversed, a), 6);
    fsbb_elite_free(&set);
}

/* Offers of random schedules: members stay min_distance apart, the set holds the best
 * schedule offered, a copy of a member never enters, and picks are far members or NULL. */
static void test_elite_set_keeps_distinct_good_schedules(void)
{
    unsigned rng = 43u;
    const int n = 10, capacity = 4, min_distance = 4;
    fsbb_elite_set set;
    CU_ASSERT_FATAL(fsbb_elite_init(&set, n, capacity, min_distance) == 0);
    int best = -1;
    for (int offer = 0; offer < 300; offer++) {
        int schedule[10];
        test_random_order(&rng, schedule, n);
        const int makespan = 100 + (int)(test_random_next(&rng) % 50);
        fsbb_elite_offer(&set, schedule, makespan);
        best = best < 0 || makespan < best ? makespan : best;
        CU_ASSERT_FATAL(set.count >= 1 && set.count <= capacity);
        int least = set.makespans[0];
        for (int e = 0; e < set.count; e++) {
            least = set.makespans[e] < least ? set.makespans[e] : least;
            for (int f = e + 1; f < set.count; f++)
                CU_ASSERT(fsbb_elite_distance(&set, set.schedules + e * n, set.schedules + f * n) >= min_distance);
        }
        CU_ASSERT_EQUAL(least, best);
        CU_ASSERT_EQUAL(fsbb_elite_offer(&set, set.schedules, set.makespans[0]), 0);
        uint64_t state = (uint64_t)offer;
        int picked_makespan;
        const int *picked = fsbb_elite_pick(&set, schedule, &state, &picked_makespan);
        int far = 0;
        for (int e = 0; e < set.count; e++)
            far += fsbb_elite_distance(&set, schedule, set.schedules + e * n) >= min_distance;
        CU_ASSERT_EQUAL(picked != NULL, far > 0);
        if (picked)
            CU_ASSERT(fsbb_elite_distance(&set, schedule, picked) >= min_distance);
    }
    fsbb_elite_free(&set);
}

/* What the improvement hook saw, each report against a recomputation. */
typedef struct reports {
    const int *p;
    int n, m, count, last, wrong;
} reports;

static void check_report(int makespan, const int *permutation, int jobs, double elapsed_s, void *data)
{
    reports *r = data;
    (void)elapsed_s;
    if (jobs != r->n || !is_permutation(permutation, jobs) ||
        brute_force_makespan(r->n, r->m, r->p, permutation, r->n) != makespan || (r->count > 0 && makespan >= r->last))
        r->wrong++;
    r->count++;
    r->last = makespan;
}

/* Walks with relinking every few iterations: every reported makespan is the recomputed
 * one, relinkings happen, and a seeded one-walk run repeats itself. */
static void test_walks_with_relinking(void)
{
    unsigned rng = 44u;
    for (int instance = 0; instance < 12; instance++) {
        const int n = 20 + instance * 3, m = 2 + instance % 10;
        int p[MAX_JOBS * MAX_MACHINES], first[MAX_JOBS], second[MAX_JOBS];
        test_random_times(&rng, n, m, p);
        fsbb_ig_config config;
        fsbb_ig_config_default(&config);
        config.iteration_limit = 60;
        config.seed = (uint64_t)instance;
        config.relink_after = 1 + (uint64_t)(instance % 4);
        config.threads = 1 + instance % 2;
        reports seen = {.p = p, .n = n, .m = m};
        const fsbb_ig_hooks hooks = {.on_improvement = check_report, .improvement_data = &seen};
        fsbb_ig_result a, b;
        CU_ASSERT_FATAL(fsbb_ig_run(n, m, p, &config, &hooks, first, &a, NULL) == FSBB_OK);
        CU_ASSERT_FATAL(is_permutation(first, n));
        CU_ASSERT_EQUAL(a.makespan, brute_force_makespan(n, m, p, first, n));
        CU_ASSERT_EQUAL(seen.wrong, 0);
        CU_ASSERT_EQUAL(seen.last, a.makespan);
        CU_ASSERT(a.relinks > 0);
        if (config.threads == 1) {
            CU_ASSERT_FATAL(fsbb_ig_run(n, m, p, &config, NULL, second, &b, NULL) == FSBB_OK);
            CU_ASSERT_EQUAL(a.makespan, b.makespan);
            CU_ASSERT_EQUAL(a.relinks, b.relinks);
            CU_ASSERT_EQUAL(memcmp(first, second, sizeof(int) * (size_t)n), 0);
        }
    }
}

FSBB_SUITE("path relinking",
           {"relinking: the best intermediate with its recomputed makespan",
            test_relinking_reports_recomputed_makespans},
           {"a path without intermediates has no result", test_short_paths_have_no_result},
           {"a walk's relinking never leaves it worse than its start; makespans recomputed",
            test_relinking_never_worse_than_its_start},
           {"elite distance counts the adjacencies not shared", test_elite_distance},
           {"the elite set keeps distinct good schedules and picks far ones",
            test_elite_set_keeps_distinct_good_schedules},
           {"walks with relinking: makespans recomputed, seeded runs repeat", test_walks_with_relinking})
