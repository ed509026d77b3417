/* test_resident.c — the device-resident GPU engine explores exactly the CPU engine's tree:
 * with the upper bound at the optimum the tree is fixed, so both engines must branch the
 * same nodes and compute the same bounds (Taillard 20 x 5 instances, random instances of
 * every kernel form, LB1 and LB2, each branching rule, a pool small enough to spill, tiny
 * batches, graph replay, a pool that grows in place and by copy); from above the optimum it
 * must find an optimal schedule whose permutation has that makespan; from no upper bound,
 * started on the CPU, it reaches the optima of ta001-ta020; a node limit stops it with an
 * honest open bound, and a search stopped with a checkpoint and resumed branches the same
 * tree in total. --lb auto: its samples, its shadows (their subtrees explored, the optimum
 * kept) and its probes (with every cut probed, a CPU reference's counts). */
#include "device_arena.h"
#include "gpu_check.h"
#include "child_order.h"
#include "instance.h"
#include "lb1.h"
#include "lb1_batch.h"
#include "lb2.h"
#include "lb_auto.h"
#include "options.h"
#include "resident_search.h"
#include "search.h"
#include "suites.h"
#include "test_support.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { ENGINE_CPU, ENGINE_GPU };

/* The device-resident engine with its statistics (a test_engine_fn; context: the tuning). */
static fsbb_status resident_engine(fsbb_search *search, const void *context, test_engine_run *run, fsbb_error *err)
{
    return fsbb_search_gpu_resident_tuned(search, context, &run->resident_stats, err);
}

static test_engine_run run_engine(const fsbb_instance *inst, const fsbb_options *options, int ub, int engine,
                                  const fsbb_resident_tuning *tuning)
{
    const test_engine_run run =
        test_run_engine(inst, options, ub, 4, engine == ENGINE_CPU ? test_cpu_engine : resident_engine, tuning);
    if (run.status != FSBB_OK)
        printf("\n[%s engine on %s: %s]", engine == ENGINE_CPU ? "CPU" : "GPU", inst->name, run.message);
    return run;
}

static fsbb_options *options_with(const char *lb, const char *branch, const char *lb2_pairs)
{
    const char *const pairs[] = {"lb", lb, "branch", branch, "lb2-pairs", lb2_pairs, NULL};
    return test_options_from_pairs(pairs);
}

/* Both engines from ub: the same nodes and bounds, and the GPU run finished. */
static int same_tree(const fsbb_instance *inst, const fsbb_options *options, int ub,
                     const fsbb_resident_tuning *tuning, const char *what)
{
    const test_engine_run cpu = run_engine(inst, options, ub, ENGINE_CPU, NULL);
    const test_engine_run gpu = run_engine(inst, options, ub, ENGINE_GPU, tuning);
    CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
    CU_ASSERT_EQUAL(gpu.stopped, 0);
    CU_ASSERT_EQUAL(gpu.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(gpu.bounded, cpu.bounded);
    CU_ASSERT_EQUAL(gpu.incumbent, cpu.incumbent);
    const int same = gpu.status == FSBB_OK && gpu.nodes == cpu.nodes && gpu.bounded == cpu.bounded;
    printf("\n[%s %s ub %d: CPU %llu nodes %llu bounds, GPU %llu nodes %llu bounds%s]", inst->name, what, ub,
           (unsigned long long)cpu.nodes, (unsigned long long)cpu.bounded, (unsigned long long)gpu.nodes,
           (unsigned long long)gpu.bounded, same ? "" : " DIFFER");
    fflush(stdout);
    return same;
}

static unsigned test_seed(void)
{
    static unsigned seed;
    if (!seed) {
        const char *text = getenv("FSBB_TEST_SEED");
        seed = text ? (unsigned)strtoul(text, NULL, 10) : (unsigned)time(NULL);
        seed = seed ? seed : 1;
        printf("\n[resident tests: FSBB_TEST_SEED=%u]", seed);
    }
    return seed;
}

/* An n x m instance, times uniform in [1, 99] from gpu_check.h's generator (test_seed's stream). */
static fsbb_instance *random_instance(unsigned *state, int n, int m)
{
    int *p = malloc(sizeof *p * (size_t)n * (size_t)m);
    for (int i = 0; i < n * m; i++)
        p[i] = gpu_check_uniform(state, 1, 99);
    fsbb_instance *inst = test_instance_from_times(n, m, p);
    free(p);
    return inst;
}

static void test_taillard_trees(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    char name[8];
    for (int i = 1; i <= 10; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        same_tree(inst, options, inst->best_known, NULL, "lb1 dyn");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* Random instances of every kernel form (5, 10, 20 machines and the generic one, one and
 * two jobs too): the optimum comes from the CPU engine and from the device alone (no warm
 * start on the CPU), then both engines from it. */
static void test_random_trees(void)
{
    static const int sizes[][2] = {{9, 5}, {10, 10}, {9, 20}, {10, 3}, {9, 7}, {1, 3}, {2, 4}, {8, 1}};
    unsigned state = test_seed();
    fsbb_options *lb1 = options_with("lb1", "dyn", "0"), *lb2 = options_with("lb2", "dyn", "0");
    fsbb_options *device_alone = options_with("lb1", "dyn", "0");
    const char *const cold[] = {"warm-start", "0", NULL};
    test_options_set_pairs(device_alone, cold);
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_instance *inst = random_instance(&state, sizes[s][0], sizes[s][1]);
        const test_engine_run best = run_engine(inst, lb1, INT_MAX, ENGINE_CPU, NULL);
        CU_ASSERT_EQUAL(best.schedule_makespan, best.incumbent);
        const test_engine_run gpu = run_engine(inst, device_alone, INT_MAX, ENGINE_GPU, NULL);
        CU_ASSERT(gpu.resident_stats.iterations > 0);
        CU_ASSERT_EQUAL(gpu.resident_stats.warm_start_nodes, 0);
        CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
        CU_ASSERT_EQUAL(gpu.incumbent, best.incumbent);
        CU_ASSERT_EQUAL(gpu.schedule_makespan, best.incumbent);
        same_tree(inst, lb1, best.incumbent, NULL, "lb1 dyn");
        same_tree(inst, lb2, best.incumbent, NULL, "lb2 dyn");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(lb1);
    fsbb_options_free(lb2);
    fsbb_options_free(device_alone);
}

/* LB2 with all and with three machine pairs; forward and backward branching where their
 * trees stay small on 20 x 5 (ta001 forward or ta002 backward is tens of millions of nodes). */
static void test_lb2_and_directions(void)
{
    fsbb_options *lb2 = options_with("lb2", "dyn", "0"), *lb2_few = options_with("lb2", "dyn", "3");
    fsbb_options *forward = options_with("lb1", "fwd", "0"), *backward = options_with("lb1", "bwd", "0");
    const char *names[] = {"ta001", "ta002", "ta003"};
    for (int i = 0; i < 3; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        same_tree(inst, lb2, inst->best_known, NULL, "lb2 dyn");
        same_tree(inst, lb2_few, inst->best_known, NULL, "lb2 (3 pairs) dyn");
        same_tree(inst, i == 0 ? backward : forward, inst->best_known, NULL, i == 0 ? "lb1 bwd" : "lb1 fwd");
        fsbb_instance_free(inst);
    }
    unsigned state = test_seed() + 1;
    for (int r = 0; r < 3; r++) {
        fsbb_instance *inst = random_instance(&state, 11, 4 + 6 * r);
        const test_engine_run best = run_engine(inst, lb2, INT_MAX, ENGINE_CPU, NULL);
        same_tree(inst, lb2, best.incumbent, NULL, "lb2 dyn");
        same_tree(inst, forward, best.incumbent, NULL, "lb1 fwd");
        same_tree(inst, backward, best.incumbent, NULL, "lb1 bwd");
        fsbb_instance_free(inst);
    }
    fsbb_options_free(lb2);
    fsbb_options_free(lb2_few);
    fsbb_options_free(forward);
    fsbb_options_free(backward);
}

/* --lb auto from one above the optimum finds the optimum, as the CPU engine's auto does, with
 * the default choice of kernels (its first refining run one iteration long, its looks four), always refining
 * (a saving of any sign pays), with the plain kernel after each refining run (an overhead no
 * depth can save, with graph replay), and with full-length refining runs from the start. */
static void test_auto_optima(void)
{
    fsbb_options *options = options_with("auto", "dyn", "0");
    const fsbb_resident_tuning always = {.auto_overhead = -1e300, .iterations_per_sync = 2};
    const fsbb_resident_tuning plain = {.auto_overhead = 1e12, .iterations_per_sync = 2, .use_graph = 1};
    const fsbb_resident_tuning full_runs = {.auto_first_run = -1, .auto_look_run = -1, .iterations_per_sync = 4,
                                            .use_graph = 1};
    const char *names[] = {"ta001", "ta006", "ta011", "ta030"};
    for (int i = 0; i < 4; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        const int optimum = inst->best_known;
        const test_engine_run cpu = run_engine(inst, options, optimum + 1, ENGINE_CPU, NULL);
        CU_ASSERT_EQUAL(cpu.status, FSBB_OK);
        CU_ASSERT_EQUAL(cpu.incumbent, optimum);
        const fsbb_resident_tuning *tunings[] = {NULL, &always, &plain, &full_runs};
        const char *labels[] = {"default", "always refining", "plain after one run", "full refining runs"};
        for (int t = 0; t < 4; t++) {
            const test_engine_run gpu = run_engine(inst, options, optimum + 1, ENGINE_GPU, tunings[t]);
            CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
            CU_ASSERT_EQUAL(gpu.stopped, 0);
            CU_ASSERT_EQUAL(gpu.incumbent, optimum);
            CU_ASSERT_EQUAL(gpu.schedule_makespan, optimum);
            if (t == 1)
                CU_ASSERT_EQUAL(gpu.resident_stats.refining_syncs, gpu.resident_stats.syncs);
            if (t == 2 && gpu.resident_stats.syncs > 1)
                CU_ASSERT(gpu.resident_stats.refining_syncs < gpu.resident_stats.syncs);
            /* The first run is one iteration long, the others at most iterations_per_sync. */
            if (t == 0)
                CU_ASSERT(gpu.resident_stats.iterations <= 16 * gpu.resident_stats.syncs - 15);
            if (t == 3)
                CU_ASSERT(gpu.resident_stats.iterations == 4 * gpu.resident_stats.syncs);
            printf("\n[%s auto (%s): %llu nodes, %lld of %lld syncs refining, %lld iterations; CPU auto %llu nodes]",
                   inst->name, labels[t], (unsigned long long)gpu.nodes, gpu.resident_stats.refining_syncs,
                   gpu.resident_stats.syncs, gpu.resident_stats.iterations, (unsigned long long)cpu.nodes);
        }
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

/* The runs of --lb auto as the tracer sees them: their kernel and length. */
typedef struct run_lengths {
    int runs, plain, plain_not_full;
    int first, first_refining;  /* the first run */
    int first_look;             /* the first refining run after a plain run (0: none) */
    int last_refining;          /* the last refining run's iterations */
    int not_doubling;           /* refining runs after refining runs neither as long nor twice as long */
    int after_plain;            /* the run before was plain */
} run_lengths;

static void note_run(void *user, const fsbb_resident_run_note *note)
{
    run_lengths *r = user;
    if (r->runs++ == 0) {
        r->first = r->last_refining = note->iterations;
        r->first_refining = note->refining;
        return;
    }
    if (!note->refining) {
        r->plain++;
        r->plain_not_full += note->iterations != 16;
        r->after_plain = 1;
        return;
    }
    if (r->after_plain && !r->first_look)
        r->first_look = note->iterations;
    else if (!r->after_plain)
        r->not_doubling += note->iterations != r->last_refining && note->iterations != 2 * r->last_refining;
    r->last_refining = note->iterations;
    r->after_plain = 0;
}

/* --lb auto's run lengths, 16 iterations a sync: where refining never pays (an overhead no
 * depth can save), the first run refines for 1 iteration, every plain run is 16 long and
 * the first look after plain runs 4; where it always pays, every run refines, each as long
 * as the one before or twice it, from 1 up to 16. */
static void test_auto_run_lengths(void)
{
    fsbb_options *options = options_with("auto", "dyn", "0");
    fsbb_instance *inst = test_load_instance("ta021");
    run_lengths never = {0}, always = {0};
    const fsbb_resident_tuning plain = {.auto_overhead = 1e12, .iterations_per_sync = 16, .use_graph = 1,
                                        .on_run = note_run, .on_run_user = &never};
    test_engine_run run = run_engine(inst, options, inst->best_known, ENGINE_GPU, &plain);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(never.first_refining && never.first == 1);
    CU_ASSERT(never.plain > 0 && never.plain_not_full == 0);
    CU_ASSERT_EQUAL(never.first_look, 4);
    const fsbb_resident_tuning refining = {.auto_overhead = -1e300, .iterations_per_sync = 16, .use_graph = 1,
                                           .on_run = note_run, .on_run_user = &always};
    run = run_engine(inst, options, inst->best_known, ENGINE_GPU, &refining);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(always.first_refining && always.first == 1);
    CU_ASSERT_EQUAL(always.plain, 0);
    CU_ASSERT_EQUAL(always.not_doubling, 0);
    CU_ASSERT_EQUAL(always.last_refining, 16);
    printf("\n[%s auto, refining never pays: %d runs, %d plain, first look %d; always pays: %d runs, the last %d "
           "iterations]",
           inst->name, never.runs, never.plain, never.first_look, always.runs, always.last_refining);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* --lb auto's samples, read from the refining kernel's counts. With lb2 every survivor of
 * every depth is refined. With auto refining throughout and no depth switched on (a gain
 * too small to pay), the depths that are sampled (all but those too small to sample) refine
 * 1 in 16 of their survivors until decided and 1 in 1024 after: at most 1 in 8 in all, with
 * room for the hash's unevenness, and some. The fed stages are a part of all stages. A
 * sample that is not a power of 2 up to FSBB_RESIDENT_MAX_SAMPLE is refused before the
 * search starts. */
static void test_auto_samples(void)
{
    fsbb_instance *inst = test_load_instance("ta021");
    fsbb_options *lb2 = options_with("lb2", "dyn", "0");
    test_engine_run run = run_engine(inst, lb2, inst->best_known, ENGINE_GPU, NULL);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    const fsbb_resident_depth_stats *st = &run.resident_stats.depth;
    unsigned long long child_cycles = 0;
    for (int b = 0; b < fsbb_lb_auto_buckets(inst->n); b++) {
        CU_ASSERT_EQUAL(st->refined[b], st->survivors[b]);
        child_cycles += st->lb2_cycles[b];
    }
    CU_ASSERT(st->lb2_fed_stage_cycles > 0 && st->lb2_fed_stage_cycles <= st->lb2_stage_cycles);
    CU_ASSERT(st->lb2_fed_child_cycles > 0 && st->lb2_fed_child_cycles <= child_cycles);

    fsbb_options *with_auto = options_with("auto", "dyn", "0");
    const fsbb_resident_tuning never_on = {.auto_gain = 1e-12, .auto_overhead = -1e300};
    run = run_engine(inst, with_auto, inst->best_known, ENGINE_GPU, &never_on);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    unsigned long long refined = 0, survivors = 0;
    for (int b = 0; b < fsbb_lb_auto_buckets(inst->n); b++) {
        if (fsbb_lb_auto_whole(b, inst->n, 16, 0))
            continue;
        refined += st->refined[b];
        survivors += st->survivors[b];
    }
    CU_ASSERT(refined > 0 && refined * 8 <= survivors);
    printf("\n[%s auto, no depth on: %llu of %llu sampled survivors refined]", inst->name, refined, survivors);

    const fsbb_resident_tuning not_power = {.auto_explore_sample = 3}, too_sparse = {.auto_sample = 8192};
    CU_ASSERT_EQUAL(run_engine(inst, with_auto, inst->best_known, ENGINE_GPU, &not_power).status, FSBB_ERR_ARGUMENT);
    CU_ASSERT_EQUAL(run_engine(inst, with_auto, inst->best_known, ENGINE_GPU, &too_sparse).status, FSBB_ERR_ARGUMENT);
    fsbb_options_free(with_auto);
    fsbb_options_free(lb2);
    fsbb_instance_free(inst);
}

/* --lb auto's shadows (lb_auto.h), refining throughout: from one above the optimum, the
 * optimum, with every cut LB2 makes kept as a shadow (spacing 1) and with 1 in 64: shadows
 * made and the work below them counted, and more nodes branched than without any (their
 * subtrees), never the optimum changed. A spacing that is not a power of 2 is refused. */
static void test_auto_shadows(void)
{
    fsbb_options *options = options_with("auto", "dyn", "0");
    const char *names[] = {"ta011", "ta021"};
    for (int i = 0; i < 2; i++) {
        fsbb_instance *inst = test_load_instance(names[i]);
        const int optimum = inst->best_known;
        const fsbb_resident_tuning none = {.auto_overhead = -1e300, .auto_shadow = -1};
        const test_engine_run plain = run_engine(inst, options, optimum + 1, ENGINE_GPU, &none);
        CU_ASSERT_EQUAL(plain.incumbent, optimum);
        const int spacings[] = {1, 64};
        for (int k = 0; k < 2; k++) {
            const fsbb_resident_tuning shadows = {.auto_overhead = -1e300, .auto_shadow = spacings[k]};
            const test_engine_run run = run_engine(inst, options, optimum + 1, ENGINE_GPU, &shadows);
            CU_ASSERT_EQUAL(run.status, FSBB_OK);
            CU_ASSERT_EQUAL(run.stopped, 0);
            CU_ASSERT_EQUAL(run.incumbent, optimum);
            CU_ASSERT_EQUAL(run.schedule_makespan, optimum);
            const fsbb_resident_depth_stats *st = &run.resident_stats.depth;
            unsigned long long roots = 0, candidates = 0;
            for (int b = 0; b < fsbb_lb_auto_buckets(inst->n); b++) {
                roots += st->shadow_roots[b];
                candidates += st->shadow_candidates[b];
            }
            CU_ASSERT(roots > 0 && candidates >= roots);
            CU_ASSERT(candidates < st->lb1_candidates);
            if (k == 0)
                CU_ASSERT(run.nodes > plain.nodes);
            printf("\n[%s auto, shadows 1 in %d cuts: %llu shadows, %llu LB1 candidates below them, %llu nodes; "
                   "none: %llu nodes]",
                   inst->name, spacings[k], roots, candidates, (unsigned long long)run.nodes,
                   (unsigned long long)plain.nodes);
        }
        const fsbb_resident_tuning uneven = {.auto_shadow = 3};
        CU_ASSERT_EQUAL(run_engine(inst, options, optimum, ENGINE_GPU, &uneven).status, FSBB_ERR_ARGUMENT);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
}

enum { PROBE_MAX_JOBS = 32, PROBE_MAX_MACHINES = 32, PROBE_LANES = PROBE_MAX_JOBS + 4 };

/* The LB1 bounds of a node's forward and backward children, at positions lo.. of perm. */
static void probe_reference_bounds(const fsbb_bound_data *d, const fsbb_job *perm, int lo, int count,
                                   const int *front, const int *back, int *lb_forward, int *lb_backward)
{
    int times[PROBE_MAX_MACHINES * PROBE_LANES], remain[PROBE_MAX_MACHINES], t[PROBE_LANES], last[PROBE_LANES];
    int child_back[PROBE_MAX_MACHINES * PROBE_LANES], forward[PROBE_LANES], backward[PROBE_LANES];
    fsbb_gather_unscheduled(d, perm, lo, count, times, remain);
    fsbb_lb1_forward_children(d, front, back, remain, times, count, t, last, forward);
    fsbb_lb1_backward_children(d, front, back, remain, times, count, child_back, last, backward);
    for (int c = 0; c < count; c++) {
        lb_forward[lo + c] = forward[c];
        lb_backward[lo + c] = backward[c];
    }
}

/* What the probes of --lb auto count when LB2 refines every LB1 survivor and every cut is
 * probed: depth first below ub, each child LB2 cuts with two unscheduled jobs or more
 * counted by its depth bucket (probes), with its own LB1 survivors in the direction the
 * dynamic rule takes (children). */
static void probe_reference(const fsbb_bound_data *d, fsbb_job *perm, int fl, int bl, const int *front,
                            const int *back, int ub, unsigned long long *probes, unsigned long long *children)
{
    const int n = d->n, m = d->m, lo = fl, hi = n - bl, open = hi - lo;
    if (open < 2)
        return;
    int lb_forward[PROBE_MAX_JOBS], lb_backward[PROBE_MAX_JOBS];
    probe_reference_bounds(d, perm, lo, open, front, back, lb_forward, lb_backward);
    const int forward = fsbb_choose_forward(FSBB_BRANCH_DYNAMIC, lb_forward, lb_backward, lo, hi, ub);
    const int *lb = forward ? lb_forward : lb_backward;
    unsigned char unscheduled[PROBE_MAX_JOBS] = {0};
    for (int i = lo; i < hi; i++)
        unscheduled[perm[i]] = 1;
    for (int i = lo; i < hi; i++) {
        if (lb[i] >= ub)
            continue;
        const int slot = forward ? lo : hi - 1;
        const fsbb_job job = perm[i];
        perm[i] = perm[slot];
        perm[slot] = job;
        int child_front[PROBE_MAX_MACHINES], child_back[PROBE_MAX_MACHINES];
        memcpy(child_front, front, sizeof(int) * (size_t)m);
        memcpy(child_back, back, sizeof(int) * (size_t)m);
        if (forward)
            fsbb_front_append(d, job, front, child_front);
        else
            fsbb_back_prepend(d, job, back, child_back);
        unscheduled[job] = 0;
        const int cut = open > 2 && fsbb_lb2(d, unscheduled, child_front, child_back, ub) >= ub;
        unscheduled[job] = 1;
        const int child_fl = fl + forward, child_bl = bl + !forward;
        if (cut) {
            int child_forward[PROBE_MAX_JOBS], child_backward[PROBE_MAX_JOBS];
            const int child_lo = child_fl, child_hi = n - child_bl;
            probe_reference_bounds(d, perm, child_lo, child_hi - child_lo, child_front, child_back, child_forward,
                                   child_backward);
            int alive_forward = 0, alive_backward = 0;
            for (int k = child_lo; k < child_hi; k++) {
                alive_forward += child_forward[k] < ub;
                alive_backward += child_backward[k] < ub;
            }
            const int b = fsbb_lb_auto_bucket(child_fl + child_bl, n);
            probes[b]++;
            children[b] += (unsigned long long)(alive_forward < alive_backward ? alive_forward : alive_backward);
        } else {
            probe_reference(d, perm, child_fl, child_bl, child_front, child_back, ub, probes, children);
        }
        perm[slot] = perm[i];
        perm[i] = job;
    }
}

/* --lb auto's probes (lb_auto.h): with LB2 on every survivor (every sample 1, the refining
 * kernel throughout) and every cut probed, the upper bound at the optimum, the tree is fixed,
 * and the probes and the LB1 survivors they count are, depth by depth, the CPU reference's;
 * with probes 1 in 16, fewer probes, never more, and the same tree; a spacing that is not a
 * power of 2 is refused. */
static void test_auto_probes(void)
{
    fsbb_options *options = options_with("auto", "dyn", "0");
    fsbb_bound_data d;
    int optimum;
    gpu_check_taillard("ta011", &d, &optimum);
    fsbb_instance *inst = test_load_instance("ta011");
    unsigned long long probes[FSBB_RESIDENT_DEPTH_BUCKETS] = {0}, children[FSBB_RESIDENT_DEPTH_BUCKETS] = {0};
    fsbb_job perm[PROBE_MAX_JOBS];
    for (int j = 0; j < d.n; j++)
        perm[j] = (fsbb_job)j;
    int front[PROBE_MAX_MACHINES] = {0}, back[PROBE_MAX_MACHINES] = {0};
    probe_reference(&d, perm, 0, 0, front, back, optimum, probes, children);
    const int spacings[] = {1, 16};
    unsigned long long nodes[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        const fsbb_resident_tuning every = {.auto_overhead = -1e300, .auto_shadow = -1, .auto_probe = spacings[k],
                                            .auto_sample = 1, .auto_explore_sample = 1};
        const test_engine_run run = run_engine(inst, options, optimum, ENGINE_GPU, &every);
        CU_ASSERT_EQUAL(run.status, FSBB_OK);
        CU_ASSERT_EQUAL(run.stopped, 0);
        nodes[k] = (unsigned long long)run.nodes;
        const fsbb_resident_depth_stats *st = &run.resident_stats.depth;
        unsigned long long total = 0, first = 0, reference = 0;
        for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++) {
            if (k == 0) {
                CU_ASSERT_EQUAL(st->probes[b], probes[b]);
                CU_ASSERT_EQUAL(st->probe_children[b], children[b]);
            } else {
                CU_ASSERT(st->probes[b] <= probes[b]);
            }
            total += st->probes[b];
            first += st->probe_children[b];
            reference += probes[b];
        }
        CU_ASSERT(total > 0);
        if (k == 1)
            CU_ASSERT(total * 4 < reference);
        printf("\n[ta011 auto, LB2 everywhere, 1 in %d cuts probed: %llu probes (reference %llu), %llu LB1 "
               "survivors below them]",
               spacings[k], total, reference, first);
    }
    CU_ASSERT_EQUAL(nodes[0], nodes[1]);
    const fsbb_resident_tuning uneven = {.auto_probe = 3};
    CU_ASSERT_EQUAL(run_engine(inst, options, optimum, ENGINE_GPU, &uneven).status, FSBB_ERR_ARGUMENT);
    fsbb_instance_free(inst);
    fsbb_bound_data_free(&d);
    fsbb_options_free(options);
}

/* A pool of 320 nodes spills to host memory and loses none (a look every 4 iterations: the
 * open nodes at a look vary with the blocks' order, and a 480-node pool looked at every 64
 * iterations once stayed below its spill mark, 360); one parent per iteration, three
 * iterations per sync, replayed as a graph, branches the same tree. */
static void test_spill_and_small_batches(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_instance *inst = test_load_instance("ta030");
    same_tree(inst, options, inst->best_known, NULL, "lb1 dyn");
    const fsbb_resident_tuning small_pool = {.pool_capacity = 320, .batch = 12, .iterations_per_sync = 4};
    const test_engine_run gpu = run_engine(inst, options, inst->best_known, ENGINE_GPU, &small_pool);
    CU_ASSERT(gpu.resident_stats.spilled_nodes > 0);
    CU_ASSERT(gpu.resident_stats.pool_capacity <= 320);
    printf("\n[%s in a 320-node pool: peak %lld, %lld nodes spilled]", inst->name, gpu.resident_stats.peak_pool,
           gpu.resident_stats.spilled_nodes);
    same_tree(inst, options, inst->best_known, &small_pool, "lb1 dyn, 320-node pool");
    fsbb_instance_free(inst);
    inst = test_load_instance("ta006");
    const fsbb_resident_tuning tiny = {.batch = 1, .iterations_per_sync = 3, .use_graph = 1, .block_size = 64};
    same_tree(inst, options, inst->best_known, &tiny, "lb1 dyn, one parent per iteration, graph");
    const fsbb_resident_tuning squeezed = {.registers = 64, .block_size = 512, .use_graph = 1};
    same_tree(inst, options, inst->best_known, &squeezed, "lb1 dyn, 64 registers, 512 threads");
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* A pool of 2,048 nodes at first that grows fourfold up to 131,072, its batch with it, in
 * place (where the device maps memory so; by copy elsewhere) and by allocation and copy: the
 * same tree, and the pool did grow. */
static void test_growth(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_instance *inst = test_load_instance("ta030");
    const char *in_place = fsbb_device_arena_maps_in_place() ? "in place" : "by copy, the device maps nothing in place";
    for (int by_copy = 0; by_copy <= 1; by_copy++) {
        const fsbb_resident_tuning growing = {.pool_capacity = 1 << 17, .initial_pool = 2048, .grow_by_copy = by_copy};
        const test_engine_run gpu = run_engine(inst, options, inst->best_known, ENGINE_GPU, &growing);
        CU_ASSERT_EQUAL(gpu.status, FSBB_OK);
        /* More open nodes than the first pool held, none spilled: the pool grew. */
        CU_ASSERT(gpu.resident_stats.peak_pool > 2048);
        CU_ASSERT_EQUAL(gpu.resident_stats.spilled_nodes, 0);
        CU_ASSERT(gpu.resident_stats.batch > 2048 / (2 * inst->n));
        printf("\n[%s from a 2,048-node pool %s: batch %d, peak %lld, %lld spilled]", inst->name,
               by_copy ? "by copy" : in_place, gpu.resident_stats.batch, gpu.resident_stats.peak_pool,
               gpu.resident_stats.spilled_nodes);
        same_tree(inst, options, inst->best_known, &growing,
                  by_copy ? "lb1 dyn, growing by copy" : "lb1 dyn, growing in place");
    }
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

/* From one above the optimum the search must find an optimal schedule and record it. */
static void test_schedules_found(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_options *lb2 = options_with("lb2", "dyn", "0");
    char name[8];
    for (int i = 1; i <= 5; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        const test_engine_run run = run_engine(inst, i % 2 ? options : lb2, inst->best_known + 1, ENGINE_GPU, NULL);
        CU_ASSERT_EQUAL(run.status, FSBB_OK);
        CU_ASSERT_EQUAL(run.incumbent, inst->best_known);
        CU_ASSERT(run.found);
        CU_ASSERT_EQUAL(run.schedule_makespan, inst->best_known);
        fsbb_instance_free(inst);
    }
    fsbb_options_free(options);
    fsbb_options_free(lb2);
}

/* From no upper bound the search starts on the CPU (warm_start.h) and the device goes on
 * from the open nodes it hands over: ta001-ta020 reach their optima with LB1 (a budget of
 * 4096 nodes, which the trees of ta011-ta020 exceed: the device runs on those) and
 * ta001-ta005 with LB2; with the default budget the CPU proves the small trees itself. */
static void test_warm_start(void)
{
    fsbb_options *lb1 = options_with("lb1", "dyn", "0"), *lb2 = options_with("lb2", "dyn", "0");
    fsbb_options *defaults = options_with("lb1", "dyn", "0");
    const char *const small_budget[] = {"warm-start", "4096", NULL};
    test_options_set_pairs(lb1, small_budget);
    test_options_set_pairs(lb2, small_budget);
    char name[8];
    int on_device = 0, on_cpu_alone = 0;
    for (int i = 1; i <= 20; i++) {
        snprintf(name, sizeof name, "ta%03d", i);
        fsbb_instance *inst = test_load_instance(name);
        for (int variant = 0; variant < 3; variant++) {
            if (variant == 1 && i > 5)
                continue;
            const fsbb_options *options = variant == 0 ? lb1 : variant == 1 ? lb2 : defaults;
            const test_engine_run run = run_engine(inst, options, INT_MAX, ENGINE_GPU, NULL);
            CU_ASSERT_EQUAL(run.status, FSBB_OK);
            CU_ASSERT_EQUAL(run.stopped, 0);
            CU_ASSERT_EQUAL(run.incumbent, inst->best_known);
            CU_ASSERT_EQUAL(run.schedule_makespan, inst->best_known);
            CU_ASSERT(run.resident_stats.warm_start_nodes > 0);
            if (variant == 0 && i > 10)
                CU_ASSERT(run.resident_stats.iterations > 0);
            on_device += run.resident_stats.iterations > 0;
            on_cpu_alone += run.resident_stats.iterations == 0;
            if (run.incumbent != inst->best_known)
                printf("\n[%s from no upper bound, variant %d: %d, not %d]", name, variant, run.incumbent,
                       inst->best_known);
        }
        fsbb_instance_free(inst);
    }
    printf("\n[ta001-ta020 from no upper bound: %d runs went on on the device, %d ended on the CPU]", on_device,
           on_cpu_alone);
    CU_ASSERT(on_cpu_alone >= 10);
    fsbb_options_free(lb1);
    fsbb_options_free(lb2);
    fsbb_options_free(defaults);
}

/* A node limit stops the search with the open nodes' smallest bound reported. */
static void test_node_limit(void)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "node-limit", "20000", &err) == FSBB_OK);
    fsbb_instance *inst = test_load_instance("ta021");
    const fsbb_resident_tuning tuning = {.batch = 512};
    const test_engine_run run = run_engine(inst, options, inst->best_known, ENGINE_GPU, &tuning);
    CU_ASSERT_EQUAL(run.status, FSBB_OK);
    CU_ASSERT(run.stopped);
    CU_ASSERT(run.limit_reached);
    CU_ASSERT(run.nodes >= 20000);
    CU_ASSERT(run.nodes < 20000 + 3 * 512);
    CU_ASSERT(run.open_lower_bound < inst->best_known);
    fsbb_instance_free(inst);
    fsbb_options_free(options);
}

static fsbb_options *solve_options(const char *node_limit, const char *checkpoint, const char *resume)
{
    fsbb_options *options = options_with("lb1", "dyn", "0");
    fsbb_error err;
    CU_ASSERT(fsbb_options_set(options, "device", "gpu", &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "ub", "opt", &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "node-limit", node_limit, &err) == FSBB_OK);
    CU_ASSERT(fsbb_options_set(options, "checkpoint-interval", "0", &err) == FSBB_OK);
    /* The file mkstemp made is replaced as asked (a solve refuses an existing file else). */
    if (checkpoint) {
        CU_ASSERT(fsbb_options_set(options, "checkpoint", checkpoint, &err) == FSBB_OK);
        CU_ASSERT(fsbb_options_set(options, "overwrite-checkpoint", "on", &err) == FSBB_OK);
    }
    if (resume)
        CU_ASSERT(fsbb_options_set(options, "resume", resume, &err) == FSBB_OK);
    return options;
}

/* Stopped by a node limit with a checkpoint, then resumed: the two runs together branch
 * exactly the tree one CPU run branches, and the second proves the optimum. */
static void test_checkpoint_resume(void)
{
    fsbb_instance *inst = test_load_instance("ta030");
    fsbb_options *lb1 = options_with("lb1", "dyn", "0");
    const test_engine_run cpu = run_engine(inst, lb1, inst->best_known, ENGINE_CPU, NULL);
    char path[] = "/tmp/fsbb-resident-XXXXXX";
    const int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    fsbb_options *first = solve_options("300000", path, NULL), *second = solve_options("0", NULL, path);
    fsbb_result stopped, resumed;
    fsbb_error err;
    CU_ASSERT_EQUAL(fsbb_solve(inst, first, &stopped, &err), FSBB_OK);
    CU_ASSERT_FALSE(stopped.optimal);
    CU_ASSERT(stopped.nodes >= 300000 && stopped.nodes < cpu.nodes);
    CU_ASSERT_EQUAL(fsbb_solve(inst, second, &resumed, &err), FSBB_OK);
    CU_ASSERT(resumed.optimal);
    CU_ASSERT_EQUAL(resumed.makespan, inst->best_known);
    CU_ASSERT_EQUAL(resumed.nodes, cpu.nodes);
    CU_ASSERT_EQUAL(resumed.bounded, cpu.bounded);
    printf("\n[%s stopped at %llu nodes, resumed to %llu; CPU %llu]", inst->name, (unsigned long long)stopped.nodes,
           (unsigned long long)resumed.nodes, (unsigned long long)cpu.nodes);
    fsbb_result_clear(&stopped);
    fsbb_result_clear(&resumed);
    remove(path);
    fsbb_options_free(first);
    fsbb_options_free(second);
    fsbb_options_free(lb1);
    fsbb_instance_free(inst);
}

FSBB_SUITE("gpu_resident",
           {"Taillard 20x5: GPU tree = CPU tree (ub = optimum)", test_taillard_trees},
           {"random instances: optimum, GPU tree = CPU tree, LB1 and LB2", test_random_trees},
           {"LB2, LB2 pair limit, forward and backward: GPU tree = CPU tree", test_lb2_and_directions},
           {"--lb auto from above the optimum: the optimum, each choice of kernels", test_auto_optima},
           {"--lb auto's runs: 1 iteration first, looks of 4, plain runs of 16, doubling while it pays",
            test_auto_run_lengths},
           {"--lb auto's samples: every survivor with lb2, 1 in 16 or fewer where sampled, bad samples refused",
            test_auto_samples},
           {"--lb auto with shadows: the optimum, shadows counted, their subtrees explored", test_auto_shadows},
           {"--lb auto's probes: the CPU reference's counts with every cut probed", test_auto_probes},
           {"spilling pool, tiny batches, graph replay, register caps: same tree", test_spill_and_small_batches},
           {"a pool and batch that grow, in place and by copy: same tree", test_growth},
           {"from above the optimum: optimal schedule recorded", test_schedules_found},
           {"from no upper bound: the CPU starts, the device goes on", test_warm_start},
           {"node limit: stops with the open lower bound", test_node_limit},
           {"checkpoint at a node limit, resume: the same tree in total", test_checkpoint_resume})
