/* path_relinking.c — path relinking between two schedules by insertion moves
 * (path_relinking.h). */
#include "path_relinking.h"

#include <stdlib.h>
#include <string.h>

int fsbb_relinking_init(fsbb_relinking *r, int n)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->path = malloc(sizeof(int) * (size_t)n);
    r->where = malloc(sizeof(int) * (size_t)n);
    r->cost = malloc(sizeof(int) * (size_t)n);
    r->trial = malloc(sizeof(int) * (size_t)n);
    if (!r->path || !r->where || !r->cost || !r->trial) {
        fsbb_relinking_free(r);
        return -1;
    }
    return 0;
}

void fsbb_relinking_free(fsbb_relinking *r)
{
    free(r->path);
    free(r->where);
    free(r->cost);
    free(r->trial);
    memset(r, 0, sizeof *r);
}

/* Puts start on the path; returns the first position where it differs from guide (n: none). */
static int path_begin(fsbb_relinking *r, const int *start, const int *guide)
{
    memcpy(r->path, start, sizeof(int) * (size_t)r->n);
    for (int i = 0; i < r->n; i++)
        r->where[start[i]] = i;
    int i = 0;
    while (i < r->n && r->path[i] == guide[i])
        i++;
    return i;
}

/* One move at position i (where path and guide differ); returns the next such position. */
static int path_step(fsbb_relinking *r, const int *guide, int i)
{
    const int job = guide[i], from = r->where[job];
    memmove(r->path + i + 1, r->path + i, sizeof(int) * (size_t)(from - i));
    r->path[i] = job;
    for (int k = i; k <= from; k++)
        r->where[r->path[k]] = k;
    while (i < r->n && r->path[i] == guide[i])
        i++;
    return i;
}

/* The intermediates of steps lo..hi of least makespan (ties: the earlier) into r->chosen;
 * returns how many (at most FSBB_RELINK_POLISHED). */
static int choose(fsbb_relinking *r, int lo, int hi)
{
    int count = 0;
    for (int s = lo; s <= hi; s++) {
        int at = count < FSBB_RELINK_POLISHED ? count++ : FSBB_RELINK_POLISHED;
        while (at > 0 && r->cost[r->chosen[at - 1]] > r->cost[s]) {
            if (at < FSBB_RELINK_POLISHED)
                r->chosen[at] = r->chosen[at - 1];
            at--;
        }
        if (at < FSBB_RELINK_POLISHED)
            r->chosen[at] = s;
    }
    return count;
}

int fsbb_relink(fsbb_relinking *r, fsbb_insertion *w, const int *start, const int *guide, uint64_t *rng,
                int *scratch, int *result, fsbb_walk_should_stop stop, void *stop_data)
{
    const int n = r->n;
    int steps = 0;
    for (int i = path_begin(r, start, guide); i < n; steps++) {
        i = path_step(r, guide, i);
        r->cost[steps + 1] = fsbb_insertion_makespan(w, r->path, n);
    }
    const int margin = steps / 4 > 1 ? steps / 4 : 1;
    const int count = choose(r, margin, steps - margin);
    int best = -1, best_step = steps;
    for (int c = 0; c < count && !(best >= 0 && stop && stop(stop_data)); c++) {
        const int target = r->chosen[c];
        int i = path_begin(r, start, guide);
        for (int s = 0; s < target; s++)
            i = path_step(r, guide, i);
        memcpy(r->trial, r->path, sizeof(int) * (size_t)n);
        const int makespan =
            fsbb_local_search_insertion(w, r->trial, n, r->cost[target], rng, scratch, stop, stop_data);
        if (best < 0 || makespan < best || (makespan == best && target < best_step)) {
            best = makespan;
            best_step = target;
            memcpy(result, r->trial, sizeof(int) * (size_t)n);
        }
    }
    return best;
}
