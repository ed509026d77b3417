/* offload_bench.c — times the offload GPU engine (offload_loop.h) on whole solves and says
 * where the time went, one line per instance, so that settings can be compared inside one
 * run on the GPU machine:
 *     offload-bench INSTANCE[,INSTANCE...] [ub=opt|N] [OPTION=VALUE...]
 * OPTION is any solver option (threads, lb, pool-size, pool-order, refactor, branch,
 * time-limit, node-limit, the divergence options...); threads=0 (the default) runs one loop
 * per core. The upper bound defaults to the best-known makespan (ub=opt).
 * Each line: instance, settings, loops, pool size, seconds, nodes, nodes/s, whether the
 * search finished, pools, mean pool fill, the share of LB2-bounded pool nodes that survived,
 * then the time split: the loops' host seconds (fill: pop, branch, write pools; wait: blocked
 * on the GPU; prune: read bounds, push survivors), as a share of loops x wall time, and the
 * GPU stream seconds (copy in, kernel, copy out) summed over the loops' streams. */
#include "error.h"
#include "instance.h"
#include "offload_loop.h"
#include "options.h"
#include "search.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct bench_args {
    fsbb_options *options;
    int ub;  /* 0: best known */
} bench_args;

static int parse_setting(bench_args *args, const char *text)
{
    const char *eq = strchr(text, '=');
    if (!eq)
        return -1;
    char key[64];
    const size_t key_length = (size_t)(eq - text);
    if (key_length >= sizeof key)
        return -1;
    memcpy(key, text, key_length);
    key[key_length] = '\0';
    const char *value = eq + 1;
    if (strcmp(key, "ub") == 0) {
        args->ub = strcmp(value, "opt") == 0 ? 0 : atoi(value);
        return 0;
    }
    fsbb_error err;
    if (fsbb_options_set(args->options, key, value, &err) != FSBB_OK) {
        fprintf(stderr, "offload-bench: %s\n", err.message);
        return -1;
    }
    return 0;
}

static int resolve_threads(int requested)
{
    const long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return requested > 0 ? requested : cores > 0 ? (int)cores : 1;
}

static void print_row(const char *name, const char *settings, const fsbb_search *search,
                      const fsbb_offload_stats *s)
{
    const unsigned long long nodes = atomic_load(&search->nodes);
    const double wall = s->total_s > 0 ? s->total_s : 1e-9;
    const double host = (double)(s->loops > 0 ? s->loops : 1) * wall;
    printf("%-6s %-34s %3d %7d %8.3f %13llu %11.4g %-8s %8llu %6.0f %6.3f | fill %5.1f%% wait %5.1f%% prune %5.1f%% | "
           "gpu in %7.3f kernel %8.3f out %7.3f s\n",
           name, settings, s->loops, s->pool_capacity, s->total_s, nodes, (double)nodes / wall,
           atomic_load(&search->stop) ? "stopped" : "done", (unsigned long long)s->pools,
           s->pools ? (double)s->pool_nodes / (double)s->pools : 0.0,
           s->pool_nodes ? (double)s->survivors / (double)s->pool_nodes : 0.0, 100 * s->fill_s / host,
           100 * s->wait_s / host, 100 * s->prune_s / host, s->copy_in_s, s->kernel_s, s->copy_out_s);
    fflush(stdout);
}

static int run_one(const char *name, const bench_args *args, const char *settings)
{
    fsbb_instance *inst = NULL;
    fsbb_error err;
    if (fsbb_instance_load(name, &inst, &err) != FSBB_OK) {
        fprintf(stderr, "offload-bench: %s\n", err.message);
        return -1;
    }
    fsbb_bound_data data;
    if (fsbb_bound_data_init(&data, inst->n, inst->m, inst->p) != 0 ||
        (args->options->lb == FSBB_LB2 &&
         fsbb_bound_data_build_pairs(&data, args->options->lb2_pairs, NULL, NULL) != 0)) {
        fprintf(stderr, "offload-bench: %s: out of memory for the bound tables\n", name);
        fsbb_bound_data_free(&data);
        fsbb_instance_free(inst);
        return -1;
    }
    atomic_int interrupt;
    atomic_init(&interrupt, 0);
    const int ub = args->ub > 0 ? args->ub : inst->best_known > 0 ? inst->best_known : INT_MAX;
    fsbb_search search;
    fsbb_offload_stats stats;
    memset(&stats, 0, sizeof stats);
    const fsbb_status status =
        fsbb_search_init(&search, &data, args->options, resolve_threads(args->options->threads), ub, &interrupt) != 0
            ? fsbb_fail(&err, FSBB_ERR_MEMORY, "out of memory for the incumbent")
            : fsbb_search_gpu_offload_stats(&search, &stats, &err);
    if (status != FSBB_OK)
        fprintf(stderr, "offload-bench: %s: %s\n", name, err.message);
    else
        print_row(name, settings, &search, &stats);
    fsbb_search_clear(&search);
    fsbb_bound_data_free(&data);
    fsbb_instance_free(inst);
    return status == FSBB_OK ? 0 : -1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: offload-bench INSTANCE[,INSTANCE...] [ub=opt|N] [OPTION=VALUE...]\n");
        return 2;
    }
    bench_args args = {.options = fsbb_options_new(), .ub = 0};
    char settings[256] = "";
    for (int i = 2; i < argc; i++) {
        if (parse_setting(&args, argv[i]) != 0) {
            fprintf(stderr, "offload-bench: bad setting '%s'\n", argv[i]);
            fsbb_options_free(args.options);
            return 2;
        }
        if (strlen(settings) + strlen(argv[i]) + 2 < sizeof settings) {
            if (settings[0])
                strcat(settings, ",");
            strcat(settings, argv[i]);
        }
    }
    if (!settings[0])
        strcpy(settings, "defaults");
    int failures = 0;
    char *names = strdup(argv[1]);
    for (char *name = names ? strtok(names, ",") : NULL; name; name = strtok(NULL, ","))
        failures += run_one(name, &args, settings) != 0;
    free(names);
    fsbb_options_free(args.options);
    return failures ? 1 : 0;
}
