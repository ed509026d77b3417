/* sweep_run.c — executing a sweep's pending runs and storing their rows (sweep_run.h). */
#include "sweep_run.h"

#include "error.h"
#include "sweep_plan.h"
#include "sweep_store.h"

#include <glib.h>
#include <limits.h>
#include <stdatomic.h>

struct fsbb_sweep {
    const fsbb_sweep_spec *spec;
    fsbb_sweep_layout *layout;
    fsbb_sweep_store *store;
    GArray *pending;                  /* long: plan indexes still to run, in order */
    fsbb_instance **instances;        /* one per spec instance */
    _Atomic(fsbb_solver *) running;   /* the solver of the run in progress */
    atomic_int stop;
};

/* The plan's rows and keys for every run: the pending ones, and with force the keys of
 * all (to be forgotten). */
static void plan_pending(fsbb_sweep *sweep, GHashTable *all_keys)
{
    const fsbb_sweep_spec *spec = sweep->spec;
    const long total = fsbb_sweep_run_count(spec);
    int *values = g_new0(int, (gsize)spec->parameter_count + 1);
    fsbb_sweep_run run = {.values = values};
    for (long index = 0; index < total; index++) {
        fsbb_sweep_run_decode(spec, index, &run);
        char **row = fsbb_sweep_run_row(spec, &run);
        char *key = fsbb_sweep_row_key(sweep->layout, row);
        if (all_keys)
            g_hash_table_add(all_keys, g_strdup(key));
        if (all_keys || !fsbb_sweep_store_has(sweep->store, key))
            g_array_append_val(sweep->pending, index);
        g_free(key);
        g_strfreev(row);
    }
    g_free(values);
}

/* 1 when this value of the parameter starts the search from the best-known makespan. */
static int needs_best_known(const fsbb_sweep_parameter *parameter, const char *value)
{
    fsbb_options *options = fsbb_options_new();
    char ub[32];
    const int needs = options && fsbb_options_set(options, parameter->name, value, NULL) == FSBB_OK &&
                      g_strcmp0(fsbb_options_get(options, "ub", ub, sizeof ub), "opt") == 0;
    fsbb_options_free(options);
    return needs;
}

/* Loads instance i of the sweep into *out (to be freed by the caller even on an error) and
 * checks that its runs can start: a run with ub = opt needs a best-known makespan, which
 * only Taillard's instances have. */
static fsbb_status load_instance(const fsbb_sweep_spec *spec, int i, fsbb_instance **out, fsbb_error *err)
{
    const char *name = spec->instances[i];
    fsbb_error load_err;
    const fsbb_status status = fsbb_instance_load(name, out, &load_err);
    if (status != FSBB_OK)
        return fsbb_fail(err, status, "%s: [sweep] instances: %s", spec->source, load_err.message);
    if (fsbb_instance_best_known(*out) > 0)
        return FSBB_OK;
    for (int p = 0; p < spec->parameter_count; p++)
        for (int v = 0; v < spec->parameters[p].value_count; v++)
            if (needs_best_known(&spec->parameters[p], spec->parameters[p].values[v]))
                return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                                 "%s: [sweep] instances: '%s' has no best-known makespan, which [parameters] %s = %s "
                                 "needs (only Taillard's instances have one: sweep it with ub = heuristic, inf or a "
                                 "number)",
                                 spec->source, name, spec->parameters[p].name, spec->parameters[p].values[v]);
    return FSBB_OK;
}

/* Loads every instance before anything is written, so that a name that does not load,
 * or cannot run as the sweep asks, stops the sweep without a trace in the results folder. */
static fsbb_status load_instances(fsbb_sweep *sweep, fsbb_error *err)
{
    fsbb_status status = FSBB_OK;
    for (int i = 0; i < sweep->spec->instance_count && status == FSBB_OK; i++)
        status = load_instance(sweep->spec, i, &sweep->instances[i], err);
    return status;
}

fsbb_status fsbb_sweep_new(const fsbb_sweep_spec *spec, const char *dir, int force, fsbb_sweep **out,
                           fsbb_error *err)
{
    if (!spec || !dir || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_sweep_new: NULL argument");
    fsbb_sweep *sweep = g_new0(fsbb_sweep, 1);
    sweep->spec = spec;
    sweep->layout = fsbb_sweep_spec_layout(spec);
    sweep->pending = g_array_new(FALSE, FALSE, sizeof(long));
    sweep->instances = g_new0(fsbb_instance *, (gsize)spec->instance_count + 1);
    atomic_init(&sweep->running, NULL);
    atomic_init(&sweep->stop, 0);
    fsbb_status status = load_instances(sweep, err);
    if (status == FSBB_OK)
        status = fsbb_sweep_store_open(dir, sweep->layout, force, &sweep->store, err);
    if (status == FSBB_OK) {
        GHashTable *all_keys = force ? g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL) : NULL;
        plan_pending(sweep, all_keys);
        if (all_keys) {
            status = fsbb_sweep_store_forget(sweep->store, all_keys, err);
            g_hash_table_destroy(all_keys);
        }
    }
    if (status != FSBB_OK) {
        fsbb_sweep_free(sweep);
        return status;
    }
    *out = sweep;
    return FSBB_OK;
}

static long count_stored(const fsbb_sweep_spec *spec, const fsbb_sweep_layout *layout, GPtrArray *rows)
{
    GHashTable *stored = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint r = 0; r < rows->len; r++)
        g_hash_table_add(stored, fsbb_sweep_row_key(layout, g_ptr_array_index(rows, r)));
    int *values = g_new0(int, (gsize)spec->parameter_count + 1);
    fsbb_sweep_run run = {.values = values};
    long count = 0;
    for (long index = 0; index < fsbb_sweep_run_count(spec); index++) {
        fsbb_sweep_run_decode(spec, index, &run);
        char **row = fsbb_sweep_run_row(spec, &run);
        char *key = fsbb_sweep_row_key(layout, row);
        count += g_hash_table_contains(stored, key);
        g_free(key);
        g_strfreev(row);
    }
    g_free(values);
    g_hash_table_destroy(stored);
    return count;
}

fsbb_status fsbb_sweep_check(const fsbb_sweep_spec *spec, const char *dir, long *stored, GPtrArray **bad_rows,
                             fsbb_error *err)
{
    fsbb_status status = FSBB_OK;
    for (int i = 0; i < spec->instance_count && status == FSBB_OK; i++) {
        fsbb_instance *instance = NULL;
        status = load_instance(spec, i, &instance, err);
        fsbb_instance_free(instance);
    }
    *stored = 0;
    *bad_rows = NULL;
    char *csv_path = g_build_filename(dir, "runs.csv", NULL);
    if (status == FSBB_OK && g_file_test(csv_path, G_FILE_TEST_EXISTS)) {
        fsbb_sweep_layout *wanted = fsbb_sweep_spec_layout(spec);
        fsbb_sweep_table found;
        status = fsbb_sweep_table_read(csv_path, &found, err);
        if (status == FSBB_OK && !fsbb_sweep_layout_equal(found.layout, wanted))
            status = fsbb_fail(err, FSBB_ERR_CHECKPOINT, "%s holds the runs of a sweep with other parameters",
                               csv_path);
        if (status == FSBB_OK) {
            *stored = count_stored(spec, wanted, found.rows);
            *bad_rows = g_steal_pointer(&found.bad_rows);
        }
        fsbb_sweep_table_clear(&found);
        fsbb_sweep_layout_free(wanted);
    }
    g_free(csv_path);
    return status;
}

void fsbb_sweep_free(fsbb_sweep *sweep)
{
    if (!sweep)
        return;
    for (int i = 0; i < sweep->spec->instance_count; i++)
        fsbb_instance_free(sweep->instances[i]);
    g_free(sweep->instances);
    g_array_free(sweep->pending, TRUE);
    fsbb_sweep_store_close(sweep->store);
    fsbb_sweep_layout_free(sweep->layout);
    g_free(sweep);
}

long fsbb_sweep_total(const fsbb_sweep *sweep)
{
    return fsbb_sweep_run_count(sweep->spec);
}

long fsbb_sweep_pending(const fsbb_sweep *sweep)
{
    return (long)sweep->pending->len;
}

int fsbb_sweep_dropped_torn_row(const fsbb_sweep *sweep)
{
    return sweep->store->dropped_torn_row;
}

const GPtrArray *fsbb_sweep_bad_rows(const fsbb_sweep *sweep)
{
    return sweep->store->bad_rows;
}

int fsbb_sweep_moved_aside(const fsbb_sweep *sweep)
{
    return sweep->store->moved_aside;
}

void fsbb_sweep_interrupt(fsbb_sweep *sweep)
{
    atomic_store(&sweep->stop, 1);
    fsbb_solver *solver = atomic_load(&sweep->running);
    if (solver)
        fsbb_solver_interrupt(solver);
}

static void set_field(char **row, int column, char *value)
{
    g_free(row[column]);
    row[column] = value;
}

static void fill_result(const fsbb_sweep_layout *layout, char **row, const fsbb_instance *instance,
                        const fsbb_result *result, const char *date)
{
#define FIELD(column, ...) set_field(row, fsbb_sweep_result_column_index(layout, column), g_strdup_printf(__VA_ARGS__))
    FIELD(FSBB_COLUMN_JOBS, "%d", fsbb_instance_jobs(instance));
    FIELD(FSBB_COLUMN_MACHINES, "%d", fsbb_instance_machines(instance));
    FIELD(FSBB_COLUMN_STATUS, "%s", result->optimal ? "optimal" : result->stop_reason);
    if (result->permutation || result->optimal)
        FIELD(FSBB_COLUMN_MAKESPAN, "%d", result->makespan);
    FIELD(FSBB_COLUMN_OPTIMAL, "%s", result->optimal ? "true" : "false");
    FIELD(FSBB_COLUMN_LOWER_BOUND, "%d", result->lower_bound);
    if (result->initial_ub != INT_MAX)
        FIELD(FSBB_COLUMN_INITIAL_UB, "%d", result->initial_ub);
    FIELD(FSBB_COLUMN_NODES, "%" G_GUINT64_FORMAT, (guint64)result->nodes);
    FIELD(FSBB_COLUMN_BOUNDED, "%" G_GUINT64_FORMAT, (guint64)result->bounded);
    FIELD(FSBB_COLUMN_TIME_S, "%.6f", result->time_s);
    FIELD(FSBB_COLUMN_NODES_PER_S, "%.1f", result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0);
    FIELD(FSBB_COLUMN_THREADS_USED, "%d", result->threads);
    FIELD(FSBB_COLUMN_DEVICE_NAME, "%s", result->device);
    FIELD(FSBB_COLUMN_HOST, "%s", g_get_host_name());
    FIELD(FSBB_COLUMN_DATE, "%s", date);
    FIELD(FSBB_COLUMN_SOLVER_VERSION, "%s", FSBB_VERSION);
#undef FIELD
}

static fsbb_status options_for(const fsbb_sweep_spec *spec, const fsbb_sweep_run *run, fsbb_options **out,
                               fsbb_error *err)
{
    fsbb_options *options = fsbb_options_new();
    if (!options)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for options");
    for (int p = 0; p < spec->parameter_count; p++) {
        const fsbb_status status =
            fsbb_options_set(options, spec->parameters[p].name, spec->parameters[p].values[run->values[p]], err);
        if (status != FSBB_OK) {
            fsbb_options_free(options);
            return status;
        }
    }
    *out = options;
    return FSBB_OK;
}

/* Solves one run; FSBB_OK with the result filled, or the solver's error. */
static fsbb_status solve_run(fsbb_sweep *sweep, const fsbb_sweep_run *run, const fsbb_sweep_callbacks *callbacks,
                             fsbb_result *result, fsbb_error *err)
{
    fsbb_options *options = NULL;
    fsbb_status status = options_for(sweep->spec, run, &options, err);
    fsbb_solver *solver = NULL;
    if (status == FSBB_OK)
        status = fsbb_solver_new(sweep->instances[run->instance], options, &solver, err);
    if (status == FSBB_OK) {
        if (callbacks && callbacks->on_progress)
            fsbb_solver_on_progress(solver, callbacks->on_progress, callbacks->user_data,
                                    callbacks->progress_interval_s);
        atomic_store(&sweep->running, solver);
        if (atomic_load(&sweep->stop))
            fsbb_solver_interrupt(solver);
        status = fsbb_solver_solve(solver, result, err);
        atomic_store(&sweep->running, NULL);
    }
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    return status;
}

static void notify(void (*callback)(const fsbb_sweep_event *, void *), const fsbb_sweep_callbacks *callbacks,
                   const fsbb_sweep_event *event)
{
    if (callbacks && callback)
        callback(event, callbacks->user_data);
}

fsbb_status fsbb_sweep_execute(fsbb_sweep *sweep, const fsbb_sweep_callbacks *callbacks,
                               fsbb_sweep_report *report, fsbb_error *err)
{
    const fsbb_sweep_spec *spec = sweep->spec;
    const long pending = (long)sweep->pending->len;
    *report = (fsbb_sweep_report){.total = fsbb_sweep_total(sweep)};
    report->skipped = report->total - pending;
    int *values = g_new0(int, (gsize)spec->parameter_count + 1);
    fsbb_sweep_run run = {.values = values};
    GTimer *clock = g_timer_new();
    fsbb_status status = FSBB_OK;
    for (long p = 0; p < pending && status == FSBB_OK; p++) {
        if (atomic_load(&sweep->stop)) {
            report->interrupted = 1;
            break;
        }
        const long index = g_array_index(sweep->pending, long, p);
        fsbb_sweep_run_decode(spec, index, &run);
        char **row = fsbb_sweep_run_row(spec, &run);
        fsbb_sweep_event event = {.index = index, .total = report->total, .pending = pending,
                                  .done = report->skipped + report->ran, .finished = p, .layout = sweep->layout,
                                  .row = row, .elapsed_s = g_timer_elapsed(clock, NULL)};
        notify(callbacks ? callbacks->on_start : NULL, callbacks, &event);
        GDateTime *now = g_date_time_new_now_utc();
        char *date = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
        g_date_time_unref(now);
        fsbb_result result = {0};
        fsbb_error run_err;
        const fsbb_status run_status = solve_run(sweep, &run, callbacks, &result, &run_err);
        event.finished = p + 1;
        if (run_status != FSBB_OK) {
            report->failed++;
            event.error = &run_err;
            event.elapsed_s = g_timer_elapsed(clock, NULL);
            notify(callbacks ? callbacks->on_failed : NULL, callbacks, &event);
        } else if (result.interrupted) {
            report->interrupted = 1;
        } else {
            fill_result(sweep->layout, row, sweep->instances[run.instance], &result, date);
            status = fsbb_sweep_store_append(sweep->store, row, err);
            if (status == FSBB_OK) {
                report->ran++;
                event.done = report->skipped + report->ran;
                event.result = &result;
                event.elapsed_s = g_timer_elapsed(clock, NULL);
                notify(callbacks ? callbacks->on_done : NULL, callbacks, &event);
            }
        }
        fsbb_result_clear(&result);
        g_free(date);
        g_strfreev(row);
        if (report->interrupted)
            break;
    }
    g_timer_destroy(clock);
    g_free(values);
    return status;
}
