/* distributed_mpi.c — the distributed search (distributed.h): MPI's start and end, a rank's
 * share of the tree, its engine on a thread of its own, the communication loop on the
 * calling thread (rank_comm_mpi.c), then the end: every rank's totals, open nodes and best
 * schedule to rank 0 (rank_gather_mpi.c), and rank 0's outcome back to every rank.
 *
 * MPI threading: the thread that starts MPI runs the communication loop and makes every MPI
 * call, so MPI_THREAD_FUNNELED is all that is asked for; the engine's threads only meet it
 * through the party (rank_party.h). */
#include "distributed.h"

#include "checkpoint.h"
#include "error.h"
#include "gpu_device.h"
#include "rank_comm.h"
#include "stop.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *thread_level_name(int level)
{
    return level == MPI_THREAD_SINGLE       ? "MPI_THREAD_SINGLE"
           : level == MPI_THREAD_FUNNELED   ? "MPI_THREAD_FUNNELED"
           : level == MPI_THREAD_SERIALIZED ? "MPI_THREAD_SERIALIZED"
                                            : "MPI_THREAD_MULTIPLE";
}

/* MPI the program started: the thread level it offers must let this thread make the
 * search's MPI calls while the engine's threads make none. */
static fsbb_status check_program_mpi(fsbb_error *err)
{
    int provided = MPI_THREAD_SINGLE, main_thread = 0;
    MPI_Query_thread(&provided);
    MPI_Is_thread_main(&main_thread);
    const int needed = main_thread ? MPI_THREAD_FUNNELED : MPI_THREAD_SERIALIZED;
    if (provided >= needed)
        return FSBB_OK;
    return fsbb_fail(err, FSBB_ERR_RESOURCE,
                     "the program started MPI with thread level %s; the distributed search needs %s%s (start MPI "
                     "with MPI_Init_thread asking for it, or set the option distributed to off)",
                     thread_level_name(provided), thread_level_name(needed),
                     main_thread ? "" : " when it is called from a thread other than the one that started MPI");
}

fsbb_status fsbb_distributed_begin(fsbb_distributed *d, fsbb_error *err)
{
    memset(d, 0, sizeof *d);
    int initialized = 0, finalized = 0, provided = 0;
    MPI_Initialized(&initialized);
    MPI_Finalized(&finalized);
    if (finalized)
        return fsbb_fail(err, FSBB_ERR_RESOURCE,
                         "MPI has ended in this process: MPI started by the library ends with its distributed "
                         "solve, and cannot start again (one distributed solve per process; a program that solves "
                         "more than once starts MPI itself, with MPI_Init_thread and MPI_THREAD_FUNNELED)");
    if (initialized) {
        const fsbb_status status = check_program_mpi(err);
        if (status != FSBB_OK)
            return status;
    } else {
        if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
            return fsbb_fail(err, FSBB_ERR_RESOURCE, "MPI could not start");
        d->started_mpi = 1;
        if (provided < MPI_THREAD_FUNNELED)
            return fsbb_fail(err, FSBB_ERR_RESOURCE, "this MPI offers no thread support (MPI_THREAD_FUNNELED)");
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &d->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &d->ranks);
    MPI_Comm host;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
    MPI_Comm_rank(host, &d->local_rank);
    MPI_Comm_size(host, &d->local_ranks);
    MPI_Comm_free(&host);
    d->seed = 0x9e3779b9u;
    return FSBB_OK;
}

fsbb_status fsbb_distributed_same_tree(fsbb_distributed *d, uint64_t instance_hash, uint64_t tree_hash,
                                       fsbb_error *err)
{
    const uint64_t mine[2] = {instance_hash, tree_hash};
    uint64_t least[2], most[2];
    if (MPI_Allreduce(mine, least, 2, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS ||
        MPI_Allreduce(mine, most, 2, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS) {
        d->broken = 1;
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: the ranks could not compare their instances", d->rank);
    }
    if (least[0] != most[0])
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "the ranks of this distributed search were given different instances (their digests "
                         "differ): every rank must solve the same instance; a program whose ranks solve instances of "
                         "their own sets the option distributed to off");
    if (least[1] != most[1])
        return fsbb_fail(err, FSBB_ERR_ARGUMENT,
                         "the ranks of this distributed search were given different lb, branch, lb2-pairs or "
                         "custom bounds: every rank must search the same tree");
    return FSBB_OK;
}

void fsbb_distributed_end(fsbb_distributed *d)
{
    /* A rank that lost MPI leaves without MPI_Finalize: mpirun then ends the whole job. MPI
     * that the program started is the program's to end. */
    if (d->broken || !d->started_mpi)
        return;
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized)
        MPI_Finalize();
}

/* This rank's share of a resumed search: the checkpoint's nodes i with i % ranks == rank. */
static int share_resumed(const rank_comm *c, const fsbb_checkpoint *saved, fsbb_checkpoint *share)
{
    memset(share, 0, sizeof *share);
    const size_t count = saved->open_count / (size_t)c->ranks +
                         ((size_t)c->rank < saved->open_count % (size_t)c->ranks ? 1 : 0);
    share->open_nodes = malloc(count ? count * c->node_size : 1);
    if (!share->open_nodes)
        return -1;
    for (size_t i = (size_t)c->rank, k = 0; i < saved->open_count; i += (size_t)c->ranks, k++)
        memcpy(share->open_nodes + k * c->node_size, saved->open_nodes + i * saved->node_stride, c->node_size);
    share->open_count = count;
    share->node_stride = c->node_size;
    return 0;
}

static int on_gpu(const fsbb_distributed *d)
{
    return d->engine->device == FSBB_DEVICE_GPU;
}

static void *run_engine(void *arg)
{
    rank_comm *c = arg;
    fsbb_status status;
    if (on_gpu(c->dist) && fsbb_gpu_choose(c->dist->local_rank, NULL, 0) < 0)
        status = fsbb_fail(&c->engine_error, FSBB_ERR_NO_GPU, "no usable GPU for this rank");
    else
        status = c->dist->engine->run(c->search, &c->engine_error);
    c->engine_status = status;
    fsbb_rank_party_engine_ended(&c->party);
    return NULL;
}

static void free_comm(rank_comm *c)
{
    rank_census_free(c);
    fsbb_rank_party_free(&c->party);
    fsbb_node_buffer_free(&c->held);
    fsbb_node_buffer_free(&c->answer);
    for (int i = 0; i < c->send_count; i++)
        free(c->sends[i].bytes);
    free(c->sends);
    free(c->received);
    free(c->decoded);
    free(c->schedule);
    free(c->reported);
    if (c->comm != MPI_COMM_NULL)
        MPI_Comm_free(&c->comm);
}

static fsbb_status init_comm(rank_comm *c, fsbb_search *search, fsbb_distributed *d, fsbb_error *err)
{
    memset(c, 0, sizeof *c);
    c->comm = MPI_COMM_NULL;
    c->search = search;
    c->dist = d;
    c->rank = d->rank;
    c->ranks = d->ranks;
    c->n = search->data->n;
    const int census_ready = rank_census_init(c) == 0;
    c->node_size = fsbb_node_size(c->n);
    c->node_bytes = fsbb_checkpoint_node_bytes(c->n);
    c->rng = d->seed ^ (2654435761u * (unsigned)(d->rank + 1));
    c->rng += c->rng == 0;
    c->victim = -1;
    /* None announced yet: the first pass announces this rank's schedule, if it holds one (its
     * initial upper bound, or a heuristic walk's that came before this thread). */
    c->known_incumbent = INT_MAX;
    c->checkpoint_path = search->checkpoint_path;
    c->checkpoint_interval_s = search->checkpoint_interval_s;
    c->stats.threads = d->engine->threads ? search->threads : 0;
    snprintf(c->stats.device, sizeof c->stats.device, "cpu");
    if (on_gpu(d)) {
        char name[sizeof c->stats.device], bus[32];
        const int gpu = fsbb_gpu_choose(d->local_rank, name, sizeof name);
        if (gpu >= 0 && fsbb_gpu_bus_id(gpu, bus, sizeof bus) == 0)
            snprintf(c->stats.device, sizeof c->stats.device, "%.36s %.24s", name, bus);
        else if (gpu >= 0)
            snprintf(c->stats.device, sizeof c->stats.device, "%s", name);
    }
    fsbb_termination_init(&c->termination, c->rank, c->ranks);
    const int party_ready = fsbb_rank_party_init(&c->party, search) == 0;
    fsbb_node_buffer_init(&c->held, c->node_size);
    fsbb_node_buffer_init(&c->answer, c->node_size);
    c->schedule = malloc(sizeof *c->schedule * (size_t)c->n);
    c->reported = calloc((size_t)c->ranks, sizeof *c->reported);
    if (!c->schedule || !c->reported || !census_ready || !party_ready)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for rank %d's communication", c->rank);
    if (MPI_Comm_dup(MPI_COMM_WORLD, &c->comm) != MPI_SUCCESS)
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: no MPI communicator", c->rank);
    MPI_Comm_set_errhandler(c->comm, MPI_ERRORS_RETURN);
    return FSBB_OK;
}

fsbb_status fsbb_distributed_agree(fsbb_distributed *d, fsbb_status status, fsbb_error *err)
{
    if (d->failed_together)
        return status;
    int failed = status == FSBB_OK ? INT_MAX : d->rank, first = INT_MAX;
    if (MPI_Allreduce(&failed, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS) {
        d->broken = 1;
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: the ranks could not agree to start", d->rank);
    }
    if (first == INT_MAX)
        return FSBB_OK;
    struct {
        int32_t status;
        char message[FSBB_ERROR_MESSAGE_SIZE];
    } failure = {.status = status};
    if (d->rank == first)
        snprintf(failure.message, sizeof failure.message, "rank %d: %.*s", d->rank,
                 (int)sizeof failure.message - 32, err->message);
    if (MPI_Bcast(&failure, (int)sizeof failure, MPI_BYTE, first, MPI_COMM_WORLD) != MPI_SUCCESS) {
        d->broken = 1;
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: the ranks could not agree to start", d->rank);
    }
    d->failed_together = 1;
    return fsbb_fail(err, (fsbb_status)failure.status, "%s", failure.message);
}

/* Rank 0's outcome, sent to every rank so that each process reports the same. */
typedef struct outcome {
    uint64_t nodes, bounded;
    double fraction_done;
    int32_t incumbent, has_schedule, stop, interrupted, limit_reached, gap_reached, open_lower_bound, status;
    int32_t measured, tree_lower_bound;
    char message[FSBB_ERROR_MESSAGE_SIZE];
} outcome;

static fsbb_status share_outcome(rank_comm *c, fsbb_status status, fsbb_error *err)
{
    fsbb_search *search = c->search;
    outcome o;
    memset(&o, 0, sizeof o);
    if (c->rank == 0) {
        o.nodes = atomic_load(&search->nodes);
        o.bounded = atomic_load(&search->bounded);
        pthread_mutex_lock(&search->incumbent_lock);
        o.incumbent = atomic_load(&search->incumbent);
        o.has_schedule = search->incumbent_found;
        for (int j = 0; j < c->n; j++)
            c->schedule[j] = search->incumbent_permutation[j];
        pthread_mutex_unlock(&search->incumbent_lock);
        o.stop = atomic_load(&search->stop);
        o.interrupted = atomic_load(&search->interrupted);
        o.limit_reached = atomic_load(&search->limit_reached);
        o.gap_reached = atomic_load(&search->gap_reached);
        o.open_lower_bound = atomic_load(&search->open_lower_bound);
        pthread_mutex_lock(&search->progress_lock);
        o.measured = search->measured;
        o.tree_lower_bound = search->tree_lower_bound;
        o.fraction_done = search->fraction_done;
        pthread_mutex_unlock(&search->progress_lock);
        o.status = status;
        if (status != FSBB_OK)
            snprintf(o.message, sizeof o.message, "%s", err->message);
    }
    if (MPI_Bcast(&o, (int)sizeof o, MPI_BYTE, 0, c->comm) != MPI_SUCCESS ||
        MPI_Bcast(c->schedule, c->n, MPI_INT32_T, 0, c->comm) != MPI_SUCCESS) {
        c->dist->broken = 1;
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: the outcome of the search did not arrive", c->rank);
    }
    if (c->rank == 0)
        return status;
    atomic_store(&search->nodes, o.nodes);
    atomic_store(&search->bounded, o.bounded);
    if (o.has_schedule) {
        fsbb_job *jobs = malloc(sizeof *jobs * (size_t)c->n);
        for (int j = 0; jobs && j < c->n; j++)
            jobs[j] = (fsbb_job)c->schedule[j];
        if (jobs)
            fsbb_search_offer(search, o.incumbent, jobs);
        free(jobs);
    }
    atomic_store(&search->stop, o.stop);
    atomic_store(&search->interrupted, o.interrupted);
    atomic_store(&search->limit_reached, o.limit_reached);
    atomic_store(&search->gap_reached, o.gap_reached);
    atomic_store(&search->open_lower_bound, o.open_lower_bound);
    pthread_mutex_lock(&search->progress_lock);
    search->measured = o.measured;
    search->tree_lower_bound = o.tree_lower_bound;
    search->fraction_done = o.fraction_done;
    pthread_mutex_unlock(&search->progress_lock);
    if (o.status != FSBB_OK)
        return fsbb_fail(err, (fsbb_status)o.status, "%s", o.message);
    return FSBB_OK;
}

/* The engine's view of the search while it runs on a rank. */
typedef struct engine_view {
    const fsbb_work_party *party;
    const fsbb_checkpoint *resume;
    double checkpoint_interval_s;
    fsbb_progress_fn on_progress;
    fsbb_incumbent_fn on_incumbent;
    void *incumbent_data;
} engine_view;

static void swap_view(fsbb_search *search, engine_view *view)
{
    const engine_view old = {search->party,       search->resume,       search->checkpoint_interval_s,
                             search->on_progress, search->on_incumbent, search->incumbent_data};
    search->party = view->party;
    search->resume = view->resume;
    search->checkpoint_interval_s = view->checkpoint_interval_s;
    search->on_progress = view->on_progress;
    /* Heuristic walks may be offering schedules: they call this pair under the lock. */
    pthread_mutex_lock(&search->incumbent_lock);
    search->on_incumbent = view->on_incumbent;
    search->incumbent_data = view->incumbent_data;
    pthread_mutex_unlock(&search->incumbent_lock);
    *view = old;
}

/* A better schedule found or heard on this rank: the communication loop wakes to announce
 * it at once; rank 0 also tells the caller's callback. */
static void incumbent_found(int makespan, const int *permutation, int jobs, void *user_data)
{
    rank_comm *c = user_data;
    fsbb_rank_party_notify(&c->party);
    if (c->on_incumbent)
        c->on_incumbent(makespan, permutation, jobs, c->incumbent_data);
}

/* Runs the engine and the communication loop to the end, then gathers. Rank 0's search
 * measures the tree by the ranks' census (rank_census_mpi.c) meanwhile. */
static fsbb_status search_ranks(rank_comm *c, fsbb_error *err)
{
    pthread_t engine;
    fsbb_status status = FSBB_OK;
    if (c->rank == 0)
        fsbb_search_set_census(c->search, rank_census_read, c);
    if (pthread_create(&engine, NULL, run_engine, c) != 0)
        status = fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: could not start its engine", c->rank);
    const int started = status == FSBB_OK;
    if (started)
        status = rank_comm_run(c, err);
    if (status == FSBB_ERR_RESOURCE && started)
        c->dist->broken = 1;
    fsbb_rank_party_finish(&c->party);
    if (started)
        pthread_join(engine, NULL);
    if (c->rank == 0)
        fsbb_search_end_census(c->search, 0);
    if (c->dist->broken)
        return status;
    if (fsbb_rank_party_collect(&c->party, &c->held) != 0 || fsbb_rank_party_reclaim(&c->party, &c->held) != 0)
        rank_comm_fail(c, FSBB_ERR_MEMORY, "out of memory for open nodes");
    if (status == FSBB_OK)
        status = rank_comm_quiesce(c, err);
    if (status == FSBB_OK)
        status = rank_comm_gather(c, 1, err);
    if (status == FSBB_ERR_RESOURCE && c->failure_status == FSBB_OK)
        c->dist->broken = 1;
    return status;
}

fsbb_status fsbb_search_distributed(fsbb_search *search, fsbb_distributed *d, fsbb_error *err)
{
    rank_comm c;
    fsbb_status status = init_comm(&c, search, d, err);
    if (status == FSBB_OK && !d->engine->party)
        status = fsbb_fail(err, FSBB_ERR_ARGUMENT,
                           "the %s engine cannot be a rank of a distributed search (it trades no nodes): the CPU "
                           "and the resident GPU engine can (the divergence options and custom GPU bounds take "
                           "the offload engine)",
                           d->engine->name);
    const fsbb_checkpoint empty = {0};
    fsbb_checkpoint share = {0};
    if (status == FSBB_OK && search->resume && share_resumed(&c, search->resume, &share) != 0)
        status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for rank %d's share of the resumed nodes", c.rank);
    status = fsbb_distributed_agree(d, status, err);
    if (status != FSBB_OK) {
        free(share.open_nodes);
        free_comm(&c);
        return status;
    }
    if (search->resume && c.rank != 0) {
        /* Rank 0 carries the counts of the runs before. */
        atomic_store(&search->nodes, 0);
        atomic_store(&search->bounded, 0);
    }
    c.dealing = !search->resume && c.ranks > 1 && c.rank == 0;
    engine_view view = {
        .party = &c.party.party,
        .resume = search->resume ? &share : c.rank == 0 ? NULL : &empty,
        .checkpoint_interval_s = 0,
        .on_progress = c.rank == 0 ? search->on_progress : NULL,
        .on_incumbent = incumbent_found,
        .incumbent_data = &c,
    };
    c.on_incumbent = c.rank == 0 ? search->on_incumbent : NULL;
    c.incumbent_data = search->incumbent_data;
    swap_view(search, &view);
    status = search_ranks(&c, err);
    swap_view(search, &view);
    if (!d->broken)
        status = share_outcome(&c, status, err);
    free(share.open_nodes);
    free_comm(&c);
    return status;
}
