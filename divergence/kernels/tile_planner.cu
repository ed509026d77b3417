/* tile_planner.cu — the throttling plans of the divergence bounder (TILED, div_bounder.h):
 * the cache-fit partition of a pool's (node, pair) work into rectangles whose data fit the
 * cache (cache_fit.h), and per schedule what runs: CF the leaves one kernel each, CF-Q one
 * queue of the leaves' warp-sized entries, SJ the recombined cover of the parts (each part
 * timed alone first), SJ-Q one queue per part of that cover. A plan is kept while the pool,
 * ub and the settings stay. */
#include "div_bounder_state.h"

#include "cuda_check.h"

#include <stdlib.h>
#include <string.h>

void fsbb_div_plan_free(fsbb_div_tile_plan *plan)
{
    fsbb_fit_tree_free(&plan->tree);
    free(plan->leaves);
    free(plan->chosen);
    free(plan->host_entries);
    free(plan->group_first);
    memset(plan, 0, sizeof *plan);
}

fsbb_status fsbb_div_ensure_tile_state(fsbb_div_bounder *b, fsbb_error *err)
{
    if (b->tiles.heads)
        return FSBB_OK;
    const size_t nodes = (size_t)b->max_pool;
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.heads, sizeof(int) * nodes * b->m));
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.tails, sizeof(int) * nodes * b->m));
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.bits, sizeof(unsigned) * nodes * b->words));
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.needs, nodes));
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.crossing, sizeof(unsigned long long) * nodes));
    FSBB_CUDA_TRY(cudaMalloc((void **)&b->tiles.fullmax, sizeof(int) * nodes));
    return FSBB_OK;
}

static int append_entries(const fsbb_div_tile_plan *plan, int node, int *scratch, int4 *entries, int at)
{
    const int count = fsbb_fit_leaves_under(&plan->tree, node, scratch, plan->tree.count);
    for (int i = 0; i < count; i++) {
        const fsbb_fit_node *leaf = &plan->tree.nodes[scratch[i]];
        for (int64_t a = leaf->a_begin; a < leaf->a_end; a += FSBB_WARP_SIZE) {
            const int64_t a_end = a + FSBB_WARP_SIZE < leaf->a_end ? a + FSBB_WARP_SIZE : leaf->a_end;
            entries[at++] = make_int4((int)a, (int)a_end, (int)leaf->b_begin, (int)leaf->b_end);
        }
    }
    return at;
}

static fsbb_status profile_parts(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    fsbb_div_tile_plan *plan = &b->plan;
    const fsbb_div_run a = fsbb_div_run_of(b, c->block_size, ub);
    for (int i = 0; i < plan->tree.count; i++) {
        float ms = 0;
        FSBB_CUDA_TRY(fsbb_div_launch_tile_prepare(a, b->tiles));
        FSBB_CUDA_TRY(cudaEventRecord(b->start, b->stream));
        FSBB_CUDA_TRY(fsbb_div_launch_tile(a, b->tiles, &plan->tree.nodes[i]));
        FSBB_CUDA_TRY(cudaEventRecord(b->stop, b->stream));
        FSBB_CUDA_TRY(cudaEventSynchronize(b->stop));
        FSBB_CUDA_TRY(cudaEventElapsedTime(&ms, b->start, b->stop));
        plan->tree.nodes[i].standalone_ms = ms;
    }
    return FSBB_OK;
}

fsbb_status fsbb_div_make_plan(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    fsbb_div_tile_plan *plan = &b->plan;
    if (plan->valid && plan->kind == c->throttle && plan->cache_bytes == c->cache_bytes && plan->count == b->count &&
        plan->ub == ub && plan->block_size == c->block_size)
        return FSBB_OK;
    fsbb_div_plan_free(plan);
    const double node_bytes = sizeof(int) * (2.0 * b->m + b->words) + sizeof(unsigned long long) + sizeof(int) + 1;
    const double pair_bytes = sizeof(int4) * (double)b->n + 2 * sizeof(int);
    const double capacity = c->throttle == FSBB_DIV_THROTTLE_NONE ? 1e300 : c->cache_bytes;
    fsbb_status status = fsbb_fit_partition_tiles(b->count, b->pairs, node_bytes, pair_bytes, capacity,
                                                  FSBB_WARP_SIZE, &plan->tree, err);
    if (status != FSBB_OK)
        return status;
    plan->leaves = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
    plan->chosen = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
    plan->group_first = (int *)malloc(sizeof(int) * ((size_t)plan->tree.count + 1));
    if (!plan->leaves || !plan->chosen || !plan->group_first)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling plan");
    plan->leaf_count = fsbb_fit_leaves(&plan->tree, plan->leaves, plan->tree.count);
    if (c->throttle == FSBB_DIV_THROTTLE_SJ || c->throttle == FSBB_DIV_THROTTLE_SJQ) {
        status = profile_parts(b, c, ub, err);
        if (status != FSBB_OK)
            return status;
        fsbb_fit_recombine(&plan->tree);
        plan->chosen_count = fsbb_fit_chosen(&plan->tree, plan->chosen, plan->tree.count);
    } else {
        plan->chosen_count = 0;
    }
    if (c->throttle == FSBB_DIV_THROTTLE_CFQ || c->throttle == FSBB_DIV_THROTTLE_SJQ) {
        int64_t entries = 0;
        for (int i = 0; i < plan->leaf_count; i++) {
            const fsbb_fit_node *leaf = &plan->tree.nodes[plan->leaves[i]];
            entries += (leaf->a_end - leaf->a_begin + FSBB_WARP_SIZE - 1) / FSBB_WARP_SIZE;
        }
        plan->host_entries = (int4 *)malloc(sizeof(int4) * (size_t)(entries ? entries : 1));
        if (!plan->host_entries)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling queue");
        int *scratch = (int *)malloc(sizeof(int) * (size_t)plan->tree.count);
        if (!scratch)
            return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a throttling queue");
        int at = 0;
        if (c->throttle == FSBB_DIV_THROTTLE_CFQ) {
            at = append_entries(plan, 0, scratch, plan->host_entries, 0);
        } else {
            for (int i = 0; i < plan->chosen_count; i++) {
                plan->group_first[i] = at;
                at = append_entries(plan, plan->chosen[i], scratch, plan->host_entries, at);
            }
            plan->group_first[plan->chosen_count] = at;
        }
        free(scratch);
        plan->entry_count = at;
        if (at > b->entry_capacity) {
            cudaFree(b->dev_entries);
            b->dev_entries = NULL;
            FSBB_CUDA_TRY(cudaMalloc((void **)&b->dev_entries, sizeof(int4) * (size_t)at));
            b->entry_capacity = at;
        }
        FSBB_CUDA_TRY(cudaMemcpy(b->dev_entries, plan->host_entries, sizeof(int4) * (size_t)at,
                                 cudaMemcpyHostToDevice));
    }
    plan->valid = 1;
    plan->kind = c->throttle;
    plan->cache_bytes = c->cache_bytes;
    plan->count = b->count;
    plan->ub = ub;
    plan->block_size = c->block_size;
    return FSBB_OK;
}

/* Enqueues a throttled bounding of the pool (prepare, the schedule's kernels, finish). */
fsbb_status fsbb_div_enqueue_tiled(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err)
{
    const fsbb_div_tile_plan *plan = &b->plan;
    const fsbb_div_run a = fsbb_div_run_of(b, c->block_size, ub);
    int launches = 2;
    FSBB_CUDA_TRY(fsbb_div_launch_tile_prepare(a, b->tiles));
    switch (c->throttle) {
    case FSBB_DIV_THROTTLE_CFQ:
        FSBB_CUDA_TRY(fsbb_div_launch_tile_queue(a, b->tiles, b->dev_entries, plan->entry_count, b->dev_counters));
        launches++;
        break;
    case FSBB_DIV_THROTTLE_SJ:
        for (int i = 0; i < plan->chosen_count; i++, launches++)
            FSBB_CUDA_TRY(fsbb_div_launch_tile(a, b->tiles, &plan->tree.nodes[plan->chosen[i]]));
        break;
    case FSBB_DIV_THROTTLE_SJQ:
        for (int i = 0; i < plan->chosen_count; i++, launches++)
            FSBB_CUDA_TRY(fsbb_div_launch_tile_queue(a, b->tiles, b->dev_entries + plan->group_first[i],
                                                plan->group_first[i + 1] - plan->group_first[i], b->dev_counters));
        break;
    default: /* CF, and NONE (a single part) */
        for (int i = 0; i < plan->leaf_count; i++, launches++)
            FSBB_CUDA_TRY(fsbb_div_launch_tile(a, b->tiles, &plan->tree.nodes[plan->leaves[i]]));
        break;
    }
    FSBB_CUDA_TRY(fsbb_div_launch_tile_finish(a, b->tiles));
    b->report.partitions = plan->leaf_count;
    b->report.launches = launches;
    return FSBB_OK;
}
