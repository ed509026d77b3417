/* sweep_spec.c — reading a sweep file into an fsbb_sweep_spec (sweep_spec.h): syntax via
 * GKeyFile, then every group, key and value checked, with errors that name them. */
#include "sweep_spec.h"

#include "error.h"
#include "sweep_plan.h"
#include "sweep_range.h"
#include "sweep_row.h"
#include "taillard.h"
#include "text_file.h"

#include <errno.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest sweep file read (a sweep file is a few lines; this keeps a device or a huge
 * file given by mistake from being read whole). */
#define SWEEP_FILE_BYTES ((size_t)1 << 20)

static const char *const sweep_keys[] = {"name", "description", "instances", "repeats", NULL};

void fsbb_sweep_spec_free(fsbb_sweep_spec *spec)
{
    if (!spec)
        return;
    g_free(spec->source);
    g_free(spec->name);
    g_free(spec->description);
    g_strfreev(spec->instances);
    for (int p = 0; p < spec->parameter_count; p++) {
        g_free(spec->parameters[p].name);
        g_strfreev(spec->parameters[p].values);
    }
    g_free(spec->parameters);
    g_free(spec);
}

/* GKeyFile keeps the last of two equal keys silently; a sweep file with a key twice is
 * almost surely a mistake, so the lines are scanned for that first. */
static fsbb_status reject_repeated_keys(const char *text, size_t length, const char *source, fsbb_error *err)
{
    char *copy = g_strndup(text, length);
    char **lines = g_strsplit(copy, "\n", -1);
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char *group = g_strdup("");
    fsbb_status status = FSBB_OK;
    for (int l = 0; lines[l] && status == FSBB_OK; l++) {
        char *line = g_strstrip(lines[l]);
        if (line[0] == '\0' || line[0] == '#')
            continue;
        if (line[0] == '[') {
            g_free(group);
            group = g_strdup(line);
            continue;
        }
        const char *equals = strchr(line, '=');
        if (!equals)
            continue;  /* GKeyFile reports it */
        char *key = g_strstrip(g_strndup(line, (gsize)(equals - line)));
        char *qualified = g_strdup_printf("%s %s", group, key);
        const int first_line = GPOINTER_TO_INT(g_hash_table_lookup(seen, qualified));
        if (first_line) {
            status = fsbb_fail(err, FSBB_ERR_PARSE, "%s:%d: %s %s is given twice (first on line %d)", source, l + 1,
                               group, key, first_line);
            g_free(qualified);
        } else {
            g_hash_table_insert(seen, qualified, GINT_TO_POINTER(l + 1));
        }
        g_free(key);
    }
    g_free(group);
    g_hash_table_destroy(seen);
    g_strfreev(lines);
    g_free(copy);
    return status;
}

/* A list value with each item stripped of surrounding blanks; an empty item is an error. */
static fsbb_status read_list(GKeyFile *file, const char *source, const char *group, const char *key, char ***out,
                             int *count, fsbb_error *err)
{
    gsize length = 0;
    GError *error = NULL;
    char **items = g_key_file_get_string_list(file, group, key, &length, &error);
    if (!items) {
        const fsbb_status status =
            fsbb_fail(err, FSBB_ERR_PARSE, "%s: [%s] %s: %s", source, group, key, error->message);
        g_error_free(error);
        return status;
    }
    if (length == 0) {
        g_strfreev(items);
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [%s] %s: no values", source, group, key);
    }
    for (gsize i = 0; i < length; i++) {
        g_strstrip(items[i]);
        if (items[i][0] == '\0') {
            g_strfreev(items);
            return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [%s] %s: an empty value in the list", source, group, key);
        }
    }
    *out = items;
    *count = (int)length;
    return FSBB_OK;
}

/* A string value stripped of surrounding blanks. */
static fsbb_status read_string(GKeyFile *file, const char *source, const char *key, char **out, fsbb_error *err)
{
    GError *error = NULL;
    char *value = g_key_file_get_string(file, "sweep", key, &error);
    if (!value) {
        const fsbb_status status = fsbb_fail(err, FSBB_ERR_PARSE, "%s: [sweep] %s: %s", source, key, error->message);
        g_error_free(error);
        return status;
    }
    *out = g_strstrip(value);
    return FSBB_OK;
}

/* The first item listed twice in items, or NULL. */
static const char *repeated_item(char *const *items)
{
    GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
    const char *repeated = NULL;
    for (int i = 0; items[i] && !repeated; i++)
        if (!g_hash_table_add(seen, items[i]))
            repeated = items[i];
    g_hash_table_destroy(seen);
    return repeated;
}

static fsbb_status read_name(GKeyFile *file, const char *source, fsbb_sweep_spec *spec, fsbb_error *err)
{
    if (g_key_file_has_key(file, "sweep", "name", NULL)) {
        const fsbb_status status = read_string(file, source, "name", &spec->name, err);
        if (status != FSBB_OK)
            return status;
    } else {
        char *base = g_path_get_basename(source);
        if (g_str_has_suffix(base, ".ini"))
            base[strlen(base) - 4] = '\0';
        spec->name = base;
    }
    if (!fsbb_sweep_plain_name(spec->name))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "%s: [sweep] name: '%s' is not a folder name (up to %d letters, digits, '.', '_', '-')",
                         source, spec->name, FSBB_SWEEP_NAME_MAX);
    return FSBB_OK;
}

/* The name a sweep records for an instance: Taillard's own spelling ("ta1", "TA001" ->
 * "ta001"), so that one instance has one name; anything else as it is. */
static char *canonical_instance(const char *name)
{
    const int index = strchr(name, '/') ? 0 : fsbb_taillard_index(name);
    return g_strdup(index > 0 ? fsbb_taillard_entry_at(index)->name : name);
}

/* Replaces each expanded name by its canonical one; two names of one instance are an
 * error that quotes both as written. */
static fsbb_status canonicalise_instances(GPtrArray *instances, const char *source, fsbb_error *err)
{
    GHashTable *written_as = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    fsbb_status status = FSBB_OK;
    for (guint i = 0; i < instances->len && status == FSBB_OK; i++) {
        char *written = g_ptr_array_index(instances, i), *canonical = canonical_instance(written);
        const char *first = g_hash_table_lookup(written_as, canonical);
        if (first && strcmp(first, written) == 0)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [sweep] instances: '%s' is listed twice", source, written);
        else if (first)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT,
                               "%s: [sweep] instances: '%s' and '%s' are the same instance (%s): list it once",
                               source, first, written, canonical);
        else
            g_hash_table_insert(written_as, g_strdup(canonical), g_strdup(written));
        instances->pdata[i] = canonical;
        g_free(written);
    }
    g_hash_table_destroy(written_as);
    return status;
}

static fsbb_status read_instances(GKeyFile *file, const char *source, fsbb_sweep_spec *spec, fsbb_error *err)
{
    if (!g_key_file_has_key(file, "sweep", "instances", NULL))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [sweep] instances is missing", source);
    char **items;
    int count;
    fsbb_status status = read_list(file, source, "sweep", "instances", &items, &count, err);
    if (status != FSBB_OK)
        return status;
    GPtrArray *instances = g_ptr_array_new();
    for (int i = 0; i < count && status == FSBB_OK; i++) {
        fsbb_error item_err;
        status = fsbb_sweep_expand_instance(items[i], instances, &item_err);
        if (status != FSBB_OK)
            fsbb_fail(err, status, "%s: [sweep] instances: %s", source, item_err.message);
    }
    g_strfreev(items);
    if (status == FSBB_OK)
        status = canonicalise_instances(instances, source, err);
    g_ptr_array_add(instances, NULL);
    spec->instances = (char **)g_ptr_array_free(instances, FALSE);
    spec->instance_count = (int)g_strv_length(spec->instances);
    return status;
}

static fsbb_status read_repeats(GKeyFile *file, const char *source, fsbb_sweep_spec *spec, fsbb_error *err)
{
    spec->repeats = 1;
    if (!g_key_file_has_key(file, "sweep", "repeats", NULL))
        return FSBB_OK;
    char *text = NULL;
    fsbb_status status = read_string(file, source, "repeats", &text, err);
    if (status != FSBB_OK)
        return status;
    guint64 repeats = 0;
    if (g_ascii_string_to_unsigned(text, 10, 1, FSBB_SWEEP_MAX_REPEATS, &repeats, NULL))
        spec->repeats = (int)repeats;
    else
        status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [sweep] repeats: '%s' is not a whole number from 1 to %d",
                           source, text, FSBB_SWEEP_MAX_REPEATS);
    g_free(text);
    return status;
}

static fsbb_status read_sweep_group(GKeyFile *file, const char *source, fsbb_sweep_spec *spec, fsbb_error *err)
{
    if (!g_key_file_has_group(file, "sweep"))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: the [sweep] group is missing", source);
    char **keys = g_key_file_get_keys(file, "sweep", NULL, NULL);
    fsbb_status status = FSBB_OK;
    for (int k = 0; keys[k] && status == FSBB_OK; k++)
        if (!g_strv_contains(sweep_keys, keys[k]))
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT,
                               "%s: [sweep] unknown key '%s' (expected name, description, instances, repeats; "
                               "solver options go in [parameters])",
                               source, keys[k]);
    g_strfreev(keys);
    if (status == FSBB_OK)
        status = read_name(file, source, spec, err);
    if (status == FSBB_OK && g_key_file_has_key(file, "sweep", "description", NULL))
        status = read_string(file, source, "description", &spec->description, err);
    if (status == FSBB_OK)
        status = read_instances(file, source, spec, err);
    if (status == FSBB_OK)
        status = read_repeats(file, source, spec, err);
    return status;
}

/* Checks that every value is one fsbb_options_set accepts for the parameter. */
static fsbb_status check_values(const fsbb_sweep_parameter *parameter, const char *source, fsbb_error *err)
{
    fsbb_options *options = fsbb_options_new();
    if (!options)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for options");
    fsbb_status status = FSBB_OK;
    for (int v = 0; v < parameter->value_count && status == FSBB_OK; v++) {
        fsbb_error value_err;
        status = fsbb_options_set(options, parameter->name, parameter->values[v], &value_err);
        if (status != FSBB_OK)
            fsbb_fail(err, status, "%s: [parameters] %s: %s", source, parameter->name, value_err.message);
    }
    fsbb_options_free(options);
    return status;
}

static fsbb_status read_parameters_group(GKeyFile *file, const char *source, fsbb_sweep_spec *spec,
                                         fsbb_error *err)
{
    if (!g_key_file_has_group(file, "parameters"))
        return FSBB_OK;
    gsize key_count = 0;
    char **keys = g_key_file_get_keys(file, "parameters", &key_count, NULL);
    spec->parameters = g_new0(fsbb_sweep_parameter, key_count);
    fsbb_status status = FSBB_OK;
    long runs = (long)spec->instance_count * spec->repeats;
    for (gsize k = 0; k < key_count && status == FSBB_OK; k++) {
        fsbb_sweep_parameter *parameter = &spec->parameters[spec->parameter_count];
        if (fsbb_sweep_reserved_column(keys[k])) {
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [parameters] %s: the name of a result column", source,
                               keys[k]);
            break;
        }
        status = read_list(file, source, "parameters", keys[k], &parameter->values, &parameter->value_count, err);
        if (status != FSBB_OK)
            break;
        parameter->name = g_strdup(keys[k]);
        spec->parameter_count++;
        const char *repeated = repeated_item(parameter->values);
        if (repeated)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: [parameters] %s: '%s' is listed twice", source, keys[k],
                               repeated);
        else
            status = check_values(parameter, source, err);
        runs *= parameter->value_count;
        if (status == FSBB_OK && runs > FSBB_SWEEP_MAX_RUNS)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: the sweep has more than %ld runs", source,
                               FSBB_SWEEP_MAX_RUNS);
    }
    g_strfreev(keys);
    return status;
}

/* The library's option of that name (or former name), or NULL. */
static const fsbb_option_spec *option_named(const char *name)
{
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *option = fsbb_option_info(o);
        if (strcmp(option->name, name) == 0 || (option->alias && strcmp(option->alias, name) == 0))
            return option;
    }
    return NULL;
}

/* A file a solve writes (checkpoint, log, ...: FSBB_OPTION_WRITTEN) is refused where a value
 * names it for several runs: each would replace the file of the run before (a checkpoint:
 * the saved search; the library refuses that one from the second run on). The sweep names
 * its own files per folder, not per run, so it has no name to give each run's file. */
static fsbb_status refuse_shared_files(const fsbb_sweep_spec *spec, const char *source, fsbb_error *err)
{
    const long runs = fsbb_sweep_run_count(spec);
    for (int p = 0; p < spec->parameter_count; p++) {
        const fsbb_sweep_parameter *parameter = &spec->parameters[p];
        const fsbb_option_spec *option = option_named(parameter->name);
        const long sharing = runs / parameter->value_count;
        if (!option || option->kind != FSBB_OPTION_FILE || !(option->flags & FSBB_OPTION_WRITTEN) || sharing < 2)
            continue;
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "%s: [parameters] %s: '%s'%s would be written by %ld runs, each replacing the one "
                         "before's (a sweep gives no run a file of its own): give %s to one run only, or run "
                         "flowshop-bb --%s per run",
                         source, parameter->name, parameter->values[0],
                         parameter->value_count > 1 ? " (and each other value)" : "", sharing, parameter->name,
                         option->name);
    }
    return FSBB_OK;
}

static fsbb_status check_groups(GKeyFile *file, const char *source, fsbb_error *err)
{
    char **groups = g_key_file_get_groups(file, NULL);
    fsbb_status status = FSBB_OK;
    for (int g = 0; groups[g] && status == FSBB_OK; g++)
        if (strcmp(groups[g], "sweep") != 0 && strcmp(groups[g], "parameters") != 0)
            status = fsbb_fail(err, FSBB_ERR_ARGUMENT, "%s: unknown group [%s] (expected [sweep] and [parameters])",
                               source, groups[g]);
    g_strfreev(groups);
    return status;
}

fsbb_status fsbb_sweep_spec_parse(const char *text, size_t length, const char *source, fsbb_sweep_spec **out,
                                  fsbb_error *err)
{
    if (!text || !source || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_sweep_spec_parse: NULL argument");
    /* A UTF-8 byte-order mark, as editors on Windows write, is no part of the key file. */
    if (length >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        length -= 3;
    }
    fsbb_status status = reject_repeated_keys(text, length, source, err);
    if (status != FSBB_OK)
        return status;
    GKeyFile *file = g_key_file_new();
    g_key_file_set_list_separator(file, ',');
    GError *error = NULL;
    if (!g_key_file_load_from_data(file, text, length, G_KEY_FILE_NONE, &error)) {
        status = fsbb_fail(err, FSBB_ERR_PARSE, "%s: %s", source, error->message);
        g_error_free(error);
        g_key_file_free(file);
        return status;
    }
    fsbb_sweep_spec *spec = g_new0(fsbb_sweep_spec, 1);
    spec->source = g_strdup(source);
    status = check_groups(file, source, err);
    if (status == FSBB_OK)
        status = read_sweep_group(file, source, spec, err);
    if (status == FSBB_OK)
        status = read_parameters_group(file, source, spec, err);
    if (status == FSBB_OK)
        status = refuse_shared_files(spec, source, err);
    g_key_file_free(file);
    if (status != FSBB_OK) {
        fsbb_sweep_spec_free(spec);
        return status;
    }
    *out = spec;
    return FSBB_OK;
}

fsbb_status fsbb_sweep_spec_load(const char *path, fsbb_sweep_spec **out, fsbb_error *err)
{
    FILE *file = fopen(path, "rb");
    if (!file)
        return fsbb_fail(err, FSBB_ERR_IO, "%s: %s", path, strerror(errno));
    char *text = NULL;
    size_t length = 0;
    fsbb_status status = fsbb_text_read(file, path, SWEEP_FILE_BYTES, "a sweep file", &text, &length, err);
    fclose(file);
    if (status == FSBB_OK)
        status = fsbb_sweep_spec_parse(text, length, path, out, err);
    free(text);
    return status;
}
