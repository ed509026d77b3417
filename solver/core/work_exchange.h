/* work_exchange.h — the contract between a search engine and a party outside it that trades
 * open nodes with it. Two parties use it: the warm start (a CPU phase whose open nodes go on
 * to the GPU engine) and the distributed search (ranks that give part of their open nodes to
 * idle ranks and take nodes when they run dry).
 *
 * An engine run with a party (fsbb_search.party != NULL):
 *   - polls nodes_wanted every few hundred nodes (one relaxed atomic load in the party, from
 *     any engine thread); when it returns k > 0, the engine gives up to k of its open nodes,
 *     those a work-stealing thief would take (nearest the root; the CPU engine takes at most
 *     half of each of its threads' pools, as its thieves do), through give, once per
 *     request: the party's counter says when it wants more. FSBB_WORK_ALL asks for every
 *     open node: the engine gives them all (the end of a phase). Every request is answered
 *     with one give, of no node when the engine has none to spare (it answers a request left
 *     open when it runs dry that way); gives never overlap;
 *   - when it has no open node left on any of its threads, calls take instead of ending:
 *     the party blocks until it has nodes for the engine (returns 1, the engine searches them)
 *     or knows the search is over everywhere (returns 0, the engine ends as if its tree were
 *     exhausted). An engine never ends while the party still has nodes for it. take is
 *     called by one engine thread at a time, and the party checks the search's limits
 *     (fsbb_search_should_stop) while it blocks: take returns 0 on a stop too;
 *   - never explores a node it gave, and explores every node it took: the nodes branched by
 *     all parts of a search add up to those of one search over the same tree (node accounting,
 *     which the tests check);
 *   - saves checkpoints of its own only while its pools are the whole open tree (before it
 *     first gives or takes), and no final one: when a limit or an interrupt stops it, it
 *     gives its open nodes to the party (one last give, whatever nodes_wanted says), which
 *     then holds what the engine held, to note (fsbb_search_note_open) and save.
 * Incumbents cross the boundary through fsbb_search_offer and the search's atomic incumbent
 * (search.h), not through this interface: a party that learns of a better schedule offers it,
 * and the engines read the incumbent as they always do. A party's callbacks are called
 * without any lock of the engine's pools held (give only under the lock that keeps gives
 * apart); they may block (take) but must not call back into the engine.
 *
 * A party that measures the tree while it runs (the distributed search's census, census.h)
 * offers count_with: an engine that can count its open nodes from another thread passes its
 * count (added to the census given, 0; or -1 when it cannot tell) before it first gives or
 * takes, and NULL before that count's data goes away (after its last give); such an engine
 * also calls taken after each take, once the nodes it took are where its count finds them.
 * Both are optional (NULL): a party without them does not count, an engine that does not
 * call count_with leaves its party unable to.
 *
 * Nodes travel in the fsbb_node layout of node.h (count nodes, stride bytes apart), the same
 * layout checkpoints save, so a party can serialise them with the checkpoint code. */
#ifndef FSBB_WORK_EXCHANGE_H
#define FSBB_WORK_EXCHANGE_H

#include <stddef.h>

struct fsbb_census;

/* nodes_wanted's answer that asks for every open node. */
#define FSBB_WORK_ALL ((size_t)-1)

/* Open nodes one side hands to the other: count nodes in the node.h layout, stride bytes
 * apart, in one malloc'd block that the receiver frees. */
typedef struct fsbb_open_nodes {
    unsigned char *nodes;
    size_t count, stride;
} fsbb_open_nodes;

typedef struct fsbb_work_party {
    void *user_data;
    /* How many open nodes the party asks for now; 0 for none, FSBB_WORK_ALL for all. */
    size_t (*nodes_wanted)(void *user_data);
    /* The engine gives count nodes (stride bytes apart; count may be 0); the party copies
     * what it keeps before it returns. The party's request is then served: nodes_wanted says 0 until the
     * party asks again. */
    void (*give)(void *user_data, const unsigned char *nodes, size_t count, size_t stride);
    /* The engine is out of nodes. Blocks until the party hands it nodes in *out (a malloc'd
     * block the engine frees; count > 0): returns 1; or until the search is over everywhere:
     * returns 0, out untouched. */
    int (*take)(void *user_data, fsbb_open_nodes *out);
    /* 1 when the engine's pools are the whole open tree until it first gives or takes (the
     * warm start: its census then measures the tree, search.h); 0 when other parts of the
     * search hold open nodes (the ranks of a distributed search). */
    int sole;
    /* Optional, as above: how the party counts the engine's open nodes (count NULL: no more). */
    void (*count_with)(void *user_data, int (*count)(void *data, struct fsbb_census *census), void *data);
    /* Optional: the nodes of the last take are in the engine's count now. */
    void (*taken)(void *user_data);
} fsbb_work_party;

#endif
