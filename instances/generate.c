/* generate.c — writes instances/ta001.txt ... ta120.txt, Taillard's instances in his own
 * file format, from the generator and table of solver/core/taillard.c. The upper-bound column is
 * the best-known makespan, the lower-bound column Taillard's simple bound computed from the
 * times (see instances/README.md). It also writes instances/vrf/ta001.txt, ta001 in the
 * format of Vallada, Ruiz and Framinan's benchmark: "n m", then per job m pairs
 * "machine time", machines numbered from 0. With --random it writes one instance of any
 * size from Taillard's generator and a seed of one's choosing (instances/random/), in
 * Taillard's format with 0 as the upper bound (none known).
 *
 *     cc -std=c11 -Isolver -Isolver/core instances/generate.c solver/core/taillard.c -o build/taillard-gen
 *     build/taillard-gen instances
 *     build/taillard-gen --random JOBS MACHINES SEED FILE */
#include "taillard.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Taillard's lower bound: the larger of the best machine bound, max over machines k of
 * (least work before k + total work on k + least work after k), and the longest job. */
static int simple_lower_bound(int n, int m, const int *p)
{
    int bound = 0;
    for (int k = 0; k < m; k++) {
        int load = 0, least_before = 0, least_after = 0;
        for (int j = 0; j < n; j++) {
            int before = 0, after = 0;
            for (int l = 0; l < k; l++)
                before += p[l * n + j];
            for (int l = k + 1; l < m; l++)
                after += p[l * n + j];
            load += p[k * n + j];
            if (j == 0 || before < least_before)
                least_before = before;
            if (j == 0 || after < least_after)
                least_after = after;
        }
        if (least_before + load + least_after > bound)
            bound = least_before + load + least_after;
    }
    for (int j = 0; j < n; j++) {
        int total = 0;
        for (int k = 0; k < m; k++)
            total += p[k * n + j];
        if (total > bound)
            bound = total;
    }
    return bound;
}

/* Closes file, reporting a failed write of path; 0 or -1. */
static int close_file(FILE *file, const char *path)
{
    if (fclose(file) != 0) {
        fprintf(stderr, "taillard-gen: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static int write_vrf(const char *directory, int index)
{
    const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
    if (!p) {
        fprintf(stderr, "taillard-gen: out of memory\n");
        return -1;
    }
    fsbb_taillard_generate(index, p);
    char path[4096];
    snprintf(path, sizeof path, "%s/vrf/%s.txt", directory, e->name);
    FILE *file = fopen(path, "w");
    if (!file) {
        fprintf(stderr, "taillard-gen: %s: %s\n", path, strerror(errno));
        free(p);
        return -1;
    }
    fprintf(file, "%d %d\n", e->jobs, e->machines);
    for (int j = 0; j < e->jobs; j++)
        for (int k = 0; k < e->machines; k++)
            fprintf(file, "%d %d%c", k, p[k * e->jobs + j], k + 1 < e->machines ? ' ' : '\n');
    free(p);
    return close_file(file, path);
}

/* Writes an instance in Taillard's format: jobs x machines times p, the seed and the upper bound. */
static int write_taillard_file(const char *path, int jobs, int machines, long seed, int upper, const int *p)
{
    FILE *file = fopen(path, "w");
    if (!file) {
        fprintf(stderr, "taillard-gen: %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(file, "number of jobs, number of machines, initial seed, upper bound and lower bound :\n");
    fprintf(file, "%12d%12d%12ld%12d%12d\n", jobs, machines, seed, upper, simple_lower_bound(jobs, machines, p));
    fprintf(file, "processing times :\n");
    for (int k = 0; k < machines; k++) {
        for (int j = 0; j < jobs; j++)
            fprintf(file, "%3d", p[k * jobs + j]);
        fputc('\n', file);
    }
    return close_file(file, path);
}

/* A jobs x machines instance from Taillard's generator (times 1..99 drawn machine by machine). */
static int write_random(int jobs, int machines, long seed, const char *path)
{
    int *p = malloc(sizeof *p * (size_t)jobs * (size_t)machines);
    if (!p) {
        fprintf(stderr, "taillard-gen: out of memory\n");
        return -1;
    }
    long state = seed;
    for (int k = 0; k < machines; k++)
        for (int j = 0; j < jobs; j++)
            p[k * jobs + j] = fsbb_taillard_uniform(&state, 1, 99);
    const int status = write_taillard_file(path, jobs, machines, seed, 0, p);
    free(p);
    return status;
}

static int write_instance(const char *directory, int index)
{
    const fsbb_taillard_entry *e = fsbb_taillard_entry_at(index);
    int *p = malloc(sizeof *p * (size_t)e->jobs * (size_t)e->machines);
    if (!p) {
        fprintf(stderr, "taillard-gen: out of memory\n");
        return -1;
    }
    fsbb_taillard_generate(index, p);

    char path[4096];
    snprintf(path, sizeof path, "%s/%s.txt", directory, e->name);
    const int status = write_taillard_file(path, e->jobs, e->machines, e->time_seed, e->best_known, p);
    free(p);
    return status;
}

int main(int argc, char **argv)
{
    if (argc == 6 && strcmp(argv[1], "--random") == 0) {
        const int jobs = atoi(argv[2]), machines = atoi(argv[3]);
        const long seed = atol(argv[4]);
        if (jobs < 1 || jobs > 30000 || machines < 1 || machines > 1000 || seed < 1 || seed >= 2147483647L) {
            fprintf(stderr, "taillard-gen: --random takes 1..30000 jobs, 1..1000 machines, a seed in 1..2^31-2\n");
            return 2;
        }
        return write_random(jobs, machines, seed, argv[5]) != 0;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: taillard-gen DIRECTORY | taillard-gen --random JOBS MACHINES SEED FILE\n");
        return 2;
    }
    for (int index = 1; index <= FSBB_TAILLARD_COUNT; index++)
        if (write_instance(argv[1], index) != 0)
            return 1;
    return write_vrf(argv[1], 1) != 0;
}
