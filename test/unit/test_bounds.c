/* test_bounds.c — LB1 and LB2 (bounds/) against brute force on tiny random instances:
 * at every node of the full search tree (every disjoint prefix and suffix, so forward,
 * backward and mixed branching alike) both bounds stay at or below the best completion
 * of the node, LB1 is exact on complete schedules and its incremental child forms equal
 * LB1 from scratch; LB2's early exit keeps its contract; LB2 is exact at the root for two
 * machines (Johnson); and the bound tables hold what bound_data.h says. */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "brute_force.h"
#include "lb1.h"
#include "lb2.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#define MAX_JOBS 8
#define MAX_MACHINES 6

static int random_between(unsigned *state, int low, int high)
{
    return low + (int)(test_random_next(state) % (unsigned)(high - low + 1));
}

/* The first violation found is kept, described, for the failure message. */
typedef struct violations {
    long count;
    long checks;
    char first[512];
} violations;

static void violation(violations *v, const char *what, const fsbb_job *perm, int n, int prefix_length,
                      int suffix_length, int got, int expected)
{
    if (v->count++ > 0)
        return;
    int used = snprintf(v->first, sizeof v->first, "%s: got %d, reference %d, node prefix [", what, got, expected);
    for (int i = 0; i < prefix_length && used < (int)sizeof v->first; i++)
        used += snprintf(v->first + used, sizeof v->first - (size_t)used, " %d", perm[i]);
    if (used < (int)sizeof v->first)
        used += snprintf(v->first + used, sizeof v->first - (size_t)used, " ] suffix [");
    for (int i = n - suffix_length; i < n && used < (int)sizeof v->first; i++)
        used += snprintf(v->first + used, sizeof v->first - (size_t)used, " %d", perm[i]);
    if (used < (int)sizeof v->first)
        snprintf(v->first + used, sizeof v->first - (size_t)used, " ]");
}

static void expect(violations *v, int holds, const char *what, const fsbb_job *perm, int n, int prefix_length,
                   int suffix_length, int got, int expected)
{
    v->checks++;
    if (!holds)
        violation(v, what, perm, n, prefix_length, suffix_length, got, expected);
}

/* One instance, one node: perm[0..prefix_length) is the prefix, perm[n-suffix_length..n)
 * the suffix, best the best makespan over the node's completions. */
typedef struct node_check {
    const fsbb_bound_data *d;
    const int *p;
    fsbb_job perm[MAX_JOBS];
    violations *v;
} node_check;

/* LB2's contract with an incumbent: the full value below ub, something in [ub, full] above. */
static void check_lb2_early_exit(node_check *c, const unsigned char *unscheduled, const int *front,
                                 const int *back, int fl, int bl, int full, int ub)
{
    const int n = c->d->n;
    const int early = fsbb_lb2(c->d, unscheduled, front, back, ub);
    if (full >= ub)
        expect(c->v, early >= ub && early <= full, "LB2 with ub reached: not in [ub, full LB2]", c->perm, n, fl, bl,
               early, ub);
    else
        expect(c->v, early == full, "LB2 with ub not reached differs from the full LB2", c->perm, n, fl, bl, early,
               full);
}

/* Every check on a node whose best completion is known. */
static void check_node(node_check *c, int fl, int bl, int best)
{
    const fsbb_bound_data *d = c->d;
    const int n = d->n, m = d->m, count = n - fl - bl;
    int scratch[3 * MAX_MACHINES], front[MAX_MACHINES], back[MAX_MACHINES], remain[MAX_MACHINES];
    int child_back[MAX_MACHINES];
    fsbb_job *perm = c->perm;

    const int lb1 = fsbb_lb1(d, perm, fl, bl, scratch);
    if (count == 0)
        expect(c->v, lb1 == best, "LB1 of a complete schedule is not its makespan", perm, n, fl, bl, lb1, best);
    else
        expect(c->v, lb1 <= best, "LB1 above the best completion", perm, n, fl, bl, lb1, best);

    fsbb_front_times(d, perm, fl, front);
    fsbb_back_times(d, perm, bl, back);
    fsbb_remaining_work(d, perm, fl, bl, remain);
    int prefix[MAX_JOBS];
    for (int i = 0; i < fl; i++)
        prefix[i] = perm[i];
    const int prefix_makespan = brute_force_makespan(n, m, c->p, prefix, fl);
    expect(c->v, front[m - 1] == prefix_makespan, "front time on the last machine", perm, n, fl, bl, front[m - 1],
           prefix_makespan);
    if (count == 0)
        return;

    unsigned char unscheduled[MAX_JOBS] = {0};
    for (int i = fl; i < n - bl; i++)
        unscheduled[perm[i]] = 1;
    const int lb2 = fsbb_lb2(d, unscheduled, front, back, INT_MAX);
    expect(c->v, lb2 <= best, "LB2 above the best completion", perm, n, fl, bl, lb2, best);
    check_lb2_early_exit(c, unscheduled, front, back, fl, bl, lb2, lb2);
    check_lb2_early_exit(c, unscheduled, front, back, fl, bl, lb2, lb2 + 1);
    check_lb2_early_exit(c, unscheduled, front, back, fl, bl, lb2, lb2 - 1);
    check_lb2_early_exit(c, unscheduled, front, back, fl, bl, lb2, lb2 / 2);
    check_lb2_early_exit(c, unscheduled, front, back, fl, bl, lb2, 1);

    for (int i = fl; i < n - bl; i++) {
        const fsbb_job job = perm[i];
        perm[i] = perm[fl];
        perm[fl] = job;
        const int forward_scratch = fsbb_lb1(d, perm, fl + 1, bl, scratch);
        perm[fl] = perm[i];
        perm[i] = job;
        const int forward = fsbb_lb1_forward_child(d, front, back, remain, count, job);
        expect(c->v, forward == forward_scratch, "incremental forward child LB1", perm, n, fl, bl, forward,
               forward_scratch);

        const int slot = n - bl - 1;
        perm[i] = perm[slot];
        perm[slot] = job;
        const int backward_scratch = fsbb_lb1(d, perm, fl, bl + 1, scratch);
        perm[slot] = perm[i];
        perm[i] = job;
        const int backward = fsbb_lb1_backward_child(d, front, back, remain, count, job, child_back);
        expect(c->v, backward == backward_scratch, "incremental backward child LB1", perm, n, fl, bl, backward,
               backward_scratch);
    }
}

/* Visits every prefix below perm[0..fl) for the suffix in place, returning the node's best
 * completion (the minimum over the leaves below it) and checking every node on the way. */
static int walk_prefixes(node_check *c, int fl, int bl)
{
    const int n = c->d->n;
    int best = INT_MAX;
    if (fl == n - bl) {
        int sequence[MAX_JOBS];
        for (int i = 0; i < n; i++)
            sequence[i] = c->perm[i];
        best = brute_force_makespan(n, c->d->m, c->p, sequence, n);
    }
    for (int i = fl; i < n - bl; i++) {
        const fsbb_job job = c->perm[i];
        c->perm[i] = c->perm[fl];
        c->perm[fl] = job;
        const int child = walk_prefixes(c, fl + 1, bl);
        best = child < best ? child : best;
        c->perm[fl] = c->perm[i];
        c->perm[i] = job;
    }
    check_node(c, fl, bl, best);
    return best;
}

/* Every suffix, and below each every prefix: the whole tree of (prefix, suffix) nodes. */
static void walk_suffixes(node_check *c, int bl)
{
    const int n = c->d->n;
    walk_prefixes(c, 0, bl);
    const int slot = n - bl - 1;
    for (int i = 0; i <= slot; i++) {
        const fsbb_job job = c->perm[i];
        c->perm[i] = c->perm[slot];
        c->perm[slot] = job;
        walk_suffixes(c, bl + 1);
        c->perm[slot] = c->perm[i];
        c->perm[i] = job;
    }
}

static void report(const violations *v, const char *where, unsigned seed)
{
    if (v->count)
        fprintf(stderr, "\n%s (instance seed %u): %ld of %ld checks failed; first: %s\n", where, seed, v->count,
                v->checks, v->first);
    CU_ASSERT_EQUAL(v->count, 0);
}

static void test_full_tree(void)
{
    unsigned rng = 20240601u;
    for (int instance = 0; instance < 240; instance++) {
        const int n = instance < 200 ? 2 + instance % 5 : 7;
        const int m = 2 + instance % 5;
        int p[MAX_JOBS * MAX_MACHINES];
        const unsigned seed = rng;
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
        violations v = {0};
        node_check c = {.d = &d, .p = p, .v = &v};
        for (int j = 0; j < n; j++)
            c.perm[j] = (fsbb_job)j;
        walk_suffixes(&c, 0);
        report(&v, "full tree", seed);
        fsbb_bound_data_free(&d);
        if (v.count)
            return;
    }
}

/* Random nodes of instances with 7 and 8 jobs, each against its own enumeration. */
static void test_sampled_nodes(void)
{
    unsigned rng = 777u;
    for (int instance = 0; instance < 120; instance++) {
        const int n = 7 + instance % 2, m = 2 + instance % 5;
        int p[MAX_JOBS * MAX_MACHINES];
        const unsigned seed = rng;
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
        violations v = {0};
        node_check c = {.d = &d, .p = p, .v = &v};
        for (int sample = 0; sample < 30; sample++) {
            for (int j = 0; j < n; j++)
                c.perm[j] = (fsbb_job)j;
            for (int j = n - 1; j > 0; j--) {
                const int other = random_between(&rng, 0, j);
                const fsbb_job swap = c.perm[j];
                c.perm[j] = c.perm[other];
                c.perm[other] = swap;
            }
            /* the root in one sample of ten, deep nodes as often as shallow ones otherwise */
            const int fl = sample % 10 == 0 ? 0 : random_between(&rng, 0, n);
            const int bl = sample % 10 == 0 ? 0 : random_between(&rng, 0, n - fl);
            int prefix[MAX_JOBS], suffix[MAX_JOBS];
            for (int i = 0; i < fl; i++)
                prefix[i] = c.perm[i];
            for (int i = 0; i < bl; i++)
                suffix[i] = c.perm[n - bl + i];
            const int best = brute_force_best_completion(n, m, p, prefix, fl, suffix, bl);
            check_node(&c, fl, bl, best);
        }
        report(&v, "sampled nodes", seed);
        fsbb_bound_data_free(&d);
        if (v.count)
            return;
    }
}

/* With two machines LB2 at the root is Johnson's makespan, which is optimal. */
static void test_lb2_two_machines_is_optimal(void)
{
    unsigned rng = 4242u;
    for (int instance = 0; instance < 300; instance++) {
        const int n = 1 + instance % 8, m = 2;
        int p[MAX_JOBS * 2];
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
        unsigned char all[MAX_JOBS];
        memset(all, 1, sizeof all);
        const int zeros[2] = {0, 0};
        const int optimum = brute_force_optimum(n, m, p, NULL);
        const int lb2 = fsbb_lb2(&d, all, zeros, zeros, INT_MAX);
        CU_ASSERT_EQUAL(lb2, optimum);
        fsbb_bound_data_free(&d);
    }
}

/* The pair bound of an arbitrary order, as lb2.h describes it, at the root. */
static int pair_bound_of_order(const fsbb_bound_data *d, int q, const int *order)
{
    const int n = d->n, k = d->pair_first[q], l = d->pair_second[q];
    int tk = d->min_head[k], tl = d->min_head[l];
    for (int r = 0; r < n; r++) {
        const int job = order[r];
        tk += d->p[k * n + job];
        tl = FSBB_MAX(tl, tk + d->lag[q * n + job]) + d->p[l * n + job];
    }
    return FSBB_MAX(tk + d->min_tail[k], tl + d->min_tail[l]);
}

static int best_pair_bound(const fsbb_bound_data *d, int q, int *order, int placed)
{
    const int n = d->n;
    if (placed == n)
        return pair_bound_of_order(d, q, order);
    int best = INT_MAX;
    for (int i = placed; i < n; i++) {
        int swap = order[i];
        order[i] = order[placed];
        order[placed] = swap;
        const int value = best_pair_bound(d, q, order, placed + 1);
        best = value < best ? value : best;
        swap = order[i];
        order[i] = order[placed];
        order[placed] = swap;
    }
    return best;
}

/* LB2 is a valid bound only if each pair's fixed order is optimal for the two-machine
 * problem with lags (Johnson's rule as extended by Mitten): no order may do better. */
static void test_johnson_orders_are_optimal(void)
{
    unsigned rng = 99u;
    for (int instance = 0; instance < 60; instance++) {
        const int n = 2 + instance % 6, m = 3 + instance % 4;
        int p[MAX_JOBS * MAX_MACHINES];
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
        unsigned char all[MAX_JOBS];
        memset(all, 1, sizeof all);
        int zeros[MAX_MACHINES] = {0};
        for (int q = 0; q < d.pair_count; q++) {
            int order[MAX_JOBS];
            for (int j = 0; j < n; j++)
                order[j] = j;
            const int johnson = fsbb_lb2_pair(&d, q, all, zeros, zeros);
            CU_ASSERT_EQUAL(johnson, pair_bound_of_order(&d, q, d.johnson_order + q * n));
            CU_ASSERT_EQUAL(johnson, best_pair_bound(&d, q, order, 0));
        }
        fsbb_bound_data_free(&d);
    }
}

/* Three jobs on three machines, the tables worked out by hand:
 *     machine 0: 3 1 4      min_head = {0, 1, 5}   (0; min(3,1,4); min(5,6,5))
 *     machine 1: 2 5 1      min_tail = {4, 2, 0}   (min(8,7,4); min(6,2,3); 0)
 *     machine 2: 6 2 3      min_p    = {1, 1, 2}
 * The pair (0, 2) has lags {2, 5, 1}, the adjacent pairs none. */
static void test_tables_by_hand(void)
{
    const int p[] = {3, 1, 4, 2, 5, 1, 6, 2, 3};
    fsbb_bound_data d;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&d, 3, 3, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
    const int head[] = {0, 1, 5}, tail[] = {4, 2, 0}, shortest[] = {1, 1, 2};
    for (int k = 0; k < 3; k++) {
        CU_ASSERT_EQUAL(d.min_head[k], head[k]);
        CU_ASSERT_EQUAL(d.min_tail[k], tail[k]);
        CU_ASSERT_EQUAL(d.min_p[k], shortest[k]);
    }
    CU_ASSERT_EQUAL(d.pair_count, 3);
    int seen = 0;
    for (int q = 0; q < d.pair_count; q++) {
        const int k = d.pair_first[q], l = d.pair_second[q];
        seen |= 1 << (k * 3 + l);
        const int *lag = d.lag + q * 3;
        if (k == 0 && l == 2) {
            CU_ASSERT(lag[0] == 2 && lag[1] == 5 && lag[2] == 1);
        } else {
            CU_ASSERT(lag[0] == 0 && lag[1] == 0 && lag[2] == 0);
        }
    }
    CU_ASSERT_EQUAL(seen, (1 << 1) | (1 << 2) | (1 << 5));
    fsbb_bound_data_free(&d);
}

/* On random instances: every pair k < l once, lags the work strictly between k and l,
 * each Johnson order a permutation of the jobs. */
static void test_tables_random(void)
{
    unsigned rng = 31337u;
    for (int instance = 0; instance < 100; instance++) {
        const int n = 1 + instance % MAX_JOBS, m = 2 + instance % 5;
        int p[MAX_JOBS * MAX_MACHINES];
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0 && fsbb_bound_data_build_pairs(&d, 0, NULL, NULL) == 0);
        CU_ASSERT_EQUAL(d.pair_count, m * (m - 1) / 2);
        unsigned char pair_seen[MAX_MACHINES][MAX_MACHINES] = {{0}};
        for (int q = 0; q < d.pair_count; q++) {
            const int k = d.pair_first[q], l = d.pair_second[q];
            CU_ASSERT_FATAL(0 <= k && k < l && l < m);
            CU_ASSERT_EQUAL(pair_seen[k][l], 0);
            pair_seen[k][l] = 1;
            unsigned char in_order[MAX_JOBS] = {0};
            for (int r = 0; r < n; r++) {
                const int job = d.johnson_order[q * n + r];
                CU_ASSERT_FATAL(0 <= job && job < n);
                CU_ASSERT_EQUAL(in_order[job], 0);
                in_order[job] = 1;
            }
            for (int j = 0; j < n; j++) {
                int between = 0;
                for (int i = k + 1; i < l; i++)
                    between += p[i * n + j];
                CU_ASSERT_EQUAL(d.lag[q * n + j], between);
            }
        }
        fsbb_bound_data_free(&d);
    }
}

FSBB_SUITE("bounds", {"bound tables worked out by hand", test_tables_by_hand},
           {"bound tables on random instances", test_tables_random},
           {"Johnson orders are optimal for each machine pair", test_johnson_orders_are_optimal},
           {"LB2 at the root is optimal for two machines", test_lb2_two_machines_is_optimal},
           {"LB1 and LB2 at every node of the full tree vs brute force", test_full_tree},
           {"LB1 and LB2 at random nodes with 7 and 8 jobs vs brute force", test_sampled_nodes})
