/* window_reference.c — the window search as it was, one child at a time (window_reference.h). */
#include "window_reference.h"

#include "splitmix.h"
#include "window_search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* What one solve keeps, sized for the largest window and the machines given. */
typedef struct reference_window {
    int m;
    const int *times;
    int jobs[FSBB_WINDOW_MAX], order[FSBB_WINDOW_MAX], best[FSBB_WINDOW_MAX], placed[FSBB_WINDOW_MAX];
    int children[FSBB_WINDOW_MAX * FSBB_WINDOW_MAX], child_bound[FSBB_WINDOW_MAX * FSBB_WINDOW_MAX];
    int *to_end, *front, *rest, *least, *least_slot;
} reference_window;

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

static void keep_least(int *first, int *second, int *first_slot, int value, int slot)
{
    if (value < *first) {
        *second = *first;
        *first = value;
        *first_slot = slot;
    } else if (value < *second) {
        *second = value;
    }
}

static void gather_least(reference_window *x, int size)
{
    const int m = x->m;
    int *p1 = x->least, *p2 = x->least + m, *q1 = x->least + 2 * m, *q2 = x->least + 3 * m;
    int *p_slot = x->least_slot, *q_slot = x->least_slot + m;
    for (int k = 0; k < m; k++) {
        p1[k] = p2[k] = q1[k] = q2[k] = INT_MAX;
        p_slot[k] = q_slot[k] = -1;
    }
    for (int s = 0; s < size; s++) {
        if (x->placed[s])
            continue;
        const int *t = x->times + x->jobs[s] * m, *q = x->to_end + s * m;
        for (int k = 0; k < m; k++) {
            keep_least(&p1[k], &p2[k], &p_slot[k], t[k], s);
            keep_least(&q1[k], &q2[k], &q_slot[k], q[k], s);
        }
    }
}

static int child_bound(const reference_window *x, int s, const int *f, int left, const int *tail)
{
    const int m = x->m;
    int bound = 0;
    if (left == 0) {
        for (int k = 0; k < m; k++)
            bound = max_int(bound, f[k] + tail[k]);
        return bound;
    }
    const int *p1 = x->least, *p2 = x->least + m, *q1 = x->least + 2 * m, *q2 = x->least + 3 * m;
    const int *p_slot = x->least_slot, *q_slot = x->least_slot + m;
    const int *t = x->times + x->jobs[s] * m;
    int start = 0;
    for (int k = 0; k < m; k++) {
        if (k > 0)
            start = max_int(f[k], start + (p_slot[k - 1] == s ? p2[k - 1] : p1[k - 1]));
        else
            start = f[0];
        const int to_end = q_slot[k] == s ? q2[k] : q1[k];
        bound = max_int(bound, start + x->rest[k] - t[k] + to_end);
    }
    return bound;
}

static void place(const reference_window *x, int s, const int *f, int *f_out)
{
    const int m = x->m;
    const int *t = x->times + x->jobs[s] * m;
    int c = 0;
    for (int k = 0; k < m; k++) {
        c = max_int(c, f[k]) + t[k];
        f_out[k] = c;
    }
}

static void descend(reference_window *x, int size, int depth, const int *tail, int *best_makespan)
{
    const int m = x->m, left = size - depth - 1;
    const int *f = x->front + depth * m;
    int *f_child = x->front + (depth + 1) * m;
    int *children = x->children + depth * FSBB_WINDOW_MAX, *bounds = x->child_bound + depth * FSBB_WINDOW_MAX;
    gather_least(x, size);
    int count = 0;
    for (int s = 0; s < size; s++) {
        if (x->placed[s])
            continue;
        place(x, s, f, f_child);
        const int bound = child_bound(x, s, f_child, left, tail);
        if (bound >= *best_makespan)
            continue;
        int i = count++;
        for (; i > 0 && bounds[i - 1] > bound; i--) {
            bounds[i] = bounds[i - 1];
            children[i] = children[i - 1];
        }
        bounds[i] = bound;
        children[i] = s;
    }
    for (int c = 0; c < count && bounds[c] < *best_makespan; c++) {
        const int s = children[c];
        x->order[depth] = s;
        if (left == 0) {
            *best_makespan = bounds[c];
            memcpy(x->best, x->order, sizeof(int) * (size_t)size);
            continue;
        }
        place(x, s, f, f_child);
        const int *t = x->times + x->jobs[s] * m;
        for (int k = 0; k < m; k++)
            x->rest[k] -= t[k];
        x->placed[s] = 1;
        descend(x, size, depth + 1, tail, best_makespan);
        x->placed[s] = 0;
        for (int k = 0; k < m; k++)
            x->rest[k] += t[k];
    }
}

int window_reference_solve(int m, const int *times, const int *jobs, int size, const int *head, const int *tail,
                           int below, int *order)
{
    if (size < 1 || size > FSBB_WINDOW_MAX)
        return below;
    reference_window x = {.m = m, .times = times};
    int *space = malloc(sizeof(int) * (size_t)m * (FSBB_WINDOW_MAX + (FSBB_WINDOW_MAX + 1) + 1 + 4 + 2));
    if (!space)
        abort();
    x.to_end = space;
    x.front = x.to_end + FSBB_WINDOW_MAX * m;
    x.rest = x.front + (FSBB_WINDOW_MAX + 1) * m;
    x.least = x.rest + m;
    x.least_slot = x.least + 4 * m;
    memcpy(x.jobs, jobs, sizeof(int) * (size_t)size);
    for (int k = 0; k < m; k++)
        x.rest[k] = 0;
    for (int s = 0; s < size; s++) {
        const int *t = times + jobs[s] * m;
        int *q = x.to_end + s * m;
        q[m - 1] = tail[m - 1];
        for (int k = m - 2; k >= 0; k--)
            q[k] = max_int(tail[k], t[k + 1] + q[k + 1]);
        for (int k = 0; k < m; k++)
            x.rest[k] += t[k];
        x.placed[s] = 0;
    }
    memcpy(x.front, head, sizeof(int) * (size_t)m);
    int best_makespan = below;
    descend(&x, size, 0, tail, &best_makespan);
    if (best_makespan < below)
        for (int i = 0; i < size; i++)
            order[i] = jobs[x.best[i]];
    free(space);
    return best_makespan;
}

int window_reference_local_search(fsbb_insertion *w, int *seq, int length, int makespan, int size, uint64_t *rng,
                                  int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    if (size > length)
        size = length;
    if (size < 2)
        return makespan;
    const int count = length - size + 1, m = w->m, stride = w->stride;
    int *starts = scratch, *head = malloc(sizeof(int) * 2 * (size_t)m), order[FSBB_WINDOW_MAX];
    if (!head)
        abort();
    int *tail = head + m;
    for (int i = 0; i < count; i++)
        starts[i] = i;
    fsbb_splitmix_shuffle(rng, starts, count);
    fsbb_insertion_load(w, seq, length);
    for (int unchanged = 0, r = 0; unchanged < count; r = r + 1 == count ? 0 : r + 1) {
        const int start = starts[r];
        for (int k = 0; k < m; k++) {
            head[k] = w->head[k * stride + start];
            tail[k] = w->tail[k * stride + start + size];
        }
        const int candidate = window_reference_solve(m, w->times, seq + start, size, head, tail, makespan, order);
        if (candidate < makespan) {
            memcpy(seq + start, order, sizeof(int) * (size_t)size);
            fsbb_insertion_reload(w, seq, length, start, start + size - 1);
            makespan = candidate;
            unchanged = 0;
        } else {
            unchanged++;
        }
        if (stop && stop(stop_data))
            break;
    }
    free(head);
    return makespan;
}
