/* rank_comm.h — one rank's communication thread in the distributed search: its state, the
 * protocol loop (rank_comm_mpi.c) and the gathers of every rank's open nodes and counts at
 * rank 0 (rank_gather_mpi.c). Only this thread calls MPI.
 *
 * Messages (tags): a thief's STEAL request and the victim's WORK answer (open nodes in the
 * checkpoint's node encoding; none: refused); DEAL, rank 0's first share of the tree; an
 * improved INCUMBENT (makespan, the sender's clock, the schedule); the termination TOKEN;
 * STOP (a limit, an interrupt or a failure somewhere: everyone stops); DONE (rank 0: the
 * search is over); NODES (a rank's count, to rank 0, for the node limit); the
 * checkpoint's CKPT_BEGIN, CKPT_COUNT, CKPT_RECOUNT, CKPT_GATHER and CKPT_END; and the
 * census's CENSUS (rank 0: count yourselves), CENSUS_REPORT and CENSUS_LATE (to rank 0:
 * rank_census_mpi.c). WORK and DEAL with nodes begin with the sender's census round. */
#ifndef FSBB_RANK_COMM_H
#define FSBB_RANK_COMM_H

#include "distributed.h"
#include "rank_party.h"
#include "termination.h"

#include <mpi.h>
#include <stdint.h>

enum {
    TAG_STEAL = 1,
    TAG_WORK,
    TAG_DEAL,
    TAG_INCUMBENT,
    TAG_TOKEN,
    TAG_STOP,
    TAG_DONE,
    TAG_NODES,
    TAG_CKPT_BEGIN,
    TAG_CKPT_COUNT,
    TAG_CKPT_RECOUNT,
    TAG_CKPT_GATHER,
    TAG_CKPT_END,
    TAG_CENSUS,
    TAG_CENSUS_REPORT,
    TAG_CENSUS_LATE,
};

/* Why a rank stops everyone (STOP's payload). */
enum { STOP_LIMIT = 1, STOP_INTERRUPT, STOP_FAILURE, STOP_GAP };

/* Thieves a victim keeps waiting at once; more are refused. */
enum { MAX_THIEVES = 4 };

/* A message on its way: waiting for its due time (message_delay_s), then posted. */
typedef struct rank_send {
    MPI_Request request;
    unsigned char *bytes;
    int size, destination, tag, posted;
    double due;
} rank_send;

/* The census of the whole tree, in rounds (rank_census_mpi.c). */
typedef struct rank_census {
    int32_t round;                  /* the last round this rank counted itself in (0: none) */
    fsbb_census count;              /* scratch: this rank's count, or a late message's nodes */
    unsigned char *message;         /* scratch: a report */
    size_t message_size;
    /* Rank 0: the round under way. */
    int open, reports_pending, unknown;
    int64_t crossing, late;         /* messages with nodes across its cut; those counted late */
    fsbb_census sum;
    double next_round;
    /* Rank 0: the last round complete, read by the search's census (under lock). */
    pthread_mutex_t lock;
    fsbb_census published;
    int32_t published_round, read_round;
} rank_census;

typedef struct rank_comm {
    fsbb_search *search;
    fsbb_distributed *dist;
    fsbb_rank_party party;
    MPI_Comm comm;
    int rank, ranks, n;
    size_t node_size, node_bytes;   /* fsbb_node layout; checkpoint encoding */
    unsigned rng;
    fsbb_termination termination;
    uint64_t work_sent, work_received;  /* messages with nodes, for the checkpoints' count */

    /* Stealing. */
    int victim;                     /* the rank asked for nodes; -1: none */
    int refusals;                   /* in a row */
    double next_steal;              /* backoff: no request before */
    int thieves[MAX_THIEVES], thief_count;
    int asking;                     /* the engine was asked for thieves[0]'s share */
    int dealing;                    /* rank 0: the engine was asked for the first deal */

    int known_incumbent;            /* best makespan announced or heard */
    int stopping, stop_announced, over;
    double stop_began;
    int engine_ended;
    fsbb_status engine_status;
    fsbb_error engine_error;

    /* Checkpoints: every rank drains its engine into held, counts, and sends held to rank 0. */
    const char *checkpoint_path;    /* rank 0's file (the engine saves none itself) */
    double checkpoint_interval_s;
    double checkpoint_due, checkpoint_began;
    int checkpointing, count_due;
    int counts_pending;             /* rank 0: COUNT answers still to come in this wave */
    uint64_t wave_sent, wave_received;
    fsbb_node_buffer held;          /* open nodes outside the engine */
    fsbb_node_buffer answer;        /* scratch: an answer of the engine */

    /* The node limit is the whole job's: rank 0 adds the counts the others report. */
    double next_report;
    uint64_t *reported;             /* rank 0: each rank's last count */

    unsigned char *received;        /* the last message */
    int received_capacity;
    unsigned char *decoded;         /* scratch: nodes of a message in the fsbb_node layout */
    int32_t *schedule;              /* scratch: n jobs */
    size_t decoded_capacity;
    rank_send *sends;
    int send_count, send_capacity;

    rank_census census;

    fsbb_rank_stats stats;
    double incumbent_latency_s;
    double last_pass;               /* when the loop last looked at the engine */
    fsbb_incumbent_fn on_incumbent; /* the caller's, on rank 0 */
    void *incumbent_data;
    int was_idle;                   /* the engine then waited for nodes, or had ended */
    fsbb_status failure_status;     /* the first failure seen here (FSBB_OK: none) */
    char failure[FSBB_ERROR_MESSAGE_SIZE];
} rank_comm;

/* Runs the protocol until the search is over everywhere (DONE); the engine has been started.
 * FSBB_ERR_RESOURCE when MPI fails (another rank died). */
fsbb_status rank_comm_run(rank_comm *c, fsbb_error *err);

/* After DONE: waits for the messages this rank posted and for every rank to get there. */
fsbb_status rank_comm_quiesce(rank_comm *c, fsbb_error *err);

/* Posts a message (copied); delayable messages wait up to message_delay_s first. -1 when
 * memory runs out. */
int rank_comm_send(rank_comm *c, int destination, int tag, const void *bytes, int size, int delayable);

/* Every rank's open nodes (held), counts and best schedule to rank 0, which writes them as
 * a checkpoint (periodic, or final: then it also takes the totals into its search, notes
 * the open bound and fills the stats). Collective: every rank calls it. */
fsbb_status rank_comm_gather(rank_comm *c, int final, fsbb_error *err);

/* Decodes count nodes of a message into c->decoded (fsbb_node layout); NULL or the problem. */
const char *rank_comm_decode(rank_comm *c, const unsigned char *bytes, size_t count);

/* The census (rank_census_mpi.c). init: 0, or -1 when memory runs out (free releases what
 * was had). */
int rank_census_init(rank_comm *c);
void rank_census_free(rank_comm *c);
/* A message with nodes (count, decoded) stamped with its sender's round arrives: called
 * before it is counted received (this rank counts itself first when the stamp is ahead),
 * then with the nodes decoded (reported late when the stamp is behind). */
void rank_census_arriving(rank_comm *c, int32_t stamp);
void rank_census_arrived(rank_comm *c, int32_t stamp, const unsigned char *nodes, size_t count);
/* CENSUS, CENSUS_REPORT, CENSUS_LATE. */
void rank_census_on_message(rank_comm *c, int tag, const unsigned char *bytes, int size);
/* Rank 0, every pass: closes the round when complete, starts the next when one is due. */
void rank_census_lead(rank_comm *c);
/* Rank 0's search's census (search.h): the last round complete, once; -1 when none is new. */
int rank_census_read(void *data, fsbb_census *census);

/* Records the first failure seen on this rank and stops the search everywhere. */
void rank_comm_fail(rank_comm *c, fsbb_status status, const char *message);

#endif
