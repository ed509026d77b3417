/* sweep_csv.h — CSV as the sweep runner writes runs.csv (RFC 4180): quoting fields, and
 * reading records back while telling complete records from a torn tail (a record whose
 * final newline never reached the disk). */
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

typedef struct fsbb_csv {
    GPtrArray *records;      /* complete records, each a NULL-terminated gchar ** of fields */
    size_t complete_length;  /* bytes from the start to the end of the last complete record */
    int torn;                /* 1 when bytes without a final newline follow that record */
} fsbb_csv;

/* Parses text. A record ends at a line feed (CRLF accepted) outside quotes; trailing bytes
 * that never reach one are a torn record: left out of records and flagged by torn. A quote
 * inside an unquoted field or text after a closing quote is an FSBB_ERR_PARSE error naming
 * source and the line. On success out must be released with fsbb_csv_clear. */
fsbb_status fsbb_csv_parse(const char *text, size_t length, const char *source, fsbb_csv *out, fsbb_error *err);
void fsbb_csv_clear(fsbb_csv *csv);

#endif
