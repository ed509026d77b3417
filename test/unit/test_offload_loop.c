/* test_offload_loop.c — the offload engine's host loop (offload_loop.h) driven on the CPU:
 * a stand-in pool bounder computes the GPU kernels' pool bound with bounds/lb1.h and
 * bounds/lb2.h (fsbb_pool_node_bound) and checks the double-buffering protocol (no slot
 * submitted twice, no pool touched while it is being bounded, no bound read after the
 * slot's next submit). With the upper bound at the optimum the tree is fixed, so the loop
 * must branch exactly the CPU engine's nodes (ta001-ta010, ta011-ta020 but ta017, random
 * instances, every branching rule, LB1 and LB2, pools from n to 4096 nodes, both pool
 * orders); from no upper bound it must find the CPU engine's optimum; limits, interrupts,
 * checkpoints and the out-of-memory halving behave as documented. With custom CPU bounds
 * applied by the stand-in (as the GPU bounder applies their GPU source), the loop branches
 * the CPU engine's nodes with the same custom bounds, the root included. */
#include "suites.h"
#include "test_support.h"

#include "checkpoint.h"
#include "custom_bound.h"
#include "gpu_pool.h"
#include "instance.h"
#include "lb1.h"
#include "offload_loop.h"
#include "options.h"
#include "search.h"
#include "search_cpu.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- The CPU stand-in for the GPU bounder ------------------------------------------------- */

typedef struct cpu_bounder {
    const fsbb_bound_data *d;
    fsbb_lb_kind lb;
    const fsbb_custom_bound *custom;  /* applied after the pool bound */
    int custom_count;
    int *front, *back, *custom_scratch;
    fsbb_gpu_pool pools[FSBB_OFFLOAD_SLOTS];
    int *bounds[FSBB_OFFLOAD_SLOTS];
    int ub[FSBB_OFFLOAD_SLOTS];
    int in_flight[FSBB_OFFLOAD_SLOTS];
    uint64_t fingerprint[FSBB_OFFLOAD_SLOTS];
    int protocol_errors;
    int *scratch;
    unsigned char *unscheduled;
    fsbb_job *perm;
} cpu_bounder;

/* FNV-1a over the nodes of a pool as the bounder would read them. */
static uint64_t pool_fingerprint(const fsbb_gpu_pool *pool)
{
    uint64_t h = 1469598103934665603ull;
    const uint64_t prime = 1099511628211ull;
    h = (h ^ (uint64_t)pool->count) * prime;
    for (int node = 0; node < pool->count; node++) {
        h = (h ^ (uint64_t)(uint16_t)pool->front_len[node]) * prime;
        h = (h ^ (uint64_t)(uint16_t)pool->back_len[node]) * prime;
        for (int i = 0; i < pool->n; i++)
            h = (h ^ (uint64_t)(uint16_t)pool->perm[(size_t)i * (size_t)pool->capacity + (size_t)node]) * prime;
    }
    return h;
}

static fsbb_gpu_pool *cpu_pool(void *context, int slot)
{
    cpu_bounder *b = context;
    return &b->pools[slot];
}

static fsbb_status cpu_submit(void *context, int slot, int ub, fsbb_error *err)
{
    (void)err;
    cpu_bounder *b = context;
    if (b->in_flight[slot] || b->pools[slot].count < 1 || b->pools[slot].count > b->pools[slot].capacity)
        b->protocol_errors++;
    b->in_flight[slot] = 1;
    b->ub[slot] = ub;
    b->fingerprint[slot] = pool_fingerprint(&b->pools[slot]);
    /* Bounds handed out by the previous wait of this slot are dead now. */
    for (int i = 0; i < b->pools[slot].capacity; i++)
        b->bounds[slot][i] = -1;
    return FSBB_OK;
}

/* Bounds the pool only now, as late as a GPU could deliver it. */
static fsbb_status cpu_wait(void *context, int slot, const int **bounds, fsbb_error *err)
{
    (void)err;
    cpu_bounder *b = context;
    const fsbb_gpu_pool *pool = &b->pools[slot];
    if (!b->in_flight[slot] || pool_fingerprint(pool) != b->fingerprint[slot])
        b->protocol_errors++;
    for (int node = 0; node < pool->count; node++) {
        fsbb_gpu_pool_get(pool, node, b->perm);
        const int front_len = pool->front_len[node], back_len = pool->back_len[node];
        const int bound = fsbb_pool_node_bound(b->d, b->lb, b->perm, front_len, back_len, b->ub[slot], b->scratch,
                                               b->unscheduled);
        fsbb_front_times(b->d, b->perm, front_len, b->front);
        fsbb_back_times(b->d, b->perm, back_len, b->back);
        const fsbb_custom_node custom_node = {
            .perm = b->perm, .front_len = front_len, .back_len = back_len, .front = b->front, .back = b->back};
        b->bounds[slot][node] = fsbb_custom_cpu_bounds(b->custom, b->custom_count, b->d, &custom_node, bound,
                                                       b->ub[slot], b->custom_scratch);
    }
    b->in_flight[slot] = 0;
    *bounds = b->bounds[slot];
    return FSBB_OK;
}

static void cpu_bounder_init(cpu_bounder *b, const fsbb_search *search, int capacity)
{
    const fsbb_bound_data *d = search->data;
    memset(b, 0, sizeof *b);
    b->d = d;
    b->lb = search->options->lb;
    b->custom = search->custom_bounds;
    b->custom_count = search->custom_bound_count;
    fsbb_error err;
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        CU_ASSERT_FATAL(fsbb_gpu_pool_init(&b->pools[s], d->n, capacity, &err) == FSBB_OK);
        b->bounds[s] = malloc(sizeof(int) * (size_t)capacity);
        CU_ASSERT_FATAL(b->bounds[s] != NULL);
    }
    b->scratch = malloc(sizeof(int) * 3 * (size_t)d->m);
    b->unscheduled = malloc((size_t)d->n);
    b->perm = malloc(sizeof(fsbb_job) * (size_t)d->n);
    b->front = malloc(sizeof(int) * (size_t)d->m);
    b->back = malloc(sizeof(int) * (size_t)d->m);
    b->custom_scratch = malloc(sizeof(int) * 3 * (size_t)d->n);
    CU_ASSERT_FATAL(b->scratch && b->unscheduled && b->perm && b->front && b->back && b->custom_scratch);
}

static void cpu_bounder_free(cpu_bounder *b)
{
    for (int s = 0; s < FSBB_OFFLOAD_SLOTS; s++) {
        fsbb_gpu_pool_free(&b->pools[s]);
        free(b->bounds[s]);
    }
    free(b->scratch);
    free(b->unscheduled);
    free(b->perm);
    free(b->front);
    free(b->back);
    free(b->custom_scratch);
}

/* ---- Running an engine ---------------------------------------------------------------------- */

/* The engine: the CPU engine, or the offload loop with pools of `capacity` nodes. */
typedef struct engine_setup {
    int capacity;                /* 0: the CPU engine */
    int interrupt;               /* interrupt requested before the start */
    const char *checkpoint_path; /* written when the search stops */
    const char *resume_path;     /* resumed from */
    const fsbb_custom_bound *custom;  /* custom bounds of the search */
    int custom_count;
    int loops;                   /* offload loops; 0: one per search thread */
} engine_setup;

/* What setup_engine runs: the instance and the upper bound of the run, and its setup. */
typedef struct engine_context {
    const fsbb_instance *inst;
    int ub;
    engine_setup setup;
} engine_context;

/* The engine of a setup (a test_engine_fn), resumed from its checkpoint if it names one. */
static fsbb_status setup_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    const engine_context *c = context;
    const engine_setup *setup = &c->setup;
    atomic_store(search->interrupt_request, setup->interrupt);
    search->instance_hash = fsbb_checkpoint_fingerprint(c->inst->n, c->inst->m, c->inst->p);
    search->initial_ub = c->ub;
    search->checkpoint_path = setup->checkpoint_path;
    search->checkpoint_interval_s = search->options->checkpoint_interval_s;
    search->custom_bounds = setup->custom;
    search->custom_bound_count = setup->custom_count;
    fsbb_checkpoint resumed;
    memset(&resumed, 0, sizeof resumed);
    fsbb_status status = FSBB_OK;
    if (setup->resume_path)
        status = fsbb_search_resume(search, setup->resume_path, &resumed, err);
    if (status == FSBB_OK && setup->capacity > 0) {
        const int loops = setup->loops > 0 ? setup->loops : search->threads;
        cpu_bounder *bounders = calloc((size_t)loops, sizeof *bounders);
        fsbb_pool_bounder *interfaces = calloc((size_t)loops, sizeof *interfaces);
        CU_ASSERT_FATAL(bounders && interfaces);
        for (int l = 0; l < loops; l++) {
            cpu_bounder_init(&bounders[l], search, setup->capacity);
            interfaces[l] = (fsbb_pool_bounder){.context = &bounders[l],
                                                .capacity = setup->capacity,
                                                .pool = cpu_pool,
                                                .submit = cpu_submit,
                                                .wait = cpu_wait};
        }
        status = fsbb_offload_search(search, interfaces, loops, &run->offload_stats, err);
        for (int l = 0; l < loops; l++) {
            run->protocol_errors +=
                bounders[l].protocol_errors + bounders[l].in_flight[0] + bounders[l].in_flight[1];
            cpu_bounder_free(&bounders[l]);
        }
        free(bounders);
        free(interfaces);
    } else if (status == FSBB_OK) {
        status = fsbb_search_cpu(search, err);
    }
    fsbb_checkpoint_clear(&resumed);
    return status;
}

static test_engine_run run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, engine_setup setup)
{
    const engine_context context = {.inst = inst, .ub = ub, .setup = setup};
    return test_run_engine(inst, options, ub, 2, setup_engine, &context);
}

static test_engine_run run_cpu(const fsbb_instance *inst, const fsbb_options *options, int ub)
{
    return run_engine(inst, options, ub, (engine_setup){0});
}

static test_engine_run run_offload(const fsbb_instance *inst, const fsbb_options *options, int ub, int capacity)
{
    return run_engine(inst, options, ub, (engine_setup){.capacity = capacity});
}

/* One loop: the search order, and so the nodes from no upper bound, is then repeatable. */
static test_engine_run run_one_loop(const fsbb_instance *inst, const fsbb_options *options, int ub, int capacity)
{
    return run_engine(inst, options, ub, (engine_setup){.capacity = capacity, .loops = 1});
}

static fsbb_options *options_with(const char *lb, const char *branch, const char *pool_order)
{
    const char *const pairs[] = {"lb", lb, "branch", branch, "pool-order", pool_order, NULL};
    return test_options_from_pairs(pairs);
}

/* The offload loop from ub branches the CPU engine's nodes (cpu: its run from ub). */
static void same_tree(const fsbb_instance *inst, const fsbb_options *options, int ub, const test_engine_run *cpu,
                      int capacity, const char *what)
{
    const test_engine_run off = run_offload(inst, options, ub, capacity);
    CU_ASSERT_EQUAL(off.status, FSBB_OK);
    CU_ASSERT_EQUAL(off.protocol_errors, 0);
    CU_ASSERT_EQUAL(off.stopped, 0);
    CU_ASSERT_EQUAL(off.nodes, cpu->nodes);
    CU_ASSERT_EQUAL(off.incumbent, cpu->incumbent);
    if (test_offload_bounded_comparable(options)) {
        CU_ASSERT_EQUAL(off.bounded, cpu->bounded);
    } else {
        CU_ASSERT(off.bounded >= cpu->bounded);
    }
    if (off.status != FSBB_OK || off.nodes != cpu->nodes || off.protocol_errors)
        printf("\n[%s %s, pools of %d: CPU engine %llu nodes, offload %llu nodes, %d protocol errors%s%s]",
               inst->name, what, capacity, (unsigned long long)cpu->nodes, (unsigned long long)off.nodes,
               off.protocol_errors, off.message[0] ? ": " : "", off.message);
}

/* ---- Tests ---------------------------------------------------------------------------------- */

/* ta001-ta010 from the optimum: LB1 and LB2 (dyn), pools of n, 64 and 4096 nodes, bfs and
 * dfs order: the CPU engine's nodes and bounds. */
static void test_taillard_20x5(void)
{
    static const char *const bounds[] = {"lb1", "lb2"};
    static const char *const orders[] = {"bfs", "dfs"};
    for (int b = 0; b < 2; b++) {
        fsbb_options *options[2] = {options_with(bounds[b], "dyn", orders[0]), options_with(bounds[b], "dyn", orders[1])};
        for (int i = 1; i <= 10; i++) {
            char name[8];
            snprintf(name, sizeof name, "ta%03d", i);
            fsbb_instance *inst = test_load_instance(name);
            const test_engine_run cpu = run_cpu(inst, options[0], inst->best_known);
            CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
            const int capacities[] = {inst->n, 64, 4096};
            for (int c = 0; c < 3; c++)
                for (int o = 0; o < 2; o++)
                    same_tree(inst, options[o], inst->best_known, &cpu, capacities[c], bounds[b]);
            fsbb_instance_free(inst);
        }
        fsbb_options_free(options[0]);
        fsbb_options_free(options[1]);
    }
}

/* ta011-ta020 but ta017 (20 x 10, up to 270k nodes) from the optimum, LB1 dyn. */
static void test_taillard_20x10(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    const int light = getenv("FSBB_TEST_LIGHT") != NULL;
    for (int i = 11; i <= 20; i++) {
        if (i == 17 || (light && i != 16))
            continue;
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        const test_engine_run cpu = run_cpu(inst, options, inst->best_known);
        same_tree(inst, options, inst->best_known, &cpu, 2048, "lb1 dyn");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* Random instances (one job, one machine and the usual shapes): from no upper bound the
 * loop finds the CPU engine's optimum with a schedule that has it; from the optimum both
 * branch the same nodes with every branching rule and bound; the pool order does not
 * change the search even while the incumbent improves. */
static void test_random_instances(void)
{
    static const int sizes[][2] = {{1, 3}, {2, 4}, {8, 1}, {9, 5}, {10, 10}, {9, 20}, {11, 4}, {12, 3}};
    static const char *const branches[] = {"fwd", "bwd", "dyn"};
    static const char *const bounds[] = {"lb1", "lb2"};
    unsigned state = 20240611u;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_instance *inst = test_random_instance(&state, sizes[s][0], sizes[s][1]);
        const int capacity = inst->n + (int)s;
        for (int br = 0; br < 3; br++)
            for (int b = 0; b < 2; b++) {
                fsbb_options *bfs = options_with(bounds[b], branches[br], "bfs");
                fsbb_options *dfs = options_with(bounds[b], branches[br], "dfs");
                const test_engine_run best = run_cpu(inst, bfs, INT_MAX);
                const test_engine_run found = run_one_loop(inst, bfs, INT_MAX, capacity);
                const test_engine_run found_dfs = run_one_loop(inst, dfs, INT_MAX, capacity);
                const test_engine_run found_loops = run_offload(inst, bfs, INT_MAX, capacity);
                CU_ASSERT_EQUAL(found_loops.status, FSBB_OK);
                CU_ASSERT_EQUAL(found_loops.protocol_errors, 0);
                CU_ASSERT_EQUAL(found_loops.incumbent, best.incumbent);
                CU_ASSERT_EQUAL(found.status, FSBB_OK);
                CU_ASSERT_EQUAL(found.protocol_errors, 0);
                CU_ASSERT_EQUAL(found.incumbent, best.incumbent);
                CU_ASSERT(found.found);
                CU_ASSERT_EQUAL(found.schedule_makespan, best.incumbent);
                CU_ASSERT_EQUAL(found_dfs.nodes, found.nodes);
                CU_ASSERT_EQUAL(found_dfs.bounded, found.bounded);
                const test_engine_run cpu = run_cpu(inst, bfs, best.incumbent);
                same_tree(inst, bfs, best.incumbent, &cpu, capacity, "random");
                same_tree(inst, dfs, best.incumbent, &cpu, 4 * capacity, "random");
                fsbb_options_free(bfs);
                fsbb_options_free(dfs);
            }
        fsbb_instance_free(inst);
    }
}

/* A node limit stops the loop within one check interval, with every open node kept: the
 * open bound is below the optimum and the stack stayed small. */
static void test_node_limit(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    fsbb_error err;
    const uint64_t limit = 20000;
    CU_ASSERT(fsbb_options_set(options, "node-limit", "20000", &err) == FSBB_OK);
    fsbb_instance *inst = test_load_instance("ta021");
    const int capacity = 512;
    const test_engine_run run = run_offload(inst, options, inst->best_known, capacity);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT_EQUAL(run.protocol_errors, 0);
    CU_ASSERT(run.stopped);
    CU_ASSERT(run.limit_reached);
    CU_ASSERT(run.nodes >= limit);
    CU_ASSERT(run.nodes < limit + (uint64_t)run.offload_stats.loops * FSBB_OFFLOAD_CHECK_EVERY);
    CU_ASSERT(run.open_lower_bound < inst->best_known);
    CU_ASSERT(run.offload_stats.peak_open > 0);
    CU_ASSERT(run.offload_stats.peak_open <= (size_t)inst->n * (size_t)capacity);
    printf("\n[ta021, node limit %llu, pools of %d: %llu nodes, %llu pools, peak stack %zu, open bound %d]",
           (unsigned long long)limit, capacity, (unsigned long long)run.nodes,
           (unsigned long long)run.offload_stats.pools, run.offload_stats.peak_open, run.open_lower_bound);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* Interrupted before it starts: no node branched, the root's bound is the open bound. */
static void test_interrupt(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    fsbb_instance *inst = test_load_instance("ta005");
    const test_engine_run run =
        run_engine(inst, options, inst->best_known, (engine_setup){.capacity = 64, .interrupt = 1});
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(run.stopped);
    CU_ASSERT(run.interrupted);
    CU_ASSERT_EQUAL(run.nodes, 0);
    fsbb_bound_data data;
    CU_ASSERT_FATAL(fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) == 0);
    int *scratch = calloc(3 * (size_t)inst->m, sizeof(int));
    fsbb_job *perm = malloc(sizeof(fsbb_job) * (size_t)inst->n);
    CU_ASSERT_FATAL(scratch && perm);
    for (int j = 0; j < inst->n; j++)
        perm[j] = (fsbb_job)j;
    CU_ASSERT_EQUAL(run.open_lower_bound, fsbb_lb1(&data, perm, 0, 0, scratch));
    free(scratch);
    free(perm);
    fsbb_bound_data_free(&data);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* Stopped by a node limit with a checkpoint, then resumed by the offload loop and by the
 * CPU engine: each finishes the CPU engine's tree (the same total of nodes); the share of the
 * tree done at the stop is what the checkpoint leaves out, 1 at the end. */
static void test_checkpoint_resume(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    fsbb_options *unlimited = options_with("lb1", "dyn", "bfs");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "node-limit", "3000", &err) == FSBB_OK);
    fsbb_instance *inst = test_load_instance("ta005");
    const test_engine_run cpu = run_cpu(inst, unlimited, inst->best_known);
    char path[] = "/tmp/fsbb-offload-XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    const test_engine_run first =
        run_engine(inst, options, inst->best_known, (engine_setup){.capacity = 128, .checkpoint_path = path});
    CU_ASSERT_EQUAL(first.status, FSBB_OK);
    CU_ASSERT(first.limit_reached);
    CU_ASSERT(first.nodes < cpu.nodes);
    /* The census (the loops' stacks and the parents in flight): what the stop left open is
     * what the checkpoint holds. */
    fsbb_checkpoint saved;
    CU_ASSERT_FATAL(fsbb_checkpoint_read(path, &saved, &err) == FSBB_OK);
    fsbb_census open;
    CU_ASSERT_FATAL(fsbb_census_init(&open, saved.n) == 0);
    fsbb_census_add_nodes(&open, saved.open_nodes, saved.open_count, saved.node_stride);
    CU_ASSERT(first.fraction_done > 0 && first.fraction_done < 1);
    CU_ASSERT_DOUBLE_EQUAL(1 - first.fraction_done, (double)fsbb_census_open_weight(&open), 1e-12);
    fsbb_census_free(&open);
    fsbb_checkpoint_clear(&saved);
    const test_engine_run offload_rest =
        run_engine(inst, unlimited, inst->best_known, (engine_setup){.capacity = 256, .resume_path = path});
    const test_engine_run cpu_rest = run_engine(inst, unlimited, inst->best_known, (engine_setup){.resume_path = path});
    CU_ASSERT_EQUAL(offload_rest.status, FSBB_OK);
    CU_ASSERT_EQUAL(offload_rest.stopped, 0);
    CU_ASSERT_EQUAL(offload_rest.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(offload_rest.bounded, cpu.bounded);
    CU_ASSERT_EQUAL(offload_rest.fraction_done, 1.0);
    CU_ASSERT_EQUAL(cpu_rest.status, FSBB_OK);
    CU_ASSERT_EQUAL(cpu_rest.nodes, cpu.nodes);
    remove(path);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
    fsbb_options_free(unlimited);
}

/* What the loop refuses: another selection rule, pools smaller than n (and custom bounds
 * with a bounder that does not apply them, below). */
static void test_refusals(void)
{
    fsbb_instance *inst = test_load_instance("ta001");
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    const test_engine_run small = run_offload(inst, options, inst->best_known, inst->n - 1);
    CU_ASSERT_EQUAL(small.status, FSBB_ERR_ARGUMENT);
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "select", "best", &err) == FSBB_OK);
    const test_engine_run best_first = run_offload(inst, options, inst->best_known, 64);
    CU_ASSERT_EQUAL(best_first.status, FSBB_ERR_ARGUMENT);
    fsbb_options_free(options);
    fsbb_instance_free(inst);
}

/* ---- Custom bounds ----------------------------------------------------------------------------- */

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* Each machine's work on the unscheduled jobs between the prefix and the suffix: never above
 * LB1, so max(LB1, it) is LB1 and the tree is LB1's. */
static int work_bound(const fsbb_node_view *node, void *user_data)
{
    (void)user_data;
    int lb = 0;
    for (int k = 0; k < node->machines; k++) {
        int work = node->front[k] + node->back[k];
        for (int i = 0; i < node->unscheduled_count; i++)
            work += node->times[k * node->jobs + node->unscheduled[i]];
        lb = max_int(lb, work);
    }
    return lb;
}

/* The optimum (user data), a valid bound at every node. */
static int optimum_bound(const fsbb_node_view *node, void *user_data)
{
    (void)node;
    return *(const int *)user_data;
}

static fsbb_custom_bound custom_cpu_bound(const char *name, fsbb_cpu_bound_fn function, void *user_data)
{
    fsbb_custom_bound bound;
    memset(&bound, 0, sizeof bound);
    bound.definition.name = name;
    bound.definition.cpu_bound = function;
    bound.definition.user_data = user_data;
    return bound;
}

/* The loop with the stand-in applying the custom bounds branches the CPU engine's nodes
 * with the same bounds; returns the CPU engine's run. */
static test_engine_run same_custom_tree(const fsbb_instance *inst, const fsbb_options *options, int ub,
                                        const fsbb_custom_bound *bounds, int count, int capacity, const char *what)
{
    const engine_setup cpu_setup = {.custom = bounds, .custom_count = count};
    const engine_setup offload_setup = {.capacity = capacity, .custom = bounds, .custom_count = count};
    const test_engine_run cpu = run_engine(inst, options, ub, cpu_setup);
    const test_engine_run off = run_engine(inst, options, ub, offload_setup);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(off.status, FSBB_OK);
    CU_ASSERT_EQUAL(off.protocol_errors, 0);
    CU_ASSERT_EQUAL(off.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(off.incumbent, cpu.incumbent);
    if (test_offload_bounded_comparable(options)) {
        CU_ASSERT_EQUAL(off.bounded, cpu.bounded);
    }
    if (off.status != FSBB_OK || off.nodes != cpu.nodes)
        printf("\n[%s %s with custom bounds, pools of %d: CPU engine %llu nodes, offload %llu nodes%s%s]", inst->name,
               what, capacity, (unsigned long long)cpu.nodes, (unsigned long long)off.nodes,
               off.message[0] ? ": " : "", off.message);
    return cpu;
}

/* ta001-ta005 from the optimum with custom bounds (dyn with LB1 and LB2):
 * the bound under LB1 leaves LB1's tree; the one-machine bound over the unscheduled jobs
 * prunes more; both engines branch the same nodes either way. */
static void test_custom_bounds_taillard(void)
{
    static const char *const settings[][2] = {{"lb1", "dyn"}, {"lb2", "dyn"}};
    for (int s = 0; s < 2; s++) {
        fsbb_options *options = options_with(settings[s][0], settings[s][1], "bfs");
        for (int i = 1; i <= 5; i++) {
            char name[8];
            snprintf(name, sizeof name, "ta%03d", i);
            fsbb_instance *inst = test_load_instance(name);
            const fsbb_custom_bound weak[] = {custom_cpu_bound("work", work_bound, NULL)};
            const fsbb_custom_bound strong[] = {custom_cpu_bound("work", work_bound, NULL),
                                                custom_cpu_bound("one-machine", test_one_machine_bound, NULL)};
            const test_engine_run plain = run_cpu(inst, options, inst->best_known);
            const test_engine_run with_weak = same_custom_tree(inst, options, inst->best_known, weak, 1, 512, "work");
            const test_engine_run with_strong =
                same_custom_tree(inst, options, inst->best_known, strong, 2, 512, "work + one-machine");
            CU_ASSERT_EQUAL(with_weak.nodes, plain.nodes);
            CU_ASSERT(with_strong.nodes <= plain.nodes);
            printf("\n[%s %s %s: %llu nodes, %llu with the one-machine custom bound]", name, settings[s][0],
                   settings[s][1], (unsigned long long)plain.nodes, (unsigned long long)with_strong.nodes);
            fsbb_instance_free(inst);
        }
        fsbb_options_free(options);
    }
}

/* Random instances with the one-machine custom bound, each branching rule: from no upper
 * bound the loop finds the CPU engine's optimum; from the optimum both branch the same nodes. */
static void test_custom_bounds_random(void)
{
    static const int sizes[][2] = {{2, 4}, {8, 1}, {9, 5}, {10, 10}, {11, 4}, {10, 3}};
    static const char *const branches[] = {"dyn", "fwd", "bwd"};
    const fsbb_custom_bound bounds[] = {custom_cpu_bound("one-machine", test_one_machine_bound, NULL)};
    unsigned state = 20240612u;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_options *options = options_with(s % 2 ? "lb2" : "lb1", branches[s % 3], "bfs");
        fsbb_instance *inst = test_random_instance(&state, sizes[s][0], sizes[s][1]);
        const int capacity = inst->n + 3 * (int)s;
        const test_engine_run best =
            run_engine(inst, options, INT_MAX, (engine_setup){.custom = bounds, .custom_count = 1});
        const test_engine_run found = run_engine(
            inst, options, INT_MAX, (engine_setup){.capacity = capacity, .custom = bounds, .custom_count = 1});
        CU_ASSERT_EQUAL(found.status, FSBB_OK);
        CU_ASSERT_EQUAL(found.incumbent, best.incumbent);
        CU_ASSERT(found.found);
        CU_ASSERT_EQUAL(found.schedule_makespan, best.incumbent);
        same_custom_tree(inst, options, best.incumbent, bounds, 1, capacity, "one-machine");
        fsbb_instance_free(inst);
        fsbb_options_free(options);
    }
}

/* A custom bound equal to the optimum prunes the root from the optimum: no node branched,
 * in the CPU engine and in the loop (which bounds the root through the bounder). */
static void test_custom_bound_at_root(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    for (int i = 1; i <= 3; i++) {
        char name[8];
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        int optimum = inst->best_known;
        const fsbb_custom_bound bounds[] = {custom_cpu_bound("optimum", optimum_bound, &optimum)};
        const test_engine_run cpu = same_custom_tree(inst, options, optimum, bounds, 1, 64, "optimum");
        CU_ASSERT_EQUAL(cpu.nodes, 0);
        CU_ASSERT_EQUAL(cpu.stopped, 0);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* ---- Opening pools with halving on out-of-memory ---------------------------------------------- */

typedef struct fake_device {
    int largest_that_fits;  /* pools above this fail with CUDA's out-of-memory message */
    fsbb_status other;      /* when not FSBB_OK: every attempt fails with it */
    int attempts;
} fake_device;

static fsbb_status fake_open(void *context, int capacity, fsbb_error *err)
{
    fake_device *device = context;
    device->attempts++;
    if (device->other != FSBB_OK) {
        err->code = device->other;
        snprintf(err->message, sizeof err->message, "--branch-free trig is exact only for small instances");
        return device->other;
    }
    if (capacity > device->largest_that_fits) {
        err->code = FSBB_ERR_GPU;
        snprintf(err->message, sizeof err->message, "cudaMalloc(&s->dev_perm, %d nodes): out of memory", capacity);
        return FSBB_ERR_GPU;
    }
    return FSBB_OK;
}

static void test_open_halving(void)
{
    fsbb_error err;
    int opened = 0;
    fake_device fits = {.largest_that_fits = 5000};
    CU_ASSERT_EQUAL(fsbb_offload_open_halving(fake_open, &fits, 65536, 1024, &opened, &err), FSBB_OK);
    CU_ASSERT_EQUAL(opened, 4096);
    CU_ASSERT_EQUAL(fits.attempts, 5);

    fake_device too_small = {.largest_that_fits = 1000};
    CU_ASSERT_EQUAL(fsbb_offload_open_halving(fake_open, &too_small, 65536, 1024, &opened, &err), FSBB_ERR_GPU);
    CU_ASSERT_EQUAL(too_small.attempts, 7);
    CU_ASSERT_PTR_NOT_NULL(strstr(err.message, "pools of 1024 nodes, even after halving from 65536"));
    CU_ASSERT_PTR_NULL(strchr(err.message, '\n'));

    fake_device refused = {.largest_that_fits = 1 << 30, .other = FSBB_ERR_ARGUMENT};
    CU_ASSERT_EQUAL(fsbb_offload_open_halving(fake_open, &refused, 65536, 1024, &opened, &err), FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(refused.attempts, 1);

    /* Default pool sizes: one H100 wave for small instances, within the byte budget or n. */
    CU_ASSERT_EQUAL(fsbb_offload_default_pool_size(20, 1), FSBB_OFFLOAD_DEFAULT_POOL);
    /* Several loops share FSBB_OFFLOAD_SHARED_POOL, down to FSBB_OFFLOAD_MIN_LOOP_POOL each. */
    CU_ASSERT_EQUAL(fsbb_offload_default_pool_size(20, 2), FSBB_OFFLOAD_SHARED_POOL / 2);
    CU_ASSERT_EQUAL(fsbb_offload_default_pool_size(20, 16), FSBB_OFFLOAD_SHARED_POOL / 16);
    CU_ASSERT_EQUAL(fsbb_offload_default_pool_size(20, 64), FSBB_OFFLOAD_MIN_LOOP_POOL);
    const int jobs[] = {1, 20, 200, 500, 1024, 30000};
    for (int i = 0; i < 6; i++) {
        const int size = fsbb_offload_default_pool_size(jobs[i], 1 + i);
        CU_ASSERT(size >= jobs[i]);
        CU_ASSERT(size <= FSBB_OFFLOAD_DEFAULT_POOL);
        CU_ASSERT(size == jobs[i] || (size_t)size * fsbb_node_size(jobs[i]) <= FSBB_OFFLOAD_DEFAULT_POOL_BYTES);
    }
}

/* Several loops from the optimum, pools of n nodes (so parents pass between loops often), a
 * checkpoint every millisecond: the CPU engine's nodes, and the last checkpoint resumes to
 * the end of the tree. */
static void test_loops_and_checkpoints(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "bfs");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "checkpoint-interval", "0.001", &err) == FSBB_OK);
    const char *const names[] = {"ta013", "ta016"};
    for (int i = 0; i < 2; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        const test_engine_run cpu = run_cpu(inst, options, inst->best_known);
        char path[] = "/tmp/fsbb-offload-XXXXXX";
        const int fd = mkstemp(path);
        CU_ASSERT_FATAL(fd >= 0);
        close(fd);
        const int loops[] = {3, 8};
        for (int l = 0; l < 2; l++) {
            const engine_setup setup = {.capacity = inst->n, .loops = loops[l], .checkpoint_path = path};
            const test_engine_run run = run_engine(inst, options, inst->best_known, setup);
            CU_ASSERT_EQUAL(run.status, FSBB_OK);
            CU_ASSERT_EQUAL(run.protocol_errors, 0);
            CU_ASSERT_EQUAL(run.stopped, 0);
            CU_ASSERT_EQUAL(run.nodes, cpu.nodes);
            CU_ASSERT_EQUAL(run.bounded, cpu.bounded);
            CU_ASSERT_EQUAL(run.offload_stats.loops, loops[l]);
            printf("\n[%s, %d loops, pools of %d: %llu nodes (CPU engine %llu), %llu pools]", names[i], loops[l],
                   inst->n, (unsigned long long)run.nodes, (unsigned long long)cpu.nodes,
                   (unsigned long long)run.offload_stats.pools);
        }
        remove(path);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

FSBB_SUITE("offload_loop",
           {"ta001-ta010 from the optimum: the CPU engine's tree (LB1, LB2, pool sizes, orders)", test_taillard_20x5},
           {"ta011-ta020 but ta017 from the optimum: the CPU engine's tree", test_taillard_20x10},
           {"random instances: optimum, same tree for fwd/bwd/dyn x LB1/LB2, order-free", test_random_instances},
           {"node limit: stops promptly with the open bound, bounded stack", test_node_limit},
           {"interrupt before the start: root bound open", test_interrupt},
           {"checkpoint at a limit, resumed by the loop and by the CPU engine", test_checkpoint_resume},
           {"refusals: pools below n, other selection rules", test_refusals},
           {"pool opening halves on out-of-memory down to the floor", test_open_halving},
           {"custom bounds, ta001-ta005 from the optimum: the CPU engine's tree", test_custom_bounds_taillard},
           {"custom bounds, random instances: optimum and the CPU engine's tree", test_custom_bounds_random},
           {"a custom bound at the optimum prunes the root in both engines", test_custom_bound_at_root},
           {"several loops with periodic checkpoints: the CPU engine's tree", test_loops_and_checkpoints})
