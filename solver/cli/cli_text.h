/* cli_text.h — how flowshop-bb prints text that came from the command line or a file (a
 * path may hold a newline or a quote): escaped in messages, quoted in notes meant to be
 * pasted into a shell, and the durations of its displays (percentages: percent.h). */
#ifndef FLOWSHOP_BB_CLI_TEXT_H
#define FLOWSHOP_BB_CLI_TEXT_H

#include <glib.h>

/* text with each control character written as an escape (\n, \t, \r, \xNN), so that a
 * message stays one line; other bytes as they are. Free with g_free. */
gchar *cli_text_escaped(const char *text);

/* text as one shell word: as it is when it holds only characters no shell reads
 * specially, else in single quotes, each ' as '\''. Free with g_free. */
gchar *cli_text_shell_word(const char *text);

/* A duration: "4.5 s" below 10 s, "18 s" below a minute, "2 min 05 s" below an hour,
 * else "3 h 10 min". */
void cli_text_duration(char *buffer, size_t size, double seconds);

#endif
