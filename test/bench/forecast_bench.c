/* forecast_bench.c — how well the forecast of the end (forecast.h) predicts it: each instance
 * is solved through the library with a progress report every --interval seconds; the reports'
 * (time, share of the tree done) are replayed through every estimator, and after the end a
 * table gives, per instance, the real time and, for each estimator, the end forecast by the
 * last report at 10 % and at 50 % of the real time with its relative error
 * (forecast - real) / real; then per estimator and moment the median absolute error and the
 * forecasts within a factor 2 of the real end. "-" where no report (or no progress) came
 * before that moment. Last, over every report of every run, the average rate's forecast and
 * the one the search reports (fsbb_forecast_reported_eta: only where the measures back it)
 * against the real time left: the reports that give one, those within 2x of the real time
 * left and those 10x or more too early (the confident wrong ones).
 *
 *   forecast-bench [--device cpu|gpu] [--threads N] [--ub WORD|N] [--interval S]
 *                  [--engine-option NAME=VALUE]... INSTANCE[=UB]...
 *
 * INSTANCE: a Taillard name (ta021) or a file; =UB gives that instance's upper bound (a
 * random instance's optimum), else --ub applies (default opt: the best-known makespan). The
 * default interval is 0.005 s; --device gpu solves on the GPU (the resident engine). */
#include "flowshopbb.h"
#include "forecast.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MOMENTS = 2, MOST_RUNS = 4096 };
static const double moment_share[MOMENTS] = {0.10, 0.50};

typedef struct trace {
    double *time, *fraction;
    size_t count, capacity;
} trace;

static void record(const fsbb_progress *progress, void *data)
{
    trace *t = data;
    if (progress->fraction_done < 0)
        return;
    if (t->count == t->capacity) {
        t->capacity = t->capacity ? 2 * t->capacity : 1024;
        t->time = realloc(t->time, t->capacity * sizeof *t->time);
        t->fraction = realloc(t->fraction, t->capacity * sizeof *t->fraction);
        if (!t->time || !t->fraction) {
            fprintf(stderr, "forecast-bench: out of memory\n");
            exit(2);
        }
    }
    t->time[t->count] = progress->elapsed_s;
    t->fraction[t->count] = progress->fraction_done;
    t->count++;
}

/* The end each estimator forecast with the last report at or before `at` (NAN: none). */
static void forecast_at(const trace *t, double at, double *end)
{
    fsbb_forecast forecast;
    fsbb_forecast_start(&forecast, 0, 0);
    for (int k = 0; k < FSBB_FORECAST_KINDS; k++)
        end[k] = NAN;
    for (size_t i = 0; i < t->count && t->time[i] <= at; i++) {
        fsbb_forecast_add(&forecast, t->time[i], t->fraction[i]);
        for (int k = 0; k < FSBB_FORECAST_KINDS; k++) {
            const double left = fsbb_forecast_eta(&forecast, (fsbb_forecast_kind)k);
            end[k] = left >= 0 ? t->time[i] + left : NAN;
        }
    }
}

/* Over every report: those with a forecast of the time left, within 2x of the real time
 * left, 10x or more too early. */
typedef struct report_tally {
    long reports, given, within_2x, too_early_10x;
} report_tally;

static void tally(report_tally *tally, double left, double real_left)
{
    tally->reports++;
    if (left < 0)
        return;
    tally->given++;
    tally->within_2x += left >= real_left / 2 && left <= 2 * real_left;
    tally->too_early_10x += left * 10 <= real_left;
}

/* Replays every report of a run through the average rate and the reported forecast. */
static void tally_run(const trace *t, double real_s, report_tally *average, report_tally *reported)
{
    fsbb_forecast forecast;
    fsbb_forecast_start(&forecast, 0, 0);
    for (size_t i = 0; i < t->count; i++) {
        fsbb_forecast_add(&forecast, t->time[i], t->fraction[i]);
        const double real_left = real_s - t->time[i];
        if (real_left <= 0)
            continue;
        tally(average, fsbb_forecast_eta(&forecast, FSBB_FORECAST_AVERAGE), real_left);
        tally(reported, fsbb_forecast_reported_eta(&forecast), real_left);
    }
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of count values (sorted in place). */
static double median(double *values, int count)
{
    if (count == 0)
        return NAN;
    qsort(values, (size_t)count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static void usage(void)
{
    fprintf(stderr, "usage: forecast-bench [--device cpu|gpu] [--threads N] [--ub WORD|N] [--interval S] "
                    "[--engine-option NAME=VALUE]... INSTANCE[=UB]...\n");
    exit(2);
}

static int set(fsbb_options *options, const char *name, const char *value)
{
    fsbb_error err;
    if (fsbb_options_set(options, name, value, &err) == FSBB_OK)
        return 0;
    fprintf(stderr, "forecast-bench: %s\n", err.message);
    return -1;
}

int main(int argc, char **argv)
{
    fsbb_options *options = fsbb_options_new();
    double interval = 0.005;
    const char *device = "cpu";
    int first = 1;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first += 2) {
        if (first + 1 >= argc)
            usage();
        const char *flag = argv[first], *value = argv[first + 1];
        if (strcmp(flag, "--interval") == 0) {
            interval = atof(value);
        } else if (strcmp(flag, "--engine-option") == 0) {
            char name[64];
            const char *equal = strchr(value, '=');
            if (!equal || (size_t)(equal - value) >= sizeof name)
                usage();
            memcpy(name, value, (size_t)(equal - value));
            name[equal - value] = '\0';
            if (set(options, name, equal + 1) != 0)
                return 2;
        } else if (strcmp(flag, "--device") == 0 || strcmp(flag, "--threads") == 0 || strcmp(flag, "--ub") == 0) {
            if (set(options, flag + 2, value) != 0)
                return 2;
            if (strcmp(flag, "--device") == 0)
                device = value;
        } else {
            usage();
        }
    }
    if (first >= argc)
        usage();
    if (!(interval > 0))
        usage();
    char default_ub[32];
    fsbb_options_get(options, "ub", default_ub, sizeof default_ub);

    static double errors[MOMENTS][FSBB_FORECAST_KINDS][MOST_RUNS];
    int counted[MOMENTS][FSBB_FORECAST_KINDS] = {{0}}, within_2x[MOMENTS][FSBB_FORECAST_KINDS] = {{0}};
    printf("# forecast of the end: device %s, progress every %g s; end = report time + eta; error = (end - real) / real\n",
           device, interval);
    printf("%-18s %-6s %-9s %9s %8s", "instance", "ub", "engine", "real_s", "reports");
    for (int k = 0; k < FSBB_FORECAST_KINDS; k++)
        for (int w = 0; w < MOMENTS; w++)
            printf("  %7s@%-2.0f%% %7s", fsbb_forecast_name((fsbb_forecast_kind)k), 100 * moment_share[w], "error");
    printf("\n");
    report_tally average_tally = {0}, reported_tally = {0};
    int failures = 0;
    for (int a = first; a < argc; a++) {
        char name[512];
        snprintf(name, sizeof name, "%s", argv[a]);
        char *equal = strchr(name, '=');
        if (equal)
            *equal = '\0';
        fsbb_instance *inst = NULL;
        fsbb_error err;
        if (fsbb_instance_load(name, &inst, &err) != FSBB_OK) {
            fprintf(stderr, "forecast-bench: %s\n", err.message);
            failures++;
            continue;
        }
        if (set(options, "ub", equal ? equal + 1 : default_ub) != 0)
            return 2;
        fsbb_solver *solver = NULL;
        trace t = {0};
        fsbb_result result;
        fsbb_status status = fsbb_solver_new(inst, options, &solver, &err);
        if (status == FSBB_OK) {
            fsbb_solver_on_progress(solver, record, &t, interval);
            status = fsbb_solver_solve(solver, &result, &err);
        }
        if (status != FSBB_OK || strcmp(result.stop_reason, "finished") != 0) {
            fprintf(stderr, "forecast-bench: %s: %s\n", name, status != FSBB_OK ? err.message : "not finished");
            failures++;
        } else {
            const char *base = strrchr(name, '/');
            printf("%-18s %-6s %-9s %9.3f %8zu", base ? base + 1 : name, equal ? equal + 1 : default_ub, result.engine,
                   result.time_s, t.count);
            tally_run(&t, result.time_s, &average_tally, &reported_tally);
            double end[MOMENTS][FSBB_FORECAST_KINDS];
            for (int w = 0; w < MOMENTS; w++)
                forecast_at(&t, moment_share[w] * result.time_s, end[w]);
            for (int k = 0; k < FSBB_FORECAST_KINDS; k++)
                for (int w = 0; w < MOMENTS; w++) {
                    if (isnan(end[w][k])) {
                        printf("  %10s %7s", "-", "-");
                        continue;
                    }
                    const double error = (end[w][k] - result.time_s) / result.time_s;
                    printf("  %10.3f %+7.2f", end[w][k], error);
                    if (counted[w][k] < MOST_RUNS)
                        errors[w][k][counted[w][k]++] = fabs(error);
                    within_2x[w][k] += end[w][k] >= result.time_s / 2 && end[w][k] <= 2 * result.time_s;
                }
            printf("\n");
        }
        if (status == FSBB_OK)
            fsbb_result_clear(&result);
        fsbb_solver_free(solver);
        fsbb_instance_free(inst);
        free(t.time);
        free(t.fraction);
    }
    printf("# %-9s %6s %16s %16s\n", "estimator", "moment", "median |error|", "within 2x");
    for (int k = 0; k < FSBB_FORECAST_KINDS; k++)
        for (int w = 0; w < MOMENTS; w++)
            printf("# %-9s %5.0f%% %16.3f %9d of %-4d\n", fsbb_forecast_name((fsbb_forecast_kind)k),
                   100 * moment_share[w], median(errors[w][k], counted[w][k]), within_2x[w][k], counted[w][k]);
    printf("# every report: %-8s %8s %8s %10s %14s\n", "forecast", "reports", "given", "within 2x", "10x too early");
    const report_tally *tallies[] = {&average_tally, &reported_tally};
    const char *const tally_names[] = {"average", "reported"};
    for (int k = 0; k < 2; k++)
        printf("# every report: %-8s %8ld %8ld %10ld %14ld\n", tally_names[k], tallies[k]->reports, tallies[k]->given,
               tallies[k]->within_2x, tallies[k]->too_early_10x);
    fsbb_options_free(options);
    return failures ? 1 : 0;
}
