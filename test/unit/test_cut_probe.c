/* test_cut_probe.c — the CPU engine's probe of a child LB2 cut (cut_probe.h) counts what the
 * engine would keep below it: the child's children whose LB1, computed from scratch, stays
 * under the upper bound, in the direction each branching takes (dynamic: the fewer). */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "cut_probe.h"
#include "lb1.h"

#include <stdlib.h>
#include <string.h>

/* The node that moves perm[pos] (unscheduled) to the end of the prefix (forward) or the start
 * of the suffix, as the engine makes a child. */
static void extend(const fsbb_job *perm, int n, int front_len, int back_len, int pos, int forward, fsbb_job *out)
{
    memcpy(out, perm, sizeof(fsbb_job) * (size_t)n);
    const int slot = forward ? front_len : n - back_len - 1;
    out[pos] = perm[slot];
    out[slot] = perm[pos];
}

/* The child's children under ub, by LB1 from scratch: forward (forward 1) or backward. */
static int survivors_from_scratch(const fsbb_bound_data *d, const fsbb_job *child, int front_len, int back_len,
                                  int forward, int ub, fsbb_job *grandchild, int *scratch)
{
    int alive = 0;
    for (int pos = front_len; pos < d->n - back_len; pos++) {
        extend(child, d->n, front_len, back_len, pos, forward, grandchild);
        alive += fsbb_lb1(d, grandchild, front_len + forward, back_len + !forward, scratch) < ub;
    }
    return alive;
}

static void test_probe_counts_lb1_survivors(void)
{
    unsigned rng = 24680;
    int some_alive = 0, some_cut = 0;
    for (int trial = 0; trial < 200; trial++) {
        const int n = 3 + (int)(test_random_next(&rng) % 28), m = 1 + (int)(test_random_next(&rng) % 12);
        int *p = malloc(sizeof(int) * (size_t)(n * m));
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0);
        fsbb_job *perm = malloc(sizeof(fsbb_job) * (size_t)n), *child = malloc(sizeof(fsbb_job) * (size_t)n);
        fsbb_job *grandchild = malloc(sizeof(fsbb_job) * (size_t)n);
        int *front = malloc(sizeof(int) * (size_t)m), *back = malloc(sizeof(int) * (size_t)m);
        int *remain = malloc(sizeof(int) * (size_t)m), *scratch = malloc(sizeof(int) * 3 * (size_t)m);
        int fl, bl;
        test_random_node(&rng, n, perm, &fl, &bl);
        fsbb_remaining_work(&d, perm, fl, bl, remain);
        const int pos = fl + (int)(test_random_next(&rng) % (unsigned)(n - fl - bl));
        const int forward = (int)(test_random_next(&rng) & 1u);
        extend(perm, n, fl, bl, pos, forward, child);
        const int child_fl = fl + forward, child_bl = bl + !forward;
        fsbb_front_times(&d, child, child_fl, front);
        fsbb_back_times(&d, child, child_bl, back);
        /* An upper bound near the child's own LB1, so that some of its children stay and some go. */
        const int ub = fsbb_lb1(&d, child, child_fl, child_bl, scratch) + (int)(test_random_next(&rng) % 40);
        const int alive_forward = survivors_from_scratch(&d, child, child_fl, child_bl, 1, ub, grandchild, scratch);
        const int alive_backward = survivors_from_scratch(&d, child, child_fl, child_bl, 0, ub, grandchild, scratch);
        const fsbb_job *jobs = child + child_fl;
        const int count = n - child_fl - child_bl;
        const fsbb_job job = perm[pos];
        CU_ASSERT_EQUAL(fsbb_cut_probe(&d, FSBB_BRANCH_FORWARD, front, back, remain, job, jobs, count, ub, scratch),
                        alive_forward);
        CU_ASSERT_EQUAL(fsbb_cut_probe(&d, FSBB_BRANCH_BACKWARD, front, back, remain, job, jobs, count, ub, scratch),
                        alive_backward);
        CU_ASSERT_EQUAL(fsbb_cut_probe(&d, FSBB_BRANCH_DYNAMIC, front, back, remain, job, jobs, count, ub, scratch),
                        alive_forward < alive_backward ? alive_forward : alive_backward);
        some_alive += alive_forward > 0 && alive_backward > 0;
        some_cut += alive_forward < count || alive_backward < count;
        free(p);
        free(perm);
        free(child);
        free(grandchild);
        free(front);
        free(back);
        free(remain);
        free(scratch);
        fsbb_bound_data_free(&d);
    }
    /* The cases cover children with survivors and children with cuts. */
    CU_ASSERT(some_alive > 20);
    CU_ASSERT(some_cut > 20);
}

FSBB_SUITE("cut probe", {"a cut child's probe counts its LB1 survivors", test_probe_counts_lb1_survivors})
