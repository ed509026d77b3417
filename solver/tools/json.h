/* json.h — writing JSON text (RFC 8259) into a GString: string literals, numbers, booleans,
 * null, and the members of an object. The one JSON writer of flowshop-bb's --json and
 * flowshop-sweep's runs.jsonl.
 *
 * Strings: valid UTF-8 passes through unchanged; '"' and '\' are escaped; control
 * characters (U+0000..U+001F) become \b \f \n \r \t or \u00XX; a byte that is not part of
 * valid UTF-8 (an odd file name) becomes U+FFFD, since JSON text cannot hold it. */
#ifndef FSBB_JSON_H
#define FSBB_JSON_H

#include <glib.h>

/* Appends text as a JSON string literal, with its quotes. */
void fsbb_json_string(GString *out, const char *text);
/* Appends a JSON string literal, or null when text is NULL. */
void fsbb_json_string_or_null(GString *out, const char *text);
void fsbb_json_integer(GString *out, long long value);
void fsbb_json_unsigned(GString *out, unsigned long long value);
/* value with the given digits after the point; null when it is not finite. */
void fsbb_json_real(GString *out, double value, int decimals);
/* text as a number when it is one in JSON's grammar (a number option's value, "0.15"),
 * else null. */
void fsbb_json_number_text(GString *out, const char *text);
void fsbb_json_boolean(GString *out, int value);
void fsbb_json_null(GString *out);

/* 1 when text is a number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
int fsbb_json_is_number(const char *text);

/* An object written member by member: begin, then for each member fsbb_json_member and
 * one value, then end. Members are separated by ", " and keys by ": ". */
typedef struct fsbb_json_object {
    GString *out;
    int members;
} fsbb_json_object;

void fsbb_json_object_begin(fsbb_json_object *object, GString *out);
/* Appends the separator and "key": ; the caller appends the value next. */
void fsbb_json_member(fsbb_json_object *object, const char *key);
void fsbb_json_object_end(fsbb_json_object *object);

#endif
