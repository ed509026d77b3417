/* checkpoint_target.c — checks of the --checkpoint file before a search (checkpoint_target.h). */
#include "checkpoint_target.h"

#include "cli_text.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean same_file(const char *path, const struct stat *file)
{
    struct stat other;
    return path && g_stat(path, &other) == 0 && other.st_dev == file->st_dev && other.st_ino == file->st_ino;
}

/* The folder takes a new file: the checkpoint is written beside path, then renamed onto it. */
static gboolean folder_takes_files(const char *path, GError **error)
{
    gchar *probe = g_strdup_printf("%s.XXXXXX", path);
    const int fd = g_mkstemp(probe);
    const int saved_errno = errno;
    if (fd >= 0) {
        close(fd);
        g_unlink(probe);
    }
    g_free(probe);
    if (fd >= 0)
        return TRUE;
    gchar *folder = g_path_get_dirname(path);
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved_errno),
                "--checkpoint %s: cannot create a file in the folder %s: %s", path, folder, g_strerror(saved_errno));
    g_free(folder);
    return FALSE;
}

gboolean fsbb_cli_checkpoint_target_ok(const char *path, const char *resume_path, gboolean overwrite, GError **error)
{
    struct stat target;
    if (g_stat(path, &target) == 0) {
        if (S_ISDIR(target.st_mode)) {
            g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "--checkpoint %s: is a folder, not a file", path);
            return FALSE;
        }
        if (!overwrite && !same_file(resume_path, &target)) {
            gchar *shown = cli_text_escaped(path), *word = cli_text_shell_word(path);
            g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                        "--checkpoint %s: the file exists and would be overwritten: continue its search with "
                        "--resume %s, or replace it with --overwrite-checkpoint",
                        shown, word);
            g_free(shown);
            g_free(word);
            return FALSE;
        }
    } else if (errno != ENOENT) {
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "--checkpoint %s: %s", path,
                    g_strerror(errno));
        return FALSE;
    }
    return folder_takes_files(path, error);
}
