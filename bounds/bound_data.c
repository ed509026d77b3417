/* bound_data.c — builds the per-instance tables of bound_data.h: static heads, tails and
 * minimum times for LB1; machine pairs, Johnson orders and lags for LB2. Pairs are sorted
 * by their bound at the root, strongest first, so early exit and pair limits keep the
 * pairs that matter.
 *
 * The LB2 build visits the pairs (k, l) in order of k, then l, so that the lags of a pair
 * follow from the previous pair's in O(n): lag_{k,l+1}[j] = lag_{k,l}[j] + p[l][j]. */
#include "bound_data.h"
#include "lb2.h"

#include <stdlib.h>
#include <string.h>

/* Steps (bound_data.h) charged per job for one pair: its lag, its Johnson key, its share of
 * the sort and of the root bound. */
#define PAIR_STEPS_PER_JOB 64

typedef struct johnson_key {
    int job;
    int group; /* 0: a <= b, sorted by a ascending; 1: a > b, sorted by b descending */
    int key;
} johnson_key;

static int compare_johnson(const void *x, const void *y)
{
    const johnson_key *a = x, *b = y;
    if (a->group != b->group)
        return a->group - b->group;
    if (a->key != b->key)
        return a->group == 0 ? a->key - b->key : b->key - a->key;
    return a->job - b->job;
}

static void johnson_order_for_pair(const fsbb_bound_data *d, int k, int l, const int *lag, int *order,
                                   johnson_key *keys)
{
    const int n = d->n;
    for (int j = 0; j < n; j++) {
        const int a = d->p[k * n + j] + lag[j];
        const int b = d->p[l * n + j] + lag[j];
        keys[j].job = j;
        keys[j].group = a <= b ? 0 : 1;
        keys[j].key = a <= b ? a : b;
    }
    qsort(keys, (size_t)n, sizeof *keys, compare_johnson);
    for (int j = 0; j < n; j++)
        order[j] = keys[j].job;
}

/* One pass over the jobs per machine: before[j] is job j's work on the machines before k. */
static int compute_heads_and_tails(fsbb_bound_data *d)
{
    const int n = d->n, m = d->m;
    int *before = calloc((size_t)n, sizeof *before), *total = calloc((size_t)n, sizeof *total);
    if (!before || !total) {
        free(before);
        free(total);
        return -1;
    }
    for (int k = 0; k < m; k++)
        for (int j = 0; j < n; j++)
            total[j] += d->p[k * n + j];
    for (int k = 0; k < m; k++) {
        int head = -1, tail = -1, shortest = -1;
        for (int j = 0; j < n; j++) {
            const int pk = d->p[k * n + j], after = total[j] - before[j] - pk;
            head = head < 0 || before[j] < head ? before[j] : head;
            tail = tail < 0 || after < tail ? after : tail;
            shortest = shortest < 0 || pk < shortest ? pk : shortest;
            before[j] += pk;
        }
        d->min_head[k] = head;
        d->min_tail[k] = tail;
        d->min_p[k] = shortest;
    }
    free(before);
    free(total);
    return 0;
}

int fsbb_bound_data_init(fsbb_bound_data *d, int n, int m, const int *p)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->m = m;
    d->p = malloc(sizeof *d->p * (size_t)n * (size_t)m);
    d->min_head = malloc(sizeof(int) * (size_t)m);
    d->min_tail = malloc(sizeof(int) * (size_t)m);
    d->min_p = malloc(sizeof(int) * (size_t)m);
    if (!d->p || !d->min_head || !d->min_tail || !d->min_p) {
        fsbb_bound_data_free(d);
        return -1;
    }
    memcpy(d->p, p, sizeof *d->p * (size_t)n * (size_t)m);
    if (compute_heads_and_tails(d) != 0) {
        fsbb_bound_data_free(d);
        return -1;
    }
    return 0;
}

int fsbb_bound_data_pairs_kept(int m, int requested)
{
    const int all = m * (m - 1) / 2;
    return requested <= 0 || requested > all ? all : requested;
}

uint64_t fsbb_bound_data_pair_bytes(int n, int pairs)
{
    return (uint64_t)pairs * (2 + 2 * (uint64_t)n) * sizeof(int);
}

typedef struct pair_strength {
    int pair;
    int root_bound;
} pair_strength;

static int compare_strength(const void *x, const void *y)
{
    const pair_strength *a = x, *b = y;
    if (a->root_bound != b->root_bound)
        return b->root_bound - a->root_bound;
    return a->pair - b->pair;
}

/* Scratch of one pair and the root node (every job unscheduled, nothing scheduled). */
typedef struct pair_scratch {
    int *lag, *order, *zeros;
    unsigned char *all;
    johnson_key *keys;
} pair_scratch;

static void scratch_free(pair_scratch *s)
{
    free(s->lag);
    free(s->order);
    free(s->zeros);
    free(s->all);
    free(s->keys);
}

static int scratch_init(pair_scratch *s, int n, int m)
{
    s->lag = malloc(sizeof(int) * (size_t)n);
    s->order = malloc(sizeof(int) * (size_t)n);
    s->zeros = calloc((size_t)m, sizeof(int));
    s->all = malloc((size_t)n);
    s->keys = malloc(sizeof(johnson_key) * (size_t)n);
    if (!s->lag || !s->order || !s->zeros || !s->all || !s->keys) {
        scratch_free(s);
        return -1;
    }
    memset(s->all, 1, (size_t)n);
    return 0;
}

/* Pass one: the root bound of every pair, by fsbb_lb2_pair on a one-pair view of d. */
static int rank_pairs(const fsbb_bound_data *d, pair_strength *strength, pair_scratch *s, fsbb_build_check_fn check,
                      void *context)
{
    const int n = d->n, m = d->m;
    int q = 0;
    for (int k = 0; k < m; k++) {
        memset(s->lag, 0, sizeof(int) * (size_t)n);
        for (int l = k + 1; l < m; l++, q++) {
            if (check && check(context, (uint64_t)n * PAIR_STEPS_PER_JOB))
                return 1;
            johnson_order_for_pair(d, k, l, s->lag, s->order, s->keys);
            fsbb_bound_data one = *d;
            one.pair_count = 1;
            one.pair_first = &k;
            one.pair_second = &l;
            one.johnson_order = s->order;
            one.lag = s->lag;
            strength[q].pair = q;
            strength[q].root_bound = fsbb_lb2_pair(&one, 0, s->all, s->zeros, s->zeros);
            for (int j = 0; j < n; j++)
                s->lag[j] += d->p[l * n + j];
        }
    }
    return 0;
}

/* Pass two: the tables of the kept pairs, each in its slot rank[q]. */
static int fill_pairs(fsbb_bound_data *d, const int *rank, int kept, pair_scratch *s, fsbb_build_check_fn check,
                      void *context)
{
    const int n = d->n, m = d->m;
    int q = 0;
    for (int k = 0; k < m; k++) {
        memset(s->lag, 0, sizeof(int) * (size_t)n);
        for (int l = k + 1; l < m; l++, q++) {
            const int slot = rank[q];
            if (slot < kept) {
                if (check && check(context, (uint64_t)n * PAIR_STEPS_PER_JOB))
                    return 1;
                d->pair_first[slot] = k;
                d->pair_second[slot] = l;
                memcpy(d->lag + (size_t)slot * n, s->lag, sizeof(int) * (size_t)n);
                johnson_order_for_pair(d, k, l, s->lag, d->johnson_order + (size_t)slot * n, s->keys);
            }
            for (int j = 0; j < n; j++)
                s->lag[j] += d->p[l * n + j];
        }
    }
    return 0;
}

static void free_pairs(fsbb_bound_data *d)
{
    free(d->pair_first);
    free(d->pair_second);
    free(d->johnson_order);
    free(d->lag);
    d->pair_first = d->pair_second = d->johnson_order = d->lag = NULL;
    d->pair_count = 0;
}

int fsbb_bound_data_build_pairs(fsbb_bound_data *d, int requested, fsbb_build_check_fn check, void *context)
{
    free_pairs(d);
    const int n = d->n, m = d->m, all = m * (m - 1) / 2, kept = fsbb_bound_data_pairs_kept(m, requested);
    if (kept == 0)
        return 0;
    pair_scratch s;
    pair_strength *strength = malloc(sizeof *strength * (size_t)all);
    int *rank = malloc(sizeof *rank * (size_t)all);
    if (!strength || !rank || scratch_init(&s, n, m) != 0) {
        free(strength);
        free(rank);
        return -1;
    }
    int result = rank_pairs(d, strength, &s, check, context);
    if (result == 0) {
        qsort(strength, (size_t)all, sizeof *strength, compare_strength);
        for (int r = 0; r < all; r++)
            rank[strength[r].pair] = r;
        d->pair_first = malloc(sizeof(int) * (size_t)kept);
        d->pair_second = malloc(sizeof(int) * (size_t)kept);
        d->johnson_order = malloc(sizeof(int) * (size_t)kept * (size_t)n);
        d->lag = malloc(sizeof(int) * (size_t)kept * (size_t)n);
        result = d->pair_first && d->pair_second && d->johnson_order && d->lag ? 0 : -1;
    }
    if (result == 0)
        result = fill_pairs(d, rank, kept, &s, check, context);
    if (result == 0)
        d->pair_count = kept;
    else
        free_pairs(d);
    free(strength);
    free(rank);
    scratch_free(&s);
    return result;
}

void fsbb_bound_data_free(fsbb_bound_data *d)
{
    free(d->p);
    free(d->min_head);
    free(d->min_tail);
    free(d->min_p);
    free_pairs(d);
    memset(d, 0, sizeof *d);
}
