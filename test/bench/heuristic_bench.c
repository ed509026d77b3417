/* heuristic_bench.c — the heuristic engine alone (iterated_greedy.h) on Taillard's
 * instances: each instance gets a budget of factor * n * (m / 2) * 60 ms (the budget of Ruiz
 * and Stützle's experiments), the average relative percentage deviation (ARPD) from the
 * best-known makespans is printed per class with its minimum and maximum and the number of
 * best-known values matched, and one CSV line per run goes to --csv.
 *
 *   heuristic-bench [--instances LIST] [--per-class K] [--parallel P] [--factor F]
 *                   [--clock cpu|wall] [--threads T] [--repeats R] [--seed S] [--csv FILE]
 *                   [--destruction D] [--temperature T] [--partial 0|1] [--block B]
 *                   [--restart N] [--cooperation independent|cooperative] [--relink K]
 *                   [--referenced 0|1] [--interchange W] [--window K] [--iterations N]
 *
 * LIST: names and ranges, "ta051-ta120" (the default) or "ta051,ta061-ta063". --per-class K
 * keeps the first K instances of each size class of the list. P instances run at once, each
 * on its own T threads. With --clock cpu (the default) the budget is CPU time: the run's T
 * walks get a T-th of it each, so runs with different T use the same total CPU time and a
 * shared machine does not skew them; with --clock wall it is wall time. --relink K: path
 * relinking toward the walk's elite set after K iterations without a better walk best
 * (ig_walk.h; 0, the default: none). --referenced 1: the local search tries the jobs in
 * the order of the walk's best schedule (ig_walk.h; 0, the default: a random order).
 * --interchange W: the local search also exchanges two jobs at most W positions apart
 * (ig_walk.h; 0, the default: none; W >= n: any two). --window K: the local search also
 * re-sequences windows of K consecutive jobs optimally, on schedules no worse than the
 * walk's current one (ig_walk.h; 2..16; 0, the default: none).
 * --iterations N: each walk runs N iterations instead of a
 * time budget (a fixed amount of work: the same makespans for the same seed, whatever the
 * machine; the CSV's iterations / cpu_s is then the walk's speed). Repeats use seeds
 * S, S+1, ...; engine parameters not given keep fsbb_ig_config_default's values. */
#include "iterated_greedy.h"
#include "taillard_list.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RUNS 4096

typedef struct run {
    const fsbb_instance *instance;
    uint64_t seed;
    int makespan;
    fsbb_ig_result result;
    int failed;
} run;

typedef struct bench {
    fsbb_ig_config config;
    double factor;
    uint64_t iterations; /* per walk, instead of the time budget; 0: the time budget */
    run runs[MAX_RUNS];
    int run_count;
    atomic_int next;
    FILE *csv;
    pthread_mutex_t output;
} bench;

static double budget_s(const fsbb_instance *inst, double factor)
{
    return factor * fsbb_instance_jobs(inst) * (fsbb_instance_machines(inst) / 2.0) * 0.060;
}

static void *worker(void *data)
{
    bench *b = data;
    for (int r; (r = atomic_fetch_add(&b->next, 1)) < b->run_count;) {
        run *one = &b->runs[r];
        const fsbb_instance *inst = one->instance;
        const int n = fsbb_instance_jobs(inst), m = fsbb_instance_machines(inst);
        int *p = malloc(sizeof(int) * (size_t)n * (size_t)m), *permutation = malloc(sizeof(int) * (size_t)n);
        fsbb_ig_config config = b->config;
        config.seed = one->seed;
        config.time_limit_s = b->iterations ? 0 : budget_s(inst, b->factor);
        config.iteration_limit = b->iterations;
        if (config.clock == FSBB_IG_CLOCK_THREAD_CPU)
            config.time_limit_s /= config.threads;
        fsbb_error err;
        if (!p || !permutation) {
            one->failed = 1;
        } else {
            for (int k = 0; k < m; k++)
                for (int j = 0; j < n; j++)
                    p[k * n + j] = fsbb_instance_time(inst, k, j);
            one->failed = fsbb_ig_run(n, m, p, &config, NULL, permutation, &one->result, &err) != FSBB_OK;
            if (one->failed)
                fprintf(stderr, "heuristic-bench: %s: %s\n", fsbb_instance_name(inst), err.message);
        }
        if (!one->failed) {
            one->makespan = fsbb_instance_makespan(inst, permutation);
            if (one->makespan != one->result.makespan) {
                fprintf(stderr, "heuristic-bench: %s: reported makespan %d, schedule has %d\n", fsbb_instance_name(inst),
                        one->result.makespan, one->makespan);
                one->failed = 1;
            }
        }
        if (!one->failed) {
            const int best_known = fsbb_instance_best_known(inst);
            pthread_mutex_lock(&b->output);
            fprintf(stderr,
                    "%s seed %llu: %d (best known %d, %+.2f %%) %llu iterations, %llu relinkings (%llu kept), "
                    "best at %.1f s\n",
                    fsbb_instance_name(inst), (unsigned long long)one->seed, one->makespan, best_known,
                    100.0 * (one->makespan - best_known) / best_known, (unsigned long long)one->result.iterations,
                    (unsigned long long)one->result.relinks, (unsigned long long)one->result.relinks_taken,
                    one->result.time_to_best_s);
            if (b->csv) {
                fprintf(b->csv, "%s,%d,%d,%llu,%d,%d,%.4f,%llu,%.3f,%.3f,%.3f\n", fsbb_instance_name(inst), n, m,
                        (unsigned long long)one->seed, best_known, one->makespan,
                        100.0 * (one->makespan - best_known) / best_known, (unsigned long long)one->result.iterations,
                        one->result.time_to_best_s, one->result.cpu_s, one->result.wall_s);
                fflush(b->csv);
            }
            pthread_mutex_unlock(&b->output);
        }
        free(p);
        free(permutation);
    }
    return NULL;
}

typedef struct class_summary {
    int n, m, runs, matched;
    double sum, min, max;
} class_summary;

static void print_table(const bench *b)
{
    class_summary classes[16];
    int class_count = 0;
    for (int r = 0; r < b->run_count; r++) {
        const run *one = &b->runs[r];
        if (one->failed)
            continue;
        const int n = fsbb_instance_jobs(one->instance), m = fsbb_instance_machines(one->instance);
        const int best_known = fsbb_instance_best_known(one->instance);
        const double rpd = 100.0 * (one->makespan - best_known) / best_known;
        int c = 0;
        while (c < class_count && (classes[c].n != n || classes[c].m != m))
            c++;
        if (c == class_count) {
            if (class_count == 16)
                continue;
            classes[class_count++] = (class_summary){.n = n, .m = m, .min = rpd, .max = rpd};
        }
        class_summary *s = &classes[c];
        s->runs++;
        s->sum += rpd;
        s->min = rpd < s->min ? rpd : s->min;
        s->max = rpd > s->max ? rpd : s->max;
        s->matched += one->makespan <= best_known;
    }
    if (b->iterations)
        printf("budget %llu iterations per walk, no time limit\n", (unsigned long long)b->iterations);
    else
        printf("budget %.3g x n (m/2) 60 ms %s\n", b->factor,
               b->config.clock == FSBB_IG_CLOCK_THREAD_CPU ? "CPU time in all" : "wall time");
    printf("%d thread%s per instance (%s), d %d, T %.2f, partial %d, block %d, "
           "restart %llu, relink %llu, referenced %d, interchange %d, window %d\n",
           b->config.threads, b->config.threads == 1 ? "" : "s",
           b->config.cooperation == FSBB_IG_COOPERATIVE ? "cooperative" : "independent", b->config.destruction,
           b->config.temperature, b->config.partial_search, b->config.block_search, (unsigned long long)b->config.restart_after,
           (unsigned long long)b->config.relink_after, b->config.referenced_search, b->config.interchange,
           b->config.window);
    printf("%-8s %5s %8s %8s %8s %8s\n", "class", "runs", "ARPD %", "min %", "max %", "matched");
    double total = 0;
    int runs = 0;
    for (int c = 0; c < class_count; c++) {
        const class_summary *s = &classes[c];
        char name[32];
        snprintf(name, sizeof name, "%dx%d", s->n, s->m);
        printf("%-8s %5d %8.3f %8.3f %8.3f %8d\n", name, s->runs, s->sum / s->runs, s->min, s->max, s->matched);
        total += s->sum;
        runs += s->runs;
    }
    if (runs)
        printf("%-8s %5d %8.3f\n", "all", runs, total / runs);
}

static int usage(void)
{
    fprintf(stderr, "usage: heuristic-bench [--instances LIST] [--per-class K] [--parallel P] [--factor F]\n"
                    "         [--clock cpu|wall] [--threads T] [--repeats R] [--seed S] [--csv FILE]\n"
                    "         [--destruction D] [--temperature T] [--partial 0|1] [--block B]\n"
                    "         [--restart N] [--cooperation independent|cooperative] [--relink K]\n"
                    "         [--referenced 0|1] [--interchange W] [--window K] [--iterations N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    static bench b;
    fsbb_ig_config_default(&b.config);
    b.factor = 1.0;
    const char *list = "ta051-ta120", *csv_path = NULL;
    int parallel = 1, repeats = 1, per_class = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        const char *option = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(option, "--help") == 0) {
            usage();
            return 0;
        }
        if (!value)
            return usage();
        i++;
        if (strcmp(option, "--instances") == 0)
            list = value;
        else if (strcmp(option, "--per-class") == 0)
            per_class = atoi(value);
        else if (strcmp(option, "--parallel") == 0)
            parallel = atoi(value);
        else if (strcmp(option, "--factor") == 0)
            b.factor = atof(value);
        else if (strcmp(option, "--clock") == 0 && (strcmp(value, "cpu") == 0 || strcmp(value, "wall") == 0))
            b.config.clock = strcmp(value, "cpu") == 0 ? FSBB_IG_CLOCK_THREAD_CPU : FSBB_IG_CLOCK_WALL;
        else if (strcmp(option, "--threads") == 0)
            b.config.threads = atoi(value);
        else if (strcmp(option, "--repeats") == 0)
            repeats = atoi(value);
        else if (strcmp(option, "--seed") == 0)
            seed = strtoull(value, NULL, 10);
        else if (strcmp(option, "--csv") == 0)
            csv_path = value;
        else if (strcmp(option, "--destruction") == 0)
            b.config.destruction = atoi(value);
        else if (strcmp(option, "--temperature") == 0)
            b.config.temperature = atof(value);
        else if (strcmp(option, "--partial") == 0)
            b.config.partial_search = atoi(value);
        else if (strcmp(option, "--block") == 0)
            b.config.block_search = atoi(value);
        else if (strcmp(option, "--restart") == 0)
            b.config.restart_after = strtoull(value, NULL, 10);
        else if (strcmp(option, "--relink") == 0)
            b.config.relink_after = strtoull(value, NULL, 10);
        else if (strcmp(option, "--referenced") == 0)
            b.config.referenced_search = atoi(value) != 0;
        else if (strcmp(option, "--interchange") == 0)
            b.config.interchange = atoi(value);
        else if (strcmp(option, "--window") == 0)
            b.config.window = atoi(value);
        else if (strcmp(option, "--iterations") == 0)
            b.iterations = strtoull(value, NULL, 10);
        else if (strcmp(option, "--cooperation") == 0 &&
                 (strcmp(value, "independent") == 0 || strcmp(value, "cooperative") == 0))
            b.config.cooperation = strcmp(value, "cooperative") == 0 ? FSBB_IG_COOPERATIVE : FSBB_IG_INDEPENDENT;
        else
            return usage();
    }
    int indexes[FSBB_TAILLARD_LIST_MAX], count = 0;
    if (fsbb_taillard_list_parse(list, indexes, &count) != 0 || parallel < 1 || repeats < 1 || b.factor <= 0 ||
        b.config.threads < 1) {
        fprintf(stderr, "heuristic-bench: bad instance list or count\n");
        return usage();
    }
    fsbb_instance *instances[FSBB_TAILLARD_LIST_MAX] = {0};
    int kept = 0;
    for (int i = 0; i < count; i++) {
        char name[16];
        snprintf(name, sizeof name, "ta%03d", indexes[i]);
        fsbb_error err;
        fsbb_instance *inst;
        if (fsbb_instance_load(name, &inst, &err) != FSBB_OK) {
            fprintf(stderr, "heuristic-bench: %s\n", err.message);
            return 1;
        }
        int same_class = 0;
        for (int k = 0; k < kept; k++)
            same_class += fsbb_instance_jobs(instances[k]) == fsbb_instance_jobs(inst) &&
                          fsbb_instance_machines(instances[k]) == fsbb_instance_machines(inst);
        if (per_class > 0 && same_class >= per_class) {
            fsbb_instance_free(inst);
            continue;
        }
        instances[kept++] = inst;
    }
    for (int r = 0; r < repeats; r++)
        for (int i = 0; i < kept && b.run_count < MAX_RUNS; i++)
            b.runs[b.run_count++] = (run){.instance = instances[i], .seed = seed + (uint64_t)r};
    if (csv_path) {
        b.csv = fopen(csv_path, "w");
        if (!b.csv) {
            fprintf(stderr, "heuristic-bench: cannot write %s\n", csv_path);
            return 1;
        }
        fprintf(b.csv, "instance,jobs,machines,seed,best_known,makespan,rpd,iterations,time_to_best_s,cpu_s,wall_s\n");
    }
    pthread_mutex_init(&b.output, NULL);
    atomic_init(&b.next, 0);
    pthread_t threads[256];
    if (parallel > 256)
        parallel = 256;
    int started = 0;
    for (; started < parallel; started++)
        if (pthread_create(&threads[started], NULL, worker, &b) != 0)
            break;
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    print_table(&b);
    int failed = started == 0;
    for (int r = 0; r < b.run_count; r++)
        failed |= b.runs[r].failed;
    if (b.csv)
        fclose(b.csv);
    for (int i = 0; i < kept; i++)
        fsbb_instance_free(instances[i]);
    return failed ? 1 : 0;
}
