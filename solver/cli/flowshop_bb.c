/* flowshop_bb.c — the flowshop-bb command: parses the command line, runs one solve
 * through the library and prints the result as text or JSON.
 * Exit status: EXIT_* below, their meanings in fsbb_cli_exit_statuses (command_line.c: --help,
 * the manual page and the README's table). With --json an error that leaves no result is a
 * JSON object on stdout too (cli_error.h); a result carries its exit status.
 * With --checkpoint the search is saved periodically and when it stops; --resume goes on
 * from a saved search, on the instance the checkpoint names when none is given.
 * --characterize FILE prints CUIRRE's characterization of a task trace (as --diagnose
 * writes them) and exits, without an instance or a GPU. */
#include "checkpoint_target.h"
#include "cli_error.h"
#include "cli_text.h"
#include "command_files.h"
#include "command_line.h"
#include "flowshopbb.h"
#include "json.h"
#include "percent.h"
#include "progress_line.h"
#include "rank_gpu.h"
#include "schedule_files.h"

#include <errno.h>
#include <glib.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    EXIT_PROVEN = 0,
    EXIT_LIMIT = 1,
    EXIT_USAGE = 2,
    EXIT_INTERRUPTED = 3,
    EXIT_RUNTIME_FAILURE = 4,
    EXIT_GPU_ARCH = 5
};

/* The exit status of a library error: 2 for what the user fixes in the command line or its
 * files, 5 for a GPU this build has no kernel for, 4 for a run-time failure (memory, GPU,
 * threads, compile, and codes added later). */
static int exit_status_of(fsbb_status status)
{
    switch (status) {
    case FSBB_ERR_GPU_ARCH:
        return EXIT_GPU_ARCH;
    case FSBB_ERR_ARGUMENT:
    case FSBB_ERR_PARSE:
    case FSBB_ERR_IO:
    case FSBB_ERR_NO_GPU:
    case FSBB_ERR_CHECKPOINT:
        return EXIT_USAGE;
    default:
        return EXIT_RUNTIME_FAILURE;
    }
}

/* The solver being run, for the signal handler: the only state a handler may reach. */
static fsbb_solver *volatile running_solver;

static void on_signal(int signal_number)
{
    (void)signal_number;
    fsbb_solver *solver = running_solver;
    if (solver)
        fsbb_solver_interrupt(solver);
}

/* The signals that stop a solve, save its checkpoint and print its result (exit status 3):
 * SIGINT, SIGTERM, SIGUSR1 and SIGHUP (the terminal closed, the ssh session dropped).
 * SIGHUP ignored when the program started (nohup) stays ignored, as nohup asks; the others
 * are taken even then (a shell script starts a job in the background with SIGINT ignored). */
static void handle_stop_signals(void (*handler)(int), gboolean hangup_ignored)
{
    signal(SIGINT, handler);
    signal(SIGTERM, handler);
    signal(SIGUSR1, handler);
    if (!hangup_ignored)
        signal(SIGHUP, handler);
}

static gboolean signal_ignored(int signal_number)
{
    struct sigaction current;
    return sigaction(signal_number, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

/* The progress line, fitted to the terminal's width at each update (it may be resized);
 * user_data points to a gboolean, TRUE for --search heuristic (progress_line.h). */
static void print_progress(const fsbb_progress *progress, void *user_data)
{
    const gboolean heuristic = *(const gboolean *)user_data;
    char line[1024];
    progress_line_format(line, sizeof line, progress, heuristic, progress_line_columns(STDERR_FILENO));
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
}

/* What the checkpoint callback saw, for the closing note. */
typedef struct checkpoint_log {
    gboolean quiet, progress_line;
    int final_status;   /* -1: no final checkpoint attempted, else its fsbb_status */
} checkpoint_log;

static void report_checkpoint(const fsbb_checkpoint_report *report, void *user_data)
{
    checkpoint_log *log = user_data;
    const char *clear = log->progress_line ? "\r\033[K" : "";
    if (report->final)
        log->final_status = report->status;
    if (report->status != FSBB_OK) {
        gchar *message = cli_text_escaped(report->message);
        fprintf(stderr, "%sflowshop-bb: %s\n", clear, message);
        g_free(message);
    } else if (!report->final && !log->quiet) {
        gchar *path = cli_text_escaped(report->path);
        fprintf(stderr, "%sflowshop-bb: checkpoint %s: %" G_GUINT64_FORMAT " open nodes, search paused %.3f ms\n",
                clear, path, (guint64)report->open_nodes, report->pause_s * 1e3);
        g_free(path);
    }
}

/* --characterize FILE: prints the characterization of a trace; 0, or 2 when the file is
 * missing or malformed. */
static int characterize(const char *path, gboolean json)
{
    fsbb_trace_stats s;
    fsbb_error err;
    int exit_status = EXIT_PROVEN;
    if (fsbb_trace_file_stats(path, &s, &err) != FSBB_OK) {
        gchar *message = g_strdup_printf("--characterize %s: %s", path, err.message);
        exit_status = cli_error_report(json, err.code, EXIT_USAGE, message);
        g_free(message);
    } else {
        printf("trace        %s\n", path);
        printf("tasks        %lld\n", (long long)s.tasks);
        printf("task length  min %.0f  max %.0f  mean %.2f cycles\n", s.task_min, s.task_max, s.task_mean);
        printf("threads      %lld in %lld warps, body min %.0f  max %.0f  mean %.2f cycles\n", (long long)s.threads,
               (long long)s.warps, s.thread_min, s.thread_max, s.thread_mean);
        printf("I_irre       %.4f\n", s.irregularity);
        printf("U_util       %.4f\n", s.utilization);
    }
    return exit_status;
}

/* What one solve printed: the result, the run-time failure that stopped its search (NULL:
 * none), the error to report (that failure, else an output file that could not be
 * written; NULL: none), the checkpoint it resumed (NULL: none) and the exit status. */
typedef struct solve_report {
    const fsbb_instance *instance;
    const fsbb_options *options;
    const fsbb_result *result;
    const char *search_error;
    const char *error;
    const char *resumed_from;
    int exit_status;
} solve_report;

/* The status line: why the search stopped, and whether it found a schedule. */
static const char *status_text(const solve_report *report)
{
    const fsbb_result *result = report->result;
    const int found = result->permutation != NULL;
    if (report->search_error)
        return found ? "failed: best found" : "failed: none found";
    if (result->optimal)
        return "optimal";
    char search[16];
    if (strcmp(fsbb_options_get(report->options, "search", search, sizeof search), "heuristic") == 0)
        return result->interrupted                         ? "interrupted: heuristic, not proven optimal"
               : strcmp(result->stop_reason, "limit") == 0 ? "limit reached: heuristic, not proven optimal"
                                                           : "heuristic: not proven optimal";
    if (result->interrupted)
        return found ? "interrupted: best found" : "interrupted: none found";
    if (strcmp(result->stop_reason, "gap") == 0)
        return "gap reached: best found"; /* a gap is measured only against a schedule */
    if (result->lower_bound < result->makespan)
        return found ? "limit reached: best found" : "limit reached: none found";
    return "no schedule below the given upper bound";
}

static void print_permutation_text(const fsbb_result *result)
{
    if (!result->permutation && result->initial_ub == INT_MAX) {
        printf("permutation  none found\n");
        return;
    }
    if (!result->permutation) {
        printf("permutation  none found below the initial upper bound %d\n", result->initial_ub);
        return;
    }
    printf("permutation ");
    for (int j = 0; j < result->jobs; j++)
        printf(" %d", result->permutation[j] + 1);
    printf("\n");
}

/* A name (the instance's, a checkpoint's path) for the text output: as it is, or quoted and
 * escaped as a JSON string when it holds quotes, backslashes or control characters (a file's
 * name, from the command line or a checkpoint, may hold a newline). */
static gchar *printable_name(const char *name)
{
    for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
        if (*c < 0x20 || *c == 0x7f || *c == '"' || *c == '\\') {
            GString *quoted = g_string_new(NULL);
            fsbb_json_string(quoted, name);
            return g_string_free(quoted, FALSE);
        }
    }
    return g_strdup(name);
}

static void print_text(const solve_report *report)
{
    const fsbb_instance *instance = report->instance;
    const fsbb_result *result = report->result;
    char lb[16], branch[16], select[16];
    gchar *name = printable_name(fsbb_instance_name(instance));
    const int jobs = fsbb_instance_jobs(instance), machines = fsbb_instance_machines(instance);
    printf("instance     %s (%d job%s x %d machine%s)\n", name, jobs, jobs == 1 ? "" : "s", machines,
           machines == 1 ? "" : "s");
    g_free(name);
    if (result->permutation || result->optimal)
        printf("makespan     %d\n", result->makespan);
    else
        printf("makespan     none found\n");
    printf("status       %s\n", status_text(report));
    print_permutation_text(result);
    if (report->search_error)
        printf("lower bound  none proven\n");
    else
        printf("lower bound  %d\n", result->lower_bound);
    char percent[32];
    if (!report->search_error && result->gap >= 0) {
        fsbb_percent_text(percent, sizeof percent, result->gap);
        printf("gap          %s %%\n", percent);
    }
    if (!report->search_error && result->fraction_done >= 0) {
        fsbb_percent_text(percent, sizeof percent, result->fraction_done);
        printf("tree done    %s %%\n", percent);
    }
    printf("nodes        %" G_GUINT64_FORMAT "\n", (guint64)result->nodes);
    printf("nodes/s      %.4g\n", result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0);
    printf("time         %.3f s\n", result->time_s);
    if (result->permutation && result->time_to_best_s >= 0)
        printf("found by     %s after %.3f s\n", result->found_by, result->time_to_best_s);
    else if (result->permutation)
        printf("found by     a run before the resume\n");
    if (result->heuristic_threads > 0)
        printf("heuristic    %d walk%s, %" G_GUINT64_FORMAT " iteration%s\n", result->heuristic_threads,
               result->heuristic_threads == 1 ? "" : "s", (guint64)result->heuristic_iterations,
               result->heuristic_iterations == 1 ? "" : "s");
    printf("settings     lb=%s branch=%s select=%s threads=%d device=%s\n",
           fsbb_options_get(report->options, "lb", lb, sizeof lb),
           fsbb_options_get(report->options, "branch", branch, sizeof branch),
           fsbb_options_get(report->options, "select", select, sizeof select), result->threads, result->device);
    if (report->resumed_from) {
        gchar *resumed = printable_name(report->resumed_from);
        printf("resumed      from %s\n", resumed);
        g_free(resumed);
    }
    if (result->ranks > 0 && result->rank_stats) {
        printf("ranks        %d\n", result->ranks);
        printf("  rank %14s %9s %9s %12s %12s %14s %9s  %s\n", "nodes", "requests", "steals", "nodes got",
               "nodes gave", "bytes sent", "idle s", "device");
        for (int r = 0; r < result->ranks; r++) {
            const fsbb_rank_stats *s = &result->rank_stats[r];
            printf("  %4d %14" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %9" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT
                   " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %9.3f  %s\n",
                   r, (guint64)s->nodes, (guint64)s->steal_requests, (guint64)s->steals, (guint64)s->nodes_received,
                   (guint64)s->nodes_sent, (guint64)s->bytes_sent, s->idle_s, s->device);
        }
    }
}

/* A distributed search's ranks in JSON: "ranks" and one object per rank. */
static void print_json_ranks(fsbb_json_object *json, GString *out, const fsbb_result *result)
{
    fsbb_json_member(json, "ranks");
    fsbb_json_integer(out, result->ranks);
    fsbb_json_member(json, "rank_stats");
    g_string_append_c(out, '[');
    for (int r = 0; r < result->ranks; r++) {
        const fsbb_rank_stats *s = &result->rank_stats[r];
        if (r)
            g_string_append(out, ", ");
        fsbb_json_object rank;
        fsbb_json_object_begin(&rank, out);
        fsbb_json_member(&rank, "rank");
        fsbb_json_integer(out, r);
        fsbb_json_member(&rank, "nodes");
        fsbb_json_unsigned(out, s->nodes);
        fsbb_json_member(&rank, "steal_requests");
        fsbb_json_unsigned(out, s->steal_requests);
        fsbb_json_member(&rank, "steals");
        fsbb_json_unsigned(out, s->steals);
        fsbb_json_member(&rank, "nodes_received");
        fsbb_json_unsigned(out, s->nodes_received);
        fsbb_json_member(&rank, "nodes_sent");
        fsbb_json_unsigned(out, s->nodes_sent);
        fsbb_json_member(&rank, "bytes_sent");
        fsbb_json_unsigned(out, s->bytes_sent);
        fsbb_json_member(&rank, "incumbents_sent");
        fsbb_json_unsigned(out, s->incumbents_sent);
        fsbb_json_member(&rank, "incumbent_latency_s");
        fsbb_json_real(out, s->incumbent_latency_s, 6);
        fsbb_json_member(&rank, "idle_s");
        fsbb_json_real(out, s->idle_s, 6);
        fsbb_json_member(&rank, "threads");
        fsbb_json_integer(out, s->threads);
        fsbb_json_member(&rank, "device");
        fsbb_json_string(out, s->device);
        fsbb_json_object_end(&rank);
    }
    g_string_append_c(out, ']');
}

/* One JSON object; a resumed search says "ub": "resumed" and names its checkpoint, and its
 * initial_ub is the bound its first run started from. */
static void print_json(const solve_report *report)
{
    const fsbb_instance *instance = report->instance;
    const fsbb_options *options = report->options;
    const fsbb_result *result = report->result;
    GString *out = g_string_new(NULL);
    fsbb_json_object json;
    fsbb_json_object_begin(&json, out);
    fsbb_json_member(&json, "instance");
    fsbb_json_string(out, fsbb_instance_name(instance));
    fsbb_json_member(&json, "instance_source");
    fsbb_json_string_or_null(out, fsbb_instance_source(instance));
    fsbb_json_member(&json, "jobs");
    fsbb_json_integer(out, fsbb_instance_jobs(instance));
    fsbb_json_member(&json, "machines");
    fsbb_json_integer(out, fsbb_instance_machines(instance));
    fsbb_json_member(&json, "makespan");
    if (result->permutation || result->optimal)
        fsbb_json_integer(out, result->makespan);
    else
        fsbb_json_null(out);
    fsbb_json_member(&json, "permutation");
    if (result->permutation) {
        g_string_append_c(out, '[');
        for (int j = 0; j < result->jobs; j++) {
            if (j)
                g_string_append(out, ", ");
            fsbb_json_integer(out, result->permutation[j] + 1);
        }
        g_string_append_c(out, ']');
    } else {
        fsbb_json_null(out);
    }
    fsbb_json_member(&json, "optimal");
    fsbb_json_boolean(out, result->optimal);
    fsbb_json_member(&json, "status");
    fsbb_json_string(out, status_text(report));
    fsbb_json_member(&json, "error");
    fsbb_json_string_or_null(out, report->error);
    fsbb_json_member(&json, "exit");
    fsbb_json_integer(out, report->exit_status);
    fsbb_json_member(&json, "lower_bound");
    if (report->search_error)
        fsbb_json_null(out);
    else
        fsbb_json_integer(out, result->lower_bound);
    fsbb_json_member(&json, "gap");
    if (report->search_error || result->gap < 0)
        fsbb_json_null(out);
    else
        fsbb_json_real(out, result->gap, 6);
    fsbb_json_member(&json, "fraction_done");
    if (report->search_error || result->fraction_done < 0)
        fsbb_json_null(out);
    else
        /* 9 decimals: a share below 1 reads 0.999999999 at most, never done. */
        fsbb_json_real(out, result->fraction_done < 1 && result->fraction_done > 0.999999999 ? 0.999999999
                                                                                           : result->fraction_done, 9);
    fsbb_json_member(&json, "stop_reason");
    fsbb_json_string_or_null(out, result->stop_reason[0] ? result->stop_reason : NULL);
    char gap_limit[32];
    fsbb_json_member(&json, "gap_limit");
    fsbb_json_number_text(out, fsbb_options_get(options, "gap", gap_limit, sizeof gap_limit));
    fsbb_json_member(&json, "found_by");
    fsbb_json_string_or_null(out, result->permutation ? result->found_by : NULL);
    fsbb_json_member(&json, "time_to_best_s");
    if (result->permutation && result->time_to_best_s >= 0)
        fsbb_json_real(out, result->time_to_best_s, 6);
    else
        fsbb_json_null(out);
    fsbb_json_member(&json, "initial_ub");
    if (result->initial_ub != INT_MAX)
        fsbb_json_integer(out, result->initial_ub);
    else
        fsbb_json_null(out);
    fsbb_json_member(&json, "nodes");
    fsbb_json_unsigned(out, result->nodes);
    fsbb_json_member(&json, "bounded");
    fsbb_json_unsigned(out, result->bounded);
    fsbb_json_member(&json, "time_s");
    fsbb_json_real(out, result->time_s, 6);
    fsbb_json_member(&json, "nodes_per_s");
    fsbb_json_real(out, result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0, 1);
    fsbb_json_member(&json, "threads");
    fsbb_json_integer(out, result->threads);
    fsbb_json_member(&json, "device");
    fsbb_json_string(out, result->device);
    fsbb_json_member(&json, "lb_used");
    fsbb_json_string(out, result->lb_used);
    fsbb_json_member(&json, "lb2_refined_fraction");
    fsbb_json_real(out, result->lb2_refined_fraction, 4);
    fsbb_json_member(&json, "gpu_startup_s");
    fsbb_json_real(out, result->gpu_startup_s, 6);
    fsbb_json_member(&json, "heuristic_threads");
    fsbb_json_integer(out, result->heuristic_threads);
    fsbb_json_member(&json, "heuristic_iterations");
    fsbb_json_unsigned(out, result->heuristic_iterations);
    /* The options a result names (the table's echoed ones); a resumed search's upper bound
     * is the checkpoint's, and lb the one in force (an engine's default when not given). */
    for (int o = 0; fsbb_option_info(o); o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        if (!(spec->flags & FSBB_OPTION_ECHOED))
            continue;
        char value[64];
        fsbb_json_member(&json, spec->name);
        if (report->resumed_from && strcmp(spec->name, "ub") == 0)
            fsbb_json_string(out, "resumed");
        else if (strcmp(spec->name, "lb") == 0 && result->lb[0])
            fsbb_json_string(out, result->lb);
        else
            fsbb_json_string(out, fsbb_options_get(options, spec->name, value, sizeof value));
    }
    fsbb_json_member(&json, "resumed_from");
    fsbb_json_string_or_null(out, report->resumed_from);
    if (result->ranks > 0 && result->rank_stats)
        print_json_ranks(&json, out, result);
    fsbb_json_object_end(&json);
    puts(out->str);
    g_string_free(out, TRUE);
}

/* Reports a library error that leaves no result; returns its exit status. */
static int report_failure(const fsbb_cli_command_line *line, fsbb_status status, const char *message)
{
    return cli_error_report(line->flags[CLI_JSON], status, exit_status_of(status), message);
}

/* The instance named on the command line, or without one (instance_name NULL) the one that
 * the --resume checkpoint names. */
static fsbb_status load_instance(const char *instance_name, const fsbb_cli_command_line *line,
                                 fsbb_instance **instance, fsbb_error *err)
{
    if (instance_name)
        return fsbb_instance_load_format(instance_name, line->values[CLI_FORMAT], instance, err);
    *instance = NULL;
    if (line->values[CLI_FORMAT]) {
        err->code = FSBB_ERR_ARGUMENT;
        snprintf(err->message, sizeof err->message,
                 "--format applies to an INSTANCE given; --resume FILE alone reads its instance as it was read "
                 "before (see --help)");
        return FSBB_ERR_ARGUMENT;
    }
    return fsbb_instance_load_checkpoint(fsbb_cli_solver_value(line, "resume"), instance, err);
}

/* The closing note of a saved search: how to go on with it, the path quoted for a shell. */
static void print_saved_note(const char *checkpoint, const fsbb_instance *instance)
{
    const char *source = fsbb_instance_source(instance);
    gchar *shown = cli_text_escaped(checkpoint), *word = cli_text_shell_word(checkpoint);
    if (source && strcmp(source, "stdin") == 0)
        fprintf(stderr, "flowshop-bb: search saved in %s: continue with - --resume %s --checkpoint %s and the "
                        "instance on standard input again\n", shown, word, word);
    else
        fprintf(stderr, "flowshop-bb: search saved in %s: continue with --resume %s --checkpoint %s\n", shown, word,
                word);
    g_free(shown);
    g_free(word);
}

/* For the line that --device auto falls back to the CPU: the GPU-only options given (the GPU
 * engines' and the divergence options), which do nothing there (", where --ccc and
 * --pool-size do nothing"), or "" when none was. Free with g_free. */
static gchar *gpu_options_given(const fsbb_cli_command_line *line)
{
    static const char *const gpu_only[] = {"gpu-engine", "warm-start", "pool-size", "block-size", "pool-order",
                                           "branch-free", "gpu-ranks", "balance", "loading-ratio", "ccc", "cte",
                                           "subwarp", "throttle", "diagnose"};
    GPtrArray *given = g_ptr_array_new();
    for (size_t o = 0; o < G_N_ELEMENTS(gpu_only); o++)
        if (fsbb_cli_solver_value(line, gpu_only[o]))
            g_ptr_array_add(given, (gpointer)gpu_only[o]);
    GString *text = g_string_new(NULL);
    for (guint o = 0; o < given->len; o++)
        g_string_append_printf(text, "%s--%s", o == 0 ? ", where " : o + 1 < given->len ? ", " : " and ",
                               (const char *)given->pdata[o]);
    if (given->len)
        g_string_append(text, given->len == 1 ? " does nothing" : " do nothing");
    g_ptr_array_free(given, TRUE);
    return g_string_free(text, FALSE);
}

/* The notes of an exact search: --heuristic-iterations counts the walks of --search
 * heuristic only, and the GPU engines' options do nothing on the CPU (--device cpu, the
 * default; with auto the CLI says when no GPU is found). */
static void note_idle_in_exact_search(const fsbb_cli_command_line *line)
{
    if (fsbb_cli_solver_value(line, "heuristic-iterations"))
        fprintf(stderr, "flowshop-bb: note: --heuristic-iterations does nothing without --search heuristic\n");
    const char *device = fsbb_cli_solver_value(line, "device");
    if (device && strcmp(device, "cpu") != 0)
        return;
    static const char *const gpu_only[] = {"gpu-engine", "warm-start", "pool-size", "block-size", "pool-order",
                                           "branch-free", "gpu-ranks"};
    for (size_t o = 0; o < G_N_ELEMENTS(gpu_only); o++)
        if (fsbb_cli_solver_value(line, gpu_only[o]))
            fprintf(stderr, "flowshop-bb: note: --%s does nothing on the CPU (--device cpu%s): add --device gpu\n",
                    gpu_only[o], device ? "" : ", the default");
}

/* A resumed search stopped by a limit that the runs before it had reached: it stopped at
 * once, since limits count every run; a note says so (the limit to give is the total). */
static void note_spent_limits(const fsbb_cli_command_line *line, const fsbb_options *options,
                              const fsbb_result *result)
{
    if (!fsbb_cli_solver_value(line, "resume") || strcmp(result->stop_reason, "limit") != 0)
        return;
    char time_limit[32], node_limit[32];
    fsbb_options_get(options, "time-limit", time_limit, sizeof time_limit);
    fsbb_options_get(options, "node-limit", node_limit, sizeof node_limit);
    const double seconds = g_ascii_strtod(time_limit, NULL);
    if (seconds > 0 && result->resumed_time_s >= seconds)
        fprintf(stderr,
                "flowshop-bb: note: the runs before the resume took %.3f s, --time-limit %s already: limits "
                "count every run, so the search stopped at once; give the total you allow\n",
                result->resumed_time_s, time_limit);
    const guint64 nodes = g_ascii_strtoull(node_limit, NULL, 10);
    if (nodes > 0 && result->resumed_nodes >= nodes)
        fprintf(stderr,
                "flowshop-bb: note: the runs before the resume branched %" G_GUINT64_FORMAT " nodes, --node-limit "
                "%s already: limits count every run, so the search stopped at once; give the total you allow\n",
                (guint64)result->resumed_nodes, node_limit);
}

/* A one-line note for each option given that does nothing without another. */
static void note_idle_options(const fsbb_cli_command_line *line)
{
    const gboolean checkpoint = fsbb_cli_solver_value(line, "checkpoint") != NULL;
    if (fsbb_cli_solver_value(line, "log-interval") && !fsbb_cli_solver_value(line, "log"))
        fprintf(stderr, "flowshop-bb: note: --log-interval does nothing without --log\n");
    if (fsbb_cli_solver_value(line, "checkpoint-interval") && !checkpoint)
        fprintf(stderr, "flowshop-bb: note: --checkpoint-interval does nothing without --checkpoint\n");
    if (line->flags[CLI_OVERWRITE_CHECKPOINT] && !checkpoint)
        fprintf(stderr, "flowshop-bb: note: --overwrite-checkpoint does nothing without --checkpoint\n");
    const char *search = fsbb_cli_solver_value(line, "search");
    if (!search || strcmp(search, "heuristic") != 0) {
        note_idle_in_exact_search(line);
        return;
    }
    if (fsbb_cli_solver_value(line, "heuristic-threads"))
        fprintf(stderr, "flowshop-bb: note: --heuristic-threads does nothing with --search heuristic, which runs "
                        "--threads walks\n");
    static const char *const exact_only[] = {"gap", "node-limit", "ub", "lb", "lb2-pairs", "branch", "select",
                                             "device", "gpu-ranks", "steal-nodes", "gpu-engine", "warm-start",
                                             "pool-size", "block-size", "pool-order", "branch-free", "balance",
                                             "loading-ratio", "ccc", "cte", "subwarp", "throttle"};
    for (size_t o = 0; o < G_N_ELEMENTS(exact_only); o++)
        if (fsbb_cli_solver_value(line, exact_only[o]))
            fprintf(stderr, "flowshop-bb: note: --%s does nothing with --search heuristic\n", exact_only[o]);
}

/* The log's failed write (errno_value) as an output error: error's message, or added to
 * the one error already holds (a schedule file that failed too). */
static void log_write_failed(const char *path, int errno_value, GError **error)
{
    gchar *shown = cli_text_escaped(path);
    gchar *message = g_strdup_printf("--log %s: cannot write: %s (the log ends at its last whole line)", shown,
                                     g_strerror(errno_value));
    if (*error) {
        gchar *both = g_strdup_printf("%s; %s", (*error)->message, message);
        g_free(message);
        message = both;
        g_clear_error(error);
    }
    g_set_error_literal(error, G_FILE_ERROR, g_file_error_from_errno(errno_value), message);
    g_free(message);
    g_free(shown);
}

/* --ub opt on an instance without a best-known makespan (not resumed: a checkpoint's
 * bound replaces --ub): the refusal, else NULL. Free with g_free. */
static gchar *missing_best_known(const fsbb_cli_command_line *line, const fsbb_options *options,
                                 const fsbb_instance *instance)
{
    char ub[32];
    if (fsbb_cli_solver_value(line, "resume") || strcmp(fsbb_options_get(options, "ub", ub, sizeof ub), "opt") != 0 ||
        fsbb_instance_best_known(instance) > 0)
        return NULL;
    gchar *name = cli_text_escaped(fsbb_instance_name(instance));
    gchar *message = g_strdup_printf("--ub opt: no best-known makespan for %s: use --ub heuristic, neh, inf or a "
                                     "number", name);
    g_free(name);
    return message;
}

static int solve(const char *instance_name, const fsbb_cli_command_line *line)
{
    const char *checkpoint = fsbb_cli_solver_value(line, "checkpoint");
    const char *resume = fsbb_cli_solver_value(line, "resume");
    const gboolean quiet = line->flags[CLI_QUIET];
    GError *files_clash = NULL;
    if (!command_files_check(line, instance_name, &files_clash)) {
        const int refused = report_failure(line, FSBB_ERR_ARGUMENT, files_clash->message);
        g_error_free(files_clash);
        return refused;
    }
    fsbb_error err;
    fsbb_instance *instance;
    const fsbb_status loaded = load_instance(instance_name, line, &instance, &err);
    if (loaded != FSBB_OK)
        return report_failure(line, loaded, err.message);
    /* A Taillard name means the built-in instance, even beside a file of that name. */
    if (!quiet && instance_name && fsbb_taillard_index(instance_name) > 0 &&
        g_file_test(instance_name, G_FILE_TEST_EXISTS))
        fprintf(stderr, "flowshop-bb: %s is the built-in Taillard instance; to read the file %s here, write ./%s\n",
                instance_name, instance_name, instance_name);
    fsbb_options *options = fsbb_options_new();
    fsbb_solver *solver = NULL;
    int exit_status = EXIT_USAGE;
    const schedule_files files = {.csv = line->values[CLI_SCHEDULE], .svg = line->values[CLI_GANTT]};
    if (!options) {
        exit_status = report_failure(line, FSBB_ERR_MEMORY, "out of memory for the options");
        goto done;
    }
    /* flowshop-bb is a rank of a distributed search when an MPI launcher started it (the
     * library's default is off); --distributed given replaces this. */
    if (fsbb_options_set(options, "distributed", "auto", &err) != FSBB_OK || !fsbb_cli_apply(line, options, &err)) {
        exit_status = report_failure(line, err.code, err.message);
        goto done;
    }
    gchar *no_best_known = missing_best_known(line, options, instance);
    if (no_best_known) {
        exit_status = report_failure(line, FSBB_ERR_ARGUMENT, no_best_known);
        g_free(no_best_known);
        goto done;
    }
    GError *usage_error = NULL;
    if (!schedule_files_check(&files, &usage_error) ||
        (checkpoint &&
         !fsbb_cli_checkpoint_target_ok(checkpoint, resume, line->flags[CLI_OVERWRITE_CHECKPOINT], &usage_error))) {
        exit_status = report_failure(line, FSBB_ERR_ARGUMENT, usage_error->message);
        g_error_free(usage_error);
        goto done;
    }
    /* The notes of options that do nothing, once the command line is accepted: a refusal
     * comes alone. */
    if (!quiet)
        note_idle_options(line);
    char device[16], distributed[8];
    fsbb_options_get(options, "device", device, sizeof device);
    fsbb_options_get(options, "distributed", distributed, sizeof distributed);
    /* Before CUDA starts: a rank of a distributed search sees only its own GPU. */
    if (strcmp(device, "cpu") != 0 && strcmp(distributed, "off") != 0)
        fsbb_rank_gpu_show();
    fsbb_error gpu_err;
    if (strcmp(device, "auto") == 0 && fsbb_gpu_check(NULL, 0, &gpu_err) != FSBB_OK && !quiet) {
        gchar *idle = gpu_options_given(line);
        if (gpu_err.code == FSBB_ERR_GPU_ARCH)
            fprintf(stderr, "flowshop-bb: %s; solving on the CPU%s\n", gpu_err.message, idle);
        else
            fprintf(stderr, "flowshop-bb: no usable GPU, solving on the CPU%s\n", idle);
        g_free(idle);
    }
    const fsbb_status created = fsbb_solver_new(instance, options, &solver, &err);
    if (created != FSBB_OK) {
        exit_status = report_failure(line, created, err.message);
        goto done;
    }
    const int show_progress = !quiet && isatty(STDERR_FILENO);
    const char *search = fsbb_cli_solver_value(line, "search");
    gboolean heuristic_only = search && strcmp(search, "heuristic") == 0;
    if (show_progress)
        fsbb_solver_on_progress(solver, print_progress, &heuristic_only, 0.5);
    checkpoint_log log = {.quiet = quiet, .progress_line = show_progress, .final_status = -1};
    if (checkpoint)
        fsbb_solver_on_checkpoint(solver, report_checkpoint, &log);
    /* A file size limit then fails a checkpoint's or the log's write instead of killing
     * the process. */
    if (checkpoint || fsbb_cli_solver_value(line, "log"))
        signal(SIGXFSZ, SIG_IGN);
    running_solver = solver;
    const gboolean hangup_ignored = signal_ignored(SIGHUP);
    handle_stop_signals(on_signal, hangup_ignored);
    fsbb_result result = {0};
    const fsbb_status status = fsbb_solver_solve(solver, &result, &err);
    handle_stop_signals(SIG_DFL, hangup_ignored);
    running_solver = NULL;
    if (show_progress)
        fprintf(stderr, "\r\033[K");
    /* In a distributed search every rank ends with rank 0's outcome, which rank 0 prints. */
    const int reporting = result.rank == 0;
    char engine[16];
    fsbb_options_get(options, "gpu-engine", engine, sizeof engine);
    if (strcmp(result.engine, "offload") == 0 && strcmp(engine, "offload") != 0 && !quiet && reporting)
        fprintf(stderr, "flowshop-bb: the divergence options ran the offload GPU engine (--gpu-engine offload)\n");
    if (!quiet && reporting)
        note_spent_limits(line, options, &result);
    const char *error = status == FSBB_OK ? NULL : err.message;
    if (error)
        exit_status = exit_status_of(status);
    else
        exit_status = result.interrupted                                            ? EXIT_INTERRUPTED
                      : result.optimal || result.lower_bound >= result.makespan ? EXIT_PROVEN
                                                                                 : EXIT_LIMIT;
    GError *files_error = NULL;
    if (result.jobs > 0 && reporting && !schedule_files_write(&files, instance, &result, &files_error) && !error)
        exit_status = EXIT_RUNTIME_FAILURE;
    if (result.log_errno && reporting) {
        log_write_failed(fsbb_cli_solver_value(line, "log"), result.log_errno, &files_error);
        if (!error)
            exit_status = EXIT_RUNTIME_FAILURE;
    }
    if (result.jobs == 0 && error) {
        if (reporting)
            report_failure(line, status, error);
    } else if (result.jobs > 0 && reporting) {
        if (error || files_error) {
            gchar *shown = cli_text_escaped(error ? error : files_error->message);
            fprintf(stderr, "flowshop-bb: %s\n", shown);
            g_free(shown);
        }
        /* A search that ran and failed still has its best schedule to show; the options it
         * ran with (a resumed tree's where not given) are the solver's. */
        const solve_report report = {.instance = instance, .options = fsbb_solver_options(solver), .result = &result,
                                     .search_error = error,
                                     .error = error ? error : files_error ? files_error->message : NULL,
                                     .resumed_from = resume, .exit_status = exit_status};
        if (line->flags[CLI_JSON])
            print_json(&report);
        else
            print_text(&report);
    }
    g_clear_error(&files_error);
    if (checkpoint && !error && exit_status != EXIT_PROVEN && reporting) {
        if (log.final_status == FSBB_OK)
            print_saved_note(checkpoint, instance);
        else {
            gchar *shown = cli_text_escaped(checkpoint);
            fprintf(stderr, "flowshop-bb: the search could not be saved; %s holds the last checkpoint written, "
                            "if any\n", shown);
            g_free(shown);
        }
    }
    /* mpirun ends the whole job when one process returns non-zero: the other ranks leave
     * the exit status to rank 0, which prints the result. */
    if (!reporting)
        exit_status = EXIT_PROVEN;
    fsbb_result_clear(&result);
done:
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return exit_status;
}

/* 1 when all that was printed reached standard output: a failed write leaves the stream's
 * error flag set, and the flush and close write the last buffered bytes. */
static int stdout_complete(void)
{
    errno = 0;
    const int flushed = fflush(stdout) == 0 && !ferror(stdout);
    const int flush_errno = errno;
    const int closed = fclose(stdout) == 0;
    if (!flushed && flush_errno)
        errno = flush_errno;
    return flushed && closed;
}

/* --version: the program's and the library's versions, what the library was built with,
 * and whether it can run on this machine's GPU (and if not, why). */
static void print_version(void)
{
    printf("flowshop-bb  %s\n", FSBB_VERSION);
    printf("library      libflowshopbb %s, %s\n", fsbb_version(), fsbb_build_features());
    char name[256];
    fsbb_error err;
    if (fsbb_gpu_check(name, sizeof name, &err) == FSBB_OK)
        printf("gpu          usable: %s\n", name);
    else
        printf("gpu          not usable: %s\n", err.message);
}

int main(int argc, char **argv)
{
    fsbb_cli_command_line line;
    const gboolean json = cli_error_json_asked(argc, argv);
    GError *error = NULL;
    int exit_status;
    if (!fsbb_cli_parse(&line, &argc, &argv, &error)) {
        gchar *message = g_strdup_printf("%s (see --help)", error->message);
        exit_status = cli_error_report(json, FSBB_ERR_ARGUMENT, EXIT_USAGE, message);
        g_free(message);
        g_error_free(error);
    } else if (line.flags[CLI_HELP]) {
        fsbb_cli_print_help(stdout, FSBB_CLI_HELP_TEXT);
        exit_status = EXIT_PROVEN;
    } else if (line.flags[CLI_MAN]) {
        fsbb_cli_print_help(stdout, FSBB_CLI_HELP_MAN);
        exit_status = EXIT_PROVEN;
    } else if (line.flags[CLI_VERSION]) {
        print_version();
        exit_status = EXIT_PROVEN;
    } else if (line.values[CLI_CHARACTERIZE] && argc != 1) {
        exit_status = cli_error_report(json, FSBB_ERR_ARGUMENT, EXIT_USAGE, "--characterize takes no INSTANCE (see --help)");
    } else if (line.values[CLI_CHARACTERIZE]) {
        exit_status = characterize(line.values[CLI_CHARACTERIZE], json);
    } else if (argc == 1 && fsbb_cli_solver_value(&line, "resume")) {
        exit_status = solve(NULL, &line);
    } else if (argc != 2) {
        exit_status = cli_error_report(json, FSBB_ERR_ARGUMENT, EXIT_USAGE,
                                       "expected one INSTANCE, or --resume FILE alone (see --help)");
    } else {
        exit_status = solve(argv[1], &line);
    }
    if (!stdout_complete()) {
        fprintf(stderr, "flowshop-bb: cannot write to standard output%s%s: the output is lost\n", errno ? ": " : "",
                errno ? g_strerror(errno) : "");
        if (exit_status != EXIT_USAGE)
            exit_status = EXIT_RUNTIME_FAILURE;
    }
    fsbb_cli_command_line_free(&line);
    return exit_status;
}
