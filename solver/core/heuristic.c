/* heuristic.c — NEH and iterated greedy for the initial upper bound (heuristic.h).
 *
 * Taillard's acceleration, for a sequence s[0..L) and a job j to insert:
 *     e[i][k]  completion on machine k of s[0..i)            (heads, forward)
 *     q[i][k]  time from the start of s[i..L) on k to its end (tails, backward)
 *     f[k]     = max(f[k-1], e[i][k]) + p[k][j]              (j inserted at position i)
 *     makespan with j at position i = max_k f[k] + q[i][k]
 * so all L + 1 positions cost O(L m), counted as insertion_steps on the stop rule before
 * each insertion; a stop is only taken between two insertions, where the sequence is
 * whole. */
#include "heuristic.h"

#include "lb1.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DESTRUCTION_SIZE 4
#define TEMPERATURE_FACTOR 0.4

typedef struct workspace {
    int n, m;
    const int *p;  /* m x n, machine-major: p[k * n + j] */
    int *times;    /* n x m, job-major: times[j * m + k] */
    int *heads;    /* (n + 1) x m */
    int *tails;    /* (n + 1) x m */
    int *inserted; /* m */
} workspace;

static void workspace_free(workspace *w)
{
    free(w->times);
    free(w->heads);
    free(w->tails);
    free(w->inserted);
}

static int workspace_init(workspace *w, int n, int m, const int *p)
{
    w->n = n;
    w->m = m;
    w->p = p;
    w->times = malloc(sizeof(int) * (size_t)n * (size_t)m);
    w->heads = malloc(sizeof(int) * ((size_t)n + 1) * (size_t)m);
    w->tails = malloc(sizeof(int) * ((size_t)n + 1) * (size_t)m);
    w->inserted = malloc(sizeof(int) * (size_t)m);
    if (!w->times || !w->heads || !w->tails || !w->inserted) {
        workspace_free(w);
        return -1;
    }
    for (int j = 0; j < n; j++)
        for (int k = 0; k < m; k++)
            w->times[j * m + k] = p[k * n + j];
    return 0;
}

static int sequence_makespan(const workspace *w, const int *sequence, int length)
{
    const int m = w->m;
    int *completion = w->inserted;
    for (int k = 0; k < m; k++)
        completion[k] = 0;
    for (int i = 0; i < length; i++)
        fsbb_completion_append(w->n, m, w->p, sequence[i], completion, completion);
    return completion[m - 1];
}

/* The work of best_insertion on a sequence of length jobs, in stop.h's steps: heads,
 * tails and the evaluation of every position. */
static uint64_t insertion_steps(int length, int m)
{
    return 4 * ((uint64_t)length + 1) * (uint64_t)m;
}

/* The makespan of inserting job at its best position in sequence[0..length) (the first
 * such position goes to *position). */
static int best_insertion(workspace *w, const int *sequence, int length, int job, int *position)
{
    const int m = w->m;
    int *e = w->heads, *q = w->tails, *f = w->inserted;
    for (int k = 0; k < m; k++)
        e[k] = 0;
    for (int i = 0; i < length; i++) {
        const int *t = w->times + sequence[i] * m;
        const int *before = e + i * m;
        int *after = e + (i + 1) * m;
        after[0] = before[0] + t[0];
        for (int k = 1; k < m; k++)
            after[k] = (before[k] > after[k - 1] ? before[k] : after[k - 1]) + t[k];
    }
    for (int k = 0; k < m; k++)
        q[length * m + k] = 0;
    for (int i = length - 1; i >= 0; i--) {
        const int *t = w->times + sequence[i] * m;
        const int *later = q + (i + 1) * m;
        int *here = q + i * m;
        here[m - 1] = later[m - 1] + t[m - 1];
        for (int k = m - 2; k >= 0; k--)
            here[k] = (later[k] > here[k + 1] ? later[k] : here[k + 1]) + t[k];
    }
    const int *t = w->times + job * m;
    int best = -1;
    for (int i = 0; i <= length; i++) {
        const int *head = e + i * m, *tail = q + i * m;
        int makespan = 0, previous = 0;
        for (int k = 0; k < m; k++) {
            f[k] = (previous > head[k] ? previous : head[k]) + t[k];
            previous = f[k];
            if (f[k] + tail[k] > makespan)
                makespan = f[k] + tail[k];
        }
        if (best < 0 || makespan < best) {
            best = makespan;
            *position = i;
        }
    }
    return best;
}

static void insert_at(int *sequence, int length, int position, int job)
{
    memmove(sequence + position + 1, sequence + position, sizeof(int) * (size_t)(length - position));
    sequence[position] = job;
}

static void remove_at(int *sequence, int length, int position)
{
    memmove(sequence + position, sequence + position + 1, sizeof(int) * (size_t)(length - position - 1));
}

typedef struct job_total {
    int job;
    int total;
} job_total;

static int by_decreasing_total(const void *x, const void *y)
{
    const job_total *a = x, *b = y;
    if (a->total != b->total)
        return a->total < b->total ? 1 : -1;
    return a->job - b->job;
}

int fsbb_heuristic_neh(int n, int m, const int *p, int *permutation, fsbb_stop *stop)
{
    workspace w;
    job_total *order = malloc(sizeof *order * (size_t)n);
    if (!order || workspace_init(&w, n, m, p) != 0) {
        free(order);
        return -1;
    }
    for (int j = 0; j < n; j++) {
        order[j].job = j;
        order[j].total = 0;
        for (int k = 0; k < m; k++)
            order[j].total += p[k * n + j];
    }
    qsort(order, (size_t)n, sizeof *order, by_decreasing_total);
    int inserted = 0;
    for (; inserted < n && !fsbb_stop_after(stop, insertion_steps(inserted, m)); inserted++) {
        int position;
        best_insertion(&w, permutation, inserted, order[inserted].job, &position);
        insert_at(permutation, inserted, position, order[inserted].job);
    }
    for (; inserted < n; inserted++)
        permutation[inserted] = order[inserted].job;
    const int makespan = sequence_makespan(&w, permutation, n);
    free(order);
    workspace_free(&w);
    return makespan;
}

/* splitmix64: a small generator whose whole state is the caller's. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int random_below(uint64_t *state, int bound)
{
    return (int)(next_random(state) % (uint64_t)bound);
}

static double random_unit(uint64_t *state)
{
    return (double)(next_random(state) >> 11) * 0x1.0p-53;
}

static void shuffle(uint64_t *rng, int *values, int count)
{
    for (int i = count - 1; i > 0; i--) {
        const int other = random_below(rng, i + 1);
        const int swap = values[i];
        values[i] = values[other];
        values[other] = swap;
    }
}

/* Iterative improvement by insertion: each job in turn (random order) is taken out and put
 * back at its best position when that shortens the schedule, until a whole pass gains
 * nothing or the stop rule says so. Returns the new makespan. */
static int insertion_local_search(workspace *w, uint64_t *rng, int *sequence, int makespan, int *jobs,
                                  fsbb_stop *stop)
{
    const int n = w->n;
    for (int j = 0; j < n; j++)
        jobs[j] = j;
    int improved = 1;
    while (improved) {
        improved = 0;
        shuffle(rng, jobs, n);
        for (int r = 0; r < n; r++) {
            if (fsbb_stop_after(stop, insertion_steps(n - 1, w->m)))
                return makespan;
            const int job = jobs[r];
            int from = 0;
            while (sequence[from] != job)
                from++;
            remove_at(sequence, n, from);
            int to;
            const int candidate = best_insertion(w, sequence, n - 1, job, &to);
            if (candidate < makespan) {
                makespan = candidate;
                improved = 1;
            } else {
                to = from;
            }
            insert_at(sequence, n - 1, to, job);
        }
    }
    return makespan;
}

/* Removes `count` random jobs and reinserts them one by one at their best positions. */
static int destroy_and_rebuild(workspace *w, uint64_t *rng, int *sequence, int count, int *removed,
                               fsbb_stop *stop)
{
    const int n = w->n;
    int length = n;
    for (int r = 0; r < count; r++) {
        const int position = random_below(rng, length);
        removed[r] = sequence[position];
        remove_at(sequence, length, position);
        length--;
    }
    int makespan = 0;
    for (int r = 0; r < count; r++) {
        fsbb_stop_after(stop, insertion_steps(length, w->m)); /* counted only: stop once the sequence is whole */
        int position;
        makespan = best_insertion(w, sequence, length, removed[r], &position);
        insert_at(sequence, length, position, removed[r]);
        length++;
    }
    return makespan;
}

int fsbb_heuristic_improve(int n, int m, const int *p, int *permutation, int iterations, unsigned seed,
                           fsbb_stop *stop)
{
    workspace w;
    int *current = malloc(sizeof(int) * (size_t)n), *candidate = malloc(sizeof(int) * (size_t)n);
    int *scratch = malloc(sizeof(int) * (size_t)n);
    if (!current || !candidate || !scratch || workspace_init(&w, n, m, p) != 0) {
        free(current);
        free(candidate);
        free(scratch);
        return -1;
    }
    uint64_t rng = seed;
    long total = 0;
    for (int i = 0; i < n * m; i++)
        total += p[i];
    const double temperature = TEMPERATURE_FACTOR * (double)total / (10.0 * n * m);
    const int destroyed = n - 1 < DESTRUCTION_SIZE ? n - 1 : DESTRUCTION_SIZE;

    memcpy(current, permutation, sizeof(int) * (size_t)n);
    int best = sequence_makespan(&w, current, n);
    int current_makespan = insertion_local_search(&w, &rng, current, best, scratch, stop);
    if (current_makespan < best) {
        best = current_makespan;
        memcpy(permutation, current, sizeof(int) * (size_t)n);
    }
    for (int it = 0; it < iterations && destroyed > 0 && !fsbb_stop_after(stop, 0); it++) {
        memcpy(candidate, current, sizeof(int) * (size_t)n);
        int makespan = destroy_and_rebuild(&w, &rng, candidate, destroyed, scratch, stop);
        makespan = insertion_local_search(&w, &rng, candidate, makespan, scratch, stop);
        const int accept = makespan <= current_makespan ||
                           random_unit(&rng) < exp(-(double)(makespan - current_makespan) / temperature);
        if (!accept)
            continue;
        int *swap = current;
        current = candidate;
        candidate = swap;
        current_makespan = makespan;
        if (makespan < best) {
            best = makespan;
            memcpy(permutation, current, sizeof(int) * (size_t)n);
        }
    }
    free(current);
    free(candidate);
    free(scratch);
    workspace_free(&w);
    return best;
}
