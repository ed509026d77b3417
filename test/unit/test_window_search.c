/* test_window_search.c — the exact re-sequencing of a window of consecutive jobs
 * (solver/core/window_search.h) against brute force: for windows of up to 7 jobs in random
 * sequences, every order of the window's jobs recomputed over the whole sequence
 * (brute_force_makespan); the solver's optimum is the least of them, its order a
 * permutation of the window's jobs with that makespan, and with a bound it finds an order
 * exactly when one is below the bound. The window local search (local_search.h) ends in a
 * schedule of the same jobs, with the makespan it returns, that no window improves; walks
 * of the iterated greedy with windows (ig_walk.h) end each iteration in an insertion local
 * optimum, and one that no window improves when the iteration lowered the current
 * makespan; a run with windows on ta081 reports the makespan of the schedule it returns,
 * and windows outside 2..FSBB_WINDOW_MAX are refused. The solve (its bounds in vector lanes,
 * windows cut before any set-up) returns the makespan and the order of the reference that
 * bounds each child alone (window_reference.h) for windows of up to 12 jobs (two groups of
 * lanes),
 * ties included, and the window local search ends where the reference's does, with the
 * same generator state and the same calls of stop. A long window's solve (10 jobs, 200
 * machines) ends inside when stop asks, and is not remembered as unimprovable. */
#include "suites.h"
#include "test_support.h"

#include "brute_force.h"
#include "ig_walk.h"
#include "insertion.h"
#include "iterated_greedy.h"
#include "local_search.h"
#include "window_reference.h"
#include "window_search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_JOBS 30
#define MAX_MACHINES 20
#define MAX_WINDOW 7

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
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
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
        CU_ASSERT_EQUAL(fsbb_window_solve(&x, jobs, size, head, tail, INT_MAX, order, NULL, NULL), optimum);
        CU_ASSERT(is_permutation_of(order, jobs, size));
        memcpy(trial, seq, sizeof trial);
        memcpy(trial + start, order, sizeof(int) * (size_t)size);
        CU_ASSERT_EQUAL(brute_force_makespan(n, m, p, trial, n), optimum);

        /* Below the current makespan: an order exactly when the optimum is below it. */
        int unchanged[MAX_WINDOW];
        memcpy(order, jobs, sizeof(int) * (size_t)size);
        memcpy(unchanged, jobs, sizeof(int) * (size_t)size);
        const int found = fsbb_window_solve(&x, jobs, size, head, tail, makespan, order, NULL, NULL);
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

/* 1 when no order of any window of size consecutive jobs of seq[0..n) gives a recomputed
 * makespan below `makespan`. */
static int is_window_local_optimum(int n, int m, const int *p, const int *seq, int makespan, int size)
{
    int trial[MAX_JOBS];
    memcpy(trial, seq, sizeof(int) * (size_t)n);
    if (size > n)
        size = n;
    for (int start = 0; start + size <= n; start++)
        if (least_over_orders(n, m, p, trial, start, size, 0) < makespan)
            return 0;
    return 1;
}

/* The window local search with windows of 2 to 6 jobs (or the whole of a shorter
 * sequence): the same jobs, the makespan it returns recomputed, no worse than the start,
 * and no window of its size improves it. */
static void test_window_local_search(void)
{
    unsigned rng = 78u;
    int moved = 0;
    for (int instance = 0; instance < 100; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        fsbb_insertion w;
        fsbb_window x;
        const int size = 2 + (int)(test_random_next(&rng) % 5);
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_window_init(&x, &w, size) == 0);
        test_random_order(&rng, seq, n);
        memcpy(start, seq, sizeof(int) * (size_t)n);
        const int before = brute_force_makespan(n, m, p, seq, n);
        uint64_t state = (uint64_t)instance;
        const int after = fsbb_local_search_window(&w, &x, seq, n, before, size, &state, scratch, NULL, NULL);
        CU_ASSERT(is_permutation_of(seq, start, n));
        CU_ASSERT_EQUAL(after, brute_force_makespan(n, m, p, seq, n));
        CU_ASSERT(after <= before);
        moved += after < before;
        CU_ASSERT(is_window_local_optimum(n, m, p, seq, after, size));
        fsbb_window_free(&x);
        fsbb_insertion_free(&w);
    }
    CU_ASSERT(moved > 10);
}

/* The heads and tails of the window seq[start..start + size) of a loaded workspace; on
 * odd calls each raised by up to 2 on some machines, so that the window starts and ends
 * off its sequence's critical paths too. */
static void window_heads_and_tails(const fsbb_insertion *w, int start, int size, unsigned *rng, int *head, int *tail)
{
    const int raise = (int)(test_random_next(rng) % 2);
    for (int k = 0; k < w->m; k++) {
        head[k] = w->head[k * w->stride + start] + raise * (int)(test_random_next(rng) % 3);
        tail[k] = w->tail[k * w->stride + start + size] + raise * (int)(test_random_next(rng) % 3);
    }
}

/* Windows of 1 to 12 jobs of random and tie-prone instances, below the
 * optimum, at it, above it, at the sequence's makespan and without a bound, then (up to 8
 * jobs) the same jobs between lowered heads or tails: the solve returns the reference's
 * makespan and leaves the reference's order (or the order given, untouched, when there is
 * none below), also where a window was asked before. */
static void test_window_matches_reference(void)
{
    unsigned rng = 80u;
    int improved = 0, cut = 0, lowered = 0;
    for (int instance = 0; instance < 300; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        test_random_order(&rng, seq, n);
        const int largest = n < 12 ? n : 12;
        const int usual = largest < 10 ? largest : 10;
        const int size = instance % 10 == 0 ? largest : 1 + (int)(test_random_next(&rng) % (unsigned)usual);
        const int start = (int)(test_random_next(&rng) % (unsigned)(n - size + 1));
        fsbb_insertion w;
        fsbb_window x;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_window_init(&x, &w, FSBB_WINDOW_MAX) == 0);
        fsbb_insertion_load(&w, seq, n);
        int head[MAX_MACHINES], tail[MAX_MACHINES];
        window_heads_and_tails(&w, start, size, &rng, head, tail);
        const int *jobs = seq + start;
        const int makespan = fsbb_window_makespan(&x, jobs, size, head, tail);
        int expected[FSBB_WINDOW_MAX], order[FSBB_WINDOW_MAX];
        const int optimum = window_reference_solve(m, w.times, jobs, size, head, tail, INT_MAX, expected);
        const int belows[] = {INT_MAX, makespan, makespan + 1, optimum + 1, optimum, optimum - 1};
        for (size_t b = 0; b < sizeof belows / sizeof belows[0]; b++) {
            for (int i = 0; i < FSBB_WINDOW_MAX; i++)
                expected[i] = order[i] = -1 - i;
            const int reference = window_reference_solve(m, w.times, jobs, size, head, tail, belows[b], expected);
            CU_ASSERT_EQUAL(fsbb_window_solve(&x, jobs, size, head, tail, belows[b], order, NULL, NULL), reference);
            CU_ASSERT_EQUAL(memcmp(order, expected, sizeof order), 0);
            improved += reference < makespan;
            cut += reference == belows[b] && x.nodes == 0;
        }
        /* The same jobs between heads or tails lowered on some machines, below the optimum
         * of the window as it was: enough windows that some share an entry of the
         * workspace's windows found unimprovable. */
        for (int variant = 0; size <= 8 && variant < 80; variant++) {
            int lower_head[MAX_MACHINES], lower_tail[MAX_MACHINES];
            for (int k = 0; k < m; k++) {
                const int by = (int)(test_random_next(&rng) % 4);
                lower_head[k] = variant % 2 == 0 && head[k] >= by ? head[k] - by : head[k];
                lower_tail[k] = variant % 2 == 1 && tail[k] >= by ? tail[k] - by : tail[k];
            }
            for (int i = 0; i < FSBB_WINDOW_MAX; i++)
                expected[i] = order[i] = -1 - i;
            const int reference =
                window_reference_solve(m, w.times, jobs, size, lower_head, lower_tail, optimum, expected);
            CU_ASSERT_EQUAL(
                fsbb_window_solve(&x, jobs, size, lower_head, lower_tail, optimum, order, NULL, NULL), reference);
            CU_ASSERT_EQUAL(memcmp(order, expected, sizeof order), 0);
            lowered += reference < optimum;
        }
        fsbb_window_free(&x);
        fsbb_insertion_free(&w);
    }
    /* Orders were found, and windows were cut before any node. */
    CU_ASSERT(improved > 100);
    CU_ASSERT(cut > 100);
    CU_ASSERT(lowered > 100);
}

/* Counts its calls; asks to stop at call `stop_at` (0: never). */
typedef struct counted_stop {
    int calls, stop_at;
} counted_stop;

static int count_and_stop(void *data)
{
    counted_stop *c = data;
    c->calls++;
    return c->stop_at > 0 && c->calls >= c->stop_at;
}

/* The window local search with windows of 2 to 10 jobs, run to its end or
 * stopped after a few windows: the sequence, makespan, generator state and calls of stop
 * of the reference's local search. */
static void test_window_local_search_matches_reference(void)
{
    unsigned rng = 81u;
    int moved = 0;
    for (int instance = 0; instance < 120; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], seq[MAX_JOBS], expected[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        const int size = 2 + (int)(test_random_next(&rng) % 9);
        fsbb_insertion w;
        fsbb_window x;
        CU_ASSERT_FATAL(fsbb_insertion_init(&w, n, m, p) == 0);
        CU_ASSERT_FATAL(fsbb_window_init(&x, &w, FSBB_WINDOW_MAX) == 0);
        test_random_order(&rng, seq, n);
        memcpy(expected, seq, sizeof(int) * (size_t)n);
        const int before = brute_force_makespan(n, m, p, seq, n);
        const int stop_at = instance % 3 == 0 ? 1 + (int)(test_random_next(&rng) % 8) : 0;
        counted_stop mine = {0, stop_at}, theirs = {0, stop_at};
        uint64_t state = (uint64_t)instance * 7919u, reference_state = state;
        const int reference = window_reference_local_search(&w, expected, n, before, size, &reference_state, scratch,
                                                            count_and_stop, &theirs);
        const int after =
            fsbb_local_search_window(&w, &x, seq, n, before, size, &state, scratch, count_and_stop, &mine);
        CU_ASSERT_EQUAL(after, reference);
        CU_ASSERT_EQUAL(memcmp(seq, expected, sizeof(int) * (size_t)n), 0);
        CU_ASSERT_EQUAL(state, reference_state);
        CU_ASSERT_EQUAL(mine.calls, theirs.calls);
        moved += after < before;
        fsbb_window_free(&x);
        fsbb_insertion_free(&w);
    }
    CU_ASSERT(moved > 30);
}

/* The window local search over one window of 10 jobs on 200 machines, already in its
 * best order, whose solve visits many nodes to find no better one: asked to stop at its
 * first call of stop, the solve is cut inside the window (fewer nodes than the whole
 * solve), the sequence is left as it was, and the window is then solved whole again (not
 * remembered as unimprovable). fsbb_insertion_makespan: brute force takes fewer machines. */
static void test_window_solve_stops_inside(void)
{
    enum { N = 10, M = 200 };
    static int p[M * N];
    unsigned rng = 83u;
    for (int i = 0; i < M * N; i++)
        p[i] = 1 + (int)(test_random_next(&rng) % 99);
    int best[N], seq[N], scratch[2 * N];
    for (int j = 0; j < N; j++)
        best[j] = j;
    fsbb_insertion w;
    fsbb_window found, whole, cut;
    CU_ASSERT_FATAL(fsbb_insertion_init(&w, N, M, p) == 0);
    CU_ASSERT_FATAL(fsbb_window_init(&found, &w, N) == 0);
    CU_ASSERT_FATAL(fsbb_window_init(&whole, &w, N) == 0);
    CU_ASSERT_FATAL(fsbb_window_init(&cut, &w, N) == 0);
    uint64_t state = 1;
    const int optimum =
        fsbb_local_search_window(&w, &found, best, N, fsbb_insertion_makespan(&w, best, N), N, &state, scratch, NULL,
                                 NULL);
    memcpy(seq, best, sizeof seq);
    CU_ASSERT_EQUAL(fsbb_local_search_window(&w, &whole, seq, N, optimum, N, &state, scratch, NULL, NULL), optimum);
    counted_stop at_first = {0, 1};
    CU_ASSERT_EQUAL(fsbb_local_search_window(&w, &cut, seq, N, optimum, N, &state, scratch, count_and_stop, &at_first),
                    optimum);
    CU_ASSERT_EQUAL(at_first.calls, 1);
    CU_ASSERT(cut.nodes > 0 && cut.nodes < whole.nodes);
    CU_ASSERT_EQUAL(memcmp(seq, best, sizeof seq), 0);
    CU_ASSERT_EQUAL(fsbb_local_search_window(&w, &cut, seq, N, optimum, N, &state, scratch, NULL, NULL), optimum);
    CU_ASSERT_EQUAL(cut.nodes, whole.nodes);
    fsbb_window_free(&found);
    fsbb_window_free(&whole);
    fsbb_window_free(&cut);
    fsbb_insertion_free(&w);
}

/* Walks with windows of 2 to 6 jobs (and, on every third instance, exchanges too): after
 * the polish and after each iteration, the current and best schedules have the recomputed
 * makespans, the current one is an insertion local optimum, and when the iteration lowered
 * the current makespan no window improves it. */
static void test_walks_with_windows(void)
{
    unsigned rng = 79u;
    int lowered = 0;
    for (int instance = 0; instance < 30; instance++) {
        int n, m, p[MAX_JOBS * MAX_MACHINES], start[MAX_JOBS], scratch[2 * MAX_JOBS];
        test_random_tie_prone_times(&rng, instance, MAX_JOBS, MAX_MACHINES, &n, &m, p);
        const int size = 2 + (int)(test_random_next(&rng) % 5);
        const fsbb_ig_walk_params params = {
            .destruction = 4, .temperature = 0.4, .interchange = instance % 3 == 0 ? 3 : 0, .window = size};
        fsbb_ig_walk walk;
        CU_ASSERT_FATAL(fsbb_ig_walk_init(&walk, n, m, p, &params, (uint64_t)instance + 1) == 0);
        fsbb_ig_walk_adopt(&walk, start, fsbb_ig_walk_neh(&walk, start, NULL, NULL));
        fsbb_ig_walk_polish(&walk, NULL, NULL);
        for (int i = 0; i <= 15; i++) {
            const int before = walk.current_makespan;
            if (i > 0)
                fsbb_ig_walk_iterate(&walk, NULL, NULL);
            CU_ASSERT_EQUAL(walk.current_makespan, brute_force_makespan(n, m, p, walk.current, n));
            CU_ASSERT_EQUAL(walk.best_makespan, brute_force_makespan(n, m, p, walk.best, n));
            CU_ASSERT(brute_force_is_insertion_local_optimum(n, m, p, walk.current, walk.current_makespan, scratch));
            if (walk.current_makespan < before) {
                lowered++;
                CU_ASSERT(is_window_local_optimum(n, m, p, walk.current, walk.current_makespan, size));
            }
        }
        fsbb_ig_walk_free(&walk);
    }
    CU_ASSERT(lowered > 10);
}

/* A run with windows of 10 on ta081 (100 x 20) reports the makespan of its schedule;
 * windows of 1 and of FSBB_WINDOW_MAX + 1 are refused. */
static void test_run_with_windows(void)
{
    fsbb_instance *inst = test_load_instance("ta081");
    int permutation[100];
    fsbb_ig_config config;
    fsbb_ig_config_default(&config);
    config.iteration_limit = 200;
    config.window = 10;
    fsbb_ig_result result;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, NULL, permutation, &result, &err) == FSBB_OK);
    CU_ASSERT_EQUAL(result.makespan, fsbb_instance_makespan(inst, permutation));
    CU_ASSERT_EQUAL(result.iterations, 200u);
    config.window = 1;
    CU_ASSERT_EQUAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, NULL, permutation, &result, &err),
                    FSBB_ERR_ARGUMENT);
    config.window = FSBB_WINDOW_MAX + 1;
    CU_ASSERT_EQUAL(fsbb_ig_run(inst->n, inst->m, inst->p, &config, NULL, permutation, &result, &err),
                    FSBB_ERR_ARGUMENT);
    fsbb_instance_free(inst);
}

FSBB_SUITE("window search", {"a window's optimum against every order recomputed", test_window_against_brute_force},
           {"window local search: same jobs, makespan recomputed, no window improves it", test_window_local_search},
           {"a window's makespan and order those of the reference bounding each child alone",
            test_window_matches_reference},
           {"window local search: the reference's sequence, makespan, generator state and stop calls",
            test_window_local_search_matches_reference},
           {"a long window's solve is cut when stop asks, inside the window", test_window_solve_stops_inside},
           {"walks with windows end each iteration in an insertion local optimum, a window one when lowered",
            test_walks_with_windows},
           {"a run with windows on ta081 reports its schedule's makespan; bad windows are refused",
            test_run_with_windows})
