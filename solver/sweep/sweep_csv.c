/* sweep_csv.c — quoting CSV fields and parsing CSV records with torn-tail detection and
 * recovery from damaged lines (sweep_csv.h). */
#include "sweep_csv.h"

#include <string.h>

void fsbb_csv_append_field(GString *line, const char *field)
{
    if (!strpbrk(field, ",\"\r\n")) {
        g_string_append(line, field);
        return;
    }
    g_string_append_c(line, '"');
    for (const char *c = field; *c; c++) {
        if (*c == '"')
            g_string_append_c(line, '"');
        g_string_append_c(line, *c);
    }
    g_string_append_c(line, '"');
}

void fsbb_csv_append_record(GString *line, char *const *fields, int count)
{
    for (int i = 0; i < count; i++) {
        if (i)
            g_string_append_c(line, ',');
        fsbb_csv_append_field(line, fields[i]);
    }
    g_string_append_c(line, '\n');
}

/* Where one record ended. */
typedef enum { RECORD_COMPLETE, RECORD_TORN, RECORD_MALFORMED } record_end;

typedef struct csv_reader {
    const char *text;
    size_t length;
    size_t position;
    int line;              /* 1-based line of position */
    const char *problem;   /* with RECORD_MALFORMED */
} csv_reader;

static record_end malformed(csv_reader *reader, const char *problem)
{
    reader->problem = problem;
    return RECORD_MALFORMED;
}

/* Reads a quoted field after its opening quote into field; stops after the closing quote. */
static record_end read_quoted(csv_reader *reader, GString *field)
{
    for (;;) {
        if (reader->position >= reader->length)
            return RECORD_TORN;
        const char c = reader->text[reader->position++];
        if (c == '"') {
            if (reader->position < reader->length && reader->text[reader->position] == '"') {
                g_string_append_c(field, '"');
                reader->position++;
                continue;
            }
            return RECORD_COMPLETE;
        }
        if (c == '\n')
            reader->line++;
        g_string_append_c(field, c);
    }
}

/* Reads one record's fields into fields (a GPtrArray of gchar *). */
static record_end read_record(csv_reader *reader, GPtrArray *fields)
{
    GString *field = g_string_new(NULL);
    record_end end = RECORD_TORN;
    for (;;) {
        g_string_truncate(field, 0);
        if (reader->position < reader->length && reader->text[reader->position] == '"') {
            reader->position++;
            end = read_quoted(reader, field);
            if (end != RECORD_COMPLETE)
                break;
        } else {
            while (reader->position < reader->length && !strchr(",\r\n", reader->text[reader->position])) {
                if (reader->text[reader->position] == '"') {
                    end = malformed(reader, "a quote inside an unquoted field");
                    goto done;
                }
                g_string_append_c(field, reader->text[reader->position++]);
            }
        }
        if (reader->position >= reader->length) {
            end = RECORD_TORN;
            break;
        }
        const char separator = reader->text[reader->position++];
        g_ptr_array_add(fields, g_strdup(field->str));
        if (separator == ',')
            continue;
        if (separator == '\r') {
            if (reader->position >= reader->length) {
                end = RECORD_TORN;
                break;
            }
            if (reader->text[reader->position] != '\n') {
                end = malformed(reader, "a carriage return without a line feed");
                break;
            }
            reader->position++;
        } else if (separator != '\n') {
            end = malformed(reader, "text after a closing quote");
            break;
        }
        reader->line++;
        end = RECORD_COMPLETE;
        break;
    }
done:
    g_string_free(field, TRUE);
    return end;
}

/* The offset just past the first line feed at or after position; length when none. */
static size_t end_of_line(const char *text, size_t length, size_t position)
{
    const char *line_feed = memchr(text + position, '\n', length - position);
    return line_feed ? (size_t)(line_feed - text) + 1 : length;
}

void fsbb_csv_parse(const char *text, size_t length, fsbb_csv *out)
{
    csv_reader reader = {.text = text, .length = length, .line = 1};
    out->records = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    out->spans = g_array_new(FALSE, FALSE, sizeof(fsbb_csv_span));
    out->bad = g_array_new(FALSE, FALSE, sizeof(fsbb_csv_bad));
    out->torn = 0;
    guint unclosed = G_MAXUINT;  /* the bad stretch of a quote that ran to the end, if any */
    guint records_before = 0;    /* records before it */
    while (reader.position < length) {
        fsbb_csv_span span = {.line = reader.line, .start = reader.position};
        GPtrArray *fields = g_ptr_array_new_with_free_func(g_free);
        const record_end end = read_record(&reader, fields);
        if (end == RECORD_COMPLETE) {
            g_ptr_array_add(fields, NULL);
            g_ptr_array_add(out->records, g_ptr_array_free(fields, FALSE));
            span.end = reader.position;
            g_array_append_val(out->spans, span);
            continue;
        }
        g_ptr_array_free(fields, TRUE);
        span.end = end_of_line(text, length, span.start);
        if (end == RECORD_TORN && span.end == length && text[length - 1] != '\n') {
            out->torn = 1;  /* a write cut short: the one thing an append can leave */
            break;
        }
        /* Damage: skip the record's first line and read on from the next one. A record that
         * failed past that line has a quote that its line does not close. */
        const fsbb_csv_bad bad = {.span = span,
                                  .problem = reader.line > span.line || end == RECORD_TORN
                                                 ? "a quote that is not closed on its line"
                                                 : reader.problem};
        if (end == RECORD_TORN) {
            unclosed = out->bad->len;
            records_before = out->records->len;
        }
        g_array_append_val(out->bad, bad);
        reader.position = span.end;
        reader.line = span.line + 1;
    }
    /* A quote open to the end with no record after its line: a torn write of a record
     * with a line break inside a field. */
    if (unclosed != G_MAXUINT && out->records->len == records_before) {
        g_array_set_size(out->bad, unclosed);
        out->torn = 1;
    }
}

void fsbb_csv_clear(fsbb_csv *csv)
{
    if (csv->records)
        g_ptr_array_free(csv->records, TRUE);
    if (csv->spans)
        g_array_free(csv->spans, TRUE);
    if (csv->bad)
        g_array_free(csv->bad, TRUE);
    csv->records = NULL;
    csv->spans = csv->bad = NULL;
}
