/* schedule_files.c — flowshop-bb's --schedule (CSV) and --gantt (SVG) files
 * (schedule_files.h): checking their paths before the solve, computing the schedule of the
 * result, writing the CSV. */
#include "schedule_files.h"

#include <errno.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int check_path(const char *option, const char *path)
{
    struct stat info;
    if (stat(path, &info) == 0) {
        if (S_ISDIR(info.st_mode)) {
            fprintf(stderr, "flowshop-bb: %s %s: is a folder\n", option, path);
            return 0;
        }
        if (access(path, W_OK) != 0) {
            fprintf(stderr, "flowshop-bb: %s %s: %s\n", option, path, strerror(errno));
            return 0;
        }
        return 1;
    }
    gchar *folder = g_path_get_dirname(path);
    const int writable = access(folder, W_OK | X_OK) == 0;
    if (!writable)
        fprintf(stderr, "flowshop-bb: %s %s: folder %s: %s\n", option, path, folder, strerror(errno));
    g_free(folder);
    return writable;
}

int schedule_files_check(const schedule_files *files)
{
    return (!files->csv || check_path("--schedule", files->csv)) && (!files->svg || check_path("--gantt", files->svg));
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

/* Writes path with writer; 1, or 0 after a message. */
static int write_file(const char *option, const char *path, int (*writer)(FILE *, const schedule *),
                      const schedule *s)
{
    FILE *file = fopen(path, "w");
    if (!file) {
        fprintf(stderr, "flowshop-bb: %s %s: %s\n", option, path, strerror(errno));
        return 0;
    }
    errno = 0;
    const int written = writer(file, s) == 0;
    const int saved_errno = errno;
    if (fclose(file) != 0 || !written) {
        fprintf(stderr, "flowshop-bb: %s %s: %s\n", option, path,
                strerror(written ? errno : saved_errno ? saved_errno : EIO));
        return 0;
    }
    return 1;
}

int schedule_files_write(const schedule_files *files, const fsbb_instance *instance, const fsbb_result *result)
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
        fprintf(stderr, "flowshop-bb: out of memory for the schedule\n");
        return 0;
    }
    s.makespan = fsbb_instance_schedule(instance, result->permutation, s.start);
    int ok = 1;
    if (files->csv)
        ok = write_file("--schedule", files->csv, write_csv, &s) && ok;
    if (files->svg)
        ok = write_file("--gantt", files->svg, gantt_svg_write, &s) && ok;
    free(s.start);
    return ok;
}
