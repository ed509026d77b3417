/* sweep_summary.c — configurations of a sweep's rows and the text of summary.md
 * (sweep_summary.h). */
#include "sweep_summary.h"

#include "sweep_plan.h"
#include "sweep_store.h"

#include <stdlib.h>
#include <string.h>

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double fsbb_median(double *values, int count)
{
    if (count == 0)
        return 0;
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static double number_in(const fsbb_sweep_layout *layout, char *const *row, fsbb_sweep_result_column column)
{
    return g_ascii_strtod(row[fsbb_sweep_result_column_index(layout, column)], NULL);
}

/* Per configuration while grouping: the measurements of its runs. */
typedef struct config_samples {
    GArray *times, *nodes, *rates;
} config_samples;

static void mark_varying(const fsbb_sweep_layout *layout, GPtrArray *rows, int *varying)
{
    for (int p = 0; p < layout->parameter_count; p++) {
        const int column = fsbb_sweep_parameter_column(p);
        varying[p] = 0;
        for (guint r = 1; r < rows->len && !varying[p]; r++)
            varying[p] = strcmp(((char **)g_ptr_array_index(rows, r))[column],
                                ((char **)g_ptr_array_index(rows, 0))[column]) != 0;
    }
}

static char *variant_of(const fsbb_sweep_layout *layout, char *const *row, const int *varying)
{
    GString *variant = g_string_new(NULL);
    for (int p = 0; p < layout->parameter_count; p++)
        if (varying[p])
            g_string_append_printf(variant, "%s%s=%s", variant->len ? " " : "", layout->parameters[p],
                                   row[fsbb_sweep_parameter_column(p)]);
    return g_string_free(variant, FALSE);
}

static fsbb_sweep_config *new_config(const fsbb_sweep_layout *layout, char *const *row, const int *varying)
{
    fsbb_sweep_config *config = g_new0(fsbb_sweep_config, 1);
    config->instance = row[FSBB_COLUMN_INSTANCE];
    config->variant = variant_of(layout, row, varying);
    config->values = (const char *const *)row + fsbb_sweep_parameter_column(0);
    config->jobs = (int)number_in(layout, row, FSBB_COLUMN_JOBS);
    config->machines = (int)number_in(layout, row, FSBB_COLUMN_MACHINES);
    return config;
}

static void free_config(gpointer data)
{
    fsbb_sweep_config *config = data;
    g_free(config->variant);
    g_free(config);
}

static void add_run(fsbb_sweep_config *config, config_samples *samples, const fsbb_sweep_layout *layout,
                    char *const *row)
{
    config->runs++;
    config->optimal_runs += strcmp(row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_OPTIMAL)], "true") == 0;
    config->stopped_runs += fsbb_sweep_status_stopped(row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_STATUS)]);
    const char *makespan = row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_MAKESPAN)];
    const int found = makespan[0] ? atoi(makespan) : 0;
    if (found > 0 && (config->best_makespan == 0 || found < config->best_makespan))
        config->best_makespan = found;
    const double time = number_in(layout, row, FSBB_COLUMN_TIME_S), nodes = number_in(layout, row, FSBB_COLUMN_NODES);
    const double rate = number_in(layout, row, FSBB_COLUMN_NODES_PER_S);
    g_array_append_val(samples->times, time);
    g_array_append_val(samples->nodes, nodes);
    g_array_append_val(samples->rates, rate);
}

static double min_of(const GArray *values)
{
    double least = g_array_index(values, double, 0);
    for (guint i = 1; i < values->len; i++)
        least = MIN(least, g_array_index(values, double, i));
    return least;
}

GPtrArray *fsbb_sweep_configurations(const fsbb_sweep_layout *layout, GPtrArray *rows, int *varying)
{
    int *varies = g_new0(int, (gsize)layout->parameter_count + 1);
    mark_varying(layout, rows, varies);
    GPtrArray *configs = g_ptr_array_new_with_free_func(free_config);
    GArray *samples = g_array_new(FALSE, TRUE, sizeof(config_samples));
    GHashTable *index_of = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint r = 0; r < rows->len; r++) {
        char **row = g_ptr_array_index(rows, r);
        GString *key = g_string_new(row[FSBB_COLUMN_INSTANCE]);
        for (int p = 0; p < layout->parameter_count; p++)
            g_string_append_printf(key, "\x1f%s", row[fsbb_sweep_parameter_column(p)]);
        gpointer found;
        guint c;
        if (g_hash_table_lookup_extended(index_of, key->str, NULL, &found)) {
            c = GPOINTER_TO_UINT(found);
            g_string_free(key, TRUE);
        } else {
            c = configs->len;
            g_ptr_array_add(configs, new_config(layout, row, varies));
            const config_samples fresh = {g_array_new(FALSE, FALSE, sizeof(double)),
                                          g_array_new(FALSE, FALSE, sizeof(double)),
                                          g_array_new(FALSE, FALSE, sizeof(double))};
            g_array_append_val(samples, fresh);
            g_hash_table_insert(index_of, g_string_free(key, FALSE), GUINT_TO_POINTER(c));
        }
        add_run(g_ptr_array_index(configs, c), &g_array_index(samples, config_samples, c), layout, row);
    }
    for (guint c = 0; c < configs->len; c++) {
        fsbb_sweep_config *config = g_ptr_array_index(configs, c);
        config_samples *s = &g_array_index(samples, config_samples, c);
        config->time_min = min_of(s->times);
        config->nodes_min = min_of(s->nodes);
        config->time_median = fsbb_median((double *)(void *)s->times->data, (int)s->times->len);
        config->nodes_median = fsbb_median((double *)(void *)s->nodes->data, (int)s->nodes->len);
        config->rate_median = fsbb_median((double *)(void *)s->rates->data, (int)s->rates->len);
        g_array_free(s->times, TRUE);
        g_array_free(s->nodes, TRUE);
        g_array_free(s->rates, TRUE);
    }
    g_array_free(samples, TRUE);
    g_hash_table_destroy(index_of);
    if (varying)
        memcpy(varying, varies, sizeof(int) * (size_t)layout->parameter_count);
    g_free(varies);
    return configs;
}

/* A table cell's text: '|' escaped, line breaks as spaces. */
static void append_cell(GString *out, const char *text)
{
    g_string_append_c(out, ' ');
    for (const char *c = text; *c; c++) {
        if (*c == '|')
            g_string_append(out, "\\|");
        else
            g_string_append_c(out, *c == '\n' || *c == '\r' ? ' ' : *c);
    }
    g_string_append(out, " |");
}

/* A rate as "12.3 M". */
static void append_rate(GString *out, double rate)
{
    if (rate >= 1e9)
        g_string_append_printf(out, "%.2f G", rate / 1e9);
    else if (rate >= 1e6)
        g_string_append_printf(out, "%.2f M", rate / 1e6);
    else if (rate >= 1e3)
        g_string_append_printf(out, "%.1f k", rate / 1e3);
    else
        g_string_append_printf(out, "%.0f", rate);
}

/* The distinct values of a result column, joined by ", ". */
static char *distinct_values(const fsbb_sweep_layout *layout, GPtrArray *rows, fsbb_sweep_result_column column)
{
    GPtrArray *seen = g_ptr_array_new();
    for (guint r = 0; r < rows->len; r++) {
        char *value = ((char **)g_ptr_array_index(rows, r))[fsbb_sweep_result_column_index(layout, column)];
        if (!g_ptr_array_find_with_equal_func(seen, value, g_str_equal, NULL))
            g_ptr_array_add(seen, value);
    }
    g_ptr_array_add(seen, NULL);
    char *joined = g_strjoinv(", ", (char **)seen->pdata);
    g_ptr_array_free(seen, TRUE);
    return joined;
}

static void append_overview(GString *out, const fsbb_sweep_layout *layout, GPtrArray *rows, GPtrArray *configs,
                            const int *varying)
{
    const int date = fsbb_sweep_result_column_index(layout, FSBB_COLUMN_DATE);
    const char *first = "", *last = "";
    int limited = 0;
    for (guint r = 0; r < rows->len; r++) {
        char **row = g_ptr_array_index(rows, r);
        if (!*first || strcmp(row[date], first) < 0)
            first = row[date];
        if (strcmp(row[date], last) > 0)
            last = row[date];
        limited += fsbb_sweep_status_stopped(row[fsbb_sweep_result_column_index(layout, FSBB_COLUMN_STATUS)]);
    }
    char *hosts = distinct_values(layout, rows, FSBB_COLUMN_HOST);
    char *devices = distinct_values(layout, rows, FSBB_COLUMN_DEVICE_NAME);
    char *versions = distinct_values(layout, rows, FSBB_COLUMN_SOLVER_VERSION);
    g_string_append_printf(out, "%u runs in %u configurations, from %s to %s; host %s; device %s; solver %s.\n\n",
                           rows->len, configs->len, first, last, hosts, devices, versions);
    g_free(hosts);
    g_free(devices);
    g_free(versions);
    GString *fixed = g_string_new(NULL);
    for (int p = 0; p < layout->parameter_count; p++)
        if (!varying[p] && rows->len)
            g_string_append_printf(fixed, "%s%s=%s", fixed->len ? ", " : "", layout->parameters[p],
                                   ((char **)g_ptr_array_index(rows, 0))[fsbb_sweep_parameter_column(p)]);
    g_string_append_printf(out, "Fixed parameters: %s (others at their defaults).\n\n",
                           fixed->len ? fixed->str : "none");
    g_string_free(fixed, TRUE);
    g_string_append(out, "Times are in seconds, min and median over a configuration's repeats.");
    if (limited)
        g_string_append_printf(out, " %d run%s stopped before the end of the search (a time or node limit, a gap "
                                    "or the heuristic's budget): their times are that stop's, not a solve's.",
                               limited, limited == 1 ? "" : "s");
    g_string_append(out, "\n\n");
}

static void append_configurations(GString *out, const fsbb_sweep_layout *layout, GPtrArray *configs,
                                  const int *varying)
{
    g_string_append(out, "## Per configuration\n\n| instance | size |");
    GString *rule = g_string_new("|---|---|");
    for (int p = 0; p < layout->parameter_count; p++)
        if (varying[p]) {
            g_string_append_printf(out, " %s |", layout->parameters[p]);
            g_string_append(rule, "---|");
        }
    g_string_append(out, " runs | optimal | makespan | time min | time median | nodes min | nodes median | "
                         "nodes/s median |\n");
    g_string_append_printf(out, "%s---:|---:|---:|---:|---:|---:|---:|---:|\n", rule->str);
    g_string_free(rule, TRUE);
    for (guint c = 0; c < configs->len; c++) {
        const fsbb_sweep_config *config = g_ptr_array_index(configs, c);
        g_string_append_c(out, '|');
        append_cell(out, config->instance);
        g_string_append_printf(out, " %dx%d |", config->jobs, config->machines);
        for (int p = 0; p < layout->parameter_count; p++)
            if (varying[p])
                append_cell(out, config->values[p]);
        g_string_append_printf(out, " %d | %d | ", config->runs, config->optimal_runs);
        if (config->best_makespan)
            g_string_append_printf(out, "%d", config->best_makespan);
        g_string_append_printf(out, " | %.3f | %.3f | %.0f | %.0f | ", config->time_min, config->time_median,
                               config->nodes_min, config->nodes_median);
        append_rate(out, config->rate_median);
        g_string_append(out, " |\n");
    }
    g_string_append_c(out, '\n');
}

/* The distinct variants of configs, in order of appearance (borrowed strings). */
static GPtrArray *variants_of(GPtrArray *configs)
{
    GPtrArray *variants = g_ptr_array_new();
    for (guint c = 0; c < configs->len; c++) {
        char *variant = ((fsbb_sweep_config *)g_ptr_array_index(configs, c))->variant;
        if (!g_ptr_array_find_with_equal_func(variants, variant, g_str_equal, NULL))
            g_ptr_array_add(variants, variant);
    }
    return variants;
}

GHashTable *fsbb_sweep_shared_instances(GPtrArray *configs)
{
    GPtrArray *variants = variants_of(configs);
    GHashTable *shared = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint c = 0; c < configs->len; c++)
        g_hash_table_add(shared, (gpointer)((fsbb_sweep_config *)g_ptr_array_index(configs, c))->instance);
    for (guint v = 0; v < variants->len; v++) {
        GHashTable *mine = g_hash_table_new(g_str_hash, g_str_equal);
        for (guint c = 0; c < configs->len; c++) {
            const fsbb_sweep_config *config = g_ptr_array_index(configs, c);
            if (strcmp(config->variant, g_ptr_array_index(variants, v)) == 0)
                g_hash_table_add(mine, (gpointer)config->instance);
        }
        GHashTableIter iter;
        gpointer instance;
        g_hash_table_iter_init(&iter, shared);
        while (g_hash_table_iter_next(&iter, &instance, NULL))
            if (!g_hash_table_contains(mine, instance))
                g_hash_table_iter_remove(&iter);
        g_hash_table_destroy(mine);
    }
    g_ptr_array_free(variants, TRUE);
    return shared;
}

static void append_totals(GString *out, GPtrArray *configs)
{
    GPtrArray *variants = variants_of(configs);
    GHashTable *shared = fsbb_sweep_shared_instances(configs);
    g_string_append_printf(out,
                           "## Totals per parameter combination\n\nSums of the medians over the %u instances that "
                           "every combination ran.\n\n| parameters | instances | proven optimal | time | nodes | nodes/s |\n"
                           "|---|---:|---:|---:|---:|---:|\n",
                           g_hash_table_size(shared));
    for (guint v = 0; v < variants->len; v++) {
        const char *variant = g_ptr_array_index(variants, v);
        int instances = 0, optimal = 0;
        double time = 0, nodes = 0;
        for (guint c = 0; c < configs->len; c++) {
            const fsbb_sweep_config *config = g_ptr_array_index(configs, c);
            if (strcmp(config->variant, variant) != 0 || !g_hash_table_contains(shared, config->instance))
                continue;
            instances++;
            optimal += config->optimal_runs == config->runs;
            time += config->time_median;
            nodes += config->nodes_median;
        }
        g_string_append_c(out, '|');
        append_cell(out, variant[0] ? variant : "(all runs)");
        g_string_append_printf(out, " %d | %d | %.3f | %.0f | ", instances, optimal, time, nodes);
        append_rate(out, time > 0 ? nodes / time : 0);
        g_string_append(out, " |\n");
    }
    g_string_append_c(out, '\n');
    g_hash_table_destroy(shared);
    g_ptr_array_free(variants, TRUE);
}

/* The runs of spec that rows do not hold (they failed, or the sweep stopped before them):
 * how many, and the first MISSING_LISTED of them. Nothing when every run is there, or when
 * rows are not of spec's layout (a sweep file changed since). */
enum { MISSING_LISTED = 20 };

static void append_missing(GString *out, const fsbb_sweep_spec *spec, const fsbb_sweep_layout *layout,
                           GPtrArray *rows)
{
    fsbb_sweep_layout *planned = fsbb_sweep_spec_layout(spec);
    if (!fsbb_sweep_layout_equal(planned, layout)) {
        fsbb_sweep_layout_free(planned);
        return;
    }
    GHashTable *stored = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint r = 0; r < rows->len; r++)
        g_hash_table_add(stored, fsbb_sweep_row_key(layout, g_ptr_array_index(rows, r)));
    const long count = fsbb_sweep_run_count(spec);
    int *values = g_new0(int, (gsize)spec->parameter_count + 1);
    fsbb_sweep_run run = {.values = values};
    GString *listed = g_string_new(NULL);
    long missing = 0;
    for (long i = 0; i < count; i++) {
        fsbb_sweep_run_decode(spec, i, &run);
        char **row = fsbb_sweep_run_row(spec, &run);
        char *key = fsbb_sweep_row_key(layout, row);
        if (!g_hash_table_contains(stored, key) && missing++ < MISSING_LISTED) {
            g_string_append_c(listed, '|');
            append_cell(listed, row[FSBB_COLUMN_INSTANCE]);
            for (int p = 0; p < layout->parameter_count; p++)
                append_cell(listed, row[fsbb_sweep_parameter_column(p)]);
            append_cell(listed, row[FSBB_COLUMN_REPEAT]);
            g_string_append_c(listed, '\n');
        }
        g_free(key);
        g_strfreev(row);
    }
    if (missing > 0) {
        g_string_append_printf(out,
                               "## Runs not in this summary\n\n%ld of the sweep's %ld runs are not in runs.csv: they "
                               "failed (flowshop-sweep said why when it ran them), or the sweep stopped before "
                               "them. Running the sweep again runs them.\n\n| instance |",
                               missing, count);
        for (int p = 0; p < layout->parameter_count; p++)
            append_cell(out, layout->parameters[p]);
        g_string_append(out, " repeat |\n|---|");
        for (int p = 0; p <= layout->parameter_count; p++)
            g_string_append(out, "---|");
        g_string_append_printf(out, "\n%s", listed->str);
        if (missing > MISSING_LISTED)
            g_string_append_printf(out, "\nand %ld more.\n", missing - MISSING_LISTED);
        g_string_append_c(out, '\n');
    }
    g_string_free(listed, TRUE);
    g_free(values);
    g_hash_table_destroy(stored);
    fsbb_sweep_layout_free(planned);
}

char *fsbb_sweep_summary_markdown(const fsbb_sweep_layout *layout, GPtrArray *rows, const char *title,
                                  const char *description, const fsbb_sweep_spec *spec)
{
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "# Sweep %s\n\n", title);
    if (description && description[0])
        g_string_append_printf(out, "%s\n\n", description);
    if (rows->len == 0) {
        g_string_append(out, "No runs yet.\n");
        return g_string_free(out, FALSE);
    }
    if (spec)
        append_missing(out, spec, layout, rows);
    int *varying = g_new0(int, (gsize)layout->parameter_count + 1);
    GPtrArray *configs = fsbb_sweep_configurations(layout, rows, varying);
    append_overview(out, layout, rows, configs, varying);
    append_configurations(out, layout, configs, varying);
    append_totals(out, configs);
    g_ptr_array_free(configs, TRUE);
    g_free(varying);
    return g_string_free(out, FALSE);
}

fsbb_status fsbb_sweep_summary_write(const char *dir, const fsbb_sweep_table *table, const char *title,
                                     const char *description, const fsbb_sweep_spec *spec, fsbb_error *err)
{
    char *markdown = fsbb_sweep_summary_markdown(table->layout, table->rows, title, description, spec);
    char *summary_path = g_build_filename(dir, "summary.md", NULL);
    const fsbb_status status = fsbb_write_file_atomically(summary_path, markdown, strlen(markdown), err);
    g_free(summary_path);
    g_free(markdown);
    return status;
}
