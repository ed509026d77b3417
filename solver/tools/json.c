/* json.c — the JSON writer (json.h). */
#include "json.h"

#include <math.h>

void fsbb_json_string(GString *out, const char *text)
{
    char *valid = g_utf8_make_valid(text, -1);
    g_string_append_c(out, '"');
    for (const unsigned char *c = (const unsigned char *)valid; *c; c++) {
        switch (*c) {
        case '"': g_string_append(out, "\\\""); break;
        case '\\': g_string_append(out, "\\\\"); break;
        case '\b': g_string_append(out, "\\b"); break;
        case '\f': g_string_append(out, "\\f"); break;
        case '\n': g_string_append(out, "\\n"); break;
        case '\r': g_string_append(out, "\\r"); break;
        case '\t': g_string_append(out, "\\t"); break;
        default:
            if (*c < 0x20)
                g_string_append_printf(out, "\\u%04x", *c);
            else
                g_string_append_c(out, (char)*c);
        }
    }
    g_string_append_c(out, '"');
    g_free(valid);
}

void fsbb_json_string_or_null(GString *out, const char *text)
{
    if (text)
        fsbb_json_string(out, text);
    else
        fsbb_json_null(out);
}

void fsbb_json_integer(GString *out, long long value)
{
    g_string_append_printf(out, "%lld", value);
}

void fsbb_json_unsigned(GString *out, unsigned long long value)
{
    g_string_append_printf(out, "%llu", value);
}

void fsbb_json_real(GString *out, double value, int decimals)
{
    if (isfinite(value))
        g_string_append_printf(out, "%.*f", decimals, value);
    else
        fsbb_json_null(out);
}

void fsbb_json_number_text(GString *out, const char *text)
{
    if (fsbb_json_is_number(text))
        g_string_append(out, text);
    else
        fsbb_json_null(out);
}

void fsbb_json_boolean(GString *out, int value)
{
    g_string_append(out, value ? "true" : "false");
}

void fsbb_json_null(GString *out)
{
    g_string_append(out, "null");
}

int fsbb_json_is_number(const char *text)
{
    const char *c = text;
    if (*c == '-')
        c++;
    if (*c == '0')
        c++;
    else if (*c >= '1' && *c <= '9')
        while (g_ascii_isdigit(*c))
            c++;
    else
        return 0;
    if (*c == '.') {
        c++;
        if (!g_ascii_isdigit(*c))
            return 0;
        while (g_ascii_isdigit(*c))
            c++;
    }
    if (*c == 'e' || *c == 'E') {
        c++;
        if (*c == '+' || *c == '-')
            c++;
        if (!g_ascii_isdigit(*c))
            return 0;
        while (g_ascii_isdigit(*c))
            c++;
    }
    return *c == '\0';
}

void fsbb_json_object_begin(fsbb_json_object *object, GString *out)
{
    object->out = out;
    object->members = 0;
    g_string_append_c(out, '{');
}

void fsbb_json_member(fsbb_json_object *object, const char *key)
{
    if (object->members++)
        g_string_append(object->out, ", ");
    fsbb_json_string(object->out, key);
    g_string_append(object->out, ": ");
}

void fsbb_json_object_end(fsbb_json_object *object)
{
    g_string_append_c(object->out, '}');
}
