/* instance.h — the instance object behind fsbb_instance: parsing files in Taillard's
 * format and the plain "n m" form, and building Taillard's instances by name. */
#ifndef FSBB_INSTANCE_H
#define FSBB_INSTANCE_H

#include "flowshopbb.h"

#include <limits.h>
#include <stddef.h>

/* The largest processing time an instance may hold. */
#define FSBB_MAX_TIME 1000000
/* The largest sum of all the times of an instance, so that every makespan and bound fits in
 * an int and stays below INT_MAX, which the search uses as "no upper bound": a schedule
 * whose makespan were INT_MAX would never count as found. */
#define FSBB_MAX_TOTAL_TIME (INT_MAX - 1)

struct fsbb_instance {
    char *name;       /* "ta021", or the file's base name without extension */
    int n;            /* jobs */
    int m;            /* machines */
    int *p;           /* m x n, p[k * n + j] */
    long seed;        /* Taillard time seed, 0 if unknown */
    int best_known;   /* best-known makespan, 0 if unknown */
};

/* Parses the text of an instance file; source names it in error messages
 * ("FILE:LINE: what is wrong"). */
fsbb_status fsbb_instance_parse(const char *text, size_t length, const char *source, fsbb_instance **out,
                                fsbb_error *err);

#endif
