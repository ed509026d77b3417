/* anytime.c — the heuristic engine run for a search (anytime.h): hooks that carry
 * schedules both ways, and the workers' thread. */
#include "anytime.h"

#include "error.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* What the hooks of one run see. */
typedef struct link {
    fsbb_search *search;
    fsbb_found_by source;
    atomic_int *finish;  /* the workers' stop request; NULL for a run on the caller's thread (the heuristic
                            alone, or the initial upper bound before the search): nothing else reports
                            then, so its walks report the search's progress, also while NEH builds their
                            start */
    fsbb_job *jobs;      /* n: a schedule on its way to the search */
    int handed;          /* the makespan of the last search schedule handed to the walks */
} link;

struct fsbb_anytime {
    link link;
    fsbb_ig_config config;
    int *start;
    int *best;
    atomic_int finish;
    pthread_t thread;
    fsbb_ig_result result;
};

double fsbb_anytime_ub_budget_s(int n, int m)
{
    const double budget = (double)n * m / 2 * FSBB_ANYTIME_UB_MS_PER_CELL * 1e-3;
    return budget < FSBB_ANYTIME_UB_CAP_S ? budget : FSBB_ANYTIME_UB_CAP_S;
}

double fsbb_anytime_alone_budget_s(int n, int m)
{
    return (double)n * m / 2 * 60e-3;
}

void fsbb_anytime_config(const fsbb_search *search, int walks, fsbb_ig_config *config, int *start)
{
    fsbb_ig_config_default(config);
    config->threads = walks;
    config->seed = search->options->seed;
    config->start = NULL;
    if (start && search->incumbent_found) {
        pthread_mutex_lock((pthread_mutex_t *)&search->incumbent_lock);
        memcpy(start, search->incumbent_permutation, sizeof(int) * (size_t)search->data->n);
        pthread_mutex_unlock((pthread_mutex_t *)&search->incumbent_lock);
        config->start = start;
    }
}

void fsbb_anytime_long_walks(fsbb_ig_config *config, int jobs)
{
    if (jobs >= FSBB_ANYTIME_WINDOW_MIN_JOBS)
        config->window = FSBB_ANYTIME_WINDOW;
}

static void offer(int makespan, const int *permutation, int jobs, double elapsed_s, void *data)
{
    (void)elapsed_s;
    link *l = data;
    for (int j = 0; j < jobs; j++)
        l->jobs[j] = (fsbb_job)permutation[j];
    fsbb_search_offer_from(l->search, makespan, l->jobs, l->source);
}

static int should_stop(void *data)
{
    const link *l = data;
    if (!l->finish)
        fsbb_search_report_progress(l->search);
    return (l->finish && atomic_load_explicit(l->finish, memory_order_relaxed)) ||
           atomic_load_explicit(&l->search->stop, memory_order_relaxed) ||
           (l->search->interrupt_request && atomic_load_explicit(l->search->interrupt_request, memory_order_relaxed));
}

/* The search's schedule, when it found one better than what the walks were last handed. */
static int take(int *permutation, int jobs, void *data)
{
    link *l = data;
    fsbb_search *search = l->search;
    if (atomic_load_explicit(&search->incumbent, memory_order_relaxed) >= l->handed)
        return 0;
    pthread_mutex_lock(&search->incumbent_lock);
    const int fresh = search->incumbent_found && search->incumbent_source != l->source &&
                      atomic_load(&search->incumbent) < l->handed;
    if (fresh)
        memcpy(permutation, search->incumbent_permutation, sizeof(int) * (size_t)jobs);
    l->handed = atomic_load(&search->incumbent);
    pthread_mutex_unlock(&search->incumbent_lock);
    return fresh;
}

static fsbb_ig_hooks hooks_of(link *l)
{
    const double limit = l->search->options->time_limit_s;
    return (fsbb_ig_hooks){
        .should_stop = should_stop,
        .stop_data = l,
        .deadline = limit > 0 ? l->search->start_time + limit : 0,
        .on_improvement = offer,
        .improvement_data = l,
        .take_schedule = take,
        .schedule_data = l,
    };
}

static fsbb_status run_linked(link *l, const fsbb_ig_config *config, int *best, fsbb_ig_result *result,
                              fsbb_error *err)
{
    const fsbb_bound_data *d = l->search->data;
    l->handed = atomic_load(&l->search->incumbent);
    const fsbb_ig_hooks hooks = hooks_of(l);
    return fsbb_ig_run(d->n, d->m, d->p, config, &hooks, best, result, err);
}

fsbb_status fsbb_anytime_run(fsbb_search *search, const fsbb_ig_config *config, fsbb_found_by source,
                             fsbb_ig_result *result, fsbb_error *err)
{
    const int n = search->data->n;
    link l = {.search = search, .source = source, .jobs = malloc(sizeof(fsbb_job) * (size_t)n)};
    int *best = malloc(sizeof(int) * (size_t)n);
    fsbb_status status = l.jobs && best ? run_linked(&l, config, best, result, err)
                                        : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the heuristic");
    free(best);
    free(l.jobs);
    return status;
}

static void *run_workers(void *data)
{
    fsbb_anytime *workers = data;
    if (run_linked(&workers->link, &workers->config, workers->best, &workers->result, NULL) != FSBB_OK)
        memset(&workers->result, 0, sizeof workers->result);
    return NULL;
}

static void free_workers(fsbb_anytime *workers)
{
    free(workers->link.jobs);
    free(workers->start);
    free(workers->best);
    free(workers);
}

fsbb_status fsbb_anytime_start(fsbb_search *search, int walks, fsbb_anytime **out, fsbb_error *err)
{
    *out = NULL;
    if (walks <= 0)
        return FSBB_OK;
    const int n = search->data->n;
    fsbb_anytime *workers = calloc(1, sizeof *workers);
    if (!workers)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the heuristic workers");
    workers->link = (link){.search = search, .source = FSBB_FOUND_HEURISTIC, .finish = &workers->finish,
                           .jobs = malloc(sizeof(fsbb_job) * (size_t)n)};
    workers->start = malloc(sizeof(int) * (size_t)n);
    workers->best = malloc(sizeof(int) * (size_t)n);
    atomic_init(&workers->finish, 0);
    if (!workers->link.jobs || !workers->start || !workers->best) {
        free_workers(workers);
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the heuristic workers");
    }
    fsbb_anytime_config(search, walks, &workers->config, workers->start);
    fsbb_anytime_long_walks(&workers->config, n);
    if (pthread_create(&workers->thread, NULL, run_workers, workers) != 0) {
        free_workers(workers);
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "could not start the heuristic workers' thread");
    }
    *out = workers;
    return FSBB_OK;
}

void fsbb_anytime_finish(fsbb_anytime *workers, uint64_t *iterations)
{
    if (!workers)
        return;
    atomic_store(&workers->finish, 1);
    pthread_join(workers->thread, NULL);
    if (iterations)
        *iterations = workers->result.iterations;
    free_workers(workers);
}
