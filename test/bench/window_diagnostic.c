/* window_diagnostic.c — is there anything for an exact window move to find in the
 * iterated greedy's schedules (issue 14)? One walk with the defaults (ig_walk.h) per
 * instance, a fixed number of iterations from NEH; every `every` iterations its current
 * schedule, and at the end its best, are taken, and for each window size K every window of
 * K consecutive jobs (starts 0, stride, 2 stride, ...) is re-sequenced optimally with the
 * rest fixed (window_search.h). Per schedule and K it counts the windows whose optimum is
 * below the schedule's makespan, the largest gain, those below the walk's best at that
 * time, and, after the best window order is applied and the insertion local search run
 * from it (local_search.h), whether that ends below the walk's best; and the CPU time of
 * the window solves.
 *
 *   window-diagnostic [--instances LIST] [--iterations N] [--every E] [--seed S]
 *                     [--windows K1,K2,...] [--stride D] [--csv FILE]
 *
 * LIST: "ta081-ta085" (the default) or "ta081,ta084"; N 20000, E 1000, S 1, windows
 * 6,8,10,12, stride 1 by default. One line per schedule and K to --csv, a summary per K
 * on standard output. */
#include "ig_walk.h"
#include "iterated_greedy.h"
#include "local_search.h"
#include "splitmix.h"
#include "taillard_list.h"
#include "window_search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_WINDOWS 8

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* What the windows of one size found on one schedule. */
typedef struct window_count {
    long windows, improving, below_best, below_best_after_search;
    int largest_gain;
    long gain_sum;
    double solve_s, slowest_s;
    unsigned long long nodes;
} window_count;

typedef struct diagnostic {
    fsbb_insertion *space;
    fsbb_window window;
    int n, m;
    int *trial, *scratch;
    uint64_t rng;
    FILE *csv;
} diagnostic;

/* Every window of size k of seq (makespan `makespan`; the walk's best `best`). */
static window_count count_windows(diagnostic *d, const int *seq, int makespan, int best, int k, int stride)
{
    window_count count = {0};
    const int n = d->n, m = d->m;
    int head[256], tail[256], order[FSBB_WINDOW_MAX];
    fsbb_insertion_load(d->space, seq, n);
    int least = makespan, least_start = -1, least_order[FSBB_WINDOW_MAX];
    for (int start = 0; start + k <= n; start += stride) {
        for (int q = 0; q < m; q++) {
            head[q] = d->space->head[q * d->space->stride + start];
            tail[q] = d->space->tail[q * d->space->stride + start + k];
        }
        const double before = cpu_s();
        const int found = fsbb_window_solve(&d->window, seq + start, k, head, tail, makespan, order, NULL, NULL);
        const double spent = cpu_s() - before;
        count.solve_s += spent;
        count.slowest_s = spent > count.slowest_s ? spent : count.slowest_s;
        count.nodes += d->window.nodes;
        count.windows++;
        if (found < makespan) {
            count.improving++;
            count.gain_sum += makespan - found;
            count.largest_gain = makespan - found > count.largest_gain ? makespan - found : count.largest_gain;
            count.below_best += found < best;
            if (found < least) {
                least = found;
                least_start = start;
                memcpy(least_order, order, sizeof(int) * (size_t)k);
            }
        }
    }
    if (least_start >= 0) {
        memcpy(d->trial, seq, sizeof(int) * (size_t)n);
        memcpy(d->trial + least_start, least_order, sizeof(int) * (size_t)k);
        const int applied = fsbb_insertion_makespan(d->space, d->trial, n);
        if (applied != least)
            fprintf(stderr, "window-diagnostic: window makespan %d, recomputed %d\n", least, applied);
        const int searched =
            fsbb_local_search_insertion(d->space, d->trial, n, applied, &d->rng, d->scratch, NULL, NULL);
        count.below_best_after_search = searched < best;
    }
    return count;
}

static int usage(void)
{
    fprintf(stderr, "usage: window-diagnostic [--instances LIST] [--iterations N] [--every E] [--seed S]\n"
                    "         [--windows K1,K2,...] [--stride D] [--csv FILE]\n");
    return 2;
}

int main(int argc, char **argv)
{
    const char *list = "ta081-ta085", *csv_path = NULL;
    long iterations = 20000, every = 1000;
    uint64_t seed = 1;
    int sizes[MAX_WINDOWS] = {6, 8, 10, 12}, size_count = 4, stride = 1;
    for (int i = 1; i < argc; i++) {
        const char *option = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value)
            return usage();
        i++;
        if (strcmp(option, "--instances") == 0) {
            list = value;
        } else if (strcmp(option, "--iterations") == 0) {
            iterations = atol(value);
        } else if (strcmp(option, "--every") == 0) {
            every = atol(value);
        } else if (strcmp(option, "--seed") == 0) {
            seed = strtoull(value, NULL, 10);
        } else if (strcmp(option, "--stride") == 0) {
            stride = atoi(value);
        } else if (strcmp(option, "--csv") == 0) {
            csv_path = value;
        } else if (strcmp(option, "--windows") == 0) {
            size_count = 0;
            for (const char *s = value; *s && size_count < MAX_WINDOWS; s = strchr(s, ',') ? strchr(s, ',') + 1 : "")
                sizes[size_count++] = atoi(s);
        } else {
            return usage();
        }
    }
    int indexes[FSBB_TAILLARD_LIST_MAX], count = 0;
    if (fsbb_taillard_list_parse(list, indexes, &count) != 0 || iterations < 1 || every < 1 || stride < 1 || size_count < 1)
        return usage();
    for (int s = 0; s < size_count; s++)
        if (sizes[s] < 2 || sizes[s] > FSBB_WINDOW_MAX)
            return usage();
    FILE *csv = NULL;
    if (csv_path) {
        csv = fopen(csv_path, "w");
        if (!csv) {
            fprintf(stderr, "window-diagnostic: cannot write %s\n", csv_path);
            return 1;
        }
        fprintf(csv, "instance,iteration,schedule,makespan,walk_best,k,windows,improving,largest_gain,gain_sum,"
                     "below_best,below_best_after_search,solve_cpu_s,slowest_solve_s,nodes\n");
    }
    window_count total[MAX_WINDOWS] = {0}, best_total[MAX_WINDOWS] = {0};
    long schedules_improved[MAX_WINDOWS] = {0}, best_improved[MAX_WINDOWS] = {0}, schedules = 0, bests = 0;
    fsbb_ig_config defaults;
    fsbb_ig_config_default(&defaults);
    const fsbb_ig_walk_params params = {.destruction = defaults.destruction, .temperature = defaults.temperature};
    for (int i = 0; i < count; i++) {
        char name[16];
        snprintf(name, sizeof name, "ta%03d", indexes[i]);
        fsbb_error err;
        fsbb_instance *inst;
        if (fsbb_instance_load(name, &inst, &err) != FSBB_OK) {
            fprintf(stderr, "window-diagnostic: %s\n", err.message);
            return 1;
        }
        const int n = fsbb_instance_jobs(inst), m = fsbb_instance_machines(inst);
        int *p = malloc(sizeof(int) * (size_t)n * (size_t)m), *start = malloc(sizeof(int) * (size_t)n);
        diagnostic d = {.n = n, .m = m, .rng = seed ^ 0x5DEECE66Dull, .csv = csv};
        d.trial = malloc(sizeof(int) * (size_t)n);
        d.scratch = malloc(sizeof(int) * 2 * (size_t)n);
        fsbb_ig_walk walk;
        uint64_t seed_state = seed;
        if (!p || !start || !d.trial || !d.scratch || m > 256) {
            fprintf(stderr, "window-diagnostic: out of memory\n");
            return 1;
        }
        for (int k = 0; k < m; k++)
            for (int j = 0; j < n; j++)
                p[k * n + j] = fsbb_instance_time(inst, k, j);
        /* The windows on their own workspace: the walk's stays untouched. */
        fsbb_insertion space;
        d.space = &space;
        if (fsbb_ig_walk_init(&walk, n, m, p, &params, fsbb_splitmix_next(&seed_state)) != 0 ||
            fsbb_insertion_init(&space, n, m, p) != 0 || fsbb_window_init(&d.window, &space, FSBB_WINDOW_MAX) != 0) {
            fprintf(stderr, "window-diagnostic: out of memory\n");
            return 1;
        }
        fsbb_ig_walk_adopt(&walk, start, fsbb_ig_walk_neh(&walk, start, NULL, NULL));
        fsbb_ig_walk_polish(&walk, NULL, NULL);
        const double walk_start = cpu_s();
        double diagnostic_s = 0;
        for (long it = 1; it <= iterations; it++) {
            fsbb_ig_walk_iterate(&walk, NULL, NULL);
            const int last = it == iterations;
            if (it % every != 0 && !last)
                continue;
            const double diagnostic_start = cpu_s();
            for (int view = 0; view < 1 + last; view++) {
                const int *seq = view ? walk.best : walk.current;
                const int makespan = view ? walk.best_makespan : walk.current_makespan;
                if (view)
                    bests++;
                else
                    schedules++;
                for (int s = 0; s < size_count; s++) {
                    memcpy(start, seq, sizeof(int) * (size_t)n);
                    const window_count c = count_windows(&d, start, makespan, walk.best_makespan, sizes[s], stride);
                    window_count *sum = view ? &best_total[s] : &total[s];
                    sum->windows += c.windows;
                    sum->improving += c.improving;
                    sum->below_best += c.below_best;
                    sum->below_best_after_search += c.below_best_after_search;
                    sum->gain_sum += c.gain_sum;
                    sum->largest_gain = c.largest_gain > sum->largest_gain ? c.largest_gain : sum->largest_gain;
                    sum->solve_s += c.solve_s;
                    sum->slowest_s = c.slowest_s > sum->slowest_s ? c.slowest_s : sum->slowest_s;
                    sum->nodes += c.nodes;
                    (view ? best_improved : schedules_improved)[s] += c.improving > 0;
                    if (csv)
                        fprintf(csv, "%s,%ld,%s,%d,%d,%d,%ld,%ld,%d,%ld,%ld,%ld,%.6f,%.6f,%llu\n", name, it,
                                view ? "best" : "current", makespan, walk.best_makespan, sizes[s], c.windows,
                                c.improving, c.largest_gain, c.gain_sum, c.below_best, c.below_best_after_search,
                                c.solve_s, c.slowest_s, c.nodes);
                }
            }
            if (csv)
                fflush(csv);
            diagnostic_s += cpu_s() - diagnostic_start;
        }
        printf("%s: NEH then %ld iterations, best %d (best known %d), walk %.2f s CPU, windows %.2f s CPU\n", name,
               iterations, walk.best_makespan, fsbb_instance_best_known(inst),
               cpu_s() - walk_start - diagnostic_s, diagnostic_s);
        fsbb_window_free(&d.window);
        fsbb_insertion_free(&space);
        fsbb_ig_walk_free(&walk);
        free(p);
        free(start);
        free(d.trial);
        free(d.scratch);
        fsbb_instance_free(inst);
    }
    printf("\n%-8s %3s %9s %9s %9s %9s %9s %9s %12s %12s %12s %12s\n", "schedule", "K", "schedules", "improved",
           "windows", "improving", "max gain", "< best", "< best + LS", "us/solve", "max us", "nodes/solve");
    for (int view = 0; view < 2; view++)
        for (int s = 0; s < size_count; s++) {
            const window_count *c = view ? &best_total[s] : &total[s];
            printf("%-8s %3d %9ld %9ld %9ld %9ld %9d %9ld %12ld %12.1f %12.1f %12.1f\n", view ? "best" : "current",
                   sizes[s], view ? bests : schedules, (view ? best_improved : schedules_improved)[s], c->windows,
                   c->improving, c->largest_gain, c->below_best, c->below_best_after_search,
                   c->windows ? 1e6 * c->solve_s / (double)c->windows : 0, 1e6 * c->slowest_s,
                   c->windows ? (double)c->nodes / (double)c->windows : 0);
        }
    if (csv)
        fclose(csv);
    return 0;
}
