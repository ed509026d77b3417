/* rank_party.c — a rank's engine meets its communication thread (rank_party.h). */
#include "rank_party.h"

#include "node.h"
#include "stop.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* An engine waiting in take looks at the search's limits this often. */
#define TAKE_CHECK_S 0.005

static void changed(fsbb_rank_party *party)
{
    party->events++;
    pthread_cond_broadcast(&party->comm_wake);
}

static size_t party_nodes_wanted(void *user_data)
{
    fsbb_rank_party *party = user_data;
    if (atomic_load_explicit(&party->draining, memory_order_relaxed))
        return FSBB_WORK_ALL;
    return atomic_load_explicit(&party->asked, memory_order_relaxed);
}

static void party_give(void *user_data, const unsigned char *nodes, size_t count, size_t stride)
{
    fsbb_rank_party *party = user_data;
    pthread_mutex_lock(&party->lock);
    if (fsbb_node_buffer_append(&party->given, nodes, count, stride) != 0) {
        party->out_of_memory = 1;
        atomic_store(&party->search->stop, 1);
    }
    atomic_store(&party->asked, 0);
    party->answered++;
    changed(party);
    pthread_mutex_unlock(&party->lock);
}

static struct timespec deadline_in(double seconds)
{
    struct timespec at;
    clock_gettime(CLOCK_MONOTONIC, &at);
    const long nanoseconds = at.tv_nsec + (long)(seconds * 1e9);
    at.tv_sec += nanoseconds / 1000000000L;
    at.tv_nsec = nanoseconds % 1000000000L;
    return at;
}

static int party_take(void *user_data, fsbb_open_nodes *out)
{
    fsbb_rank_party *party = user_data;
    pthread_mutex_lock(&party->lock);
    party->waiting = 1;
    changed(party);
    int took = 0;
    for (;;) {
        if (party->finished)
            break;
        if (party->inbox.count > 0 && !party->holding) {
            *out = (fsbb_open_nodes){.nodes = party->inbox.nodes, .count = party->inbox.count,
                                     .stride = party->inbox.node_size};
            fsbb_node_buffer_init(&party->inbox, party->inbox.node_size);
            fsbb_census_reset(&party->handed);
            fsbb_census_add_nodes(&party->handed, out->nodes, out->count, out->stride);
            party->handed_pending = 1;
            took = 1;
            break;
        }
        pthread_mutex_unlock(&party->lock);
        const int stop = fsbb_search_should_stop(party->search);
        pthread_mutex_lock(&party->lock);
        if (stop)
            break;
        const struct timespec deadline = deadline_in(TAKE_CHECK_S);
        if (!party->finished && (party->inbox.count == 0 || party->holding))
            pthread_cond_timedwait(&party->engine_wake, &party->lock, &deadline);
    }
    party->waiting = 0;
    changed(party);
    pthread_mutex_unlock(&party->lock);
    return took;
}

static void party_taken(void *user_data)
{
    fsbb_rank_party *party = user_data;
    pthread_mutex_lock(&party->lock);
    party->handed_pending = 0;
    pthread_mutex_unlock(&party->lock);
}

static void party_count_with(void *user_data, int (*count)(void *data, fsbb_census *census), void *data)
{
    fsbb_rank_party *party = user_data;
    pthread_mutex_lock(&party->count_lock);
    party->count = count;
    party->count_data = data;
    pthread_mutex_unlock(&party->count_lock);
}

int fsbb_rank_party_init(fsbb_rank_party *party, fsbb_search *search)
{
    memset(party, 0, sizeof *party);
    party->search = search;
    atomic_init(&party->asked, 0);
    atomic_init(&party->draining, 0);
    const size_t node_size = fsbb_node_size(search->data->n);
    fsbb_node_buffer_init(&party->given, node_size);
    fsbb_node_buffer_init(&party->inbox, node_size);
    pthread_mutex_init(&party->lock, NULL);
    pthread_mutex_init(&party->count_lock, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&party->engine_wake, &attributes);
    pthread_cond_init(&party->comm_wake, &attributes);
    pthread_condattr_destroy(&attributes);
    party->party = (fsbb_work_party){
        .user_data = party, .nodes_wanted = party_nodes_wanted, .give = party_give, .take = party_take,
        .count_with = party_count_with, .taken = party_taken,
    };
    return fsbb_census_init(&party->handed, search->data->n);
}

void fsbb_rank_party_free(fsbb_rank_party *party)
{
    fsbb_node_buffer_free(&party->given);
    fsbb_node_buffer_free(&party->inbox);
    fsbb_census_free(&party->handed);
    pthread_mutex_destroy(&party->lock);
    pthread_mutex_destroy(&party->count_lock);
    pthread_cond_destroy(&party->engine_wake);
    pthread_cond_destroy(&party->comm_wake);
}

void fsbb_rank_party_ask(fsbb_rank_party *party, size_t count)
{
    /* Gives before this request (a drain's, already collected) do not answer it. */
    pthread_mutex_lock(&party->lock);
    party->answered = 0;
    atomic_store(&party->asked, count);
    pthread_mutex_unlock(&party->lock);
}

int fsbb_rank_party_answer(fsbb_rank_party *party, fsbb_node_buffer *out)
{
    pthread_mutex_lock(&party->lock);
    int answer = 0;
    if (party->answered > 0) {
        answer = fsbb_node_buffer_move(out, &party->given) == 0 ? 1 : -1;
        party->answered = 0;
    } else if (party->engine_ended || (party->waiting && atomic_load(&party->asked) > 0)) {
        /* Waiting in take, the engine gives nothing until nodes come; ended, never. */
        atomic_store(&party->asked, 0);
        answer = 1;
    }
    pthread_mutex_unlock(&party->lock);
    return answer;
}

void fsbb_rank_party_drain(fsbb_rank_party *party, int draining)
{
    atomic_store(&party->draining, draining);
}

int fsbb_rank_party_collect(fsbb_rank_party *party, fsbb_node_buffer *out)
{
    pthread_mutex_lock(&party->lock);
    const int moved = fsbb_node_buffer_move(out, &party->given);
    pthread_mutex_unlock(&party->lock);
    return moved;
}

int fsbb_rank_party_deliver(fsbb_rank_party *party, const unsigned char *nodes, size_t count, size_t stride)
{
    pthread_mutex_lock(&party->lock);
    const int appended = fsbb_node_buffer_append(&party->inbox, nodes, count, stride);
    pthread_cond_broadcast(&party->engine_wake);
    pthread_mutex_unlock(&party->lock);
    return appended;
}

int fsbb_rank_party_reclaim(fsbb_rank_party *party, fsbb_node_buffer *out)
{
    pthread_mutex_lock(&party->lock);
    const int moved = fsbb_node_buffer_move(out, &party->inbox);
    pthread_mutex_unlock(&party->lock);
    return moved;
}

void fsbb_rank_party_hold(fsbb_rank_party *party, int holding)
{
    pthread_mutex_lock(&party->lock);
    party->holding = holding;
    pthread_cond_broadcast(&party->engine_wake);
    pthread_mutex_unlock(&party->lock);
}

void fsbb_rank_party_finish(fsbb_rank_party *party)
{
    pthread_mutex_lock(&party->lock);
    party->finished = 1;
    pthread_cond_broadcast(&party->engine_wake);
    pthread_mutex_unlock(&party->lock);
}

void fsbb_rank_party_notify(fsbb_rank_party *party)
{
    pthread_mutex_lock(&party->lock);
    changed(party);
    pthread_mutex_unlock(&party->lock);
}

void fsbb_rank_party_engine_ended(fsbb_rank_party *party)
{
    pthread_mutex_lock(&party->lock);
    party->engine_ended = 1;
    changed(party);
    pthread_mutex_unlock(&party->lock);
}

static void add_buffer(fsbb_census *census, const fsbb_node_buffer *buffer)
{
    fsbb_census_add_nodes(census, buffer->nodes, buffer->count, buffer->node_size);
}

int fsbb_rank_party_census(fsbb_rank_party *party, fsbb_census *census)
{
    /* Only the communication thread fills the inbox and empties what was given: a node that
     * leaves the inbox for the engine is in handed or the engine's count by then, and one
     * the engine gives after its count is in given. */
    pthread_mutex_lock(&party->lock);
    add_buffer(census, &party->inbox);
    if (party->handed_pending)
        fsbb_census_add_census(census, &party->handed);
    const int ended = party->engine_ended;
    pthread_mutex_unlock(&party->lock);
    pthread_mutex_lock(&party->count_lock);
    const int counted = party->count ? party->count(party->count_data, census) : ended ? 0 : -1;
    pthread_mutex_unlock(&party->count_lock);
    pthread_mutex_lock(&party->lock);
    add_buffer(census, &party->given);
    pthread_mutex_unlock(&party->lock);
    return counted;
}

void fsbb_rank_party_look_at(fsbb_rank_party *party, fsbb_rank_party_look *look)
{
    pthread_mutex_lock(&party->lock);
    look->waiting = party->waiting;
    look->ended = party->engine_ended;
    look->inbox = party->inbox.count;
    look->given = party->given.count;
    pthread_mutex_unlock(&party->lock);
}

unsigned long long fsbb_rank_party_events(fsbb_rank_party *party)
{
    pthread_mutex_lock(&party->lock);
    const unsigned long long events = party->events;
    pthread_mutex_unlock(&party->lock);
    return events;
}

unsigned long long fsbb_rank_party_wait(fsbb_rank_party *party, unsigned long long events_seen, double seconds)
{
    const struct timespec deadline = deadline_in(seconds);
    pthread_mutex_lock(&party->lock);
    while (party->events == events_seen &&
           pthread_cond_timedwait(&party->comm_wake, &party->lock, &deadline) == 0)
        ;
    const unsigned long long events = party->events;
    pthread_mutex_unlock(&party->lock);
    return events;
}
