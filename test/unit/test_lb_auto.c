/* test_lb_auto.c — the rule of --lb auto (bounds/lb_auto.h) on made-up per-depth counts: it
 * refines where LB2 cuts often enough to pay for itself against the subtree it saves, not
 * where it rarely cuts or where the subtree is a leaf, and leaves a depth as it was until
 * the evidence is there. */
#include "suites.h"
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

FSBB_SUITE("lb_auto",
           {"refines where the subtrees are large", test_pays_where_subtrees_are_large},
           {"rare cuts do not pay", test_rare_cuts_do_not_pay},
           {"the leaf depth, every survivor cut: off", test_leaf_depth_turned_off},
           {"no change without evidence", test_no_change_without_evidence})
