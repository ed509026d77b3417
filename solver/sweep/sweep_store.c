/* sweep_store.c — runs.csv and runs.jsonl of a sweep (sweep_store.h).
 *
 * How a row is made durable: runs.csv is append-only. Each row goes out as one write() of
 * the whole line to a descriptor opened with O_APPEND, then fsync(). The alternative,
 * rewriting the file through a temporary copy and rename() after every run, is atomic too
 * but costs a copy of all rows per run. With appends, the one thing a kill or a crash can
 * leave is a last row without its final newline (a short write, or a page not flushed);
 * fsbb_sweep_store_open detects exactly that (a record ends only at its newline) and
 * drops it, so that run is redone and never counted twice. runs.jsonl is derived: it is
 * appended after the CSV row and rebuilt from runs.csv at every open, so a kill between
 * the two writes cannot make them disagree for long. Whole-file rewrites (the header, a
 * dropped torn row, rows that cannot be read, --force) go through a temporary file and
 * rename(). A row that cannot be read (damaged by hand or by a disk, not by a kill) costs
 * only itself: the rows after it are kept, and it goes to runs.rejected.csv as it was. */
#include "sweep_store.h"

#include "error.h"
#include "sweep_csv.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

fsbb_status fsbb_write_file_atomically(const char *path, const char *contents, size_t length, fsbb_error *err)
{
    GError *error = NULL;
    if (!g_file_set_contents_full(path, contents, (gssize)length,
                                  G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, 0644, &error)) {
        const fsbb_status status = fsbb_fail(err, FSBB_ERR_IO, "%s", error->message);
        g_error_free(error);
        return status;
    }
    return FSBB_OK;
}

static void free_bad_row(gpointer data)
{
    fsbb_sweep_bad_row *bad = data;
    g_free(bad->problem);
    g_free(bad->text);
    g_free(bad);
}

static void add_bad_row(GPtrArray *bad_rows, const char *text, const fsbb_csv_span *span, char *problem)
{
    fsbb_sweep_bad_row *bad = g_new(fsbb_sweep_bad_row, 1);
    bad->line = span->line;
    bad->problem = problem;
    bad->text = g_strndup(text + span->start, span->end - span->start);
    g_ptr_array_add(bad_rows, bad);
}

static gint by_line(gconstpointer a, gconstpointer b)
{
    const fsbb_sweep_bad_row *x = *(fsbb_sweep_bad_row *const *)a, *y = *(fsbb_sweep_bad_row *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* Fills table from csv, whose first record is the header (already checked): the rows that
 * are complete and valid, and the others with the damaged stretches as bad rows. */
static void sort_rows(fsbb_sweep_table *table, fsbb_csv *csv, const char *text)
{
    table->rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    table->bad_rows = g_ptr_array_new_with_free_func(free_bad_row);
    for (guint b = 0; b < csv->bad->len; b++) {
        const fsbb_csv_bad *bad = &g_array_index(csv->bad, fsbb_csv_bad, b);
        add_bad_row(table->bad_rows, text, &bad->span, g_strdup(bad->problem));
    }
    for (guint r = 1; r < csv->records->len; r++) {
        char **row = g_ptr_array_index(csv->records, r);
        const int fields = (int)g_strv_length(row);
        char *problem = fields != table->layout->column_count
                            ? g_strdup_printf("%d fields, the header has %d", fields, table->layout->column_count)
                            : fsbb_sweep_row_problem(table->layout, row);
        if (problem)
            add_bad_row(table->bad_rows, text, &g_array_index(csv->spans, fsbb_csv_span, r), problem);
        else
            g_ptr_array_add(table->rows, g_strdupv(row));
    }
    g_ptr_array_sort(table->bad_rows, by_line);
    table->torn = csv->torn;
}

fsbb_status fsbb_sweep_table_read(const char *csv_path, fsbb_sweep_table *out, fsbb_error *err)
{
    *out = (fsbb_sweep_table){0};
    char *text = NULL;
    gsize length = 0;
    GError *error = NULL;
    if (!g_file_get_contents(csv_path, &text, &length, &error)) {
        const fsbb_status status = fsbb_fail(err, FSBB_ERR_IO, "%s", error->message);
        g_error_free(error);
        return status;
    }
    fsbb_csv csv;
    fsbb_csv_parse(text, length, &csv);
    fsbb_status status = FSBB_OK;
    const fsbb_csv_bad *first_bad = csv.bad->len ? &g_array_index(csv.bad, fsbb_csv_bad, 0) : NULL;
    if (first_bad && first_bad->span.line == 1) {
        status = fsbb_fail(err, FSBB_ERR_PARSE, "%s:1: the header has %s", csv_path, first_bad->problem);
    } else if (csv.records->len == 0) {
        status = fsbb_fail(err, FSBB_ERR_PARSE, "%s: no header", csv_path);
    } else {
        char **header = g_ptr_array_index(csv.records, 0);
        status = fsbb_sweep_layout_from_header(header, (int)g_strv_length(header), csv_path, &out->layout, err);
    }
    if (status == FSBB_OK)
        sort_rows(out, &csv, text);
    fsbb_csv_clear(&csv);
    g_free(text);
    return status;
}

void fsbb_sweep_table_clear(fsbb_sweep_table *table)
{
    fsbb_sweep_layout_free(table->layout);
    if (table->rows)
        g_ptr_array_free(table->rows, TRUE);
    if (table->bad_rows)
        g_ptr_array_free(table->bad_rows, TRUE);
    *table = (fsbb_sweep_table){0};
}

fsbb_status fsbb_sweep_folder_read(const char *dir, fsbb_sweep_table *out, fsbb_error *err)
{
    *out = (fsbb_sweep_table){0};
    if (!g_file_test(dir, G_FILE_TEST_EXISTS))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: no such results folder", dir);
    if (!g_file_test(dir, G_FILE_TEST_IS_DIR))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s is not a folder: expected a results folder", dir);
    char *csv_path = g_build_filename(dir, "runs.csv", NULL);
    const fsbb_status status =
        g_file_test(csv_path, G_FILE_TEST_EXISTS)
            ? fsbb_sweep_table_read(csv_path, out, err)
            : fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s has no runs.csv: not a sweep's results folder", dir);
    g_free(csv_path);
    return status;
}

static void remember(fsbb_sweep_store *store, char *const *row)
{
    char *key = fsbb_sweep_row_key(store->layout, row);
    const int count = GPOINTER_TO_INT(g_hash_table_lookup(store->done, key));
    g_hash_table_insert(store->done, key, GINT_TO_POINTER(count + 1));
}

static fsbb_status open_for_append(const char *path, int *fd, fsbb_error *err)
{
    if (*fd >= 0)
        close(*fd);
    *fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    if (*fd < 0)
        return fsbb_fail(err, FSBB_ERR_IO, "cannot open %s: %s", path, g_strerror(errno));
    return FSBB_OK;
}

/* Writes both files from store->rows (atomically each) and reopens them for appending. */
static fsbb_status rewrite(fsbb_sweep_store *store, int csv_too, fsbb_error *err)
{
    fsbb_status status = FSBB_OK;
    if (csv_too) {
        GString *csv = g_string_new(NULL);
        char **header = fsbb_sweep_layout_header(store->layout);
        fsbb_csv_append_record(csv, header, store->layout->column_count);
        g_strfreev(header);
        for (guint r = 0; r < store->rows->len; r++)
            fsbb_csv_append_record(csv, g_ptr_array_index(store->rows, r), store->layout->column_count);
        status = fsbb_write_file_atomically(store->csv_path, csv->str, csv->len, err);
        g_string_free(csv, TRUE);
    }
    if (status == FSBB_OK) {
        GString *jsonl = g_string_new(NULL);
        for (guint r = 0; r < store->rows->len; r++)
            fsbb_sweep_row_append_json(jsonl, store->layout, g_ptr_array_index(store->rows, r));
        status = fsbb_write_file_atomically(store->jsonl_path, jsonl->str, jsonl->len, err);
        g_string_free(jsonl, TRUE);
    }
    if (status == FSBB_OK)
        status = open_for_append(store->csv_path, &store->csv_fd, err);
    if (status == FSBB_OK)
        status = open_for_append(store->jsonl_path, &store->jsonl_fd, err);
    return status;
}

static fsbb_status move_aside(const char *dir, const char *path, const char *old_name, fsbb_error *err)
{
    char *old_path = g_build_filename(dir, old_name, NULL);
    fsbb_status status = FSBB_OK;
    if (g_rename(path, old_path) != 0 && errno != ENOENT)
        status = fsbb_fail(err, FSBB_ERR_IO, "cannot rename %s to %s: %s", path, old_path, g_strerror(errno));
    g_free(old_path);
    return status;
}

char *fsbb_sweep_old_name(int generation, const char *extension)
{
    return generation <= 1 ? g_strdup_printf("runs.old.%s", extension)
                           : g_strdup_printf("runs.old.%d.%s", generation, extension);
}

/* The first generation whose runs.old files are both free: earlier ones are never replaced. */
static int free_old_generation(const char *dir)
{
    for (int generation = 1;; generation++) {
        int taken = 0;
        static const char *const extensions[] = {"csv", "jsonl"};
        for (int e = 0; e < 2 && !taken; e++) {
            char *name = fsbb_sweep_old_name(generation, extensions[e]);
            char *path = g_build_filename(dir, name, NULL);
            taken = g_file_test(path, G_FILE_TEST_EXISTS) || g_file_test(path, G_FILE_TEST_IS_SYMLINK);
            g_free(path);
            g_free(name);
        }
        if (!taken)
            return generation;
    }
}

static char *parameter_list(const fsbb_sweep_layout *layout)
{
    return layout->parameter_count ? g_strjoinv(", ", layout->parameters) : g_strdup("none");
}

/* One write() for the whole line where the system allows; a short write (a full disk, a
 * signal) continues, and a kill in between leaves a torn row that the next open drops. */
static fsbb_status append_line(int fd, const char *path, const GString *line, fsbb_error *err)
{
    size_t written = 0;
    while (written < line->len) {
        const ssize_t n = write(fd, line->str + written, line->len - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fsbb_fail(err, FSBB_ERR_IO, "cannot write %s: %s", path, n < 0 ? g_strerror(errno) : "no space");
        written += (size_t)n;
    }
    if (fsync(fd) != 0)
        return fsbb_fail(err, FSBB_ERR_IO, "cannot sync %s: %s", path, g_strerror(errno));
    return FSBB_OK;
}

/* Appends the bad rows, as they were, to runs.rejected.csv (created when missing), before
 * runs.csv is rewritten without them: they are never lost. A link in its place is refused:
 * a folder from elsewhere must not choose the file that its rows are appended to. */
static fsbb_status keep_rejected(const fsbb_sweep_store *store, fsbb_error *err)
{
    const int fd = open(store->rejected_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        return fsbb_fail(err, FSBB_ERR_IO, "cannot open %s: %s", store->rejected_path, g_strerror(errno));
    GString *lines = g_string_new(NULL);
    for (guint b = 0; b < store->bad_rows->len; b++) {
        const fsbb_sweep_bad_row *bad = g_ptr_array_index(store->bad_rows, b);
        g_string_append(lines, bad->text);
        if (!g_str_has_suffix(bad->text, "\n"))
            g_string_append_c(lines, '\n');
    }
    const fsbb_status status = append_line(fd, store->rejected_path, lines, err);
    g_string_free(lines, TRUE);
    close(fd);
    return status;
}

/* Loads the rows already in runs.csv into store; sets *csv_dirty when runs.csv must be
 * rewritten (missing, empty, torn, with bad rows, or moved aside). */
static fsbb_status load_rows(fsbb_sweep_store *store, const char *dir, int replace_other, int *csv_dirty,
                             fsbb_error *err)
{
    GStatBuf info;
    if (g_stat(store->csv_path, &info) != 0 || info.st_size == 0) {
        *csv_dirty = 1;  /* missing, or created empty: a fresh start */
        return FSBB_OK;
    }
    fsbb_sweep_table found;
    fsbb_error read_err;
    fsbb_status status = fsbb_sweep_table_read(store->csv_path, &found, &read_err);
    if (status == FSBB_OK && fsbb_sweep_layout_equal(found.layout, store->layout)) {
        g_ptr_array_free(store->rows, TRUE);
        store->rows = g_steal_pointer(&found.rows);
        for (guint r = 0; r < store->rows->len; r++)
            remember(store, g_ptr_array_index(store->rows, r));
        g_ptr_array_free(store->bad_rows, TRUE);
        store->bad_rows = g_steal_pointer(&found.bad_rows);
        store->dropped_torn_row = found.torn;
        *csv_dirty = found.torn || store->bad_rows->len;
        fsbb_sweep_table_clear(&found);
        return store->bad_rows->len ? keep_rejected(store, err) : FSBB_OK;
    }
    if (status == FSBB_OK) {
        if (!replace_other) {
            char *theirs = parameter_list(found.layout), *ours = parameter_list(store->layout);
            status = fsbb_fail(err, FSBB_ERR_CHECKPOINT,
                               "%s holds the runs of a sweep with other parameters (%s; this sweep: %s)",
                               store->csv_path, theirs, ours);
            g_free(theirs);
            g_free(ours);
        }
        fsbb_sweep_table_clear(&found);
    } else if (!replace_other) {
        return fsbb_fail(err, status == FSBB_ERR_IO ? FSBB_ERR_IO : FSBB_ERR_CHECKPOINT, "%s", read_err.message);
    }
    if (!replace_other)
        return status;
    const int generation = free_old_generation(dir);
    char *old_csv = fsbb_sweep_old_name(generation, "csv"), *old_jsonl = fsbb_sweep_old_name(generation, "jsonl");
    status = move_aside(dir, store->csv_path, old_csv, err);
    if (status == FSBB_OK)
        status = move_aside(dir, store->jsonl_path, old_jsonl, err);
    g_free(old_csv);
    g_free(old_jsonl);
    store->moved_aside = generation;
    *csv_dirty = 1;
    return status;
}

fsbb_status fsbb_sweep_store_open(const char *dir, const fsbb_sweep_layout *layout, int replace_other,
                                  fsbb_sweep_store **out, fsbb_error *err)
{
    if (g_mkdir_with_parents(dir, 0755) != 0)
        return fsbb_fail(err, FSBB_ERR_IO, "cannot create %s: %s", dir, g_strerror(errno));
    fsbb_sweep_store *store = g_new0(fsbb_sweep_store, 1);
    store->csv_path = g_build_filename(dir, "runs.csv", NULL);
    store->jsonl_path = g_build_filename(dir, "runs.jsonl", NULL);
    store->rejected_path = g_build_filename(dir, "runs.rejected.csv", NULL);
    store->layout = fsbb_sweep_layout_new(layout->parameters, layout->parameter_count);
    store->rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    store->done = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    store->bad_rows = g_ptr_array_new_with_free_func(free_bad_row);
    store->csv_fd = store->jsonl_fd = -1;
    int csv_dirty = 0;
    fsbb_status status = load_rows(store, dir, replace_other, &csv_dirty, err);
    if (status == FSBB_OK)
        status = rewrite(store, csv_dirty, err);
    if (status != FSBB_OK) {
        fsbb_sweep_store_close(store);
        return status;
    }
    *out = store;
    return FSBB_OK;
}

void fsbb_sweep_store_close(fsbb_sweep_store *store)
{
    if (!store)
        return;
    if (store->csv_fd >= 0)
        close(store->csv_fd);
    if (store->jsonl_fd >= 0)
        close(store->jsonl_fd);
    g_free(store->csv_path);
    g_free(store->jsonl_path);
    g_free(store->rejected_path);
    fsbb_sweep_layout_free(store->layout);
    g_ptr_array_free(store->rows, TRUE);
    g_ptr_array_free(store->bad_rows, TRUE);
    g_hash_table_destroy(store->done);
    g_free(store);
}

int fsbb_sweep_store_has(const fsbb_sweep_store *store, const char *key)
{
    return g_hash_table_contains(store->done, key);
}

fsbb_status fsbb_sweep_store_forget(fsbb_sweep_store *store, GHashTable *keys, fsbb_error *err)
{
    GPtrArray *kept = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    for (guint r = 0; r < store->rows->len; r++) {
        char **row = g_ptr_array_index(store->rows, r);
        char *key = fsbb_sweep_row_key(store->layout, row);
        if (g_hash_table_contains(keys, key))
            g_hash_table_remove(store->done, key);
        else
            g_ptr_array_add(kept, g_strdupv(row));
        g_free(key);
    }
    g_ptr_array_free(store->rows, TRUE);
    store->rows = kept;
    return rewrite(store, 1, err);
}

fsbb_status fsbb_sweep_store_append(fsbb_sweep_store *store, char *const *row, fsbb_error *err)
{
    GString *line = g_string_new(NULL);
    fsbb_csv_append_record(line, row, store->layout->column_count);
    fsbb_status status = append_line(store->csv_fd, store->csv_path, line, err);
    if (status == FSBB_OK) {
        g_string_truncate(line, 0);
        fsbb_sweep_row_append_json(line, store->layout, row);
        status = append_line(store->jsonl_fd, store->jsonl_path, line, err);
    }
    g_string_free(line, TRUE);
    if (status == FSBB_OK) {
        g_ptr_array_add(store->rows, g_strdupv((char **)row));
        remember(store, row);
    }
    return status;
}
