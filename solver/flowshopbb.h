/* flowshopbb.h — the public interface of libflowshopbb, an exact branch-and-bound solver
 * for the permutation flow-shop problem (minimise makespan).
 *
 * Typical use:
 *     fsbb_error err;
 *     fsbb_instance *inst;
 *     if (fsbb_instance_load("ta021", &inst, &err) != FSBB_OK) { puts(err.message); ... }
 *     fsbb_options *opts = fsbb_options_new();
 *     fsbb_options_set(opts, "ub", "opt", &err);
 *     fsbb_result res;
 *     fsbb_solve(inst, opts, &res, &err);
 *     printf("%d %s\n", res.makespan, res.optimal ? "optimal" : "best found");
 *     fsbb_result_clear(&res); fsbb_options_free(opts); fsbb_instance_free(inst);
 *
 * Every function that can fail returns an fsbb_status and, when err is not NULL, fills it
 * with the code and a one-line message. Every function takes NULL for a handle or a pointer
 * without crashing: it fails with FSBB_ERR_ARGUMENT, returns NULL, -1 or 0, or does nothing. The library has no global mutable state: separate
 * solves may run in separate threads at once. Jobs and machines are 0-based in the API;
 * the command-line tool prints jobs 1-based. */
#ifndef FLOWSHOPBB_H
#define FLOWSHOPBB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FSBB_VERSION "0.1.0"
#define FSBB_VERSION_MAJOR 0
#define FSBB_VERSION_MINOR 1
#define FSBB_VERSION_PATCH 0
/* ABI: the shared library's soname is libflowshopbb.so.0, and no ABI is promised between 0.x
 * releases (rebuild programs against each): structures such as fsbb_result and
 * fsbb_bound_definition may grow. */

/* Marks the functions the shared library exports: it is built with -fvisibility=hidden, so
 * these are all it exports (NVRTC, which compiles this header into custom GPU bounds, sees
 * plain declarations). */
#if defined(__GNUC__) && !defined(__CUDACC_RTC__)
#define FSBB_API __attribute__((visibility("default")))
#else
#define FSBB_API
#endif

typedef enum fsbb_status {
    FSBB_OK = 0,
    FSBB_ERR_ARGUMENT,    /* a bad option name or value, or a NULL where one is required */
    FSBB_ERR_PARSE,       /* a malformed instance or file */
    FSBB_ERR_IO,          /* a file could not be read or written */
    FSBB_ERR_MEMORY,      /* out of host memory (fsbb_solver_solve: see fsbb_result) */
    FSBB_ERR_NO_GPU,      /* a GPU was required and none is usable */
    FSBB_ERR_GPU,         /* a CUDA error */
    FSBB_ERR_COMPILE,     /* a custom GPU bound failed to compile (the message holds the log) */
    FSBB_ERR_CHECKPOINT,  /* a checkpoint was refused (other instance, format, corrupt) */
    FSBB_ERR_VERIFY,      /* a custom bound exceeded a true optimum in verification */
    FSBB_ERR_RESOURCE,    /* the system refused a resource other than memory: no search thread
                             could be started (fsbb_solver_solve: see fsbb_result) */
    FSBB_ERR_GPU_ARCH     /* the GPU is there but this build has no kernel it can run (its
                             compute capability is not among the build's architectures, or the
                             driver cannot compile the build's PTX): rebuild for it */
} fsbb_status;

#define FSBB_ERROR_MESSAGE_SIZE 4096

typedef struct fsbb_error {
    fsbb_status code;
    char message[FSBB_ERROR_MESSAGE_SIZE];
} fsbb_error;

FSBB_API const char *fsbb_status_name(fsbb_status status);

/* The library's version, FSBB_VERSION as it was when the library was built (compare the
 * two to see that a program runs with the library it was compiled against). */
FSBB_API const char *fsbb_version(void);
/* What this build of the library holds, one line of text: "CUDA 13.0 (sm_75 sm_80 sm_86
 * sm_89 sm_90 compute_90)" names the toolkit and the GPU architectures its kernels were
 * compiled for (sm_NN machine code, compute_NN PTX for newer GPUs), "without CUDA"
 * otherwise; ", AVX2" follows when the CPU bounds were compiled for AVX2. */
FSBB_API const char *fsbb_build_features(void);

/* ---- Instances ------------------------------------------------------------------- */

typedef struct fsbb_instance fsbb_instance;

/* The largest instance the library takes: jobs, machines, one processing time, and the sum
 * of all times (so that every makespan and bound stays below INT_MAX, which the search
 * keeps as "no upper bound"). */
#define FSBB_MAX_JOBS 30000
#define FSBB_MAX_MACHINES 1000
#define FSBB_MAX_TIME 1000000
#define FSBB_MAX_TOTAL_TIME 2147483646

/* Loads "ta021", "ta21", "TA021" (a Taillard instance, generated in memory), or the file at
 * a path ("-": standard input) in one of three formats, told apart by their content:
 *   Taillard's:  a line of text, "n m seed upper lower", a line of text, m rows of n times;
 *   plain:       "n m", then m rows of n times (row k: machine k);
 *   VRF:         "n m", then n lines, one per job, of m pairs "machine time" with the
 *                machines 0..m-1 in order (Vallada, Ruiz and Framinan's benchmark).
 * A file that could be plain or VRF, or whose n lines of m times look like one row per job,
 * is refused (FSBB_ERR_PARSE) rather than guessed: see fsbb_instance_load_format. Limits:
 * 1..30000 jobs, 1..1000 machines, times 0..1000000 adding up to at most 2147483646, files
 * of at most 1 GiB. Malformed files are refused with "FILE:LINE: what" (FSBB_ERR_PARSE). */
FSBB_API fsbb_status fsbb_instance_load(const char *name_or_path, fsbb_instance **out, fsbb_error *err);
/* The Taillard instance a name means to fsbb_instance_load: 1..120 for "ta021", "ta21",
 * "TA021", "ta1" (one to three digits); 0 for any other name, which is then read as a file. */
FSBB_API int fsbb_taillard_index(const char *name);
/* fsbb_instance_load with the file's format named: "taillard", "plain" or "vrf" reads the
 * file (never a built-in instance) in that format only, "auto" or NULL as fsbb_instance_load.
 * An unknown format name is FSBB_ERR_ARGUMENT. */
FSBB_API fsbb_status fsbb_instance_load_format(const char *name_or_path, const char *format, fsbb_instance **out,
                                      fsbb_error *err);
/* From an m x n row-major matrix, times[k * n + j] = time of job j on machine k. */
FSBB_API fsbb_status fsbb_instance_from_matrix(const char *name, int jobs, int machines, const int *times,
                                      fsbb_instance **out, fsbb_error *err);
FSBB_API void fsbb_instance_free(fsbb_instance *instance);
FSBB_API const char *fsbb_instance_name(const fsbb_instance *instance);
/* How the instance was named, as its checkpoints record it: "ta021" (built in), the file's
 * absolute path, or "stdin"; NULL for one made by fsbb_instance_from_matrix. */
FSBB_API const char *fsbb_instance_source(const fsbb_instance *instance);
/* Loads the instance that the checkpoint at checkpoint_path names (its Taillard name, or its
 * file by absolute path in the format it was read in) and checks it against the digest the
 * checkpoint keeps (FNV-1a 64 over n, m and the times): a checkpoint from standard input or
 * from an instance built in memory, one written before the instance was recorded (format
 * version 1), an instance file gone, unreadable or changed since, and a corrupt checkpoint
 * are refused with FSBB_ERR_CHECKPOINT and a message that says which (paths in it quoted
 * and escaped as JSON strings). Resume then with the option "resume" set to the same file. */
FSBB_API fsbb_status fsbb_instance_load_checkpoint(const char *checkpoint_path, fsbb_instance **out,
                                                   fsbb_error *err);
FSBB_API int fsbb_instance_jobs(const fsbb_instance *instance);
FSBB_API int fsbb_instance_machines(const fsbb_instance *instance);
FSBB_API int fsbb_instance_time(const fsbb_instance *instance, int machine, int job);
/* Best-known makespan of a Taillard instance, or 0 when none is known. */
FSBB_API int fsbb_instance_best_known(const fsbb_instance *instance);
/* Makespan of a permutation of all jobs (0-based), computed directly; -1 when permutation is
 * not one of all jobs. */
FSBB_API int fsbb_instance_makespan(const fsbb_instance *instance, const int *permutation);
/* The schedule of a permutation of all jobs (0-based), each operation as early as the order
 * allows: start[k * jobs + j] (machines x jobs ints, laid out as the times) receives the
 * time job j starts on machine k; it ends fsbb_instance_time(instance, k, j) later. Returns
 * the makespan, or -1 for a NULL argument or a permutation that is not one of all jobs. */
FSBB_API int fsbb_instance_schedule(const fsbb_instance *instance, const int *permutation, int *start);

/* ---- Divergence traces ------------------------------------------------------------ */

/* CUIRRE's characterization of a task trace that the option "diagnose" wrote (its format:
 * divergence/analysis/characterize.h): task and thread lengths, the irregularity I_irre
 * and the utilization U_util of Chen et al. */
typedef struct fsbb_trace_stats {
    int64_t tasks;
    double task_min, task_max, task_mean;       /* cycles */
    int64_t threads, warps;
    double thread_min, thread_max, thread_mean; /* T_body of a thread, cycles */
    double irregularity;                        /* I_irre, >= 1 */
    double utilization;                         /* U_util, in (0, 1] */
} fsbb_trace_stats;

/* Reads the trace file at path and characterizes it: FSBB_ERR_IO when it cannot be read,
 * FSBB_ERR_PARSE when it is malformed or empty. */
FSBB_API fsbb_status fsbb_trace_file_stats(const char *path, fsbb_trace_stats *stats, fsbb_error *err);

/* ---- Options --------------------------------------------------------------------- */

typedef struct fsbb_options fsbb_options;

/* Options, each with its default (fsbb_option_info lists them: `flowshop-bb --help` prints
 * the same list). */
FSBB_API fsbb_options *fsbb_options_new(void);
/* A copy of options (NULL for NULL or out of memory). */
FSBB_API fsbb_options *fsbb_options_copy(const fsbb_options *options);
FSBB_API void fsbb_options_free(fsbb_options *options);
/* Sets an option by name (or its alias) from its text, as on the command line: a word of
 * the option's list, a number within its range, a file name. FSBB_ERR_ARGUMENT, naming
 * the option and what it expects, for an unknown name or a value it does not take. */
FSBB_API fsbb_status fsbb_options_set(fsbb_options *options, const char *name, const char *value, fsbb_error *err);
/* The option's current value as text (as fsbb_options_set takes it; "" for no file) in
 * buffer, which it returns; NULL for an unknown name, a NULL argument or size < 1. A value
 * longer than size - 1 characters is cut to them: strlen(buffer) == size - 1 may mean a cut
 * value (ask again with a larger buffer). 64 bytes hold every value but a file name. */
FSBB_API const char *fsbb_options_get(const fsbb_options *options, const char *name, char *buffer, int size);

typedef enum fsbb_option_kind {
    FSBB_OPTION_WORD,         /* one of words */
    FSBB_OPTION_INTEGER,      /* a whole number from minimum to maximum */
    FSBB_OPTION_NUMBER,       /* a number from minimum to maximum (seconds, ratios) */
    FSBB_OPTION_FILE,         /* a file name ("" for none) */
    FSBB_OPTION_UPPER_BOUND   /* one of words, or a whole number from minimum to maximum (ub, heuristic-threads) */
} fsbb_option_kind;

/* fsbb_option_spec.flags */
#define FSBB_OPTION_ECHOED 1u    /* a solve's record names its value (flowshop-bb --json) */
#define FSBB_OPTION_LIBRARY 2u   /* for programs of their own: flowshop-bb has no such option (custom bounds)
                                  * or its own form of it (overwrite-checkpoint: a flag) */
#define FSBB_OPTION_WRITTEN 4u   /* a FILE the solve writes (checkpoint, log, diagnose): two solves given
                                  * one such file replace each other's */

/* One option of the table behind fsbb_options_set, fsbb_options_get and the defaults. */
typedef struct fsbb_option_spec {
    const char *name;           /* "lb", "time-limit", ...: flowshop-bb's --NAME */
    const char *alias;          /* a former name, also taken, or NULL */
    fsbb_option_kind kind;
    const char *const *words;   /* WORD, UPPER_BOUND: the words taken, NULL-terminated */
    double minimum, maximum;    /* INTEGER, NUMBER, UPPER_BOUND: the range of a number */
    const char *placeholder;    /* how a usage line names a number or a file: "N", "S", "FILE" */
    const char *default_value;  /* as fsbb_options_get writes it on fsbb_options_new's options */
    const char *group;          /* the heading it is listed under: "Search", "GPU", ... */
    const char *help;           /* what it does */
    unsigned flags;             /* FSBB_OPTION_ECHOED, FSBB_OPTION_LIBRARY, FSBB_OPTION_WRITTEN */
} fsbb_option_spec;

/* The option at index (0, 1, ... in the order of --help), or NULL past the last. */
FSBB_API const fsbb_option_spec *fsbb_option_info(int index);

/* ---- Custom bounds ------------------------------------------------------------------ */

/* A read-only view of a node, handed to a custom CPU bound. */
typedef struct fsbb_node_view {
    int jobs, machines;
    const int *times;        /* machines x jobs, times[k * jobs + j] */
    const int *prefix;       /* jobs scheduled first, in order */
    int prefix_length;
    const int *suffix;       /* jobs scheduled last, in order of execution */
    int suffix_length;
    const int *unscheduled;  /* the remaining jobs, in no particular order */
    int unscheduled_count;
    const int *front;        /* machines: completion time of the prefix on each machine */
    const int *back;         /* machines: time from the suffix's start on each machine to its end */
} fsbb_node_view;

typedef int (*fsbb_cpu_bound_fn)(const fsbb_node_view *node, void *user_data);

/* A named lower bound, SCIP-plugin style. The solver uses max(built-in bound, custom bounds).
 * gpu_source, if not NULL, is CUDA source text defining
 *     extern "C" __device__ int NAME(const fsbb_gpu_node *node);
 * (NAME is gpu_function; fsbb_gpu_node is below) compiled at run time with NVRTC for GPU solves
 * (which run the offload engine whatever option gpu-engine says: docs/library.md).
 * free_user_data, if not NULL, is called on user_data once, by fsbb_solver_free, for a bound
 * that fsbb_solver_add_bound accepted; never for one it refused (the caller keeps user_data). */
typedef struct fsbb_bound_definition {
    const char *name;
    fsbb_cpu_bound_fn cpu_bound;
    const char *gpu_source;
    const char *gpu_function;
    void *user_data;
    void (*free_user_data)(void *user_data);
} fsbb_bound_definition;

/* The node a custom GPU bound receives: fsbb_node_view's fields, in device memory, with
 * 16-bit jobs. gpu_source is compiled by NVRTC after this header and bounds/host_device.h (FSBB_MAX,
 * FSBB_MIN) with FSBB_JOBS and FSBB_MACHINES defined as the instance's sizes (usable as
 * array sizes), and with -default-device, so a plain C function works too:
 *     extern "C" __device__ int my_bound(const fsbb_gpu_node *node)
 *     {
 *         int lb = 0;
 *         for (int k = 0; k < node->machines; k++) {
 *             int work = node->front[k] + node->back[k];
 *             for (int i = 0; i < node->unscheduled_count; i++)
 *                 work += node->times[k * node->jobs + node->unscheduled[i]];
 *             lb = FSBB_MAX(lb, work);
 *         }
 *         return lb;
 *     }
 * One GPU thread evaluates one node; errors in the source come back from the solve (or
 * from fsbb_bound_check_gpu_source) as FSBB_ERR_COMPILE with NVRTC's log, whose line
 * numbers count from the first line of gpu_source. */
typedef struct fsbb_gpu_node {
    int jobs, machines;
    const int *times;            /* machines x jobs, times[k * jobs + j] */
    const int16_t *prefix;       /* jobs scheduled first, in order */
    int prefix_length;
    const int16_t *suffix;       /* jobs scheduled last, in order of execution */
    int suffix_length;
    const int16_t *unscheduled;  /* the remaining jobs, in no particular order */
    int unscheduled_count;
    const int *front;            /* machines: completion time of the prefix on each machine */
    const int *back;             /* machines: time from the suffix's start on each machine to its end */
} fsbb_gpu_node;

/* Checks bound->cpu_bound against brute force on `instances` random instances made from
 * seed (3 to 7 jobs, 2 to 5 machines, times 1..99, every second instance 1..9 for ties):
 * at every node with an unscheduled job (each prefix and disjoint suffix of the jobs) the
 * bound must not exceed the best makespan of the node's completions. Returns FSBB_OK, or
 * FSBB_ERR_VERIFY for the first node where it does, with the instance (its seed and
 * times), the node and both values in the message; FSBB_ERR_ARGUMENT when the bound has no
 * cpu_bound or instances < 1. A 7-job instance costs about 10^5 bound calls. The option
 * "verify N" runs this on each custom CPU bound before a solve. */
FSBB_API fsbb_status fsbb_bound_verify(const fsbb_bound_definition *bound, int instances, unsigned seed, fsbb_error *err);

/* Compiles bound->gpu_source with NVRTC as a GPU solve of a jobs x machines instance would,
 * without needing a GPU. Returns FSBB_OK; FSBB_ERR_COMPILE with NVRTC's log in the message;
 * FSBB_ERR_NO_GPU when NVRTC (libnvrtc.so) cannot be loaded or the library was built
 * without CUDA; FSBB_ERR_ARGUMENT without gpu_source or gpu_function. */
FSBB_API fsbb_status fsbb_bound_check_gpu_source(const fsbb_bound_definition *bound, int jobs, int machines,
                                        fsbb_error *err);

/* ---- Solving --------------------------------------------------------------------- */

typedef struct fsbb_progress {
    uint64_t nodes;          /* nodes branched so far */
    double nodes_per_second;
    int incumbent;           /* best makespan known so far (the initial UB until improved) */
    double elapsed_s;
    int lb2_depths;          /* --lb auto: the depths (buckets of depths above 63 jobs) where LB2
                                refines LB1's survivors now; -1 with lb1 or lb2 */
    double lb2_refined_fraction;  /* of the children LB1 kept so far, the share LB2 refined */
    int lower_bound;         /* no schedule is shorter: the least bound of the open tree (or the
                                incumbent when that is less); -1 while the engine cannot tell */
    double gap;              /* (incumbent - lower_bound) / incumbent; -1 while unknown (no schedule
                                held: an upper bound given is none) */
    double fraction_done;    /* share of the tree finished, in [0, 1] (each node holds an equal share
                                of its parent's); -1 while unknown, and always with select bfs or
                                best (which leave the deep subtrees, where the work is, for last:
                                the share nears 1 long before the end) */
    double eta_s;            /* forecast of the seconds left to the end; -1 while unknown: until two
                                measures, and while the share done has not risen over the later
                                half of the run at a rate that would end it within 30 times the
                                time elapsed (a plateau), and with select bfs or best */
    uint64_t open_nodes;     /* nodes open now; 0 while unknown */
} fsbb_progress;

typedef void (*fsbb_progress_fn)(const fsbb_progress *progress, void *user_data);
/* A better schedule was found: makespan and a permutation of all jobs, 0-based. */
typedef void (*fsbb_incumbent_fn)(int makespan, const int *permutation, int jobs, void *user_data);

typedef struct fsbb_solver fsbb_solver;

/* A solver of instance with a copy of options (NULL: the defaults): options may be changed or
 * freed after this call, but the solver keeps a pointer to instance, which must outlive it.
 * A solver may solve any number of times, one solve at a time, with the same bounds and
 * callbacks; set those before a solve, not during one. */
FSBB_API fsbb_status fsbb_solver_new(const fsbb_instance *instance, const fsbb_options *options, fsbb_solver **out,
                            fsbb_error *err);
FSBB_API void fsbb_solver_free(fsbb_solver *solver);
/* Adds a custom bound (a copy of the definition and its texts; user_data is the caller's
 * until accepted). FSBB_ERR_ARGUMENT for a NULL or empty name, a name the solver already
 * has, a bound without cpu_bound nor gpu_source, gpu_source without gpu_function, and while
 * a solve of this solver runs (from another thread or a callback). */
FSBB_API fsbb_status fsbb_solver_add_bound(fsbb_solver *solver, const fsbb_bound_definition *bound, fsbb_error *err);
/* Called about every interval_s seconds (interval_s <= 0: the default, 0.5 s) from one of the
 * solver's threads. Callbacks (progress, incumbent, checkpoint) run inside the search: the
 * thread that calls them waits for them, so a slow callback stalls the search. */
FSBB_API void fsbb_solver_on_progress(fsbb_solver *solver, fsbb_progress_fn callback, void *user_data, double interval_s);
FSBB_API void fsbb_solver_on_incumbent(fsbb_solver *solver, fsbb_incumbent_fn callback, void *user_data);

/* A checkpoint (options "checkpoint", "checkpoint-interval", "resume") was written, or
 * writing it failed: then the previous checkpoint is intact and the solve goes on. */
typedef struct fsbb_checkpoint_report {
    const char *path;
    fsbb_status status;      /* FSBB_OK, or FSBB_ERR_IO when the write failed */
    const char *message;     /* one line saying why, when status != FSBB_OK */
    uint64_t open_nodes;     /* open nodes saved */
    double pause_s;          /* how long the search threads paused for the snapshot */
    int final;               /* 1: written when the search stopped (interrupt, limit or end) */
} fsbb_checkpoint_report;

typedef void (*fsbb_checkpoint_fn)(const fsbb_checkpoint_report *report, void *user_data);

/* Called from a solver thread after each checkpoint attempt. */
FSBB_API void fsbb_solver_on_checkpoint(fsbb_solver *solver, fsbb_checkpoint_fn callback, void *user_data);
/* Asks the solve in progress to stop soon, or, when none runs, the next solve to stop at
 * once (it returns FSBB_OK, stop_reason "interrupted"). Each solve consumes the request: it
 * is cleared when fsbb_solver_solve returns, so the solve after runs normally. Safe from
 * another thread, a callback or a signal handler. */
FSBB_API void fsbb_solver_interrupt(fsbb_solver *solver);
/* The options the solve runs with, owned by the solver: those given to fsbb_solver_new
 * and, once fsbb_solver_solve has begun, the tree's options (lb, branch, lb2-pairs) of the
 * checkpoint option "resume" names where they were not set, and, once the engine is chosen,
 * lb as that engine's default where lb was not set (it stays so for the solver's later
 * solves, still counted as not set). Report these, not the options passed in. */
FSBB_API const fsbb_options *fsbb_solver_options(const fsbb_solver *solver);

/* What one rank of a distributed search (run under mpirun) did. */
typedef struct fsbb_rank_stats {
    uint64_t nodes;          /* nodes it branched */
    uint64_t steal_requests; /* requests for open nodes it sent to other ranks */
    uint64_t steals;         /* those answered with nodes */
    uint64_t nodes_received; /* open nodes it got from other ranks (the first deal too) */
    uint64_t nodes_sent;     /* open nodes it gave to other ranks */
    uint64_t bytes_sent;     /* bytes of all its messages */
    uint64_t incumbents_sent;/* improved schedules it announced */
    double incumbent_latency_s; /* longest wait of an announced schedule, sent to received (one host) */
    double idle_s;           /* seconds its engine waited for nodes (the start and the end included) */
    int threads;             /* CPU threads of its engine; 0 on a GPU rank */
    char device[64];         /* "cpu" or its GPU: name and PCI address */
} fsbb_rank_stats;

typedef struct fsbb_result {
    int makespan;            /* best makespan: proven optimal when optimal != 0; when no schedule
                                below the upper bound given (option ub) exists or was found, that
                                bound, with permutation NULL */
    int *permutation;        /* jobs, 0-based, achieving makespan; NULL when no schedule with
                                that makespan was found (an initial UB proven optimal, or none
                                below it) */
    int jobs;
    int optimal;             /* 1 when the search finished: makespan is the optimum */
    int lower_bound;         /* proven lower bound on the optimum */
    int initial_ub;          /* the upper bound the search started from */
    uint64_t nodes;          /* nodes branched (decomposed) */
    uint64_t bounded;        /* nodes whose bound was computed */
    double time_s;
    int threads;
    int interrupted;         /* stopped by fsbb_solver_interrupt */
    char device[64];         /* "cpu" or the GPU's name */
    char lb_used[128];       /* the bounds the search computed: "lb1", "lb2" (LB1 refined by LB2 on
                                every child it keeps) or "lb1+lb2" (lb auto on the CPU and the
                                resident GPU engines: LB2 at the root and where it pays); "lb1" for
                                auto on the offload engine and where no engine ran (search=heuristic:
                                the root's LB1 only); then "+NAME" for each custom bound the engine
                                applied (the CPU engine: those with cpu_bound; a GPU: all), in the
                                order added, cut at 127 characters */
    double lb2_refined_fraction;  /* of the children LB1 kept, the share LB2 refined: 0 with lb1
                                     (and where no engine ran), 1 with lb2, measured with auto */
    char lb[8];              /* option lb in force: "lb1", "lb2" or "auto", as given (or as a resumed
                                checkpoint had it), else the engine's default: auto on the CPU and
                                resident GPU engines (lb1 when LB2's tables would not fit), lb1 on
                                the offload engine;
                                "" when no engine was chosen (search=heuristic, a usage error) */
    double gpu_startup_s;    /* GPU solves: seconds from the solve's start until the GPU was ready
                                to search (CUDA context, kernels, tables, pools); 0 on the CPU */
    char found_by[16];       /* who found permutation: "initial" (the initial upper bound),
                                "search" (the branch-and-bound), "heuristic" (the heuristic workers,
                                or search=heuristic), "resumed" (a run before the resume: its
                                checkpoint keeps the schedule, not who found it); "" when
                                permutation is NULL */
    double time_to_best_s;   /* seconds from the solve's start until permutation was found; -1 for
                                found_by "resumed" (not known) */
    int heuristic_threads;   /* heuristic walks run beside the search (search=heuristic: its walks) */
    uint64_t heuristic_iterations;  /* iterations of those walks, all together */
    char engine[16];         /* the engine that searched: "cpu", "resident" or "offload" (GPU; the
                                divergence options and custom GPU bounds take the offload engine,
                                whatever gpu-engine says), "heuristic" for search=heuristic; "" when
                                the search did not start */
    int ranks;               /* processes of a distributed search (option distributed); 0 otherwise */
    int rank;                /* this process's rank: the result is rank 0's to print */
    fsbb_rank_stats *rank_stats;  /* on rank 0, one per rank (NULL otherwise) */
    double gap;              /* (makespan - lower_bound) / makespan: 0 when proven optimal; -1 when no
                                schedule is known */
    double fraction_done;    /* share of the tree finished (fsbb_progress): 1 when the search ended; -1
                                when not measured (the heuristic, a search that failed unmeasured) */
    char stop_reason[16];    /* why the search ended: "finished" (the tree exhausted), "limit" (the time
                                or node limit; search=heuristic: the time limit), "gap" (option
                                gap), "interrupted", "budget" (search=heuristic spent its iterations
                                or its default budget; "finished" when its schedule met the root's
                                bound), "error" (the search failed); "" when none ran */
    int log_errno;           /* option log: 0 when every line was written, else the errno of the write
                                that failed (the log ends at its last whole line; the solve went on) */
    double resumed_time_s;   /* a resumed solve (option resume): the seconds and the nodes of the
                                runs before it, which time_s, nodes and the time and node limits */
    uint64_t resumed_nodes;  /* count too (a limit they reached stops the resumed search at once);
                                0 otherwise */
} fsbb_result;

/* Solves. The time limit and fsbb_solver_interrupt apply to every phase: the initial
 * schedule (an interrupted NEH appends the jobs it has not placed), the bound tables and
 * the search; stopped, the solve returns FSBB_OK with the best schedule known and the
 * bound proven (the root's, when the search had not begun). When the search fails once
 * begun (FSBB_ERR_MEMORY, FSBB_ERR_RESOURCE, FSBB_ERR_GPU), result still holds the best
 * schedule found and a valid lower bound (optimal 0 unless proven). Either way, pass
 * result to fsbb_result_clear. The node limit (option node-limit) is checked by each CPU
 * search thread every 256 nodes at most, so a solve may branch up to 256 nodes a thread past
 * it (a GPU engine: up to one batch of nodes). A second fsbb_solver_solve of the same solver
 * while one runs is refused (FSBB_ERR_ARGUMENT). */
FSBB_API fsbb_status fsbb_solver_solve(fsbb_solver *solver, fsbb_result *result, fsbb_error *err);
/* One-call form: a solver with the given options, no callbacks (the result as above). */
FSBB_API fsbb_status fsbb_solve(const fsbb_instance *instance, const fsbb_options *options, fsbb_result *result,
                       fsbb_error *err);
FSBB_API void fsbb_result_clear(fsbb_result *result);

/* 1 when a CUDA GPU is usable by this build, with its name in name_out (may be NULL). */
FSBB_API int fsbb_gpu_available(char *name_out, int size);
/* Whether this build can run its kernels on the current CUDA GPU: FSBB_OK with the GPU's
 * name in name_out (may be NULL); FSBB_ERR_NO_GPU when there is none (no device, no driver,
 * a driver older than the build's CUDA, or a build without CUDA); FSBB_ERR_GPU_ARCH when
 * there is one but no kernel of this build runs on it, the message naming its compute
 * capability and the build's architectures. The solver makes the same check before a GPU
 * search: --device gpu then fails with that status, --device auto searches on the CPU. */
FSBB_API fsbb_status fsbb_gpu_check(char *name_out, int size, fsbb_error *err);

#ifdef __cplusplus
}
#endif

#endif
