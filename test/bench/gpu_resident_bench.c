/* gpu_resident_bench.c — times the device-resident GPU engine under explicit knobs
 * (resident_search.h), one line per instance, so that launch shapes can be compared inside
 * one run on the GPU machine:
 *     gpu-resident-bench INSTANCE[:UB][,INSTANCE[:UB]...] [batch=N] [block=N] [chunk=N] [registers=N] [sync=N]
 *                        [graph=0|1] [group=8|16|32] [sample=N] [explore=N] [shadow=N] [probe=N] [weight=W]
 *                        [probe_weight=W] [gain=G]
 *                        [overhead=F] [first=N] [look=N] [gap=N] [trace=1] [depths=1]
 *                        [lb=lb1|lb2|auto] [ub=opt|N] [time-limit=S] [node-limit=N]
 * An instance's :UB (digits) gives its upper bound, before the ub knob and the best known.
 * Each line: instance, knobs, search seconds (after setup), setup seconds, nodes, nodes/s,
 * bounds, iterations, syncs, peak pool, spilled nodes, whether the search finished, the
 * launch shape, and with LB2 the share of LB1's survivors LB2 refined, the syncs that ran the
 * refining kernel and (auto) the depths refined at the end; with trace=1, before it a line
 * per run of the search loop (kernel, iterations, nodes, seconds; with auto, after a refining
 * run where the prior turned depths on, what lb_auto.h's rule saw: those depths, those
 * measured off by shadows and by probes, and whether it vetoed them); with depths=1, after it
 * the refining kernels' per-depth counts and what lb_auto.h makes of them. */
#include "error.h"
#include "resident_search.h"
#include "instance.h"
#include "lb_auto.h"
#include "options.h"
#include "search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bench_args {
    fsbb_resident_tuning tuning;
    int depths;  /* depths=1: the refining kernels' per-depth counts after each line */
    fsbb_options *options;
    int ub;  /* 0: best known */
} bench_args;

/* trace=1: a line per run of the search loop. */
static void print_run(void *user, const fsbb_resident_run_note *note)
{
    (void)user;
    const fsbb_lb_auto_outcome *o = &note->decision;
    printf("  run %4lld %-8s %3d iterations %12llu nodes %9.6f s %2d depths on %.9f done", note->run,
           note->refining ? "refining" : "plain", note->iterations, (unsigned long long)note->nodes, note->seconds,
           note->depths_on, note->fraction_done);
    if (o->prior_on > 0)
        printf("  prior %d, off by shadows %d, by probes %d%s", o->prior_on, o->off_by_shadows, o->off_by_probes,
               o->vetoed ? ", veto" : "");
    printf("\n");
}

/* depths=1: per depth bucket, what --lb auto decides from (lb_auto.h): the counts, LB2's cut
 * share and warp-cycles per refinement, the subtree S_x in LB1 candidates, and the prior's
 * saving / cost (gain 1, the stage scale left out); then the shadows kept at the depth, what
 * one saved (LB1 candidates and refinement cycles below it, in LB1 candidates: all of them,
 * including those not done when the search ended) and the measured saving / cost; then the
 * cut children probed at the depth and their LB1 survivors on average (lb_auto.h). */
static void print_depths(const fsbb_resident_depth_stats *st, int n)
{
    const int buckets = fsbb_lb_auto_buckets(n);
    fsbb_lb_auto_depth depth[FSBB_LB_AUTO_DEPTHS];
    int unscheduled[FSBB_LB_AUTO_DEPTHS];
    double subtree[FSBB_LB_AUTO_DEPTHS], child = 0;
    for (int b = 0; b < buckets; b++) {
        depth[b] = (fsbb_lb_auto_depth){.branched = (double)st->branched[b], .survivors = (double)st->survivors[b],
                                        .refined = (double)st->refined[b], .pruned = (double)st->pruned[b],
                                        .lb2_cost = (double)st->lb2_cycles[b]};
        child += (double)st->lb2_cycles[b];
    }
    fsbb_lb_auto_unscheduled(n, unscheduled);
    const double lb1_cost = st->lb1_candidates ? (double)st->lb1_cycles / (double)st->lb1_candidates : 1;
    const fsbb_lb_auto_input in = {.jobs = n, .depths = buckets, .unscheduled = unscheduled, .depth = depth,
                                   .lb1_cost = lb1_cost};
    fsbb_lb_auto_subtrees(&in, subtree);
    printf("  lb1 cycles/candidate %.1f, stage/child cycles %.2f, fed stages %.2f\n", lb1_cost,
           child > 0 ? (double)st->lb2_stage_cycles / child : 0,
           st->lb2_fed_child_cycles ? (double)st->lb2_fed_stage_cycles / (double)st->lb2_fed_child_cycles : 0);
    printf("  %5s %14s %14s %12s %10s %7s %11s %14s %10s %9s %14s %10s %9s %7s\n", "depth", "branched",
           "survivors", "refined", "pruned", "cut %", "cyc/refine", "S_x candidates", "saving/cost", "shadows",
           "saved/shadow", "measured", "probes", "first");
    for (int b = 0; b < buckets; b++) {
        const fsbb_lb_auto_depth *d = &depth[b];
        const double cut = d->refined > 0 ? d->pruned / d->refined : 0;
        const double cost = d->refined > 0 ? d->lb2_cost / d->refined : 0;
        const double shadows = (double)st->shadow_roots[b];
        const double saved = shadows > 0 ? ((double)st->shadow_candidates[b] * lb1_cost +
                                            (double)st->shadow_cycles[b]) / shadows
                                         : 0;
        const double probes = (double)st->probes[b];
        printf("  %5d %14.0f %14.0f %12.0f %10.0f %7.2f %11.0f %14.1f %10.3f %9.0f %14.1f %10.3f %9.0f %7.3f\n", b,
               d->branched, d->survivors, d->refined, d->pruned, 100 * cut, cost, subtree[b] / lb1_cost,
               cost > 0 ? cut * subtree[b] / cost : 0, shadows, saved / lb1_cost, cost > 0 ? cut * saved / cost : 0,
               probes, probes > 0 ? (double)st->probe_children[b] / probes : 0);
    }
}

static int parse_knob(bench_args *args, const char *text)
{
    const char *eq = strchr(text, '=');
    if (!eq)
        return -1;
    const size_t key_length = (size_t)(eq - text);
    const char *value = eq + 1;
    char key[32];
    if (key_length >= sizeof key)
        return -1;
    memcpy(key, text, key_length);
    key[key_length] = '\0';
    fsbb_error err;
    if (strcmp(key, "batch") == 0)
        args->tuning.batch = atoi(value);
    else if (strcmp(key, "block") == 0)
        args->tuning.block_size = atoi(value);
    else if (strcmp(key, "chunk") == 0)
        args->tuning.chunk_candidates = atoi(value);
    else if (strcmp(key, "registers") == 0)
        args->tuning.registers = atoi(value);
    else if (strcmp(key, "sync") == 0)
        args->tuning.iterations_per_sync = atoi(value);
    else if (strcmp(key, "graph") == 0)
        args->tuning.use_graph = atoi(value);
    else if (strcmp(key, "pool") == 0)
        args->tuning.pool_capacity = atoll(value);
    else if (strcmp(key, "group") == 0)
        args->tuning.lb2_group = atoi(value);
    else if (strcmp(key, "sample") == 0)
        args->tuning.auto_sample = atoi(value);
    else if (strcmp(key, "shadow") == 0)
        args->tuning.auto_shadow = atoi(value);
    else if (strcmp(key, "probe") == 0)
        args->tuning.auto_probe = atoi(value);
    else if (strcmp(key, "probe_weight") == 0)
        args->tuning.auto_probe_weight = atof(value);
    else if (strcmp(key, "explore") == 0)
        args->tuning.auto_explore_sample = atoi(value);
    else if (strcmp(key, "gain") == 0)
        args->tuning.auto_gain = atof(value);
    else if (strcmp(key, "weight") == 0)
        args->tuning.auto_shadow_weight = atof(value);
    else if (strcmp(key, "overhead") == 0)
        args->tuning.auto_overhead = atof(value);
    else if (strcmp(key, "first") == 0)
        args->tuning.auto_first_run = atoi(value);
    else if (strcmp(key, "look") == 0)
        args->tuning.auto_look_run = atoi(value);
    else if (strcmp(key, "gap") == 0)
        args->tuning.auto_longest_gap = atoi(value);
    else if (strcmp(key, "depths") == 0)
        args->depths = atoi(value);
    else if (strcmp(key, "trace") == 0)
        args->tuning.on_run = atoi(value) ? print_run : NULL;
    else if (strcmp(key, "ub") == 0)
        args->ub = strcmp(value, "opt") == 0 ? 0 : atoi(value);
    else if (fsbb_options_set(args->options, key, value, &err) != FSBB_OK) {
        fprintf(stderr, "gpu-resident-bench: %s\n", err.message);
        return -1;
    }
    return 0;
}

static int run_one(const char *name, int given_ub, const bench_args *args, const char *knobs)
{
    fsbb_instance *inst = NULL;
    fsbb_error err;
    if (fsbb_instance_load(name, &inst, &err) != FSBB_OK) {
        fprintf(stderr, "gpu-resident-bench: %s\n", err.message);
        return -1;
    }
    fsbb_bound_data data;
    if (fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) != 0 ||
        ((args->options->lb == FSBB_LB2 || args->options->lb == FSBB_LB_AUTO) &&
         fsbb_bound_data_build_pairs(&data, args->options->lb2_pairs, NULL, NULL) != 0)) {
        fsbb_bound_data_free(&data);
        fsbb_instance_free(inst);
        return -1;
    }
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    fsbb_search search;
    const int ub = given_ub > 0      ? given_ub
                   : args->ub > 0    ? args->ub
                   : inst->best_known > 0 ? inst->best_known
                                          : INT_MAX;
    fsbb_resident_stats stats = {0};
    const fsbb_status status = fsbb_search_init(&search, &data, args->options, 1, ub, &interrupt) != 0
                                   ? fsbb_fail(&err, FSBB_ERR_MEMORY, "out of memory for the incumbent")
                                   : fsbb_search_gpu_resident_tuned(&search, &args->tuning, &stats, &err);
    if (status != FSBB_OK)
        fprintf(stderr, "gpu-resident-bench: %s: %s\n", name, err.message);
    else {
        const unsigned long long nodes = atomic_load(&search.nodes);
        const unsigned long long survivors = atomic_load(&search.lb1_survivors);
        const double refined = survivors ? (double)atomic_load(&search.lb2_refined) / (double)survivors : 0.0;
        char depths[FSBB_RESIDENT_DEPTH_BUCKETS + 1] = "";
        for (int b = 0; b <= inst->n && b < FSBB_RESIDENT_DEPTH_BUCKETS && args->options->lb == FSBB_LB_AUTO; b++)
            depths[b] = stats.refine[b] ? '+' : '.';
        printf("%-6s %-28s %10.6f %6.3f %13llu %11.4g %15llu %7lld %6lld %10lld %9lld %s b%d g%d t%d r%.3f k%lld %s\n",
               name,
               knobs, stats.search_s, stats.setup_s, nodes, stats.search_s > 0 ? (double)nodes / stats.search_s : 0.0,
               (unsigned long long)atomic_load(&search.bounded), stats.iterations, stats.syncs, stats.peak_pool,
               stats.spilled_nodes, atomic_load(&search.stop) ? "stopped" : "done", stats.batch, stats.grid_size,
               stats.block_size, refined, stats.refining_syncs, depths);
        if (args->depths && args->options->lb != FSBB_LB1)
            print_depths(&stats.depth, inst->n);
        fflush(stdout);
    }
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    fsbb_instance_free(inst);
    return status == FSBB_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gpu-resident-bench INSTANCE[:UB][,INSTANCE[:UB]...] [knob=value...]\n");
        return 2;
    }
    bench_args args = {.options = fsbb_options_new()};
    char knobs[256] = "";
    for (int i = 2; i < argc; i++) {
        if (parse_knob(&args, argv[i]) != 0) {
            fprintf(stderr, "gpu-resident-bench: bad knob '%s'\n", argv[i]);
            return 2;
        }
        if (strlen(knobs) + strlen(argv[i]) + 2 < sizeof knobs) {
            if (knobs[0])
                strcat(knobs, ",");
            strcat(knobs, argv[i]);
        }
    }
    if (!knobs[0])
        strcpy(knobs, "defaults");
    int failures = 0;
    char *names = strdup(argv[1]);
    for (char *name = strtok(names, ","); name; name = strtok(NULL, ",")) {
        char *colon = strrchr(name, ':');
        int given_ub = 0;
        if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1)) {
            given_ub = atoi(colon + 1);
            *colon = '\0';
        }
        failures += run_one(name, given_ub, &args, knobs) != 0;
    }
    free(names);
    fsbb_options_free(args.options);
    return failures ? 1 : 0;
}
