/* window_search.c — the exact re-sequencing of a window of jobs by branch-and-bound
 * (window_search.h). */
#include "window_search.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static inline int max_int(int a, int b)
{
    return a > b ? a : b;
}

void fsbb_window_free(fsbb_window *x)
{
    free(x->jobs);
    free(x->to_end);
    free(x->front);
    free(x->rest);
    free(x->children);
    free(x->child_bound);
    free(x->order);
    free(x->best);
    free(x->placed);
    free(x->least);
    free(x->least_slot);
    free(x->head);
    free(x->tail);
    memset(x, 0, sizeof *x);
}

int fsbb_window_init(fsbb_window *x, const fsbb_insertion *w, int largest)
{
    memset(x, 0, sizeof *x);
    if (largest < 2 || largest > FSBB_WINDOW_MAX)
        return -1;
    const size_t m = (size_t)w->m, k = (size_t)largest;
    x->m = w->m;
    x->largest = largest;
    x->times = w->times;
    x->jobs = malloc(sizeof(int) * k);
    x->to_end = malloc(sizeof(int) * k * m);
    x->front = malloc(sizeof(int) * (k + 1) * m);
    x->rest = malloc(sizeof(int) * m);
    x->children = malloc(sizeof(int) * k * k);
    x->child_bound = malloc(sizeof(int) * k * k);
    x->order = malloc(sizeof(int) * k);
    x->best = malloc(sizeof(int) * k);
    x->placed = malloc(sizeof(int) * k);
    x->least = malloc(sizeof(int) * 4 * m);
    x->least_slot = malloc(sizeof(int) * 2 * m);
    x->head = malloc(sizeof(int) * m);
    x->tail = malloc(sizeof(int) * m);
    if (!x->head || !x->tail || !x->jobs || !x->to_end || !x->front || !x->rest || !x->children || !x->child_bound || !x->order ||
        !x->best || !x->placed || !x->least || !x->least_slot) {
        fsbb_window_free(x);
        return -1;
    }
    return 0;
}

int fsbb_window_makespan(const fsbb_window *x, const int *jobs, int size, const int *head, const int *tail)
{
    const int m = x->m;
    int *f = x->front;
    memcpy(f, head, sizeof(int) * (size_t)m);
    for (int i = 0; i < size; i++) {
        const int *t = x->times + jobs[i] * m;
        int c = 0;
        for (int k = 0; k < m; k++) {
            c = max_int(c, f[k]) + t[k];
            f[k] = c;
        }
    }
    int makespan = 0;
    for (int k = 0; k < m; k++)
        makespan = max_int(makespan, f[k] + tail[k]);
    return makespan;
}

/* Keeps value of slot among the least two of a machine (least[0], least[1], slot of least[0]). */
static inline void keep_least(int *first, int *second, int *first_slot, int value, int slot)
{
    if (value < *first) {
        *second = *first;
        *first = value;
        *first_slot = slot;
    } else if (value < *second) {
        *second = value;
    }
}

/* Per machine, the least and second least time and time to the end of the unplaced slots. */
static void gather_least(fsbb_window *x, int size)
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

/* The bound of the order so far followed by slot s, of completions f after s, with
 * `left` slots still unplaced after it (gather_least done for the set including s). */
static int child_bound(const fsbb_window *x, int s, const int *f, int left, const int *tail)
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

/* Completions f_out of slot s placed after completions f. */
static void place(const fsbb_window *x, int s, const int *f, int *f_out)
{
    const int m = x->m;
    const int *t = x->times + x->jobs[s] * m;
    int c = 0;
    for (int k = 0; k < m; k++) {
        c = max_int(c, f[k]) + t[k];
        f_out[k] = c;
    }
}

/* The subtree of the order x->order[0..depth), its completions in front row depth. */
static void descend(fsbb_window *x, int size, int depth, const int *tail, int *best_makespan)
{
    const int m = x->m, left = size - depth - 1;
    const int *f = x->front + depth * m;
    int *f_child = x->front + (depth + 1) * m;
    int *children = x->children + depth * x->largest, *bounds = x->child_bound + depth * x->largest;
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
        x->nodes++;
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

int fsbb_window_solve(fsbb_window *x, const int *jobs, int size, const int *head, const int *tail, int below,
                      int *order)
{
    const int m = x->m;
    x->nodes = 0;
    if (size < 1 || size > x->largest)
        return below;
    memcpy(x->jobs, jobs, sizeof(int) * (size_t)size);
    for (int k = 0; k < m; k++)
        x->rest[k] = 0;
    for (int s = 0; s < size; s++) {
        const int *t = x->times + jobs[s] * m;
        int *q = x->to_end + s * m;
        q[m - 1] = tail[m - 1];
        for (int k = m - 2; k >= 0; k--)
            q[k] = max_int(tail[k], t[k + 1] + q[k + 1]);
        for (int k = 0; k < m; k++)
            x->rest[k] += t[k];
        x->placed[s] = 0;
    }
    memcpy(x->front, head, sizeof(int) * (size_t)m);
    int best_makespan = below;
    descend(x, size, 0, tail, &best_makespan);
    if (best_makespan < below)
        for (int i = 0; i < size; i++)
            order[i] = jobs[x->best[i]];
    return best_makespan;
}
