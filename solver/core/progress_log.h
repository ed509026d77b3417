/* progress_log.h — option "log": the progress of a solve written to a file as JSON lines,
 * for following a long run and drawing it afterwards (flowshop-sweep plot-log). Three kinds
 * of line, each a JSON object with "event" and "time_s" (seconds since the solve began):
 *   "run":      once, when the engine is chosen: version, instance, jobs, machines,
 *               best_known, engine, device, threads, ranks, initial_ub and every option's
 *               value ("options": {name: text}; "ub": "resumed" for a resumed search);
 *   "progress": every log-interval seconds while the engine searches: nodes, nodes_per_s,
 *               incumbent, lower_bound, gap, fraction_done, eta_s, open_nodes;
 *   "result":   last, as the solve returns: status, error, makespan, permutation (jobs
 *               from 1), optimal, lower_bound, gap, fraction_done, stop_reason,
 *               interrupted, nodes, bounded, nodes_per_s, found_by, time_to_best_s,
 *               initial_ub, engine, device, threads.
 * A value not known is null (never the -1 of fsbb_progress). Each line is written whole
 * with one write and is complete on disk before the search goes on, so a killed run
 * leaves a log whose lines all parse; one whose write fails ends there, at its last whole
 * line (a part written is cut off again where the file allows), and says why when closed. Written by one
 * thread at a time: the solver's, and the search thread that reports progress. */
#ifndef FSBB_PROGRESS_LOG_H
#define FSBB_PROGRESS_LOG_H

#include "flowshopbb.h"

typedef struct fsbb_progress_log fsbb_progress_log;

/* Creates or empties path for the log. Refused (FSBB_ERR_ARGUMENT) when path is a folder
 * or names the file of --checkpoint or --resume (or another file option), which the log
 * would destroy; FSBB_ERR_IO when it cannot be opened. */
fsbb_status fsbb_progress_log_open(const char *path, const fsbb_options *options, fsbb_progress_log **out,
                                   fsbb_error *err);
/* Closes it (NULL: nothing): 0 when every line was written whole, else the errno of the
 * write (or close) that failed. */
int fsbb_progress_log_close(fsbb_progress_log *log);

/* What the "run" line says beyond the instance and the options. */
typedef struct fsbb_progress_log_run {
    const char *engine;      /* NULL when none was chosen */
    const char *device;
    int threads, ranks;
    int initial_ub;          /* INT_MAX: none */
    int resumed;             /* 1: resumed from a checkpoint, the option ub says "resumed" */
    double time_s;
} fsbb_progress_log_run;

/* The "run" line: the first call writes it, later calls do nothing. */
void fsbb_progress_log_write_run(fsbb_progress_log *log, const fsbb_instance *instance, const fsbb_options *options,
                                 const fsbb_progress_log_run *run);
/* A "progress" line. */
void fsbb_progress_log_write_progress(fsbb_progress_log *log, const fsbb_progress *progress);
/* The "result" line of a solve that returned status (error: its message, NULL for FSBB_OK). */
void fsbb_progress_log_write_result(fsbb_progress_log *log, const fsbb_result *result, fsbb_status status,
                                    const char *error);

/* The log's interval: the progress callback calls fsbb_progress_log_write_progress when
 * progress->elapsed_s has moved interval_s past the last line it wrote, once the run line
 * is written (the set-up before it reports to the progress callback only). */
int fsbb_progress_log_due(const fsbb_progress_log *log, double elapsed_s);

#endif
