/* json_line.c — a JSON object on one line of text (json_line.h). */
#include "json_line.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void append(fsbb_json_line *line, const char *text, size_t length)
{
    if (line->failed)
        return;
    if (line->length + length + 1 > line->capacity) {
        size_t capacity = line->capacity ? line->capacity : 256;
        while (capacity < line->length + length + 1)
            capacity *= 2;
        char *grown = realloc(line->text, capacity);
        if (!grown) {
            line->failed = 1;
            return;
        }
        line->text = grown;
        line->capacity = capacity;
    }
    memcpy(line->text + line->length, text, length);
    line->length += length;
    line->text[line->length] = '\0';
}

static void append_text(fsbb_json_line *line, const char *text)
{
    append(line, text, strlen(text));
}

static void append_format(fsbb_json_line *line, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void append_format(fsbb_json_line *line, const char *format, ...)
{
    char buffer[64];
    va_list args;
    va_start(args, format);
    const int length = vsnprintf(buffer, sizeof buffer, format, args);
    va_end(args);
    if (length > 0 && (size_t)length < sizeof buffer)
        append(line, buffer, (size_t)length);
}

/* The code point of the valid UTF-8 sequence at s, its length in *length; -1 when the
 * bytes at s are no valid sequence (overlong, a surrogate, above U+10FFFF, cut short). */
static long decode_utf8(const unsigned char *s, int *length)
{
    static const long least[] = {0, 0, 0x80, 0x800, 0x10000};
    int count;
    long code;
    if (s[0] < 0x80) {
        *length = 1;
        return s[0];
    } else if ((s[0] & 0xe0) == 0xc0) {
        count = 2, code = s[0] & 0x1f;
    } else if ((s[0] & 0xf0) == 0xe0) {
        count = 3, code = s[0] & 0x0f;
    } else if ((s[0] & 0xf8) == 0xf0) {
        count = 4, code = s[0] & 0x07;
    } else {
        return -1;
    }
    for (int i = 1; i < count; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return -1;
        code = (code << 6) | (s[i] & 0x3f);
    }
    if (code < least[count] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return -1;
    *length = count;
    return code;
}

static void append_quoted(fsbb_json_line *line, const char *text)
{
    append_text(line, "\"");
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        int length = 1;
        const long code = decode_utf8(s, &length);
        if (code == '"' || code == '\\') {
            append_format(line, "\\%c", (char)code);
        } else if (code == '\n') {
            append_text(line, "\\n");
        } else if (code == '\t') {
            append_text(line, "\\t");
        } else if (code < 0) {
            append_text(line, "\\ufffd");
        } else if (code < 0x20 || code == 0x7f) {
            append_format(line, "\\u%04lx", code);
        } else if (code < 0x80) {
            append(line, (const char *)s, 1);
        } else if (code < 0x10000) {
            append_format(line, "\\u%04lx", code);
        } else {
            const long above = code - 0x10000;
            append_format(line, "\\u%04lx\\u%04lx", 0xd800 + (above >> 10), 0xdc00 + (above & 0x3ff));
        }
        s += length;
    }
    append_text(line, "\"");
}

static void key(fsbb_json_line *line, const char *name)
{
    if (line->members++)
        append_text(line, ", ");
    append_quoted(line, name);
    append_text(line, ": ");
}

void fsbb_json_line_begin(fsbb_json_line *line)
{
    memset(line, 0, sizeof *line);
    append_text(line, "{");
}

void fsbb_json_line_end(fsbb_json_line *line)
{
    append_text(line, "}\n");
}

void fsbb_json_line_free(fsbb_json_line *line)
{
    free(line->text);
    memset(line, 0, sizeof *line);
}

void fsbb_json_line_string(fsbb_json_line *line, const char *name, const char *value)
{
    key(line, name);
    if (value)
        append_quoted(line, value);
    else
        append_text(line, "null");
}

void fsbb_json_line_integer(fsbb_json_line *line, const char *name, long long value)
{
    key(line, name);
    append_format(line, "%lld", value);
}

void fsbb_json_line_unsigned(fsbb_json_line *line, const char *name, uint64_t value)
{
    key(line, name);
    append_format(line, "%llu", (unsigned long long)value);
}

void fsbb_json_line_real(fsbb_json_line *line, const char *name, double value, int significant_digits)
{
    key(line, name);
    if (!isfinite(value)) {
        append_text(line, "null");
        return;
    }
    char number[48];
    snprintf(number, sizeof number, "%.*g", significant_digits, value);
    /* A locale with a decimal comma must not reach the file. */
    for (char *c = number; *c; c++)
        if (*c == ',')
            *c = '.';
    append_text(line, number);
}

void fsbb_json_line_boolean(fsbb_json_line *line, const char *name, int value)
{
    key(line, name);
    append_text(line, value ? "true" : "false");
}

void fsbb_json_line_null(fsbb_json_line *line, const char *name)
{
    key(line, name);
    append_text(line, "null");
}

void fsbb_json_line_integers(fsbb_json_line *line, const char *name, const int *values, int count, int offset)
{
    key(line, name);
    append_text(line, "[");
    for (int i = 0; i < count; i++)
        append_format(line, i ? ", %d" : "%d", values[i] + offset);
    append_text(line, "]");
}

void fsbb_json_line_object_begin(fsbb_json_line *line, const char *name)
{
    key(line, name);
    append_text(line, "{");
    line->members = 0;
}

void fsbb_json_line_object_end(fsbb_json_line *line)
{
    append_text(line, "}");
    line->members = 1;
}
