/* instance.c — instances (instance.h, the instance part of flowshopbb.h): parsing files in
 * Taillard's format and the plain "n m" form, building Taillard's instances by name, and the
 * makespan of a permutation. Every malformed input is refused with "FILE:LINE: what". */
#include "instance.h"

#include "bound_data.h"
#include "error.h"
#include "taillard.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No instance within the limits needs a larger file, even with generous spacing. */
#define MAX_FILE_BYTES (1L << 30)

/* ---- Building instances ------------------------------------------------------------- */

static char *copy_string(const char *text)
{
    const size_t size = strlen(text) + 1;
    char *copy = malloc(size);
    if (copy)
        memcpy(copy, text, size);
    return copy;
}

/* The base name of path without its last extension ("dir/ta001.txt" -> "ta001"). */
static char *name_from_path(const char *path)
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
    *instance = (fsbb_instance){.name = name, .n = n, .m = m, .p = p, .seed = 0, .best_known = 0};
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

static fsbb_status finish_instance(fsbb_instance *instance, long header_seed, fsbb_instance **out, fsbb_error *err)
{
    const fsbb_status status = recognise_taillard(instance, header_seed, err);
    if (status != FSBB_OK) {
        fsbb_instance_free(instance);
        return status;
    }
    *out = instance;
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
    fsbb_instance *instance = NULL;
    const fsbb_status status = new_instance(copy_string(name), jobs, machines, p, &instance, err);
    return status == FSBB_OK ? finish_instance(instance, 0, out, err) : status;
}

/* ---- Parsing -------------------------------------------------------------------------- */

typedef struct reader {
    const char *text;
    size_t length;
    size_t pos;
    int line;           /* the line at pos */
    int last_line;      /* the line of the last token read (1 before any) */
    int at_end;         /* a number was expected at the end of the text */
    const char *source;
    fsbb_error *err;
} reader;

typedef struct token {
    const char *start;
    size_t length;
    int line;
} token;

static int is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int is_digit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

static fsbb_status parse_error(const reader *r, int line, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static fsbb_status parse_error(const reader *r, int line, const char *format, ...)
{
    char what[512];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    return fsbb_fail(r->err, FSBB_ERR_PARSE, "%s:%d: %s", r->source, line, what);
}

/* A token as printable text for a message: at most 24 bytes, others escaped. */
static const char *quote(const token *t, char *buffer, size_t size)
{
    size_t used = 0;
    for (size_t i = 0; i < t->length && i < 24 && used + 5 < size; i++) {
        const unsigned char c = (unsigned char)t->start[i];
        if (c >= 0x20 && c < 0x7f)
            buffer[used++] = (char)c;
        else
            used += (size_t)snprintf(buffer + used, size - used, "\\x%02x", c);
    }
    if (t->length > 24 && used + 4 < size) {
        memcpy(buffer + used, "...", 3);
        used += 3;
    }
    buffer[used] = '\0';
    return buffer;
}

/* Refuses NUL bytes and control characters other than white space anywhere in the text. */
static fsbb_status check_bytes(const reader *r)
{
    int line = 1;
    for (size_t i = r->pos; i < r->length; i++) {
        const unsigned char c = (unsigned char)r->text[i];
        if (c == '\n')
            line++;
        else if (c == '\0')
            return parse_error(r, line, "NUL byte: binary data, not an instance");
        else if ((c < 0x20 && !is_space(c)) || c == 0x7f)
            return parse_error(r, line, "control character 0x%02x: binary data, not an instance", c);
    }
    return FSBB_OK;
}

/* The next white-space separated token; 0 at the end of the text. */
static int next_token(reader *r, token *t)
{
    while (r->pos < r->length && is_space((unsigned char)r->text[r->pos])) {
        if (r->text[r->pos] == '\n')
            r->line++;
        r->pos++;
    }
    if (r->pos == r->length)
        return 0;
    t->start = r->text + r->pos;
    t->line = r->line;
    while (r->pos < r->length && !is_space((unsigned char)r->text[r->pos]))
        r->pos++;
    t->length = (size_t)(r->text + r->pos - t->start);
    r->last_line = t->line;
    return 1;
}

/* The token that next_token would give, without consuming it; 0 at the end. */
static int peek_token(const reader *r, token *t)
{
    reader copy = *r;
    return next_token(&copy, t);
}

static void skip_rest_of_line(reader *r)
{
    while (r->pos < r->length && r->text[r->pos] != '\n')
        r->pos++;
}

static int looks_numeric(const token *t)
{
    const unsigned char first = (unsigned char)t->start[0];
    return is_digit(first) || first == '-' || first == '+';
}

/* Reads a whole number in 0..limit named `what` into *value. At the end of the text it
 * fails with "truncated: expected WHAT" and sets r->at_end. */
static fsbb_status read_number(reader *r, const char *what, long long limit, long long *value)
{
    token t;
    char shown[128];
    if (!next_token(r, &t)) {
        r->at_end = 1;
        return parse_error(r, r->last_line, "truncated: expected %s", what);
    }
    size_t i = t.start[0] == '-' ? 1 : 0;
    if (i == t.length)
        return parse_error(r, t.line, "expected %s, found '%s'", what, quote(&t, shown, sizeof shown));
    long long number = 0;
    for (; i < t.length; i++) {
        if (!is_digit((unsigned char)t.start[i]))
            return parse_error(r, t.line, "expected %s, found '%s'", what, quote(&t, shown, sizeof shown));
        if (number <= limit)
            number = number * 10 + (t.start[i] - '0');
    }
    if (t.start[0] == '-')
        return parse_error(r, t.line, "negative %s '%s'", what, quote(&t, shown, sizeof shown));
    if (number > limit)
        return parse_error(r, t.line, "%s '%s' is too large (at most %lld)", what, quote(&t, shown, sizeof shown),
                           limit);
    *value = number;
    return FSBB_OK;
}

static fsbb_status read_size(reader *r, const char *what, int limit, int *value)
{
    long long number;
    const fsbb_status status = read_number(r, what, limit, &number);
    if (status != FSBB_OK)
        return status;
    if (number == 0)
        return parse_error(r, r->last_line, "the %s is 0: it must be at least 1", what);
    *value = (int)number;
    return FSBB_OK;
}

/* Taillard's header after its first text line: jobs, machines, seed, upper and lower bound,
 * then the "processing times :" line. */
static fsbb_status read_taillard_header(reader *r, int *n, int *m, long *seed)
{
    long long number;
    fsbb_status status;
    if ((status = read_size(r, "number of jobs", FSBB_MAX_JOBS, n)) != FSBB_OK ||
        (status = read_size(r, "number of machines", FSBB_MAX_MACHINES, m)) != FSBB_OK)
        return status;
    if ((status = read_number(r, "initial seed", INT_MAX, &number)) != FSBB_OK)
        return status;
    *seed = (long)number;
    if ((status = read_number(r, "upper bound", INT_MAX, &number)) != FSBB_OK ||
        (status = read_number(r, "lower bound", INT_MAX, &number)) != FSBB_OK)
        return status;
    token t;
    char shown[128];
    const int numbers_line = r->last_line;
    if (!peek_token(r, &t))
        return parse_error(r, r->last_line, "truncated: expected the line 'processing times :'");
    if (t.line == numbers_line)
        return parse_error(r, t.line, "extra token '%s' after the five header numbers", quote(&t, shown, sizeof shown));
    if (looks_numeric(&t))
        return parse_error(r, t.line, "expected the line 'processing times :', found '%s'",
                           quote(&t, shown, sizeof shown));
    next_token(r, &t);
    skip_rest_of_line(r);
    return FSBB_OK;
}

/* m rows of n times into p (when p is not NULL: see fsbb_instance_parse), then the end. */
static fsbb_status read_times(reader *r, int n, int m, int *p)
{
    const long long count = (long long)n * m;
    long long total = 0;
    for (long long i = 0; i < count; i++) {
        long long time;
        const fsbb_status status = read_number(r, "processing time", FSBB_MAX_TIME, &time);
        if (status != FSBB_OK && r->at_end)
            return parse_error(r, r->last_line,
                               "truncated: expected %lld processing times (%d machines x %d jobs), found %lld", count,
                               m, n, i);
        if (status != FSBB_OK)
            return status;
        total += time;
        if (total > FSBB_MAX_TOTAL_TIME)
            return parse_error(r, r->last_line, "the processing times add up to more than %d, the largest makespan the search handles",
                               FSBB_MAX_TOTAL_TIME);
        if (p)
            p[i] = (int)time;
    }
    token t;
    char shown[128];
    if (next_token(r, &t))
        return parse_error(r, t.line, "extra token '%s' after the %d x %d processing times",
                           quote(&t, shown, sizeof shown), m, n);
    return FSBB_OK;
}

fsbb_status fsbb_instance_parse(const char *text, size_t length, const char *source, fsbb_instance **out,
                                fsbb_error *err)
{
    if (!source)
        source = "input";
    if (!out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_parse: out is required");
    *out = NULL;
    if (!text && length > 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_parse: text is NULL");
    reader r = {.text = text, .length = length, .line = 1, .last_line = 1, .source = source, .err = err};
    static const char byte_order_mark[] = "\xef\xbb\xbf";
    if (length >= 3 && memcmp(text, byte_order_mark, 3) == 0)
        r.pos = 3;
    fsbb_status status = check_bytes(&r);
    if (status != FSBB_OK)
        return status;

    token first;
    if (!peek_token(&r, &first))
        return parse_error(&r, 1, "empty file: expected an instance");
    int n = 0, m = 0;
    long header_seed = 0;
    if (looks_numeric(&first)) {
        if ((status = read_size(&r, "number of jobs", FSBB_MAX_JOBS, &n)) != FSBB_OK ||
            (status = read_size(&r, "number of machines", FSBB_MAX_MACHINES, &m)) != FSBB_OK)
            return status;
    } else {
        next_token(&r, &first);
        skip_rest_of_line(&r);
        if ((status = read_taillard_header(&r, &n, &m, &header_seed)) != FSBB_OK)
            return status;
    }

    /* Each time takes at least two bytes but the last: a text too short for n x m times is
     * read without storing them (and fails), to report where it goes wrong or ends. */
    const size_t count = (size_t)n * (size_t)m;
    int *p = NULL;
    if (count <= (r.length - r.pos + 1) / 2) {
        p = malloc(sizeof *p * count);
        if (!p)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "%s: out of memory for %d x %d times", source, m, n);
    }
    status = read_times(&r, n, m, p);
    if (status != FSBB_OK) {
        free(p);
        return status;
    }
    fsbb_instance *instance = NULL;
    status = new_instance(name_from_path(source), n, m, p, &instance, err);
    return status == FSBB_OK ? finish_instance(instance, header_seed, out, err) : status;
}

/* ---- Loading -------------------------------------------------------------------------- */

/* The whole file into *text (NUL-terminated, *length without it). */
static fsbb_status read_file(const char *path, char **text, size_t *length, fsbb_error *err)
{
    FILE *file = fopen(path, "rb");
    if (!file) {
        if (errno == ENOENT)
            return fsbb_fail(err, FSBB_ERR_IO, "%s: no such file, and not a Taillard instance (ta001 ... ta%03d)",
                             path, FSBB_TAILLARD_COUNT);
        return fsbb_fail(err, FSBB_ERR_IO, "%s: %s", path, strerror(errno));
    }
    size_t capacity = 1 << 16, used = 0;
    char *buffer = malloc(capacity + 1);
    fsbb_status status = buffer ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "%s: out of memory", path);
    while (status == FSBB_OK) {
        if (used == capacity) {
            if (capacity >= (size_t)MAX_FILE_BYTES) {
                status = fsbb_fail(err, FSBB_ERR_PARSE, "%s:1: larger than %ld bytes: too large for an instance", path,
                                   MAX_FILE_BYTES);
                break;
            }
            char *larger = realloc(buffer, capacity * 2 + 1);
            if (!larger) {
                status = fsbb_fail(err, FSBB_ERR_MEMORY, "%s: out of memory", path);
                break;
            }
            buffer = larger;
            capacity *= 2;
        }
        const size_t got = fread(buffer + used, 1, capacity - used, file);
        used += got;
        if (got == 0) {
            if (ferror(file))
                status = fsbb_fail(err, FSBB_ERR_IO, "%s: %s", path, strerror(errno));
            break;
        }
    }
    fclose(file);
    if (status != FSBB_OK) {
        free(buffer);
        return status;
    }
    buffer[used] = '\0';
    *text = buffer;
    *length = used;
    return FSBB_OK;
}

fsbb_status fsbb_instance_load(const char *name_or_path, fsbb_instance **out, fsbb_error *err)
{
    if (!out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_load: out is required");
    *out = NULL;
    if (!name_or_path)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_instance_load: a name or path is required");
    const int index = fsbb_taillard_index(name_or_path);
    if (index > 0)
        return generate_taillard(index, out, err);
    char *text = NULL;
    size_t length = 0;
    fsbb_status status = read_file(name_or_path, &text, &length, err);
    if (status != FSBB_OK)
        return status;
    status = fsbb_instance_parse(text, length, name_or_path, out, err);
    free(text);
    return status;
}

/* ---- Access --------------------------------------------------------------------------- */

void fsbb_instance_free(fsbb_instance *instance)
{
    if (!instance)
        return;
    free(instance->name);
    free(instance->p);
    free(instance);
}

const char *fsbb_instance_name(const fsbb_instance *instance)
{
    return instance ? instance->name : NULL;
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

int fsbb_instance_makespan(const fsbb_instance *instance, const int *permutation)
{
    if (!instance || !permutation)
        return -1;
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
            /* completion[k]: when machine k finishes the jobs so far. */
            completion[0] += instance->p[job];
            for (int k = 1; k < m; k++) {
                const int ready = completion[k] > completion[k - 1] ? completion[k] : completion[k - 1];
                completion[k] = ready + instance->p[k * n + job];
            }
        }
        if (valid)
            makespan = completion[m - 1];
    }
    free(seen);
    free(completion);
    return makespan;
}
