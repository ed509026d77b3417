/* forecast.c — estimators of the time left from the share of the tree done (forecast.h). */
#include "forecast.h"

#include <string.h>

const char *fsbb_forecast_name(fsbb_forecast_kind kind)
{
    switch (kind) {
    case FSBB_FORECAST_AVERAGE:
        return "average";
    case FSBB_FORECAST_FIRST:
        return "first";
    case FSBB_FORECAST_RECENT:
        return "recent";
    case FSBB_FORECAST_KINDS:
        break;
    }
    return "?";
}

void fsbb_forecast_start(fsbb_forecast *forecast, double start_s, double start_fraction)
{
    memset(forecast, 0, sizeof *forecast);
    forecast->start_s = start_s;
    forecast->start_fraction = start_fraction;
}

/* Keeps every second sample (the latest always), and doubles the spacing. */
static void thin(fsbb_forecast *forecast)
{
    int kept = 0;
    for (int i = 1; i < forecast->count; i += 2) {
        forecast->time[kept] = forecast->time[i];
        forecast->fraction[kept] = forecast->fraction[i];
        kept++;
    }
    forecast->count = kept;
    const double span = forecast->time[kept - 1] - forecast->start_s;
    forecast->spacing_s = forecast->spacing_s > 0 ? 2 * forecast->spacing_s : span / FSBB_FORECAST_SAMPLES;
}

void fsbb_forecast_add(fsbb_forecast *forecast, double time_s, double fraction)
{
    const int last = forecast->count - 1;
    if (last < 0) {
        forecast->first_s = time_s;
        forecast->first_fraction = fraction;
    }
    if (last >= 1 && time_s - forecast->time[last - 1] < forecast->spacing_s) {
        /* Too close to the sample before the latest: the latest moves here. */
        forecast->time[last] = time_s;
        forecast->fraction[last] = fraction;
        return;
    }
    if (forecast->count == FSBB_FORECAST_SAMPLES)
        thin(forecast);
    forecast->time[forecast->count] = time_s;
    forecast->fraction[forecast->count] = fraction;
    forecast->count++;
}

/* Seconds left at a rate measured from (t0, f0) to (t, f). */
static double left_at_rate(double t0, double f0, double t, double f)
{
    if (f <= f0 || t <= t0)
        return -1;
    if (f >= 1)
        return 0;
    return (t - t0) * (1 - f) / (f - f0);
}

double fsbb_forecast_eta(const fsbb_forecast *forecast, fsbb_forecast_kind kind)
{
    if (forecast->count == 0)
        return -1;
    const int last = forecast->count - 1;
    const double t = forecast->time[last], f = forecast->fraction[last];
    if (kind == FSBB_FORECAST_AVERAGE)
        return left_at_rate(forecast->start_s, forecast->start_fraction, t, f);
    if (kind == FSBB_FORECAST_FIRST) {
        const double since_first = left_at_rate(forecast->first_s, forecast->first_fraction, t, f);
        return since_first >= 0 ? since_first : left_at_rate(forecast->start_s, forecast->start_fraction, t, f);
    }
    /* The latest sample at or before the run's midpoint (the start when none). */
    const double half = forecast->start_s + (t - forecast->start_s) / 2;
    double th = forecast->start_s, fh = forecast->start_fraction;
    for (int i = 0; i < last && forecast->time[i] <= half; i++) {
        th = forecast->time[i];
        fh = forecast->fraction[i];
    }
    const double recent = left_at_rate(th, fh, t, f);
    return recent >= 0 ? recent : left_at_rate(forecast->start_s, forecast->start_fraction, t, f);
}

double fsbb_forecast_reported_eta(const fsbb_forecast *forecast)
{
    if (forecast->count == 0)
        return -1;
    const int last = forecast->count - 1;
    const double t = forecast->time[last], f = forecast->fraction[last];
    if (f >= 1)
        return 0;
    if (last == 0)
        return -1;
    const double elapsed = t - forecast->start_s, half = forecast->start_s + elapsed / 2;
    int reference = 0;
    for (int i = 1; i < last && forecast->time[i] <= half; i++)
        reference = i;
    const double recent = left_at_rate(forecast->time[reference], forecast->fraction[reference], t, f);
    if (recent < 0 || recent > FSBB_FORECAST_EVIDENCE_SPAN * elapsed)
        return -1;
    return fsbb_forecast_eta(forecast, FSBB_FORECAST_DEFAULT);
}
