/* solve_files.c — the checks of a solve's written files before it starts (solve_files.h). */
#include "solve_files.h"

#include "error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

enum { QUOTED_PATH = 512 };

int fsbb_file_is_checkpoint(const char *path)
{
    static const char magic[8] = {'F', 'S', 'B', 'B', 'C', 'K', 'P', 'T'};
    char head[sizeof magic];
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode))
        return 0;
    FILE *file = fopen(path, "rb");
    if (!file)
        return 0;
    const int found = fread(head, 1, sizeof head, file) == sizeof head && memcmp(head, magic, sizeof magic) == 0;
    fclose(file);
    return found;
}

static int same_file(const struct stat *file, const char *path)
{
    struct stat other;
    return path && stat(path, &other) == 0 && other.st_dev == file->st_dev && other.st_ino == file->st_ino;
}

static fsbb_status check_checkpoint(const fsbb_options *options, fsbb_error *err)
{
    const char *path = options->checkpoint_path;
    char quoted[QUOTED_PATH];
    struct stat target;
    if (stat(path, &target) != 0) {
        if (errno == ENOENT)
            return FSBB_OK;
        return fsbb_fail(err, FSBB_ERR_IO, "--checkpoint %s: %s", fsbb_quoted(path, quoted, sizeof quoted),
                         strerror(errno));
    }
    if (S_ISDIR(target.st_mode))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--checkpoint %s: is a folder, not a file",
                         fsbb_quoted(path, quoted, sizeof quoted));
    if (options->overwrite_checkpoint || same_file(&target, options->resume_path))
        return FSBB_OK;
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "--checkpoint %s: the file exists and would be overwritten: continue its search with resume "
                     "(the same file), or replace it with overwrite-checkpoint on",
                     fsbb_quoted(path, quoted, sizeof quoted));
}

/* A written file other than the checkpoint: never a saved search. */
static fsbb_status check_not_checkpoint(const char *option, const char *path, const char *what, fsbb_error *err)
{
    if (!path || !fsbb_file_is_checkpoint(path))
        return FSBB_OK;
    char quoted[QUOTED_PATH];
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "--%s %s: is a checkpoint (a saved search), which the %s would replace: name another file",
                     option, fsbb_quoted(path, quoted, sizeof quoted), what);
}

fsbb_status fsbb_solve_files_check(const fsbb_options *options, fsbb_error *err)
{
    fsbb_status status = options->checkpoint_path ? check_checkpoint(options, err) : FSBB_OK;
    if (status == FSBB_OK)
        status = check_not_checkpoint("log", options->log_path, "log", err);
    if (status == FSBB_OK)
        status = check_not_checkpoint("diagnose", options->divergence.diagnose_path, "diagnosis", err);
    return status;
}
