/* insertion.c — Taillard's accelerated insertion neighbourhood with idle-time tie-breaking
 * (insertion.h). */
#include "insertion.h"

#include "insertion_lanes.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#define ROW_ALIGN 8 /* ints: 32 bytes, one AVX register */
#define BLOCK 16    /* positions evaluated together */

static inline int max_int(int a, int b)
{
    return a > b ? a : b;
}

static inline unsigned max_unsigned(unsigned a, unsigned b)
{
    return a > b ? a : b;
}

/* count ints, zeroed, with room for a block of positions read past the end, aligned to a
 * row's vector. From calloc, not memset: a large block comes zeroed from the system, page by
 * page as it is first touched, so a table of a large instance (120 MB at 30000 jobs x 1000
 * machines) costs its time where NEH reaches it, under the time limit, not all at once
 * here. The block calloc returned is kept just before the table, for table_free. */
static int *table(size_t count)
{
    const size_t alignment = ROW_ALIGN * sizeof(int);
    const size_t size = sizeof(int) * ((count + BLOCK + ROW_ALIGN) / ROW_ALIGN * ROW_ALIGN);
    char *block = calloc(1, size + alignment + sizeof(void *));
    if (!block)
        return NULL;
    const uintptr_t first = (uintptr_t)(block + sizeof(void *));
    void **values = (void **)((first + alignment - 1) / alignment * alignment);
    values[-1] = block;
    return (int *)values;
}

static void table_free(int *values)
{
    if (values)
        free(((void **)values)[-1]);
}

void fsbb_insertion_free(fsbb_insertion *w)
{
    free(w->times);
    table_free(w->head);
    table_free(w->tail);
    table_free(w->part_head);
    table_free(w->part_tail);
    table_free(w->cost);
    free(w->column);
    fsbb_insertion_lanes_free(w);
    memset(w, 0, sizeof *w);
}

int fsbb_insertion_init(fsbb_insertion *w, int n, int m, const int *p)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->m = m;
    w->stride = (n + 1 + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
    const size_t rows = (size_t)m * (size_t)w->stride;
    w->times = malloc(sizeof(int) * (size_t)n * (size_t)m);
    w->head = table(rows);
    w->tail = table(rows);
    w->part_head = table(rows);
    w->part_tail = table(rows);
    w->cost = table((size_t)w->stride);
    w->column = malloc(sizeof(int) * ((size_t)m + 1));
    if (!w->times || !w->head || !w->tail || !w->part_head || !w->part_tail || !w->cost ||
        !w->column) {
        fsbb_insertion_free(w);
        return -1;
    }
    for (int j = 0; j < n; j++)
        for (int k = 0; k < m; k++)
            w->times[j * m + k] = p[k * n + j];
    if (fsbb_insertion_lanes_init(w) != 0) {
        fsbb_insertion_free(w);
        return -1;
    }
    return 0;
}

int fsbb_insertion_makespan(const fsbb_insertion *w, const int *seq, int length)
{
    const int m = w->m;
    int *completion = w->column;
    for (int k = 0; k < m; k++)
        completion[k] = 0;
    for (int i = 0; i < length; i++) {
        const int *t = w->times + seq[i] * m;
        int left = 0;
        for (int k = 0; k < m; k++) {
            left = max_int(completion[k], left) + t[k];
            completion[k] = left;
        }
    }
    return completion[m - 1];
}

/* The recurrences of the heads and tails, column by column: each column is the one before
 * it with one more job. Four jobs go together, machine by machine, so that the column
 * between them stays in registers and only every fourth is read back from memory. */

/* Head columns first + 1 .. first + count of table head from column first, appending the
 * jobs order[0..count) in turn. */
static void extend_heads(const fsbb_insertion *w, int *head, int first, const int *order, int count)
{
    const int m = w->m, stride = w->stride;
    int r = 0;
    for (; r + 4 <= count; r += 4) {
        const int *t0 = w->times + order[r] * m, *t1 = w->times + order[r + 1] * m;
        const int *t2 = w->times + order[r + 2] * m, *t3 = w->times + order[r + 3] * m;
        int *column = head + first + r;
        int c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (int k = 0; k < m; k++) {
            int *cell = column + k * stride;
            c0 = max_int(cell[0], c0) + t0[k];
            c1 = max_int(c0, c1) + t1[k];
            c2 = max_int(c1, c2) + t2[k];
            c3 = max_int(c2, c3) + t3[k];
            cell[1] = c0;
            cell[2] = c1;
            cell[3] = c2;
            cell[4] = c3;
        }
    }
    for (; r < count; r++) {
        const int *t = w->times + order[r] * m;
        int *column = head + first + r;
        int c = 0;
        for (int k = 0; k < m; k++) {
            c = max_int(column[k * stride], c) + t[k];
            column[k * stride + 1] = c;
        }
    }
}

/* Tail columns last - 1 down to last - count of table tail from column last, prepending
 * the jobs order[count-1], ..., order[0] in turn (order[r] goes at column last - count + r). */
static void extend_tails(const fsbb_insertion *w, int *tail, int last, const int *order, int count)
{
    const int m = w->m, stride = w->stride;
    int r = count - 1;
    for (; r >= 3; r -= 4) {
        const int *t0 = w->times + order[r] * m, *t1 = w->times + order[r - 1] * m;
        const int *t2 = w->times + order[r - 2] * m, *t3 = w->times + order[r - 3] * m;
        int *column = tail + last - count + r;
        int c0 = 0, c1 = 0, c2 = 0, c3 = 0;
        for (int k = m - 1; k >= 0; k--) {
            int *cell = column + k * stride;
            c0 = max_int(cell[1], c0) + t0[k];
            c1 = max_int(c0, c1) + t1[k];
            c2 = max_int(c1, c2) + t2[k];
            c3 = max_int(c2, c3) + t3[k];
            cell[0] = c0;
            cell[-1] = c1;
            cell[-2] = c2;
            cell[-3] = c3;
        }
    }
    for (; r >= 0; r--) {
        const int *t = w->times + order[r] * m;
        int *column = tail + last - count + r;
        int c = 0;
        for (int k = m - 1; k >= 0; k--) {
            c = max_int(column[k * stride + 1], c) + t[k];
            column[k * stride] = c;
        }
    }
}

void fsbb_insertion_load(fsbb_insertion *w, const int *seq, int length)
{
    for (int k = 0; k < w->m; k++) {
        w->head[k * w->stride] = 0;
        w->tail[k * w->stride + length] = 0;
    }
    extend_heads(w, w->head, 0, seq, length);
    extend_tails(w, w->tail, length, seq, length);
}

void fsbb_insertion_reload(fsbb_insertion *w, const int *seq, int length, int lo, int hi)
{
    extend_heads(w, w->head, lo, seq + lo, length - lo);
    extend_tails(w, w->tail, hi + 1, seq, hi + 1);
}

/* Positions in vector lanes (GCC and Clang vector extensions): eight in a 256-bit vector
 * with AVX2, whatever -mprefer-vector-width says, else four in a 128-bit one. Loads and
 * stores through this type may be unaligned. */
#ifdef __AVX2__
typedef unsigned lanes __attribute__((vector_size(32), aligned(4), may_alias));
#define LANES 8
#else
typedef unsigned lanes __attribute__((vector_size(16), aligned(4), may_alias));
#define LANES 4
#endif

static inline lanes max_lanes(lanes a, lanes b)
{
#ifdef __AVX2__
    return (lanes)_mm256_max_epu32((__m256i)a, (__m256i)b);
#else
    const lanes a_larger = (lanes)(a > b);
    return (a & a_larger) | (b & ~a_larger);
#endif
}

/* cost[i] for positions lo <= i < hi: the makespan with the job of times t at position i,
 * between the head column i of head and the tail column i of tail. Positions go in blocks
 * of BLOCK held in vector registers through all machines; the last block may run past hi
 * (tables and cost have room, and what it writes there is not read). The sums are unsigned:
 * past hi the columns hold what earlier, longer sequences left there, whose sums may pass
 * INT_MAX; up to hi every sum is a makespan, at most the instance's total time. */
static void evaluate(const fsbb_insertion *w, const int *restrict t, const int *restrict head,
                     const int *restrict tail, int lo, int hi)
{
    enum { VECTORS = BLOCK / LANES };
    const int m = w->m, stride = w->stride;
    int *restrict cost = w->cost;
    for (int base = lo; base < hi; base += BLOCK) {
        lanes finish[VECTORS], makespan[VECTORS];
        const unsigned first_time = (unsigned)t[0];
        for (int v = 0; v < VECTORS; v++) {
            finish[v] = *(const lanes *)(head + base + v * LANES) + first_time;
            makespan[v] = finish[v] + *(const lanes *)(tail + base + v * LANES);
        }
        for (int k = 1; k < m; k++) {
            const int *restrict head_k = head + k * stride + base;
            const int *restrict tail_k = tail + k * stride + base;
            const unsigned time = (unsigned)t[k];
            for (int v = 0; v < VECTORS; v++) {
                finish[v] = max_lanes(finish[v], *(const lanes *)(head_k + v * LANES)) + time;
                makespan[v] = max_lanes(makespan[v], finish[v] + *(const lanes *)(tail_k + v * LANES));
            }
        }
        for (int v = 0; v < VECTORS; v++)
            *(lanes *)(cost + base + v * LANES) = makespan[v];
    }
}

/* cost[i] for positions lo <= i < hi as evaluate() does, for the block of `size` jobs of
 * times t[0..size) in a row at position i. */
static void evaluate_block(const fsbb_insertion *w, const int *const *t, int size, const int *restrict head,
                           const int *restrict tail, int lo, int hi)
{
    const int m = w->m, stride = w->stride, last = size - 1;
    int *restrict cost = w->cost;
    for (int base = lo; base < hi; base += BLOCK) {
        unsigned finish[FSBB_INSERTION_MAX_BLOCK][BLOCK], makespan[BLOCK];
        for (int b = 0; b < BLOCK; b++)
            finish[0][b] = (unsigned)head[base + b] + (unsigned)t[0][0];
        for (int j = 1; j < size; j++)
            for (int b = 0; b < BLOCK; b++)
                finish[j][b] = finish[j - 1][b] + (unsigned)t[j][0];
        for (int b = 0; b < BLOCK; b++)
            makespan[b] = finish[last][b] + (unsigned)tail[base + b];
        for (int k = 1; k < m; k++) {
            const int *restrict head_k = head + k * stride + base;
            const int *restrict tail_k = tail + k * stride + base;
            const unsigned first_time = (unsigned)t[0][k];
            for (int b = 0; b < BLOCK; b++)
                finish[0][b] = max_unsigned(finish[0][b], (unsigned)head_k[b]) + first_time;
            for (int j = 1; j < size; j++) {
                const unsigned time = (unsigned)t[j][k];
                for (int b = 0; b < BLOCK; b++)
                    finish[j][b] = max_unsigned(finish[j][b], finish[j - 1][b]) + time;
            }
            for (int b = 0; b < BLOCK; b++)
                makespan[b] = max_unsigned(makespan[b], finish[last][b] + (unsigned)tail_k[b]);
        }
        for (int b = 0; b < BLOCK; b++)
            cost[base + b] = (int)makespan[b];
    }
}

/* A sequence into which a job is inserted, seen through the loaded tables: the loaded
 * sequence itself (removed < 0), or the loaded sequence without its job at `removed`. */
typedef struct shorter_sequence {
    const int *seq;
    int length; /* of the shorter sequence */
    int removed;
} shorter_sequence;

static int job_at(const shorter_sequence *s, int i)
{
    return s->removed >= 0 && i >= s->removed ? s->seq[i + 1] : s->seq[i];
}

/* Column i of the heads of the sequence (stride apart, machine by machine). */
static const int *head_column(const fsbb_insertion *w, const shorter_sequence *s, int i)
{
    return (s->removed >= 0 && i > s->removed ? w->part_head : w->head) + i;
}

/* Fernandez-Viagas and Framinan's estimate of the idle time that the job of times t adds
 * at position i: on machines 2..m, the completion of the job that follows it (if any)
 * after minus before the insertion, or else the job's own completion minus that of the
 * last job before it. */
static long long idle_estimate(const fsbb_insertion *w, const shorter_sequence *s, const int *t, int i)
{
    const int m = w->m, stride = w->stride;
    int *f = w->column;
    const int *before = head_column(w, s, i);
    f[0] = before[0] + t[0];
    for (int k = 1; k < m; k++)
        f[k] = max_int(f[k - 1], before[k * stride]) + t[k];
    long long idle = 0;
    if (i == s->length) {
        for (int k = 1; k < m; k++)
            idle += f[k] - before[k * stride];
        return idle;
    }
    const int *next = w->times + job_at(s, i) * m;
    const int *next_before = head_column(w, s, i + 1);
    int g = f[0] + next[0];
    for (int k = 1; k < m; k++) {
        g = max_int(g, f[k]) + next[k];
        idle += g - next_before[k * stride];
    }
    return idle;
}

/* The best of w->cost[0..s->length] with ties broken when it is below `below` (else the
 * first position of the best); its position into *position. */
static int choose(const fsbb_insertion *w, const shorter_sequence *s, const int *t, int below, int *position)
{
    const int *cost = w->cost, length = s->length;
    /* Three passes (the minimum and the count of ties in vector lanes) rather than one with
     * two unpredictable branches per position. */
    int best = cost[0];
    for (int i = 1; i <= length; i++)
        best = cost[i] < best ? cost[i] : best;
    int first = 0;
    while (cost[first] != best)
        first++;
    int ties = 0;
    for (int i = first; i <= length; i++)
        ties += cost[i] == best;
    *position = first;
    if (ties == 1 || best >= below)
        return best;
    long long least = idle_estimate(w, s, t, first);
    for (int i = first + 1; i <= length; i++) {
        if (cost[i] != best)
            continue;
        const long long idle = idle_estimate(w, s, t, i);
        if (idle < least) {
            least = idle;
            *position = i;
        }
    }
    return best;
}

void fsbb_insertion_costs(fsbb_insertion *w, const int *seq, int length, int job, int *costs)
{
    fsbb_insertion_load(w, seq, length);
    evaluate(w, w->times + job * w->m, w->head, w->tail, 0, length + 1);
    memcpy(costs, w->cost, sizeof(int) * ((size_t)length + 1));
}

int fsbb_insertion_best(fsbb_insertion *w, const int *seq, int length, int job, int *position)
{
    const int *t = w->times + job * w->m;
    fsbb_insertion_load(w, seq, length);
    evaluate(w, t, w->head, w->tail, 0, length + 1);
    const shorter_sequence s = {seq, length, -1};
    return choose(w, &s, t, INT_MAX, position);
}

int fsbb_insertion_reinsert(fsbb_insertion *w, const int *seq, int length, int from, int below, int *position)
{
    const int m = w->m, stride = w->stride;
    const int *t = w->times + seq[from] * m;
    const int shorter = length - 1;
    /* Without the job: heads up to its place and tails after it are those loaded (the
     * tails one column on); heads after it and tails before it are recomputed. */
    for (int k = 0; k < m; k++) {
        w->part_head[k * stride + from] = w->head[k * stride + from];
        w->part_tail[k * stride + from] = w->tail[k * stride + from + 1];
    }
    extend_heads(w, w->part_head, from, seq + from + 1, shorter - from);
    extend_tails(w, w->part_tail, from, seq, from);
    evaluate(w, t, w->head, w->part_tail, 0, from);
    evaluate(w, t, w->part_head, w->tail + 1, from, shorter + 1);
    const shorter_sequence s = {seq, shorter, from};
    return choose(w, &s, t, below, position);
}

int fsbb_insertion_reinsert_block(fsbb_insertion *w, const int *seq, int length, int from, int size, int *position)
{
    const int m = w->m, stride = w->stride;
    const int shorter = length - size;
    const int *t[FSBB_INSERTION_MAX_BLOCK];
    for (int j = 0; j < size; j++)
        t[j] = w->times + seq[from + j] * m;
    /* Without the block, as fsbb_insertion_reinsert without its job. */
    for (int k = 0; k < m; k++) {
        w->part_head[k * stride + from] = w->head[k * stride + from];
        w->part_tail[k * stride + from] = w->tail[k * stride + from + size];
    }
    extend_heads(w, w->part_head, from, seq + from + size, shorter - from);
    extend_tails(w, w->part_tail, from, seq, from);
    evaluate_block(w, t, size, w->head, w->part_tail, 0, from);
    evaluate_block(w, t, size, w->part_head, w->tail + size, from, shorter + 1);
    const int *cost = w->cost;
    int best = cost[0];
    *position = 0;
    for (int i = 1; i <= shorter; i++)
        if (cost[i] < best) {
            best = cost[i];
            *position = i;
        }
    return best;
}
