/* flowshop_bb.c — the flowshop-bb command: parses the command line, runs one solve
 * through the library and prints the result as text or JSON.
 * Exit status: 0 the search finished (optimality proven), 1 a time or node limit stopped
 * it, 2 bad usage or input (a refused checkpoint too), 3 interrupted by SIGINT or SIGTERM.
 * With --checkpoint the search is saved periodically and when it stops; --resume goes on
 * from a saved search. --characterize FILE prints CUIRRE's characterization of a task trace
 * (as --diagnose writes them) and exits, without an instance or a GPU. */
#include "characterize.h"
#include "flowshopbb.h"
#include "schedule_files.h"

#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { EXIT_PROVEN = 0, EXIT_LIMIT = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 3 };

/* The value of a numeric option the user did not give. */
#define NOT_GIVEN G_MININT

typedef struct cli_args {
    gchar *lb, *branch, *select, *ub, *device, *pool_order, *refactor, *gpu_engine;
    gchar *checkpoint, *resume;
    gchar *format, *schedule, *gantt;
    gchar *balance, *ccc, *cte, *throttle, *diagnose, *characterize;
    gint threads, pool_size, block_size, lb2_pairs, subwarp;
    gdouble time_limit, checkpoint_interval, loading_ratio;
    gint64 node_limit, warm_start;
    gboolean json, quiet, version;
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

static int set_option(fsbb_options *options, const char *name, const char *value)
{
    fsbb_error err;
    if (fsbb_options_set(options, name, value, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        return 0;
    }
    return 1;
}

static int apply_arguments(fsbb_options *options, const cli_args *args)
{
    const struct {
        const char *name;
        const char *value;
    } texts[] = {
        {"lb", args->lb},         {"branch", args->branch},         {"select", args->select},
        {"ub", args->ub},         {"device", args->device},         {"pool-order", args->pool_order},
        {"refactor", args->refactor}, {"gpu-engine", args->gpu_engine},
        {"checkpoint", args->checkpoint}, {"resume", args->resume},
        {"balance", args->balance},   {"ccc", args->ccc},               {"cte", args->cte},
        {"throttle", args->throttle}, {"diagnose", args->diagnose},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
        if (texts[i].value && !set_option(options, texts[i].name, texts[i].value))
            return 0;
    const struct {
        const char *name;
        gint64 value;
        gboolean given;
    } numbers[] = {
        {"threads", args->threads, args->threads != NOT_GIVEN},
        {"pool-size", args->pool_size, args->pool_size != NOT_GIVEN},
        {"block-size", args->block_size, args->block_size != NOT_GIVEN},
        {"lb2-pairs", args->lb2_pairs, args->lb2_pairs != NOT_GIVEN},
        {"node-limit", args->node_limit, args->node_limit != NOT_GIVEN},
        {"warm-start", args->warm_start, args->warm_start != NOT_GIVEN},
        {"subwarp", args->subwarp, args->subwarp != NOT_GIVEN},
    };
    char text[64];
    for (size_t i = 0; i < G_N_ELEMENTS(numbers); i++) {
        if (!numbers[i].given)
            continue;
        snprintf(text, sizeof text, "%" G_GINT64_FORMAT, numbers[i].value);
        if (!set_option(options, numbers[i].name, text))
            return 0;
    }
    if (args->time_limit != NOT_GIVEN) {
        snprintf(text, sizeof text, "%.17g", args->time_limit);
        if (!set_option(options, "time-limit", text))
            return 0;
    }
    if (args->checkpoint_interval != NOT_GIVEN) {
        snprintf(text, sizeof text, "%.17g", args->checkpoint_interval);
        if (!set_option(options, "checkpoint-interval", text))
            return 0;
    }
    if (args->loading_ratio != NOT_GIVEN) {
        snprintf(text, sizeof text, "%.17g", args->loading_ratio);
        if (!set_option(options, "loading-ratio", text))
            return 0;
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

static const char *status_text(const fsbb_result *result)
{
    if (result->optimal)
        return "optimal";
    if (result->interrupted)
        return "interrupted: best found";
    if (result->lower_bound < result->makespan)
        return "limit reached: best found";
    return "no schedule below the given upper bound";
}

static void print_permutation_text(const fsbb_result *result)
{
    if (!result->permutation) {
        printf("permutation  none found below the initial upper bound %d\n", result->initial_ub);
        return;
    }
    printf("permutation ");
    for (int j = 0; j < result->jobs; j++)
        printf(" %d", result->permutation[j] + 1);
    printf("\n");
}

static void print_text(const fsbb_instance *instance, const fsbb_options *options, const fsbb_result *result)
{
    char lb[16], branch[16];
    printf("instance     %s (%d jobs x %d machines)\n", fsbb_instance_name(instance), fsbb_instance_jobs(instance),
           fsbb_instance_machines(instance));
    if (result->permutation || result->optimal)
        printf("makespan     %d\n", result->makespan);
    else
        printf("makespan     none found\n");
    printf("status       %s\n", status_text(result));
    print_permutation_text(result);
    printf("lower bound  %d\n", result->lower_bound);
    printf("nodes        %" G_GUINT64_FORMAT "\n", (guint64)result->nodes);
    printf("nodes/s      %.4g\n", result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0);
    printf("time         %.3f s\n", result->time_s);
    printf("settings     lb=%s branch=%s threads=%d device=%s\n", fsbb_options_get(options, "lb", lb, sizeof lb),
           fsbb_options_get(options, "branch", branch, sizeof branch), result->threads, result->device);
}

static void print_json(const fsbb_instance *instance, const fsbb_options *options, const fsbb_result *result)
{
    char lb[16], branch[16], select[16], ub[32];
    GString *out = g_string_new("{");
    gchar *name = g_strescape(fsbb_instance_name(instance), NULL);
    gchar *device = g_strescape(result->device, NULL);
    g_string_append_printf(out, "\"instance\": \"%s\", \"jobs\": %d, \"machines\": %d, ", name,
                           fsbb_instance_jobs(instance), fsbb_instance_machines(instance));
    if (result->permutation || result->optimal)
        g_string_append_printf(out, "\"makespan\": %d, ", result->makespan);
    else
        g_string_append(out, "\"makespan\": null, ");
    g_string_append(out, "\"permutation\": ");
    if (result->permutation) {
        g_string_append_c(out, '[');
        for (int j = 0; j < result->jobs; j++)
            g_string_append_printf(out, "%s%d", j ? ", " : "", result->permutation[j] + 1);
        g_string_append(out, "], ");
    } else {
        g_string_append(out, "null, ");
    }
    g_string_append_printf(out,
                           "\"optimal\": %s, \"status\": \"%s\", \"lower_bound\": %d, \"initial_ub\": %d, "
                           "\"nodes\": %" G_GUINT64_FORMAT ", \"bounded\": %" G_GUINT64_FORMAT ", "
                           "\"time_s\": %.6f, \"nodes_per_s\": %.1f, \"threads\": %d, \"device\": \"%s\", "
                           "\"lb\": \"%s\", \"branch\": \"%s\", \"select\": \"%s\", \"ub\": \"%s\"}",
                           result->optimal ? "true" : "false", status_text(result), result->lower_bound,
                           result->initial_ub, (guint64)result->nodes, (guint64)result->bounded, result->time_s,
                           result->time_s > 0 ? (double)result->nodes / result->time_s : 0.0, result->threads,
                           device, fsbb_options_get(options, "lb", lb, sizeof lb),
                           fsbb_options_get(options, "branch", branch, sizeof branch),
                           fsbb_options_get(options, "select", select, sizeof select),
                           fsbb_options_get(options, "ub", ub, sizeof ub));
    puts(out->str);
    g_free(name);
    g_free(device);
    g_string_free(out, TRUE);
}

static int solve(const char *instance_name, const cli_args *args)
{
    fsbb_error err;
    fsbb_instance *instance;
    if (fsbb_instance_load_format(instance_name, args->format, &instance, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        return EXIT_USAGE;
    }
    fsbb_options *options = fsbb_options_new();
    fsbb_solver *solver = NULL;
    int exit_status = EXIT_USAGE;
    const schedule_files files = {.csv = args->schedule, .svg = args->gantt};
    if (!options || !apply_arguments(options, args) || !schedule_files_check(&files))
        goto done;
    char device[16];
    fsbb_options_get(options, "device", device, sizeof device);
    if (strcmp(device, "auto") == 0 && !fsbb_gpu_available(NULL, 0) && !args->quiet)
        fprintf(stderr, "flowshop-bb: no usable GPU, solving on the CPU\n");
    char engine[16];
    fsbb_options_get(options, "gpu-engine", engine, sizeof engine);
    if (strcmp(device, "cpu") != 0 && strcmp(engine, "offload") != 0 && divergence_requested(options) &&
        !args->quiet)
        fprintf(stderr, "flowshop-bb: the divergence options run the offload GPU engine (--gpu-engine offload)\n");
    if (fsbb_solver_new(instance, options, &solver, &err) != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        goto done;
    }
    const int show_progress = !args->quiet && isatty(STDERR_FILENO);
    if (show_progress)
        fsbb_solver_on_progress(solver, print_progress, NULL, 0.5);
    checkpoint_log log = {.quiet = args->quiet, .progress_line = show_progress, .final_status = -1};
    if (args->checkpoint) {
        fsbb_solver_on_checkpoint(solver, report_checkpoint, &log);
        /* A file size limit then fails the write instead of killing the process. */
        signal(SIGXFSZ, SIG_IGN);
    }
    running_solver = solver;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fsbb_result result;
    const fsbb_status status = fsbb_solver_solve(solver, &result, &err);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    running_solver = NULL;
    if (show_progress)
        fprintf(stderr, "\r\033[K");
    if (status != FSBB_OK) {
        fprintf(stderr, "flowshop-bb: %s\n", err.message);
        exit_status = status == FSBB_ERR_ARGUMENT || status == FSBB_ERR_NO_GPU || status == FSBB_ERR_PARSE ||
                              status == FSBB_ERR_CHECKPOINT
                          ? EXIT_USAGE
                          : EXIT_LIMIT;
        goto done;
    }
    if (args->json)
        print_json(instance, options, &result);
    else
        print_text(instance, options, &result);
    exit_status = result.interrupted ? EXIT_INTERRUPTED
                  : result.optimal || result.lower_bound >= result.makespan ? EXIT_PROVEN
                                                                             : EXIT_LIMIT;
    if (!schedule_files_write(&files, instance, &result))
        exit_status = EXIT_USAGE;
    if (args->checkpoint && exit_status != EXIT_PROVEN) {
        if (log.final_status == FSBB_OK)
            fprintf(stderr, "flowshop-bb: search saved in %s: continue with --resume %s\n", args->checkpoint,
                    args->checkpoint);
        else
            fprintf(stderr, "flowshop-bb: the search could not be saved; %s holds the last checkpoint written, "
                            "if any\n", args->checkpoint);
    }
    fsbb_result_clear(&result);
done:
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(instance);
    return exit_status;
}

int main(int argc, char **argv)
{
    cli_args args = {.threads = NOT_GIVEN, .pool_size = NOT_GIVEN, .block_size = NOT_GIVEN,
                     .lb2_pairs = NOT_GIVEN, .time_limit = NOT_GIVEN, .node_limit = NOT_GIVEN,
                     .warm_start = NOT_GIVEN, .checkpoint_interval = NOT_GIVEN, .subwarp = NOT_GIVEN, .loading_ratio = NOT_GIVEN};
    const GOptionEntry file_entries[] = {
        {"format", 0, 0, G_OPTION_ARG_STRING, &args.format,
         "Read INSTANCE as a file in this format (default: from its content)", "auto|taillard|plain|vrf"},
        {"schedule", 0, 0, G_OPTION_ARG_FILENAME, &args.schedule,
         "Write the schedule found as CSV: job,machine,start,end (from 1)", "FILE"},
        {"gantt", 0, 0, G_OPTION_ARG_FILENAME, &args.gantt, "Draw the schedule found as a Gantt chart (SVG)",
         "FILE.svg"},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    const GOptionEntry entries[] = {
        {"lb", 0, 0, G_OPTION_ARG_STRING, &args.lb, "Lower bound: lb1 (default) or lb2", "lb1|lb2"},
        {"branch", 0, 0, G_OPTION_ARG_STRING, &args.branch, "Branching: forward, backward or dynamic (default)",
         "fwd|bwd|dyn"},
        {"select", 0, 0, G_OPTION_ARG_STRING, &args.select, "Node selection (default dfs)", "dfs|bfs|best"},
        {"ub", 0, 0, G_OPTION_ARG_STRING, &args.ub,
         "Initial upper bound: NEH plus local search (default), best-known, none, or a makespan",
         "heuristic|opt|inf|N"},
        {"threads", 0, 0, G_OPTION_ARG_INT, &args.threads, "CPU threads (default: all cores)", "N"},
        {"device", 0, 0, G_OPTION_ARG_STRING, &args.device, "Where to search (default cpu)", "auto|cpu|gpu"},
        {"time-limit", 0, 0, G_OPTION_ARG_DOUBLE, &args.time_limit, "Stop after S seconds", "S"},
        {"node-limit", 0, 0, G_OPTION_ARG_INT64, &args.node_limit, "Stop after N branched nodes", "N"},
        {"lb2-pairs", 0, 0, G_OPTION_ARG_INT, &args.lb2_pairs, "LB2: use the N strongest machine pairs (0: all)",
         "N"},
        {"gpu-engine", 0, 0, G_OPTION_ARG_STRING, &args.gpu_engine,
         "GPU: device-resident search (default) or CPU branching with GPU bounding", "resident|offload"},
        {"warm-start", 0, 0, G_OPTION_ARG_INT64, &args.warm_start,
         "GPU: without an upper bound, branch the first N nodes on the CPU (default 1048576; 0: none)", "N"},
        {"pool-size", 0, 0, G_OPTION_ARG_INT, &args.pool_size, "GPU: nodes per pool", "N"},
        {"block-size", 0, 0, G_OPTION_ARG_INT, &args.block_size, "GPU: threads per block", "N"},
        {"pool-order", 0, 0, G_OPTION_ARG_STRING, &args.pool_order, "GPU offload: pool order", "bfs|dfs"},
        {"refactor", 0, 0, G_OPTION_ARG_STRING, &args.refactor, "GPU: branch refactoring of the bound kernels",
         "none|trig|select"},
        {"checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &args.checkpoint,
         "Save the search to FILE periodically and when it stops (atomically: FILE.tmp, then rename)", "FILE"},
        {"checkpoint-interval", 0, 0, G_OPTION_ARG_DOUBLE, &args.checkpoint_interval,
         "Seconds between checkpoints (default 60; 0: only when the search stops)", "S"},
        {"resume", 0, 0, G_OPTION_ARG_FILENAME, &args.resume,
         "Continue the search saved in FILE (same instance, --lb, --branch and --lb2-pairs; its upper bound "
         "replaces --ub)",
         "FILE"},
        {"balance", 0, 0, G_OPTION_ARG_STRING, &args.balance,
         "GPU divergence: load balancing of the bound kernel (default none)",
         "none|central|distributed|steal|persistent"},
        {"loading-ratio", 0, 0, G_OPTION_ARG_DOUBLE, &args.loading_ratio,
         "GPU divergence: tasks per thread of the task pools (default adaptive)", "R"},
        {"ccc", 0, 0, G_OPTION_ARG_STRING, &args.ccc, "GPU divergence: collaborative context collection on LB2",
         "on|off"},
        {"cte", 0, 0, G_OPTION_ARG_STRING, &args.cte, "GPU divergence: collaborative task engagement on LB2",
         "on|off"},
        {"subwarp", 0, 0, G_OPTION_ARG_INT, &args.subwarp, "GPU divergence: LB2 with N lanes per node (0: off)",
         "2..32"},
        {"throttle", 0, 0, G_OPTION_ARG_STRING, &args.throttle,
         "GPU divergence: cache-fit throttling of LB2 (default none)", "none|cf|cfq|sj|sjq"},
        {"diagnose", 0, 0, G_OPTION_ARG_FILENAME, &args.diagnose,
         "GPU divergence: write per-task clock traces of the bound kernel on the first pools to FILE", "FILE"},
        {"characterize", 0, 0, G_OPTION_ARG_FILENAME, &args.characterize,
         "Print the tasks, task lengths, I_irre and U_util of the trace in FILE and exit", "FILE"},
        {"json", 0, 0, G_OPTION_ARG_NONE, &args.json, "Print the result as one JSON object", NULL},
        {"quiet", 'q', 0, G_OPTION_ARG_NONE, &args.quiet, "No progress line or notes", NULL},
        {"version", 0, 0, G_OPTION_ARG_NONE, &args.version, "Print the version and exit", NULL},
        {NULL, 0, 0, 0, NULL, NULL, NULL},
    };
    GOptionContext *context = g_option_context_new("INSTANCE");
    g_option_context_add_main_entries(context, file_entries, NULL);
    g_option_context_set_summary(context,
                                 "Solves a permutation flow-shop instance (minimum makespan) to proven optimality.\n"
                                 "INSTANCE is a Taillard name (ta021, ta21) or a file ('-': standard input) in\n"
                                 "Taillard's format, the plain form ('n m', then m rows of n times, one per\n"
                                 "machine) or VRF's ('n m', then a line per job of m pairs 'machine time',\n"
                                 "machines from 0). An ambiguous file is refused: name its format (--format).");
    g_option_context_set_description(context,
                                     "The GPU divergence options (off by default) run the offload GPU engine with "
                                     "the kernels of divergence/;\nat most one of --ccc, --cte, --subwarp, "
                                     "--balance central|distributed|steal and --throttle is on at a time,\nand "
                                     "with --lb lb1 only --diagnose applies.\n"
                                     "Exit status: 0 optimality proven, 1 limit reached, 2 bad usage or input, "
                                     "3 interrupted.");
    g_option_context_add_main_entries(context, entries, NULL);
    GError *error = NULL;
    int exit_status;
    if (!g_option_context_parse(context, &argc, &argv, &error)) {
        fprintf(stderr, "flowshop-bb: %s (see --help)\n", error->message);
        g_error_free(error);
        exit_status = EXIT_USAGE;
    } else if (args.version) {
        printf("flowshop-bb %s (%s)\n", FSBB_VERSION, fsbb_gpu_available(NULL, 0) ? "CUDA GPU found" : "CPU");
        exit_status = EXIT_PROVEN;
    } else if (args.characterize && argc != 1) {
        fprintf(stderr, "flowshop-bb: --characterize takes no INSTANCE (see --help)\n");
        exit_status = EXIT_USAGE;
    } else if (args.characterize) {
        exit_status = characterize(args.characterize);
    } else if (argc != 2) {
        fprintf(stderr, "flowshop-bb: expected one INSTANCE (see --help)\n");
        exit_status = EXIT_USAGE;
    } else {
        exit_status = solve(argv[1], &args);
    }
    g_option_context_free(context);
    g_free(args.lb);
    g_free(args.branch);
    g_free(args.select);
    g_free(args.ub);
    g_free(args.device);
    g_free(args.pool_order);
    g_free(args.refactor);
    g_free(args.gpu_engine);
    g_free(args.checkpoint);
    g_free(args.resume);
    g_free(args.balance);
    g_free(args.ccc);
    g_free(args.cte);
    g_free(args.throttle);
    g_free(args.diagnose);
    g_free(args.characterize);
    g_free(args.format);
    g_free(args.schedule);
    g_free(args.gantt);
    return exit_status;
}
