/* rank_census_mpi.c — the census of the whole tree in the distributed search (census.h,
 * rank_comm.h), for rank 0's progress line and log, --gap and the forecast: a consistent
 * cut of the search, taken in rounds while it runs.
 *
 * Rank 0 starts round k when its reports or --gap want one (CENSUS k to every rank). A rank
 * counts itself for round k when CENSUS k arrives, or before it takes in a message with
 * nodes stamped k, whichever comes first (every WORK and DEAL with nodes carries its
 * sender's round): its party's and engine's open nodes (fsbb_rank_party_census) and the
 * nodes its communication thread holds. It sends rank 0 their counts by depth, their least
 * bound and how many messages with nodes it has sent and received so far (CENSUS_REPORT).
 *
 * In flight: a message sent before its sender counted itself and received after its
 * receiver did is in neither count. Its receiver knows it by its stamp, behind its own
 * round, and reports its nodes (CENSUS_LATE). Every message sent before its sender's count
 * carries a stamp below k, and none stamped k is received before its receiver's count, so
 * the reports' messages sent minus received is the number of such messages: once every
 * rank has reported and that many late ones have come, rank 0 holds the whole cut. A
 * message sent after its sender's count is counted there and not by its receiver. A round
 * starts only when the last one is complete, so a late message is late for the round its
 * receiver is in. Inside a rank a node that moves while its rank counts itself (between the
 * inbox, the engine and what it gave) may be counted twice, never missed: the share done can
 * be a little low and the least bound a little below the open nodes', never too high.
 *
 * A rank whose engine cannot be counted from the communication thread (the resident GPU
 * engine counts its device pool on its own thread) leaves the round unknown: no measure
 * while such a search runs; its end (rank_gather_mpi.c) is measured from the open nodes
 * gathered. */
#include "rank_comm.h"

#include "stop.h"

#include <stdlib.h>
#include <string.h>

/* Rounds start at most this often. */
#define MIN_ROUND_S 0.005

/* A report: this header, then n + 1 x u64, the open nodes by depth. */
typedef struct census_head {
    int32_t round, min_lb;
    int32_t unknown;                /* the rank could not count its engine */
    int32_t late;                   /* CENSUS_LATE: the messages it counts */
    uint64_t sent, received;        /* messages with nodes so far */
} census_head;

int rank_census_init(rank_comm *c)
{
    rank_census *k = &c->census;
    pthread_mutex_init(&k->lock, NULL);
    k->message_size = sizeof(census_head) + sizeof(uint64_t) * ((size_t)c->n + 1);
    k->message = malloc(k->message_size);
    const int count = fsbb_census_init(&k->count, c->n), sum = fsbb_census_init(&k->sum, c->n),
              published = fsbb_census_init(&k->published, c->n);
    return k->message && count == 0 && sum == 0 && published == 0 ? 0 : -1;
}

void rank_census_free(rank_comm *c)
{
    rank_census *k = &c->census;
    free(k->message);
    fsbb_census_free(&k->count);
    fsbb_census_free(&k->sum);
    fsbb_census_free(&k->published);
    pthread_mutex_destroy(&k->lock);
}

/* Rank 0: a report of the round under way joins its sum. */
static void absorb(rank_comm *c, const census_head *head, const unsigned char *depths)
{
    rank_census *k = &c->census;
    if (!k->open || head->round != k->round)
        return;
    for (int d = 0; d <= c->n; d++) {
        uint64_t count;
        memcpy(&count, depths + sizeof count * (size_t)d, sizeof count);
        k->sum.by_depth[d] += count;
        k->sum.open_nodes += count;
    }
    if (head->min_lb < k->sum.min_lb)
        k->sum.min_lb = head->min_lb;
    k->unknown |= head->unknown;
    if (head->late) {
        k->late += head->late;
    } else {
        k->reports_pending--;
        k->crossing += (int64_t)head->sent - (int64_t)head->received;
    }
}

/* Sends counted to rank 0 with head (rank 0 takes it in at once). */
static void report(rank_comm *c, int tag, census_head *head, const fsbb_census *counted)
{
    rank_census *k = &c->census;
    head->min_lb = counted->min_lb;
    memcpy(k->message, head, sizeof *head);
    memcpy(k->message + sizeof *head, counted->by_depth, sizeof(uint64_t) * ((size_t)c->n + 1));
    if (c->rank == 0)
        absorb(c, head, k->message + sizeof *head);
    else if (rank_comm_send(c, 0, tag, k->message, (int)k->message_size, 0) != 0)
        rank_comm_fail(c, FSBB_ERR_MEMORY, "out of memory for a message");
}

/* This rank counts itself for round. */
static void count_here(rank_comm *c, int32_t round)
{
    rank_census *k = &c->census;
    k->round = round;
    fsbb_census_reset(&k->count);
    const int counted = fsbb_rank_party_census(&c->party, &k->count);
    fsbb_census_add_nodes(&k->count, c->held.nodes, c->held.count, c->node_size);
    census_head head = {.round = round, .unknown = counted != 0, .sent = c->work_sent,
                        .received = c->work_received};
    report(c, TAG_CENSUS_REPORT, &head, &k->count);
}

void rank_census_arriving(rank_comm *c, int32_t stamp)
{
    if (stamp > c->census.round)
        count_here(c, stamp);
}

void rank_census_arrived(rank_comm *c, int32_t stamp, const unsigned char *nodes, size_t count)
{
    rank_census *k = &c->census;
    if (stamp >= k->round)
        return;
    fsbb_census_reset(&k->count);
    fsbb_census_add_nodes(&k->count, nodes, count, c->node_size);
    census_head head = {.round = k->round, .late = 1};
    report(c, TAG_CENSUS_LATE, &head, &k->count);
}

void rank_census_on_message(rank_comm *c, int tag, const unsigned char *bytes, int size)
{
    if (tag == TAG_CENSUS) {
        int32_t round = 0;
        if (size == (int)sizeof round)
            memcpy(&round, bytes, sizeof round);
        if (round > c->census.round)
            count_here(c, round);
        return;
    }
    census_head head;
    if (c->rank != 0 || size != (int)c->census.message_size)
        return;
    memcpy(&head, bytes, sizeof head);
    absorb(c, &head, bytes + sizeof head);
}

/* Seconds between two rounds; 0: none wanted (no report, no --gap). */
static double round_spacing(const rank_comm *c)
{
    const fsbb_search *search = c->search;
    const double gap = search->options->gap;
    if (!search->on_progress && gap <= 0)
        return 0;
    double interval = search->on_progress ? search->progress_interval_s : FSBB_GAP_CHECK_S;
    if (gap > 0 && interval > FSBB_GAP_CHECK_S)
        interval = FSBB_GAP_CHECK_S;
    return interval / 2 > MIN_ROUND_S ? interval / 2 : MIN_ROUND_S;
}

void rank_census_lead(rank_comm *c)
{
    rank_census *k = &c->census;
    if (c->rank != 0)
        return;
    const double spacing = round_spacing(c);
    if (k->open) {
        if (k->reports_pending > 0 || (!k->unknown && k->late < k->crossing))
            return;
        k->open = 0;
        k->next_round = fsbb_now() + spacing;
        if (k->unknown)
            return;
        pthread_mutex_lock(&k->lock);
        fsbb_census_reset(&k->published);
        fsbb_census_add_census(&k->published, &k->sum);
        k->published_round = k->round;
        pthread_mutex_unlock(&k->lock);
        return;
    }
    if (spacing <= 0 || fsbb_now() < k->next_round)
        return;
    const int32_t round = k->round + 1;
    k->open = 1;
    k->reports_pending = c->ranks;
    k->unknown = 0;
    k->crossing = k->late = 0;
    fsbb_census_reset(&k->sum);
    for (int r = 1; r < c->ranks; r++)
        if (rank_comm_send(c, r, TAG_CENSUS, &round, (int)sizeof round, 0) != 0)
            rank_comm_fail(c, FSBB_ERR_MEMORY, "out of memory for a message");
    count_here(c, round);
}

int rank_census_read(void *data, fsbb_census *census)
{
    rank_comm *c = data;
    rank_census *k = &c->census;
    pthread_mutex_lock(&k->lock);
    const int fresh = k->published_round != k->read_round;
    if (fresh) {
        fsbb_census_add_census(census, &k->published);
        k->read_round = k->published_round;
    }
    pthread_mutex_unlock(&k->lock);
    return fresh ? 0 : -1;
}
