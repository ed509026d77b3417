/* test_gpu_bounder.c — the bounder's interface on a GPU: device discovery, block sizes and
 * table placements (same bounds everywhere), two slots in flight at once, partial and
 * empty pools, and the refusals of arguments it cannot serve. */
#include "gpu_check.h"
#include "pool_generator.h"
#include "suites.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_gpu_available(void)
{
    char name[128] = "";
    CU_ASSERT_EQUAL(fsbb_gpu_available(name, sizeof name), 1);
    CU_ASSERT(strlen(name) > 0);
    printf("\n[GPU: %s]", name);
}

static void generated_pool(const fsbb_bound_data *d, fsbb_pool_order order, int ub, int count, fsbb_gpu_pool *pool)
{
    fsbb_gpu_pool_init(pool, d->n, count, NULL);
    fsbb_pool_generate(d, order, ub, pool, NULL);
}

static void test_block_sizes_and_placements(void)
{
    static const char *names[] = {"ta021", "ta081", "ta111"};
    static const fsbb_gpu_tables places[] = {FSBB_GPU_TABLES_GLOBAL, FSBB_GPU_TABLES_SHARED,
                                             FSBB_GPU_TABLES_CONSTANT};
    static const char *place_names[] = {"global", "shared", "constant"};
    for (int i = 0; i < 3; i++) {
        fsbb_bound_data d;
        int ub;
        gpu_check_taillard(names[i], &d, &ub);
        fsbb_gpu_pool pool;
        generated_pool(&d, FSBB_POOL_ORDER_DFS, ub, 1000, &pool);
        for (int block = 32; block <= 1024; block *= 2)
            for (int p = 0; p < 3; p++) {
                const int fits = places[p] != FSBB_GPU_TABLES_CONSTANT || i < 2;
                if (!fits)
                    continue;
                char what[96];
                snprintf(what, sizeof what, "%s, tables %s", names[i], place_names[p]);
                CU_ASSERT_EQUAL(gpu_check_all_modes(&d, &pool, ub, block, places[p], what), 0);
            }
        fsbb_gpu_pool_free(&pool);
        fsbb_bound_data_free(&d);
    }
}

static void test_two_slots_in_flight(void)
{
    fsbb_bound_data d;
    int ub;
    gpu_check_taillard("ta051", &d, &ub);
    fsbb_gpu_pool bfs, dfs;
    generated_pool(&d, FSBB_POOL_ORDER_BFS, ub, 3000, &bfs);
    generated_pool(&d, FSBB_POOL_ORDER_DFS, ub, 2000, &dfs);
    int *want_bfs = malloc(sizeof(int) * 3000), *want_dfs = malloc(sizeof(int) * 2000);
    gpu_check_reference(&d, FSBB_LB2, &bfs, ub, want_bfs);
    gpu_check_reference(&d, FSBB_LB2, &dfs, ub, want_dfs);

    fsbb_error err;
    fsbb_gpu_bounder *b;
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_bounder_new(&d, 3000, 128, FSBB_REFACTOR_SELECT, FSBB_LB2, &b, &err), FSBB_OK);
    gpu_check_load_slot(b, 0, &bfs);
    gpu_check_load_slot(b, 1, &dfs);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_clear_bounds(b, 0, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_clear_bounds(b, 1, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_submit(b, 0, ub, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_submit(b, 1, ub, &err), FSBB_OK);
    const int *got_dfs = NULL, *got_bfs = NULL;
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_wait(b, 1, &got_dfs, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_wait(b, 0, &got_bfs, &err), FSBB_OK);
    CU_ASSERT(got_bfs && memcmp(got_bfs, want_bfs, sizeof(int) * 3000) == 0);
    CU_ASSERT(got_dfs && memcmp(got_dfs, want_dfs, sizeof(int) * 2000) == 0);

    /* A partial pool: the first 17 DFS nodes in slot 0; then an empty one. */
    gpu_check_load_slot(b, 0, &(fsbb_gpu_pool){.n = dfs.n, .capacity = dfs.capacity, .count = 17,
                                               .perm = dfs.perm, .front_len = dfs.front_len,
                                               .back_len = dfs.back_len});
    CU_ASSERT_EQUAL(gpu_check_slot_against(b, 0, ub, want_dfs, 17, "ta051 partial pool"), 0);
    fsbb_gpu_bounder_pool(b, 0)->count = 0;
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_submit(b, 0, ub, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_wait(b, 0, &got_bfs, &err), FSBB_OK);

    fsbb_gpu_timing timing;
    fsbb_gpu_bounder_pool(b, 1)->count = 2000;
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_time(b, 1, ub, 1, 3, &timing, &err), FSBB_OK);
    CU_ASSERT(timing.kernel_ms > 0 && timing.round_trip_ms >= timing.kernel_ms);
    CU_ASSERT(memcmp(got_dfs, want_dfs, sizeof(int) * 2000) == 0);
    CU_ASSERT_PTR_NULL(fsbb_gpu_bounder_pool(b, FSBB_GPU_SLOTS));
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_submit(b, FSBB_GPU_SLOTS, ub, &err), FSBB_ERR_ARGUMENT);

    fsbb_gpu_bounder_free(b);
    free(want_bfs);
    free(want_dfs);
    fsbb_gpu_pool_free(&bfs);
    fsbb_gpu_pool_free(&dfs);
    fsbb_bound_data_free(&d);
}

static void test_refusals(void)
{
    fsbb_error err;
    fsbb_gpu_bounder *b = NULL;
    fsbb_bound_data d;
    gpu_check_taillard("ta111", &d, NULL);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 64, 100, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 64, 2048, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 0, 256, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_PTR_NULL(b);
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_bounder_new(&d, 64, 256, FSBB_REFACTOR_NONE, FSBB_LB2, &b, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_place_tables(b, FSBB_GPU_TABLES_CONSTANT, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_place_tables(b, FSBB_GPU_TABLES_SHARED, &err), FSBB_OK);
    fsbb_gpu_bounder_free(b);
    fsbb_bound_data_free(&d);

    unsigned state = gpu_check_seed();
    gpu_check_random_instance(&state, FSBB_GPU_MAX_JOBS + 1, 2, 99, &d);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 64, 256, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_ERR_ARGUMENT);
    fsbb_bound_data_free(&d);

    /* Total work beyond 2^24: trig is refused, the other modes still match the CPU. */
    gpu_check_random_instance(&state, 20, 20, 1000000, &d);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_new(&d, 64, 256, FSBB_REFACTOR_TRIG, FSBB_LB1, &b, &err), FSBB_ERR_ARGUMENT);
    fsbb_gpu_pool pool;
    fsbb_gpu_pool_init(&pool, d.n, 300, NULL);
    gpu_check_random_nodes(&state, &pool);
    int *want = malloc(sizeof(int) * 300);
    CU_ASSERT_EQUAL_FATAL(fsbb_gpu_bounder_new(&d, 300, 256, FSBB_REFACTOR_NONE, FSBB_LB1, &b, &err), FSBB_OK);
    CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_mode(b, FSBB_REFACTOR_TRIG, FSBB_LB2, &err), FSBB_ERR_ARGUMENT);
    gpu_check_load_slot(b, 0, &pool);
    for (int lb = FSBB_LB1; lb <= FSBB_LB2; lb++) {
        gpu_check_reference(&d, (fsbb_lb_kind)lb, &pool, INT_MAX, want);
        for (int refactor = FSBB_REFACTOR_NONE; refactor <= FSBB_REFACTOR_SELECT; refactor += 2) {
            CU_ASSERT_EQUAL(fsbb_gpu_bounder_set_mode(b, (fsbb_refactor_kind)refactor, (fsbb_lb_kind)lb, &err),
                            FSBB_OK);
            CU_ASSERT_EQUAL(gpu_check_slot_against(b, 0, INT_MAX, want, 300, "large times"), 0);
        }
    }
    free(want);
    fsbb_gpu_pool_free(&pool);
    fsbb_gpu_bounder_free(b);
    fsbb_bound_data_free(&d);
}

FSBB_SUITE("gpu bounder",
           {"a CUDA GPU is available", test_gpu_available},
           {"block sizes 32..1024 and every table placement give the CPU bounds", test_block_sizes_and_placements},
           {"two slots in flight, a partial and an empty pool, timing", test_two_slots_in_flight},
           {"refusals: block size, pool size, instance size, constant space, trig range", test_refusals})
