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
 * with the code and a one-line message. The library has no global mutable state: separate
 * solves may run in separate threads at once. Jobs and machines are 0-based in the API;
 * the command-line tool prints jobs 1-based. */
#ifndef FLOWSHOPBB_H
#define FLOWSHOPBB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FSBB_VERSION "0.1.0"

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
    FSBB_ERR_RESOURCE     /* the system refused a resource other than memory: no search thread
                             could be started (fsbb_solver_solve: see fsbb_result) */
} fsbb_status;

#define FSBB_ERROR_MESSAGE_SIZE 4096

typedef struct fsbb_error {
    fsbb_status code;
    char message[FSBB_ERROR_MESSAGE_SIZE];
} fsbb_error;

const char *fsbb_status_name(fsbb_status status);

/* ---- Instances ------------------------------------------------------------------- */

typedef struct fsbb_instance fsbb_instance;

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
fsbb_status fsbb_instance_load(const char *name_or_path, fsbb_instance **out, fsbb_error *err);
/* fsbb_instance_load with the file's format named: "taillard", "plain" or "vrf" reads the
 * file (never a built-in instance) in that format only, "auto" or NULL as fsbb_instance_load.
 * An unknown format name is FSBB_ERR_ARGUMENT. */
fsbb_status fsbb_instance_load_format(const char *name_or_path, const char *format, fsbb_instance **out,
                                      fsbb_error *err);
/* From an m x n row-major matrix, times[k * n + j] = time of job j on machine k. */
fsbb_status fsbb_instance_from_matrix(const char *name, int jobs, int machines, const int *times,
                                      fsbb_instance **out, fsbb_error *err);
void fsbb_instance_free(fsbb_instance *instance);
const char *fsbb_instance_name(const fsbb_instance *instance);
int fsbb_instance_jobs(const fsbb_instance *instance);
int fsbb_instance_machines(const fsbb_instance *instance);
int fsbb_instance_time(const fsbb_instance *instance, int machine, int job);
/* Best-known makespan of a Taillard instance, or 0 when none is known. */
int fsbb_instance_best_known(const fsbb_instance *instance);
/* Makespan of a permutation of all jobs (0-based), computed directly; -1 when permutation is
 * not one of all jobs. */
int fsbb_instance_makespan(const fsbb_instance *instance, const int *permutation);
/* The schedule of a permutation of all jobs (0-based), each operation as early as the order
 * allows: start[k * jobs + j] (machines x jobs ints, laid out as the times) receives the
 * time job j starts on machine k; it ends fsbb_instance_time(instance, k, j) later. Returns
 * the makespan, or -1 for a NULL argument or a permutation that is not one of all jobs. */
int fsbb_instance_schedule(const fsbb_instance *instance, const int *permutation, int *start);

/* ---- Options --------------------------------------------------------------------- */

typedef struct fsbb_options fsbb_options;

/* Defaults: search=exact, lb=lb1, branch=dyn, select=dfs, ub=heuristic, threads=all cores,
 * heuristic-threads=auto, seed=1, device=cpu. */
fsbb_options *fsbb_options_new(void);
fsbb_options *fsbb_options_copy(const fsbb_options *options);
void fsbb_options_free(fsbb_options *options);
/* Sets an option by name from its text, as on the command line:
 *   lb lb1|lb2|auto     branch fwd|bwd|dyn       select dfs|bfs|best
 *   search exact|heuristic (heuristic: only the iterated-greedy heuristic, on `threads`
 *               walks, until heuristic-iterations per walk, the time limit or, without either,
 *               n m / 2 * 60 ms of CPU per walk; the result is not proven optimal unless it
 *               meets the root's lower bound)
 *   ub heuristic|neh|opt|inf|N (heuristic: the iterated greedy for n m / 2 * 0.25 ms of CPU
 *               per walk, at most 1 s, on `threads` walks; neh: NEH and a short local search)
 *   heuristic-threads auto|N  heuristic walks beside an exact search, each better schedule
 *               an upper bound for the search at once (0: none; auto: all cores but two
 *               beside a GPU engine; beside the CPU engine one walk, its core taken from
 *               the search's when threads=0, on machines of 8 cores or more, none below)
 *   seed N      the heuristic's walks (with one walk and heuristic-iterations, a run repeats)
 *   heuristic-iterations N (search heuristic: iterations per walk; 0 = none)
 *   threads N (0 = one per online core; more than the cores are allowed: idle threads sleep)
 *   device auto|cpu|gpu time-limit S (0 = none) node-limit N (0 = none)
 *   lb2-pairs N (0 = all machine pairs; LB2's tables, built only for lb lb2 or auto, take
 *               8 (n + 1) bytes a pair: a solve whose tables would exceed half the physical
 *               memory, or 2^31 - 1 entries, is refused with FSBB_ERR_ARGUMENT)
 *   verify N (before solving, check each custom CPU bound with fsbb_bound_verify on N
 *             random instances; 0 = off, the default)
 *   pool-size N  block-size N  pool-order bfs|dfs  refactor none|trig|select (GPU)
 *   gpu-engine resident|offload  warm-start N (GPU resident search without an upper
 *               bound: branch the first N nodes on the CPU; default 1048576, 0 = none)
 *   checkpoint FILE     checkpoint-interval S (default 60; 0 = only when the search stops)
 *   resume FILE (continue a checkpoint: its upper bound replaces "ub"; limits count the
 *               time and nodes of the earlier runs too)
 *   GPU divergence techniques (off by default; any of them runs the GPU offload engine
 *   with the divergence kernels, see README): balance none|central|distributed|steal|
 *   persistent, loading-ratio R (0 = adaptive), ccc on|off, cte on|off, subwarp N (2..32,
 *   0 = off), throttle none|cf|cfq|sj|sjq, diagnose FILE (task traces of the first pools) */
fsbb_status fsbb_options_set(fsbb_options *options, const char *name, const char *value, fsbb_error *err);
/* The option's current value as text, or NULL for an unknown name. */
const char *fsbb_options_get(const fsbb_options *options, const char *name, char *buffer, int size);

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
 * free_user_data, if not NULL, is called on user_data when the solver is done with it. */
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
fsbb_status fsbb_bound_verify(const fsbb_bound_definition *bound, int instances, unsigned seed, fsbb_error *err);

/* Compiles bound->gpu_source with NVRTC as a GPU solve of a jobs x machines instance would,
 * without needing a GPU. Returns FSBB_OK; FSBB_ERR_COMPILE with NVRTC's log in the message;
 * FSBB_ERR_NO_GPU when NVRTC (libnvrtc.so) cannot be loaded or the library was built
 * without CUDA; FSBB_ERR_ARGUMENT without gpu_source or gpu_function. */
fsbb_status fsbb_bound_check_gpu_source(const fsbb_bound_definition *bound, int jobs, int machines,
                                        fsbb_error *err);

/* ---- Solving --------------------------------------------------------------------- */

typedef struct fsbb_progress {
    uint64_t nodes;          /* nodes branched so far */
    double nodes_per_second;
    int incumbent;           /* best makespan known so far (the initial UB until improved) */
    double elapsed_s;
} fsbb_progress;

typedef void (*fsbb_progress_fn)(const fsbb_progress *progress, void *user_data);
/* A better schedule was found: makespan and a permutation of all jobs, 0-based. */
typedef void (*fsbb_incumbent_fn)(int makespan, const int *permutation, int jobs, void *user_data);

typedef struct fsbb_solver fsbb_solver;

fsbb_status fsbb_solver_new(const fsbb_instance *instance, const fsbb_options *options, fsbb_solver **out,
                            fsbb_error *err);
void fsbb_solver_free(fsbb_solver *solver);
fsbb_status fsbb_solver_add_bound(fsbb_solver *solver, const fsbb_bound_definition *bound, fsbb_error *err);
/* Called about every interval_s seconds from one of the solver's threads. */
void fsbb_solver_on_progress(fsbb_solver *solver, fsbb_progress_fn callback, void *user_data, double interval_s);
void fsbb_solver_on_incumbent(fsbb_solver *solver, fsbb_incumbent_fn callback, void *user_data);

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
void fsbb_solver_on_checkpoint(fsbb_solver *solver, fsbb_checkpoint_fn callback, void *user_data);
/* Asks a running solve to stop soon; safe from another thread or a signal handler. */
void fsbb_solver_interrupt(fsbb_solver *solver);

typedef struct fsbb_result {
    int makespan;            /* best makespan: proven optimal when optimal != 0 */
    int *permutation;        /* jobs, 0-based, achieving makespan; NULL when no schedule with
                                that makespan was found (an initial UB proven optimal) */
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
    char lb_used[16];        /* the bounds the search computed: "lb1", "lb2" (LB1 refined by LB2 on
                                every child it keeps) or "lb1+lb2" (lb auto on the resident GPU
                                engine: LB2 on some of them); "lb1" for auto on other engines */
    double lb2_refined_fraction;  /* of the children LB1 kept, the share LB2 refined: 0 with lb1,
                                     1 with lb2, measured with auto */
    double gpu_startup_s;    /* GPU solves: seconds from the solve's start until the GPU was ready
                                to search (CUDA context, kernels, tables, pools); 0 on the CPU */
    char found_by[16];       /* who found permutation: "initial" (the initial upper bound, or the
                                schedule of a resumed checkpoint), "search" (the branch-and-bound),
                                "heuristic" (the heuristic workers, or search=heuristic); "" when
                                permutation is NULL */
    double time_to_best_s;   /* seconds from the solve's start until permutation was found */
    int heuristic_threads;   /* heuristic walks run beside the search (search=heuristic: its walks) */
    uint64_t heuristic_iterations;  /* iterations of those walks, all together */
} fsbb_result;

/* Solves. The time limit and fsbb_solver_interrupt apply to every phase: the initial
 * schedule (an interrupted NEH appends the jobs it has not placed), the bound tables and
 * the search; stopped, the solve returns FSBB_OK with the best schedule known and the
 * bound proven (the root's, when the search had not begun). When the search fails once
 * begun (FSBB_ERR_MEMORY, FSBB_ERR_RESOURCE, FSBB_ERR_GPU), result still holds the best
 * schedule found and a valid lower bound (optimal 0 unless proven). Either way, pass
 * result to fsbb_result_clear. */
fsbb_status fsbb_solver_solve(fsbb_solver *solver, fsbb_result *result, fsbb_error *err);
/* One-call form: a solver with the given options, no callbacks (the result as above). */
fsbb_status fsbb_solve(const fsbb_instance *instance, const fsbb_options *options, fsbb_result *result,
                       fsbb_error *err);
void fsbb_result_clear(fsbb_result *result);

/* 1 when a CUDA GPU is usable by this build, with its name in name_out (may be NULL). */
int fsbb_gpu_available(char *name_out, int size);

#ifdef __cplusplus
}
#endif

#endif
