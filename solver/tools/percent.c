/* percent.c — fractions as percentages for people (percent.h). */
#include "percent.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static double written(char *buffer, size_t size, int decimals, double value)
{
    snprintf(buffer, size, "%.*f", decimals, value);
    return strtod(buffer, NULL);
}

void fsbb_percent_text(char *buffer, size_t size, double fraction)
{
    const double value = 100.0 * fraction;
    if (!(value > 0 && value < 100)) {
        snprintf(buffer, size, "%.0f", value);
        return;
    }
    /* 3 significant digits: the leading digit's place decides the decimals; a value that
     * rounds up to the next power of ten (9.996 -> 10.00) takes one decimal fewer. */
    int decimals = 2 - (int)floor(log10(value));
    decimals = decimals < 0 ? 0 : decimals > PERCENT_MAX_DECIMALS ? PERCENT_MAX_DECIMALS : decimals;
    double shown = written(buffer, size, decimals, value);
    if (decimals > 0 && shown >= pow(10, 3 - decimals))
        shown = written(buffer, size, --decimals, value);
    while ((shown >= 100 || shown <= 0) && decimals < PERCENT_MAX_DECIMALS)
        shown = written(buffer, size, ++decimals, value);
    if (shown >= 100)
        snprintf(buffer, size, ">%.*f", PERCENT_MAX_DECIMALS, 100 - pow(10, -PERCENT_MAX_DECIMALS));
    else if (shown <= 0)
        snprintf(buffer, size, "<%.*f", PERCENT_MAX_DECIMALS, pow(10, -PERCENT_MAX_DECIMALS));
}
