/* progress.c — the progress line and the per-run lines of flowshop-sweep (progress.h). */
#include "progress.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void sweep_format_duration(double seconds, char *buffer, size_t size)
{
    const long total = (long)(seconds + 0.5);
    if (total < 60)
        snprintf(buffer, size, "%ld s", total);
    else if (total < 3600)
        snprintf(buffer, size, "%ld:%02ld", total / 60, total % 60);
    else
        snprintf(buffer, size, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
}

void sweep_progress_init(sweep_progress *progress, const fsbb_sweep_spec *spec, int quiet)
{
    *progress = (sweep_progress){.spec = spec, .live = isatty(STDERR_FILENO), .quiet = quiet,
                                 .clock = g_timer_new()};
}

void sweep_progress_clear(sweep_progress *progress)
{
    if (progress->live && progress->label)
        fprintf(stderr, "\r\033[K");
    g_timer_destroy(progress->clock);
    g_free(progress->label);
    progress->label = NULL;
}

/* The instance, the values of the parameters that the sweep varies, and the repeat. */
static char *run_label(const fsbb_sweep_spec *spec, char *const *row)
{
    GString *label = g_string_new(row[FSBB_COLUMN_INSTANCE]);
    for (int p = 0; p < spec->parameter_count; p++)
        if (spec->parameters[p].value_count > 1)
            g_string_append_printf(label, " %s=%s", spec->parameters[p].name, row[fsbb_sweep_parameter_column(p)]);
    if (spec->repeats > 1)
        g_string_append_printf(label, " #%s", row[FSBB_COLUMN_REPEAT]);
    return g_string_free(label, FALSE);
}

/* Redraws the progress line; nodes < 0 when the run has not reported yet. */
static void draw(sweep_progress *progress, double nodes)
{
    if (!progress->live)
        return;
    const double now = g_timer_elapsed(progress->clock, NULL);
    char elapsed[32], eta[32] = "--", run[64] = "";
    sweep_format_duration(now, elapsed, sizeof elapsed);
    if (progress->finished > 0) {
        const double per_run = progress->run_started / (double)progress->finished;
        const double left = per_run * (double)(progress->pending - progress->finished) - (now - progress->run_started);
        sweep_format_duration(left > 0 ? left : 0, eta, sizeof eta);
    }
    if (nodes >= 0)
        snprintf(run, sizeof run, " | %.1f s, %.3g nodes", now - progress->run_started, nodes);
    fprintf(stderr, "\r[%ld/%ld] %s%s | elapsed %s, ETA %s\033[K", progress->done, progress->total,
            progress->label ? progress->label : "", run, elapsed, eta);
    fflush(stderr);
}

static void on_start(const fsbb_sweep_event *event, void *data)
{
    sweep_progress *progress = data;
    g_free(progress->label);
    progress->label = run_label(progress->spec, event->row);
    progress->done = event->done;
    progress->total = event->total;
    progress->pending = event->pending;
    progress->finished = event->finished;
    progress->run_started = g_timer_elapsed(progress->clock, NULL);
    draw(progress, -1);
}

static void on_solver_progress(const fsbb_progress *solver_progress, void *data)
{
    draw(data, (double)solver_progress->nodes);
}

static void on_done(const fsbb_sweep_event *event, void *data)
{
    sweep_progress *progress = data;
    progress->done = event->done;
    progress->finished = event->finished;
    if (progress->live)
        fprintf(stderr, "\r\033[K");
    if (!progress->quiet) {
        const fsbb_result *result = event->result;
        char makespan[64];
        if (result->optimal)
            snprintf(makespan, sizeof makespan, "makespan %d optimal", result->makespan);
        else if (result->permutation)
            snprintf(makespan, sizeof makespan, "%s: best %d, bound %d", result->stop_reason, result->makespan,
                     result->lower_bound);
        else if (result->initial_ub != INT_MAX)
            snprintf(makespan, sizeof makespan, "%s: no schedule below %d, bound %d", result->stop_reason,
                     result->initial_ub, result->lower_bound);
        else
            snprintf(makespan, sizeof makespan, "%s: none found, bound %d", result->stop_reason, result->lower_bound);
        printf("[%ld/%ld] %s: %s, %.3f s, %" G_GUINT64_FORMAT " nodes, %.3g nodes/s\n", event->done, event->total,
               progress->label, makespan, result->time_s, (guint64)result->nodes,
               result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0);
        fflush(stdout);
    }
}

static void on_failed(const fsbb_sweep_event *event, void *data)
{
    sweep_progress *progress = data;
    progress->finished = event->finished;
    if (progress->live)
        fprintf(stderr, "\r\033[K");
    fprintf(stderr, "flowshop-sweep: %s failed (not recorded): %s\n", progress->label, event->error->message);
}

fsbb_sweep_callbacks sweep_progress_callbacks(sweep_progress *progress)
{
    return (fsbb_sweep_callbacks){.on_start = on_start, .on_done = on_done, .on_failed = on_failed,
                                  .on_progress = progress->live ? on_solver_progress : NULL,
                                  .progress_interval_s = 1.0, .user_data = progress};
}
