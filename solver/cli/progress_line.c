/* progress_line.c — the progress line fitted to the terminal (progress_line.h). */
#include "progress_line.h"

#include "cli_text.h"
#include "percent.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { MOST_FIELDS = 10, FIELD_TEXT = 64, DEFAULT_COLUMNS = 80 };

/* A field of the line, in the order shown; the higher its rank, the sooner it goes. */
typedef struct field {
    char text[FIELD_TEXT];
    int rank;
} field;

typedef struct fields {
    field at[MOST_FIELDS];
    int count;
} fields;

static void add(fields *f, int rank, const char *format, ...) __attribute__((format(printf, 3, 4)));

static void add(fields *f, int rank, const char *format, ...)
{
    field *new_field = &f->at[f->count++];
    new_field->rank = rank;
    va_list args;
    va_start(args, format);
    vsnprintf(new_field->text, sizeof new_field->text, format, args);
    va_end(args);
}

/* The line's length with the fields of rank below `below`, two spaces between them. */
static size_t length_below(const fields *f, int below)
{
    size_t length = 0;
    for (int i = 0; i < f->count; i++)
        if (f->at[i].rank < below)
            length += (length ? 2 : 0) + strlen(f->at[i].text);
    return length;
}

void progress_line_format(char *line, size_t size, const fsbb_progress *progress, int heuristic, int columns)
{
    fields f = {.count = 0};
    char number[32];
    if (heuristic)
        add(&f, 0, "heuristic");
    else
        add(&f, 3, "%llu nodes", (unsigned long long)progress->nodes);
    if (!heuristic)
        add(&f, 7, "%.3g nodes/s", progress->nodes_per_second);
    if (progress->incumbent == INT_MAX)
        add(&f, 1, "incumbent none");
    else
        add(&f, 1, "incumbent %d", progress->incumbent);
    if (progress->lower_bound >= 0)
        add(&f, 5, "lb %d", progress->lower_bound);
    if (progress->gap >= 0) {
        fsbb_percent_text(number, sizeof number, progress->gap);
        add(&f, 2, "gap %s %%", number);
    }
    if (progress->fraction_done >= 0) {
        fsbb_percent_text(number, sizeof number, progress->fraction_done);
        add(&f, 6, "%s %% done", number);
    }
    if (progress->eta_s >= 0) {
        cli_text_duration(number, sizeof number, progress->eta_s);
        add(&f, 4, "eta %s", number);
    } else if (!heuristic && progress->lower_bound >= 0) {
        add(&f, 4, "eta ?");
    }
    add(&f, 0, "%.1f s", progress->elapsed_s);
    if (progress->lb2_depths >= 0)
        add(&f, 8, "lb auto: LB2 at %d depths, %.1f %% refined", progress->lb2_depths,
            100.0 * progress->lb2_refined_fraction);
    const size_t room = columns > 1 ? (size_t)columns - 1 : 0;
    /* Ranks 0 and 1 (the elapsed time and the incumbent) stay; a line still too long is cut. */
    int below = 9;
    while (below > 2 && length_below(&f, below) > room)
        below--;
    size_t at = 0;
    line[0] = '\0';
    for (int i = 0; i < f.count; i++) {
        if (f.at[i].rank >= below)
            continue;
        const int written = snprintf(line + at, size - at, "%s%s", at ? "  " : "", f.at[i].text);
        if (written < 0 || (size_t)written >= size - at)
            break;
        at += (size_t)written;
    }
    if (strlen(line) > room)
        line[room] = '\0';
}

int progress_line_columns(int fd)
{
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
        return size.ws_col;
    return DEFAULT_COLUMNS;
}
