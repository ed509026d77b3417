/* brute_force.c — enumeration of all completions of a partial schedule (brute_force.h). */
#include "brute_force.h"

#include <limits.h>
#include <string.h>

typedef struct enumeration {
    int n, m;
    const int *p;
    const int *suffix;
    int suffix_length;
    int free_end;                    /* the positions before the suffix: n - suffix_length */
    int sequence[BRUTE_FORCE_MAX_JOBS];
    unsigned char placed[BRUTE_FORCE_MAX_JOBS];
    /* completion[i][k]: completion on machine k of the first i jobs of sequence */
    int completion[BRUTE_FORCE_MAX_JOBS + 1][BRUTE_FORCE_MAX_MACHINES];
    int best;
    int best_sequence[BRUTE_FORCE_MAX_JOBS];
} enumeration;

/* completion[i + 1] from completion[i] and the job at position i. */
static void schedule_next(int n, int m, const int *p, const int *before, int job, int *after)
{
    after[0] = before[0] + p[job];
    for (int k = 1; k < m; k++) {
        const int ready = before[k] > after[k - 1] ? before[k] : after[k - 1];
        after[k] = ready + p[k * n + job];
    }
}

int brute_force_makespan(int n, int m, const int *p, const int *sequence, int count)
{
    int a[BRUTE_FORCE_MAX_MACHINES] = {0}, b[BRUTE_FORCE_MAX_MACHINES];
    int *before = a, *after = b;
    for (int i = 0; i < count; i++) {
        schedule_next(n, m, p, before, sequence[i], after);
        int *swap = before;
        before = after;
        after = swap;
    }
    return before[m - 1];
}

static void complete_with_suffix(enumeration *e)
{
    int a[BRUTE_FORCE_MAX_MACHINES], b[BRUTE_FORCE_MAX_MACHINES];
    int *before = a, *after = b;
    memcpy(a, e->completion[e->free_end], sizeof(int) * (size_t)e->m);
    for (int i = 0; i < e->suffix_length; i++) {
        schedule_next(e->n, e->m, e->p, before, e->suffix[i], after);
        int *swap = before;
        before = after;
        after = swap;
    }
    if (before[e->m - 1] < e->best) {
        e->best = before[e->m - 1];
        memcpy(e->best_sequence, e->sequence, sizeof(int) * (size_t)e->free_end);
        for (int i = 0; i < e->suffix_length; i++)
            e->best_sequence[e->free_end + i] = e->suffix[i];
    }
}

/* Tries every unplaced job at position `depth`, the positions before it being fixed. */
static void extend(enumeration *e, int depth)
{
    if (depth == e->free_end) {
        complete_with_suffix(e);
        return;
    }
    for (int job = 0; job < e->n; job++) {
        if (e->placed[job])
            continue;
        e->placed[job] = 1;
        e->sequence[depth] = job;
        schedule_next(e->n, e->m, e->p, e->completion[depth], job, e->completion[depth + 1]);
        extend(e, depth + 1);
        e->placed[job] = 0;
    }
}

static int enumerate(int n, int m, const int *p, const int *prefix, int prefix_length, const int *suffix,
                     int suffix_length, int *best_sequence)
{
    if (n < 1 || n > BRUTE_FORCE_MAX_JOBS || m < 1 || m > BRUTE_FORCE_MAX_MACHINES || prefix_length < 0 ||
        suffix_length < 0 || prefix_length + suffix_length > n)
        return -1;
    enumeration e;
    memset(&e, 0, sizeof e);
    e.n = n;
    e.m = m;
    e.p = p;
    e.suffix = suffix;
    e.suffix_length = suffix_length;
    e.free_end = n - suffix_length;
    e.best = INT_MAX;
    for (int i = 0; i < suffix_length; i++)
        e.placed[suffix[i]] = 1;
    for (int i = 0; i < prefix_length; i++) {
        e.placed[prefix[i]] = 1;
        e.sequence[i] = prefix[i];
        schedule_next(n, m, p, e.completion[i], prefix[i], e.completion[i + 1]);
    }
    extend(&e, prefix_length);
    if (best_sequence)
        memcpy(best_sequence, e.best_sequence, sizeof(int) * (size_t)n);
    return e.best;
}

int brute_force_optimum(int n, int m, const int *p, int *permutation)
{
    return enumerate(n, m, p, NULL, 0, NULL, 0, permutation);
}

int brute_force_best_completion(int n, int m, const int *p, const int *prefix, int prefix_length,
                                const int *suffix, int suffix_length)
{
    return enumerate(n, m, p, prefix, prefix_length, suffix, suffix_length, NULL);
}

int brute_force_is_insertion_local_optimum(int n, int m, const int *p, const int *sequence, int makespan,
                                           int *scratch)
{
    int *rest = scratch, *moved = scratch + n;
    for (int from = 0; from < n; from++) {
        memcpy(rest, sequence, sizeof(int) * (size_t)from);
        memcpy(rest + from, sequence + from + 1, sizeof(int) * (size_t)(n - 1 - from));
        for (int to = 0; to < n; to++) {
            memcpy(moved, rest, sizeof(int) * (size_t)to);
            moved[to] = sequence[from];
            memcpy(moved + to + 1, rest + to, sizeof(int) * (size_t)(n - 1 - to));
            if (brute_force_makespan(n, m, p, moved, n) < makespan)
                return 0;
        }
    }
    return 1;
}
