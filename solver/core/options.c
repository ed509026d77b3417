/* options.c — the option table: each option's name, kind, words or range, default, heading
 * and help, and the field of fsbb_options it sets. fsbb_options_new sets every default
 * from the table's text, fsbb_options_set parses a value by its kind, fsbb_options_get
 * writes it back, fsbb_option_info hands the table to programs (flowshop-bb's command line
 * and --help), and the checkpoint's check and the engines read the typed fields. */
#include "options.h"

#include "error.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How an option's value is held in struct fsbb_options. */
typedef enum field_type {
    FIELD_INT,      /* int, or an enum (the value is the word's index) */
    FIELD_UINT64,
    FIELD_DOUBLE,
    FIELD_FRACTION, /* double, also written in percent: "5%" is 0.05 */
    FIELD_PATH,     /* char *, NULL for none */
    FIELD_UB,       /* ub_kind (the word's index, or FSBB_UB_VALUE) and ub_value */
    FIELD_WORD_OR_INT /* int: a number of the range, or word w held as -1 - w (heuristic-threads auto: -1) */
} field_type;

/* A rule beyond the range (block-size: a multiple of 32): FSBB_OK, or the error. */
typedef fsbb_status (*value_rule)(const char *name, const char *text, long long value, fsbb_error *err);

typedef struct option_entry {
    fsbb_option_spec spec;
    field_type type;
    size_t offset;           /* of the field in struct fsbb_options */
    const char *expected;    /* what the refusal of a bad value says is expected; NULL: from the kind */
    value_rule rule;
} option_entry;

/* Enums are held and set as ints. */
_Static_assert(sizeof(fsbb_lb_kind) == sizeof(int) && sizeof(fsbb_div_balance) == sizeof(int),
               "word options are held as ints");

static const char *const lb_words[] = {"lb1", "lb2", "auto", NULL};
static const char *const branch_words[] = {"fwd", "bwd", "dyn", NULL};
static const char *const select_words[] = {"dfs", "bfs", "best", NULL};
static const char *const ub_words[] = {"heuristic", "neh", "opt", "inf", NULL};
static const char *const search_words[] = {"exact", "heuristic", NULL};
static const char *const auto_words[] = {"auto", NULL};
static const char *const device_words[] = {"auto", "cpu", "gpu", NULL};
static const char *const refactor_words[] = {"none", "trig", "select", NULL};
static const char *const pool_order_words[] = {"bfs", "dfs", NULL};
static const char *const gpu_engine_words[] = {"resident", "offload", NULL};
static const char *const switch_words[] = {"off", "on", NULL};
static const char *const distributed_words[] = {"off", "auto", "on", NULL};

/* The longest time option: about 31 years. */
#define MAX_SECONDS 1e9
#define MAX_COUNT 4611686018427387904.0 /* 2^62 */

static fsbb_status multiple_of_32(const char *name, const char *text, long long value, fsbb_error *err)
{
    if (value % 32 == 0)
        return FSBB_OK;
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (a multiple of 32)", text, name);
}

static fsbb_status power_of_two_or_zero(const char *name, const char *text, long long value, fsbb_error *err)
{
    if (value != 1 && (value & (value - 1)) == 0)
        return FSBB_OK;
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (expected 2, 4, 8, 16, 32 or 0)", text, name);
}

#define FIELD(member) offsetof(struct fsbb_options, member)
#define WORDS(list) .kind = FSBB_OPTION_WORD, .words = list
#define INTEGER(low, high) .kind = FSBB_OPTION_INTEGER, .minimum = low, .maximum = high, .placeholder = "N"
#define SECONDS .kind = FSBB_OPTION_NUMBER, .minimum = 0, .maximum = MAX_SECONDS, .placeholder = "S"
#define FILE_NAME .kind = FSBB_OPTION_FILE, .placeholder = "FILE"

static const option_entry table[] = {
    /* Search */
    {{.name = "search", WORDS(search_words), .default_value = "exact", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "exact: branch-and-bound to proven optimality (default); heuristic: only the iterated-greedy heuristic "
              "on --threads walks, until --heuristic-iterations, the time limit or, without either, n*m/2*60 ms of "
              "CPU per walk (not proven optimal unless it meets the root's lower bound)"},
     FIELD_INT, FIELD(search), NULL, NULL},
    {{.name = "heuristic-threads", .kind = FSBB_OPTION_UPPER_BOUND, .words = auto_words, .minimum = 0,
      .maximum = 4096, .placeholder = "N", .default_value = "auto", .group = "Search",
      .help = "heuristic walks beside the exact search, each better schedule its upper bound at once (0: none; "
              "default auto: all cores but two beside a GPU engine; beside the CPU engine one, its core taken from "
              "the search's when --threads is 0, from 8 cores on, none below; the cores of a distributed rank are "
              "its share of its host's)"},
     FIELD_WORD_OR_INT, FIELD(heuristic_threads), "expected auto or an integer from 0 to 4096", NULL},
    {{.name = "seed", INTEGER(0, MAX_COUNT), .default_value = "1", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "seed of the heuristic's walks (default 1): one walk with --heuristic-iterations repeats exactly"},
     FIELD_UINT64, FIELD(seed), NULL, NULL},
    {{.name = "heuristic-iterations", INTEGER(0, MAX_COUNT), .default_value = "0", .group = "Search",
      .help = "--search heuristic: iterations per walk (default 0: none)"},
     FIELD_UINT64, FIELD(heuristic_iterations), NULL, NULL},
    {{.name = "lb", WORDS(lb_words), .default_value = "lb1", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "lower bound: LB1, LB1 refined by LB2 on the children it keeps, or auto: LB2 where the search "
              "measures that it pays (CPU and resident GPU engines; LB1 on the offload engine). Default: auto on "
              "the CPU and resident GPU engines (lb1 when LB2's tables would not fit), lb1 on the offload engine"},
     FIELD_INT, FIELD(lb), NULL, NULL},
    {{.name = "lb2-pairs", INTEGER(0, 1000000), .default_value = "0", .group = "Search",
      .help = "LB2 with the N strongest machine pairs (default 0: all). LB2's tables, built only for --lb lb2 or "
              "auto, take 8 (n + 1) bytes a pair: a solve whose tables would exceed half the physical memory, or "
              "2^31 - 1 entries, is refused (without --lb, the default auto runs LB1 instead)"},
     FIELD_INT, FIELD(lb2_pairs), NULL, NULL},
    {{.name = "branch", WORDS(branch_words), .default_value = "dyn", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "branching: dynamic bidirectional (default), forward or backward"},
     FIELD_INT, FIELD(branch), NULL, NULL},
    {{.name = "select", WORDS(select_words), .default_value = "dfs", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "node selection: depth first (default), breadth first or best first (these two leave the deep "
              "subtrees, where the work is, for last: their progress shows neither the share of the tree done "
              "nor a forecast of the end)"},
     FIELD_INT, FIELD(select), NULL, NULL},
    {{.name = "ub", .kind = FSBB_OPTION_UPPER_BOUND, .words = ub_words, .minimum = 1, .maximum = 2000000000,
      .placeholder = "N", .default_value = "heuristic", .group = "Search", .flags = FSBB_OPTION_ECHOED,
      .help = "initial upper bound: the iterated-greedy heuristic for n*m/2*0.25 ms of CPU per walk, at most 1 s, "
              "one walk a thread (default), NEH plus a short local search, the best-known makespan of a Taillard "
              "instance, none, or a makespan N: only schedules below N are searched for (N = the optimum + 1 finds an "
              "optimal one; N = the optimum proves that none is below it)"},
     FIELD_UB, FIELD(ub_kind), "expected heuristic|neh|opt|inf or a positive makespan", NULL},
    {{.name = "threads", INTEGER(0, 4096), .default_value = "0", .group = "Search",
      .help = "CPU threads, and the offload GPU engine's host loops (default 0: one per core the process may run "
              "on, its CPU affinity; in a distributed search one per core of the rank's share of its host's, or "
              "of the cores it is bound to where fewer; more than the cores add no speed, and on a shared machine take "
              "the other processes' share of the cores)"},
     FIELD_INT, FIELD(threads), NULL, NULL},
    {{.name = "device", WORDS(device_words), .default_value = "cpu", .group = "Search",
      .help = "where to search (default cpu); auto takes a GPU when there is one"},
     FIELD_INT, FIELD(device), NULL, NULL},
    /* Limits and checkpoints */
    {{.name = "time-limit", SECONDS, .default_value = "0", .group = "Limits and checkpoints",
      .help = "stop after S seconds, 0 to 1e9 (default 0: no limit); the best schedule and the proven lower "
              "bound are printed"},
     FIELD_DOUBLE, FIELD(time_limit_s), NULL, NULL},
    {{.name = "node-limit", INTEGER(0, MAX_COUNT), .default_value = "0", .group = "Limits and checkpoints",
      .help = "stop after N branched nodes (default 0: no limit; a CPU thread looks every 256 nodes, a GPU "
              "engine every batch)"},
     FIELD_UINT64, FIELD(node_limit), NULL, NULL},
    {{.name = "gap", .kind = FSBB_OPTION_NUMBER, .minimum = 0, .maximum = 1, .placeholder = "G",
      .default_value = "0", .group = "Limits and checkpoints",
      .help = "stop once the relative gap (incumbent - lower bound) / incumbent is G or less, 0 to 1 or in "
              "percent, 0% to 100% (5% is 0.05; default 0: off); the lower bound is the least bound of the open "
              "tree, measured about every second (in a distributed search summed over the ranks; not while a "
              "GPU rank runs, whose device pool is counted only at the end). Stopped so, the status "
              "says \"gap reached\", the JSON's stop_reason \"gap\" (its gap_limit is G), and the exit status is 1"},
     FIELD_FRACTION, FIELD(gap), "expected a relative gap from 0 to 1, or in percent from 0% to 100%", NULL},
    {{.name = "checkpoint", FILE_NAME, .default_value = "", .group = "Limits and checkpoints",
      .flags = FSBB_OPTION_WRITTEN,
      .help = "save the search to FILE periodically, on SIGINT, SIGTERM or SIGHUP and when it stops (atomically: a "
              "new file FILE.XXXXXX beside it, then a rename; no other file is touched). Checked before the "
              "search: FILE's folder must take a new file, and an "
              "existing FILE is replaced only when it is the --resume file or with --overwrite-checkpoint"},
     FIELD_PATH, FIELD(checkpoint_path), NULL, NULL},
    {{.name = "overwrite-checkpoint", WORDS(switch_words), .default_value = "off", .group = "Limits and checkpoints",
      .flags = FSBB_OPTION_LIBRARY,
      .help = "on: let checkpoint replace an existing file; off (default): a solve whose checkpoint file exists is "
              "refused before it starts (FSBB_ERR_ARGUMENT) unless that file is the resume file. flowshop-bb's "
              "flag --overwrite-checkpoint sets it"},
     FIELD_INT, FIELD(overwrite_checkpoint), NULL, NULL},
    {{.name = "checkpoint-interval", SECONDS, .default_value = "60", .group = "Limits and checkpoints",
      .help = "seconds between checkpoints (default 60; 0: only when the search stops)"},
     FIELD_DOUBLE, FIELD(checkpoint_interval_s), NULL, NULL},
    {{.name = "resume", FILE_NAME, .default_value = "", .group = "Limits and checkpoints",
      .help = "continue the search saved in FILE, on the instance it names when none is given (an instance "
              "given must match its digest) and with its --lb, --branch and --lb2-pairs when those are not "
              "given (given, they must match); its upper bound replaces "
              "--ub, and the limits count the time and nodes of the earlier runs too"},
     FIELD_PATH, FIELD(resume_path), NULL, NULL},
    /* Distributed search */
    {{.name = "distributed", WORDS(distributed_words), .default_value = "off",
      .group = "Distributed search (mpirun -np N flowshop-bb ...; a build with MPI)",
      .help = "whether the solve is one rank of a search spread over the processes of an MPI job: off (the "
              "library's default: each process solves on its own, whatever launched it), auto (when started by an "
              "MPI launcher, mpirun or srun: flowshop-bb's default) or on (always; every rank must solve the same "
              "instance with the same --lb, --branch, --lb2-pairs and custom bounds, or every rank fails). MPI "
              "that a program started itself stays its own (never ended by the library: it needs "
              "MPI_THREAD_FUNNELED from the thread that started MPI, MPI_THREAD_SERIALIZED from another); MPI "
              "started by the library ends with the solve: one distributed solve per process"},
     FIELD_INT, FIELD(distributed), NULL, NULL},
    {{.name = "gpu-ranks", INTEGER(0, 1 << 20), .default_value = "0",
      .group = "Distributed search (mpirun -np N flowshop-bb ...; a build with MPI)",
      .help = "with --device gpu or auto, the first N ranks of each host take a GPU (ranks share a host's GPUs "
              "round-robin), the others search with --threads (default 0: every rank takes a GPU; with --device "
              "auto a rank without one searches with threads)"},
     FIELD_INT, FIELD(gpu_ranks), NULL, NULL},
    {{.name = "steal-nodes", INTEGER(1, 1 << 30), .default_value = "65536",
      .group = "Distributed search (mpirun -np N flowshop-bb ...; a build with MPI)",
      .help = "most open nodes an idle rank takes from another at once (default 65536)"},
     FIELD_INT, FIELD(steal_nodes), NULL, NULL},
    {{.name = "message-delay", SECONDS, .default_value = "0",
      .group = "Distributed search (mpirun -np N flowshop-bb ...; a build with MPI)",
      .help = "for tests of the protocol: each message with nodes, steal request or termination token waits up "
              "to S seconds at random (default 0)"},
     FIELD_DOUBLE, FIELD(message_delay_s), NULL, NULL},
    /* GPU */
    {{.name = "gpu-engine", WORDS(gpu_engine_words), .default_value = "resident", .group = "GPU",
      .help = "device-resident search (default), or CPU branching with GPU bounding"},
     FIELD_INT, FIELD(gpu_engine), NULL, NULL},
    {{.name = "warm-start", INTEGER(0, MAX_COUNT), .default_value = "1048576", .group = "GPU",
      .help = "resident engine without an upper bound: branch the first N nodes on the CPU (default 1048576; "
              "0: none)"},
     FIELD_UINT64, FIELD(warm_start_nodes), NULL, NULL},
    {{.name = "pool-size", INTEGER(0, 1 << 28), .default_value = "0", .group = "GPU",
      .help = "nodes per pool (default 0: the engine's)"},
     FIELD_INT, FIELD(pool_size), NULL, NULL},
    {{.name = "block-size", INTEGER(32, 1024), .default_value = "128", .group = "GPU",
      .help = "threads per block, a multiple of 32 (default 128)"},
     FIELD_INT, FIELD(block_size), NULL, multiple_of_32},
    {{.name = "pool-order", WORDS(pool_order_words), .default_value = "bfs", .group = "GPU",
      .help = "offload engine: pool order (default bfs)"},
     FIELD_INT, FIELD(pool_order), NULL, NULL},
    {{.name = "branch-free", .alias = "refactor", WORDS(refactor_words), .default_value = "select",
      .group = "GPU",
      .help = "offload engine: branch-free rewrite of the bound kernels: none, trig (coefficients from cos and "
              "exp, as Chakroun et al.; at most 1024 jobs and a total work below 2^24) or select (default: "
              "predicates and min/max). Former name: --refactor, still taken"},
     FIELD_INT, FIELD(refactor), NULL, NULL},
    /* GPU divergence */
    {{.name = "balance", WORDS(fsbb_div_balance_names), .default_value = "none",
      .group = "GPU divergence (offload engine, LB2)", .help = "load balancing of the bound kernel (default none)"},
     FIELD_INT, FIELD(divergence.balance), NULL, NULL},
    {{.name = "loading-ratio", .kind = FSBB_OPTION_NUMBER, .minimum = 0, .maximum = 1e6, .placeholder = "R",
      .default_value = "0", .group = "GPU divergence (offload engine, LB2)",
      .help = "tasks per thread of the task pools (default 0: adaptive)"},
     FIELD_DOUBLE, FIELD(divergence.loading_ratio), "expected tasks per thread > 0, or 0 for adaptive", NULL},
    {{.name = "ccc", WORDS(switch_words), .default_value = "off", .group = "GPU divergence (offload engine, LB2)",
      .help = "collaborative context collection"},
     FIELD_INT, FIELD(divergence.ccc), NULL, NULL},
    {{.name = "cte", WORDS(switch_words), .default_value = "off", .group = "GPU divergence (offload engine, LB2)",
      .help = "collaborative task engagement"},
     FIELD_INT, FIELD(divergence.cte), NULL, NULL},
    {{.name = "subwarp", INTEGER(0, 32), .default_value = "0", .group = "GPU divergence (offload engine, LB2)",
      .help = "N lanes per node: 2, 4, 8, 16 or 32 (default 0: off)"},
     FIELD_INT, FIELD(divergence.subwarp), NULL, power_of_two_or_zero},
    {{.name = "throttle", WORDS(fsbb_div_throttle_names), .default_value = "none",
      .group = "GPU divergence (offload engine, LB2)", .help = "cache-fit throttling (default none)"},
     FIELD_INT, FIELD(divergence.throttle), NULL, NULL},
    {{.name = "diagnose", FILE_NAME, .default_value = "", .group = "GPU divergence (offload engine, LB2)",
      .flags = FSBB_OPTION_WRITTEN,
      .help = "write per-task clock traces of the bound kernel on the first pools to FILE"},
     FIELD_PATH, FIELD(divergence.diagnose_path), NULL, NULL},
    /* Custom bounds */
    {{.name = "verify", INTEGER(0, 1000000), .default_value = "0", .group = "Custom bounds",
      .flags = FSBB_OPTION_LIBRARY,
      .help = "before solving, check each custom CPU bound with fsbb_bound_verify on N random instances (default "
              "0: off)"},
     FIELD_INT, FIELD(verify), NULL, NULL},
    /* Progress log */
    {{.name = "log", FILE_NAME, .default_value = "", .group = "Input and output",
      .flags = FSBB_OPTION_WRITTEN,
      .help = "write the solve's progress to FILE as JSON lines: one describing the run (instance, engine, "
              "options), one every --log-interval seconds (time, nodes, rate, incumbent, lower bound, gap, "
              "fraction of the tree done, forecast of the time left, open nodes; null where not known: the "
              "forecast until the share done rose over the later half of the run, the share and forecast with "
              "--select bfs|best) and the "
              "result. Each line is flushed whole, so a killed run leaves a readable log; a write that fails "
              "(a full disk) ends the log at its last whole line, is said once and makes the exit status 4. FILE "
              "is replaced; a folder, a checkpoint, standard output, - or the --checkpoint, --resume or "
              "--diagnose file is refused. Under mpirun rank 0 writes it. flowshop-sweep plot-log FILE draws it"},
     FIELD_PATH, FIELD(log_path), NULL, NULL},
    {{.name = "log-interval", .kind = FSBB_OPTION_NUMBER, .minimum = 0.01, .maximum = MAX_SECONDS,
      .placeholder = "S", .default_value = "2", .group = "Input and output",
      .help = "seconds between the lines of --log (default 2)"},
     FIELD_DOUBLE, FIELD(log_interval_s), "expected seconds from 0.01 to 1e9", NULL},
};

enum { OPTION_COUNT = sizeof table / sizeof *table };
_Static_assert(OPTION_COUNT <= 64, "fsbb_options.given holds a bit an option");

const fsbb_option_spec *fsbb_option_info(int index)
{
    return index >= 0 && index < OPTION_COUNT ? &table[index].spec : NULL;
}

static const option_entry *find(const char *name)
{
    for (int o = 0; o < OPTION_COUNT; o++)
        if (strcmp(table[o].spec.name, name) == 0 || (table[o].spec.alias && strcmp(table[o].spec.alias, name) == 0))
            return &table[o];
    return NULL;
}

static void *field(fsbb_options *options, const option_entry *entry)
{
    return (char *)options + entry->offset;
}

static const void *field_of(const fsbb_options *options, const option_entry *entry)
{
    return (const char *)options + entry->offset;
}

/* The index of text in words, or -1. */
static int word_index(const char *const *words, const char *text)
{
    for (int w = 0; words[w]; w++)
        if (strcmp(words[w], text) == 0)
            return w;
    return -1;
}

/* Writes the refusal of text for entry: "invalid value 'x' for lb (expected lb1|lb2|auto)". */
static fsbb_status refuse(const option_entry *entry, const char *text, fsbb_error *err)
{
    const fsbb_option_spec *spec = &entry->spec;
    char expected[160] = "";
    if (entry->expected) {
        snprintf(expected, sizeof expected, "%s", entry->expected);
    } else if (spec->kind == FSBB_OPTION_WORD) {
        size_t used = (size_t)snprintf(expected, sizeof expected, "expected ");
        for (int w = 0; spec->words[w] && used < sizeof expected; w++)
            used += (size_t)snprintf(expected + used, sizeof expected - used, "%s%s", w ? "|" : "", spec->words[w]);
    } else if (spec->kind == FSBB_OPTION_INTEGER) {
        snprintf(expected, sizeof expected, "expected an integer from %.0f to %.0f", spec->minimum, spec->maximum);
    } else {
        snprintf(expected, sizeof expected, "expected seconds from %.0f to %.0f", spec->minimum, spec->maximum);
    }
    return fsbb_fail(err, FSBB_ERR_ARGUMENT, "invalid value '%s' for %s (%s)", text, spec->name, expected);
}

/* A whole number from the option's range; -1 when text is not one. */
static int parse_integer(const fsbb_option_spec *spec, const char *text, long long *out)
{
    char *end;
    errno = 0;
    const long long parsed = strtoll(text, &end, 10);
    if (errno || end == text || *end != '\0' || parsed < (long long)spec->minimum ||
        parsed > (long long)spec->maximum)
        return -1;
    *out = parsed;
    return 0;
}

/* A number from the option's range; -1 when text is not one. "-0" is read as 0, so that
 * the value echoed (fsbb_options_get, the JSON) is "0". */
static int parse_number(const fsbb_option_spec *spec, const char *text, double *out)
{
    char *end;
    errno = 0;
    const double parsed = strtod(text, &end);
    if (errno || end == text || *end != '\0' || !(parsed >= spec->minimum) || parsed > spec->maximum)
        return -1;
    *out = parsed == 0 ? 0.0 : parsed;
    return 0;
}

/* A fraction from the option's range, or the same in percent ("5%": 0.05). */
static int parse_fraction(const option_entry *entry, const char *text, double *out)
{
    const size_t length = strlen(text);
    if (length < 2 || text[length - 1] != '%')
        return parse_number(&entry->spec, text, out);
    char number[64];
    if (length > sizeof number)
        return -1;
    memcpy(number, text, length - 1);
    number[length - 1] = '\0';
    fsbb_option_spec in_percent = entry->spec;
    in_percent.minimum *= 100;
    in_percent.maximum *= 100;
    double percent;
    if (parse_number(&in_percent, number, &percent) != 0 || number[0] == ' ')
        return -1;
    *out = percent / 100;
    return 0;
}

static fsbb_status set_path(char **path, const char *text, fsbb_error *err)
{
    char *copy = NULL;
    if (text[0] && !(copy = strdup(text)))
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a file name");
    free(*path);
    *path = copy;
    return FSBB_OK;
}

static fsbb_status set_upper_bound(fsbb_options *options, const option_entry *entry, const char *text,
                                   fsbb_error *err)
{
    const int word = word_index(entry->spec.words, text);
    long long value = 0;
    if (word < 0 && parse_integer(&entry->spec, text, &value) != 0)
        return refuse(entry, text, err);
    options->ub_kind = word >= 0 ? (fsbb_ub_kind)word : FSBB_UB_VALUE;
    options->ub_value = word >= 0 ? 0 : (int)value;
    return FSBB_OK;
}

static fsbb_status set_value(fsbb_options *options, const option_entry *entry, const char *text, fsbb_error *err)
{
    const fsbb_option_spec *spec = &entry->spec;
    switch (entry->type) {
    case FIELD_PATH:
        return set_path(field(options, entry), text, err);
    case FIELD_UB:
        return set_upper_bound(options, entry, text, err);
    case FIELD_WORD_OR_INT: {
        const int word = word_index(spec->words, text);
        long long value = 0;
        if (word < 0 && parse_integer(spec, text, &value) != 0)
            return refuse(entry, text, err);
        *(int *)field(options, entry) = word >= 0 ? -1 - word : (int)value;
        return FSBB_OK;
    }
    case FIELD_DOUBLE:
    case FIELD_FRACTION: {
        double value;
        if ((entry->type == FIELD_FRACTION ? parse_fraction(entry, text, &value) : parse_number(spec, text, &value)) != 0)
            return refuse(entry, text, err);
        *(double *)field(options, entry) = value;
        return FSBB_OK;
    }
    case FIELD_INT:
    case FIELD_UINT64:
        break;
    }
    long long value;
    if (spec->kind == FSBB_OPTION_WORD) {
        value = word_index(spec->words, text);
        if (value < 0)
            return refuse(entry, text, err);
    } else if (parse_integer(spec, text, &value) != 0) {
        return refuse(entry, text, err);
    }
    if (entry->rule) {
        const fsbb_status status = entry->rule(spec->name, text, value, err);
        if (status != FSBB_OK)
            return status;
    }
    if (entry->type == FIELD_UINT64)
        *(uint64_t *)field(options, entry) = (uint64_t)value;
    else
        *(int *)field(options, entry) = (int)value;
    return FSBB_OK;
}

fsbb_status fsbb_options_set(fsbb_options *options, const char *name, const char *value, fsbb_error *err)
{
    if (!options || !name || !value)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_options_set: NULL argument");
    const option_entry *entry = find(name);
    if (!entry)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "unknown option '%s'", name);
    const fsbb_status status = set_value(options, entry, value, err);
    if (status == FSBB_OK)
        options->given |= (uint64_t)1 << (entry - table);
    return status;
}

int fsbb_options_given(const fsbb_options *options, const char *name)
{
    const option_entry *entry = find(name);
    return entry && (options->given >> (entry - table) & 1);
}

const char *fsbb_options_get(const fsbb_options *options, const char *name, char *buffer, int size)
{
    const option_entry *entry = options && name && buffer && size > 0 ? find(name) : NULL;
    if (!entry)
        return NULL;
    const fsbb_option_spec *spec = &entry->spec;
    const void *value = field_of(options, entry);
    switch (entry->type) {
    case FIELD_INT:
        if (spec->kind == FSBB_OPTION_WORD)
            snprintf(buffer, (size_t)size, "%s", fsbb_option_word(spec->name, *(const int *)value));
        else
            snprintf(buffer, (size_t)size, "%d", *(const int *)value);
        break;
    case FIELD_UINT64:
        snprintf(buffer, (size_t)size, "%llu", (unsigned long long)*(const uint64_t *)value);
        break;
    case FIELD_DOUBLE:
    case FIELD_FRACTION:
        snprintf(buffer, (size_t)size, "%g", *(const double *)value);
        break;
    case FIELD_PATH: {
        const char *path = *(char *const *)value;
        snprintf(buffer, (size_t)size, "%s", path ? path : "");
        break;
    }
    case FIELD_WORD_OR_INT: {
        const int held = *(const int *)value;
        if (held < 0)
            snprintf(buffer, (size_t)size, "%s", spec->words[-1 - held]);
        else
            snprintf(buffer, (size_t)size, "%d", held);
        break;
    }
    case FIELD_UB:
        if (options->ub_kind == FSBB_UB_VALUE)
            snprintf(buffer, (size_t)size, "%d", options->ub_value);
        else
            snprintf(buffer, (size_t)size, "%s", spec->words[options->ub_kind]);
        break;
    }
    return buffer;
}

const char *fsbb_option_word(const char *name, int value)
{
    const option_entry *entry = find(name);
    int count = 0;
    while (entry && entry->spec.words && entry->spec.words[count])
        count++;
    return value >= 0 && value < count ? entry->spec.words[value] : "?";
}

void fsbb_options_free(fsbb_options *options)
{
    if (!options)
        return;
    for (int o = 0; o < OPTION_COUNT; o++)
        if (table[o].type == FIELD_PATH)
            free(*(char **)field(options, &table[o]));
    free(options);
}

fsbb_options *fsbb_options_new(void)
{
    fsbb_options *options = calloc(1, sizeof *options);
    if (!options)
        return NULL;
    for (int o = 0; o < OPTION_COUNT; o++)
        if (set_value(options, &table[o], table[o].spec.default_value, NULL) != FSBB_OK) {
            fsbb_options_free(options);
            return NULL;
        }
    return options;
}

fsbb_options *fsbb_options_copy(const fsbb_options *options)
{
    fsbb_options *copy = options ? malloc(sizeof *copy) : NULL;
    if (!copy)
        return NULL;
    *copy = *options;
    for (int o = 0; o < OPTION_COUNT; o++)
        if (table[o].type == FIELD_PATH)
            *(char **)field(copy, &table[o]) = NULL;
    for (int o = 0; o < OPTION_COUNT; o++) {
        const char *path = table[o].type == FIELD_PATH ? *(char *const *)field_of(options, &table[o]) : NULL;
        if (path && !(*(char **)field(copy, &table[o]) = strdup(path))) {
            fsbb_options_free(copy);
            return NULL;
        }
    }
    return copy;
}
