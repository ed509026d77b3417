/* characterize.c — trace records, the trace file format, and the I_irre / U_util
 * characterization of characterize.h. */
#include "characterize.h"

#include "error.h"
#include "text_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

enum { WARP_LANES = 32 };

/* The longest trace file read, far above what --diagnose writes (65536 tasks and a pool):
 * a device or an endless stream stops there. */
#define FSBB_TRACE_MAX_BYTES ((size_t)256 << 20)
/* The longest line of a trace: a record takes at most 5 numbers of 20 digits. */
#define FSBB_TRACE_MAX_LINE 255

void fsbb_trace_init(fsbb_trace *trace)
{
    memset(trace, 0, sizeof *trace);
}

void fsbb_trace_free(fsbb_trace *trace)
{
    free(trace->tasks);
    free(trace->warps);
    fsbb_trace_init(trace);
}

static int grow(void **items, int64_t *capacity, int64_t needed, size_t item_size)
{
    if (needed <= *capacity)
        return 0;
    int64_t wanted = *capacity ? *capacity * 2 : 1024;
    if (wanted < needed)
        wanted = needed;
    void *bigger = realloc(*items, (size_t)wanted * item_size);
    if (!bigger)
        return -1;
    *items = bigger;
    *capacity = wanted;
    return 0;
}

fsbb_status fsbb_trace_add_task(fsbb_trace *trace, int64_t warp, int lane, int64_t task, int64_t begin, int64_t end,
                                fsbb_error *err)
{
    if (grow((void **)&trace->tasks, &trace->task_capacity, trace->task_count + 1, sizeof *trace->tasks))
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %" PRId64 " task records", trace->task_count + 1);
    trace->tasks[trace->task_count++] = (fsbb_task_record){warp, lane, task, begin, end};
    return FSBB_OK;
}

fsbb_status fsbb_trace_add_warp(fsbb_trace *trace, int64_t warp, int64_t head, int64_t tail, fsbb_error *err)
{
    if (grow((void **)&trace->warps, &trace->warp_capacity, trace->warp_count + 1, sizeof *trace->warps))
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %" PRId64 " warp records", trace->warp_count + 1);
    trace->warps[trace->warp_count++] = (fsbb_warp_record){warp, head, tail};
    return FSBB_OK;
}

/* One line of a trace file (NUL-terminated, without its newline). */
static fsbb_status read_record(const char *text, long number, fsbb_trace *trace, fsbb_error *err)
{
    text += strspn(text, " \t\r");
    if (*text == '#' || *text == '\0')
        return FSBB_OK;
    int64_t warp, task, begin, end, head, tail;
    int lane, used = 0;
    if (sscanf(text, "task %" SCNd64 " %d %" SCNd64 " %" SCNd64 " %" SCNd64 " %n", &warp, &lane, &task, &begin, &end,
               &used) == 5 &&
        text[used] == '\0')
        return fsbb_trace_add_task(trace, warp, lane, task, begin, end, err);
    if (sscanf(text, "warp %" SCNd64 " %" SCNd64 " %" SCNd64 " %n", &warp, &head, &tail, &used) == 3 &&
        text[used] == '\0')
        return fsbb_trace_add_warp(trace, warp, head, tail, err);
    return fsbb_fail(err, FSBB_ERR_PARSE, "trace line %ld: expected 'task WARP LANE TASK BEGIN END' or "
                     "'warp WARP HEAD TAIL'", number);
}

fsbb_status fsbb_trace_read(FILE *file, fsbb_trace *trace, fsbb_error *err)
{
    char *text = NULL;
    size_t length = 0;
    fsbb_status status = fsbb_text_read(file, "trace", FSBB_TRACE_MAX_BYTES, "a trace", &text, &length, err);
    long number = 0;
    for (size_t start = 0; status == FSBB_OK && start < length; number++) {
        const char *newline = memchr(text + start, '\n', length - start);
        const size_t end = newline ? (size_t)(newline - text) : length;
        char line[FSBB_TRACE_MAX_LINE + 1];
        if (memchr(text + start, '\0', end - start))
            status = fsbb_fail(err, FSBB_ERR_PARSE, "trace line %ld: NUL byte: binary data, not a trace", number + 1);
        else if (end - start > FSBB_TRACE_MAX_LINE)
            status = fsbb_fail(err, FSBB_ERR_PARSE, "trace line %ld: longer than %d bytes", number + 1,
                               FSBB_TRACE_MAX_LINE);
        else {
            memcpy(line, text + start, end - start);
            line[end - start] = '\0';
            status = read_record(line, number + 1, trace, err);
        }
        start = end + 1;
    }
    free(text);
    return status;
}

fsbb_status fsbb_trace_load(const char *path, fsbb_trace *trace, fsbb_error *err)
{
    FILE *file = fopen(path, "r");
    if (!file)
        return fsbb_fail(err, FSBB_ERR_IO, "%s: %s", path, strerror(errno));
    const fsbb_status status = fsbb_trace_read(file, trace, err);
    fclose(file);
    return status;
}

fsbb_status fsbb_trace_file_stats(const char *path, fsbb_trace_stats *stats, fsbb_error *err)
{
    fsbb_trace trace;
    fsbb_trace_init(&trace);
    fsbb_status status = fsbb_trace_load(path, &trace, err);
    if (status == FSBB_OK)
        status = fsbb_trace_characterize(&trace, stats, err);
    fsbb_trace_free(&trace);
    return status;
}

fsbb_status fsbb_trace_write(FILE *file, const fsbb_trace *trace, fsbb_error *err)
{
    fprintf(file, "# task WARP LANE TASK BEGIN END | warp WARP HEAD TAIL (clock cycles)\n");
    for (int64_t t = 0; t < trace->task_count; t++) {
        const fsbb_task_record *r = &trace->tasks[t];
        fprintf(file, "task %" PRId64 " %d %" PRId64 " %" PRId64 " %" PRId64 "\n", r->warp, r->lane, r->task, r->begin,
                r->end);
    }
    for (int64_t w = 0; w < trace->warp_count; w++) {
        const fsbb_warp_record *r = &trace->warps[w];
        fprintf(file, "warp %" PRId64 " %" PRId64 " %" PRId64 "\n", r->warp, r->head, r->tail);
    }
    if (ferror(file))
        return fsbb_fail(err, FSBB_ERR_IO, "writing a trace: %s", strerror(errno));
    return FSBB_OK;
}

static int compare_tasks(const void *x, const void *y)
{
    const fsbb_task_record *a = x, *b = y;
    if (a->warp != b->warp)
        return a->warp < b->warp ? -1 : 1;
    return a->lane - b->lane;
}

static int compare_warps(const void *x, const void *y)
{
    const fsbb_warp_record *a = x, *b = y;
    return (a->warp > b->warp) - (a->warp < b->warp);
}

/* The sums the two ratios are made of, over all warps. */
typedef struct ratio_sums {
    double lane_ratio;  /* sum_j sum_i T_body(i, j) / max_i T_body(i, j) */
    double lanes;       /* sum_j n_j */
    double busy;        /* sum_j (sum_i T_body(i, j) + (T_head(j) + T_tail(j)) n_j) */
    double held;        /* sum_j (T_head(j) + max_i T_body(i, j) + T_tail(j)) n_j */
} ratio_sums;

static void add_warp(ratio_sums *sums, const double *body, const int *present, int64_t head, int64_t tail,
                     fsbb_trace_stats *stats)
{
    double longest = 0, total = 0;
    int lanes = 0;
    for (int lane = 0; lane < WARP_LANES; lane++) {
        if (!present[lane])
            continue;
        lanes++;
        total += body[lane];
        longest = body[lane] > longest ? body[lane] : longest;
        if (stats->threads == 0 || body[lane] < stats->thread_min)
            stats->thread_min = body[lane];
        if (stats->threads == 0 || body[lane] > stats->thread_max)
            stats->thread_max = body[lane];
        stats->threads++;
        stats->thread_mean += body[lane];
    }
    for (int lane = 0; lane < WARP_LANES; lane++)
        if (present[lane])
            sums->lane_ratio += longest > 0 ? body[lane] / longest : 1.0;
    sums->lanes += lanes;
    sums->busy += total + (double)(head + tail) * lanes;
    sums->held += ((double)head + longest + (double)tail) * lanes;
    stats->warps++;
}

fsbb_status fsbb_trace_characterize(fsbb_trace *trace, fsbb_trace_stats *stats, fsbb_error *err)
{
    memset(stats, 0, sizeof *stats);
    if (trace->task_count == 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the trace has no task records");
    for (int64_t t = 0; t < trace->task_count; t++) {
        const fsbb_task_record *r = &trace->tasks[t];
        if (r->lane < 0 || r->lane >= WARP_LANES)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "task %" PRId64 ": lane %d outside 0..31", r->task, r->lane);
        if (r->end < r->begin)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "task %" PRId64 " ends (%" PRId64 ") before it begins (%" PRId64
                             ")", r->task, r->end, r->begin);
    }
    for (int64_t w = 0; w < trace->warp_count; w++)
        if (trace->warps[w].head < 0 || trace->warps[w].tail < 0)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "warp %" PRId64 ": negative head or tail", trace->warps[w].warp);
    if (trace->task_count > 0)
        qsort(trace->tasks, (size_t)trace->task_count, sizeof *trace->tasks, compare_tasks);
    if (trace->warp_count > 0)
        qsort(trace->warps, (size_t)trace->warp_count, sizeof *trace->warps, compare_warps);

    ratio_sums sums = {0};
    int64_t next_warp_record = 0;
    for (int64_t t = 0; t < trace->task_count;) {
        const int64_t warp = trace->tasks[t].warp;
        double body[WARP_LANES] = {0};
        int present[WARP_LANES] = {0};
        for (; t < trace->task_count && trace->tasks[t].warp == warp; t++) {
            const fsbb_task_record *r = &trace->tasks[t];
            const double length = (double)(r->end - r->begin);
            body[r->lane] += length;
            present[r->lane] = 1;
            if (stats->tasks == 0 || length < stats->task_min)
                stats->task_min = length;
            if (stats->tasks == 0 || length > stats->task_max)
                stats->task_max = length;
            stats->task_mean += length;
            stats->tasks++;
        }
        while (next_warp_record < trace->warp_count && trace->warps[next_warp_record].warp < warp)
            next_warp_record++;
        int64_t head = 0, tail = 0;
        if (next_warp_record < trace->warp_count && trace->warps[next_warp_record].warp == warp) {
            head = trace->warps[next_warp_record].head;
            tail = trace->warps[next_warp_record].tail;
        }
        add_warp(&sums, body, present, head, tail, stats);
    }
    stats->task_mean /= (double)stats->tasks;
    stats->thread_mean /= (double)stats->threads;
    stats->irregularity = sums.lane_ratio > 0 ? sums.lanes / sums.lane_ratio : 1.0;
    stats->utilization = sums.held > 0 ? sums.busy / sums.held : 1.0;
    return FSBB_OK;
}
