/* test_resident_census.c — the resident engine's census kernel (resident_census.cuh) counts
 * what the host counts: the device's open nodes (pool, staged children, spilled nodes),
 * exported to the host and counted there, have the same counts by depth, the same number
 * and the same least bound, at several moments of a search from the root in a pool small
 * enough to spill. And the engine's fraction of the tree done is 1 at the end of a proof. */
#include "gpu_check.h"
#include "census.h"
#include "instance.h"
#include "resident_device.h"
#include "search.h"
#include "suites.h"
#include "test_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Device census against the host census of the exported nodes; 1 when they agree. */
static int censuses_agree(fsbb_resident_device *device, int n, const fsbb_resident_state *state)
{
    fsbb_census on_device, on_host;
    CU_ASSERT_FATAL(fsbb_census_init(&on_device, n) == 0);
    CU_ASSERT_FATAL(fsbb_census_init(&on_host, n) == 0);
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_resident_device_census(device, &on_device, &err) == FSBB_OK);
    unsigned char *nodes = NULL;
    size_t count = 0;
    CU_ASSERT_FATAL(fsbb_resident_device_export(device, &nodes, &count, &err) == FSBB_OK);
    fsbb_census_add_nodes(&on_host, nodes, count, fsbb_node_size(n));
    const int agree = on_device.open_nodes == on_host.open_nodes && on_device.min_lb == on_host.min_lb &&
                      memcmp(on_device.by_depth, on_host.by_depth, sizeof(uint64_t) * ((size_t)n + 1)) == 0 &&
                      on_device.open_nodes == (uint64_t)(state->device_nodes + state->host_nodes);
    if (!agree)
        printf("\n[census: device %llu nodes (least bound %d), host %llu nodes (least bound %d), state %lld + %lld]",
               (unsigned long long)on_device.open_nodes, on_device.min_lb, (unsigned long long)on_host.open_nodes,
               on_host.min_lb, state->device_nodes, state->host_nodes);
    free(nodes);
    fsbb_census_free(&on_device);
    fsbb_census_free(&on_host);
    return agree;
}

static void test_census_against_host(void)
{
    fsbb_bound_data d;
    int best_known = 0;
    gpu_check_taillard("ta021", &d, &best_known);
    const fsbb_resident_config config = {
        .lb = FSBB_LB1, .branch = FSBB_BRANCH_DYNAMIC,
        .tuning = {.pool_capacity = 4096, .block_size = 128, .batch = 64, .iterations_per_sync = 4}};
    fsbb_resident_device *device = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_resident_device_new(&d, &config, best_known, &device, &err) == FSBB_OK);
    fsbb_node *root = calloc(1, fsbb_node_size(d.n));
    CU_ASSERT_FATAL(root && fsbb_search_root(&d, FSBB_LB1, root, &err) == FSBB_OK);
    CU_ASSERT_FATAL(fsbb_resident_device_push(device, root, fsbb_node_size(d.n), 1, &err) == FSBB_OK);
    fsbb_resident_state state = {0};
    int checked = 0, agreed = 0;
    long long spilled_seen = 0;
    for (int run = 0; run < 400; run++) {
        CU_ASSERT_FATAL(fsbb_resident_device_run(device, &state, &err) == FSBB_OK);
        if (state.device_nodes + state.host_nodes == 0)
            break;
        if (run % 20 == 0) {
            checked++;
            agreed += censuses_agree(device, d.n, &state);
            spilled_seen = state.host_nodes > spilled_seen ? state.host_nodes : spilled_seen;
        }
    }
    CU_ASSERT(checked >= 5);
    CU_ASSERT_EQUAL(agreed, checked);
    printf("\n[ta021: %d censuses agree of %d, up to %lld spilled nodes counted]", agreed, checked, spilled_seen);
    fsbb_resident_device_free(device);
    free(root);
    fsbb_bound_data_free(&d);
}

static void note_fraction(const fsbb_progress *progress, void *data)
{
    double *last = data;
    CU_ASSERT(progress->fraction_done >= *last);
    if (progress->fraction_done >= 0)
        *last = progress->fraction_done;
}

/* A GPU solve from the optimum: the fraction reported rises, and the result says 1 and gap 0. */
static void test_fraction_of_a_proof(void)
{
    fsbb_instance *inst = test_load_instance("ta024");
    const char *const pairs[] = {"device", "gpu", "ub", "opt", NULL};
    fsbb_options *options = test_options_from_pairs(pairs);
    fsbb_solver *solver = NULL;
    fsbb_error err;
    CU_ASSERT_FATAL(fsbb_solver_new(inst, options, &solver, &err) == FSBB_OK);
    double last = -1;
    fsbb_solver_on_progress(solver, note_fraction, &last, 0.01);
    fsbb_result result;
    CU_ASSERT_EQUAL(fsbb_solver_solve(solver, &result, &err), FSBB_OK);
    CU_ASSERT(result.optimal);
    CU_ASSERT_EQUAL(result.fraction_done, 1.0);
    CU_ASSERT_EQUAL(result.gap, 0.0);
    CU_ASSERT_STRING_EQUAL(result.engine, "resident");
    CU_ASSERT_STRING_EQUAL(result.lb, "auto");  /* the resident engine's default bound */
    printf("\n[%s on the GPU: last reported fraction %.6f, lb %s, %s]", inst->name, last, result.lb, result.lb_used);
    fsbb_result_clear(&result);
    fsbb_solver_free(solver);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

FSBB_SUITE("gpu_resident_census",
           {"census kernel = host census of the exported nodes (pool, staged, spilled)", test_census_against_host},
           {"GPU proof: fraction rises to 1, gap 0", test_fraction_of_a_proof});
