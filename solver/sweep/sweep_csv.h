/* sweep_csv.h — CSV as the sweep runner writes runs.csv (RFC 4180): quoting fields, and
 * reading records back while telling complete records from a torn tail (a record whose
 * final newline never reached the disk) and from damaged lines, which are skipped. */
#ifndef FSBB_SWEEP_CSV_H
#define FSBB_SWEEP_CSV_H

#include "flowshopbb.h"

#include <glib.h>
#include <stddef.h>

/* Appends field to line: as it is, or in double quotes (inner quotes doubled) when it
 * holds a comma, a double quote, a carriage return or a line feed. */
void fsbb_csv_append_field(GString *line, const char *field);

/* Appends one record: the fields separated by commas, then "\n". */
void fsbb_csv_append_record(GString *line, char *const *fields, int count);

/* Where a record, or a stretch of text that is none, lies in the text. */
typedef struct fsbb_csv_span {
    int line;                /* 1-based line where it starts */
    size_t start, end;       /* its bytes, end included its line end */
} fsbb_csv_span;

/* A stretch of text that is no record: a record's first line, skipped. */
typedef struct fsbb_csv_bad {
    fsbb_csv_span span;
    const char *problem;     /* "a quote inside an unquoted field", ... (static) */
} fsbb_csv_bad;

typedef struct fsbb_csv {
    GPtrArray *records;      /* complete records, each a NULL-terminated gchar ** of fields */
    GArray *spans;           /* fsbb_csv_span of each record */
    GArray *bad;             /* fsbb_csv_bad, in the order of the text */
    int torn;                /* 1 when the text ends in a record without its final newline */
} fsbb_csv;

/* Parses text, which never fails: a record ends at a line feed (CRLF accepted) outside
 * quotes. A record that the text ends in is a torn one, left out and flagged by torn: the
 * last line without its line feed, or a quoted field with a line break that is never
 * closed and has no record after its first line. Other damage (a quote inside an unquoted
 * field, text after a closing quote, a CR alone, a quote not closed on its line where no
 * field breaks lines) makes the record's first line a bad stretch; parsing goes on at the
 * next line, so the records after a damaged one are kept. out must be released with
 * fsbb_csv_clear. */
void fsbb_csv_parse(const char *text, size_t length, fsbb_csv *out);
void fsbb_csv_clear(fsbb_csv *csv);

#endif
