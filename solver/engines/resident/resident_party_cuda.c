/* resident_party_cuda.c — the resident engine trades open nodes with a party
 * (resident_party.h). */
#include "resident_party.h"

#include "node.h"

#include <stdlib.h>

static void give(fsbb_search *search, const unsigned char *nodes, size_t count)
{
    const fsbb_work_party *party = search->party;
    party->give(party->user_data, nodes, count, fsbb_node_size(search->data->n));
}

fsbb_status fsbb_resident_party_serve(fsbb_search *search, fsbb_resident_device *device,
                                      const fsbb_resident_state *state, fsbb_error *err)
{
    const int incumbent = atomic_load(&search->incumbent);
    fsbb_status status = FSBB_OK;
    if (incumbent < state->incumbent)
        status = fsbb_resident_device_lower_incumbent(device, incumbent, err);
    const fsbb_work_party *party = search->party;
    const size_t wanted = status == FSBB_OK ? party->nodes_wanted(party->user_data) : 0;
    if (wanted == 0)
        return status;
    const size_t open = (size_t)(state->device_nodes + state->host_nodes), half = (open + 1) / 2;
    const size_t count = wanted == FSBB_WORK_ALL ? open : wanted < half ? wanted : half;
    unsigned char *nodes = NULL;
    size_t taken = 0;
    status = fsbb_resident_device_take(device, count, &nodes, &taken, err);
    if (status == FSBB_OK)
        give(search, nodes, taken);
    free(nodes);
    return status;
}

fsbb_status fsbb_resident_party_take(fsbb_search *search, fsbb_resident_device *device, int *took,
                                     fsbb_error *err)
{
    const fsbb_work_party *party = search->party;
    if (party->nodes_wanted(party->user_data) > 0)
        give(search, NULL, 0);
    *took = 0;
    fsbb_open_nodes got = {0};
    while (!*took && party->take(party->user_data, &got)) {
        *took = got.count > 0;
        fsbb_status status = FSBB_OK;
        if (*took)
            status = fsbb_resident_device_push(device, (const fsbb_node *)got.nodes, got.stride, got.count, err);
        free(got.nodes);
        got = (fsbb_open_nodes){0};
        if (status != FSBB_OK)
            return status;
    }
    return FSBB_OK;
}

fsbb_status fsbb_resident_party_give_back(fsbb_search *search, fsbb_resident_device *device, fsbb_error *err)
{
    unsigned char *nodes = NULL;
    size_t count = 0;
    const fsbb_status status = fsbb_resident_device_take(device, (size_t)-1, &nodes, &count, err);
    if (status == FSBB_OK && count > 0)
        give(search, nodes, count);
    free(nodes);
    return status;
}
