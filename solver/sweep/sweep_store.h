/* sweep_store.h — a sweep's results folder: runs.csv (the record, one row per run) and its
 * JSON-lines twin runs.jsonl; which runs are done (for resuming); appending a row so that a
 * kill never leaves half of one behind. */
#ifndef FSBB_SWEEP_STORE_H
#define FSBB_SWEEP_STORE_H

#include "sweep_row.h"

#include <glib.h>

/* A row of runs.csv that could not be read: a damaged line (sweep_csv.h), or a record with
 * the wrong number of fields or a field that is wrong for its column. */
typedef struct fsbb_sweep_bad_row {
    int line;                 /* 1-based line of runs.csv where it starts */
    char *problem;            /* what is wrong */
    char *text;               /* its bytes as they were, with their line end */
} fsbb_sweep_bad_row;

/* runs.csv as read: the rows to use, and what was left out. */
typedef struct fsbb_sweep_table {
    fsbb_sweep_layout *layout;
    GPtrArray *rows;          /* complete valid rows, each a NULL-terminated gchar ** */
    GPtrArray *bad_rows;      /* fsbb_sweep_bad_row *, in the file's order */
    int torn;                 /* a last row whose end never reached the disk was left out */
} fsbb_sweep_table;

typedef struct fsbb_sweep_store {
    char *csv_path, *jsonl_path, *rejected_path;
    fsbb_sweep_layout *layout;
    GPtrArray *rows;          /* the rows in runs.csv, each a NULL-terminated gchar ** */
    GHashTable *done;         /* resume key (fsbb_sweep_row_key) -> number of rows with it */
    int csv_fd, jsonl_fd;     /* open for appending */
    int dropped_torn_row;     /* opening removed a row whose end never reached the disk */
    GPtrArray *bad_rows;      /* fsbb_sweep_bad_row *: opening moved them to runs.rejected.csv */
    int moved_aside;          /* opening moved another sweep's files aside: their generation (fsbb_sweep_old_name), 0: not */
} fsbb_sweep_store;

/* Opens (creating) DIR/runs.csv and DIR/runs.jsonl for rows of layout. Rows already there
 * are kept; a torn last row is dropped; rows that cannot be read are appended, as they
 * were, to DIR/runs.rejected.csv and left out (the runs they held are run again); then
 * runs.jsonl is rewritten from runs.csv, so the two always agree. When runs.csv holds
 * another layout's rows, that is FSBB_ERR_CHECKPOINT, unless replace_other is set: then
 * the old files are renamed runs.old.csv and runs.old.jsonl and the store starts empty. */
fsbb_status fsbb_sweep_store_open(const char *dir, const fsbb_sweep_layout *layout, int replace_other,
                                  fsbb_sweep_store **out, fsbb_error *err);
void fsbb_sweep_store_close(fsbb_sweep_store *store);

/* The name another sweep's runs were moved to (g_free): generation 1 runs.old.EXTENSION, then
 * runs.old.2.EXTENSION, ... */
char *fsbb_sweep_old_name(int generation, const char *extension);

/* 1 when a row with this resume key is stored. */
int fsbb_sweep_store_has(const fsbb_sweep_store *store, const char *key);
/* Removes the rows whose resume keys are in keys (a set of strings), rewriting both files
 * (each through a temporary file and a rename). */
fsbb_status fsbb_sweep_store_forget(fsbb_sweep_store *store, GHashTable *keys, fsbb_error *err);
/* Appends one complete row (layout->column_count fields) to both files and syncs them. */
fsbb_status fsbb_sweep_store_append(fsbb_sweep_store *store, char *const *row, fsbb_error *err);

/* Reads a runs.csv without changing it: its layout from the header, its valid complete
 * rows, and the rows left out (a torn last row; damaged or invalid rows, each with its line
 * and problem). A missing file is FSBB_ERR_IO, a header that is no sweep's FSBB_ERR_PARSE;
 * bad rows are no error. On success out must be released with fsbb_sweep_table_clear. */
fsbb_status fsbb_sweep_table_read(const char *csv_path, fsbb_sweep_table *out, fsbb_error *err);
void fsbb_sweep_table_clear(fsbb_sweep_table *table);
/* Reads the runs.csv of a results folder named by a user: FSBB_ERR_ARGUMENT naming dir
 * when it is no folder or has no runs.csv, else as fsbb_sweep_table_read. */
fsbb_status fsbb_sweep_folder_read(const char *dir, fsbb_sweep_table *out, fsbb_error *err);

/* Replaces path's contents all at once: a temporary file, synced, renamed over path. */
fsbb_status fsbb_write_file_atomically(const char *path, const char *contents, size_t length, fsbb_error *err);

#endif
