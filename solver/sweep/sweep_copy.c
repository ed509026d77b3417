/* sweep_copy.c — sweep.ini and its history in a results folder (sweep_copy.h). */
#include "sweep_copy.h"

#include "error.h"
#include "sweep_store.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* The highest N of the sweep.N.ini files in dir, 0 when there are none. */
static guint64 highest_kept(const char *dir)
{
    guint64 highest = 0;
    GDir *listing = g_dir_open(dir, 0, NULL);
    const char *name;
    while (listing && (name = g_dir_read_name(listing))) {
        if (strlen(name) <= strlen("sweep..ini") || !g_str_has_prefix(name, "sweep.") ||
            !g_str_has_suffix(name, ".ini"))
            continue;
        char *number = g_strndup(name + strlen("sweep."), strlen(name) - strlen("sweep..ini"));
        guint64 n;
        if (g_ascii_string_to_unsigned(number, 10, 1, G_MAXUINT32, &n, NULL))
            highest = MAX(highest, n);
        g_free(number);
    }
    if (listing)
        g_dir_close(listing);
    return highest;
}

fsbb_status fsbb_sweep_copy_keep(const char *dir, const char *text, size_t length, char **kept_as, fsbb_error *err)
{
    *kept_as = NULL;
    char *copy_path = g_build_filename(dir, "sweep.ini", NULL), *old = NULL;
    gsize old_length = 0;
    fsbb_status status = FSBB_OK;
    if (g_file_get_contents(copy_path, &old, &old_length, NULL)) {
        if (old_length == length && memcmp(old, text, length) == 0) {
            g_free(old);
            g_free(copy_path);
            return FSBB_OK;
        }
        char *name = g_strdup_printf("sweep.%" G_GUINT64_FORMAT ".ini", highest_kept(dir) + 1);
        *kept_as = g_build_filename(dir, name, NULL);
        g_free(name);
        if (g_rename(copy_path, *kept_as) != 0) {
            status = fsbb_fail(err, FSBB_ERR_IO, "cannot rename %s to %s: %s", copy_path, *kept_as, g_strerror(errno));
            g_free(*kept_as);
            *kept_as = NULL;
        }
    }
    if (status == FSBB_OK)
        status = fsbb_write_file_atomically(copy_path, text, length, err);
    g_free(old);
    g_free(copy_path);
    return status;
}
