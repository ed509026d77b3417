/* resident_search_cuda.c — the device-resident GPU engine's search loop
 * (fsbb_search_gpu_resident). The nodes stay in device memory (resident_device.h); the
 * host launches a few iterations at a time and between them reads only the counters, the
 * incumbent and the pool size: it publishes the counters, checks the limits and the
 * interrupt (fsbb_search_should_stop), offers improved schedules, lowers the device's
 * incumbent to the search's when a schedule found elsewhere beat it, saves checkpoints when
 * due, and ends when no open node is left. Stopped early, it reports the smallest open
 * bound. A resumed search starts from the checkpoint's open nodes instead of the root; a
 * search without an upper bound starts on the CPU (warm_start.h) and continues from the
 * open nodes it leaves. With --lb auto it turns LB2 on and off per depth between runs, by
 * the rule of lb_auto.h on the device's per-depth counts and on what a cut saved below the
 * shadows it kept, and runs the plain LB1 kernel
 * while the depths turned on do not pay for the refining kernel (auto_after_run); its first
 * refining run and its looks after plain runs are short, growing while refining pays, and a
 * depth not decided yet refines a sample of its survivors. With a
 * party (work_exchange.h, resident_party.h) it trades nodes between runs, takes more instead
 * of ending, and saves no checkpoint (the party does). Without one, its census (the open
 * tree's progress, search.h) counts the device's nodes between runs. */
#include "resident_search.h"

#include "census.h"
#include "checkpoint.h"
#include "error.h"
#include "lb1.h"
#include "lb2.h"
#include "lb_auto.h"
#include "resident_party.h"
#include "warm_start.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The root with its bound, as search_cpu.c makes it (its LB1 counts as one bound). */
static fsbb_node *make_root(const fsbb_bound_data *d, fsbb_lb_kind lb, fsbb_error *err)
{
    fsbb_node *root = calloc(1, fsbb_node_size(d->n));
    if (!root) {
        fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for the root node");
        return NULL;
    }
    if (fsbb_search_root(d, lb, root, err) != FSBB_OK) {
        free(root);
        return NULL;
    }
    return root;
}

/* The device's settings; its node limit counts from nodes_done (a resumed search's). */
static fsbb_resident_config config_for(const fsbb_search *search, const fsbb_resident_tuning *tuning,
                                       uint64_t nodes_done)
{
    const fsbb_options *options = search->options;
    const uint64_t limit = options->node_limit;
    fsbb_resident_config config = {
        .lb = options->lb,
        .branch = options->branch,
        .node_limit = limit == 0 ? 0 : limit > nodes_done ? limit - nodes_done : 1,
    };
    if (tuning)
        config.tuning = *tuning;
    if (config.tuning.pool_capacity <= 0)
        config.tuning.pool_capacity = options->pool_size;
    if (config.tuning.block_size <= 0)
        config.tuning.block_size = options->block_size;
    return config;
}

/* Saves every open node to search->checkpoint_path (the device is idle). */
static void save_checkpoint(fsbb_search *search, fsbb_resident_device *device, int final)
{
    unsigned char *nodes = NULL;
    size_t count = 0;
    fsbb_error err;
    if (fsbb_resident_device_export(device, &nodes, &count, &err) != FSBB_OK) {
        fsbb_search_report_checkpoint(search, err.code, err.message, 0, 0, final);
        return;
    }
    fsbb_search_checkpoint(search, (const fsbb_node *)nodes, count, fsbb_node_size(search->data->n), final);
    free(nodes);
}

/* Offers the device's recorded schedule when it beats what the search holds. */
static fsbb_status offer_record(fsbb_search *search, fsbb_resident_device *device, int makespan, fsbb_job *schedule,
                                fsbb_error *err)
{
    if (makespan >= atomic_load(&search->incumbent))
        return FSBB_OK;
    const fsbb_status status = fsbb_resident_device_record(device, schedule, err);
    if (status == FSBB_OK)
        fsbb_search_offer(search, makespan, schedule);
    return status;
}

/* --lb auto: the refining kernel's extra cost over the plain LB1 kernel where it refines
 * nothing, as a share of the search's work (H100, ta023 with every depth off and the sample:
 * 1.935 s of search against 1.720 s), and the most plain runs between two refining runs. */
#define REFINING_OVERHEAD 0.12
enum { MOST_PLAIN_RUNS = 64 };
/* --lb auto: iterations of the first refining run, and of a refining run that looks again
 * after plain runs; a refining run that pays doubles the next one's up to the full run. A
 * look runs the refining kernel's overhead over all of its nodes, and before the sampled
 * exploration below the first runs refined every survivor of every depth: short runs bound
 * both by the search done so far, which decides short solves (ta030: 16 full iterations
 * cover most of its 2.3 M nodes). */
enum { FIRST_REFINING_RUN = 1, LOOK_RUN = 4, LONGEST_RUN = 1 << 16 };
/* --lb auto: lb_auto.h's gain in this engine. The rule weighs one depth at a time against
 * the others as they are, and LB2 at neighbouring depths pays together: on r20x20_2020019
 * (LB2 proves it 4.1x faster than LB1), the counts of a search with LB2 everywhere keep
 * depths 1-17 on, those of a search with the depths off keep them off. A gain above 1 lets
 * a depth switch on ahead of its neighbours. Search seconds, gpu-resident-bench on the H100,
 * min of 2 (results/lb-auto/gain/): gain 0.5: ta021-ta030 2.643 (LB1 2.632), r20x20_2020019
 * 6.339 and r20x20_2020032 2.942 (LB2 1.522 and 1.621); gain 4: 2.674, 1.984 and 1.891;
 * gain 8: 3.299, 1.688, 1.696. The same gain weighs the savings in the refining kernel's
 * choice (fsbb_lb_auto_refining_pays, against REFINING_OVERHEAD): the sweeps measured the two
 * together. */
#define RESIDENT_AUTO_GAIN 4.0
/* --lb auto: the refine stage's scale (stage cycles per refinement cycle) where no stage was
 * fed yet: H100, LB2 at every depth, 1.13-1.16 (results/lb-auto/gain/, call 4). */
#define FED_STAGE_SCALE 1.15
/* --lb auto: 1 in this many LB1 survivors is refined at a depth turned off (a refinement
 * costs tens of LB1 candidates; the estimates need only hundreds per depth), and at a depth
 * not decided yet: lb_auto.h's evidence, 64 refinements among 1024 survivors, is in with
 * the 1024th survivor, without LB2 on every survivor of a depth while it is measured (H100,
 * ta024: the first refining runs with every survivor refined took 9.3 ms for 2.6 M nodes,
 * the plain kernel 2 ms for 3.4 M). */
enum { OFF_SAMPLE = 1024, EXPLORE_SAMPLE = 16 };
/* --lb auto: 1 in SHADOW_SPACING of the survivors LB2 would cut is kept as a shadow, at
 * every depth, and the work below it measures what a cut saves (lb_auto.h's veto): at a
 * depth turned off every cut of its sample (1 in OFF_SAMPLE survivors), so that it goes on
 * measuring; where on, 1 in SHADOW_SPACING cuts, a cost of that share of what LB2 saves
 * there. A shadow root counts once n iterations (n jobs) have passed since the run that
 * made it: its subtree is explored depth first, a level an iteration, and is done by then.
 * H100, search seconds summed over ta021-ta030 (UB = optimum), least of 2: 2.050 with
 * shadows against 2.107 without and LB1's 2.013; over 25 random instances 3.856 against
 * 3.837 (results/lb-auto/gain/, "The veto"). */
enum { SHADOW_SPACING = 1024, SHADOW_SNAPSHOTS = 32 };
/* --lb auto: 1 in PROBE_SPACING of the survivors LB2 would cut is probed, at every depth (its
 * own LB1 survivors counted at once, lb_auto.h): where on, 1 in 256 cuts; sampled 1 in 16
 * (not decided yet), 1 in 16 of the cuts refined; off, every one. The probes of a refine
 * stage run after it, the block waiting: with 1 in 16, the pair of instances where LB2
 * pays took about 5 % longer, with 1 in 256 1.5-2 % (H100, results/lb-auto/gain/,
 * "Session 20"); that time is in no cost the rule weighs. */
enum { PROBE_SPACING = 256 };

/* The shadow roots made by the end of a refining run. */
typedef struct shadow_snapshot {
    long long iterations;     /* iterations done at the run's end */
    unsigned long long roots[FSBB_RESIDENT_DEPTH_BUCKETS];
} shadow_snapshot;

/* --lb auto between runs: the per-depth switches, and which kernel runs. The plain kernel
 * runs while the depths switched on do not save the refining kernel's overhead; a refining
 * run after 1, 2, 4 ... plain runs (up to most_plain_runs) looks again (LB2 on a sample of the
 * survivors at every depth, on all of them at the depths switched on). */
typedef struct lb_auto_runs {
    int refine[FSBB_RESIDENT_DEPTH_BUCKETS];  /* lb_auto.h's switches */
    int sample[FSBB_RESIDENT_DEPTH_BUCKETS];  /* a refining run refines 1 in sample[b] survivors */
    int whole[FSBB_RESIDENT_DEPTH_BUCKETS];   /* refined in full until decided: too few children to sample */
    int off_sample, explore_sample;
    int shadow_spacing;               /* set_refine's (0: no shadows) */
    int probe_spacing;                /* set_refine's (0: no probes) */
    double gain, shadow_weight, probe_weight;  /* lb_auto.h's (the weights 0: its defaults) */
    fsbb_lb_auto_outcome decision;    /* what the last decision saw (for a tracer) */
    double overhead;                  /* the refining kernel's */
    shadow_snapshot snapshots[SHADOW_SNAPSHOTS];  /* after the last refining runs, a ring */
    int snapshot_count;               /* snapshots taken in all */
    fsbb_resident_depth_stats seen;   /* the counts after the previous refining run */
    int refining;                     /* the kernel of the next run */
    int plain_left, gap;              /* plain runs before the next refining run; the next gap */
    int refining_length;              /* iterations of the next refining run (0: a full run) */
    int look_length;                  /* iterations of a refining run after plain runs (0: full) */
    int most_plain_runs;              /* the longest gap */
    uint64_t plain_nodes;             /* nodes branched by plain runs (each one a survivor of LB1) */
} lb_auto_runs;

/* lb_auto.h's input from the device's counts, cycles the unit of cost; recent (when not
 * NULL) gets the counts since `since`; shadow_roots (NULL: none) are the shadow roots
 * whose subtrees are done. */
static void auto_input(const fsbb_resident_depth_stats *stats, const fsbb_resident_depth_stats *since,
                       const unsigned long long *shadow_roots, int n, const lb_auto_runs *runs,
                       fsbb_lb_auto_depth *depth, fsbb_lb_auto_depth *recent, int *unscheduled,
                       fsbb_lb_auto_input *input)
{
    const int buckets = fsbb_lb_auto_buckets(n);
    fsbb_lb_auto_unscheduled(n, unscheduled);
    memset(depth, 0, sizeof(fsbb_lb_auto_depth) * FSBB_RESIDENT_DEPTH_BUCKETS);
    if (recent)
        memset(recent, 0, sizeof(fsbb_lb_auto_depth) * FSBB_RESIDENT_DEPTH_BUCKETS);
    /* The refine stage's idle lanes count too: each refinement's cycles are scaled up to the
     * stage's total. For the per-depth decisions (depth[]), by the fed stages (resident_device.h),
     * as a depth refined in full would (a sampled depth leaves a stage one or two children,
     * and its lanes idle behind them: counted so, LB2 looked several times dearer than it is
     * where it is on); none yet, by FED_STAGE_SCALE. For the refining kernel's
     * choice (recent), by every stage, as they ran. */
    double child_cycles = 0;
    for (int b = 0; b < buckets; b++)
        child_cycles += (double)stats->lb2_cycles[b];
    const double ratio = child_cycles > 0 ? (double)stats->lb2_stage_cycles / child_cycles : 1;
    const double scale = ratio > 1 ? ratio : 1;
    const double fed_ratio = stats->lb2_fed_child_cycles > 0
                                 ? (double)stats->lb2_fed_stage_cycles / (double)stats->lb2_fed_child_cycles
                                 : FED_STAGE_SCALE;
    const double fed_scale = fed_ratio > 1 ? fed_ratio : 1;
    const double lb1_cost = stats->lb1_candidates ? (double)stats->lb1_cycles / (double)stats->lb1_candidates : 1;
    for (int b = 0; b < buckets; b++) {
        depth[b] = (fsbb_lb_auto_depth){
            .branched = (double)stats->branched[b], .survivors = (double)stats->survivors[b],
            .refined = (double)stats->refined[b], .pruned = (double)stats->pruned[b],
            .lb2_cost = (double)stats->lb2_cycles[b] * fed_scale,
            .shadows = shadow_roots ? (double)shadow_roots[b] : 0,
            .shadow_cost = (double)stats->shadow_candidates[b] * lb1_cost +
                           (double)stats->shadow_cycles[b] * fed_scale,
            .probes = (double)stats->probes[b], .probe_children = (double)stats->probe_children[b]};
        if (recent)
            recent[b] = (fsbb_lb_auto_depth){
                .branched = (double)(stats->branched[b] - since->branched[b]),
                .survivors = (double)(stats->survivors[b] - since->survivors[b]),
                .refined = (double)(stats->refined[b] - since->refined[b]),
                .pruned = (double)(stats->pruned[b] - since->pruned[b]),
                .lb2_cost = (double)(stats->lb2_cycles[b] - since->lb2_cycles[b]) * scale};
    }
    *input = (fsbb_lb_auto_input){.jobs = n, .depths = buckets, .unscheduled = unscheduled, .depth = depth,
                                  .lb1_cost = lb1_cost, .gain = runs->gain, .shadow_weight = runs->shadow_weight,
                                  .probe_weight = runs->probe_weight};
}

/* --lb auto's sample per depth bucket (lb_auto.h's fsbb_lb_auto_sample). */
static void auto_samples(const lb_auto_runs *runs, const fsbb_lb_auto_depth *depth, int *sample)
{
    for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++)
        sample[b] = fsbb_lb_auto_sample(&depth[b], runs->refine[b], runs->whole[b], runs->explore_sample,
                                        runs->off_sample, 0);
}

/* A tuning's spacing of shadows or probes: 0 the default, negative none (0), else as given. */
static int tuned_spacing(int asked, int default_spacing)
{
    return asked == 0 ? default_spacing : asked < 0 ? 0 : asked;
}

/* --lb auto's first settings for n jobs: no depth is decided, and each samples its
 * survivors or, too small to sample, refines them all (fsbb_lb_auto_whole); the sample
 * knobs checked before the search starts. */
static fsbb_status auto_start(lb_auto_runs *runs, int n, const fsbb_resident_tuning *tuning, fsbb_error *err)
{
    runs->off_sample = tuning && tuning->auto_sample > 0 ? tuning->auto_sample : OFF_SAMPLE;
    runs->explore_sample = tuning && tuning->auto_explore_sample > 0 ? tuning->auto_explore_sample : EXPLORE_SAMPLE;
    runs->gain = tuning && tuning->auto_gain > 0 ? tuning->auto_gain : RESIDENT_AUTO_GAIN;
    runs->overhead = tuning && tuning->auto_overhead != 0 ? tuning->auto_overhead : REFINING_OVERHEAD;
    runs->shadow_weight = tuning ? tuning->auto_shadow_weight : 0;
    runs->probe_weight = tuning ? tuning->auto_probe_weight : 0;
    runs->shadow_spacing = tuned_spacing(tuning ? tuning->auto_shadow : 0, SHADOW_SPACING);
    runs->probe_spacing = tuned_spacing(tuning ? tuning->auto_probe : 0, PROBE_SPACING);
    if (!fsbb_resident_sample_valid(runs->off_sample))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--lb auto's sample where a depth is off must be 1 in a power of 2 "
                         "up to %d (got %d)", FSBB_RESIDENT_MAX_SAMPLE, runs->off_sample);
    if (!fsbb_resident_sample_valid(runs->explore_sample))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--lb auto's sample where a depth is not decided must be 1 in a "
                         "power of 2 up to %d (got %d)", FSBB_RESIDENT_MAX_SAMPLE, runs->explore_sample);
    if (runs->shadow_spacing && !fsbb_resident_sample_valid(runs->shadow_spacing))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--lb auto keeps 1 in a power of 2 up to %d cut children as "
                         "shadows (got %d)", FSBB_RESIDENT_MAX_SAMPLE, runs->shadow_spacing);
    if (runs->probe_spacing && !fsbb_resident_sample_valid(runs->probe_spacing))
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "--lb auto probes 1 in a power of 2 up to %d cut children "
                         "(got %d)", FSBB_RESIDENT_MAX_SAMPLE, runs->probe_spacing);
    const fsbb_lb_auto_depth no_evidence[FSBB_RESIDENT_DEPTH_BUCKETS] = {{0}};
    for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++) {
        runs->whole[b] = fsbb_lb_auto_whole(b, n, runs->explore_sample, 0);
        runs->refine[b] = runs->whole[b] || runs->explore_sample == 1;
    }
    auto_samples(runs, no_evidence, runs->sample);
    return FSBB_OK;
}

/* After a refining run that ended with `iterations` done: its snapshot of the shadow roots,
 * and the roots whose subtrees are done (those of the last snapshot n iterations old; NULL
 * when there is none). */
static const unsigned long long *auto_done_shadows(lb_auto_runs *runs, const fsbb_resident_depth_stats *stats,
                                                   long long iterations, int n)
{
    if (!runs->shadow_spacing)
        return NULL;
    shadow_snapshot *taken = &runs->snapshots[runs->snapshot_count++ % SHADOW_SNAPSHOTS];
    taken->iterations = iterations;
    memcpy(taken->roots, stats->shadow_roots, sizeof taken->roots);
    const int kept = runs->snapshot_count < SHADOW_SNAPSHOTS ? runs->snapshot_count : SHADOW_SNAPSHOTS;
    for (int back = 1; back <= kept; back++) {
        const shadow_snapshot *s = &runs->snapshots[(runs->snapshot_count - back) % SHADOW_SNAPSHOTS];
        if (s->iterations <= iterations - n)
            return s->roots;
    }
    return NULL;
}

/* After a run with --lb auto: after a refining run, the switches from the counts (lb_auto.h)
 * and whether the refining kernel pays for the next runs; after a plain run, whether the
 * next one looks again. */
static fsbb_status auto_after_run(fsbb_resident_device *device, const fsbb_resident_depth_stats *stats, int n,
                                  uint64_t run_nodes, long long iterations, lb_auto_runs *runs, fsbb_error *err)
{
    if (!runs->refining) {
        runs->plain_nodes += run_nodes;
        if (--runs->plain_left <= 0) {
            runs->refining = 1;
            fsbb_resident_device_use_refining(device, 1);
            fsbb_resident_device_set_run_length(device, runs->refining_length);
        }
        return FSBB_OK;
    }
    fsbb_lb_auto_depth depth[FSBB_RESIDENT_DEPTH_BUCKETS], recent[FSBB_RESIDENT_DEPTH_BUCKETS];
    int unscheduled[FSBB_RESIDENT_DEPTH_BUCKETS], next[FSBB_RESIDENT_DEPTH_BUCKETS];
    fsbb_lb_auto_input input;
    auto_input(stats, &runs->seen, auto_done_shadows(runs, stats, iterations, n), n, runs, depth, recent, unscheduled,
               &input);
    fsbb_lb_auto_decide_noted(&input, runs->refine, &runs->decision);
    auto_samples(runs, depth, next);
    runs->seen = *stats;
    if (memcmp(next, runs->sample, sizeof next) != 0) {
        memcpy(runs->sample, next, sizeof next);
        const fsbb_status status = fsbb_resident_device_set_refine(device, runs->sample, runs->shadow_spacing,
                                                                   runs->probe_spacing, err);
        if (status != FSBB_OK)
            return status;
    }
    if (fsbb_lb_auto_refining_pays(&input, recent, runs->refine, runs->overhead)) {
        runs->gap = 1;
        if (runs->refining_length > 0)
            runs->refining_length = runs->refining_length < LONGEST_RUN ? runs->refining_length * 2 : 0;
        fsbb_resident_device_set_run_length(device, runs->refining_length);
        return FSBB_OK;
    }
    runs->refining_length = runs->look_length;
    runs->plain_left = runs->gap;
    runs->gap = runs->gap * 2 < runs->most_plain_runs ? runs->gap * 2 : runs->most_plain_runs;
    runs->refining = 0;
    fsbb_resident_device_use_refining(device, 0);
    fsbb_resident_device_set_run_length(device, 0);
    return FSBB_OK;
}

/* The refined share of the search for the result and the progress line: children LB2
 * refined, and children LB1 kept (counted by the refining kernel; the plain kernel's are the
 * nodes it branched), and the depth buckets refining. */
static void note_refined(fsbb_search *search, const fsbb_resident_depth_stats *stats, const lb_auto_runs *runs)
{
    uint64_t refined = 0, survivors = runs->plain_nodes;
    int depths = 0;
    for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++) {
        refined += stats->refined[b];
        survivors += stats->survivors[b];
        depths += runs->refining && runs->refine[b] && b < fsbb_lb_auto_buckets(search->data->n);
    }
    atomic_store(&search->lb2_refined, refined);
    atomic_store(&search->lb1_survivors, survivors);
    atomic_store(&search->lb2_depths, depths);
}

/* The engine's census (search.h), between runs (the device idle): -1 on a CUDA error, which
 * the next run reports. */
static int device_census(void *data, fsbb_census *census)
{
    fsbb_error err;
    return fsbb_resident_device_census(data, census, &err) == FSBB_OK ? 0 : -1;
}

/* For a tracer: the share of the tree done (census.h), from the device's open nodes; -1
 * where it could not be counted. */
static double traced_fraction_done(fsbb_resident_device *device, int n)
{
    fsbb_census census;
    fsbb_error err;
    double done = -1;
    if (fsbb_census_init(&census, n) == 0 && fsbb_resident_device_census(device, &census, &err) == FSBB_OK)
        done = fsbb_census_fraction_done(&census);
    fsbb_census_free(&census);
    return done;
}

/* Where the device starts: the nodes the warm start handed over, a checkpoint's open
 * nodes, or the root (made here; *root to free). */
static fsbb_status starting_nodes(const fsbb_search *search, const fsbb_open_nodes *warm, fsbb_open_nodes *start,
                                  fsbb_node **root, fsbb_error *err)
{
    const fsbb_checkpoint *resume = search->resume;
    *root = NULL;
    if (warm->count > 0) {
        *start = *warm;
    } else if (resume) {
        *start = (fsbb_open_nodes){.nodes = resume->open_nodes, .count = resume->open_count,
                                   .stride = resume->node_stride};
    } else {
        *root = make_root(search->data, search->options->lb, err);
        if (!*root)
            return FSBB_ERR_MEMORY;
        *start = (fsbb_open_nodes){.nodes = (unsigned char *)*root, .count = 1,
                                   .stride = fsbb_node_size(search->data->n)};
    }
    return FSBB_OK;
}

fsbb_status fsbb_search_gpu_resident_tuned(fsbb_search *search, const fsbb_resident_tuning *tuning,
                                           fsbb_resident_stats *stats, fsbb_error *err)
{
    if (search->custom_bound_count > 0)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "the resident GPU engine does not run custom bounds");
    if (stats)
        memset(stats, 0, sizeof *stats);
    fsbb_open_nodes warm = {0};
    const uint64_t warm_budget = search->options->warm_start_nodes;
    if (atomic_load(&search->incumbent) == INT_MAX && warm_budget > 0 && !search->party) {
        const double warm_start = fsbb_now();
        const uint64_t nodes_at_start = atomic_load(&search->nodes);
        const fsbb_status warmed = fsbb_warm_start(search, warm_budget, &warm, err);
        if (stats) {
            stats->warm_start_s = fsbb_now() - warm_start;
            stats->warm_start_nodes = (long long)(atomic_load(&search->nodes) - nodes_at_start);
        }
        if (warmed != FSBB_OK || warm.count == 0)
            return warmed;
    }
    const double setup_start = fsbb_now();
    const fsbb_bound_data *d = search->data;
    const uint64_t nodes_before = atomic_load(&search->nodes), bounded_before = atomic_load(&search->bounded);
    const fsbb_resident_config config = config_for(search, tuning, nodes_before);
    fsbb_resident_device *device = NULL;
    fsbb_job *schedule = malloc(sizeof(fsbb_job) * (size_t)d->n);
    fsbb_open_nodes start = {0};
    fsbb_node *root = NULL;
    fsbb_status status = schedule ? starting_nodes(search, &warm, &start, &root, err)
                                  : fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for a schedule");
    if (status == FSBB_OK)
        status = fsbb_resident_device_new(d, &config, atomic_load(&search->incumbent), &device, err);
    if (status == FSBB_OK)
        status = fsbb_resident_device_push(device, (const fsbb_node *)start.nodes, start.stride, start.count, err);
    free(warm.nodes);
    const uint64_t root_bound = root ? 1 : 0;
    const double interval = search->checkpoint_path && !search->party ? search->checkpoint_interval_s : 0;
    double checkpoint_due = fsbb_now() + interval;

    const double search_start = fsbb_now();
    search->gpu_startup_s = search_start - search->start_time;
    /* With a party the device holds part of the tree only. */
    const int census = status == FSBB_OK && !search->party;
    if (census)
        fsbb_search_set_census(search, device_census, device);
    fsbb_resident_state state = {0};
    long long syncs = 0, peak = 0;
    int stopped = 0;
    const int first_run = tuning && tuning->auto_first_run ? tuning->auto_first_run : FIRST_REFINING_RUN;
    const int look_run = tuning && tuning->auto_look_run ? tuning->auto_look_run : LOOK_RUN;
    lb_auto_runs runs = {.refining = 1, .gap = 1, .refining_length = first_run > 0 ? first_run : 0,
                         .look_length = look_run > 0 ? look_run : 0,
                         .most_plain_runs = tuning && tuning->auto_longest_gap > 0 ? tuning->auto_longest_gap
                                                                                  : MOST_PLAIN_RUNS};
    if (status == FSBB_OK && config.lb == FSBB_LB_AUTO) {
        status = auto_start(&runs, d->n, tuning, err);
        fsbb_resident_device_set_run_length(device, runs.refining_length);
        if (status == FSBB_OK)
            status = fsbb_resident_device_set_refine(device, runs.sample, runs.shadow_spacing, runs.probe_spacing, err);
    }
    long long refining_syncs = 0;
    while (status == FSBB_OK) {
        const uint64_t nodes_at_run = state.nodes;
        const int tracing = tuning && tuning->on_run;
        const int refining_run = config.lb == FSBB_LB_AUTO ? runs.refining : config.lb == FSBB_LB2;
        const double run_start = tracing ? fsbb_now() : 0;
        fsbb_resident_shape before;
        if (tracing)
            fsbb_resident_device_shape(device, &before);
        refining_syncs += runs.refining;
        status = fsbb_resident_device_run(device, &state, err);
        if (status != FSBB_OK)
            break;
        syncs++;
        if (state.depth && config.lb == FSBB_LB_AUTO) {
            fsbb_resident_shape shape;
            fsbb_resident_device_shape(device, &shape);
            status = auto_after_run(device, state.depth, d->n, state.nodes - nodes_at_run, shape.iterations, &runs,
                                    err);
            if (status != FSBB_OK)
                break;
        }
        if (tracing) {
            fsbb_resident_shape after;
            fsbb_resident_device_shape(device, &after);
            int on = 0;
            for (int b = 0; b < fsbb_lb_auto_buckets(d->n); b++)
                on += config.lb == FSBB_LB_AUTO && runs.refining && runs.refine[b] != 0;
            const double seconds = fsbb_now() - run_start;
            const fsbb_resident_run_note note = {.run = syncs, .refining = refining_run,
                                                 .iterations = (int)(after.iterations - before.iterations),
                                                 .depths_on = on, .nodes = state.nodes - nodes_at_run,
                                                 .seconds = seconds,
                                                 .fraction_done = traced_fraction_done(device, d->n),
                                                 .decision = refining_run ? runs.decision
                                                                          : (fsbb_lb_auto_outcome){0}};
            tuning->on_run(tuning->on_run_user, &note);
        }
        if (state.depth)
            note_refined(search, state.depth, &runs);
        peak = state.device_nodes > peak ? state.device_nodes : peak;
        atomic_store(&search->nodes, nodes_before + state.nodes);
        atomic_store(&search->bounded, bounded_before + root_bound + state.bounded);
        status = offer_record(search, device, state.record_makespan, schedule, err);
        if (status == FSBB_OK && search->party)
            status = fsbb_resident_party_serve(search, device, &state, err);
        /* A schedule found off the device (the heuristic workers) bounds its next runs. */
        if (status == FSBB_OK)
            status = fsbb_resident_device_lower_incumbent(device, atomic_load(&search->incumbent), err);
        if (status != FSBB_OK)
            break;
        if (state.device_nodes + state.host_nodes == 0) {
            int took = 0;
            if (search->party)
                status = fsbb_resident_party_take(search, device, &took, err);
            stopped = search->party && !took && atomic_load(&search->stop);
            if (took)
                continue;
            break;
        }
        if (fsbb_search_should_stop(search)) {
            stopped = 1;
            break;
        }
        if (interval > 0 && fsbb_now() >= checkpoint_due) {
            save_checkpoint(search, device, 0);
            checkpoint_due = fsbb_now() + interval;
        }
    }
    if (census)
        fsbb_search_end_census(search, status == FSBB_OK);
    if (status == FSBB_OK && search->party) {
        if (stopped)
            status = fsbb_resident_party_give_back(search, device, err);
    } else if (status == FSBB_OK && search->checkpoint_path) {
        save_checkpoint(search, device, 1);
    }
    if (status == FSBB_OK && stopped && !search->party) {
        int open = INT_MAX;
        status = fsbb_resident_device_open_min(device, &open, err);
        if (status == FSBB_OK && open < INT_MAX)
            fsbb_search_note_open(search, open);
    }
    if (stats && device) {
        fsbb_resident_shape shape;
        fsbb_resident_device_shape(device, &shape);
        stats->iterations = shape.iterations;
        stats->syncs = syncs;
        stats->spilled_nodes = shape.spilled_nodes;
        stats->peak_pool = peak;
        stats->pool_capacity = shape.capacity;
        stats->batch = shape.batch;
        stats->block_size = shape.block_size;
        stats->grid_size = shape.grid_size;
        stats->setup_s = search_start - setup_start;
        stats->search_s = fsbb_now() - search_start;
        stats->refining_syncs = config.lb == FSBB_LB1 ? 0 : config.lb == FSBB_LB2 ? syncs : refining_syncs;
        for (int b = 0; b < FSBB_RESIDENT_DEPTH_BUCKETS; b++)
            stats->refine[b] = runs.refine[b];
        if (state.depth)
            stats->depth = *state.depth;
    }
    fsbb_resident_device_free(device);
    free(root);
    free(schedule);
    return status;
}

fsbb_status fsbb_search_gpu_resident(fsbb_search *search, fsbb_error *err)
{
    return fsbb_search_gpu_resident_tuned(search, NULL, NULL, err);
}
