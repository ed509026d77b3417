/* test_lb_auto.c — the rule of --lb auto (bounds/lb_auto.h) on made-up per-depth counts: it
 * refines where LB2 cuts often enough to pay for itself against the subtree it saves, not
 * where it rarely cuts or where the subtree is a leaf, and leaves a depth as it was until
 * the evidence is there; the refining kernel's choice (pays only where the depths switched
 * on save more than its overhead); the veto of what cuts were measured to save below
 * shadows, and by probes (the recursion over their first generations); the depth buckets;
 * and the CPU engine's merge of its threads' counts (cpu_lb_auto.h). */
#include "suites.h"
#include "cpu_lb_auto.h"
#include "lb_auto.h"

#include <string.h>

enum { JOBS = 20, DEPTHS = JOBS + 1 };

/* A tree whose depth x has 10^x branched nodes up to depth 6, then a constant 10^6 nodes a
 * depth (so the subtrees below shallow depths are large), every depth with plenty of
 * survivors; LB2 costs lb2_cost per refinement and cuts a share cut of them. */
static void counts(fsbb_lb_auto_depth *depth, int *unscheduled, double cut, double lb2_cost)
{
    double nodes = 1;
    for (int x = 0; x < DEPTHS; x++) {
        unscheduled[x] = JOBS - x;
        depth[x] = (fsbb_lb_auto_depth){.branched = nodes, .survivors = 1e5 + 3 * nodes, .refined = 1e5,
                                        .pruned = cut * 1e5, .lb2_cost = lb2_cost * 1e5};
        nodes = nodes < 1e6 ? nodes * 10 : nodes;
    }
}

static int decide(const fsbb_lb_auto_depth *depth, const int *unscheduled, int *refine)
{
    const fsbb_lb_auto_input input = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled, .depth = depth,
                                      .lb1_cost = 1, .gain = 0};
    return fsbb_lb_auto_decide(&input, refine);
}

static void test_pays_where_subtrees_are_large(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 0.3, 60);
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    decide(depth, unscheduled, refine);
    /* Depth 0's subtree holds the whole tree; the last depths' are a few LB1 candidates. */
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
    CU_ASSERT_EQUAL(refine[JOBS - 1], 0);
    CU_ASSERT_EQUAL(refine[JOBS - 2], 0);
}

static void test_rare_cuts_do_not_pay(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 1e-7, 60);
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 1;
    CU_ASSERT_EQUAL(decide(depth, unscheduled, refine), 0);
}

/* Every survivor at the leaf depth cut, so no node branched there: still a leaf's worth of
 * work saved, against a refinement that costs more. */
static void test_leaf_depth_turned_off(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 1.0, 10);
    depth[JOBS - 1].branched = 0;
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 1;
    decide(depth, unscheduled, refine);
    CU_ASSERT_EQUAL(refine[JOBS - 1], 0);
    CU_ASSERT_EQUAL(refine[0], 1);
}

static void test_no_change_without_evidence(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 1e-7, 60);
    depth[3].refined = FSBB_LB_AUTO_MIN_REFINED - 1;
    depth[4].survivors = FSBB_LB_AUTO_MIN_SURVIVORS - 1;
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 1;
    CU_ASSERT_EQUAL(decide(depth, unscheduled, refine), 2);
    CU_ASSERT_EQUAL(refine[3], 1);
    CU_ASSERT_EQUAL(refine[4], 1);
}

/* The shadows' veto: where every decided depth that the prior turns on is measured to save
 * less than its refinements cost (cut rate x saving per shadow x the weight), every decided
 * depth is off; one of them measured to pay, or without shadows enough and more than a
 * tenth of the refinements' cost, and the prior decides as before. */
static void test_shadow_veto(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 0.3, 60);
    /* 0.3 x 10 x 1.5 = 4.5 saved against 60 spent, at every depth. */
    for (int x = 0; x < DEPTHS; x++) {
        depth[x].shadows = FSBB_LB_AUTO_MIN_SHADOWS;
        depth[x].shadow_cost = depth[x].shadows * 10;
    }
    const fsbb_lb_auto_input input = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled, .depth = depth,
                                      .lb1_cost = 1, .gain = 0, .shadow_weight = 1.5};
    CU_ASSERT_TRUE(fsbb_lb_auto_measured_off(&depth[0], 0, 1.5, 1.5));
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 1;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide(&input, refine), 0);
    /* Depth 0 (the prior: on) without shadows enough: the prior decides. */
    depth[0].shadows = FSBB_LB_AUTO_MIN_SHADOWS - 1;
    CU_ASSERT_FALSE(fsbb_lb_auto_measured_off(&depth[0], -1, 1.5, 1.5));
    fsbb_lb_auto_decide(&input, refine);
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
    CU_ASSERT_EQUAL(refine[JOBS - 2], 0);
    /* The same depth 0 at a twentieth of the other depths' cost a refinement, a tenth or
     * less of the refinements' cost over the depths the prior turns on: it does not stand in
     * the veto's way. */
    fsbb_lb_auto_outcome outcome;
    depth[0].lb2_cost = 3 * depth[0].refined;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide_noted(&input, refine, &outcome), 0);
    CU_ASSERT_TRUE(outcome.prior_on >= 2);
    CU_ASSERT_EQUAL(outcome.off_by_shadows, outcome.prior_on - 1);
    CU_ASSERT_TRUE(outcome.vetoed);
    /* The share's edge: depth 0 at 0.09 of the prior-on depths' cost does not stand in the
     * way, at 0.11 it does. */
    const double others = (outcome.prior_on - 1) * 60 * depth[1].refined;
    depth[0].lb2_cost = others * 0.09 / 0.91;
    fsbb_lb_auto_decide_noted(&input, refine, &outcome);
    CU_ASSERT_TRUE(outcome.vetoed);
    depth[0].lb2_cost = others * 0.11 / 0.89;
    fsbb_lb_auto_decide_noted(&input, refine, &outcome);
    CU_ASSERT_FALSE(outcome.vetoed);
    CU_ASSERT_EQUAL(refine[0], 1);
    depth[0].lb2_cost = 3 * depth[0].refined;
    /* ... but a depth measured to pay by its shadows does (0.3 x 200 x 1.5 = 90 against 60). */
    depth[1].shadow_cost = depth[1].shadows * 200;
    CU_ASSERT_FALSE(fsbb_lb_auto_measured_off(&depth[1], -1, 1.5, 1.5));
    fsbb_lb_auto_decide_noted(&input, refine, &outcome);
    CU_ASSERT_FALSE(outcome.vetoed);
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
    depth[1].shadow_cost = depth[1].shadows * 10;
    depth[0].lb2_cost = 60 * depth[0].refined;
    /* Depth 0 measured to save 0.3 x 200 x 1.5 = 90 against 60: the prior decides. */
    depth[0].shadows = FSBB_LB_AUTO_MIN_SHADOWS;
    depth[0].shadow_cost = depth[0].shadows * 200;
    CU_ASSERT_FALSE(fsbb_lb_auto_measured_off(&depth[0], -1, 1.5, 1.5));
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    fsbb_lb_auto_decide(&input, refine);
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
}

/* The probes' veto: a depth with too few shadows but FSBB_LB_AUTO_MIN_PROBES probes is
 * measured by the recursion C_x = (n - x) + f_x (r_{x+1} + (1 - p_{x+1}) C_{x+1}) (lb1_cost
 * 1), r and p counted where the next depth's own probes say it pays (the prior's setting
 * where it has too few); where every depth the prior turns on is so measured not to pay,
 * every decided depth is off; a first generation large enough, and the prior decides. */
static void test_probe_veto(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS], on[DEPTHS];
    double subtree[DEPTHS], probed[DEPTHS];
    counts(depth, unscheduled, 0.3, 60);
    /* Every depth: 0.2 LB1 survivors per cut child. */
    for (int x = 0; x < DEPTHS; x++) {
        depth[x].probes = FSBB_LB_AUTO_MIN_PROBES;
        depth[x].probe_children = 0.2 * FSBB_LB_AUTO_MIN_PROBES;
        on[x] = 0;
    }
    const fsbb_lb_auto_input input = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled, .depth = depth,
                                      .lb1_cost = 1, .gain = 0, .shadow_weight = 1.5, .probe_weight = 1.5};
    fsbb_lb_auto_subtrees(&input, subtree);
    /* No depth pays (0.3 x 1.5 x C_x stays below 60): C_x = (20 - x) + 0.2 C_{x+1}. */
    fsbb_lb_auto_probed_savings(&input, on, subtree, 1.5, probed);
    CU_ASSERT_DOUBLE_EQUAL(probed[JOBS], 0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(probed[JOBS - 1], 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(probed[JOBS - 2], 2 + 0.2 * 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(probed[JOBS - 3], 3 + 0.2 * 2.2, 1e-12);
    /* Depth 10 with 20 survivors per cut child pays by its probes (0.3 x 1.5 x C_10 >= 60),
     * whatever the prior says: depth 9's cut children save depth 10's refinements, r = 60,
     * and 0.7 of the survivors go on. */
    depth[10].probe_children = 20 * FSBB_LB_AUTO_MIN_PROBES;
    fsbb_lb_auto_probed_savings(&input, on, subtree, 1.5, probed);
    CU_ASSERT_DOUBLE_EQUAL(probed[10], 10 + 20 * probed[11], 1e-9);
    CU_ASSERT(0.3 * 1.5 * probed[10] >= 60);
    CU_ASSERT_DOUBLE_EQUAL(probed[9], 11 + 0.2 * (60 + 0.7 * probed[10]), 1e-9);
    /* Depth 10 without probes enough: the prior's subtree stands for C_10, and the prior's
     * setting for whether its survivors are refined (off, then on). */
    depth[10].probe_children = 0.2 * FSBB_LB_AUTO_MIN_PROBES;
    depth[10].probes = FSBB_LB_AUTO_MIN_PROBES - 1;
    fsbb_lb_auto_probed_savings(&input, on, subtree, 1.5, probed);
    CU_ASSERT_DOUBLE_EQUAL(probed[10], subtree[10], 1e-9 * subtree[10]);
    CU_ASSERT_DOUBLE_EQUAL(probed[9], 11 + 0.2 * subtree[10], 1e-9 * probed[9]);
    on[10] = 1;
    fsbb_lb_auto_probed_savings(&input, on, subtree, 1.5, probed);
    CU_ASSERT_DOUBLE_EQUAL(probed[9], 11 + 0.2 * (60 + 0.7 * subtree[10]), 1e-9 * probed[9]);
    on[10] = 0;
    depth[10].probes = FSBB_LB_AUTO_MIN_PROBES;
    /* The prior turns the shallow depths on (test_pays_where_subtrees_are_large: 4 or more,
     * enough for a veto by probes); measured by the probes, no depth below refined, a cut at x
     * saves C_x = (20 - x) + 0.2 C_{x+1} < 25, and 0.3 x 1.5 x 25 < 60: all off. */
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 1;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide(&input, refine), 0);
    /* Shadows enough take precedence over the probes: depth 0's measured 200 a cut pays. */
    depth[0].shadows = FSBB_LB_AUTO_MIN_SHADOWS;
    depth[0].shadow_cost = depth[0].shadows * 200;
    CU_ASSERT_FALSE(fsbb_lb_auto_measured_off(&depth[0], 1, 1.5, 1.5));
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    fsbb_lb_auto_decide(&input, refine);
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
    depth[0].shadows = 0;
    /* A first generation of 5 survivors a cut child: the shallow cuts save enough, no veto. */
    for (int x = 0; x < DEPTHS; x++)
        depth[x].probe_children = 5 * FSBB_LB_AUTO_MIN_PROBES;
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    fsbb_lb_auto_decide(&input, refine);
    CU_ASSERT_EQUAL(refine[0], 1);
    CU_ASSERT_EQUAL(refine[1], 1);
    /* One depth on by the prior, measured off by its probes alone: not vetoed (a veto of one
     * depth would be a per-depth decision); by its shadows: vetoed. */
    fsbb_lb_auto_depth saved[DEPTHS];
    memcpy(saved, depth, sizeof saved);
    for (int x = 0; x < DEPTHS; x++) {
        depth[x].probe_children = 0.2 * FSBB_LB_AUTO_MIN_PROBES;
        depth[x].survivors = x == 0 ? depth[x].survivors : FSBB_LB_AUTO_MIN_SURVIVORS - 1;
    }
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    fsbb_lb_auto_outcome outcome;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide_noted(&input, refine, &outcome), 1);
    CU_ASSERT_EQUAL(outcome.prior_on, 1);
    CU_ASSERT_EQUAL(outcome.off_by_probes, 1);
    CU_ASSERT_EQUAL(outcome.vetoed, 0);
    CU_ASSERT_EQUAL(refine[0], 1);
    /* An engine that lets one depth measured off by its probes veto (the CPU engine's). */
    fsbb_lb_auto_input one_depth = input;
    one_depth.probe_veto_depths = 1;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide_noted(&one_depth, refine, &outcome), 0);
    CU_ASSERT_EQUAL(outcome.off_by_probes, 1);
    CU_ASSERT_EQUAL(outcome.vetoed, 1);
    CU_ASSERT_EQUAL(refine[0], 0);
    refine[0] = 1;
    depth[0].shadows = FSBB_LB_AUTO_MIN_SHADOWS;
    depth[0].shadow_cost = depth[0].shadows * 10;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide_noted(&input, refine, &outcome), 0);
    CU_ASSERT_EQUAL(outcome.off_by_shadows, 1);
    CU_ASSERT_EQUAL(outcome.vetoed, 1);
    memcpy(depth, saved, sizeof saved);
    /* Probes veto only where they measure FSBB_LB_AUTO_PROBE_VETO_DEPTHS depths off or more:
     * the deepest depth the prior turns on measured off by its probes, the shallower ones
     * neither probed nor shadowed and cheap (their refinements a six-thousandth of its), is
     * no veto. */
    for (int x = 0; x < DEPTHS; x++) {
        depth[x].probe_children = 0.2 * FSBB_LB_AUTO_MIN_PROBES;
        refine[x] = 0;
    }
    fsbb_lb_auto_decide_noted(&input, refine, &outcome);
    CU_ASSERT_TRUE(outcome.vetoed);
    const int deepest_on = outcome.prior_on - 1;
    CU_ASSERT_TRUE(deepest_on >= FSBB_LB_AUTO_PROBE_VETO_DEPTHS);
    for (int x = 0; x < deepest_on; x++) {
        depth[x].probes = FSBB_LB_AUTO_MIN_PROBES - 1;
        depth[x].lb2_cost = 0.01 * depth[x].refined;
    }
    const int refining = fsbb_lb_auto_decide_noted(&input, refine, &outcome);
    CU_ASSERT_EQUAL(outcome.prior_on, deepest_on + 1);
    CU_ASSERT_EQUAL(refining, outcome.prior_on);
    CU_ASSERT_EQUAL(outcome.off_by_probes, 1);
    CU_ASSERT_EQUAL(outcome.vetoed, 0);
    CU_ASSERT_EQUAL(refine[deepest_on], 1);
    /* An engine that turns a depth measured off by its probes off by itself (the CPU
     * engine's): the deepest off, the others, not measured, on. */
    fsbb_lb_auto_input per_depth = input;
    per_depth.probes_per_depth = 1;
    CU_ASSERT_EQUAL(fsbb_lb_auto_decide_noted(&per_depth, refine, &outcome), deepest_on);
    CU_ASSERT_EQUAL(outcome.vetoed, 0);
    CU_ASSERT_EQUAL(refine[deepest_on], 0);
    for (int x = 0; x < deepest_on; x++)
        CU_ASSERT_EQUAL(refine[x], 1);
    memcpy(depth, saved, sizeof saved);
    /* 64 jobs or more: a bucket holds more than one depth, and the probes do not count. */
    fsbb_lb_auto_input coarse = input;
    coarse.jobs = FSBB_LB_AUTO_DEPTHS;
    CU_ASSERT_FALSE(fsbb_lb_auto_has_probes(&coarse, &depth[0]));
    CU_ASSERT_TRUE(fsbb_lb_auto_has_probes(&input, &depth[0]));
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    fsbb_lb_auto_decide_noted(&coarse, refine, &outcome);
    CU_ASSERT_EQUAL(outcome.off_by_probes, 0);
    CU_ASSERT_EQUAL(outcome.vetoed, 0);
    CU_ASSERT_EQUAL(refine[0], 1);
    /* Probes too few everywhere: not measured, the prior decides. */
    for (int x = 0; x < DEPTHS; x++) {
        depth[x].probes = FSBB_LB_AUTO_MIN_PROBES - 1;
        depth[x].probe_children = 0;
    }
    CU_ASSERT_FALSE(fsbb_lb_auto_measured_off(&depth[0], -1, 1.5, 1.5));
    fsbb_lb_auto_decide(&input, refine);
    CU_ASSERT_EQUAL(refine[0], 1);
}

/* The last stretch of search: the whole search's counts scaled down. */
static void stretch(const fsbb_lb_auto_depth *depth, double share, fsbb_lb_auto_depth *recent)
{
    for (int x = 0; x < DEPTHS; x++)
        recent[x] = (fsbb_lb_auto_depth){.branched = depth[x].branched * share,
                                         .survivors = depth[x].survivors * share,
                                         .refined = depth[x].refined * share,
                                         .pruned = depth[x].pruned * share,
                                         .lb2_cost = depth[x].lb2_cost * share};
}

/* Whether the refining kernel pays over a stretch of 1 % of the counts; the depths below
 * `reached` are not reached in that stretch. */
static int refining_pays(const fsbb_lb_auto_depth *depth, const int *unscheduled, const int *refine, double overhead,
                         int reached)
{
    fsbb_lb_auto_depth recent[DEPTHS];
    stretch(depth, 0.01, recent);
    for (int x = 0; x < reached; x++)
        recent[x] = (fsbb_lb_auto_depth){0};
    const fsbb_lb_auto_input input = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled, .depth = depth,
                                      .lb1_cost = 1, .gain = 0};
    return fsbb_lb_auto_refining_pays(&input, recent, refine, overhead);
}

static void test_refining_kernel_choice(void)
{
    fsbb_lb_auto_depth depth[DEPTHS];
    int unscheduled[DEPTHS], refine[DEPTHS];
    counts(depth, unscheduled, 0.3, 60);
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = 0;
    /* Nothing switched on: the overhead buys nothing. */
    CU_ASSERT_FALSE(refining_pays(depth, unscheduled, refine, 0.12, 0));
    CU_ASSERT_TRUE(refining_pays(depth, unscheduled, refine, 0, 0));
    /* Depths 4-6, whose subtrees are large, cutting 30 %: large savings. */
    for (int x = 4; x <= 6; x++)
        refine[x] = 1;
    CU_ASSERT_TRUE(refining_pays(depth, unscheduled, refine, 0.12, 0));
    /* Cutting one in a million survivors there saves less than the overhead. */
    counts(depth, unscheduled, 1e-6, 60);
    CU_ASSERT_FALSE(refining_pays(depth, unscheduled, refine, 0.12, 0));
    /* Only the shallow depths on, and the stretch no longer reaches them. */
    counts(depth, unscheduled, 0.3, 60);
    for (int x = 0; x < DEPTHS; x++)
        refine[x] = x < 3;
    CU_ASSERT_TRUE(refining_pays(depth, unscheduled, refine, 0.12, 0));
    CU_ASSERT_FALSE(refining_pays(depth, unscheduled, refine, 0.12, 3));
}

static void test_depth_buckets(void)
{
    CU_ASSERT_EQUAL(fsbb_lb_auto_buckets(20), 21);
    CU_ASSERT_EQUAL(fsbb_lb_auto_bucket(13, 20), 13);
    CU_ASSERT_EQUAL(fsbb_lb_auto_buckets(500), FSBB_LB_AUTO_DEPTHS);
    for (int n = 60; n <= 2000; n += 7) {
        CU_ASSERT_EQUAL(fsbb_lb_auto_bucket(0, n), 0);
        CU_ASSERT(fsbb_lb_auto_bucket(n, n) < fsbb_lb_auto_buckets(n));
        for (int x = 1; x <= n; x++)
            CU_ASSERT(fsbb_lb_auto_bucket(x, n) >= fsbb_lb_auto_bucket(x - 1, n));
    }
}

/* A depth bucket's most children: x >= 1 jobs of n in order, split front/back in x + 1
 * ways, summed over the bucket's depths and capped; the root is no one's child. */
static void test_bucket_capacity(void)
{
    const double cap = 1e12;
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(0, 20, cap), 0, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(1, 20, cap), 20 * 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(2, 20, cap), 20 * 19 * 3, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(3, 20, cap), 20 * 19 * 18 * 4, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(3, 20, 16384), 16384, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(20, 20, 1e300), 2432902008176640000.0 * 21, 1e6);
    /* 100 jobs, buckets of two depths: depths 0 and 1 in bucket 0, 2 and 3 in bucket 1. */
    CU_ASSERT_EQUAL(fsbb_lb_auto_bucket(1, 100), 0);
    CU_ASSERT_EQUAL(fsbb_lb_auto_bucket(3, 100), 1);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(0, 100, cap), 100 * 2, 0);
    CU_ASSERT_DOUBLE_EQUAL(fsbb_lb_auto_bucket_capacity(1, 100, cap), 100 * 99 * 3 + 100 * 99 * 98 * 4.0, 0);
}

/* Jobs left unscheduled per bucket: n - depth, averaged where a bucket holds several. */
static void test_unscheduled(void)
{
    int unscheduled[FSBB_LB_AUTO_DEPTHS];
    fsbb_lb_auto_unscheduled(20, unscheduled);
    for (int x = 0; x <= 20; x++)
        CU_ASSERT_EQUAL(unscheduled[x], 20 - x);
    CU_ASSERT_EQUAL(unscheduled[21], 0);
    fsbb_lb_auto_unscheduled(100, unscheduled);
    CU_ASSERT_EQUAL(unscheduled[0], (100 + 99) / 2);
    CU_ASSERT_EQUAL(unscheduled[1], (98 + 97) / 2);
    CU_ASSERT_EQUAL(unscheduled[FSBB_LB_AUTO_DEPTHS - 1], 0);
}

/* Sampling while a depth is measured: 20 jobs, 1 in 16: depths 1 and 2 (40 and 1140
 * possible children) are refined whole, depth 3 (27360) and deeper sampled, the root and
 * buckets past the leaves not; a decided depth refines all or 1 in off_sample. */
static void test_sampling(void)
{
    CU_ASSERT_FALSE(fsbb_lb_auto_whole(0, 20, 16, 0));
    CU_ASSERT_TRUE(fsbb_lb_auto_whole(1, 20, 16, 0));
    CU_ASSERT_TRUE(fsbb_lb_auto_whole(2, 20, 16, 0));
    CU_ASSERT_FALSE(fsbb_lb_auto_whole(3, 20, 16, 0));
    CU_ASSERT_TRUE(fsbb_lb_auto_whole(3, 20, 64, 0));
    CU_ASSERT_FALSE(fsbb_lb_auto_whole(20, 20, 16, 0));
    CU_ASSERT_FALSE(fsbb_lb_auto_whole(21, 20, 16, 0));
    fsbb_lb_auto_depth d = {.refined = 10, .survivors = 100};
    CU_ASSERT_EQUAL(fsbb_lb_auto_sample(&d, 0, 0, 16, 1024, 0), 16);
    CU_ASSERT_EQUAL(fsbb_lb_auto_sample(&d, 1, 0, 16, 1024, 0), 16);
    CU_ASSERT_EQUAL(fsbb_lb_auto_sample(&d, 0, 1, 16, 1024, 0), 1);
    d = (fsbb_lb_auto_depth){.refined = FSBB_LB_AUTO_MIN_REFINED, .survivors = FSBB_LB_AUTO_MIN_SURVIVORS};
    CU_ASSERT_EQUAL(fsbb_lb_auto_sample(&d, 1, 0, 16, 1024, 0), 1);
    CU_ASSERT_EQUAL(fsbb_lb_auto_sample(&d, 0, 1, 16, 1024, 0), 1024);
}

/* The evidence a setting changes on: both counts at their thresholds, or the engine's own
 * survivor count. */
static void test_evidence(void)
{
    fsbb_lb_auto_depth d = {.refined = FSBB_LB_AUTO_MIN_REFINED, .survivors = FSBB_LB_AUTO_MIN_SURVIVORS};
    CU_ASSERT_TRUE(fsbb_lb_auto_has_evidence(&d, 0));
    d.refined -= 1;
    CU_ASSERT_FALSE(fsbb_lb_auto_has_evidence(&d, 0));
    d.refined += 1;
    d.survivors -= 1;
    CU_ASSERT_FALSE(fsbb_lb_auto_has_evidence(&d, 0));
    CU_ASSERT_TRUE(fsbb_lb_auto_has_evidence(&d, 256));
}

/* Two threads' counts merged: at first the depths too small to sample (1, 40 children) refine
 * every survivor and the others 1 in FSBB_CPU_LB_AUTO_EXPLORE; after the merge the depths
 * where LB2 cuts a third of the survivors and the subtrees are large refine every one, those
 * where it cuts one in a million 1 in FSBB_CPU_LB_AUTO_SAMPLE, a depth without enough
 * evidence is still explored, and the totals add up. Costs in seconds. */
static void test_cpu_merge(void)
{
    fsbb_cpu_lb_auto a;
    /* A thread refines 1 in FSBB_CPU_LB_AUTO_EXPLORE x the threads (a power of 2) of its
     * survivors at a depth not decided yet: the threads together cost what one thread did. */
    const struct {
        int running;
        unsigned explore;
    } rates[] = {{0, 4}, {1, 4}, {2, 8}, {3, 16}, {16, 64}};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        fsbb_cpu_lb_auto_init(&a, JOBS, rates[i].running);
        CU_ASSERT_EQUAL(a.explore, rates[i].explore);
        CU_ASSERT_EQUAL(atomic_load(&a.mask[JOBS - 1]), rates[i].explore - 1);
        fsbb_cpu_lb_auto_clear(&a);
    }
    /* Two threads: the buckets that cannot hold 256 x 8 children (depths 1 and 2: 40 and
     * 1,140) are refined in full until decided. */
    fsbb_cpu_lb_auto_init(&a, JOBS, 2);
    CU_ASSERT_EQUAL(atomic_load(&a.refining), 2);
    CU_ASSERT_EQUAL(atomic_load(&a.mask[1]), 0u);
    CU_ASSERT_EQUAL(atomic_load(&a.mask[2]), 0u);
    for (int x = 3; x < DEPTHS; x++)
        CU_ASSERT_EQUAL(atomic_load(&a.mask[x]), 2 * FSBB_CPU_LB_AUTO_EXPLORE - 1);
    fsbb_cpu_lb_auto_counts thread[2];
    memset(thread, 0, sizeof thread);
    int unscheduled[DEPTHS];
    for (int t = 0; t < 2; t++) {
        counts(thread[t].depth, unscheduled, 1e-6, 60e-9);
        for (int x = 0; x < 4; x++)
            thread[t].depth[x].pruned = 0.3 * thread[t].depth[x].refined;
        thread[t].depth[10].refined = 10;
        thread[t].lb1_seconds = 1e-3;
        thread[t].lb1_candidates = 1e6;
    }
    fsbb_cpu_lb_auto_merge(&a, &thread[0]);
    fsbb_cpu_lb_auto_merge(&a, &thread[1]);
    CU_ASSERT_EQUAL(thread[0].depth[5].refined, 0);
    CU_ASSERT_DOUBLE_EQUAL(a.depth[5].refined, 2e5, 1e-6);
    for (int x = 0; x < 4; x++) {
        CU_ASSERT_EQUAL(a.refine[x], 1);
        CU_ASSERT_EQUAL(atomic_load(&a.mask[x]), 0u);
    }
    CU_ASSERT_EQUAL(a.refine[10], 0);
    CU_ASSERT_EQUAL(atomic_load(&a.mask[10]), 2 * FSBB_CPU_LB_AUTO_EXPLORE - 1);
    /* LB2 costs 60 LB1 candidates here: the sample is thinned where fewer than 6000 / 1024
     * candidates are left (test_cpu_off_sample). */
    for (int x = 4; x < DEPTHS; x++)
        if (x != 10) {
            const unsigned sample = x < 15 ? FSBB_CPU_LB_AUTO_SAMPLE : x < 18 ? 2048u : x < 19 ? 4096u : 8192u;
            CU_ASSERT_EQUAL(a.refine[x], 0);
            CU_ASSERT_EQUAL(atomic_load(&a.mask[x]), sample - 1);
        }
    CU_ASSERT_EQUAL(atomic_load(&a.refining), 4);
    CU_ASSERT_EQUAL(atomic_load(&a.refined), (uint64_t)(2 * (20 * 1e5 + 10)));
    /* The threads' probes are summed too. Cut children at depths 0-3 with 10 LB1 survivors
     * each save more than the refinements' 60 candidates: the depths stay on. Then, with
     * depths 0-2 cutting nothing, the prior keeps depth 3 alone on; with 0.1 survivors a cut
     * child at every depth, a cut saves about its own 17 candidates, and 0.3 x 4 x 17 < 60:
     * depth 3 is measured off, which vetoes LB2 in the CPU engine (one depth is enough there,
     * FSBB_CPU_LB_AUTO_PROBE_VETO_DEPTHS), and every depth is off. */
    for (int t = 0; t < 2; t++) {
        memset(thread[t].depth, 0, sizeof thread[t].depth);
        for (int x = 0; x < 4; x++) {
            thread[t].depth[x].probes = FSBB_LB_AUTO_MIN_PROBES;
            thread[t].depth[x].probe_children = 10 * FSBB_LB_AUTO_MIN_PROBES;
        }
    }
    fsbb_cpu_lb_auto_merge(&a, &thread[0]);
    CU_ASSERT_DOUBLE_EQUAL(a.depth[2].probes, FSBB_LB_AUTO_MIN_PROBES, 1e-9);
    fsbb_cpu_lb_auto_merge(&a, &thread[1]);
    CU_ASSERT_DOUBLE_EQUAL(a.depth[2].probes, 2 * FSBB_LB_AUTO_MIN_PROBES, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(a.depth[2].probe_children, 20 * FSBB_LB_AUTO_MIN_PROBES, 1e-9);
    CU_ASSERT_EQUAL(thread[1].depth[2].probes, 0);
    CU_ASSERT_EQUAL(atomic_load(&a.refining), 4);
    for (int x = 0; x < DEPTHS; x++) {
        a.depth[x].probes = FSBB_LB_AUTO_MIN_PROBES;
        a.depth[x].probe_children = 0.1 * FSBB_LB_AUTO_MIN_PROBES;
        a.depth[x].pruned = x < 3 ? 0 : a.depth[x].pruned;
    }
    fsbb_cpu_lb_auto_merge(&a, &thread[0]);
    CU_ASSERT_EQUAL(atomic_load(&a.refining), 0);
    for (int x = 0; x < 4; x++) {
        CU_ASSERT_EQUAL(a.refine[x], 0);
        CU_ASSERT_NOT_EQUAL(atomic_load(&a.mask[x]), 0u);
    }
    fsbb_cpu_lb_auto_clear(&a);
}

/* A depth turned off refines 1 survivor in FSBB_CPU_LB_AUTO_SAMPLE, or fewer, in powers of 2,
 * where that would cost more than FSBB_CPU_LB_AUTO_SAMPLE_SHARE of its survivors' LB1 work:
 * a refinement of LB2 costs `cost` seconds, an LB1 candidate 1 s. */
static void test_cpu_off_sample(void)
{
    const fsbb_lb_auto_depth none = {0};
    CU_ASSERT_EQUAL(fsbb_cpu_lb_auto_off_sample(&none, 10, 1), FSBB_CPU_LB_AUTO_SAMPLE);
    fsbb_lb_auto_depth d = {.branched = 1e6, .survivors = 1e6, .refined = 100, .pruned = 1};
    const struct {
        double cost;
        int unscheduled;
        unsigned sample;
    } cases[] = {{60, 20, FSBB_CPU_LB_AUTO_SAMPLE}, {100, 10, FSBB_CPU_LB_AUTO_SAMPLE}, {103, 10, 2048},
                 {400, 10, 4096}, {400, 1, 65536}, {400, 0, 65536}, {1e6, 20, FSBB_CPU_LB_AUTO_SAMPLE_MAX}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        d.lb2_cost = cases[i].cost * d.refined;
        CU_ASSERT_EQUAL(fsbb_cpu_lb_auto_off_sample(&d, cases[i].unscheduled, 1), cases[i].sample);
    }
    /* Without an LB1 cost yet, the sample stays. */
    CU_ASSERT_EQUAL(fsbb_cpu_lb_auto_off_sample(&d, 10, 0), FSBB_CPU_LB_AUTO_SAMPLE);
}

/* A thread's sampled refinements (a depth being explored, or turned off) take at most
 * FSBB_CPU_LB_AUTO_SAMPLED_SHARE of its time; a depth refined in full (mask 0) is not held
 * back, and its refinements do not count against the share. */
static void test_cpu_sampled_share(void)
{
    fsbb_cpu_lb_auto a;
    fsbb_cpu_lb_auto_init(&a, JOBS, 1);
    const int full = 1, explored = JOBS - 1, off = 5;
    CU_ASSERT_EQUAL(atomic_load(&a.mask[full]), 0u);
    CU_ASSERT_EQUAL(atomic_load(&a.mask[explored]), FSBB_CPU_LB_AUTO_EXPLORE - 1);
    atomic_store(&a.mask[off], FSBB_CPU_LB_AUTO_SAMPLE - 1);
    fsbb_cpu_lb_auto_counts c;
    memset(&c, 0, sizeof c);
    fsbb_cpu_lb_auto_start(&c, 10.0);
    c.last_read_at = 11.0;
    const double share = FSBB_CPU_LB_AUTO_SAMPLED_SHARE;
    const struct {
        int bucket, survivors;
        double spent;
        int refined;
    } cases[] = {{explored, 8, 0, 2}, {explored, 8, 0.99 * share, 2}, {explored, 8, 1.01 * share, 0},
                 {off, 2 * FSBB_CPU_LB_AUTO_SAMPLE, 0.99 * share, 2},
                 {off, 2 * FSBB_CPU_LB_AUTO_SAMPLE, 1.01 * share, 0}, {full, 8, 1.01 * share, 8}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        c.sampled_seconds = cases[i].spent;
        c.survivors_seen = 0;
        c.depth[cases[i].bucket].survivors = 0;
        int refined = 0;
        for (int s = 0; s < cases[i].survivors; s++)
            refined += fsbb_cpu_lb_auto_refines(&a, &c, cases[i].bucket);
        CU_ASSERT_EQUAL(refined, cases[i].refined);
        CU_ASSERT_DOUBLE_EQUAL(c.depth[cases[i].bucket].survivors, cases[i].survivors, 1e-9);
    }
    /* The share grows with the thread's time: read at a timed node. */
    c.sampled_seconds = 1.01 * share;
    for (unsigned k = 1; k < FSBB_CPU_LB_AUTO_TIMED; k++)
        CU_ASSERT_EQUAL(fsbb_cpu_lb_auto_node_timer(&c), 0);
    CU_ASSERT_TRUE(fsbb_cpu_lb_auto_node_timer(&c) > 0);
    CU_ASSERT_DOUBLE_EQUAL(c.last_read_at, fsbb_now(), 1.0);
    c.started_at = c.last_read_at - 1.1;
    c.survivors_seen = 0;
    CU_ASSERT_FALSE(fsbb_cpu_lb_auto_refines(&a, &c, explored));
    CU_ASSERT_FALSE(fsbb_cpu_lb_auto_refines(&a, &c, explored));
    CU_ASSERT_FALSE(fsbb_cpu_lb_auto_refines(&a, &c, explored));
    CU_ASSERT_TRUE(fsbb_cpu_lb_auto_refines(&a, &c, explored));
    /* A refinement is counted; its seconds count against the share where it was let as a
     * sample, whatever the mask says when it ends (a merge on another thread may change it). */
    c.sampled_seconds = 0;
    c.started_at = 0;
    c.survivors_seen = 0;
    CU_ASSERT_TRUE(fsbb_cpu_lb_auto_refines(&a, &c, full));
    atomic_store(&a.mask[full], FSBB_CPU_LB_AUTO_SAMPLE - 1);
    fsbb_cpu_lb_auto_refined(&c, full, 1, 0.25, 20.0);
    CU_ASSERT_DOUBLE_EQUAL(c.sampled_seconds, 0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.last_read_at, 20.0, 1e-12);
    atomic_store(&a.mask[full], 0u);
    c.survivors_seen = FSBB_CPU_LB_AUTO_EXPLORE - 1;
    CU_ASSERT_TRUE(fsbb_cpu_lb_auto_refines(&a, &c, explored));
    atomic_store(&a.mask[explored], 0u);
    fsbb_cpu_lb_auto_refined(&c, explored, 0, 0.5, 21.0);
    atomic_store(&a.mask[explored], FSBB_CPU_LB_AUTO_EXPLORE - 1);
    c.survivors_seen = FSBB_CPU_LB_AUTO_SAMPLE - 1;
    CU_ASSERT_TRUE(fsbb_cpu_lb_auto_refines(&a, &c, off));
    fsbb_cpu_lb_auto_refined(&c, off, 1, 0.125, 22.0);
    CU_ASSERT_DOUBLE_EQUAL(c.sampled_seconds, 0.625, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.last_read_at, 22.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.depth[full].refined, 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.depth[full].pruned, 1, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.depth[explored].pruned, 0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(c.depth[explored].lb2_cost, 0.5, 1e-12);
    fsbb_cpu_lb_auto_clear(&a);
}

/* The CPU engine's merge runs the rule with the probes weighed at FSBB_CPU_LB_AUTO_PROBE_WEIGHT
 * and each depth they measure off turned off by itself: with a first generation of f LB1
 * survivors a cut child at every depth, for an f where the deepest depth the prior turns on
 * stays on at the GPU's weight and is off at the CPU's (the shallowest staying on, no veto),
 * a merge turns that depth off and keeps the shallowest on. */
static void test_cpu_probes_per_depth(void)
{
    fsbb_cpu_lb_auto a;
    fsbb_cpu_lb_auto_init(&a, JOBS, 1);
    int unscheduled[DEPTHS];
    counts(a.depth, unscheduled, 0.3, 60);
    const fsbb_lb_auto_input gpu_like = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled,
                                         .depth = a.depth, .lb1_cost = 1, .min_survivors = FSBB_CPU_LB_AUTO_MIN_SURVIVORS,
                                         .probe_veto_depths = FSBB_CPU_LB_AUTO_PROBE_VETO_DEPTHS};
    fsbb_lb_auto_input cpu_like = gpu_like;
    cpu_like.probe_weight = FSBB_CPU_LB_AUTO_PROBE_WEIGHT;
    cpu_like.probes_per_depth = 1;
    int deepest = -1;
    double found = 0;
    for (double f = 0.05; f < 20 && !found; f *= 1.1) {
        for (int x = 0; x < DEPTHS; x++) {
            a.depth[x].probes = FSBB_LB_AUTO_MIN_PROBES;
            a.depth[x].probe_children = f * FSBB_LB_AUTO_MIN_PROBES;
        }
        int prior[DEPTHS] = {0}, gpu[DEPTHS] = {0}, cpu[DEPTHS] = {0};
        const fsbb_lb_auto_input prior_only = {.jobs = JOBS, .depths = DEPTHS, .unscheduled = unscheduled,
                                               .depth = a.depth, .lb1_cost = 1,
                                               .min_survivors = FSBB_CPU_LB_AUTO_MIN_SURVIVORS, .probe_weight = 1e9};
        fsbb_lb_auto_decide(&prior_only, prior);
        fsbb_lb_auto_outcome outcome;
        fsbb_lb_auto_decide(&gpu_like, gpu);
        fsbb_lb_auto_decide_noted(&cpu_like, cpu, &outcome);
        deepest = -1;
        for (int x = 0; x < DEPTHS; x++)
            deepest = prior[x] ? x : deepest;
        if (deepest > 0 && gpu[deepest] && !cpu[deepest] && cpu[0] && !outcome.vetoed)
            found = f;
    }
    CU_ASSERT_FATAL(found > 0);
    fsbb_cpu_lb_auto_counts c;
    memset(&c, 0, sizeof c);
    c.lb1_seconds = c.lb1_candidates = 1;
    fsbb_cpu_lb_auto_merge(&a, &c);
    CU_ASSERT_EQUAL(a.refine[deepest], 0);
    CU_ASSERT_EQUAL(a.refine[0], 1);
    fsbb_cpu_lb_auto_clear(&a);
}

FSBB_SUITE("lb_auto",
           {"refines where the subtrees are large", test_pays_where_subtrees_are_large},
           {"rare cuts do not pay", test_rare_cuts_do_not_pay},
           {"the leaf depth, every survivor cut: off", test_leaf_depth_turned_off},
           {"no change without evidence", test_no_change_without_evidence},
           {"the refining kernel pays only where the depths on save its overhead", test_refining_kernel_choice},
           {"the shadows' veto: LB2 off where every depth on is measured not to pay", test_shadow_veto},
           {"the probes' veto: a cut's work below from its first generation", test_probe_veto},
           {"depth buckets", test_depth_buckets},
           {"a depth bucket's most children", test_bucket_capacity},
           {"the evidence a setting changes on", test_evidence},
           {"jobs left unscheduled per bucket", test_unscheduled},
           {"sampling while a depth is measured", test_sampling},
           {"CPU engine: threads' counts and probes merged, depths switched", test_cpu_merge},
           {"CPU engine: a depth turned off sampled at a bounded cost", test_cpu_off_sample},
           {"CPU engine: sampled refinements within their share of a thread's time", test_cpu_sampled_share},
           {"CPU engine: a depth its probes measure off is off by itself", test_cpu_probes_per_depth})
