/* progress.h — what flowshop-sweep shows while a sweep runs: a progress line on stderr
 * (runs done/total, the run in progress, elapsed time and ETA) when stderr is a terminal,
 * and one line per finished run on stdout. */
#ifndef SWEEP_PROGRESS_H
#define SWEEP_PROGRESS_H

#include "sweep_run.h"
#include "sweep_spec.h"

#include <glib.h>

typedef struct sweep_progress {
    const fsbb_sweep_spec *spec;
    int live;                 /* draw the progress line (stderr is a terminal) */
    int quiet;                /* no per-run lines */
    GTimer *clock;            /* since the execution started */
    double run_started;       /* clock time when the run in progress started */
    char *label;              /* the run in progress: instance, varying values, repeat */
    long done, total, pending, finished;
} sweep_progress;

void sweep_progress_init(sweep_progress *progress, const fsbb_sweep_spec *spec, int quiet);
void sweep_progress_clear(sweep_progress *progress);
/* Callbacks for fsbb_sweep_execute that report to progress. */
fsbb_sweep_callbacks sweep_progress_callbacks(sweep_progress *progress);
/* "1:02:03", "3:10" or "12 s". */
void sweep_format_duration(double seconds, char *buffer, size_t size);

#endif
