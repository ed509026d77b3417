/* progress_log_read.h — a progress log (flowshop-bb --log: JSON lines "run", "progress",
 * "result", solver/core/progress_log.h) read back for its chart. A line that is no JSON
 * object (a run killed while writing, or another file) is left out and counted; values
 * that are null or missing are NAN. */
#ifndef FSBB_PROGRESS_LOG_READ_H
#define FSBB_PROGRESS_LOG_READ_H

#include <glib.h>

/* One moment of the search: a progress line, or the result. */
typedef struct fsbb_log_point {
    double time_s;
    double incumbent, lower_bound;
    double fraction_done;        /* 0..1 */
    double eta_s;
} fsbb_log_point;

typedef struct fsbb_log {
    char *instance, *engine, *device;   /* from the run line (or the result's); NULL: not said */
    int jobs, machines;                 /* 0: not said */
    GArray *points;                     /* fsbb_log_point, in the file's order; the result last */
    int has_result;                     /* the last point is the result line */
    int optimal;                        /* the result says the optimum is proven */
    int lines, bad_lines;               /* non-empty lines, and those left out */
} fsbb_log;

/* Reads path; FALSE with error when it cannot be read or holds no line of a log. */
gboolean fsbb_log_read(const char *path, fsbb_log *log, GError **error);
void fsbb_log_clear(fsbb_log *log);

#endif
