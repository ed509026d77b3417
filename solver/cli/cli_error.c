/* cli_error.c — flowshop-bb's error report on stderr and in JSON (cli_error.h). */
#include "cli_error.h"

#include "cli_text.h"
#include "json.h"

#include <stdio.h>
#include <string.h>

int cli_error_report(gboolean json, fsbb_status status, int exit_status, const char *message)
{
    gchar *line = cli_text_escaped(message);
    fprintf(stderr, "flowshop-bb: %s\n", line);
    g_free(line);
    if (json) {
        GString *out = g_string_new(NULL);
        fsbb_json_object object;
        fsbb_json_object_begin(&object, out);
        fsbb_json_member(&object, "error");
        fsbb_json_string(out, message);
        fsbb_json_member(&object, "status");
        fsbb_json_string(out, fsbb_status_name(status));
        fsbb_json_member(&object, "exit");
        fsbb_json_integer(out, exit_status);
        fsbb_json_object_end(&object);
        puts(out->str);
        g_string_free(out, TRUE);
    }
    return exit_status;
}

gboolean cli_error_json_asked(int argc, char **argv)
{
    for (int a = 1; a < argc && strcmp(argv[a], "--") != 0; a++)
        if (strcmp(argv[a], "--json") == 0)
            return TRUE;
    return FALSE;
}
