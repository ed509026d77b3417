/* verify.c — fsbb_bound_verify: a custom CPU bound checked against brute force at every
 * node of the full search tree of small random instances. A node is a prefix and a
 * disjoint suffix of the jobs with at least one job left between them; its best
 * completion is the least makespan over every order of those jobs, computed with the
 * textbook recurrence on the whole sequence. */
#include "error.h"
#include "lb1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MIN_JOBS = 3, MAX_JOBS = 7, MIN_MACHINES = 2, MAX_MACHINES = 5 };

typedef struct checker {
    const fsbb_bound_definition *bound;
    int n, m;
    int p[MAX_MACHINES * MAX_JOBS];      /* m x n */
    fsbb_bound_data data;                /* n, m and p only: what front and back times read */
    unsigned char used[MAX_JOBS];        /* in the prefix or the suffix */
    int prefix[MAX_JOBS], prefix_length;
    int suffix[MAX_JOBS], suffix_length; /* in order of execution */
    int unscheduled[MAX_JOBS], unscheduled_count;
    int front[MAX_MACHINES], back[MAX_MACHINES];
    int middle[MAX_JOBS];                /* an order of the unscheduled jobs */
    unsigned char middle_used[MAX_JOBS];
    int completion[MAX_JOBS + 1][MAX_MACHINES]; /* by jobs placed: prefix, then middle */
    int best;                            /* least makespan found for the current node */
    int failed_bound, failed_best;       /* the violation, when one was found */
    char failed_node[512];               /* its prefix, suffix and unscheduled jobs in words */
} checker;

static unsigned next_random(unsigned *state)
{
    unsigned x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

static void append_job(const checker *c, const int *before, int job, int *after)
{
    fsbb_completion_append(c->n, c->m, c->p, job, before, after);
}

/* Tries every order of the unscheduled jobs after `placed` of them, then the suffix. */
static void complete(checker *c, int placed)
{
    const int depth = c->prefix_length + placed;
    if (placed == c->unscheduled_count) {
        int finish[MAX_MACHINES];
        memcpy(finish, c->completion[depth], sizeof finish);
        for (int i = 0; i < c->suffix_length; i++)
            append_job(c, finish, c->suffix[i], finish);
        c->best = FSBB_MIN(c->best, finish[c->m - 1]);
        return;
    }
    for (int i = 0; i < c->unscheduled_count; i++) {
        if (c->middle_used[i])
            continue;
        c->middle_used[i] = 1;
        append_job(c, c->completion[depth], c->unscheduled[i], c->completion[depth + 1]);
        complete(c, placed + 1);
        c->middle_used[i] = 0;
    }
}

/* Appends " (a b c)" style lists to a message. */
static size_t append_list(char *text, size_t size, size_t used, const char *open, const int *values, int count,
                          const char *close)
{
    used += (size_t)snprintf(text + used, used < size ? size - used : 0, "%s", open);
    for (int i = 0; i < count; i++)
        used += (size_t)snprintf(text + used, used < size ? size - used : 0, "%s%d", i ? " " : "", values[i]);
    used += (size_t)snprintf(text + used, used < size ? size - used : 0, "%s", close);
    return used;
}

static void describe_node(checker *c)
{
    const size_t size = sizeof c->failed_node;
    size_t used = append_list(c->failed_node, size, 0, "prefix (", c->prefix, c->prefix_length, ")");
    used = append_list(c->failed_node, size, used, " suffix (", c->suffix, c->suffix_length, ")");
    append_list(c->failed_node, size, used, " unscheduled {", c->unscheduled, c->unscheduled_count, "}");
}

/* Checks the bound at the current node; returns 0 when it exceeds the best completion. */
static int check_node(checker *c)
{
    c->unscheduled_count = 0;
    for (int j = 0; j < c->n; j++)
        if (!c->used[j])
            c->unscheduled[c->unscheduled_count++] = j;
    if (c->unscheduled_count == 0)
        return 1;
    fsbb_job perm[MAX_JOBS];
    int position = 0;
    for (int i = 0; i < c->prefix_length; i++)
        perm[position++] = (fsbb_job)c->prefix[i];
    for (int i = 0; i < c->unscheduled_count; i++)
        perm[position++] = (fsbb_job)c->unscheduled[i];
    for (int i = 0; i < c->suffix_length; i++)
        perm[position++] = (fsbb_job)c->suffix[i];
    fsbb_front_times(&c->data, perm, c->prefix_length, c->front);
    fsbb_back_times(&c->data, perm, c->suffix_length, c->back);
    const fsbb_node_view view = {
        .jobs = c->n, .machines = c->m, .times = c->p,
        .prefix = c->prefix, .prefix_length = c->prefix_length,
        .suffix = c->suffix, .suffix_length = c->suffix_length,
        .unscheduled = c->unscheduled, .unscheduled_count = c->unscheduled_count,
        .front = c->front, .back = c->back,
    };
    const int value = c->bound->cpu_bound(&view, c->bound->user_data);

    memset(c->completion[0], 0, sizeof c->completion[0]);
    for (int i = 0; i < c->prefix_length; i++)
        append_job(c, c->completion[i], c->prefix[i], c->completion[i + 1]);
    memset(c->middle_used, 0, sizeof c->middle_used);
    c->best = 0x7fffffff;
    complete(c, 0);
    if (value <= c->best)
        return 1;
    c->failed_bound = value;
    c->failed_best = c->best;
    describe_node(c);
    return 0;
}

/* Every suffix of the jobs outside the current prefix, built by prepending jobs. */
static int visit_suffixes(checker *c)
{
    if (!check_node(c))
        return 0;
    for (int j = 0; j < c->n; j++) {
        if (c->used[j])
            continue;
        memmove(c->suffix + 1, c->suffix, sizeof(int) * (size_t)c->suffix_length);
        c->suffix[0] = j;
        c->suffix_length++;
        c->used[j] = 1;
        const int ok = visit_suffixes(c);
        c->used[j] = 0;
        c->suffix_length--;
        memmove(c->suffix, c->suffix + 1, sizeof(int) * (size_t)c->suffix_length);
        if (!ok)
            return 0;
    }
    return 1;
}

static int visit_prefixes(checker *c)
{
    if (!visit_suffixes(c))
        return 0;
    for (int j = 0; j < c->n; j++) {
        if (c->used[j])
            continue;
        c->prefix[c->prefix_length++] = j;
        c->used[j] = 1;
        const int ok = visit_prefixes(c);
        c->used[j] = 0;
        c->prefix_length--;
        if (!ok)
            return 0;
    }
    return 1;
}

static fsbb_status report_failure(const checker *c, int index, unsigned seed, fsbb_error *err)
{
    char times[1024];
    size_t used = 0;
    for (int k = 0; k < c->m; k++)
        used = append_list(times, sizeof times, used, k ? " [" : "[", c->p + k * c->n, c->n, "]");
    return fsbb_fail(err, FSBB_ERR_VERIFY,
                     "custom bound '%s' is not a lower bound: it gives %d at node %s (jobs 0-based) whose best "
                     "completion is %d, on random instance %d of seed %u: %d jobs x %d machines, times by machine %s",
                     c->bound->name ? c->bound->name : "(unnamed)", c->failed_bound, c->failed_node, c->failed_best, index,
                     seed, c->n, c->m, times);
}

fsbb_status fsbb_bound_verify(const fsbb_bound_definition *bound, int instances, unsigned seed, fsbb_error *err)
{
    if (!bound || !bound->cpu_bound)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_bound_verify: the bound has no CPU function");
    if (instances < 1)
        return fsbb_fail(err, FSBB_ERR_ARGUMENT, "fsbb_bound_verify: %d instances (at least 1)", instances);
    checker *c = calloc(1, sizeof *c);
    if (!c)
        return fsbb_fail(err, FSBB_ERR_MEMORY, "out of memory for bound verification");
    fsbb_status status = FSBB_OK;
    unsigned state = seed * 2654435761u + 0x9e3779b9u;
    if (state == 0)
        state = 1;
    for (int index = 0; index < instances && status == FSBB_OK; index++) {
        memset(c, 0, sizeof *c);
        c->bound = bound;
        c->n = MIN_JOBS + index % (MAX_JOBS - MIN_JOBS + 1);
        c->m = MIN_MACHINES + index / (MAX_JOBS - MIN_JOBS + 1) % (MAX_MACHINES - MIN_MACHINES + 1);
        const unsigned max_time = index % 2 ? 9 : 99;
        for (int i = 0; i < c->n * c->m; i++)
            c->p[i] = 1 + (int)(next_random(&state) % max_time);
        c->data.n = c->n;
        c->data.m = c->m;
        c->data.p = c->p;
        if (!visit_prefixes(c))
            status = report_failure(c, index, seed, err);
    }
    free(c);
    return status;
}
