/* help_text.h — --help laid out for an 80-column terminal: paragraphs wrapped at spaces,
 * and options with their descriptions in a second column. */
#ifndef FSBB_CLI_HELP_TEXT_H
#define FSBB_CLI_HELP_TEXT_H

#include <glib.h>

#define FSBB_CLI_HELP_WIDTH 80
/* Appends text wrapped to FSBB_CLI_HELP_WIDTH, every line indented by indent spaces; a
 * '\n' in text starts a new line. A word longer than a line gets a line of its own. */
void fsbb_cli_help_paragraph(GString *out, const char *text, int indent);

/* Appends "  names" and the description wrapped in a second column from `column`; names
 * wider than the first column put the description on the next line. */
void fsbb_cli_help_item(GString *out, const char *names, const char *description, int column);

#endif
