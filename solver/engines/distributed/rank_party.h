/* rank_party.h — the party (work_exchange.h) of one rank's engine in the distributed search:
 * where the engine's threads, through the party's callbacks, meet the rank's communication
 * thread, which alone talks to the other ranks. No MPI here: the communication thread asks,
 * collects and delivers; the engine gives and takes.
 *
 *   - ask(k): the communication thread wants up to k open nodes (for a thief, or all of them
 *     for the first deal); the engine's next give answers it, and answer hands over what it
 *     gave. An engine waiting in take cannot answer: answer then withdraws the request and
 *     reports it answered with no node.
 *   - drain: every open node, until the engine waits in take (a checkpoint): nodes_wanted
 *     says FSBB_WORK_ALL until undrain, whatever the gives in between; collect gathers them.
 *   - deliver: nodes for the engine (a thief's loot, a checkpoint's nodes handed back); an
 *     engine waiting in take gets them all at once, unless the party holds them (hold: a
 *     checkpoint is being taken) or the search is over (finish).
 *   - look: whether the engine waits in take or has ended, and the nodes waiting for it. An
 *     engine that waits with nothing delivered is idle, and only deliver makes it busy again:
 *     the termination detection relies on it.
 *   - census: the rank's open nodes outside its communication thread, for the census of the
 *     tree (census.h): the inbox, the nodes of a take not yet in the engine's count, the
 *     engine's own count (count_with, work_exchange.h) and what it gave, in that order, so
 *     that a node moving meanwhile is counted once or twice, never missed.
 * take returns 0 when the party is finished (the search is over everywhere) or when the
 * search stops (a limit or an interrupt seen by fsbb_search_should_stop while it waits). */
#ifndef FSBB_RANK_PARTY_H
#define FSBB_RANK_PARTY_H

#include "census.h"
#include "search.h"
#include "work_exchange.h"

#include "node_buffer.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

typedef struct fsbb_rank_party {
    fsbb_work_party party;          /* what the engine is given: callbacks on this object */
    fsbb_search *search;
    atomic_size_t asked;            /* nodes_wanted's answer, unless draining */
    atomic_int draining;            /* nodes_wanted says FSBB_WORK_ALL */
    pthread_mutex_t lock;
    pthread_cond_t engine_wake;     /* to the engine thread waiting in take */
    pthread_cond_t comm_wake;       /* to the communication thread: a give, a take, the end */
    /* Under lock. */
    fsbb_node_buffer given;         /* what the engine gave, until collected */
    int answered;                   /* gives since the last answer or collect */
    fsbb_node_buffer inbox;         /* nodes for the engine */
    int waiting;                    /* the engine waits in take */
    int holding;                    /* take hands out nothing (a checkpoint is being taken) */
    int finished;                   /* take returns 0: the search is over everywhere */
    int engine_ended;               /* the engine returned */
    int out_of_memory;
    unsigned long long events;      /* changes the communication thread may wait for */
    fsbb_census handed;             /* the last take's nodes, while handed_pending */
    int handed_pending;             /* taken, not yet in the engine's count */
    /* The engine's count (work_exchange.h), under count_lock. */
    pthread_mutex_t count_lock;
    int (*count)(void *data, fsbb_census *census);
    void *count_data;
} fsbb_rank_party;

/* 0, or -1 when memory runs out (fsbb_rank_party_free releases what was had). */
int fsbb_rank_party_init(fsbb_rank_party *party, fsbb_search *search);
void fsbb_rank_party_free(fsbb_rank_party *party);

/* The communication thread's side. A request is answered by the engine's next give: gives
 * before it (a drain's) do not count. */
void fsbb_rank_party_ask(fsbb_rank_party *party, size_t count);
/* 1 when the request was answered (or withdrawn: the engine waits in take, or has ended),
 * with the nodes given and not yet collected moved to out (maybe none); 0 while the engine
 * has yet to answer; -1 when memory ran out. */
int fsbb_rank_party_answer(fsbb_rank_party *party, fsbb_node_buffer *out);
void fsbb_rank_party_drain(fsbb_rank_party *party, int draining);
/* Moves whatever the engine gave to out: a drain's nodes, or the last give of a stopped
 * engine; -1 when memory runs out. */
int fsbb_rank_party_collect(fsbb_rank_party *party, fsbb_node_buffer *out);
/* Nodes for the engine (copied); -1 when memory runs out. */
int fsbb_rank_party_deliver(fsbb_rank_party *party, const unsigned char *nodes, size_t count, size_t stride);
/* Moves every node waiting in the inbox to out (they will not reach the engine). */
int fsbb_rank_party_reclaim(fsbb_rank_party *party, fsbb_node_buffer *out);
void fsbb_rank_party_hold(fsbb_rank_party *party, int holding);
void fsbb_rank_party_finish(fsbb_rank_party *party);
/* Wakes the communication thread (a better schedule to announce). */
void fsbb_rank_party_notify(fsbb_rank_party *party);
/* The engine's thread, when the engine returned. */
void fsbb_rank_party_engine_ended(fsbb_rank_party *party);

/* Adds the party's and its engine's open nodes to census (the communication thread's own
 * are its to add): 0, or -1 when the engine cannot be counted now (it has not said how, or
 * no longer can and has not ended). */
int fsbb_rank_party_census(fsbb_rank_party *party, fsbb_census *census);

typedef struct fsbb_rank_party_look {
    int waiting;                    /* the engine waits in take */
    int ended;                      /* the engine returned */
    size_t inbox;                   /* nodes delivered, not yet taken */
    size_t given;                   /* nodes given, not yet collected */
} fsbb_rank_party_look;
void fsbb_rank_party_look_at(fsbb_rank_party *party, fsbb_rank_party_look *look);
/* Waits until something changes after events_seen, or seconds pass; returns the events now. */
unsigned long long fsbb_rank_party_wait(fsbb_rank_party *party, unsigned long long events_seen, double seconds);
unsigned long long fsbb_rank_party_events(fsbb_rank_party *party);

#endif
