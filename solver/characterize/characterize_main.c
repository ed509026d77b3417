/* characterize_main.c — the characterize program: CUIRRE's characterization of one or more
 * task traces (divergence/characterize.h; bench-divergence diagnose writes them).
 *   characterize [--csv] TRACE...
 * Prints, per trace: tasks, task length min/max/mean, threads and warps, thread body length
 * min/max/mean (cycles), the irregularity I_irre and the utilization U_util. */
#include "characterize.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int csv = 0, first = 1;
    if (argc > 1 && strcmp(argv[1], "--csv") == 0) {
        csv = 1;
        first = 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: characterize [--csv] TRACE...\n");
        return 2;
    }
    if (csv)
        printf("trace,tasks,task_min,task_max,task_mean,threads,warps,thread_min,thread_max,thread_mean,"
               "irregularity,utilization\n");
    int failed = 0;
    for (int i = first; i < argc; i++) {
        fsbb_trace trace;
        fsbb_trace_stats s;
        fsbb_error err;
        fsbb_trace_init(&trace);
        if (fsbb_trace_load(argv[i], &trace, &err) != FSBB_OK ||
            fsbb_trace_characterize(&trace, &s, &err) != FSBB_OK) {
            fprintf(stderr, "characterize: %s: %s\n", argv[i], err.message);
            failed = 1;
        } else if (csv) {
            printf("%s,%lld,%.0f,%.0f,%.2f,%lld,%lld,%.0f,%.0f,%.2f,%.4f,%.4f\n", argv[i], (long long)s.tasks,
                   s.task_min, s.task_max, s.task_mean, (long long)s.threads, (long long)s.warps, s.thread_min,
                   s.thread_max, s.thread_mean, s.irregularity, s.utilization);
        } else {
            printf("%s\n  tasks %lld, task length %.0f..%.0f cycles (mean %.2f)\n"
                   "  threads %lld in %lld warps, thread body %.0f..%.0f cycles (mean %.2f)\n"
                   "  irregularity I_irre %.4f, utilization U_util %.4f\n",
                   argv[i], (long long)s.tasks, s.task_min, s.task_max, s.task_mean, (long long)s.threads,
                   (long long)s.warps, s.thread_min, s.thread_max, s.thread_mean, s.irregularity, s.utilization);
        }
        fsbb_trace_free(&trace);
    }
    return failed;
}
