/* generate.c — writes instances/ta001.txt ... ta120.txt, Taillard's instances in his own
 * file format, from the generator and table of solver/core/taillard.c. The upper-bound column is
 * the best-known makespan, the lower-bound column Taillard's simple bound computed from the
 * times (see instances/README.md). It also writes instances/vrf/ta001.txt, ta001 in the
 * format of Vallada, Ruiz and Framinan's benchmark: "n m", then per job m pairs
 * "machine time", machines numbered from 0.
 *
 *     cc -std=c11 -Isolver -Isolver/core instances/generate.c solver/core/taillard.c -o build/taillard-gen
 *     build/taillard-gen instances */
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
    FILE *file = fopen(path, "w");
    if (!file) {
        fprintf(stderr, "taillard-gen: %s: %s\n", path, strerror(errno));
        free(p);
        return -1;
    }
    fprintf(file, "number of jobs, number of machines, initial seed, upper bound and lower bound :\n");
    fprintf(file, "%12d%12d%12ld%12d%12d\n", e->jobs, e->machines, e->time_seed, e->best_known,
            simple_lower_bound(e->jobs, e->machines, p));
    fprintf(file, "processing times :\n");
    for (int k = 0; k < e->machines; k++) {
        for (int j = 0; j < e->jobs; j++)
            fprintf(file, "%3d", p[k * e->jobs + j]);
        fputc('\n', file);
    }
    free(p);
    return close_file(file, path);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: taillard-gen DIRECTORY\n");
        return 2;
    }
    for (int index = 1; index <= FSBB_TAILLARD_COUNT; index++)
        if (write_instance(argv[1], index) != 0)
            return 1;
    return write_vrf(argv[1], 1) != 0;
}
