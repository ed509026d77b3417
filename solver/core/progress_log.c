/* progress_log.c — the JSON-lines progress log of option "log" (progress_log.h). */
#include "progress_log.h"

#include "error.h"
#include "json_line.h"
#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fsbb_progress_log {
    int fd;
    double interval_s;
    double last_line_s;
    int run_written;
    int error;               /* errno of the first failed write: nothing more is written */
};

/* The options whose files the log must not replace. */
static const char *const protected_files[] = {"checkpoint", "resume", "diagnose"};

static int same_file(const struct stat *a, const char *path)
{
    struct stat b;
    return stat(path, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

/* FSBB_OK when path may become the log: not a folder, not another option's file. */
static fsbb_status check_path(const char *path, const fsbb_options *options, fsbb_error *err)
{
    if (!path[0])
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--log: empty file name");
    struct stat target;
    const int exists = stat(path, &target) == 0;
    if (exists && S_ISDIR(target.st_mode))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--log %s: is a folder, not a file", path);
    for (size_t o = 0; o < sizeof protected_files / sizeof *protected_files; o++) {
        char other[PATH_MAX];
        if (!fsbb_options_get(options, protected_files[o], other, sizeof other) || !other[0])
            continue;
        if (strcmp(other, path) == 0 || (exists && same_file(&target, other)))
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--log %s: is the --%s file, which the log would replace",
                             path, protected_files[o]);
    }
    return FSBB_OK;
}

fsbb_status fsbb_progress_log_open(const char *path, const fsbb_options *options, fsbb_progress_log **out,
                                   fsbb_error *err)
{
    *out = NULL;
    fsbb_status status = check_path(path, options, err);
    if (status != FSBB_OK)
        return status;
    fsbb_progress_log *log = calloc(1, sizeof *log);
    if (!log)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the progress log");
    /* Non-blocking for the open only: a FIFO without a reader is refused, not waited for. */
    log->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0644);
    if (log->fd < 0) {
        status = fsbb_fail(err, FSBB_ERR_IO, "--log %s: %s", path, strerror(errno));
        free(log);
        return status;
    }
    const int flags = fcntl(log->fd, F_GETFL);
    if (flags >= 0)
        fcntl(log->fd, F_SETFL, flags & ~O_NONBLOCK);
    log->interval_s = options->log_interval_s;
    *out = log;
    return FSBB_OK;
}

int fsbb_progress_log_close(fsbb_progress_log *log)
{
    if (!log)
        return 0;
    int error = log->error;
    if (close(log->fd) != 0 && !error)
        error = errno;
    free(log);
    return error;
}

/* Ends line and writes it whole, with one write unless the system takes less; a line that
 * cannot be written whole is cut off the file again where it can be (a seekable file), so
 * the log ends at its last whole line. Frees line. */
static void write_line(fsbb_progress_log *log, fsbb_json_line *line)
{
    fsbb_json_line_end(line);
    if (line->failed)
        log->error = ENOMEM;
    const off_t start = log->error ? -1 : lseek(log->fd, 0, SEEK_CUR);
    size_t written = 0;
    while (!log->error && written < line->length) {
        const ssize_t n = write(log->fd, line->text + written, line->length - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            log->error = n < 0 ? errno : ENOSPC;
        else
            written += (size_t)n;
    }
    if (log->error && written > 0 && start >= 0)
        (void)ftruncate(log->fd, start);
    fsbb_json_line_free(line);
}

static void begin_line(fsbb_json_line *line, const char *event, double time_s)
{
    fsbb_json_line_begin(line);
    fsbb_json_line_string(line, "event", event);
    fsbb_json_line_real(line, "time_s", time_s, 9);
}

/* A makespan or bound, null for none (INT_MAX) or unknown (negative). */
static void makespan_or_null(fsbb_json_line *line, const char *key, int value)
{
    if (value < 0 || value == INT_MAX)
        fsbb_json_line_null(line, key);
    else
        fsbb_json_line_integer(line, key, value);
}

static void real_or_null(fsbb_json_line *line, const char *key, double value, int digits)
{
    if (value < 0)
        fsbb_json_line_null(line, key);
    else
        fsbb_json_line_real(line, key, value, digits);
}

/* A share of the tree done, 9 significant digits: one below 1 never reads 1 (a search still
 * going at 0.9999999997 would otherwise say it is done), but 0.999999999. */
static void share_or_null(fsbb_json_line *line, const char *key, double value)
{
    const double below_one = 0.999999999;
    real_or_null(line, key, value < 1 && value > below_one ? below_one : value, 9);
}

void fsbb_progress_log_write_run(fsbb_progress_log *log, const fsbb_instance *instance, const fsbb_options *options,
                                 const fsbb_progress_log_run *run)
{
    if (!log || log->run_written || log->error)
        return;
    log->run_written = 1;
    fsbb_json_line line;
    begin_line(&line, "run", run->time_s);
    fsbb_json_line_string(&line, "version", FSBB_VERSION);
    fsbb_json_line_string(&line, "instance", fsbb_instance_name(instance));
    fsbb_json_line_integer(&line, "jobs", fsbb_instance_jobs(instance));
    fsbb_json_line_integer(&line, "machines", fsbb_instance_machines(instance));
    const int best_known = fsbb_instance_best_known(instance);
    makespan_or_null(&line, "best_known", best_known > 0 ? best_known : -1);
    fsbb_json_line_string(&line, "engine", run->engine);
    fsbb_json_line_string(&line, "device", run->device && run->device[0] ? run->device : NULL);
    fsbb_json_line_integer(&line, "threads", run->threads);
    fsbb_json_line_integer(&line, "ranks", run->ranks);
    makespan_or_null(&line, "initial_ub", run->initial_ub);
    fsbb_json_line_real(&line, "interval_s", log->interval_s, 6);
    fsbb_json_line_object_begin(&line, "options");
    for (int o = 0; fsbb_option_info(o); o++) {
        char value[PATH_MAX];
        const char *name = fsbb_option_info(o)->name;
        fsbb_json_line_string(&line, name, run->resumed && strcmp(name, "ub") == 0
                                               ? "resumed" : fsbb_options_get(options, name, value, sizeof value));
    }
    fsbb_json_line_object_end(&line);
    write_line(log, &line);
}

int fsbb_progress_log_due(const fsbb_progress_log *log, double elapsed_s)
{
    return log && !log->error && log->run_written && elapsed_s - log->last_line_s >= log->interval_s;
}

void fsbb_progress_log_write_progress(fsbb_progress_log *log, const fsbb_progress *progress)
{
    if (!log || log->error)
        return;
    log->last_line_s = progress->elapsed_s;
    fsbb_json_line line;
    begin_line(&line, "progress", progress->elapsed_s);
    fsbb_json_line_unsigned(&line, "nodes", progress->nodes);
    fsbb_json_line_real(&line, "nodes_per_s", progress->nodes_per_second, 6);
    makespan_or_null(&line, "incumbent", progress->incumbent);
    makespan_or_null(&line, "lower_bound", progress->lower_bound);
    real_or_null(&line, "gap", progress->gap, 6);
    share_or_null(&line, "fraction_done", progress->fraction_done);
    real_or_null(&line, "eta_s", progress->eta_s, 6);
    if (progress->open_nodes > 0)
        fsbb_json_line_unsigned(&line, "open_nodes", progress->open_nodes);
    else
        fsbb_json_line_null(&line, "open_nodes");
    write_line(log, &line);
}

void fsbb_progress_log_write_result(fsbb_progress_log *log, const fsbb_result *result, fsbb_status status,
                                    const char *error)
{
    if (!log || log->error)
        return;
    fsbb_json_line line;
    begin_line(&line, "result", result->time_s);
    fsbb_json_line_string(&line, "status", fsbb_status_name(status));
    fsbb_json_line_string(&line, "error", error);
    /* As flowshop-bb --json: a makespan when a schedule or the optimum is known, a lower
     * bound and the share of the tree done when the search did not fail. */
    const int searched = result->jobs > 0;
    if (searched && (result->permutation || result->optimal))
        fsbb_json_line_integer(&line, "makespan", result->makespan);
    else
        fsbb_json_line_null(&line, "makespan");
    if (result->permutation)
        fsbb_json_line_integers(&line, "permutation", result->permutation, result->jobs, 1);
    else
        fsbb_json_line_null(&line, "permutation");
    fsbb_json_line_boolean(&line, "optimal", result->optimal);
    if (searched && status == FSBB_OK)
        fsbb_json_line_integer(&line, "lower_bound", result->lower_bound);
    else
        fsbb_json_line_null(&line, "lower_bound");
    real_or_null(&line, "gap", searched && status == FSBB_OK ? result->gap : -1, 6);
    share_or_null(&line, "fraction_done", searched && status == FSBB_OK ? result->fraction_done : -1);
    fsbb_json_line_string(&line, "stop_reason", result->stop_reason[0] ? result->stop_reason : NULL);
    fsbb_json_line_boolean(&line, "interrupted", result->interrupted);
    fsbb_json_line_unsigned(&line, "nodes", result->nodes);
    fsbb_json_line_unsigned(&line, "bounded", result->bounded);
    fsbb_json_line_real(&line, "nodes_per_s", result->time_s > 0 ? (double)result->nodes / result->time_s : 0, 6);
    fsbb_json_line_string(&line, "found_by", result->permutation ? result->found_by : NULL);
    if (result->permutation && result->time_to_best_s >= 0)
        fsbb_json_line_real(&line, "time_to_best_s", result->time_to_best_s, 9);
    else
        fsbb_json_line_null(&line, "time_to_best_s");
    makespan_or_null(&line, "initial_ub", searched ? result->initial_ub : -1);
    fsbb_json_line_string(&line, "engine", result->engine[0] ? result->engine : NULL);
    fsbb_json_line_string(&line, "device", result->device[0] ? result->device : NULL);
    fsbb_json_line_integer(&line, "threads", result->threads);
    write_line(log, &line);
}
