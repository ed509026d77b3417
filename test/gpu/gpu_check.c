/* gpu_check.c — helpers of the GPU tests (see gpu_check.h). */
#include "gpu_check.h"

#include "lb1.h"
#include "taillard.h"

#include <CUnit/CUnit.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

unsigned gpu_check_seed(void)
{
    static unsigned seed;
    if (!seed) {
        const char *text = getenv("FSBB_TEST_SEED");
        seed = text ? (unsigned)strtoul(text, NULL, 10) : (unsigned)time(NULL);
        if (!seed)
            seed = 1;
        printf("\n[gpu tests: FSBB_TEST_SEED=%u]\n", seed);
    }
    return seed;
}

int gpu_check_uniform(unsigned *state, int low, int high)
{
    unsigned x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return low + (int)(x % (unsigned)(high - low + 1));
}

void gpu_check_taillard(const char *name, fsbb_bound_data *d, int *best_known)
{
    const int index = fsbb_taillard_index(name);
    const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
    fsbb_taillard_generate(index, p);
    fsbb_bound_data_init(d, e->jobs, e->machines, p);
    fsbb_bound_data_build_pairs(d, 0, NULL, NULL);
    free(p);
    if (best_known)
        *best_known = e->best_known;
}

void gpu_check_random_instance(unsigned *state, int n, int m, int max_time, fsbb_bound_data *d)
{
    int *p = malloc(sizeof *p * (size_t)n * (size_t)m);
    for (int i = 0; i < n * m; i++)
        p[i] = gpu_check_uniform(state, 1, max_time);
    fsbb_bound_data_init(d, n, m, p);
    fsbb_bound_data_build_pairs(d, 0, NULL, NULL);
    free(p);
}

void gpu_check_random_nodes(unsigned *state, fsbb_gpu_pool *pool)
{
    const int n = pool->n;
    fsbb_job *perm = malloc(sizeof *perm * (size_t)n);
    for (int node = 0; node < pool->capacity; node++) {
        for (int i = 0; i < n; i++)
            perm[i] = (fsbb_job)i;
        for (int i = n - 1; i > 0; i--) {
            const int j = gpu_check_uniform(state, 0, i);
            const fsbb_job t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        const int front_len = gpu_check_uniform(state, 0, n);
        const int back_len = gpu_check_uniform(state, 0, n - front_len);
        fsbb_gpu_pool_put(pool, node, perm, front_len, back_len);
    }
    pool->count = pool->capacity;
    free(perm);
}

int gpu_check_identity_makespan(const fsbb_bound_data *d)
{
    fsbb_job *perm = malloc(sizeof *perm * (size_t)d->n);
    int *scratch = malloc(sizeof *scratch * 3 * (size_t)d->m);
    for (int j = 0; j < d->n; j++)
        perm[j] = (fsbb_job)j;
    const int makespan = fsbb_lb1(d, perm, d->n, 0, scratch);
    free(perm);
    free(scratch);
    return makespan;
}

void gpu_check_load_slot(fsbb_gpu_bounder *bounder, int slot, const fsbb_gpu_pool *pool)
{
    fsbb_gpu_pool *target = fsbb_gpu_bounder_pool(bounder, slot);
    fsbb_job *perm = malloc(sizeof *perm * (size_t)pool->n);
    for (int node = 0; node < pool->count; node++) {
        fsbb_gpu_pool_get(pool, node, perm);
        fsbb_gpu_pool_put(target, node, perm, pool->front_len[node], pool->back_len[node]);
    }
    target->count = pool->count;
    free(perm);
}

void gpu_check_reference(const fsbb_bound_data *d, fsbb_lb_kind lb, const fsbb_gpu_pool *pool, int ub,
                         int *bounds)
{
    fsbb_job *perm = malloc(sizeof *perm * (size_t)d->n);
    int *scratch = malloc(sizeof *scratch * 3 * (size_t)d->m);
    unsigned char *unscheduled = malloc((size_t)d->n);
    for (int node = 0; node < pool->count; node++) {
        fsbb_gpu_pool_get(pool, node, perm);
        bounds[node] = fsbb_pool_node_bound(d, lb, perm, pool->front_len[node], pool->back_len[node], ub, scratch,
                                            unscheduled);
    }
    free(perm);
    free(scratch);
    free(unscheduled);
}

int gpu_check_median_lb1(const fsbb_bound_data *d, const fsbb_gpu_pool *pool)
{
    int *lb1 = malloc(sizeof *lb1 * (size_t)pool->count);
    gpu_check_reference(d, FSBB_LB1, pool, INT_MAX, lb1);
    for (int i = 1; i < pool->count; i++)
        for (int j = i; j > 0 && lb1[j - 1] > lb1[j]; j--) {
            const int t = lb1[j];
            lb1[j] = lb1[j - 1];
            lb1[j - 1] = t;
        }
    const int median = lb1[pool->count / 2];
    free(lb1);
    return median;
}

int gpu_check_slot_against(fsbb_gpu_bounder *bounder, int slot, int ub, const int *reference, int count,
                           const char *what)
{
    fsbb_error err;
    const int *bounds = NULL;
    if (fsbb_gpu_bounder_clear_bounds(bounder, slot, &err) != FSBB_OK ||
        fsbb_gpu_bounder_submit(bounder, slot, ub, &err) != FSBB_OK ||
        fsbb_gpu_bounder_wait(bounder, slot, &bounds, &err) != FSBB_OK) {
        printf("\n%s: %s\n", what, err.message);
        return count > 0 ? count : 1;
    }
    int wrong = 0;
    for (int node = 0; node < count; node++) {
        if (bounds[node] == reference[node])
            continue;
        if (wrong++ < 3)
            printf("\n%s: node %d: GPU %d, CPU %d", what, node, bounds[node], reference[node]);
    }
    return wrong;
}

/* Bounds the bounder's slot 0 in one mode and LB2 kernel (lanes, as fsbb_gpu_bounder_set_lb2_lanes
 * takes them) against reference: mismatches, a refusal counting as one. */
static int check_mode(fsbb_gpu_bounder *bounder, fsbb_refactor_kind refactor, fsbb_lb_kind lb, int lanes, int ub,
                      const int *reference, int count, const char *label)
{
    fsbb_error err;
    if (fsbb_gpu_bounder_set_lb2_lanes(bounder, lanes, &err) != FSBB_OK ||
        fsbb_gpu_bounder_set_mode(bounder, refactor, lb, &err) != FSBB_OK) {
        printf("\n%s: %s\n", label, err.message);
        return 1;
    }
    return gpu_check_slot_against(bounder, 0, ub, reference, count, label);
}

int gpu_check_all_modes(const fsbb_bound_data *d, const fsbb_gpu_pool *pool, int ub, int block_size,
                        fsbb_gpu_tables where, const char *what)
{
    static const char *refactor_names[] = {"none", "trig", "select"};
    static const int group_lanes[] = {8, 16, 32};
    fsbb_error err;
    fsbb_gpu_bounder *bounder;
    if (fsbb_gpu_bounder_new(d, pool->count, block_size, FSBB_REFACTOR_NONE, FSBB_LB1, &bounder, &err) != FSBB_OK) {
        printf("\n%s: %s\n", what, err.message);
        return 1;
    }
    if (fsbb_gpu_bounder_place_tables(bounder, where, &err) != FSBB_OK) {
        printf("\n%s: %s\n", what, err.message);
        fsbb_gpu_bounder_free(bounder);
        return 1;
    }
    gpu_check_load_slot(bounder, 0, pool);
    int *reference = malloc(sizeof *reference * (size_t)pool->count);
    int wrong = 0;
    for (int lb = FSBB_LB1; lb <= FSBB_LB2; lb++) {
        gpu_check_reference(d, (fsbb_lb_kind)lb, pool, ub, reference);
        for (int refactor = FSBB_REFACTOR_NONE; refactor <= FSBB_REFACTOR_SELECT; refactor++) {
            char label[256];
            snprintf(label, sizeof label, "%s, %s, refactor %s, one node a thread, blocks of %d", what,
                     lb == FSBB_LB1 ? "LB1" : "LB2", refactor_names[refactor], block_size);
            wrong += check_mode(bounder, (fsbb_refactor_kind)refactor, (fsbb_lb_kind)lb, 0, ub, reference,
                                pool->count, label);
        }
        /* LB2 by lane groups (the refactor modes leave that kernel as it is). */
        for (int g = 0; lb == FSBB_LB2 && d->pair_count > 0 && g < 3; g++) {
            char label[256];
            snprintf(label, sizeof label, "%s, LB2, %d lanes a node, blocks of %d", what, group_lanes[g], block_size);
            wrong += check_mode(bounder, FSBB_REFACTOR_NONE, FSBB_LB2, group_lanes[g], ub, reference, pool->count,
                                label);
        }
    }
    free(reference);
    fsbb_gpu_bounder_free(bounder);
    return wrong;
}

/* LB1 from the node's fields: static heads, tails and minimum times over all jobs, then the
 * recurrence of bounds/lb1.h; a node with no unscheduled job gets its makespan. */
const char gpu_check_lb1_source[] =
    "extern \"C\" __device__ int gpu_lb1(const fsbb_gpu_node *node)\n"
    "{\n"
    "    const int n = node->jobs, m = node->machines;\n"
    "    if (node->unscheduled_count == 0) {\n"
    "        int makespan = 0;\n"
    "        for (int k = 0; k < m; k++)\n"
    "            makespan = FSBB_MAX(makespan, node->front[k] + node->back[k]);\n"
    "        return makespan;\n"
    "    }\n"
    "    int min_head[FSBB_MACHINES], min_tail[FSBB_MACHINES], min_p[FSBB_MACHINES];\n"
    "    for (int k = 0; k < m; k++)\n"
    "        min_head[k] = min_tail[k] = min_p[k] = 0x7fffffff;\n"
    "    for (int j = 0; j < n; j++) {\n"
    "        int head = 0, tail = 0;\n"
    "        for (int k = 0; k < m; k++) {\n"
    "            min_head[k] = FSBB_MIN(min_head[k], head);\n"
    "            head += node->times[k * n + j];\n"
    "            min_p[k] = FSBB_MIN(min_p[k], node->times[k * n + j]);\n"
    "        }\n"
    "        for (int k = m - 1; k >= 0; k--) {\n"
    "            min_tail[k] = FSBB_MIN(min_tail[k], tail);\n"
    "            tail += node->times[k * n + j];\n"
    "        }\n"
    "    }\n"
    "    int last = 0, lb = 0;\n"
    "    for (int k = 0; k < m; k++) {\n"
    "        int remain = 0;\n"
    "        for (int i = 0; i < node->unscheduled_count; i++)\n"
    "            remain += node->times[k * n + node->unscheduled[i]];\n"
    "        const int start = FSBB_MAX(node->front[k], min_head[k]) + remain;\n"
    "        last = k == 0 ? start : FSBB_MAX(last + min_p[k], start);\n"
    "        lb = FSBB_MAX(lb, last + FSBB_MAX(node->back[k], min_tail[k]));\n"
    "    }\n"
    "    return lb;\n"
    "}\n";
