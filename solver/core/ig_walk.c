/* ig_walk.c — one walk of the iterated greedy (ig_walk.h). */
#include "ig_walk.h"

#include "splitmix.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void fsbb_ig_walk_free(fsbb_ig_walk *walk)
{
    fsbb_insertion_free(&walk->space);
    free(walk->current);
    free(walk->candidate);
    free(walk->best);
    free(walk->removed);
    free(walk->scratch);
    free(walk->saved);
    fsbb_elite_free(&walk->elite);
    fsbb_relinking_free(&walk->relinking);
    fsbb_interchange_free(&walk->exchanges);
    fsbb_window_free(&walk->windows);
    memset(walk, 0, sizeof *walk);
}

int fsbb_ig_walk_init(fsbb_ig_walk *walk, int n, int m, const int *p, const fsbb_ig_walk_params *params,
                      uint64_t seed)
{
    memset(walk, 0, sizeof *walk);
    if (fsbb_insertion_init(&walk->space, n, m, p) != 0)
        return -1;
    walk->n = n;
    walk->m = m;
    walk->rng = seed;
    walk->params = *params;
    const int d = params->destruction;
    walk->params.destruction = d < 1 ? 1 : d > n - 1 ? n - 1 : d;
    double total = 0;
    for (int i = 0; i < n * m; i++)
        total += p[i];
    walk->temperature = params->temperature * total / (10.0 * n * m);
    walk->current = malloc(sizeof(int) * (size_t)n);
    walk->candidate = malloc(sizeof(int) * (size_t)n);
    walk->best = malloc(sizeof(int) * (size_t)n);
    walk->removed = malloc(sizeof(int) * (size_t)n);
    walk->scratch = malloc(sizeof(int) * 2 * (size_t)n);
    if (!walk->current || !walk->candidate || !walk->best || !walk->removed || !walk->scratch ||
        (params->relink_after > 0 &&
         (!(walk->saved = malloc(sizeof(int) * (size_t)n)) ||
          fsbb_elite_init(&walk->elite, n, FSBB_IG_ELITE, n / 10) != 0 ||
          fsbb_relinking_init(&walk->relinking, n) != 0)) ||
        (params->interchange > 0 && fsbb_interchange_init(&walk->exchanges, &walk->space) != 0) ||
        (params->window >= 2 && fsbb_window_init(&walk->windows, &walk->space, params->window) != 0)) {
        fsbb_ig_walk_free(walk);
        return -1;
    }
    walk->best_makespan = -1;
    return 0;
}

/* NEH's order: decreasing total time, ties by the lower index. */
static int by_decreasing_total(const void *a, const void *b, void *totals)
{
    const int *total = totals, x = *(const int *)a, y = *(const int *)b;
    if (total[x] != total[y])
        return total[x] > total[y] ? -1 : 1;
    return (x > y) - (x < y);
}

int fsbb_ig_walk_neh(fsbb_ig_walk *walk, int *permutation, fsbb_walk_should_stop stop, void *stop_data)
{
    const int n = walk->n, m = walk->m;
    int *order = walk->scratch, *total = walk->scratch + n;
    for (int j = 0; j < n; j++) {
        order[j] = j;
        total[j] = 0;
        for (int k = 0; k < m; k++)
            total[j] += walk->space.times[j * m + k];
    }
    qsort_r(order, (size_t)n, sizeof *order, by_decreasing_total, total);
    int length = 0;
    for (; length < n && !(stop && stop(stop_data)); length++) {
        int position;
        fsbb_insertion_best(&walk->space, permutation, length, order[length], &position);
        memmove(permutation + position + 1, permutation + position, sizeof(int) * (size_t)(length - position));
        permutation[position] = order[length];
    }
    memcpy(permutation + length, order + length, sizeof(int) * (size_t)(n - length));
    return fsbb_insertion_makespan(&walk->space, permutation, n);
}

void fsbb_ig_walk_adopt(fsbb_ig_walk *walk, const int *permutation, int makespan)
{
    memcpy(walk->current, permutation, sizeof(int) * (size_t)walk->n);
    walk->current_makespan = makespan;
    if (walk->best_makespan < 0 || makespan < walk->best_makespan) {
        memcpy(walk->best, permutation, sizeof(int) * (size_t)walk->n);
        walk->best_makespan = makespan;
        walk->since_improvement = 0;
    }
}

/* Records candidate (of that makespan) as the best if it is better; returns 1 if so. */
static int note_candidate(fsbb_ig_walk *walk, int makespan)
{
    if (makespan >= walk->best_makespan)
        return 0;
    memcpy(walk->best, walk->candidate, sizeof(int) * (size_t)walk->n);
    walk->best_makespan = makespan;
    walk->since_improvement = 0;
    walk->since_relink = 0;
    return 1;
}

/* The insertion local search of step 4 on seq (a whole schedule of that makespan). */
static int insertion_search(fsbb_ig_walk *walk, int *seq, int makespan, fsbb_walk_should_stop stop, void *stop_data)
{
    if (walk->params.referenced_search)
        return fsbb_local_search_referenced(&walk->space, seq, walk->n, makespan, walk->best, walk->scratch, stop,
                                            stop_data);
    return fsbb_local_search_insertion(&walk->space, seq, walk->n, makespan, &walk->rng, walk->scratch, stop,
                                       stop_data);
}

/* Whether step 4 re-sequences windows of a schedule of that makespan: only one better than
 * the current schedule (ig_walk.h). */
static int windows_due(const fsbb_ig_walk *walk, int makespan)
{
    return walk->params.window >= 2 && makespan < walk->current_makespan;
}

/* Step 4 on seq (a whole schedule of that makespan); returns its new makespan. */
static int improve(fsbb_ig_walk *walk, int *seq, int makespan, fsbb_walk_should_stop stop, void *stop_data)
{
    const fsbb_ig_walk_params *params = &walk->params;
    makespan = insertion_search(walk, seq, makespan, stop, stop_data);
    while ((params->block_search >= 2 || params->interchange > 0 || windows_due(walk, makespan)) &&
           !(stop && stop(stop_data))) {
        int moved = makespan;
        if (params->block_search >= 2)
            moved = fsbb_local_search_block(&walk->space, seq, walk->n, moved, params->block_search, &walk->rng,
                                            walk->scratch, stop, stop_data);
        if (params->interchange > 0 && !(stop && stop(stop_data)))
            moved = fsbb_local_search_interchange(&walk->space, &walk->exchanges, seq, walk->n, moved,
                                                  params->interchange, &walk->rng, walk->scratch, stop, stop_data);
        if (windows_due(walk, moved) && !(stop && stop(stop_data))) {
            walk->window_searches++;
            moved = fsbb_local_search_window(&walk->space, &walk->windows, seq, walk->n, moved, params->window,
                                             &walk->rng, walk->scratch, stop, stop_data);
        }
        if (moved >= makespan)
            break;
        makespan = insertion_search(walk, seq, moved, stop, stop_data);
    }
    return makespan;
}

int fsbb_ig_walk_polish(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data)
{
    memcpy(walk->candidate, walk->current, sizeof(int) * (size_t)walk->n);
    const int makespan = improve(walk, walk->candidate, walk->current_makespan, stop, stop_data);
    memcpy(walk->current, walk->candidate, sizeof(int) * (size_t)walk->n);
    walk->current_makespan = makespan;
    if (walk->params.relink_after > 0)
        fsbb_elite_offer(&walk->elite, walk->current, makespan);
    return note_candidate(walk, makespan);
}

/* Steps 1-3 on walk->candidate (a copy of the current schedule); returns its makespan, or
 * -1 when stop asked during the partial search (candidate is then not a full schedule). */
static int destroy_and_rebuild(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data)
{
    int *seq = walk->candidate;
    int length = walk->n;
    for (int r = 0; r < walk->params.destruction; r++) {
        const int position = fsbb_splitmix_below(&walk->rng, length);
        walk->removed[r] = seq[position];
        memmove(seq + position, seq + position + 1, sizeof(int) * (size_t)(length - position - 1));
        length--;
    }
    if (walk->params.partial_search) {
        const int partial = fsbb_insertion_makespan(&walk->space, seq, length);
        fsbb_local_search_insertion(&walk->space, seq, length, partial, &walk->rng, walk->scratch, stop, stop_data);
        if (stop && stop(stop_data))
            return -1;
    }
    int makespan = 0;
    for (int r = 0; r < walk->params.destruction; r++) {
        int position;
        makespan = fsbb_insertion_best(&walk->space, seq, length, walk->removed[r], &position);
        memmove(seq + position + 1, seq + position, sizeof(int) * (size_t)(length - position));
        seq[position] = walk->removed[r];
        length++;
    }
    return makespan;
}

/* Steps 1-5 on the current schedule. Returns 1 when it improved the walk's best; *stopped
 * tells whether stop asked during it (the iteration abandoned as ig_walk.h says). */
static int step(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data, int *stopped)
{
    memcpy(walk->candidate, walk->current, sizeof(int) * (size_t)walk->n);
    int makespan = destroy_and_rebuild(walk, stop, stop_data);
    *stopped = makespan < 0;
    if (*stopped)
        return 0;
    makespan = improve(walk, walk->candidate, makespan, stop, stop_data);
    *stopped = stop && stop(stop_data);
    if (*stopped)
        return note_candidate(walk, makespan);
    const int accept = makespan <= walk->current_makespan ||
                       fsbb_splitmix_unit(&walk->rng) < exp(-(double)(makespan - walk->current_makespan) / walk->temperature);
    const int improved = note_candidate(walk, makespan);
    if (accept) {
        int *swap = walk->current;
        walk->current = walk->candidate;
        walk->candidate = swap;
        walk->current_makespan = makespan;
    }
    return improved;
}

int fsbb_ig_walk_relink(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data)
{
    const int n = walk->n;
    walk->since_relink = 0;
    int guide_makespan;
    const int *guide = fsbb_elite_pick(&walk->elite, walk->current, &walk->rng, &guide_makespan);
    if (!guide)
        return 0;
    const int makespan = fsbb_relink(&walk->relinking, &walk->space, walk->current, guide, &walk->rng, walk->scratch,
                                     walk->candidate, stop, stop_data);
    if (makespan < 0)
        return 0;
    walk->relinks++;
    memcpy(walk->saved, walk->current, sizeof(int) * (size_t)n);
    const int saved_makespan = walk->current_makespan;
    int improved = note_candidate(walk, makespan);
    int *swap = walk->current;
    walk->current = walk->candidate;
    walk->candidate = swap;
    walk->current_makespan = makespan;
    int stopped = 0;
    for (int t = 0; t < FSBB_IG_RELINK_TRIAL && walk->current_makespan > saved_makespan && !stopped; t++)
        improved |= step(walk, stop, stop_data, &stopped);
    if (walk->current_makespan > saved_makespan) {
        memcpy(walk->current, walk->saved, sizeof(int) * (size_t)n);
        walk->current_makespan = saved_makespan;
    } else {
        walk->relinks_taken++;
        fsbb_elite_offer(&walk->elite, walk->current, walk->current_makespan);
    }
    return improved;
}

int fsbb_ig_walk_iterate(fsbb_ig_walk *walk, fsbb_walk_should_stop stop, void *stop_data)
{
    int stopped;
    const int improved = step(walk, stop, stop_data, &stopped);
    if (stopped)
        return improved;
    walk->iterations++;
    walk->since_improvement++;
    walk->since_relink++;
    if (walk->params.relink_after == 0)
        return improved;
    fsbb_elite_offer(&walk->elite, walk->current, walk->current_makespan);
    if (walk->since_relink >= walk->params.relink_after && !(stop && stop(stop_data)))
        return fsbb_ig_walk_relink(walk, stop, stop_data) || improved;
    return improved;
}
