/* instance.c — instances (instance.h, the instance part of flowshopbb.h): building them from
 * a matrix, from Taillard's generator by name, or from a file or standard input (read within
 * a size limit, parsed by instance_parse.c), and the schedule of a permutation, by the
 * makespan recurrence of bounds/lb1.h. */
#include "instance.h"

#include "bound_data.h"
#include "error.h"
#include "lb1.h"
#include "taillard.h"
#include "text_file.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Building instances ------------------------------------------------------------- */

static char *copy_string(const char *text)
{
    const size_t size = strlen(text) + 1;
    char *copy = malloc(size);
    if (copy)
        memcpy(copy, text, size);
    return copy;
}

char *fsbb_name_from_path(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base && base[1] ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    const size_t length = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char *name = malloc(length + 1);
    if (name) {
        memcpy(name, base, length);
        name[length] = '\0';
    }
    return name;
}

/* Takes ownership of name and p (freed on failure). */
static fsbb_status new_instance(char *name, int n, int m, int *p, fsbb_instance **out, fsbb_error *err)
{
    fsbb_instance *instance = malloc(sizeof *instance);
    if (!instance || !name) {
        free(instance);
        free(name);
        free(p);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for an instance");
    }
    *instance = (fsbb_instance){.name = name, .n = n, .m = m, .p = p, .seed = 0, .best_known = 0,
                                .origin = FSBB_ORIGIN_MEMORY, .source = NULL, .format = FSBB_FORMAT_AUTO};
    *out = instance;
    return FSBB_OK;
}

/* When the instance is one of Taillard's, by name or by the seed in its file's header
 * (0 if none), and its times are his, records his seed and the best-known makespan. */
static fsbb_status recognise_taillard(fsbb_instance *instance, long header_seed, fsbb_error *err)
{
    int index = fsbb_taillard_index(instance->name);
    if (index == 0 && header_seed > 0)
        index = fsbb_taillard_find_seed(header_seed, instance->n, instance->m);
    const fsbb_taillard_entry *entry = fsbb_taillard_entry_at(index);
    if (!entry || entry->jobs != instance->n || entry->machines != instance->m)
        return FSBB_OK;
    const size_t count = (size_t)instance->n * (size_t)instance->m;
    int *generated = malloc(sizeof *generated * count);
    if (!generated)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory comparing %s with Taillard's instance", instance->name);
    fsbb_taillard_generate(index, generated);
    if (memcmp(generated, instance->p, sizeof *generated * count) == 0) {
        instance->seed = entry->time_seed;
        instance->best_known = entry->best_known;
    }
    free(generated);
    return FSBB_OK;
}

fsbb_status fsbb_instance_adopt(char *name, int n, int m, int *p, long header_seed, fsbb_instance **out,
                                fsbb_error *err)
{
    fsbb_instance *instance = NULL;
    fsbb_status status = new_instance(name, n, m, p, &instance, err);
    if (status != FSBB_OK)
        return status;
    status = recognise_taillard(instance, header_seed, err);
    if (status != FSBB_OK) {
        fsbb_instance_free(instance);
        return status;
    }
    *out = instance;
    return FSBB_OK;
}

fsbb_status fsbb_instance_adopt_file(const char *source, int n, int m, int *p, long header_seed, fsbb_instance **out,
                                     fsbb_error *err)
{
    const fsbb_status status = fsbb_instance_adopt(fsbb_name_from_path(source), n, m, p, header_seed, out, err);
    if (status != FSBB_OK || fsbb_taillard_index((*out)->name) == 0 || (*out)->seed != 0)
        return status;
    char *as_given = copy_string(source);
    if (!as_given) {
        fsbb_instance_free(*out);
        *out = NULL;
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for an instance");
    }
    free((*out)->name);
    (*out)->name = as_given;
    return FSBB_OK;
}

static fsbb_status generate_taillard(int index, fsbb_instance **out, fsbb_error *err)
{
    const fsbb_taillard_entry *entry = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)entry->jobs * (size_t)entry->machines);
    if (!p)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %s", entry->name);
    fsbb_taillard_generate(index, p);
    fsbb_instance *instance = NULL;
    const fsbb_status status = new_instance(copy_string(entry->name), entry->jobs, entry->machines, p, &instance, err);
    if (status != FSBB_OK)
        return status;
    instance->seed = entry->time_seed;
    instance->best_known = entry->best_known;
    instance->origin = FSBB_ORIGIN_TAILLARD;
    instance->source = copy_string(entry->name);
    if (!instance->source) {
        fsbb_instance_free(instance);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %s", entry->name);
    }
    *out = instance;
    return FSBB_OK;
}

fsbb_status fsbb_instance_from_matrix(const char *name, int jobs, int machines, const int *times,
                                      fsbb_instance **out, fsbb_error *err)
{
    if (!out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_from_matrix: out is required");
    *out = NULL;
    if (!name || !times)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_from_matrix: name and times are required");
    if (jobs < 1 || jobs > FSBB_MAX_JOBS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: %d jobs: the number of jobs must be 1 to %d", name, jobs,
                         FSBB_MAX_JOBS);
    if (machines < 1 || machines > FSBB_MAX_MACHINES)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: %d machines: the number of machines must be 1 to %d", name,
                         machines, FSBB_MAX_MACHINES);
    const size_t count = (size_t)jobs * (size_t)machines;
    long long total = 0;
    for (size_t i = 0; i < count; i++) {
        if (times[i] < 0 || times[i] > FSBB_MAX_TIME)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: time %d of job %d on machine %d is outside 0..%d", name,
                             times[i], (int)(i % (size_t)jobs), (int)(i / (size_t)jobs), FSBB_MAX_TIME);
        total += times[i];
    }
    if (total > FSBB_MAX_TOTAL_TIME)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: the times add up to %lld, above %d, the largest makespan the search handles",
                         name, total, FSBB_MAX_TOTAL_TIME);
    int *p = malloc(sizeof *p * count);
    if (!p)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for %s", name);
    memcpy(p, times, sizeof *p * count);
    return fsbb_instance_adopt(copy_string(name), jobs, machines, p, 0, out, err);
}

/* ---- Loading -------------------------------------------------------------------------- */

/* Records how a file or standard input named the instance: a file by its absolute path
 * (symbolic links resolved; the path as given if that fails), so that a checkpoint names it
 * from any folder. */
static fsbb_status record_source(fsbb_instance *instance, const char *path, int standard_input,
                                 fsbb_instance_format format, fsbb_error *err)
{
    instance->origin = standard_input ? FSBB_ORIGIN_STDIN : FSBB_ORIGIN_FILE;
    instance->format = format;
    instance->source = standard_input ? NULL : realpath(path, NULL);
    if (!instance->source)
        instance->source = copy_string(standard_input ? "stdin" : path);
    return instance->source ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for an instance");
}

fsbb_status fsbb_instance_load_as(const char *name_or_path, fsbb_instance_format format, fsbb_instance **out,
                                  fsbb_error *err)
{
    if (!out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_load: out is required");
    *out = NULL;
    if (!name_or_path)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_load: a name or path is required");
    const int index = format == FSBB_FORMAT_AUTO ? fsbb_taillard_index(name_or_path) : 0;
    if (index > 0)
        return generate_taillard(index, out, err);
    const int standard_input = strcmp(name_or_path, "-") == 0;
    const char *source = standard_input ? "stdin" : name_or_path;
    FILE *file = standard_input ? stdin : fopen(name_or_path, "rb");
    if (!file) {
        if (errno == ENOENT && format == FSBB_FORMAT_AUTO)
            return fsbb_fail(err, FSBB_ERR_IO, "%s: no such file, and not a Taillard instance (ta001 ... ta%03d)",
                             name_or_path, FSBB_TAILLARD_COUNT);
        return fsbb_fail(err, FSBB_ERR_IO, "%s: %s", name_or_path, strerror(errno));
    }
    char *text = NULL;
    size_t length = 0;
    fsbb_status status = fsbb_text_read(file, source, FSBB_MAX_FILE_BYTES, "an instance", &text, &length, err);
    if (!standard_input)
        fclose(file);
    if (status != FSBB_OK)
        return status;
    status = fsbb_instance_parse_format(text, length, source, format, out, err);
    free(text);
    if (status == FSBB_OK)
        status = record_source(*out, name_or_path, standard_input, format, err);
    if (status != FSBB_OK && *out) {
        fsbb_instance_free(*out);
        *out = NULL;
    }
    return status;
}

fsbb_status fsbb_instance_load_format(const char *name_or_path, const char *format_name, fsbb_instance **out,
                                      fsbb_error *err)
{
    if (out)
        *out = NULL;
    fsbb_instance_format format;
    const fsbb_status status = fsbb_instance_format_named(format_name, &format, err);
    return status == FSBB_OK ? fsbb_instance_load_as(name_or_path, format, out, err) : status;
}

fsbb_status fsbb_instance_load(const char *name_or_path, fsbb_instance **out, fsbb_error *err)
{
    return fsbb_instance_load_format(name_or_path, NULL, out, err);
}

/* ---- Access --------------------------------------------------------------------------- */

void fsbb_instance_free(fsbb_instance *instance)
{
    if (!instance)
        return;
    free(instance->name);
    free(instance->source);
    free(instance->p);
    free(instance);
}

const char *fsbb_instance_name(const fsbb_instance *instance)
{
    return instance ? instance->name : NULL;
}

const char *fsbb_instance_source(const fsbb_instance *instance)
{
    return instance ? instance->source : NULL;
}

int fsbb_instance_jobs(const fsbb_instance *instance)
{
    return instance ? instance->n : 0;
}

int fsbb_instance_machines(const fsbb_instance *instance)
{
    return instance ? instance->m : 0;
}

int fsbb_instance_time(const fsbb_instance *instance, int machine, int job)
{
    if (!instance || machine < 0 || machine >= instance->m || job < 0 || job >= instance->n)
        return -1;
    return instance->p[machine * instance->n + job];
}

int fsbb_instance_best_known(const fsbb_instance *instance)
{
    return instance ? instance->best_known : 0;
}

/* Runs the makespan recurrence (fsbb_completion_append) along permutation; when start is not
 * NULL, fills start[k * n + job]. The makespan, or -1 when permutation is not one of all jobs
 * or memory runs out. */
static int run_schedule(const fsbb_instance *instance, const int *permutation, int *start)
{
    const int n = instance->n, m = instance->m;
    char *seen = calloc((size_t)n, 1);
    int *completion = calloc((size_t)m, sizeof *completion);
    int makespan = -1;
    if (seen && completion) {
        int valid = 1;
        for (int i = 0; i < n && valid; i++) {
            const int job = permutation[i];
            valid = job >= 0 && job < n && !seen[job];
            if (!valid)
                break;
            seen[job] = 1;
            fsbb_completion_append(n, m, instance->p, job, completion, completion);
            for (int k = 0; start && k < m; k++)
                start[k * n + job] = completion[k] - instance->p[k * n + job];
        }
        if (valid)
            makespan = completion[m - 1];
    }
    free(seen);
    free(completion);
    return makespan;
}

int fsbb_instance_makespan(const fsbb_instance *instance, const int *permutation)
{
    return instance && permutation ? run_schedule(instance, permutation, NULL) : -1;
}

int fsbb_instance_schedule(const fsbb_instance *instance, const int *permutation, int *start)
{
    return instance && permutation && start ? run_schedule(instance, permutation, start) : -1;
}
