/* sweep_gnuplot.c — quoting text for gnuplot scripts and data files (sweep_gnuplot.h). */
#include "sweep_gnuplot.h"

/* The length of the line break at text, 0 when there is none. */
static int line_break(const char *text)
{
    if (text[0] == '\r')
        return text[1] == '\n' ? 2 : 1;
    return text[0] == '\n';
}

static int control(char c)
{
    return (unsigned char)c < 0x20 || c == 0x7f;
}

void fsbb_gnuplot_append_string(GString *script, const char *text)
{
    g_string_append_c(script, '\'');
    for (const char *c = text; *c;) {
        const int length = line_break(c);
        if (length) {
            g_string_append(script, "'.\"\\n\".'");
            c += length;
            continue;
        }
        if (*c == '\'')
            g_string_append(script, "''");
        else
            g_string_append_c(script, control(*c) ? ' ' : *c);
        c++;
    }
    g_string_append_c(script, '\'');
}

void fsbb_gnuplot_append_data_field(GString *data, const char *text)
{
    g_string_append_c(data, '"');
    for (const char *c = text; *c;) {
        const int length = line_break(c);
        if (length) {
            g_string_append(data, "\\n");
            c += length;
            continue;
        }
        if (*c == '"')
            g_string_append_c(data, '\'');
        else if (*c == '\\')
            g_string_append(data, "\\\\");
        else
            g_string_append_c(data, control(*c) ? ' ' : *c);
        c++;
    }
    g_string_append_c(data, '"');
}
