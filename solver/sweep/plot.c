/* plot.c — charts of a sweep with gnuplot (plot.h). The charts follow from what varies:
 *   time-per-instance      median time per instance, one bar per parameter combination;
 *   rate-per-class         median nodes/s per instance class (jobs x machines);
 *   time-vs-P              for a numeric parameter P that varies (pool size, threads):
 *                          total time over the instances against P, a line per
 *                          combination of the other varying parameters;
 *   time-by-P              for any other varying parameter (a technique on/off, a bound):
 *                          total time per value of P, grouped by the other parameters.
 * Totals are sums of medians over the instances that every combination ran.
 * Everything from the results folder reaches the scripts through sweep_gnuplot.h; the
 * charts' file names are fixed words and parameter names, which runs.csv's reader has
 * checked to be plain names (fsbb_sweep_plain_name). */
#include "plot.h"

#include "sweep_gnuplot.h"
#include "sweep_store.h"
#include "sweep_summary.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* More bars per group than this make a chart unreadable: such charts are skipped. */
#define MAX_SERIES 16

/* A table to draw: rows (categories or x values) by series, NAN where there is no value. */
typedef struct chart {
    char *name;                 /* file name stem */
    char *title, *x_label, *y_label;
    GPtrArray *rows, *series;   /* labels (owned) */
    GArray *values;             /* double, rows x series, row-major */
    int lines;                  /* 1: x is numeric, draw lines; 0: clustered bars */
} chart;

static chart *chart_new(char *name, char *title, const char *x_label, const char *y_label, int lines)
{
    chart *c = g_new0(chart, 1);
    c->name = name;
    c->title = title;
    c->x_label = g_strdup(x_label);
    c->y_label = g_strdup(y_label);
    c->rows = g_ptr_array_new_with_free_func(g_free);
    c->series = g_ptr_array_new_with_free_func(g_free);
    c->values = g_array_new(FALSE, FALSE, sizeof(double));
    c->lines = lines;
    return c;
}

static void chart_free(chart *c)
{
    g_free(c->name);
    g_free(c->title);
    g_free(c->x_label);
    g_free(c->y_label);
    g_ptr_array_free(c->rows, TRUE);
    g_ptr_array_free(c->series, TRUE);
    g_array_free(c->values, TRUE);
    g_free(c);
}

static guint index_of(GPtrArray *labels, const char *label)
{
    guint index;
    if (!g_ptr_array_find_with_equal_func(labels, label, g_str_equal, &index)) {
        g_ptr_array_add(labels, g_strdup(label));
        index = labels->len - 1;
    }
    return index;
}

/* Fixes the labels' order and makes the value table (all NAN). */
static void chart_allocate(chart *c)
{
    const double missing = NAN;
    g_array_set_size(c->values, 0);
    for (guint i = 0; i < c->rows->len * c->series->len; i++)
        g_array_append_val(c->values, missing);
}

static double *cell(chart *c, guint row, guint series)
{
    return &g_array_index(c->values, double, row * c->series->len + series);
}

/* Adds value to the cell (starting from NAN as 0). */
static void accumulate(chart *c, guint row, guint series, double value)
{
    double *v = cell(c, row, series);
    *v = isnan(*v) ? value : *v + value;
}

static void values_range(const chart *c, double *least, double *most)
{
    *least = INFINITY;
    *most = -INFINITY;
    for (guint i = 0; i < c->values->len; i++) {
        const double v = g_array_index(c->values, double, i);
        if (!isnan(v) && v > 0) {
            *least = MIN(*least, v);
            *most = MAX(*most, v);
        }
    }
}

/* Appends "command 'text'" and a line end. */
static void append_command(GString *script, const char *command, const char *text)
{
    g_string_append_printf(script, "%s ", command);
    fsbb_gnuplot_append_string(script, text);
    g_string_append_c(script, '\n');
}

static void append_terminal(GString *script, const char *kind, const char *name, const char *extension,
                            int width, int height)
{
    g_string_append_printf(script, "set terminal %s size %d,%d noenhanced font 'DejaVu Sans,11'%s\n", kind, width,
                           height, strcmp(kind, "svg") == 0 ? " dynamic background '#ffffff'" : "");
    char *file = g_strdup_printf("%s.%s", name, extension);
    append_command(script, "set output", file);
    g_free(file);
}

/* Appends "array NAME[N] = ['label', ...]" and a line end: the labels as the chart shows
 * them (the x axis's, the key's), from the script, where a string holds any text as
 * written; a data file's field cannot hold a double quote. */
static void append_array(GString *script, const char *name, const GPtrArray *labels)
{
    g_string_append_printf(script, "array %s[%u] = [", name, labels->len);
    for (guint l = 0; l < labels->len; l++) {
        if (l)
            g_string_append(script, ", ");
        fsbb_gnuplot_append_string(script, g_ptr_array_index(labels, l));
    }
    g_string_append(script, "]\n");
}

/* The length of the longest label, in characters (a UTF-8 character as one). */
static size_t longest(const GPtrArray *labels)
{
    size_t most = 0;
    for (guint l = 0; l < labels->len; l++) {
        const char *label = g_ptr_array_index(labels, l);
        const size_t length = g_utf8_validate(label, -1, NULL) ? (size_t)g_utf8_strlen(label, -1) : strlen(label);
        most = MAX(most, length);
    }
    return most;
}

/* Whether the bars' labels are slanted: when they add up to more than a line holds, or
 * when the longest is wider than its group of bars (the plot's width shared by the groups,
 * about 8 pixels a character at the charts' font, less the key's width beside the plot). */
static int slanted_labels(const chart *c, int width)
{
    size_t total = 0;
    for (guint r = 0; r < c->rows->len; r++)
        total += strlen(g_ptr_array_index(c->rows, r)) + 2;
    const double pixels_per_character = 8;
    const double key = c->series->len > 1 ? pixels_per_character * (double)longest(c->series) + 60 : 0;
    const double group = (width - 140 - key) / (double)MAX(c->rows->len, 1u);
    return total > 70 || pixels_per_character * (double)longest(c->rows) > group;
}

/* A numeric parameter value as gnuplot reads numbers. */
static void append_number(GString *out, const char *value)
{
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(out, g_ascii_dtostr(number, sizeof number, g_ascii_strtod(value, NULL)));
}

static char *script_of(const chart *c)
{
    GString *script = g_string_new(NULL);
    const int width = c->rows->len > 12 && !c->lines ? 1200 : 960;
    const int height = 540;
    char *data_name = g_strdup_printf("%s.dat", c->name);
    g_string_append_printf(script, "# %s.gp: drawn by flowshop-sweep plot from %s\n", c->name, data_name);
    append_terminal(script, "pngcairo", c->name, "png", width, height);
    g_string_append(script, "set datafile missing '?'\nset grid ytics lc rgb '#dddddd'\nset border 3\n"
                            "set tics nomirror\n");
    append_command(script, "set title", c->title);
    append_command(script, "set xlabel", c->x_label);
    append_command(script, "set ylabel", c->y_label);
    /* The data's first line is its header; the key's titles come from the array series. */
    g_string_append(script, "set key autotitle columnheader\n");
    if (c->series->len > 1)
        g_string_append(script, "set key outside right top vertical Left reverse\n");
    else
        g_string_append(script, "unset key\n");
    double least, most;
    values_range(c, &least, &most);
    const int log_y = isfinite(least) && most / least > 50;
    g_string_append_printf(script, "set format y '%s'\n", strcmp(c->y_label, "nodes/s") == 0 ? "%.0s%c" : "%g");
    if (log_y)
        g_string_append_printf(script, "set logscale y\nset yrange [%g:%g]\n", least / 2, most * 2);
    else
        g_string_append(script, "set yrange [0:*]\n");
    const int columns = (int)c->series->len + 1;
    append_array(script, "series", c->series);
    if (c->lines) {
        const double first = g_ascii_strtod(g_ptr_array_index(c->rows, 0), NULL);
        const double last = g_ascii_strtod(g_ptr_array_index(c->rows, c->rows->len - 1), NULL);
        if (first > 0 && last / first >= 8)
            g_string_append(script, "set logscale x 2\n");
        g_string_append(script, "set xtics (");
        for (guint r = 0; r < c->rows->len; r++) {
            if (r)
                g_string_append(script, ", ");
            fsbb_gnuplot_append_string(script, g_ptr_array_index(c->rows, r));
            g_string_append_c(script, ' ');
            append_number(script, g_ptr_array_index(c->rows, r));
        }
        g_string_append_printf(script, ")\nset offsets graph 0.03, graph 0.03, 0, 0\nplot for [c=2:%d] ", columns);
        fsbb_gnuplot_append_string(script, data_name);
        g_string_append(script, " using 1:c with linespoints lw 2 pt 7 ps 1.2 title series[c - 1]\n");
    } else {
        g_string_append(script, "set style data histograms\nset style histogram clustered gap 1\n"
                                "set style fill solid 0.85 border -1\nset boxwidth 0.9\n");
        append_array(script, "xlabels", c->rows);
        if (slanted_labels(c, width)) {
            /* A slanted label ends under its bar and reaches left by about cos 25° of its
             * length: the left margin makes room for the first one. */
            const size_t first_length = c->rows->len ? strlen(g_ptr_array_index(c->rows, 0)) : 0;
            g_string_append_printf(script, "set xtics rotate by 25 right\nset lmargin %d\n",
                                   MAX(10, (int)(0.85 * (double)first_length)));
        }
        g_string_append_printf(script, "plot for [c=2:%d] ", columns);
        fsbb_gnuplot_append_string(script, data_name);
        g_string_append(script, " using c:xtic(xlabels[int(column(0)) + 1]) title series[c - 1]\n");
    }
    append_terminal(script, "svg", c->name, "svg", width, height);
    g_string_append(script, "replot\n");
    g_free(data_name);
    return g_string_free(script, FALSE);
}

static char *data_of(const chart *c)
{
    GString *data = g_string_new(NULL);
    fsbb_gnuplot_append_data_field(data, c->x_label);
    for (guint s = 0; s < c->series->len; s++) {
        g_string_append_c(data, ' ');
        fsbb_gnuplot_append_data_field(data, g_ptr_array_index(c->series, s));
    }
    g_string_append_c(data, '\n');
    for (guint r = 0; r < c->rows->len; r++) {
        if (c->lines)
            append_number(data, g_ptr_array_index(c->rows, r));
        else
            fsbb_gnuplot_append_data_field(data, g_ptr_array_index(c->rows, r));
        for (guint s = 0; s < c->series->len; s++) {
            const double v = *cell((chart *)c, r, s);
            if (isnan(v))
                g_string_append(data, " ?");
            else
                g_string_append_printf(data, " %.6g", v);
        }
        g_string_append_c(data, '\n');
    }
    return g_string_free(data, FALSE);
}

/* Writes the chart's .dat and .gp into plots and runs gnuplot there; 0 on success. */
static int draw(const chart *c, const char *plots, const char *gnuplot)
{
    char *data = data_of(c), *script = script_of(c);
    char *data_name = g_strdup_printf("%s.dat", c->name), *script_name = g_strdup_printf("%s.gp", c->name);
    char *data_path = g_build_filename(plots, data_name, NULL), *script_path = g_build_filename(plots, script_name, NULL);
    GError *error = NULL;
    int ok = g_file_set_contents(data_path, data, -1, &error) && g_file_set_contents(script_path, script, -1, &error);
    char *errors = NULL;
    int wait_status = 0;
    if (ok) {
        char *argv[] = {(char *)gnuplot, script_name, NULL};
        ok = g_spawn_sync(plots, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &errors, &wait_status,
                          &error) &&
             g_spawn_check_wait_status(wait_status, &error);
    }
    if (!ok || (errors && errors[0]))
        fprintf(stderr, "flowshop-sweep: chart %s: %s%s", c->name, error ? error->message : "",
                errors && errors[0] ? errors : "\n");
    else
        printf("%s/%s.png\n", plots, c->name);
    if (error)
        g_error_free(error);
    g_free(errors);
    g_free(data);
    g_free(script);
    g_free(data_name);
    g_free(script_name);
    g_free(data_path);
    g_free(script_path);
    return ok ? 0 : 1;
}

/* What the charts are made from. */
typedef struct sweep_data {
    const char *name;
    const fsbb_sweep_layout *layout;
    GPtrArray *configs;
    int *varying;
    GHashTable *shared;         /* instances every combination ran */
    int repeats;                /* most runs of one configuration */
    int limited;                /* configurations with a run stopped before its search's end */
} sweep_data;

static const char *variant_or_all(const fsbb_sweep_config *config)
{
    return config->variant[0] ? config->variant : "all runs";
}

static char *note(const sweep_data *d)
{
    return d->limited ? g_strdup_printf("\n(%d configurations stopped before the search's end (a limit, a gap "
                                        "or the heuristic's budget): their time is the time to that stop)",
                                        d->limited)
                      : g_strdup("");
}

static chart *time_per_instance(const sweep_data *d)
{
    char *limits = note(d);
    chart *c = chart_new(g_strdup("time-per-instance"),
                         g_strdup_printf("%s: time to solve, median of %d run%s%s", d->name, d->repeats,
                                         d->repeats == 1 ? "" : "s", limits),
                         "instance", "time (s)", 0);
    g_free(limits);
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        index_of(c->rows, config->instance);
        index_of(c->series, variant_or_all(config));
    }
    chart_allocate(c);
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        *cell(c, index_of(c->rows, config->instance), index_of(c->series, variant_or_all(config))) =
            config->time_median;
    }
    return c;
}

static chart *rate_per_class(const sweep_data *d)
{
    chart *c = chart_new(g_strdup("rate-per-class"),
                         g_strdup_printf("%s: nodes per second by instance class (all nodes / all time)", d->name),
                         "instance class (jobs x machines)", "nodes/s", 0);
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        char *class_name = g_strdup_printf("%dx%d", config->jobs, config->machines);
        index_of(c->rows, class_name);
        index_of(c->series, variant_or_all(config));
        g_free(class_name);
    }
    chart_allocate(c);
    /* A rate from a solve of a few nodes in a millisecond is noise: the class's rate is its
     * total work over its total time, dominated by the runs that searched. */
    GArray *times = g_array_copy(c->values);
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        char *class_name = g_strdup_printf("%dx%d", config->jobs, config->machines);
        const guint row = index_of(c->rows, class_name), series = index_of(c->series, variant_or_all(config));
        accumulate(c, row, series, config->nodes_median);
        double *time = &g_array_index(times, double, row * c->series->len + series);
        *time = isnan(*time) ? config->time_median : *time + config->time_median;
        g_free(class_name);
    }
    for (guint i = 0; i < c->values->len; i++) {
        double *rate = &g_array_index(c->values, double, i);
        const double time = g_array_index(times, double, i);
        *rate = time > 0 ? *rate / time : NAN;
    }
    g_array_unref(times);
    return c;
}

/* The other varying parameters of a configuration, as "name=value ...", or "all". */
static char *others_of(const sweep_data *d, const fsbb_sweep_config *config, int parameter)
{
    GString *others = g_string_new(NULL);
    for (int p = 0; p < d->layout->parameter_count; p++)
        if (d->varying[p] && p != parameter)
            g_string_append_printf(others, "%s%s=%s", others->len ? " " : "", d->layout->parameters[p],
                                   config->values[p]);
    if (others->len == 0)
        g_string_append(others, "all");
    return g_string_free(others, FALSE);
}

static int numeric_parameter(const sweep_data *d, int parameter)
{
    for (guint i = 0; i < d->configs->len; i++) {
        const char *value = ((fsbb_sweep_config *)g_ptr_array_index(d->configs, i))->values[parameter];
        char *end;
        const double number = g_ascii_strtod(value, &end);
        if (end == value || *end || !isfinite(number))
            return 0;
    }
    return 1;
}

static int compare_numbers(gconstpointer a, gconstpointer b)
{
    const double x = g_ascii_strtod(*(char *const *)a, NULL), y = g_ascii_strtod(*(char *const *)b, NULL);
    return (x > y) - (x < y);
}

/* Total time per value of parameter: a line chart against it when numeric, bars else. */
static chart *time_by_parameter(const sweep_data *d, int parameter)
{
    const char *name = d->layout->parameters[parameter];
    const int lines = numeric_parameter(d, parameter);
    char *limits = note(d);
    chart *c = chart_new(g_strdup_printf("time-%s-%s", lines ? "vs" : "by", name),
                         g_strdup_printf("%s: total time over %u instance%s by %s%s", d->name,
                                         g_hash_table_size(d->shared), g_hash_table_size(d->shared) == 1 ? "" : "s",
                                         name, limits),
                         lines ? name : "other parameters", "total time (s)", lines);
    g_free(limits);
    /* Lines: rows are the values of the parameter, series the other combinations.
     * Bars: rows are the other combinations, series the values. */
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        char *others = others_of(d, config, parameter);
        index_of(lines ? c->rows : c->series, config->values[parameter]);
        index_of(lines ? c->series : c->rows, others);
        g_free(others);
    }
    if (lines)
        g_ptr_array_sort(c->rows, compare_numbers);
    chart_allocate(c);
    for (guint i = 0; i < d->configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d->configs, i);
        if (!g_hash_table_contains(d->shared, config->instance))
            continue;
        char *others = others_of(d, config, parameter);
        const guint value = index_of(lines ? c->rows : c->series, config->values[parameter]);
        const guint other = index_of(lines ? c->series : c->rows, others);
        accumulate(c, lines ? value : other, lines ? other : value, config->time_median);
        g_free(others);
    }
    return c;
}

static sweep_data gather(const char *dir, const fsbb_sweep_layout *layout, GPtrArray *rows, char **name)
{
    sweep_data d = {.layout = layout};
    *name = g_path_get_basename(dir);
    d.name = *name;
    d.varying = g_new0(int, (gsize)layout->parameter_count + 1);
    d.configs = fsbb_sweep_configurations(layout, rows, d.varying);
    d.shared = fsbb_sweep_shared_instances(d.configs);
    for (guint i = 0; i < d.configs->len; i++) {
        const fsbb_sweep_config *config = g_ptr_array_index(d.configs, i);
        d.repeats = MAX(d.repeats, config->runs);
        d.limited += config->stopped_runs > 0;
    }
    return d;
}

static int has_values(const chart *c)
{
    for (guint i = 0; i < c->values->len; i++)
        if (!isnan(g_array_index(c->values, double, i)))
            return 1;
    return 0;
}

/* Draws c unless it has too many series or nothing to draw; frees it. Returns 1 on a
 * failure. */
static int draw_and_free(chart *c, const char *plots, const char *gnuplot)
{
    int failed = 0;
    if (c->series->len > MAX_SERIES)
        fprintf(stderr, "flowshop-sweep: chart %s skipped: %u series are too many for one chart\n", c->name,
                c->series->len);
    else if (!has_values(c))
        fprintf(stderr, "flowshop-sweep: chart %s skipped: no instance ran every combination\n", c->name);
    else
        failed = draw(c, plots, gnuplot);
    chart_free(c);
    return failed;
}

/* Removes the charts of an earlier plot, which the runs may no longer call for. */
static void remove_old_charts(const char *plots)
{
    GDir *listing = g_dir_open(plots, 0, NULL);
    const char *name;
    while (listing && (name = g_dir_read_name(listing))) {
        if (!g_str_has_suffix(name, ".png") && !g_str_has_suffix(name, ".svg") && !g_str_has_suffix(name, ".dat") &&
            !g_str_has_suffix(name, ".gp"))
            continue;
        char *path = g_build_filename(plots, name, NULL);
        g_remove(path);
        g_free(path);
    }
    if (listing)
        g_dir_close(listing);
}

/* Says which rows of runs.csv the charts leave out. */
static void warn_bad_rows(const char *dir, const GPtrArray *bad_rows)
{
    for (guint b = 0; b < bad_rows->len; b++) {
        const fsbb_sweep_bad_row *bad = g_ptr_array_index(bad_rows, b);
        fprintf(stderr, "flowshop-sweep: warning: %s/runs.csv:%d: %s; the charts leave the row out\n", dir, bad->line,
                bad->problem);
    }
}

static int draw_all(const char *dir, const fsbb_sweep_table *table, const char *plots, const char *gnuplot)
{
    remove_old_charts(plots);
    char *name;
    sweep_data d = gather(dir, table->layout, table->rows, &name);
    int failures = draw_and_free(time_per_instance(&d), plots, gnuplot);
    failures += draw_and_free(rate_per_class(&d), plots, gnuplot);
    for (int p = 0; p < table->layout->parameter_count; p++)
        if (d.varying[p])
            failures += draw_and_free(time_by_parameter(&d, p), plots, gnuplot);
    g_hash_table_destroy(d.shared);
    g_ptr_array_free(d.configs, TRUE);
    g_free(d.varying);
    g_free(name);
    return failures ? SWEEP_PLOT_FAILED : SWEEP_PLOT_DONE;
}

int sweep_plot(const char *dir)
{
    fsbb_sweep_table table;
    fsbb_error err;
    if (fsbb_sweep_folder_read(dir, &table, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return SWEEP_PLOT_BAD_FOLDER;
    }
    warn_bad_rows(dir, table.bad_rows);
    char *plots = g_build_filename(dir, "plots", NULL), *gnuplot = NULL;
    GStatBuf info;
    int result;
    if (table.rows->len == 0) {
        fprintf(stderr, "flowshop-sweep: %s/runs.csv has no runs to plot\n", dir);
        result = SWEEP_PLOT_FAILED;
    } else if (g_lstat(plots, &info) == 0 && !S_ISDIR(info.st_mode)) {
        /* A link would take the charts, and the removal of old ones, elsewhere. */
        fprintf(stderr, "flowshop-sweep: %s is not a folder (a link or a file): the charts go into a folder of "
                        "their own\n",
                plots);
        result = SWEEP_PLOT_BAD_FOLDER;
    } else if (!(gnuplot = g_find_program_in_path("gnuplot"))) {
        fprintf(stderr, "flowshop-sweep: gnuplot not found, no charts drawn (install gnuplot-nox, then run "
                        "flowshop-sweep plot %s)\n",
                dir);
        result = SWEEP_PLOT_NO_GNUPLOT;
    } else if (g_mkdir(plots, 0755) != 0 && errno != EEXIST) {
        fprintf(stderr, "flowshop-sweep: cannot create %s: %s\n", plots, g_strerror(errno));
        result = SWEEP_PLOT_FAILED;
    } else {
        result = draw_all(dir, &table, plots, gnuplot);
    }
    fsbb_sweep_table_clear(&table);
    g_free(plots);
    g_free(gnuplot);
    return result;
}
