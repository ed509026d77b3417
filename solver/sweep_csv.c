/* sweep_csv.c — quoting CSV fields and parsing CSV records with torn-tail detection
 * (sweep_csv.h). */
#include "sweep_csv.h"

#include "error.h"

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
    int line;              /* 1-based line of position, for messages */
    const char *problem;   /* with RECORD_MALFORMED */
    int problem_line;
} csv_reader;

static record_end malformed(csv_reader *reader, const char *problem)
{
    reader->problem = problem;
    reader->problem_line = reader->line;
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

fsbb_status fsbb_csv_parse(const char *text, size_t length, const char *source, fsbb_csv *out, fsbb_error *err)
{
    csv_reader reader = {.text = text, .length = length, .line = 1};
    out->records = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    out->complete_length = 0;
    out->torn = 0;
    while (reader.position < length) {
        GPtrArray *fields = g_ptr_array_new_with_free_func(g_free);
        const record_end end = read_record(&reader, fields);
        if (end == RECORD_MALFORMED) {
            g_ptr_array_free(fields, TRUE);
            g_ptr_array_free(out->records, TRUE);
            out->records = NULL;
            return fsbb_fail(err, FSBB_ERR_PARSE, "%s:%d: %s", source, reader.problem_line, reader.problem);
        }
        if (end == RECORD_TORN) {
            g_ptr_array_free(fields, TRUE);
            out->torn = 1;
            break;
        }
        g_ptr_array_add(fields, NULL);
        g_ptr_array_add(out->records, g_ptr_array_free(fields, FALSE));
        out->complete_length = reader.position;
    }
    return FSBB_OK;
}

void fsbb_csv_clear(fsbb_csv *csv)
{
    if (csv->records)
        g_ptr_array_free(csv->records, TRUE);
    csv->records = NULL;
}
