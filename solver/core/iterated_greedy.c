/* iterated_greedy.c — walks on threads, their shared best, budgets and hooks
 * (iterated_greedy.h). */
#include "iterated_greedy.h"

#include "error.h"
#include "ig_walk.h"
#include "splitmix.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Elementary steps (one job on one machine) of a walk between two readings of the clocks
 * and hooks: some tens of microseconds. */
#define CHECK_WORK (1u << 17)
#define MAX_THREADS 1024

/* What the walks share. best_makespan and stop are read without the lock (a stale value
 * only delays a decision); everything else is read and written under it. */
typedef struct shared_state {
    int n, m;
    const int *p;
    const fsbb_ig_config *config;
    fsbb_ig_hooks hooks;
    double start_s; /* CLOCK_MONOTONIC */
    pthread_mutex_t lock;
    atomic_int best_makespan;
    int *best;
    double time_to_best_s;
    int external;
    atomic_int stop;
    fsbb_ig_end end;
    int *arrived;   /* the last schedule taken from outside */
    int arrived_makespan;
    atomic_uint arrived_version;
} shared_state;

typedef struct walker {
    shared_state *shared;
    fsbb_ig_walk walk;
    int index;
    pthread_t thread;
    double cpu_start_s, cpu_s;
    uint64_t work;
    int done; /* this walk stops: sticky */
    unsigned seen_version;
    int *incoming;       /* n: a schedule on its way into the walk */
    unsigned char *seen; /* n: for checking that a schedule is a permutation */
} walker;

static double clock_s(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double fsbb_ig_monotonic_s(void)
{
    return clock_s(CLOCK_MONOTONIC);
}

void fsbb_ig_config_default(fsbb_ig_config *config)
{
    memset(config, 0, sizeof *config);
    config->threads = 1;
    config->seed = 1;
    config->clock = FSBB_IG_CLOCK_THREAD_CPU;
    config->destruction = 4;
    config->temperature = 0.4;
    config->partial_search = 0;
    config->block_search = 0;
    config->restart_after = 0;
    config->relink_after = 0;
    config->referenced_search = 0;
    config->interchange = 0;
    config->window = 0;
    config->cooperation = FSBB_IG_INDEPENDENT;
}

static void stop_all(shared_state *shared, fsbb_ig_end end)
{
    pthread_mutex_lock(&shared->lock);
    if (!atomic_load(&shared->stop)) {
        shared->end = end;
        atomic_store(&shared->stop, 1);
    }
    pthread_mutex_unlock(&shared->lock);
}

/* Under the lock: schedule (makespan) becomes the run's best if it is better. */
static int record_best(shared_state *shared, const int *schedule, int makespan, int external)
{
    if (makespan >= atomic_load(&shared->best_makespan))
        return 0;
    memcpy(shared->best, schedule, sizeof(int) * (size_t)shared->n);
    atomic_store(&shared->best_makespan, makespan);
    shared->time_to_best_s = fsbb_ig_monotonic_s() - shared->start_s;
    shared->external = external;
    if (!external && shared->hooks.on_improvement)
        shared->hooks.on_improvement(makespan, schedule, shared->n, shared->time_to_best_s,
                                     shared->hooks.improvement_data);
    if (makespan <= shared->config->target && shared->config->target > 0 && !atomic_load(&shared->stop)) {
        shared->end = FSBB_IG_END_TARGET;
        atomic_store(&shared->stop, 1);
    }
    return 1;
}

static void offer_best(walker *wk)
{
    shared_state *shared = wk->shared;
    if (wk->walk.best_makespan >= atomic_load_explicit(&shared->best_makespan, memory_order_relaxed))
        return;
    pthread_mutex_lock(&shared->lock);
    record_best(shared, wk->walk.best, wk->walk.best_makespan, 0);
    pthread_mutex_unlock(&shared->lock);
}

/* Reads the clocks and hooks; marks this walk (or all) done when one says so. */
static void check_limits(walker *wk)
{
    shared_state *shared = wk->shared;
    const fsbb_ig_config *config = shared->config;
    if (config->time_limit_s > 0 && config->clock == FSBB_IG_CLOCK_THREAD_CPU &&
        clock_s(CLOCK_THREAD_CPUTIME_ID) - wk->cpu_start_s >= config->time_limit_s)
        wk->done = 1;
    const double now = (config->time_limit_s > 0 && config->clock == FSBB_IG_CLOCK_WALL) || shared->hooks.deadline > 0
                           ? fsbb_ig_monotonic_s()
                           : 0;
    if (config->time_limit_s > 0 && config->clock == FSBB_IG_CLOCK_WALL && now - shared->start_s >= config->time_limit_s)
        stop_all(shared, FSBB_IG_END_BUDGET);
    if (shared->hooks.deadline > 0 && now >= shared->hooks.deadline)
        stop_all(shared, FSBB_IG_END_STOPPED);
    if (shared->hooks.should_stop && shared->hooks.should_stop(shared->hooks.stop_data))
        stop_all(shared, FSBB_IG_END_STOPPED);
    if (atomic_load(&shared->stop))
        wk->done = 1;
}

/* The walk's fsbb_walk_should_stop: counts work, reads the clocks every CHECK_WORK steps. */
static int walker_should_stop(void *data)
{
    walker *wk = data;
    if (wk->done)
        return 1;
    if (atomic_load_explicit(&wk->shared->stop, memory_order_relaxed)) {
        wk->done = 1;
        return 1;
    }
    wk->work += (uint64_t)wk->walk.n * (uint64_t)wk->walk.m;
    if (wk->work < CHECK_WORK)
        return 0;
    wk->work = 0;
    check_limits(wk);
    return wk->done;
}

static int is_permutation(const int *schedule, int n, unsigned char *seen)
{
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (schedule[i] < 0 || schedule[i] >= n || seen[schedule[i]])
            return 0;
        seen[schedule[i]] = 1;
    }
    return 1;
}

/* The first walk's poll of take_schedule: a schedule from outside is checked, its makespan
 * computed here, and it is posted for the walks (and becomes the best if it is). */
static void take_outside_schedule(walker *wk)
{
    shared_state *shared = wk->shared;
    const int n = shared->n;
    if (!shared->hooks.take_schedule || !shared->hooks.take_schedule(wk->incoming, n, shared->hooks.schedule_data))
        return;
    if (!is_permutation(wk->incoming, n, wk->seen))
        return;
    const int makespan = fsbb_insertion_makespan(&wk->walk.space, wk->incoming, n);
    pthread_mutex_lock(&shared->lock);
    memcpy(shared->arrived, wk->incoming, sizeof(int) * (size_t)n);
    shared->arrived_makespan = makespan;
    atomic_fetch_add(&shared->arrived_version, 1);
    record_best(shared, wk->incoming, makespan, 1);
    pthread_mutex_unlock(&shared->lock);
}

/* Between iterations: schedules from outside, and restarts of a stagnating walk. */
static void between_iterations(walker *wk)
{
    shared_state *shared = wk->shared;
    fsbb_ig_walk *walk = &wk->walk;
    const int n = shared->n;
    if (wk->index == 0)
        take_outside_schedule(wk);
    const unsigned version = atomic_load(&shared->arrived_version);
    if (version != wk->seen_version) {
        wk->seen_version = version;
        pthread_mutex_lock(&shared->lock);
        const int makespan = shared->arrived_makespan;
        const int better = makespan < walk->current_makespan;
        if (better)
            memcpy(wk->incoming, shared->arrived, sizeof(int) * (size_t)n);
        pthread_mutex_unlock(&shared->lock);
        if (better)
            fsbb_ig_walk_adopt(walk, wk->incoming, makespan);
    }
    const fsbb_ig_config *config = shared->config;
    if (config->restart_after == 0 || walk->since_improvement < config->restart_after)
        return;
    if (config->cooperation == FSBB_IG_COOPERATIVE) {
        pthread_mutex_lock(&shared->lock);
        const int makespan = atomic_load(&shared->best_makespan);
        memcpy(wk->incoming, shared->best, sizeof(int) * (size_t)n);
        pthread_mutex_unlock(&shared->lock);
        fsbb_ig_walk_adopt(walk, wk->incoming, makespan);
    } else {
        memcpy(wk->incoming, walk->best, sizeof(int) * (size_t)n);
        fsbb_ig_walk_adopt(walk, wk->incoming, walk->best_makespan);
    }
    walk->since_improvement = 0;
}

static void *walker_main(void *data)
{
    walker *wk = data;
    shared_state *shared = wk->shared;
    const fsbb_ig_config *config = shared->config;
    fsbb_ig_walk *walk = &wk->walk;
    if (wk->index != 0) /* the first walk's clock started before the start schedule */
        wk->cpu_start_s = clock_s(CLOCK_THREAD_CPUTIME_ID);
    if (!walker_should_stop(wk) && fsbb_ig_walk_polish(walk, walker_should_stop, wk))
        offer_best(wk);
    while (!walker_should_stop(wk) && (config->iteration_limit == 0 || walk->iterations < config->iteration_limit)) {
        between_iterations(wk);
        if (fsbb_ig_walk_iterate(walk, walker_should_stop, wk))
            offer_best(wk);
    }
    wk->cpu_s = clock_s(CLOCK_THREAD_CPUTIME_ID) - wk->cpu_start_s;
    return NULL;
}

static fsbb_status check_config(int n, int m, const int *p, const fsbb_ig_config *config, const fsbb_ig_hooks *hooks,
                                const int *permutation, fsbb_error *err)
{
    if (n < 1 || m < 1 || !p || !config || !permutation)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "iterated greedy: needs n >= 1 jobs, m >= 1 machines, times, "
                                                 "a configuration and room for the schedule");
    if (config->threads < 1 || config->threads > MAX_THREADS)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "iterated greedy: threads must be 1..%d, not %d", MAX_THREADS,
                         config->threads);
    if (config->destruction < 1 || !(config->temperature >= 0) || !(config->time_limit_s >= 0))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "iterated greedy: destruction must be >= 1, temperature and time limit >= 0");
    if (config->window != 0 && (config->window < 2 || config->window > FSBB_WINDOW_MAX))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "iterated greedy: window must be 0 or 2..%d, not %d", FSBB_WINDOW_MAX,
                         config->window);
    const int ends = config->time_limit_s > 0 || config->iteration_limit > 0 ||
                     (hooks && (hooks->should_stop || hooks->deadline > 0));
    if (!ends)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "iterated greedy: no time or iteration budget, stop hook or deadline: it would not end");
    return FSBB_OK;
}

/* Walk `index`'s workspace and seed; 0, or -1 when out of memory (nothing to free then). */
static int walker_init(walker *wk, shared_state *shared, int index, const fsbb_ig_walk_params *params)
{
    const fsbb_ig_config *config = shared->config;
    uint64_t seed_state = config->seed + 0x632BE59BD9B4E019ull * (uint64_t)index;
    wk->shared = shared;
    wk->index = index;
    wk->incoming = malloc(sizeof(int) * (size_t)shared->n);
    wk->seen = malloc((size_t)shared->n);
    if (wk->incoming && wk->seen &&
        fsbb_ig_walk_init(&wk->walk, shared->n, shared->m, shared->p, params, fsbb_splitmix_next(&seed_state)) == 0)
        return 0;
    free(wk->incoming);
    free(wk->seen);
    return -1;
}

/* Whether a limit, the stop hook or a target reached stops every walk, read now (between
 * the set-ups of the walks, where no walk reads them). */
static int walkers_stopped(walker *first)
{
    check_limits(first);
    return atomic_load(&first->shared->stop);
}

static void free_walkers(walker *walkers, int count)
{
    for (int w = 0; w < count; w++) {
        fsbb_ig_walk_free(&walkers[w].walk);
        free(walkers[w].incoming);
        free(walkers[w].seen);
    }
    free(walkers);
}

/* n == 1: the only schedule, offered to on_improvement like any walk's first. */
static void single_job(int m, const int *p, const fsbb_ig_config *config, const fsbb_ig_hooks *hooks, int *permutation,
                       fsbb_ig_result *result)
{
    permutation[0] = 0;
    int makespan = 0;
    for (int k = 0; k < m; k++)
        makespan += p[k];
    if (hooks && hooks->on_improvement)
        hooks->on_improvement(makespan, permutation, 1, 0, hooks->improvement_data);
    if (result) {
        memset(result, 0, sizeof *result);
        result->makespan = makespan;
        result->end = config->target > 0 && makespan <= config->target ? FSBB_IG_END_TARGET : FSBB_IG_END_BUDGET;
    }
}

fsbb_status fsbb_ig_run(int n, int m, const int *p, const fsbb_ig_config *config, const fsbb_ig_hooks *hooks,
                        int *permutation, fsbb_ig_result *result, fsbb_error *err)
{
    const fsbb_status status = check_config(n, m, p, config, hooks, permutation, err);
    if (status != FSBB_OK)
        return status;
    if (n == 1) {
        single_job(m, p, config, hooks, permutation, result);
        return FSBB_OK;
    }
    shared_state shared = {.n = n, .m = m, .p = p, .config = config, .start_s = fsbb_ig_monotonic_s()};
    if (hooks)
        shared.hooks = *hooks;
    atomic_init(&shared.best_makespan, INT_MAX);
    atomic_init(&shared.stop, 0);
    atomic_init(&shared.arrived_version, 0);
    shared.end = FSBB_IG_END_BUDGET;
    const int threads = config->threads;
    walker *walkers = calloc((size_t)threads, sizeof *walkers);
    shared.best = malloc(sizeof(int) * (size_t)n);
    shared.arrived = malloc(sizeof(int) * (size_t)n);
    const fsbb_ig_walk_params params = {config->destruction, config->temperature, config->partial_search,
                                         config->block_search, config->relink_after, config->referenced_search,
                                         config->interchange, config->window};
    /* The first walk now, the others once the start is known: a limit or a stop that comes
     * in NEH (or before) leaves them unbuilt (their tables are n m ints each: 600 MB at 30000
     * jobs x 1000 machines). */
    int ready = walkers && shared.best && shared.arrived && pthread_mutex_init(&shared.lock, NULL) == 0 ? 0 : -1;
    if (ready == 0 && walker_init(&walkers[0], &shared, 0, &params) == 0)
        ready = 1;
    if (ready < 1) {
        if (ready == 0)
            pthread_mutex_destroy(&shared.lock);
        free(walkers);
        free(shared.best);
        free(shared.arrived);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "iterated greedy: out of memory for %d walks of %d jobs", threads, n);
    }

    /* One start for all walks: the schedule given, or NEH, computed once. */
    int *start = walkers[0].incoming;
    int start_makespan;
    walkers[0].cpu_start_s = clock_s(CLOCK_THREAD_CPUTIME_ID);
    if (config->start && is_permutation(config->start, n, walkers[0].seen)) {
        memcpy(start, config->start, sizeof(int) * (size_t)n);
        start_makespan = fsbb_insertion_makespan(&walkers[0].walk.space, start, n);
    } else {
        start_makespan = fsbb_ig_walk_neh(&walkers[0].walk, start, walker_should_stop, &walkers[0]);
    }
    pthread_mutex_lock(&shared.lock);
    record_best(&shared, start, start_makespan, 0);
    pthread_mutex_unlock(&shared.lock);
    fsbb_ig_walk_adopt(&walkers[0].walk, shared.best, start_makespan);
    /* The first walk's CPU budget does not pay for the others' set-up, done on its thread. */
    const double set_up_start_s = clock_s(CLOCK_THREAD_CPUTIME_ID);
    for (; ready < threads && !walkers_stopped(&walkers[0]); ready++) {
        if (walker_init(&walkers[ready], &shared, ready, &params) != 0) {
            pthread_mutex_destroy(&shared.lock);
            free_walkers(walkers, ready);
            free(shared.best);
            free(shared.arrived);
            return fsbb_fail(err, FSBB_ERR_MEMORY, "iterated greedy: out of memory for %d walks of %d jobs", threads,
                             n);
        }
        fsbb_ig_walk_adopt(&walkers[ready].walk, shared.best, start_makespan);
    }
    walkers[0].cpu_start_s += clock_s(CLOCK_THREAD_CPUTIME_ID) - set_up_start_s;

    int started = 1;
    for (; started < ready; started++)
        if (pthread_create(&walkers[started].thread, NULL, walker_main, &walkers[started]) != 0)
            break;
    walker_main(&walkers[0]);
    for (int w = 1; w < started; w++)
        pthread_join(walkers[w].thread, NULL);

    memcpy(permutation, shared.best, sizeof(int) * (size_t)n);
    if (result) {
        memset(result, 0, sizeof *result);
        result->makespan = fsbb_insertion_makespan(&walkers[0].walk.space, permutation, n);
        result->time_to_best_s = shared.time_to_best_s;
        result->wall_s = fsbb_ig_monotonic_s() - shared.start_s;
        result->external = shared.external;
        result->end = shared.end;
        for (int w = 0; w < started; w++) {
            result->iterations += walkers[w].walk.iterations;
            result->relinks += walkers[w].walk.relinks;
            result->relinks_taken += walkers[w].walk.relinks_taken;
            result->cpu_s += walkers[w].cpu_s;
        }
    }
    pthread_mutex_destroy(&shared.lock);
    free_walkers(walkers, ready);
    free(shared.best);
    free(shared.arrived);
    return FSBB_OK;
}
