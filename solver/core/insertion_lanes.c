/* insertion_lanes.c — several reinsertions at once in vector lanes (insertion_lanes.h). */
#include "insertion_lanes.h"

#include <stdint.h>
#include <stdlib.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

/* One value per lane (GCC and Clang vector extensions), unsigned as in insertion.c: with
 * AVX2 a 256-bit vector of 8 values of 32 bits (wide lanes) or 16 of 16 bits (narrow
 * lanes), else a 128-bit one of 4 values of 32 bits and no narrow lanes. */
#ifdef __AVX2__
#define VECTOR_BYTES 32
#define NARROW_LANES 16
typedef uint16_t narrow_lanes __attribute__((vector_size(VECTOR_BYTES)));
#else
#define VECTOR_BYTES 16
#define NARROW_LANES 0
#endif
typedef uint32_t wide_lanes __attribute__((vector_size(VECTOR_BYTES)));
#define WIDE_LANES (VECTOR_BYTES / 4)

/* The largest value a narrow lane holds. */
#define NARROW_MAX 65535

/* The lanes' workspace: the tails of the shorter sequences, n columns of m vectors, then
 * the heads of one column and the times of the lanes' jobs, m vectors each, then the
 * makespans at each position, n vectors. */
static size_t lane_space_bytes(const fsbb_insertion *w)
{
    return (size_t)VECTOR_BYTES * (((size_t)w->n + 2) * (size_t)w->m + (size_t)w->n);
}

int fsbb_insertion_lanes_init(fsbb_insertion *w)
{
    w->sequence_times = NULL;
    w->lane_space = NULL;
    w->lane_stride = w->stride + VECTOR_BYTES / 4; /* room for a vector read at the last column */
    w->longest_job = 0;
    for (int j = 0; j < w->n; j++) {
        int total = 0;
        for (int k = 0; k < w->m; k++)
            total += w->times[j * w->m + k];
        w->longest_job = total > w->longest_job ? total : w->longest_job;
    }
    const size_t times_bytes = sizeof(int) * (size_t)w->m * (size_t)w->lane_stride;
    if (times_bytes + lane_space_bytes(w) > FSBB_INSERTION_LANES_MAX_BYTES)
        return 0;
    w->sequence_times = calloc(1, times_bytes);
    w->lane_space = aligned_alloc(VECTOR_BYTES, lane_space_bytes(w));
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

/* Whether a sequence of that makespan fits narrow lanes: every value of the recurrence is
 * a makespan of its jobs with one moved, at most makespan + the longest job, and every
 * position one too. */
static int fits_narrow_lanes(const fsbb_insertion *w, int makespan)
{
    return NARROW_LANES > 0 && w->n <= NARROW_MAX && makespan <= NARROW_MAX - w->longest_job;
}

int fsbb_insertion_lanes_width(const fsbb_insertion *w, int makespan)
{
    return fits_narrow_lanes(w, makespan) ? NARROW_LANES : WIDE_LANES;
}

/* Wide lanes: lane-wise maximum and minimum; the choice of neighbour, with AVX2 the index
 * (0 or 1) of a permutation of row[column..], else a mask of the lanes that take the next. */
static inline wide_lanes max_wide(wide_lanes a, wide_lanes b)
{
#ifdef __AVX2__
    return (wide_lanes)_mm256_max_epu32((__m256i)a, (__m256i)b);
#else
    const wide_lanes a_larger = (wide_lanes)(a > b);
    return (a & a_larger) | (b & ~a_larger);
#endif
}

static inline wide_lanes min_wide(wide_lanes a, wide_lanes b)
{
#ifdef __AVX2__
    return (wide_lanes)_mm256_min_epu32((__m256i)a, (__m256i)b);
#else
    const wide_lanes a_smaller = (wide_lanes)(a < b);
    return (a & a_smaller) | (b & ~a_smaller);
#endif
}

/* Column c of a lane's shorter sequence holds the job after the loaded one from the
 * position taken out on. */
static inline wide_lanes choice_wide(int column, wide_lanes removed)
{
    const wide_lanes next = (wide_lanes)(((wide_lanes){0} + (uint32_t)column) >= removed);
#ifdef __AVX2__
    return next & 1u;
#else
    return next;
#endif
}

static inline wide_lanes pick_wide(const int *row, int column, wide_lanes choice)
{
#ifdef __AVX2__
    return (wide_lanes)_mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(row + column)),
                                                   (__m256i)choice);
#else
    const wide_lanes here = (wide_lanes){0} + (uint32_t)row[column], next = (wide_lanes){0} + (uint32_t)row[column + 1];
    return here ^ ((here ^ next) & choice);
#endif
}

#define KERNEL least_wide
#define LANES_T wide_lanes
#define LANE_COUNT WIDE_LANES
#define CHOICE_T wide_lanes
#define MAX max_wide
#define MIN min_wide
#define CHOICE_AT choice_wide
#define PICK pick_wide
#include "insertion_lanes_kernel.h"

#ifdef __AVX2__
/* Narrow lanes: the times are ints below 2^16; the two neighbours row[column] and
 * row[column + 1] are the low halves of the first two ints of row[column..column + 4),
 * copied to both 128-bit halves and picked per lane by a byte shuffle (bytes 0-1 or 4-5). */
static inline narrow_lanes max_narrow(narrow_lanes a, narrow_lanes b)
{
    return (narrow_lanes)_mm256_max_epu16((__m256i)a, (__m256i)b);
}

static inline narrow_lanes min_narrow(narrow_lanes a, narrow_lanes b)
{
    return (narrow_lanes)_mm256_min_epu16((__m256i)a, (__m256i)b);
}

static inline __m256i choice_narrow(int column, narrow_lanes removed)
{
    const narrow_lanes next = (narrow_lanes)(((narrow_lanes){0} + (uint16_t)column) >= removed);
    return (__m256i)((next & 0x0404) | 0x0100);
}

static inline narrow_lanes pick_narrow(const int *row, int column, __m256i choice)
{
    const __m256i pair = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(row + column)));
    return (narrow_lanes)_mm256_shuffle_epi8(pair, choice);
}

#define KERNEL least_narrow
#define LANES_T narrow_lanes
#define LANE_COUNT NARROW_LANES
#define CHOICE_T __m256i
#define MAX max_narrow
#define MIN min_narrow
#define CHOICE_AT choice_narrow
#define PICK pick_narrow
#include "insertion_lanes_kernel.h"
#endif

void fsbb_insertion_least_reinsertions(fsbb_insertion *w, int length, int makespan, const int *from, int count,
                                       int *least)
{
    w->lanes_narrow = fits_narrow_lanes(w, makespan);
#ifdef __AVX2__
    if (w->lanes_narrow) {
        least_narrow(w, length, from, count, least);
        return;
    }
#endif
    least_wide(w, length, from, count, least);
}

int fsbb_insertion_lanes_position(const fsbb_insertion *w, int lane, int length, int *position)
{
    /* the makespans at each position, after the tails, heads and job times (lane_space_bytes) */
    const size_t costs = (((size_t)w->n + 2) * (size_t)w->m) * VECTOR_BYTES;
    const uint16_t *narrow = (const uint16_t *)((const char *)w->lane_space + costs);
    const uint32_t *wide = (const uint32_t *)((const char *)w->lane_space + costs);
    unsigned best = UINT32_MAX;
    int ties = 0;
    for (int i = 0; i < length; i++) {
        const unsigned cost = w->lanes_narrow ? narrow[i * NARROW_LANES + lane] : wide[i * WIDE_LANES + lane];
        if (cost < best) {
            best = cost;
            *position = i;
            ties = 1;
        } else {
            ties += cost == best;
        }
    }
    return ties == 1;
}
