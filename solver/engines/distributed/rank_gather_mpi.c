/* rank_gather_mpi.c — every rank's open nodes, counts and best schedule to rank 0
 * (rank_comm_gather, rank_comm.h), which writes them as one ordinary checkpoint: the file
 * any number of ranks, or a single process, resumes from. At the end of the search the same
 * gather gives rank 0 the totals, the open nodes of a stopped search and the ranks' stats.
 *
 * Ranks run the same program on the same kind of machine: their summaries travel as raw
 * bytes (MPI_BYTE), the nodes in the checkpoint's node encoding. */
#include "rank_comm.h"

#include "checkpoint.h"
#include "error.h"
#include "stop.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rank_summary {
    uint64_t nodes, bounded, held;
    fsbb_rank_stats stats;
    int32_t incumbent, has_schedule;
    int32_t interrupted, limit_reached, failure_status;
    char failure[FSBB_ERROR_MESSAGE_SIZE];
} rank_summary;

static void summarise(rank_comm *c, rank_summary *mine, int32_t *schedule)
{
    fsbb_search *search = c->search;
    memset(mine, 0, sizeof *mine);
    mine->nodes = atomic_load(&search->nodes);
    mine->bounded = atomic_load(&search->bounded);
    mine->held = c->held.count;
    mine->stats = c->stats;
    mine->stats.nodes = mine->nodes;
    mine->stats.incumbent_latency_s = c->incumbent_latency_s;
    pthread_mutex_lock(&search->incumbent_lock);
    mine->incumbent = atomic_load(&search->incumbent);
    mine->has_schedule = search->incumbent_found;
    for (int j = 0; j < c->n; j++)
        schedule[j] = search->incumbent_permutation[j];
    pthread_mutex_unlock(&search->incumbent_lock);
    mine->interrupted = atomic_load(&search->interrupted);
    mine->limit_reached = atomic_load(&search->limit_reached);
    mine->failure_status = c->failure_status;
    memcpy(mine->failure, c->failure, sizeof mine->failure);
}

/* What rank 0 received. */
typedef struct gathered {
    rank_summary *summaries;
    int32_t *schedules;             /* ranks x n */
    unsigned char *encoded;         /* every rank's held nodes, encoded */
    int *sizes, *offsets;           /* bytes of each rank's nodes */
    size_t open_count;
} gathered;

static void free_gathered(gathered *g)
{
    free(g->summaries);
    free(g->schedules);
    free(g->encoded);
    free(g->sizes);
    free(g->offsets);
}

static fsbb_status exchange(rank_comm *c, gathered *g, fsbb_error *err)
{
    const int n = c->n, root = c->rank == 0;
    rank_summary mine;
    int32_t *schedule = c->schedule;
    const size_t bytes = c->held.count * c->node_bytes;
    unsigned char *encoded = malloc(bytes ? bytes : 1);
    memset(g, 0, sizeof *g);
    if (root) {
        g->summaries = malloc(sizeof *g->summaries * (size_t)c->ranks);
        g->schedules = malloc(sizeof *g->schedules * (size_t)c->ranks * (size_t)n);
        g->sizes = calloc((size_t)c->ranks, sizeof *g->sizes);
        g->offsets = calloc((size_t)c->ranks, sizeof *g->offsets);
    }
    /* Every rank takes part in every collective, whatever failed here. */
    int ok = encoded && bytes <= INT_MAX && (!root || (g->summaries && g->schedules && g->sizes && g->offsets));
    summarise(c, &mine, schedule);
    if (!ok) {
        mine.held = 0;
        mine.failure_status = FSBB_ERR_MEMORY;
        snprintf(mine.failure, sizeof mine.failure, "rank %d: out of memory for a gather of %zu open nodes", c->rank,
                 c->held.count);
    } else {
        fsbb_checkpoint_encode_nodes(c->held.nodes, c->held.count, c->node_size, n, encoded);
    }
    int code = MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, g->summaries, (int)sizeof mine, MPI_BYTE, 0, c->comm);
    if (code == MPI_SUCCESS)
        code = MPI_Gather(schedule, n, MPI_INT32_T, g->schedules, n, MPI_INT32_T, 0,
                          c->comm);
    size_t total = 0;
    if (root && g->summaries) {
        for (int r = 0; r < c->ranks; r++) {
            const size_t size = (size_t)g->summaries[r].held * c->node_bytes;
            g->offsets[r] = (int)total;
            g->sizes[r] = (int)size;
            total += size;
        }
        if (total > INT_MAX) {
            ok = 0;
            total = 0;
            memset(g->sizes, 0, sizeof *g->sizes * (size_t)c->ranks);
            memset(g->offsets, 0, sizeof *g->offsets * (size_t)c->ranks);
        }
        g->encoded = malloc(total ? total : 1);
        g->open_count = total / c->node_bytes;
        ok &= g->encoded != NULL;
    }
    if (code == MPI_SUCCESS)
        code = MPI_Gatherv(encoded, ok || !root ? (int)(mine.held * c->node_bytes) : 0, MPI_BYTE, g->encoded,
                           g->sizes, g->offsets, MPI_BYTE, 0, c->comm);
    free(encoded);
    if (code != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int length = 0;
        MPI_Error_string(code, text, &length);
        return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: a gather of the ranks' nodes failed (%s)", c->rank, text);
    }
    if (root && !ok)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory at rank 0 for the open nodes of every rank");
    return FSBB_OK;
}

/* The best schedule of any rank: its index, or -1 when none beats what rank 0 holds. */
static int best_rank(const rank_comm *c, const gathered *g)
{
    int best = -1, makespan = atomic_load(&c->search->incumbent);
    for (int r = 0; r < c->ranks; r++)
        if (g->summaries[r].has_schedule && g->summaries[r].incumbent < makespan) {
            best = r;
            makespan = g->summaries[r].incumbent;
        }
    return best;
}

static void offer_best(rank_comm *c, const gathered *g)
{
    const int best = best_rank(c, g);
    if (best < 0)
        return;
    fsbb_job *jobs = malloc(sizeof *jobs * (size_t)c->n);
    if (!jobs)
        return;
    for (int j = 0; j < c->n; j++)
        jobs[j] = (fsbb_job)g->schedules[(size_t)best * (size_t)c->n + (size_t)j];
    fsbb_search_offer(c->search, g->summaries[best].incumbent, jobs);
    free(jobs);
}

/* Writes the checkpoint of the gathered state: rank 0's search with the totals. */
static void write_checkpoint(rank_comm *c, const gathered *g, const unsigned char *nodes, uint64_t nodes_total,
                             uint64_t bounded_total, int final)
{
    fsbb_search *search = c->search;
    int *permutation = malloc(sizeof *permutation * (size_t)c->n);
    if (!permutation) {
        fsbb_search_report_checkpoint(search, FSBB_ERR_MEMORY, "out of memory for a checkpoint", g->open_count, 0,
                                      final);
        return;
    }
    fsbb_checkpoint state;
    fsbb_search_snapshot(search, &state, permutation);
    state.nodes = nodes_total;
    state.bounded = bounded_total;
    state.open_count = g->open_count;
    state.node_stride = c->node_size;
    state.open_nodes = (unsigned char *)nodes;
    const double pause_s = final ? 0 : fsbb_now() - c->checkpoint_began;
    fsbb_search_write_checkpoint(search, &state, pause_s, final);
    free(permutation);
}

/* The end of the search at rank 0: the totals, the best schedule, the open nodes' census
 * (their bound, the share of the tree done), the stats, the first failure. */
static fsbb_status conclude(rank_comm *c, const gathered *g, const unsigned char *nodes, uint64_t nodes_total,
                            uint64_t bounded_total, fsbb_error *err)
{
    fsbb_search *search = c->search;
    atomic_store(&search->nodes, nodes_total);
    atomic_store(&search->bounded, bounded_total);
    fsbb_search_note_open_nodes(search, nodes, g->open_count, c->node_size);
    if (c->checkpoint_path)
        write_checkpoint(c, g, nodes, nodes_total, bounded_total, 1);
    c->dist->stats = calloc((size_t)c->ranks, sizeof *c->dist->stats);
    for (int r = 0; r < c->ranks && c->dist->stats; r++)
        c->dist->stats[r] = g->summaries[r].stats;
    for (int r = 0; r < c->ranks; r++) {
        const rank_summary *s = &g->summaries[r];
        if (s->interrupted)
            atomic_store(&search->interrupted, 1);
        if (s->limit_reached)
            atomic_store(&search->limit_reached, 1);
    }
    for (int r = 0; r < c->ranks; r++)
        if (g->summaries[r].failure_status != FSBB_OK)
            return fsbb_fail(err, (fsbb_status)g->summaries[r].failure_status, "%s", g->summaries[r].failure);
    return FSBB_OK;
}

fsbb_status rank_comm_gather(rank_comm *c, int final, fsbb_error *err)
{
    gathered g;
    fsbb_status status = exchange(c, &g, err);
    if (status == FSBB_OK && c->rank == 0) {
        const char *problem = rank_comm_decode(c, g.encoded, g.open_count);
        if (problem)
            status = fsbb_fail(err, FSBB_ERR_RESOURCE, "the ranks' open nodes came garbled: %s", problem);
    }
    if (status == FSBB_OK && c->rank == 0) {
        uint64_t nodes_total = 0, bounded_total = 0;
        for (int r = 0; r < c->ranks; r++) {
            nodes_total += g.summaries[r].nodes;
            bounded_total += g.summaries[r].bounded;
        }
        offer_best(c, &g);
        if (final)
            status = conclude(c, &g, c->decoded, nodes_total, bounded_total, err);
        else
            write_checkpoint(c, &g, c->decoded, nodes_total, bounded_total, 0);
    }
    free_gathered(&g);
    return status;
}
