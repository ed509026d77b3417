/* sweep_copy.c — sweep.ini and its history in a results folder (sweep_copy.h). */
#include "sweep_copy.h"

#include "error.h"
#include "sweep_store.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* The highest N of the STEM.N.EXT files in dir (stem "sweep", ext ".ini"), 0 when there
 * are none. */
static guint64 highest_kept(const char *dir, const char *stem, const char *ext)
{
    guint64 highest = 0;
    GDir *listing = g_dir_open(dir, 0, NULL);
    const char *name;
    const size_t prefix = strlen(stem) + 1, suffix = strlen(ext);
    while (listing && (name = g_dir_read_name(listing))) {
        if (strlen(name) <= prefix + suffix || strncmp(name, stem, prefix - 1) != 0 || name[prefix - 1] != '.' ||
            !g_str_has_suffix(name, ext))
            continue;
        char *number = g_strndup(name + prefix, strlen(name) - prefix - suffix);
        guint64 n;
        if (g_ascii_string_to_unsigned(number, 10, 1, G_MAXUINT32, &n, NULL))
            highest = MAX(highest, n);
        g_free(number);
    }
    if (listing)
        g_dir_close(listing);
    return highest;
}

/* Renames dir/STEM.EXT to dir/STEM.N.EXT, N one more than the highest in dir; *kept_as
 * receives the new path (g_free), NULL on failure. */
static fsbb_status set_aside(const char *dir, const char *stem, const char *ext, char **kept_as, fsbb_error *err)
{
    char *file = g_strdup_printf("%s%s", stem, ext), *path = g_build_filename(dir, file, NULL);
    char *name = g_strdup_printf("%s.%" G_GUINT64_FORMAT "%s", stem, highest_kept(dir, stem, ext) + 1, ext);
    *kept_as = g_build_filename(dir, name, NULL);
    fsbb_status status = FSBB_OK;
    if (g_rename(path, *kept_as) != 0) {
        status = fsbb_fail(err, FSBB_ERR_IO, "cannot rename %s to %s: %s", path, *kept_as, g_strerror(errno));
        g_free(*kept_as);
        *kept_as = NULL;
    }
    g_free(name);
    g_free(path);
    g_free(file);
    return status;
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
        status = set_aside(dir, "sweep", ".ini", kept_as, err);
    }
    if (status == FSBB_OK)
        status = fsbb_write_file_atomically(copy_path, text, length, err);
    g_free(old);
    g_free(copy_path);
    return status;
}

fsbb_status fsbb_sweep_copy_keep_summary(const char *dir, const char *title, int other_runs, char **kept_as,
                                         fsbb_error *err)
{
    *kept_as = NULL;
    char *path = g_build_filename(dir, "summary.md", NULL), *text = NULL;
    fsbb_status status = FSBB_OK;
    if (g_file_get_contents(path, &text, NULL, NULL)) {
        char *ours = g_strdup_printf("# Sweep %s\n", title);
        if (other_runs || !g_str_has_prefix(text, ours))
            status = set_aside(dir, "summary", ".md", kept_as, err);
        g_free(ours);
    } else if (g_file_test(path, G_FILE_TEST_EXISTS)) {
        status = set_aside(dir, "summary", ".md", kept_as, err);
    }
    g_free(text);
    g_free(path);
    return status;
}
