/* insertion_lanes.c — several reinsertions at once in vector lanes (insertion_lanes.h). */
#include "insertion_lanes.h"

#include <stdlib.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

/* One value per lane (GCC and Clang vector extensions): a 256-bit vector with AVX2, else a
 * 128-bit one. The sums are unsigned, as in insertion.c; here every one is a makespan of
 * part of a schedule, at most the instance's total time. */
typedef unsigned lanes __attribute__((vector_size(FSBB_INSERTION_LANES * sizeof(unsigned))));
/* The same for loads from ints at any address. */
typedef unsigned lanes_unaligned __attribute__((vector_size(FSBB_INSERTION_LANES * sizeof(unsigned)), aligned(4),
                                                may_alias));

/* The lanes' workspace: the tails of the shorter sequences, n columns of m vectors, then
 * the heads of one column and the times of the lanes' jobs, m vectors each. */
static lanes *lane_tails(const fsbb_insertion *w)
{
    return w->lane_space;
}

static size_t lane_vectors(const fsbb_insertion *w)
{
    return ((size_t)w->n + 2) * (size_t)w->m;
}

int fsbb_insertion_lanes_init(fsbb_insertion *w)
{
    w->sequence_times = NULL;
    w->lane_space = NULL;
    w->lane_stride = w->stride + FSBB_INSERTION_LANES; /* room for a vector read at the last column */
    const size_t times_bytes = sizeof(int) * (size_t)w->m * (size_t)w->lane_stride;
    const size_t space_bytes = sizeof(lanes) * lane_vectors(w);
    if (times_bytes + space_bytes > FSBB_INSERTION_LANES_MAX_BYTES)
        return 0;
    w->sequence_times = calloc(1, times_bytes);
    w->lane_space = aligned_alloc(sizeof(lanes), space_bytes);
    if (!w->sequence_times || !w->lane_space) {
        fsbb_insertion_lanes_free(w);
        return -1;
    }
    return 0;
}

void fsbb_insertion_lanes_free(fsbb_insertion *w)
{
    free(w->sequence_times);
    free(w->lane_space);
    w->sequence_times = NULL;
    w->lane_space = NULL;
}

int fsbb_insertion_lanes_on(const fsbb_insertion *w)
{
    return w->sequence_times != NULL;
}

void fsbb_insertion_lanes_load(fsbb_insertion *w, const int *seq, int lo, int hi)
{
    const int m = w->m, stride = w->lane_stride;
    for (int c = lo; c <= hi; c++) {
        const int *t = w->times + seq[c] * m;
        for (int k = 0; k < m; k++)
            w->sequence_times[k * stride + c] = t[k];
    }
}

static inline lanes max_lanes(lanes a, lanes b)
{
#ifdef __AVX2__
    return (lanes)_mm256_max_epu32((__m256i)a, (__m256i)b);
#else
    const lanes a_larger = (lanes)(a > b);
    return (a & a_larger) | (b & ~a_larger);
#endif
}

static inline lanes min_lanes(lanes a, lanes b)
{
#ifdef __AVX2__
    return (lanes)_mm256_min_epu32((__m256i)a, (__m256i)b);
#else
    const lanes a_smaller = (lanes)(a < b);
    return (a & a_smaller) | (b & ~a_smaller);
#endif
}

/* Which neighbour each lane takes at column c, given the positions taken out: the next one
 * where c >= removed. With AVX2, the index (0 or 1) of a permutation; else a mask. */
static inline lanes choice_at(int column, lanes removed)
{
    const lanes next = (lanes)(((lanes){0} + (unsigned)column) >= removed);
#ifdef __AVX2__
    return next & 1u;
#else
    return next;
#endif
}

/* row[column] or row[column + 1] in each lane, as choice says. */
static inline lanes pick(const int *row, int column, lanes choice)
{
#ifdef __AVX2__
    return (lanes)_mm256_permutevar8x32_epi32((__m256i) * (const lanes_unaligned *)(row + column), (__m256i)choice);
#else
    const lanes here = (lanes){0} + (unsigned)row[column], next = (lanes){0} + (unsigned)row[column + 1];
    return here ^ ((here ^ next) & choice);
#endif
}

void fsbb_insertion_least_reinsertions(fsbb_insertion *w, int length, const int *from, int count, int *least)
{
    const int m = w->m, stride = w->lane_stride, shorter = length - 1;
    const int *times = w->sequence_times;
    lanes *tails = lane_tails(w), *heads = tails + (size_t)w->n * (size_t)m, *job = heads + m;
    lanes removed;
    for (int l = 0; l < FSBB_INSERTION_LANES; l++)
        removed[l] = (unsigned)from[l < count ? l : 0];
    for (int k = 0; k < m; k++) {
        for (int l = 0; l < FSBB_INSERTION_LANES; l++)
            job[k][l] = (unsigned)times[k * stride + (int)removed[l]];
        heads[k] = (lanes){0};
    }
    /* Tails of the shorter sequences, columns shorter (none) down to 0. */
    lanes *last = tails + (size_t)shorter * (size_t)m;
    for (int k = 0; k < m; k++)
        last[k] = (lanes){0};
    for (int c = shorter - 1; c >= 0; c--) {
        const lanes choice = choice_at(c, removed);
        lanes *column = tails + (size_t)c * (size_t)m;
        const lanes *after = column + m;
        lanes finish = {0};
        for (int k = m - 1; k >= 0; k--) {
            finish = max_lanes(finish, after[k]) + pick(times + k * stride, c, choice);
            column[k] = finish;
        }
    }
    /* Each position 0..shorter - 1: the lane's job inserted between the heads and the tails
     * of that column, the heads then advanced a column; then the last position, with no
     * tails. */
    lanes best = ~(lanes){0};
    for (int i = 0; i < shorter; i++) {
        const lanes choice = choice_at(i, removed);
        const lanes *tail = tails + (size_t)i * (size_t)m;
        lanes finish = {0}, makespan = {0}, next_head = {0};
        for (int k = 0; k < m; k++) {
            const lanes head = heads[k];
            finish = max_lanes(finish, head) + job[k];
            makespan = max_lanes(makespan, finish + tail[k]);
            next_head = max_lanes(next_head, head) + pick(times + k * stride, i, choice);
            heads[k] = next_head;
        }
        best = min_lanes(best, makespan);
    }
    lanes finish = {0};
    for (int k = 0; k < m; k++)
        finish = max_lanes(finish, heads[k]) + job[k];
    best = min_lanes(best, finish);
    for (int l = 0; l < count; l++)
        least[l] = (int)best[l];
}
