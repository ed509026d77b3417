/* solver.c — fsbb_solver: turns an instance and options into a search (bound tables,
 * initial upper bound, engine choice), runs it and fills the result. A process started by
 * an MPI launcher (in a build with MPI) is one rank of a distributed search (distributed.h):
 * every rank sets up the same search, then they search together.
 *
 * The set-up before the engine (the initial schedule, the LB2 tables) follows the same
 * time limit and interrupt as the search: stopped there, the solve skips the engine and
 * reports the schedule set-up made and the root's bound. */
#include "anytime.h"
#include "checkpoint.h"
#include "distributed.h"
#include "engine.h"
#include "error.h"
#include "heuristic.h"
#include "instance.h"
#include "lb1.h"
#include "lb2.h"
#include "node.h"
#include "options.h"
#include "progress_log.h"
#include "search.h"
#include "solve_files.h"

#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The LB2 tables may take at most 1 / LB2_MEMORY_SHARE of the machine's physical memory. */
#define LB2_MEMORY_SHARE 2

struct fsbb_solver {
    const fsbb_instance *instance;
    fsbb_options *options;          /* the solver's copy */
    fsbb_custom_bound *bounds;
    int bound_count;
    fsbb_progress_fn on_progress;
    void *progress_data;
    double progress_interval_s;
    fsbb_incumbent_fn on_incumbent;
    void *incumbent_data;
    fsbb_checkpoint_fn on_checkpoint;
    void *checkpoint_data;
    atomic_int interrupt_request;   /* set by fsbb_solver_interrupt, cleared when a solve returns */
    pthread_mutex_t lock;           /* guards bounds, bound_count and solving */
    int solving;                    /* a solve is running: bounds are not to change */
};

fsbb_status fsbb_solver_new(const fsbb_instance *instance, const fsbb_options *options, fsbb_solver **out,
                            fsbb_error *err)
{
    if (!instance || !out)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_new: NULL instance or output");
    fsbb_solver *solver = calloc(1, sizeof *solver);
    if (!solver)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a solver");
    solver->instance = instance;
    solver->options = options ? fsbb_options_copy(options) : fsbb_options_new();
    if (!solver->options) {
        free(solver);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for options");
    }
    solver->progress_interval_s = 0.5;
    atomic_init(&solver->interrupt_request, 0);
    if (pthread_mutex_init(&solver->lock, NULL) != 0) {
        fsbb_options_free(solver->options);
        free(solver);
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "no mutex for a solver");
    }
    *out = solver;
    return FSBB_OK;
}

void fsbb_solver_free(fsbb_solver *solver)
{
    if (!solver)
        return;
    for (int b = 0; b < solver->bound_count; b++) {
        fsbb_bound_definition *def = &solver->bounds[b].definition;
        if (def->free_user_data)
            def->free_user_data(def->user_data);
        free((char *)def->name);
        free((char *)def->gpu_source);
        free((char *)def->gpu_function);
    }
    free(solver->bounds);
    fsbb_options_free(solver->options);
    pthread_mutex_destroy(&solver->lock);
    free(solver);
}

static char *copy_text(const char *text)
{
    return text ? strdup(text) : NULL;
}

static int has_bound_named(const fsbb_solver *solver, const char *name)
{
    for (int b = 0; b < solver->bound_count; b++)
        if (strcmp(solver->bounds[b].definition.name, name) == 0)
            return 1;
    return 0;
}

/* Adds a copy of bound (its texts duplicated); the caller holds solver->lock. */
static fsbb_status append_bound(fsbb_solver *solver, const fsbb_bound_definition *bound, fsbb_error *err)
{
    if (solver->solving)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bound '%s' added while the solver solves: add bounds before "
                                                 "fsbb_solver_solve", bound->name);
    if (has_bound_named(solver, bound->name))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the solver already has a bound named '%s'", bound->name);
    fsbb_custom_bound *bounds = realloc(solver->bounds, sizeof *bounds * (size_t)(solver->bound_count + 1));
    if (!bounds)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a custom bound");
    solver->bounds = bounds;
    fsbb_bound_definition *def = &bounds[solver->bound_count].definition;
    *def = *bound;
    def->name = copy_text(bound->name);
    def->gpu_source = copy_text(bound->gpu_source);
    def->gpu_function = copy_text(bound->gpu_function);
    if (!def->name || (bound->gpu_source && !def->gpu_source) || (bound->gpu_function && !def->gpu_function)) {
        free((char *)def->name);
        free((char *)def->gpu_source);
        free((char *)def->gpu_function);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a custom bound");
    }
    solver->bound_count++;
    return FSBB_OK;
}

fsbb_status fsbb_solver_add_bound(fsbb_solver *solver, const fsbb_bound_definition *bound, fsbb_error *err)
{
    if (!solver || !bound || !bound->name)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_add_bound: NULL solver, bound or bound name");
    if (!bound->name[0])
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_add_bound: a bound's name is empty");
    if (!bound->cpu_bound && !bound->gpu_source)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bound '%s' has neither a CPU function nor GPU source", bound->name);
    if (bound->gpu_source && !bound->gpu_function)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "bound '%s' has GPU source but no function name", bound->name);
    pthread_mutex_lock(&solver->lock);
    const fsbb_status status = append_bound(solver, bound, err);
    pthread_mutex_unlock(&solver->lock);
    return status;
}

void fsbb_solver_on_progress(fsbb_solver *solver, fsbb_progress_fn callback, void *user_data, double interval_s)
{
    if (!solver)
        return;
    solver->on_progress = callback;
    solver->progress_data = user_data;
    solver->progress_interval_s = interval_s > 0 ? interval_s : 0.5;
}

void fsbb_solver_on_incumbent(fsbb_solver *solver, fsbb_incumbent_fn callback, void *user_data)
{
    if (!solver)
        return;
    solver->on_incumbent = callback;
    solver->incumbent_data = user_data;
}

void fsbb_solver_on_checkpoint(fsbb_solver *solver, fsbb_checkpoint_fn callback, void *user_data)
{
    if (!solver)
        return;
    solver->on_checkpoint = callback;
    solver->checkpoint_data = user_data;
}

void fsbb_solver_interrupt(fsbb_solver *solver)
{
    if (solver)
        atomic_store(&solver->interrupt_request, 1);
}

const fsbb_options *fsbb_solver_options(const fsbb_solver *solver)
{
    return solver ? solver->options : NULL;
}

/* The search's progress callback: the user's at its interval, the log's lines at theirs. */
typedef struct progress_listeners {
    fsbb_progress_fn user;
    void *user_data;
    double user_interval_s, user_last_s;
    fsbb_progress_log *log;
} progress_listeners;

static void on_search_progress(const fsbb_progress *progress, void *data)
{
    progress_listeners *listeners = data;
    if (listeners->user && progress->elapsed_s - listeners->user_last_s >= listeners->user_interval_s) {
        listeners->user_last_s = progress->elapsed_s;
        listeners->user(progress, listeners->user_data);
    }
    if (fsbb_progress_log_due(listeners->log, progress->elapsed_s))
        fsbb_progress_log_write_progress(listeners->log, progress);
}

/* Hands the search its progress callback: the user's alone, or with a log both through
 * on_search_progress, called at the shorter of their intervals. */
static void listen_to_progress(const fsbb_solver *solver, fsbb_search *search, progress_listeners *listeners)
{
    *listeners = (progress_listeners){.user = solver->on_progress, .user_data = solver->progress_data,
                                      .user_interval_s = solver->progress_interval_s};
    search->on_progress = solver->on_progress;
    search->progress_data = solver->progress_data;
    search->progress_interval_s = solver->progress_interval_s;
}

static void add_log_listener(fsbb_search *search, progress_listeners *listeners, fsbb_progress_log *log,
                             double log_interval_s)
{
    listeners->log = log;
    search->progress_interval_s =
        listeners->user ? FSBB_MIN(listeners->user_interval_s, log_interval_s) : log_interval_s;
    search->on_progress = on_search_progress;
    search->progress_data = listeners;
}

/* The log's "run" line, once the engine is known (engine NULL: none was chosen). */
static void log_run(fsbb_progress_log *log, const fsbb_solver *solver, const fsbb_search *search,
                    const fsbb_result *result, double start)
{
    const fsbb_progress_log_run run = {.engine = result->engine[0] ? result->engine : NULL,
                                       .device = result->device, .threads = search->threads,
                                       .ranks = result->ranks, .initial_ub = search->initial_ub,
                                       .resumed = search->resume != NULL, .time_s = fsbb_now() - start};
    fsbb_progress_log_write_run(log, solver->instance, solver->options, &run);
}

static int host_cores(void)
{
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (int)cores : 1;
}

/* The cores this process may run on: its CPU affinity, which taskset, a container's cpuset
 * or an MPI launcher's binding (Open MPI binds each of 2 ranks to one core) may narrow,
 * else the host's. */
static int process_cores(void)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0)
        return FSBB_MIN(CPU_COUNT(&allowed), host_cores());
    return host_cores();
}

/* A distributed rank's cores: its share of its host's (the host's cores / the ranks on the
 * host), or fewer where the launcher bound it to fewer. */
static int rank_cores(int local_ranks)
{
    return FSBB_MAX(1, FSBB_MIN(process_cores(), host_cores() / FSBB_MAX(1, local_ranks)));
}

static int resolve_threads(int requested)
{
    return requested > 0 ? requested : process_cores();
}

/* Heuristic iterations shrink with n^2 m, the cost of one iteration. */
static int heuristic_iterations(int n, int m)
{
    const double scale = (20.0 * 20.0 * 20.0) / ((double)n * n * m);
    const double iterations = FSBB_HEURISTIC_DEFAULT_ITERATIONS * (scale < 1 ? scale : 1);
    return iterations < 1 ? 1 : (int)iterations;
}

/* ub=heuristic: the heuristic engine on every search thread (at most one a core) for a
 * budget that grows with n m (fsbb_anytime_ub_budget_s), under the solve's time limit and
 * interrupt. */
static fsbb_status heuristic_upper_bound(fsbb_search *search, fsbb_error *err)
{
    const int cores = search->cores;
    fsbb_ig_config config;
    fsbb_anytime_config(search, search->threads < cores ? search->threads : cores, &config, NULL);
    config.time_limit_s = fsbb_anytime_ub_budget_s(search->data->n, search->data->m);
    return fsbb_anytime_run(search, &config, FSBB_FOUND_INITIAL, NULL, err);
}

static fsbb_status initial_upper_bound(const fsbb_solver *solver, fsbb_search *search, fsbb_stop *stop,
                                       fsbb_error *err)
{
    const fsbb_instance *inst = solver->instance;
    switch (solver->options->ub_kind) {
    case FSBB_UB_HEURISTIC:
        return heuristic_upper_bound(search, err);
    case FSBB_UB_NEH: {
        int *permutation = malloc(sizeof *permutation * (size_t)inst->n);
        fsbb_job *jobs = malloc(sizeof *jobs * (size_t)inst->n);
        int makespan = -1;
        if (permutation && jobs && fsbb_heuristic_neh(inst->n, inst->m, inst->p, permutation, stop) >= 0)
            makespan = fsbb_heuristic_improve(inst->n, inst->m, inst->p, permutation,
                                              heuristic_iterations(inst->n, inst->m), 1, stop);
        if (makespan >= 0) {
            for (int j = 0; j < inst->n; j++)
                jobs[j] = (fsbb_job)permutation[j];
            fsbb_search_offer_from(search, makespan, jobs, FSBB_FOUND_INITIAL);
        }
        free(permutation);
        free(jobs);
        return makespan >= 0 ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory in the heuristic");
    }
    case FSBB_UB_OPTIMUM:
        if (inst->best_known <= 0)
            return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                             "no best-known makespan for %s: use --ub heuristic, inf or a number", inst->name);
        atomic_store(&search->incumbent, inst->best_known);
        return FSBB_OK;
    case FSBB_UB_INFINITE:
        atomic_store(&search->incumbent, INT_MAX);
        return FSBB_OK;
    case FSBB_UB_VALUE:
        atomic_store(&search->incumbent, solver->options->ub_value);
        return FSBB_OK;
    }
    return FSBB_OK;
}

static uint64_t physical_memory(void)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page_size > 0 ? (uint64_t)pages * (uint64_t)page_size : 0;
}

/* Refuses, before any work, LB2 tables that the bound code cannot index (2^31 - 1 entries
 * a table) or that would take more than 1 / LB2_MEMORY_SHARE of physical memory. */
static fsbb_status check_pair_tables(const fsbb_solver *solver, fsbb_error *err)
{
    if (solver->options->lb == FSBB_LB1)
        return FSBB_OK;
    const fsbb_instance *inst = solver->instance;
    const int pairs = fsbb_bound_data_pairs_kept(inst->m, solver->options->lb2_pairs);
    const unsigned long long bytes = fsbb_bound_data_pair_bytes(inst->n, pairs);
    const unsigned long long memory = physical_memory(), allowed = memory / LB2_MEMORY_SHARE;
    const int indexable = (uint64_t)pairs * (uint64_t)inst->n <= INT_MAX;
    if (indexable && (memory == 0 || bytes <= allowed))
        return FSBB_OK;
    /* The advice meets both limits: a count that fits one may break the other. */
    const unsigned long long pair_bytes = fsbb_bound_data_pair_bytes(inst->n, 1);
    unsigned long long fitting = (unsigned long long)INT_MAX / inst->n;
    if (memory > 0 && allowed / pair_bytes < fitting)
        fitting = allowed / pair_bytes;
    char beyond[160];
    if (indexable)
        snprintf(beyond, sizeof beyond, "the %llu bytes allowed (1/%d of this machine's %llu bytes of memory)",
                 allowed, LB2_MEMORY_SHARE, memory);
    else
        snprintf(beyond, sizeof beyond, "LB2 can index (2147483647 entries a table)");
    const char *lb = solver->options->lb == FSBB_LB_AUTO ? "auto" : "lb2";
    if (fitting == 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "--lb %s on %s needs %llu bytes of tables (%d machine pairs x %d jobs), more than %s, and "
                         "even one pair would not fit: use --lb lb1",
                         lb, inst->name, bytes, pairs, inst->n, beyond);
    return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                     "--lb %s on %s needs %llu bytes of tables (%d machine pairs x %d jobs), more than %s: use "
                     "--lb lb1, or --lb2-pairs %llu or fewer",
                     lb, inst->name, bytes, pairs, inst->n, beyond, fitting);
}

static int count_steps(void *stop, uint64_t steps)
{
    return fsbb_stop_after(stop, steps);
}

/* LB2's tables under stop (nothing once it has fired). */
static fsbb_status build_pair_tables(const fsbb_solver *solver, fsbb_bound_data *data, fsbb_stop *stop,
                                     fsbb_error *err)
{
    if (!fsbb_stop_check(stop) && fsbb_bound_data_build_pairs(data, solver->options->lb2_pairs, count_steps, stop) < 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the LB2 tables of %s", solver->instance->name);
    return FSBB_OK;
}

/* The initial upper bound (unless resumed) and the tables the bound needs, under the
 * search's time limit and interrupt; stopped, the search is marked so. */
static fsbb_status set_up(const fsbb_solver *solver, fsbb_search *search, fsbb_bound_data *data, fsbb_error *err)
{
    fsbb_stop stop;
    fsbb_search_stop_rule(search, &stop);
    fsbb_status status = FSBB_OK;
    if (!search->resume) {
        status = initial_upper_bound(solver, search, &stop, err);
        search->initial_ub = atomic_load(&search->incumbent);
        search->initial_ub_achievable = solver->options->ub_kind == FSBB_UB_OPTIMUM;
    }
    if (status == FSBB_OK && solver->options->lb != FSBB_LB1)
        status = build_pair_tables(solver, data, &stop, err);
    fsbb_stop_check(&stop);
    fsbb_search_stopped(search, stop.reason);
    return status;
}

/* The trivial bound: the busiest machine's work. */
static int machine_load_bound(const fsbb_bound_data *d)
{
    int bound = 0;
    for (int k = 0; k < d->m; k++) {
        int load = 0;
        for (int j = 0; j < d->n; j++)
            load += d->p[k * d->n + j];
        bound = FSBB_MAX(bound, load);
    }
    return bound;
}

/* The root's bound: LB1, and LB2 when its tables are built. */
static int root_bound(const fsbb_bound_data *d)
{
    const int n = d->n, m = d->m;
    int *scratch = calloc(3 * (size_t)m, sizeof *scratch);
    unsigned char *unscheduled = malloc((size_t)n);
    if (!scratch || !unscheduled) {
        free(scratch);
        free(unscheduled);
        return machine_load_bound(d);
    }
    int *zeros = scratch, *remain = scratch + 2 * m;
    for (int k = 0; k < m; k++)
        for (int j = 0; j < n; j++)
            remain[k] += d->p[k * n + j];
    int bound = fsbb_lb1_from_parts(d, zeros, zeros, remain, n);
    memset(unscheduled, 1, (size_t)n);
    if (d->pair_count > 0)
        bound = FSBB_MAX(bound, fsbb_lb2(d, unscheduled, zeros, zeros, INT_MAX));
    free(scratch);
    free(unscheduled);
    return bound;
}

/* Saves the root as the search's only open node, so that a search stopped before its
 * engine began resumes from there. */
static void save_root(fsbb_search *search, int bound)
{
    const int n = search->data->n;
    const size_t size = fsbb_node_size(n);
    fsbb_node *root = calloc(1, size);
    if (!root) {
        fsbb_search_report_checkpoint(search, FSBB_ERR_MEMORY, "out of memory for a checkpoint", 0, 0, 1);
        return;
    }
    root->lb = bound;
    for (int j = 0; j < n; j++)
        root->perm[j] = (fsbb_job)j;
    fsbb_search_checkpoint(search, root, 1, size, 1);
    free(root);
}

/* For a search that no engine ran to its end (stopped in set-up, or failed): the bounds
 * of the nodes it was to start from, the resumed ones or the root; with save, those nodes
 * go to its checkpoint as well (a resumed tree stopped at once, by a limit its checkpoint
 * had already used up, is saved as it was). */
static void note_unexplored(fsbb_search *search, int save)
{
    const fsbb_checkpoint *saved = search->resume;
    if (saved) {
        fsbb_search_note_open_nodes(search, saved->open_nodes, saved->open_count, saved->node_stride);
        if (save && search->checkpoint_path)
            fsbb_search_checkpoint(search, (const fsbb_node *)saved->open_nodes, saved->open_count,
                                   saved->node_stride, 1);
        return;
    }
    const int bound = root_bound(search->data);
    fsbb_node *root = calloc(1, fsbb_node_size(search->data->n));
    if (root) {
        root->lb = bound;
        fsbb_search_note_open_nodes(search, (const unsigned char *)root, 1, fsbb_node_size(search->data->n));
        free(root);
    } else {
        fsbb_search_note_open(search, bound);
    }
    if (save && search->checkpoint_path)
        save_root(search, bound);
}

/* The result of a search that ran (to its end, or stopped, or failed: finished 0). */
static fsbb_status fill_result(fsbb_search *search, const fsbb_instance *inst, int finished, fsbb_result *result,
                               fsbb_error *err)
{
    const int incumbent = atomic_load(&search->incumbent);
    result->jobs = inst->n;
    result->makespan = incumbent;
    result->nodes = atomic_load(&search->nodes);
    result->bounded = atomic_load(&search->bounded);
    result->interrupted = atomic_load(&search->interrupted);
    const int achievable = search->incumbent_found || search->initial_ub_achievable;
    if (finished) {
        result->optimal = achievable;
        result->lower_bound = incumbent;
        result->fraction_done = 1;
    } else {
        /* The open nodes' least bound, or a census's during the search when that proved more. */
        const int open = atomic_load(&search->open_lower_bound);
        int measured;
        double gap;
        fsbb_search_measures(search, &measured, &gap, &result->fraction_done);
        result->lower_bound = FSBB_MAX(open < incumbent ? open : incumbent, measured);
        result->optimal = result->lower_bound >= incumbent && achievable;
    }
    /* The gap of a schedule: none is known without one (an upper bound given or proven
     * unreached is no schedule), unless the search proved the optimum. */
    const int schedule_known = search->incumbent_found || result->optimal;
    result->gap = !schedule_known ? -1
                  : incumbent > 0 ? (double)(incumbent - result->lower_bound) / incumbent
                                  : 0;
    if (!search->incumbent_found)
        return FSBB_OK;
    snprintf(result->found_by, sizeof result->found_by, "%s", fsbb_found_by_name(search->incumbent_source));
    result->time_to_best_s = search->incumbent_source == FSBB_FOUND_RESUMED ? -1 : search->incumbent_time_s;
    result->permutation = malloc(sizeof(int) * (size_t)inst->n);
    if (!result->permutation)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the result");
    memcpy(result->permutation, search->incumbent_permutation, sizeof(int) * (size_t)inst->n);
    return FSBB_OK;
}

/* Why the search ended (fsbb_result's stop_reason); heuristic_end: how the heuristic alone
 * ended (NULL for an exact search): its schedule met the root's bound ("finished"), the
 * time limit ("limit"), or its budget ran out ("budget"). */
static const char *stop_reason(const fsbb_search *search, int finished, const fsbb_ig_end *heuristic_end,
                               fsbb_status status)
{
    if (status != FSBB_OK)
        return "error";
    if (atomic_load(&search->interrupted))
        return "interrupted";
    if (heuristic_end)
        return *heuristic_end == FSBB_IG_END_TARGET    ? "finished"
               : *heuristic_end == FSBB_IG_END_STOPPED ? "limit"
                                                       : "budget";
    if (finished)
        return "finished";
    return atomic_load(&search->gap_reached) ? "gap" : "limit";
}

/* The engine of this solve (engine.h), a GPU looked for only when the options allow one;
 * the result's engine and device ("cpu" or the GPU's name). A rank of a distributed search
 * past gpu-ranks on its host searches on the CPU. */
static fsbb_status choose_engine(const fsbb_solver *solver, const fsbb_distributed *dist, const fsbb_engine **engine,
                                 fsbb_result *result, fsbb_error *err)
{
    fsbb_options rank_options = *solver->options;
    const int gpu_ranks = solver->options->gpu_ranks;
    if (dist && gpu_ranks > 0 && dist->local_rank >= gpu_ranks)
        rank_options.device = FSBB_DEVICE_CPU;
    fsbb_error gpu_err = {.code = FSBB_ERR_NO_GPU, .message = "not looked for"};
    const fsbb_status gpu = rank_options.device == FSBB_DEVICE_CPU
                                ? FSBB_ERR_NO_GPU
                                : fsbb_gpu_check(result->device, sizeof result->device, &gpu_err);
    /* A GPU this build has no kernel for: an error when the GPU was asked for, the CPU for auto. */
    if (gpu == FSBB_ERR_GPU_ARCH && rank_options.device == FSBB_DEVICE_GPU)
        return fsbb_fail(err, gpu, "--device gpu: %s", gpu_err.message);
    const fsbb_engine_request request =
        fsbb_engine_request_of(&rank_options, solver->bounds, solver->bound_count, gpu == FSBB_OK);
    const fsbb_status status = fsbb_engine_choose(&request, engine, err);
    if (status == FSBB_ERR_NO_GPU && gpu != FSBB_OK)
        return fsbb_fail(err, status, "--device gpu: no usable CUDA GPU: %s", gpu_err.message);
    if (status != FSBB_OK)
        return status;
    snprintf(result->engine, sizeof result->engine, "%s", (*engine)->name);
    if ((*engine)->device == FSBB_DEVICE_CPU)
        snprintf(result->device, sizeof result->device, "cpu");
    return FSBB_OK;
}

/* Option "verify": each custom CPU bound checked against brute force before the search. */
static fsbb_status verify_custom_bounds(const fsbb_solver *solver, fsbb_error *err)
{
    for (int b = 0; b < solver->bound_count && solver->options->verify > 0; b++) {
        const fsbb_bound_definition *def = &solver->bounds[b].definition;
        const fsbb_status status = def->cpu_bound ? fsbb_bound_verify(def, solver->options->verify, 1, err) : FSBB_OK;
        if (status != FSBB_OK)
            return status;
    }
    return FSBB_OK;
}

/* Appends "+NAME" to lb_used for each custom bound the engine applied (on the CPU those
 * with a cpu_bound, on a GPU all), cut at its size. */
static void name_custom_bounds(const fsbb_search *search, const fsbb_engine *engine, fsbb_result *result)
{
    for (int b = 0; b < search->custom_bound_count; b++) {
        const fsbb_bound_definition *def = &search->custom_bounds[b].definition;
        if (engine->device != FSBB_DEVICE_CPU || def->cpu_bound) {
            const size_t used = strlen(result->lb_used);
            snprintf(result->lb_used + used, sizeof result->lb_used - used, "+%s", def->name);
        }
    }
}

/* The bounds the search computed (fsbb_result's lb_used and lb2_refined_fraction); engine:
 * the engine that searched, NULL when none did (then only the root's LB1 was computed:
 * search=heuristic, a search stopped in its set-up). With lb2 or auto the CPU and resident
 * engines bound the root with LB2 too; the offload engine runs auto as LB1. */
static void fill_bound_use(const fsbb_search *search, const fsbb_engine *engine, fsbb_result *result)
{
    const int offload = engine && engine->device == FSBB_DEVICE_GPU && engine->gpu_engine == FSBB_GPU_OFFLOAD;
    const fsbb_lb_kind lb = !engine ? FSBB_LB1 : offload && search->options->lb == FSBB_LB_AUTO ? FSBB_LB1
                                                                                                : search->options->lb;
    const uint64_t refined = atomic_load(&search->lb2_refined), survivors = atomic_load(&search->lb1_survivors);
    const int measured = survivors > 0;
    result->lb2_refined_fraction = measured ? (double)refined / (double)survivors
                                   : lb == FSBB_LB2 ? 1.0 : 0.0;
    snprintf(result->lb_used, sizeof result->lb_used, "%s",
             lb == FSBB_LB2 ? "lb2" : lb == FSBB_LB_AUTO ? "lb1+lb2" : "lb1");
    if (engine)
        name_custom_bounds(search, engine, result);
}

/* The CPU engine gives one core to a heuristic walk from this many cores on: the walk
 * costs the search 1 / cores of its threads, and gains most on instances the search
 * cannot prove (measured: README, "Anytime incumbents"). */
#define CPU_ENGINE_WALK_CORES 8

/* Heuristic walks beside an exact search: the option, or auto, on the solve's cores (a
 * distributed rank's share of its host's): beside an engine that searches with one host
 * thread (the GPU engines) all cores but two (its host thread, and one left for the CUDA
 * driver and the system), at least one in a process of its own, none in a rank with fewer
 * than three; beside the CPU engine one walk on CPU_ENGINE_WALK_CORES cores or more, none
 * below. */
static int heuristic_walks(const fsbb_search *search, const fsbb_engine *engine, int distributed)
{
    const fsbb_options *options = search->options;
    if (options->heuristic_threads != FSBB_HEURISTIC_THREADS_AUTO)
        return options->heuristic_threads;
    const int cores = search->cores;
    if (!engine->threads)
        return FSBB_MAX(distributed ? 0 : 1, cores - 2);
    return cores >= CPU_ENGINE_WALK_CORES ? 1 : 0;
}

/* The engine, or this rank's part of a distributed search (dist not NULL), with heuristic
 * workers beside it (stopped the moment it returns). Beside an engine searching with the
 * solve's threads, and threads=0 (every core), the workers take their cores from the
 * search's threads. */
static fsbb_status run_engine(fsbb_search *search, const fsbb_engine *engine, fsbb_distributed *dist,
                              fsbb_result *result, fsbb_error *err)
{
    const int walks = heuristic_walks(search, engine, dist != NULL);
    if (engine->threads && search->options->threads == 0 && walks > 0)
        search->threads = FSBB_MAX(1, search->threads - walks);
    fsbb_anytime *workers = NULL;
    if (fsbb_anytime_start(search, walks, &workers, NULL) == FSBB_OK && workers)
        result->heuristic_threads = walks;
    const fsbb_status status = dist ? fsbb_search_distributed(search, dist, err) : engine->run(search, err);
    fsbb_anytime_finish(workers, &result->heuristic_iterations);
    return status;
}

/* search=heuristic: the walks alone, for heuristic-iterations each, or until the time
 * limit, or without either for the published budget, or until a schedule meets the root's
 * bound (the proven one); *end says which ended it. */
static fsbb_status run_heuristic_alone(fsbb_search *search, fsbb_result *result, fsbb_ig_end *end, fsbb_error *err)
{
    const fsbb_options *options = search->options;
    const int n = search->data->n, m = search->data->m;
    const int bound = root_bound(search->data);
    fsbb_search_set_lower_bound(search, bound);
    fsbb_ig_config config;
    fsbb_anytime_config(search, search->threads, &config, NULL);
    fsbb_anytime_long_walks(&config, n);
    config.iteration_limit = options->heuristic_iterations;
    config.target = bound;
    if (options->heuristic_iterations == 0 && options->time_limit_s <= 0)
        config.time_limit_s = fsbb_anytime_alone_budget_s(n, m);
    fsbb_ig_result ran;
    const fsbb_status status = fsbb_anytime_run(search, &config, FSBB_FOUND_HEURISTIC, &ran, err);
    if (status != FSBB_OK)
        return status;
    result->heuristic_threads = search->threads;
    result->heuristic_iterations = ran.iterations;
    *end = ran.end;
    if (search->interrupt_request && atomic_load(search->interrupt_request))
        atomic_store(&search->interrupted, 1);
    fsbb_search_note_open(search, bound);
    return FSBB_OK;
}

/* A resumed search goes on in the tree its checkpoint holds: the options that shaped that
 * tree (lb, branch, lb2-pairs) which were not set are taken from the checkpoint, so that
 * "resume" alone continues it; one set otherwise is refused when the search resumes. A
 * checkpoint that cannot be read changes nothing here: the resume reports why. Returns
 * whether the checkpoint was read (its lb then counts as given). */
static int adopt_checkpoint_tree(fsbb_solver *solver)
{
    fsbb_options *options = solver->options;
    fsbb_checkpoint saved;
    fsbb_error ignored;
    if (!options->resume_path || fsbb_checkpoint_read_head(options->resume_path, &saved, &ignored) != FSBB_OK)
        return 0;
    if (!fsbb_options_given(options, "lb"))
        options->lb = (fsbb_lb_kind)saved.lb;
    if (!fsbb_options_given(options, "branch"))
        options->branch = (fsbb_branch_kind)saved.branch;
    if (!fsbb_options_given(options, "lb2-pairs") && saved.lb != FSBB_LB1)
        options->lb2_pairs = saved.lb2_pairs == fsbb_bound_data_pairs_kept(solver->instance->m, 0) ? 0 : saved.lb2_pairs;
    fsbb_checkpoint_clear(&saved);
    return 1;
}

/* Whether this solve is a rank of a distributed search (option distributed): on, or auto
 * in a process started by an MPI launcher; off leaves the launcher's variables unread. */
static int distributed_asked(const fsbb_options *options)
{
    return options->distributed == FSBB_DISTRIBUTED_ON ||
           (options->distributed == FSBB_DISTRIBUTED_AUTO && fsbb_mpi_launcher_detected());
}

/* Option lb not given: the chosen engine's default bound (engine.h), with LB2's tables built
 * when it uses them, under the search's stop rule; a default whose tables would not fit
 * stays LB1 (the user asked for no LB2). */
static fsbb_status resolve_default_lb(const fsbb_solver *solver, const fsbb_engine *engine, int adopted,
                                      fsbb_search *search, fsbb_bound_data *data, fsbb_error *err)
{
    const fsbb_lb_kind lb = fsbb_engine_lb(engine, solver->options, adopted);
    const int tables_built = solver->options->lb != FSBB_LB1;
    solver->options->lb = lb;
    fsbb_error unused;
    if (lb == FSBB_LB1 || tables_built)
        return FSBB_OK;
    if (check_pair_tables(solver, &unused) != FSBB_OK) {
        solver->options->lb = FSBB_LB1;
        return FSBB_OK;
    }
    fsbb_stop stop;
    fsbb_search_stop_rule(search, &stop);
    const fsbb_status status = build_pair_tables(solver, data, &stop, err);
    fsbb_stop_check(&stop);
    fsbb_search_stopped(search, stop.reason);
    return status;
}

static fsbb_status solve(fsbb_solver *solver, fsbb_result *result, fsbb_error *err)
{
    const int adopted = adopt_checkpoint_tree(solver);
    fsbb_status status = verify_custom_bounds(solver, err);
    if (status == FSBB_OK)
        status = check_pair_tables(solver, err);
    if (status != FSBB_OK)
        return status;
    const fsbb_instance *inst = solver->instance;
    const double start = fsbb_now();
    fsbb_bound_data data;
    if (fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) != 0)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the bound tables of %s", inst->name);
    /* What the engine loads before its search (a GPU's context and kernels) loads while
     * the CPU prepares the search; nothing for the heuristic alone. A rank of a distributed
     * search skips the warm-up: it would load every rank's kernels on the first GPU, before
     * the rank knows its GPU or whether it takes one. */
    const int distributed = distributed_asked(solver->options);
    fsbb_distributed dist;
    memset(&dist, 0, sizeof dist);
    fsbb_engine_warm_up warm_up;
    memset(&warm_up, 0, sizeof warm_up);
    const fsbb_engine_request may_run =
        fsbb_engine_request_of(solver->options, solver->bounds, solver->bound_count, 1);
    if (!distributed && solver->options->search == FSBB_SEARCH_EXACT)
        fsbb_engine_warm_up_start(&warm_up, &may_run, inst->m, adopted);

    fsbb_search search;
    const int search_ready = fsbb_search_init(&search, &data, solver->options,
                                              resolve_threads(solver->options->threads), INT_MAX,
                                              &solver->interrupt_request) == 0;
    search.start_time = search.last_progress_time = start;
    search.cores = process_cores();
    search.custom_bounds = solver->bounds;
    search.custom_bound_count = solver->bound_count;
    progress_listeners listeners;
    listen_to_progress(solver, &search, &listeners);
    search.on_incumbent = solver->on_incumbent;
    search.incumbent_data = solver->incumbent_data;
    /* The instance's digest (a pass over every time: a fifth of a second at 30000 x 1000)
     * only where a checkpoint or another rank compares it. */
    if (solver->options->checkpoint_path || solver->options->resume_path || distributed)
        search.instance_hash = fsbb_checkpoint_fingerprint(inst->n, inst->m, inst->p);
    search.instance = inst;
    search.bounds_hash = fsbb_checkpoint_bounds_hash(solver->bounds, solver->bound_count);
    search.checkpoint_path = solver->options->checkpoint_path;
    search.checkpoint_interval_s = solver->options->checkpoint_interval_s;
    search.on_checkpoint = solver->on_checkpoint;
    search.checkpoint_data = solver->checkpoint_data;
    fsbb_checkpoint resumed;
    memset(&resumed, 0, sizeof resumed);

    const fsbb_engine *engine = NULL;
    status = search_ready ? FSBB_OK : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the incumbent");
    if (status == FSBB_OK && distributed)
        status = fsbb_distributed_begin(&dist, err);
    const int began = distributed && status == FSBB_OK;
    /* Rank 0 alone reports progress, from the set-up on (the engine does the same). */
    if (began && dist.rank != 0)
        search.on_progress = NULL;
    /* The ranks of one host share its cores: each sizes its threads and walks by its share. */
    if (began) {
        search.cores = rank_cores(dist.local_ranks);
        if (solver->options->threads == 0)
            search.threads = search.cores;
        const fsbb_options *tree = solver->options;
        const uint64_t tree_digest = fsbb_checkpoint_tree_digest((int)tree->lb, (int)tree->branch, tree->lb2_pairs,
                                                                 search.bounds_hash);
        status = fsbb_distributed_same_tree(&dist, search.instance_hash, tree_digest, err);
    }
    result->ranks = dist.ranks;
    result->rank = dist.rank;
    /* No file of the solve replaces a saved search unasked; a file refused on one rank stops
     * every rank (the agreement below). */
    if (status == FSBB_OK)
        status = fsbb_solve_files_check(solver->options, err);
    /* The log is rank 0's; a log refused stops every rank (the agreement below). */
    fsbb_progress_log *log = NULL;
    if (status == FSBB_OK && dist.rank == 0 && solver->options->log_path) {
        status = fsbb_progress_log_open(solver->options->log_path, solver->options, &log, err);
        if (log)
            add_log_listener(&search, &listeners, log, solver->options->log_interval_s);
    }
    if (status == FSBB_OK && solver->options->resume_path)
        status = fsbb_search_resume(&search, solver->options->resume_path, &resumed, err);
    if (status == FSBB_OK && search.resume)
        fsbb_search_resumed_from(&search, search.resume->open_nodes, search.resume->open_count,
                                 search.resume->node_stride);
    if (began)
        status = fsbb_distributed_agree(&dist, status, err);
    /* From here on the solve has a result, partial when it stops or fails; the engine is
     * chosen once the set-up has run beside the GPU's warm-up. A usage error (no GPU for
     * --device gpu, divergence options without one) leaves no result. */
    const int heuristic_only = solver->options->search == FSBB_SEARCH_HEURISTIC;
    fsbb_ig_end heuristic_end = FSBB_IG_END_BUDGET;
    if (status == FSBB_OK && heuristic_only && (search.resume || search.checkpoint_path))
        status = fsbb_fail(err, FSBB_ERR_ARGUMENT,
                           "--search heuristic neither saves nor resumes checkpoints (--checkpoint, --resume)");
    int searching = status == FSBB_OK;
    if (searching && heuristic_only) {
        search.initial_ub = INT_MAX;
        snprintf(result->device, sizeof result->device, "cpu");
        snprintf(result->engine, sizeof result->engine, "heuristic");
        log_run(log, solver, &search, result, start);
        status = run_heuristic_alone(&search, result, &heuristic_end, err);
    } else if (searching) {
        status = set_up(solver, &search, &data, err);
    }
    fsbb_engine_warm_up_finish(&warm_up);
    if (status == FSBB_OK && !heuristic_only) {
        status = choose_engine(solver, began ? &dist : NULL, &engine, result, err);
        searching = status == FSBB_OK;
        if (searching)
            status = resolve_default_lb(solver, engine, adopted, &search, &data, err);
    }
    /* The ranks of a distributed search go on together or not at all; every rank runs the
     * search, stopped or not, so that they end together. */
    if (began && searching) {
        const fsbb_status agreed = fsbb_distributed_agree(&dist, status, err);
        searching = status != FSBB_OK || agreed == FSBB_OK;
        status = agreed;
    } else if (began) {
        fsbb_distributed_agree(&dist, status, err);
    }
    const int engine_runs = status == FSBB_OK && !heuristic_only && (began || !atomic_load(&search.stop));
    if (status == FSBB_OK && !heuristic_only)
        log_run(log, solver, &search, result, start);
    if (engine_runs && began) {
        dist.engine = engine;
        dist.steal_nodes = (size_t)solver->options->steal_nodes;
        dist.message_delay_s = solver->options->message_delay_s;
        status = run_engine(&search, engine, &dist, result, err);
    } else if (engine_runs) {
        status = run_engine(&search, engine, NULL, result, err);
    }
    if (searching && !began && !heuristic_only && (!engine_runs || status != FSBB_OK))
        note_unexplored(&search, status == FSBB_OK);
    result->initial_ub = search.initial_ub;
    if (searching) {
        result->threads = engine && !engine->threads ? 1 : search.threads;
        const int finished = status == FSBB_OK && !heuristic_only && !atomic_load(&search.stop);
        snprintf(result->stop_reason, sizeof result->stop_reason, "%s",
                 stop_reason(&search, finished, heuristic_only ? &heuristic_end : NULL, status));
        const fsbb_status filled = fill_result(&search, inst, finished, result, status == FSBB_OK ? err : NULL);
        status = status == FSBB_OK ? filled : status;
        fill_bound_use(&search, engine_runs ? engine : NULL, result);
        if (engine)
            fsbb_options_get(solver->options, "lb", result->lb, sizeof result->lb);
        result->gpu_startup_s = engine && engine->device == FSBB_DEVICE_GPU ? search.gpu_startup_s : 0;
    }
    result->time_s = fsbb_now() - search.start_time;
    if (search.resume) {
        result->resumed_time_s = search.resume->elapsed_s;
        result->resumed_nodes = search.resume->nodes;
    }
    result->rank_stats = dist.stats;
    if (log) {
        log_run(log, solver, &search, result, start);
        fsbb_progress_log_write_result(log, result, status,
                                       status == FSBB_OK ? NULL : err ? err->message : fsbb_status_name(status));
        result->log_errno = fsbb_progress_log_close(log);
    }
    if (began)
        fsbb_distributed_end(&dist);
    fsbb_checkpoint_clear(&resumed);
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    return status;
}

/* One solve at a time: bounds are added between solves, never during one; the solve
 * consumes an interrupt asked for before it or during it. */
fsbb_status fsbb_solver_solve(fsbb_solver *solver, fsbb_result *result, fsbb_error *err)
{
    if (!solver || !result)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_solve: NULL solver or result");
    memset(result, 0, sizeof *result);
    pthread_mutex_lock(&solver->lock);
    const int busy = solver->solving;
    solver->solving = 1;
    pthread_mutex_unlock(&solver->lock);
    if (busy)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_solver_solve: this solver is solving already");
    const fsbb_status status = solve(solver, result, err);
    pthread_mutex_lock(&solver->lock);
    atomic_store(&solver->interrupt_request, 0);
    solver->solving = 0;
    pthread_mutex_unlock(&solver->lock);
    return status;
}

fsbb_status fsbb_solve(const fsbb_instance *instance, const fsbb_options *options, fsbb_result *result,
                       fsbb_error *err)
{
    fsbb_solver *solver = NULL;
    fsbb_status status = fsbb_solver_new(instance, options, &solver, err);
    if (status != FSBB_OK)
        return status;
    status = fsbb_solver_solve(solver, result, err);
    fsbb_solver_free(solver);
    return status;
}

void fsbb_result_clear(fsbb_result *result)
{
    if (!result)
        return;
    free(result->permutation);
    result->permutation = NULL;
    free(result->rank_stats);
    result->rank_stats = NULL;
}
