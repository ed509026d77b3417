/* schedule_files.c — flowshop-bb's --schedule (CSV) and --gantt (SVG) files
 * (schedule_files.h): checking their paths before the solve, computing the schedule of the
 * result, writing the CSV. */
#include "schedule_files.h"

#include "cli_text.h"

#include <errno.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Sets error to "OPTION PATH: what" (control characters escaped) from errno_value; returns 0. */
static int fail(GError **error, int errno_value, const char *option, const char *path, const char *what)
{
    gchar *message = g_strdup_printf("%s %s: %s", option, path, what);
    gchar *shown = cli_text_escaped(message);
    g_set_error_literal(error, G_FILE_ERROR, g_file_error_from_errno(errno_value), shown);
    g_free(shown);
    g_free(message);
    return 0;
}

static int check_path(const char *option, const char *path, GError **error)
{
    struct stat info;
    if (stat(path, &info) == 0) {
        if (S_ISDIR(info.st_mode))
            return fail(error, EISDIR, option, path, "is a folder");
        if (access(path, W_OK) != 0)
            return fail(error, errno, option, path, strerror(errno));
        return 1;
    }
    gchar *folder = g_path_get_dirname(path);
    const int writable = access(folder, W_OK | X_OK) == 0;
    if (!writable) {
        gchar *what = g_strdup_printf("folder %s: %s", folder, strerror(errno));
        fail(error, errno, option, path, what);
        g_free(what);
    }
    g_free(folder);
    return writable;
}

int schedule_files_check(const schedule_files *files, GError **error)
{
    return (!files->csv || strcmp(files->csv, "-") == 0 || check_path("--schedule", files->csv, error)) &&
           (!files->svg || check_path("--gantt", files->svg, error));
}

/* One line per operation, machine by machine in time order. */
static int write_csv(FILE *file, const schedule *s)
{
    const int n = s->jobs;
    fprintf(file, "job,machine,start,end\n");
    for (int k = 0; k < s->machines; k++) {
        for (int i = 0; i < n; i++) {
            const int job = s->order[i], start = s->start[k * n + job];
            fprintf(file, "%d,%d,%d,%d\n", job + 1, k + 1, start, start + fsbb_instance_time(s->instance, k, job));
        }
    }
    return ferror(file) ? -1 : 0;
}

/* Writes path ("-": standard output) with writer; 1, or 0 with error set. */
static int write_file(const char *option, const char *path, int (*writer)(FILE *, const schedule *),
                      const schedule *s, GError **error)
{
    if (strcmp(path, "-") == 0) {
        errno = 0;
        if (writer(stdout, s) != 0 || fflush(stdout) != 0) {
            const int cause = errno ? errno : EIO;
            return fail(error, cause, option, path, strerror(cause));
        }
        return 1;
    }
    FILE *file = fopen(path, "w");
    if (!file)
        return fail(error, errno, option, path, strerror(errno));
    errno = 0;
    const int written = writer(file, s) == 0;
    const int saved_errno = errno;
    if (fclose(file) != 0 || !written) {
        const int cause = written ? errno : saved_errno ? saved_errno : EIO;
        return fail(error, cause, option, path, strerror(cause));
    }
    return 1;
}

int schedule_files_write(const schedule_files *files, const fsbb_instance *instance, const fsbb_result *result,
                         GError **error)
{
    if (!files->csv && !files->svg)
        return 1;
    if (!result->permutation) {
        fprintf(stderr,
                "flowshop-bb: warning: no schedule found below the initial upper bound %d, so the %s not written "
                "(--ub heuristic or inf gives one)\n",
                result->initial_ub,
                files->csv && files->svg ? "--schedule and --gantt files are"
                : files->csv           ? "--schedule file is"
                                       : "--gantt file is");
        return 1;
    }
    const int n = fsbb_instance_jobs(instance), m = fsbb_instance_machines(instance);
    schedule s = {.instance = instance, .name = fsbb_instance_name(instance), .jobs = n, .machines = m,
                  .order = result->permutation, .optimal = result->optimal};
    s.start = malloc(sizeof *s.start * (size_t)n * (size_t)m);
    if (!s.start) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, "out of memory for the schedule");
        return 0;
    }
    s.makespan = fsbb_instance_schedule(instance, result->permutation, s.start);
    /* The first failure is the one reported; the other file is still written. */
    GError *svg_error = NULL;
    const int csv_ok = !files->csv || write_file("--schedule", files->csv, write_csv, &s, error);
    const int svg_ok = !files->svg || write_file("--gantt", files->svg, gantt_svg_write, &s,
                                                 csv_ok ? error : &svg_error);
    g_clear_error(&svg_error);
    const int ok = csv_ok && svg_ok;
    free(s.start);
    return ok;
}
