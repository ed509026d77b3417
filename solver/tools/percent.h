/* percent.h — a fraction written as a percentage for people: 3 significant digits with
 * their trailing zeros (5.00, 10.0, 14.6), "0" and "100" only when the fraction is exactly
 * 0 or 1. A fraction between them never reads as either end: it gets the digits that show
 * it is not (99.9999 for 0.999998743, 0.00123 for 0.0000123), at most PERCENT_MAX_DECIMALS
 * after the point, beyond which it reads ">99.999999" or "<0.000001". */
#ifndef FSBB_PERCENT_H
#define FSBB_PERCENT_H

#include <stddef.h>

#define PERCENT_MAX_DECIMALS 6

/* 100 fraction as text into buffer (without the % sign). */
void fsbb_percent_text(char *buffer, size_t size, double fraction);

#endif
