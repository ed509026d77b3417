/* forecast.h — when will the search end: estimators of the seconds left from the share of
 * the tree done (census.h) over time. The samples cover the whole run in at most
 * FSBB_FORECAST_SAMPLES points: when full, every second one goes and the spacing doubles.
 *   - FSBB_FORECAST_AVERAGE: the average rate since the start,
 *     elapsed * (1 - f) / (f - f_start);
 *   - FSBB_FORECAST_FIRST: the average rate since the first measure (t1, f1), which leaves
 *     out the share a good upper bound prunes at once near the root,
 *     (t - t1) * (1 - f) / (f - f1);
 *   - FSBB_FORECAST_RECENT: the rate over the later half of the run,
 *     (1 - f) * (t - t_half) / (f - f_half).
 * The search reports FSBB_FORECAST_DEFAULT, the better on test/bench/forecast_bench.c
 * (results/progress/), and only where the measures back a rate (fsbb_forecast_reported_eta). */
#ifndef FSBB_FORECAST_H
#define FSBB_FORECAST_H

enum { FSBB_FORECAST_SAMPLES = 64 };

/* A rate backs a forecast only if, kept up, it would finish the tree within this many times
 * the run's elapsed time (fsbb_forecast_reported_eta). */
#define FSBB_FORECAST_EVIDENCE_SPAN 30.0

typedef enum fsbb_forecast_kind {
    FSBB_FORECAST_AVERAGE,
    FSBB_FORECAST_FIRST,
    FSBB_FORECAST_RECENT,
    FSBB_FORECAST_KINDS
} fsbb_forecast_kind;

#define FSBB_FORECAST_DEFAULT FSBB_FORECAST_AVERAGE

typedef struct fsbb_forecast {
    double start_s, start_fraction;   /* where the run started: time and share of the tree done */
    double first_s, first_fraction;   /* the first measure */
    double time[FSBB_FORECAST_SAMPLES], fraction[FSBB_FORECAST_SAMPLES];
    int count;
    double spacing_s;                 /* the least time between two kept samples */
} fsbb_forecast;

/* "average", "first", "recent". */
const char *fsbb_forecast_name(fsbb_forecast_kind kind);

/* A run that starts at start_s with start_fraction of the tree done (0 for a new search, the
 * resumed nodes' share for a resumed one). */
void fsbb_forecast_start(fsbb_forecast *forecast, double start_s, double start_fraction);

/* A measure: at time_s, fraction of the tree done (non-decreasing). */
void fsbb_forecast_add(fsbb_forecast *forecast, double time_s, double fraction);

/* The seconds left after the latest measure, by this estimator; -1 while it cannot tell
 * (no progress measured yet). */
double fsbb_forecast_eta(const fsbb_forecast *forecast, fsbb_forecast_kind kind);

/* The seconds left the search reports: FSBB_FORECAST_DEFAULT's where the measures back it,
 * else -1 (unknown, "eta ?"). Backed: at least two measures (the first one's share is the
 * subtrees pruned at once near the root, no rate), and the share rose over the later half of
 * the run (since the latest measure at or before its midpoint; the earliest kept one when none)
 * fast enough that at that rate the tree would be done within FSBB_FORECAST_EVIDENCE_SPAN
 * times the elapsed time. A plateau (ta051: the share stays at 22.4 % from the first census)
 * thus reads unknown, where the average rate's forecast grew by the time elapsed. */
double fsbb_forecast_reported_eta(const fsbb_forecast *forecast);

#endif
