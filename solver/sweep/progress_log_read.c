/* progress_log_read.c — reading a progress log (progress_log_read.h). Each line is parsed as
 * one JSON object; its members of one level are kept (strings, numbers, true, false, null),
 * nested objects and arrays are checked and skipped. */
#include "progress_log_read.h"

#include "json.h"

#include <math.h>
#include <string.h>

/* A member's value: a string's text, a number's or a literal's spelling; is_string tells. */
typedef struct member_value {
    char *text;
    gboolean is_string;
} member_value;

static void member_value_free(gpointer data)
{
    member_value *value = data;
    g_free(value->text);
    g_free(value);
}

typedef struct cursor {
    const char *at;
} cursor;

static void skip_space(cursor *c)
{
    while (*c->at == ' ' || *c->at == '\t' || *c->at == '\r' || *c->at == '\n')
        c->at++;
}

static int hex_value(const char *text, gunichar *out)
{
    gunichar value = 0;
    for (int i = 0; i < 4; i++) {
        if (!g_ascii_isxdigit(text[i]))
            return 0;
        value = value * 16 + (gunichar)g_ascii_xdigit_value(text[i]);
    }
    *out = value;
    return 1;
}

/* A string literal at c (its quote), decoded; NULL when malformed. */
static char *parse_string(cursor *c)
{
    if (*c->at != '"')
        return NULL;
    GString *text = g_string_new(NULL);
    for (c->at++; *c->at != '"'; c->at++) {
        if ((unsigned char)*c->at < 0x20)
            goto malformed;
        if (*c->at != '\\') {
            g_string_append_c(text, *c->at);
            continue;
        }
        c->at++;
        const char *simple = strchr("\"\\/bfnrt", *c->at);
        if (*c->at && simple) {
            g_string_append_c(text, "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"]);
            continue;
        }
        gunichar code;
        if (*c->at != 'u' || !hex_value(c->at + 1, &code))
            goto malformed;
        c->at += 4;
        gunichar low;
        if (code >= 0xd800 && code < 0xdc00 && c->at[1] == '\\' && c->at[2] == 'u' && hex_value(c->at + 3, &low) &&
            low >= 0xdc00 && low < 0xe000) {
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            c->at += 6;
        }
        if (code >= 0xd800 && code < 0xe000)
            code = 0xfffd;
        g_string_append_unichar(text, code);
    }
    c->at++;
    return g_string_free(text, FALSE);
malformed:
    g_string_free(text, TRUE);
    return NULL;
}

static gboolean parse_value(cursor *c, member_value *value, int depth);

/* An object or array at c, checked and skipped. */
static gboolean skip_container(cursor *c, int depth)
{
    const char close = *c->at == '{' ? '}' : ']';
    const gboolean object = close == '}';
    if (depth > 64)
        return FALSE;
    c->at++;
    skip_space(c);
    if (*c->at == close) {
        c->at++;
        return TRUE;
    }
    for (;;) {
        if (object) {
            char *key = parse_string(c);
            if (!key)
                return FALSE;
            g_free(key);
            skip_space(c);
            if (*c->at++ != ':')
                return FALSE;
        }
        member_value inner = {0};
        if (!parse_value(c, &inner, depth + 1))
            return FALSE;
        g_free(inner.text);
        skip_space(c);
        if (*c->at == close) {
            c->at++;
            return TRUE;
        }
        if (*c->at++ != ',')
            return FALSE;
        skip_space(c);
    }
}

static gboolean parse_value(cursor *c, member_value *value, int depth)
{
    skip_space(c);
    if (*c->at == '"') {
        value->is_string = TRUE;
        return (value->text = parse_string(c)) != NULL;
    }
    if (*c->at == '{' || *c->at == '[')
        return skip_container(c, depth);
    const char *start = c->at;
    while (*c->at && strchr("+-.0123456789eEtrufalsn", *c->at))
        c->at++;
    value->text = g_strndup(start, (gsize)(c->at - start));
    return fsbb_json_is_number(value->text) || strcmp(value->text, "true") == 0 ||
           strcmp(value->text, "false") == 0 || strcmp(value->text, "null") == 0;
}

/* The members of the JSON object on line, by key; NULL when the line is no such object. */
static GHashTable *parse_object(const char *line)
{
    GHashTable *members = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, member_value_free);
    cursor c = {line};
    skip_space(&c);
    if (*c.at != '{')
        goto malformed;
    c.at++;
    skip_space(&c);
    if (*c.at == '}')
        goto closed;
    for (;;) {
        skip_space(&c);
        char *key = parse_string(&c);
        if (!key)
            goto malformed;
        skip_space(&c);
        member_value *value = g_new0(member_value, 1);
        g_hash_table_replace(members, key, value);
        if (*c.at++ != ':' || !parse_value(&c, value, 0))
            goto malformed;
        skip_space(&c);
        if (*c.at == '}')
            break;
        if (*c.at++ != ',')
            goto malformed;
    }
closed:
    c.at++;
    skip_space(&c);
    if (*c.at == '\0')
        return members;
malformed:
    g_hash_table_destroy(members);
    return NULL;
}

static const char *string_member(GHashTable *members, const char *key)
{
    const member_value *value = g_hash_table_lookup(members, key);
    return value && value->is_string ? value->text : NULL;
}

/* A number member, NAN when missing, null or not a number. */
static double number_member(GHashTable *members, const char *key)
{
    const member_value *value = g_hash_table_lookup(members, key);
    if (!value || value->is_string || !value->text || !fsbb_json_is_number(value->text))
        return NAN;
    return g_ascii_strtod(value->text, NULL);
}

static gboolean true_member(GHashTable *members, const char *key)
{
    const member_value *value = g_hash_table_lookup(members, key);
    return value && !value->is_string && value->text && strcmp(value->text, "true") == 0;
}

static void keep_text(char **field, const char *text)
{
    if (text && !*field)
        *field = g_strdup(text);
}

static void read_run(fsbb_log *log, GHashTable *members)
{
    keep_text(&log->instance, string_member(members, "instance"));
    keep_text(&log->engine, string_member(members, "engine"));
    keep_text(&log->device, string_member(members, "device"));
    const double jobs = number_member(members, "jobs"), machines = number_member(members, "machines");
    if (jobs > 0 && jobs < G_MAXINT && machines > 0 && machines < G_MAXINT) {
        log->jobs = (int)jobs;
        log->machines = (int)machines;
    }
}

/* Keeps the line's point; 0 when it is no line of a log. */
static int read_line(fsbb_log *log, GHashTable *members)
{
    const char *event = string_member(members, "event");
    const double time_s = number_member(members, "time_s");
    if (!event || !isfinite(time_s))
        return 0;
    fsbb_log_point point = {.time_s = time_s, .lower_bound = NAN, .fraction_done = NAN, .eta_s = NAN};
    if (strcmp(event, "run") == 0) {
        /* The search starts from the initial upper bound. */
        read_run(log, members);
        point.incumbent = number_member(members, "initial_ub");
    } else if (strcmp(event, "progress") == 0) {
        point.incumbent = number_member(members, "incumbent");
        point.lower_bound = number_member(members, "lower_bound");
        point.fraction_done = number_member(members, "fraction_done");
        point.eta_s = number_member(members, "eta_s");
    } else if (strcmp(event, "result") == 0) {
        /* A proven optimum closes the gap and the tree. */
        log->optimal = true_member(members, "optimal");
        point.incumbent = number_member(members, "makespan");
        point.lower_bound = log->optimal ? point.incumbent : number_member(members, "lower_bound");
        point.fraction_done = log->optimal ? 1.0 : NAN;
        log->has_result = 1;
        read_run(log, members);
    } else {
        return 0;
    }
    g_array_append_val(log->points, point);
    return 1;
}

gboolean fsbb_log_read(const char *path, fsbb_log *log, GError **error)
{
    memset(log, 0, sizeof *log);
    log->points = g_array_new(FALSE, FALSE, sizeof(fsbb_log_point));
    char *text = NULL;
    if (!g_file_get_contents(path, &text, NULL, error))
        return FALSE;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **line = lines; *line; line++) {
        if (!g_strstrip(*line)[0])
            continue;
        log->lines++;
        GHashTable *members = parse_object(*line);
        /* Only a result ends the log: lines after one belong to no run of it. */
        if (!members || log->has_result || !read_line(log, members))
            log->bad_lines++;
        if (members)
            g_hash_table_destroy(members);
    }
    g_strfreev(lines);
    g_free(text);
    if (log->lines == log->bad_lines) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no line of a progress log (flowshop-bb --log)",
                    path);
        return FALSE;
    }
    return TRUE;
}

void fsbb_log_clear(fsbb_log *log)
{
    g_free(log->instance);
    g_free(log->engine);
    g_free(log->device);
    if (log->points)
        g_array_unref(log->points);
    memset(log, 0, sizeof *log);
}
