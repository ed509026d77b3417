/* json_line.h — one JSON object (RFC 8259) built as one line of text, for the library's
 * files (the progress log): the library has no GLib, so it does not use the programs'
 * writer (solver/tools/json.h).
 *
 * Strings come out as ASCII: '"', '\' and control characters escaped, every other
 * character outside ASCII as \uXXXX (a surrogate pair above U+FFFF), and each byte that is
 * not part of valid UTF-8 (an odd file name) as \ufffd, so that any reader takes the line.
 * Numbers are written with '.' whatever the locale; a value that is not finite is null. */
#ifndef FSBB_JSON_LINE_H
#define FSBB_JSON_LINE_H

#include <stddef.h>
#include <stdint.h>

typedef struct fsbb_json_line {
    char *text;              /* NUL-terminated */
    size_t length, capacity;
    int members;             /* of the innermost object begun, for the separators */
    int failed;              /* 1 once memory ran out: the text is incomplete */
} fsbb_json_line;

/* Starts the line with "{". */
void fsbb_json_line_begin(fsbb_json_line *line);
/* Appends "}" and a line break: the text is then one complete line. */
void fsbb_json_line_end(fsbb_json_line *line);
void fsbb_json_line_free(fsbb_json_line *line);

/* Members: the key, then its value. */
void fsbb_json_line_string(fsbb_json_line *line, const char *key, const char *value);  /* NULL: null */
void fsbb_json_line_integer(fsbb_json_line *line, const char *key, long long value);
void fsbb_json_line_unsigned(fsbb_json_line *line, const char *key, uint64_t value);
void fsbb_json_line_real(fsbb_json_line *line, const char *key, double value, int significant_digits);
void fsbb_json_line_boolean(fsbb_json_line *line, const char *key, int value);
void fsbb_json_line_null(fsbb_json_line *line, const char *key);
/* An array of integers. */
void fsbb_json_line_integers(fsbb_json_line *line, const char *key, const int *values, int count, int offset);
/* A member whose value is an object: its members follow, then fsbb_json_line_object_end. */
void fsbb_json_line_object_begin(fsbb_json_line *line, const char *key);
void fsbb_json_line_object_end(fsbb_json_line *line);

#endif
