/* interchange.c — the interchange neighbourhood on loaded heads and tails, with the
 * critical-path lower bound (interchange.h). */
#include "interchange.h"

#include <stdlib.h>
#include <string.h>

/* Jobs of the segment between two checks of the early stop. */
#define CHECK_EVERY 8

static inline int max_int(int a, int b)
{
    return a > b ? a : b;
}

void fsbb_interchange_free(fsbb_interchange *x)
{
    free(x->path_first);
    free(x->path_last);
    free(x->job_prefix);
    free(x->row_prefix);
    free(x->column);
    memset(x, 0, sizeof *x);
}

int fsbb_interchange_init(fsbb_interchange *x, const fsbb_insertion *w)
{
    const int n = w->n, m = w->m;
    memset(x, 0, sizeof *x);
    x->n = n;
    x->m = m;
    x->path_first = malloc(sizeof(int) * (size_t)n);
    x->path_last = malloc(sizeof(int) * (size_t)n);
    x->job_prefix = malloc(sizeof(int) * (size_t)n * ((size_t)m + 1));
    x->row_prefix = malloc(sizeof(int) * (size_t)m * ((size_t)n + 1));
    x->column = malloc(sizeof(int) * 2 * (size_t)m);
    if (!x->path_first || !x->path_last || !x->job_prefix || !x->row_prefix || !x->column) {
        fsbb_interchange_free(x);
        return -1;
    }
    for (int j = 0; j < n; j++) {
        int *prefix = x->job_prefix + j * (m + 1);
        prefix[0] = 0;
        for (int k = 0; k < m; k++)
            prefix[k + 1] = prefix[k] + w->times[j * m + k];
    }
    return 0;
}

void fsbb_interchange_prepare(fsbb_interchange *x, const fsbb_insertion *w, const int *seq, int length)
{
    const int m = w->m, stride = w->stride, n1 = x->n + 1;
    for (int k = 0; k < m; k++) {
        int *row = x->row_prefix + k * n1;
        row[0] = 0;
        for (int q = 0; q < length; q++)
            row[q + 1] = row[q] + w->times[seq[q] * m + k];
    }
    /* Back from the last operation: completion (k, q) is head[k][q + 1]; its start was set
     * by the operation below it (k - 1, q) when that ended no earlier than (k, q - 1). */
    const int *head = w->head;
    int k = m - 1, q = length - 1;
    x->path_last[q] = k;
    while (q > 0 || k > 0) {
        if (k > 0 && (q == 0 || head[(k - 1) * stride + q + 1] >= head[k * stride + q])) {
            k--;
        } else {
            x->path_first[q] = k;
            q--;
            x->path_last[q] = k;
        }
    }
    x->path_first[0] = 0;
}

/* Times of job on machines first..last. */
static inline int span(const fsbb_interchange *x, int job, int first, int last)
{
    const int *prefix = x->job_prefix + job * (x->m + 1);
    return prefix[last + 1] - prefix[first];
}

int fsbb_interchange_bound(const fsbb_interchange *x, const int *seq, int makespan, int i, int j)
{
    const int a = seq[i], b = seq[j];
    const int fi = x->path_first[i], li = x->path_last[i], fj = x->path_first[j], lj = x->path_last[j];
    return makespan + span(x, b, fi, li) - span(x, a, fi, li) + span(x, a, fj, lj) - span(x, b, fj, lj);
}

/* A lower bound on the makespan once the new segment is scheduled up to (not including)
 * position next of seq, with completions f: on each machine k, the rest of the segment's
 * middle (positions next..j - 1 of seq) and then the path from the job moved to j on that
 * machine to the end, g[k]. */
static int rest_bound(const fsbb_interchange *x, const int *f, const int *g, int next, int j)
{
    const int m = x->m, n1 = x->n + 1;
    int bound = 0;
    for (int k = 0; k < m; k++) {
        const int *row = x->row_prefix + k * n1;
        bound = max_int(bound, f[k] + row[j] - row[next] + g[k]);
    }
    return bound;
}

int fsbb_interchange_makespan(fsbb_interchange *x, const fsbb_insertion *w, const int *seq, int i, int j, int below)
{
    const int m = w->m, stride = w->stride;
    const int *ta = w->times + seq[i] * m, *tb = w->times + seq[j] * m;
    /* f: completions of the job moved to i after the heads before it; g: from the start of
     * the job moved to j on each machine to the end, before the tails after it. The
     * makespan is max_k f[k] + g[k] once f has passed the middle. */
    int *f = x->column, *g = x->column + m;
    int c = 0;
    for (int k = 0; k < m; k++) {
        c = max_int(c, w->head[k * stride + i]) + tb[k];
        f[k] = c;
    }
    c = 0;
    for (int k = m - 1; k >= 0; k--) {
        c = max_int(c, w->tail[k * stride + j + 1]) + ta[k];
        g[k] = c;
    }
    for (int next = i + 1; next < j; next++) {
        if ((next - i - 1) % CHECK_EVERY == 0) {
            const int bound = rest_bound(x, f, g, next, j);
            if (bound >= below)
                return bound;
        }
        const int *t = w->times + seq[next] * m;
        c = 0;
        for (int k = 0; k < m; k++) {
            c = max_int(c, f[k]) + t[k];
            f[k] = c;
        }
    }
    int makespan = 0;
    for (int k = 0; k < m; k++)
        makespan = max_int(makespan, f[k] + g[k]);
    return makespan;
}
