/* rank_comm_mpi.c — a rank's communication loop in the distributed search (rank_comm.h).
 *
 * Each pass: receive every message waiting, then act on what the engine did and on the
 * clock, then post due messages, then sleep until the engine does something or a short
 * while passes (longer while this rank is busy and nothing waits on it).
 *
 * Work distribution. Rank 0 starts from the root and, once its engine has branched its first
 * few hundred nodes, asks it for every open node and deals them round-robin (DEAL); a resumed
 * search deals the checkpoint's nodes round-robin by index instead, with no message. Then
 * randomized work stealing: a rank whose engine waits for nodes asks a random other rank
 * (STEAL); the victim asks its engine for up to steal_nodes nodes (the engine gives at most
 * half of its pools, from the shallow end) and sends them (WORK), or refuses (an empty
 * WORK) when its engine is idle, stopping or checkpointing. After a refusal the thief asks
 * another rank at once, and after ranks - 1 refusals in a row it waits BACKOFF_S first.
 *
 * Incumbents: every pass compares the search's incumbent with the best one announced or
 * heard; an improvement found here goes to every other rank at once (INCUMBENT, with the
 * schedule), and a rank that hears of one offers it to its search, where its engine reads
 * it (the resident engine copies it to the device before its next launch).
 *
 * Stops: a rank whose search stopped (its time limit, an interrupt, a failure; rank 0 also
 * when the ranks' counts pass the node limit, or when the census shows --gap reached) tells
 * every other rank (STOP, with the reason), and they stop too. A stopping rank keeps the
 * nodes it still gets and the ones its engine gives back (held), refuses thieves and steals
 * nothing; the termination detection then waits for the nodes in flight, and the final
 * gather saves them all.
 *
 * Termination: termination.h (Safra's token, with messages with nodes counted). A rank is
 * idle when its engine waits for nodes or has ended, nothing of its engine waits to be sent
 * or handed over, no checkpoint is under way, and (unless it is stopping) no node waits in
 * its inbox. Rank 0 decides and sends DONE.
 *
 * Checkpoints (rank 0 every checkpoint interval, unless stopping): CKPT_BEGIN makes every
 * rank drain its engine (nodes_wanted says all until the engine waits) into held, keep the
 * nodes it receives, refuse thieves and stop stealing: from then on it sends no node. Each
 * drained rank sends its counts of messages with nodes sent and received (CKPT_COUNT); once
 * every rank has answered, the sent counts are final, so equal sums mean no node is in flight
 * (else CKPT_RECOUNT asks again while the last nodes arrive). CKPT_GATHER: every rank's held
 * nodes and counts go to rank 0, which writes one ordinary checkpoint; CKPT_END hands the
 * nodes back to the engines.
 *
 * The census of the tree (the share done, the least bound, --gap): rank_census_mpi.c. */
#include "rank_comm.h"

#include "checkpoint.h"
#include "error.h"
#include "stop.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A thief refused by every other rank waits this long before it asks again. */
#define BACKOFF_S 0.001
/* Sleep between passes: short while something waits on this rank, longer while it is busy. */
#define SHORT_WAIT_S 0.00005
#define LONG_WAIT_S 0.001
/* Ranks report their node count to rank 0 this often, when there is a node limit. */
#define REPORT_INTERVAL_S 0.01
/* An interrupted search whose ranks have not all stopped after this long is taken for a job
 * that lost a rank (mpirun interrupts the others, then kills them a second later). */
#define STOP_GRACE_S 0.7

static unsigned next_random(rank_comm *c)
{
    c->rng ^= c->rng << 13;
    c->rng ^= c->rng >> 17;
    c->rng ^= c->rng << 5;
    return c->rng;
}

static fsbb_status mpi_failed(fsbb_error *err, int rank, const char *call, int code)
{
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    return fsbb_fail(err, FSBB_ERR_RESOURCE, "rank %d: %s failed (%s): another rank may have died; the job ends", rank,
                     call, text);
}

int rank_comm_send(rank_comm *c, int destination, int tag, const void *bytes, int size, int delayable)
{
    if (c->send_count == c->send_capacity) {
        const int capacity = c->send_capacity ? 2 * c->send_capacity : 64;
        rank_send *bigger = realloc(c->sends, sizeof *bigger * (size_t)capacity);
        if (!bigger)
            return -1;
        c->sends = bigger;
        c->send_capacity = capacity;
    }
    rank_send *send = &c->sends[c->send_count];
    memset(send, 0, sizeof *send);
    send->bytes = malloc(size > 0 ? (size_t)size : 1);
    if (!send->bytes)
        return -1;
    if (size > 0)
        memcpy(send->bytes, bytes, (size_t)size);
    send->size = size;
    send->destination = destination;
    send->tag = tag;
    send->due = delayable && c->dist->message_delay_s > 0
                    ? fsbb_now() + c->dist->message_delay_s * (double)(next_random(c) % 1024) / 1024.0
                    : 0;
    c->send_count++;
    c->stats.bytes_sent += (uint64_t)size;
    return 0;
}

/* Posts the messages that are due and frees those that have left. */
static fsbb_status pump_sends(rank_comm *c, fsbb_error *err)
{
    const double now = c->dist->message_delay_s > 0 ? fsbb_now() : 0;
    int kept = 0;
    for (int i = 0; i < c->send_count; i++) {
        rank_send *send = &c->sends[i];
        if (!send->posted && send->due <= now) {
            const int code = MPI_Isend(send->bytes, send->size, MPI_BYTE, send->destination, send->tag, c->comm,
                                       &send->request);
            if (code != MPI_SUCCESS)
                return mpi_failed(err, c->rank, "MPI_Isend", code);
            send->posted = 1;
        }
        int done = 0;
        if (send->posted) {
            const int code = MPI_Test(&send->request, &done, MPI_STATUS_IGNORE);
            if (code != MPI_SUCCESS)
                return mpi_failed(err, c->rank, "MPI_Test", code);
        }
        if (done)
            free(send->bytes);
        else
            c->sends[kept++] = *send;
    }
    c->send_count = kept;
    return FSBB_OK;
}

const char *rank_comm_decode(rank_comm *c, const unsigned char *bytes, size_t count)
{
    if (count > c->decoded_capacity) {
        unsigned char *bigger = realloc(c->decoded, count * c->node_size);
        if (!bigger)
            return "out of memory for the nodes received";
        c->decoded = bigger;
        c->decoded_capacity = count;
    }
    return fsbb_checkpoint_decode_nodes(bytes, count, c->n, c->decoded, c->node_size);
}

/* Sends nodes (fsbb_node layout, node_size apart) to a rank as one message with nodes: this
 * rank's census round, then the nodes (none: a refusal, without the round). */
static int send_nodes(rank_comm *c, int destination, int tag, const unsigned char *nodes, size_t count)
{
    const int32_t stamp = c->census.round;
    const size_t bytes = count > 0 ? sizeof stamp + count * c->node_bytes : 0;
    if (bytes > INT_MAX)
        return -1;
    unsigned char *encoded = malloc(bytes ? bytes : 1);
    if (!encoded)
        return -1;
    if (count > 0) {
        memcpy(encoded, &stamp, sizeof stamp);
        fsbb_checkpoint_encode_nodes(nodes, count, c->node_size, c->n, encoded + sizeof stamp);
    }
    const int sent = rank_comm_send(c, destination, tag, encoded, (int)bytes, 1);
    free(encoded);
    if (sent != 0)
        return -1;
    if (count > 0) {
        fsbb_termination_sent(&c->termination);
        c->work_sent++;
        c->stats.nodes_sent += count;
    }
    return 0;
}

void rank_comm_fail(rank_comm *c, fsbb_status status, const char *message)
{
    if (c->failure_status == FSBB_OK) {
        c->failure_status = status;
        snprintf(c->failure, sizeof c->failure, "rank %d: %.*s", c->rank, (int)sizeof c->failure - 32, message);
    }
    atomic_store(&c->search->stop, 1);
}

static void fail_here(rank_comm *c, const char *message)
{
    rank_comm_fail(c, FSBB_ERR_MEMORY, message);
}

static void refuse(rank_comm *c, int thief)
{
    if (rank_comm_send(c, thief, TAG_WORK, NULL, 0, 1) != 0)
        fail_here(c, "out of memory for a message");
}

static void refuse_thieves(rank_comm *c)
{
    for (int i = c->asking ? 1 : 0; i < c->thief_count; i++)
        refuse(c, c->thieves[i]);
    c->thief_count = c->asking ? 1 : 0;
}

/* Nodes that stay outside the engine: a stopping rank's, or a checkpoint's. */
static void hold(rank_comm *c, const unsigned char *nodes, size_t count)
{
    if (fsbb_node_buffer_append(&c->held, nodes, count, c->node_size) != 0)
        fail_here(c, "out of memory for open nodes");
}

static void take_back_inbox(rank_comm *c)
{
    if (fsbb_rank_party_reclaim(&c->party, &c->held) != 0)
        fail_here(c, "out of memory for open nodes");
}

static void collect_given(rank_comm *c)
{
    if (fsbb_rank_party_collect(&c->party, &c->held) != 0)
        fail_here(c, "out of memory for open nodes");
}

/* ---- Messages ------------------------------------------------------------------------- */

static void on_steal(rank_comm *c, int thief)
{
    fsbb_rank_party_look look;
    fsbb_rank_party_look_at(&c->party, &look);
    if (c->stopping || c->checkpointing || c->dealing || look.waiting || look.ended || c->thief_count == MAX_THIEVES)
        refuse(c, thief);
    else
        c->thieves[c->thief_count++] = thief;
}

static void on_nodes(rank_comm *c, int from, int tag, const unsigned char *bytes, int size)
{
    int32_t stamp = 0;
    const size_t body = size > (int)sizeof stamp ? (size_t)size - sizeof stamp : 0;
    const size_t count = body / c->node_bytes;
    if (tag == TAG_WORK && from == c->victim) {
        c->victim = -1;
        if (count == 0 && ++c->refusals >= c->ranks - 1) {
            c->refusals = 0;
            c->next_steal = fsbb_now() + BACKOFF_S;
        }
    }
    if (size == 0)
        return;
    if (count == 0 || body % c->node_bytes) {
        /* Its sender counted it sent. */
        fsbb_termination_received(&c->termination);
        c->work_received++;
        fail_here(c, "a message of nodes has a partial node");
        return;
    }
    if (tag == TAG_WORK) {
        c->refusals = 0;
        c->stats.steals++;
    }
    memcpy(&stamp, bytes, sizeof stamp);
    rank_census_arriving(c, stamp);
    fsbb_termination_received(&c->termination);
    c->work_received++;
    c->stats.nodes_received += count;
    const char *problem = rank_comm_decode(c, bytes + sizeof stamp, count);
    if (problem) {
        fail_here(c, problem);
        return;
    }
    rank_census_arrived(c, stamp, c->decoded, count);
    if (c->stopping || c->checkpointing)
        hold(c, c->decoded, count);
    else if (fsbb_rank_party_deliver(&c->party, c->decoded, count, c->node_size) != 0)
        fail_here(c, "out of memory for the nodes received");
}

/* INCUMBENT: i32 makespan, f64 the sender's clock, n x i32 the schedule. */
static void on_incumbent(rank_comm *c, const unsigned char *bytes, int size)
{
    const size_t expected = sizeof(int32_t) + sizeof(double) + sizeof(int32_t) * (size_t)c->n;
    if ((size_t)size != expected) {
        fail_here(c, "an incumbent message of the wrong size");
        return;
    }
    int32_t makespan;
    double sent_at;
    memcpy(&makespan, bytes, sizeof makespan);
    memcpy(&sent_at, bytes + sizeof makespan, sizeof sent_at);
    const double latency = fsbb_now() - sent_at;
    if (latency > c->incumbent_latency_s)
        c->incumbent_latency_s = latency;
    if (makespan >= c->known_incumbent)
        return;
    c->known_incumbent = makespan;
    fsbb_job *jobs = malloc(sizeof *jobs * (size_t)c->n);
    if (!jobs) {
        fail_here(c, "out of memory for a schedule");
        return;
    }
    const unsigned char *schedule = bytes + sizeof makespan + sizeof sent_at;
    for (int j = 0; j < c->n; j++) {
        int32_t job;
        memcpy(&job, schedule + sizeof job * (size_t)j, sizeof job);
        jobs[j] = (fsbb_job)job;
    }
    fsbb_search_offer(c->search, makespan, jobs);
    free(jobs);
}

static void enter_stopping(rank_comm *c)
{
    if (c->stopping)
        return;
    c->stopping = 1;
    c->stop_began = fsbb_now();
    refuse_thieves(c);
    take_back_inbox(c);
}

static void on_stop(rank_comm *c, const unsigned char *bytes, int size)
{
    int32_t reason = STOP_FAILURE;
    if (size == (int)sizeof reason)
        memcpy(&reason, bytes, sizeof reason);
    if (!atomic_load(&c->search->stop)) {
        if (reason == STOP_GAP)
            atomic_store(&c->search->gap_reached, 1);
        if (reason == STOP_FAILURE || reason == STOP_GAP)
            atomic_store(&c->search->stop, 1);
        else
            fsbb_search_stopped(c->search, reason == STOP_INTERRUPT ? FSBB_STOP_INTERRUPT : FSBB_STOP_LIMIT);
    }
    c->stop_announced = 1;
    enter_stopping(c);
}

static void begin_checkpoint_here(rank_comm *c)
{
    c->checkpointing = 1;
    c->count_due = 1;
    refuse_thieves(c);
    fsbb_rank_party_hold(&c->party, 1);
    fsbb_rank_party_drain(&c->party, 1);
    take_back_inbox(c);
}

static void end_checkpoint_here(rank_comm *c)
{
    c->checkpointing = 0;
    fsbb_rank_party_drain(&c->party, 0);
    if (!c->stopping && c->held.count > 0) {
        if (fsbb_rank_party_deliver(&c->party, c->held.nodes, c->held.count, c->node_size) != 0)
            fail_here(c, "out of memory for open nodes");
        c->held.count = 0;
    }
    fsbb_rank_party_hold(&c->party, 0);
}

static fsbb_status on_message(rank_comm *c, int from, int tag, const unsigned char *bytes, int size,
                              fsbb_error *err)
{
    switch (tag) {
    case TAG_STEAL:
        on_steal(c, from);
        break;
    case TAG_WORK:
    case TAG_DEAL:
        on_nodes(c, from, tag, bytes, size);
        break;
    case TAG_INCUMBENT:
        on_incumbent(c, bytes, size);
        break;
    case TAG_TOKEN: {
        int64_t token[2] = {0, 0};
        if (size == (int)sizeof token)
            memcpy(token, bytes, sizeof token);
        fsbb_termination_token(&c->termination, (long long)token[0], (int)token[1]);
        break;
    }
    case TAG_STOP:
        on_stop(c, bytes, size);
        break;
    case TAG_DONE:
        c->over = 1;
        break;
    case TAG_NODES:
        if (c->rank == 0 && size == (int)sizeof(uint64_t))
            memcpy(&c->reported[from], bytes, sizeof(uint64_t));
        break;
    case TAG_CKPT_BEGIN:
        begin_checkpoint_here(c);
        break;
    case TAG_CKPT_RECOUNT:
        c->count_due = 1;
        break;
    case TAG_CKPT_COUNT: {
        uint64_t counts[2] = {0, 0};
        if (size == (int)sizeof counts)
            memcpy(counts, bytes, sizeof counts);
        c->wave_sent += counts[0];
        c->wave_received += counts[1];
        c->counts_pending--;
        break;
    }
    case TAG_CKPT_GATHER:
        return rank_comm_gather(c, 0, err);
    case TAG_CKPT_END:
        end_checkpoint_here(c);
        break;
    case TAG_CENSUS:
    case TAG_CENSUS_REPORT:
    case TAG_CENSUS_LATE:
        rank_census_on_message(c, tag, bytes, size);
        break;
    }
    return FSBB_OK;
}

/* Receives and handles every message waiting. */
static fsbb_status receive_all(rank_comm *c, fsbb_error *err)
{
    for (;;) {
        int waiting = 0;
        MPI_Status status;
        int code = MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, c->comm, &waiting, &status);
        if (code != MPI_SUCCESS)
            return mpi_failed(err, c->rank, "MPI_Iprobe", code);
        if (!waiting)
            return FSBB_OK;
        int size = 0;
        MPI_Get_count(&status, MPI_BYTE, &size);
        if (size > c->received_capacity) {
            unsigned char *bigger = realloc(c->received, (size_t)size);
            if (!bigger)
                return fsbb_fail(err, FSBB_ERR_MEMORY, "rank %d: out of memory for a message of %d bytes", c->rank,
                                 size);
            c->received = bigger;
            c->received_capacity = size;
        }
        code = MPI_Recv(c->received, size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, c->comm, MPI_STATUS_IGNORE);
        if (code != MPI_SUCCESS)
            return mpi_failed(err, c->rank, "MPI_Recv", code);
        if (c->over)
            continue;
        const fsbb_status handled = on_message(c, status.MPI_SOURCE, status.MPI_TAG, c->received, size, err);
        if (handled != FSBB_OK)
            return handled;
    }
}

/* ---- What the engine did, and the clock ------------------------------------------------ */

static void broadcast(rank_comm *c, int tag, const void *bytes, int size, int delayable)
{
    for (int r = 0; r < c->ranks; r++)
        if (r != c->rank && rank_comm_send(c, r, tag, bytes, size, delayable) != 0)
            fail_here(c, "out of memory for a message");
}

static void share_incumbent(rank_comm *c)
{
    fsbb_search *search = c->search;
    if (atomic_load(&search->incumbent) >= c->known_incumbent)
        return;
    const size_t size = sizeof(int32_t) + sizeof(double) + sizeof(int32_t) * (size_t)c->n;
    unsigned char *message = malloc(size);
    if (!message) {
        fail_here(c, "out of memory for a schedule");
        return;
    }
    pthread_mutex_lock(&search->incumbent_lock);
    const int32_t makespan = atomic_load(&search->incumbent);
    const int found = search->incumbent_found;
    for (int j = 0; j < c->n; j++) {
        const int32_t job = search->incumbent_permutation[j];
        memcpy(message + sizeof makespan + sizeof(double) + sizeof job * (size_t)j, &job, sizeof job);
    }
    pthread_mutex_unlock(&search->incumbent_lock);
    c->known_incumbent = makespan;
    if (found) {
        const double now = fsbb_now();
        memcpy(message, &makespan, sizeof makespan);
        memcpy(message + sizeof makespan, &now, sizeof now);
        broadcast(c, TAG_INCUMBENT, message, (int)size, 1);
        c->stats.incumbents_sent++;
    }
    free(message);
}

static void announce_stop(rank_comm *c)
{
    enter_stopping(c);
    if (c->stop_announced)
        return;
    c->stop_announced = 1;
    const int32_t reason = c->failure_status != FSBB_OK                ? STOP_FAILURE
                           : atomic_load(&c->search->interrupted) ? STOP_INTERRUPT
                           : atomic_load(&c->search->gap_reached) ? STOP_GAP
                                                                   : STOP_LIMIT;
    broadcast(c, TAG_STOP, &reason, (int)sizeof reason, 0);
}

/* Thieves waiting on this rank: ask the engine for the first one's share, send its answer. */
static void serve_thieves(rank_comm *c, const fsbb_rank_party_look *look)
{
    if (c->thief_count == 0)
        return;
    if (!c->asking) {
        if (c->stopping || c->checkpointing || look->waiting || look->ended) {
            refuse_thieves(c);
            return;
        }
        fsbb_rank_party_ask(&c->party, c->dist->steal_nodes);
        c->asking = 1;
        return;
    }
    const int answered = fsbb_rank_party_answer(&c->party, &c->answer);
    if (answered == 0)
        return;
    const int thief = c->thieves[0];
    memmove(c->thieves, c->thieves + 1, sizeof *c->thieves * (size_t)(c->thief_count - 1));
    c->thief_count--;
    c->asking = 0;
    if (answered < 0) {
        fail_here(c, "out of memory for open nodes");
        refuse(c, thief);
    } else if (c->stopping || c->checkpointing) {
        hold(c, c->answer.nodes, c->answer.count);
        refuse(c, thief);
    } else if (send_nodes(c, thief, TAG_WORK, c->answer.nodes, c->answer.count) != 0) {
        hold(c, c->answer.nodes, c->answer.count);
        fail_here(c, "out of memory for a message");
    }
    c->answer.count = 0;
}

/* Rank 0: the first open nodes, round-robin to every rank (its own share to its engine). */
static void deal(rank_comm *c)
{
    const int answered = fsbb_rank_party_answer(&c->party, &c->answer);
    if (answered == 0)
        return;
    c->dealing = 0;
    if (answered < 0) {
        fail_here(c, "out of memory for open nodes");
        return;
    }
    unsigned char *share = malloc(c->node_size * (c->answer.count / (size_t)c->ranks + 1));
    if (!share) {
        hold(c, c->answer.nodes, c->answer.count);
        fail_here(c, "out of memory for the first deal");
        c->answer.count = 0;
        return;
    }
    for (int r = c->ranks - 1; r >= 0; r--) {
        size_t count = 0;
        for (size_t i = (size_t)r; i < c->answer.count; i += (size_t)c->ranks, count++)
            memcpy(share + count * c->node_size, c->answer.nodes + i * c->node_size, c->node_size);
        if (count == 0)
            continue;
        if (c->stopping)
            hold(c, share, count);
        else if (r == 0 ? fsbb_rank_party_deliver(&c->party, share, count, c->node_size) != 0
                        : send_nodes(c, r, TAG_DEAL, share, count) != 0) {
            hold(c, share, count);
            fail_here(c, "out of memory for the first deal");
        }
    }
    free(share);
    c->answer.count = 0;
}

static void look_for_work(rank_comm *c, const fsbb_rank_party_look *look)
{
    if (c->ranks < 2 || c->stopping || c->checkpointing || c->victim >= 0 || !look->waiting || look->inbox > 0)
        return;
    if (c->next_steal > 0 && fsbb_now() < c->next_steal)
        return;
    int victim = (int)(next_random(c) % (unsigned)(c->ranks - 1));
    victim += victim >= c->rank;
    if (rank_comm_send(c, victim, TAG_STEAL, NULL, 0, 1) != 0) {
        fail_here(c, "out of memory for a message");
        return;
    }
    c->victim = victim;
    c->stats.steal_requests++;
}

/* The node limit counts every rank's nodes: the others report theirs, rank 0 adds them up. */
static void report_nodes(rank_comm *c)
{
    const uint64_t limit = c->search->options->node_limit;
    if (limit == 0 || c->ranks < 2)
        return;
    const uint64_t nodes = atomic_load(&c->search->nodes);
    if (c->rank != 0) {
        const double now = fsbb_now();
        if (now < c->next_report)
            return;
        c->next_report = now + REPORT_INTERVAL_S;
        if (rank_comm_send(c, 0, TAG_NODES, &nodes, (int)sizeof nodes, 0) != 0)
            fail_here(c, "out of memory for a message");
        return;
    }
    uint64_t total = nodes;
    for (int r = 1; r < c->ranks; r++)
        total += c->reported[r];
    if (total >= limit && !atomic_load(&c->search->stop))
        fsbb_search_stopped(c->search, FSBB_STOP_LIMIT);
}

/* This rank's part of a checkpoint: drained, it sends its counts (rank 0 counts its own). */
static void count_for_checkpoint(rank_comm *c, const fsbb_rank_party_look *look)
{
    if (!c->checkpointing)
        return;
    collect_given(c);
    if (!c->count_due || c->asking || !(look->waiting || look->ended))
        return;
    c->count_due = 0;
    if (c->rank == 0) {
        c->wave_sent += c->work_sent;
        c->wave_received += c->work_received;
        c->counts_pending--;
        return;
    }
    const uint64_t counts[2] = {c->work_sent, c->work_received};
    if (rank_comm_send(c, 0, TAG_CKPT_COUNT, counts, (int)sizeof counts, 0) != 0)
        fail_here(c, "out of memory for a message");
}

static void new_wave(rank_comm *c)
{
    c->counts_pending = c->ranks;
    c->wave_sent = c->wave_received = 0;
    c->count_due = 1;
}

/* Rank 0: starts a checkpoint when one is due, and leads it through its waves. */
static fsbb_status lead_checkpoint(rank_comm *c, fsbb_error *err)
{
    if (c->rank != 0 || !c->checkpoint_path || c->checkpoint_interval_s <= 0)
        return FSBB_OK;
    if (!c->checkpointing) {
        if (c->stopping || c->dealing || fsbb_now() < c->checkpoint_due)
            return FSBB_OK;
        c->checkpoint_began = fsbb_now();
        broadcast(c, TAG_CKPT_BEGIN, NULL, 0, 0);
        begin_checkpoint_here(c);
        new_wave(c);
        return FSBB_OK;
    }
    if (c->counts_pending > 0)
        return FSBB_OK;
    if (c->wave_sent != c->wave_received) {
        broadcast(c, TAG_CKPT_RECOUNT, NULL, 0, 0);
        new_wave(c);
        return FSBB_OK;
    }
    broadcast(c, TAG_CKPT_GATHER, NULL, 0, 0);
    fsbb_status status = pump_sends(c, err);
    if (status == FSBB_OK)
        status = rank_comm_gather(c, 0, err);
    broadcast(c, TAG_CKPT_END, NULL, 0, 0);
    end_checkpoint_here(c);
    c->checkpoint_due = fsbb_now() + c->checkpoint_interval_s;
    return status;
}

/* Idle: nothing here can make work or send nodes until nodes arrive. */
static int idle(const rank_comm *c, const fsbb_rank_party_look *look)
{
    return (look->waiting || look->ended) && look->given == 0 && (c->stopping || look->inbox == 0) &&
           !c->checkpointing && !c->asking && !c->dealing;
}

static void detect_termination(rank_comm *c, const fsbb_rank_party_look *look)
{
    if (!idle(c, look))
        return;
    long long count = 0;
    int black = 0;
    switch (fsbb_termination_idle(&c->termination, &count, &black)) {
    case FSBB_TERMINATION_WAIT:
        break;
    case FSBB_TERMINATION_PASS: {
        const int64_t token[2] = {count, black};
        if (rank_comm_send(c, (c->rank + 1) % c->ranks, TAG_TOKEN, token, (int)sizeof token, 1) != 0)
            fail_here(c, "out of memory for a message");
        break;
    }
    case FSBB_TERMINATION_OVER:
        broadcast(c, TAG_DONE, NULL, 0, 0);
        c->over = 1;
        break;
    }
}

static fsbb_status lost_rank(const rank_comm *c, fsbb_error *err)
{
    if (c->checkpoint_path && c->checkpoint_interval_s > 0)
        return fsbb_fail(err, FSBB_ERR_RESOURCE,
                         "interrupted, and the ranks did not all stop within %.1f s: a rank may have died, and "
                         "mpirun ends the job; --resume %s goes on from the last checkpoint (at most %g s of "
                         "search lost)",
                         STOP_GRACE_S, c->checkpoint_path, c->checkpoint_interval_s);
    return fsbb_fail(err, FSBB_ERR_RESOURCE,
                     "interrupted, and the ranks did not all stop within %.1f s: a rank may have died, and mpirun "
                     "ends the job (with --checkpoint FILE --checkpoint-interval S, a resume loses at most S s)",
                     STOP_GRACE_S);
}

/* The engine's time without nodes: from a pass that found it waiting (or ended) with
 * nothing delivered to the next pass. */
static void count_idle_time(rank_comm *c, const fsbb_rank_party_look *look)
{
    const double now = fsbb_now();
    if (c->was_idle)
        c->stats.idle_s += now - c->last_pass;
    c->last_pass = now;
    c->was_idle = (look->waiting || look->ended) && look->inbox == 0;
}

fsbb_status rank_comm_run(rank_comm *c, fsbb_error *err)
{
    unsigned long long events = fsbb_rank_party_events(&c->party);
    c->checkpoint_due = fsbb_now() + c->checkpoint_interval_s;
    c->last_pass = fsbb_now();
    if (c->dealing)
        fsbb_rank_party_ask(&c->party, FSBB_WORK_ALL);
    while (!c->over) {
        fsbb_status status = receive_all(c, err);
        if (status != FSBB_OK)
            return status;
        if (c->over)
            break;
        fsbb_rank_party_look look;
        fsbb_rank_party_look_at(&c->party, &look);
        count_idle_time(c, &look);
        if (look.ended && !c->engine_ended) {
            c->engine_ended = 1;
            if (c->engine_status != FSBB_OK)
                rank_comm_fail(c, c->engine_status, c->engine_error.message);
            else if (!c->stopping && !atomic_load(&c->search->stop))
                rank_comm_fail(c, FSBB_ERR_RESOURCE, "the engine ended before the search did");
        }
        if (look.ended || c->stopping)
            collect_given(c);
        if (atomic_load(&c->search->stop))
            announce_stop(c);
        share_incumbent(c);
        if (c->dealing)
            deal(c);
        serve_thieves(c, &look);
        look_for_work(c, &look);
        report_nodes(c);
        rank_census_lead(c);
        count_for_checkpoint(c, &look);
        status = lead_checkpoint(c, err);
        if (status != FSBB_OK)
            return status;
        fsbb_rank_party_look_at(&c->party, &look);
        detect_termination(c, &look);
        status = pump_sends(c, err);
        if (status != FSBB_OK)
            return status;
        if (c->over)
            break;
        if (c->stopping && atomic_load(&c->search->interrupted) && fsbb_now() - c->stop_began > STOP_GRACE_S)
            return lost_rank(c, err);
        const int busy = !look.waiting && !look.ended && c->thief_count == 0 && !c->checkpointing && !c->dealing &&
                         c->send_count == 0;
        events = fsbb_rank_party_wait(&c->party, events, busy ? LONG_WAIT_S : SHORT_WAIT_S);
    }
    return FSBB_OK;
}

fsbb_status rank_comm_quiesce(rank_comm *c, fsbb_error *err)
{
    fsbb_status status = FSBB_OK;
    while (status == FSBB_OK && c->send_count > 0) {
        status = receive_all(c, err);
        if (status == FSBB_OK)
            status = pump_sends(c, err);
    }
    MPI_Request barrier;
    int code = status == FSBB_OK ? MPI_Ibarrier(c->comm, &barrier) : MPI_SUCCESS;
    if (code != MPI_SUCCESS)
        return mpi_failed(err, c->rank, "MPI_Ibarrier", code);
    for (int done = 0; status == FSBB_OK && !done;) {
        status = receive_all(c, err);
        code = MPI_Test(&barrier, &done, MPI_STATUS_IGNORE);
        if (code != MPI_SUCCESS)
            return mpi_failed(err, c->rank, "MPI_Test", code);
    }
    return status == FSBB_OK ? receive_all(c, err) : status;
}
