/* local_search.c — iterative improvement by insertion (local_search.h). */
#include "local_search.h"

#include "insertion_lanes.h"
#include "splitmix.h"

#include <limits.h>
#include <string.h>

/* Moves the job at position from to position to, keeping where[] (job -> position). */
static void move_job(int *seq, int *where, int from, int to)
{
    const int job = seq[from];
    if (to < from)
        memmove(seq + to + 1, seq + to, sizeof(int) * (size_t)(from - to));
    else
        memmove(seq + from, seq + from + 1, sizeof(int) * (size_t)(to - from));
    seq[to] = job;
    const int lo = to < from ? to : from, hi = to < from ? from : to;
    for (int i = lo; i <= hi; i++)
        where[seq[i]] = i;
}

/* The job at from reinserted at its best position (fsbb_insertion_reinsert's choice) when
 * that shortens the schedule below *makespan: the move made, the tables (and the times of
 * the lanes, when in_lanes) reloaded, *makespan lowered; returns 1 then, else 0. */
static int reinsert_if_better(fsbb_insertion *w, int *seq, int *where, int length, int from, int in_lanes,
                              int *makespan)
{
    int to;
    const int candidate = fsbb_insertion_reinsert(w, seq, length, from, *makespan, &to);
    if (candidate >= *makespan)
        return 0;
    move_job(seq, where, from, to);
    const int lo = to < from ? to : from, hi = to < from ? from : to;
    fsbb_insertion_reload(w, seq, length, lo, hi);
    if (in_lanes)
        fsbb_insertion_lanes_load(w, seq, lo, hi);
    *makespan = candidate;
    return 1;
}

/* Moves the job at from to position to of the sequence without it, in lanes: the times of
 * the lanes follow; the heads and tails do not. */
static void move_in_lanes(fsbb_insertion *w, int *seq, int *where, int from, int to)
{
    move_job(seq, where, from, to);
    fsbb_insertion_lanes_load(w, seq, to < from ? to : from, to < from ? from : to);
}

/* The search itself: the jobs tried cyclically in the order of order[0..length) (scratch
 * of n ints), where[] (n ints) filled here. In lanes (insertion_lanes.h), the next jobs are
 * first asked together whether their reinsertions improve, and only the first that does
 * moves: to the position the lanes name where its least makespan is reached at one position
 * only, else (positions tie) where fsbb_insertion_reinsert's tie-breaking puts it, on heads
 * and tails loaded for it (the lanes do not need them); the jobs after it are asked again
 * on the sequence it leaves. The same moves in the same order as one at a time, and stop
 * is asked after each job as there. */
static int search_in_order(fsbb_insertion *w, int *seq, int length, int makespan, const int *order, int *where,
                           int in_lanes, fsbb_walk_should_stop stop, void *stop_data)
{
    for (int i = 0; i < length; i++)
        where[seq[i]] = i;
    int tables_stale = in_lanes; /* the heads and tails are not those of seq */
    if (in_lanes)
        fsbb_insertion_lanes_load(w, seq, 0, length - 1);
    else
        fsbb_insertion_load(w, seq, length);
    int from[FSBB_INSERTION_MAX_LANES], least[FSBB_INSERTION_MAX_LANES];
    /* Cycles through the jobs in that order until `length` jobs in a row have not moved:
     * then every job was tried on the final sequence. */
    for (int unchanged = 0, r = 0; unchanged < length;) {
        int count = 1;
        from[0] = where[order[r]];
        least[0] = INT_MIN; /* one at a time: the reinsertion decides */
        if (in_lanes) {
            const int width = fsbb_insertion_lanes_width(w, makespan);
            count = length - unchanged < width ? length - unchanged : width;
            for (int l = 1, next = r; l < count; l++) {
                next = next + 1 == length ? 0 : next + 1;
                from[l] = where[order[next]];
            }
            fsbb_insertion_least_reinsertions(w, length, makespan, from, count, least);
        }
        for (int l = 0; l < count; l++) {
            int moved = 0, to;
            if (least[l] < makespan && in_lanes && fsbb_insertion_lanes_position(w, l, length, &to)) {
                move_in_lanes(w, seq, where, from[l], to);
                makespan = least[l];
                tables_stale = moved = 1;
            } else if (least[l] < makespan) {
                if (tables_stale)
                    fsbb_insertion_load(w, seq, length);
                tables_stale = 0;
                moved = reinsert_if_better(w, seq, where, length, from[l], in_lanes, &makespan);
            }
            unchanged = moved ? 0 : unchanged + 1;
            r = r + 1 == length ? 0 : r + 1;
            if (stop && stop(stop_data))
                return makespan;
            if (moved)
                break;
        }
    }
    return makespan;
}

/* The search in a random order drawn from rng, in lanes or not. */
static int search_in_random_order(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                  int *scratch, int in_lanes, fsbb_walk_should_stop stop, void *stop_data)
{
    if (length < 2)
        return makespan;
    int *order = scratch;
    memcpy(order, seq, sizeof(int) * (size_t)length);
    fsbb_splitmix_shuffle(rng, order, length);
    return search_in_order(w, seq, length, makespan, order, scratch + w->n, in_lanes, stop, stop_data);
}

int fsbb_local_search_insertion(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    return search_in_random_order(w, seq, length, makespan, rng, scratch, fsbb_insertion_lanes_on(w), stop,
                                  stop_data);
}

int fsbb_local_search_insertion_one_at_a_time(fsbb_insertion *w, int *seq, int length, int makespan, uint64_t *rng,
                                              int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    return search_in_random_order(w, seq, length, makespan, rng, scratch, 0, stop, stop_data);
}

int fsbb_local_search_referenced(fsbb_insertion *w, int *seq, int length, int makespan, const int *reference,
                                 int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    if (length < 2)
        return makespan;
    memcpy(scratch, reference, sizeof(int) * (size_t)length);
    return search_in_order(w, seq, length, makespan, scratch, scratch + w->n, fsbb_insertion_lanes_on(w), stop,
                           stop_data);
}

/* Moves the block seq[from..from + size) to position to of the sequence without it. */
static void move_block(int *seq, int from, int size, int to)
{
    int block[FSBB_INSERTION_MAX_BLOCK];
    memcpy(block, seq + from, sizeof(int) * (size_t)size);
    if (to < from)
        memmove(seq + to + size, seq + to, sizeof(int) * (size_t)(from - to));
    else
        memmove(seq + from, seq + from + size, sizeof(int) * (size_t)(to - from));
    memcpy(seq + to, block, sizeof(int) * (size_t)size);
}

int fsbb_local_search_block(fsbb_insertion *w, int *seq, int length, int makespan, int largest, uint64_t *rng,
                            int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    if (largest > FSBB_INSERTION_MAX_BLOCK)
        largest = FSBB_INSERTION_MAX_BLOCK;
    int *starts = scratch;
    fsbb_insertion_load(w, seq, length);
    for (int size = 2; size <= largest && size < length; size++) {
        const int count = length - size + 1;
        for (int i = 0; i < count; i++)
            starts[i] = i;
        fsbb_splitmix_shuffle(rng, starts, count);
        for (int unchanged = 0, r = 0; unchanged < count; r = r + 1 == count ? 0 : r + 1) {
            const int from = starts[r];
            int to;
            const int candidate = fsbb_insertion_reinsert_block(w, seq, length, from, size, &to);
            if (candidate < makespan) {
                move_block(seq, from, size, to);
                const int lo = to < from ? to : from, hi = (to < from ? from : to) + size - 1;
                fsbb_insertion_reload(w, seq, length, lo, hi);
                makespan = candidate;
                unchanged = 0;
            } else {
                unchanged++;
            }
            if (stop && stop(stop_data))
                return makespan;
        }
    }
    return makespan;
}

int fsbb_local_search_interchange(fsbb_insertion *w, fsbb_interchange *x, int *seq, int length, int makespan,
                                  int window, uint64_t *rng, int *scratch, fsbb_walk_should_stop stop,
                                  void *stop_data)
{
    if (length < 2 || window < 1)
        return makespan;
    int *order = scratch, *where = scratch + w->n;
    memcpy(order, seq, sizeof(int) * (size_t)length);
    fsbb_splitmix_shuffle(rng, order, length);
    for (int i = 0; i < length; i++)
        where[seq[i]] = i;
    fsbb_insertion_load(w, seq, length);
    fsbb_interchange_prepare(x, w, seq, length);
    /* Each job with every later job in the window; `length` jobs in a row without an
     * improving exchange: every pair in the window was tried on the final sequence. */
    for (int unchanged = 0, r = 0; unchanged < length; r = r + 1 == length ? 0 : r + 1) {
        const int i = where[order[r]];
        const int last = length - 1 - i < window ? length - 1 : i + window;
        int best = makespan, partner = -1;
        for (int j = i + 1; j <= last; j++) {
            if (fsbb_interchange_bound(x, seq, makespan, i, j) >= best)
                continue;
            const int candidate = fsbb_interchange_makespan(x, w, seq, i, j, best);
            if (candidate < best) {
                best = candidate;
                partner = j;
            }
        }
        if (partner >= 0) {
            const int job = seq[i];
            seq[i] = seq[partner];
            seq[partner] = job;
            where[seq[i]] = i;
            where[job] = partner;
            fsbb_insertion_reload(w, seq, length, i, partner);
            fsbb_interchange_prepare(x, w, seq, length);
            makespan = best;
            unchanged = 0;
        } else {
            unchanged++;
        }
        if (stop && stop(stop_data))
            return makespan;
    }
    return makespan;
}

int fsbb_local_search_window(fsbb_insertion *w, fsbb_window *x, int *seq, int length, int makespan, int size,
                             uint64_t *rng, int *scratch, fsbb_walk_should_stop stop, void *stop_data)
{
    if (size > length)
        size = length;
    if (size < 2)
        return makespan;
    const int count = length - size + 1, m = w->m, stride = w->stride;
    int *starts = scratch, *head = x->head, *tail = x->tail, order[FSBB_WINDOW_MAX];
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
        const int candidate = fsbb_window_solve(x, seq + start, size, head, tail, makespan, order, stop, stop_data);
        if (candidate < makespan) {
            memcpy(seq + start, order, sizeof(int) * (size_t)size);
            fsbb_insertion_reload(w, seq, length, start, start + size - 1);
            makespan = candidate;
            unchanged = 0;
        } else {
            unchanged++;
        }
        if (x->stopped || (stop && stop(stop_data)))
            return makespan;
    }
    return makespan;
}
