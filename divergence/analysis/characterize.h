/* characterize.h — CUIRRE's characterization of an irregular kernel from a trace of its
 * tasks: the number of tasks, the minimum, maximum and mean task length, the thread
 * lengths, and the irregularity I_irre and utilization U_util of Chen et al.:
 *
 *   I_irre = m n / sum_j sum_i T_body(i, j) / max_i T_body(i, j)
 *   U_util = (sum_j sum_i T_body(i, j) + sum_j (T_head(j) + T_tail(j)) n)
 *            / sum_j (T_head(j) + max_i T_body(i, j) + T_tail(j)) n
 *
 * over the m warps j of the trace and the lanes i of each. T_body(i, j) is the sum of the
 * lengths of the tasks lane i of warp j ran (with one task per thread, as the paper traces
 * it, the length of that task); T_tail includes any reduction part. n is the number of
 * lanes of warp j that appear in the trace (32 for a full warp; fewer in the last warp of a
 * grid), so a partial warp is weighed by the threads it has. A warp whose longest body is 0
 * counts as regular (every lane's ratio 1).
 *
 * Trace files are text, one record a line, '#' starting a comment:
 *   task WARP LANE TASK BEGIN END     a task that ran on lane LANE of warp WARP, clocks BEGIN..END
 *   warp WARP HEAD TAIL               the head and tail cycles of warp WARP (0 when absent) */
#ifndef FSBB_CHARACTERIZE_H
#define FSBB_CHARACTERIZE_H

#include "flowshopbb.h"

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fsbb_task_record {
    int64_t warp;
    int lane;
    int64_t task;
    int64_t begin, end;
} fsbb_task_record;

typedef struct fsbb_warp_record {
    int64_t warp;
    int64_t head, tail;
} fsbb_warp_record;

typedef struct fsbb_trace {
    fsbb_task_record *tasks;
    int64_t task_count, task_capacity;
    fsbb_warp_record *warps;
    int64_t warp_count, warp_capacity;
} fsbb_trace;

/* fsbb_trace_stats, the statistics of a trace, is public (flowshopbb.h), as is
 * fsbb_trace_file_stats, which loads a trace file and characterizes it. */

void fsbb_trace_init(fsbb_trace *trace);
void fsbb_trace_free(fsbb_trace *trace);
/* Appends a record; fails only when out of memory. */
fsbb_status fsbb_trace_add_task(fsbb_trace *trace, int64_t warp, int lane, int64_t task, int64_t begin, int64_t end,
                                fsbb_error *err);
fsbb_status fsbb_trace_add_warp(fsbb_trace *trace, int64_t warp, int64_t head, int64_t tail, fsbb_error *err);

/* Reads the records of a trace file (appending to trace): at most 256 MiB (a regular file
 * is refused from its size, a stream is read no further), lines of at most 255 bytes, no
 * NUL bytes. */
fsbb_status fsbb_trace_read(FILE *file, fsbb_trace *trace, fsbb_error *err);
fsbb_status fsbb_trace_load(const char *path, fsbb_trace *trace, fsbb_error *err);
/* Writes trace in the file format above. */
fsbb_status fsbb_trace_write(FILE *file, const fsbb_trace *trace, fsbb_error *err);

/* The statistics of a trace; fails on an empty trace, a lane outside 0..31, a task that
 * ends before it begins, or a negative head or tail. The trace's records are reordered. */
fsbb_status fsbb_trace_characterize(fsbb_trace *trace, fsbb_trace_stats *stats, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
