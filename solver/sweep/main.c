/* main.c — the flowshop-sweep command: runs a sweep file's experiments through the
 * library into a results folder (runs.csv, runs.jsonl, summary.md, sweep.ini), resuming
 * where an earlier run stopped; draws its charts with gnuplot.
 *   flowshop-sweep [--out DIR] [--force] [--plot] [--quiet] SWEEP.ini
 *   flowshop-sweep plot DIR        charts of a results folder (also one copied back)
 *   flowshop-sweep summary DIR     rewrite DIR/summary.md from DIR/runs.csv
 *   flowshop-sweep plot-log [--out FILE.svg|FILE.png] LOG
 *                                  the chart of a progress log (flowshop-bb --log LOG)
 * Exit status: 0 every planned run is stored, 1 some runs failed, a chart failed or a file
 * could not be written, 2 bad usage, sweep file or results folder (also a folder given to
 * plot or summary that is none, a log given to plot-log that is none or an --out folder that
 * is missing or not writable), 3 interrupted by
 * SIGINT, SIGTERM or SIGHUP (the terminal closed; SIGHUP ignored at the start, as under nohup,
 * stays ignored). */
#include "plot.h"
#include "plot_log.h"
#include "progress.h"
#include "sweep_copy.h"
#include "sweep_plan.h"
#include "sweep_run.h"
#include "sweep_spec.h"
#include "sweep_store.h"
#include "sweep_summary.h"

#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_DONE = 0, EXIT_FAILED = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 3 };

typedef struct sweep_args {
    gchar *out;
    gboolean force, plot, quiet, dry_run;
} sweep_args;

/* The sweep being executed, for the signal handler: the only state a handler may reach. */
static fsbb_sweep *volatile running_sweep;

static void on_signal(int signal_number)
{
    /* A second signal ends the program at once; a torn row is dropped on the next start. */
    signal(signal_number, SIG_DFL);
    fsbb_sweep *sweep = running_sweep;
    if (sweep)
        fsbb_sweep_interrupt(sweep);
}

/* Keeps a copy of the sweep file in the results folder, which then documents itself; an
 * earlier copy with other contents is kept too. */
static void keep_sweep_file(const char *sweep_path, const char *dir)
{
    char *text = NULL, *kept_as = NULL;
    gsize length = 0;
    GError *error = NULL;
    fsbb_error err;
    if (!g_file_get_contents(sweep_path, &text, &length, &error)) {
        fprintf(stderr, "flowshop-sweep: %s (no copy in %s)\n", error->message, dir);
        g_error_free(error);
    } else if (fsbb_sweep_copy_keep(dir, text, length, &kept_as, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
    } else if (kept_as) {
        fprintf(stderr, "flowshop-sweep: %s/sweep.ini was another sweep file: kept as %s\n", dir, kept_as);
    }
    g_free(kept_as);
    g_free(text);
}

/* Keeps a summary.md that is not this sweep's (the user's, or another sweep's) as
 * summary.N.md before the sweep writes its own; 0 when it could not be kept. */
static int keep_summary(const char *dir, const char *title, int other_runs)
{
    char *kept_as = NULL;
    fsbb_error err;
    const fsbb_status status = fsbb_sweep_copy_keep_summary(dir, title, other_runs, &kept_as, &err);
    if (status != FSBB_OK)
        fprintf(stderr, "flowshop-sweep: %s: the sweep would replace it\n", err.message);
    else if (kept_as)
        fprintf(stderr, "flowshop-sweep: %s/summary.md was not this sweep's: kept as %s\n", dir, kept_as);
    g_free(kept_as);
    return status == FSBB_OK;
}

/* Says which rows of dir's runs.csv were left out, and what became of them. */
static void warn_bad_rows(const GPtrArray *bad_rows, const char *dir, const char *fate)
{
    for (guint b = 0; bad_rows && b < bad_rows->len; b++) {
        const fsbb_sweep_bad_row *bad = g_ptr_array_index(bad_rows, b);
        fprintf(stderr, "flowshop-sweep: warning: %s/runs.csv:%d: %s; %s\n", dir, bad->line, bad->problem, fate);
    }
}

/* Writes dir/summary.md from table, dir/runs.csv as read, and spec (NULL: not known); 1 when it
 * is written. */
static int write_summary(const char *dir, const fsbb_sweep_table *table, const char *title, const char *description,
                         const fsbb_sweep_spec *spec)
{
    fsbb_error err;
    if (fsbb_sweep_summary_write(dir, table, title, description, spec, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return 0;
    }
    return 1;
}

/* The summary at the end of a sweep, which has warned of bad rows when it started. */
static int summarise_sweep(const char *dir, const fsbb_sweep_spec *spec)
{
    fsbb_sweep_table table;
    fsbb_error err;
    if (fsbb_sweep_folder_read(dir, &table, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return 0;
    }
    const int written = write_summary(dir, &table, spec->name, spec->description, spec);
    fsbb_sweep_table_clear(&table);
    return written;
}

static void print_notes(const fsbb_sweep *sweep, const fsbb_sweep_spec *spec, const char *dir)
{
    if (fsbb_sweep_moved_aside(sweep)) {
        char *csv = fsbb_sweep_old_name(fsbb_sweep_moved_aside(sweep), "csv");
        char *jsonl = fsbb_sweep_old_name(fsbb_sweep_moved_aside(sweep), "jsonl");
        fprintf(stderr, "flowshop-sweep: %s held another sweep's runs: kept as %s and %s\n", dir, csv, jsonl);
        g_free(csv);
        g_free(jsonl);
    }
    if (fsbb_sweep_dropped_torn_row(sweep))
        fprintf(stderr, "flowshop-sweep: dropped a half-written last row of %s/runs.csv; it is run again\n", dir);
    warn_bad_rows(fsbb_sweep_bad_rows(sweep), dir, "the row is kept in runs.rejected.csv and its run done again");
    const long total = fsbb_sweep_total(sweep), pending = fsbb_sweep_pending(sweep);
    fprintf(stderr, "flowshop-sweep: %s: %ld runs, %ld stored, %ld to run, results in %s\n", spec->name, total,
            total - pending, pending, dir);
}

/* --dry-run: what a sweep would do, changing nothing. */
static int check_only(const fsbb_sweep_spec *spec, const char *dir)
{
    long stored = 0;
    GPtrArray *bad_rows = NULL;
    fsbb_error err;
    if (fsbb_sweep_check(spec, dir, &stored, &bad_rows, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return EXIT_USAGE;
    }
    warn_bad_rows(bad_rows, dir, "the sweep would keep the row in runs.rejected.csv and do its run again");
    if (bad_rows)
        g_ptr_array_unref(bad_rows);
    const long total = fsbb_sweep_run_count(spec);
    printf("%s: %d instances x", spec->name, spec->instance_count);
    for (int p = 0; p < spec->parameter_count; p++)
        printf(" %d %s x", spec->parameters[p].value_count, spec->parameters[p].name);
    printf(" %d repeats = %ld runs, %ld stored in %s, %ld to run\n", spec->repeats, total, stored, dir,
           total - stored);
    return EXIT_DONE;
}

static int run_sweep(const char *sweep_path, const sweep_args *args)
{
    fsbb_error err;
    fsbb_sweep_spec *spec;
    if (fsbb_sweep_spec_load(sweep_path, &spec, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return EXIT_USAGE;
    }
    char *dir = args->out ? g_strdup(args->out) : g_build_filename("results", spec->name, NULL);
    fsbb_sweep *sweep = NULL;
    int exit_status = EXIT_USAGE;
    if (args->dry_run) {
        exit_status = check_only(spec, dir);
        goto done;
    }
    if (fsbb_sweep_new(spec, dir, args->force, &sweep, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        if (err.code == FSBB_ERR_CHECKPOINT)
            fprintf(stderr, "flowshop-sweep: use --out DIR for a new folder, or --force to start this one over "
                            "(the old files are kept as runs.old.csv and runs.old.jsonl, or runs.old.2.csv, ... when those exist)\n");
        goto done;
    }
    print_notes(sweep, spec, dir);
    keep_sweep_file(sweep_path, dir);
    if (!keep_summary(dir, spec->name, fsbb_sweep_moved_aside(sweep))) {
        exit_status = EXIT_FAILED;
        goto done;
    }
    sweep_progress progress;
    sweep_progress_init(&progress, spec, args->quiet);
    const fsbb_sweep_callbacks callbacks = sweep_progress_callbacks(&progress);
    running_sweep = sweep;
    struct sigaction hangup;
    const gboolean hangup_taken = sigaction(SIGHUP, NULL, &hangup) != 0 || hangup.sa_handler != SIG_IGN;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (hangup_taken)
        signal(SIGHUP, on_signal);
    fsbb_sweep_report report;
    const fsbb_status status = fsbb_sweep_execute(sweep, &callbacks, &report, &err);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (hangup_taken)
        signal(SIGHUP, SIG_DFL);
    running_sweep = NULL;
    char elapsed[32];
    sweep_format_duration(g_timer_elapsed(progress.clock, NULL), elapsed, sizeof elapsed);
    sweep_progress_clear(&progress);
    const int summary_written = summarise_sweep(dir, spec);
    if (status != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        exit_status = EXIT_FAILED;
        goto done;
    }
    fprintf(stderr, "flowshop-sweep: %s: ran %ld, %ld %s stored already, %ld failed%s, in %s; see %s/summary.md\n",
            spec->name, report.ran, report.skipped, report.skipped == 1 ? "was" : "were", report.failed,
            report.interrupted ? ", interrupted" : "", elapsed, dir);
    exit_status = report.interrupted ? EXIT_INTERRUPTED : report.failed || !summary_written ? EXIT_FAILED : EXIT_DONE;
    if (args->plot && !report.interrupted && sweep_plot(dir) >= SWEEP_PLOT_FAILED && exit_status == EXIT_DONE)
        exit_status = EXIT_FAILED;
done:
    fsbb_sweep_free(sweep);
    fsbb_sweep_spec_free(spec);
    g_free(dir);
    return exit_status;
}

/* flowshop-sweep summary DIR. The folder's sweep.ini gives the summary its title and
 * description when present. */
static int summarise(const char *dir)
{
    fsbb_sweep_table table;
    fsbb_error err;
    if (fsbb_sweep_folder_read(dir, &table, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-sweep: %s\n", err.message);
        return EXIT_USAGE;
    }
    warn_bad_rows(table.bad_rows, dir, "the summary leaves the row out");
    char *copy_path = g_build_filename(dir, "sweep.ini", NULL), *name = g_path_get_basename(dir);
    fsbb_sweep_spec *spec = NULL;
    if (g_file_test(copy_path, G_FILE_TEST_EXISTS) && fsbb_sweep_spec_load(copy_path, &spec, &err) != FSBB_OK)
        fprintf(stderr, "flowshop-sweep: %s (the summary goes without its description)\n", err.message);
    const int written = write_summary(dir, &table, spec ? spec->name : name, spec ? spec->description : NULL, spec);
    if (written)
        printf("%s/summary.md\n", dir);
    fsbb_sweep_spec_free(spec);
    fsbb_sweep_table_clear(&table);
    g_free(copy_path);
    g_free(name);
    return written ? EXIT_DONE : EXIT_FAILED;
}

/* What a subcommand takes (NULL: the word names none, it is a sweep file). */
static const char *subcommand_argument(const char *word)
{
    if (strcmp(word, "plot") == 0 || strcmp(word, "summary") == 0)
        return "DIR";
    return strcmp(word, "plot-log") == 0 ? "LOG" : NULL;
}

int main(int argc, char **argv)
{
    sweep_args args = {0};
    const GOptionEntry entries[] = {
        {"out", 'o', 0, G_OPTION_ARG_FILENAME, &args.out, "Results folder (default results/NAME); plot-log: the chart's file, .svg or .png (default: LOG's name with .svg)", "DIR|FILE"},
        {"force", 0, 0, G_OPTION_ARG_NONE, &args.force, "Redo runs already stored", NULL},
        {"plot", 0, 0, G_OPTION_ARG_NONE, &args.plot, "Draw the charts with gnuplot afterwards", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &args.quiet, "No line per finished run", NULL},
        {"dry-run", 'n', 0, G_OPTION_ARG_NONE, &args.dry_run, "Check the sweep file and say what would run", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("SWEEP.ini | plot DIR | summary DIR | plot-log LOG");
    g_option_context_set_summary(context,
                                 "Runs the experiments a sweep file describes (instances x solver parameters x\n"
                                 "repeats) and records one row per run in DIR/runs.csv and DIR/runs.jsonl, with\n"
                                 "DIR/summary.md. Runs already recorded are skipped. See results/README.md.\n"
                                 "plot-log LOG draws the progress log of flowshop-bb --log LOG: incumbent and\n"
                                 "lower bound over time, fraction of the tree done over time and its forecast.");
    g_option_context_set_description(context,
                                     "Exit status: 0 all runs recorded, 1 some runs or charts failed, 2 bad usage or "
                                     "input, 3 interrupted.");
    g_option_context_add_main_entries(context, entries, NULL);
    GError *error = NULL;
    int exit_status;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "flowshop-sweep: %s (see --help)\n", error->message);
        g_error_free(error);
        exit_status = EXIT_USAGE;
    } else if (argc != 3 && argc >= 2 && subcommand_argument(argv[1])) {
        fprintf(stderr, "flowshop-sweep: %s takes one %s (see --help)\n", argv[1], subcommand_argument(argv[1]));
        exit_status = EXIT_USAGE;
    } else if (argc == 3 && strcmp(argv[1], "plot") == 0) {
        const int plotted = sweep_plot(argv[2]);
        exit_status = plotted == SWEEP_PLOT_DONE         ? EXIT_DONE
                      : plotted == SWEEP_PLOT_BAD_FOLDER ? EXIT_USAGE
                                                         : EXIT_FAILED;
    } else if (argc == 3 && strcmp(argv[1], "plot-log") == 0) {
        char *output = args.out ? g_strdup(args.out) : sweep_plot_log_default_output(argv[2]);
        const int plotted = sweep_plot_log(argv[2], output);
        exit_status = plotted == SWEEP_PLOT_DONE         ? EXIT_DONE
                      : plotted == SWEEP_PLOT_BAD_FOLDER ? EXIT_USAGE
                                                         : EXIT_FAILED;
        g_free(output);
    } else if (argc == 3 && strcmp(argv[1], "summary") == 0) {
        exit_status = summarise(argv[2]);
    } else if (argc == 2) {
        exit_status = run_sweep(argv[1], &args);
    } else {
        fprintf(stderr, "flowshop-sweep: expected SWEEP.ini, plot DIR, summary DIR or plot-log LOG (see --help)\n");
        exit_status = EXIT_USAGE;
    }
    g_option_context_free(context);
    g_free(args.out);
    return exit_status;
}
