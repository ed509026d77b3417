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
    free(x->slot_times);
    free(x->known);
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
    x->slot_times = aligned_alloc(sizeof(int) * FSBB_WINDOW_MAX, sizeof(int) * FSBB_WINDOW_MAX * m);
    x->known_stride = 2 + largest + 2 * w->m;
    x->known = calloc(FSBB_WINDOW_KNOWN, sizeof(int) * (size_t)x->known_stride);
    x->head = malloc(sizeof(int) * m);
    x->tail = malloc(sizeof(int) * m);
    if (!x->head || !x->tail || !x->jobs || !x->to_end || !x->front || !x->rest || !x->children || !x->child_bound || !x->order ||
        !x->best || !x->placed || !x->least || !x->least_slot || !x->slot_times ||
        !x->known) {
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

/* Keeps each value[k] of slot s among the least two of machine k (first[k], second[k], and
 * slot[k] of first[k], the earlier slot where they tie). Branch-free, so that the machines
 * go in vector lanes. */
static void keep_least(int *restrict first, int *restrict second, int *restrict slot, const int *restrict value,
                       int s, int m)
{
    for (int k = 0; k < m; k++) {
        const int v = value[k], less = v < first[k];
        second[k] = less ? first[k] : (v < second[k] ? v : second[k]);
        slot[k] = less ? s : slot[k];
        first[k] = less ? v : first[k];
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
        keep_least(p1, p2, p_slot, x->times + x->jobs[s] * m, s, m);
        keep_least(q1, q2, q_slot, x->to_end + s * m, s, m);
    }
}

/* One value per slot of a group of the window's slots (GCC and Clang vector extensions):
 * with AVX2 8 slots, else 4, in groups of FSBB_WINDOW_MAX / SLOT_LANES. */
#ifdef __AVX2__
#define SLOT_LANES 8
#else
#define SLOT_LANES 4
#endif
typedef int slot_lanes __attribute__((vector_size(sizeof(int) * SLOT_LANES)));

static inline slot_lanes max_lanes(slot_lanes a, slot_lanes b)
{
    const slot_lanes a_larger = a > b;
    return (a & a_larger) | (b & ~a_larger);
}

/* `when_slot` in the lane of that slot, `otherwise` in the others. */
static inline slot_lanes pick_for_slot(slot_lanes lane_slots, int slot, int when_slot, int otherwise)
{
    const slot_lanes is_slot = lane_slots == slot;
    return (when_slot & is_slot) | (otherwise & ~is_slot);
}

/* The bound of the order so far followed by slot s, for every slot s < size at once, one
 * per lane, into bounds[s] (those of placed slots are meaningless): after s, of
 * completions f_s, with `left` slots still unplaced, the largest over the machines of
 * f_s[k] + tail[k] when none is left, else of e_k + R_k - p[s][k] + the least q over U
 * without s (gather_least done for the set including s). */
static void child_bounds(const fsbb_window *x, int size, const int *f, int left, const int *tail, int *bounds)
{
    const int m = x->m;
    const int *p1 = x->least, *p2 = x->least + m, *q1 = x->least + 2 * m, *q2 = x->least + 3 * m;
    const int *p_slot = x->least_slot, *q_slot = x->least_slot + m;
    for (int first = 0; first < size; first += SLOT_LANES) {
        const slot_lanes *times = (const slot_lanes *)x->slot_times + first / SLOT_LANES;
        const int groups = FSBB_WINDOW_MAX / SLOT_LANES;
        slot_lanes lane_slots, finish = {0}, start = {0}, bound = {0};
        for (int l = 0; l < SLOT_LANES; l++)
            lane_slots[l] = first + l;
        if (left == 0) {
            for (int k = 0; k < m; k++) {
                finish = max_lanes(finish, (slot_lanes){0} + f[k]) + times[k * groups];
                bound = max_lanes(bound, finish + tail[k]);
            }
        } else {
            for (int k = 0; k < m; k++) {
                finish = max_lanes(finish, (slot_lanes){0} + f[k]) + times[k * groups];
                if (k > 0)
                    start = max_lanes(finish,
                                      start + pick_for_slot(lane_slots, p_slot[k - 1], p2[k - 1], p1[k - 1]));
                else
                    start = finish;
                const slot_lanes to_end = pick_for_slot(lane_slots, q_slot[k], q2[k], q1[k]);
                bound = max_lanes(bound, start + x->rest[k] - times[k * groups] + to_end);
            }
        }
        memcpy(bounds + first, &bound, sizeof bound);
    }
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

/* One more node visited: asks the caller's stop when FSBB_WINDOW_STOP_WORK has passed
 * since it was last asked; returns 1 when the solve is to end. */
static int visit_ends_solve(fsbb_window *x)
{
    x->nodes++;
    if (!x->stop)
        return 0;
    x->work += (uint64_t)x->m;
    if (x->work >= FSBB_WINDOW_STOP_WORK) {
        x->work = 0;
        x->stopped = x->stop(x->stop_data) != 0;
    }
    return x->stopped;
}

/* The subtree of the order x->order[0..depth), its completions in front row depth. */
static void descend(fsbb_window *x, int size, int depth, const int *tail, int *best_makespan)
{
    const int m = x->m, left = size - depth - 1;
    const int *f = x->front + depth * m;
    int *f_child = x->front + (depth + 1) * m;
    int *children = x->children + depth * x->largest, *bounds = x->child_bound + depth * x->largest;
    int all_bounds[FSBB_WINDOW_MAX];
    gather_least(x, size);
    child_bounds(x, size, f, left, tail, all_bounds);
    int count = 0;
    for (int s = 0; s < size; s++) {
        if (x->placed[s])
            continue;
        const int bound = all_bounds[s];
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
        if (visit_ends_solve(x))
            return;
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
        if (x->stopped)
            return;
    }
}

/* The entry of x->known where that window would be kept (FNV-1a over its jobs, heads and
 * tails). */
static int *known_entry(const fsbb_window *x, const int *jobs, int size, const int *head, const int *tail)
{
    uint32_t hash = 2166136261u;
    for (int s = 0; s < size; s++)
        hash = (hash ^ (uint32_t)jobs[s]) * 16777619u;
    for (int k = 0; k < x->m; k++) {
        hash = (hash ^ (uint32_t)head[k]) * 16777619u;
        hash = (hash ^ (uint32_t)tail[k]) * 16777619u;
    }
    return x->known + (size_t)(hash % FSBB_WINDOW_KNOWN) * (size_t)x->known_stride;
}

/* Whether entry holds that window: size, then the bound, the jobs, the heads, the tails. */
static int holds_window(const fsbb_window *x, const int *entry, const int *jobs, int size, const int *head,
                        const int *tail)
{
    const size_t machines = sizeof(int) * (size_t)x->m;
    return entry[0] == size && memcmp(entry + 2, jobs, sizeof(int) * (size_t)size) == 0 &&
           memcmp(entry + 2 + size, head, machines) == 0 && memcmp(entry + 2 + size + x->m, tail, machines) == 0;
}

/* Keeps that window in entry (replacing what it held), with the bound it had no order below. */
static void keep_window(const fsbb_window *x, int *entry, const int *jobs, int size, const int *head, const int *tail,
                        int below)
{
    const size_t machines = sizeof(int) * (size_t)x->m;
    entry[0] = size;
    entry[1] = below;
    memcpy(entry + 2, jobs, sizeof(int) * (size_t)size);
    memcpy(entry + 2 + size, head, machines);
    memcpy(entry + 2 + size + x->m, tail, machines);
}

int fsbb_window_solve(fsbb_window *x, const int *jobs, int size, const int *head, const int *tail, int below,
                      int *order, fsbb_window_should_stop stop, void *stop_data)
{
    const int m = x->m;
    x->nodes = 0;
    x->stop = stop;
    x->stop_data = stop_data;
    x->work = 0;
    x->stopped = 0;
    if (size < 1 || size > x->largest)
        return below;
    for (int k = 0; k < m; k++)
        x->rest[k] = 0;
    for (int s = 0; s < size; s++) {
        const int *t = x->times + jobs[s] * m;
        for (int k = 0; k < m; k++)
            x->rest[k] += t[k];
    }
    /* Most windows are cut here, before any set-up: on each machine every job of the
     * window comes after the heads, and the job after the window needs the tail. */
    for (int k = 0; k < m; k++)
        if (head[k] + x->rest[k] + tail[k] >= below)
            return below;
    /* The same jobs in the same order between the same heads and tails had no order below a
     * bound at least this one: none now either. */
    int *entry = known_entry(x, jobs, size, head, tail);
    if (holds_window(x, entry, jobs, size, head, tail) && entry[1] >= below)
        return below;
    memcpy(x->jobs, jobs, sizeof(int) * (size_t)size);
    memset(x->slot_times, 0, sizeof(int) * FSBB_WINDOW_MAX * (size_t)m);
    for (int s = 0; s < size; s++) {
        for (int k = 0; k < m; k++)
            x->slot_times[k * FSBB_WINDOW_MAX + s] = x->times[jobs[s] * m + k];
        const int *t = x->times + jobs[s] * m;
        int *q = x->to_end + s * m;
        q[m - 1] = tail[m - 1];
        for (int k = m - 2; k >= 0; k--)
            q[k] = max_int(tail[k], t[k + 1] + q[k + 1]);
        x->placed[s] = 0;
    }
    memcpy(x->front, head, sizeof(int) * (size_t)m);
    int best_makespan = below;
    descend(x, size, 0, tail, &best_makespan);
    if (best_makespan < below)
        for (int i = 0; i < size; i++)
            order[i] = jobs[x->best[i]];
    else if (!x->stopped)
        keep_window(x, entry, jobs, size, head, tail, below);
    return best_makespan;
}
