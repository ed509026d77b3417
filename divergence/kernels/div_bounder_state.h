/* div_bounder_state.h — the inside of fsbb_div_bounder (div_bounder.h), shared by the
 * bounder (div_bounder.cu) and its throttling plans (tile_planner.cu). C++ (CUDA) only. */
#ifndef FSBB_DIV_BOUNDER_STATE_H
#define FSBB_DIV_BOUNDER_STATE_H

#include "cache_fit.h"
#include "div_bounder.h"
#include "div_launch.h"
#include "task_trace.cuh"

#include <cuda_runtime.h>

enum { FSBB_DIV_COUNTERS = 4 }; /* device task indices of one run */

/* A throttling plan (TILED): the cache-fit partition of one pool's (node, pair) work and
 * what each schedule launches from it; valid while the pool, ub and settings stay. */
struct fsbb_div_tile_plan {
    int valid;
    fsbb_div_throttle kind;
    double cache_bytes;
    int count, ub, block_size;
    fsbb_fit_tree tree;
    int *leaves, leaf_count;
    int *chosen, chosen_count;  /* SJ, SJ-Q: the recombined cover */
    int4 *host_entries;         /* CF-Q, SJ-Q: queue entries, leaf after leaf */
    int entry_count;
    int *group_first;           /* SJ-Q: entries of chosen part c are [group_first[c], group_first[c + 1]) */
};

struct fsbb_div_bounder {
    int n, m, pairs, words, max_pool, count, small;
    int *dev_block;
    int4 *dev_pack;
    fsbb_job *dev_perm;
    int16_t *dev_front, *dev_back;
    int *dev_lb;
    unsigned *dev_counters;
    int *host_bounds;           /* pinned */
    cudaStream_t stream;
    cudaEvent_t start, stop;
    fsbb_div_tile_state tiles;
    int4 *dev_entries;
    int entry_capacity;
    fsbb_div_tile_plan plan;
    fsbb_trace_buffers trace;
    int trace_tasks, trace_warps;
    fsbb_div_report report;
};

/* The launch arguments of a run over the loaded pool. */
static inline fsbb_div_run fsbb_div_run_of(const fsbb_div_bounder *b, int block_size, int ub)
{
    fsbb_div_run a;
    a.pool = fsbb_div_pool{b->dev_perm, b->dev_front, b->dev_back, b->dev_lb, b->max_pool, b->count};
    a.tables = fsbb_div_tables{b->dev_block, b->dev_pack, b->n, b->m, b->pairs, b->words};
    a.ub = ub;
    a.block_size = block_size;
    a.small = b->small;
    a.counters = b->dev_counters;
    a.stream = b->stream;
    return a;
}

/* tile_planner.cu: the tiled family's per-node state (allocated once per bounder), the plan
 * for config and ub (kept while they stay), the launches of a planned run, and a plan's
 * memory. */
fsbb_status fsbb_div_ensure_tile_state(fsbb_div_bounder *b, fsbb_error *err);
fsbb_status fsbb_div_make_plan(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err);
fsbb_status fsbb_div_enqueue_tiled(fsbb_div_bounder *b, const fsbb_div_config *c, int ub, fsbb_error *err);
void fsbb_div_plan_free(fsbb_div_tile_plan *plan);

#endif
