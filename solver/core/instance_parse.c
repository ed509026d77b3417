/* instance_parse.c — the text of an instance file in one of three formats (instance.h):
 *   taillard  a text line, then "n m seed upper lower", a text line ("processing times :"),
 *             then m rows of n times (row k: machine k);
 *   plain     "n m", then m rows of n times, laid out freely;
 *   vrf       "n m", then one line per job of m pairs "machine time", machines 0..m-1 in
 *             order (Vallada, Ruiz and Framinan's benchmark, 2015).
 * Taillard's format starts with text, the other two with numbers: between those two the count
 * of numbers decides (n m against 2 n m), with the layout of the lines as evidence; a file
 * that fits both, or that is laid out one job per line as no supported format is, is refused
 * as ambiguous rather than guessed. Every malformed input is refused with "FILE:LINE: what". */
#include "instance.h"

#include "bound_data.h"
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Refuses a header number that is not on the header's line: a file that starts with a line
 * of text (a comment, a second byte-order mark) is taken for Taillard's, and its "n m" line
 * then reads as a header of two numbers. */
static fsbb_status header_on_one_line(const reader *r, int header_line, int found, const char *first_text)
{
    token t;
    if (!peek_token(r, &t) || t.line == header_line)
        return FSBB_OK;
    return parse_error(r, t.line,
                       "Taillard's header has its five numbers on one line (jobs, machines, seed, upper and lower "
                       "bound), line %d has %d: a file whose first line is text ('%s') is read as Taillard's; "
                       "plain and VRF files have no line of text or comments",
                       header_line, found, first_text);
}

/* Taillard's header after its first text line (first_text, for messages): jobs, machines,
 * seed, upper and lower bound on one line, then the "processing times :" line. */
static fsbb_status read_taillard_header(reader *r, const char *first_text, int *n, int *m, long *seed)
{
    long long number;
    fsbb_status status;
    if ((status = read_size(r, "number of jobs", FSBB_MAX_JOBS, n)) != FSBB_OK)
        return status;
    const int header_line = r->last_line;
    if ((status = header_on_one_line(r, header_line, 1, first_text)) != FSBB_OK ||
        (status = read_size(r, "number of machines", FSBB_MAX_MACHINES, m)) != FSBB_OK ||
        (status = header_on_one_line(r, header_line, 2, first_text)) != FSBB_OK ||
        (status = read_number(r, "initial seed", INT_MAX, &number)) != FSBB_OK)
        return status;
    *seed = (long)number;
    if ((status = header_on_one_line(r, header_line, 3, first_text)) != FSBB_OK ||
        (status = read_number(r, "upper bound", INT_MAX, &number)) != FSBB_OK ||
        (status = header_on_one_line(r, header_line, 4, first_text)) != FSBB_OK ||
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

/* m rows of n times into p (when p is not NULL: see parse_numeric), then the end. */
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
            return parse_error(r, r->last_line,
                               "the processing times add up to more than %d, the largest makespan the search handles",
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


/* ---- VRF -------------------------------------------------------------------------------- */

/* 1 when the token is the decimal number value, written without sign or leading zeros. */
static int token_is(const token *t, int value)
{
    char digits[16];
    const int length = snprintf(digits, sizeof digits, "%d", value);
    return t->length == (size_t)length && memcmp(t->start, digits, (size_t)length) == 0;
}

/* One job line: m pairs "machine time", machines 0..m-1 in order, alone on the line. */
static fsbb_status read_vrf_job(reader *r, int n, int m, int job, long long *total, int *p)
{
    token t;
    char shown[128];
    if (!peek_token(r, &t))
        return parse_error(r, r->last_line, "truncated: expected %d job lines (VRF), found %d", n, job);
    const int line = t.line;
    for (int k = 0; k < m; k++) {
        if (!peek_token(r, &t) || t.line != line)
            return parse_error(r, line, "%d 'machine time' %s on this job line, expected %d (VRF)", k,
                               k == 1 ? "pair" : "pairs", m);
        long long machine, time;
        fsbb_status status = read_number(r, "machine number", FSBB_MAX_MACHINES, &machine);
        if (status != FSBB_OK)
            return status;
        if (machine >= m)
            return parse_error(r, line, "machine %lld is outside 0..%d (VRF numbers machines from 0)", machine, m - 1);
        if (machine != k)
            return parse_error(r, line, "machine %lld where machine %d was expected: a VRF job line lists machines "
                               "0..%d in order", machine, k, m - 1);
        if (!peek_token(r, &t) || t.line != line)
            return parse_error(r, line, "machine %d without its processing time (VRF)", k);
        if ((status = read_number(r, "processing time", FSBB_MAX_TIME, &time)) != FSBB_OK)
            return status;
        *total += time;
        if (*total > FSBB_MAX_TOTAL_TIME)
            return parse_error(r, line,
                               "the processing times add up to more than %d, the largest makespan the search handles",
                               FSBB_MAX_TOTAL_TIME);
        if (p)
            p[(size_t)k * (size_t)n + (size_t)job] = (int)time;
    }
    if (peek_token(r, &t) && t.line == line)
        return parse_error(r, line, "extra token '%s' after the %d 'machine time' pairs of a job line (VRF)",
                           quote(&t, shown, sizeof shown), m);
    return FSBB_OK;
}

/* n job lines into p (when p is not NULL), then the end. The first job starts on a new line:
 * the first line holds n and m only. */
static fsbb_status read_vrf(reader *r, int n, int m, int *p)
{
    token t;
    char shown[128];
    if (peek_token(r, &t) && t.line == r->last_line)
        return parse_error(r, t.line, "extra token '%s' after 'n m' on the first line (VRF)",
                           quote(&t, shown, sizeof shown));
    long long total = 0;
    for (int job = 0; job < n; job++) {
        const fsbb_status status = read_vrf_job(r, n, m, job, &total, p);
        if (status != FSBB_OK)
            return status;
    }
    if (next_token(r, &t))
        return parse_error(r, t.line, "extra token '%s' after the %d job lines (VRF)", quote(&t, shown, sizeof shown),
                           n);
    return FSBB_OK;
}

/* ---- Telling plain from VRF --------------------------------------------------------------- */

/* The layout of the numbers after "n m", as evidence for the format. */
typedef struct body_shape {
    long long tokens;    /* tokens after the header */
    long long lines;     /* lines that hold them */
    long long width;     /* tokens on each of those lines, or -1 when they differ */
    long long vrf_lines; /* lines of m pairs "machine time", machines 0..m-1 in order */
    long long vrf_like;  /* lines that read so as far as they go, from "0 t 1" on: VRF job
                            lines, whole or with numbers missing */
} body_shape;

static body_shape scan_body(const reader *start, int m)
{
    reader r = *start;
    body_shape shape = {.width = -1};
    token t;
    int line = -1;
    long long on_line = 0;
    int vrf_line = 0;
    for (;;) {
        const int more = next_token(&r, &t);
        if (!more || t.line != line) {
            if (line >= 0) {
                shape.vrf_lines += vrf_line && on_line == 2LL * m;
                shape.vrf_like += vrf_line && on_line >= 3;
                shape.width = shape.lines == 1 || shape.width == on_line ? on_line : -1;
            }
            if (!more)
                break;
            line = t.line;
            on_line = 0;
            vrf_line = 1;
            shape.lines++;
        }
        if (on_line % 2 == 0)
            vrf_line = vrf_line && on_line / 2 < m && token_is(&t, (int)(on_line / 2));
        on_line++;
        shape.tokens++;
    }
    return shape;
}

/* PLAIN or VRF for the numbers after "n m" at r, or an error naming the formats the file
 * could be. The counts differ (n m times against 2 n m numbers), and 2 n m numbers are VRF
 * when some line is a VRF job line or they lie on n lines of 2 m (a VRF file with, say,
 * machines numbered from 1, which its parser then names). The layout decides when the count
 * fits the plain form but the lines say otherwise: all of them VRF job lines (the first lines
 * of a VRF file, or a plain file whose rows read "0 t 1 t ..."), or n lines of m (rows that
 * are jobs, or machines wrapped every m times). A square job-major file cannot be told from
 * a plain one: the plain form is machine by machine. */
static fsbb_status detect_format(const reader *r, int n, int m, fsbb_instance_format *format)
{
    const body_shape shape = scan_body(r, m);
    const long long times = (long long)n * m;
    const int all_vrf = shape.lines > 0 && shape.vrf_lines == shape.lines;
    if (all_vrf && shape.tokens == times)
        return parse_error(r, r->last_line,
                           "ambiguous: %lld numbers on %lld lines of %d 'machine time' pairs: the plain form (%d rows "
                           "of %d times) or a VRF file with %lld of its %d job lines; name the format "
                           "(--format plain or --format vrf)",
                           shape.tokens, shape.lines, m, m, n, shape.lines, n);
    const int vrf_layout = shape.lines == n && shape.width == 2LL * m;
    if (all_vrf || (shape.tokens == 2 * times && (shape.vrf_lines > 0 || vrf_layout))) {
        *format = FSBB_FORMAT_VRF;
        return FSBB_OK;
    }
    if (shape.tokens == times && n > 1 && m > 1 && n != m && shape.lines == n && shape.width == m)
        return parse_error(r, r->last_line,
                           "ambiguous: %lld times on %d lines of %d: the plain form wants one row per machine (%d "
                           "rows of %d), so these rows are jobs, or machines wrapped every %d times; transpose the "
                           "file, or name the format (--format plain) to read it machine by machine as it stands",
                           shape.tokens, n, m, m, n, m);
    /* Neither count: the parser of the format most lines follow says what is wrong (a VRF job
     * line cut short counts as one). */
    *format = shape.tokens != times && 2 * shape.vrf_like > shape.lines ? FSBB_FORMAT_VRF : FSBB_FORMAT_PLAIN;
    return FSBB_OK;
}

/* ---- The three formats ---------------------------------------------------------------- */

static const char *const format_names[] = {
    [FSBB_FORMAT_AUTO] = "auto", [FSBB_FORMAT_TAILLARD] = "taillard", [FSBB_FORMAT_PLAIN] = "plain",
    [FSBB_FORMAT_VRF] = "vrf"};

fsbb_status fsbb_instance_format_named(const char *name, fsbb_instance_format *format, fsbb_error *err)
{
    if (!name) {
        *format = FSBB_FORMAT_AUTO;
        return FSBB_OK;
    }
    for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++) {
        if (strcmp(name, format_names[i]) == 0) {
            *format = (fsbb_instance_format)i;
            return FSBB_OK;
        }
    }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "instance format '%s': expected auto, taillard, plain or vrf", name);
}

/* The times after the header into a new m x n matrix, in the plain form or VRF. */
static fsbb_status read_body(reader *r, int n, int m, fsbb_instance_format format, int **out)
{
    /* Each time takes at least two bytes but the last: a text too short for n x m times is
     * read without storing them (and fails), to report where it goes wrong or ends. */
    const size_t count = (size_t)n * (size_t)m;
    int *p = NULL;
    if (count <= (r->length - r->pos + 1) / 2) {
        p = malloc(sizeof *p * count);
        if (!p)
            return fsbb_fail(r->err, FSBB_ERR_MEMORY, "%s: out of memory for %d x %d times", r->source, m, n);
    }
    const fsbb_status status = format == FSBB_FORMAT_VRF ? read_vrf(r, n, m, p) : read_times(r, n, m, p);
    if (status != FSBB_OK) {
        free(p);
        return status;
    }
    *out = p;
    return FSBB_OK;
}

fsbb_status fsbb_instance_parse_format(const char *text, size_t length, const char *source,
                                       fsbb_instance_format format, fsbb_instance **out, fsbb_error *err)
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
    char shown[128];
    if (!peek_token(&r, &first))
        return parse_error(&r, 1, "empty file: expected an instance");
    int n = 0, m = 0;
    long header_seed = 0;
    if (!looks_numeric(&first) && format != FSBB_FORMAT_PLAIN && format != FSBB_FORMAT_VRF) {
        next_token(&r, &first);
        skip_rest_of_line(&r);
        if ((status = read_taillard_header(&r, quote(&first, shown, sizeof shown), &n, &m, &header_seed)) != FSBB_OK)
            return status;
        format = FSBB_FORMAT_TAILLARD;
    } else {
        if (format == FSBB_FORMAT_TAILLARD)
            return parse_error(&r, first.line, "expected Taillard's first line of text, found '%s' (format taillard)",
                               quote(&first, shown, sizeof shown));
        if ((status = read_size(&r, "number of jobs", FSBB_MAX_JOBS, &n)) != FSBB_OK ||
            (status = read_size(&r, "number of machines", FSBB_MAX_MACHINES, &m)) != FSBB_OK)
            return status;
        if (format == FSBB_FORMAT_AUTO && (status = detect_format(&r, n, m, &format)) != FSBB_OK)
            return status;
    }
    int *p = NULL;
    if ((status = read_body(&r, n, m, format, &p)) != FSBB_OK)
        return status;
    return fsbb_instance_adopt_file(source, n, m, p, header_seed, out, err);
}

fsbb_status fsbb_instance_parse(const char *text, size_t length, const char *source, fsbb_instance **out,
                                fsbb_error *err)
{
    return fsbb_instance_parse_format(text, length, source, FSBB_FORMAT_AUTO, out, err);
}
