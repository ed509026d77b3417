/* bound_data.c — builds the per-instance tables of bound_data.h: static heads, tails and
 * minimum times for LB1; machine pairs, Johnson orders and lags for LB2. Pairs are sorted
 * by their bound at the root, strongest first, so early exit and pair limits keep the
 * pairs that matter. */
#include "bound_data.h"
#include "lb2.h"

#include <stdlib.h>
#include <string.h>

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

static void compute_heads_and_tails(fsbb_bound_data *d)
{
    const int n = d->n, m = d->m;
    for (int k = 0; k < m; k++) {
        int head = -1, tail = -1, shortest = -1;
        for (int j = 0; j < n; j++) {
            int before = 0, after = 0;
            for (int i = 0; i < k; i++)
                before += d->p[i * n + j];
            for (int i = k + 1; i < m; i++)
                after += d->p[i * n + j];
            const int pk = d->p[k * n + j];
            head = head < 0 || before < head ? before : head;
            tail = tail < 0 || after < tail ? after : tail;
            shortest = shortest < 0 || pk < shortest ? pk : shortest;
        }
        d->min_head[k] = head;
        d->min_tail[k] = tail;
        d->min_p[k] = shortest;
    }
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

/* Reorders pairs by decreasing bound at the root node (all jobs unscheduled). */
static int sort_pairs_by_root_bound(fsbb_bound_data *d)
{
    const int n = d->n, m = d->m, count = d->pair_count;
    pair_strength *strength = malloc(sizeof *strength * (size_t)count);
    unsigned char *all = malloc((size_t)n);
    int *zeros = calloc((size_t)m, sizeof *zeros);
    int *first = malloc(sizeof *first * (size_t)count), *second = malloc(sizeof *second * (size_t)count);
    int *order = malloc(sizeof *order * (size_t)count * (size_t)n);
    int *lag = malloc(sizeof *lag * (size_t)count * (size_t)n);
    int ok = strength && all && zeros && first && second && order && lag;
    if (ok) {
        memset(all, 1, (size_t)n);
        for (int q = 0; q < count; q++) {
            strength[q].pair = q;
            strength[q].root_bound = fsbb_lb2_pair(d, q, all, zeros, zeros);
        }
        qsort(strength, (size_t)count, sizeof *strength, compare_strength);
        for (int r = 0; r < count; r++) {
            const int q = strength[r].pair;
            first[r] = d->pair_first[q];
            second[r] = d->pair_second[q];
            memcpy(order + (size_t)r * n, d->johnson_order + (size_t)q * n, sizeof *order * (size_t)n);
            memcpy(lag + (size_t)r * n, d->lag + (size_t)q * n, sizeof *lag * (size_t)n);
        }
        memcpy(d->pair_first, first, sizeof *first * (size_t)count);
        memcpy(d->pair_second, second, sizeof *second * (size_t)count);
        memcpy(d->johnson_order, order, sizeof *order * (size_t)count * (size_t)n);
        memcpy(d->lag, lag, sizeof *lag * (size_t)count * (size_t)n);
    }
    free(strength);
    free(all);
    free(zeros);
    free(first);
    free(second);
    free(order);
    free(lag);
    return ok ? 0 : -1;
}

int fsbb_bound_data_init(fsbb_bound_data *d, int n, int m, const int *p)
{
    memset(d, 0, sizeof *d);
    d->n = n;
    d->m = m;
    d->pair_count = m * (m - 1) / 2;
    const size_t pairs = (size_t)d->pair_count;
    d->p = malloc(sizeof *d->p * (size_t)n * (size_t)m);
    d->min_head = malloc(sizeof(int) * (size_t)m);
    d->min_tail = malloc(sizeof(int) * (size_t)m);
    d->min_p = malloc(sizeof(int) * (size_t)m);
    d->pair_first = malloc(sizeof(int) * (pairs ? pairs : 1));
    d->pair_second = malloc(sizeof(int) * (pairs ? pairs : 1));
    d->johnson_order = malloc(sizeof(int) * (pairs ? pairs : 1) * (size_t)n);
    d->lag = malloc(sizeof(int) * (pairs ? pairs : 1) * (size_t)n);
    johnson_key *keys = malloc(sizeof *keys * (size_t)n);
    if (!d->p || !d->min_head || !d->min_tail || !d->min_p || !d->pair_first || !d->pair_second ||
        !d->johnson_order || !d->lag || !keys) {
        free(keys);
        fsbb_bound_data_free(d);
        return -1;
    }
    memcpy(d->p, p, sizeof *d->p * (size_t)n * (size_t)m);
    compute_heads_and_tails(d);
    int q = 0;
    for (int k = 0; k < m; k++) {
        for (int l = k + 1; l < m; l++, q++) {
            int *lag = d->lag + (size_t)q * n;
            for (int j = 0; j < n; j++) {
                lag[j] = 0;
                for (int i = k + 1; i < l; i++)
                    lag[j] += p[i * n + j];
            }
            d->pair_first[q] = k;
            d->pair_second[q] = l;
            johnson_order_for_pair(d, k, l, lag, d->johnson_order + (size_t)q * n, keys);
        }
    }
    free(keys);
    if (sort_pairs_by_root_bound(d) != 0) {
        fsbb_bound_data_free(d);
        return -1;
    }
    return 0;
}

void fsbb_bound_data_limit_pairs(fsbb_bound_data *d, int count)
{
    const int all = d->m * (d->m - 1) / 2;
    d->pair_count = count <= 0 || count > all ? all : count;
}

void fsbb_bound_data_free(fsbb_bound_data *d)
{
    free(d->p);
    free(d->min_head);
    free(d->min_tail);
    free(d->min_p);
    free(d->pair_first);
    free(d->pair_second);
    free(d->johnson_order);
    free(d->lag);
    memset(d, 0, sizeof *d);
}
