/* warm_start.h — the CPU start of a GPU search that has no upper bound. Without an
 * incumbent a device search branches thousands of parents per iteration and prunes nothing
 * until its first schedules, whose makespans are then far from the optimum: its pool widens
 * by millions of nodes a level and spills to host memory. A depth-first search on the CPU
 * finds good schedules within a few thousand nodes instead. So the CPU engine (all threads)
 * branches first, up to a node budget; its incumbent stays in the search and its open nodes
 * go to the device. A tree smaller than the budget ends on the CPU. The budget is the
 * option warm-start (options.h: FSBB_WARM_START_DEFAULT_NODES). */
#ifndef FSBB_WARM_START_H
#define FSBB_WARM_START_H

#include "search.h"

/* Runs the CPU engine on search until node_budget more nodes are branched. On return,
 * open holds the open nodes to continue from (malloc'd; the caller frees open->nodes), or
 * none when the CPU engine ended the search: the tree was exhausted, or a limit or an
 * interrupt stopped it (search->stop set, open bounds noted, final checkpoint saved). The
 * search's stop flag is clear when nodes are handed over. */
fsbb_status fsbb_warm_start(fsbb_search *search, uint64_t node_budget, fsbb_open_nodes *open, fsbb_error *err);

#endif
