/* warm_start.c — the CPU start of a GPU search without an upper bound (warm_start.h): the
 * CPU engine run with a party (work_exchange.h) that asks for every open node once the
 * budget is branched, never hands any back, and so ends the engine with the open tree in its
 * hands. */
#include "warm_start.h"

#include "checkpoint.h"
#include "error.h"
#include "node.h"
#include "node_buffer.h"
#include "search_cpu.h"

#include <stdlib.h>
#include <string.h>

typedef struct warm_party {
    fsbb_search *search;
    uint64_t phase_end;          /* the search's node count that ends the phase */
    fsbb_node_buffer held;       /* the nodes given so far */
    int out_of_memory;
} warm_party;

static size_t warm_nodes_wanted(void *user_data)
{
    const warm_party *warm = user_data;
    return atomic_load_explicit(&warm->search->nodes, memory_order_relaxed) >= warm->phase_end ? FSBB_WORK_ALL : 0;
}

/* Gives never overlap (search_cpu.c serves one request at a time). */
static void warm_give(void *user_data, const unsigned char *nodes, size_t count, size_t stride)
{
    warm_party *warm = user_data;
    if (fsbb_node_buffer_append(&warm->held, nodes, count, stride) != 0) {
        warm->out_of_memory = 1;
        atomic_store(&warm->search->stop, 1);
    }
}

/* The engine ran dry: the phase is over (the party hands nothing back). */
static int warm_take(void *user_data, fsbb_open_nodes *out)
{
    (void)user_data;
    (void)out;
    return 0;
}

/* The search ended in the phase (exhausted, or stopped with the given nodes still open):
 * their bound noted, and the final checkpoint saved with them, as the engine saves one
 * without a party. */
static void end_in_phase(fsbb_search *search, const fsbb_node_buffer *held)
{
    fsbb_search_note_open_nodes(search, held->nodes, held->count, held->node_size);
    if (search->checkpoint_path)
        fsbb_search_checkpoint(search, (const fsbb_node *)held->nodes, held->count, held->node_size, 1);
}

fsbb_status fsbb_warm_start(fsbb_search *search, uint64_t node_budget, fsbb_open_nodes *open, fsbb_error *err)
{
    memset(open, 0, sizeof *open);
    warm_party warm = {
        .search = search,
        .phase_end = atomic_load(&search->nodes) + (node_budget > 0 ? node_budget : 1),
    };
    fsbb_node_buffer_init(&warm.held, fsbb_node_size(search->data->n));
    const fsbb_work_party party = {
        .user_data = &warm, .nodes_wanted = warm_nodes_wanted, .give = warm_give, .take = warm_take,
        .sole = 1,
    };
    const fsbb_work_party *outer = search->party;
    search->party = &party;
    fsbb_status status = fsbb_search_cpu(search, err);
    search->party = outer;
    if (status == FSBB_OK && warm.out_of_memory)
        status = fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the open nodes to hand over");
    if (status == FSBB_OK && warm.held.count > 0 && !atomic_load(&search->stop)) {
        *open = (fsbb_open_nodes){.nodes = warm.held.nodes, .count = warm.held.count, .stride = warm.held.node_size};
        return FSBB_OK;
    }
    if (status == FSBB_OK)
        end_in_phase(search, &warm.held);
    fsbb_node_buffer_free(&warm.held);
    return status;
}
