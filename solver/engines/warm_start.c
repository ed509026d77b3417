/* warm_start.c — the CPU start of a GPU search without an upper bound (warm_start.h): the
 * CPU engine run as the search's first phase. */
#include "warm_start.h"

#include "search_cpu.h"

#include <stdlib.h>
#include <string.h>

fsbb_status fsbb_warm_start(fsbb_search *search, uint64_t node_budget, fsbb_open_nodes *open, fsbb_error *err)
{
    memset(open, 0, sizeof *open);
    search->phase_node_limit = atomic_load(&search->nodes) + (node_budget > 0 ? node_budget : 1);
    atomic_store(&search->phase_ended, 0);
    search->handoff = open;
    const fsbb_status status = fsbb_search_cpu(search, err);
    search->phase_node_limit = 0;
    search->handoff = NULL;
    if (atomic_exchange(&search->phase_ended, 0))
        atomic_store(&search->stop, 0);
    if (status != FSBB_OK) {
        free(open->nodes);
        memset(open, 0, sizeof *open);
    }
    return status;
}
