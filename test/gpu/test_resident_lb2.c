/* test_resident_lb2.c — the resident engine's LB2 (its refine stage, resident_refine.cuh)
 * equals the CPU's LB2 (lb2.h) on every child of pools of random parents: with no upper
 * bound the values are equal; with one, equal where the CPU's is below it and at least it
 * where not (both stop early). Instances from 7 to 200 jobs, machine counts whose pairs fill
 * a lane group or not and whose rows fit a group's lanes or not (the changed row by a scan
 * across the lanes or by one lane), lane groups of 8, 16 and 32, a pair limit, a Taillard
 * 20 x 20 and a 50 x 20. */
#include "gpu_check.h"
#include "lb1.h"
#include "lb2.h"
#include "resident_lb2_check.h"
#include "suites.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Random parents with at least two unscheduled jobs. */
static void random_parents(unsigned *state, int n, int count, fsbb_job *perms, int *front_lens, int *back_lens)
{
    for (int i = 0; i < count; i++) {
        fsbb_job *perm = perms + (size_t)i * n;
        for (int j = 0; j < n; j++)
            perm[j] = (fsbb_job)j;
        for (int j = n - 1; j > 0; j--) {
            const int k = gpu_check_uniform(state, 0, j);
            const fsbb_job t = perm[j];
            perm[j] = perm[k];
            perm[k] = t;
        }
        front_lens[i] = gpu_check_uniform(state, 0, n - 2);
        back_lens[i] = gpu_check_uniform(state, 0, n - 2 - front_lens[i]);
    }
}

/* The CPU's LB2 of child (i, x, forward), as search_cpu.c refines it. */
static int cpu_child_lb2(const fsbb_bound_data *d, const fsbb_job *perm, int front_len, int back_len, int x,
                         int forward, int ub, int *scratch, unsigned char *unscheduled)
{
    const int n = d->n, m = d->m;
    int *front = scratch, *back = scratch + m, *child = scratch + 2 * m;
    fsbb_front_times(d, perm, front_len, front);
    fsbb_back_times(d, perm, back_len, back);
    memset(unscheduled, 0, (size_t)n);
    for (int y = front_len; y < n - back_len; y++)
        unscheduled[perm[y]] = 1;
    const int job = perm[front_len + x];
    unscheduled[job] = 0;
    if (forward) {
        fsbb_front_append(d, job, front, child);
        return fsbb_lb2(d, unscheduled, child, back, ub);
    }
    fsbb_back_prepend(d, job, back, child);
    return fsbb_lb2(d, unscheduled, front, child, ub);
}

/* Mismatches between the GPU and the CPU over count random parents of d. */
static int compare(const fsbb_bound_data *d, unsigned *state, int count, int ub, int group, const char *what)
{
    const int n = d->n, m = d->m;
    fsbb_job *perms = malloc(sizeof *perms * (size_t)n * count);
    int *front_lens = malloc(sizeof(int) * count), *back_lens = malloc(sizeof(int) * count);
    int *gpu = malloc(sizeof(int) * (size_t)count * n * 2), *scratch = malloc(sizeof(int) * 3 * (size_t)m);
    unsigned char *unscheduled = malloc((size_t)n);
    random_parents(state, n, count, perms, front_lens, back_lens);
    fsbb_error err;
    const fsbb_status status = gpu_resident_child_lb2(d, perms, front_lens, back_lens, count, ub, group, gpu, &err);
    CU_ASSERT_EQUAL(status, FSBB_OK);
    if (status != FSBB_OK)
        printf("\n[%s: %s]", what, err.message);
    int wrong = status != FSBB_OK, children = 0;
    for (int i = 0; i < count && status == FSBB_OK; i++) {
        const int open = n - front_lens[i] - back_lens[i];
        for (int x = 0; x < n; x++)
            for (int forward = 0; forward < 2; forward++) {
                const int got = gpu[((size_t)i * n + x) * 2 + forward];
                if (x >= open) {
                    wrong += got != -1;
                    continue;
                }
                children++;
                const int want = cpu_child_lb2(d, perms + (size_t)i * n, front_lens[i], back_lens[i], x, forward, ub,
                                               scratch, unscheduled);
                const int same = want < ub ? got == want : got >= ub;
                if (!same && wrong++ < 3)
                    printf("\n[%s: parent %d (%d|%d), place %d, %s: GPU %d, CPU %d, ub %d]", what, i, front_lens[i],
                           back_lens[i], x, forward ? "forward" : "backward", got, want, ub);
            }
    }
    printf("\n[%s, %d-lane groups, ub %s: %d children, %d differ]", what, group, ub == INT_MAX ? "none" : "set",
           children, wrong);
    free(perms);
    free(front_lens);
    free(back_lens);
    free(gpu);
    free(scratch);
    free(unscheduled);
    return wrong;
}

/* The CPU's full LB2 at a mid-depth parent of d: a bound that cuts some children and not others. */
static int middle_ub(const fsbb_bound_data *d, unsigned *state)
{
    const int n = d->n;
    fsbb_job *perm = malloc(sizeof *perm * (size_t)n);
    int front_len = n / 3, back_len = n / 3;
    int *scratch = malloc(sizeof(int) * 3 * (size_t)d->m);
    unsigned char *unscheduled = malloc((size_t)n);
    random_parents(state, n, 1, perm, &front_len, &back_len);
    const int value = cpu_child_lb2(d, perm, front_len, back_len, 0, 1, INT_MAX, scratch, unscheduled);
    free(perm);
    free(scratch);
    free(unscheduled);
    return value;
}

static void check_instance(const fsbb_bound_data *d, unsigned *state, const char *what)
{
    static const int groups[] = {8, 16, 32};
    for (int g = 0; g < 3; g++) {
        CU_ASSERT_EQUAL(compare(d, state, 24, INT_MAX, groups[g], what), 0);
        CU_ASSERT_EQUAL(compare(d, state, 24, middle_ub(d, state), groups[g], what), 0);
    }
}

static void test_random_instances(void)
{
    static const int sizes[][2] = {{7, 3}, {20, 5}, {20, 20}, {33, 10}, {64, 6}, {70, 12}, {128, 4}, {130, 5},
                                   {200, 7}, {12, 33}};
    unsigned state = gpu_check_seed() + 77;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        fsbb_bound_data d;
        gpu_check_random_instance(&state, sizes[s][0], sizes[s][1], s % 2 ? 99 : 9, &d);
        char what[64];
        snprintf(what, sizeof what, "random %dx%d", sizes[s][0], sizes[s][1]);
        check_instance(&d, &state, what);
        CU_ASSERT_EQUAL_FATAL(fsbb_bound_data_build_pairs(&d, 3, NULL, NULL), 0);
        snprintf(what, sizeof what, "random %dx%d, 3 pairs", sizes[s][0], sizes[s][1]);
        CU_ASSERT_EQUAL(compare(&d, &state, 16, INT_MAX, 32, what), 0);
        fsbb_bound_data_free(&d);
    }
}

static void test_taillard(void)
{
    unsigned state = gpu_check_seed() + 78;
    const char *names[] = {"ta021", "ta051"};
    for (int i = 0; i < 2; i++) {
        fsbb_bound_data d;
        int best = 0;
        gpu_check_taillard(names[i], &d, &best);
        check_instance(&d, &state, names[i]);
        CU_ASSERT_EQUAL(compare(&d, &state, 24, best, 32, names[i]), 0);
        fsbb_bound_data_free(&d);
    }
}

FSBB_SUITE("gpu_resident_lb2",
           {"random instances: GPU LB2 of every child = CPU LB2", test_random_instances},
           {"ta021, ta051: GPU LB2 of every child = CPU LB2", test_taillard})
