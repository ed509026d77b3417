/* test_lb1_batch.c — the batched child bounds (lb1_batch.h) equal the reference
 * single-child forms of lb1.h, which equal LB1 computed from scratch on the child. */
#include "suites.h"
#include "test_support.h"

#include "bound_data.h"
#include "lb1.h"
#include "lb1_batch.h"

#include <stdlib.h>

static void test_batch_equals_single_children(void)
{
    unsigned rng = 12345;
    for (int trial = 0; trial < 300; trial++) {
        const int n = 2 + (int)(test_random_next(&rng) % 30), m = 1 + (int)(test_random_next(&rng) % 12);
        int *p = malloc(sizeof(int) * (size_t)(n * m));
        test_random_times(&rng, n, m, p);
        fsbb_bound_data d;
        CU_ASSERT_FATAL(fsbb_bound_data_init(&d, n, m, p) == 0);
        fsbb_job *perm = malloc(sizeof(fsbb_job) * (size_t)n), *child = malloc(sizeof(fsbb_job) * (size_t)n);
        int *front = malloc(sizeof(int) * (size_t)m), *back = malloc(sizeof(int) * (size_t)m);
        int *remain = malloc(sizeof(int) * (size_t)m), *scratch = malloc(sizeof(int) * 3 * (size_t)m);
        const int width = fsbb_batch_width(n);
        int *times = malloc(sizeof(int) * (size_t)(width * m)), *child_back = malloc(sizeof(int) * (size_t)(width * m));
        int *t = malloc(sizeof(int) * (size_t)width), *last = malloc(sizeof(int) * (size_t)width);
        int *lb_forward = malloc(sizeof(int) * (size_t)width), *lb_backward = malloc(sizeof(int) * (size_t)width);
        for (int node = 0; node < 20; node++) {
            int fl, bl;
            test_random_node(&rng, n, perm, &fl, &bl);
            const int count = n - fl - bl;
            fsbb_front_times(&d, perm, fl, front);
            fsbb_back_times(&d, perm, bl, back);
            fsbb_gather_unscheduled(&d, perm, fl, count, times, remain);
            fsbb_lb1_forward_children(&d, front, back, remain, times, count, t, last, lb_forward);
            fsbb_lb1_backward_children(&d, front, back, remain, times, count, child_back, last, lb_backward);
            for (int c = 0; c < count; c++) {
                const int job = perm[fl + c];
                CU_ASSERT_EQUAL(lb_forward[c], fsbb_lb1_forward_child(&d, front, back, remain, count, job));
                CU_ASSERT_EQUAL(lb_backward[c],
                                fsbb_lb1_backward_child(&d, front, back, remain, count, job, scratch));
                for (int j = 0; j < n; j++)
                    child[j] = perm[j];
                child[fl + c] = perm[fl];
                child[fl] = (fsbb_job)job;
                CU_ASSERT_EQUAL(lb_forward[c], fsbb_lb1(&d, child, fl + 1, bl, scratch));
                for (int j = 0; j < n; j++)
                    child[j] = perm[j];
                child[fl + c] = perm[n - bl - 1];
                child[n - bl - 1] = (fsbb_job)job;
                CU_ASSERT_EQUAL(lb_backward[c], fsbb_lb1(&d, child, fl, bl + 1, scratch));
            }
        }
        free(p);
        free(perm);
        free(child);
        free(front);
        free(back);
        free(remain);
        free(scratch);
        free(times);
        free(child_back);
        free(t);
        free(last);
        free(lb_forward);
        free(lb_backward);
        fsbb_bound_data_free(&d);
    }
}

FSBB_SUITE("lb1_batch", {"batched child bounds equal single-child and full LB1", test_batch_equals_single_children})
