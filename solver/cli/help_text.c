/* help_text.c — --help's text and the manual page's roff (help_text.h). */
#include "help_text.h"

#include <string.h>

enum { OPTION_COLUMN = 30 };

/* ---- --help: wrapped text -------------------------------------------------------------- */

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

static void text_paragraph(GString *out, const char *text)
{
    for (const char *line = text;;) {
        const char *newline = strchr(line, '\n');
        const size_t length = newline ? (size_t)(newline - line) : strlen(line);
        append_wrapped_line(out, line, length, 0, 0);
        if (!newline)
            break;
        line = newline + 1;
    }
}

/* "  names" and the description wrapped in a second column from `column`; names wider than
 * the first column put the description on the next line. */
static void text_item(GString *out, const char *names, const char *description, int column)
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

/* ---- The manual page: roff ------------------------------------------------------------- */

/* Appends text for roff: a backslash as \e, every '-' as \- (a minus sign, so that options
 * copied from the page work), and a line starting with '.' or '\'' (which roff reads as a
 * request) after \&; a '\n' in text starts a new line (.br). */
static void roff_text(GString *out, const char *text)
{
    int line_start = 1;
    for (const char *c = text; *c; c++) {
        if (line_start && (*c == '.' || *c == '\''))
            g_string_append(out, "\\&");
        line_start = 0;
        switch (*c) {
        case '\\': g_string_append(out, "\\e"); break;
        case '-': g_string_append(out, "\\-"); break;
        case '\n':
            g_string_append(out, "\n.br\n");
            line_start = 1;
            break;
        default: g_string_append_c(out, *c);
        }
    }
    g_string_append_c(out, '\n');
}

/* Appends text in a font: 'B' bold, 'I' italic; roff_text's escapes, no '\n' in text. */
static void roff_font(GString *out, char font, const char *text)
{
    g_string_append_printf(out, "\\f%c", font);
    for (const char *c = text; *c; c++) {
        if (*c == '\\')
            g_string_append(out, "\\e");
        else if (*c == '-')
            g_string_append(out, "\\-");
        else
            g_string_append_c(out, *c);
    }
    g_string_append(out, "\\fR");
}

/* A heading's words as a quoted roff argument, '"' dropped; in capitals for a section. */
static void roff_heading(GString *out, const char *request, const char *heading, int capitals)
{
    g_string_append_printf(out, "%s \"", request);
    for (const char *c = heading; *c; c++)
        if (*c != '"')
            g_string_append_c(out, capitals ? g_ascii_toupper(*c) : *c);
    g_string_append(out, "\"\n");
}

/* ---- The document ---------------------------------------------------------------------- */

void fsbb_cli_help_begin(fsbb_cli_help *help, GString *out, fsbb_cli_help_format format, const char *program,
                         const char *version, const char *summary, const char *const *usages)
{
    help->out = out;
    help->format = format;
    if (format == FSBB_CLI_HELP_TEXT) {
        for (int u = 0; usages[u]; u++)
            g_string_append_printf(out, "%s%s %s\n", u == 0 ? "Usage: " : "       ", program, usages[u]);
        g_string_append_c(out, '\n');
        help->after_break = 1;
        return;
    }
    gchar *title = g_ascii_strup(program, -1);
    g_string_append_printf(out, ".TH %s 1 \"\" \"%s %s\" \"User Commands\"\n", title, program, version);
    g_free(title);
    /* No hyphenation: a word broken at a line's end would break an option's name. */
    g_string_append(out, ".nh\n");
    g_string_append(out, ".SH NAME\n");
    gchar *name = g_strdup_printf("%s - %s", program, summary);
    roff_text(out, name);
    g_free(name);
    g_string_append(out, ".SH SYNOPSIS\n");
    for (int u = 0; usages[u]; u++) {
        if (u > 0)
            g_string_append(out, ".br\n");
        roff_font(out, 'B', program);
        g_string_append_c(out, ' ');
        roff_text(out, usages[u]);
    }
    g_string_append(out, ".SH DESCRIPTION\n");
}

void fsbb_cli_help_heading(fsbb_cli_help *help, int level, const char *heading)
{
    if (help->format == FSBB_CLI_HELP_TEXT && level == 0)
        return;
    if (help->format == FSBB_CLI_HELP_TEXT) {
        g_string_append_printf(help->out, "\n%s:\n", heading);
        help->after_break = 1;
        return;
    }
    roff_heading(help->out, level <= 1 ? ".SH" : ".SS", heading, level <= 1);
}

void fsbb_cli_help_paragraph(fsbb_cli_help *help, const char *text)
{
    if (help->format == FSBB_CLI_HELP_TEXT) {
        if (!help->after_break)
            g_string_append_c(help->out, '\n');
        text_paragraph(help->out, text);
        help->after_break = 0;
        return;
    }
    g_string_append(help->out, ".PP\n");
    roff_text(help->out, text);
}

void fsbb_cli_help_option(fsbb_cli_help *help, char short_name, const char *name, const char *argument,
                          const char *description)
{
    if (help->format == FSBB_CLI_HELP_TEXT) {
        gchar *names = g_strdup_printf("%c%c%c --%s%s%s", short_name ? '-' : ' ', short_name ? short_name : ' ',
                                       short_name ? ',' : ' ', name, argument ? " " : "", argument ? argument : "");
        text_item(help->out, names, description, OPTION_COLUMN);
        g_free(names);
        help->after_break = 0;
        return;
    }
    GString *out = help->out;
    g_string_append(out, ".TP\n");
    if (short_name) {
        const char letter[] = {'-', short_name, '\0'};
        roff_font(out, 'B', letter);
        g_string_append(out, ", ");
    }
    gchar *long_name = g_strdup_printf("--%s", name);
    roff_font(out, 'B', long_name);
    g_free(long_name);
    if (argument) {
        g_string_append_c(out, ' ');
        roff_font(out, 'I', argument);
    }
    g_string_append_c(out, '\n');
    roff_text(out, description);
}

void fsbb_cli_help_term(fsbb_cli_help *help, const char *term, const char *description, int column)
{
    if (help->format == FSBB_CLI_HELP_TEXT) {
        text_item(help->out, term, description, column);
        help->after_break = 0;
        return;
    }
    g_string_append(help->out, ".TP\n");
    roff_font(help->out, 'B', term);
    g_string_append_c(help->out, '\n');
    roff_text(help->out, description);
}

void fsbb_cli_help_example(fsbb_cli_help *help, const char *command, const char *description)
{
    if (help->format == FSBB_CLI_HELP_TEXT) {
        g_string_append_printf(help->out, "  %s\n      ", command);
        append_wrapped_line(help->out, description, strlen(description), 6, 6);
        help->after_break = 0;
        return;
    }
    g_string_append(help->out, ".PP\n.nf\n");
    roff_font(help->out, 'B', command);
    g_string_append(help->out, "\n.fi\n.RS\n");
    roff_text(help->out, description);
    g_string_append(help->out, ".RE\n");
}
