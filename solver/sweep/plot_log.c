/* plot_log.c — the chart of a progress log (plot_log.h). gnuplot runs in a folder of its
 * own with fixed file names (the script, the image), so that no path given by the user
 * reaches it; the image is then copied to the output. Text from the log (the instance,
 * engine and device names) reaches the script through sweep_gnuplot.h; every other value
 * is a number written here. */
#include "plot_log.h"

#include "plot.h"
#include "progress_log_read.h"
#include "sweep_gnuplot.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

char *sweep_plot_log_default_output(const char *log_path)
{
    static const char *const extensions[] = {".jsonl", ".json", ".log"};
    for (size_t e = 0; e < G_N_ELEMENTS(extensions); e++)
        if (g_str_has_suffix(log_path, extensions[e]))
            return g_strdup_printf("%.*s.svg", (int)(strlen(log_path) - strlen(extensions[e])), log_path);
    return g_strdup_printf("%s.svg", log_path);
}

/* What the chart spans: the time axis and the makespans, NAN where none is known. */
typedef struct log_extent {
    double end_s;                 /* the last moment of the log */
    double forecast_from_s, forecast_fraction, forecast_end_s;  /* the last line with a forecast */
    double least, most;           /* of the incumbents and bounds */
    int incumbents, bounds, fractions;
} log_extent;

static log_extent extent_of(const fsbb_log *log)
{
    log_extent x = {.forecast_end_s = NAN, .least = INFINITY, .most = -INFINITY};
    for (guint i = 0; i < log->points->len; i++) {
        const fsbb_log_point *p = &g_array_index(log->points, fsbb_log_point, i);
        x.end_s = MAX(x.end_s, p->time_s);
        const double values[] = {p->incumbent, p->lower_bound};
        for (int v = 0; v < 2; v++)
            if (isfinite(values[v])) {
                x.least = MIN(x.least, values[v]);
                x.most = MAX(x.most, values[v]);
            }
        x.incumbents += isfinite(p->incumbent);
        x.bounds += isfinite(p->lower_bound);
        x.fractions += isfinite(p->fraction_done);
        if (isfinite(p->eta_s) && isfinite(p->fraction_done)) {
            x.forecast_from_s = p->time_s;
            x.forecast_fraction = p->fraction_done;
            x.forecast_end_s = p->time_s + p->eta_s;
        }
    }
    return x;
}

static void append_number(GString *out, double value)
{
    if (!isfinite(value)) {
        g_string_append(out, "?");
        return;
    }
    char number[G_ASCII_DTOSTR_BUF_SIZE];
    g_string_append(out, g_ascii_formatd(number, sizeof number, "%.10g", value));
}

/* The points as a datablock: time, incumbent, lower bound, percent done ('?': unknown). */
static void append_data(GString *script, const fsbb_log *log)
{
    g_string_append(script, "$log << EOD\n");
    for (guint i = 0; i < log->points->len; i++) {
        const fsbb_log_point *p = &g_array_index(log->points, fsbb_log_point, i);
        const double row[] = {p->time_s, p->incumbent, p->lower_bound, 100 * p->fraction_done};
        for (size_t c = 0; c < G_N_ELEMENTS(row); c++) {
            if (c)
                g_string_append_c(script, ' ');
            append_number(script, row[c]);
        }
        g_string_append_c(script, '\n');
    }
    g_string_append(script, "EOD\n");
}

static char *title_of(const fsbb_log *log)
{
    GString *title = g_string_new(log->instance ? log->instance : "(instance not logged)");
    if (log->jobs > 0)
        g_string_append_printf(title, " (%d jobs x %d machines)", log->jobs, log->machines);
    if (log->engine)
        g_string_append_printf(title, ", %s engine", log->engine);
    if (log->device && strcmp(log->device, "cpu") != 0)
        g_string_append_printf(title, " on %s", log->device);
    if (!log->has_result)
        g_string_append(title, ", log cut short (no result line)");
    else if (log->optimal)
        g_string_append(title, ", optimum proven");
    return g_string_free(title, FALSE);
}

/* Appends "set KEY 'text'". */
static void append_set_text(GString *script, const char *key, const char *text)
{
    g_string_append_printf(script, "set %s ", key);
    fsbb_gnuplot_append_string(script, text);
    g_string_append_c(script, '\n');
}

/* A vertical line at x across the panel, labelled along it, centred on the panel's middle
 * (so that a long label reaches neither axis). */
static void append_marker(GString *script, int tag, double x, const char *label, const char *colour, int dashed)
{
    g_string_append_printf(script, "set arrow %d from ", tag);
    append_number(script, x);
    g_string_append(script, ", graph 0 to ");
    append_number(script, x);
    g_string_append_printf(script, ", graph 1 nohead lc rgb '%s' lw 1.5%s\n", colour, dashed ? " dt 2" : "");
    g_string_append_printf(script, "set label %d ", tag);
    fsbb_gnuplot_append_string(script, label);
    g_string_append(script, " at ");
    append_number(script, x);
    g_string_append_printf(script, ", graph 0.5 rotate by 90 center offset -1.2, 0 textcolor rgb '%s'\n", colour);
}

static void append_makespans(GString *script, const log_extent *x)
{
    append_set_text(script, "ylabel", "makespan");
    g_string_append(script, "set format x ''\nunset xlabel\n");
    if (x->incumbents + x->bounds == 0) {
        append_set_text(script, "label 1", "no incumbent or lower bound in the log");
        g_string_append(script, "set label 1 at graph 0.5, graph 0.5 center\nset yrange [0:1]\n"
                                "plot -1 notitle\nunset label 1\n");
        return;
    }
    const double pad = MAX(1.0, 0.02 * (x->most - x->least));
    g_string_append(script, "set yrange [");
    append_number(script, x->least - pad);
    g_string_append_c(script, ':');
    append_number(script, x->most + pad);
    g_string_append(script, "]\nplot ");
    /* Steps from each value to the next, and a point at each (a value logged once shows). */
    if (x->incumbents)
        g_string_append(script, "$log using 1:2 with steps lw 2 lc rgb '#1f77b4' title 'incumbent', "
                                "$log using 1:2 with points pt 7 ps 0.5 lc rgb '#1f77b4' notitle");
    if (x->incumbents && x->bounds)
        g_string_append(script, ", ");
    if (x->bounds)
        g_string_append(script, "$log using 1:3 with steps lw 2 lc rgb '#d62728' title 'lower bound', "
                                "$log using 1:3 with points pt 7 ps 0.5 lc rgb '#d62728' notitle");
    else
        g_string_append(script, ", NaN with lines lc rgb '#d62728' title 'lower bound: not logged'");
    g_string_append_c(script, '\n');
}

static void append_fractions(GString *script, const fsbb_log *log, const log_extent *x)
{
    append_set_text(script, "ylabel", "tree done (%)");
    append_set_text(script, "xlabel", "time (s)");
    g_string_append(script, "set format x '%g'\nset yrange [0:100]\n");
    char text[96];
    if (isfinite(x->forecast_end_s)) {
        g_snprintf(text, sizeof text, "forecast end %.4g s", x->forecast_end_s);
        append_marker(script, 2, x->forecast_end_s, text, "#ff7f0e", 1);
    }
    if (log->has_result) {
        g_snprintf(text, sizeof text, "%s %.4g s", log->optimal ? "end" : "stopped", x->end_s);
        append_marker(script, 3, x->end_s, text, "#2ca02c", 0);
    }
    if (x->fractions == 0) {
        append_set_text(script, "label 1", "fraction of the tree done: not in the log");
        g_string_append(script, "set label 1 at graph 0.5, graph 0.5 center\nplot -1 notitle\n");
        return;
    }
    g_string_append(script, "plot $log using 1:4 with linespoints lw 2 pt 7 ps 0.5 lc rgb '#1f77b4' "
                            "title 'tree done'");
    if (isfinite(x->forecast_end_s)) {
        /* The forecast: from the last line that made one, straight to the whole tree. */
        g_string_append(script, ", '+' using (");
        append_number(script, x->forecast_from_s);
        g_string_append(script, " + $0 * (");
        append_number(script, x->forecast_end_s - x->forecast_from_s);
        g_string_append(script, ")):(");
        append_number(script, 100 * x->forecast_fraction);
        g_string_append(script, " + $0 * (");
        append_number(script, 100 * (1 - x->forecast_fraction));
        g_string_append(script, ")) every ::0::1 with lines dt 2 lw 1.5 lc rgb '#ff7f0e' title 'forecast'");
    }
    g_string_append_c(script, '\n');
}

static char *script_of(const fsbb_log *log, const char *terminal, const char *image)
{
    const log_extent x = extent_of(log);
    GString *script = g_string_new("# drawn by flowshop-sweep plot-log\n");
    if (strcmp(terminal, "svg") == 0)
        g_string_append(script, "set terminal svg size 960,720 noenhanced font 'DejaVu Sans,11' dynamic "
                                "background '#ffffff'\n");
    else
        g_string_append(script, "set terminal pngcairo size 960,720 noenhanced font 'DejaVu Sans,11'\n");
    append_set_text(script, "output", image);
    append_data(script, log);
    double right = MAX(x.end_s, isfinite(x.forecast_end_s) ? x.forecast_end_s : 0);
    right = right > 0 ? right * 1.03 : 1;
    g_string_append(script, "set datafile missing '?'\nset grid lc rgb '#dddddd'\nset border 3\n"
                            "set tics nomirror\nset key left top\nset xrange [0:");
    append_number(script, right);
    g_string_append(script, "]\nset lmargin 12\nset rmargin 4\n");
    char *title = title_of(log);
    g_string_append(script, "set multiplot layout 2, 1 title ");
    fsbb_gnuplot_append_string(script, title);
    g_string_append_c(script, '\n');
    g_free(title);
    append_makespans(script, &x);
    g_string_append(script, "unset yrange\n");
    append_fractions(script, log, &x);
    g_string_append(script, "unset multiplot\nset output\n");
    return g_string_free(script, FALSE);
}

/* A path as plot-log's messages show it: as it is when made of characters no shell reads
 * specially, else in single quotes (each ' as '\''), so that the message shows where the
 * name ends; control characters escaped (\n, \xNN), so that it stays one line. Free with
 * g_free. */
static char *shown(const char *path)
{
    const char *plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+=:,@%";
    const int quoted = !path[0] || strspn(path, plain) != strlen(path);
    GString *out = g_string_new(quoted ? "'" : "");
    for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
        if (*c == '\'')
            g_string_append(out, "'\\''");
        else if (*c == '\n')
            g_string_append(out, "\\n");
        else if (*c < 0x20 || *c == 0x7f)
            g_string_append_printf(out, "\\x%02x", *c);
        else
            g_string_append_c(out, (char)*c);
    }
    if (quoted)
        g_string_append_c(out, '\'');
    return g_string_free(out, FALSE);
}

/* Runs gnuplot on script in folder; 1 when it made the image without a word on stderr. */
static int run_gnuplot(const char *gnuplot, const char *folder, const char *script_text)
{
    char *script_path = g_build_filename(folder, "log.gp", NULL);
    GError *error = NULL;
    char *errors = NULL;
    int wait_status = 0;
    char *argv[] = {(char *)gnuplot, "log.gp", NULL};
    const int ok = g_file_set_contents(script_path, script_text, -1, &error) &&
                   g_spawn_sync(folder, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &errors,
                                &wait_status, &error) &&
                   g_spawn_check_wait_status(wait_status, &error) && !(errors && errors[0]);
    if (!ok)
        fprintf(stderr, "flowshop-sweep: plot-log: gnuplot: %s%s", error ? error->message : "",
                errors && errors[0] ? errors : "\n");
    g_clear_error(&error);
    g_free(errors);
    g_free(script_path);
    return ok;
}

/* Moves the image made in folder to output (written whole, then renamed). */
static int deliver(const char *image_path, const char *output)
{
    char *image = NULL;
    gsize length = 0;
    GError *error = NULL;
    const int ok = g_file_get_contents(image_path, &image, &length, &error) &&
                   g_file_set_contents(output, image, (gssize)length, &error);
    if (!ok) {
        char *out = shown(output);
        fprintf(stderr, "flowshop-sweep: plot-log: --out %s: the chart could not be written: %s\n", out,
                error->message);
        g_free(out);
    }
    g_clear_error(&error);
    g_free(image);
    return ok;
}

static void remove_folder(const char *folder, const char *const *names)
{
    for (int n = 0; names[n]; n++) {
        char *path = g_build_filename(folder, names[n], NULL);
        g_remove(path);
        g_free(path);
    }
    g_rmdir(folder);
}

/* 1 when output's folder is one this process may write in; else says why. */
static int output_folder_ok(const char *output)
{
    char *folder = g_path_get_dirname(output);
    const char *problem = !g_file_test(folder, G_FILE_TEST_IS_DIR) ? "does not exist"
                          : g_access(folder, W_OK) != 0            ? "is not writable"
                                                                   : NULL;
    if (problem) {
        char *out = shown(output), *in = shown(folder);
        fprintf(stderr, "flowshop-sweep: plot-log: --out %s: the folder %s %s\n", out, in, problem);
        g_free(out);
        g_free(in);
    }
    g_free(folder);
    return problem == NULL;
}

/* 1 when output is the log itself: the same device and inode when both exist, else the
 * same path. */
static int is_the_log(const char *output, const char *log_path)
{
    GStatBuf chart, log;
    if (g_stat(output, &chart) == 0 && g_stat(log_path, &log) == 0)
        return chart.st_dev == log.st_dev && chart.st_ino == log.st_ino;
    return strcmp(output, log_path) == 0;
}

/* The refusal of output before the log is read (not an SVG or PNG name, a folder, the log
 * itself), or NULL. Free with g_free. */
static char *output_refusal(const char *log_path, const char *output)
{
    char *out = shown(output), *log = shown(log_path), *refusal = NULL;
    if (!g_str_has_suffix(output, ".svg") && !g_str_has_suffix(output, ".png"))
        refusal = g_strdup_printf("--out %s: expected a file name ending in .svg or .png", out);
    else if (g_file_test(output, G_FILE_TEST_IS_DIR))
        refusal = g_strdup_printf("--out %s: is a folder", out);
    else if (is_the_log(output, log_path))
        refusal = g_strdup_printf("--out %s: is the log %s itself, which the chart would replace: name another file",
                                  out, log);
    g_free(out);
    g_free(log);
    return refusal;
}

int sweep_plot_log(const char *log_path, const char *output)
{
    char *refusal = output_refusal(log_path, output);
    if (refusal) {
        fprintf(stderr, "flowshop-sweep: plot-log: %s\n", refusal);
        g_free(refusal);
        return SWEEP_PLOT_BAD_FOLDER;
    }
    if (!output_folder_ok(output))
        return SWEEP_PLOT_BAD_FOLDER;
    const char *terminal = g_str_has_suffix(output, ".svg") ? "svg" : "png";
    fsbb_log log;
    GError *error = NULL;
    if (!fsbb_log_read(log_path, &log, &error)) {
        fprintf(stderr, "flowshop-sweep: plot-log: %s\n", error->message);
        g_error_free(error);
        fsbb_log_clear(&log);
        return SWEEP_PLOT_BAD_FOLDER;
    }
    if (log.bad_lines) {
        char *log_shown = shown(log_path);
        fprintf(stderr, "flowshop-sweep: plot-log: %s: %d of %d lines are no lines of a progress log (a run "
                        "killed while writing?): left out\n",
                log_shown, log.bad_lines, log.lines);
        g_free(log_shown);
    }
    char *gnuplot = g_find_program_in_path("gnuplot");
    char *folder = NULL;
    int result = SWEEP_PLOT_DONE;
    if (!gnuplot) {
        fprintf(stderr, "flowshop-sweep: gnuplot not found, no chart drawn (install gnuplot-nox, then run "
                        "flowshop-sweep plot-log again)\n");
        result = SWEEP_PLOT_NO_GNUPLOT;
    } else if (!(folder = g_dir_make_tmp("flowshop-plot-log-XXXXXX", &error))) {
        fprintf(stderr, "flowshop-sweep: plot-log: %s\n", error->message);
        g_error_free(error);
        result = SWEEP_PLOT_FAILED;
    } else {
        const char *image = strcmp(terminal, "svg") == 0 ? "log.svg" : "log.png";
        char *script = script_of(&log, terminal, image);
        char *image_path = g_build_filename(folder, image, NULL);
        if (!run_gnuplot(gnuplot, folder, script) || !deliver(image_path, output))
            result = SWEEP_PLOT_FAILED;
        else
            printf("%s\n", output);
        static const char *const made[] = {"log.gp", "log.svg", "log.png", NULL};
        remove_folder(folder, made);
        g_free(image_path);
        g_free(script);
    }
    g_free(folder);
    g_free(gnuplot);
    fsbb_log_clear(&log);
    return result;
}
