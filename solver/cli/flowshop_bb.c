/* flowshop_bb.c — the flowshop-bb command: parses the command line, runs one solve
 * through the library and prints the result as text or JSON.
 * Exit status: 0 the search finished (optimality proven), 1 a time or node limit stopped
 * it, 2 bad usage or input (a refused checkpoint too), 3 interrupted by SIGINT or SIGTERM,
 * 4 a run-time failure (GPU, memory, threads, custom-bound compile; the best schedule
 * found before it is still printed) or output that could not be written.
 * With --checkpoint the search is saved periodically and when it stops; --resume goes on
 * from a saved search. --characterize FILE prints CUIRRE's characterization of a task trace
 * (as --diagnose writes them) and exits, without an instance or a GPU. */
#include "bound_data.h"
#include "characterize.h"
#include "checkpoint_target.h"
#include "flowshopbb.h"
#include "help_text.h"
#include "instance.h"
#include "json.h"
#include "schedule_files.h"
#include "taillard.h"

#include <errno.h>
#include <glib.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_PROVEN = 0, EXIT_LIMIT = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 3, EXIT_RUNTIME_FAILURE = 4 };

/* The exit status of a library error: 2 for what the user fixes in the command line or its
 * files, 4 for a run-time failure (memory, GPU, threads, compile, and codes added later). */
static int exit_status_of(fsbb_status status)
{
    switch (status) {
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

/* The command-line options, in --help's order. A solver option's text goes unchanged to
 * fsbb_options_set under its long name, which parses it and checks its range. */
typedef enum option_id {
    OPT_SEARCH, OPT_LB, OPT_LB2_PAIRS, OPT_BRANCH, OPT_SELECT, OPT_UB, OPT_THREADS, OPT_DEVICE,
    OPT_HEURISTIC_THREADS, OPT_SEED, OPT_HEURISTIC_ITERATIONS,
    OPT_TIME_LIMIT, OPT_NODE_LIMIT, OPT_CHECKPOINT, OPT_CHECKPOINT_INTERVAL, OPT_OVERWRITE_CHECKPOINT,
    OPT_RESUME,
    OPT_GPU_ENGINE, OPT_WARM_START, OPT_POOL_SIZE, OPT_BLOCK_SIZE, OPT_POOL_ORDER, OPT_REFACTOR,
    OPT_BALANCE, OPT_LOADING_RATIO, OPT_CCC, OPT_CTE, OPT_SUBWARP, OPT_THROTTLE, OPT_DIAGNOSE, OPT_CHARACTERIZE,
    OPT_FORMAT, OPT_SCHEDULE, OPT_GANTT, OPT_JSON, OPT_QUIET, OPT_VERSION, OPT_HELP,
    OPTION_COUNT
} option_id;

typedef struct cli_option {
    const char *name;      /* long name, and the solver option's name */
    char short_name;       /* 0: none */
    const char *argument;  /* the value's placeholder in --help; NULL for a flag */
    gboolean solver;       /* the value is a solver option */
    const char *section;   /* --help's heading, on the first option of a section */
    const char *help;
} cli_option;

static const cli_option cli_options[OPTION_COUNT] = {
    [OPT_SEARCH] = {"search", 0, "exact|heuristic", TRUE, "Search",
                    "exact: branch-and-bound to proven optimality (default); heuristic: only the "
                    "iterated-greedy heuristic on --threads walks, until --heuristic-iterations, the time "
                    "limit or, without either, n*m/2*60 ms of CPU per walk (not proven optimal)"},
    [OPT_LB] = {"lb", 0, "lb1|lb2|auto", TRUE, NULL,
                "lower bound: LB1 (default), LB1 refined by LB2 on the children it keeps, or auto: LB2 where "
                "the search measures that it pays (GPU resident engine; LB1 elsewhere)"},
    [OPT_LB2_PAIRS] = {"lb2-pairs", 0, "N", TRUE, NULL, "LB2 with the N strongest machine pairs (default 0: all)"},
    [OPT_BRANCH] = {"branch", 0, "dyn|fwd|bwd", TRUE, NULL,
                    "branching: dynamic bidirectional (default), forward or backward"},
    [OPT_SELECT] = {"select", 0, "dfs|bfs|best", TRUE, NULL,
                    "node selection: depth first (default), breadth first or best first"},
    [OPT_UB] = {"ub", 0, "heuristic|neh|opt|inf|N", TRUE, NULL,
                "initial upper bound: the iterated-greedy heuristic for n*m/2*0.25 ms of CPU per thread, "
                "at most 1 s (default), NEH plus a short local search, the best-known makespan of a "
                "Taillard instance, none, or a makespan N"},
    [OPT_THREADS] = {"threads", 't', "N", TRUE, NULL, "CPU threads (default 0: one per core)"},
    [OPT_DEVICE] = {"device", 0, "cpu|auto|gpu", TRUE, NULL,
                    "where to search (default cpu); auto takes a GPU when there is one"},
    [OPT_HEURISTIC_THREADS] = {"heuristic-threads", 0, "auto|N", TRUE, NULL,
                               "heuristic walks beside the exact search, each better schedule its upper "
                               "bound at once (0: none; default auto: all cores but two beside a GPU engine; "
                               "beside the CPU engine one, from 8 cores on)"},
    [OPT_SEED] = {"seed", 0, "N", TRUE, NULL,
                  "seed of the heuristic's walks (default 1): one walk with --heuristic-iterations repeats"},
    [OPT_HEURISTIC_ITERATIONS] = {"heuristic-iterations", 0, "N", TRUE, NULL,
                                  "--search heuristic: iterations per walk (default 0: none)"},
    [OPT_TIME_LIMIT] = {"time-limit", 0, "S", TRUE, "Limits and checkpoints",
                        "stop after S seconds, 0 to 1e9 (default 0: no limit); the best schedule and the "
                        "proven lower bound are printed"},
    [OPT_NODE_LIMIT] = {"node-limit", 0, "N", TRUE, NULL, "stop after N branched nodes (default 0: no limit)"},
    [OPT_CHECKPOINT] = {"checkpoint", 0, "FILE", TRUE, NULL,
                        "save the search to FILE periodically, on SIGINT or SIGTERM and when it stops "
                        "(atomically: FILE.tmp, then a rename). Checked before the search: FILE's folder "
                        "must take a new file, and an existing FILE is replaced only when it is the "
                        "--resume file or with --overwrite-checkpoint"},
    [OPT_CHECKPOINT_INTERVAL] = {"checkpoint-interval", 0, "S", TRUE, NULL,
                                 "seconds between checkpoints (default 60; 0: only when the search stops)"},
    [OPT_OVERWRITE_CHECKPOINT] = {"overwrite-checkpoint", 0, NULL, FALSE, NULL,
                                  "let --checkpoint replace an existing FILE"},
    [OPT_RESUME] = {"resume", 0, "FILE", TRUE, NULL,
                    "continue the search saved in FILE (same instance, --lb, --branch and --lb2-pairs); "
                    "its upper bound replaces --ub, and the limits count the time and nodes of the "
                    "earlier runs too"},
    [OPT_GPU_ENGINE] = {"gpu-engine", 0, "resident|offload", TRUE, "GPU",
                        "device-resident search (default), or CPU branching with GPU bounding"},
    [OPT_WARM_START] = {"warm-start", 0, "N", TRUE, NULL,
                        "resident engine without an upper bound: branch the first N nodes on the CPU "
                        "(default 1048576; 0: none)"},
    [OPT_POOL_SIZE] = {"pool-size", 0, "N", TRUE, NULL, "nodes per pool"},
    [OPT_BLOCK_SIZE] = {"block-size", 0, "N", TRUE, NULL, "threads per block, a multiple of 32 (default 128)"},
    [OPT_POOL_ORDER] = {"pool-order", 0, "bfs|dfs", TRUE, NULL, "offload engine: pool order (default bfs)"},
    [OPT_REFACTOR] = {"refactor", 0, "select|none|trig", TRUE, NULL,
                      "branch refactoring of the bound kernels (default select)"},
    [OPT_BALANCE] = {"balance", 0, "none|central|distributed|steal|persistent", TRUE, "GPU divergence (offload engine, LB2)",
                     "load balancing of the bound kernel (default none)"},
    [OPT_LOADING_RATIO] = {"loading-ratio", 0, "R", TRUE, NULL,
                           "tasks per thread of the task pools (default 0: adaptive)"},
    [OPT_CCC] = {"ccc", 0, "off|on", TRUE, NULL, "collaborative context collection"},
    [OPT_CTE] = {"cte", 0, "off|on", TRUE, NULL, "collaborative task engagement"},
    [OPT_SUBWARP] = {"subwarp", 0, "N", TRUE, NULL, "N lanes per node: 2, 4, 8, 16 or 32 (default 0: off)"},
    [OPT_THROTTLE] = {"throttle", 0, "none|cf|cfq|sj|sjq", TRUE, NULL, "cache-fit throttling (default none)"},
    [OPT_DIAGNOSE] = {"diagnose", 0, "FILE", TRUE, NULL,
                      "write per-task clock traces of the bound kernel on the first pools to FILE"},
    [OPT_CHARACTERIZE] = {"characterize", 0, "FILE", FALSE, NULL,
                          "print the tasks, task lengths, I_irre and U_util of the trace in FILE and exit "
                          "(no INSTANCE, no GPU needed)"},
    [OPT_FORMAT] = {"format", 0, "auto|taillard|plain|vrf", FALSE, "Input and output",
                    "read INSTANCE as a file in this format (default auto: from its content)"},
    [OPT_SCHEDULE] = {"schedule", 0, "FILE", FALSE, NULL,
                      "write the schedule found as CSV: job,machine,start,end (jobs and machines from 1)"},
    [OPT_GANTT] = {"gantt", 0, "FILE.svg", FALSE, NULL, "draw the schedule found as a Gantt chart (SVG)"},
    [OPT_JSON] = {"json", 0, NULL, FALSE, NULL, "print the result as one JSON object"},
    [OPT_QUIET] = {"quiet", 'q', NULL, FALSE, NULL, "no progress line or notes on stderr"},
    [OPT_VERSION] = {"version", 'V', NULL, FALSE, NULL, "print the version and exit"},
    [OPT_HELP] = {"help", 'h', NULL, FALSE, NULL, "print this help and exit"},
};

/* The command line as parsed: each option's text (NULL: not given) or flag. */
typedef struct cli_args {
    gchar *values[OPTION_COUNT];
    gboolean flags[OPTION_COUNT];
} cli_args;

/* The solver being run, for the signal handler: the only state a handler may reach. */
static fsbb_solver *volatile running_solver;

static void on_signal(int signal_number)
{
    (void)signal_number;
    fsbb_solver *solver = running_solver;
    if (solver)
        fsbb_solver_interrupt(solver);
}

static void print_progress(const fsbb_progress *progress, void *user_data)
{
    (void)user_data;
    char incumbent[32];
    if (progress->incumbent == G_MAXINT)
        snprintf(incumbent, sizeof incumbent, "none");
    else
        snprintf(incumbent, sizeof incumbent, "%d", progress->incumbent);
    fprintf(stderr, "\r%14" G_GUINT64_FORMAT " nodes  %10.3g nodes/s  incumbent %s  %8.1f s \033[K",
            (guint64)progress->nodes, progress->nodes_per_second, incumbent, progress->elapsed_s);
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
    if (report->status != FSBB_OK)
        fprintf(stderr, "%sflowshop-bb: %s\n", clear, report->message);
    else if (!report->final && !log->quiet)
        fprintf(stderr, "%sflowshop-bb: checkpoint %s: %" G_GUINT64_FORMAT " open nodes, search paused %.3f ms\n",
                clear, report->path, (guint64)report->open_nodes, report->pause_s * 1e3);
}

/* Passes each solver option given to options; 0 after printing the first one refused. */
static int apply_arguments(fsbb_options *options, const cli_args *args)
{
    for (int o = 0; o < OPTION_COUNT; o++) {
        if (!cli_options[o].solver || !args->values[o])
            continue;
        fsbb_error err;
        if (fsbb_options_set(options, cli_options[o].name, args->values[o], &err) != FSBB_OK) {
            fprintf(stderr, "flowshop-bb: %s\n", err.message);
            return 0;
        }
    }
    return 1;
}

/* 1 when a divergence option differs from its default. */
static int divergence_requested(const fsbb_options *options)
{
    static const struct {
        const char *name, *off;
    } switches[] = {{"balance", "none"}, {"loading-ratio", "0"}, {"ccc", "off"},     {"cte", "off"},
                    {"subwarp", "0"},    {"throttle", "none"},   {"diagnose", ""}};
    char value[64];
    for (size_t i = 0; i < G_N_ELEMENTS(switches); i++) {
        const char *got = fsbb_options_get(options, switches[i].name, value, sizeof value);
        if (got && strcmp(got, switches[i].off) != 0)
            return 1;
    }
    return 0;
}

/* --characterize FILE: prints the characterization of a trace; 0, or 2 when the file is
 * missing or malformed. */
static int characterize(const char *path)
{
    fsbb_trace trace;
    fsbb_trace_stats s;
    fsbb_error err;
    fsbb_trace_init(&trace);
    int exit_status = EXIT_PROVEN;
    if (fsbb_trace_load(path, &trace, &err) != FSBB_OK || fsbb_trace_characterize(&trace, &s, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: --characterize %s: %s\n", path, err.message);
        exit_status = EXIT_USAGE;
    } else {
        printf("trace        %s\n", path);
        printf("tasks        %lld\n", (long long)s.tasks);
        printf("task length  min %.0f  max %.0f  mean %.2f cycles\n", s.task_min, s.task_max, s.task_mean);
        printf("threads      %lld in %lld warps, body min %.0f  max %.0f  mean %.2f cycles\n", (long long)s.threads,
               (long long)s.warps, s.thread_min, s.thread_max, s.thread_mean);
        printf("I_irre       %.4f\n", s.irregularity);
        printf("U_util       %.4f\n", s.utilization);
    }
    fsbb_trace_free(&trace);
    return exit_status;
}

/* What one solve printed: the result, the run-time failure that stopped its search (NULL:
 * none) and the checkpoint it resumed (NULL: none). */
typedef struct solve_report {
    const fsbb_instance *instance;
    const fsbb_options *options;
    const fsbb_result *result;
    const char *error;
    const char *resumed_from;
} solve_report;

/* The status line: why the search stopped, and whether it found a schedule. */
static const char *status_text(const solve_report *report)
{
    const fsbb_result *result = report->result;
    const int found = result->permutation != NULL;
    if (report->error)
        return found ? "failed: best found" : "failed: none found";
    if (result->optimal)
        return "optimal";
    char search[16];
    if (strcmp(fsbb_options_get(report->options, "search", search, sizeof search), "heuristic") == 0)
        return result->interrupted ? "interrupted: heuristic, not proven optimal" : "heuristic: not proven optimal";
    if (result->interrupted)
        return found ? "interrupted: best found" : "interrupted: none found";
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

static void print_text(const solve_report *report)
{
    const fsbb_instance *instance = report->instance;
    const fsbb_result *result = report->result;
    char lb[16], branch[16];
    printf("instance     %s (%d jobs x %d machines)\n", fsbb_instance_name(instance), fsbb_instance_jobs(instance),
           fsbb_instance_machines(instance));
    if (result->permutation || result->optimal)
        printf("makespan     %d\n", result->makespan);
    else
        printf("makespan     none found\n");
    printf("status       %s\n", status_text(report));
    print_permutation_text(result);
    if (report->error)
        printf("lower bound  none proven\n");
    else
        printf("lower bound  %d\n", result->lower_bound);
    printf("nodes        %" G_GUINT64_FORMAT "\n", (guint64)result->nodes);
    printf("nodes/s      %.4g\n", result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0);
    printf("time         %.3f s\n", result->time_s);
    if (result->permutation)
        printf("found by     %s after %.3f s\n", result->found_by, result->time_to_best_s);
    if (result->heuristic_threads > 0)
        printf("heuristic    %d walks, %" G_GUINT64_FORMAT " iterations\n", result->heuristic_threads,
               (guint64)result->heuristic_iterations);
    printf("settings     lb=%s branch=%s threads=%d device=%s\n",
           fsbb_options_get(report->options, "lb", lb, sizeof lb),
           fsbb_options_get(report->options, "branch", branch, sizeof branch), result->threads, result->device);
    if (report->resumed_from)
        printf("resumed      from %s\n", report->resumed_from);
}

/* One JSON object; a resumed search says "ub": "resumed" and names its checkpoint, and its
 * initial_ub is the bound its first run started from. */
static void print_json(const solve_report *report)
{
    const fsbb_instance *instance = report->instance;
    const fsbb_options *options = report->options;
    const fsbb_result *result = report->result;
    char lb[16], branch[16], select[16], ub[32], search[16], seed[32];
    GString *out = g_string_new(NULL);
    fsbb_json_object json;
    fsbb_json_object_begin(&json, out);
    fsbb_json_member(&json, "instance");
    fsbb_json_string(out, fsbb_instance_name(instance));
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
    fsbb_json_member(&json, "lower_bound");
    if (report->error)
        fsbb_json_null(out);
    else
        fsbb_json_integer(out, result->lower_bound);
    fsbb_json_member(&json, "found_by");
    fsbb_json_string_or_null(out, result->permutation ? result->found_by : NULL);
    fsbb_json_member(&json, "time_to_best_s");
    if (result->permutation)
        fsbb_json_real(out, result->time_to_best_s, 6);
    else
        fsbb_json_null(out);
    fsbb_json_member(&json, "initial_ub");
    fsbb_json_integer(out, result->initial_ub);
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
    fsbb_json_member(&json, "search");
    fsbb_json_string(out, fsbb_options_get(options, "search", search, sizeof search));
    fsbb_json_member(&json, "heuristic_threads");
    fsbb_json_integer(out, result->heuristic_threads);
    fsbb_json_member(&json, "heuristic_iterations");
    fsbb_json_unsigned(out, result->heuristic_iterations);
    fsbb_json_member(&json, "seed");
    fsbb_json_unsigned(out, strtoull(fsbb_options_get(options, "seed", seed, sizeof seed), NULL, 10));
    fsbb_json_member(&json, "lb");
    fsbb_json_string(out, fsbb_options_get(options, "lb", lb, sizeof lb));
    fsbb_json_member(&json, "lb_used");
    fsbb_json_string(out, result->lb_used);
    fsbb_json_member(&json, "lb2_refined_fraction");
    fsbb_json_real(out, result->lb2_refined_fraction, 4);
    fsbb_json_member(&json, "gpu_startup_s");
    fsbb_json_real(out, result->gpu_startup_s, 6);
    fsbb_json_member(&json, "branch");
    fsbb_json_string(out, fsbb_options_get(options, "branch", branch, sizeof branch));
    fsbb_json_member(&json, "select");
    fsbb_json_string(out, fsbb_options_get(options, "select", select, sizeof select));
    fsbb_json_member(&json, "ub");
    fsbb_json_string(out, report->resumed_from ? "resumed" : fsbb_options_get(options, "ub", ub, sizeof ub));
    fsbb_json_member(&json, "resumed_from");
    fsbb_json_string_or_null(out, report->resumed_from);
    fsbb_json_object_end(&json);
    puts(out->str);
    g_string_free(out, TRUE);
}

static int solve(const char *instance_name, const cli_args *args)
{
    const char *checkpoint = args->values[OPT_CHECKPOINT];
    const gboolean quiet = args->flags[OPT_QUIET];
    fsbb_error err;
    fsbb_instance *instance;
    const fsbb_status loaded = fsbb_instance_load_format(instance_name, args->values[OPT_FORMAT], &instance, &err);
    if (loaded != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        return exit_status_of(loaded);
    }
    /* A Taillard name means the built-in instance, even beside a file of that name. */
    if (!quiet && fsbb_taillard_index(instance_name) > 0 && g_file_test(instance_name, G_FILE_TEST_EXISTS))
        fprintf(stderr, "flowshop-bb: %s is the built-in Taillard instance; to read the file %s here, write ./%s\n",
                instance_name, instance_name, instance_name);
    fsbb_options *options = fsbb_options_new();
    fsbb_solver *solver = NULL;
    int exit_status = EXIT_USAGE;
    const schedule_files files = {.csv = args->values[OPT_SCHEDULE], .svg = args->values[OPT_GANTT]};
    if (!options || !apply_arguments(options, args) || !schedule_files_check(&files))
        goto done;
    GError *target_error = NULL;
    if (checkpoint &&
        !fsbb_cli_checkpoint_target_ok(checkpoint, args->values[OPT_RESUME], args->flags[OPT_OVERWRITE_CHECKPOINT],
                                       &target_error)) {
        fprintf(stderr, "flowshop-bb: %s\n", target_error->message);
        g_error_free(target_error);
        goto done;
    }
    char device[16];
    fsbb_options_get(options, "device", device, sizeof device);
    if (strcmp(device, "auto") == 0 && !fsbb_gpu_available(NULL, 0) && !quiet)
        fprintf(stderr, "flowshop-bb: no usable GPU, solving on the CPU\n");
    char engine[16];
    fsbb_options_get(options, "gpu-engine", engine, sizeof engine);
    if (strcmp(device, "cpu") != 0 && strcmp(engine, "offload") != 0 && divergence_requested(options) &&
        !quiet)
        fprintf(stderr, "flowshop-bb: the divergence options run the offload GPU engine (--gpu-engine offload)\n");
    const fsbb_status created = fsbb_solver_new(instance, options, &solver, &err);
    if (created != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        exit_status = exit_status_of(created);
        goto done;
    }
    const int show_progress = !quiet && isatty(STDERR_FILENO);
    if (show_progress)
        fsbb_solver_on_progress(solver, print_progress, NULL, 0.5);
    checkpoint_log log = {.quiet = quiet, .progress_line = show_progress, .final_status = -1};
    if (checkpoint) {
        fsbb_solver_on_checkpoint(solver, report_checkpoint, &log);
        /* A file size limit then fails the write instead of killing the process. */
        signal(SIGXFSZ, SIG_IGN);
    }
    running_solver = solver;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fsbb_result result = {0};
    const fsbb_status status = fsbb_solver_solve(solver, &result, &err);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    running_solver = NULL;
    if (show_progress)
        fprintf(stderr, "\r\033[K");
    const char *error = status == FSBB_OK ? NULL : err.message;
    if (error)
        fprintf(stderr, "flowshop-bb: %s\n", error);
    /* A search that ran and failed still has its best schedule to show. */
    if (result.jobs > 0) {
        const solve_report report = {.instance = instance, .options = options, .result = &result, .error = error,
                                     .resumed_from = args->values[OPT_RESUME]};
        if (args->flags[OPT_JSON])
            print_json(&report);
        else
            print_text(&report);
    }
    if (error)
        exit_status = exit_status_of(status);
    else
        exit_status = result.interrupted                                            ? EXIT_INTERRUPTED
                      : result.optimal || result.lower_bound >= result.makespan ? EXIT_PROVEN
                                                                                 : EXIT_LIMIT;
    if (result.jobs > 0 && !schedule_files_write(&files, instance, &result))
        exit_status = EXIT_USAGE;
    if (checkpoint && !error && exit_status != EXIT_PROVEN) {
        if (log.final_status == FSBB_OK)
            fprintf(stderr, "flowshop-bb: search saved in %s: continue with --resume %s --checkpoint %s\n",
                    checkpoint, checkpoint, checkpoint);
        else
            fprintf(stderr, "flowshop-bb: the search could not be saved; %s holds the last checkpoint written, "
                            "if any\n", checkpoint);
    }
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

/* The GOption entries of cli_options, storing into args. */
static GOptionEntry *option_entries(cli_args *args)
{
    GOptionEntry *entries = g_new0(GOptionEntry, OPTION_COUNT + 1);
    for (int o = 0; o < OPTION_COUNT; o++) {
        const cli_option *option = &cli_options[o];
        entries[o].long_name = option->name;
        entries[o].short_name = option->short_name;
        entries[o].arg = option->argument ? G_OPTION_ARG_FILENAME : G_OPTION_ARG_NONE;
        entries[o].arg_data = option->argument ? (gpointer)&args->values[o] : (gpointer)&args->flags[o];
        entries[o].description = option->help;
        entries[o].arg_description = option->argument;
    }
    return entries;
}

static void print_help(void)
{
    GString *out = g_string_new("Usage: flowshop-bb [OPTION...] INSTANCE\n"
                                "       flowshop-bb --characterize FILE\n\n");
    fsbb_cli_help_paragraph(out,
                            "Solves a permutation flow-shop instance (minimum makespan) to proven optimality "
                            "by branch-and-bound, and prints the best schedule, its makespan and the proven "
                            "lower bound.",
                            0);
    gchar *instance = g_strdup_printf(
        "INSTANCE is a Taillard name (ta001 to ta120; ta21 and TA021 too), built in, or the path of a "
        "file ('-': standard input) in Taillard's format, in the plain form (\"n m\", then m lines of n "
        "processing times, line k: machine k) or in VRF's (\"n m\", then a line per job of m pairs "
        "\"machine time\", machines from 0); an ambiguous file is refused: name its format with --format. "
        "A Taillard name always means the built-in instance, even when a file of that "
        "name is in the current folder: write ./ta005 to read such a file. A file holds at most %d jobs "
        "and %d machines, times from 0 to %d, and the sum of all its times is at most %d.",
        FSBB_MAX_JOBS, FSBB_MAX_MACHINES, FSBB_MAX_TIME, FSBB_MAX_TOTAL_TIME);
    g_string_append_c(out, '\n');
    fsbb_cli_help_paragraph(out, instance, 0);
    g_free(instance);
    for (int o = 0; o < OPTION_COUNT; o++) {
        const cli_option *option = &cli_options[o];
        if (option->section)
            g_string_append_printf(out, "\n%s:\n", option->section);
        gchar *names = g_strdup_printf("%c%c%c --%s%s%s", option->short_name ? '-' : ' ',
                                       option->short_name ? option->short_name : ' ', option->short_name ? ',' : ' ',
                                       option->name, option->argument ? " " : "",
                                       option->argument ? option->argument : "");
        fsbb_cli_help_item(out, names, option->help, 30);
        g_free(names);
    }
    g_string_append_c(out, '\n');
    fsbb_cli_help_paragraph(out,
                            "The GPU divergence options are off by default and run the offload engine with "
                            "the kernels of divergence/; at most one of --ccc, --cte, --subwarp, --balance "
                            "central|distributed|steal and --throttle is on at a time, and with --lb lb1 only "
                            "--diagnose applies.",
                            0);
    g_string_append(out, "\nExit status:\n");
    static const char *const statuses[][2] = {
        {"0", "the search finished: optimality proven"},
        {"1", "a time or node limit stopped it: best schedule and lower bound printed"},
        {"2", "bad usage or input (a refused checkpoint too)"},
        {"3", "interrupted by SIGINT or SIGTERM: best schedule and lower bound printed"},
        {"4", "run-time failure (GPU, memory, threads, custom-bound compile: the best schedule found so far "
              "is printed) or output that could not be written"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(statuses); i++)
        fsbb_cli_help_item(out, statuses[i][0], statuses[i][1], 6);
    fputs(out->str, stdout);
    g_string_free(out, TRUE);
}

int main(int argc, char **argv)
{
    cli_args args = {0};
    GOptionEntry *entries = option_entries(&args);
    GOptionContext *context = g_option_context_new("INSTANCE");
    g_option_context_set_help_enabled(context, FALSE);
    g_option_context_add_main_entries(context, entries, NULL);
    GError *error = NULL;
    int exit_status;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "flowshop-bb: %s (see --help)\n", error->message);
        g_error_free(error);
        exit_status = EXIT_USAGE;
    } else if (args.flags[OPT_HELP]) {
        print_help();
        exit_status = EXIT_PROVEN;
    } else if (args.flags[OPT_VERSION]) {
        printf("flowshop-bb %s (%s)\n", FSBB_VERSION, fsbb_gpu_available(NULL, 0) ? "CUDA GPU found" : "CPU");
        exit_status = EXIT_PROVEN;
    } else if (args.values[OPT_CHARACTERIZE] && argc != 1) {
        fprintf(stderr, "flowshop-bb: --characterize takes no INSTANCE (see --help)\n");
        exit_status = EXIT_USAGE;
    } else if (args.values[OPT_CHARACTERIZE]) {
        exit_status = characterize(args.values[OPT_CHARACTERIZE]);
    } else if (argc != 2) {
        fprintf(stderr, "flowshop-bb: expected one INSTANCE (see --help)\n");
        exit_status = EXIT_USAGE;
    } else {
        exit_status = solve(argv[1], &args);
    }
    if (!stdout_complete()) {
        fprintf(stderr, "flowshop-bb: cannot write to standard output%s%s: the output is lost\n", errno ? ": " : "",
                errno ? g_strerror(errno) : "");
        if (exit_status != EXIT_USAGE)
            exit_status = EXIT_RUNTIME_FAILURE;
    }
    g_option_context_free(context);
    g_free(entries);
    for (int o = 0; o < OPTION_COUNT; o++)
        g_free(args.values[o]);
    return exit_status;
}
