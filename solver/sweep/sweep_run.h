/* sweep_run.h — running a sweep in-process: every planned run that its results folder
 * does not hold yet (or every run, with force) is solved through fsbb_solver_* and its row
 * stored (sweep_store.h). The caller hears of each run through callbacks. */
#ifndef FSBB_SWEEP_RUN_H
#define FSBB_SWEEP_RUN_H

#include "sweep_row.h"
#include "sweep_spec.h"

typedef struct fsbb_sweep_event {
    long index;                      /* the run's number in the plan (sweep_plan.h) */
    long total;                      /* runs in the plan */
    long done;                       /* runs of the plan stored, this one included once done */
    long pending;                    /* runs this execution set out to do */
    long finished;                   /* of those, finished (stored or failed), this one included */
    const fsbb_sweep_layout *layout;
    char *const *row;                /* instance, repeat and parameters; all fields once done */
    const fsbb_result *result;       /* on_done only */
    const fsbb_error *error;         /* on_failed only */
    double elapsed_s;                /* since fsbb_sweep_execute started */
} fsbb_sweep_event;

typedef struct fsbb_sweep_callbacks {
    void (*on_start)(const fsbb_sweep_event *event, void *user_data);
    void (*on_done)(const fsbb_sweep_event *event, void *user_data);
    /* A solve returned an error: the run is not stored (a later execution retries it). */
    void (*on_failed)(const fsbb_sweep_event *event, void *user_data);
    fsbb_progress_fn on_progress;    /* handed to each run's solver, may be NULL */
    double progress_interval_s;
    void *user_data;
} fsbb_sweep_callbacks;

typedef struct fsbb_sweep_report {
    long total;                      /* runs in the plan */
    long skipped;                    /* already stored when the execution started */
    long ran;                        /* solved and stored */
    long failed;                     /* solves that returned an error */
    int interrupted;                 /* fsbb_sweep_interrupt stopped the execution */
} fsbb_sweep_report;

typedef struct fsbb_sweep fsbb_sweep;

/* Loads spec's instances (one that fails to load, or that has no best-known makespan when
 * a run asks for ub = opt, is an error that names it, before dir is touched), then opens
 * dir's store for spec (force: redo stored runs of this plan;
 * another sweep's files are moved aside, see fsbb_sweep_store_open). */
fsbb_status fsbb_sweep_new(const fsbb_sweep_spec *spec, const char *dir, int force, fsbb_sweep **out,
                           fsbb_error *err);
void fsbb_sweep_free(fsbb_sweep *sweep);
/* Checks a sweep without changing anything: loads and checks each instance once, as
 * fsbb_sweep_new does, and counts the
 * planned runs that dir's runs.csv already holds (0 when there is none). *bad_rows
 * receives the rows of runs.csv that cannot be read (fsbb_sweep_bad_row *, see
 * sweep_store.h; g_ptr_array_unref), or NULL when there is no runs.csv. Another sweep's
 * runs.csv is FSBB_ERR_CHECKPOINT, as for fsbb_sweep_new. */
fsbb_status fsbb_sweep_check(const fsbb_sweep_spec *spec, const char *dir, long *stored, GPtrArray **bad_rows,
                             fsbb_error *err);
/* Runs in the plan, and those not stored (to be run by fsbb_sweep_execute). */
long fsbb_sweep_total(const fsbb_sweep *sweep);
long fsbb_sweep_pending(const fsbb_sweep *sweep);
/* 1 when opening found and removed a torn last row; 1 when another sweep's files were
 * moved aside. */
int fsbb_sweep_dropped_torn_row(const fsbb_sweep *sweep);
/* The rows of runs.csv that opening could not read (fsbb_sweep_bad_row *): they were
 * moved to runs.rejected.csv, and the runs they held are pending again. */
const GPtrArray *fsbb_sweep_bad_rows(const fsbb_sweep *sweep);
/* Another sweep's runs were moved aside on opening: their generation (fsbb_sweep_old_name), 0: not. */
int fsbb_sweep_moved_aside(const fsbb_sweep *sweep);
/* Runs the pending runs in plan order. Returns FSBB_OK unless the results could not be
 * written; failed runs and an interruption are in report. */
fsbb_status fsbb_sweep_execute(fsbb_sweep *sweep, const fsbb_sweep_callbacks *callbacks,
                               fsbb_sweep_report *report, fsbb_error *err);
/* Stops the execution soon, interrupting the run in progress, which is not stored. Safe
 * from another thread or a signal handler. */
void fsbb_sweep_interrupt(fsbb_sweep *sweep);

#endif
