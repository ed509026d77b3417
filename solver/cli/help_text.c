/* help_text.c — word wrapping of --help (help_text.h). */
#include "help_text.h"

#include <string.h>

/* Appends one line of text (no '\n' in it) wrapped from column `column`, continuation
 * lines indented by indent. */
static void append_wrapped_line(GString *out, const char *line, size_t length, int indent, int column)
{
    const char *end = line + length;
    const char *word = line;
    int at = column, words_on_line = 0;
    while (word < end) {
        while (word < end && *word == ' ')
            word++;
        const char *word_end = word;
        while (word_end < end && *word_end != ' ')
            word_end++;
        if (word == word_end)
            break;
        const int width = (int)g_utf8_strlen(word, word_end - word);
        if (words_on_line > 0 && at + 1 + width > FSBB_CLI_HELP_WIDTH) {
            g_string_append_c(out, '\n');
            g_string_append_printf(out, "%*s", indent, "");
            at = indent;
            words_on_line = 0;
        }
        if (words_on_line > 0) {
            g_string_append_c(out, ' ');
            at++;
        }
        g_string_append_len(out, word, word_end - word);
        at += width;
        words_on_line++;
        word = word_end;
    }
    g_string_append_c(out, '\n');
}

void fsbb_cli_help_paragraph(GString *out, const char *text, int indent)
{
    for (const char *line = text;;) {
        const char *newline = strchr(line, '\n');
        const size_t length = newline ? (size_t)(newline - line) : strlen(line);
        g_string_append_printf(out, "%*s", indent, "");
        append_wrapped_line(out, line, length, indent, indent);
        if (!newline)
            break;
        line = newline + 1;
    }
}

void fsbb_cli_help_item(GString *out, const char *names, const char *description, int column)
{
    const int width = 2 + (int)g_utf8_strlen(names, -1);
    g_string_append_printf(out, "  %s", names);
    if (width + 2 > column) {
        g_string_append_c(out, '\n');
        g_string_append_printf(out, "%*s", column, "");
    } else {
        g_string_append_printf(out, "%*s", column - width, "");
    }
    append_wrapped_line(out, description, strlen(description), column, column);
}
