/* command_files.c — the check of a command line's files taken together (command_files.h). */
#include "command_files.h"

#include "cli_text.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* One file of the command line: the option that names it ("INSTANCE" for the instance). */
typedef struct named_file {
    const char *option;
    const char *path;
} named_file;

enum { MOST_FILES = 7 };

static gboolean refuse(GError **error, const char *format, ...) G_GNUC_PRINTF(2, 3);

static gboolean refuse(GError **error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    gchar *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, message);
    g_free(message);
    return FALSE;
}

enum { MOST_LINKS = 40 };

/* Where path leads when it is a symbolic link to a missing file: the end of its chain of
 * links (each relative to its link's folder); path itself when it is no link. */
static gchar *dangling_link_end(const char *path)
{
    gchar *current = g_strdup(path);
    struct stat info;
    for (int hop = 0; hop < MOST_LINKS && lstat(current, &info) == 0 && S_ISLNK(info.st_mode); hop++) {
        gchar *target = g_file_read_link(current, NULL);
        if (!target)
            break;
        gchar *next;
        if (g_path_is_absolute(target)) {
            next = target;
        } else {
            gchar *folder = g_path_get_dirname(current);
            next = g_build_filename(folder, target, NULL);
            g_free(folder);
            g_free(target);
        }
        g_free(current);
        current = next;
    }
    return current;
}

/* What makes a file itself: its device and inode when it exists, else its folder's
 * resolved path and its name (of the file a dangling link leads to). */
static gchar *identity_of(const char *path)
{
    struct stat info;
    if (stat(path, &info) == 0)
        return g_strdup_printf("inode %ju:%ju", (uintmax_t)info.st_dev, (uintmax_t)info.st_ino);
    gchar *end = dangling_link_end(path);
    gchar *folder = g_path_get_dirname(end), *name = g_path_get_basename(end);
    char *resolved = realpath(folder, NULL);
    gchar *identity = g_strdup_printf("path %s/%s", resolved ? resolved : folder, name);
    free(resolved);
    g_free(folder);
    g_free(name);
    g_free(end);
    return identity;
}

/* The documented pair: a resumed search saved back to its own checkpoint. */
static gboolean allowed_pair(const named_file *a, const named_file *b)
{
    return (strcmp(a->option, "--resume") == 0 && strcmp(b->option, "--checkpoint") == 0) ||
           (strcmp(a->option, "--checkpoint") == 0 && strcmp(b->option, "--resume") == 0);
}

static gboolean distinct_files(const named_file *files, int count, GError **error)
{
    gchar *identities[MOST_FILES];
    for (int f = 0; f < count; f++)
        identities[f] = identity_of(files[f].path);
    gboolean distinct = TRUE;
    for (int a = 0; a < count && distinct; a++) {
        for (int b = a + 1; b < count && distinct; b++) {
            if (strcmp(identities[a], identities[b]) != 0 || allowed_pair(&files[a], &files[b]))
                continue;
            gchar *first = cli_text_escaped(files[a].path), *second = cli_text_escaped(files[b].path);
            distinct = refuse(error, "%s %s and %s %s name the same file: give each its own", files[a].option, first,
                              files[b].option, second);
            g_free(first);
            g_free(second);
        }
    }
    for (int f = 0; f < count; f++)
        g_free(identities[f]);
    return distinct;
}

/* TRUE when path is an existing file that starts as a checkpoint does. */
static gboolean is_checkpoint(const char *path)
{
    static const char magic[8] = {'F', 'S', 'B', 'B', 'C', 'K', 'P', 'T'};
    char head[sizeof magic];
    struct stat info;
    if (stat(path, &info) != 0 || !S_ISREG(info.st_mode))
        return FALSE;
    FILE *file = fopen(path, "rb");
    if (!file)
        return FALSE;
    const gboolean found = fread(head, 1, sizeof head, file) == sizeof head && memcmp(head, magic, sizeof magic) == 0;
    fclose(file);
    return found;
}

/* TRUE when path is the file standard output writes to (not /dev/null, where mixed
 * outputs harm nothing). */
static gboolean is_standard_output(const char *path)
{
    struct stat out, file, null_device;
    if (fstat(STDOUT_FILENO, &out) != 0 || stat(path, &file) != 0 || out.st_dev != file.st_dev ||
        out.st_ino != file.st_ino)
        return FALSE;
    return !(stat("/dev/null", &null_device) == 0 && null_device.st_dev == file.st_dev &&
             null_device.st_ino == file.st_ino);
}

/* The written files: no checkpoint replaced, none on standard output, which the result
 * takes; --log not "-" (it names a file), --gantt a FILE.svg. */
static gboolean output_targets_ok(const named_file *files, int count, gboolean json, GError **error)
{
    static const char *const outputs[] = {"--log", "--diagnose", "--schedule", "--gantt", "--checkpoint"};
    for (int f = 0; f < count; f++) {
        const char *option = files[f].option, *path = files[f].path;
        gboolean written = FALSE;
        for (size_t o = 0; o < G_N_ELEMENTS(outputs); o++)
            written = written || strcmp(option, outputs[o]) == 0;
        if (!written)
            continue;
        gchar *shown = cli_text_escaped(path);
        gboolean ok = TRUE;
        if (strcmp(option, "--log") == 0 && strcmp(path, "-") == 0)
            ok = refuse(error, "--log -: the log is written to a file, not to standard output (which the result "
                               "takes): name a file");
        else if (strcmp(option, "--checkpoint") != 0 && is_checkpoint(path))
            ok = refuse(error, "%s %s: is a checkpoint (a saved search), which the %s would replace: name another "
                               "file", option, shown, strcmp(option, "--log") == 0 ? "log"
                                                      : strcmp(option, "--gantt") == 0 ? "chart"
                                                      : strcmp(option, "--schedule") == 0 ? "schedule"
                                                                                          : "diagnosis");
        else if (is_standard_output(path) && json)
            ok = refuse(error, "%s %s is standard output, which --json's object takes: name a file", option, shown);
        else if (is_standard_output(path))
            ok = refuse(error, "%s %s is standard output, which the result takes: name a file%s", option, shown,
                        strcmp(option, "--schedule") == 0 ? " (--schedule - writes the CSV ahead of the result)"
                                                          : "");
        g_free(shown);
        if (!ok)
            return FALSE;
    }
    return TRUE;
}

static gboolean schedule_targets_ok(const char *csv, const char *svg, gboolean json, GError **error)
{
    if (csv && strcmp(csv, "-") == 0 && json)
        return refuse(error, "--schedule - writes the CSV to standard output, which --json's object takes: name a "
                             "file");
    const size_t length = svg ? strlen(svg) : 0;
    if (svg && (length < 4 || g_ascii_strcasecmp(svg + length - 4, ".svg") != 0)) {
        gchar *shown = cli_text_escaped(svg);
        refuse(error, "--gantt %s: the chart is SVG: name a FILE.svg", shown);
        g_free(shown);
        return FALSE;
    }
    return TRUE;
}

gboolean command_files_check(const fsbb_cli_command_line *line, const char *instance_name, GError **error)
{
    static const char *const library_files[] = {"resume", "log", "checkpoint", "diagnose"};
    named_file files[MOST_FILES];
    int count = 0;
    if (instance_name && strcmp(instance_name, "-") != 0 && fsbb_taillard_index(instance_name) <= 0)
        files[count++] = (named_file){"INSTANCE", instance_name};
    gchar *options[G_N_ELEMENTS(library_files)];
    for (size_t o = 0; o < G_N_ELEMENTS(library_files); o++) {
        options[o] = g_strdup_printf("--%s", library_files[o]);
        const char *path = fsbb_cli_solver_value(line, library_files[o]);
        if (path)
            files[count++] = (named_file){options[o], path};
    }
    const char *csv = line->values[CLI_SCHEDULE], *svg = line->values[CLI_GANTT];
    if (csv && strcmp(csv, "-") != 0)
        files[count++] = (named_file){"--schedule", csv};
    if (svg)
        files[count++] = (named_file){"--gantt", svg};
    gboolean ok = TRUE;
    for (int f = 0; f < count && ok; f++)
        if (!files[f].path[0])
            ok = refuse(error, "%s: empty file name", files[f].option);
    ok = ok && distinct_files(files, count, error) && schedule_targets_ok(csv, svg, line->flags[CLI_JSON], error) &&
         output_targets_ok(files, count, line->flags[CLI_JSON], error);
    for (size_t o = 0; o < G_N_ELEMENTS(library_files); o++)
        g_free(options[o]);
    return ok;
}
