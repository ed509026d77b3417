/* command_line.c — flowshop-bb's options from the library's table and its own, parsed with
 * GOption, and --help and the manual page from them (command_line.h). */
#include "command_line.h"

#include "help_text.h"

#include <stdio.h>
#include <string.h>

typedef struct program_option {
    const char *name;
    char short_name;       /* 0: none */
    const char *argument;  /* the value's placeholder; NULL for a flag */
    const char *group;     /* --help's heading: one of the library's, or the program's own */
    const char *help;
} program_option;

static const program_option program_options[CLI_OPTION_COUNT] = {
    [CLI_OVERWRITE_CHECKPOINT] = {"overwrite-checkpoint", 0, NULL, "Limits and checkpoints",
                                  "let --checkpoint replace an existing FILE"},
    [CLI_CHARACTERIZE] = {"characterize", 0, "FILE", "GPU divergence (offload engine, LB2)",
                          "print the tasks, task lengths, I_irre and U_util of the trace in FILE and exit (no "
                          "INSTANCE, no GPU needed)"},
    [CLI_FORMAT] = {"format", 0, "auto|taillard|plain|vrf", "Input and output",
                    "read INSTANCE as a file in this format (default auto: from its content)"},
    [CLI_SCHEDULE] = {"schedule", 0, "FILE", "Input and output",
                      "write the schedule found as CSV: job,machine,start,end (jobs and machines from 1); '-': "
                      "standard output, before the result (not with --json)"},
    [CLI_GANTT] = {"gantt", 0, "FILE.svg", "Input and output",
                   "draw the schedule found as a Gantt chart (SVG; FILE must end in .svg)"},
    [CLI_JSON] = {"json", 0, NULL, "Input and output", "print the result, or the error, as one JSON object"},
    [CLI_QUIET] = {"quiet", 'q', NULL, "Input and output",
                   "no progress line or notes on stderr (the progress line, on a terminal, fits its width: the "
                   "least important fields go first; \"eta ?\": no forecast yet)"},
    [CLI_VERSION] = {"version", 'V', NULL, "Input and output",
                     "print the version, the GPU architectures built for and whether this machine's GPU can run "
                     "them, and exit"},
    [CLI_HELP] = {"help", 'h', NULL, "Input and output", "print this help and exit"},
    [CLI_MAN] = {"man", 0, NULL, "Input and output",
                 "print this help as a manual page (roff) and exit: flowshop-bb --man | man -l -"},
};

const char *const fsbb_cli_exit_statuses[] = {
    "the search finished: optimum proven, or proven that no schedule is below the given --ub",
    "a time or node limit or --gap stopped it (the JSON's stop_reason says which), or --search heuristic ended "
    "without proof: best schedule and lower bound printed",
    "bad usage or input, refused before the search: an option or file (for a file, FILE:LINE), two options naming "
    "one file, a --resume checkpoint (or the instance it names gone or changed) or a --checkpoint file; "
    "--device gpu where no usable GPU is found",
    "interrupted by SIGINT, SIGTERM, SIGHUP (the terminal closed, the ssh session dropped; not under nohup, "
    "which ignores it) or SIGUSR1: best schedule and lower bound printed, and with --checkpoint the "
    "search saved (under mpirun, send SIGUSR1 to mpirun, which forwards it to every rank: on SIGINT or SIGTERM "
    "mpirun ends the job itself, and only a checkpoint keeps the search)",
    "run-time failure (GPU, memory, threads, custom-bound compile: the best schedule found before it is printed, "
    "with no proven lower bound) or output that could not be written (standard output, --schedule, --gantt, --log: what "
    "could be written is)",
    "the GPU has no kernel in this build (its compute capability is not among the architectures it was compiled "
    "for: see --version); checked before the search",
    NULL,
};

/* The short names of library options. */
static char short_name_of(const char *name)
{
    return strcmp(name, "threads") == 0 ? 't' : 0;
}

/* 1 for a library option flowshop-bb offers. */
static int offered(const fsbb_option_spec *spec)
{
    return !(spec->flags & FSBB_OPTION_LIBRARY);
}

/* How --help names the value: the words with the default first ("dyn|fwd|bwd"), the
 * placeholder after them for an upper bound ("heuristic|opt|inf|N"), or the placeholder. */
static gchar *argument_of(const fsbb_option_spec *spec)
{
    if (!spec->words)
        return g_strdup(spec->placeholder);
    GString *text = g_string_new(spec->default_value);
    for (int w = 0; spec->words[w]; w++)
        if (strcmp(spec->words[w], spec->default_value) != 0)
            g_string_append_printf(text, "|%s", spec->words[w]);
    if (spec->kind == FSBB_OPTION_UPPER_BOUND)
        g_string_append_printf(text, "|%s", spec->placeholder);
    return g_string_free(text, FALSE);
}

static int solver_option_count(void)
{
    int count = 0;
    while (fsbb_option_info(count))
        count++;
    return count;
}

static void add_entry(GOptionEntry *entry, const char *name, char short_name, int flags, gboolean takes_value,
                      gpointer data, const char *help, const char *argument)
{
    entry->long_name = name;
    entry->short_name = short_name;
    entry->flags = flags;
    entry->arg = takes_value ? G_OPTION_ARG_FILENAME : G_OPTION_ARG_NONE;
    entry->arg_data = data;
    entry->description = help;
    entry->arg_description = argument;
}

/* 1 when the short option letter takes a value. */
static int short_takes_value(const fsbb_cli_command_line *line, char letter)
{
    for (const GOptionEntry *entry = line->entries; entry->long_name; entry++)
        if (entry->short_name == letter)
            return entry->arg != G_OPTION_ARG_NONE;
    return 0;
}

/* getopt's "-t4" for "-t 4", which GOption does not read: argv becomes a copy (owned by
 * line) with each such argument in two, up to a "--". */
static void split_attached_values(fsbb_cli_command_line *line, int *argc, char ***argv)
{
    line->argv = g_ptr_array_new();
    int split = 0, ended = 0;
    for (int a = 0; a < *argc; a++) {
        char *arg = (*argv)[a];
        ended = ended || strcmp(arg, "--") == 0;
        if (a > 0 && !ended && arg[0] == '-' && arg[1] != '-' && arg[1] && arg[2] && short_takes_value(line, arg[1])) {
            gchar *letter = g_strndup(arg, 2);
            g_ptr_array_add(line->texts, letter);
            g_ptr_array_add(line->argv, letter);
            g_ptr_array_add(line->argv, arg + 2);
            split = 1;
        } else {
            g_ptr_array_add(line->argv, arg);
        }
    }
    g_ptr_array_add(line->argv, NULL);
    if (split) {
        *argc = (int)line->argv->len - 1;
        *argv = (char **)line->argv->pdata;
    }
}

/* GOption leaves "--" among the arguments when one after it starts with '-': the first
 * "--" only ends the options, and goes. */
static void drop_end_of_options(int *argc, char **argv)
{
    for (int a = 1; a < *argc; a++)
        if (strcmp(argv[a], "--") == 0) {
            memmove(&argv[a], &argv[a + 1], sizeof *argv * (size_t)(*argc - a));
            (*argc)--;
            return;
        }
}

gboolean fsbb_cli_parse(fsbb_cli_command_line *line, int *argc, char ***argv, GError **error)
{
    memset(line, 0, sizeof *line);
    line->solver_count = solver_option_count();
    line->solver_values = g_new0(gchar *, line->solver_count);
    line->texts = g_ptr_array_new_with_free_func(g_free);
    /* A library option and its alias, then the program's options, then the end. */
    line->entries = g_new0(GOptionEntry, 2 * (size_t)line->solver_count + CLI_OPTION_COUNT + 1);
    int e = 0;
    for (int o = 0; o < line->solver_count; o++) {
        const fsbb_option_spec *spec = fsbb_option_info(o);
        if (!offered(spec))
            continue;
        gchar *argument = argument_of(spec);
        g_ptr_array_add(line->texts, argument);
        add_entry(&line->entries[e++], spec->name, short_name_of(spec->name), 0, TRUE, &line->solver_values[o],
                  spec->help, argument);
        if (spec->alias)
            add_entry(&line->entries[e++], spec->alias, 0, G_OPTION_FLAG_HIDDEN, TRUE, &line->solver_values[o],
                      spec->help, argument);
    }
    for (int o = 0; o < CLI_OPTION_COUNT; o++) {
        const program_option *option = &program_options[o];
        add_entry(&line->entries[e++], option->name, option->short_name, 0, option->argument != NULL,
                  option->argument ? (gpointer)&line->values[o] : (gpointer)&line->flags[o], option->help,
                  option->argument);
    }
    split_attached_values(line, argc, argv);
    GOptionContext *context = g_option_context_new("INSTANCE");
    g_option_context_set_help_enabled(context, FALSE);
    g_option_context_add_main_entries(context, line->entries, NULL);
    const gboolean parsed = g_option_context_parse(context, argc, argv, error);
    g_option_context_free(context);
    if (parsed)
        drop_end_of_options(argc, *argv);
    return parsed;
}

void fsbb_cli_command_line_free(fsbb_cli_command_line *line)
{
    for (int o = 0; o < line->solver_count; o++)
        g_free(line->solver_values[o]);
    g_free(line->solver_values);
    for (int o = 0; o < CLI_OPTION_COUNT; o++)
        g_free(line->values[o]);
    g_free(line->entries);
    if (line->texts)
        g_ptr_array_free(line->texts, TRUE);
    if (line->argv)
        g_ptr_array_free(line->argv, TRUE);
    memset(line, 0, sizeof *line);
}

const char *fsbb_cli_solver_value(const fsbb_cli_command_line *line, const char *name)
{
    for (int o = 0; o < line->solver_count; o++)
        if (strcmp(fsbb_option_info(o)->name, name) == 0)
            return line->solver_values[o];
    return NULL;
}

gboolean fsbb_cli_apply(const fsbb_cli_command_line *line, fsbb_options *options, fsbb_error *err)
{
    for (int o = 0; o < line->solver_count; o++)
        if (line->solver_values[o] &&
            fsbb_options_set(options, fsbb_option_info(o)->name, line->solver_values[o], err) != FSBB_OK)
            return FALSE;
    return !line->flags[CLI_OVERWRITE_CHECKPOINT] ||
           fsbb_options_set(options, "overwrite-checkpoint", "on", err) == FSBB_OK;
}

/* The options under their headings: the library's headings in its order, each with the
 * program's options of that heading after the library's, then the program's own headings. */
static void append_options(fsbb_cli_help *help)
{
    GPtrArray *groups = g_ptr_array_new();
    for (int o = 0; fsbb_option_info(o); o++)
        if (offered(fsbb_option_info(o)) && !g_ptr_array_find_with_equal_func(groups, fsbb_option_info(o)->group,
                                                                               g_str_equal, NULL))
            g_ptr_array_add(groups, (gpointer)fsbb_option_info(o)->group);
    for (int o = 0; o < CLI_OPTION_COUNT; o++)
        if (!g_ptr_array_find_with_equal_func(groups, program_options[o].group, g_str_equal, NULL))
            g_ptr_array_add(groups, (gpointer)program_options[o].group);
    fsbb_cli_help_heading(help, 0, "Options");
    for (guint g = 0; g < groups->len; g++) {
        const char *group = g_ptr_array_index(groups, g);
        fsbb_cli_help_heading(help, 2, group);
        for (int o = 0; fsbb_option_info(o); o++) {
            const fsbb_option_spec *spec = fsbb_option_info(o);
            if (!offered(spec) || strcmp(spec->group, group) != 0)
                continue;
            gchar *argument = argument_of(spec);
            fsbb_cli_help_option(help, short_name_of(spec->name), spec->name, argument, spec->help);
            g_free(argument);
        }
        for (int o = 0; o < CLI_OPTION_COUNT; o++)
            if (strcmp(program_options[o].group, group) == 0)
                fsbb_cli_help_option(help, program_options[o].short_name, program_options[o].name,
                                     program_options[o].argument, program_options[o].help);
    }
    g_ptr_array_free(groups, TRUE);
}

void fsbb_cli_print_help(FILE *file, fsbb_cli_help_format format)
{
    static const char *const usages[] = {"[OPTION...] INSTANCE", "[OPTION...] --resume FILE", "--characterize FILE",
                                         NULL};
    GString *out = g_string_new(NULL);
    fsbb_cli_help help;
    fsbb_cli_help_begin(&help, out, format, "flowshop-bb", FSBB_VERSION,
                        "solve permutation flow-shop instances to proven optimality by branch-and-bound", usages);
    fsbb_cli_help_paragraph(&help,
                            "Solves a permutation flow-shop instance (minimum makespan) to proven optimality "
                            "by branch-and-bound, and prints the best schedule, its makespan and the proven "
                            "lower bound.");
    gchar *instance = g_strdup_printf(
        "INSTANCE is a Taillard name (ta001 to ta120; ta21 and TA021 too), built in, or the path of a "
        "file ('-': standard input) in Taillard's format, in the plain form (\"n m\", then m lines of n "
        "processing times, line k: machine k) or in VRF's (\"n m\", then a line per job of m pairs "
        "\"machine time\", machines from 0); an ambiguous file is refused: name its format with --format. "
        "A Taillard name always means the built-in instance, even when a file of that "
        "name is in the current folder: write ./ta005 to read such a file. A file holds at most %d jobs "
        "and %d machines, times from 0 to %d, and the sum of all its times is at most %d.",
        FSBB_MAX_JOBS, FSBB_MAX_MACHINES, FSBB_MAX_TIME, FSBB_MAX_TOTAL_TIME);
    fsbb_cli_help_paragraph(&help, instance);
    g_free(instance);
    fsbb_cli_help_paragraph(&help,
                            "--resume FILE alone continues the search saved in FILE on the instance it names: a "
                            "Taillard name, or a file by the absolute path it had when the search began, read in "
                            "the same format; the checkpoint keeps a digest of the instance's data, and a file "
                            "gone or changed since is refused (status 2). An instance read from standard input "
                            "must be given again ('-'). INSTANCE --resume FILE checks INSTANCE against the "
                            "digest.");
    append_options(&help);
    fsbb_cli_help_paragraph(&help,
                            "The GPU divergence options are off by default and run the offload engine with "
                            "the kernels of divergence/; at most one of --ccc, --cte, --subwarp, --balance "
                            "central|distributed|steal and --throttle is on at a time, and with --lb lb1 only "
                            "--diagnose applies.");
    fsbb_cli_help_heading(&help, 1, "Exit status");
    for (int status = 0; fsbb_cli_exit_statuses[status]; status++) {
        char term[4];
        snprintf(term, sizeof term, "%d", status);
        fsbb_cli_help_term(&help, term, fsbb_cli_exit_statuses[status], 6);
    }
    fsbb_cli_help_paragraph(&help,
                            "With --json, an error that leaves no result is also printed on stdout as "
                            "{\"error\": MESSAGE, \"status\": NAME, \"exit\": STATUS}; a result carries "
                            "\"error\" and \"exit\" too.");
    fsbb_cli_help_heading(&help, 1, "Examples");
    static const char *const examples[][2] = {
        {"flowshop-bb ta021 --ub opt --threads 2",
         "prove the optimum of ta021 (2297) with two threads (about 2.5 minutes on two cores)"},
        {"flowshop-bb ta056 --time-limit 60 --json", "the best schedule found in a minute, as one JSON object"},
        {"flowshop-bb ta056 --gap 1% --time-limit 600 --log ta056.jsonl",
         "search until the gap is 1 % or less, at most 10 minutes (on two CPU cores the gap was still 5 % "
         "after a minute: ta056's lower bound rises slowly), logging the progress (flowshop-sweep plot-log ta056.jsonl draws it)"},
        {"flowshop-bb ta056 --checkpoint ta056.ckpt",
         "Ctrl-C saves the search; flowshop-bb --resume ta056.ckpt --checkpoint ta056.ckpt goes on with it"},
        {"flowshop-bb ta001 --schedule ta001.csv --gantt ta001.svg", "the schedule as CSV and as a Gantt chart"},
        {"flowshop-bb instances/vrf/ta001.txt --schedule -", "a file in VRF's format; the schedule's CSV on stdout"},
        {"mpirun -np 4 flowshop-bb ta021 --ub opt --threads 1", "four ranks of one thread each (a build with MPI)"},
    };
    for (size_t e = 0; e < G_N_ELEMENTS(examples); e++)
        fsbb_cli_help_example(&help, examples[e][0], examples[e][1]);
    fsbb_cli_help_heading(&help, 1, "See also");
    fsbb_cli_help_paragraph(&help,
                            "flowshop-sweep --help: runs the experiments of a sweep file (instances x options x "
                            "repeats) with flowshop-bb, tabulates and plots them, and draws a --log file "
                            "(flowshop-sweep plot-log FILE). README.md and docs/ of the source tree: the user "
                            "guide, the library (docs/library.md) and the architecture.");
    fputs(out->str, file);
    g_string_free(out, TRUE);
}
