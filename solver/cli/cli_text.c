/* cli_text.c — escaping, shell quoting and display numbers of flowshop-bb (cli_text.h). */
#include "cli_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

gchar *cli_text_escaped(const char *text)
{
    GString *out = g_string_new(NULL);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '\n')
            g_string_append(out, "\\n");
        else if (*c == '\t')
            g_string_append(out, "\\t");
        else if (*c == '\r')
            g_string_append(out, "\\r");
        else if (*c < 0x20 || *c == 0x7f)
            g_string_append_printf(out, "\\x%02x", *c);
        else
            g_string_append_c(out, (char)*c);
    }
    return g_string_free(out, FALSE);
}

gchar *cli_text_shell_word(const char *text)
{
    const char *plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%";
    if (text[0] && strspn(text, plain) == strlen(text) && text[0] != '-')
        return g_strdup(text);
    GString *out = g_string_new("'");
    for (const char *c = text; *c; c++) {
        if (*c == '\'')
            g_string_append(out, "'\\''");
        else
            g_string_append_c(out, *c);
    }
    g_string_append_c(out, '\'');
    return g_string_free(out, FALSE);
}

void cli_text_duration(char *buffer, size_t size, double seconds)
{
    if (seconds < 9.95) {
        snprintf(buffer, size, "%.1f s", seconds);
        return;
    }
    const long long whole = llround(seconds);
    if (whole < 60)
        snprintf(buffer, size, "%lld s", whole);
    else if (whole < 3600)
        snprintf(buffer, size, "%lld min %02lld s", whole / 60, whole % 60);
    else
        snprintf(buffer, size, "%lld h %02lld min", whole / 3600, whole % 3600 / 60);
}
